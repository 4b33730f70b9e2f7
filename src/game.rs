//! A game in progress: a position with its move history and the
//! variant's rules for how games end.
//!
//! The XBoard loop and the match referee both keep a `Game`; neither knows
//! any rule itself.

use crate::movegen::legal_moves;
use crate::notation::{self, MoveError};
use crate::position::{Position, Undo};
use crate::types::{Color, Move, MoveList};
use crate::variant::{GameEnd, GameValue};

/// The start of the reason given for a repetition lost by perpetual check.
pub const PERPETUAL_CHECK: &str = "perpetual check";

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win { winner: Color, reason: String },
    Draw { reason: String },
}

impl Outcome {
    /// `1-0 {White mates}` style, as XBoard and PGN write it.
    pub fn result_text(&self) -> String {
        match self {
            Outcome::Win {
                winner: Color::White,
                reason,
            } => format!("1-0 {{{reason}}}"),
            Outcome::Win {
                winner: Color::Black,
                reason,
            } => format!("0-1 {{{reason}}}"),
            Outcome::Draw { reason } => format!("1/2-1/2 {{{reason}}}"),
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn score_text(&self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Color::White,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Color::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }
}

/// A position met earlier in a game or search line: what repetition rules
/// need to know about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    pub key: u64,
    /// The side to move was in check (perpetual-check rules).
    pub in_check: bool,
}

/// The value, for the side to move, of a repetition whose cycle is
/// `cycle`: every position after the earlier occurrence up to the current
/// one, oldest first, each marked with whether its side to move was in
/// check. Where perpetual check is illegal, a side that checked with every
/// one of its moves in the cycle loses (unless both did).
pub fn repetition_value(end: &GameEnd, cycle: impl DoubleEndedIterator<Item = bool>) -> GameValue {
    if !end.perpetual_check_illegal {
        return end.n_fold_value;
    }
    // From the current position backwards: even steps have us to move
    // (in check: they checked), odd steps have them to move.
    let (mut they_check, mut we_check) = (true, true);
    for (i, check) in cycle.rev().enumerate() {
        if i % 2 == 0 {
            they_check &= check;
        } else {
            we_check &= check;
        }
    }
    match (we_check, they_check) {
        (true, false) => GameValue::Loss,
        (false, true) => GameValue::Win,
        _ => end.n_fold_value,
    }
}

/// A game from a start position.
#[derive(Clone)]
pub struct Game {
    pos: Position,
    /// Moves played, with what undoes them.
    history: Vec<(Move, Undo)>,
    /// The positions before each move, for repetitions.
    keys: Vec<Seen>,
}

impl Game {
    pub fn new(pos: Position) -> Game {
        Game {
            pos,
            history: Vec::new(),
            keys: Vec::new(),
        }
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The earlier positions of the game, oldest first.
    pub fn keys(&self) -> &[Seen] {
        &self.keys
    }

    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|(m, _)| *m)
    }

    pub fn len(&self) -> usize {
        self.history.len()
    }

    pub fn is_empty(&self) -> bool {
        self.history.is_empty()
    }

    pub fn legal_moves(&mut self) -> MoveList {
        legal_moves(&mut self.pos)
    }

    /// Reads a move in coordinate notation and checks that it is legal
    /// (see [`notation::parse_move`]).
    pub fn parse_move(&mut self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(&mut self.pos, text)
    }

    /// Reads a move in coordinate notation or SAN (see
    /// [`notation::parse_any`]).
    pub fn parse_any(&mut self, text: &str) -> Result<Move, MoveError> {
        notation::parse_any(&mut self.pos, text)
    }

    /// Play a move known to be legal (from `parse_move` or the generator).
    pub fn play(&mut self, m: Move) {
        let us = self.pos.side_to_move();
        self.keys.push(Seen {
            key: self.pos.key(),
            in_check: self.pos.in_check(us),
        });
        let undo = self.pos.make(m);
        self.history.push((m, undo));
    }

