//! The desktop app: a launcher (games, seats, saves, profiles) and the game table.
//!
//! State lives in [`state::AppState`] and [`table::TableState`] with no egui in them; the
//! `*_ui` modules draw that state and change it. [`TavernApp::ui`] is the whole frame,
//! so tests drive it through egui_kittest without a window.

pub mod advice;
pub mod covers;
pub mod decision_ui;
pub mod end_ui;
pub mod files;
pub mod guard;
pub mod hint_ui;
pub mod hosting;
pub mod icons;
pub mod launcher_ui;
pub mod lesson_ui;
pub mod log_ui;
pub mod motion;
pub mod online_app;
pub mod online_seat;
pub mod online_ui;
pub mod overlays;
pub mod preview;
pub mod profiles_ui;
pub mod replay_save;
pub mod reveals;
pub mod rules_ui;
pub mod scene_painter;
pub mod server_games;
pub mod server_ui;
pub mod settings;
pub mod spend;
pub mod state;
pub mod table;
pub mod table_advice;
pub mod table_bots;
pub mod table_game;
pub mod table_plan;
pub mod table_source;
pub mod table_ui;
pub mod text;
pub mod waker;

use std::sync::Arc;

use crate::paths::Paths;
use crate::plugin::Catalog;

pub use settings::{APP_KEY, Settings};
pub use state::{AppState, Screen};

/// Where the window opens.
#[derive(Clone, Debug, PartialEq)]
pub enum Start {
    Launcher,
    /// A saved game, replayed and validated; a file that does not open leaves the
    /// launcher showing why.
    Open(std::path::PathBuf),
    /// The seat an invitation opens (`tavern join TICKET`), as `name`; the launcher with
    /// the reason when it cannot be joined.
    Join {
        ticket: String,
        name: String,
        net: crate::online_cli::NetArgs,
    },
}

/// Opens the Tavern window at `start` and runs until it is closed.
pub fn run(start: Start) -> eframe::Result {
    let viewport = egui::ViewportBuilder::default()
        .with_title("Tavern")
        .with_app_id("tavern")
        .with_inner_size([1280.0, 800.0])
        .with_min_inner_size([1024.0, 700.0]);
    let paths = Paths::standard().unwrap_or_else(|| Paths::at(std::env::temp_dir().join("tavern")));
    let options = eframe::NativeOptions {
        viewport,
        persist_window: true,
        persistence_path: Some(paths.root().join("app.ron")),
        ..Default::default()
    };
    eframe::run_native(
        "Tavern",
        options,
        Box::new(move |cc| {
            let settings = cc
                .storage
                .and_then(|s| eframe::get_value::<Settings>(s, APP_KEY))
                .unwrap_or_default()
                .sanitized();
            let mut app = TavernApp::new(Catalog::discover(), paths, settings);
            app.start(&start);
            app.attach(&cc.egui_ctx);
            Ok(Box::new(app))
        }),
    )
}

pub struct TavernApp {
    pub state: AppState,
    attached: bool,
}

impl TavernApp {
    pub fn new(catalog: Catalog, paths: Paths, settings: Settings) -> TavernApp {
        TavernApp {
            state: AppState::new(catalog, paths, settings),
            attached: false,
        }
    }

    /// An app for tests: default settings without animation (frames settle), data in
    /// `paths`.
    pub fn new_for_test(catalog: Catalog, paths: Paths) -> TavernApp {
        // Tests read a move's result in the next frame: no step-by-step playback.
        let settings = Settings {
            animate: false,
            reveal_pace: settings::RevealPace::Off,
            ..Settings::default()
        };
        TavernApp::new(catalog, paths, settings)
    }

    /// Puts the app where `start` says: the launcher, or the table of a saved game (the
    /// launcher with the error window when the file does not open).
    pub fn start(&mut self, start: &Start) {
        match start {
            Start::Launcher => {}
            Start::Open(path) => self.state.open_path(path),
            Start::Join { ticket, name, net } => {
                if net.given() {
                    self.state.online.net_override = Some(net.config());
                }
                if !name.trim().is_empty() {
                    self.state.settings.online_name = name.clone();
                }
                self.state.join_online(ticket);
            }
        }
    }

