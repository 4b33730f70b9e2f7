//! Judging quiet moves before they are made. Near the leaves the node
//! search prunes most quiet moves, but not those that check or threaten
//! a bigger piece; making a move to find out costs more than pruning
//! saves. The strike sets (every square a piece type could ever attack
//! from a square) name the few pieces a move might reach; walks on the
//! board as the move would leave it, without making it, settle those.
//! Only moves still in doubt are made and read from the attack map.

use crate::eval::Evaluator;
use crate::position::{Position, Slot};
use crate::trajectory::{FOE, visit};
use crate::types::{Move, Role, Sq, flag};

/// Whether quiet moves of the side to move can be screened before they
/// are made (see [`harmless_quiet`]): `Some` with the enemy royal's
/// square (`None` inside when there is none) where check means "the one
/// royal piece is attacked" and our walks stop at every occupied square
/// (no cannons, no locust captures, no explosions).
pub(super) fn quiet_screen(pos: &Position) -> Option<Option<Sq>> {
    let rules = pos.rules();
    let us = pos.side_to_move();
    if rules.special_check || rules.blast.is_some() || rules.has_locust || rules.screens[us.index()]
    {
        return None;
    }
    let mut royals = pos.royals(us.opponent());
    let king = royals.next();
    if royals.next().is_some() {
        return None;
    }
    Some(king)
}

/// True if the plain quiet move `m` certainly gives no check and attacks
/// nothing worth more than the mover once made, judged from the strike
/// sets alone (see [`may_check`] and [`threatens`]). Such a move is
/// searched (or pruned) like any quiet one, so the search may prune it
/// without paying for make and unmake. Castling, gating, passes,
/// promotions and demotions are never judged harmless here.
#[cfg(test)]
fn harmless_quiet(eval: &Evaluator, pos: &Position, m: Move, king: Option<Sq>) -> bool {
    let Some((role, from)) = plain_mover(pos, m) else {
        return false;
    };
    !king.is_some_and(|k| checks(pos, m, role, from, k)) && !threatens(eval, pos, m, role, from)
}

/// Whether plain move `m` of a `role` piece (from `from`, `None` for a
/// drop) could, once made, attack an enemy piece worth more than the
/// mover: the strike sets pick the pieces it might reach, its walk from
/// the new square on the board as the move leaves it decides. False is
/// certain, true means "make it to see" (what [`makes_threat`] reads
/// from the attack map).
pub(super) fn threatens(
    eval: &Evaluator,
    pos: &Position,
    m: Move,
    role: Role,
    from: Option<Sq>,
) -> bool {
    let us = pos.side_to_move();
    let set = &pos.rules().strikes[us.index()][usize::from(role.0)];
    let value = eval.value(role);
    let to = m.to();
    // A wall moved or placed with the move changes walks elsewhere:
    // judged by the strike sets alone.
    let walk = !m.is(flag::WALL);
    if walk && first_move_after(pos, role, from, to) {
        return true;
    }
    pos.pieces(us.opponent()).any(|(_, s)| {
        eval.value(s.role) > value
            && set.may_strike(to, s.sq)
            && (!walk
                || pos.would_visit(us, role, (to, from.unwrap_or(to), s.sq), |class, kind| {
                    class == FOE && kind & visit::CAPTURE != 0
                }))
    })
}

/// Whether the piece a plain move puts on `to` may move there as from
/// its start square (a piece dropped where it has first moves, such as
/// a pawn's double step): walks from `to` would leave those moves out,
/// so the screen makes such moves.
fn first_move_after(pos: &Position, role: Role, from: Option<Sq>, to: Sq) -> bool {
    from.is_none()
        && pos
            .rules()
            .table
            .role_trees(pos.side_to_move(), role)
            .initial_root(to)
            != 0
}

/// The type of the piece plain move `m` moves and its start square (`None`
/// for a drop); `None` for castling, e.p., locust captures, gating,
/// passes, promotions and demotions, which the strike-set screens leave
/// to make and see.
pub(super) fn plain_mover(pos: &Position, m: Move) -> Option<(Role, Option<Sq>)> {
    if m.is(flag::CASTLE | flag::EP | flag::LOCUST | flag::GATE)
        || m.is_pass()
        || m.promotion().is_some()
    {
        return None;
    }
    match m.hand() {
        Some(r) => Some((r, None)),
        None => pos
            .piece_on(m.from())
            .map(|(_, s)| (s.role, Some(m.from()))),
    }
}

/// Whether plain move `m` of a `role` piece (from `from`, `None` for a
/// drop) could check the enemy royal on `king`, by the strike sets: the
/// mover from its new square, or a piece of ours whose walk now stops on
/// the square it leaves. False is certain (under [`quiet_screen`]'s
/// conditions); true means "look closer" ([`checks`]).
pub(super) fn may_check(pos: &Position, m: Move, role: Role, from: Option<Sq>, king: Sq) -> bool {
    let us = pos.side_to_move();
    let strikes = &pos.rules().strikes[us.index()];
    strikes[usize::from(role.0)].may_strike(m.to(), king)
        || from.is_some_and(|from| uncovered(pos, from, king).next().is_some())
}

/// Our pieces, other than the one on `from`, whose walks pass `from` and
/// whose strike sets reach `king` from where they stand: those a move
/// from `from` may uncover against it.
fn uncovered(pos: &Position, from: Sq, king: Sq) -> impl Iterator<Item = &Slot> {
    let us = pos.side_to_move();
    let strikes = &pos.rules().strikes[us.index()];
    let mover = pos.slot_at(from);
    let mut touch = pos.touched_by(from, us);
    std::iter::from_fn(move || {
        while touch != 0 {
            let slot = Position::slot_index(us, touch.trailing_zeros() as usize);
            touch &= touch - 1;
            let s = pos.slot(slot);
            if Some(slot) != mover && strikes[usize::from(s.role.0)].may_strike(s.sq, king) {
                return Some(s);
            }
        }
        None
    })
}

