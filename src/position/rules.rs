//! Everything a position needs from its variant, in the fast form: the
//! trajectory table, Zobrist keys, promotion zones and castling squares on
//! the padded board. Built once per variant and shared by every position.

use crate::trajectory::{TrajectoryError, TrajectoryTable};
use crate::types::{Color, Geometry, MAX_MOVES, Role, Sq};
use crate::variant::Variant;
use arrayvec::ArrayVec;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Zobrist keys, from a fixed-seed generator so hashes are reproducible.
#[derive(Clone, Debug)]
pub struct Zobrist {
    /// `[color][role][padded square]` flattened.
    pieces: Box<[u64]>,
    squares: usize,
    roles: usize,
    /// Per colour and castling file.
    pub castling: [[u64; 32]; 2],
    /// Per e.p. file.
    pub en_passant: [u64; 32],
    pub black_to_move: u64,
    /// Per colour and checks still to give (n-check), capped at 15.
    pub checks: [[u64; 16]; 2],
    /// Per colour and padded square: the piece there is a promoted one
    /// (shogi `+R`: it cannot promote again).
    promoted: Box<[u64]>,
    /// The Lion-trading ban is on (Chu Shogi).
    pub lion_strike: u64,
    /// Per colour and role: seed of the holdings keys (see [`Zobrist::hand`]).
    hand: Box<[u64]>,
    /// Per colour and file: a Seirawan gate is open there.
    pub gates: [[u64; 32]; 2],
    /// Per padded square: a wall stands there.
    pub wall: Box<[u64]>,
}

fn splitmix(state: &mut u64) -> u64 {
    let mut rng = crate::rng::Rng(*state);
    let z = rng.next_u64();
    *state = rng.0;
    z
}

impl Zobrist {
    fn new(roles: usize, squares: usize) -> Zobrist {
        let mut s = 0x6772_6966_666f_6e21; // "griffon!"
        let pieces = (0..2 * roles * squares).map(|_| splitmix(&mut s)).collect();
        let mut castling = [[0; 32]; 2];
        for c in &mut castling {
            for k in c.iter_mut() {
                *k = splitmix(&mut s);
            }
        }
        let mut en_passant = [0; 32];
        for k in &mut en_passant {
            *k = splitmix(&mut s);
        }
        let black_to_move = splitmix(&mut s);
        let mut checks = [[0; 16]; 2];
        for c in &mut checks {
            for k in c.iter_mut() {
                *k = splitmix(&mut s);
            }
        }
        let promoted = (0..2 * squares).map(|_| splitmix(&mut s)).collect();
        let lion_strike = splitmix(&mut s);
        let hand = (0..2 * roles).map(|_| splitmix(&mut s)).collect();
        let mut gates = [[0; 32]; 2];
        for c in &mut gates {
            for k in c.iter_mut() {
                *k = splitmix(&mut s);
            }
        }
        let wall = (0..squares).map(|_| splitmix(&mut s)).collect();
        Zobrist {
            wall,
            hand,
            gates,
            lion_strike,
            promoted,
            pieces,
            squares,
            roles,
            castling,
            en_passant,
            black_to_move,
            checks,
        }
    }

    #[inline]
    pub fn piece(&self, color: Color, role: Role, sq: Sq) -> u64 {
        self.pieces
            [(color.index() * self.roles + usize::from(role.0)) * self.squares + usize::from(sq)]
    }

    /// The key of `count` pieces of `role` in `color`'s holdings (0 for
    /// none): one key per count, derived from the role's seed, so a drop
    /// or a capture to hand changes the key by two lookups.
    #[inline]
    pub fn hand(&self, color: Color, role: Role, count: u8) -> u64 {
        if count == 0 {
            return 0;
        }
        let mut seed = self.hand[color.index() * self.roles + usize::from(role.0)]
            ^ u64::from(count).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        splitmix(&mut seed)
    }

