//! The table's plans and optional passes, driven through `TableState` (the state the UI
//! draws, without drawing): a plan overtaken by a bot is dropped with a notice, passes
//! nobody needs to decide are answered without a hot-seat cover, "don't ask me again"
//! lasts while the window key does, and the covers a four-human game of Keydom's raises
//! per round with and without the table answering passes. Then the bots at the table:
//! undo stops a thinking bot's search, a person's unrelated move does not restart it, a
//! seat goes to a bot mid-game and back, learning mode's hints and the end screen's
//! review; and (with egui_kittest) the Seats window and the stepper's arrow keys.

mod app_kit;

use std::time::{Duration, Instant};

use egui_kittest::kittest::Queryable;
use serde_json::{Value, json};
use tavern::app::TavernApp;
use tavern::app::state::Screen;
use tavern::app::table::TableState;
use tavern::paths::Paths;
use tavern::session::{Session, UndoMode, step_seed};
use tavern_plugin_api::{ChoiceKind, SeatKind, Setup, ToAct};
use tavern_tests::{plugin, temp_paths};

fn pick(v: u64) -> Value {
    json!({"kind": "pick", "value": v})
}

fn confirm() -> Value {
    json!({"kind": "confirm_wagers"})
}

/// A Sealed Bid table with one seat of each of `kinds`, dealt from `seed`, with `options`.
fn table_with(
    paths: &Paths,
    kinds: &[SeatKind],
    seed: u64,
    mode: UndoMode,
    options: &[(&str, &str)],
) -> TableState {
    let mut setup = Setup::players(kinds.len());
    for (s, k) in setup.seats.iter_mut().zip(kinds) {
        s.kind = k.clone();
    }
    setup.seed = seed;
    for (k, v) in options {
        setup.options.insert(k.to_string(), v.to_string());
    }
    let s = Session::new(plugin("sealed-bid"), setup, mode).unwrap();
    TableState::new(s, paths, None)
}

/// Sealed Bid's wagers mode (plans of two picks before the bidding), learning mode.
fn wagers_table(paths: &Paths, kinds: &[SeatKind], seed: u64) -> TableState {
    table_with(
        paths,
        kinds,
        seed,
        UndoMode::Learning,
        &[("mode", "wagers")],
    )
}

fn sealed_table(paths: &Paths, kinds: &[SeatKind], seed: u64, mode: UndoMode) -> TableState {
    table_with(paths, kinds, seed, mode, &[])
}

/// A human at the screen plays `action` (taking the screen first if it is covered).
fn play(t: &mut TableState, seat: usize, action: Value) {
    if t.cover == Some(seat) {
        t.reveal();
    }
    assert_eq!(t.viewer(), Some(seat), "seat {seat} is not at the screen");
    let now = t.local().unwrap().cursor() as f64;
    t.act(seat, action, now);
}

