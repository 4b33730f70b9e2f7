//! The registry of known variants: the built-in files plus any loaded at run
//! time, looked up by name or alias.

use std::path::Path;
use std::sync::Arc;

use super::error::{LoadError, VariantError, Warning};
use super::validate::{self, Spec};
use super::{Variant, builtin, ini};
use crate::xbetza::{self, BetzaError, Dialect, PieceMoves};

/// The XBetza compiler validation uses. Normally [`xbetza::compile`]; tests
/// pass their own to check the variant rules independently of the compiler.
pub type Compiler = fn(&str, Dialect) -> Result<PieceMoves, BetzaError>;

#[derive(Clone)]
pub(crate) struct Entry {
    pub variant: Arc<Variant>,
    /// Merged settings, kept so that later files can inherit from the variant.
    pub spec: Spec,
}

/// What a load added, and what it could not.
#[derive(Debug, Default)]
pub struct Loaded {
    /// Names of the new variants, in file order.
    pub names: Vec<String>,
    pub warnings: Vec<Warning>,
    /// Why sections were skipped (or a file could not be read).
    pub errors: Vec<VariantError>,
    /// Names of the sections that were not loaded, in file order.
    pub skipped: Vec<String>,
}

impl Loaded {
    /// The load as all or nothing, for files that must be right (the
    /// built-ins, a test's fixture): `Err` if anything was skipped.
    pub fn strict(self) -> Result<Loaded, LoadError> {
        if self.errors.is_empty() {
            Ok(self)
        } else {
            Err(LoadError {
                errors: self.errors,
                warnings: self.warnings,
            })
        }
    }
}

/// Known variants. A section with an error is reported and skipped; the
/// rest of its file loads, as in Fairy-Stockfish. Cloning shares the
/// variants (they are behind `Arc`).
#[derive(Clone)]
pub struct VariantSet {
    /// Sorted by name.
    entries: Vec<Entry>,
    compiler: Compiler,
}

impl std::fmt::Debug for VariantSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.iter().map(|v| &v.name))
            .finish()
    }
}

impl Default for VariantSet {
    fn default() -> Self {
        VariantSet::new()
    }
}

impl VariantSet {
    /// An empty set using the real XBetza compiler.
    pub fn new() -> VariantSet {
        VariantSet::with_compiler(xbetza::compile)
    }

    pub fn with_compiler(compiler: Compiler) -> VariantSet {
        VariantSet {
            entries: Vec::new(),
            compiler,
        }
    }

    /// The built-in variants. An error here is a bug in `variants/`.
    pub fn builtin() -> Result<VariantSet, LoadError> {
        let mut set = VariantSet::new();
        set.load_builtins()?;
        Ok(set)
    }

    /// Adds the embedded `variants/*.ini` files (validated together, so they
    /// may inherit from each other). Any error is a bug in `variants/`.
    pub fn load_builtins(&mut self) -> Result<Loaded, LoadError> {
        let files = builtin::FILES
            .iter()
            .map(|&(name, text)| (format!("{}/{name}", builtin::DIR), text));
        self.load_texts(files).strict()
    }

    /// Adds the variants of one file read from disk.
    pub fn load_file(&mut self, path: impl AsRef<Path>) -> Loaded {
        let path = path.as_ref();
        let name = path.display().to_string();
        match crate::files::read_to_string(path) {
            Ok(text) => self.load_str(&name, &text),
            Err(error) => Loaded {
                errors: vec![VariantError::Io { path: name, error }],
                ..Loaded::default()
            },
        }
    }

    /// Adds the variants of `text`; `file_name` is used in messages.
    pub fn load_str(&mut self, file_name: &str, text: &str) -> Loaded {
        self.load_texts([(file_name.to_string(), text)])
    }

    /// Adds a batch of `(file name, text)`; sections may inherit across the
    /// batch. Sections with errors (their own or a parent's) are skipped.
    pub fn load_texts<'t>(&mut self, files: impl IntoIterator<Item = (String, &'t str)>) -> Loaded {
        let parsed: Vec<_> = files
            .into_iter()
            .map(|(name, text)| ini::parse(&name, text))
            .collect();
        let outcome = validate::validate(&parsed, self, self.compiler);
        let mut errors: Vec<VariantError> = Vec::new();
        for file in &parsed {
            errors.extend(file.errors.iter().cloned().map(VariantError::Syntax));
        }
        errors.extend(outcome.errors.into_iter().map(VariantError::Invalid));
        errors.sort_by(|a, b| a.place().cmp(&b.place()));
        let mut names = Vec::new();
        for (variant, spec) in outcome.variants {
            names.push(variant.name.clone());
            let at = self
                .entries
                .partition_point(|e| e.variant.name < variant.name);
            self.entries.insert(
                at,
                Entry {
                    variant: Arc::new(variant),
                    spec,
                },
            );
        }
        Loaded {
            names,
            warnings: outcome.warnings,
            errors,
            skipped: outcome.skipped,
        }
    }

    pub(crate) fn entry(&self, name: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.variant.is_called(name))
    }

    /// The variant with this name or alias.
    pub fn get(&self, name: &str) -> Option<&Arc<Variant>> {
        self.entry(name).map(|e| &e.variant)
    }

    pub(crate) fn find(&self, name: &str) -> Option<&Variant> {
        self.get(name).map(|v| v.as_ref())
    }

    /// All variants, sorted by name.
    pub fn iter(&self) -> impl Iterator<Item = &Arc<Variant>> {
        self.entries.iter().map(|e| &e.variant)
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The lines `griffon variants` prints: one per variant, sorted by name.
    pub fn listing(&self) -> Vec<String> {
        self.iter().map(|v| v.listing_line()).collect()
    }
}
