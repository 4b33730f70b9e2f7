//! The words of `go` in every dialect, and the limits of the search they
//! ask for. All words are read in all dialects, as Fairy-Stockfish reads
//! them; what differs is whose clock a word sets and its unit: USI's
//! `btime`/`binc` are the first player's (sente, whom FENs call white),
//! UCCI's `time`/`increment` the side to move's and `opptime`/
//! `oppincrement` the other's, in milliseconds unless `usemillisec` is
//! off (then seconds).

use super::dialect::Dialect;
use crate::search::Limits;
use crate::search::time::{TimeControl, Timing, with_byoyomi};
use crate::types::Color;
use std::time::Duration;

/// What a `go` command asks for.
#[derive(Debug, Default)]
pub(super) struct Go {
    /// Each side's clock, by colour (white, the first player, first).
    clock: [Option<Duration>; 2],
    increment: [Duration; 2],
    /// USI's time per move once the main time is gone.
    byoyomi: Duration,
    moves_to_go: u32,
    move_time: Option<Duration>,
    /// The depth and node limits.
    pub fixed: Limits,
    /// `infinite`: the move waits for `stop`.
    pub infinite: bool,
    /// `ponder`: the search waits for `ponderhit` or `stop`.
    pub ponder: bool,
    /// USI's `go mate`: a search for a mate, answered with `checkmate`.
    pub checkmate: bool,
    /// `searchmoves`: the moves to choose from, as the GUI wrote them.
    pub search_moves: Vec<String>,
}

impl Go {
    /// Reads the words after `go`; `us` is the side to move, `millis`
    /// UCCI's `usemillisec`.
    pub(super) fn parse(
        rest: &str,
        dialect: Dialect,
        us: Color,
        millis: bool,
    ) -> Result<Go, String> {
        let mut go = Go::default();
        let first = |c: Color| usize::from(c == Color::Black);
        let (ours, theirs) = (first(us), first(us.opponent()));
        // USI's black is the first player: Griffon's white.
        let (w, b) = if dialect == Dialect::Usi {
            (1, 0)
        } else {
            (0, 1)
        };
        let ucci_unit = if millis { 1 } else { 1000 };
        let mut words = rest.split_whitespace();
        while let Some(word) = words.next() {
            match word {
                "infinite" => go.infinite = true,
                "ponder" => go.ponder = true,
                // UCCI: the opponent offers a draw; Griffon plays on.
                "draw" => {}
                "searchmoves" => go.search_moves = words.by_ref().map(str::to_string).collect(),
                "mate" if dialect == Dialect::Usi => {
                    // USI's argument is a time limit, or `infinite`.
                    go.checkmate = true;
                    match words.next() {
                        Some("infinite") => {}
                        Some(w) => go.move_time = Some(millis_in(word, w, 1)?),
                        None => return Err("'mate' needs a time or 'infinite'".into()),
                    }
                }
                "depth" => {
                    // UCCI writes an unlimited depth as `depth infinite`.
                    match words.next() {
                        Some("infinite") => {}
                        w => go.fixed.depth = Some(number(word, w)?.clamp(1, 1000) as u32),
                    }
                }
                "wtime" | "btime" | "winc" | "binc" | "byoyomi" | "time" | "opptime"
                | "increment" | "oppincrement" | "movestogo" | "oppmovestogo" | "movetime"
                | "nodes" | "mate" => {
                    let n = number(word, words.next())?;
                    let ms =
                        |unit: i64| Duration::from_millis(n.saturating_mul(unit).max(0) as u64);
                    match word {
                        "wtime" => go.clock[w] = Some(ms(1)),
                        "btime" => go.clock[b] = Some(ms(1)),
                        "winc" => go.increment[w] = ms(1),
                        "binc" => go.increment[b] = ms(1),
                        "byoyomi" => go.byoyomi = ms(1),
                        "time" => go.clock[ours] = Some(ms(ucci_unit)),
                        "opptime" => go.clock[theirs] = Some(ms(ucci_unit)),
                        "increment" => go.increment[ours] = ms(ucci_unit),
                        "oppincrement" => go.increment[theirs] = ms(ucci_unit),
                        "movestogo" => go.moves_to_go = n.clamp(0, 1000) as u32,
                        // UCCI: the opponent's moves to the next control.
                        "oppmovestogo" => {}
                        "movetime" => go.move_time = Some(ms(1)),
                        "nodes" => go.fixed.nodes = Some(n.max(1) as u64),
                        // A mate in n moves is found within 2n plies.
                        _ => go.fixed.depth = Some(n.saturating_mul(2).clamp(1, 1000) as u32),
                    }
                }
                _ => return Err(format!("unknown word '{word}'")),
            }
        }
        Ok(go)
    }

