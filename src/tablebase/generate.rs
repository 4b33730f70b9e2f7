//! Retrograde analysis: distance to mate for both sides to move.
//!
//! Each position of a table has one byte per side to move: 0 = not won by
//! either side (a draw once generation ends), 255 = illegal or an unused
//! index, otherwise `plies + 1` where `plies` is the distance to mate;
//! an odd `plies` is a win for the side to move, an even one a loss.
//!
//! Generation goes ply by ply. Ply 0: the checkmated positions. An odd
//! ply `p`: every un-move from a position lost at `p - 1` gives a position
//! won at `p`. An even ply `p`: every un-move from a position won at
//! `p - 1` gives a candidate, which is lost at `p` if every legal move
//! leads to a win for the opponent within `p - 1` plies. Captures and
//! promotions leave the table: their values come from the smaller (or
//! promoted) tables, built first, and enter the iteration as tentative
//! values at the ply their outcome decides (a capture that wins in `q`
//! plies gives a tentative win at `q`, which a faster quiet win replaces;
//! a position whose captures all lose, the slowest in `q`, is re-examined
//! at `q + 1`).
//!
//! Memory: the values (one byte per position and side to move) plus two
//! bits per position and side (tentative; examined in this ply) and the
//! smaller tables. The index is walked in batches, each read in parallel
//! and then written, so what a batch finds is the only other memory; the
//! positions decided at the last ply are found again by scanning for
//! their code rather than kept in a list.

use super::index::Indexer;
use super::moves::{Mask, PieceSteps};
use super::{Material, TbError, Value, check_rules};
use crate::position::Rules;
use crate::types::{Color, Role};
use crate::variant::GameValue;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

pub const DRAW: u8 = 0;
pub const BROKEN: u8 = 255;
/// Longest distance to mate a byte holds, in plies.
const MAX_PLIES: u32 = 253;
/// Positions read per batch of generation (what a batch finds is held
/// until it is written, so this bounds that memory).
const BATCH: usize = 1 << 21;

#[inline]
fn is_win(code: u8) -> bool {
    code != DRAW && code != BROKEN && code.is_multiple_of(2)
}

#[inline]
fn is_loss(code: u8) -> bool {
    code != BROKEN && code % 2 == 1
}

#[derive(Clone, Debug)]
struct Man {
    color: Color,
    /// Squares it may stand on.
    home: Mask,
    /// Where its moves promote (pawn types; empty for other men).
    zone: Mask,
    /// Where it must promote (a move there never keeps the pawn).
    must: Mask,
    steps: Arc<PieceSteps>,
}

/// A move that leaves the table by promotion: the table of the new
/// material and, for each of its men in order, the man of this table
/// whose square (the promoting pawn's destination for the pawn) it takes.
#[derive(Debug)]
struct Exit {
    table: Arc<Table>,
    src: [u8; super::MAX_MEN],
    n: usize,
}

/// One promotion choice of a pawn: quiet, or capturing man `j`.
#[derive(Debug)]
struct Promotion {
    quiet: Exit,
    /// By captured man (`None` for the royals and the pawn's own side).
    capture: Vec<Option<Exit>>,
}

/// One generated table.
#[derive(Debug)]
pub struct Table {
    pub material: Material,
    pub name: String,
    pub index: Indexer,
    /// The compact index files use.
    pub compact: Indexer,
    /// Per side to move (White, Black), one code per index.
    pub values: [Vec<u8>; 2],
    men: Vec<Man>,
    /// The table after man `j` is captured (`None` for the royals).
    subs: Vec<Option<Arc<Table>>>,
    /// Per man: its promotions (empty for men that do not promote).
    promotions: Vec<Vec<Promotion>>,
    flying_general: bool,
    width: usize,
    stalemate_loses: bool,
    /// Per side to move: the result a rule other than mate gives every
    /// position of this table (the shatranj bare king: it depends on the
    /// material alone, so on the table, not the position).
    rule: [Option<GameValue>; 2],
    /// Each man's FEN letter.
    letters: Vec<String>,
    geometry: crate::types::Geometry,
    /// Threads for generation.
    threads: usize,
    /// Per man: its plain-index stride ([`Indexer::plain_stride`]), or 0.
    stride: [i64; super::MAX_MEN],
    /// Per man: its double steps can be taken in passing
    /// ([`super::moves::ep_exposed`]).
    ep_exposed: [bool; super::MAX_MEN],
    /// During generation, per side to move: a bit per position whose value
    /// is tentative (from its captures, waiting for its ply).
    tentative: [Vec<u64>; 2],
    /// During a losing ply, per side to move: a bit per position already
    /// examined in this ply (a position reached from several positions
    /// decided at the last ply is examined once).
    checked: [Vec<AtomicU64>; 2],
}

/// Receives progress lines.
pub type Progress = Box<dyn FnMut(&str)>;

/// Builds tables, keeping each generated one for the larger tables whose
/// captures lead into it.
pub struct Generator {
    rules: Arc<Rules>,
    steps: HashMap<(Color, Role), Arc<PieceSteps>>,
    tables: HashMap<Material, Arc<Table>>,
    /// Called with a line of progress (table name, ply, positions).
    pub progress: Option<Progress>,
    /// Threads to generate with (default: every core).
    pub threads: usize,
}

impl Generator {
    pub fn new(rules: Arc<Rules>) -> Result<Generator, TbError> {
        check_rules(&rules)?;
        Ok(Generator {
            rules,
            steps: HashMap::new(),
            tables: HashMap::new(),
            progress: None,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        })
    }

    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    fn steps(&mut self, color: Color, role: Role) -> Result<Arc<PieceSteps>, TbError> {
        if let Some(s) = self.steps.get(&(color, role)) {
            return Ok(s.clone());
        }
        let r = usize::from(role.0);
        let promotion = &self.rules.variant.promotion;
        let letter = || self.rules.variant.pieces[r].letter.for_color(Color::White);
        if self.rules.promoted_type[r].is_some() {
            return Err(TbError(format!(
                "piece '{}' promotes shogi-style; tablebases do not support that yet",
                letter()
            )));
        }
        if self.rules.promotes[color.index()][r]
            && (promotion.require_in_hand || promotion.consume_in_hand)
        {
            return Err(TbError(format!(
                "piece '{}' promotes to pieces in hand; tablebases do not support that",
                letter()
            )));
        }
        let s = Arc::new(PieceSteps::build(&self.rules, color, role)?);
        self.steps.insert((color, role), s.clone());
        Ok(s)
    }

