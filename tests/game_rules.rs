//! How games end: the rules a referee applies, checked on positions whose
//! outcome is known by hand.

use griffon::game::Game;
use griffon::judge::{EndReason, Outcome};
use griffon::position::{Position, Rules};
use griffon::types::Color;
use griffon::variant::VariantSet;

fn game(variant: &str, fen: &str) -> Game {
    let mut set = VariantSet::new();
    set.load_builtins().unwrap();
    let rules = Rules::new(set.get(variant).unwrap().clone()).unwrap();
    Game::new(Position::from_fen(rules, fen).unwrap())
}

fn play(g: &mut Game, moves: &[&str]) {
    for m in moves {
        let mv = g.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        g.play(mv);
    }
}

#[test]
fn threefold_repetition_is_a_draw() {
    // Knights out and back twice: the start position occurs for the third
    // time after the 8th ply.
    let mut g = game(
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    play(
        &mut g,
        &["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"],
    );
    assert_eq!(g.outcome(), None, "only twice so far");
    play(&mut g, &["f6g8"]);
    assert!(matches!(g.outcome(), Some(Outcome::Draw { .. })));
}

#[test]
fn fifty_move_rule() {
    // 99 reversible plies played already; one more quiet move makes 100.
    let mut g = game("normal", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert_eq!(g.outcome(), None);
    play(&mut g, &["a1a2"]);
    assert!(
        matches!(g.outcome(), Some(Outcome::Draw { reason }) if reason == EndReason::MoveRule { moves: 50 })
    );
}

#[test]
fn the_n_move_count_restarts_where_fairy_stockfish_restarts_it() {
    // The counts after one move from a count of 10, as pyffish 0.0.90's
    // get_fen gives them: every drop restarts it (not only a pawn's);
    // a pawn's push does; a xiangqi soldier's step sideways, which it
    // could take back, does not.
    let cases = [
        (
            "crazyhouse",
            "4k3/8/8/8/8/8/8/4K3[Nn] w - - 10 20",
            "N@c3",
            0,
        ),
        (
            "crazyhouse",
            "4k3/8/8/8/8/8/8/4K3[Pp] w - - 10 20",
            "P@c3",
            0,
        ),
        ("normal", "4k3/8/8/8/8/8/4P3/4K3 w - - 10 20", "e2e3", 0),
        (
            "xiangqi",
            "3k5/9/9/6P2/9/9/9/9/9/4K4 w - - 10 20",
            "g6f6",
            11,
        ),
        // A soldier's step forward restarts it as XBoard counts (its
        // backend.c: a pawn's move off its rank); Fairy-Stockfish's
        // xiangqi counts soldiers' moves on (11), which never makes
        // Griffon's count run ahead of it.
        (
            "xiangqi",
            "3k5/9/9/9/9/6P2/9/9/9/4K4 w - - 10 20",
            "g4g5",
            0,
        ),
    ];
    for (variant, fen, m, count) in cases {
        let mut g = game(variant, fen);
        play(&mut g, &[m]);
        assert_eq!(g.position().halfmove_clock(), count, "{variant} {fen} {m}");
    }
}

#[test]
fn checkmate_and_stalemate_values_follow_the_variant() {
    // Back-rank mate: White is mated, Black wins.
    let mut g = game("normal", "6k1/8/8/8/8/8/5PPP/3r2K1 w - - 0 1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: EndReason::Checkmate {
                mated: Color::White,
                loses: true
            }
        })
    );
    // Stalemate is a draw in chess but a loss for the stalemated side in
    // shatranj. Black king a8, White king a6 and rook b1: a7 is covered by
    // the king, b8 and b7 by the rook, and a8 is not attacked.
    let fen = "k7/8/K7/8/8/8/8/1R6 b - - 0 1";
    let mut chess = game("normal", fen);
    assert!(matches!(chess.outcome(), Some(Outcome::Draw { .. })));
    // Shatranj needs a second black piece so the bare-king rule is not
    // what decides: a black pawn on h7 blocked by a white pawn on h6.
    let mut shatranj = game("shatranj", "k7/7p/K6P/8/8/8/8/1R6 b - - 0 1");
    assert_eq!(
        shatranj.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: EndReason::Stalemate
        })
    );
}

#[test]
fn bare_king_in_shatranj() {
    // White takes Black's last piece; Black may still reply (it cannot bare
    // White's king here), and then White wins by the bare-king rule.
    let mut g = game("shatranj", "k7/8/8/8/8/8/r7/RK6 w - - 0 1");
    play(&mut g, &["a1a2"]);
    assert_eq!(g.outcome(), None, "the bared side gets its reply");
    play(&mut g, &["a8b8"]);
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            ..
        })
    ));
}

#[test]
fn bare_king_in_chu() {
    // The Japanese Chu Shogi Association's rule (Wikipedia, "Chu shogi"):
    // taking all the opponent's other pieces, leaving a bare king or a
    // bare prince, wins, "provided that one's own king is not immediately
    // bared or captured on the next move".
    let bare_king_win = |g: &mut Game| {
        g.outcome()
            == Some(Outcome::Win {
                winner: Color::White,
                reason: EndReason::BareKing,
            })
    };
    // Rxl6 takes Black's last piece besides the king; the bared king has
    // its reply, cannot bare White, and loses.
    let mut g = game("chu", "k11/12/12/12/12/12/11p/12/12/12/11R/K11 w - - 0 1");
    assert_eq!(g.outcome(), None);
    play(&mut g, &["l2l6"]);
    assert_eq!(g.outcome(), None, "the bared side gets its reply");
    play(&mut g, &["a12b12"]);
    assert!(bare_king_win(&mut g), "{:?}", g.outcome());
    // Gxb7 bares Black, but the gold stands unprotected next to the king:
    // Kxb7 bares White in turn and the game goes on, king against king.
    // Any other reply loses.
    let fen = "12/12/12/12/k11/1p10/1G10/12/12/12/12/11K w - - 0 1";
    let mut g = game("chu", fen);
    play(&mut g, &["b6b7", "a8b7"]);
    assert_eq!(g.outcome(), None, "both kings bare: no win");
    let mut g = game("chu", fen);
    play(&mut g, &["b6b7", "a8a9"]);
    assert!(bare_king_win(&mut g), "{:?}", g.outcome());
    // A bare crown prince (the king already taken) loses too...
    let mut g = game("chu", "+e11/12/12/12/12/12/12/12/12/12/11R/K11 w - - 0 1");
    assert!(bare_king_win(&mut g), "{:?}", g.outcome());
    // ...but a king with its crown prince is two pieces, not bare.
    let mut g = game("chu", "k+e10/12/12/12/12/12/12/12/12/12/11R/K11 w - - 0 1");
    assert_eq!(g.outcome(), None);
}

