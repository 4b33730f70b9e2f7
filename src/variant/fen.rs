//! The start position of a variant, read from its `startFen`.
//!
//! Accepts the FEN flavours that appear in variant files and in the perft
//! suites: X-FEN and Shredder-FEN castling fields, holdings in `[...]` after
//! the board (`[-]` for none), `~` after a promoted piece, check counters
//! `3+3`, Berolina e.p. fields naming several squares (`c5b6`), the
//! counting fields of makruk-like games (`w - 16 9 12`), and the shortened
//! `w 0 1` tail of shogi FENs. A full `Position` comes later; this is only
//! what the variant needs to be checked and described.

use std::fmt;

use crate::types::{Color, Letter, Piece, Role, Square};

/// A start position: where the pieces stand and the game state fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartPosition {
    /// The FEN as written in the file.
    pub fen: String,
    /// `width * height` cells, a1 first, then b1, ... (see [`Square::index`]).
    pub board: Vec<Option<Piece>>,
    /// Wall squares (`*`): cells no piece may enter, in `board`'s order.
    pub walls: Vec<usize>,
    pub side_to_move: Color,
    /// Empty when the field is `-` or absent.
    pub castling: Vec<CastlingRight>,
    /// Squares a pawn may capture on e.p.; several for Berolina.
    pub en_passant: Vec<Square>,
    /// `None` when the FEN has no `[...]` field.
    pub holdings: Option<Vec<Piece>>,
    /// Checks each side still has to give (`3+3`), indexed by [`Color::index`].
    pub checks_remaining: Option<[u32; 2]>,
    /// The counting fields, when the FEN has them.
    pub counting: Option<CountingFields>,
    /// 0 while a count runs: Fairy-Stockfish's FEN writes the plies
    /// counted in its place, and reads it so.
    pub halfmove_clock: u32,
    pub fullmove_number: u32,
}

/// The state of a running count (makruk, ASEAN and Cambodian counting
/// rules) as Fairy-Stockfish writes it in a FEN (`Position::fen` and
/// `Position::set` in its `position.cpp`): the count's limit in place of
/// the e.p. field, the plies counted in place of the halfmove clock,
/// both in plies (`8/8/8/R3K3/8/8/8/1R5k b - 16 9 5`: 16 plies allowed,
/// 9 counted). A limit of 0 runs no count, and the second field is then
/// the halfmove clock, as Fairy-Stockfish reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountingFields {
    pub limit: u16,
    pub ply: u16,
}

impl StartPosition {
    pub fn piece_at(&self, sq: Square, width: u8) -> Option<Piece> {
        self.board.get(sq.index(width)).copied().flatten()
    }

    /// Number of pieces of `color` on the board.
    pub fn count(&self, color: Color) -> usize {
        self.board
            .iter()
            .flatten()
            .filter(|p| p.color == color)
            .count()
    }
}

/// One letter of the castling field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingRight {
    /// `K` / `k`: with the outermost rook on the king's right.
    Kingside(Color),
    /// `Q` / `q`.
    Queenside(Color),
    /// Shredder-FEN / X-FEN file letter (`H`, `a`, ...): the rook on that file.
    File(Color, u8),
}

/// The fields of a FEN, as text, before any is interpreted: the one place
/// that knows how the fields follow each other, for the reader below and
/// for callers that need a single field as written (XBoard's own reading
/// of the castling letters, a PGN's move numbers).
///
/// After the board (with holdings in `[...]` glued to it) and the side to
/// move come, each optional: castling, e.p. (neither is a number nor
/// holds a `+`), n-check counters (`3+3`), the halfmove clock and the
/// fullmove number. A running count (see [`CountingFields`]) puts its
/// limit where e.p. goes: three numbers after the castling field (n-check
/// counters may stand after the first) are the limit, the plies counted
/// and the fullmove number. (Fairy-Stockfish writes the fullmove number
/// with a count; two numbers there are always the clocks.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenFields<'a> {
    pub board: &'a str,
    /// The text between `[` and `]` after the board.
    pub holdings: Option<&'a str>,
    /// Text after a `[` with no closing `]`.
    pub unclosed_holdings: Option<&'a str>,
    pub side: &'a str,
    pub castling: Option<&'a str>,
    pub en_passant: Option<&'a str>,
    /// A count's limit, in the e.p. field's place.
    pub counting: Option<&'a str>,
    pub checks: Option<&'a str>,
    pub halfmove: Option<&'a str>,
    pub fullmove: Option<&'a str>,
    /// Fields beyond the last one a FEN has.
    pub extra: Vec<&'a str>,
}

