//! Sessions through the real ABI: chance sampling, undo/redo in both modes, rewinding,
//! checkpoints, hidden information in logs, panics during play.

use std::time::{Duration, Instant};

use serde_json::json;
use tavern::plugin::{BotAsk, PluginError};
use tavern::session::{
    CHECKPOINT_EVERY, Session, SessionError, StopThinking, UndoMode, bot_decision,
};
use tavern_plugin_api::{Setup, ToAct};
use tavern_tests::plugin;

fn sealed(players: usize, mode: UndoMode) -> Session {
    let mut setup = Setup::players(players);
    setup.seed = 42;
    Session::new(plugin("sealed-bid"), setup, mode).unwrap()
}

fn bid(s: &mut Session, seat: usize, card: u32) {
    s.apply(seat, json!({"kind": "bid", "card": card})).unwrap();
}

#[test]
fn new_game_samples_setup_chance_and_never_leaks_it() {
    let s = sealed(2, UndoMode::Learning);
    // Shuffle then the first flip were sampled by the session.
    assert_eq!(s.log().len(), 2);
    assert!(s.log().iter().all(|e| e.seat.is_none()));
    assert_eq!(s.log()[0].label, "The prize deck is shuffled");
    assert!(!s.log()[0].label.contains('['));
    assert_eq!(s.to_act().unwrap(), ToAct::Seats(vec![0, 1]));
}

#[test]
fn same_seed_same_game() {
    let a = sealed(3, UndoMode::Learning);
    let b = sealed(3, UndoMode::Learning);
    assert_eq!(a.log(), b.log());
}

#[test]
fn private_labels_only_for_the_actor() {
    let mut s = sealed(2, UndoMode::Learning);
    bid(&mut s, 0, 4);
    let e = s.log().last().unwrap();
    assert_eq!(e.text_for(Some(0)), "You bid 4");
    assert!(!e.text_for(Some(1)).contains('4'));
    assert!(!e.text_for(None).contains('4'));
}

#[test]
fn illegal_action_changes_nothing() {
    let mut s = sealed(2, UndoMode::Learning);
    let before = s.log().to_vec();
    let err = s.apply(0, json!({"kind": "bid", "card": 9})).unwrap_err();
    assert!(
        matches!(err, SessionError::Plugin(PluginError::Illegal(_))),
        "{err:?}"
    );
    let err = s.apply(0, json!("nonsense")).unwrap_err();
    assert!(
        matches!(err, SessionError::Plugin(PluginError::Illegal(_))),
        "{err:?}"
    );
    assert_eq!(s.log(), &before[..]);
}

#[test]
fn undo_redo_and_new_action_drops_the_redo_branch() {
    let mut s = sealed(2, UndoMode::Learning);
    bid(&mut s, 0, 3);
    bid(&mut s, 1, 2); // completes the round: reveal + next flip are chance steps
    let full = s.log().len();
    assert!(s.log()[full - 1].seat.is_none());
    s.undo(None).unwrap();
    // Back to before seat 1's bid: the chance steps it triggered are undone with it.
    assert_eq!(s.cursor(), 3);
    assert_eq!(s.to_act().unwrap(), ToAct::Seats(vec![1]));
    assert!(s.can_redo());
    s.redo().unwrap();
    assert_eq!(s.cursor(), full);
    s.undo(None).unwrap();
    bid(&mut s, 1, 5);
    assert!(!s.can_redo(), "a new action drops the redo branch");
    assert_eq!(s.log()[3].action, json!({"kind": "bid", "card": 5}));
}

#[test]
fn nothing_to_undo_at_the_start() {
    let s = sealed(2, UndoMode::Learning);
    assert_eq!(s.can_undo(None), Err("Nothing to undo".to_string()));
}

#[test]
fn fair_mode_only_your_own_moves_since_the_last_reveal() {
    let mut s = sealed(2, UndoMode::Fair);
    bid(&mut s, 0, 3);
    assert!(s.can_undo(Some(0)).is_ok());
    let why = s.can_undo(Some(1)).unwrap_err();
    assert!(why.contains("Fair play"), "{why}");
    bid(&mut s, 1, 2); // reveal follows
    let why = s.can_undo(Some(1)).unwrap_err();
    assert!(why.contains("revealed"), "{why}");
    assert!(matches!(s.undo(Some(1)), Err(SessionError::NotAllowed(_))));
    let mut l = sealed(2, UndoMode::Learning);
    bid(&mut l, 0, 3);
    bid(&mut l, 1, 2);
    assert!(l.can_undo(Some(1)).is_ok());
}

