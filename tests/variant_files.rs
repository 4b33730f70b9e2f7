//! Variant files: the built-in ones load and say what the rules say, and bad
//! files are rejected with messages that name the line and the key.

use griffon::types::{Color, Region, Square};
use griffon::variant::{
    GameValue, LoadError, Loaded, ValidationErrorKind, VariantError, VariantSet,
};
use griffon::xbetza::Dialect;
use std::path::Path;

fn builtins() -> VariantSet {
    let mut set = VariantSet::new();
    let loaded = set
        .load_builtins()
        .unwrap_or_else(|e| panic!("built-in variants failed:\n{e}"));
    let warnings: Vec<String> = loaded.warnings.iter().map(|w| w.to_string()).collect();
    assert!(
        warnings.is_empty(),
        "built-in variants have warnings:\n{}",
        warnings.join("\n")
    );
    set
}

fn load(text: &str) -> Result<(VariantSet, Loaded), LoadError> {
    let mut set = builtins();
    let loaded = set.load_str("user.ini", text).strict()?;
    Ok((set, loaded))
}

/// The error messages for `text`, which must fail to load.
fn errors(text: &str) -> Vec<String> {
    match load(text) {
        Ok(_) => panic!("expected errors for:\n{text}"),
        Err(e) => e.errors.iter().map(|e| e.to_string()).collect(),
    }
}

/// Asserts that exactly one error names `line` and `key`, and that it says `words`.
fn assert_error(text: &str, line: usize, key: &str, words: &str) {
    let errors = errors(text);
    let prefix = format!("user.ini:{line}: {key}: ");
    let found: Vec<&String> = errors.iter().filter(|e| e.starts_with(&prefix)).collect();
    assert_eq!(
        found.len(),
        1,
        "want one error starting {prefix:?}, got:\n{}",
        errors.join("\n")
    );
    assert!(
        found[0].contains(words),
        "{:?} should contain {words:?}",
        found[0]
    );
}

/// Asserts that `text` loads with exactly one warning, naming `line` and
/// `key` and saying `words`.
fn assert_warning(text: &str, line: usize, key: &str, words: &str) {
    let (_, loaded) = load(text).unwrap_or_else(|e| panic!("{e}"));
    let warnings: Vec<String> = loaded.warnings.iter().map(|w| w.to_string()).collect();
    let prefix = format!("user.ini:{line}: {key}: ");
    assert!(
        warnings.len() == 1 && warnings[0].starts_with(&prefix) && warnings[0].contains(words),
        "want one warning starting {prefix:?} saying {words:?}, got:\n{}",
        warnings.join("\n")
    );
}

/// A minimal valid variant to break in one place at a time.
const MINI: &str = "[tiny]
maxFile = 4
maxRank = 4
king = k
rook = r
customPiece1 = p:fmWfcF
pawnTypes = p
startFen = rk2/p3/3P/2KR w - - 0 1
promotionPieceTypes = r
castling = false
";

fn mini_with(line: usize, replacement: &str) -> String {
    let mut lines: Vec<&str> = MINI.lines().collect();
    lines[line - 1] = replacement;
    lines.join("\n")
}

// -- built-in files -------------------------------------------------------

/// Facts from each game's rules: board size, pieces per side at the start,
/// number of piece types, and whether castling exists.
const FACTS: &[(&str, u8, u8, usize, usize, bool)] = &[
    ("normal", 8, 8, 16, 6, true),
    ("nocastle", 8, 8, 16, 6, false),
    ("fischerandom", 8, 8, 16, 6, true),
    ("capablanca", 10, 8, 20, 8, true),
    ("caparandom", 10, 8, 20, 8, true),
    ("gothic", 10, 8, 20, 8, true),
    ("janus", 10, 8, 20, 7, true),
    ("knightmate", 8, 8, 16, 6, true),
    ("berolina", 8, 8, 16, 6, true),
    ("cylinder", 8, 8, 16, 6, true),
    ("falcon", 10, 8, 20, 7, true),
    ("courier", 12, 8, 24, 9, false),
    ("shatranj", 8, 8, 16, 6, false),
    ("makruk", 8, 8, 16, 6, false),
    ("grand", 10, 10, 20, 8, false),
    ("great", 10, 8, 20, 9, false),
    // Amazon: the queen becomes the amazon (6 types); nightrider: the
    // knight becomes the nightrider (6 types); grasshopper: eight
    // grasshoppers per side added (7 types, 24 pieces).
    ("amazon", 8, 8, 16, 6, true),
    ("nightrider", 8, 8, 16, 6, true),
    ("grasshopper", 8, 8, 24, 7, true),
    // Losing chess: the king is an ordinary piece in giveaway and suicide.
    ("giveaway", 8, 8, 16, 6, true),
    ("suicide", 8, 8, 16, 6, false),
    ("losers", 8, 8, 16, 6, true),
    ("3check", 8, 8, 16, 6, true),
    ("atomic", 8, 8, 16, 6, true),
    ("asean", 8, 8, 16, 6, false),
    // Xiangqi: general, advisor, elephant, horse, chariot, cannon, soldier.
    ("xiangqi", 9, 10, 16, 7, false),
    // Spartan: the Persians' six types and the Spartans' hoplite,
    // lieutenant, captain, general and warlord (the king is shared).
    ("spartan", 8, 8, 16, 11, true),
    ("twokings", 8, 8, 16, 6, true),
    ("wildcastle", 8, 8, 16, 6, true),
    ("embassy", 10, 8, 20, 8, true),
    ("threekings", 8, 8, 16, 6, false),
    // Fairy-Stockfish's built-ins that its variants.ini builds on: 5x5
    // and 6x6 (no bishops) chess, losing chess without castling, atomic
    // without check, and extinction chess (a king that is not royal).
    ("gardner", 5, 5, 10, 6, false),
    ("losalamos", 6, 6, 12, 5, false),
    ("antichess", 8, 8, 16, 6, false),
    ("nocheckatomic", 8, 8, 16, 6, true),
    ("extinction", 8, 8, 16, 6, true),
    // Won by a flag: king of the hill, racing kings (no pawns on the
    // board, no castling), breakthrough (one type of man, no king).
    ("kingofthehill", 8, 8, 16, 6, true),
    ("racingkings", 8, 8, 8, 6, false),
    ("breakthrough", 8, 8, 16, 1, false),
    // Chu Shogi: 21 types on the start array and 7 that exist only
    // promoted.
    ("chu", 12, 12, 46, 28, false),
    ("crazyhouse", 8, 8, 16, 6, true),
    ("shogi", 9, 9, 20, 14, false),
    ("minishogi", 5, 5, 6, 10, false),
    // Kyoto shogi: four pairs of a piece and its flip side, and the king.
    ("kyotoshogi", 5, 5, 5, 9, false),
    ("seirawan", 8, 8, 16, 8, true),
    // Superchess (XBoard's): four exo-pieces on the board at the start,
    // four normal pieces in hand.
    ("superchess", 8, 8, 16, 10, true),
];

