//! What can go wrong when reading variant files. Syntax errors (the text is
//! not an INI file) are kept apart from validation errors (the INI file does
//! not describe a playable variant); both name the file, the line and the key.

use std::fmt;

use super::fen::FenError;
use crate::xbetza::BetzaError;

/// A line that is not INI syntax.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub file: String,
    pub line: usize,
    /// The offending line, trimmed.
    pub text: String,
    pub kind: SyntaxErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SyntaxErrorKind {
    /// Neither a comment, a section header nor `key = value`.
    MissingEquals,
    EmptyKey,
    /// `[` without a closing `]`, or text after the `]`.
    BadSectionHeader,
    /// A section or parent name that is empty or contains spaces or brackets.
    BadSectionName,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let message = match self.kind {
            SyntaxErrorKind::MissingEquals => "expected `key = value`, a `[section]` or a comment",
            SyntaxErrorKind::EmptyKey => "missing key before `=`",
            SyntaxErrorKind::BadSectionHeader => {
                "section header must be `[name]` or `[name:parent]`"
            }
            SyntaxErrorKind::BadSectionName => {
                "variant names must be non-empty and contain no spaces, `[`, `]` or `:`"
            }
        };
        write!(f, "{}:{}: {}: {}", self.file, self.line, self.text, message)
    }
}

impl std::error::Error for SyntaxError {}

/// A well-formed file that does not describe a valid variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidationError {
    pub file: String,
    pub line: usize,
    /// The key whose value is wrong; `[name:parent]` for problems with a section.
    pub key: String,
    /// The variant being checked when the problem was found. The line may lie
    /// in one of its ancestors' sections.
    pub variant: String,
    /// The section that `line` belongs to.
    pub section: String,
    pub kind: ValidationErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValidationErrorKind {
    UnknownParent(String),
    /// The names along the cycle, starting and ending with the same one.
    InheritanceCycle(Vec<String>),
    /// The parent failed validation, so this variant cannot be built.
    BrokenParent(String),
    /// `location` is `file:line` of the first definition, or "built in".
    DuplicateVariant {
        location: String,
    },
    /// An alias that is already the name or alias of another variant.
    DuplicateName {
        name: String,
        other: String,
    },
    DuplicatePieceLetter {
        letter: String,
        other_key: String,
        other_line: usize,
    },
    TooManyPieceTypes,
    BadPieceLetter(String),
    MissingBetza,
    /// Only `customPieceN` and `king` take a `:BETZA` suffix.
    UnexpectedBetza,
    BadBetza(BetzaError),
    BadValue {
        value: String,
        expected: &'static str,
    },
    BoardSize {
        value: u32,
        max: u8,
    },
    BadSquare {
        token: String,
        width: u8,
        height: u8,
    },
    UndefinedPiece(String),
    Fen(FenError),
    Inconsistent(String),
}

impl fmt::Display for ValidationErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ValidationErrorKind::*;
        match self {
            UnknownParent(p) => write!(f, "unknown parent variant '{p}'"),
            InheritanceCycle(names) => write!(f, "inheritance cycle: {}", names.join(" -> ")),
            BrokenParent(p) => write!(f, "parent variant '{p}' has errors"),
            DuplicateVariant { location } => write!(f, "variant already defined ({location})"),
            DuplicateName { name, other } => {
                write!(
                    f,
                    "'{name}' is already the name or an alias of variant '{other}'"
                )
            }
            DuplicatePieceLetter {
                letter,
                other_key,
                other_line,
            } => write!(
                f,
                "piece letter '{letter}' is already used by `{other_key}` on line {other_line}"
            ),
            TooManyPieceTypes => write!(f, "more than 255 piece types"),
            BadPieceLetter(v) => write!(
                f,
                "'{v}' is not a piece letter (an ASCII letter, optionally followed by ' or !, or `-` to remove the piece)"
            ),
            MissingBetza => write!(f, "custom pieces need `letter:BETZA`"),
            UnexpectedBetza => {
                write!(
                    f,
                    "only customPieceN and king take a Betza string; use customPieceN"
                )
            }
            BadBetza(e) => write!(f, "{e}"),
            BadValue { value, expected } => write!(f, "'{value}' is not {expected}"),
            BoardSize { value, max } => write!(f, "board size {value} is outside 1..={max}"),
            BadSquare {
                token,
                width,
                height,
            } => {
                write!(
                    f,
                    "'{token}' is not a square or square set on a {width}x{height} board"
                )
            }
            UndefinedPiece(l) => write!(f, "no piece type with letter '{l}' is defined"),
            Fen(e) => write!(f, "{e}"),
            Inconsistent(m) => f.write_str(m),
        }
    }
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: {}: {}",
            self.file, self.line, self.key, self.kind
        )?;
        if self.section != self.variant {
            write!(f, " (inherited by variant '{}')", self.variant)?;
        }
        Ok(())
    }
}

impl std::error::Error for ValidationError {}

/// Something that does not stop a variant from loading but probably is not
/// what the author meant: an unknown key, an option Griffon ignores, a Betza
/// letter that the compiler skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    pub file: String,
    pub line: usize,
    pub key: String,
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: {}: {}",
            self.file, self.line, self.key, self.message
        )
    }
}

/// One problem that kept a file from loading.
#[derive(Debug)]
pub enum VariantError {
    Io { path: String, error: std::io::Error },
    Syntax(SyntaxError),
    Invalid(ValidationError),
}

impl VariantError {
    /// File and line the problem is reported at (line 0 for a file that
    /// cannot be read), for sorting messages into file order.
    pub fn place(&self) -> (&str, usize) {
        match self {
            VariantError::Io { path, .. } => (path, 0),
            VariantError::Syntax(e) => (&e.file, e.line),
            VariantError::Invalid(e) => (&e.file, e.line),
        }
    }
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::Io { path, error } => write!(f, "{path}: {error}"),
            VariantError::Syntax(e) => e.fmt(f),
            VariantError::Invalid(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for VariantError {}

/// Every problem found while loading a batch of files; nothing from the
/// batch was added. Warnings are kept so the caller can show them too.
#[derive(Debug, Default)]
pub struct LoadError {
    pub errors: Vec<VariantError>,
    pub warnings: Vec<Warning>,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.errors.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadError {}
