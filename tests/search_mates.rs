//! The search finds mates whose length is worked out by hand, and a simple
//! tactic, within a node budget, in several variants.

use griffon::position::{Position, Rules};
use griffon::search::{Limits, Searcher, Silent, xboard_score};
use griffon::variant::VariantSet;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

fn search(variant: &str, fen: &str, depth: u32) -> (String, i64) {
    search_threads(variant, fen, depth, 1)
}

fn search_threads(variant: &str, fen: &str, depth: u32, threads: usize) -> (String, i64) {
    let mut set = VariantSet::new();
    set.load_builtins().expect("built-ins");
    set.load_file("tests/data/variants/test-variants.ini")
        .strict()
        .expect("test variants");
    let v = set.get(variant).expect("variant").clone();
    let pos = Position::from_fen(Rules::new(v).expect("rules"), fen).expect("fen");
    let mut s = Searcher::new(&pos, 16, Arc::new(AtomicBool::new(false)));
    s.set_threads(threads);
    let limits = Limits {
        depth: Some(depth),
        nodes: Some(5_000_000),
        ..Limits::default()
    };
    let r = s.search(&pos, griffon::judge::Past::NONE, limits, &mut Silent);
    let best = griffon::notation::move_text(&pos, r.best.expect("a move"));
    (best, xboard_score(r.score))
}

/// XBoard's mate score for "mate in n moves".
fn mate_in(n: i64) -> i64 {
    100_000 + n
}

#[test]
fn chess_mates() {
    // Scholar's mate: Qxf7 mates at once.
    let (m, s) = search(
        "normal",
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 1",
        3,
    );
    assert_eq!((m.as_str(), s), ("f3f7", mate_in(1)));
    // Rook ladder: Kh7 with rooks a6 and b1. No mate in one (every check
    // lets the king out or be taken); Rb7+ (or Ra7+) drives the king to
    // the 8th rank and the other rook mates there: mate in 2.
    let (_, s) = search("normal", "8/7k/R7/8/8/8/8/1R2K3 w - - 0 1", 5);
    assert_eq!(s, mate_in(2));
    // The side to move being mated in 1 sees it.
    let (_, s) = search("normal", "8/1R5k/R7/8/8/8/8/4K3 b - - 0 1", 4);
    assert_eq!(s, -100_000 - 1);
}

#[test]
fn a_mate_on_the_hundredth_ply_beats_the_fifty_move_rule() {
    // Halfmove clock 99: Ra8 mates with the move that reaches the limit,
    // and a mate ends the game before the rule can (FIDE 9.6, XBoard).
    let (m, s) = search("normal", "7k/8/6K1/8/8/8/8/R7 w - - 99 80", 3);
    assert_eq!((m.as_str(), s), ("a1a8", mate_in(1)));
    // The side that gets mated that way sees it coming: Kg8 is forced
    // and Rb8 mates on ply 100 (the game Griffon lost this way thought
    // the rule would save it).
    let (_, s) = search("normal", "7k/8/6K1/8/8/8/8/1R6 b - - 98 80", 4);
    assert_eq!(s, -100_000 - 1);
    // Without a mate in one, any move reaches the limit: a draw, whatever
    // the material says.
    let (_, s) = search("normal", "7k/8/8/8/8/8/8/KQ6 w - - 99 80", 4);
    assert_eq!(s, 0);
}

#[test]
fn capablanca_mate_in_two() {
    // The same ladder on the 10-wide board: Kj7, rooks a6 and b1.
    let (_, s) = search("capablanca", "10/9k/R9/10/10/10/10/1R3K4 w - - 0 1", 5);
    assert_eq!(s, mate_in(2));
}

#[test]
fn shatranj_mate_in_two() {
    // Ladder again; Black keeps a pawn so that the bare-king rule is not
    // what ends the game.
    let (_, s) = search("shatranj", "8/7k/R7/7p/8/8/8/1R2K3 w - - 0 1", 5);
    assert_eq!(s, mate_in(2));
}

#[test]
fn chu_bare_king_wins_and_the_bared_side_bares_back() {
    // Rxl6 takes Black's last piece but the king: whatever Black replies,
    // White has won by the bare-king rule (Black cannot take the rook).
    let (m, s) = search(
        "chu",
        "k11/12/12/12/12/12/11p/12/12/12/11R/K11 w - - 0 1",
        3,
    );
    assert_eq!(m, "l2l6");
    assert!(s > 100_000, "a won score, not {s}");
    // Bared by Gxb7, Black must take the unprotected gold at once: any
    // other move loses by the rule.
    let (m, s) = search(
        "chu",
        "12/12/12/12/k11/1G10/12/12/12/12/12/11K b - - 0 1",
        3,
    );
    assert_eq!(m, "a8b7");
    assert!(s > -100_000, "not a lost score: {s}");
}

#[test]
fn engine_defined_variant_mate_in_two() {
    // 6x6 ladder: Black king f5, rooks a4 and b1: Rb5+ and Ra6 mate.
    let (_, s) = search("minirook", "6/5k/R5/6/6/1R1K2 w - - 0 1", 5);
    assert_eq!(s, mate_in(2));
}

#[test]
fn knight_fork_wins_the_queen() {
    // Nf6+ forks king e8 and queen d7 (the queen cannot take f6, the king
    // cannot reach it); after Nxd7 White has rook and knight against a bare
    // king. No other move wins the queen.
    let (m, s) = search("normal", "4k3/3q4/8/8/6N1/8/8/R5K1 w - - 0 1", 6);
    assert_eq!(m, "g4f6");
    assert!(s > 500, "score {s}");
}

#[test]
fn giveaway_win_by_losing_the_last_piece() {
    // White's last man, the rook, steps next to the black king (Rh7 or
    // Rg7), which must take it: White has no pieces left and has won
    // ("mate in 1" in XBoard's count).
    let (m, s) = search("giveaway", "7k/R7/8/8/8/8/8/8 w - - 0 1", 4);
    assert!(["a7h7", "a7g7"].contains(&m.as_str()), "{m} {s}");
    assert_eq!(s, mate_in(1));
}

#[test]
fn two_threads_find_the_same_mates_and_tactics() {
    // Lazy SMP: the helper thread shares the table; the answers are those
    // of one thread.
    let (m, s) = search_threads(
        "normal",
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 1",
        3,
        2,
    );
    assert_eq!((m.as_str(), s), ("f3f7", mate_in(1)));
    let (_, s) = search_threads("normal", "8/7k/R7/8/8/8/8/1R2K3 w - - 0 1", 5, 2);
    assert_eq!(s, mate_in(2));
    let (m, _) = search_threads("normal", "4k3/3q4/8/8/6N1/8/8/R5K1 w - - 0 1", 6, 2);
    assert_eq!(m, "g4f6");
}
