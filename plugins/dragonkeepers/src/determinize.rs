//! Re-sampling what one seat cannot know, for the bots.
//!
//! Hidden for a viewer: other seats' starting cards, the fronts of every page card it did
//! not place itself (and the backs of those never on top), and the values of other seats'
//! pearls. Cards taken from the display were seen by all and stay where they are; so do the
//! amulet pieces, whose values were public when taken from the sorted supply.

use tavern_plugin_api::GameRng;

use crate::data::{Back, Kind, card, data};
use crate::model::Dk;

#[derive(Clone, Copy, PartialEq)]
enum Need {
    ExactBack(Back),
    Left,
    Right,
    Starting,
}

fn fits(c: u8, need: Need) -> bool {
    let d = card(c);
    match need {
        Need::ExactBack(b) => d.back == b,
        Need::Left => matches!(d.kind, Kind::Left | Kind::Shadow),
        Need::Right => d.kind == Kind::Right,
        Need::Starting => d.kind == Kind::Starting,
    }
}

impl Dk {
    pub fn determinized(&self, viewer: usize, rng: &mut GameRng) -> Dk {
        let mut g = self.clone();
        // (0 = page, 1 = hand, 2 = box; which page or seat; index; what may go there)
        let mut slots: Vec<(u8, usize, usize, Need)> = Vec::new();
        let mut pool: Vec<u8> = Vec::new();
        for (pi, page) in self.pages.iter().enumerate() {
            for (i, s) in page.iter().enumerate() {
                if s.placed_by == Some(viewer as u8) {
                    continue;
                }
                let need = if s.back_seen {
                    Need::ExactBack(card(s.card).back)
                } else if pi == 0 {
                    Need::Left
                } else {
                    Need::Right
                };
                slots.push((0, pi, i, need));
                pool.push(s.card);
            }
        }
        for (si, p) in self.players.iter().enumerate() {
            if si == viewer {
                continue;
            }
            for (i, &c) in p.hand.iter().enumerate() {
                // Cards the acting seat has picked for its play are named by the step.
                if card(c).kind == Kind::Starting && !self.step.selection.contains(&c) {
                    slots.push((1, si, i, Need::Starting));
                    pool.push(c);
                }
            }
        }
        // Undealt starting cards went back to the box unseen.
        for (i, &c) in self.start_pile.iter().enumerate() {
            slots.push((2, 0, i, Need::Starting));
            pool.push(c);
        }
        // Most constrained first; a valid assignment always exists (the real one).
        slots.sort_by_key(|s| match s.3 {
            Need::ExactBack(_) => 0,
            Need::Starting => 1,
            _ => 2,
        });
        for (kind, which, i, need) in slots {
            let cands: Vec<usize> = (0..pool.len()).filter(|&k| fits(pool[k], need)).collect();
            let Some(&k) = cands.get(rng.die(cands.len().max(1) as u32) as usize - 1) else {
                return self.clone();
            };
            let c = pool.swap_remove(k);
            match kind {
                0 => g.pages[which][i].card = c,
                1 => g.players[which].hand[i] = c,
                _ => g.start_pile[i] = c,
            }
        }
        // Pearls: other seats' and the supply's, swapped within their colour.
        let red = data().red_pearls;
        for want_red in [true, false] {
            let mut ids: Vec<u8> = Vec::new();
            let mut places: Vec<Option<(usize, usize)>> = Vec::new();
            for (si, p) in self.players.iter().enumerate() {
                if si == viewer {
                    continue;
                }
                for (i, &pe) in p.pearls.iter().enumerate() {
                    if (pe < red) == want_red {
                        ids.push(pe);
                        places.push(Some((si, i)));
                    }
                }
            }
            for pe in 0..data().pearl_values.len() as u8 {
                if self.pearl_supply & (1 << pe) != 0 && (pe < red) == want_red {
                    ids.push(pe);
                    places.push(None);
                }
            }
            let perm = rng.permutation(ids.len());
            let mut supply = self.pearl_supply;
            for &pe in &ids {
                supply &= !(1 << pe);
            }
            for (k, place) in places.iter().enumerate() {
                let pe = ids[perm[k]];
                match place {
                    Some((si, i)) => g.players[*si].pearls[*i] = pe,
                    None => supply |= 1 << pe,
                }
            }
            g.pearl_supply = supply;
        }
        g
    }
}
