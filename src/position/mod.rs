//! Positions: the board, the piece list, the game state and the attack map.
//!
//! The board is a padded mailbox (`geometry`) holding, per square, nothing,
//! a guard, or the index of a piece-list slot. Each side has 64 slots; a
//! slot keeps its piece's square and role. The attack map (`attack`) records
//! per square which slots reach it, and per slot what its trajectories found;
//! `make` and `unmake` keep both current by re-walking only the pieces whose
//! walks pass the squares a move changes.

mod attack;
pub mod chase;
mod check;
mod counting;
mod fen;
mod flip;
mod goals;
mod make;
mod records;
mod rights;
pub mod rules;
mod scratch;
mod sfen;

pub use attack::entry;
pub use fen::{MAX_IN_HAND, PositionError};
pub(crate) use flip::drop_unfit;
pub use make::Undo;
pub(crate) use records::stands_alone;
pub use rules::{MateMaterial, Rules};

use crate::types::{Color, HAND_ROLES, Move, Role, SLOTS_PER_SIDE, Sq};
use crate::variant::{GameValue, MaterialCounting};
use arrayvec::ArrayVec;
use std::cell::Cell;
use std::sync::Arc;

const SLOTS: usize = 2 * SLOTS_PER_SIDE;
/// Board code of a guard square.
pub const EDGE: u8 = 255;
/// Board code of a wall square: occupied, but by no side's piece. Walks
/// treat it as a friend of every piece (it blocks, screens a hopper, and
/// cannot be taken); no move lands on it.
pub const WALL: u8 = 254;

/// One piece of the piece list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    pub sq: Sq,
    pub role: Role,
    /// Has not moved (for `i` moves, e.g. the pawn's double step).
    pub virgin: bool,
    /// Came from a promotion (reverts when captured in drop games).
    pub promoted: bool,
    /// While shogi-promoted, the type it promoted from (what it demotes
    /// to and returns to hand as); its own role otherwise.
    pub base: Role,
}

impl Slot {
    /// A piece put on `sq` from outside the board (a gate, a scratch
    /// position): moved, unpromoted.
    fn placed(sq: Sq, role: Role) -> Slot {
        Slot {
            sq,
            role,
            virgin: false,
            promoted: false,
            base: role,
        }
    }
}

const NO_SLOT: Slot = Slot {
    sq: 0,
    role: Role(0),
    virgin: false,
    promoted: false,
    base: Role(0),
};

/// Which rule other than mate ended a game ([`Position::rule_outcome`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleEnd {
    /// A side lost the pieces the variant counts (extinction, bare king).
    Extinction,
    /// A flag piece reached its region.
    Flag,
    /// A side gave its last check (n-check).
    ChecksGiven,
    /// A side castled where that wins, or lost the right to (castle
    /// chess).
    Castled,
    /// A side connected its pieces.
    Connect,
    /// Both sides passed, one after the other.
    Passes,
    /// The kings faced each other and the side to move passed (janggi).
    Bikjang,
    /// Every square is occupied (`adjudicateFullBoard`).
    FullBoard,
}

/// Where an e.p. capture may land, and whom it removes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EpState {
    pub squares: ArrayVec<Sq, 4>,
    /// Square of the piece that made the multi-step; 0 when none.
    pub victim: Sq,
}

/// What one walked cell found (see [`entry`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    pub sq: Sq,
    pub kind: u8,
    /// The square of a piece captured in passing on the way here, or 0.
    pub aux: Sq,
}

