//! The incremental attack map: walking a piece's trajectory tree on the
//! current board, and recording what it reaches.
//!
//! A walk visits cells of the piece's tree, looks at the occupant of each
//! cell's square and follows the child group for that occupancy. Every
//! visited square is marked in `touch` (the walk depends on it), every square
//! where the piece could capture an enemy is marked in `attack`, and the
//! walk record keeps the move candidates. Because a walk depends only on the
//! squares it visits, a move needs to re-walk just the pieces whose `touch`
//! bits are on the squares it changes.

use super::{EDGE, Entry, Position, SLOTS, Slot, SquareMap, WALL};
use crate::trajectory::{EMPTY, FOE, FRIEND, cell_flags};
use crate::types::Role;
use arrayvec::ArrayVec;

/// Bits of [`Entry::kind`]: the trajectory table's visit records.
pub use crate::trajectory::visit as entry;

/// Deepest cell path a walk follows; checked against the table at load.
pub(crate) const MAX_DEPTH: usize = 256;

/// The occupancy class (`EMPTY`, `FRIEND`, `FOE`) a cell with `flags`
/// sees on a square of board code `code` (not the edge), for the walker
/// of colour index `friend_high - 1` (a piece's code holds its colour
/// index plus one in its high bits): the walker's own origin counts as
/// empty, and a wall as a friend (nothing lands on it).
#[inline(always)]
fn occupancy(code: u8, flags: u8, friend_high: u8) -> usize {
    if code == 0 || flags & cell_flags::ORIGIN != 0 {
        EMPTY
    } else if code == WALL || ((code - 1) >> 6) + 1 == friend_high {
        FRIEND
    } else {
        FOE
    }
}

/// Whether a cell with `flags` captures in passing (a locust leg) what
/// stands there, of occupancy `class`.
#[inline(always)]
fn takes_in_passing(flags: u8, class: usize) -> bool {
    let locust_flag = match class {
        FOE => cell_flags::LOCUST_FOE,
        FRIEND => cell_flags::LOCUST_FRIEND,
        _ => 0,
    };
    flags & locust_flag != 0
}

/// Whether the piece on a square of board code `code` (occupied) stops
/// a walker that pieces of type `stopped_by` stop (the janggi cannon's
/// own kind, of either side).
#[inline(always)]
fn stops(stopped_by: Option<Role>, code: u8, slots: &[Slot]) -> bool {
    stopped_by.is_some_and(|role| code != WALL && slots[usize::from(code - 1)].role == role)
}

/// The next cell of a walk through a trajectory tree, from cell `i` with
/// flags `flags` whose child group for what stood there is `next` (0 for
/// none): that group (the rest of this one saved on `stack`), else the
/// next cell of this group, else the group last saved; `None` when the
/// walk is over. `state` goes with the current group and `next_state`
/// with the child group (what was captured in passing on the way).
#[inline(always)]
fn next_cell<S: Copy>(
    flags: u8,
    i: usize,
    next: u32,
    state: S,
    next_state: S,
    stack: &mut ArrayVec<(u32, S), MAX_DEPTH>,
) -> Option<(usize, S)> {
    let last = flags & cell_flags::LAST != 0;
    if next != 0 {
        if !last {
            stack.push(((i + 1) as u32, state));
        }
        Some((next as usize, next_state))
    } else if !last {
        Some((i + 1, state))
    } else {
        stack.pop().map(|(j, s)| (j as usize, s))
    }
}

