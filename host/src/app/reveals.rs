//! Reveals you can watch. When one decision brings several log entries at once (a move
//! and the chance steps it triggered, a bot's move and its draws, passes the table
//! answered), the table plays them back one by one: each entry's view, with the slides
//! from the one before and its log line appearing, at the pace chosen in Settings. Space,
//! a click on the table or *Skip* goes to the end. Nothing waits on it but the bots, which
//! move after the playback as after any move.
//!
//! The views come from a copy of the game taken before the decision, with the new
//! entries applied to it one at a time (`session_beats::views_after`), so a game needs
//! nothing but to log what happens as separate entries.

use std::sync::Arc;

use tavern_plugin_api::View;

use super::motion::Motion;
use super::table::TableState;
use crate::plugin::Instance;
use crate::session_beats::views_after;

/// A playback under way.
pub struct Beats {
    /// The log position before its first entry.
    pub from: usize,
    /// The view after each beat, for `viewer`.
    views: Vec<Arc<View>>,
    /// The log position after each beat (a routine entry, which changes nothing on the
    /// table, joins the beat before it instead of taking a beat of its own).
    ends: Vec<usize>,
    pub viewer: Option<usize>,
    /// The entry on the table now (index into `views`).
    pub at: usize,
    /// When the entry `at` came on the table.
    since: f64,
    seconds: f64,
    /// The session revision the playback ends at.
    revision: u64,
    motion: Option<Motion>,
}

impl Beats {
    /// Entries played back so far and in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.at + 1, self.views.len())
    }
}

impl TableState {
    /// Starts playing back the entries logged since `from`, if there are two or more and
    /// the table may show them (a pace is set, the seat at the screen has no cover and no
    /// plan). `before` is a copy of the game at `from`.
    pub(super) fn start_beats(&mut self, before: Option<Instance>, from: usize, now: f64) {
        self.beats = None;
        let (Some(seconds), Some(before)) = (self.reveal_seconds, before) else {
            return;
        };
        let Some(session) = self.local() else {
            return;
        };
        let to = session.cursor();
        if to < from + 2 || self.cover.is_some() || self.viewer_plan().is_some() {
            return;
        }
        let viewer = self.viewer();
        let entries = &session.log()[from..to];
        let Ok(views) = views_after(&before, entries, viewer) else {
            // A copy that fails is no reason to stop the game: show the end at once.
            return;
        };
        let mut beats: Vec<(usize, Arc<View>)> = Vec::new();
        for (i, (e, v)) in entries.iter().zip(views).enumerate() {
            let end = from + i + 1;
            match beats.last_mut() {
                Some(last) if e.routine => *last = (end, Arc::new(v)),
                _ => beats.push((end, Arc::new(v))),
            }
        }
        if beats.len() < 2 {
            return;
        }
        let (ends, views): (Vec<usize>, Vec<Arc<View>>) = beats.into_iter().unzip();
        let motion = self
            .shown_scene()
            .and_then(|old| Motion::between(old, &views[0].scene, now));
        self.beats = Some(Beats {
            from,
            views,
            ends,
            viewer,
            at: 0,
            since: now,
            seconds,
            revision: session.revision(),
            motion,
        });
    }

    /// Moves the playback on to the entry due at `now`; returns the seconds until the
    /// next one while it runs. Ends it (and shows the live table) after the last entry,
    /// or when the game moved meanwhile (an undo) or the viewer changed.
    pub fn beats_tick(&mut self, now: f64) -> Option<f64> {
        let stale = self
            .beats
            .as_ref()
            .is_some_and(|b| b.revision != self.revision() || b.viewer != self.viewer());
        if stale {
            self.beats = None;
            return None;
        }
        let b = self.beats.as_mut()?;
        while b.at + 1 < b.views.len() && now >= b.since + b.seconds {
            let next = b.at + 1;
            b.motion = Motion::between(&b.views[b.at].scene, &b.views[next].scene, now);
            b.since += b.seconds;
            b.at = next;
        }
        if b.at + 1 == b.views.len() {
            self.finish_beats(now);
            return None;
        }
        Some(b.since + b.seconds - now)
    }

    /// Space, a click or *Skip*: straight to the end of the playback.
    pub fn skip_beats(&mut self, now: f64) {
        if let Some(b) = self.beats.as_mut() {
            b.motion = None;
            b.at = b.views.len() - 1;
            self.finish_beats(now);
        }
    }

    /// Leaves the last view on the table as the shown one (so it does not slide again)
    /// and lets the bots' pace count from the end of the playback.
    fn finish_beats(&mut self, now: f64) {
        let Some(b) = self.beats.take() else {
            return;
        };
        let last = b.views[b.views.len() - 1].clone();
        self.keep_shown(last, b.viewer, b.motion);
        self.last_change = self.last_change.max(now);
    }

    /// The view the playback shows now and its slides.
    pub(super) fn beat_view(&self) -> Option<(Arc<View>, Option<&Motion>)> {
        let b = self.beats.as_ref()?;
        Some((b.views[b.at].clone(), b.motion.as_ref()))
    }

    /// How many log entries the log panel shows: all up to the cursor, or during a
    /// playback those played so far.
    pub fn log_shown_end(&self) -> usize {
        match &self.beats {
            Some(b) => b.ends[b.at],
            None => self.log_entries().len(),
        }
    }
}
