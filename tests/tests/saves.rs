//! Save files: round trips, every kind of bad input, and autosave surviving a crash.

use serde_json::{Value, json};
use tavern::save::{self, LoadError, SaveFile};
use tavern::session::{ReplayError, Session, UndoMode};
use tavern_plugin_api::{Setup, ToAct};
use tavern_tests::{plugin, plugins, temp_paths};

fn played(id: &str, actions: usize) -> Session {
    let p = plugin(id);
    let mut setup = Setup::players(p.info.min_players.max(2).min(p.info.max_players));
    setup.seed = 77;
    let mut s = Session::new(p, setup, UndoMode::Fair).unwrap();
    for i in 0..actions {
        let ToAct::Seats(seats) = s.to_act().unwrap() else {
            break;
        };
        let seat = seats[0];
        let n = s.legal(seat).unwrap().len();
        s.apply_index(seat, (i * 5 + 1) % n).unwrap();
    }
    s
}

#[test]
fn save_and_load_restore_the_same_position_for_every_game() {
    let (_d, paths) = temp_paths();
    for id in ["sealed-bid", "dragonkeepers", "keydoms"] {
        let mut s = played(id, 40);
        s.undo(s.log().last().and_then(|e| e.seat)).ok();
        let file = paths.saves_dir().join(format!("{id}.json"));
        save::save(&s, &file).unwrap();
        let back = save::open(&file, plugins()).unwrap();
        assert_eq!(back.log(), s.log(), "{id}");
        assert_eq!(back.cursor(), s.cursor(), "{id}");
        assert_eq!(back.undo_mode(), UndoMode::Fair);
        for seat in 0..s.setup().seats.len() {
            assert_eq!(
                back.view(Some(seat)).unwrap(),
                s.view(Some(seat)).unwrap(),
                "{id} seat {seat}"
            );
        }
    }
}

fn text(s: &Session) -> String {
    SaveFile::from_session(s).to_json()
}

#[test]
fn truncated_or_garbage_files_are_named_never_panic() {
    let s = played("sealed-bid", 6);
    let full = text(&s);
    for cut in [0, 1, 10, full.len() / 2, full.len() - 2] {
        let err = SaveFile::parse(&full[..cut]).unwrap_err();
        assert!(
            matches!(err, LoadError::NotJson(_) | LoadError::NotASave),
            "cut {cut}: {err:?}"
        );
    }
    assert_eq!(SaveFile::parse("[1,2,3]").unwrap_err(), LoadError::NotASave);
    let (_d, paths) = temp_paths();
    let bin = paths.root().join("bin.json");
    std::fs::create_dir_all(paths.root()).unwrap();
    std::fs::write(&bin, [0xff, 0xfe, 0x00, 0x12]).unwrap();
    assert!(matches!(
        save::open(&bin, plugins()),
        Err(LoadError::NotJson(_))
    ));
    assert!(matches!(
        save::open(&paths.root().join("missing.json"), plugins()),
        Err(LoadError::Io(_))
    ));
}

fn mutate(s: &Session, f: impl FnOnce(&mut Value)) -> Result<Session, LoadError> {
    let mut v: Value = serde_json::from_str(&text(s)).unwrap();
    f(&mut v);
    SaveFile::parse(&v.to_string())?.replay(plugins())
}

#[test]
fn newer_format_and_unknown_game_are_refused_clearly() {
    let s = played("sealed-bid", 3);
    let e = mutate(&s, |v| v["version"] = json!(7)).unwrap_err();
    assert_eq!(e, LoadError::NewerFormat(7));
    assert!(e.to_string().contains("newer Tavern"));
    let e = mutate(&s, |v| v["game"] = json!("chess")).unwrap_err();
    assert_eq!(e, LoadError::UnknownGame("chess".into()));
    let e = mutate(&s, |v| v["actions"] = json!("lots")).unwrap_err();
    assert!(matches!(e, LoadError::Damaged(_)), "{e:?}");
}

#[test]
fn a_tampered_action_is_reported_with_its_index_and_label() {
    let s = played("sealed-bid", 6);
    // Entry 3 (0-based) is a seat's bid: make it a card nobody has.
    let e = mutate(&s, |v| {
        v["actions"][3]["action"] = json!({"kind": "bid", "card": 9})
    })
    .unwrap_err();
    let LoadError::Replay {
        error: ReplayError::Action { index, .. },
        ..
    } = &e
    else {
        panic!("{e:?}")
    };
    assert_eq!(*index, 3);
    assert!(e.to_string().contains("action 4"), "{e}");
    // A stacked deck that is not a permutation.
    let e = mutate(&s, |v| {
        v["actions"][0]["action"]["order"] = json!([0, 0, 0])
    })
    .unwrap_err();
    assert!(
        matches!(
            e,
            LoadError::Replay {
                error: ReplayError::Action { index: 0, .. },
                ..
            }
        ),
        "{e:?}"
    );
    // A seat acting out of turn.
    let e = mutate(&s, |v| v["actions"][2]["seat"] = json!(7)).unwrap_err();
    assert!(
        matches!(
            e,
            LoadError::Replay {
                error: ReplayError::Action { index: 2, .. },
                ..
            }
        ),
        "{e:?}"
    );
    // A cursor past the end.
    let e = mutate(&s, |v| v["cursor"] = json!(9999)).unwrap_err();
    assert!(
        matches!(
            e,
            LoadError::Replay {
                error: ReplayError::Cursor { .. },
                ..
            }
        ),
        "{e:?}"
    );
}

