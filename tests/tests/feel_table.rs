//! The table's feel (issue 23's host items), driven as a player would with
//! egui_kittest, or through `TableState` where the point is timing: the decision panel
//! stays in view, a click is never played on a table that changed under a still pointer,
//! the log previews before it rewinds, reveals play back one entry at a time, the
//! hot-seat cover offers Back, and a hint that cannot tell choices apart by their chance
//! of winning says how it ranked them.

mod app_kit;

use app_kit::{WIDE, table};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use serde_json::json;
use tavern::app::TavernApp;
use tavern::app::advice::{Ranking, hint_order};
use tavern::app::settings::SeatChoice;
use tavern::app::table::TableState;
use tavern::session::{Session, UndoMode};
use tavern_plugin_api::proto::{RatedAction, SearchReport};
use tavern_plugin_api::{SeatKind, Setup};
use tavern_tests::{plugin, temp_paths};
use tempfile::TempDir;

const SMALL: (f32, f32) = (1024.0, 700.0);

fn app(size: (f32, f32)) -> (TempDir, Harness<'static, TavernApp>) {
    let (dir, paths) = temp_paths();
    let h = app_kit::harness(app_kit::app(&paths), size);
    (dir, h)
}

/// Chooses `game` in the launcher with `seats` (and `options`) and starts it.
fn start(
    h: &mut Harness<'_, TavernApp>,
    game: &str,
    seats: &[SeatChoice],
    options: &[(&str, &str)],
) {
    h.state_mut().state.select_game(game);
    app_kit::seat_and_start(h, seats, options);
}

fn seat_moves(t: &TableState, seat: usize) -> usize {
    t.local().unwrap().log()[..t.local().unwrap().cursor()]
        .iter()
        .filter(|e| e.seat == Some(seat))
        .count()
}

/// Moves the Bid stepper until its button plays `card`; returns the button's label.
fn set_bid(h: &mut Harness<'_, TavernApp>, card: i64) -> String {
    let label = format!("Bid {card}");
    for _ in 0..8 {
        if h.query_by_label(&label).is_some() {
            return label;
        }
        let at = table(h).numbers.get("Bid").copied().unwrap_or(0);
        let button = if at < card { "Raise Bid" } else { "Lower Bid" };
        h.get_by_label(button).click();
        h.run();
    }
    panic!("the Bid stepper never reached {card}");
}

/// A press and release at `pos` with no pointer movement before it: a click made by a
/// hand that did not move since the last one.
fn still_click(h: &mut Harness<'_, TavernApp>, pos: egui::Pos2) {
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::default(),
        });
    }
    h.run();
}

/// Item 2: after the buttons change, a click from a pointer that has not moved since
/// is not played (it was aimed at the old buttons); once the pointer moves, it is.
#[test]
fn a_click_from_a_still_pointer_after_the_buttons_changed_is_ignored() {
    let (_dir, mut h) = app(WIDE);
    start(
        &mut h,
        "sealed-bid",
        &[SeatChoice::Human, SeatChoice::Bot(1)],
        &[],
    );
    let label = set_bid(&mut h, 3);
    let pos = h.get_by_label(&label).rect().center();
    h.get_by_label(&label).click();
    h.run();
    assert_eq!(seat_moves(table(&h), 0), 1, "the first bid is played");
    // The bot bids and the next round begins: a new list under the same pointer.
    app_kit::step_until(&mut h, "the bot's bid", 30, |h| {
        !table(h).viewer_actions().is_empty()
    });
    let before = table(&h).local().unwrap().cursor();
    still_click(&mut h, pos);
    assert_eq!(
        table(&h).local().unwrap().cursor(),
        before,
        "a click from a still pointer played"
    );
    assert!(table(&h).guard.ignored >= 1);
    // A moved pointer clicks as usual.
    let label = set_bid(&mut h, 5);
    h.get_by_label(&label).click();
    h.run();
    assert_eq!(
        seat_moves(table(&h), 0),
        2,
        "a moved pointer's click is played"
    );
}

