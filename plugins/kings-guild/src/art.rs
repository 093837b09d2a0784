//! The King's Guild's drawings (`resources/kings-guild/art/`, the project's own: flat
//! shapes with one dark outline, warm colours) and which one each component shows.
//! Numbers, costs and names stay the host's text beside or over a calm part of a
//! picture; every picture that stands for a colour also has its own shape (the treasure
//! backs carry a moon, a flame or a sun), so colour is never the only cue.

use tavern_plugin_api::scene::Art;

use crate::data::treasure;
use crate::data::{Colour, Hero, ItemKind, Pile, RES, TreasureEffect, room, room_def, spec};

/// The market street at dusk under the whole table.
pub const BOARD: &str = "board";
pub const COIN: &str = "coin";
/// The timber wall a guild's grid is laid into.
pub const GUILD_BOARD: &str = "guild-board";
/// An empty space of a guild's grid.
pub const FLOOR: &str = "floor";
pub const FUNERAL: &str = "funeral";
pub const OFFERING: &str = "offering";
pub const STATUE: &str = "statue";
pub const QUEST_BACK: &str = "quest-back";
pub const SPEC_BACK: &str = "spec-back";

/// Every drawing the game ships, embedded at build time.
pub fn all() -> Vec<Art> {
    tavern_plugin_api::art!("kings-guild":
        "board", "coin", "guild-board", "floor", "funeral", "offering", "statue",
        "quest-back", "spec-back",
        "cloth", "leather", "metal", "wood", "gems", "magic",
        "back-blue", "back-red", "back-yellow",
        "map", "contract", "potion", "scroll", "charm", "helm", "breastplate", "sword",
        "boots", "shield", "gauntlets", "stash", "purse", "gold-bag",
        "hero-mage", "hero-rogue", "hero-warrior",
        "spec-gatherer", "spec-crafter", "spec-fighter", "spec-mage", "spec-merchant",
        "spec-noble", "spec-minstrel", "spec-scholar",
        "room-warehouse", "room-library", "room-gem", "room-magic", "room-bed",
        "room-kitchen", "room-hall", "room-barracks", "room-shrine", "room-master",
        "guild-0", "guild-1", "guild-2", "guild-3", "guild-4", "guild-5",
    )
}

/// A resource's picture, in the order of [`crate::data::RES_NAMES`].
pub const RESOURCE: [&str; RES] = ["cloth", "leather", "metal", "wood", "gems", "magic"];

/// The back of a treasure colour's cards (also the reward mark on a quest item).
pub fn back(c: Colour) -> &'static str {
    match c {
        Colour::Blue => "back-blue",
        Colour::Red => "back-red",
        Colour::Yellow => "back-yellow",
    }
}

pub fn hero(h: Hero) -> &'static str {
    match h {
        Hero::Mage => "hero-mage",
        Hero::Rogue => "hero-rogue",
        Hero::Warrior => "hero-warrior",
    }
}

/// A quest item's kind: a sword for weapons, a shield for armour.
pub fn item(k: ItemKind) -> &'static str {
    match k {
        ItemKind::Weapon => "sword",
        ItemKind::Armour => "shield",
    }
}

/// A treasure's picture: its object (relics by their piece), a resource bundle by the
/// resource it brings, coins by purse or bag.
pub fn treasure_art(k: u8) -> &'static str {
    let t = treasure(k);
    if t.charm > 0 {
        return "charm";
    }
    if t.relic.is_some() {
        let n = t.name.to_ascii_lowercase();
        return [
            ("helm", "helm"),
            ("breastplate", "breastplate"),
            ("sword", "sword"),
            ("boots", "boots"),
            ("shield", "shield"),
            ("gauntlets", "gauntlets"),
        ]
        .iter()
        .find(|(w, _)| n.contains(w))
        .map_or("helm", |(_, a)| a);
    }
    if t.scroll {
        return "scroll";
    }
    match t.effect {
        TreasureEffect::Map => "map",
        TreasureEffect::Contract => "contract",
        TreasureEffect::Spoiling | TreasureEffect::Lucky | TreasureEffect::Fortune => "potion",
        TreasureEffect::Plenty | TreasureEffect::Wonders | TreasureEffect::Riches => "scroll",
        TreasureEffect::Gain(g) => {
            let kinds: Vec<usize> = (0..RES).filter(|&r| g[r] > 0).collect();
            match kinds.as_slice() {
                [one] => RESOURCE[*one],
                _ => "stash",
            }
        }
        // Sold only: coin purses and bags of gold.
        TreasureEffect::None if t.name.to_ascii_lowercase().contains("purse") => "purse",
        TreasureEffect::None => "gold-bag",
    }
}

/// A specialist's portrait by trade (the name is always written beside it).
pub fn specialist(x: u8) -> &'static str {
    trade(&spec(x).name).unwrap_or("spec-noble")
}

/// The trade of every specialist by name; `None` for a name the table does not know
/// (a test holds the data to this list).
pub fn trade(name: &str) -> Option<&'static str> {
    Some(match name {
        "Lumberjack" | "Miner" | "Tanner" | "Weaver" | "Peasant" | "Laborer" => "spec-gatherer",
        "Blacksmith" | "Leatherworker" | "Tailor" | "Woodworker" | "Craftswoman" | "Builder" => {
            "spec-crafter"
        }
        "Fighter" | "Ranger" | "Adventurer" | "Thug" => "spec-fighter",
        "Wizard" | "Sorceress" | "Warlock" | "Witch" | "Alchemist" | "Oracle" => "spec-mage",
        "Appraiser" | "Auctioneer" | "Merchant" | "Dealer" | "Smuggler" | "Curator" => {
            "spec-merchant"
        }
        "Aristocrat" | "Vizier" | "Overseer" | "Recruiter" => "spec-noble",
        "Bard" | "Minstrel" => "spec-minstrel",
        "Inventor" | "Courier" => "spec-scholar",
        _ => return None,
    })
}

/// A room's picture by its pile (every master room shares the star door).
pub fn room_art(rm: u8) -> &'static str {
    let d = room_def(rm);
    match d.pile {
        Pile::Warehouse => "room-warehouse",
        Pile::Library => "room-library",
        Pile::Gem => "room-gem",
        Pile::Magic => "room-magic",
        Pile::SmallChamber if rm == room::KITCHEN => "room-kitchen",
        Pile::SmallChamber => "room-bed",
        Pile::BigChamber if rm == room::BARRACKS => "room-barracks",
        Pile::BigChamber => "room-hall",
        Pile::Statue => STATUE,
        Pile::Shrine => "room-shrine",
        Pile::Master => "room-master",
    }
}

/// A guild's crest on its tile.
pub fn guild(g: u8) -> &'static str {
    [
        "guild-0", "guild-1", "guild-2", "guild-3", "guild-4", "guild-5",
    ][g as usize % 6]
}
