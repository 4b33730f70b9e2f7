//! Positions from SFEN, the FEN of USI: `BOARD SIDE HAND [PLY]`. The
//! board is written as in a FEN (promoted pieces as `+P`), the side to
//! move is `b` for the first player (sente, which FENs call white), the
//! pieces in hand are letters with counts (`2Pb`, or `-`), and the move
//! number counts plies from 1. An SFEN is rewritten as the FEN it stands
//! for, so that one reader checks both.

use super::{MAX_IN_HAND, Position, PositionError, Rules};
use crate::variant::FenError;
use std::sync::Arc;

impl Position {
    /// Read an SFEN of this variant.
    pub fn from_sfen(rules: Arc<Rules>, sfen: &str) -> Result<Position, PositionError> {
        Position::from_fen(rules, &sfen_to_fen(sfen)?)
    }
}

/// The FEN an SFEN stands for (without castling or en passant rights,
/// which SFEN cannot give).
fn sfen_to_fen(sfen: &str) -> Result<String, PositionError> {
    let malformed = |e: FenError| PositionError::Fen(vec![e]);
    let mut fields = sfen.split_whitespace();
    let (Some(board), Some(side), Some(hand)) = (fields.next(), fields.next(), fields.next())
    else {
        return Err(malformed(FenError::MissingFields));
    };
    if board.contains('[') {
        return Err(malformed(FenError::BadHoldings(format!(
            "an SFEN gives the pieces in hand after the side to move: {board}"
        ))));
    }
    // SFEN's `b` (sente) moves first: a FEN's `w`.
    let first_to_move = match side {
        "b" => true,
        "w" => false,
        _ => return Err(malformed(FenError::BadSideToMove(side.to_string()))),
    };
    let holdings = hand_letters(hand).map_err(|e| malformed(FenError::BadHoldings(e)))?;
    let ply: u32 = match fields.next() {
        None => 1,
        Some(n) => n
            .parse()
            .map_err(|_| malformed(FenError::BadHoldings(format!("not a move number: {n}"))))?,
    };
    if let Some(extra) = fields.next() {
        return Err(malformed(FenError::BadHoldings(format!(
            "text after the move number: {extra}"
        ))));
    }
    // Plies played before this position; the second player's moves end
    // each full move.
    let played = ply.saturating_sub(1);
    let full_move = 1 + (played - u32::from(!first_to_move).min(played)) / 2;
    let side = if first_to_move { 'w' } else { 'b' };
    let holdings = if holdings.is_empty() {
        String::new()
    } else {
        format!("[{holdings}]")
    };
    Ok(format!("{board}{holdings} {side} - - 0 {full_move}"))
}

/// SFEN's pieces in hand (`2Pb`, `-`) as a FEN's holdings (`PPb`).
fn hand_letters(hand: &str) -> Result<String, String> {
    if hand == "-" {
        return Ok(String::new());
    }
    let mut letters = String::new();
    let mut count: Option<usize> = None;
    for c in hand.chars() {
        if let Some(d) = c.to_digit(10) {
            let n = count.unwrap_or(0) * 10 + d as usize;
            if n > MAX_IN_HAND as usize {
                return Err(format!(
                    "more than {MAX_IN_HAND} of a piece in hand: {hand}"
                ));
            }
            count = Some(n);
        } else if c.is_ascii_alphabetic() {
            let n = count.take().unwrap_or(1);
            letters.extend(std::iter::repeat_n(c, n));
        } else {
            return Err(format!("not a piece in hand: {c} in {hand}"));
        }
    }
    if count.is_some() {
        return Err(format!("a count without its piece: {hand}"));
    }
    Ok(letters)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sfen_fields_become_fen_fields() {
        // Fairy-Stockfish's `get_fen(..., sfen=True)` and plain FEN for the
        // same shogi position (c3c4 g7g6 b2g7+ h8g7).
        let board = "lnsgkgsnl/1r7/ppppppbpp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL";
        assert_eq!(
            sfen_to_fen(&format!("{board} b b 5")).unwrap(),
            format!("{board}[b] w - - 0 3")
        );
        assert_eq!(
            sfen_to_fen(&format!("{board} w 2P10p 2")).unwrap(),
            format!("{board}[PPpppppppppp] b - - 0 1")
        );
        assert_eq!(
            sfen_to_fen(&format!("{board} w -")).unwrap(),
            format!("{board} b - - 0 1")
        );
        for bad in [
            "",
            board,
            &format!("{board} x -"),
            &format!("{board} b 2"),
            &format!("{board} b P@"),
            &format!("{board} b 99999999999999P"),
            &format!("{board} b - one"),
            &format!("{board} b - 1 2"),
            &format!("{board}[P] b - 1"),
        ] {
            assert!(sfen_to_fen(bad).is_err(), "{bad}");
        }
    }
}
