//! Goals other than mate that a position reaches: a flag piece in its
//! flag region (king of the hill, racing kings, breakthrough) and a line,
//! block or chain of connected pieces (tic-tac-toe, connect four, gale),
//! as Fairy-Stockfish's `flag*` and `connect*` keys describe them.
//!
//! Both are judged at every node where the variant has them, so the
//! regions are kept as square lists and maps of the padded board, built
//! once at variant load.

use super::{EDGE, Position};
use crate::types::{Color, Geometry, Role, Sq};
use crate::variant::{GameValue, Variant};
use arrayvec::ArrayVec;

/// The goal tables of one variant.
#[derive(Debug, Default)]
pub struct GoalRules {
    /// Per colour: the squares of its flag region (empty: no flag goal).
    pub flag_squares: [Box<[Sq]>; 2],
    /// The connection goals, where the variant has them.
    pub connect: Option<ConnectRules>,
}

/// Connection goals on the padded board.
#[derive(Debug)]
pub struct ConnectRules {
    /// Per role: its pieces count for a connection.
    counts: Box<[bool]>,
    /// The line directions as square deltas: one of each opposite pair
    /// (east, north, north-east, south-east), as allowed.
    lines: ArrayVec<i32, 4>,
    /// Per colour and padded square: where a chain starts and ends.
    chain_from: [Box<[bool]>; 2],
    chain_to: [Box<[bool]>; 2],
    has_chains: [bool; 2],
    /// One step east and one step south, for the `n`x`n` block.
    east: i32,
    south: i32,
}

impl GoalRules {
    pub fn new(variant: &Variant, g: &Geometry) -> GoalRules {
        let on_board = |region: &crate::types::Region| -> Vec<Sq> {
            region
                .iter()
                .filter(|s| s.file < g.width && s.rank < g.height)
                .map(|s| g.from_square(s))
                .collect()
        };
        let flag_squares = match &variant.end.flag {
            Some(flag) => [0, 1].map(|c| on_board(&flag.region[c]).into_boxed_slice()),
            None => Default::default(),
        };
        let connect = variant.end.connect.as_ref().map(|c| {
            let map = |region: &crate::types::Region| {
                let mut m = vec![false; g.size];
                for sq in on_board(region) {
                    m[usize::from(sq)] = true;
                }
                m.into_boxed_slice()
            };
            let mut lines = ArrayVec::new();
            if c.horizontal {
                lines.push(g.delta(1, 0));
            }
            if c.vertical {
                lines.push(g.delta(0, 1));
            }
            if c.diagonal {
                lines.push(g.delta(1, 1));
                lines.push(g.delta(1, -1));
            }
            let mut counts = vec![false; variant.pieces.len()];
            for r in &c.piece_types {
                counts[usize::from(r.0)] = true;
            }
            ConnectRules {
                counts: counts.into_boxed_slice(),
                lines,
                chain_from: [0, 1].map(|i| map(&c.region_from[i])),
                chain_to: [0, 1].map(|i| map(&c.region_to[i])),
                has_chains: [0, 1]
                    .map(|i| !c.region_from[i].is_empty() && !c.region_to[i].is_empty()),
                east: g.delta(1, 0),
                south: g.delta(0, -1),
            }
        });
        GoalRules {
            flag_squares,
            connect,
        }
    }
}

impl Position {
    /// The flag piece type of `color` is royal (Fairy-Stockfish's
    /// `flagPiece = k`, which its flag rules treat specially).
    fn royal_flag(&self, color: Color) -> bool {
        self.rules.variant.end.flag.as_ref().is_some_and(|f| {
            f.piece[color.index()].is_some_and(|r| self.rules.royal[usize::from(r.0)])
        })
    }

    fn is_flag_piece(&self, color: Color, role: Role) -> bool {
        self.rules
            .variant
            .end
            .flag
            .as_ref()
            .is_some_and(|f| f.piece[color.index()].is_none_or(|r| r == role))
    }

    /// `color` has its flag pieces in its flag region: enough of them, or
    /// (`blocked_win`) one with the rest of the region occupied; with
    /// `safe`, those that have to be there not attacked (judged for the
    /// side that just moved; the side to move, with an extra move still
    /// to come, only needs to stand there).
    pub fn flag_reached(&self, color: Color) -> bool {
        let Some(flag) = self.rules.variant.end.flag.as_ref() else {
            return false;
        };
        let squares = &self.rules.goals.flag_squares[color.index()];
        let mut there = 0;
        let mut vacant = false;
        for &sq in squares.iter() {
            match self.piece_on(sq) {
                Some((c, slot)) if c == color && self.is_flag_piece(color, slot.role) => there += 1,
                None => vacant = true,
                _ => {}
            }
        }
        let reached = there > 0 && (there >= flag.piece_count || (flag.blocked_win && !vacant));
        if reached
            && flag.safe
            && (!flag.extra_move || color != self.side)
            && there == flag.piece_count
        {
            let them = color.opponent();
            return squares.iter().all(|&sq| {
                !matches!(self.piece_on(sq), Some((c, slot))
                    if c == color && self.is_flag_piece(color, slot.role))
                    || !self.attacked_by(sq, them)
            });
        }
        reached
    }

