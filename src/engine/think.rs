//! The search thread as a protocol drives it, for a move or for analysis:
//! starting a search on its own thread, stopping it, taking its result
//! back. The [`Thinker`] also owns what a search runs with: the searcher,
//! its threads and its hash table.
//!
//! A search reports each iteration as an [`Event::Info`] on the engine's
//! event channel and its end as a [`Done`] on a channel of its own, with
//! the searcher, which goes back to the thinker for the next search.
//!
//! The thinker applies the protocol-independent search settings: the
//! MultiPV lines, and the strength limit, which shapes a search for a
//! move (shallower, with lines to choose from) and picks its move.

use super::input::Event;
use crate::game::Game;
use crate::judge::{Past, Seen};
use crate::position::{Position, Rules};
use crate::rng::Rng;
use crate::search::{
    Info, Limits, Reporter, SEARCH_STACK, SearchResult, Searcher, Skill, TranspositionTable,
};
use crate::tablebase::probe::Tablebases;
use crossbeam::channel::{Receiver, Sender, unbounded};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

/// Megabytes the engine takes until XBoard's `memory` says otherwise.
pub(crate) const DEFAULT_MEMORY_MB: usize = 64;

/// The hash table's share of XBoard's `memory` (megabytes for the whole
/// engine) when searching with `threads` threads, so that the process
/// stays within it. The rest of the engine (code and libraries, about
/// 7 MB; the variant's trajectory tables and positions; each thread's
/// stack, with a move list per ply, its history tables, 1 MB of
/// continuation history, evaluation and pawn caches, a network's
/// accumulators) came to 14.5 MB with one thread in chu, the largest
/// built-in, and about 4.4 MB more per thread (`tools/hardening/limits.py
/// --part=memory`; per-variant buffers are reused, not freed and taken
/// again, so the allocator does not pile up freed blocks). The reserve,
/// 11 MB and 5 MB per thread, covers that; when `memory` cannot hold the
/// reserve the table gets the smallest size, 1 MB, and the bound is the
/// engine's own.
fn hash_megabytes(memory: usize, threads: usize) -> usize {
    let reserve = 11 + 5 * threads.clamp(1, 256);
    memory.saturating_sub(reserve).max(1)
}

/// Why the engine searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// To play a move.
    Move,
    /// Analyze mode: until told otherwise.
    Analyze,
    /// On the opponent's time, in the position after the reply we
    /// expect: until the opponent moves. Its move is never played; the
    /// table it fills makes the search for our move start deep.
    Ponder,
}

/// What a draw and trades are worth to us in a search for a move
/// (centipawns; the protocols' contempt options). Analysis uses none.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Contempt {
    pub draw: i32,
    pub trade: i32,
    pub pawn_trade: i32,
}

/// A search's end, sent by its thread with the searcher.
pub(crate) struct Done {
    id: u64,
    result: SearchResult,
    searcher: Box<Searcher>,
}

/// Sends iteration reports from the search thread to the protocol loop.
struct ChannelReporter {
    id: u64,
    tx: Sender<Event>,
    /// Lines shown: those of `MultiPV`, not the extra ones a strength
    /// limit searches to choose from (a GUI takes the last line it is
    /// shown as the engine's score).
    shown: usize,
}

impl Reporter for ChannelReporter {
    fn iteration(&mut self, _: &Position, info: &Info) {
        if info.multipv <= self.shown {
            let _ = self.tx.send(Event::Info(self.id, info.clone()));
        }
    }
}

struct Running {
    id: u64,
    purpose: Purpose,
    /// The strength limit that picks the move, if one does.
    skill: Option<Skill>,
    stop: Arc<AtomicBool>,
    handle: JoinHandle<()>,
    /// The position searched (for formatting thinking output).
    root: Position,
}

/// The searcher and the search running on it, if any.
pub(crate) struct Thinker {
    /// `None` while a search thread has it.
    searcher: Option<Box<Searcher>>,
    running: Option<Running>,
    next_id: u64,
    events_tx: Sender<Event>,
    done_tx: Sender<Done>,
    done_rx: Receiver<Done>,
    /// `post`: send thinking output.
    pub post: bool,
    /// Analyze mode.
    pub analyze: bool,
    memory_mb: usize,
    /// Whether the hash table has `memory_mb`'s size yet. It is sized at
    /// the first search or `memory`, not at start-up: XBoard sends
    /// `memory` before the first search, and a default-sized table taken
    /// before that would already have broken a smaller limit.
    table_sized: bool,
    /// Search threads (XBoard `cores`).
    cores: usize,
    /// The root plays only moves XBoard 4.9.1 can write
    /// ([`Searcher::xboard_moves_only`]).
    xboard_moves_only: bool,
    /// Lines every search finds and reports (`MultiPV`).
    pub multipv: usize,
    /// The strength limit of searches for a move (not analysis).
    pub skill: Skill,
    /// Chooses among the lines at a limited strength: seeded from the
    /// clock, so that games differ.
    rng: Rng,
}

