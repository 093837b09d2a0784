//! What a seat's decision does during the play phase: the plan and its five actions, the
//! free actions, and handing the turn on. Exploring is in [`crate::explore`], the end of
//! the round in [`crate::round`]. Every change reports [`Event`]s for the log.

use tavern_plugin_api::GameError;

use crate::action::Action;
use crate::data::{Act, Effect, Kind, villager};
use crate::events::{Event, Events};
use crate::model::{Ab, Building, Deck, Offer, Phase, Rules, Task, Turn};
use crate::versions::card_in;

fn err(m: &str) -> GameError {
    GameError::new(m)
}

impl Ab {
    /// The change of a seat decision; the action is legal (checked by the caller).
    pub(crate) fn seat_change(
        &mut self,
        seat: usize,
        a: &Action,
        ev: &mut Events,
    ) -> Result<(), GameError> {
        if self.actor() != Some(seat) {
            return Err(err("not this seat's decision"));
        }
        let s = seat as u8;
        match *a {
            Action::Bed { .. } | Action::Brew { .. } | Action::RestDone => {
                return self.rest_change(seat, a, ev);
            }
            Action::Choose { .. }
            | Action::Assign { .. }
            | Action::Reroll { .. }
            | Action::BoatSix { .. }
            | Action::Exert { .. }
            | Action::Accept => return self.explore_change(seat, a, ev),
            Action::Select { villager } => {
                self.turn.selection.push(villager);
                ev.push(Event::Selected { seat: s, villager });
            }
            Action::Explore { dangerous } => {
                self.send(seat, Task::Explore { dangerous }, ev);
            }
            Action::Labor => self.send(seat, Task::Labor, ev),
            Action::Build { card: c } => self.build(seat, c, ev)?,
            Action::Hire { slot } => self.hire(seat, slot, ev)?,
            Action::Banish { seat: t, building } => self.banish(seat, Some((t, building)), ev),
            Action::BanishAll => self.banish(seat, None, ev),
            Action::PlaceGhost { building } => {
                let p = &mut self.players[seat];
                let nh = p.houses.len();
                let b = if (building as usize) < nh {
                    &mut p.houses[building as usize]
                } else {
                    p.outposts
                        .get_mut(building as usize - nh)
                        .ok_or_else(|| err("no such building"))?
                };
                if b.ghost {
                    return Err(err("that building is haunted already"));
                }
                b.ghost = true;
                self.ghost_due -= 1;
                ev.push(Event::GhostPlaced {
                    seat: s,
                    card: b.card,
                });
            }
            Action::Harvest { building } => {
                let p = &mut self.players[seat];
                let nh = p.houses.len();
                let b = if (building as usize) < nh {
                    &mut p.houses[building as usize]
                } else {
                    p.outposts
                        .get_mut(building as usize - nh)
                        .ok_or_else(|| err("no such building"))?
                };
                let good = card_in(self.rules, b.card)
                    .carries()
                    .ok_or_else(|| err("no goods"))?
                    .0;
                b.goods -= 1;
                p.goods[good.idx()] += 1;
                let t = &mut self.turn;
                if (building as usize) < nh {
                    t.harvest_houses += 1;
                } else {
                    t.harvest_outposts += 1;
                }
                t.harvest = if self.rules < Rules::V0_3 {
                    t.harvest - 1
                } else {
                    harvest_left(t)
                };
                ev.push(Event::Harvested { seat: s, good });
                if self.claim(seat, good) {
                    ev.push(Event::Claimed { seat: s, good });
                }
                if !self.can_harvest_any(seat) {
                    self.turn.harvest = 0;
                }
            }
            Action::DoneHarvest => {
                self.turn.harvest = 0;
                ev.push(Event::Did {
                    seat: s,
                    action: *a,
                });
            }
            Action::Sell { good } => {
                let p = &mut self.players[seat];
                if let Some(old) = p.for_sale.take() {
                    p.goods[old.idx()] += 1;
                }
                if let Some(g) = good {
                    p.goods[g.idx()] -= 1;
                    p.for_sale = Some(g);
                }
                self.turn.sale_changed = true;
                ev.push(Event::Sale { seat: s, good });
            }
            Action::OfferAdd { seller, brew } => {
                let o = self.turn.offer.get_or_insert(Offer {
                    seller,
                    coins: 0,
                    brews: 0,
                });
                if brew {
                    o.brews += 1;
                } else {
                    o.coins += 1;
                }
                ev.push(Event::OfferStep { buyer: s, seller });
            }
            Action::Offer => {
                let o = self.turn.offer.ok_or_else(|| err("no offer"))?;
                let good = self.players[o.seller as usize]
                    .for_sale
                    .ok_or_else(|| err("nothing for sale"))?;
                self.turn.awaiting = true;
                self.turn.offered |= 1 << o.seller;
                ev.push(Event::OfferMade {
                    buyer: s,
                    seller: o.seller,
                    coins: o.coins,
                    brews: o.brews,
                    good,
                });
            }
            Action::Withdraw => {
                self.turn.offer = None;
                ev.push(Event::Withdrawn { buyer: s });
            }
            Action::Answer { accept } => {
                let o = self.turn.offer.take().ok_or_else(|| err("no offer"))?;
                self.turn.awaiting = false;
                let buyer = self.active as usize;
                let sl = o.seller as usize;
                let good = self.players[sl]
                    .for_sale
                    .ok_or_else(|| err("nothing for sale"))?;
                if accept {
                    self.players[sl].for_sale = None;
                    let (c, b) = (o.coins as i64, o.brews as i64);
                    self.players[buyer].coins -= c;
                    self.players[buyer].brews -= b;
                    self.players[sl].coins += c;
                    self.players[sl].brews += b;
                    self.players[buyer].goods[good.idx()] += 1;
                }
                ev.push(Event::Answer {
                    accept,
                    buyer: buyer as u8,
                    seller: o.seller,
                    coins: o.coins,
                    brews: o.brews,
                    good,
                });
                if accept && self.claim(buyer, good) {
                    ev.push(Event::Claimed {
                        seat: buyer as u8,
                        good,
                    });
                }
            }
            Action::Refresh { outposts } => {
                self.players[seat].coins -= 1;
                self.coins_out -= 1;
                self.turn.refreshed = true;
                let (row, deck) = if outposts {
                    (std::mem::take(&mut self.outpost_row), Deck::Outposts)
                } else {
                    (std::mem::take(&mut self.house_row), Deck::Houses)
                };
                let k = row.len();
                self.pile_mut(deck).bottom.extend(row);
                for _ in 0..k {
                    self.draws.push(deck);
                }
                ev.push(Event::Refreshed { seat: s, outposts });
                self.settle_draws(ev);
            }
            Action::BoatCoin => {
                let p = &mut self.players[seat];
                p.boats_ready -= 1;
                p.boats_used += 1;
                self.gain_coins(seat, 1);
                ev.push(Event::BoatCoin { seat: s });
            }
            Action::Track { good } => {
                let p = &mut self.players[seat];
                p.goods[good.idx()] -= 1;
                let slot = match p.track.iter().position(|t| t.0 == good) {
                    Some(i) => {
                        p.track[i].1 += 1;
                        i
                    }
                    None => {
                        p.track.push((good, 1));
                        p.track.len() - 1
                    }
                };
                ev.push(Event::Tracked {
                    seat: s,
                    good,
                    slot: slot as u8,
                });
            }
            Action::EndTurn => {
                ev.push(Event::TurnEnded { seat: s });
                self.next_turn(ev);
            }
            Action::Pass => {
                self.passed[seat] = true;
                ev.push(Event::Passed { seat: s });
                self.next_turn(ev);
            }
            Action::Draw { .. } | Action::Roll { .. } => {
                return Err(err("a chance outcome needs no seat"));
            }
        }
        Ok(())
    }

