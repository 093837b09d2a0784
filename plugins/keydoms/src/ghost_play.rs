//! The ghosts in the game flow: setup options, their placement turns (chance steps for
//! every random pick), their rewards at each location, the round's end and scoring.
//!
//! A ghost is participant `n() + i` (after the human seats). No seat ever acts for a
//! ghost: its turns are chance outcomes whose only random parts are the deck order,
//! the face-down artefact it turns over and which counter it grabs.

use tavern_plugin_api::{GameError, GameRng, Setup};

use crate::data::{
    AMULET, COTTAGE, KEY, LEDGES, MARKET, MIRROR, RAVEN, ROOM_K, ROUNDHOUSE, SCROLL, STABLES,
    TYPES, WAND,
};
use crate::ghost::{GHOSTS, Ghost, GhostCard, GhostMove, Mods, Step as Dir, card_spec};
pub use crate::pieces::{GhostPlay, RoundhousePick};
use crate::record::{ChanceDone, Note};
use crate::state::{Action, Keydoms};

/// Reads the ghost options: (ghosts, spells under each deck, artefacts turned up).
pub fn ghost_options(setup: &Setup) -> Result<(usize, u8, u8), GameError> {
    let n = setup.seats.len();
    let ghosts = match setup.option("ghosts", "auto") {
        "auto" => match n {
            1 => 2,
            2 => 1,
            _ => 0,
        },
        "0" => 0,
        "1" => 1,
        "2" => 2,
        other => {
            return Err(GameError::new(format!(
                "ghosts must be auto, 0, 1 or 2, not '{other}'"
            )));
        }
    };
    match (n, ghosts) {
        (1, 2) | (2, 1..=2) | (3..=6, 0) => {}
        (1, _) => return Err(GameError::new("a solo game is played against two ghosts")),
        (2, _) => return Err(GameError::new("two players need one or two ghosts")),
        _ if n + ghosts > 6 => {
            return Err(GameError::new(
                "at most six players and ghosts together fit the castle",
            ));
        }
        _ => {}
    }
    let bottom = match setup.option("ghost_spells", "0") {
        "0" => 0,
        "1" => 1,
        "2" => 2,
        other => {
            return Err(GameError::new(format!(
                "ghost_spells must be 0, 1 or 2, not '{other}'"
            )));
        }
    };
    let flips = match setup.option("ghost_artefacts", "1") {
        "1" => 1,
        "2" => 2,
        other => {
            return Err(GameError::new(format!(
                "ghost_artefacts must be 1 or 2, not '{other}'"
            )));
        }
    };
    Ok((ghosts, bottom, flips))
}

/// A few words for one direction on an action card.
fn dir_text(d: Dir) -> &'static str {
    match d {
        Dir::MissingType => "shows a kind it lacks",
        Dir::FewestWorkers => "fewest workers",
        Dir::FewestWorkersWithPlayer => "fewest workers with a player's worker",
        Dir::MostWorkers => "most workers",
        Dir::MostTreasure => "most treasure",
        Dir::FewestTreasure => "least treasure",
        Dir::SecondMostTreasure => "second most treasure",
        Dir::Leftmost => "leftmost",
        Dir::Rightmost => "rightmost",
        Dir::Roundhouse => "the roundhouse",
        Dir::OrderMarketStablesRoundhouseCottage => "market › stables › roundhouse › cottage",
        Dir::OrderMarketRoundhouseStablesCottage => "market › roundhouse › stables › cottage",
    }
}

/// One line describing an action card's directions, e.g. "most treasure › leftmost".
pub fn card_text(card: u8) -> String {
    card_spec(card)
        .map(|c| {
            let area = match c.area {
                crate::ghost::Area::Castle => "castle room",
                crate::ghost::Area::Keytown => "Keytown",
                crate::ghost::Area::Caves => "cave",
            };
            let steps: Vec<&str> = c.steps.iter().map(|&d| dir_text(d)).collect();
            format!("{area}: {}", steps.join(" › "))
        })
        .unwrap_or_default()
}

