//! What a table server (`tavern serve`) keeps between connections and restarts.
//!
//! The server runs the same authority as a live table; a [`Store`] is where its games
//! live when nobody is playing them. The host implements it over an SQLite index and
//! one ordinary save file per game; the tests implement it in memory. The server calls
//! it under a game's lock:
//!
//! - a connection whose token no live game knows asks [`Store::find`], and the game is
//!   rebuilt with [`Store::open`] (an idle game is only its log and its index rows);
//! - after every change, [`Store::write`] runs *before* anyone is told of it, so an
//!   action a player saw applied is on disk; when the write fails the game goes back to
//!   what was last written ([`Store::reload`]) and the action is refused;
//! - the last player leaving a game with no bot to move unloads it again.

use crate::authority::Authority;
use crate::backend::Backend;
use crate::deal::Deal;
use crate::proto::{GameRequest, GameStatus, TurnClock};

/// A game's number on its server.
pub type GameId = usize;

/// A turn that ran out: the game, the seat and what its clock says to do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Overdue {
    pub game: GameId,
    pub seat: usize,
    pub clock: TurnClock,
}

pub trait Store<B: Backend>: Send + Sync + 'static {
    /// Makes a new game as `request` asks and writes it down; its id and its
    /// authority, or why not, in words for the creator. With `deal` (the server's secret
    /// and the creator's contribution) the seed is [`crate::deal::derive_seed`] of them
    /// and the save keeps the deal; without, the server picks the seed.
    fn create(
        &self,
        request: &GameRequest,
        deal: Option<Deal>,
    ) -> Result<(GameId, Authority<B>), String>;
    /// The save of the finished game `token` opens, as released to its players (the
    /// deal's secret in it); why not, in words, while it is in progress.
    fn replay(&self, token: &str) -> Result<String, String>;
    /// The game whose seat or spectators `token` opens.
    fn find(&self, token: &str) -> Option<GameId>;
    /// Game `id` rebuilt from its log, with its seats.
    fn open(&self, id: GameId) -> Result<Authority<B>, String>;
    /// Game `id` as last written (the game alone, for [`Authority::replace_backend`]).
    fn reload(&self, id: GameId) -> Result<B, String>;
    /// Writes game `id` as it stands now, durably, whole or not at all.
    fn write(&self, id: GameId, authority: &Authority<B>) -> Result<(), String>;
    /// How the games these tokens open stand, from the index alone (no game is loaded).
    fn status(&self, tokens: &[String]) -> Vec<GameStatus>;
    /// Seats whose turn clock ran out by `now` (seconds since 1970).
    fn overdue(&self, now: u64) -> Vec<Overdue>;
}

/// Seconds since 1970, the clock the index keeps.
pub fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}
