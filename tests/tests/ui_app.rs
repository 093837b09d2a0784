//! The desktop app driven through egui_kittest: real plugins, a temporary data folder, no
//! window. Each test clicks the same widgets a player would.

mod app_kit;

use app_kit::{WIDE, step_until, table, table_mut};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use tavern::app::TavernApp;
use tavern::app::settings::SeatChoice;
use tavern::app::state::Screen;
use tavern::paths::Paths;
use tempfile::TempDir;

const SEALED_BID: &str = "sealed-bid";

/// The app on the launcher at `size`, with a data folder of its own (removed when the
/// guard drops).
fn app(size: (f32, f32)) -> (TempDir, Paths, Harness<'static, TavernApp>) {
    let (dir, paths) = tavern_tests::temp_paths();
    let h = app_kit::harness(app_kit::app(&paths), size);
    (dir, paths, h)
}

/// The app at a Sealed Bid table with `seats` and `options`.
fn at_the_table(
    seats: &[SeatChoice],
    options: &[(&str, &str)],
) -> (TempDir, Paths, Harness<'static, TavernApp>) {
    let (dir, paths, mut h) = app(WIDE);
    start_sealed_bid(&mut h, seats, options);
    (dir, paths, h)
}

/// Two people at a Sealed Bid table (no bot moving on its own between a test's reads),
/// Player 1 at the screen.
fn two_people_at_the_table(
    options: &[(&str, &str)],
) -> (TempDir, Paths, Harness<'static, TavernApp>) {
    let (dir, paths, mut h) = at_the_table(&[SeatChoice::Human, SeatChoice::Human], options);
    show_my_table(&mut h, 1);
    (dir, paths, h)
}

/// Player `n` (from 1) takes the screen from the hot-seat cover.
fn show_my_table(h: &mut Harness<'_, TavernApp>, n: usize) {
    h.get_by_label(&format!("I am Player {n}: show my table"))
        .click();
    h.run();
}

/// Chooses Sealed Bid in the launcher with the given seats and starts it.
fn start_sealed_bid(
    h: &mut Harness<'_, TavernApp>,
    seats: &[SeatChoice],
    options: &[(&str, &str)],
) {
    h.get_by_label_contains("Sealed Bid (test game)").click();
    h.run();
    assert_eq!(h.state().state.launcher.game.as_deref(), Some(SEALED_BID));
    app_kit::seat_and_start(h, seats, options);
}

/// Moves the "Bid" stepper of the action list until its button plays `card`, as a
/// player clicking + and − would, and returns that button's label.
fn set_bid(h: &mut Harness<'_, TavernApp>, card: i64) -> String {
    let label = format!("Bid {card}");
    for _ in 0..8 {
        if h.query_by_label(&label).is_some() {
            return label;
        }
        let at = h
            .state()
            .state
            .table
            .as_ref()
            .and_then(|t| t.numbers.get("Bid").copied())
            .unwrap_or(0);
        let button = if at < card { "Raise Bid" } else { "Lower Bid" };
        h.get_by_label(button).click();
        h.run();
    }
    panic!("the Bid stepper never reached {card}");
}

/// Bids `card` with the stepper and its button.
fn bid(h: &mut Harness<'_, TavernApp>, card: i64) {
    let label = set_bid(h, card);
    h.get_by_label(&label).click();
    h.run();
}

fn cursor(h: &Harness<'_, TavernApp>) -> usize {
    table(h).local().unwrap().cursor()
}

fn seat_moves(h: &Harness<'_, TavernApp>, seat: usize) -> usize {
    let s = table(h).local().unwrap();
    s.log()[..s.cursor()]
        .iter()
        .filter(|e| e.seat == Some(seat))
        .count()
}

/// Plays the people's first listed action, taking the screen whenever a cover asks,
/// until the game is over.
fn play_to_the_end(h: &mut Harness<'_, TavernApp>) {
    for _ in 0..200 {
        if table(h).is_over() {
            break;
        }
        if let Some(cover) = h.query_by_label_contains("show my table") {
            cover.click();
        } else {
            let label = table(h).viewer_actions()[0].1.label.clone();
            h.get_by_label(&label).click();
        }
        h.run();
    }
    assert!(table(h).is_over(), "the game did not end");
}