/// Dead positions by FIDE's rules (and their counterparts in other
/// variants): no placement of the material is checkmate. The engine finds
/// this by searching placements, so these cases check that search against
/// the known answers.
#[test]
fn insufficient_material_follows_what_can_mate() {
    let dead = |variant: &str, fen: &str| {
        griffon::judge::insufficient_material(game(variant, fen).position())
    };
    // Chess: bare kings, king and knight, king and bishop cannot mate.
    assert!(dead("normal", "8/8/4k3/8/8/3K4/8/8 w - - 0 1"));
    assert!(dead("normal", "8/8/4k3/8/8/3K4/8/6N1 w - - 0 1"));
    assert!(dead("normal", "8/8/4k3/8/8/3K4/8/6b1 b - - 0 1"));
    // A rook, a queen or a pawn can (the pawn by promoting), and two
    // knights are not dead by FIDE's rule (a mate exists).
    assert!(!dead("normal", "8/8/4k3/8/8/3K4/8/6R1 w - - 0 1"));
    assert!(!dead("normal", "8/8/4k3/8/8/3K4/8/6q1 w - - 0 1"));
    assert!(!dead("normal", "8/8/4k3/8/8/3K4/6P1/8 w - - 0 1"));
    assert!(!dead("normal", "8/8/4k3/8/8/3K4/8/5NN1 w - - 0 1"));
    // King and knight against king and knight: mate is possible (the
    // defender's own knight blocks its king), so not dead.
    assert!(!dead("normal", "n7/8/4k3/8/8/3K4/8/6N1 w - - 0 1"));
    // Capablanca: the archbishop (bishop + knight) mates alone.
    assert!(!dead("capablanca", "10/10/4k5/10/10/3K6/10/6A3 w - - 0 1"));
    assert!(dead("capablanca", "10/10/4k5/10/10/3K6/10/6N3 w - - 0 1"));
    // Shatranj is won by baring the king: never dead on material.
    assert!(!dead("shatranj", "8/8/4k3/8/8/3K4/8/6N1 w - - 0 1"));

    let mut g = game("normal", "8/8/4k3/8/8/3K4/8/6N1 w - - 0 1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::InsufficientMaterial
        })
    );
}

#[test]
fn losing_chess_rules() {
    // Giveaway: a capture, when there is one, is the only legal move (the
    // rook must take on a5), and a side without pieces has won.
    let mut g = game("giveaway", "7k/8/8/p7/8/8/8/R7 w - - 0 1");
    let moves = g.legal_moves();
    assert_eq!(moves.len(), 1);
    assert_eq!(griffon::notation::move_text(g.position(), moves[0]), "a1a5");
    let mut g = game("giveaway", "8/8/8/8/8/8/8/k7 w - - 0 1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: EndReason::NoPiecesLeft
        })
    );
    // Suicide: White is stalemated (its pawn is blocked) with fewer pieces
    // than Black, and wins; with as many pieces it is a draw.
    let mut g = game("suicide", "8/7p/8/8/8/p7/P7/8 w - - 0 1");
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            ..
        })
    ));
    let mut g = game("suicide", "8/8/8/8/8/p7/P7/8 w - - 0 1");
    assert!(matches!(g.outcome(), Some(Outcome::Draw { .. })));
    // Giveaway: a stalemated side wins whatever the count.
    let mut g = game("giveaway", "8/8/8/8/8/p7/P7/8 w - - 0 1");
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            ..
        })
    ));
    // Losers: the checkmated side wins, and so does a side left with only
    // its king.
    let mut g = game("losers", "6k1/8/8/8/8/8/5PPP/3r2K1 w - - 0 1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: EndReason::Checkmate {
                mated: Color::White,
                loses: false
            }
        })
    );
    let mut g = game("losers", "6k1/8/8/8/8/8/8/3r2K1 w - - 0 1");
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason
        }) if reason == EndReason::BareKing
    ));
}

#[test]
fn third_check_wins_in_3check() {
    // White has given two checks already (1 left to give); Bb5+ is the
    // third and wins. The counter is in the FEN and is written back.
    let mut g = game(
        "3check",
        "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 3",
    );
    assert_eq!(g.outcome(), None);
    play(&mut g, &["f1b5"]);
    assert_eq!(g.position().checks_to_give(Color::White), 0);
    assert!(
        g.position().fen().contains(" 0+3 "),
        "{}",
        g.position().fen()
    );
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: EndReason::ChecksGiven { checks: 3 }
        })
    );
}

#[test]
fn atomic_explosions() {
    // Qxd7 explodes the black king on e8 (next to d7): White wins at once,
    // although the queen blows up too.
    let mut g = game(
        "atomic",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    play(&mut g, &["e2e3", "d7d6", "d1h5", "a7a6", "h5f7"]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: EndReason::KingExploded
        })
    );
    // The explosion removed the queen, the f7 pawn, and the pieces around
    // f7 but not the pawns: e8 king, f8 bishop, g8 knight.
    let fen = g.position().fen();
    assert!(fen.starts_with("rnbq3r/1pp1p1pp/p2p4/"), "{fen}");
    // A capture next to one's own king is illegal: Rxd6 would blow up the
    // black king on e7 (and Kxd6 the king itself).
    let mut g = game("atomic", "8/4k3/r2N4/8/8/8/8/4K3 b - - 0 1");
    let moves: Vec<String> = g
        .legal_moves()
        .iter()
        .map(|&m| griffon::notation::move_text(g.position(), m))
        .collect();
    assert!(moves.contains(&"a6a5".to_string()), "{moves:?}");
    assert!(!moves.contains(&"a6d6".to_string()), "{moves:?}");
    assert!(!moves.contains(&"e7d6".to_string()), "{moves:?}");
    // Kings side by side: neither is in check, though the queen on h2
    // attacks the white king along the rank.
    let g = game("atomic", "8/8/8/8/8/3k4/3K3q/8 w - - 0 1");
    assert!(!g.position().in_check(Color::White));
}

