//! A variant's network: its quantised weights, its file format, and the
//! output layer.
//!
//! The shape is the one small engines train first: the inputs of
//! [`Layout`] feed `hidden` first-layer sums per side (the accumulator,
//! kept current move by move), each squared after clipping to [0, 1]
//! ("SCReLU"), and one output neuron reads the side to move's half, then
//! the other side's. Weights are integers: first layer scaled by
//! [`QA`], output by [`QB`]; the output times [`SCALE`] is centipawns.
//!
//! File format (little-endian), one file per variant, `nets/VARIANT.nnue`:
//! `GRIFFNET`, version (u32), variant name (u16 length, UTF-8), width and
//! height (u8 each), roles (u16), half-turn view (u8), holdings steps
//! (u8, 0 without holdings), the pieces' fingerprint (u64), hidden size
//! (u32), flags (u8, from version 2: 1 = residual, the output adds to the
//! hand-written evaluation); then the first layer's weights (features x
//! hidden, i16), its
//! biases (hidden, i16), the output weights (2 x hidden, i16), the output
//! bias (i32); last a checksum (u32, FNV-1a of everything before it).

use super::features::{HAND_STEPS, Layout};
use crate::position::Rules;
use std::fmt;

/// First-layer scale: a sum of 1.0 is `QA`.
pub const QA: i32 = 255;
/// Output-weight scale.
pub const QB: i32 = 64;
/// Centipawns per unit of output.
pub const SCALE: i32 = 400;
/// Largest first layer a file may ask for.
pub const MAX_HIDDEN: usize = 2048;

const MAGIC: &[u8; 8] = b"GRIFFNET";
const VERSION: u32 = 2;
/// Flag bit: the output is a correction added to the hand-written
/// evaluation, not the whole evaluation.
const RESIDUAL: u8 = 1;

/// A network's weights, quantised.
#[derive(Clone, Debug)]
pub struct Network {
    pub variant: String,
    pub layout: Layout,
    /// The pieces it was trained for (see [`fingerprint`]).
    pub fingerprint: u64,
    pub hidden: usize,
    /// The output adds to the hand-written evaluation (trained on what
    /// the search found beyond it) instead of replacing it.
    pub residual: bool,
    /// Per feature, `hidden` weights.
    pub w1: Box<[i16]>,
    pub b1: Box<[i16]>,
    /// The side to move's `hidden` weights, then the other side's.
    pub w2: Box<[i16]>,
    pub b2: i32,
}

/// Why a network file was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum NetError {
    Malformed(String),
    Mismatch(String),
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Malformed(why) => write!(f, "not a Griffon network file: {why}"),
            NetError::Mismatch(why) => write!(f, "network made for another variant: {why}"),
        }
    }
}

impl std::error::Error for NetError {}

/// A 64-bit FNV-1a hash of the variant's pieces (names and moves, in
/// role order): a network trained for other pieces is refused.
pub fn fingerprint(rules: &Rules) -> u64 {
    let mut h = Fnv64::default();
    for p in &rules.variant.pieces {
        h.write(p.name.as_bytes());
        h.write(b"=");
        h.write(p.betza.as_bytes());
        h.write(b";");
    }
    h.0
}

#[derive(Clone, Copy)]
struct Fnv64(u64);

