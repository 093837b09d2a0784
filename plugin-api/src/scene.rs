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
    /// Whether this rectangle lies inside `outer`, allowing it to stick out by up to
    /// `slack` canvas units on any side (layouts round to half units).
    pub fn inside(&self, outer: Rect, slack: f32) -> bool {
        self.x >= outer.x - slack
            && self.y >= outer.y - slack
            && self.x + self.w <= outer.x + outer.w + slack
            && self.y + self.h <= outer.y + outer.h + slack
    }
    /// Whether the two rectangles share more than `slack` units both across and down
    /// (edges that touch, or overlap by a rounding, do not count).
    pub fn overlaps(&self, other: Rect, slack: f32) -> bool {
        let dx = (self.x + self.w).min(other.x + other.w) - self.x.max(other.x);
        let dy = (self.y + self.h).min(other.y + other.h) - self.y.max(other.y);
        dx > slack && dy > slack
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
    /// An icon of a newer plugin that this build does not know: drawn as a placeholder.
    #[serde(other)]
    Unknown,
}

/// Read through [`Shape`]'s own `Deserialize` (below), which lets tags it does not know
/// through as [`Shape::Unknown`]; the derived code handles the known ones.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "snake_case", remote = "Self")]
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
    /// Text the host wraps to `rect.w` (explicit line breaks kept), top-aligned in `rect`,
    /// each line aligned by `align`. Give it the height [`text_block_height`] reports, so
    /// it holds its text wherever the host draws it largest; [`crate::layout`] checks that.
    TextBlock {
        rect: Rect,
        text: String,
        size: f32,
        color: Color,
        #[serde(default = "left")]
        align: Align,
        #[serde(default)]
        bold: bool,
    },
    /// A die showing `value`: pips on a six-sided die, the number on any other.
    Die {
        center: Pos,
        size: f32,
        #[serde(default = "six")]
        faces: u8,
        value: u8,
        fill: Color,
        ink: Color,
    },
    /// A drawing from the game's art ([`crate::Game::art`]) by its id, fitted into
    /// `rect` (centred, its aspect kept). `tint` multiplies its colours, so one light
    /// drawing serves every colour a component comes in. `alt` says what it shows, for
    /// screen readers; leave it empty for a backdrop. A host that has no drawing of that
    /// id draws the placeholder of an unknown shape instead.
    ///
    /// An image added right after a [`Shape::Card`] and lying inside it is that card's
    /// picture: the host draws it over the card's face but under its title and value
    /// (moved to the card's foot, on a plate of the card's colour, so it stays legible),
    /// and it travels with the card when the card slides.
    Image {
        rect: Rect,
        image: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tint: Option<Color>,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        alt: String,
    },
    /// A shape of a newer plugin that this build does not know, kept as it came
    /// (`kind` is its tag, `fields` its body) so the host can draw a labelled placeholder
    /// where it would have been instead of refusing the whole view.
    #[serde(skip)]
    Unknown {
        kind: String,
        fields: serde_json::Map<String, serde_json::Value>,
    },
}

fn left() -> Align {
    Align::Left
}

fn six() -> u8 {
    6
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
    /// Parts of the table a player may want to see larger (an opponent's compact board):
    /// the host shows one magnified, redrawn from the same items, when the pointer rests
    /// on it or a click pins it, and names the items inside it as one group for screen
    /// readers. Left out of the JSON when empty, so older hosts read the view as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub areas: Vec<Area>,
    /// The drawings [`Shape::Image`] items name. Never part of the JSON: a plugin sends
    /// its art once, and the host attaches it to each view it reads from that plugin.
    #[serde(skip)]
    pub art: Option<std::sync::Arc<ArtBook>>,
}

