//! `griffon bench`: fixed work with known results, for speed measurements.
//!
//! The perft benchmark runs start positions to fixed depths on one thread.
//! Each count is checked against its published reference (the counts of
//! the suites in `tests/data/perft/`), so a fast but wrong build cannot
//! report a figure.

use crate::judge::Past;
use crate::movegen::perft;
use crate::position::{Position, Rules};
use crate::variant::VariantSet;
use std::time::Instant;

/// One benchmark position: variant, depth and the reference leaf count.
pub struct PerftCase {
    pub variant: &'static str,
    pub depth: u32,
    pub expected: u64,
}

/// Start positions of the variants whose speed is tracked, with reference
/// counts from Fairy-Stockfish (chess also the well-known 119060324).
pub const PERFT_CASES: &[PerftCase] = &[
    PerftCase {
        variant: "normal",
        depth: 6,
        expected: 119_060_324,
    },
    PerftCase {
        variant: "capablanca",
        depth: 5,
        expected: 28_741_319,
    },
    PerftCase {
        variant: "grand",
        depth: 4,
        expected: 15_921_643,
    },
    PerftCase {
        variant: "shatranj",
        depth: 6,
        expected: 19_864_709,
    },
    // Cannons and palaces (tests/data/perft/perft-xiangqi.epd).
    PerftCase {
        variant: "xiangqi",
        depth: 5,
        expected: 133_312_995,
    },
    // Issue 6: drops (published shogi counts; crazyhouse from the suite).
    PerftCase {
        variant: "shogi",
        depth: 5,
        expected: 19_861_490,
    },
    PerftCase {
        variant: "crazyhouse",
        depth: 5,
        expected: 4_888_832,
    },
];

/// The measurement of one case.
#[derive(Clone, Debug)]
pub struct PerftResult {
    pub variant: &'static str,
    pub depth: u32,
    pub nodes: u64,
    /// Seconds of each run, in the order run.
    pub seconds: Vec<f64>,
}

impl PerftResult {
    /// Median seconds over the runs.
    pub fn median_seconds(&self) -> f64 {
        let mut s = self.seconds.clone();
        s.sort_by(f64::total_cmp);
        s[s.len() / 2]
    }

    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.median_seconds().max(1e-9)
    }
}

/// Run every case `runs` times (at least once); `progress` hears about each
/// finished run. Fails on a wrong count.
pub fn perft_bench(
    set: &VariantSet,
    runs: usize,
    only: Option<&str>,
    mut progress: impl FnMut(&PerftResult),
) -> Result<Vec<PerftResult>, String> {
    let mut results = Vec::new();
    for case in PERFT_CASES
        .iter()
        .filter(|c| only.is_none_or(|v| v == c.variant))
    {
        let variant = set
            .get(case.variant)
            .ok_or_else(|| format!("variant {} missing", case.variant))?;
        let rules = Rules::new(variant.clone()).map_err(|e| e.to_string())?;
        let start = Position::start(rules).map_err(|e| e.to_string())?;
        let mut result = PerftResult {
            variant: case.variant,
            depth: case.depth,
            nodes: 0,
            seconds: Vec::new(),
        };
        for _ in 0..runs.max(1) {
            let mut pos = start.clone();
            let t = Instant::now();
            let nodes = perft(&mut pos, case.depth)
                .map_err(|e| format!("{} perft {}: {e}", case.variant, case.depth))?;
            result.seconds.push(t.elapsed().as_secs_f64());
            if nodes != case.expected {
                return Err(format!(
                    "{} perft {}: {nodes} nodes, reference {}",
                    case.variant, case.depth, case.expected
                ));
            }
            result.nodes = nodes;
            progress(&result);
        }
        results.push(result);
    }
    Ok(results)
}

/// One position of the search benchmark.
pub struct SearchCase {
    pub variant: &'static str,
    /// `None`: the variant's start position.
    pub fen: Option<&'static str>,
    pub depth: u32,
}

/// Positions searched by `griffon bench` (no argument): opening, middle
/// game and ending positions of several families, each to a fixed depth,
/// one thread, a fresh 16 MB table. The node total changes exactly when
/// the search or evaluation does, so commits that change them record it.
pub const SEARCH_CASES: &[SearchCase] = &[
    SearchCase {
        variant: "normal",
        fen: None,
        depth: 12,
    },
    SearchCase {
        variant: "normal",
        fen: Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        depth: 9,
    },
    SearchCase {
        variant: "normal",
        fen: Some("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 1 8"),
        depth: 10,
    },
    SearchCase {
        variant: "normal",
        fen: Some("8/5pk1/6p1/p2R4/5P2/6PK/r7/8 w - - 0 40"),
        depth: 14,
    },
    SearchCase {
        variant: "capablanca",
        fen: None,
        depth: 10,
    },
    SearchCase {
        variant: "shatranj",
        fen: None,
        depth: 11,
    },
    SearchCase {
        variant: "makruk",
        fen: None,
        depth: 11,
    },
    SearchCase {
        variant: "xiangqi",
        fen: None,
        depth: 9,
    },
    SearchCase {
        variant: "shogi",
        fen: None,
        depth: 9,
    },
    SearchCase {
        variant: "crazyhouse",
        fen: Some("r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1"),
        depth: 8,
    },
];

/// The measurement of one search case.
#[derive(Clone, Debug)]
pub struct SearchBenchResult {
    pub variant: &'static str,
    pub depth: u32,
    pub nodes: u64,
    pub seconds: f64,
    pub best: String,
}

