//! Component data, embedded at build time and parsed once.

use std::sync::LazyLock;

use serde::Deserialize;

/// Number of treasure types (and dragon caves).
pub const TYPES: usize = 5;
/// Value of a large treasure in small ones.
pub const LARGE: u8 = 3;
/// Locations A–O.
pub const LOCS: usize = 15;
pub const STABLES: u8 = 5;
pub const MARKET: u8 = 6;
pub const COTTAGE: u8 = 7;
pub const ROUNDHOUSE: u8 = 8;
pub const GUARD: u8 = 9;
/// First castle room (K); rooms are K..=O.
pub const ROOM_K: u8 = 10;
pub const ROOM_L: u8 = 11;
/// Castle room M, which holds a second stack with six players.
pub const ROOM_M: u8 = 12;
pub const ROOM_N: u8 = 13;
pub const ROOM_O: u8 = 14;
pub const ROUNDHOUSE_LOC: u8 = ROUNDHOUSE;
/// Worker strengths every player owns (there is no 3).
pub const STRENGTHS: [u8; 8] = [1, 2, 4, 5, 6, 7, 8, 9];
/// Ledges per cave.
pub const LEDGES: usize = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LocKind {
    Cave,
    Stables,
    Market,
    Cottage,
    Roundhouse,
    Guard,
    Castle,
}

pub fn loc_kind(loc: u8) -> LocKind {
    match loc {
        0..=4 => LocKind::Cave,
        STABLES => LocKind::Stables,
        MARKET => LocKind::Market,
        COTTAGE => LocKind::Cottage,
        ROUNDHOUSE => LocKind::Roundhouse,
        GUARD => LocKind::Guard,
        _ => LocKind::Castle,
    }
}

pub fn is_castle_room(loc: u8) -> bool {
    (ROOM_K..ROOM_K + 5).contains(&loc)
}

pub const ARTEFACTS: usize = 6;
pub const AMULET: u8 = 0;
pub const KEY: u8 = 1;
pub const MIRROR: u8 = 2;
pub const RAVEN: u8 = 3;
pub const SCROLL: u8 = 4;
pub const WAND: u8 = 5;

#[derive(Debug, Deserialize)]
pub struct TreasureSpec {
    pub id: String,
    pub name: String,
    pub colour: String,
    pub small: u8,
    pub large: u8,
}

#[derive(Debug, Deserialize)]
pub struct ArtefactSpec {
    pub id: String,
    pub name: String,
    pub help: String,
}

#[derive(Debug, Deserialize)]
pub struct LocationSpec {
    pub id: String,
    pub name: String,
    pub kind: String,
    #[serde(default)]
    pub treasure: Option<usize>,
    pub help: String,
}

#[derive(Debug, Deserialize)]
pub struct Components {
    pub treasures: Vec<TreasureSpec>,
    pub large_value: u8,
    pub worker_strengths: Vec<u8>,
    pub guards: Vec<u8>,
    pub artefacts: Vec<ArtefactSpec>,
    pub locations: Vec<LocationSpec>,
}

/// One ledge of a treasure card: `[large, small]` pieces of the cave's treasure.
pub type Ledge = [u8; 2];

#[derive(Debug, Deserialize)]
pub struct TreasureCard {
    pub id: u16,
    /// The chest count on the back: the player-count set it belongs to.
    pub chests: u8,
    /// Per cave A–E, the filled ledges from the top.
    pub caves: Vec<Vec<Ledge>>,
}

#[derive(Debug, Deserialize)]
pub struct TreasureCards {
    pub cards: Vec<TreasureCard>,
}

pub static COMPONENTS: LazyLock<Components> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../../../resources/keydoms/components.json"))
        .expect("components.json parses")
});

pub static CARDS: LazyLock<TreasureCards> = LazyLock::new(|| {
    serde_json::from_str(include_str!(
        "../../../resources/keydoms/treasure_cards.json"
    ))
    .expect("treasure_cards.json parses")
});

