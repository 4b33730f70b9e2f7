//! XBoard 4.9.1's own reading of an XBetza string, as concrete moves.
//!
//! A port of `MovesFromString` in XBoard 4.9.1's `moves.c`, turned from a
//! move generator into a compiler: where XBoard walks a ray and calls
//! itself for the next leg on every square that allows it, this records
//! the leg and continues symbolically. The tables below are XBoard's,
//! character for character, so that quirks that differ from Griffon's
//! reading (the newer XBoard that [`super::super::compile`] follows) are
//! kept: a continuation leg of an oblique atom steps like `D`/`A`, not
//! like the atom; modifiers count only in the order `m c d e t p g o y n
//! j`; `n` on a one-square atom generates nothing; parsing stops silently
//! at the first character XBoard does not expect.
//!
//! Only what the translation needs to trust is modelled: a string that
//! uses something else (`i` on a later leg, `ii`, `p` together with `g`,
//! a castling atom with modifiers) is refused rather than guessed.

use super::super::compile::creates_ep;
use super::super::{Hop, Jump, Leg, MoveDef, MoveKind, Step};

//  alphabet                       "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
const SYMMETRY: &[u8; 26] = b"FBNW.FFW.NKN.NW.QR....W..N";
const X_STEP: &[u8; 26] = b"2110.130.102.10.00....0..2";
const Y_STEP: &[u8; 26] = b"2132.133.313.20.11....1..3";
const UPGRADE: &[u8; 26] = b"AFCD.BGH.JQL.NO.KW....R..Z";
const ROTATE: &[u8; 26] = b"DRCA.WHG.JKL.NO.QB....F..Z";
//  alphabet                       "abcdefghijklmnopqrstuvwxyz"
const DIR_TYPE: &[u8; 26] = b"01000104000200000260050000";

// Direction sets per lower-case letter (index by letter - 'a').
const DIRS1: [u8; 26] = [
    0, 0x3C, 0, 0, 0, 0xC3, 0, 0, 0, 0, 0, 0xF0, 0, 0, 0, 0, 0, 0x0F, 0, 0, 0, 0, 0, 0, 0, 0,
];
const DIRS2: [u8; 26] = [
    0, 0x18, 0, 0, 0, 0x81, 0, 0xFF, 0, 0, 0, 0x60, 0, 0, 0, 0, 0, 0x06, 0x66, 0, 0, 0x99, 0, 0, 0,
    0,
];
const DIRS3: [u8; 26] = [
    0, 0x38, 0, 0, 0, 0x83, 0, 0xFF, 0, 0, 0, 0xE0, 0, 0, 0, 0, 0, 0x0E, 0xEE, 0, 0, 0xBB, 0, 0, 0,
    0,
];
const DIRS4: [u8; 26] = [
    0, 0x10, 0, 0, 0, 0x01, 0, 0xFF, 0, 0, 0, 0x40, 0, 0, 0, 0, 0, 0x04, 0x44, 0, 0, 0x11, 0, 0, 0,
    0,
];

/// XBoard's rotation matrices, one per direction (0 = forward, clockwise
/// in 45-degree steps).
const ROT: [[i8; 4]; 8] = [
    [1, 0, 0, 1],
    [0, 1, 1, 0],
    [0, 1, -1, 0],
    [1, 0, 0, -1],
    [-1, 0, 0, -1],
    [0, -1, -1, 0],
    [0, -1, 1, 0],
    [-1, 0, 0, 1],
];

// Mode bits, as in moves.c (for White: `his` = 2, `mine` = 1).
const MINE: u16 = 1;
const HIS: u16 = 2;
const EMPTY: u16 = 4;
const EP: u16 = 8;
const TAME: u16 = 16;
const HOP_P: u16 = 32;
const HOP_G: u16 = 64;
const WRAP: u16 = 128;
const PASS: u16 = 256;
const TOGGLE_Y: u16 = 512;

/// Most moves a string may read to before it is refused (as `compile`).
const MAX_MOVES: usize = 4096;

fn lower(c: u8) -> Option<usize> {
    c.is_ascii_lowercase().then(|| usize::from(c - b'a'))
}

fn at(buf: &[u8], i: usize) -> u8 {
    buf.get(i).copied().unwrap_or(0)
}

