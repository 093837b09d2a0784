//! The table: the magic book and display in the middle, the supply beside it, opponents
//! along the top and the viewer's own area at the bottom. Nothing hidden from the viewer
//! is drawn: other hands show as a count, others' amulet values and pearl values as "?",
//! page cards only by their visible back.

use tavern_plugin_api::View;
use tavern_plugin_api::scene::{
    Color, Highlight, Scene, drawn_size, line_height, pos, rect, wrap_lines,
};
use tavern_plugin_api::words::counted;

use crate::art;
use crate::cards::{TEXT, back, back_fill, face};
use crate::data::{Back, Colour, card, card_name, data, rewards_text};
use crate::model::{Dk, Item, Page, Phase};
use crate::player_view::player_area;

/// The canvas: at the host's smallest scale it fits beside the log in a 1024×700 window
/// (740×620 points), so that window needs no sideways scroll.
pub(crate) const WIDTH: f32 = 1270.0;
pub(crate) const HEIGHT: f32 = 1066.0;
/// The three bands: opponents, the book and supply, the viewer's own area.
const TOP_H: f32 = 282.0;
const MID_Y: f32 = 298.0;
const MID_H: f32 = 370.0;
const OWN_Y: f32 = 676.0;

pub fn view(g: &Dk, viewer: Option<usize>) -> View {
    let mut s = Scene::new(WIDTH, HEIGHT);
    s.image(rect(0.0, 0.0, WIDTH, HEIGHT), art::CAVE, "");
    let n = g.n();
    let own = viewer.unwrap_or(match g.phase {
        Phase::Completing(c) => c,
        _ => g.active,
    });
    // Opponents across the top, clockwise from the viewer.
    let others: Vec<usize> = (1..n).map(|k| (own + k) % n).collect();
    let w = (WIDTH - 10.0) / others.len() as f32;
    for (i, &seat) in others.iter().enumerate() {
        let r = rect(10.0 + i as f32 * w, 8.0, w - 10.0, TOP_H);
        player_area(&mut s, g, seat, r, viewer);
        // Three or four players share the top: each compact area can be seen larger.
        if others.len() > 1 {
            s.enlargeable(r, format!("{}'s area", g.players[seat].name));
        }
    }
    book(&mut s, g);
    supply(&mut s, g, viewer);
    let own_area = rect(10.0, OWN_Y, WIDTH - 20.0, HEIGHT - OWN_Y - 8.0);
    player_area(&mut s, g, own, own_area, viewer);
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
        // Whose turn it is the host says beside the status.
        Phase::Turn => format!("Turn {} · {am}{ending}", g.turn),
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
    let colour = g.book_colour().map(Colour::name).unwrap_or("?");
    let ask = format!(
        "the book asks for exactly {}",
        counted(
            g.needed(),
            &format!("{colour} dragon"),
            &format!("{colour} dragons")
        )
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

/// "1 card on this page", "12 cards on this page".
fn cards_on_page(n: usize) -> String {
    format!("{} on this page", counted(n, "card", "cards"))
}

fn book(s: &mut Scene, g: &Dk) {
    let area = rect(10.0, MID_Y, BOOK_W, MID_H);
    let y = MID_Y;
    s.panel(area, Color::rgb(70, 52, 40).with_alpha(232), Color::rgb(200, 170, 120))
        .tooltip("The magic book: the backs on top of the two pages say how many cards of which colour may be laid out");
    s.image(rect(14.0, y + 36.0, BOOK_W - 8.0, 206.0), art::BOOK, "");
    s.heading(pos(30.0, y + 22.0), "Magic book", 22.0, Color::PAPER);
    let n = g.book_number();
    let colour = g.book_colour();
    // Under the book, the reward on lines of its own: the longest ("highest amulet piece
    // + highest amulet piece + golden egg") is wider than the panel on one.
    s.text(
        pos(30.0, y + 278.0),
        format!(
            "Lay out exactly {n} {}",
            colour.map(Colour::name).unwrap_or("?")
        ),
        TEXT,
        Color::PAPER,
    )
    .tooltip("What a play needs now");
    let step = line_height(drawn_size(TEXT));
    let mut line_y = y + 302.0;
    let reward = format!("Reward: {}", rewards_text(n));
    for line in wrap_lines(&reward, drawn_size(TEXT), BOOK_W - 40.0, false) {
        s.text(pos(30.0, line_y), line, TEXT, Color::PAPER)
            .tooltip("What a play earns now");
        line_y += step;
    }
    for p in Page::BOTH {
        let x = 30.0 + p.idx() as f32 * PAGE_STEP;
        let page = &g.pages[p.idx()];
        let r = rect(x, y + 50.0, 120.0, 182.0);
        let (back_text, tip) = match page.last().map(|sl| card(sl.card).back) {
            Some(Back::Number(k)) => (
                format!("{k}"),
                format!(
                    "Left page: lay out exactly {}. Reward: {}. {}.",
                    counted(k, "card", "cards"),
                    rewards_text(k),
                    cards_on_page(page.len())
                ),
            ),
            Some(Back::Colour(c)) => (
                c.name().to_string(),
                format!(
                    "Right page: lay out {} dragons. {}.",
                    c.name(),
                    cards_on_page(page.len())
                ),
            ),
            _ => (String::new(), "An empty page".to_string()),
        };
        let fill = page
            .last()
            .map_or(Color::GREY, |sl| back_fill(card(sl.card).back));
        if page.len() > 1 {
            s.rect(
                rect(x + 6.0, y + 56.0, 120.0, 182.0),
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
            pos(x + 60.0, y + 256.0),
            format!("{} cards", page.len()),
            TEXT,
            Color::PAPER,
        );
        let dr = rect(x + 140.0, y + 60.0, 120.0, 168.0);
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
        s.text_centered(pos(x + 200.0, y + 256.0), "Display", TEXT, Color::PAPER);
    }
    if g.early_end {
        s.text(
            pos(30.0, line_y),
            "A page is down to one card: this turn is the last",
            TEXT,
            Color::rgb(255, 210, 120),
        );
    }
}

/// The book's width; the supply fills the rest of the middle band.
const BOOK_W: f32 = 600.0;
/// From one page's pile to the next.
const PAGE_STEP: f32 = 290.0;

fn supply(s: &mut Scene, g: &Dk, viewer: Option<usize>) {
    let d = data();
    let x0 = 20.0 + BOOK_W;
    let y0 = MID_Y;
    let area = rect(x0, y0, WIDTH - 10.0 - x0, MID_H);
    s.panel(
        area,
        Color::rgb(30, 55, 48).with_alpha(232),
        Color::rgb(140, 190, 170),
    )
    .tooltip("The supply");
    s.heading(
        pos(x0 + 20.0, y0 + 22.0),
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
    // Eight values at most (1 to 20): they fit one row of the narrower panel.
    let step = ((area.w - 80.0) / values.len().max(1) as f32).min(74.0);
    for (k, &(v, cnt)) in values.iter().enumerate() {
        let c = pos(x0 + 40.0 + k as f32 * step, y0 + 68.0);
        art::piece(s, c, 26.0, format!("{v}")).tooltip(format!(
            "{} worth {v}",
            counted(cnt, "amulet piece", "amulet pieces")
        ));
        s.text_centered(pos(c.x, y0 + 110.0), format!("×{cnt}"), TEXT, Color::PAPER);
    }
    let red = (0..d.red_pearls)
        .filter(|&i| g.pearl_supply & (1 << i) != 0)
        .count();
    let blue = g.pearl_supply.count_ones() as usize - red;
    let y = y0 + 156.0;
    let mut x = x0 + 30.0;
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
    s.image(rect(x0 + 15.0, y0 + 186.0, 30.0, 33.0), art::CREST, "")
        .tooltip("Crests: the best one left goes to whoever first has all four colours laid out");
    s.text(
        pos(x0 + 52.0, y0 + 202.0),
        format!("Crests: {crest_text}"),
        TEXT,
        Color::PAPER,
    );
    // Magic chests: three to a row, two rows, so each name reads on one line.
    let present: Vec<Item> = Item::ALL.into_iter().filter(|&it| g.has_item(it)).collect();
    let iw = (area.w - 30.0 - 2.0 * 6.0) / 3.0;
    for (k, &it) in present.iter().enumerate() {
        let armed = g.step.armed & it.bit() != 0;
        let used = viewer.is_some_and(|v| g.players[v].items_used & it.bit() != 0);
        let ix = x0 + 15.0 + (k % 3) as f32 * (iw + 6.0);
        let iy = y0 + 232.0 + (k / 3) as f32 * 66.0;
        let r = rect(ix, iy, iw, 60.0);
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
        s.text_centered(pos(ix + iw / 2.0, iy + 18.0), it.name(), 16.0, Color::WHITE);
        let state = if armed {
            "in use"
        } else if used {
            "used"
        } else {
            "1 crystal"
        };
        s.text_centered(
            pos(ix + iw / 2.0, iy + 43.0),
            state,
            16.0,
            Color::rgb(230, 220, 240),
        );
    }
}
