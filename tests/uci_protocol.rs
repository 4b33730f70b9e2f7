//! UCI transcripts: the handshake, Fairy-Stockfish's move texts (taken
//! from pyffish 0.0.90's `legal_moves` along random games) read and
//! answered with legal moves, `go infinite` held until `stop`, pondering
//! until `ponderhit`, MultiPV lines and the strength options, the other
//! `go` forms (clocks, `nodes`, `movetime`, `searchmoves`, `mate`) and
//! Chess960 castling, and bad input answered with `info string` while
//! the game stays as it was.

mod common;

use common::Engine;
use griffon::game::Game;
use griffon::position::{Position, Rules};
use griffon::uci::notation::parse_uci_move;
use griffon::variant::VariantSet;
use std::time::{Duration, Instant};

/// Whether `best` is legal after `moves` from the start of `variant`.
fn legal_after(variant: &str, moves: &[&str], best: &str) -> bool {
    let set = VariantSet::builtin().expect("built-ins");
    let rules = Rules::new(set.get(variant).expect("variant").clone()).expect("rules");
    let mut game = Game::new(Position::start(rules).expect("start"));
    for text in moves {
        let mut pos = game.position().clone();
        let m = parse_uci_move(&mut pos, text, false).expect("a legal move");
        game.play(m);
    }
    let mut pos = game.position().clone();
    parse_uci_move(&mut pos, best, false).is_ok()
}

#[test]
fn handshake_lists_variants_and_options() {
    let (_e, lines) = Engine::start_uci();
    assert!(
        lines.iter().any(|l| l.starts_with("id name Griffon")),
        "{lines:?}"
    );
    let variants = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess"))
        .expect("UCI_Variant");
    for name in ["chess", "xiangqi", "shogi", "janggimodern", "capablanca"] {
        assert!(variants.contains(&format!(" var {name}")), "{name}");
    }
    for option in [
        "Hash type spin",
        "Threads type spin",
        "Clear Hash type button",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {option}"))),
            "{option}"
        );
    }
}

#[test]
fn reads_and_answers_fairy_stockfish_move_texts() {
    let games: [(&str, &str); 8] = [
        (
            "chess",
            "g2g4 b8c6 h2h4 c6b4 g1h3 b4d3 c2d3 f7f6 f1g2 g8h6 g2c6 g7g6",
        ),
        (
            "xiangqi",
            "b3b2 h8g8 b2b10 b8b4 f1e2 a10b10 g4g5 a7a6 h3c3 b10b5 c1e3 h10i8",
        ),
        (
            "grand",
            "d3d4 f9d10 a1g1 a10a9 c2b1 j10h10 b1f5 g9i10 g1b1 d9c10 a3a4 e9f9",
        ),
        (
            "seirawan",
            "g1f3h b8a6e d2d4 g8f6 b1a3e e7e6 a3b5 f8e7h c1f4 c7c6 b2b3 e7d6",
        ),
        (
            "shogi",
            "h2c2 c9c8 c1d2 g9f8 a1a2 a9a8 e1e2 d9d8 f3f4 f8g9 d1c1 e9d9",
        ),
        (
            "crazyhouse",
            "g2g3 a7a5 c2c4 c7c6 b2b4 e7e5 a2a3 e8e7 b1c3 e7f6 h2h3 d7d6",
        ),
        (
            "duck",
            "d2d3,d3h3 h7h5,h5e4 g2g3,g3e6 g7g6,g6f3 g3g4,g4b4 c7c6,c6c4",
        ),
        ("janggi", "e2e2"),
    ];
    let (mut e, _) = Engine::start_uci();
    for (variant, moves) in games {
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send("ucinewgame");
        e.send(&format!("position startpos moves {moves}"));
        e.send("go depth 2");
        let best = e.expect(|l| l.starts_with("bestmove "));
        let best = best.split_whitespace().nth(1).expect("a move").to_string();
        let moves: Vec<&str> = moves.split(' ').collect();
        assert!(legal_after(variant, &moves, &best), "{variant}: {best}");
        let errors = e.ready();
        assert!(
            !errors.iter().any(|l| l.starts_with("info string")),
            "{variant}: {errors:?}"
        );
    }
}

#[test]
fn infinite_search_waits_for_stop() {
    let (mut e, _) = Engine::start_uci();
    e.send("position startpos moves e2e4");
    e.send("go infinite");
    // However slowly the machine runs: iterations come, no move.
    let first = e.expect(|l| l.starts_with("info depth") || l.starts_with("bestmove"));
    assert!(first.starts_with("info depth"), "{first}");
    std::thread::sleep(std::time::Duration::from_millis(300));
    let before = e.ready();
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:?}"
    );
    e.send("stop");
    let best = e.expect(|l| l.starts_with("bestmove "));
    let best = best.split_whitespace().nth(1).expect("a move").to_string();
    assert!(legal_after("normal", &["e2e4"], &best), "{best}");
}

