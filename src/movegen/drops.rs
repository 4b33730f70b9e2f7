//! Drops from the holdings, and the rules that decide where a drop may go
//! from what already stands on the board: nifu, Fairy-Stockfish's
//! `enclosingDrop` (connect four's columns, pieces pushed in from an
//! edge, snort, ataxx, reversi) and `enclosingDropStart`; `freeDrops`.

use super::add;
use crate::position::Position;
use crate::types::limits::MAX_SQ;
use crate::types::{Color, Geometry, Move, MoveList, Region, Role, Sq, Square};
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
    let enclosure = Enclosure::new(pos, us);
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
            if !enclosure.allows(pos, us, sq) {
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

/// Where the board leaves drops of one side open, for the rules that make
/// that depend on the pieces on it.
enum Enclosure {
    /// Every square.
    Open,
    /// The squares of a region.
    Within(Region),
    /// Next to a piece of ours (ataxx).
    Ataxx(Neighbours),
    /// Not orthogonally next to an enemy piece (snort).
    Snort(Neighbours),
    /// Next to an enemy piece, where a line of enemy pieces ends on one
    /// of ours (reversi).
    Reversi(Neighbours),
}

/// The squares next to some piece of one side (by padded square number),
/// marked from the pieces: cheaper than looking around every empty
/// square while the board is far from full.
struct Neighbours {
    bits: [u64; MAX_SQ / 64],
}

impl Neighbours {
    fn of(pos: &Position, color: Color, steps: &[i32]) -> Neighbours {
        let mut bits = [0u64; MAX_SQ / 64];
        for (_, p) in pos.pieces(color) {
            for &d in steps {
                // Padding keeps a step off the board on a guard square.
                let t = (i32::from(p.sq) + d) as usize;
                bits[t / 64] |= 1 << (t % 64);
            }
        }
        Neighbours { bits }
    }

    fn contains(&self, sq: Sq) -> bool {
        let t = usize::from(sq);
        self.bits[t / 64] & (1 << (t % 64)) != 0
    }
}

/// Square-number steps to the eight neighbours on a board `stride` wide
/// (padded, so a step off the board lands on a guard square), the four
/// orthogonal ones first.
fn around(stride: i32) -> [i32; 8] {
    [
        1,
        -1,
        stride,
        -stride,
        stride + 1,
        stride - 1,
        -stride + 1,
        -stride - 1,
    ]
}

impl Enclosure {
    fn new(pos: &Position, us: Color) -> Enclosure {
        let drops = &pos.rules().variant.drops;
        let g = pos.rules().geometry();
        let occupied = |f: i32, r: i32| {
            (0..i32::from(g.width)).contains(&f)
                && (0..i32::from(g.height)).contains(&r)
                && pos.piece_on(g.sq(f as u8, r as u8)).is_some()
        };
        // (`Region::iter` looks at every square a board may have: asked
        // only where there is a start region.)
        if drops.enclosing != Enclosing::None
            && !drops.enclosing_start.is_empty()
            && drops.enclosing_start.iter().any(|s| {
                s.file < g.width && s.rank < g.height && !occupied(s.file.into(), s.rank.into())
            })
        {
            return Enclosure::Within(drops.enclosing_start);
        }
        match drops.enclosing {
            Enclosing::None => Enclosure::Open,
            Enclosing::Top => {
                let mut region = Region::EMPTY;
                for r in 0..g.height {
                    for f in 0..g.width {
                        if r == 0 || occupied(f.into(), i32::from(r) - 1) {
                            region.insert(Square::new(f, r));
                        }
                    }
                }
                Enclosure::Within(region)
            }
            Enclosing::Anyside => Enclosure::Within(pushed_in(g, &occupied)),
            Enclosing::Snort => {
                Enclosure::Snort(Neighbours::of(pos, us.opponent(), &around(g.stride)[..4]))
            }
            Enclosing::Ataxx => Enclosure::Ataxx(Neighbours::of(pos, us, &around(g.stride))),
            Enclosing::Reversi => {
                Enclosure::Reversi(Neighbours::of(pos, us.opponent(), &around(g.stride)))
            }
        }
    }

    /// Whether a drop of `us` may go to the empty square `sq`.
    fn allows(&self, pos: &Position, us: Color, sq: Sq) -> bool {
        let g = pos.rules().geometry();
        let side = |t: i32, color: Color| pos.piece_on(t as Sq).is_some_and(|(c, _)| c == color);
        let sq = i32::from(sq);
        match self {
            Enclosure::Open => true,
            Enclosure::Within(region) => g
                .coords(sq as Sq)
                .is_some_and(|(f, r)| region.contains(Square::new(f, r))),
            Enclosure::Ataxx(near) => near.contains(sq as Sq),
            Enclosure::Snort(near) => !near.contains(sq as Sq),
            Enclosure::Reversi(near) => {
                // Some line from the square runs over enemy pieces and
                // walls to a piece of ours that is not next to it (Fairy-
                // Stockfish's test: walls let the line pass here, though
                // they stop the flips).
                let them = us.opponent();
                near.contains(sq as Sq)
                    && around(g.stride).iter().any(|&d| {
                        let mut t = sq + d;
                        while side(t, them) || pos.is_wall(t as Sq) {
                            t += d;
                        }
                        side(t, us) && t != sq + d
                    })
            }
        }
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
