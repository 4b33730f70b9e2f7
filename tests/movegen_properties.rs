//! Properties of the move generator and of make/unmake, checked at every ply
//! of random games in every built-in variant.
//!
//! At each ply:
//! - `in_check` agrees with the reference interpreter;
//! - the engine's position equals a shadow board that this file keeps itself
//!   (pieces, unmoved flags, side to move, e.p. squares, castling rights,
//!   clocks),
//!   updated by its own reading of the rules from the moves played;
//! - `verify()` passes (the incremental key and attack map equal a full
//!   recompute), and the FEN reads back to the same position and key;
//! - for every legal move: `make` gives the position the shadow rules
//!   predict, `verify()` passes after it, no royal piece of the mover is
//!   attacked afterwards (by the reference interpreter, see below), and
//!   `unmake` restores FEN, key, every square, e.p. and castling state, with
//!   `verify()` passing again;
//! - completeness: the legal moves equal a reference move list built without
//!   the move generator: every piece's outcomes from the XBetza interpreter
//!   (`griffon::xbetza::outcomes`, which walks the compiled legs square by
//!   square with no tables), expanded into promotions by the variant's
//!   promotion rules, plus castling by the Chess960 rules this file
//!   implements, keeping the moves after which no royal piece of the mover
//!   is attacked (again by the interpreter, on a board this file updates);
//! - `pseudo_legal` split into captures and quiets covers the same moves as
//!   the full list, and the legal moves are among them.
//!
//! Random games use a small fixed-seed generator, so a failure repeats.
//! Moves are chosen uniformly, but one time in three from the "eventful"
//! moves (captures, promotions, castling, pawn moves) so that games reach
//! promotions, e.p. captures and lost castling rights within a few dozen
//! plies.

use common::Rng;
use griffon::movegen::{legal_moves, pseudo_legal};
use griffon::notation::move_text;
use griffon::position::{EpState, Position, Rules, Slot};
use griffon::types::{Color, Move, MoveList, Role, Square, flag};
use griffon::variant::{Variant, VariantSet};
use griffon::xbetza::{self, Board, Cell, OutcomeKind, PieceMoves, outcomes};
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;

mod common;

/// (file, rank), both from 0: the interpreter's square.
type XSq = xbetza::Sq;

/// Games per variant and their length in plies. `GRIFFON_RANDOM_GAMES`
/// overrides the number of games for a longer hunt.
const GAMES: usize = 24;
const PLIES: usize = 64;

fn games() -> usize {
    std::env::var("GRIFFON_RANDOM_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(GAMES)
}

// ---------------------------------------------------------------------------
// A deterministic generator (SplitMix64).

// ---------------------------------------------------------------------------
// The shadow board and reference moves.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Man {
    color: Color,
    role: Role,
    /// Has not moved (for `i` moves).
    virgin: bool,
}

/// The game state as this file tracks it, independently of `Position`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Shadow {
    /// `rank * width + file`.
    cells: Vec<Option<Man>>,
    side: Color,
    /// E.p. squares, each with the square of the piece an e.p. capture there removes.
    ep: Vec<(XSq, XSq)>,
    /// Castling partner files per colour (bit per file).
    castle: [u32; 2],
    /// Plies since the last capture or pawn move, and the move number.
    halfmove: u32,
    fullmove: u32,
}

/// A move as the reference sees it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct RefMove {
    from: XSq,
    to: XSq,
    promotion: Option<Role>,
    /// Squares of every piece the move removes, sorted.
    captures: Vec<XSq>,
    /// Castling: the partner's square.
    castle: Option<XSq>,
}

/// The rules of one variant as this file reads them.
struct Reference {
    variant: Arc<Variant>,
    rules: Arc<Rules>,
    /// Per role: the compiled moves, with every leg wrapping on a cylinder.
    moves: Vec<PieceMoves>,
    width: u8,
    height: u8,
}