    /// Every table generated so far.
    pub fn tables(&self) -> impl Iterator<Item = &Arc<Table>> {
        self.tables.values()
    }

    /// Why `material` cannot have a table, if it cannot: a man whose
    /// moves tables cannot express.
    pub fn unsupported(&mut self, material: &Material) -> Option<TbError> {
        for &(c, r) in &material.men {
            if let Err(e) = self.steps(c, r) {
                return Some(e);
            }
        }
        None
    }

    /// Every material of at most `men` men (one royal a side plus other
    /// pieces, pawns too) that tables support, fewest men first.
    pub fn materials(&mut self, men: usize) -> Vec<Material> {
        let rules = self.rules.clone();
        let pieces: Vec<Role> = (0..rules.variant.pieces.len())
            .map(|r| Role(r as u8))
            .filter(|r| {
                let i = usize::from(r.0);
                !rules.royal[i] && self.steps(Color::White, *r).is_ok()
            })
            .collect();
        let Some(royal) = (0..rules.variant.pieces.len()).find(|&r| rules.royal[r]) else {
            return Vec::new();
        };
        let royal = Role(royal as u8);
        // Multisets of (colour, piece) of size up to men - 2.
        let kinds: Vec<(Color, Role)> = Color::BOTH
            .iter()
            .flat_map(|&c| pieces.iter().map(move |&r| (c, r)))
            .collect();
        let mut out = Vec::new();
        fn rec(
            kinds: &[(Color, Role)],
            start: usize,
            left: usize,
            cur: &mut Vec<(Color, Role)>,
            out: &mut Vec<Vec<(Color, Role)>>,
        ) {
            out.push(cur.clone());
            if left == 0 {
                return;
            }
            for k in start..kinds.len() {
                cur.push(kinds[k]);
                rec(kinds, k, left - 1, cur, out);
                cur.pop();
            }
        }
        let mut sets = Vec::new();
        rec(&kinds, 0, men.saturating_sub(2), &mut Vec::new(), &mut sets);
        sets.sort_by_key(|s| s.len());
        for set in sets {
            let mut m = vec![(Color::White, royal), (Color::Black, royal)];
            m.extend(set);
            if let Ok(mat) = Material::from_men(&rules, m)
                && self.unsupported(&mat).is_none()
            {
                out.push(mat);
            }
        }
        out
    }

    /// The table of `material`, generating it (and the tables its
    /// captures lead to) if needed.
    pub fn table(&mut self, material: &Material) -> Result<Arc<Table>, TbError> {
        if let Some(t) = self.tables.get(material) {
            return Ok(t.clone());
        }
        if let Some(e) = self.unsupported(material) {
            return Err(e);
        }
        let mut subs = Vec::new();
        for j in 0..material.men.len() {
            subs.push(if j < 2 {
                None
            } else {
                Some(self.table(&material.without(j))?)
            });
        }
        let mut promotions = Vec::new();
        for i in 0..material.men.len() {
            promotions.push(self.promotions(material, i)?);
        }
        let mut men = Vec::new();
        for &(color, role) in &material.men {
            let (zone, must) = promotion_masks(&self.rules, color, role);
            let steps = self.steps(color, role)?;
            men.push(Man {
                color,
                home: home(&self.rules, color, role, &steps),
                zone,
                must,
                steps,
            });
        }
        let v = &self.rules.variant;
        let width = usize::from(v.width);
        let flying_general = v.end.flying_general;
        let step_refs: Vec<&PieceSteps> = men.iter().map(|m| m.steps.as_ref()).collect();
        let colors: Vec<Color> = material.men.iter().map(|m| m.0).collect();
        let exposed = super::moves::ep_exposed(&step_refs, &colors);
        let index = indexer(&self.rules, material, &step_refs, false)?;
        let compact = indexer(&self.rules, material, &step_refs, true)?;
        let name = material.name(&self.rules);
        let size = index.size as usize;
        let mut table = Table {
            material: material.clone(),
            name: name.clone(),
            index,
            compact,
            values: [vec![DRAW; size], vec![DRAW; size]],
            men,
            subs,
            promotions,
            flying_general,
            width,
            stalemate_loses: v.end.stalemate == GameValue::Loss,
            rule: [Color::White, Color::Black].map(|stm| rule_outcome(&self.rules, material, stm)),
            letters: material
                .men
                .iter()
                .map(|&(c, r)| v.pieces[usize::from(r.0)].letter.for_color(c))
                .collect(),
            threads: self.threads,
            geometry: self.rules.geometry().clone(),
            stride: [0; super::MAX_MEN],
            ep_exposed: [false; super::MAX_MEN],
            tentative: [Vec::new(), Vec::new()],
            checked: [Vec::new(), Vec::new()],
        };
        for i in 0..table.men.len() {
            table.stride[i] = table.index.plain_stride(i).map_or(0, |s| s as i64);
        }
        for (i, &e) in exposed.iter().enumerate() {
            table.ep_exposed[i] = e;
        }
        let progress = &mut self.progress;
        table.generate(&mut |s: String| {
            if let Some(p) = progress.as_mut() {
                p(&s);
            }
        })?;
        let table = Arc::new(table);
        self.tables.insert(material.clone(), table.clone());
        Ok(table)
    }
}

