//! A game in progress: the setup, the log of every applied action, a cursor into it, and
//! the plugin instance at the cursor.
//!
//! Undo moves the cursor back and rebuilds the state by replaying from the nearest
//! checkpoint (a cloned instance kept every [`CHECKPOINT_EVERY`] actions), so undo at any
//! depth costs at most that many replays. Chance steps are sampled by the session as soon
//! as they are due and logged like any action, so the log alone reproduces the game.
//!
//! A plan (a seat's tentative steps, then the action that confirms them) is one log
//! entry: [`Session::apply_plan`] applies it to a copy and swaps the copy in only when
//! every part was legal, and undo, redo and replay treat the entry as one.
//!
//! A bot decides the same way, on a copy of the game: [`bot_decision`] asks the plugin's
//! bot until it picks the action that confirms its plan steps; the table's worker thread
//! and the command line (`Session::bot_play`, `tavern simulate`) both use it, so a bot's
//! plan is one log entry wherever it plays. [`StopThinking`] ends a search early.
//!
//! The session never writes files: the app autosaves after every change
//! (`app::table::TableState`), through `save`, which depends on this module and not the
//! other way round.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tavern_plugin_api::proto::{AppliedReply, SearchReport};
use tavern_plugin_api::{ActionEntry, ChoiceKind, GameInfo, Outcome, SeatKind, Setup, ToAct, View};

use crate::plugin::{BotAsk, Instance, Plugin, PluginError};

/// Actions between checkpoints: undo replays at most this many actions.
pub const CHECKPOINT_EVERY: usize = 32;

/// Games that never end (a plugin bug) must not hang the host: the session refuses to
/// sample more than this many chance steps in a row.
const MAX_CHANCE_RUN: usize = 10_000;

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum UndoMode {
    /// Undo anything, any number of steps.
    #[default]
    Learning,
    /// Undo only your own actions since the last reveal.
    Fair,
}

impl UndoMode {
    pub fn label(self) -> &'static str {
        match self {
            UndoMode::Learning => "Learning (undo anything)",
            UndoMode::Fair => "Fair (undo only your own moves since the last reveal)",
        }
    }
}

/// One decision as the log keeps it: a seat's action (with the plan steps it
/// confirmed, if any) or a chance outcome.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Default)]
pub struct LogEntry {
    /// `None` for a chance outcome.
    pub seat: Option<usize>,
    /// The tentative steps this action confirmed, applied in order before it. Absent
    /// from files written before plans existed, which therefore read unchanged.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<Value>,
    pub action: Value,
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub private_label: Option<String>,
    /// Text for particular seats (a card a chance step dealt to one of them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub private_for: Vec<(usize, String)>,
    #[serde(default)]
    pub reveal: bool,
    /// Changed nothing on the table (a declined optional response); the log folds runs.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub routine: bool,
    /// The part of the game this entry began ("Round 3"), shown as a heading after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    /// What its private texts are about, until a later entry publishes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_key: Option<String>,
    /// Keys of earlier private texts this entry makes public.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub publishes: Vec<String>,
}

impl LogEntry {
    fn from_reply(seat: Option<usize>, steps: Vec<Value>, reply: AppliedReply) -> LogEntry {
        LogEntry {
            seat,
            steps,
            action: reply.action,
            label: reply.label,
            private_label: reply.private_label,
            private_for: reply.private_for,
            reveal: reply.reveal,
            routine: reply.routine,
            section: reply.section,
            secret_key: reply.secret_key,
            publishes: reply.publishes,
        }
    }

    /// The text `viewer` may read for this entry: text written for that seat first, then
    /// the actor's private text to the actor, else the public label (the same rule as
    /// `Applied::text_for`).
    pub fn text_for(&self, viewer: Option<usize>) -> &str {
        if let Some(v) = viewer {
            if let Some((_, t)) = self.private_for.iter().find(|(s, _)| *s == v) {
                return t;
            }
            if self.seat == Some(v)
                && let Some(p) = &self.private_label
            {
                return p;
            }
        }
        &self.label
    }
}

