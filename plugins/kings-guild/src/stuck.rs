//! The stuck table (our rule; the rulebook has no way out): when no seat could ever craft,
//! build or hire again, the oldest quest without a sigil leaves, as in the solo game.
//!
//! "Could ever" is worked out generously, so the rule only acts on a table that is stuck
//! for certain: each seat is given every coin its hand could bring (sold at its best, a
//! Scroll of Riches played), every resource it may gather or a treasure in hand could give
//! (what the supply holds), and any hand that could still draw a treasure (a Treasure Map
//! with another card, a Scroll of Wonders) counts as a way forward. What the other players
//! hold counts too, as if it came back to the supply, only while a Spoiling Potion is in
//! some hand: nothing else returns a resource to the supply short of a craft, build or
//! hire (a supply emptied into the players' stores stays empty until someone makes
//! progress, so counting their stores, as 0.2.0 did, called a dead table playable). If
//! even then nobody can afford a room or a specialist it has space for, nor pay for an
//! open item within its storage (with 2 coins for another seat's Thug standing on the
//! quest), nothing any seat does can change that, and only the rule can: the first
//! progress would have to come from a position reached by moves that are not progress,
//! and none of those moves adds to anything counted here (the supply, a seat's coins
//! beyond its hand's worth, its rooms, the Thug's place).

use crate::data::{RES, TreasureEffect, quest, treasure};
use crate::model::{Kg, QCard};
use crate::notes::Note;

impl Kg {
    /// Whether no seat could ever craft, build or hire again (see the module comment).
    /// Not asked in the solo game (its quests turn over every turn) nor once the Council
    /// is out (the game is ending), nor while a decision waits.
    pub fn table_stuck(&self) -> bool {
        if self.solo || self.finals_left > 0 || !self.pending.is_empty() {
            return false;
        }
        let n = self.n();
        // The seat after the active one first: the likeliest to have a move.
        !(1..=n).any(|k| self.could_progress((self.active + k) % n))
    }

    /// Whether `seat`, given every coin and resource it could reach, could craft, build or
    /// hire (an over-estimate: a `false` is certain).
    pub fn could_progress(&self, seat: usize) -> bool {
        let p = &self.players[seat];
        let prev = &self.players[(seat + self.n() - 1) % self.n()];
        let mut coins = p.coins;
        let mut gives = [false; RES];
        for &k in &p.hand {
            let t = treasure(k);
            match t.effect {
                TreasureEffect::Map if p.hand.len() >= 2 => return true,
                TreasureEffect::Wonders => return true,
                TreasureEffect::Riches => coins += 4.max(self.sell_price(seat, k)),
                TreasureEffect::Gain(g) => {
                    for r in 0..RES {
                        gives[r] |= g[r] > 0;
                    }
                    coins += self.sell_price(seat, k);
                }
                _ => coins += self.sell_price(seat, k),
            }
        }
        // The previous seat's scrolls give this one their second half.
        for &k in &prev.hand {
            match treasure(k).effect {
                TreasureEffect::Riches => coins += 2,
                TreasureEffect::Wonders if coins >= 1 => return true,
                _ => {}
            }
        }
        if self.could_expand(seat, coins) {
            return true;
        }
        // Under 0.2.0 the other seats' stores always counted (kept for its saves).
        let returns = self.rules_0_2
            || self.players.iter().any(|q| {
                q.hand
                    .iter()
                    .any(|&k| treasure(k).effect == TreasureEffect::Spoiling)
            });
        let mut reach = [0u32; RES];
        for r in 0..RES {
            reach[r] = p.res[r] as u32;
            if p.may_gather(r) || gives[r] {
                reach[r] += self.stock[r] as u32;
                if returns {
                    for (o, q) in self.players.iter().enumerate() {
                        if o != seat {
                            reach[r] += q.res[r] as u32;
                        }
                    }
                }
            }
        }
        let limit = p.storage_limit();
        let free = self.free_sigils(seat);
        // Under 0.2.0 the Thug's fee was not asked (kept for its saves).
        let fee_paid = |slot: usize| {
            self.rules_0_2
                || coins >= 2
                || !self
                    .thug
                    .is_some_and(|(owner, ts)| ts as usize == slot && owner as usize != seat)
        };
        self.board.iter().enumerate().any(|(slot, sl)| {
            let Some(sl) = sl else {
                return false;
            };
            let QCard::Quest(q) = sl.card else {
                return false;
            };
            // Another seat's Thug on the quest: crafting there costs 2 coins.
            if !fee_paid(slot) {
                return false;
            }
            let n = quest(q).items.len();
            (1u8..(1 << n)).any(|items| {
                let mut total = [0u32; RES];
                for i in 0..n {
                    if items & (1 << i) != 0 {
                        if sl.made[i].is_some() {
                            return false;
                        }
                        let c = self.item_cost(seat, q, i);
                        for r in 0..RES {
                            total[r] += c[r] as u32;
                        }
                    }
                }
                let starting_half = n == 2 && sl.made == [None, None] && items.count_ones() == 1;
                !(starting_half && free == 0)
                    && (0..RES).all(|r| total[r] <= reach[r])
                    && total.iter().sum::<u32>() <= limit
            })
        })
    }

