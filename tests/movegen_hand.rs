//! Move counts and move lists worked out by hand, for what the reference
//! suites do not cover: castling in its several forms, the cylinder board
//! (no reference engine has it) and the falcon (nor this piece). Every
//! expected value is derived in the comment next to it from the rules of
//! the variant, not taken from the program.

use common::rules;
use griffon::movegen::{legal_moves, perft};
use griffon::notation::move_text;
use griffon::position::{Position, Rules};
use griffon::types::{Move, flag};
use griffon::variant::VariantSet;
use std::collections::BTreeSet;

mod common;

fn position(variant: &str, fen: &str) -> Position {
    Position::from_fen(rules(variant), fen).unwrap_or_else(|e| panic!("{variant} {fen}: {e}"))
}

fn name(pos: &Position, sq: u16) -> String {
    pos.rules().geometry().name(sq)
}

/// Castling moves as (king from, king to, partner square).
fn castlings(pos: &mut Position) -> BTreeSet<(String, String, String)> {
    legal_moves(pos)
        .into_iter()
        .filter(|m| m.is(flag::CASTLE))
        .map(|m| (name(pos, m.from()), name(pos, m.to()), name(pos, m.aux())))
        .collect()
}

fn triples(list: &[(&str, &str, &str)]) -> BTreeSet<(String, String, String)> {
    list.iter()
        .map(|&(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect()
}

/// Legal moves in coordinate notation.
fn texts(pos: &mut Position) -> BTreeSet<String> {
    legal_moves(pos)
        .into_iter()
        .map(|m| move_text(pos, m))
        .collect()
}

fn set(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Destinations of the legal moves of the piece on `from`.
fn targets(pos: &mut Position, from: &str) -> BTreeSet<String> {
    let sq = pos
        .rules()
        .geometry()
        .parse(from)
        .expect("square on the board");
    legal_moves(pos)
        .into_iter()
        .filter(|m| m.from() == sq)
        .map(|m| name(pos, m.to()))
        .collect()
}

/// Plays the castling move with this partner and returns the board around.
fn castle(pos: &mut Position, partner: &str) -> Move {
    let sq = pos.rules().geometry().parse(partner).expect("square");
    let m = legal_moves(pos)
        .into_iter()
        .find(|m| m.is(flag::CASTLE) && m.aux() == sq)
        .unwrap_or_else(|| panic!("no castling with {partner}"));
    pos.make(m);
    pos.verify().expect("position consistent after castling");
    m
}

/// The letter of the piece on `square` ('.' when empty), upper case for White.
fn at(pos: &Position, square: &str) -> String {
    let g = pos.rules().geometry();
    match pos.piece_on(g.parse(square).expect("square")) {
        None => ".".into(),
        Some((color, slot)) => pos.rules().variant.piece(slot.role).letter.for_color(color),
    }
}

// ---------------------------------------------------------------------------
// Castling.

#[test]
fn orthodox_castling() {
    // Only kings and rooks, all rights. White: O-O is e1->g1 with the h1
    // rook to f1, O-O-O is e1->c1 with the a1 rook to d1; every square
    // between is empty and nothing of Black's (rooks on a8 and h8 see the a-
    // and h-files and the 8th rank; the king is on e8) attacks e1, f1, g1,
    // d1 or c1.
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let mut pos = position("normal", fen);
    assert_eq!(
        castlings(&mut pos),
        triples(&[("e1", "g1", "h1"), ("e1", "c1", "a1")])
    );
    // Depth 1 = 26: king e1 to d1 d2 e2 f2 f1 (5); rook a1 up a2..a7 and
    // takes a8 (7), along the rank b1 c1 d1 (3); rook h1 up h2..h7, takes h8
    // (7), g1 f1 (2); two castlings. 5 + 10 + 9 + 2 = 26 (also the published
    // count of this position in Sedlak's perft suite).
    assert_eq!(perft(&mut pos, 1), Ok(26));

    // Black's, by symmetry.
    let mut pos = position("normal", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    assert_eq!(
        castlings(&mut pos),
        triples(&[("e8", "g8", "h8"), ("e8", "c8", "a8")])
    );

    // Rights as given: only K for White.
    let mut pos = position("normal", "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1");
    assert_eq!(castlings(&mut pos), triples(&[("e1", "g1", "h1")]));

    // A bishop on a6 attacks f1 (a6-b5-c4-d3-e2-f1): the king may not pass
    // f1, so only O-O-O remains.
    let mut pos = position("normal", "r3k2r/8/b7/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(castlings(&mut pos), triples(&[("e1", "c1", "a1")]));

    // A rook on b8 attacks b1, which only the rook crosses: O-O-O stays legal.
    let mut pos = position("normal", "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1");
    assert_eq!(
        castlings(&mut pos),
        triples(&[("e1", "g1", "h1"), ("e1", "c1", "a1")])
    );

    // In check (rook e4): no castling at all.
    let mut pos = position("normal", "r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(castlings(&mut pos), triples(&[]));

    // A piece between king and rook (knight b1) stops O-O-O even though the
    // king's own path c1-d1 is free.
    let mut pos = position("normal", "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
    assert_eq!(castlings(&mut pos), triples(&[("e1", "g1", "h1")]));

    // Where the pieces go, and the rights that remain.
    let mut pos = position("normal", fen);
    castle(&mut pos, "h1");
    assert_eq!(
        (
            at(&pos, "e1"),
            at(&pos, "f1"),
            at(&pos, "g1"),
            at(&pos, "h1")
        ),
        (".".into(), "R".into(), "K".into(), ".".into())
    );
    assert_eq!(pos.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
}

#[test]
fn chess960_castling() {
    // King e1, rooks b1 and g1 (Shredder rights G and B); Black mirrors it.
    // O-O: king e1->g1, rook g1->f1. The squares e1..g1 hold only the two
    // pieces and f1 is empty, but Black's g8 rook sees down the open g-file
    // to g1, the king's destination: illegal.
    // O-O-O: king e1->c1, rook b1->d1; b1..e1 hold only the two, and c1, d1,
    // e1 are not attacked: legal.
    let mut pos = position("fischerandom", "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1");
    assert_eq!(castlings(&mut pos), triples(&[("e1", "c1", "b1")]));
    // Depth 1 = 25: king d1 d2 e2 f2 f1 (5); rook b1: b2..b7, takes b8 (7),
    // a1 c1 d1 (3); rook g1: g2..g7, takes g8 (7), f1 h1 (2); O-O-O (1).
    assert_eq!(perft(&mut pos, 1), Ok(25));
    castle(&mut pos, "b1");
    assert_eq!(
        (
            at(&pos, "b1"),
            at(&pos, "c1"),
            at(&pos, "d1"),
            at(&pos, "e1")
        ),
        (".".into(), "K".into(), "R".into(), ".".into())
    );

    // A black pawn on g7 closes the g-file: both castlings are legal.
    let mut pos = position("fischerandom", "1r2k1r1/6p1/8/8/8/8/8/1R2K1R1 w GBgb - 0 1");
    assert_eq!(
        castlings(&mut pos),
        triples(&[("e1", "g1", "g1"), ("e1", "c1", "b1")])
    );
    // O-O here moves the king onto the rook's square and the rook over it.
    castle(&mut pos, "g1");
    assert_eq!(
        (at(&pos, "e1"), at(&pos, "f1"), at(&pos, "g1")),
        (".".into(), "R".into(), "K".into())
    );

    // Black to move in the first position: O-O would put the king on g8,
    // seen by the g1 rook; O-O-O e8->c8 with b8->d8 is legal.
    let mut pos = position("fischerandom", "1r2k1r1/8/8/8/8/8/8/1R2K1R1 b GBgb - 0 1");
    assert_eq!(castlings(&mut pos), triples(&[("e8", "c8", "b8")]));

    // King already on g1 with the rook on h1: O-O leaves the king on g1 and
    // puts the rook on f1 (a castling move from g1 to g1). O-O-O: king
    // g1->c1, rook a1->d1, b1..f1 empty, c1..g1 not attacked.
    let mut pos = position("fischerandom", "4k3/8/8/8/8/8/8/R5KR w HA - 0 1");
    assert_eq!(
        castlings(&mut pos),
        triples(&[("g1", "g1", "h1"), ("g1", "c1", "a1")])
    );
    // Depth 1 = 25: king f1 f2 g2 h2 (4; h1 is its rook); rook a1: a2..a8
    // (7), b1..f1 (5); rook h1: h2..h8 (7); two castlings.
    assert_eq!(perft(&mut pos, 1), Ok(25));
    castle(&mut pos, "h1");
    assert_eq!(
        (at(&pos, "f1"), at(&pos, "g1"), at(&pos, "h1")),
        ("R".into(), "K".into(), ".".into())
    );
    assert_eq!(pos.castling_rights(griffon::types::Color::White), 0);

    // King b1 next to its a1 rook: O-O-O moves the king one square right
    // (b1->c1) and the rook from a1 to d1; O-O is b1->g1 with h1->f1.
    let mut pos = position("fischerandom", "4k3/8/8/8/8/8/8/RK5R w HA - 0 1");
    assert_eq!(
        castlings(&mut pos),
        triples(&[("b1", "c1", "a1"), ("b1", "g1", "h1")])
    );
    castle(&mut pos, "a1");
    assert_eq!(
        (
            at(&pos, "a1"),
            at(&pos, "b1"),
            at(&pos, "c1"),
            at(&pos, "d1")
        ),
        (".".into(), ".".into(), "K".into(), "R".into())
    );

    // King g1, castling rook b1, a black rook on a1. Before castling the
    // black rook sees only b1, so no square of the king's path c1..g1 is
    // attacked; but after O-O-O (king c1, rook d1) b1 is empty and the a1
    // rook attacks the king on c1. The move is illegal: no castling.
    let mut pos = position("fischerandom", "4k3/8/8/8/8/8/8/rR4K1 w B - 0 1");
    assert_eq!(castlings(&mut pos), triples(&[]));
}

#[test]
fn ten_file_castling() {
    // Capablanca: the king starts on f1 and castles to i1 (rook j1->h1) or
    // c1 (rook a1->d1); f1..j1 and a1..f1 are empty but for the pieces and
    // Black's rooks (a8, j8) and king (f8) attack nothing on the first rank.
    let mut pos = position("capablanca", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
    assert_eq!(
        castlings(&mut pos),
        triples(&[("f1", "i1", "j1"), ("f1", "c1", "a1")])
    );
    // Depth 1 = 28: king e1 e2 f2 g2 g1 (5); rook a1: a2..a7, takes a8 (7),
    // b1..e1 (4); rook j1: j2..j7, takes j8 (7), g1 h1 i1 (3); 2 castlings.
    assert_eq!(perft(&mut pos, 1), Ok(28));
    castle(&mut pos, "j1");
    assert_eq!(
        (
            at(&pos, "f1"),
            at(&pos, "h1"),
            at(&pos, "i1"),
            at(&pos, "j1")
        ),
        (".".into(), "R".into(), "K".into(), ".".into())
    );
    let mut pos = position("capablanca", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
    castle(&mut pos, "a1");
    assert_eq!(
        (
            at(&pos, "a1"),
            at(&pos, "c1"),
            at(&pos, "d1"),
            at(&pos, "f1")
        ),
        (".".into(), "K".into(), "R".into(), ".".into())
    );

    // Janus: the king starts on e1 and castles to i1 (rook j1->h1) or b1
    // (rook a1->c1).
    let mut pos = position("janus", "r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1");
    assert_eq!(
        castlings(&mut pos),
        triples(&[("e1", "i1", "j1"), ("e1", "b1", "a1")])
    );
    castle(&mut pos, "a1");
    assert_eq!(
        (
            at(&pos, "a1"),
            at(&pos, "b1"),
            at(&pos, "c1"),
            at(&pos, "e1")
        ),
        (".".into(), "K".into(), "R".into(), ".".into())
    );
}

// ---------------------------------------------------------------------------
// Cylinder chess: the a- and h-files are adjacent.

#[test]
fn cylinder_start() {
    // Depth 1 = 20, as in chess: every pawn has its one and two steps (16)
    // and no captures (its wrapped diagonal, e.g. a2->h3, is empty). Knight
    // b1 reaches a3 and c3; its wrapped leap (-2,+1) lands on h2, its own
    // pawn. Knight g1: f3, h3, and (+2,+1) wraps to a2, its own pawn. The
    // rook a1 stepping left meets its own h1 rook; every other piece is
    // boxed in by its own pieces, wrapped or not.
    let mut pos = position(
        "cylinder",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    let mut expected = BTreeSet::new();
    for f in 'a'..='h' {
        expected.insert(format!("{f}2{f}3"));
        expected.insert(format!("{f}2{f}4"));
    }
    expected.extend(set(&["b1a3", "b1c3", "g1f3", "g1h3"]));
    assert_eq!(texts(&mut pos), expected);
    // Depth 2 = 392. Black's 20 replies (the same moves, mirrored) reach
    // ranks 5 and 6 only: no White move blocks them and none of them
    // captures. But both diagonals through e8 cross the side edge at a4:
    //   e8 d7 c6 b5 a4 | h3 g2 f1 (White's bishop) and
    //   e8 f7 g6 h5 a4 | b3 c2 d1 (White's queen).
    // After g2-g3 or g2-g4 the bishop pins the d7 pawn (d7-d6, d7-d5 become
    // illegal); after c2-c3 or c2-c4 the queen pins f7 (f7-f6, f7-f5). No
    // other first move opens a line to e8 (the e-file holds only White's
    // king; the other wrapped diagonals of c1, d1 and f1 end on d8, c8 and
    // h7). 20 * 20 - 4 * 2 = 392.
    assert_eq!(perft(&mut pos, 2), Ok(392));
    let mut after_g4 = position(
        "cylinder",
        "rnbqkbnr/pppppppp/8/8/6P1/8/PPPPPP1P/RNBQKBNR b KQkq g3 0 1",
    );
    let replies = texts(&mut after_g4);
    assert_eq!(replies.len(), 18);
    assert!(!replies.contains("d7d6") && !replies.contains("d7d5"));
}

#[test]
fn cylinder_rook_wraps() {
    // White: king e1, rook a1; Black: king e8.
    // Depth 1: king d1 d2 e2 f2 f1 (5). Rook: up a2..a8 (7); right b1 c1 d1,
    // then its king; left across the edge h1 g1 f1, then its king (3 + 3).
    // 18 (plain chess would give 15).
    let mut pos = position("cylinder", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(
        texts(&mut pos),
        set(&[
            "e1d1", "e1d2", "e1e2", "e1f2", "e1f1", "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7",
            "a1a8", "a1b1", "a1c1", "a1d1", "a1h1", "a1g1", "a1f1",
        ])
    );
    // Depth 2: Black's king has d8 f8 d7 e7 f7 unless the rook attacks them.
    // - King moves (5): the rook stays on a1, attacking the a-file and rank
    //   1: 5 replies each = 25.
    // - Rook a2..a6 (5): its rank is far away: 5 each = 25.
    // - Rook a7: it attacks all of rank 7 (rightwards b7..h7 and round): d7
    //   e7 f7 are out, d8 f8 remain = 2.
    // - Rook a8: check along rank 8; d8 is attacked directly (b8 c8 d8) and
    //   f8 across the edge (h8 g8 f8): d7 e7 f7 remain = 3.
    // - Rook b1, c1, g1, h1: files away from the king: 5 each = 20.
    // - Rook d1, f1: attacks d8+d7 or f8+f7: 3 each = 6.
    // 25 + 25 + 2 + 3 + 20 + 6 = 81.
    assert_eq!(perft(&mut pos, 2), Ok(81));
}

#[test]
fn cylinder_pawn_and_knight_wrap() {
    // White: king e1, pawn h2; Black: king e8, knight a3.
    // Depth 1: the pawn steps to h3 or h4, and its capture towards the
    // i-file wraps to the a-file: h2xa3 takes the knight. The king has d1 d2
    // e2 f2 f1, none attacked by the knight (a3 attacks b1 c2 c4 b5 and,
    // across the edge, h1 g2 g4 h5). 3 + 5 = 8 (plain chess: 7).
    let mut pos = position("cylinder", "4k3/8/8/8/8/n7/7P/4K3 w - - 0 1");
    assert_eq!(
        texts(&mut pos),
        set(&[
            "h2h3", "h2h4", "h2a3", "e1d1", "e1d2", "e1e2", "e1f2", "e1f1"
        ])
    );
    // Depth 2: Black's king always has its 5 squares (nothing of White's
    // comes near e8), and the knight its 8 squares above, all empty after
    // every White move (the king and pawn never stand on one of them) and
    // none exposing the black king. After h2xa3 only the king is left.
    // 7 * (5 + 8) + 5 = 96.
    assert_eq!(perft(&mut pos, 2), Ok(96));
}

// ---------------------------------------------------------------------------
// Falcon chess: the falcon moves to the (1,3) and (2,3) squares along any of
// three shortest paths of orthogonal and diagonal steps over empty squares.
// For (1,3) these are OOD, ODO, DOO (two orthogonal steps and a diagonal
// one), for (2,3) DDO, DOD, ODD. It is blocked only when all three paths are.

/// The 16 squares a falcon on e4 reaches on an empty 10x8 board:
/// (+-1,+-3): d7 f7 d1 f1; (+-3,+-1): b5 h5 b3 h3; (+-2,+-3): c7 g7 c1 g1;
/// (+-3,+-2): b6 h6 b2 h2.
const FALCON_E4: [&str; 16] = [
    "d7", "f7", "d1", "f1", "b5", "h5", "b3", "h3", "c7", "g7", "c1", "g1", "b6", "h6", "b2", "h2",
];

#[test]
fn falcon_start() {
    // Start: falcons on d1 and g1. Every path from them starts with a step
    // onto rank 2 (all pawns) or along rank 1 (all pieces), so they have no
    // moves. White has 10 pawns * 2 steps and knights b1 (a3 c3) and i1 (h3
    // j3): 24. After any White move (to ranks 3 and 4) Black's 24 replies
    // (to ranks 6 and 5) are untouched: 24 * 24 = 576.
    let mut pos = position(
        "falcon",
        "rnbfqkfbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBFQKFBNR w KQkq - 0 1",
    );
    assert_eq!(perft(&mut pos, 1), Ok(24));
    assert!(targets(&mut pos, "d1").is_empty() && targets(&mut pos, "g1").is_empty());
    assert_eq!(perft(&mut pos, 2), Ok(576));
}

#[test]
fn falcon_in_the_open() {
    // Falcon e4, king a1 (a2 b1 b2), black king j8: 16 + 3 = 19.
    let mut pos = position("falcon", "9k/10/10/10/4F5/10/10/K9 w - - 0 1");
    assert_eq!(targets(&mut pos, "e4"), set(&FALCON_E4));
    assert_eq!(perft(&mut pos, 1), Ok(19));

    // White pawns on e5 and f6. For f7 (+1,+3) the paths pass e5-e6 (OOD),
    // e5-f6 (ODO) and f5-f6 (DOO): all blocked, f7 is out. d7 keeps DOO
    // (d5-d6) though OOD and ODO cross e5; g7 (+2,+3) keeps DDO (f5-g6)
    // though DOD (f5-f6) and ODD (e5-f6) are blocked; c7 keeps DDO (d5-c6).
    // No other target's paths touch e5 or f6. Pawns: e5-e6, f6-f7 (1 each).
    // 15 + 2 + 3 = 20.
    let mut pos = position("falcon", "9k/10/5P4/4P5/4F5/10/10/K9 w - - 0 1");
    let mut open: BTreeSet<String> = set(&FALCON_E4);
    open.remove("f7");
    assert_eq!(targets(&mut pos, "e4"), open);
    assert_eq!(perft(&mut pos, 1), Ok(20));

    // A black knight on f7: the falcon cannot take it (every path is
    // blocked) and the f6 pawn cannot advance: 15 + 1 + 3 = 19.
    let mut pos = position("falcon", "9k/5n4/5P4/4P5/4F5/10/10/K9 w - - 0 1");
    assert_eq!(targets(&mut pos, "e4"), open);
    assert_eq!(perft(&mut pos, 1), Ok(19));

    // A black knight on d7 instead: the falcon takes it along d5-d6, the only
    // capture; the pawns still step e5-e6 and f6-f7. 15 + 2 + 3 = 20.
    let mut pos = position("falcon", "9k/3n6/5P4/4P5/4F5/10/10/K9 w - - 0 1");
    assert_eq!(targets(&mut pos, "e4"), open);
    let caps: Vec<String> = legal_moves(&mut pos)
        .into_iter()
        .filter(|m| m.is_capture())
        .map(|m| move_text(&pos, m))
        .collect();
    assert_eq!(caps, vec!["e4d7".to_string()]);
    assert_eq!(perft(&mut pos, 1), Ok(20));
}

#[test]
fn falcon_castling_through_the_kings_square() {
    // Black: king f8, rook j8, pawn f7, kingside rights. White: falcon d6,
    // king a1. Castling f8->i8 (rook j8->h8) passes g8 and h8. With the
    // king on f8 the falcon reaches no square of f8..i8: g8 is (+3,+2) from
    // d6, and its paths are e7-f8 (DDO; the king stands there), e7-f7 (DOD)
    // and e6-f7 (ODD; the pawn); h8 and i8 are no falcon squares from d6.
    // But the king on its way leaves f8 empty, and then e7-f8-g8 is open:
    // the king would pass an attacked square. Fairy-Max rejects this
    // castling (it did so in a falcon match).
    let mut pos = position("falcon", "5k3r/5p4/3F6/10/10/10/10/K9 b k - 0 1");
    assert_eq!(castlings(&mut pos), triples(&[]));
    // The falcon on c5 instead: f8, g8, h8 and i8 lie (+3..+6, +3) from it,
    // none a falcon square whatever stands between, and castling is legal.
    let mut pos = position("falcon", "5k3r/5p4/10/2F7/10/10/10/K9 b k - 0 1");
    assert_eq!(castlings(&mut pos), triples(&[("f8", "i8", "j8")]));
}

/// The rules of variant `name` of a test variant file.
fn file_rules(file: &str, name: &str) -> Result<std::sync::Arc<Rules>, String> {
    let mut set = VariantSet::new();
    set.load_builtins().expect("built-in variants load");
    set.load_file(format!("tests/data/variants/{file}"))
        .strict()
        .map_err(|e| format!("{e:?}"))?;
    let v = set.get(name).expect("the variant loaded").clone();
    Rules::new(v).map_err(|e| e.to_string())
}

#[test]
fn every_drop_on_a_16x16_board() {
    // More moves than any small board has (a move list of 1024 once
    // stopped the engine here). The two kings stand on a1 and p1, so 254
    // squares are empty: a queen, rook, bishop and knight in hand drop on
    // each (1016), the pawn on the 14 ranks between the first and the
    // last (224), and the king on a1 steps to a2, b1 or b2 (3): 1243.
    let rules = file_rules("test-variants.ini", "bighouse").expect("the variant builds");
    let mut pos = Position::start(rules).expect("start position");
    assert_eq!(perft(&mut pos, 1), Ok(1243));
    let moves = legal_moves(&mut pos);
    let drops = moves.iter().filter(|m| m.is_drop()).count();
    assert_eq!(drops, 1240);
}

#[test]
fn drops_that_could_not_fit_a_move_list_are_refused() {
    // Thirteen piece types that may be in hand: twelve drop on all 256
    // squares and the pawn on 224 (not on the first or last rank), 3296
    // possible drops in one position, more than the 3072 Griffon allows,
    // so the rules are refused when built, with the reason.
    let err = file_rules("many-drops.ini", "toomany").expect_err("too many drops");
    assert!(err.contains("drops alone could give 3296 moves"), "{err}");
    // Twelve types fit: 11 x 256 + 224 = 3040.
    file_rules("many-drops.ini", "twelve").expect("3040 drops fit");
}
