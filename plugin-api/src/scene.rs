//! The drawing surface: a flat list of vector primitives on a fixed virtual canvas that
//! the host scales to its window. Games build scenes; the host draws them, makes items
//! whose id a legal action names clickable, and shows tooltips.
//!
//! Coordinates are canvas units (origin top-left, y down). Sizes of text are canvas units
//! too, so a 1600×1000 canvas with 16-unit text reads at about 13 pt on a 1280×800 window.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Default)]
pub struct Color(pub u8, pub u8, pub u8, pub u8);

impl Color {
    pub const fn rgb(r: u8, g: u8, b: u8) -> Color {
        Color(r, g, b, 255)
    }
    pub const fn with_alpha(self, a: u8) -> Color {
        Color(self.0, self.1, self.2, a)
    }
    pub const WHITE: Color = Color::rgb(255, 255, 255);
    pub const BLACK: Color = Color::rgb(0, 0, 0);
    pub const INK: Color = Color::rgb(30, 30, 36);
    pub const PAPER: Color = Color::rgb(246, 241, 228);
    pub const FELT: Color = Color::rgb(38, 70, 60);
    pub const GREY: Color = Color::rgb(128, 128, 128);
    pub const TRANSPARENT: Color = Color(0, 0, 0, 0);

    /// Okabe–Ito colour-blind-safe palette, used for player colours.
    pub const PLAYER: [Color; 8] = [
        Color::rgb(0, 114, 178),   // blue
        Color::rgb(230, 159, 0),   // orange
        Color::rgb(0, 158, 115),   // bluish green
        Color::rgb(204, 121, 167), // reddish purple
        Color::rgb(86, 180, 233),  // sky blue
        Color::rgb(213, 94, 0),    // vermillion
        Color::rgb(240, 228, 66),  // yellow
        Color::rgb(90, 90, 90),    // grey
    ];
    /// A letter that goes with each player colour, so colour is never the only signal.
    pub const PLAYER_MARK: [&'static str; 8] = ["A", "B", "C", "D", "E", "F", "G", "H"];

    pub fn player(seat: usize) -> Color {
        Color::PLAYER[seat % Color::PLAYER.len()]
    }
}

/// Written as `[x, y]`: views carry hundreds of these, and arrays read faster than
/// objects with keys. Read from either form, so plugins built before keep working.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Default)]
#[serde(into = "[f32; 2]")]
pub struct Pos {
    pub x: f32,
    pub y: f32,
}

impl From<Pos> for [f32; 2] {
    fn from(p: Pos) -> [f32; 2] {
        [p.x, p.y]
    }
}

impl From<Rect> for [f32; 4] {
    fn from(r: Rect) -> [f32; 4] {
        [r.x, r.y, r.w, r.h]
    }
}

impl From<Stroke> for (f32, Color) {
    fn from(s: Stroke) -> (f32, Color) {
        (s.width, s.color)
    }
}

impl<'de> Deserialize<'de> for Pos {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Pos, D::Error> {
        let [x, y] = d.deserialize_any(wire::Fields(["x", "y"]))?;
        Ok(Pos { x, y })
    }
}

impl<'de> Deserialize<'de> for Rect {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Rect, D::Error> {
        let [x, y, w, h] = d.deserialize_any(wire::Fields(["x", "y", "w", "h"]))?;
        Ok(Rect { x, y, w, h })
    }
}

impl<'de> Deserialize<'de> for Stroke {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Stroke, D::Error> {
        let (width, color) = d.deserialize_any(wire::Pair(["width", "color"]))?;
        Ok(Stroke { width, color })
    }
}

/// Readers for the small geometry types that accept the array form and the older
/// object form alike, without serde's buffering `untagged` enums.
mod wire {
    use std::fmt;

    use serde::de::{Error, IgnoredAny, MapAccess, SeqAccess, Visitor};

    /// Field `i` of a map, by name; `None` for a field this reader does not know.
    fn slot(names: &[&str], key: &str) -> Option<usize> {
        names.iter().position(|n| *n == key)
    }

    fn no_more<'de, A: SeqAccess<'de>>(mut seq: A, n: usize) -> Result<(), A::Error> {
        match seq.next_element::<IgnoredAny>()? {
            None => Ok(()),
            Some(_) => Err(A::Error::invalid_length(n + 1, &"fewer elements")),
        }
    }