    /// Lets worker threads wake the window and sets the look once.
    fn attach(&mut self, ctx: &egui::Context) {
        if self.attached {
            return;
        }
        self.attached = true;
        let c = ctx.clone();
        let waker: table::Waker = Arc::new(move || c.request_repaint());
        self.state.waker = Some(waker.clone());
        if let Some(t) = &mut self.state.table {
            t.set_waker(waker);
        }
        // The table handles Ctrl +/− itself (table zoom); the whole UI keeps its size.
        ctx.options_mut(|o| o.zoom_with_keyboard = false);
        ctx.all_styles_mut(|style| {
            use egui::{FontId, TextStyle};
            for (text_style, font) in [
                (TextStyle::Body, FontId::proportional(15.0)),
                (TextStyle::Button, FontId::proportional(15.0)),
                (TextStyle::Small, FontId::proportional(13.0)),
                (TextStyle::Monospace, FontId::monospace(14.0)),
                (TextStyle::Heading, FontId::proportional(22.0)),
            ] {
                style.text_styles.insert(text_style, font);
            }
        });
    }

    /// One frame of the whole app.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        self.attach(ui.ctx());
        let theme = if self.state.settings.dark {
            egui::Theme::Dark
        } else {
            egui::Theme::Light
        };
        ui.ctx().set_theme(theme);
        self.state.poll();
        match self.state.screen {
            Screen::Launcher => launcher_ui::show(ui, &mut self.state),
            Screen::Profiles => profiles_ui::show(ui, &mut self.state),
            Screen::Table => {
                if self.state.table.is_some() {
                    table_ui::show(ui, &mut self.state);
                } else {
                    self.state.screen = Screen::Launcher;
                }
            }
        }
        save_as_window(ui.ctx(), &mut self.state);
        online_ui::windows(ui.ctx(), &mut self.state);
        server_ui::windows(ui.ctx(), &mut self.state);
        error_window(ui.ctx(), &mut self.state);
        settings_window(ui.ctx(), &mut self.state);
    }
}

impl eframe::App for TavernApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        TavernApp::ui(self, ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, APP_KEY, &self.state.settings);
    }

    /// Closing the window leaves an online game as *Launcher* does, rather than letting
    /// the seat look connected until the connection times out.
    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.state.leave_online();
    }
}

fn error_window(ctx: &egui::Context, state: &mut AppState) {
    let Some(err) = state.error.clone() else {
        return;
    };
    let mut close = false;
    egui::Modal::new(egui::Id::unique("error-window")).show(ctx, |ui| {
        ui.set_max_width(520.0);
        ui.heading(&err.title);
        ui.add_space(6.0);
        ui.label(&err.message);
        ui.add_space(10.0);
        if ui.button("OK").clicked() {
            close = true;
        }
    });
    if close || ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        state.error = None;
    }
}

fn settings_window(ctx: &egui::Context, state: &mut AppState) {
    let mut open = state.show_settings;
    egui::Window::new("Settings")
        .open(&mut open)
        // Under the top bar, which it covered at egui's default place.
        .default_pos([300.0, 48.0])
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label("Theme:");
                ui.selectable_value(&mut state.settings.dark, true, "Dark");
                ui.selectable_value(&mut state.settings.dark, false, "Light");
            });
            let l = ui.label("Bot pace (seconds per move):");
            ui.add(
                egui::Slider::new(&mut state.settings.bot_pace, settings::BOT_PACE_RANGE)
                    .step_by(0.1),
            )
            .labelled_by(l.id);
            let l = ui.label("Table zoom:");
            ui.add(egui::Slider::new(
                &mut state.settings.zoom,
                settings::ZOOM_MIN..=settings::ZOOM_MAX,
            ))
            .labelled_by(l.id);
            ui.checkbox(&mut state.settings.animate, "Animate legal targets");
            ui.horizontal(|ui| {
                ui.label("Reveals, one entry at a time:").on_hover_text(
                    "When one move brings several log entries (dice, draws, a bot's move), \
                         the table shows them one by one. Space or a click skips to the end.",
                );
                for p in settings::RevealPace::ALL {
                    ui.selectable_value(&mut state.settings.reveal_pace, p, p.label());
                }
            });
            ui.checkbox(&mut state.settings.one_click, "One-click play")
                .on_hover_text(
                    "A click on the table plays a move that spends at once. Off, such a \
                     click first opens a menu naming the move and its cost.",
                );
        });
    state.show_settings = open;
}

