//! Sittuyin's promotion (`sittuyinPromotion`): not a pawn move that
//! reaches a rank, but a move of its own. A pawn standing in the
//! promotion region (any pawn, when it is its side's last) turns into a
//! promotion type, in place or one move of that type away onto an empty
//! square, provided the new piece attacks no enemy piece there; the move
//! may not give check either (judged with the other legality rules).

use crate::position::Position;
use crate::types::{Move, MoveList, flag};

/// The sittuyin promotions of the side to move, into `list`.
pub(super) fn promotions(pos: &Position, list: &mut MoveList) {
    let us = pos.side_to_move();
    let rules = pos.rules();
    let c = us.index();
    let is_pawn = |role: crate::types::Role| rules.promotes[c][usize::from(role.0)];
    let last_pawn = pos.pieces(us).filter(|(_, s)| is_pawn(s.role)).count() == 1;
    for (_, pawn) in pos.pieces(us).filter(|(_, s)| is_pawn(s.role)) {
        let from = pawn.sq;
        if !last_pawn && !rules.promotion_zone[c][usize::from(from)] {
            continue;
        }
        for &choice in rules.promotion_choices[c].iter() {
            if !pos.promotion_allowed(us, choice) {
                continue;
            }
            let mut add = |to| {
                if !pos.would_attack_a_foe(us, choice, to, from) {
                    list.push(Move::new(from, to, 0, Some(choice), flag::PROMOTE));
                }
            };
            add(from);
            let mut targets = arrayvec::ArrayVec::<_, 64>::new();
            pos.quiet_reach(us, choice, from, from, |to| {
                let _ = targets.try_push(to);
            });
            targets.into_iter().for_each(add);
        }
    }
}
