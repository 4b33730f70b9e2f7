//! The command line of the `griffon` binary (not part of the library):
//! each file holds the arguments of some subcommands and turns what the
//! library returns into text. Diagnostics go to stderr, results to stdout.

pub mod engine;
pub mod learn;
pub mod matches;
pub mod rules;
pub mod tables;

use griffon::position::{Position, Rules};
use griffon::variant::{LoadError, Loaded, VariantError, VariantSet, Warning};
use std::path::PathBuf;

/// Print a command's result; a closed pipe (`griffon ... | head`) is not an error.
pub fn write_stdout(text: &str) -> Result<(), String> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(format!("cannot write output: {e}"))
        }
        _ => Ok(()),
    }
}

pub fn print_warnings(warnings: &[Warning]) {
    warnings.iter().for_each(|w| eprintln!("warning: {w}"));
}

/// Error lines, each once: one fault can be met many times (a FEN letter
/// on every square it stands on).
fn error_lines(errors: &[VariantError]) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for line in errors.iter().map(|e| format!("error: {e}")) {
        if !lines.contains(&line) {
            lines.push(line);
        }
    }
    lines
}

/// All errors of a failed load, one per line, for stderr.
pub fn load_failure(error: &LoadError) -> String {
    print_warnings(&error.warnings);
    format!(
        "variant file rejected\n{}",
        error_lines(&error.errors).join("\n")
    )
}

/// Prints what loading a user's file said (warnings, errors, the sections
/// skipped) to stderr. A file that cannot be read at all is an error.
pub fn report_load(loaded: &Loaded) -> Result<(), String> {
    print_warnings(&loaded.warnings);
    if let Some(e) = loaded
        .errors
        .iter()
        .find(|e| matches!(e, VariantError::Io { .. }))
    {
        return Err(e.to_string());
    }
    error_lines(&loaded.errors)
        .iter()
        .for_each(|l| eprintln!("{l}"));
    if !loaded.skipped.is_empty() {
        eprintln!("not loaded: {}", loaded.skipped.join(", "));
    }
    Ok(())
}

/// The built-in variants and those of `extra`; sections of `extra` with
/// errors are reported and skipped.
pub fn variant_set(extra: Option<&PathBuf>) -> Result<VariantSet, String> {
    let mut set = VariantSet::new();
    let loaded = set.load_builtins().map_err(|e| load_failure(&e))?;
    print_warnings(&loaded.warnings);
    if let Some(path) = extra {
        report_load(&set.load_file(path))?;
    }
    Ok(set)
}

/// Evaluation weights from a file of NAME=VALUE lines (over the
/// defaults), or `None` without a file.
pub fn read_params(path: Option<&PathBuf>) -> Result<Option<griffon::weights::Params>, String> {
    let Some(path) = path else {
        return Ok(None);
    };
    let text = griffon::files::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    griffon::weights::Params::parse(&text)
        .map(Some)
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// The start position of `variant`, or `fen` in it.
pub fn load_position(
    set: &VariantSet,
    variant: &str,
    fen: Option<&str>,
) -> Result<Position, String> {
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
