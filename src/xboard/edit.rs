//! XBoard's legacy `edit` mode: after `edit`, every line edits a board
//! until `.`: `c` switches colour, `Pa4` puts a piece, `xa4` empties a
//! square, `#` clears the board. At `.` the board becomes the position
//! (if it is a valid one; else an error, and the game stays as it was).

use super::protocol::parse_wire_square;
use crate::position::Position;
use crate::types::{Color, Geometry};

/// The board being set up.
pub(super) struct Edit {
    /// The colour of the pieces `Pa4` puts.
    color: Color,
    /// Dense squares, FEN letters.
    board: Vec<Option<String>>,
}

/// A line that is no edit command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct BadEditCommand;

impl Edit {
    /// Starts from the pieces of `pos`, with White to put.
    pub(super) fn start(pos: &Position) -> Edit {
        let g = pos.rules().geometry();
        let variant = &pos.rules().variant;
        let mut board = vec![None; g.area()];
        for sq in g.squares() {
            if let (Some((c, p)), Some(i)) = (pos.piece_on(sq), g.dense(sq)) {
                board[i] = Some(variant.piece(p.role).letter.for_color(c));
            }
        }
        Edit {
            color: Color::White,
            board,
        }
    }

    /// One edit command other than `.` on a board of geometry `g`.
    pub(super) fn command(&mut self, line: &str, g: &Geometry) -> Result<(), BadEditCommand> {
        match line {
            "c" => self.color = self.color.opponent(),
            "#" => self.board.iter_mut().for_each(|b| *b = None),
            _ => {
                // The piece letter is the first character, whatever its
                // width in bytes (hostile input is not ASCII).
                let first = line.chars().next().map_or(0, char::len_utf8);
                let (piece, square) = line.split_at(first);
                let Some(i) = parse_wire_square(g, square).and_then(|sq| g.dense(sq)) else {
                    return Err(BadEditCommand);
                };
                let letter = if self.color == Color::White {
                    piece.to_uppercase()
                } else {
                    piece.to_lowercase()
                };
                self.board[i] = if piece == "x" || piece == "X" {
                    None
                } else {
                    Some(letter)
                };
            }
        }
        Ok(())
    }

    /// The FEN of the board with `side` to move, no castling or e.p.
    pub(super) fn fen(&self, g: &Geometry, side: Color) -> String {
        let side = if side == Color::White { "w" } else { "b" };
        let placement = g.fen_placement(|sq| g.dense(sq).and_then(|i| self.board[i].clone()));
        format!("{placement} {side} - - 0 1")
    }
}
