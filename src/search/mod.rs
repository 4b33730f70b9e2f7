//! Alpha-beta search: iterative deepening, principal-variation search with
//! a transposition table, quiescence on captures and promotions (all moves
//! when in check), null-move pruning, check extension, and move ordering by
//! hash move, captures (most valuable victim first), killers and history.
//!
//! The search never prints: it reports each finished iteration through a
//! [`Reporter`], and is stopped through a shared flag.

pub mod time;
mod tt;

pub use time::TimeControl;
pub use tt::{Bound, TranspositionTable};

use crate::eval::{Evaluator, MATE, Score};
use crate::game::{Seen, repetition_value};
use crate::movegen::{Legality, MAX_MOVES, Move, MoveList, flag, generate_legal, pseudo_legal};
use crate::position::Position;
use crate::variant::GameValue;
use arrayvec::ArrayVec;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Deepest line the search follows (plies from the root).
pub const MAX_PLY: usize = 100;
/// Quiescence plies in which a side in check searches every evasion.
const QS_CHECK_PLIES: usize = 6;
/// The least gain in value that makes a promotion part of quiescence:
/// a chess pawn becoming a queen or rook does, a knight underpromotion
/// or a Kyoto silver turning bishop does not (there every move of an
/// unpromoted piece promotes).
const QS_PROMOTION_GAIN: Score = 300;

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
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Move>,
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
    if score > MATE - MAX_PLY as Score {
        100_000 + i64::from((MATE - score + 1) / 2)
    } else if score < -MATE + MAX_PLY as Score {
        -100_000 - i64::from((MATE + score) / 2)
    } else {
        i64::from(score)
    }
}

/// Search state that lives across moves: tables and heuristics.
pub struct Searcher {
    pub eval: Evaluator,
    pub tt: TranspositionTable,
    stop: Arc<AtomicBool>,
    killers: [[Move; 2]; MAX_PLY + 1],
    /// `[colour][from dense][to dense]`.
    history: Vec<i32>,
    area: usize,
    nodes: u64,
    seldepth: u32,
    start: Instant,
    limits: Limits,
    /// Keys of the game so far followed by the current search path.
    keys: Vec<Seen>,
    pv: Vec<ArrayVec<Move, MAX_PLY>>,
    /// Moves the root may not play (XBoard `exclude`).
    pub excluded: Vec<Move>,
    /// The root may drop pieces promoted (Kyoto shogi). Off under XBoard
    /// 4.9.1, whose drop syntax cannot say so: it would show and pass on
    /// an unpromoted drop.
    pub promoted_drops: bool,
}

impl Searcher {
    pub fn new(pos: &Position, memory_mb: usize, stop: Arc<AtomicBool>) -> Searcher {
        let area = pos.rules().geometry().size;
        Searcher {
            eval: Evaluator::new(pos.rules()),
            tt: TranspositionTable::new(memory_mb),
            stop,
            killers: [[Move::default(); 2]; MAX_PLY + 1],
            history: vec![0; 2 * area * area],
            area,
            nodes: 0,
            seldepth: 0,
            start: Instant::now(),
            limits: Limits::default(),
            keys: Vec::with_capacity(1024),
            pv: vec![ArrayVec::new(); MAX_PLY + 1],
            excluded: Vec::new(),
            promoted_drops: true,
        }
    }

    /// The root may not play `m`.
    fn root_excluded(&self, m: Move) -> bool {
        self.excluded.contains(&m) || !self.promoted_drops && m.is_drop() && m.promotion().is_some()
    }

