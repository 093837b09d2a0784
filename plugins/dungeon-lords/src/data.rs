//! Component data, parsed once from `resources/dungeon-lords/components.json`.
//!
//! Ids are positions in the file's lists (adventurer 12 is always the same tile), so a
//! saved action naming an id keeps its meaning as long as entries are only appended.

use std::sync::LazyLock;

use serde::Deserialize;

pub const JSON: &str = include_str!("../../../resources/dungeon-lords/components.json");

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    Warrior,
    Thief,
    Priest,
    Wizard,
    Paladin,
    /// Not a tile: the spell Illusion's phantom at the front of the line.
    Illusion,
}

impl Class {
    pub fn letter(self) -> &'static str {
        match self {
            Class::Warrior => "W",
            Class::Thief => "T",
            Class::Priest => "P",
            Class::Wizard => "Z",
            Class::Paladin => "K",
            Class::Illusion => "I",
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct AdventurerDef {
    pub key: String,
    pub name: String,
    pub class: Class,
    pub year: u8,
    pub level: u8,
    pub hp: u8,
    /// Symbols of the class ability (disarm, heal or magic); 0 for warriors and paladins.
    pub power: u8,
    /// The paladin's own symbols: he has every ability.
    #[serde(default)]
    pub disarm: u8,
    #[serde(default)]
    pub heal: u8,
    #[serde(default)]
    pub magic: u8,
}

impl AdventurerDef {
    pub fn disarm(&self) -> u8 {
        match self.class {
            Class::Thief => self.power,
            Class::Paladin => self.disarm,
            _ => 0,
        }
    }
    pub fn heal(&self) -> u8 {
        match self.class {
            Class::Priest => self.power,
            Class::Paladin => self.heal,
            _ => 0,
        }
    }
    pub fn magic(&self) -> u8 {
        match self.class {
            Class::Wizard => self.power,
            Class::Paladin => self.magic,
            _ => 0,
        }
    }
}

/// One year's strength of a trap; the damage parts add up per adventurer.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct TrapValues {
    pub each: u8,
    pub first: u8,
    pub second: u8,
    pub last: u8,
    /// To one adventurer the lord names.
    pub chosen: u8,
    /// Unpreventable damage to the named adventurer after Conquering.
    pub poison: u8,
    /// Damage to the first equal to his remaining hit points.
    pub meal: bool,
    /// Hitting a wizard stops spells, a priest stops Healing.
    pub anti_magic: bool,
}

#[derive(Clone, Debug, Deserialize)]
pub struct TrapDef {
    pub key: String,
    pub name: String,
    pub copies: u8,
    #[serde(default)]
    pub gold: u8,
    #[serde(default)]
    pub food: u8,
    #[serde(default)]
    pub imp: u8,
    pub y1: TrapValues,
    pub y2: TrapValues,
    #[serde(default)]
    pub no_conquer: bool,
    pub help: String,
}

impl TrapDef {
    pub fn values(&self, year: u8) -> &TrapValues {
        if year >= 2 { &self.y2 } else { &self.y1 }
    }
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    First,
    Anyone,
    Everyone,
    /// Not an attack at all (the slime's hold).
    Hold,
}

#[derive(Clone, Debug, Deserialize)]
pub struct ModeDef {
    pub label: String,
    pub target: Target,
    pub damage: u8,
    #[serde(default = "one")]
    pub hits: u8,
    #[serde(default)]
    pub food: u8,
    #[serde(default)]
    pub returns: bool,
    #[serde(default)]
    pub follow_up: u8,
    #[serde(default)]
    pub no_heal: bool,
    #[serde(default)]
    pub no_conquer: bool,
}

fn one() -> u8 {
    1
}

/// A monster's wage, paid again when the spell Suggestion asks for it.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct Wage {
    pub food: u8,
    pub evil: u8,
    pub gold: u8,
    pub traps: u8,
    /// Another monster to eat (the demon's): never payable in combat.
    pub feed: bool,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    Fast,
    Slow,
}

#[derive(Clone, Debug, Deserialize)]
pub struct CardDef {
    pub key: String,
    pub name: String,
    pub year: u8,
    pub fatigue: u8,
    pub speed: Speed,
    pub help: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct MonsterDef {
    pub key: String,
    pub wage_cost: Wage,
    pub name: String,
    #[serde(default)]
    pub ghost: bool,
    #[serde(default)]
    pub not_first: bool,
    #[serde(default)]
    pub not_priests: bool,
    pub year1: u8,
    pub year2: u8,
    pub wage: String,
    pub modes: Vec<ModeDef>,
}

/// Where a first-year room may be built (rows counted from the surface).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    /// The two rows nearest the surface.
    Surface,
    /// The two deepest rows.
    Deep,
    /// Squares on the edge of the 5×4 site.
    Outer,
    /// The six squares off the edge.
    Inner,
    /// Second-year rooms go anywhere.
    Any,
}

