//! The authority: the one place a game in progress lives during online play.
//!
//! It owns the [`Backend`] (the host's session), knows which player holds which seat
//! (each seat has a secret token, the invitation, and is bound to the key of the
//! player who claimed it), holds every seat's open plan (a client never holds game
//! state), plays the bots' seats, and runs undo by the fair rule or by vote. It has no
//! transport in it: the server feeds it [`ClientMsg`]s and sends what
//! [`crate::outgoing::frame_for`] builds, and the tests drive it directly.
//!
//! Every call into the backend goes through [`guard`], so a game whose code panics
//! leaves the authority running with the game's last good state.

use std::panic::{AssertUnwindSafe, catch_unwind};

use serde_json::Value;
use tavern_plugin_api::{ChoiceKind, ToAct};

use crate::backend::{BResult, Backend, BackendError, BotJob, Decision, HintJob};
use crate::proto::{
    AtDeadline, ClientMsg, DEAD_PEER_SECS, ErrorCode, HintReply, PROTOCOL_VERSION, SeatFrame,
};
use tavern_plugin_api::proto::SearchReport;

/// A refusal sent back to the client as an error frame. `detail` (the game's own
/// words, which may name actions) is for the host's log only and never sent.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    pub code: ErrorCode,
    pub message: String,
    pub detail: Option<String>,
}

impl Refusal {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
            detail: None,
        }
    }
    fn game(e: BackendError, message: &str) -> Refusal {
        let code = match e {
            BackendError::Illegal(_) => ErrorCode::Refused,
            BackendError::Failed(_) => ErrorCode::Game,
        };
        Refusal {
            code,
            message: message.into(),
            detail: Some(e.to_string()),
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// Any refusal of a hint is sent with the hint's code, so the client's waiting hint
/// learns why; the game's own words stay in `detail`.
fn as_hint(mut r: Refusal) -> Refusal {
    r.code = ErrorCode::Hint;
    r
}

/// Calls the backend with a panic caught: a panic becomes `BackendError::Failed`.
pub fn guard<T>(f: impl FnOnce() -> BResult<T>) -> BResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(p) => {
            let msg = p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            Err(BackendError::Failed(format!(
                "the game's code panicked: {msg}"
            )))
        }
    }
}

/// How a seat is played when the game starts.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatConfig {
    pub name: String,
    /// A bot at this level (1–3) on the authority; `None` for a person.
    pub bot: Option<u8>,
}

/// A seat and who holds it.
#[derive(Clone, Debug)]
pub(crate) struct Seat {
    pub(crate) name: String,
    pub(crate) token: String,
    pub(crate) bot: Option<u8>,
    /// The key of the player who claimed the seat with its token.
    pub(crate) owner: Option<String>,
    /// The connection playing it now, by the number `join` gave it.
    pub(crate) conn: Option<u64>,
}

/// What the turn clock plays for a seat: a pass already chosen, or a bot's search.
pub enum ClockJob {
    Skip(Decision),
    Bot(BotJob),
}

impl ClockJob {
    /// Works the decision out (a search runs here: call it off the lock).
    pub fn run(self) -> BResult<Decision> {
        match self {
            ClockJob::Skip(d) => Ok(d),
            ClockJob::Bot(job) => guard(job),
        }
    }
}

/// A seat as a table server writes it down between connections.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredSeat {
    pub name: String,
    pub token: String,
    pub bot: Option<u8>,
    pub owner: Option<String>,
}

/// An undo waiting for answers.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Vote {
    pub(crate) requester: usize,
    pub(crate) to: usize,
    pub(crate) waiting: Vec<usize>,
}

/// Who a connection is, once its handshake passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Joined {
    /// The connection's number (for [`Authority::leave`]).
    pub conn: u64,
    /// The seat it plays, `None` for a spectator.
    pub seat: Option<usize>,
}

