//! The byte a table holds per position and side to move, shared by
//! generation, table lookups, statistics and files.
//!
//! `0` = not won by either side (a draw once generation ends), `255` =
//! illegal or an unused index, otherwise `plies + 1` where `plies` is the
//! distance to mate: an odd `plies` (an even code) is a win for the side
//! to move, an even one a loss.

use super::Value;

/// Neither side wins.
pub const DRAW: u8 = 0;
/// An illegal position or an unused index.
pub const BROKEN: u8 = 255;

#[inline]
pub fn is_win(code: u8) -> bool {
    code != DRAW && code != BROKEN && code.is_multiple_of(2)
}

#[inline]
pub fn is_loss(code: u8) -> bool {
    code != BROKEN && code % 2 == 1
}

/// The better of two codes for the side to move (the fastest win, then a
/// draw, then the slowest loss); `b` absent leaves `a`.
#[inline]
pub fn better(a: u8, b: Option<u8>) -> u8 {
    let Some(b) = b else {
        return a;
    };
    let rank = |c: u8| -> i32 {
        if is_win(c) {
            1000 - i32::from(c)
        } else if c == DRAW {
            0
        } else {
            -1000 + i32::from(c)
        }
    };
    if rank(b) > rank(a) { b } else { a }
}

/// What a code says, in moves of the side to move.
pub fn decode_value(code: u8) -> Value {
    match code {
        DRAW => Value::Draw,
        BROKEN => Value::Illegal,
        c if c % 2 == 0 => Value::Win(u32::from(c) / 2),
        c => Value::Loss((u32::from(c) - 1) / 2),
    }
}
