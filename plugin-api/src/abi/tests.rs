//! The glue is tested through a tiny in-file game; the real plugins are loaded
//! through libloading by the workspace's `tests` crate.
use super::*;
use crate::game::{Applied, GameError, Legal};
use crate::proto::BotReply;
use crate::proto::{GameInfo, Outcome, SeatScore, Setup, View};
use serde::Deserialize;
use serde_json::Value;
use std::time::Instant;

/// Count to 3; seat 0 may add 1 or 2; with the trap set, adding 2 when at 2 panics
/// (a planted bug).
#[derive(Clone, Serialize, Deserialize)]
struct Count(u32, bool);

impl Game for Count {
    type Action = u32;
    fn info() -> GameInfo {
        GameInfo {
            id: "count".into(),
            name: "Count".into(),
            version: "1".into(),
            description: String::new(),
            min_players: 1,
            max_players: 1,
            options: vec![],
            hidden_information: false,
            rules: String::new(),
        }
    }
    fn new(_: &Setup) -> Result<Self, GameError> {
        Ok(Count(0, true))
    }
    fn to_act(&self) -> ToAct {
        if self.0 >= 3 {
            ToAct::Over
        } else {
            ToAct::Seats(vec![0])
        }
    }
    fn sample_chance(&self, _: &mut GameRng) -> u32 {
        0
    }
    fn legal(&self, _: usize) -> Vec<Legal<u32>> {
        vec![Legal::new(1, "add 1"), Legal::new(2, "add 2").at("two")]
    }
    fn apply(&mut self, _: Option<usize>, a: &u32) -> Result<Applied, GameError> {
        if self.1 && self.0 == 2 && *a == 2 {
            panic!("planted bug");
        }
        self.0 += a;
        Ok(Applied::public(format!("added {a}")))
    }
    fn view(&self, _: Option<usize>) -> View {
        View::default()
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.0 >= 3).then(|| {
            Outcome::new(
                vec![SeatScore::from_lines(vec![("count", self.0 as i64)])],
                vec![0],
            )
        })
    }
    fn determinize(&self, _: usize, _: &mut GameRng) -> Self {
        self.clone()
    }
}

static T: PluginTable = table::<Count>();

fn call_json(h: u64, req: &Request) -> (i32, Value) {
    let bytes = serde_json::to_vec(req).unwrap();
    let mut out = Buffer::empty();
    let st = (T.call)(h, bytes.as_ptr(), bytes.len(), &mut out);
    let v = serde_json::from_slice(unsafe { out.as_slice() }).unwrap_or(Value::Null);
    (T.free)(out);
    (st, v)
}

fn new_handle() -> u64 {
    let setup = serde_json::to_vec(&Setup::players(1)).unwrap();
    let mut h = 0;
    let mut out = Buffer::empty();
    assert_eq!(
        (T.create)(setup.as_ptr(), setup.len(), &mut h, &mut out),
        STATUS_OK
    );
    (T.free)(out);
    h
}

#[test]
fn table_header() {
    assert_eq!(T.abi_version, ABI_VERSION);
    assert_eq!(T.size as usize, std::mem::size_of::<PluginTable>());
    let mut out = Buffer::empty();
    assert_eq!((T.info)(&mut out), STATUS_OK);
    let info: GameInfo = serde_json::from_slice(unsafe { out.as_slice() }).unwrap();
    (T.free)(out);
    assert_eq!(info.id, "count");
}

