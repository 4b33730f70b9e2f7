//! What XBoard needs to show variants it does not know: the `setup` line
//! (piece-to-char table, board size, parent variant, start FEN) and one
//! `piece` line per piece type with its XBetza, and how XBoard referees
//! the variants it knows.

use crate::judge::Outcome;
use crate::types::Color;
use crate::variant::Variant;
use crate::xbetza::legacy::{self, XBoardMoves};

/// The `setup (TABLE) WxH+N_PARENT FEN` line for a variant XBoard does
/// not know. The variant file may give the table, the parent whose rules
/// and board XBoard borrows and the holdings size (Fairy-Stockfish's
/// `pieceToCharTable`, `variantTemplate`, `pocketSize`: Kyoto shogi needs
/// the `shogi` parent for its `+` promotions); otherwise a generated table
/// and the neutral `fairy` parent without holdings.
pub fn setup_line(variant: &Variant) -> String {
    let x = &variant.xboard;
    let table = variant.piece_to_char_table();
    let parent = x.variant_template.as_deref().unwrap_or("fairy");
    format!(
        "setup ({table}) {}x{}+{}_{parent} {}",
        variant.width, variant.height, x.pocket_size, variant.start.fen
    )
}

/// XBoard learns the pieces' moves from `piece` lines only under the
/// `fairy` parent; another parent brings its own pieces (and the lines'
/// letters for promoted types, such as Kyoto's `+L`, are not XBoard's).
pub fn wants_piece_lines(variant: &Variant) -> bool {
    variant
        .xboard
        .variant_template
        .as_deref()
        .is_none_or(|t| t == "fairy")
}

/// XBoard referees the variants it knows by its own rules, and scores a
/// claim it cannot verify as a false claim. The variant as XBoard plays
/// it, without the game-end rules it lacks, so that Griffon plays such
/// games on instead of claiming; `None` when nothing differs. A count is
/// still kept (it never ends the game): FENs in the middle of one, as
/// Fairy-Stockfish writes them, are read and written with it.
pub fn as_xboard_referees(variant: &Variant) -> Option<Variant> {
    let x = &variant.xboard;
    let bare_king = x.referee_ignores_bare_king && variant.end.extinction.is_some();
    let counting = x.referee_ignores_counting && variant.end.counting_judged();
    if !bare_king && !counting {
        return None;
    }
    let mut v = variant.clone();
    if bare_king {
        v.end.extinction = None;
    }
    if counting {
        v.end.counting_ends_game = false;
    }
    Some(v)
}

/// Results XBoard adjudicates by itself in the variants it knows and calls
/// false when an engine claims them: a repetition lost by perpetual check
/// (XBoard 4.9 rules on it at the 6th occurrence, and accepts only a plain
/// draw claim at the 3rd) or by the repeating side (Chu Shogi, which XBoard
/// scores as a draw if at all).
pub fn xboard_judges_itself(outcome: &Outcome) -> bool {
    outcome.winner().is_some() && outcome.reason().is_repetition()
}

/// The `piece` lines of a variant and what they cannot say.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceLines {
    /// `piece X& BETZA`, both colours, one per piece type XBoard can be told.
    pub lines: Vec<String>,
    /// One note per piece type XBoard cannot be told exactly, for stderr.
    pub warnings: Vec<String>,
    /// False when some piece type's moves reach XBoard widened or not at
    /// all: XBoard then misses some of its checks, so its verdicts on mate
    /// and stalemate cannot be relied on.
    pub exact: bool,
}

/// The `piece` lines Griffon sends XBoard for `variant`, if it sends any:
/// for a variant XBoard does not know (under the `fairy` parent), or one
/// it knows but whose pieces it learns from the engine.
pub fn xboard_piece_lines(variant: &Variant) -> Option<PieceLines> {
    let x = &variant.xboard;
    (!x.known_to_xboard && wants_piece_lines(variant) || x.takes_pieces)
        .then(|| piece_lines(variant))
}

