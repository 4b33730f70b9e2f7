//! Variant definitions: the first stage of the pipeline.
//!
//! A variant is described by a section of an INI-style file in the syntax of
//! Fairy-Stockfish's `variants.ini`, so definitions written for it can be
//! brought over. Reading happens in two stages: [`ini::parse`] turns text
//! into raw sections with line numbers ([`SyntaxError`]s for malformed
//! lines), then validation resolves inheritance, compiles every piece's
//! XBetza and checks the rules, reporting every problem with file, line and
//! key ([`ValidationError`]). The result is a read-only [`Variant`] from which
//! everything else (move generation, XBoard setup, books) is derived.
//! [`VariantSet`] holds the built-in variants (`variants/*.ini`, embedded in
//! the binary at build time) and any files loaded at run time.
//!
//! # File format
//!
//! `[name]` or `[name:parent]` starts a variant; `key = value` lines set its
//! options; lines starting with `#` or `;` are comments (a `#` inside a value
//! is part of the value, as in Fairy-Stockfish). A child starts from its
//! parent's settings and overrides them key by key; a variant without a
//! parent starts from chess rules with no pieces, as in Fairy-Stockfish. The
//! parent may be a built-in variant, a variant of a file loaded earlier, or
//! any section of the same file (in any order; cycles are errors). Names
//! are case-sensitive. Unknown keys give a warning, not an error.
//!
//! Pieces: Fairy-Stockfish's predefined names (`rook = r`, `archbishop = a`,
//! ..., `pawn = -` removes one), `customPieceN = x:BETZA` (any N) and
//! `king = k` or `king = k:BETZA` (the royal piece). A letter is an ASCII
//! letter, optionally followed by `'` or `!` for more than 26 piece types;
//! defining a letter in a child replaces the inherited piece that had it.
//!
//! Fairy-Stockfish keys read: `maxRank` `maxFile` (up to 16; a number or a
//! letter `a`..`p`) `startFen` `chess960` `pieceToCharTable` `variantTemplate`
//! `pocketSize` `pawnTypes` `promotionRegion(White/Black)`
//! `promotionPawnTypes(White/Black)` `promotionPieceTypes(White/Black)`
//! `mandatoryPawnPromotion` `promotionLimit` `immobilityIllegal` `doubleStep`
//! `doubleStepRegionWhite/Black` `tripleStepRegionWhite/Black`
//! `enPassantRegion(White/Black)` `enPassantTypes(White/Black)` `castling`
//! `castlingKingsideFile` `castlingQueensideFile` `castlingRank`
//! `castlingKingFile` `castlingKingPiece(White/Black)`
//! `castlingRookKingsideFile` `castlingRookQueensideFile`
//! `castlingRookPieces(White/Black)` `checking` `mustCapture`
//! `stalemateValue` `checkmateValue` `extinctionValue` `extinctionPieceTypes`
//! `extinctionPieceCount` `extinctionOpponentPieceCount` `extinctionClaim`
//! `extinctionPseudoRoyal` `dupleCheck` `stalematePieceCount`
//! `checkCounting` `nMoveRule` `nFoldRule` `nFoldValue`
//! `perpetualCheckIllegal` `chasingRule` `countingRule` `flyingGeneral`
//! `mobilityRegion(White/Black)<Piece>` (`<Piece>` is the defining key with
//! a capital: `King`, `Fers`, `CustomPiece3`) `soldierPromotionRank`
//! `pieceDrops` `capturesToHand` `dropRegion(White/Black)` `firstRankPawnDrops`
//! `promotionZonePawnDrops` `dropNoDoubled` `dropNoDoubledCount`
//! `shogiPawnDropMateIllegal` `dropPromoted` `dropChecks` `gating` `seirawanGating`
//! `mandatoryPiecePromotion` `pieceDemotion` `promotionRequireInHand`
//! `promotionConsumeInHand` `blastOnCapture` `enclosingDrop`
//! `enclosingDropStart` `flipEnclosedPieces` `adjudicateFullBoard`
//! `materialCounting` (none and unweighted). Other Fairy-Stockfish
//! options are recognised and ignored with a "not supported yet" warning.
//!
//! Griffon's own keys (Fairy-Stockfish lacks them and ignores them):
//! - `betzaDialect = xboard | fairy`: how this section's piece strings are
//!   read. `xboard` (the default) is XBoard's XBetza; `fairy` is
//!   Fairy-Stockfish's reading (`fK` = three moves, `i` = "in the double-step
//!   region", unknown letters skipped). Written before the first section it
//!   applies to the whole file, so a Fairy-Stockfish file needs only the line
//!   `betzaDialect = fairy` at its top. It applies to pieces defined in the
//!   section itself; inherited pieces keep the reading they were written in.
//!   Fairy-Stockfish's predefined piece names always use its reading.
//! - `cylinder = true`: every move wraps around the side edges.
//! - `freeDrops = true`: every piece type may be dropped, without
//!   holdings (Fairy-Stockfish's built-in ataxx has it; its variants.ini
//!   cannot set it).
//! - `regionMoves(White/Black)<Piece> = BETZA: SQUARES`: moves a piece has
//!   in addition while it stands on one of SQUARES (the xiangqi soldier's
//!   sideways steps across the river, `sW: *6 *7 *8 *9 *10`).
//! - `fenAliases = n:h b:e`: other letters FENs may use for a piece (read,
//!   never written).
//! - `royalsExpendable = true`: a side with several royal pieces is never in
//!   check (any may be left attacked and be taken); its last one is (Chu
//!   Shogi's king and crown prince, as HaChu plays them).
//! - `royalFirstFound = true`: of several pieces of a royal type only the
//!   first found from a1 (file by file, each from rank 1) is royal
//!   (XBoard's twokings).
//! - `castlingKingDistance = 2`: the king castles by moving that many files
//!   towards the rook, which lands next to it on the inside (wild castling),
//!   instead of to `castlingKingsideFile`/`castlingQueensideFile`.
//! - `capturesToOwnersHand = true`: a captured piece goes back to its
//!   owner's holdings (XBoard's Superchess), not the capturer's.
//! - `captureHandType = a:p`: a captured piece of the first type joins the
//!   holdings as the second (XBoard 4.9.1 keeps a captured Superchess
//!   Amazon as a pawn).
//! - `xboardName = NAME`: the name XBoard uses, if not the section name.
//!   For a variant XBoard does not know, `pieceToCharTable`,
//!   `variantTemplate` (the parent, default `fairy`) and `pocketSize` go
//!   into the `setup` line Griffon sends it. What XBoard does by itself in
//!   the variants it knows by name (its referee's rules, its book keys) is
//!   one compatibility table keyed by that name (`xboard.rs`), read into
//!   the variant's [`XBoardInfo`] at load.
//! - `aliases = a, b`: other names for the variant (e.g. `chess` for
//!   `normal`). Neither `aliases` nor `xboardName` is inherited.
//! - `pieceNames = a:archbishop c:chancellor`: readable piece names (the
//!   default is the key that defined the piece).
//! - `evalWeights = RULE_FADE=1000 CENTRE=90`: evaluation weights fitted
//!   for this variant (names as `griffon tune` prints them), over the
//!   defaults; an engine given `--params` uses that file instead.
//!
//! The source of a variant's rules is stated in a comment, not a key.
//!
//! # Differences from Fairy-Stockfish
//! - The default promotion and double-step regions follow the board height
//!   (last rank / second rank for White) instead of being fixed at 8 / 2.
//! - A key without a colour suffix sets both colours everywhere, so
//!   `promotionRegion = *8 *1` is accepted (Fairy-Stockfish has only the
//!   White/Black forms of that key).
//! - `pieceValueMg`/`pieceValueEg` (`r:1276 c:800`, Fairy-Stockfish's
//!   units) replace a piece's value worked out from mobility. Griffon has
//!   one value per piece: each is converted at the rook's rate (1276 and
//!   1380 to Griffon's 500 centipawns) and the two are averaged where both
//!   are given. A value of 0 sets nothing (a child undoes its parent's).
//! - Entries before the first section are file-level settings (only
//!   `betzaDialect`); a parent may be defined later in the same batch.
//! - `doubleStep` adds Fairy-Stockfish's pawn double step only to pawn types
//!   whose XBetza has no initial (`i`) move of its own: Griffon's built-in
//!   files write the double step in XBetza (`fmWfceFifmnD`), while
//!   Fairy-Stockfish's `pawn` (`fmWfceF`) relies on the rule. Either way the
//!   region tells which pawns count as unmoved in a position set up by FEN.
//! - As in Fairy-Stockfish, every piece whose Betza contains `e` may capture
//!   en passant, in addition to `enPassantTypes`.

