//! The staged move picker: the hash move and captures first, quiet moves
//! generated only once the good captures are spent, and the scores that
//! order them (victim and static exchange for captures; killers,
//! countermove, history and continuation history for quiet moves).

use super::see::{self, see_ge};
use super::thread::Thread;
use crate::eval::Score;
use crate::movegen::{generate_legal, pseudo_legal};
use crate::position::Position;
use crate::types::{MAX_MOVES, Move, MoveList, SLOTS_PER_SIDE, Sq, flag};
use arrayvec::ArrayVec;

/// Move-ordering bands (higher first).
pub(super) const ORDER_HASH: i32 = 1 << 30;
pub(super) const ORDER_GOOD_CAPTURE: i32 = 1 << 26;
pub(super) const ORDER_KILLER: i32 = 1 << 25;
pub(super) const ORDER_COUNTER: i32 = (1 << 25) - 2;
pub(super) const ORDER_DROP_NEAR_KING: i32 = 1 << 24;
/// Quiet moves score their history, within +-HISTORY_MAX; losing
/// captures come after every quiet move.
pub(super) const ORDER_BAD_CAPTURE: i32 = -(1 << 26);
/// Ordering credit per centipawn of a piece's value for moving it out of
/// an attack by a cheaper piece (and debit for moving it into one), at
/// most `ESCAPE_MAX`: a queen's escape outranks most history scores.
const ESCAPE_PER_CP: i32 = 16;
const ESCAPE_MAX: i32 = 16_000;
/// Below this the good captures are spent and quiets are generated.
pub(super) const ORDER_QUIETS_FROM: i32 = ORDER_COUNTER - 1;

/// The moves of one node in the order the search tries them. Captures
/// (and non-capturing promotions) are generated and scored first; the
/// quiet moves only when every remaining generated move scores below
/// `ORDER_QUIETS_FROM`, so a node that cuts on the hash move or a capture
/// never generates them. A quiet hash move, and forced captures (whose
/// legality depends on every move), generate everything at once.
///
/// The lists are borrowed from the caller's frame: a picker is made at
/// every node, and moving 48 KB of lists into it would cost more than
/// the picking.
pub(super) struct MovePicker<'m> {
    moves: &'m mut MoveList,
    scores: &'m mut ArrayVec<i32, MAX_MOVES>,
    next: usize,
    quiets_done: bool,
    hash_move: Move,
    /// The reply the countermove table gives to the previous move.
    counter: Move,
    ply: usize,
}

impl<'m> MovePicker<'m> {
    /// The picker of a node at `ply`, with the first stage generated.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        t: &Thread,
        pos: &mut Position,
        moves: &'m mut MoveList,
        scores: &'m mut ArrayVec<i32, MAX_MOVES>,
        hash_move: Move,
        counter: Move,
        ply: usize,
        whole_list: bool,
    ) -> Self {
        debug_assert!(moves.is_empty() && scores.is_empty());
        let quiets_done = if whole_list {
            // Which moves are legal depends on all of them (forced
            // captures or drops): generate the legal list.
            generate_legal(pos, moves);
            true
        } else if hash_move != Move::default() && !hash_move.is_capture() {
            pseudo_legal::<true, true>(pos, moves);
            true
        } else {
            pseudo_legal::<true, false>(pos, moves);
            false
        };
        for i in 0..moves.len() {
            let m = moves[i];
            let s = if m == hash_move {
                ORDER_HASH
            } else if m.is_capture() {
                t.order_tactical(pos, m)
            } else {
                t.order_quiet(pos, m, ply, counter)
            };
            scores.push(s);
        }
        MovePicker {
            moves,
            scores,
            next: 0,
            quiets_done,
            hash_move,
            counter,
            ply,
        }
    }

    /// The best remaining move and its ordering score; `None` when every
    /// move has been picked.
    #[inline]
    pub(super) fn next(&mut self, t: &Thread, pos: &Position) -> Option<(Move, i32)> {
        let i = self.next;
        if !self.quiets_done
            && (i >= self.moves.len() || best_remaining(self.scores, i) < ORDER_QUIETS_FROM)
        {
            self.generate_quiets(t, pos);
        }
        if i >= self.moves.len() {
            return None;
        }
        let m = pick_next(self.moves, self.scores, i);
        self.next = i + 1;
        Some((m, self.scores[i]))
    }

    /// The second stage: the quiet moves, scored.
    fn generate_quiets(&mut self, t: &Thread, pos: &Position) {
        self.quiets_done = true;
        let first = self.moves.len();
        pseudo_legal::<false, true>(pos, self.moves);
        for k in first..self.moves.len() {
            let m = self.moves[k];
            let s = if m == self.hash_move {
                ORDER_HASH
            } else {
                t.order_quiet(pos, m, self.ply, self.counter)
            };
            self.scores.push(s);
        }
    }
}

