//! One player's area: counts, amulets, the row of stacks, and the hand (faces only for its
//! owner).

use tavern_plugin_api::scene::{
    Align, Color, Highlight, Icon, Pos, Rect, Scene, Shape, drawn_size, line_height, pos, rect,
    stroke, text_width, wrap_lines,
};
use tavern_plugin_api::words::counted;

use crate::action::Action;
use crate::art;
use crate::art::dragon_colour;
use crate::cards::{TEXT, back, face};
use crate::data::{Kind, card, card_name, data};
use crate::labels::{CANCEL, END, PLAY, PLAY_LEFT, PLAY_RIGHT};
use crate::model::{Dk, End, Phase};

/// Where the parts of an area go. The viewer's own area keeps its whole lower part for
/// the hand (stacks and amulets side by side above it); a compact area on top (an
/// opponent's) puts its summary on a second line and its hand at the top right, so four
/// stacks fit beside nothing even a third of the table wide; the spectator's view of the
/// acting seat's area keeps the plain order.
#[derive(Clone, Copy)]
struct Places {
    /// The summary line: beside the counts, or on the line under them.
    summary_y: f32,
    amulet: Pos,
    amulet_w: f32,
    stacks_y: f32,
    /// The hidden hand's card back (another seat's area).
    back: Pos,
    /// An area on top: its amulets go in up to two lines, each pearl beside its pieces.
    compact: bool,
}

/// Where each amulet's pieces and pearl go. In the plain order a ring's three pieces
/// stand in a row with the pearl under the middle one; in a compact area, whose amulets
/// have one short band, the pearl follows the pieces and the rings take up to two lines,
/// so the values shown at the end (the host's 13-point floor makes "20" about 26 units
/// wide) stay apart.
struct Rings {
    origin: Pos,
    /// From one piece to the next inside a ring, and from ring to ring.
    step: f32,
    ring_step: f32,
    per_line: usize,
    inline: bool,
    radius: f32,
}

impl Rings {
    fn new(at: Places, rings: usize) -> Rings {
        if at.compact {
            const GAP: f32 = 8.0;
            const MIN_STEP: f32 = 28.0;
            let fit = ((at.amulet_w + GAP) / (4.0 * MIN_STEP + GAP))
                .floor()
                .max(1.0) as usize;
            let lines = rings.div_ceil(fit).clamp(1, 2);
            let per_line = rings.div_ceil(lines);
            let step =
                ((at.amulet_w - (per_line - 1) as f32 * GAP) / (4.0 * per_line as f32)).min(40.0);
            Rings {
                origin: at.amulet,
                step,
                ring_step: 4.0 * step + GAP,
                per_line,
                inline: true,
                radius: 17.0,
            }
        } else {
            let spacing = (at.amulet_w / rings as f32).min(116.0);
            Rings {
                origin: at.amulet,
                step: (spacing - 14.0) / 3.0,
                ring_step: spacing,
                per_line: rings,
                inline: false,
                radius: 19.0,
            }
        }
    }

    fn slot(&self, ring: usize, k: usize, below: f32) -> Pos {
        let (line, col) = (ring / self.per_line, ring % self.per_line);
        pos(
            self.origin.x + col as f32 * self.ring_step + k as f32 * self.step + self.radius,
            self.origin.y + line as f32 * 38.0 + below,
        )
    }

    fn piece(&self, ring: usize, k: usize) -> Pos {
        self.slot(ring, k, 0.0)
    }

    fn pearl(&self, ring: usize) -> Pos {
        if self.inline {
            self.slot(ring, 3, 0.0)
        } else {
            self.slot(ring, 1, 34.0)
        }
    }
}

fn places(r: Rect, mine: bool) -> Places {
    let compact = r.h <= 300.0;
    if mine {
        Places {
            summary_y: r.y + 52.0,
            amulet: pos(r.x + OWN_AMULET_LEFT, r.y + 100.0),
            amulet_w: r.w - OWN_AMULET_LEFT - 20.0,
            stacks_y: r.y + 76.0,
            back: pos(r.x, r.y),
            compact: false,
        }
    } else if compact {
        Places {
            summary_y: r.y + 80.0,
            amulet: pos(r.x + 20.0, r.y + 114.0),
            amulet_w: r.w - 40.0,
            stacks_y: r.y + r.h - 102.0,
            back: pos(r.x + r.w - 50.0, r.y + 38.0),
            compact: true,
        }
    } else {
        Places {
            summary_y: r.y + 52.0,
            amulet: pos(r.x + 20.0, r.y + 100.0),
            amulet_w: r.w - 40.0,
            stacks_y: r.y + 150.0,
            back: pos(r.x + 400.0, r.y + 150.0),
            compact: false,
        }
    }
}

