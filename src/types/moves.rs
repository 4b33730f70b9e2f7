//! Moves and move lists: the packed form every stage passes around.

use super::limits::{MAX_MOVES, MAX_SQ};
use super::{Role, Sq};
use arrayvec::ArrayVec;
use std::fmt;
use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicBool, Ordering};

/// A move, packed into eight bytes so move lists stay small: three
/// squares of 12 bits (padded boards stay below 4096 squares, checked when
/// the trajectory table is built), the promotion role, the role taken from
/// the holdings (a drop, or a Seirawan gating), and the flags.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u64);

const _: () = assert!(std::mem::size_of::<Move>() == 8);

const SQ_MASK: u64 = (MAX_SQ as u64) - 1;

/// Move flags.
pub mod flag {
    /// Captures the piece on the destination.
    pub const CAPTURE: u16 = 1;
    /// Captures the e.p. victim.
    pub const EP: u16 = 2;
    /// Castling; `aux` is the partner's square.
    pub const CASTLE: u16 = 4;
    /// An initial multi-step that gives e.p. rights on the squares it passes.
    pub const DOUBLE: u16 = 8;
    /// Captures in passing; `aux` is the victim's square.
    pub const LOCUST: u16 = 16;
    /// Promotes; `promotion` is the new role.
    pub const PROMOTE: u16 = 32;
    /// Puts a piece from the holdings on `to` (`from` is 0, `hand` the
    /// role taken; with `PROMOTE` it lands as `promotion`).
    pub const DROP: u16 = 64;
    /// Seirawan gating: the `hand` piece enters on the square the mover
    /// left (on the partner's square when castling with `GATE_ROOK`).
    pub const GATE: u16 = 128;
    pub const GATE_ROOK: u16 = 256;
    /// With `PROMOTE`: a promoted piece turning back into `promotion`, its
    /// unpromoted type, as it moves (Kyoto shogi).
    pub const DEMOTE: u16 = 512;
    /// Places a wall after the move (`wallingRule`); the wall's cell
    /// (`rank * width + file`, below 256) is kept where a drop keeps its
    /// role, since walling variants have neither drops nor gating. With
    /// `from == to` and no capture, the move is only the wall (`wallOrMove`).
    pub const WALL: u16 = 1024;
}