impl Generator {
    /// The promotions of man `i` of `material`, generating the tables
    /// they lead to: one per choice the variant gives (within its limits
    /// on promoted pieces), quiet or with each enemy man captured.
    fn promotions(&mut self, material: &Material, i: usize) -> Result<Vec<Promotion>, TbError> {
        let (color, role) = material.men[i];
        if !self.rules.promotes[color.index()][usize::from(role.0)] {
            return Ok(Vec::new());
        }
        let rules = self.rules.clone();
        let mut out = Vec::new();
        for &choice in rules.promotion_choices[color.index()].iter() {
            let limit = rules
                .variant
                .promotion
                .limits
                .iter()
                .find(|l| l.0 == choice);
            if let Some(&(_, limit)) = limit {
                let have = material
                    .men
                    .iter()
                    .filter(|&&m| m == (color, choice))
                    .count();
                if have >= limit as usize {
                    continue;
                }
            }
            let quiet = self.exit(material, i, choice, None)?;
            let mut capture = Vec::new();
            for j in 0..material.men.len() {
                capture.push(if j < 2 || material.men[j].0 == color {
                    None
                } else {
                    Some(self.exit(material, i, choice, Some(j))?)
                });
            }
            out.push(Promotion { quiet, capture });
        }
        Ok(out)
    }

    /// Where man `i` promoting to `choice` (taking man `captured`) leads.
    fn exit(
        &mut self,
        material: &Material,
        i: usize,
        choice: Role,
        captured: Option<usize>,
    ) -> Result<Exit, TbError> {
        let mut men: Vec<(Color, Role, u8)> = material
            .men
            .iter()
            .enumerate()
            .filter(|&(l, _)| Some(l) != captured)
            .map(|(l, &(c, r))| (c, if l == i { choice } else { r }, l as u8))
            .collect();
        men.sort_by_key(|&(c, r, _)| Material::order(&self.rules, c, r));
        let next = Material::from_men(&self.rules, men.iter().map(|m| (m.0, m.1)).collect())?;
        let table = self.table(&next)?;
        let mut src = [0u8; super::MAX_MEN];
        for (k, m) in men.iter().enumerate() {
            src[k] = m.2;
        }
        Ok(Exit {
            table,
            src,
            n: men.len(),
        })
    }
}

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

impl Exit {
    /// The code (for `them` to move) of the placement `sq`, in this
    /// table's men order with the promoting pawn on its destination.
    #[inline]
    fn code(&self, sq: &[u8; super::MAX_MEN], them: usize) -> u8 {
        let mut rest = [0u8; super::MAX_MEN];
        for k in 0..self.n {
            rest[k] = sq[usize::from(self.src[k])];
        }
        self.table
            .index
            .encode(&rest[..self.n])
            .map_or(BROKEN, |x| self.table.values[them][x as usize])
    }
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

/// A position being looked at: the men's squares and who is where.
#[derive(Clone, Copy)]
struct Pos {
    sq: [u8; super::MAX_MEN],
    /// Occupied squares per colour.
    occ: [Mask; 2],
    /// Its index, when its royal pair lets a non-royal man's move change
    /// the index by a stride ([`Indexer::pair_is_plain`]).
    plain: Option<u32>,
}

impl Table {
    /// The values of one side to move in the compact index order (for
    /// files).
    pub fn compact(&self, stm: Color) -> (Indexer, Vec<u8>) {
        let index = self.compact.clone();
        let size = index.size as usize;
        let mut values = vec![BROKEN; size];
        let n = self.men.len();
        let mut sq = [0u8; super::MAX_MEN];
        #[allow(clippy::needless_range_loop)] // i is the index being decoded
        for i in 0..size {
            index.decode(i as u32, &mut sq[..n]);
            let mut occ: Mask = 0;
            let mut clash = false;
            for &s in &sq[..n] {
                clash |= occ & (1 << s) != 0;
                occ |= 1 << s;
            }
            if clash || index.encode(&sq[..n]) != Some(i as u32) {
                continue;
            }
            if let Some(j) = self.index.encode(&sq[..n]) {
                values[i] = self.values[stm.index()][j as usize];
            }
        }
        (index, values)
    }

    /// The hash of the men's move records written into files.
    pub fn signature(&self) -> u64 {
        let steps: Vec<&PieceSteps> = self.men.iter().map(|m| m.steps.as_ref()).collect();
        let colors: Vec<Color> = self.men.iter().map(|m| m.color).collect();
        super::file::moves_signature(&steps, &colors)
    }

    /// The position at an index known to be in use.
    fn pos_known(&self, index: u32) -> Pos {
        let n = self.men.len();
        let mut sq = [0u8; super::MAX_MEN];
        self.index.decode(index, &mut sq[..n]);
        let mut occ = [0 as Mask; 2];
        for (i, m) in self.men.iter().enumerate() {
            occ[m.color.index()] |= 1 << sq[i];
        }
        Pos {
            sq,
            occ,
            plain: self.plain(&sq, index),
        }
    }

    /// `index` if the placement's royal pair allows stride stepping.
    #[inline]
    fn plain(&self, sq: &[u8; super::MAX_MEN], index: u32) -> Option<u32> {
        self.index.pair_is_plain(sq[0], sq[1]).then_some(index)
    }

    fn pos(&self, index: u32) -> Option<Pos> {
        let n = self.men.len();
        let mut sq = [0u8; super::MAX_MEN];
        self.index.decode(index, &mut sq[..n]);
        // Unused indices: men on one square, or not the canonical image.
        let mut occ = [0 as Mask; 2];
        for (i, m) in self.men.iter().enumerate() {
            let bit: Mask = 1 << sq[i];
            if (occ[0] | occ[1]) & bit != 0 || m.home & bit == 0 {
                return None;
            }
            occ[m.color.index()] |= bit;
        }
        if self.index.encode(&sq[..n]) != Some(index) {
            return None;
        }
        Some(Pos {
            sq,
            occ,
            plain: self.plain(&sq, index),
        })
    }

