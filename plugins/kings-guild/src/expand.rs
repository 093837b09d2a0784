//! Expand: rooms on the board grid and specialists from the row.

use tavern_plugin_api::GameError;

use crate::data::{Pile, Space, SpecEffect, data, room, room_def, spec};
use crate::model::{EMPTY, Kg, Loc, Pending, Why};
use crate::notes::Note;

impl Kg {
    /// Cells where `seat` could put the left part of `r`: free spaces (two side by side in
    /// one row for a double room) touching the guild, or anywhere with the Builder.
    pub fn room_cells(&self, seat: usize, r: u8) -> Vec<u8> {
        let p = &self.players[seat];
        let w = room_def(r).width as usize;
        let anywhere = p.has_spec(|e| *e == SpecEffect::Builder);
        let mut out = Vec::new();
        for c in 0..12usize {
            if c % 4 + w > 4 || (c..c + w).any(|x| p.grid[x] != EMPTY) {
                continue;
            }
            let touches = (c..c + w).any(|x| {
                let (row, col) = (x / 4, x % 4);
                let mut nb = Vec::with_capacity(4);
                if row > 0 {
                    nb.push(x - 4);
                }
                if row < 2 {
                    nb.push(x + 4);
                }
                if col > 0 {
                    nb.push(x - 1);
                }
                if col < 3 {
                    nb.push(x + 1);
                }
                nb.iter().any(|&y| p.grid[y] != EMPTY)
            });
            if anywhere || touches {
                out.push(c as u8);
            }
        }
        out
    }

    /// Rooms `seat` may buy now (supply, one of each, the two-player workshop rule, coins).
    pub fn buyable_rooms(&self, seat: usize) -> Vec<u8> {
        let p = &self.players[seat];
        let mut out = Vec::new();
        let mut consider = |r: u8| {
            if p.has_room(r) || room_def(r).cost as u32 > p.coins {
                return;
            }
            if self.n() == 2
                && ((r == room::GEM && p.has_room(room::MAGIC))
                    || (r == room::MAGIC && p.has_room(room::GEM)))
            {
                return;
            }
            out.push(r);
        };
        for r in 0..room::STATUE {
            if let Some(i) = Kg::pile_index(r)
                && self.piles[i] > 0
            {
                consider(r);
            }
        }
        for &m in &self.masters {
            consider(m);
        }
        out
    }

    pub fn build(&mut self, seat: usize, r: u8, cell: u8, free: bool, notes: &mut Vec<Note>) {
        let def = room_def(r);
        let cost = if free { 0 } else { def.cost as u32 };
        let builder = self.players[seat].has_spec(|e| *e == SpecEffect::Builder);
        let mult = if builder { 2 } else { 1 };
        let p = &mut self.players[seat];
        p.coins -= cost;
        if !free {
            self.turn.progress = true;
        }
        let p = &mut self.players[seat];
        for x in cell..cell + def.width {
            p.grid[x as usize] = r;
        }
        match def.pile {
            Pile::Master => self.masters.retain(|&m| m != r),
            Pile::Statue => self.statue_built = true,
            Pile::Shrine => {}
            _ => {
                if let Some(i) = Kg::pile_index(r) {
                    self.piles[i] -= 1;
                }
            }
        }
        notes.push(Note::Built {
            seat: seat as u8,
            room: r,
            cell,
            cost,
        });
        let board = &data().boards[self.players[seat].board as usize];
        for x in cell..cell + def.width {
            match board.spaces[x as usize] {
                Space::Resource(res) => {
                    let k = (mult as u8).min(self.stock[res]);
                    self.stock[res] -= k;
                    self.players[seat].res[res] += k;
                    notes.push(Note::SpaceBonus {
                        seat: seat as u8,
                        res: Some(res as u8),
                        amount: k as u32,
                    });
                }
                Space::Coins => {
                    let k = data().bonus_coins as u32 * mult;
                    self.players[seat].coins += k;
                    notes.push(Note::SpaceBonus {
                        seat: seat as u8,
                        res: None,
                        amount: k,
                    });
                }
                _ => {}
            }
        }
    }

