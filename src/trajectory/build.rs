//! Building the table: every compiled move of every piece type becomes a
//! path of cells, paths that start alike are merged into trees (a trie
//! of steps), and the trees are laid out flat, group by group, so a
//! walk reads consecutive cells.

use super::shape::analyse;
use super::{
    EMPTY, FOE, FRIEND, MoveTarget, RoleTrees, TrajectoryError, TrajectoryTable, cell_flags,
    generate, visit,
};
use crate::types::{Color, Geometry, Region, Square};
use crate::variant::Variant;
use crate::xbetza::{Hop, Jump, Leg, MoveDef, MoveKind, Step};

/// Most cells one piece type's trees may have (per colour and start
/// square): generous for real pieces (a hook mover on 16x16 needs about
/// 2000), and a bound on memory for strings with many open legs.
const MAX_NODES: usize = 200_000;

/// Most cells one walk may visit: the walk records of every piece on the
/// board are kept, so this bounds a position's memory.
const MAX_WALK: usize = 8_000;

/// Most cells the whole table may have (20 bytes each).
const MAX_TABLE: usize = 8_000_000;

/// A trie node while building.
#[derive(Clone, Debug)]
struct Node {
    dx: i32,
    dy: i32,
    generate: [u8; 3],
    flags: u8,
    kids: [Vec<usize>; 3],
}

struct Builder {
    nodes: Vec<Node>,
    /// The virtual root of the normal and the initial-move tree.
    width: i32,
    height: i32,
    /// For per-square trees: the start square; wrapping legs work modulo the width.
    origin: Option<(i32, i32)>,
    /// For per-square trees: the squares where moves may end (a piece's
    /// mobility region); the walk still passes through the others.
    landing: Option<Region>,
    error: Option<String>,
}

impl Builder {
    fn new(width: u8, height: u8, origin: Option<(i32, i32)>, landing: Option<Region>) -> Builder {
        let root = Node {
            dx: 0,
            dy: 0,
            generate: [0; 3],
            flags: 0,
            kids: Default::default(),
        };
        let initial = root.clone();
        Builder {
            nodes: vec![root, initial],
            width: i32::from(width),
            height: i32::from(height),
            origin,
            landing,
            error: None,
        }
    }

    /// Whether a move may end at (dx, dy) from the origin.
    fn may_land(&self, dx: i32, dy: i32) -> bool {
        match (self.landing, self.origin) {
            (Some(region), Some((ox, oy))) => {
                let (x, y) = (ox + dx, oy + dy);
                (0..self.width).contains(&x)
                    && (0..self.height).contains(&y)
                    && region.contains(Square::new(x as u8, y as u8))
            }
            _ => true,
        }
    }

    /// Longest ride worth laying out.
    fn max_ride(&self) -> u32 {
        (self.width.max(self.height) - 1).max(1) as u32
    }

    /// The child of `parent` (for class `class`) at (dx, dy), created if needed.
    fn child(&mut self, parent: usize, class: usize, dx: i32, dy: i32) -> usize {
        if self.nodes.len() >= MAX_NODES && self.error.is_none() {
            self.error = Some(format!(
                "its moves need more than {MAX_NODES} trajectory cells on this board; \
                 use fewer legs with open directions or shorter rides"
            ));
        }
        if let Some(&k) = self.nodes[parent].kids[class]
            .iter()
            .find(|&&k| self.nodes[k].dx == dx && self.nodes[k].dy == dy)
        {
            return k;
        }
        let id = self.nodes.len();
        let origin_flag = if dx == 0 && dy == 0 {
            cell_flags::ORIGIN
        } else {
            0
        };
        self.nodes.push(Node {
            dx,
            dy,
            generate: [0; 3],
            flags: origin_flag,
            kids: Default::default(),
        });
        self.nodes[parent].kids[class].push(id);
        id
    }

