//! Every legal decision of a seat, in a fixed order.

use crate::action::Action;
use crate::data::{Effect, Good, data, villager};
use crate::model::{Ab, Phase, Stage};

/// The most an offer may reach, so a buyer's list of steps stays short; nothing in the
/// game is worth more than this to one buyer in one turn.
pub const MAX_OFFER: u8 = 12;

impl Ab {
    pub fn actions(&self, seat: usize) -> Vec<Action> {
        let mut out = Vec::new();
        self.actions_into(seat, &mut out);
        out
    }

    pub fn actions_into(&self, seat: usize, out: &mut Vec<Action>) {
        if self.actor() != Some(seat) {
            return;
        }
        match self.phase {
            Phase::Rest => {
                for v in self.bed_targets(seat) {
                    out.push(Action::Bed { villager: v });
                }
                for v in self.brew_targets(seat) {
                    out.push(Action::Brew { villager: v });
                }
                out.push(Action::RestDone);
            }
            Phase::Play => self.play_actions(seat, out),
            Phase::Setup | Phase::Over => {}
        }
    }

    fn play_actions(&self, seat: usize, out: &mut Vec<Action>) {
        let p = &self.players[seat];
        let t = &self.turn;
        if t.awaiting {
            out.push(Action::Answer { accept: true });
            out.push(Action::Answer { accept: false });
            return;
        }
        if self.ghost_due > 0 {
            for (i, b) in p.buildings().enumerate() {
                if !b.ghost {
                    out.push(Action::PlaceGhost { building: i as u8 });
                }
            }
            return;
        }
        if let Some(e) = &self.explore {
            match e.stage {
                Stage::Choose => {
                    let entry = self.book().entry((e.paragraph, 0));
                    for (i, c) in entry.choices.iter().enumerate() {
                        if self.can_choose(seat, c) {
                            out.push(Action::Choose { option: i as u8 });
                        }
                    }
                }
                Stage::Assign => {
                    // Dice are interchangeable but for their faces: the first unassigned
                    // die goes to any explorer still without one.
                    if let Some(i) = e.dice.iter().position(|d| d.villager.is_none()) {
                        for &v in &e.party {
                            if !e.dice.iter().any(|d| d.villager == Some(v)) {
                                out.push(Action::Assign {
                                    die: i as u8,
                                    villager: v,
                                });
                            }
                        }
                    }
                }
                Stage::Adjust => {
                    for (i, d) in e.dice.iter().enumerate() {
                        if e.rerolls_left > 0 {
                            out.push(Action::Reroll { die: i as u8 });
                        }
                        if p.boats_ready > 0 && d.face < 6 {
                            out.push(Action::BoatSix { die: i as u8 });
                        }
                    }
                    for &v in &e.party {
                        out.push(Action::Exert { villager: v });
                    }
                    out.push(Action::Accept);
                }
                Stage::Grid | Stage::Roll => {}
            }
            return;
        }
        if t.harvest > 0 {
            for i in 0..p.buildings().count() {
                if self.may_harvest(seat, i) {
                    out.push(Action::Harvest { building: i as u8 });
                }
            }
            out.push(Action::DoneHarvest);
            return;
        }
        if let Some(o) = t.offer {
            let total = o.coins + o.brews;
            if total < MAX_OFFER {
                if p.coins > o.coins as i64 {
                    out.push(Action::OfferAdd {
                        seller: o.seller,
                        brew: false,
                    });
                }
                if p.brews > o.brews as i64 {
                    out.push(Action::OfferAdd {
                        seller: o.seller,
                        brew: true,
                    });
                }
            }
            if total >= 3 {
                out.push(Action::Offer);
            }
            out.push(Action::Withdraw);
            return;
        }
        if !t.selection.is_empty() {
            self.selection_actions(seat, out);
            return;
        }
        if !t.acted {
            for &v in &p.ready {
                out.push(Action::Select { villager: v });
            }
        }
        if !t.sale_changed {
            for g in Good::ALL {
                if p.goods[g.idx()] > 0 && p.for_sale != Some(g) {
                    out.push(Action::Sell { good: Some(g) });
                }
            }
            if p.for_sale.is_some() {
                out.push(Action::Sell { good: None });
            }
        }
        if p.coins + p.brews >= 3 {
            for (s, o) in self.players.iter().enumerate() {
                if s != seat && o.for_sale.is_some() && t.offered & (1 << s) == 0 {
                    if p.coins > 0 {
                        out.push(Action::OfferAdd {
                            seller: s as u8,
                            brew: false,
                        });
                    }
                    if p.brews > 0 {
                        out.push(Action::OfferAdd {
                            seller: s as u8,
                            brew: true,
                        });
                    }
                }
            }
        }
        if !t.refreshed && p.coins >= 1 && self.draws.is_empty() {
            if !self.house_row.is_empty() {
                out.push(Action::Refresh { outposts: false });
            }
            if !self.outpost_row.is_empty() {
                out.push(Action::Refresh { outposts: true });
            }
        }
        if p.boats_ready > 0 {
            out.push(Action::BoatCoin);
        }
        for g in Good::ALL {
            if p.goods[g.idx()] > 0 && (p.track_goods(g) > 0 || p.track.len() < 8) {
                out.push(Action::Track { good: g });
            }
        }
        if t.acted {
            out.push(Action::EndTurn);
        }
        out.push(Action::Pass);
    }

