//! Artefact powers, spells and the response windows that replace "at any time".
//!
//! A window passes around the table in turn order from the start player; each seat
//! acts or passes and it closes once every seat has passed in a row. A seat is skipped
//! without being asked only when public counts show it cannot act (no artefact use
//! left and no active wand with spells in hand) or it passed for the round.

use tavern_plugin_api::GameError;

use crate::data::{
    self, AMULET, GUARD, KEY, MIRROR, RAVEN, ROOM_K, STABLES, TYPES, WAND, artefact_name,
    is_castle_room, loc_name,
};
use crate::record::{ChanceDone, Done, Note};
use crate::state::{Action, Keydoms, Pending, Stage};

// The bookkeeping lives in `pieces` (the state holds it); artefact and spell code uses
// it from here.
pub use crate::pieces::{Cast, Extra, GhostArea, Magic, PayFor, Step, WinKind, Window};
// The shuffle check moved to `perm` (the ghosts and the chance steps use it too).
pub use crate::perm::check_perm;

/// Where a seat is being offered its magic options.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Ctx {
    Placement,
    Window(WinKind),
}

impl Keydoms {
    pub(crate) fn uses_left(&self, seat: usize) -> u8 {
        let used: u8 = self.m.invoked[seat].iter().sum();
        self.m.allowance[seat].saturating_sub(used)
    }

    pub(crate) fn unused(&self, seat: usize, kind: u8) -> bool {
        self.players[seat].artefacts[kind as usize] > self.m.invoked[seat][kind as usize]
    }

    /// Public view of whether `seat` could do anything in a window of `kind`: an
    /// unused artefact whose power works now (with a use left), or an active wand and
    /// spells in hand. Only public facts count (which spells a hand holds does not), so
    /// being asked tells the other players nothing they could not see.
    pub fn may_respond(&self, seat: usize, kind: WinKind) -> bool {
        if self.m.passed[seat] {
            return false;
        }
        let spells =
            self.m.wand[seat] && !self.gp.no_player_spells && !self.m.hands[seat].is_empty();
        if self.rules_0_2 {
            let unused: u16 = (0..6)
                .filter(|&k| !self.gp.no_player_artefacts || k == WAND as usize)
                .map(|k| {
                    self.players[seat].artefacts[k].saturating_sub(self.m.invoked[seat][k]) as u16
                })
                .sum();
            return (self.uses_left(seat) > 0 && unused > 0) || spells;
        }
        let artefact = self.uses_left(seat) > 0
            && [AMULET, KEY, MIRROR, RAVEN, WAND].into_iter().any(|k| {
                (!self.gp.no_player_artefacts || k == WAND)
                    && self.unused(seat, k)
                    && self.power_usable(seat, k, Ctx::Window(kind))
            });
        artefact || spells
    }

    /// The location being resolved, while its workers are up and its reward is pending.
    pub(crate) fn current_loc(&self) -> Option<u8> {
        match self
            .m
            .windows
            .iter()
            .rev()
            .find(|w| w.kind != WinKind::Spell)
        {
            Some(Window {
                kind: WinKind::Location(l),
                ..
            }) => Some(*l),
            _ => None,
        }
    }

    pub(crate) fn in_spell_window(&self) -> bool {
        self.m
            .windows
            .last()
            .is_some_and(|w| w.kind == WinKind::Spell)
    }

    pub(crate) fn guard_open(&self) -> bool {
        self.unresolved(GUARD)
    }

    /// Whether artefact `kind`'s power can be used by `seat` right now (own or copied).
    pub(crate) fn power_usable(&self, seat: usize, kind: u8, ctx: Ctx) -> bool {
        match kind {
            AMULET => {
                ctx == Ctx::Window(WinKind::Spell)
                    && self
                        .m
                        .casts
                        .last()
                        .is_some_and(|c| c.caster != seat && !c.cancelled)
            }
            KEY => !self.m.key[seat] && self.guard_open(),
            MIRROR => self.players[seat]
                .workers
                .iter()
                .any(|w| w.face_up && w.loc.is_some_and(|l| self.unresolved(l))),
            RAVEN => self
                .current_loc()
                .is_some_and(|l| !self.m.taboo.contains(&l) && !self.in_spell_window()),
            // A wand only lets its holder cast: with no spell in hand (or every spell
            // barred by a ghost's amulet) it does nothing, so it is not offered.
            WAND => {
                !self.m.wand[seat]
                    && (self.rules_0_2
                        || !self.m.hands[seat].is_empty() && !self.gp.no_player_spells)
            }
            _ => false,
        }
    }