/// Item 4: a click on a log entry shows that moment and moves nothing; Rewind here is
/// the second click that does.
#[test]
fn a_log_click_previews_and_only_rewind_here_rewinds() {
    let (_dir, mut h) = app(WIDE);
    start(
        &mut h,
        "sealed-bid",
        &[SeatChoice::Human, SeatChoice::Bot(1)],
        &[],
    );
    let label = set_bid(&mut h, 3);
    h.get_by_label(&label).click();
    h.run();
    app_kit::step_until(&mut h, "the bot's bid", 30, |h| {
        !table(h).viewer_actions().is_empty()
    });
    let cursor = table(&h).local().unwrap().cursor();
    // Entry 1 is the shuffle: right after it, nobody has bid.
    h.get_by_label_contains("1. ").click();
    h.run();
    assert_eq!(
        table(&h).local().unwrap().cursor(),
        cursor,
        "one click does not rewind"
    );
    let p = table(&h).preview.as_ref().expect("the moment is shown");
    let then = table(&h)
        .local()
        .unwrap()
        .view_at(p.position, Some(0))
        .unwrap();
    assert_eq!(p.view.scene, then.scene, "the table shows that moment");
    h.get_by_label("Rewind here").click();
    h.run();
    let t = table(&h);
    assert!(t.preview.is_none());
    assert!(t.local().unwrap().cursor() < cursor, "Rewind here rewound");
}

/// Item 6: the cover offers Back, which takes back the mover's own move before the
/// handover (undo is greyed out under the cover).
#[test]
fn the_cover_offers_back_to_the_player_who_just_moved() {
    let (_dir, mut h) = app(WIDE);
    start(
        &mut h,
        "sealed-bid",
        &[SeatChoice::Human, SeatChoice::Human],
        &[],
    );
    h.get_by_label("I am Player 1: show my table").click();
    h.run();
    let label = set_bid(&mut h, 4);
    h.get_by_label(&label).click();
    h.run();
    h.get_by_label("Pass to Player 2");
    assert_eq!(seat_moves(table(&h), 0), 1);
    h.get_by_label("Back: Player 1 takes back the last move")
        .click();
    h.run();
    let t = table(&h);
    assert_eq!(seat_moves(t, 0), 0, "the bid was taken back");
    assert_eq!(t.cover, None, "Player 1 decides again, uncovered");
    assert_eq!(t.viewer(), Some(0));
    assert!(h.query_by_label(&label).is_some() || h.query_by_label("Raise Bid").is_some());
}

/// Item 1: a plan in progress keeps its summary, Cancel and Confirm in view at both
/// window sizes, and offers Confirm and Cancel on the table too.
#[test]
fn a_plan_keeps_its_decision_in_view_and_on_the_table() {
    for size in [WIDE, SMALL] {
        let (_dir, mut h) = app(size);
        h.state_mut().state.settings.bot_pace = 1.0e6;
        start(
            &mut h,
            "sealed-bid",
            &[SeatChoice::Human, SeatChoice::Bot(1)],
            &[("mode", "wagers")],
        );
        // A long log, as late in a game: the decision must not be pushed below the fold.
        h.get_by_label("Wager on 4 (first choice)").click();
        h.run();
        h.get_by_label("Wager on 3 (second choice)").click();
        h.run();
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size.0, size.1));
        for label in [
            "Your plan (not played yet)",
            "Cancel plan",
            "Confirm wagers",
            "Confirm plan",
        ] {
            let r = h.get_by_label(label).rect();
            assert!(
                window.contains_rect(r),
                "{label} at {r:?} is outside {size:?}"
            );
        }
        h.get_by_label("Confirm plan").click();
        h.run();
        let e = table(&h)
            .local()
            .unwrap()
            .log()
            .iter()
            .rev()
            .find(|e| e.seat == Some(0))
            .cloned();
        assert_eq!(
            e.map(|e| e.steps.len()),
            Some(2),
            "the table's Confirm logged the plan"
        );
    }
}

