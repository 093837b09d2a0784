//! The bot's advice, worked out off the UI thread: the hint for the seat at the screen
//! (learning mode: what the normal bot would play and how it rates each candidate) and the
//! end screen's review of every decision the people at the table made. No drawing here:
//! `hint_ui` and `end_ui` draw it.
//!
//! Both ask the level-2 bot of the seat concerned, so they know only what that seat knew
//! (the search samples the rest with the game's `determinize`).
//!
//! This module knows nothing of the table: `table_advice` holds the `TableState` side
//! (when a hint may be asked, whether one still fits), so the two depend one way.

use std::sync::mpsc::{Receiver, Sender, TryRecvError};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use tavern_plugin_api::proto::{RatedAction, SearchReport};
use tavern_plugin_api::search::Limits;
use tavern_plugin_api::{ActionEntry, ToAct};

use super::waker::Waker;
use crate::plugin::{BotAsk, Instance, PluginError};
use crate::session::{LogEntry, StopThinking, apply_logged, step_seed};

pub use crate::plugin::HINT_LEVEL;

/// What the hint's search found: the move it would play, and its report (absent from a
/// plugin built before reports existed).
pub type HintAnswer = (ActionEntry, Option<SearchReport>);

/// How a hint orders its candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ranking {
    /// By the estimated chance of winning (the search's own order).
    Win,
    /// Every tried candidate has the same chance (all 0% in a solo game against the
    /// ghosts): by the expected score margin in points instead.
    Margin,
    /// The same chance and the same rating for all: the bot cannot tell them apart.
    Even,
}

/// The candidates of `report` in the order a hint lists them, and why that order.
pub fn hint_order(report: &SearchReport) -> (Vec<&RatedAction>, Ranking) {
    let tried: Vec<&RatedAction> = report.candidates.iter().filter(|c| c.visits > 0).collect();
    let same =
        |f: fn(&RatedAction) -> f64| tried.windows(2).all(|w| (f(w[0]) - f(w[1])).abs() < 1e-9);
    let mut all: Vec<&RatedAction> = report.candidates.iter().collect();
    if tried.len() < 2 || !same(|c| c.win) {
        return (all, Ranking::Win);
    }
    if same(|c| c.margin) {
        return (all, Ranking::Even);
    }
    // Tried ones by score margin, best first; untried ones after them, as listed.
    all.sort_by(|a, b| {
        (b.visits > 0)
            .cmp(&(a.visits > 0))
            .then(b.margin.total_cmp(&a.margin))
    });
    (all, Ranking::Margin)
}

/// A hint being worked out, or worked out, for one seat at one position.
pub struct HintJob {
    pub seat: usize,
    /// The log position it was asked at.
    pub(super) cursor: usize,
    /// The seat's plan steps then.
    pub(super) steps: Vec<serde_json::Value>,
    /// The seat's legal list then: another seat's secret move that leaves it (and the
    /// plan) as it was keeps the hint, as it keeps a bot's search (`bot_job_fits`).
    pub(super) legal: Vec<ActionEntry>,
    started: Instant,
    budget: f64,
    /// Stops a search on this machine; `None` online, where the authority searches.
    stop: Option<StopThinking>,
    rx: Receiver<Result<HintAnswer, String>>,
    /// The answer, once it came.
    pub answer: Option<Result<HintAnswer, String>>,
}

impl HintJob {
    /// How far the search is, 0..1 by its time budget.
    pub fn progress(&self) -> f32 {
        if self.answer.is_some() {
            return 1.0;
        }
        (self.started.elapsed().as_secs_f64() / self.budget).min(0.99) as f32
    }

    pub(super) fn poll(&mut self) {
        if self.answer.is_some() {
            return;
        }
        match self.rx.try_recv() {
            Ok(a) => self.answer = Some(a),
            Err(TryRecvError::Empty) => {}
            Err(TryRecvError::Disconnected) => {
                self.answer = Some(Err("the hint's search stopped without an answer".into()))
            }
        }
    }
}