    /// (loc, strength) of `seat`'s face-up workers at unresolved locations.
    pub(crate) fn own_face_up(&self, seat: usize) -> Vec<(u8, u8)> {
        self.players[seat]
            .workers
            .iter()
            .filter_map(|w| match w.loc {
                Some(l) if w.face_up && self.unresolved(l) => Some((l, w.strength)),
                _ => None,
            })
            .collect()
    }

    /// Whether some worker of an owner that `filter` lets in could move to another
    /// unresolved active location: Moonlight's (from anywhere) and Teleport's (from an
    /// unresolved location, the guard room included) precondition, without building lists.
    pub(crate) fn any_movable(&self, filter: impl Fn(usize) -> bool, from_anywhere: bool) -> bool {
        let mut open = [false; data::LOCS];
        let mut count = 0;
        for l in 0..data::LOCS as u8 {
            if self.unresolved(l) && self.is_active(l) {
                open[l as usize] = true;
                count += 1;
            }
        }
        if count == 0 {
            return false;
        }
        let movable = |loc: Option<u8>| {
            loc.is_some_and(|l| {
                (from_anywhere || self.unresolved(l)) && count > open[l as usize] as usize
            })
        };
        (0..self.total())
            .filter(|&s| filter(s))
            .any(|s| match self.players.get(s) {
                Some(p) => p.workers.iter().any(|w| movable(w.loc)),
                None => self.ghosts[s - self.n()]
                    .workers
                    .iter()
                    .any(|w| movable(w.loc)),
            })
    }

    /// Workers (owner, loc, slot) at unresolved locations, optionally filtered by owner;
    /// ghosts' counters are included (owner `n() + i`) where the filter lets them in.
    pub(crate) fn workers_at_unresolved(
        &self,
        filter: impl Fn(usize) -> bool,
        guard_too: bool,
    ) -> Vec<(usize, u8, u8)> {
        self.workers_where(filter, |loc| {
            (guard_too || loc != GUARD) && self.unresolved(loc)
        })
    }

    /// Workers (owner, loc, slot) at the locations `at` lets in, owners filtered as above.
    pub(crate) fn workers_where(
        &self,
        filter: impl Fn(usize) -> bool,
        at: impl Fn(u8) -> bool,
    ) -> Vec<(usize, u8, u8)> {
        let mut v = Vec::new();
        for s in 0..self.total() {
            if !filter(s) {
                continue;
            }
            for loc in 0..data::LOCS as u8 {
                if !at(loc) {
                    continue;
                }
                let k = match self.players.get(s) {
                    Some(p) => p.workers.iter().filter(|w| w.loc == Some(loc)).count(),
                    None => self.ghosts[s - self.n()]
                        .workers
                        .iter()
                        .filter(|w| w.loc == Some(loc))
                        .count(),
                };
                for slot in 0..k as u8 {
                    v.push((s, loc, slot));
                }
            }
        }
        v
    }

    /// Whether `victim` still has a worker Evict's answer could send home.
    pub fn workers_left_for_evict(&self, victim: usize) -> bool {
        !self
            .workers_at_unresolved(|s| s == victim, false)
            .is_empty()
    }

    /// The worker index of `seat`'s `slot`-th worker (placement order) at `loc`.
    pub fn worker_at(&self, seat: usize, loc: u8, slot: u8) -> Option<usize> {
        let mut idx: Vec<usize> = (0..self.players[seat].workers.len())
            .filter(|&i| self.players[seat].workers[i].loc == Some(loc))
            .collect();
        idx.sort_by_key(|&i| self.players[seat].workers[i].seq);
        idx.get(slot as usize).copied()
    }

    pub(crate) fn destinations(&self, from: u8) -> Vec<u8> {
        (0..data::LOCS as u8)
            .filter(|&l| l != from && self.unresolved(l) && self.is_active(l))
            .collect()
    }

    pub(crate) fn face_up_locations(&self) -> Vec<u8> {
        (0..data::LOCS as u8)
            .filter(|&l| self.has_face_up_workers(l))
            .collect()
    }

