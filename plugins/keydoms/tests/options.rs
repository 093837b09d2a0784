//! The launcher's options: every condition names an option and choices that exist,
//! the options the issue named are switched off where they do not apply, and every setup
//! the launcher can start (each choice within its seats, options that do not apply
//! reset to their defaults, as the host does) is one the game accepts.

use std::collections::BTreeMap;

use tavern_plugin_api::{Game, GameInfo, OptionCondition, Setup};
use tavern_plugin_keydoms::Keydoms;

#[test]
fn conditions_name_existing_options_and_values() {
    let info = Keydoms::info();
    for opt in &info.options {
        assert!(
            opt.choices.iter().any(|c| c.value == opt.default),
            "{}: the default is one of its choices",
            opt.key
        );
        for c in &opt.choices {
            let (min, max) = (
                c.min_players.unwrap_or(info.min_players),
                c.max_players.unwrap_or(info.max_players),
            );
            assert!(
                info.min_players <= min && min <= max && max <= info.max_players,
                "{} = {}: seats {min}–{max} lie within the game's",
                opt.key,
                c.value
            );
        }
        for cond in &opt.only_when {
            assert!(
                !cond.reason().is_empty(),
                "{}: a condition gives its reason",
                opt.key
            );
            check_condition(&info, &opt.key, cond);
        }
    }
}

/// A condition names other options' existing choices and seat counts within the game's,
/// in an "any of" group too.
fn check_condition(info: &GameInfo, of: &str, cond: &OptionCondition) {
    match cond {
        OptionCondition::Option { key, values, .. } => {
            assert_ne!(key, of, "{of}: an option depends on another");
            let other = info
                .options
                .iter()
                .find(|o| &o.key == key)
                .unwrap_or_else(|| panic!("{of}: no option '{key}'"));
            assert!(!values.is_empty(), "{of}: some value of {key} allows it");
            for v in values {
                assert!(
                    other.choices.iter().any(|c| &c.value == v),
                    "{of}: '{key}' has no choice '{v}'"
                );
            }
        }
        OptionCondition::Players { min, max, .. } => assert!(
            info.min_players <= *min && min <= max && *max <= info.max_players,
            "{of}: seats {min}–{max} lie within the game's"
        ),
        OptionCondition::AnyOf { groups, .. } => {
            assert!(!groups.is_empty(), "{of}: an empty 'any of' never holds");
            for c in groups.iter().flatten() {
                check_condition(info, of, c);
            }
        }
    }
}

/// The choices as the launcher holds them: every option present.
fn with_defaults(info: &GameInfo, set: &[(&str, &str)]) -> BTreeMap<String, String> {
    let mut o: BTreeMap<String, String> = info
        .options
        .iter()
        .map(|opt| (opt.key.clone(), opt.default.clone()))
        .collect();
    for (k, v) in set {
        o.insert(k.to_string(), v.to_string());
    }
    o
}

fn inactive(key: &str, set: &[(&str, &str)], players: usize) -> Option<String> {
    let info = Keydoms::info();
    let opt = info.options.iter().find(|o| o.key == key).expect(key);
    opt.inactive_reason(&with_defaults(&info, set), players)
        .map(str::to_owned)
}

#[test]
fn options_that_do_not_apply_are_disabled() {
    // Foreknown needs spells.
    assert!(inactive("foreknown", &[("variant", "muggles")], 4).is_some());
    assert!(inactive("foreknown", &[], 4).is_none());
    // The solo option with several seats.
    for players in 2..=6 {
        assert!(inactive("solo_face_up", &[], players).is_some());
    }
    assert!(inactive("solo_face_up", &[], 1).is_none());
    // Harder ghosts without ghosts, or without magic.
    for key in ["ghost_spells", "ghost_artefacts"] {
        assert!(inactive(key, &[("ghosts", "0")], 4).is_some());
        assert!(inactive(key, &[], 6).is_some());
        assert!(inactive(key, &[("variant", "muggles")], 1).is_some());
        assert!(inactive(key, &[], 1).is_none());
        assert!(inactive(key, &[], 2).is_none());
        assert!(inactive(key, &[("ghosts", "2")], 4).is_none());
        // "As the rules say" seats no ghost with three or more players.
        for players in 3..=5 {
            assert!(inactive(key, &[], players).is_some(), "{key} at {players}");
        }
    }
    // The variant and the ghosts apply always.
    for key in ["variant", "ghosts"] {
        for players in 1..=6 {
            assert!(inactive(key, &[("variant", "muggles")], players).is_none());
        }
    }
}

/// Every combination of choices, as (key, value) lists.
fn combinations(info: &GameInfo) -> Vec<Vec<(String, String)>> {
    let mut all = vec![Vec::new()];
    for opt in &info.options {
        all = all
            .into_iter()
            .flat_map(|done: Vec<(String, String)>| {
                opt.choices.iter().map(move |c| {
                    let mut d = done.clone();
                    d.push((opt.key.clone(), c.value.clone()));
                    d
                })
            })
            .collect();
    }
    all
}

#[test]
fn every_setup_the_launcher_allows_starts() {
    let info = Keydoms::info();
    let mut started = 0;
    for combo in combinations(&info) {
        for players in info.min_players..=info.max_players {
            // The launcher keeps the seats within every chosen choice's range.
            let fits = combo.iter().all(|(k, v)| {
                let opt = info.options.iter().find(|o| &o.key == k).unwrap();
                let c = opt.choices.iter().find(|c| &c.value == v).unwrap();
                c.min_players.is_none_or(|m| players >= m)
                    && c.max_players.is_none_or(|m| players <= m)
            });
            if !fits {
                continue;
            }
            // Options that do not apply start at their defaults (conditions read the
            // choices as set).
            let as_set: BTreeMap<String, String> = combo.iter().cloned().collect();
            let mut setup = Setup::players(players);
            for opt in &info.options {
                let v = if opt.inactive_reason(&as_set, players).is_some() {
                    opt.default.clone()
                } else {
                    as_set[&opt.key].clone()
                };
                setup.options.insert(opt.key.clone(), v);
            }
            if let Err(e) = Keydoms::new(&setup) {
                panic!("{players} players with {:?}: {e}", setup.options);
            }
            started += 1;
        }
    }
    assert!(started > 100, "only {started} setups tried");
}
