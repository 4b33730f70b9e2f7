//! Verification: every stored value checked against its successors.
//!
//! A one-ply lookahead over the same move records as generation, but none
//! of its bookkeeping (tentative values, plies, predecessors): a position
//! is worth the best of its moves' values, a rule's verdict, mate or
//! stalemate. A value the retrograde pass got wrong disagrees here.

use super::code::{BROKEN, DRAW, decode_value, is_loss, is_win};
use super::table::Table;
use crate::types::Color;
use crate::variant::GameValue;

impl Table {
    /// Checks every stored value against its successors (one-ply
    /// lookahead over the same move records, independent of the
    /// retrograde bookkeeping). Returns the number of positions checked
    /// and the first few disagreements.
    pub fn verify(&self) -> (u64, Vec<String>) {
        let mut checked = 0u64;
        let mut bad = Vec::new();
        for idx in 0..self.index.size as u32 {
            let Some(p) = self.pos(idx) else {
                continue;
            };
            for stm in Color::BOTH {
                checked += 1;
                let stored = self.values[stm.index()][idx as usize];
                let want = if self.in_check(&p, stm.opponent()) {
                    BROKEN
                } else if let Some(v) = self.rule[stm.index()] {
                    match v {
                        GameValue::Win => 2,
                        GameValue::Loss => 1,
                        GameValue::Draw => DRAW,
                    }
                } else {
                    let mut legal = false;
                    let mut best_win: Option<u32> = None;
                    let mut any_draw = false;
                    let mut slowest: u32 = 0;
                    self.for_each_successor(&p, stm, false, &mut |_, _, code| {
                        if code == BROKEN {
                            return true;
                        }
                        legal = true;
                        if is_loss(code) {
                            let q = u32::from(code);
                            best_win = Some(best_win.map_or(q, |b| b.min(q)));
                        } else if is_win(code) {
                            slowest = slowest.max(u32::from(code));
                        } else {
                            any_draw = true;
                        }
                        true
                    });
                    if !legal {
                        if self.in_check(&p, stm) || self.stalemate_loses {
                            1
                        } else {
                            DRAW
                        }
                    } else if let Some(q) = best_win {
                        (q + 1) as u8
                    } else if any_draw {
                        DRAW
                    } else {
                        (slowest + 1) as u8
                    }
                };
                if want != stored && bad.len() < 10 {
                    bad.push(format!(
                        "{}: stored {}, successors give {}",
                        self.fen(idx, stm).unwrap_or_default(),
                        decode_value(stored),
                        decode_value(want)
                    ));
                }
            }
        }
        (checked, bad)
    }
}

/// The lines `griffon tb verify` prints for [`Table::verify`]'s result:
/// each disagreement, then the count and whether all agree.
pub fn verify_report(checked: u64, bad: &[String]) -> String {
    let mut out = String::new();
    for line in bad {
        out.push_str(&format!("mismatch: {line}\n"));
    }
    out.push_str(&format!(
        "verify: {checked} positions checked, {}\n",
        if bad.is_empty() {
            "all consistent"
        } else {
            "MISMATCHES"
        }
    ));
    out
}
