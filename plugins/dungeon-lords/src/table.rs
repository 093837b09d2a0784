//! The full game's table during the building years: the central board (8 places × 3
//! spaces with the minions on them) at the top left, the viewer's dungeon large below it,
//! and on the right the progress board, the Evilometer, the tavern and room store, the
//! adventurers waiting and every other lord in a compact panel. Canvas 1600×1000, drawn
//! at 0.8 at 1280×800, so 17-unit text stays above the 13-point floor.

use tavern_plugin_api::View;
use tavern_plugin_api::scene::{Color, Highlight, Pos, Scene, pos, rect, stroke};

use crate::art;
use crate::data::{data, monster, room, trap};
use crate::labels::{adv_name, square_name};
use crate::model::{Dl, Lord, Phase, TileKind};
use crate::orders::{Minion, Place};
use crate::year::{Stage, event_name};

const TEXT: f32 = 18.0;
const SMALL: f32 = 17.0;
const INK: Color = Color::INK;
const PAPER: Color = Color::PAPER;

fn seat_colour(s: usize) -> Color {
    Color::player(s)
}

const NP_COLOUR: Color = Color::rgb(120, 120, 120);

pub fn view(g: &Dl, viewer: Option<usize>) -> View {
    let mut s = Scene::new(1600.0, 1000.0);
    art::backdrop(&mut s);
    let own = viewer.unwrap_or(g.start).min(g.n() - 1);
    board(&mut s, g, own, viewer == Some(own));
    dungeon(&mut s, g, own, viewer == Some(own));
    progress(&mut s, g);
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

/// The central board: two rows of four places, each with spaces I–III.
fn board(s: &mut Scene, g: &Dl, own: usize, is_viewer: bool) {
    let f = g.f();
    s.panel(rect(10.0, 10.0, 820.0, 430.0), Color::rgb(60, 50, 40), PAPER)
        .tooltip("The central board: each place has three spaces, I to III, filled in the order the orders are revealed.");
    let mine: Vec<u8> = if is_viewer {
        f.orders[own].clone()
    } else {
        Vec::new()
    };
    for (k, p) in Place::ALL.iter().enumerate() {
        let (col, row) = ((k % 4) as f32, (k / 4) as f32);
        let x = 20.0 + col * 202.0;
        let y = 20.0 + row * 208.0;
        let inacc = f.inacc[own].contains(&(k as u8));
        let fill = if inacc {
            Color::rgb(90, 80, 72)
        } else {
            Color::rgb(120, 96, 70)
        };
        let chosen = mine.iter().position(|&m| m == k as u8);
        let mut tip = format!("{}: carried out in board order", p.name());
        if p.reversed() {
            tip.push_str(" (here space III acts first)");
        }
        if inacc {
            tip.push_str(". This order is inaccessible to you this round.");
        }
        s.rect(rect(x, y, 194.0, 200.0), fill, 8.0)
            .id(format!("place:{k}"))
            .tooltip(tip)
            .highlight(if chosen.is_some() {
                Highlight::Active
            } else {
                Highlight::None
            });
        let title = match chosen {
            Some(i) => format!("{}. {}", i + 1, short_place(*p)),
            None => short_place(*p).to_string(),
        };
        s.text(pos(x + 8.0, y + 18.0), title, TEXT, PAPER).bold();
        for i in 0..3u8 {
            let sy = y + 40.0 + i as f32 * 53.0;
            let r = rect(x + 6.0, sy, 182.0, 48.0);
            let who = f.board.spaces[k][i as usize];
            let (fillc, name) = match who {
                Some(Minion::Seat(w)) => (seat_colour(w), g.lords[w].name.clone()),
                Some(Minion::NonPlayer(_)) => (NP_COLOUR, "blocked".to_string()),
                None => (Color::rgb(220, 205, 170), String::new()),
            };
            let current = f.cur.is_some_and(|c| c.0 == k as u8 && c.1 == i);
            s.rect(r, fillc, 6.0)
                .id(format!("space:{k}:{i}"))
                .tooltip(format!(
                    "Space {}: {}{}",
                    ["I", "II", "III"][i as usize],
                    space_text(*p, i),
                    if name.is_empty() {
                        String::new()
                    } else {
                        format!(". Minion: {name}")
                    }
                ))
                .highlight(if current {
                    Highlight::Active
                } else {
                    Highlight::None
                });
            // An occupied space names its minion; the cost stays in the tooltip.
            let numeral = ["I", "II", "III"][i as usize];
            if name.is_empty() {
                s.text(
                    pos(x + 12.0, sy + 24.0),
                    format!("{numeral} {}", space_text(*p, i)),
                    SMALL,
                    INK,
                );
            } else {
                s.text(
                    pos(x + 12.0, sy + 24.0),
                    format!("{numeral} {}", clip(&name, 12)),
                    SMALL,
                    Color::WHITE,
                )
                .bold();
            }
            if let Some(Minion::Seat(w)) = who {
                reveal_badge(s, g, w, k, pos(x + 168.0, sy + 24.0));
            }
        }
    }
}

/// Orders turn face up one position at a time (the log tells them so, "1st order: ..."):
/// each minion carries the position of the order that sent it, so the board reads in the
/// same order as the log.
fn reveal_badge(s: &mut Scene, g: &Dl, seat: usize, place: usize, at: Pos) {
    let nth = g.order_pos(seat, place as u8);
    s.circle(at, 15.0, PAPER)
        .stroke(stroke(1.5, INK))
        .id(format!("revealed:{place}:{seat}"))
        .tooltip(format!(
            "{}'s {} order, revealed in position {}",
            g.lords[seat].name,
            ["first", "second", "third"][nth],
            nth + 1
        ));
    s.text_centered(at, format!("{}", nth + 1), SMALL, INK)
        .bold();
}

fn clip(t: &str, n: usize) -> String {
    if t.chars().count() <= n {
        t.to_string()
    } else {
        let mut s: String = t.chars().take(n - 1).collect();
        s.push('…');
        s
    }
}

/// The viewer's dungeon: grid, treasury, imps, lair, traps, the party waiting, orders.
fn dungeon(s: &mut Scene, g: &Dl, seat: usize, is_viewer: bool) {
    let l = &g.lords[seat];
    let f = g.f();
    s.panel(
        rect(10.0, 450.0, 820.0, 540.0),
        Color::rgb(34, 30, 28),
        PAPER,
    )
    .tooltip("Your dungeon: 5 columns by 4 rows, the entrance at A1.");
    s.text(
        pos(24.0, 474.0),
        format!("{}'s dungeon", l.name),
        TEXT,
        seat_colour(seat),
    )
    .bold();
    grid(s, l, seat, 24.0, 494.0, 80.0);
    gallery(s, g, seat);
    let x = 472.0;
    let mut y = 474.0;
    let lines = [
        format!("Gold {}   Food {}", l.gold, l.food),
        format!(
            "Imps {} ({} busy)   Trolls {}",
            l.imps,
            f.busy[seat].min(l.imps + g.trolls(seat)),
            g.trolls(seat)
        ),
        format!("Evil {}   Dead letters {}", l.evil, l.dead_letters),
    ];
    let icons = [(art::GOLD, "Gold"), (art::IMP, "Imps"), (art::EVIL, "Evil")];
    for (t, (image, alt)) in lines.into_iter().zip(icons) {
        art::icon(s, rect(x - 30.0, y - 11.0, 24.0, 24.0), image, alt);
        s.text(pos(x, y), t, TEXT, PAPER);
        y += 26.0;
    }
    // Food has its own picture at the end of the treasury line, clear of its text.
    let gold_line = format!("Gold {}   Food {}", l.gold, l.food);
    let end = tavern_plugin_api::scene::text_width(
        &gold_line,
        tavern_plugin_api::scene::drawn_size(TEXT),
        false,
    );
    art::icon(s, rect(x + end + 8.0, 463.0, 24.0, 24.0), art::FOOD, "Food");
    let traps: Vec<String> = l
        .traps
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(k, n)| format!("{}×{n}", trap(k as u8).name))
        .collect();
    let held: u8 = l.traps.iter().sum();
    let trap_text = if is_viewer {
        if traps.is_empty() {
            "Traps: none".to_string()
        } else {
            format!("Traps: {}", traps.join(", "))
        }
    } else {
        format!("Traps: {held} face down")
    };
    art::icon(
        s,
        rect(x - 30.0, y - 11.0, 24.0, 24.0),
        art::TRAP_BACK,
        "Trap cards",
    );
    y = wrap(s, x, y, 330.0, &trap_text, PAPER);
    let lair: Vec<String> = l
        .lair
        .iter()
        .map(|m| monster(m.kind).name.clone())
        .collect();
    y = wrap(
        s,
        x,
        y,
        330.0,
        &format!("Lair: {}", list_or(&lair, "empty")),
        PAPER,
    );
    let party: Vec<String> = l.party.iter().map(|a| adv_name(a.id)).collect();
    y = wrap(
        s,
        x,
        y,
        330.0,
        &format!("Adventurers waiting: {}", list_or(&party, "none")),
        PAPER,
    );
    let inacc: Vec<&str> = f.inacc[seat]
        .iter()
        .map(|&p| short_place(Place::from_index(p)))
        .collect();
    y = wrap(
        s,
        x,
        y,
        330.0,
        &format!("Inaccessible orders: {}", inacc.join(", ")),
        PAPER,
    );
    let shown = is_viewer || !matches!(g.phase, Phase::Build(Stage::Orders));
    if shown && !f.orders[seat].is_empty() {
        let o: Vec<String> = f.orders[seat]
            .iter()
            .enumerate()
            .map(|(i, &p)| {
                let mark = if f.done[seat][i] { " ✓" } else { "" };
                format!("{}. {}{mark}", i + 1, short_place(Place::from_index(p)))
            })
            .collect();
        y = wrap(s, x, y, 330.0, &format!("Orders: {}", o.join(", ")), PAPER);
    }
    if is_viewer && !l.spied.is_empty() {
        let seen: Vec<String> = l
            .spied
            .iter()
            .filter_map(|&r| {
                g.cards
                    .get(r as usize - 1)
                    .map(|&c| format!("{r}: {}", crate::data::card(c).name))
            })
            .collect();
        wrap(
            s,
            x,
            y,
            330.0,
            &format!("Combat cards spied: {}", seen.join(", ")),
            Color::rgb(240, 210, 120),
        );
    }
}

