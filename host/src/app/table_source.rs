//! What the game table needs of the game it shows, whoever holds the game: the table's
//! one seam between a game this app owns (a [`Session`], hot-seat and bots on this
//! machine) and a game held by an online authority (a [`super::online_seat::OnlineSeat`],
//! which holds nothing but what the authority sent its one seat).
//!
//! The list of choices is the legal list as the source gives it. A local source hands
//! out the game's own actions; an online one has no actions (the authority never sends
//! any), so its entries carry their index in the list as the action, and `act` sends
//! that index back. Either way the table gives `act` an entry's `action` unchanged.
//!
//! Plans (tentative steps) live in the source: locally on a scratch copy of the game as
//! the table has always done, online on the authority, which sends the plan's preview.

use serde_json::Value;
use tavern_plugin_api::{ActionEntry, ChoiceKind, Outcome, ToAct, View};

use crate::plugin::Instance;
use crate::session::{Session, SessionError, UndoMode};

/// One log entry as the seat at the screen may read it.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct SourceLine {
    /// The acting seat; `None` for chance.
    pub seat: Option<usize>,
    pub text: String,
    pub reveal: bool,
    pub routine: bool,
    pub section: Option<String>,
}

/// What asking to undo did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UndoAnswer {
    /// Taken back now (or, online, sent to the authority, which takes it back at once
    /// when it is fair and otherwise opens a vote).
    Done,
    /// Not possible, and why.
    Refused(String),
}

/// An undo request waiting for answers, as the table shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VotePrompt {
    pub requester: usize,
    /// Seats that have not answered yet.
    pub waiting: Vec<usize>,
}

/// A game as the table reads and drives it.
pub trait TableSource {
    fn seat_count(&self) -> usize;
    fn seat_name(&self, seat: usize) -> String;
    /// The seats people play at this screen (every human seat in hot-seat; online, the
    /// one seat this connection holds, or none for a spectator).
    fn local_seats(&self) -> Vec<usize>;
    /// Whether a cover must hide one seat's table from the next person at this screen
    /// (hot-seat only: online, each screen shows one seat).
    fn shares_screen(&self) -> bool;
    fn to_act(&self) -> Result<ToAct, String>;
    /// What `viewer` sees (with its open plan applied). Online, only the own seat.
    fn view(&self, viewer: Option<usize>) -> Result<View, String>;
    /// `seat`'s choices now (after its open plan's steps); empty when it need not act.
    fn legal(&self, seat: usize) -> Result<Vec<ActionEntry>, String>;
    /// The log up to the present as `viewer` reads it.
    fn log_lines(&self, viewer: Option<usize>) -> Vec<SourceLine>;
    fn outcome(&self) -> Result<Option<Outcome>, String>;
    /// Plays `action` (an entry of `legal(seat)`): a step extends `seat`'s plan, any
    /// other entry is applied, confirming the plan.
    fn act(&mut self, seat: usize, action: Value) -> Result<(), String>;
    /// Steps in `seat`'s open plan.
    fn plan_len(&self, seat: usize) -> usize;
    fn cancel_plan(&mut self, seat: usize);
    /// `seat` asks to take back its last move.
    fn undo(&mut self, seat: usize) -> UndoAnswer;
    /// An undo request other seats must answer (online only).
    fn vote(&self) -> Option<VotePrompt>;
    fn answer_vote(&mut self, seat: usize, accept: bool);
    /// Seats whose player is away (online: the connection dropped).
    fn disconnected(&self) -> Vec<usize>;
    /// Takes in whatever arrived; true when the game changed.
    fn poll(&mut self) -> bool;
}

/// A session this app owns, with the plan of the seat planning now.
pub struct LocalSource {
    pub session: Session,
    plan: Option<(usize, Vec<Value>, Instance)>,
}

impl LocalSource {
    pub fn new(session: Session) -> LocalSource {
        LocalSource {
            session,
            plan: None,
        }
    }
    fn plan_of(&self, seat: usize) -> Option<&Instance> {
        self.plan
            .as_ref()
            .filter(|(s, _, _)| *s == seat)
            .map(|(_, _, i)| i)
    }
}

