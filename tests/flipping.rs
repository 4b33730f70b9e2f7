//! Flipping rules (Fairy-Stockfish's `flipEnclosedPieces`), free drops and
//! the full-board end: random games in every flipping variant check that
//! `make` keeps the key and the attack map equal to a full recompute, that
//! `unmake` restores the position exactly, and that FENs read back; small
//! positions check by hand which pieces turn over. The perft counts are
//! Fairy-Stockfish's, in the reference suites (`perft_suites.rs`).

use common::{Rng, rules};
use griffon::judge;
use griffon::judge::EndReason;
use griffon::movegen::legal_moves;
use griffon::notation::move_text;
use griffon::notation::moves::parse_move;
use griffon::position::{Position, Rules};
use griffon::types::Color;
use griffon::variant::{GameValue, VariantSet};
use std::sync::Arc;

mod common;

/// Fairy-Stockfish's variants.ini sections that build on the flipping
/// built-ins (as in its variants.ini, trimmed to the keys).
const SECTIONS: &str = "
[quadwrangle:ataxx]
maxRank = 8
maxFile = 8
startFen = 1PPPPPP1/p6P/p6P/p6P/p6P/p6P/p6P/1pppppp1
customPiece1 = p:mQ
flipEnclosedPieces = quadwrangle
enclosingDrop = none

[crusade:quadwrangle]
startFen = PpPpPpPp/pPpPpPpP/PpPpPpPp/pPpPpPpP/PpPpPpPp/pPpPpPpP/PpPpPpPp/pPpPpPpP
customPiece1 = p:cK
flipEnclosedPieces = ataxx
pieceDrops = false
passOnStalemate = false

