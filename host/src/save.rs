//! Save files: JSON with a format tag and version, the game and plugin version, the setup
//! (with its seed), the action log and the cursor. Loading replays every action through
//! the plugin, so a file can never carry a position the rules don't allow.
//!
//! A save written by another version of its game takes one of the paths of
//! [`ReplayPath`]: an older version's log is first handed to the game
//! (`Request::OpenOld`), which may rewrite it into today's actions and name the older
//! rules the replay must follow; the session keeps those rules, and saving writes them
//! with the log as rewritten, so the file reopens by the direct path.

use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tavern_plugin_api::Setup;

use crate::paths::write_atomic;
use crate::plugin::{Catalog, Plugin, PluginError};
use crate::session::{LogEntry, OldRules, ReplayError, Session, UndoMode};
use tavern_plugin_api::versions::{self, OldEntry};

pub const SAVE_FORMAT: &str = "tavern-save";
/// Bumped when an older Tavern could not read what this one writes. Version 2 added plan
/// steps to log entries, version 3 the older rules a game follows (`rules`); a file is
/// written at the lowest version that holds it (1 without plans or rules), so older
/// Taverns keep reading every game they can replay, and refuse one begun under older
/// rules (which they would replay under today's) as written by a newer Tavern.
pub const SAVE_VERSION: u32 = 3;

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct SaveFile {
    pub format: String,
    pub version: u32,
    /// Game id (plugin folder name).
    pub game: String,
    /// The game's own version (`GameInfo.version`) that wrote the file.
    pub plugin_version: String,
    pub setup: Setup,
    #[serde(default)]
    pub undo_mode: UndoMode,
    /// Profile id per seat.
    #[serde(default)]
    pub profiles: Vec<Option<String>>,
    pub actions: Vec<LogEntry>,
    pub cursor: usize,
    /// The older version's rules the game follows (begun under them, before an update),
    /// absent for today's rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<OldRules>,
    #[serde(default)]
    pub id: String,
    #[serde(default)]
    pub created: u64,
    #[serde(default)]
    pub updated: u64,
    /// How a table server dealt the game; its secret is there once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<tavern_net::deal::Deal>,
}

/// Why a file could not be opened as a game, in words a player can act on.
#[derive(Clone, Debug, PartialEq)]
pub enum LoadError {
    Io(String),
    /// Not JSON at all, or cut short.
    NotJson(String),
    /// JSON, but not a Tavern save.
    NotASave,
    /// Written by a newer Tavern.
    NewerFormat(u32),
    /// A save, but its fields are damaged.
    Damaged(String),
    UnknownGame(String),
    /// The log does not replay. `other_version` is set when the file was written by
    /// another version of the game than the installed one.
    Replay {
        error: ReplayError,
        other_version: Option<Box<OtherVersion>>,
    },
    /// Written by an older version the installed game says it cannot read (its answer to
    /// `Request::OpenOld` was an error).
    Unreadable {
        version: Box<OtherVersion>,
        reason: String,
    },
}

/// Which way a save was replayed, for `tavern check` and the tests.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayPath {
    /// Written by the installed version, under today's rules.
    Today,
    /// Written by the installed version, under older rules kept from when the game began.
    Kept { rules: OldRules },
    /// Written by the older version `from`, replayed under today's rules; `rewritten`
    /// when the game rewrote its log into today's actions (else it replays as it is:
    /// that version's log means the same today, or the plugin predates the question).
    Migrated { from: String, rewritten: bool },
    /// Written by the older version `from`, replayed under the older `rules` the game
    /// named (and its log rewritten first when `rewritten`).
    OldRules {
        from: String,
        rules: OldRules,
        rewritten: bool,
    },
    /// Written by the newer version `from`, and it replays as it is.
    Newer { from: String },
}

