//! The specialist row with the decks and room piles beside it, and the supply strip with the master rooms.

use super::parts::*;
use crate::art;
use crate::data::{Colour, room_def, spec, treasure};
use crate::help::spec_help;
use crate::help::{block_height, room_base};
use crate::model::Kg;
use tavern_plugin_api::scene::{Color, Rect, Scene, drawn_size, pos, rect};
use tavern_plugin_api::words::counted;

/// The width of the deck lines in the decks panel ("Quest deck 15 · last turns" is
/// the longest); the room piles take the rest.
pub(super) const DECKS_W: f32 = 300.0;

pub(super) fn specialists(s: &mut Scene, g: &Kg, viewer: Option<usize>, r: Rect) {
    let w = 124.0;
    // Oldest (index 0) on the right.
    for (i, &(x, disc)) in g.row.iter().enumerate() {
        let col = 4 - i;
        let cr = rect(r.x + col as f32 * (w + 6.0), r.y, w, r.h);
        let d = spec(x);
        let cost = (d.cost as u32).saturating_sub(disc as u32);
        s.card(cr, Color::rgb(236, 228, 206), None, "", format!("{cost}"))
            .id(format!("row:{i}"))
            .tooltip(spec_help(x, disc));
        // The picture right after its card, so the host writes the cost at the card's
        // foot, on a plate; smaller since the ability is written on the card, beside the
        // prestige.
        s.image(
            rect(cr.x + 44.0, cr.y + 108.0, 40.0, 30.0),
            art::specialist(x),
            "",
        );
        // The name on a band of two lines' height, so a long one-word name breaks where
        // its parts meet ("Leather-" "worker") instead of being cut.
        s.rect(
            rect(cr.x + 1.5, cr.y + 1.5, cr.w - 3.0, SPEC_BAND),
            Color::rgb(120, 90, 50),
            6.0,
        );
        let lines = name_lines(&d.name, cr.w - 8.0);
        let top = cr.y + 1.5 + SPEC_BAND / 2.0 - (lines.len() as f32 - 1.0) * 12.0;
        for (k, l) in lines.iter().enumerate() {
            s.text_centered(
                pos(cr.x + cr.w / 2.0, top + k as f32 * 24.0),
                l.clone(),
                SMALL,
                Color::WHITE,
            );
        }
        // The ability itself, not only on hover: two short lines under the name.
        let ability = crate::help::spec_short(x);
        let ah = block_height(&ability, SMALL, cr.w - 10.0).min(52.0);
        s.text_block(
            rect(cr.x + 5.0, cr.y + SPEC_BAND + 3.0, cr.w - 10.0, ah),
            ability,
            SMALL,
            Color::INK,
        );
        s.text(
            pos(cr.x + 8.0, cr.y + 123.0),
            format!("{} pp", d.pp),
            SMALL,
            Color::INK,
        );
        if disc > 0 {
            s.text(
                pos(cr.x + cr.w - 30.0, cr.y + 123.0),
                format!("−{disc}"),
                SMALL,
                Color::rgb(30, 110, 40),
            )
            .bold()
            .tooltip(format!(
                "{} of discount",
                counted(disc as usize, "coin", "coins")
            ));
        }
    }
    // Decks, one labelled line each: specialists, the three treasure colours, quests.
    let x0 = r.x + 5.0 * (w + 6.0) + 4.0;
    let pr = rect(x0, r.y, r.x + r.w - x0, r.h);
    s.panel(pr, PANEL, PANEL_EDGE);
    let mut lines: Vec<(String, &str, String, Option<&str>)> = vec![(
        format!("Specialist deck {}", g.spec_deck.len()),
        art::SPEC_BACK,
        "Specialist deck: A cards on top of B on top of C".into(),
        None,
    )];
    for c in Colour::ALL {
        let top: Vec<String> = crate::data::kinds_of(c)
            .filter(|&k| g.discard[k as usize] > 0)
            .map(|k| format!("{} ×{}", treasure(k).name, g.discard[k as usize]))
            .collect();
        let tip = format!(
            "{} treasure deck: {} cards; discard pile (public): {}",
            c.name(),
            g.deck_count(c),
            if top.is_empty() {
                "empty".to_string()
            } else {
                top.join(", ")
            }
        );
        lines.push((
            format!(
                "{} {} · {} used",
                capital(c.name()),
                g.deck_count(c),
                g.discard_count(c)
            ),
            art::back(c),
            tip,
            None,
        ));
    }
    let mut qtip =
        "Quest deck: Age I, the King's Funeral, Age II, the Offering to the Council at the bottom"
            .to_string();
    if let Some(b) = &g.last_bids {
        let t: Vec<String> = b
            .iter()
            .enumerate()
            .map(|(s2, x)| {
                format!(
                    "{} {}",
                    g.players[s2].name,
                    counted(*x as usize, "coin", "coins")
                )
            })
            .collect();
        qtip.push_str(&format!("\nFuneral bids: {}", t.join(", ")));
    }
    if g.statue_built {
        qtip.push_str("\nThe King's Statue is built");
    }
    if let Some(v) = viewer
        && v == g.active
        && g.turn.peeked
    {
        let top: Vec<String> = g
            .quest_deck
            .iter()
            .rev()
            .take(2)
            .map(|&c| crate::applied::card_name(c))
            .collect();
        qtip.push_str(&format!("\nYou looked (Oracle): {}", top.join(", then ")));
    }
    let mut qline = format!("Quest deck {}", g.quest_deck.len());
    if g.final_turn() {
        qline.push_str(" · last turns");
    }
    // Once the Offering to the Council is out, the deck's line shows its offering bowl.
    let deck_art = if g.final_turn() {
        art::OFFERING
    } else {
        art::QUEST_BACK
    };
    lines.push((qline, deck_art, qtip, Some("questdeck")));
    for (i, (text, back, tip, id)) in lines.into_iter().enumerate() {
        let y = pr.y + 20.0 + i as f32 * 34.0;
        s.image(rect(pr.x + 8.0, y - 15.0, 22.0, 30.0), back, "");
        let b = s
            .text(
                pos(pr.x + 36.0, y),
                fit_text(&text, DECKS_W - 46.0),
                SMALL,
                Color::WHITE,
            )
            .tooltip(tip);
        if let Some(id) = id {
            b.id(id);
        }
    }
    // The room piles in the panel's right part, clear of the longest deck line.
    piles(s, g, pr.x + DECKS_W, pr);
}