    /// The extra key of a promoted piece on `sq` (0 for others): only
    /// for shogi-style promoted types, where it changes what the piece may
    /// do (and is written `+X`), so that keys survive a FEN round trip.
    #[inline]
    pub fn promoted(&self, color: Color, sq: Sq, promoted: bool) -> u64 {
        if promoted {
            self.promoted[color.index() * self.squares + usize::from(sq)]
        } else {
            0
        }
    }
}

/// Castling as the move generator uses it.
#[derive(Clone, Debug)]
pub struct CastlingRules {
    /// Rank (0-based, absolute) per colour.
    pub rank: [u8; 2],
    /// Files the king lands on: kingside, queenside.
    pub king_to: [u8; 2],
    pub king_role: [Role; 2],
    /// Which roles may be the castling partner, per colour.
    pub rook_role: [Vec<bool>; 2],
    /// The king moves this many files towards the rook (wild castling)
    /// instead of to `king_to`.
    pub king_distance: Option<u8>,
}

/// The per-variant tables a [`Position`](super::Position) reads.
#[derive(Debug)]
pub struct Rules {
    pub variant: Arc<Variant>,
    pub table: TrajectoryTable,
    pub zobrist: Zobrist,
    /// Per role: it is royal (check and mate apply).
    pub royal: Box<[bool]>,
    /// Per role: its slots are kept in a mask (`Position::set_slot`):
    /// royal types, extinction types and castling kings, which the
    /// game-end rules and castling look for at every node.
    pub watched: Box<[bool]>,
    /// Fairy-Stockfish's pseudo-royal extinction types: such a piece is
    /// royal only while its side has at most this many of its type (of
    /// all its men, for `*`), so that losing it would be extinction.
    pub pseudo_royal_limit: Option<PseudoRoyalLimit>,
    /// Per role: it promotes in the zone (pawn types).
    pub promotes: [Box<[bool]>; 2],
    /// Per colour and padded square: inside the promotion zone.
    pub promotion_zone: [Box<[bool]>; 2],
    /// Per colour: promotion choices.
    pub promotion_choices: [Box<[Role]>; 2],
    /// Per colour and role: its moves reset the n-move count (pawns),
    /// those it could not take back (Fairy-Stockfish's: a soldier's step
    /// sideways is no reset), as every drop and promotion does.
    pub resets_clock: [Box<[bool]>; 2],
    /// Per colour and role: where it could ever move without capturing
    /// (see `TrajectoryTable::quiet_set`): whether a move can be taken
    /// back, for the n-move count.
    pub quiet_sets: [Box<[crate::trajectory::StrikeSet]>; 2],
    /// Per role: its shogi-style promoted type.
    pub promoted_type: Box<[Option<Role>]>,
    /// Per role: it is some role's shogi-style promoted type.
    pub plus_type: Box<[bool]>,
    /// Per colour and role: what the move generator asks of the type for
    /// every piece it generates for, in one place.
    pub generation: [Box<[RoleGen]>; 2],
    /// Per role: the type a promoted piece of it turns back into when it
    /// moves (Kyoto shogi's `pieceDemotion`); `None` everywhere else.
    pub demoted_type: Box<[Option<Role>]>,
    /// Per role: whether a piece of it came from a promotion is part of
    /// the hash (shogi types, and every type where captures go to hand:
    /// a promoted queen returns as a pawn).
    pub hash_promoted: Box<[bool]>,
    /// Per role: a Lion for Chu Shogi's Lion-trading rules (when not
    /// promoted), and a piece too weak to be a bridge for them.
    pub lion: Box<[bool]>,
    pub weak_bridge: Box<[bool]>,
    /// Some role is a Lion.
    pub has_lions: bool,
    /// Per colour, role and padded square: the piece could never move
    /// again from there (a shogi pawn on the last rank), so it must
    /// promote on arriving, where immobility is illegal.
    pub stuck: [Box<[bool]>; 2],
    /// Per colour and padded square: last rank(s) where a pawn must promote.
    pub must_promote: [Box<[bool]>; 2],
    /// Per role: may capture e.p. (`e` in its XBetza or `enPassantTypes`).
    pub ep_capturer: [Box<[bool]>; 2],
    /// Per colour and padded square: the colour may take e.p. there
    /// (`enPassantRegion`).
    pub ep_region: [Box<[bool]>; 2],
    /// Per role: its initial multi-step gives e.p. rights (pawn types).
    pub gives_ep: Box<[bool]>,
    /// Per colour and padded square: a pawn type standing here counts as unmoved.
    pub double_step_region: [Box<[bool]>; 2],
    /// Per colour and padded square: the colour may place a wall there
    /// (`wallingRegion`).
    pub walling_region: [Box<[bool]>; 2],
    /// Per role: a piece of it turns into a wall when it captures.
    pub petrify: Box<[bool]>,
    pub castling: Option<CastlingRules>,
    /// Some piece captures in passing (the attack map then needs a slower check test).
    pub has_locust: bool,
    /// Every capture only puts the capturer on its victim's square: no
    /// explosion, petrification, locust leg, Lion, flipping or piece
    /// stopped by its own kind (static exchange evaluation can then work
    /// exchanges out on the attack map).
    pub plain_captures: bool,
    /// Per colour: every piece type's walks are monotone, or continue past
    /// occupied squares only straight on (cannons): the fast legality test
    /// applies (see `RoleTrees`).
    pub monotone: [bool; 2],
    /// Per colour: some piece type's walks continue past an occupied
    /// square (a cannon's screen), so a new piece may open an attack.
    pub screens: [bool; 2],
    /// Per colour: a promotion may create a royal piece.
    pub promotes_to_royal: [bool; 2],
    /// Which of several kings is royal depends on where they stand
    /// (`royalFirstFound`).
    pub royal_first_found: bool,
    /// Check is more than "a royal piece is attacked" (duple check, flying
    /// general, a royal chosen by position).
    pub special_check: bool,
    /// Pieces enter from the holdings (drops or gating): positions keep
    /// holdings.
    pub holdings: bool,
    /// Per role: the type it goes to the holdings as when captured (its
    /// unpromoted type).
    pub hand_role: Box<[Role]>,
    /// Per colour and role: the squares a drop may go to (before the
    /// rules that depend on the position: nifu, uchifuzume).
    pub drop_targets: [Box<[Box<[Sq]>]>; 2],
    /// Per colour and role, by square: whether such a piece can stand
    /// there at all: inside its mobility region (the xiangqi palace), and
    /// where immobility is illegal (shogi), on a square it can move from.
    /// A FEN with a piece anywhere else is refused.
    pub can_stand: [Box<[Box<[bool]>]>; 2],
    /// Per role: the farthest (in king steps) it can reach in one move on
    /// an empty board; 255 for riders. Bounds where a drop can give check.
    pub reach: Box<[u8]>,
    /// Per colour and role: where it could ever strike (see
    /// [`StrikeSet`](crate::trajectory::StrikeSet)).
    pub strikes: [Box<[crate::trajectory::StrikeSet]>; 2],
    /// Per colour and role: the leap table of a leaper (see
    /// [`LeapTable`](crate::trajectory::LeapTable)), `None` for other types.
    pub leaps: [Box<[Option<crate::trajectory::LeapTable>]>; 2],
    /// Captures explode (atomic): the squares around a capture, as deltas.
    pub blast: Option<[i16; 8]>,
    /// Explosions matter to legality: captures explode and some type is
    /// royal (not in atomar, nocheckatomic, atomic giveaway).
    pub blast_royal: bool,
    /// Per role: explosions never touch it (see [`Variant::blast_immune`]).
    pub blast_immune: Box<[bool]>,
    /// Per role: blasts around it spare it (see [`Variant::blast_spared`]).
    pub blast_spared: Box<[bool]>,
    /// Per role: it may not take a piece of its own type.
    pub mutually_immune: Box<[bool]>,
    /// Per role: its check is a shak (shatar's knight, rook and bers).
    pub shak: Box<[bool]>,
    /// Per role: the knight type, whose mate alone is illegal in shatar.
    pub shatar_knight: Box<[bool]>,
    /// Per role: pieces of its own type stop its walks (see
    /// [`PieceDef::stopped_by_own_kind`]).
    pub stopped_by_own_kind: Box<[bool]>,
    /// The wall a move places counts when judging whether the move leaves
    /// the mover in check: for Fairy-Stockfish's pseudo-royal pieces
    /// (atomic's king is one there), which it tests on the board after
    /// the move; a royal king is judged as if the move placed no wall
    /// (its `Position::legal`).
    pub walls_shield: bool,
    /// Some royal type turns into a wall when it captures (Fairy-
    /// Stockfish's petrified: its commoner king), so it may not capture
    /// and its attacks give no check.
    pub petrifying_royal: bool,
    /// Some rule judges a move before it is made (makpong's king in
    /// check, a petrifying royal, mutually immune types, placement's
    /// bishops on both colours: `movegen::legal_before`).
    pub judged_before_move: bool,
    /// The chasing rule's tables (xiangqi), `None` where it does not apply.
    pub chase: Option<super::chase::ChaseRules>,
    /// Flag regions and connection goals.
    pub goals: super::goals::GoalRules,
    /// Answers of the game-end judge's dead-position mate searches, by
    /// material, computed when first needed.
    pub(crate) mate_cache: Mutex<HashMap<MateMaterial, bool>>,
}

