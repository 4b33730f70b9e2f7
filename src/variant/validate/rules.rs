//! Key checking for the rules: promotion, the pawn double step, en
//! passant, castling, drops and gating, and how the game ends.
//!
//! variant file -> `ini::parse` -> inheritance -> **key checking** -> `Variant`
//!
//! The defaults are Fairy-Stockfish's, except that the default promotion
//! and double-step regions follow the board's height (see "Differences
//! from Fairy-Stockfish" in `variant/mod.rs`).

use super::check::Checker;
use super::values::parse_bool;
use crate::types::Region;
use crate::variant::error::ValidationErrorKind as Kind;
use crate::variant::{
    Castling, Connect, CountingRule, DoubleStep, Drops, EnPassant, Enclosing, Extinction, Flag,
    Flipping, GameEnd, GameValue, MaterialCounting, Promotion, Role, Walling, Walls, ZoneMoves,
};
use crate::xbetza::Dialect;

/// Keys that only matter when castling is on.
const CASTLING_KEYS: &[&str] = &[
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingRank",
    "castlingKingFile",
    "castlingRookKingsideFile",
    "castlingRookQueensideFile",
    "castlingKingPiece",
    "castlingKingPieceWhite",
    "castlingKingPieceBlack",
    "castlingKingDistance",
    "castlingRookPieces",
    "castlingRookPiecesWhite",
    "castlingRookPiecesBlack",
    "oppositeCastling",
    "castlingWins",
];

impl<'a> Checker<'a> {
    /// Where pawn types promote and to what (`promotionRegion`,
    /// `promotionPieceTypes`, ...), and shogi-style promotion of pieces
    /// (`promotedPieceType`). `pawn` is the default pawn type.
    pub(super) fn promotion(&mut self, pawn: &[Role]) -> Promotion {
        let (w, h) = (self.width, self.height);
        Promotion {
            region: self.colored_region(
                ["promotionRegionWhite", "promotionRegionBlack"],
                "promotionRegion",
                [Region::rank(h - 1, w), Region::rank(0, w)],
            ),
            pawn_types: self.colored_roles(
                ["promotionPawnTypesWhite", "promotionPawnTypesBlack"],
                "promotionPawnTypes",
                Some("pawnTypes"),
                pawn,
            ),
            // None by default: Fairy-Stockfish clears the promotion types
            // of a section with no parent (its documented `nbrq` is the
            // chess built-in's), so a pawn there cannot leave the rank
            // before its promotion zone; every built-in sets its own.
            piece_types: self.colored_roles(
                ["promotionPieceTypesWhite", "promotionPieceTypesBlack"],
                "promotionPieceTypes",
                None,
                &[],
            ),
            limits: self.read("promotionLimit", Vec::new(), |c, v| c.parse_limits(v)),
            mandatory: self.bool("mandatoryPawnPromotion", true),
            promoted_type: {
                let n = self.pieces.len();
                let pairs = self.read("promotedPieceType", Vec::new(), |c, v| c.parse_pairs(v));
                let mut t = vec![None; n];
                for (from, to) in pairs {
                    t[usize::from(from.0)] = Some(to);
                }
                t
            },
            require_in_hand: self.bool("promotionRequireInHand", false),
            consume_in_hand: self.bool("promotionConsumeInHand", false),
            piece_mandatory: self.bool("mandatoryPiecePromotion", false),
            piece_demotion: self.bool("pieceDemotion", false),
            piece_on_capture: self.bool("piecePromotionOnCapture", false),
            sittuyin: self.bool("sittuyinPromotion", false),
            non_capture_on_entry: self.bool("promotionNonCaptureOnEntry", false),
        }
    }

