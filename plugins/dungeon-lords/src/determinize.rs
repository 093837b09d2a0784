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
