//! Sessions through the real ABI: chance sampling, undo/redo in both modes, rewinding,
//! checkpoints, hidden information in logs, panics during play.

use serde_json::json;
use tavern::plugin::PluginError;
use tavern::session::{CHECKPOINT_EVERY, Session, SessionError, UndoMode};
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
    let choice = s.bot_move(1, 1).unwrap();
    let legal: Vec<_> = s.legal(1).unwrap().into_iter().map(|e| e.action).collect();
    assert!(legal.contains(&choice.action));
    assert_eq!(s.log().len(), 2);
}

#[test]
fn every_shipped_game_plays_to_the_end_through_the_session() {
    for id in tavern_tests::GAMES {
        let p = plugin(id);
        let mut setup = Setup::players(p.info.min_players.max(2).min(p.info.max_players));
        setup.seed = 5;
        let mut s = Session::new(p, setup, UndoMode::Learning).unwrap();
        let mut steps = 0;
        while let ToAct::Seats(seats) = s.to_act().unwrap() {
            let seat = seats[steps % seats.len()];
            let n = s.legal(seat).unwrap().len();
            assert!(n > 0, "{id}: seat {seat} to act with no legal action");
            s.apply_index(seat, (steps * 7) % n).unwrap();
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
