//! The XBoard/CECP engine (protocol 2 with H.G. Muller's extensions): the
//! only module that writes protocol lines.
//!
//! A reader thread turns standard input into events; searches run on their
//! own thread and report back through channels, so `?`, `.`, `force`,
//! `ping` and `quit` are answered while the engine thinks. Every command
//! that would change the game first stops a running search. Bad input gets
//! `Error (...)` or `Illegal move (...)` and leaves the game as it was.

pub mod setup;

pub use setup::as_xboard_referees;

use crate::game::Game;
use crate::judge::{EndReason, Outcome};
use crate::notation::move_text;
use crate::position::{Position, Rules};
use crate::search::{
    Info, Limits, Reporter, SearchResult, Searcher, TimeControl, Timing, xboard_score,
};
use crate::types::{Color, Move};
use crate::variant::{Variant, VariantSet};
use crossbeam::channel::{Receiver, Sender, unbounded};
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

/// Stack size for search threads: each ply keeps move lists on the stack.
use crate::search::SEARCH_STACK;

/// Megabytes the engine takes until XBoard's `memory` says otherwise.
const DEFAULT_MEMORY_MB: usize = 64;

/// Default of option `Trade Contempt` (centipawns with every piece on).
const TRADE_CONTEMPT: i32 = 100;

/// Default of option `Pawn Trade Contempt` (centipawns with every pawn on).
const PAWN_TRADE_CONTEMPT: i32 = 0;

/// The hash table's share of XBoard's `memory` (megabytes for the whole
/// engine) when searching with `threads` threads, so that the process
/// stays within it. The rest of the engine (code and libraries, about
/// 7 MB; the variant's trajectory tables and positions; each thread's
/// stack, history tables and 1 MB continuation history) came to at most
/// 11.4 MB with one thread once a session had loaded every built-in
/// variant in turn, and about 2.5 MB more per thread
/// (`tools/hardening/limits.py`; per-variant buffers are reused, not freed
/// and taken again, so the allocator does not pile up freed blocks). The
/// reserve, 11 MB and 3 MB per thread, covers that; when `memory` cannot
/// hold the reserve the table gets the smallest size, 1 MB, and the bound
/// is the engine's own.
fn hash_megabytes(memory: usize, threads: usize) -> usize {
    let reserve = 11 + 3 * threads.clamp(1, 256);
    memory.saturating_sub(reserve).max(1)
}

enum Event {
    Line(String),
    /// A line over [`MAX_LINE`] bytes: its start and its length.
    Overlong(String, usize),
    Eof,
    Info(u64, Info),
}

struct Done {
    id: u64,
    result: SearchResult,
    searcher: Box<Searcher>,
}

/// Sends iteration reports from the search thread to the protocol loop.
struct ChannelReporter {
    id: u64,
    tx: Sender<Event>,
}

impl Reporter for ChannelReporter {
    fn iteration(&mut self, _: &Position, info: &Info) {
        let _ = self.tx.send(Event::Info(self.id, info.clone()));
    }
}

/// Why the engine searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// To play a move.
    Move,
    /// Analyze mode: until told otherwise.
    Analyze,
}

struct Running {
    id: u64,
    purpose: Purpose,
    stop: Arc<AtomicBool>,
    handle: JoinHandle<()>,
    /// The position searched (for formatting thinking output).
    root: Position,
}

/// Engine settings and game state.
struct Engine<W: Write> {
    out: W,
    set: VariantSet,
    variant: Arc<Variant>,
    rules: Arc<Rules>,
    game: Game,
    searcher: Option<Box<Searcher>>,
    running: Option<Running>,
    next_id: u64,
    events_tx: Sender<Event>,
    done_tx: Sender<Done>,
    done_rx: Receiver<Done>,
    force: bool,
    engine_color: Color,
    post: bool,
    analyze: bool,
    /// The squares of the last `lift` and `put` (XBoard's piece dragging),
    /// for showing the second leg of a multi-leg move.
    lifted: Option<crate::types::Sq>,
    put: Option<crate::types::Sq>,
    paused: bool,
    time_control: Timing,
    depth_limit: Option<u32>,
    nps: Option<u64>,
    our_time: Duration,
    moves_played: u32,
    memory_mb: usize,
    /// Whether the hash table has `memory_mb`'s size yet. It is sized at
    /// the first search or `memory`, not at start-up: XBoard sends
    /// `memory` before the first search, and a default-sized table taken
    /// before that would already have broken a smaller limit.
    table_sized: bool,
    /// Search threads (XBoard `cores`).
    cores: usize,
    /// Evaluation weights from `--params`; `None`: each variant's own
    /// (`evalWeights` over the defaults).
    params: Option<crate::eval::Params>,
    /// Directory of Griffon tablebase files (`egtpath griffon DIR`, the
    /// `Tablebase Path` option or `--tb-path`).
    tb_path: Option<std::path::PathBuf>,
    overhead: Duration,
    protover: u32,
    /// Set once the game ended by rule (or a `result` arrived).
    game_over: bool,
    edit_color: Color,
    editing: bool,
    /// The board being set up in `edit` mode (dense squares, FEN letters).
    edit_board: Option<Vec<Option<String>>>,
    /// Resign below minus this many centipawns; 0 = never.
    resign_threshold: i64,
    /// The threshold the option sets when resigning is switched on.
    resign_setting: i64,
    /// Centipawns a draw costs us in play (option `Contempt`); analysis
    /// scores draws as level.
    contempt: i32,
    /// Option `Trade Contempt`: centipawns our evaluation gains with every
    /// piece still in the game, less as pieces come off.
    trade_contempt: i32,
    /// Option `Pawn Trade Contempt`: the same for pawns, by count.
    pawn_trade_contempt: i32,
    /// Our consecutive moves with a score below the threshold.
    hopeless_moves: u32,
    /// Option `Book File`: a book for every variant; empty: each
    /// variant's own `books/VARIANT.bin` where there is one.
    book_file: Option<std::path::PathBuf>,
    /// The book in use for the current variant, with its key function.
    book: Option<(Arc<crate::book::Book>, crate::book::BookHasher)>,
    /// The file and variant `book` was read for.
    book_loaded: Option<(std::path::PathBuf, String)>,
    /// Option `Book Depth`: moves per side played from the book.
    book_depth: u32,
    /// Option `Book Variety`: 0 the heaviest move always, 50 in proportion
    /// to weight, 100 all alike.
    book_variety: u32,
    book_rng: crate::rng::Rng,
    /// The game's start position, with what XBoard holds there beyond it
    /// (see [`crate::book::XBoardState`]): book keys replay the game from
    /// it.
    book_start: Box<(Position, crate::book::XBoardState)>,
    /// Option `Eval Noise`: centipawns of noise in every evaluation, with
    /// a new seed each game (self-play for opening books).
    eval_noise: i32,
    /// The score (centipawns, our view) of our last move's search.
    last_score: Option<i64>,
}

