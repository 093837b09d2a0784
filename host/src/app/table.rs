//! The game table's state, without any drawing: the session, who is at the screen
//! (hot-seat), the bot worker, autosave and the end of the game, a seat's plan of
//! tentative steps, and the passes the table answers by itself.
//!
//! Plans: a step action (`ChoiceKind::Step`) is applied to a scratch copy of the game
//! (a clone of the session's instance), never to the session. The seat sees the copy's
//! view and legal list; the first non-step action confirms the plan, and the session logs
//! the steps and that action as one entry (`Session::apply_plan`). Cancel drops the copy.
//! When another seat moves meanwhile, the copy is rebuilt from the new state by applying
//! the steps again; a step that no longer applies drops the plan with a notice.
//!
//! Optional responders: a human seat whose only legal action is a pass
//! (`ChoiceKind::Pass`), or who chose "don't ask me again" for the pass's window key, is
//! answered by the table at once, so no hot-seat cover is raised for it.
//!
//! Bots: a bot to act gets a worker thread with a copy of the game, which works out its
//! whole decision (`session::bot_decision`, plan steps and all) while the window stays
//! responsive; the table applies it when the pace allows. Undo, a seat handed back, or
//! any move that changes the bot's situation drops the job, and dropping it stops the
//! search inside the plugin. A person's move that leaves the bot with the same choices
//! and reveals nothing (a secret bid in a simultaneous step) keeps it. A seat can be
//! handed to a bot mid-game and back (`hand_seat`).
//!
//! The table view (`table_ui`) reads this and calls its methods; the tests drive the same
//! methods through the UI.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

use serde_json::Value;
use tavern_plugin_api::search::Limits;
use tavern_plugin_api::{ActionEntry, ChoiceKind, Outcome, SeatKind, ToAct, View};

use super::motion::Motion;

use crate::paths::Paths;
use crate::plugin::{BotAsk, Instance, PluginError};
use crate::save;
use crate::session::{BotDecision, Session, SessionError, StopThinking, UndoMode, bot_decision};

/// Called by worker threads when they finish, so the window repaints.
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// A bot's decision being worked out on a worker thread.
struct BotJob {
    seat: usize,
    /// The log position the decision is for. Another seat's move since then keeps the
    /// job only while it leaves the bot's situation as it was (see `bot_job_fits`).
    cursor: usize,
    /// The bot's legal list when it started.
    legal: Vec<ActionEntry>,
    rx: Receiver<Result<Option<BotDecision>, String>>,
    /// A finished decision waiting for the pace timer.
    ready: Option<BotDecision>,
    /// The worker has answered (so there is no search left to stop).
    answered: bool,
    stop: StopThinking,
    started: Instant,
    /// About how long one search at the bot's level takes, for the progress shown.
    budget: f64,
    worker: Option<JoinHandle<()>>,
    /// Where a stopped job leaves its worker, so the table can tell when it has ended.
    stopping: Arc<Mutex<Vec<JoinHandle<()>>>>,
}

impl Drop for BotJob {
    /// A job dropped before its answer (an undo, a seat handed back, a changed
    /// position) stops its search instead of letting it run on for nothing.
    fn drop(&mut self) {
        if !self.answered {
            self.stop.stop();
            if let Some(w) = self.worker.take() {
                let mut list = self.stopping.lock().unwrap_or_else(|e| e.into_inner());
                list.retain(|w| !w.is_finished());
                list.push(w);
            }
        }
    }
}

/// Passes the table may answer in a row before it stops (a game that keeps asking).
const MAX_AUTO_PASSES: usize = 10_000;