/// Variants whose king is not royal (nothing is check).
const NO_ROYAL: &[&str] = &[
    "giveaway",
    "suicide",
    "threekings",
    "antichess",
    "nocheckatomic",
    "extinction",
    "breakthrough",
];

/// Variants without promotion (the xiangqi soldier never promotes).
/// (Chu promotes shogi-style: each piece to its own promoted type.)
/// No chess-style promotion (shogi types promote by `promotedPieceType`).
const NO_PROMOTION: &[&str] = &[
    "xiangqi",
    "chu",
    "shogi",
    "minishogi",
    "kyotoshogi",
    "breakthrough",
];

/// Built-ins whose rules Fairy-Stockfish's perft vouches for: those of
/// its suite (tests/data/perft/perft-fsf-builtins.epd).
fn fsf_checked() -> std::collections::BTreeSet<String> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft/perft-fsf-builtins.epd");
    let text = std::fs::read_to_string(&path).expect("the Fairy-Stockfish built-ins suite");
    text.lines()
        .filter_map(|l| l.split(";variant ").nth(1))
        .filter_map(|rest| rest.split(';').next())
        .map(String::from)
        .collect()
}

/// Every built-in either has its facts listed here by hand or is in the
/// Fairy-Stockfish suite (or both): the number of built-ins.
fn covered() -> usize {
    let mut names = fsf_checked();
    names.extend(FACTS.iter().map(|f| f.0.to_string()));
    names.len()
}

#[test]
fn every_builtin_has_the_facts_of_its_rules() {
    let set = builtins();
    for v in set.iter() {
        let name = v.name.as_str();
        assert!(
            FACTS.iter().any(|f| f.0 == name) || fsf_checked().contains(name),
            "{name}: neither in FACTS nor in the Fairy-Stockfish suite"
        );
    }
    assert_eq!(set.len(), covered());
    for &(name, width, height, per_side, types, castling) in FACTS {
        let v = set.get(name).unwrap_or_else(|| panic!("{name} missing"));
        assert_eq!((v.width, v.height), (width, height), "{name}");
        assert_eq!(v.start.count(Color::White), per_side, "{name}");
        assert_eq!(v.start.count(Color::Black), per_side, "{name}");
        assert_eq!(v.pieces.len(), types, "{name}");
        assert_eq!(v.castling.is_some(), castling, "{name}");
        let royal_types = usize::from(!NO_ROYAL.contains(&name));
        assert_eq!(
            v.pieces.iter().filter(|p| p.royal).count(),
            royal_types,
            "{name}: royal piece types"
        );
        assert_eq!(v.start.side_to_move, Color::White, "{name}");
        assert_eq!(v.file, format!("variants/{name}.ini"));
        let promotes = !NO_PROMOTION.contains(&name);
        assert_eq!(
            !v.promotion.piece_types[0].is_empty(),
            promotes,
            "{name} promotes"
        );
        assert_eq!(
            !v.promotion.pawn_types[0].is_empty(),
            promotes,
            "{name} has pawns"
        );
    }
}

