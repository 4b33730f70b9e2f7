//! The generator: the tables a material needs, built first and kept.
//!
//! A capture leads to the table without the captured man and a promotion
//! to the table with the promoted man (one per choice the variant gives,
//! quiet or capturing), so those tables are generated before the one that
//! needs them and kept for every larger table. The generator also lists
//! the materials tables support ([`Generator::materials`]) and turns a
//! material into a [`Table`] ready for the retrograde pass
//! ([`super::generate`]).

use super::code::DRAW;
use super::layout::{home, indexer, promotion_masks};
use super::moves::PieceSteps;
use super::table::{Exit, Man, Promotion, Table};
use super::{Material, TbError, check_rules};
use crate::judge;
use crate::position::Rules;
use crate::types::{Color, Role};
use crate::variant::GameValue;
use std::collections::HashMap;
use std::sync::Arc;

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
                "piece '{}' promotes shogi-style, and tablebases do not support that: \
                 tables model neither a promotion chosen in a zone nor promoted men",
                letter()
            )));
        }
        if self.rules.promotes[color.index()][r]
            && (promotion.require_in_hand || promotion.consume_in_hand)
        {
            return Err(TbError(format!(
                "piece '{}' promotes to a piece in hand, and tablebases do not \
                 support that: tables hold no pieces in hand",
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
            rule: [Color::White, Color::Black]
                .map(|stm| judge::by_material(&self.rules, &material.men, stm).map(|v| v.value)),
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
