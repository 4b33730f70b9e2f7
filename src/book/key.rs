//! Book keys as XBoard computes them: the Polyglot Zobrist hash, extended
//! by XBoard to any board size and piece set (`book.c`, `hash()`).
//!
//! Polyglot numbers the twelve chess pieces 0..11 (black pawn, white pawn,
//! black knight, ...) and the 64 squares `8 * rank + file`, and XORs one of
//! its 781 random keys per piece, castling right, en-passant file and side
//! to move. XBoard keeps those keys for chess and stretches the scheme:
//! - squares are numbered `width * rank + file` on any board; the key for
//!   a square of 64 and above is rotated (by 8 bits from 64, 4 more from
//!   128);
//! - a piece's number comes from its type in XBoard's own list of piece
//!   types (the `ChessSquare` enum), so that numbers above 11 pick the
//!   same 12 keys rotated by 16, 32 or 48 bits, or multiplied by a constant
//!   from 48 on; promoted pieces (shogi's tokin, crazyhouse's promoted
//!   queen) have the key of their base type with a second term XORed in;
//! - a number per variant is XORed in, so a suicide book does not answer
//!   in losers;
//! - pieces in hand are not XORed but added, times their count, to the
//!   finished key, so that two pawns in hand do not cancel out.
//!
//! Which XBoard type a piece is depends on the variant's piece-to-char
//! table: XBoard's own for the variants it knows by name, else the table
//! Griffon sends in its `setup` command. A Griffon piece is matched to the
//! table by its letter. The tables, variant numbers and holdings of
//! XBoard's built-in variants are variant data
//! ([`crate::variant::XBoardBook`], from the compatibility table in
//! `src/variant/xboard.rs`).

use super::BookError;
use super::random64::RANDOM64;
use super::state::XBoardState;
use crate::position::Position;
use crate::types::{Color, Role, Sq};
use crate::variant::Variant;

/// Slots of XBoard's `ChessSquare` enum, counted from the pawn of the same
/// colour: the first promoted type (`PBishop`), the tokin (start of the
/// series of promoted types whose base is `slot - TOKIN`), the king.
const PBISHOP: u16 = 46;
const TOKIN: u16 = 55;
const KING: u16 = 65;
/// The slot of a promoted piece in the default pairing: type `i` (0..=10)
/// promotes to `i + PROMOTED_PAIR`, as in crazyhouse's `~` and shogi's `+`.
const PROMOTED_PAIR: u16 = 11;

/// The Chess960 extension of Polyglot's castling keys (the seed document,
/// `RandomCastle[16]`): offsets 0-3 are Polyglot's four keys, for outer
/// rooks; offset `3 + file` (White) and `9 + file` (Black), files b-g as
/// 1-6, are for a right held by an inner rook. The document leaves these
/// twelve values to be filled in; Griffon's are the first twelve outputs of
/// SplitMix64 (`crate::rng::Rng`) seeded with 960, in offset order 4..15:
/// White b-g, then Black b-g. A unit test recomputes them.
const RANDOM_CASTLE_EXTRA: [u64; 12] = [
    0x9FF9_52F2_30E7_A1DE,
    0x769C_E0C3_58EC_72D4,
    0x9C4A_68C8_7F39_447D,
    0xC508_AD4B_8009_D957,
    0x32E1_4845_00BD_A4E7,
    0x5BAB_5B01_6F74_90D3,
    0x161C_D419_909F_BE83,
    0xFD45_5E48_CF99_57FA,
    0xF021_6EF9_0252_A753,
    0x9042_36AE_F6F2_75D1,
    0x7093_09D2_1E55_D367,
    0x173E_F81F_5786_D02C,
];

/// XBoard's number of a board square, `width * rank + file` (holdings
/// columns excluded): the square of keys and of move codes alike.
pub(crate) fn square_number(width: u32, pos: &Position, sq: Sq) -> Option<u32> {
    let (x, y) = pos.rules().geometry().coords(sq)?;
    Some(width * u32::from(y) + u32::from(x))
}

