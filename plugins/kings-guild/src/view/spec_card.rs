//! A specialist of a guild with its ability written out (issue 23: not only on hover): a
//! card on an outside space of the viewer's own guild, a line below the hand for each one
//! living in a chamber (its tile has room only for the portrait), and the lines an
//! opponent's panel lists where it has the room.
//!
//! An own card is as tall as a name band and two lines of ability at the size the host
//! draws text largest (the 1024x700 window), so every short ability reads whole; the
//! portrait sits where the words leave room for it.

use super::parts::*;
use crate::art;
use crate::data::spec;
use crate::help::{spec_base, spec_short};
use crate::model::{Kg, Loc};
use tavern_plugin_api::scene::{
    Color, Rect, Scene, drawn_size, line_height, pos, rect, text_width, wrap_lines,
};

/// The height of the name band on an own specialist card: one line.
pub const NAME_BAND: f32 = 27.0;

/// The lines of ability an own specialist card holds under its name.
pub const ABILITY_LINES: usize = 2;

/// An outside space of the own guild: the name band, two lines of ability, a margin.
pub fn outside_height() -> f32 {
    NAME_BAND + ABILITY_LINES as f32 * line_height(drawn_size(SMALL)).ceil() + 3.0
}

/// The width the ability's words are wrapped to on a card `w` wide.
pub fn ability_width(w: f32) -> f32 {
    w - 10.0
}

const PORTRAIT: f32 = 24.0;

/// Specialist `x` on the outside space `cr`: its name on a band, its ability in words
/// below, the whole card text on hover.
pub(super) fn outside_card(s: &mut Scene, x: u8, cr: Rect) {
    let size = drawn_size(SMALL);
    s.rect(cr, Color::rgb(236, 228, 206), 6.0)
        .tooltip(spec_base(x));
    s.rect(
        rect(cr.x + 1.5, cr.y + 1.5, cr.w - 3.0, NAME_BAND - 1.5),
        Color::rgb(120, 90, 50),
        6.0,
    );
    let name = &spec(x).name;
    let name_w = text_width(name, size, false);
    s.text(
        pos(cr.x + 5.0, cr.y + 1.5 + (NAME_BAND - 1.5) / 2.0),
        name.clone(),
        SMALL,
        Color::WHITE,
    );
    let ability = spec_short(x);
    let aw = ability_width(cr.w);
    let lines = wrap_lines(&ability, size, aw, false);
    let line = line_height(size);
    let top = cr.y + NAME_BAND + 1.0;
    s.text_block(
        rect(cr.x + 5.0, top, aw, lines.len().max(1) as f32 * line.ceil()),
        ability,
        SMALL,
        Color::INK,
    );
    // The portrait at the band's right when the name leaves room, else at the foot's
    // right when the ability's last line does; a name and an ability both that long go
    // without it (the words matter more).
    let right = cr.x + cr.w - 4.0 - PORTRAIT;
    let last = lines.last().map_or(0.0, |l| text_width(l, size, false));
    let at = if cr.x + 5.0 + name_w + 4.0 <= right {
        Some(rect(right, cr.y + 2.0, PORTRAIT, PORTRAIT))
    } else if lines.len() < ABILITY_LINES || cr.x + 5.0 + last + 4.0 <= right {
        Some(rect(
            right,
            cr.y + cr.h - 3.0 - PORTRAIT,
            PORTRAIT,
            PORTRAIT,
        ))
    } else {
        None
    };
    if let Some(at) = at {
        s.image(at, art::specialist(x), "");
    }
}

/// An opponent's specialists, one line each ("Tanner: Gather: +1 leather"), outside ones
/// first, in columns from the top left of `zone`, as many as fit whole; when some do not,
/// the last line counts them (each named on its hover). Nothing is drawn where not even
/// one column fits.
pub(super) fn opponent_list(s: &mut Scene, g: &Kg, seat: usize, zone: Rect) {
    let size = drawn_size(SMALL);
    let p = &g.players[seat];
    let outside = p.specs.iter().filter(|(_, l)| *l == Loc::Outside);
    let inside = p.specs.iter().filter(|(_, l)| *l != Loc::Outside);
    let specs: Vec<u8> = outside.chain(inside).map(|x| x.0).collect();
    let step = 26.0;
    let rows = ((zone.h - size) / step).floor() as usize + 1;
    if specs.is_empty() || zone.h < size {
        return;
    }
    // (where, words, hover) of each line, column by column.
    let mut placed: Vec<(f32, f32, String, String)> = Vec::new();
    let mut x = zone.x;
    for col in specs.chunks(rows) {
        let words: Vec<String> = col
            .iter()
            .map(|&k| format!("{}: {}", spec(k).name, spec_short(k)))
            .collect();
        let w = words
            .iter()
            .map(|t| text_width(t, size, false))
            .fold(0.0, f32::max);
        if x + w > zone.x + zone.w {
            break;
        }
        for (k, (t, &sp)) in words.into_iter().zip(col).enumerate() {
            let y = zone.y + size / 2.0 + k as f32 * step;
            placed.push((x, y, t, spec_base(sp).to_string()));
        }
        x += w + 24.0;
    }
    if placed.len() < specs.len() {
        // The last line drawn gives way to the count of those left out.
        let Some(last) = placed.pop() else { return };
        let left: Vec<&str> = specs[placed.len()..]
            .iter()
            .map(|&k| spec(k).name.as_str())
            .collect();
        placed.push((
            last.0,
            last.1,
            format!("and {} more", left.len()),
            left.join(", "),
        ));
    }
    for (x, y, t, tip) in placed {
        s.text(pos(x, y), t, SMALL, Color::rgb(220, 220, 210))
            .tooltip(tip);
    }
}

