//! The log's preview: a click on an entry shows the table as it was right after that
//! entry (and the chance steps it triggered), read-only, with *Rewind here*; only that
//! second click moves the game. Any change of the game, Esc or *Back to now* closes it.

use std::sync::Arc;

use tavern_plugin_api::View;

use super::table::TableState;

/// The moment on the table instead of the present.
pub struct Preview {
    /// The log entry clicked.
    pub index: usize,
    /// The log position it shows (right after the entry and its chance steps).
    pub position: usize,
    pub view: Arc<View>,
    /// The session revision it was made at: a move since closes it.
    revision: u64,
    viewer: Option<usize>,
}

impl TableState {
    /// Shows the moment after log entry `index` (a second click on the same entry closes
    /// the preview again).
    pub fn preview_entry(&mut self, index: usize) {
        if self.preview.as_ref().is_some_and(|p| p.index == index) {
            self.preview = None;
            return;
        }
        // Online, no earlier state is here to show: the authority holds the game.
        let Some(session) = self.local() else {
            return;
        };
        if self.cover.is_some() || index >= session.log().len() {
            return;
        }
        let position = session.position_after(index);
        let viewer = self.viewer();
        match session.view_at(position, viewer) {
            Ok(v) => {
                self.preview = Some(Preview {
                    index,
                    position,
                    view: Arc::new(v),
                    revision: session.revision(),
                    viewer,
                })
            }
            Err(e) => self.notice = Some(format!("Cannot show that moment: {e}")),
        }
    }

    /// The preview on the table, if one is open and still about the present game.
    pub fn current_preview(&mut self) -> Option<&Preview> {
        let stale = self
            .preview
            .as_ref()
            .is_some_and(|p| p.revision != self.revision() || p.viewer != self.viewer());
        if stale || self.cover.is_some() {
            self.preview = None;
        }
        self.preview.as_ref()
    }

    pub fn close_preview(&mut self) {
        self.preview = None;
    }

    /// *Rewind here*: the game goes back (or forward) to the previewed moment.
    pub fn rewind_to_preview(&mut self, now: f64) {
        if let Some(p) = self.preview.take() {
            self.rewind_to_entry(p.index, now);
        }
    }
}
