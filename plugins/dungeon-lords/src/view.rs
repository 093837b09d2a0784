//! The table: the party queued at the entrance along the top, the dungeon's 5×4 grid
//! large on the left with the battle's summary (the plan, other lords) under it, and on
//! the right (drawn by `combat_side.rs`) the battle steps, the lord's traps, lair,
//! treasury, the prison and the Distant Lands. The canvas is the building table's (1260×1064), so it fits beside
//! the log in a 1024×700 window without a sideways scroll.

use tavern_plugin_api::View;
use tavern_plugin_api::scene::{Color, Icon, Scene, pos, rect};

use crate::data::{Class, adv, data, monster, trap};
use crate::grid::targets;
use crate::model::{Dl, Lord, Phase, Step, TileKind};
use crate::names::square_name;

const TEXT: f32 = 18.0;
const SMALL: f32 = 17.0;
const BIG: f32 = 26.0;
/// A grid tile's height and width: wide enough for "battle here" and a room's name on
/// two lines where the host draws text largest.
const TILE: f32 = 108.0;
const TILE_W: f32 = 120.0;
const LEFT_W: f32 = 650.0;
/// Distance between the lines of the last battle step under the grid.
const REPORT_STEP: f32 = 22.6;
/// Lines of the last battle step under the grid.
const REPORT_ROWS: usize = 6;
const INK: Color = Color::INK;
const PAPER: Color = Color::PAPER;

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
    let own = viewer.unwrap_or_else(|| g.focus()).min(g.n() - 1);
    let l = &g.lords[own];
    party(&mut s, g, l);
    let bottom = dungeon(&mut s, g, own, l);
    crate::combat_side::sidebar(&mut s, g, own, l, viewer == Some(own));
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
            .rect(r, crate::paint::class_colour(d.class), 10.0)
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

/// The text cut (with an ellipsis) to fit `width` at the size the host draws it largest.
fn fit(text: &str, width: f32) -> String {
    crate::paint::fit(text, width, SMALL, false)
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
