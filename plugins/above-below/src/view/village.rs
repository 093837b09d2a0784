//! The viewer's own village across the bottom of the table: counts, villagers, track,
//! goods, and every building, cave and adventure card as a face.

use super::*;
use crate::action::Action;

/// The own board's faces (buildings, then caves and adventure cards) sit three to a row
/// right of the villagers and the track, each wide enough for every building's and cave's
/// name on one line.
const FACES: Rect = rect(OWN.x + OWN.w - 6.0 - 726.0, OWN.y + 44.0, 726.0, 294.0);

/// The tallest a face grows (a small village), and the heights below which its text gives
/// way: under `FULL` the name keeps one line, under `TWO_LINES` name and value share one.
const FACE_MAX_H: f32 = 90.0;

const FULL: f32 = 78.0;

const TWO_LINES: f32 = 54.0;

/// One face of the own board: a coloured edge, the name on up to two lines, a short
/// value line, and the picture in the bottom-right corner (a ghost left of it).
struct Face {
    name: String,
    value: String,
    /// The good on a building and how many, drawn as a token on the fullest village's
    /// one-line faces, where the value gives way to the name.
    goods: Option<(Good, u8)>,
    edge: Color,
    picture: Option<&'static str>,
    ghost: bool,
    id: Option<String>,
    tooltip: String,
}

fn own_face(s: &mut Scene, r: Rect, f: Face) {
    let item = s.rect(r, LIGHT, 6.0).tooltip(f.tooltip);
    if let Some(id) = f.id {
        item.id(id);
    }
    s.rect(rect(r.x, r.y, 7.0, r.h), f.edge, 3.0);
    let pic = (r.h - 4.0).min(26.0);
    // The fullest village's one-line faces give the picture's room to the name (the edge
    // still tells the kind); a ghost always shows.
    let picture = f.picture.filter(|_| r.h >= TWO_LINES);
    let corner = art::corner(r, pic, 2.0);
    if let Some(p) = picture {
        s.image(corner, p, "");
    }
    if f.ghost {
        // Left of the picture, on the same line.
        let x = if picture.is_some() {
            corner.x - pic - 2.0
        } else {
            corner.x
        };
        s.image(rect(x, corner.y, pic, pic), art::GHOST, "")
            .tooltip("A ghost haunts it: -1 reputation each round");
    }
    // The value keeps clear of the picture, and of the ghost when there is one.
    let shown = picture.is_some() as u8 + f.ghost as u8;
    let right = 12.0 + shown as f32 * (pic + 4.0);
    let ink = Color::rgb(90, 60, 30);
    let (x, w) = (r.x + 10.0, r.w - 12.0);
    let line = line_height(drawn_size(16.0));
    if r.h >= FULL {
        s.text_block(rect(x, r.y + 1.0, w, 52.0), f.name, 16.0, Color::INK);
        if !f.value.is_empty() {
            s.text_block(rect(x, r.y + 52.0, r.w - right, 26.0), f.value, 16.0, ink)
                .bold();
        }
    } else if r.h >= TWO_LINES
        && f.value.is_empty()
        && text_block_height(&f.name, 16.0, r.w - right, false) <= 2.0 * line
    {
        // No value: the name may take both lines, clear of the picture.
        let h = text_block_height(&f.name, 16.0, r.w - right, false);
        s.text_block(rect(x, r.y + 1.0, r.w - right, h), f.name, 16.0, Color::INK);
    } else if r.h >= TWO_LINES {
        // A fuller village: the name on one line (cut short only past the face's width;
        // the tooltip has it whole), the value under it.
        let name = elide(&f.name, drawn_size(16.0), w);
        s.text_block(rect(x, r.y + 1.0, w, line), name, 16.0, Color::INK);
        if !f.value.is_empty() {
            s.text_block(rect(x, r.y + 27.0, r.w - right, line), f.value, 16.0, ink)
                .bold();
        }
    } else {
        // The fullest: the name on one line; goods on the building as a token where the
        // picture was (the tooltip has the rest).
        let mut right = right;
        if let Some((good, k)) = f.goods {
            let c = pos(r.x + r.w - right - 15.0, r.y + r.h / 2.0);
            s.token(c, 15.0, good_colour(good), k.to_string());
            right += 34.0;
        }
        let name = elide(&f.name, drawn_size(16.0), r.w - right);
        s.text_block(
            rect(x, r.y + (r.h - line) / 2.0, r.w - right, line),
            name,
            16.0,
            Color::INK,
        );
    }
}

