//! The accumulator against whole-position refreshes, and the files.

use super::data::{self, Sample};
use super::network;
use super::{Accumulators, Layout, Network};
use crate::movegen::legal_moves;
use crate::position::{Position, Rules};
use crate::rng::Rng;
use crate::variant::VariantSet;

fn start(variant: &str) -> Position {
    let set = VariantSet::builtin().expect("built-ins");
    let rules = Rules::new(set.get(variant).expect("variant").clone()).expect("rules");
    Position::start(rules).expect("start")
}

/// A network of small random weights for `pos`'s variant.
fn random_net(pos: &Position, hidden: usize, seed: u64) -> Network {
    let mut net = Network::zeroed(pos.rules(), hidden);
    let mut rng = Rng(seed);
    let mut small = |n: i64| (rng.next_u64() % (2 * n as u64 + 1)) as i64 - n;
    net.w1.iter_mut().for_each(|w| *w = small(60) as i16);
    net.b1.iter_mut().for_each(|w| *w = small(100) as i16);
    net.w2.iter_mut().for_each(|w| *w = small(127) as i16);
    net.b2 = small(20_000) as i32;
    net
}

/// The evaluation from sums worked out from the whole position.
fn fresh(net: &Network, pos: &Position) -> i32 {
    let mut acc = Accumulators::new(net, 0);
    acc.refresh(net, pos, 0);
    acc.evaluate(net, pos, 0)
}

/// Walks a random tree from `pos` (depth `depth`, `width` moves a node),
/// evaluating at every node from the incremental sums and comparing
/// with a refresh, as a search uses them: sums worked out lazily, and
/// some nodes not evaluated at all.
fn walk(
    net: &Network,
    acc: &mut Accumulators,
    pos: &mut Position,
    ply: usize,
    depth: usize,
    rng: &mut Rng,
    checked: &mut usize,
) {
    if rng.below(3) != 0 {
        assert_eq!(
            acc.evaluate(net, pos, ply),
            fresh(net, pos),
            "ply {ply} of {}",
            pos.fen()
        );
        *checked += 1;
    }
    if depth == 0 {
        return;
    }
    let moves = legal_moves(pos);
    for _ in 0..3.min(moves.len()) {
        let m = *rng.pick(&moves);
        let undo = pos.make(m);
        acc.moved(pos, ply);
        walk(net, acc, pos, ply + 1, depth - 1, rng, checked);
        pos.unmake(m, &undo);
    }
}

#[test]
fn incremental_sums_equal_a_refresh() {
    for (variant, plies) in [
        ("normal", 60),
        ("crazyhouse", 60),
        ("shogi", 60),
        ("atomic", 40),
        ("seirawan", 40),
        ("xiangqi", 60),
        ("makruk", 60),
        ("chu", 30),
        ("kyotoshogi", 40),
        ("superchess", 40),
        ("giveaway", 40),
        ("grand", 40),
    ] {
        let mut pos = start(variant);
        let net = random_net(&pos, 32, 7);
        let mut rng = Rng(11);
        let mut checked = 0;
        for _ in 0..plies {
            let mut acc = Accumulators::new(&net, 8);
            acc.refresh(&net, &pos, 0);
            walk(&net, &mut acc, &mut pos, 0, 3, &mut rng, &mut checked);
            let moves = legal_moves(&mut pos);
            if moves.is_empty() {
                break;
            }
            pos.make(*rng.pick(&moves));
        }
        assert!(checked > 100, "{variant}: {checked} nodes checked");
    }
}

#[test]
fn black_sees_the_board_as_white_does() {
    // The start position looks the same from both sides, so both views'
    // sums agree and the side to move alone decides the evaluation.
    for variant in ["normal", "shogi", "xiangqi"] {
        let pos = start(variant);
        let net = random_net(&pos, 16, 3);
        let mut acc = Accumulators::new(&net, 0);
        acc.refresh(&net, &pos, 0);
        let white = acc.evaluate(&net, &pos, 0);
        let mut flipped = pos.clone();
        flipped.make_null();
        assert_eq!(acc.evaluate(&net, &flipped, 0), white, "{variant}");
    }
}

