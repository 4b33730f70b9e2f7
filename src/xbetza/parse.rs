//! Syntax stage of the XBetza compiler: text -> raw move groups.
//!
//! Nothing here knows geometry; it only checks that the string is well formed
//! and records every modifier with its position, so the compile stage can
//! report faults at the right character.

use super::{BetzaError, BetzaWarning, Dialect};

/// A Betza atom: the basic leap of a move group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Atom {
    W,
    F,
    D,
    N,
    A,
    H,
    C,
    Z,
    G,
    K,
    Q,
    R,
    B,
    /// XBoard's castling atom.
    O,
}

/// How an atom's eight (or four) images are numbered and selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Symmetry {
    /// W, D, H, R, O: four orthogonal directions.
    Orthogonal,
    /// F, A, G, B: four diagonal directions.
    Diagonal,
    /// N, C, Z: eight oblique images.
    Oblique,
    /// K, Q: the eight king directions ("K system").
    King,
}

impl Atom {
    pub(crate) fn from_letter(c: char, dialect: Dialect) -> Option<Atom> {
        Some(match c {
            'W' => Atom::W,
            'F' => Atom::F,
            'D' => Atom::D,
            'N' => Atom::N,
            'A' => Atom::A,
            'H' => Atom::H,
            'C' => Atom::C,
            'Z' => Atom::Z,
            'G' => Atom::G,
            'K' => Atom::K,
            'Q' => Atom::Q,
            'R' => Atom::R,
            'B' => Atom::B,
            'O' => Atom::O,
            // The old letters: XBoard's tables read J as the camel and L as the
            // zebra, Fairy-Stockfish (and most of the literature) the reverse.
            'J' if dialect == Dialect::XBoard => Atom::C,
            'L' if dialect == Dialect::XBoard => Atom::Z,
            'J' => Atom::Z,
            'L' => Atom::C,
            _ => return None,
        })
    }

    /// The step in its canonical orientation (dx <= dy, pointing forward).
    pub(crate) fn base(self) -> (i8, i8) {
        match self {
            Atom::W | Atom::R | Atom::K | Atom::Q => (0, 1),
            Atom::F | Atom::B => (1, 1),
            Atom::D => (0, 2),
            Atom::N => (1, 2),
            Atom::A => (2, 2),
            Atom::H => (0, 3),
            Atom::C => (1, 3),
            Atom::Z => (2, 3),
            Atom::G => (3, 3),
            Atom::O => (0, 1),
        }
    }

    pub(crate) fn symmetry(self) -> Symmetry {
        match self {
            Atom::W | Atom::D | Atom::H | Atom::R | Atom::O => Symmetry::Orthogonal,
            Atom::F | Atom::A | Atom::G | Atom::B => Symmetry::Diagonal,
            Atom::N | Atom::C | Atom::Z => Symmetry::Oblique,
            Atom::K | Atom::Q => Symmetry::King,
        }
    }

    /// The range an atom has when no number follows it.
    pub(crate) fn default_range(self) -> u8 {
        match self {
            Atom::R | Atom::B | Atom::Q => 0,
            _ => 1,
        }
    }

    /// XBoard's `upgrade` table: what `g`/`y` turn the next leg's atom into.
    pub(crate) fn upgrade(self) -> Atom {
        match self {
            Atom::F => Atom::B,
            Atom::B => Atom::F,
            Atom::W => Atom::R,
            Atom::R => Atom::W,
            Atom::K => Atom::Q,
            Atom::Q => Atom::K,
            other => other,
        }
    }

    /// XBoard's `rotate` table: the 45-degree partner an orthogonal or
    /// diagonal atom becomes when a later leg turns it off its own lines.
    pub(crate) fn rotate(self) -> Atom {
        match self {
            Atom::W => Atom::F,
            Atom::F => Atom::W,
            Atom::R => Atom::B,
            Atom::B => Atom::R,
            Atom::D => Atom::A,
            Atom::A => Atom::D,
            Atom::H => Atom::G,
            Atom::G => Atom::H,
            other => other,
        }
    }

    pub(crate) fn letter(self) -> char {
        match self {
            Atom::W => 'W',
            Atom::F => 'F',
            Atom::D => 'D',
            Atom::N => 'N',
            Atom::A => 'A',
            Atom::H => 'H',
            Atom::C => 'C',
            Atom::Z => 'Z',
            Atom::G => 'G',
            Atom::K => 'K',
            Atom::Q => 'Q',
            Atom::R => 'R',
            Atom::B => 'B',
            Atom::O => 'O',
        }
    }
}

