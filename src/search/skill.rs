//! The strength limit (UCI `Skill Level`, `UCI_LimitStrength` and
//! `UCI_Elo`, the same options under XBoard). A weaker level does not
//! play random moves: it searches fewer nodes, a budget that halves
//! every two levels down from 185,000 at level 19 to 256 at level 0 (a
//! node-limited search misses what a larger search finds, and each
//! halving costs a similar amount of strength, so the levels are evenly
//! spaced: about 90 Elo a level against Fairy-Stockfish, more in
//! self-play). Below level [`RANDOM_BELOW`] it also searches at least four
//! MultiPV lines and picks among them at random, each line's score
//! raised by a random amount of up to a spread that grows as the level
//! falls: a line that scores worse than the best by more than the spread
//! is never picked, and lines near the best are picked about as often
//! as it, so weak play varies from game to game without blunders a
//! search would see. (Stockfish's `Skill` picks among lines at every
//! level; the four lines cost the upper levels about two plies, which
//! squeezed them together far below full strength.)

use super::{Line, MATE_BOUND};
use crate::eval::Score;
use crate::rng::Rng;

/// The highest level: full strength, no limit.
pub const MAX_SKILL: u32 = 20;
/// The Elo range `UCI_Elo` takes.
pub const MIN_ELO: u32 = 500;
pub const MAX_ELO: u32 = 2800;
/// The Elo of some levels on Fairy-Stockfish's `UCI_Elo` scale (which
/// Stockfish fitted to rated play), measured in chess at 5+0.05 against
/// Fairy-Stockfish limited to a nearby `UCI_Elo` (BENCHMARKS.md, the
/// strength limit); `UCI_Elo` picks the level by these points, linearly
/// between them. The top point is nominal: at fast time controls the
/// node budgets from about level 12 on seldom bind, so level 15 plays
/// about as full strength there.
const ELO_AT_LEVEL: [(u32, u32); 5] = [
    // Against UCI_Elo 1000: +11 -7 =2 (+70).
    (0, 1070),
    // Against UCI_Elo 1300: +15 -5 (+191).
    (5, 1490),
    // Against UCI_Elo 1800: +14 -5 =1 (+168).
    (10, 1970),
    // Against UCI_Elo 2000, two runs: +20 -19 =1 (+9).
    (15, 2010),
    (MAX_SKILL, MAX_ELO),
];
/// `UCI_Elo`'s default.
pub const DEFAULT_ELO: u32 = 1500;
/// Lines a search picks among at random, below [`RANDOM_BELOW`]: enough
/// for a choice.
const SKILL_LINES: usize = 4;
/// The levels below this pick among lines at random; the levels above
/// play their search's best move.
pub const RANDOM_BELOW: u32 = 10;
/// Nodes level 0 searches; every two levels up double the budget.
const NODES_AT_ZERO: f64 = 256.0;

/// A playing level, 0 (weakest) to [`MAX_SKILL`] (full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skill {
    level: u32,
}

impl Default for Skill {
    fn default() -> Skill {
        Skill { level: MAX_SKILL }
    }
}

impl Skill {
    /// Level `level`, at most [`MAX_SKILL`].
    pub fn new(level: u32) -> Skill {
        Skill {
            level: level.min(MAX_SKILL),
        }
    }

    /// The level for an Elo rating (clamped to [`MIN_ELO`]..=[`MAX_ELO`]):
    /// the nearest by the measured points of `ELO_AT_LEVEL`, the top of
    /// the range full strength.
    pub fn from_elo(elo: u32) -> Skill {
        let elo = elo.clamp(MIN_ELO, MAX_ELO);
        let mut level = 0;
        for pair in ELO_AT_LEVEL.windows(2) {
            let [(l0, e0), (l1, e1)] = [pair[0], pair[1]];
            if elo >= e1 {
                level = l1;
            } else if elo > e0 {
                // Rounded to the nearer level.
                level = l0 + ((elo - e0) * (l1 - l0) + (e1 - e0) / 2) / (e1 - e0);
                break;
            } else {
                break;
            }
        }
        Skill::new(level)
    }

    pub fn level(self) -> u32 {
        self.level
    }

    /// Whether the level limits anything (below full strength).
    pub fn limited(self) -> bool {
        self.level < MAX_SKILL
    }

    /// The deepest iteration a limited search runs.
    pub fn depth(self) -> u32 {
        1 + self.level
    }

    /// Lines a search at this level needs, given the `multipv` asked for.
    pub fn lines(self, multipv: usize) -> usize {
        if self.random() {
            multipv.max(SKILL_LINES)
        } else {
            multipv
        }
    }

    /// Whether the level picks among lines at random.
    fn random(self) -> bool {
        self.level < RANDOM_BELOW
    }

    /// The nodes a search at this level may take; `None` at full
    /// strength. From 256 at level 0 through 8,192 at level 10 to about
    /// 185,000 at level 19.
    pub fn nodes(self) -> Option<u64> {
        self.limited()
            .then(|| (NODES_AT_ZERO * (0.5 * f64::from(self.level)).exp2()) as u64)
    }