impl<'a> FenFields<'a> {
    pub fn split(fen: &'a str) -> Result<FenFields<'a>, FenError> {
        let mut words = fen.split_whitespace().peekable();
        let (Some(placement), Some(side)) = (words.next(), words.next()) else {
            return Err(FenError::MissingFields);
        };
        let (board, holdings, unclosed_holdings) = match placement.split_once('[') {
            Some((b, h)) => match h.strip_suffix(']') {
                Some(h) => (b, Some(h), None),
                None => (b, None, Some(h)),
            },
            None => (placement, None, None),
        };
        let is_state = |s: &&str| !s.bytes().all(|b| b.is_ascii_digit()) && !s.contains('+');
        let castling = words.next_if(is_state);
        let number = |s: &&str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let mut ahead = words.clone();
        let counted = castling.is_some() && ahead.next_if(number).is_some() && {
            ahead.next_if(|s| s.contains('+'));
            ahead.take(2).filter(number).count() == 2
        };
        let counting = if counted { words.next() } else { None };
        let en_passant = if counting.is_none() {
            words.next_if(is_state)
        } else {
            None
        };
        let checks = words.next_if(|s| s.contains('+'));
        let halfmove = words.next();
        let fullmove = words.next();
        Ok(FenFields {
            board,
            holdings,
            unclosed_holdings,
            side,
            castling,
            en_passant,
            counting,
            checks,
            halfmove,
            fullmove,
            extra: words.collect(),
        })
    }
}

/// A problem in a FEN. `rank` is the board rank number (1-based) as a human
/// reads it, so the first FEN rank of an 8-rank board is rank 8.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    MissingFields,
    RankCount {
        expected: u8,
        found: usize,
    },
    RankLength {
        rank: usize,
        expected: u8,
        found: usize,
    },
    UnknownLetter {
        rank: usize,
        letter: String,
    },
    BadChar {
        rank: usize,
        ch: char,
    },
    Unsupported {
        rank: usize,
        what: &'static str,
    },
    BadHoldings(String),
    BadSideToMove(String),
    BadCastling(String),
    BadEnPassant(String),
    BadCheckCounts(String),
    BadCounter(String),
    /// A counting field that is no number of plies up to 65535.
    BadCounting(String),
    ExtraFields(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FenError::*;
        match self {
            MissingFields => write!(f, "FEN needs at least a board and a side to move"),
            RankCount { expected, found } => {
                write!(f, "FEN has {found} ranks but the board has {expected}")
            }
            RankLength {
                rank,
                expected,
                found,
            } => {
                write!(
                    f,
                    "FEN rank {rank} has {found} squares but the board has {expected} files"
                )
            }
            UnknownLetter { rank, letter } => {
                write!(
                    f,
                    "FEN rank {rank}: no piece type with letter '{letter}' is defined"
                )
            }
            BadChar { rank, ch } => write!(f, "FEN rank {rank}: unexpected character '{ch}'"),
            Unsupported { rank, what } => write!(f, "FEN rank {rank}: {what} not supported"),
            BadHoldings(s) => write!(f, "bad FEN holdings '{s}'"),
            BadSideToMove(s) => write!(f, "FEN side to move must be w or b, not '{s}'"),
            BadCastling(s) => write!(f, "bad FEN castling field '{s}'"),
            BadEnPassant(s) => write!(f, "bad FEN en-passant field '{s}'"),
            BadCheckCounts(s) => write!(f, "bad FEN check counter '{s}'"),
            BadCounter(s) => write!(f, "bad FEN move counter '{s}'"),
            BadCounting(s) => write!(f, "bad FEN counting field '{s}' (plies, 0 to 65535)"),
            ExtraFields(s) => write!(f, "unexpected FEN fields '{s}'"),
        }
    }
}

