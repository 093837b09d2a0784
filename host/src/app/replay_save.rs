//! Saving a finished online game: the whole save (the deal's secret with it) fetched
//! from the table server with the request `tavern replay` makes, then written where the
//! player chooses like any save. A game in progress is never fetched: its file would
//! show every hidden card.

use std::sync::mpsc::{Receiver, channel};

use tavern_net::{NetConfig, Ticket};

use super::waker::Waker;

/// A replay request on its way, on a worker thread (a server far away may take a
/// while; the window keeps drawing).
pub struct ReplayFetch {
    rx: Receiver<Result<String, String>>,
}

impl ReplayFetch {
    /// Asks the server `seat` joined through for the finished game's save.
    pub fn start(seat: &Ticket, cfg: NetConfig, wake: Option<Waker>) -> ReplayFetch {
        let (tx, rx) = channel();
        let ticket = seat.clone();
        let spawned = std::thread::Builder::new().name("replay".into()).spawn({
            let tx = tx.clone();
            move || {
                let _ = tx.send(crate::online::fetch_replay(&ticket, &cfg));
                if let Some(w) = wake {
                    w();
                }
            }
        });
        if spawned.is_err() {
            let _ = tx.send(Err("could not start the network thread".into()));
        }
        ReplayFetch { rx }
    }

    /// The answer, once it came.
    pub fn poll(&self) -> Option<Result<String, String>> {
        self.rx.try_recv().ok()
    }
}
