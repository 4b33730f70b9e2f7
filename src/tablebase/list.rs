//! The tables of a variant in a directory, with their statistics: what
//! `griffon tb stats` prints, one row per file.
//!
//! Every file is read whole and checked (header, move records, checksum)
//! as the engine would read it; a file that fails is reported apart and
//! the others are still listed.

use super::TbError;
use super::file::{self, Header};
use super::stats::Stats;
use crate::position::Rules;
use std::path::{Path, PathBuf};

/// The tables found in a directory.
#[derive(Debug)]
pub struct Listing {
    /// One per file read, in file name order.
    pub rows: Vec<ListedTable>,
    /// Files that could not be read, with why.
    pub unreadable: Vec<(PathBuf, TbError)>,
}

/// One table of a [`Listing`].
#[derive(Debug)]
pub struct ListedTable {
    pub header: Header,
    pub stats: Stats,
}

/// The tables of `rules`' variant in `dir` (only `material`'s, if given),
/// each read and counted. An error when the directory cannot be read or
/// holds no such table.
pub fn list_tables(dir: &Path, rules: &Rules, material: Option<&str>) -> Result<Listing, TbError> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| TbError(format!("{}: {e}", dir.display())))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                n.ends_with(".gtb")
                    && match material {
                        Some(m) => n == file::file_name(&rules.variant.name, m),
                        None => n.starts_with(&format!("{}-", rules.variant.name)),
                    }
            })
        })
        .collect();
    paths.sort();
    if paths.is_empty() {
        return Err(TbError(format!(
            "no {} tables in {}",
            rules.variant.name,
            dir.display()
        )));
    }
    let mut listing = Listing {
        rows: Vec::new(),
        unreadable: Vec::new(),
    };
    for path in paths {
        match file::read(&path, rules) {
            Ok(loaded) => listing.rows.push(ListedTable {
                stats: loaded.stats(rules),
                header: loaded.header,
            }),
            Err(e) => listing.unreadable.push((path, e)),
        }
    }
    Ok(listing)
}

impl Listing {
    /// The table `griffon tb stats` prints: a header line, then per file
    /// its material, the counts per side to move ('-' for a side the file
    /// does not store: Black's, derived in play by a one-ply lookahead),
    /// bits per position and the longest mate.
    pub fn text(&self) -> String {
        let mut out = format!(
            "{:<10} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10} {:>7}  longest mate\n",
            "material", "w won", "w drawn", "w lost", "b won", "b drawn", "b lost", "bits"
        );
        for row in &self.rows {
            let (header, st) = (&row.header, &row.stats);
            let bits = header.compressed as f64 * 8.0 / (2.0 * header.positions as f64);
            let longest = st
                .longest
                .iter()
                .enumerate()
                .filter_map(|(c, l)| l.as_ref().map(|(n, fen)| (c, *n, fen)))
                .max_by_key(|x| x.1)
                .map_or("none".to_string(), |(_, n, fen)| {
                    format!("{n} moves: {fen}")
                });
            let count = |c: usize, n: u64| {
                if st.stored[c] {
                    n.to_string()
                } else {
                    "-".to_string()
                }
            };
            out.push_str(&format!(
                "{:<10} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10} {:>7.2}  {}\n",
                header.material,
                count(0, st.won[0]),
                count(0, st.drawn[0]),
                count(0, st.lost[0]),
                count(1, st.won[1]),
                count(1, st.drawn[1]),
                count(1, st.lost[1]),
                bits,
                longest
            ));
        }
        out
    }
}