impl Reference {
    fn new(rules: Arc<Rules>) -> Reference {
        let variant = rules.variant.clone();
        let moves = variant
            .pieces
            .iter()
            .map(|p| {
                let mut m = p.moves.clone();
                if variant.cylinder {
                    // `cylinder = true`: every move wraps around the side edges.
                    for def in &mut m.moves {
                        for leg in &mut def.legs {
                            leg.wrap = true;
                        }
                    }
                }
                m
            })
            .collect();
        Reference {
            width: variant.width,
            height: variant.height,
            variant,
            rules,
            moves,
        }
    }

    fn idx(&self, sq: XSq) -> usize {
        usize::from(sq.1) * usize::from(self.width) + usize::from(sq.0)
    }

    fn squares(&self) -> impl Iterator<Item = XSq> + '_ {
        (0..self.height).flat_map(move |r| (0..self.width).map(move |f| (f, r)))
    }

    fn royal(&self, role: Role) -> bool {
        self.variant.pieces[usize::from(role.0)].royal
    }

    fn xsq(&self, sq: u16) -> XSq {
        self.rules
            .geometry()
            .coords(sq)
            .unwrap_or_else(|| panic!("padded square {sq} is off the board"))
    }

    /// The shadow of an engine position (used once at the start of a game,
    /// and to compare the engine with the tracked shadow).
    fn shadow_of(&self, pos: &Position) -> Shadow {
        let g = self.rules.geometry();
        let mut cells = vec![None; usize::from(self.width) * usize::from(self.height)];
        for sq in self.squares() {
            if let Some((color, slot)) = pos.piece_on(g.sq(sq.0, sq.1)) {
                cells[self.idx(sq)] = Some(Man {
                    color,
                    role: slot.role,
                    virgin: slot.virgin,
                });
            }
        }
        let ep = pos.ep();
        let ep = if ep.victim == 0 {
            Vec::new()
        } else {
            ep.squares
                .iter()
                .map(|&s| (self.xsq(s), self.xsq(ep.victim)))
                .collect()
        };
        Shadow {
            cells,
            side: pos.side_to_move(),
            ep,
            castle: [
                pos.castling_rights(Color::White),
                pos.castling_rights(Color::Black),
            ],
            halfmove: pos.halfmove_clock(),
            fullmove: pos.fullmove_number(),
        }
    }

    /// The interpreter's board seen by `viewer`.
    fn board(&self, cells: &[Option<Man>], viewer: Color) -> Board {
        let mut b = Board::empty(self.width, self.height);
        for sq in self.squares() {
            if let Some(man) = cells[self.idx(sq)] {
                let royal = self.royal(man.role);
                b.set(
                    sq,
                    if man.color == viewer {
                        Cell::Friend {
                            royal,
                            virgin: man.virgin,
                        }
                    } else {
                        Cell::Foe { royal }
                    },
                );
            }
        }
        b
    }

    /// True if a piece of `by` can capture on one of `targets` (finally or
    /// in passing) on `board` (seen by `by`).
    fn attacks_any(
        &self,
        cells: &[Option<Man>],
        board: &Board,
        by: Color,
        targets: &[XSq],
    ) -> bool {
        if targets.is_empty() {
            return false;
        }
        self.squares().any(|sq| match cells[self.idx(sq)] {
            Some(man) if man.color == by => outcomes(
                &self.moves[usize::from(man.role.0)],
                board,
                sq,
                by == Color::White,
                man.virgin,
            )
            .iter()
            .any(|o| {
                o.capture.is_some_and(|c| targets.contains(&c))
                    || o.locust.iter().any(|l| targets.contains(l))
            }),
            _ => false,
        })
    }

    /// True if some royal piece of `color` is attacked.
    fn royal_attacked(&self, cells: &[Option<Man>], color: Color) -> bool {
        let royals: Vec<XSq> = self
            .squares()
            .filter(|&sq| {
                cells[self.idx(sq)].is_some_and(|m| m.color == color && self.royal(m.role))
            })
            .collect();
        let them = color.opponent();
        self.attacks_any(cells, &self.board(cells, them), them, &royals)
    }

    /// True if `by` attacks `sq`: could capture a royal piece standing there.
    fn square_attacked(&self, cells: &[Option<Man>], sq: XSq, by: Color) -> bool {
        let mut board = self.board(cells, by);
        board.set(sq, Cell::Foe { royal: true });
        self.attacks_any(cells, &board, by, &[sq])
    }

    fn count(&self, cells: &[Option<Man>], color: Color, role: Role) -> u32 {
        cells
            .iter()
            .flatten()
            .filter(|m| m.color == color && m.role == role)
            .count() as u32
    }

    /// Moves from the interpreter, promotions expanded; no castling.
    fn pseudo_moves(&self, s: &Shadow) -> Vec<RefMove> {
        let us = s.side;
        let promo = &self.variant.promotion;
        let mut board = self.board(&s.cells, us);
        board.ep = s.ep.clone();
        let last_rank = if us == Color::White {
            self.height - 1
        } else {
            0
        };
        let mut out = Vec::new();
        for from in self.squares() {
            let Some(man) = s.cells[self.idx(from)] else {
                continue;
            };
            if man.color != us {
                continue;
            }
            let pawn = promo.pawn_types[us.index()].contains(&man.role);
            for o in outcomes(
                &self.moves[usize::from(man.role.0)],
                &board,
                from,
                us == Color::White,
                man.virgin,
            ) {
                if matches!(o.kind, OutcomeKind::Castling { .. }) {
                    continue;
                }
                assert!(o.unload.is_none(), "unloading moves are not modelled here");
                let mut captures: Vec<XSq> = o.capture.into_iter().chain(o.locust).collect();
                captures.sort();
                let mut push = |promotion| {
                    out.push(RefMove {
                        from,
                        to: o.to,
                        promotion,
                        captures: captures.clone(),
                        castle: None,
                    })
                };
                if pawn && promo.region[us.index()].contains(Square::new(o.to.0, o.to.1)) {
                    for &choice in &promo.piece_types[us.index()] {
                        let open = promo
                            .limits
                            .iter()
                            .find(|(r, _)| *r == choice)
                            .is_none_or(|&(_, limit)| self.count(&s.cells, us, choice) < limit);
                        if open {
                            push(Some(choice));
                        }
                    }
                    // Promotion is optional inside the zone unless mandatory,
                    // and always forced on the last rank.
                    if !promo.mandatory && o.to.1 != last_rank {
                        push(None);
                    }
                } else {
                    push(None);
                }
            }
        }
        out
    }

    /// Castling by Chess960 rules (which include the orthodox case): the
    /// king on the castling rank, a partner with rights, every square
    /// between and including the two pieces' start and end squares empty but
    /// for those two, the king not in check and not passing or landing on
    /// an attacked square, before the move or after it. (That the king is
    /// not in check afterwards is the general legality test.)
    fn castling_moves(&self, s: &Shadow) -> Vec<RefMove> {
        let mut out = Vec::new();
        let Some(c) = &self.variant.castling else {
            return out;
        };
        let us = s.side;
        let them = us.opponent();
        let rights = s.castle[us.index()];
        let rank = if us == Color::White {
            c.rank
        } else {
            self.height - 1 - c.rank
        };
        let at = |f: u8| s.cells[self.idx((f, rank))];
        let Some(kf) = (0..self.width)
            .find(|&f| at(f).is_some_and(|m| m.color == us && m.role == c.king_piece[us.index()]))
        else {
            return out;
        };
        if rights == 0 || self.square_attacked(&s.cells, (kf, rank), them) {
            return out;
        }
        for f in 0..self.width {
            if rights & (1 << f) == 0 || f == kf {
                continue;
            }
            let Some(partner) = at(f) else { continue };
            if partner.color != us || !c.rook_pieces[us.index()].contains(&partner.role) {
                continue;
            }
            let kingside = f > kf;
            let kt = if kingside {
                c.kingside_file
            } else {
                c.queenside_file
            };
            let rt = if kingside { kt - 1 } else { kt + 1 };
            let lo = kf.min(kt).min(f).min(rt);
            let hi = kf.max(kt).max(f).max(rt);
            if (lo..=hi).any(|x| x != kf && x != f && at(x).is_some()) {
                continue;
            }
            if (kf.min(kt)..=kf.max(kt)).any(|x| self.square_attacked(&s.cells, (x, rank), them)) {
                continue;
            }
            let m = RefMove {
                from: (kf, rank),
                to: (kt, rank),
                promotion: None,
                captures: Vec::new(),
                castle: Some((f, rank)),
            };
            // Nor with the king gone from its square: a bent move (the
            // falcon's) may reach a passed square by way of it.
            let after = self.apply(s, &m);
            if (kf.min(kt) + 1..kf.max(kt))
                .any(|x| self.square_attacked(&after.cells, (x, rank), them))
            {
                continue;
            }
            out.push(m);
        }
        out
    }

    /// The position after `m`, by this file's reading of the rules.
    fn apply(&self, s: &Shadow, m: &RefMove) -> Shadow {
        let us = s.side;
        let mut cells = s.cells.clone();
        let man = cells[self.idx(m.from)].expect("a move starts on a piece");
        assert_eq!(man.color, us, "the mover belongs to the side to move");
        cells[self.idx(m.from)] = None;
        for &c in &m.captures {
            cells[self.idx(c)] = None;
        }
        let mut castle = s.castle;
        let mut touched = vec![m.from, m.to];
        touched.extend(m.captures.iter().copied());
        if let Some(p) = m.castle {
            // The partner lands next to the king on the inside.
            let partner = cells[self.idx(p)].expect("castling partner");
            cells[self.idx(p)] = None;
            let rt = if p.0 > m.from.0 {
                m.to.0 - 1
            } else {
                m.to.0 + 1
            };
            cells[self.idx((rt, p.1))] = Some(Man {
                virgin: false,
                ..partner
            });
            touched.push(p);
        }
        cells[self.idx(m.to)] = Some(Man {
            color: us,
            role: m.promotion.unwrap_or(man.role),
            virgin: false,
        });
        // Castling rights: the king's move ends its side's; a move from,
        // to or capturing on a partner's start square ends that one.
        if let Some(c) = &self.variant.castling {
            if man.role == c.king_piece[us.index()] {
                castle[us.index()] = 0;
            }
            for color in Color::BOTH {
                let rank = if color == Color::White {
                    c.rank
                } else {
                    self.height - 1 - c.rank
                };
                for sq in &touched {
                    if sq.1 == rank {
                        castle[color.index()] &= !(1 << sq.0);
                    }
                }
            }
        }
        // E.p.: a pawn type's non-capturing move of two or more squares in a
        // line (its initial multi-step) lets the opponent capture it on the
        // squares it passed.
        let mut ep = Vec::new();
        let (dx, dy) = (
            i32::from(m.to.0) - i32::from(m.from.0),
            i32::from(m.to.1) - i32::from(m.from.1),
        );
        let n = dx.abs().max(dy.abs());
        let pawn = self.variant.promotion.pawn_types[us.index()].contains(&man.role);
        if pawn
            && m.captures.is_empty()
            && m.castle.is_none()
            && n >= 2
            && (dx == 0 || dy == 0 || dx.abs() == dy.abs())
        {
            for k in 1..n {
                let sq = (
                    (i32::from(m.from.0) + dx / n * k) as u8,
                    (i32::from(m.from.1) + dy / n * k) as u8,
                );
                ep.push((sq, m.to));
            }
        }
        // The clocks: a pawn move or a capture resets the half-move clock;
        // the move number grows after Black's move.
        let halfmove = if pawn || !m.captures.is_empty() {
            0
        } else {
            s.halfmove + 1
        };
        let fullmove = s.fullmove + u32::from(us == Color::Black);
        Shadow {
            cells,
            side: us.opponent(),
            ep,
            castle,
            halfmove,
            fullmove,
        }
    }

    /// The reference legal moves of the shadow position.
    fn legal_moves(&self, s: &Shadow) -> BTreeSet<RefMove> {
        let us = s.side;
        let mut all = self.pseudo_moves(s);
        all.extend(self.castling_moves(s));
        all.into_iter()
            .filter(|m| !self.royal_attacked(&self.apply(s, m).cells, us))
            .collect()
    }

    /// An engine move in the reference's terms.
    fn engine_move(&self, pos: &Position, m: Move) -> RefMove {
        let mut captures = Vec::new();
        if m.is(flag::CAPTURE) {
            captures.push(self.xsq(m.to()));
        }
        if m.is(flag::EP) {
            captures.push(self.xsq(pos.ep().victim));
        }
        if m.is(flag::LOCUST) {
            captures.push(self.xsq(m.aux()));
        }
        captures.sort();
        RefMove {
            from: self.xsq(m.from()),
            to: self.xsq(m.to()),
            promotion: m.promotion(),
            captures,
            castle: m.is(flag::CASTLE).then(|| self.xsq(m.aux())),
        }
    }
}

