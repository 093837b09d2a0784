//! The atomic decisions and chance outcomes of Dragonkeepers.

use serde::{Deserialize, Serialize};

use crate::model::{End, Item, Page};

/// Which pile a shuffle outcome orders.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub enum Deck {
    Starting,
    Left,
    Right,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub enum Action {
    /// Chance: the pile's new order, bottom first, as offsets into that pile's card ids.
    Shuffle {
        deck: Deck,
        order: Vec<u8>,
    },
    /// Chance: the amulet pieces returned to the box face down.
    RemovePieces {
        pieces: Vec<u8>,
    },
    /// Chance: the one magic chest revealed in the "random chest" variant.
    RevealChest {
        item: Item,
    },
    /// Chance: the face-down pearl drawn for a ring just closed.
    DrawPearl {
        pearl: u8,
    },
    /// Pay a crystal: take the top card of both pages (dragon mint, start of own turn).
    UseMint,
    TakeDisplay {
        page: Page,
    },
    /// Return a crystal to be allowed a fourth card this turn.
    PayCrystalForFourth,
    PlaceOnPage {
        card: u8,
        page: Page,
    },
    /// Switch an item on for the coming play; its crystal is paid when the play is made.
    Arm {
        item: Item,
    },
    Disarm {
        item: Item,
    },
    /// Add a hand card to the running selection (undo takes it back out).
    Select {
        card: u8,
    },
    /// Lay out the selection; `end` says where a new colour's stack goes.
    Play {
        end: Option<End>,
    },
    /// Twilight flute: the played cards except `keep` go back to hand.
    UseFlute {
        keep: u8,
    },
    EndTurn,
    /// A completing player declines to play, or is done.
    Pass,
    // New variants go last: saves name variants, so the order is free, and last keeps it
    // the order they came in.
    /// Chance: the seat drawn by lot to start (the "random" start option).
    StartPlayer {
        seat: usize,
    },
    /// Switch the green ore hammer on for the reward's `piece`-th lowest amulet piece (0 =
    /// the first, which `Arm` chooses); offered when the reward has two and it matters.
    HammerOn {
        piece: u8,
    },
    /// Put every card picked for the play back in the hand (the table's Cancel).
    Unpick,
}

impl Action {
    /// A tentative part of a play still being put together (a picked card, an item
    /// switched on or off): the host keeps these as the steps of one plan until the play,
    /// the end of the turn or the pass that follows. None of them reveals anything or
    /// leads to a chance step.
    pub fn is_plan_step(&self) -> bool {
        matches!(
            self,
            Action::Select { .. }
                | Action::Arm { .. }
                | Action::Disarm { .. }
                | Action::HammerOn { .. }
                | Action::Unpick
        )
    }
}