/// One entry of a piece-to-char table.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Entry {
    /// A piece, by its letter (with a `'` or `!` suffix if any).
    Piece(String),
    /// `+` or `~`: the promoted partner of type `slot - 11`.
    Promoted,
    /// `^X`: a promoted piece whose base is the first slot holding `X`.
    PromotedOf(String),
}

/// A table's slots for one colour: `(slot, entry)` for every slot in use,
/// slots counted from that colour's pawn.
type Slots = Vec<(u16, Entry)>;

/// Reads a piece-to-char table as XBoard's `SetCharTableEsc` does: each
/// half fills slots from the pawn upwards, its last entry goes to the
/// king's slot, `/` jumps to the promoted series (`PBishop`), `.` leaves a
/// slot unused.
fn parse_table(table: &str) -> Result<[Slots; 2], BookError> {
    let bad = |why: &str| BookError(format!("piece-to-char table {table:?}: {why}"));
    let mut entries: Vec<Option<Entry>> = Vec::new();
    let mut jumps = Vec::new();
    let mut chars = table.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '.' => entries.push(None),
            '+' | '~' => entries.push(Some(Entry::Promoted)),
            '/' => jumps.push(entries.len()),
            '^' => {
                let x = chars.next().ok_or_else(|| bad("'^' at the end"))?;
                entries.push(Some(Entry::PromotedOf(x.to_string())));
            }
            c if c.is_ascii_alphabetic() => {
                let mut letter = c.to_string();
                if let Some(&s) = chars.peek()
                    && (s == '\'' || s == '!')
                {
                    letter.push(s);
                    chars.next();
                }
                entries.push(Some(Entry::Piece(letter)));
            }
            _ => return Err(bad(&format!("unexpected character {c:?}"))),
        }
    }
    let n = entries.len();
    if !n.is_multiple_of(2) || !(12..=132).contains(&n) {
        return Err(bad("needs an even number of entries, 12 to 132"));
    }
    let half = n / 2;
    let mut out: [Slots; 2] = [Vec::new(), Vec::new()];
    for (h, slots) in out.iter_mut().enumerate() {
        let mut slot = 0u16;
        for (k, entry) in entries[h * half..(h + 1) * half].iter().enumerate() {
            if jumps.contains(&(h * half + k)) {
                slot = PBISHOP;
            }
            let at = if k + 1 == half { KING } else { slot };
            if let Some(e) = entry {
                slots.push((at, e.clone()));
            }
            slot += 1;
            if slot > KING {
                return Err(bad("more entries than XBoard has piece types"));
            }
        }
    }
    Ok(out)
}

/// Computes XBoard's book key for positions of one variant.
#[derive(Clone, Debug)]
pub struct BookHasher {
    width: u32,
    /// Per colour and role: XBoard's type (slot), `None` if its table has
    /// none for the piece.
    types: [Box<[Option<u16>]>; 2],
    /// Per colour and role: the type of the piece when it stands on the
    /// board promoted but keeps its role (crazyhouse's promoted queen).
    promoted: [Box<[Option<u16>]>; 2],
    /// Per colour and role: the holdings row XBoard keeps it in
    /// (`PieceToNumber`: slots in use below its own).
    rows: [Box<[u32]>; 2],
    variant_term: u64,
    /// Holdings column square numbers start here (`width * height`).
    holdings_base: u32,
    height: u32,
    /// XBoard's board array has two holdings columns on each side (piece
    /// and count) in variants with holdings; its en-passant test reads
    /// array columns, so the offset shows in that key.
    holdings_columns: u8,
    /// XBoard plays the variant as shogi or one of its relatives: `+`
    /// promotions and Lion move codes.
    shogi: bool,
}