/// A seat's tentative steps, applied to a copy of the game.
pub struct Plan {
    pub seat: usize,
    /// The steps taken, in order, as the legal list offered them.
    pub steps: Vec<ActionEntry>,
    /// The session's game with the steps applied.
    scratch: Instance,
    /// The session revision the copy was built from.
    revision: u64,
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
    /// The plan of the seat at the screen, while it takes tentative steps.
    pub plan: Option<Plan>,
    /// Per seat, the window key of a pass the player asked never to be asked about again
    /// (while the game keeps that key).
    pub auto_pass: HashMap<usize, String>,
    /// How many "pass to" covers this table has raised (for the hot-seat measurements).
    pub covers_raised: usize,
    /// How many passes the table answered by itself.
    pub passes_answered: usize,
    /// Whether the table answers passes by itself (on; off only to measure the table
    /// as it was before optional responders, which asked every human every time).
    pub auto_answer: bool,
    /// The value each numeric choice group's stepper is at, by group.
    pub numbers: HashMap<String, i64>,
    /// The hint asked for the seat at the screen (`advice`).
    pub hint: Option<super::advice::HintJob>,
    /// The end screen's review of the people's decisions (`advice`).
    pub review: Option<super::advice::Review>,
    /// An iteration cap for hints and the review instead of their time budgets: the
    /// same answer every time, and quick (tests).
    pub advice_iterations: Option<u32>,
    bot: Option<BotJob>,
    /// Bot jobs started (a job kept across another seat's move counts once).
    pub bot_jobs_started: usize,
    /// Workers of stopped bot jobs that may still be finishing.
    stopping: Arc<Mutex<Vec<JoinHandle<()>>>>,
    last_change: f64,
    recorded: bool,
    finished: Option<Finished>,
    autosave_dir: PathBuf,
    history_dir: PathBuf,
    waker: Option<Waker>,
    /// The view on screen, asked of the plugin once per change of state or viewer.
    shown: Option<Shown>,
    /// The viewer's legal actions, likewise once per change (keyed by revision, seat and
    /// plan length).
    actions: RefCell<ActionCache>,
}

/// (revision, seat, plan length, that seat's legal list).
type ActionCache = Option<(u64, usize, usize, Vec<ActionEntry>)>;

/// A view and the slides that lead into it.
struct Shown {
    revision: u64,
    /// Steps of the plan the view shows (0 without a plan).
    planned: usize,
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
            plan: None,
            auto_pass: HashMap::new(),
            covers_raised: 0,
            passes_answered: 0,
            auto_answer: true,
            numbers: HashMap::new(),
            hint: None,
            review: None,
            advice_iterations: None,
            bot: None,
            bot_jobs_started: 0,
            stopping: Arc::new(Mutex::new(Vec::new())),
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

    /// What worker threads call when they finish, so the window repaints.
    pub fn waker(&self) -> Option<Waker> {
        self.waker.clone()
    }

