//! Alpha-beta search: iterative deepening with aspiration windows,
//! principal-variation search over a shared transposition table, and Lazy
//! SMP (every thread searches the same tree, meeting in the table).
//!
//! Per node: mate-distance pruning, table cut-offs, the static evaluation
//! corrected by what searches found in positions of the same pawn
//! structure (correction history), reverse futility,
//! null move (verified where zugzwang is likely), internal iterative
//! reduction, staged move generation (hash move, captures ordered by
//! victim and static exchange, killers and countermove, quiets by
//! history and continuation history, losing captures last), futility,
//! late-move and static-exchange pruning (quiet moves that are certain
//! not to check or threaten are pruned without being made), late-move
//! reductions, check extension, singular extension (a hash move that
//! the alternatives, searched at half depth without it, cannot approach
//! is searched a ply deeper; if they beat beta as well the node cuts at
//! once). Quiescence searches captures and big promotions that do not
//! lose material by static exchange, and every evasion when in check for
//! its first plies.
//!
//! The search never prints: it reports each finished iteration through a
//! [`Reporter`], and is stopped through a shared flag.

mod see;
pub mod time;
mod tt;

pub use see::{see, see_ge};
pub use time::{TimeControl, Timing};
pub use tt::{Bound, TranspositionTable};

use crate::eval::{Evaluator, MATE, Score};
use crate::judge::{self, Seen};
use crate::movegen::{Legality, generate_legal, promoting_quiets, pseudo_legal};
use crate::position::Position;
use crate::tablebase::probe::{Hit, Tablebases};
use crate::trajectory::visit;
use crate::types::{Geometry, MAX_MOVES, Move, MoveList, Sq};
use crate::variant::GameValue;
use arrayvec::ArrayVec;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Deepest line the search follows (plies from the root).
pub const MAX_PLY: usize = 100;
/// Scores beyond this are mates.
const MATE_BOUND: Score = MATE - MAX_PLY as Score;
/// A tablebase win: this less the plies to mate from the root, so that
/// it ranks below any mate the search sees and above any evaluation.
const TB_WIN: Score = 20_000;
/// Scores beyond this are tablebase wins or mates (distance from the root).
const TB_BOUND: Score = TB_WIN - 1_000;
/// A tablebase win longer than the moves the move-count rule leaves: an
/// ordinary score worth a few pawns, less for longer mates.
const TB_CURSED: Score = 400;
/// Quiescence plies in which a side in check searches every evasion.
const QS_CHECK_PLIES: usize = 6;
/// The least gain in value that makes a promotion part of quiescence:
/// a chess pawn becoming a queen or rook does, a knight underpromotion
/// or a Kyoto silver turning bishop does not (there every move of an
/// unpromoted piece promotes).
const QS_PROMOTION_GAIN: Score = 300;
/// Stack size for search threads: each ply keeps its move list.
pub const SEARCH_STACK: usize = 64 * 1024 * 1024;

/// Singular extensions from this depth.
const SINGULAR_DEPTH: i32 = 8;
/// The alternatives must fall this many centipawns per ply of depth
/// below the hash move's stored score for it to count as singular.
const SINGULAR_MARGIN: Score = 2;
/// Move-ordering bands (higher first).
const ORDER_HASH: i32 = 1 << 30;
const ORDER_GOOD_CAPTURE: i32 = 1 << 26;
const ORDER_KILLER: i32 = 1 << 25;
const ORDER_COUNTER: i32 = (1 << 25) - 2;
const ORDER_DROP_NEAR_KING: i32 = 1 << 24;
/// Quiet moves score their history, within +-HISTORY_MAX; losing
/// captures come after every quiet move.
const ORDER_BAD_CAPTURE: i32 = -(1 << 26);
/// Below this the captures are exhausted and quiets are generated.
const ORDER_QUIETS_FROM: i32 = ORDER_COUNTER - 1;
const HISTORY_MAX: i32 = 1 << 14;

/// What bounds a search.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Do not start another iteration after this.
    pub soft_time: Option<Duration>,
    /// Stop as soon as possible after this.
    pub hard_time: Option<Duration>,
}

/// A finished iteration.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    /// All threads together.
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Move>,
}

impl Info {
    /// Nodes per second over the search so far.
    pub fn nps(&self) -> u64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            (self.nodes as f64 / s) as u64
        } else {
            0
        }
    }
}

/// Receives progress; the XBoard layer turns it into thinking output.
pub trait Reporter {
    fn iteration(&mut self, root: &Position, info: &Info);
}

/// A reporter that ignores everything.
pub struct Silent;

impl Reporter for Silent {
    fn iteration(&mut self, _: &Position, _: &Info) {}
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
}

/// `score` for XBoard: mates as 100000 + moves to mate (negative when mated).
pub fn xboard_score(score: Score) -> i64 {
    if score > MATE_BOUND {
        100_000 + i64::from((MATE - score + 1) / 2)
    } else if score < -MATE_BOUND {
        -100_000 - i64::from((MATE + score) / 2)
    } else {
        i64::from(score)
    }
}

/// What one thread learns about move ordering; kept across moves.
struct Heuristics {
    killers: [[Move; 2]; MAX_PLY + 2],
    /// `[colour][from][to]`, from a drop is its type.
    history: Vec<i32>,
    /// Best reply to the move `[from][to]`.
    counters: Vec<Move>,
    /// Continuation history: `[earlier move][quiet move]`, each move as
    /// its piece type and destination, for the moves one and two plies
    /// back (one table serves both). Where the variant has more pairs
    /// than `CONT_MAX` (shogi, grand, chu and bigger) the pair is hashed into
    /// `CONT_MAX` entries: a collision only blurs move ordering, and the
    /// table's size stays inside the per-thread share of `memory`.
    cont: Vec<i16>,
    /// Piece types times board squares: the row length of `cont`.
    cont_row: usize,
    /// Board squares (dense, no padding), the stride of a row.
    cont_squares: usize,
    /// Padded square to its dense index (0 off the board).
    cont_square: Vec<u16>,
    /// Whether `cont` is indexed by a hash of the pair.
    cont_hashed: bool,
    /// Correction history: `[colour][pawn key]`, a damped running
    /// average (see `update_correction`) of the error of the static
    /// evaluation, in `CORR_GRAIN`ths of a centipawn, that searches found
    /// in positions with this pawn structure. The evaluation's terms are
    /// generic (a variant may only refit their weights); where it
    /// misjudges a structure the same way in many positions, the search
    /// learns the bias here and corrects the estimate its pruning works
    /// from.
    corr: Vec<i16>,
}

/// Entries of the correction history per colour (two bytes each).
const CORR_SIZE: usize = 1 << 14;
/// Fraction of a centipawn in a correction-history entry.
const CORR_GRAIN: i32 = 64;
/// The largest correction, in centipawns.
const CORR_MAX: i32 = 48;

/// Entries of the continuation-history table (two bytes each, per
/// thread): 1 MB, within the 3 MB per thread that `memory` sets aside.
const CONT_BITS: u32 = 19;
const CONT_MAX: usize = 1 << CONT_BITS;

impl Heuristics {
    fn new(g: &Geometry, roles: usize) -> Heuristics {
        let mut h = Heuristics {
            killers: [[Move::default(); 2]; MAX_PLY + 2],
            history: Vec::new(),
            counters: Vec::new(),
            cont: Vec::new(),
            cont_row: 0,
            cont_squares: 0,
            cont_square: Vec::new(),
            cont_hashed: false,
            corr: Vec::new(),
        };
        h.reshape(g, roles);
        h
    }

    /// Empty tables for another variant, in the buffers this one had:
    /// freeing and allocating them at each variant change would leave the
    /// allocator holding the freed blocks.
    fn reshape(&mut self, g: &Geometry, roles: usize) {
        let area = g.size;
        // Pairs are indexed by dense squares: padding would only add
        // entries that never occur, and push 8x8 boards over `CONT_MAX`.
        let row = roles * g.area();
        self.cont_hashed = row * row > CONT_MAX;
        self.cont_row = row;
        self.cont_squares = g.area();
        self.cont_square.clear();
        self.cont_square
            .extend((0..area).map(|sq| g.dense(sq as Sq).map_or(0, |d| d as u16)));
        let cont = if self.cont_hashed {
            CONT_MAX
        } else {
            row * row
        };
        self.killers = [[Move::default(); 2]; MAX_PLY + 2];
        self.history.clear();
        self.history.resize(2 * area * area, 0);
        self.counters.clear();
        self.counters.resize(area * area, Move::default());
        self.cont.clear();
        self.cont.resize(cont, 0);
        self.corr.clear();
        self.corr.resize(2 * CORR_SIZE, 0);
    }

