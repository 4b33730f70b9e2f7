//! The rights a move gives or ends, other than the move itself:
//! castling rights (ended by the king's move or a partner's, given by a
//! dropped king or rook where `castlingDroppedPiece` says so, ended on the
//! other side by castling under `oppositeCastling`) and Seirawan gates
//! (closed when their piece leaves or is taken, a Cambodian king's leap
//! ended by a rook's check). Make calls these; unmake restores the masks
//! from its record.

use super::Position;
use crate::types::{Color, Move, Role, Sq, flag};

impl Position {
    /// Gates close where their pieces left or were taken (`left`); in
    /// Cambodian rules a rook (of `role`, now on `to`) checking the king
    /// on its start square also ends the king's leap.
    pub(super) fn close_gates(&mut self, us: Color, left: &[Sq], role: Role, to: Sq) {
        let g = self.rules.geometry();
        for &sq in left {
            if let Some((f, r)) = g.coords(sq) {
                for col in Color::BOTH {
                    if r == Self::gate_rank(g, col) {
                        self.gates[col.index()] &= !(1 << f);
                    }
                }
            }
        }
        if self.rules.variant.drops.cambodian_moves {
            self.rook_takes_king_leap(us, role, to);
        }
    }

    /// Castling rights after `m` by `us`: the castling king's move ends
    /// them all (`king_moved`); a move from or onto a partner's square
    /// (`touched`) ends that one; under `oppositeCastling` castling ends
    /// the opponent's castling on the same side.
    pub(super) fn end_castling_rights(
        &mut self,
        us: Color,
        m: Move,
        king_moved: bool,
        touched: &[Sq],
    ) {
        let Some(c) = &self.rules.castling else {
            return;
        };
        if king_moved {
            self.castle[us.index()] = 0;
        }
        let opposite = self
            .rules
            .variant
            .castling
            .as_ref()
            .is_some_and(|v| v.opposite);
        if opposite && m.is(flag::CASTLE) {
            let them = us.opponent();
            let (kingside, queenside) = self.castling_side_masks(them);
            self.castle[them.index()] &= if m.aux() > m.from() {
                !kingside
            } else {
                !queenside
            };
        }
        let g = self.rules.geometry();
        for &s in touched {
            if let Some((f, r)) = g.coords(s) {
                for col in Color::BOTH {
                    if r == c.rank[col.index()] {
                        self.castle[col.index()] &= !(1 << f);
                    }
                }
            }
        }
    }

    /// Cambodian chess: a rook of `us` that moved to `to`, on the file or
    /// rank of the enemy king still on its gate, takes the king's leap
    /// (Fairy-Stockfish counts the line as if the board were empty).
    fn rook_takes_king_leap(&mut self, us: Color, role: Role, to: Sq) {
        if self.rules.variant.pieces[usize::from(role.0)].key != "rook" {
            return;
        }
        let them = us.opponent();
        let g = self.rules.geometry();
        let (Some(king), Some((tf, tr))) = (self.royals(them).next(), g.coords(to)) else {
            return;
        };
        let Some((kf, kr)) = g.coords(king) else {
            return;
        };
        if kr == Self::gate_rank(g, them)
            && self.gates[them.index()] & (1 << kf) != 0
            && (kf == tf || kr == tr)
        {
            self.gates[them.index()] &= !(1 << kf);
        }
    }

    /// `castlingDroppedPiece`: a castling king dropped on its start square
    /// gains the rights of the castling rooks in the corners of its rank;
    /// a castling rook dropped in a corner, with the king already there,
    /// gains its own.
    pub(super) fn castle_dropped(&mut self, us: Color, placed: Role, to: Sq) {
        let (Some(c), Some(v)) = (
            self.rules.castling.as_ref(),
            self.rules.variant.castling.as_ref(),
        ) else {
            return;
        };
        let g = self.rules.geometry();
        let rank = c.rank[us.index()];
        let Some((file, r)) = g.coords(to) else {
            return;
        };
        if r != rank {
            return;
        }
        let corners = [0, g.width - 1];
        let ours = |sq: Sq, pred: &dyn Fn(Role) -> bool| {
            self.piece_on(sq)
                .is_some_and(|(col, p)| col == us && pred(p.role))
        };
        let is_rook = |role: Role| c.rook_role[us.index()][usize::from(role.0)];
        let is_king = |role: Role| role == c.king_role[us.index()];
        let mut gained = 0u32;
        if is_king(placed) && file == v.king_file {
            for f in corners {
                if ours(g.sq(f, rank), &is_rook) {
                    gained |= 1 << f;
                }
            }
        } else if is_rook(placed)
            && corners.contains(&file)
            && ours(g.sq(v.king_file, rank), &is_king)
        {
            gained |= 1 << file;
        }
        self.castle[us.index()] |= gained;
    }
}
