//! Time controls as the runner keeps them: `40/60` (40 moves in 60 s,
//! repeating), `10+0.1` (10 s for the game plus 0.1 s a move), `1:30+1`,
//! `60` (sudden death); fixed time per move (`--st`) and fixed depth
//! (`--depth`) go with or without one.

use std::time::Duration;

/// A game clock's rules.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeControl {
    /// Moves per session (0: the whole game).
    pub moves: u32,
    pub base: Duration,
    pub increment: Duration,
}

impl TimeControl {
    /// Parses `[MOVES/]BASE[+INC]`, BASE in seconds or `MIN:SEC`.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let bad = || format!("'{text}' is not a time control (e.g. 40/60, 10+0.1, 1:30+1)");
        let (moves, rest) = match text.split_once('/') {
            Some((m, r)) => (m.trim().parse::<u32>().map_err(|_| bad())?, r),
            None => (0, text),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (b, Some(i)),
            None => (rest, None),
        };
        let base = match base.split_once(':') {
            Some((m, s)) => {
                let m: f64 = m.trim().parse().map_err(|_| bad())?;
                let s: f64 = s.trim().parse().map_err(|_| bad())?;
                m * 60.0 + s
            }
            None => base.trim().parse::<f64>().map_err(|_| bad())?,
        };
        let inc = match inc {
            Some(i) => i.trim().parse::<f64>().map_err(|_| bad())?,
            None => 0.0,
        };
        if !(base.is_finite() && inc.is_finite() && base > 0.0 && inc >= 0.0 && base < 1e7) {
            return Err(bad());
        }
        Ok(TimeControl {
            moves,
            base: Duration::from_secs_f64(base),
            increment: Duration::from_secs_f64(inc),
        })
    }

    /// XBoard's `level MPS BASE INC` (BASE as `MIN:SEC`).
    pub fn level_command(&self) -> String {
        let secs = self.base.as_secs_f64();
        let whole = secs.round() as u64;
        let base = if whole.is_multiple_of(60) && whole > 0 {
            format!("{}", whole / 60)
        } else {
            format!("{}:{:02}", whole / 60, whole % 60)
        };
        let inc = self.increment.as_secs_f64();
        let inc = if inc.fract() == 0.0 {
            format!("{}", inc as u64)
        } else {
            format!("{inc}")
        };
        format!("level {} {base} {inc}", self.moves)
    }

    /// The PGN `TimeControl` tag value.
    pub fn pgn_tag(&self) -> String {
        let base = format!("{}", self.base.as_secs_f64());
        let inc = self.increment.as_secs_f64();
        let main = if self.moves > 0 {
            format!("{}/{base}", self.moves)
        } else {
            base
        };
        if inc > 0.0 {
            format!("{main}+{inc}")
        } else {
            main
        }
    }
}

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

    /// XBoard's `time`/`otim` unit: centiseconds.
    pub fn centiseconds(&self) -> u64 {
        (self.left.as_millis() / 10) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_usual_forms() {
        let tc = TimeControl::parse("40/60").unwrap();
        assert_eq!(
            (tc.moves, tc.base.as_secs(), tc.increment),
            (40, 60, Duration::ZERO)
        );
        assert_eq!(tc.level_command(), "level 40 1 0");
        let tc = TimeControl::parse("10+0.1").unwrap();
        assert_eq!(tc.moves, 0);
        assert_eq!(tc.increment, Duration::from_millis(100));
        assert_eq!(tc.level_command(), "level 0 0:10 0.1");
        let tc = TimeControl::parse("1:30+1").unwrap();
        assert_eq!(tc.base.as_secs(), 90);
        assert_eq!(tc.level_command(), "level 0 1:30 1");
        for bad in ["", "x", "40/", "/60", "-5", "10+-1", "0"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_clock_adds_increments_and_sessions() {
        let tc = TimeControl::parse("2/10+1").unwrap();
        let mut c = Clock::new(&tc);
        let m = Duration::ZERO;
        assert!(c.charge(&tc, Duration::from_secs(3), m));
        assert_eq!(c.left, Duration::from_secs(8));
        // The second move ends the session: 8 - 3 + 1 + 10.
        assert!(c.charge(&tc, Duration::from_secs(3), m));
        assert_eq!(c.left, Duration::from_secs(16));
        assert!(!c.charge(&tc, Duration::from_secs(17), m));
    }
}