/// Reads `fen` for a `width` x `height` board whose piece letters `role_of`
/// knows, reporting every problem found. With `hand` (a variant with
/// holdings) the holdings may also be written as a rank after the last
/// ([`pocket_rank`]).
pub fn parse(
    fen: &str,
    width: u8,
    height: u8,
    hand: bool,
    role_of: &dyn Fn(Letter) -> Option<Role>,
    promote: &dyn Fn(Role) -> Option<Role>,
) -> Result<StartPosition, Vec<FenError>> {
    let mut errors = Vec::new();
    let f = FenFields::split(fen).map_err(|e| vec![e])?;
    if let Some(h) = f.unclosed_holdings {
        errors.push(FenError::BadHoldings(h.to_string()));
    }
    let (board_text, holdings_text) = match (f.holdings, f.unclosed_holdings) {
        (None, None) if hand => pocket_rank(f.board, height),
        _ => (f.board, f.holdings),
    };
    let (board, walls) = parse_board(board_text, width, height, role_of, promote, &mut errors);
    let holdings = holdings_text.map(|h| parse_holdings(h, role_of, &mut errors));
    let side_to_move = match f.side {
        "w" => Color::White,
        "b" => Color::Black,
        other => {
            errors.push(FenError::BadSideToMove(other.to_string()));
            Color::White
        }
    };
    let castling = f
        .castling
        .map_or_else(Vec::new, |s| parse_castling(s, width, &mut errors));
    let en_passant = f.en_passant.map_or_else(Vec::new, |s| {
        parse_en_passant(s, width, height, &mut errors)
    });
    let checks_remaining = f.checks.and_then(|s| {
        let counts = s
            .split_once('+')
            .and_then(|(w, b)| Some([w.parse().ok()?, b.parse().ok()?]));
        if counts.is_none() {
            errors.push(FenError::BadCheckCounts(s.to_string()));
        }
        counts
    });
    let counting = f.counting.map(|limit| {
        // The split makes sure the plies field is there.
        let ply = f.halfmove.unwrap_or("0");
        let fields = limit.parse().ok().zip(ply.parse().ok());
        let (limit, ply) = fields.unwrap_or_else(|| {
            errors.push(FenError::BadCounting(format!("{limit} {ply}")));
            (0, 0)
        });
        CountingFields { limit, ply }
    });
    let mut counter = |field: Option<&str>, default| {
        field.map_or(default, |s| {
            s.parse().unwrap_or_else(|_| {
                errors.push(FenError::BadCounter(s.to_string()));
                default
            })
        })
    };
    let halfmove_clock = match counting {
        Some(c) if c.limit > 0 => 0,
        Some(c) => u32::from(c.ply),
        None => counter(f.halfmove, 0),
    };
    let fullmove_number = counter(f.fullmove, 1);
    if !f.extra.is_empty() {
        errors.push(FenError::ExtraFields(f.extra.join(" ")));
    }

    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(StartPosition {
        fen: fen.to_string(),
        board,
        walls,
        side_to_move,
        castling,
        en_passant,
        holdings,
        checks_remaining,
        counting,
        halfmove_clock,
        fullmove_number,
    })
}

/// The board and the holdings of a placement that writes the holdings as
/// one rank more than the board has (`.../RNBQKBNR/Qn`, or an empty
/// `.../RNBQKBNR/`), as Fairy-Stockfish reads them and PyChess writes
/// them: a `/` after the last rank leaves the board for the hand. Only
/// letters (and `+`, `~` of promoted pieces) make such a rank holdings;
/// anything else stays on the board, to be reported as a rank too many.
fn pocket_rank(board: &str, height: u8) -> (&str, Option<&str>) {
    let ranks = board.split('/').count();
    match board.rsplit_once('/') {
        Some((b, pocket))
            if ranks == usize::from(height) + 1
                && pocket
                    .chars()
                    .all(|c| c.is_ascii_alphabetic() || c == '+' || c == '~') =>
        {
            (b, Some(pocket))
        }
        _ => (board, None),
    }
}