fn words(e: SessionError) -> String {
    e.to_string()
}

impl TableSource for LocalSource {
    fn seat_count(&self) -> usize {
        self.session.setup().seats.len()
    }
    fn seat_name(&self, seat: usize) -> String {
        self.session.seat_name(seat).to_string()
    }
    fn local_seats(&self) -> Vec<usize> {
        (0..self.seat_count())
            .filter(|&s| !self.session.is_bot(s))
            .collect()
    }
    fn shares_screen(&self) -> bool {
        self.local_seats().len() > 1
    }
    fn to_act(&self) -> Result<ToAct, String> {
        self.session.to_act().map_err(words)
    }
    fn view(&self, viewer: Option<usize>) -> Result<View, String> {
        match viewer.and_then(|v| self.plan_of(v)) {
            Some(p) => p.view(viewer).map_err(|e| e.to_string()),
            None => self.session.view(viewer).map_err(words),
        }
    }
    fn legal(&self, seat: usize) -> Result<Vec<ActionEntry>, String> {
        match self.plan_of(seat) {
            Some(p) => p.legal(seat).map_err(|e| e.to_string()),
            None => self.session.legal(seat).map_err(words),
        }
    }
    fn log_lines(&self, viewer: Option<usize>) -> Vec<SourceLine> {
        self.session.log()[..self.session.cursor()]
            .iter()
            .map(|e| SourceLine {
                seat: e.seat,
                text: e.text_for(viewer).to_string(),
                reveal: e.reveal,
                routine: e.routine,
                section: e.section.clone(),
            })
            .collect()
    }
    fn outcome(&self) -> Result<Option<Outcome>, String> {
        self.session.outcome().map_err(words)
    }
    fn act(&mut self, seat: usize, action: Value) -> Result<(), String> {
        let kind = self
            .legal(seat)?
            .into_iter()
            .find(|a| a.action == action)
            .map(|a| a.kind)
            .ok_or_else(|| "that choice is not in the list now".to_string())?;
        if kind == ChoiceKind::Step {
            if self.plan_of(seat).is_none() {
                let copy = self.session.bot_instance().map_err(words)?;
                self.plan = Some((seat, Vec::new(), copy));
            }
            let (_, steps, copy) = self.plan.as_mut().expect("made above");
            copy.apply(Some(seat), action.clone())
                .map_err(|e| e.to_string())?;
            steps.push(action);
            return Ok(());
        }
        let steps = match self.plan.take() {
            Some((s, steps, _)) if s == seat => steps,
            _ => Vec::new(),
        };
        self.session
            .apply_plan(seat, &steps, action)
            .map(|_| ())
            .map_err(words)
    }
    fn plan_len(&self, seat: usize) -> usize {
        self.plan
            .as_ref()
            .filter(|(s, _, _)| *s == seat)
            .map_or(0, |(_, steps, _)| steps.len())
    }
    fn cancel_plan(&mut self, seat: usize) {
        if self.plan.as_ref().is_some_and(|p| p.0 == seat) {
            self.plan = None;
        }
    }
    fn undo(&mut self, seat: usize) -> UndoAnswer {
        if let Err(m) = self.session.can_undo(Some(seat)) {
            return UndoAnswer::Refused(m);
        }
        self.plan = None;
        match self.session.undo(Some(seat)) {
            Ok(()) => {
                // As the table does in learning mode: back over bot moves to a person's
                // decision, so one click takes back "my last move".
                if self.session.undo_mode() == UndoMode::Learning {
                    while self
                        .to_act()
                        .is_ok_and(|t| t.seats().iter().all(|&s| self.session.is_bot(s)))
                        && self.session.can_undo(Some(seat)).is_ok()
                    {
                        if self.session.undo(Some(seat)).is_err() {
                            break;
                        }
                    }
                }
                UndoAnswer::Done
            }
            Err(e) => UndoAnswer::Refused(words(e)),
        }
    }
    fn vote(&self) -> Option<VotePrompt> {
        None
    }
    fn answer_vote(&mut self, _seat: usize, _accept: bool) {}
    fn disconnected(&self) -> Vec<usize> {
        Vec::new()
    }
    fn poll(&mut self) -> bool {
        false
    }
}
