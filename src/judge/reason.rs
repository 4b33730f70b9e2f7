//! Why and how a game ended: typed, so callers decide by kind and never by
//! the text that XBoard and PGN files show.

use crate::types::Color;
use crate::variant::GameValue;
use std::fmt;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// `mated` had no legal move and was in check; `loses` when that is a
    /// loss for it (the usual value).
    Checkmate { mated: Color, loses: bool },
    /// No legal move, not in check.
    Stalemate,
    /// n-check: a side gave its last check (`checks` the number each side
    /// had to give).
    ChecksGiven { checks: u32 },
    /// A royal piece taken (extinction of royal types).
    KingCaptured,
    /// A royal piece blown up by a capture next to it (atomic).
    KingExploded,
    /// A side was reduced to its king (shatranj's bare king).
    BareKing,
    /// A side lost every piece of the types the variant counts.
    NoPiecesLeft,
    /// A side's flag pieces reached their region (king of the hill,
    /// racing kings).
    FlagReached,
    /// A side connected its pieces (a line, a block, a chain).
    Connected,
    /// Both sides passed in a row (where the rules allow passing).
    BothPassed,
    /// The kings faced each other and the side to move let it stand
    /// (janggi's bikjang).
    Bikjang,
    /// Every square of the board is occupied (`adjudicateFullBoard`).
    BoardFull,
    /// A side castled where that wins, or lost the right to (castle
    /// chess).
    CastlingGoal,
    /// A makruk or ASEAN count ran out.
    CountingRule,
    /// No placement of the material left is checkmate: a dead position.
    InsufficientMaterial,
    /// `moves` moves by each side without a capture or pawn move.
    MoveRule { moves: u32 },
    /// The position occurred for the n-th time.
    Repetition,
    /// A repetition in which `by` gave check with every move, where that
    /// decides it (xiangqi).
    PerpetualCheck { by: Color },
    /// A repetition in which `by` chased the same unprotected (or
    /// higher-ranked) piece with every move, where that decides it
    /// (xiangqi's Asian rules).
    PerpetualChase { by: Color },
    /// `by` moved one piece back and forth between two squares too often
    /// (Kakao Janggi's rule).
    Shuttling { by: Color },
}

impl EndReason {
    /// An end the position itself makes: mate, stalemate, a rule of
    /// material or checks. The others (counts, repetition, dead positions)
    /// need a game's history or a referee's judgement, and a search treats
    /// them as what they are worth rather than as the end of the game
    /// (Fairy-Stockfish's `is_immediate_game_end` and
    /// `is_optional_game_end`).
    pub fn is_immediate(self) -> bool {
        matches!(
            self,
            EndReason::Checkmate { .. }
                | EndReason::Stalemate
                | EndReason::ChecksGiven { .. }
                | EndReason::KingCaptured
                | EndReason::KingExploded
                | EndReason::BareKing
                | EndReason::NoPiecesLeft
                | EndReason::FlagReached
                | EndReason::Connected
                | EndReason::BothPassed
                | EndReason::Bikjang
                | EndReason::BoardFull
                | EndReason::CastlingGoal
        )
    }

    /// A repetition, scored as a draw or lost by perpetual check or
    /// chase.
    pub fn is_repetition(self) -> bool {
        matches!(
            self,
            EndReason::Repetition
                | EndReason::PerpetualCheck { .. }
                | EndReason::PerpetualChase { .. }
        )
    }
}