#[test]
fn launcher_lists_every_game_and_its_options() {
    let (_dir, _paths, mut h) = app(WIDE);
    h.run();
    for g in &tavern_tests::plugins().games {
        h.get_by_label_contains(&format!("{}\n", g.info.name));
    }
    h.get_by_label_contains("Sealed Bid (test game)").click();
    h.run();
    // Options are combo boxes named by their label; seats and the seed are editable.
    h.get_by_role_and_label(egui::accesskit::Role::ComboBox, "Rounds");
    h.get_by_label("Seat 1 name");
    h.get_by_label("Seat 2 player");
    h.get_by_label("Start");
    h.get_by_label("Continue");
}

#[test]
fn launcher_fits_at_the_minimum_window_size() {
    let (_dir, _paths, mut h) = app((1024.0, 700.0));
    h.get_by_label_contains("Sealed Bid (test game)").click();
    h.run();
    let start = h.get_by_label("Start").rect();
    assert!(
        start.right() <= 1024.0 && start.bottom() <= 700.0,
        "Start at {start:?}"
    );
}

#[test]
fn starting_a_game_shows_the_table_and_a_click_on_a_target_acts() {
    let (_dir, _paths, mut h) = at_the_table(&[SeatChoice::Human, SeatChoice::Bot(1)], &[]);
    // One human with a bot: no cover, the human's own view and actions.
    assert!(h.query_by_label_contains("Pass to").is_none());
    h.get_by_label("Log");
    h.get_by_label("Undo");
    set_bid(&mut h, 3);
    assert_eq!(seat_moves(&h, 0), 0);
    // The same action from the table itself (the glowing card), not the side list.
    h.get_by_label("Bid 3 on the table").click();
    h.run();
    assert_eq!(seat_moves(&h, 0), 1, "clicking the card bid it");
    let t = table(&h);
    let last = t
        .local()
        .unwrap()
        .log()
        .iter()
        .rev()
        .find(|e| e.seat == Some(0))
        .unwrap();
    assert_eq!(last.action["card"], 3, "{:?}", last.action);
    // The autosave follows every action.
    assert!(t.autosave_path().unwrap().exists());
}

#[test]
fn hot_seat_cover_appears_between_human_seats() {
    let (_dir, _paths, mut h) = at_the_table(&[SeatChoice::Human, SeatChoice::Human], &[]);
    h.get_by_label("Pass to Player 1");
    assert!(
        h.query_by_label("Bid 1").is_none(),
        "no actions under the cover"
    );
    assert!(h.query_by_label("Log").is_none(), "no log under the cover");
    show_my_table(&mut h, 1);
    bid(&mut h, 4);
    // Player 2 must bid too: the table is covered again before their turn.
    h.get_by_label("Pass to Player 2");
    assert!(h.query_by_label("Bid 1").is_none());
    assert_eq!(table(&h).viewer(), Some(0));
    show_my_table(&mut h, 2);
    assert_eq!(table(&h).viewer(), Some(1));
    // Player 2 sees their own hand, and never Player 1's sealed card in the log.
    set_bid(&mut h, 4);
    assert!(
        h.query_by_label_contains("You bid 4").is_none(),
        "Player 1's private bid leaked to Player 2"
    );
}

#[test]
fn undo_and_redo_move_the_log_cursor() {
    let (_dir, _paths, mut h) = two_people_at_the_table(&[]);
    let before = cursor(&h);
    bid(&mut h, 2);
    show_my_table(&mut h, 2);
    let after = cursor(&h);
    assert!(after > before);
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(cursor(&h), before, "undo took the bid back");
    let log_len = table(&h).local().unwrap().log().len();
    assert!(
        log_len > cursor(&h),
        "the bid stays in the log as the redo branch"
    );
    // Both must bid again; Player 2 is at the screen and keeps it (no cover needed).
    assert!(h.query_by_label_contains("Pass to").is_none());
    assert_eq!(table(&h).viewer(), Some(1));
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    h.run();
    assert_eq!(cursor(&h), after, "Ctrl+Shift+Z redid the bid");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(cursor(&h), before, "Ctrl+Z undid it again");
    h.get_by_label("Redo").click();
    h.run();
    assert_eq!(cursor(&h), after);
}

