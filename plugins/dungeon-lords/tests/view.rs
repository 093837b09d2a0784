//! The table is readable: every text laid out at least at the smallest size (the host
//! draws it at 13 points or more in every window, and the layout check in art.rs and
//! full_table.rs makes room for that size), everything on the canvas, and every component
//! a player may hover explains itself.
mod common;

use common::*;
use rand::RngExt;
use tavern_plugin_api::scene::Shape;
use tavern_plugin_api::{Game, GameRng};
use tavern_plugin_dungeon_lords::Dl;
use tavern_plugin_dungeon_lords::data::data;

fn check_view(g: &Dl) {
    let v = g.view(Some(0));
    let s = &v.scene;
    for it in &s.items {
        match &it.shape {
            Shape::Text {
                size, pos, text, ..
            } => {
                assert!(
                    *size >= tavern_plugin_api::scene::MIN_TEXT_SIZE,
                    "text {text:?} at {size}"
                );
                assert!(pos.x >= 0.0 && pos.x < s.width && pos.y >= 0.0 && pos.y < s.height);
                // Rough width at 0.5 em per letter must stay on the canvas.
                let w = text.chars().count() as f32 * size * 0.5;
                assert!(pos.x + w <= s.width + 40.0, "{text:?} runs off the canvas");
            }
            Shape::Rect { rect, .. } | Shape::Card { rect, .. } => {
                assert!(rect.x >= 0.0 && rect.y >= 0.0);
                assert!(
                    rect.x + rect.w <= s.width && rect.y + rect.h <= s.height,
                    "{rect:?}"
                );
            }
            _ => {}
        }
        if it.id.is_some() {
            assert!(
                it.tooltip.is_some(),
                "clickable item {:?} without a tooltip",
                it.id
            );
        }
    }
    // Every legal action's target is on the table.
    for l in g.legal(0) {
        if let Some(t) = &l.target {
            if t.starts_with("button:") {
                continue;
            }
            assert!(
                s.items.iter().any(|i| i.id.as_deref() == Some(t.as_str())),
                "no item {t} for {}",
                l.label
            );
        }
    }
}

#[test]
fn views_along_random_trainings() {
    let mut rng = GameRng::new(3);
    for sc in &data().scenarios {
        for _ in 0..20 {
            let mut g = training(&sc.key);
            check_view(&g);
            while !g.to_act().is_over() {
                let acts = g.legal_actions(0);
                let a = acts[rng.random_range(0..acts.len())];
                g.apply(Some(0), &a).unwrap();
                check_view(&g);
            }
        }
    }
}

#[test]
fn the_end_shows_the_best_solution() {
    let mut g = training("training-1");
    while !g.to_act().is_over() {
        let a = *g.legal_actions(0).last().unwrap();
        g.apply(Some(0), &a).unwrap();
    }
    // The verdict against the rulebook's best (1 tile), matched or not, wrapped over lines.
    let all = texts(&g, Some(0)).join(" ");
    let c = g.lords[0].conquered();
    let verdict = if c == 1 {
        "You matched the rulebook's best: 1 tile conquered.".to_string()
    } else {
        format!("Not the rulebook's best yet: {c} tiles conquered, the best is 1.")
    };
    assert!(all.contains(&verdict), "{all}");
    assert!(g.outcome().unwrap().tie_break.unwrap().contains("best"));
}

#[test]
fn the_table_shows_the_last_battle_step_by_step() {
    let mut g = training("training-1");
    play_plan(&mut g, &["rolling-stone"], &["troll"]);
    let t = texts(&g, Some(0));
    assert!(
        t.iter().any(|l| l.contains("Rolling Stone goes off")),
        "{t:?}"
    );
    assert!(t.iter().any(|l| l.contains("the warrior (3 HP) takes 3")));
    act(&mut g, 0, attack("troll", 0, None, None));
    let t = texts(&g, Some(0));
    assert!(
        t.iter()
            .any(|l| l.starts_with("Healing: the warrior (4 HP) loses 1"))
    );
    assert!(
        t.iter()
            .any(|l| l.starts_with("Fatigue: 2 to the warrior (4 HP)"))
    );
    // A plan step of the next round leaves the report alone.
    act(&mut g, 0, send("goblin"));
    assert_eq!(
        texts(&g, Some(0))
            .iter()
            .filter(|l| l.starts_with("Fatigue: "))
            .count(),
        1
    );
}

/// Combat tiles name their rooms (not a generic "Room"), breaking a long one over two
/// lines (with a hyphen inside a word too wide, "Pandemonium"), and every word on a tile
/// stays inside it where the host draws text largest, "battle here" and "conquered" too.
#[test]
fn combat_tiles_name_their_rooms_inside_the_tile() {
    use tavern_plugin_api::layout::drawn_text_box;
    use tavern_plugin_dungeon_lords::model::{Tile, TileKind};
    let rooms: Vec<u8> = (0..data().rooms.len() as u8).collect();
    for (c, chunk) in rooms.chunks(5).enumerate() {
        let mut g = training(&data().scenarios[0].key);
        for (k, &r) in chunk.iter().enumerate() {
            // One row of rooms (the entrance's row), the next row conquered copies.
            for (row, conquered) in [(0u8, false), (1, true)] {
                g.lords[0].grid[(row * 5 + k as u8) as usize] = Some(Tile {
                    kind: TileKind::Room,
                    conquered,
                    room: Some(r),
                });
            }
        }
        g.lords[0].plan.tile = Some(0);
        let s = g.view(Some(0)).scene;
        let text = scene_texts(&s);
        for &r in chunk {
            let name = &data().rooms[r as usize].name;
            let first = name.split(' ').next().unwrap();
            assert!(
                text.iter()
                    .any(|t| t.starts_with(&first[..first.len().min(5)])),
                "room {name} not named on its tile: {text:?}"
            );
        }
        assert!(text.contains(&"battle here"), "chunk {c}");
        // A word too wide for the tile breaks with a hyphen, never bare.
        if chunk
            .iter()
            .any(|&r| data().rooms[r as usize].name == "Pandemonium")
        {
            assert!(
                text.iter()
                    .any(|t| t.starts_with("Pande") && t.ends_with('-')),
                "{text:?}"
            );
        }
        for it in &s.items {
            let Some(id) = it.id.as_deref().filter(|i| i.starts_with("tile:")) else {
                continue;
            };
            let tile = it.shape.bounds();
            for t in &s.items {
                let Some(b) = drawn_text_box(&t.shape) else {
                    continue;
                };
                if b.overlaps(tile, 1.0) {
                    assert!(b.inside(tile, 1.0), "{:?} runs out of {id}", t.shape);
                }
            }
        }
    }
}

/// Trap and monster cards say whom they hit in words ("3 to 1st", "2 to 1st", "3 or 4
/// to 1st"), not a bare number, and the combat card's line is not cut.
#[test]
fn cards_say_whom_they_hit_in_words() {
    let text = says(0, &["3 to 1st", "2 to 1st", "3 or 4 to 1st"]);
    assert!(!text.iter().any(|t| t.contains('…')), "{text:?}");
    // The third training's vampire and traps.
    says(2, &["3 or 2 to any", "3 to 2nd", "1 to all"]);
}

/// Asserts that the table of the training dungeon `scenario` shows each of these texts;
/// all its texts.
fn says(scenario: usize, wants: &[&str]) -> Vec<String> {
    let text = texts(&training(&data().scenarios[scenario].key), Some(0));
    for want in wants {
        assert!(text.iter().any(|t| t == want), "no {want:?} in {text:?}");
    }
    text
}
