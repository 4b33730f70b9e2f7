//! The evaluation's weights by name: their names, defaults and meaning,
//! and the `NAME=VALUE` text they are written in (a `--params` file, a
//! variant file's `evalWeights`, what `griffon tune` prints).
//!
//! The variant loader checks a variant file's weight names as it reads
//! the file, and the evaluation (`eval`) reads the values; this module
//! sits below both and imports nothing from the engine.

/// The evaluation's weights, by name: the defaults below, or a set a
/// tuning run found (`griffon tune`). Every weight is an integer; those
/// that scale something are in thousandths.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params(pub [i32; PARAM_COUNT]);

macro_rules! params {
    ($($index:literal $name:ident = $value:expr, $doc:literal;)*) => {
        $(#[doc = $doc] pub const $name: usize = $index;)*
        /// Number of weights.
        pub const PARAM_COUNT: usize = [$($index),*].len();
        /// Names of the weights, as `griffon tune` prints them.
        pub const PARAM_NAMES: [&str; PARAM_COUNT] = [$(stringify!($name)),*];
        impl Default for Params {
            fn default() -> Params {
                Params([$($value),*])
            }
        }
    };
}

params! {
    0 MAT_M0 = 196, "Material: tenths of a centipawn per square of empty-board mobility.";
    1 MAT_M5 = 375, "Material: tenths of a centipawn per square of half-full-board mobility.";
    2 COLOUR_BOUND = 900, "Material of a colour-bound piece, in thousandths of what its mobility gives (1000: no discount).";
    3 PAWN = 100, "Value of a pawn type (pieces that promote).";
    4 CENTRE = 40, "Centralisation: tenths of a centipawn per square of mobility above the piece's average.";
    5 MOBILITY_NUM = 40, "Live mobility: centipawns per square are this over the empty-board mobility...";
    6 MOBILITY_MAX = 6, "... at most this many.";
    7 KING_LIN = 6, "Royal piece: centipawns per enemy attack on its neighbour squares...";
    8 KING_QUAD = 10, "... plus tenths of a centipawn per attack squared.";
    9 HAND = 1100, "A piece in hand that can be dropped, in thousandths of its value (1000: as on the board).";
    10 GATE = 800, "A piece in hand that can only be gated, in thousandths of its value (1000: as on the board).";
    11 ADV_CUBE = 90, "Pawn advancement: centipawns at the promotion zone, growing with the cube of progress...";
    12 ADV_LIN = 10, "... plus this much growing linearly.";
    13 PASSED_MG_BASE = 5, "Passed pawn in the middle game...";
    14 PASSED_MG_SCALE = 50, "... plus this times its progress squared.";
    15 PASSED_EG_BASE = 10, "Passed pawn in the ending...";
    16 PASSED_EG_SCALE = 140, "... plus this times its progress squared.";
    17 DOUBLED_MG = 8, "Each extra pawn on a file, middle game.";
    18 DOUBLED_EG = 16, "Each extra pawn on a file, ending.";
    19 ISOLATED_MG = 8, "Pawn without friendly pawns on the next files, middle game.";
    20 ISOLATED_EG = 12, "The same, ending.";
    21 SHIELD_1 = 14, "Own pawn one rank in front of a royal piece (middle game).";
    22 SHIELD_2 = 7, "Own pawn two ranks in front of a royal piece (middle game).";
    23 ROYAL_ADVANCE = 12, "Royal piece off its back rank in the middle game, per rank (up to 4).";
    24 ROYAL_CENTRE = 8, "Royal piece towards the centre in the ending, per step (up to 3 each way).";
    25 TEMPO = 10, "The side to move.";
    26 PROMOTION_THREAT = 125, "A shogi-style piece that can promote with its next move, in thousandths of what promotion adds (0: off).";
    27 HANGING = 0, "A piece attacked and not defended, in thousandths of its value (0: not evaluated).";
    28 THREATENED = 0, "A piece attacked by a cheaper one, in thousandths of the difference (0: not evaluated).";
    29 PROMOTION_REF = 800, "A pawn is worth PAWN where it promotes to a piece worth this much or more...";
    30 PAWN_FLOOR = 650, "... and this many thousandths of PAWN where its promotion is worth nothing (shatranj's ferz: about 0.7; 1000: every pawn type is worth PAWN).";
    31 PASSED_FLOOR = 250, "Passed-pawn and advancement bonuses scale with the promotion the same way, down to this many thousandths (1000: they do not scale).";
    32 DRAWISH_MARGIN = 320, "A side without pawns that leads by at most this much in pieces rarely wins...";
    33 DRAWISH_SCALE = 250, "... so the score shrinks to this many thousandths (1000: no shrinking).";
    34 RULE_FADE = 500, "Thousandths of the score lost as the n-move counter reaches its limit: progress before the draw (0: the counter does not matter).";
    35 CONFINED = 0, "Confinement: a colour-bound piece that can ever reach only a share r < 1/2 of the board keeps (2r)^(CONFINED/1000) of its value; 350 prices the alfil (r = 1/8) at about 0.6 of it (0: reach does not matter).";
    36 SAFE_MOBILITY = 0, "Live mobility leaves out squares an enemy pawn attacks, in thousandths (0: they count as any other; 1000: not at all).";
    37 PAWN_MG = 1000, "A pawn's material in the middle game, in thousandths of its value, fading to the full value in the ending: with the board full, pieces may decide more than pawns (1000: a pawn counts the same in every phase).";
    38 PAWN_SUPPORTED = 0, "A pawn that an own pawn defends (read from the attack map, so for any pawn type), centipawns (0: off).";
    39 PAWN_PHALANX = 0, "A pawn with an own pawn beside it on the same rank, centipawns (0: off).";
    40 MOP_UP_PIECES = 0, "Mop-up against a royal piece with pieces but no pawns, when the lead is more than DRAWISH_MARGIN: thousandths of the bare-king mop-up (0: off; 1000: as against a bare king).";
    41 KING_DANGER = 0, "King danger as Fairy-Stockfish weighs it (attackers of the royal piece's neighbour squares, weak ones, safe and unsafe checks by move or drop, pieces in hand), in thousandths of centipawns per unit of its scale, over the KING_LIN and KING_QUAD count of attacks (0: off).";
    42 PAIR = 0, "Colour-bound pieces on squares of both colours (chess's bishop pair), centipawns (0: off).";
    43 MAT_M5_SQ = 0, "Material: tenths of a centipawn per square of half-full-board mobility, squared: pieces that combine moves (the queen, the archbishop) are worth more than the sum of their parts (0: value linear in mobility).";
    44 PASSED_KING_FAR = 0, "Passed pawn in the ending: centipawns per step (up to 5) the enemy royal piece stands from the square in front of it, at full progress, fading with the square of progress as the passed bonus does (0: off)...";
    45 PASSED_KING_NEAR = 0, "... and less this per step the own royal piece stands from that square.";
}

/// Every weight lies within plus or minus this: the defaults and every
/// fitted value are far inside it, and beyond it the evaluation's
/// products (the king danger's square times its scale) could overflow.
pub const WEIGHT_LIMIT: i32 = 10_000;

/// What is wrong with a list of weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WeightError {
    /// An item without `=`.
    NotPair,
    /// A name that is no weight's.
    UnknownName,
    /// A value that is not an integer.
    NotInteger,
    /// An integer beyond [`WEIGHT_LIMIT`].
    OutOfRange,
}