/// What a handled message changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Nothing anyone sees.
    None,
    /// The table changed: every viewer gets a new frame.
    Table,
    /// Only this seat's own table changed (a step of its plan, or one taken back or
    /// dropped): only its viewers get a new frame, and the other seats' lists stay
    /// current (see [`Authority::current_for`]). Nothing a table server keeps changed.
    Plan(usize),
}

pub struct Authority<B: Backend> {
    pub(crate) backend: B,
    pub(crate) seats: Vec<Seat>,
    pub(crate) spectator_token: String,
    /// Each seat's open plan: its steps so far (empty when none is open).
    pub(crate) plans: Vec<Vec<Value>>,
    pub(crate) vote: Option<Vote>,
    pub(crate) revision: u64,
    /// The latest revisions that changed only one seat's own table, with that seat,
    /// oldest first; every other change is public. A list another seat was sent before
    /// them is still current.
    private: Vec<(u64, usize)>,
    /// Every log position the game was rewound to, in order (viewers' logs are cut there).
    rewinds: Vec<usize>,
    next_conn: u64,
    /// Whether players may ask the normal bot for a hint (see [`Authority::set_hints`]).
    pub(crate) hints: bool,
    /// Words put before log entries by position: what the turn clock did.
    pub(crate) notes: Vec<(usize, String)>,
    /// How a table server's game was dealt, for every player's handshake.
    deal: Option<crate::deal::DealSummary>,
}

/// What a hint was asked on, to check the answer still fits when it comes.
#[derive(Clone, Debug)]
pub struct HintTicket {
    pub seat: usize,
    steps: Vec<Value>,
    legal: Vec<Value>,
}

/// A fresh secret token: 128 random bits as hex.
pub fn new_token() -> String {
    let bits: u128 = rand::random();
    format!("{bits:032x}")
}

impl<B: Backend> Authority<B> {
    /// The authority over `backend`, one [`SeatConfig`] per seat, with fresh tokens.
    pub fn new(backend: B, seats: Vec<SeatConfig>) -> Authority<B> {
        let n = backend.seat_count();
        let mut seats: Vec<Seat> = seats
            .into_iter()
            .take(n)
            .map(|c| Seat {
                name: c.name,
                token: new_token(),
                bot: c.bot,
                owner: None,
                conn: None,
            })
            .collect();
        for i in seats.len()..n {
            seats.push(Seat {
                name: backend.seat_name(i),
                token: new_token(),
                bot: None,
                owner: None,
                conn: None,
            });
        }
        Authority {
            backend,
            seats,
            spectator_token: new_token(),
            plans: vec![Vec::new(); n],
            vote: None,
            revision: 0,
            private: Vec::new(),
            rewinds: Vec::new(),
            next_conn: 1,
            hints: true,
            notes: Vec::new(),
            deal: None,
        }
    }

    /// A game a table server kept (its seats as [`StoredSeat`]s, the spectators' token),
    /// brought back over `backend`, the game rebuilt from its log. Nobody is connected;
    /// no plan is open.
    pub fn restore(backend: B, seats: Vec<StoredSeat>, spectator_token: String) -> Authority<B> {
        let n = backend.seat_count();
        let mut a = Authority::new(backend, Vec::new());
        for (i, s) in seats.into_iter().take(n).enumerate() {
            a.seats[i] = Seat {
                name: s.name,
                token: s.token,
                bot: s.bot,
                owner: s.owner,
                conn: None,
            };
        }
        a.spectator_token = spectator_token;
        a
    }

    /// Puts `text` before the log entry at position `at` for every viewer (the turn
    /// clock saying why a seat's move was made for it).
    pub fn add_note(&mut self, at: usize, text: impl Into<String>) {
        self.notes.push((at, text.into()));
        self.revision += 1;
    }

