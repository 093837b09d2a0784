//! The other players' villages, compact in the right-hand column (the host enlarges one
//! on demand).

use super::*;

/// Another player's village, compact (the host enlarges it on demand): name and sale spot,
/// the counts, the villagers and track in one line each, the goods they keep, then every
/// building as a chip with its picture, as large as the panel allows.
pub(super) fn opponent(s: &mut Scene, g: &Ab, seat: usize, r: Rect) {
    let p = &g.players[seat];
    s.panel(r, PANEL, Color::player(seat))
        .id(format!("area:{seat}"))
        .tooltip(format!("{}'s village", p.name));
    s.enlargeable(r, format!("{}'s village", p.name));
    let x = r.x + 12.0;
    let y0 = r.y + 18.0;
    let first = if g.first as usize == seat {
        " · first"
    } else {
        ""
    };
    s.heading(
        pos(x, y0),
        format!("{} {}{first}", Color::PLAYER_MARK[seat], p.name),
        T,
        Color::player(seat),
    );
    sale_spot(s, g, seat, pos(r.x + r.w - 26.0, y0 + 4.0));
    let y1 = y0 + 32.0;
    resources(s, g, seat, pos(x, y1), 54.0);
    let w = r.w - 24.0;
    // The villagers by area, in the own board's words; only the areas holding any, and on
    // a second line when they do not fit one.
    let areas: Vec<String> = [
        (p.ready.len(), "ready"),
        (p.exhausted.len(), "exhausted"),
        (p.injured.len(), "injured"),
    ]
    .iter()
    .filter(|(k, _)| *k > 0)
    .map(|(k, area)| format!("{k} {area}"))
    .collect();
    // Lines break between the areas, never inside one ('1 exhausted' stays whole).
    let mut lines: Vec<String> = Vec::new();
    for a in areas {
        match lines.last_mut() {
            Some(l) if text_width(&format!("{l} · {a}"), drawn_size(18.0), false) <= w => {
                l.push_str(&format!(" · {a}"));
            }
            _ => lines.push(a),
        }
    }
    let villagers = if lines.is_empty() {
        "No villagers".to_string()
    } else {
        lines.join("\n")
    };
    let vh = text_block_height(&villagers, 18.0, w, false);
    let y2 = y1 + 15.0;
    s.text_block(rect(x, y2, w, vh), villagers, 18.0, LIGHT)
        .tooltip(format!(
            "Villagers: {} ready to work, {} exhausted, {} injured",
            p.ready.len(),
            p.exhausted.len(),
            p.injured.len()
        ));
    let y3 = y2 + vh + 11.0;
    s.text(
        pos(x, y3),
        format!("Track {} · income {}", p.track.len(), p.income()),
        T,
        LIGHT,
    )
    .tooltip(track_help(g, seat));
    let goods = goods_line(g, seat);
    let gh = text_block_height(&goods, 16.0, w, false);
    s.text_block(rect(x, y3 + 14.0, w, gh), goods, 16.0, LIGHT)
        .tooltip("Goods kept in the supply (not on buildings or the track)");
    let top = y3 + 18.0 + gh;
    let all: Vec<&Building> = p.buildings().collect();
    let room = r.y + r.h - 6.0 - top;
    // A tall panel (few players) lists the buildings by name, a long name on two lines;
    // a short one shows chips.
    let texts: Vec<(String, f32)> = all
        .iter()
        .map(|b| {
            let d = card(b.card);
            // The goods on it lead when the line holds them (the chip's dot and its
            // tooltip tell them otherwise).
            let one_line = |t: &str| text_width(t, drawn_size(16.0), false) <= w - 34.0;
            let text = match d.carries() {
                Some((g8, _)) if b.goods > 0 => {
                    let t = format!("{} {} · {}", b.goods, good_letter(g8), d.name);
                    if one_line(&t) { t } else { d.name.clone() }
                }
                _ => d.name.clone(),
            };
            let h = if one_line(&text) {
                line_height(drawn_size(16.0))
            } else {
                text_block_height(&text, 16.0, w - 34.0, false)
            };
            (text, h)
        })
        .collect();
    let line = |h: f32| h.max(26.0) + 4.0;
    if texts.iter().map(|&(_, h)| line(h)).sum::<f32>() <= room {
        let mut y = top;
        for (i, (b, (text, h))) in all.iter().zip(texts).enumerate() {
            building_chip(s, seat, i, b, rect(x, y, 26.0, 26.0));
            s.text_block(rect(x + 34.0, y, w - 34.0, h), text, 16.0, LIGHT);
            y += line(h);
        }
        return;
    }
    let (size, cols) = chip_grid(all.len(), w, room);
    for (i, b) in all.iter().enumerate() {
        let (row, col) = (i / cols, i % cols);
        let br = rect(
            x + col as f32 * (size + 4.0),
            top + row as f32 * (size + 4.0),
            size,
            size,
        );
        building_chip(s, seat, i, b, br);
    }
}

/// "Goods: 2 Ri, 1 Cr" for the goods a player keeps in the supply.
fn goods_line(g: &Ab, seat: usize) -> String {
    let p = &g.players[seat];
    let kept: Vec<String> = Good::ALL
        .iter()
        .filter(|good| p.goods[good.idx()] > 0)
        .map(|good| format!("{} {}", p.goods[good.idx()], good_letter(*good)))
        .collect();
    if kept.is_empty() {
        "Goods: none".into()
    } else {
        format!("Goods: {}", kept.join(", "))
    }
}

/// The largest square chip (at most 56 units) that lays `n` chips out in `w`×`h`, and how
/// many go to a row.
fn chip_grid(n: usize, w: f32, h: f32) -> (f32, usize) {
    let fits = |size: f32| {
        let cols = ((w + 4.0) / (size + 4.0)).floor().max(1.0) as usize;
        (n.div_ceil(cols) as f32 * (size + 4.0) <= h + 4.0).then_some(cols)
    };
    let mut size = 56.0;
    while size > 12.0 {
        if let Some(cols) = fits(size) {
            return (size, cols);
        }
        size -= 2.0;
    }
    (12.0, ((w + 4.0) / 16.0) as usize)
}

fn building_chip(s: &mut Scene, seat: usize, i: usize, b: &Building, r: Rect) {
    let d = card(b.card);
    s.rect(r, kind_colour(d.kind, d.outpost), 4.0)
        .id(format!("building:{seat}:{i}"))
        .tooltip(format!(
            "{}{}{}",
            card_help(b.card),
            if b.goods > 0 {
                format!("\nGoods on it: {}", b.goods)
            } else {
                String::new()
            },
            if b.ghost {
                "\nA ghost haunts it: -1 reputation each round"
            } else {
                ""
            }
        ));
    let side = r.h.min(r.w) - 2.0;
    let inner = rect(r.x + (r.w - side) / 2.0, r.y + 1.0, side, side);
    if b.ghost {
        s.image(inner, art::GHOST, "");
    } else {
        if let Some(i) = art::building_image(b.card) {
            s.image(inner, i, "");
        }
        if let (Some((g, _)), true) = (d.carries(), b.goods > 0) {
            s.circle(pos(r.x + r.w - 6.0, r.y + r.h - 6.0), 6.0, good_colour(g));
        }
    }
}
