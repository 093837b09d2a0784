//! The full game state and the actions that change it.

use serde::{Deserialize, Serialize};

use crate::data::{LEDGES, LOCS, STRENGTHS, TYPES};
pub use crate::pieces::{Action, Pending};

/// One worker counter.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Worker {
    pub strength: u8,
    /// `None` while behind the owner's screen.
    pub loc: Option<u8>,
    /// Revealed to everybody (its location has been turned up, or it was placed face
    /// up under Disclosure).
    pub face_up: bool,
    /// Placement order this round: identifies a face-down worker without naming it.
    #[serde(default)]
    pub seq: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Player {
    pub name: String,
    /// Value held per treasure type. A large treasure is three small ones of its type and
    /// the rules allow swapping sizes with the treasury at any time, so only value counts.
    pub treasure: [u8; TYPES],
    pub workers: Vec<Worker>,
    /// Artefacts owned, per kind (the wand included).
    pub artefacts: [u8; 6],
    /// Starting treasure types already taken.
    pub start_picks: Vec<u8>,
}

impl Player {
    pub fn new(name: String) -> Player {
        Player {
            name,
            treasure: [0; TYPES],
            workers: STRENGTHS
                .iter()
                .map(|&s| Worker {
                    strength: s,
                    loc: None,
                    face_up: false,
                    seq: 0,
                })
                .collect(),
            artefacts: [0; 6],
            start_picks: Vec::new(),
        }
    }

    pub fn total_treasure(&self) -> u16 {
        self.treasure.iter().map(|&v| v as u16).sum()
    }

    pub fn artefact_count(&self) -> u16 {
        self.artefacts.iter().map(|&v| v as u16).sum()
    }

    pub fn has_worker_in(&self, loc: u8) -> bool {
        self.workers.iter().any(|w| w.loc == Some(loc))
    }

    pub fn strength_in(&self, loc: u8) -> u16 {
        self.workers
            .iter()
            .filter(|w| w.loc == Some(loc))
            .map(|w| w.strength as u16)
            .sum()
    }

