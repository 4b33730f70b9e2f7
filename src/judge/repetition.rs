//! Repetitions: how often a position occurred before, and what a
//! repetition is worth where perpetual check decides it.

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
}

impl Past<'_> {
    /// No history: a position set up from a FEN.
    pub const NONE: Past<'static> = Past {
        earlier: &[],
        chased: Seen::NOT_REACHED,
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
