//! Spells with ghosts at the table: what each does when a ghost casts it, and the
//! extra (or different) effect some have when a player casts them against ghosts.

use crate::data::{ROOM_K, is_castle_room};
use crate::magic::{GhostArea, PayFor, Step};
use crate::record::Note;
use crate::state::{Action, Keydoms, Pending};

impl Keydoms {
    /// The highest-lettered unresolved location holding both a ghost's and a player's
    /// worker (where Evict strikes when ghosts play).
    pub fn evict_location(&self) -> Option<u8> {
        let n = self.n();
        (0..crate::data::LOCS as u8).rev().find(|&l| {
            self.unresolved(l)
                && (0..n).any(|s| self.players[s].has_worker_in(l))
                && (n..self.total()).any(|p| self.present(p, l))
        })
    }

    fn queue_for_players(&mut self, step: impl Fn(usize, &Keydoms) -> Option<Step>) {
        for s in self.turn_order() {
            if let Some(st) = step(s, self) {
                self.m.queue.push(Pending::Magic { seat: s, step: st });
            }
        }
    }

    /// A ghost's spell comes into effect (after the players' chance to cancel it).
    pub fn ghost_spell_effect(&mut self, g: usize, spell: u8, notes: &mut Vec<Note>) {
        let mut note = None;
        match spell {
            1 => self.ghosts[g].fx.choice = true,
            2 => {
                self.ghosts[g].fx.copy = true;
                // Artefacts the players already used this round count as well.
                for k in 0..6u8 {
                    if (0..self.n()).any(|s| self.m.invoked[s][k as usize] > 0) {
                        self.ghost_copies(k);
                    }
                }
            }
            3 => self.ghosts[g].fx.disclosure = true,
            4 | 20 => {
                let owed = if spell == 4 { 5 } else { 7 };
                self.queue_for_players(|_, _| {
                    Some(Step::Pay {
                        owed,
                        paid: 0,
                        purpose: PayFor::Treasury,
                    })
                });
            }
            7 => {
                self.gp.evict_caster = None;
                self.gp.evict_at = self.evict_location();
                if self.gp.evict_at.is_none() {
                    note = Some(Note::EvictMissed { ghost: g });
                }
            }
            8 | 15 => note = Some(self.ghost_trade(g, spell == 8)),
            9 => self.queue_for_players(|s, k| {
                let count = k.players[s]
                    .workers
                    .iter()
                    .filter(|w| w.loc.is_some_and(is_castle_room))
                    .count() as u8;
                (count > 0).then_some(Step::Pay {
                    owed: count,
                    paid: 0,
                    purpose: PayFor::Extortion,
                })
            }),
            10 => self.gp.halve_even = true,
            11 => self.ghost_gain_spells(g, 2),
            12 => {
                for s in self.turn_order() {
                    self.queue_levy(s);
                }
            }
            13 => self.ghosts[g].fx.moonlight = true,
            14 => self.gp.halve_odd = true,
            16 => {
                let t = self.ghosts[g].table(self, &self.ghosts);
                let empty = t.empty_keytown();
                if empty.is_empty() {
                    note = Some(Note::SmugglerFull { ghost: g });
                }
                for loc in empty {
                    self.ghost_reward(g, loc, None, notes);
                }
            }
            17 => self.gp.nine_is_one = true,
            18 | 19 => {
                let left = if spell == 18 { 2 } else { 1 };
                self.queue_for_players(|s, k| {
                    (!k.withdraw_choices(s, 0).is_empty())
                        .then_some(Step::Withdraw { left, min: 0 })
                });
            }
            21 => self.ghosts[g].fx.trade = true,
            _ => {}
        }
        notes.extend(note);
    }

    /// Exchange / Rearrange cast by a ghost: a duplicate goes to a room, a missing kind
    /// comes back.
    fn ghost_trade(&mut self, g: usize, avoid_ghosts: bool) -> Note {
        let t = self.ghosts[g].table(self, &self.ghosts);
        let Some((give, room)) = t.trade_choice(avoid_ghosts) else {
            return Note::NoDuplicate { ghost: g };
        };
        let has = self.ghosts[g].artefacts;
        let Some(s) = self
            .offered(room)
            .into_iter()
            .find(|&s| self.stacks[s].last().is_some_and(|&a| has[a as usize] == 0))
        else {
            return Note::NothingToSwap { ghost: g };
        };
        let take = self.stacks[s].pop().expect("offered");
        self.stacks[s].push(give);
        let gh = &mut self.ghosts[g];
        gh.artefacts[give as usize] -= 1;
        if gh.face_up[give as usize] > gh.artefacts[give as usize] {
            // The tile given away was a face-up one: it stops working for the ghost.
            gh.face_up[give as usize] -= 1;
            if let Some(i) = gh.invoked.iter().position(|&a| a == give) {
                gh.invoked.remove(i);
            }
        }
        gh.artefacts[take as usize] += 1;
        Note::Swapped {
            ghost: g,
            give,
            take,
            room,
        }
    }

