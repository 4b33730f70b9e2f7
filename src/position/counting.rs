//! Counting rules (makruk, ASEAN, Cambodian): once the material is low, the
//! stronger side has a limited number of moves to mate, or the game is
//! drawn.
//!
//! The state and its updates are Fairy-Stockfish's (`Position::do_move`
//! and `count_limit` in its `position.cpp`), so that game ends and FENs
//! agree with it: a count's limit is set from the material, in plies, for
//! the side that counts (the weaker one); "board's honour" counting starts
//! at 0 and "pieces' honour" counting (the counting side has a bare king)
//! at twice the number of men on the board. Each later move adds a ply;
//! the game is drawn once the plies counted exceed the limit, unless the
//! side to move is checkmated. A FEN written during a count holds the
//! limit and the plies counted (see [`super::fen`]). Pieces are recognised
//! by the Fairy-Stockfish names that defined them (`rook`, `knight`,
//! `silver` = khon); pawns are the men that promote.

use super::Position;
use super::Slot;
use crate::types::Color;
use crate::variant::CountingRule;

/// The counting state in plies: the limit and the plies counted, both 0
/// when no count runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counting {
    pub limit: u16,
    pub ply: u16,
}

impl Position {
    /// Men of `color` defined by the Fairy-Stockfish piece name `key`.
    fn count_named(&self, color: Color, key: &str) -> u32 {
        let v = &self.rules.variant;
        self.pieces(color)
            .filter(|(_, s)| v.piece(s.role).key == key)
            .count() as u32
    }

    fn men(&self, color: Color) -> u32 {
        self.alive[color.index()].count_ones()
    }

    fn is_pawn(&self, color: Color, s: &Slot) -> bool {
        self.rules.promotes[color.index()][usize::from(s.role.0)]
    }

    fn pawns_on_board(&self) -> bool {
        Color::BOTH
            .into_iter()
            .any(|c| self.pieces(c).any(|(_, s)| self.is_pawn(c, s)))
    }

    /// The limit in full moves of a count that `counter` would keep now, 0
    /// where it may not count (Fairy-Stockfish's `count_limit`).
    fn count_limit(&self, rule: CountingRule, counter: Color) -> u16 {
        let other = counter.opponent();
        let (ours, theirs) = (self.men(counter), self.men(other));
        let n = |key| self.count_named(other, key);
        match rule {
            CountingRule::Makruk => {
                if theirs == 1 || self.pawns_on_board() {
                    0
                } else if ours > 1 {
                    64
                } else if n("rook") > 1 {
                    8
                } else if n("rook") == 1 {
                    16
                } else if n("silver") > 1 {
                    22
                } else if n("knight") > 1 {
                    32
                } else if n("silver") == 1 {
                    44
                } else {
                    64
                }
            }
            CountingRule::Cambodian => {
                // Board's honour needs no pawn-free board here, and a side
                // with more than three men does not count.
                if ours > 3 || theirs == 1 {
                    0
                } else if ours > 1 {
                    63
                } else if self.pawns_on_board() {
                    0
                } else if n("rook") > 1 {
                    7
                } else if n("rook") == 1 {
                    15
                } else if n("silver") > 1 {
                    21
                } else if n("knight") > 1 {
                    31
                } else if n("silver") == 1 {
                    43
                } else {
                    63
                }
            }
            CountingRule::Asean => {
                if ours > 1 || self.pawns_on_board() {
                    0
                } else if n("rook") > 0 {
                    16
                } else if n("silver") > 0 {
                    44
                } else if n("knight") > 0 {
                    64
                } else {
                    0
                }
            }
        }
    }

    /// After a move (the side to move already switched): advance the
    /// count, or start one. `captured`: the men the move took;
    /// `promotion`: the move promoted.
    pub(crate) fn update_counting(&mut self, captured: &[(u8, Slot)], promotion: bool) {
        let Some(rule) = self.rules.variant.end.counting_rule else {
            return;
        };
        if self.counting.limit > 0 {
            // Saturating: a FEN may start a count at any number.
            self.counting.ply = self.counting.ply.saturating_add(1);
        }
        let us = self.side;
        let mover = us.opponent();
        let all = self.men(Color::White) + self.men(Color::Black);
        // A bare king that takes the last pawn counts at once, from the
        // men left (the ply just made included).
        if rule != CountingRule::Asean
            && self.men(mover) == 1
            && captured
                .iter()
                .any(|(slot, s)| self.is_pawn(Self::slot_color(usize::from(*slot)), s))
            && !self.pawns_on_board()
        {
            let limit = self.count_limit(rule, mover);
            if limit > 0 {
                self.counting = Counting {
                    limit: 2 * limit,
                    ply: (2 * all - 1) as u16,
                };
            }
        }
        // A count starts when none runs, and starts again for a bare side
        // to move whenever the move changed the material against it (a
        // capture, which may have bared it, or a promotion).
        let taken = !captured.is_empty() || promotion;
        if self.counting.limit == 0 || taken && self.men(us) == 1 {
            let limit = self.count_limit(rule, us);
            if limit > 0 {
                let board_honour = rule == CountingRule::Asean || self.men(us) > 1;
                self.counting = Counting {
                    limit: 2 * limit,
                    ply: if board_honour { 0 } else { (2 * all) as u16 },
                };
            }
        }
    }

    /// The count has run out and the rules applied end the game by it:
    /// the game is drawn unless the side to move is checkmated (the
    /// caller checks that).
    pub fn counting_expired(&self) -> bool {
        self.counting.limit > 0
            && self.counting.ply > self.counting.limit
            && self.rules.variant.end.counting_ends_game
    }

    /// The count's limit and the plies counted, in plies; `None` when no
    /// count runs.
    pub fn counting(&self) -> Option<(u16, u16)> {
        (self.counting.limit > 0).then_some((self.counting.limit, self.counting.ply))
    }
}
