//! The plugin-api table-target check (issue 23 item 8) over random positions at every
//! seat count: every legal action's target is an item of the acting lord's view (buttons
//! named `button:...` included), and an action about one component targets that
//! component, not the panel around it.
mod common;

use common::{rules_setup, setup};
use tavern_plugin_api::game::check::{random_move, scaled, target_problems};
use tavern_plugin_api::{Game, GameRng, Setup};
use tavern_plugin_dungeon_lords::Dl;

fn check_games(setup: &Setup, games: usize, salt: u64) {
    for seed in 0..games as u64 {
        let mut g = Dl::new(setup).unwrap();
        let mut rng = GameRng::new(seed * 31 + salt);
        while let Some((seat, a)) = random_move(&g, &mut rng) {
            if let Some(s) = seat {
                let problems = target_problems(&g, s);
                assert!(
                    problems.is_empty(),
                    "{} seats, seed {seed}, {:?}:\n{}",
                    setup.seats.len(),
                    g.phase,
                    problems.join("\n")
                );
            }
            g.apply(seat, &a).unwrap();
        }
    }
}

#[test]
fn every_training_dungeons_targets_are_on_its_table() {
    for mode in ["training-1", "training-2", "training-3", "training-4"] {
        check_games(&setup(mode), scaled(6), 1);
    }
}

#[test]
fn every_full_games_targets_are_on_its_table() {
    for n in 2..=4 {
        for rules in ["first", "full"] {
            check_games(&rules_setup(n, rules), scaled(2), n as u64);
        }
    }
}
