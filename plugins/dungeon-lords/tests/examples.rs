//! The rulebook's worked combat examples, each as a position, the actions and the result.
mod common;

use common::*;
use tavern_plugin_dungeon_lords::Phase;
use tavern_plugin_dungeon_lords::done::{Ev, NoHeal};

/// (adventurer, amount) pairs with the adventurers named by key.
fn ids(pairs: &[(&str, u8)]) -> Vec<(u8, u8)> {
    pairs.iter().map(|&(k, n)| (adv_id(k), n)).collect()
}

/// Trap example 1: the Wall of Fire puts 1 on each warrior and 2 on the priest at the back.
#[test]
fn trap_example_1_wall_of_fire() {
    let party = [("warrior-3", 0), ("warrior-2a", 0), ("priest-3", 0)];
    let (_, ev) = battle(&party, &["wall-of-fire"], &[], combat);
    let hits: Vec<(u8, u8)> = ev
        .iter()
        .filter_map(|e| match e {
            Ev::Hit {
                adventurer, amount, ..
            } => Some((*adventurer, *amount)),
            _ => None,
        })
        .collect();
    assert_eq!(
        hits,
        ids(&[("warrior-3", 1), ("warrior-2a", 1), ("priest-3", 2)])
    );
}

/// Trap example 2: the Rolling Stone's 3 eliminates a 3-HP warrior; his counters go back.
#[test]
fn trap_example_2_rolling_stone_eliminates() {
    let party = [("warrior-1", 0), ("priest-1", 0)];
    let (g, _) = battle(&party, &["rolling-stone"], &[], combat);
    assert!(in_prison(&g, 0, "warrior-1"));
    assert_eq!(g.lords[0].party[0].id, adv_id("priest-1"));
}

/// Trap example 3: a thief with 2 symbols cuts the stone's 3 to 1 on the warrior.
#[test]
fn trap_example_3_thief_reduces() {
    let party = [("warrior-3", 0), ("thief-3", 0)];
    let (_, ev) = battle(&party, &["rolling-stone"], &[], combat);
    assert!(ev.contains(&hit("warrior-3", 1, 2)));
}

/// Trap example 4: Wall of Fire; the thief at the back protects the two in front and takes
/// her own 2.
#[test]
fn trap_example_4_prevention_from_the_front() {
    let party = [("warrior-3", 0), ("priest-2a", 0), ("thief-3", 0)];
    let (g, ev) = battle(&party, &["wall-of-fire"], &[], combat);
    assert!(ev.contains(&hit("thief-3", 2, 0)));
    // Fatigue then goes to the warrior; the others carry no trap damage.
    assert_eq!(damage(&g, 0, "priest-2a"), Some(0));
    assert_eq!(damage(&g, 0, "thief-3"), Some(2));
}

/// Trap example 5: two thieves' symbols add up and stop all 3 points.
#[test]
fn trap_example_5_thieves_add_up() {
    let party = [("warrior-3", 0), ("thief-2a", 0), ("thief-2b", 0)];
    let (_, ev) = battle(&party, &["rolling-stone"], &[], combat);
    assert!(ev.contains(&hit("warrior-3", 0, 3)));
}

/// Trap example 6: the Trap Door's 2 is prevented, but the party still cannot conquer.
#[test]
fn trap_example_6_special_effect_not_prevented() {
    let party = [("warrior-3", 0), ("thief-3", 0)];
    let (g, ev) = battle(&party, &["trap-door"], &[], combat);
    assert!(ev.contains(&Ev::NoConquering));
    assert_eq!(g.lords[0].conquered(), 0);
    assert_eq!(damage(&g, 0, "warrior-3"), Some(0), "no fatigue either");
}

/// The witch's standard 4 on a warrior with 2 counters: eliminated, the excess is lost.
#[test]
fn witch_excess_damage_is_lost() {
    let party = [("warrior-2a", 2), ("thief-1", 0)];
    let (g, _) = standard_attack(&party, "witch", combat);
    assert!(in_prison(&g, 0, "warrior-2a"));
    // Only fatigue reached the thief.
    assert_eq!(damage(&g, 0, "thief-1"), Some(2));
}

