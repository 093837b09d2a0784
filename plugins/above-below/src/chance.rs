//! Chance steps: a card drawn from a pile's unseen cards, and every die (a cat's roll, the
//! cave grid, an explorer's die, a reroll).

use tavern_plugin_api::{GameError, GameRng};

use crate::action::Action;
use crate::events::{Event, Events};
use crate::model::Ab;

impl Ab {
    /// What the pending chance step is: a draw from this deck, or a die.
    pub fn chance_due(&self) -> Option<Option<crate::model::Deck>> {
        if let Some(&d) = self.draws.first() {
            return Some(Some(d));
        }
        if !self.turn.cats.is_empty() {
            return Some(None);
        }
        match &self.explore {
            Some(e)
                if matches!(
                    e.stage,
                    crate::model::Stage::Grid | crate::model::Stage::Roll
                ) =>
            {
                Some(None)
            }
            _ => None,
        }
    }

    /// A pile's unseen cards in card order: draws never depend on how the set happens to be
    /// stored, which no seat can see (the search's honesty test swaps that order).
    fn unseen_sorted(&self, d: crate::model::Deck) -> Vec<u8> {
        let mut v = self.pile(d).unseen.clone();
        v.sort_unstable();
        v
    }

    pub fn sample(&self, rng: &mut GameRng) -> Action {
        match self.chance_due() {
            Some(Some(d)) => {
                let unseen = self.unseen_sorted(d);
                let i = rng.die(unseen.len() as u32) as usize - 1;
                Action::Draw {
                    deck: d,
                    card: unseen[i],
                }
            }
            _ => Action::Roll {
                face: rng.die(6) as u8,
            },
        }
    }

    pub fn outcomes(&self) -> Vec<Action> {
        match self.chance_due() {
            Some(Some(d)) => self
                .unseen_sorted(d)
                .into_iter()
                .map(|card| Action::Draw { deck: d, card })
                .collect(),
            Some(None) => (1..=6).map(|face| Action::Roll { face }).collect(),
            None => Vec::new(),
        }
    }

    pub(crate) fn chance_change(&mut self, a: &Action, ev: &mut Events) -> Result<(), GameError> {
        let due = self
            .chance_due()
            .ok_or_else(|| GameError::new("no chance step is pending"))?;
        match (*a, due) {
            (Action::Draw { deck, card }, Some(d)) if deck == d => {
                let pile = self.pile_mut(d);
                let i = pile
                    .unseen
                    .iter()
                    .position(|&c| c == card)
                    .ok_or_else(|| GameError::new("that card is not in the pile"))?;
                pile.unseen.remove(i);
                self.draws.remove(0);
                self.place_drawn(d, card);
                ev.push(Event::Drew { deck: d, card });
                self.settle_draws(ev);
            }
            (Action::Roll { face }, None) if (1..=6).contains(&face) => {
                if let Some(&cat) = self.turn.cats.first() {
                    self.turn.cats.remove(0);
                    let obeys = face >= 3;
                    let seat = self.active as usize;
                    ev.push(Event::CatRoll {
                        seat: seat as u8,
                        cat,
                        face,
                        obeys,
                    });
                    if !obeys {
                        // The cat wanders off to the exhausted area without working.
                        self.turn.selection.retain(|&v| v != cat);
                        let p = &mut self.players[seat];
                        p.ready.retain(|&v| v != cat);
                        p.exhausted.push(cat);
                    }
                    if self.turn.cats.is_empty()
                        && let Some(task) = self.turn.task
                    {
                        self.run_task(seat, task, ev);
                    }
                } else {
                    self.explore_roll(face, ev)?;
                }
            }
            _ => return Err(GameError::new("that chance outcome does not fit")),
        }
        Ok(())
    }
}
