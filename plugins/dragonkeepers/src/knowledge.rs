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

use crate::data::data;

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, Default)]
pub struct Seen {
    /// Bit per card id: everyone has seen this card's front.
    pub public: [u64; 2],
    /// (card, mix) for the cards in a mix; usually short.
    pub mixed: Vec<(u8, u16)>,
    /// Bit per card id: the card is in `mixed` (saves a search for most cards).
    #[serde(default)]
    pub in_mix: [u64; 2],
    /// The next unused mix tag.
    pub next_mix: u16,
}

impl Seen {
    pub fn is_public(&self, c: u8) -> bool {
        self.public[(c >> 6) as usize] & (1u64 << (c & 63)) != 0
    }

    pub fn mix_of(&self, c: u8) -> u16 {
        if self.in_mix[(c >> 6) as usize] & (1u64 << (c & 63)) == 0 {
            return 0;
        }
        self.mixed
            .iter()
            .find(|m| m.0 == c)
            .map_or(0, |&(_, tag)| tag)
    }

    /// Everyone sees `c`'s front where it now lies.
    pub fn reveal(&mut self, c: u8) {
        let (word, bit) = ((c >> 6) as usize, 1u64 << (c & 63));
        self.public[word] |= bit;
        if self.in_mix[word] & bit != 0 {
            self.in_mix[word] &= !bit;
            self.mixed.retain(|m| m.0 != c);
        }
    }

    /// `placed` went face down from a hand that held `hand` (the placed card included).
    /// `shadows_barred`: the hand's shadow dragons were all received this turn, so none
    /// of them can be the placed card.
    pub fn placed_face_down(&mut self, hand: &[u8], placed: u8, shadows_barred: bool) {
        let defs = &data().cards;
        let back = defs[placed as usize].back;
        // Bit per card id, like `public`.
        let mut could_be = [0u64; 2];
        let mut k = 0;
        for &c in hand {
            let d = &defs[c as usize];
            if d.back == back && !(shadows_barred && d.front.is_none()) {
                could_be[(c >> 6) as usize] |= 1u64 << (c & 63);
                k += 1;
            }
        }
        // One candidate: everyone knows which card went. Only hidden candidates: they
        // are re-sampled from the same pool anyway.
        let informative = (0..2).any(|w| could_be[w] & (self.public[w] | self.in_mix[w]) != 0);
        if k < 2 || !informative {
            return;
        }
        self.next_mix += 1;
        let tag = self.next_mix;
        for (w, mut bits) in could_be.into_iter().enumerate() {
            while bits != 0 {
                let c = (w * 64) as u8 + bits.trailing_zeros() as u8;
                bits &= bits - 1;
                match self.mix_of(c) {
                    0 => {
                        self.mixed.push((c, tag));
                        self.in_mix[w] |= 1u64 << (c & 63);
                    }
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
}