    /// The selected villagers leave the ready area for a task; cats first roll.
    fn send(&mut self, seat: usize, task: Task, ev: &mut Events) {
        let explore = match task {
            Task::Explore { dangerous } => Some(dangerous),
            Task::Labor => None,
        };
        ev.push(Event::Sent {
            seat: seat as u8,
            villagers: self.turn.selection.clone(),
            explore,
        });
        let cats: Vec<u8> = self
            .turn
            .selection
            .iter()
            .copied()
            .filter(|&v| villager(v).cat)
            .collect();
        if cats.is_empty() {
            self.run_task(seat, task, ev);
        } else {
            self.turn.cats = cats;
            self.turn.task = Some(task);
        }
    }

    /// The task with the villagers still selected (cats that refused are gone).
    pub(crate) fn run_task(&mut self, seat: usize, task: Task, ev: &mut Events) {
        self.turn.task = None;
        let party = std::mem::take(&mut self.turn.selection);
        let enough = match task {
            Task::Explore { .. } => party.len() >= 2,
            Task::Labor => !party.is_empty(),
        };
        if !enough {
            // The villagers who stayed keep their place; the action is not used up.
            ev.push(Event::CalledOff { seat: seat as u8 });
            return;
        }
        self.players[seat].ready.retain(|v| !party.contains(v));
        self.turn.acted = true;
        match task {
            Task::Explore { dangerous } => self.start_explore(seat, dangerous, party, ev),
            Task::Labor => self.labor(seat, party, ev),
        }
    }

