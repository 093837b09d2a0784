//! Everything the app knows, without any drawing: the catalog, settings, profiles, the
//! launcher's form, the table, open dialogs and errors. The view modules read and change
//! it; tests can inspect it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tavern_plugin_api::{SeatKind, SeatSetup, Setup};

use crate::paths::Paths;
use crate::plugin::{Catalog, Plugin};
use crate::profiles::{Profiles, Recent};
use crate::save;
use crate::session::{Session, UndoMode, now_unix, seat_range};

use tavern_net::NetConfig;

use super::files::{DialogPurpose, FileDialog};
use super::hosting::{HostedGame, Joining, SeatRole};
use super::server_games::{CreateForm, KnownGames, ServerAnswer, StatusCheck};
use super::settings::{SeatChoice, SeatPlan, Settings};
use super::table::{TableState, Waker};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Launcher,
    Profiles,
    Table,
}

/// An error shown in its own window until dismissed.
#[derive(Clone, Debug, PartialEq)]
pub struct ErrorWindow {
    pub title: String,
    pub message: String,
}

/// The launcher's new-game form.
#[derive(Clone, Debug, Default)]
pub struct LauncherForm {
    pub game: Option<String>,
    pub seats: Vec<SeatPlan>,
    pub options: BTreeMap<String, String>,
    /// The seed typed for the next game; empty deals a random one. Cleared when a game
    /// starts, so a seed is never kept silently for the game after.
    pub seed_text: String,
    /// The seed of the last game started from this form (shown, and offered for reuse).
    pub last_seed: Option<u64>,
    pub path_text: String,
    /// The autosave whose discard waits for confirmation.
    pub confirm_discard: Option<PathBuf>,
    pub show_browser: bool,
}

/// The profiles screen's editing state.
#[derive(Clone, Debug, Default)]
pub struct ProfilesForm {
    pub new_name: String,
    pub new_color: [u8; 3],
    pub selected: Option<String>,
    pub rename_text: String,
    pub confirm_delete: Option<String>,
}

pub struct AppState {
    pub catalog: Catalog,
    pub paths: Paths,
    pub settings: Settings,
    pub profiles: Profiles,
    pub recent: Recent,
    pub screen: Screen,
    pub launcher: LauncherForm,
    pub profiles_form: ProfilesForm,
    pub table: Option<TableState>,
    pub error: Option<ErrorWindow>,
    pub dialog: FileDialog,
    pub waker: Option<Waker>,
    /// The settings window is open.
    pub show_settings: bool,
    /// The in-app "Save as" window is open with this path in its field.
    pub save_as_path: Option<String>,
    /// A finished online game's save asked of its server, and the answer, which Save
    /// As writes in place of a session (an online seat holds no game of its own).
    pub replay_fetch: Option<super::replay_save::ReplayFetch>,
    pub replay_save: Option<String>,
    /// The windows of online play and what they started.
    pub online: OnlineState,
}

/// Online play from the launcher: the *Host online* and *Join* windows, the game this
/// app hosts and a join under way.
#[derive(Default)]
pub struct OnlineState {
    /// The *Host online* window is open with a role per seat of the launcher's form.
    pub host_form: Option<Vec<SeatRole>>,
    /// The *Join* window is open with this ticket text.
    pub join_text: Option<String>,
    pub hosted: Option<HostedGame>,
    pub joining: Option<Joining>,
    /// The invitations window is open (while hosting).
    pub show_invites: bool,
    /// Replaces the relay setting (tests: loopback only, relays off).
    pub net_override: Option<NetConfig>,
    /// The *Host online* window's choice: players may ask for hints.
    pub host_hints: bool,
    /// The *Create on server* window is open with this form.
    pub create: Option<CreateForm>,
    /// The seats this player holds on table servers (*Online games*).
    pub known: KnownGames,
    /// Status requests under way, and the last answer of each server (by its key).
    pub status: Option<StatusCheck>,
    pub answers: BTreeMap<String, ServerAnswer>,
    /// When the servers were last asked (`None`: not since the launcher was last opened).
    /// The launcher asks again every [`super::server_games::REFRESH_EVERY`].
    pub status_asked: Option<std::time::Instant>,
}

/// What the launcher form starts: the game, its setup, and a profile id per seat.
pub type NewGame = (Arc<Plugin>, Setup, Vec<Option<String>>);

