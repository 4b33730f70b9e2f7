//! Match statistics: Elo difference with its 95% error bar, likelihood of
//! superiority, and the sequential probability ratio test, from win / draw /
//! loss counts of the first engine.
//!
//! The Elo model is the logistic one (`score = 1 / (1 + 10^(-elo/400))`);
//! the error bar comes from the per-game variance of the score (trinomial
//! results), as cutechess-cli and fishtest report it. The SPRT uses the
//! generalized-SPRT approximation of the log-likelihood ratio that fishtest
//! uses for logistic Elo bounds: `LLR = N (s1 - s0) (2 s - s0 - s1) / (2 var)`.
//!
//! Games come in pairs from the same opening with colours swapped, so the
//! runner also counts the pairs by their points ([`Pentanomial`]): a
//! pair's two games share the opening's bias, and the variance of pair
//! scores gives a narrower, truer error bar than the games taken one by
//! one, as fishtest and fast-chess report it. Normalised Elo (the score's
//! distance from 0.5 in standard deviations, scaled by 800 / ln 10) does
//! not depend on the draw rate, so it compares across time controls.

/// Wins, draws and losses of the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// The bounds and error rates of an SPRT (`--sprt elo0=0,elo1=5,alpha=0.05,beta=0.05`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtState {
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
}

impl SprtState {
    /// `Some(true)` when H1 (elo1) is accepted, `Some(false)` for H0.
    pub fn decision(&self) -> Option<bool> {
        if self.llr >= self.upper {
            Some(true)
        } else if self.llr <= self.lower {
            Some(false)
        } else {
            None
        }
    }
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first engine's mean score per game (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n)
    }

    /// The per-game variance of the score.
    fn variance(&self) -> f64 {
        let n = f64::from(self.games());
        if n == 0.0 {
            return 0.0;
        }
        let s = self.score();
        (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n
    }

    /// Elo difference of the first engine, and half the width of its 95%
    /// confidence interval. Infinite when one side scored everything.
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games());
        let s = self.score();
        if n == 0.0 {
            return (0.0, f64::INFINITY);
        }
        let elo = elo_of_score(s);
        let stderr = (self.variance() / n).sqrt();
        let low = elo_of_score(s - 1.959_963_984_540_054 * stderr);
        let high = elo_of_score(s + 1.959_963_984_540_054 * stderr);
        let err = (high - low) / 2.0;
        (elo, if err.is_nan() { f64::INFINITY } else { err })
    }

    /// Likelihood of superiority: the probability that the first engine is
    /// the stronger, from wins and losses (draws carry no information).
    pub fn los(&self) -> f64 {
        let (w, l) = (f64::from(self.wins), f64::from(self.losses));
        if w + l == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
    }

    /// The SPRT's log-likelihood ratio and bounds.
    pub fn sprt(&self, test: &Sprt) -> SprtState {
        let lower = (test.beta / (1.0 - test.alpha)).ln();
        let upper = ((1.0 - test.beta) / test.alpha).ln();
        let n = f64::from(self.games());
        let var = self.variance();
        let llr = if n == 0.0 || var == 0.0 {
            0.0
        } else {
            let (s0, s1) = (score_of_elo(test.elo0), score_of_elo(test.elo1));
            n * (s1 - s0) * (2.0 * self.score() - s0 - s1) / (2.0 * var)
        };
        SprtState { llr, lower, upper }
    }
}

/// Game pairs of the first engine against the second, counted by the
/// pair's points for it: `counts[k]` pairs scored `k / 2` (0, ½, 1, 1½, 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub counts: [u32; 5],
}

/// The 95 % quantile of the normal distribution (two-sided).
const Z95: f64 = 1.959_963_984_540_054;

