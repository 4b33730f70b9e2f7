//! Entry points for fuzzing: each takes arbitrary bytes, feeds them to one
//! of Griffon's inputs, and panics only on a bug. A malformed input must
//! come back as an error, never as a panic, a hang or an abort; the
//! property targets also check what must hold of every position.
//!
//! The `cargo fuzz` targets in `fuzz/` call these, and so does
//! `tests/fuzz_regressions.rs`, on the seed inputs and on every input a
//! fuzzer ever found failing, so that CI keeps each fixed fault fixed.

use crate::book::{Book, BookHasher, MoveCoding, XBoardState, book_moves, code_text};
use crate::game::Game;
use crate::movegen::{legal_moves, pseudo_legal};
use crate::position::{Position, Rules};
use crate::types::MoveList;
use crate::variant::VariantSet;
use once_cell::sync::Lazy;
use std::sync::Arc;

/// A fuzz target: bytes in, a panic only on a bug.
pub type Target = fn(&[u8]);

/// The targets by name, as the fuzz crate and the regression test know
/// them (`fuzz/seeds/NAME`, `fuzz/regressions/NAME`).
pub const TARGETS: &[(&str, Target)] = &[
    ("xbetza", xbetza),
    ("variant_file", variant_file),
    ("fen", fen),
    ("move_text", move_text),
    ("protocol", protocol),
    ("book", book),
    ("tablebase", tablebase),
    ("play", play),
];

/// The built-in variants, read once: fuzzing runs each target millions of
/// times.
static BUILTIN_SET: Lazy<VariantSet> =
    Lazy::new(|| VariantSet::builtin().expect("built-in variants load"));

static BUILTIN: Lazy<Vec<Arc<Rules>>> = Lazy::new(|| {
    let set = &*BUILTIN_SET;
    let mut names: Vec<&str> = set.iter().map(|v| v.name.as_str()).collect();
    names.sort_unstable();
    names
        .iter()
        .filter_map(|n| set.get(n))
        .map(|v| Rules::new(v.clone()).expect("built-in rules"))
        .collect()
});

/// A built-in variant chosen by the first byte, and the rest of the input.
fn pick(data: &[u8]) -> (Arc<Rules>, &[u8]) {
    let (first, rest) = data.split_first().unwrap_or((&0, &[]));
    let rules = &BUILTIN[usize::from(*first) % BUILTIN.len()];
    (rules.clone(), rest)
}

/// An XBetza string, in both dialects, and what XBoard 4.9.1 would be
/// told of it: a string sent as exact must read back as the same moves.
pub fn xbetza(data: &[u8]) {
    use crate::xbetza::legacy::{self, XBoardMoves};
    let text = String::from_utf8_lossy(data);
    let _ = legacy::read(&text);
    for dialect in [
        crate::xbetza::Dialect::XBoard,
        crate::xbetza::Dialect::FairyStockfish,
    ] {
        let Ok(piece) = crate::xbetza::compile(&text, dialect) else {
            continue;
        };
        if let XBoardMoves::Exact(sent) = legacy::xboard_moves(&text, &piece.moves) {
            assert!(
                legacy::reads_as(&sent, &piece.moves),
                "{text:?} is sent to XBoard as {sent:?}, which reads differently"
            );
        }
    }
}

/// A variant file, loaded beside the built-ins; each variant it defines
/// gets its rules built and its start position's moves generated.
pub fn variant_file(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut set = VariantSet::new();
    // Sections with errors are skipped; the fuzzer plays what loaded.
    set.load_str("fuzz.ini", &text);
    for v in set.iter() {
        let Ok(rules) = Rules::new(v.clone()) else {
            continue;
        };
        if let Ok(mut pos) = Position::start(rules) {
            check_position(&mut pos, "start");
        }
    }
}

/// A FEN of a built-in variant. One that is read must read back from its
/// own FEN to the same key, and pass the position checks.
pub fn fen(data: &[u8]) {
    let (rules, rest) = pick(data);
    let text = String::from_utf8_lossy(rest);
    let Ok(mut pos) = Position::from_fen(rules.clone(), &text) else {
        return;
    };
    let written = pos.fen();
    let again = Position::from_fen(rules.clone(), &written)
        .unwrap_or_else(|e| panic!("{text:?} was read, but its FEN {written:?} is refused: {e}"));
    assert_eq!(
        again.key(),
        pos.key(),
        "{text:?} and its FEN {written:?} differ"
    );
    check_position(&mut pos, &text);
}