/// Item 5: a move that brings several entries is played back one by one at the pace
/// set, each beat the view right after its entry and the log showing only the entries
/// played so far; Skip goes to the end.
#[test]
fn several_entries_are_played_back_one_at_a_time() {
    let (_d, paths) = temp_paths();
    let mut setup = Setup::players(2);
    setup.seats[1].kind = SeatKind::Bot { level: 1 };
    setup.seed = 3;
    let s = Session::new(plugin("sealed-bid"), setup, UndoMode::Learning).unwrap();
    let mut t = TableState::new(s, &paths, None);
    t.reveal_seconds = Some(1.0);
    // The bot bids first (its move alone is one entry: nothing to play back).
    let mut now = 0.0;
    while seat_moves(&t, 1) == 0 {
        t.tick(now, 0.0);
        now += 0.05;
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(t.beats.is_none());
    // The person's bid closes the round: the bid, the reveal and the next flip arrive.
    let from = t.local().unwrap().cursor();
    let bid = t.viewer_actions()[0].1.action.clone();
    t.act(0, bid, now);
    let to = t.local().unwrap().cursor();
    assert!(to >= from + 3, "bid, reveal and flip: {}", to - from);
    let b = t.beats.as_ref().expect("a playback");
    assert_eq!(b.progress().0, 1);
    assert_eq!(
        t.log_shown_end(),
        from + 1,
        "the log shows the bid alone first"
    );
    let first = t.view_now(now).unwrap();
    assert_eq!(
        first.scene,
        t.local().unwrap().view_at(from + 1, Some(0)).unwrap().scene
    );
    // One beat later the next entry is on the table and in the log.
    assert!(t.tick(now + 0.5, 0.0).is_some(), "still playing");
    t.tick(now + 1.01, 0.0);
    assert_eq!(t.log_shown_end(), from + 2);
    let second = t.view_now(now + 1.01).unwrap();
    assert_eq!(
        second.scene,
        t.local().unwrap().view_at(from + 2, Some(0)).unwrap().scene
    );
    // Skip: the present at once.
    t.skip_beats(now + 1.2);
    assert!(t.beats.is_none());
    assert_eq!(t.log_shown_end(), t.local().unwrap().log().len());
    assert_eq!(
        t.view_now(now + 1.3).unwrap().scene,
        t.local().unwrap().view(Some(0)).unwrap().scene
    );
}

/// Item 7: when every candidate has the same chance of winning, the hint ranks by the
/// expected score margin in points and says so.
#[test]
fn a_hint_with_equal_chances_ranks_by_margin_and_says_so() {
    let c = |label: &str, win: f64, margin: f64| RatedAction {
        action: json!(label),
        label: label.into(),
        visits: 10,
        win,
        value: win,
        margin,
    };
    let report = SearchReport {
        candidates: vec![c("a", 0.0, -4.0), c("b", 0.0, 6.5), c("c", 0.0, 2.0)],
        iterations: 30,
        seconds: 0.1,
        stopped: false,
    };
    let (order, how) = hint_order(&report);
    assert_eq!(how, Ranking::Margin);
    let labels: Vec<&str> = order.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(labels, ["b", "c", "a"]);
    let even = SearchReport {
        candidates: vec![c("a", 0.0, 0.0), c("b", 0.0, 0.0)],
        ..report.clone()
    };
    assert_eq!(hint_order(&even).1, Ranking::Even);
    let usual = SearchReport {
        candidates: vec![c("a", 0.6, 0.6), c("b", 0.3, 0.3)],
        ..report
    };
    assert_eq!(hint_order(&usual).1, Ranking::Win);
}

/// Launcher: the seed field starts empty (a random deal) and a typed seed serves one
/// game only; the last seed is shown to reuse.
#[test]
fn the_seed_is_not_kept_silently_for_the_next_game() {
    let (_dir, mut h) = app(WIDE);
    h.state_mut().state.select_game("sealed-bid");
    h.run();
    assert_eq!(
        h.state().state.launcher.seed_text,
        "",
        "a new form deals at random"
    );
    h.state_mut().state.launcher.seed_text = "42".into();
    h.get_by_label("Start").click();
    h.run();
    assert_eq!(table(&h).local().unwrap().setup().seed, 42);
    h.get_by_label("Launcher").click();
    h.run();
    assert_eq!(
        h.state().state.launcher.seed_text,
        "",
        "the typed seed served one game"
    );
    h.get_by_label("The last game started here had seed 42.");
    h.get_by_label("Start").click();
    h.run();
    assert_ne!(
        table(&h).local().unwrap().setup().seed,
        42,
        "the next game is dealt afresh"
    );
}

/// Item 6: Dungeon Lords' public steps hand over without a cover; a cover is raised only
/// where the next lord's table shows something the public table does not (it raised one
/// at every handover, four a round). Once a lord holds a trap card or a spied combat
/// card, every handover to that lord rightly needs one, so the walk counts the handovers
/// of the first building rounds, before any secret: there must be several, all uncovered,
/// and every cover raised later must name its secret.
#[test]
fn dungeon_lords_covers_only_where_something_is_hidden() {
    let (_d, paths) = temp_paths();
    let mut setup = Setup::players(2);
    setup.seed = 11;
    let s = Session::new(plugin("dungeon-lords"), setup, UndoMode::Learning).unwrap();
    let mut t = TableState::new(s, &paths, None);
    let (mut public_handovers, mut covered) = (0, 0);
    let mut first_reason = String::new();
    let mut last = None;
    let mut rng: u64 = 0x9E37_79B9_7F4A_7C15;
    for step in 0..300 {
        if t.is_over() {
            break;
        }
        let Some(seat) = t.cover.or(t.viewer()) else {
            break;
        };
        if last.is_some_and(|l| l != seat) {
            if let Some(c) = t.cover {
                let why = t.cover_reason(c).expect("a cover with no secret behind it");
                if covered == 0 {
                    first_reason = why;
                }
                covered += 1;
            } else if covered == 0 {
                public_handovers += 1;
            }
        }
        if t.cover.is_some() {
            t.reveal();
        }
        let Some(seat) = t.viewer() else { break };
        last = Some(seat);
        let list = t.viewer_actions();
        if list.is_empty() {
            break;
        }
        rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let (s, a) = list[(rng >> 33) as usize % list.len()].clone();
        t.act(s, a.action, step as f64);
    }
    assert!(
        public_handovers >= 4,
        "{public_handovers} uncovered handovers before the first secret ({first_reason})"
    );
}

/// Item 3: a click on a board item whose only action spends opens a menu naming it;
/// only the menu's button plays it. One-click play in Settings plays it at once.
#[test]
fn a_board_click_that_spends_asks_first_unless_one_click_play_is_on() {
    for one_click in [false, true] {
        let (_dir, mut h) = app(WIDE);
        h.state_mut().state.settings.bot_pace = 1.0e6;
        h.state_mut().state.settings.one_click = one_click;
        start(
            &mut h,
            "above-below",
            &[SeatChoice::Human, SeatChoice::Bot(1)],
            &[],
        );
        let list = table(&h).viewer_actions();
        let (_, pay) = list
            .iter()
            .find(|(_, a)| a.label.starts_with("Pay 1 coin: refresh") && a.target.is_some())
            .cloned()
            .expect("a paid refresh on the table");
        let sharing = list.iter().filter(|(_, a)| a.target == pay.target).count();
        assert_eq!(sharing, 1, "the refresh is its item's only action");
        let before = table(&h).local().unwrap().cursor();
        h.get_by_label(&format!("{} on the table", pay.label))
            .click();
        h.run();
        if one_click {
            assert!(
                table(&h).local().unwrap().cursor() > before,
                "one-click play paid at once"
            );
            continue;
        }
        assert_eq!(
            table(&h).local().unwrap().cursor(),
            before,
            "nothing paid on the first click"
        );
        // The menu names the action; the list has the same button, so two now.
        assert_eq!(
            h.query_all_by_label(&pay.label).count(),
            2,
            "the menu is open"
        );
        h.get_by_label("Not now");
        // The menu's own button pays.
        let buttons: Vec<egui::Rect> = h.query_all_by_label(&pay.label).map(|n| n.rect()).collect();
        let side_x = h.get_by_label("Log").rect().left();
        let in_menu = buttons
            .iter()
            .find(|r| r.right() < side_x)
            .copied()
            .expect("a menu over the table");
        h.event(egui::Event::PointerMoved(in_menu.center()));
        h.run();
        still_click(&mut h, in_menu.center());
        assert!(
            table(&h).local().unwrap().cursor() > before,
            "the menu's button paid"
        );
    }
}

/// Item "End turn is the default": a game marks the move Enter plays (`Legal::by_default`);
/// the decision panel names the key on its button, and Enter with nothing focused plays
/// it. Dragonkeepers' End turn comes after a take.
#[test]
fn enter_plays_the_move_the_game_marks_as_its_default() {
    let (_dir, mut h) = app(WIDE);
    start(
        &mut h,
        "dragonkeepers",
        &[SeatChoice::Human, SeatChoice::Bot(1)],
        &[],
    );
    for _ in 0..400 {
        h.run();
        let t = table(&h);
        let list = t.viewer_actions();
        if let Some((_, d)) = list.iter().find(|(_, a)| a.default).cloned() {
            let before = t.local().unwrap().cursor();
            h.get_by_label(&format!("{}  (Enter)", d.label));
            h.key_press(egui::Key::Enter);
            h.run();
            let t = table(&h);
            assert!(t.local().unwrap().cursor() > before, "Enter played nothing");
            assert_eq!(t.local().unwrap().log()[before].action, d.action);
            return;
        }
        if let Some((s, a)) = list
            .iter()
            .find(|(_, a)| a.kind == tavern_plugin_api::ChoiceKind::Plain)
            .cloned()
        {
            let t = h.state_mut().state.table.as_mut().unwrap();
            t.act(s, a.action, 1.0e9);
        } else {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }
    panic!("no default move came up");
}
