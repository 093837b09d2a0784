//! Exploring: the cave card, the grid die, the encounter choice and its cost, one die per
//! explorer, rerolls, boats, exerting, and the outcome with its rewards.

use tavern_plugin_api::GameError;

use crate::action::Action;
use crate::book::{Item, SPECIALS};
use crate::data::{Act, Effect, data, villager};
use crate::events::{Event, Events};
use crate::model::{Ab, CaveCard, Deck, Die, Explore, LastRead, Stage};
use crate::versions::grid_in;

fn err(m: &str) -> GameError {
    GameError::new(m)
}

impl Ab {
    pub(crate) fn start_explore(
        &mut self,
        seat: usize,
        dangerous: bool,
        party: Vec<u8>,
        ev: &mut Events,
    ) {
        let d = dangerous as usize;
        let cave = self.cave_top[d].take().expect("a cave on the deck");
        self.draws.push(if dangerous {
            Deck::DangerousCaves
        } else {
            Deck::BasicCaves
        });
        let p = &self.players[seat];
        let rerolls = p.sum(|e| if let Effect::Reroll(n) = e { n } else { 0 });
        let roll_first = p.has(Effect::RollFirst);
        ev.push(Event::CaveTaken {
            seat: seat as u8,
            cave,
        });
        self.explore = Some(Explore {
            seat: seat as u8,
            dangerous,
            cave,
            sent: party.clone(),
            party,
            exerted: Vec::new(),
            paragraph: 0,
            choice: None,
            dice: Vec::new(),
            rerolls_left: rerolls,
            reroll: None,
            roll_first,
            stage: Stage::Grid,
        });
        self.settle_draws(ev);
    }

    /// A die for the explore now due: the grid die, an explorer's die or a reroll.
    pub(crate) fn explore_roll(&mut self, face: u8, ev: &mut Events) -> Result<(), GameError> {
        let rules = self.rules;
        let e = self.explore.as_mut().ok_or_else(|| err("no explore"))?;
        match e.stage {
            Stage::Grid => {
                let paragraph = grid_in(rules, e.cave, face);
                e.paragraph = paragraph;
                e.stage = Stage::Choose;
                ev.push(Event::GridRoll { face, paragraph });
            }
            Stage::Roll => {
                if let Some(i) = e.reroll.take() {
                    e.dice[i as usize].face = face;
                    e.stage = Stage::Adjust;
                    ev.push(Event::DieRolled {
                        villager: e.dice[i as usize].villager,
                        face,
                        reroll: true,
                    });
                    return Ok(());
                }
                let who = if e.roll_first {
                    None
                } else {
                    e.party.get(e.dice.len()).copied()
                };
                e.dice.push(Die {
                    face,
                    villager: who,
                });
                ev.push(Event::DieRolled {
                    villager: who,
                    face,
                    reroll: false,
                });
                if e.dice.len() == e.party.len() {
                    e.stage = if e.roll_first {
                        Stage::Assign
                    } else {
                        Stage::Adjust
                    };
                }
            }
            _ => return Err(err("no die is due")),
        }
        Ok(())
    }

