//! The shared icon set drawn from simple vector shapes, the same in every game. Icons
//! without a drawing of their own get a round badge with a letter.

use egui::{Color32, FontId, Painter, Pos2, Shape, Stroke, pos2, vec2};
use tavern_plugin_api::scene::Icon;

const INK: Color32 = Color32::from_rgb(30, 30, 36);

/// Paints `icon` centred at `c` within a square of side `size` (screen points).
pub fn paint_icon(p: &Painter, c: Pos2, size: f32, icon: Icon, fill: Color32) {
    let r = size / 2.0;
    let line = Stroke::new((size / 16.0).max(1.0), INK);
    let at = |dx: f32, dy: f32| pos2(c.x + dx * r, c.y + dy * r);
    match icon {
        Icon::Coin | Icon::Gold => {
            p.circle(c, r * 0.9, fill, line);
            p.circle_stroke(c, r * 0.6, Stroke::new(line.width, INK.gamma_multiply(0.6)));
        }
        Icon::Pearl => {
            p.circle(c, r * 0.8, fill, line);
            p.circle_filled(at(-0.3, -0.3), r * 0.2, Color32::WHITE);
        }
        Icon::Gem | Icon::Crystal => {
            let pts = vec![at(0.0, -0.9), at(0.7, -0.2), at(0.0, 0.9), at(-0.7, -0.2)];
            p.add(Shape::convex_polygon(pts, fill, line));
            p.line_segment([at(-0.7, -0.2), at(0.7, -0.2)], line);
        }
        Icon::Egg => {
            let pts: Vec<Pos2> = (0..24)
                .map(|i| {
                    let a = i as f32 / 24.0 * std::f32::consts::TAU;
                    let squash = if a.sin() < 0.0 { 0.95 } else { 0.8 };
                    at(0.65 * a.cos(), -0.1 + squash * -a.sin())
                })
                .collect();
            p.add(Shape::convex_polygon(pts, fill, line));
        }
        Icon::Star => star(p, c, r, fill, line),
        Icon::Heart => {
            p.circle_filled(at(-0.35, -0.25), r * 0.4, fill);
            p.circle_filled(at(0.35, -0.25), r * 0.4, fill);
            p.add(Shape::convex_polygon(
                vec![at(-0.74, -0.1), at(0.74, -0.1), at(0.0, 0.85)],
                fill,
                Stroke::NONE,
            ));
        }
        Icon::Shield => {
            let pts = vec![
                at(-0.7, -0.8),
                at(0.7, -0.8),
                at(0.7, 0.1),
                at(0.0, 0.9),
                at(-0.7, 0.1),
            ];
            p.add(Shape::convex_polygon(pts, fill, line));
        }
        Icon::Sword => {
            let blade = Stroke::new(size / 7.0, fill);
            p.line_segment([at(-0.6, 0.6), at(0.7, -0.7)], blade);
            p.line_segment([at(-0.6, 0.1), at(-0.1, 0.6)], Stroke::new(size / 9.0, INK));
        }
        Icon::Crown => {
            p.rect_filled(
                egui::Rect::from_two_pos(at(-0.8, 0.2), at(0.8, 0.7)),
                1.0,
                fill,
            );
            for x in [-0.8f32, -0.05, 0.7] {
                p.add(Shape::convex_polygon(
                    vec![at(x, 0.25), at(x + 0.15, -0.7), at(x + 0.3, 0.25)],
                    fill,
                    Stroke::NONE,
                ));
            }
        }
        Icon::Skull => {
            p.circle(at(0.0, -0.15), r * 0.7, fill, line);
            p.rect_filled(
                egui::Rect::from_two_pos(at(-0.4, 0.3), at(0.4, 0.8)),
                2.0,
                fill,
            );
            p.circle_filled(at(-0.28, -0.15), r * 0.18, INK);
            p.circle_filled(at(0.28, -0.15), r * 0.18, INK);
        }
        Icon::Key => {
            p.circle_stroke(at(-0.45, 0.0), r * 0.35, Stroke::new(size / 9.0, fill));
            let s = Stroke::new(size / 9.0, fill);
            p.line_segment([at(-0.1, 0.0), at(0.85, 0.0)], s);
            p.line_segment([at(0.6, 0.0), at(0.6, 0.35)], s);
            p.line_segment([at(0.8, 0.0), at(0.8, 0.3)], s);
        }
        Icon::Wand => {
            p.line_segment(
                [at(-0.7, 0.7), at(0.4, -0.4)],
                Stroke::new(size / 10.0, INK),
            );
            star(p, at(0.5, -0.5), r * 0.45, fill, Stroke::NONE);
        }
        Icon::Lantern => {
            p.rect(
                egui::Rect::from_two_pos(at(-0.45, -0.45), at(0.45, 0.8)),
                3.0,
                fill,
                line,
                egui::StrokeKind::Middle,
            );
            p.circle_stroke(at(0.0, -0.6), r * 0.25, line);
        }
        Icon::Hammer => {
            p.line_segment([at(-0.5, 0.8), at(0.2, -0.2)], Stroke::new(size / 9.0, INK));
            let head = vec![at(-0.2, -0.6), at(0.2, -0.9), at(0.8, -0.1), at(0.4, 0.2)];
            p.add(Shape::convex_polygon(head, fill, line));
        }
        Icon::Quill => {
            let feather = vec![at(-0.6, 0.7), at(0.1, -0.3), at(0.75, -0.85), at(0.3, 0.0)];
            p.add(Shape::convex_polygon(feather, fill, line));
        }
        Icon::Bed => {
            p.rect_filled(
                egui::Rect::from_two_pos(at(-0.85, 0.0), at(0.85, 0.45)),
                2.0,
                fill,
            );
            p.rect_filled(
                egui::Rect::from_two_pos(at(-0.85, -0.5), at(-0.65, 0.75)),
                1.0,
                INK,
            );
            p.rect_filled(
                egui::Rect::from_two_pos(at(-0.6, -0.25), at(-0.2, 0.0)),
                2.0,
                fill,
            );
        }
        Icon::Worker => {
            p.circle(at(0.0, -0.5), r * 0.32, fill, line);
            let body = vec![
                at(-0.35, -0.15),
                at(0.35, -0.15),
                at(0.65, 0.85),
                at(-0.65, 0.85),
            ];
            p.add(Shape::convex_polygon(body, fill, line));
        }
        Icon::Card => {
            p.rect(
                egui::Rect::from_center_size(c, vec2(size * 0.6, size * 0.85)),
                size * 0.08,
                fill,
                line,
                egui::StrokeKind::Middle,
            );
        }
        Icon::Die => {
            let sq = egui::Rect::from_center_size(c, vec2(size * 0.8, size * 0.8));
            p.rect(sq, size * 0.12, fill, line, egui::StrokeKind::Middle);
            for (dx, dy) in [(-0.4, -0.4), (0.0, 0.0), (0.4, 0.4)] {
                p.circle_filled(at(dx, dy), r * 0.1, INK);
            }
        }
        Icon::Lock => {
            p.circle_stroke(at(0.0, -0.25), r * 0.38, Stroke::new(size / 9.0, fill));
            p.rect(
                egui::Rect::from_two_pos(at(-0.6, -0.1), at(0.6, 0.8)),
                2.0,
                fill,
                line,
                egui::StrokeKind::Middle,
            );
        }
        Icon::Hidden => letter_badge(p, c, r, "?", fill),
        Icon::Food => letter_badge(p, c, r, "F", fill),
        Icon::Scroll => {
            p.rect(
                egui::Rect::from_two_pos(at(-0.6, -0.6), at(0.6, 0.6)),
                1.0,
                fill,
                line,
                egui::StrokeKind::Middle,
            );
            p.circle(at(-0.6, -0.6), r * 0.18, fill, line);
            p.circle(at(0.6, 0.6), r * 0.18, fill, line);
        }
        Icon::Dragon => letter_badge(p, c, r, "D", fill),
        Icon::Unknown => unknown_badge(p, c, r),
    }
}

