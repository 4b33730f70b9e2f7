//! Perft: counting the leaf nodes of the legal-move tree, the standard test
//! of a move generator. The last ply is counted in bulk (the length of the
//! legal move list), as Fairy-Stockfish and most references do.

use super::{generate_legal, legal_moves};
use crate::position::Position;
use crate::types::{Move, MoveList};
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Perft's answer when a position in the tree had more moves than a move
/// list holds ([`MoveList::overflowed`]): its count would be short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShortCount;

impl fmt::Display for ShortCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "a position in this tree has more pseudo-legal moves than \
             Griffon's move lists hold (types::MAX_MOVES); its count would be short",
        )
    }
}

impl std::error::Error for ShortCount {}

/// Leaf nodes at `depth`.
pub fn perft(pos: &mut Position, depth: u32) -> Result<u64, ShortCount> {
    if depth == 0 {
        return Ok(1);
    }
    let mut moves = MoveList::new();
    generate_legal(pos, &mut moves);
    if moves.overflowed() {
        return Err(ShortCount);
    }
    if depth == 1 {
        return Ok(moves.len() as u64);
    }
    let mut total = 0;
    for &m in &moves {
        let undo = pos.make(m);
        let n = perft(pos, depth - 1);
        pos.unmake(m, &undo);
        total += n?;
    }
    Ok(total)
}

/// Leaf counts per root move, the root moves shared out over `threads`
/// worker threads (each with its own copy of the position).
pub fn perft_divide(
    pos: &Position,
    depth: u32,
    threads: usize,
) -> Result<Vec<(Move, u64)>, ShortCount> {
    let mut root = pos.clone();
    let moves = legal_moves(&mut root);
    if moves.overflowed() {
        return Err(ShortCount);
    }
    if depth == 0 {
        return Ok(Vec::new());
    }
    let next = AtomicUsize::new(0);
    let mut results: Vec<(Move, u64)> = moves.iter().map(|&m| (m, 0)).collect();
    let threads = threads.clamp(1, moves.len().max(1));
    let chunks: Vec<Vec<(usize, Result<u64, ShortCount>)>> = crossbeam::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let next = &next;
                let moves = &moves;
                let mut p = pos.clone();
                scope.spawn(move |_| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&m) = moves.get(i) else { break };
                        let undo = p.make(m);
                        let n = perft(&mut p, depth - 1);
                        p.unmake(m, &undo);
                        done.push((i, n));
                    }
                    done
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("perft worker panicked"))
            .collect()
    })
    .expect("perft threads");
    for (i, n) in chunks.into_iter().flatten() {
        results[i].1 = n?;
    }
    Ok(results)
}

/// One line of a perft suite: `FEN;variant NAME;D1 n;D2 n;...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftSuiteLine {
    pub fen: String,
    pub variant: String,
    pub depths: Vec<(u32, u64)>,
}

impl PerftSuiteLine {
    /// `None` for blank and comment lines.
    pub fn parse(line: &str) -> Option<Result<PerftSuiteLine, String>> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return None;
        }
        let mut fields = line.split(';').map(str::trim);
        let fen = fields.next().unwrap_or_default().to_string();
        let mut variant = String::from("normal");
        let mut depths = Vec::new();
        for f in fields {
            if let Some(v) = f.strip_prefix("variant ") {
                variant = v.trim().to_string();
            } else if let Some(rest) = f.strip_prefix('D') {
                let parsed = rest
                    .split_once(' ')
                    .and_then(|(d, n)| Some((d.parse().ok()?, n.trim().parse().ok()?)));
                match parsed {
                    Some(dn) => depths.push(dn),
                    None => return Some(Err(format!("bad depth field '{f}'"))),
                }
            } else if !f.is_empty() {
                return Some(Err(format!("unknown field '{f}'")));
            }
        }
        Some(Ok(PerftSuiteLine {
            fen,
            variant,
            depths,
        }))
    }
}

/// The outcome of a suite run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SuiteResult {
    pub passed: usize,
    pub failed: usize,
    /// One line per failure.
    pub failures: Vec<String>,
}

/// Checks every line of a suite's text (`FEN;variant NAME;D1 n;...`, `#`
/// comments): each depth up to `max_depth` whose reference count is at
/// most `max_nodes`. Failures read `line N: ...`; `progress` hears of each
/// position before it is counted (its line number and the line).
pub fn run_suite(
    text: &str,
    set: &crate::variant::VariantSet,
    max_depth: u32,
    max_nodes: u64,
    threads: usize,
    mut progress: impl FnMut(usize, &PerftSuiteLine),
) -> SuiteResult {
    let mut cache = std::collections::HashMap::new();
    let mut result = SuiteResult::default();
    for (n, line) in text.lines().enumerate() {
        let Some(parsed) = PerftSuiteLine::parse(line) else {
            continue;
        };
        let checked = parsed.and_then(|l| {
            progress(n + 1, &l);
            check_suite_line(&l, set, &mut cache, max_depth, max_nodes, threads)
        });
        match checked {
            Ok((count, failures)) => {
                result.failed += failures.len();
                result.passed += count - failures.len();
                result
                    .failures
                    .extend(failures.into_iter().map(|f| format!("line {}: {f}", n + 1)));
            }
            Err(e) => {
                result.failed += 1;
                result.failures.push(format!("line {}: {e}", n + 1));
            }
        }
    }
    result
}

/// Checks one suite line against the move generator: every depth up to
/// `max_depth` whose reference count is at most `max_nodes`. Returns the
/// number of counts checked and a message per mismatch.
pub fn check_suite_line(
    line: &PerftSuiteLine,
    set: &crate::variant::VariantSet,
    cache: &mut std::collections::HashMap<String, std::sync::Arc<crate::position::Rules>>,
    max_depth: u32,
    max_nodes: u64,
    threads: usize,
) -> Result<(usize, Vec<String>), String> {
    let variant = set
        .get(&line.variant)
        .ok_or_else(|| format!("unknown variant '{}'", line.variant))?;
    let rules = match cache.get(&variant.name) {
        Some(r) => r.clone(),
        None => {
            let r = crate::position::Rules::new(variant.clone()).map_err(|e| e.to_string())?;
            cache.insert(variant.name.clone(), r.clone());
            r
        }
    };
    let pos = Position::from_fen(rules, &line.fen).map_err(|e| format!("{}: {e}", line.fen))?;
    let mut checked = 0;
    let mut failures = Vec::new();
    for &(depth, expected) in &line.depths {
        if depth > max_depth || expected > max_nodes {
            continue;
        }
        let got: u64 = perft_divide(&pos, depth, threads)
            .map_err(|e| format!("{}: {e}", line.fen))?
            .iter()
            .map(|(_, n)| n)
            .sum();
        let got = if depth == 0 { 1 } else { got };
        checked += 1;
        if got != expected {
            failures.push(format!(
                "{};variant {}: depth {depth}: expected {expected}, got {got}",
                line.fen, line.variant
            ));
        }
    }
    Ok((checked, failures))
}
