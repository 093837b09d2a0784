//! Saves written by older versions still open: real logs written by Dragonkeepers 0.1.0
//! (built from its last commit, ce18d2e) and 0.2.0 (47ba21e), random games of every seat
//! count, the children's rules and the magic chests, finished and in progress, each
//! kept with the final state and outcome the old version reached. Each is migrated by
//! `open_old`, replayed through `apply_checked` (every action legal, every chance
//! outcome possible), and must end where the old version ended.

use std::path::PathBuf;

use serde_json::Value;
use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::versions::OldEntry;
use tavern_plugin_api::{Game, GameError, Setup};
use tavern_plugin_dragonkeepers::{Action, Dk};

struct Fixture {
    name: String,
    version: String,
    setup: Setup,
    log: Vec<OldEntry>,
    state: Value,
    outcome: Value,
}

fn fixtures(version: &str) -> Vec<Fixture> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/old_saves")
        .join(version);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let v: Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
            Fixture {
                name: p.file_name().unwrap().to_string_lossy().into_owned(),
                version: v["version"].as_str().unwrap().to_string(),
                setup: serde_json::from_value(v["setup"].clone()).unwrap(),
                log: serde_json::from_value(v["log"].clone()).unwrap(),
                state: v["state"].clone(),
                outcome: v["outcome"].clone(),
            }
        })
        .collect()
}

/// Replays a migrated log; the error names the entry that failed.
fn replay(setup: &Setup, log: &[OldEntry]) -> Result<Dk, String> {
    let mut g = Dk::new(setup).map_err(|e| e.to_string())?;
    for (i, e) in log.iter().enumerate() {
        for step in e.steps.iter().chain(std::iter::once(&e.action)) {
            let a: Action =
                serde_json::from_value(step.clone()).map_err(|x| format!("entry {i}: {x}"))?;
            apply_checked(&mut g, e.seat, &a).map_err(|x| format!("entry {i} {a:?}: {x}"))?;
        }
    }
    Ok(g)
}

/// Where `old` and `new` differ, over the fields both have (objects compared key by key
/// on their common keys; a field added or dropped since is not a difference).
fn differences(path: &str, old: &Value, new: &Value, out: &mut Vec<String>) {
    match (old, new) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in a {
                if let Some(w) = b.get(k) {
                    differences(&format!("{path}.{k}"), v, w, out);
                }
            }
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            for (i, (v, w)) in a.iter().zip(b).enumerate() {
                differences(&format!("{path}[{i}]"), v, w, out);
            }
        }
        _ if old != new => out.push(format!("{path}: was {old}, now {new}")),
        _ => {}
    }
}

