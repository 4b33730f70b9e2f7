//! Time controls and time management: a game's clock rules, written and
//! read in the forms the command line (`40/60`, `10+0.1`, `1:30+1`, `60`),
//! XBoard (`level 40 5 0`) and PGN use, and how long to search a move
//! under them.

use super::Limits;
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
        if !(base > 0.0 && base < 1e7 && (0.0..1e7).contains(&inc)) {
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

impl TimeControl {
    /// XBoard's `level MPS BASE INC` arguments: BASE in minutes or
    /// `MIN:SEC`, INC in seconds.
    pub fn from_level(args: &str) -> Option<TimeControl> {
        let parts: Vec<&str> = args.split_whitespace().collect();
        let [mps, base, inc] = parts.as_slice() else {
            return None;
        };
        let moves: u32 = mps.parse().ok()?;
        let minutes = |m: &str| m.parse::<u64>().ok()?.checked_mul(60);
        let base = match base.split_once(':') {
            Some((m, s)) => {
                let s: String = s.chars().take_while(|c| c.is_ascii_digit()).collect();
                minutes(m)?.checked_add(s.parse::<u64>().ok()?)?
            }
            None => minutes(base)?,
        };
        let increment = Duration::try_from_secs_f64(inc.parse().ok()?).ok()?;
        Some(TimeControl {
            moves,
            base: Duration::from_secs(base),
            increment,
        })
    }
}

/// How the engine is told to spend its time: XBoard's `level` (a clock)
/// or `st` (a fixed time for every move).
#[derive(Clone, Debug, PartialEq)]
pub enum Timing {
    Clock(TimeControl),
    PerMove(Duration),
}

impl Default for Timing {
    /// XBoard's default: 40 moves in 5 minutes.
    fn default() -> Self {
        Timing::Clock(TimeControl {
            moves: 40,
            base: Duration::from_secs(300),
            increment: Duration::ZERO,
        })
    }
}

impl Timing {
    /// Limits for one move, given our clock (`remaining`), how many moves
    /// of the session we have made (`moves_played`, ours only), and a
    /// safety margin for the GUI and the pipe (`overhead`).
    pub fn limits(&self, remaining: Duration, moves_played: u32, overhead: Duration) -> Limits {
        match *self {
            Timing::PerMove(t) => {
                let t = t.saturating_sub(overhead).max(Duration::from_millis(10));
                Limits {
                    soft_time: Some(t),
                    hard_time: Some(t),
                    ..Limits::default()
                }
            }
            Timing::Clock(TimeControl {
                moves, increment, ..
            }) => {
                // Sudden death plans for 20 more moves: planning for 30
                // left more of the clock unused at the end of the game
                // (-22 Elo in chess self-play at 2 s + 0.02 s).
                let left = if moves == 0 {
                    20
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

/// Limits for one move under byoyomi, shogi's overtime: once the main
/// time is gone each move may take `byoyomi`, and what a move leaves of it
/// is lost. `main` is what the main time allows ([`Timing::limits`] of
/// what is left of it); byoyomi is spent on top to most of its length,
/// less `overhead` and a twentieth kept back for the GUI's clock.
pub fn with_byoyomi(main: Limits, byoyomi: Duration, overhead: Duration) -> Limits {
    let usable = byoyomi
        .saturating_sub(overhead + byoyomi / 20)
        .max(Duration::from_millis(10));
    let plus = |t: Option<Duration>| Some(t.unwrap_or_default() + usable);
    Limits {
        soft_time: plus(main.soft_time),
        hard_time: plus(main.hard_time),
        ..main
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
        // XBoard's `level` reads back what the runner sends.
        for text in ["40/60", "10+0.1", "1:30+1", "0:05+0"] {
            let tc = TimeControl::parse(text).unwrap();
            let args = tc.level_command();
            let back = TimeControl::from_level(args.trim_start_matches("level ")).unwrap();
            assert_eq!(back, tc, "{text}");
        }
        for bad in [
            "", "x", "40/", "/60", "-5", "10+-1", "0", "10+1e300", "1e300", "nan",
        ] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn byoyomi_is_spent_to_its_margin() {
        let ms = Duration::from_millis;
        let gone = Timing::Clock(TimeControl {
            moves: 0,
            base: ms(0),
            increment: ms(0),
        })
        .limits(ms(0), 0, ms(50));
        let l = with_byoyomi(gone, ms(10_000), ms(50));
        // 10 s less 50 ms overhead and 500 ms margin, plus the 2 ms floor.
        assert_eq!(l.hard_time, Some(ms(9_452)));
        assert_eq!(l.soft_time, l.hard_time);
        let main = Limits {
            soft_time: Some(ms(1_000)),
            hard_time: Some(ms(3_000)),
            ..Limits::default()
        };
        let l = with_byoyomi(main, ms(1_000), ms(50));
        assert_eq!(
            (l.soft_time, l.hard_time),
            (Some(ms(1_900)), Some(ms(3_900)))
        );
    }
}