    /// Says how the game was dealt (its first frame tells every player).
    pub fn set_deal(&mut self, deal: crate::deal::DealSummary) {
        self.deal = Some(deal);
    }
    pub fn deal(&self) -> Option<&crate::deal::DealSummary> {
        self.deal.as_ref()
    }

    /// The notes before log entries, by position.
    pub fn notes(&self) -> &[(usize, String)] {
        &self.notes
    }

    /// Every seat as a table server keeps it.
    pub fn stored_seats(&self) -> Vec<StoredSeat> {
        self.seats
            .iter()
            .map(|s| StoredSeat {
                name: s.name.clone(),
                token: s.token.clone(),
                bot: s.bot,
                owner: s.owner.clone(),
            })
            .collect()
    }

    /// Puts `backend` in place of the game (a table server that could not write a move
    /// down goes back to what it last wrote). Seats and connections stay; open plans and
    /// a waiting vote are dropped, and every viewer gets the game afresh.
    pub fn replace_backend(&mut self, backend: B) {
        self.backend = backend;
        self.plans.iter_mut().for_each(Vec::clear);
        self.vote = None;
        self.rewinds.push(0);
        self.revision += 1;
    }

    /// The same table (seats, tokens, plans, vote, revision) over another backend: the
    /// leak test builds a twin over a re-dealt state with it.
    pub fn with_backend<C: Backend>(&self, backend: C) -> Authority<C> {
        Authority {
            backend,
            seats: self.seats.clone(),
            spectator_token: self.spectator_token.clone(),
            plans: self.plans.clone(),
            vote: self.vote.clone(),
            revision: self.revision,
            private: self.private.clone(),
            rewinds: self.rewinds.clone(),
            next_conn: self.next_conn,
            hints: self.hints,
            notes: self.notes.clone(),
            deal: self.deal.clone(),
        }
    }

    /// Turns hints on or off for every seat (on by default: an online game is played in
    /// learning mode, where offline games offer them). Frames say which.
    pub fn set_hints(&mut self, on: bool) -> Change {
        if self.hints == on {
            return Change::None;
        }
        self.hints = on;
        self.revision += 1;
        Change::Table
    }
    pub fn hints(&self) -> bool {
        self.hints
    }

    pub fn backend(&self) -> &B {
        &self.backend
    }
    pub fn into_backend(self) -> B {
        self.backend
    }
    /// Changes with every change any viewer can see.
    pub fn revision(&self) -> u64 {
        self.revision
    }
    pub fn seat_count(&self) -> usize {
        self.seats.len()
    }
    /// Every log position the game went back to (undo), oldest first.
    pub fn rewinds(&self) -> &[usize] {
        &self.rewinds
    }
    /// The invitation token of `seat`.
    pub fn seat_token(&self, seat: usize) -> Option<&str> {
        self.seats.get(seat).map(|s| s.token.as_str())
    }
    pub fn spectator_token(&self) -> &str {
        &self.spectator_token
    }
    /// Whether a player's connection plays `seat` now.
    pub fn is_connected(&self, seat: usize) -> bool {
        self.seats.get(seat).is_some_and(|s| s.conn.is_some())
    }
    pub fn bot_level(&self, seat: usize) -> Option<u8> {
        self.seats.get(seat).and_then(|s| s.bot)
    }
    /// Whether the game has ended (a failing backend counts as not over).
    pub fn is_over(&self) -> bool {
        guard(|| self.backend.to_act()).is_ok_and(|t| t.is_over())
    }

    /// The frame `viewer` gets now, its log from entry `log_from` on (the one outgoing
    /// path: see [`crate::outgoing`]).
    pub fn frame_for(&self, viewer: Option<usize>, log_from: usize) -> BResult<SeatFrame> {
        crate::outgoing::frame_for(self, viewer, log_from)
    }

