//! `griffon match`: self-play games that replay legally, and engines that
//! play an illegal move, crash or hang (shell scripts in
//! `tests/data/engines/`), each losing its games while the match goes on.

use griffon::arena::openings::parse_pgn;
use griffon::game::Game;
use griffon::position::{Position, Rules};
use griffon::variant::VariantSet;
use std::path::PathBuf;
use std::process::Command;

const GRIFFON: &str = env!("CARGO_BIN_EXE_griffon");

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("griffon-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Runs `griffon match ARGS`; returns stdout, stderr.
fn run(args: &[&str]) -> (String, String) {
    let out = Command::new(GRIFFON)
        .arg("match")
        .args(args)
        .output()
        .expect("griffon runs");
    let (o, e) = (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    );
    assert!(out.status.success(), "stdout:\n{o}\nstderr:\n{e}");
    (o, e)
}

/// The games of a PGN replayed by `variant`'s rules, every move checked
/// legal: whether each starts from a FEN, and its plies.
fn replayed(variant: &str, text: &str) -> Vec<(bool, usize)> {
    let set = VariantSet::builtin().unwrap();
    let rules = Rules::new(set.get(variant).unwrap().clone()).unwrap();
    parse_pgn(text)
        .into_iter()
        .map(|g| {
            let pos = match &g.fen {
                Some(f) => Position::from_fen(rules.clone(), f).unwrap(),
                None => Position::start(rules.clone()).unwrap(),
            };
            let mut game = Game::new(pos);
            for m in &g.moves {
                let mv = game.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
                game.play(mv);
            }
            (g.fen.is_some(), g.moves.len())
        })
        .collect()
}

fn fake(name: &str) -> String {
    format!(
        "cmd=bash {}/tests/data/engines/{name}.sh",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn self_play_finishes_and_its_pgn_replays_legally() {
    for variant in ["normal", "crazyhouse"] {
        let pgn = temp(&format!("self-{variant}.pgn"));
        let json = temp(&format!("self-{variant}.json"));
        let (out, err) = run(&[
            "--engine",
            "cmd=griffon",
            "name=griffon-a",
            "--engine",
            &format!("cmd={GRIFFON}"),
            "name=griffon-b",
            "option.Move Overhead=0",
            "--variant",
            variant,
            "--games",
            "2",
            "--depth",
            "2",
            "--random-plies",
            "2",
            "--adjudicate",
            "maxmoves=60",
            "--pgn",
            pgn.to_str().unwrap(),
            "--json",
            json.to_str().unwrap(),
        ]);
        assert!(out.contains("griffon-a vs griffon-b"), "{out}");
        assert_eq!(err.matches("Game ").count(), 2, "{err}");
        let text = std::fs::read_to_string(&pgn).unwrap();
        assert_eq!(text.matches("[Result \"").count(), 2, "{text}");
        if variant != "normal" {
            assert!(text.contains(&format!("[Variant \"{variant}\"]")), "{text}");
            assert!(text.contains("[SetUp \"1\"]"), "{text}");
        }
        let games = replayed(variant, &text);
        assert_eq!(games.len(), 2);
        assert!(games.iter().all(|&(_, plies)| plies >= 2), "{games:?}");
        let summary = std::fs::read_to_string(&json).unwrap();
        assert!(summary.contains("\"faults\":[]"), "{summary}");
    }
}

/// Griffon over UCI against Griffon over CECP: the runner relays the
/// game in each protocol's move text (Fairy-Stockfish's UCI text for the
/// UCI engine, ranks from 1 on xiangqi's ten ranks), both play legal
/// moves to the end, and the result comes with the game pairs and in
/// Cute Chess's form.
#[test]
fn uci_and_cecp_engines_play_each_other() {
    for variant in ["xiangqi", "crazyhouse"] {
        let pgn = temp(&format!("uci-{variant}.pgn"));
        let json = temp(&format!("uci-{variant}.json"));
        let (out, err) = run(&[
            "--engine",
            "cmd=griffon",
            "proto=uci",
            "name=uci",
            "--engine",
            "cmd=griffon",
            "name=cecp",
            "--variant",
            variant,
            "--games",
            "2",
            "--depth",
            "2",
            "--random-plies",
            "2",
            "--adjudicate",
            "maxmoves=40",
            "--pgn",
            pgn.to_str().unwrap(),
            "--json",
            json.to_str().unwrap(),
        ]);
        let summary = std::fs::read_to_string(&json).unwrap();
        assert!(summary.contains("\"faults\":[]"), "{summary}\n{err}");
        assert!(out.contains("Score of uci vs cecp: "), "{out}");
        assert!(out.contains("Pairs (0, 1/2, 1, 3/2, 2): "), "{out}");
        let text = std::fs::read_to_string(&pgn).unwrap();
        let games = replayed(variant, &text);
        assert_eq!(games.len(), 2, "{text}");
        for (fen, plies) in games {
            assert!(fen, "random openings have a FEN");
            assert!(plies > 4, "{text}");
        }
    }
}

/// A UCI engine's illegal move loses; one without `UCI_Variant` plays
/// chess only.
#[test]
fn a_uci_engine_that_moves_illegally_loses() {
    let json = temp("uci-illegal.json");
    let (out, err) = run(&[
        "--engine",
        "cmd=griffon",
        "name=griffon",
        "--engine",
        &fake("uci-illegal"),
        "proto=uci",
        "name=fake",
        "--games",
        "2",
        "--depth",
        "1",
        "--json",
        json.to_str().unwrap(),
    ]);
    let summary = std::fs::read_to_string(&json).unwrap();
    assert!(
        summary.contains("\"wins\":2,\"losses\":0,\"draws\":0"),
        "{summary}\n{err}"
    );
    assert_eq!(summary.matches("illegal move by").count(), 2, "{summary}");
    assert!(
        out.contains("Score of griffon vs fake: 2 - 0 - 0  [1.000] 2"),
        "{out}"
    );

    let out = Command::new(GRIFFON)
        .args(["match", "--engine", "cmd=griffon", "--engine"])
        .args([fake("uci-illegal").as_str(), "proto=uci"])
        .args(["--variant", "shogi", "--depth", "1"])
        .output()
        .expect("griffon runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("does not play shogi (its variants: chess)"),
        "{err}"
    );
}

#[test]
fn faulty_engines_lose_and_the_match_goes_on() {
    for (engine, clock, reason) in [
        ("illegal", "--depth", "illegal move"),
        ("crash", "--depth", "crashed"),
        ("hang", "--depth", "did not move"),
        ("hang", "--tc", "loses on time"),
    ] {
        let json = temp(&format!("{engine}{clock}.json"));
        let limit = if clock == "--depth" { "1" } else { "1+0" };
        let (out, err) = run(&[
            "--engine",
            &format!("cmd={GRIFFON}"),
            "name=griffon",
            "--engine",
            &fake(engine),
            "name=fake",
            "--games",
            "2",
            clock,
            limit,
            "--move-timeout",
            "1",
            "--json",
            json.to_str().unwrap(),
        ]);
        let summary = std::fs::read_to_string(&json).unwrap();
        // Both games were played (the fake restarted after a crash or
        // hang), and it lost both, each with the reason recorded.
        assert!(
            summary.contains("\"wins\":2,\"losses\":0,\"draws\":0"),
            "{engine} {clock}: {summary}\n{err}"
        );
        assert_eq!(summary.matches("\"fault\":").count(), 2, "{summary}");
        assert_eq!(summary.matches(reason).count(), 2, "{engine}: {summary}");
        assert!(out.contains(reason), "{out}");
    }
}

#[test]
fn claiming_ones_own_loss_is_a_resignation() {
    // HaChu resigns with `0-1 {resign}` as White: not a false claim.
    let pgn = temp("resign-claim.pgn");
    let json = temp("resign-claim.json");
    run(&[
        "--engine",
        &format!("cmd={GRIFFON}"),
        "name=griffon",
        "--engine",
        &fake("resign-claim"),
        "name=resigner",
        "--games",
        "2",
        "--depth",
        "1",
        "--pgn",
        pgn.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    let summary = std::fs::read_to_string(&json).unwrap();
    assert!(
        summary.contains("\"wins\":2,\"losses\":0,\"draws\":0"),
        "{summary}"
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches(" resigns\"]").count(), 2, "{text}");
    assert!(!text.contains("false claim"), "{text}");
}

#[test]
fn bad_arguments_are_errors() {
    for args in [
        vec!["--engine", "cmd=x", "--engine", "cmd=y"],
        vec!["--engine", "cmd=x", "--depth", "2"],
        vec!["--engine", "cmd=x", "--engine", "cmd=y", "--tc", "fast"],
        vec![
            "--engine", "cmd=x", "--engine", "cmd=y", "--depth", "2", "--sprt", "elo0=5",
        ],
        vec!["--engine", "name=x", "--engine", "cmd=y", "--depth", "2"],
        vec![
            "--engine",
            "cmd=/nonexistent/engine",
            "--engine",
            "cmd=y",
            "--depth",
            "1",
        ],
    ] {
        let out = Command::new(GRIFFON)
            .arg("match")
            .args(&args)
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.is_empty(), "{args:?}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn an_engine_without_the_variant_is_a_runner_error() {
    // The fake engines announce no variants: normal chess only.
    let out = Command::new(GRIFFON)
        .args(["match", "--engine", &format!("cmd={GRIFFON}"), "--engine"])
        .args(fake("illegal").split(' '))
        .args(["--variant", "xiangqi", "--depth", "1"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("does not play xiangqi"), "{err}");
}

#[test]
fn adjudication_ends_games_as_asked() {
    // Any scores are within a margin of 100000: a draw as soon as each
    // engine has reported one for a move.
    let pgn = temp("adjudicated.pgn");
    run(&[
        "--engine",
        "cmd=griffon",
        "name=a",
        "--engine",
        "cmd=griffon",
        "name=b",
        "--games",
        "2",
        "--depth",
        "2",
        "--adjudicate",
        "draw=1,margin=100000",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(
        text.matches("[Termination \"adjudication: draw\"]").count(),
        2,
        "{text}"
    );
    assert_eq!(text.matches("[Result \"1/2-1/2\"]").count(), 2);
    // ... and a cap on the length: a draw after 3 moves.
    run(&[
        "--engine",
        "cmd=griffon",
        "--engine",
        "cmd=griffon",
        "--games",
        "2",
        "--depth",
        "1",
        "--adjudicate",
        "maxmoves=3",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("game too long").count(), 4, "{text}");
    assert!(text.contains("3. ") && !text.contains("4. "), "{text}");
}

#[test]
fn lion_moves_sent_in_two_lines_are_joined() {
    // HaChu sends a Lion's two-leg move as `move f5f6,` and `move f6f5`.
    let json = temp("lion-legs.json");
    let pgn = temp("lion-legs.pgn");
    let (_, err) = run(&[
        "--engine",
        &fake("lion-legs"),
        "--engine",
        "cmd=griffon",
        "--variant",
        "chu",
        "--games",
        "2",
        "--depth",
        "1",
        "--adjudicate",
        "maxmoves=8",
        "--json",
        json.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let summary = std::fs::read_to_string(&json).unwrap();
    assert!(summary.contains("\"faults\":[]"), "{summary}\n{err}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    // The passes were played: the Lion's jump and at least one pass each.
    assert!(text.contains("f3f5") && text.contains("g10g8"), "{text}");
    assert!(!text.contains("illegal"), "{text}");
}

#[test]
fn tables_convert_through_the_engine() {
    // King and pawn against king from one of the three positions where
    // White's longest win is published as mate in 28 moves (Kryukov's
    // forum, "Longest Mate in kqk"). With the tables, both engines play
    // it perfectly through the protocol: the pawn promotes (into the
    // KQvK table) and White mates on its 28th move, the 55th ply, while
    // Black resists as long as it can. A 4-ply search alone sees nothing
    // of this.
    let dir = temp("kpk-tables");
    let status = Command::new(GRIFFON)
        .args(["tb", "gen", "--material", "KPvK", "--out"])
        .arg(&dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .expect("run griffon tb gen");
    assert!(status.success());
    let openings = temp("kpk.epd");
    std::fs::write(&openings, "8/8/8/1k6/8/8/K5P1/8 w - - 0 1\n").unwrap();
    let pgn = temp("kpk.pgn");
    let engine = |name: &str| {
        format!(
            "cmd={GRIFFON} arg=xboard arg=--tb-path arg={} name={name}",
            dir.display()
        )
    };
    let (a, b) = (engine("a"), engine("b"));
    let mut args: Vec<&str> = vec!["--engine"];
    args.extend(a.split(' '));
    args.push("--engine");
    args.extend(b.split(' '));
    let openings = openings.display().to_string();
    let pgn_path = pgn.display().to_string();
    args.extend([
        "--variant",
        "normal",
        "--openings",
        &openings,
        "--games",
        "2",
        "--depth",
        "4",
        "--pgn",
        &pgn_path,
    ]);
    run(&args);
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Result \"1-0\"]").count(), 2, "{text}");
    assert_eq!(
        text.matches("[Termination \"White mates\"]").count(),
        2,
        "{text}"
    );
    let games = parse_pgn(&text);
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_eq!(g.moves.len(), 55, "{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tables_adjudicate_the_positions_they_hold() {
    let dir = temp("kpk-adjudication");
    let status = Command::new(GRIFFON)
        .args(["tb", "gen", "--material", "KPvK", "--out"])
        .arg(&dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .expect("run griffon tb gen");
    assert!(status.success());
    let tb = format!("tb={}", dir.display());
    let engine = format!(
        "cmd={GRIFFON} arg=xboard arg=--tb-path arg={} name=t",
        dir.display()
    );
    let play = |fen: &str, name: &str| {
        let openings = temp(&format!("{name}.epd"));
        std::fs::write(&openings, format!("{fen}\n")).unwrap();
        let pgn = temp(&format!("{name}.pgn"));
        let mut args: Vec<String> = vec!["--engine".into()];
        args.extend(engine.split(' ').map(String::from));
        args.push("--engine".into());
        args.extend(engine.split(' ').map(String::from));
        for a in [
            "--openings",
            openings.to_str().unwrap(),
            "--games",
            "2",
            "--depth",
            "3",
            "--adjudicate",
            &tb,
            "--pgn",
            pgn.to_str().unwrap(),
        ] {
            args.push(a.into());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        run(&args);
        let text = std::fs::read_to_string(&pgn).unwrap();
        (parse_pgn(&text), text)
    };
    // White's longest KPvK win, published as mate in 28 (Kryukov's forum,
    // as in tables_convert_through_the_engine): the tables end both games
    // at once, and the PGN says why.
    let (games, text) = play("8/8/8/1k6/8/8/K5P1/8 w - - 0 1", "kpk-win");
    assert_eq!(games.len(), 2);
    assert!(games.iter().all(|g| g.moves.is_empty()), "{text}");
    assert_eq!(text.matches("[Result \"1-0\"]").count(), 2, "{text}");
    assert_eq!(
        text.matches("[Termination \"adjudication: tablebase win for White (mate in 28)\"]")
            .count(),
        2,
        "{text}"
    );
    assert!(
        text.contains("{adjudication: tablebase win for White"),
        "{text}"
    );
    // A rook's pawn with the defending king on its queening square: the
    // textbook draw.
    let (_, text) = play("k7/8/8/8/P7/8/8/K7 w - - 0 1", "kpk-draw");
    assert_eq!(
        text.matches("[Termination \"adjudication: tablebase draw\"]")
            .count(),
        2,
        "{text}"
    );
    assert_eq!(text.matches("[Result \"1/2-1/2\"]").count(), 2, "{text}");
    // A pawn the far king cannot catch (the rule of the square), with one
    // ply left before the 50-move rule: not a win yet, so the game goes
    // on; the pawn move that restarts the count (the engines, with the
    // tables, choose it) makes it one again, now with Black to move.
    let (games, text) = play("k7/8/8/8/8/8/6P1/7K w - - 99 1", "kpk-count");
    assert!(games.iter().all(|g| g.moves.len() == 1), "{text}");
    assert!(games.iter().all(|g| g.moves[0].starts_with("g2")), "{text}");
    assert_eq!(
        text.matches("[Termination \"adjudication: tablebase win for White (mate in")
            .count(),
        2,
        "{text}"
    );
    // Wrong uses are errors: no tables there, a variant tables refuse, a
    // bare-king rule the match's referee does not apply.
    let empty = temp("no-tables");
    std::fs::create_dir_all(&empty).unwrap();
    for (variant, path) in [
        ("normal", empty.display().to_string()),
        ("normal", "/nonexistent/tables".into()),
        ("shogi", dir.display().to_string()),
        ("courier", dir.display().to_string()),
        ("normal", String::new()),
    ] {
        let out = Command::new(GRIFFON)
            .args([
                "match",
                "--engine",
                "cmd=griffon",
                "--engine",
                "cmd=griffon",
            ])
            .args(["--variant", variant, "--depth", "1", "--adjudicate"])
            .arg(format!("tb={path}"))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{variant} {path}: {err}");
        assert!(err.contains("tb"), "{variant} {path}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_count_in_an_opening_fen_is_kept() {
    // Makruk under a name XBoard does not know, whose count ends games:
    // from two knights against the bare king with 60 of 64 plies counted
    // (Fairy-Stockfish's FEN), each game is drawn by the count after 5
    // plies, as pyffish judges it (tests/data/counting/fsf-counting.txt).
    let variants = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/variants/test-variants.ini"
    );
    let openings = temp("counting.epd");
    let fen = "8/8/8/3k4/8/8/8/NN2K3 b - 64 60 40";
    std::fs::write(&openings, format!("{fen}\n")).unwrap();
    let pgn = temp("counting.pgn");
    let engine = format!("cmd={GRIFFON} arg=xboard arg=--variant-file arg={variants}");
    let mut args: Vec<&str> = vec!["--engine"];
    args.extend(engine.split(' '));
    args.push("--engine");
    args.extend(engine.split(' '));
    let (openings, pgn_path) = (openings.display().to_string(), pgn.display().to_string());
    args.extend([
        "--variant-file",
        variants,
        "--variant",
        "makruk-counted",
        "--openings",
        &openings,
        "--games",
        "2",
        "--depth",
        "2",
        "--pgn",
        &pgn_path,
    ]);
    run(&args);
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(
        text.matches(&format!("[FEN \"{fen}\"]")).count(),
        2,
        "{text}"
    );
    assert_eq!(
        text.matches("[Termination \"counting rule\"]").count(),
        2,
        "{text}"
    );
    let mut set = VariantSet::new();
    set.load_builtins().unwrap();
    set.load_file(variants).strict().unwrap();
    let rules = Rules::new(set.get("makruk-counted").unwrap().clone()).unwrap();
    for g in parse_pgn(&text) {
        assert_eq!(g.fen.as_deref(), Some(fen));
        assert_eq!(g.moves.len(), 5, "{text}");
        let mut game = Game::new(Position::from_fen(rules.clone(), fen).unwrap());
        for m in &g.moves {
            let mv = game.parse_move(m).unwrap();
            game.play(mv);
        }
        assert_eq!(game.position().counting(), Some((64, 65)));
    }

    // XBoard's own makruk has no counting rule, and the match referees it
    // as XBoard does: the count is kept in the FEN the engines get and
    // the PGN records, but the game goes on after it has run out.
    let fen = "7k/8/8/R3K3/8/8/8/1R6 w - 16 17 6";
    std::fs::write(temp("counting.epd"), format!("{fen}\n")).unwrap();
    run(&[
        "--engine",
        "cmd=griffon",
        "--engine",
        "cmd=griffon",
        "--variant",
        "makruk",
        "--openings",
        &openings,
        "--games",
        "2",
        "--depth",
        "1",
        "--adjudicate",
        "maxmoves=2",
        "--pgn",
        &pgn_path,
    ]);
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(
        text.matches(&format!("[FEN \"{fen}\"]")).count(),
        2,
        "{text}"
    );
    assert!(!text.contains("counting rule"), "{text}");
}
