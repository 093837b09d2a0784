//! The table stays on the canvas, readable and explained, in busy positions.
mod common;

use common::*;
use tavern_plugin_api::game::check::{random_move, scaled};
use tavern_plugin_api::scene::{Rect, Shape};
use tavern_plugin_api::{Game, GameRng, ToAct};
use tavern_plugin_dragonkeepers::Dk;

fn check_view(g: &Dk, viewer: Option<usize>) {
    let v = g.view(viewer);
    assert!(!v.status.is_empty());
    // Every drawing the table names is one the game ships.
    if let Err(e) = tavern_plugin_api::game::check::check_art::<Dk>(&v.scene) {
        panic!("{e}");
    }
    for it in &v.scene.items {
        let b = it.shape.bounds();
        let text = matches!(it.shape, Shape::Text { .. });
        // Text bounds are an estimate; allow a little slack for them.
        let slack = if text { 60.0 } else { 0.5 };
        assert!(
            b.x >= -slack
                && b.y >= -slack
                && b.x + b.w <= v.scene.width + slack
                && b.y + b.h <= v.scene.height + slack,
            "off canvas: {:?}",
            it
        );
        if let Shape::Text { size, .. } = it.shape {
            assert!(size >= 16.0, "text too small: {it:?}");
        }
        if it.id.is_some() {
            assert!(
                it.tooltip.is_some(),
                "clickable item without tooltip: {it:?}"
            );
        }
    }
}

#[test]
fn views_fit_the_canvas_through_whole_games() {
    for n in 2..=4 {
        let all = [
            ("chests", "chosen"),
            ("twilight_flute", "yes"),
            ("dragon_mint", "yes"),
            ("troll_horn", "yes"),
            ("green_ore_hammer", "yes"),
            ("prism_ink", "yes"),
            ("swindle_feather", "yes"),
        ];
        for game in 0..scaled(1) as u64 {
            let mut g = Dk::new(&setup_with(n, &all)).unwrap();
            let mut rng = GameRng::new(n as u64 + 10 * game);
            let mut k = 0;
            while let Some((seat, a)) = random_move(&g, &mut rng) {
                g.apply(seat, &a).unwrap();
                k += 1;
                if k % 7 == 0 {
                    for viewer in (0..n).map(Some).chain([None]) {
                        check_view(&g, viewer);
                    }
                }
            }
            for viewer in (0..n).map(Some).chain([None]) {
                check_view(&g, viewer);
            }
        }
    }
}

/// The viewer's hand cards, by x, and the viewer's area, from the scene of `viewer`.
fn own_hand(g: &Dk, viewer: usize) -> (Rect, Vec<Rect>) {
    let v = g.view(Some(viewer));
    let area_tip = format!("{}'s area", g.players[viewer].name);
    let area = v
        .scene
        .items
        .iter()
        .find(|it| it.tooltip.as_deref() == Some(area_tip.as_str()))
        .map(|it| it.shape.bounds())
        .expect("the viewer's area");
    let mut cards: Vec<Rect> = v
        .scene
        .items
        .iter()
        .filter(|it| it.id.as_deref().is_some_and(|id| id.starts_with("hand:")))
        .map(|it| it.shape.bounds())
        .collect();
    cards.sort_by(|a, b| a.x.total_cmp(&b.x));
    assert_eq!(cards.len(), g.players[viewer].hand.len());
    (area, cards)
}

/// Readable own cards: big while the hand is ordinary, inside the area, and when they
/// overlap, each still shows a strip wide enough to see and click.
fn check_own_hand(g: &Dk, viewer: usize) {
    let (area, cards) = own_hand(g, viewer);
    let n = cards.len();
    for c in &cards {
        assert!(
            c.x >= area.x && c.y >= area.y && c.x + c.w <= area.x + area.w + 0.01,
            "hand card {c:?} outside the area {area:?}"
        );
        assert!(c.y + c.h <= area.y + area.h + 0.01, "{c:?} below {area:?}");
        if n <= 10 {
            assert!(c.w >= 90.0 && c.h >= 130.0, "{n} cards but one is {c:?}");
        }
    }
    for pair in cards.windows(2) {
        let strip = pair[1].x - pair[0].x;
        if n <= 24 {
            assert!(strip >= 40.0, "{n} cards fanned to a {strip} strip");
        }
        if n <= 10 {
            // Side by side: no overlap at all.
            assert!(strip >= pair[0].w, "{n} cards overlap: {pair:?}");
        }
    }
    // Nothing else of the area (counts, amulets, stacks, the button) lies on the hand.
    let v = g.view(Some(viewer));
    for it in &v.scene.items {
        let b = it.shape.bounds();
        // A hand card's picture lies on its own card: it is part of the card.
        let picture = matches!(it.shape, Shape::Image { .. })
            && cards.iter().any(|c| {
                b.x >= c.x && b.y >= c.y && b.x + b.w <= c.x + c.w && b.y + b.h <= c.y + c.h
            });
        let own_card = picture || it.id.as_deref().is_some_and(|id| id.starts_with("hand:"));
        let inside = b.x >= area.x && b.y >= area.y && b.x + b.w <= area.x + area.w;
        if own_card || !inside || (b.w >= area.w - 1.0) {
            continue;
        }
        for c in &cards {
            assert!(!b.overlaps(*c, 0.0), "{it:?} lies on the hand card {c:?}");
        }
    }
}

