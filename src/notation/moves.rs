//! Moves as text in XBoard's coordinate notation, written and read: the
//! form every output path uses (CLI, XBoard, the match runner's PGN,
//! books, tablebase probes), so the same move reads the same everywhere.
//!
//! Squares are written as XBoard numbers them ([`square_text`]); a
//! promotion adds the new type's letter (`e7e8q`) or `+` for a shogi-style
//! promotion; drops are `P@e4`; a locust capture is written as two legs
//! (`d4e5,e5f6`); castling is the king's move, or `O-O`/`O-O-O` in
//! Chess960 variants (XBoard's convention for them).

use super::square::{parse_square_text, square_text};
use crate::movegen::legal_moves;
use crate::position::{Position, Rules};
use crate::types::{Color, Geometry, Move, Role, Sq, flag};
use std::fmt;

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

/// A move in XBoard's coordinate notation: `e2e4`, `e7e8q`, locust
/// captures as two legs `d4e5,e5f6`; castling as the king's move, or
/// `O-O`/`O-O-O` in Chess960 variants (XBoard's FRC convention) and
/// wherever the king's move would not say it is castling: a king that
/// moves one square or stays put (a FEN with Chess960-style castling
/// rights in a variant of fixed start) would otherwise read as a king
/// step or a pass.
pub fn move_text(pos: &Position, m: Move) -> String {
    let rules = pos.rules();
    let g = rules.geometry();
    // A wall goes after the move as a second leg from where the piece
    // landed (`e2e4,e4h5`, Fairy-Stockfish's form for XBoard).
    let wall_leg = m.wall_cell().map(|cell| {
        format!(
            ",{}{}",
            square_text(g, m.to()),
            square_text(g, g.cell_square(cell))
        )
    });
    if m.is(flag::CASTLE) && (rules.variant.chess960 || !castling_king_leaps(g, m)) {
        let kingside = m.aux() > m.from();
        let castle = if kingside { "O-O" } else { "O-O-O" };
        return format!("{castle}{}", wall_leg.unwrap_or_default());
    }
    if m.is(flag::DROP) {
        return drop_text(rules, m, &square_text(g, m.to()));
    }
    if m.is(flag::GATE_ROOK) {
        // XBoard's way to gate behind the partner: partner takes king.
        return format!(
            "{}{}{}",
            square_text(g, m.aux()),
            square_text(g, m.from()),
            gate_suffix(rules, m)
        );
    }
    if m.is_pass() {
        return match wall_leg {
            // Only a wall (`wallOrMove`): a piece's null move, then the wall.
            Some(leg) => format!("{0}{0}{leg}", square_text(g, m.from())),
            None => "@@@@".into(),
        };
    }
    let mut s = square_text(g, m.from());
    if m.is(flag::LOCUST) {
        s.push_str(&square_text(g, m.aux()));
        s.push(',');
        s.push_str(&square_text(g, m.aux()));
    }
    s.push_str(&square_text(g, m.to()));
    if let Some(leg) = wall_leg {
        s.push_str(&leg);
    }
    if let Some(r) = m.promotion() {
        s.push_str(&promotion_suffix(rules, mover(pos, m), r));
    }
    s.push_str(&gate_suffix(rules, m));
    s
}

/// Whether a castling king moves two or more squares, so that its move
/// alone says it castles (XBoard's notation for castling in variants with
/// a fixed start).
pub(crate) fn castling_king_leaps(g: &Geometry, m: Move) -> bool {
    match (g.coords(m.from()), g.coords(m.to())) {
        (Some((from, _)), Some((to, _))) => from.abs_diff(to) >= 2,
        _ => false,
    }
}

/// Whether XBoard 4.9.1 can write `m`: not a promoted drop (its drop
/// syntax has no promotion), not a promotion where the piece stands (it
/// takes a move to its own square for none).
pub fn xboard_491_writes(m: Move) -> bool {
    let in_place = !m.is_drop() && m.from() == m.to();
    m.promotion().is_none() || !(m.is_drop() || in_place)
}

/// What follows the squares of a promotion of a `mover` piece to `r` on
/// the wire: XBoard's `+` for a shogi-style promotion (to the mover's
/// promoted form; with no mover given, to a type that is some piece's),
/// else the new type's letter: a chess promotion (`e7e8q`) or a
/// Kyoto demotion (`a1a2l`, which XBoard 4.9.1 shows right, where it
/// would keep showing `+L` after a bare `a1a2` and forfeits `a1a2-`).
pub fn promotion_suffix(rules: &Rules, mover: Option<Role>, r: Role) -> String {
    // A type may be both a pawn's promotion choice and another piece's
    // promoted form (forward chess's queen): the pawn's promotion to it
    // is written with the letter.
    let turns_over = mover.is_none_or(|p| rules.promoted_type[usize::from(p.0)] == Some(r));
    if rules.plus_type[usize::from(r.0)] && turns_over {
        "+".into()
    } else {
        rules.variant.piece(r).letter.for_color(Color::Black)
    }
}

