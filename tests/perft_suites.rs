//! The reference perft suites (`tests/data/perft/*.epd`) checked through
//! the library, one test per file so a failure names the variant or the
//! source. Per-variant files hold Fairy-Stockfish's counts (Sjaak II's for
//! Great Shatranj); `perft-cutechess`, `perft-sjaak` and
//! `perft-python-chess` hold the published counts of those programs for
//! every variant Griffon shares with them; wildcastle, superchess, cylinder
//! and falcon, which no outside engine counts, come from second
//! implementations in `tools/reference/` (each file's header says which).
//!
//! A node limit keeps `cargo test` fast: every count up to `MAX_NODES` is
//! checked, larger ones are skipped. The full run is
//! `griffon perft --suite tests/data/perft/FILE.epd`; the environment
//! variable `GRIFFON_PERFT_MAX_NODES` raises (or lowers) the limit here.
//!
//! The last tests run the binary itself, for the command-line contract
//! (`perft --suite`, `perft --depth`, `--divide`) that scripts rely on.

use griffon::movegen::{PerftSuiteLine, check_suite_line};
use griffon::variant::VariantSet;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Largest reference count checked by default. At 2M every per-variant
/// file has 8-31 counts totalling 1-3M nodes (about 25M over all files), a few
/// seconds per file at the engine's speed when this was written (1.5M
/// nodes/s on one thread); the whole set runs in well under a minute on two
/// cores in the test profile.
const MAX_NODES: u64 = 2_000_000;

/// The limit for the files of many lines (other programs' tables, second
/// implementations' counts): at 250,000 each of them has 0.3-3M nodes to
/// check, and every line at least its depths 1-3 (the generators in
/// `tools/reference/` add those, from the same program, to lines whose
/// published counts are all larger).
const MANY_LINES_MAX_NODES: u64 = 250_000;

/// Fairy-Stockfish's built-ins: every variant's start position and walks
/// at depth 3, the largest (clobber on 10x10, 5.2 M) fast to count.
const FSF_BUILTINS_MAX_NODES: u64 = 6_000_000;

fn max_nodes(default: u64) -> u64 {
    std::env::var("GRIFFON_PERFT_MAX_NODES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/perft")
        .join(name)
}

/// Runs every line of one suite file, counts up to `limit` (or
/// `GRIFFON_PERFT_MAX_NODES`); panics with every failure listed.
fn run_suite(file: &str, limit: u64) {
    run_suite_as(file, None, limit);
}

/// Runs a suite with its variant name replaced: `(name, replacement,
/// variant file text defining the replacement)`.
fn run_suite_as(file: &str, rename: Option<(&str, &str, &str)>, limit: u64) {
    let mut set = VariantSet::new();
    set.load_builtins().expect("built-in variants load");
    run_suite_in(set, file, rename, limit);
}

