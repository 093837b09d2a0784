//! Message types that cross the plugin boundary as JSON.
//!
//! Messages evolve by adding optional fields (`#[serde(default)]`); anything that would
//! change the meaning of an existing field bumps [`crate::abi::ABI_VERSION`].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::scene::Scene;

/// What the launcher needs to list a game and start it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct GameInfo {
    /// Stable id, equal to the plugin folder name (`dragonkeepers`, `keydoms`, ...).
    pub id: String,
    pub name: String,
    /// Plugin version; saves record it so a file from another version can say so.
    pub version: String,
    /// One or two sentences for the launcher.
    pub description: String,
    pub min_players: usize,
    pub max_players: usize,
    #[serde(default)]
    pub options: Vec<OptionSpec>,
    /// True when some seat may not see everything (hands, face-down tiles): the host
    /// then covers the table between human seats in hot-seat play.
    #[serde(default)]
    pub hidden_information: bool,
    /// The rules summary, in our own words, shown in the help panel (plain text with
    /// `#` headings and `-` bullets).
    #[serde(default)]
    pub rules: String,
}

/// One launcher option (a variant, a solo mode, a difficulty).
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct OptionSpec {
    pub key: String,
    pub label: String,
    pub help: String,
    pub choices: Vec<OptionChoice>,
    /// The `value` of the default choice.
    pub default: String,
    /// When the option matters at all (every condition must hold). The launcher shows an
    /// option whose conditions fail disabled, with the first failing condition's reason,
    /// so a player never sets something the game will ignore.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub only_when: Vec<OptionCondition>,
}

/// A condition under which an option applies.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(tag = "when", rename_all = "snake_case")]
pub enum OptionCondition {
    /// Another option is set to one of `values`.
    Option {
        key: String,
        values: Vec<String>,
        /// Shown when the condition fails ("Only with magic chests").
        reason: String,
    },
    /// The number of seats lies in `min..=max`.
    Players {
        min: usize,
        max: usize,
        reason: String,
    },
    /// At least one of the groups holds, a group holding when all its conditions do
    /// ("one or two ghosts chosen, or ghosts as the rules say with one or two players").
    AnyOf {
        groups: Vec<Vec<OptionCondition>>,
        reason: String,
    },
}

impl OptionCondition {
    /// Whether the condition holds for these chosen options (missing keys read as the
    /// option's default, which the caller passes in `options` already) and seat count.
    pub fn holds(&self, options: &BTreeMap<String, String>, players: usize) -> bool {
        match self {
            OptionCondition::Option { key, values, .. } => options
                .get(key)
                .is_some_and(|v| values.iter().any(|w| w == v)),
            OptionCondition::Players { min, max, .. } => (*min..=*max).contains(&players),
            OptionCondition::AnyOf { groups, .. } => groups
                .iter()
                .any(|g| g.iter().all(|c| c.holds(options, players))),
        }
    }

    pub fn reason(&self) -> &str {
        match self {
            OptionCondition::Option { reason, .. }
            | OptionCondition::Players { reason, .. }
            | OptionCondition::AnyOf { reason, .. } => reason,
        }
    }

    /// `key` set to one of `values` (the reason is the enclosing condition's).
    pub fn option(key: &str, values: &[&str]) -> Self {
        OptionCondition::Option {
            key: key.into(),
            values: values.iter().map(|v| v.to_string()).collect(),
            reason: String::new(),
        }
    }

    /// `min..=max` seats (the reason is the enclosing condition's).
    pub fn players(min: usize, max: usize) -> Self {
        OptionCondition::Players {
            min,
            max,
            reason: String::new(),
        }
    }
}

impl OptionSpec {
    /// The option applies only while option `key` has one of `values`.
    pub fn only_with_option(mut self, key: &str, values: &[&str], reason: &str) -> Self {
        self.only_when.push(OptionCondition::Option {
            key: key.into(),
            values: values.iter().map(|v| v.to_string()).collect(),
            reason: reason.into(),
        });
        self
    }