#[allow(clippy::too_many_arguments)]
fn parse_board(
    text: &str,
    width: u8,
    height: u8,
    role_of: &dyn Fn(Letter) -> Option<Role>,
    promote: &dyn Fn(Role) -> Option<Role>,
    errors: &mut Vec<FenError>,
) -> (Vec<Option<Piece>>, Vec<usize>) {
    let mut board = vec![None; usize::from(width) * usize::from(height)];
    let mut walls = Vec::new();
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != usize::from(height) {
        errors.push(FenError::RankCount {
            expected: height,
            found: ranks.len(),
        });
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        // FEN lists the top rank first.
        let rank = usize::from(height).saturating_sub(i).max(1);
        let mut file = 0usize;
        let mut rest = *rank_text;
        while let Some(c) = rest.chars().next() {
            if c.is_ascii_digit() {
                let len = rest.bytes().take_while(u8::is_ascii_digit).count();
                // Saturating: an absurd run is reported as a wrong rank length.
                file = file.saturating_add(rest[..len].parse().unwrap_or(usize::MAX));
                rest = &rest[len..];
                continue;
            }
            if c == '*' {
                // A wall square (Fairy-Stockfish's FENs).
                if file < usize::from(width) && i < usize::from(height) {
                    walls.push(Square::new(file as u8, (rank - 1) as u8).index(width));
                }
                rest = &rest[1..];
                file = file.saturating_add(1);
                continue;
            }
            let (promoted_prefix, after_plus) = match rest.strip_prefix('+') {
                Some(r) => (true, r),
                None => (false, rest),
            };
            let Some((letter, color, used)) = Letter::parse_prefix(after_plus) else {
                let what = match c {
                    '+' => Some("a '+' without a piece letter is"),
                    _ => None,
                };
                errors.push(match what {
                    Some(what) => FenError::Unsupported { rank, what },
                    None => FenError::BadChar { rank, ch: c },
                });
                rest = &rest[c.len_utf8()..];
                file = file.saturating_add(1);
                continue;
            };
            rest = &after_plus[used..];
            let tilde = rest.starts_with('~');
            if tilde {
                rest = &rest[1..];
            }
            let unpromoted = role_of(letter);
            let role = match unpromoted {
                // `+X`: X's promoted form (shogi).
                Some(base) if promoted_prefix => match promote(base) {
                    Some(r) => Some(r),
                    None => {
                        errors.push(FenError::Unsupported {
                            rank,
                            what: "'+' before a piece that does not promote is",
                        });
                        None
                    }
                },
                other => other,
            };
            match role {
                // Pieces beyond the board are left out; the length error says why.
                Some(role) if file < usize::from(width) && i < usize::from(height) => {
                    let sq = Square::new(file as u8, (rank - 1) as u8);
                    board[sq.index(width)] = Some(Piece {
                        color,
                        role,
                        promoted: tilde || promoted_prefix,
                        base: if promoted_prefix {
                            unpromoted.unwrap_or(role)
                        } else {
                            role
                        },
                    });
                }
                Some(_) => {}
                None => errors.push(FenError::UnknownLetter {
                    rank,
                    letter: letter.for_color(color),
                }),
            }
            file = file.saturating_add(1);
        }
        if file != usize::from(width) {
            errors.push(FenError::RankLength {
                rank,
                expected: width,
                found: file,
            });
        }
    }
    (board, walls)
}

fn parse_holdings(
    text: &str,
    role_of: &dyn Fn(Letter) -> Option<Role>,
    errors: &mut Vec<FenError>,
) -> Vec<Piece> {
    let mut pieces = Vec::new();
    if text == "-" {
        return pieces;
    }
    let mut rest = text;
    while !rest.is_empty() {
        match Letter::parse_prefix(rest) {
            Some((letter, color, used)) => {
                match role_of(letter) {
                    Some(role) => pieces.push(Piece {
                        color,
                        role,
                        promoted: false,
                        base: role,
                    }),
                    None => errors.push(FenError::BadHoldings(text.to_string())),
                }
                rest = &rest[used..];
            }
            None => {
                errors.push(FenError::BadHoldings(text.to_string()));
                break;
            }
        }
    }
    pieces
}

