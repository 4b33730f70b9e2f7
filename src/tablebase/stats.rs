//! Statistics of a table: won, drawn and lost positions per side to move
//! and the longest mate with a position where it happens.
//!
//! The same count serves a generated [`Table`] and a table read from a
//! file ([`Loaded`]), which may store White's side only. Also here: the
//! summary `griffon tb gen` prints (the index, then these counts).

use super::code::{BROKEN, is_loss, is_win};
use super::file::Loaded;
use super::table::Table;
use crate::position::Rules;
use crate::types::Color;

/// What a table holds, per side to move (White, Black).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub won: [u64; 2],
    pub drawn: [u64; 2],
    pub lost: [u64; 2],
    /// Longest mate in moves for the side to move, with a FEN.
    pub longest: [Option<(u32, String)>; 2],
    /// Whether the side's values are known (a file stores White's only).
    pub stored: [bool; 2],
}

impl Stats {
    /// Count the codes of each side to move (`values`, in index order);
    /// `fen` gives the position at an index, for the longest mate.
    /// `stored` is left false.
    fn count(values: [&[u8]; 2], fen: impl Fn(u32, Color) -> String) -> Stats {
        let mut s = Stats::default();
        for stm in Color::BOTH {
            let c = stm.index();
            let mut longest: Option<(u8, u32)> = None;
            for (idx, &code) in values[c].iter().enumerate() {
                if code == BROKEN {
                    continue;
                }
                if is_win(code) {
                    s.won[c] += 1;
                    if longest.is_none_or(|(l, _)| code > l) {
                        longest = Some((code, idx as u32));
                    }
                } else if is_loss(code) {
                    s.lost[c] += 1;
                } else {
                    s.drawn[c] += 1;
                }
            }
            if let Some((code, idx)) = longest {
                s.longest[c] = Some((u32::from(code) / 2, fen(idx, stm)));
            }
        }
        s
    }

    /// One line per side to move: its counts and its longest mate.
    pub fn by_side(&self) -> String {
        let mut out = String::new();
        for (c, side) in ["white", "black"].iter().enumerate() {
            out.push_str(&format!(
                "{side} to move: {} won, {} drawn, {} lost",
                self.won[c], self.drawn[c], self.lost[c]
            ));
            match &self.longest[c] {
                Some((n, fen)) => out.push_str(&format!("; longest mate {n} moves: {fen}\n")),
                None => out.push_str("; no win\n"),
            }
        }
        out
    }
}

impl Table {
    /// Counts of won, drawn and lost positions per side to move and the
    /// longest mate (with a position where it happens).
    pub fn stats(&self) -> Stats {
        let values = [self.values[0].as_slice(), self.values[1].as_slice()];
        let mut s = Stats::count(values, |idx, stm| self.fen(idx, stm).unwrap_or_default());
        s.stored = [true; 2];
        s
    }

    /// What `griffon tb gen` prints about the table of variant `variant`:
    /// its index (size, royal pairs, symmetries, against the naive
    /// count), then [`Stats::by_side`].
    pub fn summary(&self, variant: &str) -> String {
        let ix = &self.index;
        let mut out = format!(
            "table {} ({}): {} positions per side to move ({} royal pairs, {} symmetries), naive {:.0}: {:.1}x smaller\n",
            self.name,
            variant,
            ix.size,
            ix.pairs.len(),
            ix.symmetries.len(),
            ix.naive_size(),
            ix.naive_size() / ix.size as f64
        );
        out.push_str(&self.stats().by_side());
        out
    }
}

impl Loaded {
    /// Won, drawn and lost positions per side to move and the longest
    /// mate with a FEN, from the stored values.
    pub fn stats(&self, rules: &Rules) -> Stats {
        let n = self.material.men.len();
        let letters: Vec<String> = self
            .material
            .men
            .iter()
            .map(|&(c, r)| rules.variant.pieces[usize::from(r.0)].letter.for_color(c))
            .collect();
        let fen = |idx: u32, stm: Color| {
            let mut sq = [0u8; super::MAX_MEN];
            self.index.decode(idx, &mut sq[..n]);
            super::fen(rules.geometry(), &letters, &sq[..n], stm)
        };
        let values = [self.values[0].as_slice(), self.values[1].as_slice()];
        let mut s = Stats::count(values, fen);
        for c in 0..2 {
            s.stored[c] = !self.values[c].is_empty();
        }
        s
    }
}
