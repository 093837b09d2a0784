//! The table: the party queued at the entrance along the top, the dungeon's 5×4 grid
//! large on the left with the battle's summary (the plan, other lords) under it, and on
//! the right the battle steps, the lord's traps, lair, treasury, the prison and the
//! Distant Lands. The canvas is the building table's (1260×1064), so it fits beside
//! the log in a 1024×700 window without a sideways scroll.

use tavern_plugin_api::View;
use tavern_plugin_api::scene::{Color, Highlight, Icon, Scene, pos, rect};

use crate::data::{Class, Speed, adv, card, data, monster, trap};
use crate::grid::targets;
use crate::model::{Dl, Lord, Phase, Step, TileKind};
use crate::names::{adv_name, square_name};

const TEXT: f32 = 18.0;
const SMALL: f32 = 17.0;
const BIG: f32 = 26.0;
/// A grid tile's height and width: wide enough for "battle here" and a room's name on
/// two lines where the host draws text largest.
const TILE: f32 = 108.0;
const TILE_W: f32 = 120.0;
const LEFT_W: f32 = 650.0;
const RIGHT_X: f32 = 670.0;
/// Distance between the lines of the last battle step under the grid.
const REPORT_STEP: f32 = 22.6;
const RIGHT_W: f32 = crate::table::WIDTH - RIGHT_X - 10.0;
/// Lines of the last battle step under the grid.
const REPORT_ROWS: usize = 6;
const INK: Color = Color::INK;
const PAPER: Color = Color::PAPER;

fn class_colour(c: Class) -> Color {
    match c {
        Class::Warrior => Color::rgb(200, 90, 60),
        Class::Thief => Color::rgb(90, 150, 90),
        Class::Priest => Color::rgb(230, 210, 120),
        Class::Wizard => Color::rgb(110, 120, 210),
        Class::Paladin => Color::rgb(230, 230, 240),
        Class::Illusion => Color::rgb(200, 200, 230),
    }
}

fn ability(id: u8) -> String {
    let a = adv(id);
    match a.class {
        Class::Warrior => "goes in front".into(),
        Class::Thief => format!("disarms {} trap damage", a.power),
        Class::Priest => format!("heals {} after an attack", a.power),
        Class::Wizard => format!("{} magic", a.power),
        Class::Paladin => format!(
            "always first; disarms {}, heals {}, {} magic",
            a.disarm, a.heal, a.magic
        ),
        Class::Illusion => "is a wizard's illusion and vanishes when eliminated".into(),
    }
}

pub fn view(g: &Dl, viewer: Option<usize>) -> View {
    if g.is_full() && matches!(g.phase, Phase::Build(_) | Phase::Over) {
        return crate::table::view(g, viewer);
    }
    let mut s = Scene::new(crate::table::WIDTH, crate::table::HEIGHT);
    crate::art::backdrop(&mut s);
    let own = viewer.unwrap_or(0).min(g.n() - 1);
    let l = &g.lords[own];
    party(&mut s, g, l);
    let bottom = dungeon(&mut s, g, own, l);
    sidebar(&mut s, g, own, l, viewer == Some(own));
    summary(&mut s, g, own, l, viewer == Some(own), bottom + 8.0);
    View {
        scene: s,
        status: status(g),
        prompt: prompt(g, viewer),
    }
}

/// The party at the entrance, first in line on the left.
fn party(s: &mut Scene, g: &Dl, l: &Lord) {
    s.panel(rect(10.0, 10.0, crate::table::WIDTH - 20.0, 200.0), Color::rgb(52, 44, 40), PAPER)
        .tooltip("The adventuring party, in marching order: the first in line takes standard attacks and fatigue.");
    s.text(
        pos(26.0, 32.0),
        "Party at the entrance (first in line on the left)",
        TEXT,
        PAPER,
    )
    .bold();
    if l.party.is_empty() {
        s.text(
            pos(26.0, 110.0),
            "No adventurer is left in the party.",
            TEXT,
            PAPER,
        );
    }
    let aiming =
        g.phase == Phase::Battle(Step::TrapTarget) || g.phase == Phase::Battle(Step::Monsters);
    // Up to five (with the paladin and an illusion) share the panel's width.
    let step = ((crate::table::WIDTH - 52.0) / l.party.len().max(1) as f32).min(230.0);
    let cw = step - 12.0;
    for (i, a) in l.party.iter().enumerate() {
        let d = adv(a.id);
        let x = 26.0 + i as f32 * step;
        let r = rect(x, 52.0, cw, 150.0);
        let tip = format!(
            "{}: {} hit points, {} damage on it. It {}. Eliminated when the damage reaches its hit points.",
            d.name,
            d.hp,
            a.damage,
            ability(a.id)
        );
        let item = s
            .rect(r, class_colour(d.class), 10.0)
            .id(format!("adv:{}", a.id))
            .tooltip(tip);
        crate::paint::marked(item, aiming && i == 0);
        s.text(
            pos(x + 10.0, 70.0),
            format!("{}. {}", i + 1, d.name),
            TEXT,
            INK,
        )
        .bold();
        s.text(pos(x + 10.0, 96.0), ability_short(a.id), SMALL, INK);
        s.icon(
            pos(x + 24.0, 136.0),
            30.0,
            Icon::Heart,
            Color::rgb(170, 30, 40),
        );
        s.text(pos(x + 44.0, 136.0), format!("{} HP", d.hp), BIG, INK)
            .bold();
        // The class's picture beside the hit points while the cards are wide enough
        // (up to four in line); the damage disc sits below it on the last row.
        let pictured = cw >= 160.0;
        if pictured {
            s.image(
                rect(x + cw - 54.0, 108.0, 46.0, 46.0),
                crate::art::adventurer(d.class),
                d.name.clone(),
            );
        }
        let disc_y = if pictured { 180.0 } else { 136.0 };
        // Damage counters: one red disc with the count, so a glance reads it.
        if a.damage > 0 {
            s.circle(pos(x + cw - 26.0, disc_y), 20.0, Color::rgb(200, 30, 30))
                .tooltip(format!("{} damage counters", a.damage));
            s.text_centered(
                pos(x + cw - 26.0, disc_y),
                format!("{}", a.damage),
                BIG,
                Color::WHITE,
            )
            .bold();
        }
        s.text(
            pos(x + 10.0, 182.0),
            format!("{} left", d.hp - a.damage.min(d.hp)),
            SMALL,
            INK,
        );
    }
}

