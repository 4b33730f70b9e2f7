//! The same move reads the same from every output path: `perft --divide`,
//! `search`, `tb probe`, the XBoard engine and the match runner's PGN all
//! write moves through the notation layer. For each position the divide
//! lists every legal move; every move any other path prints must be
//! spelled as one of them, and the moves whose spelling is special
//! (XBoard's ranks 0-9 on ten-rank boards, drops, shogi promotions, the
//! Lion's two-leg moves, Chess960 castling as `O-O`) must be among them.

mod common;

use common::{Engine, griffon};
use std::collections::BTreeSet;

/// The moves `perft --divide` lists for a position.
fn divide(variant: &str, fen: &str) -> BTreeSet<String> {
    let (ok, out, err) = griffon(&[
        "perft",
        "--variant",
        variant,
        "--fen",
        fen,
        "--depth",
        "1",
        "--divide",
    ]);
    assert!(ok, "perft --divide {variant} {fen}: {err}");
    let listed: Vec<String> = out
        .lines()
        .filter_map(|l| l.split_once(": "))
        .filter(|(m, _)| *m != "Nodes")
        .map(|(m, _)| m.to_string())
        .collect();
    let set: BTreeSet<String> = listed.iter().cloned().collect();
    assert_eq!(
        set.len(),
        listed.len(),
        "{variant} {fen}: two moves spelled alike in {listed:?}"
    );
    set
}

/// The best move `griffon search` prints.
fn search(variant: &str, fen: &str) -> String {
    let (ok, out, err) = griffon(&["search", "--variant", variant, "--fen", fen, "--depth", "3"]);
    assert!(ok, "search {variant} {fen}: {err}");
    out.lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap_or_else(|| panic!("no bestmove in {out}"))
        .trim()
        .to_string()
}

/// The XBoard engine's move from the position, and whether it takes each
/// move of `moves` as the user's (each from the position afresh).
fn xboard(variant: &str, fen: &str, moves: &[&String]) -> (String, Vec<bool>) {
    let mut e = Engine::start(&["xboard"]);
    let setup = |e: &mut Engine| {
        e.send("new");
        e.send(&format!("variant {variant}"));
        e.send("force");
        e.send(&format!("setboard {fen}"));
    };
    let mut taken = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        setup(&mut e);
        e.send(&format!("usermove {m}"));
        let replies = e.sync(i as u32 + 1);
        taken.push(
            !replies
                .iter()
                .any(|l| l.starts_with("Illegal") || l.starts_with("Error")),
        );
    }
    setup(&mut e);
    e.send("sd 2");
    e.send("go");
    (e.next_move(), taken)
}

