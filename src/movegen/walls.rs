//! Walling moves (Fairy-Stockfish's `wallingRule`): after its move the
//! mover puts a wall on a square, so each move of the pieces comes once
//! per square the rule allows. With `wallOrMove` a side either moves or
//! only places a wall (a pass that carries the wall).
//!
//! The squares follow Fairy-Stockfish's `make_move_and_gating`: those
//! empty once the piece has moved (the square it left included, the one
//! it lands on not), inside the mover's walling region, and then
//! - `arrow`: where the moved piece could go next without capturing,
//! - `past`: only the square the piece left,
//! - `edge`: on the board's edge or beside a wall (orthogonally),
//! - `duck`, `static`: anywhere else.

use crate::position::Position;
use crate::types::{MAX_FILES, MAX_RANKS, Move, MoveList, Sq, flag};
use crate::variant::Walling;
use arrayvec::ArrayVec;

/// Replace the moves of `list` from `start` on by their walling forms.
/// With `wallOrMove`, moves keep no wall and only the bare pass (see
/// [`first_square_pass`]) turns into one move per wall square.
pub(super) fn expand(pos: &Position, list: &mut MoveList, start: usize) {
    let or_move = pos.rules().variant.walls.or_move;
    let mut base: ArrayVec<Move, MOST_BASE_MOVES> = ArrayVec::new();
    for &m in &list[start..] {
        if base.try_push(m).is_err() {
            list.overflow();
            break;
        }
    }
    list.truncate(start);
    let rule = pos.rules().variant.walls.rule;
    let free = (!matches!(rule, Walling::Arrow | Walling::Past)).then(|| FreeSquares::new(pos));
    for m in base {
        if m.is(flag::DROP | flag::WALL) || or_move && !m.is_pass() {
            list.push(m);
            continue;
        }
        for_each_wall(pos, m, free.as_ref(), |cell| list.push(m.with_wall(cell)));
    }
}

/// Moves before their walls that one position may have: far above chess's
/// 218; the walls multiply them, so a list of [`crate::types::MAX_MOVES`]
/// fills first.
const MOST_BASE_MOVES: usize = 512;

/// Of each run of moves that differ only in their walls (as [`expand`]
/// lists them), keep the first: where a search looks at captures alone
/// (quiescence), which wall goes with them is left to the full search.
pub fn one_wall_each(list: &mut MoveList) {
    let mut last: Option<Move> = None;
    list.retain(|m| {
        let base = m.without_wall();
        let repeat = m.is(flag::WALL) && last == Some(base);
        last = Some(base);
        !repeat
    });
}

/// A pass of the side to move's piece on its first square (a1, b1, ...,
/// as Fairy-Stockfish writes it): the move that only places a wall
/// (`wallOrMove`), before its wall, and the pass of a side without a king.
pub(super) fn first_square_pass(pos: &Position) -> Option<Move> {
    let us = pos.side_to_move();
    let g = pos.rules().geometry();
    let mut alive = pos.alive(us);
    let mut first: Option<(usize, Sq)> = None;
    while alive != 0 {
        let bit = alive.trailing_zeros() as usize;
        alive &= alive - 1;
        let sq = pos.slot(Position::slot_index(us, bit)).sq;
        let cell = g.dense(sq).unwrap_or(usize::MAX);
        if first.is_none_or(|(c, _)| cell < c) {
            first = Some((cell, sq));
        }
    }
    first.map(|(_, sq)| Move::new(sq, sq, 0, None, 0))
}

/// The squares a wall may go on before the move is known: empty, in the
/// side's walling region and, for `edge`, on the rim or beside a wall.
/// Built once per position; each move then adds or drops only the few
/// squares it changes.
struct FreeSquares {
    squares: ArrayVec<(Sq, u8), { MAX_FILES as usize * MAX_RANKS as usize }>,
}

