//! XBoard compatibility: what XBoard 4.9 does by itself in the variants it
//! knows by name, and the piece-to-char table Griffon announces for the
//! others.
//!
//! variant file -> validation -> `Variant` with its **[`XBoardInfo`]** ->
//! XBoard front end (`setup`, `piece` lines, claims) and books (keys)
//!
//! XBoard plays its built-in variants by its own rules, board and keys, and
//! some of them differ from the games' rules as Griffon's files state them:
//! its referee ignores a bare king in courier, its book keys grant castling
//! rights in suicide. These are facts about XBoard, not about the games, so
//! they live in one table here, keyed by XBoard's variant name (the only
//! place in Griffon where a variant's name selects behaviour). Validation
//! reads the table once into the variant's [`XBoardInfo`]; the XBoard front
//! end and the book read the typed fields.

use super::Variant;
use crate::types::Color;

/// What XBoard needs beyond the rules to display the game, and what it
/// does by itself in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XBoardInfo {
    /// The name XBoard knows the variant by.
    pub name: String,
    pub piece_to_char_table: Option<String>,
    pub variant_template: Option<String>,
    pub pocket_size: u32,
    /// XBoard knows the variant by `name`: it needs no `setup` line, and
    /// its referee judges the game by XBoard's own rules.
    pub known_to_xboard: bool,
    /// XBoard knows the variant by name but learns its pieces from the
    /// first engine's `piece` commands (it accepts them without `setup`).
    pub takes_pieces: bool,
    /// XBoard 4.9 does not apply the game's bare-king rule (it adjudicates
    /// a bare king only in shatranj), although the game's rules have one
    /// (courier and great as Fairy-Stockfish and Sjaak II define them,
    /// chu as its Association plays it): it calls the claim "False win
    /// claim: 'bare king'".
    pub referee_ignores_bare_king: bool,
    /// XBoard 4.9 does not apply the game's counting rules ("False draw
    /// claim: 'counting rule'" in a makruk game against Fairy-Max).
    pub referee_ignores_counting: bool,
    /// XBoard 4.9 plays the variant without check (atomic: `PosFlags` in
    /// its `backend.c` sets `F_IGNORE_CHECK`): its legality test lets a
    /// side leave its king attacked, it never finds a checkmate, and only
    /// a king blown up ends the game ("Xboard adjudication: King
    /// destroyed"). A checkmate claim is "False win claim", so the side
    /// that mates plays on until the king goes, and a move that leaves a
    /// king attacked is accepted.
    pub referee_ignores_check: bool,
    /// XBoard's castling field at the start of its own setup where it
    /// differs from the castling field of Griffon's start FEN: XBoard
    /// grants the rights of chess where Griffon's variant has no castling
    /// (suicide, great) or Black cannot castle (spartan).
    pub start_castling: Option<&'static str>,
    /// XBoard keeps captured pieces in their owner's holdings for
    /// promotion (its `FinishMove` and `ApplyMove`); the pieces in hand at
    /// the start.
    pub promotion_holdings: Option<&'static str>,
    /// What XBoard's book keys depend on besides the position.
    pub book: XBoardBook,
}

/// What XBoard's book keys and move codes (`book.c`) depend on besides
/// the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XBoardBook {
    /// XBoard's own piece-to-char table for a variant it knows by name
    /// (`InitPosition` in `backend.c`); `None`: the table Griffon
    /// announces in `setup` ([`Variant::piece_to_char_table`]).
    pub table: Option<&'static str>,
    /// Why Griffon cannot compute XBoard's keys for the variant, if so.
    pub unsupported: Option<&'static str>,
    /// XBoard's variant number (`VariantClass` in `common.h`), XORed into
    /// every key: the variant's own, or its parent's (`variantTemplate`,
    /// else `fairy`) when XBoard learns it from `setup`.
    pub variant_number: u64,
    /// XBoard's board has holdings columns (`holdingsSize` in
    /// `InitPosition`, or the `setup` line's pocket size).
    pub holdings: bool,
    /// XBoard plays the variant as shogi or one of its relatives: `+`
    /// promotions and Lion move codes.
    pub shogi: bool,
    /// Castling is written king-takes-rook, as in Polyglot's chess books
    /// (Chess960 variants write it so whatever this says).
    pub king_takes_rook: bool,
}

