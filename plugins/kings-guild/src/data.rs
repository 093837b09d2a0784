//! Component data, parsed once from `resources/kings-guild/components.json`.
//!
//! Ids are positions in the file's lists (quest 0 is the first quest, treasure kind 0 the
//! first treasure entry), so a saved action naming an id keeps its meaning.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

/// A card of the quest deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QCard {
    Quest(u8),
    Funeral,
    Offering,
}

pub const JSON: &str = include_str!("../../../resources/kings-guild/components.json");

/// Cloth, leather, metal, wood, gems, magic: the index into every resource array.
pub const RES: usize = 6;
pub const GEMS: usize = 4;
pub const MAGIC: usize = 5;
pub const RES_NAMES: [&str; RES] = ["cloth", "leather", "metal", "wood", "gems", "magic"];

pub fn res_index(name: &str) -> usize {
    RES_NAMES.iter().position(|n| *n == name).unwrap_or(0)
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    Blue,
    Red,
    Yellow,
}

impl Colour {
    pub const ALL: [Colour; 3] = [Colour::Blue, Colour::Red, Colour::Yellow];
    pub fn name(self) -> &'static str {
        match self {
            Colour::Blue => "blue",
            Colour::Red => "red",
            Colour::Yellow => "yellow",
        }
    }
    pub fn idx(self) -> usize {
        self as usize
    }
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Hero {
    Mage,
    Rogue,
    Warrior,
}

impl Hero {
    pub fn name(self) -> &'static str {
        match self {
            Hero::Mage => "mage",
            Hero::Rogue => "rogue",
            Hero::Warrior => "warrior",
        }
    }
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum ItemKind {
    Weapon,
    Armour,
}

