//! The plugin answers the host's JSON requests (the path the C ABI takes).
mod common;

use common::*;
use tavern_plugin_api::abi::respond;
use tavern_plugin_api::conformance::{abi_walk, table_names_the_seats};
use tavern_plugin_api::proto::{ActionEntry, AppliedReply, Request};
use tavern_plugin_api::{Game, GameInfo, ToAct};
use tavern_plugin_kings_guild::Kg;

#[test]
fn info_names_the_game() {
    let i: GameInfo = Kg::info();
    assert_eq!(i.id, "kings-guild");
    assert_eq!(i.version, "0.3.0");
    assert_eq!((i.min_players, i.max_players), (1, 6));
    assert!(i.hidden_information);
    assert!(i.rules.contains("# Solo"));
    assert!(!i.description.contains("  "));
}

#[test]
fn host_requests_round_trip() {
    let mut g = Kg::new(&setup(3)).unwrap();
    let mut seed = 1;
    while g.to_act() == ToAct::Chance || !g.pending.is_empty() {
        if g.to_act() == ToAct::Chance {
            let r = respond(&mut g, Request::Chance { seed }).unwrap();
            let a: AppliedReply = serde_json::from_value(r).unwrap();
            assert!(a.reveal);
        } else {
            let s = g.deciders()[0];
            let legal: Vec<ActionEntry> =
                serde_json::from_value(respond(&mut g, Request::Legal { seat: s }).unwrap())
                    .unwrap();
            respond(
                &mut g,
                Request::Apply {
                    seat: Some(s),
                    action: legal[0].action.clone(),
                },
            )
            .unwrap();
        }
        seed += 1;
    }
    let legal: Vec<ActionEntry> =
        serde_json::from_value(respond(&mut g, Request::Legal { seat: 0 }).unwrap()).unwrap();
    assert!(!legal.is_empty());
    let gather = legal
        .iter()
        .find(|e| e.label.starts_with("Gather"))
        .unwrap();
    let r = respond(
        &mut g,
        Request::Apply {
            seat: Some(0),
            action: gather.action.clone(),
        },
    )
    .unwrap();
    let a: AppliedReply = serde_json::from_value(r).unwrap();
    assert!(a.label.contains("gathers"));
    table_names_the_seats(&mut g).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn whole_games_walk_through_the_host_requests() {
    // Part of a game each: a King's Guild game is over a thousand actions, and the random
    // games test plays whole ones in-process.
    for players in [1, 2, 4, 6] {
        let walk = abi_walk::<Kg>(&setup(players), players as u64, 600).unwrap();
        assert!(walk.actions > 0, "{players} players: {walk:?}");
        if players > 1 {
            assert!(walk.refused > 0, "another seat's move was tried");
        }
    }
}

#[test]
fn the_bot_answers_quickly_enough() {
    use tavern_plugin_api::GameRng;
    use tavern_plugin_api::game::check::random_move;
    let mut g = Kg::new(&setup(2)).unwrap();
    let mut rng = GameRng::new(5);
    for _ in 0..60 {
        let (seat, a) = random_move(&g, &mut rng).unwrap();
        g.apply(seat, &a).unwrap();
    }
    while g.to_act() == ToAct::Chance {
        let (seat, a) = random_move(&g, &mut rng).unwrap();
        g.apply(seat, &a).unwrap();
    }
    let seat = g.deciders()[0];
    let bot: ActionEntry = serde_json::from_value(
        respond(
            &mut g,
            Request::Bot {
                seat,
                seed: 3,
                level: 1,
            },
        )
        .unwrap(),
    )
    .unwrap();
    assert!(!bot.label.is_empty());
}