mod builtin;
mod error;
pub mod fen;
pub mod ini;
mod keys;
mod set;
mod validate;
mod xboard;

pub use error::{
    LoadError, SyntaxError, SyntaxErrorKind, ValidationError, ValidationErrorKind, VariantError,
    Warning,
};
pub use fen::{CastlingRight, CountingFields, FenError, FenFields, StartPosition};
pub use set::{Compiler, Loaded, VariantSet};
pub use xboard::{XBoardBook, XBoardInfo};

use crate::types::{Color, Letter, Region, Role};
use crate::xbetza::{Dialect, PieceMoves};

/// One piece type with its compiled moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceDef {
    pub letter: Letter,
    /// From `pieceNames`, else the defining key (`knight`, `customPiece3`).
    pub name: String,
    /// The `variants.ini` key that defined the piece.
    pub key: String,
    pub betza: String,
    /// How `betza` was read.
    pub dialect: Dialect,
    pub moves: PieceMoves,
    /// Defined by the `king` key, or a pseudo-royal extinction piece:
    /// check, checkmate and castling apply to it.
    pub royal: bool,
    /// Per colour, the squares the piece may move to (Fairy-Stockfish's
    /// `mobilityRegionWhiteKing`): the xiangqi palace and river. `None`:
    /// anywhere. Moves may pass through squares outside it.
    pub mobility: [Option<Region>; 2],
    /// Per colour, moves the piece has in addition while it stands in a
    /// region: the xiangqi soldier's sideways steps across the river, the
    /// janggi palace's diagonals.
    pub zone_moves: [Vec<ZoneMoves>; 2],
    /// Pieces of its own type, of either side, stop it: it neither takes
    /// them nor hops over them (Fairy-Stockfish's `janggiCannon`).
    pub stopped_by_own_kind: bool,
}