impl XBoardInfo {
    /// The information for a variant XBoard is to call `name`, from the
    /// variant file's `pieceToCharTable`, `variantTemplate` and
    /// `pocketSize` and the compatibility table.
    pub fn new(
        name: String,
        piece_to_char_table: Option<String>,
        variant_template: Option<String>,
        pocket_size: u32,
    ) -> XBoardInfo {
        let own = builtin(&name);
        let native_table = own.and_then(|b| b.table);
        // The variant whose number and move codes the keys use: XBoard's
        // own where it knows the variant, else the `setup` line's parent.
        let class = match native_table {
            Some(_) => own,
            None => builtin(variant_template.as_deref().unwrap_or("fairy")),
        };
        let book = XBoardBook {
            table: native_table,
            unsupported: own
                .filter(|_| native_table.is_none())
                .and_then(|b| b.no_books),
            variant_number: class.and_then(|b| b.variant_number).unwrap_or(0),
            holdings: match native_table {
                Some(_) => own.is_some_and(|b| b.holdings),
                None => pocket_size > 0,
            },
            shogi: class.is_some_and(|b| b.shogi),
            king_takes_rook: own.is_some_and(|b| b.king_takes_rook),
        };
        XBoardInfo {
            known_to_xboard: own.is_some(),
            takes_pieces: own.is_some_and(|b| b.takes_pieces),
            referee_ignores_bare_king: own.is_some_and(|b| b.ignores_bare_king),
            referee_ignores_counting: own.is_some_and(|b| b.ignores_counting),
            referee_ignores_check: own.is_some_and(|b| b.ignores_check),
            start_castling: own.and_then(|b| b.start_castling),
            promotion_holdings: own.and_then(|b| b.promotion_holdings),
            book,
            name,
            piece_to_char_table,
            variant_template,
            pocket_size,
        }
    }
}

/// One of XBoard's built-in variants, as XBoard 4.9.1 plays it. Each fact
/// was measured against XBoard (its debug log, its book keys along games:
/// `BENCHMARKS.md`, `tests/book.rs`).
#[derive(Clone, Copy, Debug)]
struct Builtin {
    name: &'static str,
    /// XBoard's piece-to-char table; `None` where Griffon does not copy it.
    table: Option<&'static str>,
    /// XBoard's `VariantClass`; `None` where no book figure was taken
    /// (keys then use 0).
    variant_number: Option<u64>,
    holdings: bool,
    takes_pieces: bool,
    ignores_bare_king: bool,
    ignores_counting: bool,
    ignores_check: bool,
    start_castling: Option<&'static str>,
    promotion_holdings: Option<&'static str>,
    shogi: bool,
    king_takes_rook: bool,
    no_books: Option<&'static str>,
}

impl Builtin {
    const fn new(name: &'static str) -> Builtin {
        Builtin {
            name,
            table: None,
            variant_number: None,
            holdings: false,
            takes_pieces: false,
            ignores_bare_king: false,
            ignores_counting: false,
            ignores_check: false,
            start_castling: None,
            promotion_holdings: None,
            shogi: false,
            king_takes_rook: false,
            no_books: None,
        }
    }

    const fn table(self, table: &'static str) -> Builtin {
        Builtin {
            table: Some(table),
            ..self
        }
    }

    const fn number(self, n: u64) -> Builtin {
        Builtin {
            variant_number: Some(n),
            ..self
        }
    }

    const fn holdings(self) -> Builtin {
        Builtin {
            holdings: true,
            ..self
        }
    }

    const fn takes_pieces(self) -> Builtin {
        Builtin {
            takes_pieces: true,
            ..self
        }
    }

    const fn ignores_bare_king(self) -> Builtin {
        Builtin {
            ignores_bare_king: true,
            ..self
        }
    }

    const fn ignores_check(self) -> Builtin {
        Builtin {
            ignores_check: true,
            ..self
        }
    }

    const fn ignores_counting(self) -> Builtin {
        Builtin {
            ignores_counting: true,
            ..self
        }
    }

    const fn start_castling(self, field: &'static str) -> Builtin {
        Builtin {
            start_castling: Some(field),
            ..self
        }
    }

    const fn promotion_holdings(self, hand: &'static str) -> Builtin {
        Builtin {
            promotion_holdings: Some(hand),
            ..self
        }
    }

