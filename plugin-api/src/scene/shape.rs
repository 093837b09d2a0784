//! What a shape covers, how it moves, and how it is written and read.

use super::*;

impl Shape {
    /// Bounding box in canvas units, used for hit-testing and highlights.
    pub fn bounds(&self) -> Rect {
        match self {
            Shape::Rect { rect, .. } | Shape::Card { rect, .. } | Shape::Image { rect, .. } => {
                *rect
            }
            Shape::Circle { center, radius, .. } => rect(
                center.x - radius,
                center.y - radius,
                2.0 * radius,
                2.0 * radius,
            ),
            Shape::Icon { center, size, .. } => {
                rect(center.x - size / 2.0, center.y - size / 2.0, *size, *size)
            }
            Shape::Polygon { points, .. } | Shape::Line { points, .. } => {
                let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
                for p in points {
                    x0 = x0.min(p.x);
                    y0 = y0.min(p.y);
                    x1 = x1.max(p.x);
                    y1 = y1.max(p.y);
                }
                if points.is_empty() {
                    return Rect::default();
                }
                rect(x0, y0, x1 - x0, y1 - y0)
            }
            Shape::Text {
                pos: p,
                text,
                size,
                align,
                bold,
                ..
            } => text_bounds(*p, text, *size, *align, *bold),
            Shape::TextBlock { rect, .. } => *rect,
            Shape::Die { center, size, .. } => {
                rect(center.x - size / 2.0, center.y - size / 2.0, *size, *size)
            }
            Shape::Unknown { fields, .. } => unknown_bounds(fields),
        }
    }
}

/// Where a line of text anchored at `p` lies (the host centres it vertically on `p.y`),
/// by the shared measurement; several lines stack one line height apart around `p.y`.
pub fn text_bounds(p: Pos, text: &str, size: f32, align: Align, bold: bool) -> Rect {
    let w = text_width(text, size, bold);
    let lines = text.split('\n').count().max(1) as f32;
    let h = size + (lines - 1.0) * line_height(size);
    let x = match align {
        Align::Left => p.x,
        Align::Center => p.x - w / 2.0,
        Align::Right => p.x - w,
    };
    rect(x, p.y - h / 2.0, w, h)
}

/// The place of a shape this build does not know, from whichever of the usual geometry
/// fields it carries (`rect`, `center` with `size` or `radius`, `pos`, `points`).
fn unknown_bounds(fields: &serde_json::Map<String, serde_json::Value>) -> Rect {
    fn get<T: serde::de::DeserializeOwned>(
        f: &serde_json::Map<String, serde_json::Value>,
        k: &str,
    ) -> Option<T> {
        f.get(k).and_then(|v| T::deserialize(v).ok())
    }
    if let Some(r) = get::<Rect>(fields, "rect") {
        return r;
    }
    let size = get::<f32>(fields, "size")
        .or_else(|| get::<f32>(fields, "radius").map(|r| 2.0 * r))
        .unwrap_or(UNKNOWN_SIZE);
    if let Some(c) = get::<Pos>(fields, "center") {
        return rect(c.x - size / 2.0, c.y - size / 2.0, size, size);
    }
    if let Some(p) = get::<Pos>(fields, "pos") {
        return rect(p.x - size / 2.0, p.y - size / 2.0, size, size);
    }
    if let Some(points) = get::<Vec<Pos>>(fields, "points") {
        return Shape::Polygon {
            points,
            fill: Color::TRANSPARENT,
            stroke: None,
        }
        .bounds();
    }
    Rect::default()
}

/// The side of the placeholder for an unknown shape that gives a place but no size.
const UNKNOWN_SIZE: f32 = 40.0;

