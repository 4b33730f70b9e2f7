//! A game in progress: a position with its move history, the variant's
//! rules for how games end, and moves in XBoard's coordinate notation.
//!
//! The XBoard loop and the match referee both keep a `Game`; neither knows
//! any rule itself.

use crate::movegen::legal_moves;
use crate::position::{Position, Undo};
use crate::types::{Color, Geometry, Move, MoveList, Sq, flag};
use crate::variant::{GameEnd, GameValue};
use std::fmt;

/// The start of the reason given for a repetition lost by perpetual check.
pub const PERPETUAL_CHECK: &str = "perpetual check";

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win { winner: Color, reason: String },
    Draw { reason: String },
}

impl Outcome {
    /// `1-0 {White mates}` style, as XBoard and PGN write it.
    pub fn result_text(&self) -> String {
        match self {
            Outcome::Win {
                winner: Color::White,
                reason,
            } => format!("1-0 {{{reason}}}"),
            Outcome::Win {
                winner: Color::Black,
                reason,
            } => format!("0-1 {{{reason}}}"),
            Outcome::Draw { reason } => format!("1/2-1/2 {{{reason}}}"),
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn score_text(&self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Color::White,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Color::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }
}

/// Why a move text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not a move in coordinate notation at all.
    Syntax(String),
    /// Well formed, but not legal here.
    Illegal(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(m) => write!(f, "{m}"),
            MoveError::Illegal(m) => write!(f, "{m}"),
        }
    }
}

/// A square as XBoard writes it: ranks count from 1, except on boards with
/// exactly 10 ranks, which XBoard numbers 0-9.
pub fn square_text(g: &Geometry, sq: Sq) -> String {
    match g.coords(sq) {
        Some((f, r)) => {
            let offset = if g.height == 10 { 0 } else { 1 };
            format!("{}{}", char::from(b'a' + f), u32::from(r) + offset)
        }
        None => "??".into(),
    }
}

/// Reads a square in XBoard's numbering; returns it and the bytes used.
pub fn parse_square_text(g: &Geometry, text: &[u8]) -> Option<(Sq, usize)> {
    let file = text.first().filter(|c| c.is_ascii_lowercase())? - b'a';
    let digits = text[1..].iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits > 2 {
        return None;
    }
    let number: u32 = std::str::from_utf8(&text[1..1 + digits])
        .ok()?
        .parse()
        .ok()?;
    let rank = if g.height == 10 {
        number
    } else {
        number.checked_sub(1)?
    };
    (file < g.width && rank < u32::from(g.height)).then(|| (g.sq(file, rank as u8), 1 + digits))
}

/// A move in XBoard's coordinate notation: `e2e4`, `e7e8q`, locust
/// captures as two legs `d4e5,e5f6`; castling as the king's move, or
/// `O-O`/`O-O-O` in Chess960 variants (XBoard's FRC convention).
pub fn move_text(pos: &Position, m: Move) -> String {
    let rules = pos.rules();
    let g = rules.geometry();
    if m.is(flag::CASTLE) && rules.variant.chess960 {
        let kingside = m.aux() > m.from();
        return if kingside {
            "O-O".into()
        } else {
            "O-O-O".into()
        };
    }
    if m.is(flag::DROP) {
        return crate::movegen::drop_text(rules, m, &square_text(g, m.to()));
    }
    if m.is(flag::GATE_ROOK) {
        // XBoard's way to gate behind the partner: partner takes king.
        return format!(
            "{}{}{}",
            square_text(g, m.aux()),
            square_text(g, m.from()),
            crate::movegen::gate_suffix(rules, m)
        );
    }
    if m.is_pass() {
        return "@@@@".into();
    }
    let mut s = square_text(g, m.from());
    if m.is(flag::LOCUST) {
        s.push_str(&square_text(g, m.aux()));
        s.push(',');
        s.push_str(&square_text(g, m.aux()));
    }
    s.push_str(&square_text(g, m.to()));
    if let Some(r) = m.promotion() {
        s.push_str(&crate::movegen::promotion_suffix(rules, r));
    }
    s.push_str(&crate::movegen::gate_suffix(rules, m));
    s
}

