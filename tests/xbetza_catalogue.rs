//! Move counts on an empty board for the single-leg pieces of the
//! project's XBetza reference catalogue (8x8 from d4, 8x8 from a1, 15x15
//! from the centre h8), counted independently of Griffon from the
//! notation's definitions. The reference counts are the catalogue's; where it gives only
//! some of the three, the others are derived by hand in the comment.

use griffon::xbetza::{Board, Dialect, Sq, compile, outcomes};
use std::collections::BTreeSet;

/// Distinct squares a piece can move to on an empty board (quiet moves).
fn quiet_targets(betza: &str, w: u8, h: u8, from: Sq) -> usize {
    let moves = compile(betza, Dialect::XBoard).unwrap_or_else(|e| panic!("{e}"));
    let board = Board::empty(w, h);
    let set: BTreeSet<Sq> = outcomes(&moves, &board, from, true, false)
        .into_iter()
        .filter(|o| o.to != from)
        .map(|o| o.to)
        .collect();
    set.len()
}

const D4: Sq = (3, 3);
const A1: Sq = (0, 0);
const CENTRE15: Sq = (7, 7);

fn check(betza: &str, d4: usize, a1: usize, big: usize) {
    assert_eq!(quiet_targets(betza, 8, 8, D4), d4, "{betza} from d4 on 8x8");
    assert_eq!(quiet_targets(betza, 8, 8, A1), a1, "{betza} from a1 on 8x8");
    assert_eq!(
        quiet_targets(betza, 15, 15, CENTRE15),
        big,
        "{betza} from the centre of 15x15"
    );
}

#[test]
fn orthodox_pieces() {
    check("K", 8, 3, 8);
    check("Q", 27, 21, 56);
    check("R", 14, 14, 28);
    check("B", 13, 7, 28);
    check("N", 8, 2, 8);
}

#[test]
fn simple_leapers() {
    check("F", 4, 1, 4);
    check("A", 4, 1, 4);
    // W, D, H, G: 4 each from d4 (catalogue). From a1 only the steps that
    // point into the board remain: two for the orthogonal W, D, H (up and
    // right), one for the diagonal G (to d4).
    check("W", 4, 2, 4);
    check("D", 4, 2, 4);
    check("H", 4, 2, 4);
    check("G", 4, 1, 4);
    check("C", 8, 2, 8);
    check("Z", 8, 2, 8);
}

#[test]
fn compounds() {
    check("BN", 21, 9, 36);
    check("RN", 22, 16, 36);
    check("QN", 35, 23, 64);
    // Shogi: silver 5/2/5, gold 6/3/6, dragon horse 17/9/32, dragon king 18/15/32.
    check("FfW", 5, 2, 5);
    check("WfF", 6, 3, 6);
    check("BW", 17, 9, 32);
    check("RF", 18, 15, 32);
    // Chu shogi kirin FD and phoenix WA: 8 from d4 and the centre; from a1
    // the kirin has b2, a3, c1 and the phoenix a2, b1, c3.
    check("FD", 8, 3, 8);
    check("WA", 8, 3, 8);
    // Centaur KN 16; from a1: 3 king steps + 2 knight leaps.
    check("KN", 16, 5, 16);
}

#[test]
fn riders() {
    check("N0", 12, 6, 24);
    // The classic doubled-letter form means the same rider.
    check("NN", 12, 6, 24);
    // A short rook W3 from d4: 3 up, 3 right (to g4), 3 down (clipped to 3), 3 left (clipped to 3).
    check("W3", 12, 6, 12);
}

#[test]
fn pawns_and_lame_pieces() {
    // Quiet moves only: the FIDE pawn has one step (its double step needs a
    // virgin piece; this count is for a moved one), Berolina two.
    assert_eq!(quiet_targets("fmWfceFifmnD", 8, 8, D4), 1);
    assert_eq!(quiet_targets("fmWfcF", 8, 8, D4), 1);
    assert_eq!(quiet_targets("fmFfcW", 8, 8, D4), 2);
    // Xiangqi cannon moves like a rook when it does not capture: 14.
    assert_eq!(quiet_targets("mRcpR", 8, 8, D4), 14);
    // Janggi cannon and grasshopper need a hurdle: nothing on an empty board.
    assert_eq!(quiet_targets("pR", 8, 8, D4), 0);
    assert_eq!(quiet_targets("gQ", 8, 8, D4), 0);
    // Xiangqi horse 8, elephant 4, janggi elephant (two legs) 8.
    assert_eq!(quiet_targets("nN", 8, 8, D4), 8);
    assert_eq!(quiet_targets("nA", 8, 8, D4), 4);
    assert_eq!(quiet_targets("mafsmafW", 15, 15, CENTRE15), 8);
    // The precise xiangqi horse mafsW also reaches the 8 knight squares.
    assert_eq!(quiet_targets("mafsW", 8, 8, D4), 8);
    // Shogi pawn 1, lance 4 from d4, knight 2.
    assert_eq!(quiet_targets("fW", 8, 8, D4), 1);
    assert_eq!(quiet_targets("fR", 8, 8, D4), 4);
    assert_eq!(quiet_targets("ffN", 8, 8, D4), 2);
    // Xiangqi soldier across the river fsW: 3.
    assert_eq!(quiet_targets("fsW", 8, 8, D4), 3);
    // Chu lion: 24 squares within two steps (KNAD).
    assert_eq!(quiet_targets("KNADcaKmcabK", 8, 8, D4), 24);
}

#[test]
fn spartan_and_fairy_stockfish_extras() {
    // Quiet targets from d4 on 8x8, derived by hand:
    // captain WD: 4 + 4; lieutenant FAsmW: 4 + 4 + the two sideways steps;
    // fersAlfil FA: 4 + 4; aiwok RNF: 14 + 8 + 4 (the F squares are off the
    // rook lines); knibis mNcB moves as a knight (8); biskni mBcN as a
    // bishop (13); kniroo mNcR 8; rookni mRcN 14; clobber cW never moves
    // quietly; breakthrough fmWfF: d5, c5, e5; banner RcpRnN: rook 14 +
    // knight 8 (its cannon capture needs a screen).
    for (betza, n) in [
        ("WD", 8),
        ("FAsmW", 10),
        ("FA", 8),
        ("RNF", 26),
        ("mNcB", 8),
        ("mBcN", 13),
        ("mNcR", 8),
        ("mRcN", 14),
        ("cW", 0),
        ("fmWfF", 3),
        ("RcpRnN", 22),
    ] {
        assert_eq!(quiet_targets(betza, 8, 8, D4), n, "{betza}");
    }
}
