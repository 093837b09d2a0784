//! The final scoring: every line of the overview plus the seven titles. Non-player
//! dungeons are not passed in: they compete for no title.

use crate::data::{Class, adv, monster, room};
use crate::model::{Lord, TileKind};
use crate::titles::{Counts, Title, award};

/// What a lord counts for the titles.
pub fn counts(l: &Lord) -> Counts {
    let tiles = l.grid.iter().flatten();
    let rooms = tiles.clone().filter(|t| t.kind == TileKind::Room).count() as i64;
    let tunnels = tiles.clone().filter(|t| t.kind == TileKind::Tunnel).count() as i64;
    Counts {
        evil: l.evil as i64,
        rooms,
        tunnels,
        monsters: l.lair.iter().filter(|m| !monster(m.kind).ghost).count() as i64,
        imps: l.imps as i64,
        riches: l.gold as i64 + l.food as i64 + l.traps.iter().map(|&n| n as i64).sum::<i64>(),
        conquered: l.conquered() as i64,
    }
}

/// Bonus of an unconquered scoring room for the monsters (and ghosts) in the lair.
fn room_bonus(l: &Lord, key: &str) -> i64 {
    let count = |kinds: &[&str]| {
        l.lair
            .iter()
            .filter(|m| kinds.contains(&monster(m.kind).key.as_str()))
            .count() as i64
    };
    match key {
        "cafeteria" => count(&["troll", "goblin", "slime", "witch"]),
        "chapel" => 2 * count(&["vampire", "ghost"]),
        "pandemonium" => 2 * count(&["golem", "dragon", "demon"]),
        _ => 0,
    }
}

/// Score lines of every lord; `players` picks the two-player title values.
pub fn final_lines(lords: &[Lord], players: usize) -> Vec<Vec<(String, i64)>> {
    final_lines_under(lords, players, false)
}

/// Points a Hall of Fame gives for one title: the printed rule pays 2 for each exclusive
/// title (1 with two or three players) and nothing for a shared one; Dungeon Lords 0.2.x
/// (`per_title`, our design before the rule was found in the room list) paid 1 for every
/// title held, shared or not.
fn fame_points(title_points: i64, exclusive: bool, players: usize, per_title: bool) -> i64 {
    match (per_title, title_points > 0, exclusive) {
        (true, true, _) => 1,
        (false, true, true) if players <= 3 => 1,
        (false, true, true) => 2,
        _ => 0,
    }
}

/// [`final_lines`] under a version's Hall of Fame rule (see [`fame_points`]).
pub fn final_lines_under(
    lords: &[Lord],
    players: usize,
    fame_per_title: bool,
) -> Vec<Vec<(String, i64)>> {
    let all: Vec<Counts> = lords.iter().map(counts).collect();
    let titles: Vec<(Title, Vec<i64>)> = Title::ALL
        .iter()
        .map(|&t| (t, award(t, &all, players)))
        .collect();
    lords
        .iter()
        .enumerate()
        .map(|(s, l)| {
            let tiles: Vec<_> = l.grid.iter().flatten().collect();
            let kept_rooms: Vec<_> = tiles
                .iter()
                .filter(|t| t.kind == TileKind::Room && !t.conquered)
                .collect();
            let paladins = l
                .prison
                .iter()
                .filter(|&&a| adv(a).class == Class::Paladin)
                .count() as i64;
            let prisoners = l.prison.len() as i64 - paladins;
            let mut lines: Vec<(String, i64)> = vec![
                ("Unconquered rooms".into(), 2 * kept_rooms.len() as i64),
                ("Monsters in the lair".into(), all[s].monsters),
                ("Adventurers in prison".into(), 2 * prisoners),
                ("Paladins in prison".into(), 5 * paladins),
                ("Conquered tiles".into(), -2 * all[s].conquered),
                ("Dead Letter Office".into(), -3 * l.dead_letters as i64),
            ];
            let scoring: i64 = kept_rooms
                .iter()
                .filter_map(|t| t.room)
                .map(|r| room_bonus(l, &room(r).key))
                .sum();
            lines.push(("Scoring rooms".into(), scoring));
            let mut fame_each = 0;
            for (t, pts) in &titles {
                let exclusive = pts.iter().filter(|&&p| p > 0).count() == 1;
                fame_each += fame_points(pts[s], exclusive, players, fame_per_title);
                lines.push((t.name().into(), pts[s]));
            }
            let fame = kept_rooms
                .iter()
                .filter_map(|t| t.room)
                .filter(|&r| room(r).key == "hall-of-fame")
                .count() as i64;
            lines.push(("Hall of Fame".into(), fame * fame_each));
            lines
        })
        .collect()
}
