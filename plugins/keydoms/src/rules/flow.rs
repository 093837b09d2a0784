//! The round's flow: its automatic steps, each location's reward, the guard, the castle, the end.

use crate::data::{
    self, GUARD, LEDGES, LocKind, MAX_PLAYERS, STABLES, TYPES, is_castle_room, loc_kind,
};
use crate::record::Note;
use crate::state::{Action, Cursor, Keydoms, Pending, Stage};

impl Keydoms {
    /// Runs every automatic step until a seat must decide, a chance step is due or the
    /// game is over.
    pub fn advance(&mut self) {
        self.advance_noting(&mut Vec::new());
    }

    /// [`Keydoms::advance`], reporting what the steps did to `notes` (for the log).
    pub(crate) fn advance_noting(&mut self, notes: &mut Vec<Note>) {
        loop {
            if self.pending.is_some()
                || self.stage == Stage::Over
                || self.m.need_spell_shuffle
                || self.m.need_stack_shuffle.is_some()
                || self.ghost_chance_due()
                || self.cursor.reveal_due
            {
                return;
            }
            if !self.ghosts.is_empty() && self.settle_owed() {
                return;
            }
            if self.m.offer_due {
                if self.m.deck.len() < 2 && !self.m.discard.is_empty() {
                    self.m.need_spell_shuffle = true;
                    return;
                }
                self.m.offer_due = false;
                for _ in 0..2 {
                    if let Some(sp) = self.m.deck.pop() {
                        self.m.offer.push(sp);
                    }
                }
                continue;
            }
            if !self.m.queue.is_empty() {
                let p = self.m.queue.remove(0);
                self.take_up(p, notes);
                continue;
            }
            if let Some(&seat) = self.m.draws_due.first() {
                if self.reshuffle_before_draw() {
                    return;
                }
                self.m.draws_due.remove(0);
                self.draw_spells(seat, None);
                continue;
            }
            if !self.m.windows.is_empty() {
                if self.step_window(notes) {
                    return;
                }
                continue;
            }
            match self.stage {
                Stage::Setup | Stage::RoundStart | Stage::Over => return,
                Stage::StartTreasures => {
                    match self
                        .turn_order()
                        .into_iter()
                        .find(|&s| self.players[s].start_picks.len() < 3)
                    {
                        Some(seat) => self.pending = Some(Pending::StartTreasure { seat }),
                        None => {
                            self.stage = Stage::Placing;
                            self.placed = 0;
                        }
                    }
                }
                Stage::Placing => {
                    // Turns go round from the start player, skipping anyone with nothing
                    // left behind the screen, until every worker is out. A worker sent
                    // home during placement (Evict, Levy, ...) is placed again later.
                    let n = self.total();
                    let next = (0..n)
                        .map(|k| (self.start + self.placed as usize + k) % n)
                        .find(|&s| self.wants_to_place(s));
                    match next {
                        None => {
                            self.stage = Stage::Resolving;
                            self.cursor = Cursor::default();
                        }
                        Some(p) if self.is_ghost(p) => {
                            self.placed = ((p + n - self.start) % n) as u32;
                            self.gp.turn_due = Some(p - self.n());
                            return;
                        }
                        Some(seat) => {
                            self.placed = ((seat + n - self.start) % n) as u32;
                            if !self.placement_window() {
                                self.pending = Some(Pending::Place { seat });
                            }
                        }
                    }
                }
                Stage::Resolving => {
                    if self.cursor.loc == 0
                        && !self.cursor.opened
                        && self.cast_next_ghost_spell(notes)
                    {
                        continue;
                    }
                    if !self.ghosts.is_empty()
                        && !self.gp.after_caves_done
                        && self.cursor.loc == STABLES
                        && !self.cursor.opened
                    {
                        self.ghost_after_caves(notes);
                    }
                    if !self.flow_windows() {
                        self.step_resolution(notes);
                    }
                }
            }
        }
    }

