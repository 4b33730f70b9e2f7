//! Evaluation that works for any variant without hand tuning.
//!
//! Piece values come from mobility: for every piece type the table walks
//! its trajectories from every square and counts the squares it reaches,
//! once on an empty board (`m0`) and once as an expectation on a board half
//! full of pieces (`m5`, each further step along a ride survives with
//! probability 1/2). Fitted on orthodox chess (knight 3, rook 5):
//!
//! ```text
//! value = 100 * (0.196 * m0 + 0.375 * m5) * (0.9 if colour-bound)
//! ```
//!
//! which gives N 300, B 315, R 500, Q 850 on 8x8. Pieces that promote
//! (pawn types) are worth 100. The same walks give a centralisation table:
//! a piece gains 4 centipawns for each square of `m5` mobility it has on a
//! square above its own average. Live mobility (moves in the piece's walk
//! record now, against its `m5`) counts `40 / m0` centipawns a square,
//! between 1 and 6, so short-range pieces gain more per square. Pawns gain
//! for advancing towards their promotion zone; royal pieces lose for enemy
//! attacks next to them; against a lone royal piece the stronger side is
//! paid for driving it to the edge and approaching with its own.

use crate::geometry::Sq;
use crate::position::{Position, Rules};
use crate::trajectory::{EMPTY, FOE, FRIEND, cell_flags, visit};
use crate::variant::Color;

/// Centipawn scores; mates are near [`MATE`].
pub type Score = i32;

/// A score beyond every evaluation; `MATE - n` is mate in n plies.
pub const MATE: Score = 30_000;

/// Evaluation tables of one variant.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// Per role, centipawns.
    value: Box<[Score]>,
    /// Per colour, `[role * size + padded square]`: position bonus.
    square_bonus: [Box<[Score]>; 2],
    size: usize,
    /// Per padded square: neighbours (king steps) for king safety.
    neighbours: Box<[[i16; 8]]>,
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
    /// Pawn structure is tracked (boards of at most 32 files and ranks).
    pawn_structure: bool,
}

/// Weights of the terms that differ between middle game and ending.
/// Pawn structure: passed pawns by progress (`t` from 0 at the start rank
/// to 1 at the promotion rank) score `base + scale * t^2`.
const PASSED_MG: (Score, Score) = (5, 50);
const PASSED_EG: (Score, Score) = (10, 140);
const DOUBLED: (Score, Score) = (8, 16);
const ISOLATED: (Score, Score) = (8, 12);
/// Own pawns in front of a royal piece, one rank and two ranks ahead.
const SHIELD: (Score, Score) = (14, 7);
/// A royal piece off its back ranks in the middle game, per rank.
const ROYAL_ADVANCE_MG: Score = 12;
/// A royal piece towards the centre in the ending, per step.
const ROYAL_CENTRE_EG: Score = 8;

/// Expected mobility of one piece from `origin` (a padded square): the
/// number of reachable squares when each square beyond the first along a
/// path is empty with probability `1 - p`.
fn expected_mobility(
    rules: &Rules,
    color: Color,
    role: crate::variant::Role,
    origin: Sq,
    p: f64,
) -> (f64, bool) {
    let table = &rules.table;
    let trees = table.role_trees(color, role);
    let g = &table.geometry;
    let (ox, oy) = g.coords(origin).expect("origin on board");
    let mut colour_bound = true;
    let mut total = 0.0;
    // (group, probability of reaching it)
    let mut stack = vec![(trees.root(origin), 1.0f64)];
    while let Some((group, prob)) = stack.pop() {
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
                    total += prob * w;
                    if (i32::from(x) + i32::from(y) - i32::from(ox) - i32::from(oy)) % 2 != 0 {
                        colour_bound = false;
                    }
                }
                if cell.flags & cell_flags::ORIGIN == 0 {
                    stack.push((cell.next[EMPTY], prob * (1.0 - p)));
                    stack.push((cell.next[FRIEND], prob * p / 2.0));
                    stack.push((cell.next[FOE], prob * p / 2.0));
                }
            }
            if cell.flags & cell_flags::LAST != 0 {
                break;
            }
            i += 1;
        }
    }
    (total, colour_bound)
}