    /// A copy of what `seat` sees now: its plan's copy while it plans, else the game's.
    pub fn plan_or_session_copy(&self, seat: usize) -> Result<Instance, PluginError> {
        match self.plan.as_ref().filter(|p| p.seat == seat) {
            Some(p) => p.scratch.try_clone(),
            None => self.session.instance().try_clone(),
        }
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
            self.covers_raised += 1;
        } else {
            self.screen_seat = Some(next);
        }
    }

    /// The person named on the cover clicked: show their view.
    pub fn reveal(&mut self) {
        if let Some(seat) = self.cover.take() {
            self.screen_seat = Some(seat);
            if self.plan.as_ref().is_some_and(|p| p.seat != seat) {
                self.plan = None;
            }
        }
    }

    /// The pass the table gives for `seat` by itself, if any: a human seat whose legal
    /// list is exactly one pass, or who holds "don't ask me again" for the window of a
    /// pass in its list.
    fn automatic_pass(&self, seat: usize) -> Option<Value> {
        if !self.auto_answer || self.session.is_bot(seat) {
            return None;
        }
        let list = self.session.legal(seat).ok()?;
        let wanted = self.auto_pass.get(&seat);
        let is_pass = |a: &ActionEntry| matches!(a.kind, ChoiceKind::Pass { .. });
        if let [only] = list.as_slice()
            && is_pass(only)
        {
            return Some(only.action.clone());
        }
        list.into_iter()
            .find(|a| matches!(&a.kind, ChoiceKind::Pass { window } if Some(window) == wanted))
            .map(|a| a.action)
    }

    /// Answers every pass the table may give by itself, before anybody is asked.
    fn answer_passes(&mut self) {
        for _ in 0..MAX_AUTO_PASSES {
            let next = self
                .to_act()
                .into_iter()
                .find_map(|s| self.automatic_pass(s).map(|a| (s, a)));
            let Some((seat, action)) = next else {
                return;
            };
            match self.session.apply(seat, action) {
                Ok(_) => self.passes_answered += 1,
                Err(e) => {
                    self.fail(e);
                    return;
                }
            }
        }
    }

    /// "Don't ask me again": `seat` passes by itself while the game keeps `window`.
    /// Answers the pending pass of that window now.
    pub fn never_ask(&mut self, seat: usize, window: &str, now: f64) {
        self.auto_pass.insert(seat, window.to_string());
        self.plan = None;
        self.answer_passes();
        self.after_change(now);
    }

    /// Whether the table is human at `seat` answering its passes of `window` by itself.
    pub fn never_asks(&self, seat: usize, window: &str) -> bool {
        self.auto_pass.get(&seat).is_some_and(|w| w == window)
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
        let plan = self.plan.as_ref().filter(|p| p.seat == v);
        let planned = plan.map_or(0, |p| p.steps.len());
        let mut cache = self.actions.borrow_mut();
        if let Some((r, s, n, list)) = cache.as_ref()
            && *r == revision
            && *s == v
            && *n == planned
        {
            return list.iter().map(|a| (v, a.clone())).collect();
        }
        // A failing legal() means the plugin is broken; the view call reports it.
        let list = match plan {
            Some(p) => p.scratch.legal(v).unwrap_or_default(),
            None => self.session.legal(v).unwrap_or_default(),
        };
        let out = list.iter().map(|a| (v, a.clone())).collect();
        *cache = Some((revision, v, planned, list));
        out
    }

    /// The plan of the seat at the screen, if it has one.
    pub fn viewer_plan(&self) -> Option<&Plan> {
        self.plan.as_ref().filter(|p| Some(p.seat) == self.viewer())
    }

    /// Drops the plan (Cancel): nothing was logged, so nothing is taken back.
    pub fn cancel_plan(&mut self) {
        if self.plan.take().is_some() {
            self.notice = Some("Plan cancelled".into());
        }
    }

    /// Takes a tentative step on the plan's copy (starting a plan if there is none).
    fn plan_step(&mut self, seat: usize, entry: ActionEntry) {
        if self.plan.as_ref().is_some_and(|p| p.seat != seat) {
            self.plan = None;
        }
        if self.plan.is_none() {
            match self.session.bot_instance() {
                Ok(scratch) => {
                    self.plan = Some(Plan {
                        seat,
                        steps: Vec::new(),
                        scratch,
                        revision: self.session.revision(),
                    })
                }
                Err(e) => return self.fail(e),
            }
        }
        let plan = self.plan.as_mut().expect("made above");
        match plan.scratch.apply(Some(seat), entry.action.clone()) {
            Ok(_) => {
                plan.steps.push(entry);
                self.notice = None;
            }
            // The copy keeps its last good state: the plan stays as it was.
            Err(e) => self.fail(SessionError::Plugin(e)),
        }
    }

    /// Takes back the plan's last step by rebuilding the copy without it.
    pub fn unstep(&mut self) {
        let Some(mut plan) = self.plan.take() else {
            return;
        };
        plan.steps.pop();
        if plan.steps.is_empty() {
            return;
        }
        self.plan = Some(plan);
        self.rebase_plan();
    }

    /// Rebuilds the plan's copy on the session's current state, dropping the plan with
    /// a notice when a step no longer applies (another seat moved meanwhile).
    fn rebase_plan(&mut self) {
        let to_act = self.to_act();
        let Some(plan) = self.plan.as_mut() else {
            return;
        };
        if !to_act.contains(&plan.seat) {
            self.plan = None;
            return;
        }
        let rebuilt = self
            .session
            .bot_instance()
            .map_err(|e| e.to_string())
            .and_then(|inst| {
                for (i, step) in plan.steps.iter().enumerate() {
                    inst.apply(Some(plan.seat), step.action.clone())
                        .map_err(|e| {
                            format!(
                                "step {} (\u{201c}{}\u{201d}) no longer applies: {e}",
                                i + 1,
                                step.label
                            )
                        })?;
                }
                Ok(inst)
            });
        match rebuilt {
            Ok(inst) => {
                plan.scratch = inst;
                plan.revision = self.session.revision();
            }
            Err(m) => {
                self.plan = None;
                self.notice = Some(format!(
                    "Your plan was dropped because the game moved on: {m}"
                ));
            }
        }
    }

    /// The kind of `action` in the legal list the seat at the screen sees.
    fn kind_of(&self, seat: usize, action: &Value) -> ChoiceKind {
        self.viewer_actions()
            .into_iter()
            .find(|(s, a)| *s == seat && &a.action == action)
            .map(|(_, a)| a.kind)
            .unwrap_or_default()
    }

    /// The view of the seat at the screen, asked of the plugin only when the state or
    /// the viewer changed. A new view of the same viewer starts the slides of whatever
    /// moved, from `now`.
    pub fn view_now(&mut self, now: f64) -> Result<Arc<View>, SessionError> {
        let (revision, viewer) = (self.session.revision(), self.viewer());
        let plan = self.plan.as_ref().filter(|p| Some(p.seat) == viewer);
        let planned = plan.map_or(0, |p| p.steps.len());
        if let Some(s) = &self.shown
            && s.revision == revision
            && s.viewer == viewer
            && s.planned == planned
        {
            return Ok(s.view.clone());
        }
        // A seat planning sees its plan: the copy's view, never shown to anybody else.
        let view = Arc::new(match plan {
            Some(p) => p.scratch.view(viewer)?,
            None => self.session.view(viewer)?,
        });
        let motion = self
            .shown
            .as_ref()
            .filter(|s| s.viewer == viewer)
            .and_then(|s| Motion::between(&s.view.scene, &view.scene, now));
        self.shown = Some(Shown {
            revision,
            planned,
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

    /// A seat's choice from its list or the table: a step goes into the seat's plan;
    /// any other action is applied, confirming the seat's plan when it has one.
    pub fn act(&mut self, seat: usize, action: Value, now: f64) {
        let kind = self.kind_of(seat, &action);
        if kind == ChoiceKind::Step {
            let label = self
                .viewer_actions()
                .into_iter()
                .find(|(_, a)| a.action == action)
                .map(|(_, a)| a.label)
                .unwrap_or_default();
            let entry = ActionEntry {
                action,
                label,
                target: None,
                kind,
            };
            self.plan_step(seat, entry);
            return;
        }
        let steps: Vec<Value> = match self.plan.take() {
            Some(p) if p.seat == seat => p.steps.into_iter().map(|e| e.action).collect(),
            _ => Vec::new(),
        };
        self.apply_decision(seat, &steps, action, now);
    }

    /// Logs a decision (plan steps, if any, and the action confirming them).
    fn apply_decision(&mut self, seat: usize, steps: &[Value], action: Value, now: f64) {
        // A bot thinking meanwhile keeps thinking when this move changes nothing for it
        // (`tick` checks); its own decision was taken out of the job before it got here.
        match self.session.apply_plan(seat, steps, action) {
            Ok(_) => {
                self.notice = None;
                self.numbers.clear();
                self.answer_passes();
                self.after_change(now);
            }
            Err(SessionError::Plugin(PluginError::Illegal(m))) if !steps.is_empty() => {
                self.notice = Some(format!("Your plan was dropped: {m}"));
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
                self.plan = None;
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
        if self.viewer_plan().is_some() {
            return Ok(());
        }
        // A bot thinking is no reason to wait: undo drops its job, which stops its search.
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
        // Within a plan, undo takes back the last tentative step: nothing was logged.
        if self.viewer_plan().is_some() {
            self.unstep();
            return;
        }
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
            // Back over bot moves and over positions whose only human choice is a pass
            // the table would answer again at once.
            while self.nobody_to_ask() && self.session.can_undo(requester).is_ok() {
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

    /// Brings the table up to date after `session` was changed directly (by a tool or a
    /// test standing in for another seat): answers passes, rebases or drops the plan,
    /// moves the screen and autosaves, as after any move made through the table.
    pub fn session_changed(&mut self, now: f64) {
        self.answer_passes();
        self.after_change(now);
    }

    /// No human to act has a decision to make (bots only, or passes the table answers).
    fn nobody_to_ask(&self) -> bool {
        self.humans_to_act()
            .into_iter()
            .all(|s| self.automatic_pass(s).is_some())
    }

    fn after_history_move(&mut self, now: f64) {
        self.plan = None;
        self.numbers.clear();
        self.bot = None;
        self.hint = None;
        self.bots_released = false;
        self.show_end = false;
        self.after_change(now);
    }

    fn after_change(&mut self, now: f64) {
        self.last_change = now;
        if self
            .plan
            .as_ref()
            .is_some_and(|p| p.revision != self.session.revision())
        {
            self.rebase_plan();
        }
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

    /// The bot seat that is thinking and how far along it is (0..1, by the time budget
    /// of its level; 1 once it has decided and waits for the pace).
    pub fn thinking_progress(&self) -> Option<(usize, f32)> {
        let job = self.bot.as_ref()?;
        let done = if job.ready.is_some() {
            1.0
        } else {
            (job.started.elapsed().as_secs_f64() / job.budget).min(0.99) as f32
        };
        Some((job.seat, done))
    }

    /// Bots wait while a redo branch exists, so a player who stepped back can look around
    /// or redo without the bots overwriting the branch.
    pub fn bots_held(&self) -> bool {
        self.session.can_redo() && !self.bots_released
    }

    /// Whether the running bot job still answers the current position: nothing happened
    /// since it started, or only other seats' moves in a step where the bot still has the
    /// same choices and nothing was revealed (a person's secret bid while the bot bids),
    /// which the search had to treat as unknown anyway.
    fn bot_job_fits(&self) -> bool {
        let Some(job) = &self.bot else {
            return false;
        };
        self.session.cursor() == job.cursor
            || (self.only_others_moved(job.seat, job.cursor)
                && self
                    .session
                    .legal(job.seat)
                    .is_ok_and(|legal| legal == job.legal))
    }

    /// Whether everything logged since log position `since` is other seats' moves that
    /// revealed nothing, with `seat` still to act: from `seat`'s side nothing happened
    /// that a search had not to treat as unknown anyway. Undo, redo and rewind drop what
    /// depends on this themselves; only moves forward get here.
    pub fn only_others_moved(&self, seat: usize, since: usize) -> bool {
        let cursor = self.session.cursor();
        cursor >= since
            && self.session.log()[since..cursor]
                .iter()
                .all(|e| e.seat.is_some_and(|s| s != seat) && !e.reveal)
            && self.to_act().contains(&seat)
    }

    /// Drives the bots: starts a worker when a bot is to act, applies its move when the
    /// pace allows. Returns the seconds until it wants to be called again, if it does.
    pub fn tick(&mut self, now: f64, pace: f32) -> Option<f64> {
        if self.banner.is_some() || self.is_over() || self.bots_held() {
            self.bot = None;
            return None;
        }
        if self.bot.is_some() {
            if !self.bot_job_fits() {
                self.bot = None;
                return Some(0.0);
            }
            let cursor = self.session.cursor();
            let job = self.bot.as_mut().expect("checked above");
            job.cursor = cursor;
            if job.ready.is_none() {
                match job.rx.try_recv() {
                    Ok(Ok(Some(decision))) => {
                        job.answered = true;
                        job.ready = Some(decision);
                    }
                    // Stopped: only a dropped job is stopped, so this one is stale.
                    Ok(Ok(None)) => {
                        job.answered = true;
                        self.bot = None;
                        return Some(0.0);
                    }
                    Ok(Err(m)) => {
                        job.answered = true;
                        self.bot = None;
                        self.banner = Some(format!(
                            "The bot failed: {m}. The game is kept at the last good move."
                        ));
                        return None;
                    }
                    Err(TryRecvError::Empty) => return Some(0.1),
                    Err(TryRecvError::Disconnected) => {
                        job.answered = true;
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
            let mut job = self.bot.take().expect("checked above");
            let d = job.ready.take().expect("checked above");
            self.apply_decision(job.seat, &d.steps, d.entry.action, now);
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
        let legal = match self.session.legal(seat) {
            Ok(l) => l,
            Err(e) => {
                self.fail(e);
                return;
            }
        };
        let level = self.bot_level(seat).clamp(1, 3);
        let seed = self.session.bot_seed();
        let stop = StopThinking::new(self.session.plugin());
        let worker_stop = stop.clone();
        let (tx, rx) = std::sync::mpsc::channel();
        let waker = self.waker.clone();
        let spawned = std::thread::Builder::new()
            .name(format!("bot-seat-{seat}"))
            .spawn(move || {
                let ask = BotAsk::level(level);
                let result = bot_decision(&instance, seat, seed, ask, Some(&worker_stop))
                    .map_err(|e| e.to_string());
                let _ = tx.send(result);
                if let Some(w) = waker {
                    w();
                }
            });
        let Ok(worker) = spawned else {
            self.banner = Some("Could not start the bot's thread.".into());
            return;
        };
        self.bot_jobs_started += 1;
        let budget = Limits::for_level(level)
            .time
            .map_or(1.0, |t| t.as_secs_f64())
            .max(0.05);
        self.bot = Some(BotJob {
            seat,
            cursor: self.session.cursor(),
            legal,
            rx,
            ready: None,
            answered: false,
            stop,
            started: Instant::now(),
            budget,
            worker: Some(worker),
            stopping: self.stopping.clone(),
        });
    }

    /// How many stopped bot searches are still running (each ends within an iteration
    /// of its search once stopped).
    pub fn stopped_searches_running(&self) -> usize {
        let mut list = self.stopping.lock().unwrap_or_else(|e| e.into_inner());
        list.retain(|w| !w.is_finished());
        list.len()
    }

    /// Hands `seat` to a bot of `level` (a player leaves) or, with `None`, back to a
    /// person. A bot handed its seat starts from the position as it is; a person handed
    /// back a seat gets the screen as any person would (with a cover in hot-seat).
    pub fn hand_seat(&mut self, seat: usize, bot: Option<u8>, now: f64) {
        if seat >= self.seat_count() {
            return;
        }
        let kind = match bot {
            Some(level) => SeatKind::Bot {
                level: level.clamp(1, 3),
            },
            None => SeatKind::Human,
        };
        self.session.set_seat_kind(seat, kind);
        if self.bot.as_ref().is_some_and(|b| b.seat == seat) {
            self.bot = None;
        }
        if bot.is_some() {
            if self.plan.as_ref().is_some_and(|p| p.seat == seat) {
                self.plan = None;
            }
            // The leaver's view must not stay on screen for the next person.
            if self.screen_seat == Some(seat) {
                self.screen_seat = None;
            }
            if self.cover == Some(seat) {
                self.cover = None;
            }
            self.auto_pass.remove(&seat);
        }
        *self.actions.get_mut() = None;
        self.answer_passes();
        self.after_change(now);
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
