//! What a state change did, recorded as plain data; the `applied` module turns it into log
//! text, so the quiet path for playouts formats nothing.

use crate::data::QCard;
use crate::data::{Colour, RES};
use crate::pending::{Pending, Why};

#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    Dealt,
    Gathered {
        seat: u8,
        got: [u8; RES],
    },
    /// Extra resources from gather specialists.
    GatherBonus {
        seat: u8,
        got: [u8; RES],
    },
    Discarded {
        seat: u8,
        res: u8,
    },
    Crafted {
        seat: u8,
        quest: u8,
        items: u8,
        coins: u32,
        fortune: u8,
    },
    ThugFee {
        seat: u8,
        owner: u8,
    },
    SigilPlaced {
        seat: u8,
        quest: u8,
    },
    Completed {
        seat: u8,
        quest: u8,
        first: Option<u8>,
    },
    QuestTaken {
        seat: u8,
        quest: u8,
    },
    Revealed {
        card: QCard,
    },
    QuestLeaves {
        quest: QCard,
    },
    /// The stuck-table rule took this quest off the board (to the sigil's owner, if every
    /// quest carried one).
    StuckLeaves {
        quest: QCard,
        keeper: Option<u8>,
        /// Nobody could act (else: the thirty-round backstop).
        certain: bool,
    },
    FuneralBegins,
    Bid {
        seat: u8,
    },
    FuneralResult {
        bids: Vec<u8>,
        winner: Option<u8>,
    },
    OfferingDrawn,
    Built {
        seat: u8,
        room: u8,
        cell: u8,
        cost: u32,
    },
    SpaceBonus {
        seat: u8,
        res: Option<u8>,
        amount: u32,
    },
    Hired {
        seat: u8,
        spec: u8,
        cost: u32,
        /// How many older specialists got a discount coin (none after a discounted hire,
        /// in the solo game, or when the right-most card was hired).
        discounted: u8,
    },
    FreeSpecialist {
        seat: u8,
        spec: u8,
    },
    SpecialistLeaves {
        spec: u8,
        why: Leaves,
    },
    Moved {
        seat: u8,
        spec: u8,
    },
    Offered {
        seat: u8,
        vizier: bool,
    },
    Played {
        seat: u8,
        kind: u8,
    },
    Sold {
        seat: u8,
        kind: u8,
        coins: u32,
    },
    Tossed {
        seat: u8,
        kind: u8,
    },
    Destroyed {
        seat: u8,
        kind: u8,
    },
    Drew {
        seat: u8,
        colour: Colour,
        kind: u8,
        pool: bool,
    },
    ColoursChosen {
        seat: u8,
        colours: Vec<Colour>,
        why: Why,
    },
    Kept {
        seat: u8,
        other: u8,
        kept: u8,
        passed: Vec<u8>,
    },
    Reshuffled {
        colour: Colour,
        removed_scroll: bool,
    },
    Gained {
        seat: u8,
        got: [u8; RES],
        coins: u32,
    },
    Lost {
        seat: u8,
        res: u8,
    },
    /// `what` is the decision declined.
    Declined {
        seat: u8,
        what: Pending,
    },
    /// 1 coin for a treasure of `colour`: a hero specialist's offer, or the next player's
    /// half of a Scroll of Wonders.
    Paid {
        seat: u8,
        colour: Colour,
        wonders: bool,
    },
    BoughtRelic {
        seat: u8,
        kind: u8,
    },
    Traded {
        seat: u8,
        give: u8,
        take: u8,
    },
    Stole {
        seat: u8,
        from: u8,
        res: u8,
    },
    ThugMoved {
        seat: u8,
        quest: u8,
    },
    Peeked {
        seat: u8,
        cards: Vec<QCard>,
    },
    TurnEnds {
        seat: u8,
        next: u8,
    },
    GameOver,
    Potion {
        seat: u8,
        lucky: bool,
    },
}

/// Why a specialist leaves the row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaves {
    /// Its discounts reached its cost.
    Discount,
    /// Solo: the right-most goes after an expand action.
    SoloExpand,
    /// Solo: the right-most goes when the King's Funeral comes out.
    SoloFuneral,
}
