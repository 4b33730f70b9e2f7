//! Making and unmaking moves, with the incremental attack-map update.
//!
//! Both directions follow the same plan: collect the squares the move
//! changes, take every piece whose walk touches one of them (plus the pieces
//! that move or are captured) off the maps, change the board, and walk the
//! living ones again. The two directions are kept in one file because
//! each step of `unmake` undoes a step of `make` and they must be read
//! side by side; the walk records they keep are in `records.rs`, the
//! rights they end or give in `rights.rs`.

use super::flip::Flips;
use super::{Change, EpState, Position, Slot};
use crate::types::{Color, Move, Role, SLOTS_PER_SIDE, Sq, flag};
use arrayvec::ArrayVec;

/// What `unmake` needs to restore.
#[derive(Clone, Debug)]
pub struct Undo {
    mover: Slot,
    mover_slot: usize,
    /// The mover left the board with its capture: it blew up (atomic) or
    /// turned into a wall (petrification).
    exploded: bool,
    /// The type the mover joined the opponent's holdings as, when it left
    /// the board by its own capture and captures go to the holdings.
    spent: Option<Role>,
    /// The duck's square before the move (0 for none).
    duck: Sq,
    /// Captured pieces (and, in atomic, those blown up): slot and state.
    /// (Slot indices fit a byte: 128 slots.)
    captured: ArrayVec<(u8, Slot), 10>,
    /// The castling partner before the move.
    rook: Option<Slot>,
    castle: [u32; 2],
    ep: EpState,
    halfmove: u32,
    reversible: u32,
    checks: [u8; 2],
    counting: super::counting::Counting,
    lion_strike: bool,
    passes: u8,
    bikjang: u8,
    shak: [bool; 2],
    castled: u8,
    gates: [u32; 2],
    /// The slot of a piece that entered from the holdings (gating).
    placed: Option<u8>,
    /// Enemy pieces the move turned into the mover's (flipping rules).
    flips: Flips,
    key: u64,
    pawn_key: u64,
    /// Slots whose walk records `make` replaced (and saved).
    affected: [u64; 2],
    /// Where this move's saved records start in `Position::saved`.
    saved_from: usize,
    /// Where this move's rewritten entries start in `Position::patches`.
    patched_from: usize,
}

impl Undo {
    /// The moving piece as it was before the move.
    pub fn mover(&self) -> &Slot {
        &self.mover
    }

    /// The pieces the move took (in atomic, with those blown up): slot
    /// index and piece.
    pub fn captured(&self) -> &[(u8, Slot)] {
        &self.captured
    }

    /// Chu Shogi's Lion-trading ban as it stood before the move.
    pub fn lion_strike_before(&self) -> bool {
        self.lion_strike
    }
}

/// The key change between two per-colour file masks (castling rights,
/// Seirawan gates) keyed per colour and file.
fn mask_key(keys: &[[u64; 32]; 2], old: [u32; 2], new: [u32; 2]) -> u64 {
    let mut key = 0;
    for c in 0..2 {
        let mut diff = old[c] ^ new[c];
        while diff != 0 {
            let f = diff.trailing_zeros() as usize;
            diff &= diff - 1;
            key ^= keys[c][f];
        }
    }
    key
}

impl Position {
    fn slot_on(&self, sq: Sq) -> usize {
        usize::from(self.board[usize::from(sq)]) - 1
    }

    /// Squares of the pieces a move captures.
    pub(super) fn victims(&self, m: Move) -> ArrayVec<Sq, 10> {
        let mut v = ArrayVec::new();
        if m.is(flag::CAPTURE) {
            v.push(m.to());
        }
        if m.is(flag::EP) {
            v.push(self.ep.victim);
        }
        if m.is(flag::LOCUST) {
            v.push(m.aux());
        }
        v
    }

