//! `griffon tune`: fit the evaluation's weights to game results or to an
//! engine's search scores.
//!
//! The method is Texel's: take positions from finished games (here
//! Griffon's self-play games, written by `griffon match --pgn`), replace
//! each by the quiet position at the end of its quiescence line, and
//! score the evaluation by how well `1 / (1 + 10^(-K * eval / 400))`
//! predicts the game's result from that position (mean squared error:
//! logistic regression of results on the evaluation). `K` is fitted once
//! to the starting weights; then each weight in turn is moved up or down
//! by a step while that lowers the error, and the steps are halved when
//! no weight moves, down to one.
//!
//! The target may instead be an engine's search scores, which `griffon
//! match` writes after each move (`{+0.31/12 0.2s}`): the position before
//! each move that engine made is scored by how well the evaluation
//! predicts the expected score its search gave (`1 / (1 + 10^(-score /
//! 400))`), or a blend of that and the game's result. A deeper search of
//! a stronger engine says more about a position than one game's outcome:
//! the evaluation is fitted towards what that search saw.
//!
//! One set of weights serves every variant: the data may mix games of
//! several variants (each game's `[Variant]` tag says which), and
//! piece values still come from each variant's own mobility walks.

use crate::eval::Evaluator;
use crate::game::Game;
use crate::notation::pgn::{self, PgnGame};
use crate::position::{Position, Rules};
use crate::search::Searcher;
use crate::types::Color;
use crate::variant::VariantSet;
use crate::weights::{PARAM_COUNT, PARAM_NAMES, Params, WEIGHT_LIMIT};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// A position and the score expected for White from it (the game's
/// result, 1, 1/2 or 0, or a search score's expectation, or a blend).
struct Sample {
    variant: usize,
    fen: String,
    expected: f64,
}

/// What the evaluation is fitted to predict.
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    /// The result of each position's game, for every position.
    Result,
    /// The search scores the `engines` (names in the `White` and `Black`
    /// tags) gave before their moves, a share `lambda` of the target, the
    /// rest the game's result; only the positions before those moves.
    Scores { engines: Vec<String>, lambda: f64 },
}

impl Target {
    /// The expected score for White that a fit to scores takes from the
    /// comment after move `ply` of `game` (`side` to make it; `result`
    /// the game's, for White), if one of the engines made that move with
    /// a search score short of a decided game.
    fn score_before(&self, game: &PgnGame, ply: usize, side: Color, result: f64) -> Option<f64> {
        let Target::Scores { engines, lambda } = self else {
            return None;
        };
        let player = game.tag(if side == Color::White {
            "White"
        } else {
            "Black"
        })?;
        if !engines.iter().any(|e| e == player) {
            return None;
        }
        let (cp, _) = pgn::read_search_comment(game.comments.get(ply)?)?;
        if cp.abs() >= DECIDED_SCORE {
            return None;
        }
        let white = if side == Color::White { cp } else { -cp };
        Some(lambda * expectation(white) + (1.0 - lambda) * result)
    }
}

/// Search scores this far from level (centipawns) say the game is decided
/// (or are mates): they are left out of a fit to scores.
const DECIDED_SCORE: i32 = 2000;

/// The expected score of a search score in centipawns.
fn expectation(centipawns: i32) -> f64 {
    sigmoid(1.0, f64::from(centipawns))
}

/// Positions of a set of games.
pub struct Dataset {
    rules: Vec<Arc<Rules>>,
    samples: Vec<Sample>,
    /// Games read, and games skipped (unknown variant, no result,
    /// unreadable move).
    pub games: usize,
    pub skipped: usize,
}

impl Dataset {
    /// Keep `pos` (not in check) as its quiet quiescence leaf, unless
    /// that leaf is in check or the game is over there.
    fn push(&mut self, searcher: &mut Searcher, variant: usize, pos: &Position, expected: f64) {
        if pos.in_check(pos.side_to_move()) {
            return;
        }
        let (_, leaf) = searcher.quiescence(pos);
        if leaf.in_check(leaf.side_to_move()) || crate::judge::by_rule(&leaf).is_some() {
            return;
        }
        self.samples.push(Sample {
            variant,
            fen: leaf.fen(),
            expected,
        });
    }

    pub fn len(&self) -> usize {
        self.samples.len()
    }

    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    /// Positions per variant name.
    pub fn per_variant(&self) -> Vec<(String, usize)> {
        let mut n = vec![0; self.rules.len()];
        for s in &self.samples {
            n[s.variant] += 1;
        }
        self.rules
            .iter()
            .zip(n)
            .map(|(r, n)| (r.variant.name.clone(), n))
            .collect()
    }
}