/// A fresh random seed (time and address entropy; the seed only needs to differ).
pub fn random_seed() -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    let local = 0u8;
    crate::session::step_seed(t, &local as *const u8 as usize)
}

impl AppState {
    pub fn new(catalog: Catalog, paths: Paths, settings: Settings) -> AppState {
        let profiles = Profiles::load(&paths);
        let recent = Recent::load(&paths);
        let known = KnownGames::load(&paths);
        let mut s = AppState {
            catalog,
            paths,
            settings,
            profiles,
            recent,
            screen: Screen::Launcher,
            launcher: LauncherForm::default(),
            profiles_form: ProfilesForm {
                new_color: [0, 114, 178],
                ..Default::default()
            },
            table: None,
            error: None,
            dialog: FileDialog::default(),
            waker: None,
            show_settings: false,
            save_as_path: None,
            replay_fetch: None,
            replay_save: None,
            online: OnlineState {
                known,
                ..OnlineState::default()
            },
        };
        if let Some(first) = s.catalog.games.first().map(|g| g.info.id.clone()) {
            s.select_game(&first);
        }
        s
    }

    pub fn show_error(&mut self, title: impl Into<String>, message: impl Into<String>) {
        self.error = Some(ErrorWindow {
            title: title.into(),
            message: message.into(),
        });
    }

    pub fn selected_plugin(&self) -> Option<Arc<Plugin>> {
        self.launcher
            .game
            .as_deref()
            .and_then(|g| self.catalog.get(g))
    }

    /// Picks a game in the launcher, restoring the seats and options used last time.
    pub fn select_game(&mut self, id: &str) {
        let Some(plugin) = self.catalog.get(id) else {
            return;
        };
        let info = &plugin.info;
        let f = &mut self.launcher;
        f.game = Some(id.to_string());
        f.seats = self
            .settings
            .last_seats
            .get(id)
            .cloned()
            .filter(|s| (info.min_players..=info.max_players).contains(&s.len()))
            .unwrap_or_else(|| {
                (0..info.min_players.max(2).min(info.max_players))
                    .map(|i| SeatPlan {
                        name: format!("Player {}", i + 1),
                        choice: SeatChoice::Human,
                    })
                    .collect()
            });
        let remembered = self.settings.last_options.get(id);
        f.options = info
            .options
            .iter()
            .map(|o| {
                let v = remembered
                    .and_then(|r| r.get(&o.key))
                    .filter(|v| o.choices.iter().any(|c| &c.value == *v))
                    .cloned()
                    .unwrap_or_else(|| o.default.clone());
                (o.key.clone(), v)
            })
            .collect();
        f.seed_text.clear();
        self.fit_seats();
    }

    /// The seats the selected game allows with the options chosen in the form.
    pub fn seat_range(&self) -> Option<(usize, usize)> {
        let p = self.selected_plugin()?;
        Some(seat_range(&p.info, &self.launcher.options))
    }

    /// Chooses `value` for option `key` and adjusts the seats to the range it allows.
    pub fn set_option(&mut self, key: &str, value: &str) {
        self.launcher
            .options
            .insert(key.to_string(), value.to_string());
        self.fit_seats();
    }

    /// Adds or removes seats (the last ones) until their number fits the seat range.
    pub fn fit_seats(&mut self) {
        let Some((min, max)) = self.seat_range() else {
            return;
        };
        self.launcher.seats.truncate(max.max(1));
        while self.launcher.seats.len() < min {
            self.push_seat();
        }
    }

    fn push_seat(&mut self) {
        let seats = &mut self.launcher.seats;
        let n = seats.len() + 1;
        // The first seat is the person starting the game; later ones default to bots.
        let choice = if seats.is_empty() {
            SeatChoice::Human
        } else {
            SeatChoice::Bot(2)
        };
        seats.push(SeatPlan {
            name: format!("Player {n}"),
            choice,
        });
    }

    pub fn add_seat(&mut self) {
        let Some((_, max)) = self.seat_range() else {
            return;
        };
        if self.launcher.seats.len() < max {
            self.push_seat();
        }
    }

    pub fn remove_seat(&mut self, i: usize) {
        let Some((min, _)) = self.seat_range() else {
            return;
        };
        if self.launcher.seats.len() > min && i < self.launcher.seats.len() {
            self.launcher.seats.remove(i);
        }
    }

