//! Training samples: positions with the search's score and the game's
//! result, in a compact binary file.
//!
//! A file starts with `GRIFFDAT`, a version (u32) and the variant's name
//! (u16 length, UTF-8). Each sample then takes 8 + 2n + 2k bytes:
//! flags (u8: 1 = Black to move), score (i16, centipawns for the side to
//! move), base (i16, the hand-written evaluation for the side to move),
//! result (u8: 0 loss, 1 draw, 2 win for the side to move), n and k (u8
//! each), n pieces (cell from White's side, u8; colour << 7 | role, u8)
//! and k holdings counts (colour << 7 | role, u8; count, u8).

use super::features::{HAND_STEPS, Layout};
use crate::position::Position;
use crate::types::{Color, Role};
use arrayvec::ArrayVec;
use std::io::{self, Read, Write};

const MAGIC: &[u8; 8] = b"GRIFFDAT";
const VERSION: u32 = 2;
/// Bytes of a sample before its pieces.
const HEAD: usize = 8;
/// Most pieces a sample holds (both sides' slots).
pub const MAX_PIECES: usize = 128;

/// One training position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    pub side: Color,
    /// Centipawns for the side to move.
    pub score: i16,
    /// The hand-written evaluation of the position, centipawns for the
    /// side to move: what a residual network adds to.
    pub base: i16,
    /// 0 loss, 1 draw, 2 win, for the side to move.
    pub result: u8,
    /// (cell from White's side, colour, role).
    pub pieces: ArrayVec<(u8, Color, Role), MAX_PIECES>,
    /// (colour, role, count).
    pub hand: ArrayVec<(Color, Role, u8), MAX_PIECES>,
}

impl Sample {
    /// The position `pos` with its score and its hand-written evaluation
    /// `base`; the result is filled in when the game ends.
    pub fn new(pos: &Position, layout: &Layout, score: i16, base: i16) -> Sample {
        let mut pieces = ArrayVec::new();
        let mut hand = ArrayVec::new();
        for color in Color::BOTH {
            for (_, s) in pos.pieces(color) {
                pieces.push((layout.cell(s.sq) as u8, color, s.role));
            }
            if layout.hand {
                for (r, &n) in pos.holdings(color).iter().enumerate() {
                    if n > 0 && !hand.is_full() {
                        hand.push((color, Role(r as u8), n));
                    }
                }
            }
        }
        Sample {
            side: pos.side_to_move(),
            score,
            base,
            result: 1,
            pieces,
            hand,
        }
    }

    /// The position with its files reversed (a to h, b to g, ...), the
    /// same score and result: another sample for variants whose rules do
    /// not tell the wings apart (castling aside).
    pub fn mirrored(&self, layout: &Layout) -> Sample {
        let w = usize::from(layout.width);
        let mut s = self.clone();
        for (cell, _, _) in &mut s.pieces {
            let c = usize::from(*cell);
            *cell = (c / w * w + (w - 1 - c % w)) as u8;
        }
        s
    }

    /// Calls `f` with the active features seen by `view`.
    pub fn for_each_feature(&self, layout: &Layout, view: Color, mut f: impl FnMut(usize)) {
        for &(cell, color, role) in &self.pieces {
            f(layout.piece(view, color, role, usize::from(cell)));
        }
        if layout.hand {
            for &(color, role, n) in &self.hand {
                for step in 1..=usize::from(n).min(HAND_STEPS) {
                    f(layout.hand(view, color, role, step));
                }
            }
        }
    }

    /// Appends the sample's bytes to `b`.
    fn encode(&self, b: &mut Vec<u8>) {
        b.push(u8::from(self.side == Color::Black));
        b.extend_from_slice(&self.score.to_le_bytes());
        b.extend_from_slice(&self.base.to_le_bytes());
        b.push(self.result);
        b.push(self.pieces.len() as u8);
        b.push(self.hand.len() as u8);
        for &(cell, color, role) in &self.pieces {
            b.push(cell);
            b.push(piece_byte(color, role));
        }
        for &(color, role, n) in &self.hand {
            b.push(piece_byte(color, role));
            b.push(n);
        }
    }
}

fn piece_byte(color: Color, role: Role) -> u8 {
    (u8::from(color == Color::Black) << 7) | (role.0 & 0x7f)
}

