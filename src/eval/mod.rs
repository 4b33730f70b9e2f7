//! Static evaluation: how the search scores a quiet position, for any
//! variant and without hand tuning.
//!
//! An [`Evaluator`] is built once per variant, after its trajectory table
//! (piece values come from walking it), and read by the search at every
//! leaf. Its weights are named in [`crate::weights`]; a variant file may
//! set its own (`evalWeights`), and a `--params` file replaces them.
//!
//! - `values`: piece values from mobility, fitted on orthodox chess
//!   (knight 3, rook 5), the centralisation and pawn-advancement tables
//!   and the live-mobility baselines, all worked out at load.
//! - `terms`: the score of a position: material and game phase, live
//!   mobility, promotion threats, attacked pieces, king safety, pieces in
//!   hand, checks to give.
//! - `pawns`: pawn structure and the royal piece's shelter and place.
//! - `endgame`: mop-up against a lone royal piece, and leads that may
//!   not win (pawnless endings with a small lead, colour-bound material
//!   where only checkmate wins, the n-move count running out).

mod endgame;
mod pawns;
mod terms;
mod values;

pub use pawns::PawnCache;
pub use terms::Left;
pub use values::PieceStats;

use crate::position::Rules;
use crate::types::{Color, Geometry, Role, Sq};
use crate::variant::{GameValue, Variant};
use crate::weights::{PARAM_NAMES, Params};
use values::PieceValues;

/// Centipawn scores; mates are near [`MATE`].
pub type Score = i32;

/// A score beyond every evaluation; `MATE - n` is mate in n plies.
pub const MATE: Score = 30_000;

/// A piece worth this much (a queen, an archbishop, a chancellor) keeps
/// an attack on the royal piece dangerous.
const MAJOR_VALUE: Score = 650;

/// 2^64 over the golden ratio: multiplying by it spreads nearby numbers
/// over all 64 bits (Fibonacci hashing).
const SPREAD: u64 = 0x9E37_79B9_7F4A_7C15;

/// Evaluation tables of one variant.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// Per role, centipawns.
    value: Box<[Score]>,
    /// Per colour, `[role * size + padded square]`: position bonus.
    square_bonus: [Box<[Score]>; 2],
    size: usize,
    /// Per padded square: its neighbours on the board (king steps) and
    /// how many there are, for king safety.
    ring: Box<[([Sq; 8], u8)]>,
    /// Per colour, `[role * size + padded square]`: a piece of that role
    /// in hand may be dropped there (empty where nothing is dropped).
    drop_ok: [Box<[bool]>; 2],
    /// Pieces are dropped from hand, and captures go there: king danger
    /// counts what is in hand and weighs more (crazyhouse, shogi).
    drop_attacks: bool,
    /// Per role: the first role that moves exactly as it does (shogi's
    /// promoted minor pieces all move as golds): king danger looks for
    /// the checks of each way of moving once.
    moves_as: Box<[Role]>,
    /// Per role: a major piece (worth at least a queen's share), without
    /// which a chess-like attack on the royal piece loses its sting.
    major: Box<[bool]>,
    /// Per role: centipawns per square of live mobility, and the mobility
    /// that scores zero (its average on a half-full board).
    mobility_weight: Box<[Score]>,
    mobility_base: Box<[Score]>,
    /// Losing chess (giveaway, suicide, losers): running out of pieces
    /// wins, so material counts against its owner.
    losing: bool,
    /// Material of pieces other than pawns and royals in the start
    /// position, both sides: the game phase is the share left of it.
    full_phase: Score,
    /// Pawns (pieces that promote by moving) in the start position, both
    /// sides: the pawn trade contempt scales with the share left.
    full_pawns: Score,
    /// Pawn structure is tracked (boards of at most `pawns::MAX_LINES`
    /// files and ranks).
    pawn_structure: bool,
    /// Per role: what its shogi-style promotion adds (0 if it has none).
    promotion_gain: Box<[Score]>,
    /// Thousandths: passed-pawn bonuses shrink where pawns promote to
    /// little (see `PAWN_FLOOR`).
    passed_scale: Score,
    /// The variant has pawn types (pieces that promote by moving).
    has_pawns: bool,
    /// Per role: it only ever stands on squares of one colour and never
    /// changes type (bishop, ferz, alfil, makruk's met).
    colour_bound: Box<[bool]>,
    /// Only checkmate wins (no extinction or bare king, stalemate a draw,
    /// no drops): material that cannot give mate cannot win.
    mate_only: bool,
    /// Per colour and role: a pawn type all of whose promotions are
    /// colour-bound (the makruk and shatranj pawn becomes a ferz), so
    /// that it adds to its side's mating material on one colour only.
    bound_promotion: [Box<[bool]>; 2],
    /// Per colour and padded square: the colour of the nearest square of
    /// that side's promotion zone on the square's file (2: none).
    zone_colour: [Box<[u8]>; 2],
    /// Per role: what its value was worked out from (`griffon values`).
    stats: Box<[PieceStats]>,
    p: Params,
    /// Centipawns of noise added to every evaluation (0: none), and the
    /// seed it is drawn from: self-play games that differ from the start
    /// position, for making opening books (option `Eval Noise`).
    pub noise: Score,
    pub noise_seed: u64,
}