#[test]
fn builtin_rule_details() {
    let set = builtins();
    let letter =
        |v: &str, role: griffon::types::Role| set.get(v).unwrap().piece(role).letter.to_string();

    assert_eq!(set.get("chess").unwrap().name, "normal");
    assert!(set.get("fischerandom").unwrap().chess960 && set.get("caparandom").unwrap().chess960);
    assert!(!set.get("normal").unwrap().chess960);
    assert!(set.get("cylinder").unwrap().cylinder && !set.get("normal").unwrap().cylinder);

    let capa = set.get("capablanca").unwrap().castling.clone().unwrap();
    assert_eq!((capa.kingside_file, capa.queenside_file), (8, 2)); // i and c
    let janus = set.get("janus").unwrap().castling.clone().unwrap();
    assert_eq!((janus.kingside_file, janus.queenside_file), (8, 1)); // i and b
    let normal = set.get("normal").unwrap().castling.clone().unwrap();
    assert_eq!(
        (normal.kingside_file, normal.queenside_file, normal.rank),
        (6, 2, 0)
    );

    let knightmate = set.get("knightmate").unwrap();
    let king = knightmate.pieces.iter().find(|p| p.royal).unwrap();
    assert_eq!(
        (king.letter.to_string(), king.betza.as_str()),
        ("k".into(), "N")
    );
    let promo: String = knightmate.promotion.piece_types[0]
        .iter()
        .map(|&r| letter("knightmate", r))
        .collect();
    assert_eq!(promo, "mqrb");

    // Ranks 6-8 and 3-1, as Fairy-Stockfish's makruk (variant.cpp): a
    // pawn dropped beyond the sixth (makhouse) promotes as it moves on.
    let ranks = |rs: &[u8]| {
        let mut region = Region::EMPTY;
        for &r in rs {
            Region::rank(r, 8).iter().for_each(|sq| region.insert(sq));
        }
        region
    };
    let makruk = set.get("makruk").unwrap();
    assert_eq!(makruk.promotion.region[0], ranks(&[5, 6, 7]));
    assert_eq!(makruk.promotion.region[1], ranks(&[0, 1, 2]));
    let met: Vec<String> = makruk.promotion.piece_types[0]
        .iter()
        .map(|&r| letter("makruk", r))
        .collect();
    assert_eq!(met, ["m"]);

    let grand = set.get("grand").unwrap();
    assert_eq!(grand.promotion.region[0].len(), 30);
    assert!(grand.promotion.region[1].contains(Square::new(0, 0)));
    assert!(!grand.promotion.mandatory && grand.immobility_illegal);
    assert_eq!(grand.promotion.limits.len(), 6);
    assert!(grand.double_step.region[0].contains(Square::new(4, 2)));
    assert!(grand.double_step.region[1].contains(Square::new(4, 7)));

    for name in ["shatranj", "courier", "chu"] {
        let v = set.get(name).unwrap();
        assert_eq!(v.end.stalemate, GameValue::Loss, "{name}");
        let bare = v.end.extinction.as_ref().unwrap();
        assert_eq!(
            (bare.value, bare.piece_count, bare.claim),
            (GameValue::Loss, 1, true),
            "{name}"
        );
        assert!(bare.all, "{name}: all men count together");
    }
    assert_eq!(set.get("normal").unwrap().end.stalemate, GameValue::Draw);
    assert!(set.get("normal").unwrap().end.extinction.is_none());

    // Shatranj kings face each other on the d-file... of opposite sides: d1 and d8.
    let shatranj = set.get("shatranj").unwrap();
    let king = shatranj.start.piece_at(Square::new(3, 0), 8).unwrap();
    assert!(shatranj.piece(king.role).royal);
    assert_eq!(
        letter(
            "great",
            set.get("great")
                .unwrap()
                .start
                .piece_at(Square::new(3, 0), 10)
                .unwrap()
                .role
        ),
        "g"
    );
}

/// The perft suites the next stage runs use Fairy-Stockfish's names and
/// Sjaak II's letters: every FEN must be accepted by the variant it names
/// (a built-in, or a section of Fairy-Stockfish's variants.ini).
#[test]
fn perft_fens_parse() {
    let mut set = builtins();
    set.load_file(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/ref/fsf-variants.ini"
    ));
    // Fairy-Stockfish's atomiczh counts are checked against this section
    // (tests/perft_suites.rs says why).
    set.load_str("test.ini", "[atomiczh-fsf:atomiczh]\ndropChecks = true\n")
        .strict()
        .unwrap();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let mut fields = line.split(';');
            let fen = fields.next().unwrap();
            let name = fields
                .next()
                .unwrap()
                .trim()
                .strip_prefix("variant ")
                .unwrap();
            let variant = set.get(name).unwrap_or_else(|| panic!("no variant {name}"));
            variant
                .parse_fen(fen)
                .unwrap_or_else(|e| panic!("{name}: {fen}: {e:?}"));
            count += 1;
        }
    }
    assert!(count >= 50, "only {count} FENs read");
}

#[test]
fn builtins_load_with_the_real_compiler() {
    let set = VariantSet::builtin().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(set.len(), covered());
}

// -- inheritance and Griffon extensions -----------------------------------

#[test]
fn child_overrides_one_key_and_inherits_the_rest() {
    let (set, loaded) = load("[base]\nmaxFile = 6\nmaxRank = 6\nking = k\ncustomPiece1 = p:fmWfcF\npawnTypes = p\n\
        startFen = 2k3/pppppp/6/6/PPPPPP/2K3 w - - 0 1\npromotionPieceTypes = -\ncastling = false\nnMoveRule = 40\n\
        [child:base]\nnMoveRule = 25\n")
    .unwrap();
    assert_eq!(loaded.names, ["base", "child"]);
    let (base, child) = (set.get("base").unwrap(), set.get("child").unwrap());
    assert_eq!((base.end.n_move_rule, child.end.n_move_rule), (40, 25));
    assert_eq!((child.width, child.height), (6, 6));
    assert_eq!(child.start.count(Color::White), 7);
    assert_eq!(child.parent.as_deref(), Some("base"));
}

