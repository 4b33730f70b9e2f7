//! The transposition table, shared by all search threads (Lazy SMP).
//!
//! A fixed array of 64-byte buckets sized once from XBoard's `memory`
//! command; each bucket holds four 16-byte entries. Threads read and write
//! entries without locks: an entry is two atomic words, the move and the
//! data word XORed with the move, so an entry torn by two threads writing
//! at once fails its key check and reads as a miss (the "lockless hashing"
//! of Hyatt and Mann). A key check of 32 bits can still match a wrong
//! position now and then, so the search only uses a stored move after
//! finding it among the moves it generated.
//!
//! Replacement: a new result for the same position overwrites it (keeping
//! its move when the new result has none); otherwise the entry worth least
//! gives way, where depth counts and each search of age costs eight plies.

use crate::eval::Score;
use crate::types::Move;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// How a stored score bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Bound {
    #[default]
    None,
    /// Score is at least this (fail high).
    Lower,
    /// Score is at most this (fail low).
    Upper,
    Exact,
}

impl Bound {
    /// A stored `score` with this bound settles a search with the window
    /// `alpha`..`beta`.
    #[inline]
    pub fn cuts(self, score: Score, alpha: Score, beta: Score) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
            Bound::None => false,
        }
    }

    fn from_bits(b: u64) -> Bound {
        match b & 3 {
            1 => Bound::Lower,
            2 => Bound::Upper,
            3 => Bound::Exact,
            _ => Bound::None,
        }
    }
    fn bits(self) -> u64 {
        match self {
            Bound::None => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
            Bound::Exact => 3,
        }
    }
}

/// One stored search result, as read back.
#[derive(Clone, Copy, Debug, Default)]
pub struct TtEntry {
    pub mv: Move,
    pub score: i16,
    pub depth: i8,
    pub bound: Bound,
}

/// Entries per bucket: four of 16 bytes fill a cache line.
const WAYS: usize = 4;
/// Generations are counted in six bits.
const AGE_MASK: u8 = 63;

/// Two words: `data ^ move` and `move`. The data word packs, from the
/// high bits down: the key's low 32 bits, the score (16), the depth (8),
/// the age (6) and the bound (2).
#[derive(Default)]
struct Slot {
    mixed: AtomicU64,
    mv: AtomicU64,
}

#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    slots: [Slot; WAYS],
}

const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

pub struct TranspositionTable {
    buckets: Box<[Bucket]>,
    age: AtomicU8,
}

#[inline]
fn check(key: u64) -> u64 {
    key & 0xffff_ffff
}

fn pack(key: u64, score: Score, depth: i32, bound: Bound, age: u8) -> u64 {
    let score = score.clamp(i16::MIN as Score, i16::MAX as Score) as i16;
    let depth = depth.clamp(-1, 127) as i8;
    check(key) << 32
        | u64::from(score as u16) << 16
        | u64::from(depth as u8) << 8
        | u64::from(age & AGE_MASK) << 2
        | bound.bits()
}

struct Unpacked {
    check: u64,
    entry: TtEntry,
    age: u8,
}

