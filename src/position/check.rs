//! Royal pieces and check: where a side's royal pieces stand (kept as a
//! mask of royal-type slots, see `Position::set_slot`), which of them
//! count as royal under the variant's rules, and whether a side is in
//! check, including the special checks (flying generals, explosions,
//! locust captures in passing).

use super::{Position, Slot, entry};
use crate::types::{Color, Role, Sq};

impl Position {
    /// The live pieces of `color` of a royal type.
    #[inline]
    fn royal_type_pieces(&self, color: Color) -> impl Iterator<Item = &Slot> + '_ {
        let mut bits = self.alive[color.index()] & self.royal_slots[color.index()];
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                &self.slots[Self::slot_index(color, bit)]
            })
        })
    }

    /// Squares of the royal pieces of `color`.
    pub fn royals(&self, color: Color) -> impl Iterator<Item = Sq> + '_ {
        let first_found = self.rules.royal_first_found;
        let first = if first_found {
            self.first_royal(color)
        } else {
            None
        };
        self.royal_type_squares(color)
            .filter(move |_| !first_found)
            .chain(first)
    }

    /// Squares of `color`'s pieces of a royal type, royal or not by the
    /// two-kings rule.
    pub(crate) fn royal_type_squares(&self, color: Color) -> impl Iterator<Item = Sq> + '_ {
        self.royal_type_pieces(color)
            .filter(move |s| self.royal_by_count(color, s.role))
            .map(|s| s.sq)
    }

    /// Squares of all `color`'s pieces of royal types, whatever their
    /// count (see [`Position::royal_by_count`]).
    pub(super) fn royal_candidates(&self, color: Color) -> impl Iterator<Item = Sq> + '_ {
        self.royal_type_pieces(color).map(|s| s.sq)
    }

    /// A pseudo-royal type is royal only while losing a piece of it would
    /// end the game (Fairy-Stockfish: two maharajahs are not in check when
    /// one is attacked); other royal types always are.
    #[inline]
    pub(crate) fn royal_by_count(&self, color: Color, role: Role) -> bool {
        match self.rules.pseudo_royal_limit {
            None => true,
            Some(limit) if limit.all => self.alive[color.index()].count_ones() <= limit.most,
            Some(limit) => self.count(color, role) <= limit.most,
        }
    }

    /// XBoard's two-kings rule: of several pieces of a royal type, the one
    /// found first scanning file a from rank 1 up, then file b, ...
    fn first_royal(&self, color: Color) -> Option<Sq> {
        self.first_in_scan(self.royal_type_squares(color))
    }

    /// The square of `squares` that XBoard's two-kings scan finds first.
    pub(crate) fn first_in_scan(&self, squares: impl Iterator<Item = Sq>) -> Option<Sq> {
        let g = self.rules.geometry();
        squares.min_by_key(|&sq| g.coords(sq))
    }

    /// True if `color` has a royal piece under attack.
    pub fn in_check(&self, color: Color) -> bool {
        if self.rules.blast.is_some() {
            return self.atomic_in_check(color);
        }
        let them = color.opponent();
        let attacked = |sq: Sq| self.attacked_by(sq, them) || self.locust_attacked(sq, them);
        if !self.rules.special_check {
            return self.royal_type_squares(color).any(attacked);
        }
        let end = &self.rules.variant.end;
        let check = if end.royals_expendable {
            // Only the last royal piece can be in check.
            let mut royals = self.royals(color);
            match (royals.next(), royals.next()) {
                (Some(only), None) => attacked(only),
                _ => false,
            }
        } else if end.duple_check {
            // When every piece of a royal type is attacked; pseudo-royal
            // ones also when one that is royal by its count is (Fairy-
            // Stockfish's spartan: one king left is in check alone).
            let counted =
                self.rules.pseudo_royal_limit.is_some() && self.royals(color).any(attacked);
            let mut all = self.royal_candidates(color).peekable();
            counted || (all.peek().is_some() && all.all(attacked))
        } else {
            self.royals(color).any(attacked)
        };
        check || (end.flying_general && self.generals_face())
    }

    /// The two sides' royal pieces stand on one file or one rank with
    /// nothing between them, as if each attacked the other: the flying
    /// general (Fairy-Stockfish looks along ranks too, which matters
    /// where there are no palaces: empire, synochess) and janggi's
    /// bikjang.
    pub fn generals_face(&self) -> bool {
        let (Some(a), Some(b)) = (
            self.royals(Color::White).next(),
            self.royals(Color::Black).next(),
        ) else {
            return false;
        };
        let g = self.rules.geometry();
        let (Some((fa, ra)), Some((fb, rb))) = (g.coords(a), g.coords(b)) else {
            return false;
        };
        if fa == fb {
            let (lo, hi) = (ra.min(rb), ra.max(rb));
            (lo + 1..hi).all(|r| self.is_empty(g.sq(fa, r)))
        } else if ra == rb {
            let (lo, hi) = (fa.min(fb), fa.max(fb));
            (lo + 1..hi).all(|f| self.is_empty(g.sq(f, ra)))
        } else {
            false
        }
    }

    /// Atomic: a side whose royal piece has blown up is "in check" (the
    /// move that did it was illegal); one that has just blown up the
    /// enemy's is not; royal pieces side by side cannot capture each other
    /// (the capturer would explode too), so neither is in check.
    fn atomic_in_check(&self, color: Color) -> bool {
        let them = color.opponent();
        let Some(ours) = self.royals(color).next() else {
            // A king blown up is the worst check; where no piece is royal
            // (atomic giveaway) there is no check at all.
            return self.rules.royal.iter().any(|&r| r);
        };
        let Some(theirs) = self.royals(them).next() else {
            return false;
        };
        let g = self.rules.geometry();
        if let (Some((a, b)), Some((c, d))) = (g.coords(ours), g.coords(theirs))
            && a.abs_diff(c) <= 1
            && b.abs_diff(d) <= 1
        {
            return false;
        }
        self.attacked_by(ours, them) || self.locust_attacked(ours, them)
    }

    /// A locust capture can take a royal piece in passing; the attack map
    /// marks only final captures, so check the walk records of such pieces.
    fn locust_attacked(&self, sq: Sq, by: Color) -> bool {
        if !self.rules.has_locust {
            return false;
        }
        self.pieces(by).any(|(slot, _)| {
            self.records(slot).iter().any(|e| {
                e.aux == sq && e.kind & (entry::QUIET | entry::CAPTURE | entry::CAPTURE_FRIEND) != 0
            })
        })
    }
}