    /// The double-step regions, and Fairy-Stockfish's rule-based double
    /// step added to the moves of the pawn types of `promotion`.
    pub(super) fn double_step(&mut self, promotion: &Promotion) -> DoubleStep {
        let (w, h) = (self.width, self.height);
        let double_step = DoubleStep {
            enabled: self.bool("doubleStep", true),
            region: [
                self.region("doubleStepRegionWhite", Region::rank(1.min(h - 1), w)),
                self.region(
                    "doubleStepRegionBlack",
                    Region::rank(h.saturating_sub(2), w),
                ),
            ],
            triple_region: [
                self.region("tripleStepRegionWhite", Region::EMPTY),
                self.region("tripleStepRegionBlack", Region::EMPTY),
            ],
        };
        if double_step.enabled {
            // Fairy-Stockfish's pawn double step is a rule, not Betza: give
            // it to its pawn (the `pawn` key's type) where that promotes
            // and has no initial move of its own; other pawn types (khans'
            // sergeant, a custom piece) step as their Betza says.
            let header = self.header.clone();
            for role in promotion.pawn_types.iter().flatten() {
                let i = usize::from(role.0);
                if self.pieces[i].key != "pawn"
                    || self.pieces[i].moves.moves.iter().any(|m| m.initial)
                {
                    continue;
                }
                let key = self.pieces[i].key.clone();
                let extra = self.compile_betza("ifmnD", Dialect::XBoard, &header, &key);
                self.pieces[i].moves.moves.extend(extra.moves);
                // XBoard learns the piece from this string (`piece P&
                // ...`): without the double step it would refuse it.
                self.pieces[i].betza.push_str("ifmnD");
                // The triple step (wildebeest) from its region: three
                // squares straight on over two empty ones, Fairy-
                // Stockfish's lame H.
                for c in 0..2 {
                    let region = double_step.triple_region[c];
                    if region.is_empty()
                        || self.pieces[i].zone_moves[c]
                            .iter()
                            .any(|z| z.betza == "ifmnH")
                    {
                        continue;
                    }
                    let moves = self.compile_betza("ifmnH", Dialect::FairyStockfish, &header, &key);
                    self.pieces[i].zone_moves[c].push(ZoneMoves {
                        region,
                        landing: None,
                        betza: "ifmnH".into(),
                        moves,
                    });
                }
            }
        }
        double_step
    }

    /// Who may capture en passant (`enPassantTypes`, defaulting to `pawn`,
    /// and every piece with `e` in its Betza) and where it may land.
    pub(super) fn en_passant(&mut self, pawn: &[Role]) -> EnPassant {
        let (w, h) = (self.width, self.height);
        let mut ep_types = self.colored_roles(
            ["enPassantTypesWhite", "enPassantTypesBlack"],
            "enPassantTypes",
            Some("pawnTypes"),
            pawn,
        );
        for (i, piece) in self.pieces.iter().enumerate() {
            if piece.betza.contains('e') {
                ep_types
                    .iter_mut()
                    .filter(|t| !t.contains(&Role(i as u8)))
                    .for_each(|t| t.push(Role(i as u8)));
            }
        }
        let all = Region::all(w, h);
        EnPassant {
            region: self.colored_region(
                ["enPassantRegionWhite", "enPassantRegionBlack"],
                "enPassantRegion",
                [all, all],
            ),
            types: ep_types,
        }
    }

