//! The ways a save from another version of its game opens (`save::ReplayPath`), the
//! older rules a session keeps and writes back, the messages for saves that do not open,
//! and what `tavern check` says about each. The real games' old versions are covered by
//! the golden saves (`saves_golden.rs`); here the test game `sealed-bid`, which never
//! changed how a log replays, stands for any game.

use std::path::Path;

use serde_json::{Value, json};
use tavern::save::{LoadError, ReplayPath, SaveFile};
use tavern::session::{OldRules, Session, UndoMode};
use tavern_plugin_api::{Setup, ToAct};
use tavern_tests::{plugin, plugins, tavern_command};

fn played(actions: usize) -> Session {
    let mut setup = Setup::players(2);
    setup.seed = 31;
    let mut s = Session::new(plugin("sealed-bid"), setup, UndoMode::Learning).unwrap();
    for i in 0..actions {
        let ToAct::Seats(seats) = s.to_act().unwrap() else {
            break;
        };
        let n = s.legal(seats[0]).unwrap().len();
        s.apply_index(seats[0], (i * 3 + 1) % n).unwrap();
    }
    s
}

fn file_of(s: &Session, f: impl FnOnce(&mut Value)) -> SaveFile {
    let mut v: Value = serde_json::from_str(&SaveFile::from_session(s).to_json()).unwrap();
    f(&mut v);
    SaveFile::parse(&v.to_string()).unwrap()
}

fn open(s: &Session, f: impl FnOnce(&mut Value)) -> Result<(Session, ReplayPath), LoadError> {
    file_of(s, f).replay_with_path(plugins())
}

fn this_version() -> String {
    plugin("sealed-bid").info.version.clone()
}

#[test]
fn a_save_of_the_installed_version_takes_the_direct_path() {
    let s = played(6);
    let (back, path) = open(&s, |_| {}).unwrap();
    assert_eq!(path, ReplayPath::Today);
    assert_eq!(back.rules(), None);
    assert_eq!(back.log(), s.log());
}

#[test]
fn an_older_save_is_asked_about_and_replays_under_todays_rules() {
    let s = played(6);
    // sealed-bid answers OpenOld with the log unchanged (the trait's default).
    let (back, path) = open(&s, |v| v["plugin_version"] = json!("0.0.1")).unwrap();
    assert_eq!(
        path,
        ReplayPath::Migrated {
            from: "0.0.1".into(),
            rewritten: false
        }
    );
    assert_eq!(back.log(), s.log());
    assert_eq!(back.rules(), None);
    // Saved again, it is today's version's save.
    let again = SaveFile::from_session(&back);
    assert_eq!(again.plugin_version, this_version());
    assert_eq!(again.rules, None);
    assert_eq!(again.version, 1, "no plans, no rules: format 1");
}

#[test]
fn a_newer_save_replays_as_it_is_or_names_the_version_to_install() {
    let s = played(6);
    let (back, path) = open(&s, |v| v["plugin_version"] = json!("9.0.0")).unwrap();
    assert_eq!(
        path,
        ReplayPath::Newer {
            from: "9.0.0".into()
        }
    );
    assert_eq!(back.log(), s.log());
    let e = open(&s, |v| {
        v["plugin_version"] = json!("9.0.0");
        v["actions"][3]["action"] = json!({"kind": "bid", "card": 9});
    })
    .unwrap_err();
    let text = e.to_string();
    let this = this_version();
    assert!(
        text.starts_with(&format!(
            "written by Sealed Bid (test game) 9.0.0, newer than the installed {this}: install Sealed Bid (test game) 9.0.0 or later to open it ("
        )),
        "{text}"
    );
    assert!(text.contains("action 4"), "{text}");
    // An older one that does not replay keeps today's wording.
    let e = open(&s, |v| {
        v["plugin_version"] = json!("0.0.1");
        v["actions"][3]["action"] = json!({"kind": "bid", "card": 9});
    })
    .unwrap_err();
    assert!(
        e.to_string().starts_with(&format!(
            "written by Sealed Bid (test game) 0.0.1, this is {this}; action 4"
        )),
        "{e}"
    );
}

