//! Sets of squares, for the regions variant rules name (promotion zones,
//! palaces, drop regions).

use super::Square;
use super::limits::{MAX_FILES, MAX_RANKS};
use std::fmt;

/// A set of squares (Fairy-Stockfish's `Bitboard` option type). The layout is
/// fixed at 16 squares per rank so a set can be read before the board width
/// is known; it is not meant for move generation.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Region {
    bits: [u64; 4],
}

impl Region {
    pub const EMPTY: Region = Region { bits: [0; 4] };

    fn bit(sq: Square) -> (usize, u64) {
        debug_assert!(sq.file < MAX_FILES && sq.rank < MAX_RANKS);
        let n = usize::from(sq.rank) * usize::from(MAX_FILES) + usize::from(sq.file);
        (n / 64, 1 << (n % 64))
    }

    pub fn contains(&self, sq: Square) -> bool {
        if sq.file >= MAX_FILES || sq.rank >= MAX_RANKS {
            return false;
        }
        let (word, mask) = Region::bit(sq);
        self.bits[word] & mask != 0
    }

    pub fn insert(&mut self, sq: Square) {
        let (word, mask) = Region::bit(sq);
        self.bits[word] |= mask;
    }

    /// One whole rank (0-based) of a board `width` files wide.
    pub fn rank(rank: u8, width: u8) -> Region {
        let mut r = Region::EMPTY;
        (0..width).for_each(|file| r.insert(Square::new(file, rank)));
        r
    }

    /// One whole file (0-based) of a board `height` ranks high.
    pub fn file(file: u8, height: u8) -> Region {
        let mut r = Region::EMPTY;
        (0..height).for_each(|rank| r.insert(Square::new(file, rank)));
        r
    }

    /// Every square of a `width` x `height` board.
    pub fn all(width: u8, height: u8) -> Region {
        (0..height).fold(Region::EMPTY, |r, rank| r | Region::rank(rank, width))
    }

    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&w| w == 0)
    }

    pub fn len(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The squares in order a1, b1, ..., a2, ...
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        (0..MAX_RANKS)
            .flat_map(|rank| (0..MAX_FILES).map(move |file| Square::new(file, rank)))
            .filter(|&sq| self.contains(sq))
    }
}

impl std::ops::BitOr for Region {
    type Output = Region;
    fn bitor(self, rhs: Region) -> Region {
        let mut bits = self.bits;
        bits.iter_mut().zip(rhs.bits).for_each(|(a, b)| *a |= b);
        Region { bits }
    }
}

impl std::ops::BitAnd for Region {
    type Output = Region;
    fn bitand(self, rhs: Region) -> Region {
        let mut bits = self.bits;
        bits.iter_mut().zip(rhs.bits).for_each(|(a, b)| *a &= b);
        Region { bits }
    }
}

impl fmt::Debug for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|sq| sq.to_string()))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions() {
        let r = Region::rank(7, 8) | Region::file(0, 8);
        assert_eq!(r.len(), 15);
        assert!(r.contains(Square::new(3, 7)) && r.contains(Square::new(0, 2)));
        assert!(!r.contains(Square::new(3, 3)));
        assert_eq!(Region::all(16, 16).len(), 256);
        assert_eq!(r.iter().next(), Some(Square::new(0, 0)));
    }
}
