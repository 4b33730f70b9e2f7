//! Endings: mop-up, and leads that may not be enough to win.
//!
//! Against a lone royal piece the stronger side is paid for driving it to
//! the edge (to a corner its colour-bound pieces cover, as bishop and
//! knight must), for shrinking the box of squares it can still walk to,
//! and for approaching with its own. A lead is scaled down where it rarely
//! wins: pawnless endings a minor piece ahead, colour-bound material on
//! one square colour where only checkmate wins, and a lead that makes no
//! progress as the n-move count runs out.

use super::terms::Side;
use super::{Evaluator, Score};
use crate::position::Position;
use crate::types::{Color, Sq};
use crate::weights::{DRAWISH_MARGIN, DRAWISH_SCALE, MOP_UP_PIECES, RULE_FADE};
use arrayvec::ArrayVec;

/// The least material with which a side hunts a bare royal piece.
const MOP_UP_MATERIAL: Score = 300;

/// Mop-up: what it is worth before distances count...
const MOP_UP_BASE: Score = 200;
/// ... less this per king step between the two royal pieces...
const APPROACH: Score = 10;
/// ... and this per step (along ranks and files) from the lone royal
/// piece to the nearest corner where colour-bound pieces can mate...
const CORNER_PULL: Score = 40;
/// ... or, with no such corner, this per step away from the edges.
const EDGE_PULL: Score = 20;
/// What shutting the lone royal piece into a box of squares is worth, at
/// most, when driving it to a corner...
const BOX_NEAR_CORNER: Score = 100;
/// ... and when driving it to any edge.
const BOX: Score = 300;
/// The largest board on which the box is measured (its squares are
/// marked in a fixed bit set).
const BOX_MAX_AREA: usize = 256;

/// Where only checkmate wins, a lead of pieces that all stand on one
/// square colour is divided by this...
const ONE_COLOUR_DIVISOR: Score = 16;
/// ... or by this while pawns that will become such pieces are still on
/// the board (unpromoted they may still help a little).
const ONE_COLOUR_WITH_PAWNS_DIVISOR: Score = 8;

impl Evaluator {
    /// Mop-up, added to each side's score: against a lone royal piece
    /// drive it to the edge (to a corner our colour-bound pieces can cover,
    /// as with bishop and knight), hem it in and bring our own royal piece
    /// close. The same plan, at MOP_UP_PIECES thousandths, against a few
    /// pieces without pawns when the lead is more than a drawish one (a
    /// rook and met against a knight): their king is mated or their pieces
    /// fall when it is pushed to the edge, where otherwise the search
    /// shuffles until the n-move count ends the game.
    pub(super) fn mop_up_terms(&self, pos: &Position, sides: &[Side; 2], score: &mut [Score; 2]) {
        let rules = pos.rules();
        for c in 0..2 {
            let (ours, theirs) = (&sides[c], &sides[1 - c]);
            let share = if theirs.material == 0 && ours.material >= MOP_UP_MATERIAL {
                1000
            } else if !rules.holdings
                && theirs.material > 0
                && theirs.pawns == 0
                && ours.material - theirs.material > self.p.0[DRAWISH_MARGIN]
            {
                self.p.0[MOP_UP_PIECES]
            } else {
                0
            };
            if share != 0
                && let (Some(their_royal), Some(our_royal)) = (theirs.royal, ours.royal)
            {
                let colour = corner_colour(ours.bound_on);
                score[c] +=
                    self.mop_up(pos, Color::BOTH[c], their_royal, our_royal, colour) * share / 1000;
            }
        }
    }

    /// `diff` (the score for the side `us` to move) scaled down where the
    /// side ahead rarely wins.
    pub(super) fn scale_hard_wins(
        &self,
        pos: &Position,
        sides: &[Side; 2],
        us: usize,
        mut diff: Score,
    ) -> Score {
        let rules = pos.rules();
        // Endings a side rarely wins: no pawns and at most a minor
        // piece's lead over a side that has something left (a rook and
        // ferz against a rook in shatranj, a rook and bishop against a
        // rook in chess; against a bare king mop-up decides). Scaling
        // them down keeps the pawns on and steers to endings that can be
        // won.
        if self.has_pawns && !rules.holdings {
            let strong = if diff >= 0 { us } else { 1 - us };
            let (ours, theirs) = (&sides[strong], &sides[1 - strong]);
            if ours.pawns == 0
                && theirs.material > 0
                && ours.pieces - theirs.pieces <= self.p.0[DRAWISH_MARGIN]
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
            let strong = &sides[if diff >= 0 { us } else { 1 - us }];
            if strong.free == 0 && strong.bound_on.contains(&0) {
                diff /= if strong.pawns == 0 {
                    ONE_COLOUR_DIVISOR
                } else {
                    ONE_COLOUR_WITH_PAWNS_DIVISOR
                };
            }
        }
        // A lead that makes no progress fades towards the n-move draw.
        let limit = 2 * rules.variant.end.n_move_rule as Score;
        if limit > 0 {
            let clock = (pos.halfmove_clock() as Score).min(limit);
            diff -= diff * clock / limit * self.p.0[RULE_FADE] / 1000;
        }
        diff
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
        let mut score = MOP_UP_BASE - APPROACH * dist;
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
                score -= CORNER_PULL * d;
                BOX_NEAR_CORNER
            }
            None => {
                score -= EDGE_PULL * (edge(tx, w) + edge(ty, h));
                BOX
            }
        };
        // The squares the lone royal piece could walk to by king steps
        // without crossing one we attack: the box it is confined to.
        if let Some(start) = g.dense(theirs)
            && g.area() <= BOX_MAX_AREA
        {
            let mut seen = [0u64; BOX_MAX_AREA / 64];
            let mut stack: ArrayVec<Sq, BOX_MAX_AREA> = ArrayVec::new();
            seen[start / 64] |= 1 << (start % 64);
            stack.push(theirs);
            let mut region = 0;
            while let Some(sq) = stack.pop() {
                region += 1;
                let (near, n) = &self.ring[usize::from(sq)];
                for &t in &near[..usize::from(*n)] {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::tests::eval_in;
    use crate::position::Rules;
    use crate::weights::Params;

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
}
