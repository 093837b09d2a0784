//! The whole app under egui_kittest, shared by the UI test files (`mod app_kit;`): real
//! plugins, settings without animation, no window.

// Shared by every UI test file, and not every file uses every helper.
#![allow(dead_code)]

use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tavern::app::TavernApp;
use tavern::app::settings::{SeatChoice, SeatPlan};
use tavern::app::state::Screen;
use tavern::app::table::TableState;
use tavern::paths::Paths;

/// Window sizes the tests use: the usual one and the smallest the app supports.
pub const WIDE: (f32, f32) = (1280.0, 800.0);

/// A harness drawing `app` at `size`.
pub fn harness(app: TavernApp, size: (f32, f32)) -> Harness<'static, TavernApp> {
    Harness::builder()
        .with_size(egui::vec2(size.0, size.1))
        .with_max_steps(64)
        .build_ui_state(|ui, app: &mut TavernApp| app.ui(ui), app)
}

/// An app with every test plugin, keeping its files in `paths`.
pub fn app(paths: &Paths) -> TavernApp {
    TavernApp::new_for_test(tavern_tests::catalog(), paths.clone())
}

/// The table on screen (the test fails when none is open).
pub fn table<'a>(h: &'a Harness<'_, TavernApp>) -> &'a TableState {
    h.state().state.table.as_ref().expect("a table is open")
}

pub fn table_mut<'a>(h: &'a mut Harness<'_, TavernApp>) -> &'a mut TableState {
    h.state_mut().state.table.as_mut().expect("a table is open")
}

/// Steps the app, as its window would while a worker thread (a bot, a hint, the review,
/// a scripted opponent's pause) runs, until `done` holds; fails after `secs` seconds,
/// naming `what`.
pub fn step_until(
    h: &mut Harness<'_, TavernApp>,
    what: &str,
    secs: u64,
    done: impl Fn(&Harness<'_, TavernApp>) -> bool,
) {
    let started = Instant::now();
    while !done(h) {
        assert!(
            started.elapsed() < Duration::from_secs(secs),
            "waited {secs} s for {what}"
        );
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    h.run();
}

/// With a game chosen in the launcher: seats `seats` (named Player 1, 2, …), seed 7 and
/// `options`, then Start; fails unless the table opens.
pub fn seat_and_start(
    h: &mut Harness<'_, TavernApp>,
    seats: &[SeatChoice],
    options: &[(&str, &str)],
) {
    {
        let f = &mut h.state_mut().state.launcher;
        f.seats.truncate(0);
        for (i, c) in seats.iter().enumerate() {
            f.seats.push(SeatPlan {
                name: format!("Player {}", i + 1),
                choice: c.clone(),
            });
        }
        f.seed_text = "7".into();
        for (k, v) in options {
            f.options.insert(k.to_string(), v.to_string());
        }
    }
    h.run();
    h.get_by_label("Start").click();
    h.run();
    assert_eq!(
        h.state().state.screen,
        Screen::Table,
        "{:?}",
        h.state().state.error
    );
}
