//! A scratch board: a position made to hold a handful of men, for
//! analyses that try many small configurations (dead positions) without
//! building a new position each time.

use super::{EpState, NO_SLOT, Position, Slot};
use crate::types::{Color, Role, SLOTS_PER_SIDE, Sq};

impl Position {
    /// Make this position hold exactly `men`, `side` to move, with no
    /// castling or e.p. rights: a scratch board for analysing small
    /// configurations without building a new position each time.
    pub(crate) fn set_pieces(&mut self, men: &[(Color, Role, Sq)], side: Color) {
        for sq in self.rules.geometry().squares() {
            self.board[usize::from(sq)] = 0;
        }
        self.slots = [NO_SLOT; super::SLOTS];
        self.alive = [0; 2];
        self.royal_slots = [0; 2];
        self.watched_slots = [0; 2];
        let mut next = [0usize; 2];
        for &(color, role, sq) in men {
            let c = color.index();
            let slot = c * SLOTS_PER_SIDE + next[c];
            next[c] += 1;
            self.set_slot(slot, Slot::placed(sq, role));
            self.alive[c] |= 1 << (slot % SLOTS_PER_SIDE);
            self.board[usize::from(sq)] = (slot + 1) as u8;
        }
        self.side = side;
        self.castle = [0; 2];
        self.ep = EpState::default();
        self.halfmove = 0;
        self.reversible = 0;
        self.counting = Default::default();
        self.saved.clear();
        self.rebuild();
    }
}