fn ability_short(id: u8) -> String {
    let a = adv(id);
    match a.class {
        Class::Warrior => "fighter".into(),
        Class::Thief => format!("disarm {}", a.power),
        Class::Priest => format!("heal {}", a.power),
        Class::Wizard => format!("magic {}", a.power),
        Class::Paladin => format!("D{} H{} M{}", a.disarm, a.heal, a.magic),
        Class::Illusion => "illusion".into(),
    }
}

/// The 5×4 grid: tiles dark while held, light once conquered; the square under attack
/// glows. Returns the panel's bottom: at the end of a training the last step's lines give
/// their room to the rulebook's answer below.
fn dungeon(s: &mut Scene, g: &Dl, seat: usize, l: &Lord) -> f32 {
    let x0 = 25.0;
    // Below the panel's title by more than the glow a target tile gets.
    let y0 = 258.0;
    let rows = if g.phase == Phase::Over && g.scenario().is_some() {
        0
    } else {
        REPORT_ROWS
    };
    let report_y = y0 + 4.0 * (TILE + 4.0) + 40.0;
    let bottom = match rows {
        0 => report_y - 4.0,
        n => report_y + (n - 1) as f32 * REPORT_STEP + 20.0,
    };
    crate::paint::titled_panel(
        s,
        rect(10.0, 214.0, LEFT_W, bottom - 214.0),
        Color::rgb(34, 30, 28),
        format!("{}'s dungeon", l.name),
        PAPER,
        "Your dungeon: 5 columns by 4 rows, the entrance at the top left.",
    );
    let fighting = match g.phase {
        Phase::Planning | Phase::Battle(_) => l.plan.tile,
        _ => None,
    };
    let candidates = if g.phase == Phase::Planning {
        targets(l)
    } else {
        Vec::new()
    };
    let entrance = data().grid.entrance;
    for sq in 0..20u8 {
        let (col, row) = ((sq % 5) as f32, (sq / 5) as f32);
        let r = rect(
            x0 + col * (TILE_W + 4.0),
            y0 + row * (TILE + 4.0),
            TILE_W,
            TILE,
        );
        let name = square_name(sq);
        match l.grid[sq as usize] {
            None => crate::paint::rock(s, r, None, format!("{name}: solid rock, not dug")),
            Some(t) => {
                let (fill, picture, kind) = crate::paint::tile_look(&t);
                let kind = kind_name(&t, kind);
                let text = if t.conquered { INK } else { PAPER };
                let tip = match (t.kind, t.conquered) {
                    (_, true) => {
                        format!("{name}: {kind}, conquered by adventurers (−2 points at scoring)")
                    }
                    (TileKind::Room, false) => format!(
                        "{name}: {kind}, held. A battle here allows 2 monsters, and a trap costs 1 gold."
                    ),
                    (TileKind::Tunnel, false) => {
                        format!("{name}: Tunnel, held. A battle here allows 1 monster and 1 trap.")
                    }
                };
                let tip = if candidates.contains(&sq) && l.plan.tile.is_none() {
                    format!("{tip} The party may attack this tile this round.")
                } else {
                    tip
                };
                let item = s
                    .rect(r, fill, 8.0)
                    .id(format!("tile:{seat}:{sq}"))
                    .tooltip(tip);
                crate::paint::marked(item, fighting == Some(sq));
                // The tile's picture beside its square's name; the words below it stay on
                // the plain fill, clear of the drawing.
                s.image(
                    rect(r.x + 44.0, r.y + 4.0, 32.0, 32.0),
                    picture,
                    kind.clone(),
                );
                s.text(pos(r.x + 8.0, r.y + 16.0), name, SMALL, text);
                let may_be_hit = candidates.contains(&sq) && l.plan.tile.is_none();
                let lines = tile_lines(&t, &kind, fighting == Some(sq), may_be_hit);
                for (k, line) in lines.iter().enumerate() {
                    let at = pos(r.x + TILE_W / 2.0, r.y + 48.0 + k as f32 * 22.0);
                    let item = s.text_centered(
                        at,
                        line.0.clone(),
                        if line.1 { TEXT } else { SMALL },
                        text,
                    );
                    if line.1 {
                        item.bold();
                    }
                }
            }
        }
        if sq == entrance {
            s.icon(
                pos(r.x + TILE_W - 18.0, r.y + 18.0),
                26.0,
                Icon::Key,
                Color::rgb(240, 200, 80),
            )
            .tooltip("The entrance: the party walks in here");
        }
    }
    // Below the last row by more than a target tile's glow.
    let y = y0 + 4.0 * (TILE + 4.0) + 16.0;
    s.text(
        pos(x0, y),
        format!("Conquered tiles: {}", l.conquered()),
        TEXT,
        PAPER,
    )
    .bold();
    report(s, g, x0, report_y, rows);
    bottom
}

