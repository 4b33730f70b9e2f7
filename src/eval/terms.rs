//! The score of one position, as the search asks for it at every leaf.
//!
//! One pass over each side's pieces adds material, the square bonus
//! (centralisation, or advancement for pawn types), live mobility from the
//! piece's walk record, the threat of a shogi-style promotion, the risk to
//! an attacked piece and the danger to a royal piece; it also tallies what
//! the pawn structure and the endgame rules read. Pieces in hand and
//! checks left to give follow, then the terms that fade between middle
//! game and ending (`pawns`), mop-up and the scaling of leads that may not
//! win (`endgame`).

use super::pawns::{MAX_LINES, PawnCache, PawnFiles};
use super::{Evaluator, SPREAD, Score, square_colour};
use crate::position::Position;
use crate::trajectory::visit;
use crate::types::{Color, Role, SLOTS_PER_SIDE, Sq};
use crate::weights::{
    GATE, HAND, HANGING, KING_DANGER, KING_LIN, KING_QUAD, PAIR, PAWN_MG, PAWN_SUPPORTED,
    PROMOTION_THREAT, SAFE_MOBILITY, TEMPO, THREATENED,
};
use arrayvec::ArrayVec;

/// The whole of the game phase and of [`Left`]'s shares, which are
/// counted in 256ths.
const WHOLE: Score = 256;

/// n-check: what a side gains when it has one check left to give...
const ONE_CHECK_TO_GIVE: Score = 350;
/// ... and when it has two.
const TWO_CHECKS_TO_GIVE: Score = 120;

/// King danger, in Fairy-Stockfish's units (its `evaluate.cpp`): each
/// piece attacking the royal piece's neighbour squares weighs this, and
/// the weight counts once per such piece...
const ATTACKER_WEIGHT: Score = 50;
/// ... a neighbour square the enemy attacks and only the royal piece
/// defends...
const WEAK_NEIGHBOUR: Score = 183;
/// ... a check the enemy could give next move on a defended square (at
/// most this many count)...
const UNSAFE_CHECK: Score = 148;
const MAX_UNSAFE_CHECKS: Score = 6;
/// ... each attack on a neighbour square...
const NEIGHBOUR_ATTACK: Score = 69;
/// ... a piece type that could give a safe check, from one square or
/// from several...
const SAFE_CHECK: Score = 800;
const SAFE_CHECKS: Score = 1200;
/// ... less this when the enemy has no major piece (and no drops).
const NO_MAJOR: Score = 873;
/// Danger up to this costs nothing; the middle-game cost is
/// min(danger, DANGER_CAP) * danger / 4096 units.
const DANGER_FLOOR: Score = 100;
const DANGER_CAP: Score = 3500;

/// Losing chess: what each man costs its owner...
const LOSING_MAN: Score = 100;
/// ... plus its usual value divided by this, since heavy pieces are
/// harder to give away.
const LOSING_VALUE_DIVISOR: Score = 10;

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

/// What threatens a royal piece ([`Evaluator::king_danger`]).
struct KingDanger {
    /// The cost of the attacks on its neighbour squares by count.
    ring_cost: Score,
    /// The danger's middle-game and ending cost.
    mg: Score,
    eg: Score,
}

/// What the evaluation counts of one side as it scores its pieces: what
/// mop-up and the endgame scaling read.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Side {
    /// Material on the board and in hand.
    pub(super) material: Score,
    /// Material of the pieces other than pawns and royals on the board.
    pub(super) pieces: Score,
    /// Pawns (pieces that promote by moving) on the board.
    pub(super) pawns: Score,
    /// Pieces that reach both square colours; a pawn counts as what it
    /// promotes to.
    pub(super) free: Score,
    /// Colour-bound pieces by the colour of their squares; a pawn that
    /// only promotes to colour-bound pieces counts on the colour of the
    /// square it would promote on.
    pub(super) bound_on: [Score; 2],
    /// The square colours its colour-bound pieces (not pawns) stand on,
    /// one bit each: both make a pair like chess's two bishops.
    pub(super) pair_colours: u8,
    /// The square of its royal piece (the last one found).
    pub(super) royal: Option<Sq>,
}