/// The texts XBoard shows with a result and PGN files keep as the
/// termination (`1-0 {White mates}`).
impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            EndReason::Checkmate { mated, loses: true } => {
                write!(f, "{} mates", mated.opponent().name())
            }
            EndReason::Checkmate { mated, .. } => write!(f, "{} is checkmated", mated.name()),
            EndReason::Stalemate => f.write_str("Stalemate"),
            EndReason::ChecksGiven { checks } => write!(f, "{checks} checks"),
            EndReason::KingCaptured => f.write_str("king captured"),
            EndReason::KingExploded => f.write_str("king exploded"),
            EndReason::BareKing => f.write_str("bare king"),
            EndReason::NoPiecesLeft => f.write_str("no pieces left"),
            EndReason::FlagReached => f.write_str("goal reached"),
            EndReason::Connected => f.write_str("pieces connected"),
            EndReason::BothPassed => f.write_str("both sides passed"),
            EndReason::Bikjang => f.write_str("bikjang"),
            EndReason::BoardFull => f.write_str("board full"),
            EndReason::CastlingGoal => f.write_str("castling decided"),
            EndReason::CountingRule => f.write_str("counting rule"),
            EndReason::InsufficientMaterial => f.write_str("insufficient material"),
            EndReason::MoveRule { moves } => write!(f, "{moves}-move rule"),
            EndReason::Repetition => f.write_str("repetition"),
            EndReason::PerpetualCheck { by } => write!(f, "perpetual check by {}", by.name()),
            EndReason::PerpetualChase { by } => write!(f, "perpetual chase by {}", by.name()),
            EndReason::Shuttling { by } => write!(f, "move repetition by {}", by.name()),
        }
    }
}

/// An end of the game as the side to move sees it: its value and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub value: GameValue,
    pub reason: EndReason,
}

impl Verdict {
    /// The result of the game, with `to_move` the side the verdict is for.
    pub fn outcome(self, to_move: Color) -> Outcome {
        let reason = self.reason;
        match self.value {
            GameValue::Win => Outcome::Win {
                winner: to_move,
                reason,
            },
            GameValue::Loss => Outcome::Win {
                winner: to_move.opponent(),
                reason,
            },
            GameValue::Draw => Outcome::Draw { reason },
        }
    }
}

/// How a game ended: who won, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win { winner: Color, reason: EndReason },
    Draw { reason: EndReason },
}

impl Outcome {
    pub fn reason(&self) -> EndReason {
        match *self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }

    pub fn winner(&self) -> Option<Color> {
        match *self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn score_text(&self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// `1-0 {White mates}` style, as XBoard and PGN write it.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {{{}}}", self.score_text(), self.reason())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The texts XBoard shows and PGN files keep.
    #[test]
    fn reasons_read_as_xboard_shows_them() {
        let white = Color::White;
        let cases = [
            (
                Outcome::Win {
                    winner: Color::Black,
                    reason: EndReason::Checkmate {
                        mated: white,
                        loses: true,
                    },
                },
                "0-1 {Black mates}",
            ),
            (
                Outcome::Win {
                    winner: white,
                    reason: EndReason::Checkmate {
                        mated: white,
                        loses: false,
                    },
                },
                "1-0 {White is checkmated}",
            ),
            (
                Outcome::Draw {
                    reason: EndReason::MoveRule { moves: 50 },
                },
                "1/2-1/2 {50-move rule}",
            ),
            (
                Outcome::Win {
                    winner: Color::Black,
                    reason: EndReason::PerpetualCheck { by: white },
                },
                "0-1 {perpetual check by White}",
            ),
            (
                Outcome::Win {
                    winner: white,
                    reason: EndReason::PerpetualChase { by: Color::Black },
                },
                "1-0 {perpetual chase by Black}",
            ),
            (
                Outcome::Win {
                    winner: white,
                    reason: EndReason::ChecksGiven { checks: 3 },
                },
                "1-0 {3 checks}",
            ),
        ];
        for (outcome, text) in cases {
            assert_eq!(outcome.to_string(), text);
        }
        assert_eq!(EndReason::Stalemate.to_string(), "Stalemate");
        assert_eq!(EndReason::BareKing.to_string(), "bare king");
        assert!(EndReason::BareKing.is_immediate() && !EndReason::Repetition.is_immediate());
    }
}