/// A tile's kind as its words say it: the room's name ("Chicken Coop"), else "Tunnel".
fn kind_name(t: &crate::model::Tile, kind: &str) -> String {
    match t.kind {
        TileKind::Room => room_name(t),
        TileKind::Tunnel => kind.to_string(),
    }
}

/// The words under a combat tile's picture, at most three lines of `TILE_W` (bold marks
/// the kind): the kind (a room's name on up to two lines), then its state ("held",
/// "conquered"), then "battle here" or "may be hit". When the name takes two lines, the
/// battle's words stand for "held".
fn tile_lines(
    t: &crate::model::Tile,
    kind: &str,
    fighting: bool,
    may_be_hit: bool,
) -> Vec<(String, bool)> {
    let mut v: Vec<(String, bool)> = break_lines(kind, TILE_W - 8.0, TEXT, true)
        .into_iter()
        .take(2)
        .map(|l| (l, true))
        .collect();
    let extra = if t.conquered {
        None
    } else if fighting {
        Some("battle here")
    } else if may_be_hit {
        Some("may be hit")
    } else {
        None
    };
    let state = if t.conquered { "conquered" } else { "held" };
    if v.len() == 1 {
        v.push((state.into(), false));
        v.extend(extra.map(|e| (e.to_string(), false)));
    } else {
        v.push((extra.unwrap_or(state).to_string(), false));
    }
    v
}

/// `text` wrapped to `w` where the host draws it largest; a word wider than `w`
/// ("Pandemonium" on a combat tile) is broken with a hyphen.
pub(crate) fn break_lines(text: &str, w: f32, size: f32, bold: bool) -> Vec<String> {
    let fits = |t: &str| crate::paint::width(t, size, bold) <= w;
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    for word in text.split_whitespace() {
        let joined = if cur.is_empty() {
            word.to_string()
        } else {
            format!("{cur} {word}")
        };
        if fits(&joined) {
            cur = joined;
            continue;
        }
        if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        // A word wider than the line: as much as fits with a hyphen, the rest on.
        let mut rest: Vec<char> = word.chars().collect();
        while !fits(&rest.iter().collect::<String>()) && rest.len() > 1 {
            let cut = (1..rest.len())
                .rev()
                .find(|&k| fits(&(rest[..k].iter().collect::<String>() + "-")))
                .unwrap_or(1);
            out.push(rest[..cut].iter().collect::<String>() + "-");
            rest = rest[cut..].to_vec();
        }
        cur = rest.into_iter().collect();
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// A room tile's name ("Mint"), or "Room" for a room the data does not name.
fn room_name(t: &crate::model::Tile) -> String {
    t.room
        .map_or_else(|| "Room".to_string(), |r| crate::data::room(r).name.clone())
}

/// The last public step, line by line: who hit whom for how much, what was prevented,
/// who healed, the fatigue and the tile. The log on the right keeps every step.
fn report(s: &mut Scene, g: &Dl, x: f32, y: f32, rows: usize) {
    let lines: Vec<String> = g.report.iter().filter_map(|e| g.event_line(e)).collect();
    if lines.is_empty() {
        return;
    }
    // Long lines wrap (nothing is cut); the last `rows` wrapped lines show, the full
    // step in each line's tooltip.
    let w = LEFT_W - 40.0;
    let wrapped: Vec<(String, &String)> = lines
        .iter()
        .flat_map(|line| {
            let t = line.trim_start();
            tavern_plugin_api::scene::wrap_lines(
                t,
                tavern_plugin_api::scene::drawn_size(SMALL),
                w,
                false,
            )
            .into_iter()
            .map(move |part| (part, line))
        })
        .collect();
    let skip = wrapped.len().saturating_sub(rows);
    for (i, (part, line)) in wrapped.iter().skip(skip).enumerate().take(rows) {
        let text = if i == 0 && skip > 0 {
            fit(&format!("… {part}"), w)
        } else {
            part.clone()
        };
        s.text(pos(x, y + i as f32 * REPORT_STEP), text, SMALL, PAPER)
            .tooltip(line.trim_start().to_string());
    }
}

/// Small text cut to `w` (the combat card's line under the step tracker).
fn fitted<'a>(
    s: &'a mut Scene,
    at: tavern_plugin_api::scene::Pos,
    w: f32,
    text: impl Into<String>,
    size: f32,
    c: Color,
) -> tavern_plugin_api::scene::ItemBuilder<'a> {
    let t = crate::paint::fit(&text.into(), w, size, false);
    s.text(at, t, size, c)
}