    /// Makes a queued decision current, settling it at once when public counts leave
    /// no choice (too few treasures to pay, nothing left to act on).
    fn take_up(&mut self, p: Pending, notes: &mut Vec<Note>) {
        use crate::magic::{PayFor, Step};
        match p {
            Pending::Magic {
                seat,
                step:
                    Step::Pay {
                        owed,
                        paid,
                        purpose,
                    },
            } => {
                let total = self.players[seat].total_treasure();
                let still_there = match purpose {
                    PayFor::Levy { seq } => self.players[seat]
                        .workers
                        .iter()
                        .any(|w| w.seq == seq && w.loc.is_some()),
                    PayFor::Extortion => self.players[seat]
                        .workers
                        .iter()
                        .any(|w| w.loc.is_some_and(is_castle_room)),
                    _ => true,
                };
                if !still_there
                    || total == 0 && matches!(purpose, PayFor::Treasury | PayFor::Teleport { .. })
                {
                    return;
                }
                match purpose {
                    PayFor::Treasury | PayFor::Teleport { .. } if total <= owed as u16 => {
                        // Everything goes: no choice to make.
                        let all = std::mem::take(&mut self.players[seat].treasure);
                        let to = match purpose {
                            PayFor::Teleport { to } if to < self.players.len() => {
                                &mut self.players[to].treasure
                            }
                            _ => &mut self.treasury,
                        };
                        for t in 0..TYPES {
                            to[t] += all[t];
                        }
                        notes.push(Note::SettledPay {
                            seat,
                            all: true,
                            levy: None,
                        });
                    }
                    PayFor::Extortion | PayFor::Levy { .. } if total < owed as u16 => {
                        // Publicly unable to pay: the workers go home.
                        let levy = match purpose {
                            PayFor::Levy { seq } => self.players[seat]
                                .workers
                                .iter()
                                .find(|w| w.seq == seq)
                                .and_then(|w| w.loc),
                            _ => None,
                        };
                        notes.push(Note::SettledPay {
                            seat,
                            all: false,
                            levy,
                        });
                        let _ = self.apply_step(
                            seat,
                            Step::Pay {
                                owed,
                                paid,
                                purpose,
                            },
                            &Action::Refuse,
                        );
                    }
                    _ => {
                        self.pending = Some(Pending::Magic {
                            seat,
                            step: Step::Pay {
                                owed,
                                paid,
                                purpose,
                            },
                        })
                    }
                }
            }
            Pending::Magic {
                seat,
                step: Step::EvictBack { victim },
            } => {
                if self.workers_left_for_evict(victim) {
                    self.pending = Some(Pending::Magic {
                        seat,
                        step: Step::EvictBack { victim },
                    });
                }
            }
            Pending::Magic {
                seat,
                step: Step::Withdraw { min, .. },
            } if self.withdraw_choices(seat, min).is_empty() => {}
            Pending::Magic {
                step: Step::ExtortGhost,
                ..
            } if self.extortion_candidates().is_empty() => {}
            Pending::MarketGive { seat } if self.players[seat].total_treasure() == 0 => {}
            p => self.pending = Some(p),
        }
    }

    fn close_location(&mut self) {
        self.cursor = Cursor {
            loc: self.cursor.loc + 1,
            ..Cursor::default()
        };
    }

    fn has_castle_workers(&self, seat: usize) -> bool {
        self.players[seat]
            .workers
            .iter()
            .any(|w| w.loc.is_some_and(is_castle_room))
    }

    fn step_resolution(&mut self, notes: &mut Vec<Note>) {
        let loc = self.cursor.loc;
        if loc as usize >= data::LOCS {
            self.end_round();
            return;
        }
        let kind = loc_kind(loc);
        if !self.cursor.opened {
            let resolves = if loc == GUARD {
                (0..self.n()).any(|s| self.has_castle_workers(s)) || self.any_worker_in(loc)
            } else {
                self.any_worker_in(loc)
            };
            if !resolves {
                self.close_location();
                return;
            }
            if self.rules_0_2 {
                self.open_location(loc);
            } else {
                // Its own step (see `Cursor::reveal_due`); the flow stops here.
                self.cursor.reveal_due = true;
            }
            return;
        }
        if !self.cursor.rewarded {
            self.start_reward(loc, kind, notes);
            return;
        }
        match kind {
            LocKind::Guard => self.step_guard(notes),
            LocKind::Castle => self.step_castle(loc, notes),
            _ => self.close_location(),
        }
    }

