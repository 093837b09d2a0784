//! The game table's state, without any drawing: the session, who is at the screen
//! (hot-seat), the bot worker, autosave and the end of the game.
//!
//! The table view (`table_ui`) reads this and calls its methods; the tests drive the same
//! methods through the UI.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError};

use serde_json::Value;
use tavern_plugin_api::{ActionEntry, Outcome, SeatKind, ToAct, View};

use super::motion::Motion;

use crate::paths::Paths;
use crate::plugin::PluginError;
use crate::save;
use crate::session::{Session, SessionError, UndoMode, step_seed};

/// Called by worker threads when they finish, so the window repaints.
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// A bot move being computed on a worker thread.
struct BotJob {
    seat: usize,
    /// The log position the move was computed for; a result for another position (the
    /// player undid meanwhile) is dropped.
    cursor: usize,
    rx: Receiver<Result<ActionEntry, String>>,
    /// A finished move waiting for the pace timer.
    ready: Option<ActionEntry>,
}

/// A finished game, handed to the app once so it can update profiles.
pub struct Finished {
    pub outcome: Outcome,
    pub history_path: PathBuf,
}

pub struct TableState {
    pub session: Session,
    /// The file Ctrl+S writes to; `None` until the game was saved or opened from a file.
    pub save_path: Option<PathBuf>,
    /// The human seat whose view is on screen (hot-seat); `None` before anyone looked.
    pub screen_seat: Option<usize>,
    /// A "pass to" cover is up for this seat.
    pub cover: Option<usize>,
    /// A plugin failure: the session stays at the last good action.
    pub banner: Option<String>,
    /// A short message: a refused undo, a saved file.
    pub notice: Option<String>,
    /// The end-of-game window is open.
    pub show_end: bool,
    /// Bots may play on although a redo branch exists (the player chose to continue).
    pub bots_released: bool,
    /// Shown "Rules" window.
    pub show_rules: bool,
    bot: Option<BotJob>,
    last_change: f64,
    recorded: bool,
    finished: Option<Finished>,
    autosave_dir: PathBuf,
    history_dir: PathBuf,
    waker: Option<Waker>,
    /// The view on screen, asked of the plugin once per change of state or viewer.
    shown: Option<Shown>,
    /// The viewer's legal actions, likewise once per change.
    actions: RefCell<Option<(u64, usize, Vec<ActionEntry>)>>,
}

/// A view and the slides that lead into it.
struct Shown {
    revision: u64,
    viewer: Option<usize>,
    view: Arc<View>,
    motion: Option<Motion>,
}

impl TableState {
    pub fn new(session: Session, paths: &Paths, save_path: Option<PathBuf>) -> TableState {
        let mut t = TableState {
            session,
            save_path,
            screen_seat: None,
            cover: None,
            banner: None,
            notice: None,
            show_end: false,
            bots_released: false,
            show_rules: false,
            bot: None,
            last_change: f64::NEG_INFINITY,
            recorded: false,
            finished: None,
            autosave_dir: paths.autosave_dir(),
            history_dir: paths.history_dir(),
            waker: None,
            shown: None,
            actions: RefCell::new(None),
        };
        // A loaded game may already be over (a replay from the history).
        if matches!(t.session.to_act(), Ok(ToAct::Over)) {
            t.recorded = true;
            t.show_end = true;
        }
        t.refresh_seat();
        t
    }

    pub fn set_waker(&mut self, waker: Waker) {
        self.waker = Some(waker);
    }

    pub fn game_name(&self) -> &str {
        &self.session.plugin().info.name
    }

    pub fn hidden_information(&self) -> bool {
        self.session.plugin().info.hidden_information
    }

    pub fn seat_count(&self) -> usize {
        self.session.setup().seats.len()
    }

    pub fn humans(&self) -> Vec<usize> {
        (0..self.seat_count())
            .filter(|&s| !self.session.is_bot(s))
            .collect()
    }

    pub fn bot_level(&self, seat: usize) -> u8 {
        match self.session.setup().seats.get(seat).map(|s| &s.kind) {
            Some(SeatKind::Bot { level }) => *level,
            _ => 0,
        }
    }

