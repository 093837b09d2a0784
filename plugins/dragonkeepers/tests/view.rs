//! The table stays on the canvas, readable and explained, in busy positions.
mod common;

use common::*;
use tavern_plugin_api::scene::Shape;
use tavern_plugin_api::{Game, GameRng, ToAct};
use tavern_plugin_dragonkeepers::Dk;

fn check_view(g: &Dk, viewer: Option<usize>) {
    let v = g.view(viewer);
    assert!(!v.status.is_empty());
    for it in &v.scene.items {
        let b = it.shape.bounds();
        let text = matches!(it.shape, Shape::Text { .. });
        // Text bounds are an estimate; allow a little slack for them.
        let slack = if text { 60.0 } else { 0.5 };
        assert!(
            b.x >= -slack
                && b.y >= -slack
                && b.x + b.w <= 1600.0 + slack
                && b.y + b.h <= 1000.0 + slack,
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
    use rand::RngExt;
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
        let mut g = Dk::new(&setup_with(n, &all)).unwrap();
        let mut rng = GameRng::new(n as u64);
        let mut k = 0;
        loop {
            let (seat, a) = match g.to_act() {
                ToAct::Over => break,
                ToAct::Chance => (None, g.sample_chance(&mut rng)),
                ToAct::Seats(v) => {
                    let l = g.legal_actions(v[0]);
                    (Some(v[0]), l[rng.random_range(0..l.len())].clone())
                }
            };
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
