//! Small drawing pieces both tables use (the building years' `table` and the combat
//! `view`): a panel with its heading, wrapped lines, and text cut to a width, all
//! measured at the size the host draws text largest so nothing runs over in any window.

use tavern_plugin_api::scene::{
    Color, ItemBuilder, Rect, Scene, drawn_size, line_height, pos, rect, stroke, text_width,
    wrap_lines,
};

use crate::art;
use crate::model::{Tile, TileKind};

pub const TEXT: f32 = 18.0;
pub const SMALL: f32 = 17.0;

/// A dark panel with a bold heading in its top-left corner and a tooltip for the panel.
pub fn titled_panel(
    s: &mut Scene,
    r: Rect,
    fill: Color,
    title: impl Into<String>,
    title_colour: Color,
    tip: &str,
) {
    s.panel(r, fill, Color::PAPER).tooltip(tip);
    s.text(pos(r.x + 14.0, r.y + 22.0), title, TEXT, title_colour)
        .bold();
}

/// The border that marks the current or chosen item (the space being carried out, a
/// lord's chosen orders, the tile fought over, the first in line): drawn inside the item,
/// so it never runs over the neighbours' words as the host's highlight ring (up to 8
/// pixels outside, almost 14 canvas units at the smallest scale) would.
pub const MARK: Color = Color::rgb(250, 246, 226);

/// `item` with the [`MARK`] border when `on`.
pub fn marked(item: ItemBuilder<'_>, on: bool) -> ItemBuilder<'_> {
    if on {
        item.stroke(stroke(4.0, MARK))
    } else {
        item
    }
}

/// Distance between two wrapped lines of small text.
pub fn line_h() -> f32 {
    line_height(drawn_size(SMALL)) + 2.0
}

/// Small text wrapped to `w`; returns the y below it.
pub fn wrap(s: &mut Scene, x: f32, y: f32, w: f32, text: &str, c: Color) -> f32 {
    let mut y = y;
    for line in wrap_lines(text, drawn_size(SMALL), w, false) {
        s.text(pos(x, y), line, SMALL, c);
        y += line_h();
    }
    y + 2.0
}

/// Width of `text` where the host draws it largest.
pub fn width(text: &str, size: f32, bold: bool) -> f32 {
    text_width(text, drawn_size(size), bold)
}

/// The text cut (with an ellipsis) to fit `w` at the size the host draws it largest.
pub fn fit(text: &str, w: f32, size: f32, bold: bool) -> String {
    if width(text, size, bold) <= w {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let t: String = chars.iter().collect::<String>() + "…";
        if width(&t, size, bold) <= w {
            return t;
        }
    }
    String::new()
}

/// Names joined by commas, or `none` for an empty list (a lair, a party, a set of orders).
pub fn list_or<S: AsRef<str>>(items: &[S], none: &str) -> String {
    if items.is_empty() {
        none.to_string()
    } else {
        items
            .iter()
            .map(AsRef::as_ref)
            .collect::<Vec<&str>>()
            .join(", ")
    }
}

/// How a dug tile looks on both tables: its fill (dark while held, pale once conquered,
/// rooms purple), its picture (a room shows what it holds) and its kind's word.
pub fn tile_look(t: &Tile) -> (Color, &'static str, &'static str) {
    match (t.kind, t.conquered) {
        (TileKind::Tunnel, false) => (Color::rgb(96, 66, 44), art::TUNNEL, "Tunnel"),
        (TileKind::Room, false) => (
            Color::rgb(104, 60, 120),
            t.room
                .map_or(art::ROOM, |r| art::room(&crate::data::room(r).key)),
            "Room",
        ),
        (TileKind::Tunnel, true) => (Color::rgb(226, 210, 170), art::CONQUERED, "Tunnel"),
        (TileKind::Room, true) => (Color::rgb(220, 196, 230), art::CONQUERED, "Room"),
    }
}

/// Where square `sq` of a 5×4 dungeon grid lies, tiles of `tile` units 4 apart.
pub fn square(x0: f32, y0: f32, tile: f32, sq: u8) -> Rect {
    let (col, row) = ((sq % 5) as f32, (sq / 5) as f32);
    rect(x0 + col * (tile + 4.0), y0 + row * (tile + 4.0), tile, tile)
}

/// An undug square: grey rock with its cracks, `id` when a table's target names it.
pub fn rock(s: &mut Scene, r: Rect, id: Option<String>, tip: String) {
    let item = s.rect(r, Color::rgb(70, 62, 56), 4.0).tooltip(tip);
    if let Some(id) = id {
        item.id(id);
    }
    s.image(
        rect(r.x + 3.0, r.y + 3.0, r.w - 6.0, r.h - 6.0),
        art::ROCK,
        "",
    );
}

/// Another lord's trap cards, face down and small: up to three of the game's trap-card
/// backs `card_h` tall, fanned, then the count beside them (never on them), ending at
/// `right` on the line centred at `cy`. Returns where they begin (`right` when the lord
/// holds none).
pub fn face_down_traps(
    s: &mut Scene,
    right: f32,
    cy: f32,
    held: u8,
    lord: &str,
    card_h: f32,
) -> f32 {
    if held == 0 {
        return right;
    }
    let count = format!("×{held}");
    let cw = width(&count, SMALL, true);
    let shown = held.min(3);
    let (card_w, step) = (card_h * 0.71, card_h * 0.3);
    let x0 = right - cw - 4.0 - card_w - (shown - 1) as f32 * step;
    let tip = format!("{lord}: {held} trap cards, face down");
    for i in 0..shown {
        s.image(
            rect(x0 + i as f32 * step, cy - card_h / 2.0, card_w, card_h),
            art::TRAP_CARD_BACK,
            if i == 0 { tip.as_str() } else { "" },
        )
        .tooltip(tip.clone());
    }
    s.text(pos(right - cw, cy), count, SMALL, Color::PAPER)
        .bold()
        .tooltip(tip);
    x0
}

/// A button on the table for a choice that is about no component (confirming a plan,
/// ending production): `id` is the action's `button:...` target, so a click on it is that
/// action, and the tooltip says in full what it does.
pub fn button(s: &mut Scene, r: Rect, id: &str, text: &str, tip: &str) {
    s.rect(r, Color::rgb(200, 120, 40), 8.0)
        .stroke(stroke(2.0, MARK))
        .id(id)
        .tooltip(tip);
    let shown = fit(text, r.w - 16.0, TEXT, true);
    s.text_centered(r.center(), shown, TEXT, Color::WHITE)
        .bold();
}

/// The `button:...` target of `seat`'s legal actions with that label, if one is legal:
/// (id, the action's full label) for [`button`].
pub fn legal_button(g: &crate::model::Dl, seat: usize, id: &str) -> Option<(String, String)> {
    g.actions(seat).into_iter().find_map(|a| {
        let (label, target) = g.describe(seat, &a);
        (target.as_deref() == Some(id)).then(|| (id.to_string(), label))
    })
}

pub fn class_colour(c: crate::data::Class) -> Color {
    match c {
        crate::data::Class::Warrior => Color::rgb(200, 90, 60),
        crate::data::Class::Thief => Color::rgb(90, 150, 90),
        crate::data::Class::Priest => Color::rgb(230, 210, 120),
        crate::data::Class::Wizard => Color::rgb(110, 120, 210),
        crate::data::Class::Paladin => Color::rgb(230, 230, 240),
        crate::data::Class::Illusion => Color::rgb(200, 200, 230),
    }
}
