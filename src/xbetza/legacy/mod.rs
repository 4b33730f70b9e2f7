//! XBetza in the dialect XBoard 4.9.1 reads.
//!
//! Griffon reads the newer notation (bracket groups such as `[F?R]`, any
//! order of modifiers) and follows the newer XBoard in a few readings, but
//! the XBoard most users have (4.9.1, Debian's and Ubuntu's) reads `[F?R]`
//! as nothing at all and then refuses every move of the piece. What a
//! `piece` command tells XBoard is therefore written afresh from the moves
//! Griffon compiled, in the legacy notation: `a`-chains of legs sharing one
//! atom that `g`/`y` turn into a rider (or back) and a turn off the atom's
//! lines rotates by 45 degrees, continuation directions relative to the
//! previous leg, and the modifiers `m c d e t p g o y n j` in the one order
//! 4.9.1 reads them.
//!
//! [`read`] is a port of 4.9.1's own reader, so a translation is accepted
//! only when 4.9.1 would read exactly Griffon's moves from it, and Griffon's
//! own reading of it agrees too. A string that already reads the same in
//! both is sent as written.

mod read;
mod write;

pub use read::read;

use super::compile::creates_ep;
use super::{Dialect, Jump, Leg, MoveDef, MoveKind, Step, compile};
use std::collections::HashSet;

/// Why a piece's moves have no spelling XBoard 4.9.1 reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Untranslatable {
    pub reason: String,
}

impl std::fmt::Display for Untranslatable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.reason)
    }
}

/// What XBoard 4.9.1 is told of a piece's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XBoardMoves {
    /// A string XBoard reads as exactly the piece's moves.
    Exact(String),
    /// The moves have no spelling XBoard reads (`why`); `text` gives it
    /// more moves, those it cannot have exactly widened and made tame
    /// (`t`: they never capture a king). XBoard then accepts every move
    /// the piece makes and sees no check that is not there, but it misses
    /// the piece's checks through those moves, so it cannot be trusted to
    /// see a mate or stalemate the piece takes part in.
    Superset { text: String, why: String },
    /// Nothing XBoard reads covers the moves (`why`).
    Unknown { why: String },
}

impl XBoardMoves {
    /// The string for the `piece` command, if there is one.
    pub fn text(&self) -> Option<&str> {
        match self {
            XBoardMoves::Exact(t) | XBoardMoves::Superset { text: t, .. } => Some(t),
            XBoardMoves::Unknown { .. } => None,
        }
    }
}

/// What to tell XBoard 4.9.1 of a piece written `text` whose compiled
/// moves are `moves`: [`for_xboard`], else a superset, else nothing.
pub fn xboard_moves(text: &str, moves: &[MoveDef]) -> XBoardMoves {
    let why = match for_xboard(text, moves) {
        Ok(exact) => return XBoardMoves::Exact(exact),
        Err(e) => e.reason,
    };
    write::reset_budget();
    match write::superset(moves) {
        Ok((wide, members)) if agrees(&wide, &members) => XBoardMoves::Superset { text: wide, why },
        _ => XBoardMoves::Unknown { why },
    }
}

/// The XBetza to send XBoard 4.9.1 for a piece written `text` whose
/// compiled moves are `moves`: `text` itself when 4.9.1 reads exactly
/// those moves from it, else a translation that both 4.9.1 and Griffon
/// read as exactly those moves.
pub fn for_xboard(text: &str, moves: &[MoveDef]) -> Result<String, Untranslatable> {
    if read(text).is_ok_and(|m| same(&m, moves)) {
        return Ok(text.to_string());
    }
    write::reset_budget();
    let out = write::spell(moves)?;
    if !agrees(&out, moves) {
        // `spell` checks every group; this guards the joined string.
        return Err(Untranslatable {
            reason: format!("the translation \"{out}\" does not read back the same"),
        });
    }
    Ok(out)
}

