//! Where Tavern keeps its files: one data folder from `directories`, overridable with
//! `TAVERN_HOME` (tests and portable installs use it).

use std::path::{Path, PathBuf};

#[derive(Clone, Debug)]
pub struct Paths {
    root: PathBuf,
}

impl Paths {
    /// `TAVERN_HOME` if set, else the platform data folder
    /// (`~/.local/share/tavern` on Linux, `%APPDATA%\Tavern\Tavern\data` on Windows,
    /// `~/Library/Application Support/org.Tavern.Tavern` on macOS).
    pub fn standard() -> Option<Paths> {
        if let Some(home) = std::env::var_os("TAVERN_HOME") {
            return Some(Paths::at(PathBuf::from(home)));
        }
        directories::ProjectDirs::from("org", "Tavern", "Tavern")
            .map(|d| Paths::at(d.data_dir().to_path_buf()))
    }

    pub fn at(root: impl Into<PathBuf>) -> Paths {
        Paths { root: root.into() }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }
    /// Saves the player made with Save / Save As when no other folder was chosen.
    pub fn saves_dir(&self) -> PathBuf {
        self.root.join("saves")
    }
    /// One autosave per game in progress; the launcher's "Continue" list.
    pub fn autosave_dir(&self) -> PathBuf {
        self.root.join("autosave")
    }
    /// Finished games, openable as replays from a profile's history.
    pub fn history_dir(&self) -> PathBuf {
        self.root.join("history")
    }
    pub fn profiles_file(&self) -> PathBuf {
        self.root.join("profiles.json")
    }
    pub fn recent_file(&self) -> PathBuf {
        self.root.join("recent.json")
    }
    pub fn plugins_dir(&self) -> PathBuf {
        self.root.join("plugins")
    }
}

/// Writes `bytes` to `path` atomically: a temporary file in the same folder, flushed,
/// then renamed over the target, so a crash leaves either the old or the new file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    stage(path, bytes)?.commit()
}

/// `bytes` written and flushed beside `path`, not yet in its place: [`Staged::commit`]
/// renames it over `path`; dropped uncommitted (or after a failed write) it is removed,
/// so a full disk leaves no half-written file behind. A caller with a second write to
/// make (the table server's index) stages the file, makes that write, then commits.
pub fn stage(path: &Path, bytes: &[u8]) -> std::io::Result<Staged> {
    use std::io::Write;
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    let staged = Staged {
        tmp: dir.join(format!(".{name}.{}.tmp", std::process::id())),
        path: path.to_path_buf(),
        done: false,
    };
    let mut f = std::fs::File::create(&staged.tmp)?;
    f.write_all(bytes)?;
    f.sync_all()?;
    Ok(staged)
}

/// A file written beside its place, waiting for [`Staged::commit`].
pub struct Staged {
    tmp: PathBuf,
    path: PathBuf,
    done: bool,
}

impl Staged {
    /// Puts the file in its place.
    pub fn commit(mut self) -> std::io::Result<()> {
        std::fs::rename(&self.tmp, &self.path)?;
        self.done = true;
        Ok(())
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.done {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_staged_file_left_uncommitted_leaves_nothing_and_the_old_file_stands() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.json");
        write_atomic(&path, b"old").unwrap();
        let staged = stage(&path, b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        drop(staged);
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "the temporary file is removed");
        stage(&path, b"new").unwrap().commit().unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn atomic_write_replaces_whole_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a/b/save.json");
        write_atomic(&p, b"first").unwrap();
        write_atomic(&p, b"second").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"second");
        let leftovers: Vec<_> = std::fs::read_dir(p.parent().unwrap()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary file left behind");
    }
}