/// The text cut (with an ellipsis) to fit `width` at the size the host draws it largest.
fn fit(text: &str, width: f32) -> String {
    crate::paint::fit(text, width, SMALL, false)
}

fn sidebar(s: &mut Scene, g: &Dl, seat: usize, l: &Lord, own: bool) {
    let x = RIGHT_X;
    let w = RIGHT_W;
    // Round and step tracker.
    s.panel(rect(x, 216.0, w, 150.0), Color::rgb(44, 52, 64), PAPER);
    s.text(
        pos(x + 16.0, 238.0),
        format!("Combat round {} of 4", g.round.max(1)),
        TEXT,
        PAPER,
    )
    .bold();
    let steps = [
        "Plan",
        "Trap",
        "Fast spell",
        "Monsters",
        "Slow spell",
        "Healing",
        "Conquer",
    ];
    let slow = g.battle.as_ref().is_some_and(|b| b.slow);
    let current = match g.phase {
        Phase::Planning | Phase::Release(_) => 0,
        Phase::Battle(Step::TrapTarget) => 1,
        Phase::Battle(Step::Spell) if slow => 4,
        Phase::Battle(Step::Spell) => 2,
        Phase::Battle(Step::Monsters) => 3,
        Phase::Over | Phase::Build(_) => 9,
    };
    for (i, name) in steps.iter().enumerate() {
        // Two rows (four steps, then three), wide enough for "Slow spell".
        let (col, row) = ((i % 4) as f32, (i / 4) as f32);
        let r = rect(x + 16.0 + col * 137.0, 254.0 + row * 40.0, 131.0, 34.0);
        let fill = if i == current {
            Color::rgb(240, 200, 80)
        } else {
            Color::rgb(90, 100, 116)
        };
        s.rect(r, fill, 6.0).tooltip(step_help(i));
        s.text_centered(r.center(), *name, SMALL, INK);
    }
    // The card's name at the right of the title row, what it does on the line below.
    let shown = match g.card() {
        Some(c) => Some((c, "Card")),
        None if !g.cards.is_empty() => g
            .known_card(seat, g.round.max(1))
            .filter(|_| own)
            .map(|c| (c, "You spied")),
        None => None,
    };
    let line = match shown {
        Some((c, head)) => {
            let d = card(c);
            let speed = if d.speed == Speed::Fast {
                "Fast"
            } else {
                "Slow"
            };
            let name = crate::paint::fit(&format!("{head}: {}", d.name), 320.0, TEXT, true);
            s.text(pos(x + w - 16.0, 238.0), name, TEXT, PAPER)
                .bold()
                .align(tavern_plugin_api::scene::Align::Right)
                .tooltip(d.help.as_str());
            format!(
                "{speed} spell (needs {} magic) · fatigue {}",
                g.round.max(1),
                d.fatigue
            )
        }
        None if !g.cards.is_empty() => "Combat card: face down until every plan is made".into(),
        None => format!("No combat card in training · fatigue {}", g.fatigue),
    };
    let tip = shown.map(|(c, _)| card(c).help.clone()).unwrap_or_default();
    let item = fitted(s, pos(x + 16.0, 348.0), w - 32.0, line, SMALL, PAPER);
    if !tip.is_empty() {
        item.tooltip(tip);
    }

    // Traps in hand.
    s.panel(rect(x, 374.0, w, 184.0), Color::rgb(50, 44, 60), PAPER);
    s.text(pos(x + 16.0, 392.0), "Trap cards", TEXT, PAPER)
        .bold();
    // One card per kind with its count; others see only how many cards there are.
    let mut cx = x + 16.0;
    let kinds: Vec<usize> = (0..l.traps.len()).filter(|&k| l.traps[k] > 0).collect();
    let step = ((w - 140.0) / kinds.len().max(1) as f32).min(180.0);
    let held: u8 = l.traps.iter().sum();
    if held == 0 {
        s.text(pos(cx, 482.0), "No trap cards in hand", TEXT, PAPER);
        cx += 220.0;
    } else if own || g.revealed {
        for &k in &kinds {
            let n = l.traps[k];
            let def = trap(k as u8);
            let r = rect(cx, 416.0, step - 8.0, 136.0);
            let planned = l.plan.trap == Some(k as u8) || l.plan.trap2 == Some(k as u8);
            // The count joins the name in the band, so the card's middle holds the picture.
            let title = if n > 1 {
                format!("{} ×{n}", def.name)
            } else {
                def.name.clone()
            };
            s.card(
                r,
                Color::rgb(236, 226, 200),
                Some(Color::rgb(150, 60, 50)),
                title,
                "",
            )
            .id(format!("trap:{seat}:{k}"))
            .tooltip(format!("{} ({n} in hand)", def.help))
            .highlight(if planned {
                Highlight::Selected
            } else {
                Highlight::None
            });
            s.image(
                rect(r.x + r.w / 2.0 - 26.0, r.y + 36.0, 52.0, 52.0),
                crate::art::trap(&def.key),
                def.name.as_str(),
            );
            // The effect in words where the card is wide enough, else shorter; the
            // card's tooltip (and this line's) says it in full.
            let effect = [true, false]
                .into_iter()
                .map(|words| trap_short(k as u8, g.year, words))
                .find(|t| crate::paint::width(t, SMALL, false) <= r.w - 8.0)
                .unwrap_or_else(|| fit(&trap_short(k as u8, g.year, false), r.w - 8.0));
            s.text_centered(pos(r.x + r.w / 2.0, r.y + 102.0), effect, SMALL, INK)
                .tooltip(def.help.as_str());
            let cost = match (def.gold, def.food, def.imp) {
                (0, 0, 0) => String::new(),
                (g, 0, 0) => format!("costs {g} gold"),
                (0, f, 0) => format!("costs {f} food"),
                _ => format!("costs {} imp", def.imp),
            };
            if planned {
                s.text_centered(pos(r.x + r.w / 2.0, r.y + 124.0), "set", SMALL, INK)
                    .bold();
            } else if !cost.is_empty() {
                s.text_centered(
                    pos(r.x + r.w / 2.0, r.y + 124.0),
                    fit(&cost, r.w - 8.0),
                    SMALL,
                    INK,
                );
            }
            cx += step;
        }
    } else if held > 0 {
        // The game's own trap-card back, fanned up to three deep, and the count on a
        // plain disc beside the fan so it never sits on the drawing.
        let tip = format!("{held} trap cards, face down");
        let fan = held.min(3) as f32;
        for i in 0..held.min(3) {
            s.image(
                rect(cx + i as f32 * 18.0, 416.0, 96.0, 136.0),
                crate::art::TRAP_CARD_BACK,
                if i == 0 { "Trap cards, face down" } else { "" },
            )
            .tooltip(tip.clone());
        }
        cx += 100.0 + (fan - 1.0) * 18.0 + 26.0;
        s.token(pos(cx, 448.0), 20.0, PAPER, format!("{held}"))
            .tooltip(tip);
        cx += 30.0;
    }
    let used: u8 = l.discarded.iter().sum();
    s.text(pos(cx + 10.0, 486.0), format!("used: {used}"), SMALL, PAPER)
        .tooltip("Trap cards already sprung are discarded.");

    // Monster lair.
    s.panel(rect(x, 566.0, w, 172.0), Color::rgb(40, 58, 48), PAPER);
    s.text(pos(x + 16.0, 584.0), "Monster lair", TEXT, PAPER)
        .bold();
    let sent: Vec<u8> = l.plan.monsters.clone();
    let waiting: Vec<u8> = g
        .battle
        .as_ref()
        .filter(|b| b.lord == seat)
        .map(|b| b.waiting.clone())
        .unwrap_or_default();
    let step = ((w - 32.0) / l.lair.len().max(1) as f32).min(180.0);
    for (i, m) in l.lair.iter().enumerate() {
        let def = monster(m.kind);
        let r = rect(x + 16.0 + i as f32 * step, 608.0, step - 8.0, 126.0);
        let is_sent = sent.contains(&(i as u8)) && (own || g.revealed);
        let fill = if m.ready {
            Color::rgb(120, 170, 120)
        } else {
            Color::rgb(80, 80, 80)
        };
        let modes: Vec<&str> = def.modes.iter().map(|md| md.label.as_str()).collect();
        let tip = format!(
            "{}{}: {}. {}",
            def.name,
            if def.ghost {
                " (a ghost, not a monster: any number may join a battle)"
            } else {
                ""
            },
            modes.join("; or "),
            if m.ready {
                "Ready."
            } else {
                "Knocked out (face down) until the end of the year."
            }
        );
        s.rect(r, fill, 10.0)
            .id(format!("lair:{seat}:{}", m.kind))
            .tooltip(tip)
            .highlight(if is_sent {
                Highlight::Selected
            } else {
                Highlight::None
            });
        // The monster in its den at the card's head (stars over it while knocked out);
        // the name, state and attacks below on the card's plain fill.
        let den = rect(r.x + r.w / 2.0 - 36.0, r.y + 5.0, 72.0, 48.0);
        s.image(den, crate::art::LAIR, "");
        let pic = rect(r.x + r.w / 2.0 - 22.0, r.y + 7.0, 44.0, 44.0);
        s.image(pic, crate::art::monster(&def.key), def.name.as_str());
        if !m.ready {
            s.image(pic, crate::art::KNOCKED_OUT, "knocked out");
        }
        s.text_centered(
            pos(r.x + r.w / 2.0, r.y + 68.0),
            crate::paint::fit(&def.name, r.w - 8.0, TEXT, true),
            TEXT,
            INK,
        )
        .bold();
        let state = if !m.ready {
            "knocked out"
        } else if waiting.contains(&(i as u8)) {
            "to attack"
        } else if is_sent {
            "sent"
        } else {
            "ready"
        };
        let state = if crate::paint::width(state, SMALL, false) > r.w - 8.0 {
            "out"
        } else {
            state
        };
        s.text_centered(pos(r.x + r.w / 2.0, r.y + 92.0), state, SMALL, INK);
        s.text_centered(
            pos(r.x + r.w / 2.0, r.y + 115.0),
            [true, false]
                .into_iter()
                .map(|words| monster_short(m.kind, words))
                .find(|t| crate::paint::width(t, SMALL, false) <= r.w - 8.0)
                .unwrap_or_else(|| fit(&monster_short(m.kind, false), r.w - 8.0)),
            SMALL,
            INK,
        );
    }

    // Treasury, prison, Distant Lands.
    s.panel(rect(x, 746.0, w, 308.0), Color::rgb(58, 50, 40), PAPER);
    s.resource_row(
        pos(x + 16.0, 772.0),
        28.0,
        &[
            (
                Icon::Gold,
                Color::rgb(230, 190, 60),
                l.gold as i64,
                "Gold: pays for traps in rooms and some trap cards",
            ),
            (
                Icon::Food,
                Color::rgb(200, 120, 60),
                l.food as i64,
                "Food: pays for the troll's bigger attack and the Poisoned Meal",
            ),
            (
                Icon::Worker,
                Color::rgb(180, 60, 60),
                l.imps as i64,
                "Imps: the Kamikaze Imp trap costs one",
            ),
        ],
    );
    s.text(pos(x + 16.0, 812.0), "Prison", TEXT, PAPER).bold();
    let step = ((w - 32.0) / l.prison.len().max(1) as f32).min(180.0);
    for (i, &id) in l.prison.iter().enumerate() {
        let r = rect(x + 16.0 + i as f32 * step, 834.0, step - 8.0, 56.0);
        s.rect(r, class_colour(adv(id).class), 6.0)
            .id(format!("prison:{seat}:{id}"))
            .tooltip(format!(
                "The {} is imprisoned: 2 points at scoring (5 for a paladin).",
                adv_name(id)
            ));
        captive(s, id, r, true);
    }
    s.text(pos(x + 16.0, 912.0), "Distant Lands", TEXT, PAPER)
        .bold();
    let step = ((w - 32.0) / l.distant.len().max(1) as f32).min(180.0);
    for (i, &id) in l.distant.iter().enumerate() {
        let r = rect(x + 16.0 + i as f32 * step, 930.0, step - 8.0, 56.0);
        s.rect(r, class_colour(adv(id).class).with_alpha(160), 6.0)
            .tooltip(format!("The {} got away.", adv_name(id)));
        captive(s, id, r, false);
    }
    if own {
        decision_button(s, g, seat, rect(x + 16.0, 998.0, w - 32.0, 44.0));
    }
}

