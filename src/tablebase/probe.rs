//! Tables in play: the files of one variant in a directory, found by
//! material and read when the search first reaches that material.
//!
//! Opening a directory reads only the headers; a table's values are read
//! (and checked against the header's checksum) on the first probe, by
//! whichever search thread gets there, and kept for later probes. A file
//! that fails any check is skipped with a logged warning: the search then
//! simply has no table for that material.

use super::code::{BROKEN, DRAW};
use super::file::{self, Loaded};
use crate::judge;
use crate::position::Position;
use crate::position::Rules;
use crate::types::{Color, Role, flag};
use crate::variant::GameValue;
use arrayvec::ArrayVec;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// How many plies the prober looks ahead for positions files do not
/// store: Black to move after White's double step, White's answer in
/// passing, Black's reply, and room for a double step in that smaller
/// table; deeper chains are left to the search.
const PROBE_DEPTH: u32 = 4;

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

    /// The table's verdict on `pos`. Files store White-to-move positions
    /// without e.p. rights; with Black to move the verdict is the best
    /// over Black's legal moves of the verdicts after them (each a
    /// position of this table or, after a capture or promotion, of a
    /// smaller one), and a right to take in passing adds those captures
    /// to the stored verdict. `None` where no table covers the position
    /// or a successor.
    pub fn probe(&self, pos: &mut Position) -> Option<Hit> {
        self.probe_within(pos, PROBE_DEPTH)
    }

    fn probe_within(&self, pos: &mut Position, depth: u32) -> Option<Hit> {
        let stored = self.stored(pos)?;
        let ep = pos.ep().victim != 0;
        if let (Some(hit), false) = (stored, ep) {
            return Some(hit);
        }
        // Positions a rule decides are the search's to score, and so are
        // mates and stalemates at the probed position itself; after a move
        // they count as the tables count them.
        if depth == 0 || judge::by_rule(pos).is_some() {
            return None;
        }
        let moves = crate::movegen::legal_moves(pos);
        if moves.is_empty() {
            let in_check = pos.in_check(pos.side_to_move());
            return match judge::no_legal_move(pos, in_check).value {
                _ if depth == PROBE_DEPTH => None,
                GameValue::Loss => Some(Hit::Loss(0)),
                GameValue::Draw => Some(Hit::Draw),
                GameValue::Win => None,
            };
        }
        // A stored verdict (the position without its e.p. right) covers
        // every move but the captures in passing.
        let mut best = stored;
        for &m in moves.iter() {
            if stored.is_some() && !m.is(flag::EP) {
                continue;
            }
            let undo = pos.make(m);
            let after = self.probe_within(pos, depth - 1);
            pos.unmake(m, &undo);
            let mine = match after? {
                Hit::Loss(p) => Hit::Win(p + 1),
                Hit::Draw => Hit::Draw,
                Hit::Win(p) => Hit::Loss(p + 1),
            };
            best = Some(best.map_or(mine, |b| better(b, mine)));
        }
        best
    }

    /// The stored verdict on `pos`: `None` without a table for its
    /// material or when the position is not one tables describe (pieces
    /// in hand, castling rights, a piece other than a pawn that still has
    /// an initial move: a pawn's double step belongs to its square, and
    /// tables hold it); `Some(None)` when the file does not store its side
    /// to move. An e.p. right is not looked at: the verdict is that of the
    /// position without it.
    fn stored(&self, pos: &Position) -> Option<Option<Hit>> {
        let count =
            (pos.alive(Color::White).count_ones() + pos.alive(Color::Black).count_ones()) as usize;
        if count > self.max_men || count < 2 {
            return None;
        }
        let rules = &self.rules;
        if rules.holdings
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
        if table.values[pos.side_to_move().index()].is_empty() {
            return Some(None);
        }
        let code = table.code(&squares, pos.side_to_move())?;
        match code {
            DRAW => Some(Some(Hit::Draw)),
            BROKEN => None,
            c if c % 2 == 0 => Some(Some(Hit::Win(u32::from(c) - 1))),
            c => Some(Some(Hit::Loss(u32::from(c) - 1))),
        }
    }
}

/// The better verdict for the side to move: the fastest win, then a draw,
/// then the slowest loss.
fn better(a: Hit, b: Hit) -> Hit {
    let rank = |h: Hit| -> i64 {
        match h {
            Hit::Win(p) => i64::from(u32::MAX) - i64::from(p),
            Hit::Draw => 0,
            Hit::Loss(p) => i64::from(p) - i64::from(u32::MAX),
        }
    };
    if rank(b) > rank(a) { b } else { a }
}
