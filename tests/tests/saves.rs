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
    assert!(mutate(&s, |v| v["plugin_version"] = json!("0.0.1")).is_ok());
    let e = mutate(&s, |v| {
        v["plugin_version"] = json!("0.0.1");
        v["actions"][2]["action"] = json!({"kind": "bid", "card": 0});
    })
    .unwrap_err();
    assert!(e.to_string().contains("version 0.0.1"), "{e}");
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

#[test]
fn autosave_survives_a_session_dropped_mid_game() {
    let (_d, paths) = temp_paths();
    let file = paths.autosave_dir().join("game.json");
    let (log, cursor, view) = {
        let mut s = played("dragonkeepers", 0);
        s.set_autosave(Some(file.clone()));
        for i in 0..25 {
            let ToAct::Seats(seats) = s.to_act().unwrap() else {
                break;
            };
            let n = s.legal(seats[0]).unwrap().len();
            s.apply_index(seats[0], i % n).unwrap();
        }
        let last = s.log().iter().rev().find_map(|e| e.seat);
        let _ = s.undo(last);
        let snapshot = (s.log().to_vec(), s.cursor(), s.view(Some(0)).unwrap());
        // Dropped without any save call, as a crash or kill would leave it.
        std::mem::forget(s);
        snapshot
    };
    let back = save::open(&file, plugins()).unwrap();
    assert_eq!(back.log(), &log[..]);
    assert_eq!(back.cursor(), cursor);
    assert_eq!(back.view(Some(0)).unwrap(), view);
}
