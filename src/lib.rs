//! Griffon: a general chess-variant engine.
//!
//! The modules follow the pipeline of `docs/architecture.md`:
//! variant file ([`variant`]) -> XBetza compiler ([`xbetza`]) -> trajectory table
//! -> attack-table move generator -> search (with books and tablebases) -> the
//! protocols ([`xboard`], [`uci`]) on the parts they share ([`engine`]).

pub mod arena;
pub mod bench;
pub mod book;
pub mod datagen;
pub mod engine;
pub mod eval;
pub mod files;
pub mod fuzzing;
pub mod game;
pub mod judge;

pub mod movegen;
pub mod nnue;
pub mod notation;

pub mod position;
pub mod rng;
pub mod search;
pub mod tablebase;
pub mod trajectory;
pub mod tune;
pub mod types;
pub mod uci;
pub mod variant;
pub mod weights;
pub mod xbetza;
pub mod xboard;
