//! Repetitions: how often a position occurred before, and what a
//! repetition is worth where perpetual check decides it.

use crate::types::{Move, flag};
use crate::variant::{GameEnd, GameValue};

/// A position met earlier in a game or search line: what repetition rules
/// need to know about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    pub key: u64,
    /// The side to move was in check (perpetual-check rules).
    pub in_check: bool,
    /// The pieces of the side to move (slot bits) that the move which
    /// reached the position chased (see [`super::chase`]); all bits for a
    /// position no move reached (a game's start), which the chasing rule
    /// passes over.
    pub chased: u64,
    /// The move that reached the position; `None` for a game's start, a
    /// set-up position or a null move (Kakao Janggi's shuttling rule,
    /// [`shuttled`]).
    pub last_move: Option<Move>,
}

impl Seen {
    /// A position no move reached: a game's start or a set-up position.
    pub const NOT_REACHED: u64 = u64::MAX;
}

/// A game's history as the repetition rules see it: the positions before
/// the current one, oldest first, and what the move that reached the
/// current one chased.
#[derive(Clone, Copy, Debug)]
pub struct Past<'a> {
    pub earlier: &'a [Seen],
    pub chased: u64,
    /// The move that reached the current position ([`Seen::last_move`]).
    pub last_move: Option<Move>,
}

impl Past<'_> {
    /// No history: a position set up from a FEN.
    pub const NONE: Past<'static> = Past {
        earlier: &[],
        chased: Seen::NOT_REACHED,
        last_move: None,
    };
}

/// What decided a repetition's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cycle {
    /// Neither side checked or chased throughout: the variant's n-fold
    /// value.
    Plain,
    /// One side checked with every move (`by_us`: the side to move).
    PerpetualCheck { by_us: bool },
    /// One side chased the same piece with every move.
    PerpetualChase { by_us: bool },
}

/// The value, for the side to move, of a repetition over `cycle`: every
/// position from the earlier occurrence to the current one, oldest first,
/// each with whether its side to move was in check and the pieces the move
/// that reached it chased. Where perpetual check is illegal, a side that
/// checked with every one of its moves loses (unless both did); else,
/// under the chasing rule, a side that chased one piece with every move
/// loses (unless both did). As Fairy-Stockfish judges it, the chases of
/// the move that reached the earlier occurrence count too.
pub fn repetition_value(
    end: &GameEnd,
    cycle: impl DoubleEndedIterator<Item = (bool, u64)>,
) -> (GameValue, Cycle) {
    // From the current position backwards: even steps have us to move
    // (in check: they checked; chased: our pieces, by them), odd steps
    // have them to move.
    let (mut they_check, mut we_check) = (true, true);
    let (mut they_chase, mut we_chase) = (u64::MAX, u64::MAX);
    for (i, (check, chased)) in cycle.rev().enumerate() {
        if i % 2 == 0 {
            they_check &= check;
            they_chase &= chased;
        } else {
            we_check &= check;
            we_chase &= chased;
        }
    }
    let decided = |we: bool, they: bool, by: fn(bool) -> Cycle| match (we, they) {
        (true, false) => Some((GameValue::Loss, by(true))),
        (false, true) => Some((GameValue::Win, by(false))),
        (true, true) => Some((GameValue::Draw, Cycle::Plain)),
        (false, false) => None,
    };
    let check = |by_us| Cycle::PerpetualCheck { by_us };
    let chase = |by_us| Cycle::PerpetualChase { by_us };
    if end.perpetual_check_illegal
        && let Some(v) = decided(we_check, they_check, check)
    {
        return v;
    }
    if end.chasing_rule
        && let Some(v) = decided(we_chase != 0, they_chase != 0, chase)
    {
        return v;
    }
    (end.n_fold_value, Cycle::Plain)
}

