//! One search thread: iterative deepening with aspiration windows over
//! the node search, node counting and the clock, and the scores of game
//! ends and draws (with contempt) as the side to move sees them.

use super::history::Heuristics;
use super::params::{ASPIRATION_DELTA, ASPIRATION_DEPTH, ASPIRATION_LIMIT};
use super::tt::TranspositionTable;
use super::{Info, Limits, Line, MATE_BOUND, MAX_PLY, Reporter, SearchResult, TB_BOUND};
use crate::eval::{Evaluator, Left, MATE, Score};
use crate::judge::{self, ChaseWatch, Past, Seen, Shuttle};
use crate::movegen::generate_legal;
use crate::nnue::{Accumulators, Network};
use crate::notation;
use crate::position::Position;
use crate::tablebase::probe::Tablebases;
use crate::types::{Move, MoveList};
use crate::variant::GameValue;
use arrayvec::ArrayVec;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// What every thread of one search reads.
pub(super) struct Shared<'a> {
    pub(super) eval: &'a Evaluator,
    pub(super) tt: &'a TranspositionTable,
    /// Set from outside (XBoard).
    pub(super) stop: &'a AtomicBool,
    /// Set when the main thread has finished, or its clock or node limit
    /// has run out: every thread stops.
    pub(super) done: AtomicBool,
    pub(super) limits: &'a Limits,
    pub(super) start: Instant,
    /// Nodes of all threads, published every few thousand.
    pub(super) nodes: AtomicU64,
    pub(super) excluded: &'a [Move],
    pub(super) xboard_moves_only: bool,
    pub(super) contempt: Score,
    pub(super) trade_contempt: Score,
    pub(super) pawn_trade_contempt: Score,
    pub(super) area: usize,
    pub(super) lmr: &'a [[u8; 64]; 64],
    pub(super) tb: Option<&'a Tablebases>,
    /// The variant's network, when it evaluates with one.
    pub(super) net: Option<&'a Network>,
}

/// Per ply of the current line.
#[derive(Clone, Copy, Default)]
pub(super) struct Frame {
    /// The move made at this ply (to reach the next).
    pub(super) mv: Move,
    /// Static evaluation, if not in check.
    pub(super) eval: Option<Score>,
    /// The move's piece type and destination (its continuation-history
    /// row), if it was a move.
    pub(super) piece_to: Option<u32>,
    /// The move this node leaves out: set while the singular-extension
    /// test searches the alternatives to the hash move.
    pub(super) excluded: Move,
    /// The attacks on the opponent's pieces before this node's moves,
    /// where the chasing rule needs them.
    pub(super) watch: ChaseWatch,
}

/// One thread's search.
pub(super) struct Thread<'a> {
    pub(super) sh: &'a Shared<'a>,
    pub(super) h: &'a mut Heuristics,
    pub(super) main: bool,
    pub(super) nodes: u64,
    pub(super) unpublished: u64,
    pub(super) seldepth: u32,
    /// Keys of the game so far followed by the current search path.
    pub(super) keys: Vec<Seen>,
    /// What the move that reached the current node chased.
    pub(super) chased: u64,
    /// The move that reached the current node ([`Seen::last_move`]).
    pub(super) last_move: Option<Move>,
    pub(super) pv: Vec<ArrayVec<Move, MAX_PLY>>,
    pub(super) stack: Vec<Frame>,
    /// Depth of the current iteration: extensions stop at twice it.
    pub(super) root_depth: i32,
    /// The network's first-layer sums along the current line.
    pub(super) acc: Option<Accumulators>,
    /// The root skips moves XBoard 4.9.1 cannot write
    /// ([`Searcher::xboard_moves_only`](super::Searcher), and some other
    /// move is legal).
    pub(super) xboard_cannot_write: bool,
    /// MultiPV: the root moves of the lines this iteration has already
    /// searched, which the next line leaves out. Empty with one line.
    pub(super) earlier_lines: Vec<Move>,
}

impl<'a> Thread<'a> {
    pub(super) fn new(
        sh: &'a Shared<'a>,
        h: &'a mut Heuristics,
        main: bool,
        past: Past<'_>,
    ) -> Self {
        // The evaluation may have changed since the last search (weights,
        // noise seed): nothing it cached then is kept.
        h.clear_eval_cache();
        let mut keys = Vec::with_capacity(past.earlier.len() + MAX_PLY + 8);
        keys.extend_from_slice(past.earlier);
        Thread {
            sh,
            h,
            main,
            nodes: 0,
            unpublished: 0,
            seldepth: 0,
            keys,
            chased: past.chased,
            last_move: past.last_move,
            pv: vec![ArrayVec::new(); MAX_PLY + 1],
            stack: vec![Frame::default(); MAX_PLY + 2],
            root_depth: 0,
            acc: sh.net.map(|net| Accumulators::new(net, MAX_PLY + 2)),
            xboard_cannot_write: false,
            earlier_lines: Vec::new(),
        }
    }

