//! One seat of a game an online authority holds, as the table reads it: the latest
//! frame the authority sent this connection ([`tavern_net::Remote`]) and nothing else.
//!
//! The seat holds no game state: no actions (a choice is its index in the list the
//! frame showed), no other seat's view, no plan steps (the authority keeps the open plan
//! and sends its preview). A hint is therefore asked of the authority, which searches
//! from this seat's information and answers with indices into the seat's list.

use std::sync::Arc;
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

use serde_json::Value;
use tavern_net::proto::{HintReply, SeatFrame};
use tavern_net::{ErrorCode, Event, NetConfig, Remote, Ticket};
use tavern_plugin_api::proto::{RatedAction, SearchReport};
use tavern_plugin_api::scene::ArtBook;
use tavern_plugin_api::{ActionEntry, Outcome, ToAct, View};

use crate::plugin::Plugin;
use crate::session::LogEntry;

use super::advice::HintAnswer;
use super::table_source::{SourceLine, TableSource, UndoAnswer, VotePrompt};

pub struct OnlineSeat {
    remote: Remote,
    /// The last refusal or the connection's end, in words, until the next frame.
    pub notice: Option<String>,
    /// The connection ended; the table offers to rejoin with the ticket.
    pub closed: Option<String>,
    pub ticket: Ticket,
    /// The game as installed here: its rules text and drawings (views name drawings by
    /// id and never carry them; a plugin's art stays out of every view's JSON), as
    /// offline. Never asked to play: the game state is on the authority.
    plugin: Arc<Plugin>,
    art: Option<Arc<ArtBook>>,
    /// The log as the table's log panel reads it, rebuilt from each frame (texts only:
    /// no actions ever arrive).
    entries: Vec<LogEntry>,
    /// The steps this seat sent into its open plan, for the plan box (the authority
    /// keeps the steps themselves; a frame says how many are open).
    steps: Vec<ActionEntry>,
    /// The hint asked of the authority and not answered yet: where its answer goes,
    /// and when it was asked (the answer's time is the whole round trip).
    hint: Option<(Sender<Result<HintAnswer, String>>, Instant)>,
}

/// How long joining waits for the first frame after the handshake.
const FIRST_FRAME: Duration = Duration::from_secs(20);

impl OnlineSeat {
    /// Joins the seat `ticket` opens, as `name`, with `game` as installed here (the
    /// host refuses another version, naming both), and waits for the table.
    pub fn join(
        ticket: &Ticket,
        cfg: &NetConfig,
        game: &Arc<Plugin>,
        name: &str,
    ) -> Result<OnlineSeat, String> {
        if game.info.id != ticket.game {
            return Err(format!(
                "this invitation is for {}, not {}",
                ticket.game, game.info.id
            ));
        }
        let remote = Remote::connect(ticket, cfg, &game.info.version, name).map_err(|e| e.0)?;
        let mut seat = OnlineSeat {
            remote,
            notice: None,
            closed: None,
            ticket: ticket.clone(),
            plugin: game.clone(),
            art: game.art.clone(),
            entries: Vec::new(),
            steps: Vec::new(),
            hint: None,
        };
        let start = std::time::Instant::now();
        while seat.remote.latest().is_none() {
            if start.elapsed() > FIRST_FRAME {
                return Err("the host sent no table in time".into());
            }
            if let Some(ev) = seat.remote.next(Duration::from_millis(200)) {
                seat.take(ev);
                if let Some(why) = &seat.closed {
                    return Err(why.clone());
                }
            }
        }
        Ok(seat)
    }

    /// Lets the network thread wake the window when something arrives.
    pub fn set_waker(&self, f: impl Fn() + Send + 'static) {
        self.remote.set_waker(f);
    }

    pub fn seat(&self) -> Option<usize> {
        self.remote.seat()
    }

    pub fn frame(&self) -> &SeatFrame {
        self.remote
            .latest()
            .expect("join waits for the first frame")
    }

    /// The revision of the latest frame (the table's cache key online).
    pub fn revision(&self) -> u64 {
        self.frame().revision
    }