// ---------------------------------------------------------------------------
// Checks.

/// Everything `unmake` must restore.
#[derive(Debug, PartialEq, Eq)]
struct Snapshot {
    fen: String,
    key: u64,
    squares: Vec<Option<(Color, Slot)>>,
    ep: EpState,
    castle: [u32; 2],
    side: Color,
    halfmove: u32,
    fullmove: u32,
}

fn snapshot(pos: &Position) -> Snapshot {
    let g = pos.rules().geometry();
    Snapshot {
        fen: pos.fen(),
        key: pos.key(),
        squares: g.squares().map(|s| pos.piece_on(s)).collect(),
        ep: pos.ep().clone(),
        castle: [
            pos.castling_rights(Color::White),
            pos.castling_rights(Color::Black),
        ],
        side: pos.side_to_move(),
        halfmove: pos.halfmove_clock(),
        fullmove: pos.fullmove_number(),
    }
}

/// A sortable form of an engine move, to compare lists as multisets.
fn move_key(m: Move) -> (u16, u16, u16, Option<Role>, u16) {
    (m.from(), m.to(), m.aux(), m.promotion(), m.flags())
}

/// Where a failure happened: the variant, the start and the moves so far.
struct Trace {
    variant: String,
    start: String,
    moves: Vec<String>,
}