    fn labor(&mut self, seat: usize, party: Vec<u8>, ev: &mut Events) {
        let brew_each = self.players[seat].has(Effect::BrewOnLabor);
        let hammers = party.iter().filter(|&&v| villager(v).hammer).count() as u8;
        let plain = party.len() as u8 - hammers;
        let harvest = plain + 2 * hammers;
        let k = party.len() as i64;
        self.players[seat].exhausted.extend(party);
        self.gain_coins(seat, k);
        ev.push(Event::Labored {
            seat: seat as u8,
            villagers: k as u8,
            harvest,
        });
        if brew_each {
            self.gain_brews(seat, k);
            ev.push(Event::Brews {
                seat: seat as u8,
                k,
            });
        }
        self.coin_after(seat, Act::Labor, ev);
        let t = &mut self.turn;
        t.harvest = harvest;
        t.harvest_plain = plain;
        t.harvest_hammers = hammers;
        t.harvest_houses = 0;
        t.harvest_outposts = 0;
        if !self.can_harvest_any(seat) {
            self.turn.harvest = 0;
        }
    }

    pub(crate) fn coin_after(&mut self, seat: usize, act: Act, ev: &mut Events) {
        let k = self.players[seat]
            .effects()
            .filter(|e| *e == Effect::CoinAfter(act))
            .count();
        for _ in 0..k {
            self.gain_coins(seat, 1);
            ev.push(Event::Coin {
                seat: seat as u8,
                after: act,
            });
        }
    }

    /// The one selected villager goes to the exhausted area for its action.
    fn use_worker(&mut self, seat: usize) {
        let sel = std::mem::take(&mut self.turn.selection);
        let p = &mut self.players[seat];
        p.ready.retain(|v| !sel.contains(v));
        p.exhausted.extend(sel);
        self.turn.acted = true;
    }

    fn build(&mut self, seat: usize, c: u8, ev: &mut Events) -> Result<(), GameError> {
        self.use_worker(seat);
        let def = self.card(c);
        let row = match def.kind {
            Kind::House => &mut self.house_row,
            Kind::Outpost => &mut self.outpost_row,
            Kind::Key => &mut self.key_row,
            Kind::Star => &mut self.star_row,
            _ => return Err(err("not for sale")),
        };
        let i = row
            .iter()
            .position(|&x| x == c)
            .ok_or_else(|| err("not in a row"))?;
        row.remove(i);
        // Counted before the new card joins: it rewards later builds.
        let rep_on_build = self.players[seat]
            .effects()
            .filter(|e| *e == Effect::ReputationOnBuild)
            .count() as i8;
        self.players[seat].coins -= def.cost as i64;
        self.coins_out -= def.cost as i64;
        let on_cave = self.place_card(seat, c, ev);
        ev.push(Event::Built {
            seat: seat as u8,
            card: c,
            cost: def.cost,
            on_cave,
        });
        self.card_gained(seat, c, ev);
        match def.kind {
            Kind::House => self.draws.push(Deck::Houses),
            Kind::Outpost => self.draws.push(Deck::Outposts),
            _ => {}
        }
        if rep_on_build > 0 {
            self.add_reputation(seat, rep_on_build);
            ev.push(Event::Reputation {
                seat: seat as u8,
                k: rep_on_build,
            });
        }
        self.coin_after(seat, Act::Build, ev);
        self.settle_draws(ev);
        Ok(())
    }

    /// Puts a building into the village (an outpost on the oldest open cave when there is
    /// one); returns the cave it covers.
    pub(crate) fn place_card(&mut self, seat: usize, c: u8, _ev: &mut Events) -> Option<u8> {
        let def = self.card(c);
        let p = &mut self.players[seat];
        let b = Building {
            card: c,
            goods: 0,
            ghost: false,
        };
        if def.outpost {
            p.outposts.push(b);
            let open = p.caves.iter_mut().find(|k| !k.covered)?;
            open.covered = true;
            Some(open.cave)
        } else {
            p.houses.push(b);
            None
        }
    }