impl FreeSquares {
    fn new(pos: &Position) -> FreeSquares {
        let rules = pos.rules();
        let g = rules.geometry();
        let region = &rules.walling_region[pos.side_to_move().index()];
        let edge = rules.variant.walls.rule == Walling::Edge;
        let mut squares = ArrayVec::new();
        for sq in g.squares() {
            if pos.is_empty(sq)
                && region[usize::from(sq)]
                && (!edge || on_edge_or_by_wall(pos, sq))
                && let Some(cell) = g.dense(sq)
            {
                squares.push((sq, cell as u8));
            }
        }
        FreeSquares { squares }
    }
}

/// Call `f` with the cell of every square where `m`'s mover may put a
/// wall (`free`: the position's [`FreeSquares`], for the rules that use
/// them).
fn for_each_wall(pos: &Position, m: Move, free: Option<&FreeSquares>, mut f: impl FnMut(u8)) {
    let rules = pos.rules();
    let g = rules.geometry();
    let us = pos.side_to_move();
    let walls = &rules.variant.walls;
    let region = &rules.walling_region[us.index()];
    let (from, to) = (m.from(), m.to());
    // Squares the move empties or fills beyond `from` and `to`, toggled
    // (Fairy-Stockfish's own reckoning: in castling its `to` is the
    // partner's square; an e.p. victim's square empties).
    let mut toggles: ArrayVec<Sq, 3> = ArrayVec::new();
    let mut lands = to;
    if m.is(flag::CASTLE) {
        lands = m.aux();
        toggles.push(m.aux());
        toggles.push(to);
        if let Some(rt) = super::castling_partner_to(g, m) {
            toggles.push(rt);
        }
    }
    if m.is(flag::EP) {
        toggles.push(pos.ep().victim);
    }
    match walls.rule {
        Walling::Past => {
            // Only the square left, if the move leaves one.
            if from != to
                && is_target(pos, region, from, from, lands, &toggles)
                && let Some(cell) = g.dense(from)
            {
                f(cell as u8);
            }
        }
        Walling::Arrow => {
            let Some((_, mover)) = pos.piece_on(from) else {
                return;
            };
            pos.quiet_reach(us, mover.role, to, from, |sq| {
                if is_target(pos, region, sq, from, lands, &toggles)
                    && let Some(cell) = g.dense(sq)
                {
                    f(cell as u8);
                }
            });
        }
        _ => {
            let Some(free) = free else {
                return;
            };
            // The squares the move changes are judged one by one; the
            // others are as the position has them.
            let mut changed: ArrayVec<Sq, 5> = ArrayVec::new();
            for sq in [from, lands].into_iter().chain(toggles.iter().copied()) {
                if !changed.contains(&sq) {
                    changed.push(sq);
                }
            }
            for &(sq, cell) in &free.squares {
                if !changed.contains(&sq) {
                    f(cell);
                }
            }
            let edge = walls.rule == Walling::Edge;
            for &sq in &changed {
                if is_target(pos, region, sq, from, lands, &toggles)
                    && (!edge || on_edge_or_by_wall(pos, sq))
                    && let Some(cell) = g.dense(sq)
                {
                    f(cell as u8);
                }
            }
        }
    }
}

/// `sq` is empty after the move (by Fairy-Stockfish's reckoning, see
/// [`for_each_wall`]) and in the walling region.
#[inline]
fn is_target(pos: &Position, region: &[bool], sq: Sq, from: Sq, lands: Sq, toggles: &[Sq]) -> bool {
    let mut free = (pos.is_empty(sq) || sq == from) && sq != lands;
    for &t in toggles {
        if t == sq {
            free = !free;
        }
    }
    free && region[usize::from(sq)]
}

/// Atlantis: a wall goes on the board's rim or next to a wall.
fn on_edge_or_by_wall(pos: &Position, sq: Sq) -> bool {
    let g = pos.rules().geometry();
    let Some((f, r)) = g.coords(sq) else {
        return false;
    };
    if f == 0 || r == 0 || f + 1 == g.width || r + 1 == g.height {
        return true;
    }
    [(1i32, 0i32), (-1, 0), (0, 1), (0, -1)]
        .iter()
        .any(|&(dx, dy)| {
            let s = (i32::from(sq) + g.delta(dx, dy)) as Sq;
            pos.is_wall(s)
        })
}