/// Whether plain move `m` of a `role` piece (from `from`, `None` for a
/// drop) checks the enemy royal on `king`, by walks on the board as the
/// move leaves it: the mover's from its new square, and those of ours
/// whose walks stop on the square it leaves (by the strike sets alone
/// where the move also moves a wall). False is certain (under
/// [`quiet_screen`]'s conditions); true means "make it to see" (a piece
/// on its start square may also strike as it moves from there: not
/// worked out).
pub(super) fn checks(pos: &Position, m: Move, role: Role, from: Option<Sq>, king: Sq) -> bool {
    if m.is(flag::WALL) {
        // A wall moved or placed with the move changes walks elsewhere.
        return may_check(pos, m, role, from, king);
    }
    let us = pos.side_to_move();
    let rules = pos.rules();
    let strikes = &rules.strikes[us.index()];
    let to = m.to();
    if strikes[usize::from(role.0)].may_strike(to, king)
        && (first_move_after(pos, role, from, to)
            || pos.would_attack(us, role, to, from.unwrap_or(to), king))
    {
        return true;
    }
    let Some(from) = from else {
        return false;
    };
    // A piece on its start square may also strike as it moves from
    // there: not worked out, made.
    uncovered(pos, from, king).any(|s| {
        s.virgin && rules.table.role_trees(us, s.role).initial_root(s.sq) != 0
            || pos.would_attack_after(us, s.role, s.sq, king, m, &[])
    })
}

/// Whether the piece `m` moved (just made) now attacks an enemy piece
/// worth more than itself: read from its walk record in the attack
/// map.
pub(super) fn makes_threat(eval: &Evaluator, pos: &Position, m: Move) -> bool {
    let (Some(slot), Some((us, mover))) = (pos.slot_at(m.to()), pos.piece_on(m.to())) else {
        return false;
    };
    let value = eval.value(mover.role);
    pos.records(slot).iter().any(|e| {
        e.kind & visit::CAPTURE != 0
            && pos
                .piece_on(e.sq)
                .is_some_and(|(c, p)| c != us && eval.value(p.role) > value)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge;
    use crate::movegen::generate_legal;
    use crate::position::Rules;
    use crate::types::MoveList;

    /// Whether playing `from`-`to` in `fen` (chess) makes a threat.
    fn threat_after(fen: &str, from: (u8, u8), to: (u8, u8)) -> bool {
        let set = crate::variant::VariantSet::builtin().expect("built-ins");
        let rules = Rules::new(set.get("normal").expect("normal").clone()).expect("rules");
        let mut pos = Position::from_fen(rules.clone(), fen).expect("fen");
        let eval = Evaluator::new(&rules);
        let g = rules.geometry();
        let mut list = MoveList::new();
        generate_legal(&mut pos, &mut list);
        let m = *list
            .iter()
            .find(|m| m.from() == g.sq(from.0, from.1) && m.to() == g.sq(to.0, to.1))
            .expect("the move is legal");
        pos.make(m);
        makes_threat(&eval, &pos, m)
    }

    /// The screen that lets the search prune quiet moves unmade must
    /// never call a move harmless that, made, checks or threatens a
    /// bigger piece: checked over random games of every built-in variant
    /// the screen applies to, against the attack map after the move.
    #[test]
    fn harmless_quiet_moves_neither_check_nor_threaten() {
        let set = crate::variant::VariantSet::builtin().expect("built-ins");
        let mut rng = crate::rng::Rng(7);
        let (mut judged, mut variants) = (0, 0);
        for variant in set.iter() {
            let rules = Rules::new(variant.clone()).expect("rules");
            let eval = Evaluator::new(&rules);
            let mut screened = false;
            for _game in 0..6 {
                let mut pos = Position::start(rules.clone()).expect("start");
                for _ply in 0..80 {
                    let moves = crate::movegen::legal_moves(&mut pos);
                    if moves.is_empty() || judge::by_rule(&pos).is_some() {
                        break;
                    }
                    if let Some(king) = quiet_screen(&pos) {
                        screened = true;
                        let them = pos.side_to_move().opponent();
                        for &m in moves.iter().filter(|m| !m.is_capture() && !m.promotes()) {
                            if harmless_quiet(&eval, &pos, m, king) {
                                judged += 1;
                                let (text, fen) = (crate::notation::move_text(&pos, m), pos.fen());
                                let undo = pos.make(m);
                                assert!(
                                    !pos.in_check(them) && !makes_threat(&eval, &pos, m),
                                    "{}: {text} called harmless in {fen}",
                                    variant.name,
                                );
                                pos.unmake(m, &undo);
                            }
                        }
                    }
                    let m = *rng.pick(&moves);
                    pos.make(m);
                }
            }
            variants += usize::from(screened);
        }
        // The screen must apply widely to be worth having.
        assert!(
            variants >= 20 && judged >= 10_000,
            "{variants} variants, {judged} moves"
        );
    }

    #[test]
    fn a_pawn_fork_of_two_rooks_is_a_threat() {
        let fen = "4k3/8/8/1r1r4/8/2P5/8/4K3 w - - 0 1";
        // c3-c4 attacks both rooks; the king's step attacks nothing.
        assert!(threat_after(fen, (2, 2), (2, 3)));
        assert!(!threat_after(fen, (4, 0), (4, 1)));
        // A rook that attacks a rook threatens nothing bigger than itself.
        let fen = "4k3/8/8/3r4/8/8/8/R3K3 w - - 0 1";
        assert!(!threat_after(fen, (0, 0), (3, 0)));
    }
}
