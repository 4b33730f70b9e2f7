//! Hostile input through the protocol: binary garbage, overlong lines,
//! moves meant for another variant, impossible positions for each family
//! of variants. Each gets its CECP error (`Error (reason): command`,
//! `Illegal move (reason): move`) and the engine stays usable: it still
//! answers `ping` and plays a legal move in the game it kept.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// The engine's replies to `script`, sent to a `griffon` process, up to
/// and including its first `move` (the script ends with a search).
fn replies_until_move(script: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_griffon"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start griffon");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(script.as_bytes()).expect("write");
    stdin.flush().expect("flush");
    let mut got = Vec::new();
    for line in BufReader::new(child.stdout.take().expect("stdout")).lines() {
        let line = line.expect("UTF-8 output");
        let done = line.starts_with("move ");
        if !line.starts_with("feature ") {
            got.push(line);
        }
        if done {
            break;
        }
    }
    let _ = writeln!(stdin, "quit");
    let _ = child.wait();
    got
}

/// The engine's replies to `script` (run in-process, to its end).
fn replies(script: &[u8]) -> Vec<String> {
    let out = griffon::xboard::run_script(script).expect("engine starts");
    String::from_utf8(out)
        .expect("the engine writes UTF-8")
        .lines()
        .filter(|l| !l.starts_with("feature "))
        .map(str::to_string)
        .collect()
}

fn assert_reply(got: &[String], prefix: &str) {
    assert!(
        got.iter().any(|l| l.starts_with(prefix)),
        "no reply starting {prefix:?} in {got:#?}"
    );
}

#[test]
fn garbage_and_overlong_lines_over_stdin() {
    // Through a real pipe: bytes that are no UTF-8, a NUL, a line of
    // 300,000 bytes, WinBoard's CRLF line ends. None of them may end the
    // engine's input; the game goes on.
    let mut child = Command::new(env!("CARGO_BIN_EXE_griffon"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start griffon");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let writer = std::thread::spawn(move || {
        let mut input = b"xboard\r\nprotover 2\r\nnew\r\nforce\r\nusermove e2e4\r\n".to_vec();
        input.extend_from_slice(b"\xff\xfe\x00garbage\x01\x1b[2J\n");
        input.extend(std::iter::repeat_n(b'x', 300_000));
        input.extend_from_slice(b"\nping 1\nsd 2\ngo\n");
        stdin.write_all(&input).expect("write");
        stdin.flush().expect("flush");
        stdin
    });
    let mut lines = BufReader::new(stdout).lines();
    let mut got = Vec::new();
    let mv = loop {
        let l = lines
            .next()
            .expect("engine still answers")
            .expect("UTF-8 output");
        if let Some(m) = l.strip_prefix("move ") {
            break m.to_string();
        }
        got.push(l);
    };
    let mut stdin = writer.join().expect("writer");
    writeln!(stdin, "quit").expect("quit");
    let _ = child.wait();
    assert_reply(
        &got,
        "Error (unknown command): \u{fffd}\u{fffd}?garbage??[2J",
    );
    assert_reply(
        &got,
        "Error (line of 300000 bytes, longer than 65536: ignored): xxxx",
    );
    assert_reply(&got, "pong 1");
    assert!(
        !got.iter()
            .any(|l| l.chars().any(|c| c.is_control() && c != '\t')),
        "control characters echoed: {got:?}"
    );
    // Black's reply to 1. e4 in the game the engine kept.
    let mut game = griffon::game::Game::new(
        griffon::position::Position::start(common_rules("normal")).expect("start"),
    );
    let e4 = game.parse_move("e2e4").expect("e4");
    game.play(e4);
    game.parse_move(&mv).expect("a legal reply to 1. e4");
}

fn common_rules(name: &str) -> std::sync::Arc<griffon::position::Rules> {
    let set = griffon::variant::VariantSet::builtin().expect("built-ins");
    griffon::position::Rules::new(set.get(name).expect("variant").clone()).expect("rules")
}

#[test]
fn moves_for_another_variant_are_illegal_moves() {
    let got = replies(
        b"xboard\nprotover 2\nnew\nforce\n\
          usermove P@e4\nusermove e7e8q\nusermove h2e2\nusermove O-O-O-O\n\
          usermove e2e4,e4e5\nusermove @@@@\nusermove a1a11\nusermove 7g7f\n\
          variant xiangqi\nusermove e2e4\nusermove P@e5\n\
          variant shogi\nusermove e2e4q\nusermove K@e5\n\
          variant crazyhouse\nusermove Q@e4\n\
          variant chu\nusermove e2e4,e4e5\n\
          ping 1\n",
    );
    for p in [
        "Illegal move (not a legal drop): P@e4",
        "Illegal move (not a legal move): e7e8q",
        "Illegal move (not a legal move): h2e2",
        "Illegal move (not a move): O-O-O-O",
        "Illegal move (not a legal move): e2e4,e4e5",
        "Illegal move (no pass is possible): @@@@",
        "Illegal move (not a move): a1a11",
        "Illegal move (not a legal drop): P@e5",
        "Illegal move (no piece 'q' to promote to): e2e4q",
        "Illegal move (not a legal drop): K@e5",
        "Illegal move (not a legal drop): Q@e4",
        "pong 1",
    ] {
        assert_reply(&got, p);
    }
}