    fn take(&mut self, ev: Event) -> bool {
        match ev {
            Event::Frame => {
                self.notice = None;
                self.absorb();
                true
            }
            Event::Hint(h) => {
                self.answer_hint(&h);
                false
            }
            Event::Error {
                code: ErrorCode::Hint,
                message,
            } => {
                if let Some((tx, _)) = self.hint.take() {
                    let _ = tx.send(Err(message));
                }
                false
            }
            Event::Error { code, message } => {
                self.notice = Some(match code {
                    ErrorCode::Stale => {
                        "The table changed before your choice arrived; choose again".into()
                    }
                    _ => message,
                });
                true
            }
            Event::Closed(why) => {
                self.closed = Some(format!("The connection to the host ended ({why})"));
                true
            }
        }
    }

    /// Asks the authority for a hint on the latest frame; its answer goes to `answer`.
    pub fn ask_hint(&mut self, answer: Sender<Result<HintAnswer, String>>) {
        self.hint = Some((answer, Instant::now()));
        self.remote.hint();
    }

    /// Whether the host offers hints in this game.
    pub fn hints_offered(&self) -> bool {
        self.frame().hints
    }

    /// Turns the authority's reply into the answer a hint on this machine gives: its
    /// indices name entries of the latest frame's list (the table drops a hint whose
    /// list has changed since it was asked).
    fn answer_hint(&mut self, h: &HintReply) {
        let Some((tx, asked)) = self.hint.take() else {
            return;
        };
        let legal = self
            .legal(self.seat().unwrap_or(usize::MAX))
            .unwrap_or_default();
        let entry = |i: usize| legal.get(i).cloned();
        let answer = match entry(h.best) {
            None => Err("the host's hint names a choice not in your list".to_string()),
            Some(best) => {
                let candidates = h
                    .rated
                    .iter()
                    .filter_map(|c| {
                        let e = entry(c.index)?;
                        Some(RatedAction {
                            action: e.action,
                            label: e.label,
                            visits: c.visits,
                            win: c.win,
                            value: c.value,
                            margin: c.margin,
                        })
                    })
                    .collect();
                let report = SearchReport {
                    candidates,
                    iterations: h.iterations,
                    seconds: asked.elapsed().as_secs_f64(),
                    stopped: false,
                };
                Ok((best, Some(report)))
            }
        };
        let _ = tx.send(answer);
    }

    /// Brings the log panel's entries and the plan box up to the latest frame.
    fn absorb(&mut self) {
        let Some(f) = self.remote.latest() else {
            return;
        };
        self.entries = f
            .log
            .iter()
            .map(|l| LogEntry {
                seat: l.seat,
                label: l.text.clone(),
                reveal: l.reveal,
                routine: l.routine,
                section: l.section.clone(),
                ..LogEntry::default()
            })
            .collect();
        let open = f.plan_steps;
        self.steps.truncate(open);
    }

    /// The game as installed here.
    pub fn plugin(&self) -> &Arc<Plugin> {
        &self.plugin
    }

    /// The log so far, as this seat reads it.
    pub fn entries(&self) -> &[LogEntry] {
        &self.entries
    }

    /// The steps of this seat's open plan, as they were listed when chosen.
    pub fn plan_steps(&self) -> &[ActionEntry] {
        &self.steps
    }

    /// Whether `seat` is played by a bot on the authority.
    pub fn is_bot(&self, seat: usize) -> bool {
        self.frame().seats.get(seat).is_some_and(|s| s.bot)
    }

    /// Waits up to `timeout` for the next thing to arrive (tests, the command line).
    pub fn wait(&mut self, timeout: Duration) -> bool {
        match self.remote.next(timeout) {
            Some(ev) => self.take(ev),
            None => false,
        }
    }

    /// Leaves politely.
    pub fn leave(self) {
        self.remote.close();
    }

    /// Drops the connection as a crash would (tests of disconnects).
    pub fn drop_connection(self) {
        self.remote.drop_connection();
    }

    fn own(&self, seat: usize) -> Result<(), String> {
        if self.seat() == Some(seat) {
            Ok(())
        } else {
            Err("this screen plays another seat".into())
        }
    }
}

