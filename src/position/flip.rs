//! Flipping (Fairy-Stockfish's `flipEnclosedPieces`): the enemy pieces a
//! move turns into the mover's, found on the board as it stands before the
//! move, the pieces it captures taken off (Fairy-Stockfish's order).
//!
//! Each side's pieces live in that side's slots, so a flipped piece
//! changes slots: its enemy slot dies, as a captured piece's does, and a
//! free slot of the mover's takes it. The undo record keeps both sets as
//! slot masks ([`Flips`]); the k-th lowest bit of one pairs with the k-th
//! lowest bit of the other, because the new slots are handed out lowest
//! first in the order of the old ones. A dead slot's piece data may be
//! overwritten by later moves (a drop takes the lowest free slot), so
//! taking a flip back rewrites the old slot from the new one, which holds
//! the same piece, and from the one thing that may differ, the unmoved
//! flag, which the record keeps. Nothing allocates.

use super::{Change, EDGE, Position, Slot, WALL};
use crate::types::{Color, Move, MoveList, SLOTS_PER_SIDE, Sq, flag};
use crate::variant::Flipping;
use std::sync::atomic::{AtomicBool, Ordering};

/// The pieces one move flips: the slots they leave (the opponent's of the
/// mover) and the slots they take (the mover's), one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Flips {
    pub lost: u64,
    pub gained: u64,
    /// Of `lost`, the pieces that had not moved.
    pub virgin: u64,
}

impl Flips {
    /// (old slot bit, new slot bit) pairs.
    fn pairs(self) -> impl Iterator<Item = (usize, usize)> {
        let (mut lost, mut gained) = (self.lost, self.gained);
        std::iter::from_fn(move || {
            (lost != 0 && gained != 0).then(|| {
                let old = lost.trailing_zeros() as usize;
                let new = gained.trailing_zeros() as usize;
                lost &= lost - 1;
                gained &= gained - 1;
                (old, new)
            })
        })
    }
}

/// The colour of the piece with board code `code`, `None` for an empty,
/// wall or guard square.
#[inline]
fn owner(code: u8) -> Option<Color> {
    match code {
        0 | WALL | EDGE => None,
        c if usize::from(c - 1) < SLOTS_PER_SIDE => Some(Color::White),
        _ => Some(Color::Black),
    }
}

impl Position {
    /// Slot bits (of the opponent's slots) of the pieces `m`, a move of
    /// the side to move, flips; `gone` are the squares of the pieces it
    /// captures.
    pub(super) fn flipped_by(&self, m: Move, gone: &[Sq]) -> u64 {
        let rule = self.rules.variant.flipping;
        if rule == Flipping::None || m.is_pass() {
            return 0;
        }
        let us = self.side;
        let to = i32::from(m.to());
        // The side owning the square, with captured pieces gone.
        let side = |s: i32| {
            let code = self.board[s as usize];
            owner(code).filter(|_| !gone.contains(&(s as Sq)))
        };
        let bit = |s: i32| 1u64 << (usize::from(self.board[s as usize] - 1) % SLOTS_PER_SIDE);
        let steps = self.rules.geometry().king_steps();
        let mut flips = 0;
        match rule {
            Flipping::None => {}
            Flipping::Reversi => {
                // Each line of enemy pieces closed by one of ours.
                for d in steps.map(i32::from) {
                    let (mut s, mut line) = (to + d, 0);
                    while side(s) == Some(us.opponent()) {
                        line |= bit(s);
                        s += d;
                    }
                    if side(s) == Some(us) {
                        flips |= line;
                    }
                }
            }
            Flipping::Ataxx | Flipping::Quadwrangle => {
                // Quadwrangle: a drop flips only beside a piece of ours,
                // a plain board move always (Fairy-Stockfish's NORMAL
                // moves: not promotions, castlings or e.p. captures).
                let plain =
                    !m.is_drop() && m.promotion().is_none() && !m.is(flag::CASTLE | flag::EP);
                if rule == Flipping::Ataxx
                    || plain
                    || steps.iter().any(|&d| side(to + i32::from(d)) == Some(us))
                {
                    for d in steps.map(i32::from) {
                        if side(to + d) == Some(us.opponent()) {
                            flips |= bit(to + d);
                        }
                    }
                }
            }
        }
        flips
    }

