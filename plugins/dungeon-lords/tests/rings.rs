//! The host's rings stay off the table's words. The host draws a ring of fixed screen
//! width outside an item that is highlighted (Active: 8 pixels, Selected and Changed: 7)
//! or that a legal action of the viewer targets (the glow: 5 pixels). At the smallest
//! scale a pixel is 1/MIN_SCALE canvas units, so a ring reaches 8.6 to 13.8 units beyond
//! its item: no text outside the item may lie in that band, where the host draws the
//! text largest. Random 1- to 4-lord positions, every viewer.
mod common;

use common::{game_setup, setup};
use tavern_plugin_api::game::check::{random_move, scaled};
use tavern_plugin_api::layout::drawn_text_box;
use tavern_plugin_api::scene::{Highlight, MIN_SCALE, Rect, Scene, Shape, rect};
use tavern_plugin_api::{Game, GameRng, Setup};
use tavern_plugin_dungeon_lords::Dl;
use tavern_plugin_dungeon_lords::data::data;

fn grow(r: Rect, by: f32) -> Rect {
    rect(r.x - by, r.y - by, r.w + 2.0 * by, r.h + 2.0 * by)
}

/// The texts a ring of `px` screen pixels around item `i` runs over.
fn under_ring(s: &Scene, i: usize, px: f32) -> Vec<String> {
    let own = s.items[i].shape.bounds();
    let ring = grow(own, px / MIN_SCALE);
    s.items
        .iter()
        .enumerate()
        .filter(|&(k, _)| k != i)
        .filter_map(|(_, it)| {
            let b = drawn_text_box(&it.shape)?;
            let Shape::Text { text, .. } = &it.shape else {
                return None;
            };
            // A text on the item itself lies inside the ring, not under it.
            (!b.inside(own, 1.0) && b.overlaps(ring, 1.0)).then(|| text.clone())
        })
        .collect()
}

/// Every ring in `g`'s view for `viewer` with the texts it covers.
pub fn ring_problems(g: &Dl, viewer: usize) -> Vec<String> {
    let v = g.view(Some(viewer));
    let s = &v.scene;
    let targets: Vec<String> = g
        .legal(viewer)
        .into_iter()
        .filter_map(|l| l.target)
        .collect();
    let mut out = Vec::new();
    for (i, it) in s.items.iter().enumerate() {
        let px = match it.highlight {
            Highlight::Active => 8.0,
            Highlight::Selected | Highlight::Changed => 7.0,
            Highlight::None => match &it.id {
                Some(id) if targets.contains(id) => 5.0,
                _ => continue,
            },
        };
        for t in under_ring(s, i, px) {
            out.push(format!(
                "ring around {:?} ({:?}) covers {t:?}",
                it.id, it.highlight
            ));
        }
    }
    out
}

fn walk(setup: &Setup, seed: u64, every: usize) {
    let mut g = Dl::new(setup).unwrap();
    let mut rng = GameRng::new(seed);
    let mut k = 0;
    loop {
        if k % every == 0 {
            for v in 0..g.n() {
                let p = ring_problems(&g, v);
                assert!(
                    p.is_empty(),
                    "seed {seed} action {k} viewer {v} ({:?}):\n{}",
                    g.phase,
                    p.join("\n")
                );
            }
        }
        let Some((seat, a)) = random_move(&g, &mut rng) else {
            break;
        };
        g.apply(seat, &a).unwrap();
        k += 1;
    }
}

#[test]
fn rings_stay_off_the_words_in_the_full_game() {
    for n in 2..=4 {
        let s = game_setup(n);
        for seed in 0..scaled(3) as u64 {
            walk(&s, seed + 10 * n as u64, 3);
        }
    }
}

#[test]
fn rings_stay_off_the_words_in_training() {
    for sc in &data().scenarios {
        let s = setup(&sc.key);
        for seed in 0..scaled(4) as u64 {
            walk(&s, seed, 1);
        }
    }
}
