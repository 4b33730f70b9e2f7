//! Static exchange evaluation: what a capture wins once both sides have
//! recaptured on the square as long as it pays.
//!
//! The attackers come from the attack map. Where every capture only
//! moves the capturer onto the square and removes its victim, the
//! exchange is worked out on the map without making moves
//! ([`Exchange`]): only the pieces whose walks pass a square a capturer
//! left are walked again, on the board as the exchange leaves it (a
//! piece uncovered behind a rider, a cannon that loses its screen or
//! gains one). Elsewhere it is played out with real moves (make/unmake),
//! so whatever the pieces are, the map is right after each capture: a
//! locust capture that lands away from its victim, a promotion, an
//! atomic explosion, a capturer turned to stone. Both give the same
//! values. Legality is not checked, except that capturing a royal piece
//! ends the exchange with a huge gain, so a king never takes a defended
//! piece.

use crate::eval::{Evaluator, Score};
use crate::movegen::captures_to;
use crate::position::Position;
use crate::types::{Color, Move, MoveList, Role, Sq, flag};
use arrayvec::ArrayVec;

/// What taking a royal piece is worth in an exchange: more than any army.
const ROYAL: Score = 20_000;
/// Recaptures followed at most (deeper exchanges are rare and cost time).
const MAX_EXCHANGE: usize = 10;

/// The value of a piece for exchanges.
fn value_on(eval: &Evaluator, pos: &Position, sq: Sq) -> Score {
    pos.piece_on(sq)
        .map_or(0, |(_, s)| role_value(eval, pos, s.role))
}

/// The value of a piece of type `role` for exchanges.
fn role_value(eval: &Evaluator, pos: &Position, role: Role) -> Score {
    if pos.rules().royal[usize::from(role.0)] {
        ROYAL
    } else {
        eval.value(role)
    }
}

/// Material `m` wins at once: its victims and its promotion.
pub fn immediate_gain(eval: &Evaluator, pos: &Position, m: Move) -> Score {
    let mut gain = 0;
    if m.is(flag::CAPTURE) {
        gain += value_on(eval, pos, m.to());
    }
    if m.is(flag::LOCUST) {
        gain += value_on(eval, pos, m.aux());
    }
    if m.is(flag::EP) {
        gain += value_on(eval, pos, pos.ep().victim);
    }
    if m.promotes()
        && !m.is_drop()
        && let Some(r) = m.promotion()
    {
        gain += eval.value(r) - value_on(eval, pos, m.from()).min(ROYAL - 1);
    }
    gain
}

/// The exchange value of `m` for the side making it.
pub fn see(eval: &Evaluator, pos: &mut Position, m: Move) -> Score {
    let gain = immediate_gain(eval, pos, m);
    if gain >= ROYAL {
        return gain;
    }
    if let Some(reply) = Exchange::after(eval, pos, m).and_then(|mut ex| ex.best_recapture(1)) {
        debug_assert_eq!(gain - reply, see_by_moves(eval, pos, m, gain), "{m:?}");
        return gain - reply;
    }
    see_by_moves(eval, pos, m, gain)
}

/// [`see`] with the exchange played out by real moves.
fn see_by_moves(eval: &Evaluator, pos: &mut Position, m: Move, gain: Score) -> Score {
    let undo = pos.make(m);
    let value = gain - best_recapture(eval, pos, m.to(), 1);
    pos.unmake(m, &undo);
    value
}

/// The exchange value of `m`, already made, for the side that made it;
/// `gain` is its [`immediate_gain`], worked out before it was made.
pub fn see_made(eval: &Evaluator, pos: &mut Position, m: Move, gain: Score) -> Score {
    if gain >= ROYAL {
        return gain;
    }
    let quick = Exchange::on(eval, pos, m.to()).and_then(|mut ex| ex.best_recapture(1));
    if let Some(reply) = quick {
        debug_assert_eq!(reply, best_recapture(eval, pos, m.to(), 1), "{m:?}");
        return gain - reply;
    }
    gain - best_recapture(eval, pos, m.to(), 1)
}

/// Whether `m` at least breaks even: cheap when the victim is worth as
/// much as the attacker or the square is not defended.
pub fn see_ge(eval: &Evaluator, pos: &mut Position, m: Move, threshold: Score) -> bool {
    let gain = immediate_gain(eval, pos, m);
    if gain < threshold {
        // Even keeping the capturer for free does not reach it.
        return false;
    }
    let them = pos.side_to_move().opponent();
    // What stands on the square afterwards, and may be taken back.
    let at_risk = match m.promotion() {
        Some(r) if m.promotes() => eval.value(r),
        _ if m.is_drop() => m.hand().map_or(0, |r| eval.value(r)),
        _ => value_on(eval, pos, m.from()),
    };
    if gain - at_risk >= threshold || pos.attackers(m.to(), them) == 0 && !m.is(flag::LOCUST) {
        return true;
    }
    see(eval, pos, m) >= threshold
}

