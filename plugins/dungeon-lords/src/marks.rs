//! The table's marks on moves: which ones spend (the host asks before such a click) and
//! which one Enter plays. Digging and mining are not spending: they only keep imps busy
//! for the round, and asking before every tunnel would slow the commonest clicks.

use crate::action::Action;
use crate::data::{Wage, monster, room};
use crate::full::Stage;
use crate::model::{Dl, Phase};
use crate::orders::Place;
use crate::spaces::space;

fn wage_costs(w: &Wage) -> bool {
    w.gold + w.food + w.evil + w.traps > 0 || w.feed
}

impl Dl {
    /// Whether `a` by `seat` pays gold, food, Evil, imps, a trap card or a monster.
    pub fn spends(&self, seat: usize, a: &Action) -> bool {
        match *a {
            // Hiring, wages: the monster's price (and space III's food for a hire).
            Action::Hire { kind, .. } => {
                wage_costs(&monster(kind).wage_cost) || matches!(self.f().cur, Some((_, 2, _)))
            }
            Action::Wage { .. } => {
                let l = &self.lords[seat];
                let kind = l.lair.get(self.f().wage_idx).map(|m| m.kind);
                kind.is_some_and(|k| wage_costs(&monster(k).wage_cost))
            }
            // An order carried out as printed, or a spy of Improve Reputation III.
            Action::Take | Action::Spy { .. } => self.f().cur.is_some_and(|(p, i, _)| {
                let c = space(Place::from_index(p), i);
                c.gold + c.food + c.evil > 0
            }),
            Action::Build { .. } => self
                .f()
                .cur
                .is_some_and(|(p, i, _)| space(Place::from_index(p), i).gold > 0),
            Action::Produce { square } => self.lords[seat].grid[square as usize]
                .and_then(|t| t.room)
                .is_some_and(|r| room(r).food > 0),
            Action::Tax { gold } => gold > 0,
            // A monster attack that costs food (the dragon's fire, say).
            Action::Attack { kind, mode, .. } => monster(kind)
                .modes
                .get(mode as usize)
                .is_some_and(|m| m.food > 0),
            // Setting a trap is a free step of the plan; the Confirm that commits it uses
            // the card and pays its cost (and a room's gold).
            Action::Confirm => self.battle_planning() && self.lords[seat].plan.trap.is_some(),
            _ => false,
        }
    }

    fn battle_planning(&self) -> bool {
        matches!(self.phase, Phase::Planning)
    }

    /// The move Enter plays: the end of production or of a dig, and a plan's Confirm
    /// unless it spends (then the click asks, and Enter should not skip that).
    pub fn by_default(&self, seat: usize, a: &Action) -> bool {
        match a {
            Action::Pass => {
                matches!(self.phase, Phase::Build(Stage::Production(_)))
                    || (self.is_full() && self.f().dug > 0)
            }
            Action::Confirm => !self.spends(seat, a),
            _ => false,
        }
    }
}
