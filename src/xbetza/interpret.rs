//! A slow, direct interpreter of compiled legs on a small board.
//!
//! It walks every [`MoveDef`] square by square the way XBoard's
//! `MovesFromString` walks the notation, with no tables and no incremental
//! state. It draws the `griffon betza` diagrams and is the independent
//! reference the table-driven move generator is checked against.

use super::*;

/// A square as (file, rank), both from 0.
pub type Sq = (u8, u8);

/// What stands on a square, from the mover's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    /// A friendly piece; `virgin` pieces can be castling partners.
    Friend {
        royal: bool,
        virgin: bool,
    },
    Foe {
        royal: bool,
    },
    /// Not part of the board (a hole); nothing moves through it.
    Hole,
}

/// A board for the interpreter: occupancy plus the e.p. state.
#[derive(Clone, Debug)]
pub struct Board {
    pub width: u8,
    pub height: u8,
    cells: Vec<Cell>,
    /// Squares an `e` leg may move to, each with the square of the piece it
    /// captures there.
    pub ep: Vec<(Sq, Sq)>,
}

impl Board {
    pub fn empty(width: u8, height: u8) -> Board {
        Board {
            width,
            height,
            cells: vec![Cell::Empty; usize::from(width) * usize::from(height)],
            ep: Vec::new(),
        }
    }

    pub fn get(&self, sq: Sq) -> Cell {
        self.cells[usize::from(sq.1) * usize::from(self.width) + usize::from(sq.0)]
    }

    pub fn set(&mut self, sq: Sq, cell: Cell) {
        let w = usize::from(self.width);
        self.cells[usize::from(sq.1) * w + usize::from(sq.0)] = cell;
    }

    pub fn contains(&self, sq: Sq) -> bool {
        sq.0 < self.width && sq.1 < self.height
    }
}

/// How a move ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutcomeKind {
    Normal,
    /// An `e` leg captured the piece on `Outcome::capture` en passant.
    EnPassant,
    /// Castling with the piece on `partner`.
    Castling {
        partner: Sq,
    },
}

/// One move the piece can make on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Index of the [`MoveDef`] that produced it.
    pub def: usize,
    pub to: Sq,
    /// The piece captured at the end (its square: `to`, or the e.p. victim).
    pub capture: Option<Sq>,
    /// Pieces captured in passing by non-final legs (locust captures).
    pub locust: Vec<Sq>,
    /// Where each non-final leg ended.
    pub relays: Vec<Sq>,
    /// `u`: where the captured piece is put back.
    pub unload: Option<Sq>,
    pub kind: OutcomeKind,
}

struct Walk<'a> {
    def: &'a MoveDef,
    index: usize,
    board: &'a Board,
    from: Sq,
    flip: bool,
    out: &'a mut Vec<Outcome>,
    locust: Vec<Sq>,
    relays: Vec<Sq>,
    unload: Option<Sq>,
}

/// Every move of a piece standing on `from`. `white` selects the orientation
/// (Black's legs are turned by 180 degrees); `virgin` says whether the piece
/// has not moved yet (for `i` moves and castling). Induction (`x`) needs the
/// other pieces' moves and yields nothing here.
pub fn outcomes(
    moves: &PieceMoves,
    board: &Board,
    from: Sq,
    white: bool,
    virgin: bool,
) -> Vec<Outcome> {
    let mut out = Vec::new();
    for (index, def) in moves.moves.iter().enumerate() {
        if def.initial && !virgin {
            continue;
        }
        let mut walk = Walk {
            def,
            index,
            board,
            from,
            flip: !white,
            out: &mut out,
            locust: Vec::new(),
            relays: Vec::new(),
            unload: None,
        };
        match def.kind {
            MoveKind::Normal => walk.leg(0, (i16::from(from.0), i16::from(from.1)), 0),
            MoveKind::Castling { steps } => walk.castle(steps),
        }
    }
    out
}