#[test]
fn user_variants_inherit_builtins_by_name_or_alias() {
    let (set, _) =
        load("[mychess:chess]\nknight = -\ncustomPiece2 = n:NN\npromotionPieceTypes = qn\n")
            .unwrap();
    let v = set.get("mychess").unwrap();
    assert_eq!(v.pieces.len(), 6);
    let knight = v.piece(v.role(griffon::types::Letter::parse("n").unwrap()).unwrap());
    assert_eq!(
        (knight.key.as_str(), knight.betza.as_str()),
        ("customPiece2", "NN")
    );
    assert!(v.castling.is_some());
    assert!(v.aliases.is_empty(), "aliases are not inherited");
}

#[test]
fn a_new_letter_replaces_the_inherited_piece_with_that_letter() {
    // Fairy-Stockfish's allwayspawns: redefining `p` drops the old pawn.
    let (set, _) = load("[allwayspawns:normal]\ncustomPiece9 = p:mWfceFifmnD\n").unwrap();
    let v = set.get("allwayspawns").unwrap();
    assert_eq!(v.pieces.len(), 6);
    assert_eq!(
        v.pieces
            .iter()
            .filter(|p| p.letter.to_string() == "p")
            .count(),
        1
    );
}

#[test]
fn dialect_comes_from_the_file_or_section_and_builtin_names_read_as_fairy() {
    let text = "betzaDialect = fairy\n[a:normal]\ncustomPiece2 = x:fK\n[b:normal]\nbetzaDialect = xboard\ncustomPiece2 = x:fK\n[c:grasshopper]\n";
    let (set, _) = load(text).unwrap();
    let dialect = |v: &str, key: &str| {
        set.get(v)
            .unwrap()
            .pieces
            .iter()
            .find(|p| p.key == key)
            .unwrap()
            .dialect
    };
    assert_eq!(dialect("a", "customPiece2"), Dialect::FairyStockfish);
    assert_eq!(dialect("b", "customPiece2"), Dialect::XBoard);
    assert_eq!(
        dialect("c", "customPiece2"),
        Dialect::XBoard,
        "inherited pieces keep their reading"
    );
    assert_eq!(dialect("a", "pawn"), Dialect::FairyStockfish);
    assert_eq!(dialect("b", "knight"), Dialect::FairyStockfish);
}

#[test]
fn more_than_26_piece_types_and_a_16x16_board() {
    let mut text = String::from(
        "[big]\nmaxFile = p\nmaxRank = 16\ncastling = false\npromotionPieceTypes = -\nking = k\n",
    );
    let letters: Vec<String> = ('a'..='z')
        .filter(|&c| c != 'k')
        .map(String::from)
        .chain(["a'", "b!", "k'"].map(String::from))
        .collect();
    for (i, l) in letters.iter().enumerate() {
        text += &format!("customPiece{} = {l}:W\n", i + 1);
    }
    text += "startFen = A'B!K'3k9/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1\n";
    let (set, _) = load(&text).unwrap();
    let v = set.get("big").unwrap();
    assert_eq!((v.width, v.height, v.pieces.len()), (16, 16, 29));
    assert_eq!(v.start.count(Color::White), 4);
    let a_prime = v.start.piece_at(Square::new(0, 15), 16).unwrap();
    assert_eq!(v.piece(a_prime.role).letter.to_string(), "a'");
}

#[test]
fn listing_names_size_and_file() {
    let set = builtins();
    let lines = set.listing();
    assert_eq!(lines.len(), covered());
    let grand: Vec<&str> = lines
        .iter()
        .find(|l| l.starts_with("grand "))
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(grand, ["grand", "10x10", "variants/grand.ini"]);
}

// -- bad input --------------------------------------------------------------

#[test]
fn mini_is_valid() {
    let (set, _) = load(MINI).unwrap();
    assert_eq!(set.get("tiny").unwrap().start.count(Color::White), 3);
}

#[test]
fn missing_equals_is_a_syntax_error() {
    let err = load("[x]\nmaxRank 8\n").unwrap_err();
    assert!(matches!(err.errors[..], [VariantError::Syntax(_)]));
    assert_eq!(
        err.to_string(),
        "user.ini:2: maxRank 8: expected `key = value`, a `[section]` or a comment"
    );
}

#[test]
fn unknown_parent() {
    assert_error(
        "[x:nosuch]\n",
        1,
        "[x:nosuch]",
        "unknown parent variant 'nosuch'",
    );
}

#[test]
fn duplicate_section() {
    let text = format!("{MINI}[tiny]\nmaxRank = 4\n");
    assert_error(&text, 11, "[tiny]", "already defined (user.ini:1)");
    assert_error(
        "[normal]\n",
        1,
        "[normal]",
        "already defined (variants/normal.ini:",
    );
}

