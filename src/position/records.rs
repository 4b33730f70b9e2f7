//! The attack map's bookkeeping across make and unmake: which slots'
//! walks a move disturbs, taking them off and walking them again, and the
//! saved walk records that unmake puts back instead of walking again
//! (leapers that stay where they are get their records patched in place);
//! and the moves read off a walk record, kept until it changes.

use super::rules::RoleGen;
use super::{Entry, Position};
use crate::types::{Move, SLOTS_PER_SIDE, Sq, flag};
use std::cell::Cell;

/// Set one slot's attack and quiet bits on a square from its entry kind
/// (its touch bit stays).
#[inline]
fn set_bits(m: &mut super::SquareMap, c: usize, bit: u64, kind: u8) {
    use super::attack::entry;
    m.attack[c] = (m.attack[c] & !bit) | (bit * u64::from(kind & entry::ATTACK));
    m.quiet[c] = (m.quiet[c] & !bit) | (bit * u64::from((kind & entry::QUIET) >> 1));
}

/// What one walk-record entry of a piece yields as a move by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EntryMove {
    /// No move (a square only attacked, defended or passed).
    Nothing,
    /// One move, as it stands: a quiet move or a capture of the piece on
    /// the square, with no promotion, no capture in passing, no royal to
    /// spare, no e.p.
    Ready(Move),
    /// An e.p. capture only, when the position has one to take.
    EnPassant,
    /// The generator's full road (promotions, locust legs, captures that
    /// may not take a royal, captures of friends, a pass).
    Intricate,
}

/// Whether a quiet move or capture in entry `e` of a plain piece on
/// `from` is one move as it stands: no capture in passing, no step out and
/// back, no royal to spare, no capture of a friend, no e.p., and for a
/// `pawn` type (promotion zone `zone`) no promotion.
#[inline(always)]
pub(crate) fn stands_alone(e: &Entry, from: Sq, pawn: bool, zone: &[bool]) -> bool {
    use super::attack::entry as visit;
    e.aux == 0
        && e.sq != from
        && e.kind & (visit::TAME | visit::CAPTURE_FRIEND | visit::EP) == 0
        && !(pawn && zone[usize::from(e.sq)])
}

/// The move entry `e` of a piece standing on `from` makes by itself (see
/// [`EntryMove`]), for a piece whose moves are plain
/// ([`Rules::moves_plainly`](super::Rules::moves_plainly)) with generation
/// facts `facts` (its [`RoleGen`]) and promotion zone `zone`.
#[inline(always)]
pub(crate) fn entry_move(e: Entry, from: Sq, facts: RoleGen, zone: &[bool]) -> EntryMove {
    use super::attack::entry as visit;
    let kind = e.kind;
    if kind & (visit::QUIET | visit::CAPTURE | visit::CAPTURE_FRIEND | visit::EP) == 0 {
        return EntryMove::Nothing;
    }
    let quiet = kind & visit::QUIET != 0;
    if kind & (visit::QUIET | visit::CAPTURE | visit::CAPTURE_FRIEND) == 0 && e.aux == 0 {
        return EntryMove::EnPassant;
    }
    if !stands_alone(&e, from, facts.pawn, zone) || quiet && kind & visit::CAPTURE != 0 {
        return EntryMove::Intricate;
    }
    let flags = if quiet {
        u16::from(kind & visit::DOUBLE != 0) * facts.double_step
    } else {
        flag::CAPTURE
    };
    EntryMove::Ready(Move::new(from, e.sq, 0, None, flags))
}