/// The moves XBoard 4.9.1 reads from `text`, for White, in the form
/// [`super::super::compile`] gives (duplicates removed, first place kept).
/// `Err` names a construct this port does not model.
pub fn read(text: &str) -> Result<Vec<MoveDef>, String> {
    if !text.is_ascii() {
        return Err("XBoard reads only ASCII".into());
    }
    let mut reader = Reader {
        out: Vec::new(),
        tried: 0,
    };
    reader.moves(text.as_bytes(), None, &mut Vec::new(), false)?;
    let mut seen = std::collections::HashSet::new();
    Ok(reader
        .out
        .into_iter()
        .filter(|m| seen.insert(m.clone()))
        .collect())
}

/// The direction set a first leg of an atom of symmetry `sym` (`F`/`B`
/// diagonal, `W`/`R` orthogonal, `N` oblique; XBoard's `symmetry` table)
/// reads from the letters at `desc`, which it moves past them.
pub(super) fn first_dirs(sym: u8, buf: &[u8], desc: &mut usize) -> u8 {
    let mut set = 0u8;
    match sym {
        b'B' | b'F' => {
            while let Some(c) = lower(at(buf, *desc)).filter(|&c| DIR_TYPE[c] != b'0') {
                let i = DIR_TYPE[c];
                let mut b = DIRS1[c]; // the wide version
                match lower(at(buf, *desc + 1)) {
                    // combinable (perpendicular dimensions): intersect
                    Some(n) if ((i | DIR_TYPE[n]) & 3) == 3 => {
                        b = DIRS1[c] & DIRS1[n];
                        *desc += 2;
                    }
                    _ => *desc += 1,
                }
                set |= b;
            }
            set &= 0xAA;
            if set == 0 { 0xAA } else { set }
        }
        b'R' | b'W' => {
            while let Some(c) = lower(at(buf, *desc)).filter(|&c| (DIR_TYPE[c] & !4) != b'0') {
                set |= DIRS2[c];
                *desc += 1;
            }
            set &= 0x55;
            if set == 0 { 0x55 } else { set }
        }
        _ => {
            if at(buf, *desc) == b'h' {
                // the chiral sets 'hr' and 'hl'
                *desc += 2;
                return if at(buf, *desc - 1) == b'r' {
                    0x55
                } else {
                    0xAA
                };
            }
            while let Some(c) = lower(at(buf, *desc)).filter(|&c| DIR_TYPE[c] != b'0') {
                let i = DIR_TYPE[c];
                let mut b = DIRS2[c]; // alone: the narrow version
                let next = at(buf, *desc + 1);
                if next == b'h' {
                    b = DIRS1[c];
                    *desc += 2;
                } else if let Some(n) = lower(next).filter(|&n| {
                    next == at(buf, *desc) || (i < b'4' && ((i | DIR_TYPE[n]) & 3) == 3)
                }) {
                    b = DIRS1[c] & DIRS2[n];
                    *desc += 2;
                } else {
                    *desc += 1;
                }
                set |= b;
            }
            if set == 0 { 0xFF } else { set }
        }
    }
}

/// The direction set in the K system (K and Q atoms, and every
/// continuation leg) read from the letters at `desc`; 0 when there are none.
pub(super) fn king_dirs(buf: &[u8], desc: &mut usize) -> u8 {
    let mut set = 0u8;
    while let Some(c) = lower(at(buf, *desc)).filter(|&c| DIR_TYPE[c] != b'0') {
        let i = DIR_TYPE[c];
        let mut b = DIRS4[c]; // alone: the narrow version
        let next = at(buf, *desc + 1);
        if next == at(buf, *desc) {
            *desc += 1; // doubling forces alone
        } else if let Some(n) = lower(next).filter(|&n| i < b'4' && ((i | DIR_TYPE[n]) & 3) == 3) {
            b = DIRS3[c] & DIRS3[n];
            *desc += 2;
        } else {
            *desc += 1;
        }
        set |= b;
    }
    set
}

/// XBoard's symmetry class of an atom letter (`F`, `B`, `W`, `R`, `N`,
/// `K`, `Q`), `None` for letters it does not know.
pub(super) fn symmetry(letter: u8) -> Option<u8> {
    let s = SYMMETRY.get(usize::from(letter.checked_sub(b'A')?))?;
    (*s != b'.').then_some(*s)
}