    /// `N` numbers, as `[a, b, …]` or `{"a": …, "b": …}`.
    pub struct Fields<const N: usize>(pub [&'static str; N]);

    impl<'de, const N: usize> Visitor<'de> for Fields<N> {
        type Value = [f32; N];

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "an array of {N} numbers or an object with {:?}", self.0)
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<[f32; N], A::Error> {
            let mut out = [0.0; N];
            for (i, v) in out.iter_mut().enumerate() {
                *v = seq
                    .next_element()?
                    .ok_or_else(|| A::Error::invalid_length(i, &self))?;
            }
            no_more(seq, N)?;
            Ok(out)
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<[f32; N], A::Error> {
            let mut out = [None; N];
            while let Some(k) = map.next_key::<std::borrow::Cow<'de, str>>()? {
                match slot(&self.0, &k) {
                    Some(i) => out[i] = Some(map.next_value()?),
                    None => {
                        map.next_value::<IgnoredAny>()?;
                    }
                }
            }
            let mut done = [0.0; N];
            for (i, v) in out.into_iter().enumerate() {
                done[i] = v.ok_or_else(|| A::Error::missing_field(self.0[i]))?;
            }
            Ok(done)
        }
    }

    /// A number and a colour, as `[w, c]` or `{"width": w, "color": c}`.
    pub struct Pair(pub [&'static str; 2]);

    impl<'de> Visitor<'de> for Pair {
        type Value = (f32, super::Color);

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "[width, colour] or an object with {:?}", self.0)
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            let w = seq
                .next_element()?
                .ok_or_else(|| A::Error::invalid_length(0, &self))?;
            let c = seq
                .next_element()?
                .ok_or_else(|| A::Error::invalid_length(1, &self))?;
            no_more(seq, 2)?;
            Ok((w, c))
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let (mut w, mut c) = (None, None);
            while let Some(k) = map.next_key::<std::borrow::Cow<'de, str>>()? {
                match slot(&self.0, &k) {
                    Some(0) => w = Some(map.next_value()?),
                    Some(_) => c = Some(map.next_value()?),
                    None => {
                        map.next_value::<IgnoredAny>()?;
                    }
                }
            }
            Ok((
                w.ok_or_else(|| A::Error::missing_field(self.0[0]))?,
                c.ok_or_else(|| A::Error::missing_field(self.0[1]))?,
            ))
        }
    }
}

pub const fn pos(x: f32, y: f32) -> Pos {
    Pos { x, y }
}

/// Written as `[x, y, w, h]`, read from that or the object form, like [`Pos`].
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Default)]
#[serde(into = "[f32; 4]")]
pub struct Rect {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

pub const fn rect(x: f32, y: f32, w: f32, h: f32) -> Rect {
    Rect { x, y, w, h }
}

impl Rect {
    pub fn center(&self) -> Pos {
        pos(self.x + self.w / 2.0, self.y + self.h / 2.0)
    }
    pub fn shrink(&self, by: f32) -> Rect {
        rect(
            self.x + by,
            self.y + by,
            self.w - 2.0 * by,
            self.h - 2.0 * by,
        )
    }
    pub fn contains(&self, p: Pos) -> bool {
        p.x >= self.x && p.y >= self.y && p.x <= self.x + self.w && p.y <= self.y + self.h
    }
}

/// Written as `[width, colour]`, read from that or the object form, like [`Pos`].
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
#[serde(into = "(f32, Color)")]
pub struct Stroke {
    pub width: f32,
    pub color: Color,
}

pub const fn stroke(width: f32, color: Color) -> Stroke {
    Stroke { width, color }
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Align {
    Left,
    #[default]
    Center,
    Right,
}

/// The shared icon set, drawn the same way in every game by the host.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Icon {
    Coin,
    Food,
    Gold,
    Gem,
    Crystal,
    Pearl,
    Egg,
    Scroll,
    Key,
    Wand,
    Lantern,
    Hammer,
    Quill,
    Bed,
    Star,
    Skull,
    Heart,
    Shield,
    Sword,
    Crown,
    Dragon,
    Worker,
    Card,
    Die,
    Hidden,
    Lock,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    Rect {
        rect: Rect,
        fill: Color,
        #[serde(default)]
        stroke: Option<Stroke>,
        #[serde(default)]
        radius: f32,
    },
    /// A card: rounded rectangle with an optional coloured band at the top, a large
    /// value in the middle and a small title. `face_down` draws a back with `back_text`.
    Card {
        rect: Rect,
        fill: Color,
        #[serde(default)]
        band: Option<Color>,
        #[serde(default)]
        title: String,
        #[serde(default)]
        value: String,
        #[serde(default)]
        face_down: bool,
        /// Marks a face the viewer sees but others don't ("private").
        #[serde(default)]
        private: bool,
    },
    Circle {
        center: Pos,
        radius: f32,
        fill: Color,
        #[serde(default)]
        stroke: Option<Stroke>,
    },
    Polygon {
        points: Vec<Pos>,
        fill: Color,
        #[serde(default)]
        stroke: Option<Stroke>,
    },
    Line {
        points: Vec<Pos>,
        stroke: Stroke,
    },
    Text {
        pos: Pos,
        text: String,
        size: f32,
        color: Color,
        #[serde(default)]
        align: Align,
        #[serde(default)]
        bold: bool,
    },
    Icon {
        center: Pos,
        size: f32,
        icon: Icon,
        color: Color,
    },
}

/// How an item is emphasised. The host adds `Target` glow itself for items named by a
/// legal action; games use the others.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Highlight {
    #[default]
    None,
    /// Selected as part of a multi-step decision.
    Selected,
    /// Just changed (moved, revealed) by the last action.
    Changed,
    /// Being resolved now (the current location, the active page).
    Active,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Item {
    pub shape: Shape,
    /// Clickable id; legal actions name it as their `target`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tooltip: Option<String>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub z: i32,
    #[serde(default, skip_serializing_if = "is_plain")]
    pub highlight: Highlight,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Scene {
    pub width: f32,
    pub height: f32,
    pub background: Color,
    pub items: Vec<Item>,
}

impl Default for Scene {
    fn default() -> Self {
        Scene::new(1600.0, 1000.0)
    }
}

impl Scene {
    pub fn new(width: f32, height: f32) -> Scene {
        Scene {
            width,
            height,
            background: Color::FELT,
            items: Vec::new(),
        }
    }

    /// Adds a shape; the returned handle sets id, tooltip, z and highlight.
    pub fn add(&mut self, shape: Shape) -> ItemBuilder<'_> {
        self.items.push(Item {
            shape,
            id: None,
            tooltip: None,
            z: 0,
            highlight: Highlight::None,
        });
        ItemBuilder(self.items.last_mut().expect("just pushed"))
    }

    pub fn rect(&mut self, r: Rect, fill: Color, radius: f32) -> ItemBuilder<'_> {
        self.add(Shape::Rect {
            rect: r,
            fill,
            stroke: None,
            radius,
        })
    }