/// A variant defined by a variants.ini section over the built-ins.
fn game_of_section(section: &str, variant: &str, fen: &str) -> Game {
    let mut set = VariantSet::new();
    set.load_builtins().unwrap();
    set.load_str("test.ini", section).strict().unwrap();
    let rules = Rules::new(set.get(variant).unwrap().clone()).unwrap();
    Game::new(Position::from_fen(rules, fen).unwrap())
}

#[test]
fn atomic_with_drops_every_piece_blown_up_changes_hands() {
    // Fairy-Stockfish's atomiczh: fxe5 takes the e5 pawn, and the blast
    // takes the bishop on d6 and the capturing pawn itself. Each goes to
    // the holdings of its owner's opponent: White gets a bishop and a pawn,
    // Black the pawn that captured (Fairy-Stockfish's FEN after the move:
    // rnbqk1nr/pp1p1pp1/7p/2p5/8/2NP4/PPP1P1PP/R1BQKBNR[BPp] b - - 0 5).
    let section = "[atomiczh:atomic]\npieceDrops = true\ncapturesToHand = true\ncastling = false\n";
    let mut g = game_of_section(
        section,
        "atomiczh",
        "rnbqk1nr/pp1p1pp1/3b3p/2p1p3/5P2/2NP4/PPP1P1PP/R1BQKBNR[] w - - 1 5",
    );
    play(&mut g, &["f4e5"]);
    let fen = g.position().fen();
    assert!(
        fen.starts_with("rnbqk1nr/pp1p1pp1/7p/2p5/8/2NP4/PPP1P1PP/R1BQKBNR"),
        "{fen}"
    );
    let holdings = |fen: &str| {
        let inside = &fen[fen.find('[').unwrap() + 1..fen.find(']').unwrap()];
        let mut v: Vec<char> = inside.chars().collect();
        v.sort_unstable();
        v
    };
    assert_eq!(holdings(&fen), vec!['B', 'P', 'p'], "{fen}");
    // A capture that promotes and blows up: the new queen goes back to
    // Black as a pawn, with the rook it took and none of the pawns around
    // (Fairy-Stockfish: ...[QRNqp] after g7xh8=Q).
    let mut g = game_of_section(
        section,
        "atomiczh",
        "r3k2r/p1p3Pp/1n6/8/8/1N6/P1p3pP/R3K2R[QNq] w - - 0 20",
    );
    play(&mut g, &["g7h8q"]);
    let fen = g.position().fen();
    assert!(fen.starts_with("r3k3/p1p4p/1n6/"), "{fen}");
    assert_eq!(holdings(&fen), vec!['N', 'Q', 'R', 'p', 'q'], "{fen}");
}

#[test]
fn promoting_double_step_leaves_no_en_passant() {
    // Fairy-Stockfish's epicatomic: Black's pawns promote on ranks 5 to 1,
    // so c7-c5 arrives as a bishop, which White's d5 pawn may not take e.p.
    // (Fairy-Stockfish's FEN after the move has no e.p. square).
    let section = "[bigatomic:atomic]\nmaxFile = 10\nmaxRank = 8\npromotionPieceTypes = b\n\
        castling = false\nstartFen = rnnbqkbnnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNNBQKBNNR w - - 0 1\n\
        promotionRegionWhite = *6 *7 *8\npromotionRegionBlack = *5 *4 *3 *2 *1\n";
    let mut g = game_of_section(
        section,
        "bigatomic",
        "rnnbqkbn1r/2pppppppp/7n2/b2P6/2b5P1/P4P4/1PP1P1PP1P/RNNBQKBNNR b - - 0 5",
    );
    play(&mut g, &["c7c5b"]);
    assert!(g.parse_move("d5c6b").is_err());
    assert!(g.parse_move("d5c6").is_err());
    assert!(g.parse_move("d5d6b").is_ok());
}

#[test]
fn makruk_counting_rule() {
    // Rxa5 bares the black king; with two rooks against it the count is
    // 8 moves (16 plies), started at twice the number of men (4, so 8
    // plies); the game is drawn once the plies counted pass 16 (after
    // Black's 9th ply without mate), as Fairy-Stockfish judges it
    // (tests/counting.rs checks many more against pyffish).
    let mut g = game("makruk", "4k3/8/8/p7/8/8/8/RR2K3 w - - 0 1");
    play(
        &mut g,
        &[
            "a1a5", "e8f8", "e1e2", "f8g8", "e2e3", "g8h8", "e3e4", "h8g8", "e4e5",
        ],
    );
    assert_eq!(g.position().counting(), Some((16, 16)));
    assert_eq!(g.outcome(), None);
    play(&mut g, &["g8h8"]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::CountingRule
        })
    );
    // ASEAN: no count while a pawn is on the board, even against a bare
    // king; without it a rook has 16 moves, counted from 0.
    let mut g = game("asean", "4k3/8/8/p7/8/7P/8/R3K3 w - - 0 1");
    play(&mut g, &["a1a5"]);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.position().counting(), None);
    let mut g = game("asean", "4k3/8/8/p7/8/8/8/R3K3 w - - 0 1");
    play(&mut g, &["a1a5"]);
    assert_eq!(g.position().counting(), Some((32, 0)));
}

#[test]
fn xiangqi_stalemate_loses_and_generals_may_not_face() {
    // Black's general on d10 may step to e10 (facing White's general on
    // the open e-file) or d9 (covered by the soldier on c9, which steps
    // sideways across the river): no move, and stalemate loses in xiangqi.
    let mut g = game("xiangqi", "3k5/2P6/9/9/9/9/9/9/9/4K4 b - - 0 1");
    assert!(g.legal_moves().is_empty());
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: EndReason::Stalemate
        })
    );
    // The only man between the generals may not leave the file: the horse
    // on e5 has no move, the general three (ranks are numbered 0-9 on the
    // wire for 10-rank boards).
    let mut g = game("xiangqi", "4k4/9/9/9/9/4H4/9/9/9/4K4 w - - 0 1");
    assert!(g.parse_move("e4d6").is_err());
    assert_eq!(g.legal_moves().len(), 3);
    // A soldier before the river has no sideways step.
    let mut g = game("xiangqi", "3k5/9/9/9/9/9/2P6/9/9/4K4 w - - 0 1");
    assert!(g.parse_move("c3c4").is_ok());
    assert!(g.parse_move("c3d3").is_err());
}

