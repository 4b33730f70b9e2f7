//! Semantic stage of the XBetza compiler: raw groups -> concrete [`MoveDef`]s.
//!
//! Direction sets follow XBoard's `MovesFromString` exactly: directions are
//! numbered 0..8 clockwise from "forward" in 45-degree units (for oblique
//! atoms: the eight images of the leap, clockwise from (1,2)); the first leg
//! reads its letters by the atom's symmetry, continuation legs in the
//! "K system" relative to the previous leg's direction. Every combination of
//! leg directions becomes one `MoveDef`.

use super::parse::{self, Atom, RawGroup, RawLeg, Symmetry};
use super::*;

/// Compile an XBetza string into concrete moves (for White; Black's moves are
/// the same legs turned by 180 degrees).
///
/// An empty string is valid: the piece cannot move (Fairy-Stockfish's `immobile`).
pub fn compile(text: &str, dialect: Dialect) -> Result<PieceMoves, BetzaError> {
    let mut warnings = Vec::new();
    let groups = parse::parse(text, dialect, &mut warnings)?;
    let mut moves: Vec<MoveDef> = Vec::new();
    for group in &groups {
        for group in dialect_groups(group, dialect) {
            let before = moves.len();
            expand_group(text, &group, &mut moves)?;
            if moves.len() == before {
                return Err(BetzaError {
                    input: text.into(),
                    position: group.pos,
                    message: "this move group yields no move in any direction".into(),
                });
            }
        }
    }
    if dialect == Dialect::FairyStockfish {
        for leg in moves.iter_mut().flat_map(|m| m.legs.iter_mut()) {
            if leg.jump == Jump::Lame && leg.step.lame_path(Jump::LameStraightFirst).len() > 1 {
                leg.jump = Jump::LameStraightFirst;
            }
        }
    }
    // The same move written twice (e.g. `KW`) is one move; the first
    // place it is written decides the order.
    let mut seen = std::collections::HashSet::with_capacity(moves.len());
    let unique: Vec<MoveDef> = moves
        .into_iter()
        .filter(|m| seen.insert(m.clone()))
        .collect();
    Ok(PieceMoves {
        moves: unique,
        warnings,
    })
}

/// Fairy-Stockfish expands `K` into `WF` and `Q` into `RB` before applying
/// directions, so `fK` is three moves there and one in XBoard.
fn dialect_groups(group: &RawGroup, dialect: Dialect) -> Vec<RawGroup> {
    if dialect != Dialect::FairyStockfish || group.bracket || group.legs.len() != 1 {
        return vec![group.clone()];
    }
    let Some((atom, pos)) = group.legs[0].atom else {
        return vec![group.clone()];
    };
    let parts = match atom {
        Atom::K => [Atom::W, Atom::F],
        Atom::Q => [Atom::R, Atom::B],
        _ => return vec![group.clone()],
    };
    parts
        .iter()
        .map(|&a| {
            let mut g = group.clone();
            g.legs[0].atom = Some((a, pos));
            g
        })
        .collect()
}

// XBoard's direction tables, indexed by modifier letter.
fn wide(c: char) -> u8 {
    match c {
        'b' => 0x3c,
        'f' => 0xc3,
        'l' => 0xf0,
        'r' => 0x0f,
        _ => 0,
    }
}
fn narrow(c: char) -> u8 {
    match c {
        'b' => 0x18,
        'f' => 0x81,
        'h' => 0xff,
        'l' => 0x60,
        'r' => 0x06,
        's' => 0x66,
        'v' => 0x99,
        _ => 0,
    }
}
fn king_wide(c: char) -> u8 {
    match c {
        'b' => 0x38,
        'f' => 0x83,
        'h' => 0xff,
        'l' => 0xe0,
        'r' => 0x0e,
        's' => 0xee,
        'v' => 0xbb,
        _ => 0,
    }
}
fn king_narrow(c: char) -> u8 {
    match c {
        'b' => 0x10,
        'f' => 0x01,
        'h' => 0xff,
        'l' => 0x40,
        'r' => 0x04,
        's' => 0x44,
        'v' => 0x11,
        _ => 0,
    }
}
/// 1 = vertical (f b v), 2 = lateral (l r s), 0 = h: two letters combine
/// (intersect) only when their axes are perpendicular.
fn axis(c: char) -> u8 {
    match c {
        'f' | 'b' | 'v' => 1,
        'l' | 'r' | 's' => 2,
        _ => 0,
    }
}
fn single(c: char) -> bool {
    matches!(c, 'f' | 'b' | 'l' | 'r')
}
fn perpendicular(a: char, b: char) -> bool {
    axis(a) | axis(b) == 3
}