/// Search every case; `progress` hears about each.
pub fn search_bench(
    set: &VariantSet,
    mut progress: impl FnMut(&SearchBenchResult),
) -> Result<Vec<SearchBenchResult>, String> {
    use crate::search::{Limits, Searcher, Silent};
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let mut results = Vec::new();
    for case in SEARCH_CASES {
        let variant = set
            .get(case.variant)
            .ok_or_else(|| format!("variant {} missing", case.variant))?;
        let rules = Rules::new(variant.clone()).map_err(|e| e.to_string())?;
        let pos = match case.fen {
            Some(fen) => Position::from_fen(rules, fen),
            None => Position::start(rules),
        }
        .map_err(|e| e.to_string())?;
        let mut searcher = Searcher::new(&pos, 16, Arc::new(AtomicBool::new(false)));
        let limits = Limits {
            depth: Some(case.depth),
            ..Limits::default()
        };
        let t = Instant::now();
        let result = searcher.search(&pos, Past::NONE, limits, &mut Silent);
        let r = SearchBenchResult {
            variant: case.variant,
            depth: case.depth,
            nodes: result.nodes,
            seconds: t.elapsed().as_secs_f64(),
            best: result
                .best
                .map_or("(none)".into(), |m| crate::notation::move_text(&pos, m)),
        };
        progress(&r);
        results.push(r);
    }
    Ok(results)
}

/// What `griffon bench book` measured (median over the runs).
#[derive(Clone, Debug)]
pub struct BookBench {
    /// Entries in the probed book.
    pub entries: usize,
    /// Nanoseconds per bare lookup of a key (half of them in the book).
    pub lookup_ns: f64,
    /// Microseconds per full probe of a game position: its key, the
    /// lookup, and each entry's move read against the legal moves.
    pub probe_us: f64,
    /// Positions probed fully, and how many had book moves.
    pub positions: usize,
    pub hits: usize,
    /// Games made into a book, entries kept, seconds taken.
    pub games: usize,
    pub made_entries: usize,
    pub make_seconds: f64,
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The book speed targets of issue 9: probing a book of `entries` random
/// entries that also holds every position of the chess games in `pgn`
/// (each with its real move), and making a book from `games` games (the
/// games of `pgn` over and over, SAN as written).
pub fn book_bench(
    pgn: &str,
    entries: usize,
    games: usize,
    runs: usize,
) -> Result<BookBench, String> {
    use crate::book::{
        Book, BookEntry, BookHasher, BookMaker, MakeOptions, MoveCoding, XBoardState, book_moves,
    };
    use crate::game::Game;
    let set = VariantSet::builtin().map_err(|e| e.to_string())?;
    let v = set.get("normal").ok_or("no variant normal")?;
    let rules = Rules::new(v.clone()).map_err(|e| e.to_string())?;
    let hasher = BookHasher::new(v).map_err(|e| e.to_string())?;
    let parsed = crate::notation::pgn::read_games(pgn);
    if parsed.is_empty() {
        return Err("no games in the PGN".into());
    }
    // The games' positions, with the move played in each.
    let mut positions = Vec::new();
    for g in &parsed {
        let mut game = Game::new(Position::start(rules.clone()).map_err(|e| e.to_string())?);
        for text in &g.moves {
            let m = game.parse_any(text).map_err(|e| format!("{text}: {e}"))?;
            positions.push((game.position().clone(), m));
            game.play(m);
        }
    }
    let mut rng = crate::rng::Rng(0x600C_B00C);
    let mut list: Vec<BookEntry> = (0..entries.saturating_sub(positions.len()))
        .map(|_| BookEntry {
            key: rng.next_u64(),
            mv: rng.next_u64() as u16,
            weight: 1 + (rng.next_u64() % 100) as u16,
            learn: 0,
        })
        .collect();
    for (pos, m) in &positions {
        let coding = MoveCoding::new(pos, &hasher);
        // Chess: XBoard's castling rights are the position's own.
        let key = hasher.key(pos, &XBoardState::default());
        if let (Some(key), Some(mv)) = (key, coding.encode(pos, *m)) {
            list.push(BookEntry {
                key,
                mv,
                weight: 10,
                learn: 0,
            });
        }
    }
    let book = Book::from_entries(list);
    let keys: Vec<u64> = (0..1_000_000)
        .map(|i| {
            if i % 2 == 0 {
                book.entries()[rng.below(book.len())].key
            } else {
                rng.next_u64()
            }
        })
        .collect();
    let mut lookup = Vec::new();
    let mut probe = Vec::new();
    let mut make = Vec::new();
    let mut hits = 0;
    let mut made_entries = 0;
    let text: String = std::iter::repeat_n(pgn, games.div_ceil(parsed.len()))
        .collect::<Vec<_>>()
        .join("\n");
    for _ in 0..runs.max(1) {
        let t = Instant::now();
        let mut found = 0usize;
        for &k in &keys {
            found += book.probe(k).len();
        }
        std::hint::black_box(found);
        lookup.push(t.elapsed().as_secs_f64() * 1e9 / keys.len() as f64);
        let t = Instant::now();
        hits = 0;
        for (pos, _) in positions.iter_mut() {
            let moves = book_moves(&book, &hasher, pos, &XBoardState::default());
            hits += usize::from(!moves.moves.is_empty());
        }
        probe.push(t.elapsed().as_secs_f64() * 1e6 / positions.len() as f64);
        let t = Instant::now();
        let mut maker =
            BookMaker::new(rules.clone(), MakeOptions::default()).map_err(|e| e.to_string())?;
        for g in crate::notation::pgn::read_games(&text).iter().take(games) {
            maker.add(g);
        }
        let (made, _) = maker.finish();
        made_entries = made.len();
        make.push(t.elapsed().as_secs_f64());
    }
    Ok(BookBench {
        entries: book.len(),
        lookup_ns: median(lookup),
        probe_us: median(probe),
        positions: positions.len(),
        hits,
        games,
        made_entries,
        make_seconds: median(make),
    })
}