fn own_faces(g: &Ab, seat: usize) -> Vec<Face> {
    let p = &g.players[seat];
    let mut faces: Vec<Face> = p
        .buildings()
        .enumerate()
        .map(|(i, b)| {
            let d = card(b.card);
            let goods = d
                .carries()
                .filter(|_| b.goods > 0)
                .map(|(g8, _)| (g8, b.goods));
            let value = match goods {
                Some((g8, k)) => format!("{k} {}", good_letter(g8)),
                None => String::new(),
            };
            Face {
                name: d.name.clone(),
                value,
                goods,
                edge: kind_colour(d.kind, d.outpost),
                picture: art::building_image(b.card),
                ghost: b.ghost,
                id: Some(format!("building:{seat}:{i}")),
                tooltip: format!(
                    "{}{}",
                    card_help(b.card),
                    if b.ghost {
                        "\nA ghost haunts it: -1 reputation each round"
                    } else {
                        ""
                    }
                ),
            }
        })
        .collect();
    // An outpost lies on its cave card, so only the open caves show.
    faces.extend(p.caves.iter().filter(|c| !c.covered).map(|c| {
        let d = cave(c.cave);
        Face {
            name: d.name.clone(),
            value: "open".into(),
            goods: None,
            edge: if d.dangerous {
                Color::rgb(170, 40, 40)
            } else {
                Color::rgb(60, 110, 70)
            },
            picture: Some(art::cave_image(d.dangerous)),
            ghost: false,
            id: None,
            tooltip: format!(
                "Cave {} ({}), open for an outpost",
                d.name,
                if d.dangerous { "dangerous" } else { "basic" },
            ),
        }
    }));
    faces.extend(p.adventures.iter().map(|&c| Face {
        name: card(c).name.clone(),
        value: String::new(),
        goods: None,
        edge: kind_colour(Kind::Adventure, false),
        picture: Some(art::LANTERN),
        ghost: false,
        id: None,
        tooltip: card_help(c),
    }));
    faces
}

/// The viewer's village: a header line (name, counts, income, sale spot, the turn's
/// buttons), the villager areas over the track and the supply on the left, the buildings,
/// caves and adventure cards on the right.
pub(super) fn own_board(s: &mut Scene, g: &Ab, seat: usize) {
    let p = &g.players[seat];
    let r = OWN;
    s.panel(r, PANEL, Color::player(seat))
        .id(format!("area:{seat}"))
        .tooltip(format!("{}'s village", p.name));
    let (x, y) = (r.x + 12.0, r.y + 20.0);
    let name = format!("{} {}", Color::PLAYER_MARK[seat], p.name);
    s.heading(
        pos(x, y),
        elide(&name, drawn_size(T), 170.0),
        T,
        Color::player(seat),
    );
    resources(s, g, seat, pos(x + 180.0, y), 57.2);
    s.text(
        pos(x + 490.0, y),
        format!("Income {}", p.income()),
        T,
        LIGHT,
    )
    .tooltip("Coins collected at each round's end: from the track, plus income symbols");
    s.text(pos(x + 600.0, y), "For sale", T, LIGHT);
    sale_spot(s, g, seat, pos(x + 706.0, y));
    if g.first as usize == seat {
        s.text(pos(x + 738.0, y), "First player", T, BORDER)
            .tooltip("Goes first this round");
    }
    villager_areas(s, g, seat);
    let ty = track(s, g, seat);
    supply(s, g, seat, pos(x, ty));
    let faces = own_faces(g, seat);
    // Three columns (four in a village past thirty faces); a fuller village packs its
    // rows closer and its faces give their text less room.
    let cols = if faces.len() > 30 { 4 } else { 3 };
    let rows = faces.len().div_ceil(cols).max(1);
    let step_x = FACES.w / cols as f32;
    let step_y = FACE_MAX_H.min(FACES.h / rows as f32);
    for (k, f) in faces.into_iter().enumerate() {
        let (row, col) = (k / cols, k % cols);
        let fr = rect(
            FACES.x + col as f32 * step_x,
            FACES.y + row as f32 * step_y,
            step_x - 2.0,
            step_y - 2.0,
        );
        own_face(s, fr, f);
    }
    turn_buttons(s, g, seat);
}

