//! Legality: which pseudo-legal moves the rules allow. Most are vouched
//! for from the attack map without playing them ([`Legality`]); the rest
//! are made and the position after them examined ([`is_legal`]): the
//! royal pieces not attacked, castling not through attacked squares,
//! Chu Shogi's Lion trading, shogi's ban on mate by a pawn drop.

use super::pseudo_legal;

mod evasion;
mod gives_check;
use crate::position::{Position, Undo};
use crate::types::{Color, Geometry, Move, MoveList, Sq, flag};
use gives_check::{Check, may_give_check};
use std::cell::Cell;

/// Legal moves of the side to move.
pub fn legal_moves(pos: &mut Position) -> MoveList {
    let mut list = MoveList::new();
    generate_legal(pos, &mut list);
    list
}

/// Legal moves of the side to move, into `list` (cleared first).
pub fn generate_legal(pos: &mut Position, list: &mut MoveList) {
    list.clear();
    if pos.game_over_by_rule() {
        return;
    }
    // Where a move's wall does not count for check, the moves are judged
    // before their walls are added.
    let walls_later = pos.rules().variant.walls.walling() && !pos.rules().walls_shield;
    if walls_later {
        super::unwalled::<true, true>(pos, list);
    } else {
        pseudo_legal::<true, true>(pos, list);
    }
    let check = Legality::new(pos);
    list.retain(|m| match check.verdict(pos, *m) {
        Some(legal) => legal,
        None => is_legal(pos, *m),
    });
    if pos.rules().variant.end.must_capture && list.iter().any(|m| m.is_capture()) {
        list.retain(|m| m.is_capture());
    }
    if pos.must_drop() {
        // Only drops (of the type named) while one is possible; drops of
        // other types never.
        let wanted = pos.rules().variant.drops.must_drop_type;
        let forced = |m: Move| m.is_drop() && wanted.is_none_or(|t| m.hand() == Some(t));
        if list.iter().any(|&m| forced(m)) {
            list.retain(|m| forced(*m));
        } else {
            list.retain(|m| !m.is_drop());
        }
    }
    if walls_later {
        super::walls::expand(pos, list, 0);
    }
    let us = pos.side_to_move().index();
    if pos.rules().variant.end.pass_on_stalemate[us] && list.iter().any(|m| !m.is_pass()) {
        // A pass only where nothing else is legal (a wall-only move is
        // no pass here).
        list.retain(|m| !m.is_pass() || m.is(flag::WALL));
    }
}

/// The move whose legality decides `m`'s: `m` without a gated piece, and
/// without its wall unless walls shield (`Rules::walls_shield`).
pub fn judged_as(pos: &Position, m: Move) -> Move {
    let m = m.without_gate();
    if m.is(flag::WALL) && !pos.rules().walls_shield {
        m.without_wall()
    } else {
        m
    }
}

/// A quick legality test from the attack map, good for most moves when the
/// side to move has one royal piece, is not in check, and every enemy walk
/// is monotone (a piece placed on a square only ever shortens enemy walks).
/// Moves it cannot vouch for are tested by making them.
pub struct Legality {
    fast: bool,
    king: Sq,
    /// Some enemy walk visits the king's square (without attacking it).
    king_touched: bool,
    /// Flying general: the enemy general's square, when it can face ours.
    facing: Option<Sq>,
    /// Which of several kings is royal depends on where they stand: their
    /// moves are tested by making them.
    kings_shift: bool,
    /// The side to move has no royal piece.
    all_legal: bool,
    /// The enemy has cannons: a new screen may open an attack.
    screens: bool,
    /// Any of the rarer tests above applies (Lions, `all_legal`,
    /// `kings_shift`, `facing`, `drop_mate`).
    special: bool,
    /// Uchifuzume: the enemy king's square, where drops of the types that
    /// may not mate could give check.
    drop_mate: Option<Sq>,
    /// Moves may not give check (racing kings): those that might are
    /// tested by making them.
    no_checks: bool,
    /// Captures explode (atomic): they are judged by what the blast
    /// removes ([`Legality::blast_verdict`]).
    blast: bool,
    /// The enemy's royal piece, when it has exactly one (a capture that
    /// blows it up wins; the king a move must not check).
    their_royal: Option<Sq>,
    /// An attack on our king after the move makes it illegal for certain
    /// (no rule excuses it): such moves are rejected without being made.
    exact: bool,
    /// Enemy pieces whose walks may reach our king past a square a move
    /// empties ([`Lines`]).
    pinners: Lines,
    /// Ours that may so reach the enemy king, where moves may not check.
    checkers: Lines,
    /// Our king is in check (and `fast` is off): the enemy pieces (slot
    /// bits) giving it, for [`Legality::evasion_verdict`]; 0 where the
    /// rules are not plain enough to judge evasions from the map.
    giving_check: u64,
    /// Enemy walks only lengthen as squares empty (no hoppers, locusts,
    /// explosions or moving ducks): set only with `giving_check`.
    monotone: bool,
    /// Where moves may not check: the last square found to open no line
    /// of ours to the enemy king when emptied. A line a move opens
    /// depends on where the mover lands only by being blocked again, so
    /// the mover's other moves (generated one after another) need not
    /// look again.
    opens_nothing: Cell<Option<Sq>>,
}