/// A position met earlier in a game or search line: what repetition rules
/// need to know about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    pub key: u64,
    /// The side to move was in check (perpetual-check rules).
    pub in_check: bool,
}

/// The value, for the side to move, of a repetition whose cycle is
/// `cycle`: every position after the earlier occurrence up to the current
/// one, oldest first, each marked with whether its side to move was in
/// check. Where perpetual check is illegal, a side that checked with every
/// one of its moves in the cycle loses (unless both did).
pub fn repetition_value(end: &GameEnd, cycle: impl DoubleEndedIterator<Item = bool>) -> GameValue {
    if !end.perpetual_check_illegal {
        return end.n_fold_value;
    }
    // From the current position backwards: even steps have us to move
    // (in check: they checked), odd steps have them to move.
    let (mut they_check, mut we_check) = (true, true);
    for (i, check) in cycle.rev().enumerate() {
        if i % 2 == 0 {
            they_check &= check;
        } else {
            we_check &= check;
        }
    }
    match (we_check, they_check) {
        (true, false) => GameValue::Loss,
        (false, true) => GameValue::Win,
        _ => end.n_fold_value,
    }
}

/// A game from a start position.
#[derive(Clone)]
pub struct Game {
    pos: Position,
    /// Moves played, with what undoes them.
    history: Vec<(Move, Undo)>,
    /// The positions before each move, for repetitions.
    keys: Vec<Seen>,
}

