//! The top of the table: the building market with the cave decks and the villagers for
//! hire, and the reputation board under it.

use super::*;

/// The reputation board: the round, the reputation track with every player's marker, and
/// the ingredients (the first of each good claimed scores).
pub(super) fn board(s: &mut Scene, g: &Ab) {
    let b = &data().board;
    let r = BOARD;
    s.panel(r, PANEL, BORDER)
        .tooltip("The reputation board: rounds, reputation and ingredients");
    let (x0, y0) = (r.x + 12.0, r.y + 20.0);
    s.heading(
        pos(x0, y0),
        format!("Round {} of {}", g.round, g.rounds),
        T,
        LIGHT,
    );
    for k in 1..=g.rounds {
        let fill = if k == g.round { BORDER } else { PANEL };
        s.token(
            pos(x0 + 150.0 + k as f32 * 34.0, y0),
            15.0,
            fill,
            k.to_string(),
        )
        .tooltip(format!("Round {k}"));
    }
    let cells = r.y + 42.0;
    for (i, p) in (-7i8..=7).enumerate() {
        let x = x0 + i as f32 * 32.0;
        let fill = if p == 0 {
            Color::rgb(120, 90, 40)
        } else {
            Color::rgb(80, 66, 54)
        };
        s.rect(rect(x, cells, 30.0, 40.0), fill, 4.0)
            .tooltip(format!("Reputation {p:+}: {} at the end", {
                // "-1 point": the noun follows the size, the sign stays in front.
                let v = b.reputation_vp[i];
                let sign = if v < 0 { "-" } else { "" };
                format!("{sign}{}", counted(v.abs(), "point", "points"))
            }));
        s.text_centered(
            pos(x + 15.0, cells + 20.0),
            b.reputation_vp[i].to_string(),
            16.0,
            LIGHT,
        );
        // Up to four markers under the space, two by two.
        let here = g
            .players
            .iter()
            .enumerate()
            .filter(|(_, pl)| pl.reputation == p);
        for (k, (seat, pl)) in here.enumerate() {
            let c = pos(
                x + 8.0 + (k % 2) as f32 * 14.0,
                cells + 50.0 + (k / 2) as f32 * 14.0,
            );
            s.circle(c, 6.0, Color::player(seat)).tooltip(format!(
                "{} ({}): reputation {p:+}",
                pl.name,
                Color::PLAYER_MARK[seat]
            ));
        }
    }
    // The numbers on the spaces are points, not reputation: say so under the markers.
    s.text(
        pos(x0, cells + 84.0),
        "Reputation track: the points each space scores",
        16.0,
        LIGHT,
    )
    .tooltip(
        "Your reputation moves your marker from -7 to +7; the space you end on scores its points",
    );
    let y = r.y + r.h - 36.0;
    s.heading(pos(x0, y), "Ingredients", T, LIGHT);
    for (i, g8) in Good::ALL.iter().enumerate() {
        let c = pos(x0 + 150.0 + i as f32 * 44.0, y);
        let owner = g.ingredients[g8.idx()];
        let tip = match owner {
            Some(o) => format!(
                "{}: claimed by {} ({} at the end)",
                g8.name(),
                g.players[o as usize].name,
                counted(g8.ingredient_vp(), "point", "points")
            ),
            None => format!(
                "{}: not yet claimed; the first to gain one scores {}",
                g8.name(),
                counted(g8.ingredient_vp(), "point", "points")
            ),
        };
        s.token(c, 17.0, good_colour(*g8), good_letter(*g8))
            .tooltip(tip.clone());
        if let Some(o) = owner {
            s.circle(pos(c.x + 14.0, c.y + 14.0), 7.0, Color::player(o as usize))
                .tooltip(tip);
        }
    }
}

/// The five villagers for hire, as the market's last row: the three cheapest bring a
/// ghost along, the two dearest a mystic brew.
fn hire_row(s: &mut Scene, g: &Ab) {
    let b = &data().board;
    for i in 0..5 {
        let r = market_slot(5, i);
        let cost = b.slot_costs[i];
        let ghost = i < 3;
        let (extra, edge) = if ghost {
            ("brings a ghost", Color::rgb(110, 80, 150))
        } else {
            ("+1 mystic brew", Color::rgb(60, 150, 140))
        };
        match g.slots[i] {
            Some(v) => {
                market_face(
                    s,
                    r,
                    edge,
                    (
                        &villager(v).name,
                        format!("{cost}¢ · {}", villager_short(v)),
                    ),
                    (
                        format!("slot:{i}"),
                        format!("Hire for {cost} coins ({extra}): {}", villager_help(v)),
                    ),
                    Some(art::villager_image(v)),
                );
                // What comes along, left of the villager's figure.
                let at = art::corner(r, 26.0, 30.0);
                let tip = format!("Hiring from this slot {extra}");
                if ghost {
                    s.image(at, art::GHOST, "").tooltip(tip);
                } else {
                    let c = pos(at.x + at.w / 2.0, at.y + at.h / 2.0);
                    s.icon(c, 22.0, Icon::Heart, BREW).tooltip(tip);
                }
            }
            None => {
                s.rect(r, Color::rgb(70, 60, 50), 6.0)
                    .id(format!("slot:{i}"))
                    .tooltip(format!(
                        "Empty slot ({cost} coins, {extra}); refilled at the round's end"
                    ));
                let c = pos(r.x + r.w / 2.0, r.y + r.h / 2.0);
                s.text_centered(c, format!("{cost}¢ · empty"), 16.0, LIGHT);
            }
        }
    }
}

/// Market cards are wide enough for a name on two lines at the host's smallest text (a
/// card title is one line and was cut short on a 1280x800 window): a coloured edge for
/// the kind, the name, then the cost and the good it carries.
const MW: f32 = 166.0;