/// `piece X& BETZA` lines (both colours) for every piece type, in the
/// XBetza XBoard 4.9.1 reads ([`legacy::xboard_moves`]): bracket groups
/// and other newer forms become legacy `a`-chains; moves it cannot read
/// are sent widened and tame, with a warning. In a cylinder variant every
/// leg gets XBoard's `o` (wrap) modifier.
pub fn piece_lines(variant: &Variant) -> PieceLines {
    let mut out = PieceLines {
        exact: true,
        ..PieceLines::default()
    };
    for p in &variant.pieces {
        let letter = p.letter.for_color(Color::White);
        let told = legacy::xboard_moves(&p.betza, &p.moves.moves);
        match &told {
            XBoardMoves::Exact(_) => {}
            XBoardMoves::Superset { text, why } => {
                out.exact = false;
                out.warnings.push(format!(
                    "XBoard 4.9.1 cannot be told the moves of {} ({letter}: {}) exactly ({why}); \
                     it is sent {text}: more moves, the extra ones tame, so that it accepts \
                     every move of the piece but may not see a mate or stalemate it takes part in",
                    p.name, p.betza
                ));
            }
            XBoardMoves::Unknown { why } => {
                out.exact = false;
                out.warnings.push(format!(
                    "XBoard 4.9.1 cannot be told the moves of {} ({letter}: {}) ({why}); \
                     no piece command is sent for it, so XBoard moves it as it thinks the \
                     letter moves and may refuse its moves (play such a variant with \
                     XBoard's legality testing off)",
                    p.name, p.betza
                ));
            }
        }
        if let Some(text) = told.text() {
            let betza = if variant.cylinder {
                with_wrap(text)
            } else {
                text.to_string()
            };
            out.lines.push(format!("piece {letter}& {betza}"));
        }
    }
    out
}

/// Adds `o` to every leg of an XBetza string, where XBoard's parser wants
/// it: after the other modifiers but before `y`, `n` and `j`.
pub fn with_wrap(betza: &str) -> String {
    let mut out = String::new();
    let mut segment = String::new();
    let flush = |segment: &mut String, out: &mut String| {
        if !segment.contains('o') {
            let at = segment.find(['y', 'n', 'j']).unwrap_or(segment.len());
            segment.insert(at, 'o');
        }
        out.push_str(segment);
        segment.clear();
    };
    for c in betza.chars() {
        if c.is_ascii_lowercase() && c != 'a' {
            segment.push(c);
        } else if c == 'a' {
            flush(&mut segment, &mut out);
            out.push('a');
        } else if c.is_ascii_uppercase() {
            flush(&mut segment, &mut out);
            out.push(c);
        } else {
            out.push(c);
        }
    }
    out.push_str(&segment);
    out
}

#[cfg(test)]
mod tests {
    use super::with_wrap;

    #[test]
    fn wrap_goes_where_xboard_reads_it() {
        // XBoard reads modifiers in the order u m c d e x t p g o y n j.
        assert_eq!(with_wrap("R"), "oR");
        assert_eq!(with_wrap("fmWfceFifmnD"), "fmoWfceoFifmonD");
        assert_eq!(with_wrap("mafsW"), "moafsoW");
        assert_eq!(with_wrap("oN"), "oN");
    }

    #[test]
    fn a_fairy_stockfish_pawn_tells_xboard_its_double_step() {
        // `pawn = p` is Fairy-Stockfish's pawn (fmWfceF) whose double step
        // is the doubleStep rule; XBoard knows only what `piece` says.
        let mut set = crate::variant::VariantSet::builtin().expect("built-ins");
        let text = "[mychess]\npawn = p\nknight = n\nbishop = b\nrook = r\nqueen = q\nking = k\n\
                    startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
        set.load_str("mychess.ini", text).strict().expect("loads");
        let lines = super::piece_lines(set.get("mychess").expect("variant")).lines;
        assert!(
            lines.contains(&"piece P& fmWfceFifmnD".to_string()),
            "{lines:?}"
        );
        // Without the rule, no double step.
        let text = "[mychess2:mychess]\ndoubleStep = false\n";
        set.load_str("mychess2.ini", text).strict().expect("loads");
        let lines = super::piece_lines(set.get("mychess2").expect("variant")).lines;
        assert!(lines.contains(&"piece P& fmWfceF".to_string()), "{lines:?}");
    }
}
