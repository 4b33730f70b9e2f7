//! The engine loop: events in (protocol lines from the reader thread,
//! iterations and results from the search thread), replies out. Each
//! [`Command`] is carried out on the parts it concerns (the game, the
//! clock, the options, the book, the search thread, edit mode, piece
//! dragging); what takes several of them, such as playing our move or
//! changing the variant, is here.

use super::clock::Clock;
use super::edit::Edit;
use super::game::GameState;
use super::highlight::Drag;
use super::options;
use super::protocol::{Command, Holding, Output, variant_name};
use super::setup;
use crate::book::XBoardState;
use crate::engine::FrontEnd;
use crate::engine::book::PlayBook;
use crate::engine::input::{Event, MAX_LINE};
use crate::engine::options::{EngineOption, Left, Options};
use crate::engine::think::{Contempt, Done, Purpose, Thinker};
use crate::eval::Evaluator;
use crate::nnue::NetChoice;
use crate::notation::move_text;
use crate::position::{Position, Rules};
use crate::rng::Rng;
use crate::search::{Info, xboard_score};
use crate::types::{Move, flag};
use crate::variant::{Variant, VariantSet};
use crate::weights::Params;
use crossbeam::channel::Sender;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

/// The XBoard engine: the parts of its state, each with its job.
pub(super) struct Engine<W: Write> {
    out: Output<W>,
    /// The variants the engine offers.
    set: VariantSet,
    state: GameState,
    clock: Clock,
    options: Options,
    book: PlayBook,
    think: Thinker,
    /// `Some` in edit mode.
    edit: Option<Edit>,
    drag: Drag,
    /// `hard`: think on the opponent's time.
    ponder: bool,
    /// The opponent's reply our last search expected (pondered on when
    /// `ponder` is on; `hint` gives it).
    expected: Option<Move>,
    /// Seeded from the clock: book choices and evaluation noise differ
    /// between games.
    rng: Rng,
}