    /// A framed panel: a player area, a board region.
    pub fn panel(&mut self, r: Rect, fill: Color, border: Color) -> ItemBuilder<'_> {
        self.add(Shape::Rect {
            rect: r,
            fill,
            stroke: Some(stroke(2.0, border)),
            radius: 10.0,
        })
    }

    pub fn text(
        &mut self,
        p: Pos,
        text: impl Into<String>,
        size: f32,
        color: Color,
    ) -> ItemBuilder<'_> {
        self.add(Shape::Text {
            pos: p,
            text: text.into(),
            size,
            color,
            align: Align::Left,
            bold: false,
        })
    }

    pub fn text_centered(
        &mut self,
        p: Pos,
        text: impl Into<String>,
        size: f32,
        color: Color,
    ) -> ItemBuilder<'_> {
        self.add(Shape::Text {
            pos: p,
            text: text.into(),
            size,
            color,
            align: Align::Center,
            bold: false,
        })
    }

    pub fn heading(
        &mut self,
        p: Pos,
        text: impl Into<String>,
        size: f32,
        color: Color,
    ) -> ItemBuilder<'_> {
        self.add(Shape::Text {
            pos: p,
            text: text.into(),
            size,
            color,
            align: Align::Left,
            bold: true,
        })
    }

    pub fn circle(&mut self, c: Pos, radius: f32, fill: Color) -> ItemBuilder<'_> {
        self.add(Shape::Circle {
            center: c,
            radius,
            fill,
            stroke: Some(stroke(1.5, Color::INK)),
        })
    }

    pub fn icon(&mut self, c: Pos, size: f32, icon: Icon, color: Color) -> ItemBuilder<'_> {
        self.add(Shape::Icon {
            center: c,
            size,
            icon,
            color,
        })
    }

    pub fn line(&mut self, a: Pos, b: Pos, s: Stroke) -> ItemBuilder<'_> {
        self.add(Shape::Line {
            points: vec![a, b],
            stroke: s,
        })
    }

    /// A face-up card with a coloured band, a big value and a small title.
    pub fn card(
        &mut self,
        r: Rect,
        fill: Color,
        band: Option<Color>,
        title: impl Into<String>,
        value: impl Into<String>,
    ) -> ItemBuilder<'_> {
        self.add(Shape::Card {
            rect: r,
            fill,
            band,
            title: title.into(),
            value: value.into(),
            face_down: false,
            private: false,
        })
    }

    /// A card seen from the back; `back` may show what the back itself shows.
    pub fn card_back(&mut self, r: Rect, fill: Color, back: impl Into<String>) -> ItemBuilder<'_> {
        self.add(Shape::Card {
            rect: r,
            fill,
            band: None,
            title: String::new(),
            value: back.into(),
            face_down: true,
            private: false,
        })
    }

    /// A round token with a count or letter on it (coins, eggs, crystals).
    pub fn token(
        &mut self,
        c: Pos,
        radius: f32,
        fill: Color,
        label: impl Into<String>,
    ) -> ItemBuilder<'_> {
        self.items.push(Item {
            shape: Shape::Circle {
                center: c,
                radius,
                fill,
                stroke: Some(stroke(1.5, Color::INK)),
            },
            id: None,
            tooltip: None,
            z: 0,
            highlight: Highlight::None,
        });
        let text_color = if luminance(fill) > 0.55 {
            Color::INK
        } else {
            Color::WHITE
        };
        self.add(Shape::Text {
            pos: c,
            text: label.into(),
            size: radius * 1.1,
            color: text_color,
            align: Align::Center,
            bold: true,
        })
    }

    /// A row of resource counts: icon then number, left to right, each with a tooltip.
    /// Returns the x after the last entry.
    pub fn resource_row(
        &mut self,
        start: Pos,
        size: f32,
        entries: &[(Icon, Color, i64, &str)],
    ) -> f32 {
        let mut x = start.x;
        for (icon, color, count, tip) in entries {
            self.icon(pos(x + size / 2.0, start.y), size, *icon, *color)
                .tooltip(*tip);
            self.text(
                pos(x + size + 4.0, start.y),
                format!("{count}"),
                size * 0.8,
                Color::WHITE,
            )
            .tooltip(*tip);
            x += size * 2.6;
        }
        x
    }

    /// Items sorted by z for drawing (stable, so equal z keeps insertion order).
    pub fn draw_order(&self) -> Vec<&Item> {
        let mut v: Vec<&Item> = self.items.iter().collect();
        v.sort_by_key(|i| i.z);
        v
    }

    /// The topmost item with an id under `p`, as the host hit-tests a click.
    pub fn hit(&self, p: Pos) -> Option<&Item> {
        self.draw_order()
            .into_iter()
            .rev()
            .find(|i| i.id.is_some() && i.shape.bounds().contains(p))
    }
}

