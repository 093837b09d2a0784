//! The combat table's right column: the round and its battle steps with the combat card,
//! the lord's trap cards and lair, the treasury, the prison and the Distant Lands, and the
//! button of a decision about no component. `view.rs` draws the rest of the combat table.

use tavern_plugin_api::scene::{Color, Highlight, Icon, Scene, pos, rect};

use crate::data::{Speed, adv, card, monster, trap};
use crate::model::{Dl, Lord, Phase, Step};
use crate::names::adv_name;
use crate::paint::class_colour;

const TEXT: f32 = 18.0;
const SMALL: f32 = 17.0;
const RIGHT_X: f32 = 670.0;
const RIGHT_W: f32 = crate::table::WIDTH - RIGHT_X - 10.0;
const INK: Color = Color::INK;
const PAPER: Color = Color::PAPER;

/// The text cut (with an ellipsis) to fit `width` at the size the host draws it largest.
fn fit(text: &str, width: f32) -> String {
    crate::paint::fit(text, width, SMALL, false)
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

pub(crate) fn sidebar(s: &mut Scene, g: &Dl, seat: usize, l: &Lord, own: bool) {
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
    // Drawn for the lord whose table this is, in the public view too (which shows the
    // lord to act), so a public step does not look private to the hot-seat cover check.
    decision_button(s, g, seat, rect(x + 16.0, 998.0, w - 32.0, 44.0));
}

/// The button of a combat decision about no component: confirming the battle plan, or
/// answering the spell in effect (its choices open from it as a menu).
fn decision_button(s: &mut Scene, g: &Dl, seat: usize, r: tavern_plugin_api::scene::Rect) {
    // The tooltips name no secret (the plan stays hidden until every lord confirms).
    if let Some((id, _)) = crate::paint::legal_button(g, seat, "button:confirm") {
        let tip = "Confirm the battle plan: it stays secret until every lord has confirmed";
        crate::paint::button(s, r, &id, "Confirm the battle plan", tip);
    } else if let Some((id, _)) = crate::paint::legal_button(g, seat, "button:spell") {
        let spell = g
            .card()
            .map(|c| card(c).name.as_str())
            .unwrap_or("the spell");
        let tip = format!("{spell}: choose what happens (the choices open from here)");
        crate::paint::button(s, r, &id, &format!("{spell}: choose"), &tip);
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
