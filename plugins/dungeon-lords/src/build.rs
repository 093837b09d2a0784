//! The decisions of the building years: what each lord may choose at each stage, the
//! effects of those choices, and the chance draws (tiles, cards, orders).

use rand::RngExt;
use tavern_plugin_api::{GameError, GameRng};

use crate::action::{Action, NONE};
use crate::building::{dig_sites, mine_sites, room_sites};
use crate::data::{data, monster, room, trap};
use crate::done::Ev;
use crate::full::{Job, Need, Stage, event_name};
use crate::model::{Dl, Monster, Phase, Tile, TileKind};
use crate::names::{adv_name, square_name};
use crate::orders::{Minion, Place};
use crate::spaces::{permit, space};

/// What a lord's secret orders are, in the log: revealed when every lord is ready.
const ORDERS: &str = "orders";

impl Dl {
    fn afford(&self, s: usize, gold: u8, food: u8, evil: u8) -> bool {
        let l = &self.lords[s];
        l.gold >= gold && l.food >= food && self.can_pay_evil(s, evil)
    }

    fn pay(&mut self, s: usize, gold: u8, food: u8, evil: u8) {
        let top = data().evilometer.top;
        let l = &mut self.lords[s];
        l.gold -= gold;
        l.food -= food;
        l.evil = (l.evil + evil).min(top);
    }

    fn trap_deck_size(&self) -> u8 {
        self.f().trap_deck.iter().sum()
    }

    /// Choices for the order being carried out; `Pass` is always last.
    pub fn exec_choices(&self) -> Vec<Action> {
        let mut out = Vec::new();
        let Some((p, i, s)) = self.f().cur else {
            return out;
        };
        let place = Place::from_index(p);
        let c = space(place, i);
        let l = &self.lords[s];
        match place {
            Place::GetFood | Place::RecruitImps => {
                if self.afford(s, c.gold, c.food, c.evil) {
                    out.push(Action::Take);
                }
            }
            Place::Reputation => {
                if self.afford(s, c.gold, 0, 0) {
                    if c.spy && !self.cards.is_empty() {
                        for r in 1..=self.cards.len() as u8 {
                            out.push(Action::Spy { round: r });
                        }
                    } else {
                        out.push(Action::Take);
                    }
                }
            }
            Place::BuyTraps => {
                if self.afford(s, c.gold, 0, 0) && self.trap_deck_size() > 0 {
                    out.push(Action::Take);
                }
            }
            Place::DigTunnels => {
                let (limit, fore) = permit(i);
                let f = self.f();
                let need = 1 + (fore && !f.foreimp) as u8;
                if f.dug < limit && self.free_imps(s) >= need {
                    out.extend(
                        dig_sites(l)
                            .into_iter()
                            .map(|square| Action::Dig { square }),
                    );
                }
            }
            Place::MineGold => {
                let (limit, fore) = permit(i);
                let free = self.free_imps(s).saturating_sub(fore as u8);
                let most = limit.min(free).min(mine_sites(l).len() as u8);
                out.extend((1..=most).map(|imps| Action::Mine { imps }));
            }
            Place::HireMonster => {
                let mut seen = Vec::new();
                for &k in &self.f().tavern {
                    if !seen.contains(&k) {
                        seen.push(k);
                        self.hire_choices(s, k, c.food, &mut out);
                    }
                }
            }
            Place::BuildRoom => {
                if l.gold >= c.gold {
                    for &r in &self.f().store {
                        for square in room_sites(l, r) {
                            out.push(Action::Build { room: r, square });
                        }
                    }
                }
            }
        }
        out.push(Action::Pass);
        out
    }

