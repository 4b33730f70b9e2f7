//! USI, as Fairy-Stockfish speaks it, checked against pyffish 0.0.90:
//! games of shogi, minishogi and kyoto shogi that pyffish played to their
//! end (tests/data/protocols/usi-*.txt, written by
//! tools/uci/make_protocol_games.py) give at every ply the SFEN and the
//! legal moves in USI text. Griffon must read each SFEN as the position
//! the moves reach, write the same legal moves, answer `go` with one of
//! them and resign where the game is over. Bad input gets an `info
//! string` and leaves the game as it was.

mod common;

use common::{Engine, ProtocolGame, placement_and_side, rules};
use griffon::game::Game;
use griffon::position::Position;
use griffon::uci::notation::{Dialect, parse_dialect_move};
use std::time::{Duration, Instant};

const GAMES: [&str; 3] = ["usi-shogi", "usi-minishogi", "usi-kyotoshogi"];

/// The move of `bestmove MOVE [ponder P]`.
fn best_move(e: &mut Engine) -> String {
    let l = e.expect(|l| l.starts_with("bestmove "));
    l.split_whitespace().nth(1).expect("a move").to_string()
}

#[test]
fn sfen_and_moves_read_and_written_as_fairy_stockfish() {
    for name in GAMES {
        let reference = ProtocolGame::load(name);
        let rules = rules(&reference.variant);
        let mut game = Game::new(Position::start(rules.clone()).expect("start"));
        for (ply, step) in reference.plies.iter().enumerate() {
            let from_sfen = Position::from_sfen(rules.clone(), &step.position)
                .unwrap_or_else(|e| panic!("{name} ply {ply}: {}: {e:?}", step.position));
            assert_eq!(
                placement_and_side(&from_sfen.fen()),
                placement_and_side(&game.position().fen()),
                "{name} ply {ply}: {}",
                step.position
            );
            step.agree_and_play(&mut game, Dialect::Usi, &format!("{name} ply {ply}"));
        }
    }
}

#[test]
fn handshake_offers_usi_options() {
    let (_e, lines) = Engine::start_handshake(&["usi"], "usi");
    assert!(
        lines.iter().any(|l| l.starts_with("id name Griffon")),
        "{lines:?}"
    );
    let variants = lines
        .iter()
        .find(|l| l.starts_with("option name USI_Variant type combo default shogi "))
        .expect("USI_Variant");
    for name in ["shogi", "minishogi", "kyotoshogi", "xiangqi"] {
        assert!(variants.contains(&format!(" var {name}")), "{name}");
    }
    for option in ["USI_Hash type spin", "Clear_Hash type button", "Threads"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {option}"))),
            "{option}: {lines:?}"
        );
    }
    assert!(!lines.iter().any(|l| l.contains("name Hash ")), "{lines:?}");
}

/// Each reference game through the protocol: positions along it (from
/// the start with moves, and from an SFEN with the rest of the moves)
/// answered with a legal move, and the end with `bestmove resign`.
#[test]
fn games_played_to_their_end() {
    let (mut e, _) = Engine::start_handshake(&[], "usi");
    for name in GAMES {
        let reference = ProtocolGame::load(name);
        e.send(&format!(
            "setoption name USI_Variant value {}",
            reference.variant
        ));
        e.send("usinewgame");
        let last = reference.plies.len() - 1;
        for ply in (0..last).step_by(7) {
            let moves = reference.moves(ply).join(" ");
            e.send(&format!("position startpos moves {moves}"));
            e.send("go btime 0 wtime 0 byoyomi 30");
            let best = best_move(&mut e);
            assert!(
                reference.plies[ply].legal.contains(&best),
                "{name} ply {ply}: {best}"
            );
        }
        let all = reference.moves(last).join(" ");
        e.send(&format!("position startpos moves {all}"));
        e.send("go btime 0 wtime 0 byoyomi 100");
        assert_eq!(best_move(&mut e), "resign", "{name}");
        // The same end from an SFEN half way.
        let half = last / 2;
        let rest = reference.moves(last)[half..].join(" ");
        let sfen = &reference.plies[half].position;
        e.send(&format!("position sfen {sfen} moves {rest}"));
        e.send("go depth 1");
        assert_eq!(best_move(&mut e), "resign", "{name}");
        let errors = e.ready();
        assert!(
            !errors.iter().any(|l| l.starts_with("info string")),
            "{name}: {errors:?}"
        );
        e.send("gameover lose");
    }
}

