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

/// What a successful load added.
#[derive(Debug, Default)]
pub struct Loaded {
    /// Names of the new variants, in file order.
    pub names: Vec<String>,
    pub warnings: Vec<Warning>,
}

/// Known variants. Loading is all or nothing per call: if any file of the
/// batch has an error, nothing from it is added. Cloning shares the
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
    /// may inherit from each other).
    pub fn load_builtins(&mut self) -> Result<Loaded, LoadError> {
        let files = builtin::FILES
            .iter()
            .map(|&(name, text)| (format!("{}/{name}", builtin::DIR), text));
        self.load_texts(files)
    }

    /// Adds the variants of one file read from disk.
    pub fn load_file(&mut self, path: impl AsRef<Path>) -> Result<Loaded, LoadError> {
        let path = path.as_ref();
        let name = path.display().to_string();
        match crate::files::read_to_string(path) {
            Ok(text) => self.load_str(&name, &text),
            Err(error) => Err(LoadError {
                errors: vec![VariantError::Io { path: name, error }],
                warnings: vec![],
            }),
        }
    }

    /// Adds the variants of `text`; `file_name` is used in messages.
    pub fn load_str(&mut self, file_name: &str, text: &str) -> Result<Loaded, LoadError> {
        self.load_texts([(file_name.to_string(), text)])
    }

    /// Adds a batch of `(file name, text)`; sections may inherit across the batch.
    pub fn load_texts<'t>(
        &mut self,
        files: impl IntoIterator<Item = (String, &'t str)>,
    ) -> Result<Loaded, LoadError> {
        let mut parsed = Vec::new();
        let mut errors = Vec::new();
        for (name, text) in files {
            match ini::parse(&name, text) {
                Ok(file) => parsed.push(file),
                Err(e) => errors.extend(e.into_iter().map(VariantError::Syntax)),
            }
        }
        if !errors.is_empty() {
            return Err(LoadError {
                errors,
                warnings: Vec::new(),
            });
        }
        let outcome = validate::validate(&parsed, self, self.compiler);
        if !outcome.errors.is_empty() {
            let errors = outcome
                .errors
                .into_iter()
                .map(VariantError::Invalid)
                .collect();
            return Err(LoadError {
                errors,
                warnings: outcome.warnings,
            });
        }
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
        Ok(Loaded {
            names,
            warnings: outcome.warnings,
        })
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
