//! Opening books against Polyglot itself: a book that Polyglot 2.0.4
//! (Debian package `polyglot`) made from chess games, and the same games
//! replayed by Griffon (`tools/book-fixtures.py` made both files).

use griffon::book::{Book, BookHasher, MoveCoding};
use griffon::game::{Game, move_text};
use griffon::movegen::Move;
use griffon::position::{Position, Rules};
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
            let key = hasher.key(&pos).expect("key");
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
        castles += usize::from(m.is(griffon::movegen::flag::CASTLE));
        promotions += usize::from(m.promotion().is_some());
    }
    // The fixture covers the special codes.
    assert!(
        castles > 0 && promotions > 0,
        "castles {castles}, promotions {promotions}"
    );
}