[annexation:flipello]
maxRank = 10
maxFile = 10
startFen = ***4***/***4***/***4***/10/4pP4/4Pp4/10/***4***/***4***/***4***[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppp] w 0 1
";

fn section_rules(name: &str) -> Arc<Rules> {
    let mut set = VariantSet::new();
    set.load_builtins().expect("built-in variants load");
    set.load_str("flipping.ini", SECTIONS)
        .strict()
        .expect("sections load");
    Rules::new(set.get(name).expect("section loaded").clone()).expect("rules build")
}

fn position(rules: Arc<Rules>, fen: &str) -> Position {
    Position::from_fen(rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Random games: at every ply each legal move is made and unmade, with
/// `verify` after both; the game is then taken back move by move to the
/// start, each position as it was (slots freed by flips are reused by
/// later moves, so the whole line is undone, not only the last move).
fn random_games(rules: Arc<Rules>, games: usize, seed: u64) {
    let mut rng = Rng(seed);
    for _ in 0..games {
        let mut pos = Position::start(rules.clone()).expect("start position");
        let mut line = Vec::new();
        for _ in 0..200 {
            let fen = pos.fen();
            let key = pos.key();
            let moves = legal_moves(&mut pos);
            for &m in &moves {
                let text = move_text(&pos, m);
                let undo = pos.make(m);
                if let Err(e) = pos.verify() {
                    panic!("verify after {text} from {fen}: {e}");
                }
                let back = position(rules.clone(), &pos.fen());
                assert_eq!(
                    back.key(),
                    pos.key(),
                    "FEN round trip after {text} from {fen}"
                );
                pos.unmake(m, &undo);
                assert_eq!(pos.fen(), fen, "unmake of {text}");
                assert_eq!(pos.key(), key, "key after unmake of {text} from {fen}");
            }
            if moves.is_empty() {
                break;
            }
            let m = *rng.pick(&moves);
            let undo = pos.make(m);
            line.push((m, undo, fen, key));
        }
        while let Some((m, undo, fen, key)) = line.pop() {
            pos.unmake(m, &undo);
            assert_eq!(pos.fen(), fen, "taking back {}", move_text(&pos, m));
            assert_eq!(pos.key(), key);
            if let Err(e) = pos.verify() {
                panic!("verify after taking back to {fen}: {e}");
            }
        }
    }
}

#[test]
fn flipping_games_keep_the_incremental_state() {
    for (i, v) in ["ataxx", "flipersi", "flipello", "flipello10"]
        .into_iter()
        .enumerate()
    {
        random_games(rules(v), 3, 11 + i as u64);
    }
    for (i, v) in ["quadwrangle", "crusade", "annexation"]
        .into_iter()
        .enumerate()
    {
        random_games(section_rules(v), 3, 21 + i as u64);
    }
}

/// The board part of a FEN.
fn board(pos: &Position) -> String {
    pos.fen().split(' ').next().unwrap_or_default().to_string()
}

/// The FEN after playing `moves` (coordinate notation) from `fen`.
fn after(rules: Arc<Rules>, fen: &str, moves: &[&str]) -> Position {
    let mut pos = position(rules, fen);
    for text in moves {
        let m = parse_move(&mut pos, text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        pos.make(m);
    }
    pos
}

#[test]
fn ataxx_turns_over_the_enemy_stones_around_the_square_reached() {
    // White clones to d4 next to its c3: black's c5, d5, e4 and e3 touch
    // d4 and turn white; a7 does not. The clone's supply never runs
    // out, so the FEN has no holdings.
    let pos = after(
        rules("ataxx"),
        "p6/7/2pp3/4p2/2P1p2/7/7 w - - 0 1",
        &["P@d4"],
    );
    assert_eq!(board(&pos), "p6/7/2PP3/3PP2/2P1P2/7/7");
    // A jump from c3 to c5 leaves c3 empty and turns b6, c6, d5 over.
    let pos = after(rules("ataxx"), "p6/1pp4/3p3/7/2P4/7/7 w - - 0 1", &["c3c5"]);
    assert_eq!(board(&pos), "p6/1PP4/2PP3/7/7/7/7");
}

#[test]
fn reversi_turns_over_the_enclosed_lines() {
    // White drops on c4: the line d4-e4 ends on white's f4 and turns; the
    // line c5-c6 ends on an empty square and stays; the diagonal d5 ends
    // on white's e6 and turns; e5 is on no line from c4.
    let fen = "8/8/2p1P3/2ppp3/3ppP2/8/8/8[PPPPpppp] w - - 0 1";
    let pos = after(rules("flipersi"), fen, &["P@c4"]);
    assert_eq!(
        pos.fen().split(' ').next(),
        Some("8/8/2p1P3/2pPp3/2PPPP2/8/8/8[PPPpppp]")
    );
}

#[test]
fn annexation_walls_let_a_placement_through_that_turns_nothing() {
    // Fairy-Stockfish's placement test lets a line run over walls, its
    // flips do not: on a4, next to black's b4, White's line over the walls
    // b3 and c2 reaches its d1, so a4 is the one legal square (the start
    // squares d4, e4, d5, e5 are taken), and it turns nothing.
    let fen =
        "***4***/***4***/***4***/10/10/3PP5/1p1PP5/***4***/***4***/***P3***[PPPPpppp] w - - 0 1";
    let mut pos = position(section_rules("annexation"), fen);
    let moves = legal_moves(&mut pos);
    assert_eq!(moves.len(), 1);
    let a4 = pos.rules().geometry().sq(0, 3);
    assert!(moves[0].is_drop() && moves[0].to() == a4);
    pos.make(moves[0]);
    assert!(board(&pos).contains("/Pp1PP5/"));
}

#[test]
fn a_full_board_ends_the_game_by_counting_stones() {
    // Ataxx: White fills the last square, turning f2 and g2 over; Black,
    // to move, is left with one stone and loses.
    let full = "PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/PPPPppp/PPPPPP1 w - - 0 1";
    let mut pos = after(rules("ataxx"), full, &["P@g1"]);
    assert!(legal_moves(&mut pos).is_empty());
    let verdict = judge::by_rule(&pos).expect("the game is over");
    assert_eq!(verdict.reason, EndReason::BoardFull);
    assert_eq!(verdict.value, GameValue::Loss);
    // Black's crusade stones fill the board and are as many as White's.
    let pos = position(
        section_rules("crusade"),
        "PpPpPpPp/pPpPpPpP/PpPpPpPp/pPpPpPpP/PpPpPpPp/pPpPpPpP/PpPpPpPp/pPpPpPpP b - - 0 1",
    );
    assert_eq!(
        judge::by_rule(&pos).map(|v| (v.value, v.reason)),
        Some((GameValue::Draw, EndReason::BoardFull))
    );
}

#[test]
fn ataxx_without_stones_loses_and_passes_otherwise() {
    // Black has no stone: no move, not even a pass, and fewer pieces lose.
    let mut pos = position(rules("ataxx"), "7/7/7/7/7/7/P6 b - - 0 1");
    assert!(legal_moves(&mut pos).is_empty());
    assert_eq!(pos.side_to_move(), Color::Black);
    assert_eq!(pos.stalemate_value(), GameValue::Loss);
    // Black's a7 stone is walled in by White's: it can only pass.
    let mut pos = position(rules("ataxx"), "pPP4/PPP4/PPP4/7/7/7/7 b - - 0 1");
    let moves = legal_moves(&mut pos);
    assert!(moves.len() == 1 && moves[0].is_pass());
}

#[test]
fn a_bad_flipping_value_is_refused() {
    let mut set = VariantSet::new();
    set.load_builtins().expect("built-in variants load");
    let loaded = set.load_str(
        "bad.ini",
        "[bad:flipello]\nflipEnclosedPieces = sideways\n\n[royal:flipello]\nking = k\n",
    );
    let errors: Vec<String> = loaded.errors.iter().map(|e| e.to_string()).collect();
    assert!(
        errors
            .iter()
            .any(|e| e.contains("flipEnclosedPieces") && e.contains("sideways")),
        "{errors:?}"
    );
    assert!(
        errors.iter().any(|e| e.contains("royal piece")),
        "{errors:?}"
    );
    assert_eq!(loaded.skipped, ["bad", "royal"]);
}