#[test]
fn inheritance_cycle() {
    let text = "[a:b]\n[b:c]\n[c:a]\n";
    for (line, key) in [(1, "[a:b]"), (2, "[b:c]"), (3, "[c:a]")] {
        assert_error(text, line, key, "inheritance cycle");
    }
    assert_error("[me:me]\n", 1, "[me:me]", "inheritance cycle: me -> me");
}

#[test]
fn bad_bool_and_number() {
    assert_error(
        &mini_with(10, "castling = yes"),
        10,
        "castling",
        "'yes' is not true or false",
    );
    let text = format!("{MINI}nMoveRule = many\n");
    assert_error(&text, 11, "nMoveRule", "'many' is not a whole number");
}

#[test]
fn fen_rank_length_and_count() {
    assert_error(
        &mini_with(8, "startFen = rk3/p3/3P/2KR w - - 0 1"),
        8,
        "startFen",
        "FEN rank 4 has 5 squares",
    );
    assert_error(
        &mini_with(8, "startFen = rk2/p3/2KR w - - 0 1"),
        8,
        "startFen",
        "FEN has 3 ranks",
    );
}

#[test]
fn counting_fields_need_a_counting_rule() {
    // Three numbers after the castling field are a count's limit, plies
    // and move number: meaningless without a counting rule.
    assert_error(
        &mini_with(8, "startFen = rk2/p3/3P/2KR w - 16 3 1"),
        8,
        "startFen",
        "no countingRule",
    );
}

#[test]
fn unknown_fen_letter() {
    assert_error(
        &mini_with(8, "startFen = rk2/p3/3Q/2KR w - - 0 1"),
        8,
        "startFen",
        "letter 'Q'",
    );
}

#[test]
fn board_too_large_or_small() {
    assert_error(
        &mini_with(2, "maxFile = 17"),
        2,
        "maxFile",
        "board size 17 is outside 1..=16",
    );
    assert_error(&mini_with(2, "maxFile = q"), 2, "maxFile", "board size 17");
    assert_error(&mini_with(3, "maxRank = 0"), 3, "maxRank", "board size 0");
    assert_error(
        &mini_with(3, "maxRank = d"),
        3,
        "maxRank",
        "'d' is not a number",
    );
}

#[test]
fn bad_bitboard_square() {
    let text = format!("{MINI}promotionRegionWhite = *4 e4\n");
    assert_warning(&text, 11, "promotionRegionWhite", "e4: not on this board");
    let text = format!("{MINI}doubleStepRegionWhite = *5 p1\n");
    assert_warning(
        &text,
        11,
        "doubleStepRegionWhite",
        "*5 p1: not on this board",
    );
    let text = format!("{MINI}promotionRegionWhite = *4 e\n");
    assert_error(
        &text,
        11,
        "promotionRegionWhite",
        "'e' is not a square or square set on a 4x4 board",
    );
}

#[test]
fn promotion_to_undefined_piece() {
    assert_warning(
        &mini_with(9, "promotionPieceTypes = rq"),
        9,
        "promotionPieceTypes",
        "no piece type with letter 'q'",
    );
    let text = format!("{MINI}promotionLimit = r:1 z:2\n");
    assert_error(&text, 11, "promotionLimit", "letter 'z'");
}

#[test]
fn duplicate_piece_letter() {
    let text = format!("{MINI}customPiece2 = r:WF\n");
    assert_error(
        &text,
        11,
        "customPiece2",
        "piece letter 'r' is already used by `rook` on line 5",
    );
}

#[test]
fn bad_xbetza_names_the_character() {
    let text = format!("{MINI}customPiece2 = x:fmfW\n");
    assert_error(
        &text,
        11,
        "customPiece2",
        "bad XBetza \"fmfW\" at character 3: direction modifiers of one leg must be written together",
    );
    let err = load(&text).unwrap_err();
    let VariantError::Invalid(e) = &err.errors[0] else {
        panic!("{err}")
    };
    assert!(matches!(&e.kind, ValidationErrorKind::BadBetza(b) if b.position == 2));
}

/// As in Fairy-Stockfish, castling needs its pieces and files: without
/// them there is none, said where the variant itself turned it on.
#[test]
fn castling_without_its_pieces_or_files_is_left_out() {
    let warnings = |text: &str| -> (Vec<String>, bool) {
        let (set, loaded) = load(text).unwrap_or_else(|e| panic!("{e}"));
        let castling = set.get("tiny").expect("loaded").castling.is_some();
        let w = loaded.warnings.iter().map(|w| w.to_string()).collect();
        (w, castling)
    };
    let text = mini_with(4, "commoner = k").replace("castling = false", "castling = true");
    let (w, castling) = warnings(&text);
    assert!(!castling);
    assert_eq!(
        w,
        ["user.ini:10: castling: the castling king piece is not defined, so there is no castling"]
    );
    // Castling is on by default: nothing to say then.
    let text = mini_with(10, "# castling defaults to true").replace("king = k", "commoner = k");
    assert_eq!(warnings(&text), (vec![], false));
    // The king's target g1 is off a four-file board.
    let (w, castling) = warnings(&format!(
        "{}\ncastlingKingsideFile = g\n",
        mini_with(10, "castling = true")
    ));
    assert!(!castling);
    assert!(w[0].contains("a castling file is off this board"), "{w:?}");
    let text = format!(
        "{}\ncastlingKingsideFile = d\ncastlingKingFile = c\ncastlingQueensideFile = a\ncastlingRookKingsideFile = d\n",
        mini_with(10, "castling = true")
    );
    assert_eq!(warnings(&text), (vec![], true));
}

