//! Applying actions: dispatch, the turn's flow, gathering, crafting and the quest board.
//! Each change reports what happened as [`Note`]s; nothing here writes log text.

use tavern_plugin_api::GameError;

use crate::action::Action;
use crate::data::{RES, SpecEffect, quest, spec};
use crate::model::{Kg, Pending, Phase, QCard, RoomBonus, TurnState};
use crate::notes::Note;

/// Which limit a seat is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    Storage,
    Hand,
}

impl Kg {
    /// The first seat (from the active one, clockwise) over its storage or hand limit.
    pub fn limit_violator(&self) -> Option<(usize, Limit)> {
        if !self.limits_apply() {
            return None;
        }
        let n = self.players.len();
        let mut s = self.active;
        for _ in 0..n {
            if let Some(l) = self.over_limit(s) {
                return Some((s, l));
            }
            s = if s + 1 == n { 0 } else { s + 1 };
        }
        None
    }

    /// Whether the limits are checked now (a draw, a shared quest's choice or a discard in
    /// progress finishes first).
    pub fn limits_apply(&self) -> bool {
        self.phase == Phase::Play && !self.pending.front().is_some_and(|p| p.holds_limits())
    }

    /// Which limit seat `s` is over, if any (storage first), whether or not limits apply.
    #[inline(always)]
    pub fn over_limit(&self, s: usize) -> Option<Limit> {
        let d = crate::data::data();
        let p = &self.players[s];
        // Each limit is worked out only when its printed value is exceeded, and the
        // storage limit's specialists only when its rooms do not cover the store (random
        // players sit at their limit most of the game).
        let stored = p.stored();
        let mut storage = d.guild_storage[p.guild as usize] as u32;
        if stored > storage {
            storage += self.room_bonus(s).storage;
            if stored > storage && stored > storage + p.spec_storage() {
                return Some(Limit::Storage);
            }
        }
        let held = p.hand.len();
        if held > d.hand_limit as usize && held > p.hand_limit_with(self.room_bonus(s).hand) {
            return Some(Limit::Hand);
        }
        None
    }

    /// What seat `s`'s rooms add to its limits, remembered in [`crate::model::Scratch`]
    /// for as long as its grid stays the same.
    #[inline(always)]
    pub fn room_bonus(&self, s: usize) -> RoomBonus {
        let p = &self.players[s];
        let grid = p.grid_key();
        let cell = &self.scratch.1[s];
        let known = cell.get();
        if known.grid == grid {
            return known;
        }
        let b = RoomBonus {
            grid,
            storage: p.room_storage(),
            hand: p.room_hand(),
        };
        cell.set(b);
        b
    }

    pub fn seat_change(&mut self, seat: usize, a: &Action) -> Result<Vec<Note>, GameError> {
        let mut notes = Vec::new();
        self.seat_change_into(seat, a, &mut notes)?;
        Ok(notes)
    }

    /// [`Kg::seat_change`] reporting into `notes` (a playout reuses one buffer).
    pub fn seat_change_into(
        &mut self,
        seat: usize,
        a: &Action,
        notes: &mut Vec<Note>,
    ) -> Result<(), GameError> {
        match a {
            Action::Discard { res } => {
                let r = *res as usize;
                if r >= RES || self.players[seat].res[r] == 0 {
                    return Err(GameError::new("nothing of that resource to discard"));
                }
                self.players[seat].res[r] -= 1;
                self.stock[r] += 1;
                notes.push(Note::Discarded {
                    seat: seat as u8,
                    res: *res,
                });
            }
            Action::Sell { kind } => self.sell(seat, *kind, notes)?,
            Action::Bid(n) => self.bid(seat, *n, notes)?,
            _ => match self.pending.pop_front() {
                Some(p) => {
                    let old = self.pending.len();
                    let again = self.answer(seat, p, a, notes)?;
                    // What the answer started comes before the older items; a decision
                    // that goes on (one more relic, one more trade) stays in front.
                    // Moved one at a time from the back (most answers start nothing new,
                    // and none starts many): no list in between.
                    for _ in old..self.pending.len() {
                        let p = self.pending.pop_back().expect("an item the answer started");
                        self.pending.push_front(p);
                    }
                    if let Some(p) = again {
                        self.pending.push_front(p);
                    }
                }
                None => self.main_action(seat, a, notes)?,
            },
        }
        self.settle(notes);
        Ok(())
    }

    pub fn chance_change(&mut self, a: &Action) -> Result<Vec<Note>, GameError> {
        let mut notes = Vec::new();
        self.chance_change_into(a, &mut notes)?;
        Ok(notes)
    }

