//! The attack map's bookkeeping across make and unmake: which slots'
//! walks a move disturbs, taking them off and walking them again, and the
//! saved walk records that unmake puts back instead of walking again
//! (leapers that stay where they are get their records patched in place).

use super::Position;
use crate::types::{SLOTS_PER_SIDE, Sq};

/// Set one slot's attack and quiet bits on a square from its entry kind
/// (its touch bit stays).
#[inline]
fn set_bits(m: &mut super::SquareMap, c: usize, bit: u64, kind: u8) {
    use super::attack::entry;
    m.attack[c] = (m.attack[c] & !bit) | (bit * u64::from(kind & entry::ATTACK));
    m.quiet[c] = (m.quiet[c] & !bit) | (bit * u64::from((kind & entry::QUIET) >> 1));
}

impl Position {
    /// Slots whose walks visit `sq`, as (white bits, black bits).
    #[inline]
    pub(crate) fn touching(&self, sq: Sq) -> [u64; 2] {
        self.map[usize::from(sq)].touch
    }

    pub(super) fn unwalk_all(&mut self, affected: [u64; 2]) {
        for (c, mut bits) in affected.into_iter().enumerate() {
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.unwalk(c * SLOTS_PER_SIDE + b);
            }
        }
    }

    pub(super) fn walk_all(&mut self, affected: [u64; 2]) {
        for (c, bits) in affected.into_iter().enumerate() {
            let mut bits = bits & self.alive[c];
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.walk(c * SLOTS_PER_SIDE + b);
            }
        }
    }

    /// Of the `affected` slots, the living leapers (see
    /// [`LeapTable`](crate::trajectory::LeapTable)) that the move leaves
    /// where they are (not in `moving`).
    pub(super) fn staying_leapers(&self, affected: [u64; 2], moving: [u64; 2]) -> [u64; 2] {
        let mut out = [0u64; 2];
        for c in 0..2 {
            let mut bits = affected[c] & !moving[c] & self.alive[c];
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let role = self.slots[c * SLOTS_PER_SIDE + b].role;
                if self.rules.leaps[c][usize::from(role.0)].is_some() {
                    out[c] |= 1 << b;
                }
            }
        }
        out
    }

    /// Rewrite the record entries of `leapers` whose squares changed
    /// occupancy class, and their attack-map bits, saving the old kinds.
    pub(super) fn patch_leapers(&mut self, leapers: [u64; 2]) {
        let Position {
            rules,
            board,
            map,
            records,
            rec_len,
            slots,
            patches,
            cap,
            ..
        } = self;
        for (c, mut bits) in leapers.into_iter().enumerate() {
            // Board codes of friends are 1..=64 for White, 65..=128 for Black.
            let friend_high = (c as u8) + 1;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let slot = c * SLOTS_PER_SIDE + b;
                let piece = slots[slot];
                let Some(table) = &rules.leaps[c][usize::from(piece.role.0)] else {
                    continue;
                };
                let origin = i32::from(piece.sq);
                let bit = 1u64 << b;
                let base = slot * *cap;
                for k in 0..usize::from(rec_len[slot]) {
                    let e = &mut records[base + k];
                    let t = usize::from(e.sq);
                    let code = board[t];
                    let class = if code == 0 {
                        crate::trajectory::EMPTY
                    } else if code == super::WALL || ((code - 1) >> 6) + 1 == friend_high {
                        crate::trajectory::FRIEND
                    } else {
                        crate::trajectory::FOE
                    };
                    let kind = if code == super::WALL {
                        0
                    } else {
                        table.visit(t as i32 - origin)[class]
                    };
                    if kind != e.kind {
                        patches.push(super::Patch {
                            slot: slot as u8,
                            kind: e.kind,
                            index: k as u16,
                        });
                        e.kind = kind;
                        set_bits(&mut map[t], c, bit, kind);
                    }
                }
            }
        }
    }

    /// Undo the rewrites `patch_leapers` made from `from` on.
    pub(super) fn unpatch(&mut self, from: usize) {
        while self.patches.len() > from {
            let Some(p) = self.patches.pop() else { break };
            let slot = usize::from(p.slot);
            let e = &mut self.records[slot * self.cap + usize::from(p.index)];
            e.kind = p.kind;
            let t = usize::from(e.sq);
            set_bits(
                &mut self.map[t],
                Self::slot_color(slot).index(),
                Self::bit(slot),
                p.kind,
            );
        }
    }

    /// Push the walk records of `affected` slots, each behind a header
    /// entry holding its slot and length.
    pub(super) fn save_records(&mut self, affected: [u64; 2]) {
        for (c, mut bits) in affected.into_iter().enumerate() {
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let slot = c * SLOTS_PER_SIDE + b;
                let len = self.rec_len[slot];
                let start = slot * self.cap;
                self.saved.push(super::Entry {
                    sq: slot as u16,
                    kind: 0,
                    aux: len,
                });
                self.saved
                    .extend_from_slice(&self.records[start..start + usize::from(len)]);
            }
        }
    }

    /// Put back what `save_records` saved from `from` on, and mark the maps.
    pub(super) fn restore_records(&mut self, affected: [u64; 2], from: usize) {
        let mut i = from;
        while i < self.saved.len() {
            let header = self.saved[i];
            let slot = usize::from(header.sq);
            let len = usize::from(header.aux);
            let start = slot * self.cap;
            self.records[start..start + len].copy_from_slice(&self.saved[i + 1..i + 1 + len]);
            self.rec_len[slot] = len as u16;
            let c = Self::slot_color(slot).index();
            let bit = Self::bit(slot);
            for e in &self.records[start..start + len] {
                let m = &mut self.map[usize::from(e.sq)];
                m.touch[c] |= bit;
                if e.kind & super::entry::ATTACK != 0 {
                    m.attack[c] |= bit;
                }
                if e.kind & super::entry::QUIET != 0 {
                    m.quiet[c] |= bit;
                }
            }
            i += 1 + len;
        }
        debug_assert_eq!(affected[0].count_ones() + affected[1].count_ones(), {
            let mut n = 0;
            let mut j = from;
            while j < self.saved.len() {
                n += 1;
                j += 1 + usize::from(self.saved[j].aux);
            }
            n
        });
        self.saved.truncate(from);
    }
}
