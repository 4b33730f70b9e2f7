//! Piece types and pieces: a variant's types are numbered ([`Role`]), named
//! by letters ([`Letter`]), and a piece is a type with a colour.

use super::Color;
use std::fmt;

/// A piece type of one variant: an index into the variant's pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Role(pub u8);

/// A piece on the board or in hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
    /// Marked `~` in the FEN: reverts to a pawn when captured in drop games.
    pub promoted: bool,
    /// The type it promoted from, for a shogi-style promoted piece (`+X`:
    /// X); its own role otherwise. Several types may promote to one.
    pub base: Role,
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