/// The seats a game allows with these options: the game's range, narrowed by every
/// chosen option choice that names its own (a solo training mode of a 2–4 player game).
pub fn seat_range(
    info: &GameInfo,
    options: &std::collections::BTreeMap<String, String>,
) -> (usize, usize) {
    let mut range = (info.min_players, info.max_players);
    for opt in &info.options {
        let value = options.get(&opt.key).unwrap_or(&opt.default);
        if let Some(c) = opt.choices.iter().find(|c| &c.value == value) {
            if let Some(min) = c.min_players {
                range.0 = range.0.max(min);
            }
            if let Some(max) = c.max_players {
                range.1 = range.1.min(max);
            }
        }
    }
    range
}

/// The options a game starts with: every option present, and each one that does not
/// apply with these seats and choices (see `OptionSpec::only_when`) at its default, so a
/// setting the launcher showed disabled never reaches the game or the save.
pub fn effective_options(
    info: &GameInfo,
    options: &std::collections::BTreeMap<String, String>,
    players: usize,
) -> std::collections::BTreeMap<String, String> {
    let mut out = options.clone();
    for opt in &info.options {
        out.entry(opt.key.clone())
            .or_insert_with(|| opt.default.clone());
    }
    // Conditions read the choices as set, so an option's reset cannot switch another
    // option off and on again depending on the order they are listed in.
    let as_set = out.clone();
    for opt in &info.options {
        if opt.inactive_reason(&as_set, players).is_some() {
            out.insert(opt.key.clone(), opt.default.clone());
        }
    }
    out
}

/// Applies one log entry (its plan steps, then its action) to `inst`; the reply is the
/// action's. `seat` is the entry's.
fn apply_entry(
    inst: &Instance,
    seat: Option<usize>,
    steps: &[Value],
    action: &Value,
) -> std::result::Result<AppliedReply, PluginError> {
    for (i, step) in steps.iter().enumerate() {
        inst.apply(seat, step.clone()).map_err(|e| match e {
            PluginError::Illegal(m) => {
                PluginError::Illegal(format!("step {} of the plan: {m}", i + 1))
            }
            other => other,
        })?;
    }
    inst.apply(seat, action.clone())
}

/// Errors of session operations.
#[derive(Clone, Debug, PartialEq)]
pub enum SessionError {
    Plugin(PluginError),
    /// Undo/redo/rewind refused, with the reason shown to the player.
    NotAllowed(String),
}

impl std::fmt::Display for SessionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SessionError::Plugin(e) => e.fmt(f),
            SessionError::NotAllowed(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for SessionError {}

impl From<PluginError> for SessionError {
    fn from(e: PluginError) -> Self {
        SessionError::Plugin(e)
    }
}

pub type Result<T, E = SessionError> = std::result::Result<T, E>;

pub struct Session {
    plugin: Arc<Plugin>,
    setup: Setup,
    undo_mode: UndoMode,
    /// Profile id per seat, if the seat is played by a profile.
    pub profiles: Vec<Option<String>>,
    /// How a table server dealt the game (its seed from the server's committed secret
    /// and the creator's contribution), kept in the save for `tavern check`.
    pub deal: Option<tavern_net::deal::Deal>,
    log: Vec<LogEntry>,
    cursor: usize,
    current: Instance,
    /// (log position, instance at that position), ascending; position 0 always present.
    checkpoints: Vec<(usize, Instance)>,
    /// Unique id, used for the autosave file name.
    pub id: String,
    pub created: u64,
    pub updated: u64,
    /// Counts every change of the current state, so views can be cached by it.
    revision: u64,
    /// The older version's rules this game follows (a save begun under them), `None`
    /// for today's. Every instance is created with them; the save keeps them.
    rules: Option<OldRules>,
}

/// An older version's rules a game follows: the version, as the plugin named it in its
/// reply to `Request::OpenOld`, and what differs, for the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OldRules {
    pub version: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl OldRules {
    /// The log's heading for a game under these rules: the plugin's note, or the
    /// version alone.
    pub fn heading(&self, game: &str) -> String {
        match &self.note {
            Some(n) => capitalized(n),
            None => format!("Played with {game} {} rules", self.version),
        }
    }
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("game", &self.plugin.info.id)
            .field("cursor", &self.cursor)
            .field("log", &self.log.len())
            .finish()
    }
}

