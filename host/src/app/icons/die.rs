//! A die drawn from above: its outline by its number of faces, pips for a d6 and the
//! number for the others, turned while it rolls.

use egui::{Color32, FontId, Painter, Pos2, Shape, Stroke, pos2, vec2};

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