fn from_piece_byte(b: u8) -> (Color, Role) {
    let color = if b & 0x80 != 0 {
        Color::Black
    } else {
        Color::White
    };
    (color, Role(b & 0x7f))
}

/// Writes samples of one variant.
pub struct Writer<W: Write> {
    out: W,
}

impl<W: Write> Writer<W> {
    pub fn new(mut out: W, variant: &str) -> io::Result<Writer<W>> {
        out.write_all(MAGIC)?;
        out.write_all(&VERSION.to_le_bytes())?;
        let name = variant.as_bytes();
        let len = u16::try_from(name.len()).map_err(io::Error::other)?;
        out.write_all(&len.to_le_bytes())?;
        out.write_all(name)?;
        Ok(Writer { out })
    }

    /// Writes a game's samples with one write and flushes them: a run
    /// stopped between games leaves only whole samples behind.
    pub fn write_game(&mut self, samples: &[Sample]) -> io::Result<()> {
        let mut b = Vec::with_capacity(samples.len() * (HEAD + 64));
        for s in samples {
            s.encode(&mut b);
        }
        self.out.write_all(&b)?;
        self.out.flush()
    }
}

/// A sample file's contents.
pub struct Samples {
    pub samples: Vec<Sample>,
    /// Bytes of an unfinished last sample that were left out (a run
    /// stopped in the middle of a write, a full disk): 0 for a whole file.
    pub cut: usize,
}

/// Reads a whole sample file made for a variant of `layout`; errors name
/// what is wrong (another variant, a cell off the board). A file that
/// ends inside a sample keeps the samples before it.
pub fn read_all(mut input: impl Read, variant: &str, layout: &Layout) -> Result<Samples, String> {
    let mut bytes = Vec::new();
    input
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read: {e}"))?;
    let header = MAGIC.len() + 6;
    if bytes.len() < header || &bytes[..MAGIC.len()] != MAGIC {
        return Err("not a Griffon sample file (no GRIFFDAT header)".into());
    }
    let version = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]);
    if version != VERSION {
        return Err(format!("sample format {version}, expected {VERSION}"));
    }
    let len = usize::from(u16::from_le_bytes([bytes[12], bytes[13]]));
    let name = bytes.get(14..14 + len).ok_or("file ends in its header")?;
    if name != variant.as_bytes() {
        return Err(format!(
            "samples of '{}', not '{variant}'",
            String::from_utf8_lossy(name)
        ));
    }
    let mut at = 14 + len;
    let mut samples = Vec::new();
    while at < bytes.len() {
        let Some(head) = bytes.get(at..at + HEAD) else {
            break;
        };
        let (n, k) = (usize::from(head[6]), usize::from(head[7]));
        if n > MAX_PIECES || k > MAX_PIECES || head[5] > 2 {
            return Err(format!("malformed sample at byte {at}"));
        }
        let Some(body) = bytes.get(at + HEAD..at + HEAD + 2 * (n + k)) else {
            break;
        };
        let mut s = Sample {
            side: if head[0] & 1 != 0 {
                Color::Black
            } else {
                Color::White
            },
            score: i16::from_le_bytes([head[1], head[2]]),
            base: i16::from_le_bytes([head[3], head[4]]),
            result: head[5],
            pieces: ArrayVec::new(),
            hand: ArrayVec::new(),
        };
        for p in body[..2 * n].chunks_exact(2) {
            let (color, role) = from_piece_byte(p[1]);
            if usize::from(p[0]) >= layout.cells() || usize::from(role.0) >= layout.roles {
                return Err(format!(
                    "sample at byte {at}: piece off the board or unknown"
                ));
            }
            s.pieces.push((p[0], color, role));
        }
        for p in body[2 * n..].chunks_exact(2) {
            let (color, role) = from_piece_byte(p[0]);
            if usize::from(role.0) >= layout.roles {
                return Err(format!("sample at byte {at}: unknown piece in hand"));
            }
            s.hand.push((color, role, p[1]));
        }
        samples.push(s);
        at += HEAD + 2 * (n + k);
    }
    Ok(Samples {
        samples,
        cut: bytes.len() - at,
    })
}