/// Extra moves of a piece standing in `region`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZoneMoves {
    pub region: Region,
    /// Where these moves may end (`None`: anywhere the piece may go);
    /// their rides still pass other squares: the janggi palace's
    /// diagonal lines.
    pub landing: Option<Region>,
    pub betza: String,
    pub moves: PieceMoves,
}

impl PieceDef {
    /// True when the piece's moves depend on where it stands beyond the
    /// board edges (regions), so each square needs its own trajectories.
    pub fn moves_depend_on_square(&self, color: Color) -> bool {
        self.mobility[color.index()].is_some() || !self.zone_moves[color.index()].is_empty()
    }
}

/// A game result from the point of view of the side it happens to (the
/// side that is checkmated, stalemated, ...), as in Fairy-Stockfish.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameValue {
    Win,
    Loss,
    Draw,
}

impl GameValue {
    /// The same result seen by the other side.
    pub fn reversed(self) -> GameValue {
        match self {
            GameValue::Win => GameValue::Loss,
            GameValue::Loss => GameValue::Win,
            GameValue::Draw => GameValue::Draw,
        }
    }
}

/// How a game that would end drawn is decided instead (Fairy-Stockfish's
/// `materialCounting`): by weighted or plain material, or for the side
/// given draw odds (armageddon).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MaterialCounting {
    /// Janggi's points (chariot 13, cannon 7, horse 5, elephant 3, guard
    /// 3, soldier 2): White wins with a lead of more than one point, else
    /// Black (the second player's 1.5-point bonus).
    Janggi,
    /// More pieces wins.
    Unweighted,
    WhiteDrawOdds,
    BlackDrawOdds,
}

/// Counting rules for the endgame (Fairy-Stockfish's `countingRule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CountingRule {
    Makruk,
    Cambodian,
    Asean,
}

/// Per-colour arrays are indexed by [`Color::index`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// Where a pawn type may (or must) promote.
    pub region: [Region; 2],
    pub pawn_types: [Vec<Role>; 2],
    /// What it may promote to.
    pub piece_types: [Vec<Role>; 2],
    /// Promotion to a type is allowed only while a side has fewer than this
    /// many of it (`promotionLimit = q:1`).
    pub limits: Vec<(Role, u32)>,
    /// A pawn reaching the region must promote; when false it may stay a
    /// pawn (then `immobility_illegal` forces promotion on the last rank).
    pub mandatory: bool,
    /// Shogi-style promotion (`promotedPieceType = r:d p:g`): per role, the
    /// type it turns into in the region. The promoted piece is marked as
    /// such (written `+R` in FENs, never promotes again).
    pub promoted_type: Vec<Option<Role>>,
    /// A pawn may promote only to a type its side has in hand
    /// (`promotionRequireInHand`), and the piece comes out of the hand
    /// (`promotionConsumeInHand`, which implies the first): XBoard's
    /// Superchess. Such a piece is the reserve's own, not a promoted one.
    pub require_in_hand: bool,
    pub consume_in_hand: bool,
    /// Shogi-style promotion is forced (`mandatoryPiecePromotion`).
    pub piece_mandatory: bool,
    /// A promoted piece that moves turns back into its unpromoted type
    /// (`pieceDemotion`, Kyoto shogi: with promotion forced everywhere,
    /// every piece but the king flips on each move).
    pub piece_demotion: bool,
    /// Sittuyin's promotion (`sittuyinPromotion`): a pawn never promotes
    /// by moving; instead, as a move of its own, a pawn in the region
    /// (any pawn, when it is the side's last) becomes a promotion type
    /// where it stands or one step of that type away, on an empty square
    /// from which it attacks no enemy piece, and the move may not give
    /// check.
    pub sittuyin: bool,
    /// Shogi-style promotions and demotions happen only on captures
    /// (`piecePromotionOnCapture`, micro shogi): a non-capture leaves the
    /// piece as it is.
    pub piece_on_capture: bool,
    /// A non-capture may promote only when it enters the region (Chu
    /// Shogi); a capture may whenever it starts or ends there. Otherwise
    /// any move that starts or ends in the region may (shogi).
    pub non_capture_on_entry: bool,
}

