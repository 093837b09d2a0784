//! Damage and healing on a party: counters go on, eliminated adventurers go to prison at
//! once, and healing never brings anyone back.

use crate::data::Class;
use crate::done::Ev;
use crate::model::Lord;

impl Lord {
    /// Disarm symbols in the party (thieves and the paladin).
    pub fn disarm(&self) -> u8 {
        self.party
            .iter()
            .map(|a| crate::data::adv(a.id).disarm())
            .sum()
    }

    pub fn healing(&self) -> u8 {
        self.party
            .iter()
            .map(|a| crate::data::adv(a.id).heal())
            .sum()
    }

    pub fn magic(&self) -> u8 {
        self.party
            .iter()
            .map(|a| crate::data::adv(a.id).magic())
            .sum()
    }

    pub fn has_healer(&self) -> bool {
        self.party
            .iter()
            .any(|a| matches!(a.class(), Class::Priest | Class::Paladin))
    }

    pub fn position(&self, id: u8) -> Option<usize> {
        self.party.iter().position(|a| a.id == id)
    }

    /// Puts `amounts[i]` counters on the i-th adventurer (all at once: attack everyone,
    /// a trap), then sends the eliminated to prison. `prevented[i]` is only reported.
    pub fn deal_all(&mut self, amounts: &[u8], prevented: &[u8], ev: &mut Vec<Ev>) {
        for (i, a) in self.party.iter_mut().enumerate() {
            let amount = amounts.get(i).copied().unwrap_or(0);
            let stopped = prevented.get(i).copied().unwrap_or(0);
            if amount == 0 && stopped == 0 {
                continue;
            }
            a.damage = a.damage.saturating_add(amount);
            ev.push(Ev::Hit {
                adventurer: a.id,
                amount,
                prevented: stopped,
            });
        }
        self.bury(ev);
    }

    /// Counters on one adventurer. Excess damage is lost: it never passes down the line.
    pub fn deal(&mut self, id: u8, amount: u8, ev: &mut Vec<Ev>) {
        if let Some(i) = self.position(id) {
            let mut amounts = vec![0; self.party.len()];
            amounts[i] = amount;
            self.deal_all(&amounts, &[], ev);
        }
    }

    /// Moves every adventurer whose counters reach his hit points to prison.
    fn bury(&mut self, ev: &mut Vec<Ev>) {
        let mut i = 0;
        while i < self.party.len() {
            if self.party[i].damage >= self.party[i].hp() {
                let a = self.party.remove(i);
                if a.class() == Class::Illusion {
                    ev.push(Ev::Vanished);
                } else {
                    self.prison.push(a.id);
                    ev.push(Ev::Eliminated { adventurer: a.id });
                }
            } else {
                i += 1;
            }
        }
    }

    /// Fatigue: one point at a time to whoever is first, so it spills down the line.
    pub fn fatigue(&mut self, points: u8, ev: &mut Vec<Ev>) {
        let mut left = points;
        while left > 0 && !self.party.is_empty() {
            let first = &mut self.party[0];
            let take = left.min(first.hp() - first.damage);
            first.damage += take;
            left -= take;
            ev.push(Ev::Fatigue {
                adventurer: first.id,
                amount: take,
            });
            self.bury(ev);
        }
    }

    /// Removes up to `points` counters, front to back.
    pub fn heal(&mut self, points: u8, ev: &mut Vec<Ev>) {
        let mut left = points;
        for a in self.party.iter_mut() {
            if left == 0 {
                break;
            }
            let h = left.min(a.damage);
            if h > 0 {
                a.damage -= h;
                left -= h;
                ev.push(Ev::Healed {
                    adventurer: a.id,
                    amount: h,
                });
            }
        }
    }
}

/// Disarm symbols taken off trap damage from the front of the line first.
pub fn prevent(raw: &[u8], symbols: u8) -> (Vec<u8>, Vec<u8>) {
    let mut left = symbols;
    let mut dealt = Vec::with_capacity(raw.len());
    let mut stopped = Vec::with_capacity(raw.len());
    for &r in raw {
        let p = left.min(r);
        left -= p;
        dealt.push(r - p);
        stopped.push(p);
    }
    (dealt, stopped)
}
