//! The game as the XBoard engine plays it: the variant and its rules, the
//! moves so far, which side the engine plays (or none, in `force` mode),
//! whether the game is over, and the engine's judgement of it: results to
//! claim, draw offers to take, when to resign.

use super::protocol::Output;
use crate::game::Game;
use crate::judge::{EndReason, Outcome};
use crate::movegen::pseudo_legal;
use crate::notation::MoveError;
use crate::notation::moves::find_move;
use crate::position::{Position, Rules};
use crate::types::{Color, Move, MoveList};
use crate::variant::Variant;
use std::io::Write;
use std::sync::Arc;

pub(super) struct GameState {
    /// The variant played, as XBoard referees it
    /// ([`super::setup::as_xboard_referees`]).
    pub variant: Arc<Variant>,
    pub rules: Arc<Rules>,
    pub game: Game,
    /// `force`: the engine plays neither side.
    pub force: bool,
    pub engine_color: Color,
    /// `pause`: no thinking until `resume`.
    pub paused: bool,
    /// Set once the game ended by rule (or a `result` arrived).
    pub over: bool,
    /// The score (centipawns, our view) of our last move's search.
    pub last_score: Option<i64>,
    /// Our consecutive moves with a score below the resign threshold.
    pub hopeless_moves: u32,
    /// False when XBoard was told some piece's moves only approximately
    /// ([`super::setup::PieceLines::exact`]): it may not see a mate or
    /// stalemate, and would call a claim of one false.
    pub xboard_sees_all: bool,
}

impl GameState {
    /// A game of `variant` (whose rules are `rules`) from `pos`.
    pub(super) fn new(variant: Arc<Variant>, rules: Arc<Rules>, pos: Position) -> GameState {
        GameState {
            variant,
            rules,
            game: Game::new(pos),
            force: false,
            engine_color: Color::Black,
            paused: false,
            over: false,
            last_score: None,
            hopeless_moves: 0,
            xboard_sees_all: true,
        }
    }

    /// `new`: the engine plays Black, thinks when it is its turn, and
    /// forgets the last game's scores.
    pub(super) fn new_game(&mut self) {
        self.force = false;
        self.paused = false;
        self.engine_color = Color::Black;
        self.hopeless_moves = 0;
        self.last_score = None;
        self.over = false;
    }

    /// A new game from `pos`.
    pub(super) fn restart(&mut self, pos: Position) {
        self.game = Game::new(pos);
        self.over = false;
    }

    /// Takes back the last `plies` moves; false (and nothing taken back)
    /// when the game has fewer.
    pub(super) fn take_back(&mut self, plies: usize) -> bool {
        if self.game.len() < plies {
            return false;
        }
        for _ in 0..plies {
            self.game.undo();
        }
        self.over = false;
        true
    }

    /// The engine should think about a move now.
    pub(super) fn our_turn(&self) -> bool {
        !self.force
            && !self.paused
            && !self.over
            && self.game.position().side_to_move() == self.engine_color
    }

    /// Records the score of our move's search (centipawns, our view);
    /// true when we resign: after three moves in a row below minus
    /// `threshold` (0: never).
    pub(super) fn resigns(&mut self, score: i64, threshold: i64) -> bool {
        self.last_score = Some(score);
        if threshold > 0 && score < -threshold {
            self.hopeless_moves += 1;
        } else {
            self.hopeless_moves = 0;
        }
        if threshold > 0 && self.hopeless_moves >= 3 {
            self.over = true;
            return true;
        }
        false
    }

    /// The opponent's move `text`: a legal move or, where XBoard plays the
    /// variant without check (`XBoardInfo::referee_ignores_check`), one
    /// that XBoard's legality test passes: a move that leaves the mover's
    /// king attacked (or makes no move out of a mate) but does not blow it
    /// up. Refusing it would be a "False illegal-move claim", a forfeit;
    /// the engine answers by taking the king.
    ///
    /// XBoard promotes a pawn it thinks must promote to its default piece
    /// and writes `.` where that piece has no letter (sittuyin's pawn
    /// reaching the last rank, on the bughouse parent): the move without
    /// it is taken where that alone is legal.
    pub(super) fn parse_opponent_move(&mut self, text: &str) -> Result<Move, MoveError> {
        let illegal = match self.game.parse_move(text) {
            Ok(m) => return Ok(m),
            Err(e) => e,
        };
        if let Some(plain) = text.strip_suffix('.')
            && let Ok(m) = self.game.parse_move(plain)
            && m.promotion().is_none()
        {
            return Ok(m);
        }
        if !self.variant.xboard.referee_ignores_check {
            return Err(illegal);
        }
        let pos = self.game.position();
        let mut moves = MoveList::new();
        pseudo_legal::<true, true>(pos, &mut moves);
        let Some(m) = find_move(pos, &moves, text) else {
            return Err(illegal);
        };
        let us = pos.side_to_move();
        let kings = pos.royals(us).count();
        let mut after = pos.clone();
        after.make(m);
        if after.royals(us).count() < kings {
            return Err(illegal);
        }
        Ok(m)
    }

