//! The host's golden saves of every released version (tests/saves/keydoms/<version>/)
//! open through `open_old` in this crate too, and replay to the scores their writer saw.
//! 0.1.0's need that version's own rulings (`rules_0_1`, issue 25).

use serde_json::Value;
use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::versions::OldEntry;
use tavern_plugin_api::{Game, Setup};
use tavern_plugin_keydoms::Keydoms;
use tavern_plugin_keydoms::state::Action;

#[test]
fn older_golden_saves_replay_to_their_writers_scores() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/saves/keydoms");
    let versions = ["0.1.0", "0.2.0", "0.3.0"];
    let mut seen = Vec::new();
    let Ok(dirs) = std::fs::read_dir(root) else {
        return; // the goldens live in the workspace; a lone crate has none
    };
    let mut checked = 0;
    for dir in dirs {
        let dir = dir.unwrap().path();
        let Some(version) = versions.iter().find(|v| dir.ends_with(v)) else {
            continue;
        };
        seen.push(*version);
        for f in std::fs::read_dir(&dir).unwrap() {
            let path = f.unwrap().path();
            let name = path.to_string_lossy().into_owned();
            if !name.ends_with(".json") || name.ends_with(".expect.json") {
                continue;
            }
            let save: Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let expect: Value = serde_json::from_str(
                &std::fs::read_to_string(name.replace(".json", ".expect.json")).unwrap(),
            )
            .unwrap();
            let setup: Setup = serde_json::from_value(save["setup"].clone()).unwrap();
            let log: Vec<OldEntry> = save["actions"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| OldEntry {
                    seat: serde_json::from_value(e["seat"].clone()).unwrap(),
                    steps: Vec::new(),
                    action: e["action"].clone(),
                })
                .collect();
            let version = save["plugin_version"].as_str().unwrap();
            let opened =
                Keydoms::open_old(version, &setup, log).unwrap_or_else(|e| panic!("{name}: {e}"));
            let mut g = match &opened.rules {
                Some(r) => Keydoms::new_under(&setup, r).unwrap(),
                None => Keydoms::new(&setup).unwrap(),
            };
            for e in &opened.log {
                let a: Action = serde_json::from_value(e.action.clone()).unwrap();
                apply_checked(&mut g, e.seat, &a).unwrap_or_else(|err| panic!("{name}: {err}"));
            }
            let o = g.outcome();
            assert_eq!(o.is_some(), expect["over"].as_bool().unwrap(), "{name}");
            if let Some(o) = o {
                let totals: Vec<i64> = o.scores.iter().map(|s| s.total).collect();
                assert_eq!(
                    serde_json::to_value(totals).unwrap(),
                    expect["scores"],
                    "{name}"
                );
                assert_eq!(
                    serde_json::to_value(&o.rank).unwrap(),
                    expect["rank"],
                    "{name}"
                );
            }
            checked += 1;
        }
    }
    seen.sort_unstable();
    assert_eq!(seen, versions, "a released version's goldens are missing");
    assert!(checked > 0);
}