    /// The state a move changes, as it is before the move (`ep` passed in:
    /// a drop takes it, a board move copies it).
    fn undo_record(&self, mover_slot: usize, ep: EpState, affected: [u64; 2]) -> Undo {
        Undo {
            mover: self.slots[mover_slot],
            mover_slot,
            exploded: false,
            spent: None,
            duck: self.duck,
            captured: ArrayVec::new(),
            rook: None,
            castle: self.castle,
            ep,
            halfmove: self.halfmove,
            reversible: self.reversible,
            checks: self.checks,
            counting: self.counting,
            lion_strike: self.lion_strike,
            passes: self.passes,
            bikjang: self.bikjang,
            shak: self.shak,
            castled: self.castled,
            gates: self.gates,
            placed: None,
            flips: Flips::default(),
            key: self.key,
            pawn_key: self.pawn_key,
            affected,
            saved_from: self.saved.len(),
            patched_from: self.patches.len(),
        }
    }

    /// Whose holdings a piece of `victim`'s colour joins when a capture
    /// takes it off the board: `None` when it leaves the game; with
    /// `capturesToHand` the other side's (crazyhouse, shogi), which in
    /// atomic is also where the capturer's own pieces caught in the
    /// blast, and the capturer itself, go: Fairy-Stockfish's reading of
    /// the key ("captured pieces go to opponent's hand"); with
    /// `capturesToOwnersHand` its owner's (Superchess).
    #[inline]
    fn capture_keeper(&self, victim: Color) -> Option<Color> {
        let drops = &self.rules.variant.drops;
        if drops.captures_to_hand {
            Some(victim.opponent())
        } else if drops.captures_to_owners_hand {
            Some(victim)
        } else {
            None
        }
    }

    /// The type a promotion takes out of the mover's holdings
    /// (`promotionConsumeInHand`).
    #[inline]
    fn consumed_promotion(&self, m: Move) -> Option<Role> {
        if self.rules.variant.promotion.consume_in_hand && m.promotes() && !m.is_drop() {
            m.promotion()
        } else {
            None
        }
    }

    /// The type a captured piece goes to the holdings as: its unpromoted
    /// type; a piece promoted from a pawn (`Q~`) returns as the pawn.
    fn hand_role_of(&self, victim_color: Color, s: &Slot) -> Role {
        if self.rules.variant.drops.drop_loop {
            s.role
        } else if s.promoted && !self.rules.plus_type[usize::from(s.role.0)] {
            self.rules.variant.promotion.pawn_types[victim_color.index()]
                .first()
                .copied()
                .unwrap_or(s.role)
        } else if s.promoted {
            // Shogi-style: what it promoted from (one of several types
            // that may promote to the same one).
            self.rules.hand_role[usize::from(s.base.0)]
        } else {
            // Unpromoted: as itself, even where it is also some type's
            // promoted form (gold in shogi variants).
            self.rules.variant.drops.capture_hand_type[usize::from(s.role.0)].unwrap_or(s.role)
        }
    }

    /// Add `delta` pieces of `role` to `color`'s holdings, with the key.
    fn change_hand(&mut self, color: Color, role: Role, delta: i8, key: &mut u64) {
        let z = &self.rules.zobrist;
        let n = &mut self.hand[color.index()][usize::from(role.0)];
        let new = n.wrapping_add_signed(delta);
        *key ^= z.hand(color, role, *n) ^ z.hand(color, role, new);
        self.changes.push(Change::Hand(color, role, *n, new));
        *n = new;
    }

    /// A free slot of `color` for a piece entering the board, with an
    /// empty walk record (so saving and restoring it marks nothing).
    fn free_slot(&mut self, color: Color) -> usize {
        let bit = (!self.alive[color.index()]).trailing_zeros() as usize;
        debug_assert!(
            bit < SLOTS_PER_SIDE,
            "move generation checks for a free slot"
        );
        let slot = Self::slot_index(color, bit);
        self.rec_len[slot] = 0;
        slot
    }

