//! The engine loop of the UCI family: events in (lines from the reader
//! thread, iterations and results from the search thread), replies out.
//! The handshake (`uci`, `usi`, `ucci`) sets the [`Dialect`], which
//! decides how options, moves, positions, scores and `go` read. The
//! variant is the `UCI_Variant` option (`USI_Variant` in USI); a
//! `position` command replaces the whole game; `go` searches it and ends
//! with `bestmove`.

use super::dialect::{Dialect, mate_plies};
use super::go::Go;
use super::notation::{dialect_move, parse_dialect_move};
use super::variant_name as uci_variant_name;
use crate::book::XBoardState;
use crate::engine::FrontEnd;
use crate::engine::book::PlayBook;
use crate::engine::input::{Event, MAX_LINE};
use crate::engine::options::{DECLARED, EngineOption, Left, Options};
use crate::engine::think::{Contempt, Done, Purpose, Thinker};
use crate::eval::Evaluator;
use crate::game::Game;
use crate::position::{Position, Rules};
use crate::rng::Rng;
use crate::search::{Info, Limits, SearchResult};
use crate::types::Move;
use crate::variant::{Variant, VariantError, VariantSet};
use crossbeam::channel::Sender;
use std::io::Write;
use std::sync::Arc;
use std::time::Duration;

/// Hash table megabytes until `Hash` says otherwise.
const DEFAULT_HASH_MB: usize = 64;

/// The protocol's options every dialect offers, by their UCI names (each
/// dialect's spelling comes from [`Dialect::option_name`]); Griffon's own
/// follow them ([`DECLARED`]).
const OPTIONS: [&str; 9] = [
    "UCI_Variant",
    "VariantPath",
    "Hash",
    "Threads",
    "Clear Hash",
    "Ponder",
    "UCI_Chess960",
    "UCI_AnalyseMode",
    "usemillisec",
];

/// The engine's state.
pub(super) struct Engine<W: Write> {
    out: W,
    dialect: Dialect,
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
    /// The running search is USI's `go mate`: it ends with `checkmate`.
    checkmate: bool,
    /// The principal variation of the running search's last iteration.
    pv: Vec<Move>,
    /// UCCI's `banmoves`: moves not to play, until the next `position`.
    banned: Vec<Move>,
    /// UCCI's `usemillisec`: `go` times in milliseconds, not seconds.
    millis: bool,
    /// The running search is `go ponder`: the limits of the search to run
    /// at `ponderhit`.
    pondering: Option<Limits>,
    /// `UCI_AnalyseMode`: searches analyse, without contempt.
    analyse: bool,
    /// Griffon's own options (contempt, network, tablebases, strength).
    options: Options,
    book: PlayBook,
    /// Book choices and evaluation noise seeds.
    rng: Rng,
}

