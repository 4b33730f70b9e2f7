//! `griffon xboard`, `uci`, `usi`, `ucci`, `search`, `bench` and `tune`:
//! the engine itself in each protocol (a bare `griffon` picks one by its
//! first line), one search with its thinking output, the fixed
//! benchmarks, and fitting the evaluation's weights.

use super::{load_position, read_params, variant_set, write_stdout};
use clap::Args;
use griffon::judge::Past;
use griffon::position::Position;
use griffon::uci::Dialect;
use std::path::PathBuf;

#[derive(Args)]
pub struct XboardArgs {
    /// Also offer the variants of this file (repeatable); XBoard learns
    /// their boards and pieces from `setup` and `piece` lines.
    #[arg(long = "variant-file")]
    variant_files: Vec<PathBuf>,
    /// Evaluation weights to use (NAME=VALUE lines, as `griffon tune`
    /// writes them); unnamed weights keep their defaults.
    #[arg(long)]
    params: Option<PathBuf>,
    /// Probe the Griffon tablebase files in this directory (as
    /// `egtpath griffon DIR` would).
    #[arg(long = "tb-path")]
    tb_path: Option<PathBuf>,
    /// Evaluate with this network file (for its variant), or `none` for
    /// the hand-written evaluation (default: each variant's own
    /// `nets/VARIANT.nnue` where there is one).
    #[arg(long)]
    net: Option<String>,
}

#[derive(Args)]
pub struct SearchArgs {
    #[arg(long, default_value = "normal")]
    variant: String,
    #[arg(long)]
    fen: Option<String>,
    /// Depth limit in plies.
    #[arg(long)]
    depth: Option<u32>,
    /// Time limit in seconds.
    #[arg(long)]
    time: Option<f64>,
    /// Node limit.
    #[arg(long)]
    nodes: Option<u64>,
    /// Hash table size in megabytes.
    #[arg(long, default_value_t = 64)]
    memory: usize,
    /// Search threads (Lazy SMP).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Lines (best moves) to search and show.
    #[arg(long, default_value_t = 1)]
    multipv: usize,
    /// Also load variant definitions from this file.
    #[arg(long = "variant-file")]
    variant_file: Option<PathBuf>,
    /// Evaluation weights (NAME=VALUE lines, as `griffon tune` writes
    /// them) in place of the variant's own.
    #[arg(long)]
    params: Option<PathBuf>,
    /// Evaluate with this network file, or `none` for the hand-written
    /// evaluation (default: the variant's own, if any).
    #[arg(long)]
    net: Option<String>,
}

#[derive(Args)]
pub struct BenchArgs {
    /// What to measure: `search` (fixed-depth searches of fixed positions:
    /// a deterministic node count and nodes/second), `perft`
    /// (single-threaded perft of start positions) or `book` (probing a
    /// 1,000,000-entry book, making one from 10,000 games).
    #[arg(default_value = "search")]
    what: String,
    /// Runs per position; the median time is reported.
    #[arg(long, default_value_t = 3)]
    runs: usize,
    /// Only this variant.
    #[arg(long)]
    variant: Option<String>,
}

#[derive(Args)]
pub struct TuneArgs {
    /// PGN files of finished games (`[Variant]` and `[Result]` tags).
    #[arg(long = "pgn", required = true)]
    pgn: Vec<PathBuf>,
    /// Start from these weights (a file of NAME=VALUE lines).
    #[arg(long)]
    params: Option<PathBuf>,
    /// Weights to leave as they are (comma-separated names).
    #[arg(long, default_value = "")]
    fix: String,
    /// Rounds of the local search.
    #[arg(long, default_value_t = 20)]
    rounds: usize,
    /// Skip the first plies of each game (the random openings).
    #[arg(long, default_value_t = 10)]
    skip: usize,
    /// Fit to this engine's search scores (its name in the games'
    /// `White`/`Black` tags; `griffon match` writes each move's score in a
    /// comment) on the positions before its moves, rather than to results
    /// (repeatable: several engines, or one under two names).
    #[arg(long = "scores-of")]
    scores_of: Vec<String>,
    /// With `--scores-of`: the scores' share of the target, the rest the
    /// game's result.
    #[arg(long, default_value_t = 1.0)]
    lambda: f64,
    /// Threads for evaluating the positions.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Also write the weights here.
    #[arg(long)]
    out: Option<PathBuf>,
}

pub fn xboard(args: &XboardArgs) -> Result<(), String> {
    griffon::xboard::run_with(
        &args.variant_files,
        read_params(args.params.as_ref())?,
        args.tb_path.clone(),
        net_choice(args.net.as_deref()),
        None,
    )
}

