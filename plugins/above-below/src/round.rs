//! The end of a round: ghosts haunt, the round marker, new villagers, resting with beds and
//! mystic brew, boats back, income, goods refreshed on buildings, the first-player card.

use tavern_plugin_api::GameError;

use crate::action::Action;
use crate::data::{Effect, villager};
use crate::events::{Event, Events};
use crate::model::{Ab, Deck, Phase, Rules, Turn};
use crate::versions::card_in;

impl Ab {
    pub(crate) fn end_round(&mut self, ev: &mut Events) {
        ev.push(Event::RoundEnds { round: self.round });
        for s in 0..self.n() {
            let k = self.players[s].ghosts();
            if k > 0 {
                self.add_reputation(s, -(k as i8));
                ev.push(Event::Haunt { seat: s as u8, k });
            }
            // "+1 reputation at the end of each round": the last round ends too, so the
            // symbol pays beside the haunting, before the round marker can end the game
            // (0.2.0 paid it with the income, which the last round never reaches).
            if self.rules >= Rules::V0_3 {
                self.reputation_each_round(s, ev);
            }
        }
        if self.round >= self.rounds {
            self.phase = Phase::Over;
            ev.push(Event::GameOver);
            return;
        }
        self.round += 1;
        // Survivors slide to the cheaper slots; the open ones on the right are refilled.
        let left: Vec<u8> = self.slots.iter().flatten().copied().collect();
        self.slots = [None; 5];
        for (i, v) in left.iter().enumerate() {
            self.slots[i] = Some(*v);
        }
        for _ in left.len()..5 {
            self.draws.push(Deck::Villagers);
        }
        self.phase = Phase::Rest;
        self.rest_queue.clear();
        let n = self.n();
        for k in 0..n {
            let s = (self.first as usize + k) % n;
            let p = &mut self.players[s];
            // The robot sleeps in its own bed.
            for v in robots(&p.injured) {
                p.injured.retain(|&x| x != v);
                p.exhausted.push(v);
                ev.push(Event::RobotRest {
                    seat: s as u8,
                    villager: v,
                });
            }
            for v in robots(&p.exhausted) {
                if !ev
                    .iter()
                    .any(|e| matches!(e, Event::RobotRest { villager, .. } if *villager == v))
                {
                    p.exhausted.retain(|&x| x != v);
                    p.ready.push(v);
                    ev.push(Event::RobotRest {
                        seat: s as u8,
                        villager: v,
                    });
                }
            }
            p.boats_ready += p.boats_used;
            p.boats_used = 0;
            self.rest_queue.push(s as u8);
        }
        self.rest_used.clear();
        self.brewed.clear();
        self.enter_rest_seat();
        self.settle_draws(ev);
        self.advance_rest(ev);
    }

    fn enter_rest_seat(&mut self) {
        if let Some(&s) = self.rest_queue.first() {
            self.beds_left = self.players[s as usize].beds();
        }
    }

    /// Villagers of `seat` that a bed could move now.
    pub fn bed_targets(&self, seat: usize) -> Vec<u8> {
        if self.beds_left == 0 {
            return Vec::new();
        }
        let p = &self.players[seat];
        p.injured
            .iter()
            .chain(&p.exhausted)
            .copied()
            .filter(|&v| !villager(v).robot && !self.rest_used.contains(&v))
            .collect()
    }

    /// Villagers of `seat` that a mystic brew could move now.
    pub fn brew_targets(&self, seat: usize) -> Vec<u8> {
        let p = &self.players[seat];
        if p.brews == 0 {
            return Vec::new();
        }
        p.injured
            .iter()
            .chain(&p.exhausted)
            .copied()
            .filter(|&v| {
                !villager(v).robot && self.brewed.iter().find(|b| b.0 == v).map_or(0, |b| b.1) < 2
            })
            .collect()
    }

    /// Skips seats with nothing to decide; finishes the round when no seat is left.
    fn advance_rest(&mut self, ev: &mut Events) {
        while let Some(&s) = self.rest_queue.first() {
            let s = s as usize;
            if !self.bed_targets(s).is_empty() || !self.brew_targets(s).is_empty() {
                return;
            }
            self.rest_queue.remove(0);
            self.enter_rest_seat();
        }
        self.finish_round(ev);
    }