impl<W: Write> Engine<W> {
    pub(super) fn new(
        out: W,
        events_tx: Sender<Event>,
        set: VariantSet,
        dialect: Dialect,
    ) -> Result<Self, String> {
        let name = dialect.default_variant();
        let variant = set
            .get(name)
            .ok_or_else(|| format!("the built-in variant '{name}' is missing"))?
            .clone();
        let rules = Rules::new(variant.clone()).map_err(|e| e.to_string())?;
        let pos = Position::start(rules.clone()).map_err(|e| e.to_string())?;
        let pos_for_book = pos.clone();
        let mut engine = Engine {
            out,
            dialect,
            set,
            variant,
            rules,
            think: Thinker::new(&pos, events_tx, DEFAULT_HASH_MB),
            game: Game::new(pos),
            overhead: Duration::from_millis(50),
            chess960: false,
            infinite: false,
            held: None,
            checkmate: false,
            pv: Vec::new(),
            banned: Vec::new(),
            millis: true,
            pondering: None,
            analyse: false,
            options: Options::default(),
            book: PlayBook::new(&pos_for_book),
            rng: Rng(std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)),
        };
        engine.open_book();
        engine.load_network();
        Ok(engine)
    }

    fn send(&mut self, line: &str) {
        log::debug!("> {line}");
        // A GUI that has gone away cannot be told anything more.
        let _ = writeln!(self.out, "{line}");
        let _ = self.out.flush();
    }

    /// What went wrong with `line`, as an `info string` in every dialect
    /// (a GUI shows it and reads on); nothing changes.
    fn error(&mut self, what: impl std::fmt::Display, line: &str) {
        self.send(&format!("info string error: {what}: {line}"));
    }

    /// One command line; false means quit.
    fn command(&mut self, line: &str) -> bool {
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        if let Some(dialect) = Dialect::from_handshake(command) {
            self.handshake(dialect);
            return true;
        }
        match command {
            "" => {}
            "isready" => self.send("readyok"),
            "setoption" => self.set_option(rest, line),
            "ucinewgame" | "usinewgame" | "uccinewgame" => self.new_game(),
            "position" => self.position(rest, line),
            "banmoves" => self.ban_moves(rest, line),
            "go" => self.go(rest, line),
            "stop" => self.stop(),
            "ponderhit" => self.ponder_hit(line),
            // USI: the game is over; its result needs no answer.
            "gameover" => {
                self.think.stop();
                self.held = None;
            }
            "quit" => {
                if self.dialect == Dialect::Ucci {
                    self.send("bye");
                }
                return false;
            }
            _ => self.error("unknown command", line),
        }
        true
    }

    /// `uci`, `usi` or `ucci`: that dialect from now on, its own game at
    /// its start (as Fairy-Stockfish does), the engine's name and
    /// options, then `uciok`, `usiok` or `ucciok`.
    fn handshake(&mut self, dialect: Dialect) {
        self.think.stop();
        self.held = None;
        self.dialect = dialect;
        if let Err(e) = self.set_variant(dialect.default_variant()) {
            self.error(e, dialect.handshake());
        }
        self.identify();
    }

    /// The engine's name and options, then the handshake's `ok`.
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
        for name in OPTIONS {
            let spec = match name {
                "UCI_Variant" => format!("type combo default {current}{vars}"),
                "VariantPath" => "type string default <empty>".into(),
                "Hash" => format!("type spin default {DEFAULT_HASH_MB} min 1 max 65536"),
                "Threads" => "type spin default 1 min 1 max 256".into(),
                "Clear Hash" => "type button".into(),
                "Move Overhead" => "type spin default 50 min 0 max 5000".into(),
                // Only UCCI's `go` has times in seconds.
                "usemillisec" if self.dialect == Dialect::Ucci => "type check default true".into(),
                "usemillisec" => continue,
                _ => "type check default false".into(),
            };
            let line = self.dialect.option_line(name, &spec);
            self.send(&line);
        }
        for declared in &DECLARED {
            if let Some(name) = declared.uci_name {
                let line = self.dialect.option_line(name, &declared.uci_spec());
                self.send(&line);
            }
        }
        self.send(&format!("{}ok", self.dialect.handshake()));
    }

    /// `setoption name NAME [value VALUE]`, or UCCI's `setoption NAME
    /// [VALUE]` (whose names have no spaces). Names are matched without
    /// regard to case, as the protocol asks, in their UCI spelling or the
    /// dialect's (`USI_Hash`, `hashsize`, `Clear_Hash`).
    fn set_option(&mut self, rest: &str, line: &str) {
        let (name, value) = match rest.strip_prefix("name ") {
            Some(rest) => match rest.split_once(" value ") {
                Some((n, v)) => (n.trim(), v.trim()),
                None => (rest.trim(), ""),
            },
            None if self.dialect == Dialect::Ucci && !rest.is_empty() => rest
                .split_once(' ')
                .map_or((rest, ""), |(n, v)| (n, v.trim())),
            None => return self.error("expected 'name'", line),
        };
        let dialect = self.dialect;
        let Some(name) = OPTIONS.into_iter().find(|o| dialect.names_option(name, o)) else {
            let own = DECLARED
                .iter()
                .find(|d| d.uci_name.is_some_and(|n| dialect.names_option(name, n)));
            return match own.map(|d| EngineOption::read(d, value)) {
                Some(Ok(option)) => self.apply(option, line),
                Some(Err(e)) => self.error(e, line),
                None => self.error("unknown option", line),
            };
        };
        let number = |v: &str| v.parse::<u64>().map_err(|_| format!("not a number: {v}"));
        let flag = |v: &str| match v {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(format!("not true or false: {v}")),
        };
        self.think.stop();
        let result = match name {
            "UCI_Variant" => self.set_variant(value),
            "VariantPath" => self.load_variant_file(value),
            "Hash" => number(value).and_then(|mb| {
                self.think
                    .set_memory(mb.clamp(1, 65536) as usize)
                    .map_err(|kept| format!("cannot allocate it; the table has {kept} MB"))
            }),
            "Threads" => number(value).map(|n| self.think.set_cores(n.clamp(1, 256) as usize)),
            "Clear Hash" => {
                if let Some(s) = self.think.searcher() {
                    s.clear();
                }
                Ok(())
            }
            // The GUI's switch: it sends `go ponder` only when it is on.
            "Ponder" => flag(value).map(|_| ()),
            "UCI_Chess960" => flag(value).map(|on| self.chess960 = on),
            "UCI_AnalyseMode" => flag(value).map(|on| self.analyse = on),
            _ => flag(value).map(|on| self.millis = on),
        };
        if let Err(e) = result {
            self.error(e, line);
        }
    }

    /// One of Griffon's own options (the XBoard engine's too).
    fn apply(&mut self, option: EngineOption, line: &str) {
        self.think.stop();
        let left = self.options.apply(
            option,
            &mut self.think,
            &mut self.book,
            &self.rules,
            &mut self.rng,
        );
        match left {
            Left::Nothing => {}
            Left::Tell(what) => self.error(what, line),
            Left::Overhead(t) => self.overhead = t,
        }
    }

    /// The variant's book: the `Book File` option's or its own.
    fn open_book(&mut self) {
        if let Err(e) = self.book.open(&self.variant) {
            self.send(&format!("info string {e}"));
        }
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
        self.book
            .set_start(pos.clone(), XBoardState::at_start(&pos));
        self.variant = variant;
        self.rules = rules;
        self.game = Game::new(pos);
        self.load_network();
        self.open_book();
        self.options.open_tablebases(&mut self.think, &self.rules);
        self.options.reseed_noise(&mut self.think, &mut self.rng);
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

    /// The network the options choose (the variant's own by default).
    fn load_network(&mut self) {
        if let Left::Tell(what) = self.options.load_network(&mut self.think, &self.rules) {
            self.send(&format!("info string {what}"));
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
            self.book
                .set_start(pos.clone(), XBoardState::at_start(&pos));
            self.game = Game::new(pos);
        }
        self.options.reseed_noise(&mut self.think, &mut self.rng);
    }

    /// `position startpos|fen FEN|sfen SFEN [moves M...]`: the game to
    /// search next (SFEN in any dialect, as in Fairy-Stockfish). On any
    /// error the game stays as it was.
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
        } else if let Some(sfen) = setup.strip_prefix("sfen ") {
            Position::from_sfen(self.rules.clone(), sfen.trim())
        } else {
            return self.error("expected 'startpos', 'fen' or 'sfen'", line);
        };
        let mut game = match pos {
            Ok(pos) => Game::new(pos),
            Err(e) => return self.error(format!("bad position: {e}"), line),
        };
        // Book keys hash what XBoard knows of the start: all of it for
        // the variant's own start position, none for a set-up one.
        let xboard = if setup == "startpos" {
            XBoardState::at_start(game.position())
        } else {
            XBoardState::default()
        };
        let start = (game.position().clone(), xboard);
        for text in moves.split_whitespace() {
            let mut pos = game.position().clone();
            match parse_dialect_move(&mut pos, text, self.dialect, self.chess960) {
                Ok(m) => game.play(m),
                Err(e) => return self.error(e, line),
            }
        }
        self.game = game;
        self.book.set_start(start.0, start.1);
        self.banned.clear();
    }

    /// UCCI's `banmoves M...`: moves of the current position the next
    /// searches must not play (until the next `position`).
    fn ban_moves(&mut self, rest: &str, line: &str) {
        let mut banned = Vec::new();
        for text in rest.split_whitespace() {
            match self.parse_move(text) {
                Ok(m) => banned.push(m),
                Err(e) => return self.error(e, line),
            }
        }
        self.banned.extend(banned);
    }

    /// A legal move of the game's position in the dialect's notation.
    fn parse_move(&self, text: &str) -> Result<Move, String> {
        let mut pos = self.game.position().clone();
        parse_dialect_move(&mut pos, text, self.dialect, self.chess960)
    }

    /// `m` of `pos` in the dialect's notation.
    fn move_text(&self, pos: &Position, m: Move) -> String {
        dialect_move(pos, m, self.dialect, self.chess960)
    }

    /// `go`: search the game's position within the limits given.
    fn go(&mut self, rest: &str, line: &str) {
        self.think.stop();
        self.held = None;
        self.pondering = None;
        let us = self.game.position().side_to_move();
        let go = match Go::parse(rest, self.dialect, us, self.millis) {
            Ok(go) => go,
            Err(e) => return self.error(e, line),
        };
        let mut search_moves = Vec::new();
        for text in &go.search_moves {
            match self.parse_move(text) {
                Ok(m) => search_moves.push(m),
                Err(e) => return self.error(e, line),
            }
        }
        let excluded: Vec<Move> = self
            .game
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| {
                self.banned.contains(m) || !search_moves.is_empty() && !search_moves.contains(m)
            })
            .collect();
        let excluded_none = excluded.is_empty();
        if let Some(s) = self.think.searcher() {
            s.excluded = excluded;
        }
        self.infinite = go.infinite || go.ponder;
        self.checkmate = go.checkmate;
        self.pv.clear();
        let mut limits = go.limits(us, self.overhead);
        // Pondering searches without a clock until `ponderhit` or `stop`.
        if go.ponder {
            self.pondering = Some(limits);
            limits = Limits::default();
        }
        // A move to play now, from the book (not when the GUI restricts
        // the moves, asks for a mate, ponders or analyses).
        let free = excluded_none && !self.infinite && !self.checkmate && !self.analyse;
        if free && let Some(m) = self.book.pick(&self.game, &mut self.rng) {
            let pos = self.game.position().clone();
            let text = self.move_text(&pos, m);
            return self.send(&format!("bestmove {text}"));
        }
        if let Err(e) = self.search(limits) {
            self.error(format!("cannot start the search: {e}"), line);
        }
    }

    /// A search of the game's position for a move, with the options'
    /// contempt unless the GUI analyses.
    fn search(&mut self, limits: Limits) -> std::io::Result<()> {
        let contempt = if self.analyse {
            Contempt::default()
        } else {
            Contempt {
                draw: self.options.contempt,
                trade: self.options.trade_contempt,
                pawn_trade: self.options.pawn_trade_contempt,
            }
        };
        self.think
            .start(Purpose::Move, &self.game, limits, contempt)
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
        if let Err(e) = self.search(limits) {
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
            pv.push_str(&dialect_move(&pos, m, self.dialect, self.chess960));
            pos.make(m);
        }
        self.pv.clone_from(&info.pv);
        // `go mate` asks for a mate, not the best one: the first found ends it.
        if self.checkmate && mate_plies(info.score).is_some_and(|plies| plies > 0) {
            self.think.move_now();
        }
        let line = format!(
            "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv{pv}",
            info.depth,
            info.seldepth,
            info.multipv,
            self.dialect.score(info.score),
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
        if std::mem::take(&mut self.checkmate) {
            return self.checkmate_answer(result);
        }
        let mut pos = self.game.position().clone();
        let Some(best) = result.best else {
            return self.send(self.dialect.no_move());
        };
        let mut line = format!("bestmove {}", self.move_text(&pos, best));
        if let Some(ponder) = result.ponder {
            pos.make(best);
            line += &format!(" ponder {}", self.move_text(&pos, ponder));
        }
        self.send(&line);
    }

    /// USI's answer to `go mate`: the mating line, `nomate` when there
    /// is no move (the side to move is already mated), else `timeout`, as
    /// the search proves no absence of a mate.
    fn checkmate_answer(&mut self, result: &SearchResult) {
        let mating = mate_plies(result.score).is_some_and(|plies| plies > 0)
            && self.pv.first() == result.best.as_ref();
        if result.best.is_none() {
            return self.send("checkmate nomate");
        }
        if !mating {
            return self.send("checkmate timeout");
        }
        let mut pos = self.game.position().clone();
        let mut line = String::from("checkmate");
        for &m in &self.pv {
            line.push(' ');
            line.push_str(&self.move_text(&pos, m));
            pos.make(m);
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