#[test]
fn older_rules_are_kept_in_the_session_written_back_and_head_the_log() {
    let s = played(6);
    let rules = OldRules {
        version: "0.0.1".into(),
        note: Some("played with Sealed Bid 0.0.1 rules: ties went to seat 1".into()),
    };
    let (back, path) = open(&s, |v| {
        v["rules"] = serde_json::to_value(&rules).unwrap();
    })
    .unwrap();
    assert_eq!(
        path,
        ReplayPath::Kept {
            rules: rules.clone()
        }
    );
    assert_eq!(back.rules(), Some(&rules));
    // The note is the heading on the log's first entry (the log panel shows it).
    assert_eq!(
        back.log()[0].section.as_deref(),
        Some("Played with Sealed Bid 0.0.1 rules: ties went to seat 1")
    );
    // Saved again: format 3 (older Taverns refuse it as newer instead of replaying it
    // under today's rules), the rules named, and it reopens the same way.
    let again = SaveFile::from_session(&back);
    assert_eq!(again.version, 3);
    assert_eq!(again.rules.as_ref(), Some(&rules));
    let (back2, path2) = SaveFile::parse(&again.to_json())
        .unwrap()
        .replay_with_path(plugins())
        .unwrap();
    assert_eq!(path2, path);
    assert_eq!(back2.log(), back.log());
    // Back to the first seat action and another choice there: the log is rewritten
    // from that point, and the heading stays on its first entry.
    let mut live = back2;
    let first_seat = live.log().iter().position(|e| e.seat.is_some()).unwrap();
    live.rewind_to(first_seat, None).unwrap();
    let ToAct::Seats(seats) = live.to_act().unwrap() else {
        panic!("a seat acts after the deal")
    };
    let n = live.legal(seats[0]).unwrap().len();
    live.apply_index(seats[0], n - 1).unwrap();
    assert!(
        live.log()[0]
            .section
            .as_deref()
            .is_some_and(|h| h.starts_with("Played with Sealed Bid 0.0.1 rules")),
        "{:?}",
        live.log()[0]
    );
    // Every copy the session makes for bots and reviews is the same game.
    let (start, log) = live.start_and_log().unwrap();
    assert_eq!(log.len(), live.log().len());
    assert_eq!(
        start.state().unwrap(),
        Session::replay(
            plugin("sealed-bid"),
            live.setup().clone(),
            UndoMode::Learning,
            &[],
            0
        )
        .unwrap()
        .start_and_log()
        .unwrap()
        .0
        .state()
        .unwrap()
    );
}

#[test]
fn an_older_save_that_names_rules_keeps_them_through_another_update() {
    let s = played(6);
    let rules = OldRules {
        version: "0.0.1".into(),
        note: None,
    };
    let (back, path) = open(&s, |v| {
        v["plugin_version"] = json!("0.0.2");
        v["rules"] = serde_json::to_value(&rules).unwrap();
        v["version"] = json!(3);
    })
    .unwrap();
    assert_eq!(
        path,
        ReplayPath::OldRules {
            from: "0.0.2".into(),
            rules: rules.clone(),
            rewritten: false
        }
    );
    assert_eq!(back.rules(), Some(&rules));
    // No note: the heading names the version.
    assert_eq!(
        back.log()[0].section.as_deref(),
        Some("Played with Sealed Bid (test game) 0.0.1 rules")
    );
}

#[test]
fn damaged_rules_are_a_damaged_save() {
    let s = played(4);
    let mut v: Value = serde_json::from_str(&SaveFile::from_session(&s).to_json()).unwrap();
    v["rules"] = json!(12);
    let e = SaveFile::parse(&v.to_string()).unwrap_err();
    assert!(matches!(e, LoadError::Damaged(_)), "{e:?}");
    // A save format from after this Tavern is still refused as newer.
    v["version"] = json!(4);
    assert_eq!(
        SaveFile::parse(&v.to_string()).unwrap_err(),
        LoadError::NewerFormat(4)
    );
}