/// The lower-case modifiers of one leg, with the position of the segment.
#[derive(Clone, Debug, Default)]
pub(crate) struct RawLeg {
    /// Position of the first character of the leg's modifiers (or its atom).
    pub pos: usize,
    /// Direction letters (f b l r v s h) in order, and where they start.
    pub dirs: Vec<char>,
    pub dirs_pos: usize,
    pub initial: u8,
    pub initial_pos: usize,
    pub m: bool,
    pub c: bool,
    pub d: bool,
    pub e: bool,
    pub x: bool,
    pub t: bool,
    pub p: bool,
    pub g: bool,
    pub o: bool,
    pub y: bool,
    pub n: bool,
    pub u: bool,
    pub j: u8,
    /// Position of each modifier letter that was given, for messages.
    pub letters: Vec<(char, usize)>,
    /// The atom of this leg (bracket legs have their own; `a` chains share one).
    pub atom: Option<(Atom, usize)>,
    /// Explicit range; `Some(0)` = unlimited.
    pub range: Option<u8>,
}

impl RawLeg {
    pub(crate) fn has(&self, c: char) -> Option<usize> {
        self.letters.iter().find(|(l, _)| *l == c).map(|&(_, p)| p)
    }
}

/// One move group: a chain of legs written with `a`, or a bracket group.
#[derive(Clone, Debug)]
pub(crate) struct RawGroup {
    pub pos: usize,
    pub legs: Vec<RawLeg>,
    /// For bracket groups: `stops[k]` says the move may end after leg `k`
    /// (`?` after it, or the last leg).
    pub stops: Vec<bool>,
    pub bracket: bool,
}

const DIRECTIONS: &str = "fblrvsh";
const MODIFIERS: &str = "imcdextpgoynju";

fn err(input: &str, position: usize, message: impl Into<String>) -> BetzaError {
    BetzaError {
        input: input.to_string(),
        position,
        message: message.into(),
    }
}

/// Letters Fairy-Stockfish's Betza reader knows; it drops the others.
const FSF_LETTERS: &str = "fblrvshmcpgnie";

/// Split a string into move groups.
pub(crate) fn parse(
    input: &str,
    dialect: Dialect,
    warnings: &mut Vec<BetzaWarning>,
) -> Result<Vec<RawGroup>, BetzaError> {
    let chars: Vec<char> = input.chars().collect();
    let mut groups = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            return Err(err(input, i, "spaces are not allowed inside XBetza"));
        }
        let group_start = i;
        // Modifiers of the first leg (or of a whole bracket group).
        let (mut legs, next) = parse_prefix(input, &chars, i, dialect, warnings)?;
        i = next;
        match chars.get(i) {
            Some('[') => {
                if legs.len() > 1 {
                    return Err(err(input, i, "'a' cannot be combined with a bracket group"));
                }
                let outer = legs.pop().unwrap_or_default();
                let (group, next) = parse_bracket(input, &chars, i, outer, dialect, warnings)?;
                groups.push(group);
                i = next;
            }
            Some(&a) if a.is_ascii_uppercase() => {
                let atom =
                    Atom::from_letter(a, dialect).ok_or_else(|| unknown_atom(input, i, a))?;
                i += 1;
                let (range, next) = parse_range(input, &chars, i, atom)?;
                i = next;
                for leg in &mut legs {
                    leg.atom = Some((atom, next - 1));
                    leg.range = range;
                }
                let n = legs.len();
                groups.push(RawGroup {
                    pos: group_start,
                    legs,
                    stops: (0..n).map(|k| k + 1 == n).collect(),
                    bracket: false,
                });
            }
            Some(&other) => {
                return Err(unexpected(
                    input,
                    i,
                    other,
                    "an atom (a capital letter) or '['",
                ));
            }
            None => {
                return Err(err(
                    input,
                    chars.len().saturating_sub(1).max(group_start),
                    "modifiers at the end of the string have no atom to apply to",
                ));
            }
        }
    }
    Ok(groups)
}

