//! The learned evaluation: one small network per variant, trained on
//! Griffon's own games.
//!
//! - `features`: the inputs of a variant (piece, colour and square, seen
//!   from each side; counts in hand).
//! - `network`: the quantised weights, the `.nnue` file format, the
//!   output layer.
//! - `accumulator`: the first layer's sums along the search's line, kept
//!   current from what each move changed.
//! - `data`: training samples and their binary file (written by
//!   [`crate::datagen`]'s self-play).
//! - `train`: the trainer (`griffon train`).
//!
//! A variant's network is `nets/VARIANT.nnue`, found where opening books
//! are (see [`crate::files::find_data`]); without one, or with a file
//! that is malformed or made for another variant, the hand-written
//! evaluation plays.

mod accumulator;
pub mod data;
pub mod features;
mod network;
pub mod train;

#[cfg(test)]
mod tests;

pub use accumulator::Accumulators;
pub use features::Layout;
pub use network::{MAX_HIDDEN, NetError, Network, fingerprint};

use crate::position::Rules;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Read the network at `path` for `rules`' variant.
pub fn load(path: &Path, rules: &Rules) -> Result<Network, String> {
    let bytes = crate::files::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Network::from_bytes(&bytes, rules).map_err(|e| format!("{}: {e}", path.display()))
}

/// Where `variant`'s own network would be: `nets/VARIANT.nnue`.
pub fn default_path(variant: &str) -> Option<PathBuf> {
    crate::files::find_data("nets", &format!("{variant}.nnue"))
}

/// The variant's own network if there is a usable one; a file that
/// cannot be used is reported (as a warning) and skipped.
pub fn for_variant(rules: &Rules) -> Option<Arc<Network>> {
    let path = default_path(&rules.variant.name)?;
    match load(&path, rules) {
        Ok(net) => {
            log::info!("evaluation: network {}", path.display());
            Some(Arc::new(net))
        }
        Err(e) => {
            log::warn!("{e}; using the hand-written evaluation");
            None
        }
    }
}

/// Which network an engine evaluates with (`--net`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum NetChoice {
    /// Each variant's own `nets/VARIANT.nnue`, where there is one.
    #[default]
    Own,
    /// The hand-written evaluation everywhere.
    Off,
    /// This file, for the variant it was made for; other variants use
    /// their own.
    File(PathBuf),
}

impl NetChoice {
    /// `none` (or `off`) for no network, else a file.
    pub fn parse(text: &str) -> NetChoice {
        match text {
            "none" | "off" => NetChoice::Off,
            "" | "auto" => NetChoice::Own,
            path => NetChoice::File(PathBuf::from(path)),
        }
    }

    /// The network for `rules`' variant under this choice; files that
    /// cannot be used are reported and skipped.
    pub fn load(&self, rules: &Rules) -> Option<Arc<Network>> {
        match self {
            NetChoice::Own => for_variant(rules),
            NetChoice::Off => None,
            NetChoice::File(path) => match load(path, rules) {
                Ok(net) => Some(Arc::new(net)),
                Err(e) => {
                    log::warn!("{e}; using the variant's own network if any");
                    for_variant(rules)
                }
            },
        }
    }
}