/// The `NAME=VALUE` items of `text` (whitespace or commas between, `#`
/// to the end of a line a comment) as (weight index, value), or the error
/// and its item.
fn weight_items(text: &str) -> impl Iterator<Item = Result<(usize, i32), (WeightError, &str)>> {
    text.lines()
        .map(|line| line.split('#').next().unwrap_or(""))
        .flat_map(|line| line.split(|c: char| c.is_whitespace() || c == ','))
        .filter(|item| !item.is_empty())
        .map(|item| {
            let (name, value) = item.split_once('=').ok_or((WeightError::NotPair, item))?;
            let i = PARAM_NAMES
                .iter()
                .position(|n| n.eq_ignore_ascii_case(name))
                .ok_or((WeightError::UnknownName, item))?;
            let value: i32 = value.parse().map_err(|_| (WeightError::NotInteger, item))?;
            if value.abs() > WEIGHT_LIMIT {
                return Err((WeightError::OutOfRange, item));
            }
            Ok((i, value))
        })
}

impl Params {
    /// Parse `NAME=VALUE` pairs (whitespace or commas between), over the
    /// defaults.
    pub fn parse(text: &str) -> Result<Params, String> {
        let mut p = Params::default();
        for item in weight_items(text) {
            let (i, value) = item.map_err(|(e, item)| {
                let (name, value) = item.split_once('=').unwrap_or((item, ""));
                match e {
                    WeightError::NotPair => format!("'{item}' is not NAME=VALUE"),
                    WeightError::UnknownName => format!("unknown weight '{name}'"),
                    WeightError::NotInteger => {
                        format!("'{value}' is not an integer (weight {name})")
                    }
                    WeightError::OutOfRange => {
                        format!("{value} is beyond +/-{WEIGHT_LIMIT} (weight {name})")
                    }
                }
            })?;
            p.0[i] = value;
        }
        Ok(p)
    }

