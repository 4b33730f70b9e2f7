//! Counting rules (makruk, ASEAN): once the material is low, the stronger
//! side has a limited number of moves to mate, or the game is drawn.
//!
//! The state follows Fairy-Stockfish's implementation of the published
//! rules, so that game ends agree with it: after every move, when the side
//! to move has just been reduced to a bare king (or no pawns are left and no
//! count runs), a limit is set from the material, in plies; "pieces' honour"
//! counting starts at the number of men on the board. Each later move adds
//! a ply; reaching the limit draws unless the side to move is checkmated.
//! Pieces are recognised by the Fairy-Stockfish names that defined them
//! (`rook`, `knight`, `silver` = khon, `fers` = met).

use super::Position;
use crate::types::Color;
use crate::variant::CountingRule;

/// The counting state: limit and plies counted, both 0 when no count runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counting {
    pub limit: u16,
    pub ply: u16,
}

impl Position {
    /// Men of `color` defined by the Fairy-Stockfish piece name `key`.
    fn count_named(&self, color: Color, key: &str) -> usize {
        let v = &self.rules.variant;
        self.pieces(color)
            .filter(|(_, s)| v.piece(s.role).key == key)
            .count()
    }

    fn pawns_on_board(&self) -> bool {
        Color::BOTH.into_iter().any(|c| {
            self.pieces(c)
                .any(|(_, s)| self.rules.promotes[c.index()][usize::from(s.role.0)])
        })
    }

    /// The limit in full moves for the side to move, 0 for no count.
    fn counting_limit(&self, rule: CountingRule) -> u16 {
        let us = self.side;
        let them = us.opponent();
        let ours = self.alive[us.index()].count_ones();
        if self.pawns_on_board() && ours > 1 {
            return 0;
        }
        let n = |key| self.count_named(them, key);
        match rule {
            CountingRule::Makruk | CountingRule::Cambodian => {
                if ours > 1 {
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
            CountingRule::Asean => {
                if ours > 1 {
                    0
                } else if n("rook") > 0 {
                    16
                } else if n("silver") > 0 && n("fers") > 0 {
                    44
                } else if n("knight") > 0 && n("fers") > 0 {
                    64
                } else {
                    0
                }
            }
        }
    }

    /// After a move (the side to move already switched): advance the
    /// count, or start one. `captured`: the move took something.
    pub(crate) fn update_counting(&mut self, captured: bool) {
        let Some(rule) = self.rules.variant.end.counting_rule else {
            return;
        };
        if self.counting.limit > 0 {
            self.counting.ply += 1;
        }
        let bare = self.alive[self.side.index()].count_ones() == 1;
        let idle = self.counting.limit == 0;
        if ((idle || captured) && bare) || (idle && !self.pawns_on_board()) {
            let limit = 2 * self.counting_limit(rule);
            let men = self.alive[0].count_ones() + self.alive[1].count_ones();
            self.counting = Counting {
                limit,
                ply: if limit > 0 && bare { 2 * men as u16 } else { 0 },
            };
        }
    }

    /// The count has run out: the game is drawn unless the side to move is
    /// checkmated (the caller checks that).
    pub fn counting_expired(&self) -> bool {
        self.counting.limit > 0 && self.counting.ply >= self.counting.limit
    }
}
