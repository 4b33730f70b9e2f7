//! Static exchange evaluation: what a capture wins once both sides have
//! recaptured on the square as long as it pays.
//!
//! The attackers come from the attack map and the exchange is played out
//! with real moves (make/unmake), so whatever the pieces are, the map is
//! right after each capture: a cannon that needs a screen, a piece
//! uncovered behind a rider (an x-ray), a hopper that loses its hurdle,
//! a locust capture that lands away from its victim, a promotion on the
//! last rank, an atomic explosion. Legality is not checked, except that
//! capturing a royal piece ends the exchange with a huge gain, so a king
//! never takes a defended piece.

use crate::eval::{Evaluator, Score};
use crate::movegen::captures_to;
use crate::position::Position;
use crate::types::{Move, MoveList, Sq, flag};

/// What taking a royal piece is worth in an exchange: more than any army.
const ROYAL: Score = 20_000;
/// Recaptures followed at most (deeper exchanges are rare and cost time).
const MAX_EXCHANGE: usize = 10;

/// The value of a piece for exchanges.
fn value_on(eval: &Evaluator, pos: &Position, sq: Sq) -> Score {
    match pos.piece_on(sq) {
        Some((_, s)) if pos.rules().royal[usize::from(s.role.0)] => ROYAL,
        Some((_, s)) => eval.value(s.role),
        None => 0,
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
    let undo = pos.make(m);
    let value = see_made(eval, pos, m, gain);
    pos.unmake(m, &undo);
    value
}

/// The exchange value of `m`, already made, for the side that made it;
/// `gain` is its [`immediate_gain`], worked out before it was made.
pub fn see_made(eval: &Evaluator, pos: &mut Position, m: Move, gain: Score) -> Score {
    if gain >= ROYAL {
        return gain;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::pseudo_legal;
    use crate::position::Rules;
    use crate::types::Role;
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
