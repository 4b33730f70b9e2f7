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

/// SplitMix64: a small deterministic generator, so that every randomised
/// test repeats exactly.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform-enough in `0..n` for test inputs.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn pick<'a>(&mut self, s: &'a [&'a str]) -> &'a str {
        s[self.below(s.len())]
    }
}
