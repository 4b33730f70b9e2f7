//! What a thread learns about move ordering and about its evaluation's
//! errors, kept across moves: killers, countermoves, the butterfly
//! history, continuation history and correction history.

use super::params::history_bonus;
use super::thread::Thread;
use super::{MATE_BOUND, MAX_PLY};
use crate::eval::{Evaluator, Left, PawnCache, Score};
use crate::position::Position;
use crate::types::{Geometry, Move, Sq};

/// History scores stay within +-this.
pub(super) const HISTORY_MAX: i32 = 1 << 14;

/// What one thread learns about move ordering; kept across moves.
pub(super) struct Heuristics {
    pub(super) killers: [[Move; 2]; MAX_PLY + 2],
    /// `[colour][from][to]`, from a drop is its type.
    pub(super) history: Vec<i32>,
    /// Best reply to the move `[from][to]`.
    pub(super) counters: Vec<Move>,
    /// Continuation history: `[earlier move][quiet move]`, each move as
    /// its piece type and destination, for the moves one and two plies
    /// back (one table serves both). A row holds every quiet move's entry
    /// for one earlier move, so a node scoring its moves reads two rows,
    /// not scattered entries. Where the variant has more earlier moves
    /// than `CONT_MAX` has rows (shogi, grand, chu and bigger) the earlier
    /// move is hashed to one of `cont_rows` rows: a collision only blurs
    /// move ordering, and the table's size stays inside the per-thread
    /// share of `memory`.
    cont: Vec<i16>,
    /// Piece types times board squares: the row length of `cont`.
    cont_row: usize,
    /// Board squares (dense, no padding), the stride of a row.
    cont_squares: usize,
    /// Padded square to its dense index (0 off the board).
    cont_square: Vec<u16>,
    /// Rows of `cont` where earlier moves are hashed, 0 where each has
    /// its own.
    cont_rows: usize,
    /// Correction history: `[colour][pawn key]`, a damped running
    /// average (see `update_correction`) of the error of the static
    /// evaluation, in `CORR_GRAIN`ths of a centipawn, that searches found
    /// in positions with this pawn structure. The evaluation's terms are
    /// generic (a variant may only refit their weights); where it
    /// misjudges a structure the same way in many positions, the search
    /// learns the bias here and corrects the estimate its pruning works
    /// from.
    corr: Vec<i16>,
    /// Hand-written evaluations of positions this search has seen,
    /// indexed by their key: a position reached again (a transposition,
    /// a re-search, quiescence after the node search) is not scored
    /// twice. See [`EvalCache`] for the packing.
    eval_cache: Vec<u64>,
    /// Pawn-structure terms by pawn key, for the evaluations the cache
    /// above misses.
    pawn_cache: PawnCache,
}

/// Entries of the evaluation cache (8 bytes each, per thread: 256 KB).
const EVAL_CACHE_SIZE: usize = 1 << 15;

/// An evaluation cache entry packs, from the high bits down: the top 24
/// bits of the position's key (its check), the score (16), the shares of
/// pieces and pawns left (9 each) and a bit that marks it filled.
struct EvalCache;

