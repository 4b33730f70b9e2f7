//! Dead positions: material with which no checkmate can ever arise.
//!
//! A variant file says nothing about insufficient material, and a table of
//! "minor pieces" would only be right for chess. So Griffon decides it from
//! the pieces themselves: with two royal pieces and at most one other man on
//! the board, it tries every placement of that material, on this variant's
//! board and with its real move generator, for a checkmate. When no
//! placement is mate for either side, the game can never be won and is
//! drawn, which is FIDE's dead-position rule (king and knight, king and
//! bishop against a bare king) carried over to any variant.
//!
//! The search runs once per material and variant and is cached in
//! [`Rules`](crate::position::Rules); it costs a fraction of a second on a 12x8 board
//! and happens only when the board is down to three men. On boards of more
//! than 144 squares, and for pieces with hops or several legs, it is not
//! run and the material counts as able to mate: a game is never declared
//! dead by mistake.

use crate::movegen::legal_moves;
use crate::position::{MateMaterial as Material, Position};
use crate::types::{Color, Role, Sq};
use crate::xbetza::Hop;
use arrayvec::ArrayVec;

/// The game can no longer be won by either side: the variant is won
/// only by checkmate (stalemate a draw, no extinction, drops or forced
/// captures), each side has one royal piece, at most one other man is
/// left and it never promotes, and no placement of this material is
/// checkmate (see the module notes).
pub fn insufficient_material(pos: &Position) -> bool {
    let rules = pos.rules();
    let v = &rules.variant;
    // Where a count ends the game, the count decides such endings.
    if !v.wins_only_by_checkmate() || v.end.counting_judged() {
        return false;
    }
    let mut men: [ArrayVec<Role, 2>; 2] = [ArrayVec::new(), ArrayVec::new()];
    let mut others = 0;
    for color in Color::BOTH {
        let mut royals = 0;
        for (_, s) in pos.pieces(color) {
            let role = s.role;
            if rules.royal[usize::from(role.0)] {
                royals += 1;
                if men[color.index()].try_insert(0, role).is_err() {
                    return false;
                }
            } else {
                others += 1;
                if others > 1
                    || rules.promotes[color.index()][usize::from(role.0)]
                    || men[color.index()].try_push(role).is_err()
                {
                    return false;
                }
            }
        }
        if royals != 1 {
            return false;
        }
    }
    Color::BOTH.into_iter().all(|attacker| {
        let key = Material {
            attacker,
            attack: men[attacker.index()].clone(),
            defend: men[attacker.opponent().index()].clone(),
        };
        let cached = rules
            .mate_cache
            .lock()
            .ok()
            .and_then(|cache| cache.get(&key).copied());
        let mate = cached.unwrap_or_else(|| {
            let mate = mate_exists(pos, &key);
            if let Ok(mut cache) = rules.mate_cache.lock() {
                cache.insert(key, mate);
            }
            mate
        });
        !mate
    })
}

/// Some placement of `m` with the defender to move is checkmate. Only
/// exact for single-leg pieces without hops, whose checks a third man
/// can only block; for any other piece it answers yes, so that no game
/// is ever declared dead by mistake.
fn mate_exists(pos: &Position, m: &Material) -> bool {
    let v = &pos.rules().variant;
    let simple = |role: &Role| {
        v.piece(*role)
            .moves
            .moves
            .iter()
            .all(|d| d.legs.len() == 1 && d.legs[0].hop == Hop::None)
    };
    // Boards beyond 12x12 would make the search take seconds in the
    // middle of a game: answer yes there too.
    if !m.attack.iter().chain(&m.defend).all(simple)
        || pos.rules().geometry().squares().count() > 144
    {
        return true;
    }
    let (att, def) = (m.attacker, m.attacker.opponent());
    let mut scratch = pos.clone();
    let squares: Vec<Sq> = pos.rules().geometry().squares().collect();
    let defender_royal = m.defend[0];
    for &d in &squares {
        for (i, &checker) in m.attack.iter().enumerate() {
            // The checking man alone with the defending royal piece: a
            // third man can only block this check, never create it.
            let third = m
                .attack
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &r)| (att, r))
                .chain(m.defend.iter().skip(1).map(|&r| (def, r)))
                .next();
            for &c in squares.iter().filter(|&&c| c != d) {
                scratch.set_pieces(&[(def, defender_royal, d), (att, checker, c)], def);
                if !scratch.in_check(def) {
                    continue;
                }
                let mut try_mate = |men: &[(Color, Role, Sq)]| {
                    scratch.set_pieces(men, def);
                    !scratch.in_check(att)
                        && scratch.in_check(def)
                        && legal_moves(&mut scratch).is_empty()
                };
                match third {
                    None => {
                        if try_mate(&[(def, defender_royal, d), (att, checker, c)]) {
                            return true;
                        }
                    }
                    Some((color, role)) => {
                        for &e in squares.iter().filter(|&&e| e != d && e != c) {
                            let men = [
                                (def, defender_royal, d),
                                (att, checker, c),
                                (color, role, e),
                            ];
                            if try_mate(&men) {
                                return true;
                            }
                        }
                    }
                }
            }
        }
    }
    false
}
