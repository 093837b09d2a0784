//! What the authority needs of a game in progress. The host implements it for its
//! `Session` (through the plugin ABI); [`crate::local::GameBackend`] implements it over a
//! plugin-api `Game` in-process, for tests and the bench.

use serde_json::Value;
use tavern_plugin_api::proto::SearchReport;
use tavern_plugin_api::{ActionEntry, Outcome, ToAct, View};

/// Why a backend call failed.
#[derive(Clone, Debug, PartialEq)]
pub enum BackendError {
    /// The game refused it (an illegal action, a step that no longer applies).
    Illegal(String),
    /// The game's code failed (a plugin error or panic); its state is the last good one.
    Failed(String),
}

impl std::fmt::Display for BackendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BackendError::Illegal(m) => write!(f, "refused: {m}"),
            BackendError::Failed(m) => write!(f, "the game failed: {m}"),
        }
    }
}

impl std::error::Error for BackendError {}

pub type BResult<T> = Result<T, BackendError>;

/// One log entry with every text a viewer might read, and no action data.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct LogItem {
    pub seat: Option<usize>,
    pub label: String,
    pub private_label: Option<String>,
    pub private_for: Vec<(usize, String)>,
    pub reveal: bool,
    pub routine: bool,
    pub section: Option<String>,
}

impl LogItem {
    /// The text `viewer` reads: text written for that seat first, then the actor's
    /// private text to the actor, else the public label (the session's rule).
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

/// A seat's whole decision: plan steps, then the action that confirms them.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub steps: Vec<Value>,
    pub action: Value,
}

/// A bot's decision worked out away from the authority's lock (on a copy of the game).
pub type BotJob = Box<dyn FnOnce() -> BResult<Decision> + Send>;

/// The normal bot's opinion of a seat's choices (a hint), worked out away from the
/// authority's lock. Its candidates name actions; the authority turns them into indices
/// of the seat's list before anything leaves (`outgoing::hint_for`).
pub type HintJob = Box<dyn FnOnce() -> BResult<SearchReport> + Send>;

/// A copy of the game with a seat's plan steps applied, as the seat previews it.
#[derive(Clone, Debug, PartialEq)]
pub struct Preview {
    pub to_act: ToAct,
    pub view: View,
    pub legal: Vec<ActionEntry>,
}

/// A game in progress as the authority drives it. Every call is made under the
/// authority's lock; the authority catches a panic in any of them and keeps going.
pub trait Backend: Send {
    /// The game's id, display name and plugin version (the handshake checks them).
    fn game_id(&self) -> String;
    fn game_name(&self) -> String;
    fn game_version(&self) -> String;
    fn seat_count(&self) -> usize;
    fn seat_name(&self, seat: usize) -> String;

    fn to_act(&self) -> BResult<ToAct>;
    fn legal(&self, seat: usize) -> BResult<Vec<ActionEntry>>;
    fn view(&self, viewer: Option<usize>) -> BResult<View>;
    fn outcome(&self) -> BResult<Option<Outcome>>;

    /// Applies `steps` then `action` for `seat` as one log entry, and every chance step
    /// that follows; all or nothing.
    fn apply_plan(&mut self, seat: usize, steps: &[Value], action: Value) -> BResult<()>;
    /// `seat`'s plan `steps` applied to a copy of the game, which is then dropped.
    fn preview(&self, seat: usize, steps: &[Value]) -> BResult<Preview>;

    /// Entries up to the current position (the log a viewer can read).
    fn log_len(&self) -> usize;
    /// Entries `from..log_len()`.
    fn log_items(&self, from: usize) -> Vec<LogItem>;
    /// Moves back to log position `position` (< `log_len()`), rebuilding the state.
    fn rewind(&mut self, position: usize) -> BResult<()>;

    /// A bot's decision for `seat` at `level`, to run off the lock.
    fn bot_job(&self, seat: usize, level: u8) -> BResult<BotJob>;
    /// The normal bot's search for `seat` after its plan `steps`, to run off the lock.
    /// It must search from what the seat knows (the game's `determinize`) with a seed
    /// that does not depend on hidden state, so a seat's twin gets the same report.
    fn hint_job(&self, seat: usize, steps: &[Value]) -> BResult<HintJob>;
}