impl Move {
    pub fn new(from: Sq, to: Sq, aux: Sq, promotion: Option<Role>, flags: u16) -> Move {
        let promo = promotion.map_or(0, |r| u64::from(r.0) + 1);
        Move(
            u64::from(from) & SQ_MASK
                | (u64::from(to) & SQ_MASK) << 12
                | (u64::from(aux) & SQ_MASK) << 24
                | promo << 36
                | u64::from(flags) << 52,
        )
    }
    /// A drop of a `role` piece from the holdings on `to`, landing as
    /// `promoted` when the variant lets pieces drop promoted.
    pub fn drop(role: Role, to: Sq, promoted: Option<Role>) -> Move {
        let flags = if promoted.is_some() {
            flag::DROP | flag::PROMOTE
        } else {
            flag::DROP
        };
        Move::new(0, to, 0, promoted, flags).with_hand(role)
    }
    /// This move with the `role` piece from the holdings gated in.
    pub fn gating(self, role: Role, on_partner_square: bool) -> Move {
        let extra = if on_partner_square {
            flag::GATE | flag::GATE_ROOK
        } else {
            flag::GATE
        };
        Move(self.0 | u64::from(extra) << 52).with_hand(role)
    }
    /// This move with a wall placed on board cell `cell` after it.
    pub fn with_wall(self, cell: u8) -> Move {
        Move(self.0 & !(0xff << 44) | u64::from(cell) << 44 | u64::from(flag::WALL) << 52)
    }
    /// The board cell (`rank * width + file`) of the wall the move places.
    #[inline]
    pub fn wall_cell(self) -> Option<u8> {
        self.is(flag::WALL).then_some((self.0 >> 44) as u8)
    }
    /// The move without its wall (itself if it places none).
    pub fn without_wall(self) -> Move {
        if !self.is(flag::WALL) {
            return self;
        }
        Move(self.0 & !(u64::from(flag::WALL) << 52) & !(0xff << 44))
    }
    /// The move without its gated piece (itself if it gates none).
    pub fn without_gate(self) -> Move {
        if !self.is(flag::GATE) {
            return self;
        }
        let gate_flags = u64::from(flag::GATE | flag::GATE_ROOK) << 52;
        Move(self.0 & !gate_flags & !(0xff << 44))
    }
    fn with_hand(self, role: Role) -> Move {
        Move(self.0 & !(0xff << 44) | (u64::from(role.0) + 1) << 44)
    }
    /// The packed form (for the transposition table).
    #[inline]
    pub fn bits(self) -> u64 {
        self.0
    }
    /// A move from its packed form; a garbled one is harmless where it is
    /// only compared with generated moves.
    #[inline]
    pub fn from_bits(bits: u64) -> Move {
        Move(bits)
    }
    #[inline]
    pub fn from(self) -> Sq {
        (self.0 & SQ_MASK) as u16
    }
    #[inline]
    pub fn to(self) -> Sq {
        (self.0 >> 12 & SQ_MASK) as u16
    }
    #[inline]
    pub fn aux(self) -> Sq {
        (self.0 >> 24 & SQ_MASK) as u16
    }
    #[inline]
    pub fn promotion(self) -> Option<Role> {
        let p = (self.0 >> 36) as u8;
        (p != 0).then(|| Role(p - 1))
    }
    /// The role taken from the holdings (drops and gatings).
    #[inline]
    pub fn hand(self) -> Option<Role> {
        if self.is(flag::WALL) {
            return None;
        }
        let p = (self.0 >> 44) as u8;
        (p != 0).then(|| Role(p - 1))
    }
    #[inline]
    pub fn flags(self) -> u16 {
        (self.0 >> 52) as u16
    }
    #[inline]
    pub fn is(self, f: u16) -> bool {
        self.flags() & f != 0
    }
    pub fn is_capture(self) -> bool {
        self.is(flag::CAPTURE | flag::EP | flag::LOCUST)
    }
    /// Turns the mover into a new type that is a gain (not a Kyoto
    /// demotion): what search treats as tactical.
    #[inline]
    pub fn promotes(self) -> bool {
        self.flags() & (flag::PROMOTE | flag::DEMOTE) == flag::PROMOTE
    }
    #[inline]
    pub fn is_drop(self) -> bool {
        self.is(flag::DROP)
    }
    /// A step out and back to the start square without capturing (the
    /// Lion's pass), or a move that only places a wall: nothing moves;
    /// XBoard's null move `@@@@`. (A Chess960 castling whose king stays
    /// put is no pass.)
    #[inline]
    pub fn is_pass(self) -> bool {
        // A sittuyin pawn promoting where it stands is no pass.
        self.from() == self.to()
            && !self.is(flag::LOCUST | flag::DROP | flag::CASTLE | flag::PROMOTE)
    }
    /// The square a gated piece enters, for a gating move.
    pub fn gate_square(self) -> Option<Sq> {
        if !self.is(flag::GATE) {
            None
        } else if self.is(flag::GATE_ROOK) {
            Some(self.aux())
        } else {
            Some(self.from())
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Move({}->{} aux {} flags {:#x} promo {:?} hand {:?} wall {:?})",
            self.from(),
            self.to(),
            self.aux(),
            self.flags(),
            self.promotion(),
            self.hand(),
            self.wall_cell()
        )
    }
}

/// The moves of one position, in a fixed-size list so generation never
/// allocates. A move offered to a full list is left out and the list
/// remembers it ([`MoveList::overflowed`]): a rules error, since
/// [`MAX_MOVES`] is far above what a variant accepted at load can reach,
/// so it is logged, and perft reports its count as short, but play goes
/// on without the move.
#[derive(Clone)]
pub struct MoveList {
    moves: ArrayVec<Move, MAX_MOVES>,
    overflowed: bool,
}

impl MoveList {
    pub const fn new() -> MoveList {
        MoveList {
            moves: ArrayVec::new_const(),
            overflowed: false,
        }
    }

    /// Appends a move, or marks the list overflowed when it is full.
    #[inline]
    pub fn push(&mut self, m: Move) {
        if self.moves.try_push(m).is_err() {
            self.overflow();
        }
    }

    #[cold]
    #[inline(never)]
    pub(crate) fn overflow(&mut self) {
        // Logged once per process: a search would meet the position
        // thousands of times.
        static LOGGED: AtomicBool = AtomicBool::new(false);
        self.overflowed = true;
        if !LOGGED.swap(true, Ordering::Relaxed) {
            log::error!(
                "a position has more than {MAX_MOVES} pseudo-legal moves; the moves beyond are left out"
            );
        }
    }

    /// Moves were left out because the list was full.
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    pub fn is_full(&self) -> bool {
        self.moves.is_full()
    }

    /// Empties the list (and forgets an overflow).
    pub fn clear(&mut self) {
        self.moves.clear();
        self.overflowed = false;
    }

    pub fn retain(&mut self, keep: impl FnMut(&mut Move) -> bool) {
        self.moves.retain(keep);
    }

    pub fn truncate(&mut self, len: usize) {
        self.moves.truncate(len);
    }

    /// Removes the move at `index`, putting the last one in its place.
    pub fn swap_remove(&mut self, index: usize) -> Move {
        self.moves.swap_remove(index)
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves
    }
}

impl DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.moves.iter()
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = arrayvec::IntoIter<Move, MAX_MOVES>;
    fn into_iter(self) -> Self::IntoIter {
        self.moves.into_iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_list_leaves_moves_out_and_says_so() {
        let mut list = MoveList::new();
        let filler = Move::new(1, 2, 0, None, 0);
        while !list.is_full() {
            list.push(filler);
        }
        assert!(!list.overflowed());
        list.push(Move::new(3, 4, 0, None, 0));
        assert_eq!(list.len(), MAX_MOVES);
        assert!(list.iter().all(|&m| m == filler));
        assert!(list.overflowed());
        list.clear();
        assert!(list.is_empty() && !list.overflowed());
    }
}
