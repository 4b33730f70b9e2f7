//! Pawn structure, and the royal piece's shelter and place: terms that
//! fade between the middle game and the ending.
//!
//! Pawns are read from one bit set of ranks per file, so these terms are
//! kept on boards of at most [`MAX_LINES`] files and ranks. Passed,
//! doubled, isolated and side-by-side pawns score for their side; a royal
//! piece scores for the own pawns in front of it and for staying on its
//! back ranks in the middle game, and for the centre in the ending.
//! (Pawns that an own pawn defends are counted in `terms`, from the
//! attack map, so for any pawn type.)

use super::{Evaluator, Score};
use crate::types::{Geometry, Sq};
use crate::weights::{
    DOUBLED_EG, DOUBLED_MG, ISOLATED_EG, ISOLATED_MG, PASSED_EG_BASE, PASSED_EG_SCALE,
    PASSED_KING_FAR, PASSED_KING_NEAR, PASSED_MG_BASE, PASSED_MG_SCALE, PAWN_PHALANX,
    ROYAL_ADVANCE, ROYAL_CENTRE, SHIELD_1, SHIELD_2,
};

/// The most files and ranks a board may have for its pawn structure to be
/// kept: a file's ranks are one `u32`.
pub(super) const MAX_LINES: usize = 32;

/// Per file: the ranks holding a pawn of one side, one bit each.
pub(super) type PawnFiles = [u32; MAX_LINES];

/// A royal piece off its back rank pays for this many ranks at most.
const ROYAL_ADVANCE_RANKS: i32 = 4;
/// A royal piece in the ending gains for this many steps from the edge at
/// most, along each axis.
const ROYAL_CENTRE_STEPS: i32 = 3;

/// A royal piece this many steps (or more) from a passed pawn's path is
/// as far as it matters.
const PASSED_KING_STEPS: i32 = 5;

/// Entries of a [`PawnCache`] (16 bytes each: 64 KB).
const PAWN_CACHE_SIZE: usize = 1 << 12;

/// The pawn-structure terms of positions a search has scored, by pawn
/// key: the pawns change in few moves, so most positions find theirs
/// here. Belongs to one evaluator's weights: clear it when they change.
pub struct PawnCache {
    /// Pawn key, then middle-game and ending terms per colour.
    entries: Box<[(u64, [i16; 4])]>,
}

impl Default for PawnCache {
    fn default() -> PawnCache {
        PawnCache {
            entries: vec![(0, [0; 4]); PAWN_CACHE_SIZE].into_boxed_slice(),
        }
    }
}

impl PawnCache {
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = (0, [0; 4]));
    }
}

impl Evaluator {
    /// [`Self::pawn_terms`] from `cache` (where given) under `key`, the
    /// position's pawn key, computed and stored on a miss. (Key 0, no
    /// pawns at all, has terms 0: an empty entry is right for it.)
    pub(super) fn cached_pawn_terms(
        &self,
        g: &Geometry,
        pawns: &[PawnFiles; 2],
        cache: Option<&mut PawnCache>,
        key: u64,
    ) -> ([Score; 2], [Score; 2]) {
        let Some(cache) = cache else {
            return self.pawn_terms(g, pawns);
        };
        let e = &mut cache.entries[(key as usize) & (PAWN_CACHE_SIZE - 1)];
        if e.0 == key {
            let t = e.1.map(Score::from);
            return ([t[0], t[1]], [t[2], t[3]]);
        }
        let (mg, eg) = self.pawn_terms(g, pawns);
        let packed = [mg[0], mg[1], eg[0], eg[1]].map(i16::try_from);
        if let [Ok(a), Ok(b), Ok(c), Ok(d)] = packed {
            *e = (key, [a, b, c, d]);
        }
        (mg, eg)
    }

    /// Passed, doubled, isolated and side-by-side pawns: middle-game and
    /// ending terms per colour.
    pub(super) fn pawn_terms(
        &self,
        g: &Geometry,
        pawns: &[PawnFiles; 2],
    ) -> ([Score; 2], [Score; 2]) {
        let mut mg = [0 as Score; 2];
        let mut eg = [0 as Score; 2];
        let width = usize::from(g.width);
        let span = i32::from(g.height).max(2) - 1;
        let p = &self.p.0;
        for c in 0..2 {
            let ours = &pawns[c];
            let theirs = &pawns[1 - c];
            for f in 0..width {
                let mut file = ours[f];
                if file == 0 {
                    continue;
                }
                let count = file.count_ones() as Score;
                let left = if f > 0 { ours[f - 1] } else { 0 };
                let right = if f + 1 < width { ours[f + 1] } else { 0 };
                if count > 1 {
                    mg[c] -= p[DOUBLED_MG] * (count - 1);
                    eg[c] -= p[DOUBLED_EG] * (count - 1);
                }
                if left | right == 0 {
                    mg[c] -= p[ISOLATED_MG] * count;
                    eg[c] -= p[ISOLATED_EG] * count;
                }
                while file != 0 {
                    let y = file.trailing_zeros();
                    file &= file - 1;
                    if (left | right) & (1 << y) != 0 {
                        mg[c] += p[PAWN_PHALANX];
                        eg[c] += p[PAWN_PHALANX];
                    }
                    if !passed(theirs, width, c, f, y) {
                        continue;
                    }
                    let progress = if c == 0 { y as i32 } else { span - y as i32 };
                    let t2 = progress * progress;
                    let span2 = span * span;
                    let k = self.passed_scale;
                    mg[c] += (p[PASSED_MG_BASE] + p[PASSED_MG_SCALE] * t2 / span2) * k / 1000;
                    eg[c] += (p[PASSED_EG_BASE] + p[PASSED_EG_SCALE] * t2 / span2) * k / 1000;
                }
            }
        }
        (mg, eg)
    }

