//! What the chasing rule (xiangqi's Asian rules, Fairy-Stockfish's
//! `chasingRule = axf`) needs to know about a variant's pieces: which of
//! them may chase or be chased, and which outranks which. The rule itself
//! is applied by the game-end judge (`judge::chase`).

use crate::types::{Color, Geometry, Role, Sq};
use crate::variant::Variant;

/// How the chasing rule sees a piece type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChaseClass {
    /// A royal piece: it may threaten, and threats on it are checks.
    King,
    /// The soldier: it never chases, and may be chased only once it has
    /// crossed the river.
    Soldier,
    /// A xiangqi piece by its rank: the chariot 3, the horse and cannon 2,
    /// the elephant and advisor 1. A threat on a higher-ranked piece is a
    /// chase even when that piece is protected.
    Ranked(u8),
    /// Any other type: it chases and is chased by the protection rule
    /// alone.
    Other,
}

/// How a piece type can check a king along a line that another piece
/// blocks (the pins and discovered checks the chasing rule looks at).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sniper {
    /// Along a rank or file, through no piece (the chariot).
    Chariot,
    /// Along a rank or file, over exactly one piece (the cannon).
    Cannon,
    /// A knight's leap whose first orthogonal step must be free (the
    /// horse).
    Horse,
    /// Not at all.
    No,
}

/// The chasing rule's per-variant tables, built once at variant load.
#[derive(Clone, Debug)]
pub struct ChaseRules {
    /// Per role.
    pub class: Box<[ChaseClass]>,
    /// Per role: it moves along lines (the chariot and the cannon), so a
    /// move along a line keeps the threats it had there.
    pub slides: Box<[bool]>,
    /// Per role.
    pub sniper: Box<[Sniper]>,
    /// Per colour and padded square: a soldier standing there has crossed
    /// the river (it has its sideways steps there), so it may be chased.
    pub soldier_across: [Box<[bool]>; 2],
}

impl ChaseRules {
    /// The tables for `variant`, or `None` when it has no chasing rule.
    /// Types are classed by the Fairy-Stockfish piece key that defined
    /// them, as Fairy-Stockfish classes them by its built-in types.
    pub fn new(variant: &Variant, g: &Geometry) -> Option<ChaseRules> {
        if !variant.end.chasing_rule {
            return None;
        }
        let class = variant
            .pieces
            .iter()
            .map(|p| match p.key.as_str() {
                _ if p.royal => ChaseClass::King,
                "soldier" => ChaseClass::Soldier,
                "rook" => ChaseClass::Ranked(3),
                "horse" | "cannon" => ChaseClass::Ranked(2),
                "elephant" | "fers" => ChaseClass::Ranked(1),
                _ => ChaseClass::Other,
            })
            .collect();
        let slides = variant
            .pieces
            .iter()
            .map(|p| matches!(p.key.as_str(), "rook" | "cannon"))
            .collect();
        let sniper = variant
            .pieces
            .iter()
            .map(|p| match p.key.as_str() {
                "rook" => Sniper::Chariot,
                "cannon" => Sniper::Cannon,
                "horse" => Sniper::Horse,
                _ => Sniper::No,
            })
            .collect();
        let soldier_across = Color::BOTH.map(|c| {
            let mut across = vec![false; g.size];
            for p in variant.pieces.iter().filter(|p| p.key == "soldier") {
                // The sideways steps: the zone whose moves land anywhere.
                for zone in p.zone_moves[c.index()]
                    .iter()
                    .filter(|z| z.landing.is_none())
                {
                    for s in zone.region.iter() {
                        if s.file < g.width && s.rank < g.height {
                            across[usize::from(g.from_square(s))] = true;
                        }
                    }
                }
            }
            across.into_boxed_slice()
        });
        Some(ChaseRules {
            class,
            slides,
            sniper,
            soldier_across,
        })
    }

    /// A piece of `role` and `color` on `sq` may be chased.
    #[inline]
    pub fn may_be_chased(&self, color: Color, role: Role, sq: Sq) -> bool {
        match self.class[usize::from(role.0)] {
            ChaseClass::King => false,
            ChaseClass::Soldier => self.soldier_across[color.index()][usize::from(sq)],
            _ => true,
        }
    }

    /// A piece of `role` may chase (kings and soldiers do not).
    #[inline]
    pub fn may_chase(&self, role: Role) -> bool {
        !matches!(
            self.class[usize::from(role.0)],
            ChaseClass::King | ChaseClass::Soldier
        )
    }

    /// `victim` outranks `attacker`: threatening it is a chase whether or
    /// not it is protected (a horse or cannon on a chariot, an elephant or
    /// advisor on a chariot, horse or cannon).
    #[inline]
    pub fn outranks(&self, victim: Role, attacker: Role) -> bool {
        match (
            self.class[usize::from(victim.0)],
            self.class[usize::from(attacker.0)],
        ) {
            (ChaseClass::Ranked(v), ChaseClass::Ranked(a)) => v > a,
            _ => false,
        }
    }
}
