//! The full game's table during the building years, on a 1260×1064 canvas that fits beside
//! the log in the smallest window (1024×700) at the host's smallest scale: the central board
//! (8 places × 3 spaces with the minions on them) across the top, then the progress strip
//! (round and events, the Evilometer with a lettered counter per lord, the tavern, the room
//! store and the adventurers), and at the bottom the viewer's dungeon large on the left and
//! every other lord in a compact, enlargeable panel on the right.

use tavern_plugin_api::View;
use tavern_plugin_api::scene::{Color, Pos, Rect, Scene, pos, rect, stroke};

use crate::art;
use crate::data::{data, monster, room, trap};
use crate::full::{Stage, event_name};
use crate::model::{Dl, Lord, Phase};
use crate::names::{adv_name, season, square_name};
use crate::orders::{Minion, Place};
use crate::paint::{SMALL, TEXT, fit, line_h, list_or, marked, titled_panel, width, wrap};

const INK: Color = Color::INK;
const PAPER: Color = Color::PAPER;

/// The canvas: at the host's smallest scale (0.58) it is 731×617 points, inside the
/// 740×620 the table gets beside the log in a 1024×700 window; at 1280×800 its height
/// sets the scale, so the width beyond 1210 (room for each place's picture) costs nothing.
pub const WIDTH: f32 = 1260.0;
pub const HEIGHT: f32 = 1064.0;

const BOARD_Y: f32 = 8.0;
const PROGRESS_Y: f32 = 320.0;
const BOTTOM_Y: f32 = 668.0;
const BOTTOM_H: f32 = HEIGHT - 8.0 - BOTTOM_Y;
const OWN_W: f32 = 660.0;
const OTHERS_X: f32 = 8.0 + OWN_W + 8.0;
/// Width of the plaque carrying a central-board place's picture.
const PLAQUE_W: f32 = 58.0;

fn seat_colour(s: usize) -> Color {
    Color::player(s)
}

const NP_COLOUR: Color = Color::rgb(120, 120, 120);

pub fn view(g: &Dl, viewer: Option<usize>) -> View {
    let mut s = Scene::new(WIDTH, HEIGHT);
    art::backdrop(&mut s);
    let own = viewer.unwrap_or_else(|| g.focus()).min(g.n() - 1);
    board(&mut s, g, own, viewer == Some(own));
    dungeon(&mut s, g, own, viewer == Some(own));
    progress(&mut s, g, viewer);
    others(&mut s, g, own, viewer);
    View {
        scene: s,
        status: status(g),
        prompt: viewer
            .filter(|v| g.seats_to_act().contains(v))
            .and_then(|_| match g.phase {
                Phase::Build(st) => Some(prompt(g, st)),
                _ => None,
            })
            .unwrap_or_default(),
    }
}

fn short_place(p: Place) -> &'static str {
    match p {
        Place::GetFood => "Get Food",
        Place::Reputation => "Reputation",
        Place::DigTunnels => "Dig Tunnels",
        Place::MineGold => "Mine Gold",
        Place::RecruitImps => "Recruit Imps",
        Place::BuyTraps => "Buy Traps",
        Place::HireMonster => "Hire Monster",
        Place::BuildRoom => "Build Room",
    }
}

fn space_text(p: Place, i: u8) -> &'static str {
    match (p, i) {
        (Place::GetFood, 0) => "1g → 2 food",
        (Place::GetFood, 1) => "1 Evil → 3 food",
        (Place::GetFood, _) => "2 Evil → 3f + 1g",
        (Place::Reputation, 0) => "−1 Evil + spy",
        (Place::Reputation, 1) => "−2 Evil",
        (Place::Reputation, _) => "1g → −2 Evil + spy",
        (Place::DigTunnels, 0) => "up to 2",
        (Place::DigTunnels, 1) => "up to 3",
        (Place::DigTunnels, _) => "up to 4 + foreimp",
        (Place::MineGold, 0) => "up to 2",
        (Place::MineGold, 1) => "up to 3",
        (Place::MineGold, _) => "up to 4 + foreimp",
        (Place::RecruitImps, 0) => "1 food → 1 imp",
        (Place::RecruitImps, 1) => "2 food → 2 imps",
        (Place::RecruitImps, _) => "1f + 1g → 2 imps",
        (Place::BuyTraps, 0) => "1g → 1 trap",
        (Place::BuyTraps, 1) => "free → 1 trap",
        (Place::BuyTraps, _) => "2g → 2 traps",
        (Place::HireMonster, 2) => "cost + 1 food, first",
        (Place::HireMonster, _) => "its cost",
        (Place::BuildRoom, 0) => "free, last",
        (Place::BuildRoom, 1) => "1 gold",
        (Place::BuildRoom, _) => "1 gold, first",
    }
}