impl Thread<'_> {
    /// What a promotion adds to the mover's value (0 for other moves, for
    /// demotions and for drops, promoted or not).
    pub(super) fn promotion_gain(&self, pos: &Position, m: Move) -> Score {
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
    pub(super) fn order_tactical(&self, pos: &mut Position, m: Move) -> i32 {
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
        let history = self.h.history[self.history_index(pos, m)]
            + self.cont_score(pos, m, ply)
            + self.threat_escape(pos, m);
        if m.is_drop() && self.near_enemy_royal(pos, m) {
            // Drops next to the enemy king (checks, mating nets) first.
            return ORDER_DROP_NEAR_KING + history;
        }
        history
    }

    /// Ordering credit for where a quiet move takes its piece: a piece
    /// that stands where a cheaper enemy piece attacks it (or any enemy
    /// piece attacks it undefended) gains by moving somewhere safe, and
    /// loses by moving into such a square from a safe one.
    fn threat_escape(&self, pos: &Position, m: Move) -> i32 {
        if m.is_drop() || m.is(flag::CASTLE) {
            return 0;
        }
        let Some((_, s)) = pos.piece_on(m.from()) else {
            return 0;
        };
        let rules = pos.rules();
        if rules.royal[usize::from(s.role.0)] {
            return 0;
        }
        let value = self.sh.eval.value(s.role);
        let mover = pos
            .slot_at(m.from())
            .map_or(0, |slot| 1u64 << (slot % SLOTS_PER_SIDE));
        let exposed_from = self.exposed(pos, m.from(), value, 0);
        let exposed_to = self.exposed(pos, m.to(), value, mover);
        (i32::from(exposed_from) - i32::from(exposed_to)) * (value * ESCAPE_PER_CP).min(ESCAPE_MAX)
    }

    /// Whether a piece of the side to move worth `value` on `sq` is
    /// attacked by a cheaper enemy piece, or attacked and not defended
    /// (by our pieces other than those in `ignore`).
    fn exposed(&self, pos: &Position, sq: Sq, value: Score, ignore: u64) -> bool {
        let us = pos.side_to_move();
        let them = us.opponent();
        let mut attackers = pos.attackers(sq, them);
        if attackers == 0 {
            return false;
        }
        if pos.attackers(sq, us) & !ignore == 0 {
            return true;
        }
        let rules = pos.rules();
        while attackers != 0 {
            let slot = Position::slot_index(them, attackers.trailing_zeros() as usize);
            attackers &= attackers - 1;
            let role = pos.slot(slot).role;
            if !rules.royal[usize::from(role.0)] && self.sh.eval.value(role) < value {
                return true;
            }
        }
        false
    }

    /// A drop lands within reach of an enemy royal piece (so it may check).
    fn near_enemy_royal(&self, pos: &Position, m: Move) -> bool {
        let rules = pos.rules();
        let g = rules.geometry();
        let reach = m.hand().map_or(0, |r| rules.reach[usize::from(r.0)]).min(2);
        pos.royals(pos.side_to_move().opponent())
            .any(|k| crate::movegen::distance(g, m.to(), k) <= reach)
    }
}

/// The highest score among the moves from `i` on.
fn best_remaining(scores: &[i32], i: usize) -> i32 {
    scores[i..].iter().copied().max().unwrap_or(i32::MIN)
}

/// Selection sort step: move the best-scored remaining move (the first
/// of equals) to `i`. The best score is found first and then its place:
/// two passes the compiler can vectorise, where one pass that tracks
/// the place cannot be (drop games scan a hundred moves and more).
pub(super) fn pick_next(moves: &mut MoveList, scores: &mut [i32], i: usize) -> Move {
    let best = best_remaining(scores, i);
    let j = i + scores[i..].iter().position(|&s| s == best).unwrap_or(0);
    moves.swap(i, j);
    scores.swap(i, j);
    moves[i]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `pick_next` brings the best-scored of the moves from `i` on to
    /// `i`, the first of equals, swapping it with the move there; the
    /// moves before `i` stay.
    #[test]
    fn the_pick_is_the_first_of_the_best() {
        let mut moves = MoveList::new();
        for k in 1..=6 {
            moves.push(Move::from_bits(k));
        }
        let mut scores = [9, 3, 7, 1, 7, 2];
        assert_eq!(pick_next(&mut moves, &mut scores, 1).bits(), 3);
        assert_eq!(scores, [9, 7, 3, 1, 7, 2]);
        let order: Vec<u64> = moves.iter().map(|m| m.bits()).collect();
        assert_eq!(order, [1, 3, 2, 4, 5, 6]);
        assert_eq!(pick_next(&mut moves, &mut scores, 2).bits(), 5);
        assert_eq!(pick_next(&mut moves, &mut scores, 3).bits(), 2);
    }
}
