//! Above and Below's drawings (`resources/above-below/art/`, the project's own) and which
//! one pictures what. Every kind of villager and building has its own shape (a hammer, a
//! quill, a lantern; a key or a star over the door, an outpost's tent), so colour is never
//! the only cue; names and numbers stay the host's text beside or over a plain part.

use tavern_plugin_api::scene::{Art, Rect, Scene, rect};

use crate::data::{Kind, card, villager};

pub const BOARD: &str = "board";
pub const BOOK_PAGE: &str = "book-page";
pub const CAVE_BASIC: &str = "cave-basic";
pub const CAVE_DANGEROUS: &str = "cave-dangerous";
pub const GOOD: &str = "good";
pub const GHOST: &str = "ghost";
pub const COIN: &str = "coin";
pub const REPUTATION: &str = "reputation";
pub const LANTERN: &str = "lantern";

/// Every drawing the game ships, embedded at build time.
pub fn all() -> Vec<Art> {
    tavern_plugin_api::art!("above-below":
        "board", "book-page", "cave-basic", "cave-dangerous", "good", "ghost", "coin",
        "reputation", "lantern", "house", "house-starting", "house-key", "house-star",
        "outpost", "villager-hammer", "villager-quill", "villager-both", "villager-explorer",
        "villager-cat", "villager-robot",
    )
}

/// The figure of villager `v`: by what it is good at, each holding its own tool.
pub fn villager_image(v: u8) -> &'static str {
    let d = villager(v);
    if d.robot {
        "villager-robot"
    } else if d.cat {
        "villager-cat"
    } else if d.hammer && d.quill {
        "villager-both"
    } else if d.hammer {
        "villager-hammer"
    } else if d.quill {
        "villager-quill"
    } else {
        "villager-explorer"
    }
}

/// The picture of building card `c` by its kind; adventure cards have none.
pub fn building_image(c: u8) -> Option<&'static str> {
    let d = card(c);
    if d.outpost {
        return Some("outpost");
    }
    match d.kind {
        Kind::Starting => Some("house-starting"),
        Kind::House => Some("house"),
        Kind::Key => Some("house-key"),
        Kind::Star => Some("house-star"),
        Kind::Outpost => Some("outpost"),
        Kind::Adventure => None,
    }
}

pub fn cave_image(dangerous: bool) -> &'static str {
    if dangerous {
        CAVE_DANGEROUS
    } else {
        CAVE_BASIC
    }
}

/// A square of side `size` whose bottom-right corner sits `inset` inside `r`'s.
pub fn corner(r: Rect, size: f32, inset: f32) -> Rect {
    rect(
        r.x + r.w - size - inset,
        r.y + r.h - size - inset,
        size,
        size,
    )
}

/// The picture of the card just added at `r`, drawn with it (under its text).
pub fn card_picture(s: &mut Scene, r: Rect, image: &str) {
    let z = s.items.last().map_or(0, |it| it.z);
    s.image(r, image, "").z(z);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::data;

    #[test]
    fn every_villager_and_building_has_a_drawing_that_exists() {
        let art = all();
        let has = |id: &str| art.iter().any(|a| a.id == id);
        for a in &art {
            assert!(
                a.svg.starts_with("<svg") && a.svg.contains("viewBox"),
                "{}",
                a.id
            );
            assert!(
                !a.svg.contains("<text") && !a.svg.contains("href"),
                "{}",
                a.id
            );
        }
        for v in 0..data().villagers.len() {
            assert!(has(villager_image(v as u8)), "villager {v}");
        }
        for c in 0..data().cards.len() {
            if let Some(i) = building_image(c as u8) {
                assert!(has(i), "card {c}");
            }
        }
        assert!(has(cave_image(true)) && has(cave_image(false)));
    }
}