/// Read the games of PGN `texts`: positions from ply `skip` on, not in
/// check, each replaced by its quiet quiescence leaf, with `target`'s
/// expected score.
pub fn load(set: &VariantSet, texts: &[String], skip: usize, target: &Target) -> Dataset {
    let mut data = Dataset {
        rules: Vec::new(),
        samples: Vec::new(),
        games: 0,
        skipped: 0,
    };
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut searchers: Vec<Searcher> = Vec::new();
    for text in texts {
        for game in pgn::read_games(text) {
            data.games += 1;
            let result = match game.result.as_str() {
                "1-0" => 1.0,
                "0-1" => 0.0,
                "1/2-1/2" => 0.5,
                _ => {
                    data.skipped += 1;
                    continue;
                }
            };
            let name = game.tag("Variant").unwrap_or("normal").to_string();
            let Some(variant) = set.get(&name) else {
                data.skipped += 1;
                continue;
            };
            let vi = match index.get(&name) {
                Some(&i) => i,
                None => {
                    let Ok(rules) = Rules::new(variant.clone()) else {
                        data.skipped += 1;
                        continue;
                    };
                    let Ok(start) = Position::start(rules.clone()) else {
                        data.skipped += 1;
                        continue;
                    };
                    searchers.push(Searcher::new(&start, 1, Arc::new(AtomicBool::new(false))));
                    data.rules.push(rules);
                    index.insert(name.clone(), data.rules.len() - 1);
                    data.rules.len() - 1
                }
            };
            let rules = data.rules[vi].clone();
            let pos = match game.tag("FEN") {
                Some(fen) => Position::from_fen(rules, fen),
                None => Position::start(rules),
            };
            let Ok(pos) = pos else {
                data.skipped += 1;
                continue;
            };
            let mut g = Game::new(pos);
            for (ply, text) in game.moves.iter().enumerate() {
                // A fit to results takes the position after each move, a
                // fit to scores the one before the scored move.
                let side = g.position().side_to_move();
                let scored = target.score_before(&game, ply, side, result);
                if let Some(expected) = scored
                    && ply >= skip
                {
                    data.push(&mut searchers[vi], vi, g.position(), expected);
                }
                let Ok(m) = g.parse_move(text) else {
                    data.skipped += 1;
                    break;
                };
                g.play(m);
                if *target == Target::Result && ply + 1 >= skip {
                    data.push(&mut searchers[vi], vi, g.position(), result);
                }
            }
        }
    }
    data
}

/// The expected score for White of a White-side evaluation.
fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// Positions parsed once: FEN text is cheap to keep; a position with its
/// attack map is not, so evaluation parses again, on every core.
pub struct Tuner<'a> {
    data: &'a Dataset,
    threads: usize,
}

