//! Position <-> index for one material balance: the usual chess
//! tablebase encoding, generalised to any board (see
//! `docs/architecture.md`, design notes).
//!
//! The two royal pieces are placed first, as one number from a table of
//! royal pairs: one pair per orbit of the board's symmetry group, without
//! the pairs that can never occur (both on one square, or each attacking
//! the other). Which symmetries apply is not assumed from the board shape:
//! a transformation is used only if it maps every piece's move set onto
//! itself, so a table with a pawn-like or otherwise one-sided piece keeps
//! only the mirror images its pieces really have (left-right for a
//! shogi-like silver, none for a piece that only turns one way). The
//! other men follow in groups of like pieces; a group of `k` men on the
//! `n` squares not taken by earlier men is one binomial number (`C(n,k)`
//! placements instead of `n^k`), each square first collapsed past the
//! earlier men's squares.
//!
//! When the royal pair is itself symmetric (both on a diagonal of a square
//! board), two placements of the other men are mirror images; the smaller
//! index is the canonical one and the other is left unused in the table.

use super::TbError;
use super::moves::{Mask, PieceSteps};

/// A transformation of the board: the image of each square.
pub type Perm = Vec<u8>;

/// Index arithmetic for one material.
#[derive(Clone, Debug)]
pub struct Indexer {
    pub squares: usize,
    /// Symmetries of the table (always starts with the identity).
    pub symmetries: Vec<Perm>,
    /// Royal pair number by `white * squares + black`, or `NONE`.
    pair_index: Vec<u32>,
    /// By `white * squares + black`: the symmetries (bit per entry of
    /// `symmetries`) that map the royal pair onto a canonical pair.
    pair_syms: Vec<u8>,
    pub pairs: Vec<(u8, u8)>,
    /// Men after the royals: (first man, count) per group of like men.
    groups: Vec<(usize, usize)>,
    /// Placements of each group, given the men placed before it.
    group_sizes: Vec<u64>,
    /// Positions per royal pair.
    per_pair: u64,
    pub size: u64,
    /// Binomial coefficients `binom[n][k]` for n <= squares, k <= 8.
    binom: Vec<[u64; 9]>,
    /// Compact (collapsed squares, binomial groups) or plain (each man's
    /// square a digit in base `squares`, like men in ascending order).
    compact: bool,
}

const NONE: u32 = u32::MAX;

/// The eight transformations of a `w` x `h` board (those of a square
/// board only when `w == h`), as square permutations.
fn board_symmetries(w: usize, h: usize) -> Vec<Perm> {
    let count = if w == h { 8 } else { 4 };
    (0..count)
        .map(|k| {
            (0..w * h)
                .map(|sq| {
                    let (f, r) = (sq % w, sq / w);
                    let (f, r) = match k {
                        0 => (f, r),
                        1 => (w - 1 - f, r),
                        2 => (f, h - 1 - r),
                        3 => (w - 1 - f, h - 1 - r),
                        4 => (r, f),
                        5 => (w - 1 - r, w - 1 - f),
                        6 => (w - 1 - r, f),
                        _ => (r, w - 1 - f),
                    };
                    (r * w + f) as u8
                })
                .collect()
        })
        .collect()
}

/// Whether `perm` maps the move records of `steps` onto themselves.
fn preserves(perm: &Perm, steps: &PieceSteps) -> bool {
    let map_mask = |m: u128| -> u128 {
        let mut out = 0u128;
        let mut m = m;
        while m != 0 {
            let b = m.trailing_zeros() as usize;
            m &= m - 1;
            out |= 1u128 << perm[b];
        }
        out
    };
    let key = |s: &super::moves::Step| (s.to, s.empty, s.friend, s.foe);
    for lists in [&steps.quiet_from, &steps.capture_from] {
        for (sq, moves) in lists.iter().enumerate() {
            let image = &lists[usize::from(perm[sq])];
            if image.len() != moves.len() {
                return false;
            }
            let mut mapped: Vec<_> = moves
                .iter()
                .map(|s| {
                    (
                        perm[usize::from(s.to)],
                        map_mask(s.empty),
                        map_mask(s.friend),
                        map_mask(s.foe),
                    )
                })
                .collect();
            mapped.sort();
            let mut want: Vec<_> = image.iter().map(key).collect();
            want.sort();
            if mapped != want {
                return false;
            }
        }
    }
    true
}

impl Indexer {
    /// `men`: how many men of each group after the two royals (in order);
    /// `steps`: the move records of every man's (colour, type), royals
    /// first, used to find the symmetries and the impossible royal pairs;
    /// `extra_ok`: a further test a symmetry must pass (the variant's
    /// regions, such as a palace, that the move records do not show).
    pub fn new(
        width: usize,
        height: usize,
        compact: bool,
        men: &[usize],
        steps: &[&PieceSteps],
        extra_ok: &dyn Fn(&Perm) -> bool,
    ) -> Result<Indexer, TbError> {
        Indexer::with_homes(width, height, compact, men, steps, extra_ok, [Mask::MAX; 2])
    }