impl Trace {
    fn at(&self, pos: &Position) -> String {
        format!(
            "variant {}\nstart  {}\nmoves  {}\nnow    {}",
            self.variant,
            self.start,
            self.moves.join(" "),
            pos.fen()
        )
    }
}

fn names(r: &Reference, moves: &BTreeSet<RefMove>) -> Vec<String> {
    let g = r.rules.geometry();
    moves
        .iter()
        .map(|m| {
            let sq = |s: XSq| g.name(g.sq(s.0, s.1));
            let promo = m
                .promotion
                .map(|p| r.variant.piece(p).letter.to_string())
                .unwrap_or_default();
            let caps: Vec<String> = m.captures.iter().map(|&c| sq(c)).collect();
            let castle = m
                .castle
                .map(|c| format!(" castle {}", sq(c)))
                .unwrap_or_default();
            format!(
                "{}{}{promo} x[{}]{castle}",
                sq(m.from),
                sq(m.to),
                caps.join(",")
            )
        })
        .collect()
}

/// How often each kind of move was among the legal moves checked, so a
/// test can tell that the games reached what it means to test.
#[derive(Debug, Default)]
struct Seen {
    plies: usize,
    moves: usize,
    captures: usize,
    ep: usize,
    promotions: usize,
    castling: usize,
    checks: usize,
}

