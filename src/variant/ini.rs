//! First stage of reading a variant file: text to sections of `key = value`
//! entries with their line numbers. Nothing here knows what a key means.
//!
//! The syntax is Fairy-Stockfish's `variants.ini`: `[name]` or
//! `[name:parent]` headers, `key = value` lines, and whole-line comments
//! starting with `#` or `;`. A `#` later in a line is part of the value, as
//! in Fairy-Stockfish. Entries before the first section are file-level
//! settings (Fairy-Stockfish skips such lines, so they can carry Griffon
//! options without upsetting it).
//!
//! A malformed line is reported and marks the section it stands in as
//! malformed, so that only that section is skipped: the rest of the file
//! still loads, as it does in Fairy-Stockfish.

use super::error::{SyntaxError, SyntaxErrorKind};

/// A parsed file, not yet checked for meaning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantFile {
    /// The name used in messages (usually the path).
    pub name: String,
    /// Entries before the first section.
    pub preamble: Vec<Entry>,
    pub sections: Vec<Section>,
    /// Every malformed line, in file order.
    pub errors: Vec<SyntaxError>,
}

/// One `[name:parent]` section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub name: String,
    pub parent: Option<String>,
    /// Line of the header (1-based).
    pub line: usize,
    pub entries: Vec<Entry>,
    /// A line of the section (or its header) is not INI syntax; the
    /// section is not loaded. A bad header gives a section with an empty
    /// name, which collects the lines up to the next header.
    pub malformed: bool,
}

impl Section {
    /// The header as written, used as the "key" in messages about the section.
    pub fn header(&self) -> String {
        match &self.parent {
            Some(p) => format!("[{}:{}]", self.name, p),
            None => format!("[{}]", self.name),
        }
    }
}

/// One `key = value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    pub value: String,
    pub line: usize,
}

/// Splits `text` into sections, reporting every malformed line in
/// [`VariantFile::errors`].
pub fn parse(file_name: &str, text: &str) -> VariantFile {
    let mut file = VariantFile {
        name: file_name.to_string(),
        preamble: Vec::new(),
        sections: Vec::new(),
        errors: Vec::new(),
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        let error = |kind| SyntaxError {
            file: file_name.to_string(),
            line,
            text: trimmed.to_string(),
            kind,
        };
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with(';') {
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix('[') {
            let header = parse_header(rest);
            let malformed = header.is_err();
            let (name, parent) = header.unwrap_or_else(|kind| {
                file.errors.push(error(kind));
                (String::new(), None)
            });
            file.sections.push(Section {
                name,
                parent,
                line,
                entries: Vec::new(),
                malformed,
            });
            continue;
        }
        let entry = match trimmed.split_once('=') {
            None => Err(SyntaxErrorKind::MissingEquals),
            Some((key, _)) if key.trim().is_empty() => Err(SyntaxErrorKind::EmptyKey),
            Some(pair) => Ok(pair),
        };
        let (key, value) = match entry {
            Ok(pair) => pair,
            Err(kind) => {
                file.errors.push(error(kind));
                if let Some(section) = file.sections.last_mut() {
                    section.malformed = true;
                }
                continue;
            }
        };
        let key = key.trim();
        let entry = Entry {
            key: key.to_string(),
            value: value.trim().to_string(),
            line,
        };
        match file.sections.last_mut() {
            Some(section) => section.entries.push(entry),
            None => file.preamble.push(entry),
        }
    }
    file
}

/// Reads `name:parent]` (the text after `[`).
fn parse_header(rest: &str) -> Result<(String, Option<String>), SyntaxErrorKind> {
    let (inside, after) = rest
        .split_once(']')
        .ok_or(SyntaxErrorKind::BadSectionHeader)?;
    let after = after.trim_start();
    if !(after.is_empty() || after.starts_with('#') || after.starts_with(';')) {
        return Err(SyntaxErrorKind::BadSectionHeader);
    }
    let valid =
        |s: &str| !s.is_empty() && !s.contains(|c: char| c.is_whitespace() || "[]:".contains(c));
    let (name, parent) = match inside.split_once(':') {
        Some((n, p)) => (n.trim(), Some(p.trim())),
        None => (inside.trim(), None),
    };
    if !valid(name) || parent.is_some_and(|p| !valid(p)) {
        return Err(SyntaxErrorKind::BadSectionName);
    }
    Ok((name.to_string(), parent.map(str::to_string)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_entries_and_comments() {
        let text = "\u{feff}betzaDialect = fairy\n# comment\n; other\n[a]\nmaxRank = 10 \n\n[b:a] # tail\r\n  key=  x = y\n";
        let file = parse("t.ini", text);
        assert!(file.errors.is_empty());
        assert_eq!(file.preamble.len(), 1);
        assert_eq!(file.sections.len(), 2);
        assert_eq!(file.sections[0].entries[0].value, "10");
        assert_eq!(file.sections[1].parent.as_deref(), Some("a"));
        assert_eq!(file.sections[1].line, 7);
        let e = &file.sections[1].entries[0];
        assert_eq!(
            (e.key.as_str(), e.value.as_str(), e.line),
            ("key", "x = y", 8)
        );
    }

    #[test]
    fn every_bad_line_is_reported() {
        let text = "[ok]\nno equals here\n = 3\n[broken\n[a b]\n[x:]\n[y] z\n[fine]\nk = v\n";
        let file = parse("t.ini", text);
        let errors = &file.errors;
        let kinds: Vec<_> = errors.iter().map(|e| (e.line, e.kind.clone())).collect();
        use SyntaxErrorKind::*;
        assert_eq!(
            kinds,
            [
                (2, MissingEquals),
                (3, EmptyKey),
                (4, BadSectionHeader),
                (5, BadSectionName),
                (6, BadSectionName),
                (7, BadSectionHeader)
            ]
        );
        assert_eq!(
            errors[0].to_string(),
            "t.ini:2: no equals here: expected `key = value`, a `[section]` or a comment"
        );
        // Only the sections with a bad line are skipped.
        let sections: Vec<_> = file
            .sections
            .iter()
            .map(|s| (s.name.as_str(), s.malformed))
            .collect();
        assert_eq!(
            sections,
            [
                ("ok", true),
                ("", true),
                ("", true),
                ("", true),
                ("", true),
                ("fine", false)
            ]
        );
        assert_eq!(file.sections[5].entries.len(), 1);
    }
}
