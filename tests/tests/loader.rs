//! The host's loader against real libraries: the shipped games and the broken fixtures.

use std::path::PathBuf;

use tavern::plugin::{Catalog, Plugin, PluginError, is_plugin_file};
use tavern_plugin_api::game::check::scaled;
use tavern_tests::{GAME_CRATES, GAMES, fixture, game_lib, plugin, plugins};

/// The build script's list is the `plugins/` folder as it is now: a game crate added
/// since the list was made would otherwise go untested.
#[test]
fn every_game_crate_in_the_workspace_is_covered() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .join("plugins");
    let mut folders: Vec<String> = std::fs::read_dir(&root)
        .unwrap()
        .flatten()
        .filter(|e| e.path().join("Cargo.toml").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    folders.sort();
    assert_eq!(folders, GAMES, "plugins/ and the tested games differ");
    assert!(GAMES.contains(&"dragonkeepers") && GAMES.contains(&"keydoms"));
    // Each library is named so the launcher finds it, and the app's own discovery of the
    // build folder lists every game.
    for c in GAME_CRATES {
        assert!(
            is_plugin_file(&game_lib(c.folder)),
            "plugins/{}: library {} is not named tavern_plugin_*",
            c.folder,
            c.lib
        );
    }
    let found = Catalog::from_dirs(&[tavern_tests::build_libraries().to_path_buf()]);
    for id in GAMES {
        assert!(found.get(id).is_some(), "{id} not discovered");
    }
}

#[test]
fn every_shipped_game_loads_with_sane_metadata() {
    for id in GAMES {
        let p = plugin(id);
        let i = &p.info;
        assert_eq!(&i.id, id);
        assert!(!i.name.is_empty() && !i.description.is_empty() && !i.rules.is_empty());
        assert!(i.min_players >= 1 && i.min_players <= i.max_players);
        let texts = [&i.name, &i.description]
            .into_iter()
            .chain(i.options.iter().flat_map(|o| [&o.label, &o.help]))
            .chain(
                i.options
                    .iter()
                    .flat_map(|o| o.choices.iter().map(|c| &c.label)),
            );
        for t in texts {
            // A broken line continuation in a string literal shows as a hole in the text.
            assert!(!t.contains("  "), "{id}: runs of spaces in {t:?}");
        }
        for o in &i.options {
            assert!(!o.help.is_empty(), "{id}: option {} has no help", o.key);
            assert!(
                o.choices.iter().any(|c| c.value == o.default),
                "{id}: option {} default not a choice",
                o.key
            );
        }
    }
}

#[test]
fn wrong_abi_version_is_incompatible_with_reason() {
    let err = Plugin::load(&fixture("bad-abi")).unwrap_err();
    let PluginError::Incompatible(reason) = err else {
        panic!("{err:?}")
    };
    assert!(reason.contains("ABI version 999"), "{reason}");
}

#[test]
fn missing_entry_symbol_is_incompatible() {
    let err = Plugin::load(&fixture("no-entry")).unwrap_err();
    let PluginError::Incompatible(reason) = err else {
        panic!("{err:?}")
    };
    assert!(reason.contains("tavern_plugin_v1"), "{reason}");
}

#[test]
fn panic_in_info_is_incompatible_and_the_host_keeps_running() {
    let err = Plugin::load(&fixture("panicky")).unwrap_err();
    let PluginError::Incompatible(reason) = err else {
        panic!("{err:?}")
    };
    assert!(reason.contains("panicked"), "{reason}");
    // Still alive and able to load a good plugin afterwards.
    assert!(Plugin::load(&fixture("sealed-bid")).is_ok());
}

#[test]
fn a_file_that_is_not_a_library_is_incompatible() {
    let dir = tempfile::tempdir().unwrap();
    let fake = dir.path().join(format!(
        "libtavern_plugin_fake{}",
        std::env::consts::DLL_SUFFIX
    ));
    std::fs::write(&fake, b"this is not a shared library").unwrap();
    let cat = Catalog::from_dirs(&[dir.path().to_path_buf()]);
    assert!(cat.games.is_empty());
    assert_eq!(cat.incompatible.len(), 1);
    assert!(cat.incompatible[0].reason.contains("cannot be opened"));
}