    /// Whether `color`'s royal piece is attacked (or faces the other
    /// general where that is forbidden).
    fn in_check(&self, p: &Pos, color: Color) -> bool {
        let royal = p.sq[color.index()];
        let them = color.opponent();
        let (friends, foes) = (p.occ[them.index()], p.occ[color.index()]);
        for (i, m) in self.men.iter().enumerate() {
            if m.color != them {
                continue;
            }
            let from = p.sq[i];
            if m.steps.attack_to[usize::from(royal)]
                .iter()
                .any(|s| s.from == from && s.allowed(friends, foes))
            {
                return true;
            }
        }
        if self.flying_general {
            let (a, b) = (usize::from(p.sq[0]), usize::from(p.sq[1]));
            if a % self.width == b % self.width {
                let (lo, hi) = (a.min(b), a.max(b));
                let all = p.occ[0] | p.occ[1];
                if !(lo + self.width..hi)
                    .step_by(self.width)
                    .any(|s| all & (1 << s) != 0)
                {
                    return true;
                }
            }
        }
        false
    }

    /// Calls `f` with the code of the position after each pseudo-legal
    /// move of `stm` (from the opponent's point of view); an illegal move
    /// gives `BROKEN`. With `exits_only`, only the moves that leave the
    /// table (captures and promotions, whose values are final). Returns
    /// early when `f` returns false.
    fn for_each_successor(
        &self,
        p: &Pos,
        stm: Color,
        exits_only: bool,
        f: &mut dyn FnMut(u8, u8, u8) -> bool,
    ) {
        let n = self.men.len();
        let (friends, foes) = (p.occ[stm.index()], p.occ[stm.opponent().index()]);
        let them = stm.opponent().index();
        let mut sq = p.sq;
        for i in 0..n {
            let m = &self.men[i];
            if m.color != stm {
                continue;
            }
            let from = p.sq[i];
            for s in &m.steps.quiet_from[usize::from(from)] {
                if !s.allowed(friends, foes) {
                    continue;
                }
                let to_bit: Mask = 1 << s.to;
                sq[i] = s.to;
                if m.zone & to_bit != 0 {
                    for promotion in &self.promotions[i] {
                        if !f(from, s.to, promotion.quiet.code(&sq, them)) {
                            return;
                        }
                    }
                }
                let passed = if self.ep_exposed[i] {
                    m.steps.passed(from, s.to)
                } else {
                    0
                };
                if passed != 0 && m.must & to_bit == 0 {
                    // A double step the opponent may answer in passing:
                    // the position after it is the table's with that
                    // choice added (final, since it leaves the table).
                    let j = self.step_index(p, i, &sq, s.to, from);
                    let code = j.map_or(BROKEN, |j| self.values[them][j as usize]);
                    if code != BROKEN {
                        let mut occ = p.occ;
                        occ[stm.index()] = occ[stm.index()] & !(1 << from) | to_bit;
                        let ep = self.ep_part(&sq, occ, i, passed, stm.opponent());
                        let code = if exits_only {
                            ep.filter(|&e| is_win(e))
                        } else {
                            Some(better(code, ep))
                        };
                        if let Some(code) = code
                            && !f(from, s.to, code)
                        {
                            return;
                        }
                    }
                } else if !exits_only && m.must & to_bit == 0 {
                    let j = self.step_index(p, i, &sq, s.to, from);
                    let code = j.map_or(BROKEN, |j| self.values[them][j as usize]);
                    if !f(from, s.to, code) {
                        return;
                    }
                }
                sq[i] = from;
            }
            for s in &m.steps.capture_from[usize::from(from)] {
                if !s.allowed(friends, foes) {
                    continue;
                }
                let Some(j) = (0..n).find(|&j| p.sq[j] == s.to) else {
                    continue;
                };
                let Some(sub) = &self.subs[j] else {
                    // Taking a royal: the position itself is illegal.
                    continue;
                };
                let to_bit: Mask = 1 << s.to;
                if m.zone & to_bit != 0 {
                    sq[i] = s.to;
                    for promotion in &self.promotions[i] {
                        if let Some(exit) = &promotion.capture[j]
                            && !f(from, s.to, exit.code(&sq, them))
                        {
                            return;
                        }
                    }
                    sq[i] = from;
                    if m.must & to_bit != 0 {
                        continue;
                    }
                }
                let mut rest = [0u8; super::MAX_MEN];
                let mut k = 0;
                for (l, &q) in sq[..n].iter().enumerate() {
                    if l != j {
                        rest[k] = if l == i { s.to } else { q };
                        k += 1;
                    }
                }
                let code = sub
                    .index
                    .encode(&rest[..k])
                    .map_or(BROKEN, |x| sub.values[them][x as usize]);
                if !f(from, s.to, code) {
                    return;
                }
            }
        }
    }

    /// The index of `sq`: position `p` with man `i` moved from `from` to
    /// `to` (already in `sq`). Without re-encoding where the plain index
    /// allows: a lone non-royal man steps by its stride, a royal moving to
    /// a plain pair keeps the rest of the index.
    #[inline]
    fn step_index(
        &self,
        p: &Pos,
        i: usize,
        sq: &[u8; super::MAX_MEN],
        to: u8,
        from: u8,
    ) -> Option<u32> {
        if let Some(idx) = p.plain {
            let stride = self.stride[i];
            if stride != 0 {
                return Some((i64::from(idx) + (i64::from(to) - i64::from(from)) * stride) as u32);
            }
            if i < 2
                && let Some(base) = self.index.plain_pair_base(sq[0], sq[1])
            {
                return Some((base + u64::from(idx) % self.index.per_pair()) as u32);
            }
        }
        self.index.encode(&sq[..self.men.len()])
    }