#[test]
fn apply_legal_and_refuse_illegal() {
    let h = new_handle();
    let (st, v) = call_json(
        h,
        &Request::Apply {
            seat: Some(0),
            action: Value::from(7),
        },
    );
    assert_eq!(st, STATUS_ERR);
    assert_eq!(v["kind"], "illegal");
    let (st, v) = call_json(
        h,
        &Request::Apply {
            seat: Some(0),
            action: Value::from(2),
        },
    );
    assert_eq!(st, STATUS_OK);
    assert_eq!(v["label"], "added 2");
    // The planted panic becomes an error and the state keeps its last good value.
    let (st, v) = call_json(h, &Request::ApplyIndex { seat: 0, index: 1 });
    assert_eq!(st, STATUS_ERR);
    assert_eq!(v["kind"], "panic");
    let (_, v) = call_json(h, &Request::State);
    assert_eq!(v, serde_json::json!([2, true]));
    let (st, _) = call_json(h, &Request::ApplyIndex { seat: 0, index: 0 });
    assert_eq!(st, STATUS_OK);
    let (_, v) = call_json(h, &Request::ToAct);
    assert_eq!(v, serde_json::json!("Over"));
    assert_eq!(destroy(h), STATUS_OK);
    assert_eq!(destroy(h), STATUS_ERR);
}

#[test]
fn clone_is_independent_and_bad_handles_are_errors() {
    let h = new_handle();
    let mut h2 = 0;
    let mut out = Buffer::empty();
    assert_eq!((T.clone)(h, &mut h2, &mut out), STATUS_OK);
    (T.free)(out);
    call_json(
        h,
        &Request::Apply {
            seat: Some(0),
            action: Value::from(1),
        },
    );
    assert_eq!(call_json(h, &Request::State).1[0], Value::from(1));
    assert_eq!(call_json(h2, &Request::State).1[0], Value::from(0));
    let (st, v) = call_json(987_654, &Request::ToAct);
    assert_eq!(st, STATUS_ERR);
    assert_eq!(v["kind"], "no_such_handle");
    let mut out = Buffer::empty();
    let garbage = b"{not json";
    assert_eq!(
        (T.call)(h, garbage.as_ptr(), garbage.len(), &mut out),
        STATUS_ERR
    );
    (T.free)(out);
}

fn step_call(h: u64, op: u32, seat: u32, arg: u64) -> (i32, StepReply, Value) {
    let mut reply = StepReply::default();
    let mut out = Buffer::empty();
    let st = (T.step)(h, op, seat, arg, &mut reply, &mut out);
    let v = serde_json::from_slice(unsafe { out.as_slice() }).unwrap_or(Value::Null);
    (T.free)(out);
    (st, reply, v)
}

#[test]
fn step_plays_by_numbers() {
    let h = new_handle();
    let (st, r, _) = step_call(h, STEP_QUERY, 0, 0);
    assert_eq!((st, r.turn, r.seats), (STATUS_OK, TURN_SEATS, 1));
    assert_eq!(r.count, 2, "the one seat to act comes with its count");
    let (_, r, _) = step_call(h, STEP_COUNT, 0, 0);
    assert_eq!(r.count, 2);
    // A seat not to act has nothing to count and may not apply.
    assert_eq!(step_call(h, STEP_COUNT, 1, 0).1.count, 0);
    let (st, _, v) = step_call(h, STEP_APPLY, 1, 0);
    assert_eq!((st, v["kind"].as_str()), (STATUS_ERR, Some("illegal")));
    let (st, _, v) = step_call(h, STEP_APPLY, 0, 2);
    assert_eq!((st, v["kind"].as_str()), (STATUS_ERR, Some("illegal")));
    // Index 1 of [add 1, add 2] is "add 2", listed once by the count above.
    let (st, r, _) = step_call(h, STEP_APPLY, 0, 1);
    assert_eq!((st, r.turn), (STATUS_OK, TURN_SEATS));
    assert_eq!(call_json(h, &Request::State).1[0], Value::from(2));
    let (st, _, v) = step_call(h, STEP_CHANCE, 0, 9);
    assert_eq!((st, v["kind"].as_str()), (STATUS_ERR, Some("illegal")));
    let (st, _, v) = step_call(h, 77, 0, 0);
    assert_eq!((st, v["kind"].as_str()), (STATUS_ERR, Some("bad_request")));
    let (st, r, _) = step_call(h, STEP_APPLY, 0, 0);
    assert_eq!((st, r.turn), (STATUS_OK, TURN_OVER));
}

