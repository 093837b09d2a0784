//! The full game around the combats: setup by player count, the building rounds of each
//! year as a list of jobs (draws, decisions and automatic steps, in the progress board's
//! order), the step from year 1 to year 2 and the end of the game.
//!
//! A job either finishes by itself, waits for a chance draw (`need`), or waits for a
//! decision (`Phase::Build`). Seat actions and draws finish the job in front and call
//! [`Dl::proceed`] again.

use std::collections::VecDeque;

use tavern_plugin_api::{GameError, Setup};

use crate::arrivals;
use crate::data::{self, Class, SQUARES, data, monster, room};
use crate::done::Ev;
use crate::model::{Dl, Lord, Mode, Phase, Plan, Tile, TileKind};
use crate::orders::{Board, Minion, Place};

pub use crate::full::*;

impl Dl {
    /// A new game of the mode the setup names: the full game or a training dungeon.
    pub fn new_game(setup: &Setup) -> Result<Dl, GameError> {
        Dl::new_game_under(setup, Default::default())
    }

    /// A new game under an older version's rules (`under`; they touch the full game only).
    pub fn new_game_under(setup: &Setup, under: Under) -> Result<Dl, GameError> {
        let fallback = if setup.seats.len() == 1 {
            "training-1"
        } else {
            "game"
        };
        let key = setup.option("mode", fallback);
        if key == "game" {
            return new_full(setup, under);
        }
        let d = data();
        let idx = d
            .scenario(key)
            .ok_or_else(|| GameError::new(format!("unknown mode {key}")))?;
        if setup.seats.len() != 1 {
            return Err(GameError::new("Combat Training is for one player"));
        }
        Ok(Dl::training(idx, &setup.seats[0].name))
    }
}

/// The tunnels every dungeon starts with (our layout: the entrance row's first three).
pub const START_TUNNELS: [u8; 3] = [0, 1, 2];

/// The four full-rules changes each save asks for. Today one option, `rules`, turns all
/// four on ("full") or off ("first", the rulebook's first game); saves of Dungeon Lords
/// 0.2.x carry the four switches they had instead, and those win when present.
pub const OLD_SWITCHES: [&str; 4] = [
    "initial-orders",
    "recruit-gold",
    "evil-cost",
    "special-events",
];

fn full_rules_opts(setup: &Setup, under: Under) -> Result<Opts, GameError> {
    if OLD_SWITCHES.iter().any(|k| setup.options.contains_key(*k)) {
        let on = |k: &str| setup.option(k, "off") == "on";
        return Ok(Opts {
            choose_orders: on("initial-orders"),
            recruit_gold: on("recruit-gold"),
            evil_cost: on("evil-cost"),
            special: on("special-events"),
            under,
        });
    }
    let full = match setup.option("rules", "first") {
        "full" => true,
        "first" => false,
        other => {
            return Err(GameError::new(format!(
                "unknown rules {other:?} (first or full)"
            )));
        }
    };
    Ok(Opts {
        choose_orders: full,
        recruit_gold: full,
        evil_cost: full,
        special: full,
        under,
    })
}