#[derive(Args)]
pub struct UciArgs {
    /// Also offer the variants of this file (repeatable), as the
    /// `VariantPath` option would.
    #[arg(long = "variant-file")]
    variant_files: Vec<PathBuf>,
}

/// `griffon uci`, `usi` or `ucci`: one engine, which starts in `dialect`
/// (the GUI's handshake may name another, as Fairy-Stockfish allows).
pub fn uci(args: &UciArgs, dialect: Dialect) -> Result<(), String> {
    griffon::uci::run(&args.variant_files, None, dialect)
}

/// A bare `griffon`: its first input line chooses the protocol, as with
/// Fairy-Stockfish: `uci`, `usi` or `ucci` for that protocol, anything
/// else (`xboard`) for CECP.
pub fn by_first_line() -> Result<(), String> {
    let mut first = String::new();
    let read = std::io::stdin()
        .read_line(&mut first)
        .map_err(|e| format!("standard input: {e}"))?;
    let first = (read > 0).then(|| first.trim_end_matches(['\r', '\n']).to_string());
    if let Some(dialect) = first
        .as_deref()
        .and_then(|l| Dialect::from_handshake(l.trim()))
    {
        griffon::uci::run(&[], first, dialect)
    } else {
        griffon::xboard::run(&[], first)
    }
}

pub fn search(args: &SearchArgs) -> Result<(), String> {
    let set = variant_set(args.variant_file.as_ref())?;
    let pos = load_position(&set, &args.variant, args.fen.as_deref())?;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut searcher = griffon::search::Searcher::new(&pos, args.memory, stop);
    if let Some(p) = read_params(args.params.as_ref())? {
        searcher.eval = griffon::eval::Evaluator::with_params(pos.rules(), p);
    }
    searcher.set_network(net_choice(args.net.as_deref()).load(pos.rules()));
    searcher.set_threads(args.threads);
    let time = args.time.map(std::time::Duration::from_secs_f64);
    let limits = griffon::search::Limits {
        depth: args.depth,
        nodes: args.nodes,
        soft_time: time,
        hard_time: time,
        multipv: args.multipv,
    };
    let result = searcher.search(&pos, Past::NONE, limits, &mut PrintReporter);
    match result.best {
        Some(m) => write_stdout(&format!(
            "bestmove {}\n",
            griffon::notation::move_text(&pos, m)
        )),
        None => write_stdout("bestmove (none)\n"),
    }
}

/// The `--net` argument's choice (default: each variant's own network).
fn net_choice(arg: Option<&str>) -> griffon::nnue::NetChoice {
    arg.map_or(
        griffon::nnue::NetChoice::Own,
        griffon::nnue::NetChoice::parse,
    )
}

/// Prints iterations the way XBoard shows thinking output.
struct PrintReporter;

impl griffon::search::Reporter for PrintReporter {
    fn iteration(&mut self, root: &Position, info: &griffon::search::Info) {
        let mut pos = root.clone();
        let mut pv = String::new();
        for &m in &info.pv {
            pv.push(' ');
            pv.push_str(&griffon::notation::move_text(&pos, m));
            pos.make(m);
        }
        let line = if info.multipv > 1 {
            format!(" (line {})", info.multipv)
        } else {
            String::new()
        };
        let _ = write_stdout(&format!(
            "{} {} {} {}{line}{pv}\n",
            info.depth,
            griffon::search::xboard_score(info.score),
            info.elapsed.as_millis() / 10,
            info.nodes
        ));
    }
}