    /// Passed pawns in the ending, by where the royal pieces stand: the
    /// enemy's far from the square in front of the pawn, the own near it
    /// (Fairy-Stockfish's king proximity), in steps of a king, up to
    /// [`PASSED_KING_STEPS`]. Not part of [`Self::pawn_terms`]: the
    /// pawn cache keys on pawns only.
    pub(super) fn passed_king_terms(
        &self,
        g: &Geometry,
        pawns: &[PawnFiles; 2],
        royals: [Option<Sq>; 2],
        eg: &mut [Score; 2],
    ) {
        let p = &self.p.0;
        let (far, near) = (p[PASSED_KING_FAR], p[PASSED_KING_NEAR]);
        if far == 0 && near == 0 {
            return;
        }
        let [Some(white), Some(black)] = royals.map(|k| k.and_then(|k| g.coords(k))) else {
            return;
        };
        let kings = [white, black].map(|(x, y)| (i32::from(x), i32::from(y)));
        let width = usize::from(g.width);
        let height = i32::from(g.height);
        let span = height.max(2) - 1;
        let steps = |(kx, ky): (i32, i32), x: i32, y: i32| {
            (kx - x).abs().max((ky - y).abs()).min(PASSED_KING_STEPS)
        };
        for c in 0..2 {
            for f in 0..width {
                let mut file = pawns[c][f];
                while file != 0 {
                    let y = file.trailing_zeros();
                    file &= file - 1;
                    if !passed(&pawns[1 - c], width, c, f, y) {
                        continue;
                    }
                    let (progress, front) = if c == 0 {
                        (y as i32, (y as i32 + 1).min(height - 1))
                    } else {
                        (span - y as i32, (y as i32 - 1).max(0))
                    };
                    let x = f as i32;
                    let gap =
                        far * steps(kings[1 - c], x, front) - near * steps(kings[c], x, front);
                    eg[c] += gap * progress * progress / (span * span) * self.passed_scale / 1000;
                }
            }
        }
    }

    /// A royal piece: sheltered behind its pawns on its back ranks in the
    /// middle game, central in the ending.
    pub(super) fn royal_terms(
        &self,
        g: &Geometry,
        c: usize,
        k: Sq,
        pawns: &PawnFiles,
        mg: &mut [Score; 2],
        eg: &mut [Score; 2],
    ) {
        let Some((x, y)) = g.coords(k) else { return };
        let (x, y) = (i32::from(x), i32::from(y));
        let (w, h) = (i32::from(g.width), i32::from(g.height));
        let back = if c == 0 { y } else { h - 1 - y };
        let p = &self.p.0;
        mg[c] -= p[ROYAL_ADVANCE] * back.min(ROYAL_ADVANCE_RANKS);
        let edge = |v: i32, n: i32| v.min(n - 1 - v);
        let centre = edge(x, w).min(ROYAL_CENTRE_STEPS) + edge(y, h).min(ROYAL_CENTRE_STEPS);
        eg[c] += p[ROYAL_CENTRE] * centre;
        let dir = if c == 0 { 1 } else { -1 };
        for (step, weight) in [(1, p[SHIELD_1]), (2, p[SHIELD_2])] {
            let r = y + dir * step;
            if !(0..h).contains(&r) {
                continue;
            }
            for f in (x - 1).max(0)..=(x + 1).min(w - 1) {
                if pawns[f as usize] & (1 << r) != 0 {
                    mg[c] += weight;
                }
            }
        }
    }
}

