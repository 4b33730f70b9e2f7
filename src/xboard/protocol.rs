//! The wire format of CECP: a protocol line becomes a typed [`Command`],
//! or a [`CommandError`] that the engine answers `Error (REASON): LINE`;
//! replies go out through [`Output`], one flushed line at a time.
//!
//! Parsing checks what a line says on its own (numbers, option values,
//! command names). What depends on the game (is the move legal, is the
//! square on the board, does the variant exist) is checked when the
//! command is carried out.

use crate::engine::options::{EngineOption, OptionError};
use crate::search::TimeControl;
use crate::types::{Color, Geometry, Sq};
use std::fmt;
use std::io::Write;
use std::time::Duration;

/// One protocol command, with its arguments read.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Command<'a> {
    /// Accepted, and nothing to do (`xboard`, `random`, `computer`,
    /// `name`, `rating`, `ics`, `accepted`, `rejected`, `hover`, and
    /// `egtpath` for tables of other engines).
    Ignored,
    /// `protover N`: announce the features.
    Protover,
    Quit,
    New,
    /// `variant NAME`, possibly with XBoard's `WxH+S_` size prefix (read
    /// by [`variant_name`] once any search is stopped).
    Variant(&'a str),
    Force,
    Go,
    PlayOther,
    /// Obsolete `white` / `black`: that side is to move, the engine plays
    /// the other.
    SideToMove(Color),
    Level(TimeControl),
    /// `st`: seconds per move.
    MoveTime(Duration),
    /// `sd`: the depth limit.
    Depth(u32),
    /// `nps`: count the clock in nodes at this speed (`None`: 0, off).
    Nps(Option<u64>),
    /// `time`: our clock.
    Time(Duration),
    /// `otim`: the opponent's clock (checked, not used).
    Otim,
    /// `usermove MOVE`, or a bare move.
    UserMove(&'a str),
    /// `?`: move now.
    MoveNow,
    Ping(&'a str),
    Draw,
    Result,
    SetBoard(&'a str),
    Edit,
    Hint,
    /// `bk`: the book's moves.
    BookMoves,
    Undo,
    Remove,
    /// `post` / `nopost`.
    Post(bool),
    /// `hard` / `easy`: pondering on or off.
    Ponder(bool),
    Analyze,
    Exit,
    /// `.`: analysis status.
    Status,
    Memory(usize),
    Cores(usize),
    /// `egtpath griffon DIR`.
    TablebasePath(&'a str),
    Option(EngineOption),
    /// `exclude` (true) or `include` (false) a move or `all`.
    Exclude(bool, &'a str),
    Pause,
    Resume,
    /// `holding [WHITE] [BLACK] [CP]`: bughouse holdings from an ICS.
    Holding(Holding<'a>),
    /// XBoard's piece dragging: a piece picked up on a square.
    Lift(&'a str),
    /// ... and put down.
    Put(&'a str),
}

/// Why a line is no command the engine can carry out: the reason in its
/// `Error (REASON): LINE` reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CommandError {
    EgtPathUsage,
    BadCores,
    BadTimeControl,
    BadTime,
    BadDepth,
    BadNumber,
    BadMemory,
    BadHolding,
    Option(OptionError),
    UnknownCommand,
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CommandError::EgtPathUsage => "expected: egtpath TYPE PATH",
            CommandError::BadCores => "bad number of cores",
            CommandError::BadTimeControl => "bad time control",
            CommandError::BadTime => "bad time",
            CommandError::BadDepth => "bad depth",
            CommandError::BadNumber => "bad number",
            CommandError::BadMemory => "bad memory size",
            CommandError::BadHolding => "expected: holding [WHITE] [BLACK] [COLOUR PIECE]",
            CommandError::Option(e) => return e.fmt(f),
            CommandError::UnknownCommand => "unknown command",
        })
    }
}

impl<'a> Command<'a> {
    /// Reads one non-empty protocol line (trimmed).
    pub(super) fn parse(line: &'a str) -> Result<Command<'a>, CommandError> {
        let (cmd, arg) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(c, a)| (c, a.trim()));
        Ok(match cmd {
            "xboard" | "random" | "computer" | "name" | "rating" | "ics" | "accepted"
            | "rejected" | "hover" | "partner" | "ptell" => Command::Ignored,
            "holding" => Command::Holding(Holding::parse(arg).ok_or(CommandError::BadHolding)?),
            "hard" => Command::Ponder(true),
            "easy" => Command::Ponder(false),
            "egtpath" => match arg.split_once(char::is_whitespace) {
                Some(("griffon", dir)) => Command::TablebasePath(dir.trim()),
                Some(_) => Command::Ignored,
                None => return Err(CommandError::EgtPathUsage),
            },
            "cores" => match arg.parse::<usize>() {
                Ok(n) if n > 0 => Command::Cores(n),
                _ => return Err(CommandError::BadCores),
            },
            "protover" => Command::Protover,
            "quit" => Command::Quit,
            "new" => Command::New,
            "variant" => Command::Variant(arg),
            "force" => Command::Force,
            "go" => Command::Go,
            "playother" => Command::PlayOther,
            "white" => Command::SideToMove(Color::White),
            "black" => Command::SideToMove(Color::Black),
            "level" => {
                Command::Level(TimeControl::from_level(arg).ok_or(CommandError::BadTimeControl)?)
            }
            "st" => match arg.parse::<f64>().map(Duration::try_from_secs_f64) {
                Ok(Ok(t)) if !t.is_zero() => Command::MoveTime(t),
                _ => return Err(CommandError::BadTime),
            },
            "sd" => match arg.parse::<u32>() {
                Ok(d) if d > 0 => Command::Depth(d),
                _ => return Err(CommandError::BadDepth),
            },
            "nps" => match arg.parse::<u64>() {
                Ok(n) => Command::Nps((n > 0).then_some(n)),
                Err(_) => return Err(CommandError::BadNumber),
            },
            "time" => match arg.parse::<u64>().ok().and_then(|cs| cs.checked_mul(10)) {
                Some(ms) => Command::Time(Duration::from_millis(ms)),
                None => return Err(CommandError::BadTime),
            },
            "otim" => match arg.parse::<u64>() {
                Ok(_) => Command::Otim,
                Err(_) => return Err(CommandError::BadTime),
            },
            "usermove" => Command::UserMove(arg),
            "?" => Command::MoveNow,
            "ping" => Command::Ping(arg),
            "draw" => Command::Draw,
            "result" => Command::Result,
            "setboard" => Command::SetBoard(arg),
            "edit" => Command::Edit,
            "hint" => Command::Hint,
            "bk" => Command::BookMoves,
            "undo" => Command::Undo,
            "remove" => Command::Remove,
            "post" => Command::Post(true),
            "nopost" => Command::Post(false),
            "analyze" => Command::Analyze,
            "exit" => Command::Exit,
            "." => Command::Status,
            "memory" => match arg.parse::<usize>() {
                Ok(mb) if mb > 0 => Command::Memory(mb),
                _ => return Err(CommandError::BadMemory),
            },
            "option" => Command::Option(EngineOption::parse(arg).map_err(CommandError::Option)?),
            "exclude" | "include" => Command::Exclude(cmd == "exclude", arg),
            "pause" => Command::Pause,
            "resume" => Command::Resume,
            "lift" => Command::Lift(arg),
            "put" => Command::Put(arg),
            // A bare move (protocol 1 style, or usermove=0 GUIs).
            _ if looks_like_move(cmd) => Command::UserMove(cmd),
            _ => return Err(CommandError::UnknownCommand),
        })
    }
}

/// XBoard's `holding` (sent in bughouse on an ICS, after every move of
/// either board): both sides' pieces in hand as the ICS lists them, and
/// the piece that has just come in, if named (`BP`: a black pawn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Holding<'a> {
    pub white: &'a str,
    pub black: &'a str,
    pub arrived: Option<(Color, char)>,
}

impl<'a> Holding<'a> {
    fn parse(arg: &'a str) -> Option<Holding<'a>> {
        let bracketed = |s: &'a str| -> Option<(&'a str, &'a str)> {
            let (inside, rest) = s.trim_start().strip_prefix('[')?.split_once(']')?;
            inside
                .chars()
                .all(|c| c.is_ascii_alphabetic())
                .then_some((inside, rest))
        };
        let (white, rest) = bracketed(arg)?;
        let (black, rest) = bracketed(rest)?;
        let rest = rest.trim();
        let arrived = if rest.is_empty() {
            None
        } else {
            // `BP`, or with a sign between (`B+P`) as some servers write it.
            let mut letters = rest.chars().filter(|c| c.is_ascii_alphabetic());
            let color = match letters.next()?.to_ascii_uppercase() {
                'W' => Color::White,
                'B' => Color::Black,
                _ => return None,
            };
            let piece = letters.next()?;
            if letters.next().is_some() {
                return None;
            }
            Some((color, piece))
        };
        Some(Holding {
            white,
            black,
            arrived,
        })
    }

    /// The FEN `fen` (with its holdings in brackets) with the holdings
    /// this names: the arrived piece added to those of `fen` where the
    /// piece is named (the lists may lag behind this board's moves),
    /// else the lists. `None` if `fen` has no holdings.
    pub fn apply(&self, fen: &str) -> Option<String> {
        let open = fen.find('[')?;
        let close = open + fen[open..].find(']')?;
        let held = match self.arrived {
            Some((color, piece)) => {
                let letter = match color {
                    Color::White => piece.to_ascii_uppercase(),
                    Color::Black => piece.to_ascii_lowercase(),
                };
                format!("{}{letter}", &fen[open + 1..close])
            }
            None => format!(
                "{}{}",
                self.white.to_ascii_uppercase(),
                self.black.to_ascii_lowercase()
            ),
        };
        Some(format!("{}[{held}]{}", &fen[..open], &fen[close + 1..]))
    }
}

/// True for texts shaped like coordinate moves (`e2e4`, `O-O`, `P@e4`).
fn looks_like_move(text: &str) -> bool {
    let b = text.as_bytes();
    matches!(text, "O-O" | "O-O-O" | "0-0" | "0-0-0")
        || (b.len() >= 4 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit())
        || (b.len() >= 4 && b[1] == b'@')
}

/// XBoard's board-size prefix of a variant name, `WxH+S_`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct BoardSize {
    pub width: u8,
    pub height: u8,
    /// Piece types in the holdings.
    pub holdings: u32,
}

/// The argument of `variant`: the name and XBoard's board-size prefix
/// `WxH+S_name` if any; `Err` with the size text when the prefix is
/// malformed.
pub(super) fn variant_name(arg: &str) -> Result<(Option<BoardSize>, &str), &str> {
    match arg.rsplit_once('_') {
        Some((size, name)) if size.contains('x') => match parse_board_size(size) {
            Some(dims) => Ok((Some(dims), name)),
            None => Err(size),
        },
        _ => Ok((None, arg)),
    }
}

/// `WxH+S` of XBoard's size prefix.
fn parse_board_size(text: &str) -> Option<BoardSize> {
    let (w, rest) = text.split_once('x')?;
    let (h, s) = rest.split_once('+')?;
    Some(BoardSize {
        width: w.parse().ok()?,
        height: h.parse().ok()?,
        holdings: s.parse().ok()?,
    })
}

/// A square as XBoard writes it (a trailing comma allowed).
pub(super) fn parse_wire_square(g: &Geometry, text: &str) -> Option<Sq> {
    crate::notation::square::parse_square(g, text.trim().trim_end_matches(','))
}

/// The engine's protocol output.
pub(super) struct Output<W: Write> {
    out: W,
}

impl<W: Write> Output<W> {
    pub(super) fn new(out: W) -> Output<W> {
        Output { out }
    }

    /// Writes one line and flushes it.
    pub(super) fn send(&mut self, line: &str) {
        // Errors echo what they got; control characters from hostile
        // input would reach the GUI as line breaks or worse. (A tab is
        // ours: it separates the PV in thinking output.)
        let hostile = |c: char| c.is_control() && c != '\t';
        if line.contains(hostile) {
            let clean: String = line
                .chars()
                .map(|c| if hostile(c) { '?' } else { c })
                .collect();
            let _ = writeln!(self.out, "{clean}");
        } else {
            let _ = writeln!(self.out, "{line}");
        }
        let _ = self.out.flush();
    }

    /// The reply to a line the engine cannot carry out.
    pub(super) fn error(&mut self, reason: impl fmt::Display, line: &str) {
        self.send(&format!("Error ({reason}): {line}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_read_their_arguments() {
        assert_eq!(Command::parse("sd 4"), Ok(Command::Depth(4)));
        assert_eq!(Command::parse("nps 0"), Ok(Command::Nps(None)));
        assert_eq!(
            Command::parse("white"),
            Ok(Command::SideToMove(Color::White))
        );
        assert_eq!(Command::parse("e2e4"), Ok(Command::UserMove("e2e4")));
        assert_eq!(Command::parse("P@e4 x"), Ok(Command::UserMove("P@e4")));
        assert_eq!(
            Command::parse("egtpath griffon  /tb "),
            Ok(Command::TablebasePath("/tb"))
        );
        assert_eq!(Command::parse("egtpath syzygy /tb"), Ok(Command::Ignored));
        assert_eq!(
            Command::parse("exclude all"),
            Ok(Command::Exclude(true, "all"))
        );
    }

    #[test]
    fn bad_arguments_are_errors_with_their_reason() {
        let reason = |line| Command::parse(line).map(|_| ()).unwrap_err().to_string();
        assert_eq!(reason("sd 0"), "bad depth");
        assert_eq!(reason("st -1"), "bad time");
        assert_eq!(reason("cores x"), "bad number of cores");
        assert_eq!(reason("egtpath"), "expected: egtpath TYPE PATH");
        assert_eq!(reason("frobnicate"), "unknown command");
        assert_eq!(reason("option Contempt=999"), "bad value");
        assert_eq!(reason("option Nonsense=1"), "unknown option");
    }

    #[test]
    fn size_prefixes_name_a_board() {
        let five = BoardSize {
            width: 5,
            height: 5,
            holdings: 5,
        };
        assert_eq!(variant_name("5x5+5_shogi"), Ok((Some(five), "shogi")));
        assert_eq!(variant_name("normal"), Ok((None, "normal")));
        assert_eq!(variant_name("fairy_x"), Ok((None, "fairy_x")));
        assert_eq!(variant_name("5x_shogi"), Err("5x"));
    }
}