/// Seconds since the Unix epoch.
pub fn now_unix() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

pub use tavern_plugin_api::rng::step_seed;

impl Session {
    /// Starts a new game and samples any chance steps its setup needs.
    pub fn new(plugin: Arc<Plugin>, setup: Setup, undo_mode: UndoMode) -> Result<Session> {
        let n = setup.seats.len();
        let info = &plugin.info;
        let (min, max) = seat_range(info, &setup.options);
        if n < min || n > max {
            let range = if min == max {
                format!("{min}")
            } else {
                format!("{min}–{max}")
            };
            let with = if (min, max) != (info.min_players, info.max_players) {
                " with these options"
            } else {
                ""
            };
            return Err(SessionError::Plugin(PluginError::BadRequest(format!(
                "{} is for {range} players{with}, not {n}",
                info.name
            ))));
        }
        let mut s = Session::fresh(plugin, setup, undo_mode, None)?;
        s.run_chance()?;
        Ok(s)
    }

    /// A session at the game's initial state, before any chance step.
    fn fresh(
        plugin: Arc<Plugin>,
        setup: Setup,
        undo_mode: UndoMode,
        rules: Option<OldRules>,
    ) -> std::result::Result<Session, PluginError> {
        let current = plugin.create_under(&setup, rules.as_ref().map(|r| r.version.as_str()))?;
        let first = current.try_clone()?;
        let now = now_unix();
        Ok(Session {
            id: format!(
                "{}-{now}-{:08x}",
                plugin.info.id,
                (setup.seed as u32) ^ (now as u32)
            ),
            plugin,
            profiles: vec![None; setup.seats.len()],
            deal: None,
            setup,
            undo_mode,
            log: Vec::new(),
            cursor: 0,
            current,
            checkpoints: vec![(0, first)],
            created: now,
            updated: now,
            revision: 0,
            rules,
        })
    }

    /// Rebuilds a session from a log, checking every action. Used by save loading; the
    /// error names the first action that does not replay.
    pub fn replay(
        plugin: Arc<Plugin>,
        setup: Setup,
        undo_mode: UndoMode,
        entries: &[LogEntry],
        cursor: usize,
    ) -> std::result::Result<Session, ReplayError> {
        Session::replay_under(plugin, setup, None, undo_mode, entries, cursor)
    }

    /// [`Session::replay`] under an older version's rules (`None`: today's), which the
    /// session keeps for every instance it creates and the save writes back. The rules'
    /// note heads the log.
    pub fn replay_under(
        plugin: Arc<Plugin>,
        setup: Setup,
        rules: Option<OldRules>,
        undo_mode: UndoMode,
        entries: &[LogEntry],
        cursor: usize,
    ) -> std::result::Result<Session, ReplayError> {
        let mut s = Session::fresh(plugin, setup, undo_mode, rules).map_err(ReplayError::Setup)?;
        s.log.reserve(entries.len());
        for (index, e) in entries.iter().enumerate() {
            if e.seat.is_none() && !e.steps.is_empty() {
                return Err(ReplayError::Action {
                    index,
                    label: e.label.clone(),
                    error: PluginError::Illegal("a chance outcome has no plan steps".into()),
                });
            }
            let reply = apply_entry(&s.current, e.seat, &e.steps, &e.action).map_err(|error| {
                ReplayError::Action {
                    index,
                    label: e.label.clone(),
                    error,
                }
            })?;
            // Labels come from the plugin, never from the file, so a tampered save cannot
            // put words in the log.
            s.log
                .push(LogEntry::from_reply(e.seat, e.steps.clone(), reply));
            s.head_log();
            s.cursor = s.log.len();
            s.maybe_checkpoint().map_err(ReplayError::Setup)?;
        }
        if cursor > s.log.len() {
            return Err(ReplayError::Cursor {
                cursor,
                len: s.log.len(),
            });
        }
        // A log that stops before a due chance step (cut short) is completed here.
        s.run_chance().map_err(|e| match e {
            SessionError::Plugin(p) => ReplayError::Setup(p),
            SessionError::NotAllowed(m) => ReplayError::Setup(PluginError::Protocol(m)),
        })?;
        if cursor < entries.len() {
            s.rewind(cursor).map_err(ReplayError::Setup)?;
        }
        Ok(s)
    }