pub(crate) fn player_area(s: &mut Scene, g: &Dk, seat: usize, r: Rect, viewer: Option<usize>) {
    let p = &g.players[seat];
    let mine = viewer == Some(seat);
    let at = places(r, mine);
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
        "{}{}: return one for a 4th card or to use a magic chest item",
        counted(p.crystals, "crystal", "crystals"),
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
        .tooltip(format!(
            "{}, 4 points each",
            counted(p.eggs, "golden egg", "golden eggs")
        ));
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
    let amulets = p.completed_amulets();
    let summary = format!(
        "{} laid out · {amulets} {}",
        p.laid_out(),
        if amulets == 1 { "amulet" } else { "amulets" }
    );
    let sx = if at.summary_y == y { x } else { r.x + 10.0 };
    let summary_w = text_width(&summary, drawn_size(TEXT), false);
    s.text(pos(sx, at.summary_y), summary, TEXT, Color::WHITE)
        .tooltip("Dragon cards laid out break ties; complete amulets count toward the game end");
    // Amulets: rings of three pieces with a pearl.
    let ay = at.amulet.y;
    let over = g.phase == Phase::Over;
    let rings = Rings::new(at, p.pieces.len().div_ceil(3).max(1));
    for (ring, pieces) in p.pieces.chunks(3).enumerate() {
        for (k, &pc_id) in pieces.iter().enumerate() {
            let c = rings.piece(ring, k);
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
            art::piece(s, c, rings.radius, label).tooltip(tip);
        }
        if let Some(&pe) = p.pearls.get(ring) {
            let red = pe < data().red_pearls;
            let label = if mine || over {
                format!("{}", data().pearl_values[pe as usize])
            } else {
                "?".into()
            };
            art::pearl(s, rings.pearl(ring), rings.radius, red, label).tooltip(format!(
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
    }
    if p.pieces.is_empty() {
        s.text(
            pos(at.amulet.x, ay),
            "No amulet pieces yet",
            16.0,
            Color::rgb(200, 200, 200),
        );
    }
    // Stacks in order; the ends of the row are targets for a new colour.
    let sy = at.stacks_y;
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
            counted(st.cards.len(), "card", "cards"),
        )
        .id(format!("stack:{seat}:{}", st.colour.name()))
        .tooltip(format!(
            "{} stack: {}. {}",
            st.colour.name(),
            counted(st.cards.len(), "card", "cards"),
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
    if mine {
        let shown = p.hand.len();
        s.text(
            pos(sx + summary_w + 30.0, y),
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
        let tip = format!(
            "{} holds {}, hidden from you",
            p.name,
            counted(p.hand.len(), "card", "cards")
        );
        let (bx, by) = (at.back.x, at.back.y);
        let (bw, bh) = if at.compact {
            (40.0, 56.0)
        } else {
            (60.0, 84.0)
        };
        back(
            s,
            rect(bx, by, bw, bh),
            Color::rgb(120, 100, 80),
            false,
            format!("{}", p.hand.len()),
            |b| b.tooltip(tip.clone()),
        );
        // Beside the small back of a compact area, under the larger one elsewhere.
        let (label_at, align) = if at.compact {
            (pos(bx - 8.0, at.summary_y), Align::Right)
        } else {
            (pos(bx + bw / 2.0, by + ch - 2.0), Align::Center)
        };
        s.text(label_at, "in hand", 16.0, Color::WHITE)
            .align(align)
            .tooltip(tip);
    }
    if mine && acting {
        controls(s, g, seat, r);
    }
}

/// The column beside the viewer's hand: what is being laid out, the play's Confirm and
/// Cancel, and the end of the turn, each drawn only while it does something (its action
/// is legal), always in the same place so none moves under a still pointer.
fn controls(s: &mut Scene, g: &Dk, seat: usize, r: Rect) {
    let legal = g.actions(seat);
    let x = r.x + r.w - CONTROLS_W - 10.0;
    let top = r.y + HAND_TOP;
    let picked = g.step.selection.len();
    let colour = g
        .selection_colour()
        .or(g.book_colour())
        .map_or("", |c| c.name());
    let new_stack = legal
        .iter()
        .any(|a| matches!(a, Action::Play { end: Some(_) }));
    let note = if new_stack {
        format!("New {colour} stack: which end?")
    } else if picked > 0 {
        format!("Picked {picked} of {} {colour}", g.needed())
    } else if legal.iter().any(|a| matches!(a, Action::Select { .. })) {
        "Click cards in your hand to pick them for a play".to_string()
    } else {
        String::new()
    };
    let mut y = top + 10.0;
    for line in wrap_lines(&note, drawn_size(TEXT), CONTROLS_W, false) {
        s.text(pos(x, y), line, TEXT, Color::rgb(255, 230, 150));
        y += line_height(drawn_size(TEXT));
    }
    let confirm = Color::rgb(56, 132, 72);
    let slot = |k: f32| top + 66.0 + k * (BUTTON_H + 8.0);
    let half = (CONTROLS_W - 8.0) / 2.0;
    for a in &legal {
        let label = g.describe(seat, a).0;
        match a {
            Action::Play { end: None } => {
                button(
                    s,
                    rect(x, slot(0.0), CONTROLS_W, BUTTON_H),
                    PLAY,
                    "Lay out",
                    label,
                    confirm,
                );
            }
            Action::Play {
                end: Some(End::Left),
            } => {
                button(
                    s,
                    rect(x, slot(0.0), half, BUTTON_H),
                    PLAY_LEFT,
                    "Left",
                    label,
                    confirm,
                );
            }
            Action::Play {
                end: Some(End::Right),
            } => {
                let b = rect(x + half + 8.0, slot(0.0), half, BUTTON_H);
                button(s, b, PLAY_RIGHT, "Right", label, confirm);
            }
            Action::Unpick => {
                let b = rect(x, slot(1.0), CONTROLS_W, BUTTON_H);
                button(s, b, CANCEL, "Cancel", label, Color::rgb(110, 104, 120));
            }
            Action::EndTurn | Action::Pass => {
                let text = match a {
                    Action::EndTurn => "End turn",
                    _ if g.step.played => "Done",
                    _ => "Pass",
                };
                let b = rect(x, r.y + r.h - 10.0 - BUTTON_H, CONTROLS_W, BUTTON_H);
                button(s, b, END, text, label, Color::rgb(200, 120, 40));
            }
            _ => {}
        }
    }
}

/// A button the area draws itself: a panel named `id` (the target of its action) with
/// its word in bold, the action's whole label as the tooltip.
fn button(s: &mut Scene, r: Rect, id: &str, word: &str, tip: String, fill: Color) {
    s.panel(r, fill, Color::WHITE).id(id).tooltip(tip);
    s.text_centered(r.center(), word, 20.0, Color::WHITE).bold();
}

/// The width of the column of [`controls`] right of the viewer's hand, and its buttons'
/// height.
const CONTROLS_W: f32 = 200.0;
const BUTTON_H: f32 = 36.0;
/// Where the viewer's amulets start, right of its row of stacks (four colours and the
/// two ends), from the left edge of its area.
const OWN_AMULET_LEFT: f32 = 400.0;
/// Where the viewer's hand starts, under the stacks, from the top of its area.
const HAND_TOP: f32 = 176.0;
/// How far a card picked for the play rises out of the hand.
const HAND_LIFT: f32 = 12.0;
/// The narrowest visible strip of a card when the hand has to fan out.
pub const FAN_STRIP: f32 = 40.0;

/// The viewer's hand cards, left to right, across the lower part of its area `r`: side by side
/// at full size while they fit, then narrower down to a readable minimum, then fanned
/// (each card covering the right part of the one before, its value and title still
/// showing); only a hand too big for a [`FAN_STRIP`] fan of small cards overlaps more.
pub(crate) fn hand_rects(r: Rect, n: usize) -> Vec<Rect> {
    const GAP: f32 = 8.0;
    const MAX_W: f32 = 140.0;
    const MIN_W: f32 = 98.0;
    // Still wide enough for the title "shadow" at the host's 13-point floor.
    const SMALL_W: f32 = 86.0;
    let left = r.x + 20.0;
    // The column of play buttons keeps the right part.
    let avail = r.w - 40.0 - CONTROLS_W;
    let top = r.y + HAND_TOP + HAND_LIFT;
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
