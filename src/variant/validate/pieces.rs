//! Key checking for the piece types: each definition's XBetza compiled
//! into moves, then the moves and limits that depend on where a piece
//! stands, and readable names.
//!
//! variant file -> `ini::parse` -> inheritance -> **key checking** -> `Variant`

use super::check::Checker;
use super::values::{pairs, parse_region, undefined_letters};
use super::{Loc, error, warning};
use crate::types::{Letter, Region};
use crate::variant::error::ValidationErrorKind as Kind;
use crate::variant::{PieceDef, Role, ZoneMoves, keys};
use crate::xbetza::{Dialect, PieceMoves};

impl<'a> Checker<'a> {
    pub(super) fn compile_pieces(&mut self) {
        if self.spec.pieces.len() > 256 {
            let kind = Kind::TooManyPieceTypes;
            self.fail(None, "customPiece", kind);
            return;
        }
        let spec = self.spec;
        for slot in &spec.pieces {
            let (betza, dialect) = match (&slot.betza, keys::fsf_piece(&slot.key)) {
                (Some(b), _) => (b.clone(), slot.dialect),
                // Fairy-Stockfish's soldier steps sideways only from its
                // `soldierPromotionRank` on: the forward step here, the
                // sideways steps as zone moves (see `piece_regions`).
                (None, Some(_)) if slot.key == "soldier" => ("fW".into(), Dialect::FairyStockfish),
                (None, Some(b)) => (b.to_string(), Dialect::FairyStockfish),
                (None, None) => {
                    unreachable!("custom pieces without Betza are rejected when applied")
                }
            };
            let moves = self.compile_betza(&betza, dialect, &slot.loc, &slot.key);
            self.pieces.push(PieceDef {
                letter: slot.letter,
                name: slot.key.clone(),
                key: slot.key.clone(),
                betza,
                dialect,
                moves,
                royal: slot.key == "king",
                mobility: [None, None],
                zone_moves: [Vec::new(), Vec::new()],
                stopped_by_own_kind: slot.key == "janggiCannon",
            });
        }
    }

    pub(super) fn compile_betza(
        &mut self,
        betza: &str,
        dialect: Dialect,
        loc: &Loc,
        key: &str,
    ) -> PieceMoves {
        match (self.compiler)(betza, dialect) {
            Ok(moves) => {
                for w in &moves.warnings {
                    let message = format!(
                        "Betza \"{betza}\" at character {}: {}",
                        w.position + 1,
                        w.message
                    );
                    self.warnings.push(warning(loc, key, message));
                }
                moves
            }
            Err(e) => {
                self.errors
                    .push(error(loc, key, self.name, Kind::BadBetza(e)));
                Default::default()
            }
        }
    }

