//! `griffon train`: fit a network to samples on the CPU.
//!
//! Written here rather than with an ML crate: the network is one sparse
//! layer and one output neuron, whose forward and backward passes are a
//! few dozen lines; `candle` or `burn` would bring large dependency trees
//! and dense-tensor machinery that a sparse input of a few thousand
//! features (of which some thirty are on) does not use, and on two cores
//! the hand-written loop, which touches only the active rows, is the
//! faster of the two.
//!
//! The loss is the squared error between sigmoid(eval / K) and a blend of
//! the search's score, sigmoid(score / K), and the game's result
//! (`lambda` of the score). A residual network's eval is its output plus
//! the sample's hand-written evaluation: it learns what the search finds
//! beyond that evaluation. Adam updates the weights, which are clipped
//! so that the quantised network (see [`super::network`]) cannot
//! overflow; the learning rate drops tenfold for the last quarter of the
//! epochs.

use super::data::Sample;
use super::features::Layout;
use super::network::{Network, QA, QB, SCALE};
use crate::rng::Rng;

/// Largest first-layer weight: a quantised sum of a few dozen stays in 16
/// bits.
const W1_LIMIT: f32 = 1.98;
/// Largest output weight: quantised it fits a signed byte.
const W2_LIMIT: f32 = 127.0 / QB as f32;

#[derive(Clone, Debug)]
pub struct Options {
    pub hidden: usize,
    pub epochs: usize,
    pub batch: usize,
    pub lr: f32,
    /// Share of the target taken from the search's score (the rest from
    /// the game's result).
    pub lambda: f32,
    /// Centipawns per unit of the sigmoid's argument.
    pub k: f32,
    /// Train a correction to the hand-written evaluation (each sample's
    /// `base` is added to the output) rather than a whole evaluation.
    pub residual: bool,
    pub threads: usize,
    pub seed: u64,
}

/// Weights in floating point.
#[derive(Clone)]
struct Float {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
}

impl Float {
    fn zeros(features: usize, hidden: usize) -> Float {
        Float {
            w1: vec![0.0; features * hidden],
            b1: vec![0.0; hidden],
            w2: vec![0.0; 2 * hidden],
            b2: 0.0,
        }
    }