pub fn new_full(setup: &Setup, under: Under) -> Result<Dl, GameError> {
    let n = setup.seats.len();
    if !(2..=4).contains(&n) {
        return Err(GameError::new("the full game is for 2 to 4 players"));
    }
    let opts = full_rules_opts(setup, under)?;
    let d = data();
    let lords: Vec<Lord> = setup
        .seats
        .iter()
        .map(|s| {
            let mut l = Lord::empty(&s.name);
            l.gold = 3;
            l.food = 3;
            l.imps = 3;
            l.evil = d.evilometer.start;
            for &sq in &START_TUNNELS {
                l.grid[sq as usize] = Some(Tile {
                    kind: TileKind::Tunnel,
                    conquered: false,
                    room: None,
                });
            }
            l
        })
        .collect();
    let nps = match n {
        2 => 2,
        3 => 1,
        _ => 0,
    };
    let full = Full {
        opts,
        bround: 0,
        jobs: VecDeque::from([Job::YearStart]),
        need: None,
        inacc: vec![Vec::new(); n],
        drawn: vec![Vec::new(); n],
        keep: vec![None; n],
        orders: vec![Vec::new(); n],
        np_pick: vec![None; n],
        confirmed: vec![false; n],
        done: vec![[false; 3]; n],
        board: Board::default(),
        exec: VecDeque::new(),
        cur: None,
        dug: 0,
        foreimp: false,
        busy: vec![0; n],
        used: vec![Vec::new(); n],
        tavern: Vec::new(),
        store: Vec::new(),
        monster_pool: Vec::new(),
        room_pool: Vec::new(),
        adv_pool: Vec::new(),
        adv_bottom: Vec::new(),
        incoming: Vec::new(),
        forecast: Vec::new(),
        events: [None; 5],
        event_pool: Vec::new(),
        trap_deck: d.traps.iter().map(|t| t.copies).collect(),
        bought: Vec::new(),
        np: vec![NonPlayer::default(); nps],
        np_evil: (n == 2).then_some(d.evilometer.start),
        discards: Discards {
            traps: vec![0; d.traps.len()],
            ..Default::default()
        },
        hidden_discards: vec![vec![0; d.traps.len()]; n],
        wage_idx: 0,
        year_start: 0,
        special: [None; 3],
    };
    let mut g = Dl::combat(lords, 1, 0);
    g.mode = Mode::Full;
    g.phase = Phase::Build(Stage::Orders);
    g.full = Some(Box::new(full));
    let mut ev = Vec::new();
    g.proceed(&mut ev);
    Ok(g)
}

impl Dl {
    pub fn f(&self) -> &Full {
        self.full.as_ref().expect("full game")
    }
    pub fn fm(&mut self) -> &mut Full {
        self.full.as_mut().expect("full game")
    }
    pub fn is_full(&self) -> bool {
        self.full.is_some()
    }

    /// Adventurers handed out each round: one per lord, counting the non-player counter
    /// with two players.
    pub fn adv_count(&self) -> usize {
        if self.n() == 2 { 3 } else { self.n() }
    }

    /// Runs jobs until one waits for a draw or a decision.
    pub fn proceed(&mut self, ev: &mut Vec<Ev>) {
        loop {
            if self.deal_due || self.f().need.is_some() {
                return;
            }
            let Some(&job) = self.f().jobs.front() else {
                return;
            };
            if !self.run(job, ev) {
                return;
            }
            // A job that finished by itself leaves the front (jobs it queued sit behind
            // nothing: they were pushed in front of the next one by `then`).
            if self.f().jobs.front() == Some(&job) {
                self.fm().jobs.pop_front();
            }
        }
    }

    /// Queues jobs to run right after the one in front.
    fn then(&mut self, jobs: &[Job]) {
        let f = self.fm();
        let first = f.jobs.pop_front();
        for &j in jobs.iter().rev() {
            f.jobs.push_front(j);
        }
        if let Some(j) = first {
            f.jobs.push_front(j);
        }
    }

    /// Finishes the job in front (after a decision or a draw) and moves on.
    pub(crate) fn job_done(&mut self, ev: &mut Vec<Ev>) {
        self.fm().jobs.pop_front();
        self.proceed(ev);
    }

