//! Positions from FEN and back: X-FEN and Shredder-FEN castling fields,
//! several e.p. squares (Berolina), a running count in Fairy-Stockfish's
//! counting fields, and the checks that a FEN describes a position the
//! rules allow.

use super::{Entry, EpState, NO_SLOT, Position, SLOTS, Slot, SquareMap};
use crate::position::Rules;
use crate::types::{Color, SLOTS_PER_SIDE, Sq};
use crate::variant::{CastlingRight, FenError, StartPosition};
use arrayvec::ArrayVec;
use std::cell::Cell;
use std::fmt;
use std::sync::Arc;

/// Why a FEN does not give a playable position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The FEN text itself is malformed.
    Fen(Vec<FenError>),
    TooManyPieces(Color),
    /// A side has the wrong number of royal pieces.
    RoyalCount {
        color: Color,
        found: usize,
        expected: usize,
    },
    /// A piece that must promote stands where it must already have promoted.
    PawnOnLastRank(String),
    /// A piece outside its region (the xiangqi palace), or where it could
    /// never move (shogi's pawn on the last rank).
    CannotStand(String),
    /// The side not to move is in check: the position cannot arise.
    OpponentInCheck,
    /// Holdings the variant cannot have: a royal piece, or more pieces of
    /// a type than [`MAX_IN_HAND`].
    BadHoldings(String),
    /// An n-check counter beyond the variant's n.
    BadChecks(String),
    /// Counting fields in a variant without a counting rule.
    NoCountingRule,
    /// More than one wall where the one wall is the duck.
    Ducks,
}