    /// Turns up the workers (and at the guard room the guard) of the location being
    /// resolved and opens its response window.
    pub(super) fn open_location(&mut self, loc: u8) {
        {
            self.last_loc = Some(loc);
            for p in &mut self.players {
                for w in &mut p.workers {
                    if w.loc == Some(loc) && !w.face_up {
                        w.face_up = true;
                        self.reveals += 1;
                    }
                }
            }
            for g in &mut self.ghosts {
                for w in &mut g.workers {
                    if w.loc == Some(loc) && !w.face_up {
                        w.face_up = true;
                        self.reveals += 1;
                    }
                }
            }
            if loc == GUARD {
                self.guard_up = true;
                self.reveals += 1;
            }
            self.cursor.opened = true;
            self.open_location_window(loc);
        }
    }

    fn start_reward(&mut self, loc: u8, kind: LocKind, notes: &mut Vec<Note>) {
        let ranking = self.ranking(loc);
        if kind == LocKind::Roundhouse && !ranking.is_empty() && self.reshuffle_before_draw() {
            return;
        }
        self.cursor.rewarded = true;
        let mut seats = [0u8; MAX_PLAYERS];
        let mut strengths = [0u16; MAX_PLAYERS];
        for (i, &(s, t)) in ranking.iter().take(MAX_PLAYERS).enumerate() {
            seats[i] = s as u8;
            strengths[i] = t;
        }
        notes.push(Note::Standing {
            loc,
            len: ranking.len().min(MAX_PLAYERS) as u8,
            seats,
            strengths,
            guard: (loc == GUARD)
                .then(|| crate::ghost::guard_with_keys(self.guard.unwrap_or(10), self.gp.keys)),
        });
        let first = ranking.first().map(|r| r.0);
        if let Some(p) = first.filter(|&p| self.is_ghost(p))
            && !matches!(kind, LocKind::Cave | LocKind::Castle | LocKind::Guard)
        {
            self.ghost_reward(p - self.n(), loc, ranking.get(1).map(|r| r.0), notes);
            return;
        }
        match kind {
            LocKind::Cave => self.award_cave(loc as usize, notes),
            LocKind::Stables => {
                if let Some(seat) = first {
                    self.pending = Some(Pending::NameStartPlayer { seat });
                }
            }
            LocKind::Market => {
                if let Some(seat) = first.filter(|&s| self.players[s].total_treasure() > 0) {
                    self.pending = Some(Pending::MarketGive { seat });
                }
            }
            LocKind::Cottage => {
                if let Some(seat) = first {
                    self.m.allowance[seat] += 1;
                    notes.push(Note::Cottage { seat });
                }
            }
            LocKind::Roundhouse => {
                if let Some(seat) = first {
                    self.draw_spells(seat, ranking.get(1).map(|r| r.0));
                }
            }
            LocKind::Guard => self.cursor.queue = self.turn_order(),
            LocKind::Castle => self.cursor.queue = ranking.into_iter().map(|(s, _)| s).collect(),
        }
    }

    fn award_cave(&mut self, cave: usize, notes: &mut Vec<Note>) {
        let ranking = self.ranking(cave as u8);
        for (ledge, (seat, _)) in ranking.into_iter().enumerate().take(LEDGES) {
            if self.is_ghost(seat) {
                self.ghost_ledge(seat - self.n(), cave, ledge, notes);
                continue;
            }
            let goods = self.take_ledge(cave, ledge);
            if goods.iter().any(|&v| v > 0) {
                notes.push(Note::PlayerLedge {
                    seat,
                    cave: cave as u8,
                    ledge,
                    goods,
                });
            }
            for t in 0..TYPES {
                self.players[seat].treasure[t] += goods[t];
            }
        }
    }

