//! What a change of state did, as small records; the log text is written from them by
//! [`crate::labels`], so the rules never format strings.

use crate::action::Action;
use crate::book::Item;
use crate::data::{Act, Good};
use crate::model::Deck;

/// The events one change reports, in order.
pub type Events = Vec<Event>;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Selected {
        seat: u8,
        villager: u8,
    },
    /// Villagers sent on a task; cats among them must still roll.
    Sent {
        seat: u8,
        villagers: Vec<u8>,
        explore: Option<bool>,
    },
    CatRoll {
        seat: u8,
        cat: u8,
        face: u8,
        obeys: bool,
    },
    CalledOff {
        seat: u8,
    },
    CaveTaken {
        seat: u8,
        cave: u8,
    },
    GridRoll {
        face: u8,
        paragraph: u16,
    },
    Chose {
        seat: u8,
        paragraph: u16,
        option: u8,
    },
    Paid {
        seat: u8,
        item: Item,
    },
    DieRolled {
        villager: Option<u8>,
        face: u8,
        reroll: bool,
    },
    Assigned {
        face: u8,
        villager: u8,
    },
    /// A 'coin with ghost' card paid its owner for a ghost sent by a banish.
    GhostCoin {
        seat: u8,
    },
    Rerolling {
        seat: u8,
        villager: Option<u8>,
        face: u8,
    },
    BoatSix {
        seat: u8,
        from: u8,
    },
    Exerted {
        seat: u8,
        villager: u8,
    },
    Outcome {
        seat: u8,
        lanterns: u8,
        need: u8,
        success: bool,
        bonus: bool,
        /// The outcome paragraph read (its failure text when it failed).
        read: crate::book::Ref,
    },
    Gained {
        seat: u8,
        item: Item,
    },
    /// A reward the supply or the board could not give (the card or villager is gone).
    Missed {
        seat: u8,
        item: Item,
    },
    CaveKept {
        seat: u8,
        cave: u8,
        pearl: bool,
    },
    Built {
        seat: u8,
        card: u8,
        cost: u8,
        on_cave: Option<u8>,
    },
    Hired {
        seat: u8,
        villager: u8,
        slot: u8,
        cost: u8,
        ready: bool,
    },
    Ghost {
        seat: u8,
        placed: bool,
    },
    GhostPlaced {
        seat: u8,
        card: u8,
    },
    Banished {
        seat: u8,
        returned: u8,
        target: Option<(u8, u8)>,
    },
    Labored {
        seat: u8,
        villagers: u8,
        harvest: u8,
    },
    Harvested {
        seat: u8,
        good: Good,
    },
    Claimed {
        seat: u8,
        good: Good,
    },
    Coin {
        seat: u8,
        after: Act,
    },
    Reputation {
        seat: u8,
        k: i8,
    },
    Brews {
        seat: u8,
        k: i64,
    },
    Boats {
        seat: u8,
        k: u8,
    },
    GoodsOnCard {
        seat: u8,
        card: u8,
        k: u8,
    },
    Sale {
        seat: u8,
        good: Option<Good>,
    },
    OfferStep {
        buyer: u8,
        seller: u8,
    },
    OfferMade {
        buyer: u8,
        seller: u8,
        coins: u8,
        brews: u8,
        good: Good,
    },
    Withdrawn {
        buyer: u8,
    },
    Answer {
        accept: bool,
        buyer: u8,
        seller: u8,
        coins: u8,
        brews: u8,
        good: Good,
    },
    Refreshed {
        seat: u8,
        outposts: bool,
    },
    BoatCoin {
        seat: u8,
    },
    Tracked {
        seat: u8,
        good: Good,
        slot: u8,
    },
    TurnEnded {
        seat: u8,
    },
    Passed {
        seat: u8,
    },
    Bed {
        seat: u8,
        villager: u8,
        to_ready: bool,
    },
    BrewUsed {
        seat: u8,
        villager: u8,
        to_ready: bool,
    },
    RestDone {
        seat: u8,
    },
    RobotRest {
        seat: u8,
        villager: u8,
    },
    Haunt {
        seat: u8,
        k: u8,
    },
    RoundEnds {
        round: u8,
    },
    GameOver,
    Income {
        seat: u8,
        coins: i64,
    },
    Refilled {
        seat: u8,
        card: u8,
        k: u8,
    },
    RoundStarts {
        round: u8,
        first: u8,
    },
    Drew {
        deck: Deck,
        card: u8,
    },
    Next {
        seat: u8,
    },
    /// Any other decision, named by its action (labels only).
    Did {
        seat: u8,
        action: Action,
    },
}