/// The central board: two rows of four places, each with spaces I–III. The viewer's
/// chosen orders carry their position in the title; orders out of the viewer's hand say so.
fn board(s: &mut Scene, g: &Dl, own: usize, is_viewer: bool) {
    let f = g.f();
    s.panel(
        rect(8.0, BOARD_Y, WIDTH - 16.0, 304.0),
        Color::rgb(60, 50, 40),
        PAPER,
    )
    .tooltip("The central board: each place has three spaces, I to III, filled in the order the orders are revealed.");
    // Once revealed, a lord's orders are public: the public table marks them too.
    let public = !matches!(g.phase, Phase::Build(Stage::Orders | Stage::Initial));
    let mine: Vec<u8> = if is_viewer || public {
        f.orders[own].clone()
    } else {
        Vec::new()
    };
    for (k, p) in Place::ALL.iter().enumerate() {
        let (col, row) = ((k % 4) as f32, (k / 4) as f32);
        let step = (WIDTH - 32.0) / 4.0;
        let x = 16.0 + col * step;
        let y = BOARD_Y + 8.0 + row * 150.0;
        let w = step - 8.0;
        let inacc = f.inacc[own].contains(&(k as u8));
        let fill = if inacc {
            Color::rgb(82, 74, 68)
        } else {
            Color::rgb(120, 96, 70)
        };
        let chosen = mine.iter().position(|&m| m == k as u8);
        let mut tip = format!("{}: carried out in board order", p.name());
        if p.reversed() {
            tip.push_str(" (here space III acts first)");
        }
        if inacc {
            tip.push_str(". This order is inaccessible to its lord this round.");
        }
        let item = s
            .rect(rect(x, y, w, 146.0), fill, 8.0)
            .id(format!("place:{k}"))
            .tooltip(tip);
        marked(item, chosen.is_some());
        let title = match chosen {
            Some(i) => format!("{}. {}", i + 1, short_place(*p)),
            None => short_place(*p).to_string(),
        };
        s.text(pos(x + 8.0, y + 17.0), title, TEXT, PAPER).bold();
        // The order card's state on the title row, right-aligned: out of hand, or done.
        let note = match chosen {
            Some(i) if f.done[own][i] => "carried out",
            _ if inacc => "not in hand",
            _ => "",
        };
        if !note.is_empty() {
            s.text(
                pos(x + w - 8.0, y + 17.0),
                note,
                SMALL,
                Color::rgb(236, 220, 190),
            )
            .align(tavern_plugin_api::scene::Align::Right);
        }
        // The place's picture on a dark plaque left of its spaces, so no text lies on it.
        let plaque = rect(x + 6.0, y + 38.0, PLAQUE_W, 104.0);
        s.rect(plaque, Color::rgb(58, 44, 32), 6.0);
        let side = PLAQUE_W - 6.0;
        s.image(
            rect(
                plaque.x + 3.0,
                plaque.y + (plaque.h - side) / 2.0,
                side,
                side,
            ),
            art::place(*p),
            p.name(),
        );
        let sx = plaque.x + PLAQUE_W + 4.0;
        for i in 0..3u8 {
            // Clear of the title by more than the host's ring around the current space.
            let sy = y + 38.0 + i as f32 * 36.0;
            let r = rect(sx, sy, x + w - 6.0 - sx, 32.0);
            space(s, g, k, i, r);
        }
    }
}

/// One action space: empty, it says what it costs and gives; taken, it names the minion
/// in its lord's colour with the position of the order that sent it.
fn space(s: &mut Scene, g: &Dl, k: usize, i: u8, r: Rect) {
    let f = g.f();
    let p = Place::from_index(k as u8);
    let who = f.board.spaces[k][i as usize];
    let (fillc, name) = match who {
        Some(Minion::Seat(w)) => (seat_colour(w), g.lords[w].name.clone()),
        Some(Minion::NonPlayer(_)) => (NP_COLOUR, "blocked".to_string()),
        None => (Color::rgb(220, 205, 170), String::new()),
    };
    let current = f.cur.is_some_and(|c| c.0 == k as u8 && c.1 == i);
    let numeral = ["I", "II", "III"][i as usize];
    let item = s
        .rect(r, fillc, 6.0)
        .id(format!("place:{k}/space:{i}"))
        .tooltip(format!(
            "Space {numeral}: {}{}{}",
            space_text(p, i),
            if name.is_empty() {
                String::new()
            } else {
                format!(". Minion: {name}")
            },
            if current {
                ". This order is being carried out now."
            } else {
                ""
            }
        ));
    marked(item, current);
    let at = pos(r.x + 8.0, r.y + r.h / 2.0);
    match who {
        None => {
            let t = format!("{numeral}  {}", space_text(p, i));
            s.text(at, fit(&t, r.w - 14.0, SMALL, false), SMALL, INK);
        }
        Some(m) => {
            let t = fit(&format!("{numeral}  {name}"), r.w - 54.0, SMALL, true);
            s.text(at, t, SMALL, Color::WHITE).bold();
            if let Minion::Seat(w) = m {
                reveal_badge(s, g, w, (k, i), pos(r.x + r.w - 20.0, r.y + r.h / 2.0));
            }
        }
    }
}

