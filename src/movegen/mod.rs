//! The attack-table move generator: legal moves read from the walk records
//! that the incremental attack map keeps for every piece.
//!
//! A piece's walk (see `position::attack`) already lists every square its
//! trajectories reach on the current board and what it could do there, so
//! generating its moves is a scan of that list: no ray is traced twice.
//! Moves come out as pseudo-legal candidates; legality is then decided by
//! making the move and reading the attack map at the royal squares.

mod perft;

pub use perft::{PerftSuiteLine, SHORT_COUNT, SuiteResult, check_suite_line, perft, perft_divide};

use crate::geometry::Sq;
use crate::position::{Position, entry};
use crate::variant::{Color, Role};
use arrayvec::ArrayVec;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

/// A move, packed into eight bytes so move lists stay small: three
/// squares of 12 bits (padded boards stay below 4096 squares, checked when
/// the trajectory table is built), the promotion role, the role taken from
/// the holdings (a drop, or a Seirawan gating), and the flags.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u64);

const _: () = assert!(std::mem::size_of::<Move>() == 8);

/// Largest padded square number a move can hold.
pub const MAX_SQ: usize = 1 << 12;
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
    /// Lion's pass): nothing moves; XBoard's null move `@@@@`.
    #[inline]
    pub fn is_pass(self) -> bool {
        self.from() == self.to() && !self.is(flag::LOCUST | flag::DROP)
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

/// What follows the squares of a promotion to `r` on the wire: XBoard's `+`
/// for a shogi-style promotion (to a type that is some piece's promoted
/// form), else the new type's letter: a chess promotion (`e7e8q`) or a
/// Kyoto demotion (`a1a2l`, which XBoard 4.9.1 shows right, where it
/// would keep showing `+L` after a bare `a1a2` and forfeits `a1a2-`).
pub fn promotion_suffix(rules: &crate::position::Rules, r: Role) -> String {
    if rules.plus_type[usize::from(r.0)] {
        "+".into()
    } else {
        rules.variant.piece(r).letter.for_color(Color::Black)
    }
}

/// A drop as XBoard writes it: the piece's upper-case letter, `@`, the
/// square (`P@e4`); `+P@e4` when it lands promoted (Kyoto shogi).
pub fn drop_text(rules: &crate::position::Rules, m: Move, square: &str) -> String {
    let letter = m
        .hand()
        .map(|r| rules.variant.piece(r).letter.for_color(Color::White))
        .unwrap_or_default();
    let plus = if m.promotion().is_some() { "+" } else { "" };
    format!("{plus}{letter}@{square}")
}

/// The letter a gating move ends with: the gated piece's, lower case
/// (`b1c3h`; castling with the piece entering behind the partner is
/// written partner-to-king, `h1e1h`).
pub fn gate_suffix(rules: &crate::position::Rules, m: Move) -> String {
    match m.hand() {
        Some(r) if m.is(flag::GATE) => rules.variant.piece(r).letter.for_color(Color::Black),
        _ => String::new(),
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Move({}->{} aux {} flags {:#x} promo {:?} hand {:?})",
            self.from(),
            self.to(),
            self.aux(),
            self.flags(),
            self.promotion(),
            self.hand()
        )
    }
}

/// Room for the pseudo-legal moves of one position. Chess has at most 218
/// and Chu Shogi about 500 with the Lion's double moves, but drops on a
/// big board go far beyond: crazyhouse on 16x16 with five piece types in
/// hand has over 1,200. Variants whose drops alone could fill most of a
/// list are refused when their rules are built (`Rules::new`); a position
/// that still overflows loses the moves beyond (see [`take_overflow`])
/// rather than stopping the engine.
pub const MAX_MOVES: usize = 4096;

/// Set when a position had more pseudo-legal moves than [`MAX_MOVES`].
static OVERFLOW: AtomicBool = AtomicBool::new(false);

/// Whether a move list overflowed since the last call (and clears the
/// mark): perft calls its count short rather than report a wrong number.
pub fn take_overflow() -> bool {
    OVERFLOW.swap(false, Ordering::Relaxed)
}

/// A full move list: the move is lost, which is a rules error, so it is
/// logged (once per process) and marked for [`take_overflow`]; play goes
/// on without it.
#[cold]
#[inline(never)]
fn overflowed() {
    static LOGGED: AtomicBool = AtomicBool::new(false);
    OVERFLOW.store(true, Ordering::Relaxed);
    if !LOGGED.swap(true, Ordering::Relaxed) {
        log::error!(
            "a position has more than {MAX_MOVES} pseudo-legal moves; the moves beyond are left out"
        );
    }
}

/// Appends a move unless the list is full.
#[inline]
fn push_move(list: &mut MoveList, m: Move) {
    if list.try_push(m).is_err() {
        overflowed();
    }
}

pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// Pseudo-legal moves of the side to move: `CAPTURES` selects captures
/// (including e.p. and locust captures), `QUIETS` the rest; promotions go
/// with whichever kind the underlying move is.
pub fn pseudo_legal<const CAPTURES: bool, const QUIETS: bool>(pos: &Position, list: &mut MoveList) {
    let start = list.len();
    board_moves::<CAPTURES, QUIETS>(pos, list);
    if QUIETS {
        castling_moves(pos, list);
        if pos.rules().variant.drops.piece_drops {
            drop_moves(pos, list);
        }
    }
    if pos.rules().variant.drops.gating {
        gating_moves(pos, list, start);
    }
}

/// Moves of the pieces on the board (castling aside).
fn board_moves<const CAPTURES: bool, const QUIETS: bool>(pos: &Position, list: &mut MoveList) {
    let us = pos.side_to_move();
    let mut alive = pos.alive(us);
    while alive != 0 {
        let bit = alive.trailing_zeros() as usize;
        alive &= alive - 1;
        let slot = Position::slot_index(us, bit);
        slot_moves::<CAPTURES, QUIETS, false>(pos, slot, 0, list);
    }
}

/// Quiet moves of the pieces of the side to move that may promote (pawn
/// types, and shogi pieces not promoted yet), promoting or not: where
/// quiescence finds its promotions without generating every quiet move.
pub fn promoting_quiets(pos: &Position, list: &mut MoveList) {
    let us = pos.side_to_move();
    let rules = pos.rules();
    let mut alive = pos.alive(us);
    while alive != 0 {
        let bit = alive.trailing_zeros() as usize;
        alive &= alive - 1;
        let slot = Position::slot_index(us, bit);
        let piece = pos.slot(slot);
        let role = usize::from(piece.role.0);
        if rules.promotes[us.index()][role]
            || rules.promoted_type[role].is_some() && !piece.promoted
        {
            slot_moves::<false, true, false>(pos, slot, 0, list);
        }
    }
}

/// Captures by the side to move that land on `sq` (e.p. and locust
/// captures too; promotions in every form), from the pieces the attack map
/// names: what static exchange evaluation plays through.
pub fn captures_to(pos: &Position, sq: Sq, list: &mut MoveList) {
    let us = pos.side_to_move();
    let mut attackers = pos.attackers(sq, us) & pos.alive(us);
    while attackers != 0 {
        let bit = attackers.trailing_zeros() as usize;
        attackers &= attackers - 1;
        slot_moves::<true, false, true>(pos, Position::slot_index(us, bit), sq, list);
    }
}

/// Moves of one piece; with `ONLY_TO`, only those ending on `only_to`.
#[inline(always)]
fn slot_moves<const CAPTURES: bool, const QUIETS: bool, const ONLY_TO: bool>(
    pos: &Position,
    slot: usize,
    only_to: Sq,
    list: &mut MoveList,
) {
    let us = pos.side_to_move();
    let rules = pos.rules();
    {
        let piece = pos.slot(slot);
        let role = usize::from(piece.role.0);
        let from = piece.sq;
        let first = list.len();
        // Pieces that never promote nor reach a square twice take the short road.
        let shogi_promotes = rules.promoted_type[role].is_some() && !piece.promoted;
        let demotes_to = if piece.promoted {
            rules.demoted_type[role]
        } else {
            None
        };
        let mover = Mover {
            role: piece.role,
            shogi: shogi_promotes,
            demotes_to,
        };
        let simple = !rules.promotes[us.index()][role]
            && !shogi_promotes
            && demotes_to.is_none()
            && !rules.table.role_trees(us, piece.role).duplicates;
        for e in pos.records(slot) {
            let kind = e.kind;
            if kind & (entry::QUIET | entry::CAPTURE | entry::CAPTURE_FRIEND | entry::EP) == 0 {
                continue;
            }
            if ONLY_TO && e.sq != only_to && e.aux != only_to {
                continue;
            }
            if simple
                && e.aux == 0
                && e.sq != from
                && kind & (entry::TAME | entry::CAPTURE_FRIEND | entry::EP | entry::DOUBLE) == 0
            {
                if QUIETS && kind & entry::QUIET != 0 {
                    push_move(list, Move::new(from, e.sq, 0, None, 0));
                } else if CAPTURES && kind & entry::CAPTURE != 0 {
                    push_move(list, Move::new(from, e.sq, 0, None, flag::CAPTURE));
                }
                continue;
            }
            let locust = if e.aux != 0 { flag::LOCUST } else { 0 };
            if kind & entry::QUIET != 0 && (QUIETS && locust == 0 || CAPTURES && locust != 0) {
                let double = if kind & entry::DOUBLE != 0 && rules.gives_ep[role] {
                    flag::DOUBLE
                } else {
                    0
                };
                push(pos, list, first, mover, from, e.sq, e.aux, locust | double);
            }
            if CAPTURES && kind & (entry::CAPTURE | entry::CAPTURE_FRIEND) != 0 {
                let victim = pos.piece_on(e.sq).map(|(_, s)| s.role);
                let royal = victim.is_some_and(|r| rules.royal[usize::from(r.0)]);
                if !(royal && kind & (entry::TAME | entry::CAPTURE_FRIEND) != 0) {
                    push(
                        pos,
                        list,
                        first,
                        mover,
                        from,
                        e.sq,
                        e.aux,
                        flag::CAPTURE | locust,
                    );
                }
            }
            if CAPTURES && kind & entry::EP != 0 && pos.ep_capture_possible(us, piece.role, e.sq) {
                push(
                    pos,
                    list,
                    first,
                    Mover {
                        shogi: false,
                        ..mover
                    },
                    from,
                    e.sq,
                    0,
                    flag::EP,
                );
            }
        }
    }
}

/// Drops from the holdings: every piece type in hand on every empty square
/// its drop region allows, less the files where nifu forbids it; promoted
/// too where pieces may drop promoted.
fn drop_moves(pos: &Position, list: &mut MoveList) {
    let us = pos.side_to_move();
    if pos.alive(us) == u64::MAX {
        return; // no slot for another piece
    }
    let rules = pos.rules();
    let drops = &rules.variant.drops;
    let g = rules.geometry();
    for (r, &n) in pos.holdings(us).iter().enumerate() {
        if n == 0 {
            continue;
        }
        let role = Role(r as u8);
        // Files where nifu forbids the drop.
        let mut banned = 0u32;
        if drops.no_doubled == Some(role) {
            let mut counts = [0u32; 32];
            for (_, p) in pos.pieces(us) {
                if p.role == role
                    && !p.promoted
                    && let Some((f, _)) = g.coords(p.sq)
                {
                    counts[usize::from(f)] += 1;
                }
            }
            for (f, &c) in counts.iter().enumerate() {
                if c >= drops.no_doubled_count {
                    banned |= 1 << f;
                }
            }
        }
        let promoted = if drops.drop_promoted {
            rules.promoted_type[r]
        } else {
            None
        };
        for &sq in rules.drop_targets[us.index()][r].iter() {
            if pos.piece_on(sq).is_some() {
                continue;
            }
            if banned != 0 && g.coords(sq).is_some_and(|(f, _)| banned & (1 << f) != 0) {
                continue;
            }
            add(list, 0, false, Move::drop(role, sq, None));
            if let Some(p) = promoted {
                add(list, 0, false, Move::drop(role, sq, Some(p)));
            }
        }
    }
}

/// Seirawan gating: each move of a piece that leaves an open gate also
/// comes with every piece type in hand entering behind it (when castling,
/// behind the king or behind the partner).
fn gating_moves(pos: &Position, list: &mut MoveList, start: usize) {
    let us = pos.side_to_move();
    let gates = pos.gates(us);
    if gates == 0 || pos.alive(us) == u64::MAX {
        return;
    }
    let rules = pos.rules();
    let g = rules.geometry();
    let rank = Position::gate_rank(g, us);
    let gate_open = |sq: Sq| {
        g.coords(sq)
            .is_some_and(|(f, r)| r == rank && gates & (1 << f) != 0)
    };
    let in_hand: ArrayVec<Role, { crate::position::HAND_ROLES }> = pos
        .holdings(us)
        .iter()
        .enumerate()
        .filter(|&(_, &n)| n > 0)
        .map(|(r, _)| Role(r as u8))
        .collect();
    if in_hand.is_empty() {
        return;
    }
    for i in start..list.len() {
        let m = list[i];
        if m.is(flag::DROP) {
            continue;
        }
        // Castling in a Chess960 setup may put the king or its partner
        // back on the other's square (king d1, rook c1 trade places): no
        // piece can enter there.
        let landed =
            |sq: Sq| m.to() == sq || m.is(flag::CASTLE) && castling_partner_to(g, m) == Some(sq);
        for &role in &in_hand {
            if gate_open(m.from()) && !landed(m.from()) {
                add(list, 0, false, m.gating(role, false));
            }
            if m.is(flag::CASTLE) && gate_open(m.aux()) && !landed(m.aux()) {
                add(list, 0, false, m.gating(role, true));
            }
        }
    }
}

/// Where a castling move puts the partner: beside the king's destination,
/// on the side the king came from.
fn castling_partner_to(g: &crate::geometry::Geometry, m: Move) -> Option<Sq> {
    let (kt, rank) = g.coords(m.to())?;
    let (kf, _) = g.coords(m.from())?;
    let (rf, _) = g.coords(m.aux())?;
    let rt = if rf > kf { kt.checked_sub(1)? } else { kt + 1 };
    Some(g.sq(rt, rank))
}

/// What becomes of a moving piece: its type, whether it may still make a
/// shogi-style promotion, and the type it turns back into on moving
/// (Kyoto shogi's demotion).
#[derive(Clone, Copy)]
struct Mover {
    role: Role,
    shogi: bool,
    demotes_to: Option<Role>,
}

/// Adds a move, expanded into its promotions.
#[allow(clippy::too_many_arguments)]
fn push(
    pos: &Position,
    list: &mut MoveList,
    first: usize,
    Mover {
        role,
        shogi,
        demotes_to,
    }: Mover,
    from: Sq,
    to: Sq,
    aux: Sq,
    flags: u16,
) {
    let us = pos.side_to_move();
    let rules = pos.rules();
    let r = usize::from(role.0);
    let dedupe = rules.table.role_trees(us, role).duplicates;
    if from == to && aux == 0 {
        // A pass (a Lion's step out and back): one per position, whoever makes it.
        if list.iter().any(|m| m.is_pass()) {
            return;
        }
        add(list, first, dedupe, Move::new(from, to, aux, None, flags));
        return;
    }
    if let Some(base) = demotes_to {
        let demote = flag::PROMOTE | flag::DEMOTE;
        add(
            list,
            first,
            dedupe,
            Move::new(from, to, aux, Some(base), flags | demote),
        );
        return;
    }
    if shogi && let Some(target) = rules.promoted_type[r] {
        let zone = &rules.promotion_zone[us.index()];
        let (from_in, to_in) = (zone[usize::from(from)], zone[usize::from(to)]);
        let capture = flags & (flag::CAPTURE | flag::LOCUST | flag::EP) != 0;
        let stuck = rules.is_stuck(us, role, to);
        let may = stuck
            || if rules.variant.promotion.non_capture_on_entry && !capture {
                !from_in && to_in
            } else {
                from_in || to_in
            };
        if may {
            add(
                list,
                first,
                dedupe,
                Move::new(from, to, aux, Some(target), flags | flag::PROMOTE),
            );
            if stuck || rules.variant.promotion.piece_mandatory {
                return;
            }
        } else if stuck {
            return;
        }
        add(list, first, dedupe, Move::new(from, to, aux, None, flags));
        return;
    }
    if rules.promotes[us.index()][r] && rules.promotion_zone[us.index()][usize::from(to)] {
        for &choice in rules.promotion_choices[us.index()].iter() {
            if pos.promotion_allowed(us, choice) {
                add(
                    list,
                    first,
                    dedupe,
                    Move::new(from, to, aux, Some(choice), flags | flag::PROMOTE),
                );
            }
        }
        if !rules.must_promote[us.index()][usize::from(to)] {
            add(list, first, dedupe, Move::new(from, to, aux, None, flags));
        }
        return;
    }
    add(list, first, dedupe, Move::new(from, to, aux, None, flags));
}

#[inline]
fn add(list: &mut MoveList, first: usize, dedupe: bool, m: Move) {
    if dedupe && list[first..].contains(&m) {
        return;
    }
    push_move(list, m);
}

/// Castling per the variant's rules (Chess960 rules cover the orthodox case):
/// every square between king and partner and their destinations must be
/// empty but for the two, and the king may not be in check nor pass an
/// attacked square.
fn castling_moves(pos: &Position, list: &mut MoveList) {
    let Some(c) = &pos.rules().castling else {
        return;
    };
    let us = pos.side_to_move();
    let them = us.opponent();
    let rights = pos.castling_rights(us);
    if rights == 0 {
        return;
    }
    let g = pos.rules().geometry();
    let rank = c.rank[us.index()];
    let Some(king_sq) = pos.castling_king(us) else {
        return;
    };
    let Some((kf, _)) = g.coords(king_sq) else {
        return;
    };
    // A royal king may not castle out of or through check; a non-royal one
    // (losing chess) may.
    let royal = pos.royals(us).any(|s| s == king_sq);
    if royal && pos.attacked_by(king_sq, them) {
        return;
    }
    for f in 0..g.width {
        if rights & (1 << f) == 0 {
            continue;
        }
        let rook_sq = g.sq(f, rank);
        let Some((rook_color, rook)) = pos.piece_on(rook_sq) else {
            continue;
        };
        if rook_color != us
            || !c.rook_role[us.index()][usize::from(rook.role.0)]
            || rook_sq == king_sq
        {
            continue;
        }
        let kingside = f > kf;
        let kt = match c.king_distance {
            Some(d) if kingside => kf + d,
            Some(d) => match kf.checked_sub(d) {
                Some(t) => t,
                None => continue,
            },
            None => c.king_to[if kingside { 0 } else { 1 }],
        };
        if kt >= g.width {
            continue;
        }
        let rt = if kingside { kt - 1 } else { kt + 1 };
        let lo = kf.min(kt).min(f).min(rt);
        let hi = kf.max(kt).max(f).max(rt);
        let clear = (lo..=hi).all(|x| {
            let s = g.sq(x, rank);
            s == king_sq || s == rook_sq || pos.piece_on(s).is_none()
        });
        if !clear {
            continue;
        }
        let (a, b) = (kf.min(kt), kf.max(kt));
        if royal && (a..=b).any(|x| pos.attacked_by(g.sq(x, rank), them)) {
            continue;
        }
        push_move(
            list,
            Move::new(king_sq, g.sq(kt, rank), rook_sq, None, flag::CASTLE),
        );
    }
}

/// Legal moves of the side to move.
pub fn legal_moves(pos: &mut Position) -> MoveList {
    let mut list = MoveList::new();
    generate_legal(pos, &mut list);
    list
}

/// Legal moves of the side to move, into `list` (cleared first).
pub fn generate_legal(pos: &mut Position, list: &mut MoveList) {
    list.clear();
    if pos.game_over_by_rule() {
        return;
    }
    pseudo_legal::<true, true>(pos, list);
    let check = Legality::new(pos);
    list.retain(|m| check.certainly_legal(pos, *m) || pos.is_legal(*m));
    if pos.rules().variant.end.must_capture && list.iter().any(|m| m.is_capture()) {
        list.retain(|m| m.is_capture());
    }
}

/// A quick legality test from the attack map, good for most moves when the
/// side to move has one royal piece, is not in check, and every enemy walk
/// is monotone (a piece placed on a square only ever shortens enemy walks).
/// Moves it cannot vouch for are tested by making them.
pub struct Legality {
    fast: bool,
    king: Sq,
    /// Some enemy walk visits the king's square (without attacking it).
    king_touched: bool,
    /// Flying general: the enemy general's square, when it can face ours.
    facing: Option<Sq>,
    /// Which of several kings is royal depends on where they stand: their
    /// moves are tested by making them.
    kings_shift: bool,
    /// The side to move has no royal piece.
    all_legal: bool,
    /// The enemy has cannons: a new screen may open an attack.
    screens: bool,
    /// Any of the rarer tests above applies (Lions, `all_legal`,
    /// `kings_shift`, `facing`, `drop_mate`).
    special: bool,
    /// Uchifuzume: the enemy king's square, where drops of the types that
    /// may not mate could give check.
    drop_mate: Option<Sq>,
}

impl Legality {
    pub fn new(pos: &Position) -> Legality {
        let us = pos.side_to_move();
        let them = us.opponent();
        let mut royals = pos.royals(us);
        let king = royals.next();
        let single = royals.next().is_none();
        let rules = pos.rules();
        // Explosions can take the king with a capture next to it: no
        // shortcut in atomic.
        let monotone = rules.monotone[them.index()] && !rules.has_locust && rules.blast.is_none();
        // Facing generals are a check no walk shows: moves that could open
        // or enter the file between them are tested by making them.
        let flying_general = rules.special_check && rules.variant.end.flying_general;
        let facing = if flying_general {
            let mut theirs = pos.royals(them);
            match (theirs.next(), theirs.next()) {
                (Some(sq), None) => Some(sq),
                _ => None,
            }
        } else {
            None
        };
        let facing_ok = !flying_general || facing.is_some();
        let drop_mate = if rules.variant.drops.no_drop_mate.is_empty() {
            None
        } else {
            pos.royals(them).next()
        };
        if king.is_none() && rules.blast.is_none() && !rules.promotes_to_royal[us.index()] {
            // Nothing of ours can be in check (losing chess, three kings):
            // every move is legal (but for Lion trading).
            return Legality {
                fast: true,
                king: 0,
                king_touched: false,
                facing: None,
                kings_shift: false,
                all_legal: true,
                screens: false,
                special: true,
                drop_mate: None,
            };
        }
        match king {
            Some(king) if single && monotone && facing_ok && !pos.attacked_by(king, them) => {
                Legality {
                    fast: true,
                    king,
                    king_touched: pos.touched_by(king, them) != 0,
                    facing,
                    kings_shift: rules.royal_first_found,
                    all_legal: false,
                    screens: rules.screens[them.index()],
                    special: rules.has_lions
                        || rules.royal_first_found
                        || facing.is_some()
                        || drop_mate.is_some(),
                    drop_mate,
                }
            }
            _ => Legality {
                fast: false,
                king: 0,
                king_touched: true,
                facing: None,
                kings_shift: true,
                all_legal: false,
                screens: true,
                special: true,
                drop_mate: None,
            },
        }
    }

    /// True if `m` (pseudo-legal) is legal for certain; false means "make
    /// it and look".
    #[inline]
    pub fn certainly_legal(&self, pos: &Position, m: Move) -> bool {
        if !self.fast || m.is(flag::EP | flag::CASTLE | flag::LOCUST) {
            return false;
        }
        let from = m.from();
        if self.special {
            // Rules beyond "is the king attacked": Lion trading, kings
            // whose royalty depends on where they stand, facing generals.
            if pos.rules().has_lions && takes_lion(pos, m) {
                return false;
            }
            if self.all_legal {
                return true;
            }
            if self.kings_shift
                && pos
                    .piece_on(from)
                    .is_some_and(|(_, p)| pos.rules().royal[usize::from(p.role.0)])
            {
                return false;
            }
            if let Some(general) = self.facing
                && may_face(pos, self.king, general, m)
            {
                return false;
            }
            if let Some(king) = self.drop_mate
                && m.is(flag::DROP)
                && m.hand().is_some_and(|r| {
                    let rules = pos.rules();
                    rules.variant.drops.no_drop_mate.contains(&r)
                        && distance(rules.geometry(), m.to(), king) <= rules.reach[usize::from(r.0)]
                })
            {
                // It might give mate: decided by making it.
                return false;
            }
        }
        let them = pos.side_to_move().opponent();
        if from == self.king {
            // Nothing attacks the king, so no enemy ray runs through its
            // square unless some walk touches it; then the destination just
            // has to be free of attacks.
            return !self.king_touched && !pos.attacked_by(m.to(), them);
        }
        // Vacating `from` can only extend enemy walks that pass it; the
        // destination, occupied before or not, blocks as much as before,
        // but may become a screen for a cannon on a line with the king.
        let g = pos.rules().geometry();
        if self.screens && pos.piece_on(m.to()).is_none() {
            let mut touching = pos.touched_by(m.to(), them);
            while touching != 0 {
                let bit = touching.trailing_zeros() as usize;
                touching &= touching - 1;
                let enemy = pos.slot(Position::slot_index(them, bit));
                let trees = pos.rules().table.role_trees(them, enemy.role);
                if !trees.monotone && aligned(g, enemy.sq, m.to(), self.king) {
                    return false;
                }
            }
        }
        let mut touching = pos.touched_by(from, them);
        while touching != 0 {
            let bit = touching.trailing_zeros() as usize;
            touching &= touching - 1;
            let enemy = pos.slot(Position::slot_index(them, bit));
            let trees = pos.rules().table.role_trees(them, enemy.role);
            if !trees.discovers {
                continue;
            }
            if !trees.straight || aligned(g, enemy.sq, from, self.king) {
                return false;
            }
        }
        true
    }
}

/// Whether `m` takes a piece of a Lion type (Chu's trading rules apply).
fn takes_lion(pos: &Position, m: Move) -> bool {
    let lion = |sq: Sq| {
        pos.piece_on(sq)
            .is_some_and(|(_, p)| pos.rules().lion[usize::from(p.role.0)])
    };
    (m.is(flag::CAPTURE) && lion(m.to())) || (m.is(flag::LOCUST) && lion(m.aux()))
}

/// Whether after `m` the generals on `king` (ours) and `general` could
/// stand on one file with nothing between them.
fn may_face(pos: &Position, king: Sq, general: Sq, m: Move) -> bool {
    let g = pos.rules().geometry();
    let ours = if m.from() == king { m.to() } else { king };
    let (Some((fk, rk)), Some((fg, rg))) = (g.coords(ours), g.coords(general)) else {
        return true;
    };
    if fk != fg {
        return false;
    }
    let (lo, hi) = (rk.min(rg), rk.max(rg));
    let between = |sq: Sq| {
        g.coords(sq)
            .is_some_and(|(f, r)| f == fk && r > lo && r < hi)
    };
    // Count the men between after the move: `from` is vacated, `to` filled.
    let mut men = (lo + 1..hi)
        .filter(|&r| {
            let sq = g.sq(fk, r);
            sq != m.from() && pos.piece_on(sq).is_some()
        })
        .count();
    if between(m.to()) && pos.piece_on(m.to()).is_none() {
        men += 1;
    }
    men == 0
}

/// King-step distance between two board squares.
pub(crate) fn distance(g: &crate::geometry::Geometry, a: Sq, b: Sq) -> u8 {
    match (g.coords(a), g.coords(b)) {
        (Some((af, ar)), Some((bf, br))) => af.abs_diff(bf).max(ar.abs_diff(br)),
        _ => u8::MAX,
    }
}

/// True if `c` lies beyond `b` on the line from `a` through `b`.
fn aligned(g: &crate::geometry::Geometry, a: Sq, b: Sq, c: Sq) -> bool {
    let (Some((ax, ay)), Some((bx, by)), Some((cx, cy))) = (g.coords(a), g.coords(b), g.coords(c))
    else {
        return true;
    };
    let (dx, dy) = (i32::from(bx) - i32::from(ax), i32::from(by) - i32::from(ay));
    let (ex, ey) = (i32::from(cx) - i32::from(bx), i32::from(cy) - i32::from(by));
    dx * ey == dy * ex && dx * ex >= 0 && dy * ey >= 0 && (ex, ey) != (0, 0)
}

/// Moves in XBoard coordinate notation: `e2e4`, promotions `e7e8q`,
/// locust captures as two legs `d4e5,e5f6` (XBoard's multi-leg form),
/// castling as the king's move (king takes partner in Chess960 variants).
pub fn move_text(pos: &Position, m: Move) -> String {
    let g = pos.rules().geometry();
    let mut s = String::new();
    if m.is(flag::DROP) {
        return drop_text(pos.rules(), m, &g.name(m.to()));
    }
    if m.is(flag::GATE_ROOK) {
        return format!(
            "{}{}{}",
            g.name(m.aux()),
            g.name(m.from()),
            gate_suffix(pos.rules(), m)
        );
    }
    if m.is_pass() {
        return "@@@@".into();
    }
    if m.is(flag::LOCUST) {
        s.push_str(&g.name(m.from()));
        s.push_str(&g.name(m.aux()));
        s.push(',');
        s.push_str(&g.name(m.aux()));
    } else {
        s.push_str(&g.name(m.from()));
    }
    // Chess960 castling is written king-takes-partner, as in UCI_Chess960.
    let to = if m.is(flag::CASTLE) && pos.rules().variant.chess960 {
        m.aux()
    } else {
        m.to()
    };
    s.push_str(&g.name(to));
    if let Some(r) = m.promotion() {
        s.push_str(&promotion_suffix(pos.rules(), r));
    }
    s.push_str(&gate_suffix(pos.rules(), m));
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Rules;
    use crate::variant::VariantSet;

    #[test]
    fn a_full_move_list_loses_moves_without_stopping() {
        let set = VariantSet::builtin().expect("built-in variants");
        let rules = Rules::new(set.get("normal").expect("chess").clone()).expect("rules");
        let pos = Position::start(rules).expect("start position");
        let mut list = MoveList::new();
        let filler = Move::new(1, 2, 0, None, 0);
        while !list.is_full() {
            list.push(filler);
        }
        take_overflow();
        pseudo_legal::<true, true>(&pos, &mut list);
        assert_eq!(list.len(), MAX_MOVES);
        assert!(list.iter().all(|&m| m == filler));
        assert!(take_overflow(), "the lost moves are reported");
        assert!(!take_overflow(), "and the mark is cleared");
        // With room, the same call gives chess's twenty moves and no mark.
        list.clear();
        pseudo_legal::<true, true>(&pos, &mut list);
        assert_eq!(list.len(), 20);
        assert!(!take_overflow());
    }
}
