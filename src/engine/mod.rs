//! What every protocol front end drives the same way: protocol lines read
//! into events ([`input`]) and the search thread with its table and
//! threads ([`think`]). The front ends (`xboard`, `uci`) turn commands
//! into calls on these and results into their own lines.

pub(crate) mod book;
pub(crate) mod input;
pub(crate) mod options;
pub(crate) mod think;

pub use input::MAX_LINE;

use crate::search::Info;
use crossbeam::channel::Receiver;
use input::Event;
use think::{Done, Thinker};

/// A protocol's engine, as the shared loop ([`run`]) drives it.
pub(crate) trait FrontEnd {
    fn thinker(&mut self) -> &mut Thinker;
    /// One input line (trimmed); false means quit.
    fn line(&mut self, line: &str) -> bool;
    /// A line over [`MAX_LINE`] bytes (its start, its length) was skipped.
    fn overlong(&mut self, head: &str, len: usize);
    /// An iteration of search `id`.
    fn iteration(&mut self, id: u64, info: &Info);
    /// A search ended.
    fn finished(&mut self, done: Done);
}

/// Handle events until `quit` or the end of input: lines and search
/// reports from `rx`, finished searches from the thinker.
pub(crate) fn run(engine: &mut impl FrontEnd, rx: Receiver<Event>) {
    loop {
        let done_rx = engine.thinker().done();
        crossbeam::select! {
            recv(rx) -> event => match event {
                Ok(event) => {
                    if !event_to(engine, event) {
                        break;
                    }
                }
                Err(_) => break,
            },
            recv(done_rx) -> done => {
                if let Ok(done) = done {
                    // The search's last iterations may still be queued (the
                    // two channels race): show them before its move, and
                    // keep any input for after it.
                    let mut later = Vec::new();
                    while let Ok(event) = rx.try_recv() {
                        match event {
                            Event::Info(id, info) => engine.iteration(id, &info),
                            other => later.push(other),
                        }
                    }
                    engine.finished(done);
                    if !later.into_iter().all(|event| event_to(engine, event)) {
                        break;
                    }
                }
            }
        }
    }
    engine.thinker().stop();
}

/// Hand one event to `engine`; false when it should quit.
fn event_to(engine: &mut impl FrontEnd, event: Event) -> bool {
    match event {
        Event::Line(line) => {
            log::debug!("< {line}");
            engine.line(line.trim())
        }
        Event::Info(id, info) => {
            engine.iteration(id, &info);
            true
        }
        Event::Overlong(head, len) => {
            let head: String = head.chars().take(40).collect();
            engine.overlong(&head, len);
            true
        }
        Event::Eof => false,
    }
}

use crate::variant::{VariantError, VariantSet};

/// The built-in variants and those of `variant_files`. A section with an
/// error is skipped (and logged), not the engine: the GUI still gets every
/// variant that loaded; a file that cannot be read is an error.
pub fn variant_set(variant_files: &[std::path::PathBuf]) -> Result<VariantSet, String> {
    let mut set = VariantSet::builtin().map_err(|e| e.to_string())?;
    for path in variant_files {
        let loaded = set.load_file(path);
        if let Some(e) = loaded
            .errors
            .iter()
            .find(|e| matches!(e, VariantError::Io { .. }))
        {
            return Err(e.to_string());
        }
        for w in &loaded.warnings {
            log::warn!("{w}");
        }
        for e in &loaded.errors {
            log::error!("{e}");
        }
        if !loaded.skipped.is_empty() {
            log::error!(
                "{}: not loaded: {}",
                path.display(),
                loaded.skipped.join(", ")
            );
        }
    }
    Ok(set)
}
