//! Opening books in the Polyglot format as XBoard extends it to every
//! variant: keys ([`key`]) and move codes ([`moves`]) equal to XBoard's,
//! so that a book Griffon makes plays in XBoard and XBoard's books play in
//! Griffon, and the book file itself ([`file`]).

pub mod file;
pub mod key;
pub mod moves;
mod random64;

pub use file::{Book, BookEntry, BookError};
pub use key::{BookHasher, KeyError};
pub use moves::MoveCoding;
