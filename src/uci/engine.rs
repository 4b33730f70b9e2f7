//! The UCI engine loop: events in (lines from the reader thread,
//! iterations and results from the search thread), replies out. The
//! variant is the `UCI_Variant` option; a `position` command replaces the
//! whole game; `go` searches it and ends with `bestmove`.

use super::notation::{parse_uci_move, uci_move};
use super::variant_name as uci_variant_name;
use crate::engine::FrontEnd;
use crate::engine::input::{Event, MAX_LINE};
use crate::engine::think::{Contempt, Done, Purpose, Thinker};
use crate::eval::Evaluator;
use crate::game::Game;
use crate::nnue::NetChoice;
use crate::position::{Position, Rules};
use crate::search::time::{TimeControl, Timing};
use crate::search::{
    Info, Limits, MAX_ELO, MAX_MULTIPV, MAX_SKILL, MIN_ELO, SearchResult, Strength, uci_score,
};
use crate::types::{Color, Move};
use crate::variant::{Variant, VariantError, VariantSet};
use crossbeam::channel::Sender;
use std::io::Write;
use std::sync::Arc;
use std::time::Duration;

/// Hash table megabytes until `Hash` says otherwise.
const DEFAULT_HASH_MB: usize = 64;

/// The UCI engine's state.
pub(super) struct Engine<W: Write> {
    out: W,
    set: VariantSet,
    variant: Arc<Variant>,
    rules: Arc<Rules>,
    game: Game,
    think: Thinker,
    /// `Move Overhead`: time kept back for the GUI and the pipe.
    overhead: Duration,
    /// `UCI_Chess960`: castling written as the king taking its rook.
    chess960: bool,
    /// The running search is `go infinite` (or `go ponder`): its
    /// `bestmove` waits for `stop`.
    infinite: bool,
    /// A result that waits for `stop`.
    held: Option<SearchResult>,
    /// The running search is `go ponder`: the limits of the search to run
    /// at `ponderhit`.
    pondering: Option<Limits>,
    /// `Skill Level`, `UCI_LimitStrength`, `UCI_Elo`.
    strength: Strength,
}

impl<W: Write> Engine<W> {
    pub(super) fn new(out: W, events_tx: Sender<Event>, set: VariantSet) -> Result<Self, String> {
        let variant = set
            .get("normal")
            .ok_or("the built-in variant 'normal' is missing")?
            .clone();
        let rules = Rules::new(variant.clone()).map_err(|e| e.to_string())?;
        let pos = Position::start(rules.clone()).map_err(|e| e.to_string())?;
        let mut engine = Engine {
            out,
            set,
            variant,
            rules,
            think: Thinker::new(&pos, events_tx, DEFAULT_HASH_MB),
            game: Game::new(pos),
            overhead: Duration::from_millis(50),
            chess960: false,
            infinite: false,
            held: None,
            pondering: None,
            strength: Strength::default(),
        };
        engine.load_network();
        Ok(engine)
    }

    fn send(&mut self, line: &str) {
        log::debug!("> {line}");
        // A GUI that has gone away cannot be told anything more.
        let _ = writeln!(self.out, "{line}");
        let _ = self.out.flush();
    }

    /// What went wrong with `line`, as UCI reports it; nothing changes.
    fn error(&mut self, what: impl std::fmt::Display, line: &str) {
        self.send(&format!("info string error: {what}: {line}"));
    }

    /// One command line; false means quit.
    fn command(&mut self, line: &str) -> bool {
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match command {
            "" => {}
            "uci" => self.identify(),
            "isready" => self.send("readyok"),
            "setoption" => self.set_option(rest, line),
            "ucinewgame" => self.new_game(),
            "position" => self.position(rest, line),
            "go" => self.go(rest, line),
            "stop" => self.stop(),
            "ponderhit" => self.ponder_hit(line),
            "quit" => return false,
            _ => self.error("unknown command", line),
        }
        true
    }