    /// True when the job is finished; false when it waits.
    fn run(&mut self, job: Job, ev: &mut Vec<Ev>) -> bool {
        match job {
            Job::YearStart => {
                self.year_start_job(ev);
                true
            }
            Job::Draw(need, n) => {
                if n == 0 {
                    return true;
                }
                self.fm().need = Some(need);
                false
            }
            Job::Initial => {
                let f = self.f();
                if f.confirmed.iter().all(|&c| c) {
                    let n = self.n();
                    self.fm().confirmed = vec![false; n];
                    for s in 0..n {
                        let f = self.fm();
                        let keep = f.keep[s].take();
                        let drawn = std::mem::take(&mut f.drawn[s]);
                        f.inacc[s] = drawn.into_iter().filter(|&p| Some(p) != keep).collect();
                    }
                    let names: Vec<String> = (0..n)
                        .map(|s| {
                            format!(
                                "{}: {}",
                                self.lords[s].name,
                                self.f().inacc[s]
                                    .iter()
                                    .map(|&p| Place::from_index(p).name())
                                    .collect::<Vec<_>>()
                                    .join(" and ")
                            )
                        })
                        .collect();
                    ev.push(Ev::Line(format!(
                        "Inaccessible orders revealed: {}",
                        names.join("; ")
                    )));
                    return true;
                }
                self.phase = Phase::Build(Stage::Initial);
                false
            }
            Job::RoundStart => {
                self.round_start(ev);
                true
            }
            Job::Advs => self.advs_job(ev),
            Job::Orders => {
                if self.f().confirmed.iter().all(|&c| c) {
                    return true;
                }
                self.phase = Phase::Build(Stage::Orders);
                false
            }
            Job::Reveal => {
                self.reveal_orders(ev);
                true
            }
            Job::Exec => self.exec_job(ev),
            Job::Discard(s) => {
                if self.f().bought.is_empty() {
                    return true;
                }
                self.phase = Phase::Build(Stage::Discard(s));
                false
            }
            Job::Tunnel(s) => {
                if crate::building::dig_sites(&self.lords[s]).is_empty() {
                    return true;
                }
                self.phase = Phase::Build(Stage::Tunnel(s));
                false
            }
            Job::Production(s) => {
                if self.production_choices(s).is_empty() {
                    return true;
                }
                self.phase = Phase::Build(Stage::Production(s));
                false
            }
            Job::Retrieve(s) => {
                let done = self.f().done[s];
                if done[1] && done[2] {
                    self.retrieve(s, 0, ev);
                    return true;
                }
                self.phase = Phase::Build(Stage::Retrieve(s));
                false
            }
            Job::EventPhase => {
                let r = self.f().bround as usize;
                let order: Vec<usize> = self.order().collect();
                match self.f().events[r] {
                    Some(PAY_DAY) => {
                        ev.push(Ev::Line("Event: Pay Day — every lord pays wages".into()));
                        let jobs: Vec<Job> = order.iter().map(|&s| Job::PayDay(s)).collect();
                        self.then(&jobs);
                    }
                    Some(TAXES) => {
                        ev.push(Ev::Line("Event: Taxes are due".into()));
                        let jobs: Vec<Job> = order.iter().map(|&s| Job::Taxes(s)).collect();
                        self.then(&jobs);
                    }
                    Some(_) => match self.f().special[self.year as usize] {
                        Some(card) => self.special_event(card, ev),
                        None => ev.push(Ev::Line(
                            "Event: the Special Event tile (no special event cards in this game)"
                                .into(),
                        )),
                    },
                    None => {}
                }
                true
            }
            Job::PayDay(s) => self.pay_day_job(s, ev),
            Job::Taxes(s) => {
                let l = &self.lords[s];
                let owed = crate::building::tax(l);
                if owed == 0 {
                    return true;
                }
                if l.gold == 0 {
                    let marks = crate::economy::pay_taxes(&mut self.lords[s], 0);
                    ev.push(Ev::Line(format!(
                        "{} cannot pay {owed} gold of taxes: {marks} mark{} in the Dead Letter Office",
                        self.lords[s].name,
                        if marks == 1 { "" } else { "s" }
                    )));
                    return true;
                }
                self.phase = Phase::Build(Stage::Taxes(s));
                false
            }
            Job::Arrivals => {
                self.arrivals(ev);
                true
            }
            Job::EndRound => {
                let n = self.n();
                let f = self.fm();
                for b in &mut f.busy {
                    *b = 0;
                }
                if f.bround < 4 {
                    self.start = (self.start + 1) % n;
                    ev.push(Ev::Line(format!(
                        "The start player token passes to {}",
                        self.lords[self.start].name
                    )));
                    self.then(&[Job::RoundStart]);
                } else {
                    self.then(&[Job::Combat]);
                }
                true
            }
            Job::Combat => {
                self.fm().jobs.clear();
                ev.push(Ev::Line(format!(
                    "Building is over: the combat of year {} begins",
                    self.year
                )));
                self.round = 0;
                self.revealed = false;
                self.phase = Phase::Planning;
                let more = self.begin();
                ev.extend(more);
                false
            }
        }
    }

