//! Pieces every part of the table uses: sizes, colours, resource rows, names that fit.

use crate::art;
use crate::data::{Colour, RES, RES_NAMES, data, quest, room_def, spec, treasure};
use crate::model::{Kg, Pending};
use tavern_plugin_api::scene::{Color, Scene, drawn_size, pos, rect};

/// The smallest text on the table: 17 units read as about 13.6 pt at 1280x800.
pub const SMALL: f32 = 17.0;
pub const TEXT: f32 = 19.0;

/// Panels lie over the street backdrop, dark enough that white text keeps its contrast
/// while the street still shows through.
pub(super) const PANEL: Color = Color(30, 44, 40, 200);
pub(super) const PANEL_EDGE: Color = Color::rgb(90, 110, 100);

pub fn res_colour(r: usize) -> Color {
    [
        Color::rgb(196, 160, 220),
        Color::rgb(150, 100, 60),
        Color::rgb(160, 168, 178),
        Color::rgb(110, 150, 70),
        Color::rgb(220, 60, 90),
        Color::rgb(90, 110, 230),
    ][r]
}

pub fn treasure_colour(c: Colour) -> Color {
    match c {
        Colour::Blue => Color::rgb(70, 120, 200),
        Colour::Red => Color::rgb(190, 60, 60),
        Colour::Yellow => Color::rgb(220, 180, 50),
    }
}

/// Whether `viewer` may see seat `s`'s coins now (they are hidden during the funeral).
pub(super) fn coins_visible(g: &Kg, viewer: Option<usize>, s: usize) -> bool {
    viewer == Some(s) || !matches!(g.pending.front(), Some(Pending::Funeral { .. }))
}

/// The canvas: 1220 x 0.58 (the host's smallest scale) is about 708 points, the table's
/// width beside the log at 1024x700; 1064 x 0.58 is about 617 of its 620 points height.
pub const WIDTH: f32 = 1220.0;
pub const HEIGHT: f32 = 1064.0;