/// A region of the canvas the host can enlarge (see [`Scene::areas`]).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Area {
    pub rect: Rect,
    /// What the region is ("Bea's guild"), shown over the enlarged copy and read out.
    pub label: String,
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
            areas: Vec::new(),
            art: None,
        }
    }

    /// Marks `r` as a region the host may show enlarged (see [`Scene::areas`]); give
    /// every compact board of another player one, labelled with whose it is.
    pub fn enlargeable(&mut self, r: Rect, label: impl Into<String>) {
        self.areas.push(Area {
            rect: r,
            label: label.into(),
        });
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

    /// Text wrapped to `r.w`, top-aligned in `r`, left-aligned (see [`Shape::TextBlock`];
    /// size `r.h` with [`text_block_height`]).
    pub fn text_block(
        &mut self,
        r: Rect,
        text: impl Into<String>,
        size: f32,
        color: Color,
    ) -> ItemBuilder<'_> {
        self.add(Shape::TextBlock {
            rect: r,
            text: text.into(),
            size,
            color,
            align: Align::Left,
            bold: false,
        })
    }

    /// A die of `faces` sides (6 draws pips) showing `value`, `size` wide, dark ink on
    /// `fill`. The host rolls it briefly when its value changes between two views.
    pub fn die(&mut self, c: Pos, size: f32, faces: u8, value: u8, fill: Color) -> ItemBuilder<'_> {
        let ink = if luminance(fill) > 0.55 {
            Color::INK
        } else {
            Color::WHITE
        };
        self.add(Shape::Die {
            center: c,
            size,
            faces,
            value,
            fill,
            ink,
        })
    }

    /// The drawing `image` of the game's art fitted into `r`; `alt` names it for screen
    /// readers (empty for a backdrop). Tint it with [`ItemBuilder::tint`].
    pub fn image(
        &mut self,
        r: Rect,
        image: impl Into<String>,
        alt: impl Into<String>,
    ) -> ItemBuilder<'_> {
        self.add(Shape::Image {
            rect: r,
            image: image.into(),
            tint: None,
            alt: alt.into(),
        })
    }

    /// The ids of the drawings this scene names, each once, in the order they appear.
    pub fn image_ids(&self) -> Vec<&str> {
        let mut ids: Vec<&str> = Vec::new();
        for item in &self.items {
            if let Shape::Image { image, .. } = &item.shape
                && !ids.contains(&image.as_str())
            {
                ids.push(image);
            }
        }
        ids
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
const KNOWN_SHAPES: &[&str] = &[
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

fn is_zero(z: &i32) -> bool {
    *z == 0
}

fn is_plain(h: &Highlight) -> bool {
    *h == Highlight::None
}

// ---- Text measurement -------------------------------------------------------------
//
// One measurement for plugins and host alike, so a game that sizes a box for its text
// and the host that wraps the text into it agree on every line break. The advances are
// those of the host's proportional font (egui's default), in thousandths of the text
// size, rounded up; a host test fails if they ever fall short of egui's own layout.

/// The smallest size, in points, the host draws text at (at 100 % zoom).
pub const MIN_TEXT_POINTS: f32 = 13.0;

/// The smallest scale (screen points per canvas unit) the host draws a scene at; in a
/// smaller window the table scrolls instead.
pub const MIN_SCALE: f32 = 0.58;

/// The size, in points before the 13-point floor, the host writes a card's title at.
pub const CARD_TITLE_POINTS: f32 = 14.0;

/// The share of a card's width its title may take; a longer title is shrunk to the
/// floor and then cut with an ellipsis. A card shorter than three floors of text shows
/// no title at all (its value wins).
pub const CARD_TITLE_SHARE: f32 = 0.92;

/// The smallest text size, in canvas units, a game should use: on the reference
/// 1600×1000 canvas it reads at about 13 points in a 1280×800 window.
pub const MIN_TEXT_SIZE: f32 = 16.0;

/// The size in canvas units at which the host draws text of `size` where it draws it
/// largest: at [`MIN_SCALE`] the 13-point floor enlarges anything smaller. Lay text out
/// for this size and it fits in every window.
pub fn drawn_size(size: f32) -> f32 {
    size.max(MIN_TEXT_POINTS / MIN_SCALE)
}

/// Distance between the tops of two lines of text of `size`.
pub fn line_height(size: f32) -> f32 {
    size * LINE_EM
}

const LINE_EM: f32 = 1.15;

/// How much wider the host's bold (a second pass a little to the right) makes a line.
const BOLD_EM: f32 = 0.06;

/// Advance of a character the table does not list: wider than any stand-in the host
/// draws for a glyph its fonts lack.
const FALLBACK_ADVANCE: u16 = 1100;

const ASCII: [u16; 95] = [
    228, 274, 392, 653, 564, 831, 648, 240, 310, 310, 472, 564, 246, 282, 246, 359, 564, 564, 564,
    564, 564, 564, 564, 564, 564, 564, 246, 246, 564, 564, 564, 380, 940, 671, 630, 609, 702, 555,
    520, 658, 692, 248, 487, 609, 506, 865, 709, 774, 592, 774, 622, 517, 570, 680, 652, 932, 625,
    601, 560, 310, 359, 310, 564, 490, 376, 509, 583, 460, 583, 548, 376, 573, 569, 237, 246, 497,
    255, 863, 569, 582, 583, 583, 374, 428, 387, 569, 497, 791, 516, 490, 455, 319, 262, 319, 564,
];
const LATIN1: [u16; 96] = [
    228, 274, 564, 564, 564, 564, 262, 482, 376, 826, 386, 452, 564, 0, 826, 376, 318, 564, 359,
    359, 376, 575, 616, 246, 376, 359, 437, 452, 874, 874, 874, 380, 671, 671, 671, 671, 671, 671,
    932, 609, 555, 555, 555, 555, 248, 248, 248, 248, 716, 709, 774, 774, 774, 774, 774, 564, 774,
    680, 680, 680, 680, 601, 593, 596, 509, 509, 509, 509, 509, 509, 854, 460, 548, 548, 548, 548,
    237, 237, 237, 237, 578, 569, 582, 582, 582, 582, 582, 564, 582, 569, 569, 569, 569, 490, 583,
    490,
];
const OTHER: [(char, u16); 26] = [
    ('…', 996),
    ('–', 496),
    ('—', 996),
    ('‘', 230),
    ('’', 230),
    ('“', 392),
    ('”', 392),
    ('•', 360),
    ('−', 564),
    ('€', 564),
    ('→', 846),
    ('⟶', 846),
    ('←', 846),
    ('↑', 564),
    ('↓', 497),
    ('✕', 516),
    ('✖', 516),
    ('●', 472),
    ('◦', 472),
    ('★', 472),
    ('☆', 472),
    ('✓', 1077),
    ('✔', 1077),
    ('≤', 564),
    ('≥', 564),
    ('≠', 564),
];

/// Advance of `c` in thousandths of the text size.
fn advance(c: char) -> u16 {
    let code = c as u32;
    match code {
        32..=126 => ASCII[(code - 32) as usize],
        160..=255 => LATIN1[(code - 160) as usize],
        _ => OTHER
            .iter()
            .find(|(o, _)| *o == c)
            .map_or(FALLBACK_ADVANCE, |(_, a)| *a),
    }
}

/// Width of `text` drawn at `size` (its widest line, if it has several).
pub fn text_width(text: &str, size: f32, bold: bool) -> f32 {
    text.split('\n')
        .map(|line| line_width(line, size, bold))
        .fold(0.0, f32::max)
}

fn line_width(line: &str, size: f32, bold: bool) -> f32 {
    if line.is_empty() {
        return 0.0;
    }
    let units: u32 = line.chars().map(|c| u32::from(advance(c))).sum();
    let w = units as f32 * size / 1000.0;
    if bold { w + BOLD_EM * size } else { w }
}

/// `text` broken into lines no wider than `width` at `size`, the way the host draws a
/// [`Shape::TextBlock`]: explicit line breaks kept, lines broken between words, a word
/// longer than a whole line broken between letters.
pub fn wrap_lines(text: &str, size: f32, width: f32, bold: bool) -> Vec<String> {
    let fits = |s: &str| line_width(s, size, bold) <= width;
    let mut lines = Vec::new();
    for para in text.split('\n') {
        let mut line = String::new();
        for word in para.split_whitespace() {
            let joined = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if fits(&joined) {
                line = joined;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            // The word alone: whole if it fits, else in pieces that do.
            for c in word.chars() {
                line.push(c);
                if !fits(&line) && line.chars().count() > 1 {
                    line.pop();
                    lines.push(std::mem::replace(&mut line, c.to_string()));
                }
            }
        }
        lines.push(line);
    }
    lines
}

/// Height of `text` wrapped to `width` as a [`Shape::TextBlock`] of `size`, where the
/// host draws it largest (at [`drawn_size`]): give the block at least this height.
pub fn text_block_height(text: &str, size: f32, width: f32, bold: bool) -> f32 {
    let size = drawn_size(size);
    wrap_lines(text, size, width, bold).len() as f32 * line_height(size)
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
        if let Shape::Text { bold, .. } | Shape::TextBlock { bold, .. } = &mut self.0.shape {
            *bold = true;
        }
        self
    }
    pub fn align(self, a: Align) -> Self {
        if let Shape::Text { align, .. } | Shape::TextBlock { align, .. } = &mut self.0.shape {
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
    /// Multiplies an image's colours by `c` (see [`Shape::Image`]).
    pub fn tint(self, c: Color) -> Self {
        if let Shape::Image { tint, .. } = &mut self.0.shape {
            *tint = Some(c);
        }
        self
    }
}

// ---- Art -----------------------------------------------------------------------------

/// One drawing a game ships: the id its scenes name in [`Shape::Image`], and the SVG.
/// Drawings are the game's own, made for it; the host rasterises them at the size it
/// draws them and keeps the result.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Art {
    pub id: String,
    pub svg: String,
}

impl Art {
    pub fn new(id: impl Into<String>, svg: impl Into<String>) -> Art {
        Art {
            id: id.into(),
            svg: svg.into(),
        }
    }
}

/// A game's drawings as the host keeps them: asked of the plugin once when it loads,
/// shared by every view of that game (never sent with a view).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ArtBook {
    /// The game id, so two games' drawings of the same id never mix.
    pub game: String,
    /// SVG bytes by image id.
    pub images: std::collections::BTreeMap<String, std::sync::Arc<[u8]>>,
}

impl ArtBook {
    pub fn new(game: impl Into<String>, art: Vec<Art>) -> ArtBook {
        ArtBook {
            game: game.into(),
            images: art
                .into_iter()
                .map(|a| (a.id, std::sync::Arc::from(a.svg.into_bytes())))
                .collect(),
        }
    }
}

/// The drawings of a game, embedded at build time from `resources/<game>/art/<id>.svg`
/// (the path taken from the calling crate's manifest folder, `plugins/<game>/`):
/// `art!("dragonkeepers": "dragon", "egg")` is a `Vec<Art>` for [`crate::Game::art`].
#[macro_export]
macro_rules! art {
    ($game:literal : $($id:literal),* $(,)?) => {
        vec![$($crate::scene::Art::new(
            $id,
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"), "/../../resources/", $game, "/art/", $id, ".svg"
            )),
        )),*]
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inside_and_overlaps_allow_their_slack_and_no_more() {
        let outer = rect(0.0, 0.0, 100.0, 50.0);
        assert!(rect(10.0, 10.0, 20.0, 20.0).inside(outer, 0.0));
        assert!(rect(-0.5, 0.0, 100.5, 50.0).inside(outer, 0.5));
        assert!(!rect(-0.6, 0.0, 100.0, 50.0).inside(outer, 0.5));
        assert!(!rect(90.0, 40.0, 11.0, 10.0).inside(outer, 0.5));
        // Touching edges and a rounding's overlap are not overlaps; real ones are.
        assert!(!outer.overlaps(rect(100.0, 0.0, 10.0, 10.0), 0.0));
        assert!(!outer.overlaps(rect(99.5, 0.0, 10.0, 10.0), 0.5));
        assert!(outer.overlaps(rect(99.0, 49.0, 10.0, 10.0), 0.5));
        assert!(!outer.overlaps(rect(99.0, 60.0, 10.0, 10.0), 0.5));
    }

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
    fn enlargeable_areas_travel_with_the_scene_and_are_optional() {
        let mut s = Scene::new(800.0, 600.0);
        let plain = serde_json::to_string(&s).unwrap();
        assert!(
            !plain.contains("areas"),
            "no key when there are none: {plain}"
        );
        s.enlargeable(rect(10.0, 20.0, 300.0, 150.0), "Bea's guild");
        let json = serde_json::to_string(&s).unwrap();
        assert!(
            json.contains(r#""areas":[{"rect":[10.0,20.0,300.0,150.0],"label":"Bea's guild"}]"#),
            "{json}"
        );
        let back: Scene = serde_json::from_str(&json).unwrap();
        assert_eq!(back, s);
        // A view from a plugin built before areas existed still reads.
        let old: Scene =
            serde_json::from_str(r#"{"width":8,"height":6,"background":[0,0,0,255],"items":[]}"#)
                .unwrap();
        assert!(old.areas.is_empty());
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

    fn every_shape() -> Vec<Shape> {
        vec![
            Shape::Rect {
                rect: rect(0.0, 0.0, 1.0, 1.0),
                fill: Color::BLACK,
                stroke: None,
                radius: 0.0,
            },
            Shape::Card {
                rect: rect(0.0, 0.0, 1.0, 1.0),
                fill: Color::BLACK,
                band: None,
                title: String::new(),
                value: String::new(),
                face_down: false,
                private: false,
            },
            Shape::Circle {
                center: pos(1.0, 1.0),
                radius: 1.0,
                fill: Color::BLACK,
                stroke: None,
            },
            Shape::Polygon {
                points: vec![],
                fill: Color::BLACK,
                stroke: None,
            },
            Shape::Line {
                points: vec![],
                stroke: stroke(1.0, Color::BLACK),
            },
            Shape::Text {
                pos: pos(1.0, 1.0),
                text: "a".into(),
                size: 16.0,
                color: Color::BLACK,
                align: Align::Left,
                bold: false,
            },
            Shape::Icon {
                center: pos(1.0, 1.0),
                size: 1.0,
                icon: Icon::Egg,
                color: Color::BLACK,
            },
            Shape::TextBlock {
                rect: rect(10.0, 20.0, 200.0, 80.0),
                text: "Roll two dice.\nThen move.".into(),
                size: 16.0,
                color: Color::INK,
                align: Align::Right,
                bold: true,
            },
            Shape::Die {
                center: pos(50.0, 60.0),
                size: 40.0,
                faces: 6,
                value: 5,
                fill: Color::WHITE,
                ink: Color::INK,
            },
            Shape::Image {
                rect: rect(5.0, 6.0, 70.0, 100.0),
                image: "dragon".into(),
                tint: Some(Color::rgb(200, 40, 40)),
                alt: "A red dragon".into(),
            },
        ]
    }

    #[test]
    fn images_name_their_drawing_and_stay_small_on_the_wire() {
        let mut s = Scene::new(100.0, 100.0);
        s.image(rect(0.0, 0.0, 40.0, 60.0), "dragon", "A red dragon")
            .tint(Color::rgb(200, 40, 40))
            .tooltip("Red dragon, 4");
        s.image(rect(0.0, 0.0, 100.0, 100.0), "cave", "");
        s.image(rect(50.0, 0.0, 40.0, 60.0), "dragon", "A blue dragon");
        assert_eq!(s.image_ids(), vec!["dragon", "cave"]);
        let json = serde_json::to_string(&s).unwrap();
        assert!(
            json.contains(r#"{"image":{"rect":[0.0,0.0,100.0,100.0],"image":"cave"}}"#),
            "a backdrop carries no tint and no name: {json}"
        );
        let back: Scene = serde_json::from_str(&json).unwrap();
        assert_eq!(back, s);
        assert_eq!(s.items[0].shape.bounds(), rect(0.0, 0.0, 40.0, 60.0));
        let book = ArtBook::new("dk", vec![Art::new("cave", "<svg/>")]);
        assert_eq!(&*book.images["cave"], b"<svg/>");
    }

    #[test]
    fn every_known_shape_round_trips_under_its_listed_tag() {
        for shape in every_shape() {
            let json = serde_json::to_value(&shape).unwrap();
            let tag = json.as_object().unwrap().keys().next().unwrap().clone();
            assert!(KNOWN_SHAPES.contains(&tag.as_str()), "{tag} not listed");
            let back: Shape = serde_json::from_value(json).unwrap();
            assert_eq!(back, shape);
        }
        assert_eq!(KNOWN_SHAPES.len(), every_shape().len());
    }

    #[test]
    fn new_shapes_use_the_same_tagging_as_the_others() {
        let mut s = Scene::new(100.0, 100.0);
        s.text_block(rect(0.0, 0.0, 50.0, 40.0), "a b", 16.0, Color::INK)
            .bold();
        s.die(pos(5.0, 5.0), 20.0, 6, 3, Color::WHITE).id("die:0");
        let json = serde_json::to_string(&s).unwrap();
        assert!(
            json.contains(r#"{"text_block":{"rect":[0.0,0.0,50.0,40.0],"#),
            "{json}"
        );
        assert!(json.contains(r#""bold":true"#), "{json}");
        assert!(json.contains(r#"{"die":{"center":[5.0,5.0],"size":20.0,"faces":6,"value":3,"#));
        let die: Shape =
            serde_json::from_str(r#"{"die":{"center":[5,5],"size":20,"value":4,"fill":[255,255,255,255],"ink":[0,0,0,255]}}"#)
                .unwrap();
        assert!(matches!(
            die,
            Shape::Die {
                faces: 6,
                value: 4,
                ..
            }
        ));
    }

    #[test]
    fn a_view_with_a_shape_from_a_newer_plugin_still_reads() {
        let json = r#"{"width":800,"height":600,"background":[0,0,0,255],"items":[
            {"shape":{"hexagon":{"center":[100,120],"radius":30,"fill":[1,2,3,255],"spin":2}},
             "id":"hex:1","tooltip":"A hex tile"},
            {"shape":{"ribbon":{"rect":[10,20,30,40],"text":"x"}}},
            {"shape":{"text":{"pos":[5,5],"text":"known","size":16,"color":[0,0,0,255]}}},
            {"shape":{"icon":{"center":[9,9],"size":20,"icon":"unicorn","color":[0,0,0,255]}}}
        ]}"#;
        let s: Scene = serde_json::from_str(json).unwrap();
        let Shape::Unknown { kind, fields } = &s.items[0].shape else {
            panic!("{:?}", s.items[0]);
        };
        assert_eq!(kind, "hexagon");
        assert_eq!(fields["spin"], serde_json::json!(2));
        assert_eq!(s.items[0].id.as_deref(), Some("hex:1"));
        assert_eq!(s.items[0].shape.bounds(), rect(70.0, 90.0, 60.0, 60.0));
        assert_eq!(s.items[1].shape.bounds(), rect(10.0, 20.0, 30.0, 40.0));
        assert!(matches!(s.items[2].shape, Shape::Text { .. }));
        assert!(matches!(
            s.items[3].shape,
            Shape::Icon {
                icon: Icon::Unknown,
                ..
            }
        ));
        // Written back as it came, so a host that forwards the view loses nothing.
        let again = serde_json::to_value(&s.items[0].shape).unwrap();
        assert_eq!(again["hexagon"]["spin"], serde_json::json!(2));
        // A known shape that is malformed is still an error, not a placeholder.
        let bad = r#"{"die":{"center":[5,5],"size":"big","value":4,"fill":[0,0,0,255],"ink":[0,0,0,255]}}"#;
        assert!(serde_json::from_str::<Shape>(bad).is_err());
    }

    #[test]
    fn measurement_is_proportional_and_wraps_between_words() {
        assert!(text_width("iiii", 16.0, false) < text_width("MMMM", 16.0, false));
        assert!((text_width("ab", 32.0, false) - 2.0 * text_width("ab", 16.0, false)).abs() < 1e-3);
        assert!(text_width("ab", 16.0, true) > text_width("ab", 16.0, false));
        assert_eq!(
            text_width("ab\nabcd", 16.0, false),
            text_width("abcd", 16.0, false)
        );
        let text = "The dragon wakes and every player discards one card.\n\nThen draw two.";
        let width = 200.0;
        let lines = wrap_lines(text, 16.0, width, false);
        assert!(lines.len() >= 4, "{lines:?}");
        assert!(
            lines.iter().all(|l| text_width(l, 16.0, false) <= width),
            "{lines:?}"
        );
        assert!(
            lines.contains(&String::new()),
            "the blank line stays: {lines:?}"
        );
        assert_eq!(lines.last().unwrap(), "Then draw two.");
        let words: Vec<&str> = text.split_whitespace().collect();
        let rejoined: Vec<String> = lines
            .iter()
            .flat_map(|l| l.split_whitespace())
            .map(String::from)
            .collect();
        assert_eq!(rejoined, words);
        // A word wider than the block is broken between letters rather than spilling.
        let long = wrap_lines("Supercalifragilistic", 16.0, 60.0, false);
        assert!(long.len() > 1 && long.iter().all(|l| text_width(l, 16.0, false) <= 60.0));
        assert_eq!(long.concat(), "Supercalifragilistic");
        // Heights count lines at the size the host draws at its smallest scale.
        let h = text_block_height(text, 16.0, width, false);
        let n = wrap_lines(text, drawn_size(16.0), width, false).len();
        assert_eq!(h, n as f32 * line_height(drawn_size(16.0)));
        assert_eq!(drawn_size(30.0), 30.0);
    }

    #[test]
    fn text_bounds_follow_the_measurement_and_the_anchor() {
        let t = Shape::Text {
            pos: pos(100.0, 50.0),
            text: "Gold".into(),
            size: 20.0,
            color: Color::BLACK,
            align: Align::Right,
            bold: false,
        };
        let w = text_width("Gold", 20.0, false);
        assert_eq!(t.bounds(), rect(100.0 - w, 40.0, w, 20.0));
    }
}
