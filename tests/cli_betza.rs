//! The `griffon betza` command as a user runs it.

mod common;
use common::griffon;

#[test]
fn knight_from_d4_shows_eight_targets() {
    let (ok, out, _) = griffon(&["betza", "N", "--board", "8x8", "--from", "d4"]);
    assert!(ok);
    assert!(out.contains("8 targets"), "{out}");
    // The knight's row on rank 6 of the diagram: c6 and e6 are marked.
    let rank6 = out
        .lines()
        .find(|l| l.trim_start().starts_with("6 "))
        .expect("rank 6 line");
    assert_eq!(rank6.trim(), "6 . . * . * . . .");
}

#[test]
fn hurdles_show_a_cannon_capture() {
    // Cannon on b3 with a screen on b7: it captures on b8 (enemy placed there
    // by the diagram) and beyond, but moves quietly only up to b6.
    let (ok, out, _) = griffon(&[
        "betza", "mRcpR", "--board", "9x10", "--from", "b3", "--hurdle", "b7",
    ]);
    assert!(ok);
    let rank8 = out
        .lines()
        .find(|l| l.trim_start().starts_with("8 "))
        .expect("rank 8 line");
    assert_eq!(rank8.trim(), "8 . c . . . . . . .");
    let rank7 = out
        .lines()
        .find(|l| l.trim_start().starts_with("7 "))
        .expect("rank 7 line");
    assert_eq!(rank7.trim(), "7 . o . . . . . . .");
}

#[test]
fn bad_input_is_reported_not_crashed() {
    let (ok, _, err) = griffon(&["betza", "fmfW"]);
    assert!(!ok);
    assert!(err.contains("character 3"), "{err}");
    let (ok, _, err) = griffon(&["betza", "N", "--from", "k9"]);
    assert!(!ok);
    assert!(err.contains("not on a 8x8 board"), "{err}");
    let (ok, _, err) = griffon(&["betza", "N", "--board", "40x8"]);
    assert!(!ok);
    assert!(err.contains("--board"), "{err}");
}
