//! The table: the magic book and display in the middle, the supply beside it, opponents
//! along the top and the viewer's own area at the bottom. Nothing hidden from the viewer
//! is drawn: other hands show as a count, others' amulet values and pearl values as "?",
//! page cards only by their visible back.

use tavern_plugin_api::View;
use tavern_plugin_api::scene::{Color, Highlight, Icon, Rect, Scene, pos, rect, stroke};

use crate::data::{Back, Colour, Kind, back_name, card, card_name, data, front_name, rewards_text};
use crate::model::{Dk, Item, Page, Phase};

const TEXT: f32 = 18.0;

pub fn dragon_colour(c: Option<Colour>) -> Color {
    match c {
        Some(Colour::White) => Color::rgb(236, 234, 222),
        Some(Colour::Red) => Color::rgb(196, 58, 48),
        Some(Colour::Blue) => Color::rgb(56, 108, 196),
        Some(Colour::Green) => Color::rgb(58, 146, 70),
        None => Color::rgb(72, 52, 96),
    }
}

fn letter(c: Option<Colour>) -> &'static str {
    match c {
        Some(Colour::White) => "W",
        Some(Colour::Red) => "R",
        Some(Colour::Blue) => "B",
        Some(Colour::Green) => "G",
        None => "S",
    }
}

fn back_fill(b: Back) -> Color {
    match b {
        Back::Colour(c) => dragon_colour(Some(c)),
        Back::Number(6) => dragon_colour(None),
        Back::Number(_) => Color::rgb(214, 196, 150),
        Back::Ribbon => Color::rgb(160, 40, 40),
    }
}

/// A dragon card face: band and fill in its colour, its back shown as the small value.
fn face(s: &mut Scene, r: Rect, c: u8) -> tavern_plugin_api::scene::ItemBuilder<'_> {
    let d = card(c);
    let back = match d.kind {
        Kind::Starting => "start",
        _ => back_name(d.back),
    };
    s.card(
        r,
        dragon_colour(d.front).with_alpha(235),
        Some(back_fill(d.back)),
        front_name(c),
        format!("{} · {back}", letter(d.front)),
    )
}

pub fn view(g: &Dk, viewer: Option<usize>) -> View {
    let mut s = Scene::new(1600.0, 1000.0);
    let n = g.n();
    let own = viewer.unwrap_or(match g.phase {
        Phase::Completing(c) => c,
        _ => g.active,
    });
    // Opponents across the top, clockwise from the viewer.
    let others: Vec<usize> = (1..n).map(|k| (own + k) % n).collect();
    let w = 1580.0 / others.len() as f32;
    for (i, &seat) in others.iter().enumerate() {
        player_area(
            &mut s,
            g,
            seat,
            rect(10.0 + i as f32 * w, 8.0, w - 10.0, 262.0),
            viewer,
        );
    }
    book(&mut s, g);
    supply(&mut s, g, viewer);
    player_area(&mut s, g, own, rect(10.0, 640.0, 1580.0, 352.0), viewer);
    View {
        scene: s,
        status: status(g),
        prompt: prompt(g, viewer),
    }
}

fn status(g: &Dk) -> String {
    let am = format!("amulets {}/{}", g.completed_amulets(), g.amulets_to_end());
    let ending = if g.early_end {
        " · last turn (a page is nearly empty)"
    } else {
        ""
    };
    match g.phase {
        Phase::Setup(_) => "Setting up".into(),
        Phase::Turn => format!(
            "Turn {} · {} to play · {am}{ending}",
            g.turn, g.players[g.active].name
        ),
        Phase::Completing(c) => format!(
            "Turn {} · {} may complete {}'s turn · {am}{ending}",
            g.turn, g.players[c].name, g.players[g.active].name
        ),
        Phase::Over => match g.outcome_if_over() {
            Some(o) => {
                let names: Vec<&str> = o
                    .winners()
                    .iter()
                    .map(|&w| g.players[w].name.as_str())
                    .collect();
                format!("Game over · {} wins · {am}", names.join(" and "))
            }
            None => format!("Game over · {am}"),
        },
    }
}