impl Evaluator {
    pub fn new(rules: &Rules) -> Evaluator {
        let g = rules.geometry();
        let roles = rules.variant.pieces.len();
        let squares: Vec<Sq> = g.squares().collect();
        let mut value = vec![0; roles];
        let mut mobility_weight = vec![0; roles];
        let mut mobility_base = vec![0; roles];
        let mut square_bonus = [vec![0; roles * g.size], vec![0; roles * g.size]];
        for r in 0..roles {
            let role = crate::variant::Role(r as u8);
            let mut m0 = 0.0;
            let mut m5 = 0.0;
            let mut bound = true;
            let mut per_square = Vec::with_capacity(squares.len());
            for &sq in &squares {
                let (a, b0) = expected_mobility(rules, Color::White, role, sq, 0.0);
                let (b, _) = expected_mobility(rules, Color::White, role, sq, 0.5);
                m0 += a;
                m5 += b;
                bound &= b0;
                per_square.push(b);
            }
            let n = squares.len() as f64;
            let (m0, m5) = (m0 / n, m5 / n);
            let promotes = rules.promotes[0][r] || rules.promotes[1][r];
            if !rules.royal[r] && !promotes && m0 > 0.0 {
                // Short-range pieces gain more from each square they see.
                mobility_weight[r] = (40.0 / m0).clamp(1.0, 6.0).round() as Score;
                mobility_base[r] = m5.round() as Score;
            }
            value[r] = if rules.royal[r] {
                0
            } else if promotes {
                100
            } else {
                let v = 100.0 * (0.196 * m0 + 0.375 * m5) * if bound { 0.9 } else { 1.0 };
                v.round() as Score
            };
            for (k, &sq) in squares.iter().enumerate() {
                let centre = ((per_square[k] - m5) * 4.0).round() as Score;
                let (x, y) = g.coords(sq).expect("on board");
                for color in Color::BOTH {
                    let mut bonus = if rules.royal[r] { 0 } else { centre };
                    if rules.promotes[color.index()][r] {
                        bonus = advancement(rules, color, x, y);
                    }
                    square_bonus[color.index()][r * g.size + usize::from(sq)] = bonus;
                }
            }
        }
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
        let mut neighbours = vec![[0i16; 8]; g.size];
        for &sq in &squares {
            neighbours[usize::from(sq)] = g.king_steps();
        }
        Evaluator {
            value: value.into_boxed_slice(),
            square_bonus: square_bonus.map(Vec::into_boxed_slice),
            size: g.size,
            neighbours: neighbours.into_boxed_slice(),
            mobility_weight: mobility_weight.into_boxed_slice(),
            mobility_base: mobility_base.into_boxed_slice(),
            losing: rules
                .variant
                .end
                .extinction
                .as_ref()
                .is_some_and(|e| e.value == crate::variant::GameValue::Win),
            full_phase: full_phase.max(1),
            pawn_structure: g.width <= 32 && g.height <= 32,
        }
    }

    /// The material value of a role in centipawns.
    #[inline]
    pub fn value(&self, role: crate::variant::Role) -> Score {
        self.value[usize::from(role.0)]
    }

    /// Losing chess: material counts against its owner, so exchange and
    /// futility reasoning does not apply.
    #[inline]
    pub fn losing(&self) -> bool {
        self.losing
    }

