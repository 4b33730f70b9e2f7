//! MultiPV and the strength limit in the search library: N lines of N
//! distinct legal root moves, best first; one line searching exactly as
//! without MultiPV; and weak levels choosing legal moves among the lines
//! that differ from full strength's, while full strength plays the best.

mod common;

use common::{Rng, rules};
use griffon::game::Game;
use griffon::judge::Past;
use griffon::position::Position;
use griffon::search::{Limits, SearchResult, Searcher, Silent, Skill};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

fn chess(fen: &str) -> Position {
    Position::from_fen(rules("normal"), fen).expect("fen")
}

fn search(pos: &Position, depth: u32, multipv: usize) -> SearchResult {
    let mut s = Searcher::new(pos, 16, Arc::new(AtomicBool::new(false)));
    let limits = Limits {
        depth: Some(depth),
        multipv,
        ..Limits::default()
    };
    s.search(pos, Past::NONE, limits, &mut Silent)
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// White's rook takes the undefended queen: Rxd4 is the one good move.
const QUEEN_HANGS: &str = "4k3/8/8/8/3q4/8/5PPP/3R2K1 w - - 0 1";
const MIDDLE_GAME: &str = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 1 8";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The lines hold `n` distinct legal root moves with scores that do not
/// rise, and the result's move and score are the first line's.
fn assert_lines(pos: &Position, r: &SearchResult, n: usize) {
    assert_eq!(r.lines.len(), n, "{:?}", r.lines);
    let legal = Game::new(pos.clone()).legal_moves().to_vec();
    for (i, line) in r.lines.iter().enumerate() {
        assert!(legal.contains(&line.pv[0]), "line {i} not legal");
        assert!(
            r.lines[..i].iter().all(|l| l.pv[0] != line.pv[0]),
            "line {i} repeats a root move"
        );
        if i > 0 {
            assert!(line.score <= r.lines[i - 1].score, "{:?}", r.lines);
        }
    }
    assert_eq!(r.best, Some(r.lines[0].pv[0]));
    assert_eq!(r.score, r.lines[0].score);
}

#[test]
fn multipv_gives_distinct_legal_lines_best_first() {
    for (fen, n) in [(START, 4), (MIDDLE_GAME, 3), (KIWIPETE, 5)] {
        let pos = chess(fen);
        let r = search(&pos, 6, n);
        assert_lines(&pos, &r, n);
    }
}

#[test]
fn the_first_line_wins_the_queen() {
    let pos = chess(QUEEN_HANGS);
    let r = search(&pos, 5, 3);
    assert_lines(&pos, &r, 3);
    let best = griffon::notation::move_text(&pos, r.lines[0].pv[0]);
    assert_eq!(best, "d1d4");
    // The others leave the queen alive: a good deal worse.
    assert!(r.lines[1].score < r.lines[0].score - 500, "{:?}", r.lines);
}

#[test]
fn more_lines_than_moves_gives_every_move() {
    // The king in the corner has three moves.
    let pos = chess("7k/8/8/8/8/8/8/K7 w - - 0 1");
    let r = search(&pos, 4, 10);
    assert_lines(&pos, &r, 3);
}

/// One line is the plain search: the same nodes and move, so MultiPV
/// costs nothing when off.
#[test]
fn one_line_searches_as_without_multipv() {
    for fen in [START, KIWIPETE] {
        let pos = chess(fen);
        let plain = search(&pos, 7, 0);
        let one = search(&pos, 7, 1);
        assert_eq!(
            (plain.nodes, plain.best, plain.score),
            (one.nodes, one.best, one.score)
        );
        assert_eq!(plain.lines.len(), 1);
    }
}

/// The move a level plays in `pos`: its search, then its pick.
fn skill_move(pos: &Position, skill: Skill, rng: &mut Rng) -> griffon::types::Move {
    let limits_depth = if skill.limited() { skill.depth() } else { 6 };
    let r = search(pos, limits_depth.min(6), skill.lines(1));
    let line = skill.pick(&r.lines, rng).expect("a line");
    line.pv[0]
}

#[test]
fn weak_levels_play_legal_moves_unlike_full_strength() {
    let mut rng = Rng(2026);
    let mut differ = 0;
    for fen in [START, MIDDLE_GAME, KIWIPETE, QUEEN_HANGS] {
        let pos = chess(fen);
        let legal = Game::new(pos.clone()).legal_moves().to_vec();
        let full = skill_move(&pos, Skill::new(20), &mut rng);
        for _ in 0..4 {
            let weak = skill_move(&pos, Skill::new(0), &mut rng);
            assert!(legal.contains(&weak));
            differ += usize::from(weak != full);
        }
    }
    assert!(differ > 0);
}

#[test]
fn full_strength_plays_what_an_unlimited_search_plays() {
    let mut rng = Rng(1);
    for fen in [START, MIDDLE_GAME, QUEEN_HANGS] {
        let pos = chess(fen);
        let plain = search(&pos, 6, 1);
        assert_eq!(Some(skill_move(&pos, Skill::new(20), &mut rng)), plain.best);
    }
}