    /// Play `m`, which must be a pseudo-legal move of this position.
    pub fn make(&mut self, m: Move) -> Undo {
        if m.is(flag::DROP) {
            return self.make_drop(m);
        }
        let (from, to) = (m.from(), m.to());
        let us = self.side;
        let rules = self.rules.clone();
        let z = &rules.zobrist;
        let mover_slot = self.slot_on(from);
        let mover = self.slots[mover_slot];
        let mut undo = self.undo_record(mover_slot, self.ep.clone(), [0; 2]);
        self.changes.clear();
        let mut victims = self.victims(m);
        let direct_victims = victims.len();
        // Atomic: the capture explodes everything around it but pawns, and
        // the capturer itself.
        if let Some(deltas) = self.rules.blast
            && !victims.is_empty()
        {
            undo.exploded = !self.rules.blast_immune[usize::from(mover.role.0)];
            for d in deltas {
                let s = (i32::from(to) + i32::from(d)) as Sq;
                if s == from || victims.contains(&s) {
                    continue;
                }
                if let Some((_, p)) = self.piece_on(s)
                    && !self.rules.blast_spared[usize::from(p.role.0)]
                {
                    victims.push(s);
                }
            }
        }
        // Petrification: the capturer turns into a wall where it lands.
        let petrified = !victims.is_empty() && self.rules.petrify[usize::from(mover.role.0)];
        if petrified {
            undo.exploded = true;
        }
        let wall = m
            .wall_cell()
            .map(|cell| self.rules.geometry().cell_square(cell));
        // The duck moves: its old square empties.
        let old_duck = if wall.is_some() { self.duck } else { 0 };
        let castle_rook = m.is(flag::CASTLE).then(|| (m.aux(), self.slot_on(m.aux())));
        undo.rook = castle_rook.map(|(_, rs)| self.slots[rs]);
        // With several pieces of the king's type (two kings), only the
        // castling king's own move ends the castling rights.
        let castling_king_moves = self.castle[us.index()] != 0
            && self.rules.castling.as_ref().is_some_and(|c| {
                mover.role == c.king_role[us.index()]
                    && (!self.rules.royal_first_found || self.castling_king(us) == Some(from))
            });
        // Pieces whose walks change.
        let mut affected = [0u64; 2];
        let mut mark = |sqs: [u64; 2]| {
            affected[0] |= sqs[0];
            affected[1] |= sqs[1];
        };
        mark(self.touching(from));
        mark(self.touching(to));
        if let Some(w) = wall {
            mark(self.touching(w));
        }
        if old_duck != 0 {
            mark(self.touching(old_duck));
        }
        for &v in &victims {
            mark(self.touching(v));
        }
        let rook_to = castle_rook.map(|(rook_sq, _)| {
            let g = self.rules.geometry();
            let (kf, rank) = g.coords(to).expect("castling lands on the board");
            let (rf, _) = g.coords(rook_sq).expect("castling partner is on the board");
            let rt = if rf > g.coords(from).expect("king on board").0 {
                kf - 1
            } else {
                kf + 1
            };
            g.sq(rt, rank)
        });
        if let (Some((rook_sq, _)), Some(rt)) = (castle_rook, rook_to) {
            mark(self.touching(rook_sq));
            mark(self.touching(rt));
        }
        affected[us.index()] |= Self::bit(mover_slot);
        if let Some((_, rs)) = castle_rook {
            affected[us.index()] |= Self::bit(rs);
        }
        let gate = m.gate_square().zip(m.hand()).map(|(sq, role)| {
            let slot = self.free_slot(us);
            affected[us.index()] |= Self::bit(slot);
            (sq, role, slot)
        });
        let flipped = self.flipped_by(m, &victims);
        if flipped != 0 {
            let gate_bit = gate.map_or(0, |(_, _, slot)| Self::bit(slot));
            undo.flips = self.flip_slots(us, flipped, gate_bit);
            self.mark_flips(undo.flips, us, &mut affected);
        }
        let mut key = self.key;
        let mut pawn_key = self.pawn_key;
        for &v in &victims {
            let slot = self.slot_on(v);
            let color = Self::slot_color(slot);
            affected[color.index()] |= Self::bit(slot);
            undo.captured.push((slot as u8, self.slots[slot]));
            self.changes
                .push(Change::Removed(color, self.slots[slot].role, v));
            key ^= z.piece(color, self.slots[slot].role, v);
            pawn_key ^= self.pawn_z(color, self.slots[slot].role, v);
            let s = self.slots[slot];
            key ^= z.promoted(
                color,
                v,
                s.promoted && self.rules.hash_promoted[usize::from(s.role.0)],
            );
        }
        for i in 0..undo.captured.len() {
            let (slot, s) = undo.captured[i];
            let victim = Self::slot_color(usize::from(slot));
            if let Some(keeper) = self.capture_keeper(victim) {
                let role = self.hand_role_of(victim, &s);
                self.change_hand(keeper, role, 1, &mut key);
            }
        }
        let consumed = self.consumed_promotion(m);
        if let Some(r) = consumed {
            self.change_hand(us, r, -1, &mut key);
        }
        // Leapers that stay where they are get their records rewritten
        // in place instead of walked again.
        let mut moving = [0u64; 2];
        moving[us.index()] |= Self::bit(mover_slot);
        if let Some((_, rs)) = castle_rook {
            moving[us.index()] |= Self::bit(rs);
        }
        if let Some((_, _, slot)) = gate {
            moving[us.index()] |= Self::bit(slot);
        }
        for &(slot, _) in &undo.captured {
            let slot = usize::from(slot);
            moving[Self::slot_color(slot).index()] |= Self::bit(slot);
        }
        moving[us.opponent().index()] |= undo.flips.lost;
        moving[us.index()] |= undo.flips.gained;
        let leapers = self.staying_leapers(affected, moving);
        affected[0] &= !leapers[0];
        affected[1] &= !leapers[1];
        undo.affected = affected;
        self.save_records(affected);
        self.unwalk_all(affected);

        // Change the board: empty every square first, then fill.
        self.board[usize::from(from)] = 0;
        for &(slot, s) in &undo.captured {
            let slot = usize::from(slot);
            self.board[usize::from(s.sq)] = 0;
            self.alive[Self::slot_color(slot).index()] &= !Self::bit(slot);
        }
        if let Some((rook_sq, _)) = castle_rook {
            self.board[usize::from(rook_sq)] = 0;
        }
        if undo.flips.lost != 0 {
            self.apply_flips(undo.flips, us, &mut key, &mut pawn_key);
        }
        let new_role = m.promotion().unwrap_or(mover.role);
        // A Kyoto demotion unpromotes; a Superchess promotion brings the
        // reserve's own piece, not a promoted one.
        let now_promoted = if m.is(flag::DEMOTE) {
            false
        } else if self.rules.variant.drops.drop_loop {
            // Loop chess: a captured piece joins the holdings as what it
            // is, so being promoted leaves no trace.
            mover.promoted
        } else {
            mover.promoted || m.promotion().is_some() && consumed.is_none()
        };
        let plus = |r: crate::types::Role| self.rules.hash_promoted[usize::from(r.0)];
        key ^= z.piece(us, mover.role, from)
            ^ z.promoted(us, from, mover.promoted && plus(mover.role));
        self.changes.push(Change::Removed(us, mover.role, from));
        pawn_key ^= self.pawn_z(us, mover.role, from);
        // A pawn type may double-step from anywhere in its double-step
        // region, moved before or not (Fairy-Stockfish's rule), as a FEN
        // or a drop sets it up.
        let pawn = self.rules.promotes[us.index()][usize::from(new_role.0)];
        self.set_slot(
            mover_slot,
            Slot {
                sq: to,
                role: new_role,
                virgin: pawn && self.rules.double_step_region[us.index()][usize::from(to)],
                promoted: now_promoted,
                // What a piece promoted now promoted from; kept while it stays
                // promoted.
                base: match (now_promoted, mover.promoted) {
                    (true, false) => mover.role,
                    (true, true) => mover.base,
                    (false, _) => new_role,
                },
            },
        );
        if undo.exploded {
            self.alive[us.index()] &= !Self::bit(mover_slot);
            // The capturer is taken off the board by its own capture, as
            // it stands after any promotion.
            if self.rules.variant.drops.captures_to_hand {
                let role = self.hand_role_of(us, &self.slots[mover_slot]);
                self.change_hand(us.opponent(), role, 1, &mut key);
                undo.spent = Some(role);
            }
        } else {
            let plus = self.rules.hash_promoted[usize::from(new_role.0)];
            key ^= z.piece(us, new_role, to) ^ z.promoted(us, to, now_promoted && plus);
            self.changes.push(Change::Added(us, new_role, to));
            pawn_key ^= self.pawn_z(us, new_role, to);
            self.board[usize::from(to)] = (mover_slot + 1) as u8;
        }
        if let (Some((rook_sq, rs)), Some(rt)) = (castle_rook, rook_to) {
            let rook = self.slots[rs];
            key ^= z.piece(us, rook.role, rook_sq) ^ z.piece(us, rook.role, rt);
            self.changes.push(Change::Removed(us, rook.role, rook_sq));
            self.changes.push(Change::Added(us, rook.role, rt));
            pawn_key ^= self.pawn_z(us, rook.role, rook_sq) ^ self.pawn_z(us, rook.role, rt);
            self.set_slot(
                rs,
                Slot {
                    sq: rt,
                    virgin: false,
                    ..rook
                },
            );
            self.board[usize::from(rt)] = (rs + 1) as u8;
        }
        if let Some((sq, role, slot)) = gate {
            // Seirawan: the piece from the holdings enters where the mover
            // (or the castling partner) stood.
            self.change_hand(us, role, -1, &mut key);
            self.set_slot(slot, Slot::placed(sq, role));
            self.alive[us.index()] |= Self::bit(slot);
            self.board[usize::from(sq)] = (slot + 1) as u8;
            key ^= z.piece(us, role, sq);
            self.changes.push(Change::Added(us, role, sq));
            pawn_key ^= self.pawn_z(us, role, sq);
            undo.placed = Some(slot as u8);
        }
        self.pawn_key = pawn_key;
        if petrified {
            self.board[usize::from(to)] = super::WALL;
            key ^= z.wall[usize::from(to)];
        }
        if undo.exploded && self.rules.variant.walls.petrify_blast {
            for &v in &victims[direct_victims..] {
                self.board[usize::from(v)] = super::WALL;
                key ^= z.wall[usize::from(v)];
            }
        }
        if old_duck != 0 {
            self.board[usize::from(old_duck)] = 0;
            key ^= z.wall[usize::from(old_duck)];
            self.duck = 0;
        }
        if let Some(w) = wall {
            self.board[usize::from(w)] = super::WALL;
            key ^= z.wall[usize::from(w)];
            if self.rules.variant.walls.rule == crate::variant::Walling::Duck {
                self.duck = w;
            }
        }
        if self.rules.variant.drops.gating {
            let mut left: ArrayVec<Sq, 12> = ArrayVec::new();
            left.push(from);
            left.extend(castle_rook.map(|(rook_sq, _)| rook_sq));
            left.extend(victims.iter().copied());
            self.close_gates(us, &left, mover.role, to);
            key ^= mask_key(&z.gates, undo.gates, self.gates);
        }

        if self.rules.castling.is_some() && !m.is_pass() {
            let mut touched: ArrayVec<Sq, 12> = ArrayVec::new();
            touched.push(from);
            touched.push(to);
            touched.extend(victims.iter().copied());
            self.end_castling_rights(us, m, castling_king_moves, &touched);
        }
        key ^= mask_key(&z.castling, undo.castle, self.castle);

        // E.p. rights from an initial multi-step: the squares it passed.
        // A step that promotes gives none: e.p. takes a pawn as if it had
        // stopped short, and what arrived is no longer a pawn.
        if let Some(&sq) = self.ep.squares.first()
            && let Some((f, _)) = self.rules.geometry().coords(sq)
        {
            key ^= z.en_passant[usize::from(f)];
        }
        self.ep = EpState::default();
        if m.is(flag::DOUBLE) && m.promotion().is_none() {
            self.ep = self.passed_squares(from, to, us.opponent());
            if let Some(&sq) = self.ep.squares.first()
                && let Some((f, _)) = self.rules.geometry().coords(sq)
            {
                key ^= z.en_passant[usize::from(f)];
            }
        }

        // The n-move count restarts with a capture, a promotion (not a
        // demotion) and a move of a pawn type that it cannot take back
        // (Fairy-Stockfish's rule; XBoard's too for xiangqi's soldiers,
        // whose steps sideways count on).
        let r = usize::from(mover.role.0);
        let irreversible = self.rules.resets_clock[us.index()][r]
            && !self.rules.quiet_sets[us.index()][r].may_strike(to, from);
        let promotes = m.promotion().is_some() && !m.is(flag::DEMOTE);
        self.halfmove = if irreversible || promotes || !victims.is_empty() {
            0
        } else {
            self.halfmove + 1
        };
        // A wall that stays (all but the duck) makes every earlier
        // position unreachable.
        let lasting_wall = wall.is_some() && self.duck == 0;
        self.reversible = if victims.is_empty()
            && m.promotion().is_none()
            && m.hand().is_none()
            && !lasting_wall
            && undo.flips.lost == 0
        {
            self.reversible + 1
        } else {
            0
        };
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.castled = match (m.is(flag::CASTLE), m.aux() > m.from()) {
            (false, _) => 0,
            (true, true) => 1,
            (true, false) => 2,
        };
        let end = &self.rules.variant.end;
        self.passes = if m.is_pass() && (end.pass[us.index()] || end.pass_on_stalemate[us.index()])
        {
            self.passes.saturating_add(1)
        } else {
            0
        };
        if self.rules.has_lions {
            // A non-Lion that takes a Lion bans the answer in kind.
            let strike =
                !self.is_lion(&mover) && undo.captured.iter().any(|(_, s)| self.is_lion(s));
            if strike != self.lion_strike {
                key ^= z.lion_strike;
            }
            self.lion_strike = strike;
        }
        self.end_turn(
            us,
            key,
            affected,
            leapers,
            &undo.captured,
            m.promotion().is_some(),
        );
        undo
    }

