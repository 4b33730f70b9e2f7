//! XBetza compiler: the first stage after the variant file.
//!
//! A piece's moves are written in XBetza (H.G. Muller's extension of Betza's
//! notation, as XBoard and the Interactive Diagram read it). This module turns
//! such a string into a list of [`MoveDef`]s, each a sequence of [`Leg`]s with a
//! concrete step vector, a range and occupancy rules. Every direction set in the
//! notation is expanded here, so later stages (the trajectory table, the
//! reference interpreter) never re-read the notation.
//!
//! Coordinates are from White's point of view: `dx` grows towards the h-file,
//! `dy` towards Black. Black's moves are the same legs turned by 180 degrees
//! (both components negated), as XBoard turns the direction set: Black's
//! "right" is White's left, which matters for chiral sets such as `rfN`.
//!
//! Where sources disagree XBoard's `moves.c` is followed (`C` is the camel
//! (1,3), `Z` the zebra (2,3)), as H.G. Muller's "Betza notation and
//! XBoard" (XBoard's `Betza.html`) describes it.

mod compile;
pub mod interpret;
pub mod legacy;
mod parse;
mod render;

pub use compile::compile;
pub use interpret::{Board, Cell, Outcome, OutcomeKind, Sq, outcomes};
pub use render::{
    DiagramCounts, DiagramOptions, describe_leg, describe_move, diagram, parse_board_size,
    parse_square, square_name,
};

use std::fmt;

/// How a string is read. Fairy-Stockfish files mean some letters differently
/// from XBoard (its `K`/`Q` expand into `WF`/`RB` before directions apply, and
/// it drops letters it does not know), so a variant file can ask for its
/// reading and still behave as its author meant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Dialect {
    /// XBoard / Interactive Diagram XBetza (the default).
    #[default]
    XBoard,
    /// Fairy-Stockfish's `variants.ini` Betza subset.
    FairyStockfish,
}

/// One step of a leg, in White's orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    pub dx: i8,
    pub dy: i8,
}

impl Step {
    pub const fn new(dx: i8, dy: i8) -> Step {
        Step { dx, dy }
    }

    /// The square a lame (`n`) or must-jump (`j`) leap tests: XBoard takes the
    /// midpoint rounded towards zero, so a knight is blocked on its orthogonal
    /// neighbour and a (1,3) camel one square straight ahead.
    pub const fn midpoint(self) -> Step {
        Step {
            dx: self.dx / 2,
            dy: self.dy / 2,
        }
    }

    /// The squares a lame leap of this step passes, each an offset from
    /// its start: the midpoint, or Fairy-Stockfish's path.
    pub fn lame_path(self, jump: Jump) -> arrayvec::ArrayVec<Step, 4> {
        let mut path = arrayvec::ArrayVec::new();
        if jump != Jump::LameStraightFirst {
            path.push(self.midpoint());
            return path;
        }
        let (mut x, mut y) = (0i8, 0i8);
        while path.len() < 4 {
            let diff = (self.dx - x).abs() - (self.dy - y).abs();
            if diff >= 0 {
                x += (self.dx - x).signum();
            }
            if diff <= 0 {
                y += (self.dy - y).signum();
            }
            if (x, y) == (self.dx, self.dy) {
                break;
            }
            path.push(Step::new(x, y));
        }
        path
    }

    /// True for the unit steps (W and F directions), where `j` means "skip
    /// squares" rather than "must jump".
    pub const fn is_unit(self) -> bool {
        self.dx.abs() <= 1 && self.dy.abs() <= 1
    }
}

/// What a leg may do with the square where it ends, per occupant. For a
/// final leg this is where the move stops; for a non-final leg it is the
/// square from which the next leg starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Occupancy {
    /// `m`: the square may be empty.
    pub empty: bool,
    /// `c`: an enemy may stand there; it is captured (on a non-final leg:
    /// a locust capture, the mover continues).
    pub capture_foe: bool,
    /// `d`: a friendly piece may stand there; it is destroyed.
    pub capture_friend: bool,
    /// Non-final `p`/`g`: an enemy may stand there and is left alone (hopped).
    pub pass_foe: bool,
    /// Non-final `p`/`g`: a friend may stand there and is left alone.
    pub pass_friend: bool,
}

impl Occupancy {
    /// True if some occupant is allowed at all.
    pub fn any(self) -> bool {
        self.empty || self.capture_foe || self.capture_friend || self.pass_foe || self.pass_friend
    }
}

/// How a final leg treats pieces in its path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Hop {
    /// An ordinary leap or ride: the first occupied square ends it.
    #[default]
    None,
    /// `p` (cannon): ride over empty squares, jump the first piece, and
    /// continue the ride beyond it (within the leg's range).
    Cannon,
    /// `g` (grasshopper): ride to the first piece and land just beyond it.
    Grasshopper,
}

