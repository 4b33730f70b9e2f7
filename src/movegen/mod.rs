//! The attack-table move generator: legal moves read from the walk records
//! that the incremental attack map keeps for every piece.
//!
//! A piece's walk (see `position::attack`) already lists every square its
//! trajectories reach on the current board and what it could do there, so
//! generating its moves is a scan of that list: no ray is traced twice.
//! Moves come out as pseudo-legal candidates; legality is then decided by
//! making the move and reading the attack map at the royal squares.

mod drops;
mod legal;
mod perft;
mod sittuyin;
mod walls;

pub use walls::one_wall_each;

pub(crate) use legal::distance;
pub use legal::{
    Legality, generate_legal, has_legal_move, is_legal, judged_as, legal_after, legal_before,
    legal_moves,
};

pub use perft::{
    PerftSuiteLine, ShortCount, SuiteResult, check_suite_line, perft, perft_divide, run_suite,
};

use crate::position::{Position, entry, stands_alone};
use crate::types::{Color, Move, MoveList, Role, Sq, flag};

/// Pseudo-legal moves of the side to move: `CAPTURES` selects captures
/// (including e.p. and locust captures), `QUIETS` the rest; promotions go
/// with whichever kind the underlying move is.
pub fn pseudo_legal<const CAPTURES: bool, const QUIETS: bool>(pos: &Position, list: &mut MoveList) {
    let start = list.len();
    unwalled::<CAPTURES, QUIETS>(pos, list);
    if pos.rules().variant.walls.walling() {
        walls::expand(pos, list, start);
    }
}

/// [`pseudo_legal`] without the walls that walling variants' moves place.
fn unwalled<const CAPTURES: bool, const QUIETS: bool>(pos: &Position, list: &mut MoveList) {
    let start = list.len();
    board_moves::<CAPTURES, QUIETS>(pos, list);
    if QUIETS {
        castling_moves(pos, list);
        if pos.rules().variant.walls.or_move
            && let Some(pass) = walls::first_square_pass(pos)
        {
            list.push(pass);
        }
        let end = &pos.rules().variant.end;
        let c = pos.side_to_move().index();
        if (end.pass[c] || end.pass_on_stalemate[c]) && !list[start..].iter().any(|m| m.is_pass()) {
            // `pass`, `passOnStalemate`: the king passes, or where there
            // is none the piece on the first square (Fairy-Stockfish's).
            let pass = match pos.royals(pos.side_to_move()).next() {
                Some(k) => Some(Move::new(k, k, 0, None, 0)),
                None => walls::first_square_pass(pos),
            };
            if let Some(pass) = pass {
                list.push(pass);
            }
        }
        if pos.rules().variant.drops.piece_drops {
            drops::drop_moves(pos, list);
        }
    }
    if QUIETS && pos.rules().variant.drops.cambodian_moves {
        cambodian_moves(pos, list);
    }
    if CAPTURES && pos.rules().variant.promotion.sittuyin {
        sittuyin::promotions(pos, list);
    }
    if pos.rules().variant.flipping != crate::variant::Flipping::None {
        crate::position::drop_unfit(pos, list, start);
    }
    if pos.rules().variant.drops.gating {
        gating_moves(pos, list, start);
    }
}

/// Moves of the pieces on the board (castling aside).
fn board_moves<const CAPTURES: bool, const QUIETS: bool>(pos: &Position, list: &mut MoveList) {
    let us = pos.side_to_move();
    let mut alive = pos.alive(us);
    while alive != 0 {
        let bit = alive.trailing_zeros() as usize;
        alive &= alive - 1;
        let slot = Position::slot_index(us, bit);
        slot_moves::<CAPTURES, QUIETS, false>(pos, slot, 0, list);
    }
}

/// Quiet moves of the pieces of the side to move that may promote (pawn
/// types, and shogi pieces not promoted yet), promoting or not: where
/// quiescence finds its promotions without generating every quiet move.
pub fn promoting_quiets(pos: &Position, list: &mut MoveList) {
    let start = list.len();
    let us = pos.side_to_move();
    let rules = pos.rules();
    let mut alive = pos.alive(us);
    while alive != 0 {
        let bit = alive.trailing_zeros() as usize;
        alive &= alive - 1;
        let slot = Position::slot_index(us, bit);
        let piece = pos.slot(slot);
        let role = usize::from(piece.role.0);
        if rules.promotes[us.index()][role]
            || rules.promoted_type[role].is_some() && !piece.promoted
        {
            slot_moves::<false, true, false>(pos, slot, 0, list);
        }
    }
    if rules.variant.walls.walling() {
        walls::expand(pos, list, start);
    }
}

