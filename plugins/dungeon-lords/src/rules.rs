//! The effects of actions and the order of a combat round: releases, secret planning, then
//! one battle per lord in seat order, each in the rulebook's steps (trap, monsters and
//! ghosts, healing, conquering). Spells need combat cards, which the training dungeons do
//! not use; the full game deals them.

use tavern_plugin_api::GameError;

use crate::action::{Action, NONE};
use crate::data::{Class, Target, adv, card, data, monster, trap};
use crate::done::{Ev, NoHeal};
use crate::grid::targets;
use crate::model::{Battle, Dl, Phase, Plan, Step};
use crate::party::prevent;

impl Dl {
    /// Applies a seat's action (already checked legal) and reports what happened; the
    /// table keeps the report unless it only tells of secret planning.
    pub fn seat_change(&mut self, seat: usize, a: &Action) -> Result<Vec<Ev>, GameError> {
        let ev = self.seat_effects(seat, a)?;
        if ev
            .iter()
            .any(|e| !matches!(e, Ev::PlanStep { .. } | Ev::Confirmed { .. }))
        {
            self.report = ev.clone();
        }
        Ok(ev)
    }

    fn seat_effects(&mut self, seat: usize, a: &Action) -> Result<Vec<Ev>, GameError> {
        let mut ev = Vec::new();
        if matches!(self.phase, Phase::Build(_)) {
            self.build_change(seat, a, &mut ev)?;
            return Ok(ev);
        }
        match *a {
            Action::Tile { square } => {
                self.lords[seat].plan.tile = Some(square);
                ev.push(Ev::PlanStep { lord: seat });
            }
            Action::Trap { kind } => {
                let p = &mut self.lords[seat].plan;
                if p.trap.is_none() {
                    p.trap = Some(kind);
                } else {
                    p.trap2 = Some(kind);
                }
                ev.push(Ev::PlanStep { lord: seat });
            }
            Action::Monster { kind } => {
                let l = &mut self.lords[seat];
                let idx = (0..l.lair.len())
                    .find(|&i| {
                        l.lair[i].kind == kind
                            && l.lair[i].ready
                            && !l.plan.monsters.contains(&(i as u8))
                    })
                    .ok_or_else(|| GameError::new("no such monster ready"))?;
                l.plan.monsters.push(idx as u8);
                ev.push(Ev::PlanStep { lord: seat });
            }
            Action::Confirm => {
                self.lords[seat].plan.confirmed = true;
                ev.push(Ev::Confirmed { lord: seat });
                if self
                    .lords
                    .iter()
                    .all(|l| !l.plan.active || l.plan.confirmed)
                {
                    self.reveal(&mut ev);
                }
            }
            Action::Release { adventurer } => {
                self.release(seat, adventurer, &mut ev)?;
                self.continue_round(&mut ev);
            }
            Action::TrapTarget { adventurer } => {
                self.spring_trap(Some(adventurer), &mut ev);
                self.trap_step(&mut ev);
            }
            Action::Spell { choice } => self.spell_choice(choice, &mut ev)?,
            Action::Deal { .. } => return Err(GameError::new("dealing is a chance step")),
            Action::Attack { kind, mode, a, b } => {
                self.attack(kind, mode, a, b, &mut ev)?;
                if self.battle.as_ref().is_some_and(|b| b.waiting.is_empty())
                    || self.lords[self.battle_lord()].party.is_empty()
                {
                    self.after_monsters(&mut ev);
                }
            }
            _ => return Err(GameError::new("not a combat choice")),
        }
        Ok(ev)
    }

    /// The chance step: the combat's cards are dealt face down.
    pub fn chance_change(&mut self, a: &Action) -> Result<Vec<Ev>, GameError> {
        let mut ev = Vec::new();
        match *a {
            Action::Deal { cards } => {
                self.check_deal(&cards)?;
                self.cards = cards.to_vec();
                self.deal_due = false;
                ev.push(Ev::CardsDealt);
                if self.is_full() {
                    self.proceed(&mut ev);
                }
            }
            Action::Draw { ids, n } if self.full.as_ref().is_some_and(|f| f.need.is_some()) => {
                if self.deal_due {
                    return Err(GameError::new("the combat cards come first"));
                }
                self.apply_draw(&ids, n, &mut ev)?;
            }
            _ => return Err(GameError::new("not a chance outcome")),
        }
        Ok(ev)
    }