    fn step_guard(&mut self, notes: &mut Vec<Note>) {
        if self.cursor.queue.is_empty() {
            self.close_location();
            return;
        }
        let seat = self.cursor.queue.remove(0);
        // Without castle workers entry only matters for a later raven or moved worker,
        // which needs magic; such a player may still pass or bribe from the guard room.
        if !(self.has_castle_workers(seat) || self.magic() && self.present(seat, GUARD)) {
            self.entered[seat] = self.m.key[seat];
            return;
        }
        let guard = crate::ghost::guard_with_keys(self.guard.unwrap_or(10), self.gp.keys) as u16;
        let mine = self.strength(seat, GUARD);
        if mine >= guard || self.m.key[seat] {
            self.entered[seat] = true;
            notes.push(Note::Entered {
                seat,
                key: mine < guard,
            });
        } else if !self.present(seat, GUARD) || self.players[seat].total_treasure() < guard - mine {
            // No worker to bribe with, or (publicly) too few treasures for the bribe.
            if self.has_castle_workers(seat) {
                notes.push(Note::TurnedBack {
                    seat,
                    in_guard_room: self.present(seat, GUARD),
                });
            }
            self.turn_back_from_castle(seat);
        } else {
            self.pending = Some(Pending::Bribe {
                seat,
                owed: (guard - mine) as u8,
                paid: [0; TYPES],
            });
        }
    }

    pub(super) fn turn_back_from_castle(&mut self, seat: usize) {
        for w in &mut self.players[seat].workers {
            if w.loc.is_some_and(is_castle_room) {
                w.loc = None;
                w.face_up = false;
            }
        }
    }

    /// The strengths a buyer must pay in room `loc`, strongest first.
    pub fn price(&self, seat: usize, loc: u8) -> Vec<u8> {
        let mut need = self.strengths_at(seat, loc);
        need.sort_unstable_by(|a, b| b.cmp(a));
        need
    }

    fn step_castle(&mut self, loc: u8, notes: &mut Vec<Note>) {
        let offered = self.offered(loc);
        if offered.is_empty() || self.cursor.queue.is_empty() {
            self.close_location();
            return;
        }
        let seat = self.cursor.queue.remove(0);
        if self.is_ghost(seat) {
            self.ghost_buy(seat - self.n(), loc, notes);
            return;
        }
        let need = self.price(seat, loc);
        let sum: u16 = need.iter().map(|&s| s as u16).sum();
        // A seat that did not get past the guard cannot buy, even with a worker moved in
        // or a raven sent later.
        if !self.entered[seat]
            || need.is_empty()
            || need.len() > TYPES
            || self.players[seat].total_treasure() < sum
        {
            // Publicly unable to pay: skipped without being asked.
            if !need.is_empty() {
                notes.push(Note::CannotBuy {
                    seat,
                    room: loc,
                    entered: self.entered[seat],
                });
            }
            return;
        }
        self.pending = Some(Pending::Buy {
            seat,
            room: loc,
            stack: (offered.len() == 1).then(|| offered[0] as u8),
            need,
            paid: Vec::new(),
        });
    }

    fn end_round(&mut self) {
        for p in &mut self.players {
            for w in &mut p.workers {
                w.loc = None;
                w.face_up = false;
            }
        }
        for cave in 0..5 {
            for l in 0..LEDGES {
                let goods = self.take_ledge(cave, l);
                for t in 0..TYPES {
                    self.treasury[t] += goods[t];
                }
            }
        }
        self.guard = None;
        self.guard_up = false;
        self.card_shown = None;
        self.m.new_round();
        if !self.ghosts.is_empty() {
            self.ghosts_end_round();
        }
        self.last_loc = None;
        if self.card_deck.is_empty() {
            self.refill_card_deck();
        }
        self.stage = Stage::RoundStart;
    }
}