    /// The key set in this section whose name is `name`, if any (keys named
    /// after pieces are built at run time).
    fn key_named(&self, name: &str) -> Option<&'a str> {
        let spec = self.spec;
        spec.settings
            .keys()
            .find(|k| *k == name)
            .map(String::as_str)
    }

    /// Region limits and zone moves of each piece type:
    /// `mobilityRegionWhite<Piece>` (Fairy-Stockfish), the soldier's
    /// `soldierPromotionRank`, and Griffon's `regionMovesWhite<Piece> =
    /// BETZA: SQUARES` for moves a piece has only while standing in a region.
    pub(super) fn piece_regions(&mut self) {
        let (w, h) = (self.width, self.height);
        let soldier_rank = self.rank("soldierPromotionRank", 0);
        for i in 0..self.pieces.len() {
            let key = self.pieces[i].key.clone();
            let mut suffix = key.clone();
            if let Some(first) = suffix.get_mut(0..1) {
                first.make_ascii_uppercase();
            }
            let dialect = self.pieces[i].dialect;
            for (c, color) in ["White", "Black"].into_iter().enumerate() {
                if let Some(k) = self.key_named(&format!("mobilityRegion{color}{suffix}")) {
                    let region = self.region(k, Region::all(w, h));
                    self.pieces[i].mobility[c] = Some(region);
                }
                if key == "soldier" && self.pieces[i].betza == "fW" {
                    // Relative ranks from `soldierPromotionRank` on.
                    let region = (0..h)
                        .filter(|&r| {
                            if c == 0 {
                                r >= soldier_rank
                            } else {
                                r + soldier_rank < h
                            }
                        })
                        .fold(Region::EMPTY, |reg, r| reg | Region::rank(r, w));
                    let moves = self.compile_betza(
                        "sW",
                        Dialect::FairyStockfish,
                        &self.header.clone(),
                        &key,
                    );
                    self.pieces[i].zone_moves[c].push(ZoneMoves {
                        region,
                        landing: None,
                        betza: "sW".into(),
                        moves,
                    });
                }
                if let Some(k) = self.key_named(&format!("regionMoves{color}{suffix}")) {
                    let Some(setting) = self.get(k) else { continue };
                    let Some((betza, squares)) = setting.value.split_once(':') else {
                        self.fail(
                            Some(setting),
                            k,
                            Kind::BadValue {
                                value: setting.value.clone(),
                                expected: "BETZA: SQUARES",
                            },
                        );
                        continue;
                    };
                    let mut off_board = Vec::new();
                    let region = match parse_region(squares, w, h, &mut off_board) {
                        Ok(r) if off_board.is_empty() => r,
                        Ok(_) => {
                            let kind = Kind::BadSquare {
                                token: off_board.join(" "),
                                width: w,
                                height: h,
                            };
                            self.fail(Some(setting), k, kind);
                            continue;
                        }
                        Err(kind) => {
                            self.fail(Some(setting), k, kind);
                            continue;
                        }
                    };
                    let betza = betza.trim().to_string();
                    let moves = self.compile_betza(&betza, dialect, &setting.loc, k);
                    self.pieces[i].zone_moves[c].push(ZoneMoves {
                        region,
                        landing: None,
                        betza,
                        moves,
                    });
                }
            }
        }
        self.diagonal_lines();
    }

    /// Janggi's palace diagonals (`diagonalLines`): on those squares the
    /// pieces Fairy-Stockfish names move along them too, ending on them:
    /// the chariot as a bishop, the cannon as a diagonal cannon, the
    /// guard (and a king that moves as a wazir, Fairy-Stockfish's janggi
    /// king) as a fers, the soldier one step diagonally forward.
    fn diagonal_lines(&mut self) {
        let lines = self.region("diagonalLines", Region::EMPTY);
        if lines == Region::EMPTY {
            return;
        }
        for i in 0..self.pieces.len() {
            let piece = &self.pieces[i];
            let betza = match piece.key.as_str() {
                "rook" => "B",
                "janggiCannon" => "pB",
                "wazir" => "F",
                "soldier" => "fF",
                "king" if piece.betza == "W" => "F",
                _ => continue,
            };
            let key = piece.key.clone();
            let moves =
                self.compile_betza(betza, Dialect::FairyStockfish, &self.header.clone(), &key);
            for c in 0..2 {
                self.pieces[i].zone_moves[c].push(ZoneMoves {
                    region: lines,
                    landing: Some(lines),
                    betza: betza.into(),
                    moves: moves.clone(),
                });
            }
        }
    }

    /// `pieceNames = p:pawn n:knight`. A name for a letter of no piece
    /// here is left out (a child may drop a piece its parent named).
    pub(super) fn read_piece_names(&mut self) {
        let names: Vec<(Option<Role>, String)> = self.read("pieceNames", Vec::new(), |c, v| {
            let mut unknown = Vec::new();
            let names = pairs(v, "letter:name", |letter, name, bad| {
                let l = Letter::parse(letter).ok_or_else(bad)?;
                if name.is_empty() {
                    return Err(bad());
                }
                let role = c.role_of(l);
                if role.is_none() {
                    unknown.push(letter.to_string());
                }
                Ok((role, name.to_string()))
            })?;
            if !unknown.is_empty() {
                c.tolerate(undefined_letters(&unknown));
            }
            Ok(names)
        });
        for (role, name) in names {
            if let Some(role) = role {
                self.pieces[usize::from(role.0)].name = name;
            }
        }
    }
}