/// The vampire may hit the first, the last or the one in the middle, never a priest.
#[test]
fn vampire_attacks_anyone_but_priests() {
    let party = [("warrior-1", 0), ("priest-1", 0), ("thief-3", 0)];
    let (mut g, _) = battle(&party, &[], &["vampire"], combat);
    let legal = tavern_plugin_api::Game::legal_actions(&g, 0);
    assert!(legal.contains(&attack("vampire", 0, Some("warrior-1"), None)));
    assert!(legal.contains(&attack("vampire", 0, Some("thief-3"), None)));
    assert!(!legal.contains(&attack("vampire", 0, Some("priest-1"), None)));
    change(&mut g, 0, attack("vampire", 0, Some("thief-3"), None));
    assert_eq!(
        damage(&g, 0, "thief-3"),
        Some(2),
        "3 less the priest's healing"
    );
}

/// The slime's 1 to everyone eliminates the wounded warrior.
#[test]
fn slime_attacks_everyone() {
    let party = [("warrior-1", 2), ("thief-3", 0), ("wizard-3", 0)];
    let (_, ev) = standard_attack(&party, "slime", combat);
    assert!(ev.contains(&Ev::Eliminated {
        adventurer: adv_id("warrior-1")
    }));
}

/// Healing example 1: the troll's 3 on the warrior, the priest heals 1: 2 counters left.
#[test]
fn healing_example_1() {
    let party = [("warrior-3", 0), ("priest-1", 0)];
    let (g, _) = standard_attack(&party, "troll", no_fatigue);
    assert_eq!(damage(&g, 0, "warrior-3"), Some(2));
}

/// Healing example 2: the vampire eliminates the thief; nobody left has damage to heal.
#[test]
fn healing_example_2() {
    let party = [("warrior-3", 0), ("thief-1", 0), ("priest-1", 0)];
    let (mut g, _) = battle(&party, &[], &["vampire"], no_fatigue);
    let ev = change(&mut g, 0, attack("vampire", 0, Some("thief-1"), None));
    assert!(in_prison(&g, 0, "thief-1"));
    assert!(!ev.iter().any(|e| matches!(e, Ev::Healed { .. })));
}

/// Healing example 3: two priests heal 4 from the front: the first priest's 2, the
/// thief's 1 and one of the last priest's 2.
#[test]
fn healing_example_3() {
    let party = [("priest-2b", 0), ("thief-1", 1), ("priest-3", 2)];
    let (_, ev) = standard_attack(&party, "goblin", no_fatigue);
    let heals: Vec<(u8, u8)> = ev
        .iter()
        .filter_map(|e| match e {
            Ev::Healed { adventurer, amount } => Some((*adventurer, *amount)),
            _ => None,
        })
        .collect();
    assert_eq!(
        heals,
        ids(&[("priest-2b", 2), ("thief-1", 1), ("priest-3", 1)])
    );
}

/// Without an attack the priests do not heal, even damage from traps.
#[test]
fn no_attack_no_healing() {
    let party = [("warrior-3", 0), ("priest-1", 0)];
    let (g, ev) = battle(&party, &["rolling-stone"], &[], no_fatigue);
    assert!(ev.contains(&Ev::NoHealing(NoHeal::NotAttacked)));
    assert_eq!(damage(&g, 0, "warrior-3"), Some(3));
}

/// Fatigue goes one point at a time and spills to the next in line (scenario 4, round 2).
#[test]
fn fatigue_spills_over() {
    let (g, ev) = battle(&[("thief-1", 2), ("priest-3", 3)], &[], &[], combat);
    assert!(ev.contains(&fatigued("thief-1", 1)));
    assert!(ev.contains(&fatigued("priest-3", 1)));
    assert!(ev.iter().any(|e| matches!(e, Ev::Saved { .. })));
    assert_eq!(g.phase, Phase::Over);
}

/// The goblin's follow-up: eliminating the first lets it hit the next for 1.
#[test]
fn goblin_follow_up() {
    let party = [("warrior-1", 1), ("thief-1", 0)];
    let (g, _) = standard_attack(&party, "goblin", no_fatigue);
    assert!(in_prison(&g, 0, "warrior-1"));
    assert_eq!(damage(&g, 0, "thief-1"), Some(1));
}

/// A ghost may not attack the first in line, and does not count against the monster limit.
#[test]
fn ghost_rules() {
    let party = [("warrior-1", 0), ("thief-1", 0)];
    let (g, _) = battle(&party, &[], &["troll", "ghost", "ghost"], combat);
    let legal = tavern_plugin_api::Game::legal_actions(&g, 0);
    assert!(!legal.contains(&attack("ghost", 0, Some("warrior-1"), None)));
    assert!(legal.contains(&attack("ghost", 0, Some("thief-1"), None)));
}