impl Zone {
    pub fn allows(self, square: u8) -> bool {
        let (row, col) = (square / COLUMNS, square % COLUMNS);
        let rows = SQUARES as u8 / COLUMNS;
        let edge = row == 0 || col == 0 || row + 1 == rows || col + 1 == COLUMNS;
        match self {
            Zone::Surface => row < 2,
            Zone::Deep => row >= 2,
            Zone::Outer => edge,
            Zone::Inner => !edge,
            Zone::Any => true,
        }
    }
}

/// What a second-year combat room changes in a battle fought in it.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum CombatRoom {
    /// Trolls and goblins deal 1 more with each attack.
    Training,
    /// Vampires and witches deal 1 more with each attack.
    Dark,
    /// Two traps without gold, one monster.
    Labyrinth,
    /// No spells.
    AntiMagic,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct Makes {
    pub food: u8,
    pub gold: u8,
    pub traps: u8,
    pub tunnels: u8,
    pub imps: u8,
    pub evil: i8,
}

#[derive(Clone, Debug, Deserialize)]
pub struct RoomDef {
    pub key: String,
    pub name: String,
    pub year: u8,
    pub zone: Zone,
    pub imps: u8,
    #[serde(default)]
    pub food: u8,
    pub makes: Makes,
    #[serde(default)]
    pub combat: Option<CombatRoom>,
    pub help: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct ScenarioDef {
    pub key: String,
    pub name: String,
    pub party: Vec<String>,
    pub tiles: Vec<u8>,
    pub rooms: Vec<u8>,
    pub traps: Vec<String>,
    pub monsters: Vec<String>,
    pub gold: u8,
    pub food: u8,
    pub best: u8,
    pub solution: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct GridDef {
    pub columns: u8,
    pub rows: u8,
    pub entrance: u8,
}

#[derive(Clone, Debug, Deserialize)]
pub struct EvilDef {
    pub top: u8,
    pub paladin: u8,
    /// Where every counter begins.
    pub start: u8,
}

/// A special event card (all nine designed: the rulebook prints none).
#[derive(Clone, Debug, Deserialize)]
pub struct SpecialDef {
    pub key: String,
    pub name: String,
    pub help: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Data {
    pub grid: GridDef,
    pub evilometer: EvilDef,
    pub training_fatigue: u8,
    pub adventurers: Vec<AdventurerDef>,
    pub traps: Vec<TrapDef>,
    pub monsters: Vec<MonsterDef>,
    pub combat_cards: Vec<CardDef>,
    pub rooms: Vec<RoomDef>,
    pub scenarios: Vec<ScenarioDef>,
    #[serde(default)]
    pub special_events: Vec<SpecialDef>,
}

impl Data {
    pub fn adventurer_id(&self, key: &str) -> Option<u8> {
        self.adventurers
            .iter()
            .position(|a| a.key == key)
            .map(|i| i as u8)
    }
    pub fn trap_id(&self, key: &str) -> Option<u8> {
        self.traps
            .iter()
            .position(|t| t.key == key)
            .map(|i| i as u8)
    }
    pub fn monster_id(&self, key: &str) -> Option<u8> {
        self.monsters
            .iter()
            .position(|m| m.key == key)
            .map(|i| i as u8)
    }
    pub fn scenario(&self, key: &str) -> Option<usize> {
        self.scenarios.iter().position(|s| s.key == key)
    }
}

static DATA: LazyLock<Data> = LazyLock::new(|| {
    let mut d: Data = serde_json::from_str(JSON).expect("dungeon-lords components.json");
    // Evil is a named track on the board and in every label ("1 Evil → 3 food", "gain 1
    // Evil"): the wages say it the same way ("2 Evil", not "2 evil").
    for m in &mut d.monsters {
        m.wage = m.wage.replace("evil", "Evil");
    }
    d
});

pub fn data() -> &'static Data {
    &DATA
}

pub fn adv(id: u8) -> &'static AdventurerDef {
    &data().adventurers[id as usize]
}

pub fn trap(id: u8) -> &'static TrapDef {
    &data().traps[id as usize]
}

pub fn room(id: u8) -> &'static RoomDef {
    &data().rooms[id as usize]
}

pub fn card(id: u8) -> &'static CardDef {
    &data().combat_cards[id as usize]
}

pub fn monster(id: u8) -> &'static MonsterDef {
    &data().monsters[id as usize]
}

pub const SQUARES: usize = 20;
pub const COLUMNS: u8 = 5;
