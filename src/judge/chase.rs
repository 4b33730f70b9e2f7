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
//! A move also chases by changing the lines to the enemy king: a piece it
//! pins no longer protects, and a piece of its side that now blocks a
//! line to the enemy king threatens with a discovered check. Where
//! Fairy-Stockfish's reading of the rule has quirks (which pieces count
//! as pinned, a king's protection), this follows it, so that both judge
//! a game alike.

use crate::movegen::{captures_to, is_legal};
use crate::position::Position;
use crate::position::chase::Sniper;
use crate::types::{Color, Move, MoveList, SLOTS_PER_SIDE, Sq};
use arrayvec::ArrayVec;

/// The attacks on the pieces of the side about to move second, taken
/// before a move so that the threats the move creates can be told from
/// those that were there already.
#[derive(Clone, Copy)]
pub struct ChaseWatch {
    /// Per slot bit of the side not to move: its attackers' slot bits.
    attackers: [u64; SLOTS_PER_SIDE],
    /// The pieces (slot bits per colour) standing between the king of
    /// the side not to move and an enemy piece that would check it were
    /// they gone.
    blockers: [u64; 2],
}

impl Default for ChaseWatch {
    fn default() -> ChaseWatch {
        ChaseWatch {
            attackers: [0; SLOTS_PER_SIDE],
            blockers: [0; 2],
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
        self.blockers = king_blockers(pos, them);
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
    out |= pins_and_discoveries(pos, m, watch);
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

/// What a move chased by changing the lines to the side to move's king
/// (Fairy-Stockfish's "fake roots" and discovered checks): a piece it
/// newly pinned no longer protects, so what it protected and the enemy
/// attacks is chased; an enemy piece that newly blocks a line to the
/// king threatens whatever it attacks with a discovered check, unless
/// only the king could take it back safely.
fn pins_and_discoveries(pos: &Position, m: Move, watch: &ChaseWatch) -> u64 {
    let Some(chase) = pos.rules().chase.as_ref() else {
        return 0;
    };
    let us = pos.side_to_move();
    let them = us.opponent();
    // Lines to the king change only where the move left or reached a
    // square on its rank or file, next to it (a horse's leg) or a
    // knight's leap away (a horse).
    let g = pos.rules().geometry();
    let near_king = |sq: Sq| {
        let (Some(k), Some((x, y))) = (
            pos.royals(us).next().and_then(|k| g.coords(k)),
            g.coords(sq),
        ) else {
            return false;
        };
        let (dx, dy) = (x.abs_diff(k.0), y.abs_diff(k.1));
        dx == 0 || dy == 0 || dx.max(dy) == 1 || dx + dy == 3 && dx.min(dy) == 1
    };
    if !near_king(m.from()) && !near_king(m.to()) {
        return 0;
    }
    let now = king_blockers(pos, us);
    let new_pins = now[us.index()] & !watch.blockers[us.index()];
    let new_discoverers = now[them.index()] & !watch.blockers[them.index()];
    if new_pins == 0 && new_discoverers == 0 {
        return 0;
    }
    let their_blockers = king_blockers(pos, them)[them.index()];
    let king = pos.royals(us).next();
    let king_bit = king
        .and_then(|k| pos.slot_at(k))
        .map_or(0, |s| 1u64 << (s % SLOTS_PER_SIDE));
    let mut out = 0;
    let mut alive = pos.alive(us);
    while alive != 0 {
        let bit = alive.trailing_zeros() as usize;
        alive &= alive - 1;
        let piece = pos.slot(Position::slot_index(us, bit));
        let attackers = pos.attackers(piece.sq, them) & pos.alive(them);
        // Protected by a piece just pinned, and attacked by a free one.
        if pos.attackers(piece.sq, us) & new_pins != 0
            && chase.may_be_chased(us, piece.role, piece.sq)
            && attackers & !their_blockers != 0
        {
            out |= 1 << bit;
        }
        // Attacked by a piece that now uncovers a check if it moves: a
        // chase unless the king could take it back and nothing else of
        // theirs guards the square.
        let discoverers = attackers & new_discoverers;
        if discoverers != 0 {
            let king_takes_back = pos.attackers(piece.sq, us) & king_bit != 0;
            if !king_takes_back || attackers & !discoverers != 0 {
                out |= 1 << bit;
            }
        }
    }
    out
}

/// The pieces, as slot bits per colour, standing between `color`'s king
/// and an enemy chariot, cannon or horse that would check it were they
/// gone (Fairy-Stockfish's blockers for the king): the one piece between
/// a chariot and the king, the two between a cannon and the king, a piece
/// on a horse's leg.
fn king_blockers(pos: &Position, color: Color) -> [u64; 2] {
    let mut out = [0u64; 2];
    let Some(chase) = pos.rules().chase.as_ref() else {
        return out;
    };
    let Some(king) = pos.royals(color).next() else {
        return out;
    };
    let g = pos.rules().geometry();
    let Some((kx, ky)) = g.coords(king) else {
        return out;
    };
    let mut mark = |sq: Sq| {
        if let Some(slot) = pos.slot_at(sq) {
            out[slot / SLOTS_PER_SIDE] |= 1 << (slot % SLOTS_PER_SIDE);
        }
    };
    let enemy = color.opponent();
    for (_, piece) in pos.pieces(enemy) {
        let Some((x, y)) = g.coords(piece.sq) else {
            continue;
        };
        let (dx, dy) = (i32::from(kx) - i32::from(x), i32::from(ky) - i32::from(y));
        match chase.sniper[usize::from(piece.role.0)] {
            Sniper::Chariot | Sniper::Cannon if dx == 0 || dy == 0 => {
                let between: ArrayVec<Sq, 16> = line_squares(g, (x, y), (kx, ky))
                    .filter(|&s| pos.piece_on(s).is_some())
                    .take(3)
                    .collect();
                let wanted = if chase.sniper[usize::from(piece.role.0)] == Sniper::Chariot {
                    1
                } else {
                    2
                };
                if between.len() == wanted {
                    between.iter().for_each(|&s| mark(s));
                }
            }
            Sniper::Horse if dx.abs() + dy.abs() == 3 && dx != 0 && dy != 0 => {
                let leg = if dx.abs() == 2 {
                    (i32::from(x) + dx.signum(), i32::from(y))
                } else {
                    (i32::from(x), i32::from(y) + dy.signum())
                };
                let leg = g.sq(leg.0 as u8, leg.1 as u8);
                if pos.piece_on(leg).is_some() {
                    mark(leg);
                }
            }
            _ => {}
        }
    }
    out
}

/// The squares strictly between two squares of one rank or file.
fn line_squares(
    g: &crate::types::Geometry,
    (x0, y0): (u8, u8),
    (x1, y1): (u8, u8),
) -> impl Iterator<Item = Sq> + '_ {
    let n = x0.abs_diff(x1).max(y0.abs_diff(y1));
    let step = |a: u8, b: u8, i: u8| {
        if b > a {
            a + i
        } else if b < a {
            a - i
        } else {
            a
        }
    };
    (1..n).map(move |i| g.sq(step(x0, x1, i), step(y0, y1, i)))
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
fn protects(pos: &mut Position, r: Move, before: Checks, file_pinned: Option<Sq>) -> bool {
    let royal = pos
        .piece_on(r.from())
        .is_some_and(|(_, p)| pos.rules().royal[usize::from(p.role.0)]);
    if !royal {
        if file_pinned == Some(r.from()) {
            return false;
        }
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

/// Under the flying-general rule, Fairy-Stockfish takes a piece of the
/// side to move for pinned when it is the only one of its side, besides
/// its king, on the file of both kings, whatever enemy pieces stand there
/// too: that piece.
fn file_pinned(pos: &Position) -> Option<Sq> {
    if !pos.rules().variant.end.flying_general {
        return None;
    }
    let us = pos.side_to_move();
    let g = pos.rules().geometry();
    let file = |s: Sq| g.coords(s).map(|(f, _)| f);
    let ours = pos.royals(us).next()?;
    let f = file(pos.royals(us.opponent()).next()?)?;
    if file(ours) != Some(f) {
        return None;
    }
    let mut on_file = pos
        .pieces(us)
        .map(|(_, p)| p.sq)
        .filter(|&s| file(s) == Some(f) && s != ours);
    match (on_file.next(), on_file.next()) {
        (Some(only), None) => Some(only),
        _ => None,
    }
}

/// `a` and `b` stand on one file with nothing between them.
fn open_file(pos: &Position, a: Sq, b: Sq) -> bool {
    let g = pos.rules().geometry();
    let (Some((fa, ra)), Some((fb, rb))) = (g.coords(a), g.coords(b)) else {
        return false;
    };
    fa == fb && (ra.min(rb) + 1..ra.max(rb)).all(|r| pos.is_empty(g.sq(fa, r)))
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
    let pinned = file_pinned(pos);
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
            .any(|&r| r.to() == sq && r.is_capture() && protects(pos, r, checks, pinned));
        pos.unmake(c, &undo);
        back
    });
    pos.unmake_null(ep);
    // No capture to make (the threat was not one): nothing to protect.
    answer.unwrap_or(true)
}