impl<'a> Tuner<'a> {
    pub fn new(data: &'a Dataset, threads: usize) -> Tuner<'a> {
        Tuner {
            data,
            threads: threads.max(1),
        }
    }

    /// White-side evaluations of every sample with weights `p`.
    pub fn evaluations(&self, p: &Params) -> Vec<f64> {
        let evaluators: Vec<Evaluator> = self
            .data
            .rules
            .iter()
            .map(|r| Evaluator::with_params(r, p.clone()))
            .collect();
        let samples = &self.data.samples;
        let chunk = samples.len().div_ceil(self.threads).max(1);
        let mut out = vec![0.0; samples.len()];
        let evaluators = &evaluators;
        let rules = &self.data.rules;
        let scoped = crossbeam::thread::scope(|scope| {
            for (part, dest) in samples.chunks(chunk).zip(out.chunks_mut(chunk)) {
                scope.spawn(move |_| {
                    for (s, d) in part.iter().zip(dest.iter_mut()) {
                        let Ok(pos) = Position::from_fen(rules[s.variant].clone(), &s.fen) else {
                            continue;
                        };
                        let e = f64::from(evaluators[s.variant].evaluate(&pos));
                        *d = if pos.side_to_move() == Color::White {
                            e
                        } else {
                            -e
                        };
                    }
                });
            }
        });
        if scoped.is_err() {
            log::error!("an evaluation thread panicked");
        }
        out
    }

    /// Mean squared error of the predictions `evals` with scale `k`.
    pub fn error(&self, k: f64, evals: &[f64]) -> f64 {
        let n = self.data.samples.len().max(1) as f64;
        self.data
            .samples
            .iter()
            .zip(evals)
            .map(|(s, &e)| (s.expected - sigmoid(k, e)).powi(2))
            .sum::<f64>()
            / n
    }

    /// The scale that fits the evaluations best (golden-section search).
    pub fn fit_k(&self, evals: &[f64]) -> f64 {
        let (mut a, mut b) = (0.05f64, 5.0f64);
        let phi = (5f64.sqrt() - 1.0) / 2.0;
        for _ in 0..60 {
            let c = b - phi * (b - a);
            let d = a + phi * (b - a);
            if self.error(c, evals) < self.error(d, evals) {
                b = d;
            } else {
                a = c;
            }
        }
        (a + b) / 2.0
    }

    /// Local search from `start` over the weights not in `fixed`;
    /// `progress` hears each improvement. Returns the weights and error.
    pub fn local_search(
        &self,
        k: f64,
        start: Params,
        fixed: &[usize],
        rounds: usize,
        mut progress: impl FnMut(usize, &str, i32, f64),
    ) -> (Params, f64) {
        let mut p = start;
        let mut best = self.error(k, &self.evaluations(&p));
        let mut steps: Vec<i32> = p.0.iter().map(|v| (v.abs() / 8).max(1)).collect();
        for round in 0..rounds {
            let mut moved = false;
            for i in 0..PARAM_COUNT {
                if fixed.contains(&i) {
                    continue;
                }
                for delta in [steps[i], -steps[i]] {
                    let mut q = p.clone();
                    q.0[i] = (q.0[i] + delta).clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT);
                    let e = self.error(k, &self.evaluations(&q));
                    if e < best {
                        best = e;
                        p = q;
                        moved = true;
                        progress(round, PARAM_NAMES[i], p.0[i], best);
                        break;
                    }
                }
            }
            if !moved {
                if steps.iter().all(|&s| s == 1) {
                    break;
                }
                steps.iter_mut().for_each(|s| *s = (*s / 2).max(1));
            }
        }
        (p, best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n\
        1. e2e4 {+0.31/12 0.2s} e7e5 {-0.20/11 0.1s} 2. g1f3 {opening} \
        b8c6 {+25.00/9 0.1s} 3. f1b5 {+0.50/10 0.1s} 1-0\n";

    fn targets(target: &Target, skip: usize) -> Vec<(String, f64)> {
        let set = VariantSet::builtin().expect("built-ins");
        let data = load(&set, &[GAME.to_string()], skip, target);
        data.samples
            .into_iter()
            .map(|s| (s.fen, s.expected))
            .collect()
    }

    #[test]
    fn score_targets_are_the_positions_before_the_engines_moves() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let before_bb5 = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        let white = |cp: f64| 1.0 / (1.0 + 10f64.powf(-cp / 400.0));
        let a = Target::Scores {
            engines: vec!["A".into()],
            lambda: 1.0,
        };
        let got = targets(&a, 0);
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].0, start);
        assert!((got[0].1 - white(31.0)).abs() < 1e-12);
        assert_eq!(got[1].0, before_bb5);
        assert!((got[1].1 - white(50.0)).abs() < 1e-12);
        // Black's scores are its own side's; +25 pawns says the game is
        // decided and is left out. A blend with the result (1-0).
        let b = Target::Scores {
            engines: vec!["B".into()],
            lambda: 0.5,
        };
        let got = targets(&b, 0);
        assert_eq!(got.len(), 1);
        assert!((got[0].1 - (0.5 * white(20.0) + 0.5)).abs() < 1e-12);
        // Both players' scores.
        let both = Target::Scores {
            engines: vec!["A".into(), "B".into()],
            lambda: 1.0,
        };
        assert_eq!(targets(&both, 0).len(), 3);
        // Plies before `skip` are left out.
        assert_eq!(targets(&a, 1).len(), 1);
        // A fit to results takes every position after a move.
        let results = targets(&Target::Result, 0);
        assert_eq!(results.len(), 5);
        assert!(results.iter().all(|(_, r)| *r == 1.0));
    }

    #[test]
    fn sigmoid_is_a_probability_centred_on_zero() {
        assert!((sigmoid(1.0, 0.0) - 0.5).abs() < 1e-12);
        assert!(sigmoid(1.0, 400.0) > 0.9 && sigmoid(1.0, -400.0) < 0.1);
    }
}
