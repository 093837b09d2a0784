//! One player's area: counts, amulets, the row of stacks, and the hand (faces only for its
//! owner).

use tavern_plugin_api::scene::{
    Color, Highlight, Icon, Rect, Scene, Shape, drawn_size, pos, rect, stroke, text_width,
};

use crate::art;
use crate::data::{Kind, card, card_name, data};
use crate::model::{Dk, Phase};
use crate::view::{TEXT, back, dragon_colour, face};

pub(crate) fn player_area(s: &mut Scene, g: &Dk, seat: usize, r: Rect, viewer: Option<usize>) {
    let p = &g.players[seat];
    let mine = viewer == Some(seat);
    let acting = g.actor() == Some(seat);
    let pc = Color::player(seat);
    s.panel(r, Color::rgb(24, 48, 42).with_alpha(232), pc)
        .tooltip(format!("{}'s area", p.name))
        .highlight(if acting {
            Highlight::Active
        } else {
            Highlight::None
        });
    s.add(Shape::Rect {
        rect: rect(r.x, r.y, r.w, 30.0),
        fill: pc,
        stroke: Some(stroke(1.0, Color::INK)),
        radius: 8.0,
    });
    let role = if g.active == seat && g.phase != Phase::Over {
        " · turn"
    } else {
        ""
    };
    s.heading(
        pos(r.x + 10.0, r.y + 15.0),
        format!(
            "{} {}{}{}",
            Color::PLAYER_MARK[seat],
            p.name,
            role,
            if mine { " (you)" } else { "" }
        ),
        20.0,
        Color::WHITE,
    );
    // Counts.
    let y = r.y + 52.0;
    let mut x = r.x + 10.0;
    let crystal_tip = format!(
        "{} crystal(s){}: return one for a 4th card or to use a magic chest item",
        p.crystals,
        if p.fresh_crystals > 0 {
            format!(", {} new this turn (not usable yet)", p.fresh_crystals)
        } else {
            String::new()
        }
    );
    s.image(rect(x, y - 14.0, 28.0, 28.0), art::CRYSTAL, "")
        .id(format!("crystals:{seat}"))
        .tooltip(crystal_tip.clone());
    s.text(
        pos(x + 32.0, y),
        format!("{}", p.crystals),
        20.0,
        Color::WHITE,
    )
    .tooltip(crystal_tip);
    x += 70.0;
    s.image(rect(x, y - 14.0, 28.0, 28.0), art::EGG, "")
        .tooltip(format!("{} golden egg(s), 4 points each", p.eggs));
    s.text(pos(x + 32.0, y), format!("{}", p.eggs), 20.0, Color::WHITE);
    x += 70.0;
    let crest = p
        .crest
        .map_or("no crest".to_string(), |c| format!("crest {c}"));
    s.image(rect(x + 1.0, y - 14.0, 26.0, 28.0), art::CREST, "")
        .tooltip("A crest is earned once, for having all four colours laid out");
    s.text(pos(x + 32.0, y), crest, TEXT, Color::WHITE);
    // Room for "crest 16" in the host's font, which runs wider than the scene's estimate.
    x += 150.0;
    let summary = format!(
        "{} laid out · {} amulets",
        p.laid_out(),
        p.completed_amulets()
    );
    // Ends at the panel's right edge: a four-player opponent panel is too narrow for it
    // to start at `x` and stay inside at the size the host draws it.
    let width = text_width(&summary, drawn_size(TEXT), false);
    let sx = (r.x + r.w - 10.0 - width).min(x);
    s.text(pos(sx, y), summary, TEXT, Color::WHITE)
        .tooltip("Dragon cards laid out break ties; complete amulets count toward the game end");
    // Amulets: rings of three pieces with a pearl.
    let ay = r.y + 100.0;
    let over = g.phase == Phase::Over;
    let mut ax = r.x + 20.0;
    let rings = p.pieces.len().div_ceil(3).max(1);
    // The own area keeps its right part for the hand.
    let amulet_w = if mine { HAND_LEFT - 40.0 } else { r.w - 40.0 };
    let spacing = (amulet_w / rings as f32).min(116.0);
    for (ring, pieces) in p.pieces.chunks(3).enumerate() {
        for (k, &pc_id) in pieces.iter().enumerate() {
            let c = pos(ax + k as f32 * (spacing - 14.0) / 3.0 + 19.0, ay);
            let v = Dk::piece_value(pc_id);
            let (label, tip) = if over {
                (
                    format!("{v}"),
                    format!("Amulet piece worth {v}, revealed at the end"),
                )
            } else if mine {
                (
                    format!("{v}"),
                    format!("Your amulet piece worth {v} (face down, private)"),
                )
            } else {
                ("?".to_string(), "A face-down amulet piece".to_string())
            };
            art::piece(s, c, 19.0, label).tooltip(tip);
        }
        if let Some(&pe) = p.pearls.get(ring) {
            let red = pe < data().red_pearls;
            let label = if mine || over {
                format!("{}", data().pearl_values[pe as usize])
            } else {
                "?".into()
            };
            art::pearl(
                s,
                pos(ax + (spacing - 14.0) / 3.0 + 19.0, ay + 34.0),
                19.0,
                red,
                label,
            )
            .tooltip(format!(
                "A {} pearl closing this amulet{}",
                if red { "red" } else { "blue" },
                if over {
                    ", revealed"
                } else if mine {
                    " (value private to you)"
                } else {
                    ""
                }
            ));
        }
        ax += spacing;
    }
    if p.pieces.is_empty() {
        s.text(
            pos(ax, ay),
            "No amulet pieces yet",
            16.0,
            Color::rgb(200, 200, 200),
        );
    }
    // Stacks in order; the ends of the row are targets for a new colour.
    let sy = r.y + 150.0;
    let cw = 66.0;
    let ch = 92.0;
    let row_x = r.x + 20.0;
    s.rect(rect(row_x, sy, 24.0, ch), Color::rgb(60, 90, 80), 4.0)
        .id(format!("row:{seat}:left"))
        .tooltip("Left end of the row: a new colour can start here");
    for (i, st) in p.row.iter().enumerate() {
        let open = g.stack_open(seat, st.colour);
        let x = row_x + 30.0 + i as f32 * (cw + 8.0);
        let sr = rect(x, sy, cw, ch);
        s.card(
            sr,
            art::pale(dragon_colour(Some(st.colour))),
            Some(dragon_colour(Some(st.colour))),
            st.colour.name(),
            format!("{}", st.cards.len()),
        )
        .id(format!("stack:{seat}:{}", st.colour.name()))
        .tooltip(format!(
            "{} stack: {} card(s). {}",
            st.colour.name(),
            st.cards.len(),
            if open {
                "Can still grow."
            } else {
                "Hemmed in between two stacks: no more of this colour."
            }
        ));
        art::card_picture(s, sr, art::dragon(Some(st.colour)));
        if !open {
            s.icon(
                pos(x + cw / 2.0, sy + ch - 16.0),
                22.0,
                Icon::Lock,
                Color::INK,
            )
            .tooltip("Blocked by the placement rule");
        }
    }
    let end_x = row_x + 30.0 + p.row.len() as f32 * (cw + 8.0);
    s.rect(rect(end_x, sy, 24.0, ch), Color::rgb(60, 90, 80), 4.0)
        .id(format!("row:{seat}:right"))
        .tooltip("Right end of the row: a new colour can start here");
    // Hand.
    let hx = r.x + 400.0;
    if mine {
        let shown = p.hand.len();
        s.text(
            pos(r.x + HAND_LEFT, r.y + 50.0),
            format!("Your hand ({shown}, private)"),
            TEXT,
            Color::WHITE,
        );
        for (i, (&c, hr)) in p.hand.iter().zip(hand_rects(r, shown)).enumerate() {
            let selected = acting && g.step.selection.contains(&c);
            let fresh_note = if card(c).kind == Kind::Shadow && p.fresh_shadows > 0 {
                " Shadow dragons received this turn cannot be used until your next turn."
            } else {
                ""
            };
            let hr = if selected {
                rect(hr.x, hr.y - HAND_LIFT, hr.w, hr.h)
            } else {
                hr
            };
            face(s, hr, c, |b| {
                b.id(format!("hand:{c}"))
                    .tooltip(format!("{} in your hand.{fresh_note}", card_name(c)))
                    .private()
                    .highlight(if selected {
                        Highlight::Selected
                    } else {
                        Highlight::None
                    })
                    .z(2 + i as i32)
            });
        }
    } else {
        let tip = format!("{} holds {} card(s), hidden from you", p.name, p.hand.len());
        let bx = if r.h > 300.0 { hx } else { r.x + r.w - 70.0 };
        back(
            s,
            rect(bx, sy, 60.0, 84.0),
            Color::rgb(120, 100, 80),
            false,
            format!("{}", p.hand.len()),
            |b| b.tooltip(tip.clone()),
        );
        s.text(pos(bx + 30.0, sy + ch - 2.0), "in hand", 16.0, Color::WHITE)
            .align(tavern_plugin_api::scene::Align::Center)
            .tooltip(tip);
    }
    if mine && acting {
        // Below the row of stacks, so the hand has the whole right part of the area.
        let br = rect(r.x + 20.0, r.y + r.h - 60.0, 120.0, 48.0);
        let label = if g.phase == Phase::Turn {
            "End turn"
        } else if g.step.played {
            "Done"
        } else {
            "Pass"
        };
        s.panel(br, Color::rgb(200, 120, 40), Color::WHITE)
            .id("button:end")
            .tooltip("Finish your part of this turn");
        s.text_centered(br.center(), label, 20.0, Color::WHITE)
            .bold();
        if !g.step.selection.is_empty() {
            s.text(
                pos(br.x + br.w + 16.0, br.center().y),
                format!("Picked {} of {}", g.step.selection.len(), g.needed()),
                20.0,
                Color::rgb(255, 230, 150),
            );
        }
    }
}