    /// The once-only symbols of a card just gained: reputation, boat, brews, goods on it.
    pub(crate) fn card_gained(&mut self, seat: usize, c: u8, ev: &mut Events) {
        let s = seat as u8;
        for e in &self.card(c).effects {
            match *e {
                Effect::Reputation(k) => {
                    self.add_reputation(seat, k);
                    ev.push(Event::Reputation { seat: s, k });
                }
                Effect::Boat => {
                    self.gain_boats(seat, 1);
                    ev.push(Event::Boats { seat: s, k: 1 });
                }
                Effect::Brews(k) => {
                    self.gain_brews(seat, k as i64);
                    ev.push(Event::Brews {
                        seat: s,
                        k: k as i64,
                    });
                }
                Effect::Stock(_, g) | Effect::Refill(g) if self.card(c).kind != Kind::Adventure => {
                    let k = if let Effect::Stock(k, _) = *e { k } else { 1 };
                    let p = &mut self.players[seat];
                    if let Some(b) = p
                        .houses
                        .iter_mut()
                        .chain(p.outposts.iter_mut())
                        .find(|b| b.card == c)
                    {
                        b.goods += k;
                        self.goods_out[g.idx()] += k as i64;
                        ev.push(Event::GoodsOnCard {
                            seat: s,
                            card: c,
                            k,
                        });
                    }
                }
                _ => {}
            }
        }
    }

    fn hire(&mut self, seat: usize, slot: u8, ev: &mut Events) -> Result<(), GameError> {
        self.use_worker(seat);
        let v = self.slots[slot as usize]
            .take()
            .ok_or_else(|| err("empty slot"))?;
        let cost = crate::data::data().board.slot_costs[slot as usize];
        self.players[seat].coins -= cost as i64;
        self.coins_out -= cost as i64;
        let ready = self.players[seat].has(Effect::HireToReady);
        if ready {
            self.players[seat].ready.push(v);
        } else {
            self.players[seat].exhausted.push(v);
        }
        ev.push(Event::Hired {
            seat: seat as u8,
            villager: v,
            slot,
            cost,
            ready,
        });
        if slot < 3 {
            let placed = self.gain_ghost(seat);
            ev.push(Event::Ghost {
                seat: seat as u8,
                placed,
            });
        } else {
            self.gain_brews(seat, 1);
            ev.push(Event::Brews {
                seat: seat as u8,
                k: 1,
            });
        }
        self.coin_after(seat, Act::Hire, ev);
        Ok(())
    }

    fn banish(&mut self, seat: usize, target: Option<(u8, u8)>, ev: &mut Events) {
        self.use_worker(seat);
        let mut returned = 0;
        let me = &mut self.players[seat];
        for b in me.houses.iter_mut().chain(me.outposts.iter_mut()) {
            if b.ghost {
                b.ghost = false;
                returned += 1;
            }
        }
        self.ghosts += returned;
        let s = seat as u8;
        if let Some((t, bi)) = target {
            let tp = &mut self.players[t as usize];
            let nh = tp.houses.len();
            let is_outpost = bi as usize >= nh;
            let b = if is_outpost {
                &mut tp.outposts[bi as usize - nh]
            } else {
                &mut tp.houses[bi as usize]
            };
            b.ghost = true;
            let beds = card_in(self.rules, b.card).beds();
            let sent = Some((t, b.card));
            self.ghosts -= 1;
            returned -= 1;
            ev.push(Event::Banished {
                seat: s,
                returned,
                target: sent,
            });
            // The ghost is one its new owner gains: a 'coin with ghost' card pays for it.
            if self.players[t as usize].has(Effect::CoinWithGhost) {
                self.gain_coins(t as usize, 1);
                ev.push(Event::GhostCoin { seat: t });
            }
            if is_outpost {
                self.gain_brews(seat, 1);
                self.gain_boats(seat, 1);
                ev.push(Event::Brews { seat: s, k: 1 });
                ev.push(Event::Boats { seat: s, k: 1 });
            } else if beds > 0 {
                self.gain_brews(seat, 1);
                self.gain_coins(seat, 3);
                ev.push(Event::Brews { seat: s, k: 1 });
                ev.push(Event::Gained {
                    seat: s,
                    item: crate::book::Item::Coins(3),
                });
            } else {
                self.add_reputation(seat, 2);
                self.gain_coins(seat, 2);
                ev.push(Event::Reputation { seat: s, k: 2 });
                ev.push(Event::Gained {
                    seat: s,
                    item: crate::book::Item::Coins(2),
                });
            }
        } else {
            ev.push(Event::Banished {
                seat: s,
                returned,
                target: None,
            });
        }
        self.coin_after(seat, Act::Banish, ev);
    }

