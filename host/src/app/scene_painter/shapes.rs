//! One item drawn in its place: each kind of shape, a card with its picture, its
//! highlight, and a die in mid-roll.

use egui::{Align2, Color32, CornerRadius, Painter, Pos2, Stroke, StrokeKind};
use tavern_plugin_api::scene::{self, Align, Highlight, Item, Shape};

use super::super::icons::{DieFace, paint_die, paint_icon};
use super::super::motion::Roll;
use super::canvas::{Xf, color};
use super::card::paint_card;
use super::drawing::{paint_image, paint_placeholder};
use super::images::Art;
use super::lettering::{paint_text, paint_text_block};

pub(super) fn paint_item(p: &Painter, xf: &Xf, item: &Item, art: Option<&Art>) {
    match &item.shape {
        Shape::Rect {
            rect,
            fill,
            stroke,
            radius,
        } => {
            let r = xf.r(*rect);
            let cr = CornerRadius::same(xf.len(*radius).clamp(0.0, 255.0) as u8);
            p.rect(
                r,
                cr,
                color(*fill),
                stroke_of(stroke, xf),
                StrokeKind::Inside,
            );
        }
        Shape::Card {
            rect,
            fill,
            band,
            title,
            value,
            face_down,
            private,
        } => paint_card(
            p,
            xf,
            *rect,
            color(*fill),
            band.map(color),
            title,
            value,
            *face_down,
            *private,
            None,
        ),
        Shape::Circle {
            center,
            radius,
            fill,
            stroke,
        } => {
            p.circle(
                xf.p(*center),
                xf.len(*radius),
                color(*fill),
                stroke_of(stroke, xf),
            );
        }
        Shape::Polygon {
            points,
            fill,
            stroke,
        } => {
            let pts: Vec<Pos2> = points.iter().map(|q| xf.p(*q)).collect();
            if pts.len() >= 3 {
                p.add(egui::Shape::convex_polygon(
                    pts,
                    color(*fill),
                    stroke_of(stroke, xf),
                ));
            }
        }
        Shape::Line { points, stroke } => {
            let pts: Vec<Pos2> = points.iter().map(|q| xf.p(*q)).collect();
            p.add(egui::Shape::line(
                pts,
                Stroke::new(xf.len(stroke.width).max(1.0), color(stroke.color)),
            ));
        }
        Shape::Text {
            pos,
            text,
            size,
            color: c,
            align,
            bold,
        } => {
            let anchor = match align {
                Align::Left => Align2::LEFT_CENTER,
                Align::Center => Align2::CENTER_CENTER,
                Align::Right => Align2::RIGHT_CENTER,
            };
            paint_text(
                p,
                xf.p(*pos),
                anchor,
                text,
                xf.text(*size),
                color(*c),
                *bold,
            );
        }
        Shape::Icon {
            center,
            size,
            icon,
            color: c,
        } => paint_icon(p, xf.p(*center), xf.len(*size), *icon, color(*c)),
        Shape::TextBlock {
            rect,
            text,
            size,
            color: c,
            align,
            bold,
        } => paint_text_block(p, xf, *rect, text, *size, color(*c), *align, *bold),
        Shape::Die {
            center,
            size,
            faces,
            value,
            fill,
            ink,
        } => paint_die(
            p,
            xf.p(*center),
            xf.len(*size),
            DieFace {
                faces: *faces,
                value: *value,
                fill: color(*fill),
                ink: color(*ink),
            },
            0.0,
            xf.min_text,
        ),
        Shape::Image { .. } => paint_image(p, xf, item, &item.shape, art),
        Shape::Unknown { kind, .. } => paint_placeholder(p, xf, item, kind),
    }
}

pub(super) fn stroke_of(s: &Option<scene::Stroke>, xf: &Xf) -> Stroke {
    match s {
        Some(s) => Stroke::new(xf.len(s.width).max(1.0), color(s.color)),
        None => Stroke::NONE,
    }
}

/// An item, with its picture when it is a card that has one.
pub(super) fn paint_framed(
    p: &Painter,
    xf: &Xf,
    item: &Item,
    picture: Option<&Shape>,
    art: Option<&Art>,
) {
    match (&item.shape, picture) {
        (
            Shape::Card {
                rect,
                fill,
                band,
                title,
                value,
                face_down,
                private,
            },
            Some(pic),
        ) => paint_card(
            p,
            xf,
            *rect,
            color(*fill),
            band.map(color),
            title,
            value,
            *face_down,
            *private,
            Some((item, pic, art)),
        ),
        _ => paint_item(p, xf, item, art),
    }
}

pub(super) fn paint_highlight(p: &Painter, xf: &Xf, item: &Item) {
    let r = xf.r(item.shape.bounds());
    match item.highlight {
        Highlight::None => {}
        Highlight::Selected => {
            p.rect_stroke(
                r.expand(3.0),
                CornerRadius::same(6),
                Stroke::new(4.0, Color32::from_rgb(86, 180, 233)),
                StrokeKind::Outside,
            );
        }
        Highlight::Changed => {
            p.rect_filled(
                r.expand(5.0),
                CornerRadius::same(8),
                Color32::from_rgba_unmultiplied(255, 255, 255, 40),
            );
            p.rect_stroke(
                r.expand(5.0),
                CornerRadius::same(8),
                Stroke::new(2.0, Color32::from_rgb(230, 159, 0)),
                StrokeKind::Outside,
            );
        }
        Highlight::Active => {
            p.rect_stroke(
                r.expand(2.0),
                CornerRadius::same(6),
                Stroke::new(2.0, Color32::WHITE),
                StrokeKind::Outside,
            );
            p.rect_stroke(
                r.expand(6.0),
                CornerRadius::same(8),
                Stroke::new(2.0, Color32::from_rgb(0, 158, 115)),
                StrokeKind::Outside,
            );
        }
    }
}

/// A die in mid-roll: turned, lifted and showing a passing face (see [`Roll`]).
pub(super) fn paint_rolling_die(p: &Painter, xf: &Xf, item: &Item, roll: Roll) {
    if let Shape::Die {
        center,
        size,
        faces,
        fill,
        ink,
        ..
    } = &item.shape
    {
        let face = DieFace {
            faces: *faces,
            value: roll.value,
            fill: color(*fill),
            ink: color(*ink),
        };
        let size = xf.len(*size) * roll.lift;
        paint_die(p, xf.p(*center), size, face, roll.angle, xf.min_text);
    }
}