impl ReplayPath {
    /// In words: "today's rules", "migrated from Dragonkeepers 0.1.0", "old rules of
    /// Dungeon Lords 0.2.0 (...)".
    pub fn describe(&self, game: &str, installed: &str) -> String {
        let note = |r: &OldRules| {
            r.note
                .as_ref()
                .map(|n| format!(": {n}"))
                .unwrap_or_default()
        };
        match self {
            ReplayPath::Today => format!("today's rules ({game} {installed})"),
            ReplayPath::Kept { rules } => format!(
                "old rules of {game} {}, kept since the game began{}",
                rules.version,
                note(rules)
            ),
            ReplayPath::Migrated { from, rewritten } => format!(
                "migrated from {game} {from} to today's rules ({installed}){}",
                if *rewritten {
                    ", its log rewritten"
                } else {
                    ", its log unchanged"
                }
            ),
            ReplayPath::OldRules {
                from,
                rules,
                rewritten,
            } => format!(
                "old rules of {game} {} (written by {from}{}){}",
                rules.version,
                if *rewritten {
                    ", its log rewritten"
                } else {
                    ""
                },
                note(rules)
            ),
            ReplayPath::Newer { from } => {
                format!("written by the newer {game} {from}, replayed as it is by {installed}")
            }
        }
    }
}

/// A save written by another version of its game.
#[derive(Clone, Debug, PartialEq)]
pub struct OtherVersion {
    /// The game's name.
    pub game: String,
    /// The version that wrote the file.
    pub written: String,
    /// The installed version.
    pub this: String,
}

impl OtherVersion {
    /// Whether the file comes from a newer version than the installed one.
    pub fn is_newer(&self) -> bool {
        versions::older(&self.this, &self.written)
    }
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Unreadable { version, reason } => write!(
                f,
                "written by {} {}, which {} {} cannot read: {reason}",
                version.game, version.written, version.game, version.this
            ),
            LoadError::Replay {
                error,
                other_version: Some(v),
            } if v.is_newer() => write!(
                f,
                "written by {} {}, newer than the installed {}: install {} {} or later to open it ({error})",
                v.game, v.written, v.this, v.game, v.written
            ),
            LoadError::Io(m) => write!(f, "cannot read the file: {m}"),
            LoadError::NotJson(m) => write!(f, "not a readable save (damaged or cut short): {m}"),
            LoadError::NotASave => f.write_str("this file is not a Tavern save"),
            LoadError::NewerFormat(v) => write!(
                f,
                "this save was written by a newer Tavern (save format {v}; this one reads up to {SAVE_VERSION})"
            ),
            LoadError::Damaged(m) => write!(f, "the save is damaged: {m}"),
            LoadError::UnknownGame(g) => write!(
                f,
                "the save is for the game \u{201c}{g}\u{201d}, which is not installed"
            ),
            LoadError::Replay {
                error,
                other_version,
            } => match (other_version.as_deref(), error) {
                (
                    Some(OtherVersion {
                        game,
                        written,
                        this,
                    }),
                    ReplayError::Action {
                        index,
                        label,
                        error,
                    },
                ) => write!(
                    f,
                    "written by {game} {written}, this is {this}; action {} (\u{201c}{label}\u{201d}) no longer replays: {error}",
                    index + 1
                ),
                (
                    Some(OtherVersion {
                        game,
                        written,
                        this,
                    }),
                    error,
                ) => write!(
                    f,
                    "written by {game} {written}, this is {this}; the save no longer replays: {error}"
                ),
                (None, error) => write!(f, "the save does not replay: {error}"),
            },
        }
    }
}

impl std::error::Error for LoadError {}

