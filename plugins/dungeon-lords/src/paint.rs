//! Small drawing pieces both tables use (the building years' `table` and the combat
//! `view`): a panel with its heading, wrapped lines, and text cut to a width, all
//! measured at the size the host draws text largest so nothing runs over in any window.

use tavern_plugin_api::scene::{
    Color, Rect, Scene, drawn_size, line_height, pos, text_width, wrap_lines,
};

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
