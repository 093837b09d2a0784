//! Ghost opponents for the one- and two-player games: their component data, the
//! action-card directives that pick a location, double-sided worker strengths, the
//! draw deck's round cycle and their final score.
//!
//! Pure data and functions over a board snapshot; `ghost_play` wires them into the game
//! flow.

use std::sync::LazyLock;

use serde::Deserialize;
use tavern_plugin_api::{GameError, Outcome, SeatScore};

use crate::Keydoms;
use crate::data::{COTTAGE, LOCS, MARKET, ROOM_K, ROOM_O, ROUNDHOUSE, STABLES, WAND};
use crate::perm::check_perm;

// A ghost's pieces (its counters, deck and effects, and what a turn did) live in
// `pieces`, below `state`, which holds them; the rules on them are here.
pub use crate::pieces::{Fx, Ghost, GhostCard, GhostMove, GhostWorker};

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Area {
    Castle,
    Keytown,
    Caves,
}

/// One direction on an action card. Each one narrows the candidate locations; one that
/// would leave none is skipped (the rulebook's "if none").
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Castle rooms showing an artefact of a kind the ghost lacks.
    MissingType,
    FewestWorkers,
    /// Among rooms with at least one player's worker, those with the fewest workers.
    FewestWorkersWithPlayer,
    MostWorkers,
    MostTreasure,
    FewestTreasure,
    SecondMostTreasure,
    Leftmost,
    Rightmost,
    Roundhouse,
    OrderMarketStablesRoundhouseCottage,
    OrderMarketRoundhouseStablesCottage,
}

#[derive(Debug, Deserialize)]
pub struct CardSpec {
    pub id: u8,
    pub area: Area,
    pub steps: Vec<Step>,
}

#[derive(Debug, Deserialize)]
pub struct GhostSpec {
    pub id: String,
    pub name: String,
    /// Per counter: `[castle side, elsewhere side]`.
    pub workers: Vec<[u8; 2]>,
}

#[derive(Debug, Deserialize)]
pub struct MirrorBonus {
    pub castle: u8,
    pub elsewhere: u8,
}

#[derive(Debug, Deserialize)]
pub struct GhostData {
    pub ghosts: Vec<GhostSpec>,
    pub placed_per_round: usize,
    pub placed_with_raven: usize,
    pub mirror_bonus: MirrorBonus,
    pub removed_spells: Vec<u8>,
    pub cards: Vec<CardSpec>,
    /// Help texts (our words), keyed by artefact id, location kind or spell number.
    pub artefact_powers: std::collections::BTreeMap<String, String>,
    pub rewards: std::collections::BTreeMap<String, String>,
    pub spells_cast_by_ghost: std::collections::BTreeMap<String, String>,
    pub spells_cast_by_player_extra: std::collections::BTreeMap<String, String>,
}

pub static GHOSTS: LazyLock<GhostData> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../../../resources/keydoms/ghosts.json"))
        .expect("ghosts.json parses")
});

pub fn card_spec(id: u8) -> Option<&'static CardSpec> {
    GHOSTS.cards.iter().find(|c| c.id == id)
}

/// What a directive needs beyond the board: the ghosts' counters on the board (every
/// ghost's, since "workers" counts everybody's) and the artefacts this ghost holds.
pub struct Table<'a> {
    pub k: &'a Keydoms,
    pub ghost_workers: [u8; LOCS],
    pub has: [u8; 6],
}

