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
//! Bots (`table_bots`): a bot to act gets a worker thread with a copy of the game, which works out its
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
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use serde_json::Value;
use tavern_plugin_api::{ActionEntry, ChoiceKind, Outcome, SeatKind, ToAct, View};

use super::motion::Motion;
use super::online_seat::OnlineSeat;
use super::table_bots::BotJob;
use super::table_game::Source;
pub use super::table_plan::Plan;
use super::table_source::TableSource;

use crate::paths::Paths;
use crate::plugin::{Instance, PluginError};
use crate::save;
use crate::session::{Session, SessionError, UndoMode};

pub use super::waker::Waker;

/// Why redo and rewinding are not offered online.
const ONLINE_HISTORY: &str =
    "Online, only Undo takes moves back (the others are asked when it is not your own last move)";

/// Passes the table may answer in a row before it stops (a game that keeps asking).
const MAX_AUTO_PASSES: usize = 10_000;

/// A finished game, handed to the app once so it can update profiles.
pub struct Finished {
    pub outcome: Outcome,
    pub history_path: PathBuf,
}

pub struct TableState {
    /// The game: a session this app owns, or one seat of a game held online.
    pub(super) source: super::table_game::Source,
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
    pub(super) bot: Option<BotJob>,
    /// Bot jobs started (a job kept across another seat's move counts once).
    pub bot_jobs_started: usize,
    /// Workers of stopped bot jobs that may still be finishing.
    pub(super) stopping: Arc<Mutex<Vec<JoinHandle<()>>>>,
    pub(super) last_change: f64,
    recorded: bool,
    finished: Option<Finished>,
    autosave_dir: PathBuf,
    history_dir: PathBuf,
    pub(super) waker: Option<Waker>,
    /// The view on screen, asked of the plugin once per change of state or viewer.
    shown: Option<Shown>,
    /// The viewer's legal actions, likewise once per change (keyed by revision, seat and
    /// plan length).
    actions: RefCell<ActionCache>,
    /// Clicks the table ignores (`guard`).
    pub guard: super::guard::ClickGuard,
    /// The seat that took the screen without a cover and when: the "Now: …'s turn"
    /// banner, and the moment clicks are ignored.
    pub handover: Option<(usize, f64)>,
    /// Seconds each entry of a reveal stays on the table; `None` plays nothing back (the
    /// window sets it from Settings every frame).
    pub reveal_seconds: Option<f64>,
    /// A reveal being played back (`reveals`).
    pub beats: Option<super::reveals::Beats>,
    /// A moment of the log shown instead of the present (`preview`).
    pub preview: Option<super::preview::Preview>,
    /// A lesson under way (`lesson_ui`): its guide and the script's opponent moves.
    pub lesson: Option<super::lesson_ui::LessonTable>,
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
        TableState::with_source(Source::Local(session), paths, save_path)
    }

    /// The table of one seat of a game an online authority holds.
    pub fn joined(seat: OnlineSeat, paths: &Paths) -> TableState {
        TableState::with_source(Source::Online(seat), paths, None)
    }

    fn with_source(source: Source, paths: &Paths, save_path: Option<PathBuf>) -> TableState {
        let mut t = TableState {
            source,
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
            guard: Default::default(),
            handover: None,
            reveal_seconds: None,
            beats: None,
            preview: None,
            lesson: None,
        };
        // A loaded game may already be over (a replay from the history); an online one
        // is recorded by its host.
        if t.is_online() {
            t.recorded = true;
        }
        if t.is_over() {
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
            None => match self.local() {
                Some(session) => session.instance().try_clone(),
                None => Err(PluginError::BadRequest(
                    "the game is held by the online host".into(),
                )),
            },
        }
    }

    pub fn game_name(&self) -> &str {
        &self.plugin().info.name
    }

    pub fn hidden_information(&self) -> bool {
        self.plugin().info.hidden_information
    }

    pub fn seat_count(&self) -> usize {
        match &self.source {
            Source::Local(s) => s.setup().seats.len(),
            Source::Online(o) => o.seat_count(),
        }
    }

    /// The seats people play at this screen: every human seat in hot-seat; online, the
    /// one seat this connection holds (none for a spectator).
    pub fn humans(&self) -> Vec<usize> {
        match &self.source {
            Source::Local(s) => (0..self.seat_count()).filter(|&i| !s.is_bot(i)).collect(),
            Source::Online(o) => o.local_seats(),
        }
    }

    pub fn bot_level(&self, seat: usize) -> u8 {
        let kind = self
            .local()
            .and_then(|s| s.setup().seats.get(seat))
            .map(|s| &s.kind);
        match kind {
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
        match self.game_to_act() {
            Ok(ToAct::Seats(s)) => s,
            _ => Vec::new(),
        }
    }

    pub fn is_over(&self) -> bool {
        matches!(self.game_to_act(), Ok(ToAct::Over))
    }

    /// The seats at this screen that must decide now.
    pub fn humans_to_act(&self) -> Vec<usize> {
        let here = self.humans();
        self.to_act()
            .into_iter()
            .filter(|s| here.contains(s))
            .collect()
    }

    /// Chooses who is at the screen after a change, raising a "pass to" cover when the
    /// next person is a different human and their table would show something the public
    /// table does not (`covers`); without a cover, the handover is announced.
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
        if self.hidden_information()
            && several_humans
            && self.screen_seat != Some(next)
            && self.cover_reason(next).is_some()
        {
            self.cover = Some(next);
            self.covers_raised += 1;
        } else {
            if self.screen_seat.is_some_and(|s| s != next) && several_humans {
                self.handover = Some((next, self.last_change));
            }
            self.screen_seat = Some(next);
        }
    }

    /// The "Now: …'s turn" banner's seat, while it is up at `now`.
    pub fn handover_banner(&self, now: f64) -> Option<usize> {
        self.handover
            .filter(|(_, at)| now < at + super::guard::HANDOVER_SECONDS * 2.5)
            .map(|(s, _)| s)
    }

    /// The end of the moment after a handover in which clicks are ignored.
    pub fn handover_until(&self) -> f64 {
        self.handover.map_or(f64::NEG_INFINITY, |(_, at)| {
            at + super::guard::HANDOVER_SECONDS
        })
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
        // Online, the authority's game answers for nobody: a seat's pass is its own.
        let session = self.local()?;
        if !self.auto_answer || session.is_bot(seat) {
            return None;
        }
        let list = session.legal(seat).ok()?;
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
            let Some(session) = self.local_mut() else {
                return;
            };
            match session.apply(seat, action) {
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
        if self.lesson_refuses() {
            return;
        }
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
        if !self.to_act().contains(&v) || self.is_bot(v) {
            return Vec::new();
        }
        let revision = self.revision();
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
            None => self.game_legal(v),
        };
        let out = list.iter().map(|a| (v, a.clone())).collect();
        *cache = Some((revision, v, planned, list));
        out
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
        if let Some(p) = self.current_preview() {
            return Ok(p.view.clone());
        }
        self.beats_tick(now);
        if let Some((v, _)) = self.beat_view() {
            return Ok(v);
        }
        let (revision, viewer) = (self.revision(), self.viewer());
        let plan = self.plan.as_ref().filter(|p| Some(p.seat) == viewer);
        let planned = self.viewer_plan().map_or(0, |(_, s)| s.len());
        if let Some(s) = &self.shown
            && s.revision == revision
            && s.viewer == viewer
            && s.planned == planned
        {
            return Ok(s.view.clone());
        }
        // A seat planning sees its plan: the copy's view, never shown to anybody else.
        let view = Arc::new(match (plan, &self.source) {
            (Some(p), _) => p.scratch.view(viewer)?,
            (None, Source::Local(session)) => session.view(viewer)?,
            (None, Source::Online(o)) => o
                .view(viewer)
                .map_err(|m| SessionError::Plugin(PluginError::Protocol(m)))?,
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

    /// The scene on screen now (before a new view replaces it).
    pub(super) fn shown_scene(&self) -> Option<&tavern_plugin_api::scene::Scene> {
        self.shown.as_ref().map(|s| &s.view.scene)
    }

    /// Keeps `view` as the view on screen for the present state (the end of a playback).
    pub(super) fn keep_shown(
        &mut self,
        view: Arc<View>,
        viewer: Option<usize>,
        motion: Option<Motion>,
    ) {
        self.shown = Some(Shown {
            revision: self.revision(),
            planned: 0,
            viewer,
            view,
            motion,
        });
    }

    /// The slides of the view on screen, while any is under way.
    pub fn motion(&self, now: f64) -> Option<&Motion> {
        if self.preview.is_some() {
            return None;
        }
        if let Some((_, m)) = self.beat_view() {
            return m.filter(|m| m.running(now));
        }
        self.shown
            .as_ref()?
            .motion
            .as_ref()
            .filter(|m| m.running(now))
    }

    /// A seat's choice from its list or the table: a step goes into the seat's plan;
    /// any other action is applied, confirming the seat's plan when it has one.
    pub fn act(&mut self, seat: usize, action: Value, now: f64) {
        // Lesson hook: only the lesson's move is played.
        if !self.lesson_allows(seat, &action) {
            return;
        }
        if let Source::Online(o) = &mut self.source {
            // The authority plays it (a step goes into the plan it keeps) and sends the
            // new table; a refusal comes back as a notice.
            match o.act(seat, action) {
                Ok(()) => self.notice = None,
                Err(m) => self.notice = Some(m),
            }
            self.numbers.clear();
            return;
        }
        let kind = self.kind_of(seat, &action);
        if kind == ChoiceKind::Step {
            // The entry as listed: its label for the plan box, its target so the plan's
            // Confirm can sit on the table next to it.
            let entry = self
                .viewer_actions()
                .into_iter()
                .find(|(_, a)| a.action == action)
                .map(|(_, a)| a)
                .unwrap_or(ActionEntry {
                    action,
                    label: String::new(),
                    target: None,
                    kind,
                    ..Default::default()
                });
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
    pub(super) fn apply_decision(&mut self, seat: usize, steps: &[Value], action: Value, now: f64) {
        // A bot thinking meanwhile keeps thinking when this move changes nothing for it
        // (`tick` checks); its own decision was taken out of the job before it got here.
        // A copy of the game before the move, for the step-by-step reveal of what it
        // brings (only when the table plays reveals back).
        let Source::Local(session) = &mut self.source else {
            return;
        };
        let from = session.cursor();
        let before = self
            .reveal_seconds
            .and_then(|_| session.bot_instance().ok());
        match session.apply_plan(seat, steps, action) {
            Ok(_) => {
                self.notice = None;
                self.numbers.clear();
                self.preview = None;
                self.answer_passes();
                self.after_change(now);
                self.start_beats(before, from, now);
            }
            Err(SessionError::Plugin(PluginError::Illegal(m))) if !steps.is_empty() => {
                self.notice = Some(format!("Your plan was dropped: {m}"));
            }
            Err(e) => self.fail(e),
        }
    }

    pub(super) fn fail(&mut self, e: SessionError) {
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
        let Source::Local(session) = &mut self.source else {
            return;
        };
        let file = crate::save::SaveFile::from_session(session);
        let catalog = crate::plugin::Catalog {
            games: vec![session.plugin().clone()],
            incompatible: Vec::new(),
        };
        match file.replay(&catalog) {
            Ok(mut s) => {
                s.updated = session.updated;
                *session = s;
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
        self.lesson_history()?;
        if self.cover.is_some() {
            return Err("Reveal the table first".into());
        }
        if self.viewer_plan().is_some() {
            return Ok(());
        }
        match &self.source {
            // A bot thinking is no reason to wait: undo drops its job, which stops its
            // search.
            Source::Local(session) => session.can_undo(self.viewer()),
            // The authority judges (at once when fair, else a vote of the others).
            Source::Online(o)
                if o.seat()
                    .is_some_and(|s| o.entries().iter().any(|e| e.seat == Some(s))) =>
            {
                Ok(())
            }
            Source::Online(_) => Err("Nothing of yours to take back".into()),
        }
    }

    pub fn can_redo(&self) -> Result<(), String> {
        self.lesson_history()?;
        if self.cover.is_some() {
            return Err("Reveal the table first".into());
        }
        match self.local() {
            Some(s) if s.can_redo() => Ok(()),
            Some(_) => Err("Nothing to redo".into()),
            None => Err(ONLINE_HISTORY.into()),
        }
    }

    /// Takes back the last move; in learning mode keeps going back over bot moves until a
    /// human is to decide, so one click undoes "my last move".
    pub fn undo(&mut self, now: f64) {
        // Within a plan, undo takes back the last tentative step: nothing was logged.
        let in_plan = self.viewer_plan().is_some() && self.lesson.is_none();
        if !in_plan && let Err(m) = self.can_undo() {
            self.notice = Some(m);
            return;
        }
        let requester = self.viewer();
        if let Source::Online(o) = &mut self.source {
            // The authority judges; within a plan it takes back the plan's last step.
            if let Some(seat) = requester
                && let super::table_source::UndoAnswer::Refused(m) = o.undo(seat)
            {
                self.notice = Some(m);
            }
            return;
        }
        if in_plan {
            self.unstep();
            return;
        }
        let Some(session) = self.local_mut() else {
            return;
        };
        if let Err(e) = session.undo(requester) {
            self.fail(e);
            return;
        }
        if self
            .local()
            .is_some_and(|s| s.undo_mode() == UndoMode::Learning)
        {
            // Back over bot moves and over positions whose only human choice is a pass
            // the table would answer again at once.
            while self.nobody_to_ask()
                && self.local().is_some_and(|s| s.can_undo(requester).is_ok())
            {
                let Some(session) = self.local_mut() else {
                    break;
                };
                if let Err(e) = session.undo(requester) {
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
        if let Some(Err(e)) = self.local_mut().map(|s| s.redo()) {
            self.fail(e);
        }
        self.after_history_move(now);
    }

    /// Why clicking log entry `index` may not rewind there, or `Ok`.
    pub fn can_rewind_to_entry(&self, index: usize) -> Result<(), String> {
        self.lesson_history()?;
        if self.cover.is_some() {
            return Err("Reveal the table first".into());
        }
        let Some(session) = self.local() else {
            return Err(ONLINE_HISTORY.into());
        };
        let pos = session.position_after(index);
        session.can_rewind_to(pos, self.viewer())
    }

    pub fn rewind_to_entry(&mut self, index: usize, now: f64) {
        if let Err(m) = self.can_rewind_to_entry(index) {
            self.notice = Some(m);
            return;
        }
        let viewer = self.viewer();
        let Some(session) = self.local_mut() else {
            return;
        };
        let pos = session.position_after(index);
        if let Err(e) = session.rewind_to(pos, viewer) {
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
        self.beats = None;
        self.preview = None;
        self.numbers.clear();
        self.bot = None;
        self.hint = None;
        self.bots_released = false;
        self.show_end = false;
        self.after_change(now);
    }

    /// After a frame from the authority: the screen, the end of the game.
    pub(super) fn after_online_change(&mut self, now: f64) {
        *self.actions.get_mut() = None;
        self.after_change(now);
    }

    fn after_change(&mut self, now: f64) {
        self.last_change = now;
        if self
            .plan
            .as_ref()
            .is_some_and(|p| p.revision != self.revision())
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

    /// The autosave of a game held here (`None` online: the host keeps the game).
    pub fn autosave_path(&self) -> Option<PathBuf> {
        let session = self.local()?;
        Some(self.autosave_dir.join(format!("{}.json", session.id)))
    }

    fn autosave(&mut self) {
        let (Some(session), Some(path)) = (self.local(), self.autosave_path()) else {
            return;
        };
        if let Err(e) = save::save(session, &path) {
            self.notice = Some(format!("Autosave failed: {e}"));
        }
    }

    /// Keeps the finished game in the history folder and drops its autosave.
    fn finish(&mut self) {
        let Some(session) = self.local() else {
            return;
        };
        let outcome = match session.outcome() {
            Ok(Some(o)) => o,
            Ok(None) => return,
            Err(e) => {
                self.fail(e);
                return;
            }
        };
        let history_path = self.history_dir.join(format!("{}.json", session.id));
        if let Err(e) = save::save(session, &history_path) {
            self.notice = Some(format!("Could not keep the game in the history: {e}"));
        }
        if let Some(autosave) = self.autosave_path() {
            let _ = std::fs::remove_file(autosave);
        }
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
        let session = self
            .local()
            .ok_or("An online game is saved by its host (it ends with a save)")?;
        save::save(session, path).map_err(|e| format!("Could not save: {e}"))?;
        self.save_path = Some(path.to_path_buf());
        self.notice = Some(format!("Saved to {}", path.display()));
        Ok(())
    }

    /// Hands `seat` to a bot of `level` (a player leaves) or, with `None`, back to a
    /// person. A bot handed its seat starts from the position as it is; a person handed
    /// back a seat gets the screen as any person would (with a cover in hot-seat).
    pub fn hand_seat(&mut self, seat: usize, bot: Option<u8>, now: f64) {
        if seat >= self.seat_count() || self.is_online() {
            return;
        }
        let kind = match bot {
            Some(level) => SeatKind::Bot {
                level: level.clamp(1, 3),
            },
            None => SeatKind::Human,
        };
        if let Some(session) = self.local_mut() {
            session.set_seat_kind(seat, kind);
        }
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