impl Promotion {
    /// The unpromoted type that promotes to `role`, for `+X` in FENs.
    pub fn promoted_from(&self, role: Role) -> Option<Role> {
        self.promoted_type
            .iter()
            .position(|&t| t == Some(role))
            .map(|i| Role(i as u8))
    }
}

/// Fairy-Stockfish's rule-based pawn double step (see the module docs for
/// how it combines with XBetza initial moves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoubleStep {
    pub enabled: bool,
    pub region: [Region; 2],
    pub triple_region: [Region; 2],
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnPassant {
    /// Squares where an e.p. capture may land.
    pub region: [Region; 2],
    /// Piece types that may capture e.p.
    pub types: [Vec<Role>; 2],
}

/// Castling as Fairy-Stockfish describes it: the king piece moves from its
/// file to a fixed target file on the castling rank, the rook piece lands
/// next to it on the inside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Castling {
    /// Castling on one side takes the opponent's right on that side
    /// (`oppositeCastling`).
    pub opposite: bool,
    /// Per colour, kingside and queenside: castling so wins, and losing
    /// the right loses (`castlingWins`, castle chess).
    pub wins: [[bool; 2]; 2],
    /// Where the king ends up (0-based files).
    pub kingside_file: u8,
    pub queenside_file: u8,
    /// Relative rank, 0 = each side's first rank.
    pub rank: u8,
    /// Start file of the king when several pieces of its type exist.
    pub king_file: u8,
    pub king_piece: [Role; 2],
    /// Start files of the rooks when not in the corners (non-960 variants).
    pub rook_kingside_file: u8,
    pub rook_queenside_file: u8,
    pub rook_pieces: [Vec<Role>; 2],
    /// A castling king dropped on its start square, or a castling rook
    /// dropped in a corner beside it, gains the castling right
    /// (`castlingDroppedPiece`: placement chess).
    pub dropped_piece: bool,
    /// When set, the king moves this many files towards the rook instead of
    /// to the fixed target files (wild castling: a king on d1 castles to b1
    /// or f1).
    pub king_distance: Option<u8>,
}

/// Where a move puts a wall (Fairy-Stockfish's `wallingRule`): after its
/// move the mover places a wall square, which no piece may enter or pass
/// (a hopper may use it as a screen), and which belongs to neither side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Walling {
    #[default]
    None,
    /// Where the moved piece could move next (the Amazons' arrow).
    Arrow,
    /// Anywhere empty; the walls placed before go away (the duck).
    Duck,
    /// On the board's edge or next to a wall, orthogonally (Atlantis).
    Edge,
    /// On the square the piece left (Joust, Snailtrail).
    Past,
    /// Anywhere empty (Isolation).
    Static,
}

/// Walls: the walling rule and petrification (Fairy-Stockfish's keys).
/// Per-colour arrays are indexed by [`Color::index`].
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Walls {
    pub rule: Walling,
    /// Where each side may place walls (`wallingRegion`).
    pub region: [Region; 2],
    /// A side either moves or places a wall, not both (`wallOrMove`).
    pub or_move: bool,
    /// Pieces of these types turn into a wall when they capture
    /// (`petrifyOnCaptureTypes`).
    pub petrify: Vec<Role>,
    /// With explosions: the pieces blown up turn into walls too
    /// (`petrifyBlastPieces`).
    pub petrify_blast: bool,
}

impl Walls {
    /// Moves place walls.
    pub fn walling(&self) -> bool {
        self.rule != Walling::None
    }
}

