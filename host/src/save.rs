//! Save files: JSON with a format tag and version, the game and plugin version, the setup
//! (with its seed), the action log and the cursor. Loading replays every action through
//! the plugin, so a file can never carry a position the rules don't allow.

use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tavern_plugin_api::Setup;

use crate::paths::write_atomic;
use crate::plugin::Catalog;
use crate::session::{LogEntry, ReplayError, Session, UndoMode};

pub const SAVE_FORMAT: &str = "tavern-save";
/// Bumped when an older Tavern could not read what this one writes. Version 2 added plan
/// steps to log entries; a file is written as version 1 when no entry has any, so older
/// Taverns keep reading every game without plans.
pub const SAVE_VERSION: u32 = 2;

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
    #[serde(default)]
    pub id: String,
    #[serde(default)]
    pub created: u64,
    #[serde(default)]
    pub updated: u64,
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

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
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
        SaveFile {
            format: SAVE_FORMAT.into(),
            version: if planned { SAVE_VERSION } else { 1 },
            game: s.plugin().info.id.clone(),
            plugin_version: s.plugin().info.version.clone(),
            setup: s.setup().clone(),
            undo_mode: s.undo_mode(),
            profiles: s.profiles.clone(),
            actions: s.log().to_vec(),
            cursor: s.cursor(),
            id: s.id.clone(),
            created: s.created,
            updated: s.updated,
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
        let mut s = Session::replay(
            plugin.clone(),
            self.setup.clone(),
            self.undo_mode,
            &self.actions,
            self.cursor,
        )
        .map_err(|error| LoadError::Replay {
            error,
            other_version,
        })?;
        s.profiles = self.profiles.clone();
        s.profiles.resize(self.setup.seats.len(), None);
        if !self.id.is_empty() {
            s.id = self.id.clone();
        }
        if self.created != 0 {
            s.created = self.created;
        }
        s.updated = self.updated.max(s.created);
        Ok(s)
    }
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
