//! Keydom's drawings (`resources/keydoms/art/`, the project's own, one flat style with
//! a dark warm outline) and the ways the table puts them down. Every number and name
//! stays the host's text over a plain part of a drawing, and every colour also has a
//! shape: each treasure its object, each seat its counter's outline, the ghosts a sheet.

use tavern_plugin_api::scene::{Art, Color, Highlight, ItemBuilder, Pos, Rect, Scene, pos, rect};

use crate::data::{ARTEFACTS, GUARD, LocKind, TYPES, loc_kind};

/// The whole table: castle wall, town street, cave rock, the players' tabletop.
pub const BOARD: &str = "board";
pub const CAVE_GROUND: &str = "cave-ground";
pub const TOWN_GROUND: &str = "town-ground";
pub const CASTLE_GROUND: &str = "castle-ground";
pub const GUARD_PICTURE: &str = "guard";
pub const SPELL_BACK: &str = "spell-back";
pub const ARTEFACT_BACK: &str = "artefact-back";
pub const GHOST: &str = "ghost";
/// A ghost on its mat: the sheet with a face and arms, tinted with its seat's colour.
pub const GHOST_FIGURE: &str = "ghost-figure";
/// The back of a ghost's action cards (its spells show the spell deck's back).
pub const GHOST_CARD_BACK: &str = "ghost-card-back";
/// A cave's rock shelf, pale so the worths read in dark ink on it.
pub const LEDGE: &str = "ledge";
/// A castle room's space whose stack is used up: an empty niche.
pub const EMPTY_SPACE: &str = "empty-space";
/// A wisp of fog; a ghost's mat has a row of them along its foot.
pub const MIST: &str = "mist";
/// A player's folding screen, white so the seat's colour tints it.
pub const SCREEN: &str = "screen";
/// The width an opponent's panel gives its screen's drawing, on the right.
pub const SCREEN_COLUMN: f32 = 86.0;
/// The face of the round's treasure card: a heap of the five treasures.
pub const TREASURE_CARD: &str = "treasure-card";
/// The guard's strength marker: a shield with a plain middle for the number.
pub const GUARD_SHIELD: &str = "guard-shield";
/// A location closed by Taboo: a round no-entry sign over a worker (the slash and ring
/// say it, not the red alone).
pub const TABOO_SIGN: &str = "taboo-sign";
/// The counter that stands for the ones a location has no room to show: a pile of
/// counters with a plain cream front for the "+N".
pub const MORE_WORKERS: &str = "more-workers";
/// The same pile two counters wide, for a two-digit count.
pub const MORE_WORKERS_WIDE: &str = "more-workers-wide";
/// The side of the Taboo sign on a location's heading line.
pub const TABOO_SIDE: f32 = 30.0;

/// Each spell's picture, by spell number 1–21: what the spell does, drawn (a dragon
/// flying off its ledges, a 1 and a 9 trading places, a boarded-up door…).
const SPELLS: [&str; 21] = [
    "spell-choice",
    "spell-copy",
    "spell-disclosure",
    "spell-donation",
    "spell-dragon-leaves",
    "spell-dragon-returns",
    "spell-evict",
    "spell-exchange",
    "spell-extortion",
    "spell-get-even",
    "spell-gift",
    "spell-levy",
    "spell-moonlight",
    "spell-odd-ones-out",
    "spell-rearrange",
    "spell-smuggler",
    "spell-substitute",
    "spell-taboo",
    "spell-teleport",
    "spell-toll",
    "spell-trade",
];

/// Treasure types in data order: crowns, pearls, goblets, gemstones, gold bars.
const TREASURES: [&str; TYPES] = ["crown", "pearl", "goblet", "gem", "gold"];
/// The dragon of each cave A–E, in the colour of the treasure it hoards.
const DRAGONS: [&str; TYPES] = [
    "dragon-red",
    "dragon-white",
    "dragon-black",
    "dragon-blue",
    "dragon-gold",
];
const ARTEFACT_PICTURES: [&str; ARTEFACTS] = ["amulet", "key", "mirror", "raven", "scroll", "wand"];
/// One outline per seat (circle, square, diamond, hexagon, shield, sun, octagon,
/// triangle), drawn white so the seat's colour tints it.
const WORKERS: [&str; 8] = [
    "worker-0", "worker-1", "worker-2", "worker-3", "worker-4", "worker-5", "worker-6", "worker-7",
];

