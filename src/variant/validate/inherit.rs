//! Inheritance: the sections of a batch of files become merged settings
//! ([`Spec`]), each section's entries laid over its parent's.
//!
//! variant file -> `ini::parse` -> **inheritance** -> key checking -> `Variant`
//!
//! A parent may be any section of the batch (in any order) or a variant
//! loaded before; each section is built once, parents first, and a cycle
//! fails every section on it. A section whose parent failed fails too,
//! with one error naming the parent. The merged settings of each section
//! go to [`Checker`]; they are also kept with the variant so that files
//! loaded later can inherit from it. The names across the batch (no
//! section defined twice, no alias taken) are checked here as well.
//!
//! A section that fails (a malformed line, a bad value, a failed parent)
//! is skipped and the others still load: one broken variant in a
//! community file must not cost the user the rest of it.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use super::check::Checker;
use super::values::parse_dialect;
use super::{Loc, Outcome, PieceSlot, Setting, Spec, error, warning};
use crate::types::Letter;
use crate::variant::error::ValidationErrorKind as Kind;
use crate::variant::ini::{Entry, Section, VariantFile};
use crate::variant::keys;
use crate::variant::set::{Compiler, VariantSet};
use crate::xbetza::Dialect;

enum State {
    Building,
    Done(Option<Spec>),
}

/// Validates the sections of `files` against the variants already in `set`.
pub(crate) fn validate(files: &[VariantFile], set: &VariantSet, compiler: Compiler) -> Outcome {
    let mut batch = Batch {
        files,
        set,
        compiler,
        dialects: Vec::new(),
        index: HashMap::new(),
        state: HashMap::new(),
        stack: Vec::new(),
        out: Outcome {
            variants: Vec::new(),
            errors: Vec::new(),
            warnings: Vec::new(),
            skipped: Vec::new(),
        },
    };
    batch.read_preambles();
    batch.index_sections();
    for (fi, file) in files.iter().enumerate() {
        for si in 0..file.sections.len() {
            if !batch.state.contains_key(&(fi, si)) {
                batch.build((fi, si));
            }
        }
    }
    batch.check_aliases();
    let built: HashSet<&str> = batch
        .out
        .variants
        .iter()
        .map(|(v, _)| v.name.as_str())
        .collect();
    let skipped: Vec<String> = files
        .iter()
        .flat_map(|f| &f.sections)
        .filter(|s| !s.name.is_empty() && !built.contains(s.name.as_str()))
        .map(|s| s.name.clone())
        .collect();
    batch.out.skipped = skipped;
    batch
        .out
        .errors
        .sort_by(|a, b| (&a.file, a.line).cmp(&(&b.file, b.line)));
    let mut seen = HashSet::new();
    batch.out.warnings.retain(|w| seen.insert(w.to_string()));
    batch.out
}

type SectionId = (usize, usize);

struct Batch<'a> {
    files: &'a [VariantFile],
    set: &'a VariantSet,
    compiler: Compiler,
    /// File-level `betzaDialect` per file; `None` if it could not be read,
    /// which leaves the file's pieces unreadable and its sections skipped.
    dialects: Vec<Option<Dialect>>,
    index: HashMap<&'a str, SectionId>,
    state: HashMap<SectionId, State>,
    stack: Vec<SectionId>,
    out: Outcome,
}

