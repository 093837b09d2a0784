//! The quest board: each quest card with its items, costs, values, rewards and the marks of who made what.

use super::parts::*;
use crate::art;
use crate::data::{RES_NAMES, quest};
use crate::help::block_height;
use crate::model::{Kg, Pending, Phase, QCard};
use tavern_plugin_api::scene::{
    Color, ItemBuilder, Rect, Scene, drawn_size, line_height, pos, rect,
};

pub(super) fn quests(s: &mut Scene, g: &Kg, r: Rect) {
    let k = g.board.len().max(5);
    // Whole canvas units (shorter numbers in every view).
    let w = ((r.w - 8.0 * (k as f32 - 1.0)) / k as f32).floor();
    // During the bidding the funeral card lies in the first empty space (a quest is
    // drawn there once the statue is decided).
    let funeral = matches!(g.pending.front(), Some(Pending::Funeral { .. }));
    let funeral_at = g.board.iter().position(|x| x.is_none()).filter(|_| funeral);
    // In the last turns the Offering to the Council lies where it was drawn.
    let offering_at = g
        .board
        .iter()
        .position(|x| x.is_none())
        .filter(|_| g.final_turn() && g.phase == Phase::Play);
    for (i, slot) in g.board.iter().enumerate() {
        let cr = rect(r.x + i as f32 * (w + 8.0), r.y, w, r.h);
        let id = format!("quest:{i}");
        match slot {
            None => {
                let tip = if g.solo && i == 0 {
                    "The space next to the quest deck"
                } else {
                    "An empty quest space"
                };
                s.rect(cr, Color::rgb(52, 72, 64), 8.0).tooltip(tip).id(id);
                if offering_at == Some(i) {
                    s.rect(cr, Color::rgb(70, 60, 40), 8.0).tooltip(
                        "The Offering to the Council: everyone has one last turn; instead of \
                         an action a guild with a free sigil may make its offering",
                    );
                    card_face(s, cr, "The Offering to the Council", art::OFFERING);
                } else if funeral_at == Some(i) {
                    s.rect(cr, Color::rgb(60, 60, 70), 8.0).tooltip(
                        "The King's Funeral: everyone bids coins in secret; the single highest \
                         bid pays and builds the King's Statue, a tie builds nothing",
                    );
                    card_face(s, cr, "The King's Funeral", art::FUNERAL);
                }
            }
            Some(sl) => match sl.card {
                QCard::Quest(q) => quest_card(s, g, i, cr, q, sl, id),
                QCard::Funeral => {
                    s.rect(cr, Color::rgb(60, 60, 70), 8.0)
                        .id(id)
                        .tooltip("Solo: while this card is out, your action may build the King's Statue for free");
                    // What the card offers, at its foot (and that it goes next, if so).
                    let words = if solo_leaving(g) == Some(i) {
                        "Your action: the King's Statue for free. Leaves next"
                    } else {
                        "Your action: the King's Statue for free"
                    };
                    let h = block_height(words, SMALL, cr.w - 16.0);
                    s.text_block(
                        rect(cr.x + 8.0, cr.y + 8.0, cr.w - 16.0, 52.0),
                        "The King's Funeral",
                        SMALL,
                        Color::WHITE,
                    );
                    s.image(
                        rect(cr.x + 10.0, cr.y + 64.0, cr.w - 20.0, cr.h - 78.0 - h),
                        art::FUNERAL,
                        "The King's Funeral",
                    );
                    s.text_block(
                        rect(cr.x + 8.0, cr.y + cr.h - 6.0 - h, cr.w - 16.0, h),
                        words,
                        SMALL,
                        Color::rgb(240, 220, 160),
                    );
                }
                QCard::Offering => {}
            },
        }
    }
}

/// Solo: the space whose card leaves at the end of the turn if the board is still full
/// (the one furthest from the deck without a sigil).
pub(super) fn solo_leaving(g: &Kg) -> Option<usize> {
    if !g.board.iter().all(|s| s.is_some()) {
        return None;
    }
    (0..g.board.len())
        .rev()
        .find(|&i| g.board[i].is_some_and(|s| s.sigil.is_none()))
}