/// A game position of one variant.
#[derive(Clone)]
pub struct Position {
    rules: Arc<Rules>,
    board: Box<[u8]>,
    slots: [Slot; SLOTS],
    alive: [u64; 2],
    /// Slots (bits as in `alive`) whose piece is of a royal type, whether
    /// alive or not: kept by [`Position::set_slot`] so that finding the
    /// royal pieces does not look at every piece.
    royal_slots: [u64; 2],
    /// The same for the types [`Rules::watched`] names.
    watched_slots: [u64; 2],
    side: Color,
    /// Files whose partner piece still has castling rights, per colour.
    castle: [u32; 2],
    ep: EpState,
    halfmove: u32,
    /// Plies since the last move that changed the material (a capture, a
    /// promotion, a piece entering from the holdings): how far back a
    /// repetition may lie. Not the n-move clock, which also restarts on
    /// moves that can be undone (a xiangqi soldier's sideways step).
    reversible: u32,
    fullmove: u32,
    /// n-check: checks each side still has to give (unused otherwise).
    checks: [u8; 2],
    /// Counting rules (makruk, ASEAN).
    counting: counting::Counting,
    /// Chu Shogi: a non-Lion has just taken a Lion, so the side to move may
    /// not take a Lion with a non-Lion.
    lion_strike: bool,
    /// Passes made in a row where the rules allow passing (two end the
    /// game).
    passes: u8,
    /// Shatar: per colour, the series of checks it is under (from its
    /// turns, one after another, in check) has had a shak.
    shak: [bool; 2],
    /// Janggi's bikjang: positions in a row, this one included, in which
    /// the two kings face each other on an open line (two end the game).
    bikjang: u8,
    /// The last move castled: 1 kingside, 2 queenside, 0 not (castle
    /// chess's `castlingWins`).
    castled: u8,
    /// Pieces in hand, per colour and role (drop variants, Seirawan).
    hand: [[u8; HAND_ROLES]; 2],
    /// Seirawan gates: files of each side's first rank whose piece has not
    /// moved yet, where a piece from the holdings may enter.
    gates: [u32; 2],
    /// The duck (`wallingRule = duck`): the one wall, which every move
    /// puts somewhere else; 0 when there is none.
    duck: Sq,
    key: u64,
    /// The Zobrist key of the pawn types alone (pieces that promote),
    /// which the search's correction history is indexed by.
    pawn_key: u64,
    /// The attack map, per padded square.
    map: Box<[SquareMap]>,
    /// Walk records, `cap` per slot.
    records: Box<[Entry]>,
    rec_len: [u16; SLOTS],
    cap: usize,
    /// Per slot (`cap` each), the moves its walk record yields as they
    /// stand (`EntryMove::Ready` in records.rs), read off the record when
    /// first asked for and kept until the record changes, so that
    /// generating the moves of a piece the last moves left alone is a
    /// copy. Cells, because move generation reads the position. Per
    /// colour: the slots whose ready moves are known; those whose moves
    /// need the generator's full road; those whose records hold e.p.
    /// captures (on the full road too while there is an e.p. victim).
    ready: Box<[Cell<Move>]>,
    ready_len: [Cell<u16>; SLOTS],
    /// Which of a slot's ready moves are captures (bit i for move i).
    ready_captures: [Cell<u64>; SLOTS],
    ready_known: [Cell<u64>; 2],
    intricate: [Cell<u64>; 2],
    ep_takers: [Cell<u64>; 2],
    /// Walk records saved by `make` for `unmake`, as a stack.
    saved: Vec<Entry>,
    /// Entries of leapers' records that `make` rewrote in place, with
    /// their old kinds, for `unmake` (a stack like `saved`).
    patches: Vec<Patch>,
    /// What the last `make` put on and took off the board and changed in
    /// the holdings: all a learned evaluation needs to follow a move.
    changes: ArrayVec<Change, MAX_CHANGES>,
}

/// The most [`Change`]s one move makes: a flip of every enemy piece (two
/// each), besides the mover's own (an atomic capture removing nine pieces,
/// a castling or gating move, each with its holdings counts).
pub const MAX_CHANGES: usize = 2 * SLOTS_PER_SIDE + 32;

/// One thing a move changed that a learned evaluation's inputs see.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// A piece of this colour and role arrived on the square.
    Added(Color, Role, Sq),
    /// A piece of this colour and role left the square.
    Removed(Color, Role, Sq),
    /// The colour's holdings of the role went from the first count to the
    /// second.
    Hand(Color, Role, u8, u8),
}

