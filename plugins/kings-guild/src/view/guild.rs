//! The viewer's own guild: its grid of rooms, specialists, storage and the private hand.

use super::parts::*;
use super::room_tile;
use super::spec_card;
use crate::art;
use crate::data::{RES_NAMES, Space, data, room_def, spec, treasure};
use crate::help::{block_height, spec_base};
use crate::help::{room_help, treasure_help};
use crate::model::{EMPTY, Kg, Loc, Pending, Phase};
use tavern_plugin_api::scene::{Color, Highlight, Rect, Scene, drawn_size, pos, rect, text_width};
use tavern_plugin_api::words::counted;

pub(super) fn own_area(s: &mut Scene, g: &Kg, seat: usize, viewer: Option<usize>, r: Rect) {
    let p = &g.players[seat];
    let d = data();
    let summary = player_summary(g, seat, viewer);
    s.panel(r, Color(34, 50, 46, 228), Color::player(seat))
        .highlight(if seat == g.active {
            Highlight::Active
        } else {
            Highlight::None
        });
    let coins = if coins_visible(g, viewer, seat) {
        p.coins.to_string()
    } else {
        "?".into()
    };
    // The coins' picture and count at the heading's right end.
    let coin_w = 30.0 + 4.0 + text_width(&coins, drawn_size(SMALL), true);
    let coin_x = r.x + r.w - 12.0 - coin_w;
    s.heading(
        pos(r.x + 12.0, r.y + 18.0),
        fit_text(
            &format!(
                "{} {} · {} · {} · {} · {} free{}",
                Color::PLAYER_MARK[seat % 8],
                p.name,
                d.guilds[p.guild as usize].name,
                counted_coins(&coins),
                counted(g.scored_quests(seat).len(), "quest", "quests"),
                counted(g.free_sigils(seat) as usize, "sigil", "sigils"),
                if p.offered { " · offered" } else { "" }
            ),
            coin_x - 16.0 - (r.x + 12.0),
        ),
        SMALL,
        Color::player(seat),
    )
    .tooltip(summary);
    s.image(rect(coin_x, r.y + 3.0, 30.0, 30.0), art::COIN, "coins")
        .tooltip(counted_coins(&coins));
    s.text(
        pos(coin_x + 34.0, r.y + 18.0),
        coins.clone(),
        SMALL,
        Color::WHITE,
    )
    .bold();
    // Four outside specialist spaces above the grid, each a card with the specialist's
    // name and ability (the storage line sits right of the hall, above the hand, so the
    // cards have the height); a square is wide enough for the longest one-word name on
    // it ("Leatherworker", "Bedchamber").
    let cw = OWN_CELL;
    let ch = 78.0;
    let oh = spec_card::outside_height();
    let gx = r.x + 12.0;
    let gy = r.y + 40.0;
    let hx = gx + 4.0 * (cw + 4.0) + 12.0;
    s.text(
        pos(hx, r.y + 48.0),
        format!("Storage {}/{}", p.stored(), p.storage_limit()),
        SMALL,
        Color::WHITE,
    );
    res_row(s, hx + 158.0, r.y + 48.0, &p.res, Some(seat));
    let outside: Vec<u8> = p
        .specs
        .iter()
        .filter(|(_, l)| *l == Loc::Outside)
        .map(|x| x.0)
        .collect();
    // The guild's hall: a timber wall the outside spaces and the grid are laid into.
    s.image(
        rect(
            gx - 6.0,
            gy - 6.0,
            4.0 * (cw + 4.0) + 8.0,
            oh + 6.0 + 3.0 * (ch + 4.0) + 8.0,
        ),
        art::GUILD_BOARD,
        "",
    );
    for i in 0..4 {
        let cr = rect(gx + i as f32 * (cw + 4.0), gy, cw, oh);
        match outside.get(i) {
            Some(&x) => spec_card::outside_card(s, x, cr),
            None => {
                s.rect(cr, Color::rgb(60, 80, 72), 6.0)
                    .tooltip("A free specialist space above the guild");
            }
        }
    }
    let board = &d.boards[p.board as usize];
    for c in 0..12usize {
        let cr = rect(
            gx + (c % 4) as f32 * (cw + 4.0),
            gy + oh + 6.0 + (c / 4) as f32 * (ch + 4.0),
            cw,
            ch,
        );
        let id = format!("cell:{seat}:{c}");
        match p.grid[c] {
            EMPTY => {
                let (label, tip) = match board.spaces[c] {
                    Space::Resource(res) => (
                        format!("+1 {}", RES_NAMES[res]),
                        format!("Bonus space: a room here gives 1 {}", RES_NAMES[res]),
                    ),
                    Space::Coins => (
                        format!("+{} coins", d.bonus_coins),
                        format!("Bonus space: a room here gives {} coins", d.bonus_coins),
                    ),
                    _ => (String::new(), "A free space of your guild".to_string()),
                };
                s.rect(cr, Color::rgb(70, 92, 82), 6.0).id(id).tooltip(tip);
                s.image(cr.shrink(2.0), art::FLOOR, "");
                let bonus = match board.spaces[c] {
                    Space::Resource(res) => Some(art::RESOURCE[res]),
                    Space::Coins => Some(art::COIN),
                    _ => None,
                };
                if let Some(b) = bonus {
                    s.image(
                        rect(cr.x + cw - 40.0, cr.y + ch / 2.0 - 17.0, 34.0, 34.0),
                        b,
                        "",
                    );
                }
                if !label.is_empty() {
                    s.text(
                        pos(cr.x + 6.0, cr.y + ch / 2.0),
                        label,
                        SMALL,
                        Color::rgb(220, 230, 220),
                    );
                }
            }
            crate::data::room::GUILD => {
                let gd = &d.guilds[p.guild as usize];
                s.rect(cr, Color::player(seat).with_alpha(200), 6.0)
                    .tooltip(format!(
                        "{}: your guild tile, storage {}",
                        gd.name, gd.storage
                    ));
                if c % 4 == 0 || p.grid[c - 1] != crate::data::room::GUILD {
                    s.image(
                        rect(cr.x + cw - 48.0, cr.y + 6.0, 44.0, ch - 12.0),
                        art::guild(p.guild),
                        "",
                    );
                    s.text(
                        pos(cr.x + 6.0, cr.y + ch / 2.0),
                        "Guild",
                        SMALL,
                        Color::WHITE,
                    )
                    .bold();
                }
            }
            rm => {
                let anchor = c % 4 == 0 || p.grid[c - 1] != rm;
                let def = room_def(rm);
                let inside: Vec<&str> = p
                    .specs
                    .iter()
                    .filter(|(_, l)| *l == Loc::Room(c as u8))
                    .map(|(x, _)| spec(*x).name.as_str())
                    .collect();
                let mut tip = room_help(rm);
                if !inside.is_empty() {
                    tip.push_str(&format!("\nHere: {}", inside.join(", ")));
                }
                if p.baggage == Some(c as u8) {
                    tip.push_str("\nThe Aristocrat's baggage is here");
                }
                s.rect(cr, Color::rgb(214, 200, 170), 6.0)
                    .id(id)
                    .tooltip(tip);
                // The whole room's tile and its name's height, for where its ability goes.
                let name_w = def.width as f32 * (cw + 4.0) - 12.0;
                let name_h = block_height(&def.name, SMALL, name_w).min(52.0);
                let plan = room_tile::plan(rm, name_w + 8.0, ch, name_h, 40.0);
                // The room's picture in the lower right of its last square (a later
                // square would cover it), below a name of two lines, unless the ability
                // needs the room.
                if (c % 4 == 3 || p.grid[c + 1] != rm) && plan.picture {
                    s.image(
                        rect(cr.x + cw - 38.0, cr.y + ch - 27.0, 34.0, 26.0),
                        art::room_art(rm),
                        "",
                    );
                }
                if anchor {
                    s.text_block(
                        rect(cr.x + 4.0, cr.y + 1.0, name_w, name_h),
                        def.name.clone(),
                        SMALL,
                        Color::INK,
                    );
                    room_tile::draw_plan(s, cr.x, cr.y, &plan);
                    if def.slots > 0 {
                        let used = p.used(Loc::Room(c as u8));
                        let free = def.slots.saturating_sub(used);
                        let words = if free == 0 {
                            "full".to_string()
                        } else {
                            format!("{free} free")
                        };
                        let tw = text_width(&words, drawn_size(SMALL), false);
                        s.text(
                            pos(cr.x + 6.0, cr.y + ch - 12.0),
                            words,
                            SMALL,
                            Color::rgb(80, 40, 20),
                        );
                        // Who lives here, after the count: each specialist's portrait (the
                        // Aristocrat's baggage as a trunk), named on hover.
                        let mut x = cr.x + 6.0 + tw + 6.0;
                        let at = Loc::Room(c as u8);
                        for &(sp, _) in p.specs.iter().filter(|(_, l)| *l == at) {
                            s.image(
                                rect(x, cr.y + ch - 28.0, 26.0, 27.0),
                                art::specialist(sp),
                                spec(sp).name.as_str(),
                            )
                            .tooltip(spec_base(sp));
                            x += 31.0;
                        }
                        if p.baggage == Some(c as u8) {
                            s.rect(
                                rect(x + 2.0, cr.y + ch - 26.0, 24.0, 20.0),
                                Color::rgb(120, 80, 40),
                                3.0,
                            )
                            .stroke(tavern_plugin_api::scene::stroke(1.5, Color::INK))
                            .tooltip("The Aristocrat's baggage: it takes a space, but the room does not count as full for scoring");
                        }
                    }
                }
            }
        }
    }
    // Hand (and the shared quest's draws) on the right of the grid.
    let mine = viewer == Some(seat);
    let treasures = format!("Treasures {}/{}", p.hand.len(), p.hand_limit());
    let note_x = hx + text_width(&treasures, drawn_size(SMALL), true) + 20.0;
    s.heading(pos(hx, r.y + 84.0), treasures, SMALL, Color::WHITE);
    notes(s, g, seat, viewer, note_x, r);
    let keeping = matches!(g.pending.front(), Some(Pending::Keep { seat: ks, .. })
        if viewer == Some(*ks as usize) && *ks as usize == seat);
    // The specialists living in the chambers, each with its ability in words (issue 23:
    // the tile has room only for their portraits): lines below the hand.
    let living = spec_card::residents(g, seat);
    let room = r.x + r.w - 10.0 - hx;
    if mine {
        let cards = crate::legal::distinct(&p.hand);
        // Four cards a row in up to three rows (two while the shared quest's draws lie
        // below), the residents' lines in the rows below the hand's; where they need
        // more, the hand takes five a row; a larger hand narrows the cards.
        let most = if keeping { 2 } else { 3 };
        let bottom = r.y + if keeping { 284.0 } else { 376.0 };
        let needed = cards.len().div_ceil(4).clamp(1, most);
        let fewest = cards.len().div_ceil(5).clamp(1, needed);
        let below = |rows: usize| {
            let top = r.y + 104.0 + rows as f32 * 92.0;
            rect(hx, top, room, bottom - top)
        };
        let (rows, places) = if living.is_empty() {
            (most, Vec::new())
        } else {
            (fewest..=needed)
                .rev()
                .find_map(|k| spec_card::resident_places(&living, below(k)).map(|at| (k, at)))
                .unwrap_or((fewest, Vec::new()))
        };
        residents_or_count(s, &living, &places, below(rows));
        let cols = cards.len().div_ceil(rows).max(4);
        let step = ((room + 8.0) / cols as f32).floor();
        for (i, &k) in cards.iter().enumerate() {
            let cnt = p.hand.iter().filter(|&&x| x == k).count();
            let cr = rect(
                hx + (i % cols) as f32 * step,
                r.y + 104.0 + (i / cols) as f32 * 92.0,
                step - 8.0,
                86.0,
            );
            treasure_card(
                s,
                cr,
                k,
                cnt,
                format!("hand:{k}"),
                treasure_help(g, seat, k),
            );
        }
    } else {
        let hc = hand_counts(p);
        s.text(
            pos(hx, r.y + 120.0),
            format!("{} blue, {} red, {} yellow (hidden)", hc[0], hc[1], hc[2]),
            SMALL,
            Color::WHITE,
        );
        let zone = rect(hx, r.y + 140.0, room, 236.0);
        let places = spec_card::resident_places(&living, zone).unwrap_or_default();
        residents_or_count(s, &living, &places, zone);
    }
    if keeping {
        // The drawn cards at the right, the words before them.
        let pool = crate::legal::distinct(&g.pool);
        let cw = 150.0f32.min((room - 150.0) / pool.len().max(1) as f32 - 8.0);
        let x0 = r.x + r.w - 10.0 - pool.len() as f32 * (cw + 8.0) + 8.0;
        let words = "Drawn for the shared quest: keep one";
        let h = block_height(words, SMALL, x0 - hx - 10.0);
        s.text_block(
            rect(hx, r.y + 332.0 - h / 2.0, x0 - hx - 10.0, h),
            words,
            SMALL,
            Color::WHITE,
        );
        for (i, &k) in pool.iter().enumerate() {
            let cr = rect(x0 + i as f32 * (cw + 8.0), r.y + 290.0, cw, 84.0);
            treasure_card(s, cr, k, 1, format!("pool:{k}"), treasure_help(g, seat, k));
        }
    }
}