/// The goods kept in the supply, each a drawing in its colour with the count beside it.
fn supply(s: &mut Scene, g: &Ab, seat: usize, at: Pos) {
    let p = &g.players[seat];
    s.text(at, "Goods", T, LIGHT)
        .tooltip("Goods kept in the supply (not on buildings or the track)");
    let mut x = at.x + 98.0;
    let mut any = false;
    for good in Good::ALL {
        let k = p.goods[good.idx()];
        if k == 0 {
            continue;
        }
        any = true;
        let tip = format!("{} in your supply", good.amount(k as i64));
        s.image(rect(x - 16.0, at.y - 16.0, 32.0, 32.0), art::GOOD, "")
            .tint(good_colour(good))
            .tooltip(tip.clone());
        s.text_centered(
            pos(x, at.y + 4.0),
            good_letter(good),
            16.0,
            on(good_colour(good)),
        )
        .bold();
        s.text(pos(x + 19.0, at.y), format!("{k}"), T, LIGHT)
            .tooltip(tip);
        x += 48.0;
    }
    if !any {
        s.text(pos(x - 16.0, at.y), "none", T, LIGHT);
    }
}

/// The villager areas' widths: an empty area as wide as its name, one with villagers at
/// least [`AREA_MIN_W`]; past that the areas grow so that their cards, side by side, are
/// as wide as can be and alike (a name needs a card's width), and what is left is shared
/// by the villagers.
pub fn area_widths(counts: [usize; 3]) -> [f32; 3] {
    let names = ["Ready", "Exhausted", "Injured"];
    let min: [f32; 3] = std::array::from_fn(|i| {
        let name = text_width(names[i], drawn_size(T), false) + 24.0;
        if counts[i] > 0 {
            name.max(AREA_MIN_W)
        } else {
            name
        }
    });
    let room = AREAS_W - 2.0 * AREA_GAP;
    // The widest card (at most a full card's 100) every area can give its villagers.
    let widths = |card: f32| -> [f32; 3] {
        std::array::from_fn(|i| min[i].max(10.0 + counts[i] as f32 * card))
    };
    let card = (20..=100)
        .rev()
        .map(|c| c as f32)
        .find(|&c| widths(c).iter().sum::<f32>() <= room)
        .unwrap_or(20.0);
    let mut w = widths(card);
    let spare = room - w.iter().sum::<f32>();
    let total: usize = counts.iter().sum();
    for (i, x) in w.iter_mut().enumerate() {
        let share = if total == 0 {
            1.0 / 3.0
        } else {
            counts[i] as f32 / total as f32
        };
        *x += (spare * share).floor();
    }
    w
}

/// The villager areas' span, the gap between them and the narrowest an area with
/// villagers gets (one card).
const AREAS_W: f32 = 502.0;

const AREA_GAP: f32 = 8.0;

const AREA_MIN_W: f32 = 90.0;

