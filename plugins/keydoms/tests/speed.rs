//! Random complete games per second, in-process, the way bots and simulations play
//! them (`bot::random_playout`). Prints only: timing depends on the machine.

use std::time::Instant;

use tavern_plugin_api::bot::random_playout;
use tavern_plugin_api::{Game, GameRng, Setup};
use tavern_plugin_keydoms::Keydoms;

fn rate(players: usize, ghosts: &str, games: u64) -> (f64, f64) {
    let mut setup = Setup::players(players);
    setup.options.insert("ghosts".into(), ghosts.into());
    let start = Instant::now();
    let mut actions = 0;
    for seed in 0..games {
        let mut g = Keydoms::new(&setup).unwrap();
        let mut rng = GameRng::new(seed);
        actions += random_playout(&mut g, &mut rng, 100_000);
        assert!(g.outcome().is_some(), "game {seed} ended");
    }
    let secs = start.elapsed().as_secs_f64();
    (games as f64 / secs, actions as f64 / games as f64)
}

#[test]
fn random_games_per_second() {
    for (players, ghosts) in [
        (1, "auto"),
        (2, "auto"),
        (3, "0"),
        (3, "1"),
        (4, "0"),
        (4, "2"),
        (5, "0"),
        (6, "0"),
    ] {
        let (per_sec, len) = rate(players, ghosts, 300);
        println!(
            "keydoms {players} players, ghosts {ghosts}: {per_sec:.0} games/s \
             ({len:.0} actions per game)"
        );
    }
}
