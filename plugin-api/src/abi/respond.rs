//! Answers to requests about one game instance, with no `unsafe`: the glue in
//! `abi` decodes them and hands them here (in-process tests call `respond` directly).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Instant;

use serde::Serialize;
use serde_json::Value;

use crate::bot::Method;
use crate::game::{Game, apply_checked};
use crate::proto::{
    ActionEntry, AppliedReply, BotReply, ErrorKind, ErrorReply, PlayoutReport, RatedAction,
    Request, SearchReport, ToAct,
};
use crate::rng::GameRng;
use crate::search::Limits;

use super::*;

pub(super) fn to_value<T: Serialize>(v: T) -> Result<Value, ErrorReply> {
    serde_json::to_value(v)
        .map_err(|e| err(ErrorKind::BadRequest, format!("cannot encode reply: {e}")))
}

/// Answers one request about `state` as a JSON value. Public so in-process tests take
/// exactly the path the ABI takes, minus the C call.
pub fn respond<G: Game>(state: &mut G, req: Request) -> Result<Value, ErrorReply> {
    let bytes = respond_bytes(state, req)?;
    serde_json::from_slice(&bytes)
        .map_err(|e| err(ErrorKind::BadRequest, format!("cannot read reply: {e}")))
}

/// Answers one request about `state` as JSON bytes, encoded once, straight from the
/// reply's Rust value (no intermediate `Value` tree: views are large).
pub fn respond_bytes<G: Game>(state: &mut G, req: Request) -> Result<Vec<u8>, ErrorReply> {
    match req {
        Request::ToAct => json(&state.to_act()),
        Request::Legal { seat } => json(&legal_entries(state, seat)?),
        Request::Apply { seat, action } => {
            let action: G::Action = serde_json::from_value(action).map_err(|e| {
                err(
                    ErrorKind::Illegal,
                    format!("not an action of this game: {e}"),
                )
            })?;
            apply_reply(state, seat, action)
        }
        Request::ApplyIndex { seat, index } => {
            if !state.to_act().seats().contains(&seat) {
                return Err(not_to_act(seat));
            }
            let mut legal = state.legal_actions(seat);
            check_index(seat, legal.len(), index as u64)?;
            let action = legal.swap_remove(index);
            apply_listed(state, seat, action)
        }
        Request::LegalCount { seat } => json(&state.legal_actions(seat).len()),
        Request::Chance { seed } => {
            if state.to_act() != ToAct::Chance {
                return Err(err(ErrorKind::Illegal, "no chance step is pending"));
            }
            let action = state.sample_chance(&mut GameRng::new(seed));
            apply_reply(state, None, action)
        }
        Request::View { viewer } => json(&state.view(viewer)),
        Request::Outcome => json(&state.outcome()),
        Request::State => json(&*state),
        Request::Bot { seat, seed, level } => {
            let mut rng = GameRng::new(seed);
            let action = crate::bot::choose(state, seat, level, &mut rng)
                .ok_or_else(|| err(ErrorKind::Illegal, format!("seat {seat} has nothing to do")))?;
            // The kind tells a host driving a bot that a step is part of a plan.
            let (label, kind) = state
                .legal(seat)
                .into_iter()
                .find(|l| l.action == action)
                .map(|l| (l.label, l.kind))
                .unwrap_or_default();
            json(&ActionEntry {
                action: to_value(&action)?,
                label,
                target: None,
                kind,
                spends: None,
                default: false,
            })
        }
        Request::Think {
            seat,
            seed,
            level,
            iterations,
            millis,
            flat,
            token,
        } => {
            let method = if flat {
                Method::Flat(iterations.unwrap_or_else(|| crate::bot::iterations_for(level)))
            } else {
                let level = Limits::for_level(level);
                Method::Tree(match (iterations, millis) {
                    (None, None) => level,
                    (cap, ms) => Limits {
                        iterations: cap.unwrap_or(level.iterations),
                        time: ms.map(|ms| std::time::Duration::from_millis(u64::from(ms))),
                    },
                })
            };
            json(&think_reply(state, seat, seed, method, token)?)
        }
        Request::StopThinking { token } => json(&stop_thinking(token)),
        Request::Playouts { games, seed } => json(&playouts(state, games, seed)),
        Request::OpenOld {
            version,
            setup,
            log,
        } => G::open_old(&version, &setup, log)
            .map_err(|e| err(ErrorKind::BadRequest, e.0))
            .and_then(|old| json(&old)),
        Request::Lesson => json(&G::lesson()),
    }
}