/// True when XBoard 4.9.1 and Griffon both read `text` as exactly `moves`.
pub(crate) fn agrees(text: &str, moves: &[MoveDef]) -> bool {
    if !write::spend() {
        return false;
    }
    read(text).is_ok_and(|m| same(&m, moves))
        && compile(text, Dialect::XBoard).is_ok_and(|m| same(&m.moves, moves))
}

/// True when XBoard 4.9.1 reads `text` as exactly `moves` (up to
/// [`normalize`]).
pub fn reads_as(text: &str, moves: &[MoveDef]) -> bool {
    read(text).is_ok_and(|m| same(&m, moves))
}

/// True when two lists hold the same moves, up to [`normalize`].
fn same(a: &[MoveDef], b: &[MoveDef]) -> bool {
    let a: HashSet<MoveDef> = a.iter().map(normalize).collect();
    let b: HashSet<MoveDef> = b.iter().map(normalize).collect();
    a == b
}

/// A move with every leap that is written as a chain of legs made one leg
/// again, so that two spellings of one move compare equal: a leap that may
/// end anywhere and disturbs nothing (`mp`), followed by a leap, is one
/// free leap (`mpafsW` is `N`); a one-square leg that must
/// end on an empty square (`m`) or an occupied one (`p`), where that square
/// is the midpoint the leap tests, is a lame (`n`) or jumping (`j`) leap
/// (`mafsW` is `nN`; only for two-step leaps). Both readers, and the move generator, treat the two
/// alike (a leap over a hole aside: the board files Griffon reads have none).
pub(crate) fn normalize(def: &MoveDef) -> MoveDef {
    let mut legs = def.legs.clone();
    if def.kind != MoveKind::Normal {
        return def.clone();
    }
    while let Some(k) = (0..legs.len().saturating_sub(1))
        .rev()
        .find(|&k| glue(&legs[k], &legs[k + 1]).is_some())
    {
        if let Some(leg) = glue(&legs[k], &legs[k + 1]) {
            legs[k] = leg;
            legs.remove(k + 1);
        }
    }
    let mut out = MoveDef {
        legs,
        kind: def.kind,
        initial: def.initial,
        creates_ep: false,
    };
    out.creates_ep = creates_ep(&out);
    out
}

