//! Tablebase generation checked against published results: the longest
//! mates of the classic endings (in moves, the winning side to move), the
//! index sizes of the standard chess tablebase encoding (462 king pairs
//! for KRvK, 462 * 62 placements), and mates
//! worked out by hand.

use griffon::position::{Position, Rules};
use griffon::tablebase::index::Indexer;
use griffon::tablebase::moves::PieceSteps;
use griffon::tablebase::{Generator, Material, Value, placement};
use griffon::types::Color;
use griffon::variant::VariantSet;
use std::sync::Arc;

fn rules(variant: &str) -> Arc<Rules> {
    let mut set = VariantSet::new();
    set.load_builtins().unwrap();
    Rules::new(set.get(variant).unwrap().clone()).unwrap()
}

/// Longest mate with White to move, and whether Black can ever win.
fn longest(variant: &str, material: &str) -> (u32, griffon::tablebase::Stats) {
    let rules = rules(variant);
    let m = Material::parse(&rules, material).unwrap();
    let mut g = Generator::new(rules).unwrap();
    let t = g.table(&m).unwrap();
    let stats = t.stats();
    (stats.longest[0].as_ref().map_or(0, |l| l.0), stats)
}

#[test]
fn classic_longest_mates() {
    // Published maxima (moves, winning side to move).
    assert_eq!(longest("normal", "KQvK").0, 10);
    assert_eq!(longest("normal", "KRvK").0, 16);
    assert_eq!(longest("normal", "KBNvK").0, 33);
    assert_eq!(longest("normal", "KRvKB").0, 29);
    assert_eq!(longest("normal", "KRvKN").0, 40);
    // Rook against rook: White to move wins at most in 19 moves, and the
    // position is symmetric, so Black to move does as well as White.
    let (n, stats) = longest("normal", "KRvKR");
    assert_eq!(n, 19);
    assert_eq!(stats.won[0], stats.won[1]);
}

#[test]
fn queen_against_rook_is_mate_in_35() {
    let (n, stats) = longest("normal", "KQvKR");
    assert_eq!(n, 35);
    // Black to move sometimes wins (the rook skewers or forks the queen).
    assert!(stats.won[1] > 0);
}

#[test]
fn two_knights_cannot_force_mate() {
    let (n, stats) = longest("normal", "KNNvK");
    // Only positions where Black's king is already boxed in (mate in
    // one) are won: no forced win from general positions.
    assert_eq!(n, 1);
    assert!(stats.won[0] * 1000 < stats.drawn[0]);
}

#[test]
fn tables_agree_with_their_successors() {
    let rules = rules("normal");
    let mut g = Generator::new(rules.clone()).unwrap();
    for m in ["KQvK", "KRvK", "KBvKN"] {
        let t = g.table(&Material::parse(&rules, m).unwrap()).unwrap();
        let (checked, bad) = t.verify();
        assert!(checked > 50_000, "{m}: {checked}");
        assert!(bad.is_empty(), "{m}: {bad:?}");
    }
}

fn probe(variant: &str, fen: &str) -> (Value, Vec<(u8, u8, Value)>) {
    let rules = rules(variant);
    let pos = Position::from_fen(rules.clone(), fen).unwrap();
    let (m, sq) = placement(&pos).unwrap();
    let mut g = Generator::new(rules).unwrap();
    let t = g.table(&m).unwrap();
    (
        t.probe(&sq, pos.side_to_move()),
        t.moves(&sq, pos.side_to_move()),
    )
}

