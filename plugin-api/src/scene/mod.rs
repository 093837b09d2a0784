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
mod wire;

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

fn is_zero(z: &i32) -> bool {
    *z == 0
}

fn is_plain(h: &Highlight) -> bool {
    *h == Highlight::None
}

mod art;
mod build;
mod shape;
mod text;

pub use art::{Art, ArtBook};
pub use build::ItemBuilder;
pub use shape::text_bounds;
pub use text::*;

#[cfg(test)]
mod tests;
