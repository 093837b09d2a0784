//! The scene's items painted in the order of their depth: cards paired with their
//! pictures, and what slides or rolls held back to be painted over the rest.

use egui::{CornerRadius, Painter, Rect};
use tavern_plugin_api::scene::{self, Item, Scene, Shape};

use super::super::motion::{Motion, Roll};
use super::canvas::{Xf, color};
use super::images::Art;
use super::shapes::{paint_framed, paint_highlight};

/// Components painted later, over the rest: those sliding (with their picture), and
/// dice in mid-roll.
pub(super) type Live<'a> = (Vec<(Item, Option<Shape>)>, Vec<(&'a Item, Roll)>);

/// The table's ground and every item in its place, in the order of their depth; what
/// is moving is left out and returned, to be painted over everything.
pub(super) fn paint_items<'a>(
    painter: &Painter,
    xf: &Xf,
    ground: Rect,
    scene: &'a Scene,
    art: Option<&Art>,
    moving: Option<(&Motion, f64)>,
) -> Live<'a> {
    painter.rect_filled(ground, CornerRadius::same(6), color(scene.background));
    let pictures = pictures(scene);
    let mut order: Vec<usize> = (0..scene.items.len()).collect();
    order.sort_by_key(|&i| scene.items[i].z);
    let mut in_flight = Vec::new();
    let mut rolling = Vec::new();
    // Where each moving component ends and where it is now, so a drawing lying
    // on it (a card's picture) travels with it.
    let mut carriers: Vec<(scene::Rect, scene::Rect)> = Vec::new();
    for i in order {
        let item = &scene.items[i];
        if pictures.is_picture[i] {
            continue;
        }
        let picture = pictures.of[i].map(|k| &scene.items[k]);
        if let Some(roll) = moving.and_then(|(m, now)| m.roll_at(i, &item.shape, now)) {
            rolling.push((item, roll));
            continue;
        }
        let shape = moving
            .and_then(|(m, now)| m.shape_at(i, &item.shape, now))
            .or_else(|| carried(&item.shape, &carriers));
        match shape {
            Some(shape) => {
                let (end, now) = (item.shape.bounds(), shape.bounds());
                carriers.push((end, now));
                let picture = picture.and_then(|pic| carried(&pic.shape, &[(end, now)]));
                in_flight.push((
                    Item {
                        shape,
                        ..item.clone()
                    },
                    picture,
                ))
            }
            None => {
                paint_framed(painter, xf, item, picture.map(|p| &p.shape), art);
                paint_highlight(painter, xf, item);
            }
        }
    }
    (in_flight, rolling)
}

/// Which images are cards' pictures: an image that comes right after a card in the
/// scene and lies inside it is drawn with that card, over its face and under its title
/// and value (see [`Shape::Image`]).
pub struct Pictures {
    /// Per item: the index of its picture, for a card that has one.
    pub of: Vec<Option<usize>>,
    pub is_picture: Vec<bool>,
}

pub fn pictures(scene: &Scene) -> Pictures {
    let n = scene.items.len();
    let mut out = Pictures {
        of: vec![None; n],
        is_picture: vec![false; n],
    };
    for (i, pair) in scene.items.windows(2).enumerate() {
        if let (Shape::Card { rect: card, .. }, Shape::Image { rect: r, .. }) =
            (&pair[0].shape, &pair[1].shape)
            && r.x >= card.x - 0.5
            && r.y >= card.y - 0.5
            && r.x + r.w <= card.x + card.w + 0.5
            && r.y + r.h <= card.y + card.h + 0.5
        {
            out.of[i] = Some(i + 1);
            out.is_picture[i + 1] = true;
        }
    }
    out
}

/// A drawing lying on a component that is sliding (a card's picture on its card) goes
/// where the component is now: its new place is `carrier`'s end, mapped to where the
/// carrier is at this moment.
pub(super) fn carried(shape: &Shape, carriers: &[(scene::Rect, scene::Rect)]) -> Option<Shape> {
    let Shape::Image { rect: r, .. } = shape else {
        return None;
    };
    let (end, now) = carriers.iter().rev().find(|(end, _)| {
        r.x >= end.x - 0.5
            && r.y >= end.y - 0.5
            && r.x + r.w <= end.x + end.w + 0.5
            && r.y + r.h <= end.y + end.h + 0.5
    })?;
    let (sx, sy) = (
        if end.w > 0.0 { now.w / end.w } else { 1.0 },
        if end.h > 0.0 { now.h / end.h } else { 1.0 },
    );
    Some(shape.placed_in(scene::rect(
        now.x + (r.x - end.x) * sx,
        now.y + (r.y - end.y) * sy,
        r.w * sx,
        r.h * sy,
    )))
}
