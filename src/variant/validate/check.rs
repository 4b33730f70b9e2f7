//! Key checking: one variant's merged settings ([`Spec`]) become a
//! [`Variant`], every bad value reported at the line that set it.
//!
//! variant file -> `ini::parse` -> inheritance -> **key checking** -> `Variant`
//!
//! [`Checker::check`] reads the variant's parts in a fixed order: the board
//! first (everything else depends on its size), then the pieces
//! (`pieces.rs`), then the rules (`rules.rs`) with the start position read
//! after promotion (a FEN's `+X` needs the promoted types), then the XBoard
//! information and the names. Every key read is marked, so the keys left
//! over can be reported as unknown or not supported. How one value is read
//! lives in `values.rs`.

use std::collections::HashSet;

use super::values::pairs;
use super::{Loc, Setting, Spec, error, warning};
use crate::types::{Letter, MAX_FILES, MAX_RANKS};
use crate::variant::error::{ValidationError, ValidationErrorKind as Kind, Warning};
use crate::variant::ini::{Section, VariantFile};
use crate::variant::set::Compiler;
use crate::variant::{
    Flipping, PieceDef, PieceValueSettings, Role, Variant, XBoardInfo, fen, keys,
};

/// Turns one merged [`Spec`] into a [`Variant`], collecting every problem.
pub(super) struct Checker<'a> {
    pub(super) spec: &'a Spec,
    pub(super) name: &'a str,
    parent: Option<&'a str>,
    pub(super) header: Loc,
    header_line: usize,
    pub(super) compiler: Compiler,
    consumed: HashSet<&'a str>,
    pub(super) errors: Vec<ValidationError>,
    pub(super) warnings: Vec<Warning>,
    pub(super) width: u8,
    pub(super) height: u8,
    pub(super) pieces: Vec<PieceDef>,
    /// `fenAliases`: other letters for pieces, read wherever a piece
    /// letter is (see [`Checker::role_of`]).
    pub(super) letter_aliases: Vec<(Letter, Role)>,
    /// What the value being read let pass (see [`Checker::tolerate`]).
    tolerated: Vec<String>,
}