/// What the side to move gains at best by capturing the piece on `sq` and
/// going on exchanging (zero: it need not capture).
fn best_recapture(eval: &Evaluator, pos: &mut Position, sq: Sq, depth: usize) -> Score {
    if depth > MAX_EXCHANGE || pos.piece_on(sq).is_none() {
        return 0;
    }
    let mut list = MoveList::new();
    captures_to(pos, sq, &mut list);
    // The least valuable capturer; of its moves the one that gains most.
    let mut best: Option<(Score, Score, Move)> = None;
    for &m in &list {
        let takes = m.is(flag::CAPTURE) && m.to() == sq || m.is(flag::LOCUST) && m.aux() == sq;
        if !takes {
            continue;
        }
        let attacker = value_on(eval, pos, m.from());
        let gain = immediate_gain(eval, pos, m);
        if best.is_none_or(|(a, g, _)| attacker < a || attacker == a && gain > g) {
            best = Some((attacker, gain, m));
        }
    }
    let Some((_, gain, m)) = best else {
        return 0;
    };
    if gain >= ROYAL {
        return gain;
    }
    let undo = pos.make(m);
    let reply = best_recapture(eval, pos, m.to(), depth + 1);
    pos.unmake(m, &undo);
    (gain - reply).max(0)
}

/// An exchange on one square worked out on the attack map without making
/// its moves, where each capture only puts the capturer on the square and
/// removes the piece there (no explosion, petrification, locust, Lion,
/// flipping or own-kind screens in the variant, no promotion in the
/// exchange). Pieces whose walks pass no square a capturer left attack
/// the square as the map says; the others are walked again on the board
/// as the exchange leaves it. It picks the capturers
/// [`best_recapture`] picks (the least valuable, the first slot of
/// equals), so the values are the same.
struct Exchange<'a> {
    eval: &'a Evaluator,
    pos: &'a Position,
    sq: Sq,
    /// The side whose piece stands on `sq`, and that piece's value.
    occupant: (Color, Score),
    /// Its board code (what a walk sees on `sq`; any piece of its side
    /// for one dropped there).
    code: u8,
    /// Squares the capturers left.
    emptied: ArrayVec<Sq, { MAX_EXCHANGE + 2 }>,
    /// Pieces whose walks pass an emptied square (slot bits per colour).
    moved_past: [u64; 2],
    /// Pieces out of the exchange: the one on `sq` and those taken there.
    gone: [u64; 2],
}

