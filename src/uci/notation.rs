//! Moves as the UCI family writes them, in Fairy-Stockfish's
//! conventions. The text is XBoard's coordinate text with its squares
//! respelled for the dialect ([`Dialect::square`]): UCI counts ranks from
//! 1 on ten-rank boards too (XBoard counts those from 0: `a0`), UCCI keeps
//! XBoard's numbering, USI counts files from the right and letters ranks
//! from the top and drops with `*` (`7g7f`, `P*5e`, `8h2b+`). As in
//! Fairy-Stockfish's UCI, castling is the king's two-square move (the king
//! taking its rook in Chess960, or where the king's move alone would read
//! as a plain step), a pass is the king's square twice (`0000` without a
//! king), and a Kyoto shogi piece that turns back as it moves ends its
//! move with `-`.

use crate::movegen::legal_moves;
use crate::notation::moves::{castling_king_leaps, promotion_suffix};
use crate::notation::{move_text, parse_square_text, square_text};
use crate::position::Position;
use crate::types::{Geometry, Move, flag};

pub use super::dialect::Dialect;

/// `m` (legal in `pos`) as UCI text; `chess960`: castling as the king
/// taking its rook (`UCI_Chess960`).
pub fn uci_move(pos: &Position, m: Move, chess960: bool) -> String {
    dialect_move(pos, m, Dialect::Uci, chess960)
}

/// `m` (legal in `pos`) as `dialect` writes it.
pub fn dialect_move(pos: &Position, m: Move, dialect: Dialect, chess960: bool) -> String {
    let text = coordinate_move(pos, m, chess960);
    match dialect {
        // XBoard's numbering is UCCI's.
        Dialect::Ucci => text,
        _ => respell(pos.rules().geometry(), &text, dialect),
    }
}

/// `m` in XBoard's coordinates with Fairy-Stockfish's UCI castling and
/// pass.
fn coordinate_move(pos: &Position, m: Move, chess960: bool) -> String {
    let rules = pos.rules();
    let g = rules.geometry();
    if m.is(flag::CASTLE) {
        let takes_rook = chess960 || rules.variant.chess960 || !castling_king_leaps(g, m);
        let to = if takes_rook { m.aux() } else { m.to() };
        let mut s = square_text(g, m.from()) + &square_text(g, to);
        if let Some(cell) = m.wall_cell() {
            s += &format!(
                ",{}{}",
                square_text(g, m.to()),
                square_text(g, g.cell_square(cell))
            );
        }
        s
    } else if m.is_pass() && !m.is(flag::WALL) {
        match pos.royals(pos.side_to_move()).next() {
            Some(king) => square_text(g, king).repeat(2),
            None => "0000".into(),
        }
    } else {
        let text = move_text(pos, m);
        match demotion_suffix(pos, m).and_then(|letter| text.strip_suffix(&letter)) {
            Some(squares) => format!("{squares}-"),
            None => text,
        }
    }
}

/// The letter XBoard's text ends a demotion with (Kyoto shogi's promoted
/// piece turning back as it moves), which Fairy-Stockfish writes as `-`.
fn demotion_suffix(pos: &Position, m: Move) -> Option<String> {
    let to = m.promotion()?;
    if m.is(flag::DROP) {
        return None;
    }
    let (_, slot) = pos.piece_on(m.from())?;
    let rules = pos.rules();
    (rules.demoted_type.get(usize::from(slot.role.0))? == &Some(to))
        .then(|| promotion_suffix(rules, Some(slot.role), to))
}

/// XBoard's move `text` with each square as `dialect` writes it and its
/// drop mark. Squares are a lower-case file letter and digits; piece
/// letters (`P@`, `e7e8q`, `b1c3h`) are never followed by digits.
fn respell(g: &Geometry, text: &str, dialect: Dialect) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 2);
    let mut i = 0;
    while i < bytes.len() {
        if let Some((sq, n)) = parse_square_text(g, &bytes[i..]) {
            out.push_str(&dialect.square(g, sq));
            i += n;
            continue;
        }
        let c = char::from(bytes[i]);
        out.push(if c == '@' { dialect.drop_mark() } else { c });
        i += 1;
    }
    out
}

/// The legal move of `pos` that `text` names in UCI notation; castling is
/// also read as the king taking its rook, a promotion letter in either
/// case, a pass also as `0000` or `@@@@`.
pub fn parse_uci_move(pos: &mut Position, text: &str, chess960: bool) -> Result<Move, String> {
    parse_dialect_move(pos, text, Dialect::Uci, chess960)
}

/// The legal move of `pos` that `text` names in `dialect`'s notation,
/// read as [`parse_uci_move`] reads UCI; USI's `=` after a move that
/// declines to promote is also read, as Fairy-Stockfish reads it.
pub fn parse_dialect_move(
    pos: &mut Position,
    text: &str,
    dialect: Dialect,
    chess960: bool,
) -> Result<Move, String> {
    let moves = legal_moves(pos);
    let given = text;
    let text = match text.strip_suffix('=') {
        Some(t) if dialect == Dialect::Usi && !t.contains('*') => t,
        _ => text,
    };
    let write = |m: Move, chess960: bool| dialect_move(pos, m, dialect, chess960);
    let exact = |m: &Move| write(*m, chess960) == text;
    let lower = text.to_ascii_lowercase();
    let relaxed = |m: &Move| {
        m.is(flag::CASTLE) && write(*m, true) == text
            || m.is_pass() && !m.is(flag::WALL) && (text == "0000" || text == "@@@@")
            || !m.is(flag::DROP) && write(*m, chess960).to_ascii_lowercase() == lower
    };
    let found = moves
        .iter()
        .find(|m| exact(m))
        .or_else(|| moves.iter().find(|m| relaxed(m)))
        .copied();
    found.ok_or_else(|| {
        if moves.is_empty() {
            format!("no legal moves: {given}")
        } else {
            format!("illegal move: {given}")
        }
    })
}
