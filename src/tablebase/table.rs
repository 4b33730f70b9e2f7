//! One table in memory, as the generator fills it, and the lookups on it.
//!
//! A table knows its men (their move records, homes and promotion zones),
//! the tables its captures and promotions lead to, and the rule that may
//! decide it by material. Lookups: the value of a placement, the position
//! at an index, whether a side is in check, and every move of a position
//! with the code it leads to, in this table or, for a capture or a
//! promotion, in the smaller or promoted table (a double step with the
//! opponent's captures in passing folded in). Generation, verification
//! and move ranking all walk moves through [`Table::for_each_successor`],
//! so they see the same moves.

use super::code::{BROKEN, DRAW, better, decode_value, is_win};
use super::index::Indexer;
use super::moves::{Mask, PieceSteps};
use super::{Material, Value};
use crate::types::Color;
use crate::variant::GameValue;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

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
    pub(super) men: Vec<Man>,
    /// The table after man `j` is captured (`None` for the royals).
    pub(super) subs: Vec<Option<Arc<Table>>>,
    /// Per man: its promotions (empty for men that do not promote).
    pub(super) promotions: Vec<Vec<Promotion>>,
    pub(super) flying_general: bool,
    pub(super) width: usize,
    pub(super) stalemate_loses: bool,
    /// Per side to move: the result a rule other than mate gives every
    /// position of this table (the shatranj bare king: it depends on the
    /// material alone, so on the table, not the position).
    pub(super) rule: [Option<GameValue>; 2],
    /// Each man's FEN letter.
    pub(super) letters: Vec<String>,
    pub(super) geometry: crate::types::Geometry,
    /// Threads for generation.
    pub(super) threads: usize,
    /// Per man: its plain-index stride ([`Indexer::plain_stride`]), or 0.
    pub(super) stride: [i64; super::MAX_MEN],
    /// Per man: its double steps can be taken in passing
    /// ([`super::moves::ep_exposed`]).
    pub(super) ep_exposed: [bool; super::MAX_MEN],
    /// During generation, per side to move: a bit per position whose value
    /// is tentative (from its captures, waiting for its ply).
    pub(super) tentative: [Vec<u64>; 2],
    /// During a losing ply, per side to move: a bit per position already
    /// examined in this ply (a position reached from several positions
    /// decided at the last ply is examined once).
    pub(super) checked: [Vec<AtomicU64>; 2],
}

#[derive(Clone, Debug)]
pub(super) struct Man {
    pub(super) color: Color,
    /// Squares it may stand on.
    pub(super) home: Mask,
    /// Where its moves promote (pawn types; empty for other men).
    pub(super) zone: Mask,
    /// Where it must promote (a move there never keeps the pawn).
    pub(super) must: Mask,
    pub(super) steps: Arc<PieceSteps>,
}

/// A move that leaves the table by promotion: the table of the new
/// material and, for each of its men in order, the man of this table
/// whose square (the promoting pawn's destination for the pawn) it takes.
#[derive(Debug)]
pub(super) struct Exit {
    pub(super) table: Arc<Table>,
    pub(super) src: [u8; super::MAX_MEN],
    pub(super) n: usize,
}

/// One promotion choice of a pawn: quiet, or capturing man `j`.
#[derive(Debug)]
pub(super) struct Promotion {
    pub(super) quiet: Exit,
    /// By captured man (`None` for the royals and the pawn's own side).
    pub(super) capture: Vec<Option<Exit>>,
}

/// A position being looked at: the men's squares and who is where.
#[derive(Clone, Copy)]
pub(super) struct Pos {
    pub(super) sq: [u8; super::MAX_MEN],
    /// Occupied squares per colour.
    pub(super) occ: [Mask; 2],
    /// Its index, when its royal pair lets a non-royal man's move change
    /// the index by a stride ([`Indexer::pair_is_plain`]).
    pub(super) plain: Option<u32>,
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

impl Table {
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

    /// The FEN of the position at `index`.
    pub fn fen(&self, index: u32, stm: Color) -> Option<String> {
        let p = self.pos(index)?;
        Some(self.fen_of(&p.sq[..self.men.len()], stm))
    }

    fn fen_of(&self, squares: &[u8], stm: Color) -> String {
        super::fen(&self.geometry, &self.letters, squares, stm)
    }

    /// The position at an index known to be in use.
    pub(super) fn pos_known(&self, index: u32) -> Pos {
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

    /// The position at `index`, or `None` for an unused index (men on one
    /// square or off their homes, or not the canonical image).
    pub(super) fn pos(&self, index: u32) -> Option<Pos> {
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
    pub(super) fn in_check(&self, p: &Pos, color: Color) -> bool {
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
            // The generals face on a file or a rank (`Position::generals_face`).
            let (a, b) = (usize::from(p.sq[0]), usize::from(p.sq[1]));
            let (lo, hi) = (a.min(b), a.max(b));
            let step = if a % self.width == b % self.width {
                self.width
            } else if a / self.width == b / self.width {
                1
            } else {
                0
            };
            let all = p.occ[0] | p.occ[1];
            if step > 0 && !(lo + step..hi).step_by(step).any(|s| all & (1 << s) != 0) {
                return true;
            }
        }
        false
    }

    /// Calls `f` with the code of the position after each pseudo-legal
    /// move of `stm` (from the opponent's point of view); an illegal move
    /// gives `BROKEN`. With `exits_only`, only the moves that leave the
    /// table (captures and promotions, whose values are final). Returns
    /// early when `f` returns false.
    pub(super) fn for_each_successor(
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
    pub(super) fn step_index(
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
    pub(super) fn ep_part(
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
}