/// The pieces of one side (slot bits) whose walks may reach a target (a
/// king) past a square a move empties: those that could strike it from
/// where they stand, past an empty square (`Lines(u64::MAX)`: not worked
/// out, every piece is looked at).
#[derive(Clone, Copy, Default)]
struct Lines(u64);

impl Lines {
    fn new(pos: &Position, by: Color, target: Sq) -> Lines {
        let rules = pos.rules();
        let strikes = &rules.strikes[by.index()];
        let mut bits = 0;
        for (slot, piece) in pos.pieces(by) {
            if rules.table.role_trees(by, piece.role).discovers
                && strikes[usize::from(piece.role.0)].may_strike(piece.sq, target)
            {
                bits |= slot_bit(by, slot);
            }
        }
        Lines(bits)
    }
}

impl Legality {
    /// The verdict maker for a side without royal pieces: every move is
    /// legal.
    fn all_legal() -> Legality {
        Legality {
            fast: true,
            king: 0,
            king_touched: false,
            facing: None,
            kings_shift: false,
            all_legal: true,
            screens: false,
            special: true,
            drop_mate: None,
            no_checks: false,
            blast: false,
            their_royal: None,
            exact: false,
            pinners: Lines(0),
            checkers: Lines(0),
            giving_check: 0,
            monotone: false,
            opens_nothing: Cell::new(None),
        }
    }