/// One rewritten walk-record entry: the slot, the entry's index in its
/// record, and the kind it had.
#[derive(Clone, Copy, Debug)]
struct Patch {
    slot: u8,
    kind: u8,
    index: u16,
}

/// Attack-map bits of one square, per colour; one cache line holds a square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(align(64))]
pub(crate) struct SquareMap {
    /// Slots that could capture an enemy here.
    pub attack: [u64; 2],
    /// Slots that can move here while the square is empty.
    pub quiet: [u64; 2],
    /// Slots whose walk visits the square.
    pub touch: [u64; 2],
}

impl Position {
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// Room in the undo stacks for a search tree, so that `make` does not
    /// allocate there (a clone keeps only what is in use). A search uses
    /// about two walk records per ply; sixteen is ample, and the cap keeps
    /// each position's stacks below a few hundred kilobytes: these are
    /// freed and taken again with every position, and large blocks churned
    /// that way make the allocator hold on to memory.
    pub fn reserve_undo(&mut self) {
        let want = (self.cap * 16).clamp(1024, 1 << 16);
        self.saved.reserve(want.saturating_sub(self.saved.len()));
        self.patches
            .reserve(1024usize.saturating_sub(self.patches.len()));
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// What the last [`Position::make`] changed on the board and in the
    /// holdings (empty after a null move's turn or a fresh position).
    pub fn changes(&self) -> &[Change] {
        &self.changes
    }

    #[inline]
    pub fn slot_index(color: Color, bit: usize) -> usize {
        color.index() * SLOTS_PER_SIDE + bit
    }

    /// The colour of the pieces in `slot`.
    #[inline]
    pub(crate) fn slot_color(slot: usize) -> Color {
        if slot < SLOTS_PER_SIDE {
            Color::White
        } else {
            Color::Black
        }
    }

    /// `slot`'s bit among its colour's.
    #[inline]
    pub(crate) fn bit(slot: usize) -> u64 {
        1 << (slot % SLOTS_PER_SIDE)
    }

    /// Put `s` in `slot`, keeping `royal_slots`: every write of a slot
    /// goes through here.
    #[inline]
    pub(super) fn set_slot(&mut self, slot: usize, s: Slot) {
        let bit = Self::bit(slot);
        let c = Self::slot_color(slot).index();
        if self.rules.royal[usize::from(s.role.0)] {
            self.royal_slots[c] |= bit;
        } else {
            self.royal_slots[c] &= !bit;
        }
        if self.rules.watched[usize::from(s.role.0)] {
            self.watched_slots[c] |= bit;
        } else {
            self.watched_slots[c] &= !bit;
        }
        self.slots[slot] = s;
    }

    /// Slots in use for `color`, one bit per slot.
    #[inline]
    pub fn alive(&self, color: Color) -> u64 {
        self.alive[color.index()]
    }

    #[inline]
    pub fn slot(&self, slot: usize) -> &Slot {
        &self.slots[slot]
    }

    /// The piece on a square, if any.
    #[inline]
    pub fn piece_on(&self, sq: Sq) -> Option<(Color, Slot)> {
        match self.board[usize::from(sq)] {
            0 | EDGE | WALL => None,
            code => {
                let slot = usize::from(code - 1);
                Some((Self::slot_color(slot), self.slots[slot]))
            }
        }
    }

    /// The slot of the piece on a square, if any (for its walk record).
    #[inline]
    pub fn slot_at(&self, sq: Sq) -> Option<usize> {
        match self.board[usize::from(sq)] {
            0 | EDGE | WALL => None,
            code => Some(usize::from(code - 1)),
        }
    }

    /// A wall stands on `sq`.
    #[inline]
    pub fn is_wall(&self, sq: Sq) -> bool {
        self.board[usize::from(sq)] == WALL
    }

    /// Nothing, piece or wall, stands on board square `sq`.
    #[inline]
    pub fn is_empty(&self, sq: Sq) -> bool {
        self.board[usize::from(sq)] == 0
    }

    /// The board squares holding walls.
    pub fn walls(&self) -> impl Iterator<Item = Sq> + '_ {
        self.rules
            .geometry()
            .squares()
            .filter(|&sq| self.board[usize::from(sq)] == WALL)
    }

