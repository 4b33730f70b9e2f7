//! Second stage of reading variant files: resolve inheritance, compile the
//! pieces and check every rule, collecting all problems instead of stopping
//! at the first.
//!
//! Inheritance works on raw settings: a section's entries are laid over its
//! parent's merged settings ([`Spec`]), which is what Fairy-Stockfish does
//! when it parses a child on top of a copy of its parent. Only the merged
//! settings are then turned into a [`Variant`], so an error always points at
//! the line that set the offending value, in whichever file that was.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;

use super::error::{ValidationError, ValidationErrorKind as Kind, Warning};
use super::ini::{Entry, Section, VariantFile};
use super::keys;
use super::set::{Compiler, VariantSet};
use super::{
    Castling, CountingRule, DoubleStep, Drops, EnPassant, Extinction, GameEnd, GameValue, PieceDef,
    Promotion, Role, Variant, XBoardInfo, ZoneMoves, fen,
};
use crate::types::{Letter, MAX_FILES, MAX_RANKS, Region, Square, file_from_letter};
use crate::xbetza::{Dialect, PieceMoves};

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
    /// In definition order, which becomes the [`Role`] order.
    pieces: Vec<PieceSlot>,
}

/// What validating a batch of files produced.
pub(crate) struct Outcome {
    pub variants: Vec<(Variant, Spec)>,
    pub errors: Vec<ValidationError>,
    pub warnings: Vec<Warning>,
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

fn parse_dialect(value: &str) -> Result<Dialect, Kind> {
    match value {
        "xboard" => Ok(Dialect::XBoard),
        "fairy" => Ok(Dialect::FairyStockfish),
        _ => Err(Kind::BadValue {
            value: value.into(),
            expected: "xboard or fairy",
        }),
    }
}

fn parse_bool(value: &str) -> Result<bool, Kind> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(Kind::BadValue {
            value: value.into(),
            expected: "true or false",
        }),
    }
}

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
    /// File-level `betzaDialect` per file.
    dialects: Vec<Dialect>,
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
            let mut dialect = Dialect::XBoard;
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
                    Ok(d) => dialect = d,
                    Err(kind) => self.out.errors.push(error(&loc, &entry.key, "", kind)),
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
                        self.index.insert(&section.name, id);
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

        let mut dialect = self.dialects[id.0];
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
                spec.settings.insert(
                    key.to_string(),
                    Setting {
                        value: entry.value.clone(),
                        loc: loc(entry),
                    },
                );
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
                    // letter is lost, which is rarely meant: Griffon's
                    // built-in files define the chess pawn as customPiece1,
                    // where Fairy-Stockfish has a built-in pawn.
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
        spec
    }

    /// Aliases may not clash with any other name, old or new.
    fn check_aliases(&mut self) {
        let mut taken: HashMap<String, String> = HashMap::new();
        for (variant, _) in &self.out.variants {
            taken.insert(variant.name.clone(), variant.name.clone());
        }
        let mut errors = Vec::new();
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
                    }
                    None => {
                        taken.insert(alias.clone(), variant.name.clone());
                    }
                }
            }
        }
        self.out.errors.extend(errors);
    }
}

/// Turns one merged [`Spec`] into a [`Variant`], collecting every problem.
struct Checker<'a> {
    spec: &'a Spec,
    name: &'a str,
    parent: Option<&'a str>,
    header: Loc,
    header_line: usize,
    compiler: Compiler,
    consumed: HashSet<&'a str>,
    errors: Vec<ValidationError>,
    warnings: Vec<Warning>,
    width: u8,
    height: u8,
    pieces: Vec<PieceDef>,
}

/// Keys that only matter when castling is on.
const CASTLING_KEYS: &[&str] = &[
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingRank",
    "castlingKingFile",
    "castlingRookKingsideFile",
    "castlingRookQueensideFile",
    "castlingKingPiece",
    "castlingKingPieceWhite",
    "castlingKingPieceBlack",
    "castlingKingDistance",
    "castlingRookPieces",
    "castlingRookPiecesWhite",
    "castlingRookPiecesBlack",
];

/// Default start position, as in Fairy-Stockfish.
const CHESS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A square set on a `width` x `height` board: `a1 b2`, `*8` (a rank),
/// `a*` (a file), `-` (empty).
fn parse_region(v: &str, width: u8, height: u8) -> Result<Region, Kind> {
    let mut region = Region::EMPTY;
    for token in v.split_whitespace().filter(|&t| t != "-") {
        let bad = || Kind::BadSquare {
            token: token.into(),
            width,
            height,
        };
        if let Some(rank) = token.strip_prefix('*') {
            let rank: u8 = rank
                .parse()
                .ok()
                .filter(|r| (1..=height).contains(r))
                .ok_or_else(bad)?;
            region = region | Region::rank(rank - 1, width);
        } else if let Some(file) = token.strip_suffix('*') {
            let file = file
                .chars()
                .next()
                .filter(|_| file.len() == 1)
                .and_then(file_from_letter)
                .filter(|&f| f < width)
                .ok_or_else(bad)?;
            region = region | Region::file(file, height);
        } else {
            let sq = Square::parse(token)
                .filter(|s| s.on_board(width, height))
                .ok_or_else(bad)?;
            region.insert(sq);
        }
    }
    Ok(region)
}

