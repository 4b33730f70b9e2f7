//! Table files: one per variant and material, `VARIANT-MATERIAL.gtb`.
//!
//! A text header (so `head` tells what a file is) then the values in the
//! compact index order, deflated. Only the positions with White to move
//! are stored (`sides white`): a position with Black to move is worth the
//! best of its moves, each leading to a stored White-to-move position of
//! this table or of a smaller one, so the prober derives it by a one-ply
//! lookahead ([`super::probe`]). That halves the files; a file with
//! `sides both` (or no `sides` line) holds both, White's first:
//!
//! ```text
//! griffon-tablebase 1
//! variant makruk
//! material KNMvK
//! board 8x8
//! metric dtm
//! moves 5f0c...        (hash of the men's move records: a changed piece
//!                       definition makes the file not match)
//! positions 1747284    (per side to move)
//! sides white          (or both)
//! checksum 9a1b...     (FNV-1a 64 of the values)
//! compressed 123456    (bytes of deflate data after the blank line)
//!
//! <deflate data>
//! ```
//!
//! A byte is `0` draw, `255` illegal or unused, otherwise `plies + 1` to
//! mate (odd plies: the side to move wins; [`super::code`]). Every field
//! is checked when a file is read; a file that does not match is an
//! error, never a table. Writing takes a generated table's values into
//! the compact index order ([`Table::compact`]).

use super::code::BROKEN;
use super::index::Indexer;
use super::layout::compact_indexer;
use super::moves::{Mask, PieceSteps};
use super::table::Table;
use super::{Material, TbError};
use crate::position::Rules;
use crate::types::Color;
use flate2::Compression;
use flate2::read::DeflateDecoder;
use flate2::write::DeflateEncoder;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

const MAGIC: &str = "griffon-tablebase 1";
/// Longest header accepted, so a wrong file is not read whole.
const MAX_HEADER: usize = 4096;

fn fnv(bytes: &[u8], mut h: u64) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h
}

const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// A hash of the move records of `men`, in order.
pub fn moves_signature(steps: &[&PieceSteps], colors: &[Color]) -> u64 {
    let mut h = FNV_START;
    for s in steps {
        for list in [&s.quiet_from, &s.capture_from] {
            for moves in list.iter() {
                h = fnv(&[0xff], h);
                for m in moves {
                    h = fnv(&[m.from, m.to], h);
                    for mask in [m.empty, m.friend, m.foe] {
                        h = fnv(&mask.to_le_bytes(), h);
                    }
                }
            }
        }
    }
    // Double steps and captures in passing count only where the table
    // depends on them, so tables without them keep their signature.
    let exposed = super::moves::ep_exposed(steps, colors);
    if exposed.iter().any(|&e| e) {
        for s in steps {
            for (from, list) in s.double_from.iter().enumerate() {
                for &(to, passed) in list {
                    h = fnv(&[0xfe, from as u8, to], h);
                    h = fnv(&passed.to_le_bytes(), h);
                }
            }
            for moves in &s.ep_from {
                h = fnv(&[0xfd], h);
                for m in moves {
                    h = fnv(&[m.from, m.to], h);
                    for mask in [m.empty, m.friend, m.foe] {
                        h = fnv(&mask.to_le_bytes(), h);
                    }
                }
            }
        }
    }
    h
}

/// The file name of a table.
pub fn file_name(variant: &str, material: &str) -> String {
    format!("{variant}-{material}.gtb")
}

/// Write `table` (compact index) into `dir`; returns the path and the
/// compressed size.
pub fn write(table: &Table, rules: &Rules, dir: &Path) -> Result<(PathBuf, u64), TbError> {
    let (index, body) = table.compact(Color::White);
    let checksum = fnv(&body, FNV_START);
    let mut enc = DeflateEncoder::new(Vec::new(), Compression::best());
    enc.write_all(&body)
        .map_err(|e| TbError(format!("compressing: {e}")))?;
    let data = enc
        .finish()
        .map_err(|e| TbError(format!("compressing: {e}")))?;
    let v = &rules.variant;
    let header = format!(
        "{MAGIC}\nvariant {}\nmaterial {}\nboard {}x{}\nmetric dtm\nmoves {:016x}\npositions {}\nsides white\nchecksum {:016x}\ncompressed {}\n\n",
        v.name,
        table.name,
        v.width,
        v.height,
        table.signature(),
        index.size,
        checksum,
        data.len()
    );
    let path = dir.join(file_name(&v.name, &table.name));
    let mut out = header.into_bytes();
    out.extend_from_slice(&data);
    std::fs::write(&path, &out).map_err(|e| TbError(format!("{}: {e}", path.display())))?;
    Ok((path, data.len() as u64))
}

