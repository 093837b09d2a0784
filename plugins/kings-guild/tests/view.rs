//! The table view: readable at every player count (no overlapping or too-small text),
//! own area at the bottom, opponents on top, tooltips on what matters.
mod common;

use common::*;
use tavern_plugin_api::game::check::random_move;
use tavern_plugin_api::game::check::{TABLE_1024X700, fits_at_min_scale, texts_outside_panels};
use tavern_plugin_api::layout::check_layout;
use tavern_plugin_api::scene::Shape;
use tavern_plugin_api::{Game, GameRng};
use tavern_plugin_kings_guild::Kg;

/// Positions from random games at several depths.
fn positions(n: usize, seed: u64) -> Vec<Kg> {
    let mut g = Kg::new(&setup(n)).unwrap();
    let mut rng = GameRng::new(seed);
    let mut out = Vec::new();
    let mut steps = 0;
    while let Some((seat, a)) = random_move(&g, &mut rng) {
        g.apply(seat, &a).unwrap();
        steps += 1;
        if steps % 150 == 0 {
            out.push(g.clone());
        }
    }
    out.push(g);
    out
}

#[test]
fn no_text_overlaps_or_falls_below_the_floor() {
    for n in 1..=6 {
        for g in positions(n, 7 + n as u64) {
            for v in 0..n {
                let view = g.view(Some(v));
                if let Err(problems) = check_layout(&view.scene) {
                    panic!("{n} players, viewer {v}: {problems:?}");
                }
            }
        }
    }
}

#[test]
fn own_area_is_at_the_bottom_and_opponents_on_top() {
    for n in 2..=6 {
        let g = positions(n, 3).pop().unwrap();
        for v in 0..n {
            let scene = g.view(Some(v)).scene;
            let mut own_y = None;
            let mut other_y = Vec::new();
            for it in &scene.items {
                if let Shape::Text { text, pos, .. } = &it.shape {
                    if text.contains(&g.players[v].name)
                        && text.contains("coins")
                        && own_y.is_none()
                        && pos.y > 500.0
                    {
                        own_y = Some(pos.y);
                    }
                    for (s, p) in g.players.iter().enumerate() {
                        if s != v
                            && text.starts_with(&format!(
                                "{} {}",
                                tavern_plugin_api::scene::Color::PLAYER_MARK[s],
                                p.name
                            ))
                        {
                            other_y.push(pos.y);
                        }
                    }
                }
            }
            let own_y = own_y.expect("own area heading");
            assert_eq!(other_y.len(), n - 1, "one header per opponent");
            assert!(other_y.iter().all(|&y| y < 250.0 && y < own_y));
        }
    }
}

#[test]
fn every_action_target_names_an_item_of_the_scene() {
    for n in [1, 3, 5] {
        for g in positions(n, 5) {
            for seat in g.deciders() {
                let scene = g.view(Some(seat)).scene;
                let ids: Vec<&str> = scene.items.iter().filter_map(|i| i.id.as_deref()).collect();
                for l in g.legal(seat) {
                    if let Some(t) = &l.target {
                        assert!(ids.contains(&t.as_str()), "no scene item for target {t}");
                    }
                }
            }
        }
    }
}

#[test]
fn every_opponent_panel_can_be_enlarged() {
    for n in 1..=6 {
        let g = positions(n, 11).pop().unwrap();
        for v in 0..n {
            let scene = g.view(Some(v)).scene;
            assert_eq!(scene.areas.len(), n - 1, "one area per opponent");
            for (k, area) in scene.areas.iter().enumerate() {
                let seat = (v + k + 1) % n;
                assert!(area.label.contains(&g.players[seat].name));
                // The area is the opponent's panel, with the guild's grid inside it.
                let squares = scene
                    .items
                    .iter()
                    .filter(|i| matches!(i.shape, Shape::Rect { .. }))
                    .filter(|i| {
                        let b = i.shape.bounds();
                        b.w < 40.0 && area.rect.contains(b.center())
                    })
                    .count();
                assert!(
                    squares >= 16,
                    "{n} players: the grid of seat {seat} in its area"
                );
            }
        }
    }
}

#[test]
fn the_canvas_fits_the_smallest_window_at_every_count() {
    use tavern_plugin_api::game::check::scaled;
    for n in 1..=6 {
        for seed in 0..scaled(2) as u64 {
            for g in positions(n, 100 + seed * 7 + n as u64) {
                for v in (0..n).map(Some).chain([None]) {
                    let s = g.view(v).scene;
                    assert!(
                        fits_at_min_scale(&s, TABLE_1024X700),
                        "{n} seats, viewer {v:?}: {}×{} canvas units do not fit {TABLE_1024X700:?} at the smallest scale",
                        s.width,
                        s.height
                    );
                }
            }
        }
    }
}

