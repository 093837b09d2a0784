//! The rulebook's four training dungeons (and the room variant of the first): each stated
//! solution played move by move reaches the stated result, and a search over every plan
//! and every attack shows that nothing does better.
mod common;

use std::collections::HashMap;

use common::*;
use tavern_plugin_api::Game;
use tavern_plugin_dungeon_lords::data::data;
use tavern_plugin_dungeon_lords::{Dl, Phase};

fn over(g: &Dl) -> bool {
    g.phase == Phase::Over
}

/// The combat is over with this many tiles conquered.
fn assert_ends(g: &Dl, conquered: usize) {
    assert!(over(g));
    assert_eq!(g.lords[0].conquered(), conquered);
}

#[test]
fn scenario_1_simplest_solution() {
    let mut g = training("training-1");
    play_plan(&mut g, &["rolling-stone"], &["troll"]);
    assert!(
        in_prison(&g, 0, "warrior-1"),
        "the stone eliminates the first warrior"
    );
    let log = act(&mut g, 0, attack("troll", 1, None, None));
    assert!(log.contains("paid 1 food"), "{log}");
    assert!(in_prison(&g, 0, "warrior-2a"));
    assert_eq!(g.lords[0].food, 0);
    // Nobody to heal; fatigue 2 on the priest, who conquers the first tile.
    assert_eq!(damage(&g, 0, "priest-1"), Some(2));
    assert_eq!(g.lords[0].conquered(), 1);
    assert_eq!(g.round, 2);
    play_plan(&mut g, &[], &["goblin"]);
    act(&mut g, 0, attack("goblin", 0, None, None));
    assert_ends(&g, 1);
    assert_eq!(g.lords[0].prison.len(), 3);
}

#[test]
fn scenario_1_efficient_solution_keeps_the_food() {
    let mut g = training("training-1");
    play_plan(&mut g, &["rolling-stone"], &["troll"]);
    let log = act(&mut g, 0, attack("troll", 0, None, None));
    // The troll's 3 leaves the warrior at 3 of 4, the priest heals 1, fatigue finishes him.
    assert!(
        log.contains("Healing: the warrior (4 HP) loses 1 damage"),
        "{log}"
    );
    assert!(in_prison(&g, 0, "warrior-2a"));
    assert_eq!(damage(&g, 0, "priest-1"), Some(0));
    assert_eq!(g.lords[0].conquered(), 1);
    play_plan(&mut g, &[], &["goblin"]);
    let log = act(&mut g, 0, attack("goblin", 0, None, None));
    assert!(
        log.contains("Healing: the priest (3 HP) loses 1 damage"),
        "{log}"
    );
    assert_ends(&g, 1);
    assert_eq!(g.lords[0].food, 1, "the food is saved");
}

#[test]
fn scenario_2_solution() {
    let mut g = training("training-2");
    play_plan(&mut g, &[], &["witch", "ghost"]);
    // The ghost must go first: the middle thief is not first yet.
    act(&mut g, 0, attack("ghost", 0, Some("thief-2a"), None));
    act(&mut g, 0, attack("witch", 0, None, None));
    assert!(in_prison(&g, 0, "warrior-2b"));
    assert!(
        in_prison(&g, 0, "thief-2a"),
        "fatigue finishes the wounded thief"
    );
    assert_eq!(damage(&g, 0, "thief-2b"), Some(0));
    assert_eq!(g.lords[0].conquered(), 1);
    let log = play_plan(&mut g, &["poisoned-meal"], &[]);
    assert!(
        log.contains("the thief (3 HP) takes 1 (2 prevented by disarming)"),
        "{log}"
    );
    assert_ends(&g, 1);
    assert_eq!(g.lords[0].food, 0);
}

#[test]
fn scenario_2_meal_first_is_cut_to_one() {
    let mut g = training("training-2");
    play_plan(&mut g, &["poisoned-meal"], &[]);
    // The meal's 4 is cut to 1 by the thieves' 3 symbols; fatigue adds 2.
    assert_eq!(damage(&g, 0, "warrior-2b"), Some(3));
    assert_eq!(g.lords[0].conquered(), 1);
}