    /// An unresolved location with face-up workers (what Get even and Odd ones out need).
    pub(crate) fn has_face_up_workers(&self, l: u8) -> bool {
        self.unresolved(l)
            && (self
                .players
                .iter()
                .any(|p| p.workers.iter().any(|w| w.loc == Some(l) && w.face_up))
                || self
                    .ghosts
                    .iter()
                    .any(|g| g.workers.iter().any(|w| w.loc == Some(l) && w.face_up)))
    }

    pub(crate) fn caves_allow_dragon_leaves(&self) -> bool {
        match self.stage {
            Stage::Placing => true,
            Stage::Resolving => {
                self.cursor.loc < 4 || (self.cursor.loc == 4 && !self.cursor.rewarded)
            }
            _ => false,
        }
    }

    /// Artefact and spell actions open to `seat` in this context (no Pass).
    pub fn magic_actions(&self, seat: usize, ctx: Ctx) -> Vec<Action> {
        let mut v = Vec::new();
        self.magic_actions_into(seat, ctx, &mut v);
        v
    }

    /// Appends the invocations and casts open to `seat` now.
    pub fn magic_actions_into(&self, seat: usize, ctx: Ctx, v: &mut Vec<Action>) {
        if !self.magic() {
            return;
        }
        if self.uses_left(seat) > 0 {
            for k in [AMULET, KEY, MIRROR, RAVEN, WAND] {
                // A ghost that won the cottage leaves players only their wands.
                if self.gp.no_player_artefacts && k != WAND {
                    continue;
                }
                if self.unused(seat, k) && self.power_usable(seat, k, ctx) {
                    v.push(Action::Invoke { artefact: k });
                }
            }
        }
        if self.m.wand[seat] && !self.gp.no_player_spells {
            let mut seen = 0u32;
            for &sp in &self.m.hands[seat] {
                if seen & (1 << sp) == 0 && self.spell_castable(seat, sp, ctx) {
                    // In the amulet's moment only a Copy of an amulet answers.
                    if ctx == Ctx::Window(WinKind::Spell) && sp != 2 {
                        continue;
                    }
                    v.push(Action::Cast { spell: sp });
                }
                seen |= 1 << sp;
            }
        }
    }

    /// The seat a window is waiting for, if it is waiting.
    pub fn window_seat(&self) -> Option<usize> {
        let w = self.m.windows.last()?;
        Some(self.human_at(w.pos))
    }

    /// Moves the top window past seats that publicly cannot act; closes it when every
    /// seat has passed in a row. Returns true when a seat must now be asked.
    pub fn step_window(&mut self, notes: &mut Vec<Note>) -> bool {
        let n = self.n();
        loop {
            let Some(w) = self.m.windows.last() else {
                return false;
            };
            if w.passes >= n {
                let w = self.m.windows.pop().expect("window");
                self.close_window(w.kind, notes);
                return false;
            }
            let seat = self.human_at(w.pos);
            let caster_skip =
                w.kind == WinKind::Spell && self.m.casts.last().is_some_and(|c| c.caster == seat);
            // The player about to place may act on their own turn, so the window before
            // it does not stop for them as well.
            let placer_skip =
                w.kind == WinKind::Placement && !self.rules_0_2 && self.placement_seat() == seat;
            if caster_skip || placer_skip || !self.may_respond(seat, w.kind) {
                let w = self.m.windows.last_mut().expect("window");
                w.passes += 1;
                w.pos += 1;
                continue;
            }
            return true;
        }
    }

    pub(crate) fn open_window(&mut self, kind: WinKind) {
        self.m.windows.push(Window {
            kind,
            pos: 0,
            passes: 0,
        });
    }

    pub(crate) fn close_window(&mut self, kind: WinKind, notes: &mut Vec<Note>) {
        match kind {
            WinKind::Location(_) => self.cursor.queue.clear(),
            WinKind::BeforeResolve => self.m.before_done = true,
            WinKind::Placement => self.m.turn_window_done = true,
            WinKind::AfterCaves => self.m.after_caves_done = true,
            WinKind::Spell => {
                let cast = self.m.casts.pop().expect("a cast under its window");
                self.m.discard.push(cast.spell);
                if !cast.cancelled {
                    self.spell_effect(cast, notes);
                }
                if let Some(w) = self.m.windows.last_mut() {
                    w.passes = 0;
                }
            }
        }
    }

    /// The window opened when a location's workers are turned up (magic game only).
    pub fn open_location_window(&mut self, loc: u8) {
        if self.magic() {
            self.open_window(WinKind::Location(loc));
        }
    }

