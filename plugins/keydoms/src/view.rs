//! The table as a scene: the three-level board, the treasury, opponents' screens along
//! the top and the viewer's own screen area at the bottom.

use tavern_plugin_api::scene::{
    Color, Highlight, Icon, Rect, drawn_size, line_height, pos, rect, text_block_height,
    text_width, wrap_lines,
};
use tavern_plugin_api::{Scene, View};

use crate::art;
use crate::data::{
    self, COMPONENTS, GUARD, LARGE, LEDGES, ROOM_K, ROOM_M, TYPES, artefact_name, loc_letter,
    loc_name, treasure_name,
};
use crate::hand_view::{Shown, draw_cards};
use crate::rules::treasure_singular;
use crate::state::{Action, Keydoms, Pending, Stage};
use crate::treasure::pieces;

const LEVEL_FILL: [Color; 3] = [
    Color::rgb(92, 84, 110),
    Color::rgb(110, 96, 70),
    Color::rgb(70, 62, 58),
];

/// How much of the board's backdrop (castle wall, street, cave rock) shows through
/// the three levels' panels.
const LEVEL_ALPHA: u8 = 120;

/// The canvas: narrow enough that the host's smallest scale fits it beside the log in
/// a 1024×700 window without a sideways scroll (tests/layout.rs holds it to that), so
/// the opponents' screens sit above the board and the treasury beside it.
pub const WIDTH: f32 = 1264.0;
pub const HEIGHT: f32 = 1025.0;

/// The band of opponents' screens and ghosts' mats along the top.
pub const OPPONENTS: Rect = Rect {
    x: 10.0,
    y: 8.0,
    w: 1244.0,
    h: 134.0,
};

/// The board's three levels: castle, Keytown, caves.
const LEVELS: [Rect; 3] = [
    Rect {
        x: 10.0,
        y: 150.0,
        w: 1030.0,
        h: 235.0,
    },
    Rect {
        x: 10.0,
        y: 385.0,
        w: 1030.0,
        h: 178.0,
    },
    Rect {
        x: 10.0,
        y: 565.0,
        w: 1030.0,
        h: 232.0,
    },
];

/// Where each location sits on the board.
/// A castle stack's scene id: a part of its room (`loc:<room>/stack:<n>`), so a target
/// on the room is not taken for a panel around another component.
pub fn stack_id(stack: u8) -> String {
    let room = if stack == 5 { ROOM_M } else { ROOM_K + stack };
    format!("loc:{room}/stack:{stack}")
}

pub fn loc_rect(loc: u8) -> Rect {
    match loc {
        0..=4 => rect(20.0 + loc as f32 * 204.0, 570.0, 196.0, 220.0),
        // Keytown reads right to left: stables F on the right, roundhouse I on the left.
        5..=8 => rect(20.0 + (8 - loc) as f32 * 255.0, 390.0, 247.0, 165.0),
        GUARD => rect(20.0, 165.0, 160.0, 210.0),
        _ => rect(188.0 + (loc - ROOM_K) as f32 * 170.0, 165.0, 162.0, 210.0),
    }
}

/// A location's heading: its letter and name, a castle room's name short ("K Room 1"),
/// since the rooms are narrow.
fn loc_heading(loc: u8) -> String {
    if data::is_castle_room(loc) {
        format!("{} Room {}", loc_letter(loc), loc - ROOM_K + 1)
    } else {
        format!("{} {}", loc_letter(loc), loc_name(loc))
    }
}

/// A worker disc's label and tooltip; the tooltip's first sentence says whose worker
/// stands where (what a screen reader reads out).
fn worker_label(
    k: &Keydoms,
    viewer: Option<usize>,
    seat: usize,
    strength: u8,
    up: bool,
    loc: u8,
) -> (String, String) {
    let name = &k.players[seat].name;
    let mark = Color::PLAYER_MARK[seat];
    let at = crate::data::the_loc(loc);
    if up || k.gp.solo_face_up {
        // Solo option: the lone player shows placed workers to everyone (cosmetic).
        (
            strength.to_string(),
            format!("{name}'s worker, strength {strength}, in {at} ({mark}). Face up"),
        )
    } else if viewer == Some(seat) {
        (
            strength.to_string(),
            format!(
                "Your worker, strength {strength}, in {at} ({mark}). Face down: only you \
                 know it"
            ),
        )
    } else {
        (
            "?".into(),
            format!("{name}'s face-down worker in {at} ({mark})"),
        )
    }
}

pub fn view(k: &Keydoms, viewer: Option<usize>) -> View {
    let mut s = Scene::new(WIDTH, HEIGHT);
    art::backdrop(&mut s);
    draw_board(&mut s, k, viewer);
    draw_side(&mut s, k);
    draw_opponents(&mut s, k, viewer);
    if let Some(me) = viewer {
        draw_own(&mut s, k, me);
    }
    View {
        scene: s,
        status: status(k),
        prompt: prompt(k, viewer),
    }
}