    pub fn chance_change_into(
        &mut self,
        a: &Action,
        notes: &mut Vec<Note>,
    ) -> Result<(), GameError> {
        match (a, self.phase) {
            (Action::Deal(d), Phase::Setup) => {
                self.check_deal(d)?;
                self.apply_deal(d, notes);
            }
            (Action::Drawn { kind }, Phase::Play) => {
                let Some(Pending::Draw { seat, colour, pool }) = self.pending.front().cloned()
                else {
                    return Err(GameError::new("no draw is pending"));
                };
                let k = *kind as usize;
                if k >= self.deck.len()
                    || self.deck[k] == 0
                    || crate::data::treasure(*kind).colour != colour
                {
                    return Err(GameError::new("that card is not in the deck"));
                }
                self.pending.pop_front();
                self.deck[k] -= 1;
                if pool {
                    self.pool.push(*kind);
                } else {
                    self.players[seat as usize].hand.push(*kind);
                }
                notes.push(Note::Drew {
                    seat,
                    colour,
                    kind: *kind,
                    pool,
                });
            }
            _ => return Err(GameError::new("no such chance step is pending")),
        }
        self.settle(notes);
        Ok(())
    }

    fn main_action(
        &mut self,
        seat: usize,
        a: &Action,
        notes: &mut Vec<Note>,
    ) -> Result<(), GameError> {
        if seat != self.active {
            return Err(GameError::new("not your turn"));
        }
        match a {
            Action::Gather { take } => {
                self.turn.acted = true;
                self.gather(seat, take, notes);
            }
            Action::Craft { slot, items } => {
                self.turn.acted = true;
                self.craft_public(seat, *slot as usize, *items, notes)?;
            }
            Action::Build { room, cell } => {
                if *room == crate::data::room::STATUE && self.solo {
                    // The solo funeral card: the statue for free, as the turn's action.
                    self.turn.acted = true;
                    if let Some(i) = self
                        .board
                        .iter()
                        .position(|s| s.is_some_and(|s| s.card == QCard::Funeral))
                    {
                        self.board[i] = None;
                        self.gone_quests.push(QCard::Funeral);
                    }
                    self.build(seat, *room, *cell, true, notes);
                } else {
                    self.turn.acted = true;
                    self.turn.expanded = true;
                    self.turn.built += 1;
                    self.build(seat, *room, *cell, false, notes);
                    self.solo_expand_over(notes);
                }
            }
            Action::Hire { index, at, baggage } => {
                self.turn.acted = true;
                self.turn.expanded = true;
                self.turn.hired += 1;
                self.hire(seat, *index as usize, *at, *baggage, notes)?;
                self.solo_expand_over(notes);
            }
            Action::Offer => {
                self.turn.acted = true;
                self.players[seat].offered = true;
                notes.push(Note::Offered {
                    seat: seat as u8,
                    vizier: false,
                });
            }
            Action::Play { kind, arg } => self.play(seat, *kind, *arg, notes)?,
            Action::Peek => {
                self.turn.peeked = true;
                let cards: Vec<QCard> = self.quest_deck.iter().rev().take(2).copied().collect();
                notes.push(Note::Peeked {
                    seat: seat as u8,
                    cards,
                });
            }
            Action::Move { spec: s, to } => {
                let p = &mut self.players[seat];
                if let Some(e) = p.specs.iter_mut().find(|(x, _)| x == s) {
                    e.1 = *to;
                }
                self.turn.moved |= 1u64 << s;
                notes.push(Note::Moved {
                    seat: seat as u8,
                    spec: *s,
                });
            }
            Action::EndTurn => self.end_turn(seat, notes),
            _ => return Err(GameError::new("not a turn action")),
        }
        Ok(())
    }

    pub fn gather(&mut self, seat: usize, take: &[u8; RES], notes: &mut Vec<Note>) {
        for (r, &t) in take.iter().enumerate() {
            let t = t.min(self.stock[r]);
            self.stock[r] -= t;
            self.players[seat].res[r] += t;
        }
        notes.push(Note::Gathered {
            seat: seat as u8,
            got: *take,
        });
        let mut extra = [0u8; RES];
        let mut any = false;
        let all = &crate::data::data().specialists;
        let p = &mut self.players[seat];
        for &(s, _) in &p.specs {
            if let SpecEffect::GatherBonus(r) = all[s as usize].effect
                && self.stock[r] > 0
            {
                self.stock[r] -= 1;
                p.res[r] += 1;
                extra[r] += 1;
                any = true;
            }
        }
        if any {
            notes.push(Note::GatherBonus {
                seat: seat as u8,
                got: extra,
            });
        }
    }