/// The supply as a strip: its resources, then one tile per master room with its name
/// and what it scores in pictures ("4 ×" and a mage), the whole text on hover. The room
/// piles sit in the decks panel beside the specialists.
pub(super) fn supply(s: &mut Scene, g: &Kg, r: Rect) {
    s.panel(r, PANEL, PANEL_EDGE);
    s.heading(
        pos(r.x + 10.0, r.y + r.h / 2.0),
        "Supply",
        SMALL,
        Color::WHITE,
    );
    let end = supply_row(s, r.x + 100.0, r.y + r.h / 2.0, &g.stock);
    // Clear of the supply's glow ring.
    let x = end + 16.0;
    let count = g.masters.len().max(1) as f32;
    let w = ((r.x + r.w - 6.0 - x - 6.0 * (count - 1.0)) / count).floor();
    for (i, &m) in g.masters.iter().enumerate() {
        let tr = rect(x + i as f32 * (w + 6.0), r.y + 4.0, w, r.h - 8.0);
        master_tile(s, m, tr);
    }
}

/// The words on a master room's tile: its name without "Hall of" (the tooltip and the
/// end table give it whole).
pub fn master_label(m: u8) -> &'static str {
    let name = room_def(m).name.as_str();
    match name {
        "Vault of Riches" => "Vault",
        "Throne Room" => "Throne",
        _ => name.strip_prefix("Hall of ").unwrap_or(name),
    }
}

/// What a master room scores, as pictures: the prestige per thing, then the thing.
fn score_glyph(m: u8) -> (String, Vec<&'static str>) {
    use crate::data::{ItemKind, RoomScore as S};
    let d = room_def(m);
    match d.score {
        S::Hero(h) => ("4 ×".into(), vec![art::hero(h)]),
        S::Pair([a, b]) => ("6 ×".into(), vec![art::hero(a), art::hero(b)]),
        S::Item(k) => ("2 ×".into(), vec![art::item(k)]),
        S::Gallery => (
            "3 ×".into(),
            vec![art::item(ItemKind::Weapon), art::item(ItemKind::Armour)],
        ),
        S::Depot => ("4 × type".into(), Vec::new()),
        S::Rooms => (
            "3 ×".into(),
            vec![art::room_art(crate::data::room::WAREHOUSE)],
        ),
        S::Specialists => ("3 ×".into(), vec![art::SPEC_BACK]),
        S::Coins => ("1 ×".into(), vec![art::COIN]),
        S::Throne => ("9 +6".into(), vec![art::STATUE]),
        S::Scrolls => ("3 ×".into(), vec![art::treasure_art(0)]),
        S::Plain => (format!("{} pp", d.pp), Vec::new()),
    }
}

fn master_tile(s: &mut Scene, m: u8, tr: Rect) {
    use tavern_plugin_api::scene::text_width;
    s.rect(tr, Color::rgb(120, 90, 50), 6.0)
        .tooltip(format!("Master room: {}", room_base(m)));
    // The name when the tile is wide enough (at six seats nine tiles share the strip;
    // then the pictures of what it scores tell the rooms apart, the name is on hover).
    let label = master_label(m);
    let named = text_width(label, drawn_size(SMALL), false) + 10.0 <= tr.w;
    if named {
        s.text_centered(
            pos(tr.x + tr.w / 2.0, tr.y + 13.0),
            label,
            SMALL,
            Color::WHITE,
        );
    }
    let (words, icons) = score_glyph(m);
    let tw = text_width(&words, drawn_size(SMALL), true);
    // Smaller pictures where nine tiles share the strip.
    let icon = ((tr.w - 10.0 - tw) / icons.len().max(1) as f32 - 2.0).clamp(12.0, 22.0);
    let total = tw + icons.len() as f32 * (icon + 2.0) + 2.0;
    let mut x = tr.x + ((tr.w - total) / 2.0).max(2.0);
    let y = if named {
        tr.y + tr.h - 14.0
    } else {
        tr.y + tr.h / 2.0
    };
    s.text(pos(x, y), words, SMALL, Color::rgb(240, 220, 160))
        .bold();
    x += tw + 4.0;
    for im in icons {
        s.image(rect(x, y - icon / 2.0, icon, icon), im, "");
        x += icon + 2.0;
    }
}

/// The six room piles as a column: a tile's picture and the pile's name and count.
pub(super) fn piles(s: &mut Scene, g: &Kg, x: f32, r: Rect) {
    let step = ((r.h - 12.0) / crate::help::PILES.len() as f32).floor();
    for (i, &(name, top, _)) in crate::help::PILES.iter().enumerate() {
        let y = r.y + 6.0 + step / 2.0 + i as f32 * step;
        s.image(rect(x, y - 11.0, 26.0, 22.0), art::room_art(top), "");
        s.text(
            pos(x + 30.0, y),
            fit_text(&format!("{name} {}", g.piles[i]), r.x + r.w - x - 40.0),
            SMALL,
            Color::WHITE,
        )
        .tooltip(crate::help::pile_help(i));
    }
}