fn luminance(c: Color) -> f32 {
    (0.299 * c.0 as f32 + 0.587 * c.1 as f32 + 0.114 * c.2 as f32) / 255.0
}

impl Shape {
    /// Bounding box in canvas units, used for hit-testing and highlights.
    pub fn bounds(&self) -> Rect {
        match self {
            Shape::Rect { rect, .. } | Shape::Card { rect, .. } => *rect,
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
                ..
            } => {
                // Rough estimate: the host measures exactly when drawing.
                let w = text.chars().count() as f32 * size * 0.55;
                let x = match align {
                    Align::Left => p.x,
                    Align::Center => p.x - w / 2.0,
                    Align::Right => p.x - w,
                };
                rect(x, p.y - size / 2.0, w, *size)
            }
        }
    }
}

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
            Shape::Rect { rect, .. } | Shape::Card { rect, .. } => *rect = to,
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
        }
        s
    }
}

fn is_zero(z: &i32) -> bool {
    *z == 0
}

fn is_plain(h: &Highlight) -> bool {
    *h == Highlight::None
}

pub struct ItemBuilder<'a>(&'a mut Item);

impl ItemBuilder<'_> {
    pub fn id(self, id: impl Into<String>) -> Self {
        self.0.id = Some(id.into());
        self
    }
    pub fn tooltip(self, t: impl Into<String>) -> Self {
        self.0.tooltip = Some(t.into());
        self
    }
    pub fn z(self, z: i32) -> Self {
        self.0.z = z;
        self
    }
    pub fn highlight(self, h: Highlight) -> Self {
        self.0.highlight = h;
        self
    }
    pub fn bold(self) -> Self {
        if let Shape::Text { bold, .. } = &mut self.0.shape {
            *bold = true;
        }
        self
    }
    pub fn align(self, a: Align) -> Self {
        if let Shape::Text { align, .. } = &mut self.0.shape {
            *align = a;
        }
        self
    }
    pub fn stroke(self, s: Stroke) -> Self {
        match &mut self.0.shape {
            Shape::Rect { stroke, .. }
            | Shape::Circle { stroke, .. }
            | Shape::Polygon { stroke, .. } => *stroke = Some(s),
            _ => {}
        }
        self
    }
    pub fn private(self) -> Self {
        if let Shape::Card { private, .. } = &mut self.0.shape {
            *private = true;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scene_round_trips_through_json() {
        let mut s = Scene::new(800.0, 600.0);
        s.card(
            rect(10.0, 10.0, 60.0, 90.0),
            Color::PAPER,
            Some(Color::player(1)),
            "Red",
            "4",
        )
        .id("card:1")
        .tooltip("A red dragon")
        .z(2);
        s.token(pos(100.0, 100.0), 12.0, Color::rgb(200, 0, 0), "3");
        s.icon(pos(200.0, 50.0), 20.0, Icon::Egg, Color::WHITE);
        s.add(Shape::Polygon {
            points: vec![pos(0.0, 0.0), pos(10.0, 0.0), pos(5.0, 8.0)],
            fill: Color::BLACK,
            stroke: None,
        });
        let json = serde_json::to_string(&s).unwrap();
        let back: Scene = serde_json::from_str(&json).unwrap();
        assert_eq!(s, back);
        assert!(json.contains("\"card\":{"));
    }

    #[test]
    fn hit_finds_topmost_item_with_id() {
        let mut s = Scene::new(100.0, 100.0);
        s.rect(rect(0.0, 0.0, 50.0, 50.0), Color::WHITE, 0.0)
            .id("low")
            .z(0);
        s.rect(rect(10.0, 10.0, 20.0, 20.0), Color::WHITE, 0.0)
            .id("high")
            .z(5);
        s.rect(rect(0.0, 0.0, 100.0, 100.0), Color::WHITE, 0.0).z(9);
        assert_eq!(s.hit(pos(15.0, 15.0)).unwrap().id.as_deref(), Some("high"));
        assert_eq!(s.hit(pos(40.0, 40.0)).unwrap().id.as_deref(), Some("low"));
        assert!(s.hit(pos(90.0, 90.0)).is_none());
    }

    #[test]
    fn placed_in_moves_and_scales_to_the_new_bounds() {
        let card = Shape::Card {
            rect: rect(10.0, 10.0, 40.0, 60.0),
            fill: Color::WHITE,
            band: None,
            title: "x".into(),
            value: "4".into(),
            face_down: false,
            private: false,
        };
        let to = rect(100.0, 50.0, 20.0, 30.0);
        assert_eq!(card.placed_in(to).bounds(), to);
        let poly = Shape::Polygon {
            points: vec![pos(0.0, 0.0), pos(10.0, 0.0), pos(0.0, 20.0)],
            fill: Color::BLACK,
            stroke: None,
        };
        assert_eq!(poly.placed_in(to).bounds(), to);
        let dot = Shape::Circle {
            center: pos(5.0, 5.0),
            radius: 5.0,
            fill: Color::BLACK,
            stroke: None,
        };
        assert_eq!(
            dot.placed_in(rect(0.0, 0.0, 4.0, 4.0)).bounds(),
            rect(0.0, 0.0, 4.0, 4.0)
        );
    }

    #[test]
    fn geometry_reads_the_array_form_and_the_older_object_form() {
        let new: Shape = serde_json::from_str(
            r#"{"rect":{"rect":[1,2,3,4],"fill":[0,0,0,255],"stroke":[2.5,[9,9,9,255]]}}"#,
        )
        .unwrap();
        let old: Shape = serde_json::from_str(
            r#"{"rect":{"rect":{"x":1.0,"y":2.0,"w":3.0,"h":4.0,"z":7},"fill":[0,0,0,255],
               "stroke":{"width":2.5,"color":[9,9,9,255]}}}"#,
        )
        .unwrap();
        assert_eq!(new, old);
        assert_eq!(new.bounds(), rect(1.0, 2.0, 3.0, 4.0));
        let p: Pos = serde_json::from_str(r#"{"y":2,"x":1}"#).unwrap();
        assert_eq!(p, pos(1.0, 2.0));
        for bad in [r#"[1]"#, r#"[1,2,3]"#, r#"{"x":1}"#, r#""x""#] {
            assert!(serde_json::from_str::<Pos>(bad).is_err(), "{bad}");
        }
        assert_eq!(serde_json::to_string(&pos(1.5, 2.0)).unwrap(), "[1.5,2.0]");
    }

    #[test]
    fn bounds_of_polygon() {
        let b = Shape::Line {
            points: vec![pos(1.0, 2.0), pos(5.0, 9.0)],
            stroke: stroke(1.0, Color::BLACK),
        }
        .bounds();
        assert_eq!(b, rect(1.0, 2.0, 4.0, 7.0));
    }
}