    /// Take back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some((m, undo)) => {
                self.pos.unmake(m, &undo);
                self.keys.pop();
                true
            }
            None => false,
        }
    }

    /// The game's result if it is over by the rules.
    pub fn outcome(&mut self) -> Option<Outcome> {
        let us = self.pos.side_to_move();
        let them = us.opponent();
        let name = |c: Color| if c == Color::White { "White" } else { "Black" };
        let by_value = |v: GameValue, reason: String| match v {
            GameValue::Win => Outcome::Win { winner: us, reason },
            GameValue::Loss => Outcome::Win {
                winner: them,
                reason,
            },
            GameValue::Draw => Outcome::Draw { reason },
        };
        let end = self.pos.rules().variant.end.clone();
        if let Some(v) = self.pos.rule_outcome() {
            let checked_out = end.check_counting
                && Color::BOTH
                    .into_iter()
                    .any(|c| self.pos.checks_to_give(c) == 0);
            let bare = end.extinction.as_ref().is_some_and(|e| e.piece_count > 0);
            let royal_gone = end.extinction.as_ref().is_some_and(|e| {
                e.piece_types
                    .iter()
                    .all(|r| self.pos.rules().royal[usize::from(r.0)])
            });
            let reason = if checked_out {
                let start = self.pos.rules().variant.start.checks_remaining;
                format!("{} checks", start.map_or(3, |c| c[0].max(c[1])))
            } else if royal_gone && self.pos.rules().blast.is_some() {
                "king exploded".into()
            } else if royal_gone {
                "king captured".into()
            } else if bare {
                "bare king".into()
            } else {
                "no pieces left".into()
            };
            return Some(by_value(v, reason));
        }
        if self.legal_moves().is_empty() {
            return Some(if self.pos.in_check(us) {
                let reason = match end.checkmate {
                    GameValue::Loss => format!("{} mates", name(them)),
                    _ => format!("{} is checkmated", name(us)),
                };
                by_value(end.checkmate, reason)
            } else {
                by_value(self.pos.stalemate_value(), "Stalemate".into())
            });
        }
        if self.pos.counting_expired() {
            return Some(Outcome::Draw {
                reason: "counting rule".into(),
            });
        }
        if crate::judge::insufficient_material(&self.pos) {
            return Some(Outcome::Draw {
                reason: "insufficient material".into(),
            });
        }
        if end.n_move_rule > 0 && self.pos.halfmove_clock() >= 2 * end.n_move_rule {
            return Some(Outcome::Draw {
                reason: format!("{}-move rule", end.n_move_rule),
            });
        }
        if end.n_fold_rule > 0 && self.repetitions() + 1 >= end.n_fold_rule as usize {
            let value = self.repetition_value(&end);
            let reason = match value {
                v if v == end.n_fold_value => "repetition".to_string(),
                GameValue::Win => format!("{PERPETUAL_CHECK} by {}", name(them)),
                _ => format!("{PERPETUAL_CHECK} by {}", name(us)),
            };
            return Some(by_value(value, reason));
        }
        None
    }

    /// How often the current position occurred before (same side to move).
    pub fn repetitions(&self) -> usize {
        self.repetitions_within(self.pos.repetition_window())
    }

    /// Repetitions since the last capture or pawn move: what a referee
    /// that takes every capture as irreversible (XBoard 4.9.1, even in
    /// drop games) can verify.
    pub fn repetitions_since_irreversible(&self) -> usize {
        self.repetitions_within(self.pos.halfmove_clock() as usize)
    }

    fn repetitions_within(&self, window: usize) -> usize {
        let key = self.pos.key();
        let window = window.min(self.keys.len());
        self.keys[self.keys.len() - window..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|s| s.key == key)
            .count()
    }

    /// The value of the current repetition for the side to move, judged
    /// on the cycle since the position last occurred.
    fn repetition_value(&self, end: &GameEnd) -> GameValue {
        let key = self.pos.key();
        let n = self.keys.len();
        let Some(back) = (2..=n).step_by(2).find(|&b| self.keys[n - b].key == key) else {
            return end.n_fold_value;
        };
        let us = self.pos.side_to_move();
        let cycle = self.keys[n - back + 1..]
            .iter()
            .map(|s| s.in_check)
            .chain(std::iter::once(self.pos.in_check(us)));
        repetition_value(end, cycle)
    }
}
