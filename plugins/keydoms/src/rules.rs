//! Setup, the round's flow and every location's reward: pure functions on [`Keydoms`].

use tavern_plugin_api::{GameError, Legal, Setup};

use crate::data::{
    self, GUARD, LEDGES, LocKind, STABLES, TYPES, WAND, artefact_name, chests_for, is_castle_room,
    loc_kind,
};
use crate::record::{ChanceDone, Done, Note, Purchase};
use crate::state::{Action, Cursor, Keydoms, Mode, Pending, Player, Stage};
use crate::treasure::{can_pay, fill_ledge};

// Kept here for the callers that name them by the rules (they live in `data`, which
// every module may use).
pub use crate::data::{MAX_PLAYERS, MIN_PLAYERS, treasure_singular};

impl Keydoms {
    pub fn create(setup: &Setup) -> Result<Keydoms, GameError> {
        let n = setup.seats.len();
        if n < MIN_PLAYERS {
            return Err(GameError::new("Keydom's Dragons needs at least one player"));
        }
        if n > MAX_PLAYERS {
            return Err(GameError::new("Keydom's Dragons takes at most 6 players"));
        }
        let mode = match setup.option("variant", "standard") {
            "standard" => Mode::Standard,
            "muggles" => Mode::Muggles,
            other => {
                return Err(GameError::new(format!(
                    "variant '{other}' is not available (ghosts are chosen with the ghosts \
                     option; Foreknown has its own option)"
                )));
            }
        };
        let known = crate::options::options();
        for (key, value) in &setup.options {
            if !known.iter().any(|o| &o.key == key) {
                return Err(GameError::new(format!(
                    "unknown option '{key}' = '{value}'"
                )));
            }
        }
        let foreknown = match setup.option("foreknown", "no") {
            "no" => false,
            "yes" if mode == Mode::Standard => true,
            "yes" => {
                return Err(GameError::new(
                    "Foreknown needs spells: it cannot be combined with Muggles",
                ));
            }
            other => {
                return Err(GameError::new(format!(
                    "foreknown must be yes or no, not '{other}'"
                )));
            }
        };
        let (ghosts, bottom, flips) = crate::ghost_play::ghost_options(setup)?;
        let mut players: Vec<Player> = setup
            .seats
            .iter()
            .map(|s| Player::new(s.name.clone()))
            .collect();
        for p in &mut players {
            p.artefacts[WAND as usize] = 1;
        }
        let treasury = std::array::from_fn(data::type_value).map(|v| v as u8);
        let mut g = Keydoms {
            mode,
            players,
            round: 0,
            start: 0,
            treasury,
            caves: [[[0; TYPES]; LEDGES]; 5],
            cave_large: [[[0; TYPES]; LEDGES]; 5],
            stacks: Default::default(),
            top_up: [false; 6],
            guard: None,
            guard_up: false,
            card_deck: Vec::new(),
            card_shown: None,
            stage: Stage::Setup,
            pending: None,
            placed: 0,
            cursor: Cursor::default(),
            entered: vec![false; n],
            last_loc: None,
            reveals: 0,
            m: crate::magic::Magic::new(n, mode != Mode::Muggles),
            ghosts: Vec::new(),
            gp: Default::default(),
            rules_0_2: false,
            rules_0_1: false,
        };
        g.m.foreknown = foreknown;
        g.seat_ghosts(ghosts, bottom, flips);
        g.gp.solo_face_up = match setup.option("solo_face_up", "no") {
            "no" => false,
            "yes" if n == 1 => true,
            "yes" => {
                return Err(GameError::new(
                    "workers face up is an option of the solo game only",
                ));
            }
            other => {
                return Err(GameError::new(format!(
                    "solo_face_up must be yes or no, not '{other}'"
                )));
            }
        };
        g.refill_card_deck();
        Ok(g)
    }

    fn refill_card_deck(&mut self) {
        // Ghosts count as players for the setup (a solo game is set up for three).
        let chests = chests_for(self.total());
        self.card_deck = data::CARDS
            .cards
            .iter()
            .filter(|c| c.chests == chests)
            .map(|c| c.id)
            .collect();
    }