/// Captures by the side to move that land on `sq` (e.p. and locust
/// captures too; promotions in every form), from the pieces the attack map
/// names: what static exchange evaluation plays through.
pub fn captures_to(pos: &Position, sq: Sq, list: &mut MoveList) {
    let us = pos.side_to_move();
    let mut attackers = pos.attackers(sq, us) & pos.alive(us);
    while attackers != 0 {
        let bit = attackers.trailing_zeros() as usize;
        attackers &= attackers - 1;
        slot_moves::<true, false, true>(pos, Position::slot_index(us, bit), sq, list);
    }
}

/// Moves of one piece; with `ONLY_TO`, only those ending on `only_to`.
#[inline(always)]
fn slot_moves<const CAPTURES: bool, const QUIETS: bool, const ONLY_TO: bool>(
    pos: &Position,
    slot: usize,
    only_to: Sq,
    list: &mut MoveList,
) {
    let us = pos.side_to_move();
    if !ONLY_TO {
        let first = list.len();
        if pos.ready_moves::<CAPTURES, QUIETS>(slot, |m| list.push(m)) {
            return;
        }
        list.truncate(first);
    }
    let rules = pos.rules();
    {
        let piece = pos.slot(slot);
        let role = usize::from(piece.role.0);
        let from = piece.sq;
        let first = list.len();
        let role_gen = rules.generation[us.index()][role];
        let demotes_to = if piece.promoted {
            // To what it promoted from: several types may share a promoted one.
            rules.demoted_type[role].map(|_| piece.base)
        } else {
            None
        };
        let mover = Mover {
            role: piece.role,
            shogi: rules.promoted_type[role].is_some() && !piece.promoted,
            demotes_to,
        };
        // Pieces that never turn over nor reach a square twice take the
        // short road, and so do pawn types outside their promotion zone.
        let simple = rules.moves_plainly(us, piece);
        let pawn = role_gen.pawn;
        let zone = &rules.promotion_zone[us.index()];
        let double_step = role_gen.double_step;
        for e in pos.records(slot) {
            let kind = e.kind;
            if kind & (entry::QUIET | entry::CAPTURE | entry::CAPTURE_FRIEND | entry::EP) == 0 {
                continue;
            }
            if ONLY_TO && e.sq != only_to && e.aux != only_to {
                continue;
            }
            if simple && stands_alone(e, from, pawn, zone) {
                if QUIETS && kind & entry::QUIET != 0 {
                    let double = u16::from(kind & entry::DOUBLE != 0) * double_step;
                    list.push(Move::new(from, e.sq, 0, None, double));
                } else if CAPTURES && kind & entry::CAPTURE != 0 {
                    list.push(Move::new(from, e.sq, 0, None, flag::CAPTURE));
                }
                continue;
            }
            let locust = if e.aux != 0 { flag::LOCUST } else { 0 };
            if kind & entry::QUIET != 0 && (QUIETS && locust == 0 || CAPTURES && locust != 0) {
                let double = u16::from(kind & entry::DOUBLE != 0) * double_step;
                push(pos, list, first, mover, from, e.sq, e.aux, locust | double);
            }
            if CAPTURES && kind & (entry::CAPTURE | entry::CAPTURE_FRIEND) != 0 {
                let victim = pos.piece_on(e.sq).map(|(_, s)| s.role);
                let royal = victim.is_some_and(|r| rules.royal[usize::from(r.0)]);
                if !(royal && kind & (entry::TAME | entry::CAPTURE_FRIEND) != 0) {
                    push(
                        pos,
                        list,
                        first,
                        mover,
                        from,
                        e.sq,
                        e.aux,
                        flag::CAPTURE | locust,
                    );
                }
            }
            if CAPTURES && kind & entry::EP != 0 && pos.ep_capture_possible(us, piece.role, e.sq) {
                push(
                    pos,
                    list,
                    first,
                    Mover {
                        shogi: false,
                        ..mover
                    },
                    from,
                    e.sq,
                    0,
                    flag::EP,
                );
            }
        }
    }
}