fn unpack(data: u64, mv: u64) -> Unpacked {
    Unpacked {
        check: data >> 32,
        entry: TtEntry {
            mv: Move::from_bits(mv),
            score: (data >> 16) as u16 as i16,
            depth: (data >> 8) as u8 as i8,
            bound: Bound::from_bits(data),
        },
        age: (data >> 2) as u8 & AGE_MASK,
    }
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (at least one bucket). Aborts if the
    /// memory is not there; sizes from input go through [`Self::try_new`].
    pub fn new(mb: usize) -> TranspositionTable {
        Self::try_new(mb)
            .unwrap_or_else(|| std::alloc::handle_alloc_error(std::alloc::Layout::new::<Bucket>()))
    }

    /// A table of about `mb` megabytes, or `None` if the system will not
    /// give that much: a user's `memory` setting must not end the engine.
    pub fn try_new(mb: usize) -> Option<TranspositionTable> {
        let bytes = mb.max(1).checked_mul(1024 * 1024)?;
        let n = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(n).ok()?;
        buckets.resize_with(n, Bucket::default);
        Some(TranspositionTable {
            buckets: buckets.into_boxed_slice(),
            age: AtomicU8::new(0),
        })
    }

    /// Bytes the table occupies.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    pub fn clear(&mut self) {
        for b in self.buckets.iter_mut() {
            for s in &mut b.slots {
                *s.mixed.get_mut() = 0;
                *s.mv.get_mut() = 0;
            }
        }
        *self.age.get_mut() = 0;
    }

    /// Called once per search so older entries give way.
    pub fn new_search(&self) {
        let age = (self.age.load(Ordering::Relaxed) + 1) & AGE_MASK;
        self.age.store(age, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        // The high bits choose the bucket, the low ones are the check.
        &self.buckets[((u128::from(key) * self.buckets.len() as u128) >> 64) as usize]
    }

    /// Hint the processor to fetch the bucket of `key` (before a make).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: prefetching is a hint; any address is allowed.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>((self.bucket(key) as *const Bucket).cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        for s in &self.bucket(key).slots {
            let mv = s.mv.load(Ordering::Relaxed);
            let data = s.mixed.load(Ordering::Relaxed) ^ mv;
            let u = unpack(data, mv);
            if u.check == check(key) && u.entry.bound != Bound::None {
                return Some(u.entry);
            }
        }
        None
    }

    pub fn store(&self, key: u64, mv: Move, score: Score, depth: i32, bound: Bound) {
        let age = self.age.load(Ordering::Relaxed);
        let b = self.bucket(key);
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (i, s) in b.slots.iter().enumerate() {
            let old_mv = s.mv.load(Ordering::Relaxed);
            let data = s.mixed.load(Ordering::Relaxed) ^ old_mv;
            let u = unpack(data, old_mv);
            if u.check == check(key) && u.entry.bound != Bound::None {
                // The same position: the old move when the new result
                // has none; a much deeper result of this search stays
                // (quiescence stores at depth 0 where the node search
                // had stored a deep bound that did not cut), keeping
                // the new move.
                let mv = if mv == Move::default() {
                    u.entry.mv
                } else {
                    mv
                };
                let old_depth = i32::from(u.entry.depth);
                if u.age == age
                    && bound != Bound::Exact
                    && (old_depth > depth + 3
                        || u.entry.bound == Bound::Exact && old_depth > depth + 2)
                {
                    if mv != u.entry.mv {
                        write(s, data, mv);
                    }
                    return;
                }
                write(s, pack(key, score, depth, bound, age), mv);
                return;
            }
            let worth = if u.entry.bound == Bound::None {
                i32::MIN
            } else {
                let stale = i32::from(age.wrapping_sub(u.age) & AGE_MASK);
                i32::from(u.entry.depth) - 8 * stale
            };
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        write(&b.slots[victim], pack(key, score, depth, bound, age), mv);
    }

    /// Permille of a sample of entries written in this search (XBoard and
    /// UCI call it hashfull).
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed);
        let n = self.buckets.len().min(250);
        let mut used = 0;
        for b in &self.buckets[..n] {
            for s in &b.slots {
                let mv = s.mv.load(Ordering::Relaxed);
                let u = unpack(s.mixed.load(Ordering::Relaxed) ^ mv, mv);
                if u.entry.bound != Bound::None && u.age == age {
                    used += 1;
                }
            }
        }
        (used * 1000 / (n * WAYS).max(1)) as u32
    }
}

#[inline]
fn write(s: &Slot, data: u64, mv: Move) {
    let mv = mv.bits();
    s.mixed.store(data ^ mv, Ordering::Relaxed);
    s.mv.store(mv, Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_entries_and_keeps_moves() {
        let tt = TranspositionTable::new(1);
        let m = Move::new(12, 28, 0, None, 0);
        tt.store(0x1234_5678_9abc_def0, m, -150, 7, Bound::Lower);
        let e = tt.probe(0x1234_5678_9abc_def0).expect("stored");
        assert_eq!(
            (e.mv, e.score, e.depth, e.bound),
            (m, -150, 7, Bound::Lower)
        );
        // Another key in the same bucket with another check misses.
        assert!(tt.probe(0x1234_5678_0000_0000).is_none());
        // A result without a move keeps the old move.
        tt.store(0x1234_5678_9abc_def0, Move::default(), 30, 8, Bound::Upper);
        let e = tt.probe(0x1234_5678_9abc_def0).expect("stored");
        assert_eq!((e.mv, e.score, e.bound), (m, 30, Bound::Upper));
    }

    #[test]
    fn a_full_bucket_gives_up_its_shallowest_entry() {
        let tt = TranspositionTable::new(1);
        // Same high bits: same bucket; different checks.
        let key = |i: u64| 0xabcd_0000_0000_0000 | i;
        for (i, d) in [(1, 9), (2, 3), (3, 12), (4, 6)] {
            tt.store(key(i), Move::default(), 0, d, Bound::Exact);
        }
        tt.store(key(5), Move::default(), 0, 5, Bound::Exact);
        assert!(tt.probe(key(2)).is_none(), "depth 3 entry replaced");
        for i in [1, 3, 4, 5] {
            assert!(tt.probe(key(i)).is_some(), "entry {i} kept");
        }
    }
}