fn prompt(g: &Dk, viewer: Option<usize>) -> String {
    let Some(v) = viewer else {
        return String::new();
    };
    if g.actor() != Some(v) {
        return match g.actor() {
            Some(a) => format!("Waiting for {}", g.players[a].name),
            None => String::new(),
        };
    }
    let st = &g.step;
    let ask = format!(
        "the book asks for exactly {} {} dragon(s)",
        g.needed(),
        g.book_colour().map(Colour::name).unwrap_or("?")
    );
    if g.phase == Phase::Turn {
        if st.taken == 0 && !g.early_end {
            return "Take a card from the display (1 to 3, a 4th for a crystal)".into();
        }
        if st.played {
            return "Your play is done: end your turn".into();
        }
        if st.selection.is_empty() {
            return format!(
                "Take more, place a card face down on a page, or pick cards to lay out: {ask}"
            );
        }
        format!("Picked {} of {}: {ask}", st.selection.len(), g.needed())
    } else if st.played {
        "You may use the twilight flute, or be done".into()
    } else {
        format!("Complete the turn: you may lay out cards as the book stands ({ask}), or pass")
    }
}

fn book(s: &mut Scene, g: &Dk) {
    let area = rect(10.0, 280.0, 700.0, 350.0);
    s.panel(area, Color::rgb(70, 52, 40), Color::rgb(200, 170, 120))
        .tooltip("The magic book: the backs on top of the two pages say how many cards of which colour may be laid out");
    s.heading(pos(30.0, 302.0), "Magic book", 22.0, Color::PAPER);
    let n = g.book_number();
    let colour = g.book_colour();
    s.text(
        pos(200.0, 302.0),
        format!(
            "Lay out exactly {n} {} · reward: {}",
            colour.map(Colour::name).unwrap_or("?"),
            rewards_text(n)
        ),
        TEXT,
        Color::PAPER,
    )
    .tooltip("What a play needs now, and what it earns");
    for p in Page::BOTH {
        let x = 30.0 + p.idx() as f32 * 340.0;
        let page = &g.pages[p.idx()];
        let r = rect(x, 330.0, 130.0, 182.0);
        let (back_text, tip) = match page.last().map(|sl| card(sl.card).back) {
            Some(Back::Number(k)) => (
                format!("{k}"),
                format!(
                    "Left page: lay out exactly {k} card(s). Reward: {}. {} cards in this page.",
                    rewards_text(k),
                    page.len()
                ),
            ),
            Some(Back::Colour(c)) => (
                c.name().to_string(),
                format!(
                    "Right page: lay out {} dragons. {} cards in this page.",
                    c.name(),
                    page.len()
                ),
            ),
            _ => (String::new(), "An empty page".to_string()),
        };
        let fill = page
            .last()
            .map_or(Color::GREY, |sl| back_fill(card(sl.card).back));
        if page.len() > 1 {
            s.rect(
                rect(x + 6.0, 336.0, 130.0, 182.0),
                Color::rgb(40, 30, 24),
                8.0,
            );
        }
        s.card_back(r, fill, back_text)
            .id(format!("page:{}", p.name()))
            .tooltip(tip)
            .z(1);
        s.text(
            pos(x, 536.0),
            format!(
                "{} page · {} cards",
                if p == Page::Left { "Left" } else { "Right" },
                page.len()
            ),
            TEXT,
            Color::PAPER,
        );
        let dr = rect(x + 160.0, 340.0, 120.0, 168.0);
        match g.display[p.idx()] {
            Some(c) => {
                face(s, dr, c)
                    .id(format!("display:{}", p.name()))
                    .tooltip(format!(
                        "Display card: {}. Take it into your hand; the top of the {} page replaces it.",
                        card_name(c),
                        p.name()
                    ))
                    .z(1);
            }
            None => {
                s.rect(dr, Color::rgb(50, 40, 30), 8.0)
                    .tooltip("No display card");
            }
        }
        s.text(pos(x + 160.0, 536.0), "Display", TEXT, Color::PAPER);
    }
    if g.early_end {
        s.text(
            pos(30.0, 590.0),
            "A page is down to one card: the game ends after this turn",
            TEXT,
            Color::rgb(255, 210, 120),
        );
    }
}

