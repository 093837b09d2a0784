//! The 21 spells: when each may be cast, which targets it needs and what it does.

use crate::data::{self, LEDGES, LocKind, SCROLL, STABLES, TYPES, is_castle_room, loc_kind};
use crate::magic::{Cast, Ctx, PayFor, Step, WinKind};
use crate::record::Note;
use crate::state::{Action, Keydoms, Pending, Stage};
use crate::treasure::fill_ledge;

impl Keydoms {
    /// Levy: `seat` pays 2 treasures for each of its workers at an unresolved Keytown
    /// location, one payment per worker in placement order (a player's or a ghost's cast).
    pub(crate) fn queue_levy(&mut self, seat: usize) {
        let mut seqs: Vec<u32> = self.players[seat]
            .workers
            .iter()
            .filter(|w| {
                w.loc.is_some_and(|l| {
                    (STABLES..=data::ROUNDHOUSE).contains(&l) && self.unresolved(l)
                })
            })
            .map(|w| w.seq)
            .collect();
        seqs.sort_unstable();
        for seq in seqs {
            self.m.queue.push(Pending::Magic {
                seat,
                step: Step::Pay {
                    owed: 2,
                    paid: 0,
                    purpose: PayFor::Levy { seq },
                },
            });
        }
    }

    pub(crate) fn spell_castable(&self, seat: usize, spell: u8, ctx: Ctx) -> bool {
        let opp = |s: usize| s != seat;
        match spell {
            1 => matches!(ctx, Ctx::Window(WinKind::Location(l)) if is_castle_room(l)
                && self.present(seat, l) && !self.offered(l).is_empty()
                && self.m.choice[seat] != Some(l)),
            2 => self.copyable(seat, ctx).next().is_some(),
            3 => !self.m.disclosure[seat] && self.stage == Stage::Placing,
            4 | 9 | 12 | 20 => true,
            5 => self.caves_allow_dragon_leaves(),
            6 => (0..5u8).any(|c| self.cave_value(c as usize) > 0 && self.unresolved(c)),
            7 if !self.ghosts.is_empty() => self.evict_location().is_some(),
            7 => !self.workers_at_unresolved(opp, false).is_empty(),
            8 => {
                (0..6u8).any(|k| self.unused(seat, k))
                    && (0..6).any(|s| self.top_up[s] && !self.stacks[s].is_empty())
            }
            10 | 14 => (0..data::LOCS as u8).any(|l| self.has_face_up_workers(l)),
            11 => self.treasury.iter().any(|&v| v > 0),
            // Moonlight may take a worker from any location, resolved ones included.
            // (0.1.0's rulings: only from an unresolved location.)
            13 => self.any_movable(|_| true, !self.rules_0_1),
            15 => self.stacks.iter().any(|s| !s.is_empty()),
            16 => {
                ctx == Ctx::Window(WinKind::AfterCaves)
                    && (STABLES..=data::ROUNDHOUSE).any(|l| !self.any_worker_in(l))
            }
            17 => {
                self.m.substitute_from.is_none()
                    && matches!(self.stage, Stage::Placing | Stage::Resolving)
            }
            18 => (0..data::LOCS as u8).any(|l| self.unresolved(l) && !self.m.taboo.contains(&l)),
            19 => self.players[seat].total_treasure() >= 3 && self.any_movable(opp, false),
            21 => self.players[seat].total_treasure() > 0,
            _ => false,
        }
    }

