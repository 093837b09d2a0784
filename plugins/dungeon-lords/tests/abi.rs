//! The plugin answers the host's JSON requests (the path the C ABI takes): a training
//! played through them, plan steps marked as steps, the bot and playouts.
mod common;

use common::*;
use tavern_plugin_api::abi::respond;
use tavern_plugin_api::proto::{ActionEntry, AppliedReply, ChoiceKind, PlayoutReport, Request};
use tavern_plugin_api::{Game, Outcome, ToAct, View};
use tavern_plugin_dungeon_lords::Dl;

#[test]
fn a_training_through_host_requests() {
    let mut g = training("training-4");
    let mut guard = 0;
    while g.to_act() != ToAct::Over {
        let legal: Vec<ActionEntry> =
            serde_json::from_value(respond(&mut g, Request::Legal { seat: 0 }).unwrap()).unwrap();
        assert!(!legal.is_empty());
        for e in &legal {
            let confirm = e.label.starts_with("Confirm") || e.label.starts_with("Fight with");
            let planning = g.phase == tavern_plugin_dungeon_lords::Phase::Planning;
            assert_eq!(
                matches!(e.kind, ChoiceKind::Step),
                planning && !confirm,
                "{}: plan steps are steps, Confirm is not",
                e.label
            );
        }
        // Bot's choice each time: the generic search works on this game.
        let bot: ActionEntry = serde_json::from_value(
            respond(
                &mut g,
                Request::Bot {
                    seat: 0,
                    seed: guard,
                    level: 1,
                },
            )
            .unwrap(),
        )
        .unwrap();
        let r = respond(
            &mut g,
            Request::Apply {
                seat: Some(0),
                action: bot.action,
            },
        )
        .unwrap();
        let a: AppliedReply = serde_json::from_value(r).unwrap();
        assert!(!a.label.is_empty());
        let v: View =
            serde_json::from_value(respond(&mut g, Request::View { viewer: Some(0) }).unwrap())
                .unwrap();
        assert!(!v.status.is_empty());
        guard += 1;
        assert!(guard < 100);
    }
    let o: Option<Outcome> =
        serde_json::from_value(respond(&mut g, Request::Outcome).unwrap()).unwrap();
    assert!(o.is_some());
}

#[test]
fn playouts_and_refusals() {
    let mut g = training("training-1");
    let p: PlayoutReport =
        serde_json::from_value(respond(&mut g, Request::Playouts { games: 50, seed: 4 }).unwrap())
            .unwrap();
    assert_eq!(p.games, 50);
    assert!(p.min_len > 0);
    let before = serde_json::to_string(&g).unwrap();
    // A chance outcome when none is due, and an action of a seat that does not exist.
    assert!(
        respond(
            &mut g,
            Request::Apply {
                seat: Some(1),
                action: serde_json::json!("Confirm"),
            }
        )
        .is_err()
    );
    assert!(respond(&mut g, Request::Chance { seed: 1 }).is_err());
    assert_eq!(before, serde_json::to_string(&g).unwrap());
    let _: Dl = serde_json::from_str(&before).unwrap();
}

#[test]
fn whole_games_walk_through_the_host_requests() {
    use tavern_plugin_api::conformance::abi_walk;
    // Combat Training, then the full game at each seat count (option "game").
    let walk = abi_walk::<Dl>(&setup("training-4"), 1, 2_000).unwrap();
    assert!(walk.finished, "training: {walk:?}");
    for players in 2..=4 {
        let mut s = game_setup(players);
        s.seed = players as u64;
        let walk = abi_walk::<Dl>(&s, players as u64, 20_000).unwrap();
        assert!(walk.finished, "{players} lords: {walk:?}");
        assert!(walk.refused > 0, "another lord's move was tried");
    }
}