impl Rules {
    /// Whether `piece`'s moves are pushed as they stand in its walk record,
    /// given its history: no shogi-style promotion still to come, no
    /// demotion, no square reached twice.
    #[inline]
    pub fn moves_plainly(&self, color: Color, piece: &super::Slot) -> bool {
        let r = usize::from(piece.role.0);
        let shogi_promotes = self.promoted_type[r].is_some() && !piece.promoted;
        let demotes = piece.promoted && self.demoted_type[r].is_some();
        self.generation[color.index()][r].plain
            || !shogi_promotes && !demotes && !self.table.role_trees(color, piece.role).duplicates
    }
}

/// What the move generator asks of a piece type (see
/// [`Rules::generation`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoleGen {
    /// Its moves are pushed as they stand in its walk record, whatever the
    /// piece's history (no shogi-style promotion nor demotion, no square
    /// reached twice): the generator's short road.
    pub plain: bool,
    /// It promotes in the zone (a pawn type, [`Rules::promotes`]).
    pub pawn: bool,
    /// `flag::DOUBLE` where its initial multi-step gives e.p. rights
    /// ([`Rules::gives_ep`]), else 0.
    pub double_step: u16,
}

/// See [`Rules::pseudo_royal_limit`].
#[derive(Clone, Copy, Debug)]
pub struct PseudoRoyalLimit {
    pub most: u32,
    /// Count all men together (`extinctionPieceTypes = *`).
    pub all: bool,
}

