//! Button labels and scene targets for legal actions.

use crate::action::{Action, NONE};
use crate::data::{Target, monster, trap};
use crate::model::Dl;
pub use crate::names::{adv_name, square_name};

impl Dl {
    pub fn describe(&self, seat: usize, a: &Action) -> (String, Option<String>) {
        let l = &self.lords[seat];
        match *a {
            Action::Tile { square } => (
                format!("Fight on {}", square_name(square)),
                Some(format!("tile:{seat}:{square}")),
            ),
            Action::Trap { kind } => {
                let def = trap(kind);
                let room = l.plan.tile.map(|t| l.room_trap_gold(t)).unwrap_or(0);
                let mut cost = Vec::new();
                let gold = def.gold + room;
                if gold > 0 {
                    cost.push(format!("{gold} gold"));
                }
                if def.food > 0 {
                    cost.push(format!("{} food", def.food));
                }
                if def.imp > 0 {
                    cost.push(format!("{} imp", def.imp));
                }
                let cost = if cost.is_empty() {
                    String::new()
                } else {
                    format!(" (pay {})", cost.join(" + "))
                };
                (
                    format!("Set the {}{cost}", def.name),
                    Some(format!("trap:{seat}:{kind}")),
                )
            }
            Action::Monster { kind } => (
                format!("Send the {}", monster(kind).name.to_lowercase()),
                Some(format!("lair:{seat}:{kind}")),
            ),
            Action::Confirm => (self.confirm_label(seat), Some("button:confirm".into())),
            Action::Release { adventurer } => (
                format!("Release the {} from prison", adv_name(adventurer)),
                Some(format!("prison:{seat}:{adventurer}")),
            ),
            Action::TrapTarget { adventurer } => {
                let name = self
                    .battle
                    .as_ref()
                    .and_then(|b| b.traps.first())
                    .map(|&k| trap(k).name.as_str())
                    .unwrap_or("dart");
                (
                    format!("Aim the {name} at the {}", adv_name(adventurer)),
                    Some(format!("adv:{adventurer}")),
                )
            }
            Action::Spell { choice } => {
                (self.spell_label(seat, choice), Some("button:spell".into()))
            }
            Action::Deal { .. } => ("Deal the combat cards".into(), None),
            Action::Draw { .. } => ("Draw".into(), None),
            Action::Attack { kind, mode, a, b } => {
                let def = monster(kind);
                let name = def.name.to_lowercase();
                if mode == NONE {
                    return (
                        format!("The {name} has no one it may attack (knocked out)"),
                        Some(format!("lair:{seat}:{kind}")),
                    );
                }
                let md = &def.modes[mode as usize];
                let label = match md.target {
                    Target::Anyone if md.hits > 1 && a == b => {
                        format!(
                            "The {name} hits the {} twice for {}",
                            adv_name(a),
                            md.damage
                        )
                    }
                    Target::Anyone if md.hits > 1 => format!(
                        "The {name} hits the {} and the {} for {} each",
                        adv_name(a),
                        adv_name(b),
                        md.damage
                    ),
                    Target::Anyone => {
                        let what = if md.returns { "bites" } else { "attacks" };
                        let back = if md.returns { " and returns ready" } else { "" };
                        format!(
                            "The {name} {what} the {} for {}{back}",
                            adv_name(a),
                            md.damage
                        )
                    }
                    _ => format!("The {name} {}", md.label),
                };
                let target = if a != NONE {
                    format!("adv:{a}")
                } else {
                    format!("lair:{seat}:{kind}")
                };
                (label, Some(target))
            }
            _ => self.describe_build(seat, a),
        }
    }
}

impl Dl {
    /// What Confirm does where it is offered: it seals a battle plan, the orders placed
    /// face down, or the inaccessible orders chosen (never a bare "Confirm").
    fn confirm_label(&self, seat: usize) -> String {
        use crate::orders::Place;
        let name = |p: u8| Place::from_index(p).name();
        match self.phase {
            crate::model::Phase::Build(crate::full::Stage::Initial) => {
                let f = self.f();
                let kept = f.keep[seat];
                let out: Vec<&str> = f.drawn[seat]
                    .iter()
                    .filter(|&&p| Some(p) != kept)
                    .map(|&p| name(p))
                    .collect();
                format!(
                    "Confirm: keep {} in hand, {} inaccessible this round",
                    kept.map(name).unwrap_or("the order"),
                    tavern_plugin_api::words::and_list(&out)
                )
            }
            crate::model::Phase::Build(_) => {
                let f = self.f();
                let orders: Vec<String> = f.orders[seat]
                    .iter()
                    .enumerate()
                    .map(|(i, &p)| format!("{}. {}", i + 1, name(p)))
                    .collect();
                let np = f.np_pick[seat]
                    .map(|p| format!("; the non-player colour's third: {}", name(p)))
                    .unwrap_or_default();
                format!("Place your orders face down: {}{np}", orders.join(", "))
            }
            _ => {
                let at = self.lords[seat]
                    .plan
                    .tile
                    .map(|t| format!(" at {}", square_name(t)))
                    .unwrap_or_default();
                format!("Confirm the battle{at}: {}", self.plan_words(seat))
            }
        }
    }