impl Evaluator {
    /// The evaluation with the variant's weights (`evalWeights` over the
    /// defaults).
    pub fn new(rules: &Rules) -> Evaluator {
        Evaluator::with_params(rules, variant_weights(&rules.variant))
    }

    /// The evaluation with `params` when given (a `--params` file, which
    /// replaces every variant's own weights), else as [`Evaluator::new`].
    pub fn with_optional(rules: &Rules, params: Option<Params>) -> Evaluator {
        match params {
            Some(p) => Evaluator::with_params(rules, p),
            None => Evaluator::new(rules),
        }
    }

    /// The evaluation with weights `p` (tuning).
    pub fn with_params(rules: &Rules, p: Params) -> Evaluator {
        let g = rules.geometry();
        let roles = rules.variant.pieces.len();
        let squares: Vec<Sq> = g.squares().collect();
        let PieceValues {
            value,
            mobility_weight,
            mobility_base,
            square_bonus,
            colour_bound,
            stats,
            passed_scale,
        } = PieceValues::new(rules, &p);
        let full_phase: Score = rules
            .variant
            .start
            .board
            .iter()
            .flatten()
            .filter(|p| {
                let r = usize::from(p.role.0);
                !rules.royal[r] && !rules.promotes[p.color.index()][r]
            })
            .map(|p| value[usize::from(p.role.0)])
            .sum();
        let full_pawns = rules
            .variant
            .start
            .board
            .iter()
            .flatten()
            .filter(|p| rules.promotes[p.color.index()][usize::from(p.role.0)])
            .count() as Score;
        let promotion_gain: Box<[Score]> = (0..roles)
            .map(|r| {
                rules.promoted_type[r].map_or(0, |t| (value[usize::from(t.0)] - value[r]).max(0))
            })
            .collect();
        let mut ring = vec![([0 as Sq; 8], 0u8); g.size];
        for &sq in &squares {
            let (near, n) = &mut ring[usize::from(sq)];
            for d in g.king_steps() {
                let t = (i32::from(sq) + i32::from(d)) as Sq;
                if g.coords(t).is_some() {
                    near[usize::from(*n)] = t;
                    *n += 1;
                }
            }
        }
        let drops = &rules.variant.drops;
        let drop_ok = Color::BOTH.map(|c| {
            let mut ok = vec![false; if drops.piece_drops { roles * g.size } else { 0 }];
            if drops.piece_drops {
                for (r, targets) in rules.drop_targets[c.index()].iter().enumerate().take(roles) {
                    for &sq in targets.iter() {
                        ok[r * g.size + usize::from(sq)] = true;
                    }
                }
            }
            ok.into_boxed_slice()
        });
        let pieces = &rules.variant.pieces;
        let moves_as: Box<[Role]> = (0..roles)
            .map(|r| {
                let same = |a: &crate::variant::PieceDef, b: &crate::variant::PieceDef| {
                    a.betza == b.betza
                        && a.dialect == b.dialect
                        && a.mobility == b.mobility
                        && a.zone_moves == b.zone_moves
                        && a.stopped_by_own_kind == b.stopped_by_own_kind
                };
                let first = (0..r).find(|&o| same(&pieces[o], &pieces[r])).unwrap_or(r);
                Role(first as u8)
            })
            .collect();
        let major: Box<[bool]> = (0..roles)
            .map(|r| !rules.royal[r] && value[r] >= MAJOR_VALUE)
            .collect();
        let bound_promotion = Color::BOTH.map(|c| {
            (0..roles)
                .map(|r| {
                    let mut choices = rules.promotion_choices[c.index()]
                        .iter()
                        .chain(rules.promoted_type[r].iter())
                        .peekable();
                    rules.promotes[c.index()][r]
                        && choices.peek().is_some()
                        && choices.all(|t| colour_bound[usize::from(t.0)])
                })
                .collect::<Box<[bool]>>()
        });
        let zone_colour = Color::BOTH.map(|c| {
            let zone = &rules.promotion_zone[c.index()];
            let mut colours = vec![2u8; g.size];
            for &sq in &squares {
                let (x, y) = g.coords(sq).expect("on board");
                let nearest = (0..g.height)
                    .filter(|&r| zone[usize::from(g.sq(x, r))])
                    .min_by_key(|&r| (i32::from(r) - i32::from(y)).abs());
                if let Some(r) = nearest {
                    colours[usize::from(sq)] = square_colour(g, g.sq(x, r)) as u8;
                }
            }
            colours.into_boxed_slice()
        });
        Evaluator {
            value: value.into_boxed_slice(),
            square_bonus: square_bonus.map(Vec::into_boxed_slice),
            size: g.size,
            ring: ring.into_boxed_slice(),
            drop_ok,
            drop_attacks: drops.piece_drops && drops.captures_to_hand,
            moves_as,
            major,
            mobility_weight: mobility_weight.into_boxed_slice(),
            mobility_base: mobility_base.into_boxed_slice(),
            losing: rules
                .variant
                .end
                .extinction
                .as_ref()
                .is_some_and(|e| e.value == GameValue::Win),
            full_phase: full_phase.max(1),
            full_pawns,
            pawn_structure: usize::from(g.width.max(g.height)) <= pawns::MAX_LINES,
            promotion_gain,
            passed_scale,
            has_pawns: (0..roles).any(|r| rules.promotes[0][r] || rules.promotes[1][r]),
            colour_bound: colour_bound.into_boxed_slice(),
            mate_only: rules.variant.wins_only_by_checkmate() && !rules.holdings,
            bound_promotion,
            zone_colour,
            stats: stats.into_boxed_slice(),
            p,
            noise: 0,
            noise_seed: 0,
        }
    }