#[test]
fn network_files_round_trip_and_bad_ones_are_refused() {
    let pos = start("normal");
    let net = random_net(&pos, 16, 5);
    let bytes = net.to_bytes();
    let back = Network::from_bytes(&bytes, pos.rules()).expect("reads back");
    assert_eq!(
        (back.w1, back.b1, back.w2, back.b2),
        (net.w1.clone(), net.b1.clone(), net.w2.clone(), net.b2)
    );
    // Truncated, damaged, not a network.
    assert!(Network::from_bytes(&bytes[..bytes.len() - 10], pos.rules()).is_err());
    let mut damaged = bytes.clone();
    damaged[100] ^= 1;
    assert!(Network::from_bytes(&damaged, pos.rules()).is_err());
    assert!(Network::from_bytes(b"hello", pos.rules()).is_err());
    assert!(!back.residual);
    let mut residual = net.clone();
    residual.residual = true;
    let back = Network::from_bytes(&residual.to_bytes(), pos.rules()).expect("reads back");
    assert!(back.residual);
    // A version-1 file (no flags byte) reads as a whole evaluation; an
    // unknown flag is refused.
    let header = 8 + 4 + 2 + "normal".len() + 2 + 2 + 2 + 8 + 4;
    let reframe = |version: u32, flags: Option<u8>| {
        let mut b = bytes[..header].to_vec();
        b[8..12].copy_from_slice(&version.to_le_bytes());
        b.extend(flags);
        b.extend_from_slice(&bytes[header + 1..bytes.len() - 4]);
        let sum = network::fnv32(&b);
        b.extend_from_slice(&sum.to_le_bytes());
        b
    };
    let old = Network::from_bytes(&reframe(1, None), pos.rules()).expect("version 1");
    assert_eq!(
        (old.residual, old.w1, old.b2),
        (false, net.w1.clone(), net.b2)
    );
    assert_eq!(reframe(2, Some(0)), bytes);
    assert!(Network::from_bytes(&reframe(2, Some(2)), pos.rules()).is_err());
    // Made for another variant: a board of another size, other pieces.
    let err = Network::from_bytes(&bytes, start("xiangqi").rules()).unwrap_err();
    assert!(err.to_string().contains("another variant"), "{err}");
    let err = Network::from_bytes(&bytes, start("capablanca").rules()).unwrap_err();
    assert!(err.to_string().contains("another variant"), "{err}");
}

#[test]
fn samples_round_trip() {
    let mut pos = start("crazyhouse");
    let layout = Layout::new(pos.rules());
    let mut rng = Rng(9);
    let mut written = Vec::new();
    for i in 0..40 {
        let moves = legal_moves(&mut pos);
        if moves.is_empty() {
            break;
        }
        let mut s = Sample::new(&pos, &layout, (i * 37 - 500) as i16, (200 - i * 13) as i16);
        s.result = (i % 3) as u8;
        written.push(s);
        pos.make(*rng.pick(&moves));
    }
    let mut bytes = Vec::new();
    let mut w = data::Writer::new(&mut bytes, "crazyhouse").expect("header");
    w.write_game(&written[..25]).expect("a game");
    w.write_game(&written[25..]).expect("another");
    let read = data::read_all(&bytes[..], "crazyhouse", &layout).expect("reads back");
    assert_eq!((read.samples, read.cut), (written.clone(), 0));
    assert!(written.iter().any(|s| !s.hand.is_empty()), "some holdings");
    // Another variant's samples are refused.
    assert!(data::read_all(&bytes[..], "normal", &layout).is_err());
    // A file cut inside its last sample keeps the samples before it.
    let last = written.last().expect("samples");
    let last_len = 8 + 2 * (last.pieces.len() + last.hand.len());
    let read =
        data::read_all(&bytes[..bytes.len() - 3], "crazyhouse", &layout).expect("reads a cut file");
    assert_eq!(read.samples, written[..written.len() - 1]);
    assert_eq!(read.cut, last_len - 3);
}

