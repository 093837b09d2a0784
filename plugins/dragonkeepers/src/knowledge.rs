//! What the whole table has seen of each card, kept for `determinize`.
//!
//! A card is *public* once everyone has seen its front (on the display, in a row, as a
//! shadow-dragon reward). A public card in a hand stays known to be there until it leaves
//! face down: then the others only see its back, so any card of that hand with the same
//! back could be the one that went. Those cards and the placed one form a *mix*: the
//! public cards among them are known to lie somewhere in the mix's places (that hand or
//! that page slot), not which one. Mixes are tagged on the true card ids, which is the
//! same as tagging the places they occupy, and they only grow or lose members as cards
//! are seen again; the tags themselves come from public events only.

use serde::{Deserialize, Serialize};

use crate::data::card;

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, Default)]
pub struct Seen {
    /// Bit per card id: everyone has seen this card's front.
    pub public: [u64; 2],
    /// (card, mix) for the cards in a mix; usually empty.
    pub mixed: Vec<(u8, u16)>,
    /// The next unused mix tag.
    pub next_mix: u16,
}

impl Seen {
    pub fn is_public(&self, c: u8) -> bool {
        self.public[(c >> 6) as usize] & (1u64 << (c & 63)) != 0
    }

    pub fn mix_of(&self, c: u8) -> u16 {
        self.mixed
            .iter()
            .find(|m| m.0 == c)
            .map_or(0, |&(_, tag)| tag)
    }

    /// Everyone sees `c`'s front where it now lies.
    pub fn reveal(&mut self, c: u8) {
        self.public[(c >> 6) as usize] |= 1u64 << (c & 63);
        if !self.mixed.is_empty() {
            self.mixed.retain(|m| m.0 != c);
        }
    }

    /// `placed` went face down from a hand that held `hand` (the placed card included).
    /// `shadows_barred`: the hand's shadow dragons were all received this turn, so none
    /// of them can be the placed card.
    pub fn placed_face_down(&mut self, hand: &[u8], placed: u8, shadows_barred: bool) {
        let back = card(placed).back;
        let could_be = |c: u8| {
            let d = card(c);
            d.back == back && !(shadows_barred && d.front.is_none())
        };
        let mut candidates = 0;
        let mut informative = false;
        for &c in hand.iter().filter(|&&c| could_be(c)) {
            candidates += 1;
            informative |= self.is_public(c) || self.mix_of(c) != 0;
        }
        // One candidate: everyone knows which card went. Only hidden candidates: they
        // are re-sampled from the same pool anyway.
        if candidates < 2 || !informative {
            return;
        }
        self.next_mix += 1;
        let tag = self.next_mix;
        for &c in hand.iter().filter(|&&c| could_be(c)) {
            match self.mix_of(c) {
                0 => self.mixed.push((c, tag)),
                old => {
                    for m in &mut self.mixed {
                        if m.1 == old {
                            m.1 = tag;
                        }
                    }
                }
            }
        }
    }
}
