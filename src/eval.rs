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
//! paid for driving it to the edge (to a corner its colour-bound pieces
//! cover, as bishop and knight must), for shrinking the box of squares it
//! can still walk to, and for approaching with its own. Where only
//! checkmate wins, a side whose pieces are all colour-bound on one square
//! colour (bishops or ferzes of one colour) cannot win and its lead counts
//! a sixteenth.

use crate::position::{Position, Rules};
use crate::trajectory::{EMPTY, FOE, FRIEND, cell_flags, visit};
use crate::types::{Color, SLOTS_PER_SIDE, Sq};
use arrayvec::ArrayVec;

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
    /// Pawns (pieces that promote by moving) in the start position, both
    /// sides: the pawn trade contempt scales with the share left.
    full_pawns: Score,
    /// Pawn structure is tracked (boards of at most 32 files and ranks).
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
}

/// How much of the start position's army is still in the game, on the
/// board or in hand, in 256ths (256 with all, 0 with none): the search's
/// trade contempts scale with what is left to trade.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Left {
    /// Pieces other than pawns and royals, by value.
    pub pieces: Score,
    /// Pawns (pieces that promote by moving), by count.
    pub pawns: Score,
}

/// The evaluation's weights, by name: the defaults below, or a set a
/// tuning run found (`griffon tune`). Every weight is an integer; those
/// that scale something are in thousandths.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params(pub [i32; PARAM_COUNT]);

macro_rules! params {
    ($($index:literal $name:ident = $value:expr, $doc:literal;)*) => {
        $(#[doc = $doc] pub const $name: usize = $index;)*
        /// Number of weights.
        pub const PARAM_COUNT: usize = [$($index),*].len();
        /// Names of the weights, as `griffon tune` prints them.
        pub const PARAM_NAMES: [&str; PARAM_COUNT] = [$(stringify!($name)),*];
        impl Default for Params {
            fn default() -> Params {
                Params([$($value),*])
            }
        }
    };
}

params! {
    0 MAT_M0 = 196, "Material: centipawns x 1000 per square of empty-board mobility.";
    1 MAT_M5 = 375, "Material: centipawns x 1000 per square of half-full-board mobility.";
    2 COLOUR_BOUND = 900, "Material of a colour-bound piece, in thousandths.";
    3 PAWN = 100, "Value of a pawn type (pieces that promote).";
    4 CENTRE = 40, "Centralisation: tenths of a centipawn per square of mobility above the piece's average.";
    5 MOBILITY_NUM = 40, "Live mobility: centipawns per square are this over the empty-board mobility...";
    6 MOBILITY_MAX = 6, "... at most this many.";
    7 KING_LIN = 6, "Royal piece: centipawns per enemy attack on its neighbour squares...";
    8 KING_QUAD = 10, "... plus tenths of a centipawn per attack squared.";
    9 HAND = 1100, "A piece in hand that can be dropped, in thousandths of its value.";
    10 GATE = 800, "A piece in hand that can only be gated, in thousandths of its value.";
    11 ADV_CUBE = 90, "Pawn advancement: centipawns at the promotion zone, growing with the cube of progress...";
    12 ADV_LIN = 10, "... plus this much growing linearly.";
    13 PASSED_MG_BASE = 5, "Passed pawn in the middle game...";
    14 PASSED_MG_SCALE = 50, "... plus this times its progress squared.";
    15 PASSED_EG_BASE = 10, "Passed pawn in the ending...";
    16 PASSED_EG_SCALE = 140, "... plus this times its progress squared.";
    17 DOUBLED_MG = 8, "Each extra pawn on a file, middle game.";
    18 DOUBLED_EG = 16, "Each extra pawn on a file, ending.";
    19 ISOLATED_MG = 8, "Pawn without friendly pawns on the next files, middle game.";
    20 ISOLATED_EG = 12, "The same, ending.";
    21 SHIELD_1 = 14, "Own pawn one rank in front of a royal piece (middle game).";
    22 SHIELD_2 = 7, "Own pawn two ranks in front of a royal piece (middle game).";
    23 ROYAL_ADVANCE = 12, "Royal piece off its back rank in the middle game, per rank (up to 4).";
    24 ROYAL_CENTRE = 8, "Royal piece towards the centre in the ending, per step (up to 3 each way).";
    25 TEMPO = 10, "The side to move.";
    26 PROMOTION_THREAT = 125, "A shogi-style piece that can promote with its next move, in thousandths of what promotion adds.";
    27 HANGING = 0, "A piece attacked and not defended, in thousandths of its value (0: not evaluated).";
    28 THREATENED = 0, "A piece attacked by a cheaper one, in thousandths of the difference (0: not evaluated).";
    29 PROMOTION_REF = 800, "A pawn is worth PAWN where it promotes to a piece worth this much or more...";
    30 PAWN_FLOOR = 650, "... and this many thousandths of PAWN where its promotion is worth nothing (shatranj's ferz: about 0.7).";
    31 PASSED_FLOOR = 250, "Passed-pawn and advancement bonuses scale with the promotion the same way, down to this many thousandths.";
    32 DRAWISH_MARGIN = 320, "A side without pawns that leads by at most this much in pieces rarely wins...";
    33 DRAWISH_SCALE = 250, "... so the score shrinks to this many thousandths.";
    34 RULE_FADE = 500, "Thousandths of the score lost as the n-move counter reaches its limit: progress before the draw.";
    35 CONFINED = 0, "A colour-bound piece that can reach a share r < 1/2 of the board is worth (2r) to this power (thousandths) more; 350 makes the alfil (1/8) about 0.6 (0: off; at 350 shatranj played worse, BENCHMARKS.md).";
    36 SAFE_MOBILITY = 0, "Live mobility leaves out squares an enemy pawn attacks, in thousandths (0: they count as any other; 1000: not at all).";
    37 PAWN_MG = 1000, "A pawn's material in the middle game, in thousandths of its value (which holds in the ending): with the board full, pieces may decide more than pawns (1000: off; makruk played worse at 650, Fairy-Stockfish's ratio, and no better at 1300, BENCHMARKS.md).";
    38 PAWN_SUPPORTED = 0, "A pawn that an own pawn defends (read from the attack map, so for any pawn type), centipawns (0: off; makruk with 20 and PAWN_PHALANX 10 played no better, BENCHMARKS.md).";
    39 PAWN_PHALANX = 0, "A pawn with an own pawn beside it on the same rank, centipawns (0: off).";
    40 MOP_UP_PIECES = 0, "Mop-up against a king with pieces but no pawns, when the lead is more than DRAWISH_MARGIN: thousandths of the bare-king mop-up (0: off; makruk at 500 scored 81.0 % against Fairy-Max, paired -1.8 +/- 5.4 points with main, BENCHMARKS.md).";
}

/// What is wrong with a list of weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WeightError {
    NotPair,
    UnknownName,
    NotInteger,
}

