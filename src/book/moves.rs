//! Book move codes as XBoard reads and writes them (`book.c`,
//! `CoordsToMove` and `move_to_string`).
//!
//! A move is `to + size * (from + size * p)`, squares numbered `width *
//! rank + file` and `size = width * height`; on 8x8 this is Polyglot's own
//! layout (to in bits 0-5, from in 6-11, promotion from bit 12). `p` is the
//! promotion letter's place in `" nbrqac=+"`; letters not in it (makruk's
//! met) are not recorded, as XBoard does not record them: there the
//! promotion is the only legal move anyway, or the plain move is meant.
//! A drop has `p = 9` and the piece's upper-case letter less `'@'` as its
//! from-square (`P@e4`: from 16). A Lion's double move has `p = 2` in the
//! shogi family, its two king steps coded as `i + 8 * j` in place of the
//! to-square.
//!
//! Castling: the Polyglot standard writes the king taking its own rook
//! (`e1h1`), which chess and Chess960 books use; XBoard writes other
//! variants' castling as the king's move (`e1i1` in capablanca) and reads
//! `e1g1` in chess too. Decoding accepts every form and matches the code
//! against the legal moves, so a code no legal move has (a key collision,
//! a damaged entry) is never played.

use super::BookHasher;
use crate::movegen::{Legality, legal_moves, pseudo_legal};
use crate::notation::moves::{mover, promotion_suffix};
use crate::position::Position;
use crate::types::{Move, MoveList, Sq, flag};
use arrayvec::ArrayVec;

/// XBoard's promotion codes: a letter's place in this string.
pub(crate) const PROMOTION_CODES: &str = " nbrqac=+";
/// `p` of a drop.
pub(crate) const DROP: u32 = 9;
/// `p` of a Lion's double move in the shogi family.
const LION: u32 = 2;
/// King steps in XBoard's order (N, NE, E, SE, S, SW, W, NW).
const STEPS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// How moves are coded in one variant's books.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveCoding {
    width: u32,
    size: u32,
    /// Castling is written king-takes-rook (chess, Chess960), not as the
    /// king's move.
    king_takes_rook: bool,
    /// The shogi family: `+` promotions, `=` deferrals, Lion codes.
    shogi: bool,
}

impl MoveCoding {
    pub fn new(pos: &Position, hasher: &BookHasher) -> MoveCoding {
        let v = &pos.rules().variant;
        let (w, h) = (u32::from(v.width), u32::from(v.height));
        MoveCoding {
            width: w,
            size: w * h,
            king_takes_rook: v.chess960 || v.xboard.book.king_takes_rook,
            shogi: hasher.shogi_family(),
        }
    }

    fn nr(&self, pos: &Position, sq: Sq) -> Option<u32> {
        super::key::square_number(self.width, pos, sq)
    }

    fn code(&self, from: u32, to: u32, p: u32) -> Option<u16> {
        let code = to + self.size * (from + self.size * p);
        u16::try_from(code).ok()
    }

    /// The codes `m` may have in a book, the one Griffon writes first;
    /// empty when the move cannot be written in 16 bits.
    pub fn encodings(&self, pos: &Position, m: Move) -> ArrayVec<u16, 2> {
        let mut out = ArrayVec::new();
        let rules = pos.rules();
        if m.is(flag::DROP) {
            let letter = m.hand().map(|r| {
                rules
                    .variant
                    .piece(r)
                    .letter
                    .for_color(crate::types::Color::White)
            });
            let from = letter
                .filter(|l| l.len() == 1 && m.promotion().is_none())
                .and_then(|l| l.bytes().next())
                .map(|b| u32::from(b.to_ascii_uppercase()) - u32::from(b'@'));
            if let (Some(from), Some(to)) = (from, self.nr(pos, m.to()))
                && let Some(c) = self.code(from, to, DROP)
            {
                out.push(c);
            }
            return out;
        }
        if m.is(flag::GATE) || m.is(flag::GATE_ROOK) || m.is_pass() {
            // Gating letters have no code: XBoard books cannot tell a
            // gating move from the plain one, so Griffon leaves them out.
            return out;
        }
        let (Some(from), Some(to)) = (self.nr(pos, m.from()), self.nr(pos, m.to())) else {
            return out;
        };
        if m.is(flag::LOCUST) {
            // Only a double king step has a code (the Lion's).
            let g = rules.geometry();
            let (Some(a), Some(b), Some(c)) =
                (g.coords(m.from()), g.coords(m.aux()), g.coords(m.to()))
            else {
                return out;
            };
            let step = |p: (u8, u8), q: (u8, u8)| {
                let d = (
                    i32::from(q.0) - i32::from(p.0),
                    i32::from(q.1) - i32::from(p.1),
                );
                STEPS.iter().position(|&s| s == d).map(|i| i as u32)
            };
            if self.shogi
                && let (Some(i), Some(j)) = (step(a, b), step(b, c))
                && let Some(code) = self.code(from, i + 8 * j, LION)
            {
                out.push(code);
            }
            return out;
        }
        if m.is(flag::CASTLE) {
            let rook = self.nr(pos, m.aux());
            let (first, second) = if self.king_takes_rook {
                (rook, Some(to))
            } else {
                (Some(to), rook)
            };
            for t in [first, second].into_iter().flatten() {
                if let Some(c) = self.code(from, t, 0) {
                    out.push(c);
                }
            }
            return out;
        }
        let p = match m.promotion() {
            Some(r) => {
                let suffix = promotion_suffix(rules, mover(pos, m), r);
                let ch = suffix.chars().next().unwrap_or(' ');
                PROMOTION_CODES.find(ch).map_or(0, |i| i as u32)
            }
            None => 0,
        };
        if let Some(c) = self.code(from, to, p) {
            out.push(c);
        }
        // A shogi move that could have promoted and did not may be
        // written with `=`.
        if self.shogi
            && p == 0
            && let Some(c) = self.code(from, to, 7)
        {
            out.push(c);
        }
        out
    }

