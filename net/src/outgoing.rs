//! The one outgoing path: everything that leaves the authority about the game is built
//! here, for one viewer at a time.
//!
//! A frame holds what the viewer may see and nothing else: its view (the plan's preview
//! while its plan is open), its choices as labels (never the actions behind them), whose
//! turn it is, the log as `text_for(viewer)` reads it with its reveal marks, headings and
//! folds, the seats' public status, and the outcome at the end. The seed, actions, plan
//! steps and chance outcomes never appear as data, and a spectator gets the public view
//! and public texts. The leak test (`tests/leak.rs`) checks that a seat receives the same
//! bytes whatever the hidden part of the state is.

use crate::authority::{Authority, guard};
use crate::backend::{BResult, Backend};
use crate::proto::{Choice, HintReply, LogLine, RatedChoice, SeatFrame, SeatStatus, UndoVote};
use serde_json::Value;
use tavern_plugin_api::proto::SearchReport;

/// The frame `viewer` receives now, with the log from entry `log_from` on.
pub fn frame_for<B: Backend>(
    a: &Authority<B>,
    viewer: Option<usize>,
    log_from: usize,
) -> BResult<SeatFrame> {
    let b = &a.backend;
    let viewer = viewer.filter(|&s| s < a.seats.len());
    let to_act = guard(|| b.to_act())?;
    let acting = to_act.seats().to_vec();
    let plan = viewer.map(|s| &a.plans[s]).filter(|p| !p.is_empty());
    let may_act = |s: usize| a.seats[s].bot.is_none();
    let (view, legal) = match (viewer, plan) {
        (Some(s), Some(steps)) => {
            let p = guard(|| b.preview(s, steps))?;
            let legal = if p.to_act.seats().contains(&s) && may_act(s) {
                p.legal
            } else {
                Vec::new()
            };
            (p.view, legal)
        }
        (Some(s), None) => {
            let view = guard(|| b.view(Some(s)))?;
            let legal = if acting.contains(&s) && may_act(s) {
                guard(|| b.legal(s))?
            } else {
                Vec::new()
            };
            (view, legal)
        }
        (None, _) => (guard(|| b.view(None))?, Vec::new()),
    };
    let len = b.log_len();
    let log_from = log_from.min(len);
    let note = |at: usize| a.notes.iter().find(|(p, _)| *p == at).map(|(_, t)| t);
    let log = guard(|| Ok(b.log_items(log_from)))?
        .into_iter()
        .enumerate()
        .map(|(i, e)| LogLine {
            seat: e.seat,
            text: match note(log_from + i) {
                Some(n) => format!("{n} {}", e.text_for(viewer)),
                None => e.text_for(viewer).to_string(),
            },
            reveal: e.reveal,
            routine: e.routine,
            section: e.section,
        })
        .collect();
    let over = to_act.is_over();
    let outcome = if over { guard(|| b.outcome())? } else { None };
    Ok(SeatFrame {
        revision: a.revision,
        game: b.game_id(),
        viewer,
        to_act: acting,
        over,
        view,
        legal: legal
            .into_iter()
            .map(|e| Choice {
                label: e.label,
                target: e.target,
                kind: e.kind,
            })
            .collect(),
        plan_steps: plan.map_or(0, Vec::len),
        log_from,
        log,
        seats: a
            .seats
            .iter()
            .map(|s| SeatStatus {
                name: s.name.clone(),
                bot: s.bot.is_some(),
                connected: s.bot.is_some() || s.conn.is_some(),
            })
            .collect(),
        undo_vote: a.vote.as_ref().map(|v| UndoVote {
            requester: v.requester,
            to: v.to,
            waiting: v.waiting.clone(),
        }),
        outcome,
        hints: a.hints && viewer.is_some(),
    })
}

/// The hint `seat` receives: the search's candidates as indices of the seat's list
/// `legal` (the actions its frame's choices stand for, in order). Labels, actions and
/// the search's timing stay here; a candidate not in the list (a plugin whose search
/// strays) is left out, and the bot's pick is the first that is in it.
pub fn hint_for<B: Backend>(
    a: &Authority<B>,
    seat: usize,
    legal: &[Value],
    report: &SearchReport,
) -> HintReply {
    let rated: Vec<RatedChoice> = report
        .candidates
        .iter()
        .filter_map(|c| {
            Some(RatedChoice {
                index: legal.iter().position(|l| *l == c.action)?,
                visits: c.visits,
                win: c.win,
                value: c.value,
                margin: c.margin,
            })
        })
        .collect();
    HintReply {
        seat,
        revision: a.revision,
        best: rated.first().map_or(0, |c| c.index),
        rated,
        iterations: report.iterations,
    }
}