/// Orders turn face up one position at a time (the log tells them so, "1st order: ..."):
/// each minion carries the position of the order that sent it, so the board reads in the
/// same order as the log.
/// The badge is part of its space (its id under the space's), so a click on it is a click
/// on the space.
fn reveal_badge(s: &mut Scene, g: &Dl, seat: usize, (place, i): (usize, u8), at: Pos) {
    let nth = g.order_pos(seat, place as u8);
    s.circle(at, 14.0, PAPER)
        .stroke(stroke(1.5, INK))
        .id(format!("place:{place}/space:{i}/revealed:{seat}"))
        .tooltip(format!(
            "{}'s {} order, revealed in position {}",
            g.lords[seat].name,
            ["first", "second", "third"][nth],
            nth + 1
        ));
    s.text_centered(at, format!("{}", nth + 1), SMALL, INK)
        .bold();
}

/// The viewer's dungeon: the grid large, the lair and the party waiting as pictures under
/// it, and beside it the treasury, imps, Evil, traps and what the lord has spied.
fn dungeon(s: &mut Scene, g: &Dl, seat: usize, is_viewer: bool) {
    let l = &g.lords[seat];
    let f = g.f();
    let panel = rect(8.0, BOTTOM_Y, OWN_W, BOTTOM_H);
    titled_panel(
        s,
        panel,
        Color::rgb(34, 30, 28),
        format!("{}'s dungeon", l.name),
        seat_colour(seat),
        "Your dungeon: 5 columns by 4 rows, the entrance at A1.",
    );
    grid(s, l, seat, 22.0, BOTTOM_Y + 44.0, 56.0);
    gallery(s, g, seat, BOTTOM_Y + 290.0);
    let x = 372.0;
    let w = panel.x + panel.w - x - 12.0;
    let mut y = BOTTOM_Y + 22.0;
    let imps = format!(
        "Imps {} ({} busy){}",
        l.imps,
        f.busy[seat].min(l.imps + g.trolls(seat)),
        match g.trolls(seat) {
            0 => String::new(),
            t => format!(" · Trolls {t}"),
        }
    );
    let lines = [
        (format!("Gold {}", l.gold), art::GOLD, "Gold"),
        (format!("Food {}", l.food), art::FOOD, "Food"),
        (imps, art::IMP, "Imps"),
        (
            format!("Evil {} · Dead letters {}", l.evil, l.dead_letters),
            art::EVIL,
            "Evil",
        ),
    ];
    // Gold and food share the first line, each after its picture.
    for (k, (t, image, alt)) in lines.into_iter().enumerate() {
        let (tx, ty) = match k {
            0 => (x, y),
            1 => (x + 140.0, y),
            _ => (x, y),
        };
        art::icon(s, rect(tx - 30.0, ty - 12.0, 24.0, 24.0), image, alt);
        y = wrap(s, tx, ty, w - (tx - x), &t, PAPER);
        if k == 0 {
            y = ty;
        }
    }
    let traps: Vec<String> = l
        .traps
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(k, n)| format!("{}×{n}", trap(k as u8).name))
        .collect();
    let held: u8 = l.traps.iter().sum();
    // No cards is no secret: the lord's own table and the public one say the same.
    let trap_text = if is_viewer || held == 0 {
        format!("Traps: {}", list_or(&traps, "none"))
    } else {
        format!("Traps: {held} face down")
    };
    // Cards the viewer may not read show the trap cards' back.
    let (picture, alt) = if is_viewer || held == 0 {
        (art::TRAP_BACK, "Trap cards")
    } else {
        (art::TRAP_CARD_BACK, "Trap cards, face down")
    };
    art::icon(s, rect(x - 30.0, y - 12.0, 24.0, 24.0), picture, alt);
    y = wrap(s, x, y, w, &trap_text, PAPER);
    let lair: Vec<String> = l
        .lair
        .iter()
        .map(|m| monster(m.kind).name.clone())
        .collect();
    y = wrap(
        s,
        x,
        y,
        w,
        &format!("Lair: {}", list_or(&lair, "empty")),
        PAPER,
    );
    let rooms: Vec<String> = (0..20u8)
        .filter_map(|sq| {
            let t = l.grid[sq as usize]?;
            t.room.map(|r| {
                let state = if t.conquered { ", conquered" } else { "" };
                format!("{} ({}{state})", room(r).name, square_name(sq))
            })
        })
        .collect();
    y = wrap(
        s,
        x,
        y,
        w,
        &format!("Rooms: {}", list_or(&rooms, "none")),
        PAPER,
    );
    let party: Vec<String> = l.party.iter().map(|a| adv_name(a.id)).collect();
    y = wrap(
        s,
        x,
        y,
        w,
        &format!("Adventurers waiting: {}", list_or(&party, "none")),
        PAPER,
    );
    // Orders chosen and out of hand are on the board; a spectator's board shows the
    // minions only, so the dungeon names the orders once they are public.
    let shown = !is_viewer && !matches!(g.phase, Phase::Build(Stage::Orders));
    if shown && !f.orders[seat].is_empty() {
        let o: Vec<String> = f.orders[seat]
            .iter()
            .enumerate()
            .map(|(i, &p)| {
                let mark = if f.done[seat][i] { " ✓" } else { "" };
                format!("{}. {}{mark}", i + 1, short_place(Place::from_index(p)))
            })
            .collect();
        y = wrap(s, x, y, w, &format!("Orders: {}", o.join(", ")), PAPER);
    }
    // Drawn for this panel's lord in the public view too (which shows the lord to act),
    // so that only real secrets tell a lord's table from the public one.
    let button = rect(x, panel.y + panel.h - 52.0, w, 40.0);
    let drawn = decision_button(s, g, seat, button);
    // The spied cards are also marked on the combat cards beside the room store: while
    // the button takes the foot of the panel, the line gives way when it would reach it.
    let spied_lines = 1.0 + (l.spied.len() > 2) as u8 as f32;
    let room = !drawn || y + spied_lines * line_h() < button.y;
    if is_viewer && !l.spied.is_empty() && room {
        let seen: Vec<String> = l
            .spied
            .iter()
            .filter_map(|&r| {
                g.cards
                    .get(r as usize - 1)
                    .map(|&c| format!("{} (round {r})", crate::data::card(c).name))
            })
            .collect();
        wrap(
            s,
            x,
            y,
            w,
            &format!("Spied combat cards: {}", seen.join(", ")),
            Color::rgb(240, 210, 120),
        );
    }
}