    /// The walk record of a slot.
    #[inline]
    pub fn records(&self, slot: usize) -> &[Entry] {
        let start = slot * self.cap;
        &self.records[start..start + usize::from(self.rec_len[slot])]
    }

    #[inline]
    pub fn attacked_by(&self, sq: Sq, color: Color) -> bool {
        self.map[usize::from(sq)].attack[color.index()] != 0
    }

    /// Slots of `color` whose walks visit `sq`.
    #[inline]
    pub fn touched_by(&self, sq: Sq, color: Color) -> u64 {
        self.map[usize::from(sq)].touch[color.index()]
    }

    /// Slots of `color` that can move to `sq`: by capture if an enemy of
    /// theirs stands there, else by a quiet move.
    pub fn movers_to(&self, sq: Sq, color: Color) -> u64 {
        let m = &self.map[usize::from(sq)];
        match self.piece_on(sq) {
            Some((c, _)) if c != color => m.attack[color.index()],
            Some(_) => 0,
            None => m.quiet[color.index()],
        }
    }

    /// Slots of `color` that attack `sq`.
    pub fn attackers(&self, sq: Sq, color: Color) -> u64 {
        self.map[usize::from(sq)].attack[color.index()]
    }

    /// Pieces of `role` in `color`'s holdings.
    #[inline]
    pub fn in_hand(&self, color: Color, role: Role) -> u8 {
        self.hand[color.index()]
            .get(usize::from(role.0))
            .copied()
            .unwrap_or(0)
    }

    /// `color`'s holdings, indexed by role.
    pub fn holdings(&self, color: Color) -> &[u8] {
        &self.hand[color.index()][..self.rules.variant.pieces.len().min(HAND_ROLES)]
    }

    /// `color` holds a royal piece in hand (a placement phase): it is not
    /// in check, but must not drop its king into attack.
    pub fn royal_in_hand(&self, color: Color) -> bool {
        self.holdings(color)
            .iter()
            .enumerate()
            .any(|(r, &n)| n > 0 && self.rules.royal[r])
    }

    /// Files of `color`'s first rank where a Seirawan gate is open.
    pub fn gates(&self, color: Color) -> u32 {
        self.gates[color.index()]
    }

    pub fn castling_rights(&self, color: Color) -> u32 {
        self.castle[color.index()]
    }

    pub fn ep(&self) -> &EpState {
        &self.ep
    }

    pub fn key(&self) -> u64 {
        self.key
    }

    /// The pawn structure's key: pawns change slowly, so what the search
    /// learns about a structure's evaluation errors outlives single
    /// positions.
    pub fn pawn_key(&self) -> u64 {
        self.pawn_key
    }

    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// How many plies back a repetition of this position may lie: since
    /// the last change of material, except where captured pieces come back
    /// from the holdings (crazyhouse, shogi, Superchess), so a capture is
    /// no barrier: there the whole game counts.
    pub fn repetition_window(&self) -> usize {
        let drops = &self.rules.variant.drops;
        if drops.captures_to_hand || drops.captures_to_owners_hand {
            usize::MAX
        } else {
            self.reversible as usize
        }
    }

    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The castling king of `color` on its castling rank, if there.
    pub fn castling_king(&self, color: Color) -> Option<Sq> {
        let c = self.rules.castling.as_ref()?;
        let role = c.king_role[color.index()];
        let g = self.rules.geometry();
        let rank = c.rank[color.index()];
        // The one nearest the a-file where several stand there.
        self.squares_of(color, role)
            .filter_map(|s| g.coords(s).filter(|&(_, r)| r == rank).map(|(f, _)| (f, s)))
            .min()
            .map(|(_, s)| s)
    }