    /// Checks a client's handshake and binds its seat to `key` (the client's endpoint
    /// key). The same key may come back (a rejoin; its new connection replaces the old);
    /// another key is refused while the seat's player is connected and takes the seat
    /// over once they are gone (the invitation is the secret).
    pub fn join(&mut self, hello: &ClientMsg, key: &str) -> Result<Joined, Refusal> {
        let ClientMsg::Hello {
            protocol,
            game,
            version,
            token,
            ..
        } = hello
        else {
            return Err(Refusal::new(
                ErrorCode::BadFrame,
                "the first frame must be the handshake (hello)",
            ));
        };
        if *protocol != PROTOCOL_VERSION {
            return Err(Refusal::new(
                ErrorCode::Version,
                format!(
                    "this host speaks Tavern's online protocol version {PROTOCOL_VERSION}, \
                     the client version {protocol}: update the older one"
                ),
            ));
        }
        let (id, ours) = (self.backend.game_id(), self.backend.game_version());
        if *game != id {
            return Err(Refusal::new(
                ErrorCode::Version,
                format!("this host plays {id}, not {game}"),
            ));
        }
        if *version != ours {
            return Err(Refusal::new(
                ErrorCode::Version,
                format!(
                    "this host plays {} version {ours}, the client has version {version}: \
                     both need the same version of the game",
                    self.backend.game_name()
                ),
            ));
        }
        let conn = self.next_conn;
        if *token == self.spectator_token {
            self.next_conn += 1;
            return Ok(Joined { conn, seat: None });
        }
        let Some(seat) = self.seats.iter().position(|s| s.token == *token) else {
            return Err(Refusal::new(
                ErrorCode::Token,
                "this invitation is not for this game (no seat has its token)",
            ));
        };
        let s = &mut self.seats[seat];
        if s.owner.as_deref().is_some_and(|o| o != key) && s.conn.is_some() {
            return Err(Refusal::new(
                ErrorCode::Token,
                format!(
                    "{} is taken: another player is connected to it (a connection of yours \
                     that dropped without saying goodbye is let go within {} seconds; try \
                     again then)",
                    s.name, DEAD_PEER_SECS
                ),
            ));
        }
        s.owner = Some(key.to_string());
        s.conn = Some(conn);
        self.next_conn += 1;
        self.revision += 1;
        Ok(Joined {
            conn,
            seat: Some(seat),
        })
    }

    /// A connection ended. Its seat shows as disconnected (unless a newer connection
    /// of the same player has taken over already).
    pub fn leave(&mut self, joined: Joined) -> Change {
        let Some(seat) = joined.seat else {
            return Change::None;
        };
        match self.seats.get_mut(seat) {
            Some(s) if s.conn == Some(joined.conn) => {
                s.conn = None;
                self.revision += 1;
                Change::Table
            }
            _ => Change::None,
        }
    }

    /// Hands `seat` to a bot at `level`, or back to its player with `None`. Nothing is
    /// logged; an open plan of the seat is dropped.
    pub fn set_bot(&mut self, seat: usize, level: Option<u8>) -> Change {
        let Some(s) = self.seats.get_mut(seat) else {
            return Change::None;
        };
        s.bot = level;
        self.plans[seat].clear();
        if let Some(v) = &mut self.vote {
            v.waiting.retain(|&w| w != seat || level.is_none());
        }
        self.revision += 1;
        self.finish_vote_if_done();
        Change::Table
    }

