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
