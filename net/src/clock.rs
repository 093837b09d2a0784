//! The turn clock of a table server's games: a seat whose time ran out has its move
//! made for it, by the bot or by passing as the game was created to do, and the log
//! says so before that move.

use std::sync::Arc;

use crate::backend::{Backend, BackendError};
use crate::proto::AtDeadline;
use crate::server::{Shared, broadcast, commit, lock, spawn_bots};
use crate::store::now;
use crate::table_server::{load, unload_if_idle};

/// Plays every move whose clock ran out.
pub(crate) async fn run_clocks<B: Backend + 'static>(shared: &Arc<Shared<B>>) {
    let Some(store) = &shared.store else { return };
    for due in store.overdue(now()) {
        let Some(room) = load(shared, due.game) else {
            continue;
        };
        let job = {
            let a = lock(&room.authority);
            let name = a
                .stored_seats()
                .get(due.seat)
                .map(|s| s.name.clone())
                .unwrap_or_default();
            a.clock_job(due.seat, due.clock.at_deadline)
                .map(|(rev, job)| (rev, job, name))
        };
        let Some((revision, job, name)) = job else {
            unload_if_idle(shared, &room);
            continue;
        };
        let skip = matches!(job, crate::authority::ClockJob::Skip(_));
        let decision = match tokio::task::spawn_blocking(move || job.run()).await {
            Ok(d) => d,
            Err(e) => Err(BackendError::Failed(e.to_string())),
        };
        let note = match (skip, due.clock.at_deadline) {
            (true, _) => format!("{name}'s time ran out, so the turn passed:"),
            (false, AtDeadline::Skip) => {
                format!("{name}'s time ran out; with no pass to make, the bot moved:")
            }
            (false, AtDeadline::Bot) => format!("{name}'s time ran out, so the bot moved:"),
        };
        let result = {
            let mut a = lock(&room.authority);
            let mut r = a.finish_clock(due.seat, revision, decision, &note);
            if matches!(r, Ok(true)) {
                if let Err(e) = commit(shared, &room, &mut a) {
                    r = Err(e);
                }
                broadcast(&room, &a);
            }
            r
        };
        room.changed.notify_waiters();
        if let Err(e) = result {
            shared.note(
                due.game,
                format!(
                    "the clock's move for {name} failed: {}",
                    e.detail.unwrap_or(e.message)
                ),
            );
        }
        spawn_bots(shared.clone(), due.game, room.clone());
        unload_if_idle(shared, &room);
    }
}