impl<W: Write> Engine<W> {
    /// The engine at the start position of chess, with `memory_mb`
    /// megabytes for itself; iterations of its searches go to
    /// `events_tx`.
    pub(super) fn new(
        out: W,
        events_tx: Sender<Event>,
        set: VariantSet,
        memory_mb: usize,
    ) -> Result<Engine<W>, String> {
        let variant = set
            .get("normal")
            .ok_or("the built-in variant 'normal' is missing")?
            .clone();
        let rules = Rules::new(variant.clone()).map_err(|e| e.to_string())?;
        let pos = Position::start(rules.clone()).map_err(|e| e.to_string())?;
        Ok(Engine {
            out: Output::new(out),
            set,
            book: PlayBook::new(&pos),
            think: Thinker::new(&pos, events_tx, memory_mb).for_xboard(),
            state: GameState::new(variant, rules, pos),
            clock: Clock::default(),
            options: Options::default(),
            edit: None,
            drag: Drag::default(),
            ponder: false,
            expected: None,
            rng: Rng(std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)),
        })
    }

    /// Evaluate with these weights from now on.
    pub(super) fn set_params(&mut self, params: Option<Params>) {
        self.options.params = params;
        if let Some(s) = self.think.searcher() {
            s.eval = Evaluator::with_optional(&self.state.rules, self.options.params.clone());
        }
        self.apply_noise();
    }

    /// Evaluate with the networks `choice` names from now on (`--net`).
    pub(super) fn set_net(&mut self, choice: NetChoice) {
        self.think.stop();
        (self.options.use_net, self.options.net_file) = match choice {
            NetChoice::Own => (true, None),
            NetChoice::Off => (false, None),
            NetChoice::File(path) => (true, Some(path)),
        };
        self.load_network();
    }

    /// The current variant's network under the `--net` choice (or the
    /// network options); a file that cannot be used is said once.
    fn load_network(&mut self) {
        let left = self
            .options
            .load_network(&mut self.think, &self.state.rules);
        self.follow(left);
    }

    /// XBoard's thinking line for an iteration of the running search:
    /// ply score time nodes, then selective depth, speed (nodes per
    /// second) and tablebase hits before the tab, and the PV.
    fn thinking(&mut self, id: u64, info: &Info) {
        if info.multipv > 1 && self.think.running() != Some(Purpose::Analyze) {
            // In a game XBoard takes the last line it is sent as the
            // engine's score: there only the best line is shown.
            return;
        }
        let Some(root) = self.think.reporting(id) else {
            return;
        };
        let mut pos = root.clone();
        let mut pv = String::new();
        if self.think.running() == Some(Purpose::Ponder)
            && let Some(reply) = self.expected
        {
            // From the position XBoard shows: the reply pondered on first.
            pv.push(' ');
            pv.push_str(&move_text(self.state.game.position(), reply));
        }
        for &m in &info.pv {
            pv.push(' ');
            pv.push_str(&move_text(&pos, m));
            pos.make(m);
        }
        self.out.send(&format!(
            "{} {} {} {} {} {} 0\t{}",
            info.depth,
            xboard_score(info.score),
            info.elapsed.as_millis() / 10,
            info.nodes,
            info.seldepth,
            info.nps(),
            pv.trim_start()
        ));
    }

    /// Handle one line; false means quit.
    fn command_line(&mut self, line: &str) -> bool {
        if line.is_empty() {
            return true;
        }
        if self.edit.is_some() {
            self.edit_command(line);
            return true;
        }
        match Command::parse(line) {
            Ok(command) => self.command(command, line),
            Err(e) => {
                self.out.error(e, line);
                true
            }
        }
    }

    /// Carry out one command (`line` is its text, for error replies);
    /// false means quit.
    fn command(&mut self, command: Command, line: &str) -> bool {
        match command {
            Command::Ignored => {}
            Command::TablebasePath(dir) => self.set_tb_path(Some(dir.into())),
            Command::Cores(n) => {
                self.think.stop();
                self.think.set_cores(n);
            }
            Command::Protover => {
                for feature in options::features(&self.set) {
                    self.out.send(&feature);
                }
            }
            Command::Quit => return false,
            Command::New => self.new_game(),
            Command::Variant(arg) => self.set_variant(arg, line),
            Command::Force => {
                self.think.stop();
                self.state.force = true;
            }
            Command::Go => {
                self.think.stop();
                self.state.force = false;
                self.think.analyze = false;
                self.state.engine_color = self.state.game.position().side_to_move();
                self.start_search(Purpose::Move);
            }
            Command::PlayOther => {
                self.think.stop();
                self.state.force = false;
                self.state.engine_color = self.state.game.position().side_to_move().opponent();
            }
            Command::SideToMove(side) => {
                self.think.stop();
                self.state.engine_color = side.opponent();
            }
            Command::Level(tc) => self.clock.set_level(tc),
            Command::MoveTime(t) => self.clock.set_move_time(t),
            Command::Depth(d) => self.clock.set_depth(d),
            Command::Nps(n) => self.clock.set_nps(n),
            Command::Time(t) => self.clock.set_our_time(t),
            Command::Otim => {}
            Command::UserMove(text) => self.user_move(text),
            Command::MoveNow => self.think.move_now(),
            Command::Ping(arg) => self.out.send(&format!("pong {arg}")),
            Command::Draw => {
                if self.state.accepts_draw(self.think.analyze) {
                    self.out.send("offer draw");
                }
            }
            Command::Result => {
                self.think.stop();
                self.state.over = true;
            }
            Command::SetBoard(fen) => self.setboard(fen, line),
            Command::Holding(holding) => self.holding(holding, line),
            Command::Edit => {
                self.think.stop();
                self.expected = None;
                self.edit = Some(Edit::start(self.state.game.position()));
            }
            Command::Hint => self.hint(),
            Command::BookMoves => self.book_moves(),
            Command::Undo => self.take_back(1, "no move to undo", line),
            Command::Remove => self.take_back(2, "no moves to remove", line),
            Command::Post(on) => self.think.post = on,
            Command::Ponder(on) => {
                self.ponder = on;
                if !on && self.think.running() == Some(Purpose::Ponder) {
                    self.think.stop();
                }
            }
            Command::Analyze => {
                self.think.stop();
                self.think.analyze = true;
                self.state.force = true;
                self.start_search(Purpose::Analyze);
            }
            Command::Exit => {
                self.think.stop();
                self.think.analyze = false;
            }
            Command::Status => {
                if self.think.running() == Some(Purpose::Analyze) {
                    let moves = self.state.game.legal_moves().len();
                    self.out.send(&format!("stat01: 0 0 0 {moves} {moves}"));
                }
            }
            Command::Memory(mb) => {
                self.think.stop();
                if let Err(kept) = self.think.set_memory(mb) {
                    self.out
                        .error(format!("cannot allocate {mb} MB; keeping {kept} MB"), line);
                }
            }
            Command::Option(option) => self.set_option(option),
            Command::Exclude(exclude, moves) => self.exclude(exclude, moves, line),
            Command::Pause => {
                self.think.stop();
                self.state.paused = true;
            }
            Command::Resume => {
                self.state.paused = false;
                self.maybe_think();
            }
            Command::Lift(square) => match self.drag.lift(&mut self.state.game, square) {
                Some(board) => self.out.send(&format!("highlight {board}")),
                None => log::debug!("lift of a square off the board: {line}"),
            },
            Command::Put(square) => {
                if !self.drag.put(&self.state.game, square) {
                    self.out.error("bad square", line);
                }
            }
        }
        true
    }

    // ----- thinking ---------------------------------------------------------

    fn start_search(&mut self, purpose: Purpose) {
        if self.think.running().is_some() || self.state.over && purpose == Purpose::Move {
            return;
        }
        if purpose == Purpose::Move
            && let Some(m) = self.book.pick(&self.state.game, &mut self.rng)
        {
            if self.think.post {
                // A PV in brackets: not a search (the protocol's way to
                // show a book move).
                let text = move_text(self.state.game.position(), m);
                self.out.send(&format!("0 0 0 0 ({text} book)"));
            }
            self.play_our_move(m);
            return;
        }
        let limits = self.clock.limits(purpose);
        let contempt = self.contempt();
        if let Err(e) = self
            .think
            .start(purpose, &self.state.game, limits, contempt)
        {
            self.out.error(format!("cannot start search: {e}"), "go");
        }
    }

    /// The contempt options, for a search of ours.
    fn contempt(&self) -> Contempt {
        Contempt {
            draw: self.options.contempt,
            trade: self.options.trade_contempt,
            pawn_trade: self.options.pawn_trade_contempt,
        }
    }

    /// A search ended: play its move (or resign) if it searched for one.
    fn search_done(&mut self, done: Done) {
        let Some((purpose, result)) = self.think.finish(done) else {
            return;
        };
        if purpose != Purpose::Move {
            return;
        }
        let score = xboard_score(result.score);
        if self.state.resigns(score, self.options.resign_threshold) {
            self.out.send("resign");
            return;
        }
        match result.best {
            Some(m) => {
                self.play_our_move(m);
                self.expected = result.ponder;
                self.start_pondering();
            }
            None => {
                // No legal move: the game is over; say why (or, for a
                // draw XBoard may not see, wait for the offered draw).
                if self.state.claim_result(&mut self.out) || self.state.draw_held_back() {
                } else if self.state.won_by_rule() {
                    // A win XBoard may not see, with us to move: the claim
                    // is all that is left to say.
                    self.state.send_result(&mut self.out);
                } else {
                    self.out.send("resign");
                }
            }
        }
    }

    /// With `hard` on, after our move: search the position after the
    /// reply we expect until the opponent moves.
    fn start_pondering(&mut self) {
        let Some(reply) = self.expected else {
            return;
        };
        if !self.ponder
            || self.think.analyze
            || self.state.force
            || self.state.over
            || self.state.paused
            || self.think.skill.limited()
            || !self.state.game.legal_moves().contains(&reply)
        {
            return;
        }
        let mut game = self.state.game.clone();
        game.play(reply);
        if game.outcome().is_some() {
            return;
        }
        log::debug!(
            "pondering on {}",
            move_text(self.state.game.position(), reply)
        );
        let limits = self.clock.limits(Purpose::Ponder);
        if let Err(e) = self
            .think
            .start(Purpose::Ponder, &game, limits, self.contempt())
        {
            log::warn!("cannot start pondering: {e}");
        }
    }

    /// `hint`: the reply our last search expected, else a legal move.
    fn hint(&mut self) {
        let legal = self.state.game.legal_moves();
        let hint = self
            .expected
            .filter(|m| legal.contains(m))
            .or_else(|| legal.first().copied());
        if let Some(m) = hint {
            let text = move_text(self.state.game.position(), m);
            self.out.send(&format!("Hint: {text}"));
        }
    }

    /// Play `m` as the engine's move, and claim the result if it ends
    /// the game.
    fn play_our_move(&mut self, m: Move) {
        let text = move_text(self.state.game.position(), m);
        self.state.game.play(m);
        self.clock.moved();
        self.out.send(&format!("move {text}"));
        self.state.claim_result(&mut self.out);
    }

    /// After a change of the game: think if it is our turn.
    fn maybe_think(&mut self) {
        if self.think.analyze {
            self.think.stop();
            self.start_search(Purpose::Analyze);
            return;
        }
        if self.state.our_turn() {
            self.start_search(Purpose::Move);
        }
    }

    /// `undo` (one ply) and `remove` (two): take the moves back, or reply
    /// `Error (none): LINE` if the game has fewer.
    fn take_back(&mut self, plies: usize, none: &str, line: &str) {
        self.think.stop();
        self.expected = None;
        if self.state.take_back(plies) {
            self.analyze_again();
        } else {
            self.out.error(none, line);
        }
    }

    /// After a change of the position in analyze mode: analyze it.
    fn analyze_again(&mut self) {
        if self.think.analyze {
            self.start_search(Purpose::Analyze);
        }
    }

    // ----- the game ---------------------------------------------------------

    fn new_game(&mut self) {
        self.think.stop();
        self.expected = None;
        self.state.new_game();
        self.think.analyze = false;
        self.clock.new_game();
        if let Some(s) = self.think.searcher() {
            s.clear();
            s.excluded.clear();
        }
        // `new` means the standard game; `variant` may follow.
        match self.set.get("normal").cloned() {
            Some(v) => {
                if let Err(e) = self.load_variant(v) {
                    self.out.error(e, "new");
                }
            }
            None => self.out.error("no normal variant", "new"),
        }
    }

    fn set_variant(&mut self, arg: &str, line: &str) {
        self.think.stop();
        // XBoard's board-size prefix `WxH+S_name`: the variant itself at
        // its own size, or one defined on that parent at that size and
        // holdings (XBoard's Shogi at 5x5 with 5 piece types in hand is
        // minishogi, `5x5+4_shogi` Kyoto shogi).
        let (size, name) = match variant_name(arg) {
            Ok(found) => found,
            Err(size) => {
                self.out.error(format!("bad board size {size}"), line);
                return;
            }
        };
        let named = |v: &&Arc<Variant>| v.xboard.name == name || v.is_called(name);
        let found = match size {
            None => self.set.iter().find(named),
            Some(size) => self
                .set
                .iter()
                .filter(named)
                .find(|v| (v.width, v.height) == (size.width, size.height))
                .or_else(|| {
                    self.set.iter().find(|v| {
                        v.xboard.variant_template.as_deref() == Some(name)
                            && (v.width, v.height, v.xboard.pocket_size)
                                == (size.width, size.height, size.holdings)
                    })
                }),
        }
        .cloned();
        let Some(mut variant) = found else {
            self.out.error("unknown variant", line);
            return;
        };
        if let Some(v) = setup::as_xboard_referees(&variant) {
            variant = Arc::new(v);
        }
        if let Err(e) = self.load_variant(variant.clone()) {
            self.out.error(e, line);
            return;
        }
        let known = variant.xboard.known_to_xboard;
        if !known {
            let setup = setup::setup_line(&variant);
            self.out.send(&setup);
        }
        self.state.xboard_sees_all = true;
        if let Some(pieces) = setup::xboard_piece_lines(&variant) {
            for w in &pieces.warnings {
                // Never on stdout: XBoard reads every line there.
                eprintln!("griffon: warning: variant {}: {w}", variant.name);
            }
            self.state.xboard_sees_all = pieces.exact;
            for p in &pieces.lines {
                self.out.send(p);
            }
        }
    }

    fn load_variant(&mut self, variant: Arc<Variant>) -> Result<(), String> {
        let same = Arc::ptr_eq(&variant, &self.state.variant);
        let rules = if same {
            self.state.rules.clone()
        } else {
            Rules::new(variant.clone()).map_err(|e| e.to_string())?
        };
        let pos = Position::start(rules.clone()).map_err(|e| e.to_string())?;
        if !same {
            let eval = Evaluator::with_optional(&rules, self.options.params.clone());
            self.think.change_variant(&pos, eval);
        }
        self.state.variant = variant;
        self.state.rules = rules;
        if !same {
            self.load_network();
        }
        if self
            .think
            .searcher()
            .is_some_and(|s| s.tablebases.is_none())
        {
            self.options
                .open_tablebases(&mut self.think, &self.state.rules);
        }
        if let Err(e) = self.book.open(&self.state.variant) {
            self.out.send(&format!("telluser {e}"));
        }
        self.apply_noise();
        self.book
            .set_start(pos.clone(), XBoardState::at_start(&pos));
        self.state.restart(pos);
        Ok(())
    }

    fn user_move(&mut self, text: &str) {
        match self.think.running() {
            Some(Purpose::Move) => {
                // A move while we think on ours is out of turn.
                self.out
                    .send(&format!("Illegal move (it is the engine's turn): {text}"));
                return;
            }
            // Hit or miss, our search starts afresh: after a hit it finds
            // the pondered depth in the table within moments.
            Some(Purpose::Ponder | Purpose::Analyze) => self.think.stop(),
            None => {}
        }
        let expected = self.expected.take();
        match self.state.parse_opponent_move(text) {
            Ok(m) => {
                if expected.is_some() {
                    let hit = expected == Some(m);
                    log::debug!("ponder {}", if hit { "hit" } else { "miss" });
                }
                self.opponent_moved(m)
            }
            Err(e) => {
                self.out.send(&format!("Illegal move ({e}): {text}"));
                self.analyze_again();
            }
        }
    }

    /// The opponent's move `m` (legal) is played: claim what it ends, or
    /// think (analyse) on.
    fn opponent_moved(&mut self, m: Move) {
        self.state.game.play(m);
        if self.think.analyze {
            self.start_search(Purpose::Analyze);
            return;
        }
        if !self.state.claim_result(&mut self.out) {
            self.maybe_think();
        }
    }

    /// XBoard 4.9.1 relays the other engine's pass (`@@@@`) outside Chu
    /// Shogi as a `setboard` of the position after it, and then waits for
    /// our move. A FEN that is the current position after a pass is taken
    /// as that pass (the game's history stays, for repetitions and
    /// counts); true when it was.
    fn setboard_is_pass(&mut self, fen: &str) -> bool {
        let Ok(after) = Position::from_fen(self.state.rules.clone(), fen) else {
            return false;
        };
        let game = &mut self.state.game;
        let Some(pass) = game
            .legal_moves()
            .iter()
            .copied()
            .find(|m| m.is_pass() && !m.is(flag::WALL))
        else {
            return false;
        };
        let mut passed = game.position().clone();
        passed.make(pass);
        if passed.key() != after.key() || passed.side_to_move() != after.side_to_move() {
            return false;
        }
        self.opponent_moved(pass);
        true
    }

    fn setboard(&mut self, fen: &str, line: &str) {
        self.think.stop();
        self.expected = None;
        if self.setboard_is_pass(fen) {
            return;
        }
        match Position::from_fen(self.state.rules.clone(), fen) {
            Ok(pos) => self.restart_from(pos, fen),
            Err(e) => self.out.error(format!("bad FEN: {e}"), line),
        }
        self.analyze_again();
    }

    /// The game starts again from `pos` (read from `fen`), its earlier
    /// moves forgotten: `setboard`, `holding`.
    fn restart_from(&mut self, pos: Position, fen: &str) {
        self.expected = None;
        self.book
            .set_start(pos.clone(), XBoardState::from_fen(&pos, fen));
        self.state.restart(pos);
        if let Some(s) = self.think.searcher() {
            s.excluded.clear();
        }
    }

    /// `holding`: the holdings the ICS reports (bughouse: pieces come
    /// from the partner's board). The game goes on from the position with
    /// those holdings (its earlier moves are forgotten, as after
    /// `setboard`), and a search for our move starts again.
    fn holding(&mut self, holding: Holding, line: &str) {
        let searching = self.think.running();
        self.think.stop();
        let pos = self.state.game.position();
        let Some(fen) = holding.apply(&pos.fen()) else {
            self.out.error("no holdings in this variant", line);
            self.resume_after(searching);
            return;
        };
        match Position::from_fen(self.state.rules.clone(), &fen) {
            Ok(pos) => self.restart_from(pos, &fen),
            Err(e) => self.out.error(format!("bad holdings: {e}"), line),
        }
        self.resume_after(searching);
    }

    /// After a command that stopped the search `was` running: analysis
    /// and the search for our move start again (pondering does not).
    fn resume_after(&mut self, was: Option<Purpose>) {
        if matches!(was, Some(Purpose::Move | Purpose::Analyze)) {
            self.maybe_think();
        }
    }

    /// A line in edit mode; `.` ends it.
    fn edit_command(&mut self, line: &str) {
        let g = self.state.rules.geometry().clone();
        if line != "." {
            if let Some(edit) = self.edit.as_mut()
                && edit.command(line, &g).is_err()
            {
                self.out.error("bad edit command", line);
            }
            return;
        }
        let Some(edit) = self.edit.take() else {
            return;
        };
        let fen = edit.fen(&g, self.state.game.position().side_to_move());
        match Position::from_fen(self.state.rules.clone(), &fen) {
            Ok(pos) => {
                self.book.set_start(pos.clone(), XBoardState::default());
                self.state.restart(pos);
            }
            Err(e) => self.out.error(format!("bad position: {e}"), "edit"),
        }
    }

    /// `bk`: the book's moves here, with their shares.
    fn book_moves(&mut self) {
        let found = self.book.moves(&self.state.game);
        let total: u32 = found.moves.iter().map(|(_, e)| u32::from(e.weight)).sum();
        if found.moves.is_empty() {
            self.out.send(if self.book.is_open() {
                " not in the book"
            } else {
                " no book"
            });
        }
        for (m, e) in &found.moves {
            let text = move_text(self.state.game.position(), *m);
            let share = 100 * u32::from(e.weight) / total.max(1);
            self.out
                .send(&format!(" {text} {share}% (weight {})", e.weight));
        }
        self.out.send("");
    }

    /// `exclude MOVE`, `include MOVE`, `exclude all`, `include all`: the
    /// root moves analysis may consider.
    fn exclude(&mut self, exclude: bool, arg: &str, line: &str) {
        let restart = self.think.running() == Some(Purpose::Analyze);
        self.think.stop();
        let legal = self.state.game.legal_moves();
        let moves: Vec<Move> = if arg == "all" {
            legal.to_vec()
        } else {
            match self.state.game.parse_move(arg) {
                Ok(m) => vec![m],
                Err(e) => {
                    self.out.error(e, line);
                    Vec::new()
                }
            }
        };
        if let Some(s) = self.think.searcher() {
            for m in moves {
                s.excluded.retain(|x| *x != m);
                if exclude {
                    s.excluded.push(m);
                }
            }
        }
        if restart {
            self.start_search(Purpose::Analyze);
        }
    }

    // ----- options ----------------------------------------------------------

    fn set_option(&mut self, option: EngineOption) {
        if self.think.running() == Some(Purpose::Ponder) {
            // Options change the searcher, which the ponder search holds.
            self.think.stop();
        }
        // Analysis shows a new number of lines at once.
        let restart = matches!(option, EngineOption::MultiPv(_))
            && self.think.running() == Some(Purpose::Analyze);
        let left = self.options.apply(
            option,
            &mut self.think,
            &mut self.book,
            &self.state.rules,
            &mut self.rng,
        );
        self.follow(left);
        if restart {
            self.start_search(Purpose::Analyze);
        }
    }

    /// What an option left to the protocol.
    fn follow(&mut self, left: Left) {
        match left {
            Left::Nothing => {}
            Left::Tell(what) => self.out.send(&format!("telluser {what}")),
            Left::Overhead(t) => self.clock.set_overhead(t),
        }
    }

    /// The `Eval Noise` setting into the evaluator, with a fresh seed.
    fn apply_noise(&mut self) {
        self.options.reseed_noise(&mut self.think, &mut self.rng);
    }

    /// Use the tables in `dir` (none: no tables) from now on.
    pub(super) fn set_tb_path(&mut self, dir: Option<PathBuf>) {
        self.set_option(EngineOption::TablebasePath(dir));
    }
}

impl<W: Write> FrontEnd for Engine<W> {
    fn thinker(&mut self) -> &mut Thinker {
        &mut self.think
    }

    fn line(&mut self, line: &str) -> bool {
        self.command_line(line)
    }

    fn overlong(&mut self, head: &str, len: usize) {
        self.out.error(
            format!("line of {len} bytes, longer than {MAX_LINE}: ignored"),
            &format!("{head}..."),
        );
    }

    fn iteration(&mut self, id: u64, info: &Info) {
        self.thinking(id, info);
    }

    fn finished(&mut self, done: Done) {
        self.search_done(done);
    }
}
