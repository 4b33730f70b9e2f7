//! The game-end judge: whether a position ends the game, with what value
//! and why.

mod dead;

pub use dead::insufficient_material;