/// How often the position with `key` occurred among the last `window`
/// positions of `history` (oldest first, the current one not included)
/// with the same side to move.
pub fn occurrences(history: &[Seen], key: u64, window: usize) -> usize {
    let window = window.min(history.len());
    history[history.len() - window..]
        .iter()
        .rev()
        .skip(1)
        .step_by(2)
        .filter(|s| s.key == key)
        .count()
}

/// The value of repeating `current` for the side to move, judged on the
/// positions since its `nth` earlier occurrence (1: the last one) within
/// `window` plies of `history`; `None` when it did not occur that often
/// there.
pub fn repeated(
    end: &GameEnd,
    history: &[Seen],
    current: Seen,
    window: usize,
    nth: usize,
) -> Option<(GameValue, Cycle)> {
    let len = history.len();
    let window = window.min(len);
    let back = (2..=window)
        .step_by(2)
        .filter(|&back| history[len - back].key == current.key)
        .nth(nth.max(1) - 1)?;
    let cycle = history[len - back..]
        .iter()
        .chain(std::iter::once(&current))
        .map(|s| (s.in_check, s.chased));
    Some(repetition_value(end, cycle))
}

/// How far Kakao Janggi's shuttling rule (Fairy-Stockfish's
/// `moveRepetitionIllegal`) has got with the side that just moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shuttle {
    /// Its last move was no shuttle.
    No,
    /// Its last moves shuttle a piece, not yet often enough to lose.
    Begun,
    /// It moved one piece back and forth often enough: it loses.
    Lost,
}

/// Kakao Janggi's rule against shuttling, as Fairy-Stockfish judges it:
/// the side that just moved loses when its last five moves took one piece
/// A->B, B->A, A->B, B->A, A->B (the oldest may come from anywhere to the
/// first square, without capturing; a pass may stand in for one step back),
/// while neither it was in check before any of them. `history` is the
/// positions before `current`, oldest first, of which the last `window`
/// are reachable by reversible moves. The caller checks that the rule is
/// on and that the shuttling piece could enter the enemy king's region.
pub fn shuttled(history: &[Seen], current: Seen, window: usize) -> Shuttle {
    let len = history.len();
    let end = window.min(len);
    // The position `j` plies back (0: the current one).
    let back = |j: usize| if j == 0 { current } else { history[len - j] };
    // A plain move of a piece from one square to another, captures
    // included; passes, drops, promotions, castling and the rest are not.
    let plain = |m: Option<Move>| m.filter(|m| m.flags() & !flag::CAPTURE == 0 && !m.is_pass());
    let undoes = |later: Option<Move>, earlier: Option<Move>| match (plain(later), plain(earlier)) {
        (Some(a), Some(b)) => a.from() == b.to() && a.to() == b.from(),
        _ => false,
    };
    let last = current.last_move;
    if plain(last).is_none() || end < 4 || back(1).in_check || back(3).in_check {
        return Shuttle::No;
    }
    // Its moves are the ones that reached the even plies back; `steps`
    // counts those that shuttle so far (a pass counts as one step).
    let before = back(2).last_move;
    let mut steps = if undoes(before, last) {
        2
    } else if before.is_some_and(|m| m.is_pass() && !m.is(flag::WALL)) {
        1
    } else {
        return Shuttle::No;
    };
    for i in (4..=end).step_by(2) {
        if i < end && back(i + 1).in_check {
            return Shuttle::No;
        }
        let earlier = back(i).last_move;
        if steps < 4 {
            let later = if steps == 1 {
                last
            } else {
                back(i - 2).last_move
            };
            if !undoes(later, earlier) {
                return Shuttle::No;
            }
            steps += 1;
        } else {
            // The oldest move brought the piece to where the shuttle
            // starts, without taking anything.
            let arrived = earlier.is_some_and(|m| {
                !m.is_capture() && back(i - 2).last_move.is_some_and(|n| n.from() == m.to())
            });
            return if arrived { Shuttle::Lost } else { Shuttle::No };
        }
    }
    Shuttle::Begun
}
