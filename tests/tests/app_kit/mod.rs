//! The whole app under egui_kittest, shared by the UI test files (`mod app_kit;`): real
//! plugins, settings without animation, no window.

use egui_kittest::Harness;
use tavern::app::TavernApp;
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