/// The button of a combat decision about no component: confirming the battle plan, or
/// answering the spell in effect (its choices open from it as a menu).
fn decision_button(s: &mut Scene, g: &Dl, seat: usize, r: tavern_plugin_api::scene::Rect) {
    if let Some((id, label)) = crate::paint::legal_button(g, seat, "button:confirm") {
        crate::paint::button(s, r, &id, "Confirm the battle plan", &label);
    } else if let Some((id, label)) = crate::paint::legal_button(g, seat, "button:spell") {
        let spell = g
            .card()
            .map(|c| card(c).name.as_str())
            .unwrap_or("the spell");
        let tip = format!("{spell}: choose what happens ({label}, ...)");
        crate::paint::button(s, r, &id, &format!("{spell}: choose"), &tip);
    }
}

/// Under the dungeon: the battle's plan and the other lords, or the training's goal and,
/// at the end, the rulebook's answer.
fn summary(s: &mut Scene, g: &Dl, seat: usize, l: &Lord, own: bool, top: f32) {
    let (x, w) = (10.0, LEFT_W);
    let bottom = crate::table::HEIGHT - 10.0;
    s.panel(rect(x, top, w, bottom - top), Color::rgb(36, 40, 52), PAPER);
    let Some(sc) = g.scenario() else {
        s.text(
            pos(x + 16.0, top + 22.0),
            format!(
                "Combat, year {} · Evil {} · tiles conquered {}",
                g.year,
                l.evil,
                l.conquered()
            ),
            TEXT,
            PAPER,
        )
        .bold();
        let plan = plan_text(g, l, own);
        if g.is_full() {
            s.text(
                pos(x + 16.0, top + 48.0),
                fit(&plan, w - 32.0),
                SMALL,
                PAPER,
            )
            .tooltip(plan);
            others(s, g, seat, x + 16.0, top + 66.0, w - 32.0);
        } else {
            wrap(s, x + 16.0, top + 48.0, w - 32.0, &plan);
        }
        return;
    };
    s.text(pos(x + 16.0, top + 22.0), sc.name.as_str(), TEXT, PAPER)
        .bold();
    if g.phase == Phase::Over {
        let result = format!("{}.", g.training_verdict().unwrap_or_default());
        wrap(
            s,
            x + 16.0,
            top + 50.0,
            w - 32.0,
            &format!("{result} {}", sc.solution),
        );
    } else {
        let goal = format!(
            "Goal: let the party conquer as few tiles as you can (best: {}).",
            sc.best
        );
        let plan = plan_text(g, l, own);
        wrap(s, x + 16.0, top + 50.0, w - 32.0, &format!("{goal} {plan}"));
    }
}