impl Table<'_> {
    fn player_workers(&self, loc: u8) -> usize {
        self.k
            .players
            .iter()
            .flat_map(|p| p.workers.iter())
            .filter(|w| w.loc == Some(loc))
            .count()
    }

    pub fn workers(&self, loc: u8) -> usize {
        self.player_workers(loc) + self.ghost_workers[loc as usize] as usize
    }

    /// The room shows an artefact of a kind this ghost does not hold.
    pub fn shows_missing(&self, loc: u8) -> bool {
        self.k
            .offered(loc)
            .into_iter()
            .filter_map(|s| self.k.stacks[s].last())
            .any(|&a| self.has[a as usize] == 0)
    }

    fn candidates(&self, area: Area) -> Vec<u8> {
        let locs: Vec<u8> = match area {
            Area::Castle => (ROOM_K..=ROOM_O).collect(),
            Area::Keytown => vec![STABLES, MARKET, COTTAGE, ROUNDHOUSE],
            Area::Caves => (0..5).collect(),
        };
        locs.into_iter().filter(|&l| self.k.is_active(l)).collect()
    }

    /// Where card `card` sends this ghost's next worker; `None` if no location of its
    /// area is active.
    pub fn target(&self, card: u8) -> Option<u8> {
        let spec = card_spec(card)?;
        let mut set = self.candidates(spec.area);
        if set.is_empty() {
            return None;
        }
        for &step in &spec.steps {
            let next = self.narrow(step, &set);
            if !next.is_empty() {
                set = next;
            }
            if set.len() == 1 {
                break;
            }
        }
        // Our closing tie-break where a chain runs out: the lowest letter.
        set.into_iter().min()
    }

    fn narrow(&self, step: Step, set: &[u8]) -> Vec<u8> {
        let best_by = |key: &dyn Fn(u8) -> i64| -> Vec<u8> {
            let Some(top) = set.iter().map(|&l| key(l)).max() else {
                return Vec::new();
            };
            set.iter().copied().filter(|&l| key(l) == top).collect()
        };
        // How much treasure a cave holds: its value (a large piece counts 3), and on
        // equal value the cave with more large pieces ranks ahead (one large before three
        // small), as the cards' explanation says. (0.1.0's rulings compared the value
        // alone.)
        let by_pieces = !self.k.rules_0_1;
        let value = |l: u8| {
            self.k.cave_value(l as usize) as i64 * 64
                + by_pieces as i64 * self.k.cave_large_pieces(l as usize) as i64
        };
        let order = |list: &[u8]| -> Vec<u8> {
            list.iter()
                .copied()
                .find(|l| set.contains(l))
                .into_iter()
                .collect()
        };
        match step {
            Step::MissingType => set
                .iter()
                .copied()
                .filter(|&l| self.shows_missing(l))
                .collect(),
            Step::FewestWorkers => best_by(&|l| -(self.workers(l) as i64)),
            Step::FewestWorkersWithPlayer => {
                let with: Vec<u8> = set
                    .iter()
                    .copied()
                    .filter(|&l| self.player_workers(l) > 0)
                    .collect();
                self.narrow(Step::FewestWorkers, &with)
            }
            Step::MostWorkers => best_by(&|l| self.workers(l) as i64),
            Step::MostTreasure => best_by(&value),
            Step::FewestTreasure => best_by(&|l| -value(l)),
            Step::SecondMostTreasure => {
                let mut v = set.to_vec();
                v.sort_by_key(|&l| (std::cmp::Reverse(value(l)), l));
                vec![*v.get(1).unwrap_or(&v[0])]
            }
            Step::Leftmost => set.iter().copied().min().into_iter().collect(),
            Step::Rightmost => set.iter().copied().max().into_iter().collect(),
            Step::Roundhouse => order(&[ROUNDHOUSE]),
            Step::OrderMarketStablesRoundhouseCottage => {
                order(&[MARKET, STABLES, ROUNDHOUSE, COTTAGE])
            }
            Step::OrderMarketRoundhouseStablesCottage => {
                order(&[MARKET, ROUNDHOUSE, STABLES, COTTAGE])
            }
        }
    }
}

/// Effects that change how a ghost's counters count this round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mods {
    pub mirror: bool,
    /// Disclosure cast by this ghost: +2 outside the castle (A–I).
    pub disclosure: bool,
    /// Trade cast by this ghost: +1 in the castle rooms.
    pub trade: bool,
    /// Substitute cast by a player: the castle side counts everywhere.
    pub substitute: bool,
}

