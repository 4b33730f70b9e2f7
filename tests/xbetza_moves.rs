//! Hand-derived target sets for pieces whose moves depend on other pieces or
//! on more than one leg. Each expected set is worked out in the comment from
//! the piece's rules, not taken from the program.

use griffon::xbetza::{
    Board, Cell, Dialect, Outcome, OutcomeKind, compile, outcomes, parse_square, square_name,
};
use std::collections::BTreeSet;

struct Setup {
    board: Board,
}

impl Setup {
    fn new(w: u8, h: u8) -> Setup {
        Setup {
            board: Board::empty(w, h),
        }
    }
    fn sq(&self, s: &str) -> (u8, u8) {
        parse_square(s, self.board.width, self.board.height).expect("test square on the board")
    }
    fn friend(mut self, squares: &[&str]) -> Setup {
        for s in squares {
            let q = self.sq(s);
            self.board.set(
                q,
                Cell::Friend {
                    royal: false,
                    virgin: true,
                },
            );
        }
        self
    }
    fn foe(mut self, squares: &[&str]) -> Setup {
        for s in squares {
            let q = self.sq(s);
            self.board.set(q, Cell::Foe { royal: false });
        }
        self
    }
    fn moves(&self, betza: &str, from: &str, virgin: bool) -> Vec<Outcome> {
        let m = compile(betza, Dialect::XBoard).unwrap_or_else(|e| panic!("{e}"));
        outcomes(&m, &self.board, self.sq(from), true, virgin)
    }
    /// Destinations of non-capturing moves.
    fn quiet(&self, betza: &str, from: &str) -> BTreeSet<String> {
        self.moves(betza, from, true)
            .iter()
            .filter(|o| o.capture.is_none())
            .map(|o| square_name(o.to))
            .collect()
    }
    /// Destinations of capturing moves.
    fn captures(&self, betza: &str, from: &str) -> BTreeSet<String> {
        self.moves(betza, from, true)
            .iter()
            .filter(|o| o.capture.is_some())
            .map(|o| square_name(o.to))
            .collect()
    }
}

fn set(squares: &[&str]) -> BTreeSet<String> {
    squares.iter().map(|s| s.to_string()).collect()
}

fn all_squares_except(w: u8, h: u8, keep: impl Fn(u8, u8) -> bool) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for y in 0..h {
        for x in 0..w {
            if keep(x, y) {
                out.insert(square_name((x, y)));
            }
        }
    }
    out
}

const PAWN: &str = "fmWfceFifmnD";

#[test]
fn fide_pawn_with_double_step() {
    // From e2, unmoved: one step to e3, the double step to e4; it captures
    // diagonally forward on d3 and f3 when enemies stand there.
    let s = Setup::new(8, 8).foe(&["d3", "f3"]);
    assert_eq!(s.quiet(PAWN, "e2"), set(&["e3", "e4"]));
    assert_eq!(s.captures(PAWN, "e2"), set(&["d3", "f3"]));
    // A piece on e3 blocks both the step and the (lame) double step.
    let s = Setup::new(8, 8).friend(&["e3"]);
    assert_eq!(s.quiet(PAWN, "e2"), set(&[]));
    // A piece on e4 blocks only the double step.
    let s = Setup::new(8, 8).foe(&["e4"]);
    assert_eq!(s.quiet(PAWN, "e2"), set(&["e3"]));
    // A moved pawn has no double step, and never captures straight ahead.
    let s = Setup::new(8, 8).foe(&["e5"]);
    let moved: BTreeSet<String> = s
        .moves(PAWN, "e4", false)
        .iter()
        .map(|o| square_name(o.to))
        .collect();
    assert_eq!(moved, set(&[]));
    // En passant: after d7-d5 the pawn on e5 may go to d6, removing d5.
    let mut s = Setup::new(8, 8).foe(&["d5"]);
    let (d6, d5) = (s.sq("d6"), s.sq("d5"));
    s.board.ep.push((d6, d5));
    let ep: Vec<_> = s
        .moves(PAWN, "e5", false)
        .into_iter()
        .filter(|o| o.kind == OutcomeKind::EnPassant)
        .collect();
    assert_eq!(ep.len(), 1);
    assert_eq!((ep[0].to, ep[0].capture), (d6, Some(d5)));
    // The double step is the move that gives e.p. rights.
    let m = compile(PAWN, Dialect::XBoard).unwrap();
    let ep_makers: Vec<_> = m.moves.iter().filter(|d| d.creates_ep).collect();
    assert_eq!(ep_makers.len(), 1);
    assert_eq!(
        (ep_makers[0].legs[0].step.dx, ep_makers[0].legs[0].step.dy),
        (0, 2)
    );
}