impl Drop for HintJob {
    fn drop(&mut self) {
        if self.answer.is_none()
            && let Some(stop) = &self.stop
        {
            stop.stop();
        }
    }
}

/// What one hint asks: the position it is for and the bot's request.
pub struct HintAsk {
    pub seat: usize,
    pub cursor: usize,
    pub steps: Vec<serde_json::Value>,
    pub legal: Vec<ActionEntry>,
    pub seed: u64,
    pub ask: BotAsk,
}

impl HintJob {
    /// Starts the normal bot's search on `copy` (what the seat sees) on a worker thread.
    pub fn start(copy: Instance, h: HintAsk, stop: StopThinking, waker: Option<Waker>) -> HintJob {
        let rx = spawn_hint(copy, h.seat, h.seed, h.ask, stop.clone(), waker);
        let budget = Limits::for_level(HINT_LEVEL)
            .time
            .map_or(1.0, |t| t.as_secs_f64());
        HintJob {
            seat: h.seat,
            cursor: h.cursor,
            steps: h.steps,
            legal: h.legal,
            started: Instant::now(),
            budget,
            stop: Some(stop),
            rx,
            answer: None,
        }
    }

    /// A hint the online authority works out: the answer comes through the sender
    /// (the online seat feeds it when the authority's reply arrives).
    pub fn remote(
        seat: usize,
        cursor: usize,
        steps: Vec<serde_json::Value>,
        legal: Vec<ActionEntry>,
    ) -> (HintJob, Sender<Result<HintAnswer, String>>) {
        let (tx, rx) = std::sync::mpsc::channel();
        // The authority's search runs the level's time budget; the round trip is small.
        let budget = Limits::for_level(HINT_LEVEL)
            .time
            .map_or(1.0, |t| t.as_secs_f64());
        let job = HintJob {
            seat,
            cursor,
            steps,
            legal,
            started: Instant::now(),
            budget,
            stop: None,
            rx,
            answer: None,
        };
        (job, tx)
    }
}

fn spawn_hint(
    copy: Instance,
    seat: usize,
    seed: u64,
    ask: BotAsk,
    stop: StopThinking,
    waker: Option<Waker>,
) -> Receiver<Result<HintAnswer, String>> {
    let (tx, rx) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name(format!("hint-seat-{seat}"))
        .spawn(move || {
            let answer = copy
                .think(seat, seed, ask, Some(stop.token()))
                .map_err(|e| e.to_string());
            let _ = tx.send(answer);
            if let Some(w) = waker {
                w();
            }
        });
    // A thread that could not start drops `tx`: the job reports it as stopped.
    drop(spawned);
    rx
}

/// The most decisions the end screen's review rates (spread over the game when there
/// are more), and each one's search: about a quarter of a second, so a long game's
/// review stays within half a minute on a small machine.
pub const REVIEW_MAX_DECISIONS: usize = 80;
pub const REVIEW_MILLIS: u32 = 250;
pub const REVIEW_ITERATIONS: u32 = 4000;

/// How the bot rated one decision a person made.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// The decision's log entry.
    pub index: usize,
    pub seat: usize,
    /// What the person played (the first step of a plan), as the legal list named it.
    pub played: String,
    /// The bot's estimate of the seat's chance of winning after it, when it searched it.
    pub played_win: Option<f64>,
    /// Its place among the candidates, best first (1 = the bot's own choice).
    pub place: Option<usize>,
    pub choices: usize,
    /// The bot's own choice and its estimate.
    pub best: String,
    pub best_win: f64,
}

/// The review's progress, shared with its worker.
#[derive(Clone, Debug, Default)]
pub struct ReviewProgress {
    pub done: usize,
    pub total: usize,
    pub ratings: Vec<Rating>,
    pub error: Option<String>,
    pub finished: bool,
}

/// The end screen's review, running or done. Dropping it stops the worker.
pub struct Review {
    progress: Arc<Mutex<ReviewProgress>>,
    stop: StopThinking,
}

