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
                let room = l.plan.tile.is_some_and(|t| l.is_room(t));
                let mut cost = Vec::new();
                let gold = def.gold + room as u8;
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
                let name = l.plan.trap.map(|k| trap(k).name.as_str()).unwrap_or("dart");
                (
                    format!("Aim the {name} at the {}", adv_name(adventurer)),
                    Some(format!("adv:{adventurer}")),
                )
            }
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
