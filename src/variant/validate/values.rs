//! How a single value of a variant file is read: booleans, numbers, files,
//! ranks, regions, game values, piece letters and `a:b` pairs.
//!
//! variant file -> `ini::parse` -> inheritance -> **key checking** -> `Variant`
//!
//! The free functions read text alone; the [`Checker`] methods read a key
//! of the variant being checked, with its board size and pieces, and
//! report a bad value at the line that set it, going on with the default.

use super::check::Checker;
use crate::types::{Letter, MAX_FILES, MAX_RANKS, Region, Square, file_from_letter};
use crate::variant::error::ValidationErrorKind as Kind;
use crate::variant::{GameValue, Role};
use crate::xbetza::Dialect;

pub(super) fn parse_dialect(value: &str) -> Result<Dialect, Kind> {
    match value {
        "xboard" => Ok(Dialect::XBoard),
        "fairy" => Ok(Dialect::FairyStockfish),
        _ => Err(Kind::BadValue {
            value: value.into(),
            expected: "xboard or fairy",
        }),
    }
}

pub(super) fn parse_bool(value: &str) -> Result<bool, Kind> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(Kind::BadValue {
            value: value.into(),
            expected: "true or false",
        }),
    }
}

/// A square set on a `width` x `height` board: `a1 b2`, `*8` (a rank),
/// `a*` (a file), `-` (empty). Squares that Griffon could place on its
/// largest board but that lie off this one are left out and their tokens
/// pushed to `off_board`, as Fairy-Stockfish masks them: a parent's
/// `*7` still reads on a child's six ranks.
pub(super) fn parse_region(
    v: &str,
    width: u8,
    height: u8,
    off_board: &mut Vec<String>,
) -> Result<Region, Kind> {
    let mut region = Region::EMPTY;
    for token in v.split_whitespace().filter(|&t| t != "-") {
        let bad = || Kind::BadSquare {
            token: token.into(),
            width,
            height,
        };
        let mut off = |on: bool| {
            if !on {
                off_board.push(token.to_string());
            }
            on
        };
        if let Some(rank) = token.strip_prefix('*') {
            let rank: u8 = rank
                .parse()
                .ok()
                .filter(|r| (1..=MAX_RANKS).contains(r))
                .ok_or_else(bad)?;
            if off(rank <= height) {
                region = region | Region::rank(rank - 1, width);
            }
        } else if let Some(file) = token.strip_suffix('*') {
            let file = file
                .chars()
                .next()
                .filter(|_| file.len() == 1)
                .and_then(file_from_letter)
                .filter(|&f| f < MAX_FILES)
                .ok_or_else(bad)?;
            if off(file < width) {
                region = region | Region::file(file, height);
            }
        } else {
            let sq = Square::parse(token)
                .filter(|s| s.on_board(MAX_FILES, MAX_RANKS))
                .ok_or_else(bad)?;
            if off(sq.on_board(width, height)) {
                region.insert(sq);
            }
        }
    }
    Ok(region)
}

/// A file letter or 1-based number, 0-based.
fn read_file(v: &str) -> Option<u8> {
    match v.parse::<u8>() {
        Ok(n) => n.checked_sub(1),
        Err(_) => v
            .chars()
            .next()
            .filter(|_| v.len() == 1)
            .and_then(file_from_letter),
    }
}

/// The note for letters of no piece type, which are left out.
pub(super) fn undefined_letters(letters: &[String]) -> String {
    let quoted: Vec<String> = letters.iter().map(|l| format!("'{l}'")).collect();
    format!("no piece type with letter {}; left out", quoted.join(", "))
}

