//! Issue 23, the specialists' part: every specialist on an outside space of the viewer's
//! own guild is a card with its name and its ability in words (not only on hover), tall
//! enough for the lines it holds in both windows the table is judged at; an opponent's
//! panel lists its specialists with their abilities where it has the room.
mod common;

use common::*;
use tavern_plugin_api::game::check::{TABLE_1024X700, TABLE_1280X800, random_move};
use tavern_plugin_api::layout::{check_layout, cut_texts};
use tavern_plugin_api::scene::{
    MIN_SCALE, MIN_TEXT_POINTS, Rect, Scene, Shape, line_height, text_bounds, wrap_lines,
};
use tavern_plugin_api::{Game, GameRng};
use tavern_plugin_kings_guild::Kg;
use tavern_plugin_kings_guild::data::{data, room, spec, spec_named};
use tavern_plugin_kings_guild::help::{spec_base, spec_short};
use tavern_plugin_kings_guild::model::Loc;

/// The size, in canvas units, the host writes text of `size` at in a table area of
/// `area` points: the scene scaled to fit (never below the smallest scale), with the
/// 13-point floor.
fn size_in(scene: &Scene, area: (f32, f32), size: f32) -> f32 {
    let scale = (area.0 / scene.width)
        .min(area.1 / scene.height)
        .max(MIN_SCALE);
    size.max(MIN_TEXT_POINTS / scale)
}

/// Where a text item lies with its text at `size`, and its words.
fn text_box(shape: &Shape, size: f32) -> Option<(Rect, &str)> {
    match shape {
        Shape::Text {
            pos,
            text,
            align,
            bold,
            ..
        } => Some((text_bounds(*pos, text, size, *align, *bold), text)),
        Shape::TextBlock {
            rect, text, bold, ..
        } => {
            let lines = wrap_lines(text, size, rect.w, *bold).len() as f32;
            Some((
                tavern_plugin_api::scene::rect(rect.x, rect.y, rect.w, lines * line_height(size)),
                text,
            ))
        }
        _ => None,
    }
}

/// Each line of a text item at `size`: where its words are.
fn line_boxes(shape: &Shape, size: f32) -> Vec<Rect> {
    match shape {
        Shape::TextBlock {
            rect, text, bold, ..
        } => wrap_lines(text, size, rect.w, *bold)
            .iter()
            .enumerate()
            .map(|(k, l)| {
                tavern_plugin_api::scene::rect(
                    rect.x,
                    rect.y + k as f32 * line_height(size),
                    tavern_plugin_api::scene::text_width(l, size, *bold),
                    line_height(size),
                )
            })
            .collect(),
        _ => text_box(shape, size).map(|b| b.0).into_iter().collect(),
    }
}

/// The own guild's outside cards in `scene`: (specialist, card) for each, found by the
/// card text on its hover, below the supply.
fn outside_cards(scene: &Scene, specs: &[u8]) -> Vec<(u8, Rect)> {
    specs
        .iter()
        .map(|&x| {
            let card = scene
                .items
                .iter()
                .find(|i| {
                    matches!(i.shape, Shape::Rect { .. })
                        && i.tooltip.as_deref() == Some(spec_base(x))
                        && i.shape.bounds().y > 678.0
                })
                .unwrap_or_else(|| panic!("{}: no card in the own guild", spec(x).name))
                .shape
                .bounds();
            (x, card)
        })
        .collect()
}

/// What is wrong with the outside cards of `scene`: a name or ability missing from its
/// card, a text running out of its card or its block at either window's size, a
/// picture over the words.
fn card_problems(scene: &Scene, specs: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    for (x, card) in outside_cards(scene, specs) {
        let name = &spec(x).name;
        let inside: Vec<&tavern_plugin_api::scene::Item> = scene
            .items
            .iter()
            .filter(|i| i.shape.bounds().inside(card, 0.5))
            .collect();
        let words: Vec<&str> = inside
            .iter()
            .filter_map(|i| match &i.shape {
                Shape::Text { text, color, .. } | Shape::TextBlock { text, color, .. }
                    if color.3 > 0 =>
                {
                    Some(text.as_str())
                }
                _ => None,
            })
            .collect();
        if !words.contains(&name.as_str()) {
            out.push(format!("{name}: its name is not on its card: {words:?}"));
        }
        if !words.contains(&spec_short(x).as_str()) {
            out.push(format!(
                "{name}: {:?} is not written on its card: {words:?}",
                spec_short(x)
            ));
        }
        for area in [TABLE_1280X800, TABLE_1024X700] {
            for it in &inside {
                let size = match &it.shape {
                    Shape::Text { size, .. } | Shape::TextBlock { size, .. } => *size,
                    _ => continue,
                };
                let size = size_in(scene, area, size);
                let Some((b, text)) = text_box(&it.shape, size) else {
                    continue;
                };
                if !b.inside(card, 1.0) {
                    out.push(format!("{name} at {area:?}: {text:?} runs out of its card"));
                }
                if let Shape::TextBlock { rect, .. } = &it.shape
                    && b.h > rect.h + 1.0
                {
                    out.push(format!(
                        "{name} at {area:?}: {text:?} needs {:.1} units, its block is {:.1}",
                        b.h, rect.h
                    ));
                }
                for pic in inside
                    .iter()
                    .filter(|p| matches!(p.shape, Shape::Image { .. }))
                {
                    let lines = line_boxes(&it.shape, size);
                    if lines.iter().any(|l| pic.shape.bounds().overlaps(*l, 1.0)) {
                        out.push(format!("{name} at {area:?}: its picture covers {text:?}"));
                    }
                }
            }
        }
    }
    out
}

