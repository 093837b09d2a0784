//! What travels between an authority and its clients, as serde types.
//!
//! Every frame on the wire is one of [`ClientMsg`] or [`ServerMsg`], JSON inside a length
//! prefix (see `wire`). The protocol version is checked once, in the handshake
//! ([`ClientMsg::Hello`] / [`ServerMsg::Welcome`]); a change to any type here that an
//! older peer would misread bumps [`PROTOCOL_VERSION`].
//!
//! Nothing here carries game data a viewer may not have: actions are chosen by their
//! position in the list the viewer was sent ([`ClientMsg::Act`]), never sent as JSON,
//! so a client needs no action data at all and the authority never sends any.

use serde::{Deserialize, Serialize};
use tavern_plugin_api::{ChoiceKind, Outcome, View};

/// The version of this protocol. Both sides name theirs in the handshake.
pub const PROTOCOL_VERSION: u32 = 4;

/// The most bytes one frame may hold (the length prefix not counted). A scene is tens
/// of kilobytes; a frame over this is refused unread.
pub const MAX_FRAME: usize = 4 << 20;

/// Seconds without a packet after which a connection counts as dead (its seat is free).
pub const DEAD_PEER_SECS: u64 = 15;

/// A frame from a client.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    /// The first frame: which protocol and game version the client speaks, and the
    /// token of the invitation it holds.
    Hello {
        protocol: u32,
        game: String,
        version: String,
        token: String,
        /// The player's name, shown to the others (a profile's name).
        #[serde(default)]
        name: String,
    },
    /// Entry `index` of the legal list in the frame of revision `revision` (the one the
    /// player looked at), for `seat`. A step starts or extends the seat's plan on the
    /// authority; any other entry is applied (confirming the plan, if one is open).
    Act {
        seat: usize,
        revision: u64,
        index: usize,
    },
    /// Drop the seat's open plan.
    CancelPlan { seat: usize },
    /// Take back the seat's own last move. At once when nobody else acted and nothing
    /// was revealed since; otherwise it asks every other human seat. With a plan open,
    /// it takes back the plan's last step instead.
    Undo { seat: usize },
    /// Answer the undo request now open.
    Vote { seat: usize, accept: bool },
    /// Ask the normal bot's opinion of the seat's choices in the frame of `revision`
    /// (after its open plan's steps). Answered to this connection only, with
    /// [`ServerMsg::Hint`] or an error frame of code [`ErrorCode::Hint`].
    Hint { seat: usize, revision: u64 },
    /// Polite goodbye (a dropped connection means the same).
    Bye,
    /// Instead of a handshake, to a table server's ticket: make a game there. Answered
    /// with [`ServerMsg::Created`] (or an error frame), then the connection ends.
    Create { protocol: u32, request: GameRequest },
    /// Instead of a handshake, to a table server's ticket: commit to a secret for the
    /// deal of a game about to be made. Answered with [`ServerMsg::Commitment`]; the
    /// create request then names it with the creator's contribution (see `deal`).
    Commit { protocol: u32 },
    /// Instead of a handshake: the whole save of a finished game the token opens, the
    /// deal's secret included, for `tavern check`. Answered with [`ServerMsg::Replay`].
    Replay { protocol: u32, token: String },
    /// Instead of a handshake, to a table server's ticket: how the games these seat or
    /// spectator tokens open stand (the launcher's *Online games*). Answered with
    /// [`ServerMsg::Status`]; tokens the server does not know are left out.
    Status { protocol: u32, tokens: Vec<String> },
}

/// A game to make on a table server ([`ClientMsg::Create`]).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Default)]
pub struct GameRequest {
    /// The game's id and the plugin version the creator has (the server refuses another).
    pub game: String,
    pub version: String,
    pub players: usize,
    /// Game options as KEY=VALUE, as `tavern new --option` takes them.
    #[serde(default)]
    pub options: Vec<String>,
    /// Seat names, in seat order (missing ones get the game's default names).
    #[serde(default)]
    pub names: Vec<String>,
    /// Seats the server's bot plays: (seat from 0, level 1–3).
    #[serde(default)]
    pub bots: Vec<(usize, u8)>,
    /// The turn clock, if the game has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<TurnClock>,
    /// The commitment the server answered [`ClientMsg::Commit`] with and the creator's
    /// random contribution (64 hex digits each): the seed comes from both. Without it
    /// the server deals alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<Contribution>,
}

/// The creator's part of a deal.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Contribution {
    pub commitment: String,
    pub contribution: String,
}

/// How long a seat may take over its turn, and what happens at the deadline.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct TurnClock {
    /// Seconds from the moment a seat must act (hours or days in a real game).
    pub seconds: u64,
    pub at_deadline: AtDeadline,
}

/// What the server does for a seat whose time is up.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum AtDeadline {
    /// The bot plays the seat's move.
    Bot,
    /// The seat passes: its game's pass or default move ("End turn"), or where the game
    /// has none at that moment, the bot's move.
    Skip,
}

/// One game a player sits in on a table server, as the launcher lists it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct GameStatus {
    /// The token asked about.
    pub token: String,
    /// The game's id and display name.
    pub game: String,
    pub name: String,
    /// The seat the token opens (`None`: the spectators') and its name.
    pub seat: Option<usize>,
    pub seat_name: String,
    /// The names of the seats to act now.
    pub to_act: Vec<String>,
    /// Whether the token's seat is among them.
    pub your_turn: bool,
    /// Since when (seconds since 1970) the seats to act have been waiting.
    pub since: u64,
    /// When the turn clock runs out, if the game has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<u64>,
    pub over: bool,
}