/// The full game's other lords during combat: each a compact dungeon (its grid with the
/// tiles conquered so far, Evil, conquests, party) that the host can enlarge.
fn others(s: &mut Scene, g: &Dl, seat: usize, x: f32, y: f32, w: f32) {
    let rest: Vec<usize> = (0..g.n()).filter(|&i| i != seat).collect();
    let bw = (w / rest.len().max(1) as f32).min(364.0);
    for (k, &i) in rest.iter().enumerate() {
        let o = &g.lords[i];
        let r = rect(x + k as f32 * bw, y, bw - 8.0, 100.0);
        let pal = o.party.iter().any(|a| a.class() == Class::Paladin);
        let summary = format!(
            "{}: Evil {} · conquered {} · party {}{} · prison {}",
            o.name,
            o.evil,
            o.conquered(),
            o.party.len(),
            if pal { " with the paladin" } else { "" },
            o.prison.len()
        );
        s.rect(r, Color::rgb(28, 30, 40), 6.0)
            .stroke(tavern_plugin_api::scene::stroke(2.0, Color::player(i)))
            .tooltip(summary);
        s.enlargeable(r, format!("{}'s dungeon", o.name));
        let held: u8 = o.traps.iter().sum();
        let name_end =
            crate::paint::face_down_traps(s, r.x + r.w - 8.0, r.y + 15.0, held, &o.name, 24.0)
                - 6.0;
        s.text(
            pos(r.x + 8.0, r.y + 14.0),
            fit(&o.name, name_end - r.x - 8.0),
            SMALL,
            Color::player(i),
        )
        .bold();
        crate::table::grid(s, o, i, r.x + 8.0, r.y + 28.0, 13.0);
        let tx = r.x + 98.0;
        // Beside three or more lords the box is narrow: the shorter words (the box's
        // tooltip says it all), and the paladin as his picture after the party.
        let tw = r.x + r.w - tx - 6.0;
        let conquered = format!("{} conquered", o.conquered());
        let lines = [
            format!("Evil {}", o.evil),
            if crate::paint::width(&conquered, SMALL, false) <= tw {
                conquered
            } else {
                format!("Conq. {}", o.conquered())
            },
            format!("Party {}", o.party.len()),
        ];
        for (j, t) in lines.into_iter().enumerate() {
            let at = pos(tx, r.y + 40.0 + j as f32 * 24.0);
            s.text(at, fit(&t, tw), SMALL, PAPER);
            if j == 2 && pal {
                let px = tx + crate::paint::width(&t, SMALL, false) + 6.0;
                s.image(
                    rect(px, at.y - 12.0, 24.0, 24.0),
                    crate::art::adventurer(Class::Paladin),
                    "the paladin",
                )
                .tooltip("The paladin is in this party");
            }
        }
    }
}