impl Position {
    /// Walk slot `slot` and record what it finds.
    pub(crate) fn walk(&mut self, slot: usize) {
        let color = Self::slot_color(slot);
        let c = color.index();
        let bit = Self::bit(slot);
        let piece = self.slots[slot];
        let origin = i32::from(piece.sq);
        let base = slot * self.cap;
        let Position {
            rules,
            board,
            map,
            records,
            slots,
            ..
        } = self;
        let records = &mut records[base..base + self.cap];
        let trees = rules.table.role_trees(color, piece.role);
        let cells = &rules.table.cells;
        let mut n = 0usize;
        let initial = if piece.virgin {
            trees.initial_root(piece.sq)
        } else {
            0
        };
        let roots = [trees.root(piece.sq), initial];
        // Board codes of friends are 1..=64 for White, 65..=128 for Black.
        let friend_high = (c as u8) + 1;
        let stopped_by = rules.stopped_by_own_kind[usize::from(piece.role.0)].then_some(piece.role);
        let mut stack: ArrayVec<(u32, u16), MAX_DEPTH> = ArrayVec::new();
        for root in roots {
            if root == 0 {
                continue;
            }
            let mut i = root as usize;
            let mut locust: u16 = 0;
            loop {
                let cell = &cells[i];
                let t = (origin + i32::from(cell.delta)) as usize;
                let code = board[t];
                let mut next = 0u32;
                let mut next_locust = locust;
                if code != EDGE {
                    let class = occupancy(code, cell.flags, friend_high);
                    // Nothing lands on a wall, nor attacks or defends it;
                    // a piece stopped by its own kind treats one as a wall
                    // it cannot pass either.
                    let stopped = class != EMPTY && stops(stopped_by, code, slots);
                    let kind = if code == WALL || stopped {
                        0
                    } else {
                        cell.visit[class]
                    };
                    let m = &mut map[t];
                    m.touch[c] |= bit;
                    m.attack[c] |= bit * u64::from(kind & entry::ATTACK);
                    m.quiet[c] |= bit * u64::from((kind & entry::QUIET) >> 1);
                    records[n] = Entry {
                        sq: t as u16,
                        kind,
                        aux: locust,
                    };
                    n += 1;
                    next = if stopped { 0 } else { cell.next[class] };
                    if takes_in_passing(cell.flags, class) {
                        next_locust = t as u16;
                    }
                }
                match next_cell(cell.flags, i, next, locust, next_locust, &mut stack) {
                    Some((j, l)) => (i, locust) = (j, l),
                    None => break,
                }
            }
        }
        self.rec_len[slot] = n as u16;
        self.forget_ready_of(c, bit);
    }

    /// The empty squares a `color` `role` piece standing on `origin`
    /// could move to without capturing, were `vacated` empty, passed to
    /// `found`: where the Amazons' arrow may fly from a piece that just
    /// moved from `vacated` to `origin`. A walk like [`Position::walk`]
    /// that marks nothing (cold: once per move of a walling variant).
    pub(crate) fn quiet_reach(
        &self,
        color: crate::types::Color,
        role: crate::types::Role,
        origin: crate::types::Sq,
        vacated: crate::types::Sq,
        mut found: impl FnMut(crate::types::Sq),
    ) {
        self.reach(
            color,
            role,
            origin,
            self.vacated(vacated),
            None,
            |sq, class, kind| {
                if class == EMPTY && kind & entry::QUIET != 0 {
                    found(sq);
                }
            },
        );
    }

    /// Whether a `color` `role` piece on `origin` would attack `target`,
    /// were `vacated` empty: a check a move would give directly, found
    /// without making the move.
    pub(crate) fn would_attack(
        &self,
        color: crate::types::Color,
        role: crate::types::Role,
        origin: crate::types::Sq,
        vacated: crate::types::Sq,
        target: crate::types::Sq,
    ) -> bool {
        self.would_visit(color, role, (origin, vacated, target), |_, kind| {
            kind & entry::ATTACK != 0
        })
    }

    /// Whether the walk of a `color` `role` piece from `origin`, with
    /// `vacated` empty, visits `target` as `wanted` (its occupancy class
    /// and visit record) asks: a quiet move's threat, say, found without
    /// making the move.
    #[inline(always)]
    pub(crate) fn would_visit(
        &self,
        color: crate::types::Color,
        role: crate::types::Role,
        (origin, vacated, target): (crate::types::Sq, crate::types::Sq, crate::types::Sq),
        wanted: impl Fn(usize, u8) -> bool,
    ) -> bool {
        let mut hit = false;
        self.reach(
            color,
            role,
            origin,
            self.vacated(vacated),
            Some(target),
            |sq, class, kind| {
                hit |= sq == target && wanted(class, kind);
            },
        );
        hit
    }

    /// The squares a `color` `role` piece on `origin` would attack on the
    /// board as it stands, passed to `found`. Read from a royal piece's
    /// square with the royal's colour, they are where an enemy piece of
    /// that type would give check (exactly for pieces whose moves are
    /// left-right symmetric and reversible: sliders, leapers, hoppers).
    pub(crate) fn strike_squares(
        &self,
        color: crate::types::Color,
        role: crate::types::Role,
        origin: crate::types::Sq,
        mut found: impl FnMut(crate::types::Sq),
    ) {
        self.reach(
            color,
            role,
            origin,
            |t| self.board[t],
            None,
            |sq, _, kind| {
                if kind & entry::ATTACK != 0 {
                    found(sq);
                }
            },
        );
    }