#[test]
fn black_pawn_moves_down_the_board() {
    let m = compile(PAWN, Dialect::XBoard).unwrap();
    let s = Setup::new(8, 8).foe(&["d6"]);
    let e7 = s.sq("e7");
    let got: BTreeSet<String> = outcomes(&m, &s.board, e7, false, true)
        .iter()
        .map(|o| square_name(o.to))
        .collect();
    // e6, e5 (double step), capture on d6.
    assert_eq!(got, set(&["e6", "e5", "d6"]));
}

#[test]
fn berolina_pawn() {
    // fmFfcW + ifmnA: moves diagonally forward (d3, f3; double step c4, g4
    // from the start), captures straight ahead (e3).
    let b = "fmFfcWifmnA";
    let s = Setup::new(8, 8).foe(&["e3"]);
    assert_eq!(s.quiet(b, "e2"), set(&["d3", "f3", "c4", "g4"]));
    assert_eq!(s.captures(b, "e2"), set(&["e3"]));
    // A piece on d3 blocks d3 and the lame double step to c4 through it.
    let s = Setup::new(8, 8).friend(&["d3"]);
    assert_eq!(s.quiet(b, "e2"), set(&["f3", "g4"]));
}

#[test]
fn xiangqi_horse_and_elephant() {
    // Horse nN on e5 of the 9x10 board: the 8 knight squares; a piece on e6
    // (the orthogonal neighbour towards d7 and f7) blocks those two.
    let s = Setup::new(9, 10);
    assert_eq!(
        s.quiet("nN", "e5"),
        set(&["d7", "f7", "g6", "g4", "f3", "d3", "c4", "c6"])
    );
    let s = Setup::new(9, 10).friend(&["e6"]);
    assert_eq!(
        s.quiet("nN", "e5"),
        set(&["g6", "g4", "f3", "d3", "c4", "c6"])
    );
    // The precise form mafsW blocks the same way.
    assert_eq!(
        s.quiet("mafsW", "e5"),
        set(&["g6", "g4", "f3", "d3", "c4", "c6"])
    );
    // Elephant nA on c1: a3 and e3; a piece on d2 (the eye) blocks e3.
    let s = Setup::new(9, 10).friend(&["d2"]);
    assert_eq!(s.quiet("nA", "c1"), set(&["a3"]));
    let s = Setup::new(9, 10);
    assert_eq!(s.quiet("nA", "c1"), set(&["a3", "e3"]));
}

#[test]
fn cannon_with_hurdles() {
    // mRcpR on b3 (9x10) with a screen on b7 and an enemy on b9: quiet moves
    // are the rook moves up to b6 and along the rank; the only capture is
    // b9, over the screen. The enemy on e3 stops the rank ride (it cannot
    // be captured without a screen).
    let s = Setup::new(9, 10).friend(&["b7"]).foe(&["b9", "e3"]);
    assert_eq!(
        s.quiet("mRcpR", "b3"),
        set(&["b4", "b5", "b6", "b2", "b1", "a3", "c3", "d3"])
    );
    assert_eq!(s.captures("mRcpR", "b3"), set(&["b9"]));
    // With a second enemy on b8 the cannon captures b8, not b9.
    let s = Setup::new(9, 10).friend(&["b7"]).foe(&["b8", "b9"]);
    assert_eq!(s.captures("mRcpR", "b3"), set(&["b8"]));
}

#[test]
fn grasshopper() {
    // gQ on d4: lands directly behind the first piece on each line.
    // Hurdles d6 (-> d7), f6 (-> g7), b4 (-> a4), d1 (-> nothing: edge).
    let s = Setup::new(8, 8).friend(&["d6", "f6", "b4", "d1"]);
    assert_eq!(s.quiet("gQ", "d4"), set(&["d7", "g7", "a4"]));
    // An enemy right behind the hurdle is captured.
    let s = Setup::new(8, 8).friend(&["d6"]).foe(&["d7"]);
    assert_eq!(s.captures("gQ", "d4"), set(&["d7"]));
}