/// Holdings and drops (Fairy-Stockfish's drop options). Per-colour arrays
/// are indexed by [`Color::index`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drops {
    /// Pieces in hand may be put on the board as a move (`pieceDrops`).
    pub piece_drops: bool,
    /// A captured piece goes to the capturer's holdings, as the type it was
    /// before any promotion (`capturesToHand`).
    pub captures_to_hand: bool,
    /// A captured piece goes back to its owner's holdings instead
    /// (`capturesToOwnersHand`, Griffon's key: XBoard's Superchess).
    pub captures_to_owners_hand: bool,
    /// Per role: the type a captured piece of it joins the holdings as,
    /// where not its own (`captureHandType = a:p`, Griffon's key: XBoard
    /// 4.9.1 has no holdings slot for Superchess's Amazon and keeps a
    /// captured one as a pawn; Griffon must agree with the GUI's board).
    pub capture_hand_type: Vec<Option<Role>>,
    /// A captured piece joins the holdings as the type it is, promoted or
    /// not (`dropLoop`: loop chess, chessgi).
    pub drop_loop: bool,
    /// Where pieces may be dropped (`dropRegionWhite`/`Black`).
    pub region: [Region; 2],
    /// Pawn types may be dropped on their own first rank
    /// (`firstRankPawnDrops`) / in their promotion zone
    /// (`promotionZonePawnDrops`); crazyhouse allows neither.
    pub first_rank_pawn_drops: bool,
    pub promotion_zone_pawn_drops: bool,
    /// Nifu (`dropNoDoubled = p`): no drop of this type on a file that
    /// already holds `no_doubled_count` unpromoted ones of the same side.
    pub no_doubled: Option<Role>,
    pub no_doubled_count: u32,
    /// Uchifuzume (`shogiPawnDropMateIllegal`): a drop of these types may
    /// not give mate.
    pub no_drop_mate: Vec<Role>,
    /// Pieces may be dropped as their promoted type (`dropPromoted`,
    /// Kyoto shogi).
    pub drop_promoted: bool,
    /// A drop may give check (`dropChecks`; Fairy-Stockfish's atomiczh
    /// forbids it).
    pub drop_checks: bool,
    /// While a side has pieces in hand (of `must_drop_type`, when set) it
    /// must drop one if it can (`mustDrop`: placement phases, picaria).
    pub must_drop: bool,
    pub must_drop_type: Option<Role>,
    /// The bishop type (`dropOppositeColoredBishop`: placement chess): a
    /// side's bishops must end up on squares of both colours, so no drop
    /// may leave too few free squares of a colour for those in hand.
    pub bishops_both_colours: Option<Role>,
    /// The rook type (`sittuyinRookDrop`): it is dropped only on the
    /// side's first rank.
    pub back_rank_rooks: Option<Role>,
    /// Where a drop may go besides its region (`enclosingDrop`).
    pub enclosing: Enclosing,
    /// While any of these squares is empty, drops go only there
    /// (`enclosingDropStart`).
    pub enclosing_start: Region,
    /// Every piece type may be dropped at any time, and drops take
    /// nothing from the holdings, which positions do not keep
    /// (`freeDrops`, Griffon's key for Fairy-Stockfish's built-in ataxx
    /// setting, which its variants.ini cannot set).
    pub free_drops: bool,
    /// Seirawan gating (`gating`): a piece leaving a square of its back
    /// rank that it has not left before may bring a piece from the holdings
    /// onto that square; the castling field of FENs lists these squares.
    pub gating: bool,
    /// The gated pieces come from the holdings (`seirawanGating`), which
    /// positions then keep; plain `gating` only keeps gates as rights.
    pub seirawan_gating: bool,
    /// Bughouse's two boards (`twoBoards`): captures go to the partner on
    /// the other board. Griffon plays one board, so the holdings come
    /// from FENs; the rules of the board itself are unchanged.
    pub two_boards: bool,
    /// Cambodian chess's first moves (`cambodianMoves`), rights kept as
    /// gates: a king on its gate square, not in check, may leap as a
    /// knight to an empty square of the rank in front; a met (fers) on
    /// its gate square may step two squares straight forward to an empty
    /// square. A rook move onto the line of an enemy king still on its
    /// gate takes that king's right.
    pub cambodian_moves: bool,
}

/// Drops that depend on the pieces already on the board (Fairy-Stockfish's
/// `enclosingDrop`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Enclosing {
    #[default]
    None,
    /// On the lowest empty square of a file (connect four).
    Top,
    /// Pushed in from any edge along a rank or file, stopping at the first
    /// piece or the far edge.
    Anyside,
    /// Not orthogonally next to an enemy piece (snort).
    Snort,
    /// Next to a piece of one's own (ataxx).
    Ataxx,
    /// Where it encloses a line of enemy pieces against one's own
    /// (reversi; see `movegen::drops` for Fairy-Stockfish's exact test).
    Reversi,
}

/// Enemy pieces that change sides when a move lands next to them
/// (Fairy-Stockfish's `flipEnclosedPieces`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Flipping {
    #[default]
    None,
    /// Each unbroken line of enemy pieces running from the landing square
    /// to a piece of the mover's (reversi, Othello).
    Reversi,
    /// Every enemy piece next to the landing square, in the eight
    /// directions (ataxx).
    Ataxx,
    /// As `Ataxx`, but a drop flips only when it lands next to a piece of
    /// the mover's; a board move always flips (quadwrangle).
    Quadwrangle,
}

/// A side loses (or wins, or draws) when its pieces of `piece_types` drop to
/// `piece_count` while the opponent still has at least
/// `opponent_piece_count`; with `claim`, only the side to move can claim it
/// (the shatranj bare-king rule: the bared side may still bare the other).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extinction {
    pub value: GameValue,
    /// Types counted one by one: a side whose men of any one of them fall
    /// to `piece_count` is extinct (Fairy-Stockfish's reading; extinction
    /// chess loses with its last queen, whatever else is left).
    pub piece_types: Vec<Role>,
    /// `*`: all men counted together (the bare king, losing chess).
    pub all: bool,
    pub piece_count: u32,
    pub opponent_piece_count: u32,
    pub claim: bool,
    /// The pieces of `piece_types` are royal: a move may not leave one
    /// attacked (Fairy-Stockfish's `extinctionPseudoRoyal`; see
    /// [`Variant::extinction_outcome`]).
    pub pseudo_royal: bool,
}