/// One one-square leg `a` and the leap `b` after it as one leap, if they are one.
fn glue(a: &Leg, b: &Leg) -> Option<Leg> {
    let plain = |l: &Leg| {
        l.range == 1
            && l.skip == 0
            && !l.same_length
            && !l.ep_rights
            && !l.wrap
            && !l.unload
            && !l.induction
            && l.hop == super::Hop::None
    };
    if !plain(a) || !plain(b) || a.jump != Jump::Free || b.jump != Jump::Free {
        return None;
    }
    if a.tame || a.ep_capture {
        return None;
    }
    let sum = Step::new(
        a.step.dx.checked_add(b.step.dx)?,
        a.step.dy.checked_add(b.step.dy)?,
    );
    if sum == Step::new(0, 0) {
        return None;
    }
    let o = a.occupancy;
    if o.capture_foe || o.capture_friend {
        return None;
    }
    // A lame or jumping leap tests one square: only a two-step leap is
    // one (a relay square before a longer leap is a leg of its own).
    let tested = a.step.is_unit() && b.step.is_unit() && a.step == sum.midpoint();
    let jump = match (
        o.empty,
        o.pass_friend && o.pass_foe,
        o.pass_friend || o.pass_foe,
    ) {
        (true, true, _) => Jump::Free,
        (true, false, false) if tested => Jump::Lame,
        (false, true, _) if tested => Jump::MustJump,
        _ => return None,
    };
    let mut leg = *b;
    leg.step = sum;
    leg.jump = jump;
    Some(leg)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<MoveDef> {
        compile(text, Dialect::XBoard)
            .unwrap_or_else(|e| panic!("{e}"))
            .moves
    }

    fn sent(text: &str) -> String {
        for_xboard(text, &moves(text)).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn brackets_become_the_spelling_xboards_documentation_gives() {
        // "Betza notation and XBoard": the griffon is FyafsF, the aanca WyafsW.
        assert_eq!(sent("[F?R]"), "FyafsF");
        assert_eq!(sent("[W?B]"), "WyafsW");
        // Without the stop after the first step.
        assert_eq!(sent("[F-R]"), "yafsF");
        // A locust: capture the neighbour, land straight behind it.
        assert_eq!(sent("K[cK-fmK]"), "KcafmK");
    }

    #[test]
    fn strings_xboard_reads_alike_go_as_written() {
        for text in [
            "fmWfceFifmnD",
            "KNADcaKmcabK",
            "mRcpR",
            "gQ",
            "FyafsF",
            "mafsW",
            "N0",
            "RbBfFfAfcafFfmcabF",
        ] {
            assert_eq!(sent(text), text);
        }
    }

    #[test]
    fn modifiers_are_put_in_the_order_xboard_reads_them() {
        // XBoard 4.9.1 reads `cmW` as a capture only (it stops at the `m`
        // after the `c`); Griffon means both.
        let cm = read("cmW").expect("reads");
        assert!(cm.iter().all(|m| !m.legs[0].occupancy.empty));
        assert_eq!(sent("cmW"), "W");
        // Griffon reads an atom written twice as a rider, XBoard as two.
        assert_eq!(sent("WW"), "W0");
    }

    #[test]
    fn xboard_continues_an_oblique_leap_with_d_and_a_steps() {
        // moves.c: a continuation leg of N steps (0,2) straight on; Griffon
        // continues with the knight's own (1,2), so `mpafN` (Griffon: the
        // (2,4) leaper) must be spelt with one-square legs.
        let xb = read("mpafN").expect("reads");
        assert!(
            xb.iter()
                .any(|m| m.legs.get(1).is_some_and(|l| l.step == Step::new(0, 2)))
        );
        let text = sent("mpafN");
        assert!(!text.contains('N'), "{text}");
        assert!(agrees(&text, &moves("mpafN")));
    }

    #[test]
    fn leaps_taken_apart_compare_equal() {
        let one = |text: &str| -> HashSet<MoveDef> { moves(text).iter().map(normalize).collect() };
        assert_eq!(one("mafsW"), one("nN"));
        assert_eq!(one("mpafsW"), one("N"));
        assert_eq!(one("mpafW"), one("D"));
        assert_ne!(one("mafsW"), one("N"));
    }

    #[test]
    fn black_k_sets_xboard_does_not_turn_are_refused() {
        // moves.c turns only the orthogonal half of a K-system first leg
        // round for Black.
        assert!(read("frK").is_ok());
        assert!(read("fbrlK").is_err());
        assert!(read("vsK").is_ok());
    }

    #[test]
    fn what_cannot_be_said_is_widened_and_tame() {
        let m = moves("[W?B3]");
        assert!(for_xboard("[W?B3]", &m).is_err());
        match xboard_moves("[W?B3]", &m) {
            XBoardMoves::Superset { text, .. } => {
                assert_eq!(text, "WyafstW");
                // Every move of the piece is among XBoard's.
                let wide: HashSet<MoveDef> = read(&text).expect("reads").into_iter().collect();
                assert!(
                    wide.iter()
                        .any(|d| d.legs.get(1).is_some_and(|l| l.range == 0) && d.final_leg().tame)
                );
            }
            other => panic!("{other:?}"),
        }
        // Borrowing another piece's moves has nothing XBoard can take.
        assert!(matches!(
            xboard_moves("xK", &moves("xK")),
            XBoardMoves::Unknown { .. }
        ));
    }

    #[test]
    fn a_string_built_to_be_slow_is_refused_quickly() {
        let text = "[mK?mK?mK?mK?mK?cK]";
        let m = moves(text);
        let start = std::time::Instant::now();
        let _ = xboard_moves(text, &m);
        assert!(start.elapsed().as_secs() < 5);
    }
}