#[test]
fn a_mirrored_sample_has_its_files_reversed() {
    let pos = start("capablanca");
    let layout = Layout::new(pos.rules());
    let s = Sample::new(&pos, &layout, 25, -40);
    let m = s.mirrored(&layout);
    // Capablanca's a1 rook goes to j1, the b1 knight to i1.
    let at = |s: &Sample, cell: u8| s.pieces.iter().find(|p| p.0 == cell).map(|p| p.2);
    assert_eq!(at(&m, 9), at(&s, 0));
    assert_eq!(at(&m, 8), at(&s, 1));
    assert_eq!(m.mirrored(&layout), s);
    assert_eq!(
        (m.score, m.base, m.result, m.side),
        (s.score, s.base, s.result, s.side)
    );
}

/// A small residual trainer's settings, quick enough for a test.
fn residual_options() -> super::train::Options {
    super::train::Options {
        hidden: 8,
        epochs: 40,
        batch: 64,
        lr: 0.01,
        lambda: 1.0,
        k: 400.0,
        residual: true,
        threads: 1,
        seed: 3,
    }
}

/// A residual network learns what the search found beyond the
/// hand-written evaluation: on samples whose score is their `base` (100
/// to 300 centipawns) plus 60, it settles at about +60, where a whole
/// evaluation would learn the scores themselves (about +260).
#[test]
fn a_residual_network_learns_the_correction_to_its_base() {
    let mut pos = start("normal");
    let layout = Layout::new(pos.rules());
    let mut rng = Rng(21);
    let mut samples = Vec::new();
    for i in 0..600 {
        let moves = legal_moves(&mut pos);
        if moves.is_empty() || i % 60 == 59 {
            pos = start("normal");
            continue;
        }
        let base = 100 + rng.below(201) as i16;
        let mut s = Sample::new(&pos, &layout, base + 60, base);
        s.result = 1;
        samples.push(s);
        pos.make(*rng.pick(&moves));
    }
    let valid = samples.split_off(samples.len() - 50);
    let mut trainer = super::train::Trainer::new(layout, None, residual_options());
    trainer.run(&mut samples, &valid, |_, _| {});
    let mut net = Network::zeroed(pos.rules(), 8);
    trainer.quantise(&mut net);
    assert!(net.residual);
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "rnbqkbnr/ppp2ppp/4p3/3p4/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3",
    ] {
        let p = Position::from_fen(pos.rules().clone(), fen).expect("fen");
        let out = fresh(&net, &p);
        assert!((out - 60).abs() <= 15, "{fen}: {out}");
    }
}

/// The hand-written evaluation's loss is the squared gap between the
/// win probabilities of each sample's `base` and its score: nil where
/// they agree, (sigmoid(1) - 1/2)^2 = 0.053445 for a base of 0 against a
/// score of 400 centipawns (k = 400).
#[test]
fn the_hand_written_loss_measures_base_against_score() {
    let pos = start("normal");
    let layout = Layout::new(pos.rules());
    let trainer = super::train::Trainer::new(layout.clone(), None, residual_options());
    let agree = Sample::new(&pos, &layout, 120, 120);
    assert!(trainer.hand_written_loss(&[agree]) < 1e-12);
    let apart = Sample::new(&pos, &layout, 400, 0);
    let loss = trainer.hand_written_loss(std::slice::from_ref(&apart));
    let expected = (1.0 / (1.0 + (-1.0f64).exp()) - 0.5).powi(2);
    assert!((loss - expected).abs() < 1e-6, "{loss} against {expected}");
    let both = trainer.hand_written_loss(&[apart, Sample::new(&pos, &layout, 7, 7)]);
    assert!((both - expected / 2.0).abs() < 1e-6, "{both}");
}