/// How a closed location is dimmed: its ground multiplied by this grey.
const CLOSED: Color = Color::rgb(150, 150, 150);

/// Every drawing the game ships, embedded at build time.
pub fn all() -> Vec<Art> {
    tavern_plugin_api::art!("keydoms":
        "board", "cave-ground", "town-ground", "castle-ground", "guard", "stables", "market",
        "cottage", "roundhouse", "dragon-red", "dragon-white", "dragon-black", "dragon-blue",
        "dragon-gold", "crown", "pearl", "goblet", "gem", "gold", "amulet", "key", "mirror",
        "raven", "scroll", "wand", "artefact-back", "spell-back", "worker-0",
        "worker-1", "worker-2", "worker-3", "worker-4", "worker-5", "worker-6", "worker-7",
        "ghost", "ghost-figure", "ghost-card-back", "ledge", "empty-space", "guard-shield",
        "mist", "screen", "treasure-card", "taboo-sign", "more-workers", "more-workers-wide",
        "spell-choice",
        "spell-copy", "spell-disclosure", "spell-donation", "spell-dragon-leaves",
        "spell-dragon-returns", "spell-evict", "spell-exchange", "spell-extortion",
        "spell-get-even", "spell-gift", "spell-levy", "spell-moonlight", "spell-odd-ones-out",
        "spell-rearrange", "spell-smuggler", "spell-substitute", "spell-taboo", "spell-teleport",
        "spell-toll", "spell-trade",
    )
}

pub fn treasure(t: usize) -> &'static str {
    TREASURES[t % TYPES]
}

pub fn dragon(cave: usize) -> &'static str {
    DRAGONS[cave % TYPES]
}

/// Spell `sp`'s picture (numbers 1–21, as in `spells.json`).
pub fn spell(sp: u8) -> &'static str {
    SPELLS[(sp as usize).clamp(1, SPELLS.len()) - 1]
}

pub fn artefact(a: u8) -> &'static str {
    ARTEFACT_PICTURES[a as usize % ARTEFACTS]
}

/// A Keytown building's picture, `None` elsewhere.
pub fn building(loc: u8) -> Option<&'static str> {
    match loc_kind(loc) {
        LocKind::Stables => Some("stables"),
        LocKind::Market => Some("market"),
        LocKind::Cottage => Some("cottage"),
        LocKind::Roundhouse => Some("roundhouse"),
        _ => None,
    }
}

pub fn worker(seat: usize) -> &'static str {
    WORKERS[seat % WORKERS.len()]
}

/// The board's backdrop over the whole canvas, under everything else.
pub fn backdrop(s: &mut Scene) {
    let (w, h) = (s.width, s.height);
    s.image(rect(0.0, 0.0, w, h), BOARD, "");
}

/// The ground a location's contents lie on, filling `r`: pale rock, plaster or ashlar,
/// so dark headings and counters read on it; dimmed while the location is closed.
pub fn ground(s: &mut Scene, loc: u8, r: Rect, active: bool) {
    let image = match loc_kind(loc) {
        LocKind::Cave => CAVE_GROUND,
        LocKind::Guard | LocKind::Castle => CASTLE_GROUND,
        _ => TOWN_GROUND,
    };
    let b = s.image(r, image, "");
    if !active {
        b.tint(CLOSED);
    }
}

/// The band under a Keytown location's heading (or the guard room's) where its picture
/// goes, clear of the workers' rows; `None` for a location without one.
pub fn picture_band(loc: u8, r: Rect) -> Option<Rect> {
    if building(loc).is_some() {
        Some(rect(r.x + 8.0, r.y + 32.0, r.w - 16.0, 52.0))
    } else if loc == GUARD {
        Some(rect(r.x + 8.0, r.y + 30.0, 90.0, 54.0))
    } else {
        None
    }
}

/// A Keytown building or the guard at his gate, in its band; `tip` says what the
/// place does (the picture is named by it for screen readers).
pub fn location_picture(s: &mut Scene, loc: u8, r: Rect, name: &str, tip: String) {
    let image = match building(loc) {
        Some(b) => b,
        None if loc == GUARD => GUARD_PICTURE,
        None => return,
    };
    if let Some(band) = picture_band(loc, r) {
        s.image(band, image, name).tooltip(tip);
    }
}