impl Pentanomial {
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// Counts a pair whose games scored `a` and `b` (0, 0.5 or 1 each).
    pub fn add(&mut self, a: f64, b: f64) {
        let k = ((a + b) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[k] += 1;
    }

    /// The mean score per game, and the variance of a pair's mean score.
    fn moments(&self) -> Option<(f64, f64)> {
        let n = f64::from(self.pairs());
        if n == 0.0 {
            return None;
        }
        let value = |k: usize| k as f64 / 4.0;
        let mean = (0..5)
            .map(|k| f64::from(self.counts[k]) * value(k))
            .sum::<f64>()
            / n;
        let var = (0..5)
            .map(|k| f64::from(self.counts[k]) * (value(k) - mean).powi(2))
            .sum::<f64>()
            / n;
        Some((mean, var))
    }

    /// Elo difference of the first engine and half its 95 % interval,
    /// from the variance of pair scores.
    pub fn elo(&self) -> (f64, f64) {
        let Some((mean, var)) = self.moments() else {
            return (0.0, f64::INFINITY);
        };
        let half = Z95 * (var / f64::from(self.pairs())).sqrt();
        let err = (elo_of_score(mean + half) - elo_of_score(mean - half)) / 2.0;
        (
            elo_of_score(mean),
            if err.is_nan() { f64::INFINITY } else { err },
        )
    }

    /// Normalised Elo and half its 95 % interval: `(score - 0.5) / sigma`
    /// times 800 / ln 10, sigma the standard deviation of one game's score
    /// as the pairs give it (`sqrt(2 var)`, var a pair's mean score's).
    pub fn normalized_elo(&self) -> (f64, f64) {
        let Some((mean, var)) = self.moments() else {
            return (0.0, f64::INFINITY);
        };
        if var == 0.0 {
            return (0.0, f64::INFINITY);
        }
        let scale = 800.0 / std::f64::consts::LN_10 / (2.0 * var).sqrt();
        let half = Z95 * (var / f64::from(self.pairs())).sqrt();
        ((mean - 0.5) * scale, half * scale)
    }
}

/// Logistic Elo of a mean score (infinite at 0 and 1).
pub fn elo_of_score(s: f64) -> f64 {
    if s <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if s >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Expected score of an Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function (W. J. Cody's rational approximations via erfc, as
/// in Numerical Recipes' `erfcc`: relative error below 1.2e-7, ample for
/// a probability printed to a few digits).
pub fn erf(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * poly.exp();
    if x >= 0.0 { 1.0 - erfc } else { erfc - 1.0 }
}

/// Parses `elo0=0,elo1=5,alpha=0.05,beta=0.05` (any order; alpha and beta
/// default to 0.05).
pub fn parse_sprt(text: &str) -> Result<Sprt, String> {
    let mut test = Sprt {
        elo0: f64::NAN,
        elo1: f64::NAN,
        alpha: 0.05,
        beta: 0.05,
    };
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| format!("'{part}' is not KEY=VALUE"))?;
        let v: f64 = value
            .trim()
            .parse()
            .map_err(|_| format!("'{value}' is not a number"))?;
        match key.trim() {
            "elo0" => test.elo0 = v,
            "elo1" => test.elo1 = v,
            "alpha" => test.alpha = v,
            "beta" => test.beta = v,
            other => return Err(format!("unknown SPRT parameter '{other}'")),
        }
    }
    if !test.elo0.is_finite() || !test.elo1.is_finite() {
        return Err("elo0 and elo1 are required".into());
    }
    if test.elo1 <= test.elo0 {
        return Err("elo1 must be above elo0".into());
    }
    for (name, v) in [("alpha", test.alpha), ("beta", test.beta)] {
        if !(v > 0.0 && v < 0.5) {
            return Err(format!("{name} must be between 0 and 0.5"));
        }
    }
    Ok(test)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    /// Reference values computed independently (Python's math.erf and
    /// math.log10 on the same formulas; see the module docs).
    #[test]
    fn matches_hand_computed_values() {
        let test = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        for (w, d, l, elo, err, los, llr) in [
            (60, 20, 20, 147.190714, 66.013381, 0.999996, 1.733713),
            (30, 40, 30, 0.0, 53.157980, 0.5, -0.068997),
            (45, 30, 25, 70.436504, 58.231091, 0.991586, 0.809226),
            (120, 200, 80, 34.860070, 24.114195, 0.997661, 2.010983),
        ] {
            let t = Tally {
                wins: w,
                draws: d,
                losses: l,
            };
            let (e, r) = t.elo();
            assert!(close(e, elo, 1e-4), "{w} {d} {l}: elo {e}");
            assert!(close(r, err, 1e-4), "{w} {d} {l}: error {r}");
            assert!(close(t.los(), los, 1e-5), "{w} {d} {l}: los {}", t.los());
            let s = t.sprt(&test);
            assert!(close(s.llr, llr, 1e-5), "{w} {d} {l}: llr {}", s.llr);
            assert!(close(s.lower, -2.944439, 1e-6) && close(s.upper, 2.944439, 1e-6));
        }
    }

    /// Reference values: fast-chess's pentanomial Elo (its published test
    /// data, <https://github.com/Disservin/fastchess>: 485, 1923, 2942,
    /// 1937, 594 pairs give 5.11 with bounds 1.21 and 9.02) and, for the
    /// normalised Elo, the same formulas worked by hand in Python.
    #[test]
    fn pentanomial_elo_and_normalized_elo() {
        let p = Pentanomial {
            counts: [485, 1923, 2942, 1937, 594],
        };
        let (elo, err) = p.elo();
        assert!(close(elo, 5.11, 0.01), "elo {elo}");
        assert!(close(elo - err, 1.21, 0.02) && close(elo + err, 9.02, 0.02));
        let (n, nerr) = p.normalized_elo();
        assert!(close(n, 7.1034, 1e-3), "nElo {n}");
        assert!(close(nerr, 5.4240, 1e-3), "nElo error {nerr}");
        let mut q = Pentanomial::default();
        q.add(1.0, 0.5);
        q.add(0.0, 0.0);
        assert_eq!(q.counts, [1, 0, 0, 1, 0]);
        assert_eq!(Pentanomial::default().elo().1, f64::INFINITY);
    }

    #[test]
    fn sprt_parameters() {
        let t = parse_sprt("elo0=0,elo1=5").unwrap();
        assert_eq!((t.elo0, t.elo1, t.alpha, t.beta), (0.0, 5.0, 0.05, 0.05));
        for bad in [
            "",
            "elo0=0",
            "elo0=5,elo1=0",
            "elo0=0,elo1=5,alpha=0.7",
            "x=1",
            "elo0",
        ] {
            assert!(parse_sprt(bad).is_err(), "{bad}");
        }
        let lost = Tally {
            wins: 0,
            draws: 0,
            losses: 5,
        };
        assert_eq!(lost.elo().0, f64::NEG_INFINITY);
        assert!(close(erf(0.5), 0.520_499_877_8, 2e-7));
        assert!(close(erf(-1.5), -0.966_105_146_5, 2e-7));
    }
}