    pub fn plugin(&self) -> &Arc<Plugin> {
        &self.plugin
    }
    /// The older version's rules this game follows, `None` for today's.
    pub fn rules(&self) -> Option<&OldRules> {
        self.rules.as_ref()
    }

    /// Puts the old rules' heading on the log's first entry (the log panel shows an
    /// entry's section as a heading), before the plugin's own heading there if any.
    fn head_log(&mut self) {
        let (Some(rules), 1) = (&self.rules, self.log.len()) else {
            return;
        };
        let heading = rules.heading(&self.plugin.info.name);
        let first = &mut self.log[0];
        first.section = Some(match first.section.take() {
            Some(own) => format!("{heading} · {own}"),
            None => heading,
        });
    }
    pub fn setup(&self) -> &Setup {
        &self.setup
    }
    pub fn undo_mode(&self) -> UndoMode {
        self.undo_mode
    }
    /// Every entry, including those past the cursor (the redo branch).
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }
    /// Changes with every change of the current state (action, chance, undo, redo).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }
    /// The instance at the cursor, for direct queries (state export, bots).
    pub fn instance(&self) -> &Instance {
        &self.current
    }

    pub fn to_act(&self) -> Result<ToAct> {
        Ok(self.current.to_act()?)
    }
    pub fn legal(&self, seat: usize) -> Result<Vec<ActionEntry>> {
        Ok(self.current.legal(seat)?)
    }
    pub fn view(&self, viewer: Option<usize>) -> Result<View> {
        Ok(self.current.view(viewer)?)
    }
    pub fn outcome(&self) -> Result<Option<Outcome>> {
        Ok(self.current.outcome()?)
    }
    pub fn is_bot(&self, seat: usize) -> bool {
        matches!(
            self.setup.seats.get(seat).map(|s| &s.kind),
            Some(SeatKind::Bot { .. })
        )
    }
    pub fn seat_name(&self, seat: usize) -> &str {
        self.setup
            .seats
            .get(seat)
            .map(|s| s.name.as_str())
            .unwrap_or("?")
    }

    /// Applies a seat's action, drops any redo branch, and samples the chance steps that
    /// follow. An illegal action or a plugin failure changes nothing.
    pub fn apply(&mut self, seat: usize, action: Value) -> Result<&LogEntry> {
        let reply = self.current.apply(Some(seat), action)?;
        self.record(Some(seat), Vec::new(), reply)?;
        self.run_chance()?;
        Ok(&self.log[self.log.len() - 1])
    }

    /// Applies a confirmed plan: `seat`'s tentative `steps` in order, then the `action`
    /// that confirms them, logged as one entry. Everything is applied to a copy first, so
    /// a step that is no longer legal (another seat moved since the plan was made) or a
    /// plugin failure changes nothing.
    pub fn apply_plan(&mut self, seat: usize, steps: &[Value], action: Value) -> Result<&LogEntry> {
        if steps.is_empty() {
            return self.apply(seat, action);
        }
        let scratch = self.current.try_clone()?;
        let reply = apply_entry(&scratch, Some(seat), steps, &action)?;
        self.current = scratch;
        self.record(Some(seat), steps.to_vec(), reply)?;
        self.run_chance()?;
        Ok(&self.log[self.log.len() - 1])
    }

    /// Applies entry `index` of `legal(seat)`.
    pub fn apply_index(&mut self, seat: usize, index: usize) -> Result<()> {
        let reply = self.current.apply_index(seat, index)?;
        self.record(Some(seat), Vec::new(), reply)?;
        self.run_chance()
    }

    fn record(
        &mut self,
        seat: Option<usize>,
        steps: Vec<Value>,
        reply: AppliedReply,
    ) -> Result<()> {
        self.log.truncate(self.cursor);
        self.checkpoints.retain(|(i, _)| *i <= self.cursor);
        self.log.push(LogEntry::from_reply(seat, steps, reply));
        self.head_log();
        self.cursor = self.log.len();
        self.revision += 1;
        self.updated = now_unix();
        self.maybe_checkpoint()?;
        Ok(())
    }

    fn run_chance(&mut self) -> Result<()> {
        for _ in 0..MAX_CHANCE_RUN {
            if self.current.to_act()? != ToAct::Chance {
                return Ok(());
            }
            let reply = self
                .current
                .chance(step_seed(self.setup.seed, self.cursor))?;
            self.record(None, Vec::new(), reply)?;
        }
        Err(SessionError::Plugin(PluginError::Protocol(
            "the game asked for chance steps without end".into(),
        )))
    }

    fn maybe_checkpoint(&mut self) -> std::result::Result<(), PluginError> {
        let last = self.checkpoints.last().map(|c| c.0).unwrap_or(0);
        if self.cursor >= last + CHECKPOINT_EVERY {
            self.checkpoints
                .push((self.cursor, self.current.try_clone()?));
        }
        Ok(())
    }

    /// Rebuilds the state at log position `target` from the nearest checkpoint.
    fn rewind(&mut self, target: usize) -> std::result::Result<(), PluginError> {
        let (at, base) = self
            .checkpoints
            .iter()
            .rev()
            .find(|(i, _)| *i <= target)
            .expect("checkpoint 0 always exists");
        let inst = base.try_clone()?;
        for e in &self.log[*at..target] {
            apply_entry(&inst, e.seat, &e.steps, &e.action)?;
        }
        self.current = inst;
        self.cursor = target;
        self.revision += 1;
        Ok(())
    }

    /// The position of the last seat action before the cursor.
    fn last_seat_action(&self) -> Option<usize> {
        (0..self.cursor).rev().find(|&i| self.log[i].seat.is_some())
    }

    /// The position after `from`'s seat action and the chance steps it triggered.
    fn end_of_step(&self, from: usize) -> usize {
        let mut end = from + 1;
        while end < self.log.len() && self.log[end].seat.is_none() {
            end += 1;
        }
        end.min(self.log.len())
    }

    /// Whether `requester` (the seat at the screen; `None` for a spectator or the command
    /// line) may undo now, with the reason when not.
    pub fn can_undo(&self, requester: Option<usize>) -> Result<(), String> {
        let Some(j) = self.last_seat_action() else {
            return Err("Nothing to undo".into());
        };
        self.may_take_back(j, requester)
    }

    fn may_take_back(&self, from: usize, requester: Option<usize>) -> Result<(), String> {
        if self.undo_mode == UndoMode::Learning {
            return Ok(());
        }
        for e in &self.log[from..self.cursor] {
            if e.reveal {
                return Err("Fair play: hidden information has been revealed since".into());
            }
            if let Some(s) = e.seat
                && Some(s) != requester
            {
                return Err(format!("Fair play: {} has acted since", self.seat_name(s)));
            }
        }
        Ok(())
    }

    pub fn can_redo(&self) -> bool {
        self.cursor < self.log.len()
    }

    /// Takes back the last seat action (and the chance steps it triggered).
    pub fn undo(&mut self, requester: Option<usize>) -> Result<()> {
        self.can_undo(requester).map_err(SessionError::NotAllowed)?;
        let j = self.last_seat_action().expect("checked");
        self.rewind(j)?;
        Ok(())
    }

    /// Re-applies the next action of the redo branch (and the chance steps after it).
    pub fn redo(&mut self) -> Result<()> {
        if !self.can_redo() {
            return Err(SessionError::NotAllowed("Nothing to redo".into()));
        }
        let end = self.end_of_step(self.cursor);
        for i in self.cursor..end {
            let e = &self.log[i];
            if e.steps.is_empty() {
                self.current.apply(e.seat, e.action.clone())?;
            } else {
                // Several calls: on a copy, so a failure halfway changes nothing.
                let scratch = self.current.try_clone()?;
                apply_entry(&scratch, e.seat, &e.steps, &e.action)?;
                self.current = scratch;
            }
            self.cursor = i + 1;
            self.revision += 1;
        }
        Ok(())
    }

    /// The log position that clicking entry `index` rewinds to: right after that entry
    /// and the chance steps it triggered.
    pub fn position_after(&self, index: usize) -> usize {
        self.end_of_step(index)
    }

    /// Whether `requester` may move the cursor to `position` (back or forward).
    pub fn can_rewind_to(&self, position: usize, requester: Option<usize>) -> Result<(), String> {
        if position > self.log.len() {
            return Err("No such position in the log".into());
        }
        if position >= self.cursor {
            return Ok(());
        }
        self.may_take_back(position, requester)
    }

    /// Moves the cursor to `position` (the redo branch is kept until a new action).
    pub fn rewind_to(&mut self, position: usize, requester: Option<usize>) -> Result<()> {
        self.can_rewind_to(position, requester)
            .map_err(SessionError::NotAllowed)?;
        if position >= self.cursor {
            while self.cursor < position {
                self.redo()?;
            }
            return Ok(());
        }
        self.rewind(position)?;
        Ok(())
    }

    /// A copy of the state at the cursor, for work that must not hold the live instance
    /// (a bot's search, a plan's tentative steps). Safe to hand to a worker thread.
    pub fn bot_instance(&self) -> Result<Instance> {
        Ok(self.current.try_clone()?)
    }

    /// The seed of a bot's decision at the current position (the same whoever asks, so a
    /// decision computed on a worker equals the one the command line computes).
    pub fn bot_seed(&self) -> u64 {
        step_seed(self.setup.seed ^ 0xB07, self.cursor)
    }

    /// A bot's whole decision for `seat` (see [`bot_decision`]), worked out on a copy and
    /// then logged as one entry, as the table logs it (command line, tests).
    pub fn bot_play(&mut self, seat: usize, ask: BotAsk) -> Result<BotDecision> {
        let copy = self.bot_instance()?;
        let decision = bot_decision(&copy, seat, self.bot_seed(), ask, None)?
            .ok_or_else(|| SessionError::NotAllowed("the bot was stopped".into()))?;
        self.apply_plan(seat, &decision.steps, decision.entry.action.clone())?;
        Ok(decision)
    }

    /// Hands `seat` to a bot or back to a person mid-game (a player leaves or returns).
    /// The game itself does not change, so nothing is logged; the save records the new
    /// seat kind.
    pub fn set_seat_kind(&mut self, seat: usize, kind: SeatKind) {
        if let Some(s) = self.setup.seats.get_mut(seat) {
            s.kind = kind;
            self.updated = now_unix();
        }
    }

    /// A copy of the game before its first action, and the log: enough to rebuild any
    /// position on another thread (the end screen's review of every decision).
    pub fn start_and_log(&self) -> Result<(Instance, Vec<LogEntry>)> {
        Ok((self.checkpoints[0].1.try_clone()?, self.log.clone()))
    }
}

