//! Where a material's men may stand, and the index built over it.
//!
//! A man's home is the squares it may occupy: its mobility region (a
//! palace) or the whole board, and for a pawn only the squares it can
//! reach from its start squares, less those where it must already have
//! promoted. The index ([`super::index`]) uses the board symmetries that
//! keep every home, promotion zone and double-step region, and for the
//! flying-general rule only those that keep files files. Generation and
//! files build their indexes here, so a file's index is the generator's.

use super::index::Indexer;
use super::moves::{Mask, PieceSteps};
use super::{Material, TbError};
use crate::position::Rules;
use crate::types::{Color, Role};

/// A pawn type's promotion zone and the squares where it must promote,
/// as dense square sets (both empty for pieces that do not promote).
pub fn promotion_masks(rules: &Rules, color: Color, role: Role) -> (Mask, Mask) {
    if !rules.promotes[color.index()][usize::from(role.0)] {
        return (0, 0);
    }
    let c = color.index();
    (
        dense_mask(rules, |sq| rules.promotion_zone[c][usize::from(sq)]),
        dense_mask(rules, |sq| rules.must_promote[c][usize::from(sq)]),
    )
}

/// The board squares (dense numbering) where `f` of the padded square
/// holds.
fn dense_mask(rules: &Rules, f: impl Fn(u16) -> bool) -> Mask {
    let g = rules.geometry();
    g.squares()
        .filter(|&sq| f(sq))
        .filter_map(|sq| g.dense(sq))
        .fold(0, |m, d| m | 1 << d)
}

/// The index of `material` (compact for files, plain for generation):
/// the symmetries its men allow, and for the flying-general rule only
/// those that keep files files.
pub fn indexer(
    rules: &Rules,
    material: &Material,
    steps: &[&PieceSteps],
    compact: bool,
) -> Result<Indexer, TbError> {
    let v = &rules.variant;
    let (width, height) = (usize::from(v.width), usize::from(v.height));
    let flying_general = v.end.flying_general;
    let homes: Vec<Mask> = material
        .men
        .iter()
        .zip(steps)
        .map(|(&(c, r), s)| home(rules, c, r, s))
        .collect();
    // Squares where a man's moves differ: its home, a pawn's promotion
    // zone and double-step region; a symmetry must keep each.
    let mut regions = homes.clone();
    for &(c, r) in &material.men {
        if rules.promotes[c.index()][usize::from(r.0)] {
            regions.push(promotion_masks(rules, c, r).0);
            regions.push(dense_mask(rules, |sq| {
                rules.double_step_region[c.index()][usize::from(sq)]
            }));
        }
    }
    let keeps = |p: &Vec<u8>| {
        let files = !flying_general
            || (0..width * height)
                .all(|s| usize::from(p[s]) % width == usize::from(p[s % width]) % width);
        let kept = regions
            .iter()
            .all(|&h| (0..width * height).all(|s| (h >> s) & 1 == (h >> p[s]) & 1));
        files && kept
    };
    Indexer::with_homes(
        width,
        height,
        compact,
        &material.groups(),
        steps,
        &keeps,
        [homes[0], homes[1]],
    )
}

/// The squares a piece may stand on: its mobility region (a palace), or
/// the whole board; for a pawn, less the squares where it must already
/// have promoted.
pub fn home(rules: &Rules, color: Color, role: Role, steps: &PieceSteps) -> Mask {
    let v = &rules.variant;
    let (w, h) = (usize::from(v.width), usize::from(v.height));
    let region = match v.pieces[usize::from(role.0)].mobility[color.index()] {
        None => Mask::MAX,
        Some(region) => (0..w * h)
            .filter(|&s| region.contains(crate::types::Square::new((s % w) as u8, (s / w) as u8)))
            .fold(0, |m, s| m | 1 << s),
    };
    region & !promotion_masks(rules, color, role).1 & pawn_reach(rules, color, role, steps)
}

/// The squares a pawn can reach from its start squares (every square for
/// other pieces, and for a pawn the start array does not hold): a chess
/// pawn never stands on its first rank, nor a makruk pawn on its first two.
fn pawn_reach(rules: &Rules, color: Color, role: Role, steps: &PieceSteps) -> Mask {
    if !rules.promotes[color.index()][usize::from(role.0)] {
        return Mask::MAX;
    }
    let v = &rules.variant;
    let width = usize::from(v.width);
    let mut reach: Mask = 0;
    for (i, p) in v.start.board.iter().enumerate() {
        if p.is_some_and(|p| p.color == color && p.role == role) {
            reach |= 1 << i;
        }
    }
    if reach == 0 || v.start.board.len() != width * usize::from(v.height) {
        return Mask::MAX;
    }
    let mut todo: Vec<usize> = (0..v.start.board.len())
        .filter(|&s| reach >> s & 1 != 0)
        .collect();
    while let Some(s) = todo.pop() {
        for step in steps.quiet_from[s].iter().chain(&steps.capture_from[s]) {
            let bit: Mask = 1 << step.to;
            if reach & bit == 0 {
                reach |= bit;
                todo.push(usize::from(step.to));
            }
        }
    }
    reach
}

/// The compact index of `material`.
pub fn compact_indexer(
    rules: &Rules,
    material: &Material,
    steps: &[&PieceSteps],
) -> Result<Indexer, TbError> {
    indexer(rules, material, steps, true)
}