/// The face of the funeral or offering card in a quest space: its name over its picture.
pub(super) fn card_face(s: &mut Scene, cr: Rect, name: &str, image: &str) {
    s.text_block(
        rect(cr.x + 8.0, cr.y + 8.0, cr.w - 16.0, 52.0),
        name,
        SMALL,
        Color::WHITE,
    );
    s.image(
        rect(cr.x + 10.0, cr.y + 64.0, cr.w - 20.0, cr.h - 74.0),
        image,
        name,
    );
}

pub(super) fn quest_card(
    s: &mut Scene,
    g: &Kg,
    slot: usize,
    cr: Rect,
    q: u8,
    sl: &crate::model::Slot,
    id: String,
) {
    let qd = quest(q);
    s.rect(cr, Color::PAPER, 8.0)
        .id(id)
        .tooltip(crate::help::quest_help(q));
    let hero_col = match qd.hero {
        crate::data::Hero::Mage => Color::rgb(110, 80, 170),
        crate::data::Hero::Rogue => Color::rgb(60, 130, 90),
        crate::data::Hero::Warrior => Color::rgb(170, 70, 50),
    };
    s.rect(rect(cr.x, cr.y, cr.w, 28.0), hero_col, 8.0);
    s.image(
        rect(cr.x + 4.0, cr.y + 1.0, 26.0, 26.0),
        art::hero(qd.hero),
        qd.hero.name(),
    );
    let thug = g.thug.is_some_and(|(_, t)| t as usize == slot);
    let leaving = g.solo && solo_leaving(g) == Some(slot);
    // The header leaves room for the sigil at its right; on a narrow card the Thug's
    // word replaces the hero's name (the picture and the colour still tell the hero).
    let room = cr.w - 34.0 - 30.0;
    let head = if leaving {
        "Leaves next".to_string()
    } else if thug {
        let both = format!("{} · Thug", qd.hero.name());
        if fit_text(&both, room) == both {
            both
        } else {
            "Thug".to_string()
        }
    } else {
        fit_text(qd.hero.name(), room)
    };
    // Inner parts that only repeat the card's own text leave the hover to the card.
    let head = s
        .text(pos(cr.x + 34.0, cr.y + 14.0), head, SMALL, Color::WHITE)
        .bold();
    if leaving {
        head.tooltip(
            "At the end of your turn, if all six spaces are still full, this quest (the \
             right-most without your sigil) leaves the game",
        );
    } else if thug {
        head.tooltip("Others pay the Thug's owner 2 coins to craft here");
    }
    let nh = block_height(&qd.name, SMALL, cr.w - 12.0).min(78.0);
    s.text_block(
        rect(cr.x + 6.0, cr.y + 30.0, cr.w - 12.0, nh),
        qd.name.clone(),
        SMALL,
        Color::INK,
    );
    // Items sit at the foot of the card, each a row: its kind's picture and its name
    // (wrapped where six spaces leave a long name no single line), then its costs.
    let name_w = cr.w - 31.0;
    let name_h: Vec<f32> = qd
        .items
        .iter()
        .map(|it| block_height(&it.name, SMALL, name_w))
        .collect();
    // A one-line name is drawn as a line of text; a wrapped one as a block whose last
    // line's full height sits above the costs. Each row: (its height, its costs' line).
    let one_line = line_height(drawn_size(SMALL)) + 0.5;
    let rows: Vec<(f32, f32)> = name_h
        .iter()
        .map(|&h| {
            if h <= one_line {
                (50.0, 35.0)
            } else {
                (h + 27.0, h + 13.0)
            }
        })
        .collect();
    let rows_h: f32 = rows.iter().map(|r| r.0 + 2.0).sum();
    let mut y = cr.y + cr.h - rows_h;
    if qd.items.len() == 1 {
        // A one-item quest's empty middle shows its hero, as large as the room allows.
        let top = cr.y + 30.0 + nh + 4.0;
        let side = (y - top - 4.0).min(42.0);
        if side >= 20.0 {
            let mid = (top + y) / 2.0;
            s.image(
                rect(
                    cr.x + cr.w / 2.0 - side * 0.57,
                    mid - side / 2.0,
                    side * 1.14,
                    side,
                ),
                art::hero(qd.hero),
                "",
            );
        }
    }
    for (i, it) in qd.items.iter().enumerate() {
        let nh = name_h[i];
        let (row_h, line) = rows[i];
        let row = rect(cr.x + 4.0, y, cr.w - 8.0, row_h);
        let made = sl.made[i];
        let fill = match made {
            Some(m) => Color::player(m as usize).with_alpha(120),
            None => Color::rgb(232, 226, 210),
        };
        s.rect(row, fill, 4.0);
        // The item's kind as a picture: a sword for a weapon, a shield for armour.
        s.image(
            rect(cr.x + 5.0, y + 3.0, 20.0, 20.0),
            art::item(it.item),
            it.item.name(),
        );
        if nh <= one_line {
            s.text(
                pos(cr.x + 25.0, y + 13.0),
                it.name.clone(),
                SMALL,
                Color::INK,
            );
        } else {
            s.text_block(
                rect(cr.x + 25.0, y + 1.0, name_w, nh),
                it.name.clone(),
                SMALL,
                Color::INK,
            );
        }
        let line = y + line;
        y += row_h + 2.0;
        // Costs, then the value, left of the reward's back: narrow cards (six spaces)
        // draw smaller pictures.
        let kinds = it.cost.iter().filter(|&&n| n > 0).count().max(1) as f32;
        let step = ((cr.w - 92.0) / kinds).floor().min(48.0);
        let icon = (step - 17.0).min(27.0);
        let mut x = cr.x + 6.0;
        for (r, &n) in it.cost.iter().enumerate() {
            if n == 0 {
                continue;
            }
            s.image(
                rect(x + 1.0, line + 0.5 - icon / 2.0, icon, icon),
                art::RESOURCE[r],
                RES_NAMES[r],
            );
            s.text(pos(x + icon + 3.0, line), format!("{n}"), SMALL, Color::INK)
                .bold();
            x += step;
        }
        // "→ (coin) 6": what crafting it earns, a coin beside the number so it does not
        // read as one more cost.
        let arrow_w = tavern_plugin_api::scene::text_width("→", drawn_size(SMALL), true);
        s.text(pos(x + 2.0, line), "→", SMALL, Color::INK).bold();
        let coin_x = x + 2.0 + arrow_w + 3.0;
        s.image(rect(coin_x, line - 8.0, 16.0, 16.0), art::COIN, "coins")
            .tooltip(format!(
                "Crafting it earns {}",
                crate::data::coins(it.value as u32)
            ));
        s.text(
            pos(coin_x + 18.0, line),
            format!("{}", it.value),
            SMALL,
            Color::INK,
        )
        .bold();
        // The reward's card back: its colour and its own emblem (moon, flame, sun); once
        // the item is crafted the reward is taken and the crafter's mark lies there.
        let reward = format!("Reward: a {} treasure", it.reward.name());
        match made {
            None => {
                s.image(
                    rect(cr.x + cr.w - 27.0, line - 13.0, 20.0, 27.0),
                    art::back(it.reward),
                    format!("{} treasure", it.reward.name()),
                )
                .tooltip(reward);
            }
            Some(m) => {
                let m = m as usize;
                seat_mark(s, pos(cr.x + cr.w - 17.0, line), 11.0, m)
                    .tooltip(format!("Crafted by {} ({reward})", g.players[m].name));
            }
        }
    }
    if let Some(sg) = sl.sigil {
        let sg = sg as usize;
        seat_mark(s, pos(cr.x + cr.w - 16.0, cr.y + 14.0), 12.0, sg)
            .tooltip(format!("{}'s guild sigil", g.players[sg].name));
    }
}

/// A seat's disc with its letter, so a sigil or a crafted mark never rests on colour
/// alone (the letter keeps the table's smallest text size, wider than the disc's
/// own token label would allow).
pub(super) fn seat_mark(
    s: &mut Scene,
    at: tavern_plugin_api::scene::Pos,
    radius: f32,
    seat: usize,
) -> ItemBuilder<'_> {
    let c = Color::player(seat);
    s.circle(at, radius, c)
        .stroke(tavern_plugin_api::scene::stroke(1.5, Color::INK));
    let light = 0.299 * c.0 as f32 + 0.587 * c.1 as f32 + 0.114 * c.2 as f32 > 140.0;
    let ink = if light { Color::INK } else { Color::WHITE };
    s.text_centered(at, Color::PLAYER_MARK[seat % 8], SMALL, ink)
        .bold()
}
