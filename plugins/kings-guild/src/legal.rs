//! What a seat may do now. Every decision is one action from this list.

use crate::action::Action;
use crate::data::{Colour, ExtraKind, RES, SpecEffect, TreasureEffect, quest, room, treasure};
use crate::model::{Kg, Pending, Phase, QCard};
use crate::rules::Limit;

/// Distinct kinds in a list of cards, in first-seen order.
pub fn distinct(cards: &[u8]) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::with_capacity(cards.len());
    for &c in cards {
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

impl Kg {
    /// Who must decide now: `Some(seats)`; empty for chance or the end.
    pub fn deciders(&self) -> Vec<usize> {
        if self.phase != Phase::Play {
            return Vec::new();
        }
        if let Some(Pending::Draw { .. }) = self.pending.front() {
            return Vec::new();
        }
        if let Some((s, _)) = self.limit_violator() {
            return vec![s];
        }
        match self.pending.front() {
            Some(Pending::Funeral { bids, .. }) => {
                (0..self.n()).filter(|&s| bids[s].is_none()).collect()
            }
            Some(p) => vec![p.seat().unwrap_or(self.active)],
            None => vec![self.active],
        }
    }

    pub fn actions(&self, seat: usize) -> Vec<Action> {
        if !self.deciders().contains(&seat) {
            return Vec::new();
        }
        if let Some((s, limit)) = self.limit_violator() {
            debug_assert_eq!(s, seat);
            let p = &self.players[seat];
            return match limit {
                Limit::Storage => (0..RES as u8)
                    .filter(|&r| p.res[r as usize] > 0)
                    .map(|res| Action::Discard { res })
                    .collect(),
                Limit::Hand => distinct(&p.hand)
                    .into_iter()
                    .map(|kind| Action::Sell { kind })
                    .collect(),
            };
        }
        match self.pending.front() {
            Some(p) => self.pending_actions(seat, p),
            None => self.main_actions(seat),
        }
    }

    /// Colours that can still be drawn.
    pub fn open_colours(&self) -> Vec<Colour> {
        Colour::ALL
            .into_iter()
            .filter(|&c| self.colour_available(c))
            .collect()
    }

    /// Every way to choose `n` colours (order does not matter).
    fn colour_sets(&self, n: u8) -> Vec<Vec<Colour>> {
        let open = self.open_colours();
        let mut out = vec![Vec::new()];
        for _ in 0..n {
            let mut next = Vec::new();
            for v in &out {
                for &c in &open {
                    if v.last().is_none_or(|&l: &Colour| l <= c) {
                        let mut w = v.clone();
                        w.push(c);
                        next.push(w);
                    }
                }
            }
            out = next;
        }
        out.retain(|v| !v.is_empty());
        out
    }

    /// Resources `seat` may choose (gatherable) that the supply still has.
    pub fn choosable(&self, seat: usize) -> Vec<u8> {
        (0..RES as u8)
            .filter(|&r| self.players[seat].may_gather(r as usize) && self.stock[r as usize] > 0)
            .collect()
    }

    pub fn pending_actions(&self, seat: usize, p: &Pending) -> Vec<Action> {
        let pl = &self.players[seat];
        let mut v = Vec::new();
        match p {
            Pending::Draw { .. } => {}
            Pending::Funeral { .. } => {
                v.extend((0..=pl.coins.min(255) as u8).map(Action::Bid));
            }
            Pending::Colours { n, .. } => {
                v.extend(
                    self.colour_sets(*n)
                        .into_iter()
                        .map(|colours| Action::Colours { colours }),
                );
            }
            Pending::Keep { .. } => {
                v.extend(
                    distinct(&self.pool)
                        .into_iter()
                        .map(|kind| Action::Keep { kind }),
                );
            }
            Pending::Toss { .. } => {
                v.extend(
                    distinct(&pl.hand)
                        .into_iter()
                        .map(|kind| Action::Toss { kind }),
                );
            }
            Pending::HeroPay { colour, .. } => {
                if pl.coins >= 1 && self.colour_available(*colour) {
                    v.push(Action::Accept);
                }
                v.push(Action::Decline);
            }
            Pending::Appraiser { .. } => {
                v.extend(
                    self.colour_sets(1)
                        .into_iter()
                        .map(|colours| Action::Colours { colours }),
                );
                v.push(Action::Decline);
            }
            Pending::PlentyNext { .. } => {
                v.extend(
                    self.choosable(seat)
                        .into_iter()
                        .map(|res| Action::Res { res }),
                );
            }
            Pending::WondersNext { except, .. } => {
                if pl.coins >= 1 {
                    v.extend(
                        self.open_colours()
                            .into_iter()
                            .filter(|c| c != except)
                            .map(|c| Action::Colours { colours: vec![c] }),
                    );
                }
                v.push(Action::Decline);
            }
            Pending::Hire { .. } => {
                v.extend(self.hire_actions(seat));
                v.push(Action::Decline);
            }
            Pending::Extra { kind, .. } => {
                match kind {
                    ExtraKind::Gather => v.extend(self.gather_actions(seat)),
                    ExtraKind::Craft => v.extend(self.craft_actions(seat)),
                }
                v.push(Action::Decline);
            }
            Pending::PlaceSpec { .. } => {
                v.extend(
                    self.free_locs(seat)
                        .into_iter()
                        .map(|at| Action::Place { at }),
                );
            }
            Pending::PlaceRoom { room: r, .. } => {
                v.extend(
                    self.room_cells(seat, *r)
                        .into_iter()
                        .map(|cell| Action::Build { room: *r, cell }),
                );
            }
            Pending::Curator { .. } => {
                if pl.coins >= 3 {
                    v.extend(
                        (0..self.discard.len() as u8)
                            .filter(|&k| {
                                self.discard[k as usize] > 0 && treasure(k).relic.is_some()
                            })
                            .map(|kind| Action::BuyRelic { kind }),
                    );
                }
                v.push(Action::Decline);
            }
            Pending::Alchemist { left, .. } => {
                if *left > 0 {
                    for give in 0..RES as u8 {
                        if pl.res[give as usize] == 0 {
                            continue;
                        }
                        for take in 0..RES as u8 {
                            if take != give && self.stock[take as usize] > 0 {
                                v.push(Action::Trade { give, take });
                            }
                        }
                    }
                }
                v.push(Action::Decline);
            }
            Pending::Smuggler { .. } => {
                for from in 0..self.n() as u8 {
                    if from as usize == seat {
                        continue;
                    }
                    for res in 0..RES as u8 {
                        if self.players[from as usize].res[res as usize] > 0 {
                            v.push(Action::Steal { from, res });
                        }
                    }
                }
                v.push(Action::Decline);
            }
            Pending::Witch { .. } => {
                for (i, s) in self.board.iter().enumerate() {
                    if let Some(s) = s
                        && let QCard::Quest(q) = s.card
                        && quest(q).items.len() == 1
                    {
                        v.push(Action::TakeQuest { slot: i as u8 });
                    }
                }
            }
            Pending::Warlock { .. } => {
                for kind in distinct(&pl.hand) {
                    match treasure(kind).effect {
                        TreasureEffect::Riches => v.push(Action::Destroy { kind, arg: 0 }),
                        TreasureEffect::Plenty => v.extend(
                            self.choosable(seat)
                                .into_iter()
                                .map(|arg| Action::Destroy { kind, arg }),
                        ),
                        TreasureEffect::Wonders => {
                            v.extend(self.open_colours().into_iter().map(|c| Action::Destroy {
                                kind,
                                arg: c.idx() as u8,
                            }))
                        }
                        _ => {}
                    }
                }
                v.push(Action::Decline);
            }
            Pending::Thug { .. } => {
                for (i, s) in self.board.iter().enumerate() {
                    if s.is_some_and(|s| matches!(s.card, QCard::Quest(_)))
                        && self.thug.is_none_or(|(_, t)| t as usize != i)
                    {
                        v.push(Action::ThugTo { slot: i as u8 });
                    }
                }
                v.push(Action::Decline);
            }
            Pending::StartBonus { .. } => {
                v.extend(
                    self.start_bonus_choices(seat)
                        .into_iter()
                        .map(|take| Action::StartBonus { take }),
                );
            }
        }
        v
    }

    /// A queued decision has something to choose besides declining.
    pub fn answerable(&self, p: &Pending) -> bool {
        match p {
            Pending::Funeral { .. } => true,
            Pending::Draw { .. } => false,
            _ => {
                let seat = p.seat().unwrap_or(self.active);
                self.pending_actions(seat, p)
                    .iter()
                    .any(|a| *a != Action::Decline)
            }
        }
    }

    pub fn gather_actions(&self, seat: usize) -> Vec<Action> {
        let ok = self.choosable(seat);
        let mut v: Vec<Action> = Vec::new();
        for &r in &ok {
            for n in 1..=self.stock[r as usize].min(3) {
                let mut take = [0u8; RES];
                take[r as usize] = n;
                v.push(Action::Gather { take });
            }
        }
        for (i, &a) in ok.iter().enumerate() {
            for &b in &ok[i + 1..] {
                let mut take = [0u8; RES];
                take[a as usize] = 1;
                take[b as usize] = 1;
                v.push(Action::Gather { take });
            }
        }
        if self.players[seat].has_spec(|e| *e == SpecEffect::Laborer) {
            // Three of any gatherable types: the mixes a normal gather cannot take.
            for (i, &a) in ok.iter().enumerate() {
                for (j, &b) in ok.iter().enumerate().skip(i) {
                    for &c in &ok[j..] {
                        let mut take = [0u8; RES];
                        take[a as usize] += 1;
                        take[b as usize] += 1;
                        take[c as usize] += 1;
                        let single = take.contains(&3);
                        if !single && (0..RES).all(|r| take[r] <= self.stock[r]) {
                            v.push(Action::Gather { take });
                        }
                    }
                }
            }
        }
        v
    }

    pub fn craft_actions(&self, seat: usize) -> Vec<Action> {
        let mut v = Vec::new();
        for (slot, s) in self.board.iter().enumerate() {
            let Some(s) = s else { continue };
            let QCard::Quest(q) = s.card else { continue };
            for items in 1..(1u8 << quest(q).items.len()) {
                if self.can_craft(seat, slot, items) {
                    v.push(Action::Craft {
                        slot: slot as u8,
                        items,
                    });
                }
            }
        }
        v
    }

    pub fn hire_actions(&self, seat: usize) -> Vec<Action> {
        self.hire_options(seat)
            .into_iter()
            .map(|(index, at, baggage)| Action::Hire { index, at, baggage })
            .collect()
    }

    fn build_actions(&self, seat: usize, out: &mut Vec<Action>) {
        for r in self.buyable_rooms(seat) {
            for cell in self.room_cells(seat, r) {
                out.push(Action::Build { room: r, cell });
            }
        }
    }

    /// (may build, may hire) in this turn's expand.
    fn expand_left(&self) -> (bool, bool) {
        let t = &self.turn;
        if !t.acted {
            (true, true)
        } else if !t.expanded {
            (false, false)
        } else if self.solo {
            let more = t.built + t.hired < 2;
            (more, more)
        } else {
            (t.built == 0, t.hired == 0)
        }
    }

    fn solo_statue(&self, seat: usize) -> Vec<Action> {
        let on_board = self
            .board
            .iter()
            .any(|s| s.is_some_and(|s| s.card == QCard::Funeral));
        if !self.solo || !on_board || self.statue_built || self.players[seat].has_room(room::STATUE)
        {
            return Vec::new();
        }
        self.room_cells(seat, room::STATUE)
            .into_iter()
            .map(|cell| Action::Build {
                room: room::STATUE,
                cell,
            })
            .collect()
    }

    pub fn main_actions(&self, seat: usize) -> Vec<Action> {
        let mut v = Vec::new();
        let acted = self.turn.acted;
        if !acted {
            v.extend(self.gather_actions(seat));
            v.extend(self.craft_actions(seat));
            v.extend(self.solo_statue(seat));
            if self.final_turn() && !self.players[seat].offered && self.free_sigils(seat) > 0 {
                v.push(Action::Offer);
            }
        }
        let (b, h) = self.expand_left();
        if b {
            self.build_actions(seat, &mut v);
        }
        if h {
            v.extend(self.hire_actions(seat));
        }
        let main_possible = !v.is_empty();
        self.treasure_actions(seat, &mut v);
        let p = &self.players[seat];
        if p.has_spec(|e| *e == SpecEffect::Oracle)
            && !self.turn.peeked
            && !self.quest_deck.is_empty()
        {
            v.push(Action::Peek);
        }
        if p.has_spec(|e| *e == SpecEffect::Bard) {
            let locs = self.free_locs(seat);
            for &(s, at) in &p.specs {
                if self.turn.moved & (1u64 << s) != 0 {
                    continue;
                }
                for &to in &locs {
                    if to != at {
                        v.push(Action::Move { spec: s, to });
                    }
                }
            }
        }
        if acted || !main_possible {
            v.push(Action::EndTurn);
        }
        v
    }

    fn treasure_actions(&self, seat: usize, v: &mut Vec<Action>) {
        let p = &self.players[seat];
        let kinds = distinct(&p.hand);
        for &kind in &kinds {
            let t = treasure(kind);
            match t.effect {
                TreasureEffect::None => {}
                TreasureEffect::Map => {
                    if self.open_colours().is_empty() {
                        continue;
                    }
                    for &other in &kinds {
                        let two = p.hand.iter().filter(|&&k| k == kind).count() >= 2;
                        if other != kind || two {
                            v.push(Action::Play { kind, arg: other });
                        }
                    }
                }
                TreasureEffect::Contract => {
                    if !self.hire_options(seat).is_empty() {
                        v.push(Action::Play { kind, arg: 0 });
                    }
                }
                TreasureEffect::Spoiling => {
                    // A chosen resource must be one the chooser may gather.
                    for r in 0..RES as u8 {
                        if p.may_gather(r as usize)
                            && self.players.iter().any(|q| q.res[r as usize] > 0)
                        {
                            v.push(Action::Play { kind, arg: r });
                        }
                    }
                }
                TreasureEffect::Plenty => {
                    v.extend(
                        self.choosable(seat)
                            .into_iter()
                            .map(|arg| Action::Play { kind, arg }),
                    );
                }
                TreasureEffect::Wonders => {
                    v.extend(self.open_colours().into_iter().map(|c| Action::Play {
                        kind,
                        arg: c.idx() as u8,
                    }))
                }
                TreasureEffect::Lucky => {
                    if !self.turn.lucky {
                        v.push(Action::Play { kind, arg: 0 });
                    }
                }
                TreasureEffect::Fortune => {
                    if self.turn.fortune < 2 {
                        v.push(Action::Play { kind, arg: 0 });
                    }
                }
                TreasureEffect::Gain(_) | TreasureEffect::Riches => {
                    v.push(Action::Play { kind, arg: 0 })
                }
            }
        }
        v.extend(kinds.into_iter().map(|kind| Action::Sell { kind }));
    }
}
