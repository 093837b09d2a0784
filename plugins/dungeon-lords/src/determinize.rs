//! A state the viewer cannot tell apart from this one, for the bots: other lords' secret
//! plans are replaced by random plans they could have made. (Trap hands are dealt in part
//! 2's building years; in combat alone every card a lord holds was set out face up.)

use rand::RngExt;
use tavern_plugin_api::GameRng;

use crate::action::Action;
use crate::model::{Dl, Phase};

impl Dl {
    pub fn determinized(&self, viewer: usize, rng: &mut GameRng) -> Dl {
        let mut g = self.clone();
        g.redeal_unknown_cards(viewer, rng);
        if g.is_full() {
            g.redeal_building_secrets(viewer, rng);
        }
        if g.phase != Phase::Planning || g.revealed {
            return g;
        }
        for s in 0..g.n() {
            if s == viewer || !g.lords[s].plan.active {
                continue;
            }
            let confirmed = g.lords[s].plan.confirmed;
            let tile = crate::grid::targets(&g.lords[s]);
            let p = &mut g.lords[s].plan;
            p.trap = None;
            p.monsters.clear();
            p.confirmed = false;
            p.tile = (tile.len() == 1).then(|| tile[0]);
            if !confirmed {
                continue;
            }
            // Random steps until a random Confirm, without triggering the reveal.
            loop {
                let acts = g.actions_for_plan(s);
                let a = acts[rng.random_range(0..acts.len())];
                let p = &mut g.lords[s].plan;
                match a {
                    Action::Confirm => {
                        p.confirmed = true;
                        break;
                    }
                    Action::Tile { square } => p.tile = Some(square),
                    Action::Trap { kind } => p.trap = Some(kind),
                    Action::Monster { kind } => {
                        let l = &g.lords[s];
                        if let Some(i) = (0..l.lair.len()).find(|&i| {
                            l.lair[i].kind == kind
                                && l.lair[i].ready
                                && !l.plan.monsters.contains(&(i as u8))
                        }) {
                            g.lords[s].plan.monsters.push(i as u8);
                        }
                    }
                    _ => break,
                }
            }
        }
        g
    }
}

impl Dl {
    /// Combat cards the viewer has neither seen face up nor spied are drawn again from
    /// the cards of the year it has not seen (the five boxed ones included).
    fn redeal_unknown_cards(&mut self, viewer: usize, rng: &mut GameRng) {
        if self.cards.is_empty() {
            return;
        }
        let rounds: Vec<u8> = (1..=self.cards.len() as u8)
            .filter(|&r| self.known_card(viewer, r).is_none())
            .collect();
        let known: Vec<u8> = (1..=self.cards.len() as u8)
            .filter_map(|r| self.known_card(viewer, r))
            .collect();
        let mut pool: Vec<u8> = (0..crate::data::data().combat_cards.len() as u8)
            .filter(|&c| crate::data::card(c).year == self.year && !known.contains(&c))
            .collect();
        for r in rounds {
            let c = pool.swap_remove(rng.random_range(0..pool.len()));
            self.cards[r as usize - 1] = c;
        }
    }
}

impl Dl {
    /// What the viewer cannot know in the building years: the other lords' trap cards
    /// and face-down discards (redealt from those cards and the deck, keeping each count),
    /// their face-down
    /// orders before the reveal, and the three orders a lord drew for the full rules'
    /// initial choice.
    fn redeal_building_secrets(&mut self, viewer: usize, rng: &mut GameRng) {
        let n = self.n();
        let kinds = crate::data::data().traps.len();
        // Counted per kind first, so that states the viewer cannot tell apart give the
        // same pool in the same order.
        let mut counts: Vec<usize> = vec![0; kinds];
        let mut sizes = vec![0usize; n];
        {
            let f = self.full.as_mut().expect("full");
            for (k, &c) in f.trap_deck.iter().enumerate() {
                counts[k] += c as usize;
            }
            f.trap_deck = vec![0; kinds];
        }
        // Cards another lord threw away face down are as unknown as its hand.
        let mut hidden = vec![0usize; n];
        for s in (0..n).filter(|&s| s != viewer) {
            let f = self.full.as_mut().expect("full");
            for (k, c) in f.hidden_discards[s].iter_mut().enumerate() {
                counts[k] += *c as usize;
                f.discards.traps[k] -= *c;
                hidden[s] += *c as usize;
                *c = 0;
            }
            let l = &mut self.lords[s];
            for (k, c) in l.traps.iter_mut().enumerate() {
                counts[k] += *c as usize;
                sizes[s] += *c as usize;
                *c = 0;
            }
        }
        let mut pool: Vec<u8> = Vec::new();
        for (k, &c) in counts.iter().enumerate() {
            pool.extend(std::iter::repeat_n(k as u8, c));
        }
        for s in (0..n).filter(|&s| s != viewer) {
            for _ in 0..sizes[s] {
                let k = pool.swap_remove(rng.random_range(0..pool.len()));
                self.lords[s].traps[k as usize] += 1;
            }
            for _ in 0..hidden[s] {
                let k = pool.swap_remove(rng.random_range(0..pool.len()));
                let f = self.full.as_mut().expect("full");
                f.hidden_discards[s][k as usize] += 1;
                f.discards.traps[k as usize] += 1;
            }
        }
        let discard_owner = match self.phase {
            Phase::Build(crate::full::Stage::Discard(s)) => Some(s),
            _ => None,
        };
        let f = self.full.as_mut().expect("full");
        for k in pool {
            f.trap_deck[k as usize] += 1;
        }
        // Cards just bought that another lord is about to discard from: any of its cards.
        if let Some(s) = discard_owner.filter(|&s| s != viewer) {
            let want = f.bought.len();
            let mut hand: Vec<u8> = Vec::new();
            for (k, &c) in self.lords[s].traps.iter().enumerate() {
                hand.extend(std::iter::repeat_n(k as u8, c as usize));
            }
            f.bought = (0..want.min(hand.len()))
                .map(|_| hand.swap_remove(rng.random_range(0..hand.len())))
                .collect();
        }
        let orders_secret = matches!(self.phase, Phase::Build(crate::full::Stage::Orders));
        let initial = matches!(self.phase, Phase::Build(crate::full::Stage::Initial));
        for s in (0..n).filter(|&s| s != viewer) {
            if orders_secret && f.confirmed[s] {
                let mut hand: Vec<u8> = (0..8).filter(|p| !f.inacc[s].contains(p)).collect();
                f.orders[s] = (0..3)
                    .map(|_| hand.swap_remove(rng.random_range(0..hand.len())))
                    .collect();
                if f.np_pick[s].is_some() {
                    let np = &f.np[s];
                    let free: Vec<u8> = (0..8)
                        .filter(|p| !np.inacc.contains(p) && !np.orders.contains(p))
                        .collect();
                    f.np_pick[s] = Some(free[rng.random_range(0..free.len())]);
                }
            }
            if initial && !f.drawn[s].is_empty() {
                let mut all: Vec<u8> = (0..8).collect();
                f.drawn[s] = (0..3)
                    .map(|_| all.swap_remove(rng.random_range(0..all.len())))
                    .collect();
                if f.keep[s].is_some() {
                    f.keep[s] = Some(f.drawn[s][rng.random_range(0..3)]);
                }
            }
        }
    }
}
