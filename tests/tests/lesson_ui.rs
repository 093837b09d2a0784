//! A lesson walked through the app under egui_kittest (issue 28): the launcher's *Learn
//! to play*, the guide, clicks on the outlined targets, a refused click's "Not yet", the
//! scripted opponent, Continue, and the two ways out at the end. Uses the `sealed-bid`
//! fixture's own lesson, so no game's lesson file is needed.

mod app_kit;

use app_kit::{WIDE, step_until, table};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tavern::app::TavernApp;
use tavern::app::state::Screen;
use tavern::app::table::TableState;
use tavern::paths::Paths;
use tempfile::TempDir;

fn app(size: (f32, f32)) -> (TempDir, Paths, Harness<'static, TavernApp>) {
    let (dir, paths) = tavern_tests::temp_paths();
    let h = app_kit::harness(app_kit::app(&paths), size);
    (dir, paths, h)
}

/// The guide's "Not yet: …" after a refused click.
fn refused<'a>(h: &'a Harness<'_, TavernApp>) -> Option<&'a str> {
    table(h).lesson.as_ref().and_then(|l| l.refused.as_deref())
}

fn step_of(h: &Harness<'_, TavernApp>) -> usize {
    table(h).lesson.as_ref().expect("a lesson").guide.step
}

/// Clicks the table item the lesson outlines, checking it is the one named.
fn click_target(h: &mut Harness<'_, TavernApp>, id: &str, label: &str) {
    assert_eq!(table(h).lesson_target().as_deref(), Some(id));
    h.get_by_label(&format!("{label} on the table")).click();
    h.run();
}

/// From the launcher into the fixture's lesson, through the guide to its finale.
fn walk_the_lesson(h: &mut Harness<'_, TavernApp>) {
    h.get_by_label_contains("Sealed Bid (test game)").click();
    h.run();
    h.get_by_label("Learn to play · about 2 min").click();
    h.run();
    assert_eq!(h.state().state.screen, Screen::Table);
    assert!(table(h).lesson.is_some());
    assert!(table(h).can_undo().is_err(), "Undo is off in a lesson");
    h.get_by_label_contains("Each round a prize card is turned up");
    // Before Begin nothing is played.
    h.get_by_label("Bid 5 on the table").click();
    h.run();
    assert_eq!(refused(h), Some("Not yet: read the guide and press Begin"));
    h.get_by_label("Not yet: read the guide and press Begin");
    assert_eq!(table(h).notice, None, "in the guide, not in the top bar");
    assert_eq!(
        table(h).local().unwrap().log().len(),
        2,
        "the shuffle and the flip"
    );
    h.get_by_label("Begin").click();
    h.run();
    h.get_by_label_contains("The prize deck was shuffled");
    h.get_by_label("Continue").click();
    h.run();
    // Move 1: the 5 (outlined) or the 4 are accepted.
    h.get_by_label_contains("Your move 1 of 2");
    click_target(h, "hand:5", "Bid 5");
    h.get_by_label_contains("Your 5 is sealed");
    assert_eq!(
        table(h).local().unwrap().log()[2].seat,
        Some(0),
        "the student's bid"
    );
    // Ben's scripted bid comes after a pause, played by the table (no bot search).
    step_until(h, "the scripted bid", 20, |h| step_of(h) >= 3);
    assert_eq!(
        table(h).local().unwrap().log()[3].seat,
        Some(1),
        "Ben's bid"
    );
    assert_eq!(table(h).bot_jobs_started, 0);
    h.get_by_label_contains("Ben seals a bid too");
    h.get_by_label_contains("your bid beat Ben's 2");
    let log = &table(h).local().unwrap().log();
    assert!(
        log.iter().any(|e| e.label.starts_with("Bids revealed")),
        "the reveal is logged: {:?}",
        log.iter().map(|e| &e.label).collect::<Vec<_>>()
    );
    h.get_by_label("Continue").click();
    h.run();
    // Move 2: only the 3. Another card is refused, naming what the lesson wants.
    h.get_by_label_contains("Your move 2 of 2");
    let before = table(h).local().unwrap().log().len();
    h.get_by_label("Bid 1 on the table").click();
    h.run();
    assert_eq!(refused(h), Some("Not yet: click your 3"));
    h.get_by_label_contains("Not yet: click your 3");
    assert_eq!(
        table(h).local().unwrap().log().len(),
        before,
        "nothing happened"
    );
    click_target(h, "hand:3", "Bid 3");
    assert_eq!(refused(h), None, "an accepted move clears the refusal");
    step_until(h, "the second scripted bid", 20, |h| step_of(h) >= 6);
    h.get_by_label_contains("Equal bids cancel");
    h.get_by_label("Continue").click();
    h.run();
    h.get_by_label_contains("Well done: that was the lesson.");
    h.get_by_label_contains("one more round follows");
}

