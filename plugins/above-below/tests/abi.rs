//! The plugin answers the host's JSON requests (the path the C ABI takes).
mod common;

use common::*;
use tavern_plugin_above_below::Ab;
use tavern_plugin_api::abi::respond;
use tavern_plugin_api::conformance::{abi_walk, bot_choice, table_names_the_seats};
use tavern_plugin_api::proto::{ActionEntry, AppliedReply, Request};
use tavern_plugin_api::{ChoiceKind, Game, GameInfo, ToAct};

#[test]
fn info_names_the_game() {
    let i: GameInfo = Ab::info();
    assert_eq!(i.id, "above-below");
    assert_eq!(i.version, "0.4.0");
    assert_eq!((i.min_players, i.max_players), (2, 4));
    assert!(i.rules.contains("Explore"));
    assert!(i.options.iter().any(|o| o.key == "length"));
}

#[test]
fn host_requests_round_trip() {
    let mut g = Ab::new(&setup(3)).unwrap();
    let mut seed = 1;
    while g.to_act() == ToAct::Chance {
        let r = respond(&mut g, Request::Chance { seed }).unwrap();
        let a: AppliedReply = serde_json::from_value(r).unwrap();
        assert!(a.reveal);
        seed += 1;
    }
    let legal: Vec<ActionEntry> =
        serde_json::from_value(respond(&mut g, Request::Legal { seat: 0 }).unwrap()).unwrap();
    assert!(
        legal
            .iter()
            .all(|e| e.target.is_some() || e.label.contains("offer"))
    );
    let select = legal
        .iter()
        .find(|e| e.kind == ChoiceKind::Step)
        .expect("villagers are chosen as plan steps");
    let r = respond(
        &mut g,
        Request::Apply {
            seat: Some(0),
            action: select.action.clone(),
        },
    )
    .unwrap();
    let a: AppliedReply = serde_json::from_value(r).unwrap();
    assert!(a.label.contains("chooses"));
    table_names_the_seats(&mut g).unwrap_or_else(|e| panic!("{e}"));
    bot_choice(&mut g, 0).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn whole_games_walk_through_the_host_requests() {
    for players in 2..=4 {
        let walk = abi_walk::<Ab>(&setup(players), players as u64, 5_000).unwrap();
        assert!(walk.finished, "{players} players: {walk:?}");
        assert!(walk.chance_steps > 0);
    }
}

#[test]
fn a_tampered_roll_or_draw_is_refused() {
    use tavern_plugin_above_below::{Action, Deck};
    use tavern_plugin_api::game::apply_checked;
    let mut g = Ab::new(&setup(2)).unwrap();
    assert!(
        apply_checked(&mut g, None, &Action::Roll { face: 3 }).is_err(),
        "a draw is due, not a die"
    );
    assert!(
        apply_checked(
            &mut g,
            None,
            &Action::Draw {
                deck: Deck::Keys,
                card: 0
            }
        )
        .is_err(),
        "card 0 is a starting house"
    );
    let ok = g.outcomes()[0];
    apply_checked(&mut g, None, &ok).unwrap();
    assert!(
        apply_checked(&mut g, None, &ok).is_err(),
        "the same card twice"
    );
}
