//! Random XBetza strings never crash the compiler, the interpreter, the
//! trajectory table or the move generator: they compile or give an error.

use common::Rng;
use griffon::movegen::legal_moves;
use griffon::position::{Position, Rules};
use griffon::variant::VariantSet;
use griffon::xbetza::{Board, Dialect, compile, outcomes};

mod common;

const PIECES: &[&str] = &[
    "f", "b", "l", "r", "v", "s", "h", "m", "c", "d", "e", "i", "n", "j", "p", "g", "y", "o", "t",
    "u", "a", "x", "W", "F", "D", "N", "A", "H", "C", "Z", "G", "K", "Q", "R", "B", "O", "0", "2",
    "3", "7", "[", "]", "?", "-", "(", "@", " ", "q", "é",
];

fn random_betza(rng: &mut Rng) -> String {
    let len = 1 + rng.next_u64() % 12;
    (0..len).map(|_| *rng.pick(PIECES)).collect()
}

#[test]
fn random_strings_compile_or_fail_cleanly() {
    let mut rng = Rng(42);
    let board = Board::empty(8, 8);
    let mut compiled = 0;
    for _ in 0..20_000 {
        let s = random_betza(&mut rng);
        for dialect in [Dialect::XBoard, Dialect::FairyStockfish] {
            if let Ok(moves) = compile(&s, dialect) {
                compiled += 1;
                let _ = outcomes(&moves, &board, (3, 3), true, true);
            }
        }
    }
    assert!(
        compiled > 1000,
        "only {compiled} strings compiled: the generator is too harsh"
    );
}

#[test]
fn random_pieces_in_a_variant_generate_moves() {
    // Put a random piece on a small board and generate moves; anything the
    // compiler accepts must either build tables or be refused with an error.
    let mut rng = Rng(7);
    let mut built = 0;
    for _ in 0..1500 {
        let s = random_betza(&mut rng);
        if compile(&s, Dialect::XBoard).is_err() || s.contains(char::is_whitespace) {
            continue;
        }
        let text = format!(
            "[rnd]\nmaxFile = 6\nmaxRank = 6\ncustomPiece1 = x:{s}\nking = k\ncastling = false\n\
             promotionPieceTypes = -\nstartFen = k5/6/2x3/6/3X2/5K w - - 0 1\n"
        );
        let mut set = VariantSet::new();
        let Ok(_) = set.load_str("rnd.ini", &text).strict() else {
            continue;
        };
        let Some(v) = set.get("rnd") else { continue };
        let Ok(rules) = Rules::new(v.clone()) else {
            continue;
        };
        let Ok(mut pos) = Position::from_fen(rules, "k5/6/2x3/6/3X2/5K w - - 0 1") else {
            continue;
        };
        let moves = legal_moves(&mut pos);
        for &m in moves.iter().take(8) {
            let undo = pos.make(m);
            pos.verify().unwrap_or_else(|e| panic!("{s}: {e}"));
            pos.unmake(m, &undo);
        }
        built += 1;
    }
    assert!(
        built > 50,
        "only {built} random pieces reached move generation"
    );
}