#[test]
fn scenario_3_solution() {
    let mut g = training("training-3");
    play_plan(&mut g, &["cursed-ring"], &["vampire"]);
    assert_eq!(damage(&g, 0, "warrior-3"), Some(0));
    assert_eq!(damage(&g, 0, "priest-2a"), Some(0));
    assert_eq!(
        damage(&g, 0, "thief-3"),
        Some(1),
        "the ring only hurts the thief"
    );
    assert_eq!(g.lords[0].gold, 0);
    act(&mut g, 0, attack("vampire", 1, Some("thief-3"), None));
    assert_eq!(damage(&g, 0, "thief-3"), Some(2), "3 less the priest's 1");
    assert_eq!(g.lords[0].conquered(), 0, "the ring stops Conquering");
    assert!(g.lords[0].lair[0].ready, "the bite returns the vampire");
    play_plan(&mut g, &[], &["vampire"]);
    act(&mut g, 0, attack("vampire", 1, Some("thief-3"), None));
    assert!(in_prison(&g, 0, "thief-3"));
    assert_eq!(damage(&g, 0, "warrior-3"), Some(2));
    assert_eq!(g.lords[0].conquered(), 1);
    play_plan(&mut g, &["pendulum"], &["vampire"]);
    assert_eq!(damage(&g, 0, "priest-2a"), Some(3));
    act(&mut g, 0, attack("vampire", 0, Some("warrior-3"), None));
    assert_ends(&g, 1);
    assert_eq!(g.lords[0].prison.len(), 3);
}

#[test]
fn scenario_4_solution() {
    let mut g = training("training-4");
    let log = play_plan(&mut g, &["wall-of-fire"], &[]);
    assert!(log.contains("nothing attacked the party"), "{log}");
    assert_eq!(
        damage(&g, 0, "priest-2b"),
        Some(2),
        "fatigue only: the thief shields him"
    );
    assert_eq!(damage(&g, 0, "thief-1"), Some(1));
    assert_eq!(damage(&g, 0, "priest-3"), Some(2));
    assert_eq!(g.lords[0].conquered(), 1);
    play_plan(&mut g, &["anti-magic-dart"], &["slime"]);
    let log = act(&mut g, 0, aim("priest-3"));
    assert!(log.contains("takes 0 (1 prevented"), "{log}");
    let log = act(&mut g, 0, attack("slime", 0, None, None));
    assert!(log.contains("Healing: stopped"), "{log}");
    assert_ends(&g, 1);
    assert_eq!(g.lords[0].prison.len(), 3);
}

#[test]
fn room_scenario_solution() {
    let mut g = training("training-room");
    let log = play_plan(&mut g, &["rolling-stone"], &["troll", "goblin"]);
    assert!(log.contains("paid 1 gold"), "{log}");
    act(&mut g, 0, attack("troll", 1, None, None));
    act(&mut g, 0, attack("goblin", 0, None, None));
    assert_ends(&g, 0);
    assert_eq!((g.lords[0].gold, g.lords[0].food), (0, 0));
}

#[test]
fn tunnel_allows_one_monster_room_two() {
    let mut g = training("training-1");
    act(&mut g, 0, send("troll"));
    assert!(!g.legal_actions(0).contains(&send("goblin")));
    let mut r = training("training-room");
    act(&mut r, 0, send("troll"));
    assert!(r.legal_actions(0).contains(&send("goblin")));
}

/// The fewest tiles any sequence of choices lets the party conquer.
fn best(g: &Dl, memo: &mut HashMap<String, usize>) -> usize {
    if over(g) {
        return g.lords[0].conquered();
    }
    let key = serde_json::to_string(g).unwrap();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut m = usize::MAX;
    for a in g.legal_actions(0) {
        let mut next = g.clone();
        next.apply_quiet(Some(0), &a).unwrap();
        m = m.min(best(&next, memo));
    }
    memo.insert(key, m);
    m
}

#[test]
fn no_plan_beats_the_stated_best() {
    for (i, sc) in data().scenarios.iter().enumerate() {
        let g = Dl::training(i, "Lord");
        let mut memo = HashMap::new();
        let b = best(&g, &mut memo);
        assert_eq!(
            b,
            sc.best as usize,
            "{}: the search finds {b}, the rulebook says {} ({} positions)",
            sc.key,
            sc.best,
            memo.len()
        );
    }
}