/// The moves of the one game `griffon match` plays from `fen` after the
/// opening moves `opening`, as its PGN writes them.
fn pgn_moves(variant: &str, fen: &str, opening: &[&String]) -> Vec<String> {
    let dir =
        std::env::temp_dir().join(format!("griffon-notation-{}-{variant}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let openings = dir.join("openings.pgn");
    let moves: Vec<&str> = opening.iter().map(|m| m.as_str()).collect();
    std::fs::write(
        &openings,
        format!("[FEN \"{fen}\"]\n\n{} *\n", moves.join(" ")),
    )
    .expect("write openings");
    let pgn = dir.join("games.pgn");
    let (ok, _, err) = griffon(&[
        "match",
        "--engine",
        "cmd=griffon",
        "--engine",
        "cmd=griffon",
        "--variant",
        variant,
        "--games",
        "1",
        "--depth",
        "1",
        "--adjudicate",
        "maxmoves=2",
        "--openings",
        openings.to_str().expect("path"),
        "--pgn",
        pgn.to_str().expect("path"),
    ]);
    assert!(ok, "match {variant}: {err}");
    let text = std::fs::read_to_string(&pgn).expect("read PGN");
    let _ = std::fs::remove_dir_all(&dir);
    griffon::notation::pgn::read_games(&text)
        .into_iter()
        .next()
        .expect("a game")
        .moves
}

/// Every path on one position: `special` are moves whose spelling is the
/// point (they must be legal there, and are played as the opening of the
/// PGN game and sent to the XBoard engine).
fn agree(variant: &str, fen: &str, special: &[&str]) {
    let legal = divide(variant, fen);
    let special: Vec<String> = special.iter().map(|s| s.to_string()).collect();
    for m in &special {
        assert!(
            legal.contains(m),
            "{variant}: {m} not in the divide {legal:?}"
        );
    }
    let best = search(variant, fen);
    assert!(
        legal.contains(&best),
        "{variant}: search printed {best}, divide has {legal:?}"
    );
    let first: Vec<&String> = special.iter().take(1).collect();
    let (engine_move, taken) = xboard(variant, fen, &special.iter().collect::<Vec<_>>());
    assert!(
        legal.contains(&engine_move),
        "{variant}: XBoard engine played {engine_move}, divide has {legal:?}"
    );
    assert!(
        taken.iter().all(|&t| t),
        "{variant}: the engine refused one of {special:?}"
    );
    let game = pgn_moves(variant, fen, &first);
    assert_eq!(
        game.first(),
        first.first().copied(),
        "{variant}: the PGN's first move"
    );
}

#[test]
fn xiangqi_ranks_from_zero() {
    // XBoard numbers xiangqi's ten ranks 0-9: the horses start on rank 0.
    agree(
        "xiangqi",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        &["h0g2", "b2b9"],
    );
}

#[test]
fn grand_ranks_from_zero() {
    agree(
        "grand",
        "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
        &["b1c3", "a2a4"],
    );
}

#[test]
fn shogi_drops_and_promotions() {
    // A gold in hand to drop; the bishop takes on h8, entering the
    // promotion zone, where it may promote or not.
    agree(
        "shogi",
        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[G] w - - 0 1",
        &["G@e5", "b2h8+", "b2h8"],
    );
}

#[test]
fn chu_lion_moves_in_two_legs() {
    // The Lion on f5 takes e6 in passing and steps on to e7 (two legs).
    let fen = "6k5/12/12/12/12/4p7/5N6/12/12/12/12/6K5 w - - 0 1";
    let legal = divide("chu", fen);
    let two_legs: Vec<&String> = legal.iter().filter(|m| m.contains(',')).collect();
    assert!(!two_legs.is_empty(), "no two-leg move in {legal:?}");
    assert!(legal.contains("f6e7,e7e8"), "{legal:?}");
    agree("chu", fen, &["f6e7,e7e8"]);
}

#[test]
fn chess960_castling_is_o_o() {
    agree(
        "fischerandom",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1",
        &["O-O"],
    );
}
/// Castling rights of Chess960 form in a FEN of a fixed-start variant: a
/// king that castles one square or not at all is written `O-O`/`O-O-O`,
/// not as a king step or XBoard's pass (`@@@@`).
#[test]
fn castling_without_a_king_leap_is_o_o() {
    agree("normal", "4k3/8/8/8/8/8/8/6KR w H - 0 1", &["O-O"]);
    agree("normal", "4k3/8/8/8/8/8/8/RK6 w A - 0 1", &["O-O-O"]);
}

#[test]
fn tablebase_probes_spell_moves_as_the_rest() {
    // Grand's ranks 0-9 again, from `tb probe`'s best move and move list.
    let fen = "10/10/10/4k5/10/10/4K5/10/10/R9 w - - 0 1";
    let legal = divide("grand", fen);
    let (ok, out, err) = griffon(&["tb", "probe", "--variant", "grand", "--fen", fen]);
    assert!(ok, "tb probe: {err}");
    let mut printed = 0;
    for line in out.lines() {
        let text = line
            .strip_prefix("best move: ")
            .or_else(|| line.trim_start().split_once(": ").map(|(m, _)| m))
            .filter(|_| line.starts_with("best move: ") || line.starts_with("  "));
        if let Some(m) = text {
            assert!(
                legal.contains(m),
                "tb probe printed {m}; divide has {legal:?}"
            );
            printed += 1;
        }
    }
    assert!(printed > 1, "no moves in {out}");
}

/// A type that is both a pawn's promotion choice and another piece's
/// promoted form (forward chess: the queen, which its `f` piece turns
/// into) is written with its letter when a pawn promotes to it, `+` only
/// for the turn-over: the moves are pyffish 0.0.90's legal moves of this
/// position of a self-play game.
#[test]
fn a_pawn_promotion_to_a_promoted_type_is_written_with_its_letter() {
    let ini = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/ref/fsf-variants.ini"
    );
    let fen = "2s5/P1p2g1l/p3p1p1/5S1p/L2P1P1P/1p2P3/1P1G2pL/6E1 w - - 0 25";
    let (ok, out, err) = griffon(&[
        "perft",
        "--variant-file",
        ini,
        "--variant",
        "forward",
        "--fen",
        fen,
        "--depth",
        "1",
        "--divide",
    ]);
    assert!(ok, "{err}");
    let listed: BTreeSet<&str> = out
        .lines()
        .filter_map(|l| l.split_once(": "))
        .map(|(m, _)| m)
        .filter(|m| *m != "Nodes")
        .collect();
    let pyffish: BTreeSet<&str> = "a4a5 a4a6 a7a8b a7a8n a7a8q a7a8r d2c3 d2d3 d4d5 e3e4 \
        f5e6 f5g6 g1e2 g1f3 g1h3 h2h3"
        .split_whitespace()
        .collect();
    assert_eq!(listed, pyffish);
}