impl Walk<'_> {
    fn step(&self, leg: &Leg) -> (i16, i16) {
        let (dx, dy) = (i16::from(leg.step.dx), i16::from(leg.step.dy));
        if self.flip { (-dx, -dy) } else { (dx, dy) }
    }

    /// Move one step from `at`; `None` when it leaves the board. Returns the
    /// square and whether the step wrapped around a side edge.
    fn advance(&self, at: (i16, i16), d: (i16, i16), wrap: bool) -> Option<((i16, i16), bool)> {
        let (w, h) = (i16::from(self.board.width), i16::from(self.board.height));
        let (mut x, y) = (at.0 + d.0, at.1 + d.1);
        if y < 0 || y >= h {
            return None;
        }
        let mut wrapped = false;
        if x < 0 || x >= w {
            if !wrap {
                return None;
            }
            x = x.rem_euclid(w);
            wrapped = true;
        }
        Some(((x, y), wrapped))
    }

    fn cell(&self, sq: (i16, i16), looped: bool) -> Cell {
        let s = to_sq(sq);
        if s == self.from {
            // The mover has left its square, unless a wrapping ride came round
            // to it again, where it meets itself.
            return if looped {
                Cell::Friend {
                    royal: false,
                    virgin: false,
                }
            } else {
                Cell::Empty
            };
        }
        self.board.get(s)
    }

    /// The midpoint of a leap for `n`/`j`, rounded towards zero like XBoard.
    /// Every square a lame leap from `prev` by `d` passes is empty.
    fn path_empty(&self, prev: (i16, i16), d: (i16, i16), jump: Jump) -> bool {
        let (w, h) = (i16::from(self.board.width), i16::from(self.board.height));
        let step = Step::new(d.0 as i8, d.1 as i8);
        step.lame_path(jump).iter().all(|p| {
            let (x, y) = (prev.0 + i16::from(p.dx), prev.1 + i16::from(p.dy));
            (0..h).contains(&y) && self.cell((x.rem_euclid(w), y), false) == Cell::Empty
        })
    }

    fn midpoint(&self, prev: (i16, i16), d: (i16, i16)) -> Cell {
        let (w, h) = (i16::from(self.board.width), i16::from(self.board.height));
        let (mx, my) = (prev.0 + d.0 / 2, prev.1 + d.1 / 2);
        if my < 0 || my >= h {
            return Cell::Hole;
        }
        self.cell((mx.rem_euclid(w), my), false)
    }

    fn emit(&mut self, to: (i16, i16), capture: Option<Sq>, kind: OutcomeKind) {
        self.out.push(Outcome {
            def: self.index,
            to: to_sq(to),
            capture,
            locust: self.locust.clone(),
            relays: self.relays.clone(),
            unload: self.unload,
            kind,
        });
    }

    /// Walk leg `k` starting at `start`; `prev_len` is the length of the
    /// last ride leg (for `i` on a continuation leg).
    fn leg(&mut self, k: usize, start: (i16, i16), prev_len: u32) {
        let def = self.def;
        let leg = def.legs[k];
        let last = k + 1 == def.legs.len();
        let d = self.step(&leg);
        let range = u32::from(leg.range);
        let mut remaining_after_hop: Option<u32> = None;
        let mut hopped = leg.hop == Hop::None;
        let mut skip = leg.skip;
        let mut at = start;
        let mut looped = false;
        let mut steps = 0u32;
        if leg.unload && k > 0 {
            self.unload = Some(to_sq(start));
        }
        loop {
            let prev = at;
            let Some((next, wrapped)) = self.advance(at, d, leg.wrap) else {
                break;
            };
            at = next;
            looped |= wrapped;
            steps += 1;
            if looped && at == start && k > 0 {
                // A wrapping ride came round to where its leg began.
                break;
            }
            let at_limit = |steps: u32| range != 0 && steps >= range;
            if let Some(r) = remaining_after_hop.as_mut() {
                *r -= 1;
            }
            if skip > 0 {
                skip -= 1;
                if at_limit(steps) {
                    break;
                }
                continue;
            }
            let cell = self.cell(at, looped);
            if cell == Cell::Hole {
                break;
            }
            match leg.jump {
                Jump::Lame | Jump::LameStraightFirst if !self.path_empty(prev, d, leg.jump) => {
                    break;
                }
                Jump::MustJump if self.midpoint(prev, d) == Cell::Empty => break,
                _ => {}
            }
            let occupied = cell != Cell::Empty;
            if leg.same_length && steps != prev_len {
                if occupied || at_limit(steps) {
                    break;
                }
                continue;
            }
            if !last {
                let len = if leg.is_ride() { steps } else { prev_len };
                let o = leg.occupancy;
                match cell {
                    Cell::Empty if o.empty => self.relay(k, at, len, false),
                    Cell::Foe { .. } | Cell::Friend { .. } => {
                        let foe = matches!(cell, Cell::Foe { .. });
                        let (pass, capture) = if foe {
                            (o.pass_foe, o.capture_foe)
                        } else {
                            (o.pass_friend, o.capture_friend)
                        };
                        if pass {
                            self.relay(k, at, len, false);
                        }
                        if capture {
                            self.relay(k, at, len, true);
                        }
                    }
                    _ => {}
                }
                if occupied || at_limit(steps) {
                    break;
                }
                continue;
            }
            if !hopped {
                if occupied {
                    hopped = true;
                    if leg.hop == Hop::Grasshopper {
                        if at_limit(steps) {
                            break;
                        }
                        remaining_after_hop = Some(1);
                    }
                }
                if at_limit(steps) {
                    break;
                }
                continue;
            }
            if leg.ep_capture && !occupied {
                let here = to_sq(at);
                if let Some(&(_, victim)) = self.board.ep.iter().find(|(t, _)| *t == here) {
                    self.emit(at, Some(victim), OutcomeKind::EnPassant);
                }
            }
            if leg.tame
                && matches!(
                    cell,
                    Cell::Foe { royal: true } | Cell::Friend { royal: true, .. }
                )
            {
                break;
            }
            let o = leg.occupancy;
            let allowed = match cell {
                Cell::Empty => o.empty,
                Cell::Foe { .. } => o.capture_foe,
                Cell::Friend { .. } => o.capture_friend,
                Cell::Hole => false,
            };
            if allowed {
                let capture = occupied.then(|| to_sq(at));
                self.emit(at, capture, OutcomeKind::Normal);
            }
            if occupied || at_limit(steps) || remaining_after_hop == Some(0) {
                break;
            }
        }
    }

    fn relay(&mut self, k: usize, at: (i16, i16), len: u32, capture: bool) {
        let sq = to_sq(at);
        if capture {
            self.locust.push(sq);
        }
        self.relays.push(sq);
        let saved_unload = self.unload;
        self.leg(k + 1, at, len);
        self.unload = saved_unload;
        self.relays.pop();
        if capture {
            self.locust.pop();
        }
    }

    /// Slide towards the edge; an unmoved friend on the edge square (or
    /// `skip` squares before it) is the castling partner, and the piece lands
    /// `steps` squares from where it stood.
    fn castle(&mut self, steps: u8) {
        let leg = self.def.legs[0];
        let d = self.step(&leg);
        if d.1 != 0 {
            return;
        }
        let start = (i16::from(self.from.0), i16::from(self.from.1));
        let target = (start.0 + d.0 * i16::from(steps), start.1);
        let w = i16::from(self.board.width);
        if target.0 < 0 || target.0 >= w {
            return;
        }
        let edge = if d.0 < 0 {
            i16::from(leg.skip)
        } else {
            w - 1 - i16::from(leg.skip)
        };
        let mut at = start;
        while let Some((next, _)) = self.advance(at, d, false) {
            at = next;
            match self.cell(at, false) {
                Cell::Empty => continue,
                Cell::Friend { virgin: true, .. } if at.0 == edge => {
                    self.emit(target, None, OutcomeKind::Castling { partner: to_sq(at) });
                    break;
                }
                _ => break,
            }
        }
    }
}

fn to_sq(p: (i16, i16)) -> Sq {
    (p.0 as u8, p.1 as u8)
}
