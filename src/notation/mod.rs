//! The notation layer: every text form of squares, moves and games, read
//! and written in one place.
//!
//! - [`square`]: squares in XBoard's numbering;
//! - [`moves`]: coordinate move text (`e2e4`, `e7e8q`, `P@e4`, `O-O`),
//!   written and matched against the legal moves;
//! - [`san`]: Standard Algebraic Notation, read;
//! - [`pgn`]: PGN files, read and written.
//!
//! FEN is the one text form that lives lower down: a variant file's
//! `startFen` is checked when the file loads, before any position exists,
//! so FEN's grammar and its field splitter are in [`crate::variant::fen`]
//! and a position writes itself out (`Position::fen`).
//!
//! It sits above the move generator (reading a move means finding it among
//! the legal ones) and below everything that talks to people or programs:
//! the command line, the XBoard engine, the match runner, books and
//! tablebase probes.

pub mod moves;
pub mod pgn;
pub mod san;
pub mod square;

pub use moves::{MoveError, move_text, parse_move, xboard_491_writes};
pub use san::parse_any;
pub use square::{parse_square_text, square_text};