    /// The canonical (unshuffled) list of castle artefact tiles: one of each non-wand
    /// kind per player.
    pub fn castle_tiles(n: usize) -> Vec<u8> {
        (0..5u8).flat_map(|k| std::iter::repeat_n(k, n)).collect()
    }

    // ----- chance ---------------------------------------------------------------------

    pub fn apply_chance(&mut self, action: &Action) -> Result<ChanceDone, GameError> {
        if matches!(
            action,
            Action::ShuffleSpells { .. } | Action::ShuffleStack { .. }
        ) {
            return self.apply_magic_chance(action);
        }
        if self.m.need_spell_shuffle || self.m.need_stack_shuffle.is_some() {
            return Err(GameError::new("a different shuffle is due"));
        }
        if matches!(
            action,
            Action::GhostShuffle { .. }
                | Action::GhostTurn { .. }
                | Action::GhostEvict { .. }
                | Action::GhostKeepSpell { .. }
        ) {
            return self.apply_ghost_chance(action);
        }
        if self.ghost_chance_due() {
            return Err(GameError::new("a ghost's chance step is due"));
        }
        match (self.stage, action) {
            (Stage::Setup, Action::ShuffleArtefacts { order }) => {
                let tiles = Self::castle_tiles(self.total());
                let mut seen = vec![false; tiles.len()];
                if order.len() != tiles.len() {
                    return Err(GameError::new("artefact order has the wrong length"));
                }
                for &i in order {
                    let i = i as usize;
                    if i >= seen.len() || seen[i] {
                        return Err(GameError::new("artefact order is not a permutation"));
                    }
                    seen[i] = true;
                }
                let shuffled: Vec<u8> = order.iter().map(|&i| tiles[i as usize]).collect();
                for (k, chunk) in shuffled.chunks(5).enumerate() {
                    self.stacks[k] = chunk.to_vec();
                    self.top_up[k] = true;
                }
                self.stage = Stage::RoundStart;
                Ok(ChanceDone::ArtefactsShuffled)
            }
            (Stage::Resolving, Action::Reveal { loc })
                if self.cursor.reveal_due && *loc == self.cursor.loc =>
            {
                self.cursor.reveal_due = false;
                self.open_location(*loc);
                Ok(ChanceDone::Revealed { loc: *loc })
            }
            (Stage::RoundStart, Action::StartRound { guard, card }) => {
                if !(1..=10).contains(guard) {
                    return Err(GameError::new("no such guard tile"));
                }
                let Some(idx) = self.card_deck.iter().position(|c| c == card) else {
                    return Err(GameError::new("that treasure card is not in the deck"));
                };
                self.card_deck.remove(idx);
                self.begin_round(*guard, *card);
                Ok(ChanceDone::RoundStarted { card: *card })
            }
            _ => Err(GameError::new(
                "this chance outcome does not fit the game's state",
            )),
        }
    }

    fn begin_round(&mut self, guard: u8, card: u16) {
        self.round += 1;
        self.redistribute_last_stack();
        for s in 0..6 {
            if !self.stacks[s].is_empty() {
                self.top_up[s] = true;
            }
        }
        self.guard = Some(guard);
        self.guard_up = false;
        self.card_shown = Some(card);
        self.fill_caves(card);
        self.placed = 0;
        self.entered = vec![false; self.n()];
        if self.m.foreknown {
            // Last round's untaken offer is discarded; two new spells are turned up.
            let old = std::mem::take(&mut self.m.offer);
            self.m.discard.extend(old);
            self.m.offer_due = true;
        }
        self.stage = if self.round == 1 {
            Stage::StartTreasures
        } else {
            Stage::Placing
        };
    }

    /// When a single stack is left holding several artefacts, they are spread over the
    /// castle rooms (never more rooms than players) so that each room offers one.
    fn redistribute_last_stack(&mut self) {
        let nonempty: Vec<usize> = (0..6).filter(|&s| !self.stacks[s].is_empty()).collect();
        if nonempty.len() != 1 || self.stacks[nonempty[0]].len() < 2 {
            return;
        }
        let tiles = std::mem::take(&mut self.stacks[nonempty[0]]);
        self.top_up = [false; 6];
        let rooms = tiles.len().min(self.total()).min(5);
        for (k, t) in tiles.into_iter().rev().enumerate() {
            self.stacks[k % rooms].push(t);
        }
    }