/// `go ponder` thinks without a clock until `ponderhit`, then plays on
/// the clock of its `go` (here 1 s of 2 s left; no `stop` comes);
/// `stop` while pondering gives a move at once; `ponderhit` when not
/// pondering is an error.
#[test]
fn pondering_ends_at_ponderhit_on_the_clock() {
    let (mut e, lines) = Engine::start_uci();
    assert!(
        lines
            .iter()
            .any(|l| l == "option name Ponder type check default false"),
        "{lines:?}"
    );
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 2000 btime 2000");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let before = e.ready();
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:?}"
    );
    e.send("ponderhit");
    let best = e.expect(|l| l.starts_with("bestmove "));
    let best = best.split_whitespace().nth(1).expect("a move").to_string();
    assert!(legal_after("normal", &["e2e4", "e7e5"], &best), "{best}");

    e.send("go ponder wtime 2000 btime 2000");
    e.send("stop");
    let best = e.expect(|l| l.starts_with("bestmove "));
    let best = best.split_whitespace().nth(1).expect("a move").to_string();
    assert!(legal_after("normal", &["e2e4", "e7e5"], &best), "{best}");
    e.send("ponderhit");
    let got = e.ready();
    assert!(
        got.len() == 1 && got[0].starts_with("info string error: not pondering"),
        "{got:?}"
    );
}

/// PyChess sends the holdings of placement, seirawan and crazyhouse
/// positions as a rank after the last, which Fairy-Stockfish reads as
/// the hand; the legal-move counts are pyffish 0.0.90's for these FENs
/// (40, 28 and 53), checked here through the moves Griffon accepts.
#[test]
fn holdings_written_as_an_extra_rank_are_read() {
    let (mut e, _) = Engine::start_uci();
    for (variant, fen, legal) in [
        (
            "placement",
            "8/pppppppp/8/8/8/8/PPPPPPPP/8/nnbbrrqkNNBBRRQK w - - 0 1",
            40,
        ),
        (
            "seirawan",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/heHE w KQHGFEDCBAkqhgfedcba - 0 1",
            28,
        ),
        (
            "crazyhouse",
            "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R/Nn w KQkq - 0 1",
            53,
        ),
    ] {
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send(&format!("position fen {fen}"));
        let got = e.ready();
        assert!(got.is_empty(), "{variant}: {got:?}");
        let set = VariantSet::builtin().expect("built-ins");
        let rules = Rules::new(set.get(variant).expect("variant").clone()).expect("rules");
        let mut pos = Position::from_fen(rules, fen).expect("the FEN reads");
        assert_eq!(
            griffon::movegen::legal_moves(&mut pos).len(),
            legal,
            "{variant}"
        );
    }
}

#[test]
fn bad_input_gets_info_strings_and_keeps_the_game() {
    let (mut e, _) = Engine::start_uci();
    e.send("position startpos moves e2e4 e7e5");
    for bad in [
        "position fen this is no fen",
        "position startpos moves e2e4 e7e4",
        "position somewhere",
        "setoption name Hash value lots",
        "setoption name No Such Option value 1",
        "setoption name UCI_Variant value nosuchvariant",
        "go depth",
        "go sideways",
        "flip the board",
    ] {
        e.send(bad);
        let got = e.ready();
        assert!(
            got.len() == 1 && got[0].starts_with("info string error"),
            "{bad}: {got:?}"
        );
    }
    // The game is still 1. e4 e5, in chess.
    e.send("go depth 2");
    let best = e.expect(|l| l.starts_with("bestmove "));
    let best = best.split_whitespace().nth(1).expect("a move").to_string();
    assert!(legal_after("normal", &["e2e4", "e7e5"], &best), "{best}");
}

/// Garbage through the UCI loop in-process: bytes that are no UTF-8, a
/// line over the length limit, FENs for another board, moves of another
/// variant, options out of range. Every bad line gets an `info string`,
/// and the engine still answers `isready`.
#[test]
fn hostile_input_is_answered_and_survived() {
    let mut script: Vec<u8> = Vec::new();
    script.extend_from_slice(b"uci\n\xff\xfe\x00garbage\n");
    script.extend_from_slice(&vec![b'x'; 70_000]);
    script.extend_from_slice(b"\n");
    for line in [
        "setoption name UCI_Variant value xiangqi",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "position startpos moves e2e4",
        "position startpos moves h3e3 h10g8 @@@@ a1a1",
        "setoption name Hash value 0",
        "setoption name Threads value 100000",
        "setoption name VariantPath value /no/such/file.ini",
        "go movetime -5 depth -3 nodes",
        "setoption name UCI_Variant value shogi",
        "position startpos moves P@e5 7g7f",
        "isready",
    ] {
        script.extend_from_slice(line.as_bytes());
        script.push(b'\n');
    }
    let out = griffon::uci::run_script(&script).expect("the engine starts");
    let out = String::from_utf8(out).expect("the engine writes UTF-8");
    let errors = out
        .lines()
        .filter(|l| l.starts_with("info string error"))
        .count();
    assert!(errors >= 8, "{out}");
    assert!(out.lines().any(|l| l == "readyok"), "{out}");
}

