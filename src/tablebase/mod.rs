//! Endgame tablebases generated from the variant's own definition.
//!
//! Pipeline: material (`KQvKR` in the variant's letters) -> the men's move
//! records, unrolled from the trajectory table ([`moves`]) -> an index
//! over their placements with the board symmetries the pieces allow
//! ([`index`], built in `layout`) -> retrograde analysis by distance to
//! mate, both sides to move, captures looked up in the smaller tables
//! built first (`generator` orders and keeps the tables, `generate` fills
//! one). The same move records drive generation, un-moves and the one-ply
//! [`Table::verify`] check, so any piece the trajectory table can express
//! (leapers, riders, hoppers, bent riders, region-bound pieces) gets
//! tables without piece-specific code.
//!
//! Where each job lives: `table` holds a generated table and its lookups
//! (a placement's value, a position's moves and what they lead to), over
//! the value bytes of `code`; [`file`] writes and reads table files and
//! [`probe`] serves them to the search; `rank` orders a position's moves
//! by table values (the best move); `stats`, `list` and `verify` count a
//! table, list a directory of files and check a table, each with the text
//! the `griffon tb` commands print.
//!
//! A rule that ends the game by material (the shatranj bare king) decides
//! whole tables: with White to move in KRvK, Black is bare and White has
//! won; such a win counts as one move in the distance.
//!
//! Pawns are men like the others: a move into the promotion zone leaves
//! the table for the promoted material's (one per choice, looked up like a
//! capture), a pawn never stands where it must already have promoted or
//! where it could not have come from its start squares, and its double
//! step belongs to its squares in the double-step region.
//!
//! Captures in passing: tables hold no e.p. rights. A double step the
//! opponent could take in passing leads to the table's position with the
//! captures in passing added as extra answers (they leave the table, so
//! their values are final); the retrograde pass takes a double step's
//! un-move as a win only when those answers lose too, and no sooner than
//! the slowest of them. The prober does the same for a position with a
//! right: the stored value, bettered by the captures in passing.
//!
//! Not supported, and refused with the reason: drops (a capture puts a
//! piece in hand, and tables hold only men on the board), promotion to a
//! piece in hand, shogi-style promotion (a choice in a zone, and promoted
//! men that differ from unpromoted ones of the same moves), boards of more
//! than [`MAX_SQUARES`] squares, and the game-end rules [`check_rules`]
//! names.

mod code;
pub mod file;
mod generate;
mod generator;
pub mod index;
mod layout;
mod list;
pub mod moves;
pub mod probe;
mod rank;
mod stats;
mod table;
mod verify;

use crate::position::Rules;
use crate::types::{Color, Letter, Role};
use crate::variant::GameValue;
use std::fmt;
use std::sync::Arc;

pub use generator::{Generator, Progress};
pub use list::{ListedTable, Listing, list_tables};
pub use rank::{Reply, rank_generated, rank_moves};
pub use stats::Stats;
pub use table::Table;
pub use verify::verify_report;

/// Most men in a table.
pub const MAX_MEN: usize = 8;

/// Most squares of a board tables index: a move's conditions are square
/// sets of one `u128` ([`moves::Mask`]).
pub const MAX_SQUARES: usize = 128;

/// Why a table cannot be made or read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TbError(pub String);

impl fmt::Display for TbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TbError {}

/// A material balance: the men of a table in index order (White's royal,
/// Black's royal, then groups of like men, White's first, by piece type).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Material {
    pub men: Vec<(Color, Role)>,
}

impl Material {
    /// Parse `KQvKR`: White's men before the `v`, Black's after, each
    /// written with the variant's piece letters in either case. Each side
    /// needs exactly one royal piece.
    pub fn parse(rules: &Rules, text: &str) -> Result<Material, TbError> {
        let variant = &rules.variant;
        let parts: Vec<&str> = text.split('v').collect();
        if parts.len() != 2 {
            return Err(TbError(format!(
                "material '{text}': expected White's men, 'v', Black's men (as in KQvKR)"
            )));
        }
        let mut men = Vec::new();
        for (color, part) in [(Color::White, parts[0]), (Color::Black, parts[1])] {
            let mut rest = part;
            while !rest.is_empty() {
                let Some((letter, _, used)) = Letter::parse_prefix(rest) else {
                    return Err(TbError(format!(
                        "material '{text}': '{rest}' does not start with a piece letter"
                    )));
                };
                let Some(role) = variant.role(letter) else {
                    return Err(TbError(format!(
                        "material '{text}': variant {} has no piece '{}'",
                        variant.name,
                        letter.for_color(Color::White)
                    )));
                };
                men.push((color, role));
                rest = &rest[used..];
            }
        }
        Material::from_men(rules, men).map_err(|e| TbError(format!("material '{text}': {}", e.0)))
    }

    /// Put `men` into index order, checking there is one royal a side.
    pub fn from_men(rules: &Rules, mut men: Vec<(Color, Role)>) -> Result<Material, TbError> {
        let royal = |r: Role| rules.royal[usize::from(r.0)];
        for color in Color::BOTH {
            let n = men.iter().filter(|m| m.0 == color && royal(m.1)).count();
            if n != 1 {
                return Err(TbError(format!(
                    "{} has {n} royal pieces; tablebases need exactly one a side",
                    if color == Color::White {
                        "White"
                    } else {
                        "Black"
                    }
                )));
            }
        }
        if men.len() > MAX_MEN {
            return Err(TbError(format!("at most {MAX_MEN} men")));
        }
        men.sort_by_key(|&(c, r)| Material::order(rules, c, r));
        Ok(Material { men })
    }

