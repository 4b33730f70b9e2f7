//! Text forms of compiled moves: the `griffon betza` diagram and leg lists.
//!
//! These let a variant designer see what a string really means before
//! putting it in a variant file.

use super::interpret::{Board, Cell, OutcomeKind, Sq, outcomes};
use super::*;
use crate::types::{Square, file_letter};

/// What to draw: board size, where the piece stands, and blockers for pieces
/// (hoppers, lame leapers) whose moves need other pieces to show.
#[derive(Clone, Debug)]
pub struct DiagramOptions {
    pub width: u8,
    pub height: u8,
    pub from: Sq,
    /// Squares holding a friendly piece (a hurdle or blocker).
    pub hurdles: Vec<Sq>,
    /// Draw Black's moves instead of White's.
    pub black: bool,
}

/// Marks on a diagram square, combined over all moves.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Marks {
    quiet: bool,
    capture: bool,
    locust: bool,
    relay: bool,
}

/// Summary of a drawn diagram, for callers that want numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DiagramCounts {
    /// Squares the piece can move to when they are empty.
    pub quiet: usize,
    /// Squares where it can capture an enemy piece.
    pub capture: usize,
    /// Squares it can reach at all (quiet or capture).
    pub targets: usize,
}

/// Draw where the piece moves and captures, then list its compiled legs.
///
/// Quiet moves are found on the board as given; captures by putting one
/// enemy piece on each square in turn, which also reveals locust victims.
/// The piece is taken not to have moved yet, so initial moves show.
pub fn diagram(moves: &PieceMoves, opts: &DiagramOptions) -> (String, DiagramCounts) {
    let (w, h) = (opts.width, opts.height);
    let mut board = Board::empty(w, h);
    for &s in &opts.hurdles {
        board.set(
            s,
            Cell::Friend {
                royal: false,
                virgin: true,
            },
        );
    }
    let white = !opts.black;
    let mut marks = vec![Marks::default(); usize::from(w) * usize::from(h)];
    let idx = |s: Sq| usize::from(s.1) * usize::from(w) + usize::from(s.0);
    for o in outcomes(moves, &board, opts.from, white, true) {
        if o.capture.is_none() {
            marks[idx(o.to)].quiet = true;
        }
        for &r in &o.relays {
            marks[idx(r)].relay = true;
        }
    }
    for y in 0..h {
        for x in 0..w {
            let s = (x, y);
            if s == opts.from || board.get(s) != Cell::Empty {
                continue;
            }
            let mut with_foe = board.clone();
            with_foe.set(s, Cell::Foe { royal: false });
            for o in outcomes(moves, &with_foe, opts.from, white, true) {
                if o.capture == Some(s) && o.kind == OutcomeKind::Normal {
                    marks[idx(s)].capture = true;
                }
                if o.locust.contains(&s) {
                    marks[idx(s)].locust = true;
                }
            }
        }
    }
    let mut counts = DiagramCounts::default();
    let mut text = String::new();
    for y in (0..h).rev() {
        text.push_str(&format!("{:>3} ", y + 1));
        for x in 0..w {
            let s = (x, y);
            let m = marks[idx(s)];
            let c = if s == opts.from {
                '@'
            } else if board.get(s) != Cell::Empty {
                'o'
            } else {
                match (m.quiet, m.capture) {
                    (true, true) => '*',
                    (true, false) => 'm',
                    (false, true) => 'c',
                    _ if m.locust => 'x',
                    _ if m.relay => '+',
                    _ => '.',
                }
            };
            counts.quiet += usize::from(m.quiet && s != opts.from);
            counts.capture += usize::from(m.capture);
            counts.targets += usize::from((m.quiet || m.capture) && s != opts.from);
            text.push(c);
            text.push(' ');
        }
        text.pop();
        text.push('\n');
    }
    text.push_str("    ");
    for x in 0..w {
        text.push(file_letter(x));
        text.push(' ');
    }
    text.pop();
    text.push('\n');
    text.push_str(
        "@ piece  * move or capture  m move only  c capture only  x captured in passing\n\
         + a leg turns here  o blocker\n",
    );
    (text, counts)
}

