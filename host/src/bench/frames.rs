//! The table's drawing cost: one game's view painted by the table's painter at 1280×800
//! in a window-less egui context, with its drawings and without them. A frame here is
//! the painter's work, the SVG drawings rasterised into textures (the first time a size
//! is drawn; egui keeps them) and the tessellation — everything but the upload to the
//! graphics card.

use std::time::{Duration, Instant};

use egui::{Pos2, RawInput, Rect, vec2};
use tavern_plugin_api::scene::{Scene, Shape};

use crate::app::scene_painter::{PaintOptions, show_scene};

/// The first frame of `scene` in a fresh context, and the mean of the frames after it.
pub fn frame_times(scene: &Scene) -> (Duration, Duration) {
    let ctx = egui::Context::default();
    let frame = || {
        let input = RawInput {
            screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(1280.0, 800.0))),
            ..RawInput::default()
        };
        let t = Instant::now();
        let out = ctx.run_ui(input, |ui| {
            let opts = PaintOptions {
                zoom: 1.0,
                time: None,
                motion: None,
            };
            show_scene(ui, scene, &[], &opts);
        });
        let _ = ctx.tessellate(out.shapes, out.pixels_per_point);
        t.elapsed()
    };
    let first = frame();
    // A couple of frames for egui's own settling (sizes remembered from the first).
    frame();
    frame();
    let n = 20;
    let later = (0..n).map(|_| frame()).sum::<Duration>() / n;
    (first, later)
}

/// `scene` without its drawings (every image left out), as a game without art draws.
pub fn without_art(scene: &Scene) -> Scene {
    let mut bare = scene.clone();
    bare.items
        .retain(|it| !matches!(it.shape, Shape::Image { .. }));
    bare.art = None;
    bare
}

/// How many images `scene` names.
pub fn images(scene: &Scene) -> usize {
    scene
        .items
        .iter()
        .filter(|it| matches!(it.shape, Shape::Image { .. }))
        .count()
}
