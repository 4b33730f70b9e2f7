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
use crate::types::{Color, Role};

/// A set of board squares (dense numbering, at most
/// [`MAX_SQUARES`](super::MAX_SQUARES) squares).
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
    /// By origin square: the quiet moves that are a pawn's initial
    /// multi-step, each with the squares it passes (where the opponent may
    /// take it in passing on the next move; empty when the step is not
    /// straight, as play gives no e.p. right then either).
    pub double_from: Vec<Vec<(u8, Mask)>>,
    /// By origin square: captures in passing, to an empty square that must
    /// be one a double step just passed (the victim is that pawn).
    pub ep_from: Vec<Vec<Step>>,
}

impl PieceSteps {
    /// Unroll the trees of `role` for `color`. Moves the tablebase cannot
    /// express (locust captures, captures of a friend) are an error
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
        if area > super::MAX_SQUARES {
            return Err(TbError(format!(
                "boards of {area} squares are not supported by tablebases (at most {})",
                super::MAX_SQUARES
            )));
        }
        let mut out = PieceSteps {
            quiet_from: vec![Vec::new(); area],
            quiet_to: vec![Vec::new(); area],
            capture_from: vec![Vec::new(); area],
            attack_to: vec![Vec::new(); area],
            double_from: vec![Vec::new(); area],
            ep_from: vec![Vec::new(); area],
        };
        let gives_ep = rules.gives_ep[usize::from(role.0)];
        let trees = table.role_trees(color, role);
        for sq in g.squares() {
            let from = g.dense(sq).unwrap_or(0);
            let initial = if pawn && rules.double_step_region[color.index()][usize::from(sq)] {
                trees.initial_root(sq)
            } else {
                0
            };
            for root in [trees.root(sq), initial] {
                if root == 0 {
                    continue;
                }
                let mut walk = Walk {
                    table,
                    origin: i32::from(sq),
                    from: from as u8,
                    gives_ep,
                    out: &mut out,
                    error: None,
                };
                walk.group(root, 0, 0, 0);
                if let Some(e) = walk.error {
                    return Err(e);
                }
            }
        }
        for list in [&mut out.quiet_from, &mut out.capture_from, &mut out.ep_from] {
            for moves in list.iter_mut() {
                moves.sort_by_key(|m| (m.to, m.empty, m.friend, m.foe));
                moves.dedup();
            }
        }
        let width = usize::from(rules.variant.width);
        for (from, list) in out.double_from.iter_mut().enumerate() {
            for (to, passed) in list.iter_mut() {
                *passed = passed_squares(width, from, usize::from(*to));
            }
            list.retain(|&(_, passed)| passed != 0);
            list.sort_unstable();
            list.dedup();
        }
        for moves in &out.quiet_from {
            for m in moves {
                out.quiet_to[usize::from(m.to)].push(*m);
            }
        }
        Ok(out)
    }

    /// The squares a double step from `from` to `to` passes (none when the
    /// move is not a double step).
    #[inline]
    pub fn passed(&self, from: u8, to: u8) -> Mask {
        self.double_from[usize::from(from)]
            .iter()
            .find(|d| d.0 == to)
            .map_or(0, |d| d.1)
    }

    /// Whether the piece has a double step anywhere.
    pub fn has_double(&self) -> bool {
        self.double_from.iter().any(|l| !l.is_empty())
    }

    /// Whether the piece captures in passing anywhere.
    pub fn has_ep(&self) -> bool {
        self.ep_from.iter().any(|l| !l.is_empty())
    }
}

/// The squares strictly between `from` and `to` (dense numbering on a
/// board `width` wide) when they lie on one straight or diagonal line,
/// as the position's e.p. right is made.
fn passed_squares(width: usize, from: usize, to: usize) -> Mask {
    let (ff, fr) = ((from % width) as i32, (from / width) as i32);
    let (tf, tr) = ((to % width) as i32, (to / width) as i32);
    let (dx, dy) = (tf - ff, tr - fr);
    let n = dx.abs().max(dy.abs());
    if n <= 1 || !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
        return 0;
    }
    (1..n).fold(0, |m, k| {
        let (x, y) = (ff + dx / n * k, fr + dy / n * k);
        m | 1 << (y as usize * width + x as usize)
    })
}

struct Walk<'a> {
    table: &'a TrajectoryTable,
    origin: i32,
    from: u8,
    /// The piece's initial multi-steps give e.p. rights.
    gives_ep: bool,
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
                        if self.gives_ep && cell.visit[EMPTY] & visit::DOUBLE != 0 {
                            self.out.double_from[usize::from(self.from)].push((to, 0));
                        }
                    }
                    if cell.visit[EMPTY] & visit::EP != 0 {
                        self.out.ep_from[usize::from(self.from)].push(Step {
                            from: self.from,
                            to,
                            empty: empty | bit,
                            friend,
                            foe,
                        });
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

/// Per man of a material (its move records and colours, in order):
/// whether its double steps can be answered by a capture in passing,
/// that is, it has a double step and a man of the other side captures in
/// passing. Only such men make a table depend on e.p. rules.
pub fn ep_exposed(steps: &[&PieceSteps], colors: &[Color]) -> Vec<bool> {
    steps
        .iter()
        .zip(colors)
        .map(|(s, &c)| {
            s.has_double()
                && steps
                    .iter()
                    .zip(colors)
                    .any(|(o, &oc)| oc != c && o.has_ep())
        })
        .collect()
}