fn unknown_atom(input: &str, i: usize, a: char) -> BetzaError {
    let hint = if a == 'U' {
        " (the universal leaper is not part of XBetza)"
    } else {
        ""
    };
    err(
        input,
        i,
        format!("unknown atom '{a}'{hint}; atoms are W F D N A H C Z G K Q R B O"),
    )
}

fn unexpected(input: &str, i: usize, c: char, expected: &str) -> BetzaError {
    let what = match c {
        '@' => "drops are a variant rule (pieceDrops), not a piece move".to_string(),
        '(' | ')' => "parenthesised groups are not supported".to_string(),
        '0'..='9' => format!("a number must follow an atom, found '{c}'"),
        _ => format!("unexpected character '{c}'"),
    };
    err(input, i, format!("{what}; expected {expected}"))
}

/// Read modifiers (with `a` separating legs) up to an atom or a bracket.
fn parse_prefix(
    input: &str,
    chars: &[char],
    mut i: usize,
    dialect: Dialect,
    warnings: &mut Vec<BetzaWarning>,
) -> Result<(Vec<RawLeg>, usize), BetzaError> {
    let mut legs = vec![RawLeg {
        pos: i,
        ..RawLeg::default()
    }];
    let mut dirs_closed = false;
    while let Some(&c) = chars.get(i) {
        if !c.is_ascii_lowercase() {
            break;
        }
        if dialect == Dialect::FairyStockfish && !FSF_LETTERS.contains(c) {
            warnings.push(BetzaWarning {
                position: i,
                message: format!(
                    "Fairy-Stockfish ignores the modifier '{c}'; so does this dialect"
                ),
            });
            i += 1;
            continue;
        }
        let leg = legs.last_mut().expect("legs starts non-empty");
        if c == 'a' {
            legs.push(RawLeg {
                pos: i + 1,
                ..RawLeg::default()
            });
            dirs_closed = false;
            i += 1;
            continue;
        }
        if DIRECTIONS.contains(c) {
            if leg.dirs.is_empty() {
                leg.dirs_pos = i;
            } else if dirs_closed {
                return Err(err(
                    input,
                    i,
                    "direction modifiers of one leg must be written together",
                ));
            }
            leg.dirs.push(c);
            i += 1;
            continue;
        }
        if !leg.dirs.is_empty() {
            dirs_closed = true;
        }
        if !MODIFIERS.contains(c) {
            let msg = match c {
                'q' | 'z' => format!(
                    "'{c}' (circular / crooked moves) is not supported by XBoard or Griffon"
                ),
                'k' | 'w' => format!("unknown modifier '{c}'"),
                _ => format!("unknown modifier '{c}'"),
            };
            return Err(err(input, i, msg));
        }
        match c {
            'i' => {
                if leg.initial == 0 {
                    leg.initial_pos = i;
                }
                leg.initial += 1;
                if leg.initial > 1 {
                    return Err(err(input, i, "'ii' is not supported"));
                }
            }
            'j' => {
                leg.j += 1;
                if leg.j > 3 {
                    return Err(err(input, i, "too many 'j' modifiers"));
                }
            }
            _ => {
                if leg.has(c).is_some() {
                    return Err(err(
                        input,
                        i,
                        format!("modifier '{c}' given twice in one leg"),
                    ));
                }
                match c {
                    'm' => leg.m = true,
                    'c' => leg.c = true,
                    'd' => leg.d = true,
                    'e' => leg.e = true,
                    'x' => leg.x = true,
                    't' => leg.t = true,
                    'p' => leg.p = true,
                    'g' => leg.g = true,
                    'o' => leg.o = true,
                    'y' => leg.y = true,
                    'n' => leg.n = true,
                    'u' => leg.u = true,
                    _ => unreachable!("MODIFIERS lists exactly these"),
                }
            }
        }
        leg.letters.push((c, i));
        i += 1;
    }
    Ok((legs, i))
}

