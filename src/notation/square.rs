//! Squares as XBoard writes them in moves: files from `a`, ranks from 1,
//! except on boards of exactly ten ranks, which XBoard numbers 0-9.
//! (Variant files, FENs and the command line number ranks from 1 on every
//! board: that spelling is [`Square`](crate::types::Square)'s own.)

use crate::types::{Geometry, Sq, file_letter};

/// The number XBoard gives the first rank of a board `height` ranks high.
pub fn first_rank_number(height: u8) -> u32 {
    if height == 10 { 0 } else { 1 }
}

/// A square, from its file and rank, as XBoard writes it on a board of
/// `height` ranks.
pub fn coords_text(file: u8, rank: u8, height: u8) -> String {
    format!(
        "{}{}",
        file_letter(file),
        u32::from(rank) + first_rank_number(height)
    )
}

/// A square as XBoard writes it (`??` for a square off the board).
pub fn square_text(g: &Geometry, sq: Sq) -> String {
    match g.coords(sq) {
        Some((f, r)) => coords_text(f, r, g.height),
        None => "??".into(),
    }
}

/// Reads a square in XBoard's numbering; returns it and the bytes used.
pub fn parse_square_text(g: &Geometry, text: &[u8]) -> Option<(Sq, usize)> {
    let file = text.first().filter(|c| c.is_ascii_lowercase())? - b'a';
    let digits = text[1..].iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits > 2 {
        return None;
    }
    let number: u32 = std::str::from_utf8(&text[1..1 + digits])
        .ok()?
        .parse()
        .ok()?;
    let rank = number.checked_sub(first_rank_number(g.height))?;
    (file < g.width && rank < u32::from(g.height)).then(|| (g.sq(file, rank as u8), 1 + digits))
}

/// Reads a whole text as one square in XBoard's numbering.
pub fn parse_square(g: &Geometry, text: &str) -> Option<Sq> {
    parse_square_text(g, text.as_bytes()).and_then(|(sq, n)| (n == text.len()).then_some(sq))
}
