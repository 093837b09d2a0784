//! The component data: counts the rulebook and the reference state, and every reference
//! from a scenario resolving.
mod common;

use tavern_plugin_api::Game;
use tavern_plugin_dungeon_lords::Dl;
use tavern_plugin_dungeon_lords::data::{Class, JSON, data};

#[test]
fn counts() {
    let d = data();
    let regular = d
        .adventurers
        .iter()
        .filter(|a| !matches!(a.class, Class::Paladin | Class::Illusion))
        .count();
    assert_eq!(
        regular, 32,
        "16 first-year and 16 second-year adventurer tiles"
    );
    for year in [1, 2] {
        for class in [Class::Warrior, Class::Thief, Class::Priest, Class::Wizard] {
            let n = d
                .adventurers
                .iter()
                .filter(|a| a.class == class && a.year == year)
                .count();
            assert_eq!(n, 4, "{class:?} year {year}");
        }
        let pal = d
            .adventurers
            .iter()
            .filter(|a| a.class == Class::Paladin && a.year == year)
            .count();
        assert_eq!(pal, 1, "one paladin per year");
    }
    let p1 = d.adventurers.iter().find(|a| a.key == "paladin-1").unwrap();
    let p2 = d.adventurers.iter().find(|a| a.key == "paladin-2").unwrap();
    assert!(
        p2.hp > p1.hp && p2.disarm >= p1.disarm,
        "the second paladin is stronger"
    );
    let traps: u32 = d.traps.iter().map(|t| t.copies as u32).sum();
    assert_eq!(traps, 27, "27 trap cards");
    assert_eq!(d.traps.len(), 9, "nine kinds of trap");
    for year in [1, 2] {
        let cards = d.combat_cards.iter().filter(|c| c.year == year).count();
        assert_eq!(cards, 9, "nine combat cards a year");
    }
    let y1: u32 = d.monsters.iter().map(|m| m.year1 as u32).sum();
    let y2: u32 = d.monsters.iter().map(|m| m.year2 as u32).sum();
    assert_eq!((y1, y2), (12, 12), "12 monster tiles per year");
}

#[test]
fn every_entry_says_where_it_comes_from() {
    let v: serde_json::Value = serde_json::from_str(JSON).unwrap();
    for list in [
        "adventurers",
        "traps",
        "monsters",
        "scenarios",
        "combat_cards",
    ] {
        for e in v[list].as_array().unwrap() {
            let src = e["source"]
                .as_str()
                .unwrap_or_else(|| panic!("{list}: {e}"));
            assert!(
                ["rulebook", "reference", "designed"].contains(&src),
                "{src}"
            );
        }
    }
}

#[test]
fn scenarios_use_every_first_year_tile_but_the_wizards() {
    let d = data();
    let mut used: Vec<&str> = d
        .scenarios
        .iter()
        .filter(|s| s.key != "training-room")
        .flat_map(|s| s.party.iter().map(|p| p.as_str()))
        .collect();
    used.sort();
    let mut expected: Vec<&str> = d
        .adventurers
        .iter()
        .filter(|a| a.year == 1 && !matches!(a.class, Class::Wizard | Class::Paladin))
        .map(|a| a.key.as_str())
        .collect();
    expected.sort();
    assert_eq!(used, expected);
}

#[test]
fn info_offers_the_full_game_and_training() {
    let info = Dl::info();
    assert_eq!(info.id, "dungeon-lords");
    assert_eq!((info.min_players, info.max_players), (1, 4));
    let mode = &info.options[0];
    assert_eq!(mode.default, "game");
    assert_eq!(mode.choices.len(), data().scenarios.len() + 1);
    assert_eq!(
        (mode.choices[0].min_players, mode.choices[0].max_players),
        (Some(2), Some(4))
    );
    for c in &mode.choices[1..] {
        assert_eq!((c.min_players, c.max_players), (Some(1), Some(1)));
        assert!(!c.help.contains("  "));
    }
    // The full-rules switches matter only in the full game.
    for o in &info.options[1..] {
        let mut opts = std::collections::BTreeMap::new();
        opts.insert("mode".to_string(), "training-1".to_string());
        assert!(o.inactive_reason(&opts, 1).is_some());
        opts.insert("mode".to_string(), "game".to_string());
        assert!(o.inactive_reason(&opts, 3).is_none());
    }
    assert!(!info.description.contains("  "));
    assert_eq!(info.version, env!("CARGO_PKG_VERSION"));
}
