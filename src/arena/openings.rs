//! Where games start: positions from an EPD/FEN file, games from a PGN
//! file (their `[FEN]` and moves in coordinate notation), or a number of
//! random plies from the start, kept only when Griffon's short search
//! finds the position roughly balanced.

use super::play::Opening;
use crate::game::Game;
use crate::notation::{move_text, pgn};
use crate::position::{Position, Rules};
pub use crate::rng::Rng;
use crate::search::{Limits, Searcher, Silent};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Reads an openings file: `.pgn` as PGN, anything else as one FEN (or
/// EPD: the first four fields and operations after them) per line.
pub fn read_file(path: &str) -> Result<Vec<Opening>, String> {
    let text = crate::files::read_to_string(std::path::Path::new(path))
        .map_err(|e| format!("cannot read {path}: {e}"))?;
    let openings = if path.to_ascii_lowercase().ends_with(".pgn") {
        parse_pgn(&text)
    } else {
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| Opening {
                fen: Some(epd_fen(l)),
                moves: Vec::new(),
            })
            .collect()
    };
    if openings.is_empty() {
        return Err(format!("{path} has no openings"));
    }
    Ok(openings)
}

/// The FEN part of an EPD or FEN line: up to the first `;`, and at most
/// the six FEN fields (EPD operations such as `bm e4` dropped).
fn epd_fen(line: &str) -> String {
    let line = line.split(';').next().unwrap_or_default();
    let fields: Vec<&str> = line.split_whitespace().collect();
    // Fields 5 and 6 are FEN's counters only when they are numbers.
    let mut n = fields.len().min(4);
    while n < fields.len().min(6) && fields[n].chars().all(|c| c.is_ascii_digit()) {
        n += 1;
    }
    fields[..n].join(" ")
}

/// Games of a PGN file: the `[FEN]` tag and the moves of the main line.
pub fn parse_pgn(text: &str) -> Vec<Opening> {
    pgn::read_games(text)
        .into_iter()
        .map(|g| Opening {
            fen: g.tag("FEN").map(str::to_string),
            moves: g.moves,
        })
        .collect()
}

/// Most nodes of the search that judges a random opening.
const OPENING_CHECK_NODES: u64 = 50_000;

/// `count` openings of `plies` random legal moves from the start, each
/// within `margin` centipawns of equal by a depth-3 search of at most
/// `OPENING_CHECK_NODES` (tried up to 200 times per opening; the last try
/// is kept if none qualifies).
pub fn random(
    rules: &Arc<Rules>,
    count: usize,
    plies: usize,
    rng: &mut Rng,
    margin: i32,
) -> Result<Vec<Opening>, String> {
    let start = Position::start(rules.clone()).map_err(|e| e.to_string())?;
    let mut searcher = Searcher::new(&start, 4, Arc::new(AtomicBool::new(false)));
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut best = None;
        for _ in 0..200 {
            let mut game = Game::new(start.clone());
            let mut moves = Vec::new();
            for _ in 0..plies {
                if game.outcome().is_some() {
                    break;
                }
                let legal = game.legal_moves();
                let m = legal[rng.below(legal.len())];
                moves.push(move_text(game.position(), m));
                game.play(m);
            }
            if moves.len() < plies || game.outcome().is_some() {
                continue;
            }
            // The node bound matters only where quiescence has no end
            // in sight (clobber, where every move captures): there the
            // depth alone would let one opening's check run for hours.
            let limits = Limits {
                depth: Some(3),
                nodes: Some(OPENING_CHECK_NODES),
                ..Limits::default()
            };
            let result = searcher.search(game.position(), game.past(), limits, &mut Silent);
            let opening = Opening { fen: None, moves };
            if result.score.abs() <= margin {
                best = Some(opening);
                break;
            }
            best = Some(opening);
        }
        out.push(best.ok_or("no random opening could be played")?);
    }
    Ok(out)
}

/// `count` openings drawn from a book: from the start, book moves picked
/// at random in proportion to their weight until the book has no move or
/// `plies` are played. Fails when the book has no move at the start.
pub fn from_book(
    rules: &Arc<Rules>,
    book: &crate::book::Book,
    count: usize,
    plies: usize,
    rng: &mut Rng,
) -> Result<Vec<Opening>, String> {
    let hasher = crate::book::BookHasher::new(&rules.variant).map_err(|e| e.to_string())?;
    let start = Position::start(rules.clone()).map_err(|e| e.to_string())?;
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        let mut game = Game::new(start.clone());
        let mut xboard = crate::book::XBoardState::at_start(&start);
        let mut moves = Vec::new();
        while moves.len() < plies {
            let mut pos = game.position().clone();
            let found = crate::book::book_moves(book, &hasher, &mut pos, &xboard);
            let random = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            let Some(m) = crate::book::choose(&found.moves, 50, random) else {
                break;
            };
            moves.push(move_text(game.position(), m));
            xboard.play(game.position(), m);
            game.play(m);
        }
        if moves.is_empty() {
            return Err("the book has no move in the start position".into());
        }
        out.push(Opening { fen: None, moves });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_and_fen_lines() {
        assert_eq!(
            epd_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"x\";"),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
        );
        assert_eq!(
            epd_fen("8/8/8/8/8/8/8/K6k w - - 3 40"),
            "8/8/8/8/8/8/8/K6k w - - 3 40"
        );
    }

    #[test]
    fn book_openings_follow_the_book() {
        // Polyglot's book of the fixture games: every move of every
        // opening is one of the book's moves in its position.
        let set = crate::variant::VariantSet::builtin().expect("built-ins");
        let rules = Rules::new(set.get("normal").expect("normal").clone()).expect("rules");
        let path = std::path::Path::new("tests/data/books/chess-polyglot.bin");
        let book = crate::book::Book::load(path).expect("fixture book");
        let hasher = crate::book::BookHasher::new(&rules.variant).expect("hasher");
        let openings = from_book(&rules, &book, 20, 6, &mut Rng(7)).expect("openings");
        assert_eq!(openings.len(), 20);
        for o in &openings {
            assert!(!o.moves.is_empty() && o.moves.len() <= 6);
            let mut game = Game::new(Position::start(rules.clone()).expect("start"));
            // Chess from the start: XBoard holds what the position does.
            let xboard = crate::book::XBoardState::at_start(game.position());
            for text in &o.moves {
                let mut pos = game.position().clone();
                let found = crate::book::book_moves(&book, &hasher, &mut pos, &xboard);
                let m = game.parse_move(text).expect("legal");
                assert!(
                    found.moves.iter().any(|&(b, _)| b == m),
                    "{text} not in the book"
                );
                game.play(m);
            }
        }
    }

    #[test]
    fn pgn_games() {
        let pgn = "[Event \"x\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n\n1. a1a2 {a comment (with parens)} h1h2 2. a2a3 $1 (2. a2b2) 1/2-1/2\n\n[Event \"y\"]\n\n1. e2e4 e7e5 *\n";
        let games = parse_pgn(pgn);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].fen.as_deref(), Some("8/8/8/8/8/8/8/K6k w - - 0 1"));
        assert_eq!(games[0].moves, ["a1a2", "h1h2", "a2a3"]);
        assert_eq!(games[1].fen, None);
        assert_eq!(games[1].moves, ["e2e4", "e7e5"]);
    }
}