/// Read the number after an atom: none, `0` (unlimited) or 1..=99; a doubled
/// atom (`NN`) is classic Betza for an unlimited rider.
fn parse_range(
    input: &str,
    chars: &[char],
    mut i: usize,
    atom: Atom,
) -> Result<(Option<u8>, usize), BetzaError> {
    let start = i;
    let mut digits = String::new();
    while let Some(&c) = chars.get(i) {
        if !c.is_ascii_digit() {
            break;
        }
        digits.push(c);
        i += 1;
    }
    if digits.is_empty() {
        if chars.get(i) == Some(&atom.letter()) && atom != Atom::O {
            return Ok((Some(0), i + 1));
        }
        return Ok((None, i));
    }
    if digits.len() > 1 && digits.starts_with('0') {
        return Err(err(
            input,
            start,
            format!("range '{digits}' has a leading zero; write 0 alone for unlimited"),
        ));
    }
    match digits.parse::<u8>() {
        Ok(n) if n <= 99 => Ok((Some(n), i)),
        _ => Err(err(
            input,
            start,
            format!("range '{digits}' is too large (at most 99)"),
        )),
    }
}

/// Read a bracket group `[leg?leg-leg]`; `outer` holds modifiers written in
/// front of the bracket, which apply to its first leg.
fn parse_bracket(
    input: &str,
    chars: &[char],
    open: usize,
    outer: RawLeg,
    dialect: Dialect,
    warnings: &mut Vec<BetzaWarning>,
) -> Result<(RawGroup, usize), BetzaError> {
    if dialect == Dialect::FairyStockfish {
        warnings.push(BetzaWarning {
            position: open,
            message: "bracket groups are XBetza; Fairy-Stockfish reads them only in some builds"
                .into(),
        });
    }
    let mut i = open + 1;
    let mut legs = Vec::new();
    let mut stops = Vec::new();
    loop {
        let (mut sub, next) = parse_prefix(input, chars, i, dialect, warnings)?;
        if sub.len() > 1 {
            let pos = sub[1].pos - 1;
            return Err(err(
                input,
                pos,
                "inside brackets legs are separated by '-' or '?', not 'a'",
            ));
        }
        i = next;
        let mut leg = sub.pop().unwrap_or_default();
        let a = match chars.get(i) {
            Some(&a) if a.is_ascii_uppercase() => a,
            Some(&other) => return Err(unexpected(input, i, other, "an atom inside the bracket")),
            None => return Err(err(input, open, "'[' is never closed")),
        };
        let atom = Atom::from_letter(a, dialect).ok_or_else(|| unknown_atom(input, i, a))?;
        if atom == Atom::O {
            return Err(err(
                input,
                i,
                "castling 'O' cannot be part of a multi-leg move",
            ));
        }
        let atom_pos = i;
        let (range, next) = parse_range(input, chars, i + 1, atom)?;
        i = next;
        leg.atom = Some((atom, atom_pos));
        leg.range = range;
        legs.push(leg);
        match chars.get(i) {
            Some('-') => stops.push(false),
            Some('?') => stops.push(true),
            Some(']') => {
                stops.push(true);
                i += 1;
                break;
            }
            Some(&other) => return Err(unexpected(input, i, other, "'-', '?' or ']'")),
            None => return Err(err(input, open, "'[' is never closed")),
        }
        i += 1;
    }
    if legs.len() < 2 {
        return Err(err(
            input,
            open,
            "a bracket group needs at least two legs, e.g. [F?R]",
        ));
    }
    // Modifiers in front of the bracket belong to its first leg.
    let first = &mut legs[0];
    if !outer.dirs.is_empty() {
        if !first.dirs.is_empty() {
            return Err(err(
                input,
                outer.dirs_pos,
                "directions given both before and inside the bracket",
            ));
        }
        first.dirs = outer.dirs.clone();
        first.dirs_pos = outer.dirs_pos;
    }
    for &(c, p) in &outer.letters {
        if first.has(c).is_some() && c != 'j' {
            return Err(err(
                input,
                p,
                format!("modifier '{c}' given both before and inside the bracket"),
            ));
        }
        first.letters.push((c, p));
    }
    first.initial += outer.initial;
    if outer.initial > 0 {
        first.initial_pos = outer.initial_pos;
    }
    first.m |= outer.m;
    first.c |= outer.c;
    first.d |= outer.d;
    first.e |= outer.e;
    first.x |= outer.x;
    first.t |= outer.t;
    first.p |= outer.p;
    first.g |= outer.g;
    first.o |= outer.o;
    first.y |= outer.y;
    first.n |= outer.n;
    first.u |= outer.u;
    first.j += outer.j;
    Ok((
        RawGroup {
            pos: outer.pos.min(open),
            legs,
            stops,
            bracket: true,
        },
        i,
    ))
}