impl Review {
    pub fn progress(&self) -> MutexGuard<'_, ReviewProgress> {
        self.progress.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Drop for Review {
    fn drop(&mut self) {
        if !self.progress().finished {
            self.stop.stop();
        }
    }
}

impl Review {
    /// Starts rating the decisions at `picked` of `log` (played from `start`) on a worker
    /// that replays the game.
    pub fn start(
        start: Instance,
        log: Vec<LogEntry>,
        picked: Vec<usize>,
        (ask, seed): (BotAsk, u64),
        stop: StopThinking,
        waker: Option<Waker>,
    ) -> Result<Review, String> {
        let progress = Arc::new(Mutex::new(ReviewProgress {
            total: picked.len(),
            ..ReviewProgress::default()
        }));
        let (shared, worker_stop) = (progress.clone(), stop.clone());
        std::thread::Builder::new()
            .name("review".into())
            .spawn(move || {
                let result = review(
                    &start,
                    &log,
                    &picked,
                    (ask, seed),
                    &worker_stop,
                    &shared,
                    &waker,
                );
                let mut p = shared.lock().unwrap_or_else(|e| e.into_inner());
                if let Err(e) = result {
                    p.error = Some(e.to_string());
                }
                p.finished = true;
                drop(p);
                if let Some(w) = waker {
                    w();
                }
            })
            .map_err(|_| "Could not start the review".to_string())?;
        Ok(Review { progress, stop })
    }
}

/// The log positions of the decisions to rate: every entry of `people`'s seats, or, when
/// there are more than `max`, `max` of them spread evenly over the game.
pub fn pick_decisions(log: &[LogEntry], people: &[usize], max: usize) -> Vec<usize> {
    let all: Vec<usize> = (0..log.len())
        .filter(|&i| log[i].seat.is_some_and(|s| people.contains(&s)))
        .collect();
    if all.len() <= max {
        return all;
    }
    (0..max).map(|k| all[k * all.len() / max]).collect()
}

fn review(
    start: &Instance,
    log: &[LogEntry],
    picked: &[usize],
    (ask, seed): (BotAsk, u64),
    stop: &StopThinking,
    shared: &Mutex<ReviewProgress>,
    waker: &Option<Waker>,
) -> Result<(), PluginError> {
    for (i, e) in log.iter().enumerate() {
        if stop.stopped() {
            return Ok(());
        }
        if picked.contains(&i)
            && let Some(seat) = e.seat
            && matches!(start.to_act()?, ToAct::Seats(ref s) if s.contains(&seat))
        {
            let copy = start.try_clone()?;
            let (_, report) = copy.think(seat, step_seed(seed, i), ask, Some(stop.token()))?;
            if stop.stopped() {
                return Ok(());
            }
            let played = e.steps.first().unwrap_or(&e.action);
            let rating = report.map(|r| rate(i, seat, played, &e.label, &r));
            let mut p = shared.lock().unwrap_or_else(|e| e.into_inner());
            p.done += 1;
            p.ratings.extend(rating);
            drop(p);
            if let Some(w) = waker {
                w();
            }
        }
        apply_logged(start, e)?;
    }
    Ok(())
}

/// How `report` rates the move `played` (labelled `label` in the log, when the search's
/// list does not name it).
fn rate(
    index: usize,
    seat: usize,
    played: &serde_json::Value,
    label: &str,
    report: &SearchReport,
) -> Rating {
    let best = report.candidates.first();
    let place = report.candidates.iter().position(|c| &c.action == played);
    let searched = report.iterations > 0;
    let mine = place.map(|p| &report.candidates[p]);
    Rating {
        index,
        seat,
        played: mine.map_or_else(|| label.to_string(), |c| c.label.clone()),
        played_win: mine.filter(|c| searched && c.visits > 0).map(|c| c.win),
        place: place.map(|p| p + 1),
        choices: report.candidates.len(),
        best: best.map(|c| c.label.clone()).unwrap_or_default(),
        best_win: best.map_or(0.0, |c| c.win),
    }
}