    fn clear(&mut self) {
        self.killers = [[Move::default(); 2]; MAX_PLY + 2];
        self.history.iter_mut().for_each(|h| *h = 0);
        self.counters.iter_mut().for_each(|m| *m = Move::default());
        self.cont.iter_mut().for_each(|h| *h = 0);
        self.corr.iter_mut().for_each(|h| *h = 0);
    }
}

/// Search state that lives across moves: tables and heuristics.
pub struct Searcher {
    pub eval: Evaluator,
    pub tt: TranspositionTable,
    stop: Arc<AtomicBool>,
    threads: usize,
    heuristics: Vec<Heuristics>,
    area: usize,
    roles: usize,
    nodes: u64,
    /// Moves the root may not play (XBoard `exclude`).
    pub excluded: Vec<Move>,
    /// The root may drop pieces promoted (Kyoto shogi). Off under XBoard
    /// 4.9.1, whose drop syntax cannot say so: it would show and pass on
    /// an unpromoted drop.
    pub promoted_drops: bool,
    /// Centipawns a draw costs the side to move at the root: with a
    /// little contempt the engine plays on in level positions instead of
    /// repeating moves against a weaker opponent. 0 for analysis.
    pub contempt: Score,
    /// Centipawns the root side's evaluation gains with every piece of
    /// the start position still in the game (on the board or in hand),
    /// shrinking as pieces come off: against a weaker opponent a level
    /// position with pieces on wins more often than a simplified one. 0
    /// for analysis.
    pub trade_contempt: Score,
    /// The same for pawns, by count: a level ending without pawns is
    /// mostly a draw (makruk, shatranj), one with pawns on can still be
    /// won. 0 for analysis.
    pub pawn_trade_contempt: Score,
    lmr: Box<[[u8; 64]; 64]>,
    /// Endgame tables of the variant, probed at every node whose material
    /// has one.
    pub tablebases: Option<Arc<Tablebases>>,
}

/// What every thread of one search reads.
struct Shared<'a> {
    eval: &'a Evaluator,
    tt: &'a TranspositionTable,
    /// Set from outside (XBoard) or by the main thread's clock.
    stop: &'a AtomicBool,
    /// Set when the main thread has finished: helpers stop too.
    done: AtomicBool,
    limits: &'a Limits,
    start: Instant,
    /// Nodes of all threads, published every few thousand.
    nodes: AtomicU64,
    excluded: &'a [Move],
    promoted_drops: bool,
    contempt: Score,
    trade_contempt: Score,
    pawn_trade_contempt: Score,
    area: usize,
    lmr: &'a [[u8; 64]; 64],
    tb: Option<&'a Tablebases>,
}

/// Per ply of the current line.
#[derive(Clone, Copy, Default)]
struct Frame {
    /// The move made at this ply (to reach the next).
    mv: Move,
    /// Static evaluation, if not in check.
    eval: Option<Score>,
    /// The move's piece type and destination (its continuation-history
    /// row), if it was a move.
    piece_to: Option<u32>,
    /// The move this node leaves out: set while the singular-extension
    /// test searches the alternatives to the hash move.
    excluded: Move,
}

/// One thread's search.
struct Thread<'a> {
    sh: &'a Shared<'a>,
    h: &'a mut Heuristics,
    main: bool,
    nodes: u64,
    unpublished: u64,
    seldepth: u32,
    /// Keys of the game so far followed by the current search path.
    keys: Vec<Seen>,
    pv: Vec<ArrayVec<Move, MAX_PLY>>,
    stack: Vec<Frame>,
    /// Depth of the current iteration: extensions stop at twice it.
    root_depth: i32,
}

impl Searcher {
    pub fn new(pos: &Position, memory_mb: usize, stop: Arc<AtomicBool>) -> Searcher {
        let rules = pos.rules();
        let heuristics = Heuristics::new(rules.geometry(), rules.variant.pieces.len());
        let tt = TranspositionTable::new(memory_mb);
        Self::with_parts(pos, tt, vec![heuristics], stop)
    }

    /// The searcher around a table and per-thread buffers already made.
    fn with_parts(
        pos: &Position,
        tt: TranspositionTable,
        heuristics: Vec<Heuristics>,
        stop: Arc<AtomicBool>,
    ) -> Searcher {
        let area = pos.rules().geometry().size;
        // Late-move reductions by depth and move number. Reducing more
        // than the 0.5 + ln d ln n / 2.25 of earlier builds won a makruk
        // self-play match (BENCHMARKS.md, session 27).
        let mut lmr = Box::new([[0u8; 64]; 64]);
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (n, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (d as f64).ln() * (n as f64).ln() / 2.0) as u8;
            }
        }
        Searcher {
            eval: Evaluator::new(pos.rules()),
            tt,
            stop,
            threads: 1,
            heuristics,
            area,
            roles: pos.rules().variant.pieces.len(),
            nodes: 0,
            excluded: Vec::new(),
            promoted_drops: true,
            contempt: 0,
            trade_contempt: 0,
            pawn_trade_contempt: 0,
            lmr,
            tablebases: None,
        }
    }

    /// A searcher for `pos`'s variant that takes over this one's table,
    /// emptied, and its per-thread buffers: allocating them again would
    /// cost as much as clearing them, and churning large blocks makes the
    /// allocator keep memory that `memory` does not allow for.
    pub fn into_variant(self, pos: &Position) -> Searcher {
        let mut tt = self.tt;
        tt.clear();
        let rules = pos.rules();
        let (g, roles) = (rules.geometry(), rules.variant.pieces.len());
        let mut heuristics = self.heuristics;
        heuristics.iter_mut().for_each(|h| h.reshape(g, roles));
        if heuristics.is_empty() {
            heuristics.push(Heuristics::new(g, roles));
        }
        let mut next = Self::with_parts(pos, tt, heuristics, Arc::new(AtomicBool::new(false)));
        next.threads = self.threads;
        next
    }

    /// Search with `n` threads (XBoard `cores`).
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.clamp(1, 256);
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Forget what earlier games taught (XBoard `new`).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.heuristics.iter_mut().for_each(|h| h.clear());
    }

    /// Use this flag to be stopped from now on.
    pub fn set_stop(&mut self, stop: Arc<AtomicBool>) {
        self.stop = stop;
    }

    /// Nodes of the last search, all threads.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Search `root`, whose game history has the position keys `game_keys`.
    pub fn search(
        &mut self,
        root: &Position,
        game_keys: &[Seen],
        limits: Limits,
        reporter: &mut dyn Reporter,
    ) -> SearchResult {
        let start = Instant::now();
        self.tt.new_search();
        while self.heuristics.len() < self.threads {
            self.heuristics
                .push(Heuristics::new(root.rules().geometry(), self.roles));
        }
        let shared = Shared {
            eval: &self.eval,
            tt: &self.tt,
            stop: &self.stop,
            done: AtomicBool::new(false),
            limits: &limits,
            start,
            nodes: AtomicU64::new(0),
            excluded: &self.excluded,
            promoted_drops: self.promoted_drops,
            contempt: self.contempt,
            trade_contempt: self.trade_contempt,
            pawn_trade_contempt: self.pawn_trade_contempt,
            area: self.area,
            lmr: &self.lmr,
            tb: self.tablebases.as_deref(),
        };
        let (main_h, helper_h) = self.heuristics.split_at_mut(1);
        let helpers = &mut helper_h[..self.threads - 1];
        let result = crossbeam::thread::scope(|scope| {
            let mut handles = Vec::with_capacity(helpers.len());
            for (i, h) in helpers.iter_mut().enumerate() {
                let shared = &shared;
                let spawned = scope
                    .builder()
                    .name(format!("search-{}", i + 1))
                    .stack_size(SEARCH_STACK)
                    .spawn(move |_| {
                        let h: &mut Heuristics = h;
                        let mut t = Thread::new(shared, h, false, game_keys);
                        let result = t.iterate(root, i + 1, &mut Silent);
                        t.publish();
                        result
                    });
                match spawned {
                    Ok(handle) => handles.push(handle),
                    Err(e) => log::warn!("cannot start search thread {}: {e}", i + 1),
                }
            }
            let mut t = Thread::new(&shared, &mut main_h[0], true, game_keys);
            let mut result = t.iterate(root, 0, reporter);
            t.publish();
            shared.done.store(true, Ordering::Relaxed);
            // A helper that finished a deeper iteration with a better
            // score has seen more than the main thread: play its move.
            for handle in handles {
                match handle.join() {
                    Ok(r)
                        if r.best.is_some() && r.depth > result.depth && r.score > result.score =>
                    {
                        log::debug!(
                            "helper result: depth {} score {} over depth {} score {}",
                            r.depth,
                            r.score,
                            result.depth,
                            result.score
                        );
                        result = r;
                    }
                    Ok(_) => {}
                    Err(_) => log::error!("a search thread panicked"),
                }
            }
            result
        });
        let mut result = result.unwrap_or_else(|_| {
            log::error!("a search thread panicked");
            SearchResult {
                best: None,
                ponder: None,
                score: 0,
                depth: 0,
                nodes: 0,
            }
        });
        self.nodes = shared.nodes.load(Ordering::Relaxed);
        result.nodes = self.nodes;
        result
    }
}

