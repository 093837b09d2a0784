//! What a change of state did, as plain data. The appliers return these records and
//! `log` writes the log text from them, so a playout (`apply_quiet`) changes the state
//! exactly as a logged action does and builds no text at all.

pub use crate::pieces::WinKind;
use crate::pieces::{Action, GhostMove};

/// What a seat's decision did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Done {
    StartTreasure {
        treasure: u8,
    },
    /// `shown`: placed face up because an opponent cast Disclosure.
    Placed {
        strength: u8,
        loc: u8,
        shown: bool,
    },
    NamedStart {
        seat: u8,
    },
    MarketPassed,
    MarketGave {
        treasure: u8,
    },
    MarketTook {
        treasure: u8,
    },
    RefusedBribe,
    /// One treasure handed to the guard: `total` of `owed` paid so far.
    Bribed {
        treasure: u8,
        total: u8,
        owed: u8,
    },
    /// Declined to buy in `room` (the artefact on offer, when one stack was chosen).
    DeclinedBuy {
        room: u8,
        artefact: Option<u8>,
    },
    ChoseStack {
        artefact: u8,
    },
    /// One worker's price put aside, before the last one completes the purchase.
    SetAside {
        strength: u8,
        treasure: u8,
    },
    /// A purchase paid: `need[i]` of treasure type `paid[i]` per worker.
    Bought {
        room: u8,
        need: Vec<u8>,
        paid: Vec<u8>,
        got: Purchase,
    },
    /// A response window let go by (which window it was).
    Passed {
        window: WinKind,
    },
    PassedRound,
    Invoked {
        artefact: u8,
    },
    Cast {
        spell: u8,
    },
    Mirrored {
        loc: u8,
        strength: u8,
    },
    /// A spell's target chosen (the choosing action, as the cast records it).
    Targeted(Action),
    /// A drawn spell kept; each of the `others` went to `give_to` (or under the deck).
    Kept {
        spell: u8,
        others: u8,
        give_to: Option<usize>,
    },
    PaidOne {
        treasure: u8,
        paid: u8,
        owed: u8,
    },
    /// Refused a Levy (the worker at `levy` goes home) or Extortion (`None`: every
    /// castle worker goes home).
    RefusedPay {
        levy: Option<u8>,
    },
    TookOne {
        treasure: u8,
    },
    Traded {
        give: u8,
        take: u8,
    },
    TradeDone,
    EvictedBack {
        victim: usize,
        loc: u8,
    },
    /// Rearrange: `tile` goes on top of the stack.
    Rearranged {
        tile: u8,
    },
    /// Choice: `tile` taken from the searched stack.
    PickedTile {
        tile: u8,
    },
    Withdrew {
        loc: u8,
    },
    LeftGhosts,
    SentGhostHome {
        ghost: usize,
        loc: u8,
    },
}

/// How a paid purchase ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purchase {
    /// Choice: the buyer now searches the stack.
    Searching,
    /// The artefact taken; `last`: it was the castle's last one.
    Took { artefact: u8, last: bool },
}

/// What a chance outcome did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChanceDone {
    ArtefactsShuffled,
    /// The workers at this location were turned up (its resolution begins).
    Revealed {
        loc: u8,
    },
    RoundStarted {
        card: u16,
    },
    SpellsShuffled,
    StackShuffled,
    /// `under`: spells put face down under the deck (harder ghosts, at setup).
    GhostShuffled {
        ghost: usize,
        under: Option<usize>,
    },
    /// Evict with ghosts: the parties (bit per participant) that lost a worker.
    GhostEvicted {
        loc: u8,
        parties: u16,
    },
    /// A ghost's blind pick at the roundhouse; `second` got the other spell.
    GhostKept {
        ghost: usize,
        keep: u8,
        other: u8,
        second: Option<usize>,
    },
    /// A ghost's placement turn (the artefacts it turned up are in the action).
    GhostTurned {
        ghost: usize,
        mv: GhostMove,
    },
}