impl Keydoms {
    pub fn ghost_mods(&self, g: usize, loc: u8) -> Mods {
        let fx = &self.ghosts[g].fx;
        Mods {
            mirror: fx.mirror,
            disclosure: fx.disclosure,
            trade: fx.trade,
            substitute: loc < ROOM_K && self.m.substitute_from.is_some_and(|f| loc >= f),
        }
    }

    /// Whether seat or ghost `p` still has a placement turn coming this round.
    pub fn wants_to_place(&self, p: usize) -> bool {
        match self.players.get(p) {
            Some(pl) => pl.unplaced().next().is_some(),
            None => {
                let g = &self.ghosts[p - self.n()];
                g.wants_turn(g.fx.raven)
            }
        }
    }

    pub fn ghost_chance_due(&self) -> bool {
        !self.gp.shuffle_due.is_empty()
            || self.gp.evict_at.is_some()
            || self.gp.turn_due.is_some()
            || self.gp.roundhouse.is_some()
    }

    /// Face-down artefact tiles a ghost could turn up now. Last round's tiles are
    /// still face up at that moment (they go face down as the new one comes up), so the
    /// same tile never works two rounds running.
    pub(crate) fn flippable(&self, g: usize) -> Vec<u8> {
        let gh = &self.ghosts[g];
        let mut v = Vec::new();
        for k in 0..6u8 {
            if k != WAND {
                let down = gh.artefacts[k as usize].saturating_sub(gh.face_up[k as usize]);
                v.extend(std::iter::repeat_n(k, down as usize));
            }
        }
        v
    }

    /// The counters at `loc` of party `p` (seat or ghost), as indices in slot order.
    pub fn party_slots(&self, p: usize, loc: u8) -> Vec<usize> {
        match self.players.get(p) {
            Some(pl) => {
                let mut idx: Vec<usize> = (0..pl.workers.len())
                    .filter(|&i| pl.workers[i].loc == Some(loc))
                    .collect();
                idx.sort_by_key(|&i| pl.workers[i].seq);
                idx
            }
            None => {
                // By placement order: counter numbers follow strength, so they must
                // not name a face-down counter.
                let g = &self.ghosts[p - self.n()];
                let mut idx: Vec<usize> = (0..g.workers.len())
                    .filter(|&i| g.workers[i].loc == Some(loc))
                    .collect();
                idx.sort_by_key(|&i| g.workers[i].seq);
                idx
            }
        }
    }

    /// Who loses a random worker to Evict with ghosts: everybody at the location except
    /// the player who cast it (that player pays instead by choice, see `evict_apply`).
    /// Under 0.1.0's rulings the caster was one of the parties.
    pub(crate) fn evict_parties(&self, loc: u8) -> Vec<usize> {
        let spared = self.gp.evict_caster.filter(|_| !self.rules_0_1);
        (0..self.total())
            .filter(|&p| Some(p) != spared && !self.party_slots(p, loc).is_empty())
            .collect()
    }

    pub fn sample_ghost_chance(&self, rng: &mut GameRng) -> Action {
        use rand::RngExt;
        if let Some(&g) = self.gp.shuffle_due.first() {
            return Action::GhostShuffle {
                ghost: g as u8,
                order: rng
                    .permutation(self.ghosts[g].deck.len())
                    .into_iter()
                    .map(|i| i as u16)
                    .collect(),
            };
        }
        if let Some(r) = &self.gp.roundhouse {
            return Action::GhostKeepSpell {
                ghost: r.ghost as u8,
                pick: rng.random_range(0..r.drawn.len()) as u8,
            };
        }
        if let Some(loc) = self.gp.evict_at {
            let picks = self
                .evict_parties(loc)
                .into_iter()
                .map(|p| rng.random_range(0..self.party_slots(p, loc).len()) as u8)
                .collect();
            return Action::GhostEvict { picks };
        }
        let g = self.gp.turn_due.unwrap_or(0);
        let flip = if self.gp.started[g] {
            Vec::new()
        } else {
            let tiles = self.flippable(g);
            let k = tiles.len().min(self.gp.flips as usize);
            let mut f: Vec<u8> = rng
                .permutation(tiles.len())
                .into_iter()
                .take(k)
                .map(|i| tiles[i])
                .collect();
            f.sort_unstable();
            f
        };
        let worker = self.needs_pick(g).then(|| {
            let free = self.ghosts[g].unplaced();
            free[rng.random_range(0..free.len())] as u8
        });
        Action::GhostTurn {
            ghost: g as u8,
            flip,
            worker,
        }
    }