impl ItemKind {
    pub fn name(self) -> &'static str {
        match self {
            ItemKind::Weapon => "weapon",
            ItemKind::Armour => "armour",
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct QuestItem {
    pub name: String,
    pub item: ItemKind,
    pub cost: [u8; RES],
    pub value: u8,
    pub reward: Colour,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Quest {
    pub age: String,
    pub name: String,
    pub hero: Hero,
    pub items: Vec<QuestItem>,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ExtraKind {
    Gather,
    Craft,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub struct Discount {
    pub item: ItemKind,
    #[serde(deserialize_with = "res_name")]
    pub res: usize,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub struct HeroBonus {
    pub hero: Hero,
    pub colour: Colour,
}

fn res_name<'de, D: serde::Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    let s = String::deserialize(d)?;
    RES_NAMES
        .iter()
        .position(|n| *n == s)
        .ok_or_else(|| serde::de::Error::custom(format!("unknown resource {s}")))
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum SpecEffect {
    Appraiser,
    Builder,
    Storage(u8),
    Hand(u8),
    Laborer,
    #[serde(deserialize_with = "res_name")]
    GatherBonus(usize),
    Oracle,
    Recruiter,
    Thug,
    Auctioneer,
    Bard,
    Discount(Discount),
    Hero(HeroBonus),
    Sorceress,
    Warlock,
    Adventurer,
    Aristocrat,
    Alchemist,
    Curator,
    Extra(ExtraKind),
    Merchant,
    Minstrel,
    Smuggler,
    Vizier,
    Overseer,
    Witch,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Specialist {
    pub name: String,
    pub deck: String,
    pub cost: u8,
    pub pp: u8,
    pub effect: SpecEffect,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Pile {
    Warehouse,
    Library,
    Gem,
    Magic,
    SmallChamber,
    BigChamber,
    Statue,
    Shrine,
    Master,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum RoomEffect {
    #[default]
    None,
    Storage(u8),
    Hand(u8),
    Gems,
    Magic,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum RoomScore {
    /// Only the printed prestige.
    #[default]
    Plain,
    Scrolls,
    Coins,
    Throne,
    Specialists,
    Rooms,
    Hero(Hero),
    Pair([Hero; 2]),
    Gallery,
    Depot,
    Item(ItemKind),
}

#[derive(Clone, Debug, Deserialize)]
pub struct Room {
    pub name: String,
    pub pile: Pile,
    pub cost: u8,
    pub pp: u8,
    #[serde(default)]
    pub effect: RoomEffect,
    #[serde(default)]
    pub score: RoomScore,
    /// Specialist spaces (chambers).
    #[serde(default)]
    pub slots: u8,
    #[serde(default = "one")]
    pub width: u8,
    /// The Shrine scores without being occupied.
    #[serde(default)]
    pub always: bool,
}

fn one() -> u8 {
    1
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum TreasureEffect {
    /// Sold only (relics, charms, coin purses, bags of gold).
    #[default]
    None,
    Map,
    Contract,
    Spoiling,
    Gain([u8; RES]),
    Plenty,
    Wonders,
    Riches,
    Lucky,
    Fortune,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Treasure {
    pub name: String,
    pub colour: Colour,
    pub count: u8,
    pub sell: u8,
    #[serde(default)]
    pub effect: TreasureEffect,
    #[serde(default)]
    pub scroll: bool,
    #[serde(default)]
    pub charm: u8,
    #[serde(default)]
    pub relic: Option<u8>,
}

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum GuildBonus {
    None,
    Treasure,
    Shrine,
    Coins(u8),
    Resources(Vec<String>),
}

#[derive(Clone, Debug, Deserialize)]
pub struct Guild {
    pub name: String,
    pub storage: u8,
    pub bonus: GuildBonus,
}

/// What lies under one space of a player board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    Plain,
    GuildTile,
    Resource(usize),
    Coins,
}

#[derive(Clone, Debug)]
pub struct Board {
    pub name: String,
    /// Row-major, 3 rows of 4.
    pub spaces: [Space; 12],
}

#[derive(Deserialize)]
struct BoardJson {
    name: String,
    rows: Vec<String>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct SoloSetup {
    pub basic_resources: u8,
    pub gem_magic_resources: u8,
    pub specialists_per_deck: usize,
    pub age1_each: usize,
    pub age2: usize,
    pub removed_specialists: Vec<String>,
    pub removed_treasures: Vec<String>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct SetupTable {
    pub warehouse_library: [u8; 5],
    pub gem_magic: [u8; 5],
    pub specialists_per_deck: [usize; 5],
    pub basic_resources: [u8; 5],
    pub gem_magic_resources: [u8; 5],
    pub age1_each: [usize; 5],
    pub age2: [usize; 5],
    pub starting_coins: [u8; 6],
    pub solo: SoloSetup,
    pub titles: Vec<(i64, String)>,
}

#[derive(Deserialize)]
struct FileJson {
    setup: SetupTable,
    relic_sets: Vec<i64>,
    most_charms_bonus: i64,
    hand_limit: u8,
    guilds: Vec<Guild>,
    boards: Vec<BoardJson>,
    bonus_coins: u8,
    rooms: Vec<Room>,
    specialists: Vec<Specialist>,
    treasures: Vec<Treasure>,
    quests: Vec<Quest>,
}

pub struct Data {
    pub setup: SetupTable,
    pub relic_sets: Vec<i64>,
    pub most_charms_bonus: i64,
    pub hand_limit: u8,
    pub guilds: Vec<Guild>,
    pub boards: Vec<Board>,
    pub bonus_coins: u8,
    pub rooms: Vec<Room>,
    pub specialists: Vec<Specialist>,
    pub treasures: Vec<Treasure>,
    pub quests: Vec<Quest>,
    /// Treasure kinds per colour (by [`Colour::idx`]), for the draws' hot path.
    pub colour_kinds: [Vec<u8>; 3],
    /// Lookup tables for the checks made before every step of a playout: each
    /// specialist's [`ability`] bits and storage and hand bonus, and the rooms that raise
    /// the storage or hand limit (id, amount).
    pub spec_bits: Vec<u32>,
    pub spec_storage: Vec<u8>,
    pub spec_hand: Vec<u8>,
    pub room_storage: Vec<(u8, u8)>,
    pub room_hand: Vec<(u8, u8)>,
    /// Each room's cost by id (all ids are below 64, see
    /// the model's `Player::owned_rooms`).
    pub room_cost: [u8; 64],
    /// Each guild's printed storage limit.
    pub guild_storage: Vec<u8>,
    /// Each room's specialist spaces by id.
    pub room_slots: [u8; 64],
    /// Each quest's item costs packed six resources to a word (one byte each, see
    /// [`pack`]), its item kinds (0 weapon, 1 armour) and how many items it has.
    pub quest_cost: Vec<[u64; 2]>,
    pub quest_kind: Vec<[u8; 2]>,
    pub quest_items: Vec<u8>,
    /// Each specialist's craft discount as (item kind, resource), if it gives one.
    pub spec_discount: Vec<Option<(u8, u8)>>,
}

/// Six resource amounts as the low six bytes of a word.
pub fn pack(r: &[u8; RES]) -> u64 {
    u64::from_le_bytes([r[0], r[1], r[2], r[3], r[4], r[5], 0, 0])
}

/// Lasting specialist abilities as bits (see [`Data::spec_bits`]).
pub mod ability {
    pub const SORCERESS: u32 = 1;
    pub const LABORER: u32 = 1 << 1;
    pub const BUILDER: u32 = 1 << 2;
    pub const RECRUITER: u32 = 1 << 3;
    pub const ORACLE: u32 = 1 << 4;
    pub const BARD: u32 = 1 << 5;
}

impl SpecEffect {
    pub fn ability(&self) -> u32 {
        match self {
            SpecEffect::Sorceress => ability::SORCERESS,
            SpecEffect::Laborer => ability::LABORER,
            SpecEffect::Builder => ability::BUILDER,
            SpecEffect::Recruiter => ability::RECRUITER,
            SpecEffect::Oracle => ability::ORACLE,
            SpecEffect::Bard => ability::BARD,
            _ => 0,
        }
    }
}

/// Fixed room ids (positions in the file).
pub mod room {
    pub const WAREHOUSE: u8 = 0;
    pub const LIBRARY: u8 = 1;
    pub const GEM: u8 = 2;
    pub const MAGIC: u8 = 3;
    pub const BEDCHAMBER: u8 = 4;
    pub const KITCHEN: u8 = 5;
    pub const GREAT_HALL: u8 = 6;
    pub const BARRACKS: u8 = 7;
    pub const STATUE: u8 = 8;
    pub const SHRINE: u8 = 9;
    pub const FIRST_MASTER: u8 = 10;
    /// The guild tile: not a buildable room, only a marker on the grid.
    pub const GUILD: u8 = 255;
}

fn parse_board(b: BoardJson) -> Result<Board, String> {
    let mut spaces = [Space::Plain; 12];
    if b.rows.len() != 3 {
        return Err(format!("board {} needs 3 rows", b.name));
    }
    for (r, row) in b.rows.iter().enumerate() {
        let cells: Vec<&str> = row.split_whitespace().collect();
        if cells.len() != 4 {
            return Err(format!("board {} row {r} needs 4 spaces", b.name));
        }
        for (c, cell) in cells.iter().enumerate() {
            spaces[r * 4 + c] = match *cell {
                "." => Space::Plain,
                "G" => Space::GuildTile,
                "$" => Space::Coins,
                "C" => Space::Resource(0),
                "L" => Space::Resource(1),
                "M" => Space::Resource(2),
                "W" => Space::Resource(3),
                x => return Err(format!("board {}: unknown space {x}", b.name)),
            };
        }
    }
    Ok(Board {
        name: b.name,
        spaces,
    })
}

pub fn parse(json: &str) -> Result<Data, String> {
    let f: FileJson = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let boards = f
        .boards
        .into_iter()
        .map(parse_board)
        .collect::<Result<Vec<_>, _>>()?;
    let kinds = |c: Colour| {
        f.treasures
            .iter()
            .enumerate()
            .filter(|(_, t)| t.colour == c)
            .map(|(i, _)| i as u8)
            .collect::<Vec<u8>>()
    };
    let colour_kinds = Colour::ALL.map(kinds);
    let spec_bits = f.specialists.iter().map(|s| s.effect.ability()).collect();
    let spec_storage = f
        .specialists
        .iter()
        .map(|s| match s.effect {
            SpecEffect::Storage(k) => k,
            _ => 0,
        })
        .collect();
    let spec_hand = f
        .specialists
        .iter()
        .map(|s| match s.effect {
            SpecEffect::Hand(k) => k,
            _ => 0,
        })
        .collect();
    let rooms_with = |pick: fn(&RoomEffect) -> u8| {
        f.rooms
            .iter()
            .enumerate()
            .filter(|(_, r)| pick(&r.effect) > 0)
            .map(|(i, r)| (i as u8, pick(&r.effect)))
            .collect::<Vec<_>>()
    };
    let room_storage = rooms_with(|e| match e {
        RoomEffect::Storage(k) => *k,
        _ => 0,
    });
    let room_hand = rooms_with(|e| match e {
        RoomEffect::Hand(k) => *k,
        _ => 0,
    });
    if f.rooms.len() > 64 {
        return Err("more than 64 rooms".into());
    }
    if let Some(r) = f.rooms.iter().find(|r| r.width == 0 || r.width > 2) {
        return Err(format!("room {} must be one or two cells wide", r.name));
    }
    let mut room_cost = [0u8; 64];
    let mut room_slots = [0u8; 64];
    for (i, r) in f.rooms.iter().enumerate() {
        room_cost[i] = r.cost;
        room_slots[i] = r.slots;
    }
    let mut quest_cost = Vec::new();
    let mut quest_kind = Vec::new();
    let mut quest_items = Vec::new();
    for q in &f.quests {
        if q.items.is_empty() || q.items.len() > 2 {
            return Err(format!("quest {} needs one or two items", q.name));
        }
        let mut cost = [0u64; 2];
        let mut kind = [0u8; 2];
        for (i, it) in q.items.iter().enumerate() {
            if it.cost.iter().any(|&c| c >= 64) {
                return Err(format!("quest {}: a cost of 64 or more", q.name));
            }
            cost[i] = pack(&it.cost);
            kind[i] = it.item as u8;
        }
        quest_cost.push(cost);
        quest_kind.push(kind);
        quest_items.push(q.items.len() as u8);
    }
    let spec_discount = f
        .specialists
        .iter()
        .map(|s| match s.effect {
            SpecEffect::Discount(d) => Some((d.item as u8, d.res as u8)),
            _ => None,
        })
        .collect();
    Ok(Data {
        room_cost,
        room_slots,
        guild_storage: f.guilds.iter().map(|g| g.storage).collect(),
        quest_cost,
        quest_kind,
        quest_items,
        spec_discount,
        colour_kinds,
        spec_bits,
        spec_storage,
        spec_hand,
        room_storage,
        room_hand,
        setup: f.setup,
        relic_sets: f.relic_sets,
        most_charms_bonus: f.most_charms_bonus,
        hand_limit: f.hand_limit,
        guilds: f.guilds,
        boards,
        bonus_coins: f.bonus_coins,
        rooms: f.rooms,
        specialists: f.specialists,
        treasures: f.treasures,
        quests: f.quests,
    })
}

static DATA: LazyLock<Data> = LazyLock::new(|| parse(JSON).expect("components.json"));

pub fn data() -> &'static Data {
    &DATA
}

pub fn quest(id: u8) -> &'static Quest {
    &data().quests[id as usize]
}
pub fn spec(id: u8) -> &'static Specialist {
    &data().specialists[id as usize]
}
/// The specialist who offers treasures of `colour` after a quest of its hero (Fighter red,
/// Ranger yellow, Wizard blue).
pub fn hero_spec_name(colour: Colour) -> &'static str {
    data()
        .specialists
        .iter()
        .find(|x| matches!(x.effect, SpecEffect::Hero(h) if h.colour == colour))
        .map_or("hero specialist", |x| x.name.as_str())
}

pub fn room_def(id: u8) -> &'static Room {
    &data().rooms[id as usize]
}
pub fn treasure(id: u8) -> &'static Treasure {
    &data().treasures[id as usize]
}

/// The specialist id with this name (for setup's removals and tests).
pub fn spec_id(name: &str) -> Option<u8> {
    data()
        .specialists
        .iter()
        .position(|s| s.name == name)
        .map(|i| i as u8)
}

pub fn spec_named(name: &str) -> u8 {
    spec_id(name).unwrap_or_else(|| panic!("no specialist {name}"))
}

/// The first treasure kind with this name in `colour`.
pub fn treasure_named(name: &str, colour: Colour) -> u8 {
    data()
        .treasures
        .iter()
        .position(|t| t.name == name && t.colour == colour)
        .map(|i| i as u8)
        .unwrap_or_else(|| panic!("no treasure {name}"))
}

pub fn room_named(name: &str) -> u8 {
    data()
        .rooms
        .iter()
        .position(|r| r.name == name)
        .map(|i| i as u8)
        .unwrap_or_else(|| panic!("no room {name}"))
}

pub fn quest_named(name: &str) -> u8 {
    data()
        .quests
        .iter()
        .position(|q| q.name == name)
        .map(|i| i as u8)
        .unwrap_or_else(|| panic!("no quest {name}"))
}

/// Treasure kinds of one colour.
pub fn kinds_of(colour: Colour) -> impl Iterator<Item = u8> {
    data().colour_kinds[colour.idx()].iter().copied()
}

/// "1 gem", "2 gems", "1 cloth": an amount of one resource with its word (only gems
/// count as single things).
pub fn res_amount(n: u32, r: usize) -> String {
    let word = if n == 1 && r == GEMS {
        "gem"
    } else {
        RES_NAMES[r]
    };
    format!("{n} {word}")
}

/// "1 coin", "3 coins".
pub fn coins(n: u32) -> String {
    format!("{n} {}", if n == 1 { "coin" } else { "coins" })
}

pub fn res_list(r: &[u8; RES]) -> String {
    let parts: Vec<String> = (0..RES)
        .filter(|&i| r[i] > 0)
        .map(|i| res_amount(r[i] as u32, i))
        .collect();
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join(", ")
    }
}