impl Table {
    /// The values of one side to move in the compact index order (for
    /// files).
    pub fn compact(&self, stm: Color) -> (Indexer, Vec<u8>) {
        let index = self.compact.clone();
        let size = index.size as usize;
        let mut values = vec![BROKEN; size];
        let n = self.men.len();
        let mut sq = [0u8; super::MAX_MEN];
        #[allow(clippy::needless_range_loop)] // i is the index being decoded
        for i in 0..size {
            index.decode(i as u32, &mut sq[..n]);
            let mut occ: Mask = 0;
            let mut clash = false;
            for &s in &sq[..n] {
                clash |= occ & (1 << s) != 0;
                occ |= 1 << s;
            }
            if clash || index.encode(&sq[..n]) != Some(i as u32) {
                continue;
            }
            if let Some(j) = self.index.encode(&sq[..n]) {
                values[i] = self.values[stm.index()][j as usize];
            }
        }
        (index, values)
    }

    /// The hash of the men's move records written into files.
    pub fn signature(&self) -> u64 {
        let steps: Vec<&PieceSteps> = self.men.iter().map(|m| m.steps.as_ref()).collect();
        let colors: Vec<Color> = self.men.iter().map(|m| m.color).collect();
        moves_signature(&steps, &colors)
    }
}

/// What a file's header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub variant: String,
    pub material: String,
    pub width: u8,
    pub height: u8,
    pub signature: u64,
    pub positions: u64,
    /// Only White-to-move positions are stored.
    pub white_only: bool,
    pub checksum: u64,
    pub compressed: u64,
    /// Bytes before the deflate data.
    pub length: usize,
}

/// Parse a header from the start of `bytes`.
pub fn parse_header(bytes: &[u8]) -> Result<Header, TbError> {
    let limit = bytes.len().min(MAX_HEADER);
    let end = bytes[..limit]
        .windows(2)
        .position(|w| w == b"\n\n")
        .ok_or_else(|| TbError("not a Griffon tablebase (no header)".into()))?;
    let text = std::str::from_utf8(&bytes[..end])
        .map_err(|_| TbError("not a Griffon tablebase (header is not text)".into()))?;
    let mut lines = text.lines();
    if lines.next() != Some(MAGIC) {
        return Err(TbError(format!(
            "not a Griffon tablebase (first line is not '{MAGIC}')"
        )));
    }
    let mut field = std::collections::HashMap::new();
    for line in lines {
        let (k, v) = line
            .split_once(' ')
            .ok_or_else(|| TbError(format!("bad header line '{line}'")))?;
        field.insert(k, v);
    }
    let get = |k: &str| {
        field
            .get(k)
            .copied()
            .ok_or_else(|| TbError(format!("header has no '{k}'")))
    };
    let hex = |k: &str| {
        u64::from_str_radix(get(k)?, 16).map_err(|_| TbError(format!("bad '{k}' in header")))
    };
    let num = |k: &str| {
        get(k)?
            .parse::<u64>()
            .map_err(|_| TbError(format!("bad '{k}' in header")))
    };
    if get("metric")? != "dtm" {
        return Err(TbError("unknown metric".into()));
    }
    let (w, h) = get("board")?
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
        .ok_or_else(|| TbError("bad 'board' in header".into()))?;
    Ok(Header {
        variant: get("variant")?.to_string(),
        material: get("material")?.to_string(),
        width: w,
        height: h,
        signature: hex("moves")?,
        positions: num("positions")?,
        white_only: match field.get("sides").copied() {
            None | Some("both") => false,
            Some("white") => true,
            Some(other) => return Err(TbError(format!("bad 'sides' in header: '{other}'"))),
        },
        checksum: hex("checksum")?,
        compressed: num("compressed")?,
        length: end + 2,
    })
}