    pub(crate) fn rest_change(
        &mut self,
        seat: usize,
        a: &Action,
        ev: &mut Events,
    ) -> Result<(), GameError> {
        let s = seat as u8;
        match *a {
            Action::Bed { villager: v } => {
                self.beds_left -= 1;
                self.rest_used.push(v);
                let to_ready = self.step_left(seat, v)?;
                ev.push(Event::Bed {
                    seat: s,
                    villager: v,
                    to_ready,
                });
            }
            Action::Brew { villager: v } => {
                self.players[seat].brews -= 1;
                self.brews_out -= 1;
                match self.brewed.iter_mut().find(|b| b.0 == v) {
                    Some(b) => b.1 += 1,
                    None => self.brewed.push((v, 1)),
                }
                let to_ready = self.step_left(seat, v)?;
                ev.push(Event::BrewUsed {
                    seat: s,
                    villager: v,
                    to_ready,
                });
            }
            Action::RestDone => {
                ev.push(Event::RestDone { seat: s });
                self.rest_queue.remove(0);
                self.enter_rest_seat();
            }
            _ => return Err(GameError::new("not a rest decision")),
        }
        self.advance_rest(ev);
        Ok(())
    }

    /// Injured to exhausted, or exhausted to ready; true when it reached ready.
    fn step_left(&mut self, seat: usize, v: u8) -> Result<bool, GameError> {
        let p = &mut self.players[seat];
        if let Some(i) = p.injured.iter().position(|&x| x == v) {
            p.injured.remove(i);
            p.exhausted.push(v);
            Ok(false)
        } else if let Some(i) = p.exhausted.iter().position(|&x| x == v) {
            p.exhausted.remove(i);
            p.ready.push(v);
            Ok(true)
        } else {
            Err(GameError::new("that villager needs no rest"))
        }
    }

    fn finish_round(&mut self, ev: &mut Events) {
        for s in 0..self.n() {
            let coins = self.players[s].income();
            self.gain_coins(s, coins);
            ev.push(Event::Income {
                seat: s as u8,
                coins,
            });
            if self.rules < Rules::V0_3 {
                self.reputation_each_round(s, ev);
            }
            self.refill_goods(s, ev);
        }
        let n = self.n() as u8;
        self.first = (self.first + 1) % n;
        self.active = self.first;
        self.passed = vec![false; n as usize];
        self.turn = Turn::default();
        self.phase = Phase::Play;
        self.rest_queue.clear();
        ev.push(Event::RoundStarts {
            round: self.round,
            first: self.first,
        });
    }

    /// The "+1 reputation each round" symbols of a seat's cards.
    fn reputation_each_round(&mut self, s: usize, ev: &mut Events) {
        let rep = self.players[s]
            .effects()
            .filter(|e| *e == Effect::ReputationEachRound)
            .count() as i8;
        if rep > 0 {
            self.add_reputation(s, rep);
            ev.push(Event::Reputation {
                seat: s as u8,
                k: rep,
            });
        }
    }

    fn refill_goods(&mut self, s: usize, ev: &mut Events) {
        let twos = self.players[s]
            .effects()
            .filter(|e| *e == Effect::RefillTwoGood)
            .count();
        // The cards as this game's rules have them, read while a player is borrowed.
        let rules = self.rules;
        let card = |c: u8| card_in(rules, c);
        let p = &mut self.players[s];
        let mut refilled = Vec::new();
        for b in p.houses.iter_mut().chain(p.outposts.iter_mut()) {
            if let Some((g, true)) = card(b.card).carries()
                && b.goods == 0
            {
                b.goods = 1;
                self.goods_out[g.idx()] += 1;
                refilled.push((b.card, 1));
            }
        }
        // The refill symbol fills the empty two-goods house whose good is rarest.
        for _ in 0..twos {
            let best = p
                .houses
                .iter_mut()
                .filter(|b| {
                    b.goods == 0
                        && card(b.card)
                            .effects
                            .iter()
                            .any(|e| matches!(e, Effect::Stock(2, _)))
                })
                .max_by_key(|b| card(b.card).carries().map(|c| c.0));
            if let Some(b) = best {
                let g = card(b.card).carries().expect("goods").0;
                b.goods = 2;
                self.goods_out[g.idx()] += 2;
                refilled.push((b.card, 2));
            }
        }
        for (c, k) in refilled {
            ev.push(Event::Refilled {
                seat: s as u8,
                card: c,
                k,
            });
        }
    }
}

fn robots(list: &[u8]) -> Vec<u8> {
    list.iter()
        .copied()
        .filter(|&v| villager(v).robot)
        .collect()
}