    /// Whether `seat`, holding `coins`, could build a room it has cells for or hire a
    /// specialist it has space for.
    fn could_expand(&self, seat: usize, coins: u32) -> bool {
        let mut build = false;
        self.each_buyable_room_for(self.players[seat].owned_rooms(), coins, |r| {
            build |= !self.room_cells(seat, r).is_empty();
        });
        if build {
            return true;
        }
        let (free, k) = self.players[seat].free_places();
        let mut hire = false;
        self.each_hire_within(seat, &free[..k], coins, |_, _, _| {
            hire = true;
            false
        });
        hire
    }

    /// The stuck-table rule's removal (`certain`: the table is stuck; else the backstop
    /// fired), as the solo game removes: the oldest quest (by
    /// arrival) without a sigil leaves the game and a new one is drawn. Should every quest
    /// carry a sigil, the oldest leaves all the same and its sigil's owner keeps the card,
    /// as a quest still carrying a sigil joins its guild at the end (without treasures).
    pub(crate) fn unstick(&mut self, certain: bool, notes: &mut Vec<Note>) {
        let quests = (0..self.board.len())
            .filter_map(|i| self.board[i].map(|s| (i, s)))
            .filter(|(_, s)| matches!(s.card, QCard::Quest(_)));
        let oldest_free = quests
            .clone()
            .filter(|(_, s)| s.sigil.is_none())
            .min_by_key(|(_, s)| s.arrived);
        let Some((i, slot)) = oldest_free.or_else(|| quests.min_by_key(|(_, s)| s.arrived)) else {
            return;
        };
        self.board[i] = None;
        if self.thug.is_some_and(|(_, t)| t as usize == i) {
            self.thug = None;
        }
        match (slot.sigil, slot.card) {
            (Some(owner), QCard::Quest(q)) => self.players[owner as usize].quests.push(q),
            _ => self.gone_quests.push(slot.card),
        }
        notes.push(Note::StuckLeaves {
            quest: slot.card,
            keeper: slot.sigil,
            certain,
        });
        self.refill(i, notes);
    }

    /// The 0.1.0 removal: the first quest with nothing made (else the first quest).
    pub(crate) fn unstick_0_1(&mut self, notes: &mut Vec<Note>) {
        let is_quest =
            |s: &Option<crate::model::Slot>| s.is_some_and(|s| matches!(s.card, QCard::Quest(_)));
        let pick = (0..self.board.len())
            .find(|&i| {
                is_quest(&self.board[i]) && self.board[i].is_some_and(|s| s.made == [None, None])
            })
            .or_else(|| (0..self.board.len()).find(|&i| is_quest(&self.board[i])));
        let Some(i) = pick else { return };
        let gone = self.board[i].take().expect("a quest");
        self.gone_quests.push(gone.card);
        if self.thug.is_some_and(|(_, t)| t as usize == i) {
            self.thug = None;
        }
        notes.push(Note::QuestLeaves { quest: gone.card });
        self.refill(i, notes);
    }
}