impl Ghost {
    /// A ghost before setup's shuffle: deck in card order, all counters off the board,
    /// holding its wand.
    pub fn new(kind: usize) -> Ghost {
        let mut artefacts = [0; 6];
        artefacts[WAND as usize] = 1;
        Ghost {
            kind,
            workers: GHOSTS.ghosts[kind]
                .workers
                .iter()
                .map(|&[c, e]| GhostWorker {
                    castle: c,
                    elsewhere: e,
                    loc: None,
                    face_up: false,
                    seq: 0,
                })
                .collect(),
            deck: GHOSTS
                .cards
                .iter()
                .map(|c| GhostCard::Action(c.id))
                .collect(),
            discard: Vec::new(),
            revealed: Vec::new(),
            gained: Vec::new(),
            artefacts,
            face_up: [0; 6],
            invoked: Vec::new(),
            fx: Fx::default(),
        }
    }

    pub fn name(&self) -> &'static str {
        &GHOSTS.ghosts[self.kind].name
    }

    pub fn placed(&self) -> usize {
        self.workers.iter().filter(|w| w.loc.is_some()).count()
    }

    /// Whether the ghost still takes placement turns this round.
    pub fn wants_turn(&self, raven: bool) -> bool {
        let quota = if raven {
            GHOSTS.placed_with_raven
        } else {
            GHOSTS.placed_per_round
        };
        self.placed() < quota && !self.deck.is_empty()
    }

    /// Strength of one counter at `loc`: the small side in the castle rooms, the large
    /// side in the caves and Keytown.
    pub fn strength(&self, w: &GhostWorker, loc: u8, mods: Mods) -> u8 {
        let castle = loc >= ROOM_K;
        let b = &GHOSTS.mirror_bonus;
        let mut s = if castle || mods.substitute {
            w.castle
        } else {
            w.elsewhere
        };
        if mods.mirror {
            s += if castle { b.castle } else { b.elsewhere };
        }
        if mods.disclosure && !castle {
            s += 2;
        }
        if mods.trade && castle {
            s += 1;
        }
        s
    }

    pub fn strength_in(&self, loc: u8, mods: Mods) -> u16 {
        self.workers
            .iter()
            .filter(|w| w.loc == Some(loc))
            .map(|w| self.strength(w, loc, mods) as u16)
            .sum()
    }

    /// Artefact kinds the ghost could turn over at the start of a round (never the wand).
    pub fn face_down_kinds(&self) -> Vec<u8> {
        (0..6u8)
            .filter(|&a| a != WAND && self.artefacts[a as usize] > self.face_up[a as usize])
            .collect()
    }

    /// Start of the ghost's first turn: last round's artefacts go face down again, then
    /// `turn` (chosen from `face_down_kinds`, one or two by difficulty) are invoked.
    pub fn invoke(&mut self, turn: &[u8]) {
        for a in self.invoked.drain(..) {
            self.face_up[a as usize] -= 1;
        }
        for &a in turn {
            self.face_up[a as usize] += 1;
            self.invoked.push(a);
        }
    }

    /// End of round: counters come home, cast spells leave (returned for the spell
    /// discard pile) and the cards to be shuffled into the new deck are gathered.
    pub fn end_round(&mut self) -> Vec<u8> {
        for w in &mut self.workers {
            w.loc = None;
            w.face_up = false;
        }
        let cast = std::mem::take(&mut self.revealed);
        let mut deck: Vec<GhostCard> = GHOSTS
            .cards
            .iter()
            .map(|c| GhostCard::Action(c.id))
            .collect();
        deck.extend(
            self.deck
                .iter()
                .filter(|c| matches!(c, GhostCard::Spell(_)))
                .copied(),
        );
        deck.extend(self.gained.drain(..).map(GhostCard::Spell));
        self.deck = deck;
        self.discard.clear();
        cast
    }

    /// Spells the ghost holds but has not cast (in its deck or gained this round).
    pub fn unresolved_spells(&self) -> usize {
        self.deck
            .iter()
            .filter(|c| matches!(c, GhostCard::Spell(_)))
            .count()
            + self.gained.len()
    }

    /// Final score: artefacts, plus one per started pair of unresolved spells.
    pub fn score_lines(&self) -> (u16, u16) {
        let arts: u16 = self.artefacts.iter().map(|&a| a as u16).sum();
        (arts, self.unresolved_spells().div_ceil(2) as u16)
    }
}