/// Direction set of a diagonal atom's first leg (F, A, G, B).
fn dirs_diagonal(d: &[char]) -> u8 {
    let mut set = 0;
    let mut i = 0;
    while i < d.len() {
        let mut b = wide(d[i]);
        if i + 1 < d.len() && perpendicular(d[i], d[i + 1]) {
            b = wide(d[i]) & wide(d[i + 1]);
            i += 2;
        } else {
            i += 1;
        }
        set |= b;
    }
    set &= 0xaa;
    if set == 0 { 0xaa } else { set }
}

/// Direction set of an orthogonal atom's first leg (W, D, H, R, O). XBoard
/// does not read `h` here; it means "all", which is the default anyway.
fn dirs_orthogonal(d: &[char]) -> u8 {
    let set = d
        .iter()
        .filter(|&&c| c != 'h')
        .fold(0, |s, &c| s | narrow(c))
        & 0x55;
    if set == 0 { 0x55 } else { set }
}

/// Direction set of an oblique atom's first leg (N, C, Z), including the
/// chiral `hr`/`hl` sets and the `fh`-style half planes.
fn dirs_oblique(d: &[char]) -> u8 {
    if d.first() == Some(&'h') && d.len() >= 2 && matches!(d[1], 'r' | 'l') {
        return if d[1] == 'r' { 0x55 } else { 0xaa };
    }
    let mut set = 0;
    let mut i = 0;
    while i < d.len() {
        let c = d[i];
        let next = d.get(i + 1).copied();
        let mut b = narrow(c);
        if next == Some('h') {
            b = wide(c);
            i += 2;
        } else if let Some(n) = next.filter(|&n| n == c || (single(c) && perpendicular(c, n))) {
            b = wide(c) & narrow(n);
            i += 2;
        } else {
            i += 1;
        }
        set |= b;
    }
    if set == 0 { 0xff } else { set }
}

/// Direction set in the K system (K, Q, and every continuation leg); `None`
/// when no letters were given.
fn dirs_king(d: &[char]) -> Option<u8> {
    if d.is_empty() {
        return None;
    }
    let mut set = 0;
    let mut i = 0;
    while i < d.len() {
        let c = d[i];
        let next = d.get(i + 1).copied();
        let mut b = king_narrow(c);
        if next == Some(c) {
            // Doubling forces a letter to stand alone.
            i += 1;
        } else if let Some(n) = next.filter(|&n| single(c) && perpendicular(c, n)) {
            b = king_wide(c) & king_wide(n);
            i += 2;
        } else {
            i += 1;
        }
        set |= b;
    }
    Some(set)
}

fn rotate_set(set: u8, angle: u8) -> u8 {
    set.rotate_left(u32::from(angle % 8))
}

/// The step of an atom in direction `dir` (0..8).
fn vector(atom: Atom, dir: u8) -> Step {
    let (bx, by) = atom.base();
    let (dx, dy) = match atom.symmetry() {
        Symmetry::Oblique => (bx, by),
        // K system: even directions orthogonal, odd ones diagonal, same reach.
        _ if dir.is_multiple_of(2) => (0, by),
        _ => (by, by),
    };
    let (vx, vy) = match dir {
        0 => (dx, dy),
        1 => (dy, dx),
        2 => (dy, -dx),
        3 => (dx, -dy),
        4 => (-dx, -dy),
        5 => (-dy, -dx),
        6 => (-dy, dx),
        _ => (-dx, dy),
    };
    Step::new(vx, vy)
}