/// A table read back from a file: its compact index and values.
#[derive(Debug)]
pub struct Loaded {
    pub header: Header,
    pub material: Material,
    pub index: Indexer,
    /// Per side to move; empty for a side the file does not store.
    pub values: [Vec<u8>; 2],
}

impl Loaded {
    /// The code of a placement (squares in material order), `None` when
    /// the placement is impossible or its side to move is not stored.
    pub fn code(&self, squares: &[u8], stm: Color) -> Option<u8> {
        let i = self.index.encode(squares)?;
        self.values[stm.index()].get(i as usize).copied()
    }
}

/// Read and check the header of `path` against `rules`; returns the header
/// and the material.
pub fn read_header(path: &Path, rules: &Rules) -> Result<(Header, Material), TbError> {
    let mut f =
        std::fs::File::open(path).map_err(|e| TbError(format!("{}: {e}", path.display())))?;
    let mut buf = vec![0u8; MAX_HEADER];
    let mut n = 0;
    while n < buf.len() {
        let got = f
            .read(&mut buf[n..])
            .map_err(|e| TbError(format!("{}: {e}", path.display())))?;
        if got == 0 {
            break;
        }
        n += got;
    }
    let header = parse_header(&buf[..n])?;
    let material = check_header(&header, rules)?;
    Ok((header, material))
}

fn check_header(header: &Header, rules: &Rules) -> Result<Material, TbError> {
    let v = &rules.variant;
    if header.variant != v.name {
        return Err(TbError(format!(
            "table of variant {}, not {}",
            header.variant, v.name
        )));
    }
    if (header.width, header.height) != (v.width, v.height) {
        return Err(TbError("board size differs from the variant's".into()));
    }
    Material::parse(rules, &header.material)
}

/// Read a whole table, checking every header field and the checksum.
pub fn read(path: &Path, rules: &Rules) -> Result<Loaded, TbError> {
    let bytes =
        crate::files::read(path).map_err(|e| TbError(format!("{}: {e}", path.display())))?;
    read_bytes(&bytes, rules)
}

/// A whole table from its bytes, checked as [`read`] checks a file.
pub fn read_bytes(bytes: &[u8], rules: &Rules) -> Result<Loaded, TbError> {
    let header = parse_header(bytes)?;
    let material = check_header(&header, rules)?;
    let steps: Vec<PieceSteps> = material
        .men
        .iter()
        .map(|&(c, r)| PieceSteps::build(rules, c, r))
        .collect::<Result<_, _>>()?;
    let refs: Vec<&PieceSteps> = steps.iter().collect();
    let colors: Vec<Color> = material.men.iter().map(|m| m.0).collect();
    if moves_signature(&refs, &colors) != header.signature {
        return Err(TbError(
            "the pieces' moves differ from those the table was made with".into(),
        ));
    }
    let index = compact_indexer(rules, &material, &refs)?;
    if index.size != header.positions {
        return Err(TbError("index size differs from the header's".into()));
    }
    let data = bytes.get(header.length..).unwrap_or_default();
    if data.len() as u64 != header.compressed {
        return Err(TbError(format!(
            "truncated or padded: {} bytes of data, header says {}",
            data.len(),
            header.compressed
        )));
    }
    let sides = if header.white_only { 1 } else { 2 };
    let want = sides * index.size as usize;
    let mut body = Vec::with_capacity(want);
    DeflateDecoder::new(data)
        .take(want as u64 + 1)
        .read_to_end(&mut body)
        .map_err(|e| TbError(format!("corrupt data: {e}")))?;
    if body.len() != want {
        return Err(TbError("corrupt data: wrong length".into()));
    }
    if fnv(&body, FNV_START) != header.checksum {
        return Err(TbError("checksum mismatch".into()));
    }
    let black = if header.white_only {
        Vec::new()
    } else {
        body.split_off(index.size as usize)
    };
    Ok(Loaded {
        header,
        material,
        index,
        values: [body, black],
    })
}
