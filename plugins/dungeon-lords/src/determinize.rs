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
