//! Piece values from mobility, worked out once when a variant is loaded.
//!
//! For every piece type the trajectory table is walked from every square,
//! counting the squares the piece reaches: once on an empty board (`m0`)
//! and once as an expectation on a board half full of pieces (`m5`, each
//! further step along a ride survives with probability 1/2). With the
//! default weights, fitted on orthodox chess (knight 3, rook 5):
//!
//! ```text
//! value = 100 * (0.196 * m0 + 0.375 * m5) * (0.9 if colour-bound)
//! ```
//!
//! which gives N 300, B 315, R 500, Q 850 on 8x8. Linear in mobility, it
//! prices a piece that combines moves at the sum of its parts, where
//! players (and Fairy-Stockfish) put the queen near 975 and the
//! archbishop well above bishop plus knight; the weight `MAT_M5_SQ` (off
//! by default) adds a term in `m5` squared for that. A colour-bound piece
//! confined to few squares may be priced lower still (`CONFINED`), and a
//! pawn type (a piece that promotes) is worth 100 where it promotes to a
//! strong piece, less where it promotes to little. A variant file may set
//! values of its own (`pieceValueMg`, `pieceValueEg`), and where captured
//! pieces go to the capturer's hand every value is halved.
//!
//! The same walks give each piece its centralisation table (4 centipawns
//! for each square of `m5` it has on a square above its own average) and
//! its live mobility: moves in its walk record against its `m5`, at
//! `40 / m0` centipawns a square, between 1 and 6, so short-range pieces
//! gain more per square. The pawn types' advancement tables are built
//! beside them.

use super::{SPREAD, Score};
use crate::position::Rules;
use crate::trajectory::{EMPTY, FOE, FRIEND, cell_flags, visit};
use crate::types::{Color, Role, Sq};
use crate::variant::PieceValueSettings;
use crate::weights::{
    ADV_CUBE, ADV_LIN, CENTRE, COLOUR_BOUND, CONFINED, MAT_M0, MAT_M5, MAT_M5_SQ, MOBILITY_MAX,
    MOBILITY_NUM, PASSED_FLOOR, PAWN, PAWN_FLOOR, PROMOTION_REF, Params,
};

/// Fairy-Stockfish's rook in its own units, middle game and ending, and
/// Griffon's in centipawns: the gauge that converts values a variant
/// file sets in Fairy-Stockfish's units (its documentation gauges piece
/// values by the rook too). Fairy-Stockfish's pawn is relatively
/// cheaper than Griffon's (its pawn-structure terms carry the rest), so
/// the pieces, not the pawn, fix the scale.
const FSF_ROOK: [f64; 2] = [1276.0, 1380.0];
const ROOK_CENTIPAWNS: f64 = 500.0;

/// The value the variant file sets for `role`, in centipawns: the mean
/// of its middle-game and ending values where it gives both. As in
/// Fairy-Stockfish, 0 sets nothing: a child section undoes a value its
/// parent set with it.
fn set_value(set: &PieceValueSettings, role: Role) -> Option<Score> {
    let find = |list: &[(Role, i32)], rook: f64| {
        list.iter()
            .rev()
            .find(|(r, _)| *r == role)
            .filter(|&&(_, v)| v > 0)
            .map(|&(_, v)| f64::from(v) * ROOK_CENTIPAWNS / rook)
    };
    let mean = match (
        find(&set.middle_game, FSF_ROOK[0]),
        find(&set.ending, FSF_ROOK[1]),
    ) {
        (Some(mg), Some(eg)) => Some((mg + eg) / 2.0),
        (mg, eg) => mg.or(eg),
    };
    mean.map(|v| v.round() as Score)
}

/// The probability that a square beyond the first along a path is
/// occupied on the half-full board that `m5` is counted on.
const HALF_FULL: f64 = 0.5;

/// What a piece's value is worked out from: its average mobility over the
/// board's squares and the share of the board it can ever reach. Shown to
/// variant designers by `griffon values`, so they see why a piece of
/// theirs is priced as it is.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PieceStats {
    /// Distinct moves on an empty board (`m0`).
    pub empty_board: f64,
    /// Expected distinct moves on a half-full board (`m5`).
    pub half_full: f64,
    /// It stays on one square colour.
    pub colour_bound: bool,
    /// The share of the board it can get to from a square, on average
    /// (colour-bound pieces outside regions; else `None`), which lowers
    /// its value by the weight `CONFINED`.
    pub reach: Option<f64>,
    /// Its value was set by the variant file (`pieceValueMg`,
    /// `pieceValueEg`), not worked out from these.
    pub set_by_variant: bool,
}

