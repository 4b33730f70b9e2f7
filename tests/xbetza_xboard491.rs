//! What XBoard 4.9.1 is told about a piece's moves (`piece` commands).
//!
//! The reference is XBoard 4.9.1 itself: `tools/xboard/betza-oracle.py`
//! ran XBoard's own XBetza reader (`MovesFromString` of its `moves.c`) on
//! the string Griffon sends for each piece of a catalogue, on boards with
//! blockers, from every square, for both sides, and kept the number of
//! moves XBoard accepts and a digest of their list in
//! `tests/data/xbetza/xboard491-moves.txt`. Here Griffon's own moves of the
//! piece as its designer wrote it must give the same list: then XBoard
//! accepts exactly Griffon's moves of it. The same file checks Griffon's
//! port of XBoard's reader on legacy strings as written.
//!
//! A second test checks the translation with Griffon alone, over every
//! built-in piece and more user pieces: the string sent, read back by
//! Griffon, moves exactly as the original (a consistency check of two
//! spellings, not a reference).

use griffon::variant::VariantSet;
use griffon::xbetza::legacy::XBoardMoves;
use griffon::xbetza::{Board, Cell, Dialect, MoveDef, PieceMoves, compile, legacy, outcomes};
use std::collections::HashMap;

const FIXTURE: &str = include_str!("data/xbetza/xboard491-moves.txt");

