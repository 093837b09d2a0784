//! Dungeon Lords' drawings (`resources/dungeon-lords/art/`, the project's own: flat shapes
//! with one dark outline) and the ids the tables put down. Numbers and names stay the
//! host's text beside a picture, never on top of a busy part of one.

use tavern_plugin_api::scene::{Art, Rect, Scene};

use crate::data::Class;
use crate::orders::Place;

/// The dungeon's stone wall with two archways, under the whole table (in the canvas's
/// proportions, so it reaches every edge).
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
/// The tavern's nook (plank wall, bar, lanterns), behind a monster for hire.
pub const TAVERN: &str = "tavern";
/// The back of a Dungeon Lords trap card (spiked jaws in a diamond on dark red), drawn
/// where another lord's cards lie face down.
pub const TRAP_CARD_BACK: &str = "trap-card-back";

/// Every drawing the game ships, embedded at build time.
pub fn all() -> Vec<Art> {
    tavern_plugin_api::art!("dungeon-lords":
        "board", "imp", "goblin", "slime", "ghost", "troll", "witch", "vampire", "golem",
        "dragon", "demon", "warrior", "thief", "priest", "wizard", "paladin", "room",
        "trap-back", "tunnel", "rock", "gold", "food", "evil", "conquered", "lair",
        "knocked-out", "prison", "trap-rolling-stone", "trap-wall-of-fire", "trap-pendulum",
        "trap-trap-door", "trap-cursed-ring", "trap-poisoned-meal", "trap-poisoned-dart",
        "trap-anti-magic-dart", "trap-kamikaze-imp", "tavern", "trap-card-back",
        "place-food", "place-reputation", "place-tunnels", "place-gold", "place-imps",
        "place-traps", "place-monster", "place-room", "room-chicken-coop",
        "room-mushroom-bed", "room-souvenir-shop", "room-mint", "room-workshop",
        "room-tool-shed", "room-printing-press", "room-magic-room", "room-training-room",
        "room-dark-room", "room-labyrinth", "room-anti-magic-room", "room-cafeteria",
        "room-chapel", "room-pandemonium", "room-hall-of-fame",
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

/// The emblem of a central-board place: a basket of food, a sealed letter of good
/// conduct, pick and shovel at a tunnel mouth, a pick in a gold seam, imps, an open jaw
/// trap, the tavern's clawed sign, a new brick arch.
pub fn place(p: Place) -> &'static str {
    match p {
        Place::GetFood => "place-food",
        Place::Reputation => "place-reputation",
        Place::DigTunnels => "place-tunnels",
        Place::MineGold => "place-gold",
        Place::RecruitImps => "place-imps",
        Place::BuyTraps => "place-traps",
        Place::HireMonster => "place-monster",
        Place::BuildRoom => "place-room",
    }
}

/// A room tile's picture by its data key (chicken-coop … hall-of-fame): its floor with
/// what the room holds. A key the drawings lack gets the plain doorway.
pub fn room(key: &str) -> &'static str {
    match key {
        "chicken-coop" => "room-chicken-coop",
        "mushroom-bed" => "room-mushroom-bed",
        "souvenir-shop" => "room-souvenir-shop",
        "mint" => "room-mint",
        "workshop" => "room-workshop",
        "tool-shed" => "room-tool-shed",
        "printing-press" => "room-printing-press",
        "magic-room" => "room-magic-room",
        "training-room" => "room-training-room",
        "dark-room" => "room-dark-room",
        "labyrinth" => "room-labyrinth",
        "anti-magic-room" => "room-anti-magic-room",
        "cafeteria" => "room-cafeteria",
        "chapel" => "room-chapel",
        "pandemonium" => "room-pandemonium",
        "hall-of-fame" => "room-hall-of-fame",
        _ => ROOM,
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