#[test]
fn a_step_that_panics_breaks_only_its_instance() {
    let h = new_handle();
    let other = new_handle();
    step_call(h, STEP_APPLY, 0, 1);
    // The planted bug: add 2 at 2. In place, so the instance cannot be trusted after.
    let (st, _, v) = step_call(h, STEP_APPLY, 0, 1);
    assert_eq!((st, v["kind"].as_str()), (STATUS_ERR, Some("panic")));
    for (st, v) in [
        (
            step_call(h, STEP_QUERY, 0, 0).0,
            step_call(h, STEP_QUERY, 0, 0).2,
        ),
        call_json(h, &Request::ToAct),
    ] {
        assert_eq!((st, v["kind"].as_str()), (STATUS_ERR, Some("broken")));
    }
    let mut copy = 0;
    let mut out = Buffer::empty();
    assert_eq!((T.clone)(h, &mut copy, &mut out), STATUS_ERR);
    (T.free)(out);
    assert_eq!(step_call(other, STEP_QUERY, 0, 0).0, STATUS_OK);
    assert_eq!(destroy(h), STATUS_OK);
}

#[test]
fn legal_count_then_apply_index_uses_the_same_list() {
    let h = new_handle();
    assert_eq!(
        call_json(h, &Request::LegalCount { seat: 0 }).1,
        Value::from(2)
    );
    assert_eq!(
        call_json(h, &Request::LegalCount { seat: 3 }).1,
        Value::from(0)
    );
    let (st, v) = call_json(h, &Request::ApplyIndex { seat: 0, index: 1 });
    assert_eq!((st, v["label"].as_str()), (STATUS_OK, Some("added 2")));
    // The cache went with the change: index 0 is again "add 1".
    let (_, v) = call_json(h, &Request::ApplyIndex { seat: 0, index: 0 });
    assert_eq!(v["label"], "added 1");
}

/// Two seats choose at once: seat 0 between 10 and 11, seat 1 between 20 and 21.
/// Listing seat 1's actions into a buffer panics halfway while `.1` is set (a planted
/// bug, to test the legal-list cache).
#[derive(Clone, Serialize, Deserialize)]
struct Duo(Vec<u32>, bool);

