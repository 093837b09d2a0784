mod common;

use std::time::Instant;

use common::*;
use tavern_plugin_api::Game;
use tavern_plugin_api::game::check::{random_game, replay_round_trip};
use tavern_plugin_dragonkeepers::Dk;

fn run(setup: &tavern_plugin_api::Setup, games: u64) {
    for seed in 0..games {
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
    for n in 2..=4 {
        let s = setup_with(n, &[("chests", "random")]);
        let g = replay_round_trip::<Dk>(&s, n as u64 * 77, 100_000);
        assert!(g.outcome().is_some(), "the replayed game is finished");
        // Structural equality too, not only equal JSON: a field serde skipped would show.
        let back: Dk = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        assert_eq!(back, g);
    }
}

/// Prints (never asserts: the machine may be busy) the random-game rate in process, the
/// way bots and benches play: `whose_turn`, `legal_actions_into`, `apply_quiet` until the
/// end. Run alone
/// with `cargo test --release -p tavern-dragonkeepers --test random_games speed_report --
/// --nocapture`; `examples/bench.rs` does the same from the command line.
#[test]
fn speed_report() {
    use tavern_plugin_api::GameRng;
    use tavern_plugin_api::bot::random_playout;
    for n in 2..=4 {
        let g = Dk::new(&setup(n)).unwrap();
        let games = 2000;
        let t = Instant::now();
        let r = tavern_plugin_api::abi::playouts(&g, games, 5);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{n} players: {games} random games in {secs:.3}s = {:.0} games/s, avg {} actions",
            games as f64 / secs,
            r.actions / games as u64
        );
        // A bot's unit of work: re-sample the hidden cards, then play out from there.
        let mut mid = g.clone();
        let mut rng = GameRng::new(n as u64);
        random_playout(&mut mid, &mut rng, 200);
        let iterations = 1000;
        let t = Instant::now();
        for _ in 0..iterations {
            let mut w = mid.determinize(mid.actor().unwrap_or(0), &mut rng);
            random_playout(&mut w, &mut rng, 1_000_000);
        }
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{n} players: {:.0} bot iterations/s (determinize + playout from action 200)",
            iterations as f64 / secs
        );
    }
}
