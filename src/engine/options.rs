//! Griffon's own options, the same in every protocol: what each is
//! ([`DECLARED`]: name, type, default and range, from which CECP's
//! `feature option` and UCI's `option` lines are written), a value read
//! into an [`EngineOption`] (checked against that range), and the
//! settings that shape how the engine plays ([`Options`]). Protocol
//! options (UCI's `Hash`, `UCI_Variant`, ...; XBoard's `memory`, `cores`)
//! stay with their front ends.

use super::book::PlayBook;
use super::think::Thinker;
use crate::position::Rules;
use crate::rng::Rng;
use crate::search::{DEFAULT_ELO, MAX_ELO, MAX_MULTIPV, MAX_SKILL, MIN_ELO, Strength};
use crate::weights::Params;
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Default of option `Contempt` (centipawns a draw costs us).
const CONTEMPT: i64 = 20;

/// Default of option `Trade Contempt` (centipawns with every piece on).
const TRADE_CONTEMPT: i64 = 100;

/// Default of option `Pawn Trade Contempt` (centipawns with every pawn on).
const PAWN_TRADE_CONTEMPT: i64 = 0;

/// An option's type, default and range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Check(bool),
    /// A directory; empty for none.
    Path,
    /// A file; empty for none.
    File,
}

/// One of Griffon's options.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Declared {
    /// Its name (XBoard's, and UCI's unless `uci_name` says otherwise).
    pub name: &'static str,
    /// Its name in UCI, where UCI has one of its own (`UCI_Elo`); `None`
    /// for an option UCI does without (resigning: UCI engines never
    /// resign).
    pub uci_name: Option<&'static str>,
    pub kind: Kind,
}

const fn spin(name: &'static str, default: i64, min: i64, max: i64) -> Declared {
    Declared {
        name,
        uci_name: Some(name),
        kind: Kind::Spin { default, min, max },
    }
}

const fn other(name: &'static str, kind: Kind) -> Declared {
    Declared {
        name,
        uci_name: Some(name),
        kind,
    }
}

/// Every option of Griffon's own, in the order GUIs show them.
pub(crate) const DECLARED: [Declared; 17] = [
    spin("Move Overhead", 50, 0, 10_000),
    Declared {
        name: "Resign",
        uci_name: None,
        kind: Kind::Check(false),
    },
    Declared {
        name: "Resign Threshold",
        uci_name: None,
        kind: Kind::Spin {
            default: 900,
            min: 100,
            max: 10_000,
        },
    },
    spin("Contempt", CONTEMPT, -500, 500),
    spin("Trade Contempt", TRADE_CONTEMPT, 0, 500),
    spin("Pawn Trade Contempt", PAWN_TRADE_CONTEMPT, 0, 500),
    other("Tablebase Path", Kind::Path),
    other("Book File", Kind::File),
    spin("Book Depth", 20, 0, 500),
    spin("Book Variety", 50, 0, 100),
    spin("Eval Noise", 0, 0, 200),
    other("Use Network", Kind::Check(true)),
    other("Network File", Kind::File),
    spin("MultiPV", 1, 1, MAX_MULTIPV as i64),
    spin("Skill Level", MAX_SKILL as i64, 0, MAX_SKILL as i64),
    Declared {
        name: "Limit Strength",
        uci_name: Some("UCI_LimitStrength"),
        kind: Kind::Check(false),
    },
    Declared {
        name: "Elo",
        uci_name: Some("UCI_Elo"),
        kind: Kind::Spin {
            default: DEFAULT_ELO as i64,
            min: MIN_ELO as i64,
            max: MAX_ELO as i64,
        },
    },
];

impl Declared {
    /// XBoard's announcement: `feature option="NAME -spin 20 -500 500"`.
    pub(crate) fn xboard_feature(&self) -> String {
        let kind = match self.kind {
            Kind::Spin { default, min, max } => format!("-spin {default} {min} {max}"),
            Kind::Check(on) => format!("-check {}", u8::from(on)),
            Kind::Path => "-path ".into(),
            Kind::File => "-file ".into(),
        };
        format!("feature option=\"{} {kind}\"", self.name)
    }

    /// What UCI's `option` line says after the name: `type spin default
    /// 20 min -500 max 500`.
    pub(crate) fn uci_spec(&self) -> String {
        match self.kind {
            Kind::Spin { default, min, max } => {
                format!("type spin default {default} min {min} max {max}")
            }
            Kind::Check(on) => format!("type check default {on}"),
            Kind::Path | Kind::File => "type string default <empty>".into(),
        }
    }
}

