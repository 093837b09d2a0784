//! The contract between the Tavern host and its game plugins.
//!
//! A game crate implements [`Game`] on plain data and calls [`export_game!`] once; that
//! macro produces the C entry point the host loads. Everything that crosses the
//! boundary is one of the serde types in [`proto`], encoded as JSON, so neither side
//! depends on the other's Rust layout.

pub mod abi;
pub mod bot;
pub mod conformance;
pub mod game;
pub mod layout;
pub mod lesson;
pub mod playout;
pub mod proto;
pub mod rng;
pub mod scene;
pub mod search;
pub mod versions;
pub mod words;

pub use game::{Applied, Game, GameError, Legal};
pub use proto::ChoiceKind;
pub use proto::{
    ActionEntry, GameInfo, OptionChoice, OptionCondition, OptionSpec, OtherScore, Outcome,
    ScoreLine, SeatKind, SeatScore, SeatSetup, Setup, ToAct, View,
};
pub use rng::GameRng;
pub use scene::Scene;

/// Re-exported so the [`export_game!`] expansion and plugin authors use the same serde.
pub use serde;
pub use serde_json;
