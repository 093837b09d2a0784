//! Dungeon Lords' drawings (`resources/dungeon-lords/art/`, the project's own: flat shapes
//! with one dark outline) and the ids the tables put down. Numbers and names stay the
//! host's text beside a picture, never on top of a busy part of one.

use tavern_plugin_api::scene::{Art, Rect, Scene};

use crate::data::Class;

/// The dungeon's stone wall with two archways and a torch, under the whole table.
pub const BOARD: &str = "board";
pub const IMP: &str = "imp";
pub const ROOM: &str = "room";
pub const TRAP_BACK: &str = "trap-back";
pub const TUNNEL: &str = "tunnel";
pub const ROCK: &str = "rock";
pub const GOLD: &str = "gold";
pub const FOOD: &str = "food";
pub const EVIL: &str = "evil";
/// A tile the adventurers took: pale flagstones with their pennant.
pub const CONQUERED: &str = "conquered";
/// A lair card's den, behind the monster's picture.
pub const LAIR: &str = "lair";
/// Stars over a monster knocked out until the end of the year.
pub const KNOCKED_OUT: &str = "knocked-out";
/// Bars over an imprisoned adventurer.
pub const PRISON: &str = "prison";

/// Every drawing the game ships, embedded at build time.
pub fn all() -> Vec<Art> {
    tavern_plugin_api::art!("dungeon-lords":
        "board", "imp", "goblin", "slime", "ghost", "troll", "witch", "vampire", "golem",
        "dragon", "demon", "warrior", "thief", "priest", "wizard", "paladin", "room",
        "trap-back", "tunnel", "rock", "gold", "food", "evil", "conquered", "lair",
        "knocked-out", "prison", "trap-rolling-stone", "trap-wall-of-fire", "trap-pendulum",
        "trap-trap-door", "trap-cursed-ring", "trap-poisoned-meal", "trap-poisoned-dart",
        "trap-anti-magic-dart", "trap-kamikaze-imp",
    )
}

/// A monster's picture by its data key (goblin … demon); the data lists exactly these.
pub fn monster(key: &str) -> &'static str {
    match key {
        "goblin" => "goblin",
        "slime" => "slime",
        "ghost" => "ghost",
        "troll" => "troll",
        "witch" => "witch",
        "vampire" => "vampire",
        "golem" => "golem",
        "dragon" => "dragon",
        _ => "demon",
    }
}

/// A trap card's picture by its data key (rolling-stone … kamikaze-imp); the data lists
/// exactly these.
pub fn trap(key: &str) -> &'static str {
    match key {
        "rolling-stone" => "trap-rolling-stone",
        "wall-of-fire" => "trap-wall-of-fire",
        "pendulum" => "trap-pendulum",
        "trap-door" => "trap-trap-door",
        "cursed-ring" => "trap-cursed-ring",
        "poisoned-meal" => "trap-poisoned-meal",
        "poisoned-dart" => "trap-poisoned-dart",
        "anti-magic-dart" => "trap-anti-magic-dart",
        _ => "trap-kamikaze-imp",
    }
}

/// An adventurer's picture by class; the Illusion spell's phantom borrows the wizard's.
pub fn adventurer(c: Class) -> &'static str {
    match c {
        Class::Warrior => "warrior",
        Class::Thief => "thief",
        Class::Priest => "priest",
        Class::Wizard | Class::Illusion => "wizard",
        Class::Paladin => "paladin",
    }
}

/// The backdrop over the whole canvas, under everything else.
pub fn backdrop(s: &mut Scene) {
    let (w, h) = (s.width, s.height);
    s.image(tavern_plugin_api::scene::rect(0.0, 0.0, w, h), BOARD, "");
}

/// A small picture beside a count (gold, food, Evil, imps); `alt` names it.
pub fn icon(s: &mut Scene, r: Rect, image: &str, alt: &str) {
    s.image(r, image, alt);
}