    const fn shogi(self) -> Builtin {
        Builtin {
            shogi: true,
            ..self
        }
    }

    const fn king_takes_rook(self) -> Builtin {
        Builtin {
            king_takes_rook: true,
            ..self
        }
    }

    const fn no_books(self, why: &'static str) -> Builtin {
        Builtin {
            no_books: Some(why),
            ..self
        }
    }
}

/// XBoard's default table, kept by every variant it knows that does not
/// set its own (normal, atomic, losers, berolina, cylinder, ...).
const DEFAULT_TABLE: &str = "PNBRQ...........Kpnbrq...........k";
const CAPABLANCA_TABLE: &str = "PNBRQ..ACKpnbrq..ack";
const CRAZYHOUSE_TABLE: &str = "PNBRQ.......~~~~Kpnbrq.......~~~~k";

/// The variants XBoard knows by itself (their pieces need no `piece`
/// lines). Variant numbers: 0 for the variants that share chess's books;
/// giveaway plays from suicide's books, gothic and capablanca from
/// caparandom's. Chu Shogi's table uses escapes for its promoted pieces,
/// several of which XBoard itself hashes out of bounds; it is left out, so
/// Chu books are not supported.
const BUILTINS: &[Builtin] = &[
    Builtin::new("normal")
        .table(DEFAULT_TABLE)
        .number(0)
        .king_takes_rook(),
    Builtin::new("wildcastle").table(DEFAULT_TABLE).number(2),
    Builtin::new("nocastle").table(DEFAULT_TABLE).number(0),
    Builtin::new("fischerandom").table(DEFAULT_TABLE).number(0),
    Builtin::new("bughouse")
        .table(CRAZYHOUSE_TABLE)
        .number(5)
        .holdings(),
    Builtin::new("crazyhouse")
        .table(CRAZYHOUSE_TABLE)
        .number(6)
        .holdings(),
    Builtin::new("losers").table(DEFAULT_TABLE).number(7),
    Builtin::new("suicide")
        .table(DEFAULT_TABLE)
        .number(8)
        .start_castling("KQkq"),
    Builtin::new("giveaway").table(DEFAULT_TABLE).number(8),
    Builtin::new("twokings").table(DEFAULT_TABLE).number(10),
    Builtin::new("kriegspiel"),
    Builtin::new("atomic")
        .table(DEFAULT_TABLE)
        .number(12)
        .ignores_check(),
    Builtin::new("3check").table(DEFAULT_TABLE).number(13),
    Builtin::new("shatranj")
        .table("PN.R.QB...Kpn.r.qb...k")
        .number(14),
    Builtin::new("shogi")
        .table("PNBRLS...G.++++++Kpnbrls...g.++++++k")
        .number(23)
        .holdings()
        .shogi(),
    Builtin::new("chu").number(24).ignores_bare_king().no_books(
        "Chu Shogi books are not supported: XBoard's keys for \
             its promoted pieces read outside the key table",
    ),
    Builtin::new("courier")
        .table("PNBR.FE..WMKpnbr.fe..wmk")
        .number(25)
        .ignores_bare_king(),
    Builtin::new("gothic").table(CAPABLANCA_TABLE).number(32),
    Builtin::new("capablanca")
        .table(CAPABLANCA_TABLE)
        .number(32),
    Builtin::new("caparandom")
        .table(CAPABLANCA_TABLE)
        .number(32),
    Builtin::new("janus").table("PNBRQ..JKpnbrq..jk").number(34),
    Builtin::new("falcon")
        .table("PNBRQ............FKpnbrq............fk")
        .number(31)
        .takes_pieces(),
    Builtin::new("knightmate")
        .table("P.BRQ.....M.........K.p.brq.....m.........k.")
        .number(28),
    Builtin::new("fairy").number(29),
    Builtin::new("cylinder")
        .table(DEFAULT_TABLE)
        .number(30)
        .takes_pieces(),
    Builtin::new("berolina")
        .table(DEFAULT_TABLE)
        .number(33)
        .takes_pieces(),
    Builtin::new("super")
        .table("PNBRQ..SE.......V.AKpnbrq..se.......v.ak")
        .number(35)
        .holdings()
        .promotion_holdings(""),
    Builtin::new("great")
        .table("PN....E...S..HWGMKpn....e...s..hwgmk")
        .number(36)
        .holdings()
        .takes_pieces()
        .ignores_bare_king()
        .start_castling("KQkq")
        .promotion_holdings("SSSSSSSSSsssssssss"),
    Builtin::new("twilight"),
    Builtin::new("makruk")
        .table("PN.R.M....SKpn.r.m....sk")
        .number(38)
        .ignores_counting(),
    Builtin::new("seirawan")
        .table("PNBRQ..HEKpnbrq..hek")
        .number(39)
        .holdings(),
    Builtin::new("grand")
        .table(CAPABLANCA_TABLE)
        .number(40)
        .holdings()
        .promotion_holdings(""),
    Builtin::new("spartan")
        .table("PNBRQ.....................K......lw......g...h......ck")
        .number(41)
        .start_castling("KQkq"),
    Builtin::new("xiangqi")
        .table("PH.R.AE..K.C.ph.r.ae..k.c.")
        .number(0),
    Builtin::new("asean")
        .table("PN.R.Q....BKpn.r.q....bk")
        .number(43)
        .ignores_counting(),
    Builtin::new("lion")
        .table("PNBRQ................LKpnbrq................lk")
        .number(44),
    Builtin::new("elven"),
    Builtin::new("janggi"),
];

