//! The first layer's sums along the search's current line, one frame per
//! ply, kept current from the moves' [`Change`]s.
//!
//! A move only records what it changed; the sums of a ply are worked out
//! when that ply is evaluated, from the nearest ply above it that has
//! them (most nodes a search makes are cut off before their evaluation
//! is needed). The root's sums are computed from the whole position.

use super::network::Network;
use crate::position::{Change, MAX_CHANGES, Position};
use crate::types::Color;
use arrayvec::ArrayVec;

/// One ply: White's view's sums, then Black's, and the changes from the
/// ply above.
#[derive(Clone)]
struct Frame {
    sums: Box<[i16]>,
    changes: ArrayVec<Change, MAX_CHANGES>,
    /// `sums` are those of this ply's position.
    ready: bool,
}

/// The frames of one search thread.
#[derive(Clone)]
pub struct Accumulators {
    frames: Vec<Frame>,
    hidden: usize,
}

impl Accumulators {
    /// Frames for lines of `plies` moves.
    pub fn new(net: &Network, plies: usize) -> Accumulators {
        let frame = Frame {
            sums: vec![0; 2 * net.hidden].into_boxed_slice(),
            changes: ArrayVec::new(),
            ready: false,
        };
        Accumulators {
            frames: vec![frame; plies + 1],
            hidden: net.hidden,
        }
    }

    /// Work out `ply`'s sums from the whole of `pos`.
    pub fn refresh(&mut self, net: &Network, pos: &Position, ply: usize) {
        let h = self.hidden;
        let frame = &mut self.frames[ply];
        for (view, sums) in Color::BOTH.into_iter().zip(frame.sums.chunks_exact_mut(h)) {
            sums.copy_from_slice(&net.b1);
            net.layout
                .for_each_active(pos, view, |f| add(sums, &net.w1[f * h..(f + 1) * h]));
        }
        frame.ready = true;
    }

    /// A move was made at `ply`: `pos` is the position after it.
    #[inline]
    pub fn moved(&mut self, pos: &Position, ply: usize) {
        if let Some(frame) = self.frames.get_mut(ply + 1) {
            frame.changes.clear();
            frame.changes.extend(pos.changes().iter().copied());
            frame.ready = false;
        }
    }

    /// The evaluation of `pos`, reached at `ply`, for its side to move.
    pub fn evaluate(&mut self, net: &Network, pos: &Position, ply: usize) -> i32 {
        if ply >= self.frames.len() {
            // Beyond the frames (never in a search, which stops earlier).
            let mut spare = Accumulators::new(net, 0);
            spare.refresh(net, pos, 0);
            return spare.evaluate(net, pos, 0);
        }
        let top = (0..=ply).rev().find(|&p| self.frames[p].ready);
        match top {
            Some(top) => {
                for p in top + 1..=ply {
                    self.update(net, p);
                }
            }
            None => self.refresh(net, pos, ply),
        }
        let h = self.hidden;
        let (white, black) = self.frames[ply].sums.split_at(h);
        match pos.side_to_move() {
            Color::White => net.output(white, black),
            Color::Black => net.output(black, white),
        }
    }

    /// Ply `p`'s sums from ply `p - 1`'s and `p`'s changes.
    fn update(&mut self, net: &Network, p: usize) {
        let h = self.hidden;
        let (above, below) = self.frames.split_at_mut(p);
        let (parent, frame) = (&above[p - 1], &mut below[0]);
        frame.sums.copy_from_slice(&parent.sums);
        let layout = &net.layout;
        for (view, sums) in Color::BOTH.into_iter().zip(frame.sums.chunks_exact_mut(h)) {
            for &change in &frame.changes {
                match change {
                    Change::Added(c, r, sq) => {
                        let f = layout.piece(view, c, r, layout.cell(sq));
                        add(sums, &net.w1[f * h..(f + 1) * h]);
                    }
                    Change::Removed(c, r, sq) => {
                        let f = layout.piece(view, c, r, layout.cell(sq));
                        sub(sums, &net.w1[f * h..(f + 1) * h]);
                    }
                    Change::Hand(c, r, old, new) if layout.hand => {
                        let cap = |n: u8| usize::from(n).min(super::features::HAND_STEPS);
                        let (old, new) = (cap(old), cap(new));
                        for step in new + 1..=old {
                            let f = layout.hand(view, c, r, step);
                            sub(sums, &net.w1[f * h..(f + 1) * h]);
                        }
                        for step in old + 1..=new {
                            let f = layout.hand(view, c, r, step);
                            add(sums, &net.w1[f * h..(f + 1) * h]);
                        }
                    }
                    Change::Hand(..) => {}
                }
            }
        }
        frame.ready = true;
    }
}

#[inline]
fn add(sums: &mut [i16], w: &[i16]) {
    for (s, &w) in sums.iter_mut().zip(w) {
        *s = s.wrapping_add(w);
    }
}

#[inline]
fn sub(sums: &mut [i16], w: &[i16]) {
    for (s, &w) in sums.iter_mut().zip(w) {
        *s = s.wrapping_sub(w);
    }
}