#[test]
fn xiangqi_perpetual_check_loses() {
    // White's chariot checks from a9 and a10 while Black's general steps
    // between d9 and d10: at the third occurrence the checker loses.
    let mut g = game("xiangqi", "9/3k5/9/9/9/9/9/9/9/R4K3 w - - 0 1");
    play(&mut g, &["a0a8", "d8d9", "a8a9", "d9d8", "a9a8", "d8d9"]);
    assert_eq!(g.outcome(), None, "twice so far");
    play(&mut g, &["a8a9", "d9d8", "a9a8", "d8d9"]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: EndReason::PerpetualCheck { by: Color::White }
        })
    );
    // The same shuffle without checks is a plain draw.
    let mut g = game("xiangqi", "9/3k5/9/9/9/9/9/9/9/R4K3 w - - 0 1");
    play(
        &mut g,
        &[
            "a0a1", "d8d9", "a1a0", "d9d8", "a0a1", "d8d9", "a1a0", "d9d8",
        ],
    );
    assert!(matches!(g.outcome(), Some(Outcome::Draw { .. })));
}

#[test]
fn spartan_two_kings_and_duple_check() {
    // Rooks on a1 and h1 attack both Spartan kings: a duple check. The king
    // may step out to b8 (h8 stays attacked, which is allowed) but not to
    // a7, where both would still be attacked.
    let mut g = game("spartan", "k6k/8/8/8/8/8/8/R3K2R b - - 0 1");
    assert!(g.position().in_check(Color::Black));
    assert!(g.parse_move("a8b8").is_ok());
    assert!(g.parse_move("a8a7").is_err());
    // One king attacked is no check: White may take it, and Black plays on
    // with the other (now in check on the open back rank).
    let mut g = game("spartan", "k6k/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert!(!g.position().in_check(Color::Black));
    play(&mut g, &["a1a8"]);
    assert_eq!(g.outcome(), None);
    assert!(g.position().in_check(Color::Black));
    // Both kings attacked along the back rank and no answer: mate.
    let mut g = game("spartan", "k3Q2k/hh4hh/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: EndReason::Checkmate {
                mated: Color::Black,
                loses: true
            }
        })
    );
    // The last king cannot be taken (it may not be left attacked), so
    // the count of kings ends nothing: as in Fairy-Stockfish, whose
    // extinction rule skips pseudo-royal pieces, a kingless side set up
    // from a FEN just has no moves (stalemate, a draw here).
    let mut g = game("spartan", "8/8/8/8/8/8/8/4K3 b - - 0 1");
    assert!(matches!(g.outcome(), Some(Outcome::Draw { .. })));
}

#[test]
fn twokings_only_the_first_king_is_royal() {
    // Kings on d1 and e1: d1 (first from the a-file) is royal. The rook on
    // e8 attacks e1, which is allowed; d1 may not step into its file.
    let mut g = game("twokings", "4r1k1/8/8/8/8/8/8/3KK3 w - - 0 1");
    assert!(!g.position().in_check(Color::White));
    assert!(g.parse_move("d1d2").is_ok());
    // e1 may step to f2, but then d1... stays royal and safe: legal.
    assert!(g.parse_move("e1f2").is_ok());
    // Black takes the e1 king and the game goes on.
    let mut g = game("twokings", "4r1k1/8/8/8/8/8/8/3KK3 b - - 0 1");
    play(&mut g, &["e8e1"]);
    assert_eq!(g.outcome(), None);
    assert!(
        g.position().in_check(Color::White),
        "the rook now attacks d1"
    );
}

#[test]
fn wildcastle_king_on_d_castles_two_squares() {
    // XBoard's wild castling from d1: O-O to b1 with the a1 rook landing on
    // c1, O-O-O to f1 with the h1 rook landing on e1.
    let mut g = game("wildcastle", "r2k3r/8/8/8/8/8/8/R2K3R w KQkq - 0 1");
    play(&mut g, &["d1b1"]);
    assert!(
        g.position()
            .fen()
            .starts_with("r2k3r/8/8/8/8/8/8/1KR4R b kq")
    );
    let mut g = game("wildcastle", "r2k3r/8/8/8/8/8/8/R2K3R w KQkq - 0 1");
    play(&mut g, &["d1f1"]);
    assert!(
        g.position()
            .fen()
            .starts_with("r2k3r/8/8/8/8/8/8/R3RK2 b kq")
    );
    // From e1 it is ordinary castling.
    let mut g = game("wildcastle", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, &["e1g1"]);
    assert!(
        g.position()
            .fen()
            .starts_with("r3k2r/8/8/8/8/8/8/R4RK1 b kq")
    );
}

/// Perft through the library, for the Chu positions below.
fn perft(pos: &mut Position, depth: u32) -> u64 {
    let moves = griffon::movegen::legal_moves(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| {
            let undo = pos.make(m);
            let n = perft(pos, depth - 1);
            pos.unmake(m, &undo);
            n
        })
        .sum()
}

