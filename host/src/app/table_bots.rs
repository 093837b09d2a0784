//! The bots at the table: a bot to act gets a worker thread with a copy of the game,
//! which works out its whole decision (`session::bot_decision`, plan steps and all) while
//! the window stays responsive; `tick` applies it when the pace allows. A job dropped
//! before its answer stops its search (see `table` for when a job is kept or dropped).

use std::sync::mpsc::{Receiver, TryRecvError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

use tavern_plugin_api::ActionEntry;
use tavern_plugin_api::search::Limits;

use super::table::TableState;
use crate::plugin::BotAsk;
use crate::session::{BotDecision, StopThinking, bot_decision};

/// A bot's decision being worked out on a worker thread.
pub(super) struct BotJob {
    pub(super) seat: usize,
    /// The log position the decision is for. Another seat's move since then keeps the
    /// job only while it leaves the bot's situation as it was (see `bot_job_fits`).
    cursor: usize,
    /// The bot's legal list when it started.
    legal: Vec<ActionEntry>,
    rx: Receiver<Result<Option<BotDecision>, String>>,
    /// A finished decision waiting for the pace timer.
    ready: Option<BotDecision>,
    /// The worker has answered (so there is no search left to stop).
    answered: bool,
    stop: StopThinking,
    started: Instant,
    /// About how long one search at the bot's level takes, for the progress shown.
    budget: f64,
    worker: Option<JoinHandle<()>>,
    /// Where a stopped job leaves its worker, so the table can tell when it has ended.
    stopping: Arc<Mutex<Vec<JoinHandle<()>>>>,
}

impl Drop for BotJob {
    /// A job dropped before its answer (an undo, a seat handed back, a changed
    /// position) stops its search instead of letting it run on for nothing.
    fn drop(&mut self) {
        if !self.answered {
            self.stop.stop();
            if let Some(w) = self.worker.take() {
                let mut list = self.stopping.lock().unwrap_or_else(|e| e.into_inner());
                list.retain(|w| !w.is_finished());
                list.push(w);
            }
        }
    }
}

impl TableState {
    /// The bot seat that is thinking or about to move, if any.
    pub fn thinking(&self) -> Option<usize> {
        self.bot.as_ref().map(|b| b.seat)
    }

    /// The bot seat that is thinking and how far along it is (0..1, by the time budget
    /// of its level; 1 once it has decided and waits for the pace).
    pub fn thinking_progress(&self) -> Option<(usize, f32)> {
        let job = self.bot.as_ref()?;
        let done = if job.ready.is_some() {
            1.0
        } else {
            (job.started.elapsed().as_secs_f64() / job.budget).min(0.99) as f32
        };
        Some((job.seat, done))
    }

    /// Bots wait while a redo branch exists, so a player who stepped back can look around
    /// or redo without the bots overwriting the branch.
    pub fn bots_held(&self) -> bool {
        self.local().is_some_and(|s| s.can_redo()) && !self.bots_released
    }

    /// Whether the running bot job still answers the current position: nothing happened
    /// since it started, or only other seats' moves in a step where the bot still has the
    /// same choices and nothing was revealed (a person's secret bid while the bot bids),
    /// which the search had to treat as unknown anyway.
    fn bot_job_fits(&self) -> bool {
        let Some(job) = &self.bot else {
            return false;
        };
        self.cursor() == job.cursor
            || (self.only_others_moved(job.seat, job.cursor)
                && self.game_legal(job.seat) == job.legal)
    }

    /// Whether everything logged since log position `since` is other seats' moves that
    /// revealed nothing, with `seat` still to act: from `seat`'s side nothing happened
    /// that a search had not to treat as unknown anyway. Undo, redo and rewind drop what
    /// depends on this themselves; only moves forward get here.
    pub fn only_others_moved(&self, seat: usize, since: usize) -> bool {
        let cursor = self.cursor();
        cursor >= since
            && self.log_entries()[since..cursor]
                .iter()
                .all(|e| e.seat.is_some_and(|s| s != seat) && !e.reveal)
            && self.to_act().contains(&seat)
    }

    /// Drives the bots: starts a worker when a bot is to act, applies its move when the
    /// pace allows. Returns the seconds until it wants to be called again, if it does.
    pub fn tick(&mut self, now: f64, pace: f32) -> Option<f64> {
        // Online, bots play on the authority; the table only takes in what arrives
        // (the network thread wakes the window).
        if self.is_online() {
            self.poll_online(now);
            return None;
        }
        // A playback runs to its end before the bots move on.
        if let Some(wait) = self.beats_tick(now) {
            return Some(wait);
        }
        // Lesson hook: the script's opponents move, not the bot search.
        if let Some(wait) = self.lesson_tick(now, pace) {
            self.bot = None;
            return wait;
        }
        if self.banner.is_some() || self.is_over() || self.bots_held() {
            self.bot = None;
            return None;
        }
        if self.bot.is_some() {
            if !self.bot_job_fits() {
                self.bot = None;
                return Some(0.0);
            }
            let cursor = self.cursor();
            let job = self.bot.as_mut().expect("checked above");
            job.cursor = cursor;
            if job.ready.is_none() {
                match job.rx.try_recv() {
                    Ok(Ok(Some(decision))) => {
                        job.answered = true;
                        job.ready = Some(decision);
                    }
                    // Stopped: only a dropped job is stopped, so this one is stale.
                    Ok(Ok(None)) => {
                        job.answered = true;
                        self.bot = None;
                        return Some(0.0);
                    }
                    Ok(Err(m)) => {
                        job.answered = true;
                        self.bot = None;
                        self.banner = Some(format!(
                            "The bot failed: {m}. The game is kept at the last good move."
                        ));
                        return None;
                    }
                    Err(TryRecvError::Empty) => return Some(0.1),
                    Err(TryRecvError::Disconnected) => {
                        job.answered = true;
                        self.bot = None;
                        self.banner = Some("The bot stopped without a move.".into());
                        return None;
                    }
                }
            }
            let due = self.last_change + f64::from(pace);
            if now < due {
                return Some(due - now);
            }
            let mut job = self.bot.take().expect("checked above");
            let d = job.ready.take().expect("checked above");
            self.apply_decision(job.seat, &d.steps, d.entry.action, now);
            return Some(0.0);
        }
        let bot_seat = self.to_act().into_iter().find(|&s| self.is_bot(s))?;
        self.start_bot(bot_seat);
        Some(0.1)
    }

    fn start_bot(&mut self, seat: usize) {
        let Some(session) = self.local() else {
            return;
        };
        let instance = match session.bot_instance() {
            Ok(i) => i,
            Err(e) => {
                self.fail(e);
                return;
            }
        };
        let legal = match session.legal(seat) {
            Ok(l) => l,
            Err(e) => {
                self.fail(e);
                return;
            }
        };
        let level = self.bot_level(seat).clamp(1, 3);
        let seed = session.bot_seed();
        let stop = StopThinking::new(session.plugin());
        let worker_stop = stop.clone();
        let (tx, rx) = std::sync::mpsc::channel();
        let waker = self.waker.clone();
        let spawned = std::thread::Builder::new()
            .name(format!("bot-seat-{seat}"))
            .spawn(move || {
                let ask = BotAsk::level(level);
                let result = bot_decision(&instance, seat, seed, ask, Some(&worker_stop))
                    .map_err(|e| e.to_string());
                let _ = tx.send(result);
                if let Some(w) = waker {
                    w();
                }
            });
        let Ok(worker) = spawned else {
            self.banner = Some("Could not start the bot's thread.".into());
            return;
        };
        self.bot_jobs_started += 1;
        let budget = Limits::for_level(level)
            .time
            .map_or(1.0, |t| t.as_secs_f64())
            .max(0.05);
        self.bot = Some(BotJob {
            seat,
            cursor: self.cursor(),
            legal,
            rx,
            ready: None,
            answered: false,
            stop,
            started: Instant::now(),
            budget,
            worker: Some(worker),
            stopping: self.stopping.clone(),
        });
    }

    /// How many stopped bot searches are still running (each ends within an iteration
    /// of its search once stopped).
    pub fn stopped_searches_running(&self) -> usize {
        let mut list = self.stopping.lock().unwrap_or_else(|e| e.into_inner());
        list.retain(|w| !w.is_finished());
        list.len()
    }
}