    /// Like `new`, with the squares each royal piece can stand on (a
    /// palace): royal pairs outside them are left out.
    pub fn with_homes(
        width: usize,
        height: usize,
        compact: bool,
        men: &[usize],
        steps: &[&PieceSteps],
        extra_ok: &dyn Fn(&Perm) -> bool,
        homes: [Mask; 2],
    ) -> Result<Indexer, TbError> {
        let n = width * height;
        if n > super::MAX_SQUARES {
            return Err(TbError(format!(
                "boards of {n} squares are not supported by tablebases (at most {})",
                super::MAX_SQUARES
            )));
        }
        let symmetries: Vec<Perm> = board_symmetries(width, height)
            .into_iter()
            .filter(|p| steps.iter().all(|s| preserves(p, s)) && extra_ok(p))
            .collect();
        let mut binom = vec![[0u64; 9]; n + 1];
        for (i, row) in binom.iter_mut().enumerate() {
            row[0] = 1;
            for k in 1..9 {
                row[k] = if k > i {
                    0
                } else {
                    // C(i, k) = C(i, k-1) * (i-k+1) / k
                    row[k - 1] * (i - k + 1) as u64 / k as u64
                };
            }
        }
        // Royal pairs.
        let attacks = |s: &PieceSteps, from: usize, to: usize| {
            s.attack_to[to]
                .iter()
                .any(|m| usize::from(m.from) == from && m.empty == 0 && m.friend == 0)
        };
        let mut pair_index = vec![NONE; n * n];
        let mut pairs = Vec::new();
        for w in 0..n {
            for b in 0..n {
                if w == b
                    || homes[0] & (1 << w) == 0
                    || homes[1] & (1 << b) == 0
                    || (attacks(steps[0], w, b) && attacks(steps[1], b, w))
                {
                    continue;
                }
                let key = w * n + b;
                let canonical = symmetries
                    .iter()
                    .all(|p| usize::from(p[w]) * n + usize::from(p[b]) >= key);
                if canonical {
                    pair_index[key] = pairs.len() as u32;
                    pairs.push((w as u8, b as u8));
                }
            }
        }
        let mut pair_syms = vec![0u8; n * n];
        for w in 0..n {
            for b in 0..n {
                for (k, p) in symmetries.iter().enumerate() {
                    let key = usize::from(p[w]) * n + usize::from(p[b]);
                    if pair_index[key] != NONE {
                        pair_syms[w * n + b] |= 1 << k;
                    }
                }
            }
        }
        let mut groups = Vec::new();
        let mut group_sizes = Vec::new();
        let mut placed = 2usize;
        let mut per_pair = 1u64;
        for &k in men {
            if k > 8 {
                return Err(TbError("more than 8 like men in one table".into()));
            }
            let size = if compact {
                binom[n - placed][k]
            } else {
                (n as u64).pow(k as u32)
            };
            groups.push((placed, k));
            group_sizes.push(size);
            per_pair = per_pair.saturating_mul(size);
            placed += k;
        }
        if placed > n {
            return Err(TbError("more men than squares".into()));
        }
        let size = per_pair.saturating_mul(pairs.len() as u64);
        if size > u32::MAX as u64 {
            return Err(TbError(format!(
                "the table would have {size} positions per side to move; at most {} are supported",
                u32::MAX
            )));
        }
        Ok(Indexer {
            squares: n,
            symmetries,
            pair_index,
            pair_syms,
            pairs,
            groups,
            group_sizes,
            per_pair,
            size,
            binom,
            compact,
        })
    }

    /// `squares^men`: the index size without any of the reductions.
    pub fn naive_size(&self) -> f64 {
        let men = 2 + self.groups.iter().map(|g| g.1).sum::<usize>();
        (self.squares as f64).powi(men as i32)
    }

    /// For the plain index, how much the index changes per square when man
    /// `man` (a non-royal alone in its group) moves: a move from `s` to
    /// `t` adds `(t - s) * stride`, as long as the royal pair stays one
    /// with no other canonical image ([`Indexer::pair_is_plain`]). `None`
    /// for royals, men in groups and the compact index.
    pub fn plain_stride(&self, man: usize) -> Option<u64> {
        if self.compact {
            return None;
        }
        let mut stride = 1u64;
        for &(first, k) in self.groups.iter().rev() {
            if man >= first && man < first + k {
                return (k == 1).then_some(stride);
            }
            stride *= (self.squares as u64).pow(k as u32);
        }
        None
    }

    /// The royal pair on (`w`, `b`) is canonical and no symmetry maps it
    /// onto another canonical pair: placements with it are indexed as
    /// they stand.
    #[inline]
    pub fn pair_is_plain(&self, w: u8, b: u8) -> bool {
        self.pair_syms[usize::from(w) * self.squares + usize::from(b)] == 1
    }

    /// For the plain index: the first index of the royal pair (`w`, `b`)
    /// when it is plain ([`Indexer::pair_is_plain`]); a royal's move to
    /// such a pair keeps the other men's part of the index (`index %
    /// per_pair`).
    #[inline]
    pub fn plain_pair_base(&self, w: u8, b: u8) -> Option<u64> {
        if self.compact || !self.pair_is_plain(w, b) {
            return None;
        }
        let pair = self.pair_index[usize::from(w) * self.squares + usize::from(b)];
        Some(u64::from(pair) * self.per_pair)
    }

