//! The table as a scene: the three-level board, the treasury, opponents' screens along
//! the top and the viewer's own screen area at the bottom.

use tavern_plugin_api::scene::{
    Align, Color, Highlight, Icon, Rect, drawn_size, pos, rect, text_width,
};
use tavern_plugin_api::{Scene, View};

use crate::data::{
    self, COMPONENTS, GUARD, LARGE, LEDGES, ROOM_K, TYPES, artefact_name, loc_letter, loc_name,
    treasure_name,
};
use crate::rules::treasure_singular;
use crate::state::{Keydoms, Pending, Stage};
use crate::treasure::pieces;

const TREASURE_COLORS: [Color; TYPES] = [
    Color::rgb(196, 40, 48),
    Color::rgb(236, 232, 222),
    Color::rgb(44, 44, 50),
    Color::rgb(40, 96, 200),
    Color::rgb(222, 178, 40),
];

const LEVEL_FILL: [Color; 3] = [
    Color::rgb(92, 84, 110),
    Color::rgb(110, 96, 70),
    Color::rgb(70, 62, 58),
];

/// Where each location sits on the board.
pub fn loc_rect(loc: u8) -> Rect {
    match loc {
        0..=4 => rect(20.0 + loc as f32 * 242.0, 545.0, 232.0, 220.0),
        // Keytown reads right to left: stables F on the right, roundhouse I on the left.
        5..=8 => rect(20.0 + (8 - loc) as f32 * 302.0, 365.0, 292.0, 165.0),
        GUARD => rect(20.0, 140.0, 200.0, 210.0),
        _ => rect(230.0 + (loc - ROOM_K) as f32 * 198.0, 140.0, 190.0, 210.0),
    }
}

fn worker_label(
    k: &Keydoms,
    viewer: Option<usize>,
    seat: usize,
    strength: u8,
    up: bool,
) -> (String, String) {
    let name = &k.players[seat].name;
    if up || k.gp.solo_face_up {
        // Solo option: the lone player shows placed workers to everyone (cosmetic).
        (
            strength.to_string(),
            format!("{name}'s worker, strength {strength} (face up)"),
        )
    } else if viewer == Some(seat) {
        (
            strength.to_string(),
            format!("Your worker, strength {strength}: face down, only you know it"),
        )
    } else {
        ("?".into(), format!("{name}'s face-down worker"))
    }
}

pub fn view(k: &Keydoms, viewer: Option<usize>) -> View {
    let mut s = Scene::new(1600.0, 1000.0);
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
    s.panel(rect(10.0, 125.0, 1220.0, 235.0), LEVEL_FILL[0], Color::INK)
        .tooltip("The castle: the guard room and the five castle rooms where artefacts are bought");
    s.panel(rect(10.0, 360.0, 1220.0, 178.0), LEVEL_FILL[1], Color::INK)
        .tooltip("Keytown: stables, market, cottage and roundhouse");
    s.panel(rect(10.0, 540.0, 1220.0, 232.0), LEVEL_FILL[2], Color::INK)
        .tooltip("The dragons' caves: treasures on the ledges go to the strongest players");
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
        let mut tip = format!("{} ({}): {}", spec.name, spec.id, spec.help);
        if !active {
            tip.push_str(" Closed now: no workers may go here.");
        }
        let b = s.rect(r, fill, 8.0).id(format!("loc:{loc}")).tooltip(tip);
        if resolving == Some(loc) {
            b.highlight(Highlight::Active);
        }
        // A taboo marker shares the heading's line, on the right.
        let room = if k.m.taboo.contains(&loc) {
            taboo_right(loc, r) - drawn_w("TABOO", 16.0, false) - 8.0 - (r.x + 8.0)
        } else {
            r.w - 16.0
        };
        s.heading(
            pos(r.x + 8.0, r.y + 16.0),
            fit(
                &format!("{} {}", loc_letter(loc), loc_name(loc)),
                18.0,
                room,
                true,
            ),
            18.0,
            Color::INK,
        );
        if (loc as usize) < 5 {
            draw_cave(s, k, loc as usize, r);
        } else if loc == GUARD {
            let (txt, tip) = match (k.guard, k.guard_up) {
                (Some(g), true) => (
                    g.to_string(),
                    format!("The guard this round has strength {g}"),
                ),
                (Some(_), false) => ("?".into(), "This round's guard, still face down".into()),
                _ => ("-".into(), "No guard posted".into()),
            };
            s.token(
                pos(r.x + 170.0, r.y + 40.0),
                22.0,
                Color::rgb(120, 120, 140),
                txt,
            )
            .tooltip(tip);
            s.icon(pos(r.x + 130.0, r.y + 40.0), 24.0, Icon::Shield, Color::INK)
                .tooltip("Guard");
        } else if data::is_castle_room(loc) {
            draw_room(s, k, loc, r);
        } else {
            let icon = match loc {
                5 => Icon::Crown,
                6 => Icon::Coin,
                7 => Icon::Bed,
                _ => Icon::Card,
            };
            s.icon(pos(r.x + r.w - 24.0, r.y + 20.0), 26.0, icon, Color::INK)
                .tooltip(spec.help.clone());
        }
        draw_workers(s, k, viewer, loc, r);
    }
}