    pub fn unplaced(&self) -> impl Iterator<Item = &Worker> {
        self.workers.iter().filter(|w| w.loc.is_none())
    }
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum Stage {
    /// The castle's artefact tiles still have to be shuffled.
    Setup,
    /// A new round's guard and treasure card are due (a chance step).
    RoundStart,
    /// Players take their three different starting treasures.
    StartTreasures,
    Placing,
    Resolving,
    Over,
}

/// Progress through the location being resolved.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, Default)]
pub struct Cursor {
    /// The location being resolved (0 = A .. 14 = O).
    pub loc: u8,
    /// Location set up (workers turned, queue built) and waiting for its steps.
    pub opened: bool,
    /// Its reward is being (or has been) handed out: no more responses here.
    #[serde(default)]
    pub rewarded: bool,
    /// Seats still to be asked at this location, in order.
    pub queue: Vec<usize>,
    /// The location's workers are about to be turned up: a chance step with one
    /// outcome ([`Action::Reveal`]), so each location resolved is its own log entry and
    /// the table can show the locations one by one (0.3.0; 0.2.0 ran them in one go).
    #[serde(default)]
    pub reveal_due: bool,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum Mode {
    /// The full game with artefact powers, spells, cottage and roundhouse.
    Standard,
    /// The non-magic variant: artefacts have no powers except the scroll's tie-break;
    /// cottage and roundhouse are closed and there are no spells.
    Muggles,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Keydoms {
    pub mode: Mode,
    pub players: Vec<Player>,
    pub round: u32,
    /// The start player (holder of the pony marker).
    pub start: usize,
    pub treasury: [u8; TYPES],
    /// Treasure value per type on each ledge of each cave (top ledge first).
    pub caves: [[[u8; TYPES]; LEDGES]; 5],
    /// How many of those pieces are large, per type and ledge: the value alone cannot
    /// tell one large treasure from three small ones, and the ghosts' cave choice and
    /// the caves' display need the pieces the treasure card laid.
    #[serde(default)]
    pub cave_large: [[[u8; TYPES]; LEDGES]; 5],
    /// Artefact stacks, bottom first: rooms K..O, then the second stack of room M.
    pub stacks: [Vec<u8>; 6],
    /// Whether each stack's top tile is face up.
    pub top_up: [bool; 6],
    /// This round's guard tile and whether it has been turned up.
    pub guard: Option<u8>,
    pub guard_up: bool,
    /// Treasure cards of this game's set not yet turned up this cycle.
    pub card_deck: Vec<u16>,
    pub card_shown: Option<u16>,
    pub stage: Stage,
    pub pending: Option<Pending>,
    /// Placement turn pointer: the next turn goes to the first seat from
    /// `start + placed` (clockwise) that still has a worker behind its screen.
    pub placed: u32,
    pub cursor: Cursor,
    /// Seats allowed to keep workers in the castle this round.
    pub entered: Vec<bool>,
    /// Location flagged as just changed, for the view.
    #[serde(default)]
    pub last_loc: Option<u8>,
    /// Artefact powers, spells and response windows.
    #[serde(default)]
    pub m: crate::pieces::Magic,
    /// Bumped whenever hidden information comes out (workers or the guard turned up,
    /// spells drawn), so the action that caused it is logged as a reveal.
    #[serde(default)]
    pub reveals: u32,
    /// Ghost opponents (solo, two players, Spooky), seated after the human seats:
    /// participant `n() + i` is `ghosts[i]`.
    #[serde(default)]
    pub ghosts: Vec<crate::pieces::Ghost>,
    #[serde(default)]
    pub gp: crate::pieces::GhostPlay,
    /// Follows version 0.2.0's flow (a save of that version whose log the new flow
    /// cannot take, see `old_saves`): every seat with an artefact use and its wand
    /// unused is asked in every window, the placer too before its own turn, and the
    /// locations resolve without a step of their own.
    #[serde(default)]
    pub rules_0_2: bool,
    /// Follows version 0.1.0's rulings too (with 0.2.0's flow, which 0.1.0 shared): a
    /// raven keeps strength 3 under a ghost's Odd ones out, your Evict with ghosts
    /// strikes you as one of the parties, Moonlight moves only from an unresolved
    /// location, Copy reaches only other players' artefacts, and a ghost compares caves
    /// by value alone (not large pieces on equal value). See `old_saves`.
    #[serde(default)]
    pub rules_0_1: bool,
}

impl Keydoms {
    pub fn n(&self) -> usize {
        self.players.len()
    }

    /// Everybody at the table: the human seats, then the ghosts.
    pub fn total(&self) -> usize {
        self.players.len() + self.ghosts.len()
    }

    pub fn is_ghost(&self, p: usize) -> bool {
        p >= self.players.len()
    }

    /// Name of a seat or ghost.
    pub fn name_of(&self, p: usize) -> &str {
        match self.players.get(p) {
            Some(pl) => &pl.name,
            None => self
                .ghosts
                .get(p - self.players.len())
                .map_or("?", |g| g.name()),
        }
    }

    /// The `pos`-th human seat in turn order from the start player (a ghost holding the
    /// start marker hands the first human turn to seat 0, who sits after the ghosts).
    pub fn human_at(&self, pos: usize) -> usize {
        let n = self.n();
        let first = if self.start < n { self.start } else { 0 };
        (first + pos) % n
    }

    /// Human seats in turn order from the start player.
    pub fn turn_order(&self) -> Vec<usize> {
        (0..self.n()).map(|k| self.human_at(k)).collect()
    }

    /// Position of seat or ghost `p` in turn order from the start player (0 = start).
    pub fn order_pos(&self, p: usize) -> usize {
        let t = self.total();
        (p + t - self.start) % t
    }

    /// Tie-break rank at a location: a ghost that turned up a scroll this round wins
    /// ties ahead of everybody else, then turn order from the start player.
    fn tie_rank(&self, p: usize) -> usize {
        let scroll = p >= self.n() && self.ghosts[p - self.n()].fx.scroll;
        self.order_pos(p) + if scroll { 0 } else { self.total() }
    }

    /// Large pieces in a cave (each worth three small ones).
    pub fn cave_large_pieces(&self, cave: usize) -> u16 {
        self.cave_large[cave]
            .iter()
            .flat_map(|l| l.iter())
            .map(|&v| v as u16)
            .sum()
    }

    /// Empties one cave ledge, returning its value per type.
    pub fn take_ledge(&mut self, cave: usize, ledge: usize) -> [u8; TYPES] {
        self.cave_large[cave][ledge] = [0; TYPES];
        std::mem::take(&mut self.caves[cave][ledge])
    }

    pub fn cave_value(&self, cave: usize) -> u16 {
        self.caves[cave]
            .iter()
            .flat_map(|l| l.iter())
            .map(|&v| v as u16)
            .sum()
    }

    /// Stacks lying in castle room `loc`.
    pub fn room_stacks(&self, loc: u8) -> Vec<usize> {
        let r = (loc - crate::data::ROOM_K) as usize;
        if loc == crate::data::ROOM_M {
            vec![r, 5]
        } else {
            vec![r]
        }
    }

    /// Stacks in room `loc` whose face-up top artefact can be bought now.
    pub fn offered(&self, loc: u8) -> Vec<usize> {
        self.room_stacks(loc)
            .into_iter()
            .filter(|&s| self.top_up[s] && !self.stacks[s].is_empty())
            .collect()
    }

    /// Whether room `loc` has a face-up artefact on offer (no allocation: hot path).
    pub fn has_offer(&self, loc: u8) -> bool {
        let r = (loc - crate::data::ROOM_K) as usize;
        let up = |s: usize| self.top_up[s] && !self.stacks[s].is_empty();
        up(r) || (loc == crate::data::ROOM_M && up(5))
    }

    pub fn artefacts_left(&self) -> usize {
        self.stacks.iter().map(Vec::len).sum()
    }

    /// Players who have workers at `loc`, strongest first; ties go to the seat nearest
    /// the start player clockwise.
    pub fn ranking(&self, loc: u8) -> Vec<(usize, u16)> {
        let mut v: Vec<(usize, u16)> = (0..self.total())
            .filter(|&s| self.present(s, loc))
            .map(|s| (s, self.strength(s, loc)))
            .collect();
        if v.len() > 1 {
            v.sort_by_key(|&(s, t)| (std::cmp::Reverse(t), self.tie_rank(s)));
        }
        v
    }

    pub fn any_worker_in(&self, loc: u8) -> bool {
        (0..self.total()).any(|s| self.present(s, loc))
    }

    /// A worker, raven or mirror image of seat `seat` (or a counter of that ghost)
    /// stands at `loc`.
    pub fn present(&self, seat: usize, loc: u8) -> bool {
        match self.players.get(seat) {
            Some(p) => {
                p.has_worker_in(loc) || self.m.extras.iter().any(|e| e.seat == seat && e.loc == loc)
            }
            None => self.ghosts[seat - self.n()]
                .workers
                .iter()
                .any(|w| w.loc == Some(loc)),
        }
    }

    /// Strength a worker of printed strength `s` counts at `loc` (Substitute swaps 1 and 9;
    /// spells cast by ghosts weaken players' workers).
    pub fn effective(&self, s: u8, loc: u8) -> u8 {
        let s = if self.m.substitute_from.is_some_and(|f| loc >= f) && loc != crate::data::GUARD {
            match s {
                1 => 9,
                9 => 1,
                x => x,
            }
        } else {
            s
        };
        if self.ghosts.is_empty() {
            return s;
        }
        let s = if self.gp.nine_is_one && s == 9 { 1 } else { s };
        if (self.gp.halve_even && s % 2 == 0) || (self.gp.halve_odd && s % 2 == 1) {
            s / 2
        } else {
            s
        }
    }

    /// What a mirror image or raven counts at `loc`. Under 0.1.0's rulings a raven was a
    /// flat 3 that no effect changed.
    fn extra_strength(&self, e: &crate::pieces::Extra, loc: u8) -> u8 {
        if e.raven && self.rules_0_1 {
            3
        } else {
            self.effective(e.counted_strength(), loc)
        }
    }

    /// Every strength `seat` has at `loc`: workers, mirror images and ravens.
    pub fn strengths_at(&self, seat: usize, loc: u8) -> Vec<u8> {
        let mut v: Vec<u8> = self.players[seat]
            .workers
            .iter()
            .filter(|w| w.loc == Some(loc))
            .map(|w| self.effective(w.strength, loc))
            .collect();
        for e in &self.m.extras {
            if e.seat == seat && e.loc == loc {
                v.push(self.extra_strength(e, loc));
            }
        }
        v
    }

    pub fn strength(&self, seat: usize, loc: u8) -> u16 {
        if seat >= self.n() {
            let g = seat - self.n();
            return self.ghosts[g].strength_in(loc, self.ghost_mods(g, loc));
        }
        // Same sum as `strengths_at`, without building the list (hot path).
        let mut total: u16 = self.players[seat]
            .workers
            .iter()
            .filter(|w| w.loc == Some(loc))
            .map(|w| self.effective(w.strength, loc) as u16)
            .sum();
        for e in &self.m.extras {
            if e.seat == seat && e.loc == loc {
                total += self.extra_strength(e, loc) as u16;
            }
        }
        total
    }

    pub fn is_active(&self, loc: u8) -> bool {
        use crate::data::{LocKind, loc_kind};
        if loc as usize >= LOCS || self.m.taboo.contains(&loc) {
            return false;
        }
        match loc_kind(loc) {
            LocKind::Cave => self.cave_value(loc as usize) > 0,
            LocKind::Stables | LocKind::Market | LocKind::Guard => true,
            LocKind::Cottage | LocKind::Roundhouse => self.magic(),
            LocKind::Castle => self.has_offer(loc),
        }
    }

    /// The seat whose placement turn is next (meaningful while placing).
    pub fn placement_seat(&self) -> usize {
        (self.start + self.placed as usize) % self.total()
    }

    pub fn magic(&self) -> bool {
        self.mode != Mode::Muggles
    }

    /// Not yet resolved (the location being resolved counts until its reward starts).
    pub fn unresolved(&self, loc: u8) -> bool {
        match self.stage {
            Stage::Placing | Stage::StartTreasures | Stage::RoundStart | Stage::Setup => true,
            Stage::Resolving => {
                loc > self.cursor.loc || (loc == self.cursor.loc && !self.cursor.rewarded)
            }
            Stage::Over => false,
        }
    }
}