    pub(crate) fn explore_change(
        &mut self,
        seat: usize,
        a: &Action,
        ev: &mut Events,
    ) -> Result<(), GameError> {
        let s = seat as u8;
        match *a {
            Action::Choose { option } => {
                let e = self.explore.as_mut().ok_or_else(|| err("no explore"))?;
                e.choice = Some(option);
                e.stage = Stage::Roll;
                let paragraph = e.paragraph;
                ev.push(Event::Chose {
                    seat: s,
                    paragraph,
                    option,
                });
                let choice = &self.book().entry((paragraph, 0)).choices[option as usize];
                for &item in &choice.cost {
                    self.pay(seat, item);
                    ev.push(Event::Paid { seat: s, item });
                }
            }
            Action::Assign { die, villager: v } => {
                let e = self.explore.as_mut().ok_or_else(|| err("no explore"))?;
                e.dice[die as usize].villager = Some(v);
                ev.push(Event::Assigned {
                    face: e.dice[die as usize].face,
                    villager: v,
                });
                if e.dice.iter().all(|d| d.villager.is_some()) {
                    e.stage = Stage::Adjust;
                }
            }
            Action::Reroll { die } => {
                let e = self.explore.as_mut().ok_or_else(|| err("no explore"))?;
                e.rerolls_left -= 1;
                e.reroll = Some(die);
                e.stage = Stage::Roll;
                ev.push(Event::Rerolling {
                    seat: s,
                    villager: e.dice[die as usize].villager,
                    face: e.dice[die as usize].face,
                });
            }
            Action::BoatSix { die } => {
                let e = self.explore.as_mut().ok_or_else(|| err("no explore"))?;
                let from = e.dice[die as usize].face;
                e.dice[die as usize].face = 6;
                let p = &mut self.players[seat];
                p.boats_ready -= 1;
                p.boats_used += 1;
                ev.push(Event::BoatSix { seat: s, from });
            }
            Action::Exert { villager: v } => {
                let e = self.explore.as_mut().ok_or_else(|| err("no explore"))?;
                e.party.retain(|&x| x != v);
                e.exerted.push(v);
                self.players[seat].injured.push(v);
                ev.push(Event::Exerted {
                    seat: s,
                    villager: v,
                });
            }
            Action::Accept => self.resolve(seat, ev),
            _ => return Err(err("not an explore decision")),
        }
        Ok(())
    }

    /// Whether the seat may take this choice: it holds every adventure card the choice
    /// needs and can pay its cost.
    pub fn can_choose(&self, seat: usize, choice: &crate::book::Choice) -> bool {
        self.holds(seat, &choice.needs) && self.can_pay(seat, &choice.cost)
    }

    /// Whether the seat holds every adventure card named.
    pub fn holds(&self, seat: usize, needs: &[Item]) -> bool {
        let p = &self.players[seat];
        needs.iter().all(|&i| match i {
            Item::Adventure(n) => data()
                .adventure(n)
                .is_some_and(|c| p.adventures.contains(&c)),
            _ => false,
        })
    }

    /// Whether the seat can pay every item of a choice's cost before rolling.
    pub fn can_pay(&self, seat: usize, cost: &[Item]) -> bool {
        let p = &self.players[seat];
        cost.iter().all(|&i| match i {
            Item::Coins(k) => p.coins >= k as i64,
            Item::Good(g, k) => p.goods[g.idx()] >= k,
            Item::Brews(k) => p.brews >= k as i64,
            Item::Boats(k) => p.boats_ready >= k,
            Item::Reputation(_) => true,
            _ => false,
        })
    }

    fn pay(&mut self, seat: usize, item: Item) {
        match item {
            Item::Coins(k) => {
                self.players[seat].coins -= k as i64;
                self.coins_out -= k as i64;
            }
            Item::Good(g, k) => {
                self.players[seat].goods[g.idx()] -= k;
                self.goods_out[g.idx()] -= k as i64;
            }
            Item::Brews(k) => {
                self.players[seat].brews -= k as i64;
                self.brews_out -= k as i64;
            }
            Item::Boats(k) => {
                let p = &mut self.players[seat];
                p.boats_ready -= k;
                self.boats_out -= k as i64;
            }
            Item::Reputation(k) => self.add_reputation(seat, -k),
            _ => {}
        }
    }

