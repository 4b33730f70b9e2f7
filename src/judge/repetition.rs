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
}

/// The value, for the side to move, of a repetition whose cycle is
/// `cycle`: every position after the earlier occurrence up to the current
/// one, oldest first, each marked with whether its side to move was in
/// check. Where perpetual check is illegal, a side that checked with every
/// one of its moves in the cycle loses (unless both did).
pub fn repetition_value(end: &GameEnd, cycle: impl DoubleEndedIterator<Item = bool>) -> GameValue {
    if !end.perpetual_check_illegal {
        return end.n_fold_value;
    }
    // From the current position backwards: even steps have us to move
    // (in check: they checked), odd steps have them to move.
    let (mut they_check, mut we_check) = (true, true);
    for (i, check) in cycle.rev().enumerate() {
        if i % 2 == 0 {
            they_check &= check;
        } else {
            we_check &= check;
        }
    }
    match (we_check, they_check) {
        (true, false) => GameValue::Loss,
        (false, true) => GameValue::Win,
        _ => end.n_fold_value,
    }
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

/// The value of repeating the current position (`key`, its side to move
/// `in_check` or not) for the side to move, judged on the cycle since it
/// last occurred within `window` plies of `history`; `None` when it did
/// not occur there.
pub fn repeated(
    end: &GameEnd,
    history: &[Seen],
    key: u64,
    in_check: bool,
    window: usize,
) -> Option<GameValue> {
    let len = history.len();
    let window = window.min(len);
    let back = (2..=window)
        .step_by(2)
        .find(|&back| history[len - back].key == key)?;
    let cycle = history[len - back + 1..]
        .iter()
        .map(|s| s.in_check)
        .chain(std::iter::once(in_check));
    Some(repetition_value(end, cycle))
}