    /// The flips of `lost` (opponent slot bits) with the mover's slots
    /// that take them: its lowest free slots, none of `taken`, their walk
    /// records emptied. Move generation leaves out moves for which there
    /// are not enough ([`Position::flips_fit`]).
    pub(super) fn flip_slots(&mut self, us: Color, lost: u64, taken: u64) -> Flips {
        let mut free = !(self.alive[us.index()] | taken);
        let mut gained = 0;
        for _ in 0..lost.count_ones() {
            debug_assert!(free != 0, "move generation checks for free slots");
            let b = free & free.wrapping_neg();
            free &= free - 1;
            gained |= b;
            self.rec_len[Self::slot_index(us, b.trailing_zeros() as usize)] = 0;
        }
        let mut virgin = 0;
        let them = us.opponent();
        let mut bits = lost;
        while bits != 0 {
            let b = bits & bits.wrapping_neg();
            bits &= bits - 1;
            if self.slots[Self::slot_index(them, b.trailing_zeros() as usize)].virgin {
                virgin |= b;
            }
        }
        Flips {
            lost,
            gained,
            virgin,
        }
    }

    /// Turn the flipped pieces over on the board, with the keys and the
    /// changes a learned evaluation follows.
    pub(super) fn apply_flips(&mut self, f: Flips, us: Color, key: &mut u64, pawn_key: &mut u64) {
        let them = us.opponent();
        let rules = self.rules.clone();
        let z = &rules.zobrist;
        for (old, new) in f.pairs() {
            let (old, new) = (Self::slot_index(them, old), Self::slot_index(us, new));
            let p = self.slots[old];
            let plus = p.promoted && rules.hash_promoted[usize::from(p.role.0)];
            *key ^= z.piece(them, p.role, p.sq)
                ^ z.piece(us, p.role, p.sq)
                ^ z.promoted(them, p.sq, plus)
                ^ z.promoted(us, p.sq, plus);
            *pawn_key ^= self.pawn_z(them, p.role, p.sq) ^ self.pawn_z(us, p.role, p.sq);
            self.changes.push(Change::Removed(them, p.role, p.sq));
            self.changes.push(Change::Added(us, p.role, p.sq));
            let pawn = rules.promotes[us.index()][usize::from(p.role.0)];
            self.set_slot(
                new,
                Slot {
                    virgin: pawn && rules.double_step_region[us.index()][usize::from(p.sq)],
                    ..p
                },
            );
            self.board[usize::from(p.sq)] = (new + 1) as u8;
            self.alive[them.index()] &= !Self::bit(old);
            self.alive[us.index()] |= Self::bit(new);
        }
    }

    /// Turn the pieces `apply_flips` flipped back (board and piece list;
    /// keys and walk records come back with the rest of the undo record).
    pub(super) fn unflip(&mut self, f: Flips, us: Color) {
        let them = us.opponent();
        for (old, new) in f.pairs() {
            let virgin = f.virgin & (1 << old) != 0;
            let (old, new) = (Self::slot_index(them, old), Self::slot_index(us, new));
            self.set_slot(
                old,
                Slot {
                    virgin,
                    ..self.slots[new]
                },
            );
            self.board[usize::from(self.slots[new].sq)] = (old + 1) as u8;
            self.alive[us.index()] &= !Self::bit(new);
            self.alive[them.index()] |= Self::bit(old);
        }
    }

    /// The side to move has the free slots `m` needs: one for a dropped
    /// piece and one per piece it flips. A side holds at most
    /// [`SLOTS_PER_SIDE`] pieces on the board; on boards with more
    /// squares a flip could pass that, and such a move is left out.
    pub(crate) fn flips_fit(&self, m: Move) -> bool {
        let us = self.side.index();
        let free = SLOTS_PER_SIDE as u32 - self.alive[us].count_ones();
        // Only when every enemy piece flipping could overfill the side.
        let most = self.alive[1 - us].count_ones() + u32::from(m.is_drop());
        if most <= free {
            return true;
        }
        let gone = self.victims(m);
        self.flipped_by(m, &gone).count_ones() + u32::from(m.is_drop()) <= free
    }
}

/// Leave out of `list[start..]` the moves whose flips would give the side
/// to move more pieces than it has slots for (see
/// [`Position::flips_fit`]). Cheap unless the board holds more than
/// [`SLOTS_PER_SIDE`] pieces in all.
pub(crate) fn drop_unfit(pos: &Position, list: &mut MoveList, start: usize) {
    let us = pos.side_to_move();
    let total = pos.alive(us).count_ones() + pos.alive(us.opponent()).count_ones();
    if (total as usize) < SLOTS_PER_SIDE {
        return;
    }
    let mut i = start;
    while i < list.len() {
        if pos.flips_fit(list[i]) {
            i += 1;
        } else {
            list.swap_remove(i);
            left_out();
        }
    }
}

/// Logged once per process: a search would meet such positions often.
#[cold]
fn left_out() {
    static LOGGED: AtomicBool = AtomicBool::new(false);
    if !LOGGED.swap(true, Ordering::Relaxed) {
        log::warn!(
            "a move would give a side more than {SLOTS_PER_SIDE} pieces on the board; \
             Griffon leaves such moves out"
        );
    }
}