#[test]
fn nightrider() {
    // N0 on d4: e6 f8, f5 h6, f3 h2, e2, c2, b3, b5, c6 b8.
    let s = Setup::new(8, 8);
    assert_eq!(
        s.quiet("N0", "d4"),
        set(&[
            "e6", "f8", "f5", "h6", "f3", "h2", "e2", "c2", "b3", "b5", "c6", "b8"
        ])
    );
    // A piece on e6 stops the ride towards f8.
    let s = Setup::new(8, 8).friend(&["e6"]);
    assert!(!s.quiet("N0", "d4").contains("f8"));
}

/// Griffon: one diagonal step, then optionally a rook ride away from the
/// start. From d4 on 8x8: c3 c5 e3 e5, then e6-e8, f5-h5, c6-c8, a5-b5,
/// c1-c2, a3-b3, e1-e2, f3-h3 (24 squares).
fn griffon_d4() -> BTreeSet<String> {
    set(&[
        "c3", "c5", "e3", "e5", "e6", "e7", "e8", "f5", "g5", "h5", "c6", "c7", "c8", "a5", "b5",
        "c1", "c2", "a3", "b3", "e1", "e2", "f3", "g3", "h3",
    ])
}

#[test]
fn griffon_and_aanca() {
    let s = Setup::new(8, 8);
    assert_eq!(s.quiet("FyafsF", "d4"), griffon_d4());
    assert_eq!(s.quiet("[F?R]", "d4"), griffon_d4());
    // [F-R] may not stop on the diagonal step.
    let mut no_f = griffon_d4();
    for f in ["c3", "c5", "e3", "e5"] {
        no_f.remove(f);
    }
    assert_eq!(s.quiet("[F-R]", "d4"), no_f);
    // A piece on e5 closes both rides through it.
    let s = Setup::new(8, 8).friend(&["e5"]);
    let mut blocked = griffon_d4();
    for sq in ["e5", "e6", "e7", "e8", "f5", "g5", "h5"] {
        blocked.remove(sq);
    }
    assert_eq!(s.quiet("[F?R]", "d4"), blocked);
    // Aanca: one orthogonal step, then a bishop ride outwards. From d4:
    // d5 then c6 b7 a8 / e6 f7 g8; e4 then f5 g6 h7 / f3 g2 h1; d3 then
    // c2 b1 / e2 f1; c4 then b5 a6 / b3 a2.
    let aanca = set(&[
        "d5", "c6", "b7", "a8", "e6", "f7", "g8", "e4", "f5", "g6", "h7", "f3", "g2", "h1", "d3",
        "c2", "b1", "e2", "f1", "c4", "b5", "a6", "b3", "a2",
    ]);
    let s = Setup::new(8, 8);
    assert_eq!(s.quiet("WyafsW", "d4"), aanca);
    assert_eq!(s.quiet("[W?B]", "d4"), aanca);
}

#[test]
fn chu_shogi_lion() {
    const LION: &str = "KNADcaKmcabK";
    // Direct moves: every square within two king steps (5x5 minus the centre).
    let s = Setup::new(12, 12);
    let direct = all_squares_except(12, 12, |x, y| {
        (x as i32 - 5).abs() <= 2 && (y as i32 - 5).abs() <= 2
    });
    let mut direct = direct;
    direct.remove("f6");
    assert_eq!(s.quiet(LION, "f6"), {
        let mut d = direct.clone();
        // mcabK: step to an empty neighbour and back = the lion passes (f6 to f6).
        d.insert("f6".into());
        d
    });
    // With an enemy on g7 the lion may capture it and then step on to any
    // neighbour of g7 but back towards f6 along the same line (caK: all
    // directions but straight back): f7 f8 g8 h8 h7 h6 g6; or capture it and
    // return to f6 (cabK, igui).
    let s = Setup::new(12, 12).foe(&["g7"]);
    let g7 = s.sq("g7");
    let after: BTreeSet<String> = s
        .moves(LION, "f6", true)
        .iter()
        .filter(|o| o.locust == vec![g7])
        .map(|o| square_name(o.to))
        .collect();
    assert_eq!(
        after,
        set(&["f7", "f8", "g8", "h8", "h7", "h6", "g6", "f6"])
    );
    // Two captures in one move: g7 in passing, then h8.
    let s = Setup::new(12, 12).foe(&["g7", "h8"]);
    let h8 = s.sq("h8");
    assert!(
        s.moves(LION, "f6", true)
            .iter()
            .any(|o| o.locust == vec![g7] && o.capture == Some(h8))
    );
}