/// Wrapped text lines; returns the y below them.
fn wrap(s: &mut Scene, x: f32, y: f32, w: f32, text: &str, c: Color) -> f32 {
    // Wrapped at the size the host draws small text largest, so lines never run over.
    let big = tavern_plugin_api::scene::drawn_size(SMALL);
    let lines = tavern_plugin_api::scene::wrap_lines(text, big, w, false);
    let mut y = y;
    for line in lines {
        s.text(pos(x, y), line, SMALL, c);
        y += line_h();
    }
    y + 2.0
}

/// Under the grid, the lair's monsters and the adventurers waiting as pictures (names in
/// the tooltips and in the lines beside the grid).
fn gallery(s: &mut Scene, g: &Dl, seat: usize) {
    let l = &g.lords[seat];
    let rows: [(&str, Vec<(&'static str, String)>); 2] = [
        (
            "Lair",
            l.lair
                .iter()
                .map(|m| {
                    let d = monster(m.kind);
                    (art::monster(&d.key), d.name.clone())
                })
                .collect(),
        ),
        (
            "Waiting",
            l.party
                .iter()
                .map(|a| {
                    (
                        art::adventurer(crate::data::adv(a.id).class),
                        adv_name(a.id),
                    )
                })
                .collect(),
        ),
    ];
    for (k, (title, pics)) in rows.iter().enumerate() {
        let y = 846.0 + k as f32 * 72.0;
        s.text(pos(24.0, y + 28.0), *title, SMALL, PAPER).bold();
        let step = (700.0 / pics.len().max(1) as f32).min(66.0);
        for (i, (image, name)) in pics.iter().enumerate() {
            s.image(
                rect(110.0 + i as f32 * step, y, step - 6.0, step - 6.0),
                *image,
                name.clone(),
            )
            .tooltip(name.clone());
        }
    }
}

/// A tile's picture inside its edge, so the host's highlight of the tile stays visible.
fn inset(r: tavern_plugin_api::scene::Rect) -> tavern_plugin_api::scene::Rect {
    rect(r.x + 3.0, r.y + 3.0, r.w - 6.0, r.h - 6.0)
}

pub(crate) fn grid(s: &mut Scene, l: &Lord, seat: usize, x0: f32, y0: f32, tile: f32) {
    for sq in 0..20u8 {
        let (col, row) = ((sq % 5) as f32, (sq / 5) as f32);
        let r = rect(x0 + col * (tile + 4.0), y0 + row * (tile + 4.0), tile, tile);
        let name = square_name(sq);
        match l.grid[sq as usize] {
            None => {
                s.rect(r, Color::rgb(70, 62, 56), 4.0)
                    .id(format!("tile:{seat}:{sq}"))
                    .tooltip(format!("{name}: solid rock"));
                s.image(inset(r), art::ROCK, "");
            }
            Some(t) => {
                let fill = match (t.kind, t.conquered) {
                    (TileKind::Tunnel, false) => Color::rgb(96, 66, 44),
                    (TileKind::Room, false) => Color::rgb(104, 60, 120),
                    (TileKind::Tunnel, true) => Color::rgb(226, 210, 170),
                    (TileKind::Room, true) => Color::rgb(220, 196, 230),
                };
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
                // An unconquered tunnel shows its passage; conquered tiles stay pale and
                // rooms purple, so their state reads at a glance and a room's name on it.
                if t.kind == TileKind::Tunnel && !t.conquered {
                    s.image(inset(r), art::TUNNEL, "");
                }
                // Only rooms are named on the tile (rooms are never side by side, so
                // their names cannot run into each other); squares are in the tooltip.
                if let (true, Some(rid)) = (tile >= 60.0, t.room) {
                    let ink = if t.conquered { INK } else { PAPER };
                    let label = clip(&room(rid).name, 7);
                    s.text(pos(r.x + 6.0, r.y + 18.0), label, SMALL, ink);
                }
            }
        }
    }
}

/// Progress, Evilometer, tavern, room store and next adventurers.
fn progress(s: &mut Scene, g: &Dl) {
    let f = g.f();
    let x = 840.0;
    s.panel(rect(x, 10.0, 750.0, 430.0), Color::rgb(46, 40, 52), PAPER);
    let stage = match g.phase {
        Phase::Build(st) => stage_name(st),
        Phase::Over => "final scoring".into(),
        _ => "combat".into(),
    };
    s.text(
        pos(x + 14.0, 34.0),
        format!("Year {} · round {} of 4 · {stage}", g.year, f.bround),
        TEXT,
        PAPER,
    )
    .bold();
    let events: Vec<String> = (2..=4)
        .map(|r| match f.events[r] {
            Some(e) => format!("{r}: {}", event_name(e)),
            None => format!("{r}: ?"),
        })
        .collect();
    let special = f.special[g.year as usize]
        .map(|c| {
            let d = &data().special_events[c as usize];
            format!("   Special: {}", d.name)
        })
        .unwrap_or_default();
    s.text(
        pos(x + 14.0, 62.0),
        format!("Events  {}{special}", events.join("   ")),
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
    s.text(
        pos(x + 14.0, 88.0),
        format!(
            "Start player: {}   Paladin: {}",
            g.lords[g.start].name,
            if g.paladin_tent.is_some() {
                "in his tent"
            } else {
                "set out"
            }
        ),
        SMALL,
        PAPER,
    );
    // The Evilometer: one cell per space, counters stacked in it.
    let ev = &data().evilometer;
    let cw = 48.0;
    for v in 0..=ev.top {
        let cx = x + 14.0 + v as f32 * cw;
        let fill = if v >= ev.paladin {
            Color::rgb(150, 60, 60)
        } else {
            Color::rgb(90, 80, 100)
        };
        s.rect(rect(cx, 104.0, cw - 4.0, 70.0), fill, 4.0)
            .tooltip(if v == ev.paladin {
                format!("Evil {v}: the paladin's line")
            } else {
                format!("Evil {v}")
            });
        s.text(pos(cx + 4.0, 118.0), format!("{v}"), SMALL, PAPER);
        let mut k = 0.0;
        for (i, l) in g.lords.iter().enumerate() {
            if l.evil == v {
                s.circle(pos(cx + 10.0 + k * 11.0, 150.0), 7.0, seat_colour(i))
                    .tooltip(format!("{}: Evil {v}", l.name));
                k += 1.0;
            }
        }
        if f.np_evil == Some(v) {
            s.circle(pos(cx + 10.0 + k * 11.0, 164.0), 7.0, NP_COLOUR)
                .tooltip("The non-player Evil counter");
        }
    }
    let mut y = 200.0;
    s.text(pos(x + 14.0, y), "Tavern", TEXT, PAPER).bold();
    for (i, &k) in f.tavern.iter().enumerate() {
        let r = rect(x + 110.0 + i as f32 * 210.0, y - 16.0, 200.0, 52.0);
        let m = monster(k);
        s.rect(r, Color::rgb(90, 120, 90), 6.0)
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
        s.image(
            rect(r.x + r.w - 48.0, r.y + 4.0, 44.0, 44.0),
            art::monster(&m.key),
            m.name.clone(),
        );
        s.text(pos(r.x + 8.0, y), m.name.clone(), SMALL, Color::WHITE)
            .bold();
        s.text(
            pos(r.x + 8.0, y + 22.0),
            clip(&m.wage, 15),
            SMALL,
            Color::WHITE,
        );
    }
    y += 64.0;
    s.text(pos(x + 14.0, y), "Rooms", TEXT, PAPER).bold();
    for (i, &r) in f.store.iter().enumerate() {
        let rr = rect(x + 110.0 + i as f32 * 315.0, y - 16.0, 305.0, 32.0);
        s.rect(rr, Color::rgb(104, 60, 120), 6.0)
            .id(format!("store:{r}"))
            .tooltip(format!("{}: {}", room(r).name, room(r).help));
        s.image(
            rect(rr.x + rr.w - 30.0, rr.y + 3.0, 26.0, 26.0),
            art::ROOM,
            "Room",
        );
        s.text(
            pos(rr.x + 8.0, y),
            room(r).name.clone(),
            SMALL,
            Color::WHITE,
        );
    }
    y += 44.0;
    let names = |v: &[u8]| -> String {
        if v.is_empty() {
            "none".into()
        } else {
            v.iter()
                .map(|&a| adv_name(a))
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    if !f.incoming.is_empty() {
        y = wrap(
            s,
            x + 14.0,
            y,
            720.0,
            &format!(
                "Arriving this round (weakest first): {}",
                names(&f.incoming)
            ),
            PAPER,
        );
    }
    y = wrap(
        s,
        x + 14.0,
        y,
        720.0,
        &format!("Next round's adventurers: {}", names(&f.forecast)),
        PAPER,
    );
    let np: Vec<String> =
        f.np.iter()
            .enumerate()
            .map(|(k, n)| {
                format!(
                    "non-player {}: {}",
                    k + 1,
                    n.inacc
                        .iter()
                        .map(|&p| short_place(Place::from_index(p)))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })
            .collect();
    if !np.is_empty() {
        wrap(
            s,
            x + 14.0,
            y,
            720.0,
            &format!("Inaccessible — {}", np.join("; ")),
            PAPER,
        );
    }
}

/// Every other lord, compact: resources, lair, party and a small grid.
fn others(s: &mut Scene, g: &Dl, own: usize, viewer: Option<usize>) {
    let others: Vec<usize> = (0..g.n()).filter(|&i| i != own).collect();
    let h = 540.0 / others.len().max(1) as f32;
    for (k, &i) in others.iter().enumerate() {
        let l = &g.lords[i];
        let y = 450.0 + k as f32 * h;
        let r = rect(840.0, y, 750.0, h - 8.0);
        s.panel(r, Color::rgb(40, 36, 34), seat_colour(i));
        s.enlargeable(r, format!("{}'s dungeon", l.name));
        s.text(
            pos(854.0, y + 20.0),
            clip(&l.name, 20),
            TEXT,
            seat_colour(i),
        )
        .bold();
        let held: u8 = l.traps.iter().sum();
        let traps = if viewer == Some(i) {
            format!("{held}")
        } else {
            format!("{held} face down")
        };
        let info = format!(
            "Gold {} · Food {} · Imps {} · Evil {} · Traps {traps} · Dead letters {}",
            l.gold, l.food, l.imps, l.evil, l.dead_letters
        );
        let mut ty = wrap(s, 854.0, y + 44.0, 430.0, &info, PAPER);
        let lair: Vec<&str> = l
            .lair
            .iter()
            .map(|m| monster(m.kind).name.as_str())
            .collect();
        let party: Vec<String> = l.party.iter().map(|a| adv_name(a.id)).collect();
        if ty < y + h - 40.0 {
            ty = wrap(
                s,
                854.0,
                ty,
                430.0,
                &format!("Lair: {}", list_or(&lair, "empty")),
                PAPER,
            );
        }
        if ty < y + h - 40.0 {
            wrap(
                s,
                854.0,
                ty,
                430.0,
                &format!("Waiting: {}", list_or(&party, "none")),
                PAPER,
            );
        }
        let tile = ((h - 30.0) / 4.0 - 4.0).min(34.0);
        grid(s, l, i, 1300.0, y + 10.0, tile);
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
    let round = g.full.as_ref().map(|f| f.bround).unwrap_or(0);
    match g.phase {
        Phase::Build(st) => format!(
            "Year {} · building round {round} · {}",
            g.year,
            stage_name(st)
        ),
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

fn line_h() -> f32 {
    tavern_plugin_api::scene::line_height(tavern_plugin_api::scene::drawn_size(SMALL)) + 2.0
}

/// Names joined by commas, or `none` for an empty list (a lair, a party, a set of orders).
fn list_or<S: AsRef<str>>(items: &[S], none: &str) -> String {
    if items.is_empty() {
        none.to_string()
    } else {
        items
            .iter()
            .map(AsRef::as_ref)
            .collect::<Vec<&str>>()
            .join(", ")
    }
}
