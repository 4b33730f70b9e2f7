//! Tables in play: the files of one variant in a directory, found by
//! material and read when the search first reaches that material.
//!
//! Opening a directory reads only the headers; a table's values are read
//! (and checked against the header's checksum) on the first probe, by
//! whichever search thread gets there, and kept for later probes. A file
//! that fails any check is skipped with a logged warning: the search then
//! simply has no table for that material.

use super::file::{self, Loaded};
use super::generate::{BROKEN, DRAW};
use crate::position::Position;
use crate::position::Rules;
use crate::variant::{Color, Role};
use arrayvec::ArrayVec;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// What a table says about a position, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    /// Mates in this many plies.
    Win(u32),
    /// Is mated in this many plies.
    Loss(u32),
    Draw,
}

struct Entry {
    path: PathBuf,
    table: OnceLock<Option<Loaded>>,
}

/// The tables of one variant.
pub struct Tablebases {
    rules: Arc<Rules>,
    entries: HashMap<u128, Entry>,
    /// Most men in any table.
    pub max_men: usize,
}

/// A material as one number: the men's (colour, type) bytes in index
/// order.
fn key_of(men: impl Iterator<Item = (Color, Role)>) -> u128 {
    men.fold(0u128, |k, (c, r)| {
        (k << 16) | (((c.index() as u128) << 8 | u128::from(r.0)) + 1)
    })
}

impl Tablebases {
    /// The tables of `rules`' variant in `dir` (files named
    /// `VARIANT-MATERIAL.gtb`). Returns the tables and a warning per file
    /// that could not be used.
    pub fn open(dir: &Path, rules: &Arc<Rules>) -> (Tablebases, Vec<String>) {
        let mut tb = Tablebases {
            rules: rules.clone(),
            entries: HashMap::new(),
            max_men: 0,
        };
        let mut warnings = Vec::new();
        let prefix = format!("{}-", rules.variant.name);
        let listing = match std::fs::read_dir(dir) {
            Ok(l) => l,
            Err(e) => {
                warnings.push(format!("{}: {e}", dir.display()));
                return (tb, warnings);
            }
        };
        for item in listing.flatten() {
            let path = item.path();
            let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            if !name.starts_with(&prefix) || !name.ends_with(".gtb") {
                continue;
            }
            match file::read_header(&path, rules) {
                Ok((_, material)) => {
                    tb.max_men = tb.max_men.max(material.men.len());
                    let key = key_of(material.men.iter().copied());
                    tb.entries.insert(
                        key,
                        Entry {
                            path,
                            table: OnceLock::new(),
                        },
                    );
                }
                Err(e) => warnings.push(format!("{}: {e}", path.display())),
            }
        }
        (tb, warnings)
    }

    /// Number of tables found.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The table's verdict on `pos`, if there is a table for its material
    /// and the position is one tables describe (no pieces in hand, no
    /// castling rights, no e.p. right, no piece but a pawn that still has
    /// an initial move: a pawn's double step belongs to its square, and
    /// tables hold it).
    pub fn probe(&self, pos: &Position) -> Option<Hit> {
        let count =
            (pos.alive(Color::White).count_ones() + pos.alive(Color::Black).count_ones()) as usize;
        if count > self.max_men || count < 2 {
            return None;
        }
        let rules = &self.rules;
        if rules.holdings
            || pos.ep().victim != 0
            || rules.castling.is_some()
                && (pos.castling_rights(Color::White) | pos.castling_rights(Color::Black)) != 0
        {
            return None;
        }
        let g = rules.geometry();
        let mut men: ArrayVec<(u8, Color, Role, u8), { super::MAX_MEN }> = ArrayVec::new();
        for color in Color::BOTH {
            for (_, slot) in pos.pieces(color) {
                let r = usize::from(slot.role.0);
                if slot.virgin
                    && !rules.promotes[color.index()][r]
                    && rules
                        .table
                        .role_trees(color, slot.role)
                        .initial_root(slot.sq)
                        != 0
                {
                    return None;
                }
                let order = if rules.royal[r] {
                    0
                } else {
                    1 + color.index() as u8
                };
                men.push((order, color, slot.role, g.dense(slot.sq)? as u8));
            }
        }
        men.sort_unstable_by_key(|m| (m.0, m.1.index(), m.2.0));
        let key = key_of(men.iter().map(|m| (m.1, m.2)));
        let entry = self.entries.get(&key)?;
        let table = entry
            .table
            .get_or_init(|| match file::read(&entry.path, rules) {
                Ok(t) => Some(t),
                Err(e) => {
                    log::warn!("tablebase {}: {e}; not used", entry.path.display());
                    None
                }
            })
            .as_ref()?;
        let squares: ArrayVec<u8, { super::MAX_MEN }> = men.iter().map(|m| m.3).collect();
        let code = table.code(&squares, pos.side_to_move())?;
        match code {
            DRAW => Some(Hit::Draw),
            BROKEN => None,
            c if c % 2 == 0 => Some(Hit::Win(u32::from(c) - 1)),
            c => Some(Hit::Loss(u32::from(c) - 1)),
        }
    }
}