    /// What every move ends with: the turn passes (`key` is the new key
    /// before that), the changed walks are redone, and the counting and
    /// n-check states follow (`captured`: the men the move took;
    /// `promotion`: it promoted).
    fn end_turn(
        &mut self,
        us: Color,
        key: u64,
        affected: [u64; 2],
        leapers: [u64; 2],
        captured: &[(u8, Slot)],
        promotion: bool,
    ) {
        self.side = us.opponent();
        self.key = key ^ self.rules.zobrist.black_to_move;
        self.walk_all(affected);
        self.patch_leapers(leapers);
        self.update_counting(captured, promotion);
        self.bikjang = if self.kings_face_bikjang() {
            self.bikjang.saturating_add(1)
        } else {
            0
        };
        if self.rules.variant.end.shatar_mate {
            self.update_shak();
        }
        // n-check: a move that gives check uses up one of the mover's.
        if self.rules.variant.end.check_counting
            && self.checks[us.index()] > 0
            && self.in_check(self.side)
        {
            let before = self.checks_key();
            self.checks[us.index()] -= 1;
            self.key ^= before ^ self.checks_key();
        }
    }

    /// The squares strictly between `from` and `to` on a straight or
    /// diagonal line where `capturer` may take e.p. (its
    /// `enPassantRegion`), with `to` as the victim; none if no such square.
    fn passed_squares(&self, from: Sq, to: Sq, capturer: Color) -> EpState {
        let g = self.rules.geometry();
        let mut ep = EpState {
            squares: ArrayVec::new(),
            victim: to,
        };
        if let (Some((ff, fr)), Some((tf, tr))) = (g.coords(from), g.coords(to)) {
            let (dx, dy) = (i32::from(tf) - i32::from(ff), i32::from(tr) - i32::from(fr));
            let n = dx.abs().max(dy.abs());
            if n > 1 && (dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
                for k in 1..n {
                    let s = g.sq(
                        (i32::from(ff) + dx / n * k) as u8,
                        (i32::from(fr) + dy / n * k) as u8,
                    );
                    // A wall the move put on a passed square closes it.
                    if !self.rules.ep_region[capturer.index()][usize::from(s)] || self.is_wall(s) {
                        continue;
                    }
                    if ep.squares.try_push(s).is_err() {
                        break;
                    }
                }
            }
        }
        if ep.squares.is_empty() {
            ep.victim = 0;
        }
        ep
    }