impl BookHasher {
    /// The hasher for `variant`, with XBoard's table for the variants it
    /// knows by name, else the table Griffon announces in `setup`.
    pub fn new(variant: &Variant) -> Result<BookHasher, BookError> {
        let facts = &variant.xboard.book;
        if let Some(why) = facts.unsupported {
            return Err(BookError(why.into()));
        }
        let table = match facts.table {
            Some(t) => t.to_string(),
            None => variant.piece_to_char_table(),
        };
        let slots = parse_table(&table)?;
        let roles = variant.pieces.len();
        let mut types = [vec![None; roles], vec![None; roles]];
        let mut promoted = [vec![None; roles], vec![None; roles]];
        let mut rows = [vec![0u32; roles], vec![0u32; roles]];
        for color in Color::BOTH {
            let c = color.index();
            let slots = &slots[c];
            let find = |letter: &str| {
                slots
                    .iter()
                    .find(|(_, e)| *e == Entry::Piece(letter.to_string()))
                    .map(|&(s, _)| s)
            };
            for (r, piece) in variant.pieces.iter().enumerate() {
                types[c][r] = find(&piece.letter.for_color(color));
            }
            // Promoted roles without a letter of their own in the table
            // take the promoted slot of their base piece.
            for (base, target) in variant.promotion.promoted_type.iter().enumerate() {
                let (Some(t), Some(b)) = (target, types[c][base]) else {
                    continue;
                };
                let t = usize::from(t.0);
                if types[c][t].is_some() {
                    continue;
                }
                let base_letter = variant.pieces[base].letter.for_color(color);
                types[c][t] = slots.iter().find_map(|(s, e)| match e {
                    Entry::Promoted if *s == b + PROMOTED_PAIR => Some(*s),
                    Entry::PromotedOf(x) if x.eq_ignore_ascii_case(&base_letter) => Some(*s),
                    _ => None,
                });
            }
            for r in 0..roles {
                if let Some(t) = types[c][r]
                    && slots
                        .iter()
                        .any(|(s, e)| *s == t + PROMOTED_PAIR && *e == Entry::Promoted)
                {
                    promoted[c][r] = Some(t + PROMOTED_PAIR);
                }
                rows[c][r] = types[c][r].map_or(0, |t| {
                    slots
                        .iter()
                        .filter(|(s, e)| *s < t && matches!(e, Entry::Piece(_)))
                        .count() as u32
                });
            }
        }
        let (w, h) = (u32::from(variant.width), u32::from(variant.height));
        Ok(BookHasher {
            width: w,
            types: types.map(Vec::into_boxed_slice),
            promoted: promoted.map(Vec::into_boxed_slice),
            rows: rows.map(Vec::into_boxed_slice),
            variant_term: facts.variant_number,
            holdings_base: w * h,
            height: h,
            holdings_columns: if facts.holdings { 2 } else { 0 },
            shogi: facts.shogi,
        })
    }

    /// XBoard's square number: `width * rank + file`.
    pub fn square_number(&self, pos: &Position, sq: Sq) -> Option<u32> {
        square_number(self.width, pos, sq)
    }

    /// The key of one piece of XBoard type `slot` on square number `nr`.
    fn piece_key(slot: u16, color: Color, nr: u32) -> u64 {
        let mut j = i32::from(slot);
        let promoted = j >= i32::from(PBISHOP) && slot != KING;
        if promoted {
            j -= i32::from(TOKIN);
        }
        if j > 4 {
            j += 1;
        }
        if j > i32::from(KING) {
            j = 5;
        }
        // XBoard reads outside its key table for the promoted types below
        // the tokin (slots 46-54, which only Chu Shogi's table uses, and
        // Chu books are refused); should another table use them, such a
        // piece gets the pawn's key here instead.
        let code = (2 * j.max(0) + i32::from(color == Color::White)) as u32;
        let (group, base) = (code / 12, code % 12);
        let mut z = RANDOM64[(64 * base + (nr & 63)) as usize];
        if group & 4 != 0 {
            z = z.wrapping_mul(987_654_321);
        }
        z = z.rotate_left(16 * (group & 3));
        if promoted {
            z ^= 123_456_789u64.wrapping_mul(RANDOM64[(nr & 63) as usize]);
        }
        if nr & 64 != 0 {
            z = z.rotate_left(8);
        }
        if nr & 128 != 0 {
            z = z.rotate_left(4);
        }
        z
    }