impl Ghost {
    /// For a bot's guess: face-down counters swap strengths among themselves and the
    /// action cards left in the deck swap places (the card-back sequence is public).
    pub fn resample_hidden(&mut self, rng: &mut tavern_plugin_api::GameRng) {
        use rand::seq::SliceRandom;
        let hidden: Vec<usize> = (0..self.workers.len())
            .filter(|&i| !self.workers[i].face_up)
            .collect();
        let mut sides: Vec<(u8, u8)> = hidden
            .iter()
            .map(|&i| (self.workers[i].castle, self.workers[i].elsewhere))
            .collect();
        // Sorted first: a world must not depend on how the hidden values lie.
        sides.sort_unstable();
        sides.shuffle(rng);
        for (&i, (c, e)) in hidden.iter().zip(sides) {
            self.workers[i].castle = c;
            self.workers[i].elsewhere = e;
        }
        let slots: Vec<usize> = (0..self.deck.len())
            .filter(|&i| matches!(self.deck[i], GhostCard::Action(_)))
            .collect();
        let mut cards: Vec<GhostCard> = slots.iter().map(|&i| self.deck[i]).collect();
        cards.sort_unstable();
        cards.shuffle(rng);
        for (&i, c) in slots.iter().zip(cards) {
            self.deck[i] = c;
        }
    }

    /// Chance step: put the deck in `order` (a permutation of its current cards).
    pub fn shuffle_deck(&mut self, order: &[u16]) -> Result<(), GameError> {
        check_perm(order, self.deck.len())?;
        let old = std::mem::take(&mut self.deck);
        self.deck = order.iter().map(|&i| old[i as usize]).collect();
        Ok(())
    }

    /// Harder setup: spells go under the shuffled deck.
    pub fn add_bottom_spells(&mut self, spells: &[u8]) {
        for &s in spells {
            self.deck.insert(0, GhostCard::Spell(s));
        }
    }

    /// Counters still behind the ghost (face down, not yet placed), in counter order.
    pub fn unplaced(&self) -> Vec<usize> {
        (0..self.workers.len())
            .filter(|&i| self.workers[i].loc.is_none())
            .collect()
    }

    /// The board as this ghost's directives see it; `all` lists every ghost in the game
    /// (this one included) so their counters count as workers.
    pub fn table<'a>(&self, k: &'a Keydoms, all: &[Ghost]) -> Table<'a> {
        let mut ghost_workers = [0u8; LOCS];
        for g in all {
            for w in &g.workers {
                if let Some(l) = w.loc {
                    ghost_workers[l as usize] += 1;
                }
            }
        }
        Table {
            k,
            ghost_workers,
            has: self.artefacts,
        }
    }

    /// One placement turn: draw the top card and follow it. `pick` is the chance
    /// outcome choosing which unplaced counter goes (index into `unplaced()`); only an
    /// action card with a target uses it.
    pub fn take_turn(&mut self, table: &Table, pick: usize) -> Result<GhostMove, GameError> {
        let Some(&top) = self.deck.last() else {
            return Err(GameError::new("the ghost's deck is empty"));
        };
        match top {
            GhostCard::Spell(spell) => {
                self.deck.pop();
                self.revealed.push(spell);
                Ok(GhostMove::Revealed { spell })
            }
            GhostCard::Action(card) => {
                let target = table.target(card);
                let free = self.unplaced();
                let worker = match target {
                    Some(_) => *free
                        .get(pick)
                        .ok_or_else(|| GameError::new("no such face-down ghost worker"))?,
                    None => 0,
                };
                self.deck.pop();
                self.discard.push(card);
                Ok(match target {
                    Some(loc) => {
                        self.workers[worker].loc = Some(loc);
                        GhostMove::Placed { card, worker, loc }
                    }
                    None => GhostMove::Wasted { card },
                })
            }
        }
    }

    /// The ghost's score with its breakdown (artefacts, unresolved spells).
    pub fn score(&self) -> SeatScore {
        self.score_with(0)
    }

    /// The score when `earned` more spells are still due to it from the spell deck (the
    /// game ended before they were handed over; they count as unresolved cards).
    pub fn score_with(&self, earned: usize) -> SeatScore {
        let spells = (self.unresolved_spells() + earned).div_ceil(2) as u16;
        // One line per kind, as the players' rows read, so the end table compares
        // ghosts and players kind by kind.
        let mut lines: Vec<(&str, i64)> = crate::data::ARTEFACT_LINES
            .iter()
            .zip(self.artefacts)
            .map(|(&label, c)| (label, c as i64))
            .collect();
        lines.push(("Unresolved spells (one per started pair)", spells as i64));
        SeatScore::from_lines(lines)
    }
}