/// True if the atom moves in direction `dir` by itself (orthogonal atoms on
/// even directions, diagonal ones on odd directions).
fn native(atom: Atom, dir: u8) -> bool {
    match atom.symmetry() {
        Symmetry::Orthogonal => dir.is_multiple_of(2),
        Symmetry::Diagonal => dir % 2 == 1,
        _ => true,
    }
}

struct Ctx<'a> {
    group: &'a RawGroup,
    out: &'a mut Vec<MoveDef>,
    /// Partial moves tried so far: paths that die before their last leg
    /// yield no move, so the move count alone does not bound the work.
    tried: usize,
}

fn fault(text: &str, position: usize, message: impl Into<String>) -> BetzaError {
    BetzaError {
        input: text.into(),
        position,
        message: message.into(),
    }
}

fn expand_group(text: &str, group: &RawGroup, out: &mut Vec<MoveDef>) -> Result<(), BetzaError> {
    check_group(text, group)?;
    let (atom, _) = group.legs[0].atom.expect("parse gives every leg an atom");
    let range = group.legs[0].range.unwrap_or(atom.default_range());
    if atom == Atom::O {
        return castling(text, group, out);
    }
    let mut ctx = Ctx {
        group,
        out,
        tried: 0,
    };
    let mut legs = Vec::with_capacity(group.legs.len());
    expand_leg(&mut ctx, 0, atom, range, 0, false, &mut legs);
    if ctx.out.len() > MAX_MOVES || ctx.tried > MAX_TRIED {
        return Err(fault(
            text,
            group.pos,
            format!(
                "this move group expands to more than {MAX_MOVES} moves (too many legs with open directions)"
            ),
        ));
    }
    Ok(())
}

/// Most moves one string may expand to: far above any real piece (the Chu
/// Shogi Lion has under 100), low enough that a string with many open legs
/// is refused at once instead of taking seconds and memory (a fuzzer's
/// `KKmacamaaabK` expanded to 19,000 moves).
const MAX_MOVES: usize = 4096;

/// Most partial moves one group may try (see [`Ctx::tried`]): a string of
/// sixty `a` legs tried billions of paths that all died.
const MAX_TRIED: usize = 1 << 18;

/// Reject combinations that have no meaning, with the position of the letter.
fn check_group(text: &str, group: &RawGroup) -> Result<(), BetzaError> {
    let n = group.legs.len();
    for (k, leg) in group.legs.iter().enumerate() {
        let (atom, atom_pos) = leg.atom.expect("parse gives every leg an atom");
        // Non-final means: some later leg exists that the move continues into.
        let last = k + 1 == n;
        if atom == Atom::O {
            if n > 1 {
                return Err(fault(
                    text,
                    atom_pos,
                    "castling 'O' cannot be part of a multi-leg move",
                ));
            }
            match leg.range {
                Some(r) if r >= 1 => {}
                _ => {
                    return Err(fault(
                        text,
                        atom_pos,
                        "castling 'O' needs the number of squares the piece moves, e.g. O2",
                    ));
                }
            }
        }
        if let Some(p) = leg.has('y').filter(|_| last) {
            return Err(fault(
                text,
                p,
                "'y' only applies to a leg that another leg follows",
            ));
        }
        if let Some(p) = leg.has('e').filter(|_| !last) {
            return Err(fault(
                text,
                p,
                "'e' (en passant) only applies to the last leg",
            ));
        }
        if let Some(p) = leg.has('x').filter(|_| !last) {
            return Err(fault(
                text,
                p,
                "'x' (induction) only applies to the last leg",
            ));
        }
        if let Some(p) = leg.has('u').filter(|_| k == 0) {
            return Err(fault(
                text,
                p,
                "'u' (unload) needs an earlier leg that captured",
            ));
        }
        if leg.u && !group.legs[..k].iter().any(|l| l.c || l.d) {
            let p = leg.has('u').unwrap_or(leg.pos);
            return Err(fault(
                text,
                p,
                "'u' (unload) needs an earlier leg that captured ('c' or 'd')",
            ));
        }
        if let Some(p) = leg.has('p').filter(|_| leg.g) {
            return Err(fault(text, p, "'p' and 'g' cannot both apply to one leg"));
        }
        if leg.x && (leg.m || leg.c || leg.d || leg.e) {
            let p = leg.has('x').unwrap_or(leg.pos);
            return Err(fault(
                text,
                p,
                "'x' (induction) cannot be combined with m, c, d or e",
            ));
        }
        if leg.j > 0 && leg.n {
            let p = leg.has('n').unwrap_or(leg.pos);
            return Err(fault(
                text,
                p,
                "'n' (lame) and 'j' (must jump) contradict each other",
            ));
        }
    }
    if group.bracket && group.legs.iter().any(|l| l.g || l.y) {
        let p = group
            .legs
            .iter()
            .find_map(|l| l.has('g').or(l.has('y')))
            .unwrap_or(group.pos);
        return Err(fault(
            text,
            p,
            "'g'/'y' toggle the range of the next leg in 'a' chains; inside brackets give each leg its own atom",
        ));
    }
    Ok(())
}

