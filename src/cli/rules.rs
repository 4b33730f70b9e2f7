//! `griffon betza`, `variants`, `values` and `perft`: what a variant
//! file, a piece or the move generator makes of a definition.

use super::{
    load_failure, load_position, print_warnings, read_params, report_load, variant_set,
    write_stdout,
};
use clap::Args;
use griffon::movegen;
use griffon::position::Rules;
use griffon::variant::VariantSet;
use griffon::xbetza::{self, DiagramOptions, Dialect};
use std::path::PathBuf;

#[derive(Args)]
pub struct BetzaArgs {
    /// The piece's moves in XBetza, e.g. N, fmWfceFifmnD, KNADcaKmcabK, [F?R].
    xbetza: String,
    /// Board size as WIDTHxHEIGHT.
    #[arg(long, default_value = "8x8")]
    board: String,
    /// Square the piece stands on (default: near the centre).
    #[arg(long)]
    from: Option<String>,
    /// Put a blocking piece on this square (repeatable), to show hoppers and lame leapers.
    #[arg(long = "hurdle")]
    hurdles: Vec<String>,
    /// Show Black's moves instead of White's.
    #[arg(long)]
    black: bool,
    /// Read the string as Fairy-Stockfish does (K = WF, unknown letters dropped).
    #[arg(long)]
    fairy: bool,
    /// Print only what XBoard 4.9.1 is told in a `piece` command for this
    /// piece: the string in the legacy notation it reads (brackets
    /// translated), or why there is none.
    #[arg(long)]
    xboard: bool,
}

#[derive(Args)]
pub struct VariantsArgs {
    /// Load and check this variant file; list only its variants.
    #[arg(long)]
    file: Option<PathBuf>,
}

#[derive(Args)]
pub struct ValuesArgs {
    /// Variant name.
    #[arg(long, default_value = "normal")]
    variant: String,
    /// Also load variant definitions from this file.
    #[arg(long = "variant-file")]
    variant_file: Option<PathBuf>,
    /// Evaluation weights (NAME=VALUE lines, as `griffon tune` writes them).
    #[arg(long)]
    params: Option<PathBuf>,
}

#[derive(Args)]
pub struct PerftArgs {
    /// Variant name (XBoard's, or a Fairy-Stockfish alias such as chess).
    #[arg(long, default_value = "normal")]
    variant: String,
    /// Start from this FEN instead of the variant's start position.
    #[arg(long)]
    fen: Option<String>,
    /// Play these moves (space-separated, coordinate notation) first, to
    /// count from the position they reach.
    #[arg(long)]
    moves: Option<String>,
    /// Depth in plies.
    #[arg(long)]
    depth: Option<u32>,
    /// Print the count below each root move first (`move: count`).
    #[arg(long)]
    divide: bool,
    /// Worker threads, sharing out the root moves.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// A suite file: one `FEN;variant NAME;D1 n;D2 n;...` per line.
    #[arg(long, conflicts_with_all = ["fen", "divide"])]
    suite: Option<PathBuf>,
    /// Suite: skip depths beyond this.
    #[arg(long, default_value_t = u32::MAX)]
    max_depth: u32,
    /// Suite: skip counts larger than this.
    #[arg(long, default_value_t = u64::MAX)]
    max_nodes: u64,
    /// Also load variant definitions from this file.
    #[arg(long = "variant-file")]
    variant_file: Option<PathBuf>,
}

pub fn betza(args: &BetzaArgs) -> Result<(), String> {
    let (width, height) =
        xbetza::parse_board_size(&args.board).map_err(|e| format!("--board: {e}"))?;
    let from = match &args.from {
        Some(s) => xbetza::parse_square(s, width, height).map_err(|e| format!("--from: {e}"))?,
        None => ((width - 1) / 2, (height - 1) / 2),
    };
    let mut hurdles = Vec::new();
    for h in &args.hurdles {
        let sq = xbetza::parse_square(h, width, height).map_err(|e| format!("--hurdle: {e}"))?;
        if sq == from {
            return Err(format!("--hurdle {h}: the piece stands there"));
        }
        hurdles.push(sq);
    }
    let dialect = if args.fairy {
        Dialect::FairyStockfish
    } else {
        Dialect::XBoard
    };
    let moves = xbetza::compile(&args.xbetza, dialect).map_err(|e| e.to_string())?;
    for w in &moves.warnings {
        eprintln!("warning: character {}: {}", w.position + 1, w.message);
    }
    if args.xboard {
        let text = xbetza::legacy::for_xboard(&args.xbetza, &moves.moves)
            .map_err(|e| format!("no XBetza XBoard 4.9.1 reads: {e}"))?;
        return write_stdout(&format!("{text}\n"));
    }
    let opts = DiagramOptions {
        width,
        height,
        from,
        hurdles,
        black: args.black,
    };
    let (mut text, counts) = xbetza::diagram(&moves, &opts);
    text.push_str(&format!(
        "{} targets ({} move, {} capture) from {}\n",
        counts.targets,
        counts.quiet,
        counts.capture,
        xbetza::square_name(from)
    ));
    text.push_str(&format!("{} compiled moves:\n", moves.moves.len()));
    for (i, m) in moves.moves.iter().enumerate() {
        text.push_str(&format!("{:>4}: {}\n", i + 1, xbetza::describe_move(m)));
    }
    write_stdout(&text)
}

