//! `griffon variants`: the listing and `--file` checking, run as a user would.

use std::path::PathBuf;
use std::process::{Command, Output};

fn griffon(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_griffon"))
        .args(args)
        .output()
        .expect("griffon runs")
}

/// A file in the temp folder, unique to this test process.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("griffon-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("temp folder is writable");
    path
}

#[test]
fn missing_file_fails() {
    let out = griffon(&["variants", "--file", "/nonexistent/griffon.ini"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!out.stderr.is_empty());
}

#[test]
fn lists_builtins_and_checks_user_files() {
    let out = griffon(&["variants"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    // One line per built-in: one variant per file of variants/.
    let files = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/variants"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "ini"))
        })
        .count();
    assert_eq!(stdout.lines().count(), files);
    let capablanca: Vec<&str> = stdout
        .lines()
        .find(|l| l.starts_with("capablanca "))
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(
        capablanca,
        ["capablanca", "10x8", "variants/capablanca.ini"]
    );

    let good = temp_file(
        "good.ini",
        "[tiny:normal]\nmaxFile = 6\ncastling = false\nstartFen = 6/6/6/6/6/6/6/K4k w - - 0 1\n",
    );
    let out = griffon(&["variants", "--file", good.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let fields: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .split_whitespace()
        .map(String::from)
        .collect();
    assert_eq!(fields[..2], ["tiny", "6x8"]);

    let bad = temp_file("bad.ini", "[broken:normal]\ncastling = maybe\n");
    let out = griffon(&["variants", "--file", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("bad.ini:2: castling: 'maybe' is not true or false"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());

    // A broken section does not cost the good ones: they are listed, the
    // broken one is named, and the exit status says not all loaded.
    let mixed = temp_file(
        "mixed.ini",
        "[broken:normal]\ncastling = maybe\n[fine:normal]\nnMoveRule = 75\n",
    );
    let out = griffon(&["variants", "--file", mixed.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(stdout.starts_with("fine "), "{stdout}");
    assert!(
        stderr.contains("mixed.ini:2: castling: 'maybe'")
            && stderr.contains("not loaded: broken")
            && stderr.contains("1 of 2 variants not loaded"),
        "{stderr}"
    );
    for path in [good, bad, mixed] {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn a_variant_whose_rules_cannot_be_built_is_not_listed() {
    // The file itself is well formed; what is wrong shows only when the
    // rules are built: thirteen piece types that may be in hand on a
    // 16x16 board (3296 drops in one position; see tests/movegen_hand.rs).
    let out = griffon(&["variants", "--file", "tests/data/variants/many-drops.ini"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("toomany: ") && stderr.contains("drops alone could give 3296 moves"),
        "{stderr}"
    );
    // Its parent, twelve piece types in hand, is playable and listed.
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.starts_with("twelve ") && stdout.lines().count() == 1,
        "{stdout}"
    );
}

#[test]
fn values_lists_every_piece_of_a_user_variant() {
    // An alfil (`A`: two diagonal squares, leaping) reaches 8 of the 64
    // squares; a knight all of them. (The chess pawn is customPiece1.)
    let path = temp_file(
        "values.ini",
        "[alfils:normal]\ncustomPiece2 = a:A\npieceNames = p:pawn a:alfil\n\
         startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKANR w KQkq - 0 1\n",
    );
    let file = path.to_str().expect("utf-8 path");
    let out = griffon(&["values", "--variant-file", file, "--variant", "alfils"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    let value = |name: &str| -> i32 {
        let row = stdout
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("no row for {name}:\n{stdout}"));
        row.split_whitespace()
            .nth(2)
            .expect("value")
            .parse()
            .expect("number")
    };
    assert!(value("knight") > 2 * value("alfil").max(1), "{stdout}");
    let alfil = stdout
        .lines()
        .find(|l| l.starts_with("alfil "))
        .expect("alfil row");
    assert!(alfil.contains("reaches 12.5 % of the board"), "{stdout}");
    let out = griffon(&["values", "--variant", "nosuchvariant"]);
    assert_eq!(out.status.code(), Some(1));
    let _ = std::fs::remove_file(path);
}

#[test]
fn a_custom_piece_that_replaces_an_inherited_one_is_pointed_out() {
    // A child's customPiece1 adds a piece to chess (whose pieces take
    // Fairy-Stockfish's built-in slots), but replaces a parent's own
    // customPiece1: the warning says so and names a free key.
    let path = temp_file(
        "replaced.ini",
        "[alfils:normal]\ncustomPiece1 = a:A\n\
         startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKANR w KQkq - 0 1\n\
         [alfils2:alfils]\ncustomPiece1 = c:C\n\
         startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKCNR w KQkq - 0 1\n",
    );
    let out = griffon(&["variants", "--file", path.to_str().expect("utf-8 path")]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("alfils2: replaces the inherited customPiece1 = a:A of 'alfils'")
            || (stderr.contains("replaces the inherited customPiece1 = a:A")
                && stderr.contains("such as customPiece2")),
        "{stderr}"
    );
    assert_eq!(
        stderr.matches("replaces the inherited").count(),
        1,
        "{stderr}"
    );
    let _ = std::fs::remove_file(path);
}

/// `griffon search --params` searches with the given weights (a back-rank
/// mate in one is found whatever they are), and a bad weights file is an
/// error that names the file and the item, not a crash.
#[test]
fn search_takes_a_weights_file() {
    let good = temp_file(
        "search-weights.txt",
        "# a comment\nTEMPO=2 MOBILITY_NUM=60\n",
    );
    let fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    let args = ["search", "--fen", fen, "--depth", "3", "--params"];
    let out = griffon(&[&args[..], &[good.to_str().unwrap()]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("bestmove d1d8"));

    let bad = temp_file("search-weights-bad.txt", "TEMPO=fast\n");
    let out = griffon(&[&args[..], &[bad.to_str().unwrap()]].concat());
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("search-weights-bad.txt") && err.contains("'fast'") && err.contains("TEMPO"),
        "{err}"
    );
    let _ = std::fs::remove_file(good);
    let _ = std::fs::remove_file(bad);
}
