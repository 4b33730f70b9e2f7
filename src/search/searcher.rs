//! The [`Searcher`]: what lives across moves (the transposition table,
//! each thread's heuristics, the contempt settings, the tablebases), and
//! one search run on as many threads as asked (Lazy SMP: every thread
//! searches the same tree, meeting in the table).

use super::history::Heuristics;
use super::params::lmr_table;
use super::thread::{Shared, Thread};
use super::tt::TranspositionTable;
use super::{Limits, Reporter, SEARCH_STACK, SearchResult, Silent};
use crate::eval::{Evaluator, MATE, Score};
use crate::judge::Past;
use crate::nnue::Network;
use crate::position::Position;
use crate::tablebase::probe::Tablebases;
use crate::types::Move;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

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
    /// The root plays only moves XBoard 4.9.1 can write, while it has
    /// one (on under XBoard): no promoted drop (Kyoto shogi: its drop
    /// syntax cannot say so, it would show and pass on an unpromoted
    /// drop), no promotion in place (sittuyin: it takes a move to the
    /// square it starts from for no move and forfeits it).
    pub xboard_moves_only: bool,
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
    /// The variant's network: it evaluates in place of `eval` (which
    /// still gives piece values to the search's pruning).
    net: Option<Arc<Network>>,
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
            xboard_moves_only: false,
            contempt: 0,
            trade_contempt: 0,
            pawn_trade_contempt: 0,
            lmr: lmr_table(),
            tablebases: None,
            net: None,
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

    /// Evaluate with `net` (made for this variant), or with the
    /// hand-written evaluation.
    pub fn set_network(&mut self, net: Option<Arc<Network>>) {
        self.net = net;
    }

    pub fn network(&self) -> Option<&Arc<Network>> {
        self.net.as_ref()
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

    /// Search `root`, with the game's history `past` (for repetitions).
    pub fn search(
        &mut self,
        root: &Position,
        past: Past<'_>,
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
            xboard_moves_only: self.xboard_moves_only,
            contempt: self.contempt,
            trade_contempt: self.trade_contempt,
            pawn_trade_contempt: self.pawn_trade_contempt,
            area: self.area,
            lmr: &self.lmr,
            tb: self.tablebases.as_deref(),
            net: self.net.as_deref(),
        };
        let (main_h, helper_h) = self.heuristics.split_at_mut(1);
        let helpers = &mut helper_h[..self.threads - 1];
        let result = crossbeam::thread::scope(|scope| {
            let mut handles = Vec::with_capacity(helpers.len());
            for (i, h) in helpers.iter_mut().enumerate() {
                let shared = &shared;
                // Each thread its own copy: a position caches what move
                // generation reads off it, so it is not shared.
                let root = root.clone();
                let spawned = scope
                    .builder()
                    .name(format!("search-{}", i + 1))
                    .stack_size(SEARCH_STACK)
                    .spawn(move |_| {
                        let h: &mut Heuristics = h;
                        let mut t = Thread::new(shared, h, false, past);
                        let result = t.iterate(&root, i + 1, &mut Silent);
                        t.publish();
                        result
                    });
                match spawned {
                    Ok(handle) => handles.push(handle),
                    Err(e) => log::warn!("cannot start search thread {}: {e}", i + 1),
                }
            }
            let mut t = Thread::new(&shared, &mut main_h[0], true, past);
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
            SearchResult::default()
        });
        self.nodes = shared.nodes.load(Ordering::Relaxed);
        result.nodes = self.nodes;
        result
    }

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
            xboard_moves_only: false,
            contempt: 0,
            trade_contempt: 0,
            pawn_trade_contempt: 0,
            area: self.area,
            lmr: &self.lmr,
            tb: None,
            // Tuning fits the hand-written evaluation.
            net: None,
        };
        let mut t = Thread::new(&shared, &mut self.heuristics[0], true, Past::NONE);
        let mut p = pos.clone();
        let score = t.quiesce(&mut p, -MATE - 1, MATE + 1, 0, 0);
        for &m in t.pv[0].iter() {
            p.make(m);
        }
        (score, p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Rules;

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
        s.search(&pos, Past::NONE, limits, &mut Silent).score
    }

    /// The trade contempts lift every evaluation of the root side by an
    /// amount that shrinks as pieces (pawns) come off; the reported score
    /// leaves out the root position's own lift. At makruk's start no
    /// capture is possible within a ply, so every line keeps the root's
    /// lift and the report equals the search without contempt.
    #[test]
    fn the_reported_score_leaves_out_the_roots_trade_contempt() {
        let start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";
        let plain = makruk_score(start, |_| {});
        assert_eq!(makruk_score(start, |s| s.trade_contempt = 100), plain);
        assert_eq!(makruk_score(start, |s| s.pawn_trade_contempt = 64), plain);
    }

    /// A line that takes a piece off lowers the trade contempt's lift
    /// below the root's, so the reported score falls; with only kings
    /// and pawns on there is no lift to lose.
    #[test]
    fn trade_contempt_charges_the_lines_that_trade() {
        let rook_takes_rook = "4k3/8/8/8/r7/8/8/R3K3 w - - 0 1";
        let plain = makruk_score(rook_takes_rook, |_| {});
        assert!(makruk_score(rook_takes_rook, |s| s.trade_contempt = 100) < plain);
        let pawns = "4k3/8/pppp4/8/8/4PPPP/8/3K4 w - - 0 1";
        let plain = makruk_score(pawns, |_| {});
        assert_eq!(makruk_score(pawns, |s| s.trade_contempt = 100), plain);
    }

    /// A residual network adds its output to the hand-written
    /// evaluation: with zero weights the search is the one without a
    /// network, node for node; an output bias worth 50 centipawns to the
    /// side to move costs the root 50 at depth 1 (no capture is possible
    /// within a ply of makruk's start, so every leaf is the opponent's
    /// evaluation).
    #[test]
    fn a_residual_network_adds_to_the_hand_written_evaluation() {
        let set = crate::variant::VariantSet::builtin().expect("built-ins");
        let rules = Rules::new(set.get("makruk").expect("makruk").clone()).expect("rules");
        let pos = Position::start(rules).expect("start");
        let search = |net: Option<Network>, depth: u32| {
            let mut s = Searcher::new(&pos, 1, Arc::new(AtomicBool::new(false)));
            s.set_network(net.map(Arc::new));
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            let r = s.search(&pos, Past::NONE, limits, &mut Silent);
            (r.nodes, r.best, r.score)
        };
        let mut zero = Network::zeroed(pos.rules(), 8);
        zero.residual = true;
        assert_eq!(search(Some(zero.clone()), 5), search(None, 5));
        let mut bias = zero;
        // Output = b2 * SCALE / (QA * QB) centipawns.
        bias.b2 = 50 * 255 * 64 / 400;
        assert_eq!(search(Some(bias), 1).2, search(None, 1).2 - 50);
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
        carried.search(&chu, Past::NONE, limits(), &mut Silent);
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
            let got = carried.search(&pos, Past::NONE, limits(), &mut Silent);
            let want =
                Searcher::new(&pos, 1, stop()).search(&pos, Past::NONE, limits(), &mut Silent);
            assert_eq!(
                (got.nodes, got.best, got.score),
                (want.nodes, want.best, want.score),
                "{name}"
            );
        }
    }
}