pub fn variants(args: &VariantsArgs) -> Result<(), String> {
    let mut set = VariantSet::new();
    let loaded = set.load_builtins().map_err(|e| load_failure(&e))?;
    print_warnings(&loaded.warnings);
    let Some(path) = &args.file else {
        return write_stdout(&listing(set.listing()));
    };
    let loaded = set.load_file(path);
    report_load(&loaded)?;
    // Loading checks the file; building the rules checks what only the
    // tables show (a board too big once padded, more drops than a move
    // list holds), which a designer wants to hear now rather than when
    // the variant is first played.
    let mut unplayable = Vec::new();
    let mut lines = Vec::new();
    for v in loaded.names.iter().filter_map(|n| set.get(n)) {
        if let Err(e) = Rules::new(v.clone()) {
            eprintln!("error: {}: {e}", v.name);
            unplayable.push(v.name.clone());
            continue;
        }
        // What XBoard 4.9.1 cannot be told: a designer wants to know
        // before a game in XBoard shows it.
        let xboard = griffon::xboard::xboard_piece_lines(v);
        for w in xboard.iter().flat_map(|l| &l.warnings) {
            eprintln!("warning: {}: {w}", v.name);
        }
        lines.push(v.listing_line());
    }
    write_stdout(&listing(lines))?;
    let failed = loaded.skipped.len() + unplayable.len();
    if failed > 0 {
        let total = loaded.names.len() + loaded.skipped.len();
        return Err(format!(
            "{}: {failed} of {total} variants not loaded",
            path.display()
        ));
    }
    Ok(())
}

fn listing(lines: Vec<String>) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

pub fn values(args: &ValuesArgs) -> Result<(), String> {
    let set = variant_set(args.variant_file.as_ref())?;
    let pos = load_position(&set, &args.variant, None)?;
    let rules = pos.rules();
    let eval = griffon::eval::Evaluator::with_optional(rules, read_params(args.params.as_ref())?);
    let mut out = format!(
        "{:<16} {:<6} {:>6} {:>6} {:>6}  note\n",
        "piece", "letter", "value", "m0", "m5"
    );
    for (r, piece) in rules.variant.pieces.iter().enumerate() {
        let role = griffon::types::Role(r as u8);
        let st = eval.stats(role);
        let mut notes = Vec::new();
        if rules.royal[r] {
            notes.push("royal".to_string());
        }
        if rules.promotes[0][r] || rules.promotes[1][r] {
            notes.push("promotes: valued by what it becomes".to_string());
        }
        if st.set_by_variant {
            notes.push("value set by the variant file".to_string());
        }
        if st.colour_bound {
            notes.push("colour-bound".to_string());
        }
        if let Some(reach) = st.reach.filter(|&x| x < 0.5 - 1e-9) {
            notes.push(format!("reaches {:.1} % of the board", 100.0 * reach));
        }
        out.push_str(&format!(
            "{:<16} {:<6} {:>6} {:>6.2} {:>6.2}  {}\n",
            piece.name,
            piece.letter.to_string(),
            eval.value(role),
            st.empty_board,
            st.half_full,
            notes.join(", ")
        ));
    }
    out.push_str(
        "value: centipawns; m0 / m5: distinct moves on an empty / half-full board, averaged over the squares\n",
    );
    if rules.variant.drops.captures_to_hand {
        out.push_str(
            "values halved: a captured piece goes to the capturer's hand and counts twice\n",
        );
    }
    write_stdout(&out)
}

pub fn perft(args: &PerftArgs) -> Result<(), String> {
    let set = variant_set(args.variant_file.as_ref())?;
    if let Some(path) = &args.suite {
        return perft_suite(args, &set, path);
    }
    let depth = args.depth.ok_or("--depth is required (or give --suite)")?;
    let mut pos = load_position(&set, &args.variant, args.fen.as_deref())?;
    if let Some(moves) = &args.moves {
        let mut game = griffon::game::Game::new(pos);
        for text in moves.split_whitespace() {
            let m = game
                .parse_move(text)
                .map_err(|e| format!("move {text}: {e}"))?;
            game.play(m);
        }
        pos = game.position().clone();
    }
    let started = std::time::Instant::now();
    let divided =
        movegen::perft_divide(&pos, depth, args.threads.max(1)).map_err(|e| e.to_string())?;
    let nodes: u64 = if depth == 0 {
        1
    } else {
        divided.iter().map(|(_, n)| n).sum()
    };
    let mut text = String::new();
    if args.divide {
        for (m, n) in &divided {
            text.push_str(&format!(
                "{}: {n}\n",
                griffon::notation::move_text(&pos, *m)
            ));
        }
    }
    text.push_str(&format!("Nodes: {nodes}\n"));
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "{nodes} nodes in {secs:.3} s ({:.0} nodes/s)",
        nodes as f64 / secs.max(1e-9)
    );
    write_stdout(&text)
}

fn perft_suite(args: &PerftArgs, set: &VariantSet, path: &std::path::Path) -> Result<(), String> {
    let text =
        griffon::files::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let result = movegen::run_suite(
        &text,
        set,
        args.max_depth,
        args.max_nodes,
        args.threads.max(1),
        |n, line| eprintln!("line {n}: {} ({})", line.fen, line.variant),
    );
    let mut out = String::new();
    for f in &result.failures {
        out.push_str(&format!("FAIL {f}\n"));
    }
    out.push_str(&format!(
        "{} passed, {} failed\n",
        result.passed, result.failed
    ));
    write_stdout(&out)?;
    if result.failed > 0 {
        Err(format!("{} perft counts failed", result.failed))
    } else {
        Ok(())
    }
}
