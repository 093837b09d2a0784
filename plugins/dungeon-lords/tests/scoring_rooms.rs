//! The point-scoring rooms at the final scoring (issue 24): the Hall of Fame by the
//! printed rule (2 bonus points per exclusive title, 1 with two or three players; shared
//! titles give nothing), the 0.2.x rule kept for old saves (1 per title held), and a
//! conquered scoring room scoring nothing (flipped to its back: see the rules help).
mod common;

use common::*;
use tavern_plugin_dungeon_lords::final_score::{final_lines, final_lines_under};
use tavern_plugin_dungeon_lords::model::Lord;

fn get(lines: &[Vec<(String, i64)>], s: usize, label: &str) -> i64 {
    lines[s]
        .iter()
        .find(|(l, _)| l == label)
        .unwrap_or_else(|| panic!("{label}"))
        .1
}

fn with_room(mut l: Lord, square: usize, key: &str, conquered: bool) -> Lord {
    l.grid[square] = room_tile(key, conquered);
    l
}

/// Three lords: A holds the Hall of Fame and wins two titles alone (Lord of Halls: the
/// only room; Lord of Imps: 6 imps), shares the Lord of Dark Deeds (Evil tied with B) and
/// the Battlelord (nobody lost a tile); the other titles are B's and C's.
fn three_lords(hall_conquered: bool) -> Vec<Lord> {
    let mut a = with_room(lord("A", 3, &[]), 5, "hall-of-fame", hall_conquered);
    a.imps = 6;
    a.evil = 7;
    let mut b = lord("B", 4, &[]);
    b.evil = 7;
    b.imps = 2;
    b.gold = 5;
    let mut c = with_monsters(lord("C", 3, &[]), &["troll"]);
    c.imps = 2;
    c.evil = 3;
    vec![a, b, c]
}

#[test]
fn the_hall_of_fame_pays_for_each_exclusive_title_by_the_printed_rule() {
    let lords = three_lords(false);
    let lines = final_lines(&lords, 3);
    assert_eq!(get(&lines, 0, "Lord of Halls"), 3, "alone");
    assert_eq!(get(&lines, 0, "Lord of Imps"), 3, "alone");
    assert_eq!(get(&lines, 0, "Lord of Dark Deeds"), 2, "shared with B");
    // With three lords: 1 per exclusive title, the shared one gives nothing.
    assert_eq!(get(&lines, 0, "Hall of Fame"), 2);
    // The 0.2.x rule paid 1 for every title held, shared included (four).
    let old = final_lines_under(&lords, 3, true);
    assert_eq!(get(&old, 0, "Battlelord"), 2, "shared by all three");
    assert_eq!(get(&old, 0, "Hall of Fame"), 4);
}

#[test]
fn the_hall_of_fame_pays_two_per_exclusive_title_with_four_lords() {
    let mut lords = three_lords(false);
    let mut d = lord("D", 3, &[]);
    d.imps = 1;
    lords.push(d);
    let lines = final_lines(&lords, 4);
    assert_eq!(get(&lines, 0, "Lord of Halls"), 3);
    assert_eq!(get(&lines, 0, "Lord of Imps"), 3);
    assert_eq!(get(&lines, 0, "Hall of Fame"), 4);
}

#[test]
fn the_hall_of_fame_pays_one_per_exclusive_title_with_two_lords() {
    let mut lords = three_lords(false);
    lords.truncate(2);
    let lines = final_lines(&lords, 2);
    assert_eq!(get(&lines, 0, "Lord of Halls"), 2, "two-player value");
    assert_eq!(get(&lines, 0, "Lord of Imps"), 2);
    assert_eq!(get(&lines, 0, "Hall of Fame"), 2);
}

#[test]
fn a_conquered_scoring_room_scores_nothing() {
    // Unconquered: the Hall of Fame pays and the room counts +2; conquered: the room is
    // a conquered tile (−2), the Hall of Fame pays nothing, and it still counts for the
    // Lord of Halls (rooms conquered and unconquered).
    let held = final_lines(&three_lords(false), 3);
    let lost = final_lines(&three_lords(true), 3);
    assert_eq!(get(&held, 0, "Hall of Fame"), 2);
    assert_eq!(get(&lost, 0, "Hall of Fame"), 0);
    assert_eq!(get(&held, 0, "Unconquered rooms"), 2);
    assert_eq!(get(&lost, 0, "Unconquered rooms"), 0);
    assert_eq!(get(&lost, 0, "Conquered tiles"), -2);
    assert_eq!(get(&lost, 0, "Lord of Halls"), 3);
    // The monster rooms alike: a Cafeteria with a troll pays 1 only while held.
    let cafe = |conquered| {
        let mut v = three_lords(false);
        v[2] = with_room(v[2].clone(), 6, "cafeteria", conquered);
        final_lines(&v, 3)
    };
    assert_eq!(get(&cafe(false), 2, "Scoring rooms"), 1);
    assert_eq!(get(&cafe(true), 2, "Scoring rooms"), 0);
}