    /// Four different combat cards of this year.
    pub fn check_deal(&self, cards: &[u8; 4]) -> Result<(), GameError> {
        if !self.deal_due {
            return Err(GameError::new("no cards are due"));
        }
        let n = data().combat_cards.len() as u8;
        for (i, &c) in cards.iter().enumerate() {
            if c >= n || card(c).year != self.year || cards[..i].contains(&c) {
                return Err(GameError::new("not four different cards of this year"));
            }
        }
        Ok(())
    }

    pub(crate) fn battle_lord(&self) -> usize {
        self.battle.as_ref().map(|b| b.lord).unwrap_or(0)
    }

    /// Begins the next round, or ends the combat after round 4 or once no party is left.
    pub(crate) fn start_round(&mut self, ev: &mut Vec<Ev>) {
        if self.round >= 4 || self.lords.iter().all(|l| l.party.is_empty()) {
            self.finish(ev);
            return;
        }
        self.round += 1;
        self.revealed = false;
        ev.push(Ev::RoundStarts(self.round));
        ev.push(Ev::Section(if self.is_full() {
            format!("Year {} · Combat round {}", self.year, self.round)
        } else {
            format!("Combat round {}", self.round)
        }));
        for l in &mut self.lords {
            l.plan = Plan::default();
        }
        self.continue_round(ev);
    }

    /// Releases owed by dungeons with nothing left to attack, then planning.
    pub(crate) fn continue_round(&mut self, ev: &mut Vec<Ev>) {
        let order: Vec<usize> = self.order().collect();
        for &s in &order {
            let l = &self.lords[s];
            // `plan.tile == Some(NONE)` marks a release already settled this round.
            if l.party.is_empty() || l.plan.tile == Some(NONE) || !targets(l).is_empty() {
                continue;
            }
            match l.prison.len() {
                0 => {
                    ev.push(Ev::NothingToRelease { lord: s });
                    self.lords[s].plan.tile = Some(NONE);
                }
                1 => {
                    let id = l.prison[0];
                    let _ = self.release(s, id, ev);
                }
                _ => {
                    self.phase = Phase::Release(s);
                    return;
                }
            }
        }
        let mut any = false;
        for l in &mut self.lords {
            let t = targets(l);
            l.plan.active = !l.party.is_empty() && !t.is_empty();
            l.plan.tile = if l.plan.active && t.len() == 1 {
                Some(t[0])
            } else {
                None
            };
            any |= l.plan.active;
        }
        if any {
            self.phase = Phase::Planning;
        } else {
            self.end_round(ev);
        }
    }

    fn release(&mut self, seat: usize, id: u8, ev: &mut Vec<Ev>) -> Result<(), GameError> {
        let l = &mut self.lords[seat];
        let i = l
            .prison
            .iter()
            .position(|&p| p == id)
            .ok_or_else(|| GameError::new("not in prison"))?;
        l.prison.remove(i);
        l.distant.push(id);
        l.plan.tile = Some(NONE);
        ev.push(Ev::Released {
            lord: seat,
            adventurer: id,
        });
        Ok(())
    }

    fn reveal(&mut self, ev: &mut Vec<Ev>) {
        self.revealed = true;
        if let Some(c) = self.card() {
            ev.push(Ev::CardRevealed { card: c });
        }
        let order: Vec<usize> = self.order().collect();
        self.queue.clear();
        for s in order {
            let p = &self.lords[s].plan;
            if !p.active {
                continue;
            }
            ev.push(Ev::Revealed {
                lord: s,
                square: p.tile.unwrap_or(0),
                trap: p.trap,
                trap2: p.trap2,
                monsters: p
                    .monsters
                    .iter()
                    .map(|&i| self.lords[s].lair[i as usize].kind)
                    .collect(),
            });
            self.queue.push(s);
        }
        self.next_battle(ev);
    }