    /// An item's cost for `seat`, after its craft-discount specialists.
    pub fn item_cost(&self, seat: usize, q: u8, item: usize) -> [u8; RES] {
        let it = &quest(q).items[item];
        let mut cost = it.cost;
        for (s, _) in &self.players[seat].specs {
            if let SpecEffect::Discount(d) = spec(*s).effect
                && d.item == it.item
            {
                cost[d.res] = cost[d.res].saturating_sub(1);
            }
        }
        cost
    }

    /// Whether `seat` may craft `items` (a mask) of the quest in `slot` now.
    pub fn can_craft(&self, seat: usize, slot: usize, items: u8) -> bool {
        let Some(Some(sl)) = self.board.get(slot) else {
            return false;
        };
        let QCard::Quest(q) = sl.card else {
            return false;
        };
        let n = quest(q).items.len();
        if items == 0 || items >= (1 << n) {
            return false;
        }
        let mut total = [0u8; RES];
        for i in 0..n {
            if items & (1 << i) != 0 {
                if sl.made[i].is_some() {
                    return false;
                }
                let c = self.item_cost(seat, q, i);
                for r in 0..RES {
                    total[r] += c[r];
                }
            }
        }
        let p = &self.players[seat];
        if (0..RES).any(|r| total[r] > p.res[r]) {
            return false;
        }
        if let Some((owner, ts)) = self.thug
            && ts as usize == slot
            && owner as usize != seat
            && p.coins < 2
        {
            return false;
        }
        // Starting a two-item quest with one item needs a free sigil.
        let made_before = sl.made.iter().filter(|m| m.is_some()).count();
        let starting_half = n == 2 && made_before == 0 && items.count_ones() == 1;
        !(starting_half && self.free_sigils(seat) == 0)
    }

    pub(crate) fn craft_public(
        &mut self,
        seat: usize,
        slot: usize,
        items: u8,
        notes: &mut Vec<Note>,
    ) -> Result<(), GameError> {
        if !self.can_craft(seat, slot, items) {
            return Err(GameError::new("cannot craft that"));
        }
        let sl = self.board[slot].expect("checked");
        let QCard::Quest(q) = sl.card else {
            unreachable!()
        };
        if let Some((owner, ts)) = self.thug
            && ts as usize == slot
            && owner as usize != seat
        {
            self.players[seat].coins -= 2;
            self.players[owner as usize].coins += 2;
            notes.push(Note::ThugFee {
                seat: seat as u8,
                owner,
            });
        }
        let n = quest(q).items.len();
        let mut coins = 0;
        let mut fortune = 0;
        let mut slot_now = sl;
        for i in 0..n {
            if items & (1 << i) == 0 {
                continue;
            }
            let c = self.item_cost(seat, q, i);
            for (r, &k) in c.iter().enumerate() {
                self.players[seat].res[r] -= k;
                self.stock[r] += k;
            }
            let mut v = quest(q).items[i].value as u32;
            if seat == self.active && self.turn.fortune > 0 {
                self.turn.fortune -= 1;
                fortune += 1;
                v *= 2;
            }
            coins += v;
            slot_now.made[i] = Some(seat as u8);
        }
        self.players[seat].coins += coins;
        self.turn.progress = true;
        notes.push(Note::Crafted {
            seat: seat as u8,
            quest: q,
            items,
            coins,
            fortune,
        });
        if slot_now.made[..n].iter().all(|m| m.is_some()) {
            self.board[slot] = Some(slot_now);
            self.complete(seat, slot, notes);
        } else {
            slot_now.sigil = Some(seat as u8);
            self.board[slot] = Some(slot_now);
            notes.push(Note::SigilPlaced {
                seat: seat as u8,
                quest: q,
            });
        }
        // "After a craft action" specialists.
        let p = &self.players[seat];
        if p.has_spec(|e| *e == SpecEffect::Warlock) && p.scrolls() > 0 {
            self.pending
                .push_back(Pending::Warlock { seat: seat as u8 });
        }
        if p.has_spec(|e| *e == SpecEffect::Thug) {
            self.pending.push_back(Pending::Thug { seat: seat as u8 });
        }
        Ok(())
    }