fn save_as_window(ctx: &egui::Context, state: &mut AppState) {
    let Some(mut path) = state.save_as_path.take() else {
        return;
    };
    let mut open = true;
    let mut done = false;
    let secrets = state.saving_reveals_secrets();
    let hands = state.table.as_ref().is_some_and(|t| t.hidden_information());
    let mut host = false;
    egui::Window::new("Save as")
        .id(egui::Id::unique("save-as-window"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            if secrets {
                ui.set_max_width(520.0);
                let text = if hands {
                    "This game is in progress and has hidden cards. Its file holds the \
                     deal and every draw to come: whoever opens it can read every hand. \
                     To play on with friends elsewhere, host it online instead."
                } else {
                    "This game is in progress and its decks are face down. Its file holds \
                     every draw to come: whoever opens it can read what comes next. To \
                     play on with friends elsewhere, host it online instead."
                };
                ui.label(egui::RichText::new(text).color(ui.visuals().warn_fg_color));
                if ui
                    .button("Host it online instead…")
                    .on_hover_text("You keep your seat; the others get invitations")
                    .clicked()
                {
                    host = true;
                }
                ui.separator();
            }
            let l = ui.label("File:");
            let field = ui
                .add(egui::TextEdit::singleline(&mut path).desired_width(460.0))
                .labelled_by(l.id);
            let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            ui.horizontal(|ui| {
                if ui.button("Save here").clicked() || enter {
                    let p = std::path::PathBuf::from(path.trim());
                    state.save_to(&p);
                    done = true;
                }
                if ui
                    .button("Desktop dialog…")
                    .on_hover_text("Choose the file with your desktop's file dialog")
                    .clicked()
                {
                    state.save_as_native();
                    done = true;
                }
                if ui.button("Cancel").clicked() {
                    done = true;
                }
            });
        });
    if host {
        state.host_current_game();
        return;
    }
    if open && !done {
        state.save_as_path = Some(path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_does_not_open_leaves_the_launcher_with_the_error() {
        let dir = tempfile::tempdir().unwrap();
        let paths = Paths::at(dir.path());
        for (name, text) in [
            ("cut.json", Some("{\"format\":\"tavern-save\"")),
            ("other.json", Some("{\"hello\": 1}")),
            ("missing.json", None),
        ] {
            let f = dir.path().join(name);
            if let Some(t) = text {
                std::fs::write(&f, t).unwrap();
            }
            let mut app = TavernApp::new_for_test(Catalog::from_files(&[]), paths.clone());
            app.start(&Start::Open(f.clone()));
            assert_eq!(app.state.screen, Screen::Launcher, "{name}");
            assert!(app.state.table.is_none());
            let err = app.state.error.as_ref().expect("the error is shown");
            assert!(err.message.contains(name), "{name}: {}", err.message);
        }
    }

    #[test]
    fn the_launcher_start_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let mut app = TavernApp::new_for_test(Catalog::from_files(&[]), Paths::at(dir.path()));
        app.start(&Start::Launcher);
        assert_eq!(app.state.screen, Screen::Launcher);
        assert!(app.state.error.is_none());
    }
}