/// The distance between two lines of the own guild's residents list.
pub const RESIDENT_STEP: f32 = 26.0;

/// One line of the own guild's residents list: a specialist living in a chamber (or the
/// count of those left out), its words from the fullest ("Tanner (Bedchamber): Gather:
/// +1 leather") to the shortest ("Gather: +1 leather", beside its portrait, the name on
/// hover), and its hover.
#[derive(Clone, Debug)]
pub(super) struct Resident {
    pub spec: Option<u8>,
    pub forms: Vec<String>,
    pub tip: String,
}

/// The own guild's specialists who live in a chamber, in the grid's order.
pub(super) fn residents(g: &Kg, seat: usize) -> Vec<Resident> {
    let p = &g.players[seat];
    let mut out = Vec::new();
    for c in 0..p.grid.len() as u8 {
        for &(x, _) in p.specs.iter().filter(|(_, l)| *l == Loc::Room(c)) {
            let room = &crate::data::room_def(p.grid[c as usize]).name;
            let name = &spec(x).name;
            let ability = spec_short(x);
            out.push(Resident {
                spec: Some(x),
                forms: vec![
                    format!("{name} ({room}): {ability}"),
                    format!("{name}: {ability}"),
                    ability,
                ],
                tip: format!("{}\nLives in your {room}", spec_base(x)),
            });
        }
    }
    out
}

/// Where each line of `list` goes in `zone` and in which of its words: columns from the
/// zone's top left, each as wide as its widest line, each in the fullest words that
/// leave the columns after it room in their shortest; `None` when not all fit.
pub(super) fn resident_places(list: &[Resident], zone: Rect) -> Option<Vec<(f32, f32, usize)>> {
    let size = drawn_size(SMALL);
    let line = line_height(size);
    if list.is_empty() {
        return Some(Vec::new());
    }
    if zone.h < line || zone.w <= 0.0 {
        return None;
    }
    let rows = ((zone.h - line) / RESIDENT_STEP).floor() as usize + 1;
    let cols: Vec<&[Resident]> = list.chunks(rows).collect();
    let width = |col: &[Resident], f: usize| {
        let w = col
            .iter()
            .map(|e| text_width(&e.forms[f.min(e.forms.len() - 1)], size, false))
            .fold(0.0, f32::max);
        PORTRAIT + 4.0 + w
    };
    const GAP: f32 = 24.0;
    let mut out = Vec::new();
    let mut x = zone.x;
    for (k, col) in cols.iter().enumerate() {
        let after: f32 = cols[k + 1..].iter().map(|c| GAP + width(c, 2)).sum();
        let f = (0..3).find(|&f| x + width(col, f) + after <= zone.x + zone.w)?;
        for i in 0..col.len() {
            out.push((x, zone.y + i as f32 * RESIDENT_STEP, f));
        }
        x += width(col, f) + GAP;
    }
    Some(out)
}

/// The residents' lines at `places` (from [`resident_places`]): each one's portrait, then
/// its words, the whole card text on hover.
pub(super) fn resident_list(s: &mut Scene, list: &[Resident], places: &[(f32, f32, usize)]) {
    let size = drawn_size(SMALL);
    let line = line_height(size);
    // A darker ground under the whole list, so it reads as one strip apart from the hand.
    let ends = list.iter().zip(places).map(|(e, &(x, y, f))| {
        let w = text_width(&e.forms[f.min(e.forms.len() - 1)], size, false);
        (x, y, x + PORTRAIT + 4.0 + w, y + line)
    });
    let (x0, y0, x1, y1) = ends.fold(
        (f32::MAX, f32::MAX, f32::MIN, f32::MIN),
        |(a, b, c, d), (x, y, r, t)| (a.min(x), b.min(y), c.max(r), d.max(t)),
    );
    if x0 < x1 {
        s.rect(
            rect(x0 - 4.0, y0 - 1.0, x1 - x0 + 10.0, y1 - y0 + 2.0),
            Color(20, 30, 27, 150),
            6.0,
        );
    }
    for (e, &(x, y, f)) in list.iter().zip(places) {
        if let Some(x0) = e.spec {
            s.image(
                rect(x, y + (line - PORTRAIT) / 2.0, PORTRAIT, PORTRAIT),
                art::specialist(x0),
                "",
            );
        }
        s.text(
            pos(x + PORTRAIT + 4.0, y + line / 2.0),
            e.forms[f.min(e.forms.len() - 1)].clone(),
            SMALL,
            Color::rgb(230, 226, 210),
        )
        .tooltip(e.tip.clone());
    }
}
