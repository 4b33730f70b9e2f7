//! Reference interpreter.
pub struct Board;
pub struct Cell;
pub struct Outcome;