    pub fn new(pos: &Position) -> Legality {
        let us = pos.side_to_move();
        let them = us.opponent();
        let mut royals = pos.royals(us);
        let king = royals.next();
        let single = royals.next().is_none();
        let rules = pos.rules();
        // Nothing of ours can be in check (losing chess, three kings,
        // atomar): every move is legal (but for Lion trading). Explosions
        // reaching a royal piece, a royal piece to come by promotion or
        // from hand (placement, sittuyin's set-up: its own drop is made
        // and tested), and checks forbidden against an enemy royal piece
        // still need the tests below.
        let checks_forbidden = !rules.variant.end.checking || !rules.variant.drops.drop_checks;
        if king.is_none()
            && !rules.blast_royal
            && !rules.promotes_to_royal[us.index()]
            && (!checks_forbidden || pos.royals(them).next().is_none())
        {
            return Legality::all_legal();
        }
        // The enemy's royal pieces matter to explosions, checks forbidden,
        // flying generals and drop mates only.
        let theirs_matter = rules.blast.is_some()
            || !rules.variant.end.checking
            || !rules.variant.drops.drop_checks
            || rules.variant.end.flying_general
            || !rules.variant.drops.no_drop_mate.is_empty();
        let (their_first, their_royal) = if theirs_matter {
            let mut theirs = pos.royals(them);
            let first = theirs.next();
            // The enemy's royal piece, when it has one only.
            (first, first.filter(|_| theirs.next().is_none()))
        } else {
            (None, None)
        };
        // A duck that moves away can open a line to a pseudo-royal piece.
        let duck_moves =
            rules.variant.walls.rule == crate::variant::Walling::Duck && rules.walls_shield;
        // Moves may not give check (racing kings): those that might are
        // tested by making them.
        let checks_restricted = (!rules.variant.end.checking || !rules.variant.drops.drop_checks)
            && their_first.is_some();
        // Explosions (atomic): a capture is judged by what its blast
        // removes, where nothing else is in play: no pseudo-royal counts,
        // walls, petrification, cannons, or checks forbidden.
        let blast = rules.blast.is_some()
            && rules.pseudo_royal_limit.is_none()
            && !rules.variant.walls.walling()
            && !rules.variant.walls.petrify_blast
            && !rules.petrify.iter().any(|&p| p)
            && !rules.screens[them.index()]
            && !checks_restricted;
        let monotone = rules.monotone[them.index()]
            && !rules.has_locust
            && (rules.blast.is_none() || blast)
            && !duck_moves;
        // Facing generals are a check no walk shows: moves that could open
        // or enter the file between them are tested by making them.
        let flying_general = rules.special_check && rules.variant.end.flying_general;
        let facing = if flying_general { their_royal } else { None };
        let facing_ok = !flying_general || facing.is_some();
        let drop_mate = if rules.variant.drops.no_drop_mate.is_empty() {
            None
        } else {
            their_first
        };
        match king {
            Some(king)
                if single
                    && monotone
                    && facing_ok
                    && !pos.in_bikjang()
                    && !pos.attacked_by(king, them) =>
            {
                Legality {
                    fast: true,
                    king,
                    king_touched: pos.touched_by(king, them) != 0,
                    facing,
                    kings_shift: rules.royal_first_found,
                    all_legal: false,
                    screens: rules.screens[them.index()],
                    special: rules.has_lions
                        || rules.judged_before_move
                        || rules.royal_first_found
                        || facing.is_some()
                        || drop_mate.is_some(),
                    drop_mate,
                    no_checks: checks_restricted,
                    blast,
                    their_royal,
                    // Our royal piece attacked after the move is check,
                    // and check makes it illegal: no explosions (kings
                    // side by side), no royalty by count or by place.
                    exact: rules.blast.is_none()
                        && !rules.special_check
                        && !rules.petrifying_royal
                        && rules.pseudo_royal_limit.is_none(),
                    // Worked out once per position where many moves
                    // have lines to look at (racing kings' crowded
                    // ranks); elsewhere piece by piece, move by move.
                    pinners: if checks_restricted {
                        Lines::new(pos, them, king)
                    } else {
                        Lines(u64::MAX)
                    },
                    checkers: match their_royal {
                        Some(theirs) if checks_restricted => Lines::new(pos, us, theirs),
                        _ => Lines(0),
                    },
                    giving_check: 0,
                    monotone: false,
                    opens_nothing: Cell::new(None),
                }
            }
            _ => {
                // In check, where an attack on our one royal piece is
                // check (rules that forbid more moves, such as drop mates
                // or facing generals, do not matter here), a move that
                // leaves a checker's walk as it was leaves it in check.
                let plain = single
                    && !pos.in_bikjang()
                    && rules.blast.is_none()
                    && !rules.variant.end.duple_check
                    && !rules.petrifying_royal
                    && rules.pseudo_royal_limit.is_none()
                    && !rules.has_lions
                    && !rules.royal_first_found
                    && !rules.variant.walls.walling();
                let giving_check = match king {
                    Some(k) if plain => pos.attackers(k, them),
                    _ => 0,
                };
                Legality {
                    fast: false,
                    king: king.unwrap_or(0),
                    king_touched: true,
                    facing: None,
                    kings_shift: true,
                    all_legal: false,
                    screens: true,
                    special: true,
                    drop_mate: None,
                    no_checks: checks_restricted,
                    blast: false,
                    their_royal,
                    exact: false,
                    pinners: Lines(0),
                    checkers: Lines(0),
                    giving_check,
                    // Cannons' walks shorten as their screens leave.
                    monotone: monotone && !rules.screens[them.index()],
                    opens_nothing: Cell::new(None),
                }
            }
        }
    }

    /// True if `m` (pseudo-legal) is legal for certain; false means "make
    /// it and look".
    #[inline]
    pub fn certainly_legal(&self, pos: &Position, m: Move) -> bool {
        self.verdict(pos, m) == Some(true)
    }

    /// Whether `m` (pseudo-legal) is legal, where the attack map tells
    /// for certain; `None` means "make it and look" ([`is_legal`]).
    #[inline(always)]
    pub fn verdict(&self, pos: &Position, m: Move) -> Option<bool> {
        // Without a royal piece nothing of ours can be in check, and the
        // rules judged before the move (`legal_before`, Lion trading) are
        // about captures, drops and royal pieces: the common case, judged
        // here without a call.
        let plain = !m.is(flag::CAPTURE
            | flag::DROP
            | flag::PROMOTE
            | flag::EP
            | flag::CASTLE
            | flag::LOCUST);
        if self.all_legal && plain {
            return Some(true);
        }
        self.verdict_looked(pos, m)
    }