impl SaveFile {
    pub fn from_session(s: &Session) -> SaveFile {
        let planned = s.log().iter().any(|e| !e.steps.is_empty());
        let version = match (s.rules().is_some(), planned) {
            (true, _) => 3,
            (false, true) => 2,
            (false, false) => 1,
        };
        SaveFile {
            format: SAVE_FORMAT.into(),
            version,
            game: s.plugin().info.id.clone(),
            plugin_version: s.plugin().info.version.clone(),
            setup: s.setup().clone(),
            undo_mode: s.undo_mode(),
            profiles: s.profiles.clone(),
            actions: s.log().to_vec(),
            cursor: s.cursor(),
            rules: s.rules().cloned(),
            id: s.id.clone(),
            created: s.created,
            updated: s.updated,
            deal: s.deal.clone(),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("save files always serialize")
    }

    /// Parses and checks the envelope (not the moves: see [`SaveFile::replay`]).
    pub fn parse(text: &str) -> Result<SaveFile, LoadError> {
        let v: Value = serde_json::from_str(text).map_err(|e| LoadError::NotJson(e.to_string()))?;
        if v.get("format").and_then(Value::as_str) != Some(SAVE_FORMAT) {
            return Err(LoadError::NotASave);
        }
        let version = v
            .get("version")
            .and_then(Value::as_u64)
            .ok_or(LoadError::Damaged("no format version".into()))?;
        if version > SAVE_VERSION as u64 {
            return Err(LoadError::NewerFormat(version as u32));
        }
        serde_json::from_value(v).map_err(|e| LoadError::Damaged(e.to_string()))
    }

    pub fn read(path: &Path) -> Result<SaveFile, LoadError> {
        let bytes = std::fs::read(path).map_err(|e| LoadError::Io(e.to_string()))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| LoadError::NotJson("the file is not text".into()))?;
        SaveFile::parse(&text)
    }

    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        write_atomic(path, self.to_json().as_bytes())
    }

    /// Replays the file through its game's plugin and returns the live session.
    pub fn replay(&self, catalog: &Catalog) -> Result<Session, LoadError> {
        self.replay_with_path(catalog).map(|(s, _)| s)
    }

    /// [`SaveFile::replay`], and which way the log was read.
    pub fn replay_with_path(&self, catalog: &Catalog) -> Result<(Session, ReplayPath), LoadError> {
        let plugin = catalog
            .get(&self.game)
            .ok_or_else(|| LoadError::UnknownGame(self.game.clone()))?;
        let other_version = (plugin.info.version != self.plugin_version).then(|| {
            Box::new(OtherVersion {
                game: plugin.info.name.clone(),
                written: self.plugin_version.clone(),
                this: plugin.info.version.clone(),
            })
        });
        if self.profiles.len() > self.setup.seats.len() {
            return Err(LoadError::Damaged("more profiles than seats".into()));
        }
        let (actions, rules, path) = match &other_version {
            None => (
                std::borrow::Cow::Borrowed(&self.actions),
                self.rules.clone(),
                match &self.rules {
                    Some(r) => ReplayPath::Kept { rules: r.clone() },
                    None => ReplayPath::Today,
                },
            ),
            Some(v) if v.is_newer() => (
                std::borrow::Cow::Borrowed(&self.actions),
                self.rules.clone(),
                ReplayPath::Newer {
                    from: self.plugin_version.clone(),
                },
            ),
            Some(v) => {
                let (log, rules, path) = self.read_old(&plugin, v)?;
                (std::borrow::Cow::Owned(log), rules, path)
            }
        };
        let cursor = if actions.len() == self.actions.len() {
            self.cursor
        } else {
            // A rewritten log of another length: the same number of entries from the end.
            actions
                .len()
                .saturating_sub(self.actions.len().saturating_sub(self.cursor))
        };
        let mut s = Session::replay_under(
            plugin.clone(),
            self.setup.clone(),
            rules,
            self.undo_mode,
            &actions,
            cursor,
        )
        .map_err(|error| LoadError::Replay {
            error,
            other_version,
        })?;
        s.profiles = self.profiles.clone();
        s.deal = self.deal.clone();
        s.profiles.resize(self.setup.seats.len(), None);
        if !self.id.is_empty() {
            s.id = self.id.clone();
        }
        if self.created != 0 {
            s.created = self.created;
        }
        s.updated = self.updated.max(s.created);
        Ok((s, path))
    }

    /// An older version's log as the installed game reads it: the log in today's
    /// actions, the rules to follow, and the path that is. Rules the file already names
    /// (the game was begun under them) stay: they are older than any the game names now.
    fn read_old(
        &self,
        plugin: &Plugin,
        v: &OtherVersion,
    ) -> Result<(Vec<LogEntry>, Option<OldRules>, ReplayPath), LoadError> {
        let old: Vec<OldEntry> = self
            .actions
            .iter()
            .map(|e| OldEntry {
                seat: e.seat,
                steps: e.steps.clone(),
                action: e.action.clone(),
            })
            .collect();
        let from = self.plugin_version.clone();
        let reply = plugin
            .open_old(&self.plugin_version, &self.setup, old.clone())
            .map_err(|e| LoadError::Unreadable {
                version: Box::new(v.clone()),
                reason: match e {
                    PluginError::BadRequest(m) => m,
                    other => other.to_string(),
                },
            })?;
        let Some(reply) = reply else {
            return Ok((
                self.actions.clone(),
                self.rules.clone(),
                ReplayPath::Migrated {
                    from,
                    rewritten: false,
                },
            ));
        };
        let rewritten = reply.log != old;
        let log = if rewritten {
            relabel(&self.actions, reply.log)
        } else {
            self.actions.clone()
        };
        let named = reply.rules.map(|version| OldRules {
            version,
            note: reply.note,
        });
        let rules = self.rules.clone().or(named);
        let path = match &rules {
            Some(r) => ReplayPath::OldRules {
                from,
                rules: r.clone(),
                rewritten,
            },
            None => ReplayPath::Migrated { from, rewritten },
        };
        Ok((log, rules, path))
    }
}

