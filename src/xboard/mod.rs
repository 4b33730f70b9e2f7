//! The XBoard/CECP engine (protocol 2 with H.G. Muller's extensions): the
//! only module that writes protocol lines.
//!
//! A reader thread turns standard input into events; searches run on their
//! own thread and report back through channels, so `?`, `.`, `force`,
//! `ping` and `quit` are answered while the engine thinks. Every command
//! that would change the game first stops a running search. Bad input gets
//! `Error (...)` or `Illegal move (...)` and leaves the game as it was.
//!
//! The reader thread and the search thread are the protocol-neutral
//! [`crate::engine`]'s. One file per job here:
//! - `protocol.rs`: a line to a typed command or an error reply; output;
//! - `engine.rs`: the loop that carries the commands out on the parts:
//! - `game.rs`: the game, the side the engine plays, claims and resigning;
//! - `clock.rs`: time control, our time, the limits of a search;
//! - `options.rs`: `feature` lines, `option` commands, playing settings;
//! - `book.rs`: the opening book in play;
//! - `edit.rs`: `edit` mode; `highlight.rs`: piece dragging;
//! - `setup.rs`: what XBoard needs for variants it does not know.

mod clock;
mod edit;
mod engine;
mod game;
mod highlight;
mod options;
mod protocol;
pub mod setup;

pub use crate::engine::MAX_LINE;
pub use crate::engine::book::default_book;
pub use setup::{PieceLines, as_xboard_referees, xboard_piece_lines};

use crate::engine::input::{read_lines, stdin_events};
use crate::engine::think::DEFAULT_MEMORY_MB;
use crate::variant::VariantSet;
use crossbeam::channel::unbounded;
use engine::Engine;

/// Run the engine on standard input and output until `quit` or end of
/// input, offering the built-in variants and those of `variant_files`;
/// `first`: a line already read from the input (the one that chose the
/// protocol), handled first.
pub fn run(variant_files: &[std::path::PathBuf], first: Option<String>) -> Result<(), String> {
    run_with(
        variant_files,
        None,
        None,
        crate::nnue::NetChoice::Own,
        first,
    )
}

/// [`run`] with evaluation weights `params` (from `griffon tune`) in every
/// variant instead of each variant's own, tablebases in `tb_path`, and the
/// networks `net` chooses.
pub fn run_with(
    variant_files: &[std::path::PathBuf],
    params: Option<crate::weights::Params>,
    tb_path: Option<std::path::PathBuf>,
    net: crate::nnue::NetChoice,
    first: Option<String>,
) -> Result<(), String> {
    let set = crate::engine::variant_set(variant_files)?;
    let (tx, rx) = stdin_events(first);
    let stdout = std::io::stdout();
    let mut engine = Engine::new(stdout.lock(), tx, set, DEFAULT_MEMORY_MB)?;
    engine.set_params(params);
    engine.set_net(net);
    if tb_path.is_some() {
        engine.set_tb_path(tb_path);
    }
    crate::engine::run(&mut engine, rx);
    Ok(())
}

/// Runs the engine on `input` as if it came on standard input, to its end,
/// and returns what the engine wrote: the protocol without a process, for
/// fuzzing and transcript tests. Searches started by the input are stopped
/// at its end.
pub fn run_script(input: &[u8]) -> Result<Vec<u8>, String> {
    run_script_with_memory(input, DEFAULT_MEMORY_MB)
}

/// [`run_script`] with `memory_mb` megabytes for the engine from the
/// start (as if XBoard had sent `memory` first): fuzzing runs the engine
/// many thousand times and wants a small table.
pub fn run_script_with_memory(input: &[u8], memory_mb: usize) -> Result<Vec<u8>, String> {
    let set = VariantSet::builtin().map_err(|e| e.to_string())?;
    run_script_in(set, input, memory_mb)
}

/// [`run_script_with_memory`] offering the variants of `set`, which a
/// fuzzer reads once instead of on every run.
pub fn run_script_in(set: VariantSet, input: &[u8], memory_mb: usize) -> Result<Vec<u8>, String> {
    let (tx, rx) = unbounded();
    read_lines(input, &tx);
    let mut out = Vec::new();
    let mut engine = Engine::new(&mut out, tx, set, memory_mb)?;
    crate::engine::run(&mut engine, rx);
    drop(engine);
    Ok(out)
}