#[test]
fn every_specialist_above_the_own_guild_writes_its_ability_on_its_card() {
    let base = fresh(2);
    let n = data().specialists.len() as u8;
    let mut bad = Vec::new();
    for first in (0..n).step_by(4) {
        let mut g = base.clone();
        let specs: Vec<u8> = (first..(first + 4).min(n)).collect();
        g.players[0].specs = specs.iter().map(|&x| (x, Loc::Outside)).collect();
        let scene = g.view(Some(0)).scene;
        bad.extend(card_problems(&scene, &specs));
        if let Err(p) = check_layout(&scene) {
            bad.push(format!("{p:?}"));
        }
        bad.extend(cut_texts(&scene));
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The same in random games at every count, for whoever looks at their own guild.
#[test]
fn own_specialist_cards_read_whole_in_random_games() {
    let mut bad = std::collections::BTreeSet::new();
    for n in 1..=6 {
        let mut g = Kg::new(&setup(n)).unwrap();
        let mut rng = GameRng::new(90 + n as u64);
        let mut steps = 0;
        while let Some((seat, a)) = random_move(&g, &mut rng) {
            g.apply(seat, &a).unwrap();
            steps += 1;
            if steps % 40 != 0 {
                continue;
            }
            for v in 0..n {
                let specs: Vec<u8> = g.players[v]
                    .specs
                    .iter()
                    .filter(|(_, l)| *l == Loc::Outside)
                    .map(|x| x.0)
                    .collect();
                bad.extend(card_problems(&g.view(Some(v)).scene, &specs));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{}",
        bad.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// The lone opponent's panel (two seats) is wide enough to name each specialist with its
/// ability between the words and the small grid; more than it holds end in a count.
#[test]
fn the_lone_opponent_lists_its_specialists_with_their_abilities() {
    let line = |x: u8| format!("{}: {}", spec(x).name, spec_short(x));
    let mut g = fresh(2);
    let outside = ["Leatherworker", "Thug", "Ranger", "Sorceress"].map(spec_named);
    let p = &mut g.players[1];
    p.specs = outside.iter().map(|&x| (x, Loc::Outside)).collect();
    p.grid[8] = room::BEDCHAMBER;
    p.specs.push((spec_named("Tanner"), Loc::Room(8)));
    let scene = g.view(Some(0)).scene;
    let panel = scene.areas[0].rect;
    let texts: Vec<(&str, Rect)> = scene
        .items
        .iter()
        .filter_map(|i| match &i.shape {
            Shape::Text { text, .. } => Some((text.as_str(), i.shape.bounds())),
            _ => None,
        })
        .collect();
    for x in outside.into_iter().chain([spec_named("Tanner")]) {
        let at = texts.iter().find(|(t, _)| *t == line(x));
        let (_, b) = at.unwrap_or_else(|| panic!("{:?} not on the panel", line(x)));
        assert!(panel.contains(b.center()), "{:?} off the panel", line(x));
    }
    if let Err(p) = check_layout(&scene) {
        panic!("{p:?}");
    }
    // Every specialist of the game at once: as many as fit, the rest counted.
    g.players[1].specs = (0..data().specialists.len() as u8)
        .map(|x| (x, Loc::Outside))
        .collect();
    let scene = g.view(Some(0)).scene;
    assert!(
        scene.items.iter().any(
            |i| matches!(&i.shape, Shape::Text { text, .. } if text.starts_with("and ") && text.ends_with(" more"))
        ),
        "the ones left out are counted"
    );
    if let Err(p) = check_layout(&scene) {
        panic!("{p:?}");
    }
    // No line runs into the small grid at the panel's right.
    let grid_x = scene
        .items
        .iter()
        .filter(|i| {
            matches!(i.shape, Shape::Rect { .. })
                && i.tooltip
                    .as_deref()
                    .is_some_and(|t| t.starts_with("Free space"))
        })
        .map(|i| i.shape.bounds().x)
        .fold(f32::MAX, f32::min);
    for it in &scene.items {
        if let Some((b, text)) = text_box(&it.shape, size_in(&scene, TABLE_1024X700, 17.0))
            && b.y < panel.y + panel.h
            && text.contains(": ")
        {
            assert!(b.x + b.w < grid_x, "{text:?} runs into the grid");
        }
    }
}