    /// The search's limits for `us`, keeping `overhead` for the GUI.
    pub(super) fn limits(&self, us: Color, overhead: Duration) -> Limits {
        if self.infinite {
            return self.fixed.clone();
        }
        let us = usize::from(us == Color::Black);
        let timed = if let Some(t) = self.move_time {
            Timing::PerMove(t).limits(t, 0, overhead)
        } else if self.clock[us].is_some() || !self.byoyomi.is_zero() {
            let remaining = self.clock[us].unwrap_or_default();
            let tc = TimeControl {
                moves: self.moves_to_go,
                base: remaining,
                increment: self.increment[us],
            };
            let main = Timing::Clock(tc).limits(remaining, 0, overhead);
            if self.byoyomi.is_zero() {
                main
            } else {
                with_byoyomi(main, self.byoyomi, overhead)
            }
        } else {
            return self.fixed.clone();
        };
        Limits {
            soft_time: timed.soft_time,
            hard_time: timed.hard_time,
            ..self.fixed.clone()
        }
    }
}

/// The number after `word`.
fn number(word: &str, value: Option<&str>) -> Result<i64, String> {
    value
        .and_then(|v| v.parse::<i64>().ok())
        .ok_or_else(|| format!("'{word}' needs a number"))
}

/// Milliseconds after `word`, in units of `unit` milliseconds.
fn millis_in(word: &str, value: &str, unit: i64) -> Result<Duration, String> {
    let n = number(word, Some(value))?;
    Ok(Duration::from_millis(n.saturating_mul(unit).max(0) as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usi_black_is_the_first_player() {
        let go = Go::parse(
            "btime 1000 wtime 2000 binc 10 winc 20",
            Dialect::Usi,
            Color::White,
            true,
        )
        .unwrap();
        assert_eq!(
            go.clock,
            [
                Some(Duration::from_millis(1000)),
                Some(Duration::from_millis(2000))
            ]
        );
        assert_eq!(go.increment[0], Duration::from_millis(10));
        let go = Go::parse("wtime 1000 btime 2000", Dialect::Uci, Color::White, true).unwrap();
        assert_eq!(go.clock[0], Some(Duration::from_millis(1000)));
    }

    #[test]
    fn ucci_clocks_follow_the_side_to_move() {
        let go = Go::parse(
            "time 5 increment 1 opptime 7",
            Dialect::Ucci,
            Color::Black,
            false,
        )
        .unwrap();
        assert_eq!(
            go.clock,
            [Some(Duration::from_secs(7)), Some(Duration::from_secs(5))]
        );
        assert_eq!(go.increment[1], Duration::from_secs(1));
        let go = Go::parse("time 500 depth infinite", Dialect::Ucci, Color::White, true).unwrap();
        assert_eq!(go.clock[0], Some(Duration::from_millis(500)));
        assert_eq!(go.fixed.depth, None);
    }

    #[test]
    fn bad_words_are_errors() {
        for bad in ["depth", "wtime x", "byoyomi", "mate", "frobnicate 3"] {
            assert!(
                Go::parse(bad, Dialect::Usi, Color::White, true).is_err(),
                "{bad}"
            );
        }
        let go = Go::parse("mate infinite", Dialect::Usi, Color::White, true).unwrap();
        assert!(go.checkmate && go.move_time.is_none());
        let go = Go::parse("mate 3", Dialect::Uci, Color::White, true).unwrap();
        assert!(!go.checkmate && go.fixed.depth == Some(6));
    }
}