/// All checks of one ply; returns the engine's legal moves.
fn check_ply(
    r: &Reference,
    pos: &mut Position,
    shadow: &Shadow,
    trace: &Trace,
    seen: &mut Seen,
) -> MoveList {
    let here = trace.at(pos);
    assert_eq!(
        &r.shadow_of(pos),
        shadow,
        "position differs from the shadow\n{}",
        here
    );
    if let Err(e) = pos.verify() {
        panic!("verify: {e}\n{}", here);
    }

    // The FEN reads back to the same position (Berolina e.p. included: see
    // `fen.rs::berolina_fen_keeps_the_ep_victim`).
    let fen = pos.fen();
    match Position::from_fen(r.rules.clone(), &fen) {
        Ok(back) => {
            assert_eq!(back.fen(), fen, "FEN round trip\n{}", here);
            assert_eq!(back.key(), pos.key(), "key after FEN round trip\n{}", here);
        }
        Err(e) => panic!("own FEN rejected: {e}\n{}", here),
    }

    let us = pos.side_to_move();
    let legal = legal_moves(pos);
    seen.plies += 1;
    seen.moves += legal.len();
    let check = r.royal_attacked(&shadow.cells, us);
    assert_eq!(pos.in_check(us), check, "in_check\n{}", here);
    seen.checks += usize::from(check);
    for m in &legal {
        seen.captures += usize::from(m.is_capture());
        seen.ep += usize::from(m.is(flag::EP));
        seen.promotions += usize::from(m.is(flag::PROMOTE));
        seen.castling += usize::from(m.is(flag::CASTLE));
    }

    // pseudo_legal: captures + quiets = all; legal moves are among them.
    let mut all = MoveList::new();
    pseudo_legal::<true, true>(pos, &mut all);
    let mut caps = MoveList::new();
    pseudo_legal::<true, false>(pos, &mut caps);
    let mut quiets = MoveList::new();
    pseudo_legal::<false, true>(pos, &mut quiets);
    assert!(caps.iter().all(|m| m.is_capture()), "{}", here);
    assert!(quiets.iter().all(|m| !m.is_capture()), "{}", here);
    let mut split: Vec<_> = caps
        .iter()
        .chain(quiets.iter())
        .map(|&m| move_key(m))
        .collect();
    let mut whole: Vec<_> = all.iter().map(|&m| move_key(m)).collect();
    split.sort();
    whole.sort();
    assert_eq!(split, whole, "captures + quiets != all\n{}", here);
    // The moves kept from earlier plies (each piece's ready moves) are
    // those a fresh position reads off its walks.
    let fresh = Position::from_fen(r.rules.clone(), &fen).expect("own FEN");
    let mut cold = MoveList::new();
    pseudo_legal::<true, true>(&fresh, &mut cold);
    let mut cold: Vec<_> = cold.iter().map(|&m| move_key(m)).collect();
    cold.sort();
    assert_eq!(
        cold, whole,
        "a fresh position generates other moves\n{}",
        here
    );
    for m in &legal {
        assert!(
            all.contains(m),
            "legal move not pseudo-legal: {m:?}\n{}",
            here
        );
    }

    // No move twice, in engine form or in reference form.
    let engine: Vec<RefMove> = legal.iter().map(|&m| r.engine_move(pos, m)).collect();
    let engine_set: BTreeSet<RefMove> = engine.iter().cloned().collect();
    assert_eq!(
        engine.len(),
        engine_set.len(),
        "duplicate legal moves\n{}",
        here
    );

    // Every legal move: make, check, unmake.
    let before = snapshot(pos);
    for (&m, rm) in legal.iter().zip(&engine) {
        let text = move_text(pos, m);
        let predicted = r.apply(shadow, rm);
        let undo = pos.make(m);
        if let Err(e) = pos.verify() {
            panic!("verify after {text}: {e}\n{}", here);
        }
        let after = r.shadow_of(pos);
        assert_eq!(
            after, predicted,
            "make {text} gave another position\n{}",
            here
        );
        assert!(
            !r.royal_attacked(&after.cells, us),
            "legal move {text} leaves a royal piece attacked\n{}",
            here
        );
        assert!(!pos.in_check(us), "in_check after legal {text}\n{}", here);
        pos.unmake(m, &undo);
        if let Err(e) = pos.verify() {
            panic!("verify after unmake {text}: {e}\n{}", here);
        }
        assert_eq!(
            snapshot(pos),
            before,
            "unmake {text} did not restore\n{}",
            here
        );
    }

    // Completeness against the reference.
    if pos.game_over_by_rule() {
        assert!(legal.is_empty(), "moves after the game ended\n{}", here);
    } else {
        let reference = r.legal_moves(shadow);
        if reference != engine_set {
            let missing: BTreeSet<_> = reference.difference(&engine_set).cloned().collect();
            let extra: BTreeSet<_> = engine_set.difference(&reference).cloned().collect();
            panic!(
                "legal moves differ from the reference\nmissing {:?}\nextra   {:?}\n{}",
                names(r, &missing),
                names(r, &extra),
                here
            );
        }
    }
    legal
}