/// Applies log entry `e` to `inst` (its plan steps, then its action), as replay does.
pub fn apply_logged(inst: &Instance, e: &LogEntry) -> std::result::Result<(), PluginError> {
    apply_entry(inst, e.seat, &e.steps, &e.action).map(|_| ())
}

/// Ends a bot's thinking from another thread: the decision loop checks the flag between
/// asks, and the plugin's search, told through `Plugin::stop_thinking`, ends within one
/// iteration.
#[derive(Clone)]
pub struct StopThinking {
    flag: Arc<AtomicBool>,
    token: u64,
    plugin: Arc<Plugin>,
}

impl StopThinking {
    pub fn new(plugin: &Arc<Plugin>) -> StopThinking {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        StopThinking {
            flag: Arc::new(AtomicBool::new(false)),
            token: NEXT.fetch_add(1, Ordering::Relaxed),
            plugin: plugin.clone(),
        }
    }
    pub fn stop(&self) {
        if !self.flag.swap(true, Ordering::Relaxed) {
            self.plugin.stop_thinking(self.token);
        }
    }
    pub fn stopped(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }
    /// The number the plugin knows this search by.
    pub fn token(&self) -> u64 {
        self.token
    }
}

impl std::fmt::Debug for StopThinking {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "StopThinking({})", self.token)
    }
}

