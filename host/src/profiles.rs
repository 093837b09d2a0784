//! Player profiles: a name, a colour, per-game statistics and the history of finished
//! games. Stored as one JSON file in the data folder, written atomically.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use tavern_plugin_api::Outcome;

use crate::paths::{Paths, write_atomic};
use crate::session::{Session, now_unix};

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, Default)]
pub struct GameStats {
    pub played: u32,
    pub won: u32,
    pub best_score: Option<i64>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct HistoryEntry {
    pub game: String,
    /// The finished game's save, openable as a replay.
    pub save_path: PathBuf,
    pub finished: u64,
    pub score: i64,
    pub won: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Profile {
    pub id: String,
    pub name: String,
    pub color: [u8; 3],
    #[serde(default)]
    pub stats: BTreeMap<String, GameStats>,
    #[serde(default)]
    pub history: Vec<HistoryEntry>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Profiles {
    pub profiles: Vec<Profile>,
    #[serde(skip)]
    file: Option<PathBuf>,
}

impl Profiles {
    /// Loads the profiles file; a missing file is an empty list. A damaged file is kept
    /// aside (renamed `.damaged`) rather than overwritten, and an empty list returned.
    pub fn load(paths: &Paths) -> Profiles {
        let file = paths.profiles_file();
        let mut p = match std::fs::read(&file) {
            Ok(bytes) => serde_json::from_slice::<Profiles>(&bytes).unwrap_or_else(|_| {
                let _ = std::fs::rename(&file, file.with_extension("json.damaged"));
                Profiles::default()
            }),
            Err(_) => Profiles::default(),
        };
        p.file = Some(file);
        p
    }

    pub fn in_memory() -> Profiles {
        Profiles::default()
    }

    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    pub fn save(&self) -> std::io::Result<()> {
        match &self.file {
            Some(f) => write_atomic(f, serde_json::to_string_pretty(self)?.as_bytes()),
            None => Ok(()),
        }
    }

    pub fn get(&self, id: &str) -> Option<&Profile> {
        self.profiles.iter().find(|p| p.id == id)
    }

    fn get_mut(&mut self, id: &str) -> Option<&mut Profile> {
        self.profiles.iter_mut().find(|p| p.id == id)
    }

    /// Adds a profile and returns its id.
    pub fn create(&mut self, name: &str, color: [u8; 3]) -> String {
        let base = now_unix();
        let mut n = 0u64;
        let id = loop {
            let id = format!("p{base:x}{n}");
            if self.get(&id).is_none() {
                break id;
            }
            n += 1;
        };
        self.profiles.push(Profile {
            id: id.clone(),
            name: name.trim().to_string(),
            color,
            stats: BTreeMap::new(),
            history: Vec::new(),
        });
        id
    }

    /// A colour for the next new profile: the first of the player palette that no
    /// profile wears yet, or, once all are worn, the one worn least.
    pub fn unused_color(&self) -> [u8; 3] {
        let palette = tavern_plugin_api::scene::Color::PLAYER.map(|c| [c.0, c.1, c.2]);
        let worn = |c: &[u8; 3]| self.profiles.iter().filter(|p| &p.color == c).count();
        palette
            .iter()
            .min_by_key(|c| worn(c))
            .copied()
            .unwrap_or(palette[0])
    }

    /// Whether some profile already wears `color`.
    pub fn color_taken(&self, color: [u8; 3]) -> bool {
        self.profiles.iter().any(|p| p.color == color)
    }

    pub fn rename(&mut self, id: &str, name: &str) -> bool {
        match self.get_mut(id) {
            Some(p) => {
                p.name = name.trim().to_string();
                true
            }
            None => false,
        }
    }

    pub fn set_color(&mut self, id: &str, color: [u8; 3]) -> bool {
        match self.get_mut(id) {
            Some(p) => {
                p.color = color;
                true
            }
            None => false,
        }
    }

    pub fn delete(&mut self, id: &str) -> bool {
        let before = self.profiles.len();
        self.profiles.retain(|p| p.id != id);
        self.profiles.len() != before
    }

    /// Updates statistics and history for every seat of a finished game that is played
    /// by a profile.
    pub fn record_finished(&mut self, session: &Session, outcome: &Outcome, save_path: &Path) {
        let game = session.plugin().info.id.clone();
        let now = now_unix();
        for (seat, profile) in session.profiles.iter().enumerate() {
            let (Some(id), Some(score)) = (profile, outcome.scores.get(seat)) else {
                continue;
            };
            let won = outcome.rank.get(seat) == Some(&0);
            let Some(p) = self.get_mut(id) else { continue };
            let st = p.stats.entry(game.clone()).or_default();
            st.played += 1;
            st.won += u32::from(won);
            st.best_score = Some(st.best_score.map_or(score.total, |b| b.max(score.total)));
            p.history.push(HistoryEntry {
                game: game.clone(),
                save_path: save_path.to_path_buf(),
                finished: now,
                score: score.total,
                won,
            });
        }
    }
}

/// The list of recently opened or saved files, newest first.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Recent {
    pub files: Vec<PathBuf>,
}

impl Recent {
    pub const MAX: usize = 12;

    pub fn load(paths: &Paths) -> Recent {
        std::fs::read(paths.recent_file())
            .ok()
            .and_then(|b| serde_json::from_slice(&b).ok())
            .unwrap_or_default()
    }

    pub fn save(&self, paths: &Paths) -> std::io::Result<()> {
        write_atomic(
            &paths.recent_file(),
            serde_json::to_string_pretty(self)?.as_bytes(),
        )
    }

    pub fn touch(&mut self, path: &Path) {
        self.files.retain(|p| p != path);
        self.files.insert(0, path.to_path_buf());
        self.files.truncate(Self::MAX);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_new_profile_gets_a_colour_not_yet_taken() {
        let mut p = Profiles::default();
        let mut seen = Vec::new();
        for i in 0..8 {
            let c = p.unused_color();
            assert!(!p.color_taken(c), "profile {i} got a taken colour");
            assert!(!seen.contains(&c));
            seen.push(c);
            p.create(&format!("P{i}"), c);
        }
        // All eight worn: the next one repeats the least worn, never fails.
        let again = p.unused_color();
        assert!(seen.contains(&again));
    }

    #[test]
    fn create_rename_colour_delete_persist() {
        let dir = tempfile::tempdir().unwrap();
        let paths = Paths::at(dir.path());
        let mut p = Profiles::load(&paths);
        let a = p.create(" Anna ", [1, 2, 3]);
        let b = p.create("Ben", [4, 5, 6]);
        assert_ne!(a, b);
        assert!(p.rename(&a, "Anne"));
        assert!(p.set_color(&b, [9, 9, 9]));
        p.save().unwrap();
        let mut again = Profiles::load(&paths);
        assert_eq!(again.get(&a).unwrap().name, "Anne");
        assert_eq!(again.get(&b).unwrap().color, [9, 9, 9]);
        assert!(again.delete(&a));
        assert!(!again.delete(&a));
        assert!(again.get(&a).is_none());
    }

    #[test]
    fn damaged_profiles_file_is_kept_aside() {
        let dir = tempfile::tempdir().unwrap();
        let paths = Paths::at(dir.path());
        std::fs::write(paths.profiles_file(), b"{ not json").unwrap();
        let p = Profiles::load(&paths);
        assert!(p.profiles.is_empty());
        assert!(
            paths
                .profiles_file()
                .with_extension("json.damaged")
                .exists()
        );
    }

    #[test]
    fn recent_keeps_newest_first_without_duplicates() {
        let mut r = Recent::default();
        r.touch(Path::new("/a"));
        r.touch(Path::new("/b"));
        r.touch(Path::new("/a"));
        assert_eq!(r.files, vec![PathBuf::from("/a"), PathBuf::from("/b")]);
    }
}
