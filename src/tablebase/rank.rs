//! Moves ranked by table values: the best move of a position.
//!
//! Two sources, one order. Generated tables ([`Table`], [`Generator`])
//! give every legal move of a placement with the value it leads to; the
//! files in play ([`Tablebases`]) give the verdict after each legal move
//! of a position.
//! Either way the mover prefers the opponent's loss (fastest first), then
//! a draw, then the opponent's win (slowest first). The move records these
//! walk are in [`super::moves`]; ranking sits apart from them because it
//! reads tables and the prober, which sit above the records.

use super::code::{BROKEN, DRAW, decode_value, is_loss};
use super::generator::Generator;
use super::probe::{Hit, Tablebases};
use super::table::{Pos, Table};
use super::{TbError, Value, placement};
use crate::position::Position;
use crate::types::{Color, Move};

impl Table {
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
}

/// What the tables say after a move, for the opponent (to move there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The verdict of the tables.
    Table(Hit),
    /// Checkmated: no move, in check.
    Mated,
    /// Stalemated: no move, not in check.
    Stalemate,
    /// No table covers the position.
    Unknown,
}

/// The legal moves of `pos` with what the tables say after each, best
/// first for the mover: the opponent's loss (fastest first; mate is a
/// loss now), a draw or stalemate, the opponent's win (slowest first),
/// then the moves no table covers. Ties keep the order of move
/// generation. `pos` is left as it was.
pub fn rank_moves(tb: &Tablebases, pos: &mut Position) -> Vec<(Move, Reply)> {
    let moves = crate::movegen::legal_moves(pos);
    let mut rows = Vec::new();
    for &m in moves.iter() {
        let undo = pos.make(m);
        let after = tb.probe(pos);
        let mated = after.is_none() && crate::movegen::legal_moves(pos).is_empty();
        let in_check = pos.in_check(pos.side_to_move());
        pos.unmake(m, &undo);
        let (rank, reply) = match after {
            Some(Hit::Loss(p)) => ((0, i64::from(p)), Reply::Table(Hit::Loss(p))),
            Some(Hit::Draw) => ((1, 0), Reply::Table(Hit::Draw)),
            Some(Hit::Win(p)) => ((2, -i64::from(p)), Reply::Table(Hit::Win(p))),
            None if mated && in_check => ((0, 0), Reply::Mated),
            None if mated => ((1, 0), Reply::Stalemate),
            None => ((3, 0), Reply::Unknown),
        };
        rows.push((rank, m, reply));
    }
    rows.sort_by_key(|r| r.0);
    rows.into_iter().map(|(_, m, reply)| (m, reply)).collect()
}

/// The legal moves of `pos` with the value the generated tables give the
/// position after each (for the opponent, who moves there), best first
/// for the mover as [`Table::moves`] ranks them; the tables a move leads
/// into (captures, promotions) are generated as needed. Ties keep the
/// order of move generation. `pos` is left as it was.
pub fn rank_generated(
    generator: &mut Generator,
    pos: &mut Position,
) -> Result<Vec<(Move, Value)>, TbError> {
    let moves = crate::movegen::legal_moves(pos);
    let mut rows = Vec::new();
    for &m in moves.iter() {
        let undo = pos.make(m);
        let after = placement(pos).and_then(|(material, squares)| {
            let table = generator.table(&material)?;
            Ok(table.probe(&squares, pos.side_to_move()))
        });
        pos.unmake(m, &undo);
        rows.push((m, after?));
    }
    rows.sort_by_key(|(_, v)| match *v {
        Value::Loss(n) => (0, i64::from(n)),
        Value::Draw => (1, 0),
        Value::Win(n) => (2, -i64::from(n)),
        Value::Illegal => (3, 0),
    });
    Ok(rows)
}