    /// Where (dx, dy) from the origin lands for a per-square tree: `None`
    /// when off the board; wraps the file for wrapping legs.
    fn place(&self, dx: i32, dy: i32, wrap: bool) -> Option<(i32, i32)> {
        let Some((ox, oy)) = self.origin else {
            return Some((dx, dy));
        };
        let (mut x, y) = (ox + dx, oy + dy);
        if y < 0 || y >= self.height {
            return None;
        }
        if x < 0 || x >= self.width {
            if !wrap {
                return None;
            }
            x = x.rem_euclid(self.width);
        }
        Some((x - ox, y - oy))
    }

    fn set_locust(&mut self, node: usize, class: usize) {
        let flag = if class == FRIEND {
            cell_flags::LOCUST_FRIEND
        } else {
            cell_flags::LOCUST_FOE
        };
        self.nodes[node].flags |= flag;
    }

    /// Add the moves of `def` below the virtual root `root`.
    fn add(&mut self, def: &MoveDef, flip: bool) {
        let legs: Vec<Leg> = def
            .legs
            .iter()
            .map(|l| {
                let mut l = *l;
                if flip {
                    l.step.dx = -l.step.dx;
                    l.step.dy = -l.step.dy;
                }
                l
            })
            .collect();
        let root = if def.initial { 1 } else { 0 };
        self.leg(&legs, 0, root, EMPTY, (0, 0), 0, def.creates_ep);
    }

    /// Lay out leg `k` starting after node `parent` (reached through
    /// `class`), at offset `at`. `prev_len` is the length of the last ride
    /// leg, for `i` legs.
    #[allow(clippy::too_many_arguments)]
    fn leg(
        &mut self,
        legs: &[Leg],
        k: usize,
        parent: usize,
        class: usize,
        at: (i32, i32),
        prev_len: u32,
        double: bool,
    ) {
        if self.error.is_some() {
            return;
        }
        let leg = legs[k];
        let last = k + 1 == legs.len();
        let (sx, sy) = (i32::from(leg.step.dx), i32::from(leg.step.dy));
        let range = if leg.range == 0 {
            self.max_ride()
        } else {
            u32::from(leg.range)
        };
        if leg.unload || leg.induction {
            self.error = Some("'u' (unload) and 'x' (induction) moves are not supported by the move generator yet".into());
            return;
        }
        // Walk the ride; `cur` is the node the next cell hangs under and
        // `cur_class` the occupancy through which it is reached.
        let (mut cur, mut cur_class) = (parent, class);
        let mut pos = at;
        for step in 1..=range {
            if self.error.is_some() {
                return;
            }
            let mut target = (pos.0 + sx, pos.1 + sy);
            // Lame or must-jump leaps test the midpoint first (XBoard: rounded
            // towards zero); the leap hangs under the classes that allow it.
            let mut leap_classes: &[usize] = &[cur_class];
            if !leg.step.is_unit() && leg.jump != Jump::Free {
                let step = Step::new(sx as i8, sy as i8);
                for (n, p) in step.lame_path(leg.jump).iter().enumerate() {
                    let (px, py) = (pos.0 + i32::from(p.dx), pos.1 + i32::from(p.dy));
                    let Some(sq) = self.place(px, py, leg.wrap) else {
                        return;
                    };
                    // A lame path's later squares follow only empty ones.
                    let class = if n == 0 { cur_class } else { EMPTY };
                    cur = self.child(cur, class, sq.0, sq.1);
                }
                leap_classes = if leg.jump == Jump::MustJump {
                    &[FRIEND, FOE]
                } else {
                    &[EMPTY]
                };
                if leg.jump == Jump::MustJump && range > 1 {
                    self.error = Some(
                        "must-jump ('j') rides of leaps longer than one square are not supported"
                            .into(),
                    );
                    return;
                }
            }
            if leap_classes.len() > 1 {
                let Some(t) = self.place(target.0, target.1, leg.wrap) else {
                    return;
                };
                for &c in leap_classes {
                    let node = self.child(cur, c, t.0, t.1);
                    self.cell_end(legs, k, node, t, step, prev_len, double, last);
                }
                return;
            }
            cur_class = leap_classes[0];
            let Some(t) = self.place(target.0, target.1, leg.wrap) else {
                return;
            };
            target = t;
            if self.origin.is_some()
                && leg.wrap
                && (target == (0, 0) && k == 0 || target == at && k > 0)
            {
                // A wrapping ride met the piece itself, or came round to
                // where its leg began.
                return;
            }
            let node = self.child(cur, cur_class, target.0, target.1);
            if u32::from(leg.skip) >= step {
                // `j` on a unit step: this square is passed whatever is on it.
                if step < range {
                    // Continue from every class.
                    for c in [EMPTY, FRIEND, FOE] {
                        self.ride_from(legs, k, node, c, target, range - step, prev_len, double);
                    }
                }
                return;
            }
            let same_length_ok = !leg.same_length || step == prev_len;
            if same_length_ok {
                self.cell_end(legs, k, node, target, step, prev_len, double, last);
            }
            if leg.same_length && step >= prev_len {
                return;
            }
            if leg.hop != Hop::None && last {
                // Pre-screen cell: no move of its own; an occupant is the screen.
                for c in [FRIEND, FOE] {
                    if step < range {
                        self.after_screen(leg, node, c, target, range - step);
                    }
                }
            }
            (cur, cur_class) = (node, EMPTY);
            pos = target;
        }
    }

