//! The two sides.

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

    /// `White` or `Black`, as results and messages name the sides.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}
