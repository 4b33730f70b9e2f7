//! Writing compiled moves back as legacy XBetza.
//!
//! Every move is first spelled alone: a first leg of an atom whose own
//! step it is, later legs as directions relative to the leg before, with
//! `y` or `g` wherever the next leg must change between leaper and rider.
//! The few possible spellings (which atom, whether to write the range,
//! where to toggle) are tried until one reads back as that move in both
//! readers. Then groups that differ in one leg's directions are merged
//! while the merged group still reads back as exactly their moves, which
//! gives the short strings people write (`F` and `yafsF` for the griffon).

use super::super::render::describe_move;
use super::super::{Hop, Jump, Leg, MoveDef, MoveKind, Step};
use super::read::{first_dirs, first_step, king_dirs, symmetry};
use super::{Untranslatable, agrees};
use std::collections::HashMap;

/// Longest chain of legs spelled (XBoard's own pieces have at most three).
const MAX_LEGS: usize = 6;

/// Most moves a piece may have for a translation to be tried; real pieces
/// have under a hundred, and every move costs a few trial readings.
const MAX_MOVES: usize = 1024;

/// Most trial readings one translation may make: a real piece needs a few
/// hundred; a string built to have thousands of long moves is refused in
/// well under a second instead of being tried for minutes.
const BUDGET: usize = 20_000;