    /// Positions per royal pair.
    #[inline]
    pub fn per_pair(&self) -> u64 {
        self.per_pair
    }

    /// The index of a placement as given (no symmetry applied), or `None`
    /// when its royal pair is not canonical or impossible.
    fn raw(&self, sq: &[u8]) -> Option<u64> {
        let n = self.squares;
        let pair = self.pair_index[usize::from(sq[0]) * n + usize::from(sq[1])];
        if pair == NONE {
            return None;
        }
        let mut idx = 0u64;
        if !self.compact {
            let n = n as u64;
            for &(first, k) in &self.groups {
                let group = &sq[first..first + k];
                if group.windows(2).any(|w| w[0] >= w[1]) {
                    // Like men out of order: only the sorted order is used.
                    let mut c = [0u8; 8];
                    c[..k].copy_from_slice(group);
                    c[..k].sort_unstable();
                    for &v in &c[..k] {
                        idx = idx * n + u64::from(v);
                    }
                } else {
                    for &v in group {
                        idx = idx * n + u64::from(v);
                    }
                }
            }
            return Some(u64::from(pair) * self.per_pair + idx);
        }
        let mut placed: [u8; 32] = [0; 32];
        placed[0] = sq[0].min(sq[1]);
        placed[1] = sq[0].max(sq[1]);
        let mut count = 2usize;
        for (g, &(first, k)) in self.groups.iter().enumerate() {
            let mut c: [u8; 8] = [0; 8];
            for j in 0..k {
                let s = sq[first + j];
                let below = placed[..count].iter().filter(|&&p| p < s).count();
                c[j] = s - below as u8;
            }
            c[..k].sort_unstable();
            let mut r = 0u64;
            for (j, &v) in c[..k].iter().enumerate() {
                r += self.binom[usize::from(v)][j + 1];
            }
            idx = idx * self.group_sizes[g] + r;
            for j in 0..k {
                placed[count] = sq[first + j];
                count += 1;
            }
            placed[..count].sort_unstable();
        }
        Some(u64::from(pair) * self.per_pair + idx)
    }

    /// The canonical index of a placement (squares of the men in material
    /// order), or `None` if no symmetric image has a possible royal pair.
    pub fn encode(&self, sq: &[u8]) -> Option<u32> {
        let mut best: Option<u64> = None;
        let mut img = [0u8; 32];
        let mut syms = self.pair_syms[usize::from(sq[0]) * self.squares + usize::from(sq[1])];
        if syms == 1 {
            return self.raw(sq).map(|i| i as u32);
        }
        while syms != 0 {
            let p = &self.symmetries[syms.trailing_zeros() as usize];
            syms &= syms - 1;
            for (i, &s) in sq.iter().enumerate() {
                img[i] = p[usize::from(s)];
            }
            if let Some(i) = self.raw(&img[..sq.len()]) {
                best = Some(best.map_or(i, |b: u64| b.min(i)));
            }
        }
        best.map(|b| b as u32)
    }

    /// The placement of an index (the inverse of `raw`); the caller checks
    /// `encode(decode(i)) == i` to skip unused indices.
    pub fn decode(&self, index: u32, sq: &mut [u8]) {
        let index = u64::from(index);
        let (w, b) = self.pairs[(index / self.per_pair) as usize];
        sq[0] = w;
        sq[1] = b;
        let mut rest = index % self.per_pair;
        if !self.compact {
            let n = self.squares as u64;
            for i in (2..sq.len()).rev() {
                sq[i] = (rest % n) as u8;
                rest /= n;
            }
            return;
        }
        // Group numbers, last group least significant.
        let mut numbers = [0u64; 32];
        for g in (0..self.groups.len()).rev() {
            numbers[g] = rest % self.group_sizes[g];
            rest /= self.group_sizes[g];
        }
        let mut placed: [u8; 32] = [0; 32];
        placed[0] = w.min(b);
        placed[1] = w.max(b);
        let mut count = 2usize;
        for (g, &(first, k)) in self.groups.iter().enumerate() {
            let mut r = numbers[g];
            let avail = self.squares - count;
            let mut c = [0u8; 8];
            let mut top = avail;
            for j in (0..k).rev() {
                // Largest v with C(v, j+1) <= r.
                let mut v = top;
                while v > 0 && self.binom[v - 1][j + 1] > r {
                    v -= 1;
                }
                let v = v - 1;
                r -= self.binom[v][j + 1];
                c[j] = v as u8;
                top = v;
            }
            for j in 0..k {
                let mut s = c[j];
                for &p in &placed[..count] {
                    if p <= s {
                        s += 1;
                    }
                }
                sq[first + j] = s;
            }
            for j in 0..k {
                placed[count] = sq[first + j];
                count += 1;
            }
            placed[..count].sort_unstable();
        }
    }
}