    fn selection_actions(&self, seat: usize, out: &mut Vec<Action>) {
        let p = &self.players[seat];
        let sel = &self.turn.selection;
        for &v in &p.ready {
            if !sel.contains(&v) {
                out.push(Action::Select { villager: v });
            }
        }
        if sel.len() == 1 {
            let w = villager(sel[0]);
            if w.hammer {
                let can_outpost = p.open_caves() > 0 || p.has(Effect::OutpostWithoutCave);
                for &c in self
                    .house_row
                    .iter()
                    .chain(&self.outpost_row)
                    .chain(&self.key_row)
                    .chain(&self.star_row)
                {
                    let d = self.card(c);
                    if d.cost as i64 <= p.coins && (!d.outpost || can_outpost) {
                        out.push(Action::Build { card: c });
                    }
                }
            }
            if w.quill {
                let costs = data().board.slot_costs;
                for (i, s) in self.slots.iter().enumerate() {
                    if s.is_some() && costs[i] as i64 <= p.coins {
                        out.push(Action::Hire { slot: i as u8 });
                    }
                }
                if p.ghosts() > 0 {
                    let mut any = false;
                    for (t, o) in self.players.iter().enumerate() {
                        if t == seat {
                            continue;
                        }
                        for (i, b) in o.buildings().enumerate() {
                            if !b.ghost {
                                any = true;
                                out.push(Action::Banish {
                                    seat: t as u8,
                                    building: i as u8,
                                });
                            }
                        }
                    }
                    if !any {
                        out.push(Action::BanishAll);
                    }
                }
            }
        }
        out.push(Action::Labor);
        if sel.len() >= 2 && self.draws.is_empty() {
            for (d, top) in self.cave_top.iter().enumerate() {
                if top.is_some() {
                    out.push(Action::Explore { dangerous: d == 1 });
                }
            }
        }
    }

    /// Whether `a` pays something away: coins for a build, a hire, a refreshed row or an
    /// offer, a choice's cost in the book, a mystic brew at rest, a boat for a coin or a
    /// six. Placing a good on the track is not paying: the good keeps scoring there.
    pub fn spends(&self, seat: usize, a: &Action) -> bool {
        match a {
            Action::Build { .. }
            | Action::Hire { .. }
            | Action::Refresh { .. }
            | Action::Offer
            | Action::Brew { .. }
            | Action::BoatCoin
            | Action::BoatSix { .. } => true,
            Action::Choose { option } => self.explore.as_ref().is_some_and(|e| {
                e.seat as usize == seat
                    && self
                        .book()
                        .get((e.paragraph, 0))
                        .and_then(|p| p.choices.get(*option as usize))
                        .is_some_and(|c| !c.cost.is_empty())
            }),
            _ => false,
        }
    }

    /// Whether `a` is the natural "I am finished" move Enter plays: ending a turn that has
    /// acted, ending the rest or the harvest, reading the explore's outcome, or passing
    /// when no villager is ready (passing with ready villagers gives up the round, which is
    /// never the default).
    pub fn finishes(&self, seat: usize, a: &Action) -> bool {
        match a {
            Action::EndTurn | Action::RestDone | Action::DoneHarvest | Action::Accept => true,
            Action::Pass => !self.turn.acted && self.players[seat].ready.is_empty(),
            _ => false,
        }
    }
}
