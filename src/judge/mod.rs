//! The game-end judge: whether a position ends the game, with what value
//! for the side to move and why ([`Verdict`], [`EndReason`]).
//!
//! Every caller asks here: the game record and the match referee
//! ([`referee`], every rule in the order a referee applies them), the
//! search and quiescence (the cheap checks one at a time, in the order
//! their nodes need them), the XBoard engine's claims, tablebase
//! generation. The position keeps the one computation the move generator
//! needs below this layer (`Position::rule_outcome`: a rule of material or
//! checks has ended the game, so there are no moves); here it gets its
//! reason.
//!
//! Immediate ends (mate, stalemate, extinction, checks given) are facts of
//! the position. The others (a count run out, a repetition, a dead
//! position) depend on the game's history or are a referee's call; see
//! [`EndReason::is_immediate`].

mod chase;
mod dead;
mod reason;
mod repetition;

pub use chase::{ChaseWatch, chased};
pub use dead::insufficient_material;
pub use reason::{EndReason, Outcome, Verdict};
pub use repetition::{Cycle, Past, Seen, Shuttle, occurrences, repeated, repetition_value};

use crate::movegen::{has_legal_move, legal_moves};
use crate::position::{Position, RuleEnd, Rules};
use crate::types::{Color, Role, flag};
use crate::variant::GameValue;

/// An end by a rule of material, checks or goals (extinction, the bare
/// king, n-check, a flag reached, pieces connected), which needs no move
/// generation; `None` while those rules let the game go on.
#[inline]
pub fn by_rule(pos: &Position) -> Option<Verdict> {
    let (value, rule) = pos.rule_outcome()?;
    Some(Verdict {
        value,
        reason: rule_reason(pos, rule),
    })
}

/// The reason [`by_rule`] gives for `rule`.
#[cold]
fn rule_reason(pos: &Position, rule: RuleEnd) -> EndReason {
    let rules = pos.rules();
    match rule {
        RuleEnd::ChecksGiven => {
            let start = rules.variant.start.checks_remaining;
            EndReason::ChecksGiven {
                checks: start.map_or(3, |c| c[0].max(c[1])),
            }
        }
        RuleEnd::Extinction => extinction_reason(rules),
        RuleEnd::Flag => EndReason::FlagReached,
        RuleEnd::Connect => EndReason::Connected,
        RuleEnd::Passes => EndReason::BothPassed,
        RuleEnd::Bikjang => EndReason::Bikjang,
        RuleEnd::FullBoard => EndReason::BoardFull,
        RuleEnd::Castled => EndReason::CastlingGoal,
    }
}

/// Which kind of extinction the variant's rule is.
fn extinction_reason(rules: &Rules) -> EndReason {
    let Some(ext) = rules.variant.end.extinction.as_ref() else {
        return EndReason::NoPiecesLeft;
    };
    let royal_gone = !ext.all
        && !ext.piece_types.is_empty()
        && ext
            .piece_types
            .iter()
            .all(|r| rules.royal[usize::from(r.0)]);
    if royal_gone && rules.blast.is_some() {
        EndReason::KingExploded
    } else if royal_gone {
        EndReason::KingCaptured
    } else if ext.piece_count > 0 {
        EndReason::BareKing
    } else {
        EndReason::NoPiecesLeft
    }
}

/// [`by_rule`] for a material rather than a position: the extinction rule
/// (the bare king) for `stm` to move with the men `men`, as tablebase
/// generation needs it for a whole table. Check counting has no state
/// here; the tables refuse variants that count checks.
pub fn by_material(rules: &Rules, men: &[(Color, Role)], stm: Color) -> Option<Verdict> {
    let sides = [stm, stm.opponent()];
    let value = rules.variant.extinction_outcome(|side, what| {
        men.iter()
            .filter(|m| m.0 == sides[side] && what.is_none_or(|r| m.1 == r))
            .count() as u32
    })?;
    Some(Verdict {
        value,
        reason: extinction_reason(rules),
    })
}

/// The end when the side to move has no legal move (`in_check` or not):
/// the variant's checkmate or stalemate value.
pub fn no_legal_move(pos: &Position, in_check: bool) -> Verdict {
    if in_check {
        let value = pos.checkmate_value();
        Verdict {
            value,
            reason: EndReason::Checkmate {
                mated: pos.side_to_move(),
                loses: value == GameValue::Loss,
            },
        }
    } else {
        Verdict {
            value: pos.stalemate_value(),
            reason: EndReason::Stalemate,
        }
    }
}

/// A draw by a count: a makruk or ASEAN count run out, or the n-move rule
/// (decided by material where the variant counts it).
/// Either draws only if the side to move has a legal move; a mate or
/// stalemate on the last move counts first (the caller checks).
#[inline]
pub fn by_count(pos: &Position) -> Option<Verdict> {
    let moves = pos.rules().variant.end.n_move_rule;
    let reason = if pos.counting_expired() {
        EndReason::CountingRule
    } else if moves > 0 && pos.halfmove_clock() >= 2 * moves {
        EndReason::MoveRule { moves }
    } else {
        return None;
    };
    Some(Verdict {
        value: pos.drawn(),
        reason,
    })
}