#[test]
fn labels_come_from_the_plugin_not_the_file() {
    let s = played("sealed-bid", 4);
    let back = mutate(&s, |v| {
        v["actions"][2]["label"] = json!("Anna wins everything")
    })
    .unwrap();
    assert_eq!(back.log()[2].label, s.log()[2].label);
}

#[test]
fn another_plugin_version_loads_when_it_replays_and_says_so_when_not() {
    let s = played("sealed-bid", 4);
    let file = SaveFile::from_session(&s);
    assert_eq!(
        file.plugin_version,
        plugin("sealed-bid").info.version,
        "the game's own version is recorded"
    );
    assert!(mutate(&s, |v| v["plugin_version"] = json!("0.0.1")).is_ok());
    let e = mutate(&s, |v| {
        v["plugin_version"] = json!("0.0.1");
        v["actions"][2]["action"] = json!({"kind": "bid", "card": 0});
    })
    .unwrap_err();
    let this = &plugin("sealed-bid").info.version;
    let text = e.to_string();
    assert!(
        text.starts_with(&format!(
            "written by Sealed Bid (test game) 0.0.1, this is {this}; action 3 ("
        )),
        "{text}"
    );
    assert!(text.contains("no longer replays: illegal action"), "{text}");
    // The same file from the same version says only that it does not replay.
    let e = mutate(&s, |v| {
        v["actions"][2]["action"] = json!({"kind": "bid", "card": 0})
    })
    .unwrap_err();
    assert!(
        e.to_string()
            .starts_with("the save does not replay: action 3"),
        "{e}"
    );
}

#[test]
fn a_chance_outcome_that_could_not_have_happened_is_refused_with_its_index() {
    let s = played("sealed-bid", 6);
    // Entry 1 is the first flip: it can only show the top card of the shuffled deck.
    let flip = &s.log()[1];
    let shown = flip.action["prize"].as_u64().unwrap();
    let other = if shown == 5 { 1 } else { shown + 1 };
    let e = mutate(&s, |v| v["actions"][1]["action"]["prize"] = json!(other)).unwrap_err();
    let LoadError::Replay {
        error: ReplayError::Action { index, error, .. },
        ..
    } = &e
    else {
        panic!("{e:?}")
    };
    assert_eq!(*index, 1);
    assert!(
        error.to_string().contains("could not have happened"),
        "refused by the generic check, not by chance: {error}"
    );
    // A shuffle that is not a permutation is refused before the game applies it.
    let e = mutate(&s, |v| {
        v["actions"][0]["action"]["order"] = json!([0, 1, 2, 3, 4, 5, 6, 7, 8, 8])
    })
    .unwrap_err();
    assert!(
        matches!(&e, LoadError::Replay { error: ReplayError::Action { index: 0, error, .. }, .. }
            if error.to_string().contains("could not have happened")),
        "{e:?}"
    );
}

#[test]
fn plans_round_trip_and_a_file_without_plans_stays_version_1() {
    let s = played("sealed-bid", 6);
    assert_eq!(
        SaveFile::from_session(&s).version,
        1,
        "older Taverns still read it"
    );
    let text = text(&s);
    assert!(!text.contains("\"steps\""), "no empty fields added");
    // A version 1 file (as an older Tavern wrote it) still loads.
    assert!(SaveFile::parse(&text).unwrap().replay(plugins()).is_ok());
}

#[test]
fn bad_options_in_a_save_are_a_setup_error() {
    let s = played("sealed-bid", 2);
    let e = mutate(&s, |v| v["setup"]["options"]["rounds"] = json!("eleven")).unwrap_err();
    assert!(
        matches!(
            e,
            LoadError::Replay {
                error: ReplayError::Setup(_),
                ..
            }
        ),
        "{e:?}"
    );
}

/// The app's one autosave path: the table writes the session after every change.
#[test]
fn autosave_survives_a_table_dropped_mid_game() {
    use tavern::app::table::TableState;
    let (_d, paths) = temp_paths();
    let (file, log, cursor, view) = {
        let mut t = TableState::new(played("dragonkeepers", 0), &paths, None);
        t.autosave_now();
        for i in 0..25 {
            let ToAct::Seats(seats) = t.local().unwrap().to_act().unwrap() else {
                break;
            };
            let n = t.local().unwrap().legal(seats[0]).unwrap().len();
            let a = t.local().unwrap().legal(seats[0]).unwrap()[i % n]
                .action
                .clone();
            t.act(seats[0], a, i as f64);
        }
        t.reveal();
        let before = t.local().unwrap().cursor();
        t.undo(30.0);
        assert!(t.local().unwrap().cursor() < before, "{:?}", t.notice);
        let s = t.local().unwrap();
        let snapshot = (
            t.autosave_path().unwrap(),
            s.log().to_vec(),
            s.cursor(),
            s.view(Some(0)).unwrap(),
        );
        // Dropped without any save call, as a crash or kill would leave it.
        std::mem::forget(t);
        snapshot
    };
    let back = save::open(&file, plugins()).unwrap();
    assert_eq!(back.log(), &log[..]);
    assert_eq!(back.cursor(), cursor);
    assert_eq!(back.view(Some(0)).unwrap(), view);
}