/// The button of a decision about no component (confirming the orders or the kept order,
/// ending production, paying taxes), at the foot of the lord's own panel, when it is
/// legal.
fn decision_button(s: &mut Scene, g: &Dl, seat: usize, r: Rect) -> bool {
    for id in ["button:confirm", "button:pass", "button:taxes"] {
        if let Some((id, label)) = crate::paint::legal_button(g, seat, id) {
            // The tooltips name no secret: the orders stay hidden until all confirm.
            let (short, tip) = match g.phase {
                Phase::Build(Stage::Orders) => (
                    "Place orders face down",
                    "Place your three orders face down: they are revealed when every lord has placed them".to_string(),
                ),
                Phase::Build(Stage::Initial) => (
                    "Confirm the orders",
                    "Keep the chosen order in hand; the other two become inaccessible".to_string(),
                ),
                Phase::Build(Stage::Production(_)) => ("Done producing", label.clone()),
                Phase::Build(Stage::Taxes(_)) => (
                    "Pay taxes",
                    "Taxes: choose how much gold to pay (the amounts open from here); each gold unpaid is a mark in the Dead Letter Office".to_string(),
                ),
                _ => (label.as_str(), label.clone()),
            };
            crate::paint::button(s, r, &id, short, &tip);
            return true;
        }
    }
    false
}

/// Under the grid, the lair's monsters and the adventurers waiting as pictures (names in
/// the tooltips and in the lines beside the grid).
fn gallery(s: &mut Scene, g: &Dl, seat: usize, y0: f32) {
    let l = &g.lords[seat];
    let rows = [("Lair", lair_pictures(l)), ("Waiting", party_pictures(l))];
    for (k, (title, pics)) in rows.iter().enumerate() {
        let y = y0 + k as f32 * 50.0;
        s.text(pos(22.0, y + 22.0), *title, SMALL, PAPER).bold();
        let step = (240.0 / pics.len().max(1) as f32).min(48.0);
        if pics.is_empty() {
            let none = if k == 0 { "empty" } else { "none" };
            s.text(pos(112.0, y + 22.0), none, SMALL, PAPER);
        }
        for (i, (image, name)) in pics.iter().enumerate() {
            let item = s.image(
                rect(112.0 + i as f32 * step, y, step - 4.0, step - 4.0),
                *image,
                name.clone(),
            );
            // A monster in the lair is the table target of its wage on Pay Day.
            match l.lair.get(i).filter(|_| k == 0) {
                Some(m) => {
                    item.id(format!("lair:{seat}:{}", m.kind))
                        .tooltip(format!("{name}: wage {} on Pay Day", monster(m.kind).wage));
                }
                None => {
                    item.tooltip(name.clone());
                }
            }
        }
    }
}