    /// Continue a `j`-skipping ride after a passed square (rare: `jR`).
    #[allow(clippy::too_many_arguments)]
    fn ride_from(
        &mut self,
        legs: &[Leg],
        k: usize,
        node: usize,
        class: usize,
        at: (i32, i32),
        rest: u32,
        prev_len: u32,
        double: bool,
    ) {
        let mut sub: Vec<Leg> = legs.to_vec();
        let mut l = sub[k];
        l.skip = 0;
        l.range = rest.min(255) as u8;
        if l.range == 0 {
            return;
        }
        sub[k] = l;
        self.leg(&sub, k, node, class, at, prev_len, double);
    }

    /// What the cell at step `step` of leg `k` does on its own square.
    #[allow(clippy::too_many_arguments)]
    fn cell_end(
        &mut self,
        legs: &[Leg],
        k: usize,
        node: usize,
        at: (i32, i32),
        step: u32,
        prev_len: u32,
        double: bool,
        last: bool,
    ) {
        let leg = legs[k];
        let o = leg.occupancy;
        if last {
            if leg.hop != Hop::None || !self.may_land(at.0, at.1) {
                return;
            }
            let n = &mut self.nodes[node];
            let tame = if leg.tame { generate::TAME } else { 0 };
            let dbl = if double { generate::DOUBLE_STEP } else { 0 };
            if o.empty {
                n.generate[EMPTY] |= generate::MOVE | dbl;
            }
            if leg.ep_capture {
                n.generate[EMPTY] |= generate::EP;
            }
            if o.capture_foe {
                n.generate[FOE] |= generate::MOVE | tame;
            }
            if o.capture_friend {
                n.generate[FRIEND] |= generate::MOVE | tame;
            }
            return;
        }
        let len = if leg.is_ride() { step } else { prev_len };
        if o.empty {
            self.leg(legs, k + 1, node, EMPTY, at, len, double);
        }
        for (class, pass, capture) in [
            (FRIEND, o.pass_friend, o.capture_friend),
            (FOE, o.pass_foe, o.capture_foe),
        ] {
            if pass && capture {
                self.error = Some(
                    "a leg that may both pass and capture the same occupant is not supported"
                        .into(),
                );
                return;
            }
            if capture {
                self.set_locust(node, class);
            }
            if pass || capture {
                self.leg(legs, k + 1, node, class, at, len, double);
            }
        }
    }

