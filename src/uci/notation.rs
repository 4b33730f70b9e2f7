//! Moves as UCI GUIs write them, in Fairy-Stockfish's conventions: the
//! coordinate text the XBoard engine uses, except that ranks count from 1
//! on ten-rank boards too (XBoard counts those from 0: `a0`), castling is
//! the king's two-square move (the king taking its rook in Chess960, or
//! where the king's move alone would read as a plain step), and a pass is
//! the king's square twice (`0000` without a king).

use crate::movegen::legal_moves;
use crate::notation::moves::castling_king_leaps;
use crate::notation::{move_text, square_text};
use crate::position::Position;
use crate::types::{Move, flag};

/// `m` (legal in `pos`) as UCI text; `chess960`: castling as the king
/// taking its rook (`UCI_Chess960`).
pub fn uci_move(pos: &Position, m: Move, chess960: bool) -> String {
    let rules = pos.rules();
    let g = rules.geometry();
    let text = if m.is(flag::CASTLE) {
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
            None => return "0000".into(),
        }
    } else {
        move_text(pos, m)
    };
    if g.height == 10 {
        ranks_from_one(&text)
    } else {
        text
    }
}

/// Ten-rank squares in XBoard's text (ranks 0-9) with ranks counted from 1.
fn ranks_from_one(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    let mut digits = String::new();
    for c in text.chars().chain(std::iter::once('\0')) {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if let Ok(rank) = digits.parse::<u32>() {
            out += &(rank + 1).to_string();
        }
        digits.clear();
        if c != '\0' {
            out.push(c);
        }
    }
    out
}

/// The legal move of `pos` that `text` names in UCI notation; castling is
/// also read as the king taking its rook, a promotion letter in either
/// case, a pass also as `0000` or `@@@@`.
pub fn parse_uci_move(pos: &mut Position, text: &str, chess960: bool) -> Result<Move, String> {
    let moves = legal_moves(pos);
    let exact = |m: &Move| uci_move(pos, *m, chess960) == text;
    let lower = text.to_ascii_lowercase();
    let relaxed = |m: &Move| {
        m.is(flag::CASTLE) && uci_move(pos, *m, true) == text
            || m.is_pass() && !m.is(flag::WALL) && (text == "0000" || text == "@@@@")
            || !m.is(flag::DROP) && uci_move(pos, *m, chess960).to_ascii_lowercase() == lower
    };
    let found = moves
        .iter()
        .find(|m| exact(m))
        .or_else(|| moves.iter().find(|m| relaxed(m)))
        .copied();
    found.ok_or_else(|| {
        if moves.is_empty() {
            format!("no legal moves: {text}")
        } else {
            format!("illegal move: {text}")
        }
    })
}