    /// Take back `m`, made with `make` which returned `undo`.
    pub fn unmake(&mut self, m: Move, undo: &Undo) {
        if m.is(flag::DROP) {
            return self.unmake_drop(m, undo);
        }
        let (from, to) = (m.from(), m.to());
        self.side = self.side.opponent();
        let us = self.side;
        let mover_slot = undo.mover_slot;
        let castle_rook = m.is(flag::CASTLE).then(|| {
            let g = self.rules.geometry();
            let (kf, rank) = g.coords(to).expect("castling lands on the board");
            let (rf, _) = g.coords(m.aux()).expect("castling partner is on the board");
            let rt = if rf > g.coords(from).expect("king on board").0 {
                kf - 1
            } else {
                kf + 1
            };
            let rt = g.sq(rt, rank);
            (m.aux(), rt, self.slot_on(rt))
        });
        let affected = undo.affected;
        self.unwalk_all(affected);
        self.unpatch(undo.patched_from);
        self.unflip(undo.flips, us);

        if let Some(slot) = undo.placed {
            let slot = usize::from(slot);
            let s = self.slots[slot];
            self.board[usize::from(s.sq)] = 0;
            self.alive[us.index()] &= !Self::bit(slot);
            self.hand[us.index()][usize::from(s.role.0)] += 1;
        }
        for &(slot, s) in &undo.captured {
            let victim = Self::slot_color(usize::from(slot));
            if let Some(keeper) = self.capture_keeper(victim) {
                let role = self.hand_role_of(victim, &s);
                self.hand[keeper.index()][usize::from(role.0)] -= 1;
            }
        }
        if let Some(role) = undo.spent {
            self.hand[us.opponent().index()][usize::from(role.0)] -= 1;
        }
        if let Some(r) = self.consumed_promotion(m) {
            self.hand[us.index()][usize::from(r.0)] += 1;
        }
        if let Some(cell) = m.wall_cell() {
            let w = self.rules.geometry().cell_square(cell);
            self.board[usize::from(w)] = 0;
        }
        if undo.duck != 0 {
            self.board[usize::from(undo.duck)] = super::WALL;
        }
        self.duck = undo.duck;
        self.board[usize::from(to)] = 0;
        if let Some((_, rt, _)) = castle_rook {
            self.board[usize::from(rt)] = 0;
        }
        self.set_slot(mover_slot, undo.mover);
        self.board[usize::from(from)] = (mover_slot + 1) as u8;
        if undo.exploded {
            self.alive[us.index()] |= Self::bit(mover_slot);
        }
        if let (Some((rook_sq, _, rs)), Some(rook)) = (castle_rook, undo.rook) {
            self.set_slot(rs, rook);
            self.board[usize::from(rook_sq)] = (rs + 1) as u8;
        }
        for &(slot, s) in &undo.captured {
            let slot = usize::from(slot);
            self.set_slot(slot, s);
            self.board[usize::from(s.sq)] = (slot + 1) as u8;
            let c = Self::slot_color(slot).index();
            self.alive[c] |= Self::bit(slot);
        }
        self.restore_state(us, undo);
    }