/// Run the engine on standard input and output until `quit` or end of
/// input, offering the built-in variants and those of `variant_files`.
pub fn run(variant_files: &[std::path::PathBuf]) -> Result<(), String> {
    run_with(variant_files, None, None)
}

/// The engine with evaluation weights `params` (from `griffon tune`) in
/// every variant instead of each variant's own.
pub fn run_with(
    variant_files: &[std::path::PathBuf],
    params: Option<crate::eval::Params>,
    tb_path: Option<std::path::PathBuf>,
) -> Result<(), String> {
    let mut set = VariantSet::builtin().map_err(|e| e.to_string())?;
    for path in variant_files {
        let loaded = set.load_file(path).map_err(|e| e.to_string())?;
        for w in &loaded.warnings {
            log::warn!("{w}");
        }
    }
    let (tx, rx) = unbounded();
    let reader_tx = tx.clone();
    std::thread::spawn(move || read_lines(std::io::stdin().lock(), &reader_tx));
    let stdout = std::io::stdout();
    let mut engine = Engine::new(stdout.lock(), tx, set)?;
    engine.set_params(params);
    if tb_path.is_some() {
        engine.set_tb_path(tb_path);
    }
    engine.run(rx);
    Ok(())
}

/// The longest protocol line the engine reads whole. XBoard's longest
/// lines (a `setboard` of a 16x16 board, a `setup` with piece lines) are a
/// few hundred bytes; anything longer is reported and skipped, so that no
/// input can make the engine hold unbounded memory.
pub const MAX_LINE: usize = 1 << 16;

/// Reads protocol lines from `input` until its end, then sends `Eof`. A
/// line is the bytes up to a newline, without a final `\r` (WinBoard's
/// line ends); bytes that are not UTF-8 become U+FFFD, so no byte sequence
/// ends the engine's input early. A line longer than [`MAX_LINE`] arrives
/// as `Overlong`, with its start and length.
fn read_lines(mut input: impl BufRead, tx: &Sender<Event>) {
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
    let mut engine = Engine::with_memory(&mut out, tx, set, memory_mb)?;
    engine.run(rx);
    drop(engine);
    Ok(out)
}

impl<W: Write> Engine<W> {
    /// Evaluate with these weights from now on.
    fn set_params(&mut self, params: Option<crate::eval::Params>) {
        self.params = params;
        if let Some(s) = self.searcher.as_mut() {
            s.eval = crate::eval::Evaluator::with_optional(&self.rules, self.params.clone());
        }
        self.apply_noise();
    }

    fn new(out: W, events_tx: Sender<Event>, set: VariantSet) -> Result<Engine<W>, String> {
        Self::with_memory(out, events_tx, set, DEFAULT_MEMORY_MB)
    }

