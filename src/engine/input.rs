//! What the engine loop waits for: protocol lines from the reader thread
//! and progress reports from the search thread, as [`Event`]s on one
//! channel, so that the loop answers `?`, `.` or `ping` while a search
//! runs.

use crate::search::Info;
use crossbeam::channel::{Receiver, Sender, unbounded};
use std::io::BufRead;

/// The longest protocol line the engine reads whole. XBoard's longest
/// lines (a `setboard` of a 16x16 board, a `setup` with piece lines) are a
/// few hundred bytes; anything longer is reported and skipped, so that no
/// input can make the engine hold unbounded memory.
pub const MAX_LINE: usize = 1 << 16;

/// One thing for the engine loop to handle.
pub(crate) enum Event {
    Line(String),
    /// A line over [`MAX_LINE`] bytes: its start and its length.
    Overlong(String, usize),
    Eof,
    /// An iteration of search number `.0`.
    Info(u64, Info),
}

/// Reads protocol lines from `input` until its end, then sends `Eof`. A
/// line is the bytes up to a newline, without a final `\r` (WinBoard's
/// line ends); bytes that are not UTF-8 become U+FFFD, so no byte sequence
/// ends the engine's input early. A line longer than [`MAX_LINE`] arrives
/// as `Overlong`, with its start and length.
pub(crate) fn read_lines(mut input: impl BufRead, tx: &Sender<Event>) {
    let mut line = Vec::new();
    let mut dropped = 0usize;
    let send = |line: &[u8], dropped: usize| {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let text = String::from_utf8_lossy(line).into_owned();
        let event = if dropped == 0 {
            Event::Line(text)
        } else {
            Event::Overlong(text, line.len() + dropped)
        };
        tx.send(event).is_ok()
    };
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        if buf.is_empty() {
            if (!line.is_empty() || dropped > 0) && !send(&line, dropped) {
                return;
            }
            break;
        }
        let newline = buf.iter().position(|&b| b == b'\n');
        let chunk = &buf[..newline.unwrap_or(buf.len())];
        let take = chunk.len().min(MAX_LINE - line.len());
        line.extend_from_slice(&chunk[..take]);
        dropped += chunk.len() - take;
        let used = newline.map_or(buf.len(), |i| i + 1);
        input.consume(used);
        if newline.is_some() {
            if !send(&line, dropped) {
                return;
            }
            line.clear();
            dropped = 0;
        }
    }
    let _ = tx.send(Event::Eof);
}

/// Events from standard input, read on a thread of its own, after
/// `first` (a line already read: the one that chose the protocol); the
/// sender is for the search thread's reports.
pub(crate) fn stdin_events(first: Option<String>) -> (Sender<Event>, Receiver<Event>) {
    let (tx, rx) = unbounded();
    if let Some(line) = first {
        let _ = tx.send(Event::Line(line));
    }
    let reader_tx = tx.clone();
    std::thread::spawn(move || read_lines(std::io::stdin().lock(), &reader_tx));
    (tx, rx)
}