/// Ranks seats and ghosts on one scale (0 = first, ties share); keys break ties as in
/// `Outcome::rank_by`. Returns (seat ranks, ghost ranks).
pub fn combined_ranks(
    seat_totals: &[i64],
    seat_keys: &[i64],
    ghost_totals: &[i64],
    ghost_keys: &[i64],
) -> (Vec<usize>, Vec<usize>) {
    let totals: Vec<i64> = seat_totals.iter().chain(ghost_totals).copied().collect();
    let keys: Vec<i64> = seat_keys.iter().chain(ghost_keys).copied().collect();
    let mut rank = Outcome::rank_by(&totals, &keys);
    let ghosts = rank.split_off(seat_totals.len());
    (rank, ghosts)
}

/// The guard's strength after `keys` ghost keys this round (+2 each, never above 10).
pub fn guard_with_keys(guard: u8, keys: u8) -> u8 {
    guard.saturating_add(keys.saturating_mul(2)).min(10)
}

impl Table<'_> {
    /// Castle rooms showing an artefact, left to right.
    pub fn active_rooms(&self) -> Vec<u8> {
        (ROOM_K..=ROOM_O).filter(|&l| self.k.has_offer(l)).collect()
    }

    /// Keytown locations that are open and hold no worker at all (Smuggler, ghost cast).
    pub fn empty_keytown(&self) -> Vec<u8> {
        [STABLES, MARKET, COTTAGE, ROUNDHOUSE]
            .into_iter()
            .filter(|&l| self.k.is_active(l) && self.workers(l) == 0)
            .collect()
    }

    /// The leftmost room showing a kind this ghost lacks, else the leftmost active room.
    pub fn moonlight_room(&self) -> Option<u8> {
        let rooms = self.active_rooms();
        rooms
            .iter()
            .copied()
            .find(|&l| self.shows_missing(l))
            .or_else(|| rooms.first().copied())
    }

    /// Exchange and Rearrange cast by a ghost: which duplicate kind it gives and which
    /// room's displayed artefact (of a kind it lacks) it takes. `avoid_ghosts` is
    /// Exchange's preference for rooms without a ghost counter. Our choices: the kind it
    /// holds most of goes (lowest kind on a tie), leftmost room last.
    pub fn trade_choice(&self, avoid_ghosts: bool) -> Option<(u8, u8)> {
        let give = (0..6u8)
            .filter(|&a| a != WAND && self.has[a as usize] > 1)
            .max_by_key(|&a| (self.has[a as usize], std::cmp::Reverse(a)))?;
        let rooms: Vec<u8> = self
            .active_rooms()
            .into_iter()
            .filter(|&l| self.shows_missing(l))
            .collect();
        let free = rooms
            .iter()
            .copied()
            .find(|&l| self.ghost_workers[l as usize] == 0);
        let room = if avoid_ghosts {
            free.or_else(|| rooms.first().copied())
        } else {
            rooms.first().copied()
        }?;
        Some((give, room))
    }
}

impl Ghost {
    /// Moonlight cast by a ghost, after the caves: its strongest counter still in a cave
    /// (first counter on equal strength, our choice) and the room it moves to.
    pub fn moonlight(&self, table: &Table, mods: Mods) -> Option<(usize, u8)> {
        let room = table.moonlight_room()?;
        let (i, _) = self
            .workers
            .iter()
            .enumerate()
            .filter(|(_, w)| w.loc.is_some_and(|l| l < 5))
            .max_by_key(|&(i, w)| {
                (
                    self.strength(w, w.loc.unwrap_or(0), mods),
                    std::cmp::Reverse(i),
                )
            })?;
        Some((i, room))
    }
}
