//! UCI engines in a match, driven as Cute Chess drives them: `uci` and
//! the engine's `option` lines up to `uciok`; `setoption` for the variant
//! (`UCI_Variant`, Fairy-Stockfish's extension), `UCI_Chess960`, `Hash`,
//! `Threads` and the engine's own `option.` words; `isready` / `readyok`
//! to wait for it; `ucinewgame` before each game; for each move the whole
//! game as `position startpos|fen FEN moves ...` and `go` with both clocks
//! (`wtime btime winc binc movestogo`), `movetime` or `depth`, answered by
//! `bestmove`. Moves go both ways in Fairy-Stockfish's UCI text
//! ([`crate::uci::notation`]).
//!
//! A UCI engine keeps no game between moves, so the runner holds it
//! ([`UciGame`]) and never relays single moves; UCI has no draw offers,
//! resignations or result commands.

use super::clock::Clock;
use super::engine::{Engine, EngineError};
use super::play::GameSettings;
use crate::position::Position;
use crate::types::{Color, Move};
use crate::uci::notation::{parse_uci_move, uci_move};
use std::time::{Duration, Instant};

/// What a UCI engine announced, and the option values sent to it.
#[derive(Clone, Debug, Default)]
pub struct UciOptions {
    /// The names of its options.
    pub names: Vec<String>,
    /// `UCI_Variant`'s choices, when it has the option.
    pub variants: Option<Vec<String>>,
    /// Values already set, so that a game does not resend them (a `Hash`
    /// sent again makes Fairy-Stockfish clear and reallocate its table).
    sent: Vec<(String, String)>,
}

impl UciOptions {
    pub fn has(&self, name: &str) -> bool {
        self.names.iter().any(|n| n.eq_ignore_ascii_case(name))
    }

    /// The variants it plays: `UCI_Variant`'s choices; chess alone for an
    /// engine without the option.
    pub fn variants(&self) -> Vec<String> {
        self.variants
            .clone()
            .unwrap_or_else(|| vec!["chess".to_string()])
    }
}

/// The game a UCI engine is shown before each of its moves: the start
/// (`startpos`, or `fen FEN`) and every move since, in UCI text.
#[derive(Clone, Debug)]
pub struct UciGame {
    start: String,
    moves: Vec<String>,
    chess960: bool,
}

impl UciGame {
    /// A game from `pos`, the variant's start position when `standard`.
    pub fn new(pos: &Position, standard: bool, chess960: bool) -> UciGame {
        let start = if standard {
            "startpos".to_string()
        } else {
            format!("fen {}", pos.fen())
        };
        UciGame {
            start,
            moves: Vec::new(),
            chess960,
        }
    }

    /// Adds `m`, legal in `pos`, before it is played.
    pub fn push(&mut self, pos: &Position, m: Move) {
        self.moves.push(uci_move(pos, m, self.chess960));
    }

    /// The engine's move text as a legal move of `pos`.
    pub fn parse(&self, pos: &mut Position, text: &str) -> Result<Move, String> {
        parse_uci_move(pos, text, self.chess960)
    }

    fn position_command(&self) -> String {
        let mut line = format!("position {}", self.start);
        if !self.moves.is_empty() {
            line += " moves";
            for m in &self.moves {
                line.push(' ');
                line += m;
            }
        }
        line
    }
}

/// `uci`, then the engine's `option` lines up to `uciok`.
pub(super) fn handshake(e: &mut Engine, timeout: Duration) -> Result<UciOptions, EngineError> {
    e.send("uci")?;
    let start = Instant::now();
    let mut options = UciOptions::default();
    loop {
        let line = e.recv(timeout.saturating_sub(start.elapsed()))?;
        let line = line.trim();
        if line == "uciok" {
            return Ok(options);
        }
        if let Some((name, vars)) = option_line(line) {
            if name.eq_ignore_ascii_case("UCI_Variant") {
                options.variants = Some(vars);
            }
            options.names.push(name);
        }
    }
}

/// An `option name NAME type TYPE ... [var A var B ...]` line's name and
/// combo choices.
fn option_line(line: &str) -> Option<(String, Vec<String>)> {
    let rest = line.strip_prefix("option name ")?;
    let (name, rest) = rest.split_once(" type ").unwrap_or((rest, ""));
    let vars = rest
        .split(" var ")
        .skip(1)
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
        .collect();
    Some((name.trim().to_string(), vars))
}

/// `setoption` unless the engine has the value already.
fn set_option(e: &mut Engine, name: &str, value: &str) -> Result<(), EngineError> {
    if e.uci.sent.iter().any(|(n, v)| n == name && v == value) {
        return Ok(());
    }
    e.send(&format!("setoption name {name} value {value}"))?;
    e.uci.sent.retain(|(n, _)| n != name);
    e.uci.sent.push((name.to_string(), value.to_string()));
    Ok(())
}

