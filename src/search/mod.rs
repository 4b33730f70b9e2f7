//! Alpha-beta search: iterative deepening with aspiration windows,
//! principal-variation search over a shared transposition table, and Lazy
//! SMP (every thread searches the same tree, meeting in the table).
//!
//! Per node: mate-distance pruning, table cut-offs, the static evaluation
//! corrected by what searches found in positions of the same pawn
//! structure (correction history), reverse futility,
//! null move (verified where zugzwang is likely), internal iterative
//! reduction, staged move generation (hash move, captures ordered by
//! victim and static exchange, killers and countermove, quiets by
//! history and continuation history, losing captures last), futility,
//! late-move and static-exchange pruning (quiet moves that are certain
//! not to check or threaten are pruned without being made), late-move
//! reductions, check extension (for checks that do not lose the checker
//! by static exchange), singular extension (a hash move that the
//! alternatives, searched at half depth without it, cannot approach is
//! searched a ply deeper; if they beat beta as well the node cuts at
//! once). Quiescence searches captures and big promotions that do not
//! lose material by static exchange, and every evasion when in check for
//! its first plies; it reads and stores the transposition table too (at
//! depth 0), its best capture first.
//!
//! With MultiPV (`Limits::multipv` above one) each iteration searches
//! the root once per line, each time without the first moves of the
//! lines before it, each line in an aspiration window of its own around
//! its last score (as Stockfish does); the lines are then ordered by
//! score. One line searches exactly as without MultiPV.
//!
//! The search never prints: it reports each finished iteration through a
//! [`Reporter`], and is stopped through a shared flag.
//!
//! Where each part lives:
//!
//! | file | holds |
//! |---|---|
//! | `searcher.rs` | [`Searcher`]: what lives across moves, and the threads of one search |
//! | `thread.rs` | one thread: iterative deepening, aspiration windows, node counting, scores of game ends |
//! | `node.rs` | the node search (`negamax`) and its pruning steps |
//! | `quiescence.rs` | the quiescence search |
//! | `picker.rs` | the staged move picker and move-ordering scores |
//! | `history.rs` | killers, countermoves, history, continuation and correction history |
//! | `screen.rs` | judging quiet moves harmless (no check, no threat) before they are made |
//! | `params.rs` | the named pruning, reduction and extension parameters |
//! | `skill.rs` | the strength limit: a choice among MultiPV lines |
//! | `see.rs`, `tt.rs`, `time.rs` | static exchange, the transposition table, time control |

mod history;
mod node;
mod params;
mod picker;
mod quiescence;
mod screen;
mod searcher;
mod see;
mod skill;
mod thread;
pub mod time;
mod tt;

pub use searcher::Searcher;
pub use see::{see, see_ge};
pub use skill::{DEFAULT_ELO, MAX_ELO, MAX_SKILL, MIN_ELO, Skill, Strength};
pub use time::{TimeControl, Timing};
pub use tt::{Bound, TranspositionTable};

use crate::eval::{MATE, Score};
use crate::position::Position;
use crate::types::Move;
use std::time::Duration;

/// Deepest line the search follows (plies from the root).
pub const MAX_PLY: usize = 100;
/// Scores beyond this are mates.
const MATE_BOUND: Score = MATE - MAX_PLY as Score;
/// A tablebase win: this less the plies to mate from the root, so that
/// it ranks below any mate the search sees and above any evaluation.
const TB_WIN: Score = 20_000;
/// Scores beyond this are tablebase wins or mates (distance from the root).
const TB_BOUND: Score = TB_WIN - 1_000;
/// A tablebase win longer than the moves the move-count rule leaves: an
/// ordinary score worth a few pawns, less for longer mates.
const TB_CURSED: Score = 400;
/// Stack size for search threads: each ply keeps its move list.
pub const SEARCH_STACK: usize = 64 * 1024 * 1024;

/// What bounds a search.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Do not start another iteration after this.
    pub soft_time: Option<Duration>,
    /// Stop as soon as possible after this.
    pub hard_time: Option<Duration>,
    /// Lines (best moves) to search and report; 0 and 1 both mean one.
    /// More than the root has legal moves means all of them.
    pub multipv: usize,
}

/// Most MultiPV lines the protocols accept.
pub const MAX_MULTIPV: usize = 500;

/// One line of a finished iteration (each MultiPV line is reported on
/// its own).
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    /// Which line, from 1 (the best) on.
    pub multipv: usize,
    pub score: Score,
    /// All threads together.
    pub nodes: u64,
    pub elapsed: Duration,
    /// Permille of the transposition table written in this search
    /// (from a sample).
    pub hashfull: u32,
    pub pv: Vec<Move>,
}

impl Info {
    /// Nodes per second over the search so far.
    pub fn nps(&self) -> u64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            (self.nodes as f64 / s) as u64
        } else {
            0
        }
    }
}

/// Receives progress; the XBoard layer turns it into thinking output.
pub trait Reporter {
    fn iteration(&mut self, root: &Position, info: &Info);
}

/// A reporter that ignores everything.
pub struct Silent;

impl Reporter for Silent {
    fn iteration(&mut self, _: &Position, _: &Info) {}
}

/// One root move's line as the last iteration found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub score: Score,
    /// Starts with the root move; never empty.
    pub pv: Vec<Move>,
}

/// The result of a search; the default is the result of none (no move,
/// nothing searched).
#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
    /// The MultiPV lines, best first: the last iteration's, and after a
    /// stop in the middle of one, the lines it had not reached yet from
    /// the iteration before. `best` and `score` are the first line's.
    pub lines: Vec<Line>,
}

/// `score` for XBoard: mates as 100000 + moves to mate (negative when mated).
pub fn xboard_score(score: Score) -> i64 {
    if score > MATE_BOUND {
        100_000 + i64::from((MATE - score + 1) / 2)
    } else if score < -MATE_BOUND {
        -100_000 - i64::from((MATE + score) / 2)
    } else {
        i64::from(score)
    }
}

/// `score` for UCI: `cp N`, or `mate N` in moves (negative when mated).
pub fn uci_score(score: Score) -> String {
    if score > MATE_BOUND {
        format!("mate {}", (MATE - score + 1) / 2)
    } else if score < -MATE_BOUND {
        format!("mate -{}", (MATE + score) / 2)
    } else {
        format!("cp {score}")
    }
}

/// Mate scores are stored relative to the node, not the root.
fn to_tt(score: Score, ply: usize) -> Score {
    if score > TB_BOUND {
        score + ply as Score
    } else if score < -TB_BOUND {
        score - ply as Score
    } else {
        score
    }
}

/// A stored score made relative to the root again.
fn from_tt(score: Score, ply: usize) -> Score {
    if score > TB_BOUND {
        score - ply as Score
    } else if score < -TB_BOUND {
        score + ply as Score
    } else {
        score
    }
}