    /// Artefact kinds an opponent (another seat or a ghost) invoked this round whose
    /// power `seat` could use now.
    pub(crate) fn copyable(&self, seat: usize, ctx: Ctx) -> impl Iterator<Item = u8> + '_ {
        (0..6u8).filter(move |&k| {
            k != SCROLL
                && ((0..self.n()).any(|s| s != seat && self.m.invoked[s][k as usize] > 0)
                    || (!self.rules_0_1 && self.ghost_invoked_this_round(k)))
                && self.power_usable(seat, k, ctx)
        })
    }

    /// A ghost turned up an artefact of kind `k` this round. Its list still names last
    /// round's tiles until its first turn of this round turns them down.
    fn ghost_invoked_this_round(&self, k: u8) -> bool {
        self.ghosts.iter().enumerate().any(|(g, gh)| {
            self.gp.started.get(g).copied().unwrap_or(false) && gh.invoked.contains(&k)
        })
    }

    pub(crate) fn target_actions(
        &self,
        seat: usize,
        spell: u8,
        picks: &[Action],
        v: &mut Vec<Action>,
    ) {
        let opp = |s: usize| s != seat;
        match (spell, picks.len()) {
            (2, 0) => {
                for k in self.copyable(seat, Ctx::Window(self.window_kind_or_placement())) {
                    v.push(Action::ChooseArtefact { artefact: k });
                }
            }
            (6, 0) => {
                for c in 0..5u8 {
                    if self.cave_value(c as usize) > 0 && self.unresolved(c) {
                        v.push(Action::ChooseLocation { loc: c });
                    }
                }
            }
            (7, 0) => {
                for (s, loc, slot) in self.workers_at_unresolved(opp, false) {
                    v.push(Action::ChooseWorker {
                        seat: s as u8,
                        loc,
                        slot,
                    });
                }
            }
            (8, 0) => {
                for k in 0..6u8 {
                    if self.unused(seat, k) {
                        v.push(Action::ChooseArtefact { artefact: k });
                    }
                }
            }
            (8, 1) => {
                for s in 0..6u8 {
                    if self.top_up[s as usize] && !self.stacks[s as usize].is_empty() {
                        v.push(Action::ChooseStack { stack: s });
                    }
                }
            }
            (10 | 14, 0) => {
                for loc in self.face_up_locations() {
                    v.push(Action::ChooseLocation { loc });
                }
            }
            (13, 0) | (19, 0) => {
                let from = if spell == 13 && !self.rules_0_1 {
                    self.workers_where(|_| true, |_| true)
                } else {
                    let who: &dyn Fn(usize) -> bool = if spell == 13 { &|_| true } else { &opp };
                    self.workers_at_unresolved(who, true)
                };
                for (s, loc, slot) in from {
                    if !self.destinations(loc).is_empty() {
                        v.push(Action::ChooseWorker {
                            seat: s as u8,
                            loc,
                            slot,
                        });
                    }
                }
            }
            (13, 1) | (19, 1) => {
                if let Action::ChooseWorker { loc, .. } = picks[0] {
                    for d in self.destinations(loc) {
                        v.push(Action::ChooseLocation { loc: d });
                    }
                }
            }
            (15, 0) => {
                for s in 0..6u8 {
                    if !self.stacks[s as usize].is_empty() {
                        v.push(Action::ChooseStack { stack: s });
                    }
                }
            }
            (18, 0) => {
                for loc in 0..data::LOCS as u8 {
                    if self.unresolved(loc) && !self.m.taboo.contains(&loc) {
                        v.push(Action::ChooseLocation { loc });
                    }
                }
            }
            _ => {}
        }
    }

    pub(crate) fn window_kind_or_placement(&self) -> WinKind {
        self.m
            .windows
            .last()
            .map(|w| w.kind)
            .unwrap_or(WinKind::BeforeResolve)
    }

    /// Targets `spell` needs here: with ghosts, Evict picks its location by itself.
    pub(crate) fn targets_for(&self, spell: u8) -> usize {
        if spell == 7 && !self.ghosts.is_empty() {
            0
        } else {
            Self::targets_needed(spell)
        }
    }

    /// Targets each spell needs before it is announced.
    pub(crate) fn targets_needed(spell: u8) -> usize {
        match spell {
            2 | 6 | 7 | 10 | 14 | 15 | 18 => 1,
            8 | 13 | 19 => 2,
            _ => 0,
        }
    }

    // ----- applying ---------------------------------------------------------------------

    pub(crate) fn spell_effect(&mut self, cast: Cast, notes: &mut Vec<Note>) {
        if cast.caster >= self.n() {
            self.ghost_spell_effect(cast.caster - self.n(), cast.spell, notes);
            return;
        }
        if self.ghosts.is_empty() {
            self.player_spell(cast, notes);
            return;
        }
        // With ghosts Evict takes its ghost form; other extras come after the usual
        // effect.
        if cast.spell != 7 {
            self.player_spell(cast.clone(), notes);
        }
        self.player_spell_with_ghosts(&cast, notes);
    }

    fn player_spell(&mut self, cast: Cast, notes: &mut Vec<Note>) {
        let c = cast.caster;
        let order = self.turn_order();
        match cast.spell {
            1 => self.m.choice[c] = self.current_loc(),
            2 => {
                if let Some(Action::ChooseArtefact { artefact }) = cast.targets.first() {
                    self.artefact_power(c, *artefact);
                }
            }
            3 => self.m.disclosure[c] = true,
            4 | 20 => {
                let owed = if cast.spell == 4 { 5 } else { 7 };
                for s in order {
                    self.m.queue.push(Pending::Magic {
                        seat: s,
                        step: Step::Pay {
                            owed,
                            paid: 0,
                            purpose: PayFor::Treasury,
                        },
                    });
                }
            }
            5 => {
                let empty = (0..5).find(|&cv| self.cave_value(cv) == 0);
                notes.push(Note::DragonLeft {
                    cave: empty.map(|c| c as u8),
                });
                if let Some(cave) = empty {
                    fill_ledge(
                        &mut self.treasury,
                        &mut self.caves[cave][0],
                        &mut self.cave_large[cave][0],
                        cave,
                        0,
                        4,
                    );
                    fill_ledge(
                        &mut self.treasury,
                        &mut self.caves[cave][1],
                        &mut self.cave_large[cave][1],
                        cave,
                        0,
                        2,
                    );
                }
            }
            6 => {
                if let Some(Action::ChooseLocation { loc }) = cast.targets.first() {
                    for l in 0..LEDGES {
                        let g = self.take_ledge(*loc as usize, l);
                        for t in 0..TYPES {
                            self.treasury[t] += g[t];
                        }
                    }
                }
            }
            7 => {
                if let Some(&Action::ChooseWorker { seat, loc, slot }) = cast.targets.first() {
                    let victim = seat as usize;
                    if let Some(i) = self.worker_at(victim, loc, slot) {
                        let w = &mut self.players[victim].workers[i];
                        w.loc = None;
                        w.face_up = false;
                    }
                    if !self.workers_at_unresolved(|s| s == c, false).is_empty() {
                        self.m.queue.push(Pending::Magic {
                            seat: victim,
                            step: Step::EvictBack { victim: c },
                        });
                    }
                }
            }
            8 => {
                if let (
                    Some(&Action::ChooseArtefact { artefact }),
                    Some(&Action::ChooseStack { stack }),
                ) = (cast.targets.first(), cast.targets.get(1))
                {
                    let s = stack as usize;
                    if self.unused(c, artefact)
                        && self.top_up[s]
                        && let Some(top) = self.stacks[s].pop()
                    {
                        self.stacks[s].push(artefact);
                        self.players[c].artefacts[artefact as usize] -= 1;
                        self.players[c].artefacts[top as usize] += 1;
                    }
                }
            }
            9 => {
                let before = self.m.queue.len();
                for s in order {
                    let count = self.players[s]
                        .workers
                        .iter()
                        .filter(|w| w.loc.is_some_and(is_castle_room))
                        .count() as u8;
                    if s != c && count > 0 {
                        self.m.queue.push(Pending::Magic {
                            seat: s,
                            step: Step::Pay {
                                owed: count,
                                paid: 0,
                                purpose: PayFor::Extortion,
                            },
                        });
                    }
                }
                if self.m.queue.len() == before {
                    notes.push(Note::NobodyPays { spell: 9 });
                }
            }
            10 | 14 => {
                if let Some(&Action::ChooseLocation { loc }) = cast.targets.first() {
                    let odd = cast.spell == 14;
                    let mut counts = [0u8; crate::rules::MAX_PLAYERS];
                    for (s, p) in self.players.iter_mut().enumerate() {
                        for w in &mut p.workers {
                            if w.loc == Some(loc) && (w.strength % 2 == 1) == odd {
                                w.loc = None;
                                w.face_up = false;
                                counts[s] += 1;
                            }
                        }
                    }
                    self.m.extras.retain(|e| {
                        let stays = e.loc != loc
                            || if odd {
                                !(e.raven || e.strength % 2 == 1)
                            } else {
                                e.strength % 2 == 1
                            };
                        if !stays {
                            counts[e.seat] += 1;
                        }
                        stays
                    });
                    notes.push(Note::Parity { loc, odd, counts });
                }
            }
            11 => self.m.queue.push(Pending::Magic {
                seat: c,
                step: Step::Take { left: 3 },
            }),
            12 => {
                let before = self.m.queue.len();
                for s in order {
                    if s != c {
                        self.queue_levy(s);
                    }
                }
                if self.m.queue.len() == before {
                    notes.push(Note::NobodyPays { spell: 12 });
                }
            }
            13 | 19 => {
                if let (
                    Some(&Action::ChooseWorker { seat, loc, slot }),
                    Some(&Action::ChooseLocation { loc: dest }),
                ) = (cast.targets.first(), cast.targets.get(1))
                {
                    let owner = seat as usize;
                    if owner >= self.n() {
                        // A ghost's counter moves as it lies.
                        let g = owner - self.n();
                        let current = self.current_loc() == Some(dest);
                        if let Some(&i) = self.party_slots(owner, loc).get(slot as usize) {
                            let w = &mut self.ghosts[g].workers[i];
                            w.loc = Some(dest);
                            w.face_up |= current;
                        }
                    } else if let Some(i) = self.worker_at(owner, loc, slot) {
                        let current = self.current_loc() == Some(dest);
                        let w = &mut self.players[owner].workers[i];
                        w.loc = Some(dest);
                        // Joining the location being resolved means it is counted now.
                        if current {
                            w.face_up = true;
                        }
                    }
                    // Teleport's compensation: a ghost takes no treasure, so what it is owed
                    // goes to the treasury (as a cave ledge a ghost wins does).
                    if cast.spell == 19 && owner != c && self.players[c].total_treasure() > 0 {
                        self.m.queue.push(Pending::Magic {
                            seat: c,
                            step: Step::Pay {
                                owed: 3,
                                paid: 0,
                                purpose: PayFor::Teleport { to: owner },
                            },
                        });
                    }
                }
            }
            15 => {
                if let Some(&Action::ChooseStack { stack }) = cast.targets.first()
                    && !self.stacks[stack as usize].is_empty()
                {
                    self.m.queue.push(Pending::Magic {
                        seat: c,
                        step: Step::StackPick {
                            stack,
                            rearrange: true,
                        },
                    });
                }
            }
            16 => {
                for loc in STABLES..=data::ROUNDHOUSE {
                    if self.any_worker_in(loc) {
                        continue;
                    }
                    match loc_kind(loc) {
                        LocKind::Stables => self.m.queue.push(Pending::NameStartPlayer { seat: c }),
                        LocKind::Market => {
                            if self.players[c].total_treasure() > 0 {
                                self.m.queue.push(Pending::MarketGive { seat: c });
                            }
                        }
                        LocKind::Cottage => self.m.allowance[c] += 1,
                        // Drawn by the flow, which reshuffles first if need be.
                        _ => self.m.draws_due.push(c),
                    }
                }
            }
            17 => {
                self.m.substitute_from = Some(if self.stage == Stage::Resolving {
                    self.cursor.loc
                } else {
                    0
                })
            }
            18 => {
                if let Some(&Action::ChooseLocation { loc }) = cast.targets.first() {
                    self.m.taboo.push(loc);
                }
            }
            21 => self.m.queue.push(Pending::Magic {
                seat: c,
                step: Step::Trade,
            }),
            _ => {}
        }
    }

    /// Whether two spells are about to be drawn blind from a deck holding fewer while
    /// discards exist: then a reshuffle is asked for first (true). The roundhouse and
    /// Smuggler's roundhouse reward both go through here.
    pub(crate) fn reshuffle_before_draw(&mut self) -> bool {
        let short = !self.m.foreknown && self.m.deck.len() < 2 && !self.m.discard.is_empty();
        if short {
            self.m.need_spell_shuffle = true;
        }
        short
    }

    /// Draws up to two spells for `seat` (the roundhouse's or Smuggler's reward).
    pub fn draw_spells(&mut self, seat: usize, give_to: Option<usize>) {
        let mut drawn = Vec::new();
        if self.m.foreknown {
            drawn = std::mem::take(&mut self.m.offer);
        } else {
            for _ in 0..2 {
                if let Some(s) = self.m.deck.pop() {
                    drawn.push(s);
                }
            }
        }
        if !drawn.is_empty() {
            self.reveals += 1;
            self.m.queue.push(Pending::Magic {
                seat,
                step: Step::Keep { drawn, give_to },
            });
        }
    }
}