/// An automatic consequence of an action (a ghost's reward, a spell's effect on the
/// ghosts), logged on a line of its own under that action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    /// `kept`: the ghost already held the start marker.
    GhostStables {
        ghost: usize,
        kept: bool,
    },
    GhostMarket {
        ghost: usize,
    },
    GhostCottage {
        ghost: usize,
    },
    /// `drawn`: how many spells were left to draw (two: a blind pick follows).
    GhostRoundhouse {
        ghost: usize,
        drawn: usize,
    },
    GhostLedge {
        ghost: usize,
        cave: u8,
        ledge: usize,
        value: u16,
    },
    /// `choice`: its Choice spell earned it a spell too.
    GhostTook {
        ghost: usize,
        artefact: u8,
        loc: u8,
        choice: bool,
    },
    LastArtefact,
    /// A location's result as it is resolved: each party present, strongest first (ties
    /// already broken), with its total strength; at the guard room, the guard's too.
    Standing {
        loc: u8,
        len: u8,
        seats: [u8; crate::data::MAX_PLAYERS],
        strengths: [u16; crate::data::MAX_PLAYERS],
        guard: Option<u8>,
    },
    /// A player takes a cave ledge's treasures.
    PlayerLedge {
        seat: usize,
        cave: u8,
        ledge: usize,
        goods: [u8; crate::data::TYPES],
    },
    /// A spell's payment settled without a choice: `all` (Donation, Toll, Teleport): the
    /// payer had no more than owed and handed over everything; otherwise (Levy,
    /// Extortion) the payer publicly had too little and the worker(s) went home (`levy`:
    /// the Levy's worker's location).
    SettledPay {
        seat: usize,
        all: bool,
        levy: Option<u8>,
    },
    /// Levy or Extortion found nobody to pay.
    NobodyPays {
        spell: u8,
    },
    /// Get even (`odd` false) or Odd ones out sent players' workers (ravens counted)
    /// home from `loc`, so many per seat.
    Parity {
        loc: u8,
        odd: bool,
        counts: [u8; crate::data::MAX_PLAYERS],
    },
    /// Dragon leaves filled this cave (`None`: no cave was empty).
    DragonLeft {
        cave: Option<u8>,
    },
    /// A player wins the cottage: one more artefact this round.
    Cottage {
        seat: usize,
    },
    /// A player gets past the guard without a bribe (`key`: by the key).
    Entered {
        seat: usize,
        key: bool,
    },
    /// A player cannot get past the guard: no worker there to bribe with, or too few
    /// treasures for the bribe. Their castle workers go home.
    TurnedBack {
        seat: usize,
        in_guard_room: bool,
    },
    /// A buyer first in line cannot pay the price (or never got past the guard).
    CannotBuy {
        seat: usize,
        room: u8,
        entered: bool,
    },
    GhostCasts {
        ghost: usize,
        spell: u8,
    },
    Moonlight {
        ghost: usize,
        room: u8,
    },
    EvictMissed {
        ghost: usize,
    },
    SmugglerFull {
        ghost: usize,
    },
    NoDuplicate {
        ghost: usize,
    },
    NothingToSwap {
        ghost: usize,
    },
    Swapped {
        ghost: usize,
        give: u8,
        take: u8,
        room: u8,
    },
    /// A player's Extortion sent the weakest ghost counter home.
    ExtortedGhost {
        ghost: usize,
        strength: u8,
        loc: u8,
    },
    /// A player's Extortion found several equally weak ghost counters.
    ExtortionTie,
    /// Get even / Odd ones out: ghost counters sent home, counted per ghost.
    ParityHome {
        loc: u8,
        counts: [u8; crate::data::MAX_PLAYERS],
    },
}

/// What `apply` did: the record of the decision (and whose it was) or of the chance
/// outcome itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Seat(usize, Done),
    Chance(ChanceDone),
}