    fn next_battle(&mut self, ev: &mut Vec<Ev>) {
        loop {
            if self.queue.is_empty() {
                self.battle = None;
                self.end_round(ev);
                return;
            }
            let s = self.queue.remove(0);
            if self.lords[s].party.is_empty() {
                // The party left this dungeon (the paladin moved on) before its battle.
                continue;
            }
            let plan = self.lords[s].plan.clone();
            self.battle = Some(Battle {
                lord: s,
                waiting: plan.monsters.clone(),
                traps: plan.trap.into_iter().chain(plan.trap2).collect(),
                ..Default::default()
            });
            ev.push(Ev::BattleStarts {
                lord: s,
                square: plan.tile.unwrap_or(0),
            });
            self.trap_step(ev);
            return;
        }
    }

    /// Springs the battle's traps in order, stopping where one must be aimed.
    fn trap_step(&mut self, ev: &mut Vec<Ev>) {
        loop {
            let s = self.battle_lord();
            let next = self.battle.as_ref().and_then(|b| b.traps.first().copied());
            match next {
                Some(k) if !self.lords[s].party.is_empty() => {
                    if trap(k).values(self.year).chosen > 0 {
                        self.phase = Phase::Battle(Step::TrapTarget);
                        return;
                    }
                    self.spring_trap(None, ev);
                }
                _ => {
                    self.after_trap(ev);
                    return;
                }
            }
        }
    }

