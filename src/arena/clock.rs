//! The runner's game clocks, one per side, under a
//! [`TimeControl`](crate::search::TimeControl); fixed time per move
//! (`--st`) and fixed depth (`--depth`) go with or without one.

use crate::search::TimeControl;
use std::time::Duration;

/// One side's clock during a game.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    pub left: Duration,
    /// Moves made in the current session.
    moves_made: u32,
}

impl Clock {
    pub fn new(tc: &TimeControl) -> Clock {
        Clock {
            left: tc.base,
            moves_made: 0,
        }
    }

    /// Charges a move that took `used`; false when the flag fell (more
    /// than `margin` over).
    pub fn charge(&mut self, tc: &TimeControl, used: Duration, margin: Duration) -> bool {
        if used > self.left + margin {
            self.left = Duration::ZERO;
            return false;
        }
        self.left = self.left.saturating_sub(used) + tc.increment;
        self.moves_made += 1;
        if tc.moves > 0 && self.moves_made == tc.moves {
            self.moves_made = 0;
            self.left += tc.base;
        }
        true
    }

    /// Moves left in the session (UCI's `movestogo`); `None` when the
    /// clock is for the whole game.
    pub fn moves_to_go(&self, tc: &TimeControl) -> Option<u32> {
        (tc.moves > 0).then(|| tc.moves - self.moves_made)
    }

    /// XBoard's `time`/`otim` unit: centiseconds.
    pub fn centiseconds(&self) -> u64 {
        (self.left.as_millis() / 10) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_adds_increments_and_sessions() {
        let tc = TimeControl::parse("2/10+1").unwrap();
        let mut c = Clock::new(&tc);
        let m = Duration::ZERO;
        assert_eq!(c.moves_to_go(&tc), Some(2));
        assert!(c.charge(&tc, Duration::from_secs(3), m));
        assert_eq!(c.left, Duration::from_secs(8));
        assert_eq!(c.moves_to_go(&tc), Some(1));
        // The second move ends the session: 8 - 3 + 1 + 10.
        assert!(c.charge(&tc, Duration::from_secs(3), m));
        assert_eq!(c.left, Duration::from_secs(16));
        assert!(!c.charge(&tc, Duration::from_secs(17), m));
    }
}
