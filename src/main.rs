//! The `griffon` binary: parses the command line and calls the library.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use griffon::variant::{LoadError, VariantSet, Warning};

#[derive(Parser)]
#[command(name = "griffon", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// List the known variants: name, board size, defining file.
    Variants(VariantsArgs),
}

#[derive(Args)]
struct VariantsArgs {
    /// Load and check this variant file; list only its variants.
    #[arg(long)]
    file: Option<PathBuf>,
}

fn main() -> ExitCode {
    env_logger::init();
    match Cli::parse().command {
        Some(Command::Variants(args)) => variants(args),
        // The CECP engine (the default mode) lands in a later issue.
        None => ExitCode::SUCCESS,
    }
}

fn variants(args: VariantsArgs) -> ExitCode {
    let mut set = VariantSet::new();
    match set.load_builtins() {
        Ok(loaded) => print_warnings(&loaded.warnings),
        Err(e) => return report_failure(&e),
    }
    let lines = match &args.file {
        None => set.listing(),
        Some(path) => match set.load_file(path) {
            Ok(loaded) => {
                print_warnings(&loaded.warnings);
                loaded
                    .names
                    .iter()
                    .filter_map(|n| set.get(n))
                    .map(|v| v.listing_line())
                    .collect()
            }
            Err(e) => return report_failure(&e),
        },
    };
    lines.iter().for_each(|line| println!("{line}"));
    ExitCode::SUCCESS
}

fn print_warnings(warnings: &[Warning]) {
    warnings.iter().for_each(|w| eprintln!("warning: {w}"));
}

fn report_failure(error: &LoadError) -> ExitCode {
    print_warnings(&error.warnings);
    error.errors.iter().for_each(|e| eprintln!("error: {e}"));
    ExitCode::FAILURE
}