    /// The game state and walk records as they were before the move `us`
    /// made with `undo`.
    fn restore_state(&mut self, us: Color, undo: &Undo) {
        self.castle = undo.castle;
        self.ep = undo.ep.clone();
        self.halfmove = undo.halfmove;
        self.reversible = undo.reversible;
        self.checks = undo.checks;
        self.counting = undo.counting;
        self.lion_strike = undo.lion_strike;
        self.passes = undo.passes;
        self.bikjang = undo.bikjang;
        self.shak = undo.shak;
        self.castled = undo.castled;
        self.gates = undo.gates;
        if us == Color::Black {
            self.fullmove -= 1;
        }
        self.key = undo.key;
        self.pawn_key = undo.pawn_key;
        self.restore_records(undo.affected, undo.saved_from);
    }

    /// Play a drop: a piece from the holdings enters an empty square.
    fn make_drop(&mut self, m: Move) -> Undo {
        let to = m.to();
        let us = self.side;
        let role = m.hand().expect("a drop names the piece it drops");
        let placed = m.promotion().unwrap_or(role);
        let rules = self.rules.clone();
        let z = &rules.zobrist;
        let slot = self.free_slot(us);
        let mut affected = self.touching(to);
        let flipped = self.flipped_by(m, &[]);
        let flips = if flipped != 0 {
            let flips = self.flip_slots(us, flipped, Self::bit(slot));
            self.mark_flips(flips, us, &mut affected);
            flips
        } else {
            Flips::default()
        };
        let mut moving = [0; 2];
        moving[us.opponent().index()] = flips.lost;
        moving[us.index()] = flips.gained;
        let leapers = self.staying_leapers(affected, moving);
        affected[0] &= !leapers[0];
        affected[1] &= !leapers[1];
        affected[us.index()] |= Self::bit(slot);
        let ep = std::mem::take(&mut self.ep);
        let mut undo = self.undo_record(slot, ep, affected);
        undo.flips = flips;
        self.save_records(affected);
        self.unwalk_all(affected);
        let mut key = self.key;
        self.changes.clear();
        if !rules.variant.drops.free_drops {
            self.change_hand(us, role, -1, &mut key);
        }
        if flips.lost != 0 {
            let mut pawn_key = self.pawn_key;
            self.apply_flips(flips, us, &mut key, &mut pawn_key);
            self.pawn_key = pawn_key;
        }
        let promoted = m.promotion().is_some();
        let pawn = rules.promotes[us.index()][usize::from(placed.0)];
        self.set_slot(
            slot,
            Slot {
                sq: to,
                role: placed,
                virgin: pawn && rules.double_step_region[us.index()][usize::from(to)],
                promoted,
                base: role,
            },
        );
        self.alive[us.index()] |= Self::bit(slot);
        self.board[usize::from(to)] = (slot + 1) as u8;
        self.changes.push(Change::Added(us, placed, to));
        self.pawn_key ^= self.pawn_z(us, placed, to);
        key ^= z.piece(us, placed, to)
            ^ z.promoted(
                us,
                to,
                promoted && rules.hash_promoted[usize::from(placed.0)],
            );
        if let Some(&sq) = undo.ep.squares.first()
            && let Some((f, _)) = rules.geometry().coords(sq)
        {
            key ^= z.en_passant[usize::from(f)];
        }
        // Every drop restarts the n-move count (Fairy-Stockfish's rule).
        self.halfmove = 0;
        self.reversible = 0;
        self.passes = 0;
        self.castled = 0;
        if us == Color::Black {
            self.fullmove += 1;
        }
        if self.lion_strike {
            key ^= z.lion_strike;
            self.lion_strike = false;
        }
        if rules.castling.is_some()
            && rules
                .variant
                .castling
                .as_ref()
                .is_some_and(|c| c.dropped_piece)
        {
            let before = self.castle;
            self.castle_dropped(us, placed, to);
            key ^= mask_key(&z.castling, before, self.castle);
        }
        self.end_turn(us, key, affected, leapers, &[], false);
        undo
    }

