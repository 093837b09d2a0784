//! A game's drawing on the table, and the dashed placeholder that stands in for one that
//! is missing or for a shape from a newer plugin.

use egui::{Align2, Color32, CornerRadius, Painter, Rect, Stroke, vec2};
use tavern_plugin_api::scene::{Item, Shape};

use super::canvas::{Xf, color};
use super::images::Art;
use super::lettering::{elide, fit_size, paint_text};
use super::reader::first_sentence;

/// A drawing of the game's art; the unknown shape's placeholder when the game has no
/// drawing of that id (or it would not load). `shape` is where it is drawn now (`item`'s
/// own shape, or its place on a sliding card).
pub(super) fn paint_image(p: &Painter, xf: &Xf, item: &Item, shape: &Shape, art: Option<&Art>) {
    let Shape::Image {
        rect, image, tint, ..
    } = shape
    else {
        return;
    };
    let tint = tint.map_or(Color32::WHITE, color);
    if !art.is_some_and(|art| art.paint(p, image, xf.r(*rect), tint)) {
        let placed = Item {
            shape: shape.clone(),
            ..item.clone()
        };
        paint_placeholder(p, xf, &placed, image);
    }
}

/// A shape from a newer plugin: a dashed box where it would be, named by its tooltip,
/// its id or, failing both, its kind, so the table stays readable around it.
pub(super) fn paint_placeholder(p: &Painter, xf: &Xf, item: &Item, kind: &str) {
    let r = xf.r(item.shape.bounds());
    let r = if r.width() < 8.0 || r.height() < 8.0 {
        Rect::from_center_size(r.center(), r.size().max(vec2(24.0, 24.0)))
    } else {
        r
    };
    let ink = Color32::from_rgb(30, 30, 36);
    p.rect_filled(
        r,
        CornerRadius::same(4),
        Color32::from_rgba_unmultiplied(246, 241, 228, 200),
    );
    p.add(egui::Shape::dashed_line(
        &[
            r.left_top(),
            r.right_top(),
            r.right_bottom(),
            r.left_bottom(),
            r.left_top(),
        ],
        Stroke::new(1.5, ink),
        6.0,
        4.0,
    ));
    let label = placeholder_label(item, kind);
    let size = fit_size(
        p,
        &label,
        xf.min_text.max(13.0),
        r.width() * 0.92,
        xf.min_text,
    );
    let label = elide(p, &label, size, r.width() * 0.92);
    let clip = p.with_clip_rect(r.expand(1.0));
    paint_text(
        &clip,
        r.center(),
        Align2::CENTER_CENTER,
        &label,
        size,
        ink,
        false,
    );
}

/// What a placeholder says: the first sentence of the tooltip, else the id, else the kind.
pub fn placeholder_label(item: &Item, kind: &str) -> String {
    let name = item
        .tooltip
        .as_deref()
        .map(first_sentence)
        .filter(|t| !t.is_empty())
        .or(item.id.as_deref())
        .unwrap_or(kind);
    format!("? {name}")
}
