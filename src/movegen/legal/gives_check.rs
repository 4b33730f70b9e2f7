//! Whether a move gives check, where the rules forbid checks (racing
//! kings): judged from the attack map before the move is made.

use super::{Lines, line_opens, slot_bit};
use crate::position::{Position, entry};
use crate::trajectory::FOE;
use crate::types::{Move, Sq, flag};
use std::cell::Cell;

/// What [`may_give_check`] found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Check {
    /// The move cannot give check.
    No,
    /// The mover attacks the enemy king from where it lands.
    Gives,
    /// It may give check: decided by making it.
    Maybe,
}

/// Whether `m` gives check, erring towards maybe: the mover strikes the
/// enemy king from where it lands (then it gives check for certain), or
/// a piece of ours whose walk passes the square it leaves may strike the
/// king with that square empty. (Where checks are forbidden, the moves
/// that cannot give check need not be made to be tested, nor those that
/// certainly do.)
pub(super) fn may_give_check(
    pos: &Position,
    m: Move,
    king: Option<Sq>,
    lines: Lines,
    opens_nothing: &Cell<Option<Sq>>,
) -> Check {
    let rare = flag::DROP
        | flag::CASTLE
        | flag::EP
        | flag::LOCUST
        | flag::PROMOTE
        | flag::GATE
        | flag::WALL;
    let rules = pos.rules();
    let us = pos.side_to_move();
    if m.is(rare) || rules.screens[us.index()] || rules.special_check || rules.blast.is_some() {
        return Check::Maybe;
    }
    let Some(king) = king else {
        return Check::Maybe;
    };
    let (from, to) = (m.from(), m.to());
    let Some(mover) = pos.slot_at(from) else {
        return Check::Maybe;
    };
    let role = pos.slot(mover).role;
    let r = usize::from(role.0);
    let direct = match &rules.leaps[us.index()][r] {
        // A leaper without moves of its own from the start square
        // attacks the same differences from anywhere, whatever stands
        // between: its leap table answers at once.
        Some(leaps)
            if rules.table.role_trees(us, role).initial_root(0) == 0
                && !rules.stopped_by_own_kind[r] =>
        {
            leaps.visit(i32::from(king) - i32::from(to))[FOE] & entry::ATTACK != 0
        }
        _ => {
            rules.strikes[us.index()][r].may_strike(to, king)
                && pos.would_attack(us, role, to, from, king)
        }
    };
    if direct {
        return Check::Gives;
    }
    if opens_nothing.get() == Some(from) {
        return Check::No;
    }
    // Filling the square a move lands on never opens a line (the walks
    // are monotone where the answer is certain): if emptying `from`
    // alone opens none, no move from there does.
    let vacate = Move::new(from, from, 0, None, 0);
    if line_opens(pos, us, from, king, lines, slot_bit(us, mover), vacate, &[]) == Some(false) {
        opens_nothing.set(Some(from));
        return Check::No;
    }
    match line_opens(pos, us, from, king, lines, slot_bit(us, mover), m, &[]) {
        Some(false) => Check::No,
        Some(true) => Check::Gives,
        None => Check::Maybe,
    }
}