/// Per role: its value and the tables worked out with it.
pub(super) struct PieceValues {
    /// Centipawns.
    pub(super) value: Vec<Score>,
    /// Centipawns per square of live mobility.
    pub(super) mobility_weight: Vec<Score>,
    /// The live mobility that scores zero (its average on a half-full
    /// board).
    pub(super) mobility_base: Vec<Score>,
    /// Per colour, `[role * size + padded square]`: centralisation, or
    /// advancement for pawn types.
    pub(super) square_bonus: [Vec<Score>; 2],
    /// It only ever stands on squares of one colour and never changes
    /// type.
    pub(super) colour_bound: Vec<bool>,
    /// What its value was worked out from.
    pub(super) stats: Vec<PieceStats>,
    /// Thousandths: how much of the passed-pawn bonuses the least
    /// promising pawn type keeps (`PASSED_FLOOR` at least).
    pub(super) passed_scale: Score,
}

impl PieceValues {
    /// The values of `rules`' pieces with weights `p`.
    pub(super) fn new(rules: &Rules, p: &Params) -> PieceValues {
        let w = |i: usize| f64::from(p.0[i]);
        let g = rules.geometry();
        let roles = rules.variant.pieces.len();
        let squares: Vec<Sq> = g.squares().collect();
        let mut value = vec![0; roles];
        let mut mobility_weight = vec![0; roles];
        let mut mobility_base = vec![0; roles];
        let mut square_bonus = [vec![0; roles * g.size], vec![0; roles * g.size]];
        let mut pawn_scale = vec![1000; roles];
        let mut per_square = vec![Vec::new(); roles];
        let mut average = vec![0.0; roles];
        let mut colour_bound = vec![false; roles];
        let mut stats = vec![PieceStats::default(); roles];
        for r in 0..roles {
            let role = Role(r as u8);
            let mut m0 = 0.0;
            let mut m5 = 0.0;
            let mut m0_paths = 0.0;
            let mut m5_paths = 0.0;
            let mut bound = true;
            let mut steps = vec![Vec::new(); g.size];
            per_square[r].reserve(squares.len());
            for &sq in &squares {
                let empty = expected_mobility(rules, Color::White, role, sq, 0.0);
                let half = expected_mobility(rules, Color::White, role, sq, HALF_FULL);
                m0 += empty.moves;
                m5 += half.moves;
                m0_paths += empty.paths;
                m5_paths += half.paths;
                bound &= empty.colour_bound;
                per_square[r].push(half.moves);
                steps[usize::from(sq)] = empty.targets;
            }
            let n = squares.len() as f64;
            let (m0, m5) = (m0 / n, m5 / n);
            let (m0_paths, m5_paths) = (m0_paths / n, m5_paths / n);
            average[r] = m5;
            stats[r].empty_board = m0;
            stats[r].half_full = m5;
            stats[r].colour_bound = bound;
            let promotes = rules.promotes[0][r] || rules.promotes[1][r];
            colour_bound[r] = bound
                && m0 > 0.0
                && !promotes
                && !rules.royal[r]
                && rules.promoted_type[r].is_none();
            if !rules.royal[r] && !promotes && m0 > 0.0 {
                // Short-range pieces gain more from each square they see.
                // Walk records hold one entry per path, so weight and
                // baseline count paths too.
                mobility_weight[r] = (w(MOBILITY_NUM) / m0_paths)
                    .clamp(1.0, w(MOBILITY_MAX).max(1.0))
                    .round() as Score;
                mobility_base[r] = m5_paths.round() as Score;
            }
            // Royal pieces are beyond price, except where a side may lose
            // one of several (Chu Shogi's king and crown prince).
            let priceless = rules.royal[r] && !rules.variant.end.royals_expendable;
            value[r] = if priceless || promotes {
                0 // pawns: below, from what they promote to
            } else {
                let mut bound = if bound { w(COLOUR_BOUND) / 1000.0 } else { 1.0 };
                // A piece that can only ever visit a few squares (the
                // alfil: 8 of 64) meets few of the enemy's pieces. Not
                // where it can be dropped anywhere, nor inside a region
                // (the xiangqi elephant), whose worth is defence.
                let confinable = colour_bound[r]
                    && !rules.variant.drops.piece_drops
                    && rules.variant.pieces[r].mobility.iter().all(Option::is_none);
                if confinable {
                    let reach = reach(&steps, &squares);
                    stats[r].reach = Some(reach);
                    bound *= (2.0 * reach).min(1.0).powf(w(CONFINED) / 1000.0);
                }
                let v = 0.1 * (w(MAT_M0) * m0 + w(MAT_M5) * m5 + w(MAT_M5_SQ) * m5 * m5) * bound;
                v.round() as Score
            };
        }
        // Values the variant file sets replace the worked-out ones; a
        // pawn's own is applied after its promotions have priced it.
        let set = |r: usize| set_value(&rules.variant.piece_values, Role(r as u8));
        for r in 0..roles {
            if let Some(v) = set(r) {
                stats[r].set_by_variant = true;
                if !(rules.promotes[0][r] || rules.promotes[1][r]) {
                    value[r] = v;
                }
            }
        }
        // A pawn is worth much of what it may become: a chess pawn that
        // can queen is the unit, a shatranj or makruk pawn that only
        // becomes a ferz is worth about two thirds of it (Fairy-Max's
        // values agree), and its passed and advancement bonuses shrink the
        // same way, or the search trades pieces for pawns that never pay.
        let mut passed_scale = 1000;
        for r in 0..roles {
            if !(rules.promotes[0][r] || rules.promotes[1][r]) {
                continue;
            }
            let best = Color::BOTH
                .iter()
                .flat_map(|c| rules.promotion_choices[c.index()].iter())
                .chain(rules.promoted_type[r].iter())
                .filter(|t| !rules.royal[usize::from(t.0)])
                .map(|t| value[usize::from(t.0)])
                .max();
            let share = best.map_or(1.0, |v| (f64::from(v) / w(PROMOTION_REF).max(1.0)).min(1.0));
            let floor = w(PAWN_FLOOR) / 1000.0;
            value[r] = (w(PAWN) * (floor + (1.0 - floor) * share)).round() as Score;
            let scale = (1000.0 * share).max(w(PASSED_FLOOR)).round() as Score;
            passed_scale = passed_scale.min(scale);
            pawn_scale[r] = scale;
            if let Some(v) = set(r) {
                value[r] = v;
            }
        }
        // Where a capture puts the piece in the capturer's hand it counts
        // twice (lost on the board, gained in hand): at full weight,
        // material would outweigh king safety and development twice as
        // much as in chess.
        if rules.variant.drops.captures_to_hand {
            for v in &mut value {
                *v = (*v + 1) / 2;
            }
        }
        for r in 0..roles {
            for (k, &sq) in squares.iter().enumerate() {
                let centre = ((per_square[r][k] - average[r]) * w(CENTRE) / 10.0).round() as Score;
                let (x, y) = g.coords(sq).expect("on board");
                for color in Color::BOTH {
                    let mut bonus = if rules.royal[r] { 0 } else { centre };
                    if rules.promotes[color.index()][r] {
                        bonus = advancement(rules, color, x, y, p) * pawn_scale[r] / 1000;
                    }
                    square_bonus[color.index()][r * g.size + usize::from(sq)] = bonus;
                }
            }
        }
        PieceValues {
            value,
            mobility_weight,
            mobility_base,
            square_bonus,
            colour_bound,
            stats,
            passed_scale,
        }
    }
}