/// A rewritten log as log entries, each carrying the label of the file's entry it came
/// from (replay recomputes every label; the old one only names an entry that does not
/// replay). The two logs are walked together: an entry equal to the file's next one, or
/// by the same seat (an action renamed), takes its label; any other (a chance step the
/// game inserted) takes none.
fn relabel(file: &[LogEntry], log: Vec<OldEntry>) -> Vec<LogEntry> {
    let mut i = 0;
    log.into_iter()
        .map(|e| {
            let label = match file.get(i) {
                Some(f) if f.seat == e.seat => {
                    i += 1;
                    f.label.clone()
                }
                _ => "a step the game added to the old log".to_string(),
            };
            LogEntry {
                seat: e.seat,
                steps: e.steps,
                action: e.action,
                label,
                private_label: None,
                private_for: Vec::new(),
                reveal: false,
                routine: false,
                section: None,
                secret_key: None,
                publishes: Vec::new(),
            }
        })
        .collect()
}

/// Reads and replays a save file in one step.
pub fn open(path: &Path, catalog: &Catalog) -> Result<Session, LoadError> {
    SaveFile::read(path)?.replay(catalog)
}

/// Writes the session to `path` atomically.
pub fn save(session: &Session, path: &Path) -> std::io::Result<()> {
    SaveFile::from_session(session).write(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn envelope_errors_are_named() {
        assert!(matches!(
            SaveFile::parse("{\"format\":"),
            Err(LoadError::NotJson(_))
        ));
        assert!(matches!(
            SaveFile::parse("garbage"),
            Err(LoadError::NotJson(_))
        ));
        assert_eq!(SaveFile::parse("{\"a\":1}"), Err(LoadError::NotASave));
        assert_eq!(
            SaveFile::parse("{\"format\":\"tavern-save\",\"version\":99}"),
            Err(LoadError::NewerFormat(99))
        );
        assert!(matches!(
            SaveFile::parse("{\"format\":\"tavern-save\",\"version\":1,\"game\":3}"),
            Err(LoadError::Damaged(_))
        ));
    }
}
