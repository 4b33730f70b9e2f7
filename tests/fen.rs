//! FEN reading and writing through `Position`: exact round trips in several
//! variants and board sizes, rejection of positions the rules forbid, and
//! no panic on mangled text.

use common::{Rng, rules};
use griffon::movegen::legal_moves;
use griffon::notation::move_text;
use griffon::position::{Position, PositionError};
use std::panic::{AssertUnwindSafe, catch_unwind};

mod common;

/// Positions whose FEN must come back unchanged.
const ROUND_TRIP: [(&str, &str); 16] = [
    (
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "normal",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    // E.p. square after 1.e4 d5 2.e5 ... d7-d5: the field names d6.
    (
        "normal",
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    ),
    ("normal", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    ("normal", "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 7 42"),
    // Chess960 with Shredder-FEN castling letters.
    ("fischerandom", "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1"),
    (
        "fischerandom",
        "q1nrkrbb/pp2pppp/n2p4/1Pp5/5P1P/2P5/P2PP1P1/QNNRKRBB w FDfd c6 0 6",
    ),
    ("fischerandom", "4k3/8/8/8/8/8/8/R5KR w HA - 0 1"),
    (
        "capablanca",
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    ),
    (
        "capablanca",
        "r1abqkbc1r/1pppppppp1/2n7/p8p/10/1PC3nP1P/P1PPPPP1P1/RNABQKB1NR w KQkq - 1 7",
    ),
    (
        "caparandom",
        "nrbb1k1rqc/ppp1p1ppp1/3p5p/B4p3n/9C/1PP2P1P2/P3A1P1P1/NR1BK1NRQ1 b HB - 0 12",
    ),
    // Grand chess: ten ranks, numbered 1-10 in the FEN's e.p. field.
    (
        "grand",
        "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
    ),
    (
        "grand",
        "r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/R8R w - e7 0 3",
    ),
    (
        "courier",
        "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1",
    ),
    (
        "makruk",
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
    ),
    (
        "falcon",
        "rnbfqkfbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBFQKFBNR w KQkq - 0 1",
    ),
];

#[test]
fn fen_round_trip() {
    for (variant, fen) in ROUND_TRIP {
        let pos = Position::from_fen(rules(variant), fen)
            .unwrap_or_else(|e| panic!("{variant} {fen}: {e}"));
        assert_eq!(pos.fen(), fen, "{variant}");
        pos.verify().expect("consistent position");
    }
}

#[test]
fn start_positions_match_their_fen() {
    for variant in [
        "normal",
        "capablanca",
        "grand",
        "great",
        "shatranj",
        "courier",
        "knightmate",
        "janus",
        "falcon",
    ] {
        let r = rules(variant);
        let start = Position::start(r.clone()).expect("start position");
        let text = r.variant.start.fen.clone();
        assert_eq!(start.fen(), text, "{variant}");
        let again = Position::from_fen(r, &text).expect("start FEN reads");
        assert_eq!(again.key(), start.key(), "{variant}");
    }
}

#[test]
fn x_fen_inner_rook() {
    // Orthodox chess with two rooks right of the king: `K` means the
    // outermost (h1); castling with the g1 rook is written with its file
    // letter, X-FEN style, and must survive the round trip.
    let r = rules("normal");
    let pos = Position::from_fen(r.clone(), "4k3/8/8/8/8/8/8/4K1RR w G - 0 1").expect("reads");
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K1RR w G - 0 1");
    let pos = Position::from_fen(r, "4k3/8/8/8/8/8/8/4K1RR w K - 0 1").expect("reads");
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K1RR w K - 0 1");
}

/// Calls `from_fen` and turns a panic into a test failure message.
fn try_read(variant: &str, fen: &str) -> Result<Result<Position, PositionError>, String> {
    let r = rules(variant);
    catch_unwind(AssertUnwindSafe(|| Position::from_fen(r, fen)))
        .map_err(|_| format!("from_fen panicked on {variant} '{fen}'"))
}

#[test]
fn bad_fens_are_errors() {
    use PositionError::*;
    type Check = fn(&PositionError) -> bool;
    let cases: [(&str, &str, Check); 14] = [
        // Two white kings.
        (
            "normal",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w - - 0 1",
            |e| matches!(e, RoyalCount { found: 2, .. }),
        ),
        // No black king.
        ("normal", "8/8/8/8/8/8/8/4K3 w - - 0 1", |e| {
            matches!(e, RoyalCount { found: 0, .. })
        }),
        // A white pawn on the 8th rank, a black one on the 1st.
        (
            "normal",
            "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1",
            |e| matches!(e, PawnOnLastRank(s) if s == "h8"),
        ),
        (
            "normal",
            "4k3/8/8/8/8/8/8/p3K3 w - - 0 1",
            |e| matches!(e, PawnOnLastRank(s) if s == "a1"),
        ),
        // Grand: a pawn on the 10th rank.
        (
            "grand",
            "r3P4r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPP1PPPPP/1NBQKCABN1/R8R w - - 0 1",
            |e| matches!(e, PawnOnLastRank(s) if s == "e10"),
        ),
        // White to move while Black's king is attacked by the e1 rook.
        ("normal", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", |e| {
            matches!(e, OpponentInCheck)
        }),
        // Rank too short, too long, too many ranks, too few.
        (
            "normal",
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            |e| matches!(e, Fen(_)),
        ),
        (
            "normal",
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            |e| matches!(e, Fen(_)),
        ),
        (
            "normal",
            "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            |e| matches!(e, Fen(_)),
        ),
        (
            "capablanca",
            "rnabqkbcnr/pppppppppp/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
            |e| matches!(e, Fen(_)),
        ),
        // Unknown letters: X, and the archbishop of Capablanca in chess.
        (
            "normal",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            |e| matches!(e, Fen(_)),
        ),
        (
            "normal",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1",
            |e| matches!(e, Fen(_)),
        ),
        // Bad side to move; missing fields.
        (
            "normal",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            |e| matches!(e, Fen(_)),
        ),
        ("normal", "", |e| matches!(e, Fen(_))),
    ];
    let mut problems = Vec::new();
    for (variant, fen, expected) in cases {
        match try_read(variant, fen) {
            Err(panic) => problems.push(panic),
            Ok(Ok(_)) => problems.push(format!("accepted: {variant} '{fen}'")),
            Ok(Err(e)) => {
                if !expected(&e) {
                    problems.push(format!("{variant} '{fen}': unexpected error {e:?}"));
                }
                // Errors print as text naming the problem.
                assert!(!e.to_string().is_empty());
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Mangled FENs (characters replaced, dropped, doubled, fields swapped)
/// must give a position or an error, never a panic; a position that is
/// accepted must be consistent and playable for one ply.
#[test]
fn mangled_fens_never_panic() {
    const ALPHABET: &[u8] = b"pnbrqkacjfmswegPNBRQKACJFMSWEGXx0123456789/ -wbKQkqABCDEFGHIJ[]~+";
    // Hand-made nasty inputs first: huge and zero counts, empty fields,
    // ranks beyond the board, multi-byte characters, counters that overflow.
    let nasty = [
        "rnbqkbnr/pppppppp/256/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/4294967296/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq a16 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3e4e5e6e7 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w ZZzz - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[ w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qq] w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - +3 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR~ w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\u{e9} w KQkq - 0 1",
        "\u{e9}\u{e9}\u{e9}",
        "/ / / / /",
        "w",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "k7/8/8/8/8/8/8/K7 w - - 0 1/",
        "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
        "4k3/8/8/4p3/8/8/8/4K3 w - e6 0 1",
    ];
    let mut problems = Vec::new();
    for fen in nasty {
        for variant in ["normal", "grand", "berolina", "fischerandom", "cylinder"] {
            if let Err(panic) = try_read(variant, fen) {
                problems.push(panic);
            }
        }
    }
    // The round-trip FENs read in every other variant (wrong sizes, letters).
    for (_, fen) in ROUND_TRIP {
        for (variant, _) in ROUND_TRIP {
            if let Err(panic) = try_read(variant, fen) {
                problems.push(panic);
            }
        }
    }

    let mut rng = Rng(0xF3A);
    let mut accepted = 0;
    for (variant, fen) in ROUND_TRIP {
        let r = rules(variant);
        for _ in 0..1500 {
            let mut bytes = fen.as_bytes().to_vec();
            for _ in 0..1 + rng.below(3) {
                let i = rng.below(bytes.len());
                match rng.below(4) {
                    0 => bytes[i] = ALPHABET[rng.below(ALPHABET.len())],
                    1 => {
                        bytes.remove(i);
                    }
                    2 => bytes.insert(i, ALPHABET[rng.below(ALPHABET.len())]),
                    _ => {
                        let j = rng.below(bytes.len());
                        bytes.swap(i, j);
                    }
                }
                if bytes.is_empty() {
                    break;
                }
            }
            let text = String::from_utf8_lossy(&bytes).into_owned();
            if text.is_empty() {
                continue;
            }
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                let Ok(mut pos) = Position::from_fen(r.clone(), &text) else {
                    return Ok(false);
                };
                pos.verify()?;
                let moves = legal_moves(&mut pos);
                for &m in moves.iter().take(8) {
                    let _ = move_text(&pos, m);
                    let undo = pos.make(m);
                    pos.verify()?;
                    pos.unmake(m, &undo);
                }
                let again = Position::from_fen(r.clone(), &pos.fen())
                    .map_err(|e| format!("own FEN {} rejected: {e}", pos.fen()))?;
                again.verify()?;
                Ok::<bool, String>(true)
            }));
            match outcome {
                Err(_) => problems.push(format!("panic: {variant} '{text}'")),
                Ok(Err(e)) => problems.push(format!("{variant} '{text}': {e}")),
                Ok(Ok(ok)) => accepted += usize::from(ok),
            }
        }
    }
    eprintln!("{accepted} mutated FENs were valid positions");
    assert!(accepted > 1000, "too few mutations were valid positions");
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// Engine bug (reported, not fixed here): the e.p. right after a Berolina
/// double step does not survive `fen()` -> `from_fen`. In the suite position
/// below Black's pawn went e7-c5 (diagonally, passing d6) and White's d5
/// pawn may take it e.p. by stepping straight to d6 (`d6c5` names the passed
/// square and the victim, Fairy-Stockfish's form, which Griffon reads).
/// `fen()` writes only `d6`; reading that, `from_fen` looks for the victim
/// straight beyond d6 (on d5, White's own pawn) instead of c5, drops the
/// right, and the key and the legal moves change (d5d6 e.p. is lost).
#[test]
fn berolina_fen_keeps_the_ep_victim() {
    let r = rules("berolina");
    let fen = "rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PP1PPPPP/RNBQKBNR w KQkq d6c5 0 1";
    let mut pos = Position::from_fen(r.clone(), fen).expect("suite FEN reads");
    let ep: Vec<String> = legal_moves(&mut pos)
        .into_iter()
        .filter(|m| m.is(griffon::types::flag::EP))
        .map(|m| move_text(&pos, m))
        .collect();
    assert_eq!(ep, vec!["d5d6".to_string()], "the e.p. capture exists");
    let mut back = Position::from_fen(r, &pos.fen()).expect("own FEN reads");
    assert_eq!(
        back.ep(),
        pos.ep(),
        "e.p. state after reading {}",
        pos.fen()
    );
    assert_eq!(back.key(), pos.key());
    assert_eq!(legal_moves(&mut back).len(), legal_moves(&mut pos).len());
}