#[test]
fn discovery_lists_good_plugins_and_incompatible_ones_by_file_name() {
    // Copy fixtures under plugin names into a folder, as a user's plugins folder would be.
    let dir = tempfile::tempdir().unwrap();
    let put = |src: PathBuf, name: &str| {
        let dst = dir.path().join(format!(
            "{}tavern_plugin_{name}{}",
            std::env::consts::DLL_PREFIX,
            std::env::consts::DLL_SUFFIX
        ));
        std::fs::copy(src, &dst).unwrap();
    };
    put(fixture("sealed-bid"), "sealedbid");
    put(fixture("bad-abi"), "badabi");
    put(fixture("panicky"), "panicky");
    put(fixture("no-entry"), "noentry");
    let cat = Catalog::from_dirs(&[dir.path().to_path_buf()]);
    let ids: Vec<&str> = cat.games.iter().map(|g| g.info.id.as_str()).collect();
    assert_eq!(ids, vec!["sealed-bid"]);
    assert_eq!(cat.incompatible.len(), 3, "{:?}", cat.incompatible);
}

#[test]
fn fixtures_are_not_mistaken_for_plugins() {
    assert!(!is_plugin_file(&fixture("sealed-bid")));
    assert!(is_plugin_file(&game_lib("dragonkeepers")));
    assert!(
        plugins().incompatible.is_empty(),
        "{:?}",
        plugins().incompatible
    );
}

/// The binary step calls and the JSON calls are two doors to one game: driven with the
/// same choices they reach the same state, in every shipped game and the sealed-bid
/// fixture (simultaneous seats, chance), over every seat count the default options
/// allow (`TAVERN_TEST_SCALE` sets how many games).
#[test]
fn fast_steps_and_json_calls_play_the_same_game() {
    let mut all: Vec<_> = GAMES.iter().map(|id| plugin(id)).collect();
    all.push(Plugin::load(&fixture("sealed-bid")).unwrap());
    for p in all {
        let counts = tavern_tests::player_counts(&p.info);
        assert!(!counts.is_empty(), "{}: no seat count", p.info.id);
        for g in 0..scaled(counts.len()) {
            same_game_both_ways(&p, counts[g % counts.len()], 5 + g as u64);
        }
    }
}

fn same_game_both_ways(p: &std::sync::Arc<Plugin>, players: usize, seed: u64) {
    use rand::RngExt;
    use tavern::plugin::Turn;
    use tavern_plugin_api::{GameRng, Setup, ToAct};
    let game = format!("{} ({players} players, seed {seed})", p.info.id);
    let mut setup = Setup::players(players);
    setup.seed = seed;
    let fast = p.create(&setup).unwrap();
    let slow = p.create(&setup).unwrap();
    let mut rng = GameRng::new(seed);
    let mut turn = fast.turn().unwrap();
    for step in 0..20_000u64 {
        let to_act = slow.to_act().unwrap();
        match (turn, to_act) {
            (Turn::Over, ToAct::Over) => break,
            (Turn::Chance, ToAct::Chance) => {
                turn = fast.step_chance(step).unwrap();
                slow.chance(step).unwrap();
            }
            (Turn::Seats(mask, count), ToAct::Seats(seats)) => {
                let expect = seats.iter().fold(0u64, |m, &s| m | 1 << s);
                assert_eq!(mask, expect, "{game}: seats at step {step}");
                let seat = seats[rng.random_range(0..seats.len())];
                let n = fast.step_count(seat).unwrap();
                assert_eq!(n, slow.legal(seat).unwrap().len(), "{game}");
                // With one seat to act the reply already carried its count.
                assert_eq!(count, (seats.len() == 1).then_some(n), "{game}");
                let i = rng.random_range(0..n);
                turn = fast.step_apply(seat, i).unwrap();
                slow.apply_index(seat, i).unwrap();
            }
            other => panic!("{game}: step {step} disagrees: {other:?}"),
        }
    }
    assert_eq!(turn, Turn::Over, "{game}: game did not end");
    assert_eq!(fast.state().unwrap(), slow.state().unwrap(), "{game}");
    // Out-of-turn and out-of-range steps are refused without breaking anything.
    assert!(matches!(
        fast.step_apply(0, 0),
        Err(PluginError::Illegal(_))
    ));
    assert!(fast.state().is_ok());
}