impl Evaluator {
    /// Static evaluation from the side to move's point of view.
    pub fn evaluate(&self, pos: &Position) -> Score {
        self.evaluate_and_pieces_left(pos).0
    }

    /// The evaluation and the share of the start position's pieces and
    /// pawns still in the game: the search's trade contempts scale with
    /// how much is left to trade.
    pub fn evaluate_and_pieces_left(&self, pos: &Position) -> (Score, Left) {
        self.evaluate_cached(pos, None)
    }

    /// [`Self::evaluate_and_pieces_left`], reading and filling a cache of
    /// pawn-structure terms (the search's, one per thread).
    pub fn evaluate_cached(
        &self,
        pos: &Position,
        pawn_cache: Option<&mut PawnCache>,
    ) -> (Score, Left) {
        if self.losing {
            return (self.evaluate_losing(pos), Left::default());
        }
        let mut score = [0 as Score; 2];
        let mut sides = [Side::default(); 2];
        let rules = pos.rules();
        let g = rules.geometry();
        // Per colour and file: ranks holding a pawn, one bit each.
        let mut pawns: [PawnFiles; 2] = [[0; MAX_LINES]; 2];
        let mut phase_material = 0;
        // Pieces in hand are still in the game: a capture in a drop
        // variant trades nothing off.
        let mut hand_material = 0;
        let mut pawns_in_hand = 0;
        // Per colour: material of its pawns, which may count less in the
        // middle game (PAWN_MG).
        let mut pawn_material = [0 as Score; 2];
        // Per colour: slots of its pawns, whose attacks make squares unsafe
        // for the other side's pieces (when SAFE_MOBILITY is on) and
        // defend its other pawns (PAWN_SUPPORTED).
        let unsafe_weight = self.p.0[SAFE_MOBILITY];
        let support_weight = self.p.0[PAWN_SUPPORTED];
        let mut pawn_slots = [0u64; 2];
        let mut supported = [0 as Score; 2];
        // Per colour: what the danger to its royal pieces costs it, in the
        // middle game and in the ending.
        let mut danger_mg = [0 as Score; 2];
        let mut danger_eg = [0 as Score; 2];
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
            let side = &mut sides[c];
            for (slot, s) in pos.pieces(color) {
                let r = usize::from(s.role.0);
                side.material += self.value[r];
                if rules.promotes[c][r] {
                    side.pawns += 1;
                    pawn_material[c] += self.value[r];
                    if support_weight != 0 && pos.attackers(s.sq, color) & pawn_slots[c] != 0 {
                        supported[c] += 1;
                    }
                    // As mating material a pawn counts as what it becomes,
                    // on the colour of the square it would promote on.
                    match self.zone_colour[c][usize::from(s.sq)] {
                        k @ 0..=1 if self.bound_promotion[c][r] => {
                            side.bound_on[usize::from(k)] += 1
                        }
                        _ => side.free += 1,
                    }
                    if self.pawn_structure
                        && let Some((x, y)) = g.coords(s.sq)
                    {
                        pawns[c][usize::from(x)] |= 1 << y;
                    }
                } else if !rules.royal[r] {
                    phase_material += self.value[r];
                    side.pieces += self.value[r];
                    if self.colour_bound[r] {
                        let k = square_colour(g, s.sq);
                        side.bound_on[k] += 1;
                        side.pair_colours |= 1 << k;
                    } else {
                        side.free += 1;
                    }
                }
                score[c] += self.value[r] + self.square_bonus[c][r * self.size + usize::from(s.sq)];
                if self.mobility_weight[r] != 0 {
                    let enemy_pawns = if unsafe_weight != 0 {
                        pawn_slots[them.index()]
                    } else {
                        0
                    };
                    score[c] += self.live_mobility(pos, slot, r, them, enemy_pawns);
                }
                if self.promotion_gain[r] > 0
                    && !s.promoted
                    && promotes_next_move(pos, color, slot, s.sq)
                {
                    score[c] += self.promotion_gain[r] * self.p.0[PROMOTION_THREAT] / 1000;
                }
                if (self.p.0[HANGING] != 0 || self.p.0[THREATENED] != 0) && !rules.royal[r] {
                    score[c] -= self.threat(pos, color, s.sq, self.value[r]);
                }
                if rules.royal[r] {
                    side.royal = Some(s.sq);
                    if self.p.0[KING_DANGER] == 0 {
                        score[c] -= self.king_attacks(pos, s.sq, them);
                    } else {
                        let danger = self.king_danger(pos, s.sq, color);
                        score[c] -= danger.ring_cost;
                        danger_mg[c] += danger.mg;
                        danger_eg[c] += danger.eg;
                    }
                }
            }
        }
        // Holdings: a piece in hand can go almost anywhere (a tenth more
        // than on the board); one that can only be gated is worth less
        // until it is in play.
        if rules.holdings {
            let share = if rules.variant.drops.piece_drops {
                self.p.0[HAND]
            } else {
                self.p.0[GATE]
            };
            for color in Color::BOTH {
                let c = color.index();
                for (r, &n) in pos.holdings(color).iter().enumerate() {
                    let v = Score::from(n) * self.value[r];
                    sides[c].material += v;
                    score[c] += v * share / 1000;
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
            if sides[c].pair_colours == 3 {
                score[c] += self.p.0[PAIR];
            }
            mg[c] -= danger_mg[c];
            eg[c] -= danger_eg[c];
        }
        if self.pawn_structure {
            let (pawn_mg, pawn_eg) = self.cached_pawn_terms(g, &pawns, pawn_cache, pos.pawn_key());
            for c in 0..2 {
                mg[c] += pawn_mg[c];
                eg[c] += pawn_eg[c];
            }
            for c in 0..2 {
                if let Some(k) = sides[c].royal {
                    self.royal_terms(g, c, k, &pawns[c], &mut mg, &mut eg);
                }
            }
            self.passed_king_terms(g, &pawns, [sides[0].royal, sides[1].royal], &mut eg);
        }
        let phase = (phase_material * WHOLE / self.full_phase).min(WHOLE);
        for c in 0..2 {
            score[c] += (mg[c] * phase + eg[c] * (WHOLE - phase)) / WHOLE;
        }
        self.mop_up_terms(pos, &sides, &mut score);
        // n-check: checks already given bring the win closer.
        if rules.variant.end.check_counting {
            for color in Color::BOTH {
                score[color.index()] += match pos.checks_to_give(color) {
                    1 => ONE_CHECK_TO_GIVE,
                    2 => TWO_CHECKS_TO_GIVE,
                    _ => 0,
                };
            }
        }
        let us = pos.side_to_move().index();
        let diff =
            self.scale_hard_wins(pos, &sides, us, score[us] - score[1 - us]) + self.noise_for(pos);
        let left = Left {
            pieces: ((phase_material + hand_material) * WHOLE / self.full_phase).min(WHOLE),
            pawns: if self.full_pawns == 0 {
                0
            } else {
                ((sides[0].pawns + sides[1].pawns + pawns_in_hand) * WHOLE / self.full_pawns)
                    .min(WHOLE)
            },
        };
        (diff + self.p.0[TEMPO], left)
    }

    /// The option `Eval Noise`'s share of `pos`'s evaluation (0 without
    /// it). The same position always gets the same noise within a game
    /// (the search stays consistent); the seed changes it per game.
    pub fn noise_for(&self, pos: &Position) -> Score {
        if self.noise > 0 {
            let h = (pos.key() ^ self.noise_seed).wrapping_mul(SPREAD);
            (h >> 40) as Score % (2 * self.noise + 1) - self.noise
        } else {
            0
        }
    }

    /// The share of the start position's pieces and pawns still in the
    /// game (as [`Evaluator::evaluate_and_pieces_left`] counts them), for
    /// a search that evaluates with a network.
    pub fn pieces_left(&self, pos: &Position) -> Left {
        let rules = pos.rules();
        let (mut pieces, mut pawns) = (0 as Score, 0 as Score);
        for color in Color::BOTH {
            let c = color.index();
            let mut count = |r: usize, n: Score| {
                if rules.promotes[c][r] {
                    pawns += n;
                } else if !rules.royal[r] {
                    pieces += n * self.value[r];
                }
            };
            for (_, s) in pos.pieces(color) {
                count(usize::from(s.role.0), 1);
            }
            if rules.holdings {
                for (r, &n) in pos.holdings(color).iter().enumerate() {
                    count(r, Score::from(n));
                }
            }
        }
        Left {
            pieces: (pieces * WHOLE / self.full_phase).min(WHOLE),
            pawns: if self.full_pawns == 0 {
                0
            } else {
                (pawns * WHOLE / self.full_pawns).min(WHOLE)
            },
        }
    }

    /// Live mobility of the piece of role `r` in `slot`: the moves and
    /// captures in its walk record against its baseline, in centipawns.
    /// Squares that a pawn among `enemy_pawns` attacks count less by
    /// SAFE_MOBILITY.
    fn live_mobility(
        &self,
        pos: &Position,
        slot: usize,
        r: usize,
        them: Color,
        enemy_pawns: u64,
    ) -> Score {
        // In thousandths of a square.
        let reached = pos
            .records(slot)
            .iter()
            .filter(|e| e.kind & (visit::QUIET | visit::CAPTURE) != 0);
        let moves: Score = if enemy_pawns == 0 {
            1000 * reached.count() as Score
        } else {
            let unsafe_weight = self.p.0[SAFE_MOBILITY];
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
        self.mobility_weight[r] * (moves - 1000 * self.mobility_base[r]) / 1000
    }

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

    /// King safety by count: what the enemy's attacks on the squares
    /// around the royal piece on `sq` cost it (KING_LIN, KING_QUAD).
    fn king_attacks(&self, pos: &Position, sq: Sq, them: Color) -> Score {
        let (ring, n) = &self.ring[usize::from(sq)];
        let attacks: Score = ring[..usize::from(*n)]
            .iter()
            .map(|&t| pos.attackers(t, them).count_ones() as Score)
            .sum();
        self.ring_cost(attacks)
    }

    /// The cost of `attacks` enemy attacks on the royal piece's
    /// neighbour squares (KING_LIN, KING_QUAD).
    fn ring_cost(&self, attacks: Score) -> Score {
        let p = &self.p.0;
        p[KING_LIN] * attacks + p[KING_QUAD] * attacks * attacks / 10
    }

    /// King danger as Fairy-Stockfish weighs it, for the royal piece of
    /// `us` on `k`: middle-game and ending centipawns it costs. The units
    /// add up what threatens the neighbour squares (the pieces attacking
    /// them, each attack, those only the royal piece defends), and the
    /// checks the enemy could give next move, by a move or a drop, safe
    /// or not; the middle-game cost grows with their square. The count
    /// of attacks on the neighbour squares ([`Self::king_attacks`]) is
    /// taken in the same pass over them.
    fn king_danger(&self, pos: &Position, k: Sq, us: Color) -> KingDanger {
        let them = us.opponent();
        let rules = pos.rules();
        let foes = pos.alive(them);
        let king_bit = pos.slot_at(k).map_or(0, |s| 1u64 << (s % SLOTS_PER_SIDE));
        let drops = self.drop_attacks;
        let (ring, n) = &self.ring[usize::from(k)];
        let ring = &ring[..usize::from(*n)];

        // The neighbour squares: who attacks them, and which are weak.
        let (mut attackers, mut attacks, mut weak, mut open) = (0u64, 0, 0, 0);
        let mut all_attacks = 0;
        for &t in ring {
            let all = pos.attackers(t, them);
            all_attacks += all.count_ones() as Score;
            let a = all & foes;
            let ours = pos.attackers(t, us);
            attackers |= a;
            attacks += a.count_ones() as Score;
            if a != 0 && ours & !king_bit == 0 {
                weak += 1;
            }
            // A square a piece from hand could be dropped on to join the
            // attack: empty, and not defended twice unless the attacker
            // already supports it.
            if drops && pos.is_empty(t) && (ours.count_ones() < 2 || a != 0) {
                open += 1;
            }
        }
        let (mut count, mut weight) = (0, 0);
        let mut bits = attackers;
        while bits != 0 {
            let slot = Position::slot_index(them, bits.trailing_zeros() as usize);
            bits &= bits - 1;
            let r = usize::from(pos.slot(slot).role.0);
            if drops || !rules.promotes[them.index()][r] {
                count += 1;
                weight += ATTACKER_WEIGHT;
            }
        }

        // Enemy ways of moving: the slots of the pieces on the board that
        // move so (pawn types only count in hand: on the board they check
        // by promoting, which the promotion threat scores), and a type of
        // them in hand.
        let mut kinds: ArrayVec<(Role, u64, Option<Role>), 48> = ArrayVec::new();
        let mut major = false;
        for (slot, s) in pos.pieces(them) {
            let r = usize::from(s.role.0);
            major |= self.major[r];
            if rules.royal[r] || rules.promotes[them.index()][r] {
                continue;
            }
            let bit = 1u64 << (slot % SLOTS_PER_SIDE);
            let way = self.moves_as[r];
            match kinds.iter_mut().find(|(w, _, _)| *w == way) {
                Some((_, b, _)) => *b |= bit,
                None => {
                    let _ = kinds.try_push((way, bit, None));
                }
            }
        }
        let (mut hand_count, mut hand_weight) = (0, 0);
        if !self.drop_ok[them.index()].is_empty() {
            for (r, &held) in pos.holdings(them).iter().enumerate() {
                if held == 0 || rules.royal[r] {
                    continue;
                }
                let role = Role(r as u8);
                let way = self.moves_as[r];
                match kinds.iter_mut().find(|(w, _, _)| *w == way) {
                    Some((_, _, h)) => *h = Some(role),
                    None => {
                        let _ = kinds.try_push((way, 0, Some(role)));
                    }
                }
                if drops && open > 0 && !rules.promotes[them.index()][r] {
                    hand_count += Score::from(held);
                    hand_weight += ATTACKER_WEIGHT * Score::from(held);
                    attacks += open;
                }
            }
        }

        // Checks next move: squares from which an enemy piece would
        // attack the royal piece, which one that moves so can reach by a
        // move or a drop; safe where nothing of ours (or only the royal
        // piece, against two attackers) defends them.
        let size = self.size;
        let drop_ok = &self.drop_ok[them.index()];
        let mut checks = 0;
        let mut unsafe_checks = 0;
        let mut seen: ArrayVec<u64, 48> = ArrayVec::new();
        for &(way, slots, held) in &kinds {
            let (mut safe, mut print) = (0, 0u64);
            pos.strike_squares(us, way, k, |s| {
                let reached = match pos.piece_on(s) {
                    Some((c, _)) if c == them => false,
                    None if held
                        .is_some_and(|h| drop_ok[usize::from(h.0) * size + usize::from(s)]) =>
                    {
                        true
                    }
                    _ => pos.movers_to(s, them) & slots != 0,
                };
                if !reached {
                    return;
                }
                let ours = pos.attackers(s, us);
                if ours == 0 || ours == king_bit && pos.attackers(s, them).count_ones() >= 2 {
                    safe += 1;
                    print = print.wrapping_add((u64::from(s) + 1).wrapping_mul(SPREAD));
                } else {
                    unsafe_checks += 1;
                }
            });
            // Ways of moving that check from the same squares count once.
            if safe > 0 && !seen.contains(&print) {
                let _ = seen.try_push(print);
                checks += if safe > 1 { SAFE_CHECKS } else { SAFE_CHECK };
            }
        }

        let drop_factor = Score::from(drops);
        let mut danger = count * weight
            + hand_count * weight
            + count * hand_weight
            + WEAK_NEIGHBOUR * weak * (1 + drop_factor)
            + UNSAFE_CHECK * unsafe_checks.min(MAX_UNSAFE_CHECKS)
            + NEIGHBOUR_ATTACK * attacks * (2 + drop_factor) / 2
            + checks;
        if !major && !drops {
            danger -= NO_MAJOR;
        }
        let ring_cost = self.ring_cost(all_attacks);
        if danger <= DANGER_FLOOR {
            return KingDanger {
                ring_cost,
                mg: 0,
                eg: 0,
            };
        }
        let scale = self.p.0[KING_DANGER];
        let mg = danger.min(DANGER_CAP) * danger / 4096 * scale / 1000;
        // With pieces coming back from hand, an attack does not fade as
        // the board empties.
        let eg = if drops {
            mg
        } else {
            danger / 16 * scale / 1000
        };
        KingDanger { ring_cost, mg, eg }
    }

    /// Losing chess: fewer men is better, and of equal counts the lighter
    /// army.
    fn evaluate_losing(&self, pos: &Position) -> Score {
        let side = |c: Color| -> Score {
            pos.pieces(c)
                .map(|(_, s)| LOSING_MAN + self.value[usize::from(s.role.0)] / LOSING_VALUE_DIVISOR)
                .sum()
        };
        let us = pos.side_to_move();
        side(us.opponent()) - side(us)
    }
}

/// A shogi-style piece of `color` in `slot` on `sq` can promote with its
/// next move: a move that starts or ends in the zone promotes.
fn promotes_next_move(pos: &Position, color: Color, slot: usize, sq: Sq) -> bool {
    let zone = &pos.rules().promotion_zone[color.index()];
    zone[usize::from(sq)]
        || pos
            .records(slot)
            .iter()
            .any(|e| e.kind & (visit::QUIET | visit::CAPTURE) != 0 && zone[usize::from(e.sq)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::tests::{eval_in, role_on};
    use crate::position::Rules;
    use crate::weights::Params;

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

    /// PAIR: colour-bound pieces on both square colours (two bishops),
    /// not two on one colour nor a single one; an alfil pair in shatranj
    /// counts as well.
    #[test]
    fn colour_bound_pieces_on_both_colours_make_a_pair() {
        let gain = |variant: &str, fen: &str| {
            let (_, pos) = eval_in(variant, fen);
            let mut p = Params::default();
            p.0[PAIR] = 40;
            Evaluator::with_params(pos.rules(), p).evaluate(&pos)
                - Evaluator::with_params(pos.rules(), Params::default()).evaluate(&pos)
        };
        // White's bishops on c1 (dark) and f1 (light).
        assert_eq!(gain("normal", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"), 40);
        // Both on dark squares (c1, e3), then a single bishop.
        assert_eq!(gain("normal", "4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1"), 0);
        assert_eq!(gain("normal", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), 0);
        // Black's pair counts against the side to move.
        assert_eq!(gain("normal", "2b1kb2/8/8/8/8/8/8/4K3 w - - 0 1"), -40);
        // Shatranj's alfils on c1 and f1.
        assert_eq!(gain("shatranj", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"), 40);
    }

    /// What the danger to White's royal piece in `fen` of `variant`
    /// costs it (middle game, ending) with `KING_DANGER` at 1000.
    fn white_king_danger(variant: &str, fen: &str) -> (Score, Score) {
        let (_, pos) = eval_in(variant, fen);
        let mut p = Params::default();
        p.0[KING_DANGER] = 1000;
        let eval = Evaluator::with_params(pos.rules(), p);
        let king = pos.royals(Color::White).next().expect("a king");
        let danger = eval.king_danger(&pos, king, Color::White);
        (danger.mg, danger.eg)
    }

    #[test]
    fn king_danger_counts_checks_from_hand() {
        // Black's knight in hand could be dropped on e2 with a check
        // that nothing of White's covers; the squares f3 and h3 are
        // covered by the g2 pawn.
        let held = white_king_danger("crazyhouse", "4k3/8/8/8/8/8/5PPP/6K1[n] w - - 0 1");
        let none = white_king_danger("crazyhouse", "4k3/8/8/8/8/8/5PPP/6K1[] w - - 0 1");
        assert_eq!(none, (0, 0));
        assert!(held.0 > 0, "{held:?}");
        // With e2 covered by a bishop on f1 the check there is no longer
        // safe, so the danger falls.
        let covered = white_king_danger("crazyhouse", "4k3/8/8/8/8/8/5PPP/5BK1[n] w - - 0 1");
        assert!(covered.0 < held.0, "{covered:?} {held:?}");
    }

    #[test]
    fn king_danger_grows_with_attackers_near_the_king() {
        // Chess: Black's queen and knight bear on White's castled king;
        // without them (the same material traded off elsewhere) nothing.
        let attacked =
            white_king_danger("normal", "r4rk1/ppp2ppp/8/8/6n1/7q/PPP2PP1/R4RK1 w - - 0 1");
        let quiet = white_king_danger(
            "normal",
            "r4rk1/ppp2ppp/8/2n5/8/2q5/PPP2PP1/R4RK1 w - - 0 1",
        );
        assert!(attacked.0 > quiet.0 + 100, "{attacked:?} {quiet:?}");
    }
}
