//! 2,000 random complete games per player count and solo (sized by TAVERN_TEST_SCALE),
//! with invariants after every action and every final score checked against a scorer
//! written from the rulebook alone.
mod common;

use common::*;
use tavern_plugin_api::Game;
use tavern_plugin_api::game::check::{random_game, replay_round_trip, scaled};
use tavern_plugin_kings_guild::model::{Kg, Phase, QCard};

fn run(n: usize, games: usize, seed0: u64) {
    let s = setup(n);
    for seed in seed0..seed0 + games as u64 {
        let r = random_game::<Kg>(&s, seed, 200_000, invariants);
        let g = &r.final_state;
        assert_eq!(g.phase, Phase::Over);
        // The game ends only through the Offering to the Council.
        assert!(
            g.gone_quests.contains(&QCard::Offering),
            "ended without the Offering"
        );
        assert_eq!(g.finals_left, 0);
        for (seat, sc) in r.outcome.scores.iter().enumerate() {
            assert_eq!(
                sc.total,
                independent_total(g, seat),
                "seat {seat} of game {seed}: the game's score differs from the rulebook's"
            );
        }
        // Ties on prestige go to coins.
        for a in 0..n {
            for b in 0..n {
                let (ta, tb) = (r.outcome.scores[a].total, r.outcome.scores[b].total);
                if ta > tb || (ta == tb && g.players[a].coins > g.players[b].coins) {
                    assert!(r.outcome.rank[a] < r.outcome.rank[b]);
                }
            }
        }
    }
}

#[test]
fn random_games_solo() {
    run(1, scaled(2000), 1);
}
#[test]
fn random_games_two_players() {
    run(2, scaled(2000), 10_000);
}
#[test]
fn random_games_three_players() {
    run(3, scaled(2000), 20_000);
}
#[test]
fn random_games_four_players() {
    run(4, scaled(2000), 30_000);
}
#[test]
fn random_games_five_players() {
    run(5, scaled(2000), 40_000);
}
#[test]
fn random_games_six_players() {
    run(6, scaled(2000), 50_000);
}

#[test]
fn save_replay_round_trip() {
    for n in 1..=6 {
        let g = replay_round_trip::<Kg>(&setup(n), n as u64 * 31, 200_000);
        assert!(g.outcome().is_some());
        let back: Kg = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        assert_eq!(back, g);
    }
}
