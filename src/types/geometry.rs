//! The padded mailbox that the trajectory table and the position share.
//!
//! Squares are numbered row by row with `pad` guard columns between rows and
//! `pad` guard rows above and below, where `pad` is the longest single step
//! any piece of the variant takes. A step from a board square therefore
//! lands either on the board or on a guard square, never on a wrong board
//! square, so "fell off the board" is one lookup of a sentinel instead of
//! coordinate arithmetic. Trajectory cells store differences of these
//! numbers.

use super::Square;

/// Index of a square in the padded mailbox.
pub type Sq = u16;

/// Layout of one variant's padded board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub width: u8,
    pub height: u8,
    /// Guard squares on each side; at least the longest single step.
    pub pad: u8,
    /// Distance between vertically adjacent squares (`width + pad`).
    pub stride: i32,
    /// Number of padded squares.
    pub size: usize,
    /// (file, rank) of each padded index, `[u8::MAX; 2]` for guard
    /// squares: what `coords` looks up.
    xy: Box<[[u8; 2]]>,
}

impl Geometry {
    pub fn new(width: u8, height: u8, longest_step: u8) -> Geometry {
        let pad = longest_step.max(1);
        let stride = i32::from(width) + i32::from(pad);
        let rows = i32::from(height) + 2 * i32::from(pad);
        let size = (rows * stride + i32::from(pad)) as usize;
        let xy = (0..size)
            .map(|sq| {
                let i = sq as i32 - i32::from(pad);
                let (row, col) = (i.div_euclid(stride), i.rem_euclid(stride));
                let rank = row - i32::from(pad);
                if col < i32::from(width) && (0..i32::from(height)).contains(&rank) {
                    [col as u8, rank as u8]
                } else {
                    [u8::MAX; 2]
                }
            })
            .collect();
        Geometry {
            width,
            height,
            pad,
            stride,
            size,
            xy,
        }
    }

    /// The padded index of an on-board (file, rank).
    pub fn sq(&self, file: u8, rank: u8) -> Sq {
        ((i32::from(rank) + i32::from(self.pad)) * self.stride
            + i32::from(file)
            + i32::from(self.pad)) as Sq
    }

    pub fn from_square(&self, s: Square) -> Sq {
        self.sq(s.file, s.rank)
    }

    /// (file, rank) of a padded index, or `None` for a guard square.
    #[inline]
    pub fn coords(&self, sq: Sq) -> Option<(u8, u8)> {
        match self.xy.get(usize::from(sq)) {
            Some(&[f, r]) if f != u8::MAX => Some((f, r)),
            _ => None,
        }
    }

    /// True if `c` lies beyond `b` on the line from `a` through `b`
    /// (true too where a square is off the board: "cannot tell").
    #[inline]
    pub fn beyond(&self, a: Sq, b: Sq, c: Sq) -> bool {
        let (Some((ax, ay)), Some((bx, by)), Some((cx, cy))) =
            (self.coords(a), self.coords(b), self.coords(c))
        else {
            return true;
        };
        let (dx, dy) = (i32::from(bx) - i32::from(ax), i32::from(by) - i32::from(ay));
        let (ex, ey) = (i32::from(cx) - i32::from(bx), i32::from(cy) - i32::from(by));
        dx * ey == dy * ex && dx * ex >= 0 && dy * ey >= 0 && (ex, ey) != (0, 0)
    }

    /// Square-number difference of a step (dx, dy).
    pub fn delta(&self, dx: i32, dy: i32) -> i32 {
        dy * self.stride + dx
    }

    /// The eight king steps as square deltas, for "the squares around"
    /// (king safety, explosions).
    pub fn king_steps(&self) -> [i16; 8] {
        [
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 1),
            (-1, 0),
            (-1, -1),
            (0, -1),
            (1, -1),
        ]
        .map(|(dx, dy)| self.delta(dx, dy) as i16)
    }

    /// Every on-board square, a1 first, rank by rank.
    pub fn squares(&self) -> impl Iterator<Item = Sq> + '_ {
        (0..self.height).flat_map(move |r| (0..self.width).map(move |f| self.sq(f, r)))
    }

    /// Number of on-board squares.
    pub fn area(&self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }

    /// The dense index (`rank * width + file`, a1 = 0) used by books and FENs.
    pub fn dense(&self, sq: Sq) -> Option<usize> {
        self.coords(sq)
            .map(|(f, r)| usize::from(r) * usize::from(self.width) + usize::from(f))
    }

    /// The square of dense cell `cell` (`rank * width + file`, as
    /// [`Geometry::dense`] numbers them).
    pub fn cell_square(&self, cell: u8) -> Sq {
        self.sq(cell % self.width, cell / self.width)
    }

    /// Square name with ranks from 1 ([`Square`]'s spelling, as in FENs;
    /// `??` for a guard square).
    pub fn name(&self, sq: Sq) -> String {
        self.coords(sq)
            .map_or("??".into(), |(f, r)| Square::new(f, r).to_string())
    }

    /// The piece-placement part of a FEN (ranks from the top, digits for
    /// runs of empty squares), with `cell` giving each square's text.
    pub fn fen_placement(&self, cell: impl Fn(Sq) -> Option<String>) -> String {
        let mut s = String::new();
        for rank in (0..self.height).rev() {
            let mut empty = 0;
            for file in 0..self.width {
                match cell(self.sq(file, rank)) {
                    None => empty += 1,
                    Some(text) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push_str(&text);
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }

    /// Reads a square name such as `e4` or `j10`.
    pub fn parse(&self, text: &str) -> Option<Sq> {
        let s = Square::parse(text)?;
        (s.file < self.width && s.rank < self.height).then(|| self.from_square(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guard_squares_catch_every_step() {
        let g = Geometry::new(8, 8, 2);
        for sq in g.squares() {
            let (f, r) = g.coords(sq).unwrap();
            for dy in -2i32..=2 {
                for dx in -2i32..=2 {
                    let t = (i32::from(sq) + g.delta(dx, dy)) as Sq;
                    let (nf, nr) = (i32::from(f) + dx, i32::from(r) + dy);
                    let on = (0..8).contains(&nf) && (0..8).contains(&nr);
                    assert_eq!(
                        g.coords(t),
                        on.then_some((nf as u8, nr as u8)),
                        "{f},{r} + {dx},{dy}"
                    );
                }
            }
        }
    }
}