    /// The option applies only with `min..=max` seats.
    pub fn only_with_players(mut self, min: usize, max: usize, reason: &str) -> Self {
        self.only_when.push(OptionCondition::Players {
            min,
            max,
            reason: reason.into(),
        });
        self
    }

    /// The option applies only while one of `groups` holds entirely (see
    /// [`OptionCondition::AnyOf`]).
    pub fn only_with_any(mut self, groups: Vec<Vec<OptionCondition>>, reason: &str) -> Self {
        self.only_when.push(OptionCondition::AnyOf {
            groups,
            reason: reason.into(),
        });
        self
    }

    /// `None` when the option applies to this setup, else why not (for the launcher).
    pub fn inactive_reason(
        &self,
        options: &BTreeMap<String, String>,
        players: usize,
    ) -> Option<&str> {
        self.only_when
            .iter()
            .find(|c| !c.holds(options, players))
            .map(OptionCondition::reason)
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct OptionChoice {
    pub value: String,
    pub label: String,
    #[serde(default)]
    pub help: String,
    /// Seats this choice allows, when narrower than the game's (a one-player training
    /// puzzle inside a 2–4 player game). The launcher adjusts the seats when it is chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_players: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_players: Option<usize>,
}

impl OptionChoice {
    pub fn new(
        value: impl Into<String>,
        label: impl Into<String>,
        help: impl Into<String>,
    ) -> Self {
        OptionChoice {
            value: value.into(),
            label: label.into(),
            help: help.into(),
            min_players: None,
            max_players: None,
        }
    }
    /// Narrows the seats this choice allows.
    pub fn players(mut self, min: usize, max: usize) -> Self {
        self.min_players = Some(min);
        self.max_players = Some(max);
        self
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, Default)]
pub enum SeatKind {
    #[default]
    Human,
    /// A bot of strength 1 (quick) to 3 (strong).
    Bot { level: u8 },
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct SeatSetup {
    pub name: String,
    #[serde(default)]
    pub kind: SeatKind,
}

/// Everything `Game::new` needs. The seed only makes a new game reproducible: setup
/// randomness still happens through chance steps so the log records it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Setup {
    pub seats: Vec<SeatSetup>,
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    #[serde(default)]
    pub seed: u64,
}

impl Setup {
    /// A setup with `n` seats named "Player 1".. and default options.
    pub fn players(n: usize) -> Setup {
        Setup {
            seats: (1..=n)
                .map(|i| SeatSetup {
                    name: format!("Player {i}"),
                    kind: SeatKind::Human,
                })
                .collect(),
            options: BTreeMap::new(),
            seed: 0,
        }
    }

    /// The chosen value of option `key`, or `default`.
    pub fn option<'a>(&'a self, key: &str, default: &'a str) -> &'a str {
        self.options.get(key).map(String::as_str).unwrap_or(default)
    }
}

/// Who must decide now.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum ToAct {
    /// These seats decide; several at once for simultaneous secret choices.
    Seats(Vec<usize>),
    /// A shuffle, draw, roll or flip is due: the host calls `sample_chance`.
    Chance,
    /// The game has ended; `outcome` is available.
    Over,
}

impl ToAct {
    pub fn is_over(&self) -> bool {
        matches!(self, ToAct::Over)
    }
    pub fn seats(&self) -> &[usize] {
        match self {
            ToAct::Seats(s) => s,
            _ => &[],
        }
    }
}

/// One legal action as the host sees it: the action itself (opaque JSON the host stores
/// in the log), a label for buttons and menus, and the scene id it belongs to.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Default)]
pub struct ActionEntry {
    pub action: Value,
    pub label: String,
    #[serde(default)]
    pub target: Option<String>,
    /// How the host presents it (see [`ChoiceKind`]); plain buttons when absent.
    #[serde(default, skip_serializing_if = "ChoiceKind::is_plain")]
    pub kind: ChoiceKind,
    /// The move spends resources: a click on its target asks first (see `Legal::spends`).
    /// Absent from plugins built before it; the host then reads the label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spends: Option<bool>,
    /// The move Enter or Space plays (see `Legal::by_default`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub default: bool,
}

/// How a legal action is presented. Each is still one ordinary action in the list.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ChoiceKind {
    /// A button (and the scene item its target names).
    #[default]
    Plain,
    /// One value of a numeric choice; all actions with the same group form one stepper.
    Number { group: String, value: i64 },
    /// A tentative step of a plan, logged with the non-step action that confirms it.
    Step,
    /// Declining an optional response; the host may answer it by itself (see
    /// `Legal::pass`).
    Pass { window: String },
}