/// The `NAME=VALUE` items of `text` (whitespace or commas between, `#`
/// to the end of a line a comment) as (weight index, value), or the error
/// and its item.
fn weight_items(text: &str) -> impl Iterator<Item = Result<(usize, i32), (WeightError, &str)>> {
    text.lines()
        .map(|line| line.split('#').next().unwrap_or(""))
        .flat_map(|line| line.split(|c: char| c.is_whitespace() || c == ','))
        .filter(|item| !item.is_empty())
        .map(|item| {
            let (name, value) = item.split_once('=').ok_or((WeightError::NotPair, item))?;
            let i = PARAM_NAMES
                .iter()
                .position(|n| n.eq_ignore_ascii_case(name))
                .ok_or((WeightError::UnknownName, item))?;
            let value = value.parse().map_err(|_| (WeightError::NotInteger, item))?;
            Ok((i, value))
        })
}

impl Params {
    /// Parse `NAME=VALUE` pairs (whitespace or commas between), over the
    /// defaults.
    pub fn parse(text: &str) -> Result<Params, String> {
        let mut p = Params::default();
        for item in weight_items(text) {
            let (i, value) = item.map_err(|(e, item)| {
                let (name, value) = item.split_once('=').unwrap_or((item, ""));
                match e {
                    WeightError::NotPair => format!("'{item}' is not NAME=VALUE"),
                    WeightError::UnknownName => format!("unknown weight '{name}'"),
                    WeightError::NotInteger => {
                        format!("'{value}' is not an integer (weight {name})")
                    }
                }
            })?;
            p.0[i] = value;
        }
        Ok(p)
    }

    /// The pairs of a variant file's `evalWeights`, names checked (a
    /// variant file is read before any evaluation is built, so a typo is
    /// reported where it was written).
    pub fn parse_pairs(text: &str) -> Result<Vec<(String, i32)>, WeightError> {
        weight_items(text)
            .map(|item| {
                item.map(|(i, value)| (PARAM_NAMES[i].to_string(), value))
                    .map_err(|(e, _)| e)
            })
            .collect()
    }

    /// The defaults with the variant's own fitted weights (`evalWeights`)
    /// over them.
    pub fn for_variant(variant: &crate::variant::Variant) -> Params {
        let mut p = Params::default();
        for (name, value) in &variant.eval_weights {
            if let Some(i) = PARAM_NAMES.iter().position(|n| n == name) {
                p.0[i] = *value;
            }
        }
        p
    }
}