impl Searcher {
    /// The quiescence value of `pos` for the side to move, and the quiet
    /// position at the end of its principal line (tuning positions).
    pub fn quiescence(&mut self, pos: &Position) -> (Score, Position) {
        let limits = Limits::default();
        let stop = AtomicBool::new(false);
        let shared = Shared {
            eval: &self.eval,
            tt: &self.tt,
            stop: &stop,
            done: AtomicBool::new(false),
            limits: &limits,
            start: Instant::now(),
            nodes: AtomicU64::new(0),
            excluded: &[],
            promoted_drops: true,
            contempt: 0,
            trade_contempt: 0,
            pawn_trade_contempt: 0,
            area: self.area,
            lmr: &self.lmr,
            tb: None,
        };
        let mut t = Thread::new(&shared, &mut self.heuristics[0], true, &[]);
        let mut p = pos.clone();
        let score = t.quiesce(&mut p, -MATE - 1, MATE + 1, 0, 0);
        for &m in t.pv[0].iter() {
            p.make(m);
        }
        (score, p)
    }
}

impl<'a> Thread<'a> {
    fn new(sh: &'a Shared<'a>, h: &'a mut Heuristics, main: bool, game_keys: &[Seen]) -> Self {
        let mut keys = Vec::with_capacity(game_keys.len() + MAX_PLY + 8);
        keys.extend_from_slice(game_keys);
        Thread {
            sh,
            h,
            main,
            nodes: 0,
            unpublished: 0,
            seldepth: 0,
            keys,
            pv: vec![ArrayVec::new(); MAX_PLY + 1],
            stack: vec![Frame::default(); MAX_PLY + 2],
            root_depth: 0,
        }
    }

    fn publish(&mut self) {
        self.sh.nodes.fetch_add(self.unpublished, Ordering::Relaxed);
        self.unpublished = 0;
    }

    /// The root may not play `m`.
    fn root_excluded(&self, m: Move) -> bool {
        self.sh.excluded.contains(&m)
            || !self.sh.promoted_drops && m.is_drop() && m.promotion().is_some()
    }

    /// Iterative deepening; helper `id` starts one ply deeper when odd, so
    /// the threads spread over two depths.
    fn iterate(&mut self, root: &Position, id: usize, reporter: &mut dyn Reporter) -> SearchResult {
        let mut pos = root.clone();
        pos.reserve_undo();
        let mut result = SearchResult {
            best: None,
            ponder: None,
            score: 0,
            depth: 0,
            nodes: 0,
        };
        // Any legal move is better than none if time runs out at once.
        let mut root_moves = MoveList::new();
        generate_legal(&mut pos, &mut root_moves);
        root_moves.retain(|m| !self.root_excluded(*m));
        if root_moves.is_empty() {
            return result;
        }
        result.best = Some(root_moves[0]);
        let limits = self.sh.limits;
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .min(MAX_PLY as u32 - 1);
        let mut prev = 0;
        let (mut last_best, mut stable, mut last_score) = (None, 0, 0);
        let first = 1 + (id % 2) as u32;
        for depth in first..=max_depth {
            self.seldepth = 0;
            self.root_depth = depth as i32;
            let score = self.aspiration(&mut pos, depth as i32, prev);
            if self.stopped() && depth > first {
                break;
            }
            prev = score;
            let pv: Vec<Move> = self.pv[0].iter().copied().collect();
            if let Some(&best) = pv.first() {
                result.best = Some(best);
                result.ponder = pv.get(1).copied();
            }
            result.score = score;
            result.depth = depth;
            if self.main {
                self.publish();
                reporter.iteration(
                    root,
                    &Info {
                        depth,
                        seldepth: self.seldepth,
                        score,
                        nodes: self.sh.nodes.load(Ordering::Relaxed),
                        elapsed: self.sh.start.elapsed(),
                        pv,
                    },
                );
            }
            if self.stopped() {
                break;
            }
            // The next iteration takes several times as long as this one:
            // do not start it late. A best move that keeps changing or a
            // falling score asks for more time; one that has held for
            // several iterations for less.
            if result.best == last_best {
                stable += 1;
            } else {
                stable = 0;
            }
            last_best = result.best;
            let mut percent = if stable == 0 && depth > 4 {
                80
            } else if stable >= 4 {
                35
            } else {
                60
            };
            if score < last_score - 30 {
                percent += 30;
            }
            last_score = score;
            if self.main
                && limits
                    .soft_time
                    .is_some_and(|t| self.sh.start.elapsed() >= t * percent / 100)
            {
                break;
            }
            // A forced mate found: deeper search cannot change the move.
            if score.abs() > MATE - depth as Score {
                break;
            }
        }
        result
    }

