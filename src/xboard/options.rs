//! The engine's settings as XBoard sees them: the `feature` lines that
//! announce the engine and its options at `protover`, the `option
//! NAME=VALUE` commands read into [`EngineOption`]s, and the settings that
//! shape how the engine plays ([`Options`]). The book's settings live with
//! the book (`book.rs`), the move overhead with the clock (`clock.rs`),
//! memory and threads with the search thread (`think.rs`).

use crate::search::{MAX_ELO, MAX_MULTIPV, MAX_SKILL, MIN_ELO, Strength};
use crate::variant::VariantSet;
use crate::weights::Params;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// Default of option `Trade Contempt` (centipawns with every piece on).
const TRADE_CONTEMPT: i32 = 100;

/// Default of option `Pawn Trade Contempt` (centipawns with every pawn on).
const PAWN_TRADE_CONTEMPT: i32 = 0;

/// One `option NAME=VALUE` command, its value checked against the range
/// the `feature` line announced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum EngineOption {
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

/// Why an `option` command cannot be carried out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum OptionError {
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

impl EngineOption {
    /// Reads the argument of `option`: `NAME=VALUE`.
    pub(super) fn parse(arg: &str) -> Result<EngineOption, OptionError> {
        let (name, value) = arg
            .split_once('=')
            .map_or((arg, ""), |(n, v)| (n.trim(), v.trim()));
        let bad = OptionError::BadValue;
        let path = || (!value.is_empty()).then(|| value.into());
        let centipawns = |range: std::ops::RangeInclusive<i32>| match value.parse::<i32>() {
            Ok(cp) if range.contains(&cp) => Ok(cp),
            _ => Err(bad),
        };
        Ok(match name {
            "Resign" => match value {
                "1" => EngineOption::Resign(true),
                "0" => EngineOption::Resign(false),
                _ => return Err(bad),
            },
            "Resign Threshold" => match value.parse::<i64>() {
                Ok(cp) if (100..=10_000).contains(&cp) => EngineOption::ResignThreshold(cp),
                _ => return Err(bad),
            },
            "Contempt" => EngineOption::Contempt(centipawns(-500..=500)?),
            "Trade Contempt" => EngineOption::TradeContempt(centipawns(0..=500)?),
            "Pawn Trade Contempt" => EngineOption::PawnTradeContempt(centipawns(0..=500)?),
            "Tablebase Path" => EngineOption::TablebasePath(path()),
            "Book File" => EngineOption::BookFile(path()),
            "Eval Noise" => EngineOption::EvalNoise(centipawns(0..=200)?),
            "Network File" => EngineOption::NetworkFile(path()),
            "Use Network" => match value {
                "1" => EngineOption::UseNetwork(true),
                "0" => EngineOption::UseNetwork(false),
                _ => return Err(bad),
            },
            "Book Depth" => match value.parse::<u32>() {
                Ok(d) if d <= 500 => EngineOption::BookDepth(d),
                _ => return Err(bad),
            },
            "Book Variety" => match value.parse::<u32>() {
                Ok(v) if v <= 100 => EngineOption::BookVariety(v),
                _ => return Err(bad),
            },
            "MultiPV" => match value.parse::<usize>() {
                Ok(n) if (1..=MAX_MULTIPV).contains(&n) => EngineOption::MultiPv(n),
                _ => return Err(bad),
            },
            "Skill Level" => match value.parse::<u32>() {
                Ok(n) if n <= MAX_SKILL => EngineOption::SkillLevel(n),
                _ => return Err(bad),
            },
            "Limit Strength" => match value {
                "1" => EngineOption::LimitStrength(true),
                "0" => EngineOption::LimitStrength(false),
                _ => return Err(bad),
            },
            "Elo" => match value.parse::<u32>() {
                Ok(elo) if (MIN_ELO..=MAX_ELO).contains(&elo) => EngineOption::Elo(elo),
                _ => return Err(bad),
            },
            "Move Overhead" => match value.parse::<u64>() {
                Ok(ms) if ms <= 10_000 => EngineOption::MoveOverhead(Duration::from_millis(ms)),
                _ => return Err(bad),
            },
            _ => return Err(OptionError::UnknownOption),
        })
    }
}

