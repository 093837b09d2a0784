//! What each seat may do now.

use tavern_plugin_api::game::Turn;

use crate::action::{Action, NONE};
use crate::data::{Class, Target, card, data, monster, trap};
use crate::grid::targets;
use crate::model::{Battle, Dl, Lord, Phase, Step};
use crate::spells::{KEEP, PAY_TRAP, WITHDRAW, can_pay, sent_monsters};

impl Dl {
    pub fn whose(&self) -> Turn {
        if self.chance_due() {
            return Turn::Chance;
        }
        match self.phase {
            Phase::Build(st) => {
                let v = self.build_seats(st);
                match v.len() {
                    0 => Turn::Over,
                    1 => Turn::Seat(v[0]),
                    _ => Turn::Several,
                }
            }
            Phase::Over => Turn::Over,
            Phase::Release(s) => Turn::Seat(s),
            Phase::Battle(_) => Turn::Seat(self.battle_lord()),
            Phase::Planning => {
                let mut it = self.planners();
                match (it.next(), it.next()) {
                    (Some(s), None) => Turn::Seat(s),
                    (Some(_), Some(_)) => Turn::Several,
                    _ => Turn::Over,
                }
            }
        }
    }

    /// Lords still planning this round.
    pub fn planners(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.n()).filter(|&s| {
            let p = &self.lords[s].plan;
            p.active && !p.confirmed
        })
    }

    /// A draw or a deal is pending.
    pub fn chance_due(&self) -> bool {
        self.deal_due || self.full.as_ref().is_some_and(|f| f.need.is_some())
    }

    pub fn seats_to_act(&self) -> Vec<usize> {
        if self.chance_due() {
            return Vec::new();
        }
        match self.phase {
            Phase::Build(st) => self.build_seats(st),
            Phase::Over => Vec::new(),
            Phase::Release(s) => vec![s],
            Phase::Battle(_) => vec![self.battle_lord()],
            Phase::Planning => self.planners().collect(),
        }
    }

    pub fn actions(&self, seat: usize) -> Vec<Action> {
        let mut v = Vec::new();
        self.actions_into(seat, &mut v);
        v
    }

    pub fn actions_into(&self, seat: usize, out: &mut Vec<Action>) {
        if !self.seats_to_act().contains(&seat) {
            return;
        }
        let l = &self.lords[seat];
        match self.phase {
            Phase::Over => {}
            Phase::Build(st) => self.build_actions(st, seat, out),
            Phase::Release(_) => {
                let mut seen = Vec::new();
                for &id in &l.prison {
                    if !seen.contains(&id) {
                        seen.push(id);
                        out.push(Action::Release { adventurer: id });
                    }
                }
            }
            Phase::Planning => plan_steps(l, out),
            Phase::Battle(Step::TrapTarget) => {
                for a in &l.party {
                    out.push(Action::TrapTarget { adventurer: a.id });
                }
            }
            Phase::Battle(Step::Monsters) => {
                let bt = self.battle.as_ref().expect("battle");
                let mut kinds: Vec<u8> = Vec::new();
                for &i in &bt.waiting {
                    let k = l.lair[i as usize].kind;
                    if !kinds.contains(&k) {
                        kinds.push(k);
                        attacks(l, bt, k, out);
                    }
                }
            }
            Phase::Battle(Step::Spell) => self.spell_choices(l, out),
        }
    }
}

/// The plan steps still open, then Confirm. The tile comes first when there is a choice.
fn plan_steps(l: &Lord, out: &mut Vec<Action>) {
    let p = &l.plan;
    let Some(tile) = p.tile else {
        for sq in targets(l) {
            out.push(Action::Tile { square: sq });
        }
        return;
    };
    let (trap_limit, limit) = l.limits(tile);
    let set = p.trap.iter().chain(&p.trap2).count();
    if set < trap_limit {
        let extra = l.room_trap_gold(tile);
        // What the trap already set will cost, so a second one must be affordable too.
        let (mut gold, mut food, mut imps) = (0u8, 0u8, 0u8);
        for &k in p.trap.iter() {
            let d = trap(k);
            gold += d.gold + extra;
            food += d.food;
            imps += d.imp;
        }
        for (k, &n) in l.traps.iter().enumerate() {
            let def = &data().traps[k];
            let held = n - (p.trap == Some(k as u8)) as u8;
            if held > 0
                && l.gold >= gold + def.gold + extra
                && l.food >= food + def.food
                && l.imps >= imps + def.imp
            {
                out.push(Action::Trap { kind: k as u8 });
            }
        }
    }
    let sent = p
        .monsters
        .iter()
        .filter(|&&i| !monster(l.lair[i as usize].kind).ghost)
        .count();
    let mut kinds: Vec<u8> = Vec::new();
    for (i, m) in l.lair.iter().enumerate() {
        if !m.ready || p.monsters.contains(&(i as u8)) || kinds.contains(&m.kind) {
            continue;
        }
        if !monster(m.kind).ghost && sent >= limit {
            continue;
        }
        kinds.push(m.kind);
        out.push(Action::Monster { kind: m.kind });
    }
    out.push(Action::Confirm);
}