/// The ranks and the totals of an outcome as JSON (the outcome's other fields grew since).
fn result(outcome: &Value) -> Value {
    if outcome.is_null() {
        return Value::Null;
    }
    let totals: Vec<Value> = outcome["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["total"].clone())
        .collect();
    serde_json::json!({ "rank": outcome["rank"], "totals": totals })
}

fn check_opens(version: &str) {
    let all = fixtures(version);
    assert!(all.len() >= 10, "the {version} fixtures are missing");
    assert!(
        all.iter().any(|f| f.outcome.is_null()),
        "a game in progress"
    );
    assert!(all.iter().any(|f| !f.outcome.is_null()), "a finished game");
    for f in all {
        assert_eq!(f.version, version, "{}", f.name);
        let old = Dk::open_old(&f.version, &f.setup, f.log.clone())
            .unwrap_or_else(|e| panic!("{}: {e}", f.name));
        assert_eq!(old.rules, None, "{}: today's rules read it", f.name);
        let g = replay(&f.setup, &old.log).unwrap_or_else(|e| panic!("{}: {e}", f.name));
        let outcome = serde_json::to_value(g.outcome()).unwrap();
        assert_eq!(result(&outcome), result(&f.outcome), "{}: outcome", f.name);
        let mut diff = Vec::new();
        differences(
            "state",
            &f.state,
            &serde_json::to_value(&g).unwrap(),
            &mut diff,
        );
        assert!(diff.is_empty(), "{}: {}", f.name, diff.join("\n"));
    }
}

#[test]
fn saves_of_0_1_0_open_and_end_where_they_ended() {
    check_opens("0.1.0");
}

#[test]
fn saves_of_0_2_0_open_and_end_where_they_ended() {
    check_opens("0.2.0");
}

/// The migration is what makes them open: as written, a 0.1.0 log fails at its first
/// entry, where today's game draws the start player.
#[test]
fn a_0_1_0_log_as_written_does_not_replay() {
    for f in fixtures("0.1.0") {
        let e = replay(&f.setup, &f.log).expect_err(&f.name);
        assert!(e.starts_with("entry 0 "), "{}: {e}", f.name);
        let old = Dk::open_old("0.1.0", &f.setup, f.log.clone()).unwrap();
        assert_eq!(old.log.len(), f.log.len() + 1);
        assert_eq!(
            serde_json::from_value::<Action>(old.log[0].action.clone()).unwrap(),
            Action::StartPlayer { seat: 0 }
        );
        assert_eq!(old.log[0].seat, None);
        assert_eq!(&old.log[1..], &f.log[..]);
    }
}

/// A 0.1.0 setup that names the first seat needs no lot; one naming another seat cannot
/// be a 0.1.0 game and gets a clear error instead of a wrong replay.
#[test]
fn a_0_1_0_setup_naming_a_start_seat() {
    let f = fixtures("0.1.0").into_iter().next().unwrap();
    let mut first = f.setup.clone();
    first.options.insert("start".into(), "1".into());
    let old = Dk::open_old("0.1.0", &first, f.log.clone()).unwrap();
    assert_eq!(old.log, f.log);
    let g = replay(&first, &old.log).unwrap();
    assert_eq!(
        result(&serde_json::to_value(g.outcome()).unwrap()),
        result(&f.outcome)
    );
    let mut second = f.setup.clone();
    second.options.insert("start".into(), "2".into());
    let e: GameError = Dk::open_old("0.1.0", &second, f.log).unwrap_err();
    assert!(e.to_string().contains("first seat"), "{e}");
}

/// Today's own logs are today's.
#[test]
fn todays_version_is_not_rewritten() {
    let f = fixtures("0.2.0").into_iter().next().unwrap();
    let v = Dk::info().version;
    assert!(tavern_plugin_api::versions::older("0.2.0", &v));
    let old = Dk::open_old(&v, &f.setup, f.log.clone()).unwrap();
    assert_eq!(old.log, f.log);
}

/// The project's golden saves (`tests/saves/dragonkeepers/<version>/`, written through
/// the host by each released version) open the same way and end where their writer saw
/// them end: the same scores and places, the same seats acting in the same order.
#[test]
fn the_golden_saves_open_and_end_where_they_ended() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/saves/dragonkeepers");
    let mut opened = 0;
    for version in ["0.1.0", "0.2.0"] {
        let dir = root.join(version);
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_string_lossy().ends_with(".json"))
            .filter(|p| !p.to_string_lossy().ends_with(".expect.json"))
            .collect();
        files.sort();
        for p in files {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let save: Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
            let expect: Value = serde_json::from_str(
                &std::fs::read_to_string(p.with_extension("expect.json")).unwrap(),
            )
            .unwrap();
            let setup: Setup = serde_json::from_value(save["setup"].clone()).unwrap();
            let cursor = save["cursor"].as_u64().unwrap() as usize;
            let log: Vec<OldEntry> = save["actions"].as_array().unwrap()[..cursor]
                .iter()
                .map(|e| OldEntry {
                    seat: serde_json::from_value(e["seat"].clone()).unwrap(),
                    steps: serde_json::from_value(e.get("steps").cloned().unwrap_or(Value::Null))
                        .unwrap_or_default(),
                    action: e["action"].clone(),
                })
                .collect();
            let written = save["plugin_version"].as_str().unwrap();
            assert_eq!(written, version, "{name}");
            let old = Dk::open_old(written, &setup, log).unwrap_or_else(|e| panic!("{name}: {e}"));
            let g = replay(&setup, &old.log).unwrap_or_else(|e| panic!("{name}: {e}"));
            let seats: String = old
                .log
                .iter()
                .filter_map(|e| e.seat)
                .map(|s| char::from(b'0' + s as u8))
                .collect();
            assert_eq!(seats, expect["seats"].as_str().unwrap(), "{name}: seats");
            let outcome = g.outcome();
            assert_eq!(
                outcome.is_some(),
                expect["over"].as_bool().unwrap(),
                "{name}"
            );
            if let Some(o) = outcome {
                let totals: Vec<i64> = o.scores.iter().map(|s| s.total).collect();
                assert_eq!(
                    serde_json::json!(totals),
                    expect["scores"],
                    "{name}: scores"
                );
                assert_eq!(serde_json::json!(o.rank), expect["rank"], "{name}: places");
            }
            opened += 1;
        }
    }
    assert!(opened >= 10, "only {opened} golden saves");
}