impl Default for Fnv64 {
    fn default() -> Self {
        Fnv64(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv64 {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

pub(super) fn fnv32(bytes: &[u8]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for &b in bytes {
        h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
    }
    h
}

impl Network {
    /// A network of zero weights for `rules`' variant (the trainer
    /// starts from one).
    pub fn zeroed(rules: &Rules, hidden: usize) -> Network {
        let layout = Layout::new(rules);
        Network {
            variant: rules.variant.name.clone(),
            w1: vec![0; layout.features() * hidden].into_boxed_slice(),
            layout,
            fingerprint: fingerprint(rules),
            hidden,
            residual: false,
            b1: vec![0; hidden].into_boxed_slice(),
            w2: vec![0; 2 * hidden].into_boxed_slice(),
            b2: 0,
        }
    }

    /// Check that this network was made for `rules`' variant.
    pub fn check(&self, rules: &Rules) -> Result<(), NetError> {
        let want = Layout::new(rules);
        let mismatch = |what: String| Err(NetError::Mismatch(what));
        if (self.layout.width, self.layout.height) != (want.width, want.height) {
            return mismatch(format!(
                "board {}x{}, the variant's is {}x{}",
                self.layout.width, self.layout.height, want.width, want.height
            ));
        }
        if self.layout.roles != want.roles {
            return mismatch(format!(
                "{} piece types, the variant has {}",
                self.layout.roles, want.roles
            ));
        }
        if self.layout != want {
            return mismatch("its input layout differs (holdings or board view)".into());
        }
        if self.fingerprint != fingerprint(rules) {
            return mismatch("its pieces move differently".into());
        }
        Ok(())
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(64 + 2 * (self.w1.len() + self.b1.len() + self.w2.len()));
        b.extend_from_slice(MAGIC);
        b.extend_from_slice(&VERSION.to_le_bytes());
        let name = self.variant.as_bytes();
        b.extend_from_slice(&(name.len().min(u16::MAX as usize) as u16).to_le_bytes());
        b.extend_from_slice(&name[..name.len().min(u16::MAX as usize)]);
        b.push(self.layout.width);
        b.push(self.layout.height);
        b.extend_from_slice(&(self.layout.roles as u16).to_le_bytes());
        b.push(u8::from(self.layout.rotate));
        b.push(if self.layout.hand {
            HAND_STEPS as u8
        } else {
            0
        });
        b.extend_from_slice(&self.fingerprint.to_le_bytes());
        b.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        b.push(if self.residual { RESIDUAL } else { 0 });
        for w in self.w1.iter().chain(self.b1.iter()).chain(self.w2.iter()) {
            b.extend_from_slice(&w.to_le_bytes());
        }
        b.extend_from_slice(&self.b2.to_le_bytes());
        let sum = fnv32(&b);
        b.extend_from_slice(&sum.to_le_bytes());
        b
    }

    /// Read a network file made for `rules`' variant.
    pub fn from_bytes(bytes: &[u8], rules: &Rules) -> Result<Network, NetError> {
        let bad = |why: &str| NetError::Malformed(why.to_string());
        if bytes.len() < MAGIC.len() + 4 || &bytes[..MAGIC.len()] != MAGIC {
            return Err(bad("no GRIFFNET header"));
        }
        let (body, sum) = bytes.split_at(bytes.len() - 4);
        if fnv32(body).to_le_bytes() != sum {
            return Err(bad("checksum mismatch (truncated or damaged)"));
        }
        let mut r = Reader {
            bytes: body,
            at: MAGIC.len(),
        };
        let version = r.u32()?;
        if version != 1 && version != VERSION {
            return Err(bad(&format!(
                "format version {version}, expected 1 or {VERSION}"
            )));
        }
        let name_len = usize::from(r.u16()?);
        let variant = String::from_utf8(r.take(name_len)?.to_vec())
            .map_err(|_| bad("variant name is not UTF-8"))?;
        let (width, height) = (r.u8()?, r.u8()?);
        let roles = usize::from(r.u16()?);
        let rotate = r.u8()? != 0;
        let hand_steps = usize::from(r.u8()?);
        let fingerprint = r.u64()?;
        let hidden = r.u32()? as usize;
        // Version 1 had no flags: a network replacing the evaluation.
        let flags = if version == 1 { 0 } else { r.u8()? };
        if flags & !RESIDUAL != 0 {
            return Err(bad(&format!("unknown flags {flags:#x}")));
        }
        if hidden == 0 || hidden > MAX_HIDDEN || !hidden.is_multiple_of(8) {
            return Err(bad(&format!("hidden size {hidden}")));
        }
        if hand_steps != 0 && hand_steps != HAND_STEPS {
            return Err(bad(&format!("{hand_steps} holdings steps")));
        }
        let layout = Layout::new(rules);
        let net_shape = (width, height, roles, rotate, hand_steps != 0);
        let want = (
            layout.width,
            layout.height,
            layout.roles,
            layout.rotate,
            layout.hand,
        );
        let features = layout.features();
        if net_shape == want {
            let weights = features * hidden + hidden + 2 * hidden;
            if r.bytes.len() - r.at != 2 * weights + 4 {
                return Err(bad("size does not match its header"));
            }
        }
        let mut net = Network {
            variant,
            layout: Layout {
                width,
                height,
                roles,
                rotate,
                hand: hand_steps != 0,
                ..layout.clone()
            },
            fingerprint,
            hidden,
            residual: flags & RESIDUAL != 0,
            w1: Box::new([]),
            b1: Box::new([]),
            w2: Box::new([]),
            b2: 0,
        };
        net.check(rules)?;
        net.w1 = r.i16s(features * hidden)?;
        net.b1 = r.i16s(hidden)?;
        net.w2 = r.i16s(2 * hidden)?;
        net.b2 = r.u32()? as i32;
        Ok(net)
    }

    /// The output for the side to move's sums `us` and the other side's
    /// `them`, in centipawns.
    #[inline]
    pub fn output(&self, us: &[i16], them: &[i16]) -> i32 {
        let (w_us, w_them) = self.w2.split_at(self.hidden);
        let sum = screlu_dot(us, w_us) + screlu_dot(them, w_them);
        ((sum / i64::from(QA) + i64::from(self.b2)) * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }
}

/// Sum of clip(x, 0, QA)^2 * w. Each product of a clipped sum and a
/// weight fits 16 bits (|w| < 128), which lets the compiler use 16-bit
/// multiplies; chunks of 256 keep the 32-bit partial sums in range.
#[inline]
fn screlu_dot(x: &[i16], w: &[i16]) -> i64 {
    let mut total = 0i64;
    for (xs, ws) in x.chunks(256).zip(w.chunks(256)) {
        let mut sum = 0i32;
        for (&x, &w) in xs.iter().zip(ws) {
            let v = x.clamp(0, QA as i16);
            sum += i32::from(v.wrapping_mul(w)) * i32::from(v);
        }
        total += i64::from(sum);
    }
    total
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], NetError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| NetError::Malformed("file ends early".into()))?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn u8(&mut self) -> Result<u8, NetError> {
        Ok(self.take(1)?[0])
    }

    fn u16(&mut self) -> Result<u16, NetError> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32(&mut self) -> Result<u32, NetError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u64(&mut self) -> Result<u64, NetError> {
        let b = self.take(8)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }

    fn i16s(&mut self, n: usize) -> Result<Box<[i16]>, NetError> {
        let b = self.take(
            n.checked_mul(2)
                .ok_or_else(|| NetError::Malformed("size".into()))?,
        )?;
        Ok(b.chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect())
    }
}
