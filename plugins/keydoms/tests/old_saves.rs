//! Saves of 0.2.0 keep opening: logs recorded with 0.2.0 (tests/fixtures/0.2.0, one per
//! seat count and ghost mode, random play and plain-pass play) go through `open_old`
//! and replay to the end they reached then.

use serde_json::Value;
use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::versions::{OldEntry, OldLog};
use tavern_plugin_api::{Game, Setup};
use tavern_plugin_keydoms::Keydoms;
use tavern_plugin_keydoms::state::Action;

struct Fixture {
    name: String,
    setup: Setup,
    log: Vec<OldEntry>,
    outcome: Value,
    round: u64,
}

fn fixtures() -> Vec<Fixture> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/0.2.0");
    let mut v: Vec<Fixture> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            let f: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            assert_eq!(f["version"], "0.2.0");
            Fixture {
                name: path.file_stem().unwrap().to_string_lossy().into_owned(),
                setup: serde_json::from_value(f["setup"].clone()).unwrap(),
                log: serde_json::from_value(f["log"].clone()).unwrap(),
                outcome: f["outcome"].clone(),
                round: f["round"].as_u64().unwrap(),
            }
        })
        .collect();
    v.sort_by(|a, b| a.name.cmp(&b.name));
    assert!(v.len() >= 12, "the fixtures are there");
    v
}

/// Replays an opened log the way the host does: a game under the named rules, every
/// entry through the checked apply.
fn replay(setup: &Setup, opened: &OldLog) -> Keydoms {
    let mut g = match &opened.rules {
        Some(r) => Keydoms::new_under(setup, r).unwrap(),
        None => Keydoms::new(setup).unwrap(),
    };
    for (i, e) in opened.log.iter().enumerate() {
        let a: Action = serde_json::from_value(e.action.clone()).unwrap();
        apply_checked(&mut g, e.seat, &a)
            .unwrap_or_else(|err| panic!("entry {i} ({a:?}): {}", err.0));
    }
    g
}

/// The parts of an outcome that must not change: every total and rank (the ghosts'
/// rows are split by kind since 0.3.0, so their lines differ).
fn totals(o: &Value) -> (Vec<Value>, Vec<Value>, Vec<Value>) {
    let seats = o["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["total"].clone())
        .collect();
    let ghosts = o["others"]
        .as_array()
        .map(|g| g.iter().map(|x| x["score"]["total"].clone()).collect())
        .unwrap_or_default();
    let ranks = o["rank"].as_array().unwrap().clone();
    (seats, ghosts, ranks)
}

#[test]
fn every_0_2_0_log_opens_and_ends_as_it_did() {
    let mut migrated = Vec::new();
    for f in fixtures() {
        let opened = Keydoms::open_old("0.2.0", &f.setup, f.log.clone()).unwrap();
        assert!(
            opened.note.is_some(),
            "{}: the log says what changed",
            f.name
        );
        let end = replay(&f.setup, &opened);
        let outcome = serde_json::to_value(end.outcome().expect("the game ended")).unwrap();
        assert_eq!(totals(&outcome), totals(&f.outcome), "{}", f.name);
        assert_eq!(end.round as u64, f.round, "{}", f.name);
        if opened.rules.is_none() {
            migrated.push(f.name.clone());
            // Rewritten into today's actions: reveals put in, every seat's entry as the
            // players made it (the host's golden saves compare them).
            let seats = |l: &[OldEntry]| -> Vec<OldEntry> {
                l.iter().filter(|e| e.seat.is_some()).cloned().collect()
            };
            assert_eq!(seats(&opened.log), seats(&f.log), "{}", f.name);
            assert!(
                opened.log.iter().any(|e| e.action.get("Reveal").is_some()),
                "{}",
                f.name
            );
        } else {
            assert_eq!(opened.rules.as_deref(), Some("0.2.0"));
            assert_eq!(opened.log, f.log, "{}: replayed as it was", f.name);
        }
    }
    // Games without windows (Muggles) always rewrite exactly; plain-pass play too
    // wherever no wand was invoked with nothing to cast.
    assert!(migrated.iter().any(|n| n == "solo-muggles"), "{migrated:?}");
    assert!(migrated.iter().any(|n| n == "four-muggles"), "{migrated:?}");
}

/// A save made in the middle of a game (cut anywhere) opens too and replays to a game
/// that is still going, under one rule set or the other.
#[test]
fn a_0_2_0_game_saved_half_way_opens() {
    for f in fixtures() {
        for cut in [f.log.len() / 3, f.log.len() / 2, f.log.len() - 1] {
            let log = f.log[..cut].to_vec();
            let opened = Keydoms::open_old("0.2.0", &f.setup, log).unwrap();
            let end = replay(&f.setup, &opened);
            assert!(end.outcome().is_none(), "{} cut at {cut}", f.name);
        }
    }
}

/// A log without windows is rewritten with only the reveal steps added.
#[test]
fn a_rewritten_log_drops_the_passes_no_longer_asked() {
    let f = fixtures()
        .into_iter()
        .find(|f| f.name == "four-muggles")
        .unwrap();
    let opened = Keydoms::open_old("0.2.0", &f.setup, f.log.clone()).unwrap();
    assert_eq!(opened.rules, None);
    let reveals = opened
        .log
        .iter()
        .filter(|e| e.action.get("Reveal").is_some())
        .count();
    assert_eq!(
        opened.log.len(),
        f.log.len() + reveals,
        "only reveals are added"
    );
}

#[test]
fn a_broken_old_log_is_refused_with_a_message() {
    let f = fixtures().into_iter().next().unwrap();
    let mut log = f.log.clone();
    log.insert(
        3,
        OldEntry {
            seat: Some(0),
            steps: Vec::new(),
            action: "Pass".into(),
        },
    );
    let err = Keydoms::open_old("0.2.0", &f.setup, log).unwrap_err();
    assert!(err.0.contains("entry 4"), "{}", err.0);
    let mut log = f.log.clone();
    log[0].action = serde_json::json!({"NoSuchAction": 1});
    assert!(Keydoms::open_old("0.2.0", &f.setup, log).is_err());
}

#[test]
fn todays_logs_open_unchanged() {
    let f = fixtures().into_iter().next().unwrap();
    let opened = Keydoms::open_old(env!("CARGO_PKG_VERSION"), &f.setup, f.log.clone()).unwrap();
    assert_eq!(opened, OldLog::unchanged(f.log));
}