/// `go mate`: the game's last move mates, so the position before it has
/// a mate in one; the start has none in a moment; the end has no move.
#[test]
fn go_mate_answers_checkmate() {
    let reference = ProtocolGame::load("usi-minishogi");
    let last = reference.plies.len() - 1;
    let (mut e, _) = Engine::start_handshake(&[], "usi");
    e.send("setoption name USI_Variant value minishogi");
    e.send(&format!(
        "position startpos moves {}",
        reference.moves(last - 1).join(" ")
    ));
    let t = Instant::now();
    e.send("go mate 5000");
    let answer = e.expect(|l| l.starts_with("checkmate"));
    // Found at once: the search does not run on to its time limit.
    assert!(
        t.elapsed() < Duration::from_millis(2500),
        "{:?}",
        t.elapsed()
    );
    let line: Vec<&str> = answer.split_whitespace().skip(1).collect();
    assert_eq!(line.len(), 1, "{answer}");
    assert!(reference.plies[last - 1].legal.iter().any(|m| m == line[0]));
    // The mate leaves the side to move nothing (by Griffon's rules; the
    // game's own last move is pyffish's mate).
    let rules = rules("minishogi");
    let mut game = Game::new(Position::start(rules).expect("start"));
    for text in reference.moves(last - 1).into_iter().chain(line) {
        let mut pos = game.position().clone();
        let m = parse_dialect_move(&mut pos, text, Dialect::Usi, false).expect("legal");
        game.play(m);
    }
    assert!(game.legal_moves().is_empty(), "{answer}");

    e.send("position startpos");
    e.send("go mate 300");
    assert_eq!(
        e.expect(|l| l.starts_with("checkmate")),
        "checkmate timeout"
    );
    e.send(&format!(
        "position startpos moves {}",
        reference.moves(last).join(" ")
    ));
    e.send("go mate infinite");
    assert_eq!(e.expect(|l| l.starts_with("checkmate")), "checkmate nomate");
}

/// With the main time gone, a move never takes all the byoyomi. (How
/// much of it the search spends is `time::with_byoyomi`'s, checked by
/// its unit test: a search may stop early when its next iteration would
/// not finish, so the wall clock gives no lower bound.)
#[test]
fn byoyomi_is_used_but_not_overrun() {
    let (mut e, _) = Engine::start_handshake(&[], "usi");
    // Out of the book (shogi has one), which would answer at once.
    e.send("setoption name Book_Depth value 0");
    e.send("position startpos moves 7g7f 3c3d");
    let t = Instant::now();
    e.send("go btime 0 wtime 0 byoyomi 1000");
    best_move(&mut e);
    let took = t.elapsed();
    assert!(took < Duration::from_millis(2500), "{took:?}");
}

#[test]
fn bad_input_gets_info_strings_and_keeps_the_game() {
    let (mut e, _) = Engine::start_handshake(&[], "usi");
    e.send("usinewgame");
    e.send("position startpos moves 7g7f 3c3d 8h2b+ 3a2b");
    for bad in [
        "position sfen lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 3 1",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
        "position startpos moves 7g7f 3c3d c3c4",
        "position startpos moves 7g7f 3c3d 8h2b 3a2b P*5e",
        "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*5a",
        "position startpos moves 0i0i",
        "setoption name USI_Hash value lots",
        "setoption name USI_Variant value nosuchvariant",
        "setoption name USI_NoSuchThing value 1",
        "go byoyomi",
        "go btime",
        "go mate",
        "go sideways",
        "banmoves 7g7f",
        "frobnicate",
    ] {
        e.send(bad);
        let got = e.ready();
        assert!(
            got.len() == 1 && got[0].starts_with("info string error"),
            "{bad}: {got:?}"
        );
    }
    // The game is still 1. 7g7f 3c3d 2. 8h2b+ 3a2b, with a bishop to drop.
    e.send("go depth 3");
    let best = best_move(&mut e);
    let rules = rules("shogi");
    let mut game = Game::new(Position::start(rules).expect("start"));
    for text in ["7g7f", "3c3d", "8h2b+", "3a2b", &best] {
        let mut pos = game.position().clone();
        let m = parse_dialect_move(&mut pos, text, Dialect::Usi, false).expect("legal");
        game.play(m);
    }
}
