//! Legality in check from the attack map: most pseudo-legal moves in
//! check leave a checker's walk as it was, and are ruled out without
//! being made.

use super::{Legality, slot_bit};
use crate::position::Position;
use crate::types::{Move, flag};

impl Legality {
    /// The verdict on `m` while our king is in check (`giving_check`
    /// set): illegal for certain if some checker survives the move with
    /// its walk unchanged (not captured, and visiting neither the square
    /// the move fills nor the one it empties: a walk depends only on the
    /// squares it visits), or if the king steps onto an attacked square
    /// where enemy walks are monotone; otherwise made and looked at. Most
    /// pseudo-legal moves in check are thus rejected without being
    /// made.
    pub(super) fn evasion_verdict(&self, pos: &Position, m: Move) -> Option<bool> {
        if m.is(flag::EP | flag::CASTLE | flag::LOCUST | flag::GATE | flag::WALL) || m.is_pass() {
            return None;
        }
        let them = pos.side_to_move().opponent();
        let to = m.to();
        let mut changed = pos.touched_by(to, them);
        if !m.is_drop() {
            if m.from() == self.king {
                // Leaving the king's square only lengthens monotone
                // walks, and a capture there leaves the square occupied:
                // an attacked destination stays attacked.
                return (self.monotone && pos.attacked_by(to, them)).then_some(false);
            }
            changed |= pos.touched_by(m.from(), them);
        }
        if m.is(flag::CAPTURE)
            && let Some(slot) = pos.slot_at(to)
        {
            changed |= slot_bit(them, slot);
        }
        let untouched = self.giving_check & !changed;
        (untouched != 0).then_some(false)
    }
}