    fn year_start_job(&mut self, ev: &mut Vec<Ev>) {
        let year = self.year;
        let d = data();
        let n = self.n();
        let start = self.start;
        let f = self.fm();
        f.monster_pool.clear();
        for (k, m) in d.monsters.iter().enumerate() {
            let copies = if year == 1 { m.year1 } else { m.year2 };
            for _ in 0..copies {
                f.monster_pool.push(k as u8);
            }
        }
        f.room_pool = (0..d.rooms.len() as u8)
            .filter(|&r| room(r).year == year)
            .collect();
        f.adv_pool = (0..d.adventurers.len() as u8)
            .filter(|&a| {
                let a = data::adv(a);
                a.year == year && !matches!(a.class, Class::Paladin | Class::Illusion)
            })
            .collect();
        f.adv_bottom.clear();
        f.event_pool = vec![PAY_DAY, TAXES, SPECIAL];
        f.events = [None; 5];
        f.bround = 0;
        f.year_start = start;
        self.paladin_tent = d
            .adventurers
            .iter()
            .position(|a| a.class == Class::Paladin && a.year == year)
            .map(|i| i as u8);
        self.deal_due = true;
        self.round = 0;
        for l in &mut self.lords {
            l.spied.clear();
        }
        ev.push(Ev::Line(format!("Year {year} begins")));
        let mut jobs = Vec::new();
        if year == 1 {
            let k = if self.f().opts.choose_orders { 3 } else { 2 };
            for s in 0..n {
                jobs.push(Job::Draw(Need::Inacc(s), k));
            }
            for k in 0..self.f().np.len() {
                jobs.push(Job::Draw(Need::NpInacc(k), 3));
            }
            if self.f().opts.choose_orders {
                jobs.push(Job::Initial);
            }
        }
        jobs.push(Job::RoundStart);
        self.then(&jobs);
        self.paladin_check(ev);
    }

    fn round_start(&mut self, ev: &mut Vec<Ev>) {
        let n = self.n();
        let players = self.n();
        let f = self.fm();
        f.bround += 1;
        let r = f.bround;
        f.board = Board::default();
        f.orders = vec![Vec::new(); n];
        f.np_pick = vec![None; n];
        f.confirmed = vec![false; n];
        f.done = vec![[false; 3]; n];
        f.used = vec![Vec::new(); n];
        f.busy = vec![0; n];
        for np in &mut f.np {
            np.orders.clear();
        }
        f.incoming = std::mem::take(&mut f.forecast);
        let left_m = std::mem::take(&mut f.tavern);
        f.discards.monsters.extend(left_m);
        let left_r = std::mem::take(&mut f.store);
        f.discards.rooms.extend(left_r);
        let season = crate::names::season(r);
        ev.push(Ev::Line(format!(
            "Year {}, building round {r} ({season})",
            self.year
        )));
        // The first round's heading also marks the year's start.
        ev.push(Ev::Section(format!(
            "Year {} · Building round {r}",
            self.year
        )));
        let f = self.f();
        let mut jobs = vec![
            Job::Draw(Need::Tavern, f.monster_pool.len().min(3) as u8),
            Job::Draw(Need::Store, f.room_pool.len().min(2) as u8),
        ];
        if r < 4 {
            jobs.push(Job::Draw(Need::Event, 1));
            jobs.push(Job::Advs);
        }
        let per_np = if players == 3 { 3 } else { 2 };
        for k in 0..f.np.len() {
            jobs.push(Job::Draw(Need::NpOrders(k), per_np));
        }
        jobs.push(Job::Orders);
        jobs.push(Job::Reveal);
        jobs.push(Job::Exec);
        let order: Vec<usize> = self.order().collect();
        jobs.extend(order.iter().map(|&s| Job::Production(s)));
        jobs.extend(order.iter().map(|&s| Job::Retrieve(s)));
        if r >= 2 {
            jobs.push(Job::EventPhase);
            jobs.push(Job::Arrivals);
        }
        jobs.push(Job::EndRound);
        self.then(&jobs);
    }