/// How the engine plays: evaluation, contempt, resigning, tablebases.
pub(super) struct Options {
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
            contempt: 20,
            trade_contempt: TRADE_CONTEMPT,
            pawn_trade_contempt: PAWN_TRADE_CONTEMPT,
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

    /// `Resign`: on at the threshold set, or off.
    pub(super) fn set_resign(&mut self, on: bool) {
        self.resign_threshold = if on { self.resign_setting } else { 0 };
    }

    /// `Resign Threshold`: takes effect now if resigning is on.
    pub(super) fn set_resign_threshold(&mut self, cp: i64) {
        self.resign_setting = cp;
        if self.resign_threshold > 0 {
            self.resign_threshold = cp;
        }
    }
}

/// The `feature` lines answering `protover`: the engine's name, the
/// variants of `set`, the protocol features and the options.
pub(super) fn features(set: &VariantSet) -> Vec<String> {
    // Variants defined on an XBoard parent also go by that parent at
    // their size (`5x5+5_shogi`: XBoard's Shogi with a 5x5 board), first
    // in the list, where XBoard looks for them.
    let mut names: Vec<String> = set
        .iter()
        .filter(|v| !v.xboard.known_to_xboard)
        .filter_map(|v| {
            let parent = v.xboard.variant_template.as_deref()?;
            (parent != "fairy")
                .then(|| format!("{}x{}+{}_{parent}", v.width, v.height, v.xboard.pocket_size))
        })
        .collect();
    for v in set.iter() {
        let name = v.xboard.name.clone();
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let variants = names.join(",");
    let strength = Strength::default();
    vec![
        "feature done=0".into(),
        format!(
            "feature myname=\"Griffon {}\" variants=\"{variants}\" setboard=1 usermove=1 ping=1 san=0 colors=0 \
             time=1 draw=1 sigint=0 sigterm=0 reuse=1 analyze=1 pause=1 nps=1 memory=1 smp=1 exclude=1 \
             highlight=1 debug=1 egt=\"griffon\"",
            env!("CARGO_PKG_VERSION")
        ),
        "feature option=\"Move Overhead -spin 50 0 10000\"".into(),
        "feature option=\"Resign -check 0\"".into(),
        "feature option=\"Resign Threshold -spin 900 100 10000\"".into(),
        "feature option=\"Contempt -spin 20 -500 500\"".into(),
        format!("feature option=\"Trade Contempt -spin {TRADE_CONTEMPT} 0 500\""),
        format!("feature option=\"Pawn Trade Contempt -spin {PAWN_TRADE_CONTEMPT} 0 500\""),
        "feature option=\"Tablebase Path -path \"".into(),
        "feature option=\"Book File -file \"".into(),
        "feature option=\"Book Depth -spin 20 0 500\"".into(),
        "feature option=\"Book Variety -spin 50 0 100\"".into(),
        "feature option=\"Eval Noise -spin 0 0 200\"".into(),
        "feature option=\"Use Network -check 1\"".into(),
        "feature option=\"Network File -file \"".into(),
        format!("feature option=\"MultiPV -spin 1 1 {MAX_MULTIPV}\""),
        format!(
            "feature option=\"Skill Level -spin {} 0 {MAX_SKILL}\"",
            strength.skill_level
        ),
        "feature option=\"Limit Strength -check 0\"".into(),
        format!(
            "feature option=\"Elo -spin {} {MIN_ELO} {MAX_ELO}\"",
            strength.elo
        ),
        "feature done=1".into(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_keep_to_their_announced_ranges() {
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
    }
}