    /// Handles one frame from the connection `joined`.
    pub fn handle(&mut self, joined: Joined, msg: &ClientMsg) -> Result<Change, Refusal> {
        let own = |seat: usize| -> Result<usize, Refusal> {
            match joined.seat {
                Some(s) if s == seat => Ok(s),
                Some(s) => Err(Refusal::new(
                    ErrorCode::NotYourSeat,
                    format!("this connection plays seat {s}, not seat {seat}"),
                )),
                None => Err(Refusal::new(
                    ErrorCode::NotYourSeat,
                    "a spectator cannot act for a seat",
                )),
            }
        };
        match msg {
            ClientMsg::Hello { .. } => Err(Refusal::new(
                ErrorCode::BadFrame,
                "the handshake was already made",
            )),
            ClientMsg::Create { .. }
            | ClientMsg::Status { .. }
            | ClientMsg::Commit { .. }
            | ClientMsg::Replay { .. } => Err(Refusal::new(
                ErrorCode::BadFrame,
                "a request to a table server goes on a connection of its own",
            )),
            ClientMsg::Bye => Ok(Change::None),
            ClientMsg::Act {
                seat,
                revision,
                index,
            } => {
                let seat = own(*seat)?;
                self.act(seat, *revision, *index)
            }
            ClientMsg::CancelPlan { seat } => {
                let seat = own(*seat)?;
                if self.plans[seat].is_empty() {
                    return Err(Refusal::new(ErrorCode::Refused, "no plan is open"));
                }
                self.plans[seat].clear();
                Ok(self.private_change(seat))
            }
            ClientMsg::Undo { seat } => {
                let seat = own(*seat)?;
                self.undo(seat)
            }
            ClientMsg::Vote { seat, accept } => {
                let seat = own(*seat)?;
                self.vote(seat, *accept)
            }
            // Answered off the lock by whoever drives the authority (`hint_job`).
            ClientMsg::Hint { .. } => Err(Refusal::new(
                ErrorCode::Hint,
                "hints are worked out by the server, not here",
            )),
        }
    }

    /// The seat's choices now (after its open plan), as actions: what a hint rates.
    fn choices_of(&self, seat: usize) -> Result<Vec<Value>, Refusal> {
        let plan = &self.plans[seat];
        let (to_act, legal) = if plan.is_empty() {
            let to_act = self.to_act()?;
            let legal = if to_act.seats().contains(&seat) {
                guard(|| self.backend.legal(seat))
                    .map_err(|e| Refusal::game(e, "the game could not list your choices"))?
            } else {
                Vec::new()
            };
            (to_act, legal)
        } else {
            let p = guard(|| self.backend.preview(seat, plan))
                .map_err(|e| Refusal::game(e, "your plan no longer applies"))?;
            (p.to_act, p.legal)
        };
        if !to_act.seats().contains(&seat) || legal.is_empty() {
            return Err(Refusal::new(ErrorCode::Hint, "hints are for your own turn"));
        }
        Ok(legal.into_iter().map(|e| e.action).collect())
    }

    /// A hint for the connection `joined`'s seat at the frame of `revision`, to work out
    /// off the lock: what it was asked on, and the search.
    pub fn hint_job(
        &self,
        joined: Joined,
        seat: usize,
        revision: u64,
    ) -> Result<(HintTicket, HintJob), Refusal> {
        if joined.seat != Some(seat) {
            return Err(Refusal::new(
                ErrorCode::NotYourSeat,
                "a hint is for the seat this connection plays",
            ));
        }
        if !self.hints {
            return Err(Refusal::new(
                ErrorCode::Hint,
                "the host has turned hints off for this game",
            ));
        }
        if self.seats[seat].bot.is_some() {
            return Err(Refusal::new(ErrorCode::Hint, "a bot plays this seat now"));
        }
        if !self.current_for(seat, revision) {
            return Err(Refusal::new(
                ErrorCode::Hint,
                "the game has moved on since that table: ask again",
            ));
        }
        let legal = self.choices_of(seat).map_err(as_hint)?;
        let steps = self.plans[seat].clone();
        let job = guard(|| self.backend.hint_job(seat, &steps))
            .map_err(|e| as_hint(Refusal::game(e, "the game could not start a hint")))?;
        Ok((HintTicket { seat, steps, legal }, job))
    }