#[test]
fn texts_stay_inside_their_panels_and_on_the_canvas() {
    use tavern_plugin_api::game::check::scaled;
    for n in 1..=6 {
        for seed in 0..scaled(2) as u64 {
            for g in positions(n, 300 + seed * 7 + n as u64) {
                for v in (0..n).map(Some).chain([None]) {
                    let out = texts_outside_panels(&g.view(v).scene, (90.0, 30.0));
                    assert!(
                        out.is_empty(),
                        "{n} seats, viewer {v:?}:\n{}",
                        out.join("\n")
                    );
                }
            }
        }
    }
}

/// Texts the table had to shorten with an ellipsis, from random positions at 2 and 6 seats:
/// at the smallest window every name on the table reads whole.
#[test]
fn no_text_is_cut_short() {
    use tavern_plugin_api::game::check::scaled;
    let mut cut = std::collections::BTreeSet::new();
    for n in [2, 6] {
        for seed in 0..scaled(3) as u64 {
            for g in positions(n, 500 + seed * 11 + n as u64) {
                for v in (0..n).map(Some).chain([None]) {
                    for it in &g.view(v).scene.items {
                        let text = match &it.shape {
                            Shape::Text { text, .. } | Shape::TextBlock { text, .. } => text,
                            _ => continue,
                        };
                        if text.contains('…') {
                            cut.insert(format!("{n} seats: {text}"));
                        }
                    }
                }
            }
        }
    }
    assert!(
        cut.is_empty(),
        "cut texts:\n{}",
        cut.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// Every quest card, in the narrowest space (six seats) and the widest, open and with its
/// items crafted and a sigil on it: its names read whole and nothing on it overlaps.
#[test]
fn every_quest_card_reads_whole_in_every_space() {
    let quests = tavern_plugin_kings_guild::data::data().quests.len() as u8;
    for n in [2, 6] {
        let base = fresh(n);
        for q in 0..quests {
            for crafted in [false, true] {
                let mut g = base.clone();
                let slot = g.board.len() - 1;
                put_quest(&mut g, slot, q);
                if crafted {
                    let sl = g.board[slot].as_mut().unwrap();
                    sl.made = [Some(0), Some(1)];
                    sl.sigil = Some(1);
                }
                let scene = g.view(Some(0)).scene;
                let name = &tavern_plugin_kings_guild::data::quest(q).name;
                if let Err(problems) = check_layout(&scene) {
                    panic!("{n} seats, {name}: {problems:?}");
                }
                for it in &scene.items {
                    if let Shape::Text { text, .. } | Shape::TextBlock { text, .. } = &it.shape {
                        assert!(!text.contains('…'), "{n} seats, {name}: {text}");
                    }
                }
            }
        }
    }
}

/// At six seats nine master rooms lie out; the nine longest names still read whole.
#[test]
fn the_longest_master_rooms_read_whole() {
    use tavern_plugin_api::scene::{drawn_size, text_width};
    use tavern_plugin_kings_guild::data::{data, room::FIRST_MASTER};
    let width = |m: &u8| text_width(&data().rooms[*m as usize].name, drawn_size(17.0), false);
    let mut masters: Vec<u8> = (FIRST_MASTER..data().rooms.len() as u8).collect();
    masters.sort_by(|a, b| width(b).total_cmp(&width(a)));
    let mut g = fresh(6);
    // Two-digit counts: the widest the resources before the list can be.
    g.stock = [99; 6];
    g.masters = masters[..9].to_vec();
    let scene = g.view(Some(0)).scene;
    if let Err(problems) = check_layout(&scene) {
        panic!("{problems:?}");
    }
    let texts: Vec<&str> = scene
        .items
        .iter()
        .filter_map(|it| match &it.shape {
            Shape::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert!(texts.iter().all(|t| !t.contains('…')), "{texts:?}");
    // The list and its second line.
    let at = texts
        .iter()
        .position(|t| t.starts_with("Master rooms:"))
        .expect("the master rooms");
    let listed = format!("{} {}", texts[at], texts[at + 1]);
    for m in &g.masters {
        assert!(listed.contains(&data().rooms[*m as usize].name));
    }
}