    pub(super) fn drops(&mut self, promotion: &Promotion) -> Drops {
        let (w, h) = (self.width, self.height);
        let all = Region::all(w, h);
        let region = [
            ("dropRegionWhite", "whiteDropRegion"),
            ("dropRegionBlack", "blackDropRegion"),
        ]
        .map(|(key, old_key)| match self.first_of(&[key, old_key]) {
            Some(k) => self.region(k, all),
            None => all,
        });
        let no_doubled = self.read("dropNoDoubled", None, |c, v| {
            let roles = c.parse_roles(v, false)?;
            match roles.as_slice() {
                [] => Ok(None),
                [r] => Ok(Some(*r)),
                _ => Err(Kind::BadValue {
                    value: v.into(),
                    expected: "one piece letter or -",
                }),
            }
        });
        let no_drop_mate = if self.bool("shogiPawnDropMateIllegal", false) {
            // Fairy-Stockfish's rule is about its shogi pawn; a file may
            // name the type through `dropNoDoubled` or the pawn types.
            let mut roles: Vec<Role> = self.role_of_key("shogiPawn").into_iter().collect();
            if roles.is_empty() {
                roles.extend(no_doubled);
            }
            if roles.is_empty() {
                roles = promotion.pawn_types[0].clone();
            }
            roles
        } else {
            Vec::new()
        };
        let must_drop_type = self.read("mustDropType", None, |c, v| {
            let letters: String = v.chars().filter(|&ch| ch != '*').collect();
            Ok(c.parse_roles(&letters, false)?.last().copied())
        });
        let drop_on_top = self.bool("dropOnTop", false);
        let enclosing = self.read("enclosingDrop", Enclosing::None, |_, v| match v {
            "none" => Ok(Enclosing::None),
            "top" => Ok(Enclosing::Top),
            "anyside" => Ok(Enclosing::Anyside),
            "snort" => Ok(Enclosing::Snort),
            "ataxx" => Ok(Enclosing::Ataxx),
            // Fairy-Stockfish's drop rule treats quadwrangle as ataxx.
            "quadwrangle" => Ok(Enclosing::Ataxx),
            "reversi" => Ok(Enclosing::Reversi),
            _ => Err(Kind::BadValue {
                value: v.into(),
                expected: "none, top, anyside, snort, ataxx, quadwrangle or reversi",
            }),
        });
        let enclosing = if drop_on_top && self.get("enclosingDrop").is_none() {
            Enclosing::Top
        } else {
            enclosing
        };
        let enclosing_start = self.region("enclosingDropStart", Region::EMPTY);
        let gating = self.bool("gating", false);
        // Griffon's gating from the holdings is Seirawan's (gating on
        // either square when castling); without `seirawanGating` the gates
        // are rights of their own (Cambodian chess's first moves), and the
        // position has no holdings to show.
        let seirawan_gating = self.bool("seirawanGating", false);
        Drops {
            piece_drops: self.bool("pieceDrops", false),
            captures_to_hand: self.bool("capturesToHand", false),
            captures_to_owners_hand: self.bool("capturesToOwnersHand", false),
            drop_loop: self.bool("dropLoop", false),
            capture_hand_type: {
                let pairs = self.read("captureHandType", Vec::new(), |c, v| c.parse_pairs(v));
                let mut t = vec![None; self.pieces.len()];
                for (from, to) in pairs {
                    t[usize::from(from.0)] = Some(to);
                }
                t
            },
            region,
            first_rank_pawn_drops: self.bool("firstRankPawnDrops", false),
            promotion_zone_pawn_drops: self.bool("promotionZonePawnDrops", false),
            no_doubled,
            no_doubled_count: self.number("dropNoDoubledCount", 1),
            no_drop_mate,
            drop_promoted: self.bool("dropPromoted", false),
            drop_checks: self.bool("dropChecks", true),
            must_drop: self.bool("mustDrop", false),
            must_drop_type,
            bishops_both_colours: if self.bool("dropOppositeColoredBishop", false) {
                self.role_of_key("bishop")
            } else {
                None
            },
            back_rank_rooks: if self.bool("sittuyinRookDrop", false) {
                self.role_of_key("rook")
            } else {
                None
            },
            enclosing,
            enclosing_start,
            free_drops: self.bool("freeDrops", false),
            gating,
            seirawan_gating,
            cambodian_moves: self.bool("cambodianMoves", false),
            two_boards: self.bool("twoBoards", false),
        }
    }

    pub(super) fn walls(&mut self) -> Walls {
        let all = Region::all(self.width, self.height);
        let rule = self.read("wallingRule", Walling::None, |_, v| match v {
            "none" => Ok(Walling::None),
            "arrow" => Ok(Walling::Arrow),
            "duck" => Ok(Walling::Duck),
            "edge" => Ok(Walling::Edge),
            "past" => Ok(Walling::Past),
            "static" => Ok(Walling::Static),
            _ => Err(Kind::BadValue {
                value: v.into(),
                expected: "arrow, duck, edge, past, static or none",
            }),
        });
        Walls {
            rule,
            region: self.colored_region(
                ["wallingRegionWhite", "wallingRegionBlack"],
                "wallingRegion",
                [all, all],
            ),
            or_move: self.bool("wallOrMove", false),
            petrify: self.read("petrifyOnCaptureTypes", Vec::new(), |c, v| {
                c.parse_roles(v, false)
            }),
            petrify_blast: self.bool("petrifyBlastPieces", false),
        }
    }