impl<'a> Checker<'a> {
    fn new(spec: &'a Spec, section: &'a Section, file: &VariantFile, compiler: Compiler) -> Self {
        Checker {
            spec,
            name: &section.name,
            parent: section.parent.as_deref(),
            header: Loc {
                file: file.name.as_str().into(),
                line: section.line,
                section: section.name.as_str().into(),
            },
            header_line: section.line,
            compiler,
            consumed: HashSet::new(),
            errors: Vec::new(),
            warnings: Vec::new(),
            width: 8,
            height: 8,
            pieces: Vec::new(),
        }
    }

    fn get(&mut self, key: &'a str) -> Option<&'a Setting> {
        self.consumed.insert(key);
        self.spec.settings.get(key)
    }

    /// Location and key to blame for a value: the setting if there is one,
    /// else the variant's header (the value is a default).
    fn blame(&self, setting: Option<&Setting>, key: &str) -> (Loc, String) {
        match setting {
            Some(s) => (s.loc.clone(), key.to_string()),
            None => (self.header.clone(), key.to_string()),
        }
    }

    fn fail(&mut self, setting: Option<&Setting>, key: &str, kind: Kind) {
        let (loc, key) = self.blame(setting, key);
        self.errors.push(error(&loc, &key, self.name, kind));
    }

    /// Reads `key` with `parse`, reporting a bad value and using `default`
    /// for it so checking can go on.
    fn read<T>(
        &mut self,
        key: &'a str,
        default: T,
        parse: impl FnOnce(&mut Self, &str) -> Result<T, Kind>,
    ) -> T {
        let Some(setting) = self.get(key) else {
            return default;
        };
        match parse(self, &setting.value) {
            Ok(v) => v,
            Err(kind) => {
                self.fail(Some(setting), key, kind);
                default
            }
        }
    }

    /// The first of `keys` that is set, marking all of them as read.
    fn first_of(&mut self, keys: &[&'a str]) -> Option<&'a str> {
        keys.iter().fold(None, |found, &k| {
            let present = self.get(k).is_some();
            found.or(present.then_some(k))
        })
    }

    fn bool(&mut self, key: &'a str, default: bool) -> bool {
        self.read(key, default, |_, v| parse_bool(v))
    }

    fn number(&mut self, key: &'a str, default: u32) -> u32 {
        self.read(key, default, |_, v| {
            v.parse().map_err(|_| Kind::BadValue {
                value: v.into(),
                expected: "a whole number",
            })
        })
    }

    fn game_value(
        &mut self,
        key: &'a str,
        default: Option<GameValue>,
        allow_none: bool,
    ) -> Option<GameValue> {
        self.read(key, default, |_, v| match v {
            "win" => Ok(Some(GameValue::Win)),
            "loss" => Ok(Some(GameValue::Loss)),
            "draw" => Ok(Some(GameValue::Draw)),
            "none" if allow_none => Ok(None),
            _ => Err(Kind::BadValue {
                value: v.into(),
                expected: if allow_none {
                    "win, loss, draw or none"
                } else {
                    "win, loss or draw"
                },
            }),
        })
    }

    fn board_size(&mut self, key: &'a str, max: u8, letters: bool) -> u8 {
        self.read(key, 8, |_, v| {
            let value = match (v.parse::<u32>(), v.chars().next()) {
                (Ok(n), _) => n,
                (Err(_), Some(c)) if letters && v.len() == 1 && c.is_ascii_lowercase() => {
                    u32::from(c as u8 - b'a') + 1
                }
                _ => {
                    let expected = if letters {
                        "a file letter or number"
                    } else {
                        "a number"
                    };
                    return Err(Kind::BadValue {
                        value: v.into(),
                        expected,
                    });
                }
            };
            if (1..=u32::from(max)).contains(&value) {
                Ok(value as u8)
            } else {
                Err(Kind::BoardSize { value, max })
            }
        })
    }

    /// A file of this board: a letter or a 1-based number.
    fn file(&mut self, key: &'a str, default: u8) -> u8 {
        let width = self.width;
        self.read(key, default, |_, v| {
            let file = match v.parse::<u8>() {
                Ok(n) => n.checked_sub(1),
                Err(_) => v
                    .chars()
                    .next()
                    .filter(|_| v.len() == 1)
                    .and_then(file_from_letter),
            };
            file.filter(|&f| f < width).ok_or(Kind::BadValue {
                value: v.into(),
                expected: "a file of this board",
            })
        })
    }

    /// A rank of this board, 1-based in the file, 0-based here.
    fn rank(&mut self, key: &'a str, default: u8) -> u8 {
        let height = self.height;
        self.read(key, default, |_, v| {
            v.parse::<u8>()
                .ok()
                .filter(|r| (1..=height).contains(r))
                .map(|r| r - 1)
                .ok_or(Kind::BadValue {
                    value: v.into(),
                    expected: "a rank of this board",
                })
        })
    }

    /// A square set: `a1 b2`, `*8` (a rank), `a*` (a file), `-` (empty).
    fn region(&mut self, key: &'a str, default: Region) -> Region {
        let (width, height) = (self.width, self.height);
        self.read(key, default, |_, v| parse_region(v, width, height))
    }

    fn role_of(&self, letter: Letter) -> Option<Role> {
        self.pieces
            .iter()
            .position(|p| p.letter == letter)
            .map(|i| Role(i as u8))
    }

    fn role_of_key(&self, key: &str) -> Option<Role> {
        self.pieces
            .iter()
            .position(|p| p.key == key)
            .map(|i| Role(i as u8))
    }

    /// Piece letters (`nbrq`, `q r`, `a'b`), each a defined piece; `-` is
    /// empty, `*` (where `all` allows it) is every piece type.
    fn parse_roles(&self, value: &str, all: bool) -> Result<Vec<Role>, Kind> {
        if value == "-" {
            return Ok(Vec::new());
        }
        if all && value == "*" {
            return Ok((0..self.pieces.len()).map(|i| Role(i as u8)).collect());
        }
        let mut roles = Vec::new();
        let mut rest = value.trim_start();
        while !rest.is_empty() {
            let (letter, _, used) = Letter::parse_prefix(rest).ok_or_else(|| Kind::BadValue {
                value: value.into(),
                expected: "piece letters",
            })?;
            let role = self
                .role_of(letter)
                .ok_or_else(|| Kind::UndefinedPiece(letter.to_string()))?;
            if !roles.contains(&role) {
                roles.push(role);
            }
            rest = rest[used..].trim_start();
        }
        Ok(roles)
    }

    fn roles(&mut self, key: &'a str, default: Vec<Role>) -> Vec<Role> {
        self.read(key, default, |c, v| c.parse_roles(v, false))
    }

    /// A per-colour piece set: `<base>White`/`<base>Black`, then `<base>`,
    /// then `fallback` (e.g. `pawnTypes`), then `default`. A key shared by
    /// both colours is read (and reported) once.
    fn colored_roles(
        &mut self,
        [white, black]: [&'a str; 2],
        base: &'a str,
        fallback: Option<&'a str>,
        default: &[Role],
    ) -> [Vec<Role>; 2] {
        let keys = [white, black].map(|own| {
            let mut keys = vec![own, base];
            keys.extend(fallback);
            self.first_of(&keys)
        });
        let white_roles =
            keys[0].map_or_else(|| default.to_vec(), |k| self.roles(k, default.to_vec()));
        let black_roles = match keys[1] {
            k if k == keys[0] => white_roles.clone(),
            Some(k) => self.roles(k, default.to_vec()),
            None => default.to_vec(),
        };
        [white_roles, black_roles]
    }

    fn colored_region(
        &mut self,
        [white, black]: [&'a str; 2],
        base: &'a str,
        default: [Region; 2],
    ) -> [Region; 2] {
        let shared = self
            .get(base)
            .is_some()
            .then(|| self.region(base, Region::EMPTY));
        let mut out = default;
        for (i, own) in [white, black].into_iter().enumerate() {
            if self.get(own).is_some() {
                out[i] = self.region(own, default[i]);
            } else if let Some(region) = shared {
                out[i] = region;
            }
        }
        out
    }

    fn check(&mut self) -> Option<Variant> {
        self.width = self.board_size("maxFile", MAX_FILES, true);
        self.height = self.board_size("maxRank", MAX_RANKS, false);
        let board_ok = self.errors.is_empty();
        let cylinder = self.bool("cylinder", false);
        let chess960 = self.bool("chess960", false);

        self.compile_pieces();
        if board_ok {
            self.piece_regions();
        }
        if !board_ok {
            // Everything else depends on the board size: checking it against
            // a guessed size would only add confusing follow-on errors.
            self.consumed
                .extend(self.spec.settings.keys().map(String::as_str));
            return None;
        }

        let (w, h) = (self.width, self.height);
        let pawn = self.role_of_key("pawn").into_iter().collect::<Vec<_>>();
        let promotion = Promotion {
            region: self.colored_region(
                ["promotionRegionWhite", "promotionRegionBlack"],
                "promotionRegion",
                [Region::rank(h - 1, w), Region::rank(0, w)],
            ),
            pawn_types: self.colored_roles(
                ["promotionPawnTypesWhite", "promotionPawnTypesBlack"],
                "promotionPawnTypes",
                Some("pawnTypes"),
                &pawn,
            ),
            piece_types: {
                let default: Vec<Role> = ["queen", "rook", "bishop", "knight"]
                    .iter()
                    .filter_map(|k| self.role_of_key(k))
                    .collect();
                self.colored_roles(
                    ["promotionPieceTypesWhite", "promotionPieceTypesBlack"],
                    "promotionPieceTypes",
                    None,
                    &default,
                )
            },
            limits: self.read("promotionLimit", Vec::new(), |c, v| c.parse_limits(v)),
            mandatory: self.bool("mandatoryPawnPromotion", true),
            promoted_type: {
                let n = self.pieces.len();
                let pairs = self.read("promotedPieceType", Vec::new(), |c, v| c.parse_pairs(v));
                let mut t = vec![None; n];
                for (from, to) in pairs {
                    t[usize::from(from.0)] = Some(to);
                }
                t
            },
            require_in_hand: self.bool("promotionRequireInHand", false),
            consume_in_hand: self.bool("promotionConsumeInHand", false),
            piece_mandatory: self.bool("mandatoryPiecePromotion", false),
            piece_demotion: self.bool("pieceDemotion", false),
            non_capture_on_entry: self.bool("promotionNonCaptureOnEntry", false),
        };
        let start = self.start_position(&promotion.promoted_type);
        let double_step = DoubleStep {
            enabled: self.bool("doubleStep", true),
            region: [
                self.region("doubleStepRegionWhite", Region::rank(1.min(h - 1), w)),
                self.region(
                    "doubleStepRegionBlack",
                    Region::rank(h.saturating_sub(2), w),
                ),
            ],
            triple_region: [
                self.region("tripleStepRegionWhite", Region::EMPTY),
                self.region("tripleStepRegionBlack", Region::EMPTY),
            ],
        };
        if double_step.enabled {
            // Fairy-Stockfish's pawn double step is a rule, not Betza: give
            // it to pawn types that have no initial move of their own.
            let header = self.header.clone();
            for role in promotion.pawn_types.iter().flatten() {
                let i = usize::from(role.0);
                if self.pieces[i].moves.moves.iter().any(|m| m.initial) {
                    continue;
                }
                let key = self.pieces[i].key.clone();
                let extra = self.compile_betza("ifmnD", Dialect::XBoard, &header, &key);
                self.pieces[i].moves.moves.extend(extra.moves);
                // XBoard learns the piece from this string (`piece P&
                // ...`): without the double step it would refuse it.
                self.pieces[i].betza.push_str("ifmnD");
            }
        }
        let mut ep_types = self.colored_roles(
            ["enPassantTypesWhite", "enPassantTypesBlack"],
            "enPassantTypes",
            Some("pawnTypes"),
            &pawn,
        );
        for (i, piece) in self.pieces.iter().enumerate() {
            if piece.betza.contains('e') {
                ep_types
                    .iter_mut()
                    .filter(|t| !t.contains(&Role(i as u8)))
                    .for_each(|t| t.push(Role(i as u8)));
            }
        }
        let all = Region::all(w, h);
        let en_passant = EnPassant {
            region: self.colored_region(
                ["enPassantRegionWhite", "enPassantRegionBlack"],
                "enPassantRegion",
                [all, all],
            ),
            types: ep_types,
        };
        let castling = self.castling();
        let drops = self.drops(&promotion);
        let immobility_illegal = self.bool("immobilityIllegal", false);
        let blast_on_capture = self.bool("blastOnCapture", false);
        let royal_first_found = self.bool("royalFirstFound", false);
        let end = self.game_end();
        let xboard = self.xboard_info();
        let aliases = self.read("aliases", Vec::new(), |_, v| {
            Ok(v.split(|c: char| c == ',' || c.is_whitespace())
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect())
        });
        self.read_piece_names();
        let eval_weights = self.read("evalWeights", Vec::new(), |_, v| {
            crate::weights::Params::parse_pairs(v).map_err(|e| Kind::BadValue {
                value: v.into(),
                expected: match e {
                    crate::weights::WeightError::NotPair => "NAME=VALUE pairs",
                    crate::weights::WeightError::UnknownName => {
                        "NAME=VALUE pairs with weight names as `griffon tune` prints them"
                    }
                    crate::weights::WeightError::NotInteger => {
                        "NAME=VALUE pairs with integer values"
                    }
                },
            })
        });
        let fen_aliases = self.read("fenAliases", Vec::new(), |c, v| {
            let expected = "alias:letter, the alias not a piece's own letter";
            Self::pairs(v, expected, |alias, letter, bad| {
                let alias = Letter::parse(alias).ok_or_else(bad)?;
                if c.role_of(alias).is_some() {
                    return Err(bad());
                }
                Ok((alias, c.piece_letter(letter, bad)?))
            })
        });
        self.warn_unused();

        let castling_off = self
            .spec
            .settings
            .get("castling")
            .is_some_and(|s| s.value == "false");
        if let Some(start) = &start
            && castling_off
            && !start.castling.is_empty()
        {
            let (loc, key) = self.blame(self.spec.settings.get("startFen"), "startFen");
            self.warnings.push(warning(
                &loc,
                &key,
                "castling rights in the FEN, but castling = false",
            ));
        }
        let start = start?;
        if !self.errors.is_empty() {
            return None;
        }
        Some(Variant {
            name: self.name.to_string(),
            aliases,
            parent: self.parent.map(str::to_string),
            file: self.header.file.to_string(),
            line: self.header_line,
            width: w,
            height: h,
            cylinder,
            chess960,
            pieces: std::mem::take(&mut self.pieces),
            fen_aliases,
            start,
            promotion,
            double_step,
            en_passant,
            castling,
            drops,
            immobility_illegal,
            blast_on_capture,
            royal_first_found,
            end,
            xboard,
            eval_weights,
        })
    }

    fn drops(&mut self, promotion: &Promotion) -> Drops {
        let (w, h) = (self.width, self.height);
        let all = Region::all(w, h);
        let region = [
            ("dropRegionWhite", "whiteDropRegion"),
            ("dropRegionBlack", "blackDropRegion"),
        ]
        .map(|(key, old_key)| match self.first_of(&[key, old_key]) {
            Some(k) => self.region(k, all),
            None => all,
        });
        let no_doubled = self.read("dropNoDoubled", None, |c, v| {
            let roles = c.parse_roles(v, false)?;
            match roles.as_slice() {
                [] => Ok(None),
                [r] => Ok(Some(*r)),
                _ => Err(Kind::BadValue {
                    value: v.into(),
                    expected: "one piece letter or -",
                }),
            }
        });
        let no_drop_mate = if self.bool("shogiPawnDropMateIllegal", false) {
            // Fairy-Stockfish's rule is about its shogi pawn; a file may
            // name the type through `dropNoDoubled` or the pawn types.
            let mut roles: Vec<Role> = self.role_of_key("shogiPawn").into_iter().collect();
            if roles.is_empty() {
                roles.extend(no_doubled);
            }
            if roles.is_empty() {
                roles = promotion.pawn_types[0].clone();
            }
            roles
        } else {
            Vec::new()
        };
        let gating = self.bool("gating", false);
        // Griffon's gating is Seirawan's (gating on either square when
        // castling); the flag is read so it is not reported as unknown.
        let _ = self.bool("seirawanGating", gating);
        Drops {
            piece_drops: self.bool("pieceDrops", false),
            captures_to_hand: self.bool("capturesToHand", false),
            captures_to_owners_hand: self.bool("capturesToOwnersHand", false),
            capture_hand_type: {
                let pairs = self.read("captureHandType", Vec::new(), |c, v| c.parse_pairs(v));
                let mut t = vec![None; self.pieces.len()];
                for (from, to) in pairs {
                    t[usize::from(from.0)] = Some(to);
                }
                t
            },
            region,
            first_rank_pawn_drops: self.bool("firstRankPawnDrops", false),
            promotion_zone_pawn_drops: self.bool("promotionZonePawnDrops", false),
            no_doubled,
            no_doubled_count: self.number("dropNoDoubledCount", 1),
            no_drop_mate,
            drop_promoted: self.bool("dropPromoted", false),
            gating,
        }
    }

    fn compile_pieces(&mut self) {
        if self.spec.pieces.len() > 256 {
            let kind = Kind::TooManyPieceTypes;
            self.fail(None, "customPiece", kind);
            return;
        }
        let spec = self.spec;
        for slot in &spec.pieces {
            let (betza, dialect) = match (&slot.betza, keys::fsf_piece(&slot.key)) {
                (Some(b), _) => (b.clone(), slot.dialect),
                // Fairy-Stockfish's soldier steps sideways only from its
                // `soldierPromotionRank` on: the forward step here, the
                // sideways steps as zone moves (see `piece_regions`).
                (None, Some(_)) if slot.key == "soldier" => ("fW".into(), Dialect::FairyStockfish),
                (None, Some(b)) => (b.to_string(), Dialect::FairyStockfish),
                (None, None) => {
                    unreachable!("custom pieces without Betza are rejected when applied")
                }
            };
            let moves = self.compile_betza(&betza, dialect, &slot.loc, &slot.key);
            self.pieces.push(PieceDef {
                letter: slot.letter,
                name: slot.key.clone(),
                key: slot.key.clone(),
                betza,
                dialect,
                moves,
                royal: slot.key == "king",
                mobility: [None, None],
                zone_moves: [None, None],
            });
        }
    }

    fn compile_betza(&mut self, betza: &str, dialect: Dialect, loc: &Loc, key: &str) -> PieceMoves {
        match (self.compiler)(betza, dialect) {
            Ok(moves) => {
                for w in &moves.warnings {
                    let message = format!(
                        "Betza \"{betza}\" at character {}: {}",
                        w.position + 1,
                        w.message
                    );
                    self.warnings.push(warning(loc, key, message));
                }
                moves
            }
            Err(e) => {
                self.errors
                    .push(error(loc, key, self.name, Kind::BadBetza(e)));
                Default::default()
            }
        }
    }

    /// The key set in this section whose name is `name`, if any (keys named
    /// after pieces are built at run time).
    fn key_named(&self, name: &str) -> Option<&'a str> {
        let spec = self.spec;
        spec.settings
            .keys()
            .find(|k| *k == name)
            .map(String::as_str)
    }

    /// Region limits and zone moves of each piece type:
    /// `mobilityRegionWhite<Piece>` (Fairy-Stockfish), the soldier's
    /// `soldierPromotionRank`, and Griffon's `regionMovesWhite<Piece> =
    /// BETZA: SQUARES` for moves a piece has only while standing in a region.
    fn piece_regions(&mut self) {
        let (w, h) = (self.width, self.height);
        let soldier_rank = self.rank("soldierPromotionRank", 0);
        for i in 0..self.pieces.len() {
            let key = self.pieces[i].key.clone();
            let mut suffix = key.clone();
            if let Some(first) = suffix.get_mut(0..1) {
                first.make_ascii_uppercase();
            }
            let dialect = self.pieces[i].dialect;
            for (c, color) in ["White", "Black"].into_iter().enumerate() {
                if let Some(k) = self.key_named(&format!("mobilityRegion{color}{suffix}")) {
                    let region = self.region(k, Region::all(w, h));
                    self.pieces[i].mobility[c] = Some(region);
                }
                if key == "soldier" && self.pieces[i].betza == "fW" {
                    // Relative ranks from `soldierPromotionRank` on.
                    let region = (0..h)
                        .filter(|&r| {
                            if c == 0 {
                                r >= soldier_rank
                            } else {
                                r + soldier_rank < h
                            }
                        })
                        .fold(Region::EMPTY, |reg, r| reg | Region::rank(r, w));
                    let moves = self.compile_betza(
                        "sW",
                        Dialect::FairyStockfish,
                        &self.header.clone(),
                        &key,
                    );
                    self.pieces[i].zone_moves[c] = Some(ZoneMoves {
                        region,
                        betza: "sW".into(),
                        moves,
                    });
                }
                if let Some(k) = self.key_named(&format!("regionMoves{color}{suffix}")) {
                    let Some(setting) = self.get(k) else { continue };
                    let Some((betza, squares)) = setting.value.split_once(':') else {
                        self.fail(
                            Some(setting),
                            k,
                            Kind::BadValue {
                                value: setting.value.clone(),
                                expected: "BETZA: SQUARES",
                            },
                        );
                        continue;
                    };
                    let region = match parse_region(squares, w, h) {
                        Ok(r) => r,
                        Err(kind) => {
                            self.fail(Some(setting), k, kind);
                            continue;
                        }
                    };
                    let betza = betza.trim().to_string();
                    let moves = self.compile_betza(&betza, dialect, &setting.loc, k);
                    self.pieces[i].zone_moves[c] = Some(ZoneMoves {
                        region,
                        betza,
                        moves,
                    });
                }
            }
        }
    }

    fn read_piece_names(&mut self) {
        let names: Vec<(Role, String)> = self.read("pieceNames", Vec::new(), |c, v| {
            Self::pairs(v, "letter:name", |letter, name, bad| {
                let role = c.piece_letter(letter, bad)?;
                if name.is_empty() {
                    return Err(bad());
                }
                Ok((role, name.to_string()))
            })
        });
        for (role, name) in names {
            self.pieces[usize::from(role.0)].name = name;
        }
    }

    fn start_position(&mut self, promoted: &[Option<Role>]) -> Option<fen::StartPosition> {
        let setting = self.get("startFen");
        let text = setting.map_or(CHESS_FEN, |s| s.value.as_str());
        let role_of = |l: Letter| self.role_of(l);
        let promote = |r: Role| promoted.get(usize::from(r.0)).copied().flatten();
        match fen::parse(text, self.width, self.height, &role_of, &promote) {
            Ok(pos) => Some(pos),
            Err(errors) => {
                for e in errors {
                    self.fail(setting, "startFen", Kind::Fen(e));
                }
                None
            }
        }
    }

    /// `a:b` items separated by spaces, each read by `each`, which gets
    /// the two sides and the error for a malformed item.
    fn pairs<T>(
        value: &str,
        expected: &'static str,
        mut each: impl FnMut(&str, &str, &dyn Fn() -> Kind) -> Result<T, Kind>,
    ) -> Result<Vec<T>, Kind> {
        value
            .split_whitespace()
            .map(|pair| {
                let bad = || Kind::BadValue {
                    value: pair.into(),
                    expected,
                };
                let (a, b) = pair.split_once(':').ok_or_else(bad)?;
                each(a, b, &bad)
            })
            .collect()
    }

    /// The defined piece whose letter is `text`.
    fn piece_letter(&self, text: &str, bad: &dyn Fn() -> Kind) -> Result<Role, Kind> {
        let l = Letter::parse(text).ok_or_else(bad)?;
        self.role_of(l)
            .ok_or_else(|| Kind::UndefinedPiece(l.to_string()))
    }

    /// `a:b c:d` pairs of piece letters.
    fn parse_pairs(&self, value: &str) -> Result<Vec<(Role, Role)>, Kind> {
        Self::pairs(value, "letter:letter pairs", |a, b, bad| {
            Ok((self.piece_letter(a, bad)?, self.piece_letter(b, bad)?))
        })
    }

    fn parse_limits(&self, value: &str) -> Result<Vec<(Role, u32)>, Kind> {
        Self::pairs(value, "letter:count", |letter, count, bad| {
            Ok((
                self.piece_letter(letter, bad)?,
                count.parse().map_err(|_| bad())?,
            ))
        })
    }

    fn castling(&mut self) -> Option<Castling> {
        let spec = self.spec;
        let enabled_setting = spec.settings.get("castling");
        let enabled = self.bool("castling", true);
        // A bad value is reported once; castling is then left out rather
        // than checked with a guessed value.
        let valid = enabled_setting.is_none_or(|s| parse_bool(&s.value).is_ok());
        if !enabled || !valid {
            // The other castling keys do not matter then (an inherited
            // `castlingKingsideFile = g` may not even fit a smaller board).
            for key in CASTLING_KEYS {
                self.get(key);
            }
            return None;
        }
        let w = self.width;
        let kingside_file = self.file("castlingKingsideFile", 6.min(w - 1));
        let queenside_file = self.file("castlingQueensideFile", 2.min(w - 1));
        let rank = self.rank("castlingRank", 0);
        let king_file = self.file("castlingKingFile", 4.min(w - 1));
        let rook_kingside_file = self.file("castlingRookKingsideFile", w - 1);
        let rook_queenside_file = self.file("castlingRookQueensideFile", 0);
        let king = self.role_of_key("king").into_iter().collect::<Vec<_>>();
        let king_piece = self.colored_roles(
            ["castlingKingPieceWhite", "castlingKingPieceBlack"],
            "castlingKingPiece",
            None,
            &king,
        );
        let rook = self.role_of_key("rook").into_iter().collect::<Vec<_>>();
        let rook_pieces = self.colored_roles(
            ["castlingRookPiecesWhite", "castlingRookPiecesBlack"],
            "castlingRookPieces",
            None,
            &rook,
        );
        if queenside_file > kingside_file {
            let setting = spec.settings.get("castlingQueensideFile");
            let kind =
                Kind::Inconsistent("castlingQueensideFile is right of castlingKingsideFile".into());
            self.fail(setting, "castlingQueensideFile", kind);
        }
        if king_piece.iter().any(|k| k.len() > 1) {
            let setting = self.first_of(&[
                "castlingKingPieceWhite",
                "castlingKingPieceBlack",
                "castlingKingPiece",
            ]);
            let kind = Kind::Inconsistent("castling needs exactly one king piece type".into());
            self.fail(
                setting.and_then(|k| spec.settings.get(k)),
                setting.unwrap_or("castlingKingPiece"),
                kind,
            );
            return None;
        }
        let [Some(&white_king), Some(&black_king)] = king_piece.each_ref().map(|k| k.first())
        else {
            self.fail(
                enabled_setting,
                "castling",
                Kind::MissingCastlingPiece { role: "king" },
            );
            return None;
        };
        let king_piece = [white_king, black_king];
        if rook_pieces.iter().any(Vec::is_empty) {
            self.fail(
                enabled_setting,
                "castling",
                Kind::MissingCastlingPiece { role: "rook" },
            );
            return None;
        }
        let king_distance = self
            .get("castlingKingDistance")
            .is_some()
            .then(|| self.number("castlingKingDistance", 2).clamp(1, 15) as u8);
        Some(Castling {
            kingside_file,
            queenside_file,
            rank,
            king_file,
            king_piece,
            rook_kingside_file,
            rook_queenside_file,
            rook_pieces,
            king_distance,
        })
    }

    fn game_end(&mut self) -> GameEnd {
        let extinction_value = self.game_value("extinctionValue", None, true);
        let piece_types = self.read("extinctionPieceTypes", Vec::new(), |c, v| {
            c.parse_roles(v, true)
        });
        let piece_count = self.number("extinctionPieceCount", 0);
        let opponent_piece_count = self.number("extinctionOpponentPieceCount", 0);
        let claim = self.bool("extinctionClaim", false);
        let pseudo_royal = self.bool("extinctionPseudoRoyal", false);
        if pseudo_royal && extinction_value.is_some() {
            for r in &piece_types {
                self.pieces[usize::from(r.0)].royal = true;
            }
        }
        let counting_rule = self.read("countingRule", None, |_, v| match v {
            "makruk" => Ok(Some(CountingRule::Makruk)),
            "cambodian" => Ok(Some(CountingRule::Cambodian)),
            "asean" => Ok(Some(CountingRule::Asean)),
            "none" => Ok(None),
            _ => Err(Kind::BadValue {
                value: v.into(),
                expected: "makruk, cambodian, asean or none",
            }),
        });
        let n_move_types = self.colored_roles(
            ["nMoveRuleTypesWhite", "nMoveRuleTypesBlack"],
            "nMoveRuleTypes",
            None,
            &[],
        );
        GameEnd {
            checking: self.bool("checking", true),
            must_capture: self.bool("mustCapture", false),
            checkmate: self
                .game_value("checkmateValue", Some(GameValue::Loss), false)
                .unwrap_or(GameValue::Loss),
            stalemate: self
                .game_value("stalemateValue", Some(GameValue::Draw), false)
                .unwrap_or(GameValue::Draw),
            stalemate_piece_count: self.bool("stalematePieceCount", false),
            check_counting: self.bool("checkCounting", false),
            extinction: extinction_value.map(|value| Extinction {
                value,
                piece_types,
                piece_count,
                opponent_piece_count,
                claim,
                pseudo_royal,
            }),
            n_move_rule: self.number("nMoveRule", 50),
            n_move_rule_types: n_move_types,
            n_fold_rule: self.number("nFoldRule", 3),
            n_fold_value: self
                .game_value("nFoldValue", Some(GameValue::Draw), false)
                .unwrap_or(GameValue::Draw),
            counting_rule,
            flying_general: self.bool("flyingGeneral", false),
            duple_check: self.bool("dupleCheck", false),
            royals_expendable: self.bool("royalsExpendable", false),
            perpetual_check_illegal: self.bool("perpetualCheckIllegal", false),
            lion_types: self.roles("lionTypes", Vec::new()),
            lion_weak_bridges: self.roles("lionWeakBridges", Vec::new()),
        }
    }

    fn xboard_info(&mut self) -> XBoardInfo {
        let table = self.read("pieceToCharTable", None, |_, v| {
            Ok((v != "-").then(|| v.to_string()))
        });
        if let Some(table) = &table {
            let spec = self.spec;
            let setting = spec.settings.get("pieceToCharTable");
            let mut rest = table.as_str();
            while let Some(c) = rest.chars().next() {
                match Letter::parse_prefix(rest) {
                    Some((letter, _, used)) => {
                        if self.role_of(letter).is_none() {
                            let (loc, key) = self.blame(setting, "pieceToCharTable");
                            let message = format!(
                                "letter '{}' is not a piece of this variant",
                                &rest[..used]
                            );
                            self.warnings.push(warning(&loc, &key, message));
                        }
                        rest = &rest[used..];
                    }
                    None => rest = &rest[c.len_utf8()..],
                }
            }
        }
        XBoardInfo {
            name: self.read(
                "xboardName",
                self.name.to_string(),
                |_, v| Ok(v.to_string()),
            ),
            piece_to_char_table: table,
            variant_template: self.read("variantTemplate", None, |_, v| Ok(Some(v.to_string()))),
            pocket_size: self.number("pocketSize", 0),
        }
    }

    fn warn_unused(&mut self) {
        let spec = self.spec;
        let mut unused: Vec<(&String, &Setting)> = spec
            .settings
            .iter()
            .filter(|(key, _)| !self.consumed.contains(key.as_str()))
            .collect();
        unused.sort_by_key(|(_, s)| (s.loc.file.clone(), s.loc.line));
        for (key, setting) in unused {
            let message = if keys::is_unsupported_fsf(key) {
                "Fairy-Stockfish option not supported by Griffon yet; ignored"
            } else {
                "unknown key; ignored"
            };
            self.warnings.push(warning(&setting.loc, key, message));
        }
    }
}