    fn complete(&mut self, seat: usize, slot: usize, notes: &mut Vec<Note>) {
        let sl = self.board[slot].take().expect("completed slot");
        let QCard::Quest(q) = sl.card else {
            unreachable!()
        };
        let qd = quest(q);
        let first = sl.made[..qd.items.len()]
            .iter()
            .flatten()
            .copied()
            .find(|&m| m as usize != seat);
        let lucky = seat == self.active && self.turn.lucky;
        if lucky {
            self.turn.lucky = false;
            notes.push(Note::Potion {
                seat: seat as u8,
                lucky: true,
            });
        }
        let mult = if lucky { 2 } else { 1 };
        let mut colours = Vec::new();
        for _ in 0..mult {
            colours.extend(qd.items.iter().map(|it| it.reward));
        }
        notes.push(Note::Completed {
            seat: seat as u8,
            quest: q,
            first,
        });
        match first {
            None => {
                self.players[seat].quests.push(q);
                for c in colours {
                    self.queue_draw(seat, c, false);
                }
            }
            Some(o) => {
                self.players[o as usize].quests.push(q);
                let keep = (colours.len() / 2) as u8;
                for c in colours {
                    self.queue_draw(seat, c, true);
                }
                self.pending.push_back(Pending::Keep {
                    seat: seat as u8,
                    other: o,
                    keep,
                });
            }
        }
        let mut who = vec![seat];
        who.extend(first.map(|o| o as usize));
        for &p in &who {
            for (s, _) in self.players[p].specs.clone() {
                if let SpecEffect::Hero(h) = spec(s).effect
                    && h.hero == qd.hero
                {
                    self.pending.push_back(Pending::HeroPay {
                        seat: p as u8,
                        colour: h.colour,
                    });
                }
            }
        }
        for &p in &who {
            if self.players[p].has_spec(|e| *e == SpecEffect::Appraiser) {
                self.pending.push_back(Pending::Appraiser { seat: p as u8 });
            }
        }
        if self.thug.is_some_and(|(_, ts)| ts as usize == slot) {
            self.thug = None;
        }
        if !self.solo {
            self.refill(slot, notes);
        }
    }

    pub fn queue_draw(&mut self, seat: usize, colour: crate::data::Colour, pool: bool) {
        self.pending.push_back(Pending::Draw {
            seat: seat as u8,
            colour,
            pool,
        });
    }

    /// Fills an empty quest space from the deck (2–6 players).
    pub fn refill(&mut self, slot: usize, notes: &mut Vec<Note>) {
        match self.quest_deck.pop() {
            Some(QCard::Quest(q)) => {
                self.board[slot] = Some(self.arriving(QCard::Quest(q)));
                notes.push(Note::Revealed {
                    card: QCard::Quest(q),
                });
            }
            Some(QCard::Funeral) => {
                self.gone_quests.push(QCard::Funeral);
                notes.push(Note::FuneralBegins);
                self.pending.push_back(Pending::Funeral {
                    bids: vec![None; self.n()],
                    slot: slot as u8,
                });
            }
            Some(QCard::Offering) => {
                self.gone_quests.push(QCard::Offering);
                notes.push(Note::OfferingDrawn);
                self.trigger_end();
            }
            None => {}
        }
    }

    /// The Offering to the Council is out: everyone has one more turn, the drawer last.
    pub fn trigger_end(&mut self) {
        self.finals_left = self.n() as u8 + 1;
    }

    fn bid(&mut self, seat: usize, n: u8, notes: &mut Vec<Note>) -> Result<(), GameError> {
        let Some(Pending::Funeral { bids, slot }) = self.pending.front_mut() else {
            return Err(GameError::new("no funeral is under way"));
        };
        if bids[seat].is_some() || n as u32 > self.players[seat].coins {
            return Err(GameError::new("that bid is not possible"));
        }
        bids[seat] = Some(n);
        notes.push(Note::Bid { seat: seat as u8 });
        if bids.iter().any(|b| b.is_none()) {
            return Ok(());
        }
        let bids: Vec<u8> = bids.iter().map(|b| b.unwrap_or(0)).collect();
        let slot = *slot as usize;
        self.pending.pop_front();
        let best = bids.iter().copied().max().unwrap_or(0);
        let top: Vec<usize> = (0..bids.len()).filter(|&s| bids[s] == best).collect();
        let mut winner = None;
        if top.len() == 1 {
            let w = top[0];
            // A winner with no space for the statue builds nothing and keeps the coins.
            if !self.room_cells(w, crate::data::room::STATUE).is_empty() {
                self.players[w].coins -= best as u32;
                winner = Some(w as u8);
                self.pending.push_front(Pending::PlaceRoom {
                    seat: w as u8,
                    room: crate::data::room::STATUE,
                });
            }
        }
        self.last_bids = Some(bids.clone());
        notes.push(Note::FuneralResult { bids, winner });
        self.refill(slot, notes);
        Ok(())
    }

