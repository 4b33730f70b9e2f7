//! One refereed game between two engines: set both up as XBoard (or, for
//! UCI engines, Cute Chess) does, relay moves, check each with Griffon's
//! rules, keep the clocks, and end
//! the game by the rules, a resignation, an agreed draw, an adjudication
//! (the engines' scores, the game's length, or Griffon's endgame tables),
//! an illegal move, a time forfeit, or an engine that crashed or hung.

use super::clock::Clock;
use super::engine::{Engine, EngineError, Protocol};
use super::uci::{self, UciGame};
use crate::game::Game;
use crate::movegen::generate_legal;
use crate::notation::{move_text, pgn, square_text};
use crate::position::Position;
use crate::search::TimeControl;
use crate::tablebase::probe::{Hit, Tablebases};
use crate::types::{Color, MoveList};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How a game is played and judged.
#[derive(Clone, Debug)]
pub struct GameSettings {
    /// The name sent with `variant` (XBoard's).
    pub variant: String,
    /// The name UCI engines get as `UCI_Variant` (Fairy-Stockfish's).
    pub uci_variant: String,
    /// Castling in Chess960's UCI text (the king takes its rook).
    pub chess960: bool,
    pub tc: Option<TimeControl>,
    /// Fixed time per move (`st`).
    pub move_time: Option<Duration>,
    /// Fixed depth (`sd`).
    pub depth: Option<u32>,
    /// Hash size in MB and threads, sent as XBoard does (`memory`,
    /// `cores`) to engines that announce `memory=1` / `smp=1`.
    pub memory: u32,
    pub cores: u32,
    /// Over the clock by more than this loses on time.
    pub time_margin: Duration,
    /// Longest wait for a move when no clock bounds it (fixed depth).
    pub move_timeout: Duration,
    pub adjudication: Adjudication,
}

/// `--adjudicate draw=MOVES,margin=CP,after=MOVE resign=MOVES,score=CP
/// maxmoves=N tb=PATH`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Adjudication {
    /// Draw after this many consecutive plies with both engines' scores
    /// within `draw_margin` (from move `draw_after` on).
    pub draw_plies: Option<u32>,
    pub draw_margin: i32,
    pub draw_after: u32,
    /// A side loses when for this many consecutive plies both engines
    /// agree it is behind by at least `resign_score`.
    pub resign_plies: Option<u32>,
    pub resign_score: i32,
    /// Stop games that last longer than this many plies as draws.
    pub max_plies: Option<u32>,
    /// End a game as soon as its position is in Griffon's tables in this
    /// directory, with the tables' result ([`tablebase_verdict`]).
    pub tablebases: Option<PathBuf>,
}

impl Adjudication {
    /// The runner's defaults: a game that runs past 1000 moves is stopped
    /// as a draw (engines may shuffle on for ever where the rules end
    /// nothing); no other adjudication.
    pub fn match_default() -> Adjudication {
        Adjudication {
            max_plies: Some(2000),
            ..Adjudication::default()
        }
    }

    /// Adds one `--adjudicate` value: `draw=MOVES,margin=CP[,after=MOVE]`,
    /// `resign=MOVES,score=CP`, `maxmoves=N` or `tb=PATH` (the whole rest
    /// is the path, which may hold commas).
    pub fn add(&mut self, text: &str) -> Result<(), String> {
        if let Some(path) = text.strip_prefix("tb=") {
            if path.trim().is_empty() {
                return Err("tb= needs the directory of the tables".into());
            }
            self.tablebases = Some(PathBuf::from(path));
            return Ok(());
        }
        let mut kind = None;
        for part in text.split(',') {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("'{part}' is not KEY=VALUE"))?;
            let n: i64 = v
                .trim()
                .parse()
                .map_err(|_| format!("'{v}' is not a whole number"))?;
            if !(0..=100_000).contains(&n) {
                return Err(format!("'{v}' is out of range"));
            }
            let n32 = n as u32;
            match k.trim() {
                "draw" => {
                    self.draw_plies = Some(2 * n32.max(1));
                    kind = Some("draw");
                }
                "margin" => self.draw_margin = n as i32,
                "after" => self.draw_after = n32,
                "resign" => {
                    self.resign_plies = Some(2 * n32.max(1));
                    kind = Some("resign");
                }
                "score" => self.resign_score = n as i32,
                "maxmoves" => {
                    self.max_plies = Some(2 * n32.max(1));
                    kind = Some("maxmoves");
                }
                "tb" => return Err("give tb=PATH on its own".into()),
                other => return Err(format!("unknown key '{other}'")),
            }
        }
        match kind {
            Some("resign") if self.resign_score <= 0 => Err("resign needs score=CP above 0".into()),
            Some(_) => Ok(()),
            None => Err("say draw=, resign=, maxmoves= or tb=".into()),
        }
    }
}