impl EvalCache {
    /// The key the cache files `pos` under: its hash key with the
    /// move-count clock mixed in, which the evaluation also reads
    /// (`RULE_FADE`) and the hash key leaves out.
    fn key(pos: &Position) -> u64 {
        pos.key() ^ u64::from(pos.halfmove_clock()).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    fn pack(key: u64, score: Score, left: Left) -> Option<u64> {
        let score = i16::try_from(score).ok()?;
        let share = |s: Score| u64::try_from(s).ok().filter(|&s| s < 512);
        Some(
            (key >> 40) << 40
                | u64::from(score as u16) << 24
                | share(left.pieces)? << 15
                | share(left.pawns)? << 6
                | 1,
        )
    }

    fn unpack(key: u64, e: u64) -> Option<(Score, Left)> {
        (e & 1 != 0 && e >> 40 == key >> 40).then(|| {
            (
                Score::from((e >> 24) as u16 as i16),
                Left {
                    pieces: ((e >> 15) & 511) as Score,
                    pawns: ((e >> 6) & 511) as Score,
                },
            )
        })
    }
}

/// Entries of the correction history per colour (two bytes each).
const CORR_SIZE: usize = 1 << 14;
/// Fraction of a centipawn in a correction-history entry.
const CORR_GRAIN: i32 = 64;
/// The largest correction, in centipawns.
const CORR_MAX: i32 = 48;

/// Entries of the continuation-history table (two bytes each, per
/// thread): 1 MB, within the 4 MB per thread that `memory` sets aside.
const CONT_MAX: usize = 1 << 19;

impl Heuristics {
    pub(super) fn new(g: &Geometry, roles: usize) -> Heuristics {
        let mut h = Heuristics {
            killers: [[Move::default(); 2]; MAX_PLY + 2],
            history: Vec::new(),
            counters: Vec::new(),
            cont: Vec::new(),
            cont_row: 0,
            cont_squares: 0,
            cont_square: Vec::new(),
            cont_rows: 0,
            corr: Vec::new(),
            eval_cache: Vec::new(),
            pawn_cache: PawnCache::default(),
        };
        h.reshape(g, roles);
        h
    }

    /// Empty tables for another variant, in the buffers this one had:
    /// freeing and allocating them at each variant change would leave the
    /// allocator holding the freed blocks.
    pub(super) fn reshape(&mut self, g: &Geometry, roles: usize) {
        let area = g.size;
        // Pairs are indexed by dense squares: padding would only add
        // entries that never occur, and push 8x8 boards over `CONT_MAX`.
        let row = roles * g.area();
        // Hashed rows: as many whole rows as fit in `CONT_MAX` entries.
        self.cont_rows = if row * row > CONT_MAX {
            (CONT_MAX / row).max(1)
        } else {
            0
        };
        self.cont_row = row;
        self.cont_squares = g.area();
        self.cont_square.clear();
        self.cont_square
            .extend((0..area).map(|sq| g.dense(sq as Sq).map_or(0, |d| d as u16)));
        let cont = if self.cont_rows > 0 {
            self.cont_rows * row
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
        self.eval_cache.clear();
        self.eval_cache.resize(EVAL_CACHE_SIZE, 0);
        self.pawn_cache.clear();
    }

    pub(super) fn clear_eval_cache(&mut self) {
        self.eval_cache.iter_mut().for_each(|e| *e = 0);
        self.pawn_cache.clear();
    }

    /// The hand-written evaluation of `pos` and the share of its army
    /// left, from the cache if this search has scored it before.
    #[inline]
    pub(super) fn evaluate(&mut self, eval: &Evaluator, pos: &Position) -> (Score, Left) {
        let key = EvalCache::key(pos);
        let i = (key as usize) & (EVAL_CACHE_SIZE - 1);
        if let Some(hit) = EvalCache::unpack(key, self.eval_cache[i]) {
            return hit;
        }
        let (score, left) = eval.evaluate_cached(pos, Some(&mut self.pawn_cache));
        if let Some(e) = EvalCache::pack(key, score, left) {
            self.eval_cache[i] = e;
        }
        (score, left)
    }

    pub(super) fn clear(&mut self) {
        self.killers = [[Move::default(); 2]; MAX_PLY + 2];
        self.history.iter_mut().for_each(|h| *h = 0);
        self.counters.iter_mut().for_each(|m| *m = Move::default());
        self.cont.iter_mut().for_each(|h| *h = 0);
        self.corr.iter_mut().for_each(|h| *h = 0);
        self.clear_eval_cache();
    }
}

impl Thread<'_> {
    pub(super) fn history_index(&self, pos: &Position, m: Move) -> usize {
        // A drop has no from-square; its dropped type stands in for one
        // (low numbers are guard squares, so this rarely shares a slot).
        let area = self.sh.area;
        (pos.side_to_move().index() * area + from_index(m, area)) * area + usize::from(m.to())
    }

    pub(super) fn counter_index(&self, m: Move) -> usize {
        from_index(m, self.sh.area) * self.sh.area + usize::from(m.to())
    }