    /// The trap step: costs paid, damage less disarm symbols from the front, then the
    /// effects no thief can stop.
    fn spring_trap(&mut self, target: Option<u8>, ev: &mut Vec<Ev>) {
        let s = self.battle_lord();
        let year = self.year;
        let l = &mut self.lords[s];
        let bt = self.battle.as_mut().expect("battle");
        if bt.traps.is_empty() {
            return;
        }
        let kind = bt.traps.remove(0);
        let def = trap(kind);
        let v = def.values(year);
        let room = l.plan.tile.map(|t| l.room_trap_gold(t)).unwrap_or(0);
        let gold = def.gold + room;
        l.gold = l.gold.saturating_sub(gold);
        l.food = l.food.saturating_sub(def.food);
        l.imps = l.imps.saturating_sub(def.imp);
        l.traps[kind as usize] -= 1;
        l.discarded[kind as usize] += 1;
        ev.push(Ev::TrapSprung {
            trap: kind,
            gold,
            food: def.food,
            imps: def.imp,
        });
        let n = l.party.len();
        let raw: Vec<u8> = l
            .party
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let mut d = v.each;
                if i == 0 {
                    d += v.first;
                    if v.meal {
                        d += a.hp() - a.damage;
                    }
                }
                if i == 1 {
                    d += v.second;
                }
                if i + 1 == n {
                    d += v.last;
                }
                if Some(a.id) == target {
                    d += v.chosen;
                }
                d
            })
            .collect();
        let (dealt, stopped) = prevent(&raw, l.disarm());
        l.deal_all(&dealt, &stopped, ev);
        let b = self.battle.as_mut().expect("battle");
        b.no_conquer |= def.no_conquer;
        if let Some(t) = target {
            if v.anti_magic {
                let class = adv(t).class;
                let healing = class == Class::Priest;
                let spells = class == Class::Wizard;
                b.no_heal |= healing;
                b.no_spells |= spells;
                ev.push(Ev::AntiMagic {
                    adventurer: t,
                    healing,
                    spells,
                });
            }
            if v.poison > 0 {
                b.poison = Some((t, v.poison));
            }
        }
    }

    fn after_trap(&mut self, ev: &mut Vec<Ev>) {
        let s = self.battle_lord();
        if self.lords[s].party.is_empty() {
            self.end_battle(ev);
        } else if !self.cast(false, ev) {
            self.monster_step(ev);
        }
    }

    /// The monster step, or straight on when nothing is left to attack.
    pub(crate) fn monster_step(&mut self, ev: &mut Vec<Ev>) {
        if self.battle.as_ref().is_some_and(|b| !b.waiting.is_empty()) {
            self.phase = Phase::Battle(Step::Monsters);
        } else {
            self.after_monsters(ev);
        }
    }

    /// After the monsters: the slow spell, then Healing and Conquering.
    pub(crate) fn after_monsters(&mut self, ev: &mut Vec<Ev>) {
        let s = self.battle_lord();
        if self.lords[s].party.is_empty() {
            self.end_battle(ev);
        } else if !self.cast(true, ev) {
            self.heal_and_conquer(ev);
        }
    }

    fn attack(
        &mut self,
        kind: u8,
        mode: u8,
        a: u8,
        b: u8,
        ev: &mut Vec<Ev>,
    ) -> Result<(), GameError> {
        let s = self.battle_lord();
        let l = &mut self.lords[s];
        let bt = self.battle.as_mut().expect("battle");
        let w = bt
            .waiting
            .iter()
            .position(|&i| l.lair[i as usize].kind == kind)
            .ok_or_else(|| GameError::new("that monster is not in this battle"))?;
        let idx = bt.waiting.remove(w) as usize;
        let def = monster(kind);
        if mode == NONE {
            l.lair[idx].ready = false;
            ev.push(Ev::NoTarget { kind });
            ev.push(Ev::KnockedOut { kind });
            return Ok(());
        }
        let md = &def.modes[mode as usize];
        let bonus = room_bonus(l.plan.tile.and_then(|t| l.combat_room(t)), &def.key);
        let dmg = md.damage + bonus;
        let follow = if md.follow_up > 0 {
            md.follow_up + bonus
        } else {
            0
        };
        l.food = l.food.saturating_sub(md.food);
        ev.push(Ev::Attack {
            kind,
            mode,
            food: md.food,
        });
        match md.target {
            Target::First => {
                let first = l.party[0].id;
                monster_hit(l, bt, &[(first, dmg)], ev);
                if follow > 0 && l.position(first).is_none() && !l.party.is_empty() {
                    let next = l.party[0].id;
                    if bt.may_harm(&l.party[0]) {
                        monster_hit(l, bt, &[(next, follow)], ev);
                    }
                }
            }
            Target::Anyone => {
                monster_hit(l, bt, &[(a, dmg)], ev);
                if md.hits > 1 {
                    monster_hit(l, bt, &[(b, dmg)], ev);
                }
            }
            Target::Everyone => {
                let all: Vec<(u8, u8)> = l
                    .party
                    .iter()
                    .filter(|x| bt.may_harm(x))
                    .map(|x| (x.id, dmg))
                    .collect();
                monster_hit(l, bt, &all, ev);
            }
            Target::Hold => {}
        }
        if md.target != Target::Hold {
            bt.attacked = true;
        }
        bt.no_heal |= md.no_heal;
        bt.no_conquer |= md.no_conquer;
        if md.returns {
            ev.push(Ev::Returns { kind });
        } else {
            l.lair[idx].ready = false;
            ev.push(Ev::KnockedOut { kind });
        }
        Ok(())
    }

    /// Healing, Conquering (with fatigue) and the poison due after it.
    pub(crate) fn heal_and_conquer(&mut self, ev: &mut Vec<Ev>) {
        let s = self.battle_lord();
        let bt = self.battle.clone().expect("battle");
        let fatigue = self.card().map(|c| card(c).fatigue).unwrap_or(self.fatigue);
        let l = &mut self.lords[s];
        if l.has_healer() && l.party.iter().any(|a| a.damage > 0) {
            if !bt.attacked {
                ev.push(Ev::NoHealing(NoHeal::NotAttacked));
            } else if bt.no_heal {
                ev.push(Ev::NoHealing(NoHeal::Stopped));
            } else {
                let h = l.healing();
                l.heal(h, ev);
            }
        }
        let square = l.plan.tile.unwrap_or(0);
        if bt.no_conquer && !bt.must_conquer {
            ev.push(Ev::NoConquering);
        } else {
            if !bt.no_fatigue {
                l.fatigue(fatigue, ev);
            }
            if l.party.is_empty() {
                ev.push(Ev::Saved { square });
            } else {
                if let Some(t) = l.grid[square as usize].as_mut() {
                    t.conquered = true;
                }
                l.evil = l.evil.saturating_sub(1);
                ev.push(Ev::Conquered { square });
            }
        }
        if let Some((id, amount)) = bt.poison {
            let l = &mut self.lords[s];
            if l.position(id).is_some() {
                ev.push(Ev::Poison {
                    adventurer: id,
                    amount,
                });
                l.deal(id, amount, ev);
            }
        }
        self.paladin_check(ev);
        self.end_battle(ev);
    }

    /// Monsters sent but never called on (the party fell first) go back unused.
    fn end_battle(&mut self, ev: &mut Vec<Ev>) {
        if let Some(bt) = self.battle.take() {
            for &i in &bt.waiting {
                ev.push(Ev::Unused {
                    kind: self.lords[bt.lord].lair[i as usize].kind,
                });
            }
        }
        self.next_battle(ev);
    }

    fn end_round(&mut self, ev: &mut Vec<Ev>) {
        if self.round >= 4 {
            self.finish(ev);
        } else {
            self.start_round(ev);
        }
    }

    /// End of combat: survivors leave for the Distant Lands and every monster and ghost
    /// turns face up again.
    fn finish(&mut self, ev: &mut Vec<Ev>) {
        for (s, l) in self.lords.iter_mut().enumerate() {
            l.party.retain(|a| a.class() != Class::Illusion);
            if !l.party.is_empty() {
                let gone: Vec<u8> = l.party.drain(..).map(|a| a.id).collect();
                l.distant.extend(&gone);
                ev.push(Ev::ToDistantLands {
                    lord: s,
                    adventurers: gone,
                });
            }
            for m in &mut l.lair {
                m.ready = true;
            }
            l.plan = Plan::default();
        }
        self.battle = None;
        self.queue.clear();
        self.phase = Phase::Over;
        ev.push(Ev::CombatOver);
        if self.is_full() {
            self.year_end(ev);
        }
    }

    /// The paladin sets out for, or moves on to, the most evil lord at or above his line
    /// (strictly more evil than his holder; on a tie the later in seat order from the
    /// start player). He keeps his damage and goes to the front.
    pub fn paladin_check(&mut self, ev: &mut Vec<Ev>) {
        let line = data().evilometer.paladin;
        let holder = self
            .lords
            .iter()
            .position(|l| l.party.iter().any(|a| a.class() == Class::Paladin));
        if holder.is_none() && self.paladin_tent.is_none() {
            return;
        }
        let floor = holder
            .map(|h| self.lords[h].evil + 1)
            .unwrap_or(0)
            .max(line);
        let mut best: Option<usize> = None;
        for s in self.order() {
            let e = self.lords[s].evil;
            if e >= floor && best.is_none_or(|b| e >= self.lords[b].evil) {
                best = Some(s);
            }
        }
        let Some(to) = best else { return };
        let pal = match holder {
            Some(h) => {
                let i = self.lords[h]
                    .party
                    .iter()
                    .position(|a| a.class() == Class::Paladin)
                    .expect("paladin");
                self.lords[h].party.remove(i)
            }
            None => crate::model::Adv::new(self.paladin_tent.take().expect("tent"), 0),
        };
        self.lords[to].party.insert(0, pal);
        ev.push(Ev::PaladinMoves { from: holder, to });
    }
}