    fn random(features: usize, hidden: usize, rng: &mut Rng) -> Float {
        let mut u = |a: f32| ((rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * a;
        let mut f = Float::zeros(features, hidden);
        f.w1.iter_mut().for_each(|w| *w = u(0.18));
        f.w2.iter_mut()
            .for_each(|w| *w = u(1.0 / (2.0 * hidden as f32).sqrt()));
        f
    }

    fn from_network(net: &Network) -> Float {
        Float {
            w1: net.w1.iter().map(|&w| f32::from(w) / QA as f32).collect(),
            b1: net.b1.iter().map(|&w| f32::from(w) / QA as f32).collect(),
            w2: net.w2.iter().map(|&w| f32::from(w) / QB as f32).collect(),
            b2: net.b2 as f32 / (QA * QB) as f32,
        }
    }

    fn quantise(&self, into: &mut Network) {
        let q = |w: f32, s: i32| (w * s as f32).round() as i16;
        into.w1 = self.w1.iter().map(|&w| q(w, QA)).collect();
        into.b1 = self.b1.iter().map(|&w| q(w, QA)).collect();
        into.w2 = self.w2.iter().map(|&w| q(w, QB)).collect();
        into.b2 = (self.b2 * (QA * QB) as f32).round() as i32;
    }

    fn params(&mut self) -> [&mut [f32]; 4] {
        [
            &mut self.w1,
            &mut self.b1,
            &mut self.w2,
            std::slice::from_mut(&mut self.b2),
        ]
    }
}

/// What one epoch did.
#[derive(Clone, Copy, Debug)]
pub struct Epoch {
    pub epoch: usize,
    pub train_loss: f64,
    pub valid_loss: f64,
}

/// A trainer for one variant's network.
pub struct Trainer {
    layout: Layout,
    hidden: usize,
    weights: Float,
    m: Float,
    v: Float,
    steps: i32,
    opts: Options,
}

impl Trainer {
    /// A trainer starting from random weights, or from `init`'s.
    pub fn new(layout: Layout, init: Option<&Network>, opts: Options) -> Trainer {
        let features = layout.features();
        let hidden = init.map_or(opts.hidden, |n| n.hidden);
        let mut rng = Rng(opts.seed);
        let weights = match init {
            Some(net) => Float::from_network(net),
            None => Float::random(features, hidden, &mut rng),
        };
        Trainer {
            layout,
            hidden,
            m: Float::zeros(features, hidden),
            v: Float::zeros(features, hidden),
            weights,
            steps: 0,
            opts,
        }
    }

    /// Write the current weights into `net` (made for the same variant).
    pub fn quantise(&self, net: &mut Network) {
        net.hidden = self.hidden;
        net.residual = self.opts.residual;
        self.weights.quantise(net);
    }

    /// Train on `train` for the configured epochs, reporting each with
    /// the loss on `valid`; `each` may save the network.
    pub fn run(
        &mut self,
        train: &mut [Sample],
        valid: &[Sample],
        mut each: impl FnMut(&Trainer, Epoch),
    ) {
        let mut rng = Rng(self.opts.seed ^ 0x5EED);
        for epoch in 1..=self.opts.epochs {
            // Fisher-Yates shuffle.
            for i in (1..train.len()).rev() {
                train.swap(i, rng.below(i + 1));
            }
            let lr = if epoch * 4 > self.opts.epochs * 3 {
                self.opts.lr / 10.0
            } else {
                self.opts.lr
            };
            let mut total = 0.0;
            for batch in train.chunks(self.opts.batch.max(1)) {
                total += self.step(batch, lr);
            }
            let report = Epoch {
                epoch,
                train_loss: total / train.len().max(1) as f64,
                valid_loss: self.loss(valid),
            };
            each(self, report);
        }
    }

    /// Mean loss over `samples` (no training).
    pub fn loss(&self, samples: &[Sample]) -> f64 {
        let mut scratch = Scratch::new(self.hidden);
        let total: f64 = samples
            .iter()
            .map(|s| self.forward(s, &mut scratch).1)
            .sum();
        total / samples.len().max(1) as f64
    }

    /// Mean loss over `samples` of the hand-written evaluation alone
    /// (each sample's `base`, what a residual network adds to): the
    /// yardstick a network's held-out loss is read against.
    pub fn hand_written_loss(&self, samples: &[Sample]) -> f64 {
        let total: f64 = samples
            .iter()
            .map(|s| {
                let p = sigmoid(f32::from(s.base) / self.opts.k);
                let t = self.target(s);
                f64::from((p - t) * (p - t))
            })
            .sum();
        total / samples.len().max(1) as f64
    }

    /// One batch: gradients on every thread, summed, then Adam. Returns
    /// the batch's summed loss.
    fn step(&mut self, batch: &[Sample], lr: f32) -> f64 {
        let threads = self.opts.threads.clamp(1, 64);
        let share = batch.len().div_ceil(threads).max(1);
        let features = self.layout.features();
        let this = &*self;
        let mut grads: Vec<(Float, f64)> = std::thread::scope(|scope| {
            let handles: Vec<_> = batch
                .chunks(share)
                .map(|part| {
                    scope.spawn(move || {
                        let mut g = Float::zeros(features, this.hidden);
                        let mut scratch = Scratch::new(this.hidden);
                        let mut loss = 0.0;
                        for s in part {
                            loss += this.backward(s, &mut scratch, &mut g);
                        }
                        (g, loss)
                    })
                })
                .collect();
            handles.into_iter().filter_map(|h| h.join().ok()).collect()
        });
        let Some((mut g, mut loss)) = grads.pop() else {
            return 0.0;
        };
        for (other, l) in grads {
            loss += l;
            add_into(&mut g.w1, &other.w1);
            add_into(&mut g.b1, &other.b1);
            add_into(&mut g.w2, &other.w2);
            g.b2 += other.b2;
        }
        let scale = 1.0 / batch.len() as f32;
        self.adam(&mut g, scale, lr);
        loss
    }

    fn adam(&mut self, g: &mut Float, scale: f32, lr: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        const EPS: f32 = 1e-8;
        self.steps += 1;
        let c1 = 1.0 - B1.powi(self.steps);
        let c2 = 1.0 - B2.powi(self.steps);
        let limits = [W1_LIMIT, W1_LIMIT, W2_LIMIT, f32::MAX];
        let [w1, b1, w2, b2] = self.weights.params();
        let [m1, mb1, m2, mb2] = self.m.params();
        let [v1, vb1, v2, vb2] = self.v.params();
        let [g1, gb1, g2, gb2] = g.params();
        let groups = [
            (w1, m1, v1, g1),
            (b1, mb1, vb1, gb1),
            (w2, m2, v2, g2),
            (b2, mb2, vb2, gb2),
        ];
        for ((w, m, v, g), limit) in groups.into_iter().zip(limits) {
            for i in 0..w.len() {
                let gi = g[i] * scale;
                if gi == 0.0 && m[i] == 0.0 {
                    continue;
                }
                m[i] = B1 * m[i] + (1.0 - B1) * gi;
                v[i] = B2 * v[i] + (1.0 - B2) * gi * gi;
                let step = lr * (m[i] / c1) / ((v[i] / c2).sqrt() + EPS);
                w[i] = (w[i] - step).clamp(-limit, limit);
            }
        }
    }

    /// The target of a sample in [0, 1].
    fn target(&self, s: &Sample) -> f32 {
        let score = sigmoid(f32::from(s.score) / self.opts.k);
        let result = f32::from(s.result) / 2.0;
        self.opts.lambda * score + (1.0 - self.opts.lambda) * result
    }

    /// The predicted win probability of a sample whose output is `out`.
    fn probability(&self, s: &Sample, out: f32) -> f32 {
        let base = if self.opts.residual {
            f32::from(s.base)
        } else {
            0.0
        };
        sigmoid((out * SCALE as f32 + base) / self.opts.k)
    }

    /// The output (in units of `SCALE` centipawns) and the loss, with the
    /// sums left in `scratch`.
    fn forward(&self, s: &Sample, scratch: &mut Scratch) -> (f32, f64) {
        let h = self.hidden;
        let w = &self.weights;
        for (i, view) in [s.side, s.side.opponent()].into_iter().enumerate() {
            let feats = &mut scratch.features[i];
            feats.clear();
            s.for_each_feature(&self.layout, view, |f| feats.push(f as u32));
            let sums = &mut scratch.sums[i * h..(i + 1) * h];
            sums.copy_from_slice(&w.b1);
            for &f in feats.iter() {
                add_into(sums, &w.w1[f as usize * h..(f as usize + 1) * h]);
            }
        }
        let mut out = w.b2;
        for (x, wt) in scratch.sums.iter().zip(&w.w2) {
            let c = x.clamp(0.0, 1.0);
            out += c * c * wt;
        }
        let p = self.probability(s, out);
        let t = self.target(s);
        (out, f64::from((p - t) * (p - t)))
    }

    /// Add the sample's gradient to `g`; returns its loss.
    fn backward(&self, s: &Sample, scratch: &mut Scratch, g: &mut Float) -> f64 {
        let h = self.hidden;
        let (out, loss) = self.forward(s, scratch);
        let p = self.probability(s, out);
        let t = self.target(s);
        let d_out = 2.0 * (p - t) * p * (1.0 - p) * SCALE as f32 / self.opts.k;
        g.b2 += d_out;
        let cells = scratch.sums.iter().zip(&mut scratch.d_sums);
        for ((&x, d), (&w2, g2)) in cells.zip(self.weights.w2.iter().zip(&mut g.w2)) {
            let c = x.clamp(0.0, 1.0);
            *g2 += d_out * c * c;
            *d = if x > 0.0 && x < 1.0 {
                d_out * w2 * 2.0 * x
            } else {
                0.0
            };
        }
        for view in 0..2 {
            let d = &scratch.d_sums[view * h..(view + 1) * h];
            add_into(&mut g.b1, d);
            for &f in &scratch.features[view] {
                add_into(&mut g.w1[f as usize * h..(f as usize + 1) * h], d);
            }
        }
        loss
    }
}

/// Per-thread buffers.
struct Scratch {
    features: [Vec<u32>; 2],
    sums: Vec<f32>,
    d_sums: Vec<f32>,
}

impl Scratch {
    fn new(hidden: usize) -> Scratch {
        Scratch {
            features: [Vec::with_capacity(256), Vec::with_capacity(256)],
            sums: vec![0.0; 2 * hidden],
            d_sums: vec![0.0; 2 * hidden],
        }
    }
}

#[inline]
fn add_into(a: &mut [f32], b: &[f32]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}