    /// If the game is over by rule, say so; true when it is.
    pub(super) fn claim_result<W: Write>(&mut self, out: &mut Output<W>) -> bool {
        if let Some(outcome) = self.game.outcome() {
            let variant = &self.game.position().rules().variant;
            let known = variant.xboard.known_to_xboard;
            if known && super::setup::xboard_judges_itself(&outcome) {
                // XBoard rules on it when it sees fit; play on until then.
                return false;
            }
            if known
                && variant.xboard.referee_ignores_check
                && matches!(outcome.reason(), EndReason::Checkmate { .. })
                && self.game.position().side_to_move() != self.engine_color
            {
                // Our mate, which XBoard cannot see: it would call the
                // claim false. The mated side claims its loss (accepted
                // unverified) or moves on; then the king goes.
                return false;
            }
            if !self.xboard_sees_all && self.claim_unverifiable(&outcome, out) {
                return false;
            }
            if !known && self.claim_beyond_xboard(&outcome) {
                return false;
            }
            if known
                && outcome
                    == (Outcome::Draw {
                        reason: EndReason::Repetition,
                    })
                && self.game.repetitions_since_irreversible() + 1 < variant.end.n_fold_rule as usize
            {
                // A repetition across captures whose pieces came back from
                // the holdings: XBoard counts only since the last capture
                // and would call the claim false. Offer the draw instead
                // (and accept one); play on meanwhile.
                out.send("offer draw");
                return false;
            }
            self.send_result(out);
            return true;
        }
        false
    }

    /// The game is over by a rule, won by us.
    pub(super) fn won_by_rule(&mut self) -> bool {
        let us = self.engine_color;
        self.game.outcome().is_some_and(|o| o.winner() == Some(us))
    }

    /// Say the game's result (offering the draw first for a draw).
    pub(super) fn send_result<W: Write>(&mut self, out: &mut Output<W>) {
        let Some(outcome) = self.game.outcome() else {
            return;
        };
        self.over = true;
        if let Outcome::Draw { .. } = outcome {
            out.send("offer draw");
        }
        out.send(&outcome.to_string());
    }

    /// Where XBoard misses some of a piece's moves (see
    /// `xboard_sees_all`), a result it finds from the moves (mate,
    /// stalemate) may be one it cannot see: a claimed win or draw it does
    /// not see is a false claim, which loses. Play on instead (XBoard
    /// rules on what it does see; the side that cannot move claims its own
    /// loss, which XBoard accepts unverified), offering the draw where the
    /// rules give one. True when the claim is held back.
    fn claim_unverifiable<W: Write>(&self, outcome: &Outcome, out: &mut Output<W>) -> bool {
        let from_moves = matches!(
            outcome.reason(),
            EndReason::Checkmate { .. } | EndReason::Stalemate
        );
        if !from_moves || outcome.winner() == Some(self.engine_color.opponent()) {
            return false;
        }
        if outcome.winner().is_none() {
            out.send("offer draw");
        }
        true
    }

    /// In a variant XBoard plays only as the engine defines it, XBoard
    /// judges a win claim by what it knows (mate, stalemate): a win by any
    /// other rule (a goal reached, pieces connected, bikjang counted,
    /// checks given, ...) claimed would be a false claim, which loses (in
    /// king of the hill XBoard 4.9.1 calls the king on the hill a bare
    /// king and draws). The winner plays on and the loser claims its own
    /// loss, which XBoard accepts unverified. True when the claim is held
    /// back.
    fn claim_beyond_xboard(&self, outcome: &Outcome) -> bool {
        let verifiable = matches!(
            outcome.reason(),
            EndReason::Checkmate { loses: true, .. } | EndReason::Stalemate
        );
        !verifiable && outcome.winner() == Some(self.engine_color)
    }

    /// True when the game is drawn by a rule XBoard may not see, so that
    /// the draw was offered rather than claimed (see `claim_unverifiable`).
    pub(super) fn draw_held_back(&mut self) -> bool {
        !self.xboard_sees_all
            && self.game.outcome().is_some_and(|o| {
                o.winner().is_none()
                    && matches!(
                        o.reason(),
                        EndReason::Checkmate { .. } | EndReason::Stalemate
                    )
            })
    }

    /// Take the opponent's draw offer when our last search saw us a pawn
    /// down, or no better than equal after the opening, or when the
    /// position is dead or drawn by the rules; never in analysis.
    pub(super) fn accepts_draw(&mut self, analyzing: bool) -> bool {
        if self.over || analyzing {
            return false;
        }
        if crate::judge::insufficient_material(self.game.position()) {
            return true;
        }
        if let Some(Outcome::Draw { .. }) = self.game.outcome() {
            // Drawn by the rules (XBoard could not verify our claim).
            return true;
        }
        match self.last_score {
            Some(s) => s <= -100 || (s <= 0 && self.game.position().fullmove_number() > 30),
            None => false,
        }
    }
}
