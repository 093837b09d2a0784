//! Tavern's live online table.
//!
//! One process, the authority ([`authority::Authority`]), owns the game in progress
//! through a [`backend::Backend`] (the host's session); players connect over iroh
//! ([`server::Server`], [`client::Remote`]) with an invitation ([`ticket::Ticket`]) and
//! each receives only what [`outgoing::frame_for`] builds for their seat. A table server
//! (`tavern serve`) runs the same server over a [`store::Store`], where games wait
//! between turns and survive restarts.
//!
//! Dependency direction: this crate knows plugin-api and not the host; the host
//! implements `Backend` for its `Session`.

pub mod authority;
pub mod backend;
pub mod client;
mod clock;
pub mod deal;
pub mod delta;
pub mod endpoint;
pub mod load;
pub mod local;
pub mod outgoing;
pub mod proto;
pub mod server;
pub mod store;
mod table_server;
pub mod ticket;
pub mod wire;

pub use authority::{Authority, Change, ClockJob, Joined, Refusal, SeatConfig, StoredSeat};
pub use backend::{Backend, BackendError, Decision, LogItem, Preview};
pub use client::{Event, Remote};
pub use endpoint::{NetConfig, NetError, Relay};
pub use proto::{
    AtDeadline, ClientMsg, ErrorCode, GameRequest, GameStatus, SeatFrame, ServerMsg, TurnClock,
};
pub use server::{Hosting, Server};
pub use store::{GameId, Overdue, Store};
pub use ticket::Ticket;