    /// One iteration: a narrow window around the last score first, widened
    /// on the side that fails.
    fn aspiration(&mut self, pos: &mut Position, depth: i32, prev: Score) -> Score {
        let mut delta = 30;
        let (mut alpha, mut beta) = if depth >= 5 && prev.abs() < MATE_BOUND {
            (prev - delta, prev + delta)
        } else {
            (-MATE - 1, MATE + 1)
        };
        loop {
            let score = self.negamax(pos, depth, alpha, beta, 0, true, false);
            if self.stopped() {
                return score;
            }
            if score <= alpha && alpha > -MATE - 1 {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-MATE - 1);
            } else if score >= beta && beta < MATE + 1 {
                beta = (score + delta).min(MATE + 1);
            } else {
                return score;
            }
            delta += delta;
            if delta > 1000 {
                alpha = -MATE - 1;
                beta = MATE + 1;
            }
        }
    }

    #[inline]
    fn stopped(&self) -> bool {
        self.sh.stop.load(Ordering::Relaxed) || self.sh.done.load(Ordering::Relaxed)
    }

    /// Count a node; poll the clock and node limit now and then.
    #[inline]
    fn count_node(&mut self) {
        self.nodes += 1;
        self.unpublished += 1;
        if self.unpublished < 1024 {
            return;
        }
        self.publish();
        if !self.main {
            return;
        }
        let limits = self.sh.limits;
        let out_of_time = limits
            .hard_time
            .is_some_and(|t| self.sh.start.elapsed() >= t);
        let out_of_nodes = limits
            .nodes
            .is_some_and(|n| self.sh.nodes.load(Ordering::Relaxed) >= n);
        if out_of_time || out_of_nodes {
            self.sh.stop.store(true, Ordering::Relaxed);
        }
    }

    /// A repetition of an earlier position with the same side to move
    /// (within the reversible moves) ends the line: its value for the side
    /// to move (a draw, unless one side checked all the way where
    /// perpetual check is illegal).
    fn repetition(&self, pos: &Position, in_check: bool) -> Option<GameValue> {
        judge::repeated(
            &pos.rules().variant.end,
            &self.keys,
            pos.key(),
            in_check,
            pos.repetition_window(),
        )
    }

    /// Whether the piece `m` moved (just made) now attacks an enemy piece
    /// worth more than itself: read from its walk record in the attack
    /// map.
    fn makes_threat(eval: &Evaluator, pos: &Position, m: Move) -> bool {
        let (Some(slot), Some((us, mover))) = (pos.slot_at(m.to()), pos.piece_on(m.to())) else {
            return false;
        };
        let value = eval.value(mover.role);
        pos.records(slot).iter().any(|e| {
            e.kind & visit::CAPTURE != 0
                && pos
                    .piece_on(e.sq)
                    .is_some_and(|(c, p)| c != us && eval.value(p.role) > value)
        })
    }

    /// The value of a game result for the side to move at `ply`.
    fn result_score(&self, value: GameValue, ply: usize) -> Score {
        match value {
            GameValue::Win => MATE - ply as Score,
            GameValue::Loss => -MATE + ply as Score,
            GameValue::Draw => self.draw_score(ply),
        }
    }

    /// A draw for the side to move at `ply`: the root side pays the
    /// contempt, its opponent gains it.
    fn draw_score(&self, ply: usize) -> Score {
        if ply.is_multiple_of(2) {
            -self.sh.contempt
        } else {
            self.sh.contempt
        }
    }

    /// The static evaluation for the side to move at `ply`, with the
    /// trade contempts: the root side gains them, its opponent loses them.
    fn static_eval(&self, pos: &Position, ply: usize) -> Score {
        if self.sh.trade_contempt == 0 && self.sh.pawn_trade_contempt == 0 {
            return self.sh.eval.evaluate(pos);
        }
        let (e, left) = self.sh.eval.evaluate_and_pieces_left(pos);
        let bonus =
            (self.sh.trade_contempt * left.pieces + self.sh.pawn_trade_contempt * left.pawns) / 256;
        if ply.is_multiple_of(2) {
            e + bonus
        } else {
            e - bonus
        }
    }

    fn corr_index(pos: &Position) -> usize {
        pos.side_to_move().index() * CORR_SIZE + (pos.pawn_key() as usize & (CORR_SIZE - 1))
    }

    /// The static evaluation with the correction history's learned bias
    /// for this pawn structure added.
    fn corrected_eval(&self, pos: &Position, ply: usize) -> Score {
        let raw = self.static_eval(pos, ply);
        if raw.abs() >= MATE_BOUND {
            return raw;
        }
        let c = i32::from(self.h.corr[Self::corr_index(pos)]) / CORR_GRAIN;
        (raw + c).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// A search of `depth` found `best` where the corrected static
    /// evaluation said `corrected`: move the entry towards the error that
    /// is left, faster for deeper searches. Moving towards the residual
    /// rather than the whole error settles at half the bias, and the
    /// entry is capped at `CORR_MAX`: a larger correction (tried: the
    /// whole error, up to 200 cp) shifts every position of a pawn
    /// structure against those after a pawn move, which the search then
    /// plays or shuns for that alone (makruk self-play lost 0-8 =7).
    fn update_correction(&mut self, pos: &Position, depth: i32, best: Score, corrected: Score) {
        let err = (best - corrected).clamp(-4 * CORR_MAX, 4 * CORR_MAX) * CORR_GRAIN;
        let w = (depth + 1).min(16);
        let e = &mut self.h.corr[Self::corr_index(pos)];
        let v = (i32::from(*e) * (256 - w) + err * w) / 256;
        *e = v.clamp(-CORR_MAX * CORR_GRAIN, CORR_MAX * CORR_GRAIN) as i16;
    }

    fn history_index(&self, pos: &Position, m: Move) -> usize {
        // A drop has no from-square; its dropped type stands in for one
        // (low numbers are guard squares, so this rarely shares a slot).
        let area = self.sh.area;
        (pos.side_to_move().index() * area + from_index(m, area)) * area + usize::from(m.to())
    }

    fn counter_index(&self, m: Move) -> usize {
        from_index(m, self.sh.area) * self.sh.area + usize::from(m.to())
    }

    /// What a promotion adds to the mover's value (0 for other moves, for
    /// demotions and for drops, promoted or not).
    fn promotion_gain(&self, pos: &Position, m: Move) -> Score {
        match m.promotion() {
            Some(r) if m.promotes() && !m.is_drop() => {
                let before = pos
                    .piece_on(m.from())
                    .map_or(0, |(_, s)| self.sh.eval.value(s.role));
                (self.sh.eval.value(r) - before).max(0)
            }
            _ => 0,
        }
    }

    /// Ordering score of a capture or promotion: victims first, cheap
    /// attackers first among equal victims; exchanges that lose material
    /// after every quiet move.
    fn order_tactical(&self, pos: &mut Position, m: Move) -> i32 {
        let eval = self.sh.eval;
        let gain = see::immediate_gain(eval, pos, m).min(20_000);
        let attacker = pos
            .piece_on(m.from())
            .map_or(0, |(_, s)| eval.value(s.role));
        let mvv = gain * 16 - attacker / 16;
        if eval.losing() || see_ge(eval, pos, m, 0) {
            ORDER_GOOD_CAPTURE + mvv
        } else {
            ORDER_BAD_CAPTURE + mvv
        }
    }

    /// Ordering score of a quiet move.
    fn order_quiet(&self, pos: &Position, m: Move, ply: usize, counter: Move) -> i32 {
        let promo = self.promotion_gain(pos, m);
        if promo > 0 {
            return ORDER_GOOD_CAPTURE + promo * 16;
        }
        if self.h.killers[ply][0] == m {
            return ORDER_KILLER;
        }
        if self.h.killers[ply][1] == m {
            return ORDER_KILLER - 1;
        }
        if counter == m {
            return ORDER_COUNTER;
        }
        let history = self.h.history[self.history_index(pos, m)] + self.cont_score(pos, m, ply);
        if m.is_drop() && self.near_enemy_royal(pos, m) {
            // Drops next to the enemy king (checks, mating nets) first.
            return ORDER_DROP_NEAR_KING + history;
        }
        history
    }

    /// A drop lands within reach of an enemy royal piece (so it may check).
    fn near_enemy_royal(&self, pos: &Position, m: Move) -> bool {
        let rules = pos.rules();
        let g = rules.geometry();
        let reach = m.hand().map_or(0, |r| rules.reach[usize::from(r.0)]).min(2);
        pos.royals(pos.side_to_move().opponent())
            .any(|k| crate::movegen::distance(g, m.to(), k) <= reach)
    }

    /// Pieces other than royals and pawns of the side to move (without
    /// any, null move is unsafe: zugzwang).
    fn piece_count(&self, pos: &Position) -> usize {
        let us = pos.side_to_move();
        let rules = pos.rules();
        pos.pieces(us)
            .filter(|(_, s)| {
                let r = usize::from(s.role.0);
                !rules.royal[r] && !rules.promotes[us.index()][r]
            })
            .count()
    }

    /// The continuation-history row of `m` (its piece type and
    /// destination), before it is made.
    #[inline]
    fn piece_to(&self, pos: &Position, m: Move) -> Option<u32> {
        let role = match m.hand() {
            Some(r) if m.is_drop() => r,
            _ => pos.piece_on(m.from())?.1.role,
        };
        let to = usize::from(self.h.cont_square[usize::from(m.to())]);
        Some((usize::from(role.0) * self.h.cont_squares + to) as u32)
    }

    /// Entries of the continuation history for quiet `m` at `ply`: as a
    /// reply to the move one ply back and as a follow-up to our own move
    /// two plies back.
    #[inline]
    fn cont_slots(&self, pos: &Position, m: Move, ply: usize) -> [Option<usize>; 2] {
        let Some(this) = self.piece_to(pos, m) else {
            return [None; 2];
        };
        let row = self.h.cont_row;
        let hashed = self.h.cont_hashed;
        [1, 2].map(|back| {
            let earlier = ply.checked_sub(back).and_then(|p| self.stack[p].piece_to)?;
            let pair = earlier as usize * row + this as usize;
            Some(if hashed {
                // Fibonacci hashing: the top bits of the product.
                ((pair as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - CONT_BITS)) as usize
            } else {
                pair
            })
        })
    }

    fn cont_score(&self, pos: &Position, m: Move, ply: usize) -> i32 {
        self.cont_slots(pos, m, ply)
            .iter()
            .flatten()
            .map(|&i| i32::from(self.h.cont[i]))
            .sum()
    }

    fn update_cont(&mut self, pos: &Position, m: Move, ply: usize, bonus: i32) {
        for i in self.cont_slots(pos, m, ply).into_iter().flatten() {
            let h = &mut self.h.cont[i];
            let v = i32::from(*h);
            *h = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
        }
    }

    fn update_history(&mut self, pos: &Position, m: Move, bonus: i32) {
        let i = self.history_index(pos, m);
        let h = &mut self.h.history[i];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &mut Position,
        mut depth: i32,
        mut alpha: Score,
        mut beta: Score,
        ply: usize,
        pv_node: bool,
        after_null: bool,
    ) -> Score {
        self.pv[ply].clear();
        let us = pos.side_to_move();
        let in_check = pos.in_check(us);
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        self.count_node();
        self.seldepth = self.seldepth.max(ply as u32);
        if self.stopped() && ply > 0 {
            return 0;
        }
        if let Some(v) = judge::by_rule(pos) {
            return self.result_score(v.value, ply);
        }
        let (n_move_rule, must_capture) = {
            let end = &pos.rules().variant.end;
            (end.n_move_rule, end.must_capture)
        };
        if ply > 0 {
            if let Some(value) = self.repetition(pos, in_check) {
                return self.result_score(value, ply);
            }
            // The move-count rule and a count that has run out draw,
            // unless the move that reached the limit mated (or stalemated):
            // XBoard and the referee look for those first.
            if judge::by_count(pos).is_some() {
                if crate::movegen::has_legal_move(pos) {
                    return self.draw_score(ply);
                }
                return self.result_score(judge::no_legal_move(pos, in_check).value, ply);
            }
            // Mate-distance pruning: no line here beats a mate found nearer
            // the root.
            alpha = alpha.max(-MATE + ply as Score);
            beta = beta.min(MATE - ply as Score - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.static_eval(pos, ply);
        }
        let key = pos.key();
        // In the singular-extension test this node's stored result (which
        // includes the excluded move) neither cuts nor is overwritten.
        let excluded = self.stack[ply].excluded;
        let singular_test = excluded != Move::default();
        let mut hash_move = Move::default();
        let mut tt_hit = None;
        if let Some(e) = self.sh.tt.probe(key) {
            hash_move = e.mv;
            let score = from_tt(Score::from(e.score), ply);
            if !pv_node
                && !singular_test
                && i32::from(e.depth) >= depth
                && e.bound.cuts(score, alpha, beta)
            {
                return score;
            }
            tt_hit = Some((score, e.bound, i32::from(e.depth)));
        }
        if ply > 0
            && !singular_test
            && let Some(tb) = self.sh.tb
            && let Some(hit) = tb.probe(pos)
        {
            // Distance to mate, and XBoard's move-count rule: a win that
            // takes longer than the moves left before the count runs out
            // is a draw in play.
            let left = if n_move_rule > 0 {
                (2 * n_move_rule).saturating_sub(pos.halfmove_clock())
            } else {
                u32::MAX
            };
            let score = match hit {
                Hit::Win(p) if p <= left => TB_WIN - (ply as Score) - p as Score,
                Hit::Loss(p) if p <= left => -TB_WIN + (ply as Score) + p as Score,
                // A win the count would cut short, unless a capture or pawn
                // move on the way starts the count again (the table does
                // not know which lines do): better than a draw, and nearer
                // mates better, so the search heads for them.
                Hit::Win(p) => TB_CURSED - (p.min(TB_CURSED as u32 / 2) as Score),
                Hit::Loss(p) => -TB_CURSED + (p.min(TB_CURSED as u32 / 2) as Score),
                Hit::Draw => self.draw_score(ply),
            };
            self.sh
                .tt
                .store(key, Move::default(), to_tt(score, ply), depth, Bound::Exact);
            return score;
        }
        let eval = self.sh.eval;
        let mut corrected_eval = None;
        let static_eval = if in_check {
            None
        } else {
            let mut e = self.corrected_eval(pos, ply);
            corrected_eval = Some(e);
            // A stored bound on the true score sharpens the estimate.
            if let Some((s, b, _)) = tt_hit
                && s.abs() < MATE_BOUND
                && (b == Bound::Lower && s > e || b == Bound::Upper && s < e || b == Bound::Exact)
            {
                e = s;
            }
            Some(e)
        };
        self.stack[ply].eval = static_eval;
        let improving = match (static_eval, ply.checked_sub(2).map(|p| self.stack[p].eval)) {
            (Some(now), Some(Some(before))) => now > before,
            (Some(_), _) => true,
            _ => false,
        };
        let risky_variant = must_capture || eval.losing();
        if let Some(ev) = static_eval
            && !pv_node
            && !risky_variant
            && ply > 0
            && !singular_test
        {
            // Reverse futility: far above beta near the leaves, a quiet
            // position stays there.
            if depth <= 6
                && ev.abs() < MATE_BOUND
                && ev - (80 * depth - if improving { 40 } else { 0 }) >= beta
            {
                return ev;
            }
            // Null move: if passing still fails high, a real move will too.
            let pieces = self.piece_count(pos);
            if !after_null && depth >= 3 && ev >= beta && pieces > 0 {
                let r = 3 + depth / 4 + ((ev - beta) / 200).min(3);
                self.keys.push(Seen { key, in_check });
                self.stack[ply].mv = Move::default();
                self.stack[ply].piece_to = None;
                let ep = pos.make_null();
                let score =
                    -self.negamax(pos, depth - 1 - r, -beta, -beta + 1, ply + 1, false, true);
                pos.unmake_null(ep);
                self.keys.pop();
                if self.stopped() {
                    return 0;
                }
                if score >= beta {
                    let score = if score >= MATE_BOUND { beta } else { score };
                    // Few pieces and no drops: zugzwang is likely; believe
                    // the pass only if a real search without one agrees.
                    let zugzwang_risk = pieces <= 2 && !pos.rules().variant.drops.piece_drops;
                    if !zugzwang_risk {
                        return score;
                    }
                    let v = self.negamax(pos, depth - 1 - r, beta - 1, beta, ply, false, true);
                    if v >= beta {
                        return score;
                    }
                }
            }
        }
        // Internal iterative reduction: without a stored move, this node
        // was not searched before; search it shallower.
        if hash_move == Move::default() && depth >= 4 && !in_check {
            depth -= 1;
        }

        let mut moves = MoveList::new();
        let mut scores: ArrayVec<i32, MAX_MOVES> = ArrayVec::new();
        // Staged: captures now, quiets when the good captures are spent.
        let mut quiets_done = false;
        if must_capture {
            // Which moves are legal depends on all of them: generate the
            // legal list (captures only when there are any).
            generate_legal(pos, &mut moves);
            quiets_done = true;
        } else if hash_move != Move::default() && !hash_move.is_capture() {
            pseudo_legal::<true, true>(pos, &mut moves);
            quiets_done = true;
        } else {
            pseudo_legal::<true, false>(pos, &mut moves);
        }
        let prev = if ply > 0 {
            self.stack[ply - 1].mv
        } else {
            Move::default()
        };
        let counter = if prev == Move::default() {
            Move::default()
        } else {
            self.h.counters[self.counter_index(prev)]
        };
        for i in 0..moves.len() {
            let m = moves[i];
            let s = if m == hash_move {
                ORDER_HASH
            } else if m.is_capture() {
                self.order_tactical(pos, m)
            } else {
                self.order_quiet(pos, m, ply, counter)
            };
            scores.push(s);
        }
        let legality = Legality::new(pos);
        let original_alpha = alpha;
        let mut best_score = -MATE - 1;
        let mut best_move = Move::default();
        let mut legal = 0;
        let mut quiets_tried: ArrayVec<Move, 64> = ArrayVec::new();
        let lmp_limit = (3 + depth * depth) / if improving { 1 } else { 2 };
        // Where quiet moves may be pruned, those certain to be harmless
        // (see `harmless_quiet`) are pruned without being made.
        let screen = if ply > 0 && !pv_node && !in_check && !risky_variant && depth <= 5 {
            quiet_screen(pos)
        } else {
            None
        };
        let mut i = 0;
        loop {
            if i >= moves.len() || !quiets_done && best_remaining(&scores, i) < ORDER_QUIETS_FROM {
                if !quiets_done {
                    quiets_done = true;
                    let first = moves.len();
                    pseudo_legal::<false, true>(pos, &mut moves);
                    for k in first..moves.len() {
                        let m = moves[k];
                        let s = if m == hash_move {
                            ORDER_HASH
                        } else {
                            self.order_quiet(pos, m, ply, counter)
                        };
                        scores.push(s);
                    }
                }
                if i >= moves.len() {
                    break;
                }
            }
            let m = pick_next(&mut moves, &mut scores, i);
            let order = scores[i];
            i += 1;
            if ply == 0 && self.root_excluded(m) || m == excluded && singular_test {
                continue;
            }
            let quiet = !m.is_capture() && !m.promotes();
            // Prune shallow nodes' unpromising moves, once a move has saved
            // the node from being lost.
            let prunable = ply > 0 && !in_check && best_score > -MATE_BOUND && !risky_variant;
            if prunable
                && !quiet
                && depth <= 4
                && order < ORDER_QUIETS_FROM
                && !see_ge(eval, pos, m, -120 * depth)
            {
                continue;
            }
            // Late-move pruning: past a number of quiet moves that grows
            // with depth, the rest are hopeless (unless they check or
            // threaten). Futility: far below alpha, a quiet move will not
            // lift it.
            let late_or_futile = prunable
                && quiet
                && !pv_node
                && (depth <= 5 && quiets_tried.len() as i32 >= lmp_limit
                    || depth <= 4
                        && static_eval.is_some_and(|e| e + 100 + 120 * depth <= alpha)
                        && order < ORDER_COUNTER);
            // Where the screen applies, a plain quiet move about to be
            // pruned is pruned unmade if it certainly neither checks nor
            // threatens; near the leaves one that loses material by
            // exchange and cannot check is dropped too.
            if let Some(king) = screen
                && prunable
                && quiet
                && let Some((role, from)) = plain_mover(pos, m)
            {
                let checks = king.is_some_and(|k| may_check(pos, m, role, from, k));
                if !checks
                    && (late_or_futile && !threatens(eval, pos, m, role)
                        || depth <= 4 && !see_ge(eval, pos, m, -30 * depth * depth))
                {
                    continue;
                }
            }
            // Singular extension: a stored move that beat beta clearly
            // better than every alternative (a search without it, at half
            // depth, fails low below its score) is searched a ply deeper.
            // If even the alternatives beat beta, the node cuts now.
            let mut extension = 0;
            if m == hash_move
                && !singular_test
                && ply > 0
                && depth >= SINGULAR_DEPTH
                && (ply as i32) < 2 * self.root_depth
                && let Some((tt_score, bound, tt_depth)) = tt_hit
                && bound != Bound::Upper
                && tt_depth >= depth - 3
                && tt_score.abs() < MATE_BOUND
            {
                let s_beta = tt_score - SINGULAR_MARGIN * depth;
                self.stack[ply].excluded = m;
                let v = self.negamax(pos, (depth - 1) / 2, s_beta - 1, s_beta, ply, false, false);
                self.stack[ply].excluded = Move::default();
                if self.stopped() {
                    return 0;
                }
                if v < s_beta {
                    extension = 1;
                } else if s_beta >= beta {
                    return s_beta;
                }
            }
            let piece_to = self.piece_to(pos, m);
            let Some(undo) = make_legal(pos, &legality, m) else {
                continue;
            };
            let gives_check = pos.in_check(pos.side_to_move());
            // A quiet move that attacks something worth more than the
            // mover (a pawn forking two rooks) is searched like a check:
            // neither pruned nor reduced much.
            let threat = quiet && !gives_check && Self::makes_threat(eval, pos, m);
            if late_or_futile && !gives_check && !threat {
                pos.unmake(m, &undo);
                continue;
            }
            self.keys.push(Seen { key, in_check });
            self.stack[ply].mv = m;
            self.stack[ply].piece_to = piece_to;
            legal += 1;
            if quiet && !quiets_tried.is_full() {
                quiets_tried.push(m);
            }
            // Late quiet moves are searched shallower first (late-move
            // reduction) and again at full depth only if they surprise.
            let reduction = if depth >= 3 && legal > 1 + usize::from(pv_node) && quiet && !in_check
            {
                let mut r = i32::from(self.sh.lmr[depth.min(63) as usize][legal.min(63)]);
                r -= i32::from(pv_node);
                r -= i32::from(order >= ORDER_COUNTER);
                r -= i32::from(gives_check);
                r -= 2 * i32::from(threat);
                r += i32::from(!improving);
                r -= (order / 8000).clamp(-2, 2);
                r.clamp(0, depth - 2)
            } else {
                0
            };
            let new_depth = depth - 1 + extension;
            let score = if legal == 1 {
                -self.negamax(pos, new_depth, -beta, -alpha, ply + 1, pv_node, false)
            } else {
                let mut s = -self.negamax(
                    pos,
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    false,
                    false,
                );
                if s > alpha && reduction > 0 {
                    s = -self.negamax(pos, new_depth, -alpha - 1, -alpha, ply + 1, false, false);
                }
                if s > alpha && s < beta && pv_node {
                    -self.negamax(pos, new_depth, -beta, -alpha, ply + 1, true, false)
                } else {
                    s
                }
            };
            pos.unmake(m, &undo);
            self.keys.pop();
            if self.stopped() && ply > 0 {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(m);
                    head[ply].extend(tail[0].iter().copied());
                    if score >= beta {
                        if quiet {
                            self.reward_quiet(pos, m, prev, ply, depth, &quiets_tried);
                        }
                        break;
                    }
                }
            }
        }
        if legal == 0 {
            // The excluded move was the only one: it is singular.
            if singular_test {
                return alpha;
            }
            return self.result_score(judge::no_legal_move(pos, in_check).value, ply);
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if !self.stopped() && !singular_test {
            self.sh
                .tt
                .store(key, best_move, to_tt(best_score, ply), depth, bound);
            // What a quiet result says about the static evaluation: a
            // bound only where it points the right way (a fail-high above
            // the estimate, a fail-low below it). Captures' results say
            // more about the capture than about the structure.
            if let Some(corrected) = corrected_eval
                && best_score.abs() < TB_WIN / 2
                && (best_move == Move::default()
                    || !best_move.is_capture() && !best_move.promotes())
                && (best_score > corrected && bound != Bound::Upper
                    || best_score < corrected && bound != Bound::Lower)
            {
                self.update_correction(pos, depth, best_score, corrected);
            }
        }
        best_score
    }

    /// A quiet move caused a cut-off: it becomes a killer and the reply
    /// to the previous move, and gains history while the quiet moves tried
    /// before it lose some.
    fn reward_quiet(
        &mut self,
        pos: &Position,
        m: Move,
        prev: Move,
        ply: usize,
        depth: i32,
        tried: &[Move],
    ) {
        if self.h.killers[ply][0] != m {
            self.h.killers[ply][1] = self.h.killers[ply][0];
            self.h.killers[ply][0] = m;
        }
        if prev != Move::default() {
            let c = self.counter_index(prev);
            self.h.counters[c] = m;
        }
        let bonus = (depth * depth * 8).min(2000);
        self.update_history(pos, m, bonus);
        self.update_cont(pos, m, ply, bonus);
        for &q in tried {
            if q != m {
                self.update_history(pos, q, -bonus);
                self.update_cont(pos, q, ply, -bonus);
            }
        }
    }

    /// Quiescence: captures and big promotions until the position is
    /// quiet; every move when in check, for the first `QS_CHECK_PLIES`
    /// plies (past them a check is scored statically: in drop games and
    /// Kyoto shogi, where evasions re-arm promotions, check-evasion chains
    /// need not end).
    fn quiesce(
        &mut self,
        pos: &mut Position,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        qply: usize,
    ) -> Score {
        self.pv[ply].clear();
        self.count_node();
        self.seldepth = self.seldepth.max(ply as u32);
        if self.stopped() {
            return 0;
        }
        if let Some(v) = judge::by_rule(pos) {
            return self.result_score(v.value, ply);
        }
        let us = pos.side_to_move();
        let eval = self.sh.eval;
        if ply >= MAX_PLY - 1 {
            return self.static_eval(pos, ply);
        }
        let checked = pos.in_check(us);
        let in_check = qply < QS_CHECK_PLIES && checked;
        let must_capture = pos.rules().variant.end.must_capture;
        let key = pos.key();
        if let Some(e) = self.sh.tt.probe(key) {
            let score = from_tt(Score::from(e.score), ply);
            if e.bound.cuts(score, alpha, beta) {
                return score;
            }
        }
        let mut moves = MoveList::new();
        // With forced captures, a side that can capture may not stand pat.
        let mut forced = false;
        if must_capture {
            generate_legal(pos, &mut moves);
            if moves.is_empty() {
                return self.result_score(judge::no_legal_move(pos, checked).value, ply);
            }
            forced = moves.iter().any(|m| m.is_capture());
            if !in_check {
                moves.retain(|m| m.is_capture() || self.big_promotion(pos, *m));
            }
        } else if in_check {
            pseudo_legal::<true, true>(pos, &mut moves);
        } else {
            pseudo_legal::<true, false>(pos, &mut moves);
            let first = moves.len();
            promoting_quiets(pos, &mut moves);
            let mut k = first;
            while k < moves.len() {
                if self.big_promotion(pos, moves[k]) {
                    k += 1;
                } else {
                    moves.swap_remove(k);
                }
            }
        }
        let mut best = -MATE - 1;
        let mut stand = -MATE - 1;
        if !in_check && !forced {
            stand = self.corrected_eval(pos, ply);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let prune = !in_check && !forced && !eval.losing();
        let mut scores: ArrayVec<i32, MAX_MOVES> = ArrayVec::new();
        for i in 0..moves.len() {
            let m = moves[i];
            let s = if m.is_capture() || m.promotes() {
                self.order_tactical(pos, m)
            } else {
                self.h.history[self.history_index(pos, m)]
            };
            scores.push(s);
        }
        let legality = Legality::new(pos);
        let mut legal = 0;
        for i in 0..moves.len() {
            let m = pick_next(&mut moves, &mut scores, i);
            if prune {
                // Captures that lose material by exchange, and those that
                // cannot lift the score to alpha even unanswered.
                if scores[i] < ORDER_QUIETS_FROM {
                    continue;
                }
                if stand + see::immediate_gain(eval, pos, m) + 200 <= alpha {
                    continue;
                }
            }
            let Some(undo) = make_legal(pos, &legality, m) else {
                continue;
            };
            self.keys.push(Seen {
                key,
                in_check: checked,
            });
            legal += 1;
            let score = -self.quiesce(pos, -beta, -alpha, ply + 1, qply + 1);
            pos.unmake(m, &undo);
            self.keys.pop();
            if self.stopped() {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(m);
                    head[ply].extend(tail[0].iter().copied());
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if in_check && legal == 0 {
            return self.result_score(judge::no_legal_move(pos, true).value, ply);
        }
        best
    }

    /// A promotion worth searching in quiescence.
    fn big_promotion(&self, pos: &Position, m: Move) -> bool {
        self.promotion_gain(pos, m) >= QS_PROMOTION_GAIN
    }
}

/// Whether quiet moves of the side to move can be screened before they
/// are made (see [`harmless_quiet`]): `Some` with the enemy royal's
/// square (`None` inside when there is none) where check means "the one
/// royal piece is attacked" and our walks stop at every occupied square
/// (no cannons, no locust captures, no explosions).
fn quiet_screen(pos: &Position) -> Option<Option<crate::types::Sq>> {
    let rules = pos.rules();
    let us = pos.side_to_move();
    if rules.special_check || rules.blast.is_some() || rules.has_locust || rules.screens[us.index()]
    {
        return None;
    }
    let mut royals = pos.royals(us.opponent());
    let king = royals.next();
    if royals.next().is_some() {
        return None;
    }
    Some(king)
}

/// True if the plain quiet move `m` certainly gives no check and attacks
/// nothing worth more than the mover once made, judged from the strike
/// sets alone (see [`may_check`] and [`threatens`]). Such a move is
/// searched (or pruned) like any quiet one, so the search may prune it
/// without paying for make and unmake. Castling, gating, passes,
/// promotions and demotions are never judged harmless here.
#[cfg(test)]
fn harmless_quiet(
    eval: &Evaluator,
    pos: &Position,
    m: Move,
    king: Option<crate::types::Sq>,
) -> bool {
    let Some((role, from)) = plain_mover(pos, m) else {
        return false;
    };
    !king.is_some_and(|k| may_check(pos, m, role, from, k)) && !threatens(eval, pos, m, role)
}

/// Whether plain move `m` of a `role` piece could, once made, attack an
/// enemy piece worth more than the mover, by the strike sets: false is
/// certain, true means "make it to see" (what `Thread::makes_threat`
/// reads from the attack map).
fn threatens(eval: &Evaluator, pos: &Position, m: Move, role: crate::types::Role) -> bool {
    let us = pos.side_to_move();
    let set = &pos.rules().strikes[us.index()][usize::from(role.0)];
    let value = eval.value(role);
    pos.pieces(us.opponent())
        .any(|(_, s)| eval.value(s.role) > value && set.may_strike(m.to(), s.sq))
}

/// The type of the piece plain move `m` moves and its start square (`None`
/// for a drop); `None` for castling, e.p., locust captures, gating,
/// passes, promotions and demotions, which the strike-set screens leave
/// to make and see.
fn plain_mover(pos: &Position, m: Move) -> Option<(crate::types::Role, Option<crate::types::Sq>)> {
    use crate::types::flag;
    if m.is(flag::CASTLE | flag::EP | flag::LOCUST | flag::GATE)
        || m.is_pass()
        || m.promotion().is_some()
    {
        return None;
    }
    match m.hand() {
        Some(r) => Some((r, None)),
        None => pos
            .piece_on(m.from())
            .map(|(_, s)| (s.role, Some(m.from()))),
    }
}

/// Whether plain move `m` of a `role` piece (from `from`, `None` for a
/// drop) could check the enemy royal on `king`, by the strike sets: the
/// mover from its new square, or a piece of ours whose walk now stops on
/// the square it leaves. False is certain (under [`quiet_screen`]'s
/// conditions); true means "make it to see".
fn may_check(
    pos: &Position,
    m: Move,
    role: crate::types::Role,
    from: Option<crate::types::Sq>,
    king: crate::types::Sq,
) -> bool {
    let us = pos.side_to_move();
    let strikes = &pos.rules().strikes[us.index()];
    if strikes[usize::from(role.0)].may_strike(m.to(), king) {
        return true;
    }
    let Some(from) = from else {
        return false;
    };
    let mover = pos.slot_at(from);
    let mut touch = pos.touched_by(from, us);
    while touch != 0 {
        let slot = Position::slot_index(us, touch.trailing_zeros() as usize);
        touch &= touch - 1;
        let s = pos.slot(slot);
        if Some(slot) != mover && strikes[usize::from(s.role.0)].may_strike(s.sq, king) {
            return true;
        }
    }
    false
}

/// The from-square of a move for history tables; a drop's dropped type
/// stands in for it.
#[inline]
fn from_index(m: Move, area: usize) -> usize {
    match m.hand() {
        Some(r) if m.is_drop() => usize::from(r.0) % area,
        _ => usize::from(m.from()),
    }
}

/// The highest score among the moves from `i` on.
fn best_remaining(scores: &[i32], i: usize) -> i32 {
    scores[i..].iter().copied().max().unwrap_or(i32::MIN)
}

/// Selection sort step: move the best-scored remaining move to `i`.
fn pick_next(moves: &mut MoveList, scores: &mut [i32], i: usize) -> Move {
    let mut j = i;
    for k in i + 1..moves.len() {
        if scores[k] > scores[j] {
            j = k;
        }
    }
    moves.swap(i, j);
    scores.swap(i, j);
    moves[i]
}

/// Make `m` if it is legal (vouched for by `legality`, or by looking at the
/// mover's royal pieces after making it); `None` leaves `pos` unchanged.
fn make_legal(pos: &mut Position, legality: &Legality, m: Move) -> Option<crate::position::Undo> {
    let us = pos.side_to_move();
    let certain = legality.certainly_legal(pos, m);
    let undo = pos.make(m);
    if !certain && !crate::movegen::legal_after(pos, us, m, &undo) {
        pos.unmake(m, &undo);
        return None;
    }
    Some(undo)
}

/// Mate scores are stored relative to the node, not the root.
fn to_tt(score: Score, ply: usize) -> Score {
    if score > TB_BOUND {
        score + ply as Score
    } else if score < -TB_BOUND {
        score - ply as Score
    } else {
        score
    }
}

fn from_tt(score: Score, ply: usize) -> Score {
    if score > TB_BOUND {
        score - ply as Score
    } else if score < -TB_BOUND {
        score + ply as Score
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Rules;

    /// Whether playing `from`-`to` in `fen` (chess) makes a threat.
    fn threat_after(fen: &str, from: (u8, u8), to: (u8, u8)) -> bool {
        let set = crate::variant::VariantSet::builtin().expect("built-ins");
        let rules = Rules::new(set.get("normal").expect("normal").clone()).expect("rules");
        let mut pos = Position::from_fen(rules.clone(), fen).expect("fen");
        let eval = Evaluator::new(&rules);
        let g = rules.geometry();
        let mut list = MoveList::new();
        generate_legal(&mut pos, &mut list);
        let m = *list
            .iter()
            .find(|m| m.from() == g.sq(from.0, from.1) && m.to() == g.sq(to.0, to.1))
            .expect("the move is legal");
        pos.make(m);
        Thread::makes_threat(&eval, &pos, m)
    }

    /// The screen that lets the search prune quiet moves unmade must
    /// never call a move harmless that, made, checks or threatens a
    /// bigger piece: checked over random games of every built-in variant
    /// the screen applies to, against the attack map after the move.
    #[test]
    fn harmless_quiet_moves_neither_check_nor_threaten() {
        let set = crate::variant::VariantSet::builtin().expect("built-ins");
        let mut rng = crate::rng::Rng(7);
        let (mut judged, mut variants) = (0, 0);
        for variant in set.iter() {
            let rules = Rules::new(variant.clone()).expect("rules");
            let eval = Evaluator::new(&rules);
            let mut screened = false;
            for _game in 0..6 {
                let mut pos = Position::start(rules.clone()).expect("start");
                for _ply in 0..80 {
                    let moves = crate::movegen::legal_moves(&mut pos);
                    if moves.is_empty() || judge::by_rule(&pos).is_some() {
                        break;
                    }
                    if let Some(king) = quiet_screen(&pos) {
                        screened = true;
                        let them = pos.side_to_move().opponent();
                        for &m in moves.iter().filter(|m| !m.is_capture() && !m.promotes()) {
                            if harmless_quiet(&eval, &pos, m, king) {
                                judged += 1;
                                let (text, fen) = (crate::notation::move_text(&pos, m), pos.fen());
                                let undo = pos.make(m);
                                assert!(
                                    !pos.in_check(them) && !Thread::makes_threat(&eval, &pos, m),
                                    "{}: {text} called harmless in {fen}",
                                    variant.name,
                                );
                                pos.unmake(m, &undo);
                            }
                        }
                    }
                    let m = *rng.pick(&moves);
                    pos.make(m);
                }
            }
            variants += usize::from(screened);
        }
        // The screen must apply widely to be worth having.
        assert!(
            variants >= 20 && judged >= 10_000,
            "{variants} variants, {judged} moves"
        );
    }

    #[test]
    fn a_pawn_fork_of_two_rooks_is_a_threat() {
        let fen = "4k3/8/8/1r1r4/8/2P5/8/4K3 w - - 0 1";
        // c3-c4 attacks both rooks; the king's step attacks nothing.
        assert!(threat_after(fen, (2, 2), (2, 3)));
        assert!(!threat_after(fen, (4, 0), (4, 1)));
        // A rook that attacks a rook threatens nothing bigger than itself.
        let fen = "4k3/8/8/3r4/8/8/8/R3K3 w - - 0 1";
        assert!(!threat_after(fen, (0, 0), (3, 0)));
    }

    /// The score of a depth-1 search of a makruk position by a searcher
    /// that `setup` has set (a contempt).
    fn makruk_score(fen: &str, setup: impl Fn(&mut Searcher)) -> Score {
        let set = crate::variant::VariantSet::builtin().expect("built-ins");
        let rules = Rules::new(set.get("makruk").expect("makruk").clone()).expect("rules");
        let pos = Position::from_fen(rules, fen).expect("fen");
        let mut s = Searcher::new(&pos, 1, Arc::new(AtomicBool::new(false)));
        setup(&mut s);
        let limits = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        s.search(&pos, &[], limits, &mut Silent).score
    }

    /// The trade contempt lifts the root side's score by its full amount
    /// while every piece is on (no capture is possible within a ply of
    /// makruk's start) and by nothing once only kings and pawns are
    /// left.
    #[test]
    fn trade_contempt_shrinks_as_pieces_come_off() {
        let score = |fen: &str, trade_contempt: Score| {
            makruk_score(fen, |s| s.trade_contempt = trade_contempt)
        };
        let start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";
        assert_eq!(score(start, 40) - score(start, 0), 40);
        let pawns = "4k3/8/pppp4/8/8/4PPPP/8/3K4 w - - 0 1";
        assert_eq!(score(pawns, 40), score(pawns, 0));
    }

    /// The pawn trade contempt lifts the root side's score by its full
    /// amount with all sixteen pawns on, by half with eight, and by
    /// nothing with none.
    #[test]
    fn pawn_trade_contempt_shrinks_as_pawns_come_off() {
        let score = |fen: &str, pawn_trade_contempt: Score| {
            makruk_score(fen, |s| s.pawn_trade_contempt = pawn_trade_contempt)
        };
        let start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";
        assert_eq!(score(start, 64) - score(start, 0), 64);
        let half = "rnsmksnr/8/pppp4/8/8/4PPPP/8/RNSKMSNR w - - 0 1";
        assert_eq!(score(half, 64) - score(half, 0), 32);
        let none = "rnsmksnr/8/8/8/8/8/8/RNSKMSNR w - - 0 1";
        assert_eq!(score(none, 64), score(none, 0));
    }

    /// A searcher carried over to another variant (its table and
    /// per-thread buffers reshaped, not allocated again) must search
    /// exactly as a new one: same nodes, same move, over a sequence of
    /// variants of different board sizes and piece counts, starting
    /// from a searcher dirtied by a search in chu.
    #[test]
    fn a_searcher_carried_to_another_variant_searches_as_a_new_one() {
        let set = crate::variant::VariantSet::builtin().expect("built-ins");
        let start = |name: &str| {
            let rules = Rules::new(set.get(name).expect("variant").clone()).expect("rules");
            Position::start(rules).expect("start position")
        };
        let limits = || Limits {
            depth: Some(4),
            ..Limits::default()
        };
        let stop = || Arc::new(AtomicBool::new(false));
        let chu = start("chu");
        let mut carried = Searcher::new(&chu, 1, stop());
        carried.search(&chu, &[], limits(), &mut Silent);
        for name in [
            "normal",
            "capablanca",
            "shogi",
            "xiangqi",
            "chu",
            "shatranj",
        ] {
            let pos = start(name);
            carried = carried.into_variant(&pos);
            let got = carried.search(&pos, &[], limits(), &mut Silent);
            let want = Searcher::new(&pos, 1, stop()).search(&pos, &[], limits(), &mut Silent);
            assert_eq!(
                (got.nodes, got.best, got.score),
                (want.nodes, want.best, want.score),
                "{name}"
            );
        }
    }
}