pub fn bench(args: &BenchArgs) -> Result<(), String> {
    match args.what.as_str() {
        "search" => return bench_search(),
        "book" => {
            let pgn = std::fs::read_to_string("tests/data/books/chess-games.pgn").map_err(|e| {
                format!("tests/data/books/chess-games.pgn (run from the source tree): {e}")
            })?;
            eprintln!(
                "building a book of 1,000,000 entries, {} runs ...",
                args.runs
            );
            let r = griffon::bench::book_bench(&pgn, 1_000_000, 10_000, args.runs)?;
            return write_stdout(&format!(
                "book of {} entries: lookup {:.0} ns, full probe {:.2} us ({} game positions, {} in the book)\n\
                 book make: {} games in {:.2} s ({} entries kept)\n",
                r.entries,
                r.lookup_ns,
                r.probe_us,
                r.positions,
                r.hits,
                r.games,
                r.make_seconds,
                r.made_entries
            ));
        }
        "perft" => {}
        other => {
            return Err(format!(
                "unknown benchmark '{other}'; try `griffon bench` (search) or `griffon bench perft`"
            ));
        }
    }
    let set = variant_set(None)?;
    let results = griffon::bench::perft_bench(&set, args.runs, args.variant.as_deref(), |r| {
        eprintln!(
            "{} perft {}: run {} took {:.3} s",
            r.variant,
            r.depth,
            r.seconds.len(),
            r.seconds.last().unwrap_or(&0.0)
        );
    })?;
    let mut text = String::from("variant     depth        nodes  median s   nodes/s\n");
    let mut total = 0;
    for r in &results {
        total += r.nodes;
        text.push_str(&format!(
            "{:<11} {:>5} {:>12} {:>9.3} {:>9.0}\n",
            r.variant,
            r.depth,
            r.nodes,
            r.median_seconds(),
            r.nodes_per_second()
        ));
    }
    let secs: f64 = results.iter().map(|r| r.median_seconds()).sum();
    text.push_str(&format!(
        "Total nodes: {total}  nodes/s: {:.0}\n",
        total as f64 / secs.max(1e-9)
    ));
    write_stdout(&text)
}

/// `griffon bench`: node total (deterministic) and speed of fixed searches.
fn bench_search() -> Result<(), String> {
    let set = variant_set(None)?;
    let results = griffon::bench::search_bench(&set, |r| {
        eprintln!(
            "{} depth {}: {} nodes in {:.3} s, best {}",
            r.variant, r.depth, r.nodes, r.seconds, r.best
        );
    })?;
    let mut text = String::from("variant     depth        nodes   seconds   nodes/s  best\n");
    let (mut nodes, mut secs) = (0, 0.0);
    for r in &results {
        nodes += r.nodes;
        secs += r.seconds;
        text.push_str(&format!(
            "{:<11} {:>5} {:>12} {:>9.3} {:>9.0}  {}\n",
            r.variant,
            r.depth,
            r.nodes,
            r.seconds,
            r.nodes as f64 / r.seconds.max(1e-9),
            r.best
        ));
    }
    text.push_str(&format!(
        "Total nodes: {nodes}  nodes/s: {:.0}\n",
        nodes as f64 / secs.max(1e-9)
    ));
    write_stdout(&text)
}

pub fn tune(args: &TuneArgs) -> Result<(), String> {
    use griffon::weights::PARAM_NAMES;
    let set = variant_set(None)?;
    let mut texts = Vec::new();
    for path in &args.pgn {
        texts.push(
            griffon::files::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?,
        );
    }
    let start = read_params(args.params.as_ref())?.unwrap_or_default();
    let mut fixed = Vec::new();
    for name in args.fix.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let i = PARAM_NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("--fix: unknown weight '{name}'"))?;
        fixed.push(i);
    }
    let t = std::time::Instant::now();
    let target = if args.scores_of.is_empty() {
        griffon::tune::Target::Result
    } else {
        if !(0.0..=1.0).contains(&args.lambda) {
            return Err(format!("--lambda {} is not between 0 and 1", args.lambda));
        }
        griffon::tune::Target::Scores {
            engines: args.scores_of.clone(),
            lambda: args.lambda,
        }
    };
    let data = griffon::tune::load(&set, &texts, args.skip, &target);
    eprintln!(
        "{} games ({} skipped), {} positions in {:.1} s",
        data.games,
        data.skipped,
        data.len(),
        t.elapsed().as_secs_f64()
    );
    for (v, n) in data.per_variant() {
        eprintln!("  {v}: {n} positions");
    }
    if data.is_empty() {
        return Err(if args.scores_of.is_empty() {
            "no positions to tune on".into()
        } else {
            format!(
                "no positions to tune on: no move by {} (White or Black tags) \
                 has a search score in its comment",
                args.scores_of.join(", ")
            )
        });
    }
    let tuner = griffon::tune::Tuner::new(&data, args.threads);
    let evals = tuner.evaluations(&start);
    let k = tuner.fit_k(&evals);
    let e0 = tuner.error(k, &evals);
    eprintln!("K = {k:.4}, error {e0:.6}");
    let (p, e) = tuner.local_search(k, start, &fixed, args.rounds, |round, name, v, err| {
        eprintln!("round {round}: {name}={v} error {err:.6}");
    });
    eprintln!("error {e0:.6} -> {e:.6}");
    let text = p.to_string();
    if let Some(out) = &args.out {
        std::fs::write(out, &text).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    }
    write_stdout(&text)
}
