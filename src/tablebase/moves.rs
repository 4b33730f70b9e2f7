//! The moves of one piece type as a tablebase needs them: every path of
//! the trajectory table unrolled into a (from, to, condition) record, so
//! that moves can be generated forwards and un-generated backwards from the
//! same data.
//!
//! A tablebase position has a handful of men, so a move's condition is
//! three square sets (must be empty, must hold a friend, must hold a foe)
//! tested against the occupancy in three AND operations, whatever the
//! piece: a rider's path, a cannon's screen and a bent rider's corner are
//! all just squares of one class. Un-moves read the same records indexed by
//! destination: a quiet move from `s` to `t` was possible in the
//! predecessor exactly when its condition holds there.

use super::TbError;
use crate::position::Rules;
use crate::trajectory::{EMPTY, FOE, FRIEND, TrajectoryTable, cell_flags, visit};
use crate::variant::{Color, Role};

/// A set of board squares (dense numbering, at most 128 squares).
pub type Mask = u128;

/// One way a piece can move from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub from: u8,
    pub to: u8,
    /// Squares that must be empty (the destination of a quiet move too).
    pub empty: Mask,
    /// Squares that must hold a piece of the mover's side.
    pub friend: Mask,
    /// Squares that must hold an enemy piece (the captured one too).
    pub foe: Mask,
}

impl Step {
    #[inline]
    pub fn allowed(&self, friends: Mask, foes: Mask) -> bool {
        (friends | foes) & self.empty == 0
            && friends & self.friend == self.friend
            && foes & self.foe == self.foe
    }
}

/// The moves of one (colour, piece type), by square.
#[derive(Clone, Debug, Default)]
pub struct PieceSteps {
    /// Quiet moves by origin square.
    pub quiet_from: Vec<Vec<Step>>,
    /// Quiet moves by destination square (for un-moves).
    pub quiet_to: Vec<Vec<Step>>,
    /// Captures by origin square (`to` is the captured man's square).
    pub capture_from: Vec<Vec<Step>>,
    /// Captures that attack (may take a royal piece), by destination.
    pub attack_to: Vec<Vec<Step>>,
    /// A pawn's initial moves (the double step) are among the records:
    /// they give the opponent a capture in passing, which tables do not
    /// hold, so such a pawn may not face a piece that captures so.
    pub initial: bool,
}

impl PieceSteps {
    /// Unroll the trees of `role` for `color`. Moves the tablebase cannot
    /// express (captures in passing, captures of a friend) are an error
    /// rather than silently left out, since a table built without them
    /// would be wrong. A pawn's initial moves (the double step) belong to
    /// its squares in the double-step region, where play gives them too;
    /// other pieces' initial moves (castling partners, virgin pieces) are
    /// left out: a table's men have all moved.
    pub fn build(rules: &Rules, color: Color, role: Role) -> Result<PieceSteps, TbError> {
        let table = &rules.table;
        let g = &table.geometry;
        let pawn = rules.promotes[color.index()][usize::from(role.0)];
        let area = g.area();
        let mut out = PieceSteps {
            quiet_from: vec![Vec::new(); area],
            quiet_to: vec![Vec::new(); area],
            capture_from: vec![Vec::new(); area],
            attack_to: vec![Vec::new(); area],
            initial: false,
        };
        let trees = table.role_trees(color, role);
        for sq in g.squares() {
            let from = g.dense(sq).unwrap_or(0);
            let initial = if pawn && rules.double_step_region[color.index()][usize::from(sq)] {
                trees.initial_root(sq)
            } else {
                0
            };
            for (root, first_move) in [(trees.root(sq), false), (initial, true)] {
                if root == 0 {
                    continue;
                }
                let before = out.quiet_from[from].len() + out.capture_from[from].len();
                let mut walk = Walk {
                    table,
                    origin: i32::from(sq),
                    from: from as u8,
                    out: &mut out,
                    error: None,
                };
                walk.group(root, 0, 0, 0);
                if let Some(e) = walk.error {
                    return Err(e);
                }
                out.initial |= first_move
                    && out.quiet_from[from].len() + out.capture_from[from].len() > before;
            }
        }
        for list in [&mut out.quiet_from, &mut out.capture_from] {
            for moves in list.iter_mut() {
                moves.sort_by_key(|m| (m.to, m.empty, m.friend, m.foe));
                moves.dedup();
            }
        }
        for moves in &out.quiet_from {
            for m in moves {
                out.quiet_to[usize::from(m.to)].push(*m);
            }
        }
        Ok(out)
    }
}

struct Walk<'a> {
    table: &'a TrajectoryTable,
    origin: i32,
    from: u8,
    out: &'a mut PieceSteps,
    error: Option<TbError>,
}

impl Walk<'_> {
    fn group(&mut self, first: u32, empty: Mask, friend: Mask, foe: Mask) {
        let cells = &self.table.cells;
        let g = &self.table.geometry;
        let mut i = first as usize;
        loop {
            let cell = cells[i];
            let t = self.origin + i32::from(cell.delta);
            if let Some(d) = u16::try_from(t).ok().and_then(|t| g.dense(t)) {
                let bit: Mask = 1 << d;
                let to = d as u8;
                let origin = cell.flags & cell_flags::ORIGIN != 0;
                if origin {
                    // The piece's own square: it counts as empty and the
                    // piece has left it, so no condition.
                    if cell.visit[EMPTY] & visit::QUIET != 0 && to != self.from {
                        self.push_quiet(to, empty, friend, foe);
                    }
                    if cell.next[EMPTY] != 0 {
                        self.group(cell.next[EMPTY], empty, friend, foe);
                    }
                } else {
                    if cell.visit[EMPTY] & visit::QUIET != 0 {
                        self.push_quiet(to, empty | bit, friend, foe);
                    }
                    let foe_kind = cell.visit[FOE];
                    if foe_kind & visit::CAPTURE != 0 {
                        let step = Step {
                            from: self.from,
                            to,
                            empty,
                            friend,
                            foe: foe | bit,
                        };
                        self.out.capture_from[usize::from(self.from)].push(step);
                        if foe_kind & visit::TAME == 0 {
                            self.out.attack_to[usize::from(to)].push(step);
                        }
                    }
                    if cell.visit[FRIEND] & visit::CAPTURE_FRIEND != 0 {
                        self.unsupported("captures a friendly piece");
                    }
                    if cell.flags & (cell_flags::LOCUST_FOE | cell_flags::LOCUST_FRIEND) != 0 {
                        self.unsupported("captures in passing (a locust or Lion move)");
                    }
                    if cell.next[EMPTY] != 0 {
                        self.group(cell.next[EMPTY], empty | bit, friend, foe);
                    }
                    if cell.next[FRIEND] != 0 {
                        self.group(cell.next[FRIEND], empty, friend | bit, foe);
                    }
                    if cell.next[FOE] != 0 {
                        self.group(cell.next[FOE], empty, friend, foe | bit);
                    }
                }
            }
            if cell.flags & cell_flags::LAST != 0 || self.error.is_some() {
                break;
            }
            i += 1;
        }
    }

    fn push_quiet(&mut self, to: u8, empty: Mask, friend: Mask, foe: Mask) {
        self.out.quiet_from[usize::from(self.from)].push(Step {
            from: self.from,
            to,
            empty,
            friend,
            foe,
        });
    }

    fn unsupported(&mut self, what: &str) {
        if self.error.is_none() {
            self.error = Some(TbError(format!(
                "a piece in this material {what}; tablebases do not support such moves yet"
            )));
        }
    }
}