impl Shape {
    /// The same shape moved and scaled so its bounds become `to`: the host slides a
    /// component that moved between two scenes through these in-between places.
    /// Text and lines keep their size and only move.
    pub fn placed_in(&self, to: Rect) -> Shape {
        let from = self.bounds();
        let (sx, sy) = (
            if from.w > 0.0 { to.w / from.w } else { 1.0 },
            if from.h > 0.0 { to.h / from.h } else { 1.0 },
        );
        let map = |p: Pos| pos(to.x + (p.x - from.x) * sx, to.y + (p.y - from.y) * sy);
        let mut s = self.clone();
        match &mut s {
            Shape::Rect { rect, .. } | Shape::Card { rect, .. } | Shape::Image { rect, .. } => {
                *rect = to
            }
            Shape::Circle { center, radius, .. } => {
                *center = to.center();
                *radius = to.w.min(to.h) / 2.0;
            }
            Shape::Icon { center, size, .. } => {
                *center = to.center();
                *size = to.w.min(to.h);
            }
            Shape::Polygon { points, .. } => points.iter_mut().for_each(|p| *p = map(*p)),
            Shape::Line { points, .. } => {
                let (dx, dy) = (to.x - from.x, to.y - from.y);
                points.iter_mut().for_each(|p| *p = pos(p.x + dx, p.y + dy));
            }
            Shape::Text { pos: p, .. } => {
                *p = pos(p.x + to.x - from.x, p.y + to.y - from.y);
            }
            Shape::TextBlock { rect: r, .. } => {
                *r = rect(r.x + to.x - from.x, r.y + to.y - from.y, r.w, r.h);
            }
            Shape::Die { center, size, .. } => {
                *center = to.center();
                *size = to.w.min(to.h);
            }
            Shape::Unknown { .. } => {}
        }
        s
    }
}

/// The tags of the shapes this build knows; any other is read as [`Shape::Unknown`].
pub(super) const KNOWN_SHAPES: &[&str] = &[
    "rect",
    "card",
    "circle",
    "polygon",
    "line",
    "text",
    "icon",
    "text_block",
    "die",
    "image",
];

impl Serialize for Shape {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Shape::Unknown { kind, fields } => {
                use serde::ser::SerializeMap;
                let mut m = s.serialize_map(Some(1))?;
                m.serialize_entry(kind, fields)?;
                m.end()
            }
            known => Shape::serialize(known, s),
        }
    }
}

impl<'de> Deserialize<'de> for Shape {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Shape, D::Error> {
        d.deserialize_enum("Shape", KNOWN_SHAPES, shape_wire::Tagged)
    }
}

/// Reading a shape in two steps: its tag first, then, for a known tag, the derived
/// reader on the same input (handed the tag back), else the body as plain JSON.
mod shape_wire {
    use std::fmt;

    use serde::de::value::StringDeserializer;
    use serde::de::{self, DeserializeSeed, EnumAccess, IntoDeserializer, VariantAccess, Visitor};
    use serde::forward_to_deserialize_any;

    use super::{KNOWN_SHAPES, Shape};

    pub struct Tagged;

    impl<'de> Visitor<'de> for Tagged {
        type Value = Shape;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a shape: an object with one key naming its kind")
        }

        fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Shape, A::Error> {
            let (tag, body): (String, A::Variant) = data.variant()?;
            if KNOWN_SHAPES.contains(&tag.as_str()) {
                Shape::deserialize(Replay { tag, body })
            } else {
                let fields = body.newtype_variant()?;
                Ok(Shape::Unknown { kind: tag, fields })
            }
        }
    }

    /// An enum whose tag was already read: gives the tag back, then the untouched body.
    struct Replay<B> {
        tag: String,
        body: B,
    }

    impl<'de, B: VariantAccess<'de>> de::Deserializer<'de> for Replay<B> {
        type Error = B::Error;

        fn deserialize_any<W: Visitor<'de>>(self, visitor: W) -> Result<W::Value, B::Error> {
            visitor.visit_enum(self)
        }

        forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
            bytes byte_buf option unit unit_struct newtype_struct seq tuple
            tuple_struct map struct enum identifier ignored_any
        }
    }

    impl<'de, B: VariantAccess<'de>> EnumAccess<'de> for Replay<B> {
        type Error = B::Error;
        type Variant = B;

        fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, B), B::Error> {
            let tag: StringDeserializer<B::Error> = self.tag.into_deserializer();
            Ok((seed.deserialize(tag)?, self.body))
        }
    }
}