    /// Static evaluation from the side to move's point of view.
    pub fn evaluate(&self, pos: &Position) -> Score {
        if self.losing {
            return self.evaluate_losing(pos);
        }
        let mut score = [0 as Score; 2];
        let mut material = [0 as Score; 2];
        let mut royal_sq: [Option<Sq>; 2] = [None; 2];
        let rules = pos.rules();
        let g = rules.geometry();
        // Per colour and file: ranks holding a pawn, one bit each.
        let mut pawns = [[0u32; 32]; 2];
        let mut phase_material = 0;
        for color in Color::BOTH {
            let c = color.index();
            let them = color.opponent();
            for (slot, s) in pos.pieces(color) {
                let r = usize::from(s.role.0);
                material[c] += self.value[r];
                if rules.promotes[c][r] {
                    if self.pawn_structure
                        && let Some((x, y)) = g.coords(s.sq)
                    {
                        pawns[c][usize::from(x)] |= 1 << y;
                    }
                } else if !rules.royal[r] {
                    phase_material += self.value[r];
                }
                score[c] += self.value[r] + self.square_bonus[c][r * self.size + usize::from(s.sq)];
                if self.mobility_weight[r] != 0 {
                    // Live mobility from the walk record: moves and captures.
                    let moves = pos
                        .records(slot)
                        .iter()
                        .filter(|e| e.kind & (visit::QUIET | visit::CAPTURE) != 0)
                        .count() as Score;
                    score[c] += self.mobility_weight[r] * (moves - self.mobility_base[r]);
                }
                if rules.royal[r] {
                    royal_sq[c] = Some(s.sq);
                    // King safety: enemy attacks on the squares around it.
                    let mut attacks = 0;
                    for &d in &self.neighbours[usize::from(s.sq)] {
                        let t = (i32::from(s.sq) + i32::from(d)) as Sq;
                        attacks += pos.attackers(t, them).count_ones() as Score;
                    }
                    score[c] -= 6 * attacks + attacks * attacks;
                }
            }
        }
        // Holdings: a piece in hand can go almost anywhere (a tenth more
        // than on the board); one that can only be gated is worth less
        // until it is in play.
        if rules.holdings {
            let (num, den) = if rules.variant.drops.piece_drops {
                (11, 10)
            } else {
                (8, 10)
            };
            for color in Color::BOTH {
                let c = color.index();
                for (r, &n) in pos.holdings(color).iter().enumerate() {
                    let v = Score::from(n) * self.value[r];
                    material[c] += v;
                    score[c] += v * num / den;
                }
            }
        }
        // Terms that fade from middle game to ending.
        let mut mg = [0 as Score; 2];
        let mut eg = [0 as Score; 2];
        if self.pawn_structure {
            self.pawn_terms(g, &pawns, &mut mg, &mut eg);
            for c in 0..2 {
                if let Some(k) = royal_sq[c] {
                    self.royal_terms(g, c, k, &pawns[c], &mut mg, &mut eg);
                }
            }
        }
        let phase = (phase_material * 256 / self.full_phase).min(256);
        for c in 0..2 {
            score[c] += (mg[c] * phase + eg[c] * (256 - phase)) / 256;
        }
        // Mop-up: against a lone royal piece drive it to the edge and
        // bring our own royal piece close.
        for c in 0..2 {
            if material[1 - c] == 0
                && material[c] >= 300
                && let (Some(theirs), Some(ours)) = (royal_sq[1 - c], royal_sq[c])
            {
                let (tx, ty) = g.coords(theirs).expect("on board");
                let (ox, oy) = g.coords(ours).expect("on board");
                let edge = |v: u8, n: u8| i32::from(v).min(i32::from(n) - 1 - i32::from(v));
                let centre = edge(tx, g.width) + edge(ty, g.height);
                let dist = (i32::from(tx) - i32::from(ox))
                    .abs()
                    .max((i32::from(ty) - i32::from(oy)).abs());
                score[c] += 200 - 20 * centre - 10 * dist;
            }
        }
        // n-check: checks already given bring the win closer.
        if rules.variant.end.check_counting {
            for color in Color::BOTH {
                score[color.index()] += match pos.checks_to_give(color) {
                    1 => 350,
                    2 => 120,
                    _ => 0,
                };
            }
        }
        let us = pos.side_to_move().index();
        score[us] - score[1 - us] + 10
    }
}

