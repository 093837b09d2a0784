//! Second-year combat rooms change battles fought in them; first-year rooms' zones.
mod common;

use common::*;
use tavern_plugin_api::Game;
use tavern_plugin_dungeon_lords::data::{Zone, data};
use tavern_plugin_dungeon_lords::done::Ev;
use tavern_plugin_dungeon_lords::model::Lord;
use tavern_plugin_dungeon_lords::{Action, Dl};

/// The entrance square holds this room; the battle is fought there.
fn in_room(mut l: Lord, key: &str) -> Dl {
    l.grid[0] = room_tile(key, false);
    let mut g = Dl::combat(vec![l], 2, 0);
    g.begin();
    g
}

#[test]
fn training_room_trains_trolls_and_goblins() {
    let party = [("warrior-4", 0), ("thief-7", 0)];
    let training_room = |l| in_room(l, "training-room");
    let (mut g, _) = battle(&party, &[], &["troll", "goblin"], training_room);
    change(&mut g, 0, attack("troll", 0, None, None));
    assert_eq!(damage(&g, 0, "warrior-4"), Some(4), "3 + 1");
    change(&mut g, 0, attack("goblin", 0, None, None));
    // 2 + 1 eliminates the warrior (5 HP), the follow-up 1 + 1 hits the thief.
    assert!(in_prison(&g, 0, "warrior-4"));
    assert_eq!(damage(&g, 0, "thief-7"), Some(2));
}

#[test]
fn dark_room_strengthens_each_witch_attack() {
    let party = [("warrior-7", 0), ("thief-7", 0)];
    let (mut g, _) = battle(&party, &[], &["witch"], |l| in_room(l, "dark-room"));
    change(
        &mut g,
        0,
        attack("witch", 1, Some("warrior-7"), Some("thief-7")),
    );
    assert_eq!(damage(&g, 0, "warrior-7"), Some(2));
    assert_eq!(damage(&g, 0, "thief-7"), Some(2));
}

#[test]
fn labyrinth_two_traps_free_one_monster() {
    let l = defender(
        &[("warrior-7", 0), ("priest-7", 0)],
        &["rolling-stone", "poisoned-dart"],
        &["troll", "goblin"],
    );
    let mut g = in_room(l, "labyrinth");
    assert_eq!(g.lords[0].gold, 0);
    change(&mut g, 0, trap("rolling-stone"));
    change(&mut g, 0, trap("poisoned-dart"));
    change(&mut g, 0, send("troll"));
    assert!(
        !g.legal_actions(0).contains(&send("goblin")),
        "only one monster in the Labyrinth"
    );
    change(&mut g, 0, Action::Confirm);
    // The stone went off, now the dart waits for its target.
    assert_eq!(damage(&g, 0, "warrior-7"), Some(4));
    let ev = change(&mut g, 0, aim("priest-7"));
    assert!(ev.contains(&hit("priest-7", 2, 0)));
}

#[test]
fn a_room_trap_costs_gold_but_not_in_the_labyrinth() {
    let l = defender(&[("warrior-7", 0)], &["rolling-stone"], &[]);
    let g = in_room(l.clone(), "training-room");
    assert!(
        !g.legal_actions(0).contains(&trap("rolling-stone")),
        "no gold"
    );
    let g = in_room(l, "labyrinth");
    assert!(g.legal_actions(0).contains(&trap("rolling-stone")));
}

#[test]
fn anti_magic_room_stops_spells() {
    let l = with_party(lord("L", 3, &[]), &[("warrior-7", 0), ("wizard-7", 0)]);
    let mut g = in_room(l, "anti-magic-room");
    let c = data()
        .combat_cards
        .iter()
        .position(|c| c.key == "magic-key")
        .unwrap() as u8;
    g.cards = vec![c; 4];
    let ev = change(&mut g, 0, Action::Confirm);
    assert!(ev.iter().any(|e| matches!(e, Ev::RoomStopsSpell { .. })));
}

#[test]
fn first_year_zones() {
    // Row 0 is the surface; the inner squares are B2, C2, D2, B3, C3, D3.
    let inner: Vec<u8> = (0..20).filter(|&s| Zone::Inner.allows(s)).collect();
    assert_eq!(inner, vec![6, 7, 8, 11, 12, 13]);
    let outer = (0..20).filter(|&s| Zone::Outer.allows(s)).count();
    assert_eq!(outer, 14);
    assert!(Zone::Surface.allows(9) && !Zone::Surface.allows(10));
    assert!(Zone::Deep.allows(10) && !Zone::Deep.allows(9));
    assert_eq!(data().rooms.len(), 16);
    assert_eq!(data().rooms.iter().filter(|r| r.year == 1).count(), 8);
}