    /// The code Griffon writes for `m`, if it has one.
    pub fn encode(&self, pos: &Position, m: Move) -> Option<u16> {
        self.encodings(pos, m).first().copied()
    }

    /// Every legal move of `pos` with each code it may have in a book.
    pub fn legal_codes(&self, pos: &mut Position) -> Vec<(u16, Move)> {
        let legal = legal_moves(pos);
        let mut out = Vec::with_capacity(legal.len());
        for &m in legal.iter() {
            for c in self.encodings(pos, m) {
                out.push((c, m));
            }
        }
        out
    }

    /// The legal moves of `pos` that have one of the codes `wanted`, with
    /// their codes. Cheaper than [`MoveCoding::legal_codes`] for a book
    /// probe: only moves a book entry names are tried for legality.
    pub fn codes_among(&self, pos: &mut Position, wanted: &[u16]) -> Vec<(u16, Move)> {
        let mut out = Vec::new();
        if pos.game_over_by_rule() {
            return out;
        }
        if pos.moves_restrict_each_other() {
            // Whether a move is legal depends on the others (forced
            // captures or drops).
            let mut all = self.legal_codes(pos);
            all.retain(|(c, _)| wanted.contains(c));
            return all;
        }
        let mut list = MoveList::new();
        pseudo_legal::<true, true>(pos, &mut list);
        let check = Legality::new(pos);
        for &m in list.iter() {
            for c in self.encodings(pos, m) {
                if wanted.contains(&c)
                    && (check.certainly_legal(pos, m) || crate::movegen::is_legal(pos, m))
                {
                    out.push((c, m));
                }
            }
        }
        out
    }

    /// The legal move a book code stands for, among `codes` (from
    /// [`MoveCoding::legal_codes`]). Where the code is ambiguous (a gating
    /// and a plain move have one code), the move without a promotion or
    /// gating wins.
    pub fn find(&self, codes: &[(u16, Move)], code: u16) -> Option<Move> {
        let mut found: Option<Move> = None;
        for &(c, m) in codes {
            if c == code {
                let plain = m.promotion().is_none();
                if found.is_none_or(|f| plain && f.promotion().is_some()) {
                    found = Some(m);
                }
            }
        }
        if found.is_none()
            && let Some(plus) = self.as_plus(code)
        {
            return self.find(codes, plus);
        }
        found
    }

    /// XBoard reads a shogi-family promotion code other than 2 (Lion)
    /// and 7 (`=`) as `+`: the `+` code it stands for.
    pub fn as_plus(&self, code: u16) -> Option<u16> {
        if !self.shogi {
            return None;
        }
        let area = self.size * self.size;
        let p = u32::from(code) / area;
        if p == 0 || p == LION || p == 7 || p == 8 {
            return None;
        }
        u16::try_from(u32::from(code) % area + 8 * area).ok()
    }

    /// The legal move a book code stands for, if any: a code no legal
    /// move has (a key collision, a damaged entry) gives `None`.
    pub fn decode(&self, pos: &mut Position, code: u16) -> Option<Move> {
        let codes = self.legal_codes(pos);
        self.find(&codes, code)
    }
}
