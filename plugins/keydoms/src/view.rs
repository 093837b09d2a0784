//! The table as a scene: the three-level board with its locations and workers (here),
//! the treasury and the round's spells at the side (`side`), opponents' screens along the
//! top (`opponents`), the viewer's own screen area at the bottom (`own`), and the prompt
//! and status line with the cards only the deciding seat sees (`prompt`).

mod areas;
mod opponents;
mod own;
mod prompt;
mod side;

pub use areas::{OPPONENTS, OWN};
use opponents::*;
use own::*;
use prompt::*;
use side::*;

use tavern_plugin_api::scene::{Color, Highlight, Rect, pos, rect};
use tavern_plugin_api::{Scene, View};

use crate::art;
use crate::data::{
    self, COMPONENTS, GUARD, LARGE, LEDGES, ROOM_K, TYPES, artefact_name, loc_letter, loc_name,
    treasure_name,
};
use crate::paint::{Disc, disc_label, drawn_w, fit_words};
use crate::state::{Keydoms, Stage};

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
                .id(data::stack_id(st as u8))
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
                    .id(data::stack_id(st as u8))
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
