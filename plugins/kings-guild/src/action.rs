//! Actions: small serde values that name what they do, so a saved log keeps its meaning.

use serde::{Deserialize, Serialize};

use crate::data::{Colour, RES};
use crate::model::Loc;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    // ---- chance ----
    /// The setup shuffles: a permutation of every pile that setup draws from.
    Deal(Box<Deal>),
    /// One treasure drawn from the pending colour (a kind id).
    Drawn {
        kind: u8,
    },

    // ---- the turn ----
    Gather {
        take: [u8; RES],
    },
    /// Craft the items of the quest in `slot` named by `items` (bit 0 first, bit 1 second).
    Craft {
        slot: u8,
        items: u8,
    },
    Build {
        room: u8,
        cell: u8,
    },
    Hire {
        index: u8,
        at: Loc,
        baggage: Option<u8>,
    },
    Offer,
    /// Play a treasure; `arg` is its choice (a resource, a colour, the card a map goes with).
    Play {
        kind: u8,
        arg: u8,
    },
    Sell {
        kind: u8,
    },
    Peek,
    Move {
        spec: u8,
        to: Loc,
    },
    EndTurn,

    // ---- answers to a pending decision ----
    Discard {
        res: u8,
    },
    Bid(u8),
    Colours {
        colours: Vec<Colour>,
    },
    Keep {
        kind: u8,
    },
    Toss {
        kind: u8,
    },
    Res {
        res: u8,
    },
    /// Pay a coin for the offered treasure (hero specialists, the next player's Wonders).
    Accept,
    Decline,
    Place {
        at: Loc,
    },
    BuyRelic {
        kind: u8,
    },
    Trade {
        give: u8,
        take: u8,
    },
    Steal {
        from: u8,
        res: u8,
    },
    TakeQuest {
        slot: u8,
    },
    Destroy {
        kind: u8,
        arg: u8,
    },
    ThugTo {
        slot: u8,
    },
    StartBonus {
        take: [u8; RES],
    },
}

/// Every pile setup shuffles, each as a full permutation of its ids.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    pub masters: Vec<u8>,
    /// Specialist ids of decks A, B and C.
    pub specialists: [Vec<u8>; 3],
    /// Quest ids: Age I basic, Age I gems/magic, Age II.
    pub quests: [Vec<u8>; 3],
    /// The quest deck's Age I part after its two halves are shuffled together: a
    /// permutation of positions 0..2k.
    pub age1_mix: Vec<u8>,
    pub boards: Vec<u8>,
    pub guilds: Vec<u8>,
}
