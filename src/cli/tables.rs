//! `griffon tb` and `griffon book`: endgame tables and opening books,
//! made, checked and looked up.

use super::{load_position, variant_set, write_stdout};
use clap::{Args, Subcommand};
use griffon::position::{Position, Rules};
use std::path::PathBuf;

#[derive(Args)]
pub struct TbArgs {
    #[command(subcommand)]
    action: TbAction,
}

#[derive(Subcommand)]
pub enum TbAction {
    /// Generate a table (and the smaller ones its captures lead to) and
    /// print its statistics: won, drawn and lost positions per side to
    /// move, the longest mate with a position.
    Gen(TbGenArgs),
    /// Generate, then check every value against its successors by a
    /// one-ply lookahead; exit status 1 on any disagreement.
    Verify(TbGenArgs),
    /// Generate the table of a position's material and print the
    /// position's value (win/loss with the distance to mate, or draw) and
    /// its moves, best first.
    Probe(TbProbeArgs),
    /// Read table files and print their statistics (won, drawn and lost
    /// positions per side to move, the longest mate with a FEN), checking
    /// each file's header and checksum.
    Stats(TbStatsArgs),
}

#[derive(Args)]
pub struct TbGenArgs {
    /// Variant name.
    #[arg(long, default_value = "normal")]
    variant: String,
    /// Material in the variant's letters, White's men first: `KQvKR`.
    #[arg(long, required_unless_present = "men")]
    material: Option<String>,
    /// Instead of one material: every material of up to this many men
    /// (pawns included, where tables support them).
    #[arg(long, conflicts_with = "material")]
    men: Option<usize>,
    /// Write each table generated (smaller ones included) into this
    /// directory as VARIANT-MATERIAL.gtb.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Generation threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Also load variant definitions from this file.
    #[arg(long = "variant-file")]
    variant_file: Option<PathBuf>,
}

#[derive(Args)]
pub struct TbProbeArgs {
    /// Variant name.
    #[arg(long, default_value = "normal")]
    variant: String,
    #[arg(long)]
    fen: String,
    /// Read the tables from this directory (as the engine does) instead of
    /// generating the position's table.
    #[arg(long)]
    path: Option<PathBuf>,
    /// Also load variant definitions from this file.
    #[arg(long = "variant-file")]
    variant_file: Option<PathBuf>,
}

#[derive(Args)]
pub struct TbStatsArgs {
    /// Variant name.
    #[arg(long, default_value = "normal")]
    variant: String,
    /// Directory of the files.
    #[arg(long)]
    path: PathBuf,
    /// Only this material (default: every table of the variant there).
    #[arg(long)]
    material: Option<String>,
    /// Also load variant definitions from this file.
    #[arg(long = "variant-file")]
    variant_file: Option<PathBuf>,
}

#[derive(Args)]
pub struct BookArgs {
    #[command(subcommand)]
    action: BookAction,
}

#[derive(Subcommand)]
pub enum BookAction {
    /// A position's book moves with their weights (default: the start
    /// position), and any entry that is no legal move there.
    Probe(BookProbeArgs),
    /// Every entry of a book: key, move, weight, learn field.
    Dump(BookDumpArgs),
    /// Make a book from games (PGN with `[Variant]` and `[FEN]` tags,
    /// moves in Griffon's notation or SAN), as `polyglot make-book` does:
    /// the same chess PGN gives the same file.
    Make(BookMakeArgs),
    /// Merge two books: all of the first, and the second's positions the
    /// first lacks (as `polyglot merge-book`).
    Merge(BookMergeArgs),
}

#[derive(Args)]
pub struct BookProbeArgs {
    /// The book file.
    book: PathBuf,
    /// Variant name.
    #[arg(long, default_value = "normal")]
    variant: String,
    /// The position (default: the variant's start).
    #[arg(long)]
    fen: Option<String>,
    /// Moves to play from it first, in Griffon's notation or SAN.
    #[arg(long, default_value = "")]
    moves: String,
    /// Also load variant definitions from this file.
    #[arg(long = "variant-file")]
    variant_file: Option<PathBuf>,
}

#[derive(Args)]
pub struct BookDumpArgs {
    /// The book file.
    book: PathBuf,
    /// The variant whose board size moves are read with (default 8x8
    /// chess).
    #[arg(long, default_value = "normal")]
    variant: String,
    /// Also load variant definitions from this file.
    #[arg(long = "variant-file")]
    variant_file: Option<PathBuf>,
}