impl<'a> Batch<'a> {
    fn section(&self, id: SectionId) -> &'a Section {
        &self.files[id.0].sections[id.1]
    }

    fn header_loc(&self, id: SectionId) -> Loc {
        let s = self.section(id);
        Loc {
            file: self.files[id.0].name.as_str().into(),
            line: s.line,
            section: s.name.as_str().into(),
        }
    }

    fn section_error(&mut self, id: SectionId, kind: Kind) {
        let s = self.section(id);
        let e = error(&self.header_loc(id), &s.header(), &s.name, kind);
        self.out.errors.push(e);
    }

    fn read_preambles(&mut self) {
        let files = self.files;
        for file in files {
            let mut dialect = Some(Dialect::XBoard);
            for entry in &file.preamble {
                let loc = Loc {
                    file: file.name.as_str().into(),
                    line: entry.line,
                    section: "".into(),
                };
                if entry.key != "betzaDialect" {
                    let message = "only betzaDialect is read before the first section; ignored";
                    self.out.warnings.push(warning(&loc, &entry.key, message));
                    continue;
                }
                match parse_dialect(&entry.value) {
                    Ok(d) => dialect = Some(d),
                    Err(kind) => {
                        self.out.errors.push(error(&loc, &entry.key, "", kind));
                        dialect = None;
                    }
                }
            }
            self.dialects.push(dialect);
        }
    }

    fn index_sections(&mut self) {
        let files = self.files;
        for (fi, file) in files.iter().enumerate() {
            for (si, section) in file.sections.iter().enumerate() {
                let id = (fi, si);
                // Already reported by the INI reader or the preamble.
                if section.name.is_empty() || self.dialects[fi].is_none() {
                    self.state.insert(id, State::Done(None));
                    if section.name.is_empty() {
                        continue;
                    }
                }
                let location = if let Some(&first) = self.index.get(section.name.as_str()) {
                    let s = self.section(first);
                    Some(format!("{}:{}", self.files[first.0].name, s.line))
                } else {
                    self.set
                        .find(&section.name)
                        .map(|v| format!("{}:{}", v.file, v.line))
                };
                match location {
                    Some(location) => {
                        self.section_error(id, Kind::DuplicateVariant { location });
                        self.state.insert(id, State::Done(None));
                    }
                    None => {
                        // Indexed even when malformed, so that a child
                        // hears its parent failed rather than is unknown.
                        self.index.insert(&section.name, id);
                        if section.malformed {
                            self.state.insert(id, State::Done(None));
                        }
                    }
                }
            }
        }
    }

    /// Builds the merged settings of a section and, if they check out, its
    /// variant. Returns the settings for children to inherit.
    fn build(&mut self, id: SectionId) -> Option<Spec> {
        match self.state.get(&id) {
            Some(State::Done(spec)) => return spec.clone(),
            Some(State::Building) => unreachable!("cycles are caught before recursing"),
            None => {}
        }
        self.state.insert(id, State::Building);
        self.stack.push(id);
        let spec = self.build_uncached(id);
        self.stack.pop();
        // A cycle found deeper down has already marked this section as failed.
        if let Some(State::Done(None)) = self.state.get(&id) {
            return None;
        }
        self.state.insert(id, State::Done(spec.clone()));
        spec
    }

    fn build_uncached(&mut self, id: SectionId) -> Option<Spec> {
        let section = self.section(id);
        let base = match &section.parent {
            None => Spec::default(),
            Some(parent) => match self.index.get(parent.as_str()).copied() {
                Some(pid) if matches!(self.state.get(&pid), Some(State::Building)) => {
                    self.report_cycle(pid);
                    return None;
                }
                Some(pid) => match self.build(pid) {
                    Some(spec) => spec,
                    None => {
                        if !matches!(self.state.get(&id), Some(State::Done(None))) {
                            self.section_error(id, Kind::BrokenParent(parent.clone()));
                        }
                        return None;
                    }
                },
                None => match self.set.entry(parent) {
                    Some(entry) => entry.spec.clone(),
                    None => {
                        self.section_error(id, Kind::UnknownParent(parent.clone()));
                        return None;
                    }
                },
            },
        };
        let errors_before = self.out.errors.len();
        let spec = self.apply(base, id);
        if self.out.errors.len() > errors_before {
            return None;
        }
        let file = &self.files[id.0];
        let mut checker = Checker::new(&spec, section, file, self.compiler);
        let variant = checker.check();
        self.out.warnings.append(&mut checker.warnings);
        match variant {
            Some(variant) if checker.errors.is_empty() => {
                self.out.variants.push((variant, spec.clone()));
                Some(spec)
            }
            _ => {
                self.out.errors.append(&mut checker.errors);
                None
            }
        }
    }

    fn report_cycle(&mut self, start: SectionId) {
        let from = self.stack.iter().position(|&s| s == start).unwrap_or(0);
        let members: Vec<SectionId> = self.stack[from..].to_vec();
        let mut names: Vec<String> = members
            .iter()
            .map(|&m| self.section(m).name.clone())
            .collect();
        names.push(self.section(start).name.clone());
        for m in members {
            self.section_error(m, Kind::InheritanceCycle(names.clone()));
            self.state.insert(m, State::Done(None));
        }
    }

    /// Lays the entries of a section over the inherited settings.
    fn apply(&mut self, mut spec: Spec, id: SectionId) -> Spec {
        let section = self.section(id);
        let file_name: Arc<str> = self.files[id.0].name.as_str().into();
        let section_name: Arc<str> = section.name.as_str().into();
        let loc = |e: &Entry| Loc {
            file: file_name.clone(),
            line: e.line,
            section: section_name.clone(),
        };
        let name = section.name.as_str();

        let mut dialect = self.dialects[id.0].unwrap_or(Dialect::XBoard);
        for entry in section.entries.iter().filter(|e| e.key == "betzaDialect") {
            match parse_dialect(&entry.value) {
                Ok(d) => dialect = d,
                Err(kind) => self
                    .out
                    .errors
                    .push(error(&loc(entry), &entry.key, name, kind)),
            }
        }

        let here: HashSet<&str> = section.entries.iter().map(|e| e.key.as_str()).collect();
        for key in keys::NOT_INHERITED {
            spec.settings.remove(*key);
        }
        for (general, specific) in keys::OVERRIDES {
            if here.contains(general) {
                for key in specific.iter().filter(|k| !here.contains(*k)) {
                    spec.settings.remove(*key);
                }
            }
        }

        let mut lines: HashMap<&str, usize> = HashMap::new();
        let mut letters: HashMap<Letter, (&str, usize)> = HashMap::new();
        // Keys set piece by piece, with the value they had inherited.
        let mut merged: Vec<(&str, String)> = Vec::new();
        for entry in &section.entries {
            let key = entry.key.as_str();
            if let Some(first) = lines.insert(key, entry.line) {
                let message = format!("set again; this value replaces the one on line {first}");
                self.out.warnings.push(warning(&loc(entry), key, message));
            }
            if key == "betzaDialect" {
                continue;
            }
            if !keys::is_piece_key(key) {
                let old = spec.settings.insert(
                    key.to_string(),
                    Setting {
                        value: entry.value.clone(),
                        loc: loc(entry),
                    },
                );
                if keys::MERGED_BY_PIECE.contains(&key)
                    && let Some(old) = old.filter(|o| o.loc.section != section_name)
                {
                    merged.push((key, old.value));
                }
                continue;
            }
            let (letter_text, betza) = match entry.value.split_once(':') {
                Some((l, b)) => (l.trim(), Some(b.trim().to_string())),
                None => (entry.value.as_str(), None),
            };
            let fail = |kind| error(&loc(entry), key, name, kind);
            if letter_text == "-" {
                spec.pieces.retain(|p| p.key != key);
                continue;
            }
            let Some(letter) = Letter::parse(letter_text) else {
                self.out
                    .errors
                    .push(fail(Kind::BadPieceLetter(entry.value.clone())));
                continue;
            };
            let custom = keys::is_custom_piece(key);
            if custom && betza.is_none() {
                self.out.errors.push(fail(Kind::MissingBetza));
                continue;
            }
            if !custom && key != "king" && betza.is_some() {
                self.out.errors.push(fail(Kind::UnexpectedBetza));
                continue;
            }
            letters.retain(|_, (k, _)| *k != key);
            if let Some(&(other_key, other_line)) = letters.get(&letter) {
                let kind = Kind::DuplicatePieceLetter {
                    letter: letter.to_string(),
                    other_key: other_key.to_string(),
                    other_line,
                };
                self.out.errors.push(fail(kind));
                continue;
            }
            letters.insert(letter, (key, entry.line));
            spec.pieces.retain(|p| p.letter != letter || p.key == key);
            let slot = PieceSlot {
                key: key.to_string(),
                letter,
                betza,
                dialect,
                loc: loc(entry),
            };
            match spec.pieces.iter().position(|p| p.key == key) {
                Some(i) => {
                    // An inherited piece under the same key but another
                    // letter is lost, which is rarely meant (a designer
                    // adding a piece to a parent that already has a
                    // customPiece1).
                    let old = &spec.pieces[i];
                    if old.letter != letter && old.loc.section != section_name {
                        let free = (1..)
                            .map(|n| format!("customPiece{n}"))
                            .find(|k| {
                                !spec.pieces.iter().any(|p| p.key == *k)
                                    && !here.contains(k.as_str())
                            })
                            .unwrap_or_default();
                        let message = format!(
                            "replaces the inherited {key} = {}:{} of '{}' ({}:{}); to add a piece instead, use an unused key such as {free}",
                            old.letter,
                            old.betza.as_deref().unwrap_or(""),
                            old.loc.section,
                            old.loc.file,
                            old.loc.line,
                        );
                        self.out.warnings.push(warning(&loc(entry), key, message));
                    }
                    spec.pieces[i] = slot;
                }
                None => spec.pieces.push(slot),
            }
        }
        for (key, inherited) in merged {
            // The parent's pairs for pieces this section removed go.
            let kept: Vec<&str> = inherited
                .split_whitespace()
                .filter(|pair| {
                    let letter = pair.split(':').next().and_then(Letter::parse);
                    letter.is_some_and(|l| spec.pieces.iter().any(|p| p.letter == l))
                })
                .collect();
            if let Some(setting) = spec.settings.get_mut(key) {
                setting.value = keys::merge_by_piece(&kept.join(" "), &setting.value);
            }
        }
        spec
    }

    /// Aliases may not clash with any other name, old or new; a variant
    /// whose alias is taken is skipped.
    fn check_aliases(&mut self) {
        let mut taken: HashMap<String, String> = HashMap::new();
        for (variant, _) in &self.out.variants {
            taken.insert(variant.name.clone(), variant.name.clone());
        }
        let mut errors = Vec::new();
        let mut clashing = HashSet::new();
        for (variant, spec) in &self.out.variants {
            for alias in &variant.aliases {
                let other = self.set.find(alias).map(|v| v.name.clone()).or_else(|| {
                    taken
                        .get(alias)
                        .cloned()
                        .filter(|owner| *owner != variant.name || *alias == variant.name)
                });
                match other {
                    Some(other) => {
                        let setting = &spec.settings["aliases"];
                        let kind = Kind::DuplicateName {
                            name: alias.clone(),
                            other,
                        };
                        errors.push(error(&setting.loc, "aliases", &variant.name, kind));
                        clashing.insert(variant.name.clone());
                    }
                    None => {
                        taken.insert(alias.clone(), variant.name.clone());
                    }
                }
            }
        }
        self.out.errors.extend(errors);
        self.out
            .variants
            .retain(|(v, _)| !clashing.contains(&v.name));
    }
}