    /// [`Legality::verdict`] past its first test.
    #[inline(never)]
    fn verdict_looked(&self, pos: &Position, m: Move) -> Option<bool> {
        if self.giving_check != 0 {
            return self.evasion_verdict(pos, m);
        }
        if !self.fast || m.is(flag::EP | flag::CASTLE | flag::LOCUST) {
            return None;
        }
        if self.all_legal
            && m.is_drop()
            && m.hand()
                .is_some_and(|r| pos.rules().royal[usize::from(r.0)])
        {
            return None;
        }
        if self.no_checks && !pos.rules().variant.end.checking {
            match may_give_check(pos, m, self.their_royal, self.checkers, &self.opens_nothing) {
                Check::No => {}
                Check::Gives => return Some(false),
                Check::Maybe => return None,
            }
        }
        if self.no_checks && m.is_drop() {
            // Drops may not give check (`dropChecks = false`).
            return None;
        }
        if m.is(flag::PROMOTE) && pos.rules().variant.promotion.sittuyin {
            // It may not give check, even by discovery: made and looked at.
            return None;
        }
        let from = m.from();
        if self.special {
            // Rules beyond "is the king attacked": Lion trading, kings
            // whose royalty depends on where they stand, facing generals.
            if pos.rules().has_lions && takes_lion(pos, m) {
                return None;
            }
            if !legal_before(pos, m) {
                return None;
            }
            if self.all_legal {
                return Some(true);
            }
            if self.kings_shift
                && pos
                    .piece_on(from)
                    .is_some_and(|(_, p)| pos.rules().royal[usize::from(p.role.0)])
            {
                return None;
            }
            if let Some(general) = self.facing
                && may_face(pos, self.king, general, m)
            {
                return None;
            }
            if let Some(king) = self.drop_mate
                && m.is(flag::DROP)
                && m.hand().is_some_and(|r| {
                    let rules = pos.rules();
                    rules.variant.drops.no_drop_mate.contains(&r)
                        && distance(rules.geometry(), m.to(), king) <= rules.reach[usize::from(r.0)]
                })
            {
                // It might give mate: decided by making it.
                return None;
            }
        }
        if self.blast && m.is(flag::CAPTURE) {
            return self.blast_verdict(pos, m);
        }
        let them = pos.side_to_move().opponent();
        if from == self.king {
            // Nothing attacks the king, so no enemy ray runs through its
            // square unless some walk touches it; then the destination just
            // has to be free of attacks.
            // (With none touching it, an attacked destination stays
            // attacked: the move is illegal.)
            if self.king_touched {
                return None;
            }
            return if !pos.attacked_by(m.to(), them) {
                Some(true)
            } else if self.exact && !m.is(flag::WALL | flag::GATE) && !pos.rules().has_lions {
                Some(false)
            } else {
                None
            };
        }
        // Vacating `from` can only extend enemy walks that pass it; the
        // destination, occupied before or not, blocks as much as before,
        // but may become a screen for a cannon on a line with the king:
        // where it was empty, or held a piece a cannon may not hop
        // (janggi's cannons: the capturer is a screen where its victim
        // was a wall).
        let g = pos.rules().geometry();
        if self.screens
            && pos
                .piece_on(m.to())
                .is_none_or(|(_, p)| pos.rules().stopped_by_own_kind[usize::from(p.role.0)])
        {
            let mut touching = pos.touched_by(m.to(), them);
            while touching != 0 {
                let bit = touching.trailing_zeros() as usize;
                touching &= touching - 1;
                let enemy = pos.slot(Position::slot_index(them, bit));
                let trees = pos.rules().table.role_trees(them, enemy.role);
                if !trees.monotone && aligned(g, enemy.sq, m.to(), self.king) {
                    return None;
                }
            }
        }
        if pos.touched_by(from, them) & self.pinners.0 == 0 {
            return Some(true);
        }
        // A capture removes its victim: its walks do not count.
        let victim = match pos.slot_at(m.to()) {
            Some(slot) if m.is(flag::CAPTURE) => slot_bit(them, slot),
            _ => 0,
        };
        match line_opens(pos, them, from, self.king, self.pinners, victim, m, &[]) {
            Some(false) => Some(true),
            Some(true) if self.exact && !m.is(flag::WALL | flag::GATE) => Some(false),
            _ => None,
        }
    }

