//! The search's tuning parameters, named: depth limits, margins and
//! formulas of its pruning, reductions and extensions. The node search
//! reads them here so that each can be found, and changed, in one place.
//! Depths are in plies, scores in centipawns.

use crate::eval::Score;

/// Reverse futility (a quiet node far above beta stays there) applies
/// at most this deep.
pub(super) const REVERSE_FUTILITY_DEPTH: i32 = 6;

/// How far the static evaluation must stand above beta for reverse
/// futility to cut: less where the evaluation is rising.
#[inline]
pub(super) fn reverse_futility_margin(depth: i32, improving: bool) -> Score {
    80 * depth - if improving { 40 } else { 0 }
}

/// Null move (pass; if the side still fails high, a real move will too)
/// from this depth on.
pub(super) const NULL_MOVE_DEPTH: i32 = 3;

/// Plies the null-move search is reduced by, besides the ply the pass
/// takes: more at depth and more the further the evaluation is above
/// beta.
#[inline]
pub(super) fn null_move_reduction(depth: i32, eval_above_beta: Score) -> i32 {
    3 + depth / 4 + (eval_above_beta / 200).min(3)
}

/// With this many pieces or fewer (besides royals and pawns) and no
/// drops, zugzwang is likely: a null-move cut is verified by a search
/// without the pass.
pub(super) const ZUGZWANG_PIECES: usize = 2;

/// Internal iterative reduction: a node without a stored move is searched
/// a ply shallower from this depth on.
pub(super) const IIR_DEPTH: i32 = 4;

/// Captures and promotions that lose material by static exchange are
/// pruned at most this deep, and so are quiet moves that lose material
/// and cannot check.
pub(super) const SEE_PRUNE_DEPTH: i32 = 4;

/// The static-exchange result below which a capture is pruned.
#[inline]
pub(super) fn capture_see_threshold(depth: i32) -> Score {
    -120 * depth
}

/// The static-exchange result below which a quiet move is pruned.
#[inline]
pub(super) fn quiet_see_threshold(depth: i32) -> Score {
    -30 * depth * depth
}

/// Late-move pruning applies at most this deep.
pub(super) const LATE_MOVE_DEPTH: i32 = 5;

/// Quiet moves tried before the rest are pruned as late moves: fewer
/// where the evaluation is falling.
#[inline]
pub(super) fn late_move_count(depth: i32, improving: bool) -> i32 {
    (3 + depth * depth) / if improving { 1 } else { 2 }
}

/// Futility pruning of quiet moves applies at most this deep.
pub(super) const FUTILITY_DEPTH: i32 = 4;

/// A quiet move is futile where the static evaluation plus this stays at
/// or below alpha.
#[inline]
pub(super) fn futility_margin(depth: i32) -> Score {
    100 + 120 * depth
}

/// Quiet moves are judged harmless unmade (see `screen.rs`) at most this
/// deep: deeper, pruning them is rare and the screen costs more than it
/// saves.
pub(super) const SCREEN_DEPTH: i32 = 5;

/// Late-move reductions from this depth on.
pub(super) const LMR_DEPTH: i32 = 3;

/// History score worth a ply of reduction (less reduction for a good
/// history, more for a bad one), at most `LMR_HISTORY_PLIES` either way.
pub(super) const LMR_HISTORY_GRAIN: i32 = 8000;
pub(super) const LMR_HISTORY_PLIES: i32 = 2;

/// Late-move reductions by depth and move number,
/// 0.75 + ln(depth) ln(moves) / 2, before the adjustments of the node
/// search: more than the common 0.5 + ln d ln n / 2.25, which played
/// worse in makruk.
pub(super) fn lmr_table() -> Box<[[u8; 64]; 64]> {
    let mut lmr = Box::new([[0u8; 64]; 64]);
    for (d, row) in lmr.iter_mut().enumerate().skip(1) {
        for (n, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.75 + (d as f64).ln() * (n as f64).ln() / 2.0) as u8;
        }
    }
    lmr
}

/// Extra plies of late-move reduction at a node expected to fail high
/// (a cut node): its first move likely cuts, the rest matter little.
pub(super) const CUT_NODE_REDUCTION: i32 = 2;

/// Singular extensions from this depth.
pub(super) const SINGULAR_DEPTH: i32 = 8;

/// The alternatives must fall this many centipawns per ply of depth
/// below the hash move's stored score for it to count as singular.
pub(super) const SINGULAR_MARGIN: Score = 2;

/// The hash move's stored result must come from a search at most this
/// many plies shallower than the node's for the singular test.
pub(super) const SINGULAR_TT_SLACK: i32 = 3;

/// History gained by a quiet move that cuts (and lost by the quiet
/// moves tried before it).
#[inline]
pub(super) fn history_bonus(depth: i32) -> i32 {
    (depth * depth * 8).min(2000)
}

/// Aspiration windows from this depth: a window of this half-width
/// around the last score, doubled on each fail, given up past
/// `ASPIRATION_LIMIT`.
pub(super) const ASPIRATION_DEPTH: i32 = 5;
pub(super) const ASPIRATION_DELTA: Score = 30;
pub(super) const ASPIRATION_LIMIT: Score = 1000;

/// Quiescence plies in which a side in check searches every evasion.
pub(super) const QS_CHECK_PLIES: usize = 6;

/// The least gain in value that makes a promotion part of quiescence:
/// a chess pawn becoming a queen or rook does, a knight underpromotion
/// or a Kyoto silver turning bishop does not (there every move of an
/// unpromoted piece promotes).
pub(super) const QS_PROMOTION_GAIN: Score = 300;

/// Quiescence skips a capture that, unanswered, still leaves the
/// standing score this far below alpha (delta pruning).
pub(super) const QS_DELTA_MARGIN: Score = 200;
