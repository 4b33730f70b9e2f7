//! The trajectory table: compiled legs -> trees of [`MoveTarget`] cells.
//!
//! Every move of a piece type becomes a path of cells, one per square the
//! move visits (H.G. Muller's design; see `docs/architecture.md`). A cell holds
//! the square-number difference from the piece, what happens when its square
//! is empty, holds a friend or holds a foe (generate a move there, continue to
//! a group of child cells, capture in passing), and nothing else. Paths that
//! start alike share cells, so the Griffon's diagonal step is one cell with
//! two outward rook rides as children and a square is marked once. Rides are
//! laid out to the longest length the board allows; the guard squares of the
//! padded board end them. Consecutive leaper legs need no leg boundary: they
//! are simply consecutive cells.
//!
//! Pieces whose moves wrap around the side edges (`o`, or a cylinder
//! variant) cannot use differences that are the same from every square, so
//! they get one tree per start square instead, with the wrap worked out
//! when the table is built. The walker reads both the same way.
//!
//! Tables are built once when a variant is loaded and are read-only after.

mod build;
mod shape;

pub use build::longest_step;
pub use shape::{LeapTable, StrikeSet};

use crate::types::{Color, Geometry, Role};
use std::fmt;

/// Occupancy classes of a square, as the mover sees it.
pub const EMPTY: usize = 0;
pub const FRIEND: usize = 1;
pub const FOE: usize = 2;

/// What a cell generates for one occupancy class.
pub mod generate {
    /// A move ending here: quiet on an empty square, a capture on an occupied one.
    pub const MOVE: u8 = 1;
    /// On an empty square: an en-passant capture when it is the e.p. square.
    pub const EP: u8 = 2;
    /// The capture may not take a royal piece (`t`).
    pub const TAME: u8 = 4;
    /// The move is a pawn's initial multi-step that gives e.p. rights.
    pub const DOUBLE_STEP: u8 = 8;
}

/// What a walk records when it visits a cell, per occupancy class: the
/// generate flags turned into the facts the move generator and the attack
/// map read, worked out once when the table is built.
pub mod visit {
    /// The piece could capture an enemy standing here (attack or defence).
    pub const ATTACK: u8 = 1;
    /// A move to this empty square.
    pub const QUIET: u8 = 2;
    /// A capture of the enemy on this square.
    pub const CAPTURE: u8 = 4;
    /// A capture of the friend on this square (`d`).
    pub const CAPTURE_FRIEND: u8 = 8;
    /// An e.p. capture if this empty square is an e.p. square.
    pub const EP: u8 = 16;
    /// The move is an initial multi-step giving e.p. rights.
    pub const DOUBLE: u8 = 32;
    /// The capture may not take a royal piece.
    pub const TAME: u8 = 64;

    /// The visit record of a cell with `generate` flags, for each class.
    pub fn kinds(generate: [u8; 3]) -> [u8; 3] {
        use super::generate as g;
        let foe = generate[super::FOE];
        let attack = if foe & g::MOVE != 0 && foe & g::TAME == 0 {
            ATTACK
        } else {
            0
        };
        let mut out = [attack; 3];
        for (class, o) in out.iter_mut().enumerate() {
            let flags = generate[class];
            if flags & g::MOVE != 0 {
                *o |= match class {
                    super::EMPTY => QUIET,
                    super::FOE => CAPTURE,
                    _ => CAPTURE_FRIEND,
                };
                if flags & g::DOUBLE_STEP != 0 {
                    *o |= DOUBLE;
                }
                if flags & g::TAME != 0 {
                    *o |= TAME;
                }
            }
            if class == super::EMPTY && flags & g::EP != 0 {
                *o |= EP;
            }
        }
        out
    }
}

/// Cell flags.
pub mod cell_flags {
    /// Last cell of its sibling group.
    pub const LAST: u8 = 1;
    /// The cell is the piece's own square (a move that returns): it counts as empty.
    pub const ORIGIN: u8 = 2;
    /// Continuing over a friend captures it (locust capture).
    pub const LOCUST_FRIEND: u8 = 4;
    /// Continuing over a foe captures it (locust capture).
    pub const LOCUST_FOE: u8 = 8;
}

/// One cell of a trajectory tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTarget {
    /// Square-number difference from the piece's square.
    pub delta: i16,
    /// Per occupancy class ([`EMPTY`], [`FRIEND`], [`FOE`]): what a visit
    /// records ([`visit`] bits).
    pub visit: [u8; 3],
    /// [`cell_flags`].
    pub flags: u8,
    /// Per occupancy class: the first cell of the child group to visit next, 0 = none.
    pub next: [u32; 3],
}

const _: () = assert!(std::mem::size_of::<MoveTarget>() == 20);

/// The trees of one piece type for one colour.
#[derive(Clone, Debug)]
pub struct RoleTrees {
    /// Root group per start square (padded index), or one shared root in slot 0.
    pub roots: Box<[u32]>,
    /// Moves only a piece that has not moved may make (`i`), likewise.
    pub initial_roots: Box<[u32]>,
    /// Whether the roots are per square (wrapping moves).
    pub per_square: bool,
    /// The same destination may be reached along several paths (falcon).
    pub duplicates: bool,
    /// No walk continues past an occupied square (no hoppers, no locust or
    /// pass-over legs): putting a piece on a square can only shorten walks.
    pub monotone: bool,
    /// Some walk continues past an empty square to a square where it can
    /// capture: emptying a square may extend its attacks (a discovered attack).
    pub discovers: bool,
    /// Every continuation past an empty square goes straight on in the same
    /// direction (plain riders), so a discovered attack needs the three
    /// squares on one line.
    pub straight: bool,
    /// Every continuation past an occupied square goes straight on too
    /// (cannons): a new screen creates an attack only along one line.
    pub straight_screens: bool,
}

impl RoleTrees {
    #[inline]
    pub fn root(&self, sq: u16) -> u32 {
        if self.per_square {
            self.roots[usize::from(sq)]
        } else {
            self.roots[0]
        }
    }

    #[inline]
    pub fn initial_root(&self, sq: u16) -> u32 {
        if self.per_square {
            self.initial_roots[usize::from(sq)]
        } else {
            self.initial_roots[0]
        }
    }
}

/// All trajectories of a variant.
#[derive(Clone, Debug)]
pub struct TrajectoryTable {
    pub geometry: Geometry,
    /// Cell 0 is a dummy so that 0 can mean "no group".
    pub cells: Box<[MoveTarget]>,
    /// Indexed by `[color][role]`.
    pub trees: [Box<[RoleTrees]>; 2],
    /// Longest path of cells (bounds the walker's stack).
    pub max_depth: usize,
    /// Largest number of cells a walk of one piece can visit.
    pub max_walk: usize,
}

impl TrajectoryTable {
    pub fn role_trees(&self, color: Color, role: Role) -> &RoleTrees {
        &self.trees[color.index()][usize::from(role.0)]
    }
}

/// A piece move the table cannot express yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrajectoryError {
    pub piece: String,
    pub message: String,
}

impl fmt::Display for TrajectoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "piece {}: {}", self.piece, self.message)
    }
}

impl std::error::Error for TrajectoryError {}