/// What a leap of more than one square requires of the square it jumps over.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Jump {
    /// The default: the leap ignores what it passes.
    #[default]
    Free,
    /// `n`: blocked when the midpoint is occupied (xiangqi horse and elephant).
    Lame,
    /// `n` as Fairy-Stockfish reads it where that is not the midpoint:
    /// blocked by any square of a path that goes straight while the leap
    /// is longer one way, then diagonally (its `lame_leaper_path`): the
    /// two squares the janggi elephant's Z leap passes. (For N, A and D
    /// that path is the midpoint, and the leg stays [`Jump::Lame`].)
    LameStraightFirst,
    /// `j` on a non-unit atom: the midpoint must be occupied.
    MustJump,
}

/// One leg of a move: a limited-range ride repeating one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Leg {
    pub step: Step,
    /// Maximum number of steps; 0 means unlimited (a slider or rider).
    pub range: u8,
    /// `i` on a continuation leg: exactly as many steps as the last slider leg.
    pub same_length: bool,
    /// What the end square may hold.
    pub occupancy: Occupancy,
    /// `e`: may end on the square a lame multi-step of the last mover
    /// skipped, capturing that mover (en passant).
    pub ep_capture: bool,
    /// Final leg only: hopper behaviour.
    pub hop: Hop,
    /// Lame / must-jump rule for non-unit steps.
    pub jump: Jump,
    /// `j` on a unit step: the first `skip` squares are passed whatever is on them.
    pub skip: u8,
    /// `n` on a non-final unit leg: moving through creates e.p. rights there.
    pub ep_rights: bool,
    /// `t`: a final leg may not capture a royal piece; a non-final `p`/`g`
    /// leg may only hop own pieces.
    pub tame: bool,
    /// `o`: the leg wraps around the side edges (cylinder board).
    pub wrap: bool,
    /// `u`: the piece captured earlier in the move is put on this leg's start square.
    pub unload: bool,
    /// `x` (induction): on reaching a friend, the mover uses that piece's moves.
    pub induction: bool,
}

impl Leg {
    /// A leg with no permissions; compile fills it in.
    pub(crate) fn new(step: Step, range: u8) -> Leg {
        Leg {
            step,
            range,
            same_length: false,
            occupancy: Occupancy::default(),
            ep_capture: false,
            hop: Hop::None,
            jump: Jump::Free,
            skip: 0,
            ep_rights: false,
            tame: false,
            wrap: false,
            unload: false,
            induction: false,
        }
    }

    /// True if the leg may repeat its step.
    pub fn is_ride(&self) -> bool {
        self.range != 1
    }
}

/// What kind of move a [`MoveDef`] is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move made of legs.
    #[default]
    Normal,
    /// XBoard's `O<n>` castling atom: the piece moves `n` squares along its
    /// one leg towards an unmoved corner piece, which jumps over it.
    Castling { steps: u8 },
}

/// One way a piece can move: a fixed sequence of legs, each with a concrete
/// direction.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveDef {
    pub legs: Vec<Leg>,
    pub kind: MoveKind,
    /// `i` on the first leg: only a piece that has not moved yet.
    pub initial: bool,
    /// XBoard's legacy pawn rule: an initial non-capturing multi-step of a
    /// promoting piece gives the opponent e.p. rights on the skipped squares.
    pub creates_ep: bool,
}

impl MoveDef {
    /// A move of `legs`, with XBoard's e.p. rule decided from them.
    pub(crate) fn new(legs: Vec<Leg>, kind: MoveKind, initial: bool) -> MoveDef {
        let mut def = MoveDef {
            legs,
            kind,
            initial,
            creates_ep: false,
        };
        def.creates_ep = compile::creates_ep(&def);
        def
    }

    pub fn final_leg(&self) -> &Leg {
        self.legs
            .last()
            .expect("a compiled move has at least one leg")
    }
}

/// A note about a string that compiled, e.g. a letter Fairy-Stockfish drops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaWarning {
    /// 0-based character position in the string.
    pub position: usize,
    pub message: String,
}

/// The compiled moves of one piece.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceMoves {
    pub moves: Vec<MoveDef>,
    pub warnings: Vec<BetzaWarning>,
}

/// A string that is not valid XBetza, with the place of the fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    pub input: String,
    /// 0-based character position of the fault.
    pub position: usize,
    pub message: String,
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad XBetza \"{}\" at character {}: {}",
            self.input,
            self.position + 1,
            self.message
        )
    }
}

impl std::error::Error for BetzaError {}
