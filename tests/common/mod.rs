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