    /// The answer to a hint asked with `ticket`, once its search is done, if it still
    /// answers the seat's position: the same plan and the same choices (another seat's
    /// move that changed neither keeps it, as offline).
    pub fn finish_hint(
        &self,
        ticket: &HintTicket,
        report: BResult<SearchReport>,
    ) -> Result<HintReply, Refusal> {
        let seat = ticket.seat;
        let moved = || {
            Refusal::new(
                ErrorCode::Hint,
                "the game moved on before the hint was ready",
            )
        };
        if !self.hints || self.seats[seat].bot.is_some() || self.plans[seat] != ticket.steps {
            return Err(moved());
        }
        if self.choices_of(seat).map_err(|_| moved())? != ticket.legal {
            return Err(moved());
        }
        let report = report.map_err(|e| as_hint(Refusal::game(e, "the hint's search failed")))?;
        Ok(crate::outgoing::hint_for(
            self,
            seat,
            &ticket.legal,
            &report,
        ))
    }

    /// A change only `seat` sees (its plan): the revision moves on, marked private.
    fn private_change(&mut self, seat: usize) -> Change {
        self.revision += 1;
        self.private.push((self.revision, seat));
        // Only the latest few matter: a list older than them is stale anyway.
        if self.private.len() > 256 {
            self.private.drain(..128);
        }
        Change::Plan(seat)
    }

    /// Whether a list `seat` was sent at `revision` is still current: nothing changed
    /// since but other seats' private steps (a seat planning in a simultaneous round
    /// does not make the others choose again). Any change not marked private counts.
    pub fn current_for(&self, seat: usize, revision: u64) -> bool {
        let Some(since) = self.revision.checked_sub(revision) else {
            return false;
        };
        let since = since as usize;
        if since > self.private.len() {
            return false;
        }
        let tail = &self.private[self.private.len() - since..];
        tail.iter()
            .zip(revision + 1..)
            .all(|(&(r, s), want)| r == want && s != seat)
    }

    fn to_act(&self) -> Result<ToAct, Refusal> {
        guard(|| self.backend.to_act()).map_err(|e| Refusal::game(e, "the game failed"))
    }

    fn act(&mut self, seat: usize, revision: u64, index: usize) -> Result<Change, Refusal> {
        if self.seats[seat].bot.is_some() {
            return Err(Refusal::new(
                ErrorCode::Refused,
                "a bot plays this seat now (the host can hand it back)",
            ));
        }
        if !self.current_for(seat, revision) {
            return Err(Refusal::new(
                ErrorCode::Stale,
                format!(
                    "the game has moved on since that list (it was revision {revision}, \
                     now {}): choose again from the new one",
                    self.revision
                ),
            ));
        }
        let plan = self.plans[seat].clone();
        let (to_act, legal) = if plan.is_empty() {
            let to_act = self.to_act()?;
            let legal = if to_act.seats().contains(&seat) {
                guard(|| self.backend.legal(seat))
                    .map_err(|e| Refusal::game(e, "the game could not list your choices"))?
            } else {
                Vec::new()
            };
            (to_act, legal)
        } else {
            let p = guard(|| self.backend.preview(seat, &plan))
                .map_err(|e| Refusal::game(e, "your plan no longer applies"))?;
            (p.to_act, p.legal)
        };
        if !to_act.seats().contains(&seat) {
            return Err(Refusal::new(ErrorCode::Stale, "it is not your turn"));
        }
        let Some(entry) = legal.into_iter().nth(index) else {
            return Err(Refusal::new(
                ErrorCode::Stale,
                format!("your list has no entry {index}"),
            ));
        };
        if entry.kind == ChoiceKind::Step {
            let mut steps = plan;
            steps.push(entry.action);
            guard(|| self.backend.preview(seat, &steps))
                .map_err(|e| Refusal::game(e, "that step does not apply"))?;
            self.plans[seat] = steps;
            return Ok(self.private_change(seat));
        }
        guard(|| self.backend.apply_plan(seat, &plan, entry.action))
            .map_err(|e| Refusal::game(e, "the game refused that action"))?;
        self.after_move(seat);
        Ok(Change::Table)
    }