fn lair_pictures(l: &Lord) -> Vec<(&'static str, String)> {
    l.lair
        .iter()
        .map(|m| {
            let d = monster(m.kind);
            (art::monster(&d.key), d.name.clone())
        })
        .collect()
}

fn party_pictures(l: &Lord) -> Vec<(&'static str, String)> {
    l.party
        .iter()
        .map(|a| {
            (
                art::adventurer(crate::data::adv(a.id).class),
                adv_name(a.id),
            )
        })
        .collect()
}

/// A tile's picture inside its edge, so the host's highlight of the tile stays visible.
fn inset(r: tavern_plugin_api::scene::Rect) -> tavern_plugin_api::scene::Rect {
    rect(r.x + 3.0, r.y + 3.0, r.w - 6.0, r.h - 6.0)
}

pub(crate) fn grid(s: &mut Scene, l: &Lord, seat: usize, x0: f32, y0: f32, tile: f32) {
    for sq in 0..20u8 {
        let r = crate::paint::square(x0, y0, tile, sq);
        let name = square_name(sq);
        match l.grid[sq as usize] {
            None => crate::paint::rock(
                s,
                r,
                Some(format!("tile:{seat}:{sq}")),
                format!("{name}: solid rock"),
            ),
            Some(t) => {
                let (fill, picture, _) = crate::paint::tile_look(&t);
                let what = match t.room {
                    Some(r) => format!("{}: {}", room(r).name, room(r).help),
                    None => "Tunnel".into(),
                };
                let tip = format!(
                    "{name}: {what}{}",
                    if t.conquered { " (conquered)" } else { "" }
                );
                s.rect(r, fill, 4.0)
                    .id(format!("tile:{seat}:{sq}"))
                    .tooltip(tip);
                // An unconquered tunnel shows its passage and a room its doorway; a
                // conquered tile shows the adventurers' banner on the pale floor, so the
                // state reads at a glance. Rooms are named in the dungeon's Rooms line.
                s.image(inset(r), picture, "");
            }
        }
    }
}

/// Progress, Evilometer, tavern, room store and the adventurers.
fn progress(s: &mut Scene, g: &Dl, viewer: Option<usize>) {
    let f = g.f();
    let x = 8.0;
    let y0 = PROGRESS_Y;
    s.panel(
        rect(x, y0, WIDTH - 16.0, BOTTOM_Y - 8.0 - y0),
        Color::rgb(46, 40, 52),
        PAPER,
    );
    let stage = match g.phase {
        Phase::Build(st) => stage_name(st),
        Phase::Over => "final scoring".into(),
        _ => "combat".into(),
    };
    let round = match f.bround {
        0 => "before round 1".to_string(),
        r => format!("round {r} of 4 ({})", season(r)),
    };
    s.text(
        pos(x + 14.0, y0 + 22.0),
        format!("Year {} · {round} · {stage}", g.year),
        TEXT,
        PAPER,
    )
    .bold();
    s.text(
        pos(x + 680.0, y0 + 22.0),
        format!(
            "Start player: {} · Paladin (Evil {}+): {}",
            fit(&g.lords[g.start].name, 180.0, SMALL, false),
            data().evilometer.paladin,
            if g.paladin_tent.is_some() {
                "in his tent"
            } else {
                "set out"
            }
        ),
        SMALL,
        PAPER,
    );
    let events: Vec<String> = (2..=4)
        .map(|r| match f.events[r] {
            Some(e) => format!("round {r}: {}", event_name(e)),
            None => format!("round {r}: ?"),
        })
        .collect();
    let special = f.special[g.year as usize]
        .map(|c| format!(" · Special: {}", data().special_events[c as usize].name))
        .unwrap_or_default();
    s.text(
        pos(x + 14.0, y0 + 50.0),
        fit(
            &format!("Events: {}{special}", events.join(", ")),
            WIDTH - 48.0,
            SMALL,
            false,
        ),
        SMALL,
        PAPER,
    )
    .tooltip(
        f.special[g.year as usize]
            .map(|c| data().special_events[c as usize].help.clone())
            .unwrap_or_else(|| {
                "The three event tiles of the year, one per round from spring.".into()
            }),
    );
    evilometer(s, g, x + 14.0, y0 + 68.0);
    market(s, g, x + 14.0, y0 + 160.0, viewer);
    let names = |v: &[u8]| -> String {
        let n: Vec<String> = v.iter().map(|&a| adv_name(a)).collect();
        list_or(&n, "none")
    };
    let w = WIDTH - 48.0;
    let mut y = y0 + 270.0;
    if !f.incoming.is_empty() {
        let t = format!(
            "Arriving this round (weakest first): {}",
            names(&f.incoming)
        );
        s.text(pos(x + 14.0, y), fit(&t, w, SMALL, false), SMALL, PAPER)
            .tooltip(t);
        y += line_h();
    }
    let t = format!("Next round's adventurers: {}", names(&f.forecast));
    s.text(pos(x + 14.0, y), fit(&t, w, SMALL, false), SMALL, PAPER)
        .tooltip(t);
    y += line_h();
    let np: Vec<String> =
        f.np.iter()
            .enumerate()
            .map(|(k, n)| {
                let o: Vec<&str> = n
                    .inacc
                    .iter()
                    .map(|&p| short_place(Place::from_index(p)))
                    .collect();
                format!("non-player {}: {}", k + 1, o.join(", "))
            })
            .collect();
    if !np.is_empty() {
        let t = format!("Inaccessible — {}", np.join("; "));
        s.text(pos(x + 14.0, y), fit(&t, w, SMALL, false), SMALL, PAPER)
            .tooltip(t);
    }
}