    fn with_memory(
        out: W,
        events_tx: Sender<Event>,
        set: VariantSet,
        memory_mb: usize,
    ) -> Result<Engine<W>, String> {
        let variant = set
            .get("normal")
            .ok_or("the built-in variant 'normal' is missing")?
            .clone();
        let rules = Rules::new(variant.clone()).map_err(|e| e.to_string())?;
        let pos = Position::start(rules.clone()).map_err(|e| e.to_string())?;
        let (done_tx, done_rx) = unbounded();
        let searcher = Searcher::new(&pos, 1, Arc::new(AtomicBool::new(false)));
        Ok(Engine {
            out,
            set,
            variant,
            rules,
            book_start: Box::new((pos.clone(), crate::book::XBoardState::at_start(&pos))),
            game: Game::new(pos),
            searcher: Some(Box::new(searcher)),
            running: None,
            next_id: 0,
            events_tx,
            done_tx,
            done_rx,
            force: false,
            engine_color: Color::Black,
            post: true,
            analyze: false,
            lifted: None,
            put: None,
            paused: false,
            time_control: Timing::default(),
            depth_limit: None,
            nps: None,
            our_time: Duration::from_secs(300),
            moves_played: 0,
            memory_mb,
            table_sized: false,
            cores: 1,
            params: None,
            tb_path: None,
            overhead: Duration::from_millis(50),
            protover: 1,
            game_over: false,
            edit_color: Color::White,
            editing: false,
            edit_board: None,
            resign_threshold: 0,
            resign_setting: 900,
            contempt: 20,
            trade_contempt: TRADE_CONTEMPT,
            pawn_trade_contempt: PAWN_TRADE_CONTEMPT,
            hopeless_moves: 0,
            last_score: None,
            book_file: None,
            book: None,
            book_loaded: None,
            book_depth: 20,
            book_variety: 50,
            eval_noise: 0,
            // Seeded from the clock: book choices differ between games.
            book_rng: crate::rng::Rng(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as u64),
            ),
        })
    }

    fn send(&mut self, line: &str) {
        // Errors echo what they got; control characters from hostile
        // input would reach the GUI as line breaks or worse. (A tab is
        // ours: it separates the PV in thinking output.)
        let hostile = |c: char| c.is_control() && c != '\t';
        if line.contains(hostile) {
            let clean: String = line
                .chars()
                .map(|c| if hostile(c) { '?' } else { c })
                .collect();
            let _ = writeln!(self.out, "{clean}");
        } else {
            let _ = writeln!(self.out, "{line}");
        }
        let _ = self.out.flush();
    }

    fn run(&mut self, rx: Receiver<Event>) {
        loop {
            let done_rx = self.done_rx.clone();
            crossbeam::select! {
                recv(rx) -> event => match event {
                    Ok(event) => {
                        if !self.event(event) {
                            break;
                        }
                    }
                    Err(_) => break,
                },
                recv(done_rx) -> done => {
                    if let Ok(done) = done {
                        // The search's last thinking lines may still be
                        // queued (the two channels race): show them before
                        // the move, and keep any input for after it.
                        let mut later = Vec::new();
                        while let Ok(event) = rx.try_recv() {
                            match event {
                                Event::Info(id, info) => self.thinking(id, &info),
                                other => later.push(other),
                            }
                        }
                        self.finished(done);
                        if !later.into_iter().all(|event| self.event(event)) {
                            break;
                        }
                    }
                }
            }
        }
        self.stop_search();
    }

    /// Handle one event; false when the engine should quit.
    fn event(&mut self, event: Event) -> bool {
        match event {
            Event::Line(line) => {
                log::debug!("< {line}");
                self.command(line.trim())
            }
            Event::Info(id, info) => {
                self.thinking(id, &info);
                true
            }
            Event::Overlong(head, len) => {
                let head: String = head.chars().take(40).collect();
                self.send(&format!(
                    "Error (line of {len} bytes, longer than {MAX_LINE}: ignored): {head}..."
                ));
                true
            }
            Event::Eof => false,
        }
    }

    // ----- searching -------------------------------------------------------

    fn start_search(&mut self, purpose: Purpose) {
        if self.running.is_some() || self.game_over && purpose == Purpose::Move {
            return;
        }
        if purpose == Purpose::Move
            && let Some(m) = self.book_move()
        {
            let text = move_text(self.game.position(), m);
            if self.post {
                // A PV in brackets: not a search (the protocol's way to
                // show a book move).
                self.send(&format!("0 0 0 0 ({text} book)"));
            }
            self.game.play(m);
            self.moves_played += 1;
            self.send(&format!("move {text}"));
            self.claim_result();
            return;
        }
        if !self.table_sized && !self.size_table(self.memory_mb) {
            log::warn!(
                "cannot allocate {} MB for the hash table; searching with 1 MB",
                self.memory_mb
            );
        }
        let Some(mut searcher) = self.searcher.take() else {
            return;
        };
        let id = self.next_id;
        self.next_id += 1;
        let stop = Arc::new(AtomicBool::new(false));
        searcher.set_stop(stop.clone());
        searcher.promoted_drops = false;
        searcher.contempt = match purpose {
            Purpose::Analyze => 0,
            Purpose::Move => self.contempt,
        };
        searcher.trade_contempt = match purpose {
            Purpose::Analyze => 0,
            Purpose::Move => self.trade_contempt,
        };
        searcher.pawn_trade_contempt = match purpose {
            Purpose::Analyze => 0,
            Purpose::Move => self.pawn_trade_contempt,
        };
        let mut limits = match purpose {
            Purpose::Analyze => Limits::default(),
            Purpose::Move => {
                self.time_control
                    .limits(self.our_time, self.moves_played, self.overhead)
            }
        };
        limits.depth = self.depth_limit;
        if let (Some(nps), Some(t)) = (self.nps, limits.hard_time) {
            // `nps`: the clock is counted in nodes.
            limits.nodes = Some((nps as f64 * t.as_secs_f64()).max(1.0) as u64);
            limits.soft_time = None;
            limits.hard_time = None;
        }
        let root = self.game.position().clone();
        let keys = self.game.keys().to_vec();
        let tx = self.events_tx.clone();
        let done_tx = self.done_tx.clone();
        let thread_root = root.clone();
        let handle = std::thread::Builder::new()
            .name("search".into())
            .stack_size(SEARCH_STACK)
            .spawn(move || {
                let mut reporter = ChannelReporter { id, tx };
                let result = searcher.search(&thread_root, &keys, limits, &mut reporter);
                let _ = done_tx.send(Done {
                    id,
                    result,
                    searcher,
                });
            });
        match handle {
            Ok(handle) => {
                self.running = Some(Running {
                    id,
                    purpose,
                    stop,
                    handle,
                    root,
                })
            }
            Err(e) => self.send(&format!("Error (cannot start search: {e}): go")),
        }
    }

    /// Gives the hash table its share of `mb` megabytes for the engine
    /// with `self.cores` threads, freeing the old table first so that the
    /// two never exist at once. `false` if the system refuses: the table
    /// then has 1 MB. Without a searcher (a search thread lost it) the
    /// size waits for the next one.
    fn size_table(&mut self, mb: usize) -> bool {
        let Some(s) = self.searcher.as_mut() else {
            self.memory_mb = mb;
            self.table_sized = false;
            return true;
        };
        s.tt = crate::search::TranspositionTable::new(1);
        self.table_sized = true;
        match crate::search::TranspositionTable::try_new(hash_megabytes(mb, self.cores)) {
            Some(tt) => {
                s.tt = tt;
                self.memory_mb = mb;
                true
            }
            None => false,
        }
    }

    /// Stop a running search and throw its result away.
    fn stop_search(&mut self) {
        let Some(running) = self.running.take() else {
            return;
        };
        running.stop.store(true, Ordering::Relaxed);
        // The search thread always reports back, so this does not block long.
        while let Ok(done) = self.done_rx.recv() {
            if done.id == running.id {
                self.searcher = Some(done.searcher);
                break;
            }
        }
        let _ = running.handle.join();
    }

    fn thinking(&mut self, id: u64, info: &Info) {
        let Some(running) = &self.running else { return };
        if running.id != id || !self.post {
            return;
        }
        let mut pos = running.root.clone();
        let mut pv = String::new();
        for &m in &info.pv {
            pv.push(' ');
            pv.push_str(&move_text(&pos, m));
            pos.make(m);
        }
        // XBoard's thinking line: ply score time nodes, then selective
        // depth, speed (nodes per second) and tablebase hits before the
        // tab.
        let line = format!(
            "{} {} {} {} {} {} 0\t{}",
            info.depth,
            xboard_score(info.score),
            info.elapsed.as_millis() / 10,
            info.nodes,
            info.seldepth,
            info.nps(),
            pv.trim_start()
        );
        self.send(&line);
    }

    fn finished(&mut self, done: Done) {
        let Some(running) = self.running.take_if(|r| r.id == done.id) else {
            // A stale search (stopped and discarded elsewhere).
            self.searcher = Some(done.searcher);
            return;
        };
        let _ = running.handle.join();
        self.searcher = Some(done.searcher);
        if running.purpose != Purpose::Move {
            return;
        }
        let score = crate::search::xboard_score(done.result.score);
        self.last_score = Some(score);
        // Resign (when the option is on) after three moves in a row that
        // score below the threshold.
        if self.resign_threshold > 0 && score < -self.resign_threshold {
            self.hopeless_moves += 1;
        } else {
            self.hopeless_moves = 0;
        }
        if self.resign_threshold > 0 && self.hopeless_moves >= 3 {
            self.game_over = true;
            self.send("resign");
            return;
        }
        match done.result.best {
            Some(m) => {
                let text = move_text(self.game.position(), m);
                self.game.play(m);
                self.moves_played += 1;
                self.send(&format!("move {text}"));
                self.claim_result();
            }
            None => {
                // No legal move: the game is over; say why.
                if !self.claim_result() {
                    self.send("resign");
                }
            }
        }
    }

    /// Take the opponent's draw offer when our last search saw us a pawn
    /// down, or no better than equal after the opening, or when the
    /// position is dead or drawn by the rules.
    fn accepts_draw(&mut self) -> bool {
        if self.game_over || self.analyze {
            return false;
        }
        if crate::judge::insufficient_material(self.game.position()) {
            return true;
        }
        if let Some(Outcome::Draw { .. }) = self.game.outcome() {
            // Drawn by the rules (XBoard could not verify our claim).
            return true;
        }
        match self.last_score {
            Some(s) => s <= -100 || (s <= 0 && self.game.position().fullmove_number() > 30),
            None => false,
        }
    }

    /// If the game is over by rule, say so; true when it is.
    fn claim_result(&mut self) -> bool {
        if let Some(outcome) = self.game.outcome() {
            let variant = &self.game.position().rules().variant;
            let known = variant.xboard.known_to_xboard;
            if known && setup::xboard_judges_itself(&outcome) {
                // XBoard rules on it when it sees fit; play on until then.
                return false;
            }
            if known
                && outcome
                    == (Outcome::Draw {
                        reason: EndReason::Repetition,
                    })
                && self.game.repetitions_since_irreversible() + 1 < variant.end.n_fold_rule as usize
            {
                // A repetition across captures whose pieces came back from
                // the holdings: XBoard counts only since the last capture
                // and would call the claim false. Offer the draw instead
                // (and accept one); play on meanwhile.
                self.send("offer draw");
                return false;
            }
            self.game_over = true;
            let text = outcome.to_string();
            if let Outcome::Draw { .. } = outcome {
                self.send("offer draw");
            }
            self.send(&text);
            return true;
        }
        false
    }

    /// After a change of the game: think if it is our turn.
    fn maybe_think(&mut self) {
        if self.analyze {
            self.stop_search();
            self.start_search(Purpose::Analyze);
            return;
        }
        if !self.force
            && !self.paused
            && !self.game_over
            && self.game.position().side_to_move() == self.engine_color
        {
            self.start_search(Purpose::Move);
        }
    }

    // ----- commands ---------------------------------------------------------

    /// Handle one command; false means quit.
    fn command(&mut self, line: &str) -> bool {
        if line.is_empty() {
            return true;
        }
        if self.editing {
            self.edit_command(line);
            return true;
        }
        let (cmd, arg) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(c, a)| (c, a.trim()));
        match cmd {
            "xboard" | "random" | "computer" | "name" | "rating" | "ics" | "accepted"
            | "rejected" | "hard" | "easy" => {}
            "egtpath" => match arg.split_once(char::is_whitespace) {
                Some(("griffon", dir)) => self.set_tb_path(Some(dir.trim().into())),
                Some(_) => {}
                None => self.send(&format!("Error (expected: egtpath TYPE PATH): {line}")),
            },
            "cores" => match arg.parse::<usize>() {
                Ok(n) if n > 0 => {
                    self.stop_search();
                    if hash_megabytes(self.memory_mb, n)
                        != hash_megabytes(self.memory_mb, self.cores)
                    {
                        // More threads leave less for the table (resized
                        // at the next search).
                        self.table_sized = false;
                    }
                    self.cores = n;
                    if let Some(s) = self.searcher.as_mut() {
                        s.set_threads(n);
                    }
                }
                _ => self.send(&format!("Error (bad number of cores): {line}")),
            },
            "protover" => self.protover(arg),
            "quit" => return false,
            "new" => self.new_game(),
            "variant" => self.set_variant(arg, line),
            "force" => {
                self.stop_search();
                self.force = true;
            }
            "go" => {
                self.stop_search();
                self.force = false;
                self.analyze = false;
                self.engine_color = self.game.position().side_to_move();
                self.start_search(Purpose::Move);
            }
            "playother" => {
                self.stop_search();
                self.force = false;
                self.engine_color = self.game.position().side_to_move().opponent();
            }
            "white" | "black" => {
                self.stop_search();
                // Obsolete: the named side is to move, the engine plays the other.
                self.engine_color = if cmd == "white" {
                    Color::Black
                } else {
                    Color::White
                };
            }
            "level" => self.level(arg, line),
            "st" => match arg.parse::<f64>() {
                Ok(s) if s > 0.0 && s.is_finite() => {
                    self.time_control = Timing::PerMove(Duration::from_secs_f64(s));
                }
                _ => self.send(&format!("Error (bad time): {line}")),
            },
            "sd" => match arg.parse::<u32>() {
                Ok(d) if d > 0 => self.depth_limit = Some(d),
                _ => self.send(&format!("Error (bad depth): {line}")),
            },
            "nps" => match arg.parse::<u64>() {
                Ok(n) => self.nps = (n > 0).then_some(n),
                Err(_) => self.send(&format!("Error (bad number): {line}")),
            },
            "time" => match arg.parse::<u64>() {
                Ok(cs) => self.our_time = Duration::from_millis(cs * 10),
                Err(_) => self.send(&format!("Error (bad time): {line}")),
            },
            "otim" => {
                if arg.parse::<u64>().is_err() {
                    self.send(&format!("Error (bad time): {line}"));
                }
            }
            "usermove" => self.user_move(arg),
            "?" => {
                if let Some(r) = &self.running
                    && r.purpose == Purpose::Move
                {
                    r.stop.store(true, Ordering::Relaxed);
                }
            }
            "ping" => self.send(&format!("pong {arg}")),
            "draw" => {
                if self.accepts_draw() {
                    self.send("offer draw");
                }
            }
            "result" => {
                self.stop_search();
                self.game_over = true;
            }
            "setboard" => self.setboard(arg, line),
            "edit" => {
                self.stop_search();
                self.editing = true;
                self.edit_color = Color::White;
                // Start from the current position's pieces.
                let g = self.rules.geometry().clone();
                let mut board = vec![None; g.area()];
                for sq in g.squares() {
                    if let (Some((c, p)), Some(i)) =
                        (self.game.position().piece_on(sq), g.dense(sq))
                    {
                        board[i] = Some(self.variant.piece(p.role).letter.for_color(c));
                    }
                }
                self.edit_board = Some(board);
            }
            "hint" => {
                let legal = self.game.legal_moves();
                if let Some(&m) = legal.first() {
                    let text = move_text(self.game.position(), m);
                    self.send(&format!("Hint: {text}"));
                }
            }
            "bk" => {
                let found = self.book_moves();
                let total: u32 = found.moves.iter().map(|(_, e)| u32::from(e.weight)).sum();
                if found.moves.is_empty() {
                    self.send(if self.book.is_some() {
                        " not in the book"
                    } else {
                        " no book"
                    });
                }
                for (m, e) in &found.moves {
                    let text = move_text(self.game.position(), *m);
                    let share = 100 * u32::from(e.weight) / total.max(1);
                    self.send(&format!(" {text} {share}% (weight {})", e.weight));
                }
                self.send("");
            }
            "undo" => {
                self.stop_search();
                if self.game.undo() {
                    self.game_over = false;
                    self.maybe_think_analyze();
                } else {
                    self.send(&format!("Error (no move to undo): {line}"));
                }
            }
            "remove" => {
                self.stop_search();
                if self.game.len() >= 2 {
                    self.game.undo();
                    self.game.undo();
                    self.game_over = false;
                    self.maybe_think_analyze();
                } else {
                    self.send(&format!("Error (no moves to remove): {line}"));
                }
            }
            "post" => self.post = true,
            "nopost" => self.post = false,
            "analyze" => {
                self.stop_search();
                self.analyze = true;
                self.force = true;
                self.start_search(Purpose::Analyze);
            }
            "exit" => {
                self.stop_search();
                self.analyze = false;
            }
            "." => {
                if self.running.is_some() {
                    let moves = self.game.legal_moves().len();
                    self.send(&format!("stat01: 0 0 0 {moves} {moves}"));
                }
            }
            "memory" => match arg.parse::<usize>() {
                Ok(mb) if mb > 0 => {
                    self.stop_search();
                    let old = self.memory_mb;
                    if !self.size_table(mb) {
                        // The system refuses the new size: take the old
                        // one back.
                        if !self.size_table(old) {
                            self.memory_mb = 1;
                        }
                        self.send(&format!(
                            "Error (cannot allocate {mb} MB; keeping {} MB): {line}",
                            self.memory_mb
                        ));
                    }
                }
                _ => self.send(&format!("Error (bad memory size): {line}")),
            },
            "option" => self.option(arg, line),
            "exclude" | "include" => self.exclude(cmd == "exclude", arg, line),
            "pause" => {
                self.stop_search();
                self.paused = true;
            }
            "resume" => {
                self.paused = false;
                self.maybe_think();
            }
            "lift" => {
                let g = self.rules.geometry().clone();
                match parse_wire_square(&g, arg) {
                    Some(sq) => {
                        let legal = self.game.legal_moves();
                        // Lifting the piece again on the square where the
                        // first leg of a multi-leg move was put down: show
                        // where the second leg may go.
                        let second_leg = match self.lifted {
                            Some(from)
                                if self.put == Some(sq)
                                    && !legal.iter().any(|m| m.from() == sq) =>
                            {
                                Some(from)
                            }
                            _ => None,
                        };
                        let board = match second_leg {
                            Some(from) => {
                                setup::highlight_second_leg(self.game.position(), &legal, from, sq)
                            }
                            None => {
                                self.lifted = Some(sq);
                                setup::highlight(self.game.position(), &legal, sq)
                            }
                        };
                        self.put = None;
                        self.send(&format!("highlight {board}"));
                    }
                    // XBoard names a holdings square by its column beside
                    // the board (`g3` on a 5x5 board): nothing to
                    // highlight, and an error would pop up in the GUI.
                    None => log::debug!("lift of a square off the board: {line}"),
                }
            }
            "put" => {
                let g = self.rules.geometry().clone();
                // A trailing comma: XBoard's "Ctrl held" (more legs follow).
                self.put = parse_wire_square(&g, arg.trim_end_matches(','));
                if self.put.is_none() {
                    self.send(&format!("Error (bad square): {line}"));
                }
            }
            "hover" => {}
            _ => {
                // A bare move (protocol 1 style, or usermove=0 GUIs).
                if looks_like_move(cmd) {
                    self.user_move(cmd);
                } else {
                    self.send(&format!("Error (unknown command): {line}"));
                }
            }
        }
        true
    }

    fn maybe_think_analyze(&mut self) {
        if self.analyze {
            self.start_search(Purpose::Analyze);
        }
    }

    fn protover(&mut self, arg: &str) {
        self.protover = arg.parse().unwrap_or(2);
        // Variants defined on an XBoard parent also go by that parent at
        // their size (`5x5+5_shogi`: XBoard's Shogi with a 5x5 board), first
        // in the list, where XBoard looks for them.
        let mut names: Vec<String> = self
            .set
            .iter()
            .filter(|v| !v.xboard.known_to_xboard)
            .filter_map(|v| {
                let parent = v.xboard.variant_template.as_deref()?;
                (parent != "fairy")
                    .then(|| format!("{}x{}+{}_{parent}", v.width, v.height, v.xboard.pocket_size))
            })
            .collect();
        for v in self.set.iter() {
            let name = v.xboard.name.clone();
            if !names.contains(&name) {
                names.push(name);
            }
        }
        let variants = names.join(",");
        self.send("feature done=0");
        self.send(&format!(
            "feature myname=\"Griffon {}\" variants=\"{variants}\" setboard=1 usermove=1 ping=1 san=0 colors=0 \
             time=1 draw=1 sigint=0 sigterm=0 reuse=1 analyze=1 pause=1 nps=1 memory=1 smp=1 exclude=1 \
             highlight=1 debug=1 egt=\"griffon\"",
            env!("CARGO_PKG_VERSION")
        ));
        self.send("feature option=\"Move Overhead -spin 50 0 10000\"");
        self.send("feature option=\"Resign -check 0\"");
        self.send("feature option=\"Resign Threshold -spin 900 100 10000\"");
        self.send("feature option=\"Contempt -spin 20 -500 500\"");
        self.send(&format!(
            "feature option=\"Trade Contempt -spin {TRADE_CONTEMPT} 0 500\""
        ));
        self.send(&format!(
            "feature option=\"Pawn Trade Contempt -spin {PAWN_TRADE_CONTEMPT} 0 500\""
        ));
        self.send("feature option=\"Tablebase Path -path \"");
        self.send("feature option=\"Book File -file \"");
        self.send("feature option=\"Book Depth -spin 20 0 500\"");
        self.send("feature option=\"Book Variety -spin 50 0 100\"");
        self.send("feature option=\"Eval Noise -spin 0 0 200\"");
        self.send("feature done=1");
    }

    fn new_game(&mut self) {
        self.stop_search();
        self.force = false;
        self.analyze = false;
        self.paused = false;
        self.engine_color = Color::Black;
        self.depth_limit = None;
        self.nps = None;
        self.moves_played = 0;
        self.hopeless_moves = 0;
        self.last_score = None;
        self.game_over = false;
        if let Some(s) = self.searcher.as_mut() {
            s.clear();
            s.excluded.clear();
        }
        // `new` means the standard game; `variant` may follow.
        match self.set.get("normal").cloned() {
            Some(v) => {
                if let Err(e) = self.load_variant(v) {
                    self.send(&format!("Error ({e}): new"));
                }
            }
            None => self.send("Error (no normal variant): new"),
        }
    }

    fn load_variant(&mut self, variant: Arc<Variant>) -> Result<(), String> {
        let rules = if Arc::ptr_eq(&variant, &self.variant) {
            self.rules.clone()
        } else {
            Rules::new(variant.clone()).map_err(|e| e.to_string())?
        };
        let pos = Position::start(rules.clone()).map_err(|e| e.to_string())?;
        if !Arc::ptr_eq(&variant, &self.variant) {
            // The new searcher takes over the old one's table, emptied,
            // and its per-thread buffers.
            let mut searcher = match self.searcher.take() {
                Some(old) => old.into_variant(&pos),
                None => {
                    self.table_sized = false;
                    Searcher::new(&pos, 1, Arc::new(AtomicBool::new(false)))
                }
            };
            searcher.set_threads(self.cores);
            searcher.eval = crate::eval::Evaluator::with_optional(&rules, self.params.clone());
            self.searcher = Some(Box::new(searcher));
        }
        self.variant = variant;
        self.rules = rules;
        if self
            .searcher
            .as_ref()
            .is_some_and(|s| s.tablebases.is_none())
        {
            self.open_tablebases();
        }
        self.open_book();
        self.apply_noise();
        *self.book_start = (pos.clone(), crate::book::XBoardState::at_start(&pos));
        self.game = Game::new(pos);
        self.game_over = false;
        Ok(())
    }

    /// The `Eval Noise` setting into the evaluator, with a fresh seed.
    fn apply_noise(&mut self) {
        let seed = self.book_rng.next_u64();
        if let Some(s) = self.searcher.as_mut() {
            s.eval.noise = self.eval_noise;
            s.eval.noise_seed = seed;
        }
    }

    /// Open the book for the current variant: the `Book File` option's,
    /// else `books/VARIANT.bin` (see [`default_book`]) if there is one. A
    /// bad file is reported and no book used.
    fn open_book(&mut self) {
        let path = match &self.book_file {
            Some(p) => p.clone(),
            None => match default_book(&self.variant.name) {
                Some(p) => p,
                None => {
                    self.book = None;
                    return;
                }
            },
        };
        // `new` before every game: keep a book already read for this
        // variant rather than read the file again.
        if self.book_loaded.as_ref() == Some(&(path.clone(), self.variant.name.clone()))
            && self.book.is_some()
        {
            return;
        }
        self.book = None;
        self.book_loaded = Some((path.clone(), self.variant.name.clone()));
        let hasher = match crate::book::BookHasher::new(&self.variant) {
            Ok(h) => h,
            Err(e) => {
                log::info!("no book for {}: {e}", self.variant.name);
                return;
            }
        };
        match crate::book::Book::load(&path) {
            Ok(book) => {
                log::info!("book {}: {} entries", path.display(), book.len());
                self.book = Some((Arc::new(book), hasher));
            }
            Err(e) => {
                log::warn!("book: {e}");
                if self.book_file.is_some() {
                    self.send(&format!("telluser book not used: {e}"));
                }
            }
        }
    }

    /// The book's moves in the current position, if a book is open.
    fn book_moves(&self) -> crate::book::BookMoves {
        match &self.book {
            Some((book, hasher)) => {
                let (mut pos, mut xboard) = (*self.book_start).clone();
                for m in self.game.moves() {
                    xboard.play(&pos, m);
                    pos.make(m);
                }
                crate::book::book_moves(book, hasher, &mut pos, &xboard)
            }
            None => crate::book::BookMoves::default(),
        }
    }

    /// A move from the book, while the game is within the book depth.
    fn book_move(&mut self) -> Option<Move> {
        let plies = self.game.len() as u32;
        if self.book.is_none() || plies >= 2 * self.book_depth {
            return None;
        }
        let found = self.book_moves();
        for e in &found.illegal {
            log::warn!(
                "book entry {:016x} {:#06x} is no legal move here: ignored",
                e.key,
                e.mv
            );
        }
        let random = (self.book_rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        crate::book::choose(&found.moves, self.book_variety, random)
    }

    fn set_variant(&mut self, arg: &str, line: &str) {
        self.stop_search();
        // XBoard's board-size prefix `WxH+S_name`: the variant itself at
        // its own size, or one defined on that parent at that size and
        // holdings (XBoard's Shogi at 5x5 with 5 piece types in hand is
        // minishogi, `5x5+4_shogi` Kyoto shogi).
        let (size, name) = match arg.rsplit_once('_') {
            Some((size, name)) if size.contains('x') => match parse_board_size(size) {
                Some(dims) => (Some(dims), name),
                None => {
                    self.send(&format!("Error (bad board size {size}): {line}"));
                    return;
                }
            },
            _ => (None, arg),
        };
        let named = |v: &&Arc<Variant>| v.xboard.name == name || v.is_called(name);
        let found = match size {
            None => self.set.iter().find(named),
            Some((w, h, holdings)) => self
                .set
                .iter()
                .filter(named)
                .find(|v| (v.width, v.height) == (w, h))
                .or_else(|| {
                    self.set.iter().find(|v| {
                        v.xboard.variant_template.as_deref() == Some(name)
                            && (v.width, v.height, v.xboard.pocket_size) == (w, h, holdings)
                    })
                }),
        }
        .cloned();
        let Some(mut variant) = found else {
            self.send(&format!("Error (unknown variant): {line}"));
            return;
        };
        if let Some(v) = setup::as_xboard_referees(&variant) {
            variant = Arc::new(v);
        }
        if let Err(e) = self.load_variant(variant.clone()) {
            self.send(&format!("Error ({e}): {line}"));
            return;
        }
        let known = variant.xboard.known_to_xboard;
        if !known {
            let setup = setup::setup_line(&variant);
            self.send(&setup);
        }
        if !known && setup::wants_piece_lines(&variant) || variant.xboard.takes_pieces {
            for p in setup::piece_lines(&variant) {
                self.send(&p);
            }
        }
    }

    fn level(&mut self, arg: &str, line: &str) {
        match TimeControl::from_level(arg) {
            Some(tc) => {
                self.our_time = tc.base;
                self.time_control = Timing::Clock(tc);
            }
            None => self.send(&format!("Error (bad time control): {line}")),
        }
    }

    fn user_move(&mut self, text: &str) {
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.purpose == Purpose::Move)
        {
            // We do not ponder: a move while we think on ours is out of turn.
            self.send(&format!("Illegal move (it is the engine's turn): {text}"));
            return;
        }
        if self.analyze {
            self.stop_search();
        }
        match self.game.parse_move(text) {
            Ok(m) => {
                self.game.play(m);
                if self.analyze {
                    self.start_search(Purpose::Analyze);
                    return;
                }
                if !self.claim_result() {
                    self.maybe_think();
                }
            }
            Err(e) => {
                self.send(&format!("Illegal move ({e}): {text}"));
                self.maybe_think_analyze();
            }
        }
    }

    fn setboard(&mut self, fen: &str, line: &str) {
        self.stop_search();
        match Position::from_fen(self.rules.clone(), fen) {
            Ok(pos) => {
                *self.book_start = (pos.clone(), crate::book::XBoardState::from_fen(&pos, fen));
                self.game = Game::new(pos);
                self.game_over = false;
                if let Some(s) = self.searcher.as_mut() {
                    s.excluded.clear();
                }
                self.maybe_think_analyze();
            }
            Err(e) => {
                self.send(&format!("Error (bad FEN: {e}): {line}"));
                self.maybe_think_analyze();
            }
        }
    }

    /// The legacy `edit` mode: `c` switches colour, `Pa4` puts a piece,
    /// `xa4` empties a square, `#` clears the board, `.` leaves and sets
    /// the position (if it is a valid one; else an error, and the game
    /// stays as it was).
    fn edit_command(&mut self, line: &str) {
        let g = self.rules.geometry().clone();
        let board = self.edit_board.get_or_insert_with(Vec::new);
        if board.is_empty() {
            board.resize(g.area(), None);
        }
        match line {
            "." => {
                self.editing = false;
                let board = self.edit_board.take().unwrap_or_default();
                let side = if self.game.position().side_to_move() == Color::White {
                    "w"
                } else {
                    "b"
                };
                let fen = format!("{} {side} - - 0 1", placement(&g, &board));
                match Position::from_fen(self.rules.clone(), &fen) {
                    Ok(pos) => {
                        *self.book_start = (pos.clone(), Default::default());
                        self.game = Game::new(pos);
                        self.game_over = false;
                    }
                    Err(e) => self.send(&format!("Error (bad position: {e}): edit")),
                }
            }
            "c" => self.edit_color = self.edit_color.opponent(),
            "#" => board.iter_mut().for_each(|b| *b = None),
            _ => {
                // The piece letter is the first character, whatever its
                // width in bytes (hostile input is not ASCII).
                let first = line.chars().next().map_or(0, char::len_utf8);
                let (piece, square) = line.split_at(first);
                let Some(i) = parse_wire_square(&g, square).and_then(|sq| g.dense(sq)) else {
                    self.send(&format!("Error (bad edit command): {line}"));
                    return;
                };
                let letter = if self.edit_color == Color::White {
                    piece.to_uppercase()
                } else {
                    piece.to_lowercase()
                };
                board[i] = if piece == "x" || piece == "X" {
                    None
                } else {
                    Some(letter)
                };
            }
        }
    }

    /// `exclude MOVE`, `include MOVE`, `exclude all`, `include all`: the
    /// root moves analysis may consider.
    fn exclude(&mut self, exclude: bool, arg: &str, line: &str) {
        let restart = self
            .running
            .as_ref()
            .is_some_and(|r| r.purpose == Purpose::Analyze);
        self.stop_search();
        let legal = self.game.legal_moves();
        let moves: Vec<Move> = if arg == "all" {
            legal.to_vec()
        } else {
            match self.game.parse_move(arg) {
                Ok(m) => vec![m],
                Err(e) => {
                    self.send(&format!("Error ({e}): {line}"));
                    Vec::new()
                }
            }
        };
        if let Some(s) = self.searcher.as_mut() {
            for m in moves {
                s.excluded.retain(|x| *x != m);
                if exclude {
                    s.excluded.push(m);
                }
            }
        }
        if restart {
            self.start_search(Purpose::Analyze);
        }
    }

    /// Use the tables in `dir` (none: no tables) from now on.
    fn set_tb_path(&mut self, dir: Option<std::path::PathBuf>) {
        self.stop_search();
        self.tb_path = dir;
        if let Some(s) = self.searcher.as_mut() {
            s.tablebases = None;
        }
        self.open_tablebases();
    }

    /// Open the current variant's tables in the tablebase directory.
    fn open_tablebases(&mut self) {
        let Some(dir) = self.tb_path.clone() else {
            return;
        };
        let (tb, warnings) = crate::tablebase::probe::Tablebases::open(&dir, &self.rules);
        for w in warnings {
            log::warn!("tablebases: {w}");
        }
        log::info!(
            "tablebases: {} tables of {} in {}",
            tb.len(),
            self.rules.variant.name,
            dir.display()
        );
        if let Some(s) = self.searcher.as_mut() {
            s.tablebases = (!tb.is_empty()).then(|| Arc::new(tb));
        }
    }

    fn option(&mut self, arg: &str, line: &str) {
        let (name, value) = arg
            .split_once('=')
            .map_or((arg, ""), |(n, v)| (n.trim(), v.trim()));
        match name {
            "Resign" => match value {
                "1" => self.resign_threshold = self.resign_setting,
                "0" => self.resign_threshold = 0,
                _ => self.send(&format!("Error (bad value): {line}")),
            },
            "Resign Threshold" => match value.parse::<i64>() {
                Ok(cp) if (100..=10_000).contains(&cp) => {
                    self.resign_setting = cp;
                    if self.resign_threshold > 0 {
                        self.resign_threshold = cp;
                    }
                }
                _ => self.send(&format!("Error (bad value): {line}")),
            },
            "Contempt" => match value.parse::<i32>() {
                Ok(cp) if (-500..=500).contains(&cp) => self.contempt = cp,
                _ => self.send(&format!("Error (bad value): {line}")),
            },
            "Trade Contempt" => match value.parse::<i32>() {
                Ok(cp) if (0..=500).contains(&cp) => self.trade_contempt = cp,
                _ => self.send(&format!("Error (bad value): {line}")),
            },
            "Pawn Trade Contempt" => match value.parse::<i32>() {
                Ok(cp) if (0..=500).contains(&cp) => self.pawn_trade_contempt = cp,
                _ => self.send(&format!("Error (bad value): {line}")),
            },
            "Tablebase Path" => {
                self.set_tb_path((!value.is_empty()).then(|| value.into()));
            }
            "Book File" => {
                self.book_file = (!value.is_empty()).then(|| value.into());
                self.book_loaded = None;
                self.open_book();
            }
            "Eval Noise" => match value.parse::<i32>() {
                Ok(cp) if (0..=200).contains(&cp) => {
                    self.stop_search();
                    self.eval_noise = cp;
                    self.apply_noise();
                }
                _ => self.send(&format!("Error (bad value): {line}")),
            },
            "Book Depth" => match value.parse::<u32>() {
                Ok(d) if d <= 500 => self.book_depth = d,
                _ => self.send(&format!("Error (bad value): {line}")),
            },
            "Book Variety" => match value.parse::<u32>() {
                Ok(v) if v <= 100 => self.book_variety = v,
                _ => self.send(&format!("Error (bad value): {line}")),
            },
            "Move Overhead" => match value.parse::<u64>() {
                Ok(ms) if ms <= 10_000 => self.overhead = Duration::from_millis(ms),
                _ => self.send(&format!("Error (bad value): {line}")),
            },
            _ => self.send(&format!("Error (unknown option): {line}")),
        }
    }
}