    /// Solo: once the expand has made its second buy it is over, and the right-most
    /// specialist leaves at once, so a Contract played later this turn hires from the
    /// row as the rulebook leaves it. An expand of one buy stays open until the turn ends.
    fn solo_expand_over(&mut self, notes: &mut Vec<Note>) {
        if self.solo && self.turn.built + self.turn.hired >= 2 {
            self.solo_row_leaves(notes);
        }
    }

    fn solo_row_leaves(&mut self, notes: &mut Vec<Note>) {
        if self.turn.solo_row_done {
            return;
        }
        self.turn.solo_row_done = true;
        if !self.row.is_empty() {
            let (s, _) = self.row.remove(0);
            self.gone_specs.push(s);
            notes.push(Note::SpecialistLeaves {
                spec: s,
                why: crate::notes::Leaves::SoloExpand,
            });
            self.refill_row();
        }
    }

    fn end_turn(&mut self, seat: usize, notes: &mut Vec<Note>) {
        if self.solo {
            if self.turn.expanded {
                self.solo_row_leaves(notes);
            }
            self.solo_quests(notes);
        }
        if self.final_turn()
            && self.players[seat].has_spec(|e| *e == SpecEffect::Vizier)
            && !self.players[seat].offered
            && self.free_sigils(seat) > 0
        {
            self.players[seat].offered = true;
            notes.push(Note::Offered {
                seat: seat as u8,
                vizier: true,
            });
        }
        if self.rules_0_1 && !self.solo {
            // 0.1.0: a timer, twelve full rounds without a craft, build or hire.
            self.stalled = if self.turn.progress {
                0
            } else {
                self.stalled + 1
            };
            if self.stalled >= crate::model::STALL_ROUNDS * self.n() as u32 {
                self.stalled = 0;
                self.unstick_0_1(notes);
            }
        } else if self.rules_0_2 && !self.solo {
            // 0.2.0: a stuck table lost a quest at once, and a thirty-round backstop removed
            // one from a table whose way forward nobody took.
            self.stalled = if self.turn.progress {
                0
            } else {
                self.stalled + 1
            };
            if !self.turn.progress {
                let certain = self.table_stuck();
                if certain || self.stalled >= crate::model::BACKSTOP_ROUNDS * self.n() as u32 {
                    self.stalled = 0;
                    self.unstick(certain, notes);
                }
            }
        } else if !self.solo && self.table_stuck() {
            // Only a table stuck for certain loses a quest, whatever this turn did (its
            // craft may have been the last one possible); a table with a way forward is
            // left to its players, however long they take.
            self.unstick(true, notes);
        }
        if self.finals_left > 0 {
            self.finals_left -= 1;
            if self.finals_left == 0 {
                self.phase = Phase::Over;
                notes.push(Note::GameOver);
                return;
            }
        }
        let next = self.next_seat(seat);
        notes.push(Note::TurnEnds {
            seat: seat as u8,
            next: next as u8,
        });
        self.active = next;
        self.turn = TurnState::default();
        self.turn_no += 1;
    }

    /// Solo: the oldest unsigiled quest leaves when every space is full, the row slides
    /// away from the deck into the gap, and a new card comes out next to the deck.
    fn solo_quests(&mut self, notes: &mut Vec<Note>) {
        if self.board.iter().all(|s| s.is_some())
            && let Some(i) = (0..self.board.len())
                .rev()
                .find(|&i| self.board[i].is_some_and(|s| s.sigil.is_none()))
        {
            {
                let gone = self.board[i].take().expect("full");
                self.gone_quests.push(gone.card);
                notes.push(Note::QuestLeaves { quest: gone.card });
            }
        }
        let Some(e) = self.board.iter().position(|s| s.is_none()) else {
            return;
        };
        for i in (0..e).rev() {
            self.board[i + 1] = self.board[i].take();
        }
        match self.quest_deck.pop() {
            Some(QCard::Offering) => {
                self.gone_quests.push(QCard::Offering);
                notes.push(Note::OfferingDrawn);
                self.trigger_end();
            }
            Some(card) => {
                if card == QCard::Funeral {
                    if !self.row.is_empty() {
                        let (s, _) = self.row.remove(0);
                        self.gone_specs.push(s);
                        notes.push(Note::SpecialistLeaves {
                            spec: s,
                            why: crate::notes::Leaves::SoloFuneral,
                        });
                    }
                    self.refill_row();
                }
                self.board[0] = Some(self.arriving(card));
                notes.push(Note::Revealed { card });
            }
            None => {}
        }
    }
}
