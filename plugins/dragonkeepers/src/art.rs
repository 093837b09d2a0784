//! Dragonkeepers' drawings (`resources/dragonkeepers/art/`, the project's own) and the
//! few ways the table puts them down: a card's picture, a card back, an amulet piece
//! with its value. Every number stays the host's large text over a plain part of the
//! drawing; every colour also has a shape (the dragons' emblems, the pearls' cuts).

use tavern_plugin_api::scene::{Art, Color, ItemBuilder, Pos, Rect, Scene, rect};

use crate::data::Colour;

pub const CAVE: &str = "cave";
pub const BOOK: &str = "book";
pub const CARD_BACK: &str = "card-back";
pub const CARD_RIBBON: &str = "card-ribbon";
pub const PIECE: &str = "amulet-piece";
pub const PEARL_RED: &str = "pearl-red";
pub const PEARL_BLUE: &str = "pearl-blue";
pub const CRYSTAL: &str = "crystal";
pub const EGG: &str = "egg";
pub const CREST: &str = "crest";

/// Every drawing the game ships, embedded at build time.
pub fn all() -> Vec<Art> {
    tavern_plugin_api::art!("dragonkeepers":
        "cave", "book", "card-back", "card-ribbon", "amulet-piece", "pearl-red", "pearl-blue",
        "crystal", "egg", "crest", "dragon-white", "dragon-red", "dragon-blue", "dragon-green",
        "dragon-shadow",
    )
}

/// The dragon of a colour; `None` is the shadow dragon.
pub fn dragon(c: Option<Colour>) -> &'static str {
    match c {
        Some(Colour::White) => "dragon-white",
        Some(Colour::Red) => "dragon-red",
        Some(Colour::Blue) => "dragon-blue",
        Some(Colour::Green) => "dragon-green",
        None => "dragon-shadow",
    }
}

/// A pale ground of colour `c` for a card face: the dragon stands out on it and the
/// host writes the value on it in dark ink.
pub fn pale(c: Color) -> Color {
    let mix = |a: u8| ((a as u16 + 3 * 246) / 4) as u8;
    Color::rgb(mix(c.0), mix(c.1), mix(c.2))
}

/// Where a card's picture goes: under its band, above the value at its foot.
pub fn picture_rect(r: Rect) -> Rect {
    rect(r.x + 4.0, r.y + r.h * 0.21, r.w - 8.0, r.h * 0.5)
}

/// The picture of the card just added at `r` (the host draws it with that card).
pub fn card_picture(s: &mut Scene, r: Rect, image: &str) {
    let z = s.items.last().map_or(0, |it| it.z);
    s.image(picture_rect(r), image, "").z(z);
}

/// The back of the card just added at `r`, tinted with its fill.
pub fn back_picture(s: &mut Scene, r: Rect, fill: Color, ribbon: bool) {
    let z = s.items.last().map_or(0, |it| it.z);
    let inner = r.shrink(3.0);
    if ribbon {
        s.image(inner, CARD_RIBBON, "").z(z);
    } else {
        s.image(inner, CARD_BACK, "").z(z).tint(fill);
    }
}

/// An amulet piece of radius `radius` at `c` with `label` (its value or "?") in dark
/// ink on its plain centre; the returned handle is the label's, for the tooltip.
pub fn piece(s: &mut Scene, c: Pos, radius: f32, label: String) -> ItemBuilder<'_> {
    let d = 2.0 * radius;
    s.image(rect(c.x - radius, c.y - radius, d, d), PIECE, "");
    s.text_centered(c, label, radius * 0.95, Color::INK).bold()
}

/// A pearl of radius `radius` at `c`: red ones faceted, blue ones ringed, `label` on
/// its plain centre.
pub fn pearl(s: &mut Scene, c: Pos, radius: f32, red: bool, label: String) -> ItemBuilder<'_> {
    let d = 2.0 * radius;
    let image = if red { PEARL_RED } else { PEARL_BLUE };
    s.image(rect(c.x - radius, c.y - radius, d, d), image, "");
    s.text_centered(c, label, radius * 0.95, Color::INK).bold()
}

/// The colour each dragon is painted in (`None`: the shadow dragon).
pub fn dragon_colour(c: Option<Colour>) -> Color {
    match c {
        Some(Colour::White) => Color::rgb(236, 234, 222),
        Some(Colour::Red) => Color::rgb(196, 58, 48),
        Some(Colour::Blue) => Color::rgb(56, 108, 196),
        Some(Colour::Green) => Color::rgb(58, 146, 70),
        None => Color::rgb(72, 52, 96),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_drawing_is_an_svg_of_its_own_name_and_a_pale_ground_stays_light() {
        let art = all();
        assert_eq!(art.len(), 15);
        for a in &art {
            assert!(
                a.svg.starts_with("<svg") && a.svg.contains("viewBox"),
                "{}",
                a.id
            );
        }
        for c in [Some(Colour::Red), Some(Colour::Blue), None] {
            let p = pale(dragon_colour(c));
            assert!(
                p.0 as u32 + p.1 as u32 + p.2 as u32 > 3 * 180,
                "{c:?}: {p:?}"
            );
        }
    }
}