/// Moves as text, in any notation the engine reads, from a built-in
/// variant's start; each one read is played.
pub fn move_text(data: &[u8]) {
    let (rules, rest) = pick(data);
    let Ok(start) = Position::start(rules) else {
        return;
    };
    let mut game = Game::new(start);
    for text in String::from_utf8_lossy(rest).split_whitespace().take(64) {
        if let Ok(m) = game.parse_any(text) {
            game.play(m);
            if game.outcome().is_some() {
                break;
            }
        }
        let _ = game.parse_move(text);
    }
}

/// Protocol lines, fed to the engine loop as if from XBoard; searches
/// they start are stopped at the end of the input.
pub fn protocol(data: &[u8]) {
    let _ = crate::xboard::run_script_in((*BUILTIN_SET).clone(), data, 1);
}

/// A book file: read, probed in the start position of a variant, and
/// every entry's move code decoded and written as text.
pub fn book(data: &[u8]) {
    let (rules, rest) = pick(data);
    let Ok(book) = Book::from_bytes(rest) else {
        return;
    };
    let Ok(hasher) = BookHasher::new(&rules.variant) else {
        return;
    };
    let Ok(mut pos) = Position::start(rules.clone()) else {
        return;
    };
    let state = XBoardState::at_start(&pos);
    let found = book_moves(&book, &hasher, &mut pos, &state);
    let legal = legal_moves(&mut pos);
    for (m, _) in &found.moves {
        assert!(legal.contains(m), "book move {m:?} is not legal");
    }
    let coding = MoveCoding::new(&pos, &hasher);
    for e in book.entries().iter().take(256) {
        let _ = code_text(&rules.variant, e.mv);
        let _ = coding.decode(&mut pos, e.mv);
    }
}

/// A tablebase file of one of four variants: read and checked, and if
/// accepted, every stored value read.
pub fn tablebase(data: &[u8]) {
    let (first, rest) = data.split_first().unwrap_or((&0, &[]));
    let name = ["normal", "shatranj", "makruk", "xiangqi"][usize::from(*first) % 4];
    let Some(rules) = BUILTIN.iter().find(|r| r.variant.name == name) else {
        return;
    };
    if let Ok(table) = crate::tablebase::file::read_bytes(rest, rules) {
        let _ = table.stats(rules);
    }
}

/// A game of a built-in variant whose moves the bytes choose; at every
/// ply the position checks hold.
pub fn play(data: &[u8]) {
    let (rules, rest) = pick(data);
    let Ok(mut pos) = Position::start(rules) else {
        return;
    };
    for (ply, &b) in rest.iter().enumerate().take(200) {
        let legal = check_position(&mut pos, &format!("ply {ply}"));
        if legal.is_empty() {
            break;
        }
        let m = legal[usize::from(b) % legal.len()];
        pos.make(m);
    }
}

/// What must hold of every position Griffon accepts: the incremental key
/// and attack map equal a recomputation; every legal move is among the
/// pseudo-legal ones, leaves no royal piece of the mover attacked, and is
/// undone by unmake to the same FEN and key. Returns the legal moves.
fn check_position(pos: &mut Position, at: &str) -> MoveList {
    if let Err(e) = pos.verify() {
        panic!("{at}: {}: verify: {e}", pos.fen());
    }
    let legal = legal_moves(pos);
    let mut pseudo = MoveList::new();
    pseudo_legal::<true, true>(pos, &mut pseudo);
    let us = pos.side_to_move();
    let (fen, key) = (pos.fen(), pos.key());
    for &m in &legal {
        assert!(pseudo.contains(&m), "{at}: {fen}: {m:?} not pseudo-legal");
        let undo = pos.make(m);
        if let Err(e) = pos.verify() {
            panic!("{at}: {fen}: after {m:?}: verify: {e}");
        }
        assert!(
            !pos.in_check(us),
            "{at}: {fen}: legal {m:?} leaves a royal piece attacked"
        );
        pos.unmake(m, &undo);
        assert_eq!(
            pos.key(),
            key,
            "{at}: {fen}: unmake of {m:?} changes the key"
        );
        assert_eq!(
            pos.fen(),
            fen,
            "{at}: {fen}: unmake of {m:?} changes the FEN"
        );
    }
    legal
}
