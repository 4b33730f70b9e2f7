//! Board geometry that variant rules are written in: colours, squares, square
//! sets and piece letters. Kept free of any move-generation concern so the
//! later stages can pick their own fast representations.

use std::fmt;

/// Largest board Griffon accepts in either direction (files `a`..`p`).
pub const MAX_FILES: u8 = 16;
/// Largest number of ranks Griffon accepts.
pub const MAX_RANKS: u8 = 16;

/// A side. White moves up the board (towards higher ranks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// Index into the `[T; 2]` arrays that hold per-colour rules.
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// A square, 0-based: `a1` is file 0, rank 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub file: u8,
    pub rank: u8,
}

impl Square {
    pub const fn new(file: u8, rank: u8) -> Square {
        Square { file, rank }
    }

    /// Reads `a1` .. `p16` (a file letter and a 1-based rank number). The
    /// caller checks the board bounds, because only it knows the board.
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = file_from_letter(chars.next()?)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        (1..=MAX_RANKS)
            .contains(&rank)
            .then(|| Square::new(file, rank - 1))
    }

    /// The square number used by books and tablebases: `width * rank + file`.
    pub fn index(self, width: u8) -> usize {
        usize::from(self.rank) * usize::from(width) + usize::from(self.file)
    }

    pub fn on_board(self, width: u8, height: u8) -> bool {
        self.file < width && self.rank < height
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.file),
            u32::from(self.rank) + 1
        )
    }
}

/// File index of a lower-case file letter within the largest board.
pub(crate) fn file_from_letter(c: char) -> Option<u8> {
    let file = u8::try_from(c).ok()?.checked_sub(b'a')?;
    (file < MAX_FILES).then_some(file)
}

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

impl fmt::Debug for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|sq| sq.to_string()))
            .finish()
    }
}

/// A piece's name in FENs and variant files: an ASCII letter, optionally
/// followed by `'` or `!` (XBoard's way of naming more than 26 piece types).
/// Stored lower-case; the colour is a property of the piece, not the letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Letter {
    ch: u8,
    suffix: Option<u8>,
}

impl Letter {
    /// Characters that may follow a letter to form a distinct piece name.
    pub const SUFFIXES: [char; 2] = ['\'', '!'];

    pub fn new(ch: char, suffix: Option<char>) -> Option<Letter> {
        if !ch.is_ascii_alphabetic() || suffix.is_some_and(|s| !Letter::SUFFIXES.contains(&s)) {
            return None;
        }
        Some(Letter {
            ch: ch.to_ascii_lowercase() as u8,
            suffix: suffix.map(|s| s as u8),
        })
    }

    /// Reads a letter and its optional suffix from the start of `text`;
    /// returns the letter, the colour its case implies and the bytes used.
    pub fn parse_prefix(text: &str) -> Option<(Letter, Color, usize)> {
        let mut chars = text.chars();
        let ch = chars.next()?;
        let suffix = chars.next().filter(|c| Letter::SUFFIXES.contains(c));
        let letter = Letter::new(ch, suffix)?;
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some((letter, color, 1 + usize::from(suffix.is_some())))
    }

    /// Reads exactly one letter (`n`, `N`, `a'`), ignoring case.
    pub fn parse(text: &str) -> Option<Letter> {
        Letter::parse_prefix(text)
            .filter(|&(_, _, n)| n == text.len())
            .map(|(l, _, _)| l)
    }

    /// The letter as it appears in a FEN for a piece of `color`.
    pub fn for_color(self, color: Color) -> String {
        let ch = char::from(self.ch);
        let ch = if color == Color::White {
            ch.to_ascii_uppercase()
        } else {
            ch
        };
        self.suffix
            .map_or(ch.to_string(), |s| format!("{ch}{}", char::from(s)))
    }
}

impl fmt::Display for Letter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.for_color(Color::Black))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_parse_and_print() {
        assert_eq!(Square::parse("a1"), Some(Square::new(0, 0)));
        assert_eq!(Square::parse("j10"), Some(Square::new(9, 9)));
        assert_eq!(
            Square::parse("p16").map(|s| s.to_string()),
            Some("p16".into())
        );
        for bad in ["", "a", "a0", "q1", "a17", "1a", "a1x", "A1", "a-1"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
        assert_eq!(Square::new(2, 1).index(10), 12);
    }

    #[test]
    fn regions() {
        let r = Region::rank(7, 8) | Region::file(0, 8);
        assert_eq!(r.len(), 15);
        assert!(r.contains(Square::new(3, 7)) && r.contains(Square::new(0, 2)));
        assert!(!r.contains(Square::new(3, 3)));
        assert_eq!(Region::all(16, 16).len(), 256);
        assert_eq!(r.iter().next(), Some(Square::new(0, 0)));
    }

    #[test]
    fn letters() {
        let (l, c, n) = Letter::parse_prefix("A'b").unwrap();
        assert_eq!((l.to_string(), c, n), ("a'".to_string(), Color::White, 2));
        assert_eq!(l.for_color(Color::White), "A'");
        assert_eq!(Letter::parse("Q"), Letter::parse("q"));
        assert_ne!(Letter::parse("q"), Letter::parse("q!"));
        assert_eq!(Letter::parse("qq"), None);
        assert_eq!(Letter::parse("1"), None);
    }
}
