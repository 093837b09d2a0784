//! Button labels and scene targets for legal actions.

use crate::action::{Action, NONE};
use crate::data::{Target, adv, monster, trap};
use crate::model::Dl;

/// "warrior (4 HP)": the class and the printed hit points tell a party's tiles apart.
pub fn adv_name(id: u8) -> String {
    let a = adv(id);
    format!("{} ({} HP)", a.name.to_lowercase(), a.hp)
}

/// Square name in the grid: columns A–E from the left, rows 1–4 from the surface.
pub fn square_name(sq: u8) -> String {
    let col = (b'A' + sq % 5) as char;
    format!("{col}{}", sq / 5 + 1)
}

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
            Action::Confirm => {
                let p = &l.plan;
                let what = if p.trap.is_none() && p.monsters.is_empty() {
                    "Fight with nothing".to_string()
                } else {
                    "Confirm the plan".to_string()
                };
                (what, Some("button:confirm".into()))
            }
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
        }
    }
}

impl Dl {
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