fn parse_castling(text: &str, width: u8, errors: &mut Vec<FenError>) -> Vec<CastlingRight> {
    if text == "-" {
        return Vec::new();
    }
    let rights: Option<Vec<CastlingRight>> = text
        .chars()
        .map(|c| {
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            match c.to_ascii_lowercase() {
                'k' => Some(CastlingRight::Kingside(color)),
                'q' => Some(CastlingRight::Queenside(color)),
                f if f.is_ascii_lowercase() && (f as u8 - b'a') < width => {
                    Some(CastlingRight::File(color, f as u8 - b'a'))
                }
                _ => None,
            }
        })
        .collect();
    rights.unwrap_or_else(|| {
        errors.push(FenError::BadCastling(text.to_string()));
        Vec::new()
    })
}

fn parse_en_passant(text: &str, width: u8, height: u8, errors: &mut Vec<FenError>) -> Vec<Square> {
    if text == "-" {
        return Vec::new();
    }
    // Squares are written back to back (`c5b6`): split before each letter.
    let mut squares = Vec::new();
    let starts: Vec<usize> = text
        .match_indices(|c: char| c.is_ascii_alphabetic())
        .map(|(i, _)| i)
        .collect();
    let valid = starts.first() == Some(&0)
        && starts
            .iter()
            .zip(starts.iter().skip(1).chain([&text.len()]))
            .all(|(&a, &b)| match Square::parse(&text[a..b]) {
                Some(sq) if sq.on_board(width, height) => {
                    squares.push(sq);
                    true
                }
                _ => false,
            });
    if !valid {
        errors.push(FenError::BadEnPassant(text.to_string()));
        squares.clear();
    }
    squares
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roles(letter: Letter) -> Option<Role> {
        "pnbrqk".find(&letter.to_string()).map(|i| Role(i as u8))
    }

    #[test]
    fn standard_fen() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        let pos = parse(fen, 8, 8, false, &roles, &|_| None).unwrap();
        assert_eq!(pos.count(Color::White), 16);
        assert_eq!(pos.count(Color::Black), 16);
        assert_eq!(pos.side_to_move, Color::Black);
        assert_eq!(pos.castling.len(), 4);
        assert_eq!(pos.en_passant, [Square::new(4, 2)]);
        let e4 = pos.piece_at(Square::new(4, 3), 8).unwrap();
        assert_eq!((e4.color, e4.role), (Color::White, Role(0)));
        assert_eq!(pos.piece_at(Square::new(4, 0), 8).unwrap().role, Role(5));
    }

    /// Holdings written as a rank after the last (Fairy-Stockfish reads
    /// them so, PyChess writes them so); a rank too many that is no
    /// holdings stays an error.
    #[test]
    fn holdings_as_one_rank_more() {
        let pos = parse(
            "8/8/8/8/8/8/8/K6k/Qpp w - - 0 1",
            8,
            8,
            true,
            &roles,
            &|_| None,
        )
        .unwrap();
        assert_eq!(pos.holdings.as_ref().map(|h| h.len()), Some(3));
        assert_eq!((pos.count(Color::White), pos.count(Color::Black)), (1, 1));
        let empty = parse("8/8/8/8/8/8/8/K6k/ w - - 0 1", 8, 8, true, &roles, &|_| {
            None
        })
        .unwrap();
        assert_eq!(empty.holdings.map(|h| h.len()), Some(0));
        assert!(
            parse("8/8/8/8/8/8/8/K6k/8 w - - 0 1", 8, 8, true, &roles, &|_| {
                None
            })
            .is_err()
        );
        assert!(parse("8/8/8/8/8/8/K6k/Q w - - 0 1", 8, 8, true, &roles, &|_| None).is_err());
        // Without holdings a rank too many is an error, whatever it holds.
        assert!(
            parse(
                "8/8/8/8/8/8/8/K6k/Qpp w - - 0 1",
                8,
                8,
                false,
                &roles,
                &|_| None
            )
            .is_err()
        );
    }

    #[test]
    fn fsf_flavours() {
        let pos = parse(
            "8/8/8/8/8/8/8/K6k[Qp] w - - 3+2 0 1",
            8,
            8,
            false,
            &roles,
            &|_| None,
        )
        .unwrap();
        assert_eq!(pos.holdings.map(|h| h.len()), Some(2));
        assert_eq!(pos.checks_remaining, Some([3, 2]));
        let pos = parse("8/8/8/8/8/8/8/K6k[-] w 0 1", 8, 8, false, &roles, &|_| None).unwrap();
        assert_eq!(
            (pos.holdings, pos.castling.len(), pos.fullmove_number),
            (Some(vec![]), 0, 1)
        );
        let pos = parse(
            "8/8/8/8/8/8/8/K6k w HAa c5b6 0 6",
            8,
            8,
            false,
            &roles,
            &|_| None,
        )
        .unwrap();
        assert_eq!(pos.castling[0], CastlingRight::File(Color::White, 7));
        assert_eq!(pos.en_passant, [Square::new(2, 4), Square::new(1, 5)]);
        let pos = parse(
            "10/10/10/10/10/10/10/10/10/K8k w - e7 0 3",
            10,
            10,
            false,
            &roles,
            &|_| None,
        )
        .unwrap();
        assert_eq!(pos.en_passant, [Square::new(4, 6)]);
    }

    #[test]
    fn counting_fields() {
        let read = |fen| parse(fen, 8, 8, false, &roles, &|_| None);
        // Fairy-Stockfish's FEN during a count: limit, plies, move number.
        let pos = read("7k/8/8/R3K3/8/8/8/1R6 b - 16 9 5").unwrap();
        assert_eq!(
            (pos.counting, pos.halfmove_clock, pos.fullmove_number),
            (Some(CountingFields { limit: 16, ply: 9 }), 0, 5)
        );
        assert!(pos.en_passant.is_empty());
        // A limit of 0 runs no count: the plies field is the clock.
        let pos = read("7k/8/8/R3K3/8/8/8/1R6 b - 0 7 40").unwrap();
        assert_eq!(
            (pos.counting.map(|c| c.limit), pos.halfmove_clock),
            (Some(0), 7)
        );
        // Two numbers after the castling field are the clocks.
        let pos = read("7k/8/8/R3K3/8/8/8/1R6 b - 7 40").unwrap();
        assert_eq!(
            (pos.counting, pos.halfmove_clock, pos.fullmove_number),
            (None, 7, 40)
        );
        let pos = read("7k/8/8/R3K3/8/8/8/1R6 b - - 7 40").unwrap();
        assert_eq!(pos.counting, None);
        assert_eq!(
            read("7k/8/8/R3K3/8/8/8/1R6 b - 16 99999 5"),
            Err(vec![FenError::BadCounting("16 99999".into())])
        );
        let fields = FenFields::split("7k/8/8/R3K3/8/8/8/1R6 b - 16 9 5 x").unwrap();
        assert_eq!(
            (fields.counting, fields.halfmove, fields.fullmove),
            (Some("16"), Some("9"), Some("5"))
        );
        assert_eq!(fields.extra, ["x"]);
        let fields = FenFields::split("7k/8/8/R3K3/8/8/8/1R6 b - 16 3+3 9 5").unwrap();
        assert_eq!(
            (fields.counting, fields.checks, fields.halfmove),
            (Some("16"), Some("3+3"), Some("9"))
        );
    }

    #[test]
    fn every_problem_is_reported() {
        let errors = parse(
            "rnbqkbnr/ppppxppp/9/8/8/8/PPPPPPPP w KQkq z9 x y",
            8,
            8,
            false,
            &roles,
            &|_| None,
        )
        .unwrap_err();
        assert!(errors.contains(&FenError::RankCount {
            expected: 8,
            found: 7
        }));
        assert!(errors.contains(&FenError::UnknownLetter {
            rank: 7,
            letter: "x".into()
        }));
        assert!(errors.contains(&FenError::RankLength {
            rank: 6,
            expected: 8,
            found: 9
        }));
        assert!(errors.contains(&FenError::BadEnPassant("z9".into())));
        assert!(errors.contains(&FenError::BadCounter("x".into())));
        assert_eq!(
            parse("8/8", 8, 8, false, &roles, &|_| None),
            Err(vec![FenError::MissingFields])
        );
        // A wall square (`*`) is a cell of the board, counted in the rank.
        let walled =
            parse("*7/8/8/8/8/8/8/8 w", 8, 8, false, &roles, &|_| None).expect("walls read");
        assert_eq!(walled.walls, vec![Square::new(0, 7).index(8)]);
        assert!(parse("*8/8/8/8/8/8/8/8 w", 8, 8, false, &roles, &|_| None).is_err());
    }
}
