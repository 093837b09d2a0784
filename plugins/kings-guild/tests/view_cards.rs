//! The table view's words on cards and tiles: every specialist's and room's ability
//! written where it lives, chamber residents listed (split from view.rs).
mod common;

use common::*;
use tavern_plugin_api::Game;
use tavern_plugin_api::game::check::texts_outside_panels;
use tavern_plugin_api::layout::check_layout;
use tavern_plugin_api::scene::Shape;

/// Specialists carry their ability on the row's cards, not only on hover, in at most two
/// lines under the name.
#[test]
fn abilities_are_written_on_the_cards() {
    use tavern_plugin_kings_guild::data::data;
    use tavern_plugin_kings_guild::help::{block_height, spec_short};
    for x in 0..data().specialists.len() as u8 {
        let h = block_height(&spec_short(x), 17.0, 114.0);
        assert!(
            h <= 52.0,
            "{}: {:?} takes {h}",
            data().specialists[x as usize].name,
            spec_short(x)
        );
    }
    let g = fresh(3);
    let scene = g.view(Some(0)).scene;
    let t: Vec<String> = scene
        .items
        .iter()
        .filter_map(|it| match &it.shape {
            Shape::Text { text, .. } | Shape::TextBlock { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect();
    for &(x, _) in &g.row {
        assert!(
            t.contains(&spec_short(x)),
            "the row shows {:?}",
            spec_short(x)
        );
    }
    if let Err(problems) = check_layout(&scene) {
        panic!("{problems:?}");
    }
}

/// Every room of the own guild says on its tile what it does (issue 23: not only on
/// hover): its score's prestige and what it adds (storage, hand size, gems or magic),
/// every piece inside the room's squares, and the table still reads cleanly.
#[test]
fn every_own_room_shows_its_ability_on_its_tile() {
    use tavern_plugin_kings_guild::data::{RoomEffect, RoomScore, data, room_def};
    for id in 0..data().rooms.len() as u8 {
        let d = room_def(id);
        let mut g = fresh(2);
        // Cells 4 and 5 lie side by side in the middle row, clear of the guild tile.
        for c in 4..4 + d.width as usize {
            g.players[0].grid[c] = id;
        }
        let scene = g.view(Some(0)).scene;
        let tile = |c: usize| {
            scene
                .items
                .iter()
                .find(|i| i.id.as_deref() == Some(&format!("cell:0:{c}")))
                .unwrap_or_else(|| panic!("{}: no tile for cell {c}", d.name))
                .shape
                .bounds()
        };
        let first = tile(4);
        let last = tile(3 + d.width as usize);
        let room =
            tavern_plugin_api::scene::rect(first.x, first.y, last.x + last.w - first.x, first.h);
        let words: Vec<String> = scene
            .items
            .iter()
            .filter(|i| i.shape.bounds().inside(room, 0.5))
            .filter_map(|i| match &i.shape {
                Shape::Text { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect();
        let all = words.join(" ");
        let scores = !matches!(d.score, RoomScore::Plain) || d.pp > 0;
        if scores {
            assert!(
                all.contains("pp"),
                "{}: no prestige on its tile: {words:?}",
                d.name
            );
        }
        let effect = match d.effect {
            RoomEffect::None => None,
            RoomEffect::Storage(k) => Some(format!("+{k} storage")),
            RoomEffect::Hand(k) => Some(format!("+{k} hand")),
            RoomEffect::Gems | RoomEffect::Magic => Some("gather".to_string()),
        };
        if let Some(e) = effect {
            assert!(
                all.contains(&e),
                "{}: {e:?} not on its tile: {words:?}",
                d.name
            );
        }
        // A room that scores per something shows its picture beside the number.
        if matches!(
            d.score,
            RoomScore::Hero(_) | RoomScore::Pair(_) | RoomScore::Item(_) | RoomScore::Coins
        ) {
            let pictures = scene
                .items
                .iter()
                .filter(|i| {
                    matches!(i.shape, Shape::Image { .. }) && i.shape.bounds().inside(room, 0.5)
                })
                .count();
            assert!(pictures >= 2, "{}: {pictures} pictures on the tile", d.name);
        }
        if let Err(problems) = check_layout(&scene) {
            panic!("{}: {problems:?}", d.name);
        }
        let out = texts_outside_panels(&scene, (90.0, 30.0));
        assert!(out.is_empty(), "{}:\n{}", d.name, out.join("\n"));
    }
}

/// The drawn words of a scene (its texts and text blocks, not its hovers).
fn drawn_words(scene: &tavern_plugin_api::scene::Scene) -> Vec<String> {
    scene
        .items
        .iter()
        .filter_map(|i| match &i.shape {
            Shape::Text { text, .. } | Shape::TextBlock { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// Every specialist living in a chamber of the own guild has its ability written on the
/// table beside its name (issue 23: the chamber's tile has room only for its portrait,
/// and the ability was on hover alone), and the table still reads cleanly.
#[test]
fn specialists_in_chambers_show_their_ability_in_words() {
    use tavern_plugin_kings_guild::data::{data, room};
    use tavern_plugin_kings_guild::help::spec_short;
    use tavern_plugin_kings_guild::model::Loc;
    for x in 0..data().specialists.len() as u8 {
        let name = &data().specialists[x as usize].name;
        let mut g = fresh(2);
        g.players[0].grid[8] = room::BEDCHAMBER;
        g.players[0].specs.retain(|(k, _)| *k != x);
        g.players[0].specs.push((x, Loc::Room(8)));
        g.row.retain(|(k, _)| *k != x);
        let scene = g.view(Some(0)).scene;
        let words = drawn_words(&scene);
        assert!(
            words
                .iter()
                .any(|t| t.contains(name.as_str()) && t.contains(&spec_short(x))),
            "{name} in the Bedchamber: {:?} not written beside its name: {words:?}",
            spec_short(x)
        );
        if let Err(problems) = check_layout(&scene) {
            panic!("{name}: {problems:?}");
        }
        let out = texts_outside_panels(&scene, (90.0, 30.0));
        assert!(out.is_empty(), "{name}:\n{}", out.join("\n"));
    }
}

/// Every chamber full, with the longest abilities: beside a small hand every resident
/// reads with its name and room; beside a hand of six kinds (two rows of cards) each
/// still shows its ability in words. Nothing overlaps, is cut or leaves its panel, and a
/// watcher (no hand shown) sees them too.
#[test]
fn a_guild_of_full_chambers_lists_every_resident() {
    use tavern_plugin_api::layout::cut_texts;
    use tavern_plugin_kings_guild::data::{data, room, spec_named};
    use tavern_plugin_kings_guild::help::spec_short;
    use tavern_plugin_kings_guild::model::Loc;
    let mut g = fresh(3);
    let p = &mut g.players[0];
    let cells = [
        room::BEDCHAMBER,
        room::GREAT_HALL,
        room::GREAT_HALL,
        room::KITCHEN,
        room::BARRACKS,
        room::BARRACKS,
        room::SHRINE,
    ];
    for (k, &rm) in cells.iter().enumerate() {
        p.grid[4 + k] = rm;
    }
    let living = [
        ("Leatherworker", 4),
        ("Woodworker", 5),
        ("Craftswoman", 5),
        ("Thug", 7),
        ("Ranger", 8),
        ("Bard", 8),
    ];
    let ids: Vec<u8> = living.iter().map(|(n, _)| spec_named(n)).collect();
    p.specs.retain(|(k, _)| !ids.contains(k));
    for (&(_, c), &x) in living.iter().zip(&ids) {
        p.specs.push((x, Loc::Room(c)));
    }
    g.row.retain(|(k, _)| !ids.contains(k));
    for (hand, named) in [(vec![1, 4], true), (vec![1, 4, 10, 12, 18, 29], false)] {
        g.players[0].hand = hand.clone();
        for v in [Some(0), None] {
            let scene = g.view(v).scene;
            let words = drawn_words(&scene);
            for (&x, &(_, c)) in ids.iter().zip(&living) {
                let name = &data().specialists[x as usize].name;
                let room =
                    &tavern_plugin_kings_guild::data::room_def(g.players[0].grid[c as usize]).name;
                let full = format!("{name} ({room}): {}", spec_short(x));
                let shown = if named || v.is_none() {
                    words.contains(&full)
                } else {
                    words.iter().any(|t| t.ends_with(&spec_short(x)))
                };
                assert!(
                    shown,
                    "{hand:?}, viewer {v:?}: {full:?} not written: {words:?}"
                );
            }
            if let Err(problems) = check_layout(&scene) {
                panic!("{hand:?}, viewer {v:?}: {problems:?}");
            }
            let out = texts_outside_panels(&scene, (90.0, 30.0));
            assert!(
                out.is_empty(),
                "{hand:?}, viewer {v:?}:\n{}",
                out.join("\n")
            );
            assert!(cut_texts(&scene).is_empty(), "{:?}", cut_texts(&scene));
            assert!(
                broken_words(&scene).is_empty(),
                "{:?}",
                broken_words(&scene)
            );
        }
    }
}
