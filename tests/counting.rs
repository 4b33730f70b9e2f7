//! Makruk, ASEAN and Cambodian counting, against Fairy-Stockfish: the FEN after every
//! ply of reference games (a running count's limit and plies in place of
//! the e.p. field and the halfmove clock), FENs read in the middle of a
//! count, and the ply at which the count draws the game.
//!
//! The reference games are `tests/data/counting/fsf-counting.txt`, played
//! and written by pyffish (`tools/reference/counting_fens.py`).

mod common;

use common::rules;
use griffon::game::Game;
use griffon::judge::{EndReason, Outcome};
use griffon::position::{Position, Rules};
use griffon::variant::VariantSet;
use std::sync::Arc;

/// A built-in variant (`cambodian` among them, as Fairy-Stockfish's), or
/// one of tests/data/variants/test-variants.ini.
fn variant_rules(name: &str) -> Arc<Rules> {
    let mut set = VariantSet::new();
    set.load_builtins().expect("built-in variants load");
    set.load_file(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/variants/test-variants.ini"
    ))
    .strict()
    .expect("test variants load");
    Rules::new(set.get(name).expect("variant").clone()).expect("rules build")
}

struct RefGame {
    line: usize,
    variant: String,
    fen: String,
    /// Move, Fairy-Stockfish's FEN after it, and its end flag.
    plies: Vec<(String, String, String)>,
}

fn reference_games() -> Vec<RefGame> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/counting/fsf-counting.txt"
    );
    let text = std::fs::read_to_string(path).expect("reference games");
    let mut games: Vec<RefGame> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("game ") {
            let (variant, fen) = rest.split_once(' ').expect("game VARIANT FEN");
            games.push(RefGame {
                line: n + 1,
                variant: variant.into(),
                fen: fen.into(),
                plies: Vec::new(),
            });
            continue;
        }
        let (m, rest) = line.split_once(' ').expect("MOVE FEN END");
        let (fen, flag) = rest.rsplit_once(' ').expect("MOVE FEN END");
        games.last_mut().expect("a game line first").plies.push((
            m.into(),
            fen.into(),
            flag.into(),
        ));
    }
    games
}

#[test]
fn counts_and_fens_follow_fairy_stockfish() {
    let games = reference_games();
    assert!(games.len() > 50, "{} games", games.len());
    let (mut plies, mut counted, mut draws) = (0, 0, 0);
    let mut cache = std::collections::HashMap::new();
    for g in &games {
        let r = cache
            .entry(g.variant.clone())
            .or_insert_with(|| variant_rules(&g.variant))
            .clone();
        let pos = Position::from_fen(r.clone(), &g.fen)
            .unwrap_or_else(|e| panic!("line {}: {}: {e}", g.line, g.fen));
        assert_eq!(pos.fen(), g.fen, "line {}: the start FEN read back", g.line);
        let mut game = Game::new(pos);
        for (i, (m, fen, flag)) in g.plies.iter().enumerate() {
            let at = format!(
                "line {} ({} {}), ply {}: {m}",
                g.line,
                g.variant,
                g.fen,
                i + 1
            );
            let mv = game.parse_move(m).unwrap_or_else(|e| panic!("{at}: {e}"));
            game.play(mv);
            assert_eq!(&game.position().fen(), fen, "{at}");
            // Read as Fairy-Stockfish wrote it, and written back the same.
            let again = Position::from_fen(r.clone(), fen).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(&again.fen(), fen, "{at}: read back");
            assert_eq!(
                game.position().counting_expired(),
                flag == "count",
                "{at}: the count has run out ({flag})"
            );
            if flag == "count" {
                assert_eq!(
                    game.outcome(),
                    Some(Outcome::Draw {
                        reason: EndReason::CountingRule
                    }),
                    "{at}"
                );
                draws += 1;
            } else if flag == "other" {
                // A repetition, or ASEAN's 50-move rule.
                assert!(
                    matches!(game.outcome(), Some(Outcome::Draw { .. })),
                    "{at}: {:?}",
                    game.outcome()
                );
            } else if !game.legal_moves().is_empty() {
                // Play goes on: no other rule (a dead position, say)
                // ends the game where Fairy-Stockfish does not.
                assert_eq!(game.outcome(), None, "{at}");
            }
            plies += 1;
            counted += usize::from(game.position().counting().is_some());
        }
    }
    // The data holds what it is meant to test.
    assert!(
        plies > 2000 && counted > 1000 && draws > 30,
        "{plies} {counted} {draws}"
    );
}

#[test]
fn counting_fields_elsewhere() {
    // A variant without a counting rule refuses them with a reason.
    let Err(e) = Position::from_fen(rules("normal"), "7k/8/8/R3K3/8/8/8/1R6 b - 16 16 5") else {
        panic!("counting fields read in chess");
    };
    assert!(e.to_string().contains("no counting rule"), "{e}");
    // FENs without them read as before; a limit of 0 runs no count, and
    // its plies field is the halfmove clock (Fairy-Stockfish reads so).
    let pos = Position::from_fen(rules("makruk"), "7k/8/8/R3K3/8/8/8/1R6 b - 0 7 40").unwrap();
    assert_eq!(pos.counting(), None);
    assert_eq!(pos.fen(), "7k/8/8/R3K3/8/8/8/1R6 b - - 7 40");
    // Makruk as XBoard referees it keeps the count, and writes it, but
    // the count never ends the game.
    let mut set = griffon::variant::VariantSet::new();
    set.load_builtins().unwrap();
    let xboard = griffon::xboard::as_xboard_referees(set.get("makruk").unwrap()).unwrap();
    let r = griffon::position::Rules::new(std::sync::Arc::new(xboard)).unwrap();
    let fen = "7k/8/8/R3K3/8/8/8/1R6 b - 16 16 5";
    let mut game = Game::new(Position::from_fen(r, fen).unwrap());
    assert_eq!(game.position().fen(), fen);
    let m = game.parse_move("h8g8").unwrap();
    game.play(m);
    assert_eq!(game.position().fen(), "6k1/8/8/R3K3/8/8/8/1R6 w - 16 17 6");
    assert!(!game.position().counting_expired());
    assert_eq!(game.outcome(), None);
}