/// Expected mobility of one piece from `origin` (a padded square) when
/// each square beyond the first along a path is empty with probability
/// `1 - p`.
#[derive(Clone, Debug, PartialEq)]
struct Mobility {
    /// Expected number of distinct moves: a target square that several
    /// paths lead to (the falcon's three routes, the Lion's leap and its
    /// two quiet steps) counts once, reached when any of its paths is open
    /// (taken as independent), so such a piece is not priced as if it had
    /// three times the targets. Paths that need an occupied square on the
    /// way (a hopper's hurdle, the Lion's capture in passing) are counted
    /// apart from each other and from open paths: they exclude each other
    /// or are other moves.
    moves: f64,
    /// Expected number of move records along all paths, one per path that
    /// reaches a square: what the walk record of a piece holds, so the
    /// baseline that live mobility is measured against.
    paths: f64,
    /// Every target is on the origin's square colour.
    colour_bound: bool,
    /// The squares it can move to when they are empty.
    targets: Vec<Sq>,
}

/// The [`Mobility`] of a `role` piece of `color` from `origin`, walking
/// its trajectory tree (`p` 0: the empty board).
fn expected_mobility(rules: &Rules, color: Color, role: Role, origin: Sq, p: f64) -> Mobility {
    let table = &rules.table;
    let trees = table.role_trees(color, role);
    let g = &table.geometry;
    let (ox, oy) = g.coords(origin).expect("origin on board");
    let mut colour_bound = true;
    let mut paths = 0.0;
    // Per target square and occupied squares on the way (a signature):
    // the probability that no quiet path, and that no capturing path,
    // reaches it.
    let mut miss: Vec<((Sq, u64), f64, f64)> = Vec::new();
    // (group, probability of reaching it, signature of the occupied
    // squares passed: friend or foe on which square)
    let mut stack = vec![(trees.root(origin), 1.0f64, 0u64)];
    while let Some((group, prob, occupied)) = stack.pop() {
        if group == 0 {
            continue;
        }
        let mut i = group as usize;
        loop {
            let cell = &table.cells[i];
            let t = (i32::from(origin) + i32::from(cell.delta)) as Sq;
            if let Some((x, y)) = g.coords(t) {
                let quiet = cell.visit[EMPTY] & visit::QUIET != 0;
                let capture = cell.visit[FOE] & visit::CAPTURE != 0;
                if quiet || capture {
                    let w = if quiet && capture {
                        1.0
                    } else if quiet {
                        1.0 - p
                    } else {
                        p
                    };
                    paths += prob * w;
                    let k = match miss.iter().position(|m| m.0 == (t, occupied)) {
                        Some(k) => k,
                        None => {
                            miss.push(((t, occupied), 1.0, 1.0));
                            miss.len() - 1
                        }
                    };
                    if quiet {
                        miss[k].1 *= 1.0 - prob;
                    }
                    if capture {
                        miss[k].2 *= 1.0 - prob;
                    }
                    if (i32::from(x) + i32::from(y) - i32::from(ox) - i32::from(oy)) % 2 != 0 {
                        colour_bound = false;
                    }
                }
                if cell.flags & cell_flags::ORIGIN == 0 {
                    // Distinct odd multipliers make the sums of different
                    // square sets differ in practice.
                    let mark = |class: u64| (u64::from(t) * 4 + class).wrapping_mul(SPREAD) | 1;
                    stack.push((cell.next[EMPTY], prob * (1.0 - p), occupied));
                    let friend = occupied.wrapping_add(mark(1));
                    stack.push((cell.next[FRIEND], prob * p / 2.0, friend));
                    let foe = occupied.wrapping_add(mark(2));
                    stack.push((cell.next[FOE], prob * p / 2.0, foe));
                }
            }
            if cell.flags & cell_flags::LAST != 0 {
                break;
            }
            i += 1;
        }
    }
    // A target is empty (quiet moves) with probability 1 - p and holds a
    // foe (captures) with p; at p = 0 every target is empty.
    let moves = miss
        .iter()
        .map(|&(_, q, c)| (1.0 - p) * (1.0 - q) + if p > 0.0 { p * (1.0 - c) } else { 0.0 })
        .sum();
    let targets = miss.iter().filter(|m| m.1 < 1.0).map(|m| m.0.0).collect();
    Mobility {
        moves,
        paths,
        colour_bound,
        targets,
    }
}

