//! Helpers shared by the integration tests (each test file that needs them
//! says `mod common;`; not every file uses every helper).
#![allow(dead_code)]

use griffon::position::Rules;
use griffon::variant::VariantSet;
use std::sync::Arc;

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