    /// What `y` (to move) gets from capturing man `victim` in passing on
    /// one of the squares `passed` it just went over, placement `sq` and
    /// occupancy `occ`: the best code (for `y`) among those captures, or
    /// `None` if there is no legal one. Every such capture leaves the
    /// table, so the answer is final.
    fn ep_part(
        &self,
        sq: &[u8; super::MAX_MEN],
        occ: [Mask; 2],
        victim: usize,
        passed: Mask,
        y: Color,
    ) -> Option<u8> {
        let n = self.men.len();
        let x = y.opponent().index();
        let sub = self.subs[victim].as_ref()?;
        let (friends, foes) = (occ[y.index()], occ[x]);
        let mut best: Option<u8> = None;
        let mut after = *sq;
        for k in 0..n {
            let m = &self.men[k];
            if m.color != y {
                continue;
            }
            for s in &m.steps.ep_from[usize::from(sq[k])] {
                let to_bit: Mask = 1 << s.to;
                if passed & to_bit == 0 || !s.allowed(friends, foes) {
                    continue;
                }
                after[k] = s.to;
                // Each answer's code (the opponent's, one ply on) folded
                // into the best for `y`, every promotion choice included.
                let mut take = |c: u8| {
                    if c != BROKEN {
                        let mine = if c == DRAW {
                            DRAW
                        } else {
                            (c + 1).min(BROKEN - 1)
                        };
                        best = Some(best.map_or(mine, |b| better(b, Some(mine))));
                    }
                };
                if m.zone & to_bit != 0 {
                    for promotion in &self.promotions[k] {
                        if let Some(exit) = &promotion.capture[victim] {
                            take(exit.code(&after, x));
                        }
                    }
                }
                if m.must & to_bit == 0 {
                    let mut rest = [0u8; super::MAX_MEN];
                    let mut r = 0;
                    for (l, &q) in after[..n].iter().enumerate() {
                        if l != victim {
                            rest[r] = q;
                            r += 1;
                        }
                    }
                    take(
                        sub.index
                            .encode(&rest[..r])
                            .map_or(BROKEN, |j| sub.values[x][j as usize]),
                    );
                }
                after[k] = sq[k];
            }
        }
        best
    }

    /// The positions (indices, `stm` to move) from which `stm` reaches
    /// `p` by a quiet move; with each, for a double step the opponent may
    /// answer in passing, what that answer gets the opponent
    /// ([`Table::ep_part`]).
    fn predecessors(&self, p: &Pos, stm: Color, out: &mut Vec<(u32, Option<u8>)>) {
        out.clear();
        let n = self.men.len();
        let all = p.occ[0] | p.occ[1];
        let mut sq = p.sq;
        for i in 0..n {
            let m = &self.men[i];
            if m.color != stm {
                continue;
            }
            let to = p.sq[i];
            let to_bit: Mask = 1 << to;
            for s in &m.steps.quiet_to[usize::from(to)] {
                let from_bit: Mask = 1 << s.from;
                if all & from_bit != 0 || m.home & from_bit == 0 {
                    continue;
                }
                let friends = p.occ[stm.index()] & !to_bit | from_bit;
                if !s.allowed(friends, p.occ[stm.opponent().index()]) {
                    continue;
                }
                let passed = if self.ep_exposed[i] {
                    m.steps.passed(s.from, to)
                } else {
                    0
                };
                let ep = if passed != 0 {
                    self.ep_part(&p.sq, p.occ, i, passed, stm.opponent())
                } else {
                    None
                };
                sq[i] = s.from;
                let j = self.step_index(p, i, &sq, s.from, to);
                if let Some(j) = j {
                    out.push((j, ep));
                }
                sq[i] = to;
            }
        }
    }

    /// Whether position `j` (`x` to move) is still open: not decided, or
    /// holding only a tentative value from its captures.
    #[inline]
    fn open(&self, j: u32, x: Color) -> bool {
        let v = self.values[x.index()][j as usize];
        v == DRAW || v != BROKEN && self.is_tentative(j, x)
    }

    #[inline]
    fn is_tentative(&self, j: u32, x: Color) -> bool {
        let bits = &self.tentative[x.index()];
        !bits.is_empty() && bits[j as usize / 64] >> (j % 64) & 1 != 0
    }

    fn set_tentative(&mut self, j: u32, x: Color, on: bool) {
        let word = &mut self.tentative[x.index()][j as usize / 64];
        if on {
            *word |= 1 << (j % 64);
        } else {
            *word &= !(1 << (j % 64));
        }
    }

    /// Whether the open position `j` (`x` to move) is decided at
    /// `plies`: any candidate of a winning ply wins (it reaches a lost
    /// position), one of a losing ply if all its moves lose (examined once
    /// per ply: what decides it, wins within `plies - 1`, does not change
    /// during the ply).
    fn resolves(&self, j: u32, x: Color, winning: bool, plies: u32) -> bool {
        if !self.open(j, x) {
            return false;
        }
        if winning {
            return true;
        }
        let bit = 1u64 << (j % 64);
        let word = &self.checked[x.index()][j as usize / 64];
        if word.load(Ordering::Relaxed) & bit != 0
            || word.fetch_or(bit, Ordering::Relaxed) & bit != 0
        {
            return false;
        }
        self.all_lost(&self.pos_known(j), x, plies)
    }

    /// Every legal move of `stm` loses within `plies - 1` plies, and
    /// there is one (the loss is then `plies`).
    fn all_lost(&self, p: &Pos, stm: Color, plies: u32) -> bool {
        let mut any = false;
        let mut ok = true;
        self.for_each_successor(p, stm, false, &mut |_, _, code| {
            if code == BROKEN {
                return true;
            }
            any = true;
            if !is_win(code) || u32::from(code) - 1 > plies - 1 {
                ok = false;
                return false;
            }
            true
        });
        any && ok
    }