    /// Whether ghost `g`'s coming draw sends a counter somewhere (the counter is then
    /// picked at random).
    pub(crate) fn needs_pick(&self, g: usize) -> bool {
        let gh = &self.ghosts[g];
        match gh.deck.last() {
            Some(GhostCard::Action(card)) => gh.table(self, &self.ghosts).target(*card).is_some(),
            _ => false,
        }
    }

    pub fn apply_ghost_chance(&mut self, action: &Action) -> Result<ChanceDone, GameError> {
        match action {
            Action::GhostShuffle { ghost, order } => {
                let g = *ghost as usize;
                if self.gp.shuffle_due.first() != Some(&g) {
                    return Err(GameError::new(
                        "that ghost's deck is not waiting for a shuffle",
                    ));
                }
                self.ghosts[g].shuffle_deck(order)?;
                self.gp.shuffle_due.remove(0);
                let mut under_deck = None;
                if self.round == 0 && self.gp.bottom_spells > 0 {
                    // Harder ghosts: spells from the top of the spell deck go under.
                    let mut under = Vec::new();
                    for _ in 0..self.gp.bottom_spells {
                        if let Some(sp) = self.m.deck.pop() {
                            under.push(sp);
                        }
                    }
                    under_deck = Some(under.len());
                    self.ghosts[g].add_bottom_spells(&under);
                }
                Ok(ChanceDone::GhostShuffled {
                    ghost: g,
                    under: under_deck,
                })
            }
            Action::GhostEvict { .. } | Action::GhostTurn { .. }
                if self.gp.roundhouse.is_some() =>
            {
                Err(GameError::new("the roundhouse pick comes first"))
            }
            Action::GhostEvict { picks } => {
                if !self.gp.shuffle_due.is_empty() {
                    return Err(GameError::new("a ghost deck must be shuffled first"));
                }
                let Some(loc) = self.gp.evict_at else {
                    return Err(GameError::new("no Evict is waiting"));
                };
                let parties = self.evict_parties(loc);
                if picks.len() != parties.len() {
                    return Err(GameError::new("one pick per party at the location"));
                }
                let mut chosen = Vec::new();
                for (&p, &k) in parties.iter().zip(picks) {
                    let slots = self.party_slots(p, loc);
                    let &i = slots
                        .get(k as usize)
                        .ok_or_else(|| GameError::new("no such worker there"))?;
                    chosen.push((p, i));
                }
                Ok(self.evict_apply(loc, &chosen))
            }
            Action::GhostKeepSpell { ghost, pick } => {
                let Some(r) = self.gp.roundhouse.as_ref() else {
                    return Err(GameError::new("no ghost is choosing a spell"));
                };
                if r.ghost != *ghost as usize || *pick as usize >= r.drawn.len() {
                    return Err(GameError::new("that pick does not fit the roundhouse"));
                }
                let r = self.gp.roundhouse.take().expect("checked above");
                Ok(self.ghost_keeps(r, *pick as usize))
            }
            Action::GhostTurn {
                ghost,
                flip,
                worker,
            } => self.ghost_turn(*ghost as usize, flip, *worker),
            _ => Err(GameError::new("not a ghost chance outcome")),
        }
    }