    pub(super) fn castling(&mut self) -> Option<Castling> {
        let spec = self.spec;
        let enabled_setting = spec.settings.get("castling");
        let enabled = self.bool("castling", true);
        // A bad value is reported once; castling is then left out rather
        // than checked with a guessed value.
        let valid = enabled_setting.is_none_or(|s| parse_bool(&s.value).is_ok());
        if !enabled || !valid {
            // The other castling keys do not matter then (an inherited
            // `castlingKingsideFile = g` may not even fit a smaller board).
            for key in CASTLING_KEYS {
                self.get(key);
            }
            return None;
        }
        let w = self.width;
        let kingside_file = self.any_file("castlingKingsideFile", 6.min(w - 1));
        let queenside_file = self.any_file("castlingQueensideFile", 2.min(w - 1));
        let rank = self.rank("castlingRank", 0);
        let king_file = self.any_file("castlingKingFile", 4.min(w - 1));
        let rook_kingside_file = self.any_file("castlingRookKingsideFile", w - 1);
        let rook_queenside_file = self.any_file("castlingRookQueensideFile", 0);
        let king = self.role_of_key("king").into_iter().collect::<Vec<_>>();
        let king_piece = self.colored_roles(
            ["castlingKingPieceWhite", "castlingKingPieceBlack"],
            "castlingKingPiece",
            None,
            &king,
        );
        let rook = self.role_of_key("rook").into_iter().collect::<Vec<_>>();
        let rook_pieces = self.colored_roles(
            ["castlingRookPiecesWhite", "castlingRookPiecesBlack"],
            "castlingRookPieces",
            None,
            &rook,
        );
        if queenside_file > kingside_file {
            let setting = spec.settings.get("castlingQueensideFile");
            let kind =
                Kind::Inconsistent("castlingQueensideFile is right of castlingKingsideFile".into());
            self.fail(setting, "castlingQueensideFile", kind);
        }
        if king_piece.iter().any(|k| k.len() > 1) {
            let setting = self.first_of(&[
                "castlingKingPieceWhite",
                "castlingKingPieceBlack",
                "castlingKingPiece",
            ]);
            let kind = Kind::Inconsistent("castling needs exactly one king piece type".into());
            self.fail(
                setting.and_then(|k| spec.settings.get(k)),
                setting.unwrap_or("castlingKingPiece"),
                kind,
            );
            return None;
        }
        // Fairy-Stockfish has castling on by default and simply finds no
        // castling where its pieces or files are missing (a variant with
        // no king or no rook, a board too narrow for the king's target):
        // castling is left out, and said so where the variant itself
        // turned it on.
        let files = [
            kingside_file,
            queenside_file,
            king_file,
            rook_kingside_file,
            rook_queenside_file,
        ];
        let missing = if king_piece.iter().any(Vec::is_empty) {
            Some("the castling king piece is not defined")
        } else if rook_pieces.iter().any(Vec::is_empty) {
            Some("the castling rook piece is not defined")
        } else if files.iter().any(|&f| f >= w) {
            Some("a castling file is off this board")
        } else {
            None
        };
        if let Some(missing) = missing {
            if let Some(setting) = enabled_setting.filter(|s| self.is_own(s)) {
                let message = format!("{missing}, so there is no castling");
                self.warnings
                    .push(super::warning(&setting.loc, "castling", message));
            }
            return None;
        }
        let king_piece = [king_piece[0][0], king_piece[1][0]];
        let king_distance = self
            .get("castlingKingDistance")
            .is_some()
            .then(|| self.number("castlingKingDistance", 2).clamp(1, 15) as u8);
        let opposite = self.bool("oppositeCastling", false);
        let wins = self.read("castlingWins", [[false; 2]; 2], |_, v| {
            // Fairy-Stockfish's castling-rights letters: K Q k q.
            let mut wins = [[false; 2]; 2];
            for ch in v.chars().filter(|&ch| ch != '-') {
                let (c, side) = match ch {
                    'K' => (0, 0),
                    'Q' => (0, 1),
                    'k' => (1, 0),
                    'q' => (1, 1),
                    _ => {
                        return Err(Kind::BadValue {
                            value: v.into(),
                            expected: "castling letters K, Q, k, q, or -",
                        });
                    }
                };
                wins[c][side] = true;
            }
            Ok(wins)
        });
        Some(Castling {
            opposite,
            wins,
            kingside_file,
            queenside_file,
            rank,
            king_file,
            king_piece,
            rook_kingside_file,
            rook_queenside_file,
            rook_pieces,
            dropped_piece: self.bool("castlingDroppedPiece", false),
            king_distance,
        })
    }