impl Evaluator {
    /// Passed, doubled and isolated pawns.
    fn pawn_terms(
        &self,
        g: &crate::geometry::Geometry,
        pawns: &[[u32; 32]; 2],
        mg: &mut [Score; 2],
        eg: &mut [Score; 2],
    ) {
        let width = usize::from(g.width);
        let span = i32::from(g.height).max(2) - 1;
        for c in 0..2 {
            let ours = &pawns[c];
            let theirs = &pawns[1 - c];
            for f in 0..width {
                let mut file = ours[f];
                if file == 0 {
                    continue;
                }
                let count = file.count_ones() as Score;
                let left = if f > 0 { ours[f - 1] } else { 0 };
                let right = if f + 1 < width { ours[f + 1] } else { 0 };
                if count > 1 {
                    mg[c] -= DOUBLED.0 * (count - 1);
                    eg[c] -= DOUBLED.1 * (count - 1);
                }
                if left | right == 0 {
                    mg[c] -= ISOLATED.0 * count;
                    eg[c] -= ISOLATED.1 * count;
                }
                let near = theirs[f]
                    | if f > 0 { theirs[f - 1] } else { 0 }
                    | if f + 1 < width { theirs[f + 1] } else { 0 };
                while file != 0 {
                    let y = file.trailing_zeros();
                    file &= file - 1;
                    // Ranks ahead of this pawn, from its side's view.
                    let ahead = if c == 0 {
                        !((2u32 << y).wrapping_sub(1))
                    } else {
                        (1u32 << y) - 1
                    };
                    if near & ahead != 0 {
                        continue;
                    }
                    let progress = if c == 0 { y as i32 } else { span - y as i32 };
                    let t2 = progress * progress;
                    let span2 = span * span;
                    mg[c] += PASSED_MG.0 + PASSED_MG.1 * t2 / span2;
                    eg[c] += PASSED_EG.0 + PASSED_EG.1 * t2 / span2;
                }
            }
        }
    }

    /// A royal piece: sheltered behind its pawns on its back ranks in the
    /// middle game, central in the ending.
    fn royal_terms(
        &self,
        g: &crate::geometry::Geometry,
        c: usize,
        k: Sq,
        pawns: &[u32; 32],
        mg: &mut [Score; 2],
        eg: &mut [Score; 2],
    ) {
        let Some((x, y)) = g.coords(k) else { return };
        let (x, y) = (i32::from(x), i32::from(y));
        let (w, h) = (i32::from(g.width), i32::from(g.height));
        let back = if c == 0 { y } else { h - 1 - y };
        mg[c] -= ROYAL_ADVANCE_MG * back.min(4);
        let edge = |v: i32, n: i32| v.min(n - 1 - v);
        eg[c] += ROYAL_CENTRE_EG * (edge(x, w).min(3) + edge(y, h).min(3));
        let dir = if c == 0 { 1 } else { -1 };
        for (step, weight) in [(1, SHIELD.0), (2, SHIELD.1)] {
            let r = y + dir * step;
            if !(0..h).contains(&r) {
                continue;
            }
            for f in (x - 1).max(0)..=(x + 1).min(w - 1) {
                if pawns[f as usize] & (1 << r) != 0 {
                    mg[c] += weight;
                }
            }
        }
    }

    /// Losing chess, v1: fewer men is better (a hundred per man), and of
    /// equal counts the lighter army (a tenth of the usual values), since
    /// heavy pieces are harder to give away.
    fn evaluate_losing(&self, pos: &Position) -> Score {
        let side = |c: Color| -> Score {
            pos.pieces(c)
                .map(|(_, s)| 100 + self.value[usize::from(s.role.0)] / 10)
                .sum()
        };
        let us = pos.side_to_move();
        side(us.opponent()) - side(us)
    }
}

/// Bonus for a pawn type on (x, y) by how far it has come towards its
/// promotion zone: grows with the cube of progress, 90 just before it.
fn advancement(rules: &Rules, color: Color, x: u8, y: u8) -> Score {
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
    (90.0 * t * t * t + 10.0 * t).round() as Score
}