/// Seirawan gating: each move of a piece that leaves an open gate also
/// comes with every piece type in hand entering behind it (when castling,
/// behind the king or behind the partner).
fn gating_moves(pos: &Position, list: &mut MoveList, start: usize) {
    let us = pos.side_to_move();
    let gates = pos.gates(us);
    if gates == 0 || pos.alive(us) == u64::MAX {
        return;
    }
    let rules = pos.rules();
    let g = rules.geometry();
    let rank = Position::gate_rank(g, us);
    let gate_open = |sq: Sq| {
        g.coords(sq)
            .is_some_and(|(f, r)| r == rank && gates & (1 << f) != 0)
    };
    let in_hand: arrayvec::ArrayVec<Role, { crate::types::HAND_ROLES }> = pos
        .holdings(us)
        .iter()
        .enumerate()
        .filter(|&(_, &n)| n > 0)
        .map(|(r, _)| Role(r as u8))
        .collect();
    if in_hand.is_empty() {
        return;
    }
    for i in start..list.len() {
        let m = list[i];
        if m.is(flag::DROP) {
            continue;
        }
        // Castling in a Chess960 setup may put the king or its partner
        // back on the other's square (king d1, rook c1 trade places): no
        // piece can enter there.
        let landed =
            |sq: Sq| m.to() == sq || m.is(flag::CASTLE) && castling_partner_to(g, m) == Some(sq);
        // A piece may enter only where it could be dropped (no pawn on
        // its first rank), as in Fairy-Stockfish.
        let droppable =
            |role: Role, sq: Sq| rules.drop_targets[us.index()][usize::from(role.0)].contains(&sq);
        for &role in &in_hand {
            if gate_open(m.from()) && !landed(m.from()) && droppable(role, m.from()) {
                add(list, 0, false, m.gating(role, false));
            }
            if m.is(flag::CASTLE)
                && gate_open(m.aux())
                && !landed(m.aux())
                && droppable(role, m.aux())
            {
                add(list, 0, false, m.gating(role, true));
            }
        }
    }
}

/// Cambodian chess's first moves (see [`crate::variant::Drops::cambodian_moves`]):
/// the king's knight leap to the rank in front, the met's double step,
/// each from its gate square to an empty square.
fn cambodian_moves(pos: &Position, list: &mut MoveList) {
    let us = pos.side_to_move();
    let gates = pos.gates(us);
    if gates == 0 {
        return;
    }
    let rules = pos.rules();
    let g = rules.geometry();
    let forward: i16 = if us == Color::White { 1 } else { -1 };
    let home = Position::gate_rank(g, us);
    let in_check = pos.in_check(us);
    for (_, piece) in pos.pieces(us) {
        let Some((f, r)) = g.coords(piece.sq) else {
            continue;
        };
        if gates & (1 << f) == 0 || r != home {
            continue;
        }
        let key = rules.variant.pieces[usize::from(piece.role.0)].key.as_str();
        let targets: &[(i16, i16)] = match key {
            "king" if !in_check => &[(-2, 1), (2, 1)],
            "fers" => &[(0, 2)],
            _ => continue,
        };
        for &(df, dr) in targets {
            let (tf, tr) = (i16::from(f) + df, i16::from(r) + dr * forward);
            if !(0..i16::from(g.width)).contains(&tf) || !(0..i16::from(g.height)).contains(&tr) {
                continue;
            }
            let to = g.sq(tf as u8, tr as u8);
            if pos.is_empty(to) {
                list.push(Move::new(piece.sq, to, 0, None, 0));
            }
        }
    }
}

/// Where a castling move puts the partner: beside the king's destination,
/// on the side the king came from.
pub(super) fn castling_partner_to(g: &crate::types::Geometry, m: Move) -> Option<Sq> {
    let (kt, rank) = g.coords(m.to())?;
    let (kf, _) = g.coords(m.from())?;
    let (rf, _) = g.coords(m.aux())?;
    let rt = if rf > kf { kt.checked_sub(1)? } else { kt + 1 };
    Some(g.sq(rt, rank))
}