    /// The seat whose view is drawn: the person at the screen, else the only human,
    /// else nobody (a spectator watching bots).
    pub fn viewer(&self) -> Option<usize> {
        if self.screen_seat.is_some() {
            return self.screen_seat;
        }
        match self.humans().as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    pub fn to_act(&self) -> Vec<usize> {
        match self.session.to_act() {
            Ok(ToAct::Seats(s)) => s,
            _ => Vec::new(),
        }
    }

    pub fn is_over(&self) -> bool {
        matches!(self.session.to_act(), Ok(ToAct::Over))
    }

    /// The human seats that must decide now.
    pub fn humans_to_act(&self) -> Vec<usize> {
        self.to_act()
            .into_iter()
            .filter(|&s| !self.session.is_bot(s))
            .collect()
    }

    /// Chooses who is at the screen after a change, raising a "pass to" cover when the
    /// next person is a different human and the game hides information.
    pub fn refresh_seat(&mut self) {
        let humans = self.humans_to_act();
        if let Some(c) = self.cover
            && !humans.contains(&c)
        {
            self.cover = None;
        }
        if self.cover.is_some() || humans.is_empty() {
            return;
        }
        if let Some(cur) = self.screen_seat
            && humans.contains(&cur)
        {
            return;
        }
        let next = humans[0];
        let several_humans = self.humans().len() > 1;
        if self.hidden_information() && several_humans && self.screen_seat != Some(next) {
            self.cover = Some(next);
        } else {
            self.screen_seat = Some(next);
        }
    }

    /// The person named on the cover clicked: show their view.
    pub fn reveal(&mut self) {
        if let Some(seat) = self.cover.take() {
            self.screen_seat = Some(seat);
        }
    }

    /// The legal actions of the seat at the screen (empty under a cover or when it is not
    /// that seat's turn).
    pub fn viewer_actions(&self) -> Vec<(usize, ActionEntry)> {
        if self.cover.is_some() || self.banner.is_some() {
            return Vec::new();
        }
        let Some(v) = self.viewer() else {
            return Vec::new();
        };
        if !self.to_act().contains(&v) || self.session.is_bot(v) {
            return Vec::new();
        }
        let revision = self.session.revision();
        let mut cache = self.actions.borrow_mut();
        if let Some((r, s, list)) = cache.as_ref()
            && *r == revision
            && *s == v
        {
            return list.iter().map(|a| (v, a.clone())).collect();
        }
        // A failing legal() means the plugin is broken; the view call reports it.
        let list = self.session.legal(v).unwrap_or_default();
        let out = list.iter().map(|a| (v, a.clone())).collect();
        *cache = Some((revision, v, list));
        out
    }

    /// The view of the seat at the screen, asked of the plugin only when the state or
    /// the viewer changed. A new view of the same viewer starts the slides of whatever
    /// moved, from `now`.
    pub fn view_now(&mut self, now: f64) -> Result<Arc<View>, SessionError> {
        let (revision, viewer) = (self.session.revision(), self.viewer());
        if let Some(s) = &self.shown
            && s.revision == revision
            && s.viewer == viewer
        {
            return Ok(s.view.clone());
        }
        let view = Arc::new(self.session.view(viewer)?);
        let motion = self
            .shown
            .as_ref()
            .filter(|s| s.viewer == viewer)
            .and_then(|s| Motion::between(&s.view.scene, &view.scene, now));
        self.shown = Some(Shown {
            revision,
            viewer,
            view: view.clone(),
            motion,
        });
        Ok(view)
    }

    /// The slides of the view on screen, while any is under way.
    pub fn motion(&self, now: f64) -> Option<&Motion> {
        self.shown
            .as_ref()?
            .motion
            .as_ref()
            .filter(|m| m.running(now))
    }

    /// Applies a seat's action.
    pub fn act(&mut self, seat: usize, action: Value, now: f64) {
        self.bot = None;
        match self.session.apply(seat, action) {
            Ok(_) => {
                self.notice = None;
                self.after_change(now);
            }
            Err(e) => self.fail(e),
        }
    }

    fn fail(&mut self, e: SessionError) {
        match e {
            SessionError::NotAllowed(m) => self.notice = Some(m),
            SessionError::Plugin(PluginError::Illegal(m)) => {
                self.notice = Some(format!("Not allowed now: {m}"))
            }
            SessionError::Plugin(p) => {
                self.banner = Some(format!(
                    "{p}. The game is kept at the last good move; you can save it with Save As."
                ));
                self.rebuild();
            }
        }
    }

    /// A plugin that panicked halfway through a call may have left its instance half
    /// changed: replay the log into a fresh instance so play resumes from the last good
    /// move exactly.
    fn rebuild(&mut self) {
        let file = crate::save::SaveFile::from_session(&self.session);
        let catalog = crate::plugin::Catalog {
            games: vec![self.session.plugin().clone()],
            incompatible: Vec::new(),
        };
        match file.replay(&catalog) {
            Ok(mut s) => {
                s.updated = self.session.updated;
                self.session = s;
                // The new session counts revisions from zero again.
                self.shown = None;
                *self.actions.get_mut() = None;
            }
            Err(e) => {
                self.banner = Some(format!(
                    "The game plugin failed and the game could not be rebuilt ({e}). Save it with Save As and reopen it."
                ))
            }
        }
    }

    /// Why the seat at the screen may not undo now, or `Ok`.
    pub fn can_undo(&self) -> Result<(), String> {
        if self.cover.is_some() {
            return Err("Reveal the table first".into());
        }
        if self.bot.is_some() {
            return Err("Wait for the bot to finish".into());
        }
        self.session.can_undo(self.viewer())
    }

    pub fn can_redo(&self) -> Result<(), String> {
        if self.cover.is_some() {
            return Err("Reveal the table first".into());
        }
        if self.session.can_redo() {
            Ok(())
        } else {
            Err("Nothing to redo".into())
        }
    }

    /// Takes back the last move; in learning mode keeps going back over bot moves until a
    /// human is to decide, so one click undoes "my last move".
    pub fn undo(&mut self, now: f64) {
        if let Err(m) = self.can_undo() {
            self.notice = Some(m);
            return;
        }
        let requester = self.viewer();
        if let Err(e) = self.session.undo(requester) {
            self.fail(e);
            return;
        }
        if self.session.undo_mode() == UndoMode::Learning {
            while self.humans_to_act().is_empty() && self.session.can_undo(requester).is_ok() {
                if let Err(e) = self.session.undo(requester) {
                    self.fail(e);
                    break;
                }
            }
        }
        self.after_history_move(now);
    }

    pub fn redo(&mut self, now: f64) {
        if let Err(m) = self.can_redo() {
            self.notice = Some(m);
            return;
        }
        if let Err(e) = self.session.redo() {
            self.fail(e);
        }
        self.after_history_move(now);
    }

    /// Why clicking log entry `index` may not rewind there, or `Ok`.
    pub fn can_rewind_to_entry(&self, index: usize) -> Result<(), String> {
        if self.cover.is_some() {
            return Err("Reveal the table first".into());
        }
        let pos = self.session.position_after(index);
        self.session.can_rewind_to(pos, self.viewer())
    }

    pub fn rewind_to_entry(&mut self, index: usize, now: f64) {
        if let Err(m) = self.can_rewind_to_entry(index) {
            self.notice = Some(m);
            return;
        }
        let pos = self.session.position_after(index);
        if let Err(e) = self.session.rewind_to(pos, self.viewer()) {
            self.fail(e);
        }
        self.after_history_move(now);
    }

    fn after_history_move(&mut self, now: f64) {
        self.bot = None;
        self.bots_released = false;
        self.show_end = false;
        self.after_change(now);
    }

    fn after_change(&mut self, now: f64) {
        self.last_change = now;
        self.refresh_seat();
        if self.is_over() {
            self.show_end = true;
            if !self.recorded {
                self.recorded = true;
                self.finish();
            }
        } else if !self.recorded {
            self.autosave();
        }
    }

    pub fn autosave_path(&self) -> PathBuf {
        self.autosave_dir.join(format!("{}.json", self.session.id))
    }

    fn autosave(&mut self) {
        if let Err(e) = save::save(&self.session, &self.autosave_path()) {
            self.notice = Some(format!("Autosave failed: {e}"));
        }
    }

    /// Keeps the finished game in the history folder and drops its autosave.
    fn finish(&mut self) {
        let outcome = match self.session.outcome() {
            Ok(Some(o)) => o,
            Ok(None) => return,
            Err(e) => {
                self.fail(e);
                return;
            }
        };
        let history_path = self.history_dir.join(format!("{}.json", self.session.id));
        if let Err(e) = save::save(&self.session, &history_path) {
            self.notice = Some(format!("Could not keep the game in the history: {e}"));
        }
        let _ = std::fs::remove_file(self.autosave_path());
        self.finished = Some(Finished {
            outcome,
            history_path,
        });
    }

    /// The game that just ended, once, for the profiles.
    pub fn take_finished(&mut self) -> Option<Finished> {
        self.finished.take()
    }

    pub fn save_to(&mut self, path: &Path) -> Result<(), String> {
        save::save(&self.session, path).map_err(|e| format!("Could not save: {e}"))?;
        self.save_path = Some(path.to_path_buf());
        self.notice = Some(format!("Saved to {}", path.display()));
        Ok(())
    }

    /// The bot seat that is thinking or about to move, if any.
    pub fn thinking(&self) -> Option<usize> {
        self.bot.as_ref().map(|b| b.seat)
    }

    /// Bots wait while a redo branch exists, so a player who stepped back can look around
    /// or redo without the bots overwriting the branch.
    pub fn bots_held(&self) -> bool {
        self.session.can_redo() && !self.bots_released
    }

    /// Drives the bots: starts a worker when a bot is to act, applies its move when the
    /// pace allows. Returns the seconds until it wants to be called again, if it does.
    pub fn tick(&mut self, now: f64, pace: f32) -> Option<f64> {
        if self.banner.is_some() || self.is_over() || self.bots_held() {
            self.bot = None;
            return None;
        }
        if let Some(job) = &mut self.bot {
            if job.cursor != self.session.cursor() {
                self.bot = None;
                return Some(0.0);
            }
            if job.ready.is_none() {
                match job.rx.try_recv() {
                    Ok(Ok(entry)) => job.ready = Some(entry),
                    Ok(Err(m)) => {
                        self.bot = None;
                        self.banner = Some(format!(
                            "The bot failed: {m}. The game is kept at the last good move."
                        ));
                        return None;
                    }
                    Err(TryRecvError::Empty) => return Some(0.1),
                    Err(TryRecvError::Disconnected) => {
                        self.bot = None;
                        self.banner = Some("The bot stopped without a move.".into());
                        return None;
                    }
                }
            }
            let due = self.last_change + f64::from(pace);
            if now < due {
                return Some(due - now);
            }
            let job = self.bot.take().expect("checked above");
            let entry = job.ready.expect("checked above");
            self.act(job.seat, entry.action, now);
            return Some(0.0);
        }
        let bot_seat = self
            .to_act()
            .into_iter()
            .find(|&s| self.session.is_bot(s))?;
        self.start_bot(bot_seat);
        Some(0.1)
    }

    fn start_bot(&mut self, seat: usize) {
        let instance = match self.session.bot_instance() {
            Ok(i) => i,
            Err(e) => {
                self.fail(e);
                return;
            }
        };
        let level = self.bot_level(seat).clamp(1, 3);
        let cursor = self.session.cursor();
        let seed = step_seed(self.session.setup().seed ^ 0xB07, cursor);
        let (tx, rx) = std::sync::mpsc::channel();
        let waker = self.waker.clone();
        let spawned = std::thread::Builder::new()
            .name(format!("bot-seat-{seat}"))
            .spawn(move || {
                let result = instance.bot(seat, seed, level).map_err(|e| e.to_string());
                let _ = tx.send(result);
                if let Some(w) = waker {
                    w();
                }
            });
        if spawned.is_err() {
            self.banner = Some("Could not start the bot's thread.".into());
            return;
        }
        self.bot = Some(BotJob {
            seat,
            cursor,
            rx,
            ready: None,
        });
    }
}

impl TableState {
    /// Writes the autosave now (a new game, before its first move).
    pub fn autosave_now(&mut self) {
        if !self.recorded {
            self.autosave();
        }
    }
}