/// Most pieces of one type a FEN may put in a hand (far above any real
/// game; keeps the counts clear of overflow as captures add to them).
pub const MAX_IN_HAND: u8 = 100;

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |c: &Color| if *c == Color::White { "white" } else { "black" };
        match self {
            PositionError::Fen(errors) => {
                let texts: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
                write!(f, "{}", texts.join("; "))
            }
            PositionError::TooManyPieces(c) => {
                write!(f, "{} has more than {SLOTS_PER_SIDE} pieces", side(c))
            }
            PositionError::RoyalCount {
                color,
                found,
                expected,
            } => {
                write!(
                    f,
                    "{} has {found} royal pieces; the variant has {expected}",
                    side(color)
                )
            }
            PositionError::PawnOnLastRank(sq) => write!(f, "a piece on {sq} should have promoted"),
            PositionError::CannotStand(sq) => write!(
                f,
                "the piece on {sq} cannot stand there (outside its region, or with no move)"
            ),
            PositionError::OpponentInCheck => write!(f, "the side not to move is in check"),
            PositionError::BadHoldings(why) => write!(f, "bad holdings: {why}"),
            PositionError::BadChecks(why) => write!(f, "bad check counter: {why}"),
            PositionError::Ducks => write!(f, "more than one wall (*): the duck is the only one"),
            PositionError::NoCountingRule => write!(
                f,
                "the FEN has a count's limit and plies (three numbers after the \
                 castling field), but the variant has no counting rule"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

impl Position {
    /// The variant's start position.
    pub fn start(rules: Arc<Rules>) -> Result<Position, PositionError> {
        let start = rules.variant.start.clone();
        Position::from_setup(rules, &start)
    }

    /// Read a FEN of this variant.
    pub fn from_fen(rules: Arc<Rules>, fen: &str) -> Result<Position, PositionError> {
        let setup = rules.variant.parse_fen(fen).map_err(PositionError::Fen)?;
        Position::from_setup(rules, &setup)
    }

    /// Validate a parsed FEN into a position.
    pub fn from_setup(rules: Arc<Rules>, setup: &StartPosition) -> Result<Position, PositionError> {
        let g = rules.geometry().clone();
        let variant = rules.variant.clone();
        let mut board = vec![super::EDGE; g.size].into_boxed_slice();
        for sq in g.squares() {
            board[usize::from(sq)] = 0;
        }
        if let (Some(got), Some(most)) = (setup.checks_remaining, variant.start.checks_remaining)
            && (got[0] > most[0] || got[1] > most[1])
        {
            return Err(PositionError::BadChecks(format!(
                "{}+{} checks to give, more than the variant's {}+{}",
                got[0], got[1], most[0], most[1]
            )));
        }
        if setup.counting.is_some() && variant.end.counting_rule.is_none() {
            return Err(PositionError::NoCountingRule);
        }
        let counting = match setup.counting {
            Some(c) if c.limit > 0 => super::counting::Counting {
                limit: c.limit,
                ply: c.ply,
            },
            _ => Default::default(),
        };
        let cap = (rules.table.max_walk * 2).max(1);
        let mut pos = Position {
            rules: rules.clone(),
            board,
            slots: [NO_SLOT; SLOTS],
            alive: [0; 2],
            royal_slots: [0; 2],
            watched_slots: [0; 2],
            side: setup.side_to_move,
            castle: [0; 2],
            ep: EpState::default(),
            halfmove: setup.halfmove_clock,
            reversible: setup.halfmove_clock,
            checks: setup
                .checks_remaining
                .or(variant.start.checks_remaining)
                .unwrap_or([3, 3])
                .map(|n| n.min(u32::from(u8::MAX)) as u8),
            counting,
            lion_strike: false,
            passes: 0,
            bikjang: 0,
            shak: [false; 2],
            castled: 0,
            hand: [[0; crate::types::HAND_ROLES]; 2],
            gates: [0; 2],
            duck: 0,
            fullmove: setup.fullmove_number.max(1),
            key: 0,
            pawn_key: 0,
            map: vec![SquareMap::default(); g.size].into_boxed_slice(),
            records: vec![Entry::default(); cap * SLOTS].into_boxed_slice(),
            rec_len: [0; SLOTS],
            cap,
            ready: vec![Cell::new(crate::types::Move::default()); cap * SLOTS].into_boxed_slice(),
            ready_len: std::array::from_fn(|_| Cell::new(0)),
            ready_captures: std::array::from_fn(|_| Cell::new(0)),
            ready_known: Default::default(),
            intricate: Default::default(),
            ep_takers: Default::default(),
            saved: Vec::new(),
            patches: Vec::new(),
            changes: ArrayVec::new(),
        };
        pos.reserve_undo();
        let mut next = [0usize; 2];
        for rank in 0..g.height {
            for file in 0..g.width {
                let Some(piece) =
                    setup.board[usize::from(rank) * usize::from(g.width) + usize::from(file)]
                else {
                    continue;
                };
                let c = piece.color.index();
                if next[c] == SLOTS_PER_SIDE {
                    return Err(PositionError::TooManyPieces(piece.color));
                }
                let slot = c * SLOTS_PER_SIDE + next[c];
                next[c] += 1;
                let sq = g.sq(file, rank);
                let r = usize::from(piece.role.0);
                let pawn = rules.promotes[c][r];
                // Only inside its promotion zone: a pawn may stand on the
                // last rank outside it (argess's zone is three corner
                // squares; a sideways-moving pawn gets there unpromoted),
                // and anywhere in it where pawns may be dropped there.
                if pawn
                    && rules.promotion_zone[c][usize::from(sq)]
                    && rules.must_promote[c][usize::from(sq)]
                    && !rules.promotion_choices[c].is_empty()
                    && !variant.drops.promotion_zone_pawn_drops
                {
                    return Err(PositionError::PawnOnLastRank(g.name(sq)));
                }
                if !rules.can_stand[c][r][usize::from(sq)] {
                    return Err(PositionError::CannotStand(g.name(sq)));
                }
                let virgin = if pawn {
                    rules.double_step_region[c][usize::from(sq)]
                } else {
                    variant.start.board
                        [usize::from(rank) * usize::from(g.width) + usize::from(file)]
                    .is_some_and(|p| p.color == piece.color && p.role == piece.role)
                };
                pos.set_slot(
                    slot,
                    Slot {
                        sq,
                        role: piece.role,
                        virgin,
                        promoted: piece.promoted,
                        base: piece.base,
                    },
                );
                pos.alive[c] |= 1 << (slot % SLOTS_PER_SIDE);
                pos.board[usize::from(sq)] = (slot + 1) as u8;
            }
        }
        for color in Color::BOTH {
            let expected = royal_count(&rules, &variant.start.board, color);
            // Pseudo-royal pieces count whether or not their number makes
            // them royal now (shoshogi's king and crown prince).
            let found = if rules.pseudo_royal_limit.is_some() {
                pos.royal_candidates(color).count()
            } else {
                pos.royals(color).count()
            };
            // More than the start's one only where a promotion makes one
            // (Chu Shogi's crown prince).
            let can_gain = rules.promotes_to_royal[color.index()]
                || rules
                    .promoted_type
                    .iter()
                    .flatten()
                    .any(|r| rules.royal[usize::from(r.0)]);
            if expected == 1 && (found == 0 || found > 1 && !can_gain) {
                return Err(PositionError::RoyalCount {
                    color,
                    found,
                    expected,
                });
            }
        }
        if rules.holdings {
            for p in setup.holdings.iter().flatten() {
                // Only where the game starts with it there (a placement
                // phase: sittuyin, placement chess).
                let starts_in_hand = variant
                    .start
                    .holdings
                    .iter()
                    .flatten()
                    .any(|s| s.role == p.role);
                if rules.royal[usize::from(p.role.0)] && !starts_in_hand {
                    return Err(PositionError::BadHoldings("a royal piece in hand".into()));
                }
                // A piece in hand is the type its letter names, as in
                // Fairy-Stockfish (shinobiplus holds commoners, also its
                // pawn's promoted type, to drop as such).
                let role = p.role;
                let n = &mut pos.hand[p.color.index()][usize::from(role.0)];
                if *n == MAX_IN_HAND {
                    return Err(PositionError::BadHoldings(format!(
                        "more than {MAX_IN_HAND} pieces of a type"
                    )));
                }
                *n += 1;
            }
        }
        for &cell in &setup.walls {
            let sq = g.sq(
                (cell % usize::from(g.width)) as u8,
                (cell / usize::from(g.width)) as u8,
            );
            if pos.board[usize::from(sq)] != 0 {
                continue;
            }
            pos.board[usize::from(sq)] = super::WALL;
            if variant.walls.rule == crate::variant::Walling::Duck {
                if pos.duck != 0 {
                    return Err(PositionError::Ducks);
                }
                pos.duck = sq;
            }
        }
        pos.castle = pos.castling_from(setup);
        pos.gates = pos.gates_from(setup);
        pos.ep = pos.ep_from(setup);
        pos.rebuild();
        pos.bikjang = u8::from(pos.kings_face_bikjang());
        pos.update_shak();
        if pos.in_check(pos.side.opponent()) {
            return Err(PositionError::OpponentInCheck);
        }
        Ok(pos)
    }

    /// Castling rights as partner files; rights without a king on the
    /// castling rank or without a partner piece are dropped.
    fn castling_from(&self, setup: &StartPosition) -> [u32; 2] {
        let mut rights = [0u32; 2];
        let Some(c) = &self.rules.castling else {
            return rights;
        };
        let g = self.rules.geometry();
        for right in &setup.castling {
            let color = match right {
                CastlingRight::Kingside(c)
                | CastlingRight::Queenside(c)
                | CastlingRight::File(c, _) => *c,
            };
            let Some(king) = self.castling_king(color) else {
                continue;
            };
            let Some((kf, _)) = g.coords(king) else {
                continue;
            };
            let variant = &self.rules.variant;
            // With gating, a file letter names a gate; it is a Chess960
            // castling right only once nothing is left to gate (Fairy-
            // Stockfish's reading).
            if matches!(right, CastlingRight::File(..))
                && variant.drops.gating
                && (variant.drops.captures_to_hand || self.holdings(color).iter().any(|&n| n > 0))
            {
                continue;
            }
            let rank = c.rank[color.index()];
            let is_partner = |f: u8| {
                self.piece_on(g.sq(f, rank)).is_some_and(|(col, p)| {
                    col == color && c.rook_role[color.index()][usize::from(p.role.0)]
                })
            };
            let file = match right {
                CastlingRight::Kingside(_) => (kf + 1..g.width).rev().find(|&f| is_partner(f)),
                CastlingRight::Queenside(_) => (0..kf).find(|&f| is_partner(f)),
                CastlingRight::File(_, f) => is_partner(*f).then_some(*f),
            };
            if let Some(f) = file {
                rights[color.index()] |= 1 << f;
            }
        }
        rights
    }

    /// Seirawan gates from the castling field: each castling right opens
    /// the gates of its partner and of the king; a file letter without a
    /// partner on it names the gate of the piece standing there.
    fn gates_from(&self, setup: &StartPosition) -> [u32; 2] {
        let mut gates = [0u32; 2];
        if !self.rules.variant.drops.gating {
            return gates;
        }
        let g = self.rules.geometry();
        for color in Color::BOTH {
            let c = color.index();
            let rank = Self::gate_rank(g, color);
            let rights = self.castle[c];
            gates[c] |= rights;
            if rights != 0
                && let Some((kf, _)) = self.castling_king(color).and_then(|k| g.coords(k))
            {
                gates[c] |= 1 << kf;
            }
            for right in &setup.castling {
                if let CastlingRight::File(col, f) = *right
                    && col == color
                    && self
                        .piece_on(g.sq(f, rank))
                        .is_some_and(|(pc, _)| pc == color)
                {
                    gates[c] |= 1 << f;
                }
            }
        }
        gates
    }

    /// The rank of `color`'s gates: its first rank.
    pub(crate) fn gate_rank(g: &crate::types::Geometry, color: Color) -> u8 {
        if color == Color::White {
            0
        } else {
            g.height - 1
        }
    }

    /// The e.p. squares of a FEN, and the piece an e.p. capture removes:
    /// an enemy piece named in the field (Fairy-Stockfish's Berolina form),
    /// else the piece one step beyond the first square in the direction the
    /// last mover went.
    fn ep_from(&self, setup: &StartPosition) -> EpState {
        let g = self.rules.geometry();
        let mover = self.side.opponent();
        let mut ep = EpState::default();
        for s in &setup.en_passant {
            let sq = g.from_square(*s);
            match self.piece_on(sq) {
                Some((c, _)) if c == mover => ep.victim = sq,
                Some(_) => {}
                None if self.rules.ep_region[self.side.index()][usize::from(sq)] => {
                    let _ = ep.squares.try_push(sq);
                }
                None => {}
            }
        }
        if ep.victim == 0
            && let Some(&first) = ep.squares.first()
        {
            let dy = if mover == Color::White { 1 } else { -1 };
            let beyond = (i32::from(first) + g.delta(0, dy)) as Sq;
            if self.piece_on(beyond).is_some_and(|(c, _)| c == mover) {
                ep.victim = beyond;
            }
        }
        if ep.victim == 0 {
            ep.squares.clear();
        }
        ep
    }

    /// The position as FEN: Shredder-FEN castling letters in Chess960
    /// variants, `KQkq` (X-FEN file letters where ambiguous) otherwise.
    pub fn fen(&self) -> String {
        let g = self.rules.geometry();
        let variant = &self.rules.variant;
        let mut s = g.fen_placement(|sq| {
            if self.is_wall(sq) {
                return Some("*".to_string());
            }
            self.piece_on(sq).map(|(color, p)| {
                // A shogi-style promoted piece is written `+` and the letter
                // of what it promoted from.
                match variant.promotion.promoted_from(p.role) {
                    Some(_) if p.promoted => {
                        format!("+{}", variant.piece(p.base).letter.for_color(color))
                    }
                    // In drop games a promoted piece returns to hand as a
                    // pawn: Fairy-Stockfish's `Q~`.
                    _ if p.promoted && self.rules.holdings => {
                        format!("{}~", variant.piece(p.role).letter.for_color(color))
                    }
                    _ => variant.piece(p.role).letter.for_color(color),
                }
            })
        });
        if self.rules.holdings {
            s.push('[');
            for color in Color::BOTH {
                for (r, &n) in self.holdings(color).iter().enumerate() {
                    let letter = variant
                        .piece(crate::types::Role(r as u8))
                        .letter
                        .for_color(color);
                    for _ in 0..n {
                        s.push_str(&letter);
                    }
                }
            }
            s.push(']');
        }
        s.push_str(if self.side == Color::White {
            " w "
        } else {
            " b "
        });
        let mut castling = String::new();
        for color in Color::BOTH {
            let rights = self.castle[color.index()];
            let king_file = self
                .castling_king(color)
                .and_then(|k| g.coords(k))
                .map_or(0, |(f, _)| f);
            let files: ArrayVec<u8, 32> = (0..g.width)
                .rev()
                .filter(|f| rights & (1 << f) != 0)
                .collect();
            for f in files {
                // Is `f` the outermost partner piece on its side of the king?
                let outermost = |order: Vec<u8>| -> bool {
                    let c = self
                        .rules
                        .castling
                        .as_ref()
                        .expect("rights imply castling rules");
                    let rank = c.rank[color.index()];
                    order
                        .into_iter()
                        .find(|&x| {
                            self.piece_on(g.sq(x, rank)).is_some_and(|(col, p)| {
                                col == color && c.rook_role[color.index()][usize::from(p.role.0)]
                            })
                        })
                        .is_some_and(|x| x == f)
                };
                let letter = if variant.chess960 {
                    char::from(b'a' + f)
                } else if f > king_file && outermost((king_file + 1..g.width).rev().collect()) {
                    'k'
                } else if f < king_file && outermost((0..king_file).collect()) {
                    'q'
                } else {
                    char::from(b'a' + f)
                };
                castling.push(if color == Color::White {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
        }
        if variant.drops.gating {
            castling = self.castling_with_gates(&castling);
        }
        s.push_str(if castling.is_empty() { "-" } else { &castling });
        s.push(' ');
        // A running count's limit takes the e.p. field's place, and the
        // plies counted the halfmove clock's (Fairy-Stockfish's FEN).
        let count = self.counting();
        if let Some((limit, _)) = count {
            s.push_str(&limit.to_string());
        } else {
            self.push_en_passant(&mut s);
        }
        if variant.end.check_counting {
            s.push_str(&format!(" {}+{}", self.checks[0], self.checks[1]));
        }
        let clock = count.map_or(self.halfmove, |(_, ply)| u32::from(ply));
        s.push_str(&format!(" {clock} {}", self.fullmove));
        s
    }

    fn push_en_passant(&self, s: &mut String) {
        let g = self.rules.geometry();
        // The e.p. square; when the victim is not straight beyond it (a
        // Berolina pawn's diagonal double step) also the victim's square,
        // in Fairy-Stockfish's two-square form (`d6c5`).
        match self.ep.squares.first() {
            Some(&sq) => {
                s.push_str(&g.name(sq));
                let dy = if self.side == Color::White { -1 } else { 1 };
                let beyond = (i32::from(sq) + g.delta(0, dy)) as Sq;
                if self.ep.victim != beyond {
                    s.push_str(&g.name(self.ep.victim));
                }
            }
            None => s.push('-'),
        }
    }
}

impl Position {
    /// The castling field with the Seirawan gates that the castling rights
    /// do not imply added as file letters (`KQBCDFGkqbcdfg`).
    fn castling_with_gates(&self, castling: &str) -> String {
        let g = self.rules.geometry();
        let mut out = String::new();
        for color in Color::BOTH {
            let c = color.index();
            let white = color == Color::White;
            out.extend(
                castling
                    .chars()
                    .filter(|ch| ch.is_ascii_uppercase() == white),
            );
            let mut implied = self.castle[c];
            if implied != 0
                && let Some((kf, _)) = self.castling_king(color).and_then(|k| g.coords(k))
            {
                implied |= 1 << kf;
            }
            for f in 0..g.width {
                if self.gates[c] & !implied & (1 << f) != 0 {
                    let letter = char::from(b'a' + f);
                    out.push(if white {
                        letter.to_ascii_uppercase()
                    } else {
                        letter
                    });
                }
            }
        }
        out
    }
}

fn royal_count(rules: &Rules, board: &[Option<crate::types::Piece>], color: Color) -> usize {
    board
        .iter()
        .flatten()
        .filter(|p| p.color == color && rules.royal[usize::from(p.role.0)])
        .count()
}