#[test]
fn rewind_to_a_log_entry_and_forward_again() {
    let mut s = sealed(2, UndoMode::Learning);
    for _ in 0..3 {
        for seat in 0..2 {
            let card = s.legal(seat).unwrap()[0].action.clone();
            s.apply(seat, card).unwrap();
        }
    }
    let end = s.log().len();
    let view_end = s.view(Some(0)).unwrap();
    let pos = s.position_after(2); // after seat 0's first bid
    assert_eq!(pos, 3);
    s.rewind_to(pos, None).unwrap();
    assert_eq!(s.cursor(), 3);
    s.rewind_to(end, None).unwrap();
    assert_eq!(s.view(Some(0)).unwrap(), view_end);
}

#[test]
fn undo_at_every_depth_reproduces_the_states_seen_on_the_way() {
    // Long enough to cross several checkpoints.
    let mut setup = Setup::players(3);
    setup.seed = 9;
    let mut s = Session::new(plugin("dragonkeepers"), setup, UndoMode::Learning).unwrap();
    let mut views = vec![(s.cursor(), s.view(None).unwrap())];
    while let ToAct::Seats(seats) = s.to_act().unwrap() {
        let seat = seats[0];
        let n = s.legal(seat).unwrap().len();
        s.apply_index(seat, s.log().len() % n).unwrap();
        views.push((s.cursor(), s.view(None).unwrap()));
    }
    assert!(
        s.log().len() > CHECKPOINT_EVERY,
        "game long enough to need checkpoints"
    );
    for (cursor, view) in views.iter().rev() {
        s.rewind_to(*cursor, None).unwrap();
        assert_eq!(&s.view(None).unwrap(), view, "state at {cursor}");
    }
}

#[test]
fn a_panic_during_play_keeps_the_last_good_state() {
    let mut setup = Setup::players(2);
    setup.options.insert("trap".into(), "panic-on-bid-5".into());
    let mut s = Session::new(plugin("sealed-bid"), setup, UndoMode::Learning).unwrap();
    bid(&mut s, 0, 2);
    let before = (s.log().to_vec(), s.view(None).unwrap());
    let err = s.apply(1, json!({"kind": "bid", "card": 5})).unwrap_err();
    assert!(
        matches!(&err, SessionError::Plugin(PluginError::Panic(m)) if m.contains("trap")),
        "{err:?}"
    );
    assert_eq!((s.log().to_vec(), s.view(None).unwrap()), before);
    bid(&mut s, 1, 4);
    assert_eq!(s.log().len(), before.0.len() + 3);
}

#[test]
fn bots_pick_legal_moves_without_touching_the_live_state() {
    let s = sealed(3, UndoMode::Learning);
    let copy = s.bot_instance().unwrap();
    let d = bot_decision(&copy, 1, s.bot_seed(), BotAsk::level(1), None)
        .unwrap()
        .unwrap();
    let legal: Vec<_> = s.legal(1).unwrap().into_iter().map(|e| e.action).collect();
    assert!(legal.contains(&d.entry.action));
    assert!(d.steps.is_empty());
    assert_eq!(s.log().len(), 2);
}

/// `Think` names every candidate with its label, visits and estimated chance of winning;
/// the report's numbers add up.
#[test]
fn a_bot_decision_comes_with_its_search_report() {
    let s = sealed(2, UndoMode::Learning);
    let ask = BotAsk {
        level: 2,
        iterations: Some(300),
        ..BotAsk::default()
    };
    let (entry, report) = s.instance().think(0, 9, ask, None).unwrap();
    let report = report.expect("this plugin reports");
    assert_eq!(report.iterations, 300);
    assert!(report.seconds > 0.0 && !report.stopped);
    let legal = s.legal(0).unwrap();
    assert_eq!(report.candidates.len(), legal.len());
    for c in &report.candidates {
        let l = legal
            .iter()
            .find(|l| l.action == c.action)
            .expect("a legal action");
        assert_eq!(c.label, l.label);
        assert!((0.0..=1.0).contains(&c.win), "{c:?}");
    }
    assert_eq!(
        entry.action, report.candidates[0].action,
        "the most visited is played"
    );
    // Every iteration goes through one of the root's candidates.
    let visits: u32 = report.candidates.iter().map(|c| c.visits).sum();
    assert_eq!(visits, 300);
    // The same seed and cap give the same report (no time budget).
    let (_, again) = s.instance().think(0, 9, ask, None).unwrap();
    let visits_of = |r: &tavern_plugin_api::proto::SearchReport| {
        r.candidates.iter().map(|c| c.visits).collect::<Vec<_>>()
    };
    assert_eq!(visits_of(&again.unwrap()), visits_of(&report));
}