/// The average share of `squares` that a piece moving by `steps` (its
/// targets from each padded square on an empty board) can ever get to.
fn reach(steps: &[Vec<Sq>], squares: &[Sq]) -> f64 {
    let mut seen = vec![false; steps.len()];
    let mut total = 0usize;
    let mut queue = Vec::new();
    for &start in squares {
        seen.iter_mut().for_each(|s| *s = false);
        seen[usize::from(start)] = true;
        queue.clear();
        queue.push(start);
        let mut count = 1;
        while let Some(sq) = queue.pop() {
            for &t in &steps[usize::from(sq)] {
                if !seen[usize::from(t)] {
                    seen[usize::from(t)] = true;
                    count += 1;
                    queue.push(t);
                }
            }
        }
        total += count;
    }
    total as f64 / (squares.len() * squares.len()).max(1) as f64
}

/// Bonus for a pawn type on (x, y) by how far it has come towards its
/// promotion zone: `ADV_CUBE` times the cube of its progress plus
/// `ADV_LIN` times the progress, both in full at the zone.
fn advancement(rules: &Rules, color: Color, x: u8, y: u8, p: &Params) -> Score {
    let g = rules.geometry();
    let zone = &rules.promotion_zone[color.index()];
    // Distance in ranks to the nearest zone square on the same file.
    let distance = (0..g.height)
        .filter(|&r| zone[usize::from(g.sq(x, r))])
        .map(|r| (i32::from(r) - i32::from(y)).abs())
        .min();
    let Some(d) = distance else { return 0 };
    let span = i32::from(g.height) - 1;
    let t = f64::from((span - d).max(0)) / f64::from(span.max(1));
    (f64::from(p.0[ADV_CUBE]) * t * t * t + f64::from(p.0[ADV_LIN]) * t).round() as Score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Evaluator;
    use crate::eval::tests::{eval_in, role_on};
    use crate::position::Position;

    #[test]
    fn pawns_that_promote_to_a_ferz_are_cheap() {
        // Fairy-Max's fmax.ini values a shatranj knight at 4.5 pawns and a
        // chess knight at about 3: a pawn that can only become a ferz is
        // worth less next to the pieces.
        let fen = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1";
        let (e, pos) = eval_in("shatranj", fen);
        let ratio = |e: &Evaluator, pos: &Position| {
            f64::from(e.value(role_on(pos, 1, 0))) / f64::from(e.value(role_on(pos, 0, 1)))
        };
        let shatranj = ratio(&e, &pos);
        let (e, pos) = eval_in(
            "normal",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        );
        let chess = ratio(&e, &pos);
        assert!((3.9..5.0).contains(&shatranj), "shatranj N/P {shatranj}");
        assert!((2.8..3.4).contains(&chess), "chess N/P {chess}");
    }

    /// Mobility of `piece` of `variant` from `square` on an empty board.
    fn empty_board_mobility(variant: &str, piece: &str, square: &str) -> Mobility {
        let set = crate::variant::VariantSet::builtin().expect("built-ins");
        let rules = Rules::new(set.get(variant).expect("variant").clone()).expect("rules");
        let role = (0..rules.variant.pieces.len())
            .map(|r| Role(r as u8))
            .find(|&r| rules.variant.pieces[usize::from(r.0)].name == piece)
            .expect("piece");
        let g = rules.geometry();
        let sq = g.parse(square).expect("square");
        expected_mobility(&rules, Color::White, role, sq, 0.0)
    }

    #[test]
    fn a_target_reached_along_several_paths_counts_once() {
        // Falcon chess (George Duke): the falcon reaches the 16 squares at
        // (1,3) and (2,3) offsets, each along three paths, and is worth
        // less than a queen (Fairy-Max prices it 450 against its rook 475).
        let falcon = empty_board_mobility("falcon", "falcon", "e4");
        assert_eq!(falcon.moves.round(), 16.0, "{falcon:?}");
        assert!(falcon.paths > 40.0, "{falcon:?}");
        // The Chu Shogi Lion steps or leaps to the 24 squares within two
        // king steps; its two-step routes to the far squares add no
        // targets. Its moves that come back (pass) are one more.
        let lion = empty_board_mobility("chu", "lion", "f6");
        assert!((24.0..=25.0).contains(&lion.moves.round()), "{lion:?}");
    }

    fn piece_value(variant: &str, piece: &str, params: &Params) -> Score {
        let set = crate::variant::VariantSet::builtin().expect("built-ins");
        let rules = Rules::new(set.get(variant).expect("variant").clone()).expect("rules");
        let r = rules
            .variant
            .pieces
            .iter()
            .position(|p| p.name == piece)
            .expect("piece");
        Evaluator::with_params(&rules, params.clone()).value(Role(r as u8))
    }

    #[test]
    fn a_piece_confined_to_few_squares_can_be_priced_cheap() {
        // With the weight on (it is off by default): the alfil reaches 8
        // of the 64 squares, the ferz 32; Fairy-Max prices them 110 and
        // 180 with its knight at 450 (shatranj).
        let mut p = Params::default();
        p.0[CONFINED] = 350;
        let (alfil, ferz) = (
            piece_value("shatranj", "alfil", &p),
            piece_value("shatranj", "firzan", &p),
        );
        let knight = piece_value("shatranj", "knight", &p);
        assert!(alfil * 3 < ferz * 2, "alfil {alfil}, ferz {ferz}");
        assert!(alfil * 7 / 2 < knight, "alfil {alfil}, knight {knight}");
        // A bishop reaches half the board, as colour-bound pieces do: no
        // further charge.
        let bishop = piece_value("normal", "bishop", &p);
        assert!((300..=330).contains(&bishop), "{bishop}");
    }
}