    fn evict_apply(&mut self, loc: u8, chosen: &[(usize, usize)]) -> ChanceDone {
        let n = self.n();
        let mut parties = 0u16;
        let mut best_ghost = 0u8;
        let mut human_lost = false;
        for &(p, i) in chosen {
            if p < n {
                let w = &mut self.players[p].workers[i];
                w.loc = None;
                w.face_up = false;
                // 0.1.0: the caster losing its own random worker did not count.
                human_lost |= !self.rules_0_1 || Some(p) != self.gp.evict_caster;
            } else {
                let mods = self.ghost_mods(p - n, loc);
                let gh = &mut self.ghosts[p - n];
                best_ghost = best_ghost.max(gh.strength(&gh.workers[i], loc, mods));
                let w = &mut gh.workers[i];
                w.loc = None;
                w.face_up = false;
            }
            parties |= 1 << p;
        }
        self.gp.evict_at = None;
        if let Some(c) = self.gp.evict_caster.take()
            && !human_lost
            && best_ghost > 0
        {
            // Only ghosts lost a worker: the caster sends home one of their own at least
            // as strong (the price of striking a ghost rather than a player).
            self.m.queue.push(crate::state::Pending::Magic {
                seat: c,
                step: crate::magic::Step::Withdraw {
                    left: 1,
                    min: best_ghost,
                },
            });
        }
        ChanceDone::GhostEvicted { loc, parties }
    }

    fn ghost_turn(
        &mut self,
        g: usize,
        flip: &[u8],
        worker: Option<u8>,
    ) -> Result<ChanceDone, GameError> {
        if !self.gp.shuffle_due.is_empty() || self.gp.evict_at.is_some() {
            return Err(GameError::new("another chance step comes first"));
        }
        if self.gp.turn_due != Some(g) {
            return Err(GameError::new("it is not that ghost's turn"));
        }
        let first = !self.gp.started[g];
        if first {
            let mut avail = self.flippable(g);
            let want = avail.len().min(self.gp.flips as usize);
            if flip.len() != want {
                return Err(GameError::new("wrong number of artefacts turned up"));
            }
            for a in flip {
                let i = avail
                    .iter()
                    .position(|x| x == a)
                    .ok_or_else(|| GameError::new("the ghost has no such face-down artefact"))?;
                avail.remove(i);
            }
        } else if !flip.is_empty() {
            return Err(GameError::new(
                "artefacts are turned up on the first turn only",
            ));
        }
        let pick = match (self.needs_pick(g), worker) {
            (true, Some(w)) => Some(
                self.ghosts[g]
                    .unplaced()
                    .iter()
                    .position(|&i| i == w as usize)
                    .ok_or_else(|| GameError::new("that ghost counter is already out"))?,
            ),
            (false, None) => None,
            _ => {
                return Err(GameError::new(
                    "a counter is picked exactly when one is placed",
                ));
            }
        };
        if first {
            self.gp.started[g] = true;
            self.ghosts[g].invoke(flip);
            for &a in flip {
                // Muggles: artefacts have no powers (the scroll only breaks the final tie).
                if self.magic() {
                    self.ghost_power(g, a);
                }
            }
        }
        let mut gh = self.ghosts[g].clone();
        let mv = gh.take_turn(&self.ghosts[g].table(self, &self.ghosts), pick.unwrap_or(0))?;
        self.ghosts[g] = gh;
        self.gp.turn_due = None;
        self.placed += 1;
        self.last_loc = None;
        match mv {
            GhostMove::Placed { loc, worker, .. } => {
                self.last_loc = Some(loc);
                self.ghosts[g].workers[worker].seq = self.m.seq;
                self.m.seq += 1;
            }
            GhostMove::Revealed { .. } => self.reveals += 1,
            GhostMove::Wasted { .. } => {}
        }
        Ok(ChanceDone::GhostTurned { ghost: g, mv })
    }

    /// A power a ghost turned up (or copied): what it does for the ghost this round.
    pub fn ghost_power(&mut self, g: usize, kind: u8) {
        match kind {
            AMULET => self.gp.no_player_spells = true,
            KEY => self.gp.keys += 1,
            MIRROR => self.ghosts[g].fx.mirror = true,
            RAVEN => self.ghosts[g].fx.raven = true,
            SCROLL => self.ghosts[g].fx.scroll = true,
            _ => {}
        }
    }

    /// Copy cast by a ghost: a player's invocation works for it too, unless it already
    /// turned up that kind this round.
    pub fn ghost_copies(&mut self, kind: u8) {
        for g in 0..self.ghosts.len() {
            let gh = &self.ghosts[g];
            if gh.fx.copy && !gh.invoked.contains(&kind) && gh.fx.copied & (1 << kind) == 0 {
                self.ghosts[g].fx.copied |= 1 << kind;
                self.ghost_power(g, kind);
            }
        }
    }

