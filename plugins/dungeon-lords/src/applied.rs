//! Log text, written from the record of what happened ([`Ev`]) so that `apply_quiet`
//! builds none of it. The first line names the action; each consequence follows on a line
//! of its own.

use tavern_plugin_api::Applied;

use crate::action::Action;
use crate::data::{Speed, card, monster, trap};
use crate::done::{Ev, NoHeal};
use crate::model::Dl;
use crate::names::{adv_name, square_name};

impl Dl {
    pub(crate) fn seat_log(&self, seat: usize, action: &Action, ev: &[Ev]) -> Applied {
        let name = &self.lords[seat].name;
        let mut lines: Vec<String> = Vec::new();
        let mut reveal = false;
        let mut private: Option<String> = None;
        for e in ev {
            match e {
                Ev::PlanStep { .. } => {
                    lines.push(format!("{name} plans the battle"));
                    private = Some(self.describe(seat, action).0);
                }
                Ev::Confirmed { lord } => {
                    let p = &self.plan_words(*lord);
                    lines.push(format!("{} has planned the battle", self.lords[*lord].name));
                    if *lord == seat {
                        let at = self.lords[*lord]
                            .plan
                            .tile
                            .map(|t| format!(" at {}", square_name(t)))
                            .unwrap_or_default();
                        private = Some(format!("You plan the battle{at}: {p}"));
                    }
                }
                Ev::Revealed { .. } => {
                    reveal = true;
                    lines.extend(self.event_line(e));
                }
                other => {
                    if let Some(l) = self.event_line(other) {
                        lines.push(l);
                    }
                }
            }
        }
        // Plan steps are logged together with their Confirm; keep one line per kind.
        lines.dedup();
        let label = if lines.is_empty() {
            format!("{name} acts")
        } else {
            lines.join("\n")
        };
        let mut a = if reveal {
            Applied::reveal(label.clone())
        } else {
            Applied::public(label.clone())
        };
        if let Some(p) = private {
            let mut own = vec![p];
            own.extend(lines.iter().skip(1).cloned());
            a = a.with_private(own.join("\n"));
        }
        let loud = ev
            .iter()
            .filter(|e| !matches!(e, Ev::Quiet(_)))
            .filter_map(|e| self.event_line(e))
            .count();
        if Self::is_routine(action, ev, loud) {
            a = a.routine();
        }
        self.with_secrets(Self::with_section(a, ev), ev)
    }

    /// Ending production or digging changes nothing on the table by itself; the log may
    /// fold it. Anything it set off (the next job's lines) keeps it a full entry.
    fn is_routine(action: &Action, ev: &[Ev], loud: usize) -> bool {
        *action == Action::Pass && loud == 0 && !ev.iter().any(|e| matches!(e, Ev::Section(_)))
    }

    /// The last part of the game the step began names the heading: a step that ends a
    /// year and starts the next one's first round is headed by the round.
    fn with_section(mut a: Applied, ev: &[Ev]) -> Applied {
        for e in ev {
            match e {
                Ev::SecretAbout(k) => a = a.secret_until(k.clone()),
                Ev::Publishes(k) => a = a.publishes(k.clone()),
                _ => {}
            }
        }
        match ev.iter().rev().find_map(|e| match e {
            Ev::Section(s) => Some(s.clone()),
            _ => None,
        }) {
            Some(s) => a.section(s),
            None => a,
        }
    }

    /// A chance step's log: what everyone sees, and what a drawing lord alone reads.
    pub(crate) fn chance_log(&self, ev: &[Ev]) -> Applied {
        let lines: Vec<String> = ev.iter().filter_map(|e| self.event_line(e)).collect();
        let text = if lines.is_empty() {
            "Chance".to_string()
        } else {
            lines.join("\n")
        };
        self.with_secrets(Self::with_section(Applied::reveal(text), ev), ev)
    }

    /// Each lord a secret line is for reads the whole entry with its own lines in full.
    fn with_secrets(&self, mut a: Applied, ev: &[Ev]) -> Applied {
        let mut lords: Vec<usize> = ev
            .iter()
            .filter_map(|e| match e {
                Ev::Secret { lord, .. } => Some(*lord),
                _ => None,
            })
            .collect();
        lords.dedup();
        for lord in lords {
            let mut own: Vec<String> = ev
                .iter()
                .filter_map(|e| match e {
                    Ev::Secret {
                        lord: l, private, ..
                    } if *l == lord => Some(private.clone()),
                    other => self.event_line(other),
                })
                .collect();
            own.dedup();
            a = a.with_private_for(lord, own.join("\n"));
        }
        a
    }

