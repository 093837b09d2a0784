//! The plugin answers the host's JSON requests (the path the C ABI takes).
mod common;

use common::*;
use tavern_plugin_api::abi::respond;
use tavern_plugin_api::conformance::{abi_walk, bot_choice, table_names_the_seats};
use tavern_plugin_api::proto::{ActionEntry, AppliedReply, PlayoutReport, Request};
use tavern_plugin_api::{Game, ToAct};
use tavern_plugin_dragonkeepers::Dk;

#[test]
fn host_requests_round_trip() {
    let mut g = Dk::new(&setup(3)).unwrap();
    let mut seed = 1;
    while g.to_act() == ToAct::Chance {
        let r = respond(&mut g, Request::Chance { seed }).unwrap();
        let a: AppliedReply = serde_json::from_value(r).unwrap();
        assert!(a.reveal);
        assert!(!a.label.contains("order"), "shuffle results stay hidden");
        seed += 1;
    }
    let legal: Vec<ActionEntry> =
        serde_json::from_value(respond(&mut g, Request::Legal { seat: 0 }).unwrap()).unwrap();
    assert!(!legal.is_empty());
    assert!(legal.iter().all(|e| e.target.is_some()));
    let r = respond(
        &mut g,
        Request::Apply {
            seat: Some(0),
            action: legal[0].action.clone(),
        },
    )
    .unwrap();
    let a: AppliedReply = serde_json::from_value(r).unwrap();
    assert!(a.label.contains("takes"));
    table_names_the_seats(&mut g).unwrap_or_else(|e| panic!("{e}"));
    bot_choice(&mut g, 0).unwrap_or_else(|e| panic!("{e}"));
    let p: PlayoutReport =
        serde_json::from_value(respond(&mut g, Request::Playouts { games: 20, seed: 4 }).unwrap())
            .unwrap();
    assert!(p.min_len > 0);
}

#[test]
fn whole_games_walk_through_the_host_requests() {
    for players in 2..=4 {
        let walk = abi_walk::<Dk>(&setup(players), players as u64, 5_000).unwrap();
        assert!(walk.finished, "{players} players: {walk:?}");
        assert!(walk.refused > 0, "another seat's move was tried");
    }
}
