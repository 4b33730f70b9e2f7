//! The XBoard engine as XBoard drives it: spawn `griffon`, send protocol
//! lines, read the replies. Bad input must get the CECP error forms and
//! leave the game as it was.

mod common;

use common::Engine;
use griffon::game::Game;
use griffon::position::{Position, Rules};
use griffon::variant::VariantSet;
use std::process::{Command, Stdio};
use std::time::Duration;

/// A referee game for checking the engine's moves independently of it.
fn referee(variant: &str, moves: &[&str]) -> Game {
    let mut set = VariantSet::new();
    set.load_builtins().expect("built-ins load");
    set.load_file("tests/data/variants/test-variants.ini")
        .strict()
        .expect("test variants load");
    let v = set.get(variant).expect("variant").clone();
    let pos = Position::start(Rules::new(v).expect("rules")).expect("start");
    let mut g = Game::new(pos);
    for m in moves {
        let mv = g.parse_move(m).expect("referee move");
        g.play(mv);
    }
    g
}

/// Every one of `wanted` is among the engine's `replies`.
fn assert_replied(replies: &[String], wanted: &[&str]) {
    for w in wanted {
        assert!(replies.iter().any(|r| r == w), "no {w:?} in {replies:?}");
    }
}

#[test]
fn features_announce_every_builtin_variant() {
    let mut e = Engine::start(&[]);
    e.send("xboard");
    e.send("protover 2");
    let f = e.expect(|l| l.contains("myname="));
    for v in [
        "normal",
        "capablanca",
        "grand",
        "great",
        "falcon",
        "cylinder",
        "shatranj",
        "courier",
    ] {
        assert!(f.contains(v), "{v} missing from {f}");
    }
    for feat in [
        "setboard=1",
        "usermove=1",
        "ping=1",
        "san=0",
        "colors=0",
        "sigint=0",
        "sigterm=0",
        "analyze=1",
    ] {
        assert!(f.contains(feat), "{feat} missing");
    }
}

