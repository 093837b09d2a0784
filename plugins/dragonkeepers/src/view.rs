//! The table: the magic book and display in the middle, the supply beside it, opponents
//! along the top and the viewer's own area at the bottom. Nothing hidden from the viewer
//! is drawn: other hands show as a count, others' amulet values and pearl values as "?",
//! page cards only by their visible back.

use tavern_plugin_api::View;
use tavern_plugin_api::scene::{
    Color, Highlight, ItemBuilder, Rect, Scene, drawn_size, line_height, pos, rect, wrap_lines,
};

use crate::art;
use crate::data::{Back, Colour, Kind, back_name, card, card_name, data, front_name, rewards_text};
use crate::model::{Dk, Item, Page, Phase};
use crate::player_view::player_area;

pub(crate) const TEXT: f32 = 18.0;

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

/// A dragon card face: its dragon drawn on a pale ground of its colour, the band in the
/// colour of its back, and "letter · back" in large type at its foot (the letter, the
/// name and the dragon's emblem say the colour without it). `dress` sets the card's id,
/// tooltip, z and highlight; the picture follows the card, as the host expects.
pub(crate) fn face(
    s: &mut Scene,
    r: Rect,
    c: u8,
    dress: impl FnOnce(ItemBuilder<'_>) -> ItemBuilder<'_>,
) {
    let d = card(c);
    let back = match d.kind {
        Kind::Starting => "start",
        _ => back_name(d.back),
    };
    dress(s.card(
        r,
        art::pale(dragon_colour(d.front)),
        Some(back_fill(d.back)),
        front_name(c),
        format!("{} · {back}", letter(d.front)),
    ));
    art::card_picture(s, r, art::dragon(d.front));
}

/// A card seen from the back: the scale pattern in the colour of its back (the ribbon
/// of a starting card), `text` over it.
pub(crate) fn back(
    s: &mut Scene,
    r: Rect,
    fill: Color,
    ribbon: bool,
    text: String,
    dress: impl FnOnce(ItemBuilder<'_>) -> ItemBuilder<'_>,
) {
    dress(s.card_back(r, fill, text));
    art::back_picture(s, r, fill, ribbon);
}

pub fn view(g: &Dk, viewer: Option<usize>) -> View {
    let mut s = Scene::new(1600.0, 1000.0);
    s.image(rect(0.0, 0.0, 1600.0, 1000.0), art::CAVE, "");
    let n = g.n();
    let own = viewer.unwrap_or(match g.phase {
        Phase::Completing(c) => c,
        _ => g.active,
    });
    // Opponents across the top, clockwise from the viewer.
    let others: Vec<usize> = (1..n).map(|k| (own + k) % n).collect();
    let w = 1580.0 / others.len() as f32;
    for (i, &seat) in others.iter().enumerate() {
        let r = rect(10.0 + i as f32 * w, 8.0, w - 10.0, 262.0);
        player_area(&mut s, g, seat, r, viewer);
        // Three or four players share the top: each compact area can be seen larger.
        if others.len() > 1 {
            s.enlargeable(r, format!("{}'s area", g.players[seat].name));
        }
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
    s.panel(area, Color::rgb(70, 52, 40).with_alpha(232), Color::rgb(200, 170, 120))
        .tooltip("The magic book: the backs on top of the two pages say how many cards of which colour may be laid out");
    s.image(rect(14.0, 316.0, 692.0, 206.0), art::BOOK, "");
    s.heading(pos(30.0, 302.0), "Magic book", 22.0, Color::PAPER);
    let n = g.book_number();
    let colour = g.book_colour();
    // Two lines under the book: on one line (or at the heading's height) the reward ran
    // past the panel.
    s.text(
        pos(30.0, 562.0),
        format!(
            "Lay out exactly {n} {}",
            colour.map(Colour::name).unwrap_or("?")
        ),
        TEXT,
        Color::PAPER,
    )
    .tooltip("What a play needs now");
    s.text(
        pos(30.0, 586.0),
        format!("Reward: {}", rewards_text(n)),
        TEXT,
        Color::PAPER,
    )
    .tooltip("What a play earns now");
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
        let ribbon = page
            .last()
            .is_some_and(|sl| card(sl.card).back == Back::Ribbon);
        back(s, r, fill, ribbon, back_text, |b| {
            b.id(format!("page:{}", p.name())).tooltip(tip).z(1)
        });
        // Centred under each card so the two captions never run into each other.
        s.text_centered(
            pos(x + 65.0, 536.0),
            format!("{} cards", page.len()),
            TEXT,
            Color::PAPER,
        );
        let dr = rect(x + 160.0, 340.0, 120.0, 168.0);
        match g.display[p.idx()] {
            Some(c) => {
                face(s, dr, c, |b| {
                    b.id(format!("display:{}", p.name()))
                        .tooltip(format!(
                            "Display card: {}. Take it into your hand; the top of the {} page replaces it.",
                            card_name(c),
                            p.name()
                        ))
                        .z(1)
                });
            }
            None => {
                s.rect(dr, Color::rgb(50, 40, 30), 8.0)
                    .tooltip("No display card");
            }
        }
        s.text_centered(pos(x + 220.0, 536.0), "Display", TEXT, Color::PAPER);
    }
    if g.early_end {
        s.text(
            pos(30.0, 610.0),
            "A page is down to one card: the game ends after this turn",
            TEXT,
            Color::rgb(255, 210, 120),
        );
    }
}

fn supply(s: &mut Scene, g: &Dk, viewer: Option<usize>) {
    let d = data();
    let area = rect(720.0, 280.0, 870.0, 350.0);
    s.panel(
        area,
        Color::rgb(30, 55, 48).with_alpha(232),
        Color::rgb(140, 190, 170),
    )
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
        art::piece(s, c, 26.0, format!("{v}")).tooltip(format!("{cnt} amulet piece(s) worth {v}"));
        s.text_centered(pos(c.x, 392.0), format!("×{cnt}"), TEXT, Color::PAPER);
    }
    let red = (0..d.red_pearls)
        .filter(|&i| g.pearl_supply & (1 << i) != 0)
        .count();
    let blue = g.pearl_supply.count_ones() as usize - red;
    let y = 440.0;
    let mut x = 750.0;
    let mut token = |s: &mut Scene, image: &str, count: String, tip: String| {
        s.image(rect(x - 18.0, y - 18.0, 36.0, 36.0), image, "")
            .tooltip(tip.clone());
        s.text(pos(x + 22.0, y), count, 20.0, Color::WHITE)
            .tooltip(tip);
        x += 96.0;
    };
    token(
        s,
        art::PEARL_RED,
        format!("{red}"),
        "Red pearls (8 or 9, face down): drawn first".into(),
    );
    token(
        s,
        art::PEARL_BLUE,
        format!("{blue}"),
        "Blue pearls (3 or 4, face down)".into(),
    );
    token(
        s,
        art::CRYSTAL,
        format!("{}", g.crystals),
        "Crystals in the supply".into(),
    );
    token(
        s,
        art::EGG,
        format!("{}", g.eggs),
        "Golden eggs (4 each; most eggs flips one to 16)".into(),
    );
    token(
        s,
        art::dragon(None),
        format!("{}", g.shadow_supply.len()),
        "Shadow dragons: wild cards, never played alone".into(),
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
    s.image(rect(735.0, 474.0, 30.0, 33.0), art::CREST, "")
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
        // Long names take two lines: at the host's 13-point floor "green ore hammer" is
        // wider than its panel, and the next panel would cover its end.
        let lines = wrap_lines(it.name(), drawn_size(16.0), 126.0, false);
        let (first_y, state_y) = if lines.len() > 1 {
            (543.0, 596.0)
        } else {
            (556.0, 586.0)
        };
        let step = line_height(drawn_size(16.0));
        for (k, line) in lines.iter().enumerate() {
            s.text_centered(
                pos(ix + 68.0, first_y + k as f32 * step),
                line.as_str(),
                16.0,
                Color::WHITE,
            );
        }
        let state = if armed {
            "in use"
        } else if used {
            "used"
        } else {
            "1 crystal"
        };
        s.text_centered(
            pos(ix + 68.0, state_y),
            state,
            16.0,
            Color::rgb(230, 220, 240),
        );
        ix += 140.0;
    }
}