    /// Forget what earlier games taught (XBoard `new`).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        self.killers = [[Move::default(); 2]; MAX_PLY + 1];
    }

    /// Use this flag to be stopped from now on.
    pub fn set_stop(&mut self, stop: Arc<AtomicBool>) {
        self.stop = stop;
    }

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
        self.start = Instant::now();
        self.limits = limits;
        self.nodes = 0;
        self.tt.new_search();
        self.keys.clear();
        self.keys.extend_from_slice(game_keys);
        let mut pos = root.clone();
        let mut result = SearchResult {
            best: None,
            ponder: None,
            score: 0,
            depth: 0,
            nodes: 0,
        };
        // Any legal move is better than none if time runs out at once.
        let mut root_moves = MoveList::new();
        crate::movegen::generate_legal(&mut pos, &mut root_moves);
        root_moves.retain(|m| !self.root_excluded(*m));
        if root_moves.is_empty() {
            return result;
        }
        result.best = Some(root_moves[0]);
        let max_depth = self
            .limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .min(MAX_PLY as u32 - 1);
        for depth in 1..=max_depth {
            self.seldepth = 0;
            let score = self.negamax(&mut pos, depth as i32, -MATE - 1, MATE + 1, 0, true, false);
            if self.stopped() && depth > 1 {
                break;
            }
            let pv: Vec<Move> = self.pv[0].iter().copied().collect();
            if let Some(&best) = pv.first() {
                result.best = Some(best);
                result.ponder = pv.get(1).copied();
            }
            result.score = score;
            result.depth = depth;
            reporter.iteration(
                root,
                &Info {
                    depth,
                    seldepth: self.seldepth,
                    score,
                    nodes: self.nodes,
                    elapsed: self.start.elapsed(),
                    pv,
                },
            );
            if self.stopped() {
                break;
            }
            // The next iteration takes several times as long as this one:
            // do not start it late.
            if self
                .limits
                .soft_time
                .is_some_and(|t| self.start.elapsed() >= t * 6 / 10)
            {
                break;
            }
            // A forced mate found: deeper search cannot change the move.
            if score.abs() > MATE - depth as Score {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Poll the clock and node limit now and then.
    fn check_limits(&mut self) {
        if self.nodes & 1023 != 0 {
            return;
        }
        let out_of_time = self
            .limits
            .hard_time
            .is_some_and(|t| self.start.elapsed() >= t);
        let out_of_nodes = self.limits.nodes.is_some_and(|n| self.nodes >= n);
        if out_of_time || out_of_nodes {
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    /// A repetition of an earlier position with the same side to move
    /// (within the reversible moves) ends the line: its value for the side
    /// to move (a draw, unless one side checked all the way where
    /// perpetual check is illegal).
    fn repetition(&self, pos: &Position, in_check: bool) -> Option<GameValue> {
        let key = pos.key();
        let window = pos.repetition_window().min(self.keys.len());
        let len = self.keys.len();
        let back = (2..=window)
            .step_by(2)
            .find(|&back| self.keys[len - back].key == key)?;
        let cycle = self.keys[len - back + 1..]
            .iter()
            .map(|s| s.in_check)
            .chain(std::iter::once(in_check));
        Some(repetition_value(&pos.rules().variant.end, cycle))
    }

    /// The value of a game result for the side to move at `ply`.
    fn result_score(value: GameValue, ply: usize) -> Score {
        match value {
            GameValue::Win => MATE - ply as Score,
            GameValue::Loss => -MATE + ply as Score,
            GameValue::Draw => 0,
        }
    }

    fn history_index(&self, pos: &Position, m: Move) -> usize {
        // A drop has no from-square; its dropped type stands in for one
        // (low numbers are guard squares, so this rarely shares a slot).
        let from = match m.hand() {
            Some(r) if m.is_drop() => usize::from(r.0) % self.area,
            _ => usize::from(m.from()),
        };
        (pos.side_to_move().index() * self.area + from) * self.area + usize::from(m.to())
    }

    /// What a promotion adds to the mover's value (0 for other moves, for
    /// demotions and for drops, promoted or not).
    fn promotion_gain(&self, pos: &Position, m: Move) -> Score {
        match m.promotion() {
            Some(r) if m.promotes() && !m.is_drop() => {
                let before = pos
                    .piece_on(m.from())
                    .map_or(0, |(_, s)| self.eval.value(s.role));
                (self.eval.value(r) - before).max(0)
            }
            _ => 0,
        }
    }

    /// A promotion worth searching in quiescence.
    fn big_promotion(&self, pos: &Position, m: Move) -> bool {
        self.promotion_gain(pos, m) >= QS_PROMOTION_GAIN
    }

    /// Ordering score of a move (higher first).
    fn order(&self, pos: &Position, m: Move, hash: Move, ply: usize) -> i32 {
        if m == hash {
            return 1 << 30;
        }
        let mut victim = 0;
        if m.is(flag::CAPTURE) {
            victim += pos
                .piece_on(m.to())
                .map_or(0, |(_, s)| self.eval.value(s.role));
        }
        if m.is(flag::LOCUST) {
            victim += pos
                .piece_on(m.aux())
                .map_or(0, |(_, s)| self.eval.value(s.role));
        }
        if m.is(flag::EP) {
            victim += 100;
        }
        let promo = self.promotion_gain(pos, m);
        if victim > 0 || promo > 0 {
            let attacker = pos
                .piece_on(m.from())
                .map_or(0, |(_, s)| self.eval.value(s.role));
            return (1 << 24) + (victim + promo) * 16 - attacker / 16;
        }
        if self.killers[ply][0] == m {
            return 1 << 22;
        }
        if self.killers[ply][1] == m {
            return 1 << 21;
        }
        let history = self.history[self.history_index(pos, m)];
        if m.is_drop() && self.near_enemy_royal(pos, m) {
            // Drops next to the enemy king (checks, mating nets) first.
            return (1 << 20) + history;
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

    /// The side to move has a piece other than royals and pawns (null
    /// move is unsafe without one: zugzwang).
    fn has_pieces(&self, pos: &Position) -> bool {
        let us = pos.side_to_move();
        let rules = pos.rules();
        pos.pieces(us).any(|(_, s)| {
            let r = usize::from(s.role.0);
            !rules.royal[r] && !rules.promotes[us.index()][r]
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &mut Position,
        mut depth: i32,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        pv_node: bool,
        after_null: bool,
    ) -> Score {
        self.pv[ply].clear();
        self.nodes += 1;
        self.check_limits();
        self.seldepth = self.seldepth.max(ply as u32);
        if self.stopped() && ply > 0 {
            return 0;
        }
        if let Some(v) = pos.rule_outcome() {
            return Self::result_score(v, ply);
        }
        let (n_move_rule, checkmate, must_capture) = {
            let end = &pos.rules().variant.end;
            (end.n_move_rule, end.checkmate, end.must_capture)
        };
        let us = pos.side_to_move();
        let in_check = pos.in_check(us);
        if ply > 0 {
            if let Some(value) = self.repetition(pos, in_check) {
                return Self::result_score(value, ply);
            }
            if n_move_rule > 0 && pos.halfmove_clock() >= 2 * n_move_rule {
                return 0;
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.eval.evaluate(pos);
        }
        // A count that has run out draws, unless this is mate.
        if ply > 0 && !in_check && pos.counting_expired() {
            return 0;
        }
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        let key = pos.key();
        let mut hash_move = Move::default();
        if let Some(e) = self.tt.probe(key) {
            hash_move = e.mv;
            let score = from_tt(Score::from(e.score), ply);
            if !pv_node && ply > 0 && i32::from(e.depth) >= depth {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                    Bound::None => false,
                };
                if cut {
                    return score;
                }
            }
        }
        // Null move: if passing still fails high, a real move will too.
        // Not where captures are forced: zugzwang is the rule there.
        if !pv_node
            && !in_check
            && !after_null
            && !must_capture
            && depth >= 3
            && ply > 0
            && self.has_pieces(pos)
        {
            let static_eval = self.eval.evaluate(pos);
            if static_eval >= beta {
                let r = 2 + depth / 4;
                self.keys.push(Seen { key, in_check });
                let ep = pos.make_null();
                let score =
                    -self.negamax(pos, depth - 1 - r, -beta, -beta + 1, ply + 1, false, true);
                pos.unmake_null(ep);
                self.keys.pop();
                if self.stopped() {
                    return 0;
                }
                if score >= beta && score < MATE - MAX_PLY as Score {
                    return score;
                }
            }
        }

        let mut moves = MoveList::new();
        if must_capture {
            // Which moves are legal depends on all of them: generate the
            // legal list (captures only when there are any).
            generate_legal(pos, &mut moves);
        } else {
            pseudo_legal::<true, true>(pos, &mut moves);
        }
        let mut scores: ArrayVec<i32, MAX_MOVES> = moves
            .iter()
            .map(|&m| self.order(pos, m, hash_move, ply))
            .collect();
        let legality = Legality::new(pos);
        let original_alpha = alpha;
        let mut best_score = -MATE - 1;
        let mut best_move = Move::default();
        let mut legal = 0;
        for i in 0..moves.len() {
            let m = pick_next(&mut moves, &mut scores, i);
            if ply == 0 && self.root_excluded(m) {
                continue;
            }
            let Some(undo) = make_legal(pos, &legality, m) else {
                continue;
            };
            self.keys.push(Seen { key, in_check });
            legal += 1;
            // Late quiet moves are searched shallower first (late-move
            // reduction) and again at full depth only if they surprise.
            let quiet = !m.is_capture() && !m.promotes() && scores[i] < 1 << 21;
            let reduction = if depth >= 3
                && legal > 3
                && quiet
                && !in_check
                && !pos.in_check(pos.side_to_move())
            {
                1 + i32::from(legal > 8) + i32::from(depth >= 8 && legal > 16)
            } else {
                0
            };
            let score = if legal == 1 {
                -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1, pv_node, false)
            } else {
                let mut s = alpha + 1;
                if reduction > 0 {
                    s = -self.negamax(
                        pos,
                        depth - 1 - reduction,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        false,
                        false,
                    );
                }
                if s > alpha {
                    s = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, ply + 1, false, false);
                }
                if s > alpha && s < beta && pv_node {
                    -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1, true, false)
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
                        if !m.is_capture() && !m.promotes() {
                            if self.killers[ply][0] != m {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = m;
                            }
                            let h = self.history_index(pos, m);
                            self.history[h] = (self.history[h] + depth * depth).min(1 << 20);
                        }
                        break;
                    }
                }
            }
        }
        if legal == 0 {
            let value = if in_check {
                checkmate
            } else {
                pos.stalemate_value()
            };
            return Self::result_score(value, ply);
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if !self.stopped() {
            self.tt
                .store(key, best_move, to_tt(best_score, ply), depth, bound);
        }
        best_score
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
        self.nodes += 1;
        self.check_limits();
        self.seldepth = self.seldepth.max(ply as u32);
        if self.stopped() {
            return 0;
        }
        if let Some(v) = pos.rule_outcome() {
            return Self::result_score(v, ply);
        }
        let us = pos.side_to_move();
        if ply >= MAX_PLY - 1 {
            return self.eval.evaluate(pos);
        }
        let checked = pos.in_check(us);
        let in_check = qply < QS_CHECK_PLIES && checked;
        let must_capture = pos.rules().variant.end.must_capture;
        let mut moves = MoveList::new();
        // With forced captures, a side that can capture may not stand pat.
        let mut forced = false;
        if must_capture {
            generate_legal(pos, &mut moves);
            if moves.is_empty() {
                let end = &pos.rules().variant.end;
                let value = if checked {
                    end.checkmate
                } else {
                    pos.stalemate_value()
                };
                return Self::result_score(value, ply);
            }
            forced = moves.iter().any(|m| m.is_capture());
        } else {
            pseudo_legal::<true, true>(pos, &mut moves);
        }
        let mut best = -MATE - 1;
        if !in_check && !forced {
            let stand = self.eval.evaluate(pos);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        if !in_check {
            moves.retain(|m| m.is_capture() || self.big_promotion(pos, *m));
        }
        let mut scores: ArrayVec<i32, MAX_MOVES> = moves
            .iter()
            .map(|&m| self.order(pos, m, Move::default(), ply))
            .collect();
        let legality = Legality::new(pos);
        let key = pos.key();
        let mut legal = 0;
        for i in 0..moves.len() {
            let m = pick_next(&mut moves, &mut scores, i);
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
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if in_check && legal == 0 {
            return Self::result_score(pos.rules().variant.end.checkmate, ply);
        }
        best
    }
}

/// Selection sort step: move the best-scored remaining move to `i`.
fn pick_next(moves: &mut MoveList, scores: &mut [i32], i: usize) -> Move {
    let j = (i..moves.len())
        .max_by_key(|&k| scores[k])
        .expect("i < moves.len()");
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
    if !certain && !pos.legal_after(us, m, &undo) {
        pos.unmake(m, &undo);
        return None;
    }
    Some(undo)
}

/// Mate scores are stored relative to the node, not the root.
fn to_tt(score: Score, ply: usize) -> Score {
    if score > MATE - MAX_PLY as Score {
        score + ply as Score
    } else if score < -MATE + MAX_PLY as Score {
        score - ply as Score
    } else {
        score
    }
}

fn from_tt(score: Score, ply: usize) -> Score {
    if score > MATE - MAX_PLY as Score {
        score - ply as Score
    } else if score < -MATE + MAX_PLY as Score {
        score + ply as Score
    } else {
        score
    }
}