/// Every way the next monster of `kind` may attack; a single "no target" when it has none.
fn attacks(l: &Lord, bt: &Battle, kind: u8, out: &mut Vec<Action>) {
    let def = monster(kind);
    let before = out.len();
    let may_hit = |i: usize| {
        let a = &l.party[i];
        if !bt.may_harm(a) {
            return false;
        }
        let barred = (def.not_first && i == 0) || (def.not_priests && a.class() == Class::Priest);
        !barred
    };
    for (m, md) in def.modes.iter().enumerate() {
        if md.food > l.food || (bt.blind_rage && !def.ghost && m > 0) {
            continue;
        }
        let m = m as u8;
        match md.target {
            Target::First => {
                if may_hit(0) {
                    out.push(Action::Attack {
                        kind,
                        mode: m,
                        a: NONE,
                        b: NONE,
                    });
                }
            }
            Target::Everyone | Target::Hold => out.push(Action::Attack {
                kind,
                mode: m,
                a: NONE,
                b: NONE,
            }),
            Target::Anyone => {
                let ok: Vec<u8> = (0..l.party.len())
                    .filter(|&i| may_hit(i))
                    .map(|i| l.party[i].id)
                    .collect();
                for (x, &a) in ok.iter().enumerate() {
                    if md.hits > 1 {
                        for &b in &ok[x..] {
                            out.push(Action::Attack {
                                kind,
                                mode: m,
                                a,
                                b,
                            });
                        }
                    } else {
                        out.push(Action::Attack {
                            kind,
                            mode: m,
                            a,
                            b: NONE,
                        });
                    }
                }
            }
        }
    }
    if out.len() == before {
        out.push(Action::Attack {
            kind,
            mode: NONE,
            a: NONE,
            b: NONE,
        });
    }
}

/// Whether a trap of this kind needs a named adventurer.
pub fn trap_aims(kind: u8, year: u8) -> bool {
    trap(kind).values(year).chosen > 0
}

impl Dl {
    /// The planning choices of `seat` whether or not it is that seat's turn (bots).
    pub fn actions_for_plan(&self, seat: usize) -> Vec<Action> {
        let mut v = Vec::new();
        plan_steps(&self.lords[seat], &mut v);
        v
    }
}

impl Dl {
    fn spell_choices(&self, l: &Lord, out: &mut Vec<Action>) {
        let (Some(c), Some(bt)) = (self.card(), self.battle.as_ref()) else {
            return;
        };
        match card(c).key.as_str() {
            "word-of-peace" => {
                out.push(Action::Spell { choice: WITHDRAW });
                out.push(Action::Spell { choice: KEEP });
            }
            "suggestion" => {
                let kind = l.lair[bt.suggestion[0] as usize].kind;
                out.push(Action::Spell { choice: WITHDRAW });
                if can_pay(l, kind, self.evil_capped()) {
                    if monster(kind).wage_cost.traps > 0 {
                        for (k, &n) in l.traps.iter().enumerate() {
                            if n > 0 {
                                out.push(Action::Spell {
                                    choice: PAY_TRAP + k as u8,
                                });
                            }
                        }
                    } else {
                        out.push(Action::Spell { choice: KEEP });
                    }
                }
            }
            "detect-treasure" => {
                for (k, &n) in l.traps.iter().enumerate() {
                    if n > 0 {
                        out.push(Action::Spell { choice: k as u8 });
                    }
                }
            }
            _ => {
                let mut kinds: Vec<u8> = Vec::new();
                for i in sent_monsters(l, bt) {
                    let k = l.lair[i as usize].kind;
                    if !kinds.contains(&k) {
                        kinds.push(k);
                        out.push(Action::Spell { choice: k });
                    }
                }
            }
        }
    }
}
