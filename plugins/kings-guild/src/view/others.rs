//! The other seats across the top (or the solo game's reminders there): each guild in small, its coins, resources and hand by colour.

use super::parts::*;
use super::spec_card;
use crate::art;
use crate::data::{RES_NAMES, Space, data, room_def, spec};
use crate::help::room_help;
use crate::help::{block_height, spec_base};
use crate::model::{EMPTY, Kg, Loc, Phase};
use tavern_plugin_api::scene::{Color, Highlight, Rect, Scene, drawn_size, pos, rect, text_width};
use tavern_plugin_api::words::counted;

/// The solo game's reminders where opponents would sit: what leaves the table and when,
/// and the score so far against the titles.
pub(super) fn solo_panel(s: &mut Scene, g: &Kg, seat: usize, r: Rect) {
    s.panel(r, PANEL, PANEL_EDGE);
    s.heading(
        pos(r.x + 12.0, r.y + 18.0),
        "The solo game",
        SMALL,
        Color::rgb(240, 220, 160),
    );
    let left = 720.0;
    let rules = "Each turn ends with a new quest at the left, the row moving right; while all six \
                 spaces are full, the right-most quest without your sigil leaves first. After an \
                 expand action the right-most specialist leaves. No discounts; you may buy two \
                 things in one expand.";
    let h = block_height(rules, SMALL, left);
    s.text_block(
        rect(r.x + 12.0, r.y + 34.0, left, h.min(r.h - 40.0)),
        rules,
        SMALL,
        Color::WHITE,
    );
    let x = r.x + left + 40.0;
    let w = r.x + r.w - 12.0 - x;
    let total: i64 = g.score_lines(seat).iter().map(|l| l.1).sum();
    let (words, tip) = if g.phase == Phase::Over {
        ("Final prestige", "Your final score and its title")
    } else {
        (
            "Prestige now",
            "Your score if the game ended now, before any offering to the Council",
        )
    };
    s.text(
        pos(x, r.y + 18.0),
        fit_text(&format!("{words}: {total} ({})", Kg::solo_title(total)), w),
        SMALL,
        Color::WHITE,
    )
    .bold()
    .tooltip(tip);
    for (i, (min, title)) in data().setup.titles.iter().enumerate() {
        let next = data().setup.titles.get(i + 1).map(|t| t.0 - 1);
        let range = match next {
            Some(hi) => format!("{min}–{hi}"),
            None => format!("{min} or more"),
        };
        s.text(
            pos(x, r.y + 48.0 + i as f32 * 27.0),
            fit_text(&format!("{title}: {range}"), w),
            SMALL,
            Color::rgb(220, 220, 210),
        );
    }
}

pub(super) fn opponent(s: &mut Scene, g: &Kg, seat: usize, viewer: Option<usize>, r: Rect) {
    let p = &g.players[seat];
    let d = data();
    let active = seat == g.active && g.phase == Phase::Play;
    let summary = player_summary(g, seat, viewer);
    s.panel(r, PANEL, Color::player(seat))
        .highlight(if active {
            Highlight::Active
        } else {
            Highlight::None
        })
        .tooltip(summary);
    // The host shows the whole panel larger on hover or click.
    s.enlargeable(r, format!("{}'s guild", p.name));
    // Wide panels (up to three opponents) show the guild's grid in small at the top right;
    // narrow ones a smaller grid at the bottom right (readable when enlarged), beside
    // the last lines, which give way to it.
    let wide = r.w >= 480.0;
    let compact = GridSize {
        cell: (20.0, 16.0),
        top: 12.0,
        gap: 2.0,
    };
    let low = r.w - 20.0 - if wide { 0.0 } else { compact.width() + 8.0 };
    let fit = |t: String| fit_text(&t, r.w - 20.0);
    let fit_low = |t: String| fit_text(&t, low);
    s.heading(
        pos(r.x + 10.0, r.y + 16.0),
        fit(format!("{} {}", Color::PLAYER_MARK[seat % 8], p.name)),
        SMALL,
        Color::player(seat),
    );
    let guild = fit(d.guilds[p.guild as usize].name.clone());
    s.text(
        pos(r.x + 10.0, r.y + 42.0),
        guild.clone(),
        SMALL,
        Color::rgb(220, 220, 210),
    );
    let coins = if coins_visible(g, viewer, seat) {
        p.coins.to_string()
    } else {
        "?".into()
    };
    let purse = fit(format!(
        "{} · {}",
        counted_coins(&coins),
        counted(g.scored_quests(seat).len(), "quest", "quests")
    ));
    s.text(
        pos(r.x + 10.0, r.y + 68.0),
        purse.clone(),
        SMALL,
        Color::WHITE,
    );
    let res_end = res_row_in(
        s,
        r.x + 10.0,
        r.y + 94.0,
        &p.res,
        None,
        ((r.w - 20.0) / 6.0).min(52.0).floor(),
    );
    let hc = hand_counts(p);
    let hand_tip = format!(
        "{} treasures: {} blue, {} red, {} yellow (the backs show the colour)",
        p.hand.len(),
        hc[0],
        hc[1],
        hc[2]
    );
    let offered = (
        "Offered".to_string(),
        Color::rgb(240, 220, 160),
        String::new(),
    );
    let sigils = format!(
        "{} free",
        counted(g.free_sigils(seat) as usize, "sigil", "sigils")
    );
    let hand = format!("Hand {} · {sigils}", p.hand.len());
    let mut lines = if fit_low(hand.clone()) == hand {
        vec![
            (hand, Color::WHITE, hand_tip),
            (
                format!(
                    "{} · {}",
                    counted(p.rooms().count(), "room", "rooms"),
                    counted(p.specs.len(), "specialist", "specialists")
                ),
                Color::WHITE,
                String::new(),
            ),
        ]
    } else {
        // Beside a narrow panel's grid (five opponents) one fact a line; the rooms
        // show on the grid itself.
        vec![
            (format!("Hand {}", p.hand.len()), Color::WHITE, hand_tip),
            (sigils, Color::WHITE, String::new()),
        ]
    };
    if p.offered {
        lines.push(offered);
    } else if lines.len() == 2 && !lines[1].0.contains("room") {
        lines.push((
            counted(p.specs.len(), "specialist", "specialists"),
            Color::WHITE,
            String::new(),
        ));
    }
    // How far the left column's words reach, for what may stand beside them.
    let mut reach = res_end;
    for t in [&guild, &purse] {
        reach = reach.max(r.x + 10.0 + text_width(t, drawn_size(SMALL), false));
    }
    for (i, (text, colour, tip)) in lines.into_iter().enumerate() {
        let text = fit_low(text);
        reach = reach.max(r.x + 10.0 + text_width(&text, drawn_size(SMALL), false));
        let b = s.text(
            pos(r.x + 10.0, r.y + 120.0 + i as f32 * 26.0),
            text,
            SMALL,
            colour,
        );
        if !tip.is_empty() {
            b.tooltip(tip);
        }
    }
    if wide {
        let size = GridSize {
            cell: (32.0, 30.0),
            top: 22.0,
            gap: 3.0,
        };
        let grid_x = r.x + r.w - 150.0;
        mini_grid(s, g, seat, grid_x, r.y + 34.0, size);
        // Between the words and the grid, each specialist with its ability where the
        // panel is wide enough (one opponent); else they are pictures on the grid.
        let zone = rect(
            reach + 30.0,
            r.y + 31.0,
            grid_x - 16.0 - reach - 30.0,
            r.h - 39.0,
        );
        spec_card::opponent_list(s, g, seat, zone);
    } else {
        let (x, y) = (
            r.x + r.w - 10.0 - compact.width(),
            r.y + r.h - 8.0 - compact.height(),
        );
        mini_grid(s, g, seat, x, y, compact);
    }
}