impl Position {
    /// Pass the moves of a slot's walk record to `found`, in record order,
    /// when every one of them stands as it is (see [`EntryMove`]): the
    /// captures with `CAPTURES`, the quiet moves with `QUIETS`. They are
    /// read off the record the first time after it changed, copied after
    /// that. False when some entry needs the generator's full road; moves
    /// already passed are then to be dropped.
    #[inline]
    pub(crate) fn ready_moves<const CAPTURES: bool, const QUIETS: bool>(
        &self,
        slot: usize,
        mut found: impl FnMut(Move),
    ) -> bool {
        let c = Self::slot_color(slot).index();
        let bit = Self::bit(slot);
        if self.ready_known[c].get() & bit == 0 {
            return self.read_off::<CAPTURES, QUIETS>(slot, found);
        }
        if self.full_road(c, bit) {
            return false;
        }
        let start = slot * self.cap;
        let ready = &self.ready[start..start + usize::from(self.ready_len[slot].get())];
        if QUIETS {
            let captures = self.ready_captures[slot].get();
            for (i, m) in ready.iter().enumerate() {
                if CAPTURES || captures & 1 << i == 0 {
                    found(m.get());
                }
            }
        } else if CAPTURES {
            // Most of a piece's moves are quiet: visit the captures only.
            let mut captures = self.ready_captures[slot].get();
            while captures != 0 {
                found(ready[captures.trailing_zeros() as usize].get());
                captures &= captures - 1;
            }
        }
        true
    }

    /// Whether colour `c`'s slot `bit` needs the generator's full road
    /// now: an intricate record, or e.p. captures while there is a victim.
    #[inline(always)]
    fn full_road(&self, c: usize, bit: u64) -> bool {
        let ep = if self.ep.victim != 0 {
            self.ep_takers[c].get()
        } else {
            0
        };
        (self.intricate[c].get() | ep) & bit != 0
    }

    /// Read a slot's ready moves off its walk record, passing them to
    /// `found` as [`Position::ready_moves`] does.
    fn read_off<const CAPTURES: bool, const QUIETS: bool>(
        &self,
        slot: usize,
        mut found: impl FnMut(Move),
    ) -> bool {
        let color = Self::slot_color(slot);
        let c = color.index();
        let bit = Self::bit(slot);
        let piece = &self.slots[slot];
        let start = slot * self.cap;
        self.ready_known[c].set(self.ready_known[c].get() | bit);
        let (mut intricate, mut ep) = (false, false);
        let mut n = 0;
        let mut captures = 0u64;
        if self.rules.moves_plainly(color, piece) {
            let facts = self.rules.generation[c][usize::from(piece.role.0)];
            let zone = &self.rules.promotion_zone[c];
            for &e in self.records(slot) {
                match entry_move(e, piece.sq, facts, zone) {
                    EntryMove::Nothing => {}
                    // The captures are marked in a 64-bit mask.
                    EntryMove::Ready(_) if n == 64 => {
                        intricate = true;
                        break;
                    }
                    EntryMove::Ready(m) => {
                        self.ready[start + n].set(m);
                        let capture = m.is(flag::CAPTURE);
                        captures |= u64::from(capture) << n;
                        n += 1;
                        if capture && CAPTURES || !capture && QUIETS {
                            found(m);
                        }
                    }
                    EntryMove::EnPassant => ep = true,
                    EntryMove::Intricate => {
                        intricate = true;
                        break;
                    }
                }
            }
        } else {
            intricate = true;
        }
        self.ready_len[slot].set(n as u16);
        self.ready_captures[slot].set(captures);
        let set =
            |mask: &Cell<u64>, on: bool| mask.set((mask.get() & !bit) | (bit * u64::from(on)));
        set(&self.intricate[c], intricate);
        set(&self.ep_takers[c], ep);
        !self.full_road(c, bit)
    }

    /// Forget the ready moves of `slots`, whose records changed.
    #[inline]
    pub(super) fn forget_ready(&self, slots: [u64; 2]) {
        for (c, bits) in slots.into_iter().enumerate() {
            self.forget_ready_of(c, bits);
        }
    }

    /// Forget the ready moves of colour `c`'s slots `bits`.
    #[inline]
    pub(super) fn forget_ready_of(&self, c: usize, bits: u64) {
        self.ready_known[c].set(self.ready_known[c].get() & !bits);
    }

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
        self.forget_ready(leapers);
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
            self.forget_ready_of(Self::slot_color(slot).index(), Self::bit(slot));
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
        self.forget_ready(affected);
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
