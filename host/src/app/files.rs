//! Files the launcher lists (autosaves, saves, recent files) and the native file dialog,
//! which runs on its own thread so the window never freezes.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError};

use tavern_plugin_api::SeatKind;

use crate::plugin::Catalog;
use crate::save::SaveFile;

use super::table::Waker;

/// What the launcher shows about one save without replaying it.
#[derive(Clone, Debug)]
pub struct SaveSummary {
    pub path: PathBuf,
    pub game: String,
    pub seats: String,
    pub updated: u64,
    pub moves: usize,
}

impl SaveSummary {
    pub fn read(path: &Path, catalog: &Catalog) -> Option<SaveSummary> {
        let f = SaveFile::read(path).ok()?;
        let game = catalog
            .get(&f.game)
            .map(|p| p.info.name.clone())
            .unwrap_or_else(|| format!("{} (not installed)", f.game));
        let seats = f
            .setup
            .seats
            .iter()
            .map(|s| match s.kind {
                SeatKind::Human => s.name.clone(),
                SeatKind::Bot { level } => format!("{} (bot {level})", s.name),
            })
            .collect::<Vec<_>>()
            .join(", ");
        Some(SaveSummary {
            path: path.to_path_buf(),
            game,
            seats,
            updated: f.updated,
            moves: f.cursor,
        })
    }
}

/// Every readable save in `dir`, newest first.
pub fn list_saves(dir: &Path, catalog: &Catalog) -> Vec<SaveSummary> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut v: Vec<SaveSummary> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("json"))
        .filter_map(|p| SaveSummary::read(&p, catalog))
        .collect();
    v.sort_by(|a, b| b.updated.cmp(&a.updated).then(a.path.cmp(&b.path)));
    v
}

/// "3 min ago", "yesterday", or a date, for a Unix time.
pub fn when(t: u64, now: u64) -> String {
    if t == 0 {
        return "unknown time".into();
    }
    let d = now.saturating_sub(t);
    match d {
        0..=59 => "just now".into(),
        60..=3599 => format!("{} min ago", d / 60),
        3600..=86_399 => format!("{} h ago", d / 3600),
        86_400..=172_799 => "yesterday".into(),
        _ => {
            let (y, m, day) = civil_from_days((t / 86_400) as i64);
            format!("{y}-{m:02}-{day:02}")
        }
    }
}

/// Days since 1970-01-01 to (year, month, day), after Howard Hinnant's algorithm.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialogPurpose {
    Open,
    SaveAs,
}

/// A native file dialog on a worker thread. Where the desktop offers no portal, rfd
/// answers nothing, exactly like a cancel; the in-app browser and path field still work.
#[derive(Default)]
pub struct FileDialog {
    pending: Option<(DialogPurpose, Receiver<Option<PathBuf>>)>,
}

impl FileDialog {
    pub fn busy(&self) -> bool {
        self.pending.is_some()
    }

    pub fn start(
        &mut self,
        purpose: DialogPurpose,
        dir: PathBuf,
        file_name: String,
        waker: Option<Waker>,
    ) {
        if self.pending.is_some() {
            return;
        }
        let (tx, rx) = std::sync::mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("file-dialog".into())
            .spawn(move || {
                let _ = std::fs::create_dir_all(&dir);
                let d = rfd::FileDialog::new()
                    .add_filter("Tavern save", &["json"])
                    .set_directory(&dir);
                let picked = match purpose {
                    DialogPurpose::Open => d.set_title("Open a saved game").pick_file(),
                    DialogPurpose::SaveAs => d
                        .set_title("Save the game as")
                        .set_file_name(file_name)
                        .save_file(),
                };
                let _ = tx.send(picked);
                if let Some(w) = waker {
                    w();
                }
            });
        if spawned.is_ok() {
            self.pending = Some((purpose, rx));
        }
    }

    /// The path the player picked, once; `Some((purpose, None))` when cancelled.
    pub fn poll(&mut self) -> Option<(DialogPurpose, Option<PathBuf>)> {
        let (purpose, rx) = self.pending.as_ref()?;
        let purpose = *purpose;
        let got = match rx.try_recv() {
            Ok(p) => Some((purpose, p)),
            Err(TryRecvError::Empty) => return None,
            Err(TryRecvError::Disconnected) => Some((purpose, None)),
        };
        self.pending = None;
        got
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_read_like_a_calendar() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(when(1_000, 1_030), "just now");
        assert_eq!(when(1_000, 1_000 + 7_200), "2 h ago");
    }
}