    /// The pairs of a variant file's `evalWeights`, names checked (a
    /// variant file is read before any evaluation is built, so a typo is
    /// reported where it was written).
    pub fn parse_pairs(text: &str) -> Result<Vec<(String, i32)>, WeightError> {
        weight_items(text)
            .map(|item| {
                item.map(|(i, value)| (PARAM_NAMES[i].to_string(), value))
                    .map_err(|(e, _)| e)
            })
            .collect()
    }
}

impl std::fmt::Display for Params {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (name, v) in PARAM_NAMES.iter().zip(self.0.iter()) {
            writeln!(f, "{name}={v}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_print_and_parse_back() {
        let mut p = Params::default();
        p.0[TEMPO] = 17;
        p.0[SHIELD_2] = -3;
        assert_eq!(Params::parse(&p.to_string()), Ok(p));
        assert!(Params::parse("TEMPO=x").is_err());
        assert!(Params::parse("NO_SUCH=1").is_err());
        assert!(Params::parse("TEMPO").is_err());
        // Unnamed weights keep their defaults.
        let q = Params::parse("tempo=3").expect("parses");
        assert_eq!(q.0[TEMPO], 3);
        assert_eq!(q.0[PAWN], Params::default().0[PAWN]);
    }

    #[test]
    fn weight_files_take_comments_and_report_bad_items() {
        let p =
            Params::parse("# fitted on makruk games\nCENTRE=50, TEMPO=3 # two\n").expect("parses");
        assert_eq!((p.0[CENTRE], p.0[TEMPO]), (50, 3));
        assert_eq!(p.0[PAWN], Params::default().0[PAWN]);
        assert_eq!(
            Params::parse("CENTRE=9x").unwrap_err(),
            "'9x' is not an integer (weight CENTRE)"
        );
        assert_eq!(Params::parse("FOO=1").unwrap_err(), "unknown weight 'FOO'");
        assert_eq!(
            Params::parse("KING_DANGER=2000000000").unwrap_err(),
            "2000000000 is beyond +/-10000 (weight KING_DANGER)"
        );
        assert_eq!(
            Params::parse("TEMPO=-10000").map(|p| p.0[TEMPO]),
            Ok(-10_000)
        );
    }
}