    /// Next round's adventurers: drawn until there are enough, then sorted; when all share
    /// one glyph the last goes under the stack and another is drawn.
    fn advs_job(&mut self, ev: &mut Vec<Ev>) -> bool {
        let want = self.adv_count();
        let f = self.f();
        let left = f.adv_pool.len() + f.adv_bottom.len();
        if f.forecast.len() < want && left > 0 {
            self.fm().need = Some(Need::Advs);
            return false;
        }
        if arrivals::needs_redraw(&f.forecast) {
            // Redraw only while a tile of another glyph can still come.
            let glyph = data::adv(f.forecast[0]).level;
            let other = f
                .adv_pool
                .iter()
                .chain(&f.adv_bottom)
                .any(|&a| data::adv(a).level != glyph);
            if other {
                let f = self.fm();
                let last = f.forecast.pop().expect("drawn");
                f.adv_bottom.push(last);
                ev.push(Ev::Line(format!(
                    "All the adventurers share one glyph: the {} goes under the stack",
                    crate::names::adv_name(last)
                )));
                self.fm().need = Some(Need::Advs);
                return false;
            }
        }
        let f = self.fm();
        arrivals::sort_by_glyph(&mut f.forecast);
        let names: Vec<String> = f
            .forecast
            .iter()
            .map(|&a| crate::names::adv_name(a))
            .collect();
        ev.push(Ev::Line(format!(
            "Next round's adventurers, weakest first: {}",
            names.join(", ")
        )));
        true
    }

    /// Orders turn face up one position at a time and minions go to the first free space.
    fn reveal_orders(&mut self, ev: &mut Vec<Ev>) {
        let n = self.n();
        let order: Vec<usize> = self.order().collect();
        // 2 players: the non-players' third orders first, then their new inaccessible ones.
        if n == 2 {
            for s in 0..n {
                if let Some(p) = self.f().np_pick[s] {
                    let k = s;
                    let f = self.fm();
                    f.board.place(Place::from_index(p), Minion::NonPlayer(k));
                    f.np[k].orders.push(p);
                    ev.push(Ev::Line(format!(
                        "{}'s non-player colour also blocks {}",
                        self.lords[s].name,
                        Place::from_index(p).name()
                    )));
                }
            }
            let f = self.fm();
            for np in &mut f.np {
                np.inacc = np.orders.clone();
            }
        }
        for pos in 0..3 {
            let nth = ["1st order", "2nd order", "3rd order"][pos];
            for &s in &order {
                let p = self.f().orders[s][pos];
                let place = Place::from_index(p);
                if pos == 0 && place == Place::HireMonster && self.f().opts.recruit_gold {
                    if self.lords[s].gold == 0 {
                        ev.push(Ev::Line(format!(
                            "{nth}: {} reveals Hire Monster first but has no gold for it: the order is not carried out",
                            self.lords[s].name
                        )));
                        continue;
                    }
                    self.lords[s].gold -= 1;
                    ev.push(Ev::Line(format!(
                        "{} pays 1 gold for Hire Monster as the first order",
                        self.lords[s].name
                    )));
                }
                let at = self.fm().board.place(place, Minion::Seat(s));
                ev.push(Ev::Line(match at {
                    Some(i) => format!(
                        "{nth}: {} sends a minion to {} (space {})",
                        self.lords[s].name,
                        place.name(),
                        ["I", "II", "III"][i]
                    ),
                    None => format!(
                        "{nth}: {} reveals {}, but every space is taken: not carried out",
                        self.lords[s].name,
                        place.name()
                    ),
                }));
            }
        }
        let list: VecDeque<(u8, u8, usize)> = self
            .f()
            .board
            .execution()
            .into_iter()
            .filter_map(|(p, i, m)| match m {
                Minion::Seat(s) => Some((p as u8, i as u8, s)),
                Minion::NonPlayer(_) => None,
            })
            .collect();
        self.fm().exec = list;
    }

