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
    let y2 = y1 + 28.0;
    s.text(
        pos(x, y2),
        format!(
            "Ready {} · tired {} · hurt {}",
            p.ready.len(),
            p.exhausted.len(),
            p.injured.len(),
        ),
        T,
        LIGHT,
    )
    .tooltip("Villagers ready to work, exhausted, and injured");
    let y3 = y2 + 26.0;
    s.text(
        pos(x, y3),
        format!("Track {} · income {}", p.track.len(), p.income()),
        T,
        LIGHT,
    )
    .tooltip(track_help(g, seat));
    let goods = goods_line(g, seat);
    let w = r.w - 24.0;
    let gh = text_block_height(&goods, 16.0, w, false);
    s.text_block(rect(x, y3 + 14.0, w, gh), goods, 16.0, LIGHT)
        .tooltip("Goods kept in the supply (not on buildings or the track)");
    let top = y3 + 18.0 + gh;
    let all: Vec<&Building> = p.buildings().collect();
    let room = r.y + r.h - 6.0 - top;
    // A tall panel (few players) lists the buildings by name; a short one shows chips.
    const LINE: f32 = 30.0;
    if all.len() as f32 * LINE <= room {
        for (i, b) in all.iter().enumerate() {
            let y = top + i as f32 * LINE;
            building_chip(s, seat, i, b, rect(x, y, 26.0, 26.0));
            let d = card(b.card);
            let text = match d.carries() {
                Some((g8, _)) if b.goods > 0 => {
                    format!("{} {} · {}", b.goods, good_letter(g8), d.name)
                }
                _ => d.name.clone(),
            };
            let text = elide(&text, drawn_size(16.0), w - 34.0);
            s.text(pos(x + 34.0, y + 13.0), text, 16.0, LIGHT);
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