/// Default start position, as in Fairy-Stockfish.
const CHESS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl<'a> Checker<'a> {
    pub(super) fn new(
        spec: &'a Spec,
        section: &'a Section,
        file: &VariantFile,
        compiler: Compiler,
    ) -> Self {
        Checker {
            spec,
            name: &section.name,
            parent: section.parent.as_deref(),
            header: Loc {
                file: file.name.as_str().into(),
                line: section.line,
                section: section.name.as_str().into(),
            },
            header_line: section.line,
            compiler,
            consumed: HashSet::new(),
            errors: Vec::new(),
            warnings: Vec::new(),
            width: 8,
            height: 8,
            pieces: Vec::new(),
            letter_aliases: Vec::new(),
            tolerated: Vec::new(),
        }
    }

    pub(super) fn get(&mut self, key: &'a str) -> Option<&'a Setting> {
        self.consumed.insert(key);
        self.spec.settings.get(key)
    }

    /// Location and key to blame for a value: the setting if there is one,
    /// else the variant's header (the value is a default).
    fn blame(&self, setting: Option<&Setting>, key: &str) -> (Loc, String) {
        match setting {
            Some(s) => (s.loc.clone(), key.to_string()),
            None => (self.header.clone(), key.to_string()),
        }
    }

    pub(super) fn fail(&mut self, setting: Option<&Setting>, key: &str, kind: Kind) {
        let (loc, key) = self.blame(setting, key);
        self.errors.push(error(&loc, &key, self.name, kind));
    }

    /// Notes that the value being read had a part Fairy-Stockfish lets
    /// pass and Griffon leaves out (a square off this board, a letter of
    /// no piece here). [`Checker::read`] makes it a warning where the
    /// value was written in this variant's own section, and drops it where
    /// the value was inherited: a parent's value cannot know the board or
    /// the pieces of every child.
    pub(super) fn tolerate(&mut self, note: String) {
        self.tolerated.push(note);
    }

    /// Reads `key` with `parse`, reporting a bad value and using `default`
    /// for it so checking can go on.
    pub(super) fn read<T>(
        &mut self,
        key: &'a str,
        default: T,
        parse: impl FnOnce(&mut Self, &str) -> Result<T, Kind>,
    ) -> T {
        let Some(setting) = self.get(key) else {
            return default;
        };
        self.tolerated.clear();
        let value = match parse(self, &setting.value) {
            Ok(v) => v,
            Err(kind) => {
                self.fail(Some(setting), key, kind);
                default
            }
        };
        let notes = std::mem::take(&mut self.tolerated);
        if self.is_own(setting) {
            for note in notes {
                self.warnings.push(warning(&setting.loc, key, note));
            }
        }
        value
    }

    /// Whether `setting` was written in this variant's own section.
    pub(super) fn is_own(&self, setting: &Setting) -> bool {
        *setting.loc.section == *self.name
    }

    /// The first of `keys` that is set, marking all of them as read.
    pub(super) fn first_of(&mut self, keys: &[&'a str]) -> Option<&'a str> {
        keys.iter().fold(None, |found, &k| {
            let present = self.get(k).is_some();
            found.or(present.then_some(k))
        })
    }

    /// `fenAliases = n:h b:e`: letters other programs write for pieces
    /// (Fairy-Stockfish's xiangqi horse is `n` where XBoard's is `h`).
    /// They read in FENs and in every piece-letter value, so a
    /// variants.ini section inheriting the game reads as Fairy-Stockfish
    /// reads it. An alias that a piece of this variant has as its own
    /// letter is left out (a child may define a piece `n`).
    fn read_letter_aliases(&mut self) {
        self.letter_aliases = self.read("fenAliases", Vec::new(), |c, v| {
            let pairs = pairs(v, "alias:letter", |alias, letter, bad| {
                let alias = Letter::parse(alias).ok_or_else(bad)?;
                let own = c.pieces.iter().any(|p| p.letter == alias);
                Ok((!own).then_some((alias, c.piece_letter(letter, bad)?)))
            })?;
            let taken = pairs.iter().filter(|p| p.is_none()).count();
            if taken > 0 {
                c.tolerate(format!(
                    "{taken} alias(es) already a piece's own letter; left out"
                ));
            }
            Ok(pairs.into_iter().flatten().collect())
        });
    }

    /// The variant, or `None` if any check failed (the problems are in
    /// `errors`).
    pub(super) fn check(&mut self) -> Option<Variant> {
        self.width = self.board_size("maxFile", MAX_FILES, true);
        self.height = self.board_size("maxRank", MAX_RANKS, false);
        let board_ok = self.errors.is_empty();
        let cylinder = self.bool("cylinder", false);
        let chess960 = self.bool("chess960", false);

        self.compile_pieces();
        self.read_letter_aliases();
        if board_ok {
            self.piece_regions();
        }
        if !board_ok {
            // Everything else depends on the board size: checking it against
            // a guessed size would only add confusing follow-on errors.
            self.consumed
                .extend(self.spec.settings.keys().map(String::as_str));
            return None;
        }

        let (w, h) = (self.width, self.height);
        let pawn = self.role_of_key("pawn").into_iter().collect::<Vec<_>>();
        let promotion = self.promotion(&pawn);
        let start = self.start_position(&promotion.promoted_type);
        let double_step = self.double_step(&promotion);
        let en_passant = self.en_passant(&pawn);
        let castling = self.castling();
        let drops = self.drops(&promotion);
        let immobility_illegal = self.bool("immobilityIllegal", false);
        let blast_on_capture = self.bool("blastOnCapture", false);
        let blast_immune = self.read("blastImmuneTypes", Vec::new(), |c, v| {
            c.parse_roles(v, false)
        });
        let mut blast_spared: Vec<Role> = self.role_of_key("pawn").into_iter().collect();
        blast_spared.extend(&blast_immune);
        let mutually_immune = self.read("mutuallyImmuneTypes", Vec::new(), |c, v| {
            c.parse_roles(v, false)
        });
        let walls = self.walls();
        let flipping = self.flipping();
        let royal_first_found = self.bool("royalFirstFound", false);
        let end = self.game_end();
        let xboard = self.xboard_info(drops.piece_drops);
        let aliases = self.read("aliases", Vec::new(), |_, v| {
            Ok(v.split(|c: char| c == ',' || c.is_whitespace())
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect())
        });
        self.read_piece_names();
        let eval_weights = self.read("evalWeights", Vec::new(), |_, v| {
            crate::weights::Params::parse_pairs(v).map_err(|e| Kind::BadValue {
                value: v.into(),
                expected: match e {
                    crate::weights::WeightError::NotPair => "NAME=VALUE pairs",
                    crate::weights::WeightError::UnknownName => {
                        "NAME=VALUE pairs with weight names as `griffon tune` prints them"
                    }
                    crate::weights::WeightError::NotInteger => {
                        "NAME=VALUE pairs with integer values"
                    }
                    crate::weights::WeightError::OutOfRange => {
                        "NAME=VALUE pairs with values from -10000 to 10000"
                    }
                },
            })
        });
        let piece_values = PieceValueSettings {
            middle_game: self.read("pieceValueMg", Vec::new(), |c, v| c.parse_values(v)),
            ending: self.read("pieceValueEg", Vec::new(), |c, v| c.parse_values(v)),
        };
        let fen_aliases = self.letter_aliases.clone();
        self.warn_unused();

        let castling_off = self
            .spec
            .settings
            .get("castling")
            .is_some_and(|s| s.value == "false");
        // With gating the field's letters are gates, not castling rights.
        if let Some(start) = &start
            && castling_off
            && !drops.gating
            && !start.castling.is_empty()
        {
            let (loc, key) = self.blame(self.spec.settings.get("startFen"), "startFen");
            self.warnings.push(warning(
                &loc,
                &key,
                "castling rights in the FEN, but castling = false",
            ));
        }
        if let Some(start) = &start
            && start.counting.is_some()
            && end.counting_rule.is_none()
        {
            let setting = self.spec.settings.get("startFen");
            self.fail(
                setting,
                "startFen",
                Kind::Inconsistent(
                    "the FEN has counting fields (a count's limit and plies), but the \
                     variant has no countingRule"
                        .into(),
                ),
            );
        }
        if flipping != Flipping::None {
            // A flipped piece keeps its type; a royal one changing sides,
            // or a flip before an explosion, is beyond Griffon's moves
            // (Fairy-Stockfish warns of royal pieces too).
            let clash = if self.pieces.iter().any(|p| p.royal) {
                Some("flipEnclosedPieces cannot be used with a royal piece (king)")
            } else if blast_on_capture {
                Some("flipEnclosedPieces cannot be used with blastOnCapture")
            } else {
                None
            };
            if let Some(why) = clash {
                let setting = self.spec.settings.get("flipEnclosedPieces");
                self.fail(
                    setting,
                    "flipEnclosedPieces",
                    Kind::Inconsistent(why.into()),
                );
            }
        }
        let start = start?;
        if !self.errors.is_empty() {
            return None;
        }
        Some(Variant {
            name: self.name.to_string(),
            aliases,
            parent: self.parent.map(str::to_string),
            file: self.header.file.to_string(),
            line: self.header_line,
            width: w,
            height: h,
            cylinder,
            chess960,
            pieces: std::mem::take(&mut self.pieces),
            fen_aliases,
            start,
            promotion,
            double_step,
            en_passant,
            castling,
            drops,
            immobility_illegal,
            blast_on_capture,
            blast_immune,
            blast_spared,
            mutually_immune,
            flipping,
            walls,
            royal_first_found,
            end,
            xboard,
            eval_weights,
            piece_values,
        })
    }

    fn start_position(&mut self, promoted: &[Option<Role>]) -> Option<fen::StartPosition> {
        let setting = self.get("startFen");
        let mut text = setting.map_or(CHESS_FEN, |s| s.value.as_str()).to_string();
        // Fairy-Stockfish reads a start FEN of only the board part as White
        // to move with no castling or en passant rights.
        if text.split_whitespace().count() == 1 {
            text.push_str(" w - - 0 1");
        }
        let role_of = |l: Letter| self.role_of(l);
        let promote = |r: Role| promoted.get(usize::from(r.0)).copied().flatten();
        match fen::parse(&text, self.width, self.height, false, &role_of, &promote) {
            Ok(pos) => Some(pos),
            Err(errors) => {
                for e in errors {
                    self.fail(setting, "startFen", Kind::Fen(e));
                }
                None
            }
        }
    }

    fn xboard_info(&mut self, piece_drops: bool) -> XBoardInfo {
        let table = self.read("pieceToCharTable", None, |_, v| {
            Ok((v != "-").then(|| v.to_string()))
        });
        if let Some(table) = &table {
            let spec = self.spec;
            let setting = spec.settings.get("pieceToCharTable");
            let mut rest = table.as_str();
            while let Some(c) = rest.chars().next() {
                match Letter::parse_prefix(rest) {
                    Some((letter, _, used)) => {
                        if self.role_of(letter).is_none() {
                            let (loc, key) = self.blame(setting, "pieceToCharTable");
                            let message = format!(
                                "letter '{}' is not a piece of this variant",
                                &rest[..used]
                            );
                            self.warnings.push(warning(&loc, &key, message));
                        }
                        rest = &rest[used..];
                    }
                    None => rest = &rest[c.len_utf8()..],
                }
            }
        }
        XBoardInfo::new(
            self.read(
                "xboardName",
                self.name.to_string(),
                |_, v| Ok(v.to_string()),
            ),
            table,
            self.read("variantTemplate", None, |_, v| Ok(Some(v.to_string()))),
            // As Fairy-Stockfish tells XBoard: a drop variant without a
            // size has a pocket per piece type (with none, XBoard keeps
            // no holdings and sends positions without them).
            match self.number("pocketSize", 0) {
                0 if piece_drops => self.pieces.len() as u32,
                size => size,
            },
        )
    }

    fn warn_unused(&mut self) {
        let spec = self.spec;
        let mut unused: Vec<(&String, &Setting)> = spec
            .settings
            .iter()
            .filter(|(key, _)| !self.consumed.contains(key.as_str()))
            .collect();
        unused.sort_by_key(|(_, s)| (s.loc.file.clone(), s.loc.line));
        for (key, setting) in unused {
            let message = if keys::is_unsupported_fsf(key) {
                "Fairy-Stockfish option not supported by Griffon yet; ignored"
            } else {
                "unknown key; ignored"
            };
            self.warnings.push(warning(&setting.loc, key, message));
        }
    }
}