impl Extinction {
    /// The result for the side to move, from `count(side, what)`: the
    /// number of men of `side` (0 the side to move, 1 its opponent) of
    /// type `Some(role)`, or of all types for `None`; `None` while the
    /// game goes on. A side is extinct when, for one counted type, it has
    /// at most `piece_count` and its opponent at least
    /// `opponent_piece_count` of that type. The extinct side gets
    /// `value`, its opponent the reverse; with `claim` only the side to
    /// move can win this way.
    pub fn outcome(&self, count: impl Fn(usize, Option<Role>) -> u32) -> Option<GameValue> {
        let counted = self
            .piece_types
            .iter()
            .map(|&r| Some(r))
            .chain(self.all.then_some(None));
        // Each type counted once per side: the rule is judged at every node.
        let mut extinct = [false; 2];
        for what in counted {
            let n = [count(0, what), count(1, what)];
            for side in 0..2 {
                extinct[side] |=
                    n[side] <= self.piece_count && n[1 - side] >= self.opponent_piece_count;
            }
        }
        if extinct[1] {
            Some(self.value.reversed())
        } else if !self.claim && extinct[0] {
            Some(self.value)
        } else {
            None
        }
    }
}

/// Capture the flag (Fairy-Stockfish's `flag*` keys): a side wins when its
/// flag pieces stand in its flag region (king of the hill, racing kings,
/// breakthrough). Per-colour arrays are indexed by [`Color::index`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flag {
    /// The type that has to get there; `None`: any piece (`*`).
    pub piece: [Option<Role>; 2],
    /// Where; a side with an empty region cannot win this way.
    pub region: [Region; 2],
    /// How many flag pieces have to stand in the region at once.
    pub piece_count: u32,
    /// With `piece_count` above one: one flag piece in the region is
    /// enough when every other square of it is occupied.
    pub blocked_win: bool,
    /// The opponent gets one more move to reach its own region
    /// (`flagMove`, racing kings; see `Position::flag_outcome`).
    pub extra_move: bool,
    /// The flag pieces have to be safe there: not attacked by the
    /// opponent when exactly `piece_count` of them made it
    /// (`flagPieceSafe`).
    pub safe: bool,
}