fn fnv(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

fn board(w: u8, h: u8, cells: &str) -> Board {
    let mut b = Board::empty(w, h);
    for (i, c) in cells.bytes().enumerate() {
        let sq = ((i % usize::from(w)) as u8, (i / usize::from(w)) as u8);
        let cell = match c {
            b'f' => Cell::Friend {
                royal: false,
                virgin: true,
            },
            b'K' => Cell::Friend {
                royal: true,
                virgin: true,
            },
            b'x' => Cell::Foe { royal: false },
            b'k' => Cell::Foe { royal: true },
            b'#' => Cell::Hole,
            _ => Cell::Empty,
        };
        b.set(sq, cell);
    }
    b
}

fn sq_text(s: (u8, u8)) -> String {
    format!("{}.{}", s.0, s.1)
}

/// The moves from one square as the oracle writes them: `X.Y`, with the
/// squares captured in passing before a `>`, sorted.
fn tokens(moves: &[MoveDef], b: &Board, from: (u8, u8), white: bool) -> Vec<String> {
    let piece = PieceMoves {
        moves: moves.to_vec(),
        warnings: Vec::new(),
    };
    let mut tokens: Vec<String> = outcomes(&piece, b, from, white, true)
        .iter()
        .map(|o| {
            let kills: Vec<String> = o.locust.iter().map(|&s| sq_text(s)).collect();
            if kills.is_empty() {
                sq_text(o.to)
            } else {
                format!("{}>{}", kills.join("+"), sq_text(o.to))
            }
        })
        .collect();
    tokens.sort();
    tokens.dedup();
    tokens
}

/// Every move from every square, as the oracle writes XBoard's: per square
/// `X.Y:` and the sorted moves (`X.Y`, with captures in passing before a
/// `>`), or `-`. Returns the text and the number of moves.
fn move_list(moves: &[MoveDef], b: &Board, white: bool) -> (String, usize) {
    let mut text = String::new();
    let mut count = 0;
    for y in 0..b.height {
        for x in 0..b.width {
            let tokens = tokens(moves, b, (x, y), white);
            count += tokens.len();
            let line = if tokens.is_empty() {
                "-".to_string()
            } else {
                tokens.join(" ")
            };
            text.push_str(&format!("{x}.{y}:{line}\n"));
        }
    }
    (text, count)
}

#[test]
fn xboard_491_reads_what_griffon_means() {
    let mut boards = HashMap::new();
    let mut failures = Vec::new();
    let mut checked = 0;
    for line in FIXTURE.lines().filter(|l| !l.starts_with('#')) {
        if let Some(rest) = line.strip_prefix("board ") {
            let f: Vec<&str> = rest.split(' ').collect();
            let (w, h) = (f[1].parse().expect("width"), f[2].parse().expect("height"));
            boards.insert(f[0].to_string(), board(w, h, f[3]));
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        if f[0] == "untranslatable" {
            let dialect = if f[1] == "fairy" {
                Dialect::FairyStockfish
            } else {
                Dialect::XBoard
            };
            let m = compile(f[2], dialect).expect("catalogue piece compiles");
            assert!(
                legacy::for_xboard(f[2], &m.moves).is_err(),
                "{} now translates: regenerate the fixture",
                f[2]
            );
            continue;
        }
        let (dialect, written, sent, board_name, side, count, digest) =
            (f[0], f[1], f[2], f[3], f[4], f[5], f[6]);
        let moves = match dialect {
            "-" => legacy::read(sent).unwrap_or_else(|e| panic!("{sent}: {e}")),
            _ => {
                let d = if dialect == "fairy" {
                    Dialect::FairyStockfish
                } else {
                    Dialect::XBoard
                };
                let m = compile(written, d).unwrap_or_else(|e| panic!("{e}"));
                let now = legacy::for_xboard(written, &m.moves)
                    .unwrap_or_else(|e| panic!("{written}: {e}"));
                assert_eq!(
                    now, sent,
                    "{written} is now sent as {now}: regenerate the fixture"
                );
                m.moves
            }
        };
        let (text, n) = move_list(&moves, &boards[board_name], side == "w");
        checked += 1;
        if n.to_string() != count || fnv(&text) != digest {
            failures.push(format!(
                "{dialect} {written} (sent {sent}) on {board_name} for {side}: XBoard {count} moves, Griffon {n}"
            ));
        }
    }
    assert!(checked > 300, "only {checked} fixture rows");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Boards for the consistency check: empty, and with friends, foes and an
/// enemy king about (so hoppers, lame leaps and locusts all have work).
fn consistency_boards() -> Vec<Board> {
    let mut out = vec![Board::empty(8, 8)];
    for (w, h, cells) in FIXTURE
        .lines()
        .filter_map(|l| l.strip_prefix("board "))
        .map(|r| {
            let f: Vec<&str> = r.split(' ').collect();
            (
                f[1].parse().expect("width"),
                f[2].parse().expect("height"),
                f[3].to_string(),
            )
        })
    {
        out.push(board(w, h, &cells));
    }
    out
}

fn reads_back(text: &str, moves: &[MoveDef], boards: &[Board]) -> Result<(), String> {
    let sent = legacy::for_xboard(text, moves).map_err(|e| e.to_string())?;
    let back = compile(&sent, Dialect::XBoard).map_err(|e| format!("{sent}: {e}"))?;
    for b in boards {
        for white in [true, false] {
            if move_list(moves, b, white) != move_list(&back.moves, b, white) {
                return Err(format!(
                    "{text} sent as {sent} moves differently ({}x{}, white {white})",
                    b.width, b.height
                ));
            }
        }
    }
    Ok(())
}

#[test]
fn every_builtin_piece_translates_and_reads_back() {
    let boards = consistency_boards();
    let set = VariantSet::builtin().expect("built-in variants");
    let mut failures = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for v in set.iter() {
        for p in &v.pieces {
            if !seen.insert((p.betza.clone(), p.moves.moves.clone())) {
                continue;
            }
            // Fairy-Stockfish's lame Z (the janggi elephant) passes two
            // squares, straight then diagonal; XBoard 4.9.1's `n` tests
            // the midpoint only, and its legs cannot spell the path.
            let fsf_lame_z = p.dialect == Dialect::FairyStockfish && p.betza.contains("nZ");
            match reads_back(&p.betza, &p.moves.moves, &boards) {
                Err(_) if fsf_lame_z => {}
                Ok(()) if fsf_lame_z => {
                    failures.push(format!("{} {}: now translates", v.name, p.name));
                }
                Err(e) => failures.push(format!("{} {}: {e}", v.name, p.name)),
                Ok(()) => {}
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn user_pieces_translate_or_say_why() {
    let boards = consistency_boards();
    // Pieces that must reach XBoard: bent riders, hoppers, multi-leg and
    // locust pieces, in brackets and in any order of modifiers.
    let translate = [
        "[F?R]",
        "[W?B]",
        "[F-R]",
        "[W-B]",
        "[F?fsR]",
        "[R?B]",
        "[B?R]",
        "[W?F]",
        "[F?W]",
        "[D?B]",
        "[N?B]",
        "[A?B]",
        "[D?R]",
        "[W?pR]",
        "[cW?W]",
        "[cW-mW]",
        "[cF?F]",
        "[mW?cB]",
        "[F-mF-cF]",
        "[cK?K]",
        "[mpW-R]",
        "[W?W?W]",
        "[F?F?B]",
        "[mK-cK]",
        "[K?N]",
        "mRcpR",
        "pQ",
        "gQ",
        "fcafmF",
        "KmcaK",
        "cafcW",
        "cmW",
        "mcW",
        "WW",
        "mafsN",
        "mpafN",
        "KNADcaKmcabK",
        "FyafsF",
        "ifmnD",
        "fmWfceFifmnD",
        "DmpafyafsW",
        "[W?N]",
        "[N?W]",
        "[F?D]",
        "tpR",
        "oN",
        "[oW?oB]",
    ];
    let mut failures = Vec::new();
    for text in translate {
        let m = compile(text, Dialect::XBoard).unwrap_or_else(|e| panic!("{e}"));
        if let Err(e) = reads_back(text, &m.moves, &boards) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // What XBoard 4.9.1 cannot be told: a ranged leg after a leaper, a
    // leaper after a leg that captures in passing, pieces that borrow moves
    // (`x`) or put a captured piece back (`u`).
    for text in ["[W?B3]", "[cR-mW]", "xK", "cauW", "[F?R2]"] {
        let m = compile(text, Dialect::XBoard).unwrap_or_else(|e| panic!("{e}"));
        let why = legacy::for_xboard(text, &m.moves).expect_err(text);
        assert!(!why.reason.is_empty());
    }
    // The griffon as the user wrote it reaches XBoard as the
    // spelling XBoard's own documentation gives.
    let m = compile("[F?R]", Dialect::XBoard).expect("griffon");
    assert_eq!(
        legacy::for_xboard("[F?R]", &m.moves).as_deref(),
        Ok("FyafsF")
    );
}

#[test]
fn what_xboard_cannot_be_told_reaches_it_widened() {
    // XBoard is sent more moves (tame ones, which never capture a king)
    // where it cannot be sent the exact ones: every move of the piece is
    // among them, so XBoard never refuses one.
    let boards = consistency_boards();
    for text in ["[W?B3]", "[cR-mW]", "[F?R2]", "[mW-cW-R]", "[D?B3]"] {
        let m = compile(text, Dialect::XBoard).unwrap_or_else(|e| panic!("{e}"));
        let XBoardMoves::Superset { text: wide, .. } = legacy::xboard_moves(text, &m.moves) else {
            panic!("{text}: no superset");
        };
        let w = compile(&wide, Dialect::XBoard).unwrap_or_else(|e| panic!("{wide}: {e}"));
        for b in &boards {
            for white in [true, false] {
                for y in 0..b.height {
                    for x in 0..b.width {
                        let all = tokens(&w.moves, b, (x, y), white);
                        for t in tokens(&m.moves, b, (x, y), white) {
                            // A tame move may not take a king (none of
                            // Griffon's moves does where kings are royal).
                            let to = t.rsplit('>').next().unwrap_or(&t);
                            let mut sq = to.split('.').map(|v| v.parse::<u8>().unwrap_or(0));
                            let at = (sq.next().unwrap_or(0), sq.next().unwrap_or(0));
                            if matches!(b.get(at), Cell::Foe { royal: true }) {
                                continue;
                            }
                            assert!(
                                all.contains(&t),
                                "{text} sent as {wide}: {t} from {x}.{y} missing"
                            );
                        }
                    }
                }
            }
        }
    }
}
