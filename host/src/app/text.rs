//! Plugin text drawn with the app's fonts: characters the fonts cannot draw are replaced
//! by readable stand-ins ("→" becomes "->") instead of empty boxes.

use std::borrow::Cow;

use egui::{Context, FontId};

fn stand_in(c: char) -> &'static str {
    match c {
        '→' | '⟶' => "->",
        '←' => "<-",
        '↑' => "^",
        '↓' => "v",
        '×' | '✕' | '✖' => "x",
        '•' | '●' | '◦' => "*",
        '…' => "...",
        '−' | '–' | '—' => "-",
        '‘' | '’' => "'",
        '“' | '”' => "\"",
        '★' | '☆' => "*",
        '✓' | '✔' => "ok",
        '≤' => "<=",
        '≥' => ">=",
        '≠' => "!=",
        _ => "?",
    }
}

/// `s` with every character the proportional font lacks replaced.
pub fn readable<'a>(ctx: &Context, s: &'a str) -> Cow<'a, str> {
    if s.is_ascii() {
        return Cow::Borrowed(s);
    }
    let font = FontId::proportional(14.0);
    let missing: Vec<char> = ctx.fonts_mut(|f| {
        s.chars()
            .filter(|c| !c.is_ascii() && !f.has_glyph(&font, *c))
            .collect()
    });
    if missing.is_empty() {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if missing.contains(&c) {
            out.push_str(stand_in(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Owned version for places that keep the text.
pub fn readable_owned(ctx: &Context, s: &str) -> String {
    readable(ctx, s).into_owned()
}

#[cfg(test)]
mod tests {
    use egui::{Color32, Context, FontId, RawInput};
    use tavern_plugin_api::scene::{line_height, text_width, wrap_lines};

    fn fonts() -> Context {
        let ctx = Context::default();
        let _ = ctx.run_ui(RawInput::default(), |_| {});
        ctx
    }

    /// Width and height of `s` as egui lays it out, after the stand-ins the painter uses.
    fn egui_size(ctx: &Context, s: &str, size: f32) -> egui::Vec2 {
        let s = super::readable_owned(ctx, s);
        ctx.fonts_mut(|f| {
            f.layout_no_wrap(s, FontId::proportional(size), Color32::WHITE)
                .size()
        })
    }

    const SAMPLES: &[&str] = &[
        "The dragon wakes; every keeper discards one card.",
        "WWWWW MMMMM",
        "iiiii lllll !!!!!",
        "AVAVA To Ty Wa",
        "Gold 12 · Gems 3 · Food 0",
        "Draw 2 → then pass ← back",
        "“Quoted” – and — dashes… ✓ ★",
        "Çà et là: naïve façade, Øre",
        "{[(brackets)]} #@%&*",
        "x",
    ];

    /// The plugin-api measurement (which plugins lay out with and the host wraps with)
    /// never falls short of what egui draws by more than a hair, at any text size, so
    /// text measured to fit does fit.
    #[test]
    fn shared_measurement_never_underestimates_egui() {
        let ctx = fonts();
        let all: String = (32u8..127).map(char::from).collect();
        let latin: String = (160u32..256).filter_map(char::from_u32).collect();
        for size in [13.0, 16.0, 18.0, 22.4, 30.0, 48.0] {
            for s in SAMPLES
                .iter()
                .copied()
                .chain([all.as_str(), latin.as_str()])
            {
                let real = egui_size(&ctx, s, size).x;
                let ours = text_width(s, size, false);
                assert!(
                    ours + 0.5 >= real,
                    "{s:?} at {size}: measured {ours}, egui draws {real}"
                );
                // And not so generous that blocks wrap far earlier than they need to (kerned
                // pairs such as "AV" are where it gives most away).
                assert!(
                    ours <= real * 1.08 + 1.0,
                    "{s:?} at {size}: measured {ours}, egui draws only {real}"
                );
            }
        }
    }

    #[test]
    fn shared_line_height_holds_an_egui_row() {
        let ctx = fonts();
        for size in [13.0, 16.0, 22.4, 30.0] {
            let rows = egui_size(&ctx, "Ag\nAg\nAg\nAg", size).y / 4.0;
            assert!(
                line_height(size) + 0.5 >= rows,
                "{size}: {} < {rows}",
                line_height(size)
            );
        }
    }

    /// Each wrapped line, laid out by egui on its own, fits the width it was wrapped to.
    #[test]
    fn wrapped_lines_fit_their_width_in_egui() {
        let ctx = fonts();
        let text = SAMPLES.join(" ");
        for (size, width) in [(16.0, 180.0), (22.4, 260.0), (13.0, 90.0)] {
            for line in wrap_lines(&text, size, width, false) {
                let real = egui_size(&ctx, &line, size).x;
                assert!(real <= width + 0.5, "{line:?} is {real} wide at {size}");
            }
        }
    }
}