/// The word after `name` in an `info` line.
fn field<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let mut words = line.split_whitespace();
    words.find(|w| *w == name)?;
    words.next()
}

#[test]
fn multipv_reports_every_line_and_plays_the_first() {
    let (mut e, lines) = Engine::start_uci();
    for option in [
        "option name MultiPV type spin default 1 min 1 max 500",
        "option name Skill Level type spin default 20 min 0 max 20",
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin default 1500 min 500 max 2800",
    ] {
        assert!(lines.iter().any(|l| l == option), "{option}: {lines:?}");
    }
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 5");
    let mut infos = Vec::new();
    let best = loop {
        let l = e.expect(|_| true);
        if l.starts_with("bestmove ") {
            break l;
        }
        infos.push(l);
    };
    let last: Vec<&String> = infos
        .iter()
        .filter(|l| field(l, "depth") == Some("5"))
        .collect();
    let numbers: Vec<&str> = last.iter().filter_map(|l| field(l, "multipv")).collect();
    assert_eq!(numbers, ["1", "2", "3"], "{infos:?}");
    for l in &last {
        for name in ["seldepth", "score", "nodes", "nps", "hashfull", "time"] {
            assert!(field(l, name).is_some(), "{name} missing: {l}");
        }
    }
    let firsts: Vec<&str> = last.iter().filter_map(|l| field(l, "pv")).collect();
    assert_eq!(firsts.len(), 3);
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    assert_eq!(best.split_whitespace().nth(1), Some(firsts[0]), "{best}");
}

#[test]
fn strength_options_refuse_bad_values_and_still_play_legal_moves() {
    let (mut e, _) = Engine::start_uci();
    for bad in [
        "setoption name MultiPV value 0",
        "setoption name MultiPV value 501",
        "setoption name Skill Level value 21",
        "setoption name Skill Level value weak",
        "setoption name UCI_Elo value 100",
        "setoption name UCI_LimitStrength value maybe",
    ] {
        e.send(bad);
        let got = e.ready();
        assert!(
            got.len() == 1 && got[0].starts_with("info string error: "),
            "{bad}: {got:?}"
        );
    }
    // MultiPV stayed 1: one line per depth.
    e.send("position startpos moves e2e4");
    e.send("go depth 3");
    let info = e.expect(|l| l.starts_with("info depth 3 "));
    assert_eq!(field(&info, "multipv"), Some("1"), "{info}");
    e.expect(|l| l.starts_with("bestmove "));
    // A weak level searches four lines, shows the one MultiPV asks for,
    // and plays a legal move.
    for setting in [
        "setoption name Skill Level value 0",
        "setoption name UCI_LimitStrength value true",
    ] {
        e.send(setting);
        e.send("position startpos moves e2e4");
        e.send("go depth 8");
        let mut lines = 0;
        let best = loop {
            let l = e.expect(|_| true);
            if l.starts_with("bestmove ") {
                break l;
            }
            lines = lines.max(field(&l, "multipv").map_or(0, |n| n.parse().unwrap_or(0)));
        };
        assert_eq!(lines, 1, "{setting}");
        let best = best.split_whitespace().nth(1).expect("a move").to_string();
        assert!(legal_after("normal", &["e2e4"], &best), "{best}");
    }
}