/// The start of a game: a FEN (or the variant's start) and moves from it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub white: String,
    pub black: String,
    pub start_fen: String,
    pub standard_start: bool,
    /// Move texts (opening moves included) with their comments.
    pub moves: Vec<(String, Option<String>)>,
    pub opening_plies: usize,
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub result: &'static str,
    pub reason: String,
    /// The side that lost by a fault (illegal move, forfeit, crash, hang):
    /// its engine needs a restart when it crashed or hung.
    pub faulted: Option<(Color, Fault)>,
}

/// A fault that ends a game against the engine that made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    Illegal,
    Time,
    Crash,
    Hang,
}

fn result_text(winner: Option<Color>) -> &'static str {
    match winner {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    }
}

fn name(c: Color) -> &'static str {
    if c == Color::White { "White" } else { "Black" }
}

/// A thinking line's score (`DEPTH SCORE TIME NODES PV`), from the
/// engine's side.
fn thinking_score(line: &str) -> Option<(u32, i32)> {
    let mut it = line.split_whitespace();
    let depth: u32 = it.next()?.trim_end_matches(['.', '&']).parse().ok()?;
    let score: i32 = it.next()?.parse().ok()?;
    let _time: u64 = it.next()?.parse().ok()?;
    let _nodes: u64 = it.next()?.parse().ok()?;
    Some((depth, score))
}

enum Reply {
    /// The move, the time it took, the last score, and whether the
    /// engine offered a draw with it.
    Move(String, Duration, Option<(u32, i32)>, bool),
    Resign,
    Claim(String, String),
    Fault(Fault, String),
}

/// The tables' verdict on `pos` as an adjudication: the winner (`None`
/// for a draw) and the termination. The n-move rule counts as it does in
/// the search: a win whose mate takes more plies than the rule leaves is
/// not a win yet, so it is not adjudicated (the tables do not know whether
/// a capture or pawn move on the way restarts the count); play goes on,
/// and the tables judge again after such a move, or the rule draws.
pub fn tablebase_verdict(tables: &Tablebases, pos: &Position) -> Option<(Option<Color>, String)> {
    let men = pos.alive(Color::White).count_ones() + pos.alive(Color::Black).count_ones();
    if men as usize > tables.max_men {
        return None;
    }
    let mut pos = pos.clone();
    let hit = tables.probe(&mut pos)?;
    let moves = pos.rules().variant.end.n_move_rule;
    let left = if moves > 0 {
        (2 * moves).saturating_sub(pos.halfmove_clock())
    } else {
        u32::MAX
    };
    let us = pos.side_to_move();
    let win = |winner: Color, mate: u32| {
        let text = format!(
            "adjudication: tablebase win for {} (mate in {mate})",
            name(winner)
        );
        Some((Some(winner), text))
    };
    match hit {
        Hit::Draw => Some((None, "adjudication: tablebase draw".into())),
        Hit::Win(p) if p <= left => win(us, p.div_ceil(2)),
        Hit::Loss(p) if p <= left => win(us.opponent(), p / 2),
        Hit::Win(_) | Hit::Loss(_) => None,
    }
}