    fn fill_caves(&mut self, card: u16) {
        let Some(card) = data::card(card) else {
            return;
        };
        let six = self.total() == 6;
        for (cave, ledges) in card.caves.iter().enumerate().take(5) {
            let filled = ledges.len().min(LEDGES);
            for (l, &[large, small]) in ledges.iter().enumerate().take(LEDGES) {
                fill_ledge(
                    &mut self.treasury,
                    &mut self.caves[cave][l],
                    &mut self.cave_large[cave][l],
                    cave,
                    large,
                    small,
                );
            }
            if six && filled > 0 {
                for l in filled..LEDGES {
                    fill_ledge(
                        &mut self.treasury,
                        &mut self.caves[cave][l],
                        &mut self.cave_large[cave][l],
                        cave,
                        0,
                        1,
                    );
                }
            }
        }
    }

    // ----- flow -----------------------------------------------------------------------

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
    fn open_location(&mut self, loc: u8) {
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

    fn turn_back_from_castle(&mut self, seat: usize) {
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

    // ----- decisions ------------------------------------------------------------------

    /// Every legal action of `seat`, without labels (the fast path for playouts).
    pub fn actions_for(&self, seat: usize) -> Vec<Action> {
        let mut v = Vec::new();
        self.actions_into(seat, &mut v);
        v
    }

    /// Appends the legal actions of `seat` to `v` (playouts reuse one buffer).
    pub fn actions_into(&self, seat: usize, v: &mut Vec<Action>) {
        if self.m.need_spell_shuffle || self.m.need_stack_shuffle.is_some() {
            return;
        }
        let Some(p) = &self.pending else {
            if self.window_seat() == Some(seat)
                && let Some(w) = self.m.windows.last()
            {
                let before = v.len();
                self.magic_actions_into(seat, crate::magic::Ctx::Window(w.kind), v);
                let something = v.len() > before;
                v.push(Action::Pass);
                // Asked with nothing to do now (an active wand and spells that do not
                // fit this moment), the plain pass is the only answer, which the host
                // gives by itself; passing for the round is offered with a real choice.
                if something || self.rules_0_2 {
                    v.push(Action::PassRound);
                }
            }
            return;
        };
        if p.seat() != seat {
            return;
        }
        let me = &self.players[seat];
        match p {
            Pending::StartTreasure { .. } => {
                for t in 0..TYPES as u8 {
                    if !me.start_picks.contains(&t) && self.treasury[t as usize] > 0 {
                        v.push(Action::TakeStartTreasure { treasure: t });
                    }
                }
            }
            Pending::Place { .. } => {
                let mut open = [0u8; data::LOCS];
                let mut k = 0;
                for l in 0..data::LOCS as u8 {
                    if self.is_active(l) {
                        open[k] = l;
                        k += 1;
                    }
                }
                let open = &open[..k];
                v.reserve(k * 8 + 4);
                for w in me.unplaced() {
                    let strength = w.strength;
                    // A sized extend writes each action straight into the buffer (pushing
                    // one by one went through a stack copy that stalled).
                    v.extend(open.iter().map(|&loc| Action::Place { strength, loc }));
                }
                self.magic_actions_into(seat, crate::magic::Ctx::Placement, v);
            }
            Pending::NameStartPlayer { .. } => {
                for s in 0..self.n() as u8 {
                    v.push(Action::NameStartPlayer { seat: s });
                }
            }
            Pending::MarketGive { .. } => {
                for t in 0..TYPES as u8 {
                    if me.treasure[t as usize] > 0 {
                        v.push(Action::MarketGive { treasure: t });
                    }
                }
                v.push(Action::MarketPass);
            }
            Pending::MarketTake { .. } => {
                for t in 0..TYPES as u8 {
                    if self.treasury[t as usize] > 0 {
                        v.push(Action::MarketTake { treasure: t });
                    }
                }
            }
            Pending::Bribe { paid, .. } => {
                for t in 0..TYPES as u8 {
                    if me.treasure[t as usize] > 0 {
                        v.push(Action::BribeOne { treasure: t });
                    }
                }
                if paid.iter().sum::<u8>() == 0 {
                    v.push(Action::RefuseBribe);
                }
            }
            Pending::Magic { step, .. } => v.extend(self.step_actions(seat, step)),
            Pending::Buy {
                room,
                stack,
                need,
                paid,
                ..
            } => {
                match stack {
                    None => {
                        if can_pay(&me.treasure, need, &[]) {
                            for s in self.offered(*room) {
                                v.push(Action::ChooseStack { stack: s as u8 });
                            }
                        }
                    }
                    Some(_) => {
                        if let Some(&s) = need.get(paid.len()) {
                            let rest = &need[paid.len() + 1..];
                            for t in 0..TYPES as u8 {
                                let mut used = paid.clone();
                                used.push(t);
                                if !paid.contains(&t)
                                    && me.treasure[t as usize] >= s
                                    && can_pay(&me.treasure, rest, &used)
                                {
                                    v.push(Action::PayWorker { treasure: t });
                                }
                            }
                        }
                    }
                }
                if paid.is_empty() {
                    v.push(Action::DeclineBuy);
                }
            }
        }
    }

    /// Legal actions with their labels and the scene items they belong to.
    pub fn legal_for(&self, seat: usize) -> Vec<Legal<Action>> {
        self.actions_for(seat)
            .into_iter()
            .map(|a| self.describe(seat, a))
            .collect()
    }

    fn describe(&self, seat: usize, a: Action) -> Legal<Action> {
        let (label, target) = match (&a, &self.pending) {
            (Action::TakeStartTreasure { treasure: t }, _) => (
                format!("Take a small {} to start", treasure_singular(*t)),
                format!("treasury:{t}"),
            ),
            (Action::Place { strength, loc }, _) => (
                format!("Place your {strength} in {}", crate::data::the_loc(*loc)),
                format!("loc:{loc}"),
            ),
            (Action::NameStartPlayer { seat: s }, _) => (
                if *s as usize == seat {
                    "Become the start player yourself".to_string()
                } else {
                    format!("Make {} the start player", self.players[*s as usize].name)
                },
                // The own screen holds the treasures and artefacts others click, so
                // keeping the marker oneself is a click on the stables being resolved.
                if *s as usize == seat {
                    format!("loc:{}", crate::data::STABLES)
                } else {
                    format!("seat:{s}")
                },
            ),
            (Action::MarketGive { treasure: t }, _) => (
                format!("Trade in one small {}", treasure_singular(*t)),
                format!("mine:{t}"),
            ),
            (Action::MarketPass, _) => ("Skip the market trade".into(), "loc:6".into()),
            (Action::MarketTake { treasure: t }, Some(Pending::MarketTake { left, .. })) => (
                format!(
                    "Take a small {} ({left} left to take)",
                    treasure_singular(*t)
                ),
                format!("treasury:{t}"),
            ),
            (Action::BribeOne { treasure: t }, Some(Pending::Bribe { owed, paid, .. })) => (
                format!(
                    "Bribe the guard with one {} ({} of {owed} paid)",
                    treasure_singular(*t),
                    paid.iter().sum::<u8>()
                ),
                format!("mine:{t}"),
            ),
            (Action::RefuseBribe, _) => (
                "Do not bribe: your castle workers go home".into(),
                "loc:9".into(),
            ),
            (Action::ChooseStack { stack }, _) => {
                let s = *stack as usize;
                let what = match self.stacks[s].last() {
                    Some(&a) if self.top_up[s] => format!("the {}", artefact_name(a)),
                    _ => format!("the face-down stack of {}", self.stacks[s].len()),
                };
                let verb = if matches!(self.pending, Some(Pending::Buy { .. })) {
                    "Buy"
                } else {
                    "Choose"
                };
                (format!("{verb} {what}"), crate::data::stack_id(*stack))
            }
            (Action::PayWorker { treasure: t }, Some(Pending::Buy { need, paid, .. })) => {
                let s = need.get(paid.len()).copied().unwrap_or(0);
                (
                    format!(
                        "Pay {} for your strength-{s} worker",
                        data::treasures_of(s as u16, *t as usize)
                    ),
                    format!("mine:{t}"),
                )
            }
            (Action::DeclineBuy, Some(Pending::Buy { room, stack, .. })) => {
                let what = match stack.map(|st| st as usize) {
                    Some(st) if self.top_up[st] => self.stacks[st]
                        .last()
                        .map(|&a| format!("the {}", artefact_name(a))),
                    _ => None,
                }
                .unwrap_or_else(|| "an artefact".to_string());
                (
                    format!("Do not buy {what} in {}", crate::data::loc_name(*room)),
                    format!("loc:{room}"),
                )
            }
            _ => crate::magic_view::describe(self, seat, &a)
                .unwrap_or_else(|| (format!("{a:?}"), String::new())),
        };
        // Letting a response window go by is the answer the host may give by itself for
        // a player who asked not to be bothered again this round.
        let pass = a == Action::Pass;
        let spends = self.spends(&a);
        // Enter plays the move that ends what the seat is doing: letting a window go
        // by, finishing a trade, leaving the ghosts' counters alone.
        let default = matches!(a, Action::Pass | Action::Done);
        let mut l = Legal::new(a, label);
        if pass {
            l = l.pass(format!("round {}", self.round));
        }
        if spends {
            l = l.spends();
        }
        if default {
            l = l.by_default();
        }
        if target.is_empty() { l } else { l.at(target) }
    }

    /// Whether `a` gives away the seat's treasures: a bribe, a purchase (choosing what to
    /// buy, then paying for each worker), the market's trade-in, a payment a spell asks
    /// for, Trade, and casting a spell that makes its caster pay (Donation, Toll, and
    /// Teleport's three treasures).
    pub fn spends(&self, a: &Action) -> bool {
        match a {
            Action::BribeOne { .. }
            | Action::PayWorker { .. }
            | Action::MarketGive { .. }
            | Action::PayOne { .. }
            | Action::TradeOne { .. } => true,
            Action::ChooseStack { .. } => matches!(self.pending, Some(Pending::Buy { .. })),
            Action::Cast { spell } => matches!(spell, 4 | 19 | 20),
            _ => false,
        }
    }

    /// Applies a seat's decision (already checked to be legal).
    pub fn apply_seat(&mut self, seat: usize, action: &Action) -> Result<Done, GameError> {
        let Some(pending) = self.pending.take() else {
            if self.window_seat() != Some(seat) {
                return Err(GameError::new("nobody is to act"));
            }
            return self.apply_magic(seat, action, true);
        };
        if matches!(pending, Pending::Place { .. })
            && matches!(action, Action::Invoke { .. } | Action::Cast { .. })
        {
            // The placement turn resumes once the artefact or spell has played out.
            return self.apply_magic(seat, action, false);
        }
        let done = match (pending, action) {
            (Pending::Magic { step, .. }, a) => return self.apply_step(seat, step, a),
            (Pending::StartTreasure { .. }, Action::TakeStartTreasure { treasure }) => {
                let t = *treasure as usize;
                self.treasury[t] -= 1;
                self.players[seat].treasure[t] += 1;
                self.players[seat].start_picks.push(*treasure);
                Done::StartTreasure {
                    treasure: *treasure,
                }
            }
            (Pending::Place { .. }, Action::Place { strength, loc }) => {
                let w = self.players[seat]
                    .workers
                    .iter_mut()
                    .find(|w| w.strength == *strength && w.loc.is_none())
                    .ok_or_else(|| GameError::new("no such worker behind the screen"))?;
                w.loc = Some(*loc);
                w.seq = self.m.seq;
                self.m.seq += 1;
                self.m.turn_window_done = false;
                let shown = (0..self.m.disclosure.len()).any(|o| o != seat && self.m.disclosure[o]);
                let w = self.players[seat]
                    .workers
                    .iter_mut()
                    .find(|w| w.strength == *strength && w.loc == Some(*loc))
                    .expect("just placed");
                w.face_up = shown;
                self.placed += 1;
                Done::Placed {
                    strength: *strength,
                    loc: *loc,
                    shown,
                }
            }
            (Pending::NameStartPlayer { .. }, Action::NameStartPlayer { seat: s }) => {
                self.start = *s as usize;
                Done::NamedStart { seat: *s }
            }
            (Pending::MarketGive { .. }, Action::MarketPass) => Done::MarketPassed,
            (Pending::MarketGive { .. }, Action::MarketGive { treasure }) => {
                let t = *treasure as usize;
                self.players[seat].treasure[t] -= 1;
                self.treasury[t] += 1;
                self.pending = Some(Pending::MarketTake { seat, left: 3 });
                Done::MarketGave {
                    treasure: *treasure,
                }
            }
            (Pending::MarketTake { left, .. }, Action::MarketTake { treasure }) => {
                let t = *treasure as usize;
                self.treasury[t] -= 1;
                self.players[seat].treasure[t] += 1;
                let left = left - 1;
                if left > 0 && self.treasury.iter().any(|&v| v > 0) {
                    self.pending = Some(Pending::MarketTake { seat, left });
                }
                Done::MarketTook {
                    treasure: *treasure,
                }
            }
            (Pending::Bribe { .. }, Action::RefuseBribe) => {
                self.turn_back_from_castle(seat);
                Done::RefusedBribe
            }
            (Pending::Bribe { owed, mut paid, .. }, Action::BribeOne { treasure }) => {
                let t = *treasure as usize;
                self.players[seat].treasure[t] -= 1;
                self.treasury[t] += 1;
                paid[t] += 1;
                let total: u8 = paid.iter().sum();
                if total >= owed {
                    self.entered[seat] = true;
                } else {
                    self.pending = Some(Pending::Bribe { seat, owed, paid });
                }
                Done::Bribed {
                    treasure: *treasure,
                    total,
                    owed,
                }
            }
            (Pending::Buy { room, stack, .. }, Action::DeclineBuy) => Done::DeclinedBuy {
                room,
                artefact: stack
                    .map(|st| st as usize)
                    .filter(|&st| self.top_up[st])
                    .and_then(|st| self.stacks[st].last().copied()),
            },
            (
                Pending::Buy {
                    room, need, paid, ..
                },
                Action::ChooseStack { stack },
            ) => {
                let art = *self.stacks[*stack as usize]
                    .last()
                    .ok_or_else(|| GameError::new("empty stack"))?;
                self.pending = Some(Pending::Buy {
                    seat,
                    room,
                    stack: Some(*stack),
                    need,
                    paid,
                });
                Done::ChoseStack { artefact: art }
            }
            (
                Pending::Buy {
                    room,
                    stack,
                    need,
                    mut paid,
                    ..
                },
                Action::PayWorker { treasure },
            ) => {
                paid.push(*treasure);
                if paid.len() < need.len() {
                    let strength = need[paid.len() - 1];
                    self.pending = Some(Pending::Buy {
                        seat,
                        room,
                        stack,
                        need,
                        paid,
                    });
                    Done::SetAside {
                        strength,
                        treasure: *treasure,
                    }
                } else {
                    let stack = stack.ok_or_else(|| GameError::new("no artefact chosen"))?;
                    let got = self.complete_purchase(seat, room, stack as usize, &need, &paid);
                    Done::Bought {
                        room,
                        need,
                        paid,
                        got,
                    }
                }
            }
            (p, a) => {
                self.pending = Some(p);
                return Err(GameError::new(format!(
                    "{a:?} does not answer this decision"
                )));
            }
        };
        Ok(done)
    }

    fn complete_purchase(
        &mut self,
        seat: usize,
        room: u8,
        stack: usize,
        need: &[u8],
        paid: &[u8],
    ) -> Purchase {
        for (&s, &t) in need.iter().zip(paid) {
            self.players[seat].treasure[t as usize] -= s;
            self.treasury[t as usize] += s;
        }
        if self.m.choice[seat] == Some(room) {
            // Choice: the buyer looks through the whole stack and picks privately.
            self.m.choice[seat] = None;
            self.pending = Some(Pending::Magic {
                seat,
                step: crate::magic::Step::StackPick {
                    stack: stack as u8,
                    rearrange: false,
                },
            });
            return Purchase::Searching;
        }
        let art = self.stacks[stack]
            .pop()
            .expect("bought from a stack with a tile");
        self.top_up[stack] = false;
        self.players[seat].artefacts[art as usize] += 1;
        let last = self.artefacts_left() == 0;
        if last {
            self.after_purchase_check();
        }
        Purchase::Took {
            artefact: art,
            last,
        }
    }
}