/// Ready, exhausted and injured areas, each villager a card with its figure.
fn villager_areas(s: &mut Scene, g: &Ab, seat: usize) {
    let p = &g.players[seat];
    let x = OWN.x + 12.0;
    let [wr, we, wi] = area_widths([p.ready.len(), p.exhausted.len(), p.injured.len()]);
    let areas: [(&str, &Vec<u8>, f32, f32, Color); 3] = [
        ("Ready", &p.ready, x, wr, Color::rgb(70, 100, 70)),
        (
            "Exhausted",
            &p.exhausted,
            x + wr + AREA_GAP,
            we,
            Color::rgb(70, 70, 100),
        ),
        (
            "Injured",
            &p.injured,
            x + wr + we + 2.0 * AREA_GAP,
            wi,
            Color::rgb(110, 60, 60),
        ),
    ];
    let ay = OWN.y + 40.0;
    for (name, list, ax, aw, fill) in areas {
        let ar = rect(ax, ay, aw, AREA_H);
        s.rect(ar, fill.with_alpha(235), 8.0)
            .tooltip(format!("{name} area"));
        s.text(pos(ax + 10.0, ay + 15.0), name, T, LIGHT);
        // The fewest rows whose cards are largest: a few villagers get cards big enough
        // for their names and figures, many share the area's room below its name.
        let room = AREA_H - 40.0;
        let n = list.len().max(1);
        let size = |rows: usize| {
            let per_row = n.div_ceil(rows);
            let cw = ((aw - 10.0) / per_row as f32).min(96.0);
            let rh = room / rows as f32;
            (cw.min(rh * 0.8), per_row, cw, rh)
        };
        let (_, per_row, cw, rh) = (1..=n)
            .map(size)
            .fold(size(1), |best, c| if c.0 > best.0 + 0.5 { c } else { best });
        for (i, &v) in list.iter().enumerate() {
            let (row, col) = (i / per_row, i % per_row);
            let vr = rect(
                ax + 6.0 + col as f32 * cw,
                ay + 36.0 + row as f32 * rh,
                cw - 4.0,
                // No taller than a playing card, however much room a few villagers have.
                (rh - 4.0).min(cw * 1.5),
            );
            let selected = g.turn.selection.contains(&v);
            // A short card's band cannot hold the name at the host's 13-point floor (it
            // was drawn cut in half): the name stays in the tooltip, the symbols read.
            let name = &villager(v).name;
            let name = if vr.h >= 80.0
                && text_width(name, drawn_size(CARD_TITLE_POINTS), false) <= vr.w * CARD_TITLE_SHARE
            {
                name.clone()
            } else {
                String::new()
            };
            s.card(
                vr,
                LIGHT,
                Some(Color::rgb(80, 120, 80)),
                name,
                villager_short(v),
            )
            .id(format!("villager:{v}"))
            .highlight(if selected {
                Highlight::Selected
            } else {
                Highlight::None
            })
            .tooltip(villager_help(v));
            // The figure between the name band and the value at the card's foot, where
            // there is room for one: the host writes the name at 13 points at least, which
            // outgrows a small card's band, so the figure starts below that line.
            let top = (vr.h * 0.21).max(26.0);
            let ph = (vr.h - top - 24.0).min(vr.w - 8.0);
            if ph >= 16.0 {
                art::card_picture(
                    s,
                    rect(vr.x + (vr.w - ph) / 2.0, vr.y + top, ph, ph),
                    art::villager_image(v),
                );
            }
        }
    }
}

/// Height of the villager areas.
const AREA_H: f32 = 168.0;

/// The advancement track under the villager areas: points and income per slot, the goods
/// on it. Returns where the next line goes.
fn track(s: &mut Scene, g: &Ab, seat: usize) -> f32 {
    let p = &g.players[seat];
    let b = &data().board;
    let x = OWN.x + 12.0;
    let y = OWN.y + 40.0 + AREA_H + 22.0;
    s.text(pos(x, y), "Track", T, LIGHT)
        .tooltip(track_help(g, seat));
    for i in 0..8 {
        let cx = x + 88.0 + i as f32 * 54.0;
        s.text_centered(
            pos(cx, y),
            format!("{}/{}", b.track_vp[i], b.track_income[i]),
            16.0,
            LIGHT,
        )
        .tooltip(format!(
            "Slot {}: {} per good at the end; income {} while it is the rightmost filled slot",
            i + 1,
            counted(b.track_vp[i], "point", "points"),
            b.track_income[i]
        ));
        let c = pos(cx, y + 38.0);
        // Each slot is the target of placing a good on it.
        let id = format!("track:{seat}:{i}");
        match p.track.get(i) {
            Some((good, k)) => {
                s.token(c, 21.0, good_colour(*good), format!("{k}"))
                    .id(id)
                    .tooltip(format!("Slot {}: {}", i + 1, good.amount(*k as i64)));
            }
            None => {
                empty_spot(s, c, 21.0)
                    .id(id)
                    .tooltip(format!("Slot {}: empty", i + 1));
            }
        }
    }
    y + 88.0
}