    /// The key of `pos`, or `None` if a piece on the board or in hand has
    /// no type in XBoard's table (no book can hold such a position).
    /// `extra` is what XBoard holds along the game beyond the position:
    /// castling rights and pieces in hand (see [`XBoardState`]).
    pub fn key(&self, pos: &Position, extra: &XBoardState) -> Option<u64> {
        let mut key = self.variant_term ^ extra.castling_key();
        for color in Color::BOTH {
            let c = color.index();
            for (_, s) in pos.pieces(color) {
                let r = usize::from(s.role.0);
                let slot = if s.promoted {
                    self.promoted[c][r].or(self.types[c][r])
                } else {
                    self.types[c][r]
                }?;
                key ^= Self::piece_key(slot, color, self.square_number(pos, s.sq)?);
            }
        }
        key ^= self.castling(pos);
        key ^= self.en_passant(pos);
        if pos.side_to_move() == Color::White {
            key ^= RANDOM64[780];
        }
        // Pieces in hand: White's in the right-hand holdings column, row
        // `PieceToNumber` from the bottom (square number `(width + 1) *
        // height + row`); Black's in the left-hand one, counted from the
        // top (`width * height + height - 1 - row`); each key added times
        // its count.
        let mut hand = 0u64;
        for color in Color::BOTH {
            let c = color.index();
            for (r, &n) in pos.holdings(color).iter().enumerate() {
                let n = u32::from(n) + extra.in_hand(color, r);
                if n == 0 {
                    continue;
                }
                let slot = self.types[c][r]?;
                let row = self.rows[c][r];
                let nr = match color {
                    Color::White => self.holdings_base + self.height + row,
                    Color::Black => {
                        self.holdings_base + (self.height - 1 - row.min(self.height - 1))
                    }
                };
                hand =
                    hand.wrapping_add(Self::piece_key(slot, color, nr).wrapping_mul(u64::from(n)));
            }
        }
        Some(key.wrapping_add(hand))
    }

    /// The castling keys. A right held by a side's outer partner on the
    /// king's right (king side) or left (queen side) takes Polyglot's key
    /// for it, whichever file the rook is on: so XBoard's keys, and those
    /// of every position without an inner rook holding a right, are
    /// Polyglot's. A right held by an inner rook (Chess960, with another
    /// rook nearer the edge on its side) takes the extension's key for its
    /// file instead (see [`RANDOM_CASTLE_EXTRA`]); XBoard has no such keys.
    fn castling(&self, pos: &Position) -> u64 {
        let mut key = 0;
        let Some(rules) = pos.rules().castling.as_ref() else {
            return 0;
        };
        let g = pos.rules().geometry();
        for color in Color::BOTH {
            let c = color.index();
            let rights = pos.castling_rights(color);
            if rights == 0 {
                continue;
            }
            let Some(king) = pos.castling_king(color) else {
                continue;
            };
            let Some((kx, rank)) = g.coords(king) else {
                continue;
            };
            let partner_on = |x: u8| {
                pos.piece_on(g.sq(x, rank)).is_some_and(|(col, s)| {
                    col == color
                        && rules.rook_role[c]
                            .get(usize::from(s.role.0))
                            .copied()
                            .unwrap_or(false)
                })
            };
            for f in 0..g.width.min(32) {
                if rights & (1 << f) == 0 || f == kx {
                    continue;
                }
                let kingside = f > kx;
                let outer = if kingside {
                    !(f + 1..g.width).any(partner_on)
                } else {
                    !(0..f).any(partner_on)
                };
                key ^= if outer {
                    RANDOM64[768 + 2 * c + usize::from(!kingside)]
                } else if (1..=6).contains(&f) {
                    RANDOM_CASTLE_EXTRA[6 * c + usize::from(f) - 1]
                } else {
                    // Inner rooks beyond the g-file (10-file boards) have
                    // no key of their own: the outer one's stands in.
                    RANDOM64[768 + 2 * c + usize::from(!kingside)]
                };
            }
        }
        key
    }

