//! `griffon bench`: fixed work with known results, for speed measurements.
//!
//! The perft benchmark runs start positions to fixed depths on one thread.
//! Each count is checked against its published reference (the
//! `../shared/perft` suites), so a fast but wrong build cannot report a
//! figure.

use crate::movegen::perft;
use crate::position::{Position, Rules};
use crate::variant::VariantSet;
use std::time::Instant;

/// One benchmark position: variant, depth and the reference leaf count.
pub struct PerftCase {
    pub variant: &'static str,
    pub depth: u32,
    pub expected: u64,
}

/// The positions the speed targets name, with reference counts
/// from Fairy-Stockfish (chess also the well-known 119060324).
pub const PERFT_CASES: &[PerftCase] = &[
    PerftCase {
        variant: "normal",
        depth: 6,
        expected: 119_060_324,
    },
    PerftCase {
        variant: "capablanca",
        depth: 5,
        expected: 28_741_319,
    },
    PerftCase {
        variant: "grand",
        depth: 4,
        expected: 15_921_643,
    },
    PerftCase {
        variant: "shatranj",
        depth: 6,
        expected: 19_864_709,
    },
    // Issue 6: drops (published shogi counts; crazyhouse from the suite).
    PerftCase {
        variant: "shogi",
        depth: 5,
        expected: 19_861_490,
    },
    PerftCase {
        variant: "crazyhouse",
        depth: 5,
        expected: 4_888_832,
    },
];

/// The measurement of one case.
#[derive(Clone, Debug)]
pub struct PerftResult {
    pub variant: &'static str,
    pub depth: u32,
    pub nodes: u64,
    /// Seconds of each run, in the order run.
    pub seconds: Vec<f64>,
}

impl PerftResult {
    /// Median seconds over the runs.
    pub fn median_seconds(&self) -> f64 {
        let mut s = self.seconds.clone();
        s.sort_by(f64::total_cmp);
        s[s.len() / 2]
    }

    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.median_seconds().max(1e-9)
    }
}

/// Run every case `runs` times (at least once); `progress` hears about each
/// finished run. Fails on a wrong count.
pub fn perft_bench(
    set: &VariantSet,
    runs: usize,
    only: Option<&str>,
    mut progress: impl FnMut(&PerftResult),
) -> Result<Vec<PerftResult>, String> {
    let mut results = Vec::new();
    for case in PERFT_CASES
        .iter()
        .filter(|c| only.is_none_or(|v| v == c.variant))
    {
        let variant = set
            .get(case.variant)
            .ok_or_else(|| format!("variant {} missing", case.variant))?;
        let rules = Rules::new(variant.clone()).map_err(|e| e.to_string())?;
        let start = Position::start(rules).map_err(|e| e.to_string())?;
        let mut result = PerftResult {
            variant: case.variant,
            depth: case.depth,
            nodes: 0,
            seconds: Vec::new(),
        };
        for _ in 0..runs.max(1) {
            let mut pos = start.clone();
            let t = Instant::now();
            let nodes = perft(&mut pos, case.depth);
            result.seconds.push(t.elapsed().as_secs_f64());
            if nodes != case.expected {
                return Err(format!(
                    "{} perft {}: {nodes} nodes, reference {}",
                    case.variant, case.depth, case.expected
                ));
            }
            result.nodes = nodes;
            progress(&result);
        }
        results.push(result);
    }
    Ok(results)
}
