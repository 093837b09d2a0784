//! Part 2's events, production and final scoring, ahead of the building years.
mod common;

use common::*;
use tavern_plugin_dungeon_lords::data::data;
use tavern_plugin_dungeon_lords::economy::{can_pay_wage, dismiss, pay_taxes, pay_wage, produce};
use tavern_plugin_dungeon_lords::final_score::final_lines;
use tavern_plugin_dungeon_lords::model::{Tile, TileKind};

#[test]
fn pay_day_wages_or_the_monster_leaves_with_evil() {
    let mut l = with_monsters(lord("L", 3, &[]), &["troll", "vampire", "golem"]);
    l.food = 2;
    assert!(can_pay_wage(&l, 0), "2 food for the troll");
    pay_wage(&mut l, 0, None, None);
    assert_eq!(l.food, 0);
    assert!(can_pay_wage(&l, 1), "2 Evil for the vampire");
    pay_wage(&mut l, 1, None, None);
    assert_eq!(l.evil, 2);
    assert!(
        !can_pay_wage(&l, 2),
        "no gold and no trap card for the golem"
    );
    let kind = dismiss(&mut l, 2);
    assert_eq!(kind, monster_id("golem"));
    assert_eq!((l.lair.len(), l.evil), (2, 3));
    // At the top of the Evilometer Evil cannot be paid.
    l.evil = data().evilometer.top;
    assert!(!can_pay_wage(&l, 1));
}

#[test]
fn taxes_and_the_dead_letter_office() {
    let mut l = lord("L", 5, &[]);
    l.gold = 1;
    assert_eq!(pay_taxes(&mut l, 3), 2, "3 owed, 1 paid");
    assert_eq!((l.gold, l.dead_letters), (0, 2));
}

#[test]
fn production_needs_its_imps_and_food() {
    let mut l = lord("L", 3, &[]);
    let coop = room_id("chicken-coop");
    assert!(produce(&mut l, coop, 2).is_none(), "3 imps needed");
    assert_eq!(produce(&mut l, coop, 3), Some((0, 0)));
    assert_eq!(l.food, 1);
    let magic = room_id("magic-room");
    l.food = 0;
    assert!(
        produce(&mut l, magic, 2).is_none(),
        "the Magic Room eats 1 food"
    );
    l.food = 1;
    produce(&mut l, magic, 2);
    assert_eq!((l.food, l.imps), (0, 1));
    let shed = room_id("tool-shed");
    assert_eq!(
        produce(&mut l, shed, 2),
        Some((1, 0)),
        "the Tool Shed digs a tunnel"
    );
    let press = room_id("printing-press");
    l.evil = 0;
    produce(&mut l, press, 3);
    assert_eq!(l.evil, 0, "the Evilometer has a bottom");
}

#[test]
fn final_scoring_every_line() {
    // A: 2 rooms (one conquered, one Chapel), 4 tunnels (1 conquered), a vampire and a
    // ghost, 2 prisoners and the paladin, 1 dead letter, Evil 6, 3 imps.
    let mut a = with_monsters(lord("A", 6, &[]), &["vampire", "ghost"]);
    a.grid[0] = Some(Tile {
        kind: TileKind::Room,
        conquered: true,
        room: None,
    });
    a.grid[5] = room_tile("chapel", false);
    a.grid[1].as_mut().unwrap().conquered = true;
    a.prison = vec![adv_id("thief-1"), adv_id("priest-1"), adv_id("paladin-1")];
    a.dead_letters = 1;
    a.evil = 6;
    a.imps = 3;
    a.gold = 1;
    // B: 3 tunnels, nothing conquered, a troll and a goblin, Evil 6, 5 imps.
    let mut b = with_monsters(lord("B", 3, &[]), &["troll", "goblin"]);
    b.evil = 6;
    b.imps = 5;
    let lines = final_lines(&[a, b], 3);
    let get = |s: usize, label: &str| -> i64 {
        lines[s]
            .iter()
            .find(|(l, _)| l == label)
            .unwrap_or_else(|| panic!("{label}"))
            .1
    };
    assert_eq!(get(0, "Unconquered rooms"), 2);
    assert_eq!(get(0, "Monsters in the lair"), 1, "ghosts do not count");
    assert_eq!(get(0, "Adventurers in prison"), 4);
    assert_eq!(get(0, "Paladins in prison"), 5);
    assert_eq!(get(0, "Conquered tiles"), -4);
    assert_eq!(get(0, "Dead Letter Office"), -3);
    assert_eq!(
        get(0, "Scoring rooms"),
        4,
        "Chapel: vampire and ghost, 2 each"
    );
    // Titles among two lords with three-player values: Evil tied (2 each), A most rooms
    // (3), A most tunnels (6 squares less 2 rooms = 4 vs 3: 3), B most monsters (3), B most
    // imps (3), riches 1 vs 0 (A: 3), fewest conquered B (3).
    assert_eq!(get(0, "Lord of Dark Deeds"), 2);
    assert_eq!(get(1, "Lord of Dark Deeds"), 2);
    assert_eq!(get(0, "Lord of Halls"), 3);
    assert_eq!(get(0, "Tunnellord"), 3);
    assert_eq!(get(1, "Monsterlord"), 3);
    assert_eq!(get(1, "Lord of Imps"), 3);
    assert_eq!(get(0, "Lord of Riches"), 3);
    assert_eq!(get(1, "Battlelord"), 3);
    let total_a: i64 = lines[0].iter().map(|l| l.1).sum();
    assert_eq!(total_a, 2 + 1 + 4 + 5 - 4 - 3 + 4 + 2 + 3 + 3 + 3);
}
