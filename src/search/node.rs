//! The node search: principal-variation alpha-beta (`negamax`) and the
//! steps it takes at each node, in order: game ends and mate distance,
//! the transposition table and tablebases, pruning on the static
//! evaluation before any move (reverse futility, null move), then the
//! moves from the staged picker with their pruning, extensions and
//! reductions, and finally the result stored for later visits.

use super::params::*;
use super::picker::{MovePicker, ORDER_COUNTER, ORDER_QUIETS_FROM};
use super::screen::{checks, makes_threat, may_check, plain_mover, quiet_screen, threatens};
use super::see::{immediate_gain, see_ge, see_made};
use super::thread::Thread;
use super::tt::Bound;
use super::{MATE_BOUND, MAX_PLY, TB_CURSED, TB_WIN, from_tt, to_tt};
use crate::eval::{MATE, Score};
use crate::judge::{self, Seen};
use crate::movegen::{Legality, has_legal_move, is_legal, judged_as, legal_after, legal_before};
use crate::position::{Position, Undo};
use crate::tablebase::probe::Hit;
use crate::types::{MAX_MOVES, Move, MoveList};
use arrayvec::ArrayVec;

/// What the transposition table held for a node: score, bound, depth.
type TableHit = Option<(Score, Bound, i32)>;

/// What the singular-extension test found for the hash move.
enum Singular {
    /// Not tested, or the alternatives come close: search it as usual.
    No,
    /// The alternatives fall clearly short: search it a ply deeper.
    Extend,
    /// Return this at once: the alternatives beat beta too, or the
    /// search was stopped.
    Cut(Score),
}