/// An icon from a newer plugin: a dashed square with a question mark, unlike any icon
/// of the set (the "hidden" icon is a round badge).
pub fn unknown_badge(p: &Painter, c: Pos2, r: f32) {
    let sq = egui::Rect::from_center_size(c, vec2(r * 1.6, r * 1.6));
    p.rect_filled(sq, 2.0, Color32::from_rgba_unmultiplied(255, 255, 255, 60));
    let corners = [
        sq.left_top(),
        sq.right_top(),
        sq.right_bottom(),
        sq.left_bottom(),
        sq.left_top(),
    ];
    p.add(Shape::dashed_line(
        &corners,
        Stroke::new((r / 8.0).max(1.0), INK),
        (r * 0.3).max(2.0),
        (r * 0.2).max(2.0),
    ));
    p.text(
        c,
        egui::Align2::CENTER_CENTER,
        "?",
        FontId::proportional((r * 1.1).max(9.0)),
        INK,
    );
}

fn star(p: &Painter, c: Pos2, r: f32, fill: Color32, line: Stroke) {
    let point = |i: usize, rad: f32| {
        let a = -std::f32::consts::FRAC_PI_2 + i as f32 * std::f32::consts::TAU / 10.0;
        pos2(c.x + rad * a.cos(), c.y + rad * a.sin())
    };
    let inner: Vec<Pos2> = (0..5).map(|k| point(2 * k + 1, r * 0.4)).collect();
    p.add(Shape::convex_polygon(inner.clone(), fill, Stroke::NONE));
    for k in 0..5 {
        let tip = point(2 * k, r * 0.95);
        let left = inner[(k + 4) % 5];
        let right = inner[k];
        p.add(Shape::convex_polygon(
            vec![left, tip, right],
            fill,
            Stroke::NONE,
        ));
    }
    if line.width > 0.0 {
        let mut outline: Vec<Pos2> = Vec::with_capacity(10);
        for i in 0..10 {
            outline.push(point(i, if i % 2 == 0 { r * 0.95 } else { r * 0.4 }));
        }
        p.add(Shape::closed_line(outline, line));
    }
}