#[test]
fn fair_undo_shows_why_it_is_refused() {
    let (_dir, _paths, mut h) = app(WIDE);
    h.state_mut().state.settings.fair_undo = true;
    start_sealed_bid(&mut h, &[SeatChoice::Human, SeatChoice::Human], &[]);
    show_my_table(&mut h, 1);
    bid(&mut h, 2);
    show_my_table(&mut h, 2);
    let t = table(&h);
    let reason = t.can_undo().unwrap_err();
    assert!(reason.contains("Player 1"), "{reason}");
    let before = cursor(&h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(cursor(&h), before, "refused");
    h.get_by_label_contains(&reason);
}

#[test]
fn save_then_open_restores_the_same_position() {
    // Two humans, so no bot moves between saving and comparing.
    let (_dir, paths, mut h) = two_people_at_the_table(&[]);
    bid(&mut h, 5);
    let file = paths.saves_dir().join("mine.json");
    h.get_by_label("Save As…").click();
    h.run();
    h.state_mut().state.save_as_path = Some(file.display().to_string());
    h.run();
    h.get_by_label("Save here").click();
    h.run();
    let (log, cur) = {
        let s = table(&h).local().unwrap();
        (s.log().to_vec(), s.cursor())
    };
    assert!(file.exists());
    h.get_by_label("Launcher").click();
    h.run();
    assert_eq!(h.state().state.screen, Screen::Launcher);
    h.state_mut().state.launcher.path_text = file.display().to_string();
    h.get_by_label("Open path").click();
    h.run();
    assert_eq!(h.state().state.screen, Screen::Table);
    let s = table(&h).local().unwrap();
    assert_eq!(s.cursor(), cur);
    assert_eq!(s.log(), &log[..]);
    // It is now a recent file.
    assert_eq!(h.state().state.recent.files.first(), Some(&file));
}

#[test]
fn a_game_in_progress_is_listed_under_continue_and_resumes() {
    // Two humans: no bot moving on its own between the reads below.
    let (_dir, _paths, mut h) = two_people_at_the_table(&[]);
    bid(&mut h, 1);
    let cur = cursor(&h);
    h.get_by_label("Launcher").click();
    h.run();
    h.get_by_label("Resume").click();
    h.run();
    assert_eq!(h.state().state.screen, Screen::Table);
    assert_eq!(cursor(&h), cur);
}

#[test]
fn enter_in_the_path_field_opens_the_file() {
    let (dir, _paths, mut h) = app(WIDE);
    h.run();
    let bad = dir.path().join("typed.json");
    std::fs::write(&bad, "{\"format\":\"tavern-save\",\"version\":1,\"game\":").unwrap();
    h.state_mut().state.launcher.path_text = bad.display().to_string();
    h.run();
    h.get_by_label("Save file path").focus();
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    // The file was opened (and, being damaged, refused with the reason).
    h.get_by_label("Cannot open the saved game");
    assert_eq!(h.state().state.screen, Screen::Launcher);
}

#[test]
fn a_corrupt_save_shows_an_error_window() {
    let (dir, _paths, mut h) = app(WIDE);
    h.run();
    let bad = dir.path().join("broken.json");
    std::fs::write(&bad, "{\"format\":\"tavern-save\",\"version\":1,\"game\":").unwrap();
    h.state_mut().state.launcher.path_text = bad.display().to_string();
    h.get_by_label("Open path").click();
    h.run();
    h.get_by_label("Cannot open the saved game");
    h.get_by_label_contains("damaged or cut short");
    assert_eq!(h.state().state.screen, Screen::Launcher);
    h.get_by_label("OK").click();
    h.run();
    assert!(h.query_by_label("Cannot open the saved game").is_none());
}

#[test]
fn a_plugin_panic_shows_a_banner_and_keeps_the_last_good_move() {
    let (_dir, _paths, mut h) = two_people_at_the_table(&[("trap", "panic-on-bid-5")]);
    let before = cursor(&h);
    bid(&mut h, 5);
    assert_eq!(cursor(&h), before, "nothing was applied");
    h.get_by_label_contains("The game is kept at the last good move");
    h.get_by_label("Dismiss").click();
    h.run();
    bid(&mut h, 4);
    let t = table(&h);
    assert!(
        cursor(&h) > before,
        "play goes on after the failure: {:?} {:?}",
        t.banner,
        t.notice
    );
}

#[test]
fn a_finished_game_shows_scores_and_updates_the_profile_once() {
    let (_dir, _paths, mut h) = app(WIDE);
    let anna = h.state_mut().state.profiles.create("Anna", [200, 0, 0]);
    start_sealed_bid(
        &mut h,
        &[SeatChoice::Profile(anna.clone()), SeatChoice::Human],
        &[("rounds", "3")],
    );
    let autosave = table(&h).autosave_path().unwrap();
    play_to_the_end(&mut h);
    h.get_by_label("Total");
    h.get_by_label("Play again");
    h.get_by_label("Back to launcher");
    // The end window opens tall enough for the scores, the chart and the review's
    // button together at 1280×800: nothing to scroll to.
    let rate = h.get_by_label("Rate my decisions").rect();
    let window = h
        .ctx
        .memory(|m| m.area_rect(egui::Id::unique("end-window")))
        .expect("the end window is open");
    assert!(
        rate.bottom() <= window.bottom() && window.bottom() <= WIDE.1,
        "the review's button at {rate:?}, the window at {window:?}"
    );
    let p = h.state().state.profiles.get(&anna).unwrap();
    assert_eq!(p.stats[SEALED_BID].played, 1);
    assert_eq!(p.history.len(), 1);
    assert!(
        p.history[0].save_path.exists(),
        "kept in the history folder"
    );
    assert!(
        !autosave.exists(),
        "the autosave of a finished game is removed"
    );
    // More frames do not record the game again.
    h.run();
    let p = h.state().state.profiles.get(&anna).unwrap();
    assert_eq!(p.stats[SEALED_BID].played, 1);
    // The history entry opens as a replay.
    let replay = p.history[0].save_path.clone();
    h.get_by_label("Back to launcher").click();
    h.run();
    h.state_mut().state.open_path(&replay);
    h.run();
    assert!(table(&h).is_over());
}

#[test]
fn bots_move_on_their_own() {
    let (_dir, _paths, mut h) = app(WIDE);
    h.state_mut().state.settings.bot_pace = 0.3;
    start_sealed_bid(&mut h, &[SeatChoice::Human, SeatChoice::Bot(1)], &[]);
    bid(&mut h, 2);
    step_until(&mut h, "the bot's bid", 10, |h| seat_moves(h, 1) >= 1);
}

#[test]
fn the_table_fits_small_and_large_windows() {
    for size in [(1024.0, 700.0), (1920.0, 1080.0)] {
        let (_dir, _paths, mut h) = app(size);
        start_sealed_bid(&mut h, &[SeatChoice::Human, SeatChoice::Bot(1)], &[]);
        for label in [
            "Undo",
            "Redo",
            "Save",
            "Rules",
            "Bid 1",
            "Bid 1 on the table",
        ] {
            let r = h.get_by_label(label).rect();
            assert!(
                r.right() <= size.0 + 0.5 && r.bottom() <= size.1 + 0.5 && r.left() >= 0.0,
                "{label} at {r:?} in {size:?}"
            );
        }
    }
}

#[test]
fn profiles_are_created_renamed_and_deleted_with_confirmation() {
    let (_dir, paths, mut h) = app(WIDE);
    h.get_by_label("Profiles").click();
    h.run();
    h.get_by_label("New profile name").focus();
    h.run();
    h.get_by_label("New profile name").type_text("Anna");
    h.run();
    h.get_by_label("Create").click();
    h.run();
    assert_eq!(h.state().state.profiles.profiles.len(), 1);
    assert_eq!(h.state().state.profiles.profiles[0].name, "Anna");
    // Saved to disk at once.
    let on_disk = tavern::profiles::Profiles::load(&paths);
    assert_eq!(on_disk.profiles.len(), 1);
    h.state_mut().state.profiles_form.rename_text = "Anne".into();
    h.run();
    h.get_by_label("Rename").click();
    h.run();
    assert_eq!(h.state().state.profiles.profiles[0].name, "Anne");
    h.get_by_label("Delete profile…").click();
    h.run();
    assert_eq!(h.state().state.profiles.profiles.len(), 1, "asks first");
    h.get_by_label("Yes, delete").click();
    h.run();
    assert!(h.state().state.profiles.profiles.is_empty());
}

/// A card taken from the Dragonkeepers display slides into the hand: the table keeps the
/// previous view and starts a motion for what moved, which ends after its duration.
#[test]
fn moved_components_slide_to_their_new_place() {
    use tavern::app::motion::DURATION;
    use tavern::app::table::TableState;
    use tavern::session::{Session, UndoMode};
    use tavern_plugin_api::{SeatKind, Setup};
    let (_dir, paths) = tavern_tests::temp_paths();
    let mut setup = Setup::players(2);
    setup.seats[1].kind = SeatKind::Bot { level: 1 };
    setup.seed = 3;
    let session = Session::new(
        tavern_tests::plugin("dragonkeepers"),
        setup,
        UndoMode::Learning,
    )
    .unwrap();
    let mut t = TableState::new(session, &paths, None);
    let mut now = 1.0;
    let first = t.view_now(now).unwrap();
    assert!(t.motion(now).is_none(), "nothing moves into the first view");
    assert!(
        std::sync::Arc::ptr_eq(&first, &t.view_now(now).unwrap()),
        "cached"
    );
    let mut slid = false;
    for _ in 0..60 {
        // Both seats play here (no bot thread runs): the viewer is seat 0.
        let seat = t.to_act()[0];
        let list = t.local().unwrap().legal(seat).unwrap();
        let a = list
            .iter()
            .find(|a| a.label.starts_with("Take"))
            .unwrap_or(&list[0])
            .clone();
        now += 1.0;
        t.act(seat, a.action, now);
        t.view_now(now).unwrap();
        if let Some(m) = t.motion(now) {
            slid = true;
            assert!(m.running(now));
            assert!(t.motion(now + DURATION).is_none());
            break;
        }
    }
    assert!(slid, "taking a card moved it on the table");
}

/// A bid of 1–5 is one stepper with one button, not five buttons, and it works from the
/// keyboard.
#[test]
fn a_numeric_choice_is_one_stepper_reachable_by_keyboard() {
    let (_dir, _paths, mut h) = at_the_table(&[SeatChoice::Human, SeatChoice::Bot(1)], &[]);
    h.get_by_label("Bid 1");
    for card in 2..=5 {
        assert!(h.query_by_label(&format!("Bid {card}")).is_none());
    }
    h.get_by_label("Bid value");
    // Keyboard only: the + button takes the focus and Space presses it.
    for _ in 0..2 {
        h.get_by_label("Raise Bid").focus();
        h.run();
        h.key_press(egui::Key::Space);
        h.run();
    }
    h.get_by_label("Bid 3");
    assert!(h.query_by_label("Bid 1").is_none());
    h.get_by_label("Lower Bid").click();
    h.run();
    h.get_by_label("Bid 2").click();
    h.run();
    assert_eq!(seat_moves(&h, 0), 1);
    let t = table(&h);
    let last = t
        .local()
        .unwrap()
        .log()
        .iter()
        .rfind(|e| e.seat == Some(0))
        .unwrap();
    assert_eq!(last.action["card"], 2);
}

/// Two humans and a bot plan their wagers at the same time: each human's picks go into
/// a plan shown in the action panel (Cancel drops it, nothing is logged), the confirm
/// logs steps and confirm as one entry, and the bot's plan comes in as one entry too.
#[test]
fn wagers_are_planned_in_hot_seat_with_a_bot_and_logged_once_each() {
    let (_dir, _paths, mut h) = app(WIDE);
    // The bot thinks at once but waits for its pace until the humans are done.
    h.state_mut().state.settings.bot_pace = 1.0e6;
    start_sealed_bid(
        &mut h,
        &[SeatChoice::Human, SeatChoice::Human, SeatChoice::Bot(1)],
        &[("mode", "wagers")],
    );
    show_my_table(&mut h, 1);
    let start = cursor(&h);
    h.get_by_label("Wager on 4 (first choice)").click();
    h.run();
    h.get_by_label("Your plan (not played yet)");
    h.get_by_label("1. Wager on 4 (first choice)");
    assert_eq!(cursor(&h), start, "a step is not logged");
    assert!(
        h.query_by_label("Wager on 4 (second choice)").is_none(),
        "the plan's copy is what the list shows"
    );
    h.get_by_label("Cancel plan").click();
    h.run();
    assert!(h.query_by_label("Your plan (not played yet)").is_none());
    h.get_by_label("Wager on 4 (first choice)").click();
    h.run();
    h.get_by_label("Wager on 2 (second choice)").click();
    h.run();
    // Undo inside a plan takes back one step, not a logged entry.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(h.query_by_label("2. Wager on 2 (second choice)").is_none());
    h.get_by_label("1. Wager on 4 (first choice)");
    h.get_by_label("Wager on 3 (second choice)").click();
    h.run();
    h.get_by_label("Confirm wagers").click();
    h.run();
    assert_eq!(cursor(&h), start + 1, "one entry for the whole decision");
    {
        let s = table(&h).local().unwrap();
        let e = &s.log()[start];
        assert_eq!(e.seat, Some(0));
        assert_eq!(e.steps.len(), 2);
        assert_eq!(e.text_for(Some(0)), "You wager on 4 first, then 3");
    }
    // Player 2 takes the screen; 4 is closed as a first choice now.
    show_my_table(&mut h, 2);
    assert!(h.query_by_label("Wager on 4 (first choice)").is_none());
    assert!(h.query_by_label_contains("You wager on 4").is_none());
    h.get_by_label("Wager on 5 (first choice)").click();
    h.run();
    h.get_by_label("Wager on 1 (second choice)").click();
    h.run();
    h.get_by_label("Confirm wagers").click();
    h.run();
    h.state_mut().state.settings.bot_pace = 0.0;
    step_until(&mut h, "the bot's wagers", 10, |h| seat_moves(h, 2) >= 1);
    let s = table(&h).local().unwrap();
    let bot = s
        .log()
        .iter()
        .find(|e| e.seat == Some(2))
        .expect("the bot wagered");
    assert_eq!(bot.steps.len(), 2, "the bot's picks are one entry too");
    assert_eq!(
        s.log().iter().filter(|e| e.seat.is_some()).count(),
        3,
        "three decisions, three entries"
    );
    assert!(s.log().iter().any(|e| e.label.contains("the prize is a")));
}

/// Choosing an option that allows fewer seats takes the extra seats away; the seat
/// buttons follow the narrowed range.
#[test]
fn an_option_with_its_own_seat_range_adjusts_the_seats() {
    let (_dir, _paths, mut h) = app(WIDE);
    h.get_by_label_contains("Sealed Bid (test game)").click();
    h.run();
    while h.state().state.launcher.seats.len() < 4 {
        h.get_by_label("Add a seat").click();
        h.run();
    }
    h.get_by_role_and_label(egui::accesskit::Role::ComboBox, "Mode")
        .click();
    h.run();
    h.get_by_label("Duel (2 players)").click();
    h.run();
    assert_eq!(h.state().state.launcher.seats.len(), 2);
    assert!(h.query_by_label("Add a seat").is_none());
    h.get_by_label_contains("2 players with these options");
    // Starting checks the same range.
    h.state_mut()
        .state
        .launcher
        .seats
        .push(tavern::app::settings::SeatPlan {
            name: "Extra".into(),
            choice: SeatChoice::Human,
        });
    h.get_by_label("Start").click();
    h.run();
    let e = h.state().state.error.clone().expect("refused");
    assert!(e.message.contains("is for 2 players, not 3"), "{e:?}");
}

/// An option that does not apply with the other choices is shown disabled with the
/// reason; choosing what it depends on enables it (Dragonkeepers' chest items).
#[test]
fn an_option_that_does_not_apply_is_disabled_with_its_reason() {
    let (_dir, _paths, mut h) = app(WIDE);
    h.get_by_label_contains("Dragonkeepers\n").click();
    h.run();
    h.state_mut().state.set_option("chests", "none");
    h.run();
    let reason = "Only with magic chests set to \"Chosen items\"";
    assert!(!h.query_all_by_label(reason).collect::<Vec<_>>().is_empty());
    let item = h
        .query_all_by_role(egui::accesskit::Role::ComboBox)
        .find(|n| {
            n.accesskit_node()
                .label()
                .is_some_and(|l| l.starts_with("Chest: "))
        })
        .expect("a chest item option");
    assert!(
        item.accesskit_node().is_disabled(),
        "the chest item is disabled"
    );
    h.state_mut().state.set_option("chests", "chosen");
    h.run();
    assert!(h.query_by_label(reason).is_none());
    let item = h
        .query_all_by_role(egui::accesskit::Role::ComboBox)
        .find(|n| {
            n.accesskit_node()
                .label()
                .is_some_and(|l| l.starts_with("Chest: "))
        })
        .unwrap();
    assert!(!item.accesskit_node().is_disabled());
}

/// Passes the table answered fold into one log line, the next round gets a heading, and
/// "Changes only" hides the passes; the session keeps every entry.
#[test]
fn the_log_folds_passes_and_heads_rounds() {
    let (_dir, _paths, mut h) = app(WIDE);
    start_sealed_bid(
        &mut h,
        &[SeatChoice::Human, SeatChoice::Human],
        &[("mode", "wagers")],
    );
    {
        let t = h.state_mut().state.table.as_mut().unwrap();
        let prize = t.local().unwrap().instance().state().unwrap()["deck"][0]
            .as_u64()
            .unwrap();
        let plays = vec![
            (0, serde_json::json!({"kind": "pick", "value": 1})),
            (0, serde_json::json!({"kind": "pick", "value": 2})),
            (0, serde_json::json!({"kind": "confirm_wagers"})),
            (1, serde_json::json!({"kind": "pick", "value": 3})),
            (1, serde_json::json!({"kind": "pick", "value": 4})),
            (1, serde_json::json!({"kind": "confirm_wagers"})),
        ];
        for (i, (seat, action)) in plays.into_iter().enumerate() {
            if t.cover == Some(seat) {
                t.reveal();
            }
            t.act(seat, action, i as f64);
        }
        // Bids that differ from the prize: neither seat may claim, both only pass.
        let other: Vec<u64> = (1..=5).filter(|&c| c != prize).collect();
        for card in &other[..2] {
            if t.cover.is_some() {
                t.reveal();
            }
            let seat = t.viewer().expect("a seat at the screen");
            t.act(seat, serde_json::json!({"kind": "bid", "card": card}), 10.0);
        }
        let passes = t
            .local()
            .unwrap()
            .log()
            .iter()
            .filter(|e| e.routine)
            .count();
        assert_eq!(passes, 2, "{:?}", t.banner);
    }
    h.run();
    assert!(
        h.query_by_label_contains("Player 1 and Player 2 pass")
            .is_some()
            || h.query_by_label_contains("Player 2 and Player 1 pass")
                .is_some(),
        "one folded line for both passes"
    );
    h.get_by_label("Round 2");
    h.get_by_label("Changes only").click();
    h.run();
    assert!(h.query_by_label_contains("and Player 2 pass").is_none());
    assert!(
        h.query_by_label_contains("lets the consolation go")
            .is_none()
    );
    h.get_by_label("Round 2");
    assert_eq!(
        table(&h).local().unwrap().log().len(),
        cursor(&h),
        "nothing left the log"
    );
}

/// Learning mode's Hint, clicked: the search runs on a worker thread while the window
/// keeps drawing, then the hint box names the normal bot's choice and each candidate's
/// chance. An iteration cap instead of the time budget keeps the answer the same every
/// run and quick.
#[test]
fn the_hint_button_shows_the_bots_choice_and_each_candidates_chance() {
    let (_dir, _paths, mut h) = app(WIDE);
    // The bot thinks but does not bid: the position stays as it was asked.
    h.state_mut().state.settings.bot_pace = 1.0e6;
    start_sealed_bid(&mut h, &[SeatChoice::Human, SeatChoice::Bot(1)], &[]);
    table_mut(&mut h).advice_iterations = Some(400);
    h.get_by_label("Hint").click();
    h.run();
    assert!(table(&h).hint.is_some(), "asked");
    step_until(&mut h, "the hint", 20, |h| {
        h.query_by_label_contains("The normal bot would play: ")
            .is_some()
    });
    let hint = table_mut(&mut h).current_hint().expect("the hint is shown");
    let (entry, report) = hint.answer.clone().unwrap().expect("a hint, not an error");
    let report = report.expect("sealed-bid reports its search");
    h.get_by_label(&format!("The normal bot would play: {}", entry.label));
    h.get_by_label("Chance to win · choice");
    assert_eq!(report.iterations, 400);
    // The whole box stands above the action list, unscrolled: it may take a third of
    // the side column (a third of the decision panel kept a new hint at two lines).
    let last = h.get_by_label_contains("400 simulated games in").rect();
    let prompt = h.get_by_label_contains("Choose a bid card for the").rect();
    assert!(
        last.bottom() <= prompt.top(),
        "the hint box scrolls: its last line ends at {} below the prompt at {}",
        last.bottom(),
        prompt.top()
    );
    let legal = table(&h).local().unwrap().legal(0).unwrap();
    assert_eq!(report.candidates.len(), legal.len(), "every bid rated");
    for c in &report.candidates {
        assert!(c.visits > 0, "{} not tried in 400 games", c.label);
        let pct = format!("{:.0}%", c.win * 100.0);
        let rows = h.query_all_by_label(&pct).count();
        assert!(rows >= 1, "no chance {pct} for {}", c.label);
        // The candidate's label stands in the box (the action list has one "Bid n"
        // button beside it at most).
        assert!(h.query_all_by_label(&c.label).count() >= 1, "{}", c.label);
    }
    // Hint is offered again once it has answered.
    assert!(!h.get_by_label("Hint").accesskit_node().is_disabled());
}

/// The end screen's "Rate my decisions": the review runs in the background, then the
/// bot's verdict on each decision stands in a table under the scores.
#[test]
fn the_end_screen_rates_my_decisions() {
    let (_dir, _paths, mut h) =
        at_the_table(&[SeatChoice::Human, SeatChoice::Human], &[("rounds", "3")]);
    table_mut(&mut h).advice_iterations = Some(200);
    play_to_the_end(&mut h);
    h.get_by_label("How did you play?");
    // Below the scores and the chart: scrolled into sight first, as a player would.
    h.get_by_label("Rate my decisions").scroll_to_me();
    h.run();
    h.get_by_label("Rate my decisions").click();
    h.run();
    assert!(table(&h).review.is_some(), "the review started");
    step_until(&mut h, "the review", 30, |h| {
        table(h)
            .review
            .as_ref()
            .is_some_and(|r| r.progress().finished)
    });
    let p = table(&h).review.as_ref().unwrap().progress().clone();
    assert_eq!(p.error, None);
    let rated: Vec<_> = p.ratings.iter().filter(|r| r.choices > 1).collect();
    assert!(!rated.is_empty(), "{p:?}");
    let same = rated.iter().filter(|r| r.place == Some(1)).count();
    h.get_by_label(&format!(
        "The bot would have made the same choice in {same} of {} decisions.",
        rated.len()
    ));
    h.get_by_label("The bot's choice");
    for r in &rated {
        let played = format!(
            "{}: {}",
            table(&h).local().unwrap().seat_name(r.seat),
            r.played
        );
        assert!(h.query_all_by_label(&played).count() >= 1, "{played}");
    }
}