impl Thread<'_> {
    /// The value of `pos` for the side to move, searched `depth` plies
    /// within the window (`alpha`, `beta`). A `cut_node` is expected to
    /// fail high (a null-window node whose parent expects to fail low):
    /// its late moves are reduced more.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax(
        &mut self,
        pos: &mut Position,
        mut depth: i32,
        mut alpha: Score,
        mut beta: Score,
        ply: usize,
        pv_node: bool,
        cut_node: bool,
        after_null: bool,
    ) -> Score {
        self.pv[ply].clear();
        let us = pos.side_to_move();
        let in_check = pos.in_check(us);
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
        let must_capture = pos.rules().variant.end.must_capture;
        if ply > 0 {
            if let Some(score) = self.ended_by_history(pos, in_check, ply) {
                return score;
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
            && let Some(score) = self.tablebase_score(pos, depth, ply)
        {
            return score;
        }
        let eval = self.sh.eval;
        let (static_eval, corrected_eval) = self.node_eval(pos, ply, in_check, tt_hit);
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
            && let Some(score) =
                self.prune_before_moves(pos, ev, depth, beta, ply, improving, cut_node, after_null)
        {
            return score;
        }
        // Internal iterative reduction: without a stored move, this node
        // was not searched before; search it shallower.
        if hash_move == Move::default() && depth >= IIR_DEPTH && !in_check {
            depth -= 1;
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
        let mut moves = MoveList::new();
        let mut scores: ArrayVec<i32, MAX_MOVES> = ArrayVec::new();
        let mut picker = MovePicker::new(
            self,
            pos,
            &mut moves,
            &mut scores,
            hash_move,
            counter,
            ply,
            pos.moves_restrict_each_other(),
        );
        let legality = Legality::new(pos);
        self.stack[ply].watch.before(pos);
        let original_alpha = alpha;
        let mut best_score = -MATE - 1;
        let mut best_move = Move::default();
        let mut legal = 0;
        let mut quiets_tried: ArrayVec<Move, 64> = ArrayVec::new();
        let lmp_limit = late_move_count(depth, improving);
        // Where quiet moves may be pruned, those certain to be harmless
        // (see `screen.rs`) are pruned without being made.
        let screen = if ply > 0 && !pv_node && !in_check && !risky_variant && depth <= SCREEN_DEPTH
        {
            quiet_screen(pos)
        } else {
            None
        };
        while let Some((m, order)) = picker.next(self, pos) {
            if ply == 0 && self.root_excluded(m) || m == excluded && singular_test {
                continue;
            }
            let quiet = !m.is_capture() && !m.promotes();
            // Prune shallow nodes' unpromising moves, once a move has saved
            // the node from being lost.
            let prunable = ply > 0 && !in_check && best_score > -MATE_BOUND && !risky_variant;
            if prunable
                && !quiet
                && depth <= SEE_PRUNE_DEPTH
                && order < ORDER_QUIETS_FROM
                && !see_ge(eval, pos, m, capture_see_threshold(depth))
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
                && (depth <= LATE_MOVE_DEPTH && quiets_tried.len() as i32 >= lmp_limit
                    || depth <= FUTILITY_DEPTH
                        && static_eval.is_some_and(|e| e + futility_margin(depth) <= alpha)
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
                let may_check = king.is_some_and(|k| may_check(pos, m, role, from, k));
                let harmless = || {
                    let gives = may_check && king.is_some_and(|k| checks(pos, m, role, from, k));
                    !gives && !threatens(eval, pos, m, role, from)
                };
                if late_or_futile && harmless()
                    || !may_check
                        && depth <= SEE_PRUNE_DEPTH
                        && !see_ge(eval, pos, m, quiet_see_threshold(depth))
                {
                    continue;
                }
            }
            let extension = if m == hash_move && !singular_test && ply > 0 {
                match self.singular(pos, m, depth, beta, ply, cut_node, tt_hit) {
                    Singular::No => 0,
                    Singular::Extend => 1,
                    Singular::Cut(score) => return score,
                }
            } else {
                0
            };
            let piece_to = self.piece_to(pos, m);
            let gain = immediate_gain(eval, pos, m);
            let Some(undo) = make_legal(pos, &legality, m) else {
                continue;
            };
            self.moved(pos, ply);
            let gives_check = pos.in_check(pos.side_to_move());
            // Check extension: a check that does not lose the checker by
            // exchange is searched a ply deeper (an unsound check is
            // refuted at the normal depth).
            let extension = if extension == 0 && gives_check && see_made(eval, pos, m, gain) >= 0 {
                1
            } else {
                extension
            };
            // A quiet move that attacks something worth more than the
            // mover (a pawn forking two rooks) is searched like a check:
            // neither pruned nor reduced much.
            let threat = quiet && !gives_check && makes_threat(eval, pos, m);
            if late_or_futile && !gives_check && !threat {
                pos.unmake(m, &undo);
                continue;
            }
            self.keys.push(Seen {
                key,
                in_check,
                chased: self.chased,
                last_move: self.last_move,
            });
            self.chased = judge::chased(pos, m, &self.stack[ply].watch);
            self.last_move = Some(m);
            self.stack[ply].mv = m;
            self.stack[ply].piece_to = piece_to;
            legal += 1;
            if quiet && !quiets_tried.is_full() {
                quiets_tried.push(m);
            }
            // Late quiet moves are searched shallower first (late-move
            // reduction) and again at full depth only if they surprise.
            let reduction =
                if depth >= LMR_DEPTH && legal > 1 + usize::from(pv_node) && quiet && !in_check {
                    let mut r = i32::from(self.sh.lmr[depth.min(63) as usize][legal.min(63)]);
                    r -= i32::from(pv_node);
                    r -= i32::from(order >= ORDER_COUNTER);
                    r -= i32::from(gives_check);
                    r -= 2 * i32::from(threat);
                    r += i32::from(!improving);
                    r += CUT_NODE_REDUCTION * i32::from(cut_node);
                    r -= (order / LMR_HISTORY_GRAIN).clamp(-LMR_HISTORY_PLIES, LMR_HISTORY_PLIES);
                    r.clamp(0, depth - 2)
                } else {
                    0
                };
            let new_depth = depth - 1 + extension;
            // Expected node types: the first move of a PV node is a PV
            // node, of any other node the opposite of this one; a reduced
            // late move is expected to fail high (a cut node).
            let score = if legal == 1 {
                -self.negamax(
                    pos,
                    new_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                    pv_node,
                    !pv_node && !cut_node,
                    false,
                )
            } else {
                let mut s = -self.negamax(
                    pos,
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    false,
                    reduction > 0 || !cut_node,
                    false,
                );
                if s > alpha && reduction > 0 {
                    s = -self.negamax(
                        pos,
                        new_depth,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        false,
                        !cut_node,
                        false,
                    );
                }
                if s > alpha && s < beta && pv_node {
                    -self.negamax(pos, new_depth, -beta, -alpha, ply + 1, true, false, false)
                } else {
                    s
                }
            };
            pos.unmake(m, &undo);
            if let Some(seen) = self.keys.pop() {
                self.chased = seen.chased;
                self.last_move = seen.last_move;
            }
            if self.stopped() && ply > 0 {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
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
        // A root searched without the MultiPV lines before it keeps the
        // first line's entry: its move orders the next iteration.
        if !self.stopped() && !singular_test && (ply > 0 || self.earlier_lines.is_empty()) {
            self.store(
                pos,
                depth,
                ply,
                best_move,
                best_score,
                bound,
                corrected_eval,
            );
        }
        best_score
    }

    /// The score of a line that ends here on the game's history: a
    /// repetition, or the move-count rule or a count that has run out.
    fn ended_by_history(&self, pos: &mut Position, in_check: bool, ply: usize) -> Option<Score> {
        if let Some(value) = self.repetition(pos, in_check) {
            return Some(self.result_score(value, ply));
        }
        // The move-count rule and a count that has run out draw, unless
        // the move that reached the limit mated (or stalemated): XBoard
        // and the referee look for those first.
        let count = judge::by_count(pos)?;
        if has_legal_move(pos) {
            return Some(self.result_score(count.value, ply));
        }
        Some(self.result_score(judge::no_legal_move(pos, in_check).value, ply))
    }

    /// The tablebases' score of `pos`, if they hold it, stored in the
    /// transposition table as exact.
    fn tablebase_score(&mut self, pos: &mut Position, depth: i32, ply: usize) -> Option<Score> {
        let hit = self.sh.tb?.probe(pos)?;
        // Distance to mate, and XBoard's move-count rule: a win that
        // takes longer than the moves left before the count runs out is
        // a draw in play.
        let n_move_rule = pos.rules().variant.end.n_move_rule;
        let left = if n_move_rule > 0 {
            (2 * n_move_rule).saturating_sub(pos.halfmove_clock())
        } else {
            u32::MAX
        };
        let score = match hit {
            Hit::Win(p) if p <= left => TB_WIN - (ply as Score) - p as Score,
            Hit::Loss(p) if p <= left => -TB_WIN + (ply as Score) + p as Score,
            // A win the count would cut short, unless a capture or pawn
            // move on the way starts the count again (the table does not
            // know which lines do): better than a draw, and nearer mates
            // better, so the search heads for them.
            Hit::Win(p) => TB_CURSED - (p.min(TB_CURSED as u32 / 2) as Score),
            Hit::Loss(p) => -TB_CURSED + (p.min(TB_CURSED as u32 / 2) as Score),
            Hit::Draw => self.draw_score(ply),
        };
        self.sh.tt.store(
            pos.key(),
            Move::default(),
            to_tt(score, ply),
            depth,
            Bound::Exact,
        );
        Some(score)
    }

    /// The node's static evaluation (none in check), sharpened by a
    /// stored bound on the true score, and the corrected evaluation it
    /// started from (for the correction history).
    fn node_eval(
        &mut self,
        pos: &Position,
        ply: usize,
        in_check: bool,
        tt_hit: TableHit,
    ) -> (Option<Score>, Option<Score>) {
        if in_check {
            return (None, None);
        }
        let corrected = self.corrected_eval(pos, ply);
        let mut e = corrected;
        if let Some((s, b, _)) = tt_hit
            && s.abs() < MATE_BOUND
            && (b == Bound::Lower && s > e || b == Bound::Upper && s < e || b == Bound::Exact)
        {
            e = s;
        }
        (Some(e), Some(corrected))
    }

    /// Cuts a node can make on its static evaluation `ev` before trying a
    /// move: reverse futility and null move.
    #[allow(clippy::too_many_arguments)]
    fn prune_before_moves(
        &mut self,
        pos: &mut Position,
        ev: Score,
        depth: i32,
        beta: Score,
        ply: usize,
        improving: bool,
        cut_node: bool,
        after_null: bool,
    ) -> Option<Score> {
        // Reverse futility: far above beta near the leaves, a quiet
        // position stays there.
        if depth <= REVERSE_FUTILITY_DEPTH
            && ev.abs() < MATE_BOUND
            && ev - reverse_futility_margin(depth, improving) >= beta
        {
            return Some(ev);
        }
        // Null move: if passing still fails high, a real move will too.
        let pieces = self.piece_count(pos);
        if after_null || depth < NULL_MOVE_DEPTH || ev < beta || pieces == 0 {
            return None;
        }
        let r = null_move_reduction(depth, ev - beta);
        // Not in check: the node has a static evaluation.
        self.keys.push(Seen {
            key: pos.key(),
            in_check: false,
            chased: self.chased,
            last_move: self.last_move,
        });
        // A pass chases nothing.
        self.chased = 0;
        self.last_move = None;
        self.stack[ply].mv = Move::default();
        self.stack[ply].piece_to = None;
        let ep = pos.make_null();
        self.moved(pos, ply);
        let score = -self.negamax(
            pos,
            depth - 1 - r,
            -beta,
            -beta + 1,
            ply + 1,
            false,
            !cut_node,
            true,
        );
        pos.unmake_null(ep);
        if let Some(seen) = self.keys.pop() {
            self.chased = seen.chased;
            self.last_move = seen.last_move;
        }
        if self.stopped() {
            return Some(0);
        }
        if score < beta {
            return None;
        }
        let score = if score >= MATE_BOUND { beta } else { score };
        // Few pieces and no drops: zugzwang is likely; believe the pass
        // only if a real search without one agrees.
        let zugzwang_risk = pieces <= ZUGZWANG_PIECES && !pos.rules().variant.drops.piece_drops;
        if !zugzwang_risk {
            return Some(score);
        }
        let v = self.negamax(
            pos,
            depth - 1 - r,
            beta - 1,
            beta,
            ply,
            false,
            cut_node,
            true,
        );
        (v >= beta).then_some(score)
    }

    /// Singular extension: a stored move that beat beta clearly better
    /// than every alternative (a search without it, at half depth, fails
    /// low below its score) is searched a ply deeper. If even the
    /// alternatives beat beta, the node cuts now.
    #[allow(clippy::too_many_arguments)]
    fn singular(
        &mut self,
        pos: &mut Position,
        m: Move,
        depth: i32,
        beta: Score,
        ply: usize,
        cut_node: bool,
        tt_hit: TableHit,
    ) -> Singular {
        let Some((tt_score, bound, tt_depth)) = tt_hit else {
            return Singular::No;
        };
        if depth < SINGULAR_DEPTH
            || ply as i32 >= 2 * self.root_depth
            || bound == Bound::Upper
            || tt_depth < depth - SINGULAR_TT_SLACK
            || tt_score.abs() >= MATE_BOUND
        {
            return Singular::No;
        }
        let s_beta = tt_score - SINGULAR_MARGIN * depth;
        self.stack[ply].excluded = m;
        let v = self.negamax(
            pos,
            (depth - 1) / 2,
            s_beta - 1,
            s_beta,
            ply,
            false,
            cut_node,
            false,
        );
        self.stack[ply].excluded = Move::default();
        if self.stopped() {
            Singular::Cut(0)
        } else if v < s_beta {
            Singular::Extend
        } else if s_beta >= beta {
            Singular::Cut(s_beta)
        } else {
            Singular::No
        }
    }

    /// Store the node's result, and what a quiet result says about the
    /// static evaluation: a bound only where it points the right way (a
    /// fail-high above the estimate, a fail-low below it). Captures'
    /// results say more about the capture than about the structure.
    #[allow(clippy::too_many_arguments)]
    fn store(
        &mut self,
        pos: &Position,
        depth: i32,
        ply: usize,
        best_move: Move,
        best_score: Score,
        bound: Bound,
        corrected_eval: Option<Score>,
    ) {
        self.sh
            .tt
            .store(pos.key(), best_move, to_tt(best_score, ply), depth, bound);
        if let Some(corrected) = corrected_eval
            && best_score.abs() < TB_WIN / 2
            && (best_move == Move::default() || !best_move.is_capture() && !best_move.promotes())
            && (best_score > corrected && bound != Bound::Upper
                || best_score < corrected && bound != Bound::Lower)
        {
            self.update_correction(pos, depth, best_score, corrected);
        }
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
}

/// Make `m` if it is legal (vouched for by `legality`, or by looking at the
/// mover's royal pieces after making it); `None` leaves `pos` unchanged.
/// A move `legality` rules out is not made at all.
pub(super) fn make_legal(pos: &mut Position, legality: &Legality, m: Move) -> Option<Undo> {
    let us = pos.side_to_move();
    if !legal_before(pos, m) {
        return None;
    }
    if judged_as(pos, m) != m {
        // Legal exactly when the move without its gate or wall is
        // (`is_legal`).
        if !(legality.certainly_legal(pos, m) || is_legal(pos, m)) {
            return None;
        }
        return Some(pos.make(m));
    }
    let certain = match legality.verdict(pos, m) {
        Some(false) => return None,
        verdict => verdict == Some(true),
    };
    let undo = pos.make(m);
    if !certain && !legal_after(pos, us, m, &undo) {
        pos.unmake(m, &undo);
        return None;
    }
    Some(undo)
}