impl ChoiceKind {
    pub fn is_plain(&self) -> bool {
        matches!(self, ChoiceKind::Plain)
    }
}

/// What a seat may see: a scene to draw, a one-line status, and a prompt for the seat.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Default)]
pub struct View {
    pub scene: Scene,
    /// E.g. "Round 3 · Anna's turn". Shown in the top bar.
    #[serde(default)]
    pub status: String,
    /// What the viewer is asked to do now, if anything ("Take a card from the display").
    #[serde(default)]
    pub prompt: String,
}

/// Final result. `rank[seat]` is 0 for the winner(s); equal ranks are shared places.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Default)]
pub struct Outcome {
    pub scores: Vec<SeatScore>,
    pub rank: Vec<usize>,
    /// How a tie on points was decided, in words ("most dragon cards laid out"), or why
    /// it stands as shared.
    #[serde(default)]
    pub tie_break: Option<String>,
    /// Participants that are not seats (a game's automated opponents, such as ghosts),
    /// ranked on the same scale as `rank`: when one of them wins, no seat has rank 0.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub others: Vec<OtherScore>,
}

/// A non-seat participant's result.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Default)]
pub struct OtherScore {
    pub name: String,
    pub score: SeatScore,
    pub rank: usize,
}

impl Outcome {
    /// The result of the seats; the optional parts start empty. Games build outcomes
    /// through this and the `with_` methods so a field added later never breaks them.
    pub fn new(scores: Vec<SeatScore>, rank: Vec<usize>) -> Outcome {
        Outcome {
            scores,
            rank,
            tie_break: None,
            others: Vec::new(),
        }
    }

    pub fn with_tie_break(mut self, tie_break: Option<String>) -> Outcome {
        self.tie_break = tie_break;
        self
    }

    pub fn with_others(mut self, others: Vec<OtherScore>) -> Outcome {
        self.others = others;
        self
    }

    pub fn winners(&self) -> Vec<usize> {
        (0..self.rank.len())
            .filter(|&s| self.rank[s] == 0)
            .collect()
    }

