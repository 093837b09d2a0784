mod common;

use common::*;
use tavern_plugin_above_below::Ab;
use tavern_plugin_api::Setup;
use tavern_plugin_api::game::check::{random_game, replay_round_trip, scaled};

fn run(setup: &Setup, games: usize) {
    for seed in 0..scaled(games) as u64 {
        let r = random_game::<Ab>(setup, seed, 20_000, invariants);
        let g = &r.final_state;
        assert_eq!(g.round, g.rounds, "the game ends after its last round");
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
fn random_games_long() {
    run(&setup_with(2, &[("length", "long")]), 500);
    run(&setup_with(3, &[("length", "long")]), 500);
}

#[test]
fn save_replay_round_trip() {
    for n in 2..=4 {
        let g = replay_round_trip::<Ab>(&setup(n), n as u64 * 31, 50_000);
        let back: Ab = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        assert_eq!(back, g);
    }
}

/// Prints (never asserts: the machine may be busy) random games per second in process,
/// the way bots and benches play. Run alone with `cargo test --release -p
/// tavern-above-below --test random_games speed_report -- --nocapture`.
#[test]
fn speed_report() {
    use std::time::Instant;
    use tavern_plugin_api::Game;
    for n in 2..=4 {
        let g = Ab::new(&setup(n)).unwrap();
        let games = 500;
        let t = Instant::now();
        let r = tavern_plugin_api::abi::playouts(&g, games, 5);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{n} players: {games} random games in {secs:.3}s = {:.0} games/s, avg {} actions",
            games as f64 / secs,
            r.actions / games as u64
        );
    }
}

/// Random games reach every common kind of decision (what the old `mix` example printed):
/// a rule no random game ever reaches would go untested by the games above.
#[test]
fn random_games_reach_every_kind_of_decision() {
    use std::collections::BTreeSet;
    use tavern_plugin_api::game::check::random_move;
    use tavern_plugin_api::{Game, GameRng};
    let mut kinds: BTreeSet<String> = BTreeSet::new();
    for seed in 0..scaled(200).max(30) as u64 {
        let mut g = Ab::new(&setup(3)).unwrap();
        let mut rng = GameRng::new(seed);
        while let Some((seat, a)) = random_move(&g, &mut rng) {
            let k = format!("{a:?}");
            kinds.insert(k.split([' ', '{']).next().unwrap().to_string());
            g.apply(seat, &a).unwrap();
        }
    }
    for k in [
        "Accept",
        "Answer",
        "Banish",
        "Bed",
        "Brew",
        "Build",
        "Choose",
        "DoneHarvest",
        "Draw",
        "EndTurn",
        "Exert",
        "Explore",
        "Harvest",
        "Hire",
        "Labor",
        "Offer",
        "OfferAdd",
        "Pass",
        "PlaceGhost",
        "Refresh",
        "RestDone",
        "Roll",
        "Select",
        "Sell",
        "Track",
        "Withdraw",
    ] {
        assert!(kinds.contains(k), "no random game reached {k}: {kinds:?}");
    }
}
