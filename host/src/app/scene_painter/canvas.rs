//! Where the scene's canvas lands on screen: the transform `Xf`, the scale that fits a
//! scene, the smallest text and scale, and the scene's colours as egui's.

use egui::{Color32, Pos2, Rect, Vec2, pos2, vec2};
use tavern_plugin_api::scene;

/// Text is never drawn smaller than this at 100 % zoom (points). Shared with plugin-api,
/// whose layout check measures text at the size this floor gives it.
pub const MIN_TEXT: f32 = scene::MIN_TEXT_POINTS;

pub(super) fn color(c: scene::Color) -> Color32 {
    Color32::from_rgba_unmultiplied(c.0, c.1, c.2, c.3)
}

/// Maps canvas units to screen points.
#[derive(Clone, Copy)]
pub(crate) struct Xf {
    pub(super) origin: Pos2,
    pub(super) scale: f32,
    pub(super) min_text: f32,
}

impl Xf {
    pub(super) fn p(&self, p: scene::Pos) -> Pos2 {
        pos2(
            self.origin.x + p.x * self.scale,
            self.origin.y + p.y * self.scale,
        )
    }
    pub(super) fn r(&self, r: scene::Rect) -> Rect {
        Rect::from_min_size(
            self.p(scene::pos(r.x, r.y)),
            vec2(r.w * self.scale, r.h * self.scale),
        )
    }
    pub(super) fn len(&self, l: f32) -> f32 {
        l * self.scale
    }
    pub(super) fn text(&self, size: f32) -> f32 {
        (size * self.scale).max(self.min_text)
    }
}

/// The smallest scale a scene is drawn at. Games lay out text of 16 canvas units;
/// below this the 13-point floor would blow text up past the space the game gave it and
/// neighbours would overlap, so a smaller window scrolls the table instead.
pub const MIN_SCALE: f32 = scene::MIN_SCALE;

/// The scale that fits a `w`×`h` scene into `avail`, but never below what keeps the
/// game's text in its place (see [`MIN_SCALE`]).
pub fn fit_scale(avail: Vec2, w: f32, h: f32) -> f32 {
    if w <= 0.0 || h <= 0.0 {
        return 1.0;
    }
    (avail.x / w).min(avail.y / h).max(MIN_SCALE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_window_scrolls_rather_than_shrinking_text_out_of_place() {
        // Full HD fits; 1280×800's table area fits at about MIN_SCALE; 1024×700 clamps.
        assert!((fit_scale(vec2(1600.0, 1000.0), 1600.0, 1000.0) - 1.0).abs() < 1e-6);
        assert!(fit_scale(vec2(940.0, 740.0), 1600.0, 1000.0) >= MIN_SCALE);
        assert_eq!(fit_scale(vec2(740.0, 620.0), 1600.0, 1000.0), MIN_SCALE);
    }
}
