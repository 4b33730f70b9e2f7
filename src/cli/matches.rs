//! `griffon match`: engines against each other over CECP or UCI,
//! refereed by Griffon's rules.

use super::variant_set;
use clap::Args;
use griffon::position::Rules;
use std::path::PathBuf;

#[derive(Args)]
pub struct MatchArgs {
    /// An engine (give two or more): `cmd=PATH [ARGS...] name=NAME
    /// dir=DIR option.NAME=VALUE cores=N memory=MB proto=xboard|uci`,
    /// starting with `cmd=` (`cores` and `memory` override the match's for
    /// this engine; `proto=uci` for a UCI engine, which gets the variant as
    /// `UCI_Variant`; CECP otherwise). Words after
    /// `cmd=` without `=` are the command's arguments; `cmd=griffon` is
    /// this program.
    #[arg(long = "engine", num_args = 1.., action = clap::ArgAction::Append, required = true)]
    engines: Vec<String>,
    /// Variant (XBoard's name); sent to CECP engines with `variant`, to UCI
    /// engines as `UCI_Variant` (`chess` for `normal`).
    #[arg(long, default_value = "normal")]
    variant: String,
    /// Also load variant definitions from this file.
    #[arg(long)]
    variant_file: Option<PathBuf>,
    /// Games per pairing of engines, in colour-swapped pairs from the same
    /// opening.
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Time control: `40/60` (moves/seconds), `10+0.1` (seconds +
    /// increment), `1:30+1`, `60` (sudden death).
    #[arg(long)]
    tc: Option<String>,
    /// Fixed time per move in seconds (XBoard's `st`).
    #[arg(long)]
    st: Option<f64>,
    /// Fixed search depth (XBoard's `sd`).
    #[arg(long)]
    depth: Option<u32>,
    /// Hash size per engine in MB (`memory`, to engines that take it).
    #[arg(long, default_value_t = 64)]
    memory: u32,
    /// Threads per engine (`cores`, to engines that take it).
    #[arg(long, default_value_t = 1)]
    cores: u32,
    /// Openings: an EPD/FEN file (one position per line) or a PGN file
    /// (`[FEN]` tags and moves in coordinate notation).
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Openings of this many random plies (kept when a short search finds
    /// them within 1.5 pawns of equal); one per pair of games.
    #[arg(long)]
    random_plies: Option<usize>,
    /// Openings from this opening book: book moves picked at random by
    /// weight, up to `--book-plies`; one per pair of games.
    #[arg(long)]
    book: Option<PathBuf>,
    /// Most plies of a book opening.
    #[arg(long = "book-plies", default_value_t = 16)]
    book_plies: usize,
    /// Seed for random and book openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the games here (PGN with [Variant], [FEN] and [SetUp] tags).
    #[arg(long)]
    pgn: Option<PathBuf>,
    /// Write a JSON summary here.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Stop early by a sequential probability ratio test:
    /// `elo0=0,elo1=5[,alpha=0.05,beta=0.05]` (two engines only).
    #[arg(long)]
    sprt: Option<String>,
    /// Adjudication (repeatable): `draw=MOVES,margin=CP[,after=MOVE]`
    /// (both scores within the margin for that many moves each),
    /// `resign=MOVES,score=CP` (both agree a side is that far behind),
    /// `maxmoves=N` (a draw after N moves; default 1000), `tb=PATH` (a
    /// position Griffon's tables in PATH hold ends with their result; a
    /// win the n-move rule would cut short is played on).
    #[arg(long)]
    adjudicate: Vec<String>,
    /// Milliseconds an engine may overstep its clock before it loses on
    /// time.
    #[arg(long, default_value_t = 100)]
    time_margin: u64,
    /// Seconds to wait for a move when no clock bounds it (fixed depth):
    /// an engine silent for longer has hung and loses.
    #[arg(long, default_value_t = 60.0)]
    move_timeout: f64,
}

pub fn run_match(args: &MatchArgs) -> Result<(), String> {
    use griffon::arena::{self, engine::EngineSpec, play};
    use griffon::search::TimeControl;
    let set = variant_set(args.variant_file.as_ref())?;
    let variant = set
        .get(&args.variant)
        .ok_or_else(|| format!("unknown variant '{}'", args.variant))?
        .clone();
    let mut adjudication = play::Adjudication::match_default();
    for a in &args.adjudicate {
        adjudication
            .add(a)
            .map_err(|e| format!("--adjudicate {a}: {e}"))?;
    }
    let me = std::env::current_exe()
        .ok()
        .map(|p| p.to_string_lossy().into_owned());
    let engines = EngineSpec::parse_all(&args.engines, me.as_deref())
        .map_err(|e| format!("--engine: {e}"))?;
    // CECP engines play by XBoard's rules (Griffon too, in XBoard mode),
    // so with one in the match the referee judges by them: no makruk
    // counting, no courier or chu bare king, where XBoard 4.9 has none.
    // UCI engines (Fairy-Stockfish's protocol) play the variant's own.
    let xboard_rules = engines
        .iter()
        .any(|e| e.protocol == arena::engine::Protocol::Xboard);
    let uci_variant = griffon::uci::variant_name(&variant).to_string();
    let chess960 = variant.chess960;
    let variant = match griffon::xboard::as_xboard_referees(&variant).filter(|_| xboard_rules) {
        Some(v) => {
            // Tables count the variant's bare-king wins; a referee without
            // the rule would not agree with their verdicts.
            if adjudication.tablebases.is_some() && v.end.extinction != variant.end.extinction {
                return Err(format!(
                    "--adjudicate tb: tables count {}'s bare-king rule, which the \
                     match does not apply (XBoard 4.9 has none)",
                    variant.name
                ));
            }
            std::sync::Arc::new(v)
        }
        None => variant,
    };
    let tc = args
        .tc
        .as_deref()
        .map(TimeControl::parse)
        .transpose()
        .map_err(|e| format!("--tc: {e}"))?;
    let move_time = match args.st {
        Some(t) if !(t.is_finite() && t > 0.0) => return Err("--st: give seconds above 0".into()),
        Some(t) => Some(std::time::Duration::from_secs_f64(t)),
        None => None,
    };
    if tc.is_none() && move_time.is_none() && args.depth.is_none() {
        return Err(
            "give a time control (--tc), a time per move (--st) or a depth (--depth)".into(),
        );
    }
    let rules = Rules::new(variant.clone()).map_err(|e| e.to_string())?;
    let mut openings = match &args.openings {
        Some(path) => arena::openings::read_file(&path.to_string_lossy())?,
        None => Vec::new(),
    };
    if let Some(plies) = args.random_plies {
        let mut rng = arena::openings::Rng(args.seed);
        let count = args.games.div_ceil(2).max(1);
        openings = arena::openings::random(&rules, count, plies, &mut rng, 150)?;
    }
    if let Some(path) = &args.book {
        let book = griffon::book::Book::load(path).map_err(|e| e.to_string())?;
        let mut rng = arena::openings::Rng(args.seed);
        let count = args.games.div_ceil(2).max(1);
        openings = arena::openings::from_book(&rules, &book, count, args.book_plies, &mut rng)?;
    }
    if !(args.move_timeout.is_finite() && args.move_timeout > 0.0) {
        return Err("--move-timeout: give seconds above 0".into());
    }
    let config = arena::MatchConfig {
        engines,
        variant: variant.clone(),
        games: args.games,
        concurrency: args.concurrency.max(1),
        settings: play::GameSettings {
            variant: variant.xboard.name.clone(),
            uci_variant,
            chess960,
            tc,
            move_time,
            depth: args.depth,
            memory: args.memory,
            cores: args.cores.max(1),
            time_margin: std::time::Duration::from_millis(args.time_margin),
            move_timeout: std::time::Duration::from_secs_f64(args.move_timeout),
            adjudication,
        },
        openings,
        pgn: args.pgn.as_ref().map(|p| p.to_string_lossy().into_owned()),
        json: args.json.as_ref().map(|p| p.to_string_lossy().into_owned()),
        sprt: args
            .sprt
            .as_deref()
            .map(arena::stats::parse_sprt)
            .transpose()
            .map_err(|e| format!("--sprt: {e}"))?,
        start_timeout: std::time::Duration::from_secs(10),
    };
    arena::run(&config).map(|_| ())
}