/// Before a game: hash size, threads, variant, `ucinewgame`, and wait
/// until the engine is ready.
pub(super) fn new_game(e: &mut Engine, settings: &GameSettings) -> Result<(), EngineError> {
    if e.uci.has("Hash") {
        let mb = e.spec.memory.unwrap_or(settings.memory);
        set_option(e, "Hash", &mb.to_string())?;
    }
    if e.uci.has("Threads") {
        let cores = e.spec.cores.unwrap_or(settings.cores);
        set_option(e, "Threads", &cores.to_string())?;
    }
    if e.uci.variants.is_some() {
        set_option(e, "UCI_Variant", &settings.uci_variant)?;
    }
    if e.uci.has("UCI_Chess960") {
        set_option(
            e,
            "UCI_Chess960",
            if settings.chess960 { "true" } else { "false" },
        )?;
    }
    e.send("ucinewgame")?;
    e.sync(Duration::from_secs(10))
}

/// Asks for a move in `game`, `side` to move, with the match's limits.
pub(super) fn go(
    e: &mut Engine,
    game: &UciGame,
    clocks: Option<&[Clock; 2]>,
    side: Color,
    settings: &GameSettings,
) -> Result<(), EngineError> {
    e.send(&game.position_command())?;
    let mut go = String::from("go");
    if let (Some(c), Some(tc)) = (clocks, &settings.tc) {
        let [w, b] = c;
        let inc = tc.increment.as_millis();
        go += &format!(
            " wtime {} btime {} winc {inc} binc {inc}",
            w.left.as_millis(),
            b.left.as_millis()
        );
        if let Some(n) = c[side.index()].moves_to_go(tc) {
            go += &format!(" movestogo {n}");
        }
    }
    if let Some(t) = settings.move_time {
        go += &format!(" movetime {}", t.as_millis());
    }
    if let Some(d) = settings.depth {
        go += &format!(" depth {d}");
    }
    e.send(&go)
}

/// The move of a `bestmove MOVE [ponder MOVE]` line.
pub(super) fn bestmove(line: &str) -> Option<&str> {
    let mut words = line.split_whitespace();
    (words.next()? == "bestmove").then(|| words.next().unwrap_or(""))
}

/// The depth and score of an `info` line with a score, in centipawns;
/// mates as XBoard writes them (100000 plus the moves to mate, negative
/// when mated), so that adjudication reads both protocols alike.
pub(super) fn info_score(line: &str) -> Option<(u32, i32)> {
    let mut words = line.split_whitespace();
    if words.next()? != "info" {
        return None;
    }
    let (mut depth, mut score) = (None, None);
    while let Some(w) = words.next() {
        match w {
            "depth" => depth = words.next()?.parse().ok(),
            "score" => {
                let kind = words.next()?;
                let n: i32 = words.next()?.parse().ok()?;
                score = match kind {
                    "cp" => Some(n),
                    "mate" if n > 0 => Some(100_000 + n),
                    "mate" => Some(-100_000 + n),
                    _ => None,
                };
            }
            // The moves of a pv could read as keywords.
            "pv" | "string" => break,
            _ => {}
        }
    }
    Some((depth.unwrap_or(0), score?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_and_their_choices() {
        assert_eq!(
            option_line("option name UCI_Variant type combo default chess var chess var shogi"),
            Some((
                "UCI_Variant".to_string(),
                vec!["chess".to_string(), "shogi".to_string()]
            ))
        );
        assert_eq!(
            option_line("option name Clear Hash type button"),
            Some(("Clear Hash".to_string(), Vec::new()))
        );
        assert_eq!(option_line("id name X"), None);
    }

    #[test]
    fn scores_of_info_lines() {
        let line = "info depth 12 seldepth 18 multipv 1 score cp -35 nodes 1 pv e2e4 score";
        assert_eq!(info_score(line), Some((12, -35)));
        assert_eq!(
            info_score("info depth 9 score mate 3 pv a1a8"),
            Some((9, 100_003))
        );
        assert_eq!(
            info_score("info depth 9 score mate -2 pv a1a8"),
            Some((9, -100_002))
        );
        assert_eq!(info_score("info string depth 3 score cp 5"), None);
        assert_eq!(info_score("info depth 4 currmove e2e4"), None);
        assert_eq!(bestmove("bestmove e2e4 ponder e7e5"), Some("e2e4"));
        assert_eq!(bestmove("bestmove"), Some(""));
        assert_eq!(bestmove("info bestmove"), None);
    }
}