/// Who attacks with what: the key of the dead-position mate-search cache.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MateMaterial {
    /// The side that would give mate.
    pub attacker: Color,
    /// The attacker's men, its royal piece first.
    pub attack: ArrayVec<Role, 2>,
    /// The defender's men, its royal piece first.
    pub defend: ArrayVec<Role, 2>,
}

/// The most drops a variant's rules may allow in one position: three
/// quarters of a move list, the rest kept for the moves on the board.
const MOST_DROPS: usize = MAX_MOVES * 3 / 4;

impl Rules {
    pub fn new(variant: Arc<Variant>) -> Result<Arc<Rules>, TrajectoryError> {
        let table = TrajectoryTable::build(&variant)?;
        let g: &Geometry = &table.geometry;
        let roles = variant.pieces.len();
        let zobrist = Zobrist::new(roles, g.size);
        let royal: Box<[bool]> = variant.pieces.iter().map(|p| p.royal).collect();
        let pseudo_royal_limit = variant
            .end
            .extinction
            .as_ref()
            .filter(|e| e.pseudo_royal)
            .map(|e| PseudoRoyalLimit {
                most: e.piece_count + 1,
                all: e.all,
            });
        let region_map = |region: &crate::types::Region| -> Box<[bool]> {
            let mut m = vec![false; g.size];
            for s in region.iter() {
                if s.file < g.width && s.rank < g.height {
                    m[usize::from(g.from_square(s))] = true;
                }
            }
            m.into_boxed_slice()
        };
        let p = &variant.promotion;
        let role_set = |roles_list: &[Role]| -> Box<[bool]> {
            let mut v = vec![false; roles];
            for r in roles_list {
                v[usize::from(r.0)] = true;
            }
            v.into_boxed_slice()
        };
        let promotes = [role_set(&p.pawn_types[0]), role_set(&p.pawn_types[1])];
        let promotion_zone = [region_map(&p.region[0]), region_map(&p.region[1])];
        let promotion_choices = [
            p.piece_types[0].clone().into_boxed_slice(),
            p.piece_types[1].clone().into_boxed_slice(),
        ];
        // A pawn must promote on the last rank (or wherever it could not move again).
        let must_promote = Color::BOTH.map(|c| {
            let mut m = vec![false; g.size];
            if p.sittuyin {
                // Sittuyin's pawns promote by a move of their own, if ever.
                return m.into_boxed_slice();
            }
            let last = if c == Color::White { g.height - 1 } else { 0 };
            for f in 0..g.width {
                m[usize::from(g.sq(f, last))] = true;
            }
            if p.mandatory {
                for (i, z) in promotion_zone[c.index()].iter().enumerate() {
                    m[i] |= *z;
                }
            }
            m.into_boxed_slice()
        });
        let ep_capturer = Color::BOTH.map(|c| {
            let mut v: Vec<bool> = variant
                .pieces
                .iter()
                .map(|pd| pd.moves.moves.iter().any(|m| m.final_leg().ep_capture))
                .collect();
            for r in &variant.en_passant.types[c.index()] {
                v[usize::from(r.0)] = true;
            }
            v.into_boxed_slice()
        });
        let gives_ep: Box<[bool]> = (0..roles)
            .map(|r| promotes[0][r] || promotes[1][r])
            .collect();
        let ep_region = [
            region_map(&variant.en_passant.region[0]),
            region_map(&variant.en_passant.region[1]),
        ];
        let double_step_region = [
            region_map(&variant.double_step.region[0]),
            region_map(&variant.double_step.region[1]),
        ];
        let walling_region = [
            region_map(&variant.walls.region[0]),
            region_map(&variant.walls.region[1]),
        ];
        let petrify = role_set(&variant.walls.petrify);
        let blast_immune = role_set(&variant.blast_immune);
        let blast_spared = role_set(&variant.blast_spared);
        let mutually_immune = role_set(&variant.mutually_immune);
        let shak = variant
            .pieces
            .iter()
            .map(|p| matches!(p.key.as_str(), "knight" | "rook" | "bers"))
            .collect();
        let shatar_knight = variant.pieces.iter().map(|p| p.key == "knight").collect();
        let stopped_by_own_kind: Box<[bool]> = variant
            .pieces
            .iter()
            .map(|p| p.stopped_by_own_kind)
            .collect();
        let walls_shield = variant.blast_on_capture
            || variant
                .end
                .extinction
                .as_ref()
                .is_some_and(|e| e.pseudo_royal);
        let petrifying_royal = variant
            .walls
            .petrify
            .iter()
            .any(|r| royal[usize::from(r.0)]);
        let judged_before_move = variant.end.makpong
            || petrifying_royal
            || !variant.mutually_immune.is_empty()
            || variant.drops.bishops_both_colours.is_some();
        let castling = variant.castling.as_ref().map(|c| CastlingRules {
            rank: [c.rank, g.height - 1 - c.rank],
            king_to: [c.kingside_file, c.queenside_file],
            king_role: c.king_piece,
            rook_role: [
                role_set(&c.rook_pieces[0]).into_vec(),
                role_set(&c.rook_pieces[1]).into_vec(),
            ],
            king_distance: c.king_distance,
        });
        let has_locust = table.cells.iter().any(|c| {
            c.flags
                & (crate::trajectory::cell_flags::LOCUST_FOE
                    | crate::trajectory::cell_flags::LOCUST_FRIEND)
                != 0
        });
        let royal_first_found = variant.royal_first_found;
        let special_check = variant.end.duple_check
            || variant.end.royals_expendable
            || variant.end.flying_general
            || variant.royal_first_found;
        let screens = Color::BOTH.map(|c| table.trees[c.index()].iter().any(|t| !t.monotone));
        let promotes_to_royal = Color::BOTH.map(|c| {
            promotion_choices[c.index()]
                .iter()
                .any(|r| royal[usize::from(r.0)])
        });
        let monotone = Color::BOTH.map(|c| {
            table.trees[c.index()]
                .iter()
                .all(|t| t.monotone || t.straight_screens)
        });
        let promoted_type: Box<[Option<Role>]> = variant.promotion.promoted_type.clone().into();
        let resets_clock = Color::BOTH.map(|c| {
            let types = &variant.end.n_move_rule_types[c.index()];
            if types.is_empty() {
                promotes[c.index()].clone()
            } else {
                role_set(types)
            }
        });
        let plus_type: Box<[bool]> = (0..roles)
            .map(|r| promoted_type.contains(&Some(Role(r as u8))))
            .collect();
        let hash_promoted: Box<[bool]> = (0..roles)
            .map(|r| plus_type[r] || variant.drops.captures_to_hand)
            .collect();
        let demoted_type: Box<[Option<Role>]> = (0..roles)
            .map(|r| {
                variant
                    .promotion
                    .piece_demotion
                    .then(|| variant.promotion.promoted_from(Role(r as u8)))
                    .flatten()
            })
            .collect();
        let lion = role_set(&variant.end.lion_types);
        let weak_bridge = role_set(&variant.end.lion_weak_bridges);
        let has_lions = lion.iter().any(|&l| l);
        // Only where immobility is illegal: elsewhere a piece may stay
        // unpromoted where it can never move again (Fairy-Stockfish's
        // `immobilityIllegal`, off by default).
        let stuck = Color::BOTH.map(|c| {
            let mut v = vec![false; roles * g.size];
            for r in 0..roles {
                if promoted_type[r].is_none() || !variant.immobility_illegal {
                    continue;
                }
                let trees = table.role_trees(c, Role(r as u8));
                for sq in g.squares() {
                    v[r * g.size + usize::from(sq)] = !can_move(&table, trees.root(sq), sq);
                }
            }
            v.into_boxed_slice()
        });
        let drops = &variant.drops;
        // Free drops take nothing from a hand, so there is none to keep.
        let holdings = drops.piece_drops && !drops.free_drops
            || drops.captures_to_hand
            || drops.captures_to_owners_hand
            || drops.gating && drops.seirawan_gating;
        if holdings && roles > crate::types::HAND_ROLES {
            return Err(TrajectoryError {
                piece: "(all)".into(),
                message: format!(
                    "a variant with holdings may have at most {} piece types",
                    crate::types::HAND_ROLES
                ),
            });
        }
        let hand_role: Box<[Role]> = (0..roles)
            .map(|r| {
                drops.capture_hand_type[r]
                    .or_else(|| variant.promotion.promoted_from(Role(r as u8)))
                    .unwrap_or(Role(r as u8))
            })
            .collect();
        let can_stand: [Box<[Box<[bool]>]>; 2] = Color::BOTH.map(|c| {
            (0..roles)
                .map(|r| {
                    let trees = table.role_trees(c, Role(r as u8));
                    let zone = variant.pieces[r].mobility[c.index()]
                        .as_ref()
                        .map(region_map);
                    let mut m = vec![false; g.size];
                    for sq in g.squares() {
                        m[usize::from(sq)] = zone.as_ref().is_none_or(|z| z[usize::from(sq)])
                            && (!variant.immobility_illegal
                                || can_move(&table, trees.root(sq), sq));
                    }
                    m.into_boxed_slice()
                })
                .collect()
        });
        let drop_targets: [Box<[Box<[Sq]>]>; 2] = Color::BOTH.map(|c| {
            let region = region_map(&drops.region[c.index()]);
            let first_rank = if c == Color::White { 0 } else { g.height - 1 };
            (0..roles)
                .map(|r| {
                    let pawn = promotes[c.index()][r];
                    g.squares()
                        .filter(|&sq| region[usize::from(sq)])
                        // Inside its mobility region (the xiangqi palace)
                        // and, where immobility is illegal, able to move.
                        .filter(|&sq| can_stand[c.index()][r][usize::from(sq)])
                        // Sittuyin's rooks enter on the first rank only.
                        .filter(|&sq| {
                            drops.back_rank_rooks != Some(Role(r as u8))
                                || g.coords(sq).is_some_and(|(_, rank)| rank == first_rank)
                        })
                        .filter(|&sq| {
                            !pawn
                                || (drops.first_rank_pawn_drops
                                    || g.coords(sq).is_some_and(|(_, rank)| rank != first_rank))
                                    && (drops.promotion_zone_pawn_drops
                                        || !promotion_zone[c.index()][usize::from(sq)])
                        })
                        .collect()
                })
                .collect()
        });
        if drops.piece_drops {
            // Drops alone must leave room in a move list for the board
            // moves: every type that can enter the holdings, on every
            // square it may be dropped on (twice where it may land
            // promoted).
            let in_hand: Vec<bool> = {
                let mut v = vec![drops.free_drops; roles];
                for (r, h) in hand_role.iter().enumerate() {
                    if !royal[r]
                        || variant
                            .start
                            .holdings
                            .iter()
                            .flatten()
                            .any(|p| p.role.0 as usize == r)
                    {
                        v[usize::from(h.0)] = true;
                        // Unpromoted, it returns as itself.
                        if drops.capture_hand_type[r].is_none() {
                            v[r] = true;
                        }
                    }
                }
                v
            };
            for c in Color::BOTH {
                let most: usize = (0..roles)
                    .filter(|&r| in_hand[r])
                    .map(|r| {
                        let twice = drops.drop_promoted && promoted_type[r].is_some();
                        drop_targets[c.index()][r].len() * if twice { 2 } else { 1 }
                    })
                    .sum();
                if most > MOST_DROPS {
                    return Err(TrajectoryError {
                        piece: "(all)".into(),
                        message: format!(
                            "drops alone could give {most} moves in one position, more than \
                             the {MOST_DROPS} Griffon allows (its move lists hold {MAX_MOVES}): \
                             fewer piece types in the holdings or a smaller drop region"
                        ),
                    });
                }
            }
        }
        let reach: Box<[u8]> = variant
            .pieces
            .iter()
            .map(|p| {
                p.moves
                    .moves
                    .iter()
                    .map(|m| {
                        m.legs.iter().fold(0u32, |sum, l| {
                            let step =
                                u32::from(l.step.dx.unsigned_abs().max(l.step.dy.unsigned_abs()));
                            let steps = if l.range == 0 {
                                255
                            } else {
                                u32::from(l.range)
                            };
                            sum + step * steps
                        })
                    })
                    .max()
                    .unwrap_or(0)
                    .min(255) as u8
            })
            .collect();
        let strikes = Color::BOTH.map(|c| {
            (0..roles)
                .map(|r| table.strike_set(c, Role(r as u8)))
                .collect()
        });
        let quiet_sets = Color::BOTH.map(|c| {
            (0..roles)
                .map(|r| table.quiet_set(c, Role(r as u8)))
                .collect()
        });
        let leaps = Color::BOTH.map(|c| {
            (0..roles)
                .map(|r| table.leap_table(c, Role(r as u8)))
                .collect()
        });
        let plain_captures = !variant.blast_on_capture
            && !has_locust
            && !has_lions
            && !petrify.iter().any(|&p| p)
            && variant.flipping == crate::variant::Flipping::None
            && !stopped_by_own_kind.iter().any(|&s| s);
        let blast_royal = variant.blast_on_capture && royal.iter().any(|&r| r);
        let blast = variant
            .blast_on_capture
            .then(|| table.geometry.king_steps());
        let mut watched = royal.clone();
        let extinct = variant.end.extinction.iter().flat_map(|e| &e.piece_types);
        let kings = castling.iter().flat_map(|c| c.king_role);
        for r in extinct.copied().chain(kings) {
            watched[usize::from(r.0)] = true;
        }
        let generation = Color::BOTH.map(|c| {
            (0..roles)
                .map(|r| RoleGen {
                    plain: promoted_type[r].is_none()
                        && demoted_type[r].is_none()
                        && !table.role_trees(c, Role(r as u8)).duplicates,
                    pawn: promotes[c.index()][r],
                    double_step: if gives_ep[r] {
                        crate::types::flag::DOUBLE
                    } else {
                        0
                    },
                })
                .collect::<Box<[RoleGen]>>()
        });
        let chase = super::chase::ChaseRules::new(&variant, g);
        let goals = super::goals::GoalRules::new(&variant, g);
        Ok(Arc::new(Rules {
            variant,
            table,
            zobrist,
            royal,
            watched,
            pseudo_royal_limit,
            promotes,
            promotion_zone,
            promotion_choices,
            promoted_type,
            plus_type,
            generation,
            demoted_type,
            hash_promoted,
            resets_clock,
            quiet_sets,
            lion,
            weak_bridge,
            has_lions,
            stuck,
            must_promote,
            ep_capturer,
            ep_region,
            gives_ep,
            double_step_region,
            walling_region,
            petrify,
            castling,
            has_locust,
            plain_captures,
            monotone,
            screens,
            promotes_to_royal,
            royal_first_found,
            special_check,
            holdings,
            hand_role,
            drop_targets,
            can_stand,
            reach,
            strikes,
            leaps,
            blast_royal,
            blast,
            blast_immune,
            blast_spared,
            mutually_immune,
            stopped_by_own_kind,
            shak,
            shatar_knight,
            walls_shield,
            petrifying_royal,
            judged_before_move,
            chase,
            goals,
            mate_cache: Mutex::new(HashMap::new()),
        }))
    }

