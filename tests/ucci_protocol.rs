//! UCCI, as Fairy-Stockfish speaks it, checked against pyffish 0.0.90:
//! games of xiangqi, janggi and minixiangqi that pyffish played to their
//! end (tests/data/protocols/ucci-*.txt, written by
//! tools/uci/make_protocol_games.py) give at every ply the FEN and the
//! legal moves in UCCI text (ranks 0-9 on ten-rank boards). Griffon must
//! write the same legal moves, answer `go` with one of them (never a
//! banned one) and say `nobestmove` where the game is over. Bad input gets
//! an `info string` and leaves the game as it was.

mod common;

use common::{Engine, ProtocolGame, placement_and_side, rules};
use griffon::game::Game;
use griffon::position::Position;
use griffon::uci::notation::{Dialect, parse_dialect_move};

const GAMES: [&str; 3] = ["ucci-xiangqi", "ucci-janggi", "ucci-minixiangqi"];

/// The move of `bestmove MOVE [ponder P]`, or `nobestmove`.
fn best_move(e: &mut Engine) -> String {
    let l = e.expect(|l| l.starts_with("bestmove ") || l == "nobestmove");
    l.split_whitespace().nth(1).unwrap_or(&l).to_string()
}

#[test]
fn moves_read_and_written_as_fairy_stockfish() {
    for name in GAMES {
        let reference = ProtocolGame::load(name);
        let rules = rules(&reference.variant);
        let mut game = Game::new(Position::start(rules.clone()).expect("start"));
        for (ply, step) in reference.plies.iter().enumerate() {
            let from_fen = Position::from_fen(rules.clone(), &step.position)
                .unwrap_or_else(|e| panic!("{name} ply {ply}: {}: {e:?}", step.position));
            assert_eq!(
                placement_and_side(&from_fen.fen()),
                placement_and_side(&game.position().fen()),
                "{name} ply {ply}"
            );
            step.agree_and_play(&mut game, Dialect::Ucci, &format!("{name} ply {ply}"));
        }
    }
}

#[test]
fn handshake_offers_ucci_options() {
    let (_e, lines) = Engine::start_handshake(&["ucci"], "ucci");
    for option in [
        "option UCI_Variant type combo default xiangqi ",
        "option hashsize type spin",
        "option Clear_Hash type button",
        "option usemillisec type check default true",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(option)),
            "{option}: {lines:?}"
        );
    }
    assert!(
        !lines.iter().any(|l| l.starts_with("option name")),
        "{lines:?}"
    );
}

/// Each reference game through the protocol, with UCCI's `setoption`,
/// `go time/increment/opptime` and `banmoves`; the end is `nobestmove`.
#[test]
fn games_played_to_their_end() {
    let (mut e, _) = Engine::start_handshake(&[], "ucci");
    for name in GAMES {
        let reference = ProtocolGame::load(name);
        e.send(&format!("setoption UCI_Variant {}", reference.variant));
        e.send("uccinewgame");
        let start = &reference.plies[0].position;
        let last = reference.plies.len() - 1;
        for ply in (0..last).step_by(7) {
            let moves = reference.moves(ply).join(" ");
            e.send(&format!("position fen {start} moves {moves}"));
            e.send("go time 2000 increment 0 opptime 2000 oppincrement 0");
            let best = best_move(&mut e);
            let legal = &reference.plies[ply].legal;
            assert!(legal.contains(&best), "{name} ply {ply}: {best}");
            // Every move but the last banned: that one is played.
            if legal.len() > 1 {
                e.send(&format!("banmoves {}", legal[..legal.len() - 1].join(" ")));
                e.send("go depth 2");
                assert_eq!(
                    &best_move(&mut e),
                    legal.last().expect("a move"),
                    "{name} ply {ply}"
                );
            }
        }
        let all = reference.moves(last).join(" ");
        e.send(&format!("position fen {start} moves {all}"));
        e.send("go depth 3");
        assert_eq!(best_move(&mut e), "nobestmove", "{name}");
        let errors = e.ready();
        assert!(
            !errors.iter().any(|l| l.starts_with("info string")),
            "{name}: {errors:?}"
        );
    }
    e.send("quit");
    e.expect(|l| l == "bye");
}

/// `usemillisec false`: `go time` in seconds (a 1000-second clock is not
/// a one-second one, and the move comes on `stop`).
#[test]
fn go_times_in_seconds_without_usemillisec() {
    let (mut e, _) = Engine::start_handshake(&[], "ucci");
    e.send("setoption usemillisec false");
    e.send("position startpos moves h2e2");
    e.send("go time 1000 increment 0");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let before = e.ready();
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:?}"
    );
    e.send("stop");
    best_move(&mut e);
}

#[test]
fn bad_input_gets_info_strings_and_keeps_the_game() {
    let (mut e, _) = Engine::start_handshake(&[], "ucci");
    e.send("position startpos moves h2e2 h9g7");
    for bad in [
        "position fen rnbakabnr/9/1c5c1 w",
        "position startpos moves h2e2 h9g7 h0g3",
        "position startpos moves h3e3",
        "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
        "setoption hashsize lots",
        "setoption NoSuchOption 1",
        "setoption UCI_Variant nosuchvariant",
        "setoption",
        "banmoves e0e9",
        "go time",
        "go sideways",
        "probe h0g2",
    ] {
        e.send(bad);
        let got = e.ready();
        assert!(
            got.len() == 1 && got[0].starts_with("info string error"),
            "{bad}: {got:?}"
        );
    }
    // The game is still h2e2 h9g7.
    e.send("go depth 3");
    let best = best_move(&mut e);
    let rules = rules("xiangqi");
    let mut game = Game::new(Position::start(rules).expect("start"));
    for text in ["h2e2", "h9g7", &best] {
        let mut pos = game.position().clone();
        let m = parse_dialect_move(&mut pos, text, Dialect::Ucci, false).expect("legal");
        game.play(m);
    }
}
