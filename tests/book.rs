//! Opening books against Polyglot itself: a book that Polyglot 2.0.4
//! (Debian package `polyglot`) made from chess games, and the same games
//! replayed by Griffon (`tools/book/book-fixtures.py` made both files).

mod common;
use common::griffon;

use griffon::book::{Book, BookHasher, MoveCoding, XBoardState};
use griffon::game::Game;
use griffon::notation::move_text;
use griffon::position::{Position, Rules};
use griffon::types::Move;
use griffon::variant::VariantSet;
use std::collections::HashMap;
use std::path::Path;

/// Every position of the fixture games: Griffon's key, and the moves
/// played from it with the position they were played in.
fn positions() -> HashMap<u64, Vec<(Position, Move)>> {
    let set = VariantSet::builtin().expect("built-ins");
    let v = set.get("normal").expect("normal");
    let rules = Rules::new(v.clone()).expect("rules");
    let hasher = BookHasher::new(v).expect("hasher");
    let pgn = std::fs::read_to_string("tests/data/books/chess-games.pgn").expect("fixture");
    let mut out: HashMap<u64, Vec<(Position, Move)>> = HashMap::new();
    for line in pgn.lines().filter_map(|l| l.strip_prefix("{coordinates: ")) {
        let start = Position::from_fen(rules.clone(), &v.start.fen).expect("start");
        let mut game = Game::new(start);
        for text in line.trim_end_matches('}').split_whitespace() {
            let m = game.parse_move(text).expect("legal move");
            let pos = game.position().clone();
            let key = hasher.key(&pos, &XBoardState::default()).expect("key");
            out.entry(key).or_default().push((pos, m));
            game.play(m);
        }
    }
    out
}

#[test]
fn every_entry_of_a_polyglot_made_book_is_a_move_of_its_games() {
    let book = Book::load(Path::new("tests/data/books/chess-polyglot.bin")).expect("book");
    assert!(book.len() > 1000, "{} entries", book.len());
    let seen = positions();
    let set = VariantSet::builtin().expect("built-ins");
    let hasher = BookHasher::new(set.get("normal").expect("normal")).expect("hasher");
    let mut castles = 0;
    let mut promotions = 0;
    for e in book.entries() {
        let played = seen
            .get(&e.key)
            .unwrap_or_else(|| panic!("key {:016x} is no position of the games", e.key));
        let (pos, _) = &played[0];
        let coding = MoveCoding::new(pos, &hasher);
        let mut pos = pos.clone();
        let m = coding.decode(&mut pos, e.mv).unwrap_or_else(|| {
            panic!("move code {:#06x} is not legal at key {:016x}", e.mv, e.key)
        });
        assert!(
            played.iter().any(|&(_, p)| p == m),
            "{} was never played at key {:016x}",
            move_text(&pos, m),
            e.key
        );
        // Griffon writes the code Polyglot wrote.
        assert_eq!(coding.encode(&pos, m), Some(e.mv), "{}", move_text(&pos, m));
        castles += usize::from(m.is(griffon::types::flag::CASTLE));
        promotions += usize::from(m.promotion().is_some());
    }
    // The fixture covers the special codes.
    assert!(
        castles > 0 && promotions > 0,
        "castles {castles}, promotions {promotions}"
    );
}

