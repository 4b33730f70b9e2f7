//! Drops from the holdings, and the rules that decide where a drop may go
//! from what already stands on the board: nifu, Fairy-Stockfish's
//! `enclosingDrop` (connect four's columns, pieces pushed in from an
//! edge, snort, ataxx, reversi) and `enclosingDropStart`; `freeDrops`.

use super::add;
use crate::position::Position;
use crate::types::{Color, Geometry, Move, MoveList, Region, Role, Square};
use crate::variant::Enclosing;

/// Drops from the holdings: every piece type in hand (with free drops,
/// every type but royal ones) on every empty square its drop region
/// allows, less the files where nifu forbids it; promoted too where pieces
/// may drop promoted.
pub(super) fn drop_moves(pos: &Position, list: &mut MoveList) {
    let us = pos.side_to_move();
    if pos.alive(us) == u64::MAX {
        return; // no slot for another piece
    }
    let rules = pos.rules();
    let drops = &rules.variant.drops;
    let g = rules.geometry();
    let enclosed = enclosing_squares(pos, us);
    let holdings = pos.holdings(us);
    for r in 0..rules.variant.pieces.len() {
        let in_hand = if drops.free_drops {
            !rules.royal[r]
        } else {
            holdings.get(r).is_some_and(|&n| n > 0)
        };
        if !in_hand {
            continue;
        }
        let role = Role(r as u8);
        // Files where nifu forbids the drop.
        let mut banned = 0u32;
        if drops.no_doubled == Some(role) {
            let mut counts = [0u32; 32];
            for (_, p) in pos.pieces(us) {
                if p.role == role
                    && !p.promoted
                    && let Some((f, _)) = g.coords(p.sq)
                {
                    counts[usize::from(f)] += 1;
                }
            }
            for (f, &c) in counts.iter().enumerate() {
                if c >= drops.no_doubled_count {
                    banned |= 1 << f;
                }
            }
        }
        let promoted = if drops.drop_promoted {
            rules.promoted_type[r]
        } else {
            None
        };
        for &sq in rules.drop_targets[us.index()][r].iter() {
            if !pos.is_empty(sq) {
                continue;
            }
            if let Some(allowed) = &enclosed
                && !g
                    .coords(sq)
                    .is_some_and(|(f, r)| allowed.contains(Square::new(f, r)))
            {
                continue;
            }
            if banned != 0 && g.coords(sq).is_some_and(|(f, _)| banned & (1 << f) != 0) {
                continue;
            }
            add(list, 0, false, Move::drop(role, sq, None));
            if let Some(p) = promoted {
                add(list, 0, false, Move::drop(role, sq, Some(p)));
            }
        }
    }
}

/// The squares the board leaves open to drops of `us`, where the variant
/// makes that depend on the pieces on it; `None` where it does not.
fn enclosing_squares(pos: &Position, us: Color) -> Option<Region> {
    let drops = &pos.rules().variant.drops;
    let g = pos.rules().geometry();
    // The colour of the piece on (f, r); `None` for an empty square or
    // one off the board.
    let owner = |f: i32, r: i32| -> Option<Color> {
        ((0..i32::from(g.width)).contains(&f) && (0..i32::from(g.height)).contains(&r))
            .then(|| pos.piece_on(g.sq(f as u8, r as u8)).map(|(c, _)| c))
            .flatten()
    };
    let occupied = |f: i32, r: i32| owner(f, r).is_some();
    let wall = |f: i32, r: i32| {
        (0..i32::from(g.width)).contains(&f)
            && (0..i32::from(g.height)).contains(&r)
            && pos.is_wall(g.sq(f as u8, r as u8))
    };
    let side = |f: i32, r: i32, color: Color| owner(f, r) == Some(color);
    if drops.enclosing != Enclosing::None
        && drops.enclosing_start.iter().any(|s| {
            s.file < g.width && s.rank < g.height && !occupied(s.file.into(), s.rank.into())
        })
    {
        return Some(drops.enclosing_start);
    }
    let every = |keep: &dyn Fn(i32, i32) -> bool| -> Region {
        let mut region = Region::EMPTY;
        for r in 0..g.height {
            for f in 0..g.width {
                if keep(f.into(), r.into()) {
                    region.insert(Square::new(f, r));
                }
            }
        }
        region
    };
    const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    const AROUND: [(i32, i32); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    match drops.enclosing {
        Enclosing::None => None,
        Enclosing::Top => Some(every(&|f, r| r == 0 || occupied(f, r - 1))),
        Enclosing::Snort => Some(every(&|f, r| {
            !ORTHOGONAL
                .iter()
                .any(|&(dx, dy)| side(f + dx, r + dy, us.opponent()))
        })),
        Enclosing::Ataxx => Some(every(&|f, r| {
            AROUND.iter().any(|&(dx, dy)| side(f + dx, r + dy, us))
        })),
        Enclosing::Anyside => Some(pushed_in(g, &occupied)),
        Enclosing::Reversi => Some(every(&|f, r| {
            // Next to an enemy piece, and some line from the square runs
            // over enemy pieces and walls to a piece of ours that is not
            // next to it (Fairy-Stockfish's test: walls let the line pass
            // here, though they stop the flips).
            AROUND
                .iter()
                .any(|&(dx, dy)| side(f + dx, r + dy, us.opponent()))
                && AROUND.iter().any(|&(dx, dy)| {
                    let (mut x, mut y) = (f + dx, r + dy);
                    while side(x, y, us.opponent()) || wall(x, y) {
                        x += dx;
                        y += dy;
                    }
                    side(x, y, us) && (x, y) != (f + dx, r + dy)
                })
        })),
    }
}

/// Where a piece pushed in from any edge comes to rest: it enters on an
/// empty edge square and slides along its rank or file until the next
/// square is occupied or off the board.
fn pushed_in(g: &Geometry, occupied: &dyn Fn(i32, i32) -> bool) -> Region {
    let (w, h) = (i32::from(g.width), i32::from(g.height));
    let mut region = Region::EMPTY;
    let mut slide = |(mut f, mut r): (i32, i32), (dx, dy): (i32, i32)| {
        if occupied(f, r) {
            return;
        }
        while (0..w).contains(&(f + dx)) && (0..h).contains(&(r + dy)) && !occupied(f + dx, r + dy)
        {
            f += dx;
            r += dy;
        }
        region.insert(Square::new(f as u8, r as u8));
    };
    for r in 0..h {
        slide((0, r), (1, 0));
        slide((w - 1, r), (-1, 0));
    }
    for f in 0..w {
        slide((f, 0), (0, 1));
        slide((f, h - 1), (0, -1));
    }
    region
}