    /// Take back a drop made with `make_drop`.
    fn unmake_drop(&mut self, m: Move, undo: &Undo) {
        self.side = self.side.opponent();
        let us = self.side;
        let slot = undo.mover_slot;
        self.unwalk_all(undo.affected);
        self.unpatch(undo.patched_from);
        self.unflip(undo.flips, us);
        self.board[usize::from(m.to())] = 0;
        self.alive[us.index()] &= !Self::bit(slot);
        self.set_slot(slot, undo.mover);
        if let Some(role) = m.hand()
            && !self.rules.variant.drops.free_drops
        {
            self.hand[us.index()][usize::from(role.0)] += 1;
        }
        self.restore_state(us, undo);
    }

    /// Add to `affected` what `f` changes: the walks through the flipped
    /// squares, and the flipped pieces' old and new slots.
    fn mark_flips(&self, f: Flips, us: Color, affected: &mut [u64; 2]) {
        let them = us.opponent();
        let mut lost = f.lost;
        while lost != 0 {
            let b = lost.trailing_zeros() as usize;
            lost &= lost - 1;
            let touch = self.touching(self.slots[Self::slot_index(them, b)].sq);
            affected[0] |= touch[0];
            affected[1] |= touch[1];
        }
        affected[them.index()] |= f.lost;
        affected[us.index()] |= f.gained;
    }

    /// A piece of a Lion type, born one or promoted to one (a Kirin that
    /// promoted is a Lion for the trading rules too, as HaChu and the
    /// Chu Shogi rule books have it).
    pub fn is_lion(&self, s: &Slot) -> bool {
        self.rules.lion[usize::from(s.role.0)]
    }
}