/// Where the viewer's own hand starts, from the left edge of its area.
const HAND_LEFT: f32 = 530.0;
/// How far a card picked for the play rises out of the hand.
const HAND_LIFT: f32 = 12.0;
/// The narrowest visible strip of a card when the hand has to fan out.
pub const FAN_STRIP: f32 = 40.0;

/// The viewer's hand cards, left to right, in the right part of its area `r`: side by side
/// at full size while they fit, then narrower down to a readable minimum, then fanned
/// (each card covering the right part of the one before, its value and title still
/// showing); only a hand too big for a [`FAN_STRIP`] fan of small cards overlaps more.
pub(crate) fn hand_rects(r: Rect, n: usize) -> Vec<Rect> {
    const GAP: f32 = 8.0;
    const MAX_W: f32 = 140.0;
    const MIN_W: f32 = 98.0;
    const SMALL_W: f32 = 72.0;
    let left = r.x + HAND_LEFT;
    let avail = r.w - HAND_LEFT - 10.0;
    let top = r.y + 66.0 + HAND_LIFT;
    let bottom = r.y + r.h - 10.0;
    let nf = n.max(1) as f32;
    let fit = ((avail + GAP) / nf - GAP).min(MAX_W);
    let (w, step) = if fit >= MIN_W {
        (fit, fit + GAP)
    } else {
        let step = (avail - MIN_W) / (nf - 1.0);
        if step >= FAN_STRIP {
            (MIN_W, step)
        } else {
            (SMALL_W, (avail - SMALL_W) / (nf - 1.0))
        }
    };
    let h = (w / 0.7).min(bottom - top);
    (0..n)
        .map(|i| rect(left + i as f32 * step, top, w, h))
        .collect()
}