    /// A lord's battle plan in words: "Wall of Fire, troll", or "no trap and no monster".
    pub(crate) fn plan_words(&self, lord: usize) -> String {
        let l = &self.lords[lord];
        let p = &l.plan;
        let mut v: Vec<String> = p
            .trap
            .iter()
            .chain(&p.trap2)
            .map(|&k| trap(k).name.clone())
            .collect();
        v.extend(
            p.monsters
                .iter()
                .map(|&i| monster(l.lair[i as usize].kind).name.to_lowercase()),
        );
        if v.is_empty() {
            "no trap and no monster".into()
        } else {
            v.join(", ")
        }
    }

    fn spell_label(&self, seat: usize, choice: u8) -> String {
        use crate::spells::{KEEP, PAY_TRAP, WITHDRAW};
        let l = &self.lords[seat];
        let key = self
            .card()
            .map(|c| crate::data::card(c).key.as_str())
            .unwrap_or("");
        match key {
            "word-of-peace" if choice == KEEP => {
                "Gain 2 Evil and keep your monsters fighting".into()
            }
            "word-of-peace" => "Withdraw your monsters (they return ready)".into(),
            "suggestion" => {
                let idx = self.battle.as_ref().map(|b| b.suggestion[0]).unwrap_or(0);
                let m = monster(l.lair[idx as usize].kind);
                if choice == WITHDRAW {
                    format!("Withdraw the {} (it returns ready)", m.name.to_lowercase())
                } else if choice >= PAY_TRAP {
                    format!(
                        "Pay the {}'s wage ({}), discarding a {}",
                        m.name.to_lowercase(),
                        m.wage,
                        trap(choice - PAY_TRAP).name
                    )
                } else {
                    format!("Pay the {}'s wage ({})", m.name.to_lowercase(), m.wage)
                }
            }
            "detect-treasure" => format!("Give up a {} trap card", trap(choice).name),
            "aura-of-fear" => format!(
                "The {} flees (returns ready)",
                monster(choice).name.to_lowercase()
            ),
            "metamorphosis" => format!(
                "The {} becomes a sheep",
                monster(choice).name.to_lowercase()
            ),
            _ => format!(
                "The {} is sent through the gate",
                monster(choice).name.to_lowercase()
            ),
        }
    }
}

impl Dl {
    /// The board space of the order being carried out, the target of its choices.
    fn current_space(&self) -> Option<String> {
        self.f().cur.map(|(p, i, _)| format!("place:{p}/space:{i}"))
    }