impl Game {
    pub fn new(pos: Position) -> Game {
        Game {
            pos,
            history: Vec::new(),
            keys: Vec::new(),
        }
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The earlier positions of the game, oldest first.
    pub fn keys(&self) -> &[Seen] {
        &self.keys
    }

    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|(m, _)| *m)
    }

    pub fn len(&self) -> usize {
        self.history.len()
    }

    pub fn is_empty(&self) -> bool {
        self.history.is_empty()
    }

    pub fn legal_moves(&mut self) -> MoveList {
        legal_moves(&mut self.pos)
    }

    /// Play a move known to be legal (from `parse_move` or the generator).
    pub fn play(&mut self, m: Move) {
        let us = self.pos.side_to_move();
        self.keys.push(Seen {
            key: self.pos.key(),
            in_check: self.pos.in_check(us),
        });
        let undo = self.pos.make(m);
        self.history.push((m, undo));
    }

    /// Take back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some((m, undo)) => {
                self.pos.unmake(m, &undo);
                self.keys.pop();
                true
            }
            None => false,
        }
    }

    /// Read a move in coordinate notation and check that it is legal.
    pub fn parse_move(&mut self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let legal = self.legal_moves();
        if let Some(&m) = legal.iter().find(|&&m| move_text(&self.pos, m) == text) {
            return Ok(m);
        }
        // Letters in either case (`p@e4`, `b1c3H`).
        if let Some(&m) = legal
            .iter()
            .find(|&&m| move_text(&self.pos, m).eq_ignore_ascii_case(text))
        {
            return Ok(m);
        }
        if let Some((piece, square)) = text.split_once('@')
            && text != "@@@@"
        {
            let g = self.pos.rules().geometry();
            let known = self.pos.rules().variant.pieces.iter().any(|p| {
                p.letter
                    .for_color(Color::White)
                    .eq_ignore_ascii_case(piece.trim_start_matches('+'))
            });
            return Err(
                if known
                    && parse_square_text(g, square.as_bytes())
                        .is_some_and(|(_, n)| n == square.len())
                {
                    MoveError::Illegal("not a legal drop".into())
                } else {
                    MoveError::Syntax("not a drop".into())
                },
            );
        }
        let g = self.pos.rules().geometry().clone();
        // Other spellings: O-O / 0-0, king takes partner, the king's move,
        // upper-case promotion letters, Lion moves sent as `a,b` `b,c`.
        let castle_side = match text {
            "O-O" | "0-0" => Some(true),
            "O-O-O" | "0-0-0" => Some(false),
            _ => None,
        };
        if let Some(kingside) = castle_side {
            return legal
                .iter()
                .copied()
                .find(|m| m.is(flag::CASTLE) && (m.aux() > m.from()) == kingside)
                .ok_or_else(|| MoveError::Illegal("castling is not possible".into()));
        }
        if text == "@@@@" {
            // XBoard's null move: a pass where the rules have one (the Lion's).
            return legal
                .iter()
                .copied()
                .find(|m| m.is_pass())
                .ok_or_else(|| MoveError::Illegal("no pass is possible".into()));
        }
        let parsed =
            parse_coordinates(&g, text).ok_or_else(|| MoveError::Syntax("not a move".into()))?;
        let (from, to, via, promo) = parsed;
        // Out to an empty square and back (`f5f6,f6f5`, as HaChu writes it):
        // the pass XBoard also writes `@@@@`.
        // (Passes are listed once per position, so the mover is checked by
        // its step to the square it passes through.)
        if from == to
            && promo.is_none()
            && let Some(v) = via
            && self.pos.piece_on(v).is_none()
            && legal.iter().any(|m| m.from() == from && m.to() == v)
            && let Some(&m) = legal.iter().find(|m| m.is_pass())
        {
            return Ok(m);
        }
        let shogi_target = self
            .pos
            .piece_on(from)
            .and_then(|(_, p)| self.pos.rules().promoted_type[usize::from(p.role.0)]);
        let promo_role =
            match promo {
                Some('+') => Some(
                    shogi_target
                        .map(|r| usize::from(r.0))
                        .ok_or_else(|| MoveError::Syntax("this piece does not promote".into()))?,
                ),
                Some(c) => {
                    let variant = &self.pos.rules().variant;
                    let found = variant.pieces.iter().position(|p| {
                        p.letter
                            .for_color(Color::Black)
                            .eq_ignore_ascii_case(&c.to_string())
                    });
                    Some(found.ok_or_else(|| {
                        MoveError::Syntax(format!("no piece '{c}' to promote to"))
                    })?)
                }
                None => None,
            };
        let candidates = legal.iter().copied().filter(|m| {
            m.from() == from
                && (m.to() == to || (m.is(flag::CASTLE) && m.aux() == to))
                && via.is_none_or(|v| m.is(flag::LOCUST) && m.aux() == v)
                && (m.promotion().map(|r| usize::from(r.0)) == promo_role
                    || m.is(flag::DEMOTE) && promo_role.is_none())
        });
        let found: Vec<Move> = candidates.collect();
        // A move written without `+` where the piece must promote (a shogi
        // pawn reaching the last rank): the promotion is meant.
        let forced: Vec<Move> =
            if found.is_empty() && promo.is_none() && !text.ends_with(['=', '-']) {
                legal
                    .iter()
                    .copied()
                    .filter(|m| {
                        m.from() == from
                            && m.to() == to
                            && via.is_none_or(|v| m.is(flag::LOCUST) && m.aux() == v)
                            && m.promotion().is_some()
                            && m.promotion() == shogi_target
                    })
                    .collect()
            } else {
                Vec::new()
            };
        if let [m] = forced.as_slice() {
            return Ok(*m);
        }
        match found.as_slice() {
            [m] => Ok(*m),
            [] => Err(MoveError::Illegal("not a legal move".into())),
            // A non-locust move and a locust move with the same ends: the
            // plain move unless a relay square was given.
            many => many
                .iter()
                .copied()
                .find(|m| !m.is(flag::LOCUST))
                .ok_or_else(|| MoveError::Illegal("ambiguous move".into())),
        }
    }

    /// Read a move in Griffon's notation or in SAN (`Nbd2`, `exd5`,
    /// `e8=Q+`, `O-O`, `P@e4`): what PGN files from other programs hold.
    /// SAN is matched against the legal moves by the moving piece's
    /// letter (none for a pawn type), the destination, any file or rank
    /// given for the origin, and the promotion letter; a promotion the
    /// rules force may go unwritten (makruk's met).
    pub fn parse_any(&mut self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim().trim_end_matches(['#', '!', '?']);
        let g = self.pos.rules().geometry();
        let b = text.as_bytes();
        let two_squares =
            parse_square_text(g, b).is_some_and(|(_, n)| parse_square_text(g, &b[n..]).is_some());
        if two_squares || text.contains(['@', ',']) || text.starts_with(['O', '0']) {
            // Griffon's and XBoard's own notation, where a final `+` is a
            // shogi promotion, else perhaps a check mark.
            return match self.parse_move(text) {
                Ok(m) => Ok(m),
                Err(e) => self
                    .parse_move(text.trim_end_matches(['+', '#']))
                    .map_err(|_| e),
            };
        }
        // SAN. A final `+` is a check, or in the shogi family a promotion
        // (XBoard writes `Bxb2+`): the promotion is tried first.
        if text.ends_with('+')
            && self.pos.rules().plus_type.iter().any(|&p| p)
            && let Some(m) = self.parse_san(text)
        {
            return Ok(m);
        }
        self.parse_san(text.trim_end_matches(['+', '#']))
            .ok_or_else(|| MoveError::Illegal(format!("'{text}' is no legal move here")))
    }

    fn parse_san(&mut self, text: &str) -> Option<Move> {
        let g = self.pos.rules().geometry().clone();
        let b = text.as_bytes();
        let mut i = 0;
        // The piece: an upper-case letter with an optional suffix, or a
        // promoted shogi piece `+X`; none for a pawn.
        let mut piece: Option<String> = None;
        if b.first() == Some(&b'+') && b.get(1).is_some_and(|c| c.is_ascii_uppercase()) {
            piece = Some(text[..2].to_string());
            i = 2;
        } else if b.first().is_some_and(|c| c.is_ascii_uppercase()) {
            let mut end = 1;
            if b.get(1).is_some_and(|&c| c == b'\'' || c == b'!') {
                end = 2;
            }
            piece = Some(text[..end].to_string());
            i = end;
        }
        // The rest: [from file][from rank][x|-]to[=promotion]. The
        // destination is the last square in the text.
        let rest = &b[i..];
        let mut squares = Vec::new();
        let mut k = 0;
        while k < rest.len() {
            if let Some((sq, n)) = parse_square_text(&g, &rest[k..]) {
                squares.push((k, sq, n));
                k += n;
            } else {
                k += 1;
            }
        }
        let &(at, to, n) = squares.last()?;
        let hint = &rest[..at];
        let tail = std::str::from_utf8(&rest[at + n..]).ok()?;
        // Seirawan gating, as XBoard writes it: `Nf3/E` (the hawk or
        // elephant enters where the knight stood).
        let (tail, gate) = match tail.split_once('/') {
            Some((t, g)) => (t, Some(g)),
            None => (tail, None),
        };
        let promo = tail.trim_start_matches('=');
        let promo = (!promo.is_empty()).then_some(promo);
        let (hint_file, hint_rank) = {
            let h: Vec<u8> = hint
                .iter()
                .copied()
                .filter(|&c| c != b'x' && c != b'-' && c != b':')
                .collect();
            let file = h
                .first()
                .filter(|c| c.is_ascii_lowercase())
                .map(|c| c - b'a');
            let digits: String = h
                .iter()
                .filter(|c| c.is_ascii_digit())
                .map(|&c| char::from(c))
                .collect();
            let rank = digits.parse::<u32>().ok().and_then(|r| {
                if g.height == 10 {
                    Some(r)
                } else {
                    r.checked_sub(1)
                }
            });
            (file, rank)
        };
        let legal = self.legal_moves();
        let rules = self.pos.rules().clone();
        let us = self.pos.side_to_move();
        let candidates: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| {
                if m.to() != to || m.is(flag::DROP) || m.is(flag::CASTLE) {
                    return false;
                }
                let gated = m
                    .is(flag::GATE)
                    .then(|| m.hand())
                    .flatten()
                    .map(|r| rules.variant.piece(r).letter.for_color(Color::White));
                if gated.as_deref().map(str::to_ascii_uppercase)
                    != gate.map(str::to_ascii_uppercase)
                {
                    return false;
                }
                let Some((_, slot)) = self.pos.piece_on(m.from()) else {
                    return false;
                };
                let r = usize::from(slot.role.0);
                let letter = rules
                    .variant
                    .piece(slot.role)
                    .letter
                    .for_color(Color::White);
                let piece_ok = match &piece {
                    // XBoard's `+B` is a promoted bishop: the type a
                    // bishop promotes to (shogi's horse), or a bishop
                    // marked promoted.
                    Some(p) if p.starts_with('+') => {
                        let base = &p[1..];
                        (slot.promoted && base.eq_ignore_ascii_case(&letter))
                            || rules
                                .variant
                                .promotion
                                .promoted_type
                                .iter()
                                .enumerate()
                                .any(|(b, t)| {
                                    *t == Some(slot.role)
                                        && rules.variant.pieces.get(b).is_some_and(|d| {
                                            base.eq_ignore_ascii_case(
                                                &d.letter.for_color(Color::White),
                                            )
                                        })
                                })
                    }
                    Some(p) => p.eq_ignore_ascii_case(&letter),
                    None => rules.promotes[us.index()][r] || letter == "P",
                };
                let (fx, fy) = g.coords(m.from()).unwrap_or((255, 255));
                piece_ok
                    && hint_file.is_none_or(|f| f == fx)
                    && hint_rank.is_none_or(|r| r == u32::from(fy))
            })
            .collect();
        let promoted = |m: &Move| {
            m.promotion().map(|r| {
                let suffix = crate::movegen::promotion_suffix(&rules, r);
                let letter = rules.variant.piece(r).letter.for_color(Color::White);
                (suffix, letter)
            })
        };
        let chosen: Vec<Move> = match promo {
            Some(p) => candidates
                .iter()
                .copied()
                .filter(|m| {
                    promoted(m).is_some_and(|(suffix, letter)| {
                        p.eq_ignore_ascii_case(&suffix) || p.eq_ignore_ascii_case(&letter)
                    })
                })
                .collect(),
            None => {
                let plain: Vec<Move> = candidates
                    .iter()
                    .copied()
                    .filter(|m| m.promotion().is_none())
                    .collect();
                if plain.is_empty() { candidates } else { plain }
            }
        };
        match chosen.as_slice() {
            [m] => Some(*m),
            _ => None,
        }
    }

    /// The game's result if it is over by the rules.
    pub fn outcome(&mut self) -> Option<Outcome> {
        let us = self.pos.side_to_move();
        let them = us.opponent();
        let name = |c: Color| if c == Color::White { "White" } else { "Black" };
        let by_value = |v: GameValue, reason: String| match v {
            GameValue::Win => Outcome::Win { winner: us, reason },
            GameValue::Loss => Outcome::Win {
                winner: them,
                reason,
            },
            GameValue::Draw => Outcome::Draw { reason },
        };
        let end = self.pos.rules().variant.end.clone();
        if let Some(v) = self.pos.rule_outcome() {
            let checked_out = end.check_counting
                && Color::BOTH
                    .into_iter()
                    .any(|c| self.pos.checks_to_give(c) == 0);
            let bare = end.extinction.as_ref().is_some_and(|e| e.piece_count > 0);
            let royal_gone = end.extinction.as_ref().is_some_and(|e| {
                e.piece_types
                    .iter()
                    .all(|r| self.pos.rules().royal[usize::from(r.0)])
            });
            let reason = if checked_out {
                let start = self.pos.rules().variant.start.checks_remaining;
                format!("{} checks", start.map_or(3, |c| c[0].max(c[1])))
            } else if royal_gone && self.pos.rules().blast.is_some() {
                "king exploded".into()
            } else if royal_gone {
                "king captured".into()
            } else if bare {
                "bare king".into()
            } else {
                "no pieces left".into()
            };
            return Some(by_value(v, reason));
        }
        if self.legal_moves().is_empty() {
            return Some(if self.pos.in_check(us) {
                let reason = match end.checkmate {
                    GameValue::Loss => format!("{} mates", name(them)),
                    _ => format!("{} is checkmated", name(us)),
                };
                by_value(end.checkmate, reason)
            } else {
                by_value(self.pos.stalemate_value(), "Stalemate".into())
            });
        }
        if self.pos.counting_expired() {
            return Some(Outcome::Draw {
                reason: "counting rule".into(),
            });
        }
        if crate::judge::insufficient_material(&self.pos) {
            return Some(Outcome::Draw {
                reason: "insufficient material".into(),
            });
        }
        if end.n_move_rule > 0 && self.pos.halfmove_clock() >= 2 * end.n_move_rule {
            return Some(Outcome::Draw {
                reason: format!("{}-move rule", end.n_move_rule),
            });
        }
        if end.n_fold_rule > 0 && self.repetitions() + 1 >= end.n_fold_rule as usize {
            let value = self.repetition_value(&end);
            let reason = match value {
                v if v == end.n_fold_value => "repetition".to_string(),
                GameValue::Win => format!("{PERPETUAL_CHECK} by {}", name(them)),
                _ => format!("{PERPETUAL_CHECK} by {}", name(us)),
            };
            return Some(by_value(value, reason));
        }
        None
    }

    /// How often the current position occurred before (same side to move).
    pub fn repetitions(&self) -> usize {
        self.repetitions_within(self.pos.repetition_window())
    }

    /// Repetitions since the last capture or pawn move: what a referee
    /// that takes every capture as irreversible (XBoard 4.9.1, even in
    /// drop games) can verify.
    pub fn repetitions_since_irreversible(&self) -> usize {
        self.repetitions_within(self.pos.halfmove_clock() as usize)
    }

    fn repetitions_within(&self, window: usize) -> usize {
        let key = self.pos.key();
        let window = window.min(self.keys.len());
        self.keys[self.keys.len() - window..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|s| s.key == key)
            .count()
    }

    /// The value of the current repetition for the side to move, judged
    /// on the cycle since the position last occurred.
    fn repetition_value(&self, end: &GameEnd) -> GameValue {
        let key = self.pos.key();
        let n = self.keys.len();
        let Some(back) = (2..=n).step_by(2).find(|&b| self.keys[n - b].key == key) else {
            return end.n_fold_value;
        };
        let us = self.pos.side_to_move();
        let cycle = self.keys[n - back + 1..]
            .iter()
            .map(|s| s.in_check)
            .chain(std::iter::once(self.pos.in_check(us)));
        repetition_value(end, cycle)
    }
}