    /// The en-passant key, as XBoard sets it: for the file of a pawn that
    /// just made its double step beside a pawn of the side to move, which
    /// stands on the fifth rank (White to move) or the fourth (Black).
    /// XBoard numbers that file by its column in the board array, which
    /// holdings shift by two, and only columns 0-7 have a key.
    fn en_passant(&self, pos: &Position) -> u64 {
        let ep = pos.ep();
        if ep.squares.is_empty() || ep.victim == 0 {
            return 0;
        }
        let g = pos.rules().geometry();
        let Some((file, _)) = g.coords(ep.victim) else {
            return 0;
        };
        let column = usize::from(file) + usize::from(self.holdings_columns);
        if column >= 8 {
            return 0;
        }
        let us = pos.side_to_move();
        let rank = if us == Color::White { 4 } else { 3 };
        if u32::from(rank) >= self.height {
            return 0;
        }
        let pawn_on = |x: Option<u8>| {
            x.filter(|&x| x < g.width).is_some_and(|x| {
                pos.piece_on(g.sq(x, rank)).is_some_and(|(c, s)| {
                    c == us && self.types[us.index()][usize::from(s.role.0)] == Some(0)
                })
            })
        };
        // XBoard's bounds are on the array column: no left neighbour in
        // column 0, no right one in column 7.
        let left = column > 0 && pawn_on(file.checked_sub(1));
        let right = column < 7 && pawn_on(Some(file + 1));
        if left || right {
            RANDOM64[772 + column]
        } else {
            0
        }
    }

    /// XBoard treats the variant as shogi (its `+` and Lion move codes).
    pub fn shogi_family(&self) -> bool {
        self.shogi
    }