fn run_suite_in(mut set: VariantSet, file: &str, rename: Option<(&str, &str, &str)>, limit: u64) {
    let path = data(file);
    let mut text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    if let Some((name, replacement, ini)) = rename {
        set.load_str("test.ini", ini)
            .strict()
            .expect("test variant loads");
        text = text.replace(
            &format!(";variant {name};"),
            &format!(";variant {replacement};"),
        );
    }
    let mut cache = HashMap::new();
    let limit = max_nodes(limit);
    let (mut checked, mut lines) = (0usize, 0usize);
    let mut failures = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let Some(parsed) = PerftSuiteLine::parse(line) else {
            continue;
        };
        let parsed = parsed.unwrap_or_else(|e| panic!("{file}:{}: {e}", n + 1));
        lines += 1;
        match check_suite_line(&parsed, &set, &mut cache, u32::MAX, limit, 1) {
            Ok((count, fails)) => {
                checked += count;
                failures.extend(fails.into_iter().map(|f| format!("{file}:{}: {f}", n + 1)));
            }
            Err(e) => failures.push(format!("{file}:{}: {e}", n + 1)),
        }
    }
    assert!(lines > 0, "{file} has no positions");
    // Every line has small counts, so the limit must leave something to check.
    assert!(checked >= lines, "{file}: only {checked} counts checked");
    assert!(
        failures.is_empty(),
        "{} of {checked} counts failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn suite_files_are_all_tested() {
    // Keeps the list of tests below in step with the data folder.
    let tested = [
        "3check",
        "asean",
        "atomic",
        "berolina",
        "capablanca",
        "caparandom",
        "chess",
        "chu",
        "courier",
        "crazyhouse",
        "cutechess",
        "cylinder",
        "embassy",
        "falcon",
        "fischerandom",
        "fsf-builtins",
        "fsf-ci",
        "fsf-goals",
        "fsf-variants-ini",
        "giveaway",
        "gothic",
        "grand",
        "great",
        "janus",
        "knightmate",
        "kyotoshogi",
        "losers",
        "makruk",
        "minishogi-uchifuzume",
        "minishogi",
        "nocastle",
        "python-chess",
        "seirawan",
        "shatranj",
        "shogi",
        "sjaak",
        "spartan",
        "suicide",
        "superchess",
        "threekings",
        "twokings",
        "wildcastle",
        "xiangqi",
    ];
    let mut found: Vec<String> = std::fs::read_dir(data(""))
        .expect("tests/data/perft exists")
        .map(|e| {
            e.expect("directory entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n.ends_with(".epd"))
        .collect();
    found.sort();
    let expected: Vec<String> = tested.iter().map(|v| format!("perft-{v}.epd")).collect();
    assert_eq!(found, expected);
}

/// The built-in variants and Fairy-Stockfish's own variants.ini
/// (../shared/ref, beside the repository); the file's sections Griffon
/// does not play as Fairy-Stockfish does may be skipped on loading (their
/// status is in BENCHMARKS.md), but none of the suites'.
fn with_fsf_variants_ini() -> VariantSet {
    let ini = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/ref/fsf-variants.ini");
    let mut set = VariantSet::new();
    set.load_builtins().expect("built-in variants load");
    let loaded = set.load_file(&ini);
    assert!(
        !loaded.names.is_empty(),
        "{}: {:?}",
        ini.display(),
        loaded.errors
    );
    set
}

/// Fairy-Stockfish's counts for the sections of its variants.ini that
/// Griffon plays as it does. atomiczh sets `dropChecks = false`, which
/// Fairy-Stockfish does not apply to atomic's pseudo-royal king (its
/// gives_check sees no check without a piece of its KING type): its counts
/// are checked as `atomiczh-fsf`, the section with drop checks allowed,
/// and the rule itself by the `atomiczh` lines, Fairy-Stockfish's moves
/// less the drops its own gives_check calls checks
/// (`tools/reference/dropcheck_perft.py`).
#[test]
fn perft_fsf_variants_ini() {
    let mut set = with_fsf_variants_ini();
    set.load_str("test.ini", "[atomiczh-fsf:atomiczh]\ndropChecks = true\n")
        .strict()
        .expect("test variant loads");
    run_suite_in(set, "perft-fsf-variants-ini.epd", None, MAX_NODES);
}

/// Games won by reaching a goal (a flag region, a connection), with
/// positions from long random games so that goals are reached inside the
/// trees: Fairy-Stockfish's counts.
#[test]
fn perft_fsf_goals() {
    run_suite_in(
        with_fsf_variants_ini(),
        "perft-fsf-goals.epd",
        None,
        MAX_NODES,
    );
}

macro_rules! suite_tests {
    ($($name:ident => $file:literal $(, $limit:expr)?;)*) => {
        $(
            #[test]
            fn $name() {
                run_suite($file, suite_tests!(@limit $($limit)?));
            }
        )*
    };
    (@limit) => { MAX_NODES };
    (@limit $limit:expr) => { $limit };
}

suite_tests! {
    perft_3check => "perft-3check.epd";
    perft_asean => "perft-asean.epd";
    perft_atomic => "perft-atomic.epd";
    perft_berolina => "perft-berolina.epd";
    perft_capablanca => "perft-capablanca.epd";
    perft_caparandom => "perft-caparandom.epd";
    perft_chess => "perft-chess.epd";
    perft_chu => "perft-chu.epd";
    perft_courier => "perft-courier.epd";
    perft_crazyhouse => "perft-crazyhouse.epd";
    perft_cutechess => "perft-cutechess.epd", MANY_LINES_MAX_NODES;
    perft_cylinder => "perft-cylinder.epd", MANY_LINES_MAX_NODES;
    perft_embassy => "perft-embassy.epd";
    perft_falcon => "perft-falcon.epd", MANY_LINES_MAX_NODES;
    perft_fischerandom => "perft-fischerandom.epd";
    perft_fsf_builtins => "perft-fsf-builtins.epd", FSF_BUILTINS_MAX_NODES;
    perft_fsf_ci => "perft-fsf-ci.epd";
    perft_giveaway => "perft-giveaway.epd";
    perft_gothic => "perft-gothic.epd";
    perft_grand => "perft-grand.epd";
    perft_great => "perft-great.epd";
    perft_janus => "perft-janus.epd";
    perft_knightmate => "perft-knightmate.epd";
    perft_kyotoshogi => "perft-kyotoshogi.epd";
    perft_losers => "perft-losers.epd";
    perft_makruk => "perft-makruk.epd";
    perft_minishogi_uchifuzume => "perft-minishogi-uchifuzume.epd";
    perft_nocastle => "perft-nocastle.epd";
    perft_python_chess => "perft-python-chess.epd", MANY_LINES_MAX_NODES;
    perft_seirawan => "perft-seirawan.epd";
    perft_shatranj => "perft-shatranj.epd";
    perft_shogi => "perft-shogi.epd";
    perft_sjaak => "perft-sjaak.epd", MANY_LINES_MAX_NODES;
    perft_spartan => "perft-spartan.epd";
    perft_suicide => "perft-suicide.epd";
    perft_superchess => "perft-superchess.epd", MANY_LINES_MAX_NODES;
    perft_threekings => "perft-threekings.epd";
    perft_twokings => "perft-twokings.epd";
    perft_wildcastle => "perft-wildcastle.epd", MANY_LINES_MAX_NODES;
    perft_xiangqi => "perft-xiangqi.epd";
}

/// Fairy-Stockfish's minishogi counts include pawn drops that mate, which
/// its own rules (and shogi's) forbid: e.g. in
/// `3+S1/+rP1s1/4k/1K3/1G1+b1[Gprb] b` it counts P@b3, after which it finds
/// no legal reply. Its counts are therefore checked against Griffon's
/// minishogi without that one rule; `perft-minishogi-uchifuzume.epd`
/// (recomputed from Fairy-Stockfish's moves less the mating pawn drops, by
/// `tools/reference/uchifuzume_perft.py`) checks the rule itself.
#[test]
fn perft_minishogi() {
    let ini = "[minishogi-fsf:minishogi]\nshogiPawnDropMateIllegal = false\n";
    run_suite_as(
        "perft-minishogi.epd",
        Some(("minishogi", "minishogi-fsf", ini)),
        MAX_NODES,
    );
}

// ---------------------------------------------------------------------------
// The command line.

fn griffon(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_griffon"))
        .args(args)
        .output()
        .expect("griffon runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

/// A file in the temp folder, unique to this test process.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("griffon-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("temp folder is writable");
    path
}

#[test]
fn cli_suite_reports_passes_and_failures() {
    // Two good lines (counts copied from perft-chess.epd: the start
    // position and an endgame), a comment, and then a line with a wrong
    // depth-2 count (400 is right; 401 must fail).
    let good = "# comment line\n\
        rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;variant chess;D1 20;D2 400;D3 8902\n\
        8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1;variant chess;D1 14;D2 191;D3 2812\n";
    let path = temp_file("good.epd", good);
    let out = griffon(&["perft", "--suite", path.to_str().unwrap()]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert_eq!(text.lines().last(), Some("6 passed, 0 failed"), "{text}");

    let bad = format!(
        "{good}rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;variant chess;D1 20;D2 401\n"
    );
    let path_bad = temp_file("bad.epd", &bad);
    let out = griffon(&["perft", "--suite", path_bad.to_str().unwrap()]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&"7 passed, 1 failed"), "{text}");
    // One line per failing count, before the summary, naming the count.
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].contains("401") && lines[0].contains("400"),
        "{text}"
    );

    // --max-nodes skips the counts above it: D3 8902 and D3 2812 go.
    let out = griffon(&[
        "perft",
        "--suite",
        path.to_str().unwrap(),
        "--max-nodes",
        "1000",
    ]);
    assert_eq!(stdout(&out).lines().last(), Some("4 passed, 0 failed"));
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_file(path_bad);
}

#[test]
fn cli_perft_depth_three() {
    // 8902: the published chess perft(3) (also line 1 of perft-chess.epd).
    for threads in ["1", "2"] {
        let out = griffon(&[
            "perft",
            "--variant",
            "normal",
            "--depth",
            "3",
            "--threads",
            threads,
        ]);
        assert!(out.status.success());
        assert_eq!(stdout(&out).lines().last(), Some("Nodes: 8902"));
    }
}

#[test]
fn cli_perft_divide_format() {
    // From the chess start every one of White's 20 moves leaves Black its 20
    // replies: 16 pawn moves (a-h, one or two steps) and 4 knight moves.
    let out = griffon(&["perft", "--variant", "chess", "--depth", "2", "--divide"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&"Nodes: 400"), "{text}");
    let mut divided = BTreeMap::new();
    for line in &lines[..lines.len() - 1] {
        let (mv, n) = line
            .split_once(": ")
            .unwrap_or_else(|| panic!("not `move: count`: {line}"));
        assert!(divided.insert(mv.to_string(), n.to_string()).is_none());
    }
    let mut expected = BTreeMap::new();
    for file in 'a'..='h' {
        expected.insert(format!("{file}2{file}3"), "20".to_string());
        expected.insert(format!("{file}2{file}4"), "20".to_string());
    }
    for mv in ["b1a3", "b1c3", "g1f3", "g1h3"] {
        expected.insert(mv.to_string(), "20".to_string());
    }
    assert_eq!(divided, expected);

    // A FEN and a variant other than chess: Capablanca castling is written
    // as the king's move (f1i1, f1c1) in divide output. The 28 moves are
    // derived in movegen_hand.rs (`ten_file_castling`).
    let out = griffon(&[
        "perft",
        "--variant",
        "capablanca",
        "--fen",
        "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1",
        "--depth",
        "1",
        "--divide",
    ]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.lines().any(|l| l == "f1i1: 1"), "{text}");
    assert!(text.lines().any(|l| l == "f1c1: 1"), "{text}");
    assert_eq!(text.lines().last(), Some("Nodes: 28"), "{text}");
}

#[test]
fn cli_perft_rejects_bad_input() {
    let out = griffon(&["perft", "--variant", "nosuchvariant", "--depth", "1"]);
    assert_eq!(out.status.code(), Some(1));
    let out = griffon(&[
        "perft",
        "--variant",
        "chess",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w - - 0 1",
        "--depth",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
}