impl Thinker {
    /// A searcher for `pos`, with a 1 MB table until the first search
    /// sizes it for `memory_mb`.
    pub(crate) fn new(pos: &Position, events_tx: Sender<Event>, memory_mb: usize) -> Thinker {
        let (done_tx, done_rx) = unbounded();
        let searcher = Searcher::new(pos, 1, Arc::new(AtomicBool::new(false)));
        Thinker {
            searcher: Some(Box::new(searcher)),
            running: None,
            next_id: 0,
            events_tx,
            done_tx,
            done_rx,
            post: true,
            analyze: false,
            memory_mb,
            table_sized: false,
            cores: 1,
            xboard_moves_only: false,
            multipv: 1,
            skill: Skill::default(),
            rng: Rng(clock_seed()),
        }
    }

    /// The thinker of an XBoard engine: its root plays only moves XBoard
    /// 4.9.1 can write.
    pub(crate) fn for_xboard(mut self) -> Thinker {
        self.xboard_moves_only = true;
        self
    }

    /// The searcher, unless a search thread has it.
    pub(crate) fn searcher(&mut self) -> Option<&mut Searcher> {
        self.searcher.as_deref_mut()
    }

    /// Where finished searches arrive (for [`Thinker::finish`]).
    pub(crate) fn done(&self) -> Receiver<Done> {
        self.done_rx.clone()
    }

    /// Why the running search runs, if one does.
    pub(crate) fn running(&self) -> Option<Purpose> {
        self.running.as_ref().map(|r| r.purpose)
    }

    /// A searcher for another variant, starting at `pos`, evaluating with
    /// `eval`: the old one's table, emptied, and its per-thread buffers.
    pub(crate) fn change_variant(&mut self, pos: &Position, eval: crate::eval::Evaluator) {
        let mut searcher = match self.searcher.take() {
            Some(old) => old.into_variant(pos),
            None => {
                self.table_sized = false;
                Searcher::new(pos, 1, Arc::new(AtomicBool::new(false)))
            }
        };
        searcher.set_threads(self.cores);
        searcher.eval = eval;
        self.searcher = Some(Box::new(searcher));
    }

    /// Searches the game's position on a thread of its own. Does nothing
    /// without a searcher; `Err` if the thread cannot start.
    pub(crate) fn start(
        &mut self,
        purpose: Purpose,
        game: &Game,
        mut limits: Limits,
        contempt: Contempt,
    ) -> std::io::Result<()> {
        if !self.table_sized && !self.size_table(self.memory_mb) {
            log::warn!(
                "cannot allocate {} MB for the hash table; searching with 1 MB",
                self.memory_mb
            );
        }
        let Some(mut searcher) = self.searcher.take() else {
            return Ok(());
        };
        let id = self.next_id;
        self.next_id += 1;
        let stop = Arc::new(AtomicBool::new(false));
        searcher.set_stop(stop.clone());
        searcher.xboard_moves_only = self.xboard_moves_only;
        let contempt = match purpose {
            Purpose::Analyze => Contempt::default(),
            Purpose::Move | Purpose::Ponder => contempt,
        };
        limits.multipv = self.multipv;
        let skill = (purpose == Purpose::Move && self.skill.limited()).then_some(self.skill);
        if let Some(skill) = skill {
            limits.multipv = skill.lines(self.multipv);
            limits.depth = Some(limits.depth.map_or(skill.depth(), |d| d.min(skill.depth())));
            if let Some(n) = skill.nodes() {
                limits.nodes = Some(limits.nodes.map_or(n, |m| m.min(n)));
            }
        }
        searcher.contempt = contempt.draw;
        searcher.trade_contempt = contempt.trade;
        searcher.pawn_trade_contempt = contempt.pawn_trade;
        let root = game.position().clone();
        let keys: Vec<Seen> = game.keys().to_vec();
        let (chased, last_move) = (game.past().chased, game.past().last_move);
        let tx = self.events_tx.clone();
        let shown = self.multipv.max(1);
        let done_tx = self.done_tx.clone();
        let thread_root = root.clone();
        let handle = std::thread::Builder::new()
            .name("search".into())
            .stack_size(SEARCH_STACK)
            .spawn(move || {
                let mut reporter = ChannelReporter { id, tx, shown };
                let result = searcher.search(
                    &thread_root,
                    Past {
                        earlier: &keys,
                        chased,
                        last_move,
                    },
                    limits,
                    &mut reporter,
                );
                let _ = done_tx.send(Done {
                    id,
                    result,
                    searcher,
                });
            })?;
        self.running = Some(Running {
            id,
            purpose,
            skill,
            stop,
            handle,
            root,
        });
        Ok(())
    }