/// The step of a first leg of `letter` in direction `dir` (XBoard's
/// rotation of the atom's vector); K-system atoms step orthogonally on
/// even directions and diagonally on odd ones.
pub(super) fn first_step(letter: u8, dir: u8) -> Option<Step> {
    let sym = symmetry(letter)?;
    let li = usize::from(letter - b'A');
    let dy = i8::try_from(Y_STEP[li] - b'0').ok()?;
    let dx = match sym {
        b'K' | b'Q' if dir.is_multiple_of(2) => 0,
        b'K' | b'Q' => dy,
        _ => i8::try_from(X_STEP[li] - b'0').ok()?,
    };
    let r = ROT[usize::from(dir % 8)];
    Some(Step::new(dx * r[0] + dy * r[1], dx * r[2] + dy * r[3]))
}

struct Reader {
    out: Vec<MoveDef>,
    /// Legs tried, to refuse strings whose open legs multiply out.
    tried: usize,
}

/// Most legs one string may try (as `compile`'s bound).
const MAX_TRIED: usize = 1 << 18;

/// One parsed group, ready for its direction loop.
struct Group<'b, 'l> {
    buf: &'b [u8],
    /// Where the next leg's text starts, after `a`.
    next_leg: Option<usize>,
    mode: u16,
    jump: i32,
    expo: i32,
    dx: i8,
    dy: i8,
    /// The directions native to the atom (XBoard's `all`).
    all: u8,
    dir_set: u8,
    /// Diagonal directions of a K-system leg, done after the orthogonal ones.
    ds2: u8,
    retry: bool,
    initial: bool,
    legs: &'l mut Vec<Leg>,
}

/// Where a continuation leg starts from: the previous leg's direction.
#[derive(Clone, Copy)]
struct Cont {
    angle: u8,
}