    /// Ranks from totals and per-seat tie-break keys (higher is better for both).
    /// Seats equal on both share a place.
    pub fn rank_by(totals: &[i64], tie_keys: &[i64]) -> Vec<usize> {
        let n = totals.len();
        (0..n)
            .map(|s| {
                (0..n)
                    .filter(|&o| (totals[o], tie_keys[o]) > (totals[s], tie_keys[s]))
                    .count()
            })
            .collect()
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Default)]
pub struct SeatScore {
    pub total: i64,
    /// Each scoring category with its points; they add up to `total`.
    pub breakdown: Vec<ScoreLine>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ScoreLine {
    pub label: String,
    pub points: i64,
}

impl SeatScore {
    pub fn from_lines(lines: Vec<(&str, i64)>) -> SeatScore {
        SeatScore {
            total: lines.iter().map(|l| l.1).sum(),
            breakdown: lines
                .into_iter()
                .map(|(label, points)| ScoreLine {
                    label: label.to_string(),
                    points,
                })
                .collect(),
        }
    }
}

/// A call from the host to a game instance (see `abi`). Each request has one reply type,
/// named next to it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Request {
    /// -> [`ToAct`]
    ToAct,
    /// -> `Vec<ActionEntry>`
    Legal { seat: usize },
    /// -> [`AppliedReply`]. Illegal actions are refused and change nothing.
    Apply { seat: Option<usize>, action: Value },
    /// Apply entry `index` of `legal(seat)`. -> [`AppliedReply`]
    ApplyIndex { seat: usize, index: usize },
    /// The number of entries `legal(seat)` would list, without building labels.
    /// -> `usize`
    LegalCount { seat: usize },
    /// Sample the pending chance step with a ChaCha stream of `seed` and apply it.
    /// -> [`AppliedReply`]
    Chance { seed: u64 },
    /// -> [`View`]
    View { viewer: Option<usize> },
    /// -> `Option<Outcome>`
    Outcome,
    /// The full state as JSON (for export, `tavern show --state`, tests).
    State,
    /// Choose an action for `seat` with the generic bot. -> [`ActionEntry`]
    Bot { seat: usize, seed: u64, level: u8 },
    /// `Bot` with the search's report, a choice of search, and a way to stop it.
    /// -> [`BotReply`]. A plugin built before it answers `BadRequest`; the host then
    /// asks `Bot` and has no report.
    Think {
        seat: usize,
        seed: u64,
        level: u8,
        /// Search at most this many iterations instead of the level's cap; without
        /// `millis` there is then no time budget, so a seeded search is reproducible.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        iterations: Option<u32>,
        /// A time budget in milliseconds instead of the level's.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        millis: Option<u32>,
        /// The first bot (flat Monte Carlo, the yardstick) instead of the tree search.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        flat: bool,
        /// A number `StopThinking` can name to end this search early.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<u64>,
    },
    /// Ends the `Think` search started with `token` (it answers with what it found so
    /// far; a search not started yet stops at once). Needs no instance: any handle does,
    /// and it never waits for the instance that is thinking. -> `bool` (whether that
    /// search was running).
    StopThinking { token: u64 },
    /// Play `games` complete random games in-process from this position's setup and
    /// report timing. -> [`PlayoutReport`]
    Playouts { games: u32, seed: u64 },
    /// How a log written by `version` of this game replays now ([`crate::Game::open_old`]).
    /// Needs no particular state: any instance of the game answers it, without its lock.
    /// -> [`crate::versions::OldLog`]. A plugin built before it answers `BadRequest`; the
    /// host then replays the log as it is.
    OpenOld {
        version: String,
        setup: Setup,
        log: Vec<crate::versions::OldEntry>,
    },
    /// The game's lesson file ([`crate::Game::lesson`]), as its text, or null. Needs no
    /// instance, like `OpenOld`. -> `Option<String>`. A plugin built before it answers
    /// `BadRequest`: the host then offers no lesson.
    Lesson,
}

/// What the `create` entry reads: a [`Setup`], and optionally the older version whose
/// rules the game follows ([`crate::Game::new_under`]). A plugin built before `rules`
/// existed reads the setup and ignores it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct CreateRequest {
    #[serde(flatten)]
    pub setup: Setup,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
}

/// Reply to `Think`: the chosen action as the legal list offers it, and how the search
/// rated every candidate.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct BotReply {
    pub entry: ActionEntry,
    pub report: SearchReport,
}

/// What a bot's search found, best candidate first.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Default)]
pub struct SearchReport {
    pub candidates: Vec<RatedAction>,
    /// Iterations (simulated games) the search ran; 0 when the seat had one choice.
    pub iterations: u32,
    pub seconds: f64,
    /// Ended by `StopThinking` before its limits.
    #[serde(default)]
    pub stopped: bool,
}

