//! The whole state of a game, hidden parts included.

use std::cell::Cell;
use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

pub use crate::data::QCard;
use crate::data::{
    Colour, GEMS, MAGIC, RES, SpecEffect, ability, data, room, room_def, spec, treasure,
};
pub use crate::pending::{Pending, Why};

/// Where a hired specialist (or the Aristocrat's baggage) stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Loc {
    /// One of the four spaces above the guild.
    Outside,
    /// The chamber whose left space is this cell.
    Room(u8),
}

/// A quest space on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    pub card: QCard,
    /// Who crafted each item.
    pub made: [Option<u8>; 2],
    pub sigil: Option<u8>,
    /// When the card came to the board (0 for the first laid out): the stuck-table rule
    /// takes the oldest.
    #[serde(default)]
    pub arrived: u32,
}

impl Slot {
    pub fn new(card: QCard, arrived: u32) -> Slot {
        Slot {
            card,
            made: [None, None],
            sigil: None,
            arrived,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub guild: u8,
    pub board: u8,
    pub coins: u32,
    pub res: [u8; RES],
    /// Treasure kinds held (hidden from the others).
    pub hand: Vec<u8>,
    /// Room id per cell; [`EMPTY`] when free, [`room::GUILD`] under the guild tile.
    pub grid: [u8; 12],
    pub specs: Vec<(u8, Loc)>,
    pub baggage: Option<u8>,
    /// Completed (or taken) quest cards.
    pub quests: Vec<u8>,
    pub offered: bool,
}

pub const EMPTY: u8 = 254;

impl Player {
    pub fn has_spec(&self, effect: impl Fn(&SpecEffect) -> bool) -> bool {
        let all = &data().specialists;
        self.specs
            .iter()
            .any(|(s, _)| effect(&all[*s as usize].effect))
    }
    pub fn spec_named(&self, id: u8) -> bool {
        self.specs.iter().any(|(s, _)| *s == id)
    }
    /// The anchor (left) cell of each built room.
    pub fn rooms(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        (0..12u8).filter_map(move |c| {
            let r = self.grid[c as usize];
            let anchor =
                r != EMPTY && r != room::GUILD && (c % 4 == 0 || self.grid[c as usize - 1] != r);
            anchor.then_some((r, c))
        })
    }
    /// A bit per room id built in the guild (every room id is below 64; the guild tile
    /// and free cells set none).
    pub fn owned_rooms(&self) -> u64 {
        let mut m = 0u64;
        for c in 0..12 {
            let x = self.grid[c];
            if x < 64 {
                m |= 1 << x;
            }
        }
        m
    }
    /// Whether a room is built: twelve cells compared at once, a byte each (the
    /// storage and hand limits ask before every step of a playout).
    pub fn has_room(&self, r: u8) -> bool {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const TOPS: u64 = 0x8080_8080_8080_8080;
        let g = &self.grid;
        let lo = u64::from_le_bytes([g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7]]);
        // The four bytes past the grid hold a value other than `r`.
        let pad = r ^ 1;
        let hi = u64::from_le_bytes([g[8], g[9], g[10], g[11], pad, pad, pad, pad]);
        let zero_byte = |v: u64| v.wrapping_sub(ONES) & !v & TOPS != 0;
        let pat = ONES * r as u64;
        zero_byte(lo ^ pat) || zero_byte(hi ^ pat)
    }
    /// The grid as one number (the key of [`Scratch`]'s remembered room bonuses).
    pub fn grid_key(&self) -> u128 {
        let mut b = [0u8; 16];
        b[..12].copy_from_slice(&self.grid);
        u128::from_le_bytes(b)
    }
    /// Cells with a room or the guild tile, a bit per cell.
    pub fn filled_cells(&self) -> u16 {
        let mut m = 0;
        for (c, &x) in self.grid.iter().enumerate() {
            if x != EMPTY {
                m |= 1 << c;
            }
        }
        m
    }
    /// The storage limit from the lookup tables (the limit check asks for it only when the
    /// printed one is exceeded, before every step of a playout).
    pub fn storage_limit(&self) -> u32 {
        data().guilds[self.guild as usize].storage as u32
            + self.room_storage()
            + self.spec_storage()
    }
    /// What the seat's rooms add to its storage limit.
    pub fn room_storage(&self) -> u32 {
        let mut storage = 0;
        for &(r, k) in &data().room_storage {
            if self.has_room(r) {
                storage += k as u32;
            }
        }
        storage
    }
    /// What the seat's specialists add to its storage limit.
    pub fn spec_storage(&self) -> u32 {
        let bonus = &data().spec_storage;
        self.specs
            .iter()
            .map(|&(s, _)| bonus[s as usize] as u32)
            .sum()
    }
    pub fn hand_limit(&self) -> usize {
        self.hand_limit_with(self.room_hand())
    }
    /// What the seat's rooms add to its hand limit.
    pub fn room_hand(&self) -> u32 {
        let d = data();
        let mut hand = 0;
        for &(r, k) in &d.room_hand {
            if self.has_room(r) {
                hand += k as u32;
            }
        }
        hand
    }
    /// The hand limit, with what the rooms add already worked out.
    pub fn hand_limit_with(&self, rooms: u32) -> usize {
        let d = data();
        let mut hand = d.hand_limit as usize + rooms as usize;
        for &(s, _) in &self.specs {
            hand += d.spec_hand[s as usize] as usize;
        }
        hand
    }
    /// The lasting [`crate::data::ability`] bits of the seat's specialists.
    pub fn abilities(&self) -> u32 {
        let bits = &data().spec_bits;
        self.specs.iter().fold(0, |a, &(s, _)| a | bits[s as usize])
    }
    pub fn stored(&self) -> u32 {
        let r = &self.res;
        (r[0] as u32 + r[1] as u32) + (r[2] as u32 + r[3] as u32) + (r[4] as u32 + r[5] as u32)
    }
    /// Whether the player may choose (gather) this resource.
    pub fn may_gather(&self, r: usize) -> bool {
        match r {
            GEMS => self.may_gather_gems_magic().0,
            MAGIC => self.may_gather_gems_magic().1,
            _ => true,
        }
    }
    /// (may choose gems, may choose magic).
    pub fn may_gather_gems_magic(&self) -> (bool, bool) {
        self.gems_magic_with(self.abilities(), self.owned_rooms())
    }
    /// [`Player::may_gather_gems_magic`] from abilities and rooms already worked out.
    pub fn gems_magic_with(&self, abilities: u32, owned: u64) -> (bool, bool) {
        if abilities & ability::SORCERESS != 0 {
            return (true, true);
        }
        (
            owned & (1 << room::GEM) != 0,
            owned & (1 << room::MAGIC) != 0,
        )
    }
    /// Specialist spaces: (location, capacity) for the outside row and each chamber.
    pub fn spaces(&self) -> impl Iterator<Item = (Loc, u8)> + '_ {
        std::iter::once((Loc::Outside, 4)).chain(self.rooms().filter_map(|(r, c)| {
            let slots = room_def(r).slots;
            (slots > 0).then_some((Loc::Room(c), slots))
        }))
    }
    /// The specialist spaces with room left, (location, free places): the outside row
    /// first, then the chambers in cell order.
    /// Every listing of hires and the Bard's moves asks, so the places taken are counted
    /// in one pass over the specialists instead of once per space.
    pub fn free_places(&self) -> ([(Loc, u8); 13], usize) {
        const OUT: usize = 12;
        let mut used = [0u8; 13];
        for &(_, l) in &self.specs {
            used[match l {
                Loc::Outside => OUT,
                Loc::Room(c) => (c as usize).min(OUT),
            }] += 1;
        }
        if let Some(b) = self.baggage {
            used[(b as usize).min(OUT)] += 1;
        }
        let mut out = [(Loc::Outside, 0u8); 13];
        let mut k = 0;
        if used[OUT] < 4 {
            out[0] = (Loc::Outside, 4 - used[OUT]);
            k = 1;
        }
        let slots = &data().room_slots;
        for (c, (&r, &taken)) in self.grid.iter().zip(&used).enumerate() {
            let anchor = r != EMPTY && r != room::GUILD && (c % 4 == 0 || self.grid[c - 1] != r);
            if anchor && slots[r as usize] > taken {
                out[k] = (Loc::Room(c as u8), slots[r as usize] - taken);
                k += 1;
            }
        }
        (out, k)
    }
    pub fn used(&self, at: Loc) -> u8 {
        let specs = self.specs.iter().filter(|(_, l)| *l == at).count() as u8;
        specs + u8::from(self.baggage.map(Loc::Room) == Some(at))
    }
    pub fn free_at(&self, at: Loc) -> u8 {
        self.spaces()
            .find(|(l, _)| *l == at)
            .map_or(0, |(_, cap)| cap.saturating_sub(self.used(at)))
    }
    pub fn free_spaces(&self) -> u8 {
        self.spaces()
            .map(|(l, cap)| cap.saturating_sub(self.used(l)))
            .sum()
    }
    pub fn free_chamber_spaces(&self) -> u8 {
        self.spaces()
            .filter(|(l, _)| *l != Loc::Outside)
            .map(|(l, cap)| cap.saturating_sub(self.used(l)))
            .sum()
    }
    pub fn scrolls(&self) -> usize {
        self.hand.iter().filter(|&&k| treasure(k).scroll).count()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct TurnState {
    /// The turn's one action is taken.
    pub acted: bool,
    /// Rooms and specialists bought in this turn's expand action.
    pub built: u8,
    pub hired: u8,
    pub expanded: bool,
    /// Solo: the right-most specialist already left for this turn's expand (at once
    /// after its second buy; otherwise when the turn ends).
    #[serde(default)]
    pub solo_row_done: bool,
    /// Fortune potions waiting for crafted items.
    pub fortune: u8,
    pub lucky: bool,
    pub peeked: bool,
    /// Specialists the Bard moved this turn (bit per specialist id).
    pub moved: u64,
    /// Something was crafted, built or hired this turn (see [`Kg::stalled`]).
    pub progress: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Setup,
    Play,
    Over,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kg {
    pub players: Vec<Player>,
    pub solo: bool,
    pub phase: Phase,
    pub active: usize,
    pub turn: TurnState,
    pub turn_no: u32,
    pub stock: [u8; RES],
    /// Common rooms left: warehouse, library, gem workshop, magic arcaenum, small and
    /// big chambers.
    pub piles: [u8; 6],
    pub masters: Vec<u8>,
    pub statue_built: bool,
    /// Specialist deck, top last.
    pub spec_deck: Vec<u8>,
    /// The row, oldest (right-most) first: (specialist, discount coins on it).
    pub row: Vec<(u8, u8)>,
    /// Quest deck, top last.
    pub quest_deck: Vec<QCard>,
    pub board: Vec<Option<Slot>>,
    /// Treasure decks and discard piles as counts per kind (a draw is a chance step).
    pub deck: Vec<u8>,
    pub discard: Vec<u8>,
    /// Scrolls removed at reshuffles, cards destroyed (Warlock).
    pub removed: Vec<u8>,
    /// Cards drawn for a shared quest, seen only by the completer.
    pub pool: Vec<u8>,
    pub pending: VecDeque<Pending>,
    /// Turns left once the Offering to the Council is drawn (0 before).
    pub finals_left: u8,
    pub thug: Option<(u8, u8)>,
    /// The last funeral's bids, public once revealed.
    pub last_bids: Option<Vec<u8>>,
    /// Specialists and quest cards that left the game (discounted to nothing, the solo
    /// row, quests leaving the solo board).
    pub gone_specs: Vec<u8>,
    pub gone_quests: Vec<QCard>,
    /// Turns in a row in which nobody crafted, built or hired (the 0.1.0 timer and the
    /// 0.2.0 backstop; today's rule asks only [`Kg::table_stuck`]).
    pub stalled: u32,
    /// Quest cards laid on the board so far (the next one's [`Slot::arrived`]).
    #[serde(default)]
    pub arrivals: u32,
    /// The game follows the 0.1.0 rules (a save of that version replaying): the
    /// stuck-table timer, a shared quest's replacement colour taken for the players, the
    /// Overseer hired into one space as the row's last card, treasures sold for nothing.
    #[serde(default)]
    pub rules_0_1: bool,
    /// The game follows the 0.2.0 rules (a save of that version replaying): besides the
    /// stuck-table test, a thirty-round backstop removed a quest from a table that had a
    /// way forward nobody took.
    #[serde(default)]
    pub rules_0_2: bool,
    /// The quiet playout path's notes buffer (see [`Scratch`]).
    #[serde(skip)]
    pub scratch: Scratch,
}

/// A notes buffer reused by every quiet apply of one game copy (playouts apply millions
/// of actions; a buffer per apply, or one per thread, cost more than the rules), and per
/// seat what its rooms add to the limits, remembered with the grid it was worked out
/// from (the limits are checked several times a step; the grid seldom changes, and a
/// changed grid, however it was changed, misses). It is not part of the game: never
/// saved, empty in every copy, equal to any other.
#[derive(Default)]
pub struct Scratch(pub Vec<crate::notes::Note>, pub [Cell<RoomBonus>; 6]);

/// What a grid's rooms add to the storage and hand limits; `grid` is the grid itself
/// (twelve bytes in the low bits), `u128::MAX` when nothing is remembered.
#[derive(Clone, Copy)]
pub struct RoomBonus {
    pub grid: u128,
    pub storage: u32,
    pub hand: u32,
}

impl Default for RoomBonus {
    fn default() -> Self {
        RoomBonus {
            grid: u128::MAX,
            storage: 0,
            hand: 0,
        }
    }
}

impl Clone for Scratch {
    fn clone(&self) -> Self {
        Scratch::default()
    }
}

impl PartialEq for Scratch {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Scratch {}

impl std::fmt::Debug for Scratch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Scratch")
    }
}

/// The 0.2.0 backstop: full rounds without a craft, build or hire after which a quest
/// left even though someone still had a way forward nobody took.
pub const BACKSTOP_ROUNDS: u32 = 30;

/// The 0.1.0 stuck-table timer: full rounds without anyone crafting, building or hiring
/// after which one quest was swapped out.
pub const STALL_ROUNDS: u32 = 12;

impl Kg {
    pub fn n(&self) -> usize {
        self.players.len()
    }
    pub fn next_seat(&self, s: usize) -> usize {
        (s + 1) % self.n()
    }
    /// A new card for the board, stamped with its arrival.
    pub fn arriving(&mut self, card: QCard) -> Slot {
        self.arrivals += 1;
        Slot::new(card, self.arrivals - 1)
    }
    pub fn pile_index(r: u8) -> Option<usize> {
        match r {
            room::WAREHOUSE => Some(0),
            room::LIBRARY => Some(1),
            room::GEM => Some(2),
            room::MAGIC => Some(3),
            room::BEDCHAMBER | room::KITCHEN => Some(4),
            room::GREAT_HALL | room::BARRACKS => Some(5),
            _ => None,
        }
    }
    /// Sigils not on a quest or on the Council's card.
    pub fn free_sigils(&self, seat: usize) -> u8 {
        let on = self
            .board
            .iter()
            .flatten()
            .filter(|s| s.sigil == Some(seat as u8))
            .count() as u8;
        2u8.saturating_sub(on + u8::from(self.players[seat].offered))
    }
    /// Whether this is the seat's last turn (the Offering to the Council is out).
    pub fn final_turn(&self) -> bool {
        self.finals_left > 0 && (self.finals_left as usize) <= self.n()
    }
    pub fn deck_count(&self, c: Colour) -> u32 {
        crate::data::kinds_of(c)
            .map(|k| self.deck[k as usize] as u32)
            .sum()
    }
    pub fn discard_count(&self, c: Colour) -> u32 {
        crate::data::kinds_of(c)
            .map(|k| self.discard[k as usize] as u32)
            .sum()
    }
    /// A colour can still be drawn (from its deck or by reshuffling its discards).
    pub fn colour_available(&self, c: Colour) -> bool {
        self.deck_count(c) + self.discard_count(c) > 0
    }
    pub fn spec_cost(&self, seat: usize, index: usize) -> u32 {
        self.spec_cost_by(index, self.discount_mult(seat))
    }
    /// How many coins a discount coin is worth to `seat` (the Recruiter doubles it).
    pub fn discount_mult(&self, seat: usize) -> u32 {
        if self.players[seat].abilities() & ability::RECRUITER != 0 {
            2
        } else {
            1
        }
    }
    pub fn spec_cost_by(&self, index: usize, mult: u32) -> u32 {
        let (s, disc) = self.row[index];
        (spec(s).cost as u32).saturating_sub(disc as u32 * mult)
    }
}