    /// Opens the window before a placement turn, once per turn. Returns true when it
    /// opened one.
    pub fn placement_window(&mut self) -> bool {
        if !self.magic() || self.m.turn_window_done {
            return false;
        }
        self.m.turn_window_done = true;
        self.open_window(WinKind::Placement);
        true
    }

    /// Called by the flow before resolution and after the last cave.
    pub fn flow_windows(&mut self) -> bool {
        if !self.magic() {
            return false;
        }
        if self.stage == Stage::Resolving
            && !self.m.before_done
            && self.cursor.loc == 0
            && !self.cursor.opened
        {
            self.m.before_done = true;
            self.open_window(WinKind::BeforeResolve);
            return true;
        }
        if self.stage == Stage::Resolving
            && !self.m.after_caves_done
            && self.cursor.loc == STABLES
            && !self.cursor.opened
        {
            self.m.after_caves_done = true;
            self.open_window(WinKind::AfterCaves);
            return true;
        }
        false
    }

    pub(crate) fn after_window_action(&mut self) {
        let n = self.n();
        if let Some(w) = self.m.windows.last_mut() {
            w.passes = 0;
            w.pos = (w.pos + 1) % n.max(1);
        }
    }

    // ----- legal actions in windows and magic steps -----------------------------------

    pub fn step_actions(&self, seat: usize, step: &Step) -> Vec<Action> {
        let me = &self.players[seat];
        let mut v = Vec::new();
        match step {
            Step::Mirror => {
                for (loc, strength) in self.own_face_up(seat) {
                    v.push(Action::ChooseOwnWorker { loc, strength });
                }
            }
            Step::Target { spell, picks } => self.target_actions(seat, *spell, picks, &mut v),
            Step::Keep { drawn, .. } => {
                for &sp in drawn {
                    if !v.contains(&Action::KeepSpell { spell: sp }) {
                        v.push(Action::KeepSpell { spell: sp });
                    }
                }
            }
            Step::Pay { purpose, paid, .. } => {
                for t in 0..TYPES as u8 {
                    if me.treasure[t as usize] > 0 {
                        v.push(Action::PayOne { treasure: t });
                    }
                }
                if *paid == 0 && matches!(purpose, PayFor::Extortion | PayFor::Levy { .. }) {
                    v.push(Action::Refuse);
                }
            }
            Step::Take { .. } => {
                for t in 0..TYPES as u8 {
                    if self.treasury[t as usize] > 0 {
                        v.push(Action::TakeOne { treasure: t });
                    }
                }
            }
            Step::Trade => {
                for give in 0..TYPES as u8 {
                    for take in 0..TYPES as u8 {
                        if give != take
                            && me.treasure[give as usize] > 0
                            && self.treasury[take as usize] > 0
                        {
                            v.push(Action::TradeOne { give, take });
                        }
                    }
                }
                v.push(Action::Done);
            }
            Step::EvictBack { victim } => {
                for (s, loc, slot) in self.workers_at_unresolved(|s| s == *victim, false) {
                    v.push(Action::ChooseWorker {
                        seat: s as u8,
                        loc,
                        slot,
                    });
                }
            }
            Step::StackPick { stack, .. } => {
                for i in 0..self.stacks[*stack as usize].len() as u8 {
                    v.push(Action::ChooseStackTile { index: i });
                }
            }
            Step::Withdraw { min, .. } => {
                for (loc, slot) in self.withdraw_choices(seat, *min) {
                    v.push(Action::ChooseWorker {
                        seat: seat as u8,
                        loc,
                        slot,
                    });
                }
            }
            Step::RemoveGhost { ghost, area } => {
                v.extend(self.ghost_removals(*ghost, *area));
                v.push(Action::Done);
            }
            Step::ExtortGhost => v.extend(self.extortion_candidates()),
        }
        v
    }

