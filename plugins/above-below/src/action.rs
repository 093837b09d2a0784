//! Every decision as a small value that names what it does, so a saved log keeps its
//! meaning when the list of choices is reordered.

use serde::{Deserialize, Serialize};

use crate::data::Good;
use crate::model::Deck;

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// A step of the plan: this ready villager takes part in the coming action.
    Select {
        villager: u8,
    },
    /// Confirms: the chosen villagers explore the top card of a cave deck.
    Explore {
        dangerous: bool,
    },
    /// Confirms: the chosen hammer villager builds this card.
    Build {
        card: u8,
    },
    /// Confirms: the chosen quill villager hires from slot 0..5.
    Hire {
        slot: u8,
    },
    /// Confirms: the chosen quill villager banishes, sending the kept ghost to building
    /// `building` (houses first, then outposts) of `seat`.
    Banish {
        seat: u8,
        building: u8,
    },
    /// Banish with no open building anywhere: every ghost goes back, no reward.
    BanishAll,
    /// Put a ghost just gained on own building `building` (houses first, then outposts).
    PlaceGhost {
        building: u8,
    },
    /// Confirms: the chosen villagers labor.
    Labor,
    /// Take one good from own building `building` (houses first, then outposts).
    Harvest {
        building: u8,
    },
    DoneHarvest,
    /// The encounter choice, 0 or 1.
    Choose {
        option: u8,
    },
    /// "Roll dice first": die `die` goes to explorer `villager`.
    Assign {
        die: u8,
        villager: u8,
    },
    Reroll {
        die: u8,
    },
    /// A ready boat turns die `die` into a 6.
    BoatSix {
        die: u8,
    },
    Exert {
        villager: u8,
    },
    /// The dice stand: read the outcome.
    Accept,
    /// Put this good up for sale (replacing any other), or take it down (`None`).
    Sell {
        good: Option<Good>,
    },
    /// A step of an offer to `seller`: one more coin or brew.
    OfferAdd {
        seller: u8,
        brew: bool,
    },
    Offer,
    Withdraw,
    /// The seller's answer.
    Answer {
        accept: bool,
    },
    Refresh {
        outposts: bool,
    },
    BoatCoin,
    Track {
        good: Good,
    },
    EndTurn,
    Pass,
    Bed {
        villager: u8,
    },
    Brew {
        villager: u8,
    },
    RestDone,
    // Chance outcomes.
    Draw {
        deck: Deck,
        card: u8,
    },
    Roll {
        face: u8,
    },
}