/// Sittuyin's stalemate by optional promotion (its rule 3.9 c.7, as
/// Fairy-Stockfish judges it): a side left with its king and one pawn,
/// not in check, whose only legal moves are promotions, may claim the
/// draw.
fn promotions_only(pos: &mut Position) -> bool {
    let rules = pos.rules().clone();
    if !rules.variant.promotion.sittuyin {
        return false;
    }
    let us = pos.side_to_move();
    let is_pawn = |role: Role| rules.promotes[us.index()][usize::from(role.0)];
    pos.alive(us).count_ones() == 2
        && pos.pieces(us).filter(|(_, s)| is_pawn(s.role)).count() == 1
        && !pos.in_check(us)
        && legal_moves(pos).iter().all(|m| m.is(flag::PROMOTE))
}

/// A repetition's verdict, from [`repeated`]: a draw by repetition (or
/// the variant's n-fold value), or a loss by perpetual check or chase.
pub fn repetition(pos: &Position, (value, cycle): (GameValue, Cycle)) -> Verdict {
    let us = pos.side_to_move();
    let by = |by_us: bool| if by_us { us } else { us.opponent() };
    let value = if value == GameValue::Draw {
        pos.drawn()
    } else {
        value
    };
    let reason = match cycle {
        Cycle::Plain => EndReason::Repetition,
        Cycle::PerpetualCheck { by_us } => EndReason::PerpetualCheck { by: by(by_us) },
        Cycle::PerpetualChase { by_us } => EndReason::PerpetualChase { by: by(by_us) },
    };
    Verdict { value, reason }
}

/// Kakao Janggi's shuttling rule (`moveRepetitionIllegal`) for the side
/// that just moved, whose last move reached `current` (see
/// [`repetition::shuttled`]). Only a piece that could enter the enemy
/// king's region counts: a king or guard shut in its own palace may
/// shuttle.
pub fn shuttle(pos: &Position, history: &[Seen], current: Seen) -> Shuttle {
    let rules = pos.rules();
    let Some(last) = current.last_move else {
        return Shuttle::No;
    };
    if !rules.variant.end.move_repetition_illegal {
        return Shuttle::No;
    }
    let Some((them, piece)) = pos.piece_on(last.to()) else {
        return Shuttle::No;
    };
    let region = |color: Color, role: usize| rules.variant.pieces[role].mobility[color.index()];
    let reaches_palace = (0..rules.variant.pieces.len())
        .filter(|&r| rules.royal[r])
        .any(|king| {
            match (
                region(them, usize::from(piece.role.0)),
                region(them.opponent(), king),
            ) {
                (Some(a), Some(b)) => !(a & b).is_empty(),
                _ => true,
            }
        });
    if !reaches_palace {
        return Shuttle::No;
    }
    repetition::shuttled(history, current, pos.repetition_window())
}

/// Every rule, in the order a referee applies them: a rule of material or
/// checks, mate or stalemate, a count run out, a dead position, the
/// n-move rule, repetition (`past`: the positions before this one, oldest
/// first, and the move that reached this one). `None` while the game goes
/// on.
pub fn referee(pos: &mut Position, past: Past) -> Option<Verdict> {
    let history = past.earlier;
    if let Some(v) = by_rule(pos) {
        return Some(v);
    }
    let us = pos.side_to_move();
    if !has_legal_move(pos) {
        return Some(no_legal_move(pos, pos.in_check(us)));
    }
    if pos.counting_expired() {
        return by_count(pos);
    }
    if insufficient_material(pos) {
        return Some(Verdict {
            value: pos.drawn(),
            reason: EndReason::InsufficientMaterial,
        });
    }
    if let Some(v) = by_count(pos) {
        return Some(v);
    }
    if promotions_only(pos) {
        return Some(Verdict {
            value: pos.drawn(),
            reason: EndReason::Stalemate,
        });
    }
    let key = pos.key();
    let current = Seen {
        key,
        in_check: pos.in_check(us),
        chased: past.chased,
        last_move: past.last_move,
    };
    if shuttle(pos, history, current) == Shuttle::Lost {
        return Some(Verdict {
            value: GameValue::Win,
            reason: EndReason::Shuttling { by: us.opponent() },
        });
    }
    let end = &pos.rules().variant.end;
    let seen_before = occurrences(history, key, pos.repetition_window());
    if end.n_fold_rule > 0 && seen_before + 1 >= end.n_fold_rule as usize {
        // Perpetual check and chase are judged over every move since the
        // first of the n occurrences, as Fairy-Stockfish judges them.
        let first = end.n_fold_rule as usize - 1;
        let cycle = repeated(end, history, current, pos.repetition_window(), first)
            .unwrap_or((end.n_fold_value, Cycle::Plain));
        return Some(repetition(pos, cycle));
    }
    None
}