#[test]
fn chu_lion_positions_agree_with_hachu() {
    // HaChu 0.21 lets a king move into check (Chu is won by capturing the
    // king), so its counts are matched with a copy of chu whose king is an
    // ordinary piece and which has no bare-king rule, as HaChu has none;
    // it lists one pass per position, as Griffon does. The
    // counts are HaChu's move lists with repetitions allowed, read through
    // its "Illegal move" dump (HaChu has no perft command). The middle-game
    // position has both Lions two squares apart with a Pawn as a would-be
    // bridge, a Horned Falcon and a Soaring Eagle: Lion trading, hit and
    // run, igui and partial Lion moves all occur.
    let mut set = VariantSet::new();
    set.load_builtins().unwrap();
    set.load_str(
        "hachu.ini",
        "[chuhachu:chu]\nking = -\ncommoner = k\nextinctionValue = none\n",
    )
    .strict()
    .unwrap();
    let rules = Rules::new(set.get("chuhachu").unwrap().clone()).unwrap();
    let cases: [(&str, &[u64]); 2] = [
        (
            "11k/12/12/12/12/4pg6/4n7/4N7/12/12/12/K11 w - - 0 1",
            &[36, 967, 28559],
        ),
        (
            "lfcsgekgscfl/a1b1txot1b1a/mvrh1q1dhrvm/pppp1ppppppp/2+di1n2i3/4p7/5N3+H2/3I1P2I3/PPPPP1PPPPPP/MVRHD1QD1RVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - - 0 1",
            &[83, 5052, 438531],
        ),
    ];
    for (fen, counts) in cases {
        let mut pos = Position::from_fen(rules.clone(), fen).unwrap();
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(perft(&mut pos, d as u32 + 1), n, "{fen} depth {}", d + 1);
        }
    }
}

#[test]
fn chu_lion_trading_rules() {
    // XBoard 4.9.1 forfeits each move called illegal here (checked by
    // playing it headless); ranks are 1-12 on the wire.
    let lion_vs_lion = |fen: &str, mv: &str| {
        let mut g = game("chu", &format!("{fen} w - - 0 1"));
        g.parse_move(mv).is_ok()
    };
    // A protected Lion two squares away may not be taken...
    assert!(!lion_vs_lion(
        "11k/12/12/12/4p7/4n7/12/4N7/12/12/12/K11",
        "e5e7"
    ));
    // ...an unprotected one may.
    assert!(lion_vs_lion(
        "11k/12/12/12/12/4n7/12/4N7/12/12/12/K11",
        "e5e7"
    ));
    // A Pawn is no bridge; a Gold is.
    assert!(!lion_vs_lion(
        "11k/12/12/12/4p7/4n7/4p7/4N7/12/12/12/K11",
        "e5e6,e6e7"
    ));
    assert!(lion_vs_lion(
        "11k/12/12/12/4p7/4n7/4g7/4N7/12/12/12/K11",
        "e5e6,e6e7"
    ));
    // An adjacent Lion may always be taken.
    assert!(lion_vs_lion(
        "11k/12/12/12/4p7/12/4n7/4N7/12/12/12/K11",
        "e5e6"
    ));
    // After a Gold takes a Lion, a Pawn may not take the other Lion at
    // once; a move later it may.
    let mut g = game(
        "chu",
        "11k/12/12/12/12/4n7/4G2p4/7N4/12/12/12/K11 w - - 0 1",
    );
    play(&mut g, &["e6e7"]);
    assert!(g.parse_move("h6h5").is_err());
    let mut g = game(
        "chu",
        "11k/12/12/12/12/4n7/4G2p4/7N4/12/12/12/K11 w - - 0 1",
    );
    play(&mut g, &["a1a2"]);
    assert!(g.parse_move("h6h5").is_ok());
    // A Kirin promoted to Lion is a Lion for these rules (HaChu 0.21
    // refuses such counterstrikes, and a distant capture of a protected
    // promoted Lion).
    let mut g = game(
        "chu",
        "11k/12/12/12/12/4+o7/4G2p4/7+O4/12/12/12/K11 w - - 0 1",
    );
    play(&mut g, &["e6e7"]);
    assert!(g.parse_move("h6h5").is_err());
    assert!(!lion_vs_lion(
        "11k/12/12/12/4p7/4+o7/12/4N7/12/12/12/K11",
        "e5e7"
    ));
}

#[test]
fn chu_promotion_and_notation() {
    // A Pawn entering the zone may promote (+) or defer (= or nothing); a
    // Pawn on the last rank must promote; promoted pieces are written +X.
    // Black keeps a pawn so that the bare-king rule does not end the game.
    let mut g = game("chu", "10pk/12/12/12/4P7/12/12/12/12/12/12/K11 w - - 0 1");
    assert!(g.parse_move("e8e9+").is_ok());
    assert!(g.parse_move("e8e9").is_ok());
    assert!(g.parse_move("e8e9=").is_ok());
    // On the wire the promotion is XBoard's `+`, not a piece letter.
    let promote = g.parse_move("e8e9+").unwrap();
    assert_eq!(griffon::notation::move_text(g.position(), promote), "e8e9+");
    play(&mut g, &["e8e9+"]);
    assert!(
        g.position().fen().starts_with("10pk/12/12/4+P7/12/"),
        "{}",
        g.position().fen()
    );
    // Inside the zone a non-capture may not promote (only entering may)...
    let mut g = game("chu", "10pk/12/12/4R7/12/12/12/12/12/12/12/K11 w - - 0 1");
    assert!(g.parse_move("e9e10+").is_err());
    assert!(g.parse_move("e9e10").is_ok());
    // ...a capture may.
    let mut g = game("chu", "10pk/12/4p7/4R7/12/12/12/12/12/12/12/K11 w - - 0 1");
    assert!(g.parse_move("e9e10+").is_ok());
    // A Pawn stepping onto the last rank must promote.
    let mut g = game("chu", "k9p1/4P7/12/12/12/12/12/12/12/12/12/K11 w - - 0 1");
    assert!(g.parse_move("e11e12=").is_err());
    let forced = g.parse_move("e11e12+").unwrap();
    assert_eq!(
        g.parse_move("e11e12").unwrap(),
        forced,
        "the promotion is meant"
    );
    // The Lion's pass is XBoard's null move.
    let mut g = game("chu", "10pk/12/12/12/12/12/12/4N7/12/12/12/K11 w - - 0 1");
    let pass = g.parse_move("@@@@").unwrap();
    assert_eq!(griffon::notation::move_text(g.position(), pass), "@@@@");
    // A promoted Rook moves as a Dragon King and does not promote again.
    let mut g = game("chu", "10pk/12/12/4+R7/12/12/12/12/12/12/12/K11 w - - 0 1");
    assert!(g.parse_move("e9f10").is_ok());
    assert!(g.parse_move("e9f10+").is_err());
}