    pub fn ghost_gain_spells(&mut self, g: usize, count: u8) {
        if self.magic() {
            self.gp.owed[g] += count;
        }
    }

    /// Hands owed spells to ghosts; asks for a reshuffle when the deck runs dry. Returns
    /// true when a chance step is now due.
    pub fn settle_owed(&mut self) -> bool {
        for g in 0..self.gp.owed.len() {
            while self.gp.owed[g] > 0 {
                if let Some(sp) = self.m.deck.pop() {
                    self.ghosts[g].gained.push(sp);
                    self.gp.owed[g] -= 1;
                } else if !self.m.discard.is_empty() {
                    self.m.need_spell_shuffle = true;
                    return true;
                } else {
                    self.gp.owed[g] = 0;
                }
            }
        }
        false
    }

    /// A ghost is strongest (or earns a cave ledge): what it gets instead of treasure.
    pub fn ghost_reward(
        &mut self,
        g: usize,
        loc: u8,
        second: Option<usize>,
        notes: &mut Vec<Note>,
    ) {
        let p = self.n() + g;
        let note = match loc {
            STABLES => {
                let kept = self.start == p;
                if kept {
                    self.ghost_gain_spells(g, 1);
                } else {
                    self.start = p;
                }
                Note::GhostStables { ghost: g, kept }
            }
            MARKET => {
                self.ghost_gain_spells(g, 1);
                Note::GhostMarket { ghost: g }
            }
            COTTAGE => {
                self.gp.no_player_artefacts = true;
                Note::GhostCottage { ghost: g }
            }
            ROUNDHOUSE => self.ghost_roundhouse(g, second),
            _ => return,
        };
        notes.push(note);
    }

    /// The ghost wins the roundhouse: two spells are drawn (the face-up pair under
    /// Foreknown) and a chance step picks the one it keeps.
    fn ghost_roundhouse(&mut self, g: usize, second: Option<usize>) -> Note {
        let drawn = if self.m.foreknown {
            std::mem::take(&mut self.m.offer)
        } else {
            let mut v = Vec::new();
            for _ in 0..2 {
                if let Some(sp) = self.m.deck.pop() {
                    v.push(sp);
                }
            }
            v
        };
        let note = Note::GhostRoundhouse {
            ghost: g,
            drawn: drawn.len(),
        };
        match drawn.len() {
            0 => {}
            1 => self.ghosts[g].gained.push(drawn[0]),
            _ => {
                self.gp.roundhouse = Some(RoundhousePick {
                    ghost: g,
                    drawn,
                    second,
                })
            }
        }
        note
    }

    /// The chance step's pick: the ghost keeps `drawn[pick]`; the other goes to the
    /// runner-up or under the spell deck. The public log says who got what kind of
    /// thing; the player handed the other spell reads which one it is.
    fn ghost_keeps(&mut self, r: RoundhousePick, pick: usize) -> ChanceDone {
        let g = r.ghost;
        let keep = r.drawn[pick];
        let other = r.drawn[1 - pick];
        self.ghosts[g].gained.push(keep);
        match r.second {
            Some(s) if s < self.n() => {
                self.m.hands[s].push(other);
                self.reveals += 1;
            }
            Some(s) => {
                let n = self.n();
                self.ghosts[s - n].gained.push(other);
            }
            None => self.m.deck.insert(0, other),
        }
        ChanceDone::GhostKept {
            ghost: g,
            keep,
            other,
            second: r.second,
        }
    }

    /// A ledge earned by a ghost goes back to the treasury.
    pub fn ghost_ledge(&mut self, g: usize, cave: usize, ledge: usize, notes: &mut Vec<Note>) {
        let goods = self.take_ledge(cave, ledge);
        let v: u16 = goods.iter().map(|&x| x as u16).sum();
        for t in 0..TYPES {
            self.treasury[t] += goods[t];
        }
        if v > 0 {
            notes.push(Note::GhostLedge {
                ghost: g,
                cave: cave as u8,
                ledge,
                value: v,
            });
        }
        debug_assert!(ledge < LEDGES);
    }

