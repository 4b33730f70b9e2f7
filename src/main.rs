//! The `griffon` binary: parses the command line and calls the library.

use clap::{Args, Parser, Subcommand};
use griffon::movegen;
use griffon::position::{Position, Rules};
use griffon::variant::{LoadError, VariantSet, Warning};
use griffon::xbetza::{self, DiagramOptions, Dialect};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "griffon", version, about = "A general chess-variant engine")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// The XBoard/CECP engine on standard input and output (the default).
    Xboard(XboardArgs),
    /// Show where a piece written in XBetza moves, and its compiled legs.
    Betza(BetzaArgs),
    /// List the known variants: name, board size, defining file.
    Variants(VariantsArgs),
    /// Count the leaf nodes of the legal move tree (the last ply is counted
    /// in bulk: the length of the legal move list), or check a perft suite.
    Perft(PerftArgs),
    /// Speed benchmarks with fixed, reference-checked work (`bench perft`).
    Bench(BenchArgs),
    /// Search one position and print each iteration and the best move.
    Search(SearchArgs),
    /// Play a match between XBoard/CECP engines, refereed by Griffon's
    /// rules for the variant as XBoard 4.9 plays it: progress on stderr,
    /// results on stdout.
    Match(MatchArgs),
    /// Fit the evaluation weights to the results of games (Texel's
    /// method: logistic regression of results on the evaluation of quiet
    /// positions); prints the weights as NAME=VALUE lines.
    Tune(TuneArgs),
    /// Show the value the evaluation gives each piece of a variant and
    /// what it was worked out from (mobility, reach).
    Values(ValuesArgs),
    /// Endgame tablebases: generate a material balance by retrograde
    /// analysis (distance to mate, both sides to move) and check it.
    Tb(TbArgs),
    /// Opening books in XBoard's extended Polyglot format: look up a
    /// position, list a book's entries, make a book from games, merge two.
    Book(BookArgs),
}

#[derive(Args)]
struct BookArgs {
    #[command(subcommand)]
    action: BookAction,
}

#[derive(Subcommand)]
enum BookAction {
    /// A position's book moves with their weights (default: the start
    /// position), and any entry that is no legal move there.
    Probe(BookProbeArgs),
    /// Every entry of a book: key, move, weight, learn field.
    Dump(BookDumpArgs),
    /// Make a book from games (PGN with `[Variant]` and `[FEN]` tags,
    /// moves in Griffon's notation or SAN), as `polyglot make-book` does:
    /// the same chess PGN gives the same file.
    Make(BookMakeArgs),
    /// Merge two books: all of the first, and the second's positions the
    /// first lacks (as `polyglot merge-book`).
    Merge(BookMergeArgs),
}

#[derive(Args)]
struct BookMakeArgs {
    /// Variant name; games tagged with another variant are skipped.
    #[arg(long, default_value = "normal")]
    variant: String,
    /// The games.
    #[arg(long)]
    pgn: PathBuf,
    /// Count only this many plies of each game.
    #[arg(long = "max-ply", default_value_t = 1024)]
    max_ply: usize,
    /// Keep a move played in at least this many games.
    #[arg(long = "min-games", default_value_t = 3)]
    min_games: u32,
    /// Keep a move that scored at least this many percent for its side.
    #[arg(long = "min-score", default_value_t = 0.0)]
    min_score: f64,
    /// A move's weight: `wins` (2 per win, 1 per draw: Polyglot's),
    /// `games` (games it was played in) or `uniform`.
    #[arg(long, default_value = "wins")]
    weights: String,
    /// Only positions with this side to move: `white` or `black`.
    #[arg(long)]
    only: Option<String>,
    /// The book file to write.
    #[arg(long)]
    out: PathBuf,
    /// Also load variant definitions from this file.
    #[arg(long = "variant-file")]
    variant_file: Option<PathBuf>,
}

#[derive(Args)]
struct BookMergeArgs {
    /// The book that decides where both have a position.
    first: PathBuf,
    second: PathBuf,
    /// The book file to write.
    #[arg(long)]
    out: PathBuf,
}

#[derive(Args)]
struct BookProbeArgs {
    /// The book file.
    book: PathBuf,
    /// Variant name.
    #[arg(long, default_value = "normal")]
    variant: String,
    /// The position (default: the variant's start).
    #[arg(long)]
    fen: Option<String>,
    /// Moves to play from it first, in Griffon's notation or SAN.
    #[arg(long, default_value = "")]
    moves: String,
    /// Also load variant definitions from this file.
    #[arg(long = "variant-file")]
    variant_file: Option<PathBuf>,
}

#[derive(Args)]
struct BookDumpArgs {
    /// The book file.
    book: PathBuf,
    /// The variant whose board size moves are read with (default 8x8
    /// chess).
    #[arg(long, default_value = "normal")]
    variant: String,
    /// Also load variant definitions from this file.
    #[arg(long = "variant-file")]
    variant_file: Option<PathBuf>,
}

#[derive(Args)]
struct TbArgs {
    #[command(subcommand)]
    action: TbAction,
}

#[derive(Subcommand)]
enum TbAction {
    /// Generate a table (and the smaller ones its captures lead to) and
    /// print its statistics: won, drawn and lost positions per side to
    /// move, the longest mate with a position.
    Gen(TbGenArgs),
    /// Generate, then check every value against its successors by a
    /// one-ply lookahead; exit status 1 on any disagreement.
    Verify(TbGenArgs),
    /// Generate the table of a position's material and print the
    /// position's value (win/loss with the distance to mate, or draw) and
    /// its moves, best first.
    Probe(TbProbeArgs),
    /// Read table files and print their statistics (won, drawn and lost
    /// positions per side to move, the longest mate with a FEN), checking
    /// each file's header and checksum.
    Stats(TbStatsArgs),
}