impl TableSource for OnlineSeat {
    fn seat_count(&self) -> usize {
        self.frame().seats.len()
    }
    fn seat_name(&self, seat: usize) -> String {
        self.frame()
            .seats
            .get(seat)
            .map_or_else(|| format!("Seat {}", seat + 1), |s| s.name.clone())
    }
    fn local_seats(&self) -> Vec<usize> {
        self.seat().into_iter().collect()
    }
    fn shares_screen(&self) -> bool {
        false
    }
    fn to_act(&self) -> Result<ToAct, String> {
        let f = self.frame();
        Ok(if f.over {
            ToAct::Over
        } else {
            ToAct::Seats(f.to_act.clone())
        })
    }
    fn view(&self, viewer: Option<usize>) -> Result<View, String> {
        if viewer != self.seat() {
            return Err("this screen sees only its own seat".into());
        }
        let mut view = self.frame().view.clone();
        view.scene.art = self.art.clone();
        Ok(view)
    }
    fn legal(&self, seat: usize) -> Result<Vec<ActionEntry>, String> {
        self.own(seat)?;
        Ok(self
            .frame()
            .legal
            .iter()
            .enumerate()
            .map(|(i, c)| ActionEntry {
                action: Value::from(i),
                label: c.label.clone(),
                target: c.target.clone(),
                kind: c.kind.clone(),
                ..Default::default()
            })
            .collect())
    }
    fn log_lines(&self, _viewer: Option<usize>) -> Vec<SourceLine> {
        // The authority wrote the log for this seat already (`text_for` its seat).
        self.frame()
            .log
            .iter()
            .map(|l| SourceLine {
                seat: l.seat,
                text: l.text.clone(),
                reveal: l.reveal,
                routine: l.routine,
                section: l.section.clone(),
            })
            .collect()
    }
    fn outcome(&self) -> Result<Option<Outcome>, String> {
        Ok(self.frame().outcome.clone())
    }
    fn act(&mut self, seat: usize, action: Value) -> Result<(), String> {
        self.own(seat)?;
        let index = action
            .as_u64()
            .map(|i| i as usize)
            .filter(|&i| i < self.frame().legal.len())
            .ok_or_else(|| "that choice is not in the list now".to_string())?;
        let choice = &self.frame().legal[index];
        if choice.kind == tavern_plugin_api::ChoiceKind::Step {
            let entry = ActionEntry {
                action: Value::from(index),
                label: choice.label.clone(),
                target: choice.target.clone(),
                kind: choice.kind.clone(),
                ..Default::default()
            };
            self.steps.push(entry);
        } else {
            self.steps.clear();
        }
        self.remote.act(index);
        Ok(())
    }
    fn plan_len(&self, seat: usize) -> usize {
        if self.seat() == Some(seat) {
            self.frame().plan_steps
        } else {
            0
        }
    }
    fn cancel_plan(&mut self, seat: usize) {
        if self.plan_len(seat) > 0 {
            self.remote.cancel_plan();
        }
    }
    fn undo(&mut self, seat: usize) -> UndoAnswer {
        if let Err(m) = self.own(seat) {
            return UndoAnswer::Refused(m);
        }
        // The authority judges: at once when fair, else a vote of every human seat;
        // a refusal comes back as an error frame (`notice`).
        self.remote.undo();
        UndoAnswer::Done
    }
    fn vote(&self) -> Option<VotePrompt> {
        self.frame().undo_vote.as_ref().map(|v| VotePrompt {
            requester: v.requester,
            waiting: v.waiting.clone(),
        })
    }
    fn answer_vote(&mut self, seat: usize, accept: bool) {
        if self.own(seat).is_ok() {
            self.remote.vote(accept);
        }
    }
    fn disconnected(&self) -> Vec<usize> {
        self.frame()
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| !s.connected)
            .map(|(i, _)| i)
            .collect()
    }
    fn poll(&mut self) -> bool {
        let mut changed = false;
        while let Some(ev) = self.remote.poll() {
            changed |= self.take(ev);
        }
        changed
    }
}
