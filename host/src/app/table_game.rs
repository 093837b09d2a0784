//! The game behind the table: a [`Session`] this app owns (hot-seat and bots on this
//! machine) or one seat of a game an online authority holds ([`OnlineSeat`]). One table,
//! two backends: everything the table draws reads the game through the methods here, and
//! the features only a game held here can offer (bots, covers, hints, redo, rewinding,
//! saving, reveals played back) ask [`TableState::local`] first and stay out online.

use std::sync::Arc;

use tavern_plugin_api::{ActionEntry, Outcome, ToAct};

use super::online_seat::OnlineSeat;
use super::table::TableState;
use super::table_source::{TableSource, VotePrompt};
use crate::plugin::Plugin;
use crate::session::{LogEntry, Session};

/// Who holds the game the table shows.
// One per table, so the sizes of its variants cost nothing worth an indirection.
#[allow(clippy::large_enum_variant)]
pub enum Source {
    Local(Session),
    Online(OnlineSeat),
}

impl TableState {
    /// The session, when this app holds the game.
    pub fn local(&self) -> Option<&Session> {
        match &self.source {
            Source::Local(s) => Some(s),
            Source::Online(_) => None,
        }
    }

    pub fn local_mut(&mut self) -> Option<&mut Session> {
        match &mut self.source {
            Source::Local(s) => Some(s),
            Source::Online(_) => None,
        }
    }

    /// The online seat, when an authority elsewhere holds the game.
    pub fn online(&self) -> Option<&OnlineSeat> {
        match &self.source {
            Source::Online(o) => Some(o),
            Source::Local(_) => None,
        }
    }

    pub fn online_mut(&mut self) -> Option<&mut OnlineSeat> {
        match &mut self.source {
            Source::Online(o) => Some(o),
            Source::Local(_) => None,
        }
    }

    pub fn is_online(&self) -> bool {
        matches!(self.source, Source::Online(_))
    }

    /// The online seat, taken out of a table being closed (to leave politely).
    pub fn into_online(self) -> Option<OnlineSeat> {
        match self.source {
            Source::Online(o) => Some(o),
            Source::Local(_) => None,
        }
    }

    /// The game as installed here.
    pub fn plugin(&self) -> &Arc<Plugin> {
        match &self.source {
            Source::Local(s) => s.plugin(),
            Source::Online(o) => o.plugin(),
        }
    }

    pub fn seat_name(&self, seat: usize) -> String {
        match &self.source {
            Source::Local(s) => s.seat_name(seat).to_string(),
            Source::Online(o) => o.seat_name(seat),
        }
    }

    pub fn is_bot(&self, seat: usize) -> bool {
        match &self.source {
            Source::Local(s) => s.is_bot(seat),
            Source::Online(o) => o.is_bot(seat),
        }
    }

    /// Changes with every change the table can see (the cache key of views and lists).
    pub fn revision(&self) -> u64 {
        match &self.source {
            Source::Local(s) => s.revision(),
            Source::Online(o) => o.revision(),
        }
    }

    /// The log, taken-back entries included (past [`TableState::cursor`]).
    pub fn log_entries(&self) -> &[LogEntry] {
        match &self.source {
            Source::Local(s) => s.log(),
            Source::Online(o) => o.entries(),
        }
    }

    /// Where the present is in the log: entries from here on were taken back.
    pub fn cursor(&self) -> usize {
        match &self.source {
            Source::Local(s) => s.cursor(),
            Source::Online(o) => o.entries().len(),
        }
    }

    pub(super) fn game_to_act(&self) -> Result<ToAct, String> {
        match &self.source {
            Source::Local(s) => s.to_act().map_err(|e| e.to_string()),
            Source::Online(o) => o.to_act(),
        }
    }

    pub fn outcome(&self) -> Result<Option<Outcome>, String> {
        match &self.source {
            Source::Local(s) => s.outcome().map_err(|e| e.to_string()),
            Source::Online(o) => o.outcome(),
        }
    }

    /// The legal list of `seat` in the game itself (without any plan).
    pub(super) fn game_legal(&self, seat: usize) -> Vec<ActionEntry> {
        match &self.source {
            Source::Local(s) => s.legal(seat).unwrap_or_default(),
            Source::Online(o) => o.legal(seat).unwrap_or_default(),
        }
    }

    /// The status line of the view on screen ("Round 2 of 6").
    pub fn status(&self) -> String {
        match &self.source {
            Source::Local(s) => s.view(self.viewer()).map(|v| v.status).unwrap_or_default(),
            Source::Online(o) => o.frame().view.status.clone(),
        }
    }

    /// An undo request waiting for answers (online only).
    pub fn undo_vote(&self) -> Option<VotePrompt> {
        self.online().and_then(|o| o.vote())
    }

    /// This screen's answer to the undo request.
    pub fn answer_vote(&mut self, accept: bool) {
        if let Source::Online(o) = &mut self.source
            && let Some(seat) = o.seat()
        {
            o.answer_vote(seat, accept);
        }
    }

    /// Seats whose player is away (online: the connection dropped; bots never are).
    pub fn away(&self) -> Vec<usize> {
        self.online()
            .map(|o| {
                o.disconnected()
                    .into_iter()
                    .filter(|&s| !o.is_bot(s))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Why the connection to the host ended, once it has.
    pub fn connection_ended(&self) -> Option<&str> {
        self.online().and_then(|o| o.closed.as_deref())
    }

    /// Online: takes in whatever the authority sent; true when the table changed.
    pub fn poll_online(&mut self, now: f64) -> bool {
        let Source::Online(o) = &mut self.source else {
            return false;
        };
        if !o.poll() {
            return false;
        }
        if let Some(n) = o.notice.clone().or_else(|| o.closed.clone()) {
            self.notice = Some(n);
        }
        self.after_online_change(now);
        true
    }
}