fn check(home: &Path, file: &Path) -> (bool, String, String) {
    let o = tavern_command(home)
        .args(["check", file.to_str().unwrap()])
        .output()
        .unwrap();
    (
        o.status.success(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// `tavern check` runs the real binary, which loads only the games (not the test game):
/// Dragonkeepers saves today and from a newer version, and one golden save of each older
/// version of each game, whose path is the one the library reports.
#[test]
fn tavern_check_says_which_path_a_save_took() {
    let d = tempfile::tempdir().unwrap();
    let dk = plugin("dragonkeepers");
    let mut setup = Setup::players(3);
    setup.seed = 8;
    let mut s = Session::new(dk.clone(), setup, UndoMode::Learning).unwrap();
    for _ in 0..10 {
        let ToAct::Seats(seats) = s.to_act().unwrap() else {
            break;
        };
        s.apply_index(seats[0], 0).unwrap();
    }
    let name = &dk.info.name;
    let this = &dk.info.version;
    let mut cases: Vec<(String, SaveFile, String)> = vec![
        (
            "today".into(),
            file_of(&s, |_| {}),
            format!("today's rules ({name} {this})"),
        ),
        (
            "newer".into(),
            file_of(&s, |v| v["plugin_version"] = json!("99.0.0")),
            format!("written by the newer {name} 99.0.0, replayed as it is by {this}"),
        ),
    ];
    // One golden of each older version that opens: the path the library reports.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves");
    for game in std::fs::read_dir(&root).unwrap().flatten() {
        let Some(p) = plugins().get(&game.file_name().to_string_lossy()) else {
            continue;
        };
        for version in std::fs::read_dir(game.path()).unwrap().flatten() {
            let first = std::fs::read_dir(version.path())
                .unwrap()
                .flatten()
                .map(|f| f.path())
                .filter(|f| {
                    let n = f.to_string_lossy();
                    n.ends_with("-end.json") && !n.ends_with(".expect.json")
                })
                .min();
            let Some(first) = first else { continue };
            let file = SaveFile::read(&first).unwrap();
            if file.plugin_version == p.info.version {
                continue;
            }
            if let Ok((_, path)) = file.replay_with_path(plugins()) {
                let expect = path.describe(&p.info.name, &p.info.version);
                cases.push((first.display().to_string(), file, expect));
            }
        }
    }
    for (i, (name, file, expect)) in cases.into_iter().enumerate() {
        let f = d.path().join(format!("{i}.json"));
        file.write(&f).unwrap();
        let (ok, out, err) = check(d.path(), &f);
        assert!(ok, "{name}: {err}");
        assert!(out.starts_with("ok: "), "{name}: {out}");
        // The first line says which path the save took; a save of today's version is
        // then checked against its seed (`dealing: …`), an older one is not redrawn.
        let mut lines = out.lines();
        let first = lines.next().unwrap_or_default();
        assert!(
            first.ends_with(&expect),
            "{name}: {out} (expected {expect})"
        );
        match lines.next() {
            Some(l) => assert!(
                l.starts_with("dealing: ") && l.ends_with("chance outcomes are the seed's"),
                "{name}: {out}"
            ),
            None => assert!(!expect.starts_with("today's rules"), "{name}: {out}"),
        }
    }
    // A corrupt save, and a newer one that does not replay: exit 1, one line each.
    let f = d.path().join("corrupt.json");
    std::fs::write(&f, &SaveFile::from_session(&s).to_json()[..40]).unwrap();
    let (ok, _, err) = check(d.path(), &f);
    assert!(!ok);
    assert!(err.contains("not a readable save"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    let f = d.path().join("newer-broken.json");
    let seat_entry = s.log().iter().position(|e| e.seat.is_some()).unwrap();
    file_of(&s, |v| {
        v["plugin_version"] = json!("99.0.0");
        v["actions"][seat_entry]["action"] = json!({"no such action": 1});
    })
    .write(&f)
    .unwrap();
    let (ok, _, err) = check(d.path(), &f);
    assert!(!ok);
    assert!(
        err.contains(&format!("install {name} 99.0.0 or later")),
        "{err}"
    );
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
}