    /// The verdict on capture `m` where captures explode: illegal if the
    /// blast takes our royal piece, legal if it takes the enemy's (and
    /// not ours), else legal if no enemy walk through a square the blast
    /// (or the capturer) empties may reach our king. Nothing attacks our
    /// king before the move (the fast test's premise), and enemy walks
    /// are monotone: only emptied squares can lengthen them.
    fn blast_verdict(&self, pos: &Position, m: Move) -> Option<bool> {
        let (from, to) = (m.from(), m.to());
        if from == self.king || m.is(flag::PROMOTE | flag::DROP) {
            return None;
        }
        let rules = pos.rules();
        let deltas = rules.blast?;
        let (_, mover) = pos.piece_on(from)?;
        let us = pos.side_to_move();
        let them = us.opponent();
        // The squares the capture empties, besides `from`: the blast's
        // centre (unless the capturer survives there) and the neighbours
        // whose pieces the blast does not spare; and the enemy pieces it
        // removes (their walks end with them).
        let mut emptied = [0 as Sq; 10];
        let mut n = 0;
        let mut removed = 0u64;
        let mut their_royal_gone = self.their_royal == Some(to);
        if let Some(slot) = pos.slot_at(to) {
            removed |= slot_bit(them, slot);
        }
        if !rules.blast_immune[usize::from(mover.role.0)] {
            emptied[n] = to;
            n += 1;
        }
        for d in deltas {
            let s = (i32::from(to) + i32::from(d)) as Sq;
            if s == from {
                continue;
            }
            let Some((color, p)) = pos.piece_on(s) else {
                continue;
            };
            if rules.blast_spared[usize::from(p.role.0)] {
                continue;
            }
            if s == self.king {
                return Some(false);
            }
            if color == them {
                their_royal_gone |= self.their_royal == Some(s);
                if let Some(slot) = pos.slot_at(s) {
                    removed |= slot_bit(them, slot);
                }
            }
            emptied[n] = s;
            n += 1;
        }
        if their_royal_gone {
            return Some(true);
        }
        let emptied = &emptied[..n];
        for &s in std::iter::once(&from).chain(emptied) {
            if line_opens(pos, them, s, self.king, self.pinners, removed, m, emptied) != Some(false)
            {
                return None;
            }
        }
        Some(true)
    }
}

/// `slot`'s bit among `color`'s slots (as [`Position::touched_by`] has them).
#[inline]
fn slot_bit(color: Color, slot: usize) -> u64 {
    match slot.checked_sub(Position::slot_index(color, 0)) {
        Some(bit) if bit < 64 && Position::slot_index(color, bit) == slot => 1 << bit,
        _ => 0,
    }
}

/// Whether once `m` is made (its mover off its square and on its
/// destination, the squares of `emptied` empty too) a piece of `by` among
/// `lines` (less those of `skip`, slot bits: a capture's victims) attacks
/// `target` along a walk that visits `sq`, a square the move empties:
/// `Some(false)` for certain not, `Some(true)` for certain, `None` when it
/// cannot tell. A walk that passes no occupied square is walked again on
/// the board as the move leaves it; the others are not told.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn line_opens(
    pos: &Position,
    by: Color,
    sq: Sq,
    target: Sq,
    lines: Lines,
    skip: u64,
    m: Move,
    emptied: &[Sq],
) -> Option<bool> {
    let touching = pos.touched_by(sq, by) & lines.0 & !skip;
    if touching == 0 {
        return Some(false);
    }
    lines_touching(pos, by, sq, target, touching, m, emptied)
}

/// [`line_opens`] for the pieces of `touching` (slot bits).
#[inline(never)]
fn lines_touching(
    pos: &Position,
    by: Color,
    sq: Sq,
    target: Sq,
    mut touching: u64,
    m: Move,
    emptied: &[Sq],
) -> Option<bool> {
    let rules = pos.rules();
    let g = rules.geometry();
    let mut told = true;
    while touching != 0 {
        let bit = touching.trailing_zeros() as usize;
        touching &= touching - 1;
        let piece = pos.slot(Position::slot_index(by, bit));
        let trees = rules.table.role_trees(by, piece.role);
        if !trees.discovers
            || (trees.straight && !aligned(g, piece.sq, sq, target))
            || !rules.strikes[by.index()][usize::from(piece.role.0)].may_strike(piece.sq, target)
        {
            continue;
        }
        if !trees.monotone || m.is_drop() || (piece.virgin && trees.initial_root(piece.sq) != 0) {
            told = false;
            continue;
        }
        if pos.would_attack_after(by, piece.role, piece.sq, target, m, emptied) {
            return Some(true);
        }
    }
    told.then_some(false)
}