/// The occupancy and flags of leg `k` when it is final or not.
fn leg_mode(raw: &RawLeg, step: Step, range: u8, is_final: bool) -> Leg {
    let mut leg = Leg::new(step, range);
    let unit = step.is_unit();
    leg.wrap = raw.o;
    leg.tame = raw.t;
    leg.unload = raw.u;
    if unit {
        leg.skip = raw.j;
    } else if raw.n {
        leg.jump = Jump::Lame;
    } else if raw.j > 0 {
        leg.jump = Jump::MustJump;
    }
    let occ = &mut leg.occupancy;
    if is_final {
        if raw.x {
            leg.induction = true;
        } else {
            occ.empty = raw.m;
            occ.capture_foe = raw.c;
            occ.capture_friend = raw.d;
            leg.ep_capture = raw.e;
            if !(raw.m || raw.c || raw.d || raw.e) {
                occ.empty = true;
                occ.capture_foe = true;
            }
        }
        leg.hop = if raw.p {
            Hop::Cannon
        } else if raw.g {
            Hop::Grasshopper
        } else {
            Hop::None
        };
    } else {
        occ.empty = raw.m || raw.y;
        occ.capture_foe = raw.c;
        occ.capture_friend = raw.d;
        if raw.p || raw.g {
            // Non-final p/g: pass an occupied square without disturbing it;
            // with t only own pieces may be passed.
            occ.pass_friend = true;
            occ.pass_foe = !raw.t;
        }
        if raw.n && unit {
            leg.ep_rights = true;
            occ.empty = true;
        }
        if !occ.any() {
            occ.empty = true;
        }
    }
    leg
}

/// Expand leg `k` in every allowed direction and recurse into the next leg.
/// `angle` is the previous leg's direction; `slider_before` tells whether any
/// earlier leg was a ride (for `i` on a continuation leg).
fn expand_leg(
    ctx: &mut Ctx,
    k: usize,
    atom: Atom,
    range: u8,
    angle: u8,
    slider_before: bool,
    legs: &mut Vec<Leg>,
) {
    ctx.tried += 1;
    if ctx.out.len() > MAX_MOVES || ctx.tried > MAX_TRIED {
        return;
    }
    let group = ctx.group;
    let raw = &group.legs[k];
    let n = group.legs.len();
    let set = if k == 0 {
        match atom.symmetry() {
            Symmetry::Diagonal => dirs_diagonal(&raw.dirs),
            Symmetry::Orthogonal => dirs_orthogonal(&raw.dirs),
            Symmetry::Oblique => dirs_oblique(&raw.dirs),
            Symmetry::King => dirs_king(&raw.dirs).unwrap_or(0xff),
        }
    } else {
        let rel = dirs_king(&raw.dirs).unwrap_or(if group.bracket {
            // Brackets: by default the next leg goes "outward": straight on
            // or turned 45 degrees, in the directions its own atom has.
            0x83
        } else if matches!(atom.symmetry(), Symmetry::King | Symmetry::Oblique) {
            0xef // all but straight back
        } else {
            0x45 // a 4-fold atom continues forward or sideways
        });
        rotate_set(rel, angle)
    };
    for dir in 0..8u8 {
        if set & (1 << dir) == 0 {
            continue;
        }
        if group.bracket && !native(atom, dir) {
            continue;
        }
        let step = vector(atom, dir);
        // Each bracket leg ends a move where a '?' (or ']') follows it; an
        // 'a' chain only at its last leg.
        for is_final in [true, false] {
            if is_final && !group.stops[k] {
                continue;
            }
            if !is_final && k + 1 == n {
                continue;
            }
            let mut leg = leg_mode(raw, step, range, is_final);
            leg.same_length = k > 0 && raw.initial > 0 && slider_before;
            legs.push(leg);
            if is_final {
                let initial =
                    group.legs[0].initial > 0 || (k > 0 && raw.initial > 0 && !slider_before);
                // Duplicates go in `compile`, in one pass over all groups.
                ctx.out
                    .push(MoveDef::new(legs.clone(), MoveKind::Normal, initial));
            } else {
                let (next_atom, next_range) = next_leg_atom(group, k, atom, range, dir);
                let slider = slider_before || range != 1;
                expand_leg(ctx, k + 1, next_atom, next_range, dir, slider, legs);
            }
            legs.pop();
        }
    }
}