    /// Where a man stands in a material's order: the royals first, then
    /// White's men before Black's, by piece type.
    pub fn order(rules: &Rules, color: Color, role: Role) -> (bool, usize, u8) {
        (!rules.royal[usize::from(role.0)], color.index(), role.0)
    }

    /// How many men form each group of like men after the two royals.
    pub fn groups(&self) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        let mut prev = None;
        for &m in &self.men[2..] {
            if Some(m) == prev {
                if let Some(last) = out.last_mut() {
                    *last += 1;
                }
            } else {
                out.push(1);
            }
            prev = Some(m);
        }
        out
    }

    /// The material after man `i` is captured.
    pub fn without(&self, i: usize) -> Material {
        let mut men = self.men.clone();
        men.remove(i);
        Material { men }
    }

    /// The name in the variant's letters, White's men first (`KRBvKR`).
    pub fn name(&self, rules: &Rules) -> String {
        let mut out = String::new();
        for color in Color::BOTH {
            if color == Color::Black {
                out.push('v');
            }
            for &(c, r) in &self.men {
                if c == color {
                    out.push_str(
                        &rules.variant.pieces[usize::from(r.0)]
                            .letter
                            .for_color(Color::White),
                    );
                }
            }
        }
        out
    }
}

/// The material of a position and its men's squares (dense numbering) in
/// the material's order, to probe a table with.
pub fn placement(pos: &crate::position::Position) -> Result<(Material, Vec<u8>), TbError> {
    let rules = pos.rules();
    let g = rules.geometry();
    let mut men = Vec::new();
    for color in Color::BOTH {
        for (_, slot) in pos.pieces(color) {
            let sq = g
                .dense(slot.sq)
                .ok_or_else(|| TbError("a piece off the board".into()))?;
            men.push((color, slot.role, sq as u8));
        }
    }
    if pos.holdings(Color::White).iter().any(|&n| n > 0)
        || pos.holdings(Color::Black).iter().any(|&n| n > 0)
    {
        return Err(TbError("pieces in hand".into()));
    }
    men.sort_by_key(|&(c, r, _)| Material::order(rules, c, r));
    let material = Material::from_men(rules, men.iter().map(|&(c, r, _)| (c, r)).collect())?;
    Ok((material, men.iter().map(|m| m.2).collect()))
}

/// The FEN of a placement: `letters[i]` stands on dense square
/// `squares[i]`.
pub fn fen(
    geometry: &crate::types::Geometry,
    letters: &[String],
    squares: &[u8],
    stm: Color,
) -> String {
    let placement = geometry.fen_placement(|sq| {
        let d = geometry.dense(sq)?;
        let i = squares.iter().position(|&s| usize::from(s) == d)?;
        Some(letters[i].clone())
    });
    let side = if stm == Color::White { "w" } else { "b" };
    format!("{placement} {side} - - 0 1")
}

/// The rules a table can be generated for, or why not.
pub fn check_rules(rules: &Rules) -> Result<(), TbError> {
    let v = &rules.variant;
    let end = &v.end;
    let squares = usize::from(v.width) * usize::from(v.height);
    let why = if squares > MAX_SQUARES {
        format!("its board has {squares} squares, and tables index at most {MAX_SQUARES}")
    } else if v.drops.piece_drops {
        // Supporting them would take the holdings into every table's index
        // and tables of pieces in hand for every capture.
        "it has drops: every capture puts a piece in the captor's hand, to be \
         dropped again, and tables hold only the men on the board, never \
         pieces in hand"
            .into()
    } else if !end.checking {
        "checks are not allowed".into()
    } else if end.must_capture {
        "captures are compulsory".into()
    } else if end.check_counting {
        "it counts checks".into()
    } else if end.flag.is_some() || end.connect.is_some() {
        "it is won by reaching a goal, not only by mate".into()
    } else if end.checkmate != GameValue::Loss {
        "checkmate does not lose".into()
    } else if end.shatar_mate {
        "whether a mate counts depends on the checks before it".into()
    } else if end.material_counting.is_some() || end.bikjang {
        "its drawn ends are decided by material or by the kings facing".into()
    } else if end.stalemate == GameValue::Win || end.stalemate_piece_count {
        "its stalemate rule is not a draw or a loss".into()
    } else if v.blast_on_capture {
        "captures explode".into()
    } else if v.walls.walling() || !v.walls.petrify.is_empty() || !v.start.walls.is_empty() {
        "it has wall squares, which tables do not index".into()
    } else {
        return Ok(());
    };
    Err(TbError(format!(
        "variant {}: tablebases do not support it ({why})",
        v.name
    )))
}

/// What a table says about one position, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// Mates in this many moves (its own moves, the last one mating).
    Win(u32),
    /// Is mated after this many of its own moves (0: mated now).
    Loss(u32),
    Draw,
    /// Not a legal position (the side not to move is in check).
    Illegal,
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(n) => write!(f, "win, mate in {n}"),
            Value::Loss(0) => write!(f, "loss, mated"),
            Value::Loss(n) => write!(f, "loss, mated in {n}"),
            Value::Draw => write!(f, "draw"),
            Value::Illegal => write!(f, "illegal position"),
        }
    }
}

/// A shared handle on the rules, so tables can outlive their generator.
pub type SharedRules = Arc<Rules>;
