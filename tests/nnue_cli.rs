//! The learned evaluation from the command line: self-play samples, a
//! network trained on them that the engine then loads, and the files a
//! user may get wrong (a damaged network, another variant's samples, an
//! output that exists already).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn griffon(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_griffon"))
        .args(args)
        .output()
        .expect("run griffon")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("griffon-nnue-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The first move the engine plays as White in `variant` over CECP, with
/// the engine's arguments `args`, and its stderr.
fn first_move(args: &[&str], variant: &str) -> (String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_griffon"))
        .arg("xboard")
        .args(args)
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start griffon");
    let mut stdin = child.stdin.take().expect("stdin");
    write!(
        stdin,
        "xboard\nprotover 2\nnew\nvariant {variant}\nsd 3\ngo\n"
    )
    .expect("write");
    stdin.flush().expect("flush");
    let mut mv = String::new();
    for line in BufReader::new(child.stdout.take().expect("stdout")).lines() {
        let line = line.expect("UTF-8");
        if let Some(m) = line.strip_prefix("move ") {
            mv = m.to_string();
            break;
        }
    }
    let _ = writeln!(stdin, "quit");
    drop(stdin);
    let out = child.wait_with_output().expect("wait");
    (mv, text(&out.stderr))
}

#[test]
fn datagen_then_train_gives_a_network_the_engine_plays_with() {
    let data = scratch("chess.dat");
    let net = scratch("chess.nnue");
    let d = data.to_str().expect("path");
    let n = net.to_str().expect("path");
    let out = griffon(&[
        "datagen", "--games", "6", "--nodes", "300", "--seed", "3", "--out", d,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("wrote"), "{}", text(&out.stderr));
    // Never overwritten.
    let again = griffon(&["datagen", "--games", "1", "--out", d]);
    assert!(!again.status.success());

    let out = griffon(&[
        "train", "--data", d, "--out", n, "--hidden", "16", "--epochs", "3", "--batch", "64",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let log = text(&out.stderr);
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
    let refused = griffon(&["train", "--data", d, "--out", n]);
    assert!(!refused.status.success(), "an existing network is kept");

    // The engine loads it and plays.
    let (mv, err) = first_move(&["--net", n], "normal");
    assert!(!mv.is_empty() && !err.contains("WARN"), "{mv} {err}");
    // Another variant's samples are refused.
    let out = griffon(&[
        "train",
        "--variant",
        "xiangqi",
        "--data",
        d,
        "--out",
        n,
        "--force",
    ]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("not 'xiangqi'"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_bad_network_file_falls_back_to_the_hand_written_evaluation() {
    let bad = scratch("bad.nnue");
    std::fs::write(&bad, b"GRIFFNET not really a network").expect("write");
    let b = bad.to_str().expect("path");
    for (args, variant) in [(["--net", b], "normal"), (["--net", b], "shogi")] {
        let (mv, _) = first_move(&args, variant);
        assert!(!mv.is_empty(), "plays a move in {variant}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_griffon"))
        .args(["search", "--depth", "3", "--net", b])
        .env("RUST_LOG", "warn")
        .output()
        .expect("run");
    assert!(text(&out.stdout).contains("bestmove"));
    assert!(
        text(&out.stderr).contains("not a Griffon network file"),
        "{}",
        text(&out.stderr)
    );
    assert!(Path::new(b).exists());
}

#[test]
fn network_options_in_xboard() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_griffon"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start griffon");
    let bad = scratch("option-bad.nnue");
    std::fs::write(&bad, b"GRIFFNET junk").expect("write");
    let mut stdin = child.stdin.take().expect("stdin");
    write!(
        stdin,
        "xboard\nprotover 2\nnew\nsd 2\noption Network File={}\noption Use Network=2\n\
         option Use Network=0\noption Network File=\noption Use Network=1\ngo\n",
        bad.display()
    )
    .expect("write");
    stdin.flush().expect("flush");
    let mut got = Vec::new();
    for line in BufReader::new(child.stdout.take().expect("stdout")).lines() {
        let line = line.expect("UTF-8");
        let done = line.starts_with("move ");
        got.push(line);
        if done {
            break;
        }
    }
    let _ = writeln!(stdin, "quit");
    let _ = child.wait();
    let has = |p: &str| got.iter().any(|l| l.starts_with(p));
    assert!(has("feature option=\"Use Network -check 1\""), "{got:#?}");
    assert!(has("feature option=\"Network File -file \""), "{got:#?}");
    assert!(has("telluser network not used: "), "{got:#?}");
    assert!(has("Error (bad value): option Use Network=2"), "{got:#?}");
    assert!(has("move "), "{got:#?}");
}