    /// The turn passes clockwise to the next seat that has not passed; when all have,
    /// the round ends.
    pub(crate) fn next_turn(&mut self, ev: &mut Events) {
        self.turn = Turn::default();
        let n = self.n();
        for k in 1..=n {
            let s = (self.active as usize + k) % n;
            if !self.passed[s] {
                self.active = s as u8;
                ev.push(Event::Next { seat: s as u8 });
                return;
            }
        }
        self.end_round(ev);
    }

    /// Draws due that need no chance: a pile whose unseen part is empty gives its bottom
    /// cards in order, an empty pile gives nothing.
    pub(crate) fn settle_draws(&mut self, ev: &mut Events) {
        while let Some(&d) = self.draws.first() {
            let pile = self.pile_mut(d);
            if !pile.unseen.is_empty() {
                return;
            }
            self.draws.remove(0);
            let pile = self.pile_mut(d);
            if !pile.bottom.is_empty() {
                let c = pile.bottom.remove(0);
                self.place_drawn(d, c);
                ev.push(Event::Drew { deck: d, card: c });
            }
        }
        if self.phase == Phase::Setup {
            self.phase = Phase::Play;
            ev.push(Event::RoundStarts {
                round: 1,
                first: self.first,
            });
        }
    }

    pub(crate) fn place_drawn(&mut self, d: Deck, c: u8) {
        match d {
            Deck::Houses => self.house_row.push(c),
            Deck::Outposts => self.outpost_row.push(c),
            Deck::Keys => self.key_row.push(c),
            Deck::Villagers => {
                if let Some(s) = self.slots.iter_mut().find(|s| s.is_none()) {
                    *s = Some(c);
                }
            }
            Deck::BasicCaves => self.cave_top[0] = Some(c),
            Deck::DangerousCaves => self.cave_top[1] = Some(c),
        }
    }
}

/// The most goods a labor may still take: every villager one, a hammer villager two from
/// houses; a hammer villager whose good came from an outpost took its one.
pub(crate) fn harvest_left(t: &Turn) -> u8 {
    let most = t.harvest_plain + 2 * t.harvest_hammers;
    let hammer_outposts = t.harvest_outposts.saturating_sub(t.harvest_plain);
    most.saturating_sub(t.harvest_houses + t.harvest_outposts + hammer_outposts)
}

impl Ab {
    /// Whether the labor being harvested may take a good from `seat`'s building
    /// `building` (houses first, then outposts) now. Each villager takes one good from a
    /// house or an outpost; a hammer villager may take two instead, from houses (the
    /// rulebook: "2 goods tokens from your houses"). Under the 0.2.0 rules a hammer's goods
    /// came from outposts too.
    pub fn may_harvest(&self, seat: usize, building: usize) -> bool {
        let p = &self.players[seat];
        let t = &self.turn;
        let Some(b) = p.buildings().nth(building) else {
            return false;
        };
        if b.goods == 0 || t.harvest == 0 {
            return false;
        }
        if self.rules < Rules::V0_3 {
            return true;
        }
        let mut after = t.clone();
        if building < p.houses.len() {
            after.harvest_houses += 1;
        } else {
            after.harvest_outposts += 1;
        }
        let most = t.harvest_plain + 2 * t.harvest_hammers;
        let hammer_outposts = after.harvest_outposts.saturating_sub(t.harvest_plain);
        after.harvest_outposts <= t.harvest_plain + t.harvest_hammers
            && after.harvest_houses + after.harvest_outposts + hammer_outposts <= most
    }

    /// Whether any good could still be harvested.
    pub(crate) fn can_harvest_any(&self, seat: usize) -> bool {
        (0..self.players[seat].buildings().count()).any(|i| self.may_harvest(seat, i))
    }
}