pub fn card(id: u16) -> Option<&'static TreasureCard> {
    CARDS.cards.iter().find(|c| c.id == id)
}

/// The chest count of the card set used with `players` seats at the table.
pub fn chests_for(players: usize) -> u8 {
    match players {
        0..=3 => 3,
        4 => 4,
        _ => 5,
    }
}

pub fn loc_name(loc: u8) -> &'static str {
    &COMPONENTS.locations[loc as usize].name
}

/// The location as a sentence names it: "the Red cave", "the Stables", but "Castle room
/// 3" (a numbered room takes no article).
pub fn the_loc(loc: u8) -> String {
    let name = loc_name(loc);
    if is_castle_room(loc) {
        name.to_string()
    } else {
        format!("the {name}")
    }
}

/// `n` of a treasure type in words: "1 crown", "4 gold bars".
pub fn treasures_of(n: u16, t: usize) -> String {
    if n == 1 {
        format!("1 {}", treasure_singular(t as u8))
    } else {
        format!("{n} {}", treasure_name(t))
    }
}

/// `n` and its word, singular for one: "1 treasure", "3 treasures" (the one counting
/// every game shares).
pub use tavern_plugin_api::words::counted as count;

/// `text` with its first letter in upper case, to start a sentence with.
pub fn upper_first(text: &str) -> String {
    let mut c = text.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

pub fn loc_letter(loc: u8) -> &'static str {
    &COMPONENTS.locations[loc as usize].id
}

pub fn treasure_name(t: usize) -> &'static str {
    &COMPONENTS.treasures[t].name
}

pub fn artefact_name(a: u8) -> &'static str {
    &COMPONENTS.artefacts[a as usize].name
}

/// Total value of one treasure type in the game.
pub fn type_value(t: usize) -> u16 {
    let s = &COMPONENTS.treasures[t];
    s.small as u16 + s.large as u16 * COMPONENTS.large_value as u16
}

#[derive(Debug, Deserialize)]
pub struct SpellSpec {
    pub id: u8,
    pub name: String,
    pub help: String,
}

#[derive(Debug, Deserialize)]
pub struct Spells {
    pub spells: Vec<SpellSpec>,
}

pub static SPELLS: LazyLock<Spells> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../../../resources/keydoms/spells.json"))
        .expect("spells.json parses")
});

pub fn spell_name(id: u8) -> &'static str {
    SPELLS
        .spells
        .iter()
        .find(|s| s.id == id)
        .map(|s| s.name.as_str())
        .unwrap_or("an unknown spell")
}

pub fn spell_help(id: u8) -> &'static str {
    SPELLS
        .spells
        .iter()
        .find(|s| s.id == id)
        .map(|s| s.help.as_str())
        .unwrap_or("")
}

/// The end table's lines, one per artefact kind in the kinds' order (each artefact is
/// one point), for players and ghosts alike.
pub const ARTEFACT_LINES: [&str; ARTEFACTS] = [
    "Amulets",
    "Keys",
    "Mirrors",
    "Ravens",
    "Scrolls (they break a tie)",
    "Wands (each player starts with one)",
];

/// Where each location sits on the board.
/// A castle stack's scene id: a part of its room (`loc:<room>/stack:<n>`), so a target
/// on the room is not taken for a panel around another component.
pub fn stack_id(stack: u8) -> String {
    let room = if stack == 5 { ROOM_M } else { ROOM_K + stack };
    format!("loc:{room}/stack:{stack}")
}

pub const MIN_PLAYERS: usize = 1;
pub const MAX_PLAYERS: usize = 6;

/// One treasure of type `t`, in words ("crown", "gold bar").
pub fn treasure_singular(t: u8) -> &'static str {
    ["crown", "pearl", "goblet", "gemstone", "gold bar"][t as usize % TYPES]
}
