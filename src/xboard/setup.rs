//! What XBoard needs to show variants it does not know: the `setup` line
//! (piece-to-char table, board size, parent variant, start FEN) and one
//! `piece` line per piece type with its XBetza, plus `highlight` boards.

use crate::judge::Outcome;
use crate::position::Position;
use crate::types::{Color, Move, Sq, flag};
use crate::variant::Variant;

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
/// games on instead of claiming; `None` when nothing differs.
pub fn as_xboard_referees(variant: &Variant) -> Option<Variant> {
    let x = &variant.xboard;
    let bare_king = x.referee_ignores_bare_king && variant.end.extinction.is_some();
    let counting = x.referee_ignores_counting && variant.end.counting_rule.is_some();
    if !bare_king && !counting {
        return None;
    }
    let mut v = variant.clone();
    if bare_king {
        v.end.extinction = None;
    }
    if counting {
        v.end.counting_rule = None;
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

/// `piece X& BETZA` lines (both colours) for every piece type. In a
/// cylinder variant every leg gets XBoard's `o` (wrap) modifier.
pub fn piece_lines(variant: &Variant) -> Vec<String> {
    variant
        .pieces
        .iter()
        .map(|p| {
            let betza = if variant.cylinder {
                with_wrap(&p.betza)
            } else {
                p.betza.clone()
            };
            format!("piece {}& {}", p.letter.for_color(Color::White), betza)
        })
        .collect()
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

/// The `highlight` board for a lifted piece: yellow for moves, red for
/// captures, cyan for the squares where a multi-leg move turns.
pub fn highlight(pos: &Position, moves: &[Move], from: Sq) -> String {
    let g = pos.rules().geometry();
    let mut marks = vec![None; g.size];
    for m in moves.iter().filter(|m| m.from() == from) {
        let to = if m.is(flag::CASTLE) && pos.rules().variant.chess960 {
            m.aux()
        } else {
            m.to()
        };
        let capture = m.is(flag::CAPTURE | flag::EP);
        // `M`: XBoard asks whether to promote (shogi-style, optional).
        let optional_promotion = m.promotion().is_some()
            && moves.iter().any(|o| {
                o.from() == m.from()
                    && o.to() == m.to()
                    && o.aux() == m.aux()
                    && o.promotion().is_none()
            })
            && pos
                .rules()
                .variant
                .promotion
                .promoted_type
                .iter()
                .any(Option::is_some);
        let mark = if optional_promotion {
            'M'
        } else if capture {
            'R'
        } else {
            'Y'
        };
        if !matches!(marks[usize::from(to)], Some('R' | 'M')) {
            marks[usize::from(to)] = Some(mark);
        }
        if m.is(flag::LOCUST) {
            marks[usize::from(m.aux())] = Some('C');
        }
    }
    g.fen_placement(|sq| marks[usize::from(sq)].map(String::from))
}

/// The `highlight` board for the second leg of a multi-leg move that
/// started on `from` and was put down on `via`: where it may go on.
pub fn highlight_second_leg(pos: &Position, moves: &[Move], from: Sq, via: Sq) -> String {
    let g = pos.rules().geometry();
    let mut marks = vec![None; g.size];
    for m in moves.iter().filter(|m| m.from() == from) {
        if m.is(flag::LOCUST) && m.aux() == via {
            let occupied = m.to() != from && pos.piece_on(m.to()).is_some();
            let mark = if occupied || m.to() == from { 'R' } else { 'Y' };
            marks[usize::from(m.to())] = Some(mark);
        } else if !m.is(flag::LOCUST) && m.to() == via && m.is(flag::CAPTURE) {
            // Stopping on the victim's square.
            marks[usize::from(via)] = Some('R');
        }
    }
    g.fen_placement(|sq| marks[usize::from(sq)].map(String::from))
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
        set.load_str("mychess.ini", text).expect("loads");
        let lines = super::piece_lines(set.get("mychess").expect("variant"));
        assert!(
            lines.contains(&"piece P& fmWfceFifmnD".to_string()),
            "{lines:?}"
        );
        // Without the rule, no double step.
        let text = "[mychess2:mychess]\ndoubleStep = false\n";
        set.load_str("mychess2.ini", text).expect("loads");
        let lines = super::piece_lines(set.get("mychess2").expect("variant"));
        assert!(lines.contains(&"piece P& fmWfceF".to_string()), "{lines:?}");
    }
}
