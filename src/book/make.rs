//! Making a book from games, the way `polyglot make-book` does, so that
//! the same chess PGN gives the same file:
//! - every move of the first `max_ply` plies of every game is counted for
//!   its position, both colours: games `n`, and points `sum` from the
//!   mover's side (2 a win, 1 a draw or unknown result, 0 a loss), taken
//!   from the `Result` tag (else the result at the end of the moves);
//! - when a move's count reaches 16384, every move of that position is
//!   halved, as Polyglot does to keep the counts in 16 bits;
//! - a move is kept if played in at least `min_games` games, if it ever
//!   scored (`sum > 0`), and if its score `sum / n / 2` reaches
//!   `min_score`;
//! - its weight is `sum` (`Weights::Wins`, Polyglot's), or `n`
//!   (`Weights::Games`), or 1 (`Weights::Uniform`);
//! - entries are sorted by key, then by weight (heaviest first), ties in
//!   the order the moves first appeared.
//!
//! Unlike Polyglot, a `[FEN]` tag sets the start position, a `[Variant]`
//! tag other than the book's skips the game, and an illegal move ends its
//! game (reported) instead of the whole run.

use super::{Book, BookEntry, BookHasher, MoveCoding, XBoardState};
use crate::game::Game;
use crate::notation::pgn::PgnGame;
use crate::position::{Position, Rules};
use crate::types::Color;
use std::collections::HashMap;
use std::sync::Arc;

/// Polyglot halves a position's counts when one reaches this.
const COUNT_MAX: u32 = 16384;

/// What a kept move's weight is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Weights {
    /// Points scored by the mover: 2 a win, 1 a draw (Polyglot's).
    #[default]
    Wins,
    /// Games in which it was played.
    Games,
    /// All alike.
    Uniform,
}

/// Options of `griffon book make`; the defaults are Polyglot's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MakeOptions {
    pub max_ply: usize,
    pub min_games: u32,
    /// Least score, 0.0 to 1.0.
    pub min_score: f64,
    pub weights: Weights,
    /// Only positions with this side to move.
    pub only: Option<Color>,
}

impl Default for MakeOptions {
    fn default() -> MakeOptions {
        MakeOptions {
            max_ply: 1024,
            min_games: 3,
            min_score: 0.0,
            weights: Weights::Wins,
            only: None,
        }
    }
}

/// What happened to the games read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MakeReport {
    pub games: usize,
    /// Games of another variant (their `[Variant]` tag).
    pub other_variant: usize,
    /// Games cut short by a move that is not legal, or a bad `[FEN]`:
    /// game number (from 1) and the reason.
    pub errors: Vec<(usize, String)>,
    /// Moves no XBoard book can hold (gating moves, pieces XBoard's table
    /// lacks), left out.
    pub unbookable: usize,
    /// Distinct (position, move) pairs counted, and entries kept.
    pub counted: usize,
    pub kept: usize,
}

#[derive(Clone, Copy, Debug)]
struct Tally {
    key: u64,
    mv: u16,
    n: u32,
    sum: u32,
    color: Color,
}

/// Collects games into book entries.
pub struct BookMaker {
    rules: Arc<Rules>,
    hasher: BookHasher,
    options: MakeOptions,
    tallies: Vec<Tally>,
    /// Per key: indices into `tallies`, in order of first appearance.
    by_key: HashMap<u64, Vec<usize>>,
    report: MakeReport,
}

impl BookMaker {
    pub fn new(rules: Arc<Rules>, options: MakeOptions) -> Result<BookMaker, super::BookError> {
        let hasher = BookHasher::new(&rules.variant)?;
        Ok(BookMaker {
            rules,
            hasher,
            options,
            tallies: Vec::new(),
            by_key: HashMap::new(),
            report: MakeReport::default(),
        })
    }