/// The residents' lines at `places`; where they did not all fit in `zone` (a large hand
/// while the shared quest's draws lie below), as many as fit and a line counting the
/// rest, each named and its ability given on that line's hover.
fn residents_or_count(
    s: &mut Scene,
    living: &[spec_card::Resident],
    places: &[(f32, f32, usize)],
    zone: Rect,
) {
    if places.len() == living.len() {
        spec_card::resident_list(s, living, places);
        return;
    }
    for k in (0..living.len()).rev() {
        let rest = &living[k..];
        let tip = rest
            .iter()
            .map(|e| e.forms[1].clone())
            .collect::<Vec<_>>()
            .join("\n");
        let mut shown = living[..k].to_vec();
        shown.push(spec_card::Resident {
            spec: None,
            forms: vec![format!("and {} more in your rooms", rest.len())],
            tip,
        });
        if let Some(at) = spec_card::resident_places(&shown, zone) {
            spec_card::resident_list(s, &shown, &at);
            return;
        }
    }
}

/// The turn's potions, or the funeral's bids, after the hand's heading at `x`.
fn notes(s: &mut Scene, g: &Kg, seat: usize, viewer: Option<usize>, x: f32, r: Rect) {
    let y = r.y + 84.0;
    let room = r.x + r.w - 12.0 - x;
    let funeral = matches!(g.pending.front(), Some(Pending::Funeral { .. }));
    if g.phase == Phase::Play && seat == g.active && viewer == Some(seat) && !funeral {
        let t = &g.turn;
        let words = match (t.fortune, t.lucky) {
            (0, false) => return,
            (0, true) => "Lucky Potion ready".to_string(),
            (k, false) => format!("Fortune Potion ×{k}"),
            (k, true) => format!("Potions: Fortune ×{k}, Lucky"),
        };
        s.text(
            pos(x, y),
            fit_text(&words, room),
            SMALL,
            Color::rgb(240, 220, 160),
        )
        .tooltip(
            "This turn: a Fortune Potion doubles the coins of an item you craft, a Lucky \
             Potion the treasures of the next quest you complete",
        );
    }
    if let Some(Pending::Funeral { bids, .. }) = g.pending.front() {
        // How many bids are in fits beside the hand's heading at six seats; who is still
        // deciding the host's header says, and the hover names everyone.
        let marks: Vec<String> = bids
            .iter()
            .enumerate()
            .map(|(b, x)| {
                let state = if x.is_some() { "has bid" } else { "deciding" };
                format!("{} {state}", g.players[b].name)
            })
            .collect();
        let done = bids.iter().filter(|b| b.is_some()).count();
        s.image(
            rect(x, y - 18.0, 44.0, 36.0),
            art::FUNERAL,
            "The King's Funeral",
        );
        s.text(
            pos(x + 52.0, y),
            fit_text(
                &format!("King's Funeral: {done} of {} bids in", bids.len()),
                room - 52.0,
            ),
            SMALL,
            Color::rgb(240, 220, 160),
        )
        .tooltip(format!(
            "Secret bids for the King's Statue: the single highest bid pays and builds it; \
             a tie builds nothing.\n{}",
            marks.join(", ")
        ));
    }
}