    /// The position (0–2) of `place` among the seat's orders this round.
    pub fn order_pos(&self, seat: usize, place: u8) -> usize {
        self.f().orders[seat]
            .iter()
            .position(|&p| p == place)
            .unwrap_or(0)
    }

    fn exec_job(&mut self, ev: &mut Vec<Ev>) -> bool {
        loop {
            if self.f().cur.is_some() {
                self.phase = Phase::Build(Stage::Exec);
                return false;
            }
            let Some(next) = self.fm().exec.pop_front() else {
                return true;
            };
            let f = self.fm();
            f.cur = Some(next);
            f.dug = 0;
            f.foreimp = false;
            let (p, _, s) = next;
            let choices = self.exec_choices();
            if choices.len() <= 1 {
                self.fm().cur = None;
                ev.push(Ev::Line(format!(
                    "{} cannot carry out {}",
                    self.lords[s].name,
                    Place::from_index(p).name()
                )));
            }
        }
    }

    /// The current order is over; `carried` tells whether it was carried out.
    pub(crate) fn order_over(&mut self, carried: bool, ev: &mut Vec<Ev>) {
        if let Some((p, _, s)) = self.fm().cur.take() {
            let pos = self.order_pos(s, p);
            self.fm().done[s][pos] = carried;
        }
        self.paladin_check(ev);
        self.proceed(ev);
    }

