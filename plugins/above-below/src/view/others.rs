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
    // The track and the goods kept share a line when it holds them.
    let track = format!("Track {} · income {}", p.track.len(), p.income());
    let goods = goods_line(g, seat);
    // No goods kept: the track's line says nothing more.
    let both = if goods == "Goods: none" {
        track.clone()
    } else {
        format!("{track} · {goods}")
    };
    let one_line = text_width(&both, drawn_size(T), false) <= w;
    let gh = if one_line {
        0.0
    } else {
        text_block_height(&goods, 16.0, w, false)
    };
    // The counts in words give way when the chips of the buildings would have no row left
    // (the villager chips and their areas' tooltips still tell them).
    let y2 = y1 + 15.0;
    let mut vh = text_block_height(&villagers, 18.0, w, false);
    let below = 24.0 + 12.0 + 18.0 + gh;
    if r.y + r.h - 6.0 - (y2 + vh + below) < 34.0 {
        vh = 0.0;
    } else {
        s.text_block(rect(x, y2, w, vh), villagers, 18.0, LIGHT)
            .tooltip(format!(
                "Villagers: {} ready to work, {} exhausted, {} injured",
                p.ready.len(),
                p.exhausted.len(),
                p.injured.len()
            ));
    }
    // Every villager as a picture chip in its area's colour, the name in its tooltip.
    let yv = y2 + vh;
    villager_chips(s, g, seat, rect(x, yv, w, 24.0));
    let y3 = yv + 24.0 + 12.0;
    let top = if one_line {
        s.text(pos(x, y3), both, T, LIGHT).tooltip(format!(
            "{}\nGoods kept in the supply (not on buildings or the track)",
            track_help(g, seat)
        ));
        y3 + 18.0
    } else {
        s.text(pos(x, y3), track, T, LIGHT)
            .tooltip(track_help(g, seat));
        s.text_block(rect(x, y3 + 14.0, w, gh), goods, 16.0, LIGHT)
            .tooltip("Goods kept in the supply (not on buildings or the track)");
        y3 + 18.0 + gh
    };
    let faces = faces(g, seat);
    let room = r.y + r.h - 6.0 - top;
    // A tall panel (few players) lists the buildings, caves and adventure cards by name, a
    // long name on two lines; a short one shows chips.
    let texts: Vec<(String, f32)> = faces
        .iter()
        .map(|f| {
            let one_line = |t: &str| text_width(t, drawn_size(16.0), false) <= w - 34.0;
            let text = if one_line(&f.line) {
                f.line.clone()
            } else {
                f.name.clone()
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
        for (f, (text, h)) in faces.iter().zip(texts) {
            chip(s, f, rect(x, y, 26.0, 26.0));
            s.text_block(rect(x + 34.0, y, w - 34.0, h), text, 16.0, LIGHT);
            y += line(h);
        }
        return;
    }
    let (size, cols) = chip_grid(faces.len(), w, room);
    for (i, f) in faces.iter().enumerate() {
        let (row, col) = (i / cols, i % cols);
        let br = rect(
            x + col as f32 * (size + 4.0),
            top + row as f32 * (size + 4.0),
            size,
            size,
        );
        chip(s, f, br);
    }
}

/// The villagers of another village as picture chips, grouped by area (ready, exhausted,
/// injured) on a ground of that area's colour, as large as the line allows.
fn villager_chips(s: &mut Scene, g: &Ab, seat: usize, r: Rect) {
    let p = &g.players[seat];
    let areas: [(&str, &Vec<u8>, Color); 3] = [
        ("ready", &p.ready, Color::rgb(70, 100, 70)),
        ("exhausted", &p.exhausted, Color::rgb(70, 70, 100)),
        ("injured", &p.injured, Color::rgb(110, 60, 60)),
    ];
    let total = p.villagers();
    if total == 0 {
        return;
    }
    let groups = areas.iter().filter(|a| !a.1.is_empty()).count() as f32;
    let room = r.w - 6.0 * (groups - 1.0) - 4.0 * groups;
    let size = (room / total as f32).min(r.h - 2.0);
    let mut x = r.x;
    for (area, list, colour) in areas {
        if list.is_empty() {
            continue;
        }
        let gw = list.len() as f32 * size + 4.0;
        s.rect(rect(x, r.y, gw, r.h), colour.with_alpha(235), 5.0)
            .tooltip(format!("{} {area}", list.len()));
        for (i, &v) in list.iter().enumerate() {
            let vr = rect(
                x + 2.0 + i as f32 * size,
                r.y + (r.h - size) / 2.0,
                size,
                size,
            );
            s.image(vr.shrink(1.0), art::villager_image(v), "")
                .tooltip(format!("{} ({area})", villager_help(v)));
        }
        x += gw + 6.0;
    }
}

/// One thing another village owns, as a chip: a building, an open cave or an adventure
/// card, with the line the tall panel writes beside it.
struct Owned {
    name: String,
    line: String,
    fill: Color,
    picture: Option<&'static str>,
    ghost: bool,
    /// The good on a building, shown as a dot.
    goods: Option<Good>,
    id: Option<String>,
    tooltip: String,
}

fn faces(g: &Ab, seat: usize) -> Vec<Owned> {
    let p = &g.players[seat];
    let mut out: Vec<Owned> = p
        .buildings()
        .enumerate()
        .map(|(i, b)| {
            let d = card(b.card);
            // The goods on it lead when the line holds them (the chip's dot and its
            // tooltip tell them otherwise).
            let (line, goods) = match d.carries() {
                Some((g8, _)) if b.goods > 0 => (
                    format!("{} {} · {}", b.goods, good_letter(g8), d.name),
                    Some(g8),
                ),
                _ => (d.name.clone(), None),
            };
            Owned {
                name: d.name.clone(),
                line,
                fill: kind_colour(d.kind, d.outpost),
                picture: art::building_image(b.card),
                ghost: b.ghost,
                goods,
                id: Some(format!("building:{seat}:{i}")),
                tooltip: format!(
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
                ),
            }
        })
        .collect();
    out.extend(p.caves.iter().filter(|c| !c.covered).map(|c| {
        let d = cave(c.cave);
        let kind = if d.dangerous { "dangerous" } else { "basic" };
        Owned {
            name: d.name.clone(),
            line: format!("{} (cave)", d.name),
            fill: if d.dangerous {
                Color::rgb(170, 40, 40)
            } else {
                Color::rgb(60, 110, 70)
            },
            picture: Some(art::cave_image(d.dangerous)),
            ghost: false,
            goods: None,
            id: None,
            tooltip: format!("Cave {} ({kind}), open for an outpost", d.name),
        }
    }));
    out.extend(p.adventures.iter().map(|&c| Owned {
        name: card(c).name.clone(),
        line: card(c).name.clone(),
        fill: kind_colour(Kind::Adventure, false),
        picture: Some(art::LANTERN),
        ghost: false,
        goods: None,
        id: None,
        tooltip: card_help(c),
    }));
    out
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

fn chip(s: &mut Scene, f: &Owned, r: Rect) {
    let item = s.rect(r, f.fill, 4.0).tooltip(f.tooltip.clone());
    if let Some(id) = &f.id {
        item.id(id.clone());
    }
    let side = r.h.min(r.w) - 2.0;
    let inner = rect(r.x + (r.w - side) / 2.0, r.y + 1.0, side, side);
    if f.ghost {
        s.image(inner, art::GHOST, "");
    } else {
        if let Some(i) = f.picture {
            s.image(inner, i, "");
        }
        if let Some(g) = f.goods {
            s.circle(pos(r.x + r.w - 6.0, r.y + r.h - 6.0), 6.0, good_colour(g));
        }
    }
}