/// A cave whose dragon is at home (no treasure this round): the dragon asleep over its
/// empty ledges, which is why nobody may go in.
pub fn sleeping_dragon(s: &mut Scene, cave: usize, r: Rect, name: &str) {
    s.image(
        rect(r.x + 6.0, r.y + 38.0, r.w - 12.0, 120.0),
        dragon(cave),
        "",
    )
    .tooltip(format!(
        "The {name}'s dragon is at home, asleep on its ledges: no treasure here this round"
    ));
}

/// A cave's ledge as its rock shelf over `r` (the ledge's own rect keeps the tooltip).
pub fn ledge(s: &mut Scene, r: Rect) {
    s.image(r, LEDGE, "");
}

/// A castle room's space with no stack left, over `r`.
pub fn empty_space(s: &mut Scene, r: Rect) {
    s.image(r, EMPTY_SPACE, "");
}

/// The guard's marker centred at `c`: the shield, `label` (strength, "?" face down) in
/// bold on its plain middle; the shield carries `tip`.
pub fn guard_shield(s: &mut Scene, c: Pos, label: String, tip: String) {
    s.image(rect(c.x - 20.0, c.y - 22.0, 40.0, 44.0), GUARD_SHIELD, "")
        .tooltip(tip);
    s.text_centered(pos(c.x, c.y - 2.0), label, 20.0, Color::INK)
        .bold();
}

/// The Taboo sign on a location's heading line, its right edge at `right` and centred
/// on `y`; it carries `tip` (its first sentence names it for screen readers).
pub fn taboo_sign(s: &mut Scene, right: f32, y: f32, tip: &str) {
    let d = TABOO_SIDE;
    s.image(rect(right - d, y - d / 2.0, d, d), TABOO_SIGN, "")
        .tooltip(tip);
}

/// The pile standing for the `label` ("+N") counters a location has no room for, over
/// `r`: a counter's square, or two counters' width (a pill) when the count has two
/// digits; the count in bold on its cream front.
pub fn more_counters(s: &mut Scene, r: Rect, label: String, tip: String) {
    let wide = r.w > 1.5 * r.h;
    let image = if wide {
        MORE_WORKERS_WIDE
    } else {
        MORE_WORKERS
    };
    s.image(r, image, "").tooltip(tip);
    // The front's middle lies a little below the drawing's (the pile peeks over it).
    let drop = if wide { 0.12 } else { 0.0625 };
    let at = pos(r.x + r.w / 2.0, r.y + r.h * (0.5 + drop));
    s.text_centered(at, label, r.h * 0.55, Color::INK).bold();
}

/// Whether `label` reads on one counter's front of `radius` (else the pile takes two).
pub fn fits_one_counter(label: &str, radius: f32) -> bool {
    tavern_plugin_api::scene::text_width(
        label,
        tavern_plugin_api::scene::drawn_size(radius * 1.1),
        true,
    ) <= 1.6 * radius
}

/// Fog along the foot of a ghost's mat `r`, under its lines: as many wisps as the
/// width holds, each at its own size (a drawing keeps its shape).
pub fn mist(s: &mut Scene, r: Rect) {
    const W: f32 = 120.0;
    let band = rect(r.x + 4.0, r.y + r.h - 24.0, r.w - 8.0, 20.0);
    let n = (band.w / W).floor().max(1.0);
    let slot = band.w / n;
    for i in 0..n as usize {
        s.image(
            rect(band.x + i as f32 * slot, band.y, slot, band.h),
            MIST,
            "",
        );
    }
}

/// An opponent's screen standing at the right of its panel `r`, in the seat's colour,
/// under the heading; `name` is whose it is.
pub fn screen(s: &mut Scene, r: Rect, seat: usize, name: &str) {
    let at = rect(
        r.x + r.w - SCREEN_COLUMN,
        r.y + 30.0,
        SCREEN_COLUMN - 10.0,
        64.0,
    );
    s.image(at, SCREEN, format!("{name}'s screen"))
        .tint(Color::player(seat));
}

/// A ghost standing on its mat in `r`, in its seat's colour; `name` names it for
/// screen readers.
pub fn ghost_figure(s: &mut Scene, r: Rect, seat: usize, name: &str) {
    s.image(r, GHOST_FIGURE, name).tint(Color::player(seat));
}

