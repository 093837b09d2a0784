//! Setup and the chance steps that begin a round: pure functions on [`Keydoms`]; the round's
//! flow is in `flow`, a seat's legal actions in `legal` and applying them in `apply`.

mod apply;
mod flow;
mod legal;

use tavern_plugin_api::{GameError, Setup};

use crate::data::{self, LEDGES, TYPES, WAND, chests_for};
use crate::record::ChanceDone;
use crate::state::{Action, Cursor, Keydoms, Mode, Player, Stage};
use crate::treasure::fill_ledge;

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
}