/// A seat's whole decision: the plan steps it took on its own copy, in order, then the
/// action that confirms them, with the search's report of each ask (when the plugin
/// gives one).
#[derive(Clone, Debug)]
pub struct BotDecision {
    pub steps: Vec<Value>,
    pub entry: ActionEntry,
    pub reports: Vec<SearchReport>,
}

/// The most plan steps a decision may take (a game whose steps never lead to a confirm).
const MAX_PLAN_STEPS: usize = 256;

/// A seat's whole decision on `instance`, a copy the caller gives up: while `ask` picks
/// plan steps (`ChoiceKind::Step`), each is applied to the copy and `ask` is asked again
/// (with the number of the ask), until it picks the action that confirms them. The
/// session then logs steps and action as one entry, as for a person. `Ok(None)` when
/// `ask` gave up (a stopped bot).
pub fn plan_decision(
    instance: &Instance,
    seat: usize,
    mut ask: impl FnMut(&Instance, usize) -> AskResult,
) -> std::result::Result<Option<BotDecision>, PluginError> {
    let mut steps = Vec::new();
    let mut reports = Vec::new();
    for i in 0..MAX_PLAN_STEPS {
        let Some((entry, report)) = ask(instance, i)? else {
            return Ok(None);
        };
        reports.extend(report);
        if entry.kind != ChoiceKind::Step {
            return Ok(Some(BotDecision {
                steps,
                entry,
                reports,
            }));
        }
        instance.apply(Some(seat), entry.action.clone())?;
        steps.push(entry.action);
    }
    Err(PluginError::Protocol(format!(
        "{MAX_PLAN_STEPS} plan steps were taken without confirming them"
    )))
}

