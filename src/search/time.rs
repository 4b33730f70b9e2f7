//! Time management: turning XBoard's clock commands into search limits.

use super::Limits;
use std::time::Duration;

/// The clock situation XBoard describes with `level`, `st`, `sd`, `time`
/// and `otim`.
#[derive(Clone, Debug, PartialEq)]
pub enum TimeControl {
    /// `level MPS BASE INC`: `moves` per session (0 = whole game), plus an
    /// increment per move.
    Conventional {
        moves: u32,
        base: Duration,
        increment: Duration,
    },
    /// `st T`: at most this long for every move.
    FixedPerMove(Duration),
}

impl Default for TimeControl {
    fn default() -> Self {
        TimeControl::Conventional {
            moves: 40,
            base: Duration::from_secs(300),
            increment: Duration::ZERO,
        }
    }
}

impl TimeControl {
    /// Limits for one move, given our clock (`remaining`), how many moves
    /// of the session we have made (`moves_played`, ours only), and a
    /// safety margin for the GUI and the pipe (`overhead`).
    pub fn limits(&self, remaining: Duration, moves_played: u32, overhead: Duration) -> Limits {
        match *self {
            TimeControl::FixedPerMove(t) => {
                let t = t.saturating_sub(overhead).max(Duration::from_millis(10));
                Limits {
                    soft_time: Some(t),
                    hard_time: Some(t),
                    ..Limits::default()
                }
            }
            TimeControl::Conventional {
                moves, increment, ..
            } => {
                let left = if moves == 0 {
                    30
                } else {
                    let done = moves_played % moves;
                    (moves - done).max(1)
                };
                let usable = remaining.saturating_sub(overhead);
                // Spread the clock over the moves to the next control (and
                // three more, as a reserve), with most of the increment on
                // top. The search starts no iteration after 60% of `soft`
                // and stops at `hard`, so a move rarely takes more than
                // `soft` and never more than a quarter of what is left.
                let budget = usable / (left + 3) + increment * 3 / 4;
                let soft = budget.min(usable / 5);
                let hard = (budget * 2).min(usable / 4).max(soft);
                let floor = Duration::from_millis(2);
                Limits {
                    soft_time: Some(soft.max(floor)),
                    hard_time: Some(hard.max(floor)),
                    ..Limits::default()
                }
            }
        }
    }
}