impl Game for Duo {
    type Action = u32;
    fn info() -> GameInfo {
        GameInfo {
            id: "duo".into(),
            min_players: 2,
            max_players: 2,
            ..Count::info()
        }
    }
    fn new(_: &Setup) -> Result<Self, GameError> {
        Ok(Duo(Vec::new(), true))
    }
    fn to_act(&self) -> ToAct {
        if self.0.len() >= 2 {
            ToAct::Over
        } else {
            ToAct::Seats(vec![0, 1])
        }
    }
    fn sample_chance(&self, _: &mut GameRng) -> u32 {
        0
    }
    fn legal(&self, seat: usize) -> Vec<Legal<u32>> {
        let base = 10 * (seat as u32 + 1);
        vec![
            Legal::new(base, format!("{base}")),
            Legal::new(base + 1, format!("{}", base + 1)),
        ]
    }
    fn legal_actions_into(&self, seat: usize, out: &mut Vec<u32>) {
        let base = 10 * (seat as u32 + 1);
        out.push(base + 1);
        if self.1 && seat == 1 {
            panic!("planted bug while listing");
        }
        out.push(base);
    }
    fn apply(&mut self, seat: Option<usize>, a: &u32) -> Result<Applied, GameError> {
        if *a / 10 != seat.unwrap_or(9) as u32 + 1 {
            return Err(GameError::new(format!("{a} is not seat {seat:?}'s")));
        }
        self.0.push(*a);
        Ok(Applied::public(format!("took {a}")))
    }
    fn view(&self, _: Option<usize>) -> View {
        View::default()
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn determinize(&self, _: usize, _: &mut GameRng) -> Self {
        self.clone()
    }
}

static D: PluginTable = table::<Duo>();

fn duo_call(h: u64, req: &Request) -> (i32, Value) {
    let bytes = serde_json::to_vec(req).unwrap();
    let mut out = Buffer::empty();
    let st = (D.call)(h, bytes.as_ptr(), bytes.len(), &mut out);
    let v = serde_json::from_slice(unsafe { out.as_slice() }).unwrap_or(Value::Null);
    (D.free)(out);
    (st, v)
}

#[test]
fn a_panic_while_listing_leaves_no_list_labelled_as_another_seats() {
    let setup = serde_json::to_vec(&Setup::players(2)).unwrap();
    let mut h = 0;
    let mut out = Buffer::empty();
    assert_eq!(
        (D.create)(setup.as_ptr(), setup.len(), &mut h, &mut out),
        STATUS_OK
    );
    (D.free)(out);
    // Seat 0's list is cached by the count, then listing seat 1 panics halfway,
    // holding the instance's lock (poisoning it) with seat 1's action in the buffer.
    assert_eq!(
        duo_call(h, &Request::LegalCount { seat: 0 }).1,
        Value::from(2)
    );
    let (st, v) = duo_call(h, &Request::LegalCount { seat: 1 });
    assert_eq!((st, v["kind"].as_str()), (STATUS_ERR, Some("panic")));
    // Index 0 of seat 0's list ([11, 10] from `legal_actions_into`) is 11, never the
    // 21 the panicking fill left behind.
    let (st, v) = duo_call(h, &Request::ApplyIndex { seat: 0, index: 0 });
    assert_eq!((st, &v["action"]), (STATUS_OK, &Value::from(11)), "{v}");
    // The same through the binary step path: count seat 0, panic on seat 1, apply 0.
    let h2 = {
        let mut h2 = 0;
        let mut out = Buffer::empty();
        assert_eq!(
            (D.create)(setup.as_ptr(), setup.len(), &mut h2, &mut out),
            STATUS_OK
        );
        (D.free)(out);
        h2
    };
    let step = |op, seat, arg| {
        let mut reply = StepReply::default();
        let mut out = Buffer::empty();
        let st = (D.step)(h2, op, seat, arg, &mut reply, &mut out);
        (D.free)(out);
        (st, reply)
    };
    assert_eq!(step(STEP_COUNT, 0, 0).1.count, 2);
    assert_eq!(step(STEP_COUNT, 1, 0).0, STATUS_ERR);
    assert_eq!(step(STEP_APPLY, 0, 0).0, STATUS_OK);
    assert_eq!(duo_call(h2, &Request::State).1[0], serde_json::json!([11]));
    assert_eq!(destroy(h), STATUS_OK);
    assert_eq!(destroy(h2), STATUS_OK);
}

#[test]
fn replay_round_trip_of_a_tiny_game() {
    let g: Count = crate::game::check::replay_round_trip(&Setup::players(1), 4, 10);
    assert!(g.0 >= 3);
}

fn think(state: &mut Count, iterations: u32, token: Option<u64>) -> BotReply {
    let req = Request::Think {
        seat: 0,
        seed: 3,
        level: 1,
        iterations: Some(iterations),
        millis: None,
        flat: false,
        token,
    };
    serde_json::from_value(respond(state, req).unwrap()).unwrap()
}

#[test]
fn think_rates_every_candidate_with_its_label() {
    let reply = think(&mut Count(0, false), 200, None);
    assert_eq!(reply.report.iterations, 200);
    assert!(!reply.report.stopped);
    let labels: Vec<&str> = reply
        .report
        .candidates
        .iter()
        .map(|c| c.label.as_str())
        .collect();
    assert_eq!(labels.len(), 2, "{labels:?}");
    assert!(labels.contains(&"add 1") && labels.contains(&"add 2"));
    assert_eq!(reply.entry.action, reply.report.candidates[0].action);
    // One seat always wins its own count.
    assert!(reply.report.candidates.iter().all(|c| c.win == 1.0));
    let flat: BotReply = serde_json::from_value(
        respond(
            &mut Count(0, false),
            Request::Think {
                seat: 0,
                seed: 3,
                level: 1,
                iterations: Some(50),
                millis: None,
                flat: true,
                token: None,
            },
        )
        .unwrap(),
    )
    .unwrap();
    assert_eq!(flat.report.iterations, 50);
    let visits: u32 = flat.report.candidates.iter().map(|c| c.visits).sum();
    assert_eq!(visits, 50);
}

#[test]
fn a_stop_before_the_search_starts_ends_it_at_once() {
    assert!(!stop_thinking(777), "nothing was running");
    let reply = think(&mut Count(0, false), 1_000_000, Some(777));
    assert!(reply.report.stopped);
    assert_eq!(reply.report.iterations, 1);
    // The finished search took its stop with it.
    assert!(!thinking_flags().contains_key(&777));
}

#[test]
fn a_running_search_is_stopped_through_any_handle() {
    let token = 4242;
    let worker = std::thread::spawn(move || think(&mut Count(0, false), u32::MAX, Some(token)));
    let started = Instant::now();
    while thinking_flags()
        .get(&token)
        .is_none_or(|f| Arc::strong_count(f) < 2)
    {
        assert!(started.elapsed().as_secs() < 20, "the search never started");
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    // Handle 0 names no instance: the stop needs none.
    let (st, running) = call_json(0, &Request::StopThinking { token });
    assert_eq!((st, running), (STATUS_OK, Value::Bool(true)));
    let reply = worker.join().unwrap();
    assert!(reply.report.stopped);
    assert!(reply.report.iterations > 1);
}

#[test]
fn playouts_report() {
    let r = playouts(&Count(0, false), 10, 1);
    assert_eq!(r.games, 10);
    assert!(r.min_len >= 2 && r.max_len <= 3);
}

/// `Count` at version 2, which reads version 1's logs: version 1 added 10 (its
/// actions were 10 and 20, read today as 1 and 2) and, under version 1's rules, the
/// count also starts at 1 (kept behind the state's flag). Version 0 is unreadable.
#[derive(Clone, Serialize, Deserialize)]
struct Versioned(u32, bool);

impl Game for Versioned {
    type Action = u32;
    fn info() -> GameInfo {
        GameInfo {
            id: "versioned".into(),
            version: "2".into(),
            ..Count::info()
        }
    }
    fn new(_: &Setup) -> Result<Self, GameError> {
        Ok(Versioned(0, false))
    }
    fn new_under(_: &Setup, rules: &str) -> Result<Self, GameError> {
        match rules {
            "1" => Ok(Versioned(1, true)),
            other => Err(GameError::new(format!("no rules of version {other}"))),
        }
    }
    fn open_old(
        version: &str,
        _: &Setup,
        log: Vec<crate::versions::OldEntry>,
    ) -> Result<crate::versions::OldLog, GameError> {
        if version != "1" {
            return Err(GameError::new(format!("version {version} is unknown")));
        }
        let log = log
            .into_iter()
            .map(|mut e| {
                e.action = Value::from(e.action.as_u64().unwrap_or(0) / 10);
                e
            })
            .collect();
        Ok(crate::versions::OldLog {
            log,
            rules: Some("1".into()),
            note: Some("played with Versioned 1 rules: the count starts at 1".into()),
        })
    }
    fn to_act(&self) -> ToAct {
        Count(self.0, false).to_act()
    }
    fn sample_chance(&self, _: &mut GameRng) -> u32 {
        0
    }
    fn legal(&self, _: usize) -> Vec<Legal<u32>> {
        vec![Legal::new(1, "add 1"), Legal::new(2, "add 2")]
    }
    fn apply(&mut self, _: Option<usize>, a: &u32) -> Result<Applied, GameError> {
        self.0 += a;
        Ok(Applied::public(format!("added {a}")))
    }
    fn view(&self, _: Option<usize>) -> View {
        View::default()
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn determinize(&self, _: usize, _: &mut GameRng) -> Self {
        self.clone()
    }
}

static V: PluginTable = table::<Versioned>();

fn versioned_call(h: u64, req: &Request) -> (i32, Value) {
    let bytes = serde_json::to_vec(req).unwrap();
    let mut out = Buffer::empty();
    let st = (V.call)(h, bytes.as_ptr(), bytes.len(), &mut out);
    let v = serde_json::from_slice(unsafe { out.as_slice() }).unwrap_or(Value::Null);
    (V.free)(out);
    (st, v)
}

fn versioned_create(req: &Value) -> (i32, u64, Value) {
    let bytes = serde_json::to_vec(req).unwrap();
    let mut h = 0;
    let mut out = Buffer::empty();
    let st = (V.create)(bytes.as_ptr(), bytes.len(), &mut h, &mut out);
    let v = serde_json::from_slice(unsafe { out.as_slice() }).unwrap_or(Value::Null);
    (V.free)(out);
    (st, h, v)
}

#[test]
fn open_old_needs_no_instance_and_rewrites_the_log() {
    let old = |action: u64| crate::versions::OldEntry {
        seat: Some(0),
        steps: Vec::new(),
        action: Value::from(action),
    };
    let req = Request::OpenOld {
        version: "1".into(),
        setup: Setup::players(1),
        log: vec![old(10), old(20)],
    };
    // Handle 0 names no instance, and none is needed.
    let (st, v) = versioned_call(0, &req);
    assert_eq!(st, STATUS_OK, "{v}");
    let reply: crate::versions::OldLog = serde_json::from_value(v).unwrap();
    assert_eq!(reply.log, vec![old(1), old(2)]);
    assert_eq!(reply.rules.as_deref(), Some("1"));
    assert!(reply.note.unwrap().contains("starts at 1"));
    // An unreadable version is a bad request with the game's reason.
    let (st, v) = versioned_call(
        0,
        &Request::OpenOld {
            version: "0".into(),
            setup: Setup::players(1),
            log: Vec::new(),
        },
    );
    assert_eq!((st, v["kind"].as_str()), (STATUS_ERR, Some("bad_request")));
    assert!(v["message"].as_str().unwrap().contains("version 0"), "{v}");
    // A game that never changed how a log replays answers with the log unchanged.
    let (st, v) = call_json(0, &req);
    assert_eq!(st, STATUS_OK);
    assert_eq!(v["log"][0]["action"], 10);
    assert!(v.get("rules").is_none(), "{v}");
    // The in-process path answers the same.
    let mut state = Versioned(0, false);
    let bytes = respond_bytes(&mut state, req).unwrap();
    let same: crate::versions::OldLog = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(same.log, vec![old(1), old(2)]);
}

#[test]
fn create_reads_a_setup_with_or_without_older_rules() {
    let setup = serde_json::to_value(Setup::players(1)).unwrap();
    // A plain setup (what every host before `rules` sent): today's rules.
    let (st, h, _) = versioned_create(&setup);
    assert_eq!(st, STATUS_OK);
    assert_eq!(
        versioned_call(h, &Request::State).1,
        serde_json::json!([0, false])
    );
    // The same setup naming version 1's rules: the game follows them.
    let mut under = setup.clone();
    under["rules"] = Value::from("1");
    let (st, h1, _) = versioned_create(&under);
    assert_eq!(st, STATUS_OK);
    assert_eq!(
        versioned_call(h1, &Request::State).1,
        serde_json::json!([1, true])
    );
    // Rules the game does not know are refused with its reason, and no instance.
    under["rules"] = Value::from("7");
    let (st, _, v) = versioned_create(&under);
    assert_eq!(st, STATUS_ERR);
    assert!(v["message"].as_str().unwrap().contains("version 7"), "{v}");
    // A game without older rules builds today's game for any rules named.
    under["rules"] = Value::from("1");
    let bytes = serde_json::to_vec(&under).unwrap();
    let (mut hc, mut out) = (0, Buffer::empty());
    assert_eq!(
        (T.create)(bytes.as_ptr(), bytes.len(), &mut hc, &mut out),
        STATUS_OK
    );
    (T.free)(out);
    assert_eq!(
        call_json(hc, &Request::State).1,
        serde_json::json!([0, true])
    );
    for h in [h, h1, hc] {
        assert_eq!(destroy(h), STATUS_OK);
    }
}