/// Squares of a small guild grid: a cell, the outside row's height, the space between.
#[derive(Clone, Copy)]
pub(super) struct GridSize {
    cell: (f32, f32),
    top: f32,
    gap: f32,
}

impl GridSize {
    fn width(&self) -> f32 {
        4.0 * self.cell.0 + 3.0 * self.gap
    }
    fn height(&self) -> f32 {
        self.top + 2.0 * self.gap + 3.0 * self.cell.1 + 2.0 * self.gap
    }
}

/// A guild's board in small: the four outside spaces, then the 4x3 grid; every square
/// names its room and occupants on hover.
pub(super) fn mini_grid(s: &mut Scene, g: &Kg, seat: usize, x: f32, y: f32, size: GridSize) {
    let p = &g.players[seat];
    let (cw, ch) = size.cell;
    let gap = size.gap;
    // Squares large enough to tell a picture apart show the room's (and the crest).
    let pictures = cw >= 30.0;
    let outside: Vec<u8> = p
        .specs
        .iter()
        .filter(|(_, l)| *l == Loc::Outside)
        .map(|x| x.0)
        .collect();
    for i in 0..4 {
        let cr = rect(x + i as f32 * (cw + gap), y, cw, size.top);
        match outside.get(i) {
            Some(&sp) => {
                s.rect(cr, Color::rgb(236, 228, 206), 4.0)
                    .tooltip(spec_base(sp));
                if pictures {
                    s.image(cr.shrink(1.0), art::specialist(sp), "");
                }
            }
            None => {
                s.rect(cr, Color::rgb(60, 80, 72), 4.0)
                    .tooltip("A free specialist space");
            }
        }
    }
    let board = &data().boards[p.board as usize];
    for c in 0..12usize {
        let cr = rect(
            x + (c % 4) as f32 * (cw + gap),
            y + size.top + 2.0 * gap + (c / 4) as f32 * (ch + gap),
            cw,
            ch,
        );
        match p.grid[c] {
            EMPTY => {
                let tip = match board.spaces[c] {
                    Space::Resource(r) => format!("Free space, bonus: 1 {}", RES_NAMES[r]),
                    Space::Coins => format!("Free space, bonus: {} coins", data().bonus_coins),
                    _ => "Free space".to_string(),
                };
                s.rect(cr, Color::rgb(70, 92, 82), 4.0).tooltip(tip);
            }
            crate::data::room::GUILD => {
                s.rect(cr, Color::player(seat).with_alpha(200), 4.0)
                    .tooltip("Guild tile");
                if pictures && (c % 4 == 0 || p.grid[c - 1] != crate::data::room::GUILD) {
                    s.image(cr.shrink(2.0), art::guild(p.guild), "");
                }
            }
            rm => {
                let def = room_def(rm);
                let fill = if def.pile == crate::data::Pile::Master {
                    Color::rgb(232, 200, 120)
                } else if def.slots > 0 {
                    Color::rgb(190, 160, 200)
                } else {
                    Color::rgb(214, 200, 170)
                };
                let anchor = if c % 4 > 0 && p.grid[c - 1] == rm {
                    c - 1
                } else {
                    c
                };
                let mut tip = room_help(rm);
                let inside: Vec<&str> = p
                    .specs
                    .iter()
                    .filter(|(_, l)| *l == Loc::Room(anchor as u8))
                    .map(|(x, _)| spec(*x).name.as_str())
                    .collect();
                if !inside.is_empty() {
                    tip.push_str(&format!("\nHere: {}", inside.join(", ")));
                }
                s.rect(cr, fill, 4.0).tooltip(tip);
                if pictures {
                    s.image(cr.shrink(2.0), art::room_art(rm), "");
                }
            }
        }
    }
}
