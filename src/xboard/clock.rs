//! The clock as XBoard sets it: the time control (`level` or `st`), our
//! time left (`time`), the depth and node limits (`sd`, `nps`), the moves
//! we have made, and the safety margin for the GUI (`Move Overhead`);
//! from them, the limits of the next search.

use crate::engine::think::Purpose;
use crate::search::{Limits, TimeControl, Timing};
use std::time::Duration;

pub(super) struct Clock {
    time_control: Timing,
    depth_limit: Option<u32>,
    /// `nps`: the clock counts nodes at this speed.
    nps: Option<u64>,
    our_time: Duration,
    /// Our moves in this game, for the moves left to the time control.
    moves_played: u32,
    /// Option `Move Overhead`: time kept back for the GUI and the pipe.
    overhead: Duration,
}

impl Default for Clock {
    fn default() -> Clock {
        Clock {
            time_control: Timing::default(),
            depth_limit: None,
            nps: None,
            our_time: Duration::from_secs(300),
            moves_played: 0,
            overhead: Duration::from_millis(50),
        }
    }
}

impl Clock {
    /// `level`: a clock, started full.
    pub(super) fn set_level(&mut self, tc: TimeControl) {
        self.our_time = tc.base;
        self.time_control = Timing::Clock(tc);
    }

    /// `st`: a fixed time for every move.
    pub(super) fn set_move_time(&mut self, t: Duration) {
        self.time_control = Timing::PerMove(t);
    }

    pub(super) fn set_depth(&mut self, depth: u32) {
        self.depth_limit = Some(depth);
    }

    pub(super) fn set_nps(&mut self, nps: Option<u64>) {
        self.nps = nps;
    }

    /// `time`: what our clock shows.
    pub(super) fn set_our_time(&mut self, t: Duration) {
        self.our_time = t;
    }

    pub(super) fn set_overhead(&mut self, t: Duration) {
        self.overhead = t;
    }

    /// We made a move.
    pub(super) fn moved(&mut self) {
        self.moves_played += 1;
    }

    /// `new`: no depth or node limit, no moves made; the time control
    /// stays.
    pub(super) fn new_game(&mut self) {
        self.depth_limit = None;
        self.nps = None;
        self.moves_played = 0;
    }

    /// The limits of a search: the clock's share for a move, none for
    /// analysis and pondering; the depth limit for all.
    pub(super) fn limits(&self, purpose: Purpose) -> Limits {
        let mut limits = match purpose {
            Purpose::Analyze | Purpose::Ponder => Limits::default(),
            Purpose::Move => {
                self.time_control
                    .limits(self.our_time, self.moves_played, self.overhead)
            }
        };
        limits.depth = self.depth_limit;
        if let (Some(nps), Some(t)) = (self.nps, limits.hard_time) {
            // `nps`: the clock is counted in nodes.
            limits.nodes = Some((nps as f64 * t.as_secs_f64()).max(1.0) as u64);
            limits.soft_time = None;
            limits.hard_time = None;
        }
        limits
    }
}