    /// One flag piece type: a letter, or `*`/`-` for any piece. As in
    /// Fairy-Stockfish, of several letters the last counts and a value
    /// naming no piece here means any piece.
    fn flag_piece(&mut self, key: &'a str, default: Option<Role>) -> Option<Role> {
        self.read(key, default, |c, v| {
            let letters: String = v.chars().filter(|&ch| ch != '*').collect();
            Ok(c.parse_roles(&letters, false)?.last().copied())
        })
    }

    /// Capture the flag: `None` when neither side has a flag region.
    fn flag(&mut self) -> Option<Flag> {
        let shared = self.flag_piece("flagPiece", None);
        let piece = ["flagPieceWhite", "flagPieceBlack"].map(|key| self.flag_piece(key, shared));
        // `whiteFlag`/`blackFlag` are the older names, read first so the
        // current keys win where a file has both.
        let old = ["whiteFlag", "blackFlag"].map(|key| self.region(key, Region::EMPTY));
        let region = self.colored_region(["flagRegionWhite", "flagRegionBlack"], "flagRegion", old);
        let flag = Flag {
            piece,
            region,
            piece_count: self.number("flagPieceCount", 1).max(1),
            blocked_win: self.bool("flagPieceBlockedWin", false),
            extra_move: self.bool("flagMove", false),
            safe: self.bool("flagPieceSafe", false),
        };
        (!region.iter().all(Region::is_empty)).then_some(flag)
    }

    /// Connection goals: `None` when no connect key is on.
    fn connect(&mut self) -> Option<Connect> {
        let all: Vec<Role> = (0..self.pieces.len()).map(|i| Role(i as u8)).collect();
        let piece_types = self.read("connectPieceTypes", all.clone(), |c, v| {
            c.parse_roles(v, true)
        });
        let region_from = [
            self.region("connectRegion1White", Region::EMPTY),
            self.region("connectRegion1Black", Region::EMPTY),
        ];
        let region_to = [
            self.region("connectRegion2White", Region::EMPTY),
            self.region("connectRegion2Black", Region::EMPTY),
        ];
        let connect = Connect {
            line: self.number("connectN", 0),
            square: self.number("connectNxN", 0),
            collinear: self.number("collinearN", 0),
            piece_types,
            horizontal: self.bool("connectHorizontal", true),
            vertical: self.bool("connectVertical", true),
            diagonal: self.bool("connectDiagonal", true),
            region_from,
            region_to,
            value: self
                .game_value("connectValue", Some(GameValue::Win), false)
                .unwrap_or(GameValue::Win),
        };
        let chains = (0..2).any(|c| !region_from[c].is_empty() && !region_to[c].is_empty());
        let on = connect.line > 0 || connect.square > 0 || connect.collinear > 0 || chains;
        on.then_some(connect)
    }

    /// `flipEnclosedPieces`: which enemy pieces a move turns over.
    pub(super) fn flipping(&mut self) -> Flipping {
        self.read("flipEnclosedPieces", Flipping::None, |_, v| match v {
            "none" => Ok(Flipping::None),
            "reversi" => Ok(Flipping::Reversi),
            "ataxx" => Ok(Flipping::Ataxx),
            "quadwrangle" => Ok(Flipping::Quadwrangle),
            _ => Err(Kind::BadValue {
                value: v.into(),
                expected: "reversi, ataxx, quadwrangle or none",
            }),
        })
    }