    /// A ghost's turn in a castle room: it takes an artefact on offer for free, one of
    /// a kind it lacks if two stacks are offered.
    pub fn ghost_buy(&mut self, g: usize, loc: u8, notes: &mut Vec<Note>) {
        let offered = self.offered(loc);
        let has = self.ghosts[g].artefacts;
        let Some(&s) = offered
            .iter()
            .find(|&&s| self.stacks[s].last().is_some_and(|&a| has[a as usize] == 0))
            .or(offered.first())
        else {
            return;
        };
        let art = self.stacks[s].pop().expect("offered stack has a tile");
        self.top_up[s] = false;
        self.ghosts[g].artefacts[art as usize] += 1;
        let choice = self.ghosts[g].fx.choice;
        if choice {
            self.ghost_gain_spells(g, 1);
        }
        notes.push(Note::GhostTook {
            ghost: g,
            artefact: art,
            loc,
            choice,
        });
        if self.artefacts_left() == 0 {
            notes.push(Note::LastArtefact);
        }
        self.after_purchase_check();
    }

    /// The round's end for ghosts: counters home, cast spells discarded, decks rebuilt
    /// (shuffled by chance steps before the next round).
    pub fn ghosts_end_round(&mut self) {
        for g in 0..self.ghosts.len() {
            let cast = self.ghosts[g].end_round();
            self.m.discard.extend(cast);
            self.ghosts[g].fx = Default::default();
        }
        self.gp.new_round();
    }

    /// Casts the next spell a ghost turned up during placement (at the start of
    /// resolution). Returns true when one was cast.
    pub fn cast_next_ghost_spell(&mut self, notes: &mut Vec<Note>) -> bool {
        for g in 0..self.ghosts.len() {
            if !self.ghosts[g].revealed.is_empty() {
                let spell = self.ghosts[g].revealed.remove(0);
                notes.push(Note::GhostCasts { ghost: g, spell });
                self.announce(self.n() + g, spell, Vec::new());
                return true;
            }
        }
        false
    }

    /// Moonlight cast by a ghost, once the caves are done.
    pub fn ghost_after_caves(&mut self, notes: &mut Vec<Note>) {
        self.gp.after_caves_done = true;
        for g in 0..self.ghosts.len() {
            if !self.ghosts[g].fx.moonlight {
                continue;
            }
            let mods = self.ghost_mods(g, 0);
            let t = self.ghosts[g].table(self, &self.ghosts);
            if let Some((i, room)) = self.ghosts[g].moonlight(&t, mods) {
                self.ghosts[g].workers[i].loc = Some(room);
                self.ghosts[g].workers[i].face_up = false;
                notes.push(Note::Moonlight { ghost: g, room });
            }
        }
    }

    /// Ghost scores and ranks for the outcome: (scores, tie keys).
    pub fn ghost_scores(&self) -> Vec<(tavern_plugin_api::SeatScore, i64)> {
        let t = self.total();
        // Spells a ghost earned that were not handed over before the game ended: each
        // is a card it would hold, as long as the deck (reshuffled discards included)
        // has one for it, ghosts in seat order.
        let mut left = self.m.deck.len() + self.m.discard.len();
        self.ghosts
            .iter()
            .enumerate()
            .map(|(g, gh)| {
                let p = self.n() + g;
                let earned = (self.gp.owed.get(g).copied().unwrap_or(0) as usize).min(left);
                left -= earned;
                (
                    gh.score_with(earned),
                    gh.artefacts[SCROLL as usize] as i64 * 16 + (t - self.order_pos(p)) as i64,
                )
            })
            .collect()
    }

    /// Creates the ghosts for a new game.
    pub fn seat_ghosts(&mut self, count: usize, bottom: u8, flips: u8) {
        self.ghosts = (0..count).map(Ghost::new).collect();
        self.gp = GhostPlay {
            bottom_spells: bottom,
            flips,
            shuffle_due: (0..count).collect(),
            started: vec![false; count],
            owed: vec![0; count],
            ..GhostPlay::default()
        };
        if count > 0 {
            let removed = &GHOSTS.removed_spells;
            self.m.discard.retain(|s| !removed.contains(s));
        }
    }
}