    /// The setup the form describes, or why it cannot start.
    pub fn setup_from_form(&self) -> Result<NewGame, String> {
        let plugin = self.selected_plugin().ok_or("Choose a game first")?;
        let f = &self.launcher;
        let (min, max) = seat_range(&plugin.info, &f.options);
        let n = f.seats.len();
        if n < min || n > max {
            let range = if min == max {
                format!("{min}")
            } else {
                format!("{min} to {max}")
            };
            return Err(format!(
                "{} with these options is for {range} players, not {n}",
                plugin.info.name
            ));
        }
        let seed: u64 = match f.seed_text.trim() {
            "" => random_seed(),
            typed => typed
                .parse()
                .map_err(|_| "The seed must be a whole number (0 or more), or empty".to_string())?,
        };
        let mut seats = Vec::new();
        let mut profiles = Vec::new();
        for (i, plan) in f.seats.iter().enumerate() {
            let (name, kind, profile) = match &plan.choice {
                SeatChoice::Human => (plan.name.trim().to_string(), SeatKind::Human, None),
                SeatChoice::Profile(id) => {
                    let p = self
                        .profiles
                        .get(id)
                        .ok_or_else(|| format!("Seat {} names a deleted profile", i + 1))?;
                    (p.name.clone(), SeatKind::Human, Some(id.clone()))
                }
                SeatChoice::Bot(level) => (
                    plan.name.trim().to_string(),
                    SeatKind::Bot {
                        level: (*level).clamp(1, 3),
                    },
                    None,
                ),
            };
            let name = if name.is_empty() {
                format!("Player {}", i + 1)
            } else {
                name
            };
            seats.push(SeatSetup { name, kind });
            profiles.push(profile);
        }
        let options = crate::session::effective_options(&plugin.info, &f.options, seats.len());
        let setup = Setup {
            seats,
            options,
            seed,
        };
        Ok((plugin, setup, profiles))
    }

    pub fn undo_mode(&self) -> UndoMode {
        if self.settings.fair_undo {
            UndoMode::Fair
        } else {
            UndoMode::Learning
        }
    }

    /// Starts the game the launcher describes.
    pub fn start_game(&mut self) {
        let (plugin, setup, profiles) = match self.setup_from_form() {
            Ok(x) => x,
            Err(m) => {
                self.show_error("Cannot start", m);
                return;
            }
        };
        let id = plugin.info.id.clone();
        self.settings
            .last_seats
            .insert(id.clone(), self.launcher.seats.clone());
        self.settings
            .last_options
            .insert(id, self.launcher.options.clone());
        // The seed served this game; the next one gets a fresh seed unless one is typed.
        self.launcher.last_seed = Some(setup.seed);
        self.launcher.seed_text.clear();
        self.start_setup(plugin, setup, profiles, self.undo_mode());
    }

    fn start_setup(
        &mut self,
        plugin: Arc<Plugin>,
        setup: Setup,
        profiles: Vec<Option<String>>,
        mode: UndoMode,
    ) {
        match Session::new(plugin, setup, mode) {
            Ok(mut session) => {
                session.profiles = profiles;
                let mut t = TableState::new(session, &self.paths, None);
                t.autosave_now();
                self.open_table(t);
            }
            Err(e) => self.show_error("Cannot start the game", e.to_string()),
        }
    }

    pub(super) fn open_table(&mut self, mut t: TableState) {
        if let Some(w) = &self.waker {
            t.set_waker(w.clone());
        }
        self.table = Some(t);
        self.screen = Screen::Table;
    }

    /// Same seats and options, a new seed.
    pub fn play_again(&mut self) {
        let Some(session) = self.table.as_ref().and_then(|t| t.local()) else {
            return;
        };
        let plugin = session.plugin().clone();
        let mut setup = session.setup().clone();
        setup.seed = random_seed();
        let profiles = session.profiles.clone();
        let mode = session.undo_mode();
        self.start_setup(plugin, setup, profiles, mode);
    }

    /// Opens a save file (or an autosave, or a replay from the history).
    pub fn open_path(&mut self, path: &Path) {
        match save::open(path, &self.catalog) {
            Ok(session) => {
                let is_auto = path.starts_with(self.paths.autosave_dir());
                let is_history = path.starts_with(self.paths.history_dir());
                if !is_auto && !is_history {
                    self.recent.touch(path);
                    let _ = self.recent.save(&self.paths);
                }
                let save_path = (!is_auto && !is_history).then(|| path.to_path_buf());
                let t = TableState::new(session, &self.paths, save_path);
                self.open_table(t);
            }
            Err(e) => self.show_error(
                "Cannot open the saved game",
                format!("{}\n\n{}", path.display(), capitalize(&e.to_string())),
            ),
        }
    }