/// A treasure of type `t` as a round piece of `radius` at `c`: its object (crown,
/// shell, goblet, gem, bar) in its colour on a cream plate. The handle is the
/// picture's, for an id and a tooltip.
pub fn treasure_piece(s: &mut Scene, c: Pos, radius: f32, t: usize) -> ItemBuilder<'_> {
    let d = 2.0 * radius;
    s.image(rect(c.x - radius, c.y - radius, d, d), treasure(t), "")
}

/// Dark or light ink, whichever reads on `fill` (the rule the host's tokens use).
pub fn ink_on(fill: Color) -> Color {
    let l = (0.299 * fill.0 as f32 + 0.587 * fill.1 as f32 + 0.114 * fill.2 as f32) / 255.0;
    if l > 0.55 { Color::INK } else { Color::WHITE }
}

/// A worker or ghost counter of `radius` at `c`: the seat's outline (a ghost's sheet)
/// tinted with its colour, `label` in bold on it. The drawing carries `tip` (once, so a
/// screen reader names the counter once; the label lies inside it).
pub fn counter(
    s: &mut Scene,
    c: Pos,
    radius: f32,
    (seat, ghost): (usize, bool),
    (label, tip): (String, String),
    changed: bool,
) {
    let d = 2.0 * radius;
    let fill = Color::player(seat);
    let image = if ghost { GHOST } else { worker(seat) };
    let b = s
        .image(rect(c.x - radius, c.y - radius, d, d), image, "")
        .tint(fill)
        .tooltip(tip.clone());
    if changed {
        b.highlight(Highlight::Changed);
    }
    // A ghost's sheet is tallest above its middle: the label sits a little lower.
    let at = if ghost {
        Pos {
            x: c.x,
            y: c.y + radius * 0.1,
        }
    } else {
        c
    };
    s.text_centered(at, label, radius * 1.1, ink_on(fill))
        .bold();
}

/// Where a card's picture lies: above the plate the host puts its value on.
pub fn picture_rect(r: Rect) -> Rect {
    rect(r.x + 3.0, r.y + 3.0, r.w - 6.0, r.h * 0.55 - 3.0)
}

/// Where a card with a band has its picture: between the band (a fifth of the card) and
/// the value's plate (the host's: a quarter of the card at the foot).
pub fn banded_picture_rect(r: Rect) -> Rect {
    rect(r.x + 3.0, r.y + r.h * 0.21, r.w - 6.0, r.h * 0.5)
}

/// The picture of the card just added at `r` (the host draws it with that card).
pub fn card_picture(s: &mut Scene, at: Rect, image: &str) {
    let z = s.items.last().map_or(0, |it| it.z);
    s.image(at, image, "").z(z);
}

