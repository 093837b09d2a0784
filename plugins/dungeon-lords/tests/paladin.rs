//! Several dungeons: battles in seat order from the start player, and the paladin setting
//! out, moving on with his damage, and reviving a finished combat.
mod common;

use common::*;
use tavern_plugin_api::Game;
use tavern_plugin_dungeon_lords::data::data;
use tavern_plugin_dungeon_lords::done::Ev;
use tavern_plugin_dungeon_lords::model::{Adv, Lord};
use tavern_plugin_dungeon_lords::{Action, Dl, Phase};

fn line() -> u8 {
    data().evilometer.paladin
}

fn paladin() -> u8 {
    adv_id("paladin-1")
}

/// A lord with three tunnels, this party and this much Evil.
fn evil_lord(name: &str, party: &[(&str, u8)], e: u8) -> Lord {
    let mut l = with_party(lord(name, 3, &[]), party);
    l.evil = e;
    l
}

fn holder(g: &Dl) -> Option<usize> {
    g.lords
        .iter()
        .position(|l| l.party.iter().any(|a| a.id == paladin()))
}

#[test]
fn paladin_sets_out_for_the_most_evil_later_on_a_tie() {
    let a = evil_lord("A", &[("warrior-1", 0)], line() + 1);
    let b = evil_lord("B", &[("warrior-2a", 0)], line() + 1);
    let c = evil_lord("C", &[("warrior-2b", 0)], line() - 1);
    let mut g = Dl::combat(vec![a, b, c], 1, 2);
    g.paladin_tent = Some(paladin());
    g.start = 0;
    let ev = g.begin();
    assert!(ev.contains(&Ev::PaladinMoves { from: None, to: 1 }));
    assert_eq!(g.lords[1].party[0].id, paladin(), "he stands first");
}

#[test]
fn paladin_stays_in_his_tent_below_the_line() {
    let a = evil_lord("A", &[("warrior-1", 0)], line() - 1);
    let mut g = Dl::combat(vec![a], 1, 2);
    g.paladin_tent = Some(paladin());
    g.begin();
    assert_eq!(g.paladin_tent, Some(paladin()));
}

/// A conquers a tile, drops below B, and the paladin walks over with his damage. B's
/// battle comes later this round, so he fights in it.
#[test]
fn paladin_moves_to_a_strictly_more_evil_lord_mid_combat() {
    let mut a = evil_lord("A", &[("warrior-3", 0)], line() + 1);
    a.party.insert(0, Adv::new(paladin(), 1));
    let b = evil_lord("B", &[("warrior-1", 0)], line() + 1);
    let mut g = combat_of(vec![a, b], 2);
    assert_eq!(holder(&g), Some(0), "equal Evil is not enough to move him");
    assert_eq!(g.to_act().seats(), &[0, 1], "both lords plan at once");
    change(&mut g, 0, Action::Confirm);
    let ev = change(&mut g, 1, Action::Confirm);
    // A's battle: fatigue 2 on the paladin (1+2 of 5), A conquers, Evil drops below B's.
    assert_eq!(g.lords[0].conquered(), 1);
    let moved = ev
        .iter()
        .position(|e| {
            *e == Ev::PaladinMoves {
                from: Some(0),
                to: 1,
            }
        })
        .expect("the paladin moves");
    let b_battle = ev
        .iter()
        .position(|e| matches!(e, Ev::BattleStarts { lord: 1, .. }))
        .expect("B fights");
    assert!(
        moved < b_battle,
        "he arrives before B's battle and fights in it"
    );
    // He kept his 3 damage: B's 2 fatigue eliminates him (3 + 2 = 5 hit points).
    assert!(ev[b_battle..].contains(&Ev::Fatigue {
        adventurer: paladin(),
        amount: 2
    }));
    assert!(g.lords[1].prison.contains(&paladin()));
    assert_eq!(
        g.lords[1].conquered(),
        1,
        "B's warrior still takes the tile"
    );
}

#[test]
fn a_finished_combat_resumes_when_the_paladin_arrives() {
    let mut a = evil_lord("A", &[("warrior-3", 0)], line() + 2);
    a.party.insert(0, Adv::new(paladin(), 0));
    // B's party is already gone: its combat is over.
    let mut b = evil_lord("B", &[], line() + 2);
    b.prison.push(adv_id("warrior-1"));
    let mut g = combat_of(vec![a, b], 1);
    assert!(!g.lords[1].plan.active, "B has no battle in round 1");
    change(&mut g, 0, Action::Confirm);
    // A conquered a tile and dropped to line+1 < B's line+2: the paladin leaves.
    assert_eq!(holder(&g), Some(1));
    assert_eq!(g.round, 2);
    assert!(g.lords[1].plan.active, "B's combat resumes next round");
    assert_eq!(g.phase, Phase::Planning);
}

#[test]
fn battles_follow_seat_order_from_the_start_player() {
    let a = with_party(lord("A", 3, &[]), &[("warrior-1", 0)]);
    let b = with_party(lord("B", 3, &[]), &[("warrior-2a", 0)]);
    let c = with_party(lord("C", 3, &[]), &[("warrior-2b", 0)]);
    let mut g = Dl::combat(vec![a, b, c], 1, 1);
    g.start = 2;
    g.begin();
    change(&mut g, 0, Action::Confirm);
    change(&mut g, 2, Action::Confirm);
    let ev = change(&mut g, 1, Action::Confirm);
    let order: Vec<usize> = ev
        .iter()
        .filter_map(|e| match e {
            Ev::BattleStarts { lord, .. } => Some(*lord),
            _ => None,
        })
        .collect();
    assert_eq!(order, vec![2, 0, 1]);
}

#[test]
fn paladin_symbols_disarm_and_heal() {
    let mut l = with_monsters(
        with_traps(
            with_party(lord("A", 3, &[]), &[("warrior-3", 0)]),
            &["rolling-stone"],
        ),
        &["ghost"],
    );
    l.party.insert(0, Adv::new(paladin(), 0));
    let mut g = no_fatigue(l);
    let ev = plan(&mut g, &["rolling-stone"], &["ghost"]);
    assert!(ev.contains(&Ev::Hit {
        adventurer: paladin(),
        amount: 2,
        prevented: 1
    }));
    // The ghost may not touch the paladin: he is first.
    let legal = g.legal_actions(0);
    assert!(!legal.contains(&attack("ghost", 0, Some("paladin-1"), None)));
    let ev = change(&mut g, 0, attack("ghost", 0, Some("warrior-3"), None));
    assert!(ev.contains(&Ev::Healed {
        adventurer: paladin(),
        amount: 1
    }));
}

#[test]
fn no_tile_left_releases_a_prisoner_each_round() {
    let mut l = with_party(lord("A", 1, &[]), &[("warrior-3", 0)]);
    l.prison = vec![adv_id("thief-1"), adv_id("priest-1")];
    let mut g = no_fatigue(l);
    change(&mut g, 0, Action::Confirm);
    assert_eq!(g.lords[0].conquered(), 1);
    assert_eq!(
        g.phase,
        Phase::Release(0),
        "two prisoners: the lord chooses"
    );
    change(
        &mut g,
        0,
        Action::Release {
            adventurer: adv_id("priest-1"),
        },
    );
    // Round 3 releases the last prisoner by itself, round 4 finds the prison empty.
    assert_eq!(g.phase, Phase::Over);
    assert!(g.lords[0].prison.is_empty());
    assert_eq!(g.lords[0].distant.len(), 3, "two released and the warrior");
}