    /// The pieces of `color` on the board: slot index and slot.
    #[inline]
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (usize, &Slot)> + '_ {
        let mut alive = self.alive[color.index()];
        std::iter::from_fn(move || {
            (alive != 0).then(|| {
                let bit = alive.trailing_zeros() as usize;
                alive &= alive - 1;
                let slot = Self::slot_index(color, bit);
                (slot, &self.slots[slot])
            })
        })
    }

    /// Number of `role` pieces `color` has on the board.
    pub fn count(&self, color: Color, role: Role) -> u32 {
        self.squares_of(color, role).count() as u32
    }

    /// Squares of `color`'s `role` pieces. A watched type
    /// ([`Rules::watched`]) is looked for among its slots only.
    pub fn squares_of(&self, color: Color, role: Role) -> impl Iterator<Item = Sq> + '_ {
        let c = color.index();
        let mut bits = if self.rules.watched[usize::from(role.0)] {
            self.alive[c] & self.watched_slots[c]
        } else {
            self.alive[c]
        };
        std::iter::from_fn(move || {
            while bits != 0 {
                let slot = Self::slot_index(color, bits.trailing_zeros() as usize);
                bits &= bits - 1;
                if self.slots[slot].role == role {
                    return Some(self.slots[slot].sq);
                }
            }
            None
        })
    }

    /// The side to move has to drop a piece if it can (`mustDrop`, with
    /// pieces of `mustDropType` in hand).
    pub fn must_drop(&self) -> bool {
        let drops = &self.rules.variant.drops;
        drops.must_drop
            && match drops.must_drop_type {
                Some(role) => self.in_hand(self.side, role) > 0,
                None => self.holdings(self.side).iter().any(|&n| n > 0),
            }
    }

    /// Whether a move is legal depends on the other moves (forced
    /// captures, forced drops): take the whole legal list, not moves one
    /// by one.
    pub fn moves_restrict_each_other(&self) -> bool {
        let end = &self.rules.variant.end;
        end.must_capture || self.must_drop() || end.pass_on_stalemate[self.side.index()]
    }

    /// A pawn's promotion to `role` is open: the side has fewer than the
    /// limit of it, and has it in hand where promotions take it from
    /// there.
    pub fn promotion_allowed(&self, color: Color, role: Role) -> bool {
        let p = &self.rules.variant.promotion;
        if (p.require_in_hand || p.consume_in_hand) && self.in_hand(color, role) == 0 {
            return false;
        }
        self.under_promotion_limit(color, role)
    }

    /// The side has fewer pieces of `role` than `promotionLimit` allows:
    /// promotion to it, a pawn's or a piece's shogi-style turn-over, is
    /// open.
    pub fn under_promotion_limit(&self, color: Color, role: Role) -> bool {
        match self
            .rules
            .variant
            .promotion
            .limits
            .iter()
            .find(|(r, _)| *r == role)
        {
            Some(&(_, limit)) => self.count(color, role) < limit,
            None => true,
        }
    }

    /// An e.p. capture by a `role` piece of `color` landing on `to`.
    pub fn ep_capture_possible(&self, color: Color, role: Role, to: Sq) -> bool {
        self.ep.victim != 0
            && self.ep.squares.contains(&to)
            && self.rules.ep_capturer[color.index()][usize::from(role.0)]
            && self
                .piece_on(self.ep.victim)
                .is_some_and(|(c, _)| c != color)
    }

    /// The game has ended by a rule other than mate (see
    /// [`Position::rule_outcome`]).
    pub fn game_over_by_rule(&self) -> bool {
        self.rule_outcome().is_some()
    }

    /// The result for the side to move when a rule other than mate has
    /// ended the game, and which rule; `None` while the game goes on. The
    /// rules are judged in Fairy-Stockfish's order: extinction (with
    /// `claim`, only the side to move can win this way, so a bared side
    /// still gets its reply), the flag, checks given, connections.
    pub fn rule_outcome(&self) -> Option<(GameValue, RuleEnd)> {
        let sides = [self.side, self.side.opponent()];
        // Pieces in hand count, as Fairy-Stockfish counts them: a side
        // whose men are all in hand is not extinct.
        let extinct = self.rules.variant.extinction_outcome(|side, what| {
            let c = sides[side];
            match what {
                None => {
                    let held: u32 = self.holdings(c).iter().map(|&n| u32::from(n)).sum();
                    self.alive[c.index()].count_ones() + held
                }
                Some(role) => self.count(c, role) + u32::from(self.in_hand(c, role)),
            }
        });
        if let Some(value) = extinct {
            return Some((value, RuleEnd::Extinction));
        }
        if let Some(value) = self.flag_outcome() {
            return Some((value, RuleEnd::Flag));
        }
        if let Some(value) = self.castling_outcome() {
            return Some((value, RuleEnd::Castled));
        }
        if self.rules.variant.end.check_counting {
            if self.checks[self.side.opponent().index()] == 0 {
                return Some((GameValue::Loss, RuleEnd::ChecksGiven));
            }
            if self.checks[self.side.index()] == 0 {
                return Some((GameValue::Win, RuleEnd::ChecksGiven));
            }
        }
        if let Some(value) = self.connect_outcome() {
            return Some((value, RuleEnd::Connect));
        }
        // Fairy-Stockfish: two passes in a row end the game, drawn, and so
        // do a bikjang the side to move did not break and a full board
        // where the variant says so (decided by material where it counts).
        if self.passes >= 2 {
            return Some((self.drawn(), RuleEnd::Passes));
        }
        if self.bikjang >= 2 {
            return Some((self.drawn(), RuleEnd::Bikjang));
        }
        (self.rules.variant.end.adjudicate_full_board && self.board_full())
            .then(|| (self.drawn(), RuleEnd::FullBoard))
    }

    /// No board square is empty (walls count as filled).
    fn board_full(&self) -> bool {
        let g = self.rules.geometry();
        g.squares().all(|sq| !self.is_empty(sq))
    }

    /// Shatar: the side to move, if in check, adds this check to its
    /// series (a shak if a knight, rook or bers gives it); out of check
    /// its series is over.
    pub(crate) fn update_shak(&mut self) {
        let us = self.side;
        let them = us.opponent();
        let mut shak = false;
        let mut checked = false;
        for sq in self.royals(us) {
            let mut attackers = self.attackers(sq, them);
            checked |= attackers != 0;
            while attackers != 0 {
                let bit = attackers.trailing_zeros() as usize;
                attackers &= attackers - 1;
                let role = self.slots[Self::slot_index(them, bit)].role;
                shak |= self.rules.shak[usize::from(role.0)];
            }
        }
        self.shak[us.index()] = checked && (shak || self.shak[us.index()]);
    }

    /// The value of a checkmate for the side mated: the variant's, or by
    /// shatar's rule a win when only knights give it, a draw when no check
    /// of the series was a shak.
    pub fn checkmate_value(&self) -> GameValue {
        let end = &self.rules.variant.end;
        if !end.shatar_mate {
            return end.checkmate;
        }
        let us = self.side;
        let them = us.opponent();
        let only_knights = self.royals(us).all(|sq| {
            let mut attackers = self.attackers(sq, them);
            let mut knights = true;
            while attackers != 0 {
                let bit = attackers.trailing_zeros() as usize;
                attackers &= attackers - 1;
                let role = self.slots[Self::slot_index(them, bit)].role;
                knights &= self.rules.shatar_knight[usize::from(role.0)];
            }
            knights
        });
        if only_knights {
            GameValue::Win
        } else if self.shak[us.index()] {
            end.checkmate
        } else {
            GameValue::Draw
        }
    }

    /// Janggi's bikjang rule is on and the two kings stand on one open
    /// line (a file or a rank with nothing between them).
    pub(crate) fn kings_face_bikjang(&self) -> bool {
        self.rules.variant.end.bikjang && self.generals_face()
    }

    /// The bikjang of the position before the last move stands: the side
    /// that moved faced it and did not break it. Only a pass may do that.
    pub fn bikjang_unbroken(&self) -> bool {
        self.bikjang >= 2
    }

    /// The bikjang rule binds the side to move: it must break the facing
    /// of the kings or pass.
    pub fn in_bikjang(&self) -> bool {
        self.bikjang >= 1
    }

    /// The result of a game that ends drawn by its rules, for the side to
    /// move: a draw, or what `materialCounting` makes of it.
    pub fn drawn(&self) -> GameValue {
        let Some(counting) = self.rules.variant.end.material_counting else {
            return GameValue::Draw;
        };
        let white = match counting {
            MaterialCounting::WhiteDrawOdds => GameValue::Win,
            MaterialCounting::BlackDrawOdds => GameValue::Loss,
            MaterialCounting::Unweighted => {
                let [w, b] = Color::BOTH.map(|c| self.alive[c.index()].count_ones());
                match w.cmp(&b) {
                    std::cmp::Ordering::Greater => GameValue::Win,
                    std::cmp::Ordering::Less => GameValue::Loss,
                    std::cmp::Ordering::Equal => GameValue::Draw,
                }
            }
            MaterialCounting::Janggi => {
                let points = |c: Color| -> i32 {
                    self.pieces(c)
                        .map(|(_, s)| {
                            janggi_points(&self.rules.variant.pieces[usize::from(s.role.0)].key)
                        })
                        .sum()
                };
                if points(Color::White) - points(Color::Black) > 1 {
                    GameValue::Win
                } else {
                    GameValue::Loss
                }
            }
        };
        if self.side == Color::White {
            white
        } else {
            white.reversed()
        }
    }

    /// Castle chess (`castlingWins`): the side that just castled on a
    /// winning side has won; a side that can no longer castle on one has
    /// lost (the opponent's loss counted first, as in Fairy-Stockfish).
    fn castling_outcome(&self) -> Option<GameValue> {
        let castling = self.rules.variant.castling.as_ref()?;
        if castling.wins == [[false; 2]; 2] {
            return None;
        }
        let them = self.side.opponent();
        if self.castled != 0 && castling.wins[them.index()][usize::from(self.castled - 1)] {
            return Some(GameValue::Loss);
        }
        for (c, value) in [(them, GameValue::Win), (self.side, GameValue::Loss)] {
            let (kingside, queenside) = self.castling_sides(c);
            let wins = castling.wins[c.index()];
            if wins[0] && !kingside || wins[1] && !queenside {
                return Some(value);
            }
        }
        None
    }

    /// Whether `color` may still castle kingside and queenside: a right
    /// to a partner right or left of its castling king.
    fn castling_sides(&self, color: Color) -> (bool, bool) {
        let rights = self.castle[color.index()];
        let (kingside, queenside) = self.castling_side_masks(color);
        (rights & kingside != 0, rights & queenside != 0)
    }

    /// The castling-right files of `color` right and left of its castling
    /// king (its start file where the king is gone), as masks.
    pub(crate) fn castling_side_masks(&self, color: Color) -> (u32, u32) {
        let g = self.rules.geometry();
        let king_file = self
            .castling_king(color)
            .and_then(|k| g.coords(k))
            .map(|(f, _)| f)
            .or_else(|| self.rules.variant.castling.as_ref().map(|c| c.king_file))
            .unwrap_or(0);
        let up_to_king = (2u32 << king_file) - 1;
        (!up_to_king, up_to_king >> 1)
    }

    /// n-check: the checks `color` still has to give to win.
    pub fn checks_to_give(&self, color: Color) -> u32 {
        u32::from(self.checks[color.index()])
    }

    /// The key term of the n-check counters (zero without check counting).
    fn checks_key(&self) -> u64 {
        if !self.rules.variant.end.check_counting {
            return 0;
        }
        let z = &self.rules.zobrist;
        (0..2).fold(0, |k, c| {
            k ^ z.checks[c][usize::from(self.checks[c].min(15))]
        })
    }

    /// The result for the side to move when it has no legal move and is
    /// not in check: the variant's stalemate value, or with
    /// `stalematePieceCount` that value for the side with fewer pieces
    /// (a win in suicide chess, a loss in ataxx), its reverse for the side
    /// with more, a draw for equal counts. A draw goes to material
    /// counting where the variant has it (Fairy-Stockfish's order).
    pub fn stalemate_value(&self) -> GameValue {
        let end = &self.rules.variant.end;
        let value = if end.stalemate_piece_count {
            let ours = self.alive[self.side.index()].count_ones();
            let theirs = self.alive[self.side.opponent().index()].count_ones();
            match ours.cmp(&theirs) {
                std::cmp::Ordering::Less => end.stalemate,
                std::cmp::Ordering::Equal => GameValue::Draw,
                std::cmp::Ordering::Greater => end.stalemate.reversed(),
            }
        } else {
            end.stalemate
        };
        if value == GameValue::Draw {
            self.drawn()
        } else {
            value
        }
    }

    /// Pass the move (null move, for search): only the side to move and
    /// the e.p. state change; walks do not depend on whose turn it is.
    pub fn make_null(&mut self) -> EpState {
        let z = &self.rules.zobrist;
        let mut key = self.key ^ z.black_to_move;
        if let Some(&sq) = self.ep.squares.first()
            && let Some((f, _)) = self.rules.geometry().coords(sq)
        {
            key ^= z.en_passant[usize::from(f)];
        }
        self.key = key;
        self.side = self.side.opponent();
        self.changes.clear();
        std::mem::take(&mut self.ep)
    }

    /// Take back [`Position::make_null`].
    pub fn unmake_null(&mut self, ep: EpState) {
        let z = &self.rules.zobrist;
        let mut key = self.key ^ z.black_to_move;
        if let Some(&sq) = ep.squares.first()
            && let Some((f, _)) = self.rules.geometry().coords(sq)
        {
            key ^= z.en_passant[usize::from(f)];
        }
        self.key = key;
        self.side = self.side.opponent();
        self.ep = ep;
    }

    /// Recompute the key and the attack map from scratch and compare; for
    /// tests of the incremental updates.
    pub fn verify(&self) -> Result<(), String> {
        let mut fresh = self.clone();
        fresh.rebuild();
        if fresh.key != self.key {
            return Err(format!(
                "key {:#x} != recomputed {:#x}",
                self.key, fresh.key
            ));
        }
        if fresh.pawn_key != self.pawn_key {
            return Err(format!(
                "pawn key {:#x} != recomputed {:#x}",
                self.pawn_key, fresh.pawn_key
            ));
        }
        let g = self.rules.geometry();
        for sq in g.squares() {
            let i = usize::from(sq);
            if fresh.map[i] != self.map[i] {
                return Err(format!("attack map differs on {}", g.name(sq)));
            }
        }
        for slot in 0..SLOTS {
            let alive = self.alive[Self::slot_color(slot).index()] & Self::bit(slot) != 0;
            if alive && fresh.records(slot) != self.records(slot) {
                return Err(format!("walk record of slot {slot} differs"));
            }
            let ready = |p: &Position| {
                let mut moves = Vec::new();
                p.ready_moves::<true, true>(slot, |m| moves.push(m))
                    .then_some(moves)
            };
            if alive && ready(&fresh) != ready(self) {
                return Err(format!("ready moves of slot {slot} differ"));
            }
        }
        Ok(())
    }
}

/// Janggi's material points of a piece type, by its Fairy-Stockfish key.
fn janggi_points(key: &str) -> i32 {
    match key {
        "rook" => 13,
        "janggiCannon" => 7,
        "horse" => 5,
        "janggiElephant" | "wazir" => 3,
        "soldier" => 2,
        _ => 0,
    }
}
