//! `griffon match`: engine-vs-engine matches refereed by Griffon's own
//! rules, for any variant Griffon knows. Where XBoard 4.9 lacks one of a
//! variant's game-end rules (makruk counting, courier's and chu's bare
//! king), the caller passes the variant without it, as the engines play
//! it.
//!
//! The runner drives each engine as XBoard does, or a UCI engine as Cute
//! Chess does (see [`engine`], [`uci`]), checks
//! every move against the variant's rules ([`play`]), keeps the clocks
//! ([`clock`]), and reports results with Elo, error bar, LOS and SPRT
//! ([`stats`]). Games come in colour-swapped pairs from the same opening
//! ([`openings`]); `--concurrency` games run at once, each pair of
//! engines in its own worker thread. An engine that crashes or hangs
//! loses that game and is restarted for the next. With `tb=PATH`
//! adjudication, Griffon's tables in PATH end games they hold
//! ([`open_tablebases`], [`play::tablebase_verdict`]).

pub mod clock;
pub mod engine;
pub mod openings;
pub mod play;
pub mod stats;
pub mod uci;

use crate::game::Game;
use crate::notation::pgn;
use crate::position::{Position, Rules};
use crate::tablebase::probe::Tablebases;
use crate::types::Color;
use crate::variant::{FenFields, Variant};
use engine::{Engine, EngineSpec};
use play::{Fault, GameRecord, GameSettings, Opening};
use stats::{Pentanomial, Sprt, Tally};
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub engines: Vec<EngineSpec>,
    pub variant: Arc<Variant>,
    /// Games per pairing of engines (rounded up to whole colour-swapped
    /// pairs when openings are used).
    pub games: usize,
    pub concurrency: usize,
    pub settings: GameSettings,
    pub openings: Vec<Opening>,
    pub pgn: Option<String>,
    pub json: Option<String>,
    pub sprt: Option<Sprt>,
    /// Time allowed for starting an engine and its feature negotiation.
    pub start_timeout: Duration,
}

/// One scheduled game: the engines (indices into `engines`) and opening.
#[derive(Clone, Copy, Debug)]
struct Job {
    number: usize,
    white: usize,
    black: usize,
    opening: usize,
    /// The colour-swapped pair the game belongs to.
    pair: usize,
}

/// A game's outcome as the runner reports it.
#[derive(Clone, Debug)]
pub struct Finished {
    pub number: usize,
    pub white: usize,
    pub black: usize,
    pub pair: usize,
    pub record: GameRecord,
}

/// The result of a match.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Per engine: points and games.
    pub points: Vec<(f64, u32)>,
    /// The first engine against the second (with two engines: the match).
    pub tally: Tally,
    /// The same games as colour-swapped pairs.
    pub pairs: Pentanomial,
    /// The first engine's score in pairs with one game finished.
    half_pairs: Vec<(usize, f64)>,
    pub games: Vec<(usize, usize, &'static str, String)>,
    pub faults: Vec<(usize, String)>,
    pub sprt_decision: Option<bool>,
    /// Games that could not be played (a bad opening).
    pub unplayed: usize,
}

fn schedule(config: &MatchConfig) -> Vec<Job> {
    let n = config.engines.len();
    let mut jobs = Vec::new();
    let mut pairs = 0;
    for a in 0..n {
        for b in a + 1..n {
            for g in 0..config.games {
                let (white, black) = if g % 2 == 0 { (a, b) } else { (b, a) };
                let opening = if config.openings.is_empty() {
                    0
                } else {
                    (g / 2) % config.openings.len()
                };
                jobs.push(Job {
                    number: jobs.len() + 1,
                    white,
                    black,
                    opening,
                    pair: pairs + g / 2,
                });
            }
            pairs += config.games.div_ceil(2);
        }
    }
    jobs
}