fn draw_board(s: &mut Scene, k: &Keydoms, viewer: Option<usize>) {
    s.panel(LEVELS[0], LEVEL_FILL[0].with_alpha(LEVEL_ALPHA), Color::INK)
        .tooltip("The castle. The guard room and the five castle rooms where artefacts are bought");
    s.panel(LEVELS[1], LEVEL_FILL[1].with_alpha(LEVEL_ALPHA), Color::INK)
        .tooltip("Keytown. Stables, market, cottage and roundhouse");
    s.panel(LEVELS[2], LEVEL_FILL[2].with_alpha(LEVEL_ALPHA), Color::INK)
        .tooltip("The dragons' caves. Treasures on the ledges go to the strongest players");
    let resolving = (k.stage == Stage::Resolving).then_some(k.cursor.loc);
    for loc in 0..data::LOCS as u8 {
        let r = loc_rect(loc);
        let active = k.is_active(loc);
        let fill = if active {
            Color::PAPER
        } else {
            Color::rgb(150, 150, 150)
        };
        let spec = &COMPONENTS.locations[loc as usize];
        // The first sentence names the place (what a screen reader reads out).
        let tip = if active {
            format!("{} ({}). {}", spec.name, spec.id, spec.help)
        } else {
            format!(
                "{} ({}), closed now. No workers may go here. {}",
                spec.name, spec.id, spec.help
            )
        };
        let b = s.rect(r, fill, 8.0).id(format!("loc:{loc}")).tooltip(tip);
        if resolving == Some(loc) {
            b.highlight(Highlight::Active);
        }
        art::ground(s, loc, r, active);

        // A taboo sign shares the heading's line, on the right.
        let room = if k.m.taboo.contains(&loc) {
            taboo_right(loc, r) - art::TABOO_SIDE - 6.0 - (r.x + 8.0)
        } else {
            r.w - 16.0
        };
        s.heading(
            pos(r.x + 8.0, r.y + 16.0),
            fit_words(&loc_heading(loc), 18.0, room, true),
            18.0,
            Color::INK,
        );
        if (loc as usize) < 5 {
            draw_cave(s, k, loc as usize, r);
            if !active {
                art::sleeping_dragon(s, loc as usize, r, &spec.name);
            }
        } else if loc == GUARD {
            let (txt, tip) = match (k.guard, k.guard_up) {
                (Some(g), true) => (
                    g.to_string(),
                    format!("The guard this round has strength {g}"),
                ),
                (Some(_), false) => ("?".into(), "This round's guard, still face down".into()),
                _ => ("-".into(), "No guard posted".into()),
            };
            // Under the heading, clear of the workers' rows.
            art::guard_shield(s, pos(r.x + r.w - 30.0, r.y + 58.0), txt, tip);
            art::location_picture(
                s,
                loc,
                r,
                "The castle guard",
                "Guard. Castle workers get in if the guard room beats its strength".into(),
            );
        } else if data::is_castle_room(loc) {
            draw_room(s, k, loc, r);
        } else {
            art::location_picture(
                s,
                loc,
                r,
                &spec.name,
                format!("{}. {}", spec.name, spec.help),
            );
        }
        draw_workers(s, k, viewer, loc, r);
    }
}

fn draw_cave(s: &mut Scene, k: &Keydoms, cave: usize, r: Rect) {
    let at = crate::data::the_loc(cave as u8);
    for l in 0..LEDGES {
        let y = r.y + 40.0 + l as f32 * 28.0;
        let shelf = rect(r.x + 8.0, y, r.w - 16.0, 24.0);
        s.rect(shelf, Color::TRANSPARENT, 4.0).tooltip(format!(
            "Ledge {} of {at}. It goes to the {} here",
            l + 1,
            [
                "strongest",
                "second strongest",
                "third strongest",
                "fourth strongest"
            ][l]
        ));
        art::ledge(s, shelf);
        let mut x = r.x + 22.0;
        let kinds = (0..TYPES).filter(|&t| k.caves[cave][l][t] > 0).count();
        // A substitute or two share the ledge: the pieces close up to stay on it.
        let step_room = (r.w - 30.0) / kinds.max(1) as f32;
        for t in 0..TYPES {
            let v = k.caves[cave][l][t];
            if v == 0 {
                continue;
            }
            // The pieces the treasure card laid (substitutes included), not a split
            // worked out from the value.
            let large = k.cave_large[cave][l][t];
            let small = v.saturating_sub(large * LARGE);
            let tip = format!(
                "{v} worth of {} ({large} large, {small} small) on ledge {} of {at}",
                treasure_name(t),
                l + 1
            );
            art::treasure_piece(s, pos(x, y + 12.0), 11.5, t).tooltip(tip);
            let worth = v.to_string();
            let w = drawn_w(&worth, 16.0, true);
            s.text(pos(x + 14.0, y + 12.0), worth, 16.0, Color::INK)
                .bold();
            x += (14.0 + w + 18.0).min(step_room);
        }
    }
}

fn draw_room(s: &mut Scene, k: &Keydoms, loc: u8, r: Rect) {
    for (i, st) in k.room_stacks(loc).into_iter().enumerate() {
        let cr = rect(r.x + 8.0 + i as f32 * 78.0, r.y + 30.0, 70.0, 56.0);
        let stack = &k.stacks[st];
        match stack.last() {
            None => {
                s.rect(cr, Color::rgb(90, 90, 90), 6.0)
                    .tooltip(format!("An empty artefact space in {}", loc_name(loc)));
                art::empty_space(s, cr);
            }
            Some(&a) if k.top_up[st] => {
                let room = loc_name(loc);
                // The drawing names the artefact (the tooltip in words); the card's
                // large number stays the stack's count.
                s.card(
                    cr,
                    Color::rgb(200, 180, 230),
                    None,
                    "",
                    format!("{}", stack.len()),
                )
                .id(stack_id(st as u8))
                .tooltip(format!(
                    "{} on offer in {room} ({} tiles in this stack). {}",
                    artefact_name(a),
                    stack.len(),
                    COMPONENTS.artefacts[a as usize].help
                ));
                art::card_picture(s, art::picture_rect(cr), art::artefact(a));
            }
            Some(_) => {
                s.card_back(cr, Color::rgb(110, 90, 140), format!("{}", stack.len()))
                    .id(stack_id(st as u8))
                    .tooltip(format!(
                        "A face-down stack of {} artefacts in {}. The top one is turned up \
                         next round",
                        stack.len(),
                        loc_name(loc)
                    ));
                art::back_picture(s, cr, art::ARTEFACT_BACK);
            }
        }
    }
}

/// Where the taboo marker ends: left of Keytown's icons, else at the right edge.
fn taboo_right(loc: u8, r: Rect) -> f32 {
    if (5..=8).contains(&loc) {
        r.x + r.w - 44.0
    } else {
        r.x + r.w - 8.0
    }
}

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

const DISC_R: f32 = 15.0;
const DISC_STEP: f32 = 34.0;