/// One leg as text, e.g. `(1,1)x1 ends: empty`.
pub fn describe_leg(leg: &Leg) -> String {
    let mut s = format!("({},{})", leg.step.dx, leg.step.dy);
    match leg.range {
        0 => s.push_str(" ride"),
        1 => s.push_str(" leap"),
        n => s.push_str(&format!(" ride<={n}")),
    }
    if leg.same_length {
        s.push_str(" same-length");
    }
    let o = leg.occupancy;
    let mut ends = Vec::new();
    if o.empty {
        ends.push("empty");
    }
    if o.capture_foe {
        ends.push("capture-foe");
    }
    if o.capture_friend {
        ends.push("capture-friend");
    }
    if o.pass_foe {
        ends.push("pass-foe");
    }
    if o.pass_friend {
        ends.push("pass-friend");
    }
    if leg.ep_capture {
        ends.push("en-passant");
    }
    if leg.induction {
        ends.push("borrow-friend-moves");
    }
    s.push_str(" ends:");
    s.push_str(&ends.join("|"));
    match leg.hop {
        Hop::None => {}
        Hop::Cannon => s.push_str(" hop-over"),
        Hop::Grasshopper => s.push_str(" hop-land-behind"),
    }
    match leg.jump {
        Jump::Free => {}
        Jump::Lame | Jump::LameStraightFirst => s.push_str(" lame"),
        Jump::MustJump => s.push_str(" must-jump"),
    }
    if leg.skip > 0 {
        s.push_str(&format!(" skip{}", leg.skip));
    }
    if leg.ep_rights {
        s.push_str(" gives-ep");
    }
    if leg.tame {
        s.push_str(" tame");
    }
    if leg.wrap {
        s.push_str(" wrap");
    }
    if leg.unload {
        s.push_str(" unload");
    }
    s
}

/// A whole move: its legs joined by `then`, with move-level flags.
pub fn describe_move(def: &MoveDef) -> String {
    let legs: Vec<String> = def.legs.iter().map(describe_leg).collect();
    let mut s = legs.join(" then ");
    if let MoveKind::Castling { steps } = def.kind {
        s = format!("castle {steps} squares: {s}");
    }
    if def.initial {
        s.push_str(" [initial]");
    }
    if def.creates_ep {
        s.push_str(" [e.p. rights]");
    }
    s
}

/// Largest board the diagram draws (files are letters a..z).
pub const MAX_DIAGRAM_SIDE: u8 = 26;

/// Read `WIDTHxHEIGHT`, e.g. `10x8`.
pub fn parse_board_size(s: &str) -> Result<(u8, u8), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("'{s}' is not WIDTHxHEIGHT (e.g. 8x8)"))?;
    let side = |t: &str| -> Result<u8, String> {
        match t.trim().parse::<u8>() {
            Ok(n) if (1..=MAX_DIAGRAM_SIDE).contains(&n) => Ok(n),
            _ => Err(format!(
                "'{t}' is not a board side from 1 to {MAX_DIAGRAM_SIDE}"
            )),
        }
    };
    Ok((side(w)?, side(h)?))
}

/// Read a square such as `d4` or `j10` (ranks counted from 1).
pub fn parse_square(s: &str, width: u8, height: u8) -> Result<Sq, String> {
    let sq = Square::parse_unbounded(s).ok_or_else(|| format!("'{s}' is not a square like d4"))?;
    if sq.file >= width || sq.rank >= height {
        return Err(format!("{s} is not on a {width}x{height} board"));
    }
    Ok((sq.file, sq.rank))
}

/// The name of a square, e.g. `d4`.
pub fn square_name(s: Sq) -> String {
    Square::new(s.0, s.1).to_string()
}
