//! Chases (xiangqi's Asian rules, as Fairy-Stockfish's `chasingRule =
//! axf` applies them): which pieces a move chased.
//!
//! A move chases an enemy piece when it creates a threat to take it (by
//! the piece that moved, or by one whose line it opened) and the piece is
//! unprotected, or outranks its attacker (a horse or cannon on a chariot,
//! an elephant or advisor on a chariot, horse or cannon). Kings and
//! soldiers never chase; kings, and soldiers that have not crossed the
//! river, are never chased. A threat by a piece of the same type that the
//! victim can take back is an offer to trade, not a chase. A piece is
//! protected when, after the capture, its side can legally take back on
//! its square (so a protector pinned to its king does not protect), or
//! its king can take back (see [`protects`]).
//!
//! Pieces are followed by their slots, which they keep through moves, so
//! the sets of chased pieces of successive moves compare directly; the
//! repetition judge ([`super::repetition`]) intersects them over a cycle.
//!
//! Not modelled (Fairy-Stockfish applies them): a move that pins a
//! protector, leaving an attacked piece unprotected, and the threats a
//! move makes by setting up a discovered check.

use crate::movegen::{captures_to, is_legal};
use crate::position::Position;
use crate::types::{Color, Move, MoveList, SLOTS_PER_SIDE, Sq};
use arrayvec::ArrayVec;

/// The attacks on the pieces of the side about to move second, taken
/// before a move so that the threats the move creates can be told from
/// those that were there already.
#[derive(Clone, Copy)]
pub struct ChaseWatch {
    /// Per slot bit of the side not to move: its attackers' slot bits.
    attackers: [u64; SLOTS_PER_SIDE],
}

impl Default for ChaseWatch {
    fn default() -> ChaseWatch {
        ChaseWatch {
            attackers: [0; SLOTS_PER_SIDE],
        }
    }
}

impl ChaseWatch {
    /// Record the attacks before the side to move of `pos` moves.
    /// Nothing to do where the variant has no chasing rule.
    #[inline]
    pub fn before(&mut self, pos: &Position) {
        if pos.rules().chase.is_none() {
            return;
        }
        let us = pos.side_to_move();
        let them = us.opponent();
        let mut alive = pos.alive(them);
        while alive != 0 {
            let bit = alive.trailing_zeros() as usize;
            alive &= alive - 1;
            let sq = pos.slot(Position::slot_index(them, bit)).sq;
            self.attackers[bit] = pos.attackers(sq, us);
        }
    }
}

/// The pieces of the side to move (slot bits) that the move `m`, just
/// made, chased; `watch` holds the attacks from before it. 0 where the
/// variant has no chasing rule.
pub fn chased(pos: &mut Position, m: Move, watch: &ChaseWatch) -> u64 {
    if pos.rules().chase.is_none() || m.is_pass() || m.is_drop() {
        return 0;
    }
    let (mut out, threats) = new_threats(pos, m, watch);
    // The threats the tables cannot settle: by protection, and by whether
    // a piece of the same type can take back.
    for t in threats {
        if out & t.victim_bit != 0 {
            continue;
        }
        let trade = t.same_type && takes_back(pos, t.victim, t.attacker);
        if !trade && !protected(pos, t.attacker, t.victim) {
            out |= t.victim_bit;
        }
    }
    out
}

/// A new threat on an enemy piece that the protection rule decides.
struct Threat {
    victim_bit: u64,
    victim: Sq,
    attacker: Sq,
    same_type: bool,
}

/// The pieces the move `m` chased by outranking them, and the other new
/// threats it made, which the protection rule decides.
fn new_threats(pos: &Position, m: Move, watch: &ChaseWatch) -> (u64, ArrayVec<Threat, 64>) {
    let mut out = 0;
    let mut threats = ArrayVec::new();
    let rules = pos.rules();
    let Some(chase) = rules.chase.as_ref() else {
        return (out, threats);
    };
    let g = rules.geometry();
    let us = pos.side_to_move();
    let them = us.opponent();
    let moved = pos
        .slot_at(m.to())
        .filter(|&s| s / SLOTS_PER_SIDE == them.index())
        .map_or(0, |s| 1u64 << (s % SLOTS_PER_SIDE));
    let mut alive = pos.alive(us);
    while alive != 0 {
        let bit = alive.trailing_zeros() as usize;
        alive &= alive - 1;
        let victim = pos.slot(Position::slot_index(us, bit));
        if !chase.may_be_chased(us, victim.role, victim.sq) {
            continue;
        }
        let now = pos.attackers(victim.sq, them) & pos.alive(them);
        // New threats: pieces whose line the move opened, and the piece
        // that moved, except a chariot's or cannon's along the line it
        // moved on, which it had already, unless it moved away from the
        // victim, its old square now no longer in the way (Fairy-Stockfish
        // counts the threats a move creates so).
        let mut new = now & !watch.attackers[bit] & !moved;
        if now & moved != 0 {
            let (from, to) = (m.from(), m.to());
            let slides =
                slot_role(pos, moved, them).is_some_and(|r| chase.slides[usize::from(r.0)]);
            if !slides || !on_line(g, from, to, victim.sq) || between(g, to, victim.sq, from) {
                new |= moved;
            }
        }
        while new != 0 {
            let abit = new.trailing_zeros() as usize;
            new &= new - 1;
            let attacker = pos.slot(Position::slot_index(them, abit));
            if !chase.may_chase(attacker.role) {
                continue;
            }
            if chase.outranks(victim.role, attacker.role) {
                out |= 1 << bit;
                break;
            }
            // (More new threats than fit is beyond any real position;
            // those left over are not counted as chases.)
            let _ = threats.try_push(Threat {
                victim_bit: 1 << bit,
                victim: victim.sq,
                attacker: attacker.sq,
                same_type: attacker.role == victim.role,
            });
        }
    }
    (out, threats)
}

