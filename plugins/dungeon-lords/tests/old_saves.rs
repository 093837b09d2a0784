//! Saves of older versions keep opening (issue 25): logs recorded by Dungeon Lords 0.2.0
//! (built from its commit, games in which a conquered room produced) and 0.2.1 replay
//! through `open_old` / `new_under` to the outcome their version recorded.

use serde_json::Value;
use tavern_plugin_api::versions::OldEntry;
use tavern_plugin_api::{Game, Setup, game::apply_checked};
use tavern_plugin_dungeon_lords::{Action, Dl};

struct Fixture {
    name: String,
    version: String,
    setup: Setup,
    log: Vec<OldEntry>,
    totals: Vec<i64>,
    conquered_room_produced: bool,
}

fn fixtures(version: &str) -> Vec<Fixture> {
    let dir = format!("{}/tests/saves/{version}", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|p| {
            let v: Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
            Fixture {
                name: p.file_name().unwrap().to_string_lossy().into(),
                version: v["version"].as_str().unwrap().into(),
                setup: serde_json::from_value(v["setup"].clone()).unwrap(),
                log: serde_json::from_value(v["log"].clone()).unwrap(),
                totals: serde_json::from_value(v["totals"].clone()).unwrap(),
                conquered_room_produced: v["conquered_room_produced"].as_bool().unwrap_or(false),
            }
        })
        .collect()
}

/// Replays `log` on `g`; the final totals, or the first action that does not replay.
fn replay(mut g: Dl, log: &[OldEntry]) -> Result<Vec<i64>, String> {
    for (i, e) in log.iter().enumerate() {
        for step in e.steps.iter().chain(std::iter::once(&e.action)) {
            let a: Action = serde_json::from_value(step.clone()).map_err(|x| x.to_string())?;
            apply_checked(&mut g, e.seat, &a).map_err(|x| format!("action {i}: {x}"))?;
        }
    }
    let o = g.outcome().ok_or("the game did not end")?;
    Ok(o.scores.iter().map(|s| s.total).collect())
}

/// Opens a fixture the way the host does: `open_old`, then `new_under` the rules it names.
fn open(f: &Fixture) -> (Result<Vec<i64>, String>, Option<String>, Option<String>) {
    let old = Dl::open_old(&f.version, &f.setup, f.log.clone()).expect("open_old");
    let g = match &old.rules {
        Some(r) => Dl::new_under(&f.setup, r).expect("new_under"),
        None => Dl::new(&f.setup).expect("new"),
    };
    (replay(g, &old.log), old.rules, old.note)
}

#[test]
fn saves_of_0_2_0_in_which_a_conquered_room_produced_open_under_its_rules() {
    let all = fixtures("0.2.0");
    assert!(!all.is_empty());
    for f in &all {
        assert_eq!(f.version, "0.2.0");
        assert!(
            f.conquered_room_produced,
            "{}: a game the fix changes",
            f.name
        );
        // Under today's rules the log stops where the conquered room ran.
        assert!(
            replay(Dl::new(&f.setup).unwrap(), &f.log).is_err(),
            "{}: replays without the old rule",
            f.name
        );
        let (totals, rules, note) = open(f);
        assert_eq!(totals.as_ref(), Ok(&f.totals), "{}", f.name);
        assert_eq!(rules.as_deref(), Some("0.2.0"), "{}", f.name);
        let note = note.expect("a note for the log");
        assert!(
            note.contains("Dungeon Lords 0.2.0 rules: conquered rooms still produced"),
            "{note}"
        );
    }
}

#[test]
fn saves_of_0_2_1_open_with_their_scores() {
    let all = fixtures("0.2.1");
    assert!(all.len() >= 4);
    for f in &all {
        assert_eq!(f.version, "0.2.1");
        let (totals, rules, _) = open(f);
        assert_eq!(totals.as_ref(), Ok(&f.totals), "{}", f.name);
        assert_eq!(rules.as_deref(), Some("0.2.1"), "{}", f.name);
    }
}

/// A 0.2.0 save in which no conquered room ever produced replays under the later rules
/// too: `open_old` names 0.2.0's rules only when the log needs them.
#[test]
fn a_0_2_0_save_without_a_producing_conquered_room_keeps_the_later_rules() {
    let f = fixtures("0.2.1").into_iter().next().unwrap();
    let as_020 = Fixture {
        version: "0.2.0".into(),
        ..f
    };
    let (totals, rules, note) = open(&as_020);
    assert_eq!(totals, Ok(as_020.totals.clone()));
    assert_eq!(rules.as_deref(), Some("0.2.1"));
    assert!(note.is_none_or(|n| !n.contains("conquered rooms still produced")));
}

#[test]
fn an_unknown_or_newer_version_is_refused() {
    let f = fixtures("0.2.1").into_iter().next().unwrap();
    assert!(Dl::open_old("9.0.0", &f.setup, f.log.clone()).is_err());
    assert!(Dl::new_under(&f.setup, "0.1.7x").is_err());
}

/// The project's golden saves (`tests/saves/dungeon-lords/<version>/`, written by each
/// released version from its commit) open through `open_old` / `new_under` and end where
/// the file beside each says: the same scores, over or not.
#[test]
fn the_projects_golden_saves_replay_to_their_recorded_outcome() {
    let root = format!(
        "{}/../../tests/saves/dungeon-lords",
        env!("CARGO_MANIFEST_DIR")
    );
    let Ok(dirs) = std::fs::read_dir(&root) else {
        return; // a crate copied on its own has no project saves
    };
    let mut opened = 0;
    for dir in dirs {
        let dir = dir.unwrap().path();
        for file in std::fs::read_dir(&dir).unwrap() {
            let p = file.unwrap().path();
            let name = p.to_string_lossy().to_string();
            if !name.ends_with(".json") || name.ends_with(".expect.json") {
                continue;
            }
            let save: Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
            let expect: Value = serde_json::from_str(
                &std::fs::read_to_string(name.replace(".json", ".expect.json")).unwrap(),
            )
            .unwrap();
            let cursor = save["cursor"].as_u64().unwrap() as usize;
            let log: Vec<OldEntry> = serde_json::from_value(save["actions"].clone()).unwrap();
            let f = Fixture {
                name: name.clone(),
                version: save["plugin_version"].as_str().unwrap().into(),
                setup: serde_json::from_value(save["setup"].clone()).unwrap(),
                log: log[..cursor].to_vec(),
                totals: Vec::new(),
                conquered_room_produced: false,
            };
            let old = Dl::open_old(&f.version, &f.setup, f.log.clone()).expect("open_old");
            let mut g = match &old.rules {
                Some(r) => Dl::new_under(&f.setup, r).expect("new_under"),
                None => Dl::new(&f.setup).expect("new"),
            };
            for (i, e) in old.log.iter().enumerate() {
                for step in e.steps.iter().chain(std::iter::once(&e.action)) {
                    let a: Action = serde_json::from_value(step.clone()).unwrap();
                    apply_checked(&mut g, e.seat, &a)
                        .unwrap_or_else(|x| panic!("{name}: action {i} does not replay: {x}"));
                }
            }
            let over = g.outcome().is_some();
            assert_eq!(over, expect["over"].as_bool().unwrap(), "{name}");
            if let Some(o) = g.outcome() {
                let scores: Vec<i64> = o.scores.iter().map(|s| s.total).collect();
                let want: Vec<i64> = serde_json::from_value(expect["scores"].clone()).unwrap();
                assert_eq!(scores, want, "{name}");
            }
            opened += 1;
        }
    }
    assert!(opened > 0);
}
