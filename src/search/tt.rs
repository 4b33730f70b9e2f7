//! The transposition table: a fixed array of two-entry buckets, sized once
//! from XBoard's `memory` command; one entry keeps the deepest result, the
//! other the most recent.

use crate::eval::Score;
use crate::movegen::Move;

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

#[derive(Clone, Copy, Debug, Default)]
pub struct TtEntry {
    pub key: u64,
    pub mv: Move,
    pub score: i16,
    pub depth: i8,
    pub bound: Bound,
    pub age: u8,
}

#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct Bucket {
    /// 0: deepest, 1: most recent.
    entries: [TtEntry; 2],
}

pub struct TranspositionTable {
    buckets: Box<[Bucket]>,
    age: u8,
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> TranspositionTable {
        let n = (mb.max(1) * 1024 * 1024 / std::mem::size_of::<Bucket>()).max(1);
        TranspositionTable {
            buckets: vec![Bucket::default(); n].into_boxed_slice(),
            age: 0,
        }
    }

    pub fn clear(&mut self) {
        self.buckets.iter_mut().for_each(|b| *b = Bucket::default());
        self.age = 0;
    }

    /// Called once per search so older entries give way.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize
    }

    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        let b = &self.buckets[self.index(key)];
        b.entries
            .iter()
            .find(|e| e.key == key && e.bound != Bound::None)
            .copied()
    }

    pub fn store(&mut self, key: u64, mv: Move, score: Score, depth: i32, bound: Bound) {
        let age = self.age;
        let i = self.index(key);
        let b = &mut self.buckets[i];
        let entry = TtEntry {
            key,
            mv,
            score: score.clamp(i16::MIN as Score, i16::MAX as Score) as i16,
            depth: depth.clamp(-1, 127) as i8,
            bound,
            age,
        };
        let deep = &mut b.entries[0];
        if deep.key == key
            || deep.bound == Bound::None
            || deep.age != age
            || i32::from(deep.depth) <= depth
        {
            // Keep the move of an earlier result for the same position.
            let mv = if mv == Move::default() && deep.key == key {
                deep.mv
            } else {
                mv
            };
            *deep = TtEntry { mv, ..entry };
        } else {
            b.entries[1] = entry;
        }
    }
}
