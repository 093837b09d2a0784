//! The fast path bots and simulations take (`whose_turn`, `legal_actions_into`,
//! `apply_quiet` through `bot::random_playout`) plays exactly the game the checked path
//! plays (`to_act`, `legal_actions`, `apply_checked`), in every kind of setup.

use tavern_plugin_api::bot::random_playout;
use tavern_plugin_api::game::check::scaled;
use tavern_plugin_api::game::{Turn, apply_checked};
use tavern_plugin_api::{Game, GameRng, Setup};
use tavern_plugin_keydoms::{Keydoms, Stage};

fn setup(players: usize, ghosts: &str) -> Setup {
    let mut setup = Setup::players(players);
    setup.options.insert("ghosts".into(), ghosts.into());
    setup
}

/// `random_playout`'s choices, taken through the checked path with the same draws.
fn checked_playout(g: &mut Keydoms, rng: &mut GameRng) -> u64 {
    use rand::RngExt;
    let mut n = 0;
    loop {
        let turn = g.whose_turn();
        assert_eq!(turn, Turn::of(&g.to_act()), "whose_turn agrees with to_act");
        match turn {
            Turn::Over => return n,
            Turn::Chance => {
                let a = g.sample_chance(rng);
                apply_checked(g, None, &a).unwrap();
            }
            Turn::Seat(s) => {
                let legal = g.legal_actions(s);
                let mut fast = Vec::new();
                g.legal_actions_into(s, &mut fast);
                assert_eq!(legal, fast, "legal_actions_into lists the same actions");
                let labelled: Vec<_> = g.legal(s).into_iter().map(|l| l.action).collect();
                assert_eq!(legal, labelled, "legal and legal_actions in the same order");
                let a = legal[rng.random_range(0..legal.len())].clone();
                apply_checked(g, Some(s), &a).unwrap();
            }
            Turn::Several => panic!("Keydom's never asks two seats at once"),
        }
        n += 1;
    }
}

#[test]
fn fast_playouts_play_the_same_games_as_checked_ones() {
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
        let s = setup(players, ghosts);
        for seed in 0..scaled(25) as u64 {
            let mut fast = Keydoms::new(&s).unwrap();
            let fast_actions = random_playout(&mut fast, &mut GameRng::new(seed), 100_000);
            let mut checked = Keydoms::new(&s).unwrap();
            let actions = checked_playout(&mut checked, &mut GameRng::new(seed));
            assert_eq!(fast_actions, actions, "{players}p/{ghosts} seed {seed}");
            assert_eq!(
                serde_json::to_value(&fast).unwrap(),
                serde_json::to_value(&checked).unwrap(),
                "{players}p/{ghosts} seed {seed}: the quiet game ended elsewhere"
            );
            assert_eq!(fast.stage, Stage::Over);
            assert_eq!(fast.artefacts_left(), 0, "the castle is empty at the end");
            assert_eq!(fast.outcome(), checked.outcome());
        }
    }
}
