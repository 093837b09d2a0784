//! Text on the table: a line (bold faked), a wrapped text block, a size that fits, an
//! elided line, and an ink that reads on a fill.

use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, vec2};
use tavern_plugin_api::scene::{self, Align};

use super::super::icons::luminance;
use super::canvas::Xf;

/// Text, with bold faked by a second pass half a point to the right (the default fonts
/// have no bold face).
pub fn paint_text(
    p: &Painter,
    at: Pos2,
    anchor: Align2,
    text: &str,
    size: f32,
    c: Color32,
    bold: bool,
) -> Rect {
    let font = FontId::proportional(size);
    let text = super::super::text::readable(p.ctx(), text);
    let text = text.as_ref();
    if bold {
        p.text(at + vec2(0.6, 0.0), anchor, text, font.clone(), c);
    }
    p.text(at, anchor, text, font, c)
}

/// A text block as the game measured it: wrapped by the shared measurement at the size
/// the text is drawn at here, so the lines break where the game expected at that size.
#[allow(clippy::too_many_arguments)]
pub(super) fn paint_text_block(
    p: &Painter,
    xf: &Xf,
    r: scene::Rect,
    text: &str,
    size: f32,
    c: Color32,
    align: Align,
    bold: bool,
) {
    let points = xf.text(size);
    let canvas_size = points / xf.scale;
    let (x, anchor) = match align {
        Align::Left => (r.x, Align2::LEFT_TOP),
        Align::Center => (r.x + r.w / 2.0, Align2::CENTER_TOP),
        Align::Right => (r.x + r.w, Align2::RIGHT_TOP),
    };
    let step = scene::line_height(canvas_size);
    for (i, line) in scene::wrap_lines(text, canvas_size, r.w, bold)
        .iter()
        .enumerate()
    {
        let at = xf.p(scene::pos(x, r.y + i as f32 * step));
        paint_text(p, at, anchor, line, points, c, bold);
    }
}

/// The largest size up to `size` at which `text` fits `width`, never below the minimum
/// text size (a long value on a small card shrinks instead of spilling over).
pub(super) fn fit_size(p: &Painter, text: &str, size: f32, width: f32, floor: f32) -> f32 {
    let w = p
        .layout_no_wrap(text.to_string(), FontId::proportional(size), Color32::WHITE)
        .size()
        .x;
    if w <= width || w <= 0.0 {
        size
    } else {
        (size * width / w).max(floor.min(size))
    }
}

/// `text` cut at the end with "…" so it fits `width` at `size`: "green dr…" reads
/// where a centred, clipped "en drag" does not.
pub(super) fn elide(p: &Painter, text: &str, size: f32, width: f32) -> String {
    let fits = |t: &str| {
        p.layout_no_wrap(t.to_string(), FontId::proportional(size), Color32::WHITE)
            .size()
            .x
            <= width
    };
    if fits(text) {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    (1..chars.len())
        .rev()
        .map(|n| format!("{}…", chars[..n].iter().collect::<String>().trim_end()))
        .find(|t| fits(t))
        .unwrap_or_default()
}

pub(super) fn contrast_text(fill: Color32) -> Color32 {
    if luminance(fill) > 0.55 {
        Color32::from_rgb(30, 30, 36)
    } else {
        Color32::WHITE
    }
}