    /// Run `f` over `range` in chunks on the table's threads; the results
    /// in chunk order.
    fn par_chunks<T: Send>(
        &self,
        range: std::ops::Range<usize>,
        f: &(dyn Fn(std::ops::Range<usize>) -> T + Sync),
    ) -> Vec<T> {
        let n = range.len();
        let threads = self.threads.max(1);
        let chunk = n.div_ceil(threads * 16).max(256);
        if threads == 1 || n <= chunk {
            return vec![f(range)];
        }
        let next = AtomicUsize::new(range.start);
        let results = Mutex::new(Vec::new());
        let _ = crossbeam::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|_| {
                    loop {
                        let start = next.fetch_add(chunk, Ordering::Relaxed);
                        if start >= range.end {
                            break;
                        }
                        let r = f(start..range.end.min(start + chunk));
                        if let Ok(mut v) = results.lock() {
                            v.push((start, r));
                        }
                    }
                });
            }
        });
        let mut v = results.into_inner().unwrap_or_default();
        v.sort_by_key(|(start, _)| *start);
        v.into_iter().map(|(_, r)| r).collect()
    }

    /// Walk the whole index in batches: `find` reads the table in
    /// parallel over each batch, then `apply` writes what it found before
    /// the next batch is read. Memory stays bounded by the batch, not the
    /// table; writes made for one batch are seen by the next.
    fn batched<T: Send>(
        &mut self,
        find: &(dyn Fn(&Table, std::ops::Range<usize>) -> T + Sync),
        apply: &mut dyn FnMut(&mut Table, T) -> Result<(), TbError>,
    ) -> Result<(), TbError> {
        let size = self.index.size as usize;
        let mut start = 0;
        while start < size {
            let end = size.min(start + BATCH);
            let found = {
                let me: &Table = self;
                me.par_chunks(start..end, &|r| find(me, r))
            };
            for f in found {
                apply(self, f)?;
            }
            start = end;
        }
        Ok(())
    }

    fn generate(&mut self, log: &mut dyn FnMut(String)) -> Result<(), TbError> {
        let size = self.index.size as usize;
        let colors = Color::BOTH;
        self.tentative = [vec![0u64; size.div_ceil(64)], vec![0u64; size.div_ceil(64)]];
        let words = || (0..size.div_ceil(64)).map(|_| AtomicU64::new(0)).collect();
        self.checked = [words(), words()];
        // Pass 1: illegal and unused positions (bit per side to move, 3 =
        // unused).
        let mut unused = 0u64;
        self.batched(
            &|me, range| {
                let mut out = Vec::new();
                for idx in range {
                    match me.pos(idx as u32) {
                        None => out.push((idx as u32, 3u8)),
                        Some(p) => {
                            let mut bits = 0;
                            for stm in colors {
                                if me.in_check(&p, stm.opponent()) {
                                    bits |= 1 << stm.index();
                                }
                            }
                            if bits != 0 {
                                out.push((idx as u32, bits));
                            }
                        }
                    }
                }
                out
            },
            &mut |me, list| {
                for (idx, bits) in list {
                    unused += u64::from(bits == 3);
                    for c in 0..2 {
                        if bits & (1 << c) != 0 {
                            me.values[c][idx as usize] = BROKEN;
                        }
                    }
                }
                Ok(())
            },
        )?;
        let used = size as u64 - unused;
        // Pass 2: mates, stalemates and what captures and promotions
        // decide. Their values are final in the smaller tables, so a
        // position with a winning exit gets a tentative win (a quiet move
        // may still win faster), one whose exits all lose a tentative
        // loss to re-examine when its ply comes.
        struct Found {
            mates: Vec<(u32, Color)>,
            /// (ply, index, side to move): tentative until that ply.
            seeds: Vec<(u32, u32, Color)>,
        }
        // Per code: tentative values still waiting for their ply.
        let mut pending = vec![0u64; 256];
        let mut mates = 0u64;
        self.batched(
            &|me, range| {
                let mut out = Found {
                    mates: Vec::new(),
                    seeds: Vec::new(),
                };
                for idx in range {
                    let Some(p) = me.pos(idx as u32) else {
                        continue;
                    };
                    for stm in colors {
                        if me.values[stm.index()][idx] == BROKEN {
                            continue;
                        }
                        match me.rule[stm.index()] {
                            // A win by rule counts as one move (the
                            // opponent, like a mated side, has lost).
                            Some(GameValue::Win) => {
                                out.seeds.push((1, idx as u32, stm));
                                continue;
                            }
                            Some(GameValue::Loss) => {
                                out.mates.push((idx as u32, stm));
                                continue;
                            }
                            Some(GameValue::Draw) => continue,
                            None => {}
                        }
                        let mut legal = false;
                        let mut exit_draws = false;
                        let mut best_win: Option<u32> = None;
                        let mut slowest_loss: Option<u32> = None;
                        me.for_each_successor(&p, stm, true, &mut |_, _, code| {
                            if code == BROKEN {
                                return true;
                            }
                            legal = true;
                            let q = u32::from(code);
                            if is_loss(code) {
                                best_win = Some(best_win.map_or(q, |b| b.min(q)));
                            } else if is_win(code) {
                                slowest_loss = Some(slowest_loss.map_or(q, |b| b.max(q)));
                            } else {
                                exit_draws = true;
                            }
                            true
                        });
                        if !legal {
                            // Is there any legal move at all? (The first
                            // one found answers.)
                            me.for_each_successor(&p, stm, false, &mut |_, _, code| {
                                legal = code != BROKEN;
                                !legal
                            });
                        }
                        if !legal {
                            if me.in_check(&p, stm) || me.stalemate_loses {
                                out.mates.push((idx as u32, stm));
                            }
                        } else if let Some(q) = best_win {
                            out.seeds.push((q, idx as u32, stm));
                        } else if let (Some(q), false) = (slowest_loss, exit_draws) {
                            out.seeds.push((q, idx as u32, stm));
                        }
                    }
                }
                out
            },
            &mut |me, found| {
                for (idx, stm) in found.mates {
                    me.values[stm.index()][idx as usize] = 1;
                    mates += 1;
                }
                for (q, idx, stm) in found.seeds {
                    if q > MAX_PLIES {
                        return Err(too_long(&me.name));
                    }
                    me.values[stm.index()][idx as usize] = (q + 1) as u8;
                    me.set_tentative(idx, stm, true);
                    pending[q as usize + 1] += 1;
                }
                Ok(())
            },
        )?;
        log(format!(
            "{}: {} indices, {} placements used, {} mates",
            self.name, size, used, mates
        ));
        // The iteration, ply by ply: the positions decided at the last
        // ply (found by scanning for their code) pass the decision to
        // their predecessors, and tentative values whose ply has come are
        // settled (a win stands; a loss stands if every move now loses).
        enum Change {
            /// Decided at this ply.
            Decide(u32, Color),
            /// Won at a later ply (this code), through a double step whose
            /// answers in passing hold out longer than the table.
            Later(u32, Color, u8),
            /// A tentative loss that quiet moves escape: open again.
            Reopen(u32, Color),
        }
        let mut plies = 0u32;
        let mut decided_last = mates;
        loop {
            plies += 1;
            let code = plies + 1;
            let waiting = pending.iter().skip(code as usize).any(|&n| n > 0);
            if decided_last == 0 && !waiting {
                break;
            }
            if plies > MAX_PLIES {
                return Err(too_long(&self.name));
            }
            let code = code as u8;
            let winning = plies % 2 == 1;
            if !winning {
                for w in self.checked.iter().flatten() {
                    w.store(0, Ordering::Relaxed);
                }
            }
            let last = plies as u8;
            let mut decided = 0u64;
            self.batched(
                &|me, range| {
                    let mut out = Vec::new();
                    let mut preds = Vec::new();
                    let (start, end) = (range.start, range.end);
                    let mut idx = start;
                    while idx < end {
                        // Eight positions at a time while neither side holds
                        // either code: most of the table, most plies.
                        if idx + 8 <= end
                            && !me
                                .values
                                .iter()
                                .any(|v| has_either(&v[idx..idx + 8], last, code))
                        {
                            idx += 8;
                            continue;
                        }
                        let here = idx;
                        idx += 1;
                        let idx = here;
                        for y in colors {
                            let v = me.values[y.index()][idx];
                            if v != last && v != code {
                                continue;
                            }
                            let tentative = me.is_tentative(idx as u32, y);
                            if v == last && !tentative && decided_last > 0 {
                                // Decided at the last ply: its
                                // predecessors (the other side to move).
                                let x = y.opponent();
                                if me.rule[x.index()].is_some() {
                                    continue;
                                }
                                me.predecessors(&me.pos_known(idx as u32), x, &mut preds);
                                for &(j, ep) in &preds {
                                    // Through a double step, the loss
                                    // at the last ply counts only if the
                                    // answers in passing lose too, and
                                    // lasts as long as the longest.
                                    let after = if winning { better(v, ep) } else { v };
                                    if after == v {
                                        if me.resolves(j, x, winning, plies) {
                                            out.push(Change::Decide(j, x));
                                        }
                                    } else if is_loss(after) && me.open(j, x) {
                                        out.push(Change::Later(j, x, after + 1));
                                    }
                                }
                            } else if v == code && tentative {
                                // A tentative value whose ply has come.
                                let idx = idx as u32;
                                if winning || me.all_lost(&me.pos_known(idx), y, plies) {
                                    out.push(Change::Decide(idx, y));
                                } else {
                                    out.push(Change::Reopen(idx, y));
                                }
                            }
                        }
                    }
                    out
                },
                &mut |me, changes| {
                    for c in changes {
                        match c {
                            Change::Decide(j, x) => {
                                let slot = me.values[x.index()][j as usize];
                                let tentative = me.is_tentative(j, x);
                                if slot != DRAW && !tentative {
                                    continue;
                                }
                                if tentative {
                                    pending[usize::from(slot)] -= 1;
                                    me.set_tentative(j, x, false);
                                }
                                me.values[x.index()][j as usize] = code;
                                decided += 1;
                            }
                            Change::Later(j, x, later) => {
                                let slot = me.values[x.index()][j as usize];
                                let tentative = me.is_tentative(j, x);
                                if slot == BROKEN
                                    || slot != DRAW && !tentative
                                    || tentative && is_win(slot) && slot <= later
                                {
                                    continue;
                                }
                                if u32::from(later) > MAX_PLIES + 1 {
                                    return Err(too_long(&me.name));
                                }
                                if tentative {
                                    pending[usize::from(slot)] -= 1;
                                }
                                me.values[x.index()][j as usize] = later;
                                me.set_tentative(j, x, true);
                                pending[usize::from(later)] += 1;
                            }
                            Change::Reopen(j, x) => {
                                if me.is_tentative(j, x) {
                                    pending[usize::from(code)] -= 1;
                                    me.set_tentative(j, x, false);
                                    me.values[x.index()][j as usize] = DRAW;
                                }
                            }
                        }
                    }
                    Ok(())
                },
            )?;
            decided_last = decided;
            if size >= 1 << 24 {
                // Big tables report each ply as it ends.
                log(format!(
                    "{}: ply {plies}, {decided} positions decided",
                    self.name
                ));
            }
        }
        self.tentative = [Vec::new(), Vec::new()];
        self.checked = [Vec::new(), Vec::new()];
        log(format!("{}: done after {} plies", self.name, plies - 1));
        Ok(())
    }

    /// The value of the position at `index` with `stm` to move.
    pub fn value(&self, index: u32, stm: Color) -> Value {
        decode_value(self.values[stm.index()][index as usize])
    }

    /// The value of a placement (squares in material order).
    pub fn probe(&self, squares: &[u8], stm: Color) -> Value {
        match self.index.encode(squares) {
            Some(i) => self.value(i, stm),
            None => Value::Illegal,
        }
    }

    /// The legal moves of a placement as (from, to, value for the side
    /// to move after it), best first: fastest mate, then draws, then the
    /// longest resistance.
    pub fn moves(&self, squares: &[u8], stm: Color) -> Vec<(u8, u8, Value)> {
        let n = self.men.len();
        let mut p = Pos {
            sq: [0; super::MAX_MEN],
            occ: [0; 2],
            plain: None,
        };
        p.sq[..n].copy_from_slice(squares);
        for (i, m) in self.men.iter().enumerate() {
            p.occ[m.color.index()] |= 1 << squares[i];
        }
        let mut out = Vec::new();
        self.for_each_successor(&p, stm, false, &mut |from, to, code| {
            if code != BROKEN {
                out.push((from, to, code));
            }
            true
        });
        // Rank from the mover's side: a loss for the opponent is best
        // (shortest first), then a draw, then a win for the opponent
        // (longest first).
        out.sort_by_key(|&(_, _, c)| {
            if is_loss(c) {
                (0, i32::from(c))
            } else if c == DRAW {
                (1, 0)
            } else {
                (2, -i32::from(c))
            }
        });
        out.into_iter()
            .map(|(f, t, c)| (f, t, decode_value(c)))
            .collect()
    }

    /// Checks every stored value against its successors (one-ply
    /// lookahead over the same move records, independent of the
    /// retrograde bookkeeping). Returns the number of positions checked
    /// and the first few disagreements.
    pub fn verify(&self) -> (u64, Vec<String>) {
        let mut checked = 0u64;
        let mut bad = Vec::new();
        for idx in 0..self.index.size as u32 {
            let Some(p) = self.pos(idx) else {
                continue;
            };
            for stm in Color::BOTH {
                checked += 1;
                let stored = self.values[stm.index()][idx as usize];
                let want = if self.in_check(&p, stm.opponent()) {
                    BROKEN
                } else if let Some(v) = self.rule[stm.index()] {
                    match v {
                        GameValue::Win => 2,
                        GameValue::Loss => 1,
                        GameValue::Draw => DRAW,
                    }
                } else {
                    let mut legal = false;
                    let mut best_win: Option<u32> = None;
                    let mut any_draw = false;
                    let mut slowest: u32 = 0;
                    self.for_each_successor(&p, stm, false, &mut |_, _, code| {
                        if code == BROKEN {
                            return true;
                        }
                        legal = true;
                        if is_loss(code) {
                            let q = u32::from(code);
                            best_win = Some(best_win.map_or(q, |b| b.min(q)));
                        } else if is_win(code) {
                            slowest = slowest.max(u32::from(code));
                        } else {
                            any_draw = true;
                        }
                        true
                    });
                    if !legal {
                        if self.in_check(&p, stm) || self.stalemate_loses {
                            1
                        } else {
                            DRAW
                        }
                    } else if let Some(q) = best_win {
                        (q + 1) as u8
                    } else if any_draw {
                        DRAW
                    } else {
                        (slowest + 1) as u8
                    }
                };
                if want != stored && bad.len() < 10 {
                    bad.push(format!(
                        "{}: stored {}, successors give {}",
                        self.fen(idx, stm).unwrap_or_default(),
                        decode_value(stored),
                        decode_value(want)
                    ));
                }
            }
        }
        (checked, bad)
    }

    /// The FEN of the position at `index`.
    pub fn fen(&self, index: u32, stm: Color) -> Option<String> {
        let p = self.pos(index)?;
        Some(self.fen_of(&p.sq[..self.men.len()], stm))
    }

    fn fen_of(&self, squares: &[u8], stm: Color) -> String {
        super::fen(&self.geometry, &self.letters, squares, stm)
    }

    /// Counts of won, drawn and lost positions per side to move and the
    /// longest mate (with a position where it happens).
    pub fn stats(&self) -> Stats {
        let mut s = Stats {
            stored: [true; 2],
            ..Stats::default()
        };
        for stm in Color::BOTH {
            let c = stm.index();
            let mut longest: Option<(u8, u32)> = None;
            for (idx, &code) in self.values[c].iter().enumerate() {
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
                s.longest[c] = Some((u32::from(code) / 2, self.fen(idx, stm).unwrap_or_default()));
            }
        }
        s
    }
}

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

