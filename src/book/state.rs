//! What XBoard's book key hashes of a game that a Griffon position does
//! not hold: castling rights beyond the position's own, and the holdings
//! where XBoard keeps captured pieces for promotion.
//!
//! **Castling.** XBoard gives a game that starts from its own setup
//! (`InitPosition`) castling rights on both corners and on the middle file
//! of each side's back rank (`BOARD_WIDTH >> 1`), whatever stands there,
//! and takes a right away only when a move starts or ends on its square.
//! Its key hashes the king-side key while the middle-file and right-hand
//! corner rights last, the queen-side key while the middle-file and
//! left-hand ones do. In chess this is the usual rule. It differs where
//! the corner piece cannot castle or the side cannot castle at all:
//! Superchess's shuffled exo-pieces in the corners, Black's lieutenants in
//! Spartan, suicide and Great Shatranj, which have no castling. A
//! position XBoard reads from a FEN gets only the rights that have a king
//! and rook for them, as Griffon's do; but XBoard writes the rights of its
//! own setup into the FENs it sends (`setboard`) and saves (`[FEN]`), so
//! the `KQkq` letters of a FEN are XBoard's rights.
//!
//! **Holdings.** In grand and Great Shatranj XBoard puts a captured piece,
//! pawns included, into its owner's holdings, and a promotion takes the
//! new piece from there; Great Shatranj starts with nine men in each.
//! Griffon's variants have no holdings for this (grand limits promotions
//! by counting instead), so the pieces are kept here and added to the key
//! as XBoard adds its holdings.
//!
//! Each rule was measured against XBoard 4.9.1's keys along games
//! (`BENCHMARKS.md`, `tests/book.rs`). Which variants they apply to is
//! variant data: [`crate::variant::XBoardInfo`]'s `start_castling` and
//! `promotion_holdings`.

use crate::position::Position;
use crate::types::{Color, Move, Sq};
use crate::variant::FenFields;

use super::random64::RANDOM64;

/// The castling rights and pieces in hand XBoard holds beyond a position's
/// own, along a game: the start's, then [`XBoardState::play`] per move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct XBoardState {
    /// Per colour, king side then queen side: the two squares whose rights
    /// the key needs (the corner, the middle of the back rank), while they
    /// last.
    wings: [[Option<[Sq; 2]>; 2]; 2],
    /// Per colour and role: pieces in XBoard's holdings that the position
    /// does not have in hand; empty where XBoard keeps none of its own.
    hand: [Vec<u32>; 2],
}

impl XBoardState {
    /// XBoard's state at the start of a game from the variant's own setup
    /// (XBoard's `new` without `setboard`); `pos` is that position.
    pub fn at_start(pos: &Position) -> XBoardState {
        let v = &pos.rules().variant;
        let field = v
            .xboard
            .start_castling
            .or_else(|| FenFields::split(&v.start.fen).ok()?.castling)
            .unwrap_or("-");
        let hand = v.xboard.promotion_holdings.unwrap_or("");
        Self::new(pos, field, hand)
    }

    /// XBoard's state in a position given as `fen` (`pos` read from it):
    /// the castling rights its `KQkq` letters name that `pos` does not
    /// hold (file letters, Shredder-FEN, name rights Griffon reads as
    /// XBoard does), and its holdings where XBoard has them and Griffon's
    /// variant does not.
    pub fn from_fen(pos: &Position, fen: &str) -> XBoardState {
        let (castling, hand) = match FenFields::split(fen) {
            Ok(f) => (f.castling, f.holdings.or(f.unclosed_holdings)),
            Err(_) => (None, None),
        };
        Self::new(pos, castling.unwrap_or("-"), hand.unwrap_or(""))
    }