impl std::fmt::Display for Params {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (name, v) in PARAM_NAMES.iter().zip(self.0.iter()) {
            writeln!(f, "{name}={v}")?;
        }
        Ok(())
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

fn expected_mobility(
    rules: &Rules,
    color: Color,
    role: crate::types::Role,
    origin: Sq,
    p: f64,
) -> Mobility {
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
                    let mark = |class: u64| {
                        (u64::from(t) * 4 + class).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1
                    };
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

impl Evaluator {
    /// The evaluation with the variant's weights (`evalWeights` over the
    /// defaults).
    pub fn new(rules: &Rules) -> Evaluator {
        Evaluator::with_params(rules, Params::for_variant(&rules.variant))
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
            let role = crate::types::Role(r as u8);
            let mut m0 = 0.0;
            let mut m5 = 0.0;
            let mut m0_paths = 0.0;
            let mut m5_paths = 0.0;
            let mut bound = true;
            let mut steps = vec![Vec::new(); g.size];
            per_square[r].reserve(squares.len());
            for &sq in &squares {
                let empty = expected_mobility(rules, Color::White, role, sq, 0.0);
                let half = expected_mobility(rules, Color::White, role, sq, 0.5);
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
                let v = 0.1 * (w(MAT_M0) * m0 + w(MAT_M5) * m5) * bound;
                v.round() as Score
            };
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
        }
        for r in 0..roles {
            for (k, &sq) in squares.iter().enumerate() {
                let centre = ((per_square[r][k] - average[r]) * w(CENTRE) / 10.0).round() as Score;
                let (x, y) = g.coords(sq).expect("on board");
                for color in Color::BOTH {
                    let mut bonus = if rules.royal[r] { 0 } else { centre };
                    if rules.promotes[color.index()][r] {
                        bonus = advancement(rules, color, x, y, &p) * pawn_scale[r] / 1000;
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
        let mut neighbours = vec![[0i16; 8]; g.size];
        for &sq in &squares {
            neighbours[usize::from(sq)] = g.king_steps();
        }
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
            full_pawns,
            pawn_structure: g.width <= 32 && g.height <= 32,
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
    pub fn stats(&self, role: crate::types::Role) -> PieceStats {
        self.stats[usize::from(role.0)]
    }

    /// The material value of a role in centipawns.
    #[inline]
    pub fn value(&self, role: crate::types::Role) -> Score {
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
        self.evaluate_and_pieces_left(pos).0
    }

    /// The evaluation and the share of the start position's pieces and
    /// pawns still in the game: the search's trade contempts scale with
    /// how much is left to trade.
    pub fn evaluate_and_pieces_left(&self, pos: &Position) -> (Score, Left) {
        if self.losing {
            return (self.evaluate_losing(pos), Left::default());
        }
        let mut score = [0 as Score; 2];
        let mut material = [0 as Score; 2];
        let mut royal_sq: [Option<Sq>; 2] = [None; 2];
        let rules = pos.rules();
        let g = rules.geometry();
        // Per colour and file: ranks holding a pawn, one bit each.
        let mut pawns = [[0u32; 32]; 2];
        let mut phase_material = 0;
        // Pieces in hand are still in the game: a capture in a drop
        // variant trades nothing off.
        let mut hand_material = 0;
        let mut pawns_in_hand = 0;
        let mut pieces = [0 as Score; 2];
        let mut pawn_count = [0; 2];
        // Per colour: material of its pawns, which may count less in the
        // middle game (PAWN_MG).
        let mut pawn_material = [0 as Score; 2];
        // Per colour: pieces that reach both square colours, and
        // colour-bound pieces by the colour of their squares.
        let mut free = [0; 2];
        let mut bound_on = [[0; 2]; 2];
        // Per colour: slots of its pawns, whose attacks make squares unsafe
        // for the other side's pieces (when SAFE_MOBILITY is on) and
        // defend its other pawns (PAWN_SUPPORTED).
        let unsafe_weight = self.p.0[SAFE_MOBILITY];
        let support_weight = self.p.0[PAWN_SUPPORTED];
        let mut pawn_slots = [0u64; 2];
        let mut supported = [0 as Score; 2];
        if (unsafe_weight != 0 || support_weight != 0) && self.has_pawns {
            for color in Color::BOTH {
                for (slot, s) in pos.pieces(color) {
                    if rules.promotes[color.index()][usize::from(s.role.0)] {
                        pawn_slots[color.index()] |= 1 << (slot % SLOTS_PER_SIDE);
                    }
                }
            }
        }
        for color in Color::BOTH {
            let c = color.index();
            let them = color.opponent();
            for (slot, s) in pos.pieces(color) {
                let r = usize::from(s.role.0);
                material[c] += self.value[r];
                if rules.promotes[c][r] {
                    pawn_count[c] += 1;
                    pawn_material[c] += self.value[r];
                    if support_weight != 0 && pos.attackers(s.sq, color) & pawn_slots[c] != 0 {
                        supported[c] += 1;
                    }
                    // As mating material a pawn counts as what it becomes,
                    // on the colour of the square it would promote on.
                    match self.zone_colour[c][usize::from(s.sq)] {
                        k @ 0..=1 if self.bound_promotion[c][r] => bound_on[c][usize::from(k)] += 1,
                        _ => free[c] += 1,
                    }
                    if self.pawn_structure
                        && let Some((x, y)) = g.coords(s.sq)
                    {
                        pawns[c][usize::from(x)] |= 1 << y;
                    }
                } else if !rules.royal[r] {
                    phase_material += self.value[r];
                    pieces[c] += self.value[r];
                    if self.colour_bound[r] {
                        bound_on[c][square_colour(g, s.sq)] += 1;
                    } else {
                        free[c] += 1;
                    }
                }
                score[c] += self.value[r] + self.square_bonus[c][r * self.size + usize::from(s.sq)];
                if self.mobility_weight[r] != 0 {
                    // Live mobility from the walk record: moves and captures,
                    // in thousandths (squares enemy pawns attack may count
                    // less).
                    let enemy_pawns = if unsafe_weight != 0 {
                        pawn_slots[them.index()]
                    } else {
                        0
                    };
                    let reached = pos
                        .records(slot)
                        .iter()
                        .filter(|e| e.kind & (visit::QUIET | visit::CAPTURE) != 0);
                    let moves: Score = if enemy_pawns == 0 {
                        1000 * reached.count() as Score
                    } else {
                        reached
                            .map(|e| {
                                if pos.attackers(e.sq, them) & enemy_pawns != 0 {
                                    1000 - unsafe_weight
                                } else {
                                    1000
                                }
                            })
                            .sum()
                    };
                    score[c] +=
                        self.mobility_weight[r] * (moves - 1000 * self.mobility_base[r]) / 1000;
                }
                if self.promotion_gain[r] > 0 && !s.promoted {
                    // Promotion threat (shogi-style pieces): a move that
                    // starts or ends in the zone promotes.
                    let zone = &rules.promotion_zone[c];
                    let threat = zone[usize::from(s.sq)]
                        || pos.records(slot).iter().any(|e| {
                            e.kind & (visit::QUIET | visit::CAPTURE) != 0 && zone[usize::from(e.sq)]
                        });
                    if threat {
                        score[c] += self.promotion_gain[r] * self.p.0[PROMOTION_THREAT] / 1000;
                    }
                }
                if (self.p.0[HANGING] != 0 || self.p.0[THREATENED] != 0) && !rules.royal[r] {
                    score[c] -= self.threat(pos, color, s.sq, self.value[r]);
                }
                if rules.royal[r] {
                    royal_sq[c] = Some(s.sq);
                    // King safety: enemy attacks on the squares around it.
                    let mut attacks = 0;
                    for &d in &self.neighbours[usize::from(s.sq)] {
                        let t = (i32::from(s.sq) + i32::from(d)) as Sq;
                        attacks += pos.attackers(t, them).count_ones() as Score;
                    }
                    let p = &self.p.0;
                    score[c] -= p[KING_LIN] * attacks + p[KING_QUAD] * attacks * attacks / 10;
                }
            }
        }
        // Holdings: a piece in hand can go almost anywhere (a tenth more
        // than on the board); one that can only be gated is worth less
        // until it is in play.
        if rules.holdings {
            let (num, den) = if rules.variant.drops.piece_drops {
                (self.p.0[HAND], 1000)
            } else {
                (self.p.0[GATE], 1000)
            };
            for color in Color::BOTH {
                let c = color.index();
                for (r, &n) in pos.holdings(color).iter().enumerate() {
                    let v = Score::from(n) * self.value[r];
                    material[c] += v;
                    score[c] += v * num / den;
                    if rules.promotes[c][r] {
                        pawns_in_hand += Score::from(n);
                    } else if !rules.royal[r] {
                        hand_material += v;
                    }
                }
            }
        }
        // Terms that fade from middle game to ending.
        let mut mg = [0 as Score; 2];
        let mut eg = [0 as Score; 2];
        let pawn_mg = self.p.0[PAWN_MG];
        if pawn_mg != 1000 {
            for c in 0..2 {
                mg[c] -= pawn_material[c] * (1000 - pawn_mg) / 1000;
            }
        }
        for c in 0..2 {
            score[c] += support_weight * supported[c];
        }
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
        // Mop-up: against a lone royal piece drive it to the edge (to a
        // corner our colour-bound pieces can cover, as with bishop and
        // knight), hem it in and bring our own royal piece close. The same
        // plan, at MOP_UP_PIECES thousandths, against a few pieces without
        // pawns when the lead is more than a drawish one (a rook and met
        // against a knight): their king is mated or their pieces fall when
        // it is pushed to the edge, where otherwise the search shuffles
        // until the n-move count ends the game.
        for c in 0..2 {
            let share = if material[1 - c] == 0 && material[c] >= 300 {
                1000
            } else if !rules.holdings
                && material[1 - c] > 0
                && pawn_count[1 - c] == 0
                && material[c] - material[1 - c] > self.p.0[DRAWISH_MARGIN]
            {
                self.p.0[MOP_UP_PIECES]
            } else {
                0
            };
            if share != 0
                && let (Some(theirs), Some(ours)) = (royal_sq[1 - c], royal_sq[c])
            {
                let colour = corner_colour(bound_on[c]);
                score[c] += self.mop_up(pos, Color::BOTH[c], theirs, ours, colour) * share / 1000;
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
        let mut diff = score[us] - score[1 - us];
        // Endings a side rarely wins: no pawns and at most a minor
        // piece's lead over a side that has something left (a rook and
        // ferz against a rook in shatranj, a rook and bishop against a
        // rook in chess; against a bare king mop-up decides). Scaling
        // them down keeps the pawns on and steers to endings that can be
        // won.
        if self.has_pawns && !rules.holdings {
            let strong = if diff >= 0 { us } else { 1 - us };
            if pawn_count[strong] == 0
                && material[1 - strong] > 0
                && pieces[strong] - pieces[1 - strong] <= self.p.0[DRAWISH_MARGIN]
            {
                diff = diff * self.p.0[DRAWISH_SCALE] / 1000;
            }
        }
        // Checkmate needs a piece on each square colour unless a piece
        // reaches both (a knight, a rook): bishops or ferzes all on one
        // colour never check a king on the other, so their side cannot win.
        // Pawns count as what they promote to: a makruk pawn that will
        // become a met on the colour the mets already hold adds nothing,
        // though unpromoted it may still help a little.
        if self.mate_only {
            let strong = if diff >= 0 { us } else { 1 - us };
            if free[strong] == 0 && bound_on[strong].contains(&0) {
                diff /= if pawn_count[strong] == 0 { 16 } else { 8 };
            }
        }
        // A lead that makes no progress fades towards the n-move draw.
        let limit = 2 * rules.variant.end.n_move_rule as Score;
        if limit > 0 {
            let clock = (pos.halfmove_clock() as Score).min(limit);
            diff -= diff * clock / limit * self.p.0[RULE_FADE] / 1000;
        }
        if self.noise > 0 {
            // The same position always gets the same noise within a game
            // (the search stays consistent); the seed changes it per game.
            let h = (pos.key() ^ self.noise_seed).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            diff += (h >> 40) as Score % (2 * self.noise + 1) - self.noise;
        }
        let left = Left {
            pieces: ((phase_material + hand_material) * 256 / self.full_phase).min(256),
            pawns: if self.full_pawns == 0 {
                0
            } else {
                ((pawn_count[0] + pawn_count[1] + pawns_in_hand) * 256 / self.full_pawns).min(256)
            },
        };
        (diff + self.p.0[TEMPO], left)
    }

    /// Mop-up against the lone royal piece on `theirs`: in centipawns for
    /// the side `us` whose royal piece stands on `ours`. `corner` is the
    /// square colour of the corners to drive it to, when our colour-bound
    /// pieces all stand on one colour.
    fn mop_up(
        &self,
        pos: &Position,
        us: Color,
        theirs: Sq,
        ours: Sq,
        corner: Option<usize>,
    ) -> Score {
        let g = pos.rules().geometry();
        let (tx, ty) = g.coords(theirs).expect("on board");
        let (ox, oy) = g.coords(ours).expect("on board");
        let (tx, ty, ox, oy) = (i32::from(tx), i32::from(ty), i32::from(ox), i32::from(oy));
        let (w, h) = (i32::from(g.width), i32::from(g.height));
        let edge = |v: i32, n: i32| v.min(n - 1 - v);
        let dist = (tx - ox).abs().max((ty - oy).abs());
        let mut score = 200 - 10 * dist;
        // Mate with a colour-bound piece happens in its corners only (or
        // mostly): there the distance to the nearest such corner rules,
        // strong enough that leaving the wrong corner along the edge pays.
        let corner_distance = corner.and_then(|colour| {
            [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)]
                .iter()
                .filter(|&&(x, y)| ((x + y) % 2) as usize == colour)
                .map(|&(x, y)| (x - tx).abs() + (y - ty).abs())
                .min()
        });
        let box_weight = match corner_distance {
            Some(d) => {
                score -= 40 * d;
                100
            }
            None => {
                score -= 20 * (edge(tx, w) + edge(ty, h));
                300
            }
        };
        // The squares the lone royal piece could walk to by king steps
        // without crossing one we attack: the box it is confined to.
        if let Some(start) = g.dense(theirs)
            && g.area() <= 256
        {
            let mut seen = [0u64; 4];
            let mut stack: ArrayVec<Sq, 256> = ArrayVec::new();
            seen[start / 64] |= 1 << (start % 64);
            stack.push(theirs);
            let mut region = 0;
            while let Some(sq) = stack.pop() {
                region += 1;
                for &d in &self.neighbours[usize::from(sq)] {
                    let t = (i32::from(sq) + i32::from(d)) as Sq;
                    if let Some(i) = g.dense(t)
                        && seen[i / 64] & (1 << (i % 64)) == 0
                    {
                        seen[i / 64] |= 1 << (i % 64);
                        if !pos.attacked_by(t, us) && pos.piece_on(t).is_none_or(|(c, _)| c != us) {
                            stack.push(t);
                        }
                    }
                }
            }
            let area = g.area() as Score;
            score += box_weight * (area - region) / area;
        }
        score
    }

    /// The weights in use.
    pub fn params(&self) -> &Params {
        &self.p
    }
}

impl Evaluator {
    /// What the attack map says a piece of `color` worth `value` on `sq`
    /// risks: attacked and undefended, or attacked by something cheaper.
    fn threat(&self, pos: &Position, color: Color, sq: Sq, value: Score) -> Score {
        let them = color.opponent();
        let mut attackers = pos.attackers(sq, them) & pos.alive(them);
        if attackers == 0 {
            return 0;
        }
        let mut cheapest = Score::MAX;
        while attackers != 0 {
            let bit = attackers.trailing_zeros() as usize;
            attackers &= attackers - 1;
            let slot = Position::slot_index(them, bit);
            let v = self.value[usize::from(pos.slot(slot).role.0)];
            cheapest = cheapest.min(if v == 0 { Score::MAX - 1 } else { v });
        }
        let mut risk = 0;
        if pos.attackers(sq, color) == 0 {
            risk += value * self.p.0[HANGING] / 1000;
        }
        if cheapest < value {
            risk += (value - cheapest) * self.p.0[THREATENED] / 1000;
        }
        risk
    }

    /// Passed, doubled, isolated and side-by-side pawns.
    fn pawn_terms(
        &self,
        g: &crate::types::Geometry,
        pawns: &[[u32; 32]; 2],
        mg: &mut [Score; 2],
        eg: &mut [Score; 2],
    ) {
        let width = usize::from(g.width);
        let span = i32::from(g.height).max(2) - 1;
        let p = &self.p.0;
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
                    mg[c] -= p[DOUBLED_MG] * (count - 1);
                    eg[c] -= p[DOUBLED_EG] * (count - 1);
                }
                if left | right == 0 {
                    mg[c] -= p[ISOLATED_MG] * count;
                    eg[c] -= p[ISOLATED_EG] * count;
                }
                let near = theirs[f]
                    | if f > 0 { theirs[f - 1] } else { 0 }
                    | if f + 1 < width { theirs[f + 1] } else { 0 };
                while file != 0 {
                    let y = file.trailing_zeros();
                    file &= file - 1;
                    if (left | right) & (1 << y) != 0 {
                        mg[c] += p[PAWN_PHALANX];
                        eg[c] += p[PAWN_PHALANX];
                    }
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
                    let k = self.passed_scale;
                    mg[c] += (p[PASSED_MG_BASE] + p[PASSED_MG_SCALE] * t2 / span2) * k / 1000;
                    eg[c] += (p[PASSED_EG_BASE] + p[PASSED_EG_SCALE] * t2 / span2) * k / 1000;
                }
            }
        }
    }

    /// A royal piece: sheltered behind its pawns on its back ranks in the
    /// middle game, central in the ending.
    fn royal_terms(
        &self,
        g: &crate::types::Geometry,
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
        let p = &self.p.0;
        mg[c] -= p[ROYAL_ADVANCE] * back.min(4);
        let edge = |v: i32, n: i32| v.min(n - 1 - v);
        eg[c] += p[ROYAL_CENTRE] * (edge(x, w).min(3) + edge(y, h).min(3));
        let dir = if c == 0 { 1 } else { -1 };
        for (step, weight) in [(1, p[SHIELD_1]), (2, p[SHIELD_2])] {
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

/// The square colour of the corners to mate in, given how many
/// colour-bound pieces stand on each colour: theirs when all stand on one.
fn corner_colour(bound_on: [Score; 2]) -> Option<usize> {
    match bound_on {
        [0, 0] => None,
        [_, 0] => Some(0),
        [0, _] => Some(1),
        _ => None,
    }
}

/// The colour of a square on the checkerboard: 0 for a1's.
fn square_colour(g: &crate::types::Geometry, sq: Sq) -> usize {
    g.coords(sq).map_or(0, |(x, y)| usize::from((x + y) % 2))
}

/// Bonus for a pawn type on (x, y) by how far it has come towards its
/// promotion zone: grows with the cube of progress, 90 just before it.
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

    #[test]
    fn weights_print_and_parse_back() {
        let mut p = Params::default();
        p.0[TEMPO] = 17;
        p.0[SHIELD_2] = -3;
        assert_eq!(Params::parse(&p.to_string()), Ok(p));
        assert!(Params::parse("TEMPO=x").is_err());
        assert!(Params::parse("NO_SUCH=1").is_err());
        assert!(Params::parse("TEMPO").is_err());
        // Unnamed weights keep their defaults.
        let q = Params::parse("tempo=3").expect("parses");
        assert_eq!(q.0[TEMPO], 3);
        assert_eq!(q.0[PAWN], Params::default().0[PAWN]);
    }

    fn shogi_eval(fen: &str, threat: i32) -> Score {
        let set = crate::variant::VariantSet::builtin().expect("built-ins");
        let rules = Rules::new(set.get("shogi").expect("shogi").clone()).expect("rules");
        let pos = Position::from_fen(rules.clone(), fen).expect("fen");
        let mut p = Params::default();
        p.0[PROMOTION_THREAT] = threat;
        Evaluator::with_params(&rules, p).evaluate(&pos)
    }

    #[test]
    fn a_piece_that_can_promote_next_move_is_worth_more() {
        // White's silver on e6 can step into the zone (ranks 7-9); on e3 it
        // cannot. The kings stand far apart so nothing else differs.
        let near = "4k4/9/9/4S4/9/9/9/9/4K4[-] w 0 1";
        let far = "4k4/9/9/9/9/9/4S4/9/4K4[-] w 0 1";
        let near_gain = shogi_eval(near, 1000) - shogi_eval(near, 0);
        let far_gain = shogi_eval(far, 1000) - shogi_eval(far, 0);
        // White is to move, so its gain counts positive.
        assert!(near_gain > 0, "{near_gain}");
        assert_eq!(far_gain, 0);
    }

    #[test]
    fn threat_weights_charge_attacked_pieces() {
        let set = crate::variant::VariantSet::builtin().expect("built-ins");
        let rules = Rules::new(set.get("normal").expect("normal").clone()).expect("rules");
        // White's knight on d5 is attacked by the pawn on e6 and defended
        // by nothing; White to move. (The a- and h-pawns keep the
        // pawnless-ending scaling out of it.)
        let pos =
            Position::from_fen(rules.clone(), "4k3/7p/4p3/3N4/8/8/P7/4K3 w - - 0 1").expect("fen");
        let eval = |hanging: i32, threatened: i32| {
            let mut p = Params::default();
            p.0[HANGING] = hanging;
            p.0[THREATENED] = threatened;
            Evaluator::with_params(&rules, p).evaluate(&pos)
        };
        let base = eval(0, 0);
        let knight = Evaluator::new(&rules).value(
            pos.piece_on(rules.geometry().sq(3, 4))
                .expect("knight")
                .1
                .role,
        );
        assert_eq!(base - eval(1000, 0), knight);
        assert_eq!(base - eval(0, 1000), knight - 100);
    }

    #[test]
    fn weight_files_take_comments_and_report_bad_items() {
        let p =
            Params::parse("# fitted on makruk games\nCENTRE=50, TEMPO=3 # two\n").expect("parses");
        assert_eq!((p.0[CENTRE], p.0[TEMPO]), (50, 3));
        assert_eq!(p.0[PAWN], Params::default().0[PAWN]);
        assert_eq!(
            Params::parse("CENTRE=9x").unwrap_err(),
            "'9x' is not an integer (weight CENTRE)"
        );
        assert_eq!(Params::parse("FOO=1").unwrap_err(), "unknown weight 'FOO'");
    }

    #[test]
    fn safe_mobility_leaves_out_squares_enemy_pawns_attack() {
        // White's knight on d4 reaches 8 squares; Black's pawns on a6 and
        // g6 attack two of them (b5, f5). Only the knight has mobility
        // here (kings are royal, pawns promote); the h-pawn keeps the
        // pawnless-ending scaling out of it.
        let (_, pos) = eval_in("normal", "4k3/8/p5p1/8/3N4/8/7P/4K3 w - - 0 1");
        let rules = pos.rules();
        let eval = |safe: i32| {
            let mut p = Params::default();
            p.0[SAFE_MOBILITY] = safe;
            Evaluator::with_params(rules, p).evaluate(&pos)
        };
        let knight = role_on(&pos, 3, 3);
        let w = Evaluator::new(rules).mobility_weight[usize::from(knight.0)];
        assert!(w > 0);
        assert_eq!(eval(0) - eval(1000), 2 * w);
        assert_eq!(eval(0) - eval(500), w);
    }

    fn eval_in(variant: &str, fen: &str) -> (Evaluator, Position) {
        let set = crate::variant::VariantSet::builtin().expect("built-ins");
        let rules = Rules::new(set.get(variant).expect("variant").clone()).expect("rules");
        let pos = Position::from_fen(rules.clone(), fen).expect("fen");
        (Evaluator::new(&rules), pos)
    }

    /// The share of pieces left, which the trade contempt scales with:
    /// full at the start, less once pieces come off, and in a drop
    /// variant a piece taken into hand is still in the game.
    #[test]
    fn pieces_in_hand_count_as_pieces_left() {
        let left = |variant: &str, fen: &str| {
            let (e, pos) = eval_in(variant, fen);
            e.evaluate_and_pieces_left(&pos).1.pieces
        };
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let no_knights = "r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R w KQkq - 0 1";
        assert_eq!(left("normal", start), 256);
        assert!(left("normal", no_knights) < 256);
        assert_eq!(
            left(
                "crazyhouse",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
            ),
            256
        );
        assert_eq!(
            left(
                "crazyhouse",
                "r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R[NNnn] w KQkq - 0 1"
            ),
            256
        );
    }

    fn role_on(pos: &Position, file: u8, rank: u8) -> crate::types::Role {
        let sq = pos.rules().geometry().sq(file, rank);
        pos.piece_on(sq).expect("a piece").1.role
    }

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

    #[test]
    fn pawnless_endings_with_a_small_lead_score_low() {
        // Rook and bishop against rook is a book draw; queen against rook
        // a book win. White to move in both, kings far from each other.
        let (e, pos) = eval_in("normal", "4k3/8/8/3r4/8/8/8/R1B1K3 w - - 0 1");
        let drawish = e.evaluate(&pos);
        let (e, pos) = eval_in("normal", "4k3/8/8/3r4/8/8/8/3QK3 w - - 0 1");
        let winning = e.evaluate(&pos);
        assert!(drawish < 150, "R+B v R scores {drawish}");
        assert!(winning > 300, "Q v R scores {winning}");
    }

    /// PAWN_MG prices a pawn below its value while the pieces are on,
    /// and not at all in a pawn ending.
    #[test]
    fn pawns_may_count_less_in_the_middle_game() {
        let lead = |fen: &str, pawn_mg: i32| {
            let (_, pos) = eval_in("normal", fen);
            let mut p = Params::default();
            p.0[PAWN_MG] = pawn_mg;
            Evaluator::with_params(pos.rules(), p).evaluate(&pos)
        };
        // Black's a-pawn is gone.
        let full = "rnbqkbnr/1ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let ending = "4k3/1ppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1";
        let pawn = lead(full, 1000) - lead(full, 500);
        assert!((40..=60).contains(&pawn), "half a pawn: {pawn}");
        assert_eq!(lead(ending, 1000), lead(ending, 500));
    }

    /// PAWN_SUPPORTED counts pawns an own pawn defends (read from the
    /// attack map: a berolina pawn defends straight ahead), PAWN_PHALANX
    /// pawns side by side.
    #[test]
    fn defended_and_side_by_side_pawns_score_their_weights() {
        let gain = |variant: &str, fen: &str, weight: usize| {
            let (_, pos) = eval_in(variant, fen);
            let mut p = Params::default();
            p.0[weight] = 30;
            Evaluator::with_params(pos.rules(), p).evaluate(&pos)
                - Evaluator::with_params(pos.rules(), Params::default()).evaluate(&pos)
        };
        // White: e2 defends d3; h2 stands alone. Black: nothing defended.
        let chain = "4k3/p7/8/8/8/3P4/4P2P/4K3 w - - 0 1";
        assert_eq!(gain("normal", chain, PAWN_SUPPORTED), 30);
        assert_eq!(gain("normal", chain, PAWN_PHALANX), 0);
        // d2 and e2 side by side; black's a7 and c7 are not.
        let pair = "4k3/p1p5/8/8/8/8/3PP3/4K3 w - - 0 1";
        assert_eq!(gain("normal", pair, PAWN_PHALANX), 60);
        assert_eq!(gain("normal", pair, PAWN_SUPPORTED), 0);
        // A berolina pawn captures straight ahead: d2 defends d3.
        let berolina = "4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1";
        assert_eq!(gain("berolina", berolina, PAWN_SUPPORTED), 30);
    }

    #[test]
    fn a_lead_fades_as_the_fifty_move_count_runs() {
        let (e, fresh) = eval_in("normal", "4k3/8/8/8/8/8/P7/R3K3 w - - 0 1");
        let (_, stale) = eval_in("normal", "4k3/8/8/8/8/8/P7/R3K3 w - - 90 1");
        let (a, b) = (e.evaluate(&fresh), e.evaluate(&stale));
        assert!(a > 500 && b > 100 && b < a * 3 / 4, "fresh {a}, stale {b}");
    }

    #[test]
    fn colour_bound_pieces_on_one_colour_cannot_win() {
        // Two bishops on light squares against a knight: no checkmate is
        // possible, so the material lead counts for little; on both
        // colours they win.
        let (e, pos) = eval_in("normal", "4k3/8/8/3n4/8/8/4B3/3BK3 w - - 0 1");
        let same = e.evaluate(&pos);
        let (e, pos) = eval_in("normal", "4k3/8/8/3n4/8/8/4B3/2B1K3 w - - 0 1");
        let both = e.evaluate(&pos);
        assert!(
            same < 60 && both > 250,
            "same colour {same}, both colours {both}"
        );
        // Makruk: two mets on one colour against a bare king.
        let (e, pos) = eval_in("makruk", "4k3/8/8/8/8/8/4M3/3MK3 w - - 0 1");
        let mets = e.evaluate(&pos);
        assert!(mets < 60, "mets on one colour {mets}");
        // With a pawn that may still promote, the rule does not apply.
        let (e, pos) = eval_in("normal", "4k3/8/8/3n4/8/7P/4B3/3BK3 w - - 0 1");
        assert!(e.evaluate(&pos) > 250);
    }

    #[test]
    fn a_pawn_that_becomes_a_met_on_the_mets_colour_adds_no_mate() {
        // Makruk: mets on f6 and d4 (the colour of a1) and a pawn that
        // promotes on h6, the same colour: no mate can ever follow. On the
        // g-file it promotes on g6, the other colour.
        let (e, pos) = eval_in("makruk", "5k2/8/p3KM2/8/3M3P/8/8/8 w - - 0 1");
        let same = e.evaluate(&pos);
        let (e, pos) = eval_in("makruk", "5k2/8/p3KM2/8/3M2P1/8/8/8 w - - 0 1");
        let other = e.evaluate(&pos);
        assert!(
            same < 60 && other > 200,
            "promotes on the mets' colour {same}, on the other {other}"
        );
    }

    #[test]
    fn bishop_and_knight_drive_the_king_to_their_corner() {
        // A dark-squared bishop mates in a1 or h8: the lone king in h8 is
        // worth more to White than the same king in a8 (a light corner).
        let (e, right) = eval_in("normal", "7k/8/8/3K4/8/4B3/3N4/8 w - - 0 1");
        let (_, wrong) = eval_in("normal", "k7/8/8/3K4/8/4B3/3N4/8 w - - 0 1");
        let (a, b) = (e.evaluate(&right), e.evaluate(&wrong));
        assert!(a > b + 50, "right corner {a}, wrong corner {b}");
    }

    #[test]
    fn a_lone_king_boxed_in_scores_more_for_the_attacker() {
        // A rook on the second rank shuts the black king into the first;
        // on the seventh it leaves it six ranks.
        let (e, boxed) = eval_in("normal", "8/8/8/8/8/8/R7/5k1K b - - 0 1");
        let (_, free) = eval_in("normal", "8/R7/8/8/8/8/8/5k1K b - - 0 1");
        let (a, b) = (-e.evaluate(&boxed), -e.evaluate(&free));
        assert!(a > b + 100, "boxed {a}, free {b}");
    }

    /// With a lead beyond a drawish one over pieces without pawns (a rook
    /// and met against a knight in makruk), the lone king's place counts
    /// as against a bare king: in the corner it scores more for the
    /// attacker than in the centre, by more than with the term off. A
    /// rook against a knight is no such lead: there the term is silent.
    #[test]
    fn a_king_with_a_few_pieces_is_driven_when_the_lead_is_large() {
        let set = crate::variant::VariantSet::builtin().expect("built-ins");
        let rules = Rules::new(set.get("makruk").expect("makruk").clone()).expect("rules");
        let eval = |share: Score, fen: &str| {
            let pos = Position::from_fen(rules.clone(), fen).expect("fen");
            let mut p = Params::default();
            p.0[MOP_UP_PIECES] = share;
            Evaluator::with_params(&rules, p).evaluate(&pos)
        };
        let (corner, centre) = (
            "k7/8/2n5/8/8/3K4/1R6/5M2 w - - 0 1",
            "8/8/2n5/4k3/8/3K4/1R6/5M2 w - - 0 1",
        );
        let gain = |share| eval(share, corner) - eval(share, centre);
        assert!(
            gain(500) > gain(0) + 50,
            "on {}, off {}",
            gain(500),
            gain(0)
        );
        let (rook_corner, rook_centre) = (
            "k7/8/2n5/8/8/3K4/1R6/8 w - - 0 1",
            "8/8/2n5/4k3/8/3K4/1R6/8 w - - 0 1",
        );
        assert_eq!(
            eval(0, rook_corner) - eval(0, rook_centre),
            eval(500, rook_corner) - eval(500, rook_centre)
        );
    }

    /// Mobility of `piece` of `variant` from `square` on an empty board.
    fn empty_board_mobility(variant: &str, piece: &str, square: &str) -> Mobility {
        let set = crate::variant::VariantSet::builtin().expect("built-ins");
        let rules = Rules::new(set.get(variant).expect("variant").clone()).expect("rules");
        let role = (0..rules.variant.pieces.len())
            .map(|r| crate::types::Role(r as u8))
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
        Evaluator::with_params(&rules, params.clone()).value(crate::types::Role(r as u8))
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
