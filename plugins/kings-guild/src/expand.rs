//! Expand: rooms on the board grid and specialists from the row.

use tavern_plugin_api::GameError;

use crate::data::{Pile, Space, SpecEffect, ability, data, room, room_def, spec};
use crate::model::{Kg, Loc, Pending, Why};
use crate::notes::Note;

impl Kg {
    /// Cells where `seat` could put the left part of `r`: free spaces (two side by side in
    /// one row for a double room) touching the guild, or anywhere with the Builder.
    pub fn room_cells(&self, seat: usize, r: u8) -> Vec<u8> {
        let mut out = Vec::new();
        self.each_room_cell(seat, r, |c| out.push(c));
        out
    }

    /// [`Kg::room_cells`] one by one, in cell order, from bit masks of the grid.
    pub fn each_room_cell(&self, seat: usize, r: u8, mut f: impl FnMut(u8)) {
        let p = &self.players[seat];
        let anywhere = p.abilities() & ability::BUILDER != 0;
        let mut cells = room_cell_mask(p.filled_cells(), room_def(r).width, anywhere);
        while cells != 0 {
            f(cells.trailing_zeros() as u8);
            cells &= cells - 1;
        }
    }

    /// Rooms `seat` may buy now (supply, one of each, the two-player workshop rule, coins).
    pub fn buyable_rooms(&self, seat: usize) -> Vec<u8> {
        let mut out = Vec::new();
        self.each_buyable_room(seat, |r| out.push(r));
        out
    }

    /// [`Kg::buyable_rooms`] one by one: the common piles, then the master rooms.
    pub fn each_buyable_room(&self, seat: usize, f: impl FnMut(u8)) {
        self.each_buyable_room_with(seat, self.players[seat].owned_rooms(), f);
    }

    /// [`Kg::each_buyable_room`] with the seat's rooms already worked out.
    pub fn each_buyable_room_with(&self, seat: usize, owned: u64, f: impl FnMut(u8)) {
        self.each_buyable_room_for(owned, self.players[seat].coins, f);
    }

    /// [`Kg::each_buyable_room_with`] for a seat holding `coins` (the stuck-table test
    /// asks with every coin the seat could raise).
    pub fn each_buyable_room_for(&self, owned: u64, coins: u32, mut f: impl FnMut(u8)) {
        let d = data();
        let has = |r: u8| owned & (1 << r) != 0;
        let two = self.n() == 2;
        let mut consider = |r: u8| {
            if d.room_cost[r as usize] as u32 > coins || has(r) {
                return;
            }
            if two && ((r == room::GEM && has(room::MAGIC)) || (r == room::MAGIC && has(room::GEM)))
            {
                return;
            }
            f(r);
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
        let mut out = Vec::new();
        self.each_hire(seat, |i, at, b| {
            out.push((i, at, b));
            true
        });
        out
    }

    /// Whether `seat` could hire anybody now.
    pub fn can_hire(&self, seat: usize) -> bool {
        let mut any = false;
        self.each_hire(seat, |_, _, _| {
            any = true;
            false
        });
        any
    }

    /// [`Kg::hire_options`] one by one, until `f` returns false.
    pub fn each_hire(&self, seat: usize, f: impl FnMut(u8, Loc, Option<u8>) -> bool) {
        let (free, k) = self.players[seat].free_places();
        self.each_hire_with(seat, &free[..k], f);
    }

    /// [`Kg::each_hire`] with the seat's free places already worked out.
    pub fn each_hire_with(
        &self,
        seat: usize,
        free: &[(Loc, u8)],
        f: impl FnMut(u8, Loc, Option<u8>) -> bool,
    ) {
        self.each_hire_within(seat, free, self.players[seat].coins, f);
    }

    /// [`Kg::each_hire_with`] for a seat holding `coins`.
    pub fn each_hire_within(
        &self,
        seat: usize,
        free: &[(Loc, u8)],
        coins: u32,
        mut f: impl FnMut(u8, Loc, Option<u8>) -> bool,
    ) {
        if free.is_empty() {
            return;
        }
        let total: u8 = free.iter().map(|f| f.1).sum();
        let mult = self.discount_mult(seat);
        for i in 0..self.row.len() {
            if self.spec_cost_by(i, mult) > coins {
                continue;
            }
            let s = self.row[i].0;
            match spec(s).effect {
                SpecEffect::Aristocrat => {
                    for &(at, fa) in free {
                        for &(b, fb) in free {
                            let Loc::Room(bc) = b else { continue };
                            if at == b && fa < 2 || at != b && fb < 1 {
                                continue;
                            }
                            if !f(i as u8, at, Some(bc)) {
                                return;
                            }
                        }
                    }
                }
                // Room for two, always (0.1.0 let the row's last card into one space).
                SpecEffect::Overseer if total < 2 && (self.row.len() > 1 || !self.rules_0_1) => {}
                _ => {
                    for &(at, _) in free {
                        if !f(i as u8, at, None) {
                            return;
                        }
                    }
                }
            }
        }
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
        // Older cards (to the right) come first in the row: those get a discount.
        let discounted = if full && !self.solo {
            index.min(self.row.len())
        } else {
            0
        };
        notes.push(Note::Hired {
            seat: seat as u8,
            spec: s,
            cost,
            discounted: discounted as u8,
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
                    notes.push(Note::SpecialistLeaves {
                        spec: x,
                        why: crate::notes::Leaves::Discount,
                    });
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
        let mut out = Vec::new();
        self.each_free_loc(seat, |l| out.push(l));
        out
    }

    pub fn each_free_loc(&self, seat: usize, mut f: impl FnMut(Loc)) {
        let (free, k) = self.players[seat].free_places();
        for &(l, _) in &free[..k] {
            f(l);
        }
    }
}

/// The cells where the left part of a room `w` cells wide may go, a bit per cell: free
/// cells (and the next one in the row for a double room) touching a filled one, or any
/// free ones with the Builder (`anywhere`).
pub fn room_cell_mask(filled: u16, w: u8, anywhere: bool) -> u16 {
    // Cells in the first and the last column, to keep a shift from wrapping a row.
    const FIRST_COL: u16 = 0b0001_0001_0001;
    const LAST_COL: u16 = 0b1000_1000_1000;
    const ALL: u16 = 0xfff;
    let free = !filled & ALL;
    let touching = ((filled << 4)
        | (filled >> 4)
        | ((filled << 1) & !FIRST_COL)
        | ((filled >> 1) & !LAST_COL))
        & ALL;
    let (anchors, covered) = if w >= 2 {
        // The anchor and the cell to its right are free, the anchor not in the last column.
        let pair = free & (free >> 1) & !LAST_COL;
        (pair, touching | (touching >> 1))
    } else {
        (free, touching)
    };
    if anywhere { anchors } else { anchors & covered }
}
