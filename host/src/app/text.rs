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

    fn width(ctx: &Context, s: &str, size: f32) -> f32 {
        ctx.fonts_mut(|f| {
            f.layout_no_wrap(s.to_string(), FontId::proportional(size), Color32::WHITE)
                .size()
                .x
        })
    }

    /// Prints the advance table that plugin-api's text measurement carries.
    #[test]
    #[ignore]
    fn print_advance_table() {
        let ctx = Context::default();
        let _ = ctx.run_ui(RawInput::default(), |_| {});
        let extra = "\u{a0}¡¢£¤¥¦§¨©ª«¬®¯°±²³´µ¶·¸¹º»¼½¾¿ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ…–—‘’“”•→←↑↓−€✓★";
        let chars: Vec<char> = (32u8..127).map(char::from).chain(extra.chars()).collect();
        let size = 1000.0;
        for c in chars {
            let s: String = std::iter::repeat_n(c, 10).collect();
            let w = width(&ctx, &s, size) / 10.0;
            let has = ctx.fonts_mut(|f| f.has_glyph(&FontId::proportional(14.0), c));
            println!("ADV {:?} {} {}", c, w.ceil() as u32, has);
        }
        let g = ctx.fonts_mut(|f| {
            f.layout_no_wrap("Ag\nAg".into(), FontId::proportional(size), Color32::WHITE)
        });
        println!(
            "ROWS {:?}",
            g.rows.iter().map(|r| r.rect()).collect::<Vec<_>>()
        );
        println!("H {}", g.size().y);
    }
}