/// A move that makes something happen.
fn eventful(r: &Reference, pos: &Position, m: Move) -> bool {
    let pawn = pos
        .piece_on(m.from())
        .is_some_and(|(c, s)| r.variant.promotion.pawn_types[c.index()].contains(&s.role));
    pawn || m.is_capture() || m.is(flag::CASTLE | flag::PROMOTE)
}

fn play_games(name: &str, extra_starts: &[&str]) {
    let mut set = VariantSet::new();
    set.load_builtins().expect("built-in variants load");
    let variant = set
        .get(name)
        .unwrap_or_else(|| panic!("no variant {name}"))
        .clone();
    let rules = Rules::new(variant.clone()).expect("rules build");
    let r = Reference::new(rules.clone());

    // Start positions: the variant's, every position of its perft suite,
    // and the extra ones given.
    let mut starts = vec![
        Position::start(rules.clone())
            .expect("start position")
            .fen(),
    ];
    let suite_name = if name == "normal" { "chess" } else { name };
    let suite = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("tests/data/perft/perft-{suite_name}.epd"));
    if let Ok(text) = std::fs::read_to_string(suite) {
        for line in text.lines() {
            let line = line.trim();
            if !line.is_empty() && !line.starts_with('#') {
                starts.push(line.split(';').next().unwrap_or_default().to_string());
            }
        }
    }
    starts.extend(extra_starts.iter().map(|s| s.to_string()));

    let seed = name.bytes().fold(0x5eed_u64, |h, b| {
        h.wrapping_mul(31).wrapping_add(u64::from(b))
    });
    let mut rng = Rng(seed);
    let mut seen = Seen::default();
    let games = games();
    for game in 0..games.max(starts.len()) {
        let start = &starts[game % starts.len()];
        let mut pos = Position::from_fen(rules.clone(), start)
            .unwrap_or_else(|e| panic!("{name}: start {start}: {e}"));
        let mut shadow = r.shadow_of(&pos);
        let mut trace = Trace {
            variant: name.to_string(),
            start: start.clone(),
            moves: Vec::new(),
        };
        for _ in 0..PLIES {
            let legal = check_ply(&r, &mut pos, &shadow, &trace, &mut seen);
            if legal.is_empty() {
                break;
            }
            let special: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|&m| eventful(&r, &pos, m))
                .collect();
            let m = if !special.is_empty() && rng.below(3) == 0 {
                special[rng.below(special.len())]
            } else {
                legal[rng.below(legal.len())]
            };
            let rm = r.engine_move(&pos, m);
            trace.moves.push(move_text(&pos, m));
            shadow = r.apply(&shadow, &rm);
            pos.make(m);
        }
    }
    eprintln!("{name}: {seen:?}");
    // The games must have reached what the checks are about.
    assert!(
        seen.plies > GAMES * 20,
        "{name}: games ended early: {seen:?}"
    );
    assert!(seen.captures > 0 && seen.checks > 0, "{name}: {seen:?}");
    assert!(seen.promotions > 0, "{name}: no promotion seen: {seen:?}");
    if variant.castling.is_some() {
        assert!(seen.castling > 0, "{name}: no castling seen: {seen:?}");
    }
    if variant
        .pieces
        .iter()
        .any(|p| p.moves.moves.iter().any(|m| m.final_leg().ep_capture))
    {
        assert!(seen.ep > 0, "{name}: no e.p. capture seen: {seen:?}");
    }
}

