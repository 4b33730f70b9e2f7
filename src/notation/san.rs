//! Reading Standard Algebraic Notation (`Nbd2`, `exd5`, `e8=Q+`, `O-O`),
//! as PGN files from other programs hold it, beside Griffon's own
//! coordinate notation.

use super::moves::{MoveError, mover, parse_move, promotion_suffix};
use super::square::parse_square_text;
use crate::movegen::legal_moves;
use crate::position::Position;
use crate::types::{Color, Move, flag};

/// Read a move in Griffon's notation or in SAN (`Nbd2`, `exd5`,
/// `e8=Q+`, `O-O`, `P@e4`): what PGN files from other programs hold.
/// SAN is matched against the legal moves by the moving piece's
/// letter (none for a pawn type), the destination, any file or rank
/// given for the origin, and the promotion letter; a promotion the
/// rules force may go unwritten (makruk's met).
pub fn parse_any(pos: &mut Position, text: &str) -> Result<Move, MoveError> {
    let text = text.trim().trim_end_matches(['#', '!', '?']);
    let g = pos.rules().geometry();
    let b = text.as_bytes();
    let two_squares =
        parse_square_text(g, b).is_some_and(|(_, n)| parse_square_text(g, &b[n..]).is_some());
    if two_squares || text.contains(['@', ',']) || text.starts_with(['O', '0']) {
        // Griffon's and XBoard's own notation, where a final `+` is a
        // shogi promotion, else perhaps a check mark.
        return match parse_move(pos, text) {
            Ok(m) => Ok(m),
            Err(e) => parse_move(pos, text.trim_end_matches(['+', '#'])).map_err(|_| e),
        };
    }
    // SAN. A final `+` is a check, or in the shogi family a promotion
    // (XBoard writes `Bxb2+`): the promotion is tried first.
    if text.ends_with('+')
        && pos.rules().plus_type.iter().any(|&p| p)
        && let Some(m) = parse_san(pos, text)
    {
        return Ok(m);
    }
    parse_san(pos, text.trim_end_matches(['+', '#']))
        .ok_or_else(|| MoveError::Illegal(format!("'{text}' is no legal move here")))
}

fn parse_san(pos: &mut Position, text: &str) -> Option<Move> {
    let g = pos.rules().geometry().clone();
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
    let legal = legal_moves(pos);
    let rules = pos.rules().clone();
    let us = pos.side_to_move();
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
            if gated.as_deref().map(str::to_ascii_uppercase) != gate.map(str::to_ascii_uppercase) {
                return false;
            }
            let Some((_, slot)) = pos.piece_on(m.from()) else {
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
                                        base.eq_ignore_ascii_case(&d.letter.for_color(Color::White))
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
            let suffix = promotion_suffix(&rules, mover(pos, *m), r);
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