    /// Every way `seat` can hire now: (row index, where it stands, where the baggage goes).
    pub fn hire_options(&self, seat: usize) -> Vec<(u8, Loc, Option<u8>)> {
        let p = &self.players[seat];
        let mut out = Vec::new();
        let spaces = p.spaces();
        let free: Vec<(Loc, u8)> = spaces
            .iter()
            .map(|(l, cap)| (*l, cap.saturating_sub(p.used(*l))))
            .filter(|(_, f)| *f > 0)
            .collect();
        let total: u8 = free.iter().map(|f| f.1).sum();
        for i in 0..self.row.len() {
            if self.spec_cost(seat, i) > p.coins {
                continue;
            }
            let s = self.row[i].0;
            match spec(s).effect {
                SpecEffect::Aristocrat => {
                    for &(at, f) in &free {
                        for &(b, fb) in &free {
                            let Loc::Room(bc) = b else { continue };
                            if at == b && f < 2 || at != b && fb < 1 {
                                continue;
                            }
                            out.push((i as u8, at, Some(bc)));
                        }
                    }
                }
                SpecEffect::Overseer if self.row.len() > 1 && total < 2 => {}
                _ => out.extend(free.iter().map(|&(at, _)| (i as u8, at, None))),
            }
        }
        out
    }

    pub fn hire(
        &mut self,
        seat: usize,
        index: usize,
        at: Loc,
        baggage: Option<u8>,
        notes: &mut Vec<Note>,
    ) -> Result<(), GameError> {
        if index >= self.row.len() {
            return Err(GameError::new("no specialist there"));
        }
        let cost = self.spec_cost(seat, index);
        let (s, disc) = self.row.remove(index);
        let full = disc == 0;
        self.turn.progress = true;
        self.players[seat].coins -= cost;
        self.players[seat].specs.push((s, at));
        if let Some(b) = baggage {
            self.players[seat].baggage = Some(b);
        }
        notes.push(Note::Hired {
            seat: seat as u8,
            spec: s,
            cost,
            full,
        });
        if full && !self.solo {
            // Older cards (to the right) come first in the row.
            for j in 0..index.min(self.row.len()) {
                self.row[j].1 += 1;
            }
            let mut k = 0;
            while k < self.row.len() {
                let (x, d) = self.row[k];
                if d >= spec(x).cost {
                    self.row.remove(k);
                    self.gone_specs.push(x);
                    notes.push(Note::SpecialistLeaves { spec: x });
                } else {
                    k += 1;
                }
            }
        }
        if spec(s).effect == SpecEffect::Overseer && !self.row.is_empty() {
            let (o, _) = self.row.remove(0);
            notes.push(Note::FreeSpecialist {
                seat: seat as u8,
                spec: o,
            });
            self.pending.push_back(Pending::PlaceSpec {
                seat: seat as u8,
                spec: o,
            });
        }
        self.refill_row();
        self.on_hire(seat, s);
        Ok(())
    }

    fn on_hire(&mut self, seat: usize, s: u8) {
        let st = seat as u8;
        match spec(s).effect {
            SpecEffect::Adventurer => {
                for c in crate::data::Colour::ALL {
                    self.queue_draw(seat, c, false);
                }
            }
            SpecEffect::Minstrel => self.pending.push_back(Pending::Colours {
                seat: st,
                n: 1,
                why: Why::Minstrel,
            }),
            SpecEffect::Merchant => self.pending.push_back(Pending::Colours {
                seat: st,
                n: 3,
                why: Why::Merchant,
            }),
            SpecEffect::Extra(kind) => self.pending.push_back(Pending::Extra { seat: st, kind }),
            SpecEffect::Alchemist => {
                let left = self.players[seat].stored() as u8;
                self.pending
                    .push_back(Pending::Alchemist { seat: st, left });
            }
            SpecEffect::Curator => self.pending.push_back(Pending::Curator { seat: st }),
            SpecEffect::Smuggler => self.pending.push_back(Pending::Smuggler { seat: st }),
            SpecEffect::Witch => self.pending.push_back(Pending::Witch { seat: st }),
            _ => {}
        }
    }

    /// Where `seat` may put a specialist it gets for free, or move one with the Bard.
    pub fn free_locs(&self, seat: usize) -> Vec<Loc> {
        let p = &self.players[seat];
        p.spaces()
            .iter()
            .filter(|(l, cap)| p.used(*l) < *cap)
            .map(|(l, _)| *l)
            .collect()
    }
}