// Extra start positions: promotions, e.p. and castling close at hand.

/// Pawns one step from promoting on both wings, an e.p. capture (d6), all
/// castling rights.
const CHESS_EVENTS: &str = "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1";
/// Chess960 positions: the king next to its rook, the king on its
/// castling square, a castling that would expose the king on the rank.
const FRC_EXTRA: [&str; 3] = [
    "4k3/8/8/8/8/8/8/RK5R w HA - 0 1",
    "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAga - 0 1",
    "4k3/8/8/8/8/8/8/rR4K1 w B - 0 1",
];

#[test]
fn random_games_normal() {
    play_games("normal", &[CHESS_EVENTS]);
}

#[test]
fn random_games_nocastle() {
    play_games("nocastle", &["4k3/1P4P1/8/3pP3/8/8/1p4p1/4K3 w - d6 0 1"]);
}

#[test]
fn random_games_fischerandom() {
    play_games("fischerandom", &FRC_EXTRA);
}

#[test]
fn random_games_capablanca() {
    play_games(
        "capablanca",
        &["r4k3r/1P6P1/10/10/10/10/1p6p1/R4K3R w KQkq - 0 1"],
    );
}

#[test]
fn random_games_caparandom() {
    play_games(
        "caparandom",
        &["r4k3r/1P6P1/10/10/10/10/1p6p1/R4K3R w JAja - 0 1"],
    );
}

