//! The UCI engine (with Fairy-Stockfish's extensions for variants: the
//! `UCI_Variant` option, `VariantPath`, its move and FEN conventions) and
//! its two relatives as Fairy-Stockfish speaks them, USI for shogi and
//! UCCI for xiangqi: the only module that writes their lines. One loop
//! serves all three; the handshake picks the [`Dialect`].
//!
//! As in the XBoard engine, a reader thread turns standard input into
//! events and searches run on their own thread ([`crate::engine`]), so
//! `isready`, `stop` and `quit` are answered while the engine thinks. Bad
//! input gets an `info string error: ...` line and changes nothing.
//!
//! - `engine.rs`: the loop and the commands;
//! - `dialect.rs`: what the three protocols do differently;
//! - `go.rs`: the words of `go` and the search limits they give;
//! - `notation.rs`: moves as the GUIs write them.

mod dialect;
mod engine;
mod go;
pub mod notation;

pub use dialect::Dialect;

use crate::engine::input::{read_lines, stdin_events};
use crate::variant::{Variant, VariantSet};
use crossbeam::channel::unbounded;
use engine::Engine;

/// The variant's `UCI_Variant` name: Fairy-Stockfish's, `chess` for the
/// standard game (XBoard's `normal`).
pub fn variant_name(v: &Variant) -> &str {
    if v.name == "normal" { "chess" } else { &v.name }
}

/// Run the engine on standard input and output until `quit` or the end
/// of input, offering the built-in variants and those of `variant_files`.
/// `dialect`: the protocol until a handshake names one. `first`: a line
/// already read (the handshake that chose the protocol), handled first.
pub fn run(
    variant_files: &[std::path::PathBuf],
    first: Option<String>,
    dialect: Dialect,
) -> Result<(), String> {
    let set = crate::engine::variant_set(variant_files)?;
    let (tx, rx) = stdin_events(first);
    let stdout = std::io::stdout();
    let mut engine = Engine::new(stdout.lock(), tx, set, dialect)?;
    crate::engine::run(&mut engine, rx);
    Ok(())
}

/// Runs the engine on `input` as if it came on standard input, to its
/// end, and returns what it wrote: for transcript tests and fuzzing. It
/// speaks UCI until the input's handshake names a dialect.
pub fn run_script(input: &[u8]) -> Result<Vec<u8>, String> {
    let set = VariantSet::builtin().map_err(|e| e.to_string())?;
    let (tx, rx) = unbounded();
    read_lines(input, &tx);
    let mut out = Vec::new();
    let mut engine = Engine::new(&mut out, tx, set, Dialect::Uci)?;
    crate::engine::run(&mut engine, rx);
    drop(engine);
    Ok(out)
}
