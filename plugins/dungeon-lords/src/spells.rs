//! The wizards' spells: a round's combat card takes effect in the fast spells step (after
//! the trap) or the slow one (after the monsters), only if the party's magic symbols
//! reach the round number when the step comes, and only if no Anti-Magic Dart hit a
//! wizard. Spells that leave the lord a choice wait for it in `Step::Spell`.

use tavern_plugin_api::GameError;

use crate::data::{Class, Speed, card, data, monster};
use crate::done::Ev;
use crate::model::{Adv, Battle, Dl, Lord, Phase, Step};

/// Choice values of `Action::Spell` for Word of Peace and Suggestion.
pub const WITHDRAW: u8 = 0;
pub const KEEP: u8 = 1;
/// Suggestion: pay a golem's trap-card wage with a card of kind `k` as `PAY_TRAP + k`.
pub const PAY_TRAP: u8 = 10;

impl Dl {
    /// Casts this step's spell if it is due; true when the lord must now choose.
    pub(crate) fn cast(&mut self, slow: bool, ev: &mut Vec<Ev>) -> bool {
        let Some(c) = self.card() else { return false };
        let def = card(c);
        if (def.speed == Speed::Slow) != slow {
            return false;
        }
        let s = self.battle_lord();
        let round = self.round;
        let bt = self.battle.as_mut().expect("battle");
        bt.slow = slow;
        let l = &mut self.lords[s];
        let square = l.plan.tile.unwrap_or(0);
        if l.combat_room(square) == Some(crate::data::CombatRoom::AntiMagic) {
            ev.push(Ev::RoomStopsSpell { card: c });
            return false;
        }
        if bt.no_spells {
            ev.push(Ev::SpellStopped { card: c });
            return false;
        }
        let magic = l.magic();
        if magic < round {
            if magic > 0 {
                ev.push(Ev::SpellFails {
                    card: c,
                    magic,
                    needed: round,
                    round,
                });
            }
            return false;
        }
        ev.push(Ev::Spell { card: c });
        let top = data().evilometer.top;
        let sent = sent_monsters(l, bt);
        let choose = match def.key.as_str() {
            "word-of-peace" => !sent.is_empty(),
            "suggestion" => {
                bt.suggestion = sent;
                !bt.suggestion.is_empty()
            }
            "magic-shield" => {
                bt.shield = 1;
                ev.push(Ev::Effect(
                    "the first point of monster damage is absorbed".into(),
                ));
                false
            }
            "invisibility" => {
                bt.invisible = true;
                // Stable: the others keep their order ahead of the wizards.
                let (mut rest, wizards): (Vec<Adv>, Vec<Adv>) =
                    l.party.drain(..).partition(|a| a.class() != Class::Wizard);
                rest.extend(wizards);
                l.party = rest;
                ev.push(Ev::Invisible);
                false
            }
            "detect-evil" => {
                gain_evil(l, 2, top, ev);
                false
            }
            "graffiti" => {
                gain_evil(l, 1, top, ev);
                false
            }
            "detect-treasure" => {
                if l.gold > 0 {
                    l.gold -= 1;
                    ev.push(Ev::Lost {
                        what: "1 gold".into(),
                    });
                    false
                } else if l.food > 0 {
                    l.food -= 1;
                    ev.push(Ev::Lost {
                        what: "1 food".into(),
                    });
                    false
                } else {
                    let kinds: Vec<usize> =
                        (0..l.traps.len()).filter(|&k| l.traps[k] > 0).collect();
                    match kinds.len() {
                        0 => {
                            ev.push(Ev::Lost {
                                what: "nothing".into(),
                            });
                            false
                        }
                        1 => {
                            discard_trap(l, kinds[0] as u8, ev);
                            false
                        }
                        _ => true,
                    }
                }
            }
            "fist-of-justice" => {
                if l.imps > 0 {
                    l.imps -= 1;
                    ev.push(Ev::Lost {
                        what: "1 imp".into(),
                    });
                } else {
                    ev.push(Ev::Lost {
                        what: "nothing".into(),
                    });
                }
                false
            }
            "aura-of-fear" | "metamorphosis" | "dimensional-gate" => {
                if def.key == "dimensional-gate" {
                    bt.no_fatigue = true;
                    ev.push(Ev::Effect("no fatigue this round".into()));
                }
                let mut kinds: Vec<u8> = sent.iter().map(|&i| l.lair[i as usize].kind).collect();
                kinds.dedup();
                match kinds.len() {
                    0 => false,
                    1 => {
                        banish(l, bt, &def.key, kinds[0], ev);
                        false
                    }
                    _ => true,
                }
            }
            "blind-rage" => {
                bt.blind_rage = true;
                ev.push(Ev::Effect(
                    "monsters may use only their first attack".into(),
                ));
                false
            }
            "song-of-courage" => {
                bt.courage = true;
                ev.push(Ev::Effect(
                    "warriors take 1 less from each monster attack".into(),
                ));
                false
            }
            "create-food" => {
                let first = &mut l.party[0];
                first.bonus += 1;
                ev.push(Ev::Fed {
                    adventurer: first.id,
                });
                false
            }
            "illusion" => {
                let id = data().adventurer_id("illusion").expect("illusion");
                l.party.insert(0, Adv::new(id, 0));
                ev.push(Ev::IllusionAppears);
                false
            }
            "regeneration" => {
                l.heal(2, ev);
                false
            }
            "magic-key" => {
                bt.must_conquer = true;
                ev.push(Ev::Effect(
                    "the party conquers whatever held it back".into(),
                ));
                false
            }
            _ => false,
        };
        if choose {
            self.phase = Phase::Battle(Step::Spell);
        }
        // Evil gained may attract the paladin or move him.
        self.paladin_check(ev);
        choose
    }