#[test]
fn hand_checked_positions() {
    // Rh8 mates at once.
    let (v, moves) = probe("normal", "k7/8/1K6/8/8/8/8/7R w - - 0 1");
    assert_eq!(v, Value::Win(1));
    assert_eq!((moves[0].0, moves[0].1), (7, 63));
    // The same with Black to move: Black is not in check, Ka8-b8 or a7
    // is impossible (b7, a7, b8 all covered by the king on b6 except b8),
    // so Kb8 and then Rh8 mates: Black is mated in one move of its own.
    let (v, _) = probe("normal", "k7/8/1K6/8/8/8/8/7R b - - 0 1");
    assert_eq!(v, Value::Loss(1));
    // Stalemate: Black to move has no move and is not in check.
    let (v, moves) = probe("normal", "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(v, Value::Draw);
    assert!(moves.is_empty());
    // Checkmated.
    let (v, _) = probe("normal", "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(v, Value::Loss(0));
    // Black to move takes the undefended queen: a bare-kings draw.
    let (v, _) = probe("normal", "8/8/8/8/8/8/1Qk5/7K b - - 0 1");
    assert_eq!(v, Value::Draw);
}

#[test]
fn index_sizes_follow_the_reference_document() {
    // KRvK: 462 king pairs x 62 squares = 28644 indices, of which 28056
    // are canonical (with both kings on the a1-h8 diagonal the rook is
    // kept on or below it).
    let rules = rules("normal");
    let m = Material::parse(&rules, "KRvK").unwrap();
    let steps: Vec<PieceSteps> = m
        .men
        .iter()
        .map(|&(c, r)| PieceSteps::build(&rules, c, r).unwrap())
        .collect();
    let refs: Vec<&PieceSteps> = steps.iter().collect();
    let ix = Indexer::new(8, 8, true, &m.groups(), &refs, &|_| true).unwrap();
    assert_eq!(ix.pairs.len(), 462);
    assert_eq!(ix.size, 28644);
    let mut canonical = 0;
    let mut sq = [0u8; 3];
    for i in 0..ix.size as u32 {
        ix.decode(i, &mut sq);
        if sq[2] != sq[0] && sq[2] != sq[1] && ix.encode(&sq) == Some(i) {
            canonical += 1;
        }
    }
    assert_eq!(canonical, 28056);
    // Like men share one binomial number: KRRvK has 462 x C(62, 2).
    let m = Material::parse(&rules, "KRRvK").unwrap();
    let refs: Vec<&PieceSteps> = vec![&steps[0], &steps[1], &steps[2], &steps[2]];
    let ix = Indexer::new(8, 8, true, &m.groups(), &refs, &|_| true).unwrap();
    assert_eq!(ix.size, 462 * 62 * 61 / 2);
    let mut sq = [0u8; 4];
    for i in (0..ix.size as u32).step_by(7) {
        ix.decode(i, &mut sq);
        assert!(sq[2] < sq[3], "rooks in ascending order");
        if let Some(j) = ix.encode(&[sq[0], sq[1], sq[3], sq[2]]) {
            assert!(j <= i);
        }
    }
}

#[test]
fn symmetries_come_from_the_pieces() {
    let rules = rules("makruk");
    let mut g = Generator::new(rules.clone()).unwrap();
    // Met and knight are symmetric every way: 8 symmetries.
    let t = g.table(&Material::parse(&rules, "KMvK").unwrap()).unwrap();
    assert_eq!(t.index.symmetries.len(), 8);
    // The khon (silver general) moves forward: left-right mirror only.
    let t = g.table(&Material::parse(&rules, "KSvK").unwrap()).unwrap();
    assert_eq!(t.index.symmetries.len(), 2);
    // 10x8: the two mirrors and the half turn.
    let rules = crate::rules("capablanca");
    let mut g = Generator::new(rules.clone()).unwrap();
    let t = g.table(&Material::parse(&rules, "KAvK").unwrap()).unwrap();
    assert_eq!(t.index.symmetries.len(), 4);
    // The archbishop (bishop + knight) mates alone.
    assert!(t.stats().won[0] > 0);
}

/// The message of an error that was expected.
fn refusal<T>(result: Result<T, griffon::tablebase::TbError>) -> String {
    match result {
        Ok(_) => panic!("refused"),
        Err(e) => e.0,
    }
}

#[test]
fn what_tables_cannot_do_yet_is_an_error() {
    let r = rules("normal");
    assert!(Material::parse(&r, "KQK").is_err());
    assert!(Material::parse(&r, "KQvKX").is_err());
    assert!(Material::parse(&r, "QvK").is_err());
    // Losing chess: captures are compulsory, which tables do not model.
    assert!(Generator::new(rules("giveaway")).is_err());
    // Drops: a capture puts a piece in hand, and tables hold none. The
    // refusal says so, for the variant as a whole.
    for variant in [
        "shogi",
        "minishogi",
        "crazyhouse",
        "kyotoshogi",
        "superchess",
    ] {
        let err = refusal(Generator::new(rules(variant)));
        assert!(
            err.contains(variant) && err.contains("drops") && err.contains("in hand"),
            "{variant}: {err}"
        );
    }
    // Shogi-style promotion without drops (minishogi's pieces, captures
    // gone for good): a material with a man that promotes is refused by
    // name, one without is made.
    let mut set = VariantSet::new();
    set.load_builtins().unwrap();
    set.load_str("t.ini", "[nodrops:minishogi]\npieceDrops = false\n")
        .strict()
        .unwrap();
    let r = Rules::new(set.get("nodrops").unwrap().clone()).unwrap();
    let mut g = Generator::new(r.clone()).unwrap();
    let err = refusal(g.table(&Material::parse(&r, "KSvK").unwrap()));
    assert!(err.contains("'S' promotes shogi-style"), "{err}");
    assert!(g.table(&Material::parse(&r, "KGvK").unwrap()).is_ok());
    // Chu Shogi's 144 squares are more than tables index.
    let err = refusal(Generator::new(rules("chu")));
    assert!(err.contains("144 squares"), "{err}");
    // The command line says the same, as an error, not a crash.
    for (variant, material, want) in [
        ("shogi", "KRvK", "drops"),
        ("crazyhouse", "KQvK", "drops"),
        ("chu", "KGvK", "144 squares"),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_griffon"))
            .args(["tb", "gen", "--variant", variant, "--material", material])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{variant}: {err}");
        assert!(err.contains(want) && !err.contains("panicked"), "{err}");
    }
}

#[test]
fn shatranj_bare_king() {
    // Black's king is bare: with White to move the game is over (a win
    // counted as one move); with Black to move Black may still take the
    // rook if it stands unprotected (bare kings: a draw), else loses.
    // (The firzan is `q` in shatranj.)
    let (v, _) = probe("shatranj", "8/8/8/8/8/8/1R6/K1k5 w - - 0 1");
    assert_eq!(v, Value::Win(1));
    let (v, _) = probe("shatranj", "8/8/8/8/8/8/1R6/K1k5 b - - 0 1");
    assert_eq!(v, Value::Loss(1));
    let (v, moves) = probe("shatranj", "8/8/8/8/8/8/1Rk5/7K b - - 0 1");
    assert_eq!(v, Value::Draw);
    assert_eq!((moves[0].0, moves[0].1), (10, 9));
    let r = rules("shatranj");
    let mut g = Generator::new(r.clone()).unwrap();
    let t = g.table(&Material::parse(&r, "KRvKQ").unwrap()).unwrap();
    let (checked, bad) = t.verify();
    assert!(checked > 1_000_000);
    assert!(bad.is_empty(), "{bad:?}");
}

#[test]
fn files_round_trip_and_bad_files_are_refused() {
    use griffon::tablebase::file;
    let r = rules("normal");
    let mut g = Generator::new(r.clone()).unwrap();
    let m = Material::parse(&r, "KRvK").unwrap();
    let t = g.table(&m).unwrap();
    let dir = std::env::temp_dir().join(format!("griffon-tbfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (path, _) = file::write(&t, &r, &dir).unwrap();
    let loaded = file::read(&path, &r).unwrap();
    assert_eq!(loaded.material, m);
    // Every legal placement reads back as generated.
    let mut sq = [0u8; 3];
    let mut compared = 0;
    for i in 0..t.index.size as u32 {
        t.index.decode(i, &mut sq);
        if sq[2] == sq[0] || sq[2] == sq[1] || t.index.encode(&sq) != Some(i) {
            continue;
        }
        // Files store White to move only.
        assert_eq!(
            loaded.code(&sq, Color::White),
            Some(t.values[0][i as usize])
        );
        assert_eq!(loaded.code(&sq, Color::Black), None);
        compared += 1;
    }
    assert_eq!(compared, 28056);
    // The prober derives Black to move by a one-ply lookahead (into KvK
    // after Kxr too): it agrees with the generated value wherever Black
    // has a move.
    for sub in g.tables() {
        file::write(sub, &r, &dir).unwrap();
    }
    use griffon::tablebase::probe::{Hit, Tablebases};
    let (tb, warnings) = Tablebases::open(&dir, &r);
    assert!(warnings.is_empty(), "{warnings:?}");
    let (mut derived, mut draws) = (0, 0);
    for i in 0..t.index.size as u32 {
        t.index.decode(i, &mut sq);
        if sq[2] == sq[0] || sq[2] == sq[1] || t.index.encode(&sq) != Some(i) {
            continue;
        }
        let Some(fen) = t.fen(i, Color::Black) else {
            continue;
        };
        let Ok(mut pos) = Position::from_fen(r.clone(), &fen) else {
            continue;
        };
        let want = match t.values[1][i as usize] {
            255 => continue,
            0 => Hit::Draw,
            c if c % 2 == 0 => Hit::Win(u32::from(c) - 1),
            c => Hit::Loss(u32::from(c) - 1),
        };
        match tb.probe(&mut pos) {
            Some(hit) => {
                assert_eq!(hit, want, "{fen}");
                derived += 1;
            }
            // No legal move (mated or stalemated): the search scores it.
            None => assert!(griffon::movegen::legal_moves(&mut pos).is_empty(), "{fen}"),
        }
        draws += usize::from(want == Hit::Draw);
    }
    assert!(derived > 25_000, "{derived}");
    assert!(draws > 0);
    let bytes = std::fs::read(&path).unwrap();
    let bad = dir.join("bad.gtb");
    // Truncated.
    std::fs::write(&bad, &bytes[..bytes.len() - 10]).unwrap();
    assert!(file::read(&bad, &r).is_err());
    // One byte of the data changed.
    let mut flipped = bytes.clone();
    let last = flipped.len() - 5;
    flipped[last] ^= 0x40;
    std::fs::write(&bad, &flipped).unwrap();
    assert!(file::read(&bad, &r).is_err());
    // Not a table at all, and a table of another variant.
    std::fs::write(&bad, b"hello").unwrap();
    assert!(file::read(&bad, &r).is_err());
    assert!(file::read(&path, &rules("capablanca")).is_err());
    // griffon tb stats reads the file back.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_griffon"))
        .args(["tb", "stats", "--material", "KRvK", "--path"])
        .arg(&dir)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("16 moves: "), "{text}");
    // griffon tb probe --path reads them as the engine does: the
    // published longest KRvK win, and with Black to move (derived).
    for (fen, want) in [
        (
            "8/8/8/8/8/2k5/1R6/K7 w - - 0 1",
            "win, mate in 16 (WDL win, DTM 31 plies)",
        ),
        ("8/8/8/8/8/2k5/1R6/K7 b - - 0 1", "loss, mated in"),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_griffon"))
            .args(["tb", "probe", "--fen", fen, "--path"])
            .arg(&dir)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.starts_with(want), "{fen}: {text}");
        assert!(text.contains("best move: "), "{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn xiangqi_generals_stay_in_their_palaces() {
    let r = rules("xiangqi");
    let mut g = Generator::new(r.clone()).unwrap();
    let t = g.table(&Material::parse(&r, "KRvK").unwrap()).unwrap();
    // 9 x 9 = 81 placements of the two generals in their palaces, paired
    // by the left-right mirror: (81 + 9 with both on the middle file) / 2
    // = 45 royal pairs.
    assert_eq!(t.index.pairs.len(), 45);
    // Win in 2 (a stalemated side loses in xiangqi); Fairy-Stockfish's
    // move generator (pyffish) finds no win in 1 and a win in 2 here.
    let (v, _) = probe("xiangqi", "9/9/4k4/9/9/9/9/9/9/R2K5 w - - 0 1");
    assert_eq!(v, Value::Win(2));
    // The horse is a lame leaper (a two-leg move): its table verifies.
    let t = g.table(&Material::parse(&r, "KHvK").unwrap()).unwrap();
    let (checked, bad) = t.verify();
    assert!(checked > 1000);
    assert!(bad.is_empty(), "{bad:?}");
}

#[test]
fn king_and_pawn_against_king() {
    // Published (Kryukov's forum, "Longest Mate in kqk"): with White to
    // move KPvK is won in at most 28 moves, by three positions; with
    // Black to move the longest loss is 28 moves, by two.
    let (n, stats) = longest("normal", "KPvK");
    assert_eq!(n, 28);
    assert_eq!(stats.won[1], 0);
    for fen in [
        "8/8/8/1k6/8/8/K5P1/8 w - - 0 1",
        "8/8/8/1k6/8/8/1K4P1/8 w - - 0 1",
        "8/8/8/1k6/8/K7/6P1/8 w - - 0 1",
    ] {
        assert_eq!(probe("normal", fen).0, Value::Win(28), "{fen}");
    }
    for fen in [
        "8/8/8/k7/8/K7/6P1/8 b - - 0 1",
        "8/8/k7/8/8/K7/6P1/8 b - - 0 1",
    ] {
        assert_eq!(probe("normal", fen).0, Value::Loss(28), "{fen}");
    }
    // c7-c8 promoting to a queen or a rook mates at once.
    let (v, moves) = probe("normal", "k7/2P5/1K6/8/8/8/8/8 w - - 0 1");
    assert_eq!(v, Value::Win(1));
    assert_eq!((moves[0].0, moves[0].1), (50, 58));
    // The rook's pawn with the defending king in front: a draw, and with
    // Black to move a stalemate.
    assert_eq!(
        probe("normal", "k7/P7/1K6/8/8/8/8/8 w - - 0 1").0,
        Value::Draw
    );
    let (v, moves) = probe("normal", "k7/P7/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(v, Value::Draw);
    assert!(moves.is_empty());
}

#[test]
fn rook_against_pawn_is_the_longest_four_man_ending() {
    // Published (Conrady's Nalimov survey, 2000): the longest 4-man mate
    // is in KR-KP, 85 plies: Black to move promotes and mates in 43.
    let (white, stats) = longest("normal", "KRvKP");
    let black = stats.longest[1].as_ref().map_or(0, |l| l.0);
    assert_eq!(black, 43);
    assert!(white < 43);
}

#[test]
fn pawn_tables_agree_with_their_successors() {
    for (variant, material) in [
        ("normal", "KPvK"),
        ("makruk", "KPvKM"),
        ("shatranj", "KPvKN"),
    ] {
        let r = rules(variant);
        let mut g = Generator::new(r.clone()).unwrap();
        let t = g.table(&Material::parse(&r, material).unwrap()).unwrap();
        let (checked, bad) = t.verify();
        assert!(checked > 100_000, "{variant} {material}: {checked}");
        assert!(bad.is_empty(), "{variant} {material}: {bad:?}");
    }
}

fn value_text(v: Value) -> String {
    match v {
        Value::Win(n) => format!("W{n}"),
        Value::Loss(n) => format!("L{n}"),
        Value::Draw => "D".into(),
        Value::Illegal => "X".into(),
    }
}

#[test]
fn captures_in_passing_agree_with_an_independent_solver() {
    // Chess pawns: they step two straight and take diagonally.
    check_captures_in_passing("pawns4x6", "tests/data/tablebase/ep-4x6.txt");
}

#[test]
fn berolina_captures_in_passing_agree_with_an_independent_solver() {
    // Berolina pawns: they step two diagonally and take straight ahead.
    check_captures_in_passing("berolina4x6", "tests/data/tablebase/ep-berolina-4x6.txt");
}

/// The reference file comes from tools/reference/ep_tablebase_reference.py, a
/// retrograde solver of its own that carries the right to take in passing
/// in every state. It gives the value of every legal KPvKP placement (as a
/// digest), their histogram, each position whose value captures in
/// passing change, and each position with a right whose value the right
/// changes.
fn check_captures_in_passing(variant: &str, reference: &str) {
    let mut set = VariantSet::new();
    set.load_builtins().unwrap();
    set.load_file("tests/data/variants/ep-tablebase.ini")
        .strict()
        .unwrap();
    let rules = Rules::new(set.get(variant).unwrap().clone()).unwrap();
    let mut g = Generator::new(rules.clone()).unwrap();
    let t = g.table(&Material::parse(&rules, "KPvKP").unwrap()).unwrap();
    let reference = std::fs::read_to_string(reference).unwrap();
    let (w, h) = (4u8, 6u8);
    let n = w * h;
    let mut ep_lines = 0;
    for line in reference.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        match f.first().copied() {
            Some("board") => assert_eq!((f[1], f[2]), ("4", "6")),
            Some("digest") => {
                let stm = if f[1] == "w" {
                    Color::White
                } else {
                    Color::Black
                };
                // The reference's loop order and text, FNV-1a 64.
                let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
                let mut count = 0u64;
                let mut hist = std::collections::BTreeMap::<String, u64>::new();
                for wk in 0..n {
                    for bk in (0..n).filter(|&b| b != wk) {
                        for wp in (w..n - w).filter(|&p| p != wk && p != bk) {
                            for bp in (w..n - w).filter(|&p| p != wk && p != bk && p != wp) {
                                let v = t.probe(&[wk, bk, wp, bp], stm);
                                if v == Value::Illegal {
                                    continue;
                                }
                                let text = value_text(v);
                                for b in format!("{wk},{bk},{wp},{bp}:{text};").bytes() {
                                    hash ^= u64::from(b);
                                    hash = hash.wrapping_mul(0x100_0000_01b3);
                                }
                                count += 1;
                                *hist.entry(text).or_default() += 1;
                            }
                        }
                    }
                }
                for l in reference.lines() {
                    let g: Vec<&str> = l.split_whitespace().collect();
                    if g.len() == 4 && g[0] == "hist" && g[1] == f[1] {
                        assert_eq!(
                            hist.get(g[2]).copied().unwrap_or(0),
                            g[3].parse::<u64>().unwrap(),
                            "{} to move, positions valued {}",
                            f[1],
                            g[2]
                        );
                    }
                }
                assert_eq!(count, f[3].parse::<u64>().unwrap(), "{} to move", f[1]);
                assert_eq!(format!("{hash:016x}"), f[2], "{} to move", f[1]);
            }
            Some("ep") => {
                // FEN (six fields), the value, the value without e.p.
                let fen = f[1..7].join(" ");
                let pos = Position::from_fen(rules.clone(), &fen).unwrap();
                let (_, sq) = placement(&pos).unwrap();
                assert_eq!(
                    value_text(t.probe(&sq, pos.side_to_move())),
                    f[7],
                    "{fen} (without captures in passing: {})",
                    f[8]
                );
                ep_lines += 1;
            }
            _ => {}
        }
    }
    assert!(ep_lines > 500, "{ep_lines}");
    let (checked, bad) = t.verify();
    assert!(checked > 10_000);
    assert!(bad.is_empty(), "{bad:?}");

    // The engine's prober reads the files (White to move, no e.p.
    // rights) and must give the same values: for Black to move by looking
    // ahead (Black's double steps give White a right), and for a position
    // with a right by adding the captures in passing to the stored value.
    use griffon::tablebase::file;
    use griffon::tablebase::probe::{Hit, Tablebases};
    let dir = std::env::temp_dir().join(format!("griffon-tb-{variant}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for table in g.tables() {
        file::write(table, &rules, &dir).unwrap();
    }
    let (tb, warnings) = Tablebases::open(&dir, &rules);
    assert!(warnings.is_empty(), "{warnings:?}");
    let mut rights = 0;
    for line in reference.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() != 9 || !(f[0] == "ep" || f[0] == "right") {
            continue;
        }
        let fen = f[1..7].join(" ");
        let mut pos = Position::from_fen(rules.clone(), &fen).unwrap();
        assert_eq!(pos.ep().victim != 0, f[0] == "right", "{fen}");
        rights += usize::from(f[0] == "right");
        let got = match tb.probe(&mut pos) {
            Some(Hit::Win(p)) => format!("W{}", p.div_ceil(2)),
            Some(Hit::Loss(p)) => format!("L{}", p / 2),
            Some(Hit::Draw) => "D".into(),
            None => {
                // Mated or stalemated: the search scores it.
                assert!(griffon::movegen::legal_moves(&mut pos).is_empty(), "{fen}");
                continue;
            }
        };
        assert_eq!(got, f[7], "{fen} (without captures in passing: {})", f[8]);
    }
    assert!(rights > 1000, "{rights}");
    let _ = std::fs::remove_dir_all(&dir);
}
