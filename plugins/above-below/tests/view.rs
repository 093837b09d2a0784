//! The table stays on the canvas, readable and explained, in busy positions.
mod common;

use common::*;
use tavern_plugin_above_below::Ab;
use tavern_plugin_api::game::check::{check_layout, random_move};
use tavern_plugin_api::scene::Shape;
use tavern_plugin_api::{Game, GameRng};

fn check_view(g: &Ab, viewer: Option<usize>) {
    let v = g.view(viewer);
    assert!(!v.status.is_empty());
    if let Err(p) = check_layout(&v.scene) {
        panic!("layout problems: {p:?}");
    }
    for it in &v.scene.items {
        let b = it.shape.bounds();
        let text = matches!(it.shape, Shape::Text { .. });
        let slack = if text { 40.0 } else { 0.5 };
        assert!(
            b.x >= -slack
                && b.y >= -slack
                && b.x + b.w <= 1600.0 + slack
                && b.y + b.h <= 1000.0 + slack,
            "off canvas: {it:?}"
        );
        if it.id.is_some() {
            assert!(
                it.tooltip.is_some(),
                "clickable item without tooltip: {it:?}"
            );
        }
    }
    // Every target a legal action names is on the table.
    // Every target of the viewer's own decisions is on the viewer's table.
    if let Some(s) = viewer {
        for l in g.legal(s) {
            if let Some(t) = &l.target {
                assert!(
                    v.scene
                        .items
                        .iter()
                        .any(|i| i.id.as_deref() == Some(t.as_str())),
                    "target {t} of '{}' is not drawn",
                    l.label
                );
            }
        }
    }
}

#[test]
fn views_fit_and_read_through_whole_games() {
    for n in 2..=4 {
        for seed in 0..3 {
            let mut g = Ab::new(&setup(n)).unwrap();
            let mut rng = GameRng::new(seed * 10 + n as u64);
            let mut k = 0;
            while let Some((seat, a)) = random_move(&g, &mut rng) {
                g.apply(seat, &a).unwrap();
                k += 1;
                if k % 5 == 0 {
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