impl<'a> Exchange<'a> {
    /// The exchange on `sq` as the position stands (`None` where it must
    /// be played out by moves).
    fn on(eval: &'a Evaluator, pos: &'a Position, sq: Sq) -> Option<Exchange<'a>> {
        let occupant = pos.slot_at(sq)?;
        let mut ex = Exchange::new(eval, pos, sq)?;
        ex.stand(occupant);
        Some(ex)
    }

    /// The exchange on `m.to()` once `m` (not yet made) is made: a move
    /// that only goes from one square to another, capturing there or not,
    /// or a drop.
    fn after(eval: &'a Evaluator, pos: &'a Position, m: Move) -> Option<Exchange<'a>> {
        let special = flag::EP | flag::LOCUST | flag::CASTLE | flag::PROMOTE;
        if m.is(special) || m.wall_cell().is_some() || m.gate_square().is_some() {
            return None;
        }
        let mut ex = Exchange::new(eval, pos, m.to())?;
        if m.is_drop() {
            // What enters: a drop may bring a piece in as another type.
            let role = m.promotion().or(m.hand())?;
            if pos.rules().royal[usize::from(role.0)] {
                return None;
            }
            let us = pos.side_to_move();
            ex.occupant = (us, eval.value(role));
            ex.code = (Position::slot_index(us, 0) + 1) as u8;
            return Some(ex);
        }
        if let Some(victim) = pos.slot_at(m.to()) {
            ex.stand(victim);
        }
        let mover = pos.slot_at(m.from())?;
        ex.stand(mover);
        ex.vacate(m.from());
        Some(ex)
    }

    /// The exchange on `sq`, where the variant's captures are plain, with
    /// no piece there yet.
    fn new(eval: &'a Evaluator, pos: &'a Position, sq: Sq) -> Option<Exchange<'a>> {
        if !pos.rules().plain_captures {
            return None;
        }
        Some(Exchange {
            eval,
            pos,
            sq,
            occupant: (pos.side_to_move(), 0),
            code: 0,
            emptied: ArrayVec::new(),
            moved_past: [0; 2],
            gone: [0; 2],
        })
    }

    /// The exchange value of the piece in `slot` (wherever it stands).
    fn value(&self, slot: usize) -> Score {
        role_value(self.eval, self.pos, self.pos.slot(slot).role)
    }

    /// The piece in `slot` stands on `sq` (and is out of the exchange
    /// from now on, taken there or not).
    fn stand(&mut self, slot: usize) {
        self.occupant = (Position::slot_color(slot), self.value(slot));
        self.code = (slot + 1) as u8;
        self.gone[Position::slot_color(slot).index()] |= Position::bit(slot);
    }

    /// A capturer left `from`.
    fn vacate(&mut self, from: Sq) {
        self.emptied.push(from);
        let past = self.pos.touching(from);
        self.moved_past[0] |= past[0];
        self.moved_past[1] |= past[1];
    }

    /// The pieces of `side` that attack `sq` now (slot bits).
    fn attackers(&self, side: Color) -> u64 {
        let c = side.index();
        let pos = self.pos;
        let alive = pos.alive(side) & !self.gone[c];
        let mut found = pos.attackers(self.sq, side) & alive & !self.moved_past[c];
        let mut again = alive & self.moved_past[c];
        let strikes = &pos.rules().strikes[c];
        while again != 0 {
            let bit = again.trailing_zeros() as usize;
            again &= again - 1;
            let slot = Position::slot_index(side, bit);
            let piece = pos.slot(slot);
            if strikes[usize::from(piece.role.0)].may_strike(piece.sq, self.sq)
                && pos.would_attack_on(slot, self.sq, self.code, &self.emptied)
            {
                found |= 1 << bit;
            }
        }
        found
    }

    /// Whether the piece in `slot` taking on `sq` might promote or
    /// demote: then the exchange is played out by moves.
    fn changes_type(&self, slot: usize) -> bool {
        let rules = self.pos.rules();
        let piece = self.pos.slot(slot);
        let (c, r) = (Position::slot_color(slot), usize::from(piece.role.0));
        let zone = &rules.promotion_zone[c.index()];
        rules.promotes[c.index()][r] && zone[usize::from(self.sq)]
            || rules.promoted_type[r].is_some()
                && !piece.promoted
                && (zone[usize::from(piece.sq)]
                    || zone[usize::from(self.sq)]
                    || rules.is_stuck(c, piece.role, self.sq))
            || piece.promoted && rules.demoted_type[r].is_some()
    }

    /// [`best_recapture`] for the side that does not own the piece on
    /// `sq`; `None` where a capture might change its type.
    fn best_recapture(&mut self, depth: usize) -> Option<Score> {
        if depth > MAX_EXCHANGE {
            return Some(0);
        }
        let side = self.occupant.0.opponent();
        let attackers = self.attackers(side);
        let mut best: Option<(Score, usize)> = None;
        let mut bits = attackers;
        while bits != 0 {
            let slot = Position::slot_index(side, bits.trailing_zeros() as usize);
            bits &= bits - 1;
            let v = self.value(slot);
            if best.is_none_or(|(b, _)| v < b) {
                best = Some((v, slot));
            }
        }
        let Some((least, slot)) = best else {
            return Some(0);
        };
        let mut bits = attackers;
        while bits != 0 {
            let other = Position::slot_index(side, bits.trailing_zeros() as usize);
            bits &= bits - 1;
            if self.value(other) == least && self.changes_type(other) {
                return None;
            }
        }
        let gain = self.occupant.1;
        if gain >= ROYAL {
            return Some(gain);
        }
        self.stand(slot);
        self.vacate(self.pos.slot(slot).sq);
        let reply = self.best_recapture(depth + 1)?;
        Some((gain - reply).max(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::pseudo_legal;
    use crate::position::Rules;
    use crate::variant::VariantSet;

    fn position(variant: &str, fen: &str) -> Position {
        let set = VariantSet::builtin().expect("built-in variants");
        let rules = Rules::new(set.get(variant).expect("variant").clone()).expect("rules");
        Position::from_fen(rules, fen).expect("fen")
    }

    /// SEE of the pseudo-legal move between two squares given as (file,
    /// rank) from 0.
    fn see_of(variant: &str, fen: &str, from: (u8, u8), to: (u8, u8)) -> Score {
        let mut pos = position(variant, fen);
        let eval = Evaluator::new(pos.rules());
        let g = pos.rules().geometry().clone();
        let mut list = MoveList::new();
        pseudo_legal::<true, true>(&pos, &mut list);
        let m = list
            .into_iter()
            .find(|m| m.from() == g.sq(from.0, from.1) && m.to() == g.sq(to.0, to.1))
            .expect("move exists");
        let before = pos.fen();
        let v = see(&eval, &mut pos, m);
        assert_eq!(pos.fen(), before, "see leaves the position as it was");
        v
    }

    fn value_of(variant: &str, letter: char) -> Score {
        let set = VariantSet::builtin().expect("built-in variants");
        let rules = Rules::new(set.get(variant).expect("variant").clone()).expect("rules");
        let i = rules
            .variant
            .pieces
            .iter()
            .position(|p| {
                p.letter
                    .to_string()
                    .eq_ignore_ascii_case(&letter.to_string())
            })
            .expect("piece");
        Evaluator::new(&rules).value(Role(i as u8))
    }

    #[test]
    fn exchanges_in_chess() {
        let (p, rook) = (value_of("normal", 'P'), value_of("normal", 'R'));
        let d = |r: u8| (3, r - 1);
        // Undefended pawn: a clean win of a pawn.
        assert_eq!(
            see_of("normal", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", d(1), d(5)),
            p
        );
        // Pawn defended by a pawn, taken by a rook: rook for pawn.
        assert_eq!(
            see_of("normal", "4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", d(1), d(5)),
            p - rook
        );
        // Rook behind rook (an x-ray) against one defender: pawn and rook
        // for rook.
        assert_eq!(
            see_of("normal", "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", d(2), d(5)),
            p
        );
        // Without the second rook the exchange loses the rook for a pawn.
        assert_eq!(
            see_of("normal", "3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", d(2), d(5)),
            p - rook
        );
        // A king may not take a defended piece.
        assert!(see_of("normal", "4k3/8/8/8/8/3r4/3K4/3r4 w - - 0 1", d(2), d(3)) < 0);
    }

    /// The exchanges worked out on the map give what playing them out by
    /// moves gives, for every move of positions along random games.
    #[test]
    fn exchanges_on_the_map_are_played_out_exchanges() {
        let set = VariantSet::builtin().expect("built-in variants");
        let variants = [
            "normal",
            "xiangqi",
            "shogi",
            "crazyhouse",
            "grand",
            "shako",
            "berolina",
            "grasshopper",
            "nightrider",
            "makruk",
            "seirawan",
            "duck",
            "horde",
            "courier",
        ];
        let mut rng = crate::rng::Rng(7);
        let mut compared = 0;
        for variant in variants {
            let rules = Rules::new(set.get(variant).expect("variant").clone()).expect("rules");
            let eval = Evaluator::new(&rules);
            for _game in 0..4 {
                let mut pos = Position::start(rules.clone()).expect("start position");
                for _ply in 0..60 {
                    let moves = crate::movegen::legal_moves(&mut pos);
                    if moves.is_empty() {
                        break;
                    }
                    for &m in &moves {
                        let gain = immediate_gain(&eval, &pos, m);
                        if gain >= ROYAL {
                            continue;
                        }
                        let quick =
                            Exchange::after(&eval, &pos, m).and_then(|mut ex| ex.best_recapture(1));
                        if let Some(reply) = quick {
                            let by_moves = see_by_moves(&eval, &mut pos, m, gain);
                            assert_eq!(gain - reply, by_moves, "{variant} {} {m:?}", pos.fen());
                            compared += 1;
                        }
                    }
                    let m = *rng.pick(&moves);
                    pos.make(m);
                }
            }
        }
        assert!(compared > 10_000, "only {compared} exchanges compared");
    }

    #[test]
    fn a_cannon_needs_its_screen() {
        // Xiangqi: the red cannon on e1 takes the chariot on e7 over the
        // soldier on e4; the black cannon on e9 has no screen between it
        // and e7, so it cannot take back.
        let fen = "4k4/4c4/9/4r4/9/9/4P4/9/9/3KC4 w - - 0 1";
        let chariot = value_of("xiangqi", 'R');
        assert_eq!(see_of("xiangqi", fen, (4, 0), (4, 6)), chariot);
        // With a black soldier on e8 as the screen, the cannon recaptures.
        let fen = "4k4/4c4/4p4/4r4/9/9/4P4/9/9/3KC4 w - - 0 1";
        let cannon = value_of("xiangqi", 'C');
        assert_eq!(see_of("xiangqi", fen, (4, 0), (4, 6)), chariot - cannon);
    }
}