/// One monster or ghost attack's damage, after Song of Courage and Magic Shield, dealt at
/// once.
fn monster_hit(l: &mut crate::model::Lord, bt: &mut Battle, hits: &[(u8, u8)], ev: &mut Vec<Ev>) {
    let mut amounts = vec![0u8; l.party.len()];
    for &(id, dmg) in hits {
        let Some(i) = l.position(id) else { continue };
        let mut d = dmg;
        if bt.courage && l.party[i].class() == Class::Warrior {
            d = d.saturating_sub(1);
        }
        if bt.shield > 0 && d > 0 {
            let absorbed = bt.shield.min(d);
            bt.shield -= absorbed;
            d -= absorbed;
            ev.push(Ev::Shielded {
                adventurer: id,
                amount: absorbed,
            });
        }
        amounts[i] += d;
    }
    l.deal_all(&amounts, &[], ev);
}

impl Battle {
    /// Whether monsters may harm this adventurer (invisible wizards are out of reach).
    pub fn may_harm(&self, a: &crate::model::Adv) -> bool {
        !(self.invisible && a.class() == Class::Wizard)
    }
}

/// +1 per attack for the monsters a second-year combat room trains.
fn room_bonus(room: Option<crate::data::CombatRoom>, monster_key: &str) -> u8 {
    use crate::data::CombatRoom;
    match (room, monster_key) {
        (Some(CombatRoom::Training), "troll" | "goblin") => 1,
        (Some(CombatRoom::Dark), "vampire" | "witch") => 1,
        _ => 0,
    }
}