    pub(super) fn game_end(&mut self) -> GameEnd {
        let extinction_value = self.game_value("extinctionValue", None, true);
        // `*` counts all men together, beside any letters counted by type.
        let (piece_types, all) = self.read("extinctionPieceTypes", (Vec::new(), false), |c, v| {
            let letters: String = v.chars().filter(|&ch| ch != '*').collect();
            let roles = if letters.trim().is_empty() {
                Vec::new()
            } else {
                c.parse_roles(&letters, false)?
            };
            Ok((roles, v.contains('*')))
        });
        let piece_count = self.number("extinctionPieceCount", 0);
        let opponent_piece_count = self.number("extinctionOpponentPieceCount", 0);
        let claim = self.bool("extinctionClaim", false);
        let pseudo_royal = self.bool("extinctionPseudoRoyal", false);
        if pseudo_royal && extinction_value.is_some() {
            for (r, piece) in self.pieces.iter_mut().enumerate() {
                if all || piece_types.contains(&Role(r as u8)) {
                    piece.royal = true;
                }
            }
        }
        let counting_rule = self.read("countingRule", None, |_, v| match v {
            "makruk" => Ok(Some(CountingRule::Makruk)),
            "cambodian" => Ok(Some(CountingRule::Cambodian)),
            "asean" => Ok(Some(CountingRule::Asean)),
            "none" => Ok(None),
            _ => Err(Kind::BadValue {
                value: v.into(),
                expected: "makruk, cambodian, asean or none",
            }),
        });
        let n_move_types = self.colored_roles(
            ["nMoveRuleTypesWhite", "nMoveRuleTypesBlack"],
            "nMoveRuleTypes",
            None,
            &[],
        );
        GameEnd {
            checking: self.bool("checking", true),
            must_capture: self.bool("mustCapture", false),
            makpong: self.bool("makpongRule", false),
            shatar_mate: self.bool("shatarMateRule", false),
            pass: self.bool_pair(["passWhite", "passBlack"], "pass"),
            pass_on_stalemate: self.bool_pair(
                ["passOnStalemateWhite", "passOnStalemateBlack"],
                "passOnStalemate",
            ),
            checkmate: self
                .game_value("checkmateValue", Some(GameValue::Loss), false)
                .unwrap_or(GameValue::Loss),
            stalemate: self
                .game_value("stalemateValue", Some(GameValue::Draw), false)
                .unwrap_or(GameValue::Draw),
            stalemate_piece_count: self.bool("stalematePieceCount", false),
            adjudicate_full_board: self.bool("adjudicateFullBoard", false),
            check_counting: self.bool("checkCounting", false),
            extinction: extinction_value.map(|value| Extinction {
                value,
                piece_types,
                all,
                piece_count,
                opponent_piece_count,
                claim,
                pseudo_royal,
            }),
            flag: self.flag(),
            connect: self.connect(),
            n_move_rule: self.number("nMoveRule", 50),
            n_move_rule_types: n_move_types,
            n_fold_rule: self.number("nFoldRule", 3),
            n_fold_value: self
                .game_value("nFoldValue", Some(GameValue::Draw), false)
                .unwrap_or(GameValue::Draw),
            counting_rule,
            counting_ends_game: true,
            flying_general: self.bool("flyingGeneral", false),
            duple_check: self.bool("dupleCheck", false),
            royals_expendable: self.bool("royalsExpendable", false),
            perpetual_check_illegal: self.bool("perpetualCheckIllegal", false),
            move_repetition_illegal: self.bool("moveRepetitionIllegal", false),
            chasing_rule: self.chasing_rule(),
            lion_types: self.roles("lionTypes", Vec::new()),
            lion_weak_bridges: self.roles("lionWeakBridges", Vec::new()),
            bikjang: self.bool("bikjangRule", false),
            material_counting: self.read("materialCounting", None, |_, v| match v {
                "janggi" => Ok(Some(MaterialCounting::Janggi)),
                "unweighted" => Ok(Some(MaterialCounting::Unweighted)),
                "whitedrawodds" => Ok(Some(MaterialCounting::WhiteDrawOdds)),
                "blackdrawodds" => Ok(Some(MaterialCounting::BlackDrawOdds)),
                "none" => Ok(None),
                _ => Err(Kind::BadValue {
                    value: v.into(),
                    expected: "janggi, unweighted, whitedrawodds, blackdrawodds or none",
                }),
            }),
        }
    }
}