    fn retrieve(&mut self, s: usize, pos: usize, ev: &mut Vec<Ev>) {
        let f = self.fm();
        let back = f.orders[s][pos];
        f.inacc[s] = f.orders[s]
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != pos)
            .map(|(_, &p)| p)
            .collect();
        let name = self.lords[s].name.clone();
        ev.push(Ev::Line(format!(
            "{name} takes back {}; {} become inaccessible",
            Place::from_index(back).name(),
            self.f().inacc[s]
                .iter()
                .map(|&p| Place::from_index(p).name())
                .collect::<Vec<_>>()
                .join(" and ")
        )));
    }

    pub(crate) fn retrieve_action(&mut self, s: usize, pos: usize, ev: &mut Vec<Ev>) {
        self.retrieve(s, pos, ev);
        self.job_done(ev);
    }

    fn pay_day_job(&mut self, s: usize, ev: &mut Vec<Ev>) -> bool {
        loop {
            let idx = self.f().wage_idx;
            if idx >= self.lords[s].lair.len() {
                self.fm().wage_idx = 0;
                return true;
            }
            if self.wage_choices(s).is_empty() {
                let kind = crate::economy::dismiss(&mut self.lords[s], idx);
                self.fm().discards.monsters.push(kind);
                ev.push(Ev::Line(format!(
                    "{} cannot pay the {}'s wage: it leaves, and {} gains 1 Evil",
                    self.lords[s].name,
                    monster(kind).name.to_lowercase(),
                    self.lords[s].name
                )));
                self.paladin_check(ev);
                continue;
            }
            self.phase = Phase::Build(Stage::PayDay(s));
            return false;
        }
    }

    fn arrivals(&mut self, ev: &mut Vec<Ev>) {
        let n = self.n();
        let top = data().evilometer.top;
        let mut evil: Vec<u8> = self.lords.iter().map(|l| l.evil).collect();
        let mut nicer = Vec::new();
        if let Some(e) = self.f().np_evil {
            let e = (e + 1).min(top);
            self.fm().np_evil = Some(e);
            ev.push(Ev::Line(format!(
                "The non-player Evil counter moves up to {e}"
            )));
            evil.push(e);
            nicer.push(n);
        }
        let who = arrivals::nicest_first(&evil, self.start, &nicer);
        let incoming = std::mem::take(&mut self.fm().incoming);
        for (i, &id) in incoming.iter().enumerate() {
            let Some(&s) = who.get(i) else {
                self.fm().discards.advs.push(id);
                continue;
            };
            if s >= n {
                self.fm().discards.advs.push(id);
                ev.push(Ev::Line(format!(
                    "The {} goes to the non-player dungeon and is discarded",
                    crate::names::adv_name(id)
                )));
                continue;
            }
            arrivals::join(&mut self.lords[s], id);
            ev.push(Ev::Line(format!(
                "The {} heads for {}'s dungeon",
                crate::names::adv_name(id),
                self.lords[s].name
            )));
        }
    }

    /// After a year's combat: the second year begins, or the game ends.
    pub(crate) fn year_end(&mut self, ev: &mut Vec<Ev>) {
        if self.year >= 2 {
            self.phase = Phase::Over;
            ev.push(Ev::Line("The second year is over: final scoring".into()));
            ev.push(Ev::Line(self.licence_line()));
            return;
        }
        let n = self.n();
        self.year = 2;
        self.round = 0;
        self.revealed = false;
        self.cards.clear();
        self.battle = None;
        self.queue.clear();
        for l in &mut self.lords {
            l.plan = Plan::default();
        }
        // The unused first-year paladin leaves the game.
        if let Some(p) = self.paladin_tent.take() {
            self.fm().discards.advs.push(p);
        }
        let fall = self.start;
        self.start = match n {
            4 => (fall + 3) % n,
            3 => (fall + 1) % n,
            _ => fall,
        };
        if let Some(e) = self.f().np_evil {
            self.fm().np_evil = Some(e.saturating_sub(2));
        }
        ev.push(Ev::Line(format!(
            "Year 2: {} is the start player",
            self.lords[self.start].name
        )));
        let f = self.fm();
        f.jobs.clear();
        f.jobs.push_back(Job::YearStart);
        self.phase = Phase::Build(Stage::Orders);
        self.proceed(ev);
    }

    /// Trolls in the lair work as imps in rooms.
    pub fn trolls(&self, s: usize) -> u8 {
        self.lords[s]
            .lair
            .iter()
            .filter(|m| monster(m.kind).key == "troll")
            .count() as u8
    }

    /// Imps free for digging or mining.
    pub fn free_imps(&self, s: usize) -> u8 {
        self.lords[s].imps.saturating_sub(self.f().busy[s])
    }

    /// Imps and trolls free for production.
    pub fn free_workers(&self, s: usize) -> u8 {
        (self.lords[s].imps + self.trolls(s)).saturating_sub(self.f().busy[s])
    }

    /// Whether a lord may pay `amount` Evil as a cost.
    pub fn can_pay_evil(&self, s: usize, amount: u8) -> bool {
        !self.evil_capped() || self.lords[s].evil + amount <= data().evilometer.top
    }

    /// Evil paid as a cost may not pass the top: always in Combat Training (as part 1
    /// read it), in the full game only with the full rules' option.
    pub fn evil_capped(&self) -> bool {
        self.full.as_ref().is_none_or(|f| f.opts.evil_cost)
    }

    pub fn room_squares(&self, s: usize) -> Vec<u8> {
        // A conquered room is flipped to its back and works no more (as it no longer
        // scores): only the rooms still held produce (0.2.0, whose saves replay under its
        // rule, let a conquered room work).
        let old = self.f().opts.under.conquered_rooms_produce;
        (0..SQUARES as u8)
            .filter(|&q| {
                self.lords[s].grid[q as usize]
                    .is_some_and(|t| t.room.is_some() && (old || !t.conquered))
            })
            .collect()
    }
}