/// Runs the match; progress goes to stderr, the final table to stdout.
pub fn run(config: &MatchConfig) -> Result<Summary, String> {
    if config.engines.len() < 2 {
        return Err("a match needs at least two engines".into());
    }
    if config.sprt.is_some() && config.engines.len() != 2 {
        return Err("an SPRT compares exactly two engines".into());
    }
    let rules = Rules::new(config.variant.clone()).map_err(|e| e.to_string())?;
    let referee = Referee {
        tables: match &config.settings.adjudication.tablebases {
            Some(dir) => Some(open_tablebases(dir, &rules)?),
            None => None,
        },
        rules: rules.clone(),
    };
    // Every opening must set up; a bad one is an error before any game.
    for (i, o) in config.openings.iter().enumerate() {
        start_position(&rules, o).map_err(|e| format!("opening {}: {e}", i + 1))?;
    }
    let jobs = schedule(config);
    let total = jobs.len();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = crossbeam::channel::unbounded::<Result<Finished, String>>();
    let mut pgn_file = match &config.pgn {
        Some(path) => {
            Some(std::fs::File::create(path).map_err(|e| format!("cannot write {path}: {e}"))?)
        }
        None => None,
    };
    let mut summary = Summary {
        points: vec![(0.0, 0); config.engines.len()],
        ..Summary::default()
    };
    let mut errors: Vec<String> = Vec::new();
    std::thread::scope(|scope| {
        for w in 0..config.concurrency.max(1).min(total.max(1)) {
            let tx = tx.clone();
            let (jobs, next, stop, referee) = (&jobs, &next, &stop, &referee);
            scope.spawn(move || worker(w, config, referee, jobs, next, stop, &tx));
        }
        drop(tx);
        for msg in rx.iter() {
            let f = match msg {
                Ok(f) => f,
                Err(e) => {
                    eprintln!("{e}");
                    errors.push(e);
                    stop.store(true, Ordering::Relaxed);
                    continue;
                }
            };
            record_result(config, &mut summary, &f);
            if let Some(file) = pgn_file.as_mut() {
                let text = pgn_text(config, &f);
                if let Err(e) = file.write_all(text.as_bytes()).and_then(|()| file.flush()) {
                    eprintln!("cannot write the PGN: {e}");
                }
            }
            progress(config, &summary, &f, total);
            if let Some(test) = &config.sprt
                && let Some(d) = summary.tally.sprt(test).decision()
            {
                summary.sprt_decision = Some(d);
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    print_table(config, &summary);
    if let Some(path) = &config.json {
        std::fs::write(path, json(config, &summary))
            .map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    // An engine that cannot be started stops the match: a runner error.
    match errors.first() {
        Some(e) => Err(format!("the match stopped: {e}")),
        None => Ok(summary),
    }
}

fn start_position(rules: &Arc<Rules>, o: &Opening) -> Result<Game, String> {
    let pos = match &o.fen {
        Some(fen) => Position::from_fen(rules.clone(), fen).map_err(|e| e.to_string())?,
        None => Position::start(rules.clone()).map_err(|e| e.to_string())?,
    };
    let mut game = Game::new(pos);
    for m in &o.moves {
        let mv = game.parse_any(m).map_err(|e| format!("move {m}: {e}"))?;
        game.play(mv);
    }
    Ok(game)
}

/// The tables `tb=DIR` adjudicates with, opened with the referee's rules:
/// an error when the variant cannot have tables, when the referee applies
/// a counting rule (tables do not model one), or when `dir` holds no table
/// of the variant. A file that cannot be used is a warning on stderr.
pub fn open_tablebases(dir: &std::path::Path, rules: &Arc<Rules>) -> Result<Tablebases, String> {
    let what = |why: String| format!("--adjudicate tb={}: {why}", dir.display());
    crate::tablebase::check_rules(rules).map_err(|e| what(e.to_string()))?;
    if rules.variant.end.counting_judged() {
        return Err(what(format!(
            "variant {} has a counting rule, which tables do not model",
            rules.variant.name
        )));
    }
    let (tables, warnings) = Tablebases::open(dir, rules);
    for w in warnings {
        eprintln!("warning: tablebase {w}");
    }
    if tables.is_empty() {
        return Err(what(format!(
            "no usable table of variant {} there",
            rules.variant.name
        )));
    }
    Ok(tables)
}

/// What every game is judged by: the rules, and the tables of `tb=`
/// adjudication.
struct Referee {
    rules: Arc<Rules>,
    tables: Option<Tablebases>,
}

fn worker(
    id: usize,
    config: &MatchConfig,
    referee: &Referee,
    jobs: &[Job],
    next: &AtomicUsize,
    stop: &AtomicBool,
    tx: &crossbeam::channel::Sender<Result<Finished, String>>,
) {
    let mut running: Vec<Option<Engine>> = (0..config.engines.len()).map(|_| None).collect();
    let default_opening = Opening::default();
    while !stop.load(Ordering::Relaxed) {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(job) = jobs.get(i) else { break };
        // Start whichever engine is not running (first use, or after a
        // crash or hang).
        let mut failed = None;
        for e in [job.white, job.black] {
            if running[e].is_none() {
                match Engine::start(&config.engines[e], config.start_timeout) {
                    Ok(engine) => {
                        let variant = match engine.protocol() {
                            engine::Protocol::Xboard => &config.settings.variant,
                            engine::Protocol::Uci => &config.settings.uci_variant,
                        };
                        if !engine.variants().iter().any(|v| v == variant) {
                            failed = Some(format!(
                                "{} does not play {variant} (its variants: {})",
                                engine.name(),
                                engine.variants().join(",")
                            ));
                        }
                        // Without `setboard`, XBoard's edit mode sets the
                        // positions up, unless one needs pieces in hand.
                        if !engine.takes_fen()
                            && let Some(why) = config.openings.iter().find_map(|o| {
                                let fen = Opening {
                                    fen: Some(o.fen.clone()?),
                                    moves: Vec::new(),
                                };
                                let game = start_position(&referee.rules, &fen).ok()?;
                                play::edit_commands(game.position()).err()
                            })
                        {
                            failed = Some(format!(
                                "{} cannot set up the openings (no setboard feature, and {why})",
                                engine.name()
                            ));
                        }
                        running[e] = Some(engine);
                    }
                    Err(err) => failed = Some(err),
                }
            }
        }
        if let Some(err) = failed {
            let _ = tx.send(Err(format!("worker {id}: {err}")));
            break;
        }
        let opening = config.openings.get(job.opening).unwrap_or(&default_opening);
        let Ok(mut game) = start_position(
            &referee.rules,
            &Opening {
                fen: opening.fen.clone(),
                moves: Vec::new(),
            },
        ) else {
            continue; // checked before the workers started
        };
        let (a, b) = if job.white < job.black {
            let (lo, hi) = running.split_at_mut(job.black);
            (&mut lo[job.white], &mut hi[0])
        } else {
            let (lo, hi) = running.split_at_mut(job.white);
            (&mut hi[0], &mut lo[job.black])
        };
        let (Some(white), Some(black)) = (a.as_mut(), b.as_mut()) else {
            continue;
        };
        let record = play::play_game(
            [white, black],
            &mut game,
            opening,
            &config.settings,
            referee.tables.as_ref(),
        );
        if let Some((side, fault)) = record.faulted
            && matches!(fault, Fault::Crash | Fault::Hang)
        {
            let e = if side == Color::White {
                job.white
            } else {
                job.black
            };
            if let Some(engine) = running[e].take() {
                engine.quit();
            }
        }
        let finished = Finished {
            number: job.number,
            white: job.white,
            black: job.black,
            pair: job.pair,
            record,
        };
        if tx.send(Ok(finished)).is_err() {
            break;
        }
    }
    for e in running.into_iter().flatten() {
        e.quit();
    }
}

fn record_result(config: &MatchConfig, summary: &mut Summary, f: &Finished) {
    let r = &f.record;
    let (w, b) = match r.result {
        "1-0" => (1.0, 0.0),
        "0-1" => (0.0, 1.0),
        "1/2-1/2" => (0.5, 0.5),
        _ => {
            summary.unplayed += 1;
            return;
        }
    };
    summary.points[f.white].0 += w;
    summary.points[f.white].1 += 1;
    summary.points[f.black].0 += b;
    summary.points[f.black].1 += 1;
    // The first engine's view of its games against the second.
    if (f.white, f.black) == (0, 1) || (f.white, f.black) == (1, 0) {
        let first = if f.white == 0 { w } else { b };
        if first == 1.0 {
            summary.tally.wins += 1;
        } else if first == 0.0 {
            summary.tally.losses += 1;
        } else {
            summary.tally.draws += 1;
        }
        match summary.half_pairs.iter().position(|&(p, _)| p == f.pair) {
            Some(i) => {
                let (_, other) = summary.half_pairs.swap_remove(i);
                summary.pairs.add(other, first);
            }
            None => summary.half_pairs.push((f.pair, first)),
        }
    }
    if let Some((side, _)) = r.faulted {
        let e = if side == Color::White {
            f.white
        } else {
            f.black
        };
        summary.faults.push((
            f.number,
            format!("{}: {}", config.engines[e].name, r.reason),
        ));
    }
    summary
        .games
        .push((f.white, f.black, r.result, r.reason.clone()));
}

/// `A vs B: +W -L =D [score] Elo E +/- R, LOS P%`, and the SPRT's state.
fn tally_text(config: &MatchConfig, t: &Tally) -> String {
    let (elo, err) = t.elo();
    let mut text = format!(
        "{} vs {}: +{} -{} ={} [{:.3}] Elo {:.1} +/- {:.1}, LOS {:.1}%",
        config.engines[0].name,
        config.engines[1].name,
        t.wins,
        t.losses,
        t.draws,
        t.score(),
        elo,
        err,
        100.0 * t.los()
    );
    if let Some(test) = &config.sprt {
        let s = t.sprt(test);
        text += &format!(", LLR {:.2} ({:.2}, {:.2})", s.llr, s.lower, s.upper);
    }
    text
}

/// The game pairs: how many scored 0, ½, 1, 1½ and 2, and the Elo and
/// normalised Elo they give.
fn pairs_text(p: &Pentanomial) -> String {
    let (elo, err) = p.elo();
    let (nelo, nerr) = p.normalized_elo();
    let c = p.counts;
    format!(
        "Pairs (0, 1/2, 1, 3/2, 2): {} {} {} {} {}: Elo {elo:.1} +/- {err:.1}, nElo {nelo:.1} +/- {nerr:.1}",
        c[0], c[1], c[2], c[3], c[4]
    )
}

/// The result as Cute Chess prints it, for scripts that read its output:
/// `Score of A vs B: W - L - D  [score] N` and the Elo line.
fn cute_chess_lines(config: &MatchConfig, t: &Tally) -> [String; 2] {
    let (elo, err) = t.elo();
    let games = t.games();
    [
        format!(
            "Score of {} vs {}: {} - {} - {}  [{:.3}] {games}",
            config.engines[0].name,
            config.engines[1].name,
            t.wins,
            t.losses,
            t.draws,
            t.score()
        ),
        format!(
            "Elo difference: {elo:.1} +/- {err:.1}, LOS: {:.1} %, DrawRatio: {:.1} %",
            100.0 * t.los(),
            100.0 * f64::from(t.draws) / f64::from(games.max(1))
        ),
    ]
}

fn progress(config: &MatchConfig, summary: &Summary, f: &Finished, total: usize) {
    let name = |i: usize| config.engines[i].name.as_str();
    eprintln!(
        "Game {}/{}: {} - {} {} {{{}}} | {}",
        f.number,
        total,
        name(f.white),
        name(f.black),
        f.record.result,
        f.record.reason,
        tally_text(config, &summary.tally)
    );
}

fn print_table(config: &MatchConfig, summary: &Summary) {
    println!(
        "{:<4} {:<24} {:>8} {:>6} {:>7}",
        "Rank", "Engine", "Points", "Games", "Score"
    );
    let mut order: Vec<usize> = (0..config.engines.len()).collect();
    order.sort_by(|&a, &b| {
        let sa = summary.points[a].0 / f64::from(summary.points[a].1.max(1));
        let sb = summary.points[b].0 / f64::from(summary.points[b].1.max(1));
        sb.total_cmp(&sa)
    });
    for (rank, &e) in order.iter().enumerate() {
        let (p, g) = summary.points[e];
        println!(
            "{:<4} {:<24} {:>8.1} {:>6} {:>6.1}%",
            rank + 1,
            config.engines[e].name,
            p,
            g,
            100.0 * p / f64::from(g.max(1))
        );
    }
    println!("{}", tally_text(config, &summary.tally));
    if summary.pairs.pairs() > 0 {
        println!("{}", pairs_text(&summary.pairs));
    }
    for line in cute_chess_lines(config, &summary.tally) {
        println!("{line}");
    }
    if config.sprt.is_some() {
        let verdict = match summary.sprt_decision {
            Some(true) => "H1 accepted",
            Some(false) => "H0 accepted",
            None => "no decision",
        };
        println!("SPRT: {verdict}");
    }
    for (n, f) in &summary.faults {
        println!("game {n}: {f}");
    }
}

fn pgn_text(config: &MatchConfig, f: &Finished) -> String {
    let r = &f.record;
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut tag = |k: &str, v: &str| tags.push((k.to_string(), v.to_string()));
    tag("Event", "griffon match");
    tag("Site", "?");
    tag("Round", &f.number.to_string());
    tag("White", &r.white);
    tag("Black", &r.black);
    tag("Result", r.result);
    let variant = &config.settings.variant;
    if variant != "normal" {
        tag("Variant", variant);
    }
    if !r.standard_start || variant != "normal" {
        tag("FEN", &r.start_fen);
        tag("SetUp", "1");
    }
    if let Some(tc) = &config.settings.tc {
        tag("TimeControl", &tc.pgn_tag());
    }
    tag("Termination", &r.reason);
    // Move numbers follow the start position's side to move and number.
    let fields = FenFields::split(&r.start_fen).ok();
    pgn::write_game(&pgn::GameRecord {
        tags,
        moves: r.moves.clone(),
        black_first: fields.as_ref().is_some_and(|f| f.side == "b"),
        first_number: fields.and_then(|f| f.fullmove?.parse().ok()).unwrap_or(1),
        final_comment: Some(r.reason.clone()),
        result: r.result.to_string(),
    })
}

/// A string inside JSON quotes.
fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn json(config: &MatchConfig, summary: &Summary) -> String {
    let t = &summary.tally;
    let (elo, err) = t.elo();
    let num = |x: f64| {
        if x.is_finite() {
            format!("{x:.3}")
        } else {
            "null".into()
        }
    };
    let engines: Vec<String> = config
        .engines
        .iter()
        .zip(&summary.points)
        .map(|(e, (p, g))| {
            format!(
                "{{\"name\":\"{}\",\"points\":{p},\"games\":{g}}}",
                escape(&e.name)
            )
        })
        .collect();
    let faults: Vec<String> = summary
        .faults
        .iter()
        .map(|(n, f)| format!("{{\"game\":{n},\"fault\":\"{}\"}}", escape(f)))
        .collect();
    let sprt = match &config.sprt {
        Some(test) => {
            let s = t.sprt(test);
            let decision = match summary.sprt_decision {
                Some(true) => "\"H1\"",
                Some(false) => "\"H0\"",
                None => "null",
            };
            format!(
                "{{\"llr\":{},\"lower\":{},\"upper\":{},\"decision\":{decision}}}",
                num(s.llr),
                num(s.lower),
                num(s.upper)
            )
        }
        None => "null".into(),
    };
    let p = &summary.pairs;
    let (pelo, perr) = p.elo();
    let (nelo, nerr) = p.normalized_elo();
    let pairs = format!(
        "{{\"counts\":[{}],\"elo\":{},\"elo_error\":{},\"nelo\":{},\"nelo_error\":{}}}",
        p.counts.map(|c| c.to_string()).join(","),
        num(pelo),
        num(perr),
        num(nelo),
        num(nerr)
    );
    format!(
        "{{\"variant\":\"{}\",\"engines\":[{}],\"wins\":{},\"losses\":{},\"draws\":{},\"score\":{},\"elo\":{},\"elo_error\":{},\"los\":{},\"pairs\":{pairs},\"sprt\":{sprt},\"faults\":[{}],\"unplayed\":{}}}\n",
        escape(&config.variant.name),
        engines.join(","),
        t.wins,
        t.losses,
        t.draws,
        num(t.score()),
        num(elo),
        num(err),
        num(t.los()),
        faults.join(","),
        summary.unplayed
    )
}