#[test]
fn hook_mover() {
    // masR: a rook move, a 90-degree turn on an empty square, another rook
    // move. From d4 on an empty 8x8 board it reaches every square off the
    // d-file and the 4th rank, and none on them.
    let s = Setup::new(8, 8);
    let expected = all_squares_except(8, 8, |x, y| x != 3 && y != 3);
    assert_eq!(s.quiet("masR", "d4"), expected);
    assert_eq!(expected.len(), 49);
    // With a piece on d5, the turns upward are gone; squares above rank 4
    // are still reached by turning on the 4th rank first.
    let s = Setup::new(8, 8).friend(&["d5"]);
    assert_eq!(s.quiet("masR", "d4"), expected);
    // Boxed in by pieces on all four neighbours it cannot move.
    let s = Setup::new(8, 8).friend(&["d5", "d3", "c4", "e4"]);
    assert!(s.quiet("masR", "d4").is_empty());
}

#[test]
fn checker_jump() {
    // fcafmF: jump diagonally forward over an enemy, removing it, onto the
    // empty square behind it.
    let s = Setup::new(8, 8).foe(&["e5", "c5"]);
    let m = s.moves("fcafmF", "d4", true);
    let got: BTreeSet<String> = m.iter().map(|o| square_name(o.to)).collect();
    assert_eq!(got, set(&["f6", "b6"]));
    assert!(m.iter().all(|o| o.locust.len() == 1 && o.capture.is_none()));
    // No enemy to jump, or a friend, or an occupied landing square: nothing.
    assert!(Setup::new(8, 8).moves("fcafmF", "d4", true).is_empty());
    assert!(
        Setup::new(8, 8)
            .friend(&["e5"])
            .moves("fcafmF", "d4", true)
            .is_empty()
    );
    assert!(
        Setup::new(8, 8)
            .foe(&["e5", "f6"])
            .moves("fcafmF", "d4", true)
            .is_empty()
    );
}

#[test]
fn cylinder_rook() {
    // oR on d4 with a friend on b4: upward d5-d8, downward d3-d1; to the
    // right e4 f4 g4 h4, around the edge to a4, then the friend on b4 stops
    // it; to the left c4, then b4 stops it.
    let s = Setup::new(8, 8).friend(&["b4"]);
    assert_eq!(
        s.quiet("oR", "d4"),
        set(&[
            "d5", "d6", "d7", "d8", "d3", "d2", "d1", "e4", "f4", "g4", "h4", "a4", "c4"
        ])
    );
    // On an empty board the sideways ride goes all the way round and stops
    // when it meets the rook itself: the whole rank and file.
    let s = Setup::new(8, 8);
    assert_eq!(s.quiet("oR", "d4").len(), 14);
    // A plain rook does not wrap.
    let s = Setup::new(8, 8).friend(&["b4"]);
    assert!(!s.quiet("R", "d4").contains("a4"));
}

#[test]
fn castling_atom() {
    // O2 on e1 with unmoved corner pieces on a1 and h1: g1 and c1.
    let s = Setup::new(8, 8).friend(&["a1", "h1"]);
    let got: Vec<_> = s.moves("O2", "e1", true);
    let dest: BTreeSet<String> = got.iter().map(|o| square_name(o.to)).collect();
    assert_eq!(dest, set(&["c1", "g1"]));
    assert!(
        got.iter()
            .all(|o| matches!(o.kind, OutcomeKind::Castling { .. }))
    );
    // A piece between king and rook forbids that side.
    let s = Setup::new(8, 8).friend(&["a1", "h1", "b1"]);
    let dest: BTreeSet<String> = s
        .moves("O2", "e1", true)
        .iter()
        .map(|o| square_name(o.to))
        .collect();
    assert_eq!(dest, set(&["g1"]));
    // A king that has moved cannot castle.
    let s = Setup::new(8, 8).friend(&["a1", "h1"]);
    assert!(s.moves("O2", "e1", false).is_empty());
}