    pub fn discard_autosave(&mut self, path: &Path) {
        if path.starts_with(self.paths.autosave_dir()) {
            let _ = std::fs::remove_file(path);
        }
        self.launcher.confirm_discard = None;
    }

    /// Ctrl+S: the current file, or Save As when there is none.
    pub fn save(&mut self) {
        let Some(t) = &mut self.table else { return };
        match t.save_path.clone() {
            Some(p) => {
                if let Err(m) = t.save_to(&p) {
                    self.show_error("Cannot save", m);
                } else {
                    self.recent.touch(&p);
                    let _ = self.recent.save(&self.paths);
                }
            }
            None => self.save_as(),
        }
    }

    /// Opens the in-app "Save as" window with a path field (it works where the desktop
    /// offers no file dialog) and a button for the native dialog.
    pub fn save_as(&mut self) {
        let Some(t) = &self.table else { return };
        let suggested = match t.local() {
            Some(session) => t
                .save_path
                .clone()
                .unwrap_or_else(|| self.paths.saves_dir().join(format!("{}.json", session.id))),
            None => {
                self.save_finished_online();
                return;
            }
        };
        self.save_as_path = Some(suggested.display().to_string());
    }

    /// The desktop's own save dialog, on a worker thread.
    pub fn save_as_native(&mut self) {
        let name = match self.table.as_ref().and_then(|t| t.local()) {
            Some(session) => format!("{}.json", session.id),
            None if self.replay_save.is_some() => self.replay_name(),
            None => return,
        };
        self.dialog.start(
            DialogPurpose::SaveAs,
            self.paths.saves_dir(),
            name,
            self.waker.clone(),
        );
    }

    pub fn save_to(&mut self, path: &Path) {
        let Some(t) = &mut self.table else { return };
        let written = match &self.replay_save {
            Some(save) if t.local().is_none() => crate::paths::write_atomic(path, save.as_bytes())
                .map_err(|e| format!("Cannot write {}: {e}", path.display())),
            _ => t.save_to(path),
        };
        match written {
            Ok(()) => {
                self.recent.touch(path);
                let _ = self.recent.save(&self.paths);
            }
            Err(m) => self.show_error("Cannot save", m),
        }
    }

    pub fn open_dialog(&mut self) {
        self.dialog.start(
            DialogPurpose::Open,
            self.paths.saves_dir(),
            String::new(),
            self.waker.clone(),
        );
    }

    /// Handles a finished file dialog and a game that just ended.
    pub fn poll(&mut self) {
        self.poll_replay();
        if let Some((purpose, picked)) = self.dialog.poll() {
            match (purpose, picked) {
                (DialogPurpose::Open, Some(p)) => self.open_path(&p),
                (DialogPurpose::SaveAs, Some(p)) => self.save_to(&p),
                _ => {}
            }
        }
        if let Some(t) = &mut self.table
            && let Some(f) = t.take_finished()
            && let Some(session) = t.local()
        {
            self.profiles
                .record_finished(session, &f.outcome, &f.history_path);
            if let Err(e) = self.profiles.save() {
                t.notice = Some(format!("Could not update the profiles: {e}"));
            }
        }
    }

    pub fn back_to_launcher(&mut self) {
        self.leave_online();
        self.table = None;
        (self.replay_fetch, self.replay_save) = (None, None);
        self.screen = Screen::Launcher;
        // Back at the launcher the server games are asked again: a move was likely made.
        self.online.status_asked = None;
    }

    /// Leaves the table's online game, if it is one: a joined seat says goodbye, so the
    /// others see it leave and the seat is free to join again at once; a hosted game
    /// ends for everybody (the players' screens say the connection ended). Also when
    /// the window closes.
    pub fn leave_online(&mut self) {
        if self.table.as_ref().is_some_and(|t| t.is_online())
            && let Some(seat) = self.table.take().and_then(TableState::into_online)
        {
            seat.leave();
        }
        if let Some(h) = self.online.hosted.take() {
            h.close();
        }
    }

    pub fn now_unix(&self) -> u64 {
        now_unix()
    }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
