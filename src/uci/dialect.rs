//! The three protocols of the UCI family, as Fairy-Stockfish speaks them:
//! UCI itself, USI (shogi) and UCCI (xiangqi). They share the command
//! loop; what differs is collected here: the handshake, the default
//! variant, option names, squares, scores and the move given when there
//! is none. Move text itself is in [`super::notation`].

use crate::eval::{MATE, Score};
use crate::search::MAX_PLY;
use crate::types::{Geometry, Sq};

/// Which protocol of the family the engine speaks. The GUI's handshake
/// (`uci`, `usi`, `ucci`) chooses it, as in Fairy-Stockfish, so one
/// engine loop serves all three.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Uci,
    /// Shogi's protocol: squares counted from the upper right (`7g`),
    /// drops with `*`, SFEN positions, `byoyomi`, `bestmove resign`.
    Usi,
    /// Xiangqi's protocol: ranks 0-9 on ten-rank boards, `setoption NAME
    /// VALUE`, `go time/increment/opptime`, `banmoves`, `nobestmove`.
    Ucci,
}

impl Dialect {
    /// The dialect a handshake command asks for.
    pub fn from_handshake(command: &str) -> Option<Dialect> {
        match command {
            "uci" => Some(Dialect::Uci),
            "usi" => Some(Dialect::Usi),
            "ucci" => Some(Dialect::Ucci),
            _ => None,
        }
    }

    /// The handshake command, whose answer is this followed by `ok`.
    pub fn handshake(self) -> &'static str {
        match self {
            Dialect::Uci => "uci",
            Dialect::Usi => "usi",
            Dialect::Ucci => "ucci",
        }
    }

    /// The variant a handshake selects (Fairy-Stockfish resets its
    /// `UCI_Variant` to the protocol's own game).
    pub fn default_variant(self) -> &'static str {
        match self {
            Dialect::Uci => "normal",
            Dialect::Usi => "shogi",
            Dialect::Ucci => "xiangqi",
        }
    }

    /// An option's name as this dialect spells it, from its UCI name. USI
    /// and UCCI allow no spaces in names; USI renames `Hash` and the
    /// `UCI_` options to `USI_`, UCCI calls `Hash` `hashsize`.
    pub fn option_name(self, uci_name: &str) -> String {
        let name = match (self, uci_name) {
            (Dialect::Uci, _) => return uci_name.to_string(),
            (Dialect::Ucci, "Hash") => "hashsize".to_string(),
            (Dialect::Usi, "Hash" | "Ponder" | "MultiPV") => format!("USI_{uci_name}"),
            (Dialect::Usi, _) => match uci_name.strip_prefix("UCI_") {
                Some(rest) => format!("USI_{rest}"),
                None => uci_name.to_string(),
            },
            (Dialect::Ucci, _) => uci_name.to_string(),
        };
        name.replace(' ', "_")
    }

    /// Whether `given` (from `setoption`) names the option `uci_name`:
    /// its UCI name or this dialect's, without regard to case.
    pub fn names_option(self, given: &str, uci_name: &str) -> bool {
        given.eq_ignore_ascii_case(uci_name)
            || given.eq_ignore_ascii_case(&self.option_name(uci_name))
    }

    /// An `option` line: `spec` is what follows the name (`type spin
    /// default 1 min 1 max 256`). UCCI leaves out `name`.
    pub fn option_line(self, uci_name: &str, spec: &str) -> String {
        let name = self.option_name(uci_name);
        match self {
            Dialect::Ucci => format!("option {name} {spec}"),
            _ => format!("option name {name} {spec}"),
        }
    }

    /// A search score: centipawns (bare in UCCI) or the distance to mate,
    /// in moves, except in USI, which counts plies.
    pub fn score(self, score: Score) -> String {
        match (mate_plies(score), self) {
            (Some(plies), Dialect::Usi) => format!("mate {plies}"),
            (Some(plies), _) if plies > 0 => format!("mate {}", (plies + 1) / 2),
            (Some(plies), _) => format!("mate -{}", -plies / 2),
            (None, Dialect::Ucci) => format!("{score}"),
            (None, _) => format!("cp {score}"),
        }
    }

    /// The answer to `go` when the side to move has no move: USI resigns,
    /// UCCI has a command of its own.
    pub fn no_move(self) -> &'static str {
        match self {
            Dialect::Uci => "bestmove (none)",
            Dialect::Usi => "bestmove resign",
            Dialect::Ucci => "nobestmove",
        }
    }

    /// A square as this dialect writes it. UCI: files from `a`, ranks
    /// from 1 (`j10`). UCCI: the same, except that ten-rank boards count
    /// ranks from 0 (`e0`), as XBoard does. USI: files counted from 1 at
    /// the right, ranks lettered from `a` at the top (`7g`); the file is
    /// one character, `'1' + n - 1`, as Fairy-Stockfish writes it, which
    /// past nine files reads `:`, `;`, `<` and so on.
    pub fn square(self, g: &Geometry, sq: Sq) -> String {
        let Some((file, rank)) = g.coords(sq) else {
            return "??".into();
        };
        match self {
            Dialect::Uci => format!("{}{}", char::from(b'a' + file), u32::from(rank) + 1),
            Dialect::Ucci => crate::notation::square_text(g, sq),
            Dialect::Usi => {
                let from_right = g.width - 1 - file;
                let from_top = g.height - 1 - rank;
                format!(
                    "{}{}",
                    char::from(b'1' + from_right),
                    char::from(b'a' + from_top)
                )
            }
        }
    }

    /// Where a dropped piece's letter meets its square: `P@e4`, `P*5e`.
    pub fn drop_mark(self) -> char {
        match self {
            Dialect::Usi => '*',
            _ => '@',
        }
    }
}