#[test]
fn a_lesson_is_walked_by_clicking_its_targets_then_played_on_freely() {
    let (_dir, _paths, mut h) = app(WIDE);
    h.state_mut().state.settings.bot_pace = 0.0;
    walk_the_lesson(&mut h);
    // Still refused at the finale, until the student chooses how to go on.
    h.get_by_label("Bid 1 on the table").click();
    h.run();
    assert!(
        refused(&h).unwrap_or("").starts_with("Not yet"),
        "{:?}",
        refused(&h)
    );
    h.get_by_label("Play on freely").click();
    h.run();
    assert!(table(&h).lesson.is_none());
    assert!(table(&h).can_undo().is_ok(), "Undo is back");
    assert_eq!(table(&h).bot_level(1), 1);
    // The same game goes on: the bid is played and Ben's level-1 bot answers it.
    h.get_by_label("Bid 1 on the table").click();
    h.run();
    let before = table(&h).local().unwrap().log().len();
    step_until(&mut h, "the bot's bid", 20, |h| {
        table(h).local().unwrap().log().len() > before
    });
    assert!(table(&h).bot_jobs_started >= 1);
}

#[test]
fn a_lesson_ends_in_the_launcher_with_its_game_chosen() {
    let (_dir, _paths, mut h) = app((1024.0, 700.0));
    h.state_mut().state.settings.bot_pace = 0.0;
    walk_the_lesson(&mut h);
    h.get_by_label("Start a real game").click();
    h.run();
    let s = &h.state().state;
    assert_eq!(s.screen, Screen::Launcher);
    assert!(s.table.is_none());
    assert_eq!(s.launcher.game.as_deref(), Some("sealed-bid"));
    h.get_by_label("Start");
}

#[test]
fn the_table_answers_no_pass_during_a_lesson_and_waits_for_the_written_one() {
    use serde_json::json;
    use std::sync::Arc;
    use tavern::lesson::{Accept, Lesson, Step};
    // Wagers mode: after each reveal every seat answers a consolation window, which for
    // a seat that may not claim is one pass; a normal table answers it by itself.
    let p = tavern_tests::plugin("sealed-bid");
    let text = p.lesson_text().unwrap().unwrap();
    let mut l = Lesson::parse(&text).unwrap();
    l.options.insert("mode".into(), "wagers".into());
    let play = |a: serde_json::Value| Step::Play {
        say: "go".into(),
        highlight: None,
        accept: vec![Accept {
            action: a,
            then: None,
        }],
        not_yet: None,
    };
    let bot = |a: serde_json::Value| Step::Bot {
        action: a,
        seat: Some(1),
        say: None,
    };
    let pick = |v: u8| json!({"kind": "pick", "value": v});
    let bid = |c: u8| json!({"kind": "bid", "card": c});
    l.steps = vec![
        play(pick(4)),
        play(pick(2)),
        play(json!({"kind": "confirm_wagers"})),
        bot(pick(5)),
        bot(pick(3)),
        bot(json!({"kind": "confirm_wagers"})),
        play(bid(5)),
        bot(bid(2)),
        play(json!({"kind": "decline"})),
        bot(json!({"kind": "decline"})),
    ];
    tavern::lesson::check(&p, &l).unwrap_or_else(|e| panic!("{e}"));
    let (_dir, paths) = tavern_tests::temp_paths();
    let session =
        tavern::session::Session::new(p.clone(), l.setup(), tavern::session::UndoMode::Learning)
            .unwrap();
    let mut t = TableState::new(session, &paths, None);
    t.begin_lesson(Arc::new(l));
    let mut app = app_kit::app(&paths);
    app.state.settings.bot_pace = 0.0;
    app.state.table = Some(t);
    app.state.screen = Screen::Table;
    let mut h = app_kit::harness(app, WIDE);
    h.run();
    h.get_by_label("Begin").click();
    h.run();
    // The plan: two picks on the table's copy, then the confirm, each a step of its own.
    for _ in 0..3 {
        let s = step_of(&h);
        let action = match &table(&h).lesson.as_ref().unwrap().guide.lesson.steps[s] {
            Step::Play { accept, .. } => accept[0].action.clone(),
            other => panic!("{other:?}"),
        };
        let now = h.ctx.input(|i| i.time);
        h.state_mut()
            .state
            .table
            .as_mut()
            .unwrap()
            .act(0, action, now);
        h.run();
        assert_eq!(step_of(&h), s + 1);
    }
    step_until(&mut h, "the scripted plan", 20, |h| step_of(h) >= 6);
    h.get_by_label("Bid 5 on the table").click();
    h.run();
    step_until(&mut h, "the scripted bid", 20, |h| step_of(h) >= 8);
    // The consolation window is open and the student's only move is the pass: the
    // table has not answered it.
    let passes = table(&h).passes_answered;
    assert_eq!(passes, 0);
    assert!(table(&h).to_act().contains(&0), "the student's pass waits");
    let now = h.ctx.input(|i| i.time);
    h.state_mut()
        .state
        .table
        .as_mut()
        .unwrap()
        .act(0, json!({"kind": "decline"}), now);
    h.run();
    step_until(&mut h, "the scripted pass", 20, |h| step_of(h) >= 10);
    assert_eq!(table(&h).passes_answered, 0);
    assert!(table(&h).lesson.as_ref().unwrap().guide.done());
}