    /// Invocations and casts, from a window or a placement turn.
    pub fn apply_magic(
        &mut self,
        seat: usize,
        action: &Action,
        from_window: bool,
    ) -> Result<Done, GameError> {
        let done = match action {
            Action::Pass => {
                let w = self
                    .m
                    .windows
                    .last_mut()
                    .ok_or_else(|| GameError::new("no window"))?;
                w.passes += 1;
                w.pos += 1;
                Done::Passed { window: w.kind }
            }
            Action::PassRound => {
                self.m.passed[seat] = true;
                let w = self
                    .m
                    .windows
                    .last_mut()
                    .ok_or_else(|| GameError::new("no window"))?;
                w.passes += 1;
                w.pos += 1;
                Done::PassedRound
            }
            Action::Invoke { artefact } => {
                if from_window {
                    self.after_window_action();
                }
                self.m.invoked[seat][*artefact as usize] += 1;
                self.artefact_power(seat, *artefact);
                Done::Invoked {
                    artefact: *artefact,
                }
            }
            Action::Cast { spell } => {
                if from_window {
                    self.after_window_action();
                }
                let pos = self.m.hands[seat]
                    .iter()
                    .position(|s| s == spell)
                    .ok_or_else(|| GameError::new("spell not in hand"))?;
                self.m.hands[seat].remove(pos);
                if self.targets_for(*spell) > 0 {
                    self.pending = Some(Pending::Magic {
                        seat,
                        step: Step::Target {
                            spell: *spell,
                            picks: Vec::new(),
                        },
                    });
                } else {
                    self.announce(seat, *spell, Vec::new());
                }
                Done::Cast { spell: *spell }
            }
            _ => return Err(GameError::new("not an artefact or spell action")),
        };
        Ok(done)
    }

    pub(crate) fn announce(&mut self, caster: usize, spell: u8, targets: Vec<Action>) {
        self.m.casts.push(Cast {
            caster,
            spell,
            targets,
            cancelled: false,
        });
        self.open_window(WinKind::Spell);
    }

    pub(crate) fn artefact_power(&mut self, seat: usize, kind: u8) {
        if !self.ghosts.is_empty() {
            self.ghost_copies(kind);
        }
        match kind {
            AMULET => {
                if let Some(c) = self.m.casts.last_mut() {
                    c.cancelled = true;
                }
            }
            KEY => self.m.key[seat] = true,
            WAND => self.m.wand[seat] = true,
            RAVEN => {
                if let Some(loc) = self.current_loc() {
                    self.m.extras.push(Extra {
                        seat,
                        loc,
                        strength: 3,
                        raven: true,
                    });
                }
            }
            MIRROR => self.m.queue.insert(
                0,
                Pending::Magic {
                    seat,
                    step: Step::Mirror,
                },
            ),
            _ => {}
        }
    }