/// Left-aligned wrapped lines.
fn wrap(s: &mut Scene, x: f32, y: f32, w: f32, text: &str) {
    crate::paint::wrap(s, x, y, w, text, PAPER);
}

fn plan_text(g: &Dl, l: &Lord, own: bool) -> String {
    if !own && !g.revealed {
        return "The plan is secret until it is confirmed.".into();
    }
    let p = &l.plan;
    if !p.active {
        return "No battle in this dungeon this round.".into();
    }
    let mut v: Vec<String> = p
        .trap
        .iter()
        .chain(&p.trap2)
        .map(|&k| trap(k).name.clone())
        .collect();
    v.extend(
        p.monsters
            .iter()
            .map(|&i| monster(l.lair[i as usize].kind).name.clone()),
    );
    let what = if v.is_empty() {
        "nothing yet".to_string()
    } else {
        v.join(", ")
    };
    match p.tile {
        Some(t) => format!("This round's battle at {}: {what}.", square_name(t)),
        None => {
            let may: Vec<String> = targets(l).into_iter().map(square_name).collect();
            format!(
                "This round's battle: first choose the tile ({}).",
                may.join(" or ")
            )
        }
    }
}

/// A trap's damage in a few words: "3 to 1st", "1 to all, +1 to last", "2 to one you
/// choose" (`words`), or the shortest form ("3 1st", "1 all, +1 last").
fn trap_short(k: u8, year: u8, words: bool) -> String {
    let v = trap(k).values(year);
    let to = if words { " to " } else { " " };
    let mut parts = Vec::new();
    if v.first > 0 {
        parts.push(format!("{}{to}1st", v.first));
    }
    if v.second > 0 {
        parts.push(format!("{}{to}2nd", v.second));
    }
    if v.each > 0 {
        parts.push(format!("{}{to}all", v.each));
    }
    if v.last > 0 {
        parts.push(format!("+{}{to}last", v.last));
    }
    if v.chosen > 0 {
        parts.push(if words {
            format!("{} to one you pick", v.chosen)
        } else {
            format!("{} to one", v.chosen)
        });
    }
    if v.meal {
        parts.push(if words { "all of 1st's HP" } else { "1st's HP" }.into());
    }
    parts.join(", ")
}