/// Whether `m` takes a piece of a Lion type (Chu's trading rules apply).
fn takes_lion(pos: &Position, m: Move) -> bool {
    let lion = |sq: Sq| {
        pos.piece_on(sq)
            .is_some_and(|(_, p)| pos.rules().lion[usize::from(p.role.0)])
    };
    (m.is(flag::CAPTURE) && lion(m.to())) || (m.is(flag::LOCUST) && lion(m.aux()))
}

/// Whether after `m` the generals on `king` (ours) and `general` could
/// stand on one file or one rank with nothing between them (Fairy-
/// Stockfish's flying general sees along ranks too).
fn may_face(pos: &Position, king: Sq, general: Sq, m: Move) -> bool {
    let g = pos.rules().geometry();
    let ours = if !m.is_drop() && m.from() == king {
        m.to()
    } else {
        king
    };
    let (Some((fk, rk)), Some((fg, rg))) = (g.coords(ours), g.coords(general)) else {
        return true;
    };
    // A square between is empty after the move: `from` is vacated, `to`
    // filled.
    let empty_after = |sq: Sq| sq != m.to() && (pos.is_empty(sq) || !m.is_drop() && sq == m.from());
    if fk == fg {
        (rk.min(rg) + 1..rk.max(rg)).all(|r| empty_after(g.sq(fk, r)))
    } else if rk == rg {
        (fk.min(fg) + 1..fk.max(fg)).all(|f| empty_after(g.sq(f, rk)))
    } else {
        false
    }
}

/// King-step distance between two board squares.
pub(crate) fn distance(g: &Geometry, a: Sq, b: Sq) -> u8 {
    match (g.coords(a), g.coords(b)) {
        (Some((af, ar)), Some((bf, br))) => af.abs_diff(bf).max(ar.abs_diff(br)),
        _ => u8::MAX,
    }
}

/// True if `c` lies beyond `b` on the line from `a` through `b`.
#[inline]
fn aligned(g: &Geometry, a: Sq, b: Sq, c: Sq) -> bool {
    g.beyond(a, b, c)
}

/// True if `m` (pseudo-legal) does not leave the mover's royal pieces
/// attacked nor break another rule of legality.
///
/// A Seirawan gating move is legal exactly when the same move without the
/// gate is: the piece entering does not shield the king (a king may not
/// step along a line that its own vacated square, gated, would block).
/// XBoard 4.9.1 (`GenLegal` tests check before the gate), Fairy-Stockfish,
/// Sjaak II and Cute Chess all count so: in
/// `Q3k2r/2qnbppp/1ppppn2/5bB1/3P4/2N1PN2/PP2BPPP/R3K2R[HEhe] b KQBCFGkcdfg`
/// Black has 5 moves, not Ke8-f8 with a hawk or elephant gated on e8.
pub fn is_legal(pos: &mut Position, m: Move) -> bool {
    let m = judged_as(pos, m);
    let us = pos.side_to_move();
    if !legal_before(pos, m) {
        return false;
    }
    let undo = pos.make(m);
    let ok = legal_after(pos, us, m, &undo);
    pos.unmake(m, &undo);
    ok
}

/// After `us` made `m` (with `undo`): the move did not leave `us` in
/// check nor break a capture rule. Not for gating moves, whose gated
/// piece must not count: [`is_legal`] tests those without it.
pub fn legal_after(pos: &mut Position, us: Color, m: Move, undo: &Undo) -> bool {
    debug_assert!(
        judged_as(pos, m) == m,
        "gating and walling moves are tested by is_legal"
    );
    if pos.bikjang_unbroken() {
        // The kings faced each other before the move and still do: only a
        // pass may leave them so (in check too), and it ends the game.
        return m.is_pass();
    }
    let in_check = if pos.rules().petrifying_royal {
        petrified_check(pos, us)
    } else {
        pos.in_check(us)
    };
    !in_check
        && (!m.is(flag::CASTLE) || castling_passed_safely(pos, us, m))
        && (!pos.rules().has_lions || lion_rules_allow(pos, us, m, undo))
        && !drop_mate(pos, m)
        && !(check_forbidden(pos, m) && pos.in_check(us.opponent()))
}