    /// Cells beyond a hopper's screen: a cannon rides on, a grasshopper
    /// lands on the next square only.
    fn after_screen(&mut self, leg: Leg, screen: usize, class: usize, at: (i32, i32), rest: u32) {
        let (sx, sy) = (i32::from(leg.step.dx), i32::from(leg.step.dy));
        let rest = if leg.hop == Hop::Grasshopper {
            rest.min(1)
        } else {
            rest
        };
        let (mut cur, mut cur_class) = (screen, class);
        let mut pos = at;
        for _ in 0..rest {
            let Some(t) = self.place(pos.0 + sx, pos.1 + sy, leg.wrap) else {
                return;
            };
            let node = self.child(cur, cur_class, t.0, t.1);
            (cur, cur_class) = (node, EMPTY);
            pos = t;
            if !self.may_land(t.0, t.1) {
                continue;
            }
            let o = leg.occupancy;
            let n = &mut self.nodes[node];
            let tame = if leg.tame { generate::TAME } else { 0 };
            if o.empty {
                n.generate[EMPTY] |= generate::MOVE;
            }
            if o.capture_foe {
                n.generate[FOE] |= generate::MOVE | tame;
            }
            if o.capture_friend {
                n.generate[FRIEND] |= generate::MOVE | tame;
            }
        }
    }

    /// Drop the cells that neither generate anything nor lead to cells
    /// that do (a region-limited piece's steps out of its region), so that
    /// walks do not depend on squares that cannot matter.
    fn prune(&mut self) {
        fn useful(nodes: &mut [Node], id: usize) -> bool {
            let mut any = nodes[id].generate.iter().any(|&g| g != 0);
            for class in 0..3 {
                let kids = std::mem::take(&mut nodes[id].kids[class]);
                let kept: Vec<usize> = kids.into_iter().filter(|&k| useful(nodes, k)).collect();
                any |= !kept.is_empty();
                nodes[id].kids[class] = kept;
            }
            any
        }
        for root in [0, 1] {
            let kids = std::mem::take(&mut self.nodes[root].kids[EMPTY]);
            let kept = kids
                .into_iter()
                .filter(|&k| useful(&mut self.nodes, k))
                .collect();
            self.nodes[root].kids[EMPTY] = kept;
        }
    }
}

/// Flattens build trees into the shared cell array.
struct Flattener<'a> {
    cells: &'a mut Vec<MoveTarget>,
    geometry: &'a Geometry,
}

impl Flattener<'_> {
    /// Lays out the group `ids` and returns its first index (0 if empty).
    fn group(&mut self, nodes: &[Node], ids: &[usize]) -> u32 {
        if ids.is_empty() {
            return 0;
        }
        let start = self.cells.len();
        for (i, &id) in ids.iter().enumerate() {
            let n = &nodes[id];
            let delta = self.geometry.delta(n.dx, n.dy);
            let mut flags = n.flags;
            if i + 1 == ids.len() {
                flags |= cell_flags::LAST;
            }
            self.cells.push(MoveTarget {
                delta: delta as i16,
                visit: visit::kinds(n.generate),
                flags,
                next: [0; 3],
            });
        }
        for (i, &id) in ids.iter().enumerate() {
            for class in [EMPTY, FRIEND, FOE] {
                let kids = nodes[id].kids[class].clone();
                let first = self.group(nodes, &kids);
                self.cells[start + i].next[class] = first;
            }
        }
        start as u32
    }
}

/// Longest path and largest walk of a tree, for buffer sizes.
fn measure(cells: &[MoveTarget], root: u32) -> (usize, usize) {
    fn rec(
        cells: &[MoveTarget],
        group: u32,
        depth: usize,
        max_depth: &mut usize,
        count: &mut usize,
    ) {
        let mut i = group as usize;
        loop {
            *count += 1;
            *max_depth = (*max_depth).max(depth + 1);
            for class in [EMPTY, FRIEND, FOE] {
                let next = cells[i].next[class];
                if next != 0 {
                    rec(cells, next, depth + 1, max_depth, count);
                }
            }
            if cells[i].flags & cell_flags::LAST != 0 {
                break;
            }
            i += 1;
        }
    }
    if root == 0 {
        return (0, 0);
    }
    let (mut d, mut c) = (0, 0);
    rec(cells, root, 0, &mut d, &mut c);
    (d, c)
}