#[test]
fn random_games_gothic() {
    play_games("gothic", &[]);
}

#[test]
fn random_games_janus() {
    play_games(
        "janus",
        &["r3k4r/1P6P1/10/10/10/10/1p6p1/R3K4R w KQkq - 0 1"],
    );
}

#[test]
fn random_games_knightmate() {
    play_games(
        "knightmate",
        &["r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1"],
    );
}

#[test]
fn random_games_berolina() {
    play_games("berolina", &["4k3/1P4P1/8/8/8/8/1p4p1/4K3 w - - 0 1"]);
}

#[test]
fn random_games_cylinder() {
    play_games(
        "cylinder",
        &[
            CHESS_EVENTS,
            "4k3/P6p/8/8/8/8/p6P/4K3 w - - 0 1",
            "4k3/8/8/8/8/n7/7P/4K3 w - - 0 1",
        ],
    );
}

#[test]
fn random_games_falcon() {
    play_games(
        "falcon",
        &[
            "r4k3r/2P7/10/3f6/6F3/10/7p2/R4K3R w KQkq - 0 1",
            "9k/10/10/10/4F5/10/10/K9 w - - 0 1",
        ],
    );
}

#[test]
fn random_games_courier() {
    play_games("courier", &[]);
}

#[test]
fn random_games_shatranj() {
    play_games("shatranj", &["3k4/1P4P1/8/8/8/8/1p4p1/3K4 w - - 0 1"]);
}

#[test]
fn random_games_makruk() {
    play_games("makruk", &[]);
}

#[test]
fn random_games_grand() {
    play_games("grand", &[]);
}

#[test]
fn random_games_great() {
    play_games("great", &[]);
}