/// Plays one game; `engines[0]` has White. With `tables`, a position they
/// hold ends the game ([`tablebase_verdict`]).
pub fn play_game(
    engines: [&mut Engine; 2],
    game: &mut Game,
    opening: &Opening,
    settings: &GameSettings,
    tables: Option<&Tablebases>,
) -> GameRecord {
    let [white, black] = engines;
    let mut engines: [&mut Engine; 2] = [white, black];
    let start_fen = game.position().fen();
    // For engines without `setboard` (Fairy-Max), the same start position
    // in XBoard's edit mode.
    let edit = (opening.fen.is_some()
        && engines.iter().any(|e| !e.features.flag("setboard", false)))
    .then(|| edit_commands(game.position()));
    let names = [engines[0].name().to_string(), engines[1].name().to_string()];
    let mut record = GameRecord {
        white: names[0].clone(),
        black: names[1].clone(),
        start_fen: start_fen.clone(),
        standard_start: opening.fen.is_none(),
        moves: Vec::new(),
        opening_plies: 0,
        result: "*",
        reason: String::new(),
        faulted: None,
    };
    let mut uci_game = UciGame::new(game.position(), opening.fen.is_none(), settings.chess960);
    for m in &opening.moves {
        match game.parse_move(m) {
            Ok(mv) => {
                let text = move_text(game.position(), mv);
                uci_game.push(game.position(), mv);
                game.play(mv);
                record.moves.push((text, Some("opening".into())));
            }
            Err(e) => {
                record.result = "*";
                record.reason = format!("opening move {m} is not legal: {e}");
                return record;
            }
        }
    }
    // Set both engines up: new game, variant, position, opening moves.
    let opening_moves: Vec<String> = record.moves.iter().map(|(m, _)| m.clone()).collect();
    let setboard = opening.fen.is_some();
    for c in Color::BOTH {
        let e = &mut *engines[c.index()];
        if e.protocol() == Protocol::Uci {
            if let Err(err) = uci::new_game(e, settings) {
                let why = format!("{} failed to set up the game ({err:?})", name(c));
                return end_fault(engines, record, c, fault_of(err), &why);
            }
            continue;
        }
        let how = match (setboard, e.features.flag("setboard", false), &edit) {
            (false, _, _) => Setup::Start,
            (true, true, _) | (true, false, None) => Setup::Fen(&start_fen),
            (true, false, Some(Ok(commands))) => Setup::Edit(commands),
            (true, false, Some(Err(why))) => {
                // The match refuses such openings before it starts.
                record.result = "*";
                record.reason = format!("{} cannot be given this position: {why}", name(c));
                return record;
            }
        };
        if let Err(err) = setup(e, how, opening_moves.as_slice(), settings) {
            let why = format!("{} failed to set up the game ({err:?})", name(c));
            return end_fault(engines, record, c, fault_of(err), &why);
        }
    }
    record.opening_plies = record.moves.len();
    let mut clocks = settings.tc.map(|tc| [Clock::new(&tc), Clock::new(&tc)]);
    let mut playing = [false, false];
    let mut asked = [Instant::now(); 2];
    let mut scores: [Option<i32>; 2] = [None, None];
    let (mut draw_run, mut resign_run) = (0u32, [0u32; 2]);
    let mut draw_offer: [Option<usize>; 2] = [None, None];
    loop {
        if let Some(outcome) = game.outcome() {
            return finish(
                engines,
                record,
                outcome.winner(),
                outcome.reason().to_string(),
            );
        }
        if let Some(max) = settings.adjudication.max_plies
            && game.len() >= max as usize
        {
            return finish(engines, record, None, "adjudication: game too long".into());
        }
        if let Some(tb) = tables
            && let Some((winner, why)) = tablebase_verdict(tb, game.position())
        {
            return finish(engines, record, winner, why);
        }
        let side = game.position().side_to_move();
        let s = side.index();
        let e = &mut engines[s];
        let protocol = e.protocol();
        if protocol == Protocol::Uci {
            // A UCI engine is shown the whole game for every move.
            if let Err(err) = uci::go(e, &uci_game, clocks.as_ref(), side, settings) {
                return end_fault(engines, record, side, fault_of(err), "");
            }
            asked[s] = Instant::now();
        } else if !playing[s] {
            if let Some(c) = &clocks
                && let Err(err) = send_clocks(e, c, side)
            {
                return end_fault(engines, record, side, fault_of(err), "");
            }
            if let Err(err) = e.send("go") {
                return end_fault(engines, record, side, fault_of(err), "");
            }
            playing[s] = true;
            asked[s] = Instant::now();
        }
        // The clock runs from when the engine was asked to move (`go`, or
        // the opponent's move relayed to it).
        let started = asked[s];
        let limit = match (&clocks, settings.move_time) {
            (Some(c), _) => c[s].left + settings.time_margin,
            (None, Some(t)) => t + settings.time_margin.max(Duration::from_secs(1)),
            (None, None) => settings.move_timeout,
        };
        let reply = wait_move(e, started, limit, clocks.is_some());
        let (text, used, score, offered) = match reply {
            Reply::Move(t, used, score, offered) => (t, used, score, offered),
            Reply::Resign => {
                return finish(
                    engines,
                    record,
                    Some(side.opponent()),
                    format!("{} resigns", name(side)),
                );
            }
            Reply::Claim(result, reason) => {
                // Claiming one's own loss is how engines resign (HaChu
                // sends `0-1 {resign}`); the game ends the same way.
                let own_loss = if side == Color::White { "0-1" } else { "1-0" };
                if result == own_loss {
                    return finish(
                        engines,
                        record,
                        Some(side.opponent()),
                        format!("{} resigns", name(side)),
                    );
                }
                // A claim the rules do not support loses (XBoard's
                // -testClaims); a supported one was caught above.
                let claimed = format!("{result} {{{reason}}}");
                return finish(
                    engines,
                    record,
                    Some(side.opponent()),
                    format!("false claim by {}: {claimed}", name(side)),
                );
            }
            Reply::Fault(f, why) => {
                let time_loss = f == Fault::Time && clocks.is_some();
                let reason = if time_loss {
                    format!("{} loses on time", name(side))
                } else {
                    why
                };
                return end_fault(engines, record, side, f, &reason);
            }
        };
        if let Some(c) = clocks.as_mut()
            && let Some(tc) = &settings.tc
            && !c[s].charge(tc, used, settings.time_margin)
        {
            let why = format!("{} loses on time", name(side));
            return end_fault(engines, record, side, Fault::Time, &why);
        }
        let parsed = match protocol {
            Protocol::Xboard => game.parse_move(&text).map_err(|e| e.to_string()),
            Protocol::Uci => uci_game.parse(&mut game.position().clone(), &text),
        };
        let mv = match parsed {
            Ok(m) => m,
            Err(err) => {
                return end_fault(
                    engines,
                    record,
                    side,
                    Fault::Illegal,
                    &format!("illegal move by {}: {text} ({err})", name(side)),
                );
            }
        };
        let wire = move_text(game.position(), mv);
        uci_game.push(game.position(), mv);
        game.play(mv);
        let comment = score.map(|(d, sc)| pgn::search_comment(sc, d, used.as_secs_f64()));
        record.moves.push((wire.clone(), comment));
        scores[s] = score.map(|(_, sc)| sc);
        // Adjudication on both engines' latest scores (each from its side).
        if let (Some(a), Some(b)) = (scores[0], scores[1]) {
            let adj = &settings.adjudication;
            if let Some(n) = adj.draw_plies {
                let after = game.position().fullmove_number() >= adj.draw_after;
                draw_run = if after && a.abs() <= adj.draw_margin && b.abs() <= adj.draw_margin {
                    draw_run + 1
                } else {
                    0
                };
                if draw_run >= n {
                    return finish(engines, record, None, "adjudication: draw".into());
                }
            }
            if let Some(n) = adj.resign_plies {
                for (c, (mine, theirs)) in [(a, b), (b, a)].into_iter().enumerate() {
                    resign_run[c] = if mine <= -adj.resign_score && theirs >= adj.resign_score {
                        resign_run[c] + 1
                    } else {
                        0
                    };
                    if resign_run[c] >= n {
                        let loser = if c == 0 { Color::White } else { Color::Black };
                        return finish(
                            engines,
                            record,
                            Some(loser.opponent()),
                            format!("adjudication: {} is lost", name(loser)),
                        );
                    }
                }
            }
        }
        // Relay the move to the other engine (it thinks at once if it is
        // playing; otherwise it gets `go` on its turn). A UCI engine gets
        // the game with its `go`.
        let o = 1 - s;
        let other = &mut engines[o];
        if other.protocol() == Protocol::Uci {
            continue;
        }
        if let Some(c) = &clocks
            && let Err(err) = send_clocks(other, c, side.opponent())
        {
            return end_fault(engines, record, side.opponent(), fault_of(err), "");
        }
        let line = if other.features.flag("usermove", false) {
            format!("usermove {wire}")
        } else {
            wire
        };
        if let Err(err) = other.send(&line) {
            return end_fault(engines, record, side.opponent(), fault_of(err), "");
        }
        asked[o] = Instant::now();
        // Draw offers: the other side's on its last move and this one's
        // agree a draw; an offer is passed on as XBoard does (`draw`).
        let ply = game.len();
        if offered {
            if draw_offer[o] == Some(ply - 1) {
                return finish(engines, record, None, "draw agreed".into());
            }
            draw_offer[s] = Some(ply);
            let _ = engines[o].send("draw");
        }
    }
}