#[test]
fn books_griffon_makes_equal_polyglots_byte_for_byte() {
    let dir = std::env::temp_dir().join(format!("griffon-book-make-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    // Each Polyglot book, and the options it was made with.
    let cases: &[(&str, &[&str])] = &[
        ("chess-polyglot.bin", &["--min-games", "1"]),
        (
            "chess-polyglot-ply16-min2.bin",
            &["--max-ply", "16", "--min-games", "2"],
        ),
        (
            "chess-polyglot-white-score50.bin",
            &["--min-games", "1", "--only", "white", "--min-score", "50"],
        ),
        (
            "chess-polyglot-uniform.bin",
            &["--min-games", "1", "--weights", "uniform"],
        ),
    ];
    for (name, options) in cases {
        let out = dir.join(name);
        let out_text = out.to_string_lossy().into_owned();
        let mut args = vec![
            "book",
            "make",
            "--pgn",
            "tests/data/books/chess-games.pgn",
            "--out",
            &out_text,
        ];
        args.extend_from_slice(options);
        let (ok, stdout, stderr) = griffon(&args);
        assert!(ok, "{stdout}{stderr}");
        let ours = std::fs::read(&out).expect("book written");
        let theirs = std::fs::read(Path::new("tests/data/books").join(name)).expect("fixture");
        assert!(!theirs.is_empty());
        assert!(
            ours == theirs,
            "{name}: {} bytes, Polyglot's {}",
            ours.len(),
            theirs.len()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn san_and_coordinates_read_the_same_games() {
    // The fixture's SAN (written by Fairy-Stockfish's rules) and its
    // coordinate moves (Griffon's) must be the same moves.
    let set = VariantSet::builtin().expect("built-ins");
    let v = set.get("normal").expect("normal");
    let rules = Rules::new(v.clone()).expect("rules");
    let text = std::fs::read_to_string("tests/data/books/chess-games.pgn").expect("fixture");
    let games = griffon::notation::pgn::read_games(&text);
    let coords: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("{coordinates: "))
        .collect();
    assert_eq!(games.len(), coords.len());
    for (game, line) in games.iter().zip(coords) {
        let mut a = Game::new(Position::start(rules.clone()).expect("start"));
        let mut b = Game::new(Position::start(rules.clone()).expect("start"));
        for (san, coord) in game
            .moves
            .iter()
            .zip(line.trim_end_matches('}').split_whitespace())
        {
            let m = a.parse_any(san).unwrap_or_else(|e| panic!("{san}: {e}"));
            let n = b.parse_move(coord).expect("coordinates");
            assert_eq!(m, n, "{san} against {coord}");
            a.play(m);
            b.play(n);
        }
    }
}

#[test]
fn bad_book_files_are_refused_with_a_reason() {
    let dir = std::env::temp_dir().join(format!("griffon-book-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let good = std::fs::read("tests/data/books/chess-polyglot.bin").expect("fixture");
    let truncated = dir.join("truncated.bin");
    std::fs::write(&truncated, &good[..good.len() - 5]).expect("write");
    let (ok, _, err) = griffon(&["book", "probe", truncated.to_str().expect("utf-8")]);
    assert!(!ok && err.contains("truncated"), "{err}");
    let mut unsorted = good[16..].to_vec();
    unsorted.extend_from_slice(&good[..16]);
    let path = dir.join("unsorted.bin");
    std::fs::write(&path, &unsorted).expect("write");
    let (ok, _, err) = griffon(&["book", "probe", path.to_str().expect("utf-8")]);
    assert!(!ok && err.contains("out of key order"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn keys_equal_xboards_own_along_games_of_ten_variants() {
    // XBoard 4.9.1 printed these keys while playing the games (its debug
    // log; tools/book/xboard-book-keys.py): capablanca (10x8, pieces beyond
    // Polyglot's twelve), crazyhouse (holdings, drops, promoted pieces),
    // shogi (9x9, holdings, promotions), xiangqi (9x10), seirawan
    // (holdings and gating); and where XBoard's game holds more than the
    // position: super (a shuffled setup from its FEN, with castling rights
    // for corner pieces that cannot castle), spartan and suicide (castling
    // rights for sides without castling), grand (captured pieces in their
    // owner's holdings until a promotion takes them) and great (nine men
    // in hand from the start, no castling but XBoard's rights). A second
    // shogi game has XBoard's SAN for a promoted bishop's moves (`+Bxh9`).
    let set = VariantSet::builtin().expect("built-ins");
    for (variant, file) in [
        ("capablanca", "capablanca"),
        ("crazyhouse", "crazyhouse"),
        ("shogi", "shogi"),
        ("shogi", "shogi-2"),
        ("xiangqi", "xiangqi"),
        ("seirawan", "seirawan"),
        ("super", "super"),
        ("spartan", "spartan"),
        ("suicide", "suicide"),
        ("grand", "grand"),
        ("great", "great"),
    ] {
        let common::XBoardKeys { fen, moves, keys } = common::xboard_keys(file);
        assert!(keys.len() >= 16, "{variant}: {} keys", keys.len());
        let v = set.get(variant).expect("variant");
        let rules = Rules::new(v.clone()).expect("rules");
        let hasher = BookHasher::new(v).expect("hasher");
        let (start, mut xboard) = match fen.as_deref() {
            Some(fen) => {
                let pos = Position::from_fen(rules, fen).expect("fen");
                let xboard = XBoardState::from_fen(&pos, fen);
                (pos, xboard)
            }
            None => {
                let pos = Position::start(rules).expect("start");
                let xboard = XBoardState::at_start(&pos);
                (pos, xboard)
            }
        };
        let mut game = Game::new(start);
        for (ply, want) in keys.iter().enumerate() {
            let got = hasher.key(game.position(), &xboard).expect("key");
            assert_eq!(
                got, *want,
                "{variant} ply {ply}: {got:016x}, XBoard {want:016x}"
            );
            if let Some(text) = moves.get(ply) {
                let m = game
                    .parse_any(text)
                    .unwrap_or_else(|e| panic!("{variant} {text}: {e}"));
                xboard.play(game.position(), m);
                game.play(m);
            }
        }
    }
}

#[test]
fn an_entry_that_is_no_legal_move_is_reported_and_left_out() {
    // A start-position entry with the code of e2e5 (no legal move): the
    // probe lists it as ignored and offers no move (the engine chooses
    // among the legal entries only).
    let dir = std::env::temp_dir().join(format!("griffon-book-collide-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let e2 = 12u16;
    let e5 = 36u16;
    let entry = griffon::book::BookEntry {
        key: 0x463b96181691fc9c,
        mv: e2 * 64 + e5,
        weight: 100,
        learn: 0,
    };
    let path = dir.join("bad.bin");
    std::fs::write(&path, Book::from_entries(vec![entry]).to_bytes()).expect("write");
    let (ok, out, _) = griffon(&["book", "probe", path.to_str().expect("utf-8")]);
    assert!(ok);
    assert!(
        out.contains("not legal here, ignored") && out.contains("e2e5"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_final_plus_in_coordinates_is_a_shogi_promotion() {
    // Griffon's PGN writes a promoting bishop as `h8b2+`; read as a plain
    // move, the bishop could not make the horse's step `d3e3` later.
    let set = VariantSet::builtin().expect("built-ins");
    let rules = Rules::new(set.get("shogi").expect("shogi").clone()).expect("rules");
    let mut game = Game::new(Position::start(rules).expect("start"));
    let line = "c3c4 i7i6 h2e2 g7g6 a3a4 h8b2+ e2b2 B@f5 B@g4 f5d3+ g4d7+ f9e8 d7b5 d3e3";
    for text in line.split_whitespace() {
        let m = game
            .parse_any(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(text.ends_with('+'), m.promotion().is_some(), "{text}");
        game.play(m);
    }
}
