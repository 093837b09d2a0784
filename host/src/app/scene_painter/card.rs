//! A card: its face (band, picture, value, title), its back (the game's drawing or
//! hatching) and the lock and dashed edge of a face only you see.

use egui::{Align2, Color32, CornerRadius, FontId, Painter, Rect, Stroke, StrokeKind, pos2, vec2};
use tavern_plugin_api::scene::{self, CARD_TITLE_POINTS, CARD_TITLE_SHARE, Item, Shape};

use super::super::icons::paint_icon;
use super::canvas::Xf;
use super::drawing::paint_image;
use super::images::Art;
use super::lettering::{contrast_text, elide, fit_size, paint_text};

#[allow(clippy::too_many_arguments)]
pub(super) fn paint_card(
    p: &Painter,
    xf: &Xf,
    rect: scene::Rect,
    fill: Color32,
    band: Option<Color32>,
    title: &str,
    value: &str,
    face_down: bool,
    private: bool,
    picture: Option<(&Item, &Shape, Option<&Art>)>,
) {
    let r = xf.r(rect);
    let radius = (r.width().min(r.height()) * 0.08).clamp(2.0, 20.0);
    let cr = CornerRadius::same(radius as u8);
    let edge = Stroke::new(1.5, Color32::from_rgb(30, 30, 36));
    if face_down && let Some((item, shape, art)) = picture {
        // The game's own back: its drawing over the card, the count or word on a plate.
        // The edge is stroked once, over the drawing.
        p.rect_filled(r, cr, fill);
        paint_image(p, xf, item, shape, art);
        p.rect_stroke(r, cr, edge, StrokeKind::Inside);
        if !value.is_empty() {
            let size = xf.text(20.0).max(r.height() * 0.22).min(r.width() * 0.5);
            let size = fit_size(p, value, size, r.width() * 0.8, xf.min_text);
            let plate_fill = Color32::from_rgb(250, 247, 238);
            let w = p
                .layout_no_wrap(value.to_string(), FontId::proportional(size), plate_fill)
                .size()
                .x;
            let plate = Rect::from_center_size(
                r.center(),
                vec2((w + size * 0.6).min(r.width() - 4.0), size * 1.3),
            );
            p.rect(
                plate,
                CornerRadius::same(4),
                plate_fill,
                edge,
                StrokeKind::Inside,
            );
            paint_text(
                p,
                r.center(),
                Align2::CENTER_CENTER,
                value,
                size,
                contrast_text(plate_fill),
                true,
            );
        }
        return;
    }
    if face_down {
        let back = fill.gamma_multiply(0.75);
        p.rect(r, cr, back, edge, StrokeKind::Inside);
        let inner = r.shrink((r.width() * 0.1).min(8.0));
        p.rect_stroke(
            inner,
            cr,
            Stroke::new(1.5, contrast_text(back).gamma_multiply(0.5)),
            StrokeKind::Inside,
        );
        // Diagonal hatching so a back never looks like a blank face.
        let clip = p.with_clip_rect(inner);
        let step = (r.width() / 5.0).max(6.0);
        let mut x = inner.left() - inner.height();
        while x < inner.right() {
            clip.line_segment(
                [
                    pos2(x, inner.bottom()),
                    pos2(x + inner.height(), inner.top()),
                ],
                Stroke::new(1.0, contrast_text(back).gamma_multiply(0.2)),
            );
            x += step;
        }
        if !value.is_empty() {
            let size = xf.text(20.0).max(r.height() * 0.22).min(r.width() * 0.5);
            let size = fit_size(p, value, size, r.width() * 0.9, xf.min_text);
            paint_text(
                p,
                r.center(),
                Align2::CENTER_CENTER,
                value,
                size,
                contrast_text(back),
                true,
            );
        }
        return;
    }
    p.rect(r, cr, fill, edge, StrokeKind::Inside);
    let band_h = r.height() * 0.2;
    if let Some(b) = band {
        let band_rect = Rect::from_min_size(r.min, vec2(r.width(), band_h));
        p.rect_filled(
            band_rect.shrink(1.0),
            CornerRadius {
                nw: radius as u8,
                ne: radius as u8,
                sw: 0,
                se: 0,
            },
            b,
        );
    }
    let ink = contrast_text(fill);
    if let Some((item, shape, art)) = picture {
        paint_image(p, xf, item, shape, art);
    }
    if !value.is_empty() {
        let size = (r.height() * 0.34).min(r.width() * 0.55).max(xf.text(20.0));
        if picture.is_some() {
            // Under a picture the value sits at the foot of the card on a plate of the
            // card's own colour, so it reads at a glance whatever the picture does.
            let size = (r.height() * 0.2).min(r.width() * 0.42).max(xf.text(20.0));
            let size = fit_size(p, value, size, r.width() * 0.86, xf.min_text);
            let at = pos2(r.center().x, r.bottom() - size * 0.75);
            let plate = Rect::from_center_size(at, vec2(r.width() - 6.0, size * 1.25));
            p.rect_filled(plate, CornerRadius::same(3), fill.to_opaque());
            paint_text(p, at, Align2::CENTER_CENTER, value, size, ink, true);
        } else {
            let size = fit_size(p, value, size, r.width() * 0.9, xf.min_text);
            paint_text(
                p,
                r.center() + vec2(0.0, band_h * 0.25),
                Align2::CENTER_CENTER,
                value,
                size,
                ink,
                true,
            );
        }
    }
    // On a card too small for both, the value wins: a clipped title only adds noise.
    if !title.is_empty() && r.height() >= 3.0 * xf.text(CARD_TITLE_POINTS) {
        let size = fit_size(
            p,
            title,
            xf.text(CARD_TITLE_POINTS),
            r.width() * CARD_TITLE_SHARE,
            xf.min_text,
        );
        let title = elide(p, title, size, r.width() * CARD_TITLE_SHARE);
        let (at, c) = match band {
            Some(b) => (pos2(r.center().x, r.top() + band_h / 2.0), contrast_text(b)),
            None => (pos2(r.center().x, r.bottom() - size * 0.8), ink),
        };
        let clip = p.with_clip_rect(r.shrink(2.0));
        paint_text(&clip, at, Align2::CENTER_CENTER, &title, size, c, false);
    }
    if private {
        // "Only you see this face": a lock in the corner plus a dashed inner edge.
        let s = (r.width() * 0.22).clamp(10.0, 22.0);
        // On a card with a picture the value fills the foot: the lock sits above it.
        let foot = if picture.is_some() {
            r.height() * 0.26
        } else {
            0.0
        };
        let c = pos2(r.right() - s * 0.7, r.bottom() - foot - s * 0.7);
        p.circle_filled(c, s * 0.65, Color32::from_rgb(30, 30, 36));
        paint_icon(
            p,
            c,
            s,
            tavern_plugin_api::scene::Icon::Lock,
            Color32::from_rgb(240, 228, 66),
        );
        let d = r.shrink(3.0);
        p.add(egui::Shape::dashed_line(
            &[
                d.left_top(),
                d.right_top(),
                d.right_bottom(),
                d.left_bottom(),
                d.left_top(),
            ],
            Stroke::new(1.5, Color32::from_rgb(86, 180, 233)),
            6.0,
            4.0,
        ));
    }
}
