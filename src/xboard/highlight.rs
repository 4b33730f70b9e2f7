//! XBoard's piece dragging: when the user lifts a piece (`lift SQUARE`),
//! the engine answers with a `highlight` board of where it may go (yellow
//! for moves, red for captures, cyan where a multi-leg move turns); when
//! a multi-leg move's first leg was put down (`put SQUARE`) and the piece
//! is lifted again there, the board shows where the second leg may go.

use super::protocol::parse_wire_square;
use crate::game::Game;
use crate::position::Position;
use crate::types::{Move, Sq, flag};

/// The squares of the last `lift` and `put`.
#[derive(Default)]
pub(super) struct Drag {
    lifted: Option<Sq>,
    put: Option<Sq>,
}

impl Drag {
    /// `lift TEXT`: the `highlight` board to send, `None` for a square
    /// off the board. XBoard names a holdings square by its column beside
    /// the board (`g3` on a 5x5 board): nothing to highlight there.
    pub(super) fn lift(&mut self, game: &mut Game, text: &str) -> Option<String> {
        let g = game.position().rules().geometry().clone();
        let sq = parse_wire_square(&g, text)?;
        let legal = game.legal_moves();
        // Lifting the piece again on the square where the first leg of a
        // multi-leg move was put down: show where the second leg may go.
        let second_leg = match self.lifted {
            Some(from) if self.put == Some(sq) && !legal.iter().any(|m| m.from() == sq) => {
                Some(from)
            }
            _ => None,
        };
        let board = match second_leg {
            Some(from) => highlight_second_leg(game.position(), &legal, from, sq),
            None => {
                self.lifted = Some(sq);
                highlight(game.position(), &legal, sq)
            }
        };
        self.put = None;
        Some(board)
    }

    /// `put TEXT` (a trailing comma: XBoard's "Ctrl held", more legs
    /// follow); false for a square off the board.
    pub(super) fn put(&mut self, game: &Game, text: &str) -> bool {
        let g = game.position().rules().geometry();
        self.put = parse_wire_square(g, text.trim_end_matches(','));
        self.put.is_some()
    }
}

/// The `highlight` board for a lifted piece: yellow for moves, red for
/// captures, cyan for the squares where a multi-leg move turns.
fn highlight(pos: &Position, moves: &[Move], from: Sq) -> String {
    let g = pos.rules().geometry();
    let mut marks = vec![None; g.size];
    for m in moves.iter().filter(|m| m.from() == from) {
        let to = if m.is(flag::CASTLE) && pos.rules().variant.chess960 {
            m.aux()
        } else {
            m.to()
        };
        let capture = m.is(flag::CAPTURE | flag::EP);
        // `M`: XBoard asks whether to promote (shogi-style, optional).
        let optional_promotion = m.promotion().is_some()
            && moves.iter().any(|o| {
                o.from() == m.from()
                    && o.to() == m.to()
                    && o.aux() == m.aux()
                    && o.promotion().is_none()
            })
            && pos
                .rules()
                .variant
                .promotion
                .promoted_type
                .iter()
                .any(Option::is_some);
        let mark = if optional_promotion {
            'M'
        } else if capture {
            'R'
        } else {
            'Y'
        };
        if !matches!(marks[usize::from(to)], Some('R' | 'M')) {
            marks[usize::from(to)] = Some(mark);
        }
        if m.is(flag::LOCUST) {
            marks[usize::from(m.aux())] = Some('C');
        }
    }
    g.fen_placement(|sq| marks[usize::from(sq)].map(String::from))
}

/// The `highlight` board for the second leg of a multi-leg move that
/// started on `from` and was put down on `via`: where it may go on.
fn highlight_second_leg(pos: &Position, moves: &[Move], from: Sq, via: Sq) -> String {
    let g = pos.rules().geometry();
    let mut marks = vec![None; g.size];
    for m in moves.iter().filter(|m| m.from() == from) {
        if m.is(flag::LOCUST) && m.aux() == via {
            let occupied = m.to() != from && pos.piece_on(m.to()).is_some();
            let mark = if occupied || m.to() == from { 'R' } else { 'Y' };
            marks[usize::from(m.to())] = Some(mark);
        } else if !m.is(flag::LOCUST) && m.to() == via && m.is(flag::CAPTURE) {
            // Stopping on the victim's square.
            marks[usize::from(via)] = Some('R');
        }
    }
    g.fen_placement(|sq| marks[usize::from(sq)].map(String::from))
}
