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
    /// cannot be used are logged and skipped.
    pub fn load(&self, rules: &Rules) -> Option<Arc<Network>> {
        let (net, problem) = self.load_reporting(rules);
        if let Some(problem) = problem {
            log::warn!("{problem}");
        }
        net
    }

    /// As [`NetChoice::load`], with what made a file unusable (for a
    /// front end to show) instead of logging it. A chosen file that does
    /// not suit the variant gives way to the variant's own network.
    pub fn load_reporting(&self, rules: &Rules) -> (Option<Arc<Network>>, Option<String>) {
        let own = || match default_path(&rules.variant.name) {
            None => (None, None),
            Some(path) => match load(&path, rules) {
                Ok(net) => (Some(Arc::new(net)), None),
                Err(e) => (None, Some(e)),
            },
        };
        match self {
            NetChoice::Own => own(),
            NetChoice::Off => (None, None),
            NetChoice::File(path) => match load(path, rules) {
                Ok(net) => (Some(Arc::new(net)), None),
                Err(e) => (own().0, Some(e)),
            },
        }
    }
}