/// `from`, `to`, an optional relay square (`a,b` legs) and promotion letter.
type Coordinates = (Sq, Sq, Option<Sq>, Option<char>);

fn parse_coordinates(g: &Geometry, text: &str) -> Option<Coordinates> {
    let b = text.as_bytes();
    let (from, n1) = parse_square_text(g, b)?;
    let (mid, n2) = parse_square_text(g, &b[n1..])?;
    let mut i = n1 + n2;
    let (via, to) = if b.get(i) == Some(&b',') {
        // Second leg: it must start where the first ended.
        let (again, n3) = parse_square_text(g, &b[i + 1..])?;
        let (to, n4) = parse_square_text(g, &b[i + 1 + n3..])?;
        if again != mid {
            return None;
        }
        i += 1 + n3 + n4;
        (Some(mid), to)
    } else {
        (None, mid)
    };
    let promo = match &b[i..] {
        // `=`: XBoard's "defer" (no promotion); `+`: shogi promotion; `-`:
        // Fairy-Stockfish's mark of a Kyoto demotion (which is forced).
        [] | [b'='] | [b'-'] => None,
        [b'+'] => Some('+'),
        [c] if c.is_ascii_alphabetic() => Some(char::from(*c)),
        [b'=', c] if c.is_ascii_alphabetic() => Some(char::from(*c)),
        _ => return None,
    };
    Some((from, to, via, promo))
}