#[derive(Args)]
pub struct BookMakeArgs {
    /// Variant name; games tagged with another variant are skipped.
    #[arg(long, default_value = "normal")]
    variant: String,
    /// The games.
    #[arg(long)]
    pgn: PathBuf,
    /// Count only this many plies of each game.
    #[arg(long = "max-ply", default_value_t = 1024)]
    max_ply: usize,
    /// Keep a move played in at least this many games.
    #[arg(long = "min-games", default_value_t = 3)]
    min_games: u32,
    /// Keep a move that scored at least this many percent for its side.
    #[arg(long = "min-score", default_value_t = 0.0)]
    min_score: f64,
    /// A move's weight: `wins` (2 per win, 1 per draw: Polyglot's),
    /// `games` (games it was played in) or `uniform`.
    #[arg(long, default_value = "wins")]
    weights: String,
    /// Only positions with this side to move: `white` or `black`.
    #[arg(long)]
    only: Option<String>,
    /// The book file to write.
    #[arg(long)]
    out: PathBuf,
    /// Also load variant definitions from this file.
    #[arg(long = "variant-file")]
    variant_file: Option<PathBuf>,
}

#[derive(Args)]
pub struct BookMergeArgs {
    /// The book that decides where both have a position.
    first: PathBuf,
    second: PathBuf,
    /// The book file to write.
    #[arg(long)]
    out: PathBuf,
}