    fn resolve(&mut self, seat: usize, ev: &mut Events) {
        let mut e = self.explore.take().expect("an explore");
        let s = seat as u8;
        let book = self.book();
        let option = e.choice.unwrap_or(0);
        let choice = &book.entry((e.paragraph, 0)).choices[option as usize];
        let lanterns = e.lanterns(self.lantern_bonus(seat));
        let need = choice.explore;
        let success = lanterns >= need;
        let bonus = success && lanterns >= need + 2;
        ev.push(Event::Outcome {
            seat: s,
            lanterns,
            need,
            success,
            bonus,
            read: choice.goto,
        });
        if success {
            let (reward, extra) = self.rewards(choice.goto);
            let mut items: Vec<Item> = reward.to_vec();
            if bonus {
                items.extend(extra.iter().copied());
            }
            for item in items {
                self.grant(seat, item, &mut e.party, ev);
            }
        }
        let pearl = success && e.dangerous;
        if pearl {
            self.players[seat].pearls += 1;
            self.pearls_out += 1;
        }
        self.players[seat].exhausted.append(&mut e.party);
        self.players[seat].caves.push(CaveCard {
            cave: e.cave,
            covered: false,
        });
        ev.push(Event::CaveKept {
            seat: s,
            cave: e.cave,
            pearl,
        });
        self.turn.explored = true;
        self.last_read = Some(LastRead {
            seat: s,
            paragraph: e.paragraph,
            choice: option,
            lanterns,
            success,
            bonus,
        });
        self.coin_after(seat, Act::Explore, ev);
    }

    /// One reward item from the supply, the board or the adventure deck; `party` are the
    /// explorers still on the cave card (an injury falls on one of them).
    pub(crate) fn grant(&mut self, seat: usize, item: Item, party: &mut Vec<u8>, ev: &mut Events) {
        let s = seat as u8;
        let got = match item {
            Item::Coins(k) => {
                let k = (k as i64).max(-self.players[seat].coins);
                self.gain_coins(seat, k);
                true
            }
            Item::Good(g, k) => {
                if self.gain_good(seat, g, k) {
                    ev.push(Event::Gained { seat: s, item });
                    ev.push(Event::Claimed { seat: s, good: g });
                    return;
                }
                true
            }
            Item::Reputation(k) => {
                self.add_reputation(seat, k);
                true
            }
            Item::Brews(k) => {
                self.gain_brews(seat, k as i64);
                true
            }
            Item::Boats(k) => {
                self.gain_boats(seat, k);
                true
            }
            Item::Pearl => {
                self.players[seat].pearls += 1;
                self.pearls_out += 1;
                true
            }
            Item::Villager => match self.slots.iter_mut().find(|x| x.is_some()) {
                Some(slot) => {
                    let v = slot.take().expect("filled");
                    self.players[seat].exhausted.push(v);
                    ev.push(Event::Hired {
                        seat: s,
                        villager: v,
                        slot: 9,
                        cost: 0,
                        ready: false,
                    });
                    return;
                }
                None => false,
            },
            Item::Special(i) => {
                let name = SPECIALS[i as usize];
                match self
                    .aside
                    .iter()
                    .position(|&v| villager(v).name.eq_ignore_ascii_case(name))
                {
                    Some(k) => {
                        let v = self.aside.remove(k);
                        self.players[seat].exhausted.push(v);
                        true
                    }
                    None => false,
                }
            }
            Item::Adventure(n) => {
                let id = data().adventure(n);
                match id.and_then(|c| self.adventure_deck.iter().position(|&x| x == c)) {
                    Some(k) => {
                        let c = self.adventure_deck.remove(k);
                        self.players[seat].adventures.push(c);
                        ev.push(Event::Gained { seat: s, item });
                        self.card_gained(seat, c, ev);
                        return;
                    }
                    None => false,
                }
            }
            Item::Ghost => {
                let placed = self.gain_ghost(seat);
                ev.push(Event::Ghost { seat: s, placed });
                return;
            }
            Item::Injure => match party.pop() {
                Some(v) => {
                    self.players[seat].injured.push(v);
                    true
                }
                None => false,
            },
        };
        ev.push(if got {
            Event::Gained { seat: s, item }
        } else {
            Event::Missed { seat: s, item }
        });
    }
}