/// Squares off the board and letters of no piece, which Fairy-Stockfish
/// lets pass, are left out: quietly where a parent wrote them (it cannot
/// know its children's boards and pieces), with a warning where the
/// variant wrote them itself. A token no board has is still an error.
#[test]
fn off_board_squares_and_missing_letters_are_left_out() {
    let parent = "[wide:normal]\npromotionRegionWhite = *8 *9\n";
    let child = "[narrow:wide]\nmaxRank = 6\nmaxFile = 6\ncastling = false\n\
                 pawn = -\ncustomPiece1 = p:fmWfcF\n\
                 startFen = rnbqkr/pppppp/6/6/PPPPPP/RNBQKR w - - 0 1\n\
                 promotionRegionBlack = *1 a9\nextinctionPieceTypes = kx\nextinctionValue = loss\n";
    let (set, loaded) = load(&format!("{parent}{child}")).unwrap_or_else(|e| panic!("{e}"));
    let w: Vec<String> = loaded.warnings.iter().map(|w| w.to_string()).collect();
    assert_eq!(
        w,
        [
            "user.ini:2: promotionRegionWhite: *9: not on this board; left out",
            "user.ini:10: promotionRegionBlack: a9: not on this board; left out",
            "user.ini:11: extinctionPieceTypes: no piece type with letter 'x'; left out",
        ]
    );
    let narrow = set.get("narrow").expect("loaded");
    // The parent's *8 and *9 are both off six ranks.
    assert!(narrow.promotion.region[0].is_empty());
    let extinction = narrow.end.extinction.as_ref().expect("extinction");
    assert_eq!(extinction.piece_types.len(), 1);
    assert_error(
        "[x:normal]\npromotionRegionWhite = *17\n",
        2,
        "promotionRegionWhite",
        "*17",
    );
}

#[test]
fn custom_piece_letter_and_betza_forms() {
    assert_error(
        &format!("{MINI}customPiece2 = xx:W\n"),
        11,
        "customPiece2",
        "not a piece letter",
    );
    assert_error(
        &format!("{MINI}customPiece2 = x\n"),
        11,
        "customPiece2",
        "need `letter:BETZA`",
    );
    assert_error(
        &format!("{MINI}knight = n:N\n"),
        11,
        "knight",
        "only customPieceN and king",
    );
}

#[test]
fn duplicate_alias() {
    assert_error(
        &format!("{MINI}aliases = chess\n"),
        11,
        "aliases",
        "'chess' is already the name or an alias of variant 'normal'",
    );
}

#[test]
fn every_problem_is_reported() {
    let text = "[x]\nmaxFile = 4\nmaxRank = 4\nking = k\ncastling = maybe\nnFoldRule = -1\nstartFen = k3/4/4/K3 w - - 0 1\npromotionLimit = z:1\ncustomPiece1 = y:%\n";
    let errors = errors(text);
    assert_eq!(errors.len(), 4, "{errors:#?}");
    for key in ["castling", "nFoldRule", "promotionLimit", "customPiece1"] {
        assert!(
            errors.iter().any(|e| e.contains(&format!(": {key}: "))),
            "{key} in {errors:#?}"
        );
    }
}

#[test]
fn errors_in_inherited_lines_name_the_child() {
    let text = "[p]\nmaxFile = 4\nmaxRank = 4\nking = k\ncastling = false\npromotionPieceTypes = -\nstartFen = k3/4/4/K3 w - - 0 1\n[c:p]\nmaxFile = 5\n";
    let errors = errors(text);
    assert_eq!(errors.len(), 4, "one per rank: {errors:#?}");
    assert!(
        errors[0].starts_with(
            "user.ini:7: startFen: FEN rank 4 has 4 squares but the board has 5 files"
        )
    );
    assert!(
        errors
            .iter()
            .all(|e| e.ends_with("(inherited by variant 'c')"))
    );
}

#[test]
fn unknown_keys_are_warnings() {
    let text = format!("{MINI}colour = blue\npetrifyOnCapture = true\n");
    let (_, loaded) = load(&text).unwrap();
    let warnings: Vec<String> = loaded.warnings.iter().map(|w| w.to_string()).collect();
    assert_eq!(warnings.len(), 2, "{warnings:#?}");
    assert!(warnings[0].starts_with("user.ini:11: colour: unknown key"));
    assert!(
        warnings[1]
            .starts_with("user.ini:12: petrifyOnCapture: Fairy-Stockfish option not supported")
    );
}

#[test]
fn missing_file_is_an_io_error() {
    let mut set = builtins();
    let err = set
        .load_file("/nonexistent/griffon.ini")
        .strict()
        .unwrap_err();
    assert!(matches!(err.errors[..], [VariantError::Io { .. }]));
    assert!(err.to_string().starts_with("/nonexistent/griffon.ini: "));
}