    /// Labels of the building years' choices.
    fn describe_build(&self, seat: usize, a: &Action) -> (String, Option<String>) {
        use crate::orders::Place;
        let place = |p: u8| Place::from_index(p).name();
        match *a {
            Action::Order { place: p } => {
                let n = self.f().orders[seat].len() + 1;
                (
                    format!("Order {n}: {}", place(p)),
                    Some(format!("place:{p}")),
                )
            }
            Action::NpOrder { place: p } => (
                format!("Non-player's third order: {}", place(p)),
                Some(format!("place:{p}")),
            ),
            Action::Keep { place: p } => (
                format!("Keep {} in hand", place(p)),
                Some(format!("place:{p}")),
            ),
            Action::Pass => match self.phase {
                crate::model::Phase::Build(crate::full::Stage::Production(_)) => {
                    ("Done producing".to_string(), Some("button:pass".into()))
                }
                // Letting an order go (or ending a dig) is a click on its space, where
                // the order's other choices are too.
                _ => {
                    let label = if self.f().dug > 0 {
                        "Stop digging".to_string()
                    } else {
                        "Do not carry out this order".to_string()
                    };
                    (label, self.current_space())
                }
            },
            Action::Take => {
                let (p, i, _) = self.f().cur.unwrap_or((0, 0, seat));
                let c = crate::spaces::space(Place::from_index(p), i);
                let mut pay = Vec::new();
                if c.gold > 0 {
                    pay.push(format!("{} gold", c.gold));
                }
                if c.food > 0 {
                    pay.push(format!("{} food", c.food));
                }
                if c.evil > 0 {
                    pay.push(format!("{} Evil", c.evil));
                }
                let mut get = Vec::new();
                if c.get_food > 0 {
                    get.push(format!("{} food", c.get_food));
                }
                if c.get_gold > 0 {
                    get.push(format!("{} gold", c.get_gold));
                }
                if c.imps > 0 {
                    get.push(format!(
                        "{} imp{}",
                        c.imps,
                        if c.imps == 1 { "" } else { "s" }
                    ));
                }
                if c.traps > 0 {
                    let n = c.traps + (self.year >= 2) as u8;
                    get.push(format!("{n} trap card{}", if n == 1 { "" } else { "s" }));
                }
                if c.less_evil > 0 {
                    get.push(format!("−{} Evil", c.less_evil));
                }
                let pay = if pay.is_empty() {
                    "free".to_string()
                } else {
                    format!("pay {}", pay.join(" + "))
                };
                (
                    format!("{}: {pay} → {}", place(p), get.join(" + ")),
                    Some(format!("place:{p}/space:{i}")),
                )
            }
            Action::Spy { round } => {
                let (p, i, _) = self.f().cur.unwrap_or((1, 0, seat));
                let c = crate::spaces::space(Place::from_index(p), i);
                let cost = if c.gold > 0 { "pay 1 gold → " } else { "" };
                (
                    format!(
                        "{}: {cost}−{} Evil and spy on combat card {round}",
                        Place::from_index(p).name(),
                        c.less_evil
                    ),
                    Some(format!("card:{round}")),
                )
            }
            Action::Dig { square } => (
                format!("Dig a tunnel at {}", square_name(square)),
                Some(format!("tile:{seat}:{square}")),
            ),
            // Mining is a number of imps, not a tunnel: the choice is on the order's
            // space, whose menu lists each amount.
            Action::Mine { imps } => (
                format!(
                    "Mine {imps} gold with {imps} imp{}",
                    if imps == 1 { "" } else { "s" }
                ),
                self.current_space(),
            ),
            Action::Hire { kind, pay } => {
                let m = monster(kind);
                let extra = match self.f().cur {
                    Some((_, 2, _)) => " + 1 food for space III",
                    _ => "",
                };
                let with = wage_extra(m, pay);
                (
                    format!(
                        "Hire the {} ({}{extra}){with}",
                        m.name.to_lowercase(),
                        m.wage
                    ),
                    Some(format!("tavern:{kind}")),
                )
            }
            Action::Build { room, square } => (
                format!(
                    "Build the {} at {}",
                    crate::data::room(room).name,
                    square_name(square)
                ),
                Some(format!("tile:{seat}:{square}")),
            ),
            Action::Produce { square } => {
                let r = self.lords[seat].grid[square as usize]
                    .and_then(|t| t.room)
                    .map(|r| crate::data::room(r).name.clone())
                    .unwrap_or_default();
                (
                    format!("Run the {r} at {}", square_name(square)),
                    Some(format!("tile:{seat}:{square}")),
                )
            }
            Action::Tunnel { square } => (
                format!("The Tool Shed's tunnel goes to {}", square_name(square)),
                Some(format!("tile:{seat}:{square}")),
            ),
            Action::Retrieve { pos } => {
                let p = self.f().orders[seat]
                    .get(pos as usize)
                    .copied()
                    .unwrap_or(0);
                let why = if pos == 0 {
                    "the first order"
                } else {
                    "not carried out"
                };
                (
                    format!("Take back {} ({why})", place(p)),
                    Some(format!("place:{p}")),
                )
            }
            Action::Wage { pay } => {
                let idx = self.f().wage_idx;
                let kind = self.lords[seat].lair.get(idx).map(|m| m.kind).unwrap_or(0);
                let m = monster(kind);
                let with = wage_extra(m, pay);
                (
                    format!(
                        "Pay the {}'s wage ({}){with}",
                        m.name.to_lowercase(),
                        m.wage
                    ),
                    Some(format!("lair:{seat}:{kind}")),
                )
            }
            Action::Dismiss => {
                let idx = self.f().wage_idx;
                let kind = self.lords[seat].lair.get(idx).map(|m| m.kind).unwrap_or(0);
                (
                    format!(
                        "Let the {} go (gain 1 Evil)",
                        monster(kind).name.to_lowercase()
                    ),
                    Some(format!("lair:{seat}:{kind}")),
                )
            }
            Action::Tax { gold } => {
                let owed = crate::building::tax(&self.lords[seat]);
                let marks = owed - gold;
                (
                    if marks == 0 {
                        format!("Pay all {owed} gold in taxes")
                    } else {
                        format!(
                            "Pay {gold} of {owed} gold in taxes ({marks} mark{} in the Dead Letter Office, −{} points at the end)",
                            if marks == 1 { "" } else { "s" },
                            3 * marks as u32
                        )
                    },
                    // One button for the amounts: its choices open from it as a menu.
                    Some("button:taxes".into()),
                )
            }
            // The building table lists trap cards as words: the choice is in the action
            // list only.
            Action::Discard { kind } => (format!("Discard the {}", trap(kind).name), None),
            _ => (format!("{a:?}"), None),
        }
    }
}

/// What a wage costs besides its printed price: the trap card given up, or the monster
/// fed to it (hiring and paying name it the same way).
fn wage_extra(m: &crate::data::MonsterDef, pay: u8) -> String {
    if m.wage_cost.traps > 0 {
        format!(", giving up a {}", trap(pay).name)
    } else if m.wage_cost.feed {
        format!(", feeding it your {}", monster(pay).name.to_lowercase())
    } else {
        String::new()
    }
}