    /// Counts one game's moves.
    pub fn add(&mut self, game: &PgnGame) {
        self.report.games += 1;
        let number = self.report.games;
        let v = &self.rules.variant;
        if let Some(tag) = game.tag("Variant") {
            let tag = tag.to_ascii_lowercase();
            // PGN's tag for chess is `Standard` (or `chess`, an alias).
            if !(v.is_called(&tag) || tag == v.xboard.name) {
                self.report.other_variant += 1;
                return;
            }
        }
        let start = match game.tag("FEN") {
            Some(fen) => Position::from_fen(self.rules.clone(), fen),
            None => Position::start(self.rules.clone()),
        };
        let start = match start {
            Ok(p) => p,
            Err(e) => {
                self.report.errors.push((number, format!("bad FEN: {e}")));
                return;
            }
        };
        let white_score: i32 = match game.tag("Result").unwrap_or(&game.result) {
            "1-0" => 1,
            "0-1" => -1,
            _ => 0,
        };
        let mut xboard = match game.tag("FEN") {
            Some(fen) => XBoardState::from_fen(&start, fen),
            None => XBoardState::at_start(&start),
        };
        let coding = MoveCoding::new(&start, &self.hasher);
        let mut play = Game::new(start);
        for (ply, text) in game.moves.iter().enumerate().take(self.options.max_ply) {
            let m = match play.parse_any(text) {
                Ok(m) => m,
                Err(e) => {
                    self.report
                        .errors
                        .push((number, format!("ply {}: {text}: {e}", ply + 1)));
                    return;
                }
            };
            let pos = play.position();
            let us = pos.side_to_move();
            let result = if us == Color::White {
                white_score
            } else {
                -white_score
            };
            match (self.hasher.key(pos, &xboard), coding.encode(pos, m)) {
                (Some(key), Some(mv)) => self.count(key, mv, us, (result + 1) as u32),
                _ => self.report.unbookable += 1,
            }
            xboard.play(play.position(), m);
            play.play(m);
        }
    }

    fn count(&mut self, key: u64, mv: u16, color: Color, points: u32) {
        let moves = self.by_key.entry(key).or_default();
        let i = match moves.iter().find(|&&i| self.tallies[i].mv == mv) {
            Some(&i) => i,
            None => {
                self.tallies.push(Tally {
                    key,
                    mv,
                    n: 0,
                    sum: 0,
                    color,
                });
                moves.push(self.tallies.len() - 1);
                self.tallies.len() - 1
            }
        };
        let t = &mut self.tallies[i];
        t.n += 1;
        t.sum += points;
        if t.n >= COUNT_MAX {
            for &j in moves.iter() {
                let t = &mut self.tallies[j];
                t.n = t.n.div_ceil(2);
                t.sum = t.sum.div_ceil(2);
            }
        }
    }

    /// The book, and what happened on the way.
    pub fn finish(mut self) -> (Book, MakeReport) {
        let o = self.options;
        let kept: Vec<BookEntry> = self
            .tallies
            .iter()
            .filter(|t| {
                t.n >= o.min_games
                    && t.sum > 0
                    && f64::from(t.sum) / f64::from(t.n) / 2.0 >= o.min_score
                    && o.only.is_none_or(|c| c == t.color)
            })
            .map(|t| BookEntry {
                key: t.key,
                mv: t.mv,
                weight: match o.weights {
                    Weights::Wins => t.sum,
                    Weights::Games => t.n,
                    Weights::Uniform => 1,
                }
                .min(u32::from(u16::MAX)) as u16,
                learn: 0,
            })
            .collect();
        self.report.counted = self.tallies.len();
        self.report.kept = kept.len();
        (book_order(kept), self.report)
    }
}

/// Merges two books: every entry of `first`, and those of `second` for
/// positions `first` does not have (Polyglot's `merge-book`: the first
/// book decides where both have a position).
pub fn merge(first: &Book, second: &Book) -> Book {
    let mut entries: Vec<BookEntry> = first.entries().to_vec();
    entries.extend(
        second
            .entries()
            .iter()
            .filter(|e| first.probe(e.key).is_empty()),
    );
    book_order(entries)
}

/// Polyglot's order: by key, heaviest first; the sort is stable, so equal
/// keys and weights stay in the order they came (of appearance in the
/// games, or first book before second).
fn book_order(mut entries: Vec<BookEntry>) -> Book {
    entries.sort_by(|a, b| a.key.cmp(&b.key).then(b.weight.cmp(&a.weight)));
    Book::from_sorted(entries)
}