/// The longest single step of any leg (for the board padding).
pub fn longest_step(variant: &Variant) -> u8 {
    let mut longest = 1i32;
    for p in &variant.pieces {
        for m in &p.moves.moves {
            for l in &m.legs {
                longest = longest
                    .max(i32::from(l.step.dx).abs())
                    .max(i32::from(l.step.dy).abs());
            }
        }
    }
    longest.min(i32::from(u8::MAX)) as u8
}

impl TrajectoryTable {
    /// Build the trees of every piece type of `variant`.
    pub fn build(variant: &Variant) -> Result<TrajectoryTable, TrajectoryError> {
        let geometry = Geometry::new(variant.width, variant.height, longest_step(variant));
        if geometry.size > crate::types::MAX_SQ {
            // Moves pack squares into 12 bits; only absurdly long leaps
            // (guard bands sized by the longest step) get here.
            return Err(TrajectoryError {
                piece: "(all)".into(),
                message: format!(
                    "the longest step ({}) makes the padded board too large",
                    geometry.pad
                ),
            });
        }
        let mut cells = vec![MoveTarget {
            delta: 0,
            visit: [0; 3],
            flags: cell_flags::LAST,
            next: [0; 3],
        }];
        let mut trees: [Vec<RoleTrees>; 2] = [Vec::new(), Vec::new()];
        let (mut max_depth, mut max_walk) = (1, 1);
        for piece in &variant.pieces {
            let wraps = variant.cylinder
                || piece
                    .moves
                    .moves
                    .iter()
                    .any(|m| m.legs.iter().any(|l| l.wrap));
            for color in Color::BOTH {
                let flip = color == Color::Black;
                let normal = |moves: &crate::xbetza::PieceMoves| -> Vec<MoveDef> {
                    moves
                        .moves
                        .iter()
                        .filter(|m| m.kind == MoveKind::Normal)
                        .map(|m| {
                            let mut m = m.clone();
                            if variant.cylinder {
                                m.legs.iter_mut().for_each(|l| l.wrap = true);
                            }
                            m
                        })
                        .collect()
                };
                let defs = normal(&piece.moves);
                let zones: Vec<_> = piece.zone_moves[color.index()]
                    .iter()
                    .map(|z| (z.region, z.landing, normal(&z.moves)))
                    .collect();
                let landing = piece.mobility[color.index()];
                let per_square = wraps || piece.moves_depend_on_square(color);
                let origins: Vec<Option<(i32, i32)>> = if per_square {
                    (0..geometry.size as u16)
                        .map(|sq| {
                            geometry
                                .coords(sq)
                                .map(|(f, r)| (i32::from(f), i32::from(r)))
                        })
                        .collect()
                } else {
                    vec![Some((0, 0))]
                };
                let mut roots = Vec::with_capacity(origins.len());
                let mut initial_roots = Vec::with_capacity(origins.len());
                let mut duplicates = false;
                for origin in origins {
                    let Some(o) = origin else {
                        roots.push(0);
                        initial_roots.push(0);
                        continue;
                    };
                    let mut b = Builder::new(
                        variant.width,
                        variant.height,
                        per_square.then_some(o),
                        landing,
                    );
                    for def in &defs {
                        b.add(def, flip);
                    }
                    let here = Square::new(o.0 as u8, o.1 as u8);
                    for (region, zone_landing, zone_defs) in &zones {
                        if !per_square || !region.contains(here) {
                            continue;
                        }
                        // A zone's own landing squares narrow the piece's.
                        b.landing = match (landing, zone_landing) {
                            (Some(a), Some(z)) => Some(a & *z),
                            (a, z) => a.or(*z),
                        };
                        for def in zone_defs {
                            b.add(def, flip);
                        }
                        b.landing = landing;
                    }
                    if let Some(message) = b.error.take() {
                        return Err(TrajectoryError {
                            piece: piece.name.clone(),
                            message,
                        });
                    }
                    b.prune();
                    duplicates |= has_duplicate_targets(&b.nodes);
                    if cells.len() > MAX_TABLE {
                        return Err(TrajectoryError {
                            piece: piece.name.clone(),
                            message: format!(
                                "the variant's trajectory table would exceed {MAX_TABLE} cells"
                            ),
                        });
                    }
                    let mut fl = Flattener {
                        cells: &mut cells,
                        geometry: &geometry,
                    };
                    let kids0 = b.nodes[0].kids[EMPTY].clone();
                    let kids1 = b.nodes[1].kids[EMPTY].clone();
                    let root = fl.group(&b.nodes, &kids0);
                    let initial = fl.group(&b.nodes, &kids1);
                    for rt in [root, initial] {
                        let (d, c) = measure(&cells, rt);
                        max_depth = max_depth.max(d);
                        max_walk = max_walk.max(c);
                    }
                    roots.push(root);
                    initial_roots.push(initial);
                }
                let all: Vec<u32> = roots.iter().chain(initial_roots.iter()).copied().collect();
                let (monotone, discovers, straight, straight_screens) = analyse(&cells, &all);
                trees[color.index()].push(RoleTrees {
                    roots: roots.into_boxed_slice(),
                    initial_roots: initial_roots.into_boxed_slice(),
                    per_square,
                    duplicates,
                    monotone,
                    discovers,
                    // Per-square trees (regions, palace lines) are judged
                    // by their cells too: a delta repeated on the padded
                    // board is one geometric line; only a wrap breaks that.
                    straight: straight && !wraps,
                    straight_screens: straight_screens && !wraps,
                });
            }
        }
        if max_walk > MAX_WALK {
            return Err(TrajectoryError {
                piece: "(one of the pieces)".into(),
                message: format!(
                    "a piece's trajectories visit {max_walk} cells from one square; at most {MAX_WALK} are supported"
                ),
            });
        }
        if cells.len() > u32::MAX as usize / 2 {
            return Err(TrajectoryError {
                piece: "(all)".into(),
                message: "trajectory table too large".into(),
            });
        }
        let [w, b] = trees;
        Ok(TrajectoryTable {
            geometry,
            cells: cells.into_boxed_slice(),
            trees: [w.into_boxed_slice(), b.into_boxed_slice()],
            max_depth,
            max_walk,
        })
    }
}