/// The back of the card just added at `r`: the artefact tiles' seal or the spells'
/// night sky, the count on the host's plate over it.
pub fn back_picture(s: &mut Scene, r: Rect, image: &str) {
    let z = s.items.last().map_or(0, |it| it.z);
    s.image(r.shrink(2.0), image, "").z(z);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{AMULET, WAND};

    /// Each drawing is one well-formed SVG element with a viewBox of four numbers, holds
    /// no text, script, external reference or raster image, and stays small.
    #[test]
    fn every_drawing_is_a_small_self_contained_svg() {
        let art = all();
        assert_eq!(art.len(), 68);
        for a in &art {
            let svg = a.svg.trim();
            assert!(
                svg.starts_with("<svg") && svg.ends_with("</svg>"),
                "{}",
                a.id
            );
            let open = &svg[..svg.find('>').unwrap()];
            let vb = open
                .split("viewBox=\"")
                .nth(1)
                .and_then(|v| v.split('"').next())
                .unwrap_or_else(|| panic!("{} has no viewBox", a.id));
            let nums: Vec<f32> = vb.split_whitespace().map(|n| n.parse().unwrap()).collect();
            assert!(
                nums.len() == 4 && nums[2] > 0.0 && nums[3] > 0.0,
                "{}: {vb}",
                a.id
            );
            for banned in [
                "<text",
                "<script",
                "<image",
                "href=",
                "@import",
                "<foreignObject",
            ] {
                assert!(!svg.contains(banned), "{} contains {banned}", a.id);
            }
            assert!(svg.len() < 4096, "{} is {} bytes", a.id, svg.len());
            assert_eq!(
                svg.matches('<').count(),
                svg.matches('>').count(),
                "{}: unbalanced tags",
                a.id
            );
            assert_balanced(&a.id, svg);
        }
    }

    /// Every open tag is closed in order (a small XML well-formedness check).
    fn assert_balanced(id: &str, svg: &str) {
        let mut stack: Vec<&str> = Vec::new();
        for tag in svg.split('<').skip(1) {
            let tag = &tag[..tag.find('>').expect("tag ends")];
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(
                    stack.pop(),
                    Some(name.trim()),
                    "{id}: </{name}> closes nothing"
                );
            } else if !tag.ends_with('/') {
                let name = tag.split_whitespace().next().unwrap_or("");
                stack.push(name);
            }
        }
        assert!(stack.is_empty(), "{id}: unclosed {stack:?}");
    }

    #[test]
    fn every_component_names_a_drawing_the_game_ships() {
        let ids: Vec<String> = all().into_iter().map(|a| a.id).collect();
        let has = |id: &str| ids.iter().any(|i| i == id);
        for t in 0..TYPES {
            assert!(has(treasure(t)) && has(dragon(t)));
        }
        for a in AMULET..=WAND {
            assert!(has(artefact(a)));
        }
        for seat in 0..8 {
            assert!(has(worker(seat)));
        }
        for loc in 0..crate::data::LOCS as u8 {
            if let Some(b) = building(loc) {
                assert!(has(b));
            }
        }
        for id in [
            BOARD,
            CAVE_GROUND,
            TOWN_GROUND,
            CASTLE_GROUND,
            GUARD_PICTURE,
            SPELL_BACK,
            ARTEFACT_BACK,
            GHOST,
            GHOST_FIGURE,
            GHOST_CARD_BACK,
            LEDGE,
            EMPTY_SPACE,
            GUARD_SHIELD,
            MIST,
            SCREEN,
            TREASURE_CARD,
            TABOO_SIGN,
            MORE_WORKERS,
            MORE_WORKERS_WIDE,
        ] {
            assert!(has(id), "{id}");
        }
        // Each seat's counter has an outline of its own.
        let svgs: Vec<String> = (0..8)
            .map(|s| all().into_iter().find(|a| a.id == worker(s)).unwrap().svg)
            .collect();
        for i in 0..8 {
            for j in i + 1..8 {
                assert_ne!(svgs[i], svgs[j], "seats {i} and {j} share an outline");
            }
        }
    }

    /// Every spell 1–21 has a drawing of its own: its id is shipped, and no two spells
    /// share an id or the same picture.
    #[test]
    fn each_spell_has_its_own_drawing() {
        let art = all();
        let svg_of = |id: &str| {
            art.iter()
                .find(|a| a.id == id)
                .map(|a| a.svg.clone())
                .unwrap_or_else(|| panic!("spell picture {id} is not shipped"))
        };
        let spells = &crate::data::SPELLS.spells;
        assert_eq!(spells.len(), SPELLS.len());
        let mut seen: Vec<(u8, &str, String)> = Vec::new();
        for (sp, name) in spells.iter().map(|s| (s.id, &s.name)) {
            let id = spell(sp);
            // Named after the spell, so the table's order cannot drift from the data's.
            let slug = format!("spell-{}", name.to_lowercase().replace(' ', "-"));
            assert_eq!(id, slug, "spell {sp}");
            let svg = svg_of(id);
            for (other, oid, osvg) in &seen {
                assert_ne!(id, *oid, "spells {sp} and {other} share {id}");
                assert_ne!(&svg, osvg, "spells {sp} and {other} look the same");
            }
            seen.push((sp, id, svg));
        }
        // The card back and the other markers are not a spell's face.
        for id in [SPELL_BACK, TABOO_SIGN, MORE_WORKERS, MORE_WORKERS_WIDE] {
            assert!(seen.iter().all(|(_, s, _)| *s != id), "{id}");
        }
    }

    #[test]
    fn counter_ink_reads_on_every_seat_colour() {
        for seat in 0..8 {
            let fill = Color::player(seat);
            let ink = ink_on(fill);
            assert!(ink == Color::INK || ink == Color::WHITE);
        }
        assert_eq!(ink_on(Color::rgb(240, 228, 66)), Color::INK);
        assert_eq!(ink_on(Color::rgb(0, 114, 178)), Color::WHITE);
    }
}
