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
//!
//! The generator ([`super::Generator`]) builds those smaller and promoted
//! tables first and sets up the table this pass fills.

use super::TbError;
use super::code::{BROKEN, DRAW, better, is_loss, is_win};
use super::moves::Mask;
use super::table::{Pos, Table};
use crate::types::Color;
use crate::variant::GameValue;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// Longest distance to mate a byte holds, in plies.
const MAX_PLIES: u32 = 253;
/// Positions read per batch of generation (what a batch finds is held
/// until it is written, so this bounds that memory).
const BATCH: usize = 1 << 21;

impl Table {
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

    /// Fill the values by retrograde analysis; `log` receives a line when
    /// the first pass ends, after each ply of a big table, and at the end.
    pub(super) fn generate(&mut self, log: &mut dyn FnMut(String)) -> Result<(), TbError> {
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
