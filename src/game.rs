//! A game in progress: a position with its move history and the
//! variant's rules for how games end.
//!
//! The XBoard loop and the match referee both keep a `Game`; neither knows
//! any rule itself.

use crate::judge::{self, ChaseWatch, Outcome, Past, Seen};
use crate::movegen::legal_moves;
use crate::notation::{self, MoveError};
use crate::position::{Position, Undo};
use crate::types::{Move, MoveList};

/// A game from a start position.
#[derive(Clone)]
pub struct Game {
    pos: Position,
    /// Moves played, with what undoes them.
    history: Vec<(Move, Undo)>,
    /// The positions before each move, for repetitions.
    keys: Vec<Seen>,
    /// What the last move chased ([`Seen::chased`]).
    chased: u64,
}

impl Game {
    pub fn new(pos: Position) -> Game {
        Game {
            pos,
            history: Vec::new(),
            keys: Vec::new(),
            chased: Seen::NOT_REACHED,
        }
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The earlier positions of the game, oldest first.
    pub fn keys(&self) -> &[Seen] {
        &self.keys
    }

    /// The game's history as the repetition rules see it, for a search.
    pub fn past(&self) -> Past<'_> {
        Past {
            earlier: &self.keys,
            chased: self.chased,
            last_move: self.moves().last(),
        }
    }

    /// The current position as the repetition rules see it.
    pub fn seen(&self) -> Seen {
        Seen {
            key: self.pos.key(),
            in_check: self.pos.in_check(self.pos.side_to_move()),
            chased: self.chased,
            last_move: self.moves().last(),
        }
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
        self.keys.push(self.seen());
        let mut watch = ChaseWatch::default();
        watch.before(&self.pos);
        let undo = self.pos.make(m);
        self.chased = judge::chased(&mut self.pos, m, &watch);
        self.history.push((m, undo));
    }

    /// Take back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some((m, undo)) => {
                self.pos.unmake(m, &undo);
                if let Some(seen) = self.keys.pop() {
                    self.chased = seen.chased;
                }
                true
            }
            None => false,
        }
    }

    /// The game's result if it is over by the rules (the judge's
    /// [`referee`](judge::referee)).
    pub fn outcome(&mut self) -> Option<Outcome> {
        let us = self.pos.side_to_move();
        let past = Past {
            earlier: &self.keys,
            chased: self.chased,
            last_move: self.history.last().map(|(m, _)| *m),
        };
        judge::referee(&mut self.pos, past).map(|v| v.outcome(us))
    }

    /// How often the current position occurred before (same side to move).
    pub fn repetitions(&self) -> usize {
        judge::occurrences(&self.keys, self.pos.key(), self.pos.repetition_window())
    }

    /// Repetitions since the last capture or pawn move: what a referee
    /// that takes every capture as irreversible (XBoard 4.9.1, even in
    /// drop games) can verify.
    pub fn repetitions_since_irreversible(&self) -> usize {
        judge::occurrences(
            &self.keys,
            self.pos.key(),
            self.pos.halfmove_clock() as usize,
        )
    }
}