/// A search told to stop from another thread ends within moments, not at its budget,
/// and the decision loop gives up instead of playing a half-searched move.
#[test]
fn a_stopped_search_ends_at_once() {
    let s = Session::new(
        plugin("dragonkeepers"),
        Setup::players(2),
        UndoMode::Learning,
    )
    .unwrap();
    let ToAct::Seats(seats) = s.to_act().unwrap() else {
        panic!("a seat acts first")
    };
    let seat = seats[0];
    let copy = s.bot_instance().unwrap();
    let stop = StopThinking::new(s.plugin());
    let worker_stop = stop.clone();
    // Twenty seconds, unless stopped.
    let ask = BotAsk {
        level: 3,
        iterations: Some(u32::MAX),
        millis: Some(20_000),
        flat: false,
    };
    let started = Instant::now();
    let worker = std::thread::spawn(move || {
        bot_decision(&copy, seat, 1, ask, Some(&worker_stop)).map(|d| d.is_none())
    });
    std::thread::sleep(Duration::from_millis(300));
    stop.stop();
    let gave_up = worker.join().unwrap().unwrap();
    let took = started.elapsed();
    assert!(gave_up, "a stopped bot plays nothing");
    assert!(took < Duration::from_secs(5), "stopped after {took:?}");
}

#[test]
fn every_shipped_game_plays_to_the_end_through_the_session() {
    for id in tavern_tests::GAMES {
        let p = plugin(id);
        let mut setup = Setup::players(p.info.min_players.max(2).min(p.info.max_players));
        setup.seed = 5;
        let mut s = Session::new(p, setup, UndoMode::Learning).unwrap();
        let mut steps = 0;
        // A seeded random choice: a fixed stride can cycle for ever through a plan's
        // pick and unpick steps (Dragonkeepers' Unpick), a random walk ends.
        let mut rng = tavern_plugin_api::GameRng::new(5);
        while let ToAct::Seats(seats) = s.to_act().unwrap() {
            let seat = seats[steps % seats.len()];
            let n = s.legal(seat).unwrap().len();
            assert!(n > 0, "{id}: seat {seat} to act with no legal action");
            s.apply_index(seat, rand::RngExt::random_range(&mut rng, 0..n))
                .unwrap();
            let _ = s.view(Some(seat)).unwrap();
            steps += 1;
            assert!(steps < 50_000, "{id}: game does not end");
        }
        let o = s.outcome().unwrap().expect("outcome at the end");
        for sc in &o.scores {
            assert_eq!(sc.breakdown.iter().map(|l| l.points).sum::<i64>(), sc.total);
        }
    }
}

// --- Plans, per-seat text, optional windows and seat ranges (wagers mode) ---

fn wagers(players: usize, seed: u64) -> Session {
    let mut setup = Setup::players(players);
    setup.seed = seed;
    setup.options.insert("mode".into(), "wagers".into());
    Session::new(plugin("sealed-bid"), setup, UndoMode::Learning).unwrap()
}

fn pick(v: u8) -> serde_json::Value {
    json!({"kind": "pick", "value": v})
}

fn confirm() -> serde_json::Value {
    json!({"kind": "confirm_wagers"})
}

/// The prize values still in the deck, top first (read from the state, as a test may).
fn deck(s: &Session) -> Vec<u8> {
    let state = s.instance().state().unwrap();
    serde_json::from_value(state["deck"].clone()).unwrap()
}

/// The prize the last logged flip turned up ("Round 1: the prize is a 4").
fn flipped(s: &Session) -> u8 {
    let flip = s
        .log()
        .iter()
        .rev()
        .find(|e| e.label.contains("the prize is a"))
        .unwrap();
    flip.label.rsplit(' ').next().unwrap().parse().unwrap()
}

