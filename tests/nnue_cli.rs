//! The learned evaluation from the command line: self-play samples, a
//! network trained on them that the engine then loads, and the files a
//! user may get wrong (a damaged network, another variant's samples, an
//! output that exists already).

mod common;

use common::{Engine, griffon};
use std::path::PathBuf;
use std::process::Command;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("griffon-nnue-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// `griffon search` with warnings logged: its stdout and stderr.
fn search_logged(args: &[&str]) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_griffon"))
        .arg("search")
        .args(args)
        .env("RUST_LOG", "warn")
        .output()
        .expect("run griffon");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The first move the engine plays as White in `variant` over CECP,
/// started with `args`.
fn first_move(args: &[&str], variant: &str) -> String {
    let mut e = Engine::start(args);
    for line in [
        "xboard",
        "protover 2",
        "new",
        &format!("variant {variant}"),
        "sd 3",
        "go",
    ] {
        e.send(line);
    }
    e.next_move()
}

#[test]
fn datagen_then_train_gives_a_network_the_engine_plays_with() {
    let data = scratch("chess.dat");
    let net = scratch("chess.nnue");
    let d = data.to_str().expect("path");
    let n = net.to_str().expect("path");
    let (ok, _, err) = griffon(&[
        "datagen", "--games", "6", "--nodes", "300", "--seed", "3", "--out", d,
    ]);
    assert!(ok && err.contains("wrote"), "{err}");
    // Never overwritten.
    let (ok, _, _) = griffon(&["datagen", "--games", "1", "--out", d]);
    assert!(!ok);

    let (ok, _, log) = griffon(&[
        "train", "--data", d, "--out", n, "--hidden", "16", "--epochs", "3", "--batch", "64",
    ]);
    assert!(ok, "{log}");
    let losses: Vec<f64> = log
        .lines()
        .filter_map(|l| l.split("train loss ").nth(1))
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .collect();
    assert_eq!(losses.len(), 3, "{log}");
    assert!(
        losses[2] < losses[0],
        "training lowers the loss: {losses:?}"
    );
    // The file keeps the epoch of lowest held-out loss: an epoch is saved
    // exactly when its held-out loss is the lowest yet. At a high
    // learning rate these few samples are overfitted within 8 epochs.
    let (ok, _, log) = griffon(&[
        "train", "--data", d, "--out", n, "--force", "--hidden", "16", "--epochs", "8", "--batch",
        "64", "--lr", "0.05",
    ]);
    assert!(ok, "{log}");
    let epochs = log.lines().filter(|l| l.starts_with("epoch"));
    assert!(
        epochs.clone().any(|l| !l.ends_with(" saved")),
        "an epoch worse than an earlier one: {log}"
    );
    let mut lowest = f64::INFINITY;
    for line in epochs {
        let valid: f64 = line
            .split("valid loss ")
            .nth(1)
            .and_then(|l| l.split_whitespace().next()?.parse().ok())
            .expect("valid loss");
        // (Printed to six places: equal figures may go either way.)
        let saved = line.ends_with(" saved");
        assert!(
            if saved {
                valid <= lowest
            } else {
                valid >= lowest
            },
            "{log}"
        );
        lowest = lowest.min(valid);
    }
    let (ok, _, _) = griffon(&["train", "--data", d, "--out", n]);
    assert!(!ok, "an existing network is kept");

    // The engine loads it without a word and plays.
    let (out, err) = search_logged(&["--depth", "3", "--net", n]);
    assert!(
        out.contains("bestmove") && !err.contains("WARN"),
        "{out} {err}"
    );
    assert!(!first_move(&["xboard", "--net", n], "normal").is_empty());
    // A residual network (a correction to the hand-written evaluation).
    let (ok, _, log) = griffon(&[
        "train",
        "--data",
        d,
        "--out",
        n,
        "--force",
        "--residual",
        "--hidden",
        "16",
        "--epochs",
        "2",
        "--batch",
        "64",
    ]);
    assert!(ok, "{log}");
    let (out, err) = search_logged(&["--depth", "3", "--net", n]);
    assert!(
        out.contains("bestmove") && !err.contains("WARN"),
        "{out} {err}"
    );
    // Another variant's samples are refused.
    let (ok, _, err) = griffon(&[
        "train",
        "--variant",
        "xiangqi",
        "--data",
        d,
        "--out",
        n,
        "--force",
    ]);
    assert!(!ok && err.contains("not 'xiangqi'"), "{err}");
}

/// The "N positions from G games" figures of datagen's last line.
fn wrote(log: &str) -> (usize, usize) {
    let line = log.lines().find(|l| l.starts_with("wrote")).unwrap_or("");
    let words: Vec<&str> = line.split_whitespace().collect();
    let count = |i: usize| words.get(i).and_then(|w| w.parse().ok()).unwrap_or(0);
    (count(1), count(4))
}

#[test]
fn datagen_stops_at_a_position_count_and_a_cut_file_still_trains() {
    let data = scratch("limit.dat");
    let net = scratch("limit.nnue");
    let d = data.to_str().expect("path");
    let (ok, _, err) = griffon(&[
        "datagen",
        "--games",
        "1000",
        "--positions",
        "150",
        "--nodes",
        "100",
        "--threads",
        "2",
        "--out",
        d,
    ]);
    assert!(ok, "{err}");
    // No run can reach zero positions: refused, no file made.
    let zero = scratch("zero.dat");
    let (ok, _, zero_err) = griffon(&[
        "datagen",
        "--positions",
        "0",
        "--out",
        zero.to_str().expect("path"),
    ]);
    assert!(
        !ok && zero_err.contains("--positions 0") && !zero.exists(),
        "{zero_err}"
    );
    let (positions, games) = wrote(&err);
    // Stopped at the first game that reached 150: far fewer than 1,000
    // games, and the file holds exactly what the log says.
    assert!(positions >= 150 && games < 100, "{err}");
    let bytes = std::fs::read(&data).expect("samples");
    let set = griffon::variant::VariantSet::builtin().expect("built-ins");
    let rules =
        griffon::position::Rules::new(set.get("normal").expect("chess").clone()).expect("rules");
    let layout = griffon::nnue::Layout::new(&rules);
    let read = griffon::nnue::data::read_all(&bytes[..], "normal", &layout).expect("reads");
    assert_eq!((read.samples.len(), read.cut), (positions, 0));

    // Cut inside its last sample (a run killed mid-write): training
    // says so and uses the rest.
    std::fs::write(&data, &bytes[..bytes.len() - 5]).expect("cut");
    let (ok, _, log) = griffon(&[
        "train",
        "--data",
        d,
        "--out",
        net.to_str().expect("path"),
        "--hidden",
        "8",
        "--epochs",
        "1",
        "--batch",
        "64",
    ]);
    assert!(ok && log.contains("ends inside a sample"), "{log}");
}

#[test]
fn a_bad_network_file_falls_back_to_the_hand_written_evaluation() {
    let bad = scratch("bad.nnue");
    std::fs::write(&bad, b"GRIFFNET not really a network").expect("write");
    let b = bad.to_str().expect("path");
    for variant in ["normal", "shogi"] {
        assert!(
            !first_move(&["xboard", "--net", b], variant).is_empty(),
            "{variant}"
        );
    }
    let (out, err) = search_logged(&["--depth", "3", "--net", b]);
    assert!(out.contains("bestmove"));
    assert!(err.contains("not a Griffon network file"), "{err}");
    assert!(bad.exists());
}

#[test]
fn network_options_in_xboard() {
    let bad = scratch("option-bad.nnue");
    std::fs::write(&bad, b"GRIFFNET junk").expect("write");
    let mut e = Engine::start(&[]);
    e.send("xboard");
    e.send("protover 2");
    e.expect(|l| l == "feature option=\"Use Network -check 1\"");
    e.expect(|l| l == "feature option=\"Network File -file \"");
    e.send("new");
    e.send("sd 2");
    e.send(&format!("option Network File={}", bad.display()));
    e.expect(|l| l.starts_with("telluser network not used: "));
    e.send("option Use Network=2");
    e.expect(|l| l == "Error (bad value): option Use Network=2");
    for line in [
        "option Use Network=0",
        "option Network File=",
        "option Use Network=1",
        "go",
    ] {
        e.send(line);
    }
    assert!(!e.next_move().is_empty());
}

/// Every network under `nets/` is `nets/VARIANT.nnue` for a variant
/// Griffon knows, and that variant's engine takes it: a file trained
/// with another variant's features, or cut short when it was copied,
/// would leave its users on the hand-written evaluation without a word.
#[test]
fn shipped_networks_load_for_their_variants() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("nets");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).expect("nets/") {
        let path = entry.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("nnue") {
            continue;
        }
        let variant = path.file_stem().and_then(|s| s.to_str()).expect("name");
        let rules = common::rules(variant);
        if let Err(e) = griffon::nnue::load(&path, &rules) {
            panic!("{e}");
        }
        count += 1;
    }
    assert!(count >= 6, "only {count} networks under nets/");
}
