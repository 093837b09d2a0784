//! The rules 0.3.0 changed, each beside the 0.2.0 behaviour a game begun under 0.2.0 keeps.
mod common;

use common::*;
use tavern_plugin_above_below::data::{Good, data};
use tavern_plugin_above_below::model::{Building, Phase, Rules};
use tavern_plugin_above_below::{Ab, Action};
use tavern_plugin_api::Game;

fn vid(name: &str) -> u8 {
    data()
        .villagers
        .iter()
        .position(|v| v.name == name)
        .unwrap() as u8
}
fn card_id(name: &str) -> u8 {
    data().cards.iter().position(|c| c.name == name).unwrap() as u8
}
fn actions(g: &Ab, seat: usize) -> Vec<Action> {
    g.legal(seat).into_iter().map(|l| l.action).collect()
}
fn take_card(g: &mut Ab, c: u8) {
    for row in [
        &mut g.house_row,
        &mut g.outpost_row,
        &mut g.key_row,
        &mut g.star_row,
        &mut g.adventure_deck,
    ] {
        row.retain(|&x| x != c);
    }
    for p in [&mut g.houses, &mut g.outposts, &mut g.keys] {
        p.unseen.retain(|&x| x != c);
    }
}

/// Seat 0 with a house holding 2 rice (building 1) and two outposts holding a crab and a
/// clam (buildings 2 and 3).
fn village(rules: Rules) -> Ab {
    let mut g = fresh(2);
    g.rules = rules;
    let (granary, beach, bed) = (
        card_id("Rice Granary"),
        card_id("Glowcrab Beach"),
        card_id("Still Clam Bed"),
    );
    for c in [granary, beach, bed] {
        take_card(&mut g, c);
    }
    let p = &mut g.players[0];
    p.houses.push(Building {
        card: granary,
        goods: 2,
        ghost: false,
    });
    for c in [beach, bed] {
        p.outposts.push(Building {
            card: c,
            goods: 1,
            ghost: false,
        });
    }
    g.goods_out[Good::Rice.idx()] += 2;
    g.goods_out[Good::Crab.idx()] += 1;
    g.goods_out[Good::Clam.idx()] += 1;
    g
}

fn labor(g: &mut Ab, who: &[&str]) {
    for v in who {
        act(g, 0, Action::Select { villager: vid(v) });
    }
    act(g, 0, Action::Labor);
}

fn harvests(g: &Ab) -> Vec<u8> {
    actions(g, 0)
        .into_iter()
        .filter_map(|a| match a {
            Action::Harvest { building } => Some(building),
            _ => None,
        })
        .collect()
}

#[test]
fn a_hammer_takes_two_goods_from_houses_or_one_from_an_outpost() {
    // Two from the house: once a house good is taken, the outposts are closed to him.
    let mut g = village(Rules::Today);
    labor(&mut g, &["Bram"]);
    assert_eq!(g.turn.harvest, 2);
    assert_eq!(
        harvests(&g),
        vec![1, 2, 3],
        "his first good may come from anywhere"
    );
    act(&mut g, 0, Action::Harvest { building: 1 });
    assert_eq!(harvests(&g), vec![1], "the second from a house only");
    assert_eq!(
        g.view(Some(0)).prompt,
        "Harvest up to 1 good from your buildings"
    );
    act(&mut g, 0, Action::Harvest { building: 1 });
    assert_eq!(g.players[0].goods[Good::Rice.idx()], 2);
    assert_eq!(g.turn.harvest, 0);
    invariants(&g);
    // One from an outpost ends his harvest.
    let mut g = village(Rules::Today);
    labor(&mut g, &["Bram"]);
    act(&mut g, 0, Action::Harvest { building: 2 });
    assert_eq!(g.turn.harvest, 0, "an outpost good is his one");
    assert!(!actions(&g, 0).contains(&Action::DoneHarvest));
    invariants(&g);
    // With another villager beside him, two outpost goods are one each.
    let mut g = village(Rules::Today);
    labor(&mut g, &["Bram", "Fenn"]);
    assert_eq!(g.turn.harvest, 3);
    act(&mut g, 0, Action::Harvest { building: 2 });
    assert_eq!(
        g.turn.harvest, 2,
        "Fenn's outpost good, Bram's two from houses left"
    );
    act(&mut g, 0, Action::Harvest { building: 3 });
    assert_eq!(
        g.turn.harvest, 0,
        "Bram took the second outpost good as his one"
    );
    invariants(&g);
}

#[test]
fn under_0_2_0_rules_a_hammer_took_two_from_outposts_too() {
    let mut g = village(Rules::V0_2);
    labor(&mut g, &["Bram"]);
    act(&mut g, 0, Action::Harvest { building: 2 });
    assert_eq!(harvests(&g), vec![1, 3]);
    act(&mut g, 0, Action::Harvest { building: 3 });
    assert_eq!(g.players[0].goods[Good::Crab.idx()], 1);
    assert_eq!(g.players[0].goods[Good::Clam.idx()], 1);
    assert_eq!(g.turn.harvest, 0);
    invariants(&g);
}

/// Seat 0 owns the Bell Tower in round `round`; both seats pass to end the round.
fn bell_round(rules: Rules, round: u8, reputation: i8, ghost: bool) -> Ab {
    let mut g = fresh(2);
    g.rules = rules;
    g.round = round;
    let bell = card_id("Bell Tower");
    take_card(&mut g, bell);
    g.players[0].houses.push(Building {
        card: bell,
        goods: 0,
        ghost,
    });
    if ghost {
        g.ghosts -= 1;
    }
    g.players[0].reputation = reputation;
    act(&mut g, 0, Action::Pass);
    act(&mut g, 1, Action::Pass);
    settle(&mut g);
    g
}

#[test]
fn the_bell_tower_rings_at_the_end_of_every_round_the_last_too() {
    let last = fresh(2).rounds;
    let g = bell_round(Rules::Today, last, 0, false);
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.players[0].reputation, 1, "the last round ends too");
    let g = bell_round(Rules::V0_2, last, 0, false);
    assert_eq!(g.players[0].reputation, 0, "0.2.0 paid it with the income");
    // An earlier round: the same under both rules, also at the top of the track with a
    // ghost (the ghost haunts first, then the bell rings).
    for rules in [Rules::Today, Rules::V0_2] {
        let mut g = bell_round(rules, 1, 0, false);
        while g.phase == Phase::Rest {
            let s = g.actor().unwrap();
            act(&mut g, s, Action::RestDone);
        }
        assert_eq!(g.players[0].reputation, 1, "{rules:?}");
        let mut g = bell_round(rules, 1, 7, true);
        while g.phase == Phase::Rest {
            let s = g.actor().unwrap();
            act(&mut g, s, Action::RestDone);
        }
        assert_eq!(g.players[0].reputation, 7, "{rules:?}");
    }
}
