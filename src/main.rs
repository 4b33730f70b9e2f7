//! The `griffon` binary: parses the command line and hands each
//! subcommand to its module in `cli/`, which calls the library and prints
//! what it returns.

mod cli;

use clap::{Parser, Subcommand};
use cli::{engine, learn, matches, rules, tables};
use griffon::uci::Dialect;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "griffon", version, about = "A general chess-variant engine")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// The XBoard/CECP engine on standard input and output (the default:
    /// a bare `griffon` speaks UCI, USI or UCCI if its first line is `uci`,
    /// `usi` or `ucci`).
    Xboard(engine::XboardArgs),
    /// The UCI engine on standard input and output (`UCI_Variant` chooses
    /// the variant).
    Uci(engine::UciArgs),
    /// The USI (shogi) engine, as Fairy-Stockfish speaks it: shogi by
    /// default, `USI_Variant` for minishogi, kyotoshogi and the like;
    /// SFEN positions, moves such as 7g7f, P*5e, 8h2b+.
    Usi(engine::UciArgs),
    /// The UCCI (xiangqi) engine, as Fairy-Stockfish speaks it: xiangqi by
    /// default, `setoption UCI_Variant NAME` for others; ranks 0-9 (h2e2).
    Ucci(engine::UciArgs),
    /// Show where a piece written in XBetza moves, and its compiled legs.
    Betza(rules::BetzaArgs),
    /// List the known variants: name, board size, defining file.
    Variants(rules::VariantsArgs),
    /// Count the leaf nodes of the legal move tree (the last ply is counted
    /// in bulk: the length of the legal move list), or check a perft suite.
    Perft(rules::PerftArgs),
    /// Speed benchmarks with fixed, reference-checked work (`bench perft`).
    Bench(engine::BenchArgs),
    /// Search one position and print each iteration and the best move.
    Search(engine::SearchArgs),
    /// Play a match between XBoard/CECP engines, refereed by Griffon's
    /// rules for the variant as XBoard 4.9 plays it: progress on stderr,
    /// results on stdout.
    Match(matches::MatchArgs),
    /// Fit the evaluation weights to the results of games (Texel's
    /// method: logistic regression of results on the evaluation of quiet
    /// positions), or to an engine's search scores in their comments;
    /// prints the weights as NAME=VALUE lines.
    Tune(engine::TuneArgs),
    /// Self-play at fixed nodes from random openings, writing positions
    /// with their search scores and game results for `train`.
    Datagen(learn::DatagenArgs),
    /// Train a variant's network (nets/VARIANT.nnue) on `datagen`
    /// samples.
    Train(learn::TrainArgs),
    /// Show the value the evaluation gives each piece of a variant and
    /// what it was worked out from (mobility, reach).
    Values(rules::ValuesArgs),
    /// Endgame tablebases: generate a material balance by retrograde
    /// analysis (distance to mate, both sides to move) and check it.
    Tb(tables::TbArgs),
    /// Opening books in XBoard's extended Polyglot format: look up a
    /// position, list a book's entries, make a book from games, merge two.
    Book(tables::BookArgs),
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
        Some(Command::Betza(args)) => rules::betza(&args),
        Some(Command::Variants(args)) => rules::variants(&args),
        Some(Command::Perft(args)) => rules::perft(&args),
        Some(Command::Values(args)) => rules::values(&args),
        Some(Command::Bench(args)) => engine::bench(&args),
        Some(Command::Search(args)) => engine::search(&args),
        Some(Command::Tune(args)) => engine::tune(&args),
        Some(Command::Datagen(args)) => learn::datagen(&args),
        Some(Command::Train(args)) => learn::train(&args),
        None => engine::by_first_line(),
        Some(Command::Uci(args)) => engine::uci(&args, Dialect::Uci),
        Some(Command::Usi(args)) => engine::uci(&args, Dialect::Usi),
        Some(Command::Ucci(args)) => engine::uci(&args, Dialect::Ucci),
        Some(Command::Xboard(args)) => engine::xboard(&args),
        Some(Command::Match(args)) => matches::run_match(&args),
        Some(Command::Tb(args)) => tables::tb(&args),
        Some(Command::Book(args)) => tables::book(&args),
    }
}