/// The rules a move must meet that are judged on the position before it
/// (makpong's king in check), for callers that make moves and then test
/// them with [`legal_after`].
#[inline]
pub fn legal_before(pos: &Position, m: Move) -> bool {
    if !pos.rules().judged_before_move {
        return true;
    }
    let makpong = pos.rules().variant.end.makpong && king_leaves_check(pos, pos.side_to_move(), m);
    let petrifies = pos.rules().petrifying_royal && royal_petrifies(pos, m);
    !makpong && !petrifies && !takes_own_kind(pos, m) && !bishops_one_colour(pos, m)
}

/// `dropOppositeColoredBishop` (placement chess): drop `m` would leave the
/// side's bishops unable to stand on both colours: a bishop dropped on a
/// colour that already has its share, or another piece taking a square
/// the bishops in hand still need. Fairy-Stockfish's `legal` counts so.
fn bishops_one_colour(pos: &Position, m: Move) -> bool {
    let Some(bishop) = pos.rules().variant.drops.bishops_both_colours else {
        return false;
    };
    let Some(dropped) = m.hand().filter(|_| m.is_drop()) else {
        return false;
    };
    let us = pos.side_to_move();
    let g = pos.rules().geometry();
    let dark = |sq: Sq| g.coords(sq).is_some_and(|(f, r)| (f + r) % 2 == 0);
    // Per colour (light, dark): our bishops on the board.
    let mut on_board = [0usize; 2];
    for (_, s) in pos.pieces(us).filter(|(_, s)| s.role == bishop) {
        on_board[usize::from(dark(s.sq))] += 1;
    }
    let in_hand = pos
        .holdings(us)
        .get(usize::from(bishop.0))
        .copied()
        .unwrap_or(0);
    let total = on_board[0] + on_board[1] + usize::from(in_hand);
    if dropped == bishop {
        return on_board[usize::from(dark(m.to()))] + 1 > total.div_ceil(2);
    }
    let mut room = on_board;
    for &s in pos.rules().drop_targets[us.index()][usize::from(bishop.0)].iter() {
        if s != m.to() && pos.is_empty(s) {
            room[usize::from(dark(s))] += 1;
        }
    }
    room.iter().any(|&n| n < total / 2)
}

/// `mutuallyImmuneTypes`: `m` takes a piece of its mover's type, which
/// that type may not (atomar's kings).
fn takes_own_kind(pos: &Position, m: Move) -> bool {
    if !m.is(flag::CAPTURE) || pos.rules().variant.mutually_immune.is_empty() {
        return false;
    }
    match (pos.piece_on(m.from()), pos.piece_on(m.to())) {
        (Some((_, mover)), Some((_, victim))) => {
            mover.role == victim.role && pos.rules().mutually_immune[usize::from(mover.role.0)]
        }
        _ => false,
    }
}

/// `m` captures with a royal piece that the capture would turn into a
/// wall: its side would lose it, so the capture is illegal.
fn royal_petrifies(pos: &Position, m: Move) -> bool {
    if !m.is_capture() || m.is_drop() {
        return false;
    }
    let Some((us, mover)) = pos.piece_on(m.from()) else {
        return false;
    };
    let rules = pos.rules();
    let r = usize::from(mover.role.0);
    rules.petrify[r] && rules.royal[r] && pos.royal_by_count(us, mover.role)
}

/// Check where royal pieces that petrify cannot capture: `us` has a royal
/// piece attacked by an enemy that is not such a piece (Fairy-Stockfish
/// leaves them out of a pseudo-royal's attackers).
fn petrified_check(pos: &Position, us: Color) -> bool {
    let them = us.opponent();
    let rules = pos.rules();
    pos.royals(us).any(|sq| {
        let mut attackers = pos.attackers(sq, them);
        while attackers != 0 {
            let bit = attackers.trailing_zeros() as usize;
            attackers &= attackers - 1;
            let r = usize::from(pos.slot(Position::slot_index(them, bit)).role.0);
            if !(rules.petrify[r] && rules.royal[r]) {
                return true;
            }
        }
        false
    })
}