#[test]
fn a_plan_is_one_entry_and_undo_redo_and_replay_treat_it_whole() {
    use tavern_plugin_api::ChoiceKind;
    let mut s = wagers(2, 42);
    assert_eq!(s.log().len(), 1, "only the shuffle");
    assert_eq!(s.to_act().unwrap(), ToAct::Seats(vec![0, 1]));
    assert!(
        s.legal(0)
            .unwrap()
            .iter()
            .all(|a| a.kind == ChoiceKind::Step)
    );
    s.apply_plan(0, &[pick(4), pick(2)], confirm()).unwrap();
    assert_eq!(s.log().len(), 2, "two steps and a confirm are one entry");
    let e = &s.log()[1];
    assert_eq!(e.steps, vec![pick(4), pick(2)]);
    assert_eq!(e.action, confirm());
    assert_eq!(e.text_for(Some(0)), "You wager on 4 first, then 2");
    assert_eq!(e.text_for(Some(1)), "Player 1 seals their wagers");
    s.undo(None).unwrap();
    assert_eq!(s.cursor(), 1, "undo took the whole decision back");
    assert_eq!(s.to_act().unwrap(), ToAct::Seats(vec![0, 1]));
    s.redo().unwrap();
    assert_eq!(s.cursor(), 2);
    assert_eq!(s.to_act().unwrap(), ToAct::Seats(vec![1]));
    // Seat 1 planned 4 first too, but seat 0 confirmed first: the plan is refused whole.
    let before = s.log().to_vec();
    let err = s.apply_plan(1, &[pick(4), pick(3)], confirm()).unwrap_err();
    assert!(
        matches!(&err, SessionError::Plugin(PluginError::Illegal(m)) if m.contains("step 1")),
        "{err:?}"
    );
    assert_eq!(s.log(), &before[..]);
    assert_eq!(s.to_act().unwrap(), ToAct::Seats(vec![1]));
    s.apply_plan(1, &[pick(3), pick(4)], confirm()).unwrap();
    assert!(s.log()[3].label.starts_with("Round 1: the prize is"));
    // A save replays the steps before each confirm.
    let file = tavern::save::SaveFile::from_session(&s);
    // Plan steps need format 2 (format 3 is only for games under older rules).
    assert_eq!(file.version, 2);
    let back = tavern::save::SaveFile::parse(&file.to_json())
        .unwrap()
        .replay(tavern_tests::plugins())
        .unwrap();
    assert_eq!(back.log(), s.log());
    assert_eq!(back.view(Some(1)).unwrap(), s.view(Some(1)).unwrap());
}

#[test]
fn a_seat_reads_the_text_meant_for_it_and_replays_keep_it() {
    let mut s = wagers(3, 11);
    let prize = deck(&s)[0];
    let other = |not: &[u8]| (1..=5).find(|v| !not.contains(v)).unwrap();
    let second = other(&[prize]);
    s.apply_plan(0, &[pick(prize), pick(second)], confirm())
        .unwrap();
    // Seat 1 wagers on the prize second; seat 2 not at all.
    let first1 = other(&[prize, second]);
    s.apply_plan(1, &[pick(first1), pick(prize)], confirm())
        .unwrap();
    let a = other(&[prize, second, first1]);
    let b = other(&[prize, second, first1, a]);
    s.apply_plan(2, &[pick(a), pick(b)], confirm()).unwrap();
    for seat in 0..3 {
        bid(&mut s, seat, 1 + seat as u32);
    }
    let reveal = s
        .log()
        .iter()
        .find(|e| e.label.starts_with("Bids revealed"))
        .unwrap()
        .clone();
    assert_eq!(
        reveal.text_for(Some(0)),
        format!("{} (your first wager)", reveal.label)
    );
    assert_eq!(
        reveal.text_for(Some(1)),
        format!("{} (your second wager)", reveal.label)
    );
    assert_eq!(reveal.text_for(Some(2)), reveal.label);
    assert_eq!(reveal.text_for(None), reveal.label);
    let back = tavern::save::SaveFile::parse(&tavern::save::SaveFile::from_session(&s).to_json())
        .unwrap()
        .replay(tavern_tests::plugins())
        .unwrap();
    let replayed = back
        .log()
        .iter()
        .find(|e| e.label.starts_with("Bids revealed"))
        .unwrap();
    assert_eq!(
        replayed, &reveal,
        "per-seat text is recomputed by the replay"
    );
}

