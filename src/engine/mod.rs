//! What every protocol front end drives the same way: protocol lines read
//! into events ([`input`]) and the search thread with its table and
//! threads ([`think`]). The front ends (`xboard`, `uci`) turn commands
//! into calls on these and results into their own lines.

pub(crate) mod input;
pub(crate) mod think;

pub use input::MAX_LINE;

use crate::variant::{VariantError, VariantSet};

/// The built-in variants and those of `variant_files`. A section with an
/// error is skipped (and logged), not the engine: the GUI still gets every
/// variant that loaded; a file that cannot be read is an error.
pub fn variant_set(variant_files: &[std::path::PathBuf]) -> Result<VariantSet, String> {
    let mut set = VariantSet::builtin().map_err(|e| e.to_string())?;
    for path in variant_files {
        let loaded = set.load_file(path);
        if let Some(e) = loaded
            .errors
            .iter()
            .find(|e| matches!(e, VariantError::Io { .. }))
        {
            return Err(e.to_string());
        }
        for w in &loaded.warnings {
            log::warn!("{w}");
        }
        for e in &loaded.errors {
            log::error!("{e}");
        }
        if !loaded.skipped.is_empty() {
            log::error!(
                "{}: not loaded: {}",
                path.display(),
                loaded.skipped.join(", ")
            );
        }
    }
    Ok(set)
}