    /// What the value of `role` was worked out from.
    pub fn stats(&self, role: Role) -> PieceStats {
        self.stats[usize::from(role.0)]
    }

    /// The material value of a role in centipawns.
    #[inline]
    pub fn value(&self, role: Role) -> Score {
        self.value[usize::from(role.0)]
    }

    /// Losing chess: material counts against its owner, so exchange and
    /// futility reasoning does not apply.
    #[inline]
    pub fn losing(&self) -> bool {
        self.losing
    }

    /// The weights in use.
    pub fn params(&self) -> &Params {
        &self.p
    }
}

/// The defaults with the variant's own fitted weights (`evalWeights`)
/// over them.
fn variant_weights(variant: &Variant) -> Params {
    let mut p = Params::default();
    for (name, value) in &variant.eval_weights {
        if let Some(i) = PARAM_NAMES.iter().position(|n| n == name) {
            p.0[i] = *value;
        }
    }
    p
}

/// The colour of a square on the checkerboard: 0 for a1's.
fn square_colour(g: &Geometry, sq: Sq) -> usize {
    g.coords(sq).map_or(0, |(x, y)| usize::from((x + y) % 2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    /// The evaluation of the built-in `variant` and the position `fen` in
    /// it.
    pub(super) fn eval_in(variant: &str, fen: &str) -> (Evaluator, Position) {
        let set = crate::variant::VariantSet::builtin().expect("built-ins");
        let rules = Rules::new(set.get(variant).expect("variant").clone()).expect("rules");
        let pos = Position::from_fen(rules.clone(), fen).expect("fen");
        (Evaluator::new(&rules), pos)
    }

    /// The role of the piece on (`file`, `rank`), counted from 0.
    pub(super) fn role_on(pos: &Position, file: u8, rank: u8) -> Role {
        let sq = pos.rules().geometry().sq(file, rank);
        pos.piece_on(sq).expect("a piece").1.role
    }
}
