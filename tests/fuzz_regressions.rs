//! Every input in `fuzz/seeds/TARGET` and `fuzz/regressions/TARGET` through
//! its fuzz target (`griffon::fuzzing`): the seeds show each target works
//! on valid input, and the regressions, inputs a fuzzer once found failing,
//! keep each fixed fault fixed. CI runs this; the fuzzing itself is
//! `cargo fuzz` (fuzz/README.md).

use std::path::Path;

#[test]
fn seeds_and_regressions_pass_their_fuzz_targets() {
    let mut seen = 0;
    for (name, target) in griffon::fuzzing::TARGETS {
        let mut seeds = 0;
        for kind in ["seeds", "regressions"] {
            let dir = Path::new("fuzz").join(kind).join(name);
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            let mut files: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
            files.sort();
            for path in files {
                let data = std::fs::read(&path).expect("read input");
                let result = std::panic::catch_unwind(|| target(&data));
                assert!(result.is_ok(), "{name}: {} fails", path.display());
                seen += 1;
                seeds += usize::from(kind == "seeds");
            }
        }
        assert!(seeds > 0, "{name} has no seed inputs");
    }
    assert!(seen > 100, "{seen} inputs");
}