impl Dl {
    /// A special event card takes effect for every lord (our designs: see the data).
    fn special_event(&mut self, card: u8, ev: &mut Vec<Ev>) {
        let def = &data().special_events[card as usize];
        ev.push(Ev::Line(format!(
            "Special event: {} — {}",
            def.name, def.help
        )));
        let top = data().evilometer.top;
        let order: Vec<usize> = self.order().collect();
        let evils: Vec<u8> = self.lords.iter().map(|l| l.evil).collect();
        let (most, least) = (
            *evils.iter().max().unwrap_or(&0),
            *evils.iter().min().unwrap_or(&0),
        );
        let tiles: Vec<usize> = self
            .lords
            .iter()
            .map(|l| l.grid.iter().flatten().count())
            .collect();
        let fewest = *tiles.iter().min().unwrap_or(&0);
        for s in order {
            let l = &mut self.lords[s];
            let name = l.name.clone();
            let line = match def.key.as_str() {
                "tax-collector" => {
                    let lose = l.gold / 2;
                    l.gold -= lose;
                    format!("{name} hands over {lose} gold")
                }
                "witch-hunt" => {
                    let w = l
                        .lair
                        .iter()
                        .filter(|m| monster(m.kind).key == "witch")
                        .count() as u8;
                    l.evil = (l.evil + w).min(top);
                    format!("{name} gains {w} Evil")
                }
                "monster-strike" => {
                    let mut fed = 0;
                    let mut idle = 0;
                    for m in l.lair.iter_mut() {
                        if monster(m.kind).ghost {
                            continue;
                        }
                        if l.food > 0 {
                            l.food -= 1;
                            fed += 1;
                        } else {
                            m.ready = false;
                            idle += 1;
                        }
                    }
                    format!(
                        "{name} feeds {fed} monster(s); {idle} lie face down until the combat ends"
                    )
                }
                "good-harvest" => {
                    l.food += 1;
                    format!("{name} gains 1 food")
                }
                "gold-rush" => {
                    let any = l
                        .grid
                        .iter()
                        .flatten()
                        .any(|t| t.kind == TileKind::Tunnel && !t.conquered);
                    l.gold += any as u8;
                    format!("{name} gains {} gold", any as u8)
                }
                "imp-union" => {
                    let owed = l.imps / 3;
                    let paid = owed.min(l.food);
                    l.food -= paid;
                    l.imps -= owed - paid;
                    format!("{name} pays {paid} food and loses {} imp(s)", owed - paid)
                }
                "pilgrimage" => {
                    if most == least {
                        format!("{name} is neither the most evil nor the nicest alone: nothing")
                    } else if l.evil == most {
                        l.evil = (l.evil + 1).min(top);
                        format!("{name}, the most evil, gains 1 Evil")
                    } else if l.evil == least {
                        l.evil = l.evil.saturating_sub(1);
                        format!("{name}, the nicest, loses 1 Evil")
                    } else {
                        continue;
                    }
                }
                "ministry-grant" => {
                    if tiles[s] != fewest {
                        continue;
                    }
                    l.gold += 1;
                    format!("{name} receives 1 gold")
                }
                _ => {
                    l.evil = l.evil.saturating_sub(1);
                    format!("{name} loses 1 Evil")
                }
            };
            ev.push(Ev::Line(format!("  {line}")));
        }
        self.paladin_check(ev);
    }
}
