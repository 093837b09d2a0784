//! The fast hooks the bots and benches play through (`whose_turn`,
//! `legal_actions_into`, `apply_quiet`) agree with the plain ones the host uses
//! (`to_act`, `legal`, `apply`): the same choices in the same order, the same states.
//! These were the fingerprint examples' checks, run by hand after each speed-up.
mod common;

use common::*;
use rand::RngExt;
use tavern_plugin_api::game::Turn;
use tavern_plugin_api::game::check::scaled;
use tavern_plugin_api::{Game, GameRng, Setup, ToAct};
use tavern_plugin_dragonkeepers::Dk;
use tavern_plugin_dragonkeepers::model::Item;

fn setups() -> Vec<Setup> {
    let mut every_item = vec![("chests", "chosen")];
    every_item.extend(Item::ALL.iter().map(|it| (it.key(), "yes")));
    vec![
        setup(2),
        setup(3),
        setup(4),
        setup_with(3, &[("variant", "children")]),
        setup_with(2, &[("chests", "random"), ("start", "random")]),
        setup_with(4, &every_item),
    ]
}

/// One random game by the plain hooks: at each decision `legal` and `legal_actions`
/// list the same actions in the same order. Returns the final state.
fn plain(s: &Setup, seed: u64) -> Dk {
    let mut g = Dk::new(s).unwrap();
    let mut rng = GameRng::new(seed);
    loop {
        let (seat, a) = match g.to_act() {
            ToAct::Over => break,
            ToAct::Chance => (None, g.sample_chance(&mut rng)),
            ToAct::Seats(v) => {
                let labelled: Vec<_> = g.legal(v[0]).into_iter().map(|l| l.action).collect();
                assert_eq!(labelled, g.legal_actions(v[0]), "seed {seed}");
                let k = rng.random_range(0..labelled.len());
                (Some(v[0]), labelled[k].clone())
            }
        };
        g.apply(seat, &a).unwrap();
    }
    g
}

/// The same game by the fast hooks, one reused buffer, no log text.
fn fast(s: &Setup, seed: u64) -> Dk {
    let mut g = Dk::new(s).unwrap();
    let mut rng = GameRng::new(seed);
    let mut legal = Vec::new();
    loop {
        let seat = match g.whose_turn() {
            Turn::Over => break,
            Turn::Chance => {
                let a = g.sample_chance(&mut rng);
                g.apply_quiet(None, &a).unwrap();
                continue;
            }
            Turn::Seat(s) => s,
            Turn::Several => panic!("Dragonkeepers has no simultaneous choices"),
        };
        legal.clear();
        g.legal_actions_into(seat, &mut legal);
        let k = rng.random_range(0..legal.len());
        let a = legal[k].clone();
        g.apply_quiet(Some(seat), &a).unwrap();
    }
    g
}

#[test]
fn fast_hooks_play_the_same_games_as_the_plain_ones() {
    for s in setups() {
        for seed in 0..scaled(20) as u64 {
            let a = serde_json::to_value(plain(&s, seed)).unwrap();
            let b = serde_json::to_value(fast(&s, seed)).unwrap();
            assert_eq!(a, b, "{:?} seed {seed}", s.options);
        }
    }
}