/// The book Griffon plays a variant from by default: `books/VARIANT.bin`
/// in the working directory, or in the executable's directory or one of
/// the three above it (a WinBoard install keeps `books/` next to the
/// engine; a cargo build runs from `target/release`).
pub fn default_book(variant: &str) -> Option<std::path::PathBuf> {
    let name = format!("{variant}.bin");
    let mut dirs = vec![std::path::PathBuf::from("books")];
    if let Ok(exe) = std::env::current_exe() {
        let mut dir = exe.parent().map(std::path::Path::to_path_buf);
        for _ in 0..4 {
            let Some(d) = dir else { break };
            dirs.push(d.join("books"));
            dir = d.parent().map(std::path::Path::to_path_buf);
        }
    }
    dirs.into_iter()
        .map(|d| d.join(&name))
        .find(|p| p.is_file())
}

/// The piece-placement field of a FEN from dense-indexed letters.
fn placement(g: &crate::types::Geometry, board: &[Option<String>]) -> String {
    g.fen_placement(|sq| g.dense(sq).and_then(|i| board[i].clone()))
}

fn parse_wire_square(g: &crate::types::Geometry, text: &str) -> Option<crate::types::Sq> {
    crate::notation::square::parse_square(g, text.trim().trim_end_matches(','))
}

/// True for texts shaped like coordinate moves (`e2e4`, `O-O`, `P@e4`).
fn looks_like_move(text: &str) -> bool {
    let b = text.as_bytes();
    matches!(text, "O-O" | "O-O-O" | "0-0" | "0-0-0")
        || (b.len() >= 4 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit())
        || (b.len() >= 4 && b[1] == b'@')
}

/// `WxH+S` of XBoard's size prefix: width, height, holdings size.
fn parse_board_size(text: &str) -> Option<(u8, u8, u32)> {
    let (w, rest) = text.split_once('x')?;
    let (h, s) = rest.split_once('+')?;
    Some((w.parse().ok()?, h.parse().ok()?, s.parse().ok()?))
}
