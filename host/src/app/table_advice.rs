//! The table's side of the bot's advice (`advice`): when the seat at the screen may ask
//! for a hint, whether a hint still answers the position on screen, and the requests that
//! start a hint or the end screen's review from the table's state.

use tavern_plugin_api::ActionEntry;

use super::advice::{
    HINT_LEVEL, HintAsk, HintJob, REVIEW_ITERATIONS, REVIEW_MAX_DECISIONS, REVIEW_MILLIS, Review,
    pick_decisions,
};
use super::table::TableState;
use crate::plugin::BotAsk;
use crate::session::{StopThinking, UndoMode, step_seed};

impl TableState {
    /// Why the seat at the screen cannot ask for a hint now, or `Ok`.
    pub fn can_hint(&self) -> Result<usize, String> {
        // Online the authority searches (from this seat's information) if its host
        // offers hints.
        if let Some(o) = self.online() {
            if !o.hints_offered() {
                return Err("The host has turned hints off for this game".into());
            }
            let seat = self.viewer().ok_or("A spectator has no hints")?;
            if o.is_bot(seat) || !self.to_act().contains(&seat) {
                return Err("Hints are for your own turn".into());
            }
            return Ok(seat);
        }
        let session = self.local().ok_or("No game")?;
        if session.undo_mode() != UndoMode::Learning {
            return Err("Hints are for games in learning mode".into());
        }
        let seat = self.viewer().ok_or("Nobody is at the screen")?;
        if self.cover.is_some() || session.is_bot(seat) || !self.to_act().contains(&seat) {
            return Err("Hints are for your own turn".into());
        }
        Ok(seat)
    }

    fn plan_steps(&self) -> Vec<serde_json::Value> {
        self.viewer_plan()
            .map(|(_, steps)| steps.iter().map(|e| e.action.clone()).collect())
            .unwrap_or_default()
    }

    fn viewer_legal(&self) -> Vec<ActionEntry> {
        self.viewer_actions().into_iter().map(|(_, a)| a).collect()
    }

    /// Whether `h` still answers the position on screen: the same seat may ask, with the
    /// same plan, and nothing it could know of changed since (see `only_others_moved`).
    fn hint_fits(&self, h: &HintJob) -> bool {
        self.can_hint().ok() == Some(h.seat)
            && self.only_others_moved(h.seat, h.cursor)
            && self.plan_steps() == h.steps
            && self.viewer_legal() == h.legal
    }

    /// What hints and the review ask the bot: `level` with `millis` and `iterations`,
    /// or only the table's iteration cap when it has one.
    fn advice_ask(&self, iterations: Option<u32>, millis: Option<u32>) -> BotAsk {
        match self.advice_iterations {
            Some(cap) => BotAsk {
                level: HINT_LEVEL,
                iterations: Some(cap),
                millis: None,
                flat: false,
            },
            None => BotAsk {
                level: HINT_LEVEL,
                iterations,
                millis,
                flat: false,
            },
        }
    }

    /// Starts the normal bot's search for the seat at the screen, on a copy of what that
    /// seat sees (its plan's copy while it plans).
    pub fn ask_hint(&mut self) {
        let seat = match self.can_hint() {
            Ok(s) => s,
            Err(m) => {
                self.notice = Some(m);
                return;
            }
        };
        let steps = self.plan_steps();
        if self.is_online() {
            let (job, answer) = HintJob::remote(seat, self.cursor(), steps, self.viewer_legal());
            if let Some(o) = self.online_mut() {
                o.ask_hint(answer);
            }
            self.hint = Some(job);
            return;
        }
        let copy = match self.plan_or_session_copy(seat) {
            Ok(c) => c,
            Err(e) => {
                self.notice = Some(format!("No hint: {e}"));
                return;
            }
        };
        let Some(session) = self.local() else {
            return;
        };
        let stop = StopThinking::new(session.plugin());
        let ask = HintAsk {
            seat,
            cursor: session.cursor(),
            seed: step_seed(session.bot_seed(), 1000 + steps.len()),
            steps,
            legal: self.viewer_legal(),
            ask: self.advice_ask(None, None),
        };
        self.hint = Some(HintJob::start(copy, ask, stop, self.waker()));
    }

    /// The hint for the position on screen, if one was asked; a hint for another
    /// position or seat is dropped (which stops its search).
    pub fn current_hint(&mut self) -> Option<&HintJob> {
        if self.hint.as_ref().is_some_and(|h| !self.hint_fits(h)) {
            self.hint = None;
        }
        let hint = self.hint.as_mut()?;
        hint.poll();
        Some(&*hint)
    }

    /// Starts rating every decision of the people at the table (seats that are people
    /// now), up to [`REVIEW_MAX_DECISIONS`], on a worker that replays the game.
    pub fn start_review(&mut self) {
        let Some(session) = self.local() else {
            self.notice = Some("No review online: the host holds the game".into());
            return;
        };
        let (start, log) = match session.start_and_log() {
            Ok(x) => x,
            Err(e) => {
                self.notice = Some(format!("No review: {e}"));
                return;
            }
        };
        let log = log[..session.cursor()].to_vec();
        let people: Vec<usize> = self.humans();
        let picked = pick_decisions(&log, &people, REVIEW_MAX_DECISIONS);
        let stop = StopThinking::new(session.plugin());
        let seed = session.setup().seed ^ 0x5EE;
        let ask = self.advice_ask(Some(REVIEW_ITERATIONS), Some(REVIEW_MILLIS));
        match Review::start(start, log, picked, (ask, seed), stop, self.waker()) {
            Ok(r) => self.review = Some(r),
            Err(m) => self.notice = Some(m),
        }
    }
}
