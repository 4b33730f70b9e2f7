//! Holdings, drops and gating, on positions whose answers are worked out
//! by hand from the rules (the perft suites cover the move counts).

use griffon::game::Game;
use griffon::notation::{MoveError, move_text};
use griffon::position::{Position, Rules};
use griffon::variant::VariantSet;
use std::collections::BTreeSet;

fn game(variant: &str, fen: &str) -> Game {
    let mut set = VariantSet::new();
    set.load_builtins().unwrap();
    let rules = Rules::new(set.get(variant).unwrap().clone()).unwrap();
    Game::new(Position::from_fen(rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
}

fn play(g: &mut Game, moves: &[&str]) {
    for m in moves {
        let mv = g.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        g.play(mv);
    }
}

/// Legal moves as XBoard writes them.
fn texts(g: &mut Game) -> BTreeSet<String> {
    let moves = g.legal_moves();
    moves.iter().map(|&m| move_text(g.position(), m)).collect()
}

fn drops(g: &mut Game, piece: &str) -> BTreeSet<String> {
    texts(g)
        .into_iter()
        .filter(|t| t.starts_with(&format!("{piece}@")))
        .collect()
}

#[test]
fn captured_pieces_go_to_hand_and_drop_back() {
    // 1. e4 d5 2. exd5 Qxd5: each side has taken a pawn.
    let mut g = game(
        "crazyhouse",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    );
    play(&mut g, &["e2e4", "d7d5", "e4d5", "d8d5"]);
    assert!(
        g.position()
            .fen()
            .starts_with("rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w")
    );
    // White's pawn may go on any empty square of ranks 2-7: e2, the 31
    // empty squares of ranks 3-6 (all but d5) and d7: 33.
    let pawn_drops = drops(&mut g, "P");
    assert_eq!(pawn_drops.len(), 33, "{pawn_drops:?}");
    assert!(!pawn_drops.contains("P@e1") && !pawn_drops.contains("P@a8"));
    play(&mut g, &["P@d4"]);
    assert!(g.position().fen().contains("[p]"), "{}", g.position().fen());
}

#[test]
fn a_promoted_piece_returns_as_a_pawn() {
    // The queen on d8 came from a pawn (Q~): taken, it is a pawn in hand.
    let mut g = game("crazyhouse", "3Q~k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    assert_eq!(g.position().fen(), "3Q~k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    play(&mut g, &["e8d8"]);
    assert!(g.position().fen().starts_with("3k4/8/8/8/8/8/8/4K3[p] w"));
    // An original queen stays a queen.
    let mut g = game("crazyhouse", "3Qk3/8/8/8/8/8/8/4K3[] b - - 0 1");
    play(&mut g, &["e8d8"]);
    assert!(g.position().fen().starts_with("3k4/8/8/8/8/8/8/4K3[q] w"));
}

#[test]
fn shogi_drop_restrictions() {
    // Black (White's opponent) has a king on e9 only; White holds a pawn,
    // a lance and a knight and has a pawn on a4.
    let mut g = game("shogi", "4k4/9/9/9/9/P8/9/9/4K4[PLN] w - - 0 1");
    // Pawn: not on the last rank (it could never move), not on file a
    // (nifu: an unpromoted pawn of White's is there).
    let pawns = drops(&mut g, "P");
    assert!(
        !pawns
            .iter()
            .any(|m| m.ends_with('9') || m.starts_with("P@a"))
    );
    // 9 files less a = 8, ranks 1-8 less the occupied e1 and the e8 square
    // next to the king is allowed: 8 * 8 - 1 (e1) = 63.
    assert_eq!(pawns.len(), 63, "{pawns:?}");
    // Lance: anywhere but the last rank; knight: not on the last two.
    assert!(!drops(&mut g, "L").iter().any(|m| m.ends_with('9')));
    let knights = drops(&mut g, "N");
    assert!(!knights.iter().any(|m| m.ends_with('9') || m.ends_with('8')));
    assert!(knights.contains("N@e7"));
}

#[test]
fn a_pawn_drop_may_check_but_not_mate() {
    // Black's king on e9 is boxed in by its own knights (d9, f9) and pawns
    // (d8, f8); White's gold on e7 guards e8. P@e8 would mate: illegal.
    let mut g = game("shogi", "3nkn3/3p1p3/4G4/9/9/9/9/9/K8[P] w - - 0 1");
    assert!(!texts(&mut g).contains("P@e8"));
    assert!(matches!(g.parse_move("P@e8"), Err(MoveError::Illegal(_))));
    // Without the gold the king takes the pawn: the drop is a legal check.
    let mut g = game("shogi", "3nkn3/3p1p3/9/9/9/9/9/9/K8[P] w - - 0 1");
    assert!(texts(&mut g).contains("P@e8"));
    // Any other piece may mate by a drop: a gold on e8, guarded by a
    // second gold on e7, mates.
    let mut g = game("shogi", "3nkn3/3p1p3/4G4/9/9/9/9/9/K8[G] w - - 0 1");
    play(&mut g, &["G@e8"]);
    assert!(g.outcome().is_some(), "gold drop mates");
}

#[test]
fn shogi_promotion_notation_and_capture_to_hand() {
    // White's pawn on c7 (in the zone) takes on c8 and may promote (+)
    // or not; promoted, it checks the king on d9.
    let mut g = game("shogi", "3k5/2p6/2P6/9/9/9/9/9/4K4[-] w - - 0 1");
    let moves = texts(&mut g);
    assert!(
        moves.contains("c7c8+") && moves.contains("c7c8"),
        "{moves:?}"
    );
    play(&mut g, &["c7c8+"]);
    assert!(
        g.position()
            .fen()
            .starts_with("3k5/2+P6/9/9/9/9/9/9/4K4[P] b"),
        "{}",
        g.position().fen()
    );
    // Black takes the tokin: it goes to Black's hand as a pawn.
    play(&mut g, &["d9c8"]);
    assert!(
        g.position().fen().contains("[Pp]"),
        "{}",
        g.position().fen()
    );
}

#[test]
fn seirawan_gating() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";
    let mut g = game("seirawan", start);
    assert_eq!(g.position().fen(), start);
    // A knight move may bring the hawk or the elephant onto its square.
    let moves = texts(&mut g);
    for m in ["g1f3", "g1f3h", "g1f3e", "b1c3h"] {
        assert!(moves.contains(m), "{m}");
    }
    play(&mut g, &["g1f3h", "g8f6"]);
    assert!(
        g.position()
            .fen()
            .starts_with("rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKBHR[Ehe] w KQBCDFkqbcdf "),
        "{}",
        g.position().fen()
    );
    // Black's knight left g8 without gating: that gate is closed.
    play(&mut g, &["e2e3"]);
    assert!(!texts(&mut g).contains("f6g8h"));

    // Castling: the piece may enter on e1 (behind the king) or on h1
    // (behind the rook, written partner-takes-king).
    let mut g = game("seirawan", "r3k2r/8/8/8/8/8/8/R3K2R[HEhe] w KQkq - 0 1");
    let moves = texts(&mut g);
    for m in ["e1g1h", "h1e1h", "e1c1e", "a1e1e", "e1g1", "e1c1"] {
        assert!(moves.contains(m), "{m}: {moves:?}");
    }
    play(&mut g, &["h1e1h"]);
    // White's castling is gone, and with it the king's and h1's gates;
    // a1's rook has not moved, so its gate is still open: "A".
    assert_eq!(
        g.position().fen(),
        "r3k2r/8/8/8/8/8/8/R4RKH[Ehe] b Akq - 1 1"
    );
}

#[test]
fn a_gated_piece_does_not_shield_the_king() {
    // Sjaak II's movegen table: White's queen on a8 checks along rank 8.
    // Black's king cannot step to d8 or f8 (the queen's rank), nor to d7,
    // e7 or f7 (its own knight, bishop and pawn); the checks are blocked
    // by Qc7-b8, Qc7-c8, Qc7-d8, Nd7-b8 and Be7-d8: 5 moves, the count of
    // Sjaak II, Fairy-Stockfish and Cute Chess. Ke8-f8 bringing a hawk or
    // an elephant onto e8 would block the queen's rank behind the king,
    // but XBoard tests check before the piece enters (moves.c GenLegal),
    // so it is no legal move.
    let mut g = game(
        "seirawan",
        "Q3k2r/2qnbppp/1ppppn2/5bB1/3P4/2N1PN2/PP2BPPP/R3K2R[HEhe] b KQBCFGkcdfg - 0 2",
    );
    let moves = texts(&mut g);
    let expected: BTreeSet<String> = ["c7b8", "c7c8", "c7d8", "d7b8", "e7d8"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(moves, expected);
    assert!(g.parse_move("e8f8h").is_err());
}

#[test]
fn gating_with_nine_piece_types_in_hand() {
    // Seirawan with three more piece types, nine of them in hand, and only
    // g1's gate open. The knight on g1 goes to e2, f3 or h3, each plain or
    // bringing any of the nine onto g1: 3 x 10 = 30; the king on e1 (its
    // gate shut) steps to d1, d2, e2, f1 or f2: 5. 35 moves (only the
    // first eight types were once offered: 32).
    let mut set = VariantSet::new();
    set.load_builtins().expect("built-ins");
    set.load_str(
        "user.ini",
        "[manygates:seirawan]\ncustomPiece9 = x:W\ncustomPiece10 = y:F\ncustomPiece11 = z:D\n",
    )
    .strict()
    .expect("the variant loads");
    let rules = Rules::new(set.get("manygates").expect("loaded").clone()).expect("rules");
    let fen = "4k3/8/8/8/8/8/8/4K1N1[QRBNHEXYZ] w G - 0 1";
    let mut g = Game::new(Position::from_fen(rules, fen).expect("fen"));
    let moves = texts(&mut g);
    assert_eq!(moves.len(), 35, "{moves:?}");
    for m in ["g1f3z", "g1h3x", "g1e2y", "g1f3q", "e1d2"] {
        assert!(moves.contains(m), "{m}: {moves:?}");
    }
}

#[test]
fn bad_holdings_are_errors() {
    let mut set = VariantSet::new();
    set.load_builtins().unwrap();
    let rules = Rules::new(set.get("crazyhouse").unwrap().clone()).unwrap();
    let fen = |hand: &str| format!("4k3/8/8/8/8/8/8/4K3[{hand}] w - - 0 1");
    // A king in hand could be dropped as a second royal piece.
    let e = Position::from_fen(rules.clone(), &fen("K"))
        .err()
        .expect("a king in hand");
    assert!(e.to_string().contains("royal"), "{e}");
    // 101 pawns: more than any game can have.
    let e = Position::from_fen(rules.clone(), &fen(&"P".repeat(101)))
        .err()
        .expect("too many");
    assert!(e.to_string().contains("more than 100"), "{e}");
    assert!(Position::from_fen(rules.clone(), &fen(&"P".repeat(100))).is_ok());
    // An unknown letter is a FEN error.
    assert!(Position::from_fen(rules, &fen("Z")).is_err());
}

/// The board, holdings and side to move of a FEN (XBoard's FENs for shogi
/// variants leave out the castling and e.p. fields).
fn board_hand_side(fen: &str) -> String {
    fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
}

#[test]
fn kyoto_pieces_flip_on_every_move_as_xboard_shows_them() {
    // A script played through XBoard 4.9.1 (5x5+4_shogi with Griffon's
    // setup line, legality testing off) and the final position XBoard
    // saved: rook and tokin flip both ways for both sides, captured
    // promoted pieces join the holdings unpromoted. The first line is
    // worked out by hand: each pair flips both ways.
    let start = "p+nks+l/5/5/5/+LSK+NP[-] w 0 1";
    for (moves, xboard) in [
        (
            "d1d2n b5b4n b1b2+ d5d4+ a1a2l e5e4l",
            "p1k2/1n1+sl/5/L+S1N1/2K1P[-] w",
        ),
        (
            "e1e2+ a5a4+ e2e5p a4a1p L@c3 L@c4 c3c4+",
            "1+nksP/2+L2/5/5/pSK+N1[L] b 0 4",
        ),
    ] {
        let mut g = game("kyotoshogi", start);
        let moves: Vec<&str> = moves.split(' ').collect();
        play(&mut g, &moves);
        assert_eq!(
            board_hand_side(&g.position().fen()).replace("[]", "[-]"),
            board_hand_side(xboard),
            "{moves:?}"
        );
    }
}

#[test]
fn kyoto_move_spellings() {
    let start = "p+nks+l/5/5/5/+LSK+NP[-] w 0 1";
    let mut g = game("kyotoshogi", start);
    let t = texts(&mut g);
    // Unpromoted pieces must promote, promoted ones turn back (written
    // with the new letter, as XBoard needs); the king just moves.
    for m in ["b1a2+", "e1e2+", "a1a2l", "d1d2n", "c1c2"] {
        assert!(t.contains(m), "{m} missing from {t:?}");
    }
    assert!(!t.contains("b1a2") && !t.contains("a1a2"));
    // A demotion may also be sent bare or with Fairy-Stockfish's `-`.
    for m in ["a1a2", "a1a2-", "A1A2L"] {
        let mv = g.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        assert_eq!(move_text(g.position(), mv), "a1a2l");
    }
    // `-` on a piece that must promote is not that promotion.
    assert!(g.parse_move("b1a2-").is_err());
    // Pieces in hand drop either side up.
    let mut g = game("kyotoshogi", "p+nks+l/5/5/5/+LSK+N1[P] w 0 1");
    let t = texts(&mut g);
    assert!(t.contains("P@c3") && t.contains("+P@c3"), "{t:?}");
    play(&mut g, &["+P@c3"]);
    assert!(
        g.position()
            .fen()
            .starts_with("p+nks+l/5/2+P2/5/+LSK+N1[] b"),
        "{}",
        g.position().fen()
    );
}

#[test]
fn superchess_as_xboard_plays_it() {
    // Positions and moves played through XBoard 4.9.1 (`variant super`)
    // by scripted engines, with the positions XBoard saved afterwards.
    for (start, moves, xboard) in [
        // A captured Archbishop goes back to its owner's hand ...
        (
            "4k2s/8/8/8/8/8/8/4K2R w - - 0 1",
            "h1h8 e8d7 e1e2 d7d6",
            "7R/8/3k4/8/8/8/4K3/8[s] w",
        ),
        // ... a captured Amazon as a pawn (XBoard has no slot for it).
        (
            "4k2a/8/8/8/8/8/8/4K2R w - - 0 1",
            "h1h8 e8d7 e1e2 d7d6",
            "7R/8/3k4/8/8/8/4K3/8[p] w",
        ),
        // Promotion takes the queen from the hand.
        (
            "4k3/1P6/8/8/8/8/8/4K3[Q] w - - 0 1",
            "b7b8q e8e7 e1e2 e7e6",
            "1Q6/8/4k3/8/8/8/4K3/8[-] w",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3[E] w - - 0 1",
            "E@e2 e8d8 e1d1 d8c8",
            "2k5/8/8/8/8/8/4E3/3K4[-] w",
        ),
        // Castling with the corner rook, where the other corner holds an
        // Amazon (its right is void).
        (
            "avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/A3K2R w KQkq - 0 1",
            "e1g1 e7e6 g1h1 e6e5",
            "avbqkesr/pppp1ppp/8/4p3/8/8/PPPPPPPP/A4R1K[-] w",
        ),
    ] {
        let mut g = game("superchess", start);
        let moves: Vec<&str> = moves.split(' ').collect();
        play(&mut g, &moves);
        let fen = g.position().fen();
        let ours = board_hand_side(&fen).replace("[]", "[-]");
        assert_eq!(ours, xboard, "{start} {moves:?}: {fen}");
    }
    // XBoard refused P@d8 and P@a1 (last and first rank) and Q-side
    // castling without the a1 rook.
    let mut g = game("superchess", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    assert!(g.parse_move("P@d8").is_err() && g.parse_move("P@a1").is_err());
    assert!(g.parse_move("P@d7").is_ok());
    let mut g = game(
        "superchess",
        "avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/A3K2R w KQkq - 0 1",
    );
    assert!(g.parse_move("e1c1").is_err());
    // Promotion only to what is in hand: a queen here, not a rook.
    let mut g = game("superchess", "4k3/1P6/8/8/8/8/8/4K3[Q] w - - 0 1");
    let promotions: Vec<String> = texts(&mut g)
        .into_iter()
        .filter(|t| t.starts_with("b7b8"))
        .collect();
    assert_eq!(promotions, ["b7b8q"]);
}

#[test]
fn repetitions_count_across_captures_where_pieces_return() {
    // Superchess: a rook dropped next to the king and taken goes back to
    // its owner, so the spite checks repeat the position: the third time
    // is a draw, although every cycle has captures in it.
    let mut g = game("superchess", "4k3/8/8/8/8/8/8/3K4[r] b - - 0 1");
    let cycle = ["R@e1", "d1e1", "R@d1", "e1d1"];
    play(&mut g, &cycle);
    assert!(g.outcome().is_none());
    play(&mut g, &cycle);
    match g.outcome() {
        Some(griffon::judge::Outcome::Draw { reason }) => {
            assert_eq!(reason, griffon::judge::EndReason::Repetition)
        }
        other => panic!("{other:?}"),
    }
}