/// `a:b` items separated by spaces, each read by `each`, which gets
/// the two sides and the error for a malformed item.
pub(super) fn pairs<T>(
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

impl<'a> Checker<'a> {
    pub(super) fn bool(&mut self, key: &'a str, default: bool) -> bool {
        self.read(key, default, |_, v| parse_bool(v))
    }

    /// A flag per colour: `base` for both, each colour's own key over it.
    pub(super) fn bool_pair(&mut self, [white, black]: [&'a str; 2], base: &'a str) -> [bool; 2] {
        let both = self.bool(base, false);
        [self.bool(white, both), self.bool(black, both)]
    }

    pub(super) fn number(&mut self, key: &'a str, default: u32) -> u32 {
        self.read(key, default, |_, v| {
            v.parse().map_err(|_| Kind::BadValue {
                value: v.into(),
                expected: "a whole number",
            })
        })
    }

    /// `chasingRule`: `axf` (the Asian rules, as Fairy-Stockfish names
    /// them) or `none`.
    pub(super) fn chasing_rule(&mut self) -> bool {
        self.read("chasingRule", false, |_, v| match v {
            "axf" => Ok(true),
            "none" => Ok(false),
            _ => Err(Kind::BadValue {
                value: v.into(),
                expected: "axf or none",
            }),
        })
    }

    pub(super) fn game_value(
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

    pub(super) fn board_size(&mut self, key: &'a str, max: u8, letters: bool) -> u8 {
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

    /// A file of Griffon's largest board, which may lie off this one (the
    /// caller decides what that means).
    pub(super) fn any_file(&mut self, key: &'a str, default: u8) -> u8 {
        self.read(key, default, |_, v| {
            read_file(v)
                .filter(|&f| f < MAX_FILES)
                .ok_or(Kind::BadValue {
                    value: v.into(),
                    expected: "a file letter or number",
                })
        })
    }

    /// A rank of this board, 1-based in the file, 0-based here.
    pub(super) fn rank(&mut self, key: &'a str, default: u8) -> u8 {
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
    pub(super) fn region(&mut self, key: &'a str, default: Region) -> Region {
        let (width, height) = (self.width, self.height);
        self.read(key, default, |c, v| {
            let mut off_board = Vec::new();
            let region = parse_region(v, width, height, &mut off_board)?;
            if !off_board.is_empty() {
                let squares = off_board.join(" ");
                c.tolerate(format!("{squares}: not on this board; left out"));
            }
            Ok(region)
        })
    }

    /// The piece type with this letter, or with this alias (`fenAliases`).
    pub(super) fn role_of(&self, letter: Letter) -> Option<Role> {
        self.pieces
            .iter()
            .position(|p| p.letter == letter)
            .map(|i| Role(i as u8))
            .or_else(|| {
                self.letter_aliases
                    .iter()
                    .find(|(l, _)| *l == letter)
                    .map(|&(_, r)| r)
            })
    }

    pub(super) fn role_of_key(&self, key: &str) -> Option<Role> {
        self.pieces
            .iter()
            .position(|p| p.key == key)
            .map(|i| Role(i as u8))
    }

    /// Piece letters (`nbrq`, `q r`, `a'b`); `-` is empty, `*` (where
    /// `all` allows it) is every piece type. A letter of no piece here is
    /// left out, as Fairy-Stockfish does: a parent's `pawnTypes = p` still
    /// reads in a child without pawns.
    pub(super) fn parse_roles(&mut self, value: &str, all: bool) -> Result<Vec<Role>, Kind> {
        if value == "-" {
            return Ok(Vec::new());
        }
        if all && value == "*" {
            return Ok((0..self.pieces.len()).map(|i| Role(i as u8)).collect());
        }
        let mut roles = Vec::new();
        let mut unknown = Vec::new();
        let mut rest = value.trim_start();
        while !rest.is_empty() {
            let (letter, _, used) = Letter::parse_prefix(rest).ok_or_else(|| Kind::BadValue {
                value: value.into(),
                expected: "piece letters",
            })?;
            match self.role_of(letter) {
                Some(role) if !roles.contains(&role) => roles.push(role),
                Some(_) => {}
                None => unknown.push(letter.to_string()),
            }
            rest = rest[used..].trim_start();
        }
        if !unknown.is_empty() {
            self.tolerate(undefined_letters(&unknown));
        }
        Ok(roles)
    }

    pub(super) fn roles(&mut self, key: &'a str, default: Vec<Role>) -> Vec<Role> {
        self.read(key, default, |c, v| c.parse_roles(v, false))
    }

    /// A per-colour piece set: `<base>White`/`<base>Black`, then `<base>`,
    /// then `fallback` (e.g. `pawnTypes`), then `default`. A key shared by
    /// both colours is read (and reported) once.
    pub(super) fn colored_roles(
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

    pub(super) fn colored_region(
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

    /// The defined piece whose letter is `text`.
    pub(super) fn piece_letter(&self, text: &str, bad: &dyn Fn() -> Kind) -> Result<Role, Kind> {
        let l = Letter::parse(text).ok_or_else(bad)?;
        self.role_of(l)
            .ok_or_else(|| Kind::UndefinedPiece(l.to_string()))
    }

    /// `letter:value` pairs of piece values, in Fairy-Stockfish's units.
    /// A letter of no piece here is left out (and tolerated: a parent's
    /// values may name pieces a child does without).
    pub(super) fn parse_values(&mut self, value: &str) -> Result<Vec<(Role, i32)>, Kind> {
        let mut absent = Vec::new();
        let values = pairs(value, "letter:value pairs", |letter, v, bad| {
            let l = Letter::parse(letter).ok_or_else(bad)?;
            let v: i32 = v.parse().map_err(|_| bad())?;
            if !(0..=100_000).contains(&v) {
                return Err(bad());
            }
            let role = self.role_of(l);
            if role.is_none() {
                absent.push(l);
            }
            Ok(role.map(|r| (r, v)))
        })?;
        for l in absent {
            self.tolerate(format!(
                "no piece type with letter '{l}': its value is left out"
            ));
        }
        Ok(values.into_iter().flatten().collect())
    }

    /// `a:b c:d` pairs of piece letters.
    pub(super) fn parse_pairs(&self, value: &str) -> Result<Vec<(Role, Role)>, Kind> {
        pairs(value, "letter:letter pairs", |a, b, bad| {
            Ok((self.piece_letter(a, bad)?, self.piece_letter(b, bad)?))
        })
    }

    pub(super) fn parse_limits(&self, value: &str) -> Result<Vec<(Role, u32)>, Kind> {
        pairs(value, "letter:count", |letter, count, bad| {
            Ok((
                self.piece_letter(letter, bad)?,
                count.parse().map_err(|_| bad())?,
            ))
        })
    }
}
