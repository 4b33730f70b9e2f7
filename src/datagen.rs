//! `griffon datagen`: training positions from self-play.
//!
//! Each game starts with a few random legal moves, then both sides search
//! a fixed number of nodes per move with the evaluation the engine has
//! (the variant's network if one is loaded: each network is trained on
//! games of the one before). Quiet positions (no check, best move not a
//! capture or promotion, score not a mate) are kept with the search's
//! score; when the game ends (by the rules, by a score both sides agree
//! is decisive, or by length) each gets the result. Threads play games
//! side by side; the caller writes what they send.

use crate::game::Game;
use crate::judge::Outcome;
use crate::nnue::data::Sample;
use crate::nnue::{Layout, Network};
use crate::position::Position;
use crate::rng::Rng;
use crate::search::{Limits, SEARCH_STACK, Searcher, Silent};
use crate::types::Color;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// Scores beyond this (centipawns) are not kept: mates and tablebase
/// wins say nothing about the evaluation.
const KEEP_BELOW: i32 = 3000;
/// A score this large for the same side over `DECISIVE_PLIES` plies in a
/// row ends the game as a win.
const DECISIVE: i32 = 2000;
const DECISIVE_PLIES: usize = 8;

/// How to play the games.
#[derive(Clone, Debug)]
pub struct Options {
    pub games: usize,
    pub nodes: u64,
    pub random_plies: usize,
    /// Games longer than this are drawn.
    pub max_plies: usize,
    pub threads: usize,
    pub seed: u64,
    pub hash_mb: usize,
}

/// One finished game's samples.
pub struct GameSamples {
    pub samples: Vec<Sample>,
    /// 0, 1, 2: Black won, draw, White won.
    pub white_result: u8,
    pub plies: usize,
}

/// Plays `options.games` games from `start`, sending each game's samples
/// as it ends. Stops early when `stop` is set: games it cuts short are
/// not sent (their result is unknown).
pub fn run(
    start: &Position,
    net: Option<Arc<Network>>,
    options: &Options,
    stop: &AtomicBool,
    send: mpsc::Sender<GameSamples>,
) -> Result<(), String> {
    let next_game = AtomicUsize::new(0);
    let layout = Layout::new(start.rules());
    std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for t in 0..options.threads.max(1) {
            let send = send.clone();
            let (net, layout, next_game) = (net.clone(), &layout, &next_game);
            // Each thread its own copy: a position caches what generation
            // reads off it, so it is not shared between threads.
            let start = start.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("datagen-{t}"))
                .stack_size(SEARCH_STACK)
                .spawn_scoped(scope, move || {
                    let mut searcher =
                        Searcher::new(&start, options.hash_mb, Arc::new(AtomicBool::new(false)));
                    searcher.set_network(net);
                    loop {
                        let n = next_game.fetch_add(1, Ordering::Relaxed);
                        if n >= options.games || stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let mut rng = Rng(options.seed ^ (n as u64).wrapping_mul(0x9E37_79B9));
                        searcher.clear();
                        let Some(game) =
                            play(&start, &mut searcher, layout, options, &mut rng, stop)
                        else {
                            break;
                        };
                        if send.send(game).is_err() {
                            break;
                        }
                    }
                });
            match spawned {
                Ok(h) => handles.push(h),
                Err(e) => return Err(format!("cannot start thread: {e}")),
            }
        }
        drop(send);
        for h in handles {
            h.join()
                .map_err(|_| "a datagen thread failed".to_string())?;
        }
        Ok(())
    })
}

/// One game: random opening, then fixed-node searches to the end; `None`
/// if `stop` cut it short.
fn play(
    start: &Position,
    searcher: &mut Searcher,
    layout: &Layout,
    options: &Options,
    rng: &mut Rng,
    stop: &AtomicBool,
) -> Option<GameSamples> {
    let mut game = opening(start, options.random_plies + rng.below(2), rng);
    let mut samples = Vec::new();
    let mut decisive = (Color::White, 0usize);
    let white_result = loop {
        if let Some(outcome) = game.outcome() {
            break match outcome {
                Outcome::Win { winner, .. } => white_win(winner),
                Outcome::Draw { .. } => 1,
            };
        }
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        if game.len() >= options.max_plies {
            break 1;
        }
        let pos = game.position().clone();
        let limits = Limits {
            nodes: Some(options.nodes),
            ..Limits::default()
        };
        let result = searcher.search(&pos, game.past(), limits, &mut Silent);
        let Some(best) = result.best else { break 1 };
        let us = pos.side_to_move();
        // The side the score favours, counted over consecutive plies.
        let leader = if result.score >= 0 { us } else { us.opponent() };
        if result.score.abs() >= DECISIVE {
            decisive = if decisive.0 == leader {
                (leader, decisive.1 + 1)
            } else {
                (leader, 1)
            };
            if decisive.1 >= DECISIVE_PLIES {
                break white_win(leader);
            }
        } else {
            decisive.1 = 0;
        }
        if result.score.abs() < KEEP_BELOW
            && !best.is_capture()
            && !best.promotes()
            && !pos.in_check(us)
        {
            let base = searcher.eval.evaluate(&pos).clamp(-KEEP_BELOW, KEEP_BELOW);
            samples.push(Sample::new(&pos, layout, result.score as i16, base as i16));
        }
        game.play(best);
    };
    for s in &mut samples {
        s.result = match s.side {
            Color::White => white_result,
            Color::Black => 2 - white_result,
        };
    }
    Some(GameSamples {
        samples,
        white_result,
        plies: game.len(),
    })
}

fn white_win(winner: Color) -> u8 {
    match winner {
        Color::White => 2,
        Color::Black => 0,
    }
}

/// A game of `plies` random legal moves from `start` that is not over.
fn opening(start: &Position, plies: usize, rng: &mut Rng) -> Game {
    for _ in 0..100 {
        let mut game = Game::new(start.clone());
        let mut ok = true;
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() || game.outcome().is_some() {
                ok = false;
                break;
            }
            game.play(*rng.pick(&moves));
        }
        if ok && game.outcome().is_none() {
            return game;
        }
    }
    Game::new(start.clone())
}