/// A monster's attacks in a few words: "2 to 1st", "1 to all or hold", "3 or 4 to 1st",
/// "3 or 2 to any" (`words`), or the shortest form ("2", "1 all or hold", "3 or 4").
fn monster_short(k: u8, words: bool) -> String {
    use crate::data::Target;
    let def = monster(k);
    let to = if words { " to " } else { " " };
    // Single attacks all on the same target share one "to 1st" / "to any" at the end.
    let same = def.modes.iter().all(|m| m.hits <= 1)
        && def.modes.windows(2).all(|w| w[0].target == w[1].target);
    if words && same && def.modes.len() > 1 {
        let target = match def.modes[0].target {
            Target::First => Some("1st"),
            Target::Anyone => Some("any"),
            Target::Everyone => Some("all"),
            Target::Hold => None,
        };
        if let Some(t) = target {
            let d: Vec<String> = def.modes.iter().map(|m| m.damage.to_string()).collect();
            return format!("{} to {t}", d.join(" or "));
        }
    }
    let all_first = def.modes.iter().all(|m| m.target == Target::First);
    let v: Vec<String> = def
        .modes
        .iter()
        .map(|m| match m.target {
            Target::Hold => "hold".to_string(),
            Target::Everyone => format!("{}{to}all", m.damage),
            Target::Anyone if m.hits > 1 => format!("{}+{}{to}any", m.damage, m.damage),
            Target::Anyone => format!("{}{to}any", m.damage),
            Target::First if words && !all_first => format!("{} to 1st", m.damage),
            Target::First => format!("{}", m.damage),
        })
        .collect();
    let mut t = v.join(" or ");
    if words && all_first {
        t.push_str(" to 1st");
    }
    t
}

fn step_help(i: usize) -> &'static str {
    match i {
        0 => "Planning: choose the trap and the monsters for this round's battle, then confirm.",
        1 => "Trap: the trap goes off; thieves cut its damage from the front of the line.",
        2 => {
            "Fast spell: a fast combat card's spell, if the party has magic at least equal to the round."
        }
        3 => "Monsters: each monster or ghost sent attacks once, in the order you pick.",
        4 => "Slow spell: a slow combat card's spell, magic checked now.",
        5 => "Healing: if anything attacked, priests take damage off from the front.",
        _ => "Conquering: fatigue hits the first in line point by point; survivors take the tile.",
    }
}

fn status(g: &Dl) -> String {
    // The full game's combat says which year's fights these are; training has one.
    let year = if g.is_full() {
        format!("Year {} · combat ", g.year)
    } else {
        String::new()
    };
    let s = combat_status(g);
    match g.phase {
        Phase::Build(_) | Phase::Over => s,
        _ if year.is_empty() => s,
        _ => format!("{year}{}", s.replacen("Round", "round", 1)),
    }
}

fn combat_status(g: &Dl) -> String {
    match g.phase {
        Phase::Battle(Step::Spell) => format!("Round {} · a spell asks for a choice", g.round),
        Phase::Over => {
            let c = g.lords.iter().map(|l| l.conquered()).sum::<usize>();
            match g.scenario() {
                Some(sc) => format!("Combat over · {c} tile(s) conquered · best {}", sc.best),
                None => format!("Combat over · {c} tile(s) conquered"),
            }
        }
        Phase::Planning => format!("Round {} · planning", g.round),
        Phase::Release(_) => format!("Round {} · a prisoner goes free", g.round),
        Phase::Battle(Step::TrapTarget) => format!("Round {} · trap", g.round),
        Phase::Battle(Step::Monsters) => format!("Round {} · monsters attack", g.round),
        Phase::Build(_) => crate::table::status(g),
    }
}

fn prompt(g: &Dl, viewer: Option<usize>) -> String {
    let Some(v) = viewer else {
        return String::new();
    };
    if !g.seats_to_act().contains(&v) {
        return String::new();
    }
    match g.phase {
        Phase::Planning => {
            "Set at most one trap and send monsters (ghosts as many as you like), then confirm."
                .into()
        }
        Phase::Release(_) => "No tile is left to attack: choose a prisoner to release.".into(),
        Phase::Battle(Step::TrapTarget) => "Choose who the dart flies at.".into(),
        Phase::Battle(Step::Monsters) => "Choose the next monster's attack.".into(),
        Phase::Battle(Step::Spell) => "The wizards' spell leaves you a choice.".into(),
        Phase::Build(st) => crate::table::prompt(g, st),
        Phase::Over => String::new(),
    }
}

/// An adventurer's card in the prison (behind bars) or the Distant Lands: the picture on
/// the left while the card is wide enough for it and the name, else the name alone.
fn captive(s: &mut Scene, id: u8, r: tavern_plugin_api::scene::Rect, jailed: bool) {
    let pictured = r.w >= 160.0;
    if pictured {
        let pic = rect(r.x + 6.0, r.y + 6.0, 44.0, 44.0);
        s.image(pic, crate::art::adventurer(adv(id).class), adv_name(id));
        if jailed {
            s.image(pic, crate::art::PRISON, "behind bars");
        }
        let tx = r.x + 56.0;
        s.text(
            pos(tx, r.y + r.h / 2.0),
            short_name(id, r.x + r.w - tx - 6.0),
            SMALL,
            INK,
        );
    } else {
        s.text_centered(r.center(), short_name(id, r.w), SMALL, INK);
    }
}

/// "Warrior 4", or "W4" when the tile is narrow.
fn short_name(id: u8, width: f32) -> String {
    let a = adv(id);
    let full = format!("{} {}", a.name, a.hp);
    if crate::paint::width(&full, SMALL, false) <= width - 8.0 {
        full
    } else {
        format!("{}{}", a.class.letter(), a.hp)
    }
}
