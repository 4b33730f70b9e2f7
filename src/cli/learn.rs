//! `griffon datagen` and `griffon train`: making a variant's network from
//! its own games.

use super::{load_position, variant_set};
use clap::Args;
use griffon::datagen;
use griffon::nnue::{self, NetChoice, Network, data, train};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc;
use std::time::Instant;

#[derive(Args)]
pub struct DatagenArgs {
    #[arg(long, default_value = "normal")]
    variant: String,
    /// Also load variant definitions from this file.
    #[arg(long = "variant-file")]
    variant_file: Option<PathBuf>,
    /// Games to play (1,000 unless `--positions` is given, then as many
    /// as it takes).
    #[arg(long)]
    games: Option<usize>,
    /// Stop once this many positions are written (the game that reaches
    /// it is kept whole; games still being played are left out).
    #[arg(long)]
    positions: Option<usize>,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// Random legal moves that open each game (one more in half of them).
    #[arg(long = "random-plies", default_value_t = 8)]
    random_plies: usize,
    /// Games longer than this many plies are drawn.
    #[arg(long = "max-plies", default_value_t = 400)]
    max_plies: usize,
    /// Games played side by side.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Hash table per thread, megabytes.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// The network the games are played with: a file, or `none` for the
    /// hand-written evaluation (default: the variant's own, if any).
    #[arg(long)]
    net: Option<String>,
    /// The sample file to write (it must not exist yet).
    #[arg(long)]
    out: PathBuf,
}

pub fn datagen(args: &DatagenArgs) -> Result<(), String> {
    let set = variant_set(args.variant_file.as_ref())?;
    let start = load_position(&set, &args.variant, None)?;
    let choice = args.net.as_deref().map_or(NetChoice::Own, NetChoice::parse);
    if args.positions == Some(0) {
        return Err("--positions 0: give at least 1".into());
    }
    let net = choice.load(start.rules());
    let game_limit = match (args.games, args.positions) {
        (Some(n), _) => n,
        (None, Some(_)) => usize::MAX,
        (None, None) => 1000,
    };
    let target = match args.positions {
        Some(n) if game_limit == usize::MAX => format!("{n} positions"),
        Some(n) => format!("{game_limit} games or {n} positions"),
        None => format!("{game_limit} games"),
    };
    eprintln!(
        "datagen: {target} of {} at {} nodes a move, {}",
        args.variant,
        args.nodes,
        net.as_ref()
            .map_or("hand-written evaluation".to_string(), |n| format!(
                "network with {} hidden",
                n.hidden
            ))
    );
    let file = create_new(&args.out)?;
    // Unbuffered: each game goes out in one write (`write_game`).
    let mut writer = data::Writer::new(file, &start.rules().variant.name)
        .map_err(|e| format!("{}: {e}", args.out.display()))?;
    let options = datagen::Options {
        games: game_limit,
        nodes: args.nodes,
        random_plies: args.random_plies,
        max_plies: args.max_plies,
        threads: args.threads,
        seed: args.seed,
        hash_mb: args.hash,
    };
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel();
    let began = Instant::now();
    std::thread::scope(|scope| {
        let (options, stop) = (&options, &stop);
        // The position moves to the player's thread: it caches what move
        // generation reads off it, so it is not shared.
        let player = scope.spawn(move || datagen::run(&start, net, options, stop, tx));
        let (mut games, mut positions, mut results) = (0usize, 0usize, [0usize; 3]);
        let mut written = Ok(());
        let enough = |positions: usize| args.positions.is_some_and(|n| positions >= n);
        for game in rx {
            // Games that end after the limit was reached are left out, so
            // the file stops at the first game that reached it.
            if enough(positions) {
                continue;
            }
            // Whole games reach the file as they end: a run stopped early
            // leaves every finished game readable.
            if written.is_ok() {
                written = writer.write_game(&game.samples);
            }
            games += 1;
            positions += game.samples.len();
            results[usize::from(game.white_result.min(2))] += 1;
            if games % 10 == 0 || games == game_limit {
                eprintln!(
                    "games {games} positions {positions} white +{} ={} -{} ({:.1} games/s)",
                    results[2],
                    results[1],
                    results[0],
                    games as f64 / began.elapsed().as_secs_f64().max(1e-9)
                );
            }
            if written.is_err() || enough(positions) {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        }
        let played = player.join().map_err(|_| "datagen failed".to_string())?;
        written.map_err(|e| format!("{}: {e}", args.out.display()))?;
        played?;
        eprintln!(
            "wrote {positions} positions from {games} games to {}",
            args.out.display()
        );
        Ok(())
    })
}

#[derive(Args)]
pub struct TrainArgs {
    #[arg(long, default_value = "normal")]
    variant: String,
    /// Also load variant definitions from this file.
    #[arg(long = "variant-file")]
    variant_file: Option<PathBuf>,
    /// Sample files from `griffon datagen` (repeatable).
    #[arg(long, required = true)]
    data: Vec<PathBuf>,
    /// The network file to write.
    #[arg(long)]
    out: PathBuf,
    /// Replace `--out` if it exists.
    #[arg(long)]
    force: bool,
    /// Start from this network's weights instead of random ones.
    #[arg(long)]
    init: Option<PathBuf>,
    /// First-layer size per side (a multiple of 8).
    #[arg(long, default_value_t = 256)]
    hidden: usize,
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u16).range(1..))]
    epochs: u16,
    #[arg(long, default_value_t = 16384, value_parser = clap::value_parser!(u32).range(1..))]
    batch: u32,
    #[arg(long, default_value_t = 0.001)]
    lr: f32,
    /// Share of the target from the search's score; the rest is the
    /// game's result (noisy for positions far from the end: worth it only
    /// with many games).
    #[arg(long, default_value_t = 1.0)]
    lambda: f32,
    /// Centipawns per unit of the win-probability sigmoid's argument.
    #[arg(long, default_value_t = 400.0)]
    k: f32,
    /// Also train on each sample with its files reversed (for variants
    /// whose rules do not tell the wings apart).
    #[arg(long)]
    mirror: bool,
    /// Train a correction to the hand-written evaluation (the network's
    /// output is added to it) rather than a whole evaluation: it learns
    /// what the search found beyond that evaluation.
    #[arg(long)]
    residual: bool,
    /// Share of the samples held out to measure the loss on (the last
    /// ones: whole games).
    #[arg(long, default_value_t = 0.02)]
    valid: f64,
    #[arg(long, default_value_t = 1)]
    threads: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