    /// Centipawns of random gain each line's score may get below
    /// [`RANDOM_BELOW`]: a line more than this below the best is never
    /// picked. It grows with the square of the levels below full
    /// strength, from 82 at level 9 to 250 (about a minor piece) at level
    /// 0.
    pub fn spread(self) -> Score {
        let below = (MAX_SKILL - self.level) as Score;
        10 + 3 * below * below / 5
    }

    /// The line to play among `lines` (best first), or `None` if there
    /// are none. At full strength, or with a mate found, the first.
    pub fn pick<'a>(self, lines: &'a [Line], rng: &mut Rng) -> Option<&'a Line> {
        let top = lines.first()?;
        if !self.random() || top.score > MATE_BOUND {
            return Some(top);
        }
        let spread = self.spread();
        let mut best: Option<(Score, &Line)> = None;
        for line in lines {
            if top.score - line.score >= spread {
                continue;
            }
            let raised = line.score + rng.below(spread as usize) as Score;
            if best.is_none_or(|(b, _)| raised > b) {
                best = Some((raised, line));
            }
        }
        best.map(|(_, line)| line)
    }
}

/// The strength options as a protocol holds them, to be turned into a
/// [`Skill`]: with `limit_strength` on, `elo` sets the level, otherwise
/// `skill_level` does (as in Stockfish).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    pub skill_level: u32,
    pub limit_strength: bool,
    pub elo: u32,
}

impl Default for Strength {
    fn default() -> Strength {
        Strength {
            skill_level: MAX_SKILL,
            limit_strength: false,
            elo: DEFAULT_ELO,
        }
    }
}

impl Strength {
    pub fn skill(&self) -> Skill {
        if self.limit_strength {
            Skill::from_elo(self.elo)
        } else {
            Skill::new(self.skill_level)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Move;

    fn lines(scores: &[Score]) -> Vec<Line> {
        // Distinct placeholder moves: only scores matter here.
        let moves: Vec<Move> = (0..scores.len() as u32)
            .map(|i| Move::from_bits(u64::from(i) + 1))
            .collect();
        scores
            .iter()
            .zip(moves)
            .map(|(&score, m)| Line { score, pv: vec![m] })
            .collect()
    }

    #[test]
    fn node_budgets_grow_with_the_level() {
        assert_eq!(Skill::new(0).nodes(), Some(256));
        assert_eq!(Skill::new(2).nodes(), Some(512));
        assert_eq!(Skill::new(10).nodes(), Some(8_192));
        assert!(Skill::new(19).nodes().is_some_and(|n| n > 150_000));
        assert_eq!(Skill::new(MAX_SKILL).nodes(), None);
        // The upper levels play their best line.
        let ls = lines(&[50, 49, 48, 47]);
        let mut rng = Rng(5);
        for _ in 0..100 {
            assert_eq!(Skill::new(RANDOM_BELOW).pick(&ls, &mut rng), Some(&ls[0]));
        }
    }

    #[test]
    fn elo_picks_the_measured_levels() {
        assert_eq!(Skill::from_elo(0).level(), 0);
        assert_eq!(Skill::from_elo(MIN_ELO).level(), 0);
        for (level, elo) in ELO_AT_LEVEL {
            assert_eq!(Skill::from_elo(elo).level(), level);
        }
        assert_eq!(Skill::from_elo(MAX_ELO).level(), MAX_SKILL);
        assert!(!Skill::from_elo(MAX_ELO).limited());
        // Every level is reachable, in order.
        let levels: Vec<u32> = (MIN_ELO..=MAX_ELO)
            .map(|e| Skill::from_elo(e).level())
            .collect();
        assert!(levels.windows(2).all(|w| w[1] == w[0] || w[1] == w[0] + 1));
        assert_eq!(levels.last(), Some(&MAX_SKILL));
    }

    #[test]
    fn full_strength_plays_the_best_line() {
        let ls = lines(&[50, 45, 40, 0]);
        let mut rng = Rng(1);
        for _ in 0..100 {
            assert_eq!(Skill::new(MAX_SKILL).pick(&ls, &mut rng), Some(&ls[0]));
        }
    }

    /// A weak level plays close alternatives often, never a line lost by
    /// more than its spread, and the best line more often than worse ones.
    #[test]
    fn weak_levels_prefer_better_lines() {
        let ls = lines(&[50, 20, -30, -900]);
        let skill = Skill::new(0);
        let mut rng = Rng(7);
        let mut count = [0; 4];
        for _ in 0..10_000 {
            let picked = skill.pick(&ls, &mut rng).expect("a line");
            count[ls.iter().position(|l| l == picked).expect("one of them")] += 1;
        }
        assert_eq!(count[3], 0, "{count:?}");
        assert!(count[0] > count[1] && count[1] > count[2], "{count:?}");
        assert!(count[2] > 0, "{count:?}");
    }

    #[test]
    fn a_mate_found_is_played() {
        let ls = lines(&[MATE_BOUND + 10, 40, 39, 38]);
        let mut rng = Rng(3);
        for _ in 0..100 {
            assert_eq!(Skill::new(0).pick(&ls, &mut rng), Some(&ls[0]));
        }
    }
}
