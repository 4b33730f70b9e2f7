//! What the built trees are like, worked out once per piece type: the
//! shape facts the fast legality test relies on, the squares a piece
//! could ever strike, and the leap tables `make` uses to patch a leaper's
//! walk record instead of walking it again.

use super::{EMPTY, FOE, FRIEND, MoveTarget, TrajectoryTable, cell_flags, visit};
use crate::types::{Color, Role};

/// Shape facts of a set of trees, for the fast legality test.
pub(super) fn analyse(cells: &[MoveTarget], roots: &[u32]) -> (bool, bool, bool, bool) {
    // Returns (monotone, discovers, straight, straight_screens); `captures`
    // tells whether a subtree holds a capturing cell.
    fn captures(cells: &[MoveTarget], group: u32) -> bool {
        let mut i = group as usize;
        loop {
            let c = &cells[i];
            if c.visit[FOE] & visit::CAPTURE != 0 {
                return true;
            }
            if (0..3).any(|k| c.next[k] != 0 && captures(cells, c.next[k])) {
                return true;
            }
            if c.flags & cell_flags::LAST != 0 {
                return false;
            }
            i += 1;
        }
    }
    fn rec(cells: &[MoveTarget], group: u32, parent: i32, out: &mut (bool, bool, bool, bool)) {
        let mut i = group as usize;
        loop {
            let c = &cells[i];
            let step = i32::from(c.delta) - parent;
            for class in [FRIEND, FOE] {
                let next = c.next[class];
                if next != 0 {
                    out.0 = false;
                    let child = &cells[next as usize];
                    if child.flags & cell_flags::LAST == 0
                        || i32::from(child.delta) - i32::from(c.delta) != step
                    {
                        out.3 = false;
                    }
                }
            }
            let next = c.next[EMPTY];
            if next != 0 {
                if captures(cells, next) {
                    out.1 = true;
                }
                let child = &cells[next as usize];
                if child.flags & cell_flags::LAST == 0
                    || i32::from(child.delta) - i32::from(c.delta) != step
                {
                    out.2 = false;
                }
            }
            for k in 0..3 {
                if c.next[k] != 0 {
                    rec(cells, c.next[k], i32::from(c.delta), out);
                }
            }
            if c.flags & cell_flags::LAST != 0 {
                break;
            }
            i += 1;
        }
    }
    let mut out = (true, false, true, true);
    for &r in roots {
        if r != 0 {
            rec(cells, r, 0, &mut out);
        }
    }
    out
}

/// The square differences at which a piece type could ever attack or
/// capture, on an empty or a full board alike: every capturing cell of its
/// trees, from every start square. A superset of what any one walk finds,
/// so "not in the set" is certain and "in the set" means "look closer"
/// (the search uses it to skip making moves it is about to prune).
#[derive(Clone, Debug)]
pub struct StrikeSet {
    span: i32,
    bits: Box<[u64]>,
}

impl StrikeSet {
    /// True if a piece on `from` could strike `target` in some position.
    #[inline]
    pub fn may_strike(&self, from: u16, target: u16) -> bool {
        let i = i32::from(target) - i32::from(from) + self.span;
        i >= 0 && i < 2 * self.span && self.bits[(i / 64) as usize] & (1 << (i % 64)) != 0
    }
}

/// What each cell of a leaper's tree records, by square difference: for
/// piece types whose every cell is a leaf (no walk goes on from any
/// square: knights, kings, ferzes, makruk pawns), with one cell per
/// difference and the same cells from every square. Such a piece's walk
/// visits the same squares whatever stands on them, so when a move only
/// changes what stands on some of them, `make` rewrites those entries of
/// its record instead of walking it again.
#[derive(Clone, Debug)]
pub struct LeapTable {
    span: i32,
    visits: Box<[[u8; 3]]>,
}

impl LeapTable {
    /// The visit record, per occupancy class, of the cell `delta` away.
    #[inline]
    pub fn visit(&self, delta: i32) -> &[u8; 3] {
        &self.visits[(delta + self.span) as usize]
    }
}

impl TrajectoryTable {
    /// The leap table of a piece type, if it is a leaper (see
    /// [`LeapTable`]).
    pub fn leap_table(&self, color: Color, role: Role) -> Option<LeapTable> {
        let trees = self.role_trees(color, role);
        if trees.per_square {
            return None;
        }
        let span = self.geometry.size as i32;
        let mut visits = vec![[0u8; 3]; 2 * span as usize];
        let mut seen = vec![false; 2 * span as usize];
        for group in [trees.roots[0], trees.initial_roots[0]] {
            if group == 0 {
                continue;
            }
            let mut i = group as usize;
            loop {
                let c = &self.cells[i];
                let k = i32::from(c.delta) + span;
                if c.next.iter().any(|&n| n != 0)
                    || c.flags & cell_flags::ORIGIN != 0
                    || !(0..2 * span).contains(&k)
                    || seen[k as usize]
                {
                    return None;
                }
                seen[k as usize] = true;
                visits[k as usize] = c.visit;
                if c.flags & cell_flags::LAST != 0 {
                    break;
                }
                i += 1;
            }
        }
        Some(LeapTable {
            span,
            visits: visits.into_boxed_slice(),
        })
    }

    /// The strike set of a piece type (see [`StrikeSet`]).
    pub fn strike_set(&self, color: Color, role: Role) -> StrikeSet {
        let trees = self.role_trees(color, role);
        let roots: Vec<u32> = trees
            .roots
            .iter()
            .chain(trees.initial_roots.iter())
            .copied()
            .collect();
        self.delta_set(&roots, |c| {
            c.visit[FOE] & (visit::ATTACK | visit::CAPTURE) != 0
        })
    }

    /// The square differences of a piece type's moves to an empty square
    /// (first moves aside), on any board: a superset of where it can go
    /// without capturing. Fairy-Stockfish's n-move rule asks of a pawn's
    /// move whether the pawn could go back.
    pub fn quiet_set(&self, color: Color, role: Role) -> StrikeSet {
        let trees = self.role_trees(color, role);
        self.delta_set(&trees.roots, |c| c.visit[EMPTY] & visit::QUIET != 0)
    }

    /// The square differences of the cells `wanted` picks in the trees
    /// from `roots`.
    fn delta_set(&self, roots: &[u32], wanted: impl Fn(&MoveTarget) -> bool) -> StrikeSet {
        let span = self.geometry.size as i32;
        let mut set = StrikeSet {
            span,
            bits: vec![0; (2 * span as usize).div_ceil(64)].into_boxed_slice(),
        };
        // Deltas are from the start square, so a group shared by several
        // paths or start squares adds the same deltas each time: visit
        // each group once.
        let mut seen = vec![false; self.cells.len()];
        let mut stack: Vec<u32> = roots.to_vec();
        while let Some(group) = stack.pop() {
            if group == 0 || seen[group as usize] {
                continue;
            }
            seen[group as usize] = true;
            let mut i = group as usize;
            loop {
                let c = &self.cells[i];
                if wanted(c) {
                    let k = i32::from(c.delta) + span;
                    if (0..2 * span).contains(&k) {
                        set.bits[(k / 64) as usize] |= 1 << (k % 64);
                    }
                }
                stack.extend(c.next.iter().copied().filter(|&n| n != 0));
                if c.flags & cell_flags::LAST != 0 {
                    break;
                }
                i += 1;
            }
        }
        set
    }
}
