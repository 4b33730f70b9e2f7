//! The variant files shipped with Griffon, embedded at build time by
//! `build.rs` from `variants/*.ini`.

/// `(file name, contents)` of every built-in variant file, sorted by name.
pub(crate) static FILES: &[(&str, &str)] =
    include!(concat!(env!("OUT_DIR"), "/builtin_variants.rs"));

/// The folder the built-in files come from, used in messages and listings.
pub(crate) const DIR: &str = "variants";