#[derive(Args)]
struct TbStatsArgs {
    /// Variant name.
    #[arg(long, default_value = "normal")]
    variant: String,
    /// Directory of the files.
    #[arg(long)]
    path: PathBuf,
    /// Only this material (default: every table of the variant there).
    #[arg(long)]
    material: Option<String>,
    /// Also load variant definitions from this file.
    #[arg(long = "variant-file")]
    variant_file: Option<PathBuf>,
}

#[derive(Args)]
struct TbProbeArgs {
    /// Variant name.
    #[arg(long, default_value = "normal")]
    variant: String,
    #[arg(long)]
    fen: String,
    /// Read the tables from this directory (as the engine does) instead of
    /// generating the position's table.
    #[arg(long)]
    path: Option<PathBuf>,
    /// Also load variant definitions from this file.
    #[arg(long = "variant-file")]
    variant_file: Option<PathBuf>,
}

#[derive(Args)]
struct TbGenArgs {
    /// Variant name.
    #[arg(long, default_value = "normal")]
    variant: String,
    /// Material in the variant's letters, White's men first: `KQvKR`.
    #[arg(long, required_unless_present = "men")]
    material: Option<String>,
    /// Instead of one material: every material of up to this many men
    /// (pawns included, where tables support them).
    #[arg(long, conflicts_with = "material")]
    men: Option<usize>,
    /// Write each table generated (smaller ones included) into this
    /// directory as VARIANT-MATERIAL.gtb.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Generation threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Also load variant definitions from this file.
    #[arg(long = "variant-file")]
    variant_file: Option<PathBuf>,
}

#[derive(Args)]
struct ValuesArgs {
    /// Variant name.
    #[arg(long, default_value = "normal")]
    variant: String,
    /// Also load variant definitions from this file.
    #[arg(long = "variant-file")]
    variant_file: Option<PathBuf>,
    /// Evaluation weights (NAME=VALUE lines, as `griffon tune` writes them).
    #[arg(long)]
    params: Option<PathBuf>,
}

#[derive(Args)]
struct TuneArgs {
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
    /// Threads for evaluating the positions.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Also write the weights here.
    #[arg(long)]
    out: Option<PathBuf>,
}