/// The Evilometer: one cell per space, the paladin's spaces red; each lord's counter is a
/// disc in its colour with its letter, the non-player counter a grey disc marked N.
fn evilometer(s: &mut Scene, g: &Dl, x: f32, y: f32) {
    let f = g.f();
    let ev = &data().evilometer;
    let cw = (WIDTH - 16.0 - 28.0) / (ev.top as f32 + 1.0);
    for v in 0..=ev.top {
        let cx = x + v as f32 * cw;
        let fill = if v >= ev.paladin {
            Color::rgb(150, 60, 60)
        } else {
            Color::rgb(90, 80, 100)
        };
        s.rect(rect(cx, y, cw - 4.0, 84.0), fill, 4.0)
            .tooltip(if v == ev.paladin {
                format!("Evil {v}: the paladin's line")
            } else {
                format!("Evil {v}")
            });
        s.text(pos(cx + 6.0, y + 14.0), format!("{v}"), SMALL, PAPER)
            .bold();
        let mut marks: Vec<(Color, &str, String)> = g
            .lords
            .iter()
            .enumerate()
            .filter(|(_, l)| l.evil == v)
            .map(|(i, l)| {
                (
                    seat_colour(i),
                    Color::PLAYER_MARK[i % Color::PLAYER_MARK.len()],
                    format!("{}: Evil {v}", l.name),
                )
            })
            .collect();
        if f.np_evil == Some(v) {
            marks.push((NP_COLOUR, "N", "The non-player Evil counter".into()));
        }
        for (k, (c, letter, tip)) in marks.into_iter().enumerate() {
            let at = pos(
                cx + 18.0 + (k % 2) as f32 * 28.0,
                y + 40.0 + (k / 2) as f32 * 27.0,
            );
            s.circle(at, 12.5, c).stroke(stroke(1.5, INK)).tooltip(tip);
            s.text_centered(at, letter, SMALL, Color::WHITE).bold();
        }
    }
}

/// The tavern's monsters (name and wage beside the picture) and the room store.
fn market(s: &mut Scene, g: &Dl, x: f32, y: f32, viewer: Option<usize>) {
    let f = g.f();
    // The widest wage ("1 monster fed + 1 evil") fits beside its monster's name.
    let cards_x = x + 86.0;
    let cw = (WIDTH - 24.0 - cards_x) / 3.0;
    s.text(pos(x, y + 20.0), "Tavern", TEXT, PAPER).bold();
    for (i, &k) in f.tavern.iter().enumerate() {
        let r = rect(cards_x + i as f32 * cw, y, cw - 8.0, 40.0);
        let m = monster(k);
        s.rect(r, Color::rgb(84, 58, 38), 6.0)
            .id(format!("tavern:{k}"))
            .tooltip(format!(
                "{}: costs {}. {}",
                m.name,
                m.wage,
                m.modes
                    .iter()
                    .map(|x| x.label.as_str())
                    .collect::<Vec<_>>()
                    .join("; or ")
            ));
        // The monster in the tavern's nook at the tile's head, the words on the plain wood.
        s.image(rect(r.x + 3.0, r.y + 4.0, 48.0, 32.0), art::TAVERN, "");
        s.image(
            rect(r.x + 12.0, r.y + 5.0, 30.0, 30.0),
            art::monster(&m.key),
            m.name.clone(),
        );
        let name_w = width(&m.name, SMALL, true);
        s.text(
            pos(r.x + 56.0, y + 20.0),
            m.name.clone(),
            SMALL,
            Color::WHITE,
        )
        .bold();
        let wx = r.x + 56.0 + name_w + 10.0;
        s.text(
            pos(wx, y + 20.0),
            fit(&m.wage, r.x + r.w - wx - 6.0, SMALL, false),
            SMALL,
            Color::rgb(236, 230, 200),
        );
    }
    // Rows 40 tall, 8 apart: the glow of a card to choose stays off the lines below.
    let y = y + 48.0;
    s.text(pos(x, y + 20.0), "Rooms", TEXT, PAPER).bold();
    for (i, &r) in f.store.iter().enumerate() {
        let rr = rect(cards_x + i as f32 * cw, y, cw - 8.0, 40.0);
        s.rect(rr, Color::rgb(104, 60, 120), 6.0)
            .id(format!("store:{r}"))
            .tooltip(format!("{}: {}", room(r).name, room(r).help));
        s.image(
            rect(rr.x + 4.0, rr.y + 2.0, 36.0, 36.0),
            art::room(&room(r).key),
            room(r).name.clone(),
        );
        s.text(
            pos(rr.x + 52.0, y + 20.0),
            fit(&room(r).name, rr.w - 58.0, SMALL, false),
            SMALL,
            Color::WHITE,
        );
    }
    combat_cards(s, g, cards_x + 2.0 * cw, y, cw - 8.0, viewer);
}

