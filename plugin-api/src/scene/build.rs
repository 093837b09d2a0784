//! Building scenes: the `Scene` methods games call and the builder they return.

use super::*;

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
