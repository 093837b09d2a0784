//! Drawing pieces the table's views share (the board, the hand, the ghosts' mats): text
//! that fits where the host draws it largest, headings, group panels and worker discs.
//! Nothing here knows the game's state.

use tavern_plugin_api::Scene;
use tavern_plugin_api::scene::{Color, Icon, Rect, drawn_size, pos, text_width};

/// One disc in a location's row of workers.
pub(crate) struct Disc {
    pub label: String,
    pub seat: usize,
    pub tip: String,
    pub changed: bool,
}

/// The disc label: the seat letter before the strength when both fit on the disc, so a
/// colour-blind player can tell whose it is; the strength alone otherwise.
pub(crate) fn disc_label(seat: usize, value: &str) -> String {
    let both = format!("{}{value}", Color::PLAYER_MARK[seat]);
    if both.chars().count() <= 2 {
        both
    } else {
        value.to_string()
    }
}

/// Width of `text` where the host draws it largest (see [`drawn_size`]).
pub(crate) fn drawn_w(text: &str, size: f32, bold: bool) -> f32 {
    text_width(text, drawn_size(size), bold)
}

/// `text` cut short with an ellipsis so it stays within `width` in every window.
pub(crate) fn fit(text: &str, size: f32, width: f32, bold: bool) -> String {
    if drawn_w(text, size, bold) <= width {
        return text.to_string();
    }
    let mut cut: String = text.to_string();
    while !cut.is_empty() {
        cut.pop();
        let t = format!("{}…", cut.trim_end());
        if drawn_w(&t, size, bold) <= width {
            return t;
        }
    }
    String::new()
}

/// `text` without as many of its last words as it takes to stay within `width` (a
/// tooltip says the rest), so no word reads cut; only a first word too long alone is
/// cut with an ellipsis.
pub(crate) fn fit_words(text: &str, size: f32, width: f32, bold: bool) -> String {
    let mut words: Vec<&str> = text.split(' ').collect();
    while words.len() > 1 {
        let t = words.join(" ");
        if drawn_w(&t, size, bold) <= width {
            return t;
        }
        words.pop();
    }
    fit(text, size, width, bold)
}

/// A screen's or mat's heading: the name and the seat's letter in bold and, for the start
/// player, the host's star (a typed star falls back to an asterisk in the table's bold
/// face) followed by `word` where `room` allows it (the treasury names the start player
/// too). Returns the width drawn.
pub(crate) fn draw_heading(
    s: &mut Scene,
    at: tavern_plugin_api::scene::Pos,
    (name, seat): (&str, usize),
    (start, word): (bool, &str),
    size: f32,
    room: f32,
) -> f32 {
    let plain = format!("{name} ({})", Color::PLAYER_MARK[seat]);
    let star_w = if start { size + 6.0 } else { 0.0 };
    let text = fit(&plain, size, room - star_w, true);
    let w = drawn_w(&text, size, true);
    s.heading(at, text, size, Color::player(seat));
    if !start {
        return w;
    }
    s.icon(
        pos(at.x + w + 4.0 + size * 0.45, at.y),
        size * 0.9,
        Icon::Star,
        Color::player(seat),
    )
    .tooltip(format!("{name} is the start player"));
    let end = w + star_w;
    let ww = drawn_w(word, size, true);
    if word.is_empty() || end + 2.0 + ww > room {
        return end;
    }
    s.heading(pos(at.x + end + 2.0, at.y), word, size, Color::player(seat));
    end + 2.0 + ww
}

/// The width [`draw_heading`] takes with its word, when nothing is cut.
pub(crate) fn heading_width(
    name: &str,
    seat: usize,
    (start, word): (bool, &str),
    size: f32,
) -> f32 {
    let plain = drawn_w(
        &format!("{name} ({})", Color::PLAYER_MARK[seat]),
        size,
        true,
    );
    if start {
        plain + size + 6.0 + 2.0 + drawn_w(word, size, true)
    } else {
        plain
    }
}

/// A framed panel that screen readers read as one group, named by the first sentence of
/// `tip`, which legal actions still target by `id`: the host groups only framed panels
/// without an id, so the id sits on a clear twin under the panel's contents.
pub(crate) fn group_panel(
    s: &mut Scene,
    r: Rect,
    (fill, border): (Color, Color),
    id: String,
    tip: String,
) {
    s.panel(r, fill, border).tooltip(tip.clone());
    s.rect(r, Color::TRANSPARENT, 10.0).id(id).tooltip(tip);
}