    /// One log line for a consequence.
    pub fn event_line(&self, e: &Ev) -> Option<String> {
        Some(match e {
            Ev::RoundStarts(r) => format!("Combat round {r} begins"),
            Ev::Released { lord, adventurer } => format!(
                "{} has no tile left to defend and releases the {} to the Distant Lands",
                self.lords[*lord].name,
                adv_name(*adventurer)
            ),
            Ev::NothingToRelease { lord } => format!(
                "{} has no tile left to defend and no prisoner to release",
                self.lords[*lord].name
            ),
            Ev::BattleStarts { lord, square } => format!(
                "Battle in {}'s dungeon at {}",
                self.lords[*lord].name,
                square_name(*square)
            ),
            Ev::TrapSprung {
                trap: t,
                gold,
                food,
                imps,
            } => {
                let mut paid = Vec::new();
                if *gold > 0 {
                    paid.push(format!("{gold} gold"));
                }
                if *food > 0 {
                    paid.push(format!("{food} food"));
                }
                if *imps > 0 {
                    paid.push(format!("{imps} imp"));
                }
                let paid = if paid.is_empty() {
                    String::new()
                } else {
                    format!(" (paid {})", paid.join(" and "))
                };
                format!("Trap: the {} goes off{paid}", trap(*t).name)
            }
            Ev::Hit {
                adventurer,
                amount,
                prevented,
            } => {
                if *prevented > 0 {
                    format!(
                        "  the {} takes {amount} ({prevented} prevented by disarming)",
                        adv_name(*adventurer)
                    )
                } else {
                    format!("  the {} takes {amount}", adv_name(*adventurer))
                }
            }
            Ev::Eliminated { adventurer } => {
                format!(
                    "  the {} is eliminated and goes to prison",
                    adv_name(*adventurer)
                )
            }
            Ev::AntiMagic {
                adventurer,
                healing,
                spells,
            } => {
                let what = if *healing {
                    "no Healing this round"
                } else if *spells {
                    "no spells this round"
                } else {
                    "no further effect"
                };
                format!("  the dart marks the {}: {what}", adv_name(*adventurer))
            }
            Ev::Attack { kind, mode, food } => {
                let def = monster(*kind);
                let paid = if *food > 0 {
                    format!(" (paid {food} food)")
                } else {
                    String::new()
                };
                format!(
                    "The {} {}{paid}",
                    def.name.to_lowercase(),
                    def.modes[*mode as usize].label
                )
            }
            Ev::NoTarget { kind } => format!(
                "The {} finds no one it may attack",
                monster(*kind).name.to_lowercase()
            ),
            Ev::Returns { kind } => format!(
                "  the {} returns to the lair ready",
                monster(*kind).name.to_lowercase()
            ),
            Ev::KnockedOut { kind } => format!(
                "  the {} is knocked out until the end of the year",
                monster(*kind).name.to_lowercase()
            ),
            Ev::Unused { kind } => format!(
                "The {} was not needed and returns ready",
                monster(*kind).name.to_lowercase()
            ),
            Ev::Healed { adventurer, amount } => {
                format!(
                    "Healing: the {} loses {amount} damage",
                    adv_name(*adventurer)
                )
            }
            Ev::NoHealing(NoHeal::NotAttacked) => {
                "Healing: nothing attacked the party, so nobody heals".into()
            }
            Ev::NoHealing(NoHeal::Stopped) => "Healing: stopped this round".into(),
            Ev::Fatigue { adventurer, amount } => {
                format!("Fatigue: {amount} to the {}", adv_name(*adventurer))
            }
            Ev::NoConquering => "The party cannot conquer this round (no fatigue)".into(),
            Ev::Conquered { square } => {
                format!("The party conquers {}", square_name(*square))
            }
            Ev::Saved { square } => format!(
                "Every adventurer is down: {} holds and this combat is over",
                square_name(*square)
            ),
            Ev::Poison { adventurer, amount } => format!(
                "Poison: {amount} more to the {}, which nothing prevents",
                adv_name(*adventurer)
            ),
            Ev::PaladinMoves { from, to } => match from {
                Some(f) => format!(
                    "The paladin leaves {} for {}'s dungeon",
                    self.lords[*f].name, self.lords[*to].name
                ),
                None => format!(
                    "The paladin sets out for {}'s dungeon",
                    self.lords[*to].name
                ),
            },
            Ev::ToDistantLands { lord, adventurers } => {
                let names: Vec<String> = adventurers.iter().map(|&a| adv_name(a)).collect();
                format!(
                    "Leaving {}'s dungeon for the Distant Lands: {}",
                    self.lords[*lord].name,
                    names.join(", ")
                )
            }
            Ev::CombatOver => self.over_line(),
            Ev::CardRevealed { card: c } => {
                let d = card(*c);
                let speed = if d.speed == Speed::Fast {
                    "fast"
                } else {
                    "slow"
                };
                format!(
                    "Combat card: {} ({speed} spell, fatigue {}). {}",
                    d.name, d.fatigue, d.help
                )
            }
            Ev::CardsDealt => "Four combat cards are dealt face down".into(),
            Ev::Spell { card: c } => format!("Spell: the wizards cast {}", card(*c).name),
            Ev::SpellFails {
                card: c,
                magic,
                needed,
                round,
            } => format!(
                "Spell: {} fails ({magic} magic, {needed} needed in round {round})",
                card(*c).name
            ),
            Ev::SpellStopped { card: c } => {
                format!(
                    "Spell: {} is not cast (the dart hit a wizard)",
                    card(*c).name
                )
            }
            Ev::RoomStopsSpell { card: c } => format!(
                "Spell: {} has no power in the Anti-Magic Room",
                card(*c).name
            ),
            Ev::Withdrawn { kind } => format!(
                "  the {} is withdrawn and returns ready",
                monster(*kind).name.to_lowercase()
            ),
            Ev::WagePaid { kind } => format!(
                "  the {}'s wage is paid: it fights",
                monster(*kind).name.to_lowercase()
            ),
            Ev::Sheep { kind } => format!(
                "  the {} cannot attack this round",
                monster(*kind).name.to_lowercase()
            ),
            Ev::EvilGained { amount } => format!("  the lord gains {amount} Evil"),
            Ev::Lost { what } => format!("  the lord loses {what}"),
            Ev::TrapDiscarded { kind } => {
                format!("  a {} trap card is discarded", trap(*kind).name)
            }
            Ev::Shielded { adventurer, amount } => format!(
                "  a magic shield absorbs {amount} aimed at the {}",
                adv_name(*adventurer)
            ),
            Ev::Invisible => "  the wizards step to the back, out of the monsters' reach".into(),
            Ev::Fed { adventurer } => format!(
                "  the {} eats and gains 1 hit point for the rest of the combat",
                adv_name(*adventurer)
            ),
            Ev::IllusionAppears => "  an illusory adventurer (1 HP) appears at the front".into(),
            Ev::Vanished => "  the illusion vanishes".into(),
            Ev::Effect(what) => format!("  {what}"),
            Ev::Revealed {
                lord,
                square,
                trap: t,
                trap2: t2,
                monsters,
            } => {
                let mut sent: Vec<String> =
                    t.iter().chain(t2).map(|&k| trap(k).name.clone()).collect();
                sent.extend(monsters.iter().map(|&k| monster(k).name.to_lowercase()));
                let sent = if sent.is_empty() {
                    "nothing".into()
                } else {
                    sent.join(", ")
                };
                format!(
                    "{} defends {} with {sent}",
                    self.lords[*lord].name,
                    square_name(*square)
                )
            }
            Ev::Line(t) | Ev::Quiet(t) => t.clone(),
            Ev::Secret { public, .. } => public.clone(),
            Ev::PlanStep { .. }
            | Ev::Confirmed { .. }
            | Ev::Section(_)
            | Ev::SecretAbout(_)
            | Ev::Publishes(_) => return None,
        })
    }

    fn over_line(&self) -> String {
        match self.training_verdict() {
            Some(v) => format!("Combat is over. {v}"),
            None => "Combat is over".into(),
        }
    }
}
