//! The attack-map legality test (`Legality::verdict`) against making the
//! move (`is_legal`): at every ply of random games, every pseudo-legal
//! move the verdict decides (legal or illegal) is decided so by making
//! it too. Where the verdict cannot tell, the move generator makes the
//! move, so only the decided moves need checking here. The variants are
//! those whose tests take the most shortcuts: explosions (atomic and its
//! kin), checks forbidden (racing kings), lines opened by a move (chess,
//! xiangqi's cannons, shogi's drops).

mod common;

use common::Rng;
use griffon::movegen::{Legality, is_legal, legal_moves, pseudo_legal};
use griffon::position::Position;
use griffon::types::MoveList;

/// Plays `games` random games of up to `plies` plies from the start
/// position of `variant` and checks every verdict on the way; returns
/// how many moves the verdict decided (so a test can see it did decide).
fn check_variant(variant: &str, games: usize, plies: usize, seed: u64) -> usize {
    let rules = common::rules(variant);
    let mut rng = Rng(seed);
    let mut decided = 0;
    for _ in 0..games {
        let mut pos = Position::start(rules.clone()).expect("start position");
        for _ in 0..plies {
            if pos.game_over_by_rule() {
                break;
            }
            let mut list = MoveList::new();
            pseudo_legal::<true, true>(&pos, &mut list);
            let check = Legality::new(&pos);
            for &m in list.iter() {
                if let Some(verdict) = check.verdict(&pos, m) {
                    decided += 1;
                    let made = is_legal(&mut pos, m);
                    assert_eq!(
                        verdict,
                        made,
                        "{variant}: {} in {}: the attack map says {}, making it says {}",
                        griffon::notation::move_text(&pos, m),
                        pos.fen(),
                        if verdict { "legal" } else { "illegal" },
                        if made { "legal" } else { "illegal" },
                    );
                }
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
    // (Janggi has no verdicts yet: its moves are all made.)
    for (variant, seed, least) in [
        ("normal", 5, 5_000),
        ("xiangqi", 6, 5_000),
        ("shogi", 8, 5_000),
        ("crazyhouse", 9, 5_000),
        ("kingofthehill", 10, 5_000),
    ] {
        let decided = check_variant(variant, 20, 80, seed);
        assert!(decided >= least, "{variant}: {decided} verdicts");
    }
}