thread_local! {
    static SPENT: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Start a translation's count of trial readings.
pub(super) fn reset_budget() {
    SPENT.with(|s| s.set(0));
}

/// Trial readings made so far.
pub(super) fn spent() -> usize {
    SPENT.with(|s| s.get())
}

/// Count one trial reading; false once the budget is spent.
pub(super) fn spend() -> bool {
    SPENT.with(|s| {
        s.set(s.get() + 1);
        s.get() <= BUDGET
    })
}

/// One move group of the output: legs joined by `a`, sharing one atom.
#[derive(Clone, Debug)]
struct Template {
    initial: bool,
    /// Directions per leg: the first leg in its atom's numbering, later
    /// legs relative to the leg before (K system).
    sets: Vec<u8>,
    /// Modifier letters per leg, written after its directions.
    mods: Vec<String>,
    letter: u8,
    digits: String,
    /// The moves this group stands for.
    members: Vec<MoveDef>,
    /// Where its first move stands in the piece's list (output order).
    order: usize,
}

impl Template {
    fn text(&self) -> Option<String> {
        let mut s = String::new();
        if self.initial {
            s.push('i');
        }
        let n = self.sets.len();
        for k in 0..n {
            s.push_str(&spell_dirs(self.letter, k, self.sets[k])?);
            s.push_str(&self.mods[k]);
            if k + 1 < n {
                s.push('a');
            }
        }
        s.push(char::from(self.letter));
        s.push_str(&self.digits);
        Some(s)
    }

    /// What must be equal for two groups to merge at leg `j`.
    fn key(&self, j: usize) -> String {
        let sets: Vec<String> = self
            .sets
            .iter()
            .enumerate()
            .map(|(k, s)| if k == j { "*".into() } else { s.to_string() })
            .collect();
        // Orthogonal and diagonal first legs can become one K or Q leg.
        let letter = if j == 0 {
            family(self.letter)
        } else {
            self.letter
        };
        format!(
            "{}|{}|{}|{:?}|{}",
            self.initial,
            char::from(letter),
            self.digits,
            self.mods,
            sets.join(",")
        )
    }
}

/// The legacy spelling of `moves`, or why one of them has none.
pub(super) fn spell(moves: &[MoveDef]) -> Result<String, Untranslatable> {
    join(merge(templates(moves, false)?))
}

/// A legacy spelling of a superset of `moves`: each move that has no
/// spelling is widened until it has one (rides made unlimited, lame and
/// jumping leaps free, a later leg's length and e.p. rights dropped, legs
/// that may pass a piece or stop on an empty square where that lets `g` or
/// `y` change the atom) and made tame (`t`: it never captures a king).
pub(super) fn superset(moves: &[MoveDef]) -> Result<(String, Vec<MoveDef>), Untranslatable> {
    let groups = merge(templates(moves, true)?);
    let members = groups.iter().flat_map(|t| t.members.clone()).collect();
    Ok((join(groups)?, members))
}

fn templates(moves: &[MoveDef], widen: bool) -> Result<Vec<Template>, Untranslatable> {
    if moves.len() > MAX_MOVES {
        return Err(Untranslatable {
            reason: format!("{} moves are too many to translate", moves.len()),
        });
    }
    let mut groups = Vec::with_capacity(moves.len());
    for (order, def) in moves.iter().enumerate() {
        let spelled = single(def).or_else(|why| {
            if widen {
                widened(def).ok_or(why)
            } else {
                Err(why)
            }
        });
        match spelled {
            Ok(mut t) => {
                t.order = order;
                groups.push(t);
            }
            Err(_) if spent() > BUDGET => {
                return Err(Untranslatable {
                    reason: "too many moves with too many legs to try".into(),
                });
            }
            Err(why) => {
                return Err(Untranslatable {
                    reason: format!("no spelling for the move {}: {why}", describe_move(def)),
                });
            }
        }
    }
    Ok(groups)
}

fn join(mut groups: Vec<Template>) -> Result<String, Untranslatable> {
    groups.sort_by_key(|t| t.order);
    let mut out = String::new();
    for t in &groups {
        let text = t.text().ok_or_else(|| Untranslatable {
            reason: "a merged group lost its spelling".into(),
        })?;
        // Griffon reads an atom written twice (`WW`) as a rider: keep the
        // groups apart with the range XBoard assumes anyway.
        if let (Some(last), Some(first)) = (out.chars().last(), text.chars().next())
            && last.is_ascii_uppercase()
            && last == first
        {
            out.push(if matches!(last, 'B' | 'R' | 'Q') {
                '0'
            } else {
                '1'
            });
        }
        out.push_str(&text);
    }
    Ok(out)
}

/// Most legs of a move widened (each non-final leg is tried four ways).
const MAX_WIDENED_LEGS: usize = 4;

/// The first widening of `def` (see [`superset`]) that has a spelling.
fn widened(def: &MoveDef) -> Option<Template> {
    let n = def.legs.len();
    if n > MAX_WIDENED_LEGS || def.legs.iter().any(|l| l.unload || l.induction) {
        return None;
    }
    let mut base = def.clone();
    for leg in &mut base.legs {
        if leg.range > 1 {
            leg.range = 0;
        }
        leg.jump = Jump::Free;
        leg.same_length = false;
        leg.ep_rights = false;
    }
    if let Some(last) = base.legs.last_mut() {
        last.tame = true;
    }
    // Each non-final leg as it is, or also stopping on an empty square,
    // or also passing a piece, or both: fewest changes first.
    let mut choices: Vec<u32> = (0..4u32.pow(n as u32 - 1)).collect();
    choices.sort_by_key(|c| {
        (0..n - 1)
            .map(|k| (c / 4u32.pow(k as u32) % 4).count_ones())
            .sum::<u32>()
    });
    for c in choices {
        let mut wide = base.clone();
        for k in 0..n - 1 {
            let o = &mut wide.legs[k].occupancy;
            let choice = c / 4u32.pow(k as u32) % 4;
            if choice & 1 != 0 {
                o.empty = true;
            }
            if choice & 2 != 0 {
                o.pass_friend = true;
                o.pass_foe = true;
                wide.legs[k].tame = false;
            }
        }
        if let Ok(t) = single(&wide) {
            return Some(t);
        }
    }
    None
}

/// Merge groups that differ in the directions of one leg, as long as the
/// merged group reads back as exactly the moves of its parts.
fn merge(mut groups: Vec<Template>) -> Vec<Template> {
    loop {
        let mut changed = false;
        let longest = groups.iter().map(|t| t.sets.len()).max().unwrap_or(0);
        for j in 0..longest {
            let mut buckets: HashMap<String, Vec<usize>> = HashMap::new();
            let mut keys = Vec::new();
            for (i, t) in groups.iter().enumerate() {
                if j < t.sets.len() {
                    let key = t.key(j);
                    if !buckets.contains_key(&key) {
                        keys.push(key.clone());
                    }
                    buckets.entry(key).or_default().push(i);
                }
            }
            let mut used = vec![false; groups.len()];
            let mut merged = Vec::new();
            for key in keys {
                let members = &buckets[&key];
                if members.len() < 2 {
                    continue;
                }
                let mut pending: Vec<usize> = members.clone();
                while let Some(first) = pending.first().copied() {
                    let mut acc = groups[first].clone();
                    let mut rest = Vec::new();
                    let mut took = false;
                    for &i in &pending[1..] {
                        let mut trial = acc.clone();
                        if trial.letter != groups[i].letter {
                            trial.letter = family(trial.letter);
                        }
                        trial.sets[j] |= groups[i].sets[j];
                        trial.members.extend(groups[i].members.iter().cloned());
                        trial.order = trial.order.min(groups[i].order);
                        if trial.text().is_some_and(|s| agrees(&s, &trial.members)) {
                            acc = trial;
                            took = true;
                        } else {
                            rest.push(i);
                        }
                    }
                    if took {
                        used[first] = true;
                        for &i in &pending[1..] {
                            if !rest.contains(&i) {
                                used[i] = true;
                            }
                        }
                        merged.push(acc);
                        changed = true;
                    }
                    pending = rest;
                }
            }
            if !merged.is_empty() {
                let mut next: Vec<Template> = groups
                    .into_iter()
                    .zip(used)
                    .filter(|(_, u)| !u)
                    .map(|(t, _)| t)
                    .collect();
                next.extend(merged);
                groups = next;
            }
        }
        if !changed {
            return groups;
        }
    }
}

/// The eight-way atom a one-square or riding first leg belongs to: `W`
/// and `F` steps are `K` steps, `R` and `B` rides `Q` rides (their first
/// legs number directions alike, so their sets can be joined).
fn family(letter: u8) -> u8 {
    match letter {
        b'W' | b'F' => b'K',
        b'R' | b'B' => b'Q',
        other => other,
    }
}

/// K-system direction of a step along a line, 0 = forward, clockwise.
fn king_dir(dx: i8, dy: i8) -> Option<u8> {
    if dx != 0 && dy != 0 && dx.abs() != dy.abs() {
        return None;
    }
    Some(match (dx.signum(), dy.signum()) {
        (0, 1) => 0,
        (1, 1) => 1,
        (1, 0) => 2,
        (1, -1) => 3,
        (0, -1) => 4,
        (-1, -1) => 5,
        (-1, 0) => 6,
        (-1, 1) => 7,
        _ => return None,
    })
}

/// The default range of an atom letter: riders B, R, Q; leapers the rest.
fn default_range(letter: u8) -> u8 {
    if matches!(letter, b'B' | b'R' | b'Q') {
        0
    } else {
        1
    }
}

/// Atom letters tried for a first leg, plainest first. The oblique atoms
/// only start single-leg moves: XBoard 4.9.1 continues them with `D`/`A`
/// steps where Griffon continues with the atom's own.
const LETTERS: &[u8] = b"WFDAHGRBNCZKQ";

/// One move spelled alone: as it is, or with its leaps taken apart into
/// one-square legs (XBoard 4.9.1 cannot continue from a knight's leap with
/// a bishop's ride, but it can from a wazir step and a ferz step).
fn single(def: &MoveDef) -> Result<Template, String> {
    match direct(def, def) {
        Ok(t) => Ok(t),
        Err(why) => match unitize(def) {
            Some(parts) if parts.legs.len() <= MAX_LEGS => direct(&parts, def),
            _ => Err(why),
        },
    }
}

/// `def` with every leap of more than one square (in a move of more than
/// one leg) written as one-square legs: the leap's midpoint first, as
/// XBoard's lame and jumping leaps test it, the other steps ignoring what
/// stands on them; the last step keeps the leap's own rules. `None` when
/// there is nothing to take apart or a leap cannot be.
fn unitize(def: &MoveDef) -> Option<MoveDef> {
    // Fairy-Stockfish's lame path needs its squares spelt out even for
    // a one-leg move.
    let path = def.legs.iter().any(|l| l.jump == Jump::LameStraightFirst);
    if def.legs.len() < 2 && !path || def.kind != MoveKind::Normal {
        return None;
    }
    let mut legs = Vec::new();
    let mut changed = false;
    for leg in &def.legs {
        if leg.range != 1 || leg.step.is_unit() {
            legs.push(*leg);
            continue;
        }
        if leg.wrap || leg.skip > 0 {
            return None;
        }
        let (dx, dy) = (leg.step.dx, leg.step.dy);
        let diagonal = dx.abs().min(dy.abs());
        let straight = dx.abs().max(dy.abs()) - diagonal;
        let d_step = Step::new(dx.signum(), dy.signum());
        let o_step = if dx.abs() > dy.abs() {
            Step::new(dx.signum(), 0)
        } else {
            Step::new(0, dy.signum())
        };
        let mut steps: Vec<Step> = std::iter::repeat_n(o_step, straight as usize)
            .chain(std::iter::repeat_n(d_step, diagonal as usize))
            .collect();
        let mid = leg.step.midpoint();
        // Fairy-Stockfish's path already goes straight first.
        if leg.jump != Jump::Free && leg.jump != Jump::LameStraightFirst {
            let at = steps.iter().position(|s| *s == mid)?;
            let first = steps.remove(at);
            steps.insert(0, first);
        }
        let last = steps.len() - 1;
        for (i, step) in steps.into_iter().enumerate() {
            if i == last {
                let mut l = *leg;
                l.step = step;
                l.jump = Jump::Free;
                legs.push(l);
                continue;
            }
            let mut l = Leg::new(step, 1);
            let o = &mut l.occupancy;
            match (i, leg.jump) {
                (_, Jump::LameStraightFirst) | (0, Jump::Lame) => o.empty = true,
                (0, Jump::MustJump) => {
                    o.pass_friend = true;
                    o.pass_foe = true;
                }
                _ => {
                    o.empty = true;
                    o.pass_friend = true;
                    o.pass_foe = true;
                }
            }
            legs.push(l);
        }
        changed = true;
    }
    changed.then_some(MoveDef {
        legs,
        kind: def.kind,
        initial: def.initial,
        creates_ep: false,
    })
}

/// One move spelled alone, leg for leg; `original` is what it must read as.
fn direct(def: &MoveDef, original: &MoveDef) -> Result<Template, String> {
    let n = def.legs.len();
    if n == 0 {
        return Err("it has no legs".into());
    }
    if n > MAX_LEGS {
        return Err(format!("it has more than {MAX_LEGS} legs"));
    }
    if let MoveKind::Castling { steps } = def.kind {
        return castling(def, steps);
    }
    let first = def.legs[0];
    // Directions of the later legs, relative to the leg before.
    let mut abs = Vec::with_capacity(n);
    for leg in &def.legs[1..] {
        abs.push(
            king_dir(leg.step.dx, leg.step.dy)
                .ok_or("a leg after the first goes neither orthogonally nor diagonally")?,
        );
    }
    let mut last_reason = format!(
        "no atom of XBoard's starts with the step ({},{})",
        first.step.dx, first.step.dy
    );
    let mut spelled = false;
    for &letter in LETTERS {
        let oblique = symmetry(letter) == Some(b'N');
        if oblique && n > 1 {
            continue;
        }
        let Some(d0) = (0..8u8)
            .find(|&d| native_first(letter, d) && first_step(letter, d) == Some(first.step))
        else {
            continue;
        };
        let mut digit_options = Vec::new();
        if first.range == default_range(letter) {
            digit_options.push(String::new());
        }
        if first.range <= 99 {
            digit_options.push(first.range.to_string());
        }
        let mut sets = vec![1u8 << d0];
        let mut prev = d0;
        for &a in &abs {
            sets.push(1u8 << ((a + 8 - prev) % 8));
            prev = a;
        }
        for digits in &digit_options {
            for toggles in 0..(1u32 << (n - 1)) {
                let mut mods = Vec::with_capacity(n);
                let mut ok = true;
                for (k, leg) in def.legs.iter().enumerate() {
                    let up = toggles & (1 << k) != 0;
                    match leg_mods(leg, k + 1 == n, up) {
                        Some(m) => mods.push(m),
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
                if !ok {
                    if !spelled {
                        last_reason = "a leg does what XBoard 4.9.1's modifiers cannot say".into();
                    }
                    continue;
                }
                spelled = true;
                let t = Template {
                    initial: def.initial,
                    sets: sets.clone(),
                    mods,
                    letter,
                    digits: digits.clone(),
                    members: vec![original.clone()],
                    order: 0,
                };
                if t.text()
                    .is_some_and(|s| agrees(&s, std::slice::from_ref(original)))
                {
                    return Ok(t);
                }
                last_reason = "XBoard's legs share one atom, which g and y switch between \
                               leaper and rider only on a leg that may pass a piece or stop on \
                               an empty square: no choice gives every leg its length and range"
                    .into();
            }
        }
    }
    Err(last_reason)
}

/// True if a first leg of `letter` may go in direction `dir`.
fn native_first(letter: u8, dir: u8) -> bool {
    match symmetry(letter) {
        Some(b'F' | b'B') => dir % 2 == 1,
        Some(b'W' | b'R') => dir.is_multiple_of(2),
        Some(_) => true,
        None => false,
    }
}

fn castling(def: &MoveDef, steps: u8) -> Result<Template, String> {
    let leg = def.legs[0];
    let dir = king_dir(leg.step.dx, leg.step.dy)
        .filter(|d| d % 2 == 0)
        .ok_or("castling along a diagonal")?;
    let mut mods = String::new();
    if leg.wrap {
        mods.push('o');
    }
    mods.push_str(&"j".repeat(usize::from(leg.skip)));
    let t = Template {
        initial: false,
        sets: vec![1 << dir],
        mods: vec![mods],
        letter: b'O',
        digits: steps.to_string(),
        members: vec![def.clone()],
        order: 0,
    };
    match t.text() {
        Some(s) if agrees(&s, std::slice::from_ref(def)) => Ok(t),
        _ => Err("the castling move does not read back".into()),
    }
}

/// The modifier letters of one leg, in XBoard 4.9.1's order
/// `m c d e t p g o y n j`; `up` asks for the `g`/`y` that toggles the
/// next leg between leaper and rider. `None` when the leg cannot be said.
fn leg_mods(leg: &Leg, last: bool, up: bool) -> Option<String> {
    if leg.same_length || leg.unload || leg.induction || leg.ep_rights {
        return None;
    }
    let o = leg.occupancy;
    let jumps = if leg.step.is_unit() {
        if leg.jump != Jump::Free {
            return None;
        }
        "j".repeat(usize::from(leg.skip))
    } else {
        if leg.skip > 0 {
            return None;
        }
        match leg.jump {
            Jump::Free => String::new(),
            Jump::Lame => "n".into(),
            // XBoard's `n` tests the midpoint only.
            Jump::LameStraightFirst if leg.step.lame_path(leg.jump).len() > 1 => return None,
            Jump::LameStraightFirst => "n".into(),
            Jump::MustJump => "j".into(),
        }
    };
    let mut s = String::new();
    let mut add = |c: char, on: bool| {
        if on {
            s.push(c);
        }
    };
    if last {
        if up || o.pass_foe || o.pass_friend {
            return None;
        }
        if !(o.empty || o.capture_foe || o.capture_friend || leg.ep_capture) {
            return None;
        }
        // No m/c/d/e at all means "m and c".
        let plain = o.empty && o.capture_foe && !o.capture_friend && !leg.ep_capture;
        add('m', o.empty && !plain);
        add('c', o.capture_foe && !plain);
        add('d', o.capture_friend);
        add('e', leg.ep_capture);
        add('t', leg.tame);
        add('p', leg.hop == Hop::Cannon);
        add('g', leg.hop == Hop::Grasshopper);
        add('o', leg.wrap);
    } else {
        if leg.ep_capture || leg.hop != Hop::None {
            return None;
        }
        let pass = o.pass_friend;
        if o.pass_foe && !pass {
            return None;
        }
        // XBoard passes foes unless the leg is tame.
        if pass && o.pass_foe == leg.tame {
            return None;
        }
        if !(pass || o.empty || o.capture_foe || o.capture_friend) {
            return None;
        }
        if up && !pass {
            // `y`: on an empty square (it implies `m`), toggling the range.
            if !o.empty {
                return None;
            }
            add('c', o.capture_foe);
            add('d', o.capture_friend);
            add('t', leg.tame);
            add('o', leg.wrap);
            add('y', true);
        } else {
            add('m', o.empty);
            add('c', o.capture_foe);
            add('d', o.capture_friend);
            add('t', leg.tame);
            add('p', pass && !up);
            add('g', pass && up);
            add('o', leg.wrap);
        }
    }
    s.push_str(&jumps);
    Some(s)
}

/// The direction letters of leg `k` for direction set `set`, verified
/// against XBoard's own reading of them; `None` if no spelling is found.
fn spell_dirs(letter: u8, k: usize, set: u8) -> Option<String> {
    let sym = symmetry(letter)?;
    if k == 0 && !matches!(sym, b'K' | b'Q') {
        let candidates: Vec<String> = match sym {
            b'F' | b'B' => diagonal_spellings(set),
            b'W' | b'R' => vec![if set == 0x55 {
                String::new()
            } else {
                [(0, 'f'), (2, 'r'), (4, 'b'), (6, 'l')]
                    .iter()
                    .filter(|(d, _)| set & (1 << d) != 0)
                    .map(|&(_, c)| c)
                    .collect()
            }],
            _ => oblique_spellings(set),
        };
        return candidates.into_iter().find(|c| {
            let mut desc = 0;
            first_dirs(sym, c.as_bytes(), &mut desc) == set && desc == c.len()
        });
    }
    // The K system: what no letters mean depends on the leg and the atom.
    let default = if k == 0 {
        0xFF
    } else if matches!(sym, b'N' | b'K' | b'Q') {
        0xEF
    } else {
        0x45
    };
    if set == default {
        return Some(String::new());
    }
    king_spellings(set).into_iter().find(|c| {
        let mut desc = 0;
        king_dirs(c.as_bytes(), &mut desc) == set && desc == c.len()
    })
}

fn diagonal_spellings(set: u8) -> Vec<String> {
    if set == 0xAA {
        return vec![String::new()];
    }
    let pairs = [(1, "fr"), (3, "br"), (5, "bl"), (7, "fl")];
    let mut halves = String::new();
    let mut rest = set;
    for (mask, word) in [(0x82u8, "f"), (0x28, "b")] {
        if rest & mask == mask {
            halves.push_str(word);
            rest &= !mask;
        }
    }
    let tail: String = pairs
        .iter()
        .filter(|(d, _)| rest & (1 << d) != 0)
        .map(|(_, w)| *w)
        .collect();
    let all_pairs: String = pairs
        .iter()
        .filter(|(d, _)| set & (1 << d) != 0)
        .map(|(_, w)| *w)
        .collect();
    vec![format!("{tail}{halves}"), all_pairs]
}

fn oblique_spellings(set: u8) -> Vec<String> {
    if set == 0xFF {
        return vec![String::new()];
    }
    // One image each: wide letter and perpendicular narrow letter.
    let words = ["rf", "fr", "br", "rb", "lb", "bl", "fl", "lf"];
    let mut narrow = String::new();
    let mut rest = set;
    for (mask, word) in [(0x81u8, "f"), (0x18, "b"), (0x06, "r"), (0x60, "l")] {
        if rest & mask == mask {
            narrow.push_str(word);
            rest &= !mask;
        }
    }
    let tail: String = (0..8)
        .filter(|d| rest & (1 << d) != 0)
        .map(|d| words[d])
        .collect();
    let all: String = (0..8)
        .filter(|d| set & (1 << d) != 0)
        .map(|d| words[d])
        .collect();
    vec![format!("{tail}{narrow}"), all]
}

/// Spellings of a K-system set: single orthogonal letters combine with a
/// perpendicular neighbour into a diagonal, so the lateral letters, the
/// diagonals and the vertical letters are tried in every order, the
/// diagonals written in pairs (`fs` = both forward diagonals) or one by
/// one, lateral or vertical letter first. Shortest first.
fn king_spellings(set: u8) -> Vec<String> {
    if set == 0xFF {
        return vec!["h".into()];
    }
    let bit = |d: u8| set & (1 << d) != 0;
    let lateral = match (bit(6), bit(2)) {
        (true, true) => "s",
        (true, false) => "l",
        (false, true) => "r",
        _ => "",
    };
    let vertical = match (bit(0), bit(4)) {
        (true, true) => "v",
        (true, false) => "f",
        (false, true) => "b",
        _ => "",
    };
    let singles = |words: [&str; 4], skip: u8| -> String {
        [1u8, 3, 5, 7]
            .iter()
            .zip(words)
            .filter(|(d, _)| bit(**d) && skip & (1 << **d) == 0)
            .map(|(_, w)| w)
            .collect()
    };
    let mut paired = String::new();
    let mut done = 0u8;
    for (mask, word) in [(0x82u8, "fs"), (0x28, "bs"), (0x0A, "rv"), (0xA0, "lv")] {
        if set & mask == mask && done & mask == 0 {
            paired.push_str(word);
            done |= mask;
        }
    }
    paired.push_str(&singles(["fr", "br", "bl", "fl"], done));
    let diagonals = [
        paired,
        singles(["rf", "rb", "lb", "lf"], 0),
        singles(["fr", "br", "bl", "fl"], 0),
    ];
    let mut out = Vec::new();
    for d in &diagonals {
        for order in [
            [lateral, d, vertical],
            [vertical, d, lateral],
            [d, lateral, vertical],
            [d, vertical, lateral],
            [lateral, vertical, d],
            [vertical, lateral, d],
        ] {
            out.push(order.concat());
        }
    }
    out.sort_by_key(String::len);
    out
}