    /// After a move: the mover's plan is spent, any undo vote is moot, and another
    /// seat's open plan that no longer applies is dropped.
    fn after_move(&mut self, mover: usize) {
        self.plans[mover].clear();
        self.vote = None;
        self.revision += 1;
        for seat in 0..self.plans.len() {
            if self.plans[seat].is_empty() {
                continue;
            }
            let steps = self.plans[seat].clone();
            let still = guard(|| self.backend.preview(seat, &steps))
                .is_ok_and(|p| p.to_act.seats().contains(&seat));
            if !still {
                self.plans[seat].clear();
            }
        }
    }

    fn undo(&mut self, seat: usize) -> Result<Change, Refusal> {
        // Within a plan, undo takes back its last step, as offline: nothing was logged,
        // so nobody else is asked.
        if self.plans[seat].pop().is_some() {
            return Ok(self.private_change(seat));
        }
        if self.vote.is_some() {
            return Err(Refusal::new(
                ErrorCode::Refused,
                "an undo request is already waiting for answers",
            ));
        }
        let log = guard(|| Ok(self.backend.log_items(0)))
            .map_err(|e| Refusal::game(e, "the game failed"))?;
        let Some(from) = log.iter().rposition(|e| e.seat == Some(seat)) else {
            return Err(Refusal::new(
                ErrorCode::Refused,
                "you have no move to take back",
            ));
        };
        // The fair rule: only your own moves and chance since, and nothing revealed.
        let fair = log[from..]
            .iter()
            .all(|e| !e.reveal && e.seat.is_none_or(|s| s == seat));
        let voters: Vec<usize> = (0..self.seats.len())
            .filter(|&s| s != seat && self.seats[s].bot.is_none())
            .collect();
        if fair || voters.is_empty() {
            self.rewind(from)?;
            return Ok(Change::Table);
        }
        self.vote = Some(Vote {
            requester: seat,
            to: from,
            waiting: voters,
        });
        self.revision += 1;
        Ok(Change::Table)
    }

    fn vote(&mut self, seat: usize, accept: bool) -> Result<Change, Refusal> {
        let Some(v) = &mut self.vote else {
            return Err(Refusal::new(
                ErrorCode::Refused,
                "no undo request is waiting for an answer",
            ));
        };
        if !accept && (v.requester == seat || v.waiting.contains(&seat)) {
            // A no from anyone asked, or the requester withdrawing, ends it.
            self.vote = None;
            self.revision += 1;
            return Ok(Change::Table);
        }
        if !v.waiting.contains(&seat) {
            return Err(Refusal::new(
                ErrorCode::Refused,
                "the undo request is not waiting for your answer",
            ));
        }
        v.waiting.retain(|&w| w != seat);
        self.revision += 1;
        self.finish_vote_if_done();
        Ok(Change::Table)
    }

    fn finish_vote_if_done(&mut self) {
        if let Some(v) = &self.vote
            && v.waiting.is_empty()
        {
            let to = v.to;
            self.vote = None;
            // A failed rewind leaves the game where it was; the vote is over either way.
            let _ = self.rewind(to);
        }
    }

    fn rewind(&mut self, to: usize) -> Result<(), Refusal> {
        guard(|| self.backend.rewind(to))
            .map_err(|e| Refusal::game(e, "the game could not go back"))?;
        self.rewinds.push(to);
        self.notes.retain(|(at, _)| *at < to);
        for p in &mut self.plans {
            p.clear();
        }
        self.vote = None;
        self.revision += 1;
        Ok(())
    }

    /// Whether a bot's seat is to act (cheaper than [`Authority::bot_job`]).
    pub fn bot_due(&self) -> bool {
        guard(|| self.backend.to_act()).is_ok_and(|t| {
            t.seats()
                .iter()
                .any(|&s| self.seats.get(s).is_some_and(|x| x.bot.is_some()))
        })
    }