/// The turn's buttons sit in the own village's header, at its right end.
const BUTTON_X: f32 = OWN.x + OWN.w - 150.0;

const BUTTON_Y: f32 = OWN.y + 4.0;

fn turn_buttons(s: &mut Scene, g: &Ab, seat: usize) {
    // Pass and End turn only while they can be chosen: not with a ghost to place, goods
    // to harvest, villagers chosen, an offer being built or one to answer.
    let t = &g.turn;
    let between_actions = g.explore.is_none()
        && g.ghost_due == 0
        && t.harvest == 0
        && t.offer.is_none()
        && t.selection.is_empty()
        && !t.awaiting;
    if g.actor() == Some(seat) && g.phase == Phase::Play && between_actions {
        let end = if g.turn.acted {
            ("button:end", "End turn")
        } else {
            ("button:pass", "Pass")
        };
        let br = rect(BUTTON_X, BUTTON_Y, 140.0, 32.0);
        s.rect(br, Color::rgb(90, 70, 50), 6.0)
            .id(end.0)
            .tooltip(if g.turn.acted {
                "End your turn (free actions first, if you want any)"
            } else {
                "Pass: no more actions for you this round"
            });
        s.text_centered(pos(br.x + 70.0, br.y + 16.0), end.1, T, Color::WHITE);
        if g.turn.acted {
            let pr = rect(BUTTON_X - 150.0, BUTTON_Y, 140.0, 32.0);
            s.rect(pr, Color::rgb(90, 70, 50), 6.0)
                .id("button:pass")
                .tooltip("End your turn and pass for the rest of the round");
            s.text_centered(pos(pr.x + 70.0, pr.y + 16.0), "Pass", T, Color::WHITE);
        }
    }
    // The actions about no one component get their own buttons while they can be chosen.
    if g.actor() == Some(seat) && g.phase == Phase::Play {
        let legal = g.actions(seat);
        let mut right = BUTTON_X + 140.0;
        for (action, id, text, tip) in [
            (
                Action::Labor,
                crate::labels::LABOR,
                "Labor",
                "1 coin each, and a good each from your buildings (a hammer villager two from houses)",
            ),
            (
                Action::BanishAll,
                crate::labels::BANISH_ALL,
                "Banish all",
                "",
            ),
            (
                Action::DoneHarvest,
                crate::labels::STOP_HARVEST,
                "Stop harvesting",
                "take no more goods from your buildings this turn",
            ),
            (
                Action::Withdraw,
                crate::labels::WITHDRAW,
                "Make no offer",
                "",
            ),
        ] {
            if legal.contains(&action) {
                let w = text_width(text, drawn_size(T), false) + 28.0;
                let br = rect(right - w, BUTTON_Y, w, 32.0);
                let label = g.describe(seat, &action).0;
                s.rect(br, Color::rgb(90, 70, 50), 6.0)
                    .id(id)
                    .tooltip(if tip.is_empty() {
                        label
                    } else {
                        format!("{label}: {tip}")
                    });
                s.text_centered(pos(br.x + w / 2.0, br.y + 16.0), text, T, Color::WHITE);
                right -= w + 10.0;
            }
        }
    }
    if g.phase == Phase::Rest && g.actor() == Some(seat) {
        let br = rect(BUTTON_X, BUTTON_Y, 140.0, 32.0);
        s.rect(br, Color::rgb(90, 70, 50), 6.0)
            .id("button:end")
            .tooltip("Done resting");
        s.text_centered(pos(br.x + 70.0, br.y + 16.0), "Done", T, Color::WHITE);
    }
}
