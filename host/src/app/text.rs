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