/// The atom and range of leg `k + 1`: in brackets its own; in `a` chains the
/// same atom, range-toggled by `g`/`y` and turned 45 degrees when this leg
/// went in a direction the atom does not have.
fn next_leg_atom(group: &RawGroup, k: usize, atom: Atom, range: u8, dir: u8) -> (Atom, u8) {
    let raw = &group.legs[k];
    if group.bracket {
        let next = &group.legs[k + 1];
        let (a, _) = next.atom.expect("parse gives every leg an atom");
        return (a, next.range.unwrap_or(a.default_range()));
    }
    let mut next = atom;
    let mut next_range = group.legs[k + 1].range.unwrap_or(atom.default_range());
    if raw.g || raw.y {
        next = atom.upgrade();
        next_range = if range == 1 { 0 } else { next.default_range() };
    }
    if !native(atom, dir) {
        next = next.rotate();
    }
    (next, next_range)
}

/// XBoard's legacy e.p. rule: an initial, non-capturing, single-leg
/// multi-step along a line (lame leap or ranged slide) gives e.p. rights.
/// Whether it applies also depends on the piece promoting (a pawn), which
/// the variant decides.
pub(super) fn creates_ep(def: &MoveDef) -> bool {
    if !def.initial || def.legs.len() != 1 {
        return false;
    }
    let leg = &def.legs[0];
    let o = leg.occupancy;
    let quiet_only = o.empty && !o.capture_foe && !o.capture_friend && !leg.ep_capture;
    let (dx, dy) = (leg.step.dx.abs(), leg.step.dy.abs());
    let on_line = dx == 0 || dy == 0 || dx == dy;
    let multi = if leg.step.is_unit() {
        leg.range > 1
    } else {
        leg.jump == Jump::Lame
    };
    quiet_only && on_line && multi && leg.hop == Hop::None
}

/// `O<n>`: one castling move per allowed direction.
fn castling(text: &str, group: &RawGroup, out: &mut Vec<MoveDef>) -> Result<(), BetzaError> {
    let raw = &group.legs[0];
    let steps = raw.range.unwrap_or(0);
    if raw.m || raw.c || raw.d || raw.e || raw.p || raw.g || raw.x || raw.n || raw.initial > 0 {
        let p = raw
            .letters
            .iter()
            .find(|(c, _)| *c != 'j' && *c != 'o')
            .map_or(raw.pos, |&(_, p)| p);
        return Err(fault(text, p, "castling 'O' takes only directions and 'j'"));
    }
    let set = dirs_orthogonal(&raw.dirs);
    for dir in (0..8u8).filter(|d| set & (1 << d) != 0) {
        let mut leg = Leg::new(vector(Atom::W, dir), 0);
        leg.occupancy.empty = true;
        leg.skip = raw.j;
        leg.wrap = raw.o;
        out.push(MoveDef {
            legs: vec![leg],
            kind: MoveKind::Castling { steps },
            initial: true,
            creates_ep: false,
        });
    }
    Ok(())
}