/// What becomes of a moving piece: its type, whether it may still make a
/// shogi-style promotion, and the type it turns back into on moving
/// (Kyoto shogi's demotion).
#[derive(Clone, Copy)]
struct Mover {
    role: Role,
    shogi: bool,
    demotes_to: Option<Role>,
}

/// Adds a move, expanded into its promotions.
#[allow(clippy::too_many_arguments)]
fn push(
    pos: &Position,
    list: &mut MoveList,
    first: usize,
    Mover {
        role,
        shogi,
        demotes_to,
    }: Mover,
    from: Sq,
    to: Sq,
    aux: Sq,
    flags: u16,
) {
    let us = pos.side_to_move();
    let rules = pos.rules();
    let r = usize::from(role.0);
    let dedupe = rules.table.role_trees(us, role).duplicates;
    if from == to && aux == 0 {
        // A pass (a Lion's step out and back): one per position, whoever makes it.
        if list.iter().any(|m| m.is_pass()) {
            return;
        }
        add(list, first, dedupe, Move::new(from, to, aux, None, flags));
        return;
    }
    let capture = flags & (flag::CAPTURE | flag::LOCUST | flag::EP) != 0;
    // Micro shogi turns pieces over only when they capture.
    let on_capture = rules.variant.promotion.piece_on_capture;
    if let Some(base) = demotes_to
        && (capture || !on_capture)
    {
        let demote = flag::PROMOTE | flag::DEMOTE;
        add(
            list,
            first,
            dedupe,
            Move::new(from, to, aux, Some(base), flags | demote),
        );
        if on_capture && !rules.variant.promotion.piece_mandatory {
            add(list, first, dedupe, Move::new(from, to, aux, None, flags));
        }
        return;
    }
    // An en passant capture never promotes, even into the zone and where
    // promotion is mandatory: Fairy-Stockfish's en passant is a move kind
    // of its own, with no promotion (pychess: pawns cannot promote when
    // capturing en passant).
    if flags & flag::EP != 0 {
        add(list, first, dedupe, Move::new(from, to, aux, None, flags));
        return;
    }
    // Sittuyin's pawns promote by moves of their own (`sittuyin`), not
    // by reaching the zone.
    let pawn_promotes = rules.promotes[us.index()][r]
        && rules.promotion_zone[us.index()][usize::from(to)]
        && !rules.variant.promotion.sittuyin;
    if pawn_promotes {
        promotion_choices(
            pos,
            list,
            first,
            dedupe,
            Move::new(from, to, aux, None, flags),
        );
        // A pawn that also has a promoted type (wolf chess's pawn, whose
        // is the elephant): on reaching its zone it may become that too.
        if shogi
            && let Some(target) = rules.promoted_type[r]
            && pos.under_promotion_limit(us, target)
        {
            add(
                list,
                first,
                dedupe,
                Move::new(from, to, aux, Some(target), flags | flag::PROMOTE),
            );
        }
        if !rules.must_promote[us.index()][usize::from(to)] {
            add(list, first, dedupe, Move::new(from, to, aux, None, flags));
        }
        return;
    }
    if shogi && let Some(target) = rules.promoted_type[r] {
        let zone = &rules.promotion_zone[us.index()];
        let (from_in, to_in) = (zone[usize::from(from)], zone[usize::from(to)]);
        // Where only captures turn pieces over, a piece may also go where
        // it can no longer move (Fairy-Stockfish's micro shogi).
        let stuck = !on_capture && rules.is_stuck(us, role, to);
        let may = stuck
            || on_capture && capture && (from_in || to_in)
            || !on_capture
                && if rules.variant.promotion.non_capture_on_entry && !capture {
                    !from_in && to_in
                } else {
                    from_in || to_in
                };
        // A turn-over past the type's `promotionLimit` is not offered.
        if may && pos.under_promotion_limit(us, target) {
            add(
                list,
                first,
                dedupe,
                Move::new(from, to, aux, Some(target), flags | flag::PROMOTE),
            );
            if stuck || rules.variant.promotion.piece_mandatory {
                return;
            }
        } else if stuck {
            return;
        }
        add(list, first, dedupe, Move::new(from, to, aux, None, flags));
        return;
    }
    add(list, first, dedupe, Move::new(from, to, aux, None, flags));
}

