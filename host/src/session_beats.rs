//! Views of moments other than the cursor, for the table's log preview and its
//! step-by-step reveals. Built from the session's public pieces on copies; the session
//! itself never moves.

use tavern_plugin_api::View;

use crate::plugin::{Instance, PluginError};
use crate::session::{LogEntry, Result, Session, apply_logged};

impl Session {
    /// The view `viewer` had at log `position` (the state after `position` entries,
    /// taken back or not), rebuilt on a copy of the start. The cursor's own position is
    /// the live view.
    pub fn view_at(&self, position: usize, viewer: Option<usize>) -> Result<View> {
        if position == self.cursor() {
            return self.view(viewer);
        }
        let (start, log) = self.start_and_log()?;
        let end = position.min(log.len());
        for e in &log[..end] {
            apply_logged(&start, e)?;
        }
        Ok(start.view(viewer)?)
    }
}

/// The views `viewer` sees after each of `entries`, applied in order to `before` (a copy
/// of the state before the first of them): the beats of a reveal.
pub fn views_after(
    before: &Instance,
    entries: &[LogEntry],
    viewer: Option<usize>,
) -> std::result::Result<Vec<View>, PluginError> {
    let mut out = Vec::with_capacity(entries.len());
    for e in entries {
        apply_logged(before, e)?;
        out.push(before.view(viewer)?);
    }
    Ok(out)
}