/// A frame from the authority. Tagged beside its content (`{"type": …, "data": …}`)
/// rather than inside it, so a reader that meets the tag first reads the content
/// straight into its type instead of buffering a whole frame to look for the tag.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(tag = "type", content = "data", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The handshake's answer: the game and the seat this connection plays (`None`
    /// for a spectator).
    Welcome {
        protocol: u32,
        game: String,
        name: String,
        version: String,
        seat: Option<usize>,
        /// How a table server's game was dealt (the seed's hash, never the seed).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deal: Option<crate::deal::DealSummary>,
    },
    /// The game as this viewer may see it (see `outgoing`), whole: a connection's first.
    Frame(Box<SeatFrame>),
    /// The next frame on the same connection, its scene given as what changed since the
    /// last (see `delta`); a client makes it whole with [`crate::delta::whole`].
    Update(Box<crate::delta::FrameUpdate>),
    /// A refusal: what was wrong, in words. The game did not change.
    Error { code: ErrorCode, message: String },
    /// The answer to [`ClientMsg::Hint`], built by `outgoing::hint_for`.
    Hint(Box<HintReply>),
    /// The answer to [`ClientMsg::Create`]: the new game's invitations as ticket text,
    /// one per seat in seat order, then the spectators'.
    Created { tickets: Vec<String> },
    /// The answer to [`ClientMsg::Status`].
    Status { games: Vec<GameStatus> },
    /// The answer to [`ClientMsg::Commit`]: the hash of the server's secret.
    Commitment { commitment: String },
    /// The answer to [`ClientMsg::Replay`]: the finished game's save file.
    Replay { save: String },
}

/// What kind of problem an error frame names.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Protocol, game or plugin version differ; the connection ends.
    Version,
    /// No seat or spectator has this token, or another player holds the seat.
    Token,
    /// A frame for a seat this connection does not play.
    NotYourSeat,
    /// Not this seat's turn, no such entry, or a list that has changed since.
    Stale,
    /// The game refused the action or the request (undo not possible).
    Refused,
    /// Bytes that are not a frame, or a frame over the size limit.
    BadFrame,
    /// The game's code failed on the authority; the game keeps its last good state.
    Game,
    /// No hint now (not the seat's turn, hints are off for this game, one is already
    /// being worked out, or the game moved on while it was): the message says which.
    Hint,
    /// The table server could not write the move down, so it was not made (a full
    /// disk): the game stands as before it.
    Storage,
    /// A table server's request (create, status) that it cannot serve: the message
    /// says why (an unknown game, bad options, a server that keeps no games).
    Server,
}

/// Everything one viewer receives about the game, built by `outgoing::frame_for`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Default)]
pub struct SeatFrame {
    /// Changes with every change this viewer can see; an [`ClientMsg::Act`] names it.
    pub revision: u64,
    pub game: String,
    /// The seat this frame is for; `None` for a spectator.
    pub viewer: Option<usize>,
    /// Seats to act now (empty while the game is over).
    pub to_act: Vec<usize>,
    pub over: bool,
    /// The table: the viewer's view (the plan's preview while the viewer has a plan open).
    pub view: View,
    /// The viewer's choices when it must act, in the game's order: `Act` names one by
    /// its index. Empty otherwise.
    pub legal: Vec<Choice>,
    /// Steps in the viewer's open plan (0 when none is open). Only the count: the steps
    /// themselves stay on the authority.
    #[serde(default)]
    pub plan_steps: usize,
    /// The log as this viewer reads it, from entry `log_from` on; the client keeps
    /// what it has before `log_from` and replaces the rest.
    pub log_from: usize,
    pub log: Vec<LogLine>,
    pub seats: Vec<SeatStatus>,
    /// An undo request waiting for answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undo_vote: Option<UndoVote>,
    /// The final result, once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// Whether this seat may ask for a hint ([`ClientMsg::Hint`]) on its turns.
    #[serde(default)]
    pub hints: bool,
}

/// One entry of a legal list, without its action.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Choice {
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    #[serde(default, skip_serializing_if = "ChoiceKind::is_plain")]
    pub kind: ChoiceKind,
}

/// One log entry as one viewer reads it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct LogLine {
    /// The acting seat; `None` for a chance step.
    pub seat: Option<usize>,
    pub text: String,
    #[serde(default)]
    pub reveal: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub routine: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
}

/// A seat as every viewer sees it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct SeatStatus {
    pub name: String,
    /// Played by a bot on the authority (from the start, or handed over).
    pub bot: bool,
    /// A person's seat whose player is connected now (always true for a bot's seat).
    pub connected: bool,
}

/// An undo request waiting for every other human seat.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct UndoVote {
    pub requester: usize,
    /// The log length the game goes back to when all accept.
    pub to: usize,
    /// Seats that have not answered yet.
    pub waiting: Vec<usize>,
}

/// The normal bot's opinion of one seat's choices, as that seat may read it: entries of
/// the legal list by their index, never the actions behind them, and no timing (which
/// the client measures itself). Worked out from the seat's information only (the
/// search re-deals what the seat cannot know), so a seat's twin gets the same bytes.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct HintReply {
    /// The seat it is for.
    pub seat: usize,
    /// The revision of the frame whose list the indices point into.
    pub revision: u64,
    /// The entry the bot would play.
    pub best: usize,
    /// The candidates the search rated, best first (empty when the game's plugin gives
    /// no ratings).
    pub rated: Vec<RatedChoice>,
    /// Simulated games the search ran (0: the seat had one choice).
    pub iterations: u32,
}

/// How the search rated one entry of the seat's list.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct RatedChoice {
    pub index: usize,
    pub visits: u32,
    /// The estimated chance of winning after it.
    pub win: f64,
    /// What the search ranks by (the chance plus a little score margin).
    pub value: f64,
    /// The mean score margin in points after it.
    pub margin: f64,
}
