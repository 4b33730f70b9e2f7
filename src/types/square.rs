//! Squares as variant rules name them: file and rank from `a1`, on
//! boards up to the size limits.

use super::limits::{MAX_FILES, MAX_RANKS};
use std::fmt;

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
        Square::parse_unbounded(text).filter(|s| s.file < MAX_FILES && s.rank < MAX_RANKS)
    }

    /// Reads a square on a board of any size up to 26 files (XBetza's
    /// diagrams go beyond the engine's boards): a file letter `a`..`z` and
    /// a 1-based rank of one or two digits.
    pub fn parse_unbounded(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = u8::try_from(chars.next()?).ok()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        (rank >= 1).then(|| Square::new(file - b'a', rank - 1))
    }

    /// The square number used by books and tablebases: `width * rank + file`.
    pub fn index(self, width: u8) -> usize {
        usize::from(self.rank) * usize::from(width) + usize::from(self.file)
    }

    pub fn on_board(self, width: u8, height: u8) -> bool {
        self.file < width && self.rank < height
    }
}

/// Squares are written with their file letter and a rank counted from 1
/// (`a1`, `j10`): the spelling of variant files, FENs and the command
/// line. XBoard's moves number the ranks of ten-rank boards from 0; that
/// spelling is the notation layer's.
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", file_letter(self.file), u32::from(self.rank) + 1)
    }
}

/// The letter of a file (0 is `a`), as boards are labelled.
pub fn file_letter(file: u8) -> char {
    char::from(b'a' + file)
}

/// File index of a lower-case file letter within the largest board.
pub(crate) fn file_from_letter(c: char) -> Option<u8> {
    let file = u8::try_from(c).ok()?.checked_sub(b'a')?;
    (file < MAX_FILES).then_some(file)
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
}