/// This year's four combat cards, face down beside the room store, one per combat round:
/// the targets of spying (Improve Reputation I and III). A card the viewer has spied
/// wears the mark and names itself in its tooltip.
fn combat_cards(s: &mut Scene, g: &Dl, x: f32, y: f32, w: f32, viewer: Option<usize>) {
    if g.cards.is_empty() {
        return;
    }
    let cw = (w - 3.0 * 8.0) / 4.0;
    for round in 1..=4u8 {
        let r = rect(x + (round - 1) as f32 * (cw + 8.0), y, cw, 40.0);
        let seen = viewer
            .filter(|&v| g.lords[v].spied.contains(&round))
            .and_then(|_| g.cards.get(round as usize - 1).copied());
        let tip = match seen {
            Some(c) => format!(
                "Combat card for combat round {round}, face down. You spied it: {}. {}",
                crate::data::card(c).name,
                crate::data::card(c).help
            ),
            None => format!(
                "Combat card for combat round {round}, face down until that round's plans are made. Improve Reputation I or III lets you spy on one."
            ),
        };
        let item = s
            .rect(r, Color::rgb(70, 40, 44), 6.0)
            .id(format!("card:{round}"))
            .tooltip(tip);
        marked(item, seen.is_some());
        let label = if seen.is_some() {
            format!("{round}: seen")
        } else {
            format!("Card {round}")
        };
        s.text_centered(
            r.center(),
            fit(&label, cw - 8.0, SMALL, false),
            SMALL,
            PAPER,
        );
    }
}

/// Every other lord, compact and enlargeable: resources, traps face down, the lair and the
/// party waiting (as words while there is room, else as pictures) and a small grid.
fn others(s: &mut Scene, g: &Dl, own: usize, viewer: Option<usize>) {
    let others: Vec<usize> = (0..g.n()).filter(|&i| i != own).collect();
    let h = (BOTTOM_H + 8.0) / others.len().max(1) as f32;
    let w = WIDTH - 8.0 - OTHERS_X;
    for (k, &i) in others.iter().enumerate() {
        let l = &g.lords[i];
        let y = BOTTOM_Y + k as f32 * h;
        let r = rect(OTHERS_X, y, w, h - 8.0);
        s.panel(r, Color::rgb(40, 36, 34), seat_colour(i));
        s.enlargeable(r, format!("{}'s dungeon", l.name));
        let tile = ((r.h - 16.0) / 4.0 - 4.0).min(36.0);
        let gx = r.x + r.w - 8.0 - 5.0 * (tile + 4.0);
        grid(s, l, i, gx, y + 8.0, tile);
        let tw = gx - r.x - 24.0;
        let x = r.x + 12.0;
        let mark = Color::PLAYER_MARK[i % Color::PLAYER_MARK.len()];
        let held: u8 = l.traps.iter().sum();
        let name_end = if viewer == Some(i) {
            x + tw
        } else {
            crate::paint::face_down_traps(s, x + tw, y + 18.0, held, &l.name, 28.0) - 8.0
        };
        s.text(
            pos(x, y + 18.0),
            fit(&format!("{} ({mark})", l.name), name_end - x, TEXT, true),
            TEXT,
            seat_colour(i),
        )
        .bold();
        let traps = if viewer == Some(i) {
            format!("Traps {held}")
        } else {
            format!("Traps {held} face down")
        };
        let facts = [
            format!("Gold {}", l.gold),
            format!("Food {}", l.food),
            format!("Imps {}", l.imps),
            format!("Evil {}", l.evil),
            traps,
            format!("Dead letters {}", l.dead_letters),
        ];
        let mut ty = y + 46.0;
        for line in pack(&facts, tw) {
            s.text(pos(x, ty), line, SMALL, PAPER);
            ty += line_h();
        }
        ty += 2.0;
        let lair: Vec<&str> = l
            .lair
            .iter()
            .map(|m| monster(m.kind).name.as_str())
            .collect();
        let party: Vec<String> = l.party.iter().map(|a| adv_name(a.id)).collect();
        let words = [
            format!("Lair: {}", list_or(&lair, "empty")),
            format!("Waiting: {}", list_or(&party, "none")),
        ];
        let needed: f32 = words
            .iter()
            .map(|t| {
                tavern_plugin_api::scene::wrap_lines(
                    t,
                    tavern_plugin_api::scene::drawn_size(SMALL),
                    tw,
                    false,
                )
                .len() as f32
                    * line_h()
                    + 2.0
            })
            .sum();
        if ty + needed <= r.y + r.h - 4.0 {
            for t in &words {
                ty = wrap(s, x, ty, tw, t, PAPER);
            }
        } else {
            pictures_row(s, l, x, ty - 12.0, tw);
        }
    }
}