/// Connection goals (Fairy-Stockfish's `connect*` and `collinearN`): the
/// side whose move completes a line, a block or a chain of its pieces gets
/// `value` (tic-tac-toe, connect four, gale, teeko).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connect {
    /// `n` of them adjacent in a line (`connectN`); 0 = off.
    pub line: u32,
    /// An `n`x`n` block (`connectNxN`); 0 = off.
    pub square: u32,
    /// `n` anywhere on one line, gaps allowed (`collinearN`); 0 = off.
    pub collinear: u32,
    /// The types that count.
    pub piece_types: Vec<Role>,
    /// Lines may run along ranks, along files, along diagonals.
    pub horizontal: bool,
    pub vertical: bool,
    pub diagonal: bool,
    /// A chain of adjacent pieces from `region_from` to `region_to`, per
    /// colour (gale), each a step from the last along an allowed line in
    /// Fairy-Stockfish's direction of it (east, north, north-east,
    /// south-east: its chains never turn back west or south).
    pub region_from: [Region; 2],
    pub region_to: [Region; 2],
    /// The result for the side that connects.
    pub value: GameValue,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// False when checks are not allowed at all (`checking = false`): a
    /// move that gives check is illegal, as in Fairy-Stockfish.
    pub checking: bool,
    /// A king in check may not step away, only take its one checker
    /// (Fairy-Stockfish's `makpongRule`).
    pub makpong: bool,
    /// Per colour: the side may pass (`pass`), or only when it has no
    /// other legal move (`passOnStalemate`); two passes in a row draw.
    pub pass: [bool; 2],
    pub pass_on_stalemate: [bool; 2],
    /// Shatar's mate rule (`shatarMateRule`): a mate given by knights
    /// alone loses for the mating side, and a mate counts only if some
    /// check of the series that led to it was a "shak", by a knight, rook
    /// or bers (queen); otherwise it is drawn.
    pub shatar_mate: bool,
    /// A side that can capture must (losing chess): captures, when there
    /// are any, are the only legal moves.
    pub must_capture: bool,
    pub checkmate: GameValue,
    pub stalemate: GameValue,
    /// A stalemate is scored `stalemate` for the side with fewer pieces,
    /// the reverse for the side with more, and drawn when the counts are
    /// equal (suicide chess, ataxx).
    pub stalemate_piece_count: bool,
    /// The game ends as soon as every square is occupied
    /// (`adjudicateFullBoard`), decided by `material_counting`.
    pub adjudicate_full_board: bool,
    /// n-check: each side has to give the number of checks in the FEN's
    /// `3+3` field (the start position's when absent); giving the last one
    /// wins.
    pub check_counting: bool,
    pub extinction: Option<Extinction>,
    pub flag: Option<Flag>,
    pub connect: Option<Connect>,
    /// Moves (per side) without capture or pawn move that end the game; 0 = off.
    pub n_move_rule: u32,
    /// Per colour, the types whose moves reset that count (Fairy-Stockfish's
    /// `nMoveRuleTypes`; by default the promoting pawn types).
    pub n_move_rule_types: [Vec<Role>; 2],
    /// Repetitions that end the game; 0 = off.
    pub n_fold_rule: u32,
    pub n_fold_value: GameValue,
    pub counting_rule: Option<CountingRule>,
    /// The count ends the game when it runs out. False where the referee
    /// does not apply the rule (XBoard): the count is still kept, so FENs
    /// carry it, but it never ends the game.
    pub counting_ends_game: bool,
    /// Kings may not face each other on an open file (xiangqi).
    pub flying_general: bool,
    /// With several royal pieces, a side is in check only when all of them
    /// are attacked (Spartan chess's two kings).
    pub duple_check: bool,
    /// A side with several royal pieces is never in check: any of them may
    /// be left attacked and taken while another remains; the last one
    /// obeys the check rules (Chu Shogi's king and crown prince, as HaChu
    /// plays them). Griffon key `royalsExpendable`.
    pub royals_expendable: bool,
    /// A repetition during which one side checked with every move loses
    /// for that side (xiangqi); other repetitions score `n_fold_value`.
    pub perpetual_check_illegal: bool,
    /// Kakao Janggi's rule against shuttling (Fairy-Stockfish's
    /// `moveRepetitionIllegal`): a side that moves one piece back and
    /// forth between two squares five times running, checking and
    /// checked by nothing, loses, unless the piece can never enter the
    /// enemy king's region (see `judge::shuttled`).
    pub move_repetition_illegal: bool,
    /// The Asian rules' ban on perpetually chasing an unprotected piece
    /// (Fairy-Stockfish's `chasingRule = axf`, xiangqi): a repetition in
    /// which one side chased the same piece with every move loses for it.
    pub chasing_rule: bool,
    /// Chu Shogi's Lion-trading rules apply to these types, also to a
    /// piece promoted to one (the Kirin's Lion): a Lion may not take a
    /// protected Lion two squares away unless it takes a piece not in
    /// `lion_weak_bridges` on the way, and after a non-Lion takes a Lion
    /// the opponent's next move may not be a non-Lion taking a Lion.
    pub lion_types: Vec<Role>,
    pub lion_weak_bridges: Vec<Role>,
    /// Janggi's bikjang: while the two kings face each other on an open
    /// line the side to move must break it or pass; when it passes the
    /// game ends (drawn, or by `material_counting`).
    pub bikjang: bool,
    /// A game that ends drawn (stalemate, a count, repetition, passes,
    /// bikjang, a full board) is decided this way instead.
    pub material_counting: Option<MaterialCounting>,
}

impl GameEnd {
    /// A counting rule ends games (it is kept, but not applied, where the
    /// referee lacks it: [`GameEnd::counting_ends_game`]).
    pub fn counting_judged(&self) -> bool {
        self.counting_rule.is_some() && self.counting_ends_game
    }
}

