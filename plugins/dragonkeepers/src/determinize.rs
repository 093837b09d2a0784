//! Re-sampling what one seat cannot know, for the bots.
//!
//! Known to a viewer: its own hand, the cards it placed itself, everything face up, and
//! the cards the whole table has seen enter a hand and not seen leave it
//! ([`crate::knowledge`]). Re-sampled: every other card in other hands, in the page
//! stacks and in the box, each place keeping what is known of it (the back once seen,
//! else which page), and the cards of a mix, whose publicly seen members may lie in any
//! of the mix's places. Other seats' pearls are swapped within their colour. Amulet pieces
//! stay: their values were public when taken from the sorted supply.

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

#[derive(Clone, Copy)]
enum Place {
    Page(usize, usize),
    Hand(usize, usize),
    Box(usize),
}

/// A place whose card the viewer does not know for sure.
struct Open {
    place: Place,
    /// The card there now (the truth, only used as a member of the pool).
    card: u8,
    need: Need,
    mix: u16,
}

impl Dk {
    fn set_card(&mut self, place: Place, c: u8) {
        match place {
            Place::Page(p, i) => self.pages[p][i].card = c,
            Place::Hand(s, i) => self.players[s].hand[i] = c,
            Place::Box(i) => self.start_pile[i] = c,
        }
    }

    /// The places `viewer` cannot be sure of, with what it does know of each.
    fn open_places(&self, viewer: usize) -> Vec<Open> {
        let seen = &self.seen;
        // A card everyone saw arrive where it lies, and not mixed since, is known.
        let known = |c: u8| seen.is_public(c) && seen.mix_of(c) == 0;
        let mut open = Vec::new();
        for (pi, page) in self.pages.iter().enumerate() {
            for (i, s) in page.iter().enumerate() {
                if s.placed_by == Some(viewer as u8) || known(s.card) {
                    continue;
                }
                let need = if s.back_seen {
                    Need::ExactBack(card(s.card).back)
                } else if pi == 0 {
                    Need::Left
                } else {
                    Need::Right
                };
                open.push(Open {
                    place: Place::Page(pi, i),
                    card: s.card,
                    need,
                    mix: seen.mix_of(s.card),
                });
            }
        }
        for (si, p) in self.players.iter().enumerate() {
            if si == viewer {
                continue;
            }
            for (i, &c) in p.hand.iter().enumerate() {
                // Cards the acting seat has picked for its play are named by the step.
                if known(c) || self.step.selection.contains(&c) {
                    continue;
                }
                // Every card in a hand showed its back on the way in (a ribbon for the
                // starting cards).
                open.push(Open {
                    place: Place::Hand(si, i),
                    card: c,
                    need: Need::ExactBack(card(c).back),
                    mix: seen.mix_of(c),
                });
            }
        }
        // Undealt starting cards went back to the box unseen.
        for (i, &c) in self.start_pile.iter().enumerate() {
            open.push(Open {
                place: Place::Box(i),
                card: c,
                need: Need::Starting,
                mix: 0,
            });
        }
        open
    }

    pub fn determinized(&self, viewer: usize, rng: &mut GameRng) -> Dk {
        let mut g = self.clone();
        let open = self.open_places(viewer);
        // Mixes first: their publicly seen cards go to random places of the same mix;
        // the mix's other places take hidden cards like any place.
        let mut free: Vec<(Place, Need)> = Vec::with_capacity(open.len());
        let mut pool: Vec<u8> = Vec::with_capacity(open.len());
        let mut mixes: Vec<u16> = open.iter().map(|o| o.mix).filter(|&m| m != 0).collect();
        mixes.sort_unstable();
        mixes.dedup();
        for o in open.iter().filter(|o| o.mix == 0) {
            free.push((o.place, o.need));
            pool.push(o.card);
        }
        for m in mixes {
            let members: Vec<&Open> = open.iter().filter(|o| o.mix == m).collect();
            let mut known: Vec<u8> = Vec::new();
            for o in &members {
                if self.seen.is_public(o.card) {
                    known.push(o.card);
                } else {
                    pool.push(o.card);
                }
            }
            // Which of the mix's places holds which public card is what is hidden.
            known.sort_unstable();
            let order = rng.permutation(members.len());
            for (k, &idx) in order.iter().enumerate() {
                let o = members[idx];
                match known.get(k) {
                    Some(&c) => g.set_card(o.place, c),
                    None => free.push((o.place, o.need)),
                }
            }
        }
        // The pool in a canonical order: listed place by place it would carry where the
        // hidden cards really lie into the sample, and two states the viewer cannot tell
        // apart would give different worlds for the same random stream.
        pool.sort_unstable();
        // Most constrained first; a valid assignment always exists (the real one), and
        // any choice for an exact back leaves the same backs for the rest.
        free.sort_by_key(|s| match s.1 {
            Need::ExactBack(_) => 0,
            Need::Starting => 1,
            _ => 2,
        });
        for (place, need) in free {
            // No fitting card cannot happen for a state the rules reached (a test builds
            // states by hand); any card then keeps every card in exactly one place.
            let fitting = pool.iter().filter(|&&c| fits(c, need)).count();
            let k = match fitting {
                0 => 0,
                n => {
                    let nth = rng.die(n as u32) as usize - 1;
                    (0..pool.len())
                        .filter(|&k| fits(pool[k], need))
                        .nth(nth)
                        .unwrap_or(0)
                }
            };
            let Some(c) = (k < pool.len()).then(|| pool.swap_remove(k)) else {
                break;
            };
            g.set_card(place, c);
        }
        self.resample_pearls(&mut g, viewer, rng);
        g
    }

    /// Pearls: other seats' and the supply's, swapped within their colour.
    fn resample_pearls(&self, g: &mut Dk, viewer: usize, rng: &mut GameRng) {
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
            // Who holds which value is hidden: sample from the ids in canonical order.
            ids.sort_unstable();
            let perm = rng.permutation(ids.len());
            let mut supply = g.pearl_supply;
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
    }
}
