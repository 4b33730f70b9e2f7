//! Embeds every `variants/*.ini` file in the binary, so `griffon` knows its
//! built-in variants whatever folder it runs in.

use std::{env, fs, path::Path};

fn main() {
    println!("cargo:rerun-if-changed=variants");
    let dir = Path::new(&env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("variants");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "ini"));
    files.sort();
    let mut table = String::from("&[\n");
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let name = path
            .file_name()
            .expect("read_dir entries have names")
            .to_string_lossy();
        table += &format!(
            "    ({:?}, include_str!({:?})),\n",
            name,
            path.display().to_string()
        );
    }
    table += "]\n";
    let out =
        Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("builtin_variants.rs");
    fs::write(out, table).expect("OUT_DIR is writable");
}
