//! The quiescence search: captures and big promotions until the position
//! is quiet, so that the node search's leaves are not scored in the
//! middle of an exchange.

use super::node::make_legal;
use super::params::{QS_CHECK_PLIES, QS_DELTA_MARGIN, QS_PROMOTION_GAIN};
use super::picker::ORDER_HASH;
use super::picker::{ORDER_QUIETS_FROM, pick_next};
use super::see;
use super::thread::Thread;
use super::tt::Bound;
use super::{MATE_BOUND, MAX_PLY, from_tt, to_tt};
use crate::eval::{MATE, Score};
use crate::judge::{self, Seen};
use crate::movegen::{Legality, generate_legal, one_wall_each, promoting_quiets, pseudo_legal};
use crate::position::Position;
use crate::types::{MAX_MOVES, Move, MoveList};
use arrayvec::ArrayVec;

impl Thread<'_> {
    /// Quiescence: captures and big promotions until the position is
    /// quiet; every move when in check, for the first `QS_CHECK_PLIES`
    /// plies (past them a check is scored statically: in drop games and
    /// Kyoto shogi, where evasions re-arm promotions, check-evasion chains
    /// need not end).
    pub(super) fn quiesce(
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
        let mut hash_move = Move::default();
        let mut tt_hit = None;
        if let Some(e) = self.sh.tt.probe(key) {
            let score = from_tt(Score::from(e.score), ply);
            if e.bound.cuts(score, alpha, beta) {
                return score;
            }
            hash_move = e.mv;
            tt_hit = Some((score, e.bound));
        }
        // Where no rule forces a move, the standing score may cut before
        // any move is generated.
        let by_rule = must_capture || pos.must_drop();
        let mut best = -MATE - 1;
        let mut stand = -MATE - 1;
        if !in_check && !by_rule {
            stand = self.stand_pat(pos, ply, tt_hit);
            if stand >= beta {
                return self.stand_pat_cut(key, stand, ply, tt_hit);
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut moves = MoveList::new();
        // With forced captures, a side that can capture may not stand pat.
        let mut forced = false;
        if by_rule {
            generate_legal(pos, &mut moves);
            if moves.is_empty() {
                return self.result_score(judge::no_legal_move(pos, checked).value, ply);
            }
            forced = must_capture && moves.iter().any(|m| m.is_capture());
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
        if !in_check && pos.rules().variant.walls.walling() {
            // Captures with every wall square would multiply quiescence
            // by the empty squares: one wall each.
            one_wall_each(&mut moves);
        }
        if by_rule && !in_check && !forced {
            stand = self.stand_pat(pos, ply, tt_hit);
            if stand >= beta {
                return self.stand_pat_cut(key, stand, ply, tt_hit);
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let prune = !in_check && !forced && !eval.losing();
        let mut scores: ArrayVec<i32, MAX_MOVES> = ArrayVec::new();
        for i in 0..moves.len() {
            let m = moves[i];
            let s = if m == hash_move {
                ORDER_HASH
            } else if m.is_capture() || m.promotes() {
                self.order_tactical(pos, m)
            } else {
                self.h.history[self.history_index(pos, m)]
            };
            scores.push(s);
        }
        let legality = Legality::new(pos);
        let original_alpha = alpha;
        let mut best_move = Move::default();
        let mut legal = 0;
        for i in 0..moves.len() {
            let m = pick_next(&mut moves, &mut scores, i);
            if prune {
                // Captures that lose material by exchange, and those that
                // cannot lift the score to alpha even unanswered.
                if scores[i] < ORDER_QUIETS_FROM {
                    continue;
                }
                if stand + see::immediate_gain(eval, pos, m) + QS_DELTA_MARGIN <= alpha {
                    continue;
                }
            }
            let Some(undo) = make_legal(pos, &legality, m) else {
                continue;
            };
            self.moved(pos, ply);
            // No repetition is looked for below a quiescence node, so
            // what its moves chase is not worked out.
            self.keys.push(Seen {
                key,
                in_check: checked,
                chased: 0,
                last_move: None,
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
                    best_move = m;
                    self.update_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if in_check && legal == 0 {
            return self.result_score(judge::no_legal_move(pos, true).value, ply);
        }
        // Quiescence results are stored at depth 0: they settle later
        // quiescence visits and give the node search a move to try first.
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if best > -MATE {
            self.sh.tt.store(key, best_move, to_tt(best, ply), 0, bound);
        }
        best
    }

    /// The standing score of a quiescence node: its corrected static
    /// evaluation, sharpened by a stored bound on the true score.
    fn stand_pat(&mut self, pos: &Position, ply: usize, tt_hit: Option<(Score, Bound)>) -> Score {
        let stand = self.corrected_eval(pos, ply);
        match tt_hit {
            Some((s, b))
                if s.abs() < MATE_BOUND
                    && (b == Bound::Lower && s > stand || b == Bound::Upper && s < stand) =>
            {
                s
            }
            _ => stand,
        }
    }

    /// A standing score at or above beta ends the node: stored as a lower
    /// bound where the table had nothing.
    fn stand_pat_cut(
        &mut self,
        key: u64,
        stand: Score,
        ply: usize,
        tt_hit: Option<(Score, Bound)>,
    ) -> Score {
        if tt_hit.is_none() {
            self.sh
                .tt
                .store(key, Move::default(), to_tt(stand, ply), 0, Bound::Lower);
        }
        stand
    }

    /// A promotion worth searching in quiescence.
    pub(super) fn big_promotion(&self, pos: &Position, m: Move) -> bool {
        self.promotion_gain(pos, m) >= QS_PROMOTION_GAIN
    }
}