/// A checked variant: the one description of a game that every other stage
/// reads. Built by [`VariantSet`]; read-only afterwards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    pub name: String,
    pub aliases: Vec<String>,
    pub parent: Option<String>,
    /// File and line of the section header, for messages and listings.
    pub file: String,
    pub line: usize,
    pub width: u8,
    pub height: u8,
    /// Moves wrap around the side edges.
    pub cylinder: bool,
    /// Castling with Chess960 rules (king and rook may start anywhere).
    pub chess960: bool,
    /// Indexed by [`Role`].
    pub pieces: Vec<PieceDef>,
    /// Other letters FENs may use for a piece (`fenAliases = n:h`: Fairy-
    /// Stockfish writes the xiangqi horse `n`, XBoard `h`).
    pub fen_aliases: Vec<(Letter, Role)>,
    pub start: StartPosition,
    pub promotion: Promotion,
    pub double_step: DoubleStep,
    pub en_passant: EnPassant,
    /// `None` when `castling = false`.
    pub castling: Option<Castling>,
    pub drops: Drops,
    /// Pieces may not move where they could never move again (forces
    /// promotion on the last rank when promotion is optional).
    pub immobility_illegal: bool,
    /// Atomic: a capture explodes the capturer, the captured piece and
    /// every piece next to the capture square except pawn types.
    pub blast_on_capture: bool,
    /// Pieces explosions never touch, not even a capturer at the blast's
    /// centre (`blastImmuneTypes`: atomar's king).
    pub blast_immune: Vec<Role>,
    /// The pieces a blast spares around its centre: Fairy-Stockfish's
    /// pawn type (the `pawn` key's, not every `pawnTypes`), which still
    /// blows up when it captures.
    pub blast_spared: Vec<Role>,
    /// Pieces that may not capture a piece of their own type
    /// (`mutuallyImmuneTypes`: atomar's kings).
    pub mutually_immune: Vec<Role>,
    /// Enemy pieces a move turns into the mover's (`flipEnclosedPieces`).
    pub flipping: Flipping,
    /// Wall squares the moves leave behind (duck chess, the Amazons,
    /// petrification).
    pub walls: Walls,
    /// Of several pieces of a royal type only the first found, scanning
    /// the files from a and each file from rank 1, is royal; the others
    /// are ordinary pieces (XBoard's twokings, ICC wild 9).
    pub royal_first_found: bool,
    pub end: GameEnd,
    pub xboard: XBoardInfo,
    /// Evaluation weights for this variant over the defaults (`evalWeights
    /// = NAME=VALUE ...`), as `griffon tune` fits them on the variant's
    /// games: the evaluation is the same code everywhere, only the fitted
    /// numbers differ. Names and values are checked at load.
    pub eval_weights: Vec<(String, i32)>,
    /// Piece values set by the variant file over those worked out from
    /// mobility (`pieceValueMg`, `pieceValueEg`).
    pub piece_values: PieceValueSettings,
}

/// Piece values a variant file sets (`pieceValueMg = r:1276 c:800`), in
/// Fairy-Stockfish's units: its rook is 1276 in the middle game and 1380
/// in the ending. Griffon has one value per piece, in centipawns; the
/// evaluation converts (see `eval::values`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceValueSettings {
    pub middle_game: Vec<(Role, i32)>,
    pub ending: Vec<(Role, i32)>,
}

impl Variant {
    /// The extinction rule's result ([`Extinction::outcome`]), if the
    /// variant has one that can end the game. Pseudo-royal men cannot be
    /// taken (unless captures explode), so, as in Fairy-Stockfish, their
    /// count ends nothing: maharajah's Black has no maharajah to lose,
    /// chak's promoted king starts absent.
    pub fn extinction_outcome(
        &self,
        count: impl Fn(usize, Option<Role>) -> u32,
    ) -> Option<GameValue> {
        let ext = self.end.extinction.as_ref()?;
        if ext.pseudo_royal && !self.blast_on_capture {
            return None;
        }
        ext.outcome(count)
    }

    /// Checkmate is the only way to win: checks allowed, no forced
    /// captures, extinction, check counting, drops or explosions, and a
    /// stalemate is a plain draw. Then material that can never give mate
    /// can never win (dead positions, evaluation of such endings).
    pub fn wins_only_by_checkmate(&self) -> bool {
        let end = &self.end;
        end.checking
            && !end.must_capture
            && end.extinction.is_none()
            && end.flag.is_none()
            && end.connect.is_none()
            && !end.check_counting
            && end.checkmate == GameValue::Loss
            && end.stalemate == GameValue::Draw
            && !end.stalemate_piece_count
            && !self.drops.piece_drops
            && !self.blast_on_capture
    }

    /// The piece type with this letter.
    pub fn role(&self, letter: Letter) -> Option<Role> {
        self.pieces
            .iter()
            .position(|p| p.letter == letter)
            .map(|i| Role(i as u8))
            .or_else(|| {
                self.fen_aliases
                    .iter()
                    .find(|(l, _)| *l == letter)
                    .map(|&(_, r)| r)
            })
    }

    pub fn piece(&self, role: Role) -> &PieceDef {
        &self.pieces[usize::from(role.0)]
    }

    /// True if `name` is this variant's name or one of its aliases.
    pub fn is_called(&self, name: &str) -> bool {
        self.name == name || self.aliases.iter().any(|a| a == name)
    }

    /// Reads a FEN of this variant (its board size and piece letters). A
    /// variant with holdings also takes them as a rank after the last.
    pub fn parse_fen(&self, fen: &str) -> Result<StartPosition, Vec<FenError>> {
        fen::parse(
            fen,
            self.width,
            self.height,
            self.drops.piece_drops || self.xboard.book.holdings,
            &|letter| self.role(letter),
            &|r| {
                self.promotion
                    .promoted_type
                    .get(usize::from(r.0))
                    .copied()
                    .flatten()
            },
        )
    }

    /// The `griffon variants` line: name, board size, defining file.
    pub fn listing_line(&self) -> String {
        let size = format!("{}x{}", self.width, self.height);
        format!("{:<14} {:<6} {}", self.name, size, self.file)
    }
}