    /// The continuation-history row of `m` (its piece type and
    /// destination), before it is made.
    #[inline]
    pub(super) fn piece_to(&self, pos: &Position, m: Move) -> Option<u32> {
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
        let rows = self.h.cont_rows;
        [1, 2].map(|back| {
            let earlier = ply.checked_sub(back).and_then(|p| self.stack[p].piece_to)?;
            Some(cont_row_index(earlier, rows) * row + this as usize)
        })
    }

    pub(super) fn cont_score(&self, pos: &Position, m: Move, ply: usize) -> i32 {
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

    /// A quiet move caused a cut-off: it becomes a killer and the reply
    /// to the previous move, and gains history while the quiet moves tried
    /// before it lose some.
    pub(super) fn reward_quiet(
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
        let bonus = history_bonus(depth);
        self.update_history(pos, m, bonus);
        self.update_cont(pos, m, ply, bonus);
        for &q in tried {
            if q != m {
                self.update_history(pos, q, -bonus);
                self.update_cont(pos, q, ply, -bonus);
            }
        }
    }

    fn corr_index(pos: &Position) -> usize {
        pos.side_to_move().index() * CORR_SIZE + (pos.pawn_key() as usize & (CORR_SIZE - 1))
    }

    /// The static evaluation with the correction history's learned bias
    /// for this pawn structure added.
    pub(super) fn corrected_eval(&mut self, pos: &Position, ply: usize) -> Score {
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
    /// entry is capped at `CORR_MAX`: a larger correction shifts every
    /// position of a pawn structure against those after a pawn move,
    /// which the search then plays or shuns for that alone (in makruk,
    /// correcting by the whole error, up to 200 cp, played much worse).
    pub(super) fn update_correction(
        &mut self,
        pos: &Position,
        depth: i32,
        best: Score,
        corrected: Score,
    ) {
        let err = (best - corrected).clamp(-4 * CORR_MAX, 4 * CORR_MAX) * CORR_GRAIN;
        let w = (depth + 1).min(16);
        let e = &mut self.h.corr[Self::corr_index(pos)];
        let v = (i32::from(*e) * (256 - w) + err * w) / 256;
        *e = v.clamp(-CORR_MAX * CORR_GRAIN, CORR_MAX * CORR_GRAIN) as i16;
    }
}

/// The row of the continuation history holding the replies to
/// `earlier` (a move's piece type and destination): its own where
/// `rows` is 0, else one of `rows` hashed rows.
#[inline]
fn cont_row_index(earlier: u32, rows: usize) -> usize {
    if rows == 0 {
        return earlier as usize;
    }
    // Fibonacci hashing, its top 32 bits scaled to the rows.
    let h = u64::from(earlier).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32;
    ((h * rows as u64) >> 32) as usize
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_continuation_rows_stay_in_the_table_and_spread() {
        // Shogi: 14 piece types on 81 squares, 462 rows of 1,134.
        let row = 14 * 81;
        let rows = CONT_MAX / row;
        let mut used = vec![false; rows];
        for earlier in 0..row as u32 {
            let r = cont_row_index(earlier, rows);
            assert!(r < rows);
            used[r] = true;
        }
        // Consecutive moves land on most rows, not a few.
        assert!(used.iter().filter(|&&u| u).count() * 10 >= rows * 9);
        // Unhashed, each earlier move has its own row.
        assert_eq!(cont_row_index(383, 0), 383);
        for rows in [1, 2, 7] {
            assert!((0..5000).all(|e| cont_row_index(e, rows) < rows));
        }
    }

    #[test]
    fn the_eval_cache_returns_what_it_stored_for_the_same_key_only() {
        let key = 0xDEAD_BEEF_1234_5678u64;
        let left = Left {
            pieces: 256,
            pawns: 3,
        };
        for score in [-32768, -1, 0, 17, 32767] {
            let e = EvalCache::pack(key, score, left).expect("fits");
            assert_eq!(EvalCache::unpack(key, e), Some((score, left)));
            // Another key's top bits, or an empty entry, miss.
            assert_eq!(EvalCache::unpack(key ^ (1 << 63), e), None);
            assert_eq!(EvalCache::unpack(key, 0), None);
        }
        // A score beyond 16 bits is not cached (mate-like scores).
        assert!(EvalCache::pack(key, 40_000, left).is_none());
    }
}