/// The pawn of side `c` on file `f`, rank `y` is passed: no pawn of
/// `theirs` stands ahead of it on its file or the files beside it.
fn passed(theirs: &PawnFiles, width: usize, c: usize, f: usize, y: u32) -> bool {
    let near = theirs[f]
        | if f > 0 { theirs[f - 1] } else { 0 }
        | if f + 1 < width { theirs[f + 1] } else { 0 };
    // Ranks ahead of the pawn, from its side's view.
    let ahead = if c == 0 {
        !((2u32 << y).wrapping_sub(1))
    } else {
        (1u32 << y) - 1
    };
    near & ahead == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::tests::eval_in;
    use crate::weights::{PASSED_KING_FAR, PASSED_KING_NEAR, PAWN_SUPPORTED, Params};

    /// PAWN_SUPPORTED counts pawns an own pawn defends (read from the
    /// attack map: a berolina pawn defends straight ahead), PAWN_PHALANX
    /// pawns side by side.
    #[test]
    fn defended_and_side_by_side_pawns_score_their_weights() {
        let gain = |variant: &str, fen: &str, weight: usize| {
            let (_, pos) = eval_in(variant, fen);
            let mut p = Params::default();
            p.0[weight] = 30;
            Evaluator::with_params(pos.rules(), p).evaluate(&pos)
                - Evaluator::with_params(pos.rules(), Params::default()).evaluate(&pos)
        };
        // White: e2 defends d3; h2 stands alone. Black: nothing defended.
        let chain = "4k3/p7/8/8/8/3P4/4P2P/4K3 w - - 0 1";
        assert_eq!(gain("normal", chain, PAWN_SUPPORTED), 30);
        assert_eq!(gain("normal", chain, PAWN_PHALANX), 0);
        // d2 and e2 side by side; black's a7 and c7 are not.
        let pair = "4k3/p1p5/8/8/8/8/3PP3/4K3 w - - 0 1";
        assert_eq!(gain("normal", pair, PAWN_PHALANX), 60);
        assert_eq!(gain("normal", pair, PAWN_SUPPORTED), 0);
        // A berolina pawn captures straight ahead: d2 defends d3.
        let berolina = "4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1";
        assert_eq!(gain("berolina", berolina, PAWN_SUPPORTED), 30);
    }

    /// A passed pawn in the ending gains PASSED_KING_FAR per step (up to
    /// five) the enemy royal piece stands from the square in front of it
    /// and loses PASSED_KING_NEAR per step of its own, times the square
    /// of its progress: e6 has come 5 of chess's 7 ranks, 25/49.
    #[test]
    fn passed_pawns_score_the_royal_pieces_distance_to_their_path() {
        let gain = |fen: &str, far: i32, near: i32| {
            let (_, pos) = eval_in("normal", fen);
            let mut p = Params::default();
            p.0[PASSED_KING_FAR] = far;
            p.0[PASSED_KING_NEAR] = near;
            Evaluator::with_params(pos.rules(), p).evaluate(&pos)
                - Evaluator::with_params(pos.rules(), Params::default()).evaluate(&pos)
        };
        // Black's king on a2 is 5 steps from e7, on e8 one.
        assert_eq!(
            gain("8/8/4P3/8/8/8/k7/4K3 w - - 0 1", 70, 0),
            70 * 5 * 25 / 49
        );
        assert_eq!(gain("4k3/8/4P3/8/8/8/8/4K3 w - - 0 1", 70, 0), 70 * 25 / 49);
        // White's king on e5 is 2 steps from e7; on e1, 6 (counted as 5).
        assert_eq!(
            gain("4k3/8/4P3/4K3/8/8/8/8 w - - 0 1", 0, 20),
            -20 * 2 * 25 / 49
        );
        assert_eq!(
            gain("4k3/8/4P3/8/8/8/8/4K3 w - - 0 1", 0, 20),
            -20 * 5 * 25 / 49
        );
        // Black's d3 pawn, seen from Black (to move): d2 is 4 steps from
        // White's king on h1; Black's own king on d8, 6 (5).
        assert_eq!(
            gain("3k4/8/8/8/8/3p4/8/7K b - - 0 1", 30, 10),
            (30 * 4 - 10 * 5) * 25 / 49
        );
        // A pawn with an enemy pawn ahead on the next file is not passed.
        assert_eq!(gain("4k3/3p4/4P3/8/8/8/8/4K3 w - - 0 1", 70, 20), 0);
    }

    /// The pawn cache gives every position the evaluation it has without
    /// it, the first time and again, with several positions sharing the
    /// same pawns (and so the same entry).
    #[test]
    fn the_pawn_cache_changes_no_evaluation() {
        let fens = [
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 4 4",
            "4k3/1p6/8/2P5/8/8/5PP1/4K3 w - - 0 1",
            "4k3/1p6/8/2P5/8/8/5PP1/3K4 b - - 0 1",
        ];
        let mut cache = PawnCache::default();
        for _ in 0..2 {
            for fen in fens {
                let (e, pos) = eval_in("normal", fen);
                assert_eq!(
                    e.evaluate_cached(&pos, Some(&mut cache)),
                    e.evaluate_and_pieces_left(&pos)
                );
            }
        }
    }
}