/// One candidate as the search rated it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct RatedAction {
    pub action: Value,
    pub label: String,
    /// Iterations that tried it (the search plays the most visited).
    pub visits: u32,
    /// The share of its simulated games the seat won (a shared win counts 1/k): the
    /// estimated chance of winning after it.
    pub win: f64,
    /// The mean result the search ranks by (the win share plus a little score margin).
    pub value: f64,
    /// The mean score margin in points after it: the seat's total minus the best other
    /// seat's (its own total when it plays alone). Ranks choices that all have the same
    /// chance of winning; 0 from plugins built before it.
    #[serde(default)]
    pub margin: f64,
}

/// Reply to `Apply`, `ApplyIndex` and `Chance`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct AppliedReply {
    /// The action as it will be stored in the log.
    pub action: Value,
    /// Log text every seat may read.
    pub label: String,
    /// Log text only the acting seat may read (a card it took face down), if different.
    #[serde(default)]
    pub private_label: Option<String>,
    /// Log text for particular seats (a card a chance step dealt to one player), read by
    /// that seat instead of `label`; wins over `private_label` for the same seat.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub private_for: Vec<(usize, String)>,
    /// The action revealed hidden or random information: it cannot be taken back in
    /// fair undo mode.
    pub reveal: bool,
    /// The action changed nothing on the table (a declined optional response).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub routine: bool,
    /// The action began a new part of the game, named so ("Round 3").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    /// What its private texts are about, until a later entry publishes it
    /// (`Applied::secret_until`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_key: Option<String>,
    /// Keys of earlier private texts it makes public (`Applied::publishes`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub publishes: Vec<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Default)]
pub struct PlayoutReport {
    pub games: u32,
    pub actions: u64,
    pub seconds: f64,
    /// Sum over games of each seat's total score, for score spread statistics.
    pub score_sums: Vec<i64>,
    /// Times each seat finished first (shared wins count for each winner).
    pub wins: Vec<u32>,
    pub min_len: u64,
    pub max_len: u64,
}

/// Error reply body (any non-zero status).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ErrorReply {
    pub kind: ErrorKind,
    pub message: String,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The action is not legal now.
    Illegal,
    /// The request or setup could not be understood.
    BadRequest,
    /// The game's code panicked; the instance keeps its last good state.
    Panic,
    /// The handle does not name a live instance.
    NoSuchHandle,
    /// An in-place step failed halfway; the instance is unusable and must be rebuilt.
    Broken,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> OptionSpec {
        OptionSpec {
            key: "hard".into(),
            default: "no".into(),
            ..Default::default()
        }
        .only_with_option("magic", &["on"], "Only with magic")
        .only_with_any(
            vec![
                vec![OptionCondition::option("ghosts", &["1", "2"])],
                vec![
                    OptionCondition::option("ghosts", &["auto"]),
                    OptionCondition::players(1, 2),
                ],
            ],
            "Only with ghosts",
        )
    }

    fn set(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn every_condition_must_hold_and_any_of_needs_one_whole_group() {
        let s = spec();
        let on = |g: &str| set(&[("magic", "on"), ("ghosts", g)]);
        assert_eq!(s.inactive_reason(&on("1"), 4), None);
        assert_eq!(s.inactive_reason(&on("auto"), 2), None);
        assert_eq!(s.inactive_reason(&on("auto"), 3), Some("Only with ghosts"));
        assert_eq!(s.inactive_reason(&on("0"), 1), Some("Only with ghosts"));
        let off = set(&[("magic", "off"), ("ghosts", "1")]);
        assert_eq!(s.inactive_reason(&off, 2), Some("Only with magic"));
        // A missing key never satisfies a condition on it.
        assert_eq!(s.inactive_reason(&set(&[]), 2), Some("Only with magic"));
        // The launcher's JSON carries the conditions.
        let back: OptionSpec = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        assert_eq!(back, s);
    }
}
