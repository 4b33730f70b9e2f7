//! The base vocabulary every stage shares: sides, squares and the padded
//! board, piece types, moves and move lists, and the engine's limits.
//!
//! It sits below everything else and imports nothing from the engine, so
//! the position, the trajectory table and the move generator can all use
//! it without depending on each other.

mod color;
mod geometry;
pub mod limits;
mod moves;
mod piece;
mod region;
mod square;

pub use color::Color;
pub use geometry::{Geometry, Sq};
pub use limits::{HAND_ROLES, MAX_FILES, MAX_MOVES, MAX_RANKS, MAX_SQ, SLOTS_PER_SIDE};
pub use moves::{Move, MoveList, flag};
pub use piece::{Letter, Piece, Role};
pub use region::Region;
pub(crate) use square::file_from_letter;
pub use square::{Square, file_letter};
