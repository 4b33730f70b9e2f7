//! The network's inputs for one variant: which pieces stand where, and
//! how many of each the holdings keep, as seen from each side.
//!
//! A board feature is (own or enemy piece, role, cell), with the cell
//! counted from the viewer's side of the board: Black's view mirrors the
//! ranks where the start position is symmetric that way (chess, xiangqi)
//! and turns the board half around where it is symmetric under a half
//! turn (shogi), so one set of weights serves both sides. A holdings
//! feature says "at least k pieces of this role in hand", k = 1 to
//! [`HAND_STEPS`]: one more piece in hand switches on one more feature.

use crate::position::{Position, Rules};
use crate::types::{Color, Role, Sq};

/// Pieces of one role in hand beyond this count add nothing more.
pub const HAND_STEPS: usize = 16;

/// The input layout of a variant's network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub width: u8,
    pub height: u8,
    pub roles: usize,
    /// Black's view turns the board half around instead of mirroring it.
    pub rotate: bool,
    /// The variant keeps pieces in hand (holdings features exist).
    pub hand: bool,
    /// Per padded square: its cell (rank * width + file) from White's
    /// side, `u16::MAX` off the board.
    pub(super) cell: Box<[u16]>,
}

impl Layout {
    pub fn new(rules: &Rules) -> Layout {
        let g = rules.geometry();
        let mut cell = vec![u16::MAX; g.size];
        for sq in g.squares() {
            if let Some((x, y)) = g.coords(sq) {
                cell[usize::from(sq)] = u16::from(y) * u16::from(g.width) + u16::from(x);
            }
        }
        Layout {
            width: g.width,
            height: g.height,
            roles: rules.variant.pieces.len(),
            rotate: !mirror_symmetric(rules) && rotation_symmetric(rules),
            hand: rules.holdings,
            cell: cell.into_boxed_slice(),
        }
    }

    pub fn cells(&self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }

    fn board_features(&self) -> usize {
        2 * self.roles * self.cells()
    }

    /// Number of input features.
    pub fn features(&self) -> usize {
        self.board_features()
            + if self.hand {
                2 * self.roles * HAND_STEPS
            } else {
                0
            }
    }

    /// The cell of a padded square, from White's side.
    #[inline]
    pub fn cell(&self, sq: Sq) -> usize {
        usize::from(self.cell[usize::from(sq)])
    }

    /// A cell (from White's side) as `view` sees it.
    #[inline]
    fn view_cell(&self, view: Color, cell: usize) -> usize {
        match view {
            Color::White => cell,
            Color::Black if self.rotate => self.cells() - 1 - cell,
            Color::Black => {
                let w = usize::from(self.width);
                (usize::from(self.height) - 1 - cell / w) * w + cell % w
            }
        }
    }

    /// The feature of a piece of `color` and `role` on `cell` (counted
    /// from White's side), seen by `view`.
    #[inline]
    pub fn piece(&self, view: Color, color: Color, role: Role, cell: usize) -> usize {
        let theirs = usize::from(color != view);
        (theirs * self.roles + usize::from(role.0)) * self.cells() + self.view_cell(view, cell)
    }

    /// The feature "`color` holds at least `step` pieces of `role`"
    /// (`step` from 1 to [`HAND_STEPS`]), seen by `view`.
    #[inline]
    pub fn hand(&self, view: Color, color: Color, role: Role, step: usize) -> usize {
        let theirs = usize::from(color != view);
        self.board_features()
            + (theirs * self.roles + usize::from(role.0)) * HAND_STEPS
            + (step - 1)
    }

    /// Calls `f` with every active feature of `pos` seen by `view`.
    pub fn for_each_active(&self, pos: &Position, view: Color, mut f: impl FnMut(usize)) {
        for color in Color::BOTH {
            for (_, s) in pos.pieces(color) {
                f(self.piece(view, color, s.role, self.cell(s.sq)));
            }
            if self.hand {
                for (r, &n) in pos.holdings(color).iter().enumerate() {
                    for step in 1..=usize::from(n).min(HAND_STEPS) {
                        f(self.hand(view, color, Role(r as u8), step));
                    }
                }
            }
        }
    }
}

/// Each piece of the start position faces one of the other colour on the
/// same file, on the mirrored rank (chess, xiangqi).
fn mirror_symmetric(rules: &Rules) -> bool {
    symmetric(rules, |_, h, x, y| (x, h - 1 - y))
}

/// Each piece of the start position faces one of the other colour on the
/// square the half turn takes it to (shogi).
fn rotation_symmetric(rules: &Rules) -> bool {
    symmetric(rules, |w, h, x, y| (w - 1 - x, h - 1 - y))
}

fn symmetric(rules: &Rules, image: impl Fn(usize, usize, usize, usize) -> (usize, usize)) -> bool {
    let start = &rules.variant.start;
    let (w, h) = (
        usize::from(rules.geometry().width),
        usize::from(rules.geometry().height),
    );
    let at = |x: usize, y: usize| start.board.get(y * w + x).copied().flatten();
    (0..h).all(|y| {
        (0..w).all(|x| {
            let (ix, iy) = image(w, h, x, y);
            match (at(x, y), at(ix, iy)) {
                (None, None) => true,
                (Some(a), Some(b)) => a.role == b.role && a.color != b.color,
                _ => false,
            }
        })
    })
}