fn draw_cave(s: &mut Scene, k: &Keydoms, cave: usize, r: Rect) {
    for l in 0..LEDGES {
        let y = r.y + 40.0 + l as f32 * 28.0;
        s.rect(
            rect(r.x + 8.0, y, r.w - 16.0, 24.0),
            Color::rgb(210, 200, 180),
            4.0,
        )
        .tooltip(format!("Ledge {} of the {}", l + 1, loc_name(cave as u8)));
        let mut x = r.x + 22.0;
        for t in 0..TYPES {
            let v = k.caves[cave][l][t];
            if v == 0 {
                continue;
            }
            // The pieces the treasure card laid (substitutes included), not a split
            // worked out from the value.
            let large = k.cave_large[cave][l][t];
            let small = v.saturating_sub(large * LARGE);
            s.token(pos(x, y + 12.0), 14.6, TREASURE_COLORS[t], v.to_string())
                .tooltip(format!(
                    "{v} worth of {} ({large} large, {small} small)",
                    treasure_name(t)
                ));
            x += 32.0;
        }
    }
}

fn draw_room(s: &mut Scene, k: &Keydoms, loc: u8, r: Rect) {
    for (i, st) in k.room_stacks(loc).into_iter().enumerate() {
        let cr = rect(r.x + 10.0 + i as f32 * 88.0, r.y + 26.0, 78.0, 56.0);
        let stack = &k.stacks[st];
        match stack.last() {
            None => {
                s.rect(cr, Color::rgb(90, 90, 90), 6.0)
                    .tooltip("An empty artefact space");
            }
            Some(&a) if k.top_up[st] => {
                s.card(
                    cr,
                    Color::rgb(200, 180, 230),
                    None,
                    artefact_name(a),
                    format!("{}", stack.len()),
                )
                .id(format!("stack:{st}"))
                .tooltip(format!(
                    "{} on offer ({} tiles in this stack). {}",
                    artefact_name(a),
                    stack.len(),
                    COMPONENTS.artefacts[a as usize].help
                ));
            }
            Some(_) => {
                s.card_back(cr, Color::rgb(110, 90, 140), format!("{}", stack.len()))
                    .id(format!("stack:{st}"))
                    .tooltip(format!(
                        "A face-down stack of {} artefacts: the top one is turned up next round",
                        stack.len()
                    ));
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
            let (txt, tip) = worker_label(k, viewer, seat, w.strength, w.face_up);
            discs.push(Disc {
                label: disc_label(seat, &txt),
                seat,
                tip: format!("{} ({})", tip, Color::PLAYER_MARK[seat]),
                changed: false,
            });
        }
        for e in &k.m.extras {
            if e.seat != seat || e.loc != loc {
                continue;
            }
            let (label, tip) = if e.raven {
                (
                    "R3".to_string(),
                    format!(
                        "{}'s raven: an extra strength-3 worker here ({})",
                        k.players[seat].name,
                        Color::PLAYER_MARK[seat]
                    ),
                )
            } else {
                (
                    format!("M{}", e.strength),
                    format!(
                        "{}'s mirror image of a strength-{} worker ({})",
                        k.players[seat].name,
                        e.strength,
                        Color::PLAYER_MARK[seat]
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
    draw_discs(s, &discs, r, top);
    if k.m.taboo.contains(&loc) {
        s.text(
            pos(taboo_right(loc, r), r.y + 16.0),
            "TABOO",
            16.0,
            Color::rgb(200, 30, 30),
        )
        .align(Align::Right)
        .tooltip("Taboo: no more workers or ravens may come here this round");
    }
}

/// Discs in rows from `top` down to the foot of `r`, never on top of each other; when
/// more lie here than there is room for, the last disc counts the rest and its tooltip
/// names them.
fn draw_discs(s: &mut Scene, discs: &[Disc], r: Rect, top: f32) {
    let cols = ((r.w - 12.0 - 2.0 * DISC_R) / DISC_STEP).floor().max(0.0) as usize + 1;
    let rows = ((r.y + r.h - 2.0 - DISC_R - top) / DISC_STEP)
        .floor()
        .max(0.0) as usize
        + 1;
    let room = cols * rows;
    let shown = if discs.len() > room {
        room - 1
    } else {
        discs.len()
    };
    let at = |i: usize| {
        pos(
            r.x + 6.0 + DISC_R + (i % cols) as f32 * DISC_STEP,
            top + (i / cols) as f32 * DISC_STEP,
        )
    };
    for (i, d) in discs[..shown].iter().enumerate() {
        let b = s
            .token(at(i), DISC_R, Color::player(d.seat), d.label.clone())
            .tooltip(d.tip.clone());
        if d.changed {
            b.highlight(Highlight::Changed);
        }
    }
    if shown < discs.len() {
        let rest = &discs[shown..];
        let tips: Vec<&str> = rest.iter().map(|d| d.tip.as_str()).collect();
        s.token(
            at(shown),
            DISC_R,
            Color::rgb(90, 90, 90),
            format!("+{}", rest.len()),
        )
        .tooltip(format!("{} more here: {}", rest.len(), tips.join("; ")));
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

/// The right edge text in the side panel may reach.
const SIDE_RIGHT: f32 = 1582.0;

fn draw_side(s: &mut Scene, k: &Keydoms) {
    s.panel(
        rect(1240.0, 125.0, 350.0, 647.0),
        Color::rgb(50, 52, 60),
        Color::INK,
    );
    s.heading(pos(1255.0, 145.0), "Treasury", 22.0, Color::WHITE);
    for t in 0..TYPES {
        let y = 185.0 + t as f32 * 40.0;
        let v = k.treasury[t];
        let (large, small) = pieces(v);
        s.token(pos(1270.0, y), 16.0, TREASURE_COLORS[t], "")
            .id(format!("treasury:{t}"))
            .tooltip(format!(
                "Treasury {}: worth {v} (shown as {large} large and {small} small; a large is \
                 worth {LARGE} small and sizes may be swapped at any time)",
                treasure_name(t)
            ));
        s.text(
            pos(1295.0, y),
            format!("{v:>2}  {}", treasure_name(t)),
            20.0,
            Color::WHITE,
        );
    }
    let card = k
        .card_shown
        .map(|c| format!("Treasure card {c}"))
        .unwrap_or_else(|| "No treasure card".into());
    s.text(pos(1255.0, 400.0), card, 18.0, Color::WHITE)
        .tooltip("The treasure card turned up this round decides what lies in the caves");
    s.text(
        pos(1255.0, 430.0),
        format!("Treasure cards left: {}", k.card_deck.len()),
        18.0,
        Color::WHITE,
    );
    s.text(
        pos(1255.0, 460.0),
        format!("Artefacts left: {}", k.artefacts_left()),
        18.0,
        Color::WHITE,
    )
    .tooltip("Artefacts still in the castle's stacks");
    s.text(
        pos(1255.0, 490.0),
        fit(
            &format!("Start player: {}", k.name_of(k.start)),
            18.0,
            295.0,
            false,
        ),
        18.0,
        Color::WHITE,
    )
    .tooltip("The start player places first and wins ties; the stables can change it");
    s.icon(pos(1570.0, 490.0), 22.0, Icon::Star, Color::player(k.start));
    if k.magic() {
        s.card_back(
            rect(1255.0, 520.0, 70.0, 90.0),
            Color::rgb(90, 60, 130),
            format!("{}", k.m.deck.len()),
        )
        .id("spells:deck")
        .tooltip(format!(
            "The spell deck ({} cards); {} spells in the discard pile",
            k.m.deck.len(),
            k.m.discard.len()
        ));
        for (i, &sp) in k.m.offer.iter().enumerate() {
            s.card(
                rect(1255.0 + i as f32 * 80.0, 700.0, 74.0, 60.0),
                Color::rgb(225, 210, 245),
                Some(Color::rgb(90, 60, 130)),
                crate::data::spell_name(sp),
                format!("{sp}"),
            )
            .tooltip(format!(
                "Face up by the roundhouse (Foreknown): {}",
                crate::data::spell_help(sp)
            ));
        }
        let mut y = 535.0;
        if let Some(f) = k.m.substitute_from {
            s.text(
                pos(1340.0, y),
                fit(
                    &format!("Substitute from {} on", crate::data::loc_letter(f)),
                    16.0,
                    SIDE_RIGHT - 1340.0,
                    false,
                ),
                16.0,
                Color::WHITE,
            )
            .tooltip(
                "Strength-1 workers count 9 and strength-9 workers count 1 (not in the guard room)",
            );
            y += 24.0;
        }
        // Lines down to the responses below; the rest counted in the last line.
        let room = ((628.0 - y) / 24.0).floor().max(1.0) as usize;
        let shown = if k.m.casts.len() > room {
            room - 1
        } else {
            k.m.casts.len()
        };
        for c in &k.m.casts[..shown] {
            let text = format!(
                "{} casts {}",
                k.name_of(c.caster),
                crate::data::spell_name(c.spell)
            );
            s.text(
                pos(1340.0, y),
                fit(&text, 16.0, SIDE_RIGHT - 1340.0, false),
                16.0,
                Color::rgb(230, 200, 255),
            )
            .tooltip(format!("{text}: {}", crate::data::spell_help(c.spell)));
            y += 24.0;
        }
        if shown < k.m.casts.len() {
            let rest: Vec<String> = k.m.casts[shown..]
                .iter()
                .map(|c| {
                    format!(
                        "{} casts {}",
                        k.name_of(c.caster),
                        crate::data::spell_name(c.spell)
                    )
                })
                .collect();
            s.text(
                pos(1340.0, y),
                format!("{} more spells cast", rest.len()),
                16.0,
                Color::rgb(230, 200, 255),
            )
            .tooltip(rest.join("; "));
        }
        let prompt = crate::magic_view::window_prompt(k);
        let short = crate::magic_view::window_title(k);
        if !prompt.is_empty() {
            s.text(
                pos(1255.0, 640.0),
                "Responses, in turn order:",
                16.0,
                Color::WHITE,
            );
            s.text(
                pos(1255.0, 664.0),
                fit(&short, 16.0, SIDE_RIGHT - 1255.0, false),
                16.0,
                Color::rgb(255, 230, 150),
            )
            .tooltip(prompt);
            if let Some(seat) = k.window_seat() {
                s.text(
                    pos(1255.0, 688.0),
                    fit(
                        &format!(
                            "Now asking: {} ({})",
                            k.players[seat].name,
                            Color::PLAYER_MARK[seat]
                        ),
                        16.0,
                        SIDE_RIGHT - 1255.0,
                        false,
                    ),
                    16.0,
                    Color::player(seat),
                );
            }
        }
    }
}

/// Artefacts invoked this round lie in front of the screen for everyone to see: one
/// tile a row, as many rows as the panel holds.
fn draw_invoked_list(s: &mut Scene, k: &Keydoms, seat: usize, x: f32, y: f32) {
    let w = OWN.x + OWN.w - 8.0 - x;
    let mut i = 0;
    for a in 0..6u8 {
        for _ in 0..k.m.invoked[seat][a as usize] {
            let ty = y + i as f32 * 28.0;
            if ty + 24.0 > OWN.y + OWN.h {
                return;
            }
            s.rect(rect(x, ty, w, 24.0), Color::rgb(200, 180, 230), 4.0)
                .tooltip(format!(
                    "{} invoked the {} this round",
                    k.players[seat].name,
                    artefact_name(a)
                ));
            s.text(
                pos(x + 6.0, ty + 12.0),
                fit(artefact_name(a), 16.0, w - 12.0, false),
                16.0,
                Color::INK,
            );
            i += 1;
        }
    }
}

fn draw_opponents(s: &mut Scene, k: &Keydoms, viewer: Option<usize>) {
    let others: Vec<usize> = (0..k.n()).filter(|&p| Some(p) != viewer).collect();
    let w = 1580.0 / (others.len() + k.ghosts.len()).max(1) as f32;
    for g in 0..k.ghosts.len() {
        let r = rect(10.0 + (others.len() + g) as f32 * w, 8.0, w - 8.0, 110.0);
        crate::ghost_view::draw_ghost_mat(s, k, g, r);
    }
    for (i, &seat) in others.iter().enumerate() {
        let r = rect(10.0 + i as f32 * w, 8.0, w - 8.0, 110.0);
        let p = &k.players[seat];
        let w = r.w;
        s.panel(r, Color::rgb(60, 60, 66), Color::player(seat))
            .id(format!("seat:{seat}"))
            .tooltip(format!(
                "{}'s screen: what lies behind it is hidden, only the counts are public",
                p.name
            ));
        let star = if k.start == seat { " ★ start" } else { "" };
        let room = w - 20.0;
        s.heading(
            pos(r.x + 10.0, r.y + 18.0),
            fit(
                &format!("{} ({}){star}", p.name, Color::PLAYER_MARK[seat]),
                20.0,
                room,
                true,
            ),
            20.0,
            Color::player(seat),
        );
        let spells = k.magic().then(|| {
            (
                format!("Spells {}", k.m.hands[seat].len()),
                "Number of spell cards behind this screen (which ones is hidden)",
            )
        });
        let lines = [
            vec![
                (
                    format!("Treasure {}", p.total_treasure()),
                    "Total value of this player's treasures (the types are behind the screen)",
                ),
                (
                    format!("Artefacts {}", p.artefact_count()),
                    "Number of artefacts owned, the starting wand included",
                ),
            ],
            [(
                format!("Workers {}", p.unplaced().count()),
                "Workers still behind the screen, to be placed this round",
            )]
            .into_iter()
            .chain(spells)
            .collect(),
        ];
        for (l, items) in lines.iter().enumerate() {
            let y = r.y + 44.0 + l as f32 * 24.0;
            let mut x = r.x + 10.0;
            for (text, tip) in items {
                let t = fit(text, 16.0, r.x + w - 10.0 - x, false);
                let tw = drawn_w(&t, 16.0, false);
                s.text(pos(x, y), t, 16.0, Color::WHITE).tooltip(*tip);
                x += tw + 14.0;
            }
        }
        if k.magic() {
            let names: Vec<String> = (0..6u8)
                .filter(|&a| k.m.invoked[seat][a as usize] > 0)
                .map(|a| match k.m.invoked[seat][a as usize] {
                    1 => artefact_name(a).to_string(),
                    n => format!("{}×{n}", artefact_name(a)),
                })
                .collect();
            if !names.is_empty() {
                let text = format!("Invoked: {}", names.join(", "));
                s.text(
                    pos(r.x + 10.0, r.y + 92.0),
                    fit(&text, 16.0, room, false),
                    16.0,
                    Color::rgb(220, 200, 250),
                )
                .tooltip(format!(
                    "{text}: in front of {}'s screen this round",
                    p.name
                ));
            }
        }
    }
}

/// The viewer's own area under the board: two columns, left for what is behind the
/// screen (treasures, workers, artefacts), right for this round's magic.
const OWN: Rect = Rect {
    x: 10.0,
    y: 780.0,
    w: 1580.0,
    h: 212.0,
};
/// Where the right-hand (magic) column starts.
const OWN_RIGHT: f32 = 890.0;
/// Where "in front of your screen" starts inside the magic column.
const OWN_FRONT: f32 = 1360.0;

fn draw_own(s: &mut Scene, k: &Keydoms, me: usize) {
    let p = &k.players[me];
    s.panel(OWN, Color::rgb(58, 62, 58), Color::player(me))
        .id(format!("seat:{me}"))
        .tooltip("Your screen: only you see its contents");
    let star = if k.start == me {
        " ★ start player"
    } else {
        ""
    };
    s.heading(
        pos(25.0, 800.0),
        format!("{} ({}){star}", p.name, Color::PLAYER_MARK[me]),
        22.0,
        Color::player(me),
    );
    let label = "Treasures:";
    s.text(pos(25.0, 840.0), label, 18.0, Color::WHITE);
    let x0 = 25.0 + drawn_w(label, 18.0, false) + 16.0 + 18.0;
    for t in 0..TYPES {
        let v = p.treasure[t];
        // Room for each name at the size the host's 13-point floor draws it at 1280×800
        // (about 1.4× its canvas size), not just at its canvas size.
        let x = x0 + t as f32 * 145.0;
        let (large, small) = pieces(v);
        s.token(pos(x, 840.0), 18.0, TREASURE_COLORS[t], v.to_string())
            .id(format!("mine:{t}"))
            .tooltip(format!(
                "Your {}: worth {v} ({large} large, {small} small) — private",
                treasure_name(t)
            ));
        s.text(
            pos(x + 24.0, 840.0),
            treasure_singular(t as u8),
            16.0,
            Color::WHITE,
        );
    }
    let label = "Behind your screen:";
    s.text(pos(25.0, 890.0), label, 18.0, Color::WHITE);
    let x0 = 25.0 + drawn_w(label, 18.0, false) + 16.0 + 16.0;
    for (i, w) in p.unplaced().enumerate() {
        s.token(
            pos(x0 + i as f32 * 40.0, 890.0),
            16.0,
            Color::player(me),
            w.strength.to_string(),
        )
        .tooltip(format!(
            "Your worker of strength {} (not yet placed)",
            w.strength
        ));
    }
    let label = "Your artefacts:";
    s.text(pos(25.0, 948.0), label, 18.0, Color::WHITE);
    let mut x = 25.0 + drawn_w(label, 18.0, false) + 16.0;
    for a in 0..6u8 {
        let c = p.artefacts[a as usize];
        if c == 0 {
            continue;
        }
        s.card(
            rect(x, 920.0, 100.0, 56.0),
            Color::rgb(200, 180, 230),
            None,
            artefact_name(a),
            format!("×{c}"),
        )
        .id(format!("art:{a}"))
        .tooltip(format!(
            "{} ×{c} (private). {}",
            artefact_name(a),
            COMPONENTS.artefacts[a as usize].help
        ))
        .private();
        x += 106.0;
    }
    if k.magic() {
        draw_own_magic(s, k, me);
    }
}

/// The magic column: artefact uses, spells in hand, artefacts in front of the screen.
fn draw_own_magic(s: &mut Scene, k: &Keydoms, me: usize) {
    let used: u8 = k.m.invoked[me].iter().sum();
    s.text(
        pos(OWN_RIGHT, 800.0),
        format!(
            "Artefact uses this round: {used} of {}{}",
            k.m.allowance[me],
            if k.m.wand[me] { " · wand active" } else { "" }
        ),
        18.0,
        Color::WHITE,
    )
    .tooltip("One artefact per round, two after winning the cottage; an invoked wand lets you cast spells");
    // A private choice (spells drawn, a stack searched) takes the column's place while
    // it is open, so it covers nothing on the board.
    if let Some(Pending::Magic { seat, step }) = &k.pending
        && *seat == me
        && draw_private_choice(s, k, step)
    {
        return;
    }
    s.text(pos(OWN_RIGHT, 834.0), "Your spells:", 18.0, Color::WHITE);
    // Two rows of cards between the label and the panel's foot; a big hand makes the
    // cards narrower rather than spill out.
    let hand = &k.m.hands[me];
    let room = OWN_FRONT - 14.0 - OWN_RIGHT;
    let per_row = hand.len().div_ceil(2).max(4);
    let step = room / per_row as f32;
    for (i, &sp) in hand.iter().enumerate() {
        s.card(
            rect(
                OWN_RIGHT + (i % per_row) as f32 * step,
                850.0 + (i / per_row) as f32 * 66.0,
                step - 6.0,
                60.0,
            ),
            Color::rgb(225, 210, 245),
            Some(Color::rgb(90, 60, 130)),
            crate::data::spell_name(sp),
            format!("{sp}"),
        )
        .id(format!("spell:{sp}"))
        .tooltip(format!(
            "{} (private): {}",
            crate::data::spell_name(sp),
            crate::data::spell_help(sp)
        ))
        .private();
    }
    s.text(
        pos(OWN_FRONT, 834.0),
        "Invoked this round:",
        16.0,
        Color::WHITE,
    )
    .tooltip("Artefacts you invoked this round lie in front of your screen for all to see");
    draw_invoked_list(s, k, me, OWN_FRONT, 850.0);
}

fn status(k: &Keydoms) -> String {
    let phase = match k.stage {
        Stage::Setup => "Setting up".to_string(),
        Stage::RoundStart => "Starting a round".to_string(),
        Stage::StartTreasures => "Starting treasures".to_string(),
        Stage::Placing => "Placing workers".to_string(),
        Stage::Resolving => format!("Resolving {}", loc_name(k.cursor.loc.min(14))),
        Stage::Over => "Game over".to_string(),
    };
    match &k.pending {
        Some(p) => format!(
            "Round {} · {} · {} to act",
            k.round,
            phase,
            k.players[p.seat()].name
        ),
        None => format!("Round {} · {}", k.round, phase),
    }
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
        Pending::Place { .. } => "Place a worker face down on an open location".into(),
        Pending::NameStartPlayer { .. } => {
            "You won the stables: choose the new start player".into()
        }
        Pending::MarketGive { .. } => {
            "You won the market: trade one small treasure for three, or skip".into()
        }
        Pending::MarketTake { left, .. } => format!("Take {left} more small treasure(s)"),
        Pending::Bribe { owed, paid, .. } => format!(
            "The guard wants {owed}: {} paid so far. Pay one treasure at a time, or refuse",
            paid.iter().sum::<u8>()
        ),
        Pending::Buy {
            room,
            stack,
            need,
            paid,
            ..
        } => match stack {
            None => format!("Choose which artefact to buy in {}", loc_name(*room)),
            Some(_) => format!(
                "Buy in {}: pay {:?} in different treasure types ({} of {} paid)",
                loc_name(*room),
                need,
                paid.len(),
                need.len()
            ),
        },
    }
}

/// Cards only the deciding seat may see: spells just drawn, or a stack being searched,
/// in the own area's magic column. False when `step` shows no such cards.
fn draw_private_choice(s: &mut Scene, k: &Keydoms, step: &crate::magic::Step) -> bool {
    use crate::magic::Step;
    let (title, cards): (&str, Vec<(String, String)>) = match step {
        Step::Keep { drawn, .. } => (
            "Drawn spells (keep one):",
            drawn
                .iter()
                .map(|&sp| {
                    (
                        crate::data::spell_name(sp).to_string(),
                        crate::data::spell_help(sp).to_string(),
                    )
                })
                .collect(),
        ),
        Step::StackPick { stack, .. } => (
            "The stack, bottom to top:",
            k.stacks[*stack as usize]
                .iter()
                .map(|&a| {
                    (
                        artefact_name(a).to_string(),
                        COMPONENTS.artefacts[a as usize].help.clone(),
                    )
                })
                .collect(),
        ),
        _ => return false,
    };
    let x0 = OWN_RIGHT - 6.0;
    let right = OWN.x + OWN.w - 8.0;
    s.panel(
        rect(x0, 820.0, right - x0, OWN.y + OWN.h - 6.0 - 820.0),
        Color::rgb(40, 30, 60),
        Color::WHITE,
    );
    s.heading(pos(OWN_RIGHT, 838.0), title, 18.0, Color::WHITE);
    let step = ((right - 6.0 - OWN_RIGHT) / cards.len().max(1) as f32).min(122.0);
    for (i, (name, help)) in cards.iter().enumerate() {
        s.card(
            rect(OWN_RIGHT + i as f32 * step, 856.0, step - 6.0, 124.0),
            Color::rgb(225, 210, 245),
            Some(Color::rgb(90, 60, 130)),
            name.clone(),
            format!("{}", i + 1),
        )
        .tooltip(format!("{name} (only you see this): {help}"))
        .private();
    }
    true
}