/// What the variant's extinction rule (bare king) says for `stm` to move
/// with this material, as `Position::rule_outcome` decides it in play.
fn rule_outcome(rules: &Rules, material: &Material, stm: Color) -> Option<GameValue> {
    let ext = rules.variant.end.extinction.as_ref()?;
    let count = |c: Color| {
        material
            .men
            .iter()
            .filter(|m| m.0 == c && ext.piece_types.contains(&m.1))
            .count() as u32
    };
    let alive = |c: Color| material.men.iter().filter(|m| m.0 == c).count() as u32;
    let them = stm.opponent();
    ext.outcome([count(stm), count(them)], [alive(stm), alive(them)])
}

/// The better of two codes for the side to move (the fastest win, then a
/// draw, then the slowest loss); `b` absent leaves `a`.
#[inline]
fn better(a: u8, b: Option<u8>) -> u8 {
    let Some(b) = b else {
        return a;
    };
    let rank = |c: u8| -> i32 {
        if is_win(c) {
            1000 - i32::from(c)
        } else if c == DRAW {
            0
        } else {
            -1000 + i32::from(c)
        }
    };
    if rank(b) > rank(a) { b } else { a }
}

/// Whether any of the eight bytes is `a` or `b` (a word-wide test).
#[inline]
fn has_either(bytes: &[u8], a: u8, b: u8) -> bool {
    let mut word = [0u8; 8];
    word.copy_from_slice(bytes);
    let x = u64::from_le_bytes(word);
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let zero_byte = |v: u64| v.wrapping_sub(ONES) & !v & HIGHS != 0;
    zero_byte(x ^ (ONES * u64::from(a))) || zero_byte(x ^ (ONES * u64::from(b)))
}

fn too_long(name: &str) -> TbError {
    TbError(format!(
        "{name}: a distance to mate beyond {} moves; longer tables are not supported yet",
        MAX_PLIES / 2
    ))
}

fn decode_value(code: u8) -> Value {
    match code {
        DRAW => Value::Draw,
        BROKEN => Value::Illegal,
        c if c % 2 == 0 => Value::Win(u32::from(c) / 2),
        c => Value::Loss((u32::from(c) - 1) / 2),
    }
}
