//! Helpers shared by the integration tests (each test file that needs them
//! says `mod common;`; not every file uses every helper).
#![allow(dead_code)]

use griffon::game::Game;
use griffon::position::Rules;
use griffon::uci::notation::{Dialect, dialect_move, parse_dialect_move};
use griffon::variant::VariantSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// The tables of a built-in variant.
pub fn rules(variant: &str) -> Arc<Rules> {
    let mut set = VariantSet::new();
    set.load_builtins().expect("built-in variants load");
    let v = set
        .get(variant)
        .unwrap_or_else(|| panic!("no variant {variant}"))
        .clone();
    Rules::new(v).expect("rules build")
}

/// The library's SplitMix64, so that every randomised test repeats exactly.
#[allow(unused_imports)]
pub use griffon::rng::Rng;

/// Runs the `griffon` binary as a user would: success, stdout, stderr.
pub fn griffon(args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_griffon"))
        .args(args)
        .output()
        .expect("run griffon");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A game XBoard played with its book keys (`tests/data/books/xboard-keys-
/// NAME.txt`, written by tools/book/xboard-book-keys.py): the FEN it started
/// from (none for the variant's own setup), its moves in XBoard's SAN, and
/// the key XBoard printed before each ply.
pub struct XBoardKeys {
    pub fen: Option<String>,
    pub moves: Vec<String>,
    pub keys: Vec<u64>,
}

pub fn xboard_keys(name: &str) -> XBoardKeys {
    let path = format!("tests/data/books/xboard-keys-{name}.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    XBoardKeys {
        fen: text
            .lines()
            .find_map(|l| l.strip_prefix("fen: "))
            .map(str::to_string),
        moves: text
            .lines()
            .find_map(|l| l.strip_prefix("moves: "))
            .expect("moves line")
            .split_whitespace()
            .map(str::to_string)
            .collect(),
        keys: text
            .lines()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
            .map(|l| {
                u64::from_str_radix(l.split_whitespace().nth(1).expect("key"), 16).expect("hex")
            })
            .collect(),
    }
}

/// A game written by tools/uci/make_protocol_games.py with pyffish
/// (`tests/data/protocols/NAME.txt`): per ply the position (SFEN in USI
/// games, FEN in UCCI games), the legal moves and the move played, in the
/// protocol's notation as Fairy-Stockfish writes it.
pub struct ProtocolGame {
    pub variant: String,
    pub plies: Vec<ProtocolPly>,
}

pub struct ProtocolPly {
    pub position: String,
    /// Sorted.
    pub legal: Vec<String>,
    /// The move played (none at the end).
    pub played: Option<String>,
}

/// A FEN without its move counters (an SFEN has no fifty-move count).
pub fn placement_and_side(fen: &str) -> String {
    fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
}

impl ProtocolPly {
    /// Checks that `game` has exactly this ply's legal moves, written in
    /// `dialect`, and plays the move played here (`label` names the ply
    /// in failures).
    pub fn agree_and_play(&self, game: &mut Game, dialect: Dialect, label: &str) {
        let pos = game.position().clone();
        let mut legal: Vec<String> = game
            .legal_moves()
            .iter()
            .map(|&m| dialect_move(&pos, m, dialect, false))
            .collect();
        legal.sort();
        assert_eq!(legal, self.legal, "{label}: {}", self.position);
        if let Some(played) = &self.played {
            let mut pos = pos.clone();
            let m = parse_dialect_move(&mut pos, played, dialect, false)
                .unwrap_or_else(|e| panic!("{label}: {e}"));
            game.play(m);
        }
    }
}

impl ProtocolGame {
    pub fn load(name: &str) -> ProtocolGame {
        let path = format!("tests/data/protocols/{name}.txt");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let mut game = ProtocolGame {
            variant: String::new(),
            plies: Vec::new(),
        };
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            match key {
                "variant" => game.variant = rest.to_string(),
                "position" => game.plies.push(ProtocolPly {
                    position: rest.to_string(),
                    legal: Vec::new(),
                    played: None,
                }),
                "legal" => {
                    game.plies.last_mut().expect("a position").legal =
                        rest.split_whitespace().map(str::to_string).collect()
                }
                "move" => {
                    game.plies.last_mut().expect("a position").played = Some(rest.to_string())
                }
                "end" => {}
                _ => panic!("{path}: {line}"),
            }
        }
        game
    }

    /// The moves played before ply `n`.
    pub fn moves(&self, n: usize) -> Vec<&str> {
        self.plies[..n]
            .iter()
            .map(|p| p.played.as_deref().expect("a move"))
            .collect()
    }
}

/// A `griffon` XBoard engine process, driven as XBoard drives it.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    /// `griffon ARGS` after the XBoard handshake.
    pub fn start(args: &[&str]) -> Engine {
        let mut e = Engine::spawn(args);
        e.send("xboard");
        e.send("protover 2");
        e.expect(|l| l == "feature done=1");
        e
    }

    /// A bare `griffon` after `uci`, with the lines up to `uciok`.
    pub fn start_uci() -> (Engine, Vec<String>) {
        Engine::start_handshake(&[], "uci")
    }

    /// `griffon ARGS` after `handshake` (`uci`, `usi`, `ucci`), with the
    /// lines up to its `ok`.
    pub fn start_handshake(args: &[&str], handshake: &str) -> (Engine, Vec<String>) {
        let mut e = Engine::spawn(args);
        e.send(handshake);
        let ok = format!("{handshake}ok");
        let mut lines = Vec::new();
        loop {
            let l = e.expect(|_| true);
            let done = l == ok;
            lines.push(l);
            if done {
                return (e, lines);
            }
        }
    }

    fn spawn(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_griffon"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start griffon");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(l).is_err() {
                            break;
                        }
                    }
                    Err(_) => break,
                }
            }
        });
        Engine {
            child,
            stdin,
            lines: rx,
        }
    }

    /// An engine that also knows tests/data/variants/test-variants.ini.
    pub fn with_test_variants() -> Engine {
        Engine::start(&[
            "xboard",
            "--variant-file",
            "tests/data/variants/test-variants.ini",
        ])
    }

    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write to engine");
        self.stdin.flush().expect("flush");
    }

    /// Wait (up to 20 s) for a line matching `pred`; returns it.
    pub fn expect(&mut self, pred: impl Fn(&str) -> bool) -> String {
        loop {
            match self.lines.recv_timeout(Duration::from_secs(20)) {
                Ok(l) if pred(&l) => return l,
                Ok(_) => continue,
                Err(_) => panic!("engine did not answer as expected"),
            }
        }
    }

    /// All lines until `pong N` for a fresh N: the replies to what was sent.
    pub fn sync(&mut self, n: u32) -> Vec<String> {
        self.send(&format!("ping {n}"));
        let mut got = Vec::new();
        loop {
            let l = self
                .lines
                .recv_timeout(Duration::from_secs(20))
                .expect("pong");
            if l == format!("pong {n}") {
                return got;
            }
            got.push(l);
        }
    }

    /// UCI and its dialects: all lines until `readyok` after `isready`,
    /// the replies to what was sent.
    pub fn ready(&mut self) -> Vec<String> {
        self.send("isready");
        let mut got = Vec::new();
        loop {
            let l = self.expect(|_| true);
            if l == "readyok" {
                return got;
            }
            got.push(l);
        }
    }

    /// The engine's next move text.
    pub fn next_move(&mut self) -> String {
        let l = self.expect(|l| l.starts_with("move "));
        l["move ".len()..].to_string()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}
