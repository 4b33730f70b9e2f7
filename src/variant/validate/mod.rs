//! Second stage of reading variant files: the raw sections of
//! `ini::parse` become checked [`Variant`]s, with every problem collected
//! instead of stopping at the first.
//!
//! variant file -> `ini::parse` -> inheritance -> key checking -> [`Variant`]
//!
//! Inheritance works on raw settings: a section's entries are laid over its
//! parent's merged settings ([`Spec`]), which is what Fairy-Stockfish does
//! when it parses a child on top of a copy of its parent. Only the merged
//! settings are then turned into a [`Variant`], so an error always points at
//! the line that set the offending value, in whichever file that was.
//!
//! - `inherit`: the batch of sections: file-level settings, duplicate
//!   names, `[name:parent]` resolution (in the batch or among the variants
//!   already loaded, cycles reported), laying a section over its parent's
//!   settings, and aliases.
//! - `check`: one merged [`Spec`] into a [`Variant`]: board, start
//!   position, XBoard information and unknown keys, with `pieces` (piece
//!   types, their XBetza and regions) and `rules` (promotion, double step,
//!   en passant, castling, drops, game end).
//! - `values`: how a single value is read (booleans, numbers, files,
//!   ranks, regions, piece letters, `a:b` pairs) and a bad one reported.
//!
//! This file holds what they share: where a value was written, the merged
//! settings, and how a problem is reported.

mod check;
mod inherit;
mod pieces;
mod rules;
mod values;

use std::collections::BTreeMap;
use std::sync::Arc;

use super::Variant;
use super::error::{ValidationError, ValidationErrorKind as Kind, Warning};
use crate::types::Letter;
use crate::xbetza::Dialect;

pub(crate) use inherit::validate;

/// Where a value was written.
#[derive(Clone, Debug)]
pub(crate) struct Loc {
    file: Arc<str>,
    line: usize,
    section: Arc<str>,
}

#[derive(Clone, Debug)]
struct Setting {
    value: String,
    loc: Loc,
}

/// A piece definition as written, before compilation.
#[derive(Clone, Debug)]
struct PieceSlot {
    key: String,
    letter: Letter,
    /// `None` for predefined names without a Betza (`king = k`, `rook = r`).
    betza: Option<String>,
    dialect: Dialect,
    loc: Loc,
}

/// A variant's settings after inheritance, before checking.
#[derive(Clone, Debug, Default)]
pub(crate) struct Spec {
    settings: BTreeMap<String, Setting>,
    /// In definition order, which becomes the [`Role`](crate::types::Role) order.
    pieces: Vec<PieceSlot>,
}

/// What validating a batch of files produced.
pub(crate) struct Outcome {
    pub variants: Vec<(Variant, Spec)>,
    pub errors: Vec<ValidationError>,
    pub warnings: Vec<Warning>,
    /// Sections that did not become variants, in file order (a malformed
    /// header has no name and is not listed).
    pub skipped: Vec<String>,
}

fn error(loc: &Loc, key: &str, variant: &str, kind: Kind) -> ValidationError {
    ValidationError {
        file: loc.file.to_string(),
        line: loc.line,
        key: key.to_string(),
        variant: variant.to_string(),
        section: loc.section.to_string(),
        kind,
    }
}

fn warning(loc: &Loc, key: &str, message: impl Into<String>) -> Warning {
    Warning {
        file: loc.file.to_string(),
        line: loc.line,
        key: key.to_string(),
        message: message.into(),
    }
}