fn draw_workers(s: &mut Scene, k: &Keydoms, viewer: Option<usize>, loc: u8, r: Rect) {
    let top = if (loc as usize) < 5 {
        r.y + 165.0
    } else {
        r.y + 100.0
    };
    let mut discs = Vec::new();
    for seat in k.turn_order() {
        // In the order they were placed: the list behind the screen is sorted by
        // strength, so drawing in its order would tell where a face-down worker ranks.
        for w in k
            .party_slots(seat, loc)
            .into_iter()
            .map(|i| &k.players[seat].workers[i])
        {
            let (txt, tip) = worker_label(k, viewer, seat, w.strength, w.face_up, loc);
            discs.push(Disc {
                label: disc_label(seat, &txt),
                seat,
                tip,
                changed: false,
            });
        }
        for e in &k.m.extras {
            if e.seat != seat || e.loc != loc {
                continue;
            }
            let (name, mark, at) = (
                &k.players[seat].name,
                Color::PLAYER_MARK[seat],
                crate::data::the_loc(loc),
            );
            let (label, tip) = if e.raven {
                (
                    "R3".to_string(),
                    format!("{name}'s raven in {at} ({mark}). An extra strength-3 worker"),
                )
            } else {
                (
                    format!("M{}", e.strength),
                    format!(
                        "{name}'s mirror image in {at} ({mark}). It counts as a strength-{} \
                         worker",
                        e.strength
                    ),
                )
            };
            discs.push(Disc {
                label,
                seat,
                tip,
                changed: true,
            });
        }
    }
    crate::ghost_view::ghost_discs(k, loc, &mut discs);
    draw_discs(s, &discs, r, top, k.n());
    if k.m.taboo.contains(&loc) {
        art::taboo_sign(
            s,
            taboo_right(loc, r),
            r.y + 16.0,
            "Taboo: no more workers or ravens may come here this round",
        );
    }
}