#[derive(Args)]
struct MatchArgs {
    /// An engine (give two or more): `cmd=PATH [ARGS...] name=NAME
    /// dir=DIR option.NAME=VALUE cores=N memory=MB`, starting with `cmd=`
    /// (`cores` and `memory` override the match's for this engine). Words after
    /// `cmd=` without `=` are the command's arguments; `cmd=griffon` is
    /// this program.
    #[arg(long = "engine", num_args = 1.., action = clap::ArgAction::Append, required = true)]
    engines: Vec<String>,
    /// Variant (XBoard's name); sent to the engines with `variant`.
    #[arg(long, default_value = "normal")]
    variant: String,
    /// Also load variant definitions from this file.
    #[arg(long)]
    variant_file: Option<PathBuf>,
    /// Games per pairing of engines, in colour-swapped pairs from the same
    /// opening.
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Time control: `40/60` (moves/seconds), `10+0.1` (seconds +
    /// increment), `1:30+1`, `60` (sudden death).
    #[arg(long)]
    tc: Option<String>,
    /// Fixed time per move in seconds (XBoard's `st`).
    #[arg(long)]
    st: Option<f64>,
    /// Fixed search depth (XBoard's `sd`).
    #[arg(long)]
    depth: Option<u32>,
    /// Hash size per engine in MB (`memory`, to engines that take it).
    #[arg(long, default_value_t = 64)]
    memory: u32,
    /// Threads per engine (`cores`, to engines that take it).
    #[arg(long, default_value_t = 1)]
    cores: u32,
    /// Openings: an EPD/FEN file (one position per line) or a PGN file
    /// (`[FEN]` tags and moves in coordinate notation).
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Openings of this many random plies (kept when a short search finds
    /// them within 1.5 pawns of equal); one per pair of games.
    #[arg(long)]
    random_plies: Option<usize>,
    /// Openings from this opening book: book moves picked at random by
    /// weight, up to `--book-plies`; one per pair of games.
    #[arg(long)]
    book: Option<PathBuf>,
    /// Most plies of a book opening.
    #[arg(long = "book-plies", default_value_t = 16)]
    book_plies: usize,
    /// Seed for random and book openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the games here (PGN with [Variant], [FEN] and [SetUp] tags).
    #[arg(long)]
    pgn: Option<PathBuf>,
    /// Write a JSON summary here.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Stop early by a sequential probability ratio test:
    /// `elo0=0,elo1=5[,alpha=0.05,beta=0.05]` (two engines only).
    #[arg(long)]
    sprt: Option<String>,
    /// Adjudication (repeatable): `draw=MOVES,margin=CP[,after=MOVE]`
    /// (both scores within the margin for that many moves each),
    /// `resign=MOVES,score=CP` (both agree a side is that far behind),
    /// `maxmoves=N` (a draw after N moves; default 1000).
    #[arg(long)]
    adjudicate: Vec<String>,
    /// Milliseconds an engine may overstep its clock before it loses on
    /// time.
    #[arg(long, default_value_t = 100)]
    time_margin: u64,
    /// Seconds to wait for a move when no clock bounds it (fixed depth):
    /// an engine silent for longer has hung and loses.
    #[arg(long, default_value_t = 60.0)]
    move_timeout: f64,
}

#[derive(Args)]
struct SearchArgs {
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
    /// Also load variant definitions from this file.
    #[arg(long = "variant-file")]
    variant_file: Option<PathBuf>,
    /// Evaluation weights (NAME=VALUE lines, as `griffon tune` writes
    /// them) in place of the variant's own.
    #[arg(long)]
    params: Option<PathBuf>,
}

#[derive(Args)]
struct BenchArgs {
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
struct PerftArgs {
    /// Variant name (XBoard's, or a Fairy-Stockfish alias such as chess).
    #[arg(long, default_value = "normal")]
    variant: String,
    /// Start from this FEN instead of the variant's start position.
    #[arg(long)]
    fen: Option<String>,
    /// Play these moves (space-separated, coordinate notation) first, to
    /// count from the position they reach.
    #[arg(long)]
    moves: Option<String>,
    /// Depth in plies.
    #[arg(long)]
    depth: Option<u32>,
    /// Print the count below each root move first (`move: count`).
    #[arg(long)]
    divide: bool,
    /// Worker threads, sharing out the root moves.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// A suite file: one `FEN;variant NAME;D1 n;D2 n;...` per line.
    #[arg(long, conflicts_with_all = ["fen", "divide"])]
    suite: Option<PathBuf>,
    /// Suite: skip depths beyond this.
    #[arg(long, default_value_t = u32::MAX)]
    max_depth: u32,
    /// Suite: skip counts larger than this.
    #[arg(long, default_value_t = u64::MAX)]
    max_nodes: u64,
    /// Also load variant definitions from this file.
    #[arg(long = "variant-file")]
    variant_file: Option<PathBuf>,
}

#[derive(Args)]
struct XboardArgs {
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
}

#[derive(Args)]
struct VariantsArgs {
    /// Load and check this variant file; list only its variants.
    #[arg(long)]
    file: Option<PathBuf>,
}

#[derive(Args)]
struct BetzaArgs {
    /// The piece's moves in XBetza, e.g. N, fmWfceFifmnD, KNADcaKmcabK, [F?R].
    xbetza: String,
    /// Board size as WIDTHxHEIGHT.
    #[arg(long, default_value = "8x8")]
    board: String,
    /// Square the piece stands on (default: near the centre).
    #[arg(long)]
    from: Option<String>,
    /// Put a blocking piece on this square (repeatable), to show hoppers and lame leapers.
    #[arg(long = "hurdle")]
    hurdles: Vec<String>,
    /// Show Black's moves instead of White's.
    #[arg(long)]
    black: bool,
    /// Read the string as Fairy-Stockfish does (K = WF, unknown letters dropped).
    #[arg(long)]
    fairy: bool,
}

fn main() -> ExitCode {
    env_logger::init();
    let cli = Cli::parse();
    // The commands run on a thread with the search's stack: `search`,
    // `bench` and the match openings search on the calling thread, and a
    // main thread's stack is small on Windows (1 MB).
    let worker = std::thread::Builder::new()
        .name("griffon".into())
        .stack_size(griffon::search::SEARCH_STACK)
        .spawn(move || run(cli));
    let result = match worker {
        Ok(handle) => handle
            .join()
            .unwrap_or_else(|_| Err("internal error (see the message above)".into())),
        Err(e) => Err(format!("cannot start the main thread: {e}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("griffon: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Some(Command::Betza(args)) => betza(&args),
        Some(Command::Variants(args)) => variants(&args),
        Some(Command::Perft(args)) => perft(&args),
        Some(Command::Bench(args)) => bench(&args),
        Some(Command::Search(args)) => search(&args),
        Some(Command::Match(args)) => run_match(&args),
        Some(Command::Tune(args)) => tune(&args),
        Some(Command::Values(args)) => values(&args),
        Some(Command::Tb(args)) => tb(&args),
        Some(Command::Book(args)) => book(&args),
        None => griffon::xboard::run(&[]),
        Some(Command::Xboard(args)) => xboard(&args),
    }
}

fn betza(args: &BetzaArgs) -> Result<(), String> {
    let (width, height) =
        xbetza::parse_board_size(&args.board).map_err(|e| format!("--board: {e}"))?;
    let from = match &args.from {
        Some(s) => xbetza::parse_square(s, width, height).map_err(|e| format!("--from: {e}"))?,
        None => ((width - 1) / 2, (height - 1) / 2),
    };
    let mut hurdles = Vec::new();
    for h in &args.hurdles {
        let sq = xbetza::parse_square(h, width, height).map_err(|e| format!("--hurdle: {e}"))?;
        if sq == from {
            return Err(format!("--hurdle {h}: the piece stands there"));
        }
        hurdles.push(sq);
    }
    let dialect = if args.fairy {
        Dialect::FairyStockfish
    } else {
        Dialect::XBoard
    };
    let moves = xbetza::compile(&args.xbetza, dialect).map_err(|e| e.to_string())?;
    for w in &moves.warnings {
        eprintln!("warning: character {}: {}", w.position + 1, w.message);
    }
    let opts = DiagramOptions {
        width,
        height,
        from,
        hurdles,
        black: args.black,
    };
    let (mut text, counts) = xbetza::diagram(&moves, &opts);
    text.push_str(&format!(
        "{} targets ({} move, {} capture) from {}\n",
        counts.targets,
        counts.quiet,
        counts.capture,
        xbetza::square_name(from)
    ));
    text.push_str(&format!("{} compiled moves:\n", moves.moves.len()));
    for (i, m) in moves.moves.iter().enumerate() {
        text.push_str(&format!("{:>4}: {}\n", i + 1, xbetza::describe_move(m)));
    }
    write_stdout(&text)
}

/// Print a command's result; a closed pipe (`griffon ... | head`) is not an error.
fn write_stdout(text: &str) -> Result<(), String> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(format!("cannot write output: {e}"))
        }
        _ => Ok(()),
    }
}

fn variants(args: &VariantsArgs) -> Result<(), String> {
    let mut set = VariantSet::new();
    let loaded = set.load_builtins().map_err(|e| load_failure(&e))?;
    print_warnings(&loaded.warnings);
    let lines: Vec<String> = match &args.file {
        None => set.listing(),
        Some(path) => {
            let loaded = set.load_file(path).map_err(|e| load_failure(&e))?;
            print_warnings(&loaded.warnings);
            // Loading checks the file; building the rules checks what only
            // the tables show (a board too big once padded, more drops
            // than a move list holds), which a designer wants to hear now
            // rather than when the variant is first played.
            let faults: Vec<String> = loaded
                .names
                .iter()
                .filter_map(|n| Some((n, Rules::new(set.get(n)?.clone()).err()?)))
                .map(|(n, e)| format!("error: {n}: {e}"))
                .collect();
            if !faults.is_empty() {
                return Err(format!("variant file rejected\n{}", faults.join("\n")));
            }
            loaded
                .names
                .iter()
                .filter_map(|n| set.get(n))
                .map(|v| v.listing_line())
                .collect()
        }
    };
    let mut text = lines.join("\n");
    text.push('\n');
    write_stdout(&text)
}

fn print_warnings(warnings: &[Warning]) {
    warnings.iter().for_each(|w| eprintln!("warning: {w}"));
}

/// All errors of a failed load, one per line, for stderr.
fn load_failure(error: &LoadError) -> String {
    print_warnings(&error.warnings);
    // One fault can be met many times (a FEN letter on every square it
    // stands on): say each once.
    let mut lines: Vec<String> = Vec::new();
    for line in error.errors.iter().map(|e| format!("error: {e}")) {
        if !lines.contains(&line) {
            lines.push(line);
        }
    }
    format!("variant file rejected\n{}", lines.join("\n"))
}

fn variant_set(extra: Option<&PathBuf>) -> Result<VariantSet, String> {
    let mut set = VariantSet::new();
    let loaded = set.load_builtins().map_err(|e| load_failure(&e))?;
    print_warnings(&loaded.warnings);
    if let Some(path) = extra {
        let loaded = set.load_file(path).map_err(|e| load_failure(&e))?;
        print_warnings(&loaded.warnings);
    }
    Ok(set)
}

fn perft(args: &PerftArgs) -> Result<(), String> {
    let set = variant_set(args.variant_file.as_ref())?;
    if let Some(path) = &args.suite {
        return perft_suite(args, &set, path);
    }
    let depth = args.depth.ok_or("--depth is required (or give --suite)")?;
    let mut pos = load_position(&set, &args.variant, args.fen.as_deref())?;
    if let Some(moves) = &args.moves {
        let mut game = griffon::game::Game::new(pos);
        for text in moves.split_whitespace() {
            let m = game
                .parse_move(text)
                .map_err(|e| format!("move {text}: {e}"))?;
            game.play(m);
        }
        pos = game.position().clone();
    }
    let started = std::time::Instant::now();
    let divided =
        movegen::perft_divide(&pos, depth, args.threads.max(1)).map_err(|e| e.to_string())?;
    let nodes: u64 = if depth == 0 {
        1
    } else {
        divided.iter().map(|(_, n)| n).sum()
    };
    let mut text = String::new();
    if args.divide {
        for (m, n) in &divided {
            text.push_str(&format!(
                "{}: {n}\n",
                griffon::notation::move_text(&pos, *m)
            ));
        }
    }
    text.push_str(&format!("Nodes: {nodes}\n"));
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "{nodes} nodes in {secs:.3} s ({:.0} nodes/s)",
        nodes as f64 / secs.max(1e-9)
    );
    write_stdout(&text)
}

fn perft_suite(args: &PerftArgs, set: &VariantSet, path: &std::path::Path) -> Result<(), String> {
    let text =
        griffon::files::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut cache = std::collections::HashMap::new();
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut out = String::new();
    for (n, line) in text.lines().enumerate() {
        let Some(parsed) = movegen::PerftSuiteLine::parse(line) else {
            continue;
        };
        let result = parsed.and_then(|l| {
            eprintln!("line {}: {} ({})", n + 1, l.fen, l.variant);
            movegen::check_suite_line(
                &l,
                set,
                &mut cache,
                args.max_depth,
                args.max_nodes,
                args.threads.max(1),
            )
        });
        match result {
            Ok((checked, failures)) => {
                failed += failures.len();
                passed += checked - failures.len();
                for f in failures {
                    out.push_str(&format!("FAIL line {}: {f}\n", n + 1));
                }
            }
            Err(e) => {
                failed += 1;
                out.push_str(&format!("FAIL line {}: {e}\n", n + 1));
            }
        }
    }
    out.push_str(&format!("{passed} passed, {failed} failed\n"));
    write_stdout(&out)?;
    if failed > 0 {
        Err(format!("{failed} perft counts failed"))
    } else {
        Ok(())
    }
}

fn bench(args: &BenchArgs) -> Result<(), String> {
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

/// Evaluation weights from a file of NAME=VALUE lines (over the
/// defaults), or `None` without a file.
fn read_params(path: Option<&PathBuf>) -> Result<Option<griffon::weights::Params>, String> {
    let Some(path) = path else {
        return Ok(None);
    };
    let text = griffon::files::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    griffon::weights::Params::parse(&text)
        .map(Some)
        .map_err(|e| format!("{}: {e}", path.display()))
}

fn values(args: &ValuesArgs) -> Result<(), String> {
    let set = variant_set(args.variant_file.as_ref())?;
    let pos = load_position(&set, &args.variant, None)?;
    let rules = pos.rules();
    let eval = griffon::eval::Evaluator::with_optional(rules, read_params(args.params.as_ref())?);
    let mut out = format!(
        "{:<16} {:<6} {:>6} {:>6} {:>6}  note\n",
        "piece", "letter", "value", "m0", "m5"
    );
    for (r, piece) in rules.variant.pieces.iter().enumerate() {
        let role = griffon::types::Role(r as u8);
        let st = eval.stats(role);
        let mut notes = Vec::new();
        if rules.royal[r] {
            notes.push("royal".to_string());
        }
        if rules.promotes[0][r] || rules.promotes[1][r] {
            notes.push("promotes: valued by what it becomes".to_string());
        }
        if st.colour_bound {
            notes.push("colour-bound".to_string());
        }
        if let Some(reach) = st.reach.filter(|&x| x < 0.5 - 1e-9) {
            notes.push(format!("reaches {:.1} % of the board", 100.0 * reach));
        }
        out.push_str(&format!(
            "{:<16} {:<6} {:>6} {:>6.2} {:>6.2}  {}\n",
            piece.name,
            piece.letter.to_string(),
            eval.value(role),
            st.empty_board,
            st.half_full,
            notes.join(", ")
        ));
    }
    out.push_str(
        "value: centipawns; m0 / m5: distinct moves on an empty / half-full board, averaged over the squares\n",
    );
    write_stdout(&out)
}

fn tb_probe(a: &TbProbeArgs) -> Result<(), String> {
    use griffon::notation::move_text;
    use griffon::tablebase::{Generator, placement, rank_generated};
    let set = variant_set(a.variant_file.as_ref())?;
    let pos = load_position(&set, &a.variant, Some(&a.fen))?;
    let rules = pos.rules().clone();
    if let Some(dir) = &a.path {
        return tb_probe_files(pos, dir);
    }
    let (material, squares) = placement(&pos).map_err(|e| e.to_string())?;
    let mut generator = Generator::new(rules.clone()).map_err(|e| e.to_string())?;
    let table = generator.table(&material).map_err(|e| e.to_string())?;
    let mut out = format!(
        "{}: {}\n",
        table.name,
        table.probe(&squares, pos.side_to_move())
    );
    let mut pos = pos;
    let rows = rank_generated(&mut generator, &mut pos).map_err(|e| e.to_string())?;
    if let Some((best, _)) = rows.first() {
        out.push_str(&format!("best move: {}\n", move_text(&pos, *best)));
    }
    for (m, v) in rows {
        out.push_str(&format!("  {}: opponent's {v}\n", move_text(&pos, m)));
    }
    write_stdout(&out)
}

/// `tb probe --path`: the position's value from the files, as the engine
/// reads them (Black to move by a one-ply lookahead), and each legal move
/// with the value it leads to, best first.
fn tb_probe_files(mut pos: Position, dir: &std::path::Path) -> Result<(), String> {
    use griffon::tablebase::probe::{Hit, Tablebases};
    use griffon::tablebase::{Reply, rank_moves};
    let rules = pos.rules().clone();
    let (tb, warnings) = Tablebases::open(dir, &rules);
    for w in warnings {
        eprintln!("{w}");
    }
    // Plies to moves of the side to move, as the generator counts them.
    let describe = |hit: Hit| match hit {
        Hit::Win(p) => format!("win, mate in {} (WDL win, DTM {p} plies)", p.div_ceil(2)),
        Hit::Loss(0) => "loss, mated (WDL loss)".to_string(),
        Hit::Loss(p) => format!("loss, mated in {} (WDL loss, DTM {p} plies)", p / 2),
        Hit::Draw => "draw (WDL draw)".to_string(),
    };
    let moves = griffon::movegen::legal_moves(&mut pos);
    let value = match tb.probe(&mut pos) {
        Some(hit) => describe(hit),
        None if moves.is_empty() && pos.in_check(pos.side_to_move()) => describe(Hit::Loss(0)),
        None if moves.is_empty() => "no legal move (stalemate)".to_string(),
        None => {
            return Err(format!(
                "no table in {} covers this position (or a position after one of its moves)",
                dir.display()
            ));
        }
    };
    let rows: Vec<(String, String)> = rank_moves(&tb, &mut pos)
        .into_iter()
        .map(|(m, reply)| {
            let what = match reply {
                Reply::Table(hit) => describe(hit),
                Reply::Mated => describe(Hit::Loss(0)),
                Reply::Stalemate => "stalemate".to_string(),
                Reply::Unknown => "not in the tables".to_string(),
            };
            (griffon::notation::move_text(&pos, m), what)
        })
        .collect();
    let mut out = format!("{value}\n");
    if let Some((best, _)) = rows.first() {
        out.push_str(&format!("best move: {best}\n"));
    }
    for (text, what) in rows {
        out.push_str(&format!("  {text}: opponent's {what}\n"));
    }
    write_stdout(&out)
}

fn tb_stats(a: &TbStatsArgs) -> Result<(), String> {
    let set = variant_set(a.variant_file.as_ref())?;
    let pos = load_position(&set, &a.variant, None)?;
    let rules = pos.rules().clone();
    let listing = griffon::tablebase::list_tables(&a.path, &rules, a.material.as_deref())
        .map_err(|e| e.to_string())?;
    for (path, e) in &listing.unreadable {
        eprintln!("{}: {e}", path.display());
    }
    write_stdout(&listing.text())?;
    if !listing.unreadable.is_empty() {
        return Err(format!(
            "{} files could not be read",
            listing.unreadable.len()
        ));
    }
    Ok(())
}

fn tb(args: &TbArgs) -> Result<(), String> {
    use griffon::tablebase::{Generator, Material};
    let a = match &args.action {
        TbAction::Gen(a) | TbAction::Verify(a) => a,
        TbAction::Probe(a) => return tb_probe(a),
        TbAction::Stats(a) => return tb_stats(a),
    };
    let set = variant_set(a.variant_file.as_ref())?;
    let pos = load_position(&set, &a.variant, None)?;
    let rules = pos.rules().clone();
    let mut generator = Generator::new(rules.clone()).map_err(|e| e.to_string())?;
    generator.progress = Some(Box::new(|line: &str| eprintln!("{line}")));
    if let Some(t) = a.threads {
        generator.threads = t.max(1);
    }
    let materials = match (&a.material, a.men) {
        (Some(m), _) => vec![Material::parse(&rules, m).map_err(|e| e.to_string())?],
        (None, Some(n)) => generator.materials(n),
        (None, None) => return Err("give --material or --men".into()),
    };
    let start = std::time::Instant::now();
    let mut table = None;
    for (k, material) in materials.iter().enumerate() {
        if materials.len() > 1 {
            eprintln!(
                "[{}/{}] {} ({:.0} s)",
                k + 1,
                materials.len(),
                material.name(&rules),
                start.elapsed().as_secs_f64()
            );
        }
        table = Some(generator.table(material).map_err(|e| e.to_string())?);
    }
    let Some(table) = table else {
        return Err("no material to generate".into());
    };
    if let Some(dir) = &a.out {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let mut tables: Vec<_> = generator.tables().cloned().collect();
        tables.sort_by_key(|t| (t.material.men.len(), t.name.clone()));
        for t in tables {
            let (path, bytes) =
                griffon::tablebase::file::write(&t, &rules, dir).map_err(|e| e.to_string())?;
            eprintln!(
                "wrote {} ({} bytes, {:.2} bits per position)",
                path.display(),
                bytes,
                bytes as f64 * 8.0 / (2.0 * t.compact.size as f64)
            );
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let mut out = table.summary(&rules.variant.name);
    out.push_str(&format!(
        "generated in {seconds:.2} s (with its smaller tables)\n"
    ));
    if let TbAction::Verify(_) = &args.action {
        let (checked, bad) = table.verify();
        out.push_str(&griffon::tablebase::verify_report(checked, &bad));
        write_stdout(&out)?;
        if !bad.is_empty() {
            return Err("verification failed".into());
        }
        return Ok(());
    }
    write_stdout(&out)
}

fn xboard(args: &XboardArgs) -> Result<(), String> {
    griffon::xboard::run_with(
        &args.variant_files,
        read_params(args.params.as_ref())?,
        args.tb_path.clone(),
    )
}

fn tune(args: &TuneArgs) -> Result<(), String> {
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
    let data = griffon::tune::load(&set, &texts, args.skip);
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
        return Err("no positions to tune on".into());
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
        let _ = write_stdout(&format!(
            "{} {} {} {}{pv}\n",
            info.depth,
            griffon::search::xboard_score(info.score),
            info.elapsed.as_millis() / 10,
            info.nodes
        ));
    }
}

fn search(args: &SearchArgs) -> Result<(), String> {
    let set = variant_set(args.variant_file.as_ref())?;
    let pos = load_position(&set, &args.variant, args.fen.as_deref())?;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut searcher = griffon::search::Searcher::new(&pos, args.memory, stop);
    if let Some(p) = read_params(args.params.as_ref())? {
        searcher.eval = griffon::eval::Evaluator::with_params(pos.rules(), p);
    }
    searcher.set_threads(args.threads);
    let time = args.time.map(std::time::Duration::from_secs_f64);
    let limits = griffon::search::Limits {
        depth: args.depth,
        nodes: args.nodes,
        soft_time: time,
        hard_time: time,
    };
    let result = searcher.search(&pos, &[], limits, &mut PrintReporter);
    match result.best {
        Some(m) => write_stdout(&format!(
            "bestmove {}\n",
            griffon::notation::move_text(&pos, m)
        )),
        None => write_stdout("bestmove (none)\n"),
    }
}

/// The start position of `variant`, or `fen` in it.
fn book(args: &BookArgs) -> Result<(), String> {
    use griffon::book::{Book, BookHasher, XBoardState, book_moves, code_text};
    match &args.action {
        BookAction::Probe(a) => {
            let set = variant_set(a.variant_file.as_ref())?;
            let pos = load_position(&set, &a.variant, a.fen.as_deref())?;
            let mut xboard = match a.fen.as_deref() {
                Some(fen) => XBoardState::from_fen(&pos, fen),
                None => XBoardState::at_start(&pos),
            };
            let mut game = griffon::game::Game::new(pos);
            for text in a.moves.split_whitespace() {
                let m = game
                    .parse_any(text)
                    .map_err(|e| format!("move '{text}': {e}"))?;
                xboard.play(game.position(), m);
                game.play(m);
            }
            let mut scratch = game.position().clone();
            let pos = game.position();
            let hasher = BookHasher::new(&pos.rules().variant).map_err(|e| e.to_string())?;
            let book = Book::load(&a.book).map_err(|e| e.to_string())?;
            let Some(key) = hasher.key(pos, &xboard) else {
                return Err("this position has a piece XBoard's piece table lacks: no key".into());
            };
            println!("key {key:016x}");
            let found = book_moves(&book, &hasher, &mut scratch, &xboard);
            let total: u32 = found.moves.iter().map(|(_, e)| u32::from(e.weight)).sum();
            for (m, e) in &found.moves {
                let share = if total > 0 {
                    100.0 * f64::from(e.weight) / f64::from(total)
                } else {
                    0.0
                };
                println!(
                    "{:<10} weight {:5} ({share:5.1} %) learn {}",
                    griffon::notation::move_text(pos, *m),
                    e.weight,
                    e.learn
                );
            }
            for e in &found.illegal {
                println!(
                    "not legal here, ignored: code {:#06x} ({}) weight {}",
                    e.mv,
                    code_text(&pos.rules().variant, e.mv),
                    e.weight
                );
            }
            if found.moves.is_empty() && found.illegal.is_empty() {
                println!("not in the book");
            }
            Ok(())
        }
        BookAction::Make(a) => book_make(a),
        BookAction::Merge(a) => {
            let first = Book::load(&a.first).map_err(|e| e.to_string())?;
            let second = Book::load(&a.second).map_err(|e| e.to_string())?;
            let merged = griffon::book::merge(&first, &second);
            write_book(&a.out, &merged)?;
            println!(
                "{} entries ({} from the first book, {} from the second)",
                merged.len(),
                first.len(),
                merged.len() - first.len()
            );
            Ok(())
        }
        BookAction::Dump(a) => {
            let set = variant_set(a.variant_file.as_ref())?;
            let v = set
                .get(&a.variant)
                .ok_or_else(|| format!("unknown variant '{}'", a.variant))?;
            let book = Book::load(&a.book).map_err(|e| e.to_string())?;
            // A dump is often cut short by a pager or `head`: a closed
            // pipe ends it quietly.
            use std::io::Write;
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            for e in book.entries() {
                let line = writeln!(
                    out,
                    "{:016x} {:<8} weight {:5} learn {}",
                    e.key,
                    code_text(v, e.mv),
                    e.weight,
                    e.learn
                );
                if line.is_err() {
                    return Ok(());
                }
            }
            if out.flush().is_ok() {
                eprintln!("{} entries", book.len());
            }
            Ok(())
        }
    }
}

/// Writes a book through a temporary file renamed into place, so that a
/// failure midway never leaves a damaged book where a good one was.
fn write_book(path: &std::path::Path, book: &griffon::book::Book) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, book.to_bytes()).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

fn book_make(a: &BookMakeArgs) -> Result<(), String> {
    use griffon::book::{BookMaker, MakeOptions, Weights};
    let set = variant_set(a.variant_file.as_ref())?;
    let v = set
        .get(&a.variant)
        .ok_or_else(|| format!("unknown variant '{}'", a.variant))?;
    let rules = Rules::new(v.clone()).map_err(|e| e.to_string())?;
    let weights = match a.weights.as_str() {
        "wins" => Weights::Wins,
        "games" => Weights::Games,
        "uniform" => Weights::Uniform,
        w => return Err(format!("--weights {w}: give wins, games or uniform")),
    };
    let only = match a.only.as_deref() {
        None => None,
        Some("white") => Some(griffon::types::Color::White),
        Some("black") => Some(griffon::types::Color::Black),
        Some(o) => return Err(format!("--only {o}: give white or black")),
    };
    let options = MakeOptions {
        max_ply: a.max_ply,
        min_games: a.min_games,
        min_score: a.min_score / 100.0,
        weights,
        only,
    };
    let bytes = griffon::files::read(&a.pgn).map_err(|e| format!("{}: {e}", a.pgn.display()))?;
    let text = String::from_utf8_lossy(&bytes);
    let start = std::time::Instant::now();
    let mut maker = BookMaker::new(rules, options).map_err(|e| e.to_string())?;
    for game in griffon::notation::pgn::read_games(&text) {
        maker.add(&game);
    }
    let (book, report) = maker.finish();
    for (game, why) in &report.errors {
        eprintln!("game {game}: {why} (rest of the game skipped)");
    }
    write_book(&a.out, &book)?;
    println!(
        "{} games ({} of another variant, {} cut short), {} moves counted, {} entries written to {} in {:.2} s",
        report.games,
        report.other_variant,
        report.errors.len(),
        report.counted,
        report.kept,
        a.out.display(),
        start.elapsed().as_secs_f64()
    );
    if report.unbookable > 0 {
        println!(
            "{} moves left out: no XBoard book code (gating) or key",
            report.unbookable
        );
    }
    Ok(())
}

fn load_position(set: &VariantSet, variant: &str, fen: Option<&str>) -> Result<Position, String> {
    let v = set
        .get(variant)
        .ok_or_else(|| format!("unknown variant '{variant}'"))?;
    let rules = Rules::new(v.clone()).map_err(|e| e.to_string())?;
    match fen {
        Some(fen) => Position::from_fen(rules, fen),
        None => Position::start(rules),
    }
    .map_err(|e| format!("bad position: {e}"))
}

fn run_match(args: &MatchArgs) -> Result<(), String> {
    use griffon::arena::{self, engine::EngineSpec, play};
    use griffon::search::TimeControl;
    let set = variant_set(args.variant_file.as_ref())?;
    let variant = set
        .get(&args.variant)
        .ok_or_else(|| format!("unknown variant '{}'", args.variant))?
        .clone();
    // The engines play by XBoard's rules (Griffon too, in XBoard mode), so
    // the referee judges by them: no makruk counting, no courier bare
    // king, where XBoard 4.9 has none.
    let variant = match griffon::xboard::as_xboard_referees(&variant) {
        Some(v) => std::sync::Arc::new(v),
        None => variant,
    };
    // Each engine's words start at its `cmd=`.
    let mut groups: Vec<Vec<String>> = Vec::new();
    for w in &args.engines {
        match groups.last_mut() {
            Some(g) if !w.starts_with("cmd=") => g.push(w.clone()),
            _ => groups.push(vec![w.clone()]),
        }
    }
    let mut engines = Vec::new();
    for words in &groups {
        let mut spec = EngineSpec::parse(words).map_err(|e| format!("--engine: {e}"))?;
        // `cmd=griffon`: this very program, wherever it was started from.
        if spec.cmd == "griffon"
            && let Ok(me) = std::env::current_exe()
        {
            spec.cmd = me.to_string_lossy().into_owned();
        }
        // Names tell the engines apart in the PGN and the table.
        let base = spec.name.clone();
        let mut n = 2;
        while engines.iter().any(|e: &EngineSpec| e.name == spec.name) {
            spec.name = format!("{base} ({n})");
            n += 1;
        }
        engines.push(spec);
    }
    let tc = args
        .tc
        .as_deref()
        .map(TimeControl::parse)
        .transpose()
        .map_err(|e| format!("--tc: {e}"))?;
    let move_time = match args.st {
        Some(t) if !(t.is_finite() && t > 0.0) => return Err("--st: give seconds above 0".into()),
        Some(t) => Some(std::time::Duration::from_secs_f64(t)),
        None => None,
    };
    if tc.is_none() && move_time.is_none() && args.depth.is_none() {
        return Err(
            "give a time control (--tc), a time per move (--st) or a depth (--depth)".into(),
        );
    }
    // A game that runs past 1000 moves is stopped as a draw unless
    // `--adjudicate maxmoves=N` says otherwise: engines may shuffle on for
    // ever where the rules end nothing.
    let mut adjudication = play::Adjudication {
        max_plies: Some(2000),
        ..play::Adjudication::default()
    };
    for a in &args.adjudicate {
        parse_adjudication(a, &mut adjudication).map_err(|e| format!("--adjudicate {a}: {e}"))?;
    }
    let rules = Rules::new(variant.clone()).map_err(|e| e.to_string())?;
    let mut openings = match &args.openings {
        Some(path) => arena::openings::read_file(&path.to_string_lossy())?,
        None => Vec::new(),
    };
    if let Some(plies) = args.random_plies {
        let mut rng = arena::openings::Rng(args.seed);
        let count = args.games.div_ceil(2).max(1);
        openings = arena::openings::random(&rules, count, plies, &mut rng, 150)?;
    }
    if let Some(path) = &args.book {
        let book = griffon::book::Book::load(path).map_err(|e| e.to_string())?;
        let mut rng = arena::openings::Rng(args.seed);
        let count = args.games.div_ceil(2).max(1);
        openings = arena::openings::from_book(&rules, &book, count, args.book_plies, &mut rng)?;
    }
    if !(args.move_timeout.is_finite() && args.move_timeout > 0.0) {
        return Err("--move-timeout: give seconds above 0".into());
    }
    let config = arena::MatchConfig {
        engines,
        variant: variant.clone(),
        games: args.games,
        concurrency: args.concurrency.max(1),
        settings: play::GameSettings {
            variant: variant.xboard.name.clone(),
            tc,
            move_time,
            depth: args.depth,
            memory: args.memory,
            cores: args.cores.max(1),
            time_margin: std::time::Duration::from_millis(args.time_margin),
            move_timeout: std::time::Duration::from_secs_f64(args.move_timeout),
            adjudication,
        },
        openings,
        pgn: args.pgn.as_ref().map(|p| p.to_string_lossy().into_owned()),
        json: args.json.as_ref().map(|p| p.to_string_lossy().into_owned()),
        sprt: args
            .sprt
            .as_deref()
            .map(arena::stats::parse_sprt)
            .transpose()
            .map_err(|e| format!("--sprt: {e}"))?,
        start_timeout: std::time::Duration::from_secs(10),
    };
    arena::run(&config).map(|_| ())
}

/// One `--adjudicate` value into the settings.
fn parse_adjudication(
    text: &str,
    a: &mut griffon::arena::play::Adjudication,
) -> Result<(), String> {
    let mut kind = None;
    for part in text.split(',') {
        let (k, v) = part
            .split_once('=')
            .ok_or_else(|| format!("'{part}' is not KEY=VALUE"))?;
        let n: i64 = v
            .trim()
            .parse()
            .map_err(|_| format!("'{v}' is not a whole number"))?;
        if !(0..=100_000).contains(&n) {
            return Err(format!("'{v}' is out of range"));
        }
        let n32 = n as u32;
        match k.trim() {
            "draw" => {
                a.draw_plies = Some(2 * n32.max(1));
                kind = Some("draw");
            }
            "margin" => a.draw_margin = n as i32,
            "after" => a.draw_after = n32,
            "resign" => {
                a.resign_plies = Some(2 * n32.max(1));
                kind = Some("resign");
            }
            "score" => a.resign_score = n as i32,
            "maxmoves" => {
                a.max_plies = Some(2 * n32.max(1));
                kind = Some("maxmoves");
            }
            other => return Err(format!("unknown key '{other}'")),
        }
    }
    match kind {
        Some("resign") if a.resign_score <= 0 => Err("resign needs score=CP above 0".into()),
        Some(_) => Ok(()),
        None => Err("say draw=, resign= or maxmoves=".into()),
    }
}
