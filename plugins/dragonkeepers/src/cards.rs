//! How a dragon card is drawn, face up or from the back: the one drawing the book, the
//! display, the hands and the rows share, below both [`crate::view`] and
//! [`crate::player_view`].

use tavern_plugin_api::scene::{Color, ItemBuilder, Rect, Scene};

use crate::art::{self, dragon_colour};
use crate::data::{Back, Colour, Kind, card};

/// The table's body text size.
pub(crate) const TEXT: f32 = 18.0;

/// A card face's title: its dragon's colour.
fn card_title(c: u8) -> &'static str {
    card(c).front.map_or("shadow", Colour::name)
}

/// What a face's caption says: where the card may go face down, the one thing about it
/// the picture and the title do not show. "back 3" may go on the left page (the book
/// then asks for 3), "white back" on the right page (the book then asks for white);
/// a starting card fits neither page.
pub fn caption(c: u8) -> String {
    let d = card(c);
    match (d.kind, d.back) {
        (Kind::Starting, _) | (_, Back::Ribbon) => "starting card".into(),
        (_, Back::Number(n)) => format!("back {n}"),
        (_, Back::Colour(k)) => format!("{} back", k.name()),
    }
}

pub(crate) fn back_fill(b: Back) -> Color {
    match b {
        Back::Colour(c) => dragon_colour(Some(c)),
        Back::Number(6) => dragon_colour(None),
        Back::Number(_) => Color::rgb(214, 196, 150),
        Back::Ribbon => Color::rgb(160, 40, 40),
    }
}

/// A dragon card face: its dragon drawn on a pale ground of its colour, the band in the
/// colour of its back, the colour as its title and its back as the caption at its foot
/// ([`caption`]; the name and the dragon's emblem say the colour without the tint).
/// `dress` sets the card's id, tooltip, z and highlight; the picture follows the card,
/// as the host expects.
pub(crate) fn face(
    s: &mut Scene,
    r: Rect,
    c: u8,
    dress: impl FnOnce(ItemBuilder<'_>) -> ItemBuilder<'_>,
) {
    let d = card(c);
    dress(s.card(
        r,
        art::pale(dragon_colour(d.front)),
        Some(back_fill(d.back)),
        // The colour alone: "shadow dragon" is wider than a hand card at the host's
        // 13-point floor, and the picture says it is a dragon.
        card_title(c),
        caption(c),
    ));
    art::card_picture(s, r, art::dragon(d.front));
}

/// A card seen from the back: the scale pattern in the colour of its back (the ribbon
/// of a starting card), `text` over it.
pub(crate) fn back(
    s: &mut Scene,
    r: Rect,
    fill: Color,
    ribbon: bool,
    text: String,
    dress: impl FnOnce(ItemBuilder<'_>) -> ItemBuilder<'_>,
) {
    dress(s.card_back(r, fill, text));
    art::back_picture(s, r, fill, ribbon);
}