/// Runs the table's bot driver until `seat` has a decision in the log.
fn let_bot_play(t: &mut TableState, seat: usize) {
    let mut now = 0.0;
    for _ in 0..1000 {
        if t.local()
            .unwrap()
            .log()
            .iter()
            .any(|e| e.seat == Some(seat))
        {
            return;
        }
        t.tick(now, 0.0);
        now += 0.1;
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("the bot did not move: {:?} {:?}", t.banner, t.notice);
}

#[test]
fn a_plan_overtaken_by_another_seat_is_dropped_with_a_notice() {
    let (_d, paths) = temp_paths();
    for overtaken in [true, false] {
        let mut t = wagers_table(&paths, &[SeatKind::Human, SeatKind::Human], 4);
        if t.cover.is_some() {
            t.reveal();
        }
        let me = t.viewer().unwrap();
        let other = 1 - me;
        let start = t.local().unwrap().cursor();
        play(&mut t, me, pick(3));
        assert_eq!(t.plan.as_ref().map(|p| p.steps.len()), Some(1));
        assert_eq!(t.local().unwrap().cursor(), start, "a step is not logged");
        // Meanwhile the other seat confirms (as a bot or another screen would).
        let theirs = if overtaken { 3 } else { 5 };
        t.local_mut()
            .unwrap()
            .apply_plan(other, &[pick(theirs), pick(1)], confirm())
            .unwrap();
        t.session_changed(1.0);
        if overtaken {
            assert!(t.plan.is_none(), "the plan no longer fits");
            let notice = t.notice.clone().unwrap_or_default();
            assert!(
                notice.starts_with("Your plan was dropped because the game moved on: step 1"),
                "{notice}"
            );
        } else {
            assert_eq!(t.plan.as_ref().map(|p| p.steps.len()), Some(1), "kept");
            play(&mut t, me, pick(2));
            play(&mut t, me, confirm());
            let e = t
                .local()
                .unwrap()
                .log()
                .iter()
                .find(|e| e.seat == Some(me))
                .unwrap();
            assert_eq!(e.steps, vec![pick(3), pick(2)]);
        }
    }
}

/// A bot's plan arrives as one entry while a human's plan stays open.
#[test]
fn a_bot_plan_is_one_entry_and_a_human_plan_survives_it() {
    let (_d, paths) = temp_paths();
    let mut t = wagers_table(&paths, &[SeatKind::Human, SeatKind::Bot { level: 1 }], 4);
    play(&mut t, 0, pick(3));
    let_bot_play(&mut t, 1);
    let bot = t
        .local()
        .unwrap()
        .log()
        .iter()
        .find(|e| e.seat == Some(1))
        .unwrap();
    assert_eq!(bot.steps.len(), 2);
    let overtaken = bot.steps[0] == pick(3);
    assert_eq!(t.plan.is_none(), overtaken, "{:?}", t.notice);
}

/// The prize values in the deck right after the shuffle, top first.
fn deck(t: &TableState) -> Vec<u64> {
    let state = t.local().unwrap().instance().state().unwrap();
    serde_json::from_value(state["deck"].clone()).unwrap()
}

fn hand(t: &TableState, seat: usize) -> Vec<u64> {
    t.local()
        .unwrap()
        .legal(seat)
        .unwrap()
        .iter()
        .filter_map(|a| a.action["card"].as_u64())
        .collect()
}

/// Two humans wager, then bid in round 1: both the prize when `equal`, else two other
/// cards. With `auto_answer` off the table asks every human every time (as it did before
/// optional responders).
fn two_humans_to_the_first_window(
    seed: u64,
    paths: &Paths,
    equal: bool,
    auto_answer: bool,
) -> TableState {
    let mut t = wagers_table(paths, &[SeatKind::Human, SeatKind::Human], seed);
    t.auto_answer = auto_answer;
    let prize = deck(&t)[0];
    play(&mut t, 0, pick(1));
    play(&mut t, 0, pick(2));
    play(&mut t, 0, confirm());
    play(&mut t, 1, pick(3));
    play(&mut t, 1, pick(4));
    play(&mut t, 1, confirm());
    assert_eq!(t.to_act(), vec![0, 1], "bidding");
    let first = t.viewer().unwrap();
    let other = 1 - first;
    let (a, b) = if equal {
        (prize, prize)
    } else {
        let a = *hand(&t, first).iter().find(|&&c| c != prize).unwrap();
        let b = *hand(&t, other)
            .iter()
            .find(|&&c| c != prize && c != a)
            .unwrap();
        (a, b)
    };
    play(&mut t, first, json!({"kind": "bid", "card": a}));
    play(&mut t, other, json!({"kind": "bid", "card": b}));
    t
}

#[test]
fn a_window_nobody_can_use_is_answered_without_a_cover() {
    let (_d, paths) = temp_paths();
    let t = two_humans_to_the_first_window(5, &paths, false, true);
    // Nobody's bid equalled the prize: both had only the pass, answered by the table.
    assert_eq!(t.passes_answered, 2);
    let passes = t
        .local()
        .unwrap()
        .log()
        .iter()
        .filter(|e| e.action == json!({"kind": "decline"}))
        .count();
    assert_eq!(passes, 2, "the passes are logged like any action");
    assert_eq!(t.to_act(), vec![0, 1], "round 2 bidding follows at once");
    // Covers: one per hand-over while planning and bidding (P1 → P2, P2 → P1), none for
    // the window.
    let covers = t.covers_raised;
    let mut off = two_humans_to_the_first_window(5, &paths, false, false);
    assert_eq!(off.passes_answered, 0);
    // Without the table's answers both humans are asked: a cover for each hand-over.
    let mut asked = 0;
    while let Some(seat) = off.cover.or(off.viewer()) {
        let legal = off.local().unwrap().legal(seat).unwrap();
        if legal.iter().any(|a| a.action["card"].is_number()) {
            break;
        }
        play(&mut off, seat, legal[0].action.clone());
        asked += 1;
    }
    assert_eq!(asked, 2);
    assert!(
        off.covers_raised > covers,
        "asking raised covers: {} vs {covers}",
        off.covers_raised
    );
}

#[test]
fn dont_ask_me_again_lasts_while_the_window_key_does() {
    let (_d, paths) = temp_paths();
    // A seed whose first two prizes differ, so both seats can bid the prize twice.
    let seed = (0..100)
        .find(|&seed| {
            let t = wagers_table(&paths, &[SeatKind::Human, SeatKind::Human], seed);
            let d = deck(&t);
            d[0] != d[1]
        })
        .unwrap();
    let mut t = two_humans_to_the_first_window(seed, &paths, true, true);
    // Both bid the prize: matched, both lost with it, both may claim: nobody answered.
    assert_eq!(t.passes_answered, 0);
    assert_eq!(t.to_act(), vec![0, 1]);
    if t.cover.is_some() {
        t.reveal();
    }
    let me = t.viewer().unwrap();
    let other = 1 - me;
    t.never_ask(me, "consolation", 1.0);
    assert!(t.never_asks(me, "consolation"));
    assert_eq!(t.passes_answered, 1, "the pending pass went at once");
    assert_eq!(t.to_act(), vec![other]);
    play(&mut t, other, json!({"kind": "claim"}));
    // Round 2: both bid the new prize again; only `other` is asked.
    let state = t.local().unwrap().instance().state().unwrap();
    let prize = state["prize"].as_u64().unwrap();
    assert_eq!(
        t.local().unwrap().to_act().unwrap(),
        ToAct::Seats(vec![0, 1])
    );
    let first = t.viewer().or(t.cover).unwrap();
    play(&mut t, first, json!({"kind": "bid", "card": prize}));
    play(&mut t, 1 - first, json!({"kind": "bid", "card": prize}));
    assert_eq!(t.passes_answered, 2, "answered again for {me}");
    assert_eq!(t.to_act(), vec![other]);
}

/// Keydom's with four humans in hot-seat: how many "pass to" covers a round raises when
/// every response window stops every player, and when the table answers the windows a
/// player can only pass. Prints the numbers; checks that answering never raises more.
#[test]
fn keydoms_covers_per_round_with_four_humans() {
    let (_d, paths) = temp_paths();
    let mut report = Vec::new();
    for seed in [1u64, 2, 3] {
        let mut per_mode = Vec::new();
        for (auto, tick) in [(false, false), (true, false), (true, true)] {
            let mut setup = Setup::players(4);
            setup.seed = seed;
            let s = Session::new(plugin("keydoms"), setup, UndoMode::Learning).unwrap();
            let mut t = TableState::new(s, &paths, None);
            t.auto_answer = auto;
            let mut decisions = 0usize;
            while !t.is_over() {
                if let Some(c) = t.cover {
                    t.reveal();
                    assert_eq!(t.viewer(), Some(c));
                }
                let seat = t.viewer().expect("a human at the screen");
                let list = t.local().unwrap().legal(seat).unwrap();
                assert!(
                    !list.is_empty(),
                    "seat {seat} at the screen with nothing to do"
                );
                // The same choice in both runs: by position in the game, not by an RNG
                // stream the answered passes would shift.
                let pick =
                    step_seed(seed, t.local().unwrap().cursor() * 8 + seat) as usize % list.len();
                let now = decisions as f64;
                match &list[pick].kind {
                    // A player who lets a window go and ticks "don't ask me again".
                    tavern_plugin_api::ChoiceKind::Pass { window } if tick => {
                        let window = window.clone();
                        t.never_ask(seat, &window, now);
                    }
                    _ => t.act(seat, list[pick].action.clone(), now),
                }
                assert!(t.banner.is_none(), "{:?}", t.banner);
                decisions += 1;
                assert!(decisions < 20_000, "the game does not end");
            }
            let state = t.local().unwrap().instance().state().unwrap();
            let rounds = state["round"].as_u64().unwrap().max(1) as f64;
            per_mode.push((t.covers_raised as f64 / rounds, t.passes_answered, rounds));
        }
        let (before, _, rounds) = per_mode[0];
        let (after, answered, _) = per_mode[1];
        let (ticked, answered_ticked, rounds_ticked) = per_mode[2];
        report.push(format!(
            "seed {seed}: {rounds} rounds, covers per round {before:.2} before, {after:.2} after ({answered} passes answered); with \"don't ask me again\" ticked at each pass: {ticked:.2} ({answered_ticked} answered, {rounds_ticked} rounds)"
        ));
        assert!(after <= before, "{report:?}");
    }
    println!("Keydom's, four humans in hot-seat:\n{}", report.join("\n"));
}

/// The first legal action of the seat at the screen that is not a plan step (a step
/// when there is nothing else).
fn some_action(t: &mut TableState) -> (usize, Value) {
    if let Some(c) = t.cover {
        t.reveal();
        assert_eq!(t.viewer(), Some(c));
    }
    let list = t.viewer_actions();
    let (seat, a) = list
        .iter()
        .find(|(_, a)| a.kind != ChoiceKind::Step)
        .or(list.first())
        .cloned()
        .expect("the seat at the screen has something to do");
    (seat, a.action)
}

/// Waits until `done` holds, ticking the table (bots at `pace`), for at most `secs`.
fn wait_for(
    t: &mut TableState,
    pace: f32,
    secs: f64,
    mut done: impl FnMut(&mut TableState) -> bool,
) {
    let started = Instant::now();
    let mut now = 100.0;
    while !done(t) {
        assert!(
            started.elapsed().as_secs_f64() < secs,
            "waited {secs} s: {:?} {:?}",
            t.banner,
            t.notice
        );
        t.tick(now, pace);
        now += 0.05;
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Undo while a strong bot thinks: allowed at once, it drops the bot's job, and the
/// search inside the plugin ends long before its three-second budget. The bot here got
/// its seat mid-game, from a person who left.
#[test]
fn undo_while_a_bot_thinks_stops_its_search() {
    let (_d, paths) = temp_paths();
    let mut setup = Setup::players(2);
    setup.seed = 3;
    let s = Session::new(plugin("dragonkeepers"), setup, UndoMode::Learning).unwrap();
    let mut t = TableState::new(s, &paths, None);
    // People play until seat 0 has moved and seat 1 is to move.
    for _ in 0..200 {
        let zero_moved = t.local().unwrap().log().iter().any(|e| e.seat == Some(0));
        if zero_moved && t.to_act() == vec![1] && t.plan.is_none() {
            break;
        }
        let (seat, action) = some_action(&mut t);
        t.act(seat, action, 1.0);
    }
    assert_eq!(t.to_act(), vec![1]);
    let before = t.local().unwrap().cursor();
    t.hand_seat(1, Some(3), 2.0);
    t.tick(3.0, 1.0e6);
    assert_eq!(t.thinking(), Some(1));
    assert_eq!(t.bot_jobs_started, 1);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(t.can_undo(), Ok(()), "undo does not wait for the bot");
    t.undo(4.0);
    let stopped_at = Instant::now();
    assert!(t.thinking().is_none());
    assert!(
        t.local().unwrap().cursor() < before,
        "seat 0's move was taken back"
    );
    while t.stopped_searches_running() > 0 {
        assert!(
            stopped_at.elapsed() < Duration::from_millis(1500),
            "the stopped search ran on"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(t.humans_to_act().contains(&0));
}

/// A person's secret bid in a step where the bot bids too changes nothing the bot
/// knows: its search goes on (one job), and its bid comes in as one entry.
#[test]
fn a_persons_secret_bid_does_not_restart_the_bots_search() {
    let (_d, paths) = temp_paths();
    let mut t = sealed_table(
        &paths,
        &[SeatKind::Human, SeatKind::Bot { level: 2 }],
        5,
        UndoMode::Learning,
    );
    assert_eq!(t.to_act(), vec![0, 1]);
    t.tick(0.0, 1.0e6);
    assert_eq!((t.thinking(), t.bot_jobs_started), (Some(1), 1));
    let (seat, action) = some_action(&mut t);
    assert_eq!(seat, 0);
    t.act(0, action, 0.5);
    for i in 0..5 {
        t.tick(1.0 + f64::from(i), 1.0e6);
    }
    assert_eq!(t.bot_jobs_started, 1, "the search was not restarted");
    assert_eq!(t.thinking(), Some(1));
    wait_for(&mut t, 0.0, 20.0, |t| {
        t.local().unwrap().log().iter().any(|e| e.seat == Some(1))
    });
    assert_eq!(t.bot_jobs_started, 1);
    // Taking a move back is a change the bot must see: a new job.
    t.undo(50.0);
    assert!(t.thinking().is_none());
    let (_, action) = some_action(&mut t);
    t.act(0, action, 51.0);
    t.tick(52.0, 1.0e6);
    assert_eq!(t.bot_jobs_started, 2);
}

/// A person leaves mid-game: the seat goes to a bot, which plays it (and the leaver's
/// view leaves the screen); then the person comes back and the bot stops playing it.
#[test]
fn a_seat_is_handed_to_a_bot_mid_game_and_back() {
    let (_d, paths) = temp_paths();
    let mut t = sealed_table(
        &paths,
        &[SeatKind::Human, SeatKind::Human],
        7,
        UndoMode::Learning,
    );
    let (seat, action) = some_action(&mut t);
    t.act(seat, action, 1.0);
    let other = 1 - seat;
    t.hand_seat(other, Some(1), 2.0);
    assert!(t.local().unwrap().is_bot(other));
    assert_ne!(
        t.viewer(),
        Some(other),
        "the leaver's view is not on screen"
    );
    assert_eq!(t.cover, None);
    wait_for(&mut t, 0.0, 20.0, |t| {
        t.local()
            .unwrap()
            .log()
            .iter()
            .any(|e| e.seat == Some(other))
    });
    // The autosave records the bot.
    let saved = tavern::save::open(&t.autosave_path().unwrap(), tavern_tests::plugins()).unwrap();
    assert!(saved.is_bot(other));
    // Back to a person: no bot job for that seat any more.
    t.hand_seat(other, None, 30.0);
    assert!(!t.local().unwrap().is_bot(other));
    let started = t.bot_jobs_started;
    for i in 0..5 {
        t.tick(31.0 + f64::from(i), 0.0);
    }
    assert_eq!(t.bot_jobs_started, started);
    assert!(t.thinking().is_none());
    assert_eq!(t.humans(), vec![0, 1]);
}

/// Waits (at most 20 s) until the hint asked has its answer or is gone.
fn wait_for_hint(t: &mut TableState) {
    let asked = Instant::now();
    while t.current_hint().is_some_and(|h| h.answer.is_none()) {
        assert!(asked.elapsed().as_secs() < 20, "no hint came");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Learning mode's hint: the normal bot's choice and its estimate for each candidate,
/// worked out off the caller's thread; dropped when the position changes; not offered
/// in fair mode.
#[test]
fn a_hint_names_the_normal_bots_choice_and_rates_each_candidate() {
    let (_d, paths) = temp_paths();
    let mut t = sealed_table(
        &paths,
        &[SeatKind::Human, SeatKind::Bot { level: 1 }],
        9,
        UndoMode::Learning,
    );
    assert_eq!(t.can_hint(), Ok(0));
    t.ask_hint();
    assert!(
        t.current_hint().is_some_and(|h| h.answer.is_none()),
        "thinking first"
    );
    wait_for_hint(&mut t);
    let legal = t.local().unwrap().legal(0).unwrap();
    let hint = t.current_hint().unwrap();
    let (entry, report) = hint.answer.clone().unwrap().unwrap();
    let report = report.unwrap();
    assert!(
        legal
            .iter()
            .any(|l| l.label == entry.label && l.action == entry.action)
    );
    assert_eq!(report.candidates.len(), legal.len());
    assert!(report.iterations > 0);
    assert!(
        report
            .candidates
            .iter()
            .all(|c| (0.0..=1.0).contains(&c.win))
    );
    // The position moves on: the hint is stale and goes.
    let (_, action) = some_action(&mut t);
    t.act(0, action, 1.0);
    assert!(t.current_hint().is_none());
    let fair = sealed_table(
        &paths,
        &[SeatKind::Human, SeatKind::Bot { level: 1 }],
        9,
        UndoMode::Fair,
    );
    assert!(fair.can_hint().is_err());
}

/// Another seat's secret bid while the hint is worked out changes nothing the asking
/// seat knows or may do: the hint stays (its search is not restarted) and answers; an
/// undo drops it.
#[test]
fn a_hint_outlives_another_seats_secret_bid_and_goes_with_an_undo() {
    let (_d, paths) = temp_paths();
    let mut t = sealed_table(
        &paths,
        &[SeatKind::Human, SeatKind::Human],
        9,
        UndoMode::Learning,
    );
    t.advice_iterations = Some(300);
    if t.cover.is_some() {
        t.reveal();
    }
    let me = t.viewer().unwrap();
    let other = 1 - me;
    t.ask_hint();
    // The other seat bids meanwhile (as a bot, or on another screen, would).
    let their_bid = t.local().unwrap().legal(other).unwrap()[0].action.clone();
    t.local_mut().unwrap().apply(other, their_bid).unwrap();
    t.session_changed(1.0);
    assert_eq!(t.viewer(), Some(me), "still at the screen");
    wait_for_hint(&mut t);
    let hint = t.current_hint().expect("the hint outlived the other bid");
    let (_, report) = hint.answer.clone().unwrap().unwrap();
    assert_eq!(report.unwrap().iterations, 300);
    t.undo(2.0);
    assert!(t.current_hint().is_none(), "an undo drops the hint");
}

/// The end screen's review rates every decision the people made, with what they knew.
#[test]
fn the_review_rates_each_decision_of_the_people() {
    let (_d, paths) = temp_paths();
    let mut t = sealed_table(
        &paths,
        &[SeatKind::Human, SeatKind::Human],
        11,
        UndoMode::Fair,
    );
    let mut n = 0;
    while !t.is_over() {
        let (seat, action) = some_action(&mut t);
        t.act(seat, action, n as f64);
        n += 1;
        assert!(n < 500);
    }
    let decisions = t
        .local()
        .unwrap()
        .log()
        .iter()
        .filter(|e| e.seat.is_some())
        .count();
    t.start_review();
    let started = Instant::now();
    loop {
        let p = t.review.as_ref().unwrap().progress().clone();
        assert_eq!(
            p.total,
            decisions.min(tavern::app::advice::REVIEW_MAX_DECISIONS)
        );
        if p.finished {
            assert_eq!(p.error, None);
            assert_eq!(p.done, p.total);
            assert_eq!(p.ratings.len(), p.total);
            for r in &p.ratings {
                assert!(!r.played.is_empty() && r.place.is_some(), "{r:?}");
                if r.choices > 1 {
                    assert!(r.played_win.is_some() || r.place != Some(1), "{r:?}");
                }
            }
            break;
        }
        assert!(
            started.elapsed().as_secs() < 120,
            "the review did not finish"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn app_at(table: TableState, paths: &Paths) -> egui_kittest::Harness<'static, TavernApp> {
    let mut app = app_kit::app(paths);
    // Bots think but never move in these tests: the position stays put.
    app.state.settings.bot_pace = 1.0e6;
    app.state.table = Some(table);
    app.state.screen = Screen::Table;
    app_kit::harness(app, app_kit::WIDE)
}

/// "Seats…" hands a seat to a bot from the table, and back.
#[test]
fn the_seats_window_hands_a_seat_to_a_bot_and_back() {
    let (_d, paths) = temp_paths();
    let t = sealed_table(
        &paths,
        &[SeatKind::Human, SeatKind::Human],
        7,
        UndoMode::Learning,
    );
    let mut h = app_at(t, &paths);
    h.run();
    if h.query_by_label_contains("show my table").is_some() {
        h.get_by_label_contains("show my table").click();
        h.run();
    }
    h.get_by_label("Seats…").click();
    h.run();
    // Seat 2's row is the second one.
    h.get_all_by_label("Bot 2").nth(1).unwrap().click();
    h.run();
    let is_bot = |h: &egui_kittest::Harness<'_, TavernApp>| {
        h.state()
            .state
            .table
            .as_ref()
            .unwrap()
            .local()
            .unwrap()
            .is_bot(1)
    };
    assert!(is_bot(&h), "seat 2 is a bot now");
    h.get_all_by_label("Person").nth(1).unwrap().click();
    h.run();
    assert!(!is_bot(&h), "and a person again");
}

/// Issue 8: arrow keys move a focused stepper (right and up raise, left and down lower)
/// and keep the focus on it.
#[test]
fn arrow_keys_move_a_focused_stepper() {
    let (_d, paths) = temp_paths();
    let t = sealed_table(
        &paths,
        &[SeatKind::Human, SeatKind::Bot { level: 1 }],
        9,
        UndoMode::Learning,
    );
    let mut h = app_at(t, &paths);
    h.run();
    let at = |h: &egui_kittest::Harness<'_, TavernApp>| {
        h.state()
            .state
            .table
            .as_ref()
            .unwrap()
            .numbers
            .get("Bid")
            .copied()
    };
    let first = at(&h).expect("a Bid stepper");
    h.get_by_label("Bid value").focus();
    h.run();
    h.key_press(egui::Key::ArrowRight);
    h.run();
    h.key_press(egui::Key::ArrowUp);
    h.run();
    let up = at(&h).unwrap();
    assert!(up > first, "{first} -> {up}");
    h.get_by_label("Raise Bid").focus();
    h.run();
    h.key_press(egui::Key::ArrowDown);
    h.run();
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    assert!(at(&h).unwrap() < up);
}

/// "Rules" opens the game's rules help under a row of its sections; a section's link
/// scrolls its heading to the top of the text, the last one included.
#[test]
fn the_rules_window_jumps_to_a_section() {
    let (_d, paths) = temp_paths();
    let mut setup = Setup::players(2);
    setup.seed = 4;
    let s = Session::new(plugin("dragonkeepers"), setup, UndoMode::Learning).unwrap();
    let mut h = app_at(TableState::new(s, &paths, None), &paths);
    h.run();
    h.get_by_label("Rules").click();
    h.run();
    let window = |h: &egui_kittest::Harness<'_, TavernApp>| {
        h.ctx
            .memory(|m| m.area_rect(egui::Id::unique("rules-window")))
            .expect("the rules window is open")
    };
    // The last section lies below the window's bottom before the jump.
    let heading = |h: &egui_kittest::Harness<'_, TavernApp>| {
        h.query_all_by_label("Magic chests (variant)")
            .map(|n| n.rect())
            .max_by(|a, b| a.top().total_cmp(&b.top()))
            .expect("the heading and its link")
    };
    assert!(heading(&h).top() > window(&h).bottom(), "{:?}", window(&h));
    // The link is the first of the two nodes (above the text).
    h.query_all_by_label("Magic chests (variant)")
        .min_by(|a, b| a.rect().top().total_cmp(&b.rect().top()))
        .unwrap()
        .click();
    h.run();
    let (w, r) = (window(&h), heading(&h));
    assert!(
        r.top() >= w.top() && r.bottom() <= w.bottom(),
        "the heading at {r:?} in the window at {w:?}"
    );
}

/// A one-seat game (Dungeon Lords' combat training) has nobody to beat: the end window's
/// headline is the score, not "Player 1 wins".
#[test]
fn a_one_seat_game_ends_with_its_score() {
    let (_d, paths) = temp_paths();
    let mut setup = Setup::players(1);
    setup.seed = 2;
    setup.options.insert("mode".into(), "training-1".into());
    let mut s = Session::new(plugin("dungeon-lords"), setup, UndoMode::Learning).unwrap();
    for _ in 0..10_000 {
        let ToAct::Seats(seats) = s.to_act().unwrap() else {
            break;
        };
        s.apply_index(seats[0], 0).unwrap();
    }
    assert!(s.to_act().unwrap().is_over(), "the training ended");
    let total = s.outcome().unwrap().unwrap().scores[0].total;
    let mut t = TableState::new(s, &paths, None);
    t.show_end = true;
    let mut h = app_at(t, &paths);
    h.run();
    h.get_by_label(&format!("Player 1's final score: {total}"));
    assert!(h.query_by_label_contains(" wins").is_none());
}

/// The King's Guild's solo game ends with a title: alone at the table it reads as the
/// verdict, not as a "Tie-break".
#[test]
fn a_solo_title_is_not_called_a_tie_break() {
    let (_d, paths) = temp_paths();
    let mut setup = Setup::players(1);
    setup.seed = 5;
    let mut s = Session::new(plugin("kings-guild"), setup, UndoMode::Learning).unwrap();
    let mut rng = tavern_plugin_api::GameRng::new(5);
    for _ in 0..100_000 {
        let ToAct::Seats(seats) = s.to_act().unwrap() else {
            break;
        };
        let n = s.instance().legal_count(seats[0]).unwrap();
        s.apply_index(seats[0], rand::RngExt::random_range(&mut rng, 0..n))
            .unwrap();
    }
    assert!(s.to_act().unwrap().is_over(), "the solo game ended");
    let title = s
        .outcome()
        .unwrap()
        .unwrap()
        .tie_break
        .expect("a solo title");
    let mut t = TableState::new(s, &paths, None);
    t.show_end = true;
    let mut h = app_at(t, &paths);
    h.run();
    h.get_by_label(&title);
    assert!(h.query_by_label_contains("Tie-break").is_none());
}

/// Keydom's Dragons' ghosts are scored beside the seats: the end table has a column for
/// each, and a ghost that wins is named in the headline (it read "No winner").
#[test]
fn ghosts_are_in_the_end_table_and_can_win() {
    let (_d, paths) = temp_paths();
    let mut ghost_won = false;
    for seed in 0..40 {
        let mut setup = Setup::players(1);
        setup.seed = seed;
        let mut s = Session::new(plugin("keydoms"), setup, UndoMode::Learning).unwrap();
        let mut rng = tavern_plugin_api::GameRng::new(seed);
        for _ in 0..100_000 {
            let ToAct::Seats(seats) = s.to_act().unwrap() else {
                break;
            };
            let n = s.instance().legal_count(seats[0]).unwrap();
            s.apply_index(seats[0], rand::RngExt::random_range(&mut rng, 0..n))
                .unwrap();
        }
        let o = s.outcome().unwrap().expect("the game ended");
        assert!(!o.others.is_empty(), "solo Keydom's has ghosts");
        let winner = o
            .others
            .iter()
            .find(|x| x.rank == 0)
            .map(|x| x.name.clone());
        let names: Vec<(String, usize)> =
            o.others.iter().map(|x| (x.name.clone(), x.rank)).collect();
        let mut t = TableState::new(s, &paths, None);
        t.show_end = true;
        let mut h = app_at(t, &paths);
        h.run();
        for (name, rank) in &names {
            h.get_by_label(&format!("{name} (#{})", rank + 1));
        }
        if let Some(w) = winner {
            h.get_by_label(&format!("{w} wins"));
            ghost_won = true;
            break;
        }
    }
    assert!(ghost_won, "a ghost won one of 40 random solo games");
}