    /// The flag rule's verdict for the side to move, as Fairy-Stockfish
    /// judges it: without an extra move, the side that just reached its
    /// region has won. With `extra_move` the side to move, having reached
    /// its region a move ago, wins now, or draws where the opponent got
    /// there too (racing kings: White, who moves first, reached first);
    /// a royal flag piece that cannot get there in its one move loses at
    /// once. With `safe` (and no extra move) both sides there is a draw.
    pub(super) fn flag_outcome(&self) -> Option<GameValue> {
        let flag = self.rules.variant.end.flag.as_ref()?;
        let us = self.side;
        let them = us.opponent();
        if (flag.extra_move || flag.safe) && self.flag_reached(us) {
            let shared = (flag.extra_move && us == Color::White && self.royal_flag(them))
                || (flag.safe && !flag.extra_move);
            return Some(if shared && self.flag_reached(them) {
                GameValue::Draw
            } else {
                GameValue::Win
            });
        }
        if (!flag.extra_move || flag.safe || self.royal_flag(us)) && self.flag_reached(them) {
            // Black's king one step from its region may still draw by
            // getting there (racing kings): then the game goes on.
            let may_follow = flag.extra_move
                && self.royal_flag(us)
                && us == Color::Black
                && !self.in_check(us)
                && self.royal_can_reach_flag();
            return (!may_follow).then_some(GameValue::Loss);
        }
        None
    }

    /// The side to move has a legal move of its royal flag piece into its
    /// flag region. Rare (racing kings, a king next to the last rank after
    /// the opponent's king reached it), so it tests the candidates on a
    /// copy of the position with the move generator's own legality test.
    #[cold]
    fn royal_can_reach_flag(&self) -> bool {
        let us = self.side;
        let squares = &self.rules.goals.flag_squares[us.index()];
        let steps_in = self.pieces(us).any(|(slot, s)| {
            self.rules.royal[usize::from(s.role.0)]
                && self.is_flag_piece(us, s.role)
                && self.records(slot).iter().any(|e| {
                    e.kind & (super::entry::QUIET | super::entry::CAPTURE) != 0
                        && squares.contains(&e.sq)
                })
        });
        if !steps_in {
            return false;
        }
        let mut copy = self.clone();
        let mut moves = crate::types::MoveList::new();
        crate::movegen::pseudo_legal::<true, true>(&copy, &mut moves);
        moves.iter().any(|&m| {
            !m.is_drop()
                && squares.contains(&m.to())
                && copy
                    .piece_on(m.from())
                    .is_some_and(|(_, s)| self.rules.royal[usize::from(s.role.0)])
                && crate::movegen::is_legal(&mut copy, m)
        })
    }

    /// The connection goals' verdict for the side to move: the side that
    /// just moved has connected (it gets the variant's connect value).
    pub(super) fn connect_outcome(&self) -> Option<GameValue> {
        let rules = self.rules.goals.connect.as_ref()?;
        let connect = self.rules.variant.end.connect.as_ref()?;
        let them = self.side.opponent();
        let ours = |sq: Sq| -> bool {
            matches!(self.piece_on(sq), Some((c, s)) if c == them && rules.counts[usize::from(s.role.0)])
        };
        let on_board = |sq: i32| -> Option<Sq> {
            let sq = Sq::try_from(sq).ok()?;
            (self.board.get(usize::from(sq)).is_some_and(|&b| b != EDGE)).then_some(sq)
        };
        let men: ArrayVec<Sq, 64> = self
            .pieces(them)
            .filter(|(_, s)| rules.counts[usize::from(s.role.0)])
            .map(|(_, s)| s.sq)
            .collect();
        let connected = (connect.line > 0
            && men.iter().any(|&sq| {
                rules.lines.iter().any(|&d| {
                    (1..connect.line)
                        .all(|k| on_board(i32::from(sq) + d * k as i32).is_some_and(&ours))
                })
            }))
            || (rules.has_chains[them.index()] && self.chained(rules, them, &ours, &on_board))
            || (connect.square > 0
                && men.iter().any(|&sq| {
                    (0..connect.square).all(|i| {
                        (0..connect.square).all(|j| {
                            let s = i32::from(sq) + rules.east * i as i32 + rules.south * j as i32;
                            on_board(s).is_some_and(&ours)
                        })
                    })
                }))
            || (connect.collinear > 0
                && men.iter().any(|&sq| {
                    rules.lines.iter().any(|&d| {
                        let beyond = |d: i32| {
                            let mut n = 0;
                            let mut s = i32::from(sq) + d;
                            while let Some(x) = on_board(s) {
                                n += u32::from(ours(x));
                                s += d;
                            }
                            n
                        };
                        1 + beyond(d) + beyond(-d) >= connect.collinear
                    })
                }));
        connected.then_some(connect.value.reversed())
    }

    /// A chain of `color`'s counted men from its first region to its
    /// second, each man one step from the last along an allowed line, in
    /// that line's direction only (east, north, north-east, south-east):
    /// Fairy-Stockfish grows the chain by shifting it those ways, never
    /// back west or south. A man of the second region counts when a step
    /// reaches it (one that is in both regions only then).
    fn chained(
        &self,
        rules: &ConnectRules,
        color: Color,
        ours: &impl Fn(Sq) -> bool,
        on_board: &impl Fn(i32) -> Option<Sq>,
    ) -> bool {
        let c = color.index();
        let mut seen: ArrayVec<Sq, 64> = ArrayVec::new();
        let mut todo: ArrayVec<Sq, 64> = ArrayVec::new();
        for (_, s) in self.pieces(color) {
            if ours(s.sq) && rules.chain_from[c][usize::from(s.sq)] {
                seen.push(s.sq);
                todo.push(s.sq);
            }
        }
        while let Some(sq) = todo.pop() {
            for &d in &rules.lines {
                if let Some(next) = on_board(i32::from(sq) + d)
                    && ours(next)
                {
                    if rules.chain_to[c][usize::from(next)] {
                        return true;
                    }
                    if !seen.contains(&next) {
                        seen.push(next);
                        todo.push(next);
                    }
                }
            }
        }
        false
    }
}