#[test]
fn bad_input_gets_errors_and_keeps_the_game() {
    let mut e = Engine::start(&[]);
    e.send("new");
    e.send("force");
    e.send("usermove e2e4");
    e.send("frobnicate 7");
    e.send("usermove e7e2");
    e.send("usermove zz99");
    e.send("setboard this is not a fen");
    e.send("setboard rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    e.send("setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1");
    e.send("variant nosuchgame");
    e.send("level x y z");
    e.send("sd zero");
    let replies = e.sync(1);
    let expect_prefix = [
        "Error (unknown command): frobnicate 7",
        "Illegal move (not a legal move): e7e2",
        "Illegal move (not a move): zz99",
        "Error (bad FEN",
        "Error (bad FEN: FEN rank 7 has 9 squares",
        "Error (bad FEN: white has 2 royal pieces",
        "Error (unknown variant): variant nosuchgame",
        "Error (bad time control): level x y z",
        "Error (bad depth): sd zero",
    ];
    for p in expect_prefix {
        assert!(
            replies.iter().any(|r| r.starts_with(p)),
            "no reply starting {p:?} in {replies:?}"
        );
    }
    // The game is still 1.e4 with Black to move: the engine's reply must
    // be a legal black move there.
    e.send("sd 2");
    e.send("go");
    let m = e.next_move();
    referee("normal", &["e2e4", &m]);
}

#[test]
fn plays_legal_moves_in_several_variants() {
    for variant in [
        "normal",
        "capablanca",
        "grand",
        "shatranj",
        "falcon",
        "cylinder",
        "berolina",
    ] {
        let mut e = Engine::start(&[]);
        e.send("new");
        e.send(&format!("variant {variant}"));
        e.send("sd 2");
        e.send("post");
        e.send("white");
        e.send("go");
        let mut played: Vec<String> = Vec::new();
        // The engine plays White; we answer with the referee's first legal move.
        for _ in 0..4 {
            let m = e.next_move();
            played.push(m);
            let refs: Vec<&str> = played.iter().map(String::as_str).collect();
            let mut g = referee(variant, &refs);
            let Some(&reply) = g.legal_moves().first() else {
                break;
            };
            let text = griffon::notation::move_text(g.position(), reply);
            played.push(text.clone());
            e.send(&format!("usermove {text}"));
        }
    }
}

#[test]
fn undo_remove_and_setboard() {
    let mut e = Engine::start(&[]);
    e.send("new");
    e.send("force");
    e.send("usermove e2e4");
    e.send("usermove e7e5");
    e.send("remove");
    e.send("usermove d2d4");
    let r = e.sync(1);
    assert!(r.is_empty(), "{r:?}");
    e.send("undo");
    e.send("undo");
    let r = e.sync(2);
    assert!(
        r.iter().any(|l| l.starts_with("Error (no move to undo)")),
        "{r:?}"
    );
    e.send("setboard 4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    e.send("sd 3");
    e.send("go");
    let m = e.next_move();
    let mut set = VariantSet::new();
    set.load_builtins().unwrap();
    let rules = Rules::new(set.get("normal").unwrap().clone()).unwrap();
    let mut g = Game::new(Position::from_fen(rules, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap());
    g.parse_move(&m).expect("legal in the set-up position");
}

#[test]
fn claims_mate_and_stalemate() {
    let mut e = Engine::start(&[]);
    e.send("new");
    e.send("force");
    // Fool's mate: after 1.f3 e5 2.g4 Qh4 White is mated.
    for m in ["f2f3", "e7e5", "g2g4"] {
        e.send(&format!("usermove {m}"));
    }
    e.send("usermove d8h4");
    let l = e.expect(|l| l.starts_with("0-1") || l.starts_with("1-0") || l.starts_with("1/2"));
    assert_eq!(l, "0-1 {Black mates}");
    // Stalemate: Black king a8 to move, White queen c7 and king b6 take
    // every square it could go to (a7, b7, b8) without giving check.
    e.send("new");
    e.send("force");
    e.send("setboard k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
    e.send("go");
    let l = e.expect(|l| l.starts_with("1/2-1/2") || l.starts_with("move") || l == "resign");
    assert_eq!(l, "1/2-1/2 {Stalemate}");
}

#[test]
fn plays_on_after_a_bare_king_where_xboard_has_no_such_rule() {
    // XBoard's courier has no bare-king rule (its shatranj has): with
    // Black bared and its grace move played, Griffon must not claim but
    // move, as XBoard expects.
    let mut e = Engine::start(&[]);
    e.send("new");
    e.send("variant courier");
    e.send("force");
    e.send("setboard k11/12/12/12/12/12/12/K10R b - - 0 1");
    e.send("usermove a8b8");
    e.send("go");
    let l = e.expect(|l| l.starts_with("move") || l.contains('{'));
    assert!(l.starts_with("move "), "{l}");
    // XBoard's makruk has no counting rule either: when the count of the
    // referee's test in game_rules runs out, Griffon plays on.
    e.send("new");
    e.send("variant makruk");
    e.send("force");
    e.send("setboard 4k3/8/8/p7/8/8/8/RR2K3 w - - 0 1");
    for m in [
        "a1a5", "e8f8", "e1e2", "f8g8", "e2e3", "g8h8", "e3e4", "h8g8", "e4e5", "g8h8",
    ] {
        e.send(&format!("usermove {m}"));
    }
    e.send("go");
    let l = e.expect(|l| l.starts_with("move") || l.contains('{'));
    assert!(l.starts_with("move "), "{l}");
    // The same from a FEN with the count run out, as Fairy-Stockfish
    // writes it: read, and played on.
    e.send("new");
    e.send("variant makruk");
    e.send("force");
    e.send("setboard 7k/8/8/R3K3/8/8/8/1R6 w - 16 17 6");
    e.send("go");
    let l = e.expect(|l| l.starts_with("move") || l.contains('{') || l.starts_with("Error"));
    assert!(l.starts_with("move "), "{l}");
    // Nor does XBoard's chu (nor HaChu): Griffon plays on there too.
    e.send("new");
    e.send("variant chu");
    e.send("force");
    e.send("setboard k11/12/12/12/12/12/11R/12/12/12/12/K11 b - - 0 1");
    e.send("usermove a12b12");
    e.send("go");
    let l = e.expect(|l| l.starts_with("move") || l.contains('{'));
    assert!(l.starts_with("move "), "{l}");
    // In shatranj the rule stands and is claimed.
    e.send("new");
    e.send("variant shatranj");
    e.send("force");
    e.send("setboard k7/8/8/8/8/8/8/K6R b - - 0 1");
    e.send("usermove a8b8");
    let l = e.expect(|l| l.starts_with("move") || l.contains('{'));
    assert_eq!(l, "1-0 {bare king}");
}

/// XBoard 4.9 plays atomic without check (its backend.c `PosFlags`:
/// `F_IGNORE_CHECK`): it never sees a checkmate, ends the game only when a
/// king is blown up, calls a mate claim a false claim, and passes moves
/// that leave a king attacked. Griffon, mating, plays on and takes the
/// king; mated, it claims its own loss (which XBoard accepts unverified).
#[test]
fn atomic_mates_end_as_xboard_scores_them() {
    // The back-rank mate Ra1-a8: the king on h8 has only g8, which the
    // rook covers, and nothing can take the rook.
    let mated = "7k/6pp/8/8/8/8/8/R3K3 w - - 0 1";
    let mut e = Engine::start(&[]);
    e.send("new");
    e.send("variant atomic");
    e.send("force");
    e.send(&format!("setboard {mated}"));
    e.send("go");
    assert_eq!(e.next_move(), "a1a8");
    // No claim: XBoard would call it false. A move that leaves the king
    // attacked is taken, and the king goes.
    let replies = e.sync(1);
    assert!(replies.iter().all(|l| !l.contains('{')), "{replies:?}");
    e.send("usermove g7g6");
    let l = e.expect(|l| l.starts_with("move") || l.contains('{') || l.starts_with("Illegal"));
    assert!(l.starts_with("move "), "{l}");
    let l = e.expect(|l| l.starts_with("move") || l.contains('{') || l.starts_with("Illegal"));
    assert!(l.starts_with("1-0 {"), "{l}");
    // A move that would blow up the mover's own king stays illegal.
    e.send("new");
    e.send("variant atomic");
    e.send("force");
    e.send("setboard 7k/6pp/8/8/8/8/8/R3Kn2 w - - 0 1");
    e.send("usermove e1f1");
    let replies = e.sync(2);
    assert!(
        replies.iter().any(|l| l.starts_with("Illegal move")),
        "{replies:?}"
    );
    // Mated itself, Griffon claims its loss.
    e.send("new");
    e.send("variant atomic");
    e.send(&format!("setboard {mated}"));
    e.send("usermove a1a8");
    let l = e.expect(|l| l.starts_with("move") || l.contains('{'));
    assert_eq!(l, "1-0 {White mates}");
}

#[test]
fn a_count_read_from_setboard_runs_out_on_time() {
    // Makruk under a name XBoard does not know, so its counting rule
    // ends the game. Two knights against the bare king, 60 of the 64
    // plies counted (the FEN as Fairy-Stockfish writes it): the game is
    // drawn once Black's third move makes 65, where pyffish ends it too
    // (tests/data/counting/fsf-counting.txt has a game from this FEN).
    let mut e = Engine::with_test_variants();
    e.send("new");
    e.send("variant makruk-counted");
    e.send("force");
    e.send("sd 3");
    e.send("setboard 8/8/8/3k4/8/8/8/NN2K3 b - 64 60 40");
    let replies = e.sync(1);
    assert!(
        !replies.iter().any(|r| r.starts_with("Error")),
        "{replies:?}"
    );
    e.send("go");
    let mut claims = Vec::new();
    for white in ["e1f1", "f1e1", ""] {
        // The bare king is two ranks away at least: the white king's
        // shuffle stays legal whatever Black plays.
        let l = e.expect(|l| l.starts_with("move") || l.contains('{'));
        assert!(l.starts_with("move "), "{l}");
        if white.is_empty() {
            claims = e.sync(2);
        } else {
            let replies = e.sync(2);
            assert!(replies.iter().all(|r| !r.contains('{')), "{replies:?}");
            e.send(&format!("usermove {white}"));
        }
    }
    assert!(
        claims.iter().any(|r| r == "1/2-1/2 {counting rule}"),
        "{claims:?}"
    );
    // A count in a variant without counting, and an absurd count, are
    // refused with a reason.
    e.send("new");
    e.send("setboard 7k/8/8/R3K3/8/8/8/1R6 b - 16 16 5");
    e.send("variant makruk");
    e.send("setboard 7k/8/8/R3K3/8/8/8/1R6 b - 16 99999 5");
    let replies = e.sync(3);
    assert_eq!(replies.len(), 2, "{replies:?}");
    assert!(replies[0].starts_with("Error (bad FEN: ") && replies[0].contains("no counting rule"));
    assert!(replies[1].starts_with("Error (bad FEN: ") && replies[1].contains("counting field"));
}

#[test]
fn claims_dead_positions_and_accepts_draw_offers_there() {
    let mut e = Engine::start(&[]);
    e.send("new");
    e.send("force");
    // White's knight takes the last black man: king and knight against
    // king is dead (FIDE), and the engine says so after the move.
    e.send("setboard 8/8/4k3/8/8/3K4/4r3/6N1 w - - 0 1");
    e.send("usermove g1e2");
    let l = e.expect(|l| l.starts_with("1/2-1/2") || l.starts_with("1-0") || l.starts_with("0-1"));
    assert_eq!(l, "1/2-1/2 {insufficient material}");
    // A draw offer in a dead position is accepted; in a won one it is not.
    e.send("new");
    e.send("force");
    e.send("setboard 8/8/4k3/8/8/3K4/8/6N1 w - - 0 1");
    e.send("draw");
    let replies = e.sync(1);
    assert!(replies.iter().any(|l| l == "offer draw"), "{replies:?}");
    e.send("new");
    e.send("force");
    e.send("setboard 8/8/4k3/8/8/3K4/8/Q5N1 w - - 0 1");
    e.send("draw");
    let replies = e.sync(2);
    assert!(!replies.iter().any(|l| l == "offer draw"), "{replies:?}");
}

#[test]
fn analyze_mode_reports_and_accepts_moves() {
    let mut e = Engine::start(&[]);
    e.send("new");
    e.send("post");
    e.send("analyze");
    let first = e.expect(|l| {
        l.split_whitespace()
            .next()
            .is_some_and(|w| w.parse::<u32>().is_ok())
    });
    // Thinking output: ply score time nodes seldepth nps tbhits <TAB> pv.
    let fields: Vec<&str> = first
        .split('\t')
        .next()
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(fields.len(), 7, "{first}");
    e.send(".");
    e.send("usermove e2e4");
    e.send("exit");
    e.send("force");
    let r = e.sync(1);
    assert!(
        !r.iter()
            .any(|l| l.starts_with("Illegal") || l.starts_with("Error")),
        "{r:?}"
    );
    // The move played in analyze mode stands: Black is to move.
    e.send("sd 1");
    e.send("go");
    let m = e.next_move();
    referee("normal", &["e2e4", &m]);
}

#[test]
fn engine_defined_variant_sends_setup_and_pieces() {
    let mut e = Engine::with_test_variants();
    e.send("xboard");
    e.send("protover 2");
    let f = e.expect(|l| l.contains("myname="));
    assert!(f.contains("minirook"), "{f}");
    e.send("new");
    e.send("variant minirook");
    let setup = e.expect(|l| l.starts_with("setup "));
    assert!(
        setup.contains(" 6x6+0_fairy rwk3/6/6/6/6/3KWR w - - 0 1"),
        "{setup}"
    );
    assert!(
        setup.contains('W') && setup.contains('R') && setup.contains('K'),
        "{setup}"
    );
    let piece = e.expect(|l| l.starts_with("piece W"));
    assert_eq!(piece, "piece W& WN");
    e.send("sd 2");
    e.send("go");
    let m = e.next_move();
    referee("minirook", &[&m]);
}

#[test]
fn bracket_pieces_reach_xboard_in_the_notation_it_reads() {
    // XBoard 4.9.1 reads no brackets: a griffon sent as `[F?R]` has no
    // moves there, and its first move is refused as invalid.
    let mut e = Engine::start(&[
        "xboard",
        "--variant-file",
        "tests/data/variants/bracket-pieces.ini",
    ]);
    e.send("new");
    e.send("variant griffons");
    e.expect(|l| l.starts_with("setup "));
    let mut pieces = Vec::new();
    for _ in 0..7 {
        pieces.push(e.expect(|l| l.starts_with("piece ")));
    }
    for want in [
        "piece G& FyafsF",
        "piece A& WyafsW",
        "piece C& mRcpR",
        "piece X& KcafmK",
    ] {
        assert!(pieces.iter().any(|p| p == want), "{want}: {pieces:?}");
    }
    // A pawn opens the way and the griffon makes a bent move, h1-g2-g3
    // (XBoard numbers ten ranks from 0).
    e.send("force");
    e.send("usermove g1g3");
    e.send("usermove a8a7");
    e.send("usermove h0g2");
    let replies = e.sync(1);
    assert!(
        replies.iter().all(|l| !l.starts_with("Illegal")),
        "{replies:?}"
    );
}

#[test]
fn claims_nothing_xboard_may_not_see_where_a_piece_is_widened() {
    let mut e = Engine::with_test_variants();
    e.send("new");
    e.send("variant widened");
    e.expect(|l| l.starts_with("piece A& "));
    // Griffon mates with the rook and does not claim it: XBoard, which
    // misses some of the aanca's checks, might call the claim false.
    e.send("force");
    e.send("setboard 7k/8/6K1/8/8/8/8/R7 w - - 0 1");
    e.send("go");
    assert_eq!(e.next_move(), "a1a8");
    let replies = e.sync(1);
    assert!(replies.iter().all(|l| !l.contains('{')), "{replies:?}");
    // Mated itself, it claims its loss, which XBoard accepts unverified.
    e.send("new");
    e.send("variant widened");
    e.send("setboard 7k/8/6K1/8/8/8/8/R7 w - - 0 1");
    e.send("usermove a1a8");
    let l = e.expect(|l| l.starts_with("move") || l.contains('{'));
    assert_eq!(l, "1-0 {White mates}");
    // Stalemated, it offers the draw instead of claiming it, and waits.
    e.send("new");
    e.send("variant widened");
    e.send("force");
    e.send("setboard k7/8/K7/8/8/8/8/1R6 b - - 0 1");
    e.send("go");
    let ends =
        |l: &str| l == "offer draw" || l.contains('{') || l == "resign" || l.starts_with("move");
    assert_eq!(e.expect(ends), "offer draw");
    let replies = e.sync(2);
    assert!(!replies.iter().any(|l| ends(l)), "{replies:?}");
}

#[test]
fn a_big_board_full_of_drops_is_played() {
    // 1243 legal moves at the start (tests/movegen_hand.rs counts them):
    // the engine searches them all and answers with one, each side in turn.
    let mut e = Engine::with_test_variants();
    e.send("new");
    e.send("variant bighouse");
    e.send("sd 2");
    e.send("go");
    let first = e.next_move();
    e.send("force");
    let reply = {
        let g = referee("bighouse", &[&first]);
        let mut pos = g.position().clone();
        let m = griffon::movegen::legal_moves(&mut pos)[0];
        griffon::notation::move_text(&pos, m)
    };
    e.send(&format!("usermove {reply}"));
    e.send("go");
    let second = e.next_move();
    referee("bighouse", &[&first, &reply, &second]);
}

#[test]
fn time_controls_are_obeyed() {
    // 40 moves in 2 seconds: each move must come well within the clock.
    let mut e = Engine::start(&[]);
    e.send("new");
    e.send("level 40 0:02 0");
    e.send("time 200");
    e.send("otim 200");
    e.send("white");
    let start = std::time::Instant::now();
    e.send("go");
    let m = e.next_move();
    assert!(
        start.elapsed() < Duration::from_millis(1500),
        "took {:?}",
        start.elapsed()
    );
    referee("normal", &[&m]);
    // st 1: one second per move at most (plus a little for the pipe).
    e.send("new");
    e.send("st 1");
    e.send("white");
    let start = std::time::Instant::now();
    e.send("go");
    e.next_move();
    assert!(
        start.elapsed() < Duration::from_millis(1500),
        "took {:?}",
        start.elapsed()
    );
}

#[test]
fn smaller_commands() {
    let mut e = Engine::start(&[]);
    e.send("new");
    e.send("force");
    // lift: the knight on g1 may go to f3 and h3 (yellow, no captures).
    e.send("lift g1");
    // A holdings square beside the board: no highlight, no error popup.
    e.send("lift i3");
    e.send("hint");
    e.send("bk");
    e.send("option Move Overhead=100");
    e.send("option Contempt=35");
    e.send("option Contempt=lots");
    e.send("option Pawn Trade Contempt=50");
    e.send("option Pawn Trade Contempt=-5");
    e.send("option No Such Option=3");
    e.send("memory 8");
    e.send("memory lots");
    e.send("nps 100000");
    let r = e.sync(1);
    assert!(
        r.contains(&"highlight 8/8/8/8/8/5Y1Y/8/8".to_string()),
        "{r:?}"
    );
    assert!(r.iter().any(|l| l.starts_with("Hint: ")), "{r:?}");
    assert!(!r.iter().any(|l| l.contains("i3")), "{r:?}");
    assert!(
        r.iter().any(|l| l.starts_with("Error (unknown option)")),
        "{r:?}"
    );
    assert!(
        r.iter().any(|l| l.starts_with("Error (bad memory size)")),
        "{r:?}"
    );
    assert!(
        r.contains(&"Error (bad value): option Contempt=lots".to_string()),
        "{r:?}"
    );
    assert!(
        r.contains(&"Error (bad value): option Pawn Trade Contempt=-5".to_string()),
        "{r:?}"
    );
    assert!(
        !r.iter().any(|l| l.contains("Move Overhead")
            || l.contains("memory 8")
            || l.contains("Contempt=35")
            || l.contains("Contempt=50")),
        "{r:?}"
    );
    // edit: clear the board, put a white king on e1, rook on a1, black
    // king on e8, and leave; the engine then plays White from there.
    e.send("edit");
    e.send("#");
    e.send("Ke1");
    e.send("Ra1");
    e.send("c");
    e.send("Ke8");
    e.send(".");
    e.send("sd 2");
    e.send("go");
    let m = e.next_move();
    let mut set = VariantSet::new();
    set.load_builtins().unwrap();
    let rules = Rules::new(set.get("normal").unwrap().clone()).unwrap();
    let mut g = Game::new(Position::from_fen(rules, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap());
    g.parse_move(&m).expect("legal after edit");
    // pause / resume: paused, the engine does not move; resumed, it does.
    e.send("new");
    e.send("sd 1");
    e.send("usermove e2e4");
    let reply = e.next_move();
    referee("normal", &["e2e4", &reply]);
    e.send("pause");
    e.send("usermove d2d4");
    let r = e.sync(2);
    assert!(
        !r.iter().any(|l| l.starts_with("move ")),
        "moved while paused: {r:?}"
    );
    e.send("resume");
    let reply2 = e.next_move();
    referee("normal", &["e2e4", &reply, "d2d4", &reply2]);
    // playother: the engine takes the side not to move and waits.
    e.send("new");
    e.send("force");
    e.send("playother");
    e.send("usermove e2e4");
    let reply = e.next_move();
    referee("normal", &["e2e4", &reply]);
}

#[test]
fn exclude_removes_root_moves_in_analysis() {
    let mut e = Engine::start(&[]);
    e.send("new");
    e.send("force");
    // White has g3, g4, h3, h4 and Kg1; exclude them all, let g2g3 back
    // in, and the analysis must show g2g3 as its only choice.
    e.send("setboard 7k/8/8/8/8/8/6PP/7K w - - 0 1");
    e.send("exclude all");
    e.send("include g2g3");
    e.send("post");
    e.send("analyze");
    let line = e.expect(|l| l.contains('\t'));
    let pv = line.split('\t').nth(1).unwrap_or_default();
    assert!(pv.starts_with("g2g3"), "{line}");
    e.send("exit");
}

#[test]
fn resigns_a_lost_position_when_asked_to() {
    // Black to move with a lone king against king and two queens: every
    // move scores far below -9 pawns. With resigning on, the engine plays
    // two moves and resigns at the third.
    let mut e = Engine::start(&[]);
    e.send("new");
    e.send("option Resign=1");
    e.send("option Resign Threshold=500");
    e.send("force");
    e.send("setboard 4k3/8/8/8/8/8/QQ6/4K3 b - - 0 1");
    e.send("sd 3");
    e.send("go");
    let first = e.next_move();
    let mut g = referee_fen("4k3/8/8/8/8/8/QQ6/4K3 b - - 0 1", &[&first]);
    // Answer with a quiet white move that keeps the game going.
    let mut seen = vec![first];
    for _ in 0..2 {
        let reply = g.legal_moves().iter().copied().find(|&m| {
            let mut h = g.clone();
            h.play(m);
            h.outcome().is_none() && !h.position().in_check(griffon::types::Color::Black)
        });
        let reply = reply.expect("a quiet white move");
        let text = griffon::notation::move_text(g.position(), reply);
        g.play(reply);
        e.send(&format!("usermove {text}"));
        let l = e.expect(|l| l.starts_with("move ") || l == "resign");
        if l == "resign" {
            return;
        }
        let m = l["move ".len()..].to_string();
        let mv = g.parse_move(&m).expect("legal");
        g.play(mv);
        seen.push(m);
    }
    panic!("no resignation after {seen:?}");
}

fn referee_fen(fen: &str, moves: &[&str]) -> Game {
    let mut set = VariantSet::new();
    set.load_builtins().unwrap();
    let rules = Rules::new(set.get("normal").unwrap().clone()).unwrap();
    let mut g = Game::new(Position::from_fen(rules, fen).unwrap());
    for m in moves {
        let mv = g.parse_move(m).expect("referee move");
        g.play(mv);
    }
    g
}

#[test]
fn chu_lion_moves_on_the_wire() {
    // XBoard's dialogue for a Lion double move: lift the Lion, put it on
    // the victim, lift it there, and the engine shows where the second leg
    // may go; then the move itself, and the pass as @@@@.
    let mut e = Engine::start(&[]);
    e.send("new");
    e.send("variant chu");
    e.send("force");
    e.send("setboard 11k/12/12/12/12/12/5p6/4N7/12/12/12/K11 w - - 0 1");
    e.send("lift e5");
    e.send("put f6");
    e.send("lift f6");
    let r = e.sync(1);
    let boards: Vec<&String> = r.iter().filter(|l| l.starts_with("highlight ")).collect();
    assert_eq!(boards.len(), 2, "{r:?}");
    // First: every square within two steps; the pawn on f6 cyan, where a
    // move may go on (as HaChu marks it); the Lion's own square is its pass.
    assert_eq!(
        boards[0],
        "highlight 12/12/12/12/12/2YYYYY5/2YYYCY5/2YYYYY5/2YYYYY5/2YYYYY5/12/12"
    );
    // Second leg from f6: the 8 neighbours, e5 (igui) and f6 itself red.
    assert_eq!(
        boards[1],
        "highlight 12/12/12/12/12/4YYY5/4YRY5/4RYY5/12/12/12/12"
    );
    e.send("put z99");
    let r = e.sync(3);
    assert!(
        r.iter().any(|l| l == "Error (bad square): put z99"),
        "{r:?}"
    );
    e.send("usermove e5f6,f6g7");
    e.send("usermove l12k12");
    e.send("usermove @@@@");
    let r = e.sync(2);
    assert!(
        !r.iter()
            .any(|l| l.contains("Illegal") || l.contains("Error")),
        "{r:?}"
    );
}

/// Bughouse on an ICS: `holding` brings the partner's captures into
/// the holdings, named piece by piece or as whole lists; a drop that was
/// illegal before is legal after. Bad forms get errors and change nothing.
#[test]
fn holding_sets_the_holdings() {
    let mut e = Engine::start(&[]);
    e.send("new");
    e.send("variant bughouse");
    e.send("force");
    e.send("usermove e2e4");
    e.send("usermove N@f6");
    e.send("holding [] [N] BN");
    e.send("usermove N@f6");
    e.send("holding [Q] [] WQ");
    e.send("usermove Q@h5");
    let replies = e.sync(1);
    assert_eq!(
        replies
            .iter()
            .filter(|r| r.starts_with("Illegal move"))
            .count(),
        1,
        "{replies:?}"
    );
    assert_replied(&replies, &["Illegal move (not a legal drop): N@f6"]);
    // Whole lists: White's queen was used; Black now holds two pawns.
    e.send("holding [] [PP]");
    e.send("usermove P@e6");
    e.send("holding [P] [");
    e.send("holding [P] [] XP");
    e.send("usermove Q@a4");
    let replies = e.sync(2);
    assert_replied(
        &replies,
        &[
            "Error (expected: holding [WHITE] [BLACK] [COLOUR PIECE]): holding [P] [",
            "Error (expected: holding [WHITE] [BLACK] [COLOUR PIECE]): holding [P] [] XP",
            "Illegal move (not a legal drop): Q@a4",
        ],
    );
    assert!(!replies.iter().any(|r| r.contains("P@e6")), "{replies:?}");
    // The engine plays on from there: Black has a pawn left in hand.
    e.send("sd 2");
    e.send("go");
    let m = e.next_move();
    let fen = "rnbqkbnr/pppppppp/5n2/7Q/4P3/8/PPPP1PPP/RNBQKBNR[pp] b KQkq - 0 1";
    let pos = Position::from_fen(common::rules("bughouse"), fen).expect("fen");
    let mut g = Game::new(pos);
    let drop = g.parse_move("P@e6").expect("the drop");
    g.play(drop);
    assert!(g.parse_move(&m).is_ok(), "{m} after P@e6");

    // No holdings in chess.
    e.send("new");
    e.send("holding [Q] [] WQ");
    let replies = e.sync(3);
    assert_replied(
        &replies,
        &["Error (no holdings in this variant): holding [Q] [] WQ"],
    );
}

#[test]
fn drops_and_gating_over_the_wire() {
    // Crazyhouse: 1.e4 d5 2.exd5 Qxd5 3.Nc3 Qa5; White drops the pawn it
    // took. A drop of a piece not in hand, or onto an occupied square, is
    // an illegal move; one with an unknown letter is not a move at all.
    let mut e = Engine::start(&[]);
    e.send("new");
    e.send("variant crazyhouse");
    e.send("force");
    for m in ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5"] {
        e.send(&format!("usermove {m}"));
    }
    e.send("usermove Q@d4");
    e.send("usermove P@c3");
    e.send("usermove Z@d4");
    e.send("usermove P@d4");
    let replies = e.sync(1);
    assert_replied(
        &replies,
        &[
            "Illegal move (not a legal drop): Q@d4",
            "Illegal move (not a legal drop): P@c3",
            "Illegal move (not a drop): Z@d4",
        ],
    );
    assert!(!replies.iter().any(|r| r.contains("P@d4")), "{replies:?}");
    e.send("sd 2");
    e.send("go");
    let m = e.next_move();
    referee(
        "crazyhouse",
        &["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "P@d4", &m],
    );

    // Seirawan: a gating move from XBoard, then the engine's answer.
    e.send("new");
    e.send("variant seirawan");
    e.send("force");
    e.send("usermove g1f3h");
    e.send("sd 2");
    e.send("go");
    let m = e.next_move();
    referee("seirawan", &["g1f3h", &m]);
}

#[test]
fn kyoto_and_superchess_over_the_wire() {
    let mut e = Engine::start(&[]);
    e.send("xboard");
    e.send("protover 2");
    let f = e.expect(|l| l.contains("myname="));
    assert!(f.contains("kyotoshogi") && f.contains("super"), "{f}");
    // Kyoto shogi: defined for XBoard on its shogi parent (so `+`
    // promotes), without `piece` lines (their letters would be shogi's).
    e.send("new");
    e.send("variant kyotoshogi");
    let replies = e.sync(1);
    assert!(
        replies.iter().any(|r| r
            == "setup (PN..LS.....++..++Kpn..ls.....++..++k) 5x5+4_shogi p+nks+l/5/5/5/+LSK+NP[-] w 0 1"),
        "{replies:?}"
    );
    assert!(
        !replies.iter().any(|r| r.starts_with("piece ")),
        "{replies:?}"
    );
    // Moves as XBoard relays them: promotions with `+`, demotions with the
    // new letter.
    e.send("force");
    let moves = ["e1e2+", "a5a4+", "e2e5p", "a4a1p"];
    for m in moves {
        e.send(&format!("usermove {m}"));
    }
    assert!(e.sync(2).is_empty());
    e.send("sd 3");
    e.send("go");
    let m = e.next_move();
    let mut line: Vec<&str> = moves.to_vec();
    line.push(&m);
    referee("kyotoshogi", &line);
    // XBoard cannot write a promoted drop: where only drops are legal the
    // engine drops the piece unpromoted.
    e.send("new");
    e.send("variant kyotoshogi");
    e.send("force");
    e.send("setboard k4/5/+n+p3/5/K4[L] w 0 1");
    e.send("sd 3");
    e.send("go");
    let m = e.next_move();
    assert!(m.starts_with("L@"), "{m}");

    // XBoard's Shogi with a board-size override names the small shogis.
    for (name, fen) in [
        ("5x5+4_shogi", "p+nks+l/5/5/5/+LSK+NP[-] w 0 1"),
        ("5x5+5_shogi", "rbsgk/4p/5/P4/KGSBR[-] w 0 1"),
    ] {
        e.send("new");
        e.send(&format!("variant {name}"));
        let replies = e.sync(5);
        assert!(
            replies
                .iter()
                .any(|r| r.starts_with("setup (") && r.ends_with(&format!("{name} {fen}"))),
            "{replies:?}"
        );
    }
    e.send("new");
    e.send("variant 7x7+0_shogi");
    let replies = e.sync(6);
    assert!(
        replies
            .iter()
            .any(|r| r.starts_with("Error (unknown variant)")),
        "{replies:?}"
    );
    // A malformed size is an error too, not the full-size game.
    e.send("variant 5x5+x_shogi");
    let replies = e.sync(7);
    assert!(
        replies
            .iter()
            .any(|r| r.starts_with("Error (bad board size")),
        "{replies:?}"
    );

    // Superchess: XBoard's own variant (no setup), the position comes by
    // setboard with holdings; a promotion takes the piece from the hand.
    e.send("new");
    e.send("variant super");
    e.send("force");
    e.send("setboard 4k3/1P6/8/8/8/8/8/4K3[Q] w - - 0 1");
    e.send("usermove b7b8r");
    e.send("usermove b7b8q");
    let replies = e.sync(3);
    assert!(
        replies
            .iter()
            .any(|r| r.starts_with("Illegal move") && r.ends_with("b7b8r")),
        "{replies:?}"
    );
    assert!(!replies.iter().any(|r| r.contains("b7b8q")), "{replies:?}");
    assert!(
        replies.iter().all(|r| !r.starts_with("setup ")),
        "{replies:?}"
    );

    // Spite checks whose rook keeps coming back: a draw by repetition
    // across captures, which XBoard (counting only since the last
    // capture) would call a false claim. Griffon does not claim it but
    // accepts a draw offer there.
    e.send("new");
    e.send("variant super");
    e.send("force");
    e.send("setboard 4k3/8/8/8/8/8/8/3K4[r] b - - 0 1");
    for m in [
        "R@e1", "d1e1", "R@d1", "e1d1", "R@e1", "d1e1", "R@d1", "e1d1",
    ] {
        e.send(&format!("usermove {m}"));
    }
    e.send("draw");
    let replies = e.sync(4);
    assert!(replies.iter().any(|r| r == "offer draw"), "{replies:?}");
    assert!(
        !replies.iter().any(|r| r.starts_with("1/2-1/2")),
        "{replies:?}"
    );
}

#[test]
fn cores_and_memory_are_obeyed_and_bad_values_refused() {
    let mut e = Engine::start(&[]);
    e.send("new");
    e.send("cores 2");
    e.send("memory 32");
    e.send("cores 0");
    e.send("cores many");
    let r = e.sync(7);
    let errors = r
        .iter()
        .filter(|l| l.starts_with("Error (bad number of cores)"))
        .count();
    assert_eq!(errors, 2, "{r:?}");
    e.send("st 1");
    e.send("go");
    let reply = e.expect(|l| l.starts_with("move "));
    assert!(reply.len() > 5, "{reply}");
    let r = e.sync(1);
    assert!(!r.iter().any(|l| l.starts_with("Illegal")), "{r:?}");
}

#[test]
fn egtpath_tables_give_the_distance_to_mate() {
    // KRvK's longest mate is 16 moves (published); a 4-ply search sees
    // nothing of it, the table all of it.
    let dir = std::env::temp_dir().join(format!("griffon-egtpath-{}", std::process::id()));
    let status = Command::new(env!("CARGO_BIN_EXE_griffon"))
        .args(["tb", "gen", "--material", "KRvK", "--out"])
        .arg(&dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("run griffon tb gen");
    assert!(status.success());
    let mut e = Engine::start(&[]);
    e.send(&format!("egtpath griffon {}", dir.display()));
    e.send("new");
    e.send("force");
    e.send("setboard 8/8/8/8/8/2k5/1R6/K7 w - - 0 1");
    e.send("post");
    e.send("sd 4");
    e.send("go");
    let line = e.expect(|l| {
        l.split_whitespace()
            .nth(1)
            .and_then(|s| s.parse::<i32>().ok())
            .is_some_and(|s| s > 19_000)
    });
    let score: i32 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    // 20000 less the plies to mate: 31 plies is mate in 16 moves.
    assert_eq!(20_000 - score, 31, "{line}");
    e.expect(|l| l.starts_with("move "));
    // A garbage file in the directory is skipped, the engine keeps going.
    std::fs::write(dir.join("normal-KQvK.gtb"), b"not a table").unwrap();
    e.send("egtpath griffon /no/such/directory");
    e.send(&format!("egtpath griffon {}", dir.display()));
    e.send("ping 7");
    e.expect(|l| l == "pong 7");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn plays_from_a_polyglot_book_and_lists_it_with_bk() {
    // Polyglot's own book of the fixture games: its heaviest first move
    // is Nc3 (weight 5 of 31).
    let mut e = Engine::start(&[]);
    e.send("new");
    e.send("sd 3");
    e.send("option Book File=tests/data/books/chess-polyglot.bin");
    e.send("option Book Variety=0");
    e.send("bk");
    let line = e.expect(|l| l.starts_with(' '));
    assert!(line.starts_with(" b1c3 16%"), "{line}");
    e.send("go");
    e.expect(|l| l == "move b1c3");
    // After 1. Nc3 e5 the book has nothing: the engine searches.
    e.send("usermove e7e5");
    let reply = e.expect(|l| l.starts_with("move "));
    assert!(reply.len() > 5);
    // A book file that is not there: said once, and play goes on.
    e.send("new");
    e.send("option Book File=tests/data/books/no-such-book.bin");
    e.expect(|l| l.starts_with("telluser book not used"));
    e.send("force");
    e.send("usermove e2e4");
    e.send("ping 7");
    e.expect(|l| l == "pong 7");
    e.send("quit");
}

#[test]
fn book_keys_follow_what_xboard_keeps_beyond_the_position() {
    // Each book holds one entry: under the key XBoard 4.9.1 computed at a
    // ply of one of its games (tests/data/books/xboard-keys-*.txt), the
    // move the game played there. The engine, fed the game's moves, must
    // find it. In grand, XBoard's key then counts the captured pieces it
    // keeps in hand for promotion; in super, the castling rights of its
    // own shuffled setup, which the engine gets by `setboard`.
    use griffon::book::{Book, BookEntry, BookHasher, MoveCoding};
    let set = VariantSet::builtin().expect("built-ins");
    let dir = std::env::temp_dir().join(format!("griffon-book-state-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    for (variant, ply) in [("grand", 30), ("super", 8)] {
        let common::XBoardKeys { fen, moves, keys } = common::xboard_keys(variant);
        let key = keys[ply];
        let v = set.get(variant).expect("variant");
        let rules = Rules::new(v.clone()).expect("rules");
        let start = match fen.as_deref() {
            Some(f) => Position::from_fen(rules, f),
            None => Position::start(rules),
        }
        .expect("start");
        let hasher = BookHasher::new(v).expect("hasher");
        let mut game = Game::new(start);
        let mut played = Vec::new();
        for text in &moves[..ply] {
            let m = game.parse_any(text).expect("legal");
            played.push(griffon::notation::move_text(game.position(), m));
            game.play(m);
        }
        let next = game.parse_any(&moves[ply]).expect("legal");
        let next_text = griffon::notation::move_text(game.position(), next);
        let coding = MoveCoding::new(game.position(), &hasher);
        let code = coding.encode(game.position(), next).expect("code");
        let book = Book::from_entries(vec![BookEntry {
            key,
            mv: code,
            weight: 1,
            learn: 0,
        }]);
        let path = dir.join(format!("{variant}.bin"));
        std::fs::write(&path, book.to_bytes()).expect("write");
        let mut e = Engine::start(&[]);
        e.send("new");
        e.send(&format!("variant {variant}"));
        if let Some(f) = &fen {
            e.send(&format!("setboard {f}"));
        }
        e.send(&format!("option Book File={}", path.display()));
        e.send("force");
        for m in &played {
            e.send(&format!("usermove {m}"));
        }
        e.send("bk");
        let line = e.expect(|l| l.starts_with(' '));
        assert!(
            line.starts_with(&format!(" {next_text} ")),
            "{variant}: {line}, want {next_text}"
        );
        e.send("quit");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_variant_file_with_broken_sections_still_gives_its_good_ones() {
    let mut e = Engine::start(&[
        "xboard",
        "--variant-file",
        "tests/data/variants/partly-broken.ini",
    ]);
    e.send("new");
    e.send("variant sixfiles");
    e.send("force");
    e.send("usermove e2e4");
    let replies = e.sync(1);
    assert!(
        replies
            .iter()
            .all(|l| !l.starts_with("Error") && !l.starts_with("Illegal")),
        "{replies:?}"
    );
    e.send("variant broken");
    let replies = e.sync(2);
    assert!(
        replies.iter().any(|l| l.starts_with("Error")),
        "{replies:?}"
    );
}

/// A drop variant XBoard does not know gets a pocket per piece type, as
/// Fairy-Stockfish 0.0.90 (`xboard`, `variant sittuyin`) says: with no
/// pockets XBoard keeps no holdings and sends the other engine the start
/// position without them.
#[test]
fn drop_variants_get_pockets_in_their_setup() {
    let mut e = Engine::start(&[]);
    e.send("xboard");
    e.send("protover 2");
    e.expect(|l| l.contains("myname="));
    for (variant, setup) in [
        (
            "sittuyin",
            "setup (PN.R.F....SKpn.r.f....sk) 8x8+6_bughouse 8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1",
        ),
        (
            "placement",
            "setup (PNBRQ................Kpnbrq................k) 8x8+6_bughouse 8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1",
        ),
    ] {
        e.send("new");
        e.send(&format!("variant {variant}"));
        let replies = e.sync(1);
        assert!(replies.iter().any(|r| r == setup), "{replies:?}");
    }
}

/// What XBoard 4.9.1 sends in engine-defined games besides moves: the
/// other engine's pass as a `setboard` of the position after it (taken as
/// the pass, and answered with a move when it is our turn), and a pawn
/// move to the last rank with `.` for the queen it would promote to where
/// the variant has none (taken as the plain move).
#[test]
fn passes_and_pawn_moves_as_xboard_relays_them() {
    let mut e = Engine::start(&[]);
    e.send("xboard");
    e.send("protover 2");
    e.expect(|l| l.contains("myname="));
    e.send("new");
    e.send("variant janggitraditional");
    e.send("sd 2");
    e.send("setboard rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 1 1");
    let m = e.next_move();
    // White's pass is in the game: Black's reply is legal after it.
    let g = referee("janggitraditional", &["@@@@", &m]);
    assert_eq!(g.len(), 2);

    e.send("new");
    e.send("variant sittuyin");
    e.send("force");
    e.send("setboard 7k/P7/8/8/8/8/8/K7[] w - - 0 1");
    e.send("usermove a7a8.");
    let replies = e.sync(3);
    assert!(
        !replies
            .iter()
            .any(|r| r.starts_with("Illegal") || r.starts_with("Error")),
        "{replies:?}"
    );
}

#[test]
fn multipv_analysis_shows_each_line_as_thinking_output() {
    let mut e = Engine::start(&[]);
    e.send("protover 2");
    let features = e.sync(9);
    for option in [
        "feature option=\"MultiPV -spin 1 1 500\"",
        "feature option=\"Skill Level -spin 20 0 20\"",
        "feature option=\"Limit Strength -check 0\"",
        "feature option=\"Elo -spin 1500 500 2800\"",
    ] {
        assert!(features.iter().any(|l| l == option), "{option}");
    }
    e.send("new");
    e.send("option MultiPV=0");
    e.send("option Skill Level=21");
    e.send("option Elo=3000");
    let r = e.sync(1);
    for bad in [
        "option MultiPV=0",
        "option Skill Level=21",
        "option Elo=3000",
    ] {
        assert!(
            r.iter().any(|l| l == &format!("Error (bad value): {bad}")),
            "{bad}: {r:?}"
        );
    }
    e.send("option MultiPV=3");
    e.send("post");
    e.send("analyze");
    // Thinking output of the fourth ply: three lines, each in the usual
    // form, with three different first moves.
    let mut firsts = Vec::new();
    while firsts.len() < 3 {
        let l = e.expect(|l| l.starts_with("4 ") && l.contains('\t'));
        let fields: Vec<&str> = l.split('\t').next().unwrap().split_whitespace().collect();
        assert_eq!(fields.len(), 7, "{l}");
        let pv = l.split('\t').nth(1).unwrap_or_default();
        firsts.push(pv.split_whitespace().next().unwrap_or_default().to_string());
    }
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    e.send("exit");
    // A weak level plays a legal move.
    e.send("option Skill Level=0");
    e.send("sd 6");
    e.send("go");
    let m = e.next_move();
    referee("normal", &[&m]);
}

/// The thinking lines and the move of one search for a move.
fn thinking_until_move(e: &mut Engine) -> (Vec<String>, String) {
    let mut lines = Vec::new();
    loop {
        let l = e.expect(|_| true);
        if let Some(m) = l.strip_prefix("move ") {
            return (lines, m.to_string());
        }
        if l.contains('\t') {
            lines.push(l);
        }
    }
}

/// The moves of a thinking line's PV.
fn pv_of(line: &str) -> Vec<String> {
    line.split('\t')
        .nth(1)
        .unwrap_or_default()
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

#[test]
fn multipv_in_a_game_shows_only_the_best_line() {
    // XBoard takes the last line of an iteration as the engine's score:
    // in a game the other lines would pass the worst one off as it.
    let mut e = Engine::start(&[]);
    e.send("new");
    e.send("option MultiPV=3");
    e.send("post");
    e.send("sd 5");
    e.send("go");
    let (lines, m) = thinking_until_move(&mut e);
    let depths: Vec<&str> = lines
        .iter()
        .map(|l| l.split_whitespace().next().unwrap_or_default())
        .collect();
    let mut unique = depths.clone();
    unique.dedup();
    assert_eq!(depths, unique, "{lines:?}");
    assert!(depths.contains(&"5"), "{lines:?}");
    referee("normal", &[&m]);
}

#[test]
fn hard_ponders_on_the_expected_reply_and_easy_stops() {
    let mut e = Engine::start(&[]);
    e.send("new");
    e.send("hard");
    e.send("post");
    e.send("sd 7");
    e.send("go");
    let (lines, first) = thinking_until_move(&mut e);
    let last = lines.last().expect("thinking output");
    let expected = pv_of(last)[1].clone();
    // Pondering: thinking output for the position after the reply our
    // search expects, its PV from the position XBoard shows.
    let l = e.expect(|l| l.contains('\t'));
    let pv = pv_of(&l);
    assert_eq!(pv[0], expected, "{l}");
    referee("normal", &[&first, &pv[0], &pv[1]]);
    e.send("hint");
    assert_eq!(
        e.expect(|l| l.starts_with("Hint: ")),
        format!("Hint: {expected}")
    );
    // A hit: the reply pondered on; then a miss: some other reply.
    e.send(&format!("usermove {expected}"));
    let (_, second) = thinking_until_move(&mut e);
    let mut game = referee("normal", &[&first, &expected, &second]);
    e.send("hint");
    let hint = e.expect(|l| l.starts_with("Hint: "))["Hint: ".len()..].to_string();
    let other = game
        .legal_moves()
        .iter()
        .map(|&m| griffon::notation::move_text(game.position(), m))
        .find(|t| *t != hint)
        .expect("another reply");
    e.send(&format!("usermove {other}"));
    let (_, third) = thinking_until_move(&mut e);
    referee("normal", &[&first, &expected, &second, &other, &third]);
    // `easy`: no thinking on the opponent's time.
    e.send("easy");
    let r = e.sync(1);
    let mut game = referee("normal", &[&first, &expected, &second, &other, &third]);
    let m = game.legal_moves()[0];
    let reply = griffon::notation::move_text(game.position(), m);
    e.send(&format!("usermove {reply}"));
    let _ = thinking_until_move(&mut e);
    std::thread::sleep(Duration::from_millis(300));
    let after = e.sync(2);
    assert!(!after.iter().any(|l| l.contains('\t')), "{r:?} {after:?}");
}
