//! Malformed XBetza is rejected with the position of the fault and what was
//! wrong; the dialect switch reads Fairy-Stockfish strings as their authors meant.

use griffon::xbetza::{Board, Dialect, compile, outcomes, square_name};
use std::collections::BTreeSet;

/// Each bad string, the 1-based character the error must point at, and a
/// phrase its message must contain.
const BAD: &[(&str, usize, &str)] = &[
    ("fm", 2, "no atom"),
    ("E", 1, "unknown atom 'E'"),
    ("W03", 2, "leading zero"),
    ("W100", 2, "too large"),
    ("fmfW", 3, "written together"),
    ("mmW", 2, "given twice"),
    ("qR", 1, "not supported"),
    ("P@", 1, "unknown atom 'P'"),
    ("@", 1, "drops are a variant rule"),
    ("(N)", 1, "parenthesised"),
    ("fW N", 3, "spaces"),
    ("[F?R", 1, "never closed"),
    ("[FR]", 3, "expected '-', '?' or ']'"),
    ("[F]", 1, "at least two legs"),
    ("O", 1, "needs the number of squares"),
    ("maO2", 4, "multi-leg"),
    ("yW", 1, "'y' only applies"),
    ("eamW", 1, "'e' (en passant) only applies to the last leg"),
    ("uW", 1, "unload"),
    ("pgR", 1, "'p' and 'g'"),
    ("njN", 1, "contradict"),
    ("3W", 1, "number must follow an atom"),
    ("xmW", 1, "induction"),
    ("[F?aR]", 4, "not 'a'"),
    ("NkW", 2, "unknown modifier 'k'"),
    // Six king legs with open directions: 19,000 moves, which took
    // seconds to compile (found by cargo fuzz).
    ("KKmacamaaabK", 3, "more than 4096 moves"),
];

#[test]
fn bad_strings_are_located() {
    for &(input, position, phrase) in BAD {
        let err = compile(input, Dialect::XBoard).expect_err(input);
        assert_eq!(err.position + 1, position, "{input}: {err}");
        let text = err.to_string();
        assert!(
            text.contains(phrase),
            "{input}: message '{text}' lacks '{phrase}'"
        );
        assert!(text.contains(&format!("character {position}")), "{text}");
    }
}

#[test]
fn empty_string_is_an_immobile_piece() {
    assert!(
        compile("", Dialect::XBoard)
            .expect("empty is valid")
            .moves
            .is_empty()
    );
}

fn targets(betza: &str, dialect: Dialect) -> BTreeSet<String> {
    let m = compile(betza, dialect).unwrap_or_else(|e| panic!("{e}"));
    outcomes(&m, &Board::empty(8, 8), (3, 3), true, false)
        .iter()
        .map(|o| square_name(o.to))
        .collect()
}

#[test]
fn k_system_versus_fairy_stockfish() {
    // XBoard: fK is one step straight forward; Fairy-Stockfish expands K into
    // W and F first, so fK is the three forward king steps.
    let one: BTreeSet<String> = ["d5"].iter().map(|s| s.to_string()).collect();
    assert_eq!(targets("fK", Dialect::XBoard), one);
    let three: BTreeSet<String> = ["c5", "d5", "e5"].iter().map(|s| s.to_string()).collect();
    assert_eq!(targets("fK", Dialect::FairyStockfish), three);
    // In the K system fr is the single forward-right diagonal.
    let fr: BTreeSet<String> = ["e5"].iter().map(|s| s.to_string()).collect();
    assert_eq!(targets("frK", Dialect::XBoard), fr);
}

#[test]
fn fairy_stockfish_drops_unknown_letters_with_a_warning() {
    // Fairy-Stockfish reads mafsW as fsW (it ignores 'a'); Griffon does the
    // same in that dialect but says so.
    let m = compile("mafsW", Dialect::FairyStockfish).expect("valid in FSF");
    assert_eq!(m.warnings.len(), 1);
    assert_eq!(m.warnings[0].position, 1);
    let fs: BTreeSet<String> = ["c4", "d5", "e4"].iter().map(|s| s.to_string()).collect();
    assert_eq!(targets("mafsW", Dialect::FairyStockfish), fs);
    // Letter meanings of the old camel/zebra letters differ too: in FSF L is
    // the camel (1,3); XBoard's tables read L as the zebra (2,3).
    assert!(targets("L", Dialect::FairyStockfish).contains("e7"));
    assert!(targets("L", Dialect::XBoard).contains("f7"));
}

#[test]
fn oblique_direction_sets() {
    // From d4: ff N = (+-1,+2): c6 e6; fs N = (+-2,+1): b5 f5; rf N = (1,2):
    // e6; fh N = the four with dy > 0; chiral hr N = (1,2) (2,-1) (-1,-2) (-2,1).
    let sq = |v: &[&str]| -> BTreeSet<String> { v.iter().map(|s| s.to_string()).collect() };
    assert_eq!(targets("ffN", Dialect::XBoard), sq(&["c6", "e6"]));
    assert_eq!(targets("fsN", Dialect::XBoard), sq(&["b5", "f5"]));
    assert_eq!(targets("rfN", Dialect::XBoard), sq(&["e6"]));
    assert_eq!(targets("frN", Dialect::XBoard), sq(&["f5"]));
    assert_eq!(
        targets("fhN", Dialect::XBoard),
        sq(&["c6", "e6", "b5", "f5"])
    );
    assert_eq!(
        targets("hrN", Dialect::XBoard),
        sq(&["e6", "f3", "c2", "b5"])
    );
    assert_eq!(
        targets("hlN", Dialect::XBoard),
        sq(&["c6", "f5", "e2", "b3"])
    );
    assert_eq!(
        targets("vN", Dialect::XBoard),
        sq(&["c6", "e6", "c2", "e2"])
    );
    // Diagonal atoms: f F = both forward diagonals; fr F = one.
    assert_eq!(targets("fF", Dialect::XBoard), sq(&["c5", "e5"]));
    assert_eq!(targets("frF", Dialect::XBoard), sq(&["e5"]));
    // Orthogonal letters always add up: fsW = forward, left, right.
    assert_eq!(targets("fsW", Dialect::XBoard), sq(&["d5", "c4", "e4"]));
}

#[test]
fn atom_turns_when_given_a_direction_it_lacks() {
    // Lame camel afraflW + aflafrW (Betza.html): W step, then a diagonal
    // step 45 degrees to the right (the W leg turns into F), then a step
    // 45 degrees back to the left (F turns back into W): (1,3) and its
    // mirror images. From d4 the 8 camel squares.
    let sq = |v: &[&str]| -> BTreeSet<String> { v.iter().map(|s| s.to_string()).collect() };
    assert_eq!(
        targets("afraflWaflafrW", Dialect::XBoard),
        sq(&["e7", "c7", "g5", "g3", "e1", "c1", "a5", "a3"])
    );
}