    /// `uci`: the engine's name and options, then `uciok`.
    fn identify(&mut self) {
        self.send(&format!("id name Griffon {}", env!("CARGO_PKG_VERSION")));
        self.send("id author the Griffon developers");
        // Fairy-Stockfish's names: `chess` for the standard game.
        let names: Vec<String> = self
            .set
            .iter()
            .map(|v| uci_variant_name(v).to_string())
            .collect();
        let current = uci_variant_name(&self.variant).to_string();
        let vars: String = names.iter().map(|n| format!(" var {n}")).collect();
        self.send(&format!(
            "option name UCI_Variant type combo default {current}{vars}"
        ));
        self.send("option name VariantPath type string default <empty>");
        self.send(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max 65536"
        ));
        self.send("option name Threads type spin default 1 min 1 max 256");
        // The GUI's switch: it sends `go ponder` only when this is on.
        self.send("option name Ponder type check default false");
        self.send("option name Clear Hash type button");
        self.send("option name Move Overhead type spin default 50 min 0 max 5000");
        self.send("option name UCI_Chess960 type check default false");
        self.send("option name UCI_AnalyseMode type check default false");
        self.send(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
        ));
        let strength = Strength::default();
        self.send(&format!(
            "option name Skill Level type spin default {} min 0 max {MAX_SKILL}",
            strength.skill_level
        ));
        self.send("option name UCI_LimitStrength type check default false");
        self.send(&format!(
            "option name UCI_Elo type spin default {} min {MIN_ELO} max {MAX_ELO}",
            strength.elo
        ));
        self.send("uciok");
    }

    /// `setoption name NAME [value VALUE]` (names are matched without
    /// regard to case, as the protocol asks).
    fn set_option(&mut self, rest: &str, line: &str) {
        let Some(rest) = rest.strip_prefix("name ") else {
            return self.error("expected 'name'", line);
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        let number = |v: &str| v.parse::<u64>().map_err(|_| format!("not a number: {v}"));
        // A spin option's value: out of its range is an error, not clamped.
        let spin = |v: &str, min: u64, max: u64| {
            number(v).and_then(|n| {
                (min..=max)
                    .contains(&n)
                    .then_some(n)
                    .ok_or_else(|| format!("{n} is outside {min}..{max}"))
            })
        };
        let flag = |v: &str| match v {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(format!("not true or false: {v}")),
        };
        self.think.stop();
        let result = match name.to_ascii_lowercase().as_str() {
            "uci_variant" => self.set_variant(value),
            "variantpath" => self.load_variant_file(value),
            "hash" => number(value).and_then(|mb| {
                self.think
                    .set_memory(mb.clamp(1, 65536) as usize)
                    .map_err(|kept| format!("cannot allocate it; the table has {kept} MB"))
            }),
            "threads" => number(value).map(|n| self.think.set_cores(n.clamp(1, 256) as usize)),
            "clear hash" => {
                if let Some(s) = self.think.searcher() {
                    s.clear();
                }
                Ok(())
            }
            "move overhead" => {
                number(value).map(|ms| self.overhead = Duration::from_millis(ms.min(5000)))
            }
            "uci_chess960" => flag(value).map(|on| self.chess960 = on),
            "ponder" => flag(value).map(|_| ()),
            // Analysis and play search alike (without contempt).
            "uci_analysemode" => flag(value).map(|_| ()),
            "multipv" => {
                spin(value, 1, MAX_MULTIPV as u64).map(|n| self.think.multipv = n as usize)
            }
            "skill level" => spin(value, 0, u64::from(MAX_SKILL))
                .map(|n| self.set_strength(|s| s.skill_level = n as u32)),
            "uci_limitstrength" => {
                flag(value).map(|on| self.set_strength(|s| s.limit_strength = on))
            }
            "uci_elo" => spin(value, u64::from(MIN_ELO), u64::from(MAX_ELO))
                .map(|elo| self.set_strength(|s| s.elo = elo as u32)),
            _ => Err("unknown option".into()),
        };
        if let Err(e) = result {
            self.error(e, line);
        }
    }

    /// A change to the strength options, and the level it makes.
    fn set_strength(&mut self, change: impl FnOnce(&mut Strength)) {
        change(&mut self.strength);
        self.think.skill = self.strength.skill();
    }

    /// `UCI_Variant`: another variant, at its start position.
    fn set_variant(&mut self, name: &str) -> Result<(), String> {
        let variant = self
            .set
            .get(name)
            .or_else(|| self.set.iter().find(|v| v.is_called(name)))
            .cloned()
            .ok_or_else(|| format!("unknown variant {name}"))?;
        let rules = Rules::new(variant.clone()).map_err(|e| e.to_string())?;
        let pos = Position::start(rules.clone()).map_err(|e| e.to_string())?;
        let eval = Evaluator::with_optional(&rules, None);
        self.think.change_variant(&pos, eval);
        self.variant = variant;
        self.rules = rules;
        self.game = Game::new(pos);
        self.load_network();
        Ok(())
    }

    /// `VariantPath`: the variants of a variants.ini join the built-ins
    /// (a section with an error is reported and skipped).
    fn load_variant_file(&mut self, path: &str) -> Result<(), String> {
        if path.is_empty() || path == "<empty>" {
            return Ok(());
        }
        let loaded = self.set.load_file(path);
        if let Some(e) = loaded
            .errors
            .iter()
            .find(|e| matches!(e, VariantError::Io { .. }))
        {
            return Err(e.to_string());
        }
        for e in &loaded.errors {
            log::error!("{e}");
        }
        if !loaded.skipped.is_empty() {
            let skipped = loaded.skipped.join(", ");
            self.send(&format!("info string {path}: not loaded: {skipped}"));
        }
        Ok(())
    }

    /// The variant's own network, where it has one.
    fn load_network(&mut self) {
        let (net, problem) = NetChoice::Own.load_reporting(&self.rules);
        if let Some(problem) = problem {
            log::warn!("{problem}");
            self.send(&format!("info string network not used: {problem}"));
        }
        if let Some(s) = self.think.searcher() {
            s.set_network(net);
        }
    }

    /// `ucinewgame`: an empty table and the start position.
    fn new_game(&mut self) {
        self.think.stop();
        self.held = None;
        if let Some(s) = self.think.searcher() {
            s.clear();
        }
        if let Ok(pos) = Position::start(self.rules.clone()) {
            self.game = Game::new(pos);
        }
    }

    /// `position startpos|fen FEN [moves M...]`: the game to search next.
    /// On any error the game stays as it was.
    fn position(&mut self, rest: &str, line: &str) {
        self.think.stop();
        let (setup, moves) = match rest.split_once(" moves") {
            Some((s, m)) => (s.trim(), m.trim()),
            None => (rest.trim(), ""),
        };
        let pos = if setup == "startpos" {
            Position::start(self.rules.clone())
        } else if let Some(fen) = setup.strip_prefix("fen ") {
            Position::from_fen(self.rules.clone(), fen.trim())
        } else {
            return self.error("expected 'startpos' or 'fen'", line);
        };
        let mut game = match pos {
            Ok(pos) => Game::new(pos),
            Err(e) => return self.error(format!("bad position: {e}"), line),
        };
        for text in moves.split_whitespace() {
            let mut pos = game.position().clone();
            match parse_uci_move(&mut pos, text, self.chess960) {
                Ok(m) => game.play(m),
                Err(e) => return self.error(e, line),
            }
        }
        self.game = game;
    }

    /// `go`: search the game's position within the limits given.
    fn go(&mut self, rest: &str, line: &str) {
        self.think.stop();
        self.held = None;
        self.pondering = None;
        let mut words = rest.split_whitespace();
        let mut clock = [None, None];
        let mut inc = [Duration::ZERO; 2];
        let mut moves_to_go = 0;
        let mut move_time = None;
        let mut limits = Limits::default();
        let (mut infinite, mut ponder) = (false, false);
        let mut search_moves = Vec::new();
        while let Some(word) = words.next() {
            let mut number = || words.next().and_then(|w| w.parse::<i64>().ok());
            let ms = |n: i64| Duration::from_millis(n.max(0) as u64);
            match word {
                "wtime" | "btime" | "winc" | "binc" | "movestogo" | "movetime" | "depth"
                | "nodes" | "mate" => {
                    let Some(n) = number() else {
                        return self.error(format!("'{word}' needs a number"), line);
                    };
                    match word {
                        "wtime" => clock[0] = Some(ms(n)),
                        "btime" => clock[1] = Some(ms(n)),
                        "winc" => inc[0] = ms(n),
                        "binc" => inc[1] = ms(n),
                        "movestogo" => moves_to_go = n.clamp(0, 1000) as u32,
                        "movetime" => move_time = Some(ms(n)),
                        "depth" => limits.depth = Some(n.clamp(1, 1000) as u32),
                        "nodes" => limits.nodes = Some(n.max(1) as u64),
                        // A mate in n moves is found within 2n plies.
                        _ => limits.depth = Some((2 * n).clamp(1, 1000) as u32),
                    }
                }
                "infinite" => infinite = true,
                "ponder" => ponder = true,
                "searchmoves" => {
                    let mut pos = self.game.position().clone();
                    for text in words.by_ref() {
                        match parse_uci_move(&mut pos, text, self.chess960) {
                            Ok(m) => search_moves.push(m),
                            Err(e) => return self.error(e, line),
                        }
                    }
                }
                _ => return self.error(format!("unknown word '{word}'"), line),
            }
        }
        let us = usize::from(self.game.position().side_to_move() == Color::Black);
        let timed = if let Some(t) = move_time {
            Timing::PerMove(t).limits(t, 0, self.overhead)
        } else if let Some(remaining) = clock[us] {
            let tc = TimeControl {
                moves: moves_to_go,
                base: remaining,
                increment: inc[us],
            };
            Timing::Clock(tc).limits(remaining, 0, self.overhead)
        } else {
            Limits::default()
        };
        if !infinite {
            limits.soft_time = timed.soft_time;
            limits.hard_time = timed.hard_time;
        }
        // Pondering searches without a clock until `ponderhit` or `stop`.
        if ponder {
            self.pondering = Some(limits);
            limits = Limits::default();
        }
        let excluded: Vec<Move> = if search_moves.is_empty() {
            Vec::new()
        } else {
            self.game
                .legal_moves()
                .iter()
                .copied()
                .filter(|m| !search_moves.contains(m))
                .collect()
        };
        if let Some(s) = self.think.searcher() {
            s.excluded = excluded;
        }
        // No contempt yet: UCI has no option for it.
        let contempt = Contempt::default();
        self.infinite = infinite || ponder;
        if let Err(e) = self
            .think
            .start(Purpose::Move, &self.game, limits, contempt)
        {
            self.error(format!("cannot start the search: {e}"), line);
        }
    }

    /// `stop`: the search ends and its move is given.
    fn stop(&mut self) {
        self.infinite = false;
        self.pondering = None;
        if let Some(result) = self.held.take() {
            self.best_move(&result);
            return;
        }
        self.think.move_now();
    }

    /// `ponderhit`: the opponent played the move pondered on, and the
    /// clock is ours. A ponder search that has ended gives its move now;
    /// one still running gives way to a search with the clock of its
    /// `go`, which starts from the table the pondering filled, so the
    /// depth pondered comes back within moments. (The search's time
    /// limits count from its start, so it cannot take on a clock while it
    /// runs.)
    fn ponder_hit(&mut self, line: &str) {
        let Some(limits) = self.pondering.take() else {
            return self.error("not pondering", line);
        };
        self.infinite = false;
        if let Some(result) = self.held.take() {
            return self.best_move(&result);
        }
        self.think.stop();
        if let Err(e) = self
            .think
            .start(Purpose::Move, &self.game, limits, Contempt::default())
        {
            self.error(format!("cannot start the search: {e}"), line);
        }
    }

    /// An iteration of the running search: an `info` line.
    fn info_line(&mut self, id: u64, info: &Info) {
        let Some(root) = self.think.reporting(id) else {
            return;
        };
        let mut pos = root.clone();
        let mut pv = String::new();
        for &m in &info.pv {
            pv.push(' ');
            pv.push_str(&uci_move(&pos, m, self.chess960));
            pos.make(m);
        }
        let line = format!(
            "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv{pv}",
            info.depth,
            info.seldepth,
            info.multipv,
            uci_score(info.score),
            info.nodes,
            info.nps(),
            info.hashfull,
            info.elapsed.as_millis(),
        );
        self.send(&line);
    }

    /// A search ended: its move, now or (`go infinite`) at `stop`.
    fn search_done(&mut self, done: Done) {
        let Some((_, result)) = self.think.finish(done) else {
            return;
        };
        if self.infinite {
            self.held = Some(result);
        } else {
            self.best_move(&result);
        }
    }

    fn best_move(&mut self, result: &SearchResult) {
        let mut pos = self.game.position().clone();
        let Some(best) = result.best else {
            return self.send("bestmove (none)");
        };
        let mut line = format!("bestmove {}", uci_move(&pos, best, self.chess960));
        if let Some(ponder) = result.ponder {
            pos.make(best);
            line += &format!(" ponder {}", uci_move(&pos, ponder, self.chess960));
        }
        self.send(&line);
    }
}

impl<W: Write> FrontEnd for Engine<W> {
    fn thinker(&mut self) -> &mut Thinker {
        &mut self.think
    }

    fn line(&mut self, line: &str) -> bool {
        self.command(line)
    }

    fn overlong(&mut self, head: &str, len: usize) {
        self.error(
            format!("line of {len} bytes, longer than {MAX_LINE}: ignored"),
            &format!("{head}..."),
        );
    }

    fn iteration(&mut self, id: u64, info: &Info) {
        self.info_line(id, info);
    }

    fn finished(&mut self, done: Done) {
        self.search_done(done);
    }
}