    /// Applies a decision inside a magic step (the pending was taken by the caller).
    pub fn apply_step(
        &mut self,
        seat: usize,
        step: Step,
        action: &Action,
    ) -> Result<Done, GameError> {
        let done = match (step, action) {
            (Step::Mirror, Action::ChooseOwnWorker { loc, strength }) => {
                self.m.extras.push(Extra {
                    seat,
                    loc: *loc,
                    strength: *strength,
                    raven: false,
                });
                Done::Mirrored {
                    loc: *loc,
                    strength: *strength,
                }
            }
            (Step::Target { spell, mut picks }, a) => {
                picks.push(a.clone());
                if picks.len() < self.targets_for(spell) {
                    self.pending = Some(Pending::Magic {
                        seat,
                        step: Step::Target { spell, picks },
                    });
                } else {
                    self.announce(seat, spell, picks);
                }
                Done::Targeted(a.clone())
            }
            (Step::Keep { drawn, give_to }, Action::KeepSpell { spell }) => {
                let mut rest = drawn.clone();
                let i = rest
                    .iter()
                    .position(|s| s == spell)
                    .ok_or_else(|| GameError::new("not drawn"))?;
                rest.remove(i);
                self.m.hands[seat].push(*spell);
                let others = rest.len() as u8;
                for other in rest {
                    match give_to {
                        Some(to) if to >= self.n() => {
                            let n = self.n();
                            self.ghosts[to - n].gained.push(other);
                        }
                        Some(to) => self.m.hands[to].push(other),
                        None => self.m.deck.insert(0, other),
                    }
                }
                Done::Kept {
                    spell: *spell,
                    others,
                    give_to,
                }
            }
            (
                Step::Pay {
                    owed,
                    paid,
                    purpose,
                },
                Action::PayOne { treasure },
            ) => {
                let t = *treasure as usize;
                self.players[seat].treasure[t] -= 1;
                match purpose {
                    PayFor::Teleport { to } if to < self.n() => self.players[to].treasure[t] += 1,
                    _ => self.treasury[t] += 1,
                }
                let paid = paid + 1;
                if paid < owed && self.players[seat].total_treasure() > 0 {
                    self.pending = Some(Pending::Magic {
                        seat,
                        step: Step::Pay {
                            owed,
                            paid,
                            purpose,
                        },
                    });
                }
                Done::PaidOne {
                    treasure: *treasure,
                    paid,
                    owed,
                }
            }
            (Step::Pay { purpose, .. }, Action::Refuse) => {
                let mut levy = None;
                match purpose {
                    PayFor::Extortion => self.send_castle_home(seat),
                    PayFor::Levy { seq } => {
                        if let Some(w) = self.players[seat]
                            .workers
                            .iter_mut()
                            .find(|w| w.seq == seq && w.loc.is_some())
                        {
                            levy = w.loc;
                            w.loc = None;
                            w.face_up = false;
                        }
                    }
                    _ => {}
                }
                Done::RefusedPay { levy }
            }
            (Step::Take { left }, Action::TakeOne { treasure }) => {
                let t = *treasure as usize;
                self.treasury[t] -= 1;
                self.players[seat].treasure[t] += 1;
                if left > 1 && self.treasury.iter().any(|&v| v > 0) {
                    self.pending = Some(Pending::Magic {
                        seat,
                        step: Step::Take { left: left - 1 },
                    });
                }
                Done::TookOne {
                    treasure: *treasure,
                }
            }
            (Step::Trade, Action::TradeOne { give, take }) => {
                self.players[seat].treasure[*give as usize] -= 1;
                self.treasury[*give as usize] += 1;
                self.treasury[*take as usize] -= 1;
                self.players[seat].treasure[*take as usize] += 1;
                self.pending = Some(Pending::Magic {
                    seat,
                    step: Step::Trade,
                });
                Done::Traded {
                    give: *give,
                    take: *take,
                }
            }
            (Step::Trade, Action::Done) => Done::TradeDone,
            (Step::EvictBack { victim }, Action::ChooseWorker { loc, slot, .. }) => {
                let i = self
                    .worker_at(victim, *loc, *slot)
                    .ok_or_else(|| GameError::new("no such worker"))?;
                let w = &mut self.players[victim].workers[i];
                w.loc = None;
                w.face_up = false;
                Done::EvictedBack { victim, loc: *loc }
            }
            (Step::StackPick { stack, rearrange }, Action::ChooseStackTile { index }) => {
                let s = stack as usize;
                if *index as usize >= self.stacks[s].len() {
                    return Err(GameError::new("no such tile"));
                }
                let tile = self.stacks[s].remove(*index as usize);
                if rearrange {
                    self.m.need_stack_shuffle = Some((stack, Some(tile)));
                    Done::Rearranged { tile }
                } else {
                    self.players[seat].artefacts[tile as usize] += 1;
                    self.top_up[s] = false;
                    if !self.stacks[s].is_empty() {
                        self.m.need_stack_shuffle = Some((stack, None));
                    }
                    self.after_purchase_check();
                    Done::PickedTile { tile }
                }
            }
            (Step::Withdraw { left, min }, Action::ChooseWorker { loc, slot, .. }) => {
                let i = self
                    .worker_at(seat, *loc, *slot)
                    .ok_or_else(|| GameError::new("no such worker"))?;
                let w = &mut self.players[seat].workers[i];
                w.loc = None;
                w.face_up = false;
                if left > 1 && !self.withdraw_choices(seat, min).is_empty() {
                    self.pending = Some(Pending::Magic {
                        seat,
                        step: Step::Withdraw {
                            left: left - 1,
                            min,
                        },
                    });
                }
                Done::Withdrew { loc: *loc }
            }
            (Step::RemoveGhost { .. }, Action::Done) => Done::LeftGhosts,
            (
                Step::RemoveGhost { .. } | Step::ExtortGhost,
                Action::ChooseGhostWorker { ghost, loc, slot },
            ) => {
                let g = *ghost as usize;
                let i = *self
                    .party_slots(self.n() + g, *loc)
                    .get(*slot as usize)
                    .ok_or_else(|| GameError::new("no such ghost counter"))?;
                let w = &mut self.ghosts[g].workers[i];
                w.loc = None;
                w.face_up = false;
                Done::SentGhostHome {
                    ghost: g,
                    loc: *loc,
                }
            }
            (step, a) => {
                self.pending = Some(Pending::Magic { seat, step });
                return Err(GameError::new(format!("{a:?} does not fit this step")));
            }
        };
        Ok(done)
    }