    fn new(pos: &Position, castling: &str, hand: &str) -> XBoardState {
        let mut out = XBoardState::default();
        let g = pos.rules().geometry();
        for c in castling.chars() {
            let (color, kingside) = match c {
                'K' => (Color::White, true),
                'Q' => (Color::White, false),
                'k' => (Color::Black, true),
                'q' => (Color::Black, false),
                _ => continue,
            };
            if has_wing(pos, color, kingside) {
                continue;
            }
            let rank = if color == Color::White {
                0
            } else {
                g.height - 1
            };
            let corner = if kingside { g.width - 1 } else { 0 };
            out.wings[color.index()][usize::from(!kingside)] =
                Some([g.sq(corner, rank), g.sq(g.width / 2, rank)]);
        }
        if keeps_promotion_holdings(pos) {
            let v = &pos.rules().variant;
            out.hand = [vec![0; v.pieces.len()], vec![0; v.pieces.len()]];
            for c in hand.chars() {
                let found = v.pieces.iter().enumerate().find_map(|(r, p)| {
                    Color::BOTH
                        .into_iter()
                        .find(|&col| p.letter.for_color(col) == c.to_string())
                        .map(|col| (col, r))
                });
                if let Some((col, r)) = found {
                    out.hand[col.index()][r] += 1;
                }
            }
        }
        out
    }

    /// After `m` is played in `before`: a castling right goes when the
    /// move starts or ends on one of its squares (a drop starts nowhere on
    /// the board); captured pieces join their owner's holdings, and a
    /// promotion takes its piece from the mover's.
    pub fn play(&mut self, before: &Position, m: Move) {
        let touched = |s: Sq| s == m.to() || (!m.is_drop() && s == m.from());
        for side in &mut self.wings {
            for wing in side.iter_mut() {
                if wing.is_some_and(|squares| squares.iter().any(|&s| touched(s))) {
                    *wing = None;
                }
            }
        }
        if self.hand[0].is_empty() {
            return;
        }
        let us = before.side_to_move();
        let them = us.opponent();
        let mut after = before.clone();
        after.make(m);
        let (was, is) = (role_counts(before, them), role_counts(&after, them));
        for (r, (a, b)) in was.iter().zip(&is).enumerate() {
            self.hand[them.index()][r] += a.saturating_sub(*b);
        }
        if let Some(p) = m.promotion() {
            let n = &mut self.hand[us.index()][usize::from(p.0)];
            *n = n.saturating_sub(1);
        }
    }

    /// The Polyglot castling keys of the rights still held.
    pub fn castling_key(&self) -> u64 {
        let mut key = 0;
        for (c, side) in self.wings.iter().enumerate() {
            for (w, wing) in side.iter().enumerate() {
                if wing.is_some() {
                    key ^= RANDOM64[768 + 2 * c + w];
                }
            }
        }
        key
    }

    /// Pieces of `role` (an index into the variant's pieces) that XBoard
    /// holds in `color`'s hand beyond the position's.
    pub fn in_hand(&self, color: Color, role: usize) -> u32 {
        self.hand[color.index()].get(role).copied().unwrap_or(0)
    }
}

/// XBoard keeps captured pieces for promotion in this variant, and
/// Griffon's does not keep them in hand itself.
fn keeps_promotion_holdings(pos: &Position) -> bool {
    let v = &pos.rules().variant;
    v.xboard.promotion_holdings.is_some()
        && !v.drops.captures_to_owners_hand
        && !v.drops.captures_to_hand
}

/// How many pieces of each role `color` has on the board.
fn role_counts(pos: &Position, color: Color) -> Vec<u32> {
    let mut n = vec![0; pos.rules().variant.pieces.len()];
    for (_, s) in pos.pieces(color) {
        if let Some(c) = n.get_mut(usize::from(s.role.0)) {
            *c += 1;
        }
    }
    n
}

/// Whether `color` holds a castling right on the king's right (`kingside`)
/// or left in `pos`.
fn has_wing(pos: &Position, color: Color, kingside: bool) -> bool {
    let rights = pos.castling_rights(color);
    if rights == 0 {
        return false;
    }
    let g = pos.rules().geometry();
    let Some((kx, _)) = pos.castling_king(color).and_then(|k| g.coords(k)) else {
        return false;
    };
    (0..g.width.min(32))
        .filter(|&f| rights & (1 << f) != 0)
        .any(|f| if kingside { f > kx } else { f < kx })
}