/// The type of the piece `m` moves (none for a drop).
pub fn mover(pos: &Position, m: Move) -> Option<Role> {
    if m.is_drop() {
        return None;
    }
    pos.piece_on(m.from()).map(|(_, p)| p.role)
}

/// A drop as XBoard writes it: the piece's upper-case letter, `@`, the
/// square (`P@e4`); `+P@e4` when it lands promoted (Kyoto shogi).
pub fn drop_text(rules: &Rules, m: Move, square: &str) -> String {
    let letter = m
        .hand()
        .map(|r| rules.variant.piece(r).letter.for_color(Color::White))
        .unwrap_or_default();
    let plus = if m.promotion().is_some() { "+" } else { "" };
    format!("{plus}{letter}@{square}")
}

/// The letter a gating move ends with: the gated piece's, lower case
/// (`b1c3h`; castling with the piece entering behind the partner is
/// written partner-to-king, `h1e1h`).
pub fn gate_suffix(rules: &Rules, m: Move) -> String {
    match m.hand() {
        Some(r) if m.is(flag::GATE) => rules.variant.piece(r).letter.for_color(Color::Black),
        _ => String::new(),
    }
}

/// The move of `moves` (moves of `pos`) whose coordinate text is `text`,
/// its letters in either case (`p@e4`, `b1c3H`).
pub fn find_move(pos: &Position, moves: &[Move], text: &str) -> Option<Move> {
    let text = text.trim();
    moves
        .iter()
        .find(|&&m| move_text(pos, m) == text)
        .or_else(|| {
            moves.iter().find(|&&m| {
                move_text(pos, m).eq_ignore_ascii_case(text)
                    || wall_last_text(pos, m).is_some_and(|t| t.eq_ignore_ascii_case(text))
            })
        })
        .copied()
}

/// A walling move with the wall written after the promotion letter
/// (`e7e8q,e8h5`, Fairy-Stockfish's UCI form), read as well.
fn wall_last_text(pos: &Position, m: Move) -> Option<String> {
    let cell = m.wall_cell()?;
    let g = pos.rules().geometry();
    let base = if m.is_pass() {
        let sq = square_text(g, m.from());
        format!("{sq}{sq}")
    } else {
        move_text(pos, m.without_wall())
    };
    Some(format!(
        "{base},{}{}",
        square_text(g, m.to()),
        square_text(g, g.cell_square(cell))
    ))
}

/// Read a move in coordinate notation and check that it is legal.
pub fn parse_move(pos: &mut Position, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    let legal = legal_moves(pos);
    if let Some(m) = find_move(pos, &legal, text) {
        return Ok(m);
    }
    if let Some((piece, square)) = text.split_once('@')
        && text != "@@@@"
    {
        let g = pos.rules().geometry();
        let known = pos.rules().variant.pieces.iter().any(|p| {
            p.letter
                .for_color(Color::White)
                .eq_ignore_ascii_case(piece.trim_start_matches('+'))
        });
        return Err(
            if known
                && parse_square_text(g, square.as_bytes()).is_some_and(|(_, n)| n == square.len())
            {
                MoveError::Illegal("not a legal drop".into())
            } else {
                MoveError::Syntax("not a drop".into())
            },
        );
    }
    let g = pos.rules().geometry().clone();
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
            .find(|m| m.is_pass() && !m.is(flag::WALL))
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
        && pos.piece_on(v).is_none()
        && legal.iter().any(|m| m.from() == from && m.to() == v)
        && let Some(&m) = legal.iter().find(|m| m.is_pass() && !m.is(flag::WALL))
    {
        return Ok(m);
    }
    let shogi_target = pos
        .piece_on(from)
        .and_then(|(_, p)| pos.rules().promoted_type[usize::from(p.role.0)]);
    let promo_role = match promo {
        Some('+') => Some(
            shogi_target
                .map(|r| usize::from(r.0))
                .ok_or_else(|| MoveError::Syntax("this piece does not promote".into()))?,
        ),
        Some(c) => {
            let variant = &pos.rules().variant;
            let found = variant.pieces.iter().position(|p| {
                p.letter
                    .for_color(Color::Black)
                    .eq_ignore_ascii_case(&c.to_string())
            });
            Some(found.ok_or_else(|| MoveError::Syntax(format!("no piece '{c}' to promote to")))?)
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
    if found.iter().any(|m| m.is(flag::WALL)) {
        // The text named no wall (with one, it would have matched above).
        return Err(MoveError::Illegal(
            "this move places a wall: write its square as a second leg (e2e4,e4h5)".into(),
        ));
    }
    // A move written without `+` where the piece must promote (a shogi
    // pawn reaching the last rank): the promotion is meant.
    let forced: Vec<Move> = if found.is_empty() && promo.is_none() && !text.ends_with(['=', '-']) {
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