#[test]
fn a_repetition_counts_across_reversible_clock_resets() {
    // A soldier's sideways steps on the last rank can be undone: the
    // position after a9b9 d9e9 b9a9 e9d9 is the same again, and the third
    // time is a draw. (From a `griffon match` game that shuffled on for
    // 2000 plies when such steps restarted the n-move clock and the
    // repetition window stopped at clock resets.)
    let mut g = game("xiangqi", "P2k5/4a4/5a3/9/2e6/9/9/9/4A4/3A1K3 w - - 0 60");
    let cycle = ["a9b9", "d9e9", "b9a9", "e9d9"];
    play(&mut g, &cycle);
    assert!(g.outcome().is_none());
    play(&mut g, &cycle);
    match g.outcome() {
        Some(Outcome::Draw { reason }) => assert_eq!(reason, EndReason::Repetition),
        other => panic!("{other:?}"),
    }
}

#[test]
fn chu_king_and_prince_may_be_left_attacked() {
    // From a game against HaChu 0.21, which played h4h3 here: Black's
    // crown prince (+E on h4) takes the piece on h3 although the flying
    // ox on d7 then attacks both the prince and the king on h11. With two
    // royal pieces either may be lost; the last one obeys check.
    let fen = "l11/a6k4/7g4/12/12/3+V8/10C1/2C9/+p4G1+e4/2S1K2F4/4T1+d5/12 b - - 23 281";
    let mut g = game("chu", fen);
    let m = g.parse_move("h4h3").expect("legal with two royals");
    g.play(m);
    // White takes the prince; the king alone obeys check now: the gold
    // on h10 may not leave the file the ox on h3 would open.
    let m = g.parse_move("d7h3").expect("the prince may be taken");
    g.play(m);
    assert!(
        g.parse_move("h10g10").is_err(),
        "the last royal obeys check"
    );
    assert!(g.parse_move("h11g11").is_ok());
}

#[test]
fn king_of_the_hill_and_racing_kings_flags() {
    // A king on d5: the goal, whoever is to move.
    let mut g = game("kingofthehill", "8/8/8/3K4/8/8/8/k7 b - - 0 1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: EndReason::FlagReached
        })
    );
    // Racing kings: White got there first and Black's king can follow
    // (a8 or b8): the game goes on; after Black follows, a draw.
    let mut g = game("racingkings", "7K/k7/8/8/8/8/8/8 b - - 0 1");
    assert_eq!(g.outcome(), None);
    play(&mut g, &["a7b8"]);
    assert!(
        matches!(g.outcome(), Some(Outcome::Draw { reason }) if reason == EndReason::FlagReached)
    );
    // Black's king too far to follow: White has won at once.
    let mut g = game("racingkings", "7K/8/k7/8/8/8/8/8 b - - 0 1");
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            ..
        })
    ));
    // Black reached the last rank first: White, to move, has lost.
    let mut g = game("racingkings", "1k6/8/8/8/8/8/8/K7 w - - 0 1");
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            ..
        })
    ));
}

/// Positions where a flag rule decides, with Fairy-Stockfish's perft
/// counts (its `go perft`, built from pyffish 0.0.90's source).
#[test]
fn flag_positions_agree_with_fairy_stockfish() {
    let cases: &[(&str, &str, u32, u64)] = &[
        // Black's king may follow White's: only its moves that get there
        // matter for the result, but all are played.
        ("racingkings", "7K/k7/8/8/8/8/8/8 b - - 0 1", 1, 5),
        ("racingkings", "7K/8/k7/8/8/8/8/8 b - - 0 1", 2, 0),
        // It may follow by taking the rook on a8.
        ("racingkings", "R4K2/1k6/8/8/8/8/8/8 b - - 0 1", 1, 4),
        // Every square it could follow to is covered: lost at once.
        ("racingkings", "R4K2/1k6/8/8/8/8/8/1R6 b - - 0 1", 1, 0),
        ("racingkings", "5K2/1k6/8/8/8/8/8/RR6 b - - 0 1", 1, 0),
        ("racingkings", "7K/1k6/2n5/8/8/8/8/R1R5 b - - 0 1", 1, 12),
        ("racingkings", "8/K7/8/1k6/8/8/8/7r w - - 0 1", 4, 797),
        ("kingofthehill", "8/8/8/3K4/8/8/8/k7 b - - 0 1", 2, 0),
        ("kingofthehill", "8/8/8/8/2K5/8/8/k7 w - - 0 1", 3, 105),
        ("breakthrough", "8/8/8/8/8/8/1p6/P7 w - - 0 1", 3, 0),
        ("breakthrough", "8/P7/8/8/8/8/1p6/8 w - - 0 1", 3, 0),
    ];
    let mut set = VariantSet::new();
    set.load_builtins().unwrap();
    for &(variant, fen, depth, expected) in cases {
        let rules = Rules::new(set.get(variant).unwrap().clone()).unwrap();
        let mut pos = Position::from_fen(rules, fen).unwrap();
        assert_eq!(
            perft(&mut pos, depth),
            expected,
            "{variant} {fen} depth {depth}"
        );
    }
}

/// With gating, a file letter in the castling field names a gate and
/// gives no castling right while pieces wait in hand: Fairy-Stockfish's
/// perft of a Seirawan position whose king has left e1 (its `go perft`).
#[test]
fn gating_file_letters_are_gates_not_castling() {
    let mut set = VariantSet::new();
    set.load_builtins().unwrap();
    let rules = Rules::new(set.get("seirawan").unwrap().clone()).unwrap();
    let fen = "1hb1k1nr/rp1pqppp/n4Qe1/2p1p3/4P3/2P4N/PP1P2PP/RNB1H1KR[E] w ABCHk - 2 10";
    let mut pos = Position::from_fen(rules, fen).unwrap();
    assert_eq!(perft(&mut pos, 3), 44199);
}