fn supply(s: &mut Scene, g: &Dk, viewer: Option<usize>) {
    let d = data();
    let area = rect(720.0, 280.0, 870.0, 350.0);
    s.panel(area, Color::rgb(30, 55, 48), Color::rgb(140, 190, 170))
        .tooltip("The supply");
    s.heading(
        pos(740.0, 302.0),
        "Amulet pieces (lowest left)",
        20.0,
        Color::PAPER,
    );
    let mut values: Vec<(u8, usize)> = Vec::new();
    for i in 0..d.piece_values.len() as u8 {
        if g.piece_supply & (1 << i) != 0 {
            let v = Dk::piece_value(i);
            match values.iter_mut().find(|e| e.0 == v) {
                Some(e) => e.1 += 1,
                None => values.push((v, 1)),
            }
        }
    }
    values.sort();
    for (k, &(v, cnt)) in values.iter().enumerate() {
        let c = pos(760.0 + k as f32 * 74.0, 350.0);
        s.token(c, 26.0, Color::rgb(218, 180, 80), format!("{v}"))
            .tooltip(format!("{cnt} amulet piece(s) worth {v}"));
        s.text_centered(pos(c.x, 392.0), format!("×{cnt}"), TEXT, Color::PAPER);
    }
    let red = (0..d.red_pearls)
        .filter(|&i| g.pearl_supply & (1 << i) != 0)
        .count();
    let blue = g.pearl_supply.count_ones() as usize - red;
    let y = 440.0;
    let mut x = 750.0;
    let mut token =
        |s: &mut Scene, icon: Icon, col: Color, count: String, tip: String, id: Option<String>| {
            let it = s.icon(pos(x, y), 32.0, icon, col).tooltip(tip.clone());
            if let Some(id) = id {
                it.id(id);
            }
            s.text(pos(x + 22.0, y), count, 20.0, Color::WHITE)
                .tooltip(tip);
            x += 96.0;
        };
    token(
        s,
        Icon::Pearl,
        Color::rgb(220, 60, 60),
        format!("{red}"),
        "Red pearls (8 or 9, face down): drawn first".into(),
        None,
    );
    token(
        s,
        Icon::Pearl,
        Color::rgb(90, 140, 230),
        format!("{blue}"),
        "Blue pearls (3 or 4, face down)".into(),
        None,
    );
    token(
        s,
        Icon::Crystal,
        Color::rgb(170, 220, 255),
        format!("{}", g.crystals),
        "Crystals in the supply".into(),
        None,
    );
    token(
        s,
        Icon::Egg,
        Color::rgb(240, 200, 60),
        format!("{}", g.eggs),
        "Golden eggs (4 each; most eggs flips one to 16)".into(),
        None,
    );
    token(
        s,
        Icon::Dragon,
        dragon_colour(None),
        format!("{}", g.shadow_supply.len()),
        "Shadow dragons: wild cards, never played alone".into(),
        None,
    );
    let crest_text = if g.options.children {
        "no crests (children's rules)".to_string()
    } else if g.crests.is_empty() {
        "none left".to_string()
    } else {
        g.crests
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    s.icon(
        pos(750.0, 490.0),
        30.0,
        Icon::Shield,
        Color::rgb(200, 200, 220),
    )
    .tooltip("Crests: the best one left goes to whoever first has all four colours laid out");
    s.text(
        pos(772.0, 490.0),
        format!("Crests: {crest_text}"),
        TEXT,
        Color::PAPER,
    );
    // Magic chests.
    let mut ix = 740.0;
    for it in Item::ALL {
        if !g.has_item(it) {
            continue;
        }
        let armed = g.step.armed & it.bit() != 0;
        let used = viewer.is_some_and(|v| g.players[v].items_used & it.bit() != 0);
        let r = rect(ix, 530.0, 134.0, 80.0);
        s.panel(r, Color::rgb(90, 60, 110), Color::rgb(230, 200, 250))
            .id(format!("item:{}", it.key()))
            .tooltip(format!(
                "{}: {} Costs 1 crystal, once per turn.",
                it.name(),
                it.help()
            ))
            .highlight(if armed {
                Highlight::Selected
            } else {
                Highlight::None
            });
        s.text_centered(pos(ix + 68.0, 556.0), it.name(), 16.0, Color::WHITE);
        let state = if armed {
            "in use"
        } else if used {
            "used"
        } else {
            "1 crystal"
        };
        s.text_centered(
            pos(ix + 68.0, 586.0),
            state,
            16.0,
            Color::rgb(230, 220, 240),
        );
        ix += 140.0;
    }
}

fn player_area(s: &mut Scene, g: &Dk, seat: usize, r: Rect, viewer: Option<usize>) {
    let p = &g.players[seat];
    let mine = viewer == Some(seat);
    let acting = g.actor() == Some(seat);
    let pc = Color::player(seat);
    s.panel(r, Color::rgb(24, 48, 42), pc)
        .tooltip(format!("{}'s area", p.name))
        .highlight(if acting {
            Highlight::Active
        } else {
            Highlight::None
        });
    s.add(tavern_plugin_api::scene::Shape::Rect {
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
    s.icon(
        pos(x + 14.0, y),
        28.0,
        Icon::Crystal,
        Color::rgb(170, 220, 255),
    )
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
    s.icon(pos(x + 14.0, y), 28.0, Icon::Egg, Color::rgb(240, 200, 60))
        .tooltip(format!("{} golden egg(s), 4 points each", p.eggs));
    s.text(pos(x + 32.0, y), format!("{}", p.eggs), 20.0, Color::WHITE);
    x += 70.0;
    let crest = p
        .crest
        .map_or("no crest".to_string(), |c| format!("crest {c}"));
    s.icon(
        pos(x + 14.0, y),
        28.0,
        Icon::Shield,
        Color::rgb(200, 200, 220),
    )
    .tooltip("A crest is earned once, for having all four colours laid out");
    s.text(pos(x + 32.0, y), crest, TEXT, Color::WHITE);
    x += 112.0;
    s.text(
        pos(x, y),
        format!(
            "{} laid out · {} amulets",
            p.laid_out(),
            p.completed_amulets()
        ),
        TEXT,
        Color::WHITE,
    )
    .tooltip("Dragon cards laid out break ties; complete amulets count toward the game end");
    // Amulets: rings of three pieces with a pearl.
    let ay = r.y + 100.0;
    let over = g.phase == Phase::Over;
    let mut ax = r.x + 20.0;
    let rings = p.pieces.len().div_ceil(3).max(1);
    let spacing = ((r.w - 40.0) / rings as f32).min(116.0);
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
            s.token(c, 19.0, Color::rgb(218, 180, 80), label)
                .tooltip(tip);
        }
        if let Some(&pe) = p.pearls.get(ring) {
            let red = pe < data().red_pearls;
            let label = if mine || over {
                format!("{}", data().pearl_values[pe as usize])
            } else {
                "?".into()
            };
            let fill = if red {
                Color::rgb(220, 60, 60)
            } else {
                Color::rgb(90, 140, 230)
            };
            s.token(
                pos(ax + (spacing - 14.0) / 3.0 + 19.0, ay + 34.0),
                19.0,
                fill,
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
        s.card(
            rect(x, sy, cw, ch),
            dragon_colour(Some(st.colour)),
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
        let step = ((r.w - 420.0 - 140.0) / shown.max(1) as f32).min(78.0);
        s.text(
            pos(hx, sy - 18.0),
            format!("Your hand ({shown}, private)"),
            TEXT,
            Color::WHITE,
        );
        for (i, &c) in p.hand.iter().enumerate() {
            let selected = acting && g.step.selection.contains(&c);
            let fresh_note = if card(c).kind == Kind::Shadow && p.fresh_shadows > 0 {
                " Shadow dragons received this turn cannot be used until your next turn."
            } else {
                ""
            };
            let hr = rect(
                hx + i as f32 * step,
                sy + if selected { -8.0 } else { 4.0 },
                72.0,
                104.0,
            );
            face(s, hr, c)
                .id(format!("hand:{c}"))
                .tooltip(format!("{} in your hand.{fresh_note}", card_name(c)))
                .private()
                .highlight(if selected {
                    Highlight::Selected
                } else {
                    Highlight::None
                })
                .z(2 + i as i32);
        }
    } else {
        let tip = format!("{} holds {} card(s), hidden from you", p.name, p.hand.len());
        let bx = if r.h > 300.0 { hx } else { r.x + r.w - 70.0 };
        s.card_back(
            rect(bx, sy, 60.0, 84.0),
            Color::rgb(120, 100, 80),
            format!("{}", p.hand.len()),
        )
        .tooltip(tip.clone());
        s.text(pos(bx + 30.0, sy + ch - 2.0), "in hand", 16.0, Color::WHITE)
            .align(tavern_plugin_api::scene::Align::Center)
            .tooltip(tip);
    }
    if mine && acting {
        let br = rect(r.x + r.w - 130.0, r.y + r.h - 60.0, 120.0, 48.0);
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
                pos(r.x + r.w - 420.0, r.y + r.h - 36.0),
                format!("Picked {} of {}", g.step.selection.len(), g.needed()),
                20.0,
                Color::rgb(255, 230, 150),
            );
        }
    }
}