/// The role of the piece of `color` with slot bit `bit`.
fn slot_role(pos: &Position, bit: u64, color: Color) -> Option<crate::types::Role> {
    (bit != 0).then(|| {
        pos.slot(Position::slot_index(color, bit.trailing_zeros() as usize))
            .role
    })
}

/// The checks on the side to move's king: the enemy pieces attacking it
/// (slot bits), and whether the generals face each other.
#[derive(Clone, Copy)]
struct Checks {
    attackers: u64,
    facing: bool,
}

impl Checks {
    /// The checks on `us`.
    fn of(pos: &Position, us: Color) -> Checks {
        let them = us.opponent();
        let attackers = pos
            .royals(us)
            .next()
            .map_or(0, |k| pos.attackers(k, them) & pos.alive(them));
        let facing = pos.rules().variant.end.flying_general && pos.generals_face();
        Checks { attackers, facing }
    }
}

/// The recapture `r` counts as protection: its piece is not pinned (it
/// exposes its king to no check that `before`, the checks standing
/// before it, lacks: a check the chasing move gave would have been
/// answered first), or it is the king's. Fairy-Stockfish counts a king's
/// protection even of a square the enemy also guards, and refuses it
/// only where the enemy general sees the square down an open file (the
/// flying general), its own king still standing where it was.
fn protects(pos: &mut Position, r: Move, before: Checks) -> bool {
    let royal = pos
        .piece_on(r.from())
        .is_some_and(|(_, p)| pos.rules().royal[usize::from(p.role.0)]);
    if !royal {
        let us = pos.side_to_move();
        let undo = pos.make(r);
        let after = Checks::of(pos, us);
        pos.unmake(r, &undo);
        return after.attackers & !before.attackers == 0 && (!after.facing || before.facing);
    }
    let them = pos.side_to_move().opponent();
    !(pos.rules().variant.end.flying_general
        && pos
            .royals(them)
            .next()
            .is_some_and(|k| open_file(pos, k, r.to())))
}

/// `a` and `b` stand on one file with nothing between them.
fn open_file(pos: &Position, a: Sq, b: Sq) -> bool {
    let g = pos.rules().geometry();
    let (Some((fa, ra)), Some((fb, rb))) = (g.coords(a), g.coords(b)) else {
        return false;
    };
    fa == fb && (ra.min(rb) + 1..ra.max(rb)).all(|r| pos.piece_on(g.sq(fa, r)).is_none())
}

/// `sq` lies strictly between `a` and `b` on a line through them.
fn between(g: &crate::types::Geometry, a: Sq, b: Sq, sq: Sq) -> bool {
    let (Some((ax, ay)), Some((bx, by)), Some((x, y))) = (g.coords(a), g.coords(b), g.coords(sq))
    else {
        return false;
    };
    let inside = |lo: u8, hi: u8, v: u8| lo.min(hi) <= v && v <= lo.max(hi);
    on_line(g, a, b, sq) && sq != a && sq != b && inside(ax, bx, x) && inside(ay, by, y)
}

/// `sq` lies on the line through `a` and `b` (a rank, file or diagonal).
fn on_line(g: &crate::types::Geometry, a: Sq, b: Sq, sq: Sq) -> bool {
    let (Some((ax, ay)), Some((bx, by)), Some((x, y))) = (g.coords(a), g.coords(b), g.coords(sq))
    else {
        return false;
    };
    let (dx, dy) = (i32::from(bx) - i32::from(ax), i32::from(by) - i32::from(ay));
    let (ex, ey) = (i32::from(x) - i32::from(ax), i32::from(y) - i32::from(ay));
    let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
    straight && dx * ey == dy * ex
}

/// The side to move can legally take, with the piece on `from`, the
/// piece on `sq`.
fn takes_back(pos: &mut Position, from: Sq, sq: Sq) -> bool {
    let mut list = MoveList::new();
    captures_to(pos, sq, &mut list);
    list.iter()
        .any(|&m| m.from() == from && m.to() == sq && is_legal(pos, m))
}

/// After the opponent's piece on `attacker` takes the piece of the side
/// to move on `sq`, the side to move can legally take back.
fn protected(pos: &mut Position, attacker: Sq, sq: Sq) -> bool {
    let us = pos.side_to_move();
    // Nothing of ours reaches the square, nor passes the attacker's
    // square (a line the capture would open): no protection.
    if pos.attackers(sq, us) & pos.alive(us) == 0 && pos.touched_by(attacker, us) == 0 {
        return false;
    }
    let mut list = MoveList::new();
    let ep = pos.make_null();
    captures_to(pos, sq, &mut list);
    let capture = list
        .iter()
        .copied()
        .find(|m| m.from() == attacker && m.to() == sq && !m.is(crate::types::flag::LOCUST));
    let answer = capture.map(|c| {
        let undo = pos.make(c);
        list.clear();
        captures_to(pos, sq, &mut list);
        let checks = Checks::of(pos, pos.side_to_move());
        let back = list
            .iter()
            .any(|&r| r.to() == sq && r.is_capture() && protects(pos, r, checks));
        pos.unmake(c, &undo);
        back
    });
    pos.unmake_null(ep);
    // No capture to make (the threat was not one): nothing to protect.
    answer.unwrap_or(true)
}