/// Walls: Fairy-Stockfish's perft (its `go perft`) of positions that test
/// one wall rule each, counted by hand-written cases where its built-in
/// variants' suites could miss them.
#[test]
fn wall_positions_agree_with_fairy_stockfish() {
    let cases: &[(&str, &str, u32, u64)] = &[
        // The duck on f1 blocks White's short castling (not Black's).
        ("duck", "r3k2r/8/8/8/8/8/8/R3K*1R w KQkq - 0 1", 1, 1313),
        // A wall put on the square a double step passed closes e.p.
        ("duck", "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", 2, 132_456),
        // A king that captured would turn into a wall, so it may not; and
        // the other king, which cannot capture either, gives no check.
        ("petrified", "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", 1, 1),
        ("petrified", "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", 3, 71),
        ("petrified", "8/8/8/3k4/8/3K4/8/8 w - - 0 1", 1, 8),
        // Every amazon move shoots an arrow where it could move on.
        (
            "amazons",
            "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1",
            1,
            2176,
        ),
        // Walls in a FEN (gustav3's corners).
        (
            "gustav3",
            "arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1",
            2,
            484,
        ),
    ];
    let mut set = VariantSet::new();
    set.load_builtins().unwrap();
    for &(variant, fen, depth, expected) in cases {
        let rules = Rules::new(set.get(variant).unwrap().clone()).unwrap();
        let mut pos = Position::from_fen(rules, fen).unwrap();
        assert_eq!(pos.fen(), fen, "walls survive a FEN round trip");
        assert_eq!(
            perft(&mut pos, depth),
            expected,
            "{variant} {fen} depth {depth}"
        );
    }
}

/// Duck chess: a move names its wall as a second leg; the duck must move
/// each turn; a FEN has one duck at most.
#[test]
fn duck_moves_name_their_wall() {
    let mut g = game(
        "duck",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    let err = g.parse_move("e2e4").expect_err("a move without its wall");
    assert!(err.to_string().contains("wall"), "{err}");
    play(&mut g, &["e2e4,e4e5"]);
    assert_eq!(
        g.position().fen(),
        "rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    // The duck may not stay where it is, and the square is blocked.
    assert!(g.parse_move("e7e6,e6e5").is_err());
    assert!(g.parse_move("e7e5,e5d4").is_err());
    play(&mut g, &["d7d5,d5d4"]);
    assert_eq!(
        g.position().fen(),
        "rnbqkbnr/ppp1pppp/8/3p4/3*P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"
    );
    let mut set = VariantSet::new();
    set.load_builtins().unwrap();
    let rules = Rules::new(set.get("duck").unwrap().clone()).unwrap();
    let two = "rnbqkbnr/pppppppp/8/8/3**3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert!(Position::from_fen(rules, two).is_err(), "two ducks");
}

/// `passOnStalemate` (Fairy-Stockfish's andersanti, from its variants.ini):
/// a side with no other legal move passes, and two passes in a row end
/// the game drawn. Counts are Fairy-Stockfish's `go perft`.
#[test]
fn passing_on_stalemate_and_two_passes_draw() {
    let mut set = VariantSet::new();
    set.load_builtins().unwrap();
    set.load_str(
        "test.ini",
        "[andersanti:antichess]\npassOnStalemate = true\n",
    )
    .strict()
    .expect("test variant loads");
    let rules = Rules::new(set.get("andersanti").unwrap().clone()).unwrap();
    let blocked = "8/8/8/8/8/p7/P7/8 w - - 0 1";
    let cases: &[(&str, u32, u64)] = &[
        (blocked, 1, 1),
        (blocked, 2, 1),
        // Both passed: the game is over.
        (blocked, 3, 0),
        // A king that can move may not pass.
        ("8/8/8/8/8/p7/P7/7K w - - 0 1", 1, 3),
        ("8/8/8/8/1p6/p7/P7/8 w - - 0 1", 3, 1),
    ];
    for &(fen, depth, expected) in cases {
        let mut pos = Position::from_fen(rules.clone(), fen).unwrap();
        assert_eq!(perft(&mut pos, depth), expected, "{fen} depth {depth}");
    }
    let mut g = Game::new(Position::from_fen(rules, blocked).unwrap());
    play(&mut g, &["@@@@"]);
    assert_eq!(g.outcome(), None);
    play(&mut g, &["@@@@"]);
    assert!(
        matches!(g.outcome(), Some(Outcome::Draw { reason }) if reason == EndReason::BothPassed)
    );
}

/// Castle chess (`castlingWins`, Fairy-Stockfish's castle section) and
/// `oppositeCastling`, as Fairy-Stockfish plays them: its `go perft 1`
/// after e8c8 and after e8f8 is 0 (the game is over), and after e1g1 in
/// opposite-castling Black's castling is e8c8 alone.
#[test]
fn castling_goals_and_opposite_castling() {
    let mut set = VariantSet::new();
    set.load_builtins().unwrap();
    set.load_str(
        "test.ini",
        "[castle:normal]\ncastlingWins = q\n\n[opposite:normal]\noppositeCastling = true\n",
    )
    .strict()
    .expect("test variants load");
    let castle = Rules::new(set.get("castle").unwrap().clone()).unwrap();
    // Black castles queenside and wins at once.
    let mut g =
        Game::new(Position::from_fen(castle.clone(), "r3k3/8/8/8/8/8/8/4K3 b q - 0 1").unwrap());
    play(&mut g, &["e8c8"]);
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: EndReason::CastlingGoal
        })
    ));
    // Black's king steps: it can never castle queenside, and has lost.
    let mut g = Game::new(Position::from_fen(castle, "r3k3/8/8/8/8/8/8/4K3 b q - 0 1").unwrap());
    play(&mut g, &["e8f8"]);
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            ..
        })
    ));
    // White castles kingside: Black may then castle only queenside.
    let opposite = Rules::new(set.get("opposite").unwrap().clone()).unwrap();
    let mut g =
        Game::new(Position::from_fen(opposite, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap());
    play(&mut g, &["e1g1"]);
    assert!(g.parse_move("e8g8").is_err());
    assert!(g.parse_move("e8c8").is_ok());
}