/// A private treasure card on a ground of its colour's tint: its whole name in the
/// table's own text size at the top (a card's band title would be clipped at this
/// height), its picture below, and at the foot the colour's back (moon, flame or sun, so
/// the colour has a shape) with the count. The name comes between card and picture, so
/// the host keeps the picture an ordinary drawing and its lock badge in the corner.
pub(super) fn treasure_card(s: &mut Scene, cr: Rect, k: u8, count: usize, id: String, tip: String) {
    let t = treasure(k);
    let c = treasure_colour(t.colour);
    let mix = |a: u8, b: u8| ((a as u16 * 3 + b as u16) / 4) as u8;
    let ground = Color::rgb(
        mix(Color::PAPER.0, c.0),
        mix(Color::PAPER.1, c.1),
        mix(Color::PAPER.2, c.2),
    );
    s.card(cr, ground, None, "", "")
        .id(id)
        .tooltip(tip)
        .private();
    let w = cr.w - 8.0;
    let h = block_height(&t.name, SMALL, w);
    s.text_block(
        rect(cr.x + 4.0, cr.y + 3.0, w, h),
        t.name.clone(),
        SMALL,
        Color::INK,
    );
    let top = cr.y + 4.0 + h;
    s.image(
        rect(cr.x + 34.0, top, cr.w - 68.0, cr.y + cr.h - 3.0 - top),
        art::treasure_art(k),
        "",
    );
    s.image(
        rect(cr.x + 5.0, cr.y + cr.h - 29.0, 19.0, 26.0),
        art::back(t.colour),
        "",
    );
    if count > 1 {
        s.text(
            pos(cr.x + 27.0, cr.y + cr.h - 15.0),
            format!("×{count}"),
            SMALL,
            Color::INK,
        )
        .bold();
    }
}
