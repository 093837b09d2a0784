//! The marks the table reads from the labelled list (issue 23): every move that pays is
//! marked `spends`, nothing else is, and "End your turn" is the Enter/Space move exactly
//! when the turn holds no gather, craft, build, hire or offering.
mod common;

use common::*;
use tavern_plugin_api::{Game, Legal};
use tavern_plugin_kings_guild::data::{Colour, quest_named};
use tavern_plugin_kings_guild::{Action, Kg, Pending};

fn spends(a: &Action) -> bool {
    matches!(
        a,
        Action::Craft { .. } | Action::Build { .. } | Action::Hire { .. } | Action::BuyRelic { .. }
    )
}

fn check_spending(list: &[Legal<Action>]) {
    for l in list {
        assert_eq!(l.spends, spends(&l.action), "{:?} ({})", l.action, l.label);
    }
}

fn defaults(list: &[Legal<Action>]) -> Vec<&Action> {
    list.iter()
        .filter(|l| l.default)
        .map(|l| &l.action)
        .collect()
}

#[test]
fn the_game_marks_its_spending() {
    const { assert!(Kg::MARKS_SPENDING) };
}

#[test]
fn crafts_builds_and_hires_spend_and_gathers_do_not() {
    let mut g = fresh(2);
    let q = quest_named("Crush the Orc Rebellion");
    put_quest(&mut g, 0, q);
    let cost = g.item_cost(0, q, 0);
    for (r, &n) in cost.iter().enumerate() {
        give_res(&mut g, 0, r, n);
    }
    g.players[0].coins = 20;
    let list = g.legal(0);
    for kind in ["craft", "build", "hire", "gather"] {
        assert!(
            list.iter()
                .any(|l| format!("{:?}", l.action).to_lowercase().starts_with(kind)),
            "no {kind} listed"
        );
    }
    check_spending(&list);
    assert!(
        defaults(&list).is_empty(),
        "the turn's action is still to take"
    );
}

#[test]
fn paying_a_coin_for_a_heros_draw_spends() {
    let mut g = fresh(2);
    g.players[0].coins = 3;
    g.pending.push_back(Pending::HeroPay {
        seat: 0,
        colour: Colour::Red,
    });
    let list = g.legal(0);
    let accept = list.iter().find(|l| l.action == Action::Accept).unwrap();
    assert!(accept.spends);
    let decline = list.iter().find(|l| l.action == Action::Decline).unwrap();
    assert!(!decline.spends);
    assert!(defaults(&list).is_empty());
}

#[test]
fn end_turn_is_the_default_once_nothing_else_is_left() {
    let mut g = fresh(2);
    g.players[0].coins = 0;
    // Before the action: End turn is not even listed.
    assert!(!g.legal(0).iter().any(|l| l.action == Action::EndTurn));
    let gather = g
        .legal_actions(0)
        .into_iter()
        .find(|a| matches!(a, Action::Gather { take } if take.iter().sum::<u8>() == 1))
        .unwrap();
    act(&mut g, 0, gather);
    let list = g.legal(0);
    assert_eq!(defaults(&list), vec![&Action::EndTurn]);
    check_spending(&list);
    // After one build of an expand a second buy may follow: End turn is listed but not
    // the default.
    let mut g = fresh(2);
    g.players[0].coins = 30;
    let build = g
        .legal_actions(0)
        .into_iter()
        .find(|a| matches!(a, Action::Build { .. }))
        .unwrap();
    act(&mut g, 0, build);
    let list = g.legal(0);
    assert!(list.iter().any(|l| l.action == Action::EndTurn));
    assert!(
        list.iter()
            .any(|l| matches!(l.action, Action::Build { .. } | Action::Hire { .. }))
    );
    assert!(defaults(&list).is_empty(), "a second buy is still open");
    check_spending(&list);
}