impl Reader {
    /// `MovesFromString` for one string: every move group of a top-level
    /// string, or the first group only of a continuation (`cont`).
    fn moves(
        &mut self,
        buf: &[u8],
        cont: Option<Cont>,
        legs: &mut Vec<Leg>,
        initial_move: bool,
    ) -> Result<(), String> {
        let mut p = 0usize;
        let mut desc;
        while at(buf, p) != 0 {
            self.tried += 1;
            if self.out.len() > MAX_MOVES || self.tried > MAX_TRIED {
                return Err("too many moves".into());
            }
            let mut initial = 0;
            desc = p;
            while at(buf, p) == b'i' {
                initial += 1;
                p += 1;
                desc = p;
            }
            while at(buf, p).is_ascii_lowercase() {
                p += 1;
            }
            let letter = at(buf, p);
            if !letter.is_ascii_uppercase() {
                return Ok(()); // XBoard: syntax error, no atom; stops here
            }
            let li = usize::from(letter - b'A');
            let sym = SYMMETRY[li];
            if sym == b'.' {
                return Ok(()); // XBoard: invalid atom; stops here
            }
            let mut dx = i8::try_from(X_STEP[li] - b'0').unwrap_or(0);
            let dy = i8::try_from(Y_STEP[li] - b'0').unwrap_or(0);
            let mut expo: i32 = -1;
            let mut dir_set: u8;
            let mut ds2: u8 = 0;
            let mut retry = false;
            let all: u8;
            let mut king_system = cont.is_some();
            match sym {
                b'B' | b'F' => {
                    if sym == b'B' {
                        expo = 0;
                    }
                    all = 0xAA;
                }
                b'R' | b'W' => {
                    if sym == b'R' {
                        expo = 0;
                    }
                    all = 0x55;
                }
                b'N' => all = 0xFF,
                _ => {
                    if sym == b'Q' {
                        expo = 0;
                    }
                    all = 0xFF;
                    king_system = true;
                }
            }
            if king_system {
                dir_set = king_dirs(buf, &mut desc);
                if dir_set == 0 {
                    dir_set = match cont {
                        None => 0xFF,
                        Some(_) if all == 0xFF => 0xEF,
                        Some(_) => 0x45,
                    };
                }
                // Re-orient the direction system to the previous leg.
                let angle = cont.map_or(0, |c| c.angle);
                dir_set = dir_set.rotate_left(u32::from(angle));
                ds2 = dir_set & 0xAA;
                dir_set &= 0x55;
                if cont.is_none() && dir_set != 0 && ds2 != ds2.rotate_left(4) {
                    // XBoard turns only the orthogonal half of such a set
                    // round for Black: Black's diagonals would be White's.
                    return Err("a K-system first leg whose diagonals are not symmetric".into());
                }
                if dir_set != 0 {
                    retry = true;
                    dx = 0;
                } else {
                    dx = dy;
                    dir_set = ds2;
                }
            } else {
                dir_set = first_dirs(sym, buf, &mut desc);
            }
            // Mode letters, in the one order XBoard reads them.
            let mut mode: u16 = 0;
            let mut jump: i32 = 1;
            for (letter, bit) in [
                (b'm', EMPTY),
                (b'c', HIS),
                (b'd', MINE),
                (b'e', EP),
                (b't', TAME),
                (b'p', HOP_P),
                (b'g', HOP_G),
                (b'o', WRAP),
                (b'y', TOGGLE_Y),
            ] {
                if at(buf, desc) == letter {
                    mode |= bit;
                    desc += 1;
                }
            }
            if at(buf, desc) == b'n' {
                jump = 0;
                desc += 1;
            }
            while at(buf, desc) == b'j' {
                jump += 1;
                desc += 1;
            }
            let next_leg = (at(buf, desc) == b'a').then_some(desc + 1);
            // The range after the atom (atoi: all digits; one or two consumed).
            p += 1;
            if at(buf, p).is_ascii_digit() {
                let digits: String = buf[p..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .map(|&c| char::from(c))
                    .collect();
                expo = digits.parse::<i32>().unwrap_or(i32::MAX);
                p += 1;
            }
            if expo > 9 {
                p += 1;
            }
            if initial >= 2 {
                return Err("'ii' is not modelled".into());
            }
            if initial == 1 && cont.is_some() {
                return Err("'i' on a later leg is not modelled".into());
            }
            let initial_move = initial_move || initial == 1;
            if expo > 0 && dx == 0 && dy == 0 {
                if next_leg.is_some() {
                    return Err("castling in a multi-leg move is not modelled".into());
                }
                self.castling(mode, jump, dir_set, expo)?;
            } else {
                self.generate(Group {
                    buf,
                    next_leg,
                    mode,
                    jump,
                    expo: if expo < 0 { 1 } else { expo },
                    dx,
                    dy,
                    all,
                    dir_set,
                    ds2,
                    retry,
                    initial: initial_move,
                    legs,
                })?;
            }
            if cont.is_some() {
                break;
            }
        }
        Ok(())
    }

    /// The direction loop of `MovesFromString` for one parsed group.
    fn generate(&mut self, g: Group) -> Result<(), String> {
        let Group {
            buf,
            next_leg,
            mut mode,
            jump,
            expo,
            dx,
            dy,
            all,
            dir_set,
            ds2,
            retry,
            initial,
            legs,
        } = g;
        let range = u8::try_from(expo).map_err(|_| "range too large".to_string())?;
        // The next leg's text, with its atom upgraded by `g`/`y`.
        let mut next: Option<(Vec<u8>, usize)> = None;
        if let Some(c) = next_leg {
            if buf.len() - c >= 80 {
                return Err("a continuation longer than XBoard's 80-character buffer".into());
            }
            if mode & EP != 0 {
                return Err("'e' on a leg that continues is not modelled".into());
            }
            let mut nb: Vec<u8> = buf[c..].to_vec();
            let a = nb
                .iter()
                .position(|c| !c.is_ascii_lowercase())
                .filter(|&a| nb[a].is_ascii_uppercase())
                .ok_or_else(|| "a continuation without an atom".to_string())?;
            if mode & HOP_P != 0 {
                mode ^= PASS + HOP_P; // in non-final legs 'p' means "pass through"
            }
            if mode & (HOP_G + TOGGLE_Y) != 0 {
                mode |= PASS;
                if mode & TOGGLE_Y != 0 {
                    mode ^= 0x304; // 'y' is an m-like 'g'
                }
                nb[a] = UPGRADE[usize::from(nb[a] - b'A')];
                nb.truncate(a + 1);
                if expo == 1 {
                    nb.push(b'0');
                }
            }
            if mode & 0x30F == 0 {
                mode |= EMPTY;
            }
            next = Some((nb, a));
        } else {
            if mode & 15 == 0 {
                mode |= HIS + EMPTY;
            }
            if mode & HOP_P != 0 && mode & HOP_G != 0 {
                return Err("'p' with 'g' is not modelled".into());
            }
        }
        let (jump_rule, skip) = if dy == 1 {
            if jump == 0 {
                // `n` on a one-square atom: XBoard's skip count becomes -1
                // and the leg passes every square without stopping.
                return Ok(());
            }
            (Jump::Free, u8::try_from(jump - 1).unwrap_or(u8::MAX))
        } else if jump == 0 {
            (Jump::Lame, 0)
        } else if jump > 1 {
            (Jump::MustJump, 0)
        } else {
            (Jump::Free, 0)
        };
        let mut set = dir_set;
        let mut step_x = dx;
        let mut retry_left = retry;
        loop {
            for dir in 0..8u8 {
                let bit = 1u8 << dir;
                if set & bit == 0 {
                    continue;
                }
                let r = ROT[usize::from(dir)];
                let step = Step::new(step_x * r[0] + dy * r[1], step_x * r[2] + dy * r[3]);
                let mut leg = Leg::new(step, range);
                leg.jump = jump_rule;
                leg.skip = skip;
                leg.wrap = mode & WRAP != 0;
                leg.tame = mode & TAME != 0;
                let o = &mut leg.occupancy;
                o.empty = mode & EMPTY != 0;
                o.capture_foe = mode & HIS != 0;
                o.capture_friend = mode & MINE != 0;
                match &next {
                    None => {
                        leg.ep_capture = mode & EP != 0;
                        leg.hop = if mode & HOP_P != 0 {
                            Hop::Cannon
                        } else if mode & HOP_G != 0 {
                            Hop::Grasshopper
                        } else {
                            Hop::None
                        };
                        legs.push(leg);
                        let mut def = MoveDef {
                            legs: legs.clone(),
                            kind: MoveKind::Normal,
                            initial,
                            creates_ep: false,
                        };
                        def.creates_ep = creates_ep(&def);
                        self.out.push(def);
                        legs.pop();
                    }
                    Some((nb, a)) => {
                        o.pass_friend = mode & PASS != 0;
                        // 't': a foe is no hop platform.
                        o.pass_foe = mode & PASS != 0 && mode & TAME == 0;
                        if !o.any() {
                            continue;
                        }
                        let mut nb = nb.clone();
                        if all & bit == 0 {
                            // orthogonal-diagonal interconversion
                            nb[*a] = ROTATE[usize::from(nb[*a] - b'A')];
                        }
                        legs.push(leg);
                        self.moves(&nb, Some(Cont { angle: dir }), legs, initial)?;
                        legs.pop();
                    }
                }
            }
            step_x = dy;
            set = ds2;
            if !(retry_left && ds2 != 0) {
                break;
            }
            retry_left = false;
        }
        Ok(())
    }

    /// XBoard's `O<n>` castling atom, as `compile` represents it.
    fn castling(&mut self, mode: u16, jump: i32, dir_set: u8, expo: i32) -> Result<(), String> {
        if mode & !WRAP != 0 || jump == 0 {
            return Err("castling with modifiers is not modelled".into());
        }
        let steps = u8::try_from(expo).map_err(|_| "castling too long".to_string())?;
        for dir in (0..8u8).filter(|d| dir_set & (1 << d) != 0) {
            let r = ROT[usize::from(dir)];
            let mut leg = Leg::new(Step::new(r[1], r[3]), 0);
            leg.occupancy.empty = true;
            leg.skip = u8::try_from(jump - 1).unwrap_or(u8::MAX);
            leg.wrap = mode & WRAP != 0;
            self.out.push(MoveDef {
                legs: vec![leg],
                kind: MoveKind::Castling { steps },
                initial: true,
                creates_ep: false,
            });
        }
        Ok(())
    }
}