    /// The next bot decision due, to work out off the lock: (seat, the revision it was
    /// asked at, the job). `None` when no bot's seat is to act.
    pub fn bot_job(&self) -> Option<(usize, u64, BotJob)> {
        let to_act = guard(|| self.backend.to_act()).ok()?;
        let seat = to_act
            .seats()
            .iter()
            .copied()
            .find(|&s| self.seats.get(s).is_some_and(|x| x.bot.is_some()))?;
        let level = self.seats[seat].bot?;
        let job = guard(|| self.backend.bot_job(seat, level)).ok()?;
        Some((seat, self.revision, job))
    }

    /// Applies a bot's decision asked at `revision`; a decision for a game that has
    /// moved since (or a seat handed back) is dropped. `Ok(true)` when it was applied.
    pub fn finish_bot(
        &mut self,
        seat: usize,
        revision: u64,
        decision: BResult<Decision>,
    ) -> Result<bool, Refusal> {
        if !self.current_for(seat, revision) || self.seats.get(seat).is_none_or(|s| s.bot.is_none())
        {
            return Ok(false);
        }
        let d = decision.map_err(|e| Refusal::game(e, "the bot failed"))?;
        guard(|| self.backend.apply_plan(seat, &d.steps, d.action))
            .map_err(|e| Refusal::game(e, "the bot's move was refused"))?;
        self.after_move(seat);
        Ok(true)
    }

    /// What the turn clock plays for `seat`, whose time ran out: under
    /// [`AtDeadline::Skip`] its pass or the game's default move when its list has one
    /// (nothing to think about), else the level-1 bot's decision, to work out off the
    /// lock. `None` when the seat is not to act (the game moved on).
    pub fn clock_job(&self, seat: usize, how: AtDeadline) -> Option<(u64, ClockJob)> {
        let to_act = guard(|| self.backend.to_act()).ok()?;
        if !to_act.seats().contains(&seat) || self.plans.get(seat).is_none() {
            return None;
        }
        if how == AtDeadline::Skip {
            let legal = guard(|| self.backend.legal(seat)).ok()?;
            let pass = legal
                .iter()
                .find(|e| matches!(e.kind, ChoiceKind::Pass { .. }))
                .or_else(|| legal.iter().find(|e| e.default));
            if let Some(e) = pass {
                let d = Decision {
                    steps: Vec::new(),
                    action: e.action.clone(),
                };
                return Some((self.revision, ClockJob::Skip(d)));
            }
        }
        let job = guard(|| self.backend.bot_job(seat, 1)).ok()?;
        Some((self.revision, ClockJob::Bot(job)))
    }

    /// Applies the clock's move for `seat` asked at `revision` and writes `note` before
    /// it in the log. `Ok(false)` when the game moved on meanwhile (nothing applied).
    pub fn finish_clock(
        &mut self,
        seat: usize,
        revision: u64,
        decision: BResult<Decision>,
        note: &str,
    ) -> Result<bool, Refusal> {
        if revision != self.revision {
            return Ok(false);
        }
        let d = decision.map_err(|e| Refusal::game(e, "the bot failed"))?;
        let at = self.backend.log_len();
        guard(|| self.backend.apply_plan(seat, &d.steps, d.action))
            .map_err(|e| Refusal::game(e, "the clock's move was refused"))?;
        self.after_move(seat);
        self.notes.push((at, note.to_string()));
        Ok(true)
    }

    /// Plays every bot decision due, here and now (tests, and hosts without threads).
    /// Returns how many were applied.
    pub fn run_bots(&mut self, max: usize) -> Result<usize, Refusal> {
        let mut n = 0;
        while n < max {
            let Some((seat, rev, job)) = self.bot_job() else {
                break;
            };
            let d = guard(job);
            if !self.finish_bot(seat, rev, d)? {
                break;
            }
            n += 1;
        }
        Ok(n)
    }
}