fn letter_badge(p: &Painter, c: Pos2, r: f32, letter: &str, fill: Color32) {
    p.circle(c, r * 0.9, fill, Stroke::new((r / 8.0).max(1.0), INK));
    let text = if super::scene_painter::luminance(fill) > 0.55 {
        INK
    } else {
        Color32::WHITE
    };
    p.text(
        c,
        egui::Align2::CENTER_CENTER,
        letter,
        FontId::proportional((r * 1.1).max(9.0)),
        text,
    );
}

/// What a die shows: its kind (number of faces), the face up and its colours.
#[derive(Clone, Copy, Debug)]
pub struct DieFace {
    pub faces: u8,
    pub value: u8,
    pub fill: Color32,
    pub ink: Color32,
}

/// Where the pips of a six-sided die's face lie, in halves of the face from its centre.
fn pips(value: u8) -> &'static [(f32, f32)] {
    const C: (f32, f32) = (0.0, 0.0);
    const TL: (f32, f32) = (-1.0, -1.0);
    const TR: (f32, f32) = (1.0, -1.0);
    const BL: (f32, f32) = (-1.0, 1.0);
    const BR: (f32, f32) = (1.0, 1.0);
    const ML: (f32, f32) = (-1.0, 0.0);
    const MR: (f32, f32) = (1.0, 0.0);
    match value {
        1 => &[C],
        2 => &[TR, BL],
        3 => &[TR, C, BL],
        4 => &[TL, TR, BL, BR],
        5 => &[TL, TR, C, BL, BR],
        6 => &[TL, TR, ML, MR, BL, BR],
        _ => &[],
    }
}

/// The outline of a die of `faces` sides as seen from above, as unit-circle corners:
/// a triangle for a d4, a diamond for a d8, a pentagon for a d12, a hexagon for a d20
/// and a square (drawn rounded when upright) for a d6 and anything else.
fn outline(faces: u8) -> (usize, f32) {
    use std::f32::consts::{FRAC_PI_2, FRAC_PI_4};
    match faces {
        4 => (3, -FRAC_PI_2),
        8 | 10 => (4, -FRAC_PI_2),
        12 => (5, -FRAC_PI_2),
        20 => (6, -FRAC_PI_2),
        _ => (4, -FRAC_PI_4),
    }
}

/// Paints a die centred at `c`, `size` points across, turned by `angle` radians (a
/// rolling die tumbles). Pips for a d6 showing 1 to 6, the number otherwise, never
/// smaller than `min_text`.
pub fn paint_die(p: &Painter, c: Pos2, size: f32, face: DieFace, angle: f32, min_text: f32) {
    let line = Stroke::new((size / 22.0).max(1.0), face.ink.gamma_multiply(0.8));
    let (corners, start) = outline(face.faces);
    let squared = corners == 4 && face.faces != 8 && face.faces != 10;
    if squared && angle == 0.0 {
        let sq = egui::Rect::from_center_size(c, vec2(size, size));
        p.rect(sq, size * 0.16, face.fill, line, egui::StrokeKind::Inside);
    } else {
        // A square's corners lie at half its diagonal; the other outlines fill the circle.
        let r = if squared {
            size * 0.5 * 1.38
        } else {
            size * 0.5
        };
        let pts: Vec<Pos2> = (0..corners)
            .map(|i| {
                let a = start + angle + i as f32 * std::f32::consts::TAU / corners as f32;
                pos2(c.x + r * a.cos(), c.y + r * a.sin())
            })
            .collect();
        p.add(Shape::convex_polygon(pts, face.fill, line));
    }
    let turn = |dx: f32, dy: f32| {
        let (s, k) = angle.sin_cos();
        pos2(c.x + dx * k - dy * s, c.y + dx * s + dy * k)
    };
    let spots = if face.faces == 6 {
        pips(face.value)
    } else {
        &[]
    };
    if !spots.is_empty() {
        let off = size * 0.26;
        for (dx, dy) in spots {
            p.circle_filled(turn(dx * off, dy * off), size * 0.09, face.ink);
        }
        return;
    }
    // The number sits a little low in a triangle, where the room is.
    let below = if face.faces == 4 { size * 0.12 } else { 0.0 };
    let text_size = (size * if face.faces == 4 { 0.38 } else { 0.5 }).max(min_text);
    p.text(
        turn(0.0, below),
        egui::Align2::CENTER_CENTER,
        face.value.to_string(),
        FontId::proportional(text_size),
        face.ink,
    );
    p.text(
        turn(0.6, below),
        egui::Align2::CENTER_CENTER,
        face.value.to_string(),
        FontId::proportional(text_size),
        face.ink,
    );
}