/// True if two generating nodes of the tree make the same move: the same
/// square reached with the same square captured on the way (then the walk
/// can yield the same move twice, and generation must drop repeats). A
/// step out and back to the start square (a pass) is left out: the move
/// generator keeps one pass per position anyway.
fn has_duplicate_targets(nodes: &[Node]) -> bool {
    type Key = (i32, i32, Option<(i32, i32)>);
    fn visit(
        nodes: &[Node],
        id: usize,
        aux: Option<(i32, i32)>,
        seen: &mut std::collections::HashSet<Key>,
    ) -> bool {
        let n = &nodes[id];
        for (class, kids) in n.kids.iter().enumerate() {
            let locust = match class {
                FOE => n.flags & cell_flags::LOCUST_FOE != 0,
                FRIEND => n.flags & cell_flags::LOCUST_FRIEND != 0,
                _ => false,
            };
            let kid_aux = if locust { Some((n.dx, n.dy)) } else { aux };
            for &k in kids {
                let kid = &nodes[k];
                let pass = kid.dx == 0 && kid.dy == 0 && kid_aux.is_none();
                if kid.generate.iter().any(|&g| g != 0)
                    && !pass
                    && !seen.insert((kid.dx, kid.dy, kid_aux))
                {
                    return true;
                }
                if visit(nodes, k, kid_aux, seen) {
                    return true;
                }
            }
        }
        false
    }
    let mut seen = std::collections::HashSet::new();
    // The normal and the initial-move trees are walked together, so a move
    // in both would be generated twice.
    visit(nodes, 0, None, &mut seen) || visit(nodes, 1, None, &mut seen)
}