    /// The lord's answer to the spell in effect.
    pub(crate) fn spell_choice(&mut self, choice: u8, ev: &mut Vec<Ev>) -> Result<(), GameError> {
        let c = self.card().ok_or_else(|| GameError::new("no spell"))?;
        let key = card(c).key.as_str();
        let s = self.battle_lord();
        let top = data().evilometer.top;
        let l = &mut self.lords[s];
        let bt = self.battle.as_mut().expect("battle");
        let mut done = true;
        match key {
            "word-of-peace" => {
                if choice == KEEP {
                    gain_evil(l, 2, top, ev);
                } else {
                    for i in sent_monsters(l, bt) {
                        withdraw(l, bt, i, ev);
                    }
                }
            }
            "suggestion" => {
                let i = bt.suggestion.remove(0);
                let kind = l.lair[i as usize].kind;
                if choice == WITHDRAW {
                    withdraw(l, bt, i, ev);
                } else {
                    let w = &monster(kind).wage_cost;
                    l.food -= w.food;
                    l.gold -= w.gold;
                    l.evil = (l.evil + w.evil).min(top);
                    if choice >= PAY_TRAP {
                        let k = (choice - PAY_TRAP) as usize;
                        l.traps[k] -= 1;
                        l.discarded[k] += 1;
                    }
                    ev.push(Ev::WagePaid { kind });
                }
                done = bt.suggestion.is_empty();
            }
            "detect-treasure" => discard_trap(l, choice, ev),
            "aura-of-fear" | "metamorphosis" | "dimensional-gate" => {
                banish(l, bt, key, choice, ev);
            }
            _ => return Err(GameError::new("this spell asks for no choice")),
        }
        self.paladin_check(ev);
        if done {
            if self.battle.as_ref().is_some_and(|b| b.slow) {
                self.heal_and_conquer(ev);
            } else {
                self.monster_step(ev);
            }
        }
        Ok(())
    }
}

/// Lair indices of the monsters (not ghosts) still waiting to attack.
pub fn sent_monsters(l: &Lord, bt: &Battle) -> Vec<u8> {
    bt.waiting
        .iter()
        .copied()
        .filter(|&i| !monster(l.lair[i as usize].kind).ghost)
        .collect()
}

/// Whether the lord can pay this monster's wage now (Suggestion). With `capped` (Combat
/// Training, or the full rules' "paying with Evil") Evil paid as a cost may not pass the
/// top of the Evilometer; otherwise it simply stops there.
pub fn can_pay(l: &Lord, kind: u8, capped: bool) -> bool {
    let w = &monster(kind).wage_cost;
    let traps: u8 = l.traps.iter().sum();
    !w.feed
        && l.food >= w.food
        && l.gold >= w.gold
        && traps >= w.traps
        && (!capped || l.evil + w.evil <= data().evilometer.top)
}

fn gain_evil(l: &mut Lord, amount: u8, top: u8, ev: &mut Vec<Ev>) {
    let before = l.evil;
    l.evil = (l.evil + amount).min(top);
    ev.push(Ev::EvilGained {
        amount: l.evil - before,
    });
}

fn discard_trap(l: &mut Lord, kind: u8, ev: &mut Vec<Ev>) {
    l.traps[kind as usize] -= 1;
    l.discarded[kind as usize] += 1;
    ev.push(Ev::TrapDiscarded { kind });
}

/// A withdrawn monster goes back to the lair ready, without attacking.
fn withdraw(l: &Lord, bt: &mut Battle, idx: u8, ev: &mut Vec<Ev>) {
    bt.waiting.retain(|&w| w != idx);
    ev.push(Ev::Withdrawn {
        kind: l.lair[idx as usize].kind,
    });
}

/// Aura of Fear withdraws the chosen monster; Metamorphosis and Dimensional Gate knock it
/// out without an attack.
fn banish(l: &mut Lord, bt: &mut Battle, key: &str, kind: u8, ev: &mut Vec<Ev>) {
    let Some(&idx) = sent_monsters(l, bt)
        .iter()
        .find(|&&i| l.lair[i as usize].kind == kind)
    else {
        return;
    };
    if key == "aura-of-fear" {
        withdraw(l, bt, idx, ev);
    } else {
        bt.waiting.retain(|&w| w != idx);
        l.lair[idx as usize].ready = false;
        ev.push(Ev::Sheep { kind });
        ev.push(Ev::KnockedOut { kind });
    }
}
