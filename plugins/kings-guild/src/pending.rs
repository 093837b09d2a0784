//! The queue of decisions (and draws) waiting before play goes on: plain data, below
//! the state and the notes that both name them.

use serde::{Deserialize, Serialize};

use crate::data::{Colour, ExtraKind};

/// A decision (or a draw) waiting before play goes on, first in the queue first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// A chance step: `seat` draws a treasure of `colour` into its hand, or into the
    /// shared quest's pool.
    Draw {
        seat: u8,
        colour: Colour,
        pool: bool,
    },
    /// Choose `n` colours to draw (a map, the Merchant, the Minstrel, an unavailable colour).
    Colours {
        seat: u8,
        n: u8,
        why: Why,
    },
    /// The completer of a shared quest keeps `keep` cards of the pool; the rest go to `other`.
    Keep {
        seat: u8,
        other: u8,
        keep: u8,
    },
    /// Discard `n` treasures from hand (Merchant, Appraiser).
    Toss {
        seat: u8,
        n: u8,
    },
    /// A hero specialist's offer: pay 1 coin for a treasure of `colour`.
    HeroPay {
        seat: u8,
        colour: Colour,
    },
    /// The Appraiser's optional extra draw.
    Appraiser {
        seat: u8,
    },
    /// The next player's half of a Scroll of Plenty: 1 resource of a chosen type.
    PlentyNext {
        seat: u8,
    },
    /// The next player's half of a Scroll of Wonders: pay 1 coin for a treasure not of `except`.
    WondersNext {
        seat: u8,
        except: Colour,
    },
    /// Hire a specialist without an action (a Contract).
    Hire {
        seat: u8,
    },
    /// An extra action from a specialist.
    Extra {
        seat: u8,
        kind: ExtraKind,
    },
    /// Place a specialist taken for free (the Overseer's).
    PlaceSpec {
        seat: u8,
        spec: u8,
    },
    /// Place a room at no cost: the King's Statue after the funeral, the Shrine at setup.
    PlaceRoom {
        seat: u8,
        room: u8,
    },
    Curator {
        seat: u8,
    },
    Alchemist {
        seat: u8,
        left: u8,
    },
    Smuggler {
        seat: u8,
    },
    Witch {
        seat: u8,
    },
    Warlock {
        seat: u8,
    },
    Thug {
        seat: u8,
    },
    /// A guild's two starting resources.
    StartBonus {
        seat: u8,
    },
    /// The King's Funeral: simultaneous secret bids; the quest space to fill afterwards.
    Funeral {
        bids: Vec<Option<u8>>,
        slot: u8,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Why {
    Map,
    Merchant,
    Minstrel,
    Starfall,
    Wonders,
    /// A fixed-colour draw whose colour has run out.
    Replace,
    /// A shared quest's draw whose colour has run out (the card goes to the pool).
    ReplacePool,
    Appraiser,
    /// The second half of a Wonders scroll, paid: one of the colours except this one.
    WondersPaid(Colour),
}

impl Pending {
    /// The seat that answers, `None` for a draw (chance) or the funeral (everyone).
    pub fn seat(&self) -> Option<usize> {
        let s = match self {
            Pending::Draw { .. } | Pending::Funeral { .. } => return None,
            Pending::Colours { seat, .. }
            | Pending::Keep { seat, .. }
            | Pending::Toss { seat, .. }
            | Pending::HeroPay { seat, .. }
            | Pending::Appraiser { seat }
            | Pending::PlentyNext { seat }
            | Pending::WondersNext { seat, .. }
            | Pending::Hire { seat }
            | Pending::Extra { seat, .. }
            | Pending::PlaceSpec { seat, .. }
            | Pending::PlaceRoom { seat, .. }
            | Pending::Curator { seat }
            | Pending::Alchemist { seat, .. }
            | Pending::Smuggler { seat }
            | Pending::Witch { seat }
            | Pending::Warlock { seat }
            | Pending::Thug { seat }
            | Pending::StartBonus { seat } => *seat,
        };
        Some(s as usize)
    }
    /// While these resolve, the storage and hand limits wait (an effect finishes first).
    pub fn holds_limits(&self) -> bool {
        matches!(
            self,
            Pending::Draw { .. } | Pending::Keep { .. } | Pending::Toss { .. }
        )
    }
}