/// One broken section costs only itself and its children: the rest of
/// the file loads, as in Fairy-Stockfish, and each skipped section is
/// named with the line that broke it.
#[test]
fn a_bad_section_is_skipped_and_the_rest_loads() {
    let mut set = builtins();
    let before = set.len();
    let text = format!(
        "{MINI}[typo:tiny]\nmaxRank 5\n[badvalue:tiny]\nmaxRank = many\n\
         [child:badvalue]\n[orphan:nosuch]\n[bad header\nmaxFile = 5\n[good:tiny]\nmaxFile = 4\n"
    );
    let loaded = set.load_str("user.ini", &text);
    assert_eq!(loaded.names, ["tiny", "good"]);
    assert_eq!(loaded.skipped, ["typo", "badvalue", "child", "orphan"]);
    assert_eq!(set.len(), before + 2);
    let errors: Vec<String> = loaded.errors.iter().map(|e| e.to_string()).collect();
    let starts = [
        "user.ini:12: maxRank 5: expected `key = value`",
        "user.ini:17: [bad header: section header must be",
        "user.ini:14: maxRank: ",
        "user.ini:15: [child:badvalue]: ",
        "user.ini:16: [orphan:nosuch]: ",
    ];
    for start in starts {
        assert!(
            errors.iter().any(|e| e.starts_with(start)),
            "no error starting {start:?} in:\n{}",
            errors.join("\n")
        );
    }
    assert_eq!(errors.len(), starts.len(), "{errors:#?}");
    assert!(set.load_str("again.ini", "[x:nosuch]\n").strict().is_err());
}

/// Garbage in, errors out: random files built from keys and awkward values
/// must never make loading panic.
#[test]
fn random_files_never_panic() {
    const KEYS: &[&str] = &[
        "maxFile",
        "maxRank",
        "startFen",
        "customPiece1",
        "customPiece99",
        "king",
        "pawn",
        "rook",
        "promotionRegionWhite",
        "promotionPieceTypes",
        "promotionLimit",
        "doubleStepRegionBlack",
        "castling",
        "castlingKingsideFile",
        "castlingRank",
        "castlingKingPiece",
        "extinctionPieceTypes",
        "nMoveRule",
        "stalemateValue",
        "countingRule",
        "pieceNames",
        "aliases",
        "betzaDialect",
        "pieceToCharTable",
        "enPassantTypes",
        "pawnTypes",
        "cylinder",
        "zzz",
    ];
    const VALUES: &[&str] = &[
        "",
        "-",
        "*",
        "true",
        "none",
        "0",
        "1",
        "16",
        "17",
        "99999999999999999999",
        "a",
        "p",
        "q",
        "k",
        "k:",
        ":",
        "x:W",
        "p:fmWfcF",
        "a':W",
        "*0",
        "*16",
        "a*",
        "z*",
        "a0",
        "p16",
        "q:1 r:x",
        "k:a",
        "rk2/p3/3P/2KR w - - 0 1",
        "99999999999999999999/8 w",
        "8/8/8/8/8/8/8/8[ w KQkq c5b6 3+ x 1",
        "+P*~7/8 b HAha - 0",
        "é",
        "[x]",
        "fairy",
        "chess",
    ];
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut set = builtins();
    for round in 0..3000 {
        let mut text = String::new();
        for line in 0..next(12) {
            match next(8) {
                0 => {
                    text += &format!(
                        "[v{round}x{line}:{}]\n",
                        ["normal", "v", "chess", ""][next(4)]
                    )
                }
                1 => text += &format!("[v{round}x{line}]\n"),
                _ => {
                    text += &format!(
                        "{} = {}\n",
                        KEYS[next(KEYS.len())],
                        VALUES[next(VALUES.len())]
                    )
                }
            }
        }
        let _ = set.load_str("random.ini", &text);
    }
}

#[test]
fn mobility_regions_and_region_moves() {
    // A soldier that gains sideways steps from rank 5 on, and a king kept
    // to a 3x2 palace: counted by hand.
    let (set, loaded) = load(
        "[zone:nocastle]\ncustomPiece9 = s:fW\n\
         regionMovesWhiteCustomPiece9 = sW: *5 *6 *7 *8\n\
         regionMovesBlackCustomPiece9 = sW: *1 *2 *3 *4\n\
         mobilityRegionWhiteKing = d1 e1 f1 d2 e2 f2\n",
    )
    .unwrap();
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let rules = griffon::position::Rules::new(set.get("zone").unwrap().clone()).unwrap();
    let count = |fen: &str| {
        let mut pos = griffon::position::Position::from_fen(rules.clone(), fen).unwrap();
        griffon::movegen::legal_moves(&mut pos).len()
    };
    // Before rank 5: one step forward; the king has d1 f1 d2 e2 f2.
    assert_eq!(count("4k3/8/8/8/3S4/8/8/4K3 w - - 0 1"), 1 + 5);
    // On rank 5: forward and both sideways steps.
    assert_eq!(count("4k3/8/8/3S4/8/8/8/4K3 w - - 0 1"), 3 + 5);
    // Bad values are errors that name the key.
    let errs =
        errors("[zone2:nocastle]\ncustomPiece9 = s:fW\nregionMovesWhiteCustomPiece9 = sW *5\n");
    assert!(
        errs.iter()
            .any(|e| e.contains("regionMovesWhiteCustomPiece9")),
        "{errs:?}"
    );
}