/// What is left to a protocol once [`Options::apply`] has set an option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Left {
    Nothing,
    /// Something to tell the user (a book or network that cannot be used).
    Tell(String),
    /// The new `Move Overhead`, which each protocol keeps with its clock.
    Overhead(Duration),
}

/// One option set, its value checked against its declared range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum EngineOption {
    /// `Resign`: on or off.
    Resign(bool),
    ResignThreshold(i64),
    Contempt(i32),
    TradeContempt(i32),
    PawnTradeContempt(i32),
    /// `Tablebase Path`; `None` when empty.
    TablebasePath(Option<PathBuf>),
    /// `Book File`; `None` when empty.
    BookFile(Option<PathBuf>),
    EvalNoise(i32),
    /// `Network File`; `None` when empty (each variant's own).
    NetworkFile(Option<PathBuf>),
    /// `Use Network`: off plays the hand-written evaluation.
    UseNetwork(bool),
    BookDepth(u32),
    BookVariety(u32),
    MoveOverhead(Duration),
    /// `MultiPV`: lines analysis shows (and every search finds).
    MultiPv(usize),
    /// `Skill Level`, 0 to 20 (full strength).
    SkillLevel(u32),
    /// `Limit Strength`: `Elo` sets the level instead of `Skill Level`.
    LimitStrength(bool),
    Elo(u32),
}

/// Why an option cannot be set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OptionError {
    /// The value is not of the option's type or outside its range.
    BadValue,
    UnknownOption,
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OptionError::BadValue => "bad value",
            OptionError::UnknownOption => "unknown option",
        })
    }
}

/// A value read by its option's kind.
enum Value {
    Number(i64),
    Flag(bool),
    Path(Option<PathBuf>),
}

impl EngineOption {
    /// XBoard's `option NAME=VALUE` argument.
    pub(crate) fn parse(arg: &str) -> Result<EngineOption, OptionError> {
        let (name, value) = arg
            .split_once('=')
            .map_or((arg.trim(), ""), |(n, v)| (n.trim(), v.trim()));
        let declared = DECLARED.iter().find(|d| d.name == name);
        EngineOption::read(declared.ok_or(OptionError::UnknownOption)?, value)
    }

    /// The value `text` for `declared`, checked against its range.
    pub(crate) fn read(declared: &Declared, text: &str) -> Result<EngineOption, OptionError> {
        let value = match declared.kind {
            Kind::Spin { min, max, .. } => match text.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Value::Number(n),
                _ => return Err(OptionError::BadValue),
            },
            // XBoard says 1 and 0, UCI true and false.
            Kind::Check(_) => match text {
                "1" | "true" => Value::Flag(true),
                "0" | "false" => Value::Flag(false),
                _ => return Err(OptionError::BadValue),
            },
            Kind::Path | Kind::File => {
                Value::Path((!text.is_empty() && text != "<empty>").then(|| text.into()))
            }
        };
        // The ranges are checked: the numbers fit their fields.
        Ok(match (declared.name, value) {
            ("Move Overhead", Value::Number(ms)) => {
                EngineOption::MoveOverhead(Duration::from_millis(ms as u64))
            }
            ("Resign", Value::Flag(on)) => EngineOption::Resign(on),
            ("Resign Threshold", Value::Number(cp)) => EngineOption::ResignThreshold(cp),
            ("Contempt", Value::Number(cp)) => EngineOption::Contempt(cp as i32),
            ("Trade Contempt", Value::Number(cp)) => EngineOption::TradeContempt(cp as i32),
            ("Pawn Trade Contempt", Value::Number(cp)) => {
                EngineOption::PawnTradeContempt(cp as i32)
            }
            ("Tablebase Path", Value::Path(p)) => EngineOption::TablebasePath(p),
            ("Book File", Value::Path(p)) => EngineOption::BookFile(p),
            ("Book Depth", Value::Number(d)) => EngineOption::BookDepth(d as u32),
            ("Book Variety", Value::Number(v)) => EngineOption::BookVariety(v as u32),
            ("Eval Noise", Value::Number(cp)) => EngineOption::EvalNoise(cp as i32),
            ("Use Network", Value::Flag(on)) => EngineOption::UseNetwork(on),
            ("Network File", Value::Path(p)) => EngineOption::NetworkFile(p),
            ("MultiPV", Value::Number(n)) => EngineOption::MultiPv(n as usize),
            ("Skill Level", Value::Number(n)) => EngineOption::SkillLevel(n as u32),
            ("Limit Strength", Value::Flag(on)) => EngineOption::LimitStrength(on),
            ("Elo", Value::Number(n)) => EngineOption::Elo(n as u32),
            _ => return Err(OptionError::UnknownOption),
        })
    }
}