fn fault_of(e: EngineError) -> Fault {
    match e {
        EngineError::Gone => Fault::Crash,
        EngineError::Timeout => Fault::Hang,
    }
}

/// How an engine is given the game's start position.
enum Setup<'a> {
    /// The variant's own start position: `new` sets it up.
    Start,
    /// `setboard FEN`.
    Fen(&'a str),
    /// XBoard's edit mode (`edit`, `#`, pieces, `c`, pieces, `.`), after a
    /// move in the start position when Black is to move.
    Edit(&'a [String]),
}

/// The commands that set `pos` up in XBoard's edit mode, as XBoard sends
/// them to engines that do not announce `setboard=1`. Edit mode cannot
/// say whose move it is: the engine is on move after `new`, so for Black
/// to move a legal move of the start position goes first (XBoard's
/// `a2a3`, which is no move in makruk). Castling rights follow from the
/// placement, and the move counters start again: what edit mode leaves
/// out. Pieces in hand cannot be placed, so such positions are refused.
pub(super) fn edit_commands(pos: &Position) -> Result<Vec<String>, String> {
    let rules = pos.rules();
    if Color::BOTH
        .iter()
        .any(|&c| pos.holdings(c).iter().any(|&n| n > 0))
    {
        return Err("edit mode cannot place pieces in hand".into());
    }
    let g = rules.geometry();
    let variant = &rules.variant;
    let mut commands = Vec::new();
    if pos.side_to_move() == Color::Black {
        let mut start = Position::start(pos.rules().clone()).map_err(|e| e.to_string())?;
        let mut moves = MoveList::new();
        generate_legal(&mut start, &mut moves);
        let first = moves
            .first()
            .ok_or("the start position has no legal move")?;
        commands.push(move_text(&start, *first));
    }
    commands.push("edit".into());
    commands.push("#".into());
    for color in Color::BOTH {
        if color == Color::Black {
            commands.push("c".into());
        }
        for sq in g.squares() {
            if let Some((c, p)) = pos.piece_on(sq)
                && c == color
            {
                // Edit mode takes the letter in upper case for either
                // colour (`c` switches), `+` before a promoted piece.
                let base = match variant.promotion.promoted_from(p.role) {
                    Some(_) if p.promoted => {
                        format!("+{}", variant.piece(p.base).letter.for_color(Color::White))
                    }
                    _ => variant.piece(p.role).letter.for_color(Color::White),
                };
                commands.push(format!("{base}{}", square_text(g, sq)));
            }
        }
    }
    commands.push(".".into());
    Ok(commands)
}

/// `how`: the start position, then the opening moves.
fn setup(
    e: &mut Engine,
    how: Setup,
    moves: &[String],
    settings: &GameSettings,
) -> Result<(), EngineError> {
    if e.features.flag("memory", false) {
        let mb = e.spec.memory.unwrap_or(settings.memory);
        e.send(&format!("memory {mb}"))?;
    }
    if e.features.flag("smp", false) {
        let cores = e.spec.cores.unwrap_or(settings.cores);
        e.send(&format!("cores {cores}"))?;
    }
    e.send("new")?;
    if settings.variant != "normal" {
        e.send(&format!("variant {}", settings.variant))?;
    }
    e.send("force")?;
    match how {
        Setup::Start => {}
        Setup::Fen(fen) => e.send(&format!("setboard {fen}"))?,
        Setup::Edit(commands) => {
            for c in commands {
                e.send(c)?;
            }
        }
    }
    for m in moves {
        if e.features.flag("usermove", false) {
            e.send(&format!("usermove {m}"))?;
        } else {
            e.send(m)?;
        }
    }
    if let Some(tc) = &settings.tc {
        e.send(&tc.level_command())?;
    }
    if let Some(t) = settings.move_time {
        e.send(&format!("st {}", t.as_secs_f64().max(1.0).round() as u64))?;
    }
    if let Some(d) = settings.depth {
        e.send(&format!("sd {d}"))?;
    }
    e.send("post")?;
    e.send("easy")?;
    e.sync(Duration::from_secs(10))
}

fn send_clocks(e: &mut Engine, clocks: &[Clock; 2], side: Color) -> Result<(), EngineError> {
    let (mine, theirs) = (clocks[side.index()], clocks[side.opponent().index()]);
    e.send(&format!("time {}", mine.centiseconds()))?;
    e.send(&format!("otim {}", theirs.centiseconds()))
}

/// Waits for the engine's move until `limit` after `started`.
fn wait_move(e: &mut Engine, started: Instant, limit: Duration, clocked: bool) -> Reply {
    let mut score = None;
    let mut offered = false;
    // HaChu sends a Lion's two-leg move as two lines, the first ending in
    // a comma (`move g7f6,` then `move f6g7`); XBoard joins them.
    let mut first_legs = String::new();
    let uci = e.protocol() == Protocol::Uci;
    loop {
        let left = limit.saturating_sub(started.elapsed());
        match e.recv_timed(left) {
            Ok((at, line)) => {
                let line = line.trim();
                if uci {
                    if let Some(m) = uci::bestmove(line) {
                        let used = at.duration_since(started);
                        return Reply::Move(m.to_string(), used, score, false);
                    }
                    if let Some(s) = uci::info_score(line) {
                        score = Some(s);
                    }
                    continue;
                }
                if let Some(m) = line.strip_prefix("move ") {
                    let m = m.trim();
                    if m.ends_with(',') && first_legs.len() < 64 {
                        first_legs.push_str(m);
                        continue;
                    }
                    let used = at.duration_since(started);
                    let text = format!("{first_legs}{m}");
                    return Reply::Move(text, used, score, offered);
                }
                if line == "offer draw" {
                    offered = true;
                    continue;
                }
                if let Some(s) = thinking_score(line) {
                    score = Some(s);
                    continue;
                }
                if line == "resign" || line.starts_with("tellics resign") {
                    return Reply::Resign;
                }
                for r in ["1-0", "0-1", "1/2-1/2"] {
                    if let Some(rest) = line.strip_prefix(r) {
                        let reason = rest.trim().trim_start_matches('{').trim_end_matches('}');
                        return Reply::Claim(r.to_string(), reason.to_string());
                    }
                }
                if line.starts_with("Illegal move") {
                    return Reply::Fault(
                        Fault::Illegal,
                        format!("{} rejected a legal move: {line}", e.name()),
                    );
                }
                log::debug!("{}: {line}", e.name());
            }
            Err(EngineError::Gone) => {
                return Reply::Fault(Fault::Crash, format!("{} crashed", e.name()));
            }
            Err(EngineError::Timeout) => {
                let why = if clocked {
                    "time forfeit".to_string()
                } else {
                    format!("{} did not move in {:.0} s", e.name(), limit.as_secs_f64())
                };
                return Reply::Fault(if clocked { Fault::Time } else { Fault::Hang }, why);
            }
        }
    }
}

fn finish(
    engines: [&mut Engine; 2],
    mut record: GameRecord,
    winner: Option<Color>,
    reason: String,
) -> GameRecord {
    record.result = result_text(winner);
    record.reason = reason;
    for e in engines
        .into_iter()
        .filter(|e| e.protocol() == Protocol::Xboard)
    {
        let _ = e.send(&format!("result {} {{{}}}", record.result, record.reason));
        let _ = e.send("force");
    }
    record
}

fn end_fault(
    engines: [&mut Engine; 2],
    mut record: GameRecord,
    side: Color,
    fault: Fault,
    reason: &str,
) -> GameRecord {
    let reason = if reason.is_empty() {
        match fault {
            Fault::Crash => format!("{} crashed", name(side)),
            Fault::Hang => format!("{} hung", name(side)),
            Fault::Time => format!("{} loses on time", name(side)),
            Fault::Illegal => format!("illegal move by {}", name(side)),
        }
    } else {
        reason.to_string()
    };
    record.faulted = Some((side, fault));
    finish(engines, record, Some(side.opponent()), reason)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Rules;
    use std::sync::Arc;

    fn position(variant: &str, fen: &str) -> Position {
        let set = crate::variant::VariantSet::builtin().expect("built-ins");
        let rules: Arc<Rules> =
            Rules::new(set.get(variant).expect("variant").clone()).expect("rules");
        Position::from_fen(rules, fen).expect("fen")
    }

    /// The protocol's edit mode: `edit`, `#` clears the board, `Pa4`
    /// places a piece of the current colour (White first, upper-case
    /// letters for both), `c` switches colour, `.` leaves. Black to move
    /// needs a move before it, which must be legal in the start position
    /// (XBoard's `a2a3` is not, in makruk: Fairy-Max answers "Illegal
    /// move").
    #[test]
    fn edit_mode_places_each_colour_and_moves_first_for_black() {
        let pos = position("makruk", "8/8/8/4r1m1/3k1N2/5K2/8/8 b - - 0 1");
        let c = edit_commands(&pos).expect("no pieces in hand");
        let mut start = Game::new(Position::start(pos.rules().clone()).expect("start"));
        assert!(
            start.parse_move(&c[0]).is_ok(),
            "{} in the start position",
            c[0]
        );
        assert_eq!(c[1..3], ["edit", "#"]);
        let colour_switch = c.iter().position(|x| x == "c").expect("c");
        let mut white = c[3..colour_switch].to_vec();
        let mut black = c[colour_switch + 1..c.len() - 1].to_vec();
        white.sort();
        black.sort();
        assert_eq!(white, ["Kf3", "Nf4"]);
        assert_eq!(black, ["Kd4", "Mg5", "Re5"]);
        assert_eq!(c.last().map(String::as_str), Some("."));

        let white_to_move = position("makruk", "8/8/8/4r1m1/3k1N2/5K2/8/8 w - - 0 1");
        assert_eq!(edit_commands(&white_to_move).expect("edit")[0], "edit");
    }

    #[test]
    fn edit_mode_refuses_pieces_in_hand() {
        let pos = position(
            "crazyhouse",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P] w KQkq - 0 1",
        );
        assert!(edit_commands(&pos).is_err());
        let empty_hand = position(
            "crazyhouse",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        );
        assert!(edit_commands(&empty_hand).is_ok());
    }

    #[test]
    fn tablebase_adjudication_takes_a_path() {
        let mut a = Adjudication::match_default();
        a.add("tb=/tables/a,b").expect("a path");
        assert_eq!(a.tablebases, Some(PathBuf::from("/tables/a,b")));
        assert!(a.add("tb=").is_err());
        assert!(a.add("draw=3,tb=/x").is_err());
    }
}