const MH: f32 = 79.0;

const MSTEP: f32 = 169.0;

/// Left edge of the first market column, right of the row labels.
const MX: f32 = MARKET.x + 102.0;

/// One market face; the id and tooltip ride on the card itself (texts carry none, so
/// hovering anywhere on the card explains it).
fn market_face(
    s: &mut Scene,
    r: Rect,
    edge: Color,
    (name, value): (&str, String),
    (id, tooltip): (String, String),
    picture: Option<&str>,
) {
    s.rect(r, LIGHT, 6.0).id(id).tooltip(tooltip);
    s.rect(rect(r.x, r.y, 7.0, r.h), edge, 3.0);
    // The picture lies under the text, in the corner the value line leaves free.
    if let Some(p) = picture {
        s.image(art::corner(r, 28.0, 2.0), p, "");
    }
    s.text_block(
        rect(r.x + 10.0, r.y + 1.0, r.w - 12.0, 52.0),
        name.to_string(),
        16.0,
        Color::INK,
    );
    s.text_block(
        rect(r.x + 10.0, r.y + 53.0, r.w - 12.0, 26.0),
        value,
        16.0,
        Color::rgb(90, 60, 30),
    )
    .bold();
}

fn market_card(s: &mut Scene, r: Rect, c: u8) {
    let d = card(c);
    let value = match d.carries() {
        Some((g, _)) => format!("{}¢ · {}", d.cost, good_letter(g)),
        None => format!("{}¢", d.cost),
    };
    market_face(
        s,
        r,
        kind_colour(d.kind, d.outpost),
        (&d.name, value),
        (format!("card:{c}"), card_help(c)),
        art::building_image(c),
    );
}

/// Where the `i`-th card of a market row lies; rows are 81 units apart.
fn market_slot(row: usize, i: usize) -> Rect {
    rect(
        MX + i as f32 * MSTEP,
        MARKET.y + 6.0 + row as f32 * 81.0,
        MW,
        MH,
    )
}

pub(super) fn market(s: &mut Scene, g: &Ab) {
    s.panel(MARKET, PANEL, BORDER)
        .tooltip("Buildings for sale, the two cave decks and the villagers for hire");
    // Six rows: key houses; star houses over two rows, the cave decks after them (each
    // named as a cave deck); houses and outposts, each with its deck; the villagers for
    // hire.
    let label = |s: &mut Scene, row: f32, text: &str| {
        s.text(
            pos(MARKET.x + 10.0, MARKET.y + 6.0 + row * 81.0 + 40.0),
            text,
            T,
            LIGHT,
        );
    };
    label(s, 0.0, "Key");
    for (i, &c) in g.key_row.iter().enumerate() {
        market_card(s, market_slot(0, i), c);
    }
    label(s, 1.5, "Star");
    for (i, &c) in g.star_row.iter().enumerate() {
        market_card(s, market_slot(1 + i / 5, i % 5), c);
    }
    for (k, label_text, cards, pile, name) in [
        (3, "Houses", &g.house_row, &g.houses, "houses"),
        (4, "Outposts", &g.outpost_row, &g.outposts, "outposts"),
    ] {
        label(s, k as f32, label_text);
        for (i, &c) in cards.iter().enumerate() {
            market_card(s, market_slot(k, i), c);
        }
        let r = market_slot(k, 4);
        s.card_back(rect(r.x, r.y, 80.0, r.h), Color::rgb(90, 70, 50), pile.len().to_string())
            .id(format!("deck:{name}"))
            .tooltip(format!(
                "The {name} deck: {} cards. Pay 1 coin (once a turn) to put the row under it and draw four new",
                pile.len()
            ));
    }
    // The cave decks sit after the star houses, face up.
    for (d, dangerous) in [false, true].iter().enumerate() {
        let r = market_slot(2, 3 + d);
        let pile = if *dangerous { &g.dangerous } else { &g.basic };
        let kind = if *dangerous { "Dangerous" } else { "Basic" };
        let band = if *dangerous {
            Color::rgb(170, 40, 40)
        } else {
            Color::rgb(60, 110, 70)
        };
        match g.cave_top[d] {
            Some(c) => {
                // The deck says what it is (it sits in the star houses' second row, and
                // a cave's name read like a building's); the top card's name is in the
                // tooltip and on the page when explored.
                let title = format!("{kind} caves");
                market_face(
                    s,
                    r,
                    band,
                    (&title, format!("{} left", pile.len() + 1)),
                    (
                        format!("cavedeck:{d}"),
                        format!(
                            "{kind} cave deck, face up: {} on top. Explore numbers {}; a success here {}",
                            cave(c).name,
                            if *dangerous { "5-11" } else { "2-6" },
                            if *dangerous {
                                "also gives a pearl"
                            } else {
                                "gives the paragraph's rewards"
                            }
                        ),
                    ),
                    Some(art::cave_image(*dangerous)),
                );
            }
            None => {
                s.rect(r, Color::rgb(70, 60, 50), 6.0)
                    .id(format!("cavedeck:{d}"))
                    .tooltip(format!("{kind} cave deck: empty"));
                let text = format!("{kind} caves: none");
                let h = text_block_height(&text, 16.0, r.w - 12.0, false);
                s.add(Shape::TextBlock {
                    rect: rect(r.x + 6.0, r.y + (r.h - h) / 2.0, r.w - 12.0, h),
                    text,
                    size: 16.0,
                    color: LIGHT,
                    align: Align::Center,
                    bold: false,
                });
            }
        }
    }
    label(s, 5.0, "Hire");
    hire_row(s, g);
}