    pub(super) fn publish(&mut self) {
        self.sh.nodes.fetch_add(self.unpublished, Ordering::Relaxed);
        self.unpublished = 0;
    }

    /// The root may not play `m`.
    pub(super) fn root_excluded(&self, m: Move) -> bool {
        self.sh.excluded.contains(&m)
            || self.earlier_lines.contains(&m)
            || self.xboard_cannot_write && !notation::xboard_491_writes(m)
    }

    /// Iterative deepening; helper `id` starts one ply deeper when odd, so
    /// the threads spread over two depths.
    pub(super) fn iterate(
        &mut self,
        root: &Position,
        id: usize,
        reporter: &mut dyn Reporter,
    ) -> SearchResult {
        let mut pos = root.clone();
        pos.reserve_undo();
        if let (Some(acc), Some(net)) = (&mut self.acc, self.sh.net) {
            acc.refresh(net, &pos, 0);
        }
        let mut result = SearchResult::default();
        // Any legal move is better than none if time runs out at once.
        let mut root_moves = MoveList::new();
        generate_legal(&mut pos, &mut root_moves);
        self.xboard_cannot_write = self.sh.xboard_moves_only
            && root_moves
                .iter()
                .any(|m| !self.sh.excluded.contains(m) && notation::xboard_491_writes(*m));
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
        let wanted = limits.multipv.clamp(1, root_moves.len());
        // Reported scores leave out the root side's trade-contempt lift
        // (a pawn with every piece on, by default): what is reported is
        // the position's value, with only the lines' trades judged by it.
        let lift = self.trade_lift(self.sh.eval.pieces_left(&pos));
        let reported = |score: Score| {
            if score.abs() >= TB_BOUND {
                score
            } else {
                (score - lift).clamp(-TB_BOUND + 1, TB_BOUND - 1)
            }
        };
        // Each line's last score, the centre of its next aspiration window.
        let mut prev = vec![0; wanted];
        let mut lines: Vec<(Line, u32)> = Vec::with_capacity(wanted);
        self.earlier_lines = Vec::with_capacity(wanted);
        let (mut last_best, mut stable, mut last_score) = (None, 0, 0);
        let first = 1 + (id % 2) as u32;
        for depth in first..=max_depth {
            self.root_depth = depth as i32;
            self.earlier_lines.clear();
            lines.clear();
            for (k, last) in prev.iter_mut().enumerate() {
                self.seldepth = 0;
                let score = self.aspiration(&mut pos, depth as i32, *last);
                // A line cut short is worth nothing, except the first
                // line of the first iteration: better than no line.
                if self.stopped() && (depth > first || k > 0) {
                    break;
                }
                *last = score;
                let score = reported(score);
                let pv: Vec<Move> = self.pv[0].iter().copied().collect();
                if k == 0 {
                    result.score = score;
                    result.depth = depth;
                }
                let Some(&m) = pv.first() else {
                    break;
                };
                if wanted > 1 {
                    self.earlier_lines.push(m);
                }
                lines.push((Line { score, pv }, self.seldepth));
                if self.stopped() {
                    break;
                }
            }
            if lines.is_empty() {
                if self.stopped() {
                    break;
                }
                continue;
            }
            // Each line was searched without the ones before it, so it
            // should score no better; where it does, it is the better line.
            lines.sort_by_key(|(line, _)| std::cmp::Reverse(line.score));
            let best = &lines[0].0;
            result.best = Some(best.pv[0]);
            result.ponder = best.pv.get(1).copied();
            result.score = best.score;
            let older = std::mem::take(&mut result.lines);
            result.lines = lines.iter().map(|(line, _)| line.clone()).collect();
            if result.lines.len() < wanted {
                let missing: Vec<Line> = older
                    .into_iter()
                    .filter(|old| result.lines.iter().all(|l| l.pv[0] != old.pv[0]))
                    .take(wanted - result.lines.len())
                    .collect();
                result.lines.extend(missing);
            }
            let score = result.score;
            if self.main {
                self.publish();
                let nodes = self.sh.nodes.load(Ordering::Relaxed);
                let elapsed = self.sh.start.elapsed();
                let hashfull = self.sh.tt.hashfull();
                for (k, (line, seldepth)) in lines.iter().enumerate() {
                    reporter.iteration(
                        root,
                        &Info {
                            depth,
                            seldepth: *seldepth,
                            multipv: k + 1,
                            score: line.score,
                            nodes,
                            elapsed,
                            hashfull,
                            pv: line.pv.clone(),
                        },
                    );
                }
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
    pub(super) fn aspiration(&mut self, pos: &mut Position, depth: i32, prev: Score) -> Score {
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = if depth >= ASPIRATION_DEPTH && prev.abs() < MATE_BOUND {
            (prev - delta, prev + delta)
        } else {
            (-MATE - 1, MATE + 1)
        };
        loop {
            let score = self.negamax(pos, depth, alpha, beta, 0, true, false, false);
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
            if delta > ASPIRATION_LIMIT {
                alpha = -MATE - 1;
                beta = MATE + 1;
            }
        }
    }

    /// `m` is the best move at `ply` so far: the line from here is it and
    /// the line the next ply found after it.
    #[inline]
    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(m);
        head[ply].extend(tail[0].iter().copied());
    }

    #[inline]
    pub(super) fn stopped(&self) -> bool {
        self.sh.stop.load(Ordering::Relaxed) || self.sh.done.load(Ordering::Relaxed)
    }

    /// Count a node; poll the clock and node limit now and then.
    #[inline]
    pub(super) fn count_node(&mut self) {
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
            // This search's own flag: the caller's stop flag stays clear,
            // so the next search with the same searcher runs in full.
            self.sh.done.store(true, Ordering::Relaxed);
        }
    }

    /// A repetition of an earlier position with the same side to move
    /// (within the reversible moves) ends the line: its value for the side
    /// to move (a draw, unless one side checked all the way where
    /// perpetual check is illegal).
    pub(super) fn repetition(&self, pos: &Position, in_check: bool) -> Option<GameValue> {
        let current = Seen {
            key: pos.key(),
            in_check,
            chased: self.chased,
            last_move: self.last_move,
        };
        let end = &pos.rules().variant.end;
        // A line that shuttles a piece under Kakao Janggi's rule is no
        // draw: it is lost when it goes on, so only a full n-fold
        // repetition ends it early.
        let nth = match judge::shuttle(pos, &self.keys, current) {
            Shuttle::Lost => return Some(GameValue::Win),
            Shuttle::Begun => end.n_fold_rule.max(2) as usize - 1,
            Shuttle::No => 1,
        };
        judge::repeated(end, &self.keys, current, pos.repetition_window(), nth)
            .map(|(v, _)| if v == GameValue::Draw { pos.drawn() } else { v })
    }

    /// The value of a game result for the side to move at `ply`.
    pub(super) fn result_score(&self, value: GameValue, ply: usize) -> Score {
        match value {
            GameValue::Win => MATE - ply as Score,
            GameValue::Loss => -MATE + ply as Score,
            GameValue::Draw => self.draw_score(ply),
        }
    }

    /// A draw for the side to move at `ply`: the root side pays the
    /// contempt, its opponent gains it.
    pub(super) fn draw_score(&self, ply: usize) -> Score {
        if ply.is_multiple_of(2) {
            -self.sh.contempt
        } else {
            self.sh.contempt
        }
    }

    /// A move was just made at `ply` (or a null move: nothing changed):
    /// the network's sums follow it, and the table's entry is fetched.
    #[inline]
    pub(super) fn moved(&mut self, pos: &Position, ply: usize) {
        // The child node probes the table first thing: start fetching
        // its bucket now, while the move's other bookkeeping runs.
        self.sh.tt.prefetch(pos.key());
        if let Some(acc) = &mut self.acc {
            acc.moved(pos, ply);
        }
    }

    /// The static evaluation for the side to move at `ply`, with the
    /// trade contempts: the root side gains them, its opponent loses them.
    pub(super) fn static_eval(&mut self, pos: &Position, ply: usize) -> Score {
        let eval = self.sh.eval;
        let no_trade_contempt = self.sh.trade_contempt == 0 && self.sh.pawn_trade_contempt == 0;
        let (e, left) = match (&mut self.acc, self.sh.net) {
            // A residual network corrects the hand-written evaluation
            // (which brings the noise).
            (Some(acc), Some(net)) if net.residual => {
                let (hand, left) = self.h.evaluate(eval, pos);
                let e = (hand + acc.evaluate(net, pos, ply)).clamp(-TB_BOUND + 1, TB_BOUND - 1);
                if no_trade_contempt {
                    return e;
                }
                (e, left)
            }
            (Some(acc), Some(net)) => {
                let e = acc
                    .evaluate(net, pos, ply)
                    .clamp(-TB_BOUND + 1, TB_BOUND - 1)
                    + eval.noise_for(pos);
                if no_trade_contempt {
                    return e;
                }
                (e, eval.pieces_left(pos))
            }
            _ if no_trade_contempt => return self.h.evaluate(eval, pos).0,
            _ => self.h.evaluate(eval, pos),
        };
        let lift = self.trade_lift(left);
        if ply.is_multiple_of(2) {
            e + lift
        } else {
            e - lift
        }
    }

    /// What the trade contempts add to the root side's evaluation with
    /// `left` of the pieces and pawns still on.
    fn trade_lift(&self, left: Left) -> Score {
        (self.sh.trade_contempt * left.pieces + self.sh.pawn_trade_contempt * left.pawns) / 256
    }
}
