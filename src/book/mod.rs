//! Opening books in the Polyglot format as XBoard extends it to every
//! variant: keys ([`key`]) and move codes ([`moves`]) equal to XBoard's,
//! so that a book Griffon makes plays in XBoard and XBoard's books play in
//! Griffon, and the book file itself ([`file`]).

pub mod file;
pub mod key;
pub mod make;
pub mod moves;
mod random64;
pub mod state;

pub use file::{Book, BookEntry, BookError};
pub use key::BookHasher;
pub use make::{BookMaker, MakeOptions, MakeReport, Weights, merge};
pub use moves::MoveCoding;
pub use state::XBoardState;

use crate::notation::square::coords_text;
use crate::position::Position;
use crate::types::Move;
use crate::variant::Variant;

/// A position's entries in a book, read against its legal moves.
#[derive(Clone, Debug, Default)]
pub struct BookMoves {
    /// The book's moves with their weight and learn field, in file order.
    pub moves: Vec<(Move, BookEntry)>,
    /// Entries whose code is no legal move here: a key collision or a
    /// damaged book. Reported, never played.
    pub illegal: Vec<BookEntry>,
}

/// The book's moves for `pos`, with `extra` the castling rights XBoard
/// holds beyond the position's own; none when the position has no key (a
/// piece XBoard's table lacks). `pos` is only borrowed mutably to try the
/// moves for legality; it is left as it was.
pub fn book_moves(
    book: &Book,
    hasher: &BookHasher,
    pos: &mut Position,
    extra: &XBoardState,
) -> BookMoves {
    let mut out = BookMoves::default();
    let Some(key) = hasher.key(pos, extra) else {
        return out;
    };
    let entries = book.probe(key);
    if entries.is_empty() {
        return out;
    }
    let coding = MoveCoding::new(pos, hasher);
    // The codes to look for: each entry's, and for the shogi family the
    // `+` form XBoard reads other promotion codes as.
    let mut wanted: Vec<u16> = entries.iter().map(|e| e.mv).collect();
    if hasher.shogi_family() {
        wanted.extend(entries.iter().filter_map(|e| coding.as_plus(e.mv)));
    }
    let codes = coding.codes_among(pos, &wanted);
    for &e in entries {
        match coding.find(&codes, e.mv) {
            Some(m) if !out.moves.iter().any(|&(n, _)| n == m) => out.moves.push((m, e)),
            Some(_) => {}
            None => out.illegal.push(e),
        }
    }
    out
}

/// Picks a book move: with `variety` 0 always the heaviest, else at
/// random in proportion to weight raised to the power `100 / variety - 1`
/// (variety 50: in proportion to weight, as XBoard's default; 100: all
/// moves alike). `random` is a uniform draw in `0..1`. Moves of weight 0
/// are never picked.
pub fn choose(moves: &[(Move, BookEntry)], variety: u32, random: f64) -> Option<Move> {
    let best = moves
        .iter()
        .map(|(_, e)| e.weight)
        .max()
        .filter(|&w| w > 0)?;
    if variety == 0 {
        return moves
            .iter()
            .find(|(_, e)| e.weight == best)
            .map(|&(m, _)| m);
    }
    let power = 100.0 / f64::from(variety.min(100)) - 1.0;
    let weights: Vec<f64> = moves
        .iter()
        .map(|(_, e)| {
            if e.weight == 0 {
                0.0
            } else {
                (f64::from(e.weight) / f64::from(best)).powf(power)
            }
        })
        .collect();
    let total: f64 = weights.iter().sum();
    let mut target = random.clamp(0.0, 1.0) * total;
    for (&(m, _), w) in moves.iter().zip(&weights) {
        if *w > 0.0 && target < *w {
            return Some(m);
        }
        target -= w;
    }
    moves
        .iter()
        .rev()
        .zip(weights.iter().rev())
        .find(|(_, w)| **w > 0.0)
        .map(|(&(m, _), _)| m)
}

/// A move code as text without a position, for dumps: `e2e4`, `e7e8q`,
/// `P@e4`, `e1h1` (castling as written), on `variant`'s board.
pub fn code_text(variant: &Variant, code: u16) -> String {
    let (w, h) = (u32::from(variant.width), u32::from(variant.height));
    let size = w * h;
    let code = u32::from(code);
    let p = code / (size * size);
    let from = code / size % size;
    let to = code % size;
    let square = |n: u32| coords_text((n % w) as u8, (n / w) as u8, h as u8);
    match p {
        moves::DROP => format!(
            "{}@{}",
            char::from_u32(from + 64).unwrap_or('?'),
            square(to)
        ),
        _ => {
            let suffix = moves::PROMOTION_CODES
                .chars()
                .nth(p as usize)
                .filter(|&c| c != ' ');
            let mut s = format!("{}{}", square(from), square(to));
            match suffix {
                Some(c) => s.push(c),
                None if p != 0 => s.push_str(&format!("[p{p}]")),
                None => {}
            }
            s
        }
    }
}
