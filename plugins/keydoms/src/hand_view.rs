//! Cards with their names whole at the smallest scale: the spells in the viewer's hand
//! and the cards of a private choice. A card's band is too narrow for a name at the
//! host's 13-point floor (a spell card about 55 pixels wide at 1024×700 showed "Moo…"),
//! so the name is text of its own: beside the card while there is room, under it when
//! the cards stand closer, and for a hand too big for either a list of numbers and
//! names beside smaller cards.

use tavern_plugin_api::Scene;
use tavern_plugin_api::scene::{
    Align, Color, Rect, drawn_size, line_height, pos, rect, wrap_lines,
};

use crate::art;
use crate::paint::{drawn_w, fit};

/// One card to show, face up.
pub struct Shown {
    pub name: String,
    pub value: String,
    pub tip: String,
    pub picture: &'static str,
    pub id: Option<String>,
}

const NAME: f32 = 16.0;
const GAP: f32 = 6.0;
/// A card never gets wider than this, so a short hand keeps the shape of a card.
const CARD_W: f32 = 82.0;
/// Distance between the lines of the name list: a line where the host draws it largest.
const LIST_LINE: f32 = 26.0;

fn name_lh() -> f32 {
    line_height(drawn_size(NAME))
}

/// How many lines `name` takes wrapped to `width` where the host draws it largest;
/// `None` when a word of it would be broken.
fn name_lines(name: &str, width: f32) -> Option<usize> {
    if name
        .split_whitespace()
        .any(|w| drawn_w(w, NAME, false) > width)
    {
        return None;
    }
    Some(wrap_lines(name, drawn_size(NAME), width, false).len())
}

/// Draws `cards` in `area`: each name whole, beside or under its card, else in a list.
pub fn draw_cards(s: &mut Scene, area: Rect, cards: &[Shown], private: bool, ink: Color) {
    if cards.is_empty() {
        return;
    }
    let step = area.w / cards.len() as f32;
    let lh = name_lh();
    let card_w = CARD_W.min(area.h * 0.65);
    let beside = step - GAP - card_w - GAP;
    let max_lines = (area.h / lh).floor() as usize;
    if cards
        .iter()
        .all(|c| name_lines(&c.name, beside).is_some_and(|l| l <= max_lines))
    {
        for (i, c) in cards.iter().enumerate() {
            let x = area.x + i as f32 * step;
            card(s, rect(x, area.y, card_w, area.h), c, private);
            name(
                s,
                rect(x + card_w + GAP, area.y, beside, area.h),
                c,
                ink,
                Align::Left,
            );
        }
        return;
    }
    let under = step.min(CARD_W * 1.8) - GAP;
    let card_h = area.h - 2.0 * lh - 3.0;
    if card_h >= 60.0
        && cards
            .iter()
            .all(|c| name_lines(&c.name, under).is_some_and(|l| l <= 2))
    {
        for (i, c) in cards.iter().enumerate() {
            let x = area.x + i as f32 * step;
            let w = (card_h * 0.8).min(under);
            card(
                s,
                rect(x + (under - w) / 2.0, area.y, w, card_h),
                c,
                private,
            );
            let r = rect(x, area.y + card_h + 3.0, under, 2.0 * lh);
            name(s, r, c, ink, Align::Center);
        }
        return;
    }
    listed(s, area, cards, private, ink);
}

/// A big hand: the cards in two rows on the left, "number name" lines in columns on the
/// right. Only a hand too big for both to fit (far more spells than a game hands out)
/// shortens its names.
fn listed(s: &mut Scene, area: Rect, cards: &[Shown], private: bool, ink: Color) {
    let per_col = ((area.h / LIST_LINE).floor() as usize).max(1);
    let cols = cards.len().div_ceil(per_col);
    let line = |c: &Shown| format!("{} {}", c.value, c.name);
    let widest = cards
        .iter()
        .map(|c| drawn_w(&line(c), NAME, false))
        .fold(0.0, f32::max);
    let per_row = cards.len().div_ceil(2);
    // The cards keep at least a narrow column each; the list takes what is left.
    let min_cards = per_row as f32 * 34.0;
    let col_w = (widest + 14.0).min((area.w - min_cards) / cols as f32);
    let list_x = area.x + area.w - cols as f32 * col_w;
    let step = ((list_x - area.x - GAP) / per_row as f32).min(CARD_W);
    let card_h = (area.h - GAP) / 2.0;
    for (i, c) in cards.iter().enumerate() {
        let r = rect(
            area.x + (i % per_row) as f32 * step,
            area.y + (i / per_row) as f32 * (card_h + GAP),
            step - GAP,
            card_h,
        );
        card(s, r, c, private);
    }
    for (i, c) in cards.iter().enumerate() {
        let at = pos(
            list_x + (i / per_col) as f32 * col_w,
            area.y + LIST_LINE / 2.0 + (i % per_col) as f32 * LIST_LINE,
        );
        s.text(at, fit(&line(c), NAME, col_w - 14.0, false), NAME, ink)
            .tooltip(c.tip.clone());
    }
}

fn card(s: &mut Scene, r: Rect, c: &Shown, private: bool) {
    let mut b = s
        .card(
            r,
            Color::rgb(225, 210, 245),
            Some(Color::rgb(90, 60, 130)),
            "",
            c.value.clone(),
        )
        .tooltip(c.tip.clone());
    if let Some(id) = &c.id {
        b = b.id(id.clone());
    }
    if private {
        b.private();
    }
    art::card_picture(s, art::banded_picture_rect(r), c.picture);
}

fn name(s: &mut Scene, r: Rect, c: &Shown, ink: Color, align: Align) {
    let lines = wrap_lines(&c.name, drawn_size(NAME), r.w, false).len() as f32;
    let h = lines * name_lh();
    // Beside a card the name sits level with the card's middle.
    let y = if align == Align::Left {
        r.y + (r.h - h) / 2.0
    } else {
        r.y
    };
    s.text_block(rect(r.x, y, r.w, h), c.name.clone(), NAME, ink)
        .align(align)
        .tooltip(c.tip.clone());
}