/// What one ask of [`plan_decision`] gives: an action (with the search's report, if
/// any), or `None` to give up.
pub type AskResult = std::result::Result<Option<(ActionEntry, Option<SearchReport>)>, PluginError>;

/// A bot's whole decision for `seat` on its own copy of the game (see
/// [`plan_decision`]); the first ask uses `seed`, later ones seeds mixed from it.
/// `Ok(None)` when `stop` ended it.
pub fn bot_decision(
    instance: &Instance,
    seat: usize,
    seed: u64,
    ask: BotAsk,
    stop: Option<&StopThinking>,
) -> std::result::Result<Option<BotDecision>, PluginError> {
    plan_decision(instance, seat, |inst, i| {
        if stop.is_some_and(StopThinking::stopped) {
            return Ok(None);
        }
        let seed = if i == 0 { seed } else { step_seed(seed, i) };
        let (entry, report) = inst.think(seat, seed, ask, stop.map(|s| s.token))?;
        if report.as_ref().is_some_and(|r| r.stopped) || stop.is_some_and(StopThinking::stopped) {
            return Ok(None);
        }
        Ok(Some((entry, report)))
    })
}

/// Why a log does not replay.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayError {
    /// The game could not be set up (bad options, plugin failure).
    Setup(PluginError),
    /// Action `index` (0-based) was refused.
    Action {
        index: usize,
        label: String,
        error: PluginError,
    },
    Cursor {
        cursor: usize,
        len: usize,
    },
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Setup(e) => write!(f, "the game could not be set up: {e}"),
            ReplayError::Action {
                index,
                label,
                error,
            } => write!(
                f,
                "action {} (\u{201c}{label}\u{201d}) does not replay: {error}",
                index + 1
            ),
            ReplayError::Cursor { cursor, len } => {
                write!(f, "the save's position {cursor} is past its {len} actions")
            }
        }
    }
}
