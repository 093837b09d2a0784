//! What a room in the viewer's own guild does, written on its tile (issue 23: not only on
//! hover): what it scores, in words and pictures as the master-room tiles in the supply
//! say it ("6 ×" and two heroes), and what it adds (storage, hand size, gems or magic).
//!
//! A tile is three lines high. The name takes one or two; a chamber keeps its last line
//! for the free spaces and who lives there. The ability takes the lines left, on one
//! line when only one is left, and the room's picture in the lower right gives way when
//! the last line needs the whole width (it is a picture only; the words matter more).

use super::parts::*;
use crate::art;
use crate::data::{ItemKind, RES, RoomEffect, RoomScore, room_def};
use tavern_plugin_api::scene::{Color, Scene, drawn_size, line_height, pos, rect, text_width};

/// One piece of an ability line.
#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    Words(String),
    Picture(&'static str),
}

/// What room `id` scores, as a line of parts (empty for a room that scores nothing).
pub fn score_parts(id: u8) -> Vec<Part> {
    use Part::{Picture as P, Words as W};
    let d = room_def(id);
    let w = |t: &str| W(t.to_string());
    match d.score {
        RoomScore::Plain if d.slots > 0 && !d.always => vec![W(format!("{} pp if full", d.pp))],
        RoomScore::Plain if d.pp > 0 => vec![W(format!("{} pp", d.pp))],
        RoomScore::Plain => Vec::new(),
        RoomScore::Hero(h) => vec![w("4 pp ×"), P(art::hero(h))],
        RoomScore::Pair([a, b]) => vec![w("6 pp ×"), P(art::hero(a)), P(art::hero(b))],
        RoomScore::Item(k) => vec![w("2 pp ×"), P(art::item(k))],
        RoomScore::Gallery => vec![
            w("3 pp ×"),
            P(art::item(ItemKind::Weapon)),
            P(art::item(ItemKind::Armour)),
        ],
        RoomScore::Depot => vec![w("4 pp × type")],
        RoomScore::Rooms => vec![w("3 pp ×"), P(art::room_art(crate::data::room::WAREHOUSE))],
        RoomScore::Specialists => vec![w("3 pp ×"), P(art::SPEC_BACK)],
        RoomScore::Coins => vec![w("1 pp ×"), P(art::COIN)],
        RoomScore::Throne => vec![w("9 pp, +6"), P(art::STATUE)],
        RoomScore::Scrolls => vec![w("3 pp ×"), P(art::treasure_art(0))],
    }
}

/// What room `id` adds besides its score, as a line of parts (empty for most rooms).
pub fn effect_parts(id: u8) -> Vec<Part> {
    let gather = |r: usize| {
        vec![
            Part::Words("gather".into()),
            Part::Picture(art::RESOURCE[r]),
        ]
    };
    match room_def(id).effect {
        RoomEffect::None => Vec::new(),
        RoomEffect::Storage(k) => vec![Part::Words(format!("+{k} storage"))],
        RoomEffect::Hand(k) => vec![Part::Words(format!("+{k} hand"))],
        RoomEffect::Gems => gather(RES - 2),
        RoomEffect::Magic => gather(RES - 1),
    }
}

const PICTURE: f32 = 22.0;
const GAP: f32 = 4.0;

fn width(parts: &[Part]) -> f32 {
    let mut w = 0.0;
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            w += GAP;
        }
        w += match p {
            Part::Words(t) => text_width(t, drawn_size(SMALL), true),
            Part::Picture(_) => PICTURE,
        };
    }
    w
}

fn draw(s: &mut Scene, x: f32, y: f32, parts: &[Part]) {
    let mut x = x;
    for p in parts {
        match p {
            Part::Words(t) => {
                s.text(pos(x, y), t.clone(), SMALL, Color::rgb(90, 40, 10))
                    .bold();
                x += text_width(t, drawn_size(SMALL), true) + GAP;
            }
            Part::Picture(im) => {
                s.image(rect(x, y - PICTURE / 2.0, PICTURE, PICTURE), *im, "");
                x += PICTURE + GAP;
            }
        }
    }
}

/// Where a room's ability goes on its tile: each line's parts with its middle's height
/// above the tile's top, and whether the room's picture still fits in the lower right.
pub struct Plan {
    pub lines: Vec<(f32, Vec<Part>)>,
    pub picture: bool,
}

/// The plan for room `id` on a tile `w` wide and `h` high (every square of the room),
/// below a name `name_h` high, with a picture `picture_w` wide in the lower right.
pub fn plan(id: u8, w: f32, h: f32, name_h: f32, picture_w: f32) -> Plan {
    let d = room_def(id);
    let line = line_height(drawn_size(SMALL)).max(h / 3.0);
    let first = (name_h / line - 0.01).ceil().max(0.0) as usize;
    let last: usize = if d.slots > 0 { 2 } else { 3 };
    let mut lines: Vec<Vec<Part>> = [score_parts(id), effect_parts(id)]
        .into_iter()
        .filter(|l| !l.is_empty())
        .collect();
    if lines.len() == 2 && last.saturating_sub(first) < 2 {
        // One line left for both: the score, a comma, what it adds.
        let mut one = lines.remove(0);
        match one.last_mut() {
            Some(Part::Words(t)) => t.push(','),
            _ => one.push(Part::Words(",".into())),
        }
        one.append(&mut lines.remove(0));
        lines = vec![one];
    }
    let mut picture = true;
    let placed = lines
        .into_iter()
        .enumerate()
        .map(|(k, parts)| {
            let band = first + k;
            if band == 2 && width(&parts) + 6.0 > w - picture_w - 4.0 {
                picture = false;
            }
            (line * band as f32 + line / 2.0, parts)
        })
        .collect();
    Plan {
        lines: placed,
        picture,
    }
}

/// Draws a plan's lines on the tile whose top left is (`x`, `y`).
pub(super) fn draw_plan(s: &mut Scene, x: f32, y: f32, plan: &Plan) {
    for (dy, parts) in &plan.lines {
        draw(s, x + 6.0, y + dy, parts);
    }
}