    pub fn geometry(&self) -> &Geometry {
        &self.table.geometry
    }

    /// The piece of `role` on `sq` must promote when it gets there.
    #[inline]
    pub fn is_stuck(&self, color: Color, role: Role, sq: Sq) -> bool {
        self.stuck[color.index()][usize::from(role.0) * self.table.geometry.size + usize::from(sq)]
    }
}

/// Whether a piece whose tree starts at `root` has any move from `sq` on
/// some board (with screens where it hops, targets where it only captures).
fn can_move(table: &TrajectoryTable, root: u32, sq: Sq) -> bool {
    use crate::trajectory::{EMPTY, FOE, FRIEND, cell_flags, visit};
    let g = &table.geometry;
    let mut stack = vec![root];
    // Every occupancy of the squares passed is followed, not only empty
    // ones: a hopper (a cannon's `pR`) moves only over a screen.
    let mut seen = std::collections::HashSet::new();
    while let Some(group) = stack.pop() {
        if group == 0 || !seen.insert(group) {
            continue;
        }
        let mut i = group as usize;
        loop {
            let cell = &table.cells[i];
            let t = i32::from(sq) + i32::from(cell.delta);
            let on_board = t >= 0 && g.coords(t as Sq).is_some();
            if on_board {
                if cell.visit[EMPTY] & visit::QUIET != 0 || cell.visit[FOE] & visit::CAPTURE != 0 {
                    return true;
                }
                stack.extend([cell.next[EMPTY], cell.next[FRIEND], cell.next[FOE]]);
            }
            if cell.flags & cell_flags::LAST != 0 {
                break;
            }
            i += 1;
        }
    }
    false
}