/// How the engine plays: evaluation, contempt, resigning, tablebases.
pub(crate) struct Options {
    /// Evaluation weights from `--params`; `None`: each variant's own
    /// (`evalWeights` over the defaults).
    pub params: Option<Params>,
    /// `Use Network` (`--net none` clears it): evaluate with networks.
    pub use_net: bool,
    /// `Network File` (`--net FILE`): this file for its variant; `None`:
    /// each variant's own.
    pub net_file: Option<PathBuf>,
    /// Directory of Griffon tablebase files (`egtpath griffon DIR`, the
    /// `Tablebase Path` option or `--tb-path`).
    pub tb_path: Option<PathBuf>,
    /// Resign below minus this many centipawns; 0 = never.
    pub resign_threshold: i64,
    /// The threshold the option sets when resigning is switched on.
    pub resign_setting: i64,
    /// Centipawns a draw costs us in play (option `Contempt`); analysis
    /// scores draws as level.
    pub contempt: i32,
    /// Option `Trade Contempt`: centipawns our evaluation gains with every
    /// piece still in the game, less as pieces come off.
    pub trade_contempt: i32,
    /// Option `Pawn Trade Contempt`: the same for pawns, by count.
    pub pawn_trade_contempt: i32,
    /// Option `Eval Noise`: centipawns of noise in every evaluation, with
    /// a new seed each game (self-play for opening books).
    pub eval_noise: i32,
    /// `Skill Level`, `Limit Strength`, `Elo`.
    pub strength: Strength,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            params: None,
            use_net: true,
            net_file: None,
            tb_path: None,
            resign_threshold: 0,
            resign_setting: 900,
            contempt: CONTEMPT as i32,
            trade_contempt: TRADE_CONTEMPT as i32,
            pawn_trade_contempt: PAWN_TRADE_CONTEMPT as i32,
            eval_noise: 0,
            strength: Strength::default(),
        }
    }
}

impl Options {
    /// Which networks evaluate, from `Use Network` and `Network File`.
    pub fn net_choice(&self) -> crate::nnue::NetChoice {
        match (&self.net_file, self.use_net) {
            (_, false) => crate::nnue::NetChoice::Off,
            (Some(path), true) => crate::nnue::NetChoice::File(path.clone()),
            (None, true) => crate::nnue::NetChoice::Own,
        }
    }

    /// Sets `option` here, in the search thread and in the book, for the
    /// variant of `rules`; what only the protocol can do is left to it.
    pub(crate) fn apply(
        &mut self,
        option: EngineOption,
        think: &mut Thinker,
        book: &mut PlayBook,
        rules: &Arc<Rules>,
        rng: &mut Rng,
    ) -> Left {
        match option {
            EngineOption::Resign(on) => self.set_resign(on),
            EngineOption::ResignThreshold(cp) => self.set_resign_threshold(cp),
            EngineOption::Contempt(cp) => self.contempt = cp,
            EngineOption::TradeContempt(cp) => self.trade_contempt = cp,
            EngineOption::PawnTradeContempt(cp) => self.pawn_trade_contempt = cp,
            EngineOption::TablebasePath(dir) => {
                self.tb_path = dir;
                self.open_tablebases(think, rules);
            }
            EngineOption::BookFile(file) => {
                if let Err(e) = book.set_file(file, &rules.variant) {
                    return Left::Tell(e);
                }
            }
            EngineOption::BookDepth(d) => book.depth = d,
            EngineOption::BookVariety(v) => book.variety = v,
            EngineOption::EvalNoise(cp) => {
                think.stop();
                self.eval_noise = cp;
                self.reseed_noise(think, rng);
            }
            EngineOption::NetworkFile(file) => {
                self.net_file = file;
                return self.load_network(think, rules);
            }
            EngineOption::UseNetwork(on) => {
                self.use_net = on;
                return self.load_network(think, rules);
            }
            EngineOption::MoveOverhead(t) => return Left::Overhead(t),
            EngineOption::MultiPv(n) => {
                think.stop();
                think.multipv = n;
            }
            EngineOption::SkillLevel(n) => self.set_strength(think, |s| s.skill_level = n),
            EngineOption::LimitStrength(on) => {
                self.set_strength(think, |s| s.limit_strength = on);
            }
            EngineOption::Elo(elo) => self.set_strength(think, |s| s.elo = elo),
        }
        Left::Nothing
    }