/// A pawn's promotions to each type its side may promote to now: `m`
/// with each choice.
fn promotion_choices(pos: &Position, list: &mut MoveList, first: usize, dedupe: bool, m: Move) {
    let us = pos.side_to_move();
    for &choice in pos.rules().promotion_choices[us.index()].iter() {
        if pos.promotion_allowed(us, choice) {
            let promoted = Move::new(
                m.from(),
                m.to(),
                m.aux(),
                Some(choice),
                m.flags() | flag::PROMOTE,
            );
            add(list, first, dedupe, promoted);
        }
    }
}

#[inline]
fn add(list: &mut MoveList, first: usize, dedupe: bool, m: Move) {
    if dedupe && list[first..].contains(&m) {
        return;
    }
    list.push(m);
}

/// Castling per the variant's rules (Chess960 rules cover the orthodox case):
/// every square between king and partner and their destinations must be
/// empty but for the two, and the king may not be in check nor pass an
/// attacked square.
fn castling_moves(pos: &Position, list: &mut MoveList) {
    let Some(c) = &pos.rules().castling else {
        return;
    };
    let us = pos.side_to_move();
    let them = us.opponent();
    let rights = pos.castling_rights(us);
    if rights == 0 {
        return;
    }
    let g = pos.rules().geometry();
    let rank = c.rank[us.index()];
    let Some(king_sq) = pos.castling_king(us) else {
        return;
    };
    let Some((kf, _)) = g.coords(king_sq) else {
        return;
    };
    // A royal king may not castle out of or through check; a non-royal one
    // (losing chess) may.
    let royal = pos.royals(us).any(|s| s == king_sq);
    if royal && pos.attacked_by(king_sq, them) {
        return;
    }
    let mut files = rights;
    while files != 0 {
        let f = files.trailing_zeros() as u8;
        files &= files - 1;
        if f >= g.width {
            break;
        }
        let rook_sq = g.sq(f, rank);
        let Some((rook_color, rook)) = pos.piece_on(rook_sq) else {
            continue;
        };
        if rook_color != us
            || !c.rook_role[us.index()][usize::from(rook.role.0)]
            || rook_sq == king_sq
        {
            continue;
        }
        let kingside = f > kf;
        let kt = match c.king_distance {
            Some(d) if kingside => kf + d,
            Some(d) => match kf.checked_sub(d) {
                Some(t) => t,
                None => continue,
            },
            None => c.king_to[if kingside { 0 } else { 1 }],
        };
        if kt >= g.width {
            continue;
        }
        let rt = if kingside { kt - 1 } else { kt + 1 };
        let lo = kf.min(kt).min(f).min(rt);
        let hi = kf.max(kt).max(f).max(rt);
        let clear = (lo..=hi).all(|x| {
            let s = g.sq(x, rank);
            s == king_sq || s == rook_sq || pos.is_empty(s)
        });
        if !clear {
            continue;
        }
        let (a, b) = (kf.min(kt), kf.max(kt));
        if royal && (a..=b).any(|x| pos.attacked_by(g.sq(x, rank), them)) {
            continue;
        }
        list.push(Move::new(
            king_sq,
            g.sq(kt, rank),
            rook_sq,
            None,
            flag::CASTLE,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Rules;
    use crate::variant::VariantSet;

    #[test]
    fn a_full_move_list_loses_moves_without_stopping() {
        let set = VariantSet::builtin().expect("built-in variants");
        let rules = Rules::new(set.get("normal").expect("chess").clone()).expect("rules");
        let pos = Position::start(rules).expect("start position");
        let mut list = MoveList::new();
        let filler = Move::new(1, 2, 0, None, 0);
        while !list.is_full() {
            list.push(filler);
        }
        pseudo_legal::<true, true>(&pos, &mut list);
        assert_eq!(list.len(), crate::types::MAX_MOVES);
        assert!(list.iter().all(|&m| m == filler));
        assert!(list.overflowed(), "the lost moves are reported");
        // With room, the same call gives chess's twenty moves and no mark.
        list.clear();
        pseudo_legal::<true, true>(&pos, &mut list);
        assert_eq!(list.len(), 20);
        assert!(!list.overflowed());
    }
}