pub fn train(args: &TrainArgs) -> Result<(), String> {
    let set = variant_set(args.variant_file.as_ref())?;
    let start = load_position(&set, &args.variant, None)?;
    let rules = start.rules();
    if args.out.exists() && !args.force {
        return Err(format!(
            "{} exists: pass --force to replace it",
            args.out.display()
        ));
    }
    if args.hidden == 0 || args.hidden > nnue::MAX_HIDDEN || !args.hidden.is_multiple_of(8) {
        return Err(format!(
            "--hidden {}: a multiple of 8 up to {}",
            args.hidden,
            nnue::MAX_HIDDEN
        ));
    }
    let layout = nnue::Layout::new(rules);
    let mut samples = Vec::new();
    for path in &args.data {
        let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut read = data::read_all(std::io::BufReader::new(file), &rules.variant.name, &layout)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if read.cut > 0 {
            eprintln!(
                "train: {} ends inside a sample; its last {} bytes are left out",
                path.display(),
                read.cut
            );
        }
        samples.append(&mut read.samples);
    }
    if samples.len() < 100 {
        return Err(format!("{} samples: too few to train on", samples.len()));
    }
    // The held-out samples are the files' last ones: whole games (but one)
    // that training never sees, since positions of one game are alike.
    let held = ((samples.len() as f64 * args.valid) as usize).clamp(1, samples.len() / 2);
    let valid = samples.split_off(samples.len() - held);
    if args.mirror {
        let mirrored: Vec<_> = samples.iter().map(|s| s.mirrored(&layout)).collect();
        samples.extend(mirrored);
    }
    let init = match &args.init {
        Some(path) => Some(nnue::load(path, rules)?),
        None => None,
    };
    let options = train::Options {
        hidden: args.hidden,
        epochs: usize::from(args.epochs),
        batch: args.batch as usize,
        lr: args.lr,
        lambda: args.lambda,
        k: args.k,
        residual: args.residual,
        threads: args.threads,
        seed: args.seed,
    };
    eprintln!(
        "train: {} samples, {} held out, {} features, {} hidden",
        samples.len(),
        valid.len(),
        layout.features(),
        init.as_ref().map_or(args.hidden, |n| n.hidden)
    );
    let mut trainer = train::Trainer::new(layout, init.as_ref(), options);
    eprintln!(
        "train: the hand-written evaluation's valid loss {:.6}",
        trainer.hand_written_loss(&valid)
    );
    let mut net = Network::zeroed(rules, args.hidden);
    let began = Instant::now();
    let mut saved = Ok(());
    // The file keeps the epoch with the lowest held-out loss: past it the
    // network learns the training games rather than the variant.
    let mut best: Option<(usize, f64)> = None;
    trainer.run(&mut samples, &valid, |t, e| {
        let better = best.is_none_or(|(_, loss)| e.valid_loss < loss);
        if better {
            best = Some((e.epoch, e.valid_loss));
            t.quantise(&mut net);
            if saved.is_ok() {
                saved = save(&net, &args.out);
            }
        }
        eprintln!(
            "epoch {:3} train loss {:.6} valid loss {:.6} ({:.0} s){}",
            e.epoch,
            e.train_loss,
            e.valid_loss,
            began.elapsed().as_secs_f64(),
            if better { " saved" } else { "" }
        );
    });
    saved?;
    if let Some((epoch, loss)) = best {
        eprintln!(
            "wrote {} (epoch {epoch}, valid loss {loss:.6})",
            args.out.display()
        );
    }
    Ok(())
}

/// Write `net` to `path` through a temporary file, so that an
/// interrupted write never leaves half a network behind.
fn save(net: &Network, path: &Path) -> Result<(), String> {
    let tmp = path.with_extension("nnue.tmp");
    std::fs::write(&tmp, net.to_bytes())
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// A new file at `path`; an existing one is never overwritten.
fn create_new(path: &Path) -> Result<std::fs::File, String> {
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| format!("{}: {e}", path.display()))
}
