mod common;

use common::*;
use tavern_plugin_api::Game;
use tavern_plugin_api::game::check::{random_game, replay_round_trip, scaled};
use tavern_plugin_dragonkeepers::Dk;

fn run(setup: &tavern_plugin_api::Setup, games: usize) {
    for seed in 0..scaled(games) as u64 {
        let r = random_game::<Dk>(setup, seed, 50_000, invariants);
        let g = &r.final_state;
        assert!(g.early_end || g.completed_amulets() >= g.amulets_to_end());
        for (s, sc) in r.outcome.scores.iter().enumerate() {
            let lines = g.score_lines(s);
            assert_eq!(sc.total, lines.iter().map(|l| l.1).sum::<i64>());
        }
    }
}

#[test]
fn random_games_two_players() {
    run(&setup(2), 2000);
}

#[test]
fn random_games_three_players() {
    run(&setup(3), 2000);
}

#[test]
fn random_games_four_players() {
    run(&setup(4), 2000);
}

#[test]
fn random_games_with_a_drawn_start_player() {
    for n in 2..=4 {
        run(&setup_with(n, &[("start", "random")]), 300);
    }
}

#[test]
fn random_games_variants() {
    run(&setup_with(3, &[("variant", "children")]), 300);
    run(&setup_with(2, &[("chests", "random")]), 500);
    let all: Vec<(&str, &str)> = vec![
        ("chests", "chosen"),
        ("twilight_flute", "yes"),
        ("dragon_mint", "yes"),
        ("troll_horn", "yes"),
        ("green_ore_hammer", "yes"),
        ("prism_ink", "yes"),
        ("swindle_feather", "yes"),
    ];
    run(&setup_with(4, &all), 500);
}

#[test]
fn save_replay_round_trip() {
    for (n, game) in (2..=4).flat_map(|n| (0..scaled(1) as u64).map(move |k| (n, k))) {
        let s = setup_with(n, &[("chests", "random")]);
        let g = replay_round_trip::<Dk>(&s, n as u64 * 77 + game, 100_000);
        assert!(g.outcome().is_some(), "the replayed game is finished");
        // Structural equality too, not only equal JSON: a field serde skipped would show.
        let back: Dk = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        assert_eq!(back, g);
    }
}