#[test]
fn own_hand_cards_are_large_and_inside_the_area() {
    let mut checked = 0;
    for n in 2..=4 {
        for game in 0..scaled(1) as u64 {
            let mut g = Dk::new(&setup_with(n, &[("chests", "random")])).unwrap();
            let mut rng = GameRng::new(40 + n as u64 + 10 * game);
            let mut k = 0;
            while let Some((seat, a)) = random_move(&g, &mut rng) {
                g.apply(seat, &a).unwrap();
                k += 1;
                if k % 5 == 0
                    && let Some(s) = g.actor()
                {
                    check_own_hand(&g, s);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100);
    // Every hand size up to a very large one, with a card picked for the play (lifted).
    let mut g = Dk::new(&setup(3)).unwrap();
    let mut rng = GameRng::new(5);
    while g.to_act() == ToAct::Chance {
        let a = g.sample_chance(&mut rng);
        g.apply(None, &a).unwrap();
    }
    g.players[0].hand.clear();
    for size in 1..=30 {
        let c = g.pages[0].pop().expect("a page card").card;
        g.players[0].hand.push(c);
        g.step.selection = vec![g.players[0].hand[0]];
        assert_eq!(g.actor(), Some(0));
        check_own_hand(&g, 0);
        assert_eq!(g.players[0].hand.len(), size);
    }
}

/// Issue 17: at four players with every magic-chest item in play, no text of any seat's
/// view (or the spectator's) runs into another or out of its block, at the size the host
/// draws it largest (its smallest window scale, where the 13-point floor enlarges small
/// text; `check_layout` covers the 1024x700 and 1280x800 windows that way).
#[test]
fn four_player_views_with_every_item_have_no_overlapping_text() {
    use tavern_plugin_api::game::check::check_layout;
    use tavern_plugin_dragonkeepers::model::Item;
    let mut every_item = vec![("chests", "chosen")];
    every_item.extend(Item::ALL.iter().map(|it| (it.key(), "yes")));
    let setups = [
        setup_with(4, &every_item),
        setup_with(4, &[("start", "random")]),
    ];
    let mut views = 0;
    for s in setups {
        for seed in 0..scaled(6) as u64 {
            let mut g = Dk::new(&s).unwrap();
            let mut rng = GameRng::new(seed);
            let mut steps = 0;
            while let Some((seat, a)) = random_move(&g, &mut rng) {
                g.apply(seat, &a).unwrap();
                steps += 1;
                if steps % 9 != 0 && g.to_act() != ToAct::Over {
                    continue;
                }
                for viewer in (0..4).map(Some).chain([None]) {
                    let scene = g.view(viewer).scene;
                    if let Err(p) = check_layout(&scene) {
                        panic!("seed {seed}, turn {}, viewer {viewer:?}:{p:?}", g.turn);
                    }
                    if let Some(e) = text_outside_its_panel(&scene) {
                        panic!("seed {seed}, turn {}, viewer {viewer:?}: {e}", g.turn);
                    }
                    // The check sees this view's text: a copy of its first text nudged
                    // by a few units must collide with it.
                    let mut nudged = scene.clone();
                    let first = scene.items.iter().find(|it| {
                        matches!(it.shape, Shape::Text { .. } | Shape::TextBlock { .. })
                    });
                    let mut copy = first.expect("a view has text").clone();
                    if let Shape::Text { pos, .. } = &mut copy.shape {
                        pos.x += 4.0;
                    }
                    nudged.items.push(copy);
                    assert!(check_layout(&nudged).is_err(), "a nudged copy went unseen");
                    views += 1;
                }
            }
        }
    }
    assert!(views > 500, "only {views} views checked");
}

/// A text whose anchor lies in a panel must stay inside the smallest such panel at the
/// size the host draws it: past the edge a neighbouring panel, drawn later, covers it
/// (`check_layout` compares texts with texts only).
fn text_outside_its_panel(scene: &tavern_plugin_api::scene::Scene) -> Option<String> {
    use tavern_plugin_api::layout::drawn_text_box;
    let panels: Vec<Rect> = scene
        .items
        .iter()
        .filter_map(|it| match it.shape {
            Shape::Rect {
                rect,
                stroke: Some(_),
                ..
            } => Some(rect),
            _ => None,
        })
        .collect();
    for it in &scene.items {
        let Shape::Text { pos, ref text, .. } = it.shape else {
            continue;
        };
        let Some(b) = drawn_text_box(&it.shape) else {
            continue;
        };
        let inside =
            |r: &Rect| pos.x >= r.x && pos.x <= r.x + r.w && pos.y >= r.y && pos.y <= r.y + r.h;
        let Some(p) = panels
            .iter()
            .filter(|r| inside(r))
            .min_by(|a, b| (a.w * a.h).total_cmp(&(b.w * b.h)))
        else {
            continue;
        };
        let slack = 1.0;
        if b.x < p.x - slack || b.x + b.w > p.x + p.w + slack {
            return Some(format!("{text:?} ({b:?}) runs out of its panel {p:?}"));
        }
    }
    None
}