#[test]
fn impossible_positions_of_each_family_are_refused() {
    // For each family, positions that cannot occur: each one an error,
    // and the game before it kept (checked by a legal move afterwards).
    let cases: &[(&str, &[(&str, &str)])] = &[
        (
            "normal",
            &[
                ("8/8/8/8/8/8/8/8 w - - 0 1", "white has 0 royal pieces"),
                (
                    "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",
                    "the side not to move is in check",
                ),
                ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "should have promoted"),
                ("4k3/8/8/8/8/8/8/4K3 w - z9 0 1", "en-passant"),
                ("4k3/8/8/8/8/8/8/4K3 w - - -5 1", "move counter"),
                ("4k3/8/8/8/8/8/8/4K2K w - - 0 1", "white has 2 royal pieces"),
            ],
        ),
        (
            "grand",
            &[(
                "P8r/1nbqkcabn1/pppppppppp/10/10/10/10/1PPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
                "should have promoted",
            )],
        ),
        (
            "xiangqi",
            &[
                ("3k5/9/9/9/9/9/9/9/9/K8 w - - 0 1", "cannot stand there"),
                ("4k4/9/9/9/4B4/9/9/9/9/4K4 w - - 0 1", "cannot stand there"),
                ("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "in check"),
            ],
        ),
        (
            "shogi",
            &[
                (
                    "Pnsgkgsnl/1r5b1/ppppppppp/9/9/9/1PPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1",
                    "cannot stand there",
                ),
                (
                    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[K] w 0 1",
                    "royal piece in hand",
                ),
                (
                    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[Z] w 0 1",
                    "holdings",
                ),
            ],
        ),
        (
            "crazyhouse",
            &[(
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] w KQkq - 0 1",
                "royal piece in hand",
            )],
        ),
        (
            "chu",
            &[(
                "12/12/12/12/12/12/12/12/12/12/12/12 w - - 0 1",
                "royal pieces",
            )],
        ),
        (
            "3check",
            &[(
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 9+9 0 1",
                "check counter",
            )],
        ),
        (
            "seirawan",
            &[(
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhek] w KQkq - 0 1",
                "royal piece in hand",
            )],
        ),
    ];
    for (variant, positions) in cases {
        let mut script = format!("xboard\nprotover 2\nnew\nvariant {variant}\nforce\n");
        for (fen, _) in *positions {
            script.push_str(&format!("setboard {fen}\n"));
        }
        script.push_str("sd 1\ngo\n");
        let got = replies_until_move(&script);
        for (fen, why) in *positions {
            let line = got
                .iter()
                .find(|l| l.starts_with("Error (bad FEN") && l.ends_with(fen))
                .unwrap_or_else(|| panic!("{variant}: no error for {fen}: {got:#?}"));
            assert!(line.contains(why), "{variant}: {line}");
        }
        // The engine still plays in its start position.
        let mv = got
            .iter()
            .find_map(|l| l.strip_prefix("move "))
            .unwrap_or_else(|| panic!("{variant}: no move after the errors: {got:#?}"));
        let mut game = griffon::game::Game::new(
            griffon::position::Position::start(common_rules(variant)).expect("start"),
        );
        game.parse_move(mv)
            .unwrap_or_else(|e| panic!("{variant}: {mv} is no legal move at the start: {e}"));
    }
}

#[test]
fn absurd_memory_and_cores_are_refused_or_bounded() {
    let got = replies_until_move(
        "xboard\nprotover 2\nmemory 99999999999999\nmemory 0\ncores 0\ncores 1000000\nnew\nsd 2\ngo\n",
    );
    assert_reply(
        &got,
        "Error (cannot allocate 99999999999999 MB; keeping 64 MB)",
    );
    assert_reply(&got, "Error (bad memory size): memory 0");
    assert_reply(&got, "Error (bad number of cores): cores 0");
    assert_reply(&got, "move ");
}

#[test]
fn absurd_times_are_bad_times() {
    let got = replies_until_move(
        "xboard\nprotover 2\nnew\nst 1e300\nst inf\ntime 18446744073709551615\nlevel 0 999999999999999999 0\nlevel 40 5 1e300\nsd 2\ngo\n",
    );
    assert_reply(&got, "Error (bad time): st 1e300");
    assert_reply(&got, "Error (bad time): st inf");
    assert_reply(&got, "Error (bad time): time 18446744073709551615");
    assert_reply(
        &got,
        "Error (bad time control): level 0 999999999999999999 0",
    );
    assert_reply(&got, "Error (bad time control): level 40 5 1e300");
    assert_reply(&got, "move ");
}

#[test]
fn files_that_are_no_files_are_refused() {
    // A device as a book: an error at once, not a read without end.
    let got = replies(
        b"xboard\nprotover 2\nnew\noption Book File=/dev/zero\noption Book File=/\nping 1\n",
    );
    assert_reply(
        &got,
        "telluser book not used: cannot read /dev/zero: not a regular file",
    );
    assert_reply(&got, "pong 1");
}

#[test]
fn non_ascii_in_edit_mode_is_a_bad_edit_command() {
    // A fuzzer's find: a multi-byte character where edit mode expects a
    // piece letter panicked on a byte slice.
    let got = replies(
        "xboard\nprotover 2\nnew\nedit\n#\nKe1\n\u{e9}8\n\u{fffd}\u{fffd}8\nke8\n.\nping 1\n"
            .as_bytes(),
    );
    assert_reply(&got, "Error (bad edit command): \u{e9}8");
    assert_reply(&got, "pong 1");
}