/// Runs a bot's search for `seat` and labels its candidates from the legal list.
pub(super) fn think_reply<G: Game>(
    state: &G,
    seat: usize,
    seed: u64,
    method: Method,
    token: Option<u64>,
) -> Result<BotReply, ErrorReply> {
    let stop = token.map(Thinking::start);
    let flag = stop.as_ref().map(|t| t.flag.clone());
    let stopped = move || flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed));
    let report = crate::bot::think(state, seat, method, &mut GameRng::new(seed), &stopped)
        .ok_or_else(|| err(ErrorKind::Illegal, format!("seat {seat} has nothing to do")))?;
    drop(stop);
    let legal = state.legal(seat);
    let entry = |action: &G::Action| -> Result<ActionEntry, ErrorReply> {
        let l = legal.iter().find(|l| &l.action == action);
        Ok(ActionEntry {
            action: to_value(action)?,
            label: l.map(|l| l.label.clone()).unwrap_or_default(),
            target: l.and_then(|l| l.target.clone()),
            kind: l.map(|l| l.kind.clone()).unwrap_or_default(),
            spends: l.filter(|_| G::MARKS_SPENDING).map(|l| l.spends),
            default: l.is_some_and(|l| l.default),
        })
    };
    let candidates = report
        .candidates
        .iter()
        .map(|r| {
            let e = entry(&r.action)?;
            Ok(RatedAction {
                action: e.action,
                label: e.label,
                visits: r.visits,
                win: r.win,
                value: r.value,
                margin: r.margin,
            })
        })
        .collect::<Result<Vec<_>, ErrorReply>>()?;
    let best = report
        .candidates
        .first()
        .ok_or_else(|| err(ErrorKind::Illegal, format!("seat {seat} has nothing to do")))?;
    Ok(BotReply {
        entry: entry(&best.action)?,
        report: SearchReport {
            candidates,
            iterations: report.iterations,
            seconds: report.seconds,
            stopped: report.stopped,
        },
    })
}

/// The stop flags of the searches a `StopThinking` may end, by token. A search holds
/// its flag while it runs; a stop for a token no search holds yet is kept, so a search
/// that starts after it stops at once.
pub(super) fn thinking_flags() -> MutexGuard<'static, HashMap<u64, Arc<AtomicBool>>> {
    static FLAGS: OnceLock<Mutex<HashMap<u64, Arc<AtomicBool>>>> = OnceLock::new();
    let m = FLAGS.get_or_init(|| Mutex::new(HashMap::new()));
    // The map is only ever inserted into and removed from whole: a poison is harmless.
    m.lock().unwrap_or_else(|e| {
        m.clear_poison();
        e.into_inner()
    })
}

/// A running search's registration; dropping it (also by a panic) unregisters it.
pub(super) struct Thinking {
    token: u64,
    flag: Arc<AtomicBool>,
}

impl Thinking {
    fn start(token: u64) -> Thinking {
        let flag = thinking_flags()
            .entry(token)
            .or_insert_with(|| Arc::new(AtomicBool::new(false)))
            .clone();
        Thinking { token, flag }
    }
}

impl Drop for Thinking {
    fn drop(&mut self) {
        thinking_flags().remove(&self.token);
    }
}

/// Stops the search of `token`; true when one was running.
pub(super) fn stop_thinking(token: u64) -> bool {
    let mut flags = thinking_flags();
    // Stops for searches that never started are few (one per take-back); drop the ones
    // no search holds when they pile up.
    if flags.len() > 1024 {
        flags.retain(|_, f| Arc::strong_count(f) > 1);
    }
    let flag = flags
        .entry(token)
        .or_insert_with(|| Arc::new(AtomicBool::new(false)));
    let running = Arc::strong_count(flag) > 1;
    flag.store(true, Ordering::Relaxed);
    running
}

pub(super) fn legal_entries<G: Game>(
    state: &G,
    seat: usize,
) -> Result<Vec<ActionEntry>, ErrorReply> {
    state
        .legal(seat)
        .into_iter()
        .map(|l| {
            Ok(ActionEntry {
                action: to_value(&l.action)?,
                label: l.label,
                target: l.target,
                kind: l.kind,
                spends: G::MARKS_SPENDING.then_some(l.spends),
                default: l.default,
            })
        })
        .collect()
}

pub(super) fn apply_reply<G: Game>(
    state: &mut G,
    seat: Option<usize>,
    action: G::Action,
) -> Result<Vec<u8>, ErrorReply> {
    let applied = apply_checked(state, seat, &action).map_err(|e| err(ErrorKind::Illegal, e.0))?;
    json(&reply_of(to_value(&action)?, applied))
}

/// Plays `games` random games from `state`, in-process and without legality re-checks
/// (every action comes from `legal_actions`), for statistics and benchmarks.
pub fn playouts<G: Game>(state: &G, games: u32, seed: u64) -> PlayoutReport {
    let start = Instant::now();
    let mut report = PlayoutReport {
        games,
        min_len: u64::MAX,
        ..Default::default()
    };
    let mut rng = GameRng::new(seed);
    for _ in 0..games {
        let mut g = state.clone();
        let len = crate::bot::random_playout(&mut g, &mut rng, 1_000_000);
        report.actions += len;
        report.min_len = report.min_len.min(len);
        report.max_len = report.max_len.max(len);
        if let Some(o) = g.outcome() {
            report.score_sums.resize(o.scores.len(), 0);
            report.wins.resize(o.scores.len(), 0);
            for (s, sc) in o.scores.iter().enumerate() {
                report.score_sums[s] += sc.total;
            }
            for w in o.winners() {
                report.wins[w] += 1;
            }
        }
    }
    if games == 0 {
        report.min_len = 0;
    }
    report.seconds = start.elapsed().as_secs_f64();
    report
}

/// The reply to an applied action: the action as the log stores it and every text of
/// what it did (both the JSON and the binary apply paths answer with it).
pub(super) fn reply_of(action: Value, applied: crate::game::Applied) -> AppliedReply {
    AppliedReply {
        action,
        label: applied.label,
        private_label: applied.private_label,
        private_for: applied.private_for,
        reveal: applied.reveal,
        routine: applied.routine,
        section: applied.section,
        secret_key: applied.secret_key,
        publishes: applied.publishes,
    }
}