/// The plies to a mate a score stands for: positive when the side to move
/// mates, negative when it is mated; `None` for other scores.
pub(crate) fn mate_plies(score: Score) -> Option<Score> {
    // The search's own bound: no mate is deeper than its deepest line.
    const MATE_BOUND: Score = MATE - MAX_PLY as Score;
    if score > MATE_BOUND {
        Some(MATE - score)
    } else if score < -MATE_BOUND {
        Some(-(MATE + score))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_in_each_dialect() {
        let g = Geometry::new(9, 9, 2);
        // Shogi: 7g is sente's third file from the right, third rank up.
        assert_eq!(Dialect::Usi.square(&g, g.sq(2, 2)), "7g");
        assert_eq!(Dialect::Uci.square(&g, g.sq(2, 2)), "c3");
        let g = Geometry::new(9, 10, 2);
        assert_eq!(Dialect::Ucci.square(&g, g.sq(7, 0)), "h0");
        assert_eq!(Dialect::Uci.square(&g, g.sq(7, 9)), "h10");
        // Fairy-Stockfish's largest boards, 12 files by 10 ranks: files past
        // nine are the characters after '9'.
        let g = Geometry::new(12, 10, 2);
        assert_eq!(Dialect::Usi.square(&g, g.sq(0, 0)), "<j");
        assert_eq!(Dialect::Usi.square(&g, g.sq(2, 9)), ":a");
        assert_eq!(Dialect::Usi.square(&g, g.sq(11, 9)), "1a");
    }

    #[test]
    fn option_names_in_each_dialect() {
        assert_eq!(Dialect::Usi.option_name("UCI_Variant"), "USI_Variant");
        assert_eq!(Dialect::Usi.option_name("Hash"), "USI_Hash");
        assert_eq!(Dialect::Usi.option_name("Clear Hash"), "Clear_Hash");
        assert_eq!(Dialect::Ucci.option_name("Hash"), "hashsize");
        assert_eq!(Dialect::Ucci.option_name("Move Overhead"), "Move_Overhead");
        assert_eq!(Dialect::Uci.option_name("Clear Hash"), "Clear Hash");
        assert!(Dialect::Usi.names_option("usi_hash", "Hash"));
        assert!(Dialect::Usi.names_option("Hash", "Hash"));
        assert!(!Dialect::Uci.names_option("USI_Hash", "Hash"));
    }

    #[test]
    fn scores_in_each_dialect() {
        assert_eq!(Dialect::Uci.score(35), "cp 35");
        assert_eq!(Dialect::Ucci.score(-35), "-35");
        assert_eq!(Dialect::Uci.score(MATE - 3), "mate 2");
        assert_eq!(Dialect::Usi.score(MATE - 3), "mate 3");
        assert_eq!(Dialect::Uci.score(-(MATE - 4)), "mate -2");
        assert_eq!(Dialect::Usi.score(-(MATE - 4)), "mate -4");
    }
}