    /// `?`: a search for a move stops and plays what it has.
    pub(crate) fn move_now(&self) {
        if let Some(r) = &self.running
            && r.purpose == Purpose::Move
        {
            r.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Stop a running search and throw its result away.
    pub(crate) fn stop(&mut self) {
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

    /// Takes a finished search's searcher back; its purpose and result if
    /// it is the running search (not one stopped and discarded).
    pub(crate) fn finish(&mut self, done: Done) -> Option<(Purpose, SearchResult)> {
        let Some(running) = self.running.take_if(|r| r.id == done.id) else {
            self.searcher = Some(done.searcher);
            return None;
        };
        let _ = running.handle.join();
        self.searcher = Some(done.searcher);
        let mut result = done.result;
        if let Some(skill) = running.skill
            && let Some(line) = skill.pick(&result.lines, &mut self.rng)
        {
            log::debug!(
                "skill level {} plays line scoring {} (best {})",
                skill.level(),
                line.score,
                result.score
            );
            result.best = Some(line.pv[0]);
            result.ponder = line.pv.get(1).copied();
            result.score = line.score;
        }
        Some((running.purpose, result))
    }

    /// The position search `id` searches, if it is the running search
    /// and thinking output is on: its iterations are shown from there.
    pub(crate) fn reporting(&self, id: u64) -> Option<&Position> {
        let running = self.running.as_ref()?;
        (running.id == id && self.post).then_some(&running.root)
    }

    /// Search with the tables of `rules`' variant in `dir` from now on
    /// (none: no tables).
    pub(crate) fn open_tablebases(&mut self, dir: Option<&std::path::Path>, rules: &Arc<Rules>) {
        self.stop();
        let tables = dir.and_then(|dir| {
            let (tb, warnings) = Tablebases::open(dir, rules);
            for w in warnings {
                log::warn!("tablebases: {w}");
            }
            log::info!(
                "tablebases: {} tables of {} in {}",
                tb.len(),
                rules.variant.name,
                dir.display()
            );
            (!tb.is_empty()).then(|| Arc::new(tb))
        });
        if let Some(s) = self.searcher() {
            s.tablebases = tables;
        }
    }

    /// `Eval Noise`: centipawns of noise in every evaluation, from `seed`.
    pub(crate) fn set_eval_noise(&mut self, noise: i32, seed: u64) {
        if let Some(s) = self.searcher() {
            s.eval.noise = noise;
            s.eval.noise_seed = seed;
        }
    }

    /// `memory`: the table's share of `mb` megabytes. `Err` with the
    /// megabytes kept if the system refuses the new size.
    pub(crate) fn set_memory(&mut self, mb: usize) -> Result<(), usize> {
        let old = self.memory_mb;
        if self.size_table(mb) {
            return Ok(());
        }
        // The system refuses the new size: take the old one back.
        if !self.size_table(old) {
            self.memory_mb = 1;
        }
        Err(self.memory_mb)
    }

    /// `cores`: search with `n` threads.
    pub(crate) fn set_cores(&mut self, n: usize) {
        if hash_megabytes(self.memory_mb, n) != hash_megabytes(self.memory_mb, self.cores) {
            // More threads leave less for the table (resized at the next
            // search).
            self.table_sized = false;
        }
        self.cores = n;
        if let Some(s) = self.searcher.as_mut() {
            s.set_threads(n);
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
        s.tt = TranspositionTable::new(1);
        self.table_sized = true;
        match TranspositionTable::try_new(hash_megabytes(mb, self.cores)) {
            Some(tt) => {
                s.tt = tt;
                self.memory_mb = mb;
                true
            }
            None => false,
        }
    }
}

/// A seed that differs from run to run (the clock's nanoseconds).
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