#[test]
fn the_consolation_window_offers_a_pass_to_everyone() {
    use tavern_plugin_api::ChoiceKind;
    let mut s = wagers(2, 3);
    s.apply_plan(0, &[pick(1), pick(2)], confirm()).unwrap();
    s.apply_plan(1, &[pick(3), pick(4)], confirm()).unwrap();
    let prize = flipped(&s);
    // Both bid the prize: matched bids cancel, so both lost with it and may claim.
    bid(&mut s, 0, u32::from(prize));
    bid(&mut s, 1, u32::from(prize));
    assert_eq!(s.to_act().unwrap(), ToAct::Seats(vec![0, 1]));
    let legal = s.legal(0).unwrap();
    assert_eq!(legal.len(), 2);
    assert_eq!(legal[0].action, json!({"kind": "claim"}));
    assert_eq!(
        legal[1].kind,
        ChoiceKind::Pass {
            window: "consolation".into()
        }
    );
    s.apply(0, json!({"kind": "claim"})).unwrap();
    s.apply(1, json!({"kind": "decline"})).unwrap();
    // Next round: bids that are not the prize leave only the pass.
    let prize2 = u32::from(flipped(&s));
    let hand = |s: &Session, seat| -> Vec<u32> {
        s.legal(seat)
            .unwrap()
            .iter()
            .map(|a| a.action["card"].as_u64().unwrap() as u32)
            .collect()
    };
    let h0 = hand(&s, 0);
    let c0 = *h0.iter().find(|&&c| c != prize2).unwrap();
    bid(&mut s, 0, c0);
    let h1 = hand(&s, 1);
    let c1 = *h1.iter().find(|&&c| c != prize2 && c != c0).unwrap();
    bid(&mut s, 1, c1);
    for seat in 0..2 {
        let legal = s.legal(seat).unwrap();
        assert_eq!(legal.len(), 1, "{legal:?}");
        assert!(matches!(legal[0].kind, ChoiceKind::Pass { .. }));
    }
}

#[test]
fn an_option_choice_narrows_the_seats() {
    let mut setup = Setup::players(3);
    setup.options.insert("mode".into(), "duel".into());
    let err = Session::new(plugin("sealed-bid"), setup.clone(), UndoMode::Learning).unwrap_err();
    assert!(
        err.to_string()
            .contains("is for 2 players with these options, not 3"),
        "{err}"
    );
    setup.seats.truncate(2);
    assert!(Session::new(plugin("sealed-bid"), setup, UndoMode::Learning).is_ok());
}

#[test]
fn a_bot_plans_on_its_own_copy_and_confirms_in_one_entry() {
    let mut s = wagers(2, 8);
    let copy = s.bot_instance().unwrap();
    let d = bot_decision(&copy, 1, 5, BotAsk::level(1), None)
        .unwrap()
        .unwrap();
    assert_eq!(d.steps.len(), 2, "{:?}", d.steps);
    assert_eq!(d.entry.action, confirm());
    assert_eq!(d.reports.len(), 3, "one search per ask");
    assert_eq!(s.log().len(), 1, "the live game did not move");
    s.apply_plan(1, &d.steps, d.entry.action).unwrap();
    assert_eq!(s.log()[1].steps, d.steps);
}

/// The command line's bots (`Session::bot_play`, what `tavern simulate` uses) log a
/// plan as one entry with its confirm, like the table, and a random player likewise.
#[test]
fn bot_play_logs_a_plan_as_one_entry() {
    let mut s = wagers(2, 8);
    let d = s
        .bot_play(
            0,
            BotAsk {
                level: 1,
                iterations: Some(50),
                ..BotAsk::default()
            },
        )
        .unwrap();
    assert_eq!(s.log().len(), 2);
    let e = &s.log()[1];
    assert_eq!(
        (e.seat, &e.steps, &e.action),
        (Some(0), &d.steps, &confirm())
    );
    assert_eq!(e.steps.len(), 2);
    let flat = BotAsk {
        level: 1,
        flat: true,
        ..BotAsk::default()
    };
    s.bot_play(1, flat).unwrap();
    assert_eq!(s.log()[2].steps.len(), 2, "the flat bot plans too");
}

/// A seat handed to a bot mid-game and back: the save records who plays it now.
#[test]
fn a_seat_handed_to_a_bot_and_back_is_saved_so() {
    let mut s = sealed(2, UndoMode::Learning);
    bid(&mut s, 0, 4);
    s.set_seat_kind(1, tavern_plugin_api::SeatKind::Bot { level: 2 });
    assert!(s.is_bot(1));
    let d = s.bot_play(1, BotAsk::level(1)).unwrap();
    assert!(
        s.log()
            .iter()
            .any(|e| e.seat == Some(1) && e.action == d.entry.action)
    );
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("g.json");
    tavern::save::save(&s, &f).unwrap();
    let back = tavern::save::open(&f, tavern_tests::plugins()).unwrap();
    assert!(back.is_bot(1) && !back.is_bot(0));
    s.set_seat_kind(1, tavern_plugin_api::SeatKind::Human);
    assert!(!s.is_bot(1));
}