/// Makpong: `m` is a royal piece of `us`, in check, doing anything but
/// take the one piece that gives the check.
fn king_leaves_check(pos: &Position, us: Color, m: Move) -> bool {
    if m.is_drop() || !pos.in_check(us) {
        return false;
    }
    let Some((_, mover)) = pos.piece_on(m.from()) else {
        return false;
    };
    if !pos.rules().royal[usize::from(mover.role.0)] {
        return false;
    }
    let checkers = pos.attackers(m.from(), us.opponent());
    let them = us.opponent();
    let takes_the_checker = checkers.count_ones() == 1
        && pos
            .slot(Position::slot_index(
                them,
                checkers.trailing_zeros() as usize,
            ))
            .sq
            == m.to();
    !takes_the_checker
}

/// Whether `m` may not give check: no move may where `checking = false`,
/// no drop where `dropChecks = false`, no sittuyin promotion
/// (Fairy-Stockfish's rules).
fn check_forbidden(pos: &Position, m: Move) -> bool {
    let variant = &pos.rules().variant;
    !variant.end.checking
        || (m.is_drop() && !variant.drops.drop_checks)
        || (m.is(flag::PROMOTE) && variant.promotion.sittuyin)
}

/// The side to move has a legal move.
pub fn has_legal_move(pos: &mut Position) -> bool {
    let mut list = MoveList::new();
    pseudo_legal::<true, true>(pos, &mut list);
    list.iter().any(|&m| is_legal(pos, m))
}

/// Castling `m`, just made by `us`: no square the king passed over is
/// attacked now that the king has left its own square. The generator
/// tested them with the king still standing there, which is all a
/// straight line needs (a rider through the king's square would be
/// giving check), but a move that bends (the falcon's) can reach a
/// passed square by way of the king's square: with the king on its
/// way, that square is empty. Fairy-Max rejects such a castling.
fn castling_passed_safely(pos: &Position, us: Color, m: Move) -> bool {
    let g = pos.rules().geometry();
    let royal_before = if pos.rules().royal_first_found {
        // XBoard's two kings: the castling king was royal if the scan
        // found it first with it back on its start square.
        let before = pos
            .royal_type_squares(us)
            .map(|s| if s == m.to() { m.from() } else { s });
        pos.first_in_scan(before) == Some(m.from())
    } else {
        pos.royals(us).any(|k| k == m.to())
    };
    if !royal_before {
        // A king that is not royal (losing chess, the second of two
        // kings) may pass attacks.
        return true;
    }
    let (Some((kf, rank)), Some((kt, _))) = (g.coords(m.from()), g.coords(m.to())) else {
        return true;
    };
    let them = us.opponent();
    (kf.min(kt) + 1..kf.max(kt)).all(|x| !pos.attacked_by(g.sq(x, rank), them))
}

/// Uchifuzume: `m`, just made, drops a piece of a type that may not
/// give mate by dropping, and it mates.
fn drop_mate(pos: &mut Position, m: Move) -> bool {
    let drops = &pos.rules().variant.drops;
    if !m.is(flag::DROP)
        || drops.no_drop_mate.is_empty()
        || !m.hand().is_some_and(|r| drops.no_drop_mate.contains(&r))
        || !pos.in_check(pos.side_to_move())
    {
        return false;
    }
    !has_legal_move(pos)
}

/// Chu Shogi's Lion trading, checked after the move: a non-Lion may
/// not take a Lion right after a non-Lion took one (`undo` holds the
/// ban as it was); a Lion may not take a protected Lion two squares
/// away unless it took a piece stronger than a weak bridge on the way.
fn lion_rules_allow(pos: &Position, us: Color, m: Move, undo: &Undo) -> bool {
    let mover_lion = pos.is_lion(undo.mover());
    let took_lion = undo.captured().iter().any(|(_, s)| pos.is_lion(s));
    if !took_lion {
        return true;
    }
    if !mover_lion {
        return !undo.lion_strike_before();
    }
    let far_lion = undo
        .captured()
        .iter()
        .any(|(_, s)| s.sq == m.to() && pos.is_lion(s));
    let g = pos.rules().geometry();
    let distant = match (g.coords(m.from()), g.coords(m.to())) {
        (Some((a, b)), Some((c, d))) => a.abs_diff(c).max(b.abs_diff(d)) > 1,
        _ => false,
    };
    if !far_lion || !distant || !pos.attacked_by(m.to(), us.opponent()) {
        return true;
    }
    // A bridge: something worth more than a Pawn or Go-Between taken
    // on the way.
    undo.captured()
        .iter()
        .any(|(_, s)| s.sq != m.to() && !pos.rules().weak_bridge[usize::from(s.role.0)])
}