/// "Blue" for "blue".
pub(super) fn capital(t: &str) -> String {
    let mut c = t.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// A seat's coins as shown ("?" while they are hidden at the funeral).
pub(super) fn counted_coins(coins: &str) -> String {
    format!("{coins} {}", if coins == "1" { "coin" } else { "coins" })
}

/// Resource counts as pictures (a bolt of cloth, a hide, ingots, logs, a gem, a flask),
/// each with its name on hover.
pub(super) fn res_row(s: &mut Scene, x: f32, y: f32, res: &[u8; RES], id: Option<usize>) -> f32 {
    res_row_in(s, x, y, res, id, RES_STEP)
}

/// The supply's row: smaller pictures, so the glow of a gatherable one stays clear of
/// the master rooms' second line below it.
pub(super) fn supply_row(s: &mut Scene, x: f32, y: f32, res: &[u8; RES]) -> f32 {
    res_row_sized(s, x, y, res, Some(usize::MAX), RES_STEP, 24.0)
}

/// The distance between two resources of a row that may glow as targets: the host's
/// glow rings picture and count together, clear of the next one's ring.
pub const RES_STEP: f32 = 58.0;

/// A resource row whose entries are `step` apart (narrow opponent panels draw smaller
/// pictures, so the count keeps its room before the next one).
pub(super) fn res_row_in(
    s: &mut Scene,
    x: f32,
    y: f32,
    res: &[u8; RES],
    id: Option<usize>,
    step: f32,
) -> f32 {
    res_row_sized(s, x, y, res, id, step, 30.0)
}

pub(super) fn res_row_sized(
    s: &mut Scene,
    x: f32,
    y: f32,
    res: &[u8; RES],
    id: Option<usize>,
    step: f32,
    largest: f32,
) -> f32 {
    use tavern_plugin_api::scene::text_width;
    let start = x;
    let mut x = x;
    let icon = (step - 19.0).min(largest);
    if id == Some(usize::MAX) {
        // The supply is one target: every gather (three of one, two different) is about
        // the supply as a whole, so a click on any resource offers the same choices.
        let w = RES as f32 * step - step + icon + 3.0 + text_width("00", drawn_size(SMALL), false);
        s.rect(
            rect(start - 4.0, y - icon / 2.0 - 4.0, w + 8.0, icon + 8.0),
            Color(0, 0, 0, 0),
            6.0,
        )
        .id("stock")
        .tooltip(format!(
            "The supply: {}. Gather up to three of one resource or one each of two; gems need \
             a Gem Workshop, magic a Magic Arcaenum.",
            (0..RES)
                .map(|r| crate::data::res_amount(res[r] as u32, r))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    for r in 0..RES {
        let count = format!("{}", res[r]);
        let tip = format!("{}: {}", RES_NAMES[r], res[r]);
        // A target is the picture with its count, so the glow goes round both.
        let target = match id {
            Some(usize::MAX) | None => None,
            Some(seat) => Some(format!("res:{seat}:{r}")),
        };
        if let Some(t) = target {
            let w = icon + 3.0 + text_width(&count, drawn_size(SMALL), false) + 2.0;
            s.rect(
                rect(x - 1.0, y - icon / 2.0 - 1.0, w + 1.0, icon + 2.0),
                Color(0, 0, 0, 0),
                4.0,
            )
            .id(t)
            .tooltip(tip.clone());
        }
        s.image(
            rect(x, y - icon / 2.0, icon, icon),
            art::RESOURCE[r],
            RES_NAMES[r],
        )
        .tooltip(tip);
        s.text(pos(x + icon + 3.0, y), count, SMALL, Color::WHITE);
        x += step;
    }
    x
}

pub(super) fn hand_counts(p: &crate::model::Player) -> [usize; 3] {
    let mut c = [0; 3];
    for &k in &p.hand {
        c[treasure(k).colour.idx()] += 1;
    }
    c
}

/// Shortens `t` with an ellipsis until it fits `w` at the size the host may draw it.
pub fn fit_text(t: &str, w: f32) -> String {
    use tavern_plugin_api::scene::{drawn_size, text_width};
    let size = drawn_size(SMALL);
    if text_width(t, size, true) <= w {
        return t.to_string();
    }
    let mut chars: Vec<char> = t.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let c: String = chars.iter().collect::<String>() + "…";
        if text_width(&c, size, true) <= w {
            return c;
        }
    }
    String::new()
}

/// Everything public about a seat, for hover.
pub(super) fn player_summary(g: &Kg, seat: usize, viewer: Option<usize>) -> String {
    let p = &g.players[seat];
    let d = data();
    let mut t = format!(
        "{} — {} (board {}), storage {}/{}, hand limit {}",
        p.name,
        d.guilds[p.guild as usize].name,
        d.boards[p.board as usize].name,
        p.stored(),
        p.storage_limit(),
        p.hand_limit()
    );
    if coins_visible(g, viewer, seat) {
        t.push_str(&format!(", {}", counted_coins(&p.coins.to_string())));
    }
    for (rm, c) in p.rooms() {
        t.push_str(&format!(
            "\n{} at row {}, column {}",
            room_def(rm).name,
            c / 4 + 1,
            c % 4 + 1
        ));
    }
    for (x, at) in &p.specs {
        t.push_str(&format!("\n{} {}", spec(*x).name, g.loc_name(seat, *at)));
    }
    for q in g.scored_quests(seat) {
        t.push_str(&format!(
            "\nQuest: {} ({})",
            quest(q).name,
            quest(q).hero.name()
        ));
    }
    if p.offered {
        t.push_str("\nOffered to the Council");
    }
    t
}

/// A square of the viewer's own guild (and an outside specialist space).
pub const OWN_CELL: f32 = 156.0;

/// The height of a row specialist's name band: two lines.
pub(super) const SPEC_BAND: f32 = 52.0;

/// A name in one line if it fits `w`, else broken in two where its parts meet
/// ("Leather-" "worker"; at the last break that fits when no part is known).
pub fn name_lines(name: &str, w: f32) -> Vec<String> {
    use tavern_plugin_api::scene::text_width;
    let fits = |t: &str| text_width(t, drawn_size(SMALL), false) <= w;
    if fits(name) {
        return vec![name.to_string()];
    }
    if let Some((a, b)) = name.split_once(' ') {
        return vec![a.to_string(), b.to_string()];
    }
    const PARTS: [&str; 6] = ["worker", "woman", "jack", "smith", "turer", "crat"];
    let chars: Vec<char> = name.chars().collect();
    let known = PARTS
        .iter()
        .find(|p| name.ends_with(*p) && name.len() > p.len())
        .map(|p| chars.len() - p.chars().count());
    let at = known
        .filter(|&k| fits(&format!("{}-", chars[..k].iter().collect::<String>())))
        .or_else(|| {
            (2..chars.len() - 1)
                .rev()
                .find(|&k| fits(&format!("{}-", chars[..k].iter().collect::<String>())))
        })
        .unwrap_or(chars.len() / 2);
    vec![
        format!("{}-", chars[..at].iter().collect::<String>()),
        chars[at..].iter().collect(),
    ]
}