/// Griffon's own options, as XBoard has them, over UCI: announced with
/// their ranges, checked when set (resigning is not offered: UCI engines
/// do not resign), and the variant's book answering `go` at once, with
/// no search (capablanca has a book; `Book Depth` 0 turns it off).
#[test]
fn griffons_own_options_and_its_book() {
    let (mut e, lines) = Engine::start_uci();
    for option in [
        "option name Contempt type spin default 20 min -500 max 500",
        "option name Book File type string default <empty>",
        "option name Tablebase Path type string default <empty>",
        "option name Use Network type check default true",
        "option name UCI_Elo type spin default 1500 min 500 max 2800",
    ] {
        assert!(lines.iter().any(|l| l == option), "{option}: {lines:?}");
    }
    assert!(!lines.iter().any(|l| l.contains("Resign")), "{lines:?}");
    for (bad, why) in [
        ("setoption name Contempt value 501", "bad value"),
        ("setoption name Use Network value maybe", "bad value"),
        ("setoption name Resign value true", "unknown option"),
        (
            "setoption name Book File value /no/such/book.bin",
            "book not used",
        ),
    ] {
        e.send(bad);
        let got = e.ready();
        assert!(
            got.len() == 1 && got[0].starts_with(&format!("info string error: {why}")),
            "{bad}: {got:?}"
        );
    }
    e.send("setoption name Book File value <empty>");
    e.send("setoption name contempt value 0");
    e.send("setoption name UCI_Variant value capablanca");
    e.send("position startpos");
    e.send("go depth 3");
    let best = e.expect(|l| l.starts_with("info depth") || l.starts_with("bestmove"));
    assert!(best.starts_with("bestmove "), "searched: {best}");
    let best = best.split_whitespace().nth(1).expect("a move").to_string();
    assert!(legal_after("capablanca", &[], &best), "{best}");
    let got = e.ready();
    assert!(got.is_empty(), "{got:?}");

    e.send("setoption name Book Depth value 0");
    e.send("position startpos");
    e.send("go depth 3");
    let first = e.expect(|l| l.starts_with("info depth") || l.starts_with("bestmove"));
    assert!(first.starts_with("info depth"), "{first}");
}

/// The best move of one `go` from `position`, with the `info` lines
/// before it.
fn search(e: &mut Engine, position: &str, go: &str) -> (String, Vec<String>) {
    e.send(position);
    e.send(go);
    let mut infos = Vec::new();
    loop {
        let line = e.expect(|l| l.starts_with("info ") || l.starts_with("bestmove "));
        if let Some(rest) = line.strip_prefix("bestmove ") {
            let best = rest.split_whitespace().next().expect("a move").to_string();
            return (best, infos);
        }
        infos.push(line);
    }
}

/// The `go` forms a GUI sends in play and analysis, each checked by what
/// it must do: clocks and moves to go give a legal move in time, `nodes`
/// stops near its count, `movetime` within its time, `searchmoves` picks
/// among those only, `mate` finds a back-rank mate in one; Chess960
/// castling is written as the king taking its rook; the remaining
/// options take their values and refuse bad ones.
#[test]
fn go_forms_and_the_remaining_options() {
    let (mut e, _) = Engine::start_uci();
    e.send("setoption name UCI_AnalyseMode value true");
    e.send("setoption name Clear Hash");
    e.send("setoption name Move Overhead value 100");
    e.send("setoption name Move Overhead value -1");
    e.send("setoption name UCI_Chess960 value perhaps");
    let replies = e.ready();
    assert_eq!(
        replies
            .iter()
            .filter(|l| l.starts_with("info string"))
            .count(),
        2,
        "{replies:?}"
    );
    e.send("setoption name UCI_AnalyseMode value false");

    let start = "position startpos moves e2e4";
    let t = Instant::now();
    let (best, _) = search(
        &mut e,
        start,
        "go wtime 3000 btime 3000 winc 100 binc 100 movestogo 10",
    );
    assert!(legal_after("normal", &["e2e4"], &best), "{best}");
    assert!(
        t.elapsed() < Duration::from_millis(3000),
        "{:?}",
        t.elapsed()
    );

    let (best, infos) = search(&mut e, start, "go nodes 2000");
    assert!(legal_after("normal", &["e2e4"], &best), "{best}");
    let nodes: u64 = infos
        .iter()
        .filter_map(|l| field(l, "nodes")?.parse().ok())
        .max()
        .expect("info with nodes");
    assert!(nodes <= 4000, "{nodes} nodes for go nodes 2000");

    let t = Instant::now();
    let (best, _) = search(&mut e, start, "go movetime 300");
    let took = t.elapsed();
    assert!(legal_after("normal", &["e2e4"], &best), "{best}");
    assert!(took < Duration::from_millis(2000), "{took:?}");

    let (best, _) = search(&mut e, start, "go depth 6 searchmoves a7a6 h7h6");
    assert!(best == "a7a6" || best == "h7h6", "{best}");

    // Ra8 mates at once (back rank): the only mate in one.
    let (best, _) = search(
        &mut e,
        "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "go mate 1",
    );
    assert_eq!(best, "a1a8");

    // Castling, short: e1g1 in standard notation, e1h1 in Chess960's.
    let castle = "position fen r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let (best, _) = search(&mut e, castle, "go depth 1 searchmoves e1g1");
    assert_eq!(best, "e1g1");
    e.send("setoption name UCI_Chess960 value true");
    let (best, _) = search(&mut e, castle, "go depth 1 searchmoves e1h1");
    assert_eq!(best, "e1h1");
}