    /// The type XBoard gives `role` of `color`, if any (for move codes).
    pub fn xboard_type(&self, color: Color, role: Role) -> Option<u16> {
        self.types[color.index()][usize::from(role.0)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key_after(variant: &str, moves: &[&str]) -> u64 {
        let set = crate::variant::VariantSet::builtin().expect("built-ins");
        let v = set.get(variant).expect("variant");
        let rules = crate::position::Rules::new(v.clone()).expect("rules");
        let mut game = crate::game::Game::new(Position::start(rules).expect("start"));
        let mut xboard = XBoardState::at_start(game.position());
        for m in moves {
            let mv = game.parse_move(m).expect("legal move");
            xboard.play(game.position(), mv);
            game.play(mv);
        }
        BookHasher::new(v)
            .expect("hasher")
            .key(game.position(), &xboard)
            .expect("key")
    }

    fn key_of(variant: &str, fen: &str) -> u64 {
        let set = crate::variant::VariantSet::builtin().expect("built-ins");
        let v = set.get(variant).expect("variant");
        let rules = crate::position::Rules::new(v.clone()).expect("rules");
        let pos = Position::from_fen(rules, fen).expect("fen");
        let xboard = XBoardState::from_fen(&pos, fen);
        BookHasher::new(v)
            .expect("hasher")
            .key(&pos, &xboard)
            .expect("key")
    }

    #[test]
    fn tables_fill_xboard_slots_from_the_pawn_and_end_with_the_king() {
        // XBoard's capablanca table: archbishop on Angel (7), chancellor
        // on Marshall (8); xiangqi's general takes the Wazir slot (9), as
        // its table leaves the king's slot empty.
        let [white, black] = parse_table("PNBRQ..ACKpnbrq..ack").expect("table");
        let slot = |slots: &Slots, l: &str| {
            slots
                .iter()
                .find(|(_, e)| *e == Entry::Piece(l.into()))
                .map(|&(s, _)| s)
        };
        assert_eq!(slot(&white, "A"), Some(7));
        assert_eq!(slot(&white, "C"), Some(8));
        assert_eq!(slot(&white, "K"), Some(KING));
        assert_eq!(slot(&black, "c"), Some(8));
        let [white, _] = parse_table("PH.R.AE..K.C.ph.r.ae..k.c.").expect("table");
        assert_eq!(slot(&white, "K"), Some(9));
        assert!(parse_table("PNBRQK").is_err(), "too short");
        assert!(parse_table("PNBRQ..ACKpnbrq..ac").is_err(), "odd length");
    }

    #[test]
    fn pieces_in_hand_add_to_the_key_by_their_count() {
        // Holdings keys are added, not XORed: each further pawn in hand
        // adds the same amount, and two do not cancel out.
        let fen = |hand: &str| {
            format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[{hand}] w KQkq - 0 1")
        };
        let k0 = key_of("crazyhouse", &fen(""));
        let k1 = key_of("crazyhouse", &fen("P"));
        let k2 = key_of("crazyhouse", &fen("PP"));
        assert_ne!(k2, k0);
        assert_eq!(k2.wrapping_sub(k1), k1.wrapping_sub(k0));
    }

    #[test]
    fn chess960_inner_rook_keys_are_splitmix_of_960() {
        let mut rng = crate::rng::Rng(960);
        for k in RANDOM_CASTLE_EXTRA {
            assert_eq!(k, rng.next_u64());
        }
    }

    #[test]
    fn outer_rooks_keep_polyglot_keys_in_chess960() {
        // Rooks in the corners: the Chess960 key equals the chess key.
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(key_of("fischerandom", fen), 0x463b96181691fc9c);
        // Two rooks on the king's right, the inner one (f1) with the
        // right: its own key, not the outer rook's.
        let inner = key_of("fischerandom", "4k3/8/8/8/8/8/8/4KRR1 w F - 0 1");
        let outer = key_of("fischerandom", "4k3/8/8/8/8/8/8/4KRR1 w G - 0 1");
        let none = key_of("fischerandom", "4k3/8/8/8/8/8/8/4KRR1 w - - 0 1");
        assert_eq!(outer ^ none, RANDOM64[768]);
        assert_eq!(inner ^ none, RANDOM_CASTLE_EXTRA[4]);
    }

    #[test]
    fn variant_numbers_keep_books_apart() {
        // Giveaway plays from suicide's books; losers has its own number.
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
        let suicide = key_of("suicide", fen);
        assert_eq!(key_of("giveaway", fen), suicide);
        assert_eq!(
            key_of(
                "losers",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
            ) ^ suicide,
            7 ^ 8
        );
    }

    #[test]
    fn chess_keys_equal_the_published_polyglot_test_vectors() {
        // The Polyglot format's own test positions (polyglot-ext.md).
        let cases: &[(&[&str], u64)] = &[
            (&[], 0x463b96181691fc9c),
            (&["e2e4"], 0x823c9b50fd114196),
            (&["e2e4", "d7d5"], 0x0756b94461c50fb0),
            (&["e2e4", "d7d5", "e4e5"], 0x662fafb965db29d4),
            (&["e2e4", "d7d5", "e4e5", "f7f5"], 0x22a48b5a8e47ff78),
            (
                &["e2e4", "d7d5", "e4e5", "f7f5", "e1e2"],
                0x652a607ca3f242c1,
            ),
            (
                &["e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"],
                0x00fdd303c946bdd9,
            ),
            (
                &["a2a4", "b7b5", "h2h4", "b5b4", "c2c4"],
                0x3c8123ea7b067637,
            ),
            (
                &["a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"],
                0x5c3f9b829b279560,
            ),
        ];
        for (moves, want) in cases {
            assert_eq!(key_after("normal", moves), *want, "after {moves:?}");
        }
    }
}