    /// Ways to pay for monster `kind` (cost plus `extra_food`), as Hire or Wage actions.
    fn cost_choices(
        &self,
        s: usize,
        kind: u8,
        extra_food: u8,
        mk: impl Fn(u8) -> Action,
    ) -> Vec<Action> {
        let w = &monster(kind).wage_cost;
        let l = &self.lords[s];
        let mut out = Vec::new();
        if !self.afford(s, w.gold, w.food + extra_food, w.evil) {
            return out;
        }
        if w.traps > 0 {
            for (k, &n) in l.traps.iter().enumerate() {
                if n > 0 {
                    out.push(mk(k as u8));
                }
            }
        } else if w.feed {
            let mut seen = Vec::new();
            for m in &l.lair {
                if !seen.contains(&m.kind) {
                    seen.push(m.kind);
                    out.push(mk(m.kind));
                }
            }
        } else {
            out.push(mk(NONE));
        }
        out
    }

    fn hire_choices(&self, s: usize, kind: u8, extra_food: u8, out: &mut Vec<Action>) {
        out.extend(self.cost_choices(s, kind, extra_food, |pay| Action::Hire { kind, pay }));
    }

    /// Pay Day choices for the lair monster in question (empty: it cannot be paid).
    pub fn wage_choices(&self, s: usize) -> Vec<Action> {
        let idx = self.f().wage_idx;
        let l = &self.lords[s];
        let Some(m) = l.lair.get(idx) else {
            return Vec::new();
        };
        let mut out = self.cost_choices(s, m.kind, 0, |pay| Action::Wage { pay });
        // A demon cannot eat itself.
        if monster(m.kind).wage_cost.feed {
            let others = l
                .lair
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != idx)
                .map(|(_, o)| o.kind)
                .collect::<Vec<_>>();
            out.retain(|a| matches!(a, Action::Wage { pay } if others.contains(pay)));
        }
        out
    }

    /// Production rooms the lord can run now.
    pub fn production_choices(&self, s: usize) -> Vec<Action> {
        let l = &self.lords[s];
        let times = if self.year >= 2 { 2 } else { 1 };
        let free = self.free_workers(s);
        let mut out = Vec::new();
        for sq in self.room_squares(s) {
            let Some(r) = l.grid[sq as usize].and_then(|t| t.room) else {
                continue;
            };
            let def = room(r);
            if def.imps == 0 || free < def.imps || l.food < def.food {
                continue;
            }
            let used = self.f().used[s].iter().filter(|&&q| q == sq).count();
            if used >= times {
                continue;
            }
            if def.makes.tunnels > 0 && dig_sites(l).is_empty() {
                continue;
            }
            if def.makes.traps > 0 && self.trap_deck_size() == 0 {
                continue;
            }
            if def.makes.evil < 0 && l.evil == 0 {
                continue;
            }
            out.push(Action::Produce { square: sq });
        }
        out
    }

    /// Every choice of the building stage `st` for seat `s`.
    pub fn build_actions(&self, st: Stage, s: usize, out: &mut Vec<Action>) {
        let f = self.f();
        match st {
            Stage::Initial => {
                if f.keep[s].is_none() {
                    out.extend(f.drawn[s].iter().map(|&place| Action::Keep { place }));
                } else {
                    out.push(Action::Confirm);
                }
            }
            Stage::Orders => {
                if f.confirmed[s] {
                    return;
                }
                let chosen = &f.orders[s];
                if chosen.len() < 3 {
                    for p in 0..8u8 {
                        if !f.inacc[s].contains(&p) && !chosen.contains(&p) {
                            out.push(Action::Order { place: p });
                        }
                    }
                } else if self.n() == 2 && f.np_pick[s].is_none() {
                    let np = &f.np[s];
                    for p in 0..8u8 {
                        if !np.inacc.contains(&p) && !np.orders.contains(&p) {
                            out.push(Action::NpOrder { place: p });
                        }
                    }
                } else {
                    out.push(Action::Confirm);
                }
            }
            Stage::Exec => {
                if f.cur.is_some_and(|c| c.2 == s) {
                    out.extend(self.exec_choices());
                }
            }
            Stage::Discard(_) => {
                let mut seen = Vec::new();
                for &k in &f.bought {
                    if !seen.contains(&k) {
                        seen.push(k);
                        out.push(Action::Discard { kind: k });
                    }
                }
            }
            Stage::Tunnel(_) => {
                out.extend(
                    dig_sites(&self.lords[s])
                        .into_iter()
                        .map(|square| Action::Tunnel { square }),
                );
            }
            Stage::Production(_) => {
                out.extend(self.production_choices(s));
                out.push(Action::Pass);
            }
            Stage::Retrieve(_) => {
                out.push(Action::Retrieve { pos: 0 });
                for p in 1..3u8 {
                    if !f.done[s][p as usize] {
                        out.push(Action::Retrieve { pos: p });
                    }
                }
            }
            Stage::PayDay(_) => {
                out.extend(self.wage_choices(s));
                out.push(Action::Dismiss);
            }
            Stage::Taxes(_) => {
                let l = &self.lords[s];
                let most = crate::building::tax(l).min(l.gold);
                out.extend((0..=most).map(|gold| Action::Tax { gold }));
            }
        }
    }

    /// Seats that must decide at this building stage.
    pub fn build_seats(&self, st: Stage) -> Vec<usize> {
        let f = self.f();
        match st {
            Stage::Initial => (0..self.n()).filter(|&s| !f.confirmed[s]).collect(),
            Stage::Orders => (0..self.n()).filter(|&s| !f.confirmed[s]).collect(),
            Stage::Exec => f.cur.map(|c| vec![c.2]).unwrap_or_default(),
            Stage::Discard(s)
            | Stage::Tunnel(s)
            | Stage::Production(s)
            | Stage::Retrieve(s)
            | Stage::PayDay(s)
            | Stage::Taxes(s) => vec![s],
        }
    }

    /// Applies a building decision.
    pub fn build_change(
        &mut self,
        s: usize,
        a: &Action,
        ev: &mut Vec<Ev>,
    ) -> Result<(), GameError> {
        let Phase::Build(st) = self.phase else {
            return Err(GameError::new("not a building decision"));
        };
        let name = self.lords[s].name.clone();
        match (st, *a) {
            (Stage::Initial, Action::Keep { place }) => {
                self.fm().keep[s] = Some(place);
                ev.push(Ev::Secret {
                    lord: s,
                    public: format!("{name} chooses the inaccessible orders"),
                    private: format!("You keep {} in hand", Place::from_index(place).name()),
                });
            }
            (Stage::Initial, Action::Confirm) => {
                self.fm().confirmed[s] = true;
                ev.push(Ev::Line(format!(
                    "{name} has chosen their two inaccessible orders"
                )));
                if self.f().confirmed.iter().all(|&c| c) {
                    self.proceed(ev);
                }
            }
            (Stage::Orders, Action::Order { place }) => {
                self.fm().orders[s].push(place);
                ev.push(Ev::Secret {
                    lord: s,
                    public: format!("{name} chooses orders"),
                    private: format!(
                        "Order {}: {}",
                        self.f().orders[s].len(),
                        Place::from_index(place).name()
                    ),
                });
                ev.push(Ev::SecretAbout(ORDERS.into()));
            }
            (Stage::Orders, Action::NpOrder { place }) => {
                self.fm().np_pick[s] = Some(place);
                ev.push(Ev::Secret {
                    lord: s,
                    public: format!("{name} chooses orders"),
                    private: format!(
                        "The non-player colour's third order: {}",
                        Place::from_index(place).name()
                    ),
                });
                ev.push(Ev::SecretAbout(ORDERS.into()));
            }
            (Stage::Orders, Action::Confirm) => {
                self.fm().confirmed[s] = true;
                let names: Vec<&str> = self.f().orders[s]
                    .iter()
                    .map(|&p| Place::from_index(p).name())
                    .collect();
                ev.push(Ev::Secret {
                    lord: s,
                    public: format!("{name} has placed three orders face down"),
                    private: format!("You place your orders: {}", names.join(", ")),
                });
                ev.push(Ev::SecretAbout(ORDERS.into()));
                if self.f().confirmed.iter().all(|&c| c) {
                    ev.push(Ev::Line(
                        "Every lord is ready: the orders are revealed".into(),
                    ));
                    ev.push(Ev::Publishes(ORDERS.into()));
                    self.job_done(ev);
                }
            }
            (Stage::Exec, _) => self.exec_change(s, a, ev)?,
            (Stage::Discard(_), Action::Discard { kind }) => {
                let l = &mut self.lords[s];
                l.traps[kind as usize] -= 1;
                let f = self.fm();
                f.discards.traps[kind as usize] += 1;
                f.hidden_discards[s][kind as usize] += 1;
                f.bought.clear();
                ev.push(Ev::Secret {
                    lord: s,
                    public: format!("{name} discards one of the trap cards face down"),
                    private: format!("You discard the {}", trap(kind).name),
                });
                self.job_done(ev);
            }
            (Stage::Tunnel(_), Action::Tunnel { square }) => {
                self.dig(s, square);
                ev.push(Ev::Line(format!(
                    "The Tool Shed digs a tunnel at {}",
                    square_name(square)
                )));
                self.job_done(ev);
            }
            (Stage::Production(_), Action::Produce { square }) => {
                self.produce(s, square, ev);
            }
            (Stage::Production(_), Action::Pass) => {
                let name = &self.lords[s].name;
                ev.push(Ev::Quiet(format!("{name} is done producing")));
                self.job_done(ev)
            }
            (Stage::Retrieve(_), Action::Retrieve { pos }) => {
                self.retrieve_action(s, pos as usize, ev)
            }
            (Stage::PayDay(_), Action::Wage { pay }) => {
                let idx = self.f().wage_idx;
                let kind = self.lords[s].lair[idx].kind;
                let w = &monster(kind).wage_cost;
                self.pay(s, w.gold, w.food, w.evil);
                let mut what = String::new();
                if w.traps > 0 {
                    self.lords[s].traps[pay as usize] -= 1;
                    self.fm().discards.traps[pay as usize] += 1;
                    what = format!(", discarding a {}", trap(pay).name);
                }
                let mut next = idx + 1;
                if w.feed {
                    let l = &self.lords[s];
                    let j = (0..l.lair.len())
                        .find(|&j| j != idx && l.lair[j].kind == pay)
                        .ok_or_else(|| GameError::new("no such monster to eat"))?;
                    self.lords[s].lair.remove(j);
                    self.fm().discards.monsters.push(pay);
                    what = format!(", feeding it the {}", monster(pay).name.to_lowercase());
                    if j < idx {
                        next -= 1;
                    }
                }
                self.fm().wage_idx = next;
                ev.push(Ev::Line(format!(
                    "{name} pays the {}'s wage ({}){what}",
                    monster(kind).name.to_lowercase(),
                    monster(kind).wage
                )));
                self.paladin_check(ev);
                self.proceed(ev);
            }
            (Stage::PayDay(_), Action::Dismiss) => {
                let idx = self.f().wage_idx;
                let kind = crate::economy::dismiss(&mut self.lords[s], idx);
                self.fm().discards.monsters.push(kind);
                ev.push(Ev::Line(format!(
                    "{name} does not pay the {}: it leaves, and {name} gains 1 Evil",
                    monster(kind).name.to_lowercase()
                )));
                self.paladin_check(ev);
                self.proceed(ev);
            }
            (Stage::Taxes(_), Action::Tax { gold }) => {
                let owed = crate::building::tax(&self.lords[s]);
                let marks = crate::economy::pay_taxes(&mut self.lords[s], gold);
                ev.push(Ev::Line(format!(
                    "{name} pays {gold} of {owed} gold in taxes{}",
                    if marks > 0 {
                        format!(
                            ": {marks} mark{} in the Dead Letter Office",
                            if marks == 1 { "" } else { "s" }
                        )
                    } else {
                        String::new()
                    }
                )));
                self.job_done(ev);
            }
            _ => return Err(GameError::new("not a choice at this stage")),
        }
        Ok(())
    }

    fn dig(&mut self, s: usize, square: u8) {
        self.lords[s].grid[square as usize] = Some(Tile {
            kind: TileKind::Tunnel,
            conquered: false,
            room: None,
        });
    }

    fn exec_change(&mut self, s: usize, a: &Action, ev: &mut Vec<Ev>) -> Result<(), GameError> {
        let (p, i, _) = self.f().cur.ok_or_else(|| GameError::new("no order"))?;
        let place = Place::from_index(p);
        let c = space(place, i);
        let name = self.lords[s].name.clone();
        let top = data().evilometer.top;
        match *a {
            Action::Pass => {
                let dug = self.f().dug;
                if place == Place::DigTunnels && dug > 0 {
                    ev.push(Ev::Quiet(format!(
                        "{name} stops digging after {dug} tunnel{}",
                        if dug == 1 { "" } else { "s" }
                    )));
                    self.order_over(true, ev);
                } else {
                    ev.push(Ev::Line(format!(
                        "{name} does not carry out {}",
                        place.name()
                    )));
                    self.order_over(false, ev);
                }
            }
            Action::Take | Action::Spy { .. } => {
                self.pay(s, c.gold, c.food, c.evil);
                let l = &mut self.lords[s];
                l.food += c.get_food;
                l.gold += c.get_gold;
                l.imps += c.imps;
                l.evil = l.evil.saturating_sub(c.less_evil).min(top);
                let mut private = None;
                let mut line = match place {
                    Place::GetFood => format!("{name} gets {} food", c.get_food),
                    Place::Reputation => {
                        format!("{name} improves their reputation by {}", c.less_evil)
                    }
                    Place::RecruitImps => format!(
                        "{name} recruits {} imp{}",
                        c.imps,
                        if c.imps == 1 { "" } else { "s" }
                    ),
                    Place::BuyTraps => format!("{name} buys trap cards"),
                    _ => String::new(),
                };
                let mut paid = Vec::new();
                if c.gold > 0 {
                    paid.push(format!("{} gold", c.gold));
                }
                if c.food > 0 {
                    paid.push(format!("{} food", c.food));
                }
                if c.evil > 0 {
                    paid.push(format!("{} Evil", c.evil));
                }
                if !paid.is_empty() {
                    line.push_str(&format!(" for {}", paid.join(" and ")));
                }
                if let Action::Spy { round } = *a {
                    self.spy(s, round);
                    line.push_str(&format!(" and spies on combat card {round}"));
                    let card = self.cards[round as usize - 1];
                    private = Some(format!("{line}: it is {}", crate::data::card(card).name));
                }
                match private {
                    Some(p) => ev.push(Ev::Secret {
                        lord: s,
                        public: line,
                        private: p,
                    }),
                    None => ev.push(Ev::Line(line)),
                }
                if place == Place::BuyTraps {
                    let n = (c.traps + (self.year >= 2) as u8).min(self.trap_deck_size());
                    let mut jobs = vec![Job::Draw(Need::Traps(s), n)];
                    if self.year >= 2 {
                        jobs.push(Job::Discard(s));
                    }
                    self.fm().bought.clear();
                    // The draws come before the next order is carried out.
                    let f = self.fm();
                    for &j in jobs.iter().rev() {
                        f.jobs.push_front(j);
                    }
                }
                self.order_over(true, ev);
            }
            Action::Dig { square } => {
                let (limit, fore) = permit(i);
                if fore && !self.f().foreimp {
                    self.fm().foreimp = true;
                    self.fm().busy[s] += 1;
                    ev.push(Ev::Line(format!("{name} sends a foreimp to supervise")));
                }
                self.dig(s, square);
                let f = self.fm();
                f.dug += 1;
                f.busy[s] += 1;
                ev.push(Ev::Line(format!(
                    "{name}'s imp digs a tunnel at {}",
                    square_name(square)
                )));
                let more = self.f().dug < limit
                    && self.free_imps(s) >= 1
                    && !dig_sites(&self.lords[s]).is_empty();
                if !more {
                    self.order_over(true, ev);
                }
            }
            Action::Mine { imps } => {
                let (_, fore) = permit(i);
                let f = self.fm();
                f.busy[s] += imps + fore as u8;
                self.lords[s].gold += imps;
                ev.push(Ev::Line(format!(
                    "{name} mines {imps} gold{}",
                    if fore {
                        " (with a foreimp supervising)"
                    } else {
                        ""
                    }
                )));
                self.order_over(true, ev);
            }
            Action::Hire { kind, pay } => {
                let w = &monster(kind).wage_cost;
                self.pay(s, w.gold, w.food + c.food, w.evil);
                let mut what = String::new();
                if w.traps > 0 {
                    self.lords[s].traps[pay as usize] -= 1;
                    self.fm().discards.traps[pay as usize] += 1;
                    what = format!(", discarding a {}", trap(pay).name);
                }
                if w.feed {
                    let l = &self.lords[s];
                    let j = (0..l.lair.len())
                        .find(|&j| l.lair[j].kind == pay)
                        .ok_or_else(|| GameError::new("no such monster to eat"))?;
                    self.lords[s].lair.remove(j);
                    self.fm().discards.monsters.push(pay);
                    what = format!(", feeding it the {}", monster(pay).name.to_lowercase());
                }
                let f = self.fm();
                let t = f
                    .tavern
                    .iter()
                    .position(|&k| k == kind)
                    .ok_or_else(|| GameError::new("not in the tavern"))?;
                f.tavern.remove(t);
                self.lords[s].lair.push(Monster { kind, ready: true });
                let extra = if c.food > 0 {
                    " + 1 food for space III"
                } else {
                    ""
                };
                ev.push(Ev::Line(format!(
                    "{name} hires the {} ({}{extra}){what}",
                    monster(kind).name.to_lowercase(),
                    monster(kind).wage
                )));
                self.order_over(true, ev);
            }
            Action::Build { room: r, square } => {
                self.pay(s, c.gold, 0, 0);
                let f = self.fm();
                let t = f
                    .store
                    .iter()
                    .position(|&x| x == r)
                    .ok_or_else(|| GameError::new("not in the store"))?;
                f.store.remove(t);
                self.lords[s].grid[square as usize] = Some(Tile {
                    kind: TileKind::Room,
                    conquered: false,
                    room: Some(r),
                });
                ev.push(Ev::Line(format!(
                    "{name} builds the {} at {}{}",
                    room(r).name,
                    square_name(square),
                    if c.gold > 0 { " for 1 gold" } else { "" }
                )));
                self.order_over(true, ev);
            }
            _ => return Err(GameError::new("not a choice for this order")),
        }
        Ok(())
    }

    fn produce(&mut self, s: usize, square: u8, ev: &mut Vec<Ev>) {
        let Some(r) = self.lords[s].grid[square as usize].and_then(|t| t.room) else {
            return;
        };
        let def = room(r);
        let workers = self.free_workers(s);
        let name = self.lords[s].name.clone();
        let Some((tunnels, traps)) = crate::economy::produce(&mut self.lords[s], r, workers) else {
            return;
        };
        let f = self.fm();
        f.busy[s] += def.imps;
        f.used[s].push(square);
        ev.push(Ev::Line(format!(
            "{name}'s {} works ({} imps{})",
            def.name,
            def.imps,
            if def.food > 0 { " and 1 food" } else { "" }
        )));
        let mut jobs = Vec::new();
        if tunnels > 0 {
            jobs.push(Job::Tunnel(s));
        }
        if traps > 0 {
            let n = traps.min(self.trap_deck_size());
            jobs.push(Job::Draw(Need::Traps(s), n));
        }
        let f = self.fm();
        for &j in jobs.iter().rev() {
            f.jobs.push_front(j);
        }
        self.paladin_check(ev);
        self.proceed(ev);
    }

    /// The pool a chance draw takes from (with repeats for copies) and how many it takes.
    pub fn draw_pool(&self) -> (Vec<u8>, usize) {
        let f = self.f();
        let Some(need) = f.need else {
            return (Vec::new(), 0);
        };
        let n = match f.jobs.front() {
            Some(Job::Draw(_, n)) => *n as usize,
            _ => 0,
        };
        match need {
            Need::Inacc(_) | Need::NpInacc(_) => ((0..8).collect(), n),
            Need::NpOrders(k) => ((0..8).filter(|p| !f.np[k].inacc.contains(p)).collect(), n),
            Need::Event => (f.event_pool.clone(), n),
            Need::Special => (
                (0..data().special_events.len() as u8)
                    .filter(|c| !f.special.contains(&Some(*c)))
                    .collect(),
                n,
            ),
            Need::Tavern => (f.monster_pool.clone(), n),
            Need::Store => (f.room_pool.clone(), n),
            Need::Advs => {
                let pool = if f.adv_pool.is_empty() {
                    f.adv_bottom.clone()
                } else {
                    f.adv_pool.clone()
                };
                let want = self.adv_count() - f.forecast.len();
                let n = want.min(pool.len()).min(4);
                (pool, n)
            }
            Need::Traps(_) => {
                let mut pool = Vec::new();
                for (k, &c) in f.trap_deck.iter().enumerate() {
                    for _ in 0..c {
                        pool.push(k as u8);
                    }
                }
                (pool, n)
            }
        }
    }

    pub fn sample_draw(&self, rng: &mut GameRng) -> Action {
        let (mut pool, n) = self.draw_pool();
        let mut ids = [0u8; 4];
        for id in ids.iter_mut().take(n) {
            *id = pool.swap_remove(rng.random_range(0..pool.len()));
        }
        Action::Draw { ids, n: n as u8 }
    }

    pub fn check_draw(&self, ids: &[u8; 4], n: u8) -> Result<(), GameError> {
        let (mut pool, want) = self.draw_pool();
        if n as usize != want || n > 4 {
            return Err(GameError::new("wrong number drawn"));
        }
        for &id in &ids[..n as usize] {
            let i = pool
                .iter()
                .position(|&p| p == id)
                .ok_or_else(|| GameError::new("drawn something not in the pile"))?;
            pool.swap_remove(i);
        }
        Ok(())
    }

    /// Applies a chance draw to what it was for.
    pub fn apply_draw(&mut self, ids: &[u8; 4], n: u8, ev: &mut Vec<Ev>) -> Result<(), GameError> {
        self.check_draw(ids, n)?;
        let ids: Vec<u8> = ids[..n as usize].to_vec();
        let need = self.fm().need.take().expect("need");
        let names = |v: &[u8], f: &dyn Fn(u8) -> String| {
            v.iter().map(|&x| f(x)).collect::<Vec<_>>().join(", ")
        };
        let place_name = |p: u8| Place::from_index(p).name().to_string();
        fn remove(pool: &mut Vec<u8>, id: u8) {
            if let Some(i) = pool.iter().position(|&p| p == id) {
                pool.remove(i);
            }
        }
        match need {
            Need::Inacc(s) => {
                let who = self.lords[s].name.clone();
                if self.f().opts.choose_orders {
                    self.fm().drawn[s] = ids.clone();
                    ev.push(Ev::Secret {
                        lord: s,
                        public: format!("{who} draws three orders"),
                        private: format!("You draw {}: keep one in hand", names(&ids, &place_name)),
                    });
                } else {
                    self.fm().inacc[s] = ids.clone();
                    ev.push(Ev::Line(format!(
                        "{who}'s inaccessible orders: {}",
                        names(&ids, &place_name)
                    )));
                }
            }
            Need::NpInacc(k) => {
                self.fm().np[k].inacc = ids.clone();
                ev.push(Ev::Line(format!(
                    "Non-player colour {}: inaccessible orders {}",
                    k + 1,
                    names(&ids, &place_name)
                )));
            }
            Need::NpOrders(k) => {
                let three = self.n() == 3;
                let f = self.fm();
                for &p in &ids {
                    if three {
                        f.board.spaces[p as usize][1] = Some(Minion::NonPlayer(k));
                    } else {
                        f.board.place(Place::from_index(p), Minion::NonPlayer(k));
                    }
                }
                f.np[k].orders = ids.clone();
                if three {
                    f.np[k].inacc = ids.clone();
                }
                ev.push(Ev::Line(format!(
                    "The non-player colour blocks {}",
                    names(&ids, &place_name)
                )));
            }
            Need::Event => {
                let f = self.fm();
                let r = f.bround as usize + 1;
                f.events[r] = Some(ids[0]);
                remove(&mut f.event_pool, ids[0]);
                ev.push(Ev::Line(format!(
                    "Next round's event: {}",
                    event_name(ids[0])
                )));
                if ids[0] == crate::full::SPECIAL && f.opts.special {
                    // The year's special event card is turned up with its tile.
                    f.jobs.pop_front();
                    f.jobs.push_front(Job::Draw(Need::Special, 1));
                    self.proceed(ev);
                    return Ok(());
                }
            }
            Need::Special => {
                let year = self.year as usize;
                self.fm().special[year] = Some(ids[0]);
                let d = &data().special_events[ids[0] as usize];
                ev.push(Ev::Line(format!(
                    "This year's special event card: {} — {}",
                    d.name, d.help
                )));
            }
            Need::Tavern => {
                let f = self.fm();
                for &k in &ids {
                    remove(&mut f.monster_pool, k);
                }
                f.tavern = ids.clone();
                ev.push(Ev::Line(format!(
                    "In the tavern: {}",
                    names(&ids, &|k| monster(k).name.clone())
                )));
            }
            Need::Store => {
                let f = self.fm();
                for &r in &ids {
                    remove(&mut f.room_pool, r);
                }
                f.store = ids.clone();
                ev.push(Ev::Line(format!(
                    "In the room store: {}",
                    names(&ids, &|r| room(r).name.clone())
                )));
            }
            Need::Advs => {
                let f = self.fm();
                for &a in &ids {
                    remove(&mut f.adv_pool, a);
                    remove(&mut f.adv_bottom, a);
                }
                f.forecast.extend(&ids);
                ev.push(Ev::Line(format!(
                    "Adventurers drawn: {}",
                    names(&ids, &adv_name)
                )));
                self.proceed(ev);
                return Ok(());
            }
            Need::Traps(s) => {
                let f = self.fm();
                for &k in &ids {
                    f.trap_deck[k as usize] -= 1;
                }
                f.bought = ids.clone();
                for &k in &ids {
                    self.lords[s].traps[k as usize] += 1;
                }
                let who = self.lords[s].name.clone();
                ev.push(Ev::Secret {
                    lord: s,
                    public: format!(
                        "{who} draws {} trap card{}",
                        ids.len(),
                        if ids.len() == 1 { "" } else { "s" }
                    ),
                    private: format!("You draw: {}", names(&ids, &|k| trap(k).name.clone())),
                });
            }
        }
        self.job_done(ev);
        Ok(())
    }
}