    pub(crate) fn describe_target(&self, actor: usize, a: &Action) -> String {
        match a {
            Action::ChooseLocation { loc } => crate::data::the_loc(*loc),
            Action::ChooseWorker { seat, loc, .. } if *seat as usize == actor => {
                format!("one of their own workers in {}", crate::data::the_loc(*loc))
            }
            Action::ChooseWorker { seat, loc, .. } => format!(
                "a worker of {} in {}",
                self.name_of(*seat as usize),
                crate::data::the_loc(*loc)
            ),
            Action::ChooseArtefact { artefact } => format!("the {}", artefact_name(*artefact)),
            Action::ChooseStack { stack } => {
                let room = if *stack == 5 {
                    data::ROOM_M
                } else {
                    ROOM_K + stack
                };
                format!("a stack in {}", loc_name(room))
            }
            _ => String::new(),
        }
    }

    pub(crate) fn send_castle_home(&mut self, seat: usize) {
        for w in &mut self.players[seat].workers {
            if w.loc.is_some_and(is_castle_room) {
                w.loc = None;
                w.face_up = false;
            }
        }
    }

    /// Ends the game when the castle is empty.
    pub fn after_purchase_check(&mut self) {
        if self.artefacts_left() == 0 {
            self.stage = Stage::Over;
            self.pending = None;
            self.m.queue.clear();
            self.m.windows.clear();
            self.m.casts.clear();
            self.m.need_stack_shuffle = None;
        }
    }

    /// Applies the spell-deck and stack shuffles.
    pub fn apply_magic_chance(&mut self, action: &Action) -> Result<ChanceDone, GameError> {
        match action {
            Action::ShuffleSpells { order } if self.m.need_spell_shuffle => {
                let pool = &self.m.discard;
                check_perm(order, pool.len())?;
                let mut shuffled: Vec<u8> = order.iter().map(|&i| pool[i as usize]).collect();
                self.m.discard.clear();
                shuffled.append(&mut self.m.deck);
                self.m.deck = shuffled;
                self.m.need_spell_shuffle = false;
                Ok(ChanceDone::SpellsShuffled)
            }
            Action::ShuffleStack { stack, order } => {
                let Some((s, chosen)) = self.m.need_stack_shuffle else {
                    return Err(GameError::new("no stack is waiting to be shuffled"));
                };
                if *stack != s {
                    return Err(GameError::new("a different stack is waiting"));
                }
                let tiles = self.stacks[s as usize].clone();
                check_perm(order, tiles.len())?;
                let mut new: Vec<u8> = order.iter().map(|&i| tiles[i as usize]).collect();
                if let Some(t) = chosen {
                    new.push(t);
                    self.top_up[s as usize] = true;
                }
                self.stacks[s as usize] = new;
                self.m.need_stack_shuffle = None;
                Ok(ChanceDone::StackShuffled)
            }
            _ => Err(GameError::new(
                "this chance outcome does not fit the game's state",
            )),
        }
    }
}

impl Keydoms {
    /// (loc, slot) of `seat`'s workers at unresolved locations of strength at least `min`.
    pub fn withdraw_choices(&self, seat: usize, min: u8) -> Vec<(u8, u8)> {
        self.workers_at_unresolved(|s| s == seat, true)
            .into_iter()
            .filter(|&(_, loc, slot)| {
                self.worker_at(seat, loc, slot).is_some_and(|i| {
                    self.effective(self.players[seat].workers[i].strength, loc) >= min
                })
            })
            .map(|(_, loc, slot)| (loc, slot))
            .collect()
    }

    /// Ghost counters a player's spell may send home.
    pub fn ghost_removals(&self, ghost: Option<u8>, area: GhostArea) -> Vec<Action> {
        let mut v = Vec::new();
        for g in 0..self.ghosts.len() {
            if ghost.is_some_and(|x| x as usize != g) {
                continue;
            }
            for loc in 0..data::LOCS as u8 {
                if !area.contains(loc) || !self.unresolved(loc) {
                    continue;
                }
                let k = self.party_slots(self.n() + g, loc).len();
                for slot in 0..k as u8 {
                    v.push(Action::ChooseGhostWorker {
                        ghost: g as u8,
                        loc,
                        slot,
                    });
                }
            }
        }
        v
    }
}