pub fn tb(args: &TbArgs) -> Result<(), String> {
    use griffon::tablebase::{Generator, Material};
    let a = match &args.action {
        TbAction::Gen(a) | TbAction::Verify(a) => a,
        TbAction::Probe(a) => return tb_probe(a),
        TbAction::Stats(a) => return tb_stats(a),
    };
    let set = variant_set(a.variant_file.as_ref())?;
    let pos = load_position(&set, &a.variant, None)?;
    let rules = pos.rules().clone();
    let mut generator = Generator::new(rules.clone()).map_err(|e| e.to_string())?;
    generator.progress = Some(Box::new(|line: &str| eprintln!("{line}")));
    if let Some(t) = a.threads {
        generator.threads = t.max(1);
    }
    let materials = match (&a.material, a.men) {
        (Some(m), _) => vec![Material::parse(&rules, m).map_err(|e| e.to_string())?],
        (None, Some(n)) => generator.materials(n),
        (None, None) => return Err("give --material or --men".into()),
    };
    let start = std::time::Instant::now();
    let mut table = None;
    for (k, material) in materials.iter().enumerate() {
        if materials.len() > 1 {
            eprintln!(
                "[{}/{}] {} ({:.0} s)",
                k + 1,
                materials.len(),
                material.name(&rules),
                start.elapsed().as_secs_f64()
            );
        }
        table = Some(generator.table(material).map_err(|e| e.to_string())?);
    }
    let Some(table) = table else {
        return Err("no material to generate".into());
    };
    if let Some(dir) = &a.out {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let mut tables: Vec<_> = generator.tables().cloned().collect();
        tables.sort_by_key(|t| (t.material.men.len(), t.name.clone()));
        for t in tables {
            let (path, bytes) =
                griffon::tablebase::file::write(&t, &rules, dir).map_err(|e| e.to_string())?;
            eprintln!(
                "wrote {} ({} bytes, {:.2} bits per position)",
                path.display(),
                bytes,
                bytes as f64 * 8.0 / (2.0 * t.compact.size as f64)
            );
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let mut out = table.summary(&rules.variant.name);
    out.push_str(&format!(
        "generated in {seconds:.2} s (with its smaller tables)\n"
    ));
    if let TbAction::Verify(_) = &args.action {
        let (checked, bad) = table.verify();
        out.push_str(&griffon::tablebase::verify_report(checked, &bad));
        write_stdout(&out)?;
        if !bad.is_empty() {
            return Err("verification failed".into());
        }
        return Ok(());
    }
    write_stdout(&out)
}

fn tb_probe(a: &TbProbeArgs) -> Result<(), String> {
    use griffon::notation::move_text;
    use griffon::tablebase::{Generator, placement, rank_generated};
    let set = variant_set(a.variant_file.as_ref())?;
    let pos = load_position(&set, &a.variant, Some(&a.fen))?;
    let rules = pos.rules().clone();
    if let Some(dir) = &a.path {
        return tb_probe_files(pos, dir);
    }
    let (material, squares) = placement(&pos).map_err(|e| e.to_string())?;
    let mut generator = Generator::new(rules.clone()).map_err(|e| e.to_string())?;
    let table = generator.table(&material).map_err(|e| e.to_string())?;
    let mut out = format!(
        "{}: {}\n",
        table.name,
        table.probe(&squares, pos.side_to_move())
    );
    let mut pos = pos;
    let rows = rank_generated(&mut generator, &mut pos).map_err(|e| e.to_string())?;
    if let Some((best, _)) = rows.first() {
        out.push_str(&format!("best move: {}\n", move_text(&pos, *best)));
    }
    for (m, v) in rows {
        out.push_str(&format!("  {}: opponent's {v}\n", move_text(&pos, m)));
    }
    write_stdout(&out)
}

/// `tb probe --path`: the position's value from the files, as the engine
/// reads them (Black to move by a one-ply lookahead), and each legal move
/// with the value it leads to, best first.
fn tb_probe_files(mut pos: Position, dir: &std::path::Path) -> Result<(), String> {
    use griffon::tablebase::probe::{Hit, Tablebases};
    use griffon::tablebase::{Reply, rank_moves};
    let rules = pos.rules().clone();
    let (tb, warnings) = Tablebases::open(dir, &rules);
    for w in warnings {
        eprintln!("{w}");
    }
    // Plies to moves of the side to move, as the generator counts them.
    let describe = |hit: Hit| match hit {
        Hit::Win(p) => format!("win, mate in {} (WDL win, DTM {p} plies)", p.div_ceil(2)),
        Hit::Loss(0) => "loss, mated (WDL loss)".to_string(),
        Hit::Loss(p) => format!("loss, mated in {} (WDL loss, DTM {p} plies)", p / 2),
        Hit::Draw => "draw (WDL draw)".to_string(),
    };
    let moves = griffon::movegen::legal_moves(&mut pos);
    let value = match tb.probe(&mut pos) {
        Some(hit) => describe(hit),
        None if moves.is_empty() && pos.in_check(pos.side_to_move()) => describe(Hit::Loss(0)),
        None if moves.is_empty() => "no legal move (stalemate)".to_string(),
        None => {
            return Err(format!(
                "no table in {} covers this position (or a position after one of its moves)",
                dir.display()
            ));
        }
    };
    let rows: Vec<(String, String)> = rank_moves(&tb, &mut pos)
        .into_iter()
        .map(|(m, reply)| {
            let what = match reply {
                Reply::Table(hit) => describe(hit),
                Reply::Mated => describe(Hit::Loss(0)),
                Reply::Stalemate => "stalemate".to_string(),
                Reply::Unknown => "not in the tables".to_string(),
            };
            (griffon::notation::move_text(&pos, m), what)
        })
        .collect();
    let mut out = format!("{value}\n");
    if let Some((best, _)) = rows.first() {
        out.push_str(&format!("best move: {best}\n"));
    }
    for (text, what) in rows {
        out.push_str(&format!("  {text}: opponent's {what}\n"));
    }
    write_stdout(&out)
}

fn tb_stats(a: &TbStatsArgs) -> Result<(), String> {
    let set = variant_set(a.variant_file.as_ref())?;
    let pos = load_position(&set, &a.variant, None)?;
    let rules = pos.rules().clone();
    let listing = griffon::tablebase::list_tables(&a.path, &rules, a.material.as_deref())
        .map_err(|e| e.to_string())?;
    for (path, e) in &listing.unreadable {
        eprintln!("{}: {e}", path.display());
    }
    write_stdout(&listing.text())?;
    if !listing.unreadable.is_empty() {
        return Err(format!(
            "{} files could not be read",
            listing.unreadable.len()
        ));
    }
    Ok(())
}

pub fn book(args: &BookArgs) -> Result<(), String> {
    use griffon::book::{Book, BookHasher, XBoardState, book_moves, code_text};
    match &args.action {
        BookAction::Probe(a) => {
            let set = variant_set(a.variant_file.as_ref())?;
            let pos = load_position(&set, &a.variant, a.fen.as_deref())?;
            let mut xboard = match a.fen.as_deref() {
                Some(fen) => XBoardState::from_fen(&pos, fen),
                None => XBoardState::at_start(&pos),
            };
            let mut game = griffon::game::Game::new(pos);
            for text in a.moves.split_whitespace() {
                let m = game
                    .parse_any(text)
                    .map_err(|e| format!("move '{text}': {e}"))?;
                xboard.play(game.position(), m);
                game.play(m);
            }
            let mut scratch = game.position().clone();
            let pos = game.position();
            let hasher = BookHasher::new(&pos.rules().variant).map_err(|e| e.to_string())?;
            let book = Book::load(&a.book).map_err(|e| e.to_string())?;
            let Some(key) = hasher.key(pos, &xboard) else {
                return Err("this position has a piece XBoard's piece table lacks: no key".into());
            };
            println!("key {key:016x}");
            let found = book_moves(&book, &hasher, &mut scratch, &xboard);
            let total: u32 = found.moves.iter().map(|(_, e)| u32::from(e.weight)).sum();
            for (m, e) in &found.moves {
                let share = if total > 0 {
                    100.0 * f64::from(e.weight) / f64::from(total)
                } else {
                    0.0
                };
                println!(
                    "{:<10} weight {:5} ({share:5.1} %) learn {}",
                    griffon::notation::move_text(pos, *m),
                    e.weight,
                    e.learn
                );
            }
            for e in &found.illegal {
                println!(
                    "not legal here, ignored: code {:#06x} ({}) weight {}",
                    e.mv,
                    code_text(&pos.rules().variant, e.mv),
                    e.weight
                );
            }
            if found.moves.is_empty() && found.illegal.is_empty() {
                println!("not in the book");
            }
            Ok(())
        }
        BookAction::Make(a) => book_make(a),
        BookAction::Merge(a) => {
            let first = Book::load(&a.first).map_err(|e| e.to_string())?;
            let second = Book::load(&a.second).map_err(|e| e.to_string())?;
            let merged = griffon::book::merge(&first, &second);
            write_book(&a.out, &merged)?;
            println!(
                "{} entries ({} from the first book, {} from the second)",
                merged.len(),
                first.len(),
                merged.len() - first.len()
            );
            Ok(())
        }
        BookAction::Dump(a) => {
            let set = variant_set(a.variant_file.as_ref())?;
            let v = set
                .get(&a.variant)
                .ok_or_else(|| format!("unknown variant '{}'", a.variant))?;
            let book = Book::load(&a.book).map_err(|e| e.to_string())?;
            // A dump is often cut short by a pager or `head`: a closed
            // pipe ends it quietly.
            use std::io::Write;
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            for e in book.entries() {
                let line = writeln!(
                    out,
                    "{:016x} {:<8} weight {:5} learn {}",
                    e.key,
                    code_text(v, e.mv),
                    e.weight,
                    e.learn
                );
                if line.is_err() {
                    return Ok(());
                }
            }
            if out.flush().is_ok() {
                eprintln!("{} entries", book.len());
            }
            Ok(())
        }
    }
}

/// Writes a book through a temporary file renamed into place, so that a
/// failure midway never leaves a damaged book where a good one was.
fn write_book(path: &std::path::Path, book: &griffon::book::Book) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, book.to_bytes()).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

fn book_make(a: &BookMakeArgs) -> Result<(), String> {
    use griffon::book::{BookMaker, MakeOptions, Weights};
    let set = variant_set(a.variant_file.as_ref())?;
    let v = set
        .get(&a.variant)
        .ok_or_else(|| format!("unknown variant '{}'", a.variant))?;
    let rules = Rules::new(v.clone()).map_err(|e| e.to_string())?;
    let weights = match a.weights.as_str() {
        "wins" => Weights::Wins,
        "games" => Weights::Games,
        "uniform" => Weights::Uniform,
        w => return Err(format!("--weights {w}: give wins, games or uniform")),
    };
    let only = match a.only.as_deref() {
        None => None,
        Some("white") => Some(griffon::types::Color::White),
        Some("black") => Some(griffon::types::Color::Black),
        Some(o) => return Err(format!("--only {o}: give white or black")),
    };
    let options = MakeOptions {
        max_ply: a.max_ply,
        min_games: a.min_games,
        min_score: a.min_score / 100.0,
        weights,
        only,
    };
    let bytes = griffon::files::read(&a.pgn).map_err(|e| format!("{}: {e}", a.pgn.display()))?;
    let text = String::from_utf8_lossy(&bytes);
    let start = std::time::Instant::now();
    let mut maker = BookMaker::new(rules, options).map_err(|e| e.to_string())?;
    for game in griffon::notation::pgn::read_games(&text) {
        maker.add(&game);
    }
    let (book, report) = maker.finish();
    for (game, why) in &report.errors {
        eprintln!("game {game}: {why} (rest of the game skipped)");
    }
    write_book(&a.out, &book)?;
    println!(
        "{} games ({} of another variant, {} cut short), {} moves counted, {} entries written to {} in {:.2} s",
        report.games,
        report.other_variant,
        report.errors.len(),
        report.counted,
        report.kept,
        a.out.display(),
        start.elapsed().as_secs_f64()
    );
    if report.unbookable > 0 {
        println!(
            "{} moves left out: no XBoard book code (gating) or key",
            report.unbookable
        );
    }
    Ok(())
}