#[test]
fn bad_letter_pairs_are_errors_naming_the_key() {
    for (text, key) in [
        ("[bp1:normal]\npromotedPieceType = p\n", "promotedPieceType"),
        (
            "[bp2:normal]\npromotedPieceType = p:z\n",
            "promotedPieceType",
        ),
        ("[bp3:normal]\nfenAliases = x:z\n", "fenAliases"),
        (
            "[bp5:normal]\ncastlingKingDistance = far\n",
            "castlingKingDistance",
        ),
    ] {
        let errs = errors(text);
        assert!(errs.iter().any(|e| e.contains(key)), "{text}: {errs:?}");
    }
}

#[test]
fn eval_weights_are_checked_and_change_the_evaluation() {
    assert_error(
        &format!("{MINI}evalWeights = CENTRE=90 CENTER=3\n"),
        11,
        "evalWeights",
        "weight names as `griffon tune` prints them",
    );
    assert_error(
        &format!("{MINI}evalWeights = CENTRE=ninety\n"),
        11,
        "evalWeights",
        "integer values",
    );
    assert_error(
        &format!("{MINI}evalWeights = CENTRE\n"),
        11,
        "evalWeights",
        "NAME=VALUE",
    );
    // A heavier weight on empty-board mobility makes the rook dearer;
    // a child inherits the weights.
    let (set, _) = load(&format!(
        "{MINI}evalWeights = MAT_M0=400, mat_m5=375\n[kid:tiny]\n"
    ))
    .unwrap();
    let rook = |name: &str, own: bool| {
        let v = set.get(name).unwrap().clone();
        let rules = griffon::position::Rules::new(v).unwrap();
        let eval = if own {
            griffon::eval::Evaluator::new(&rules)
        } else {
            griffon::eval::Evaluator::with_params(&rules, griffon::weights::Params::default())
        };
        let role = rules
            .variant
            .role(griffon::types::Letter::new('r', None).unwrap())
            .unwrap();
        eval.value(role)
    };
    assert!(rook("tiny", true) > rook("tiny", false));
    assert_eq!(rook("kid", true), rook("tiny", true));
    assert_eq!(
        set.get("tiny").unwrap().eval_weights,
        [("MAT_M0".to_string(), 400), ("MAT_M5".to_string(), 375)]
    );
}

/// Fairy-Stockfish's `pieceValueMg`/`pieceValueEg` set a piece's value
/// over the one worked out from mobility, converted at the rook's rate
/// (its 1276 and 1380 are Griffon's 500); a child sets one piece and
/// keeps its parent's others; bad pairs are errors naming the key.
#[test]
fn piece_values_from_the_variant_file() {
    let (set, loaded) = load(
        "[pv:normal]\npieceValueMg = n:1276 q:2552\npieceValueEg = n:1380\n\
         [pvkid:pv]\npieceValueMg = q:638\n[pvzero:pv]\npieceValueMg = n:0\npieceValueEg = n:0\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let value = |name: &str, letter: char| {
        let rules = griffon::position::Rules::new(set.get(name).unwrap().clone()).unwrap();
        let role = rules
            .variant
            .role(griffon::types::Letter::new(letter, None).unwrap())
            .unwrap();
        griffon::eval::Evaluator::new(&rules).value(role)
    };
    let builtin = |letter: char| value("normal", letter);
    assert_eq!(value("pv", 'n'), 500);
    assert_eq!(value("pv", 'q'), 1000);
    assert_eq!(value("pv", 'r'), builtin('r'));
    assert_eq!(value("pvkid", 'n'), 500);
    assert_eq!(value("pvkid", 'q'), 250);
    assert_eq!(value("pvzero", 'n'), builtin('n'));
    assert_eq!(value("pvzero", 'q'), 1000);
    for text in [
        "[pv1:normal]\npieceValueMg = n\n",
        "[pv2:normal]\npieceValueMg = n:lots\n",
        "[pv4:normal]\npieceValueEg = n:-5\n",
    ] {
        let errs = errors(text);
        assert!(
            errs.iter().any(|e| e.contains("pieceValue")),
            "{text}: {errs:?}"
        );
    }
    // A letter of no piece here is left out: a warning in the section
    // that wrote it, nothing in a child that does without the piece.
    assert_warning(
        "[pv3:normal]\npieceValueEg = z:300\n",
        2,
        "pieceValueEg",
        "no piece type with letter 'z'",
    );
    let (set, loaded) = load(
        "[pvr:normal]\ncustomPiece1 = z:W\npieceValueMg = z:500\n\
         [pvr2:pvr]\ncustomPiece1 = -\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    assert!(set.get("pvr2").unwrap().piece_values.middle_game.is_empty());
}

/// Fairy-Stockfish reads a start FEN of the board alone as White to move
/// with no rights; so does Griffon.
#[test]
fn a_start_fen_of_only_the_board() {
    let text = "[boardonly:normal]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\n";
    let (set, loaded) = load(text).unwrap_or_else(|e| panic!("{e}"));
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let start = &set.get("boardonly").expect("loaded").start;
    assert_eq!(start.side_to_move, Color::White);
    assert!(start.castling.is_empty() && start.en_passant.is_empty());
}