    /// A player's spell with ghosts at the table: the extras against ghost counters,
    /// and Evict's ghost version (which replaces the usual effect).
    pub fn player_spell_with_ghosts(&mut self, cast: &crate::magic::Cast, notes: &mut Vec<Note>) {
        let c = cast.caster;
        let remove = |ghost: Option<u8>, area| Pending::Magic {
            seat: c,
            step: Step::RemoveGhost { ghost, area },
        };
        match cast.spell {
            4 | 20 => {
                let area = if cast.spell == 4 {
                    GhostArea::Caves
                } else {
                    GhostArea::Anywhere
                };
                for g in 0..self.ghosts.len() as u8 {
                    if !self.ghost_removals(Some(g), area).is_empty() {
                        self.m.queue.push(remove(Some(g), area));
                    }
                }
            }
            12 if !self.ghost_removals(None, GhostArea::Keytown).is_empty() => {
                self.m.queue.push(remove(None, GhostArea::Keytown));
            }
            7 => {
                self.gp.evict_caster = Some(c);
                self.gp.evict_at = self.evict_location();
            }
            9 => self.extortion_reveals_ghosts(c, notes),
            10 | 14 => {
                if let Some(&Action::ChooseLocation { loc }) = cast.targets.first() {
                    self.parity_sends_ghosts_home(loc, cast.spell == 14, notes);
                }
            }
            _ => {}
        }
    }

    /// Extortion cast by a player: every ghost counter in the castle is turned up and the
    /// weakest goes home; on equal strength the caster chooses which.
    fn extortion_reveals_ghosts(&mut self, caster: usize, notes: &mut Vec<Note>) {
        let open: Vec<bool> = (0..crate::data::LOCS as u8)
            .map(|l| l >= ROOM_K && self.unresolved(l))
            .collect();
        for g in 0..self.ghosts.len() {
            for w in &mut self.ghosts[g].workers {
                if !w.face_up && w.loc.is_some_and(|l| open[l as usize]) {
                    w.face_up = true;
                    self.reveals += 1;
                }
            }
        }
        let weakest = self.extortion_candidates();
        match weakest.as_slice() {
            [] => {}
            [one] => {
                let &Action::ChooseGhostWorker { ghost, loc, slot } = one else {
                    return;
                };
                let g = ghost as usize;
                let i = self.party_slots(self.n() + g, loc)[slot as usize];
                let st = self.ghosts[g].strength(
                    &self.ghosts[g].workers[i],
                    loc,
                    self.ghost_mods(g, loc),
                );
                let w = &mut self.ghosts[g].workers[i];
                w.loc = None;
                w.face_up = false;
                notes.push(Note::ExtortedGhost {
                    ghost: g,
                    strength: st,
                    loc,
                });
            }
            _ => {
                notes.push(Note::ExtortionTie);
                self.m.queue.push(Pending::Magic {
                    seat: caster,
                    step: Step::ExtortGhost,
                });
            }
        }
    }

    /// A player's Get even / Odd ones out also reaches ghost counters at its location:
    /// the number that counts there (castle side in the castle, the other side
    /// elsewhere) decides, as a player's worker goes by its printed strength.
    fn parity_sends_ghosts_home(&mut self, loc: u8, odd: bool, notes: &mut Vec<Note>) {
        let castle = loc >= ROOM_K;
        let mut counts = [0u8; crate::rules::MAX_PLAYERS];
        for g in 0..self.ghosts.len() {
            let mut count = 0;
            for w in &mut self.ghosts[g].workers {
                if w.loc != Some(loc) {
                    continue;
                }
                let number = if castle { w.castle } else { w.elsewhere };
                if !w.face_up {
                    // Its number is checked, so the counter is turned up.
                    self.reveals += 1;
                }
                if (number % 2 == 1) == odd {
                    w.loc = None;
                    w.face_up = false;
                    count += 1;
                } else {
                    w.face_up = true;
                }
            }
            counts[g] = count;
        }
        if counts.iter().any(|&c| c > 0) {
            notes.push(Note::ParityHome { loc, counts });
        }
    }

    /// The weakest ghost counters in unresolved castle rooms (Extortion's victims), as
    /// the actions that choose them.
    pub fn extortion_candidates(&self) -> Vec<Action> {
        let mut best: Option<u8> = None;
        let mut v = Vec::new();
        for g in 0..self.ghosts.len() {
            let p = self.n() + g;
            for loc in ROOM_K..crate::data::LOCS as u8 {
                if !self.unresolved(loc) {
                    continue;
                }
                let mods = self.ghost_mods(g, loc);
                for (slot, &i) in self.party_slots(p, loc).iter().enumerate() {
                    let st = self.ghosts[g].strength(&self.ghosts[g].workers[i], loc, mods);
                    if best.is_some_and(|b| st > b) {
                        continue;
                    }
                    if best.is_none_or(|b| st < b) {
                        best = Some(st);
                        v.clear();
                    }
                    v.push(Action::ChooseGhostWorker {
                        ghost: g as u8,
                        loc,
                        slot: slot as u8,
                    });
                }
            }
        }
        v
    }
}