/// Discs in rows from `top` down to the foot of `r`, never on top of each other; when
/// more lie here than there is room for, the last disc counts the rest and its tooltip
/// names them.
/// Seats from `humans` on are ghosts, whose counters are sheets.
fn draw_discs(s: &mut Scene, discs: &[Disc], r: Rect, top: f32, humans: usize) {
    let cols = ((r.w - 12.0 - 2.0 * DISC_R) / DISC_STEP).floor().max(0.0) as usize + 1;
    let rows = ((r.y + r.h - 2.0 - DISC_R - top) / DISC_STEP)
        .floor()
        .max(0.0) as usize
        + 1;
    let room = cols * rows;
    // The last slot counts the rest; a two-digit count takes the last two (on one row).
    let shown = if discs.len() <= room {
        discs.len()
    } else if cols >= 2
        && room >= 2
        && !art::fits_one_counter(&format!("+{}", discs.len() + 1 - room), DISC_R)
    {
        room - 2
    } else {
        room - 1
    };
    let at = |i: usize| {
        pos(
            r.x + 6.0 + DISC_R + (i % cols) as f32 * DISC_STEP,
            top + (i / cols) as f32 * DISC_STEP,
        )
    };
    for (i, d) in discs[..shown].iter().enumerate() {
        art::counter(
            s,
            at(i),
            DISC_R,
            (d.seat, d.seat >= humans),
            (d.label.clone(), d.tip.clone()),
            d.changed,
        );
    }
    if shown < discs.len() {
        let rest = &discs[shown..];
        // Each by its first sentence, so the list reads as one name.
        let tips: Vec<&str> = rest
            .iter()
            .map(|d| d.tip.split(['.', '\n']).next().unwrap_or(""))
            .collect();
        let c = at(shown);
        let w = if shown + 2 == room { DISC_STEP } else { 0.0 } + 2.0 * DISC_R;
        art::more_counters(
            s,
            rect(c.x - DISC_R, c.y - DISC_R, w, 2.0 * DISC_R),
            format!("+{}", rest.len()),
            // A short first sentence: the reader names the item by it.
            format!(
                "{} here. {}",
                crate::data::count(rest.len() as u32, "more worker", "more workers"),
                tips.join("; ")
            ),
        );
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

/// The treasury and the round's public counts, beside the board.
const SIDE: Rect = Rect {
    x: 1048.0,
    y: 150.0,
    w: 208.0,
    h: 647.0,
};
/// Where text in the side panel starts, and the right edge it may reach.
const SIDE_X: f32 = 1060.0;
const SIDE_RIGHT: f32 = 1246.0;

fn draw_side(s: &mut Scene, k: &Keydoms) {
    s.panel(SIDE, Color::rgb(50, 52, 60), Color::INK).tooltip(
        "The treasury and the round. What the bank holds, the treasure card, what is left, \
         the start player and the spells in play",
    );
    s.heading(pos(SIDE_X, 172.0), "Treasury", 22.0, Color::WHITE);
    for t in 0..TYPES {
        let y = 210.0 + t as f32 * 36.0;
        let v = k.treasury[t];
        let (large, small) = pieces(v);
        art::treasure_piece(s, pos(SIDE_X + 16.0, y), 16.0, t)
            .id(format!("treasury:{t}"))
            .tooltip(format!(
                "Treasury {}: worth {v}. Shown as {large} large and {small} small; a large \
                 is worth {LARGE} small and sizes may be swapped at any time",
                treasure_name(t)
            ));
        s.text(
            pos(SIDE_X + 40.0, y),
            format!("{v:>2}  {}", treasure_name(t)),
            20.0,
            Color::WHITE,
        );
    }
    let line = |i: usize| 394.0 + i as f32 * 26.0;
    let left = k.card_deck.len();
    let left_tip = format!(
        "Treasure cards left: {left}. When none is left the cards of this game's set are used \
         again"
    );
    match k.card_shown {
        Some(c) => {
            // The card itself at the right, its number large on it, the two lines
            // beside it.
            let cr = rect(SIDE_RIGHT - 40.0, line(0) - 14.0, 40.0, 53.0);
            s.card(cr, Color::rgb(240, 226, 180), None, "", c.to_string())
                .tooltip(format!(
                    "Treasure card {c} is turned up this round. It decides what lies in the \
                     caves"
                ));
            art::card_picture(s, art::picture_rect(cr), art::TREASURE_CARD);
            let room = cr.x - 6.0 - SIDE_X;
            s.text(
                pos(SIDE_X, line(0)),
                fit("Treasure card", 18.0, room, false),
                18.0,
                Color::WHITE,
            );
            s.text(
                pos(SIDE_X, line(1)),
                fit(&format!("Cards left: {left}"), 18.0, room, false),
                18.0,
                Color::WHITE,
            )
            .tooltip(left_tip);
        }
        None => {
            s.text(pos(SIDE_X, line(0)), "No treasure card", 18.0, Color::WHITE)
                .tooltip(
                    "No treasure card is turned up. A new one decides what lies in the caves \
                     each round",
                );
            s.text(
                pos(SIDE_X, line(1)),
                format!("Cards left: {left}"),
                18.0,
                Color::WHITE,
            )
            .tooltip(left_tip);
        }
    }
    s.text(
        pos(SIDE_X, line(2)),
        format!("Artefacts left: {}", k.artefacts_left()),
        18.0,
        Color::WHITE,
    )
    .tooltip(format!(
        "Artefacts left: {}. Still in the castle's stacks; the game ends when the last one \
         is taken",
        k.artefacts_left()
    ));
    let start = k.name_of(k.start);
    let text = format!("Start: {start}");
    // The marker's star beside the name while both fit; a long name takes the line.
    let beside = SIDE_RIGHT - 28.0 - SIDE_X;
    let star = drawn_w(&text, 18.0, false) <= beside;
    let room = if star { beside } else { SIDE_RIGHT - SIDE_X };
    s.text(
        pos(SIDE_X, line(3)),
        fit(&text, 18.0, room, false),
        18.0,
        Color::WHITE,
    )
    .tooltip(format!(
        "Start player: {start}. The start player places first and wins ties; the stables \
         can change it"
    ));
    if star {
        s.icon(
            pos(SIDE_RIGHT - 11.0, line(3)),
            22.0,
            Icon::Star,
            Color::player(k.start),
        )
        .tooltip(format!("Start marker: {start}"));
    }
    if k.magic() {
        draw_side_magic(s, k, line(3) + 22.0);
    }
}

/// The spells in play under the counts: the deck (and the Foreknown offer beside it),
/// Substitute, the casts waiting on their answers and the response window asking now.
fn draw_side_magic(s: &mut Scene, k: &Keydoms, top: f32) {
    let deck = rect(SIDE_X, top, 62.0, 84.0);
    s.card_back(deck, Color::rgb(90, 60, 130), format!("{}", k.m.deck.len()))
        .id("spells:deck")
        .tooltip(format!(
            "Spell deck: {} cards. {} spells in the discard pile",
            k.m.deck.len(),
            k.m.discard.len()
        ));
    art::back_picture(s, deck, art::SPELL_BACK);
    // The offer's cards are too narrow for a name in the band: the names are lines under
    // the row, each beside its number.
    for (i, &sp) in k.m.offer.iter().enumerate() {
        let cr = rect(SIDE_X + 70.0 + i as f32 * 58.0, top, 54.0, 84.0);
        s.card(
            cr,
            Color::rgb(225, 210, 245),
            Some(Color::rgb(90, 60, 130)),
            "",
            format!("{sp}"),
        )
        .tooltip(format!(
            "{}, face up by the roundhouse (Foreknown). {}",
            crate::data::spell_name(sp),
            crate::data::spell_help(sp)
        ));
        art::card_picture(s, art::banded_picture_rect(cr), art::spell(sp));
    }
    let width = SIDE_RIGHT - SIDE_X;
    let mut y = top + 84.0 + 22.0;
    for &sp in &k.m.offer {
        let text = format!("{sp} {}", crate::data::spell_name(sp));
        s.text(
            pos(SIDE_X, y),
            fit(&text, 16.0, width, false),
            16.0,
            Color::WHITE,
        )
        .tooltip(format!(
            "{}, face up by the roundhouse (Foreknown)",
            crate::data::spell_name(sp)
        ));
        y += 24.0;
    }
    if let Some(f) = k.m.substitute_from {
        let text = format!("Substitute from {}", crate::data::loc_letter(f));
        s.text(
            pos(SIDE_X, y),
            fit(&text, 16.0, width, false),
            16.0,
            Color::WHITE,
        )
        .tooltip(format!(
            "{text} on. Strength-1 workers count 9 and strength-9 workers count 1 (not in \
                 the guard room)"
        ));
        y += 24.0;
    }
    // The response window at the foot, laid out from the panel's bottom up, so the
    // casts above know where to stop.
    let responses_y = draw_responses(s, k, width);
    // One line a cast, down to the responses; the rest counted in the last line.
    let room = ((responses_y - 12.0 - y) / 24.0).floor().max(1.0) as usize;
    let shown = if k.m.casts.len() > room {
        room - 1
    } else {
        k.m.casts.len()
    };
    let cast_text = |c: &crate::magic::Cast| {
        format!(
            "{} casts {}",
            k.name_of(c.caster),
            crate::data::spell_name(c.spell)
        )
    };
    for c in &k.m.casts[..shown] {
        // The caster by seat letter: a name would not fit beside the spell. A long
        // spell name wraps rather than losing its end.
        let text = format!(
            "{} ({})",
            crate::data::spell_name(c.spell),
            Color::PLAYER_MARK[c.caster]
        );
        let h = text_block_height(&text, 16.0, width, false);
        s.text_block(
            rect(SIDE_X, y - 12.0, width, h),
            text,
            16.0,
            Color::rgb(230, 200, 255),
        )
        .tooltip(format!(
            "{}, waiting for answers. {}",
            cast_text(c),
            crate::data::spell_help(c.spell)
        ));
        y += 24.0 + h - line_height(drawn_size(16.0));
    }
    if shown < k.m.casts.len() {
        let rest: Vec<String> = k.m.casts[shown..].iter().map(cast_text).collect();
        let text = format!("{} more spells cast", rest.len());
        s.text(
            pos(SIDE_X, y),
            fit(&text, 16.0, width, false),
            16.0,
            Color::rgb(230, 200, 255),
        )
        .tooltip(format!("{text}: {}", rest.join("; ")));
    }
}

/// The open response window at the side panel's foot: when it opens and whom it asks,
/// each wrapped whole onto as many lines as it needs. Returns the top of what it drew
/// (the panel's foot when no window is open).
fn draw_responses(s: &mut Scene, k: &Keydoms, width: f32) -> f32 {
    let foot = SIDE.y + SIDE.h - 8.0;
    let prompt = crate::magic_view::window_prompt(k);
    if prompt.is_empty() {
        return foot;
    }
    let lh = line_height(drawn_size(16.0));
    let mut top = foot;
    if let Some(seat) = k.window_seat() {
        let name = &k.players[seat].name;
        let mark = Color::PLAYER_MARK[seat];
        let text = format!("Asking {name} ({mark})");
        // A name longer than two lines (a player's own choice) is the one thing cut.
        let text = fit_lines(&text, 16.0, width, 2);
        let h = text_block_height(&text, 16.0, width, false);
        top -= h;
        s.text_block(rect(SIDE_X, top, width, h), text, 16.0, Color::player(seat))
            .tooltip(format!(
                "Now asking: {name} ({mark}). Each seat in turn order may respond or pass"
            ));
        top -= 6.0;
    }
    let title = format!(
        "Responses {}",
        lower_first(&crate::magic_view::window_title(k))
    );
    let h = text_block_height(&title, 16.0, width, false).max(lh);
    top -= h;
    s.text_block(
        rect(SIDE_X, top, width, h),
        title.clone(),
        16.0,
        Color::rgb(255, 230, 150),
    )
    .tooltip(format!("{title}. {prompt}"));
    top
}

/// `text` with its first letter in lower case, to follow another word.
fn lower_first(text: &str) -> String {
    let mut c = text.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

/// `text` wrapped at `width`, cut short with an ellipsis after `lines` lines.
fn fit_lines(text: &str, size: f32, width: f32, lines: usize) -> String {
    let wrapped = wrap_lines(text, drawn_size(size), width, false);
    if wrapped.len() <= lines {
        return text.to_string();
    }
    let mut kept: Vec<String> = wrapped[..lines - 1].to_vec();
    kept.push(fit(&wrapped[lines - 1..].join(" "), size, width, false));
    kept.join("\n")
}

/// Artefacts invoked this round lie in front of the screen for everyone to see: one
/// tile each in a row from `x`, as many as the own area's width holds (the allowance
/// is two a round at most).
fn draw_invoked_row(s: &mut Scene, k: &Keydoms, seat: usize, mut x: f32) {
    let right = OWN.x + OWN.w - 8.0;
    let y = OWN_SPELLS_Y - 12.0;
    for a in 0..6u8 {
        for _ in 0..k.m.invoked[seat][a as usize] {
            let w = 38.0 + drawn_w(artefact_name(a), 16.0, false) + 8.0;
            if x + w > right {
                return;
            }
            s.rect(rect(x, y, w, 24.0), Color::rgb(200, 180, 230), 4.0)
                .tooltip(format!(
                    "{} invoked the {} this round",
                    k.players[seat].name,
                    artefact_name(a)
                ));
            s.image(rect(x + 2.0, y + 1.0, 33.0, 22.0), art::artefact(a), "");
            s.text(pos(x + 38.0, y + 12.0), artefact_name(a), 16.0, Color::INK);
            x += w + 8.0;
        }
    }
}

fn draw_opponents(s: &mut Scene, k: &Keydoms, viewer: Option<usize>) {
    let others: Vec<usize> = (0..k.n()).filter(|&p| Some(p) != viewer).collect();
    let w = OPPONENTS.w / (others.len() + k.ghosts.len()).max(1) as f32;
    let panel = |i: usize| {
        rect(
            OPPONENTS.x + i as f32 * w,
            OPPONENTS.y,
            w - 8.0,
            OPPONENTS.h,
        )
    };
    for g in 0..k.ghosts.len() {
        let r = panel(others.len() + g);
        crate::ghost_view::draw_ghost_mat(s, k, g, r);
        s.enlargeable(r, format!("{}'s mat", k.ghosts[g].name()));
    }
    for (i, &seat) in others.iter().enumerate() {
        draw_opponent(s, k, seat, panel(i));
        // Compact at six seats: the host may show it enlarged (and reads it as a group).
        s.enlargeable(panel(i), format!("{}'s screen", k.players[seat].name));
    }
}

/// One opponent's screen: the public counts, flowing onto as many lines as the panel's
/// width needs (three at six seats), and the artefacts invoked in front of it.
fn draw_opponent(s: &mut Scene, k: &Keydoms, seat: usize, r: Rect) {
    let p = &k.players[seat];
    let name = p.name.as_str();
    group_panel(
        s,
        r,
        (Color::rgb(60, 60, 66), Color::player(seat)),
        format!("seat:{seat}"),
        format!("{name}'s screen. What lies behind it is hidden, only the counts are public"),
    );
    let room = r.w - 20.0;
    draw_heading(
        s,
        pos(r.x + 10.0, r.y + 18.0),
        (name, seat),
        (k.start == seat, "start"),
        20.0,
        room,
    );
    let treasure = p.total_treasure() as usize;
    let artefacts = p.artefact_count() as usize;
    let workers = p.unplaced().count();
    let mut items = vec![Count {
        word: "Treasure",
        icon: Icon::Gold,
        n: treasure,
        tip: format!("{name}'s treasure: worth {treasure}. The types are behind the screen"),
    }];
    if k.magic() {
        let spells = k.m.hands[seat].len();
        items.push(Count {
            word: "Spells",
            icon: Icon::Card,
            n: spells,
            tip: format!("{name}'s spells: {spells}. Which ones is hidden behind the screen"),
        });
    }
    items.push(Count {
        word: "Artefacts",
        icon: Icon::Crown,
        n: artefacts,
        tip: format!("{name}'s artefacts: {artefacts}, the starting wand included"),
    });
    items.push(Count {
        word: "Workers",
        icon: Icon::Worker,
        n: workers,
        tip: format!("{name}'s workers behind the screen: {workers}, to be placed this round"),
    });
    let (x0, mut right) = (r.x + 10.0, r.x + r.w - 10.0);
    // Words while they fit on three lines, else an icon before each number (the tooltip
    // says what it counts), so the invoked line below stays inside the panel.
    let worded = flow_lines(&items, true, x0, right) <= 3;
    let invoked = invoked_line(k, seat);
    // The screen itself stands on the right where the counts keep their lines and the
    // invoked line its words beside it.
    let beside = right - art::SCREEN_COLUMN;
    if worded
        && items.iter().all(|c| c.width(true) <= beside - x0)
        && flow_lines(&items, true, x0, beside) == flow_lines(&items, true, x0, right)
        && invoked
            .as_ref()
            .is_none_or(|t| drawn_w(t, 16.0, false) <= beside - x0)
    {
        art::screen(s, r, seat, name);
        right = beside;
    }
    let room = right - x0;
    let (mut x, mut y) = (x0, r.y + 44.0);
    for c in &items {
        let w = c.width(worded);
        if x > x0 && x + w > right {
            x = x0;
            y += 24.0;
        }
        if worded {
            let text = format!("{} {}", c.word, c.n);
            s.text(
                pos(x, y),
                fit(&text, 16.0, right - x, false),
                16.0,
                Color::WHITE,
            )
            .tooltip(c.tip.clone());
        } else {
            s.icon(pos(x + 10.0, y), 20.0, c.icon, Color::WHITE)
                .tooltip(c.tip.clone());
            s.text(pos(x + 24.0, y), c.n.to_string(), 16.0, Color::WHITE)
                .tooltip(c.tip.clone());
        }
        x += w + 14.0;
    }
    if let Some(text) = invoked {
        // A narrow screen keeps the names whole with a shorter word before them, or
        // none: the line's colour and tooltip say what they are.
        let names = text.trim_start_matches("Invoked: ");
        let shown = [text.clone(), format!("Used: {names}"), names.to_string()]
            .into_iter()
            .find(|t| drawn_w(t, 16.0, false) <= room)
            .unwrap_or_else(|| fit(names, 16.0, room, false));
        s.text(
            pos(r.x + 10.0, y + 24.0),
            shown,
            16.0,
            Color::rgb(220, 200, 250),
        )
        .tooltip(format!(
            "{name} invoked {names} this round; they lie in front of the screen"
        ));
    }
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

/// "Invoked: …" for the artefacts `seat` used this round, `None` when none (or no magic).
fn invoked_line(k: &Keydoms, seat: usize) -> Option<String> {
    if !k.magic() {
        return None;
    }
    let names: Vec<String> = (0..6u8)
        .filter(|&a| k.m.invoked[seat][a as usize] > 0)
        .map(|a| match k.m.invoked[seat][a as usize] {
            1 => artefact_name(a).to_string(),
            n => format!("{}×{n}", artefact_name(a)),
        })
        .collect();
    (!names.is_empty()).then(|| format!("Invoked: {}", names.join(", ")))
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

/// One public count on an opponent's screen.
struct Count {
    word: &'static str,
    icon: Icon,
    n: usize,
    tip: String,
}

impl Count {
    /// Width drawn: "Treasure 12" worded, else an icon and the number.
    fn width(&self, worded: bool) -> f32 {
        if worded {
            drawn_w(&format!("{} {}", self.word, self.n), 16.0, false)
        } else {
            24.0 + drawn_w(&self.n.to_string(), 16.0, false)
        }
    }
}

/// Lines the counts take when each goes on the current line while it fits.
fn flow_lines(items: &[Count], worded: bool, x0: f32, right: f32) -> usize {
    let mut x = x0;
    let mut lines = 1;
    for c in items {
        let w = c.width(worded);
        if x > x0 && x + w > right {
            x = x0;
            lines += 1;
        }
        x += w + 14.0;
    }
    lines
}

/// The viewer's own area under the board: two columns, left for what is behind the
/// screen (treasures, workers, artefacts), right for this round's magic.
pub const OWN: Rect = Rect {
    x: 10.0,
    y: 805.0,
    w: 1244.0,
    h: 212.0,
};
/// Where the right-hand (magic) column starts: the left column's rows end before it
/// (nine workers behind the screen, six kinds of artefact on narrower tiles), so the
/// spells in hand have the width for their names.
const OWN_RIGHT: f32 = 620.0;
/// Where the magic column's text may reach.
const OWN_END: f32 = 1246.0;
/// The row of "Your spells:" and the artefacts used this round, over the hand.
const OWN_SPELLS_Y: f32 = 859.0;
/// The own area's rows: heading, treasures, workers behind the screen, artefacts.
const OWN_ROWS: [f32; 4] = [825.0, 865.0, 915.0, 973.0];

fn draw_own(s: &mut Scene, k: &Keydoms, me: usize) {
    let p = &k.players[me];
    group_panel(
        s,
        OWN,
        (Color::rgb(58, 62, 58), Color::player(me)),
        format!("seat:{me}"),
        format!("Your screen, {}. Only you see what lies behind it", p.name),
    );
    draw_heading(
        s,
        pos(25.0, OWN_ROWS[0]),
        (&p.name, me),
        (k.start == me, "start player"),
        22.0,
        OWN_RIGHT - 40.0,
    );
    let label = "Treasures:";
    let y = OWN_ROWS[1];
    s.text(pos(25.0, y), label, 18.0, Color::WHITE);
    // Each name takes the room it needs where the host draws it largest (the 13-point
    // floor), so the row ends well before the magic column.
    let x0 = 25.0 + drawn_w(label, 18.0, false) + 12.0 + 18.0;
    // Each piece, its worth in bold and its name; the names go when they would reach
    // the magic column (the pieces' objects and the tooltips still say which is which).
    let entry = |t: usize, named: bool| {
        let worth = drawn_w(&p.treasure[t].to_string(), 18.0, true);
        let name = treasure_singular(t as u8);
        24.0 + worth
            + if named {
                6.0 + drawn_w(name, 16.0, false)
            } else {
                0.0
            }
            + 14.0
            + 18.0
    };
    let named = x0 + (0..TYPES).map(|t| entry(t, true)).sum::<f32>() < OWN_RIGHT - 20.0;
    let mut x = x0;
    for t in 0..TYPES {
        let v = p.treasure[t];
        let (large, small) = pieces(v);
        let name = treasure_singular(t as u8);
        let tip = format!(
            "Your {}: worth {v}. {large} large, {small} small; private",
            treasure_name(t)
        );
        art::treasure_piece(s, pos(x, y), 18.0, t)
            .id(format!("mine:{t}"))
            .tooltip(tip);
        let worth = v.to_string();
        let ww = drawn_w(&worth, 18.0, true);
        s.text(pos(x + 24.0, y), worth, 18.0, Color::WHITE).bold();
        if named {
            s.text(pos(x + 24.0 + ww + 6.0, y), name, 16.0, Color::WHITE);
        }
        x += entry(t, named);
    }
    let label = "Behind your screen:";
    let y = OWN_ROWS[2];
    s.text(pos(25.0, y), label, 18.0, Color::WHITE);
    let x0 = 25.0 + drawn_w(label, 18.0, false) + 16.0 + 16.0;
    if p.unplaced().next().is_none() {
        // An empty row would read as something missing.
        s.text(
            pos(x0 - 16.0, y),
            "no workers left to place",
            16.0,
            Color::rgb(190, 190, 180),
        );
    }
    for (i, w) in p.unplaced().enumerate() {
        art::counter(
            s,
            pos(x0 + i as f32 * 40.0, y),
            16.0,
            (me, false),
            (
                w.strength.to_string(),
                format!("Your worker of strength {}, not yet placed", w.strength),
            ),
            false,
        );
    }
    let label = "Your artefacts:";
    let y = OWN_ROWS[3];
    s.text(pos(25.0, y), label, 18.0, Color::WHITE);
    let mut x = 25.0 + drawn_w(label, 18.0, false) + 16.0;
    // Six kinds at once take narrower tiles, so the row ends before the magic column.
    let kinds = p.artefacts.iter().filter(|&&c| c > 0).count().max(1);
    let tile = ((OWN_RIGHT - 14.0 - x) / kinds as f32).min(96.0);
    for a in 0..6u8 {
        let c = p.artefacts[a as usize];
        if c == 0 {
            continue;
        }
        // The drawing names the artefact (the tooltip in words), the plate its count.
        let cr = rect(x, y - 28.0, tile - 6.0, 56.0);
        s.card(cr, Color::rgb(200, 180, 230), None, "", format!("×{c}"))
            .id(format!("art:{a}"))
            .tooltip(format!(
                "Your {} ×{c}, private. {}",
                artefact_name(a),
                COMPONENTS.artefacts[a as usize].help
            ))
            .private();
        art::card_picture(s, art::picture_rect(cr), art::artefact(a));
        x += tile;
    }
    if k.magic() {
        draw_own_magic(s, k, me);
    }
}

/// The magic column: artefact uses, spells in hand, artefacts in front of the screen.
fn draw_own_magic(s: &mut Scene, k: &Keydoms, me: usize) {
    let used: u8 = k.m.invoked[me].iter().sum();
    s.text(
        pos(OWN_RIGHT, OWN_ROWS[0]),
        format!(
            "Artefact uses this round: {used} of {}{}",
            k.m.allowance[me],
            if k.m.wand[me] { " · wand active" } else { "" }
        ),
        18.0,
        Color::WHITE,
    )
    .tooltip(format!(
        "Artefact uses this round: {used} of {}. One artefact per round, two after winning \
         the cottage; an invoked wand lets you cast spells",
        k.m.allowance[me]
    ));
    // A private choice (spells drawn, a stack searched) takes the column's place while
    // it is open, so it covers nothing on the board.
    if let Some(Pending::Magic { seat, step }) = &k.pending
        && *seat == me
        && draw_private_choice(s, k, step)
    {
        return;
    }
    // An empty hand or an empty row says so, so the two labels never read as one.
    let label = if k.m.hands[me].is_empty() {
        "Your spells: none"
    } else {
        "Your spells:"
    };
    s.text(pos(OWN_RIGHT, OWN_SPELLS_Y), label, 18.0, Color::WHITE);
    let used_x = OWN_RIGHT + drawn_w(label, 18.0, false) + 40.0;
    let used = if k.m.invoked[me].iter().all(|&c| c == 0) {
        "Used this round: none"
    } else {
        "Used this round:"
    };
    s.text(pos(used_x, OWN_SPELLS_Y), used, 16.0, Color::WHITE)
        .tooltip("Artefacts you used this round. They lie in front of your screen for all to see");
    draw_invoked_row(s, k, me, used_x + drawn_w(used, 16.0, false) + 10.0);
    let cards: Vec<Shown> = k.m.hands[me]
        .iter()
        .map(|&sp| Shown {
            name: crate::data::spell_name(sp).to_string(),
            value: sp.to_string(),
            tip: format!(
                "Your spell {}, private. {}",
                crate::data::spell_name(sp),
                crate::data::spell_help(sp)
            ),
            picture: art::spell(sp),
            id: Some(format!("spell:{sp}")),
        })
        .collect();
    let area = rect(
        OWN_RIGHT,
        OWN_SPELLS_Y + 16.0,
        OWN_END - OWN_RIGHT,
        OWN.y + OWN.h - 6.0 - (OWN_SPELLS_Y + 16.0),
    );
    draw_cards(s, area, &cards, true, Color::WHITE);
}

fn status(k: &Keydoms) -> String {
    let phase = match k.stage {
        Stage::Setup => "Setting up".to_string(),
        Stage::RoundStart => "Starting a round".to_string(),
        Stage::StartTreasures => "Starting treasures".to_string(),
        Stage::Placing => "Placing workers".to_string(),
        Stage::Resolving => format!("Resolving {}", crate::data::the_loc(k.cursor.loc.min(14))),
        Stage::Over => "Game over".to_string(),
    };
    // Who is to play the host says beside it.
    format!("Round {} · {}", k.round, phase)
}

fn prompt(k: &Keydoms, viewer: Option<usize>) -> String {
    let Some(p) = &k.pending else {
        return match k.window_seat() {
            Some(s) if Some(s) == viewer => crate::magic_view::window_prompt(k),
            Some(s) => format!("Waiting for {} to respond", k.players[s].name),
            None => String::new(),
        };
    };
    if Some(p.seat()) != viewer {
        return format!("Waiting for {}", k.players[p.seat()].name);
    }
    match p {
        Pending::Magic { step, .. } => crate::magic_view::step_prompt(k, step),
        Pending::StartTreasure { .. } => {
            "Take a small treasure: three different types to start".into()
        }
        Pending::Place { seat } => {
            let shown = (0..k.m.disclosure.len()).any(|o| o != *seat && k.m.disclosure[o]);
            let magic = if k
                .actions_for(*seat)
                .iter()
                .any(|a| matches!(a, Action::Invoke { .. } | Action::Cast { .. }))
            {
                " (or first invoke an artefact or cast a spell)"
            } else {
                ""
            };
            if shown {
                format!(
                    "Place a worker face up on an open location: another player's Disclosure \
                     shows your workers this round{magic}"
                )
            } else {
                format!("Place a worker face down on an open location{magic}")
            }
        }
        Pending::NameStartPlayer { .. } => {
            "You won the stables: choose the new start player".into()
        }
        Pending::MarketGive { .. } => {
            "You won the market: trade one small treasure for three, or skip".into()
        }
        Pending::MarketTake { left, .. } => format!(
            "Your market trade: take {left} more small {} from the treasury",
            if *left == 1 { "treasure" } else { "treasures" }
        ),
        Pending::Bribe { seat, owed, paid } => {
            let guard = crate::ghost::guard_with_keys(k.guard.unwrap_or(10), k.gp.keys) as u16;
            format!(
                "Your guard room strength {} is short of the guard's {guard}: bribe {} to \
                 enter the castle ({} paid so far, one at a time), or refuse and your castle \
                 workers go home",
                k.strength(*seat, crate::data::GUARD),
                crate::data::count(*owed, "treasure", "treasures"),
                paid.iter().sum::<u8>()
            )
        }
        Pending::Buy {
            room,
            stack,
            need,
            paid,
            ..
        } => buy_prompt(k, *room, *stack, need, paid),
    }
}

/// What buying in `room` costs the viewer, in words: each worker's strength in its own
/// treasure type, what is already set aside, and why declining is all that is left when
/// no type is held in the numbers needed.
fn buy_prompt(k: &Keydoms, room: u8, stack: Option<u8>, need: &[u8], paid: &[u8]) -> String {
    let room_name = loc_name(room);
    let Some(st) = stack else {
        return format!("You may buy in {room_name}: choose which artefact");
    };
    let what = match k.stacks[st as usize].last() {
        Some(&a) if k.top_up[st as usize] => format!("the {}", artefact_name(a)),
        _ => "the artefact".to_string(),
    };
    let price = match need {
        [s] => crate::data::count(*s, "treasure", "treasures of one type"),
        [rest @ .., last] => {
            let each: Vec<String> = rest.iter().map(|s| s.to_string()).collect();
            let types = ["", "", "two", "three", "four", "five"][need.len().min(5)];
            format!(
                "{} and {last} of {types} different treasure types, one type per worker",
                each.join(", ")
            )
        }
        [] => "nothing".to_string(),
    };
    let mut text = format!("You may buy {what} in {room_name}: pay {price}");
    if !paid.is_empty() {
        let set: Vec<String> = need
            .iter()
            .zip(paid)
            .map(|(&s, &t)| crate::data::treasures_of(s as u16, t as usize))
            .collect();
        text.push_str(&format!(" (set aside: {})", set.join(", ")));
    } else if let Some(seat) = k.pending.as_ref().map(|p| p.seat())
        && !k
            .actions_for(seat)
            .iter()
            .any(|a| matches!(a, Action::PayWorker { .. }))
    {
        text.push_str(". You hold too few of one type for that: you can only decline");
    }
    text
}

/// Cards only the deciding seat may see: spells just drawn, or a stack being searched,
/// in the own area's magic column. False when `step` shows no such cards.
fn draw_private_choice(s: &mut Scene, k: &Keydoms, step: &crate::magic::Step) -> bool {
    use crate::magic::Step;
    // Name, help, picture and the number on the card: a spell's own number (as in the
    // hand), a stack tile's place in the stack (as its label says).
    type Choice = (String, String, &'static str, String);
    let (title, cards): (&str, Vec<Choice>) = match step {
        Step::Keep { drawn, .. } => (
            "Drawn spells (keep one):",
            drawn
                .iter()
                .map(|&sp| {
                    (
                        crate::data::spell_name(sp).to_string(),
                        crate::data::spell_help(sp).to_string(),
                        art::spell(sp),
                        sp.to_string(),
                    )
                })
                .collect(),
        ),
        Step::StackPick { stack, .. } => (
            "The stack, bottom to top:",
            k.stacks[*stack as usize]
                .iter()
                .enumerate()
                .map(|(i, &a)| {
                    (
                        artefact_name(a).to_string(),
                        COMPONENTS.artefacts[a as usize].help.clone(),
                        art::artefact(a),
                        (i + 1).to_string(),
                    )
                })
                .collect(),
        ),
        _ => return false,
    };
    let x0 = OWN_RIGHT - 6.0;
    let right = OWN.x + OWN.w - 8.0;
    s.panel(
        rect(x0, 845.0, right - x0, OWN.y + OWN.h - 6.0 - 845.0),
        Color::rgb(40, 30, 60),
        Color::WHITE,
    );
    s.heading(pos(OWN_RIGHT, 863.0), title, 18.0, Color::WHITE);
    let shown: Vec<Shown> = cards
        .into_iter()
        .map(|(name, help, picture, value)| Shown {
            tip: format!("{name}, only you see it. {help}"),
            name,
            value,
            picture,
            id: None,
        })
        .collect();
    let area = rect(
        OWN_RIGHT,
        881.0,
        right - 6.0 - OWN_RIGHT,
        OWN.y + OWN.h - 12.0 - 881.0,
    );
    draw_cards(s, area, &shown, true, Color::WHITE);
    true
}