    /// Whether a `color` `role` piece on `origin` would attack `target`
    /// after move `m` (its mover off `m.from()`, on `m.to()`), with the
    /// squares of `emptied` empty too: a line opened by a move, found
    /// without making it. Nothing is said of a piece's moves from its
    /// start square (the caller's business).
    pub(crate) fn would_attack_after(
        &self,
        color: crate::types::Color,
        role: crate::types::Role,
        origin: crate::types::Sq,
        target: crate::types::Sq,
        m: crate::types::Move,
        emptied: &[crate::types::Sq],
    ) -> bool {
        let (from, to) = (usize::from(m.from()), usize::from(m.to()));
        let mover = self.board[from];
        let view = |t: usize| {
            if t == from || emptied.iter().any(|&e| usize::from(e) == t) {
                0
            } else if t == to {
                mover
            } else {
                self.board[t]
            }
        };
        let mut hit = false;
        self.reach(color, role, origin, view, Some(target), |sq, _, kind| {
            hit |= sq == target && kind & entry::ATTACK != 0;
        });
        hit
    }

    /// The board as [`Position::reach`] views it with `vacated` empty.
    #[inline(always)]
    fn vacated(&self, vacated: crate::types::Sq) -> impl Fn(usize) -> u8 + '_ {
        move |t| {
            if t == usize::from(vacated) {
                0
            } else {
                self.board[t]
            }
        }
    }

    /// Whether a `color` `role` piece on `origin` would attack an enemy
    /// piece, were `vacated` empty (a sittuyin pawn promoting may not).
    pub(crate) fn would_attack_a_foe(
        &self,
        color: crate::types::Color,
        role: crate::types::Role,
        origin: crate::types::Sq,
        vacated: crate::types::Sq,
    ) -> bool {
        let mut hit = false;
        self.reach(
            color,
            role,
            origin,
            self.vacated(vacated),
            None,
            |_, class, kind| {
                hit |= class == FOE && kind & entry::ATTACK != 0;
            },
        );
        hit
    }

    /// Whether the piece in `slot` would attack `target` (the bit its
    /// walk would set there in the attack map), were the squares of
    /// `emptied` empty and the piece of board code `occupant` on `target`:
    /// the exchanges of static exchange evaluation, worked out without
    /// making their moves. Its moves from its start square count too.
    pub(crate) fn would_attack_on(
        &self,
        slot: usize,
        target: crate::types::Sq,
        occupant: u8,
        emptied: &[crate::types::Sq],
    ) -> bool {
        let piece = self.slots[slot];
        let color = Self::slot_color(slot);
        let view = |t: usize| {
            if t == usize::from(target) {
                occupant
            } else if emptied.iter().any(|&e| usize::from(e) == t) {
                0
            } else {
                self.board[t]
            }
        };
        let trees = self.rules.table.role_trees(color, piece.role);
        let initial = if piece.virgin {
            trees.initial_root(piece.sq)
        } else {
            0
        };
        let mut hit = false;
        for root in [trees.root(piece.sq), initial] {
            if root != 0 && !hit {
                self.reach_from(
                    color,
                    piece.role,
                    piece.sq,
                    root,
                    view,
                    Some(target),
                    |sq, _, kind| {
                        hit |= sq == target && kind & entry::ATTACK != 0;
                    },
                );
            }
        }
        hit
    }

    /// A walk like [`Position::walk`] that marks nothing, on the board as
    /// `view` shows it (the board code of each padded square): each
    /// visited square with its occupancy class and visit record, passed
    /// to `visit`, but not those reached after a capture in passing.
    #[inline(always)]
    fn reach(
        &self,
        color: crate::types::Color,
        role: crate::types::Role,
        origin: crate::types::Sq,
        view: impl Fn(usize) -> u8,
        toward: Option<crate::types::Sq>,
        visit: impl FnMut(crate::types::Sq, usize, u8),
    ) {
        let root = self.rules.table.role_trees(color, role).root(origin);
        self.reach_from(color, role, origin, root, view, toward, visit);
    }

    /// [`Position::reach`] from the tree whose first group is `root` (0:
    /// none), the piece's own or its first move's.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn reach_from(
        &self,
        color: crate::types::Color,
        role: crate::types::Role,
        origin: crate::types::Sq,
        root: u32,
        view: impl Fn(usize) -> u8,
        toward: Option<crate::types::Sq>,
        mut visit: impl FnMut(crate::types::Sq, usize, u8),
    ) {
        let trees = self.rules.table.role_trees(color, role);
        // Where only `toward` matters, a straight walk need not follow a
        // line that does not lead there.
        let toward = toward.filter(|_| trees.straight);
        let g = self.rules.geometry();
        let cells = &self.rules.table.cells;
        let friend_high = (color.index() as u8) + 1;
        let stopped_by = self.rules.stopped_by_own_kind[usize::from(role.0)].then_some(role);
        if root == 0 {
            return;
        }
        let mut stack: ArrayVec<(u32, bool), MAX_DEPTH> = ArrayVec::new();
        let mut i = root as usize;
        let mut took = false;
        loop {
            let cell = &cells[i];
            let t = (i32::from(origin) + i32::from(cell.delta)) as usize;
            let code = view(t);
            let mut next = 0u32;
            let mut next_took = took;
            if code != EDGE {
                let class = occupancy(code, cell.flags, friend_high);
                let stopped = class != EMPTY && stops(stopped_by, code, &self.slots);
                if !took {
                    let kind = if code == WALL || stopped {
                        0
                    } else {
                        cell.visit[class]
                    };
                    visit(t as crate::types::Sq, class, kind);
                }
                next = if stopped { 0 } else { cell.next[class] };
                if let Some(target) = toward
                    && (t == usize::from(target)
                        || !g.beyond(origin, t as crate::types::Sq, target))
                {
                    next = 0;
                }
                if takes_in_passing(cell.flags, class) {
                    next_took = true;
                }
            }
            match next_cell(cell.flags, i, next, took, next_took, &mut stack) {
                Some((j, t)) => (i, took) = (j, t),
                None => break,
            }
        }
    }

    /// Remove slot `slot`'s marks from the maps.
    pub(crate) fn unwalk(&mut self, slot: usize) {
        let c = Self::slot_color(slot).index();
        let clear = !Self::bit(slot);
        let base = slot * self.cap;
        for k in 0..usize::from(self.rec_len[slot]) {
            let t = usize::from(self.records[base + k].sq);
            let m = &mut self.map[t];
            m.attack[c] &= clear;
            m.quiet[c] &= clear;
            m.touch[c] &= clear;
        }
        self.rec_len[slot] = 0;
    }

    /// Recompute the whole attack map and the key from the board.
    pub(crate) fn rebuild(&mut self) {
        self.map.iter_mut().for_each(|m| *m = SquareMap::default());
        self.rec_len = [0; SLOTS];
        for slot in 0..SLOTS {
            if self.alive[Self::slot_color(slot).index()] & Self::bit(slot) != 0 {
                self.walk(slot);
            }
        }
        self.key = self.compute_key();
        self.pawn_key = self.compute_pawn_key();
    }

    /// The pawn key from scratch.
    pub(crate) fn compute_pawn_key(&self) -> u64 {
        let mut key = 0;
        for slot in 0..SLOTS {
            let color = Self::slot_color(slot);
            if self.alive[color.index()] & Self::bit(slot) != 0 {
                let s = &self.slots[slot];
                key ^= self.pawn_z(color, s.role, s.sq);
            }
        }
        key
    }

    /// A piece's term in the pawn key: its Zobrist key if it is a pawn
    /// type, else nothing.
    pub(crate) fn pawn_z(
        &self,
        color: crate::types::Color,
        role: crate::types::Role,
        sq: crate::types::Sq,
    ) -> u64 {
        if self.rules.promotes[color.index()][usize::from(role.0)] {
            self.rules.zobrist.piece(color, role, sq)
        } else {
            0
        }
    }

    /// The Zobrist key from scratch.
    pub(crate) fn compute_key(&self) -> u64 {
        let z = &self.rules.zobrist;
        let mut key = 0;
        for slot in 0..SLOTS {
            let color = Self::slot_color(slot);
            if self.alive[color.index()] & Self::bit(slot) != 0 {
                let s = &self.slots[slot];
                let plus = self.rules.hash_promoted[usize::from(s.role.0)];
                key ^= z.piece(color, s.role, s.sq) ^ z.promoted(color, s.sq, s.promoted && plus);
            }
        }
        for c in 0..2 {
            for f in 0..32 {
                if self.castle[c] & (1 << f) != 0 {
                    key ^= z.castling[c][f];
                }
            }
        }
        if let Some(&sq) = self.ep.squares.first()
            && let Some((f, _)) = self.rules.geometry().coords(sq)
        {
            key ^= z.en_passant[usize::from(f)];
        }
        if self.side == crate::types::Color::Black {
            key ^= z.black_to_move;
        }
        if self.lion_strike {
            key ^= z.lion_strike;
        }
        for sq in self.walls() {
            key ^= z.wall[usize::from(sq)];
        }
        for color in crate::types::Color::BOTH {
            let c = color.index();
            for (r, &n) in self.hand[c].iter().enumerate() {
                key ^= z.hand(color, crate::types::Role(r as u8), n);
            }
            for f in 0..32 {
                if self.gates[c] & (1 << f) != 0 {
                    key ^= z.gates[c][f];
                }
            }
        }
        key ^ self.checks_key()
    }
}