    /// A change to the strength options, for the next search for a move.
    fn set_strength(&mut self, think: &mut Thinker, change: impl FnOnce(&mut Strength)) {
        change(&mut self.strength);
        think.skill = self.strength.skill();
    }

    /// The network the options choose for `rules`' variant into the
    /// search; what makes a chosen file unusable is for the user.
    pub(crate) fn load_network(&self, think: &mut Thinker, rules: &Arc<Rules>) -> Left {
        think.stop();
        let (net, problem) = self.net_choice().load_reporting(rules);
        if let Some(s) = think.searcher() {
            s.set_network(net);
        }
        match problem {
            Some(problem) => {
                log::warn!("{problem}");
                Left::Tell(format!("network not used: {problem}"))
            }
            None => Left::Nothing,
        }
    }

    /// The tables of `rules`' variant in the `Tablebase Path` directory.
    pub(crate) fn open_tablebases(&self, think: &mut Thinker, rules: &Arc<Rules>) {
        think.open_tablebases(self.tb_path.as_deref(), rules);
    }

    /// The `Eval Noise` setting into the evaluator, with a fresh seed (a
    /// new game plays differently).
    pub(crate) fn reseed_noise(&self, think: &mut Thinker, rng: &mut Rng) {
        think.set_eval_noise(self.eval_noise, rng.next_u64());
    }

    /// `Resign`: on at the threshold set, or off.
    pub(crate) fn set_resign(&mut self, on: bool) {
        self.resign_threshold = if on { self.resign_setting } else { 0 };
    }

    /// `Resign Threshold`: takes effect now if resigning is on.
    pub(crate) fn set_resign_threshold(&mut self, cp: i64) {
        self.resign_setting = cp;
        if self.resign_threshold > 0 {
            self.resign_threshold = cp;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An option by its UCI name, as UCI GUIs set it.
    fn uci(name: &str, value: &str) -> Result<EngineOption, OptionError> {
        let declared = DECLARED
            .iter()
            .find(|d| d.uci_name.is_some_and(|n| n.eq_ignore_ascii_case(name)));
        EngineOption::read(declared.ok_or(OptionError::UnknownOption)?, value)
    }

    #[test]
    fn options_keep_to_their_announced_ranges() {
        assert_eq!(uci("uci_elo", "1200"), Ok(EngineOption::Elo(1200)));
        assert_eq!(
            uci("Use Network", "false"),
            Ok(EngineOption::UseNetwork(false))
        );
        assert_eq!(
            uci("Book File", "<empty>"),
            Ok(EngineOption::BookFile(None))
        );
        assert_eq!(uci("Resign", "true"), Err(OptionError::UnknownOption));
        assert_eq!(
            EngineOption::parse("Contempt=-500"),
            Ok(EngineOption::Contempt(-500))
        );
        assert_eq!(
            EngineOption::parse("Contempt=-501"),
            Err(OptionError::BadValue)
        );
        assert_eq!(
            EngineOption::parse("Book File = "),
            Ok(EngineOption::BookFile(None))
        );
        assert_eq!(
            EngineOption::parse("Book File"),
            Ok(EngineOption::BookFile(None))
        );
        assert_eq!(EngineOption::parse("Resign"), Err(OptionError::BadValue));
        assert_eq!(
            EngineOption::parse("Hash=64"),
            Err(OptionError::UnknownOption)
        );
        assert_eq!(
            EngineOption::parse("Resign Threshold=100"),
            Ok(EngineOption::ResignThreshold(100))
        );
        assert_eq!(
            EngineOption::parse("MultiPV=500"),
            Ok(EngineOption::MultiPv(500))
        );
        assert_eq!(EngineOption::parse("MultiPV=0"), Err(OptionError::BadValue));
        assert_eq!(
            EngineOption::parse("Skill Level=21"),
            Err(OptionError::BadValue)
        );
        assert_eq!(EngineOption::parse("Elo=499"), Err(OptionError::BadValue));
        // What XBoard and UCI GUIs are told.
        let contempt = DECLARED.iter().find(|d| d.name == "Contempt").unwrap();
        assert_eq!(
            contempt.xboard_feature(),
            "feature option=\"Contempt -spin 20 -500 500\""
        );
        assert_eq!(contempt.uci_spec(), "type spin default 20 min -500 max 500");
    }
}