/// XBoard's facts about its built-in variant `name`, if it has one.
fn builtin(name: &str) -> Option<&'static Builtin> {
    BUILTINS.iter().find(|b| b.name == name)
}

/// XBoard's piece types in the order of its `pieceToCharTable`: the
/// default letter of each (the king comes last).
const XBOARD_ORDER: &str = "PNBRQFEACWMOHIJGDVLSUK";

impl Variant {
    /// The piece-to-char table Griffon announces in its `setup` line: the
    /// variant file's `pieceToCharTable`, else one generated from the
    /// pieces ([`generated_piece_to_char`]).
    pub fn piece_to_char_table(&self) -> String {
        self.xboard
            .piece_to_char_table
            .clone()
            .unwrap_or_else(|| generated_piece_to_char(self))
    }
}

/// The piece-to-char table: every role in the XBoard slot whose default
/// letter it uses, the others in free slots; `.` for unused slots. The
/// royal piece takes the king's slot.
fn generated_piece_to_char(variant: &Variant) -> String {
    let mut white: Vec<String> = vec![".".into(); XBOARD_ORDER.len()];
    let mut pending = Vec::new();
    for p in &variant.pieces {
        let letter = p.letter.for_color(Color::White);
        let slot = if p.royal {
            Some(XBOARD_ORDER.len() - 1)
        } else {
            XBOARD_ORDER
                .chars()
                .position(|c| c.to_string() == letter)
                .filter(|&i| i + 1 < XBOARD_ORDER.len())
        };
        match slot {
            Some(i) if white[i] == "." => white[i] = letter,
            _ => pending.push(letter),
        }
    }
    for letter in pending {
        if let Some(i) = (0..XBOARD_ORDER.len() - 1).find(|&i| white[i] == ".") {
            white[i] = letter;
        }
    }
    let black: Vec<String> = white
        .iter()
        .map(|s| {
            if s == "." {
                s.clone()
            } else {
                s.to_lowercase()
            }
        })
        .collect();
    format!("{}{}", white.concat(), black.concat())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_is_listed_once() {
        for (i, b) in BUILTINS.iter().enumerate() {
            assert!(
                BUILTINS[..i].iter().all(|o| o.name != b.name),
                "{} twice",
                b.name
            );
        }
    }

    #[test]
    fn a_variant_xboard_learns_from_setup_takes_its_parents_number() {
        let minishogi = XBoardInfo::new("minishogi".into(), None, Some("shogi".into()), 5);
        assert!(!minishogi.known_to_xboard);
        assert_eq!(minishogi.book.table, None);
        assert_eq!(minishogi.book.variant_number, 23);
        assert!(minishogi.book.shogi && minishogi.book.holdings);
        let fairy = XBoardInfo::new("mine".into(), None, None, 0);
        assert_eq!(fairy.book.variant_number, 29);
        assert!(!fairy.book.holdings && !fairy.book.shogi);
    }
}