/// Janggi's bikjang and material counting, as pyffish 0.0.90 judges them
/// (`legal_moves`, `is_immediate_game_end`, `game_result`): with the kings
/// facing on the open e-file White may only break it with the king
/// (e1d1, e1f1) or pass; after the pass the game is over, won by White's
/// chariot on material in janggi (13 points against Black's 1.5), drawn
/// in janggitraditional. In janggicasual the facing binds nobody (16
/// moves) and two passes draw. Two passes in janggi are also counted:
/// the chariot wins, bare kings lose for White.
#[test]
fn janggi_bikjang_and_material_counting() {
    let facing = "4k4/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
    let legal = |g: &mut Game| g.legal_moves().len();
    let mut g = game("janggi", facing);
    assert_eq!(legal(&mut g), 3, "e1d1, e1f1 and the pass");
    play(&mut g, &["@@@@"]);
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: EndReason::Bikjang
        })
    ));
    let mut g = game("janggitraditional", facing);
    play(&mut g, &["@@@@"]);
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Bikjang
        })
    ));
    let mut g = game("janggicasual", facing);
    assert_eq!(legal(&mut g), 16);
    play(&mut g, &["@@@@", "@@@@"]);
    assert!(matches!(g.outcome(), Some(Outcome::Draw { .. })));
    let mut g = game("janggi", "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
    play(&mut g, &["@@@@", "@@@@"]);
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: EndReason::BothPassed
        })
    ));
    let mut g = game("janggi", "r2k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    play(&mut g, &["@@@@", "@@@@"]);
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            ..
        })
    ));
}

/// Armageddon: a stalemate, drawn in chess, is Black's win (pyffish's
/// `game_result` for both positions: the side to move, Black, wins).
#[test]
fn armageddon_draws_go_to_black() {
    for fen in [
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1",
    ] {
        let mut g = game("armageddon", fen);
        assert!(
            matches!(
                g.outcome(),
                Some(Outcome::Win {
                    winner: Color::Black,
                    reason: EndReason::Stalemate
                })
            ),
            "{fen}"
        );
    }
}

/// Shatar's mate rule, as pyffish 0.0.90's `game_result` judges it: a
/// smothered mate by a knight alone wins for the side mated, a rook's
/// mate (a shak) wins for the mating side, and a bishop's mate after no
/// shak is drawn.
#[test]
fn shatar_mates_by_the_pieces_that_give_them() {
    let mut g = game("shatar", "6rk/5Npp/8/8/8/8/8/K7 b - - 0 1");
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            ..
        })
    ));
    let mut g = game("shatar", "k7/8/1K6/8/8/8/p7/7R w - - 0 1");
    play(&mut g, &["h1h8"]);
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            ..
        })
    ));
    let mut g = game("shatar", "kb6/p7/8/8/8/3B4/8/7K w - - 0 1");
    play(&mut g, &["d3e4"]);
    assert!(matches!(g.outcome(), Some(Outcome::Draw { .. })));
}

/// Sittuyin's stalemate by optional promotion, as pyffish 0.0.90 judges
/// it (`is_optional_game_end` true, a draw): king and last pawn, the pawn
/// blocked, the king boxed in: only promotions are legal (a2a2f, a2b1f,
/// a2b3f, pyffish's `legal_moves`). With the pawn free to step the game
/// goes on.
#[test]
fn sittuyin_promotions_only_is_a_draw() {
    let mut g = game("sittuyin", "1r5k/8/8/8/8/p7/P7/K7 w - - 0 1");
    assert_eq!(g.legal_moves().len(), 3);
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Stalemate
        })
    ));
    let mut g = game("sittuyin", "1r5k/8/8/8/8/8/P7/K7 w - - 0 1");
    assert_eq!(g.legal_moves().len(), 4);
    assert_eq!(g.outcome(), None);
}

/// Kakao Janggi's shuttling rule in janggimodern, as pyffish 0.0.90 judges
/// it (`is_optional_game_end` after each move; a win for the side to move
/// there is a loss for the shuttling side): the ply after which the game
/// is first over, and who lost. A king or guard shut in its palace may
/// shuttle; a pass stands in for one step back only right after the last
/// move.
#[test]
fn janggimodern_shuttling_loses() {
    let start = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
    let cases: [(&str, Option<(usize, Color)>); 6] = [
        (
            "a1a2 a10a9 a2a1 a9a10 a1a2 a10a9 a2a1 a9a10 a1a2 a10a9",
            Some((9, Color::White)),
        ),
        (
            "a1a2 a10a9 @@@@ a9a10 a2a1 a10a9 a1a2 a9a10 a2a1 a10a9 a1a2",
            Some((10, Color::Black)),
        ),
        (
            "a1a3 a10a9 a3a2 a9a10 a2a3 a10a9 a3a2 a9a10 a2a3 a10a9 a3a2",
            Some((9, Color::White)),
        ),
        (
            "b1c3 a10a9 c3b1 a9a10 b1c3 a10a9 c3b1 a9a10 b1c3 a10a9 c3b1",
            Some((9, Color::White)),
        ),
        ("e2e3 e9e8 e3e2 e8e9 e2e3 e9e8 e3e2 e8e9 e2e3 e9e8", None),
        (
            "d1d2 d10d9 d2d1 d9d10 d1d2 d10d9 d2d1 d9d10 d1d2 d10d9",
            None,
        ),
    ];
    // pyffish counts ranks from 1, Griffon (as XBoard) from 0 on ten ranks.
    let xboard = |m: &str| {
        let mut text = String::new();
        let mut digits = String::new();
        for c in m.chars().chain(std::iter::once(' ')) {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            if let Ok(rank) = digits.parse::<u32>() {
                text += &(rank - 1).to_string();
            }
            digits.clear();
            if c != ' ' {
                text.push(c);
            }
        }
        text
    };
    for (moves, expected) in cases {
        let mut g = game("janggimodern", start);
        let mut ended = None;
        for (ply, m) in moves.split(' ').enumerate() {
            play(&mut g, &[&xboard(m)]);
            if let Some(outcome) = g.outcome() {
                ended = Some((ply + 1, outcome));
                break;
            }
        }
        match (ended, expected) {
            (None, None) => {}
            (
                Some((
                    ply,
                    Outcome::Win {
                        winner,
                        reason: EndReason::Shuttling { by },
                    },
                )),
                Some((at, loser)),
            ) => {
                assert_eq!((ply, by, winner), (at, loser, loser.opponent()), "{moves}");
            }
            (got, _) => panic!("{moves}: {got:?}, expected {expected:?}"),
        }
    }
}
