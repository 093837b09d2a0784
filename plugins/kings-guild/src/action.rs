//! Actions: small serde values that name what they do, so a saved log keeps its meaning.

use serde::{Deserialize, Serialize};

use crate::data::{Colour, RES};
use crate::model::Loc;

// A word-sized tag puts every variant's fields at an aligned offset, so a listed gather
// is written as whole words (a byte tag left its six amounts to six byte stores).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u64)]
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
        colours: ColourList,
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

/// Up to three colours in order (the most any choice asks for), kept inline so that an
/// [`Action`] stays small and needs no freeing (playouts list and drop millions); saved
/// as a plain list.
#[derive(Clone, Copy)]
pub struct ColourList {
    len: u8,
    colours: [Colour; 3],
}

impl ColourList {
    pub const MAX: usize = 3;
    /// `None` when there are more than [`ColourList::MAX`].
    pub fn new(colours: &[Colour]) -> Option<ColourList> {
        if colours.len() > Self::MAX {
            return None;
        }
        let mut list = ColourList {
            len: colours.len() as u8,
            colours: [Colour::Blue; 3],
        };
        list.colours[..colours.len()].copy_from_slice(colours);
        Some(list)
    }
    pub fn one(c: Colour) -> ColourList {
        ColourList {
            len: 1,
            colours: [c, Colour::Blue, Colour::Blue],
        }
    }
}

/// The colours listed; the unused places do not count.
impl PartialEq for ColourList {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for ColourList {}

impl std::ops::Deref for ColourList {
    type Target = [Colour];
    fn deref(&self) -> &[Colour] {
        &self.colours[..self.len as usize]
    }
}

impl std::fmt::Debug for ColourList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for ColourList {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for ColourList {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<Colour>::deserialize(d)?;
        ColourList::new(&v).ok_or_else(|| serde::de::Error::custom("at most three colours"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_lists_save_as_plain_lists_of_at_most_three() {
        let a = Action::Colours {
            colours: ColourList::one(Colour::Red),
        };
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, r#"{"colours":{"colours":["red"]}}"#);
        assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), a);
        let three = r#"{"colours":{"colours":["blue","blue","yellow"]}}"#;
        let back: Action = serde_json::from_str(three).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), three);
        let four = r#"{"colours":{"colours":["blue","blue","red","red"]}}"#;
        assert!(serde_json::from_str::<Action>(four).is_err());
        assert_ne!(
            ColourList::new(&[Colour::Red]),
            ColourList::new(&[Colour::Red, Colour::Blue])
        );
    }
}