/// Short facts joined with " · " into as few lines of width `w` as they fit, never
/// breaking a fact ("Traps 2 face down" stays together).
fn pack(facts: &[String], w: f32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for f in facts {
        match lines.last_mut() {
            Some(l) if width(&format!("{l} · {f}"), SMALL, false) <= w => {
                l.push_str(" · ");
                l.push_str(f);
            }
            _ => lines.push(f.clone()),
        }
    }
    lines
}

/// A compact lord's lair and party as small pictures on one line, names in the tooltips.
fn pictures_row(s: &mut Scene, l: &Lord, x: f32, y: f32, w: f32) {
    let lair = lair_pictures(l);
    let party = party_pictures(l);
    let label_w = width("Lair", SMALL, true) + 8.0;
    let half = w / 2.0;
    // The same words as the own dungeon's rows: "Lair" and "Waiting".
    for (k, (title, pics)) in [("Lair", lair), ("Waiting", party)].into_iter().enumerate() {
        let lx = x + k as f32 * half;
        s.text(pos(lx, y + 12.0), title, SMALL, PAPER).bold();
        let px = lx + label_w.max(width("Waiting", SMALL, true) + 8.0);
        let step = ((half - (px - lx) - 6.0) / pics.len().max(1) as f32).min(28.0);
        if pics.is_empty() {
            s.text(pos(px, y + 12.0), "—", SMALL, PAPER);
        }
        for (i, (image, name)) in pics.iter().enumerate() {
            s.image(
                rect(px + i as f32 * step, y, step - 2.0, step - 2.0),
                *image,
                name.clone(),
            )
            .tooltip(name.clone());
        }
    }
}

fn stage_name(st: Stage) -> String {
    match st {
        Stage::Initial => "choosing inaccessible orders".into(),
        Stage::Orders => "choosing orders".into(),
        Stage::Exec => "carrying out orders".into(),
        Stage::Discard(_) => "discarding a trap".into(),
        Stage::Tunnel(_) => "Tool Shed tunnel".into(),
        Stage::Production(_) => "production".into(),
        Stage::Retrieve(_) => "taking orders back".into(),
        Stage::PayDay(_) => "Pay Day".into(),
        Stage::Taxes(_) => "Taxes".into(),
    }
}

pub fn status(g: &Dl) -> String {
    let round = match g.full.as_ref().map(|f| f.bround).unwrap_or(0) {
        // The initial orders are chosen before the first round begins.
        0 => "before the first building round".to_string(),
        r => format!("building round {r} ({})", season(r)),
    };
    match g.phase {
        Phase::Build(st) => format!("Year {} · {round} · {}", g.year, stage_name(st)),
        Phase::Over => format!("Year {} · final scoring", g.year),
        _ => format!("Year {}", g.year),
    }
}

pub fn prompt(g: &Dl, st: Stage) -> String {
    match st {
        Stage::Initial => "Choose which of the three drawn orders stays in your hand.".into(),
        Stage::Orders => {
            if g.n() == 2 {
                "Choose three orders in the order they will be revealed, then the non-player colour's third order, and confirm.".into()
            } else {
                "Choose three orders in the order they will be revealed, then confirm.".into()
            }
        }
        Stage::Exec => match g.f().cur {
            Some((p, i, _)) => format!(
                "Carry out {} (space {}) or let it go.",
                Place::from_index(p).name(),
                ["I", "II", "III"][i as usize]
            ),
            None => String::new(),
        },
        Stage::Discard(_) => "Discard one of the trap cards you just drew.".into(),
        Stage::Tunnel(_) => "Place the Tool Shed's tunnel.".into(),
        Stage::Production(_) => {
            "Put free imps (and trolls) to work in your rooms, or finish.".into()
        }
        Stage::Retrieve(_) => "Take back your first order, or one that was not carried out.".into(),
        Stage::PayDay(_) => "Pay this monster's wage or let it go.".into(),
        Stage::Taxes(_) => {
            "Pay your taxes; each unpaid gold is a mark in the Dead Letter Office.".into()
        }
    }
}