#[test]
fn a_lesson_move_with_nothing_on_the_table_to_click_is_offered_in_the_guide() {
    // The King's Guild's first move is a choice of starting resources, which no table
    // item stands for: the guide offers it under its words.
    let (_dir, _paths, mut h) = app(WIDE);
    h.state_mut().state.select_game("kings-guild");
    h.run();
    h.get_by_label_contains("Learn to play").click();
    h.run();
    let label = "Take 1 cloth, 1 leather";
    assert_eq!(
        h.get_all_by_label(label).count(),
        1,
        "before Begin only the list has it"
    );
    // (A real pointer comes to rest on the button before it clicks.)
    h.get_by_label("Begin").hover();
    h.run();
    h.get_by_label("Begin").click();
    h.run();
    assert!(table(&h).lesson.as_ref().unwrap().guide.begun);
    assert_eq!(
        h.get_all_by_label(label).count(),
        2,
        "the guide and the list"
    );
    let before = step_of(&h);
    h.get_all_by_label(label).next().unwrap().click();
    h.run();
    assert!(step_of(&h) > before, "the guide's button played the move");
    assert!(refused(&h).is_none());
    let log = table(&h).local().unwrap().log();
    assert!(
        log.last()
            .is_some_and(|e| e.label.contains("1 cloth, 1 leather")),
        "{:?}",
        log.last().map(|e| &e.label)
    );
}

#[test]
fn the_guide_makes_some_of_the_students_moves_for_them_to_watch() {
    // Dungeon Lords' lesson plays rounds 3 and 4 mostly for the student.
    use tavern::lesson::Step;
    let (_dir, _paths, mut h) = app(WIDE);
    h.state_mut().state.settings.bot_pace = 0.0;
    h.state_mut().state.select_game("dungeon-lords");
    h.run();
    h.get_by_label_contains("Learn to play").click();
    h.run();
    h.get_by_label("Begin").hover();
    h.run();
    h.get_by_label("Begin").click();
    h.run();
    let student = table(&h).lesson.as_ref().unwrap().guide.lesson.student;
    // The student's own moves are made as the accepted ones; Continue where asked; the
    // opponent's scripted moves come by themselves.
    loop {
        let current = table(&h).lesson.as_ref().unwrap().guide.current().cloned();
        match current {
            Some(Step::Bot { seat, .. }) if seat == Some(student) => break,
            Some(Step::Play { accept, .. }) => {
                let action = accept[0].action.clone();
                app_kit::table_mut(&mut h).act(student, action, 0.0);
                h.run();
            }
            Some(Step::Explain { .. }) => {
                h.get_by_label("Continue").click();
                h.run();
            }
            Some(Step::Bot { .. }) => {
                let at = step_of(&h);
                step_until(&mut h, "the opponent's move", 20, |h| step_of(h) > at);
            }
            None => panic!("the lesson ended before the guide made a move"),
        }
        assert!(refused(&h).is_none(), "{:?}", refused(&h));
    }
    h.get_by_label("The guide makes your move…");
    let before = table(&h).local().unwrap().log().len();
    // Through the guide's orders and their confirm, the others' moves and the reveal,
    // to the student's next own move.
    step_until(&mut h, "the student's next move", 60, |h| {
        matches!(
            table(h).lesson.as_ref().unwrap().guide.current(),
            Some(Step::Play { .. })
        )
    });
    assert!(refused(&h).is_none());
    let log = table(&h).local().unwrap().log();
    assert!(
        log[before..].iter().any(|e| e.seat == Some(student)),
        "the student's orders were placed for them: {:?}",
        log[before..].iter().map(|e| &e.label).collect::<Vec<_>>()
    );
    h.get_by_label_contains("Your move");
}
