//! The attack-map legality test (`Legality::verdict`) against making the
//! move (`is_legal`): at every ply of random games, every pseudo-legal
//! move the verdict decides (legal or illegal) is decided so by making
//! it too. Where the verdict cannot tell, the move generator makes the
//! move, so only the decided moves need checking here. The variants are
//! those whose tests take the most shortcuts: explosions (atomic and its
//! kin), checks forbidden (racing kings), lines opened by a move (chess,
//! xiangqi's cannons, janggi's cannons that may not hop each other and
//! its palace lines, shogi's drops), a king still in hand (placement,
//! sittuyin's set-up).

mod common;

use common::Rng;
use griffon::movegen::{Legality, is_legal, legal_moves, pseudo_legal};
use griffon::position::Position;
use griffon::types::MoveList;

/// Checks every verdict in one position; returns how many were decided.
fn check_position(variant: &str, pos: &mut Position) -> usize {
    let mut list = MoveList::new();
    pseudo_legal::<true, true>(pos, &mut list);
    let check = Legality::new(pos);
    let mut decided = 0;
    for &m in list.iter() {
        if let Some(verdict) = check.verdict(pos, m) {
            decided += 1;
            let made = is_legal(pos, m);
            assert_eq!(
                verdict,
                made,
                "{variant}: {} in {}: the attack map says {}, making it says {}",
                griffon::notation::move_text(pos, m),
                pos.fen(),
                if verdict { "legal" } else { "illegal" },
                if made { "legal" } else { "illegal" },
            );
        }
    }
    decided
}

/// Plays `games` random games of up to `plies` plies from the start
/// position of `variant` and checks every verdict on the way; returns
/// how many moves the verdict decided (so a test can see it did decide).
fn check_variant(variant: &str, games: usize, plies: usize, seed: u64) -> usize {
    check_variant_where(variant, games, plies, seed, |_| true)
}

/// [`check_variant`], checking verdicts only in the positions `wanted`
/// picks (counting only theirs).
fn check_variant_where(
    variant: &str,
    games: usize,
    plies: usize,
    seed: u64,
    wanted: impl Fn(&Position) -> bool,
) -> usize {
    let rules = common::rules(variant);
    let mut rng = Rng(seed);
    let mut decided = 0;
    for _ in 0..games {
        let mut pos = Position::start(rules.clone()).expect("start position");
        for _ in 0..plies {
            if pos.game_over_by_rule() {
                break;
            }
            if wanted(&pos) {
                decided += check_position(variant, &mut pos);
            }
            let legal = legal_moves(&mut pos);
            if legal.is_empty() {
                break;
            }
            let m = *rng.pick(&legal);
            pos.make(m);
        }
    }
    decided
}

#[test]
fn verdicts_atomic_family() {
    for (variant, seed) in [("atomic", 1), ("atomar", 2), ("nocheckatomic", 3)] {
        assert!(check_variant(variant, 40, 80, seed) > 10_000, "{variant}");
    }
}

#[test]
fn verdicts_racingkings() {
    assert!(check_variant("racingkings", 40, 80, 4) > 10_000);
}

#[test]
fn verdicts_orthodox_and_cannons() {
    for (variant, seed, least) in [
        ("normal", 5, 5_000),
        ("xiangqi", 6, 5_000),
        ("janggi", 7, 5_000),
        ("placement", 11, 5_000),
        ("sittuyin", 12, 5_000),
        ("shogi", 8, 5_000),
        ("crazyhouse", 9, 5_000),
        ("kingofthehill", 10, 5_000),
    ] {
        let decided = check_variant(variant, 20, 80, seed);
        assert!(decided >= least, "{variant}: {decided} verdicts");
    }
}

/// In check, a move that leaves some checker's walk as it was (not
/// taking the checker, not landing where its walk passes) is ruled out
/// unmade, and so is a king step onto an attacked square: checked in
/// positions in check only, where drops block (crazyhouse, shogi), lame
/// leapers are blocked on their leg and cannons lose their screens
/// (xiangqi, janggi), the royal piece moves otherwise (knightmate) and
/// pawns move diagonally and capture straight (berolina).
#[test]
fn verdicts_in_check() {
    for (variant, seed, least) in [
        ("normal", 21, 10_000),
        ("crazyhouse", 22, 10_000),
        ("shogi", 23, 10_000),
        ("xiangqi", 24, 10_000),
        ("janggi", 25, 10_000),
        ("makruk", 26, 10_000),
        ("capablanca", 27, 10_000),
        ("knightmate", 28, 10_000),
        ("berolina", 29, 10_000),
        ("minishogi", 31, 10_000),
        ("shatranj", 32, 10_000),
    ] {
        let decided =
            check_variant_where(variant, 200, 150, seed, |p| p.in_check(p.side_to_move()));
        assert!(decided >= least, "{variant}: {decided} verdicts in check");
    }
}

/// Janggi's cannons may not hop another cannon: taking the cannon that
/// stood between an enemy cannon and the king makes the taker a screen
/// (the guard's capture d3 here would expose the general on e3 to the
/// cannon on b3).
#[test]
fn verdicts_janggi_cannon_screens() {
    let rules = common::rules("janggi");
    let fen = "rnba5/6n2/3b1k3/4pr3/5N1pp/2C2CR2/RP1P5/1c1cK4/3AA4/2B3B2 w - - 1 67";
    let mut pos = Position::from_fen(rules, fen).expect("position");
    assert!(check_position("janggi", &mut pos) > 10);
    assert!(check_variant("janggi", 100, 120, 17) > 50_000);
}
