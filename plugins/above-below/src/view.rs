//! The table: the reputation board (round, reputation, ingredients, villagers for hire) and
//! the building market at the top, opponents on the left, the encounter book page in the
//! middle (over the market while an explore is read), the viewer's own board at the bottom.
//! Nothing is hidden in this game, so every seat sees the same table; only the undrawn cards
//! of a pile stay unnamed.

use tavern_plugin_api::View;
use tavern_plugin_api::scene::{
    Align, Color, Highlight, Icon, ItemBuilder, Pos, Rect, Scene, Shape, drawn_size, line_height,
    pos, rect, stroke, text_block_height, text_width, wrap_lines,
};

use crate::art;
use crate::book::ref_name;
use crate::data::{Effect, Good, Kind, card, cave, data, villager};
use crate::labels::item_text;
use crate::model::{Ab, Building, Phase, Stage};

/// Text size of the table; the host may draw it up to 22.4 units, so lines sit 26 apart.
const T: f32 = 18.0;
/// Panels let the village behind the table show faintly through.
const PANEL: Color = Color(52, 44, 38, 208);
const BORDER: Color = Color::rgb(190, 160, 110);
const LIGHT: Color = Color::rgb(240, 232, 214);
/// The mystic brews' colour, wherever one is counted or promised.
const BREW: Color = Color::rgb(120, 200, 190);

pub fn good_colour(g: Good) -> Color {
    match g {
        Good::Rice => Color::rgb(236, 228, 200),
        Good::Crab => Color::rgb(214, 96, 64),
        Good::Clam => Color::rgb(150, 180, 200),
        Good::Tea => Color::rgb(110, 160, 80),
        Good::Nut => Color::rgb(160, 110, 60),
        Good::Thornfruit => Color::rgb(190, 70, 140),
        Good::Squidroot => Color::rgb(120, 90, 190),
        Good::Rubyfish => Color::rgb(200, 30, 60),
    }
}

/// Ink that reads on a ground of colour `c`.
fn on(c: Color) -> Color {
    let light = 299 * c.0 as u32 + 587 * c.1 as u32 + 114 * c.2 as u32;
    if light > 140_000 {
        Color::INK
    } else {
        Color::WHITE
    }
}

fn good_letter(g: Good) -> &'static str {
    match g {
        Good::Rice => "Ri",
        Good::Crab => "Cr",
        Good::Clam => "Cl",
        Good::Tea => "Te",
        Good::Nut => "Nu",
        Good::Thornfruit => "Th",
        Good::Squidroot => "Sq",
        Good::Rubyfish => "Ru",
    }
}

fn kind_colour(k: Kind, outpost: bool) -> Color {
    if outpost {
        return Color::rgb(70, 120, 150);
    }
    match k {
        Kind::Starting => Color::rgb(150, 130, 100),
        Kind::House => Color::rgb(170, 110, 60),
        Kind::Key => Color::rgb(200, 170, 40),
        Kind::Star => Color::rgb(220, 200, 90),
        Kind::Outpost => Color::rgb(70, 120, 150),
        Kind::Adventure => Color::rgb(120, 70, 140),
    }
}

/// What a card does, in our words, for its tooltip.
pub fn card_help(c: u8) -> String {
    let d = card(c);
    let mut parts: Vec<String> = Vec::new();
    for e in &d.effects {
        parts.push(match *e {
            Effect::Beds(n) => format!("{n} bed{}", if n == 1 { "" } else { "s" }),
            Effect::Income(n) => format!("+{n} income each round"),
            Effect::Vp(n) => format!("{n} village points"),
            Effect::Refill(g) => format!("1 {} on it, refilled each round", g.name()),
            Effect::Stock(n, g) => format!("{n} {} on it when built, never refilled", g.name()),
            Effect::Reputation(k) => format!("{k:+} reputation once"),
            Effect::HireToReady => "hired villagers arrive ready".into(),
            Effect::CoinAfter(a) => format!("1 coin after each {a:?}").to_lowercase(),
            Effect::Reroll(n) => format!("{n} reroll{} per explore", if n == 1 { "" } else { "s" }),
            Effect::RefillTwoGood => "each round, refill one empty two-goods house".into(),
            Effect::ReputationOnBuild => "+1 reputation on every later build".into(),
            Effect::RollFirst => "roll all explore dice first, then give them out".into(),
            Effect::Boat => "a boat once".into(),
            Effect::BrewOnLabor => "a mystic brew per laboring villager".into(),
            Effect::ReputationEachRound => "+1 reputation each round".into(),
            Effect::Brews(n) => format!("{n} mystic brews once"),
            Effect::SetsVp => "3 points per kind of good you own twice or more".into(),
            Effect::CoinWithGhost => "1 coin whenever you gain a ghost".into(),
            Effect::Track35 => "+1 point per good on track slots 3 and 5".into(),
            Effect::OutpostWithoutCave => "build outposts without an open cave".into(),
            Effect::VpPer(t, n) => format!(
                "{n} point{} per {}",
                if n == 1 { "" } else { "s" },
                thing(t)
            ),
            Effect::Lantern(n) => format!("+{n} lantern on every explore"),
        });
    }
    let cost = if d.kind == Kind::Adventure {
        format!("Adventure card {}", d.number)
    } else {
        format!(
            "{}, {} coins",
            if d.outpost && d.kind == Kind::Star {
                "star outpost"
            } else {
                d.kind.name()
            },
            d.cost
        )
    };
    let text = if d.text.is_empty() {
        String::new()
    } else {
        format!("\n{}", d.text)
    };
    format!("{} ({cost}): {}{text}", d.name, parts.join("; "))
}

fn thing(t: crate::data::Thing) -> String {
    use crate::data::Thing;
    match t {
        Thing::Good(g) => g.name().to_string(),
        Thing::Ghost => "ghost on your buildings".into(),
        Thing::Outpost => "outpost".into(),
        Thing::Brew => "mystic brew".into(),
        Thing::Villager => "villager".into(),
        Thing::House => "house of any kind".into(),
        Thing::Boat => "boat".into(),
    }
}

fn villager_help(v: u8) -> String {
    format!("{}: {}", villager(v).name, villager(v).symbols())
}

fn villager_short(v: u8) -> String {
    let d = villager(v);
    let mut s = String::new();
    if d.hammer {
        s.push('H');
    }
    if d.quill {
        s.push('Q');
    }
    if d.cat {
        s.push_str("cat ");
    }
    if d.two_at <= 6 {
        s.push_str(&format!("{}+", d.two_at));
    }
    s
}

/// The canvas: at the host's smallest scale it fits the table area of a 1024x700 window
/// (740x620 points) without a sideways scroll, and whole at 1280x800.
pub const WIDTH: f32 = 1270.0;
pub const HEIGHT: f32 = 1064.0;

/// The table's regions. The market (with the villagers for hire) and the other villages
/// share the top; the reputation board and the last book paragraph sit under the market;
/// the viewer's own village takes the whole width at the bottom.
const MARKET: Rect = rect(8.0, 8.0, 948.0, 492.0);
const OTHERS: Rect = rect(964.0, 8.0, 298.0, 696.0);
const BOARD: Rect = rect(8.0, 508.0, 508.0, 196.0);
const BOOK: Rect = rect(524.0, 508.0, 432.0, 196.0);
const OWN: Rect = rect(8.0, 712.0, 1254.0, 344.0);
/// While an explore is read, its page lies over the market, the board and the book.
const BOOK_PAGE: Rect = rect(8.0, 8.0, 948.0, 696.0);

pub fn view(g: &Ab, viewer: Option<usize>) -> View {
    let mut s = Scene::new(WIDTH, HEIGHT);
    s.image(rect(0.0, 0.0, WIDTH, HEIGHT), art::BOARD, "");
    let own = viewer.unwrap_or(g.active as usize);
    // While an explore is read, its book page lies over the market and the board.
    if g.explore.is_none() {
        market(&mut s, g);
        board(&mut s, g);
    }
    let n = g.n();
    let others: Vec<usize> = (1..n).map(|k| (own + k) % n).collect();
    let gap = 8.0;
    let h = (OTHERS.h - gap * (others.len() as f32 - 1.0)) / others.len() as f32;
    for (i, &o) in others.iter().enumerate() {
        let r = rect(OTHERS.x, OTHERS.y + i as f32 * (h + gap), OTHERS.w, h);
        opponent(&mut s, g, o, r);
    }
    middle(&mut s, g);
    own_board(&mut s, g, own);
    View {
        scene: s,
        status: status(g),
        prompt: prompt(g, viewer),
    }
}

fn status(g: &Ab) -> String {
    match g.phase {
        Phase::Setup => "Setting up".into(),
        Phase::Over => match g.outcome_if_over() {
            Some(o) => {
                let w: Vec<&str> = o
                    .winners()
                    .iter()
                    .map(|&s| g.players[s].name.as_str())
                    .collect();
                format!("Game over · {} wins", w.join(" and "))
            }
            None => "Game over".into(),
        },
        Phase::Rest => format!("Round {} of {} · resting", g.round, g.rounds),
        Phase::Play => format!(
            "Round {} of {} · {}'s turn",
            g.round, g.rounds, g.players[g.active as usize].name
        ),
    }
}

fn prompt(g: &Ab, viewer: Option<usize>) -> String {
    let Some(v) = viewer else {
        return String::new();
    };
    let Some(a) = g.actor() else {
        return String::new();
    };
    if a != v {
        return format!("Waiting for {}", g.players[a].name);
    }
    if g.phase == Phase::Rest {
        return format!(
            "Rest your villagers: {} bed(s) left, {} mystic brew(s)",
            g.beds_left, g.players[v].brews
        );
    }
    if g.turn.awaiting {
        return format!(
            "{} makes you an offer for your good: accept or refuse",
            g.players[g.active as usize].name
        );
    }
    if g.ghost_due > 0 {
        return "Put the ghost you gained on one of your buildings without a ghost".into();
    }
    if let Some(e) = &g.explore {
        return match e.stage {
            Stage::Choose => "Choose what to do in the encounter".into(),
            Stage::Assign => "Give each die to an explorer".into(),
            _ => "Reroll, use a boat or exert explorers, then accept the dice".into(),
        };
    }
    if g.turn.harvest > 0 {
        return format!(
            "Harvest up to {} good(s) from your buildings",
            g.turn.harvest
        );
    }
    if g.turn.offer.is_some() {
        return "Build your offer (at least 3 coins and brews), then make it".into();
    }
    if !g.turn.selection.is_empty() {
        return "Choose more villagers, or the action for the chosen ones".into();
    }
    if g.turn.acted {
        "Free actions, then end your turn".into()
    } else {
        "Choose villagers for an action, take free actions, or pass".into()
    }
}

/// The reputation board: the round, the reputation track with every player's marker, and
/// the ingredients (the first of each good claimed scores).
fn board(s: &mut Scene, g: &Ab) {
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
            .tooltip(format!(
                "Reputation {p:+}: {} points at the end",
                b.reputation_vp[i]
            ));
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
    let y = r.y + r.h - 36.0;
    s.heading(pos(x0, y), "Ingredients", T, LIGHT);
    for (i, g8) in Good::ALL.iter().enumerate() {
        let c = pos(x0 + 150.0 + i as f32 * 44.0, y);
        let owner = g.ingredients[g8.idx()];
        let tip = match owner {
            Some(o) => format!(
                "{}: claimed by {} ({} points at the end)",
                g8.name(),
                g.players[o as usize].name,
                g8.ingredient_vp()
            ),
            None => format!(
                "{}: not yet claimed; the first to gain one scores {}",
                g8.name(),
                g8.ingredient_vp()
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
                    (&villager(v).name, format!("{cost}¢ {}", villager_short(v))),
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

fn market(s: &mut Scene, g: &Ab) {
    s.panel(MARKET, PANEL, BORDER)
        .tooltip("Buildings for sale, the two cave decks and the villagers for hire");
    // Six rows: key houses; star houses over two rows, the cave decks after them; houses
    // and outposts, each with its deck; the villagers for hire.
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
                market_face(
                    s,
                    r,
                    band,
                    (&cave(c).name, format!("{} left", pile.len() + 1)),
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
            }
        }
    }
    label(s, 5.0, "Hire");
    hire_row(s, g);
}

/// Another player's village, compact (the host enlarges it on demand): name and sale spot,
/// the counts, the villagers and track in one line each, the goods they keep, then every
/// building as a chip with its picture, as large as the panel allows.
fn opponent(s: &mut Scene, g: &Ab, seat: usize, r: Rect) {
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

/// How a count is shown: a drawing of the game's art, or a shared icon in a colour.
type Look = Result<&'static str, (Icon, Color)>;

/// The counts in a row from `at`, `step` apart: coins, brews, pearls, reputation, boats.
fn resources(s: &mut Scene, g: &Ab, seat: usize, at: Pos, step: f32) {
    let p = &g.players[seat];
    let boats = format!("{} boats ready, {} used", p.boats_ready, p.boats_used);
    // Coins and reputation are the game's own drawings; brews and pearls the shared icons.
    let entries: [(Look, i64, &str); 4] = [
        (Ok(art::COIN), p.coins, "Coins"),
        (
            Err((Icon::Heart, BREW)),
            p.brews,
            "Mystic brews (used at the round's end to rest villagers)",
        ),
        (
            Err((Icon::Pearl, Color::rgb(230, 230, 240))),
            p.pearls as i64,
            "Pearls (score on your highest filled track slot)",
        ),
        (
            Ok(art::REPUTATION),
            p.reputation as i64,
            "Reputation (-7 to +7)",
        ),
    ];
    for (k, (look, count, tip)) in entries.into_iter().enumerate() {
        let x = at.x + k as f32 * step;
        match look {
            Ok(image) => {
                s.image(rect(x - 1.0, at.y - 12.0, 24.0, 24.0), image, "")
                    .tooltip(tip);
            }
            Err((icon, colour)) => {
                s.icon(pos(x + 11.0, at.y), 22.0, icon, colour).tooltip(tip);
            }
        }
        s.text(pos(x + 26.0, at.y), count.to_string(), 17.6, Color::WHITE)
            .tooltip(tip);
    }
    s.icon(
        pos(at.x + 4.0 * step + 11.0, at.y),
        22.0,
        Icon::Shield,
        Color::rgb(150, 190, 230),
    )
    .id(format!("boats:{seat}"))
    .tooltip(format!(
        "Boats: {boats}. A ready boat gives 1 coin, or turns an explore die into a 6"
    ));
    s.text(
        pos(at.x + 4.0 * step + 26.0, at.y),
        format!("{}/{}", p.boats_ready, p.boats_ready + p.boats_used),
        17.6,
        Color::WHITE,
    )
    .tooltip(boats);
}

/// An empty place for a token: a ring in the board's border colour.
fn empty_spot(s: &mut Scene, c: Pos, radius: f32) -> ItemBuilder<'_> {
    s.add(Shape::Circle {
        center: c,
        radius,
        fill: Color::TRANSPARENT,
        stroke: Some(stroke(2.0, BORDER)),
    })
}

fn sale_spot(s: &mut Scene, g: &Ab, seat: usize, c: Pos) {
    let p = &g.players[seat];
    match p.for_sale {
        Some(good) => {
            s.token(c, 17.0, good_colour(good), good_letter(good))
                .id(format!("sale:{seat}"))
                .tooltip(format!(
                    "For sale: 1 {}. Others may offer at least 3 coins and brews on their turn",
                    good.name()
                ));
        }
        None => {
            empty_spot(s, c, 17.0)
                .id(format!("sale:{seat}"))
                .tooltip("The sale spot: nothing for sale");
        }
    }
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

fn track_help(g: &Ab, seat: usize) -> String {
    let p = &g.players[seat];
    if p.track.is_empty() {
        return "Advancement track: empty (income 3)".into();
    }
    let parts: Vec<String> = p
        .track
        .iter()
        .enumerate()
        .map(|(i, (good, k))| format!("slot {}: {k} {}", i + 1, good.name()))
        .collect();
    format!(
        "Advancement track: {} (income {})",
        parts.join(", "),
        p.income()
    )
}

/// The book beside the reputation board: the last paragraph read, its heading and as many
/// lines as the page holds (the whole text is in its tooltip and the log).
fn middle(s: &mut Scene, g: &Ab) {
    if let Some(e) = &g.explore {
        book_page(s, g, e);
        return;
    }
    let r = BOOK;
    let Some(l) = &g.last_read else {
        s.panel(r, Color::rgb(236, 226, 200), BORDER)
            .tooltip("The encounter book: the last paragraph read");
        s.image(r.shrink(3.0), art::BOOK_PAGE, "");
        let text = "The encounter book lies open, waiting for the first explorers.";
        let w = r.w - 28.0;
        let h = text_block_height(text, T, w, false);
        s.text_block(rect(r.x + 14.0, r.y + 10.0, w, h), text, T, Color::INK);
        return;
    };
    let entry = data().book.entry((l.paragraph, 0));
    let choice = &entry.choices[l.choice as usize];
    let out = data().book.entry(choice.goto);
    let heading = format!(
        "{} · {} · {} lanterns against {}: {}",
        ref_name(choice.goto),
        choice.label,
        l.lanterns,
        choice.explore,
        if l.bonus {
            "success, bonus"
        } else if l.success {
            "success"
        } else {
            "failed"
        }
    );
    // The rewards always show; the story gives way to them when the page is full.
    let (story, received) = if l.success {
        let mut items: Vec<String> = out.reward.iter().map(|&i| item_text(i)).collect();
        if l.bonus {
            items.extend(out.bonus.iter().map(|&i| item_text(i)));
        }
        (out.text.clone(), format!("Received: {}", items.join(", ")))
    } else if out.fail.is_empty() {
        (
            "The party comes home empty-handed.".to_string(),
            String::new(),
        )
    } else {
        (out.fail.clone(), String::new())
    };
    s.panel(r, Color::rgb(236, 226, 200), BORDER)
        .tooltip(format!(
            "The encounter book, last read: {heading}\n{story}\n{received}"
        ));
    s.image(r.shrink(3.0), art::BOOK_PAGE, "");
    let w = r.w - 28.0;
    let mut y = r.y + 8.0;
    let hh = text_block_height(&heading, T, w, true);
    s.text_block(rect(r.x + 14.0, y, w, hh), heading, T, Color::INK)
        .bold();
    y += hh;
    let rh = if received.is_empty() {
        0.0
    } else {
        text_block_height(&received, T, w, true)
    };
    let (shown, h) = first_lines(&story, T, w, r.y + r.h - 8.0 - y - rh);
    s.text_block(rect(r.x + 14.0, y, w, h), shown, T, Color::INK);
    if !received.is_empty() {
        s.text_block(rect(r.x + 14.0, y + h, w, rh), received, T, Color::INK)
            .bold();
    }
}

/// As many of `text`'s wrapped lines as fit `height` (at the size the host draws `size`
/// largest), the last cut with "…" when some are left out; and their height.
fn first_lines(text: &str, size: f32, width: f32, height: f32) -> (String, f32) {
    let drawn = drawn_size(size);
    let lines = wrap_lines(text, drawn, width, false);
    let room = ((height / line_height(drawn)).floor() as usize).max(1);
    if lines.len() <= room {
        return (
            text.to_string(),
            text_block_height(text, size, width, false),
        );
    }
    let mut kept: Vec<String> = lines[..room].to_vec();
    let last = kept.last_mut().expect("room is at least one line");
    *last = elide(&format!("{last}…"), drawn, width);
    let shown = kept.join("\n");
    let h = text_block_height(&shown, size, width, false);
    (shown, h)
}

/// `text` cut short with "…" so it fits `width` at the drawn size `size`.
fn elide(text: &str, size: f32, width: f32) -> String {
    if text_width(text, size, false) <= width {
        return text.to_string();
    }
    let chars: Vec<char> = text.trim_end_matches('…').chars().collect();
    (0..chars.len())
        .rev()
        .map(|n| format!("{}…", chars[..n].iter().collect::<String>().trim_end()))
        .find(|t| text_width(t, size, false) <= width)
        .unwrap_or_else(|| "…".into())
}

fn book_page(s: &mut Scene, g: &Ab, e: &crate::model::Explore) {
    let r = BOOK_PAGE;
    s.panel(r, Color::rgb(240, 230, 206), BORDER)
        .z(20)
        .tooltip("The encounter book, read aloud by the player to the explorer's left");
    s.image(r.shrink(3.0), art::BOOK_PAGE, "").z(20);
    let seat = e.seat as usize;
    let c = cave(e.cave);
    let title = if e.paragraph == 0 {
        format!("{} explores {}", g.players[seat].name, c.name)
    } else {
        format!(
            "{} · {} explores {} ({} cave)",
            e.paragraph,
            g.players[seat].name,
            c.name,
            if c.dangerous { "dangerous" } else { "basic" }
        )
    };
    s.heading(pos(r.x + 24.0, r.y + 56.0), title, 22.0, Color::INK)
        .z(21)
        .tooltip("The paragraph's number in the encounter book, as the cave's grid die chose it");
    if e.paragraph == 0 {
        s.text(
            pos(r.x + 24.0, r.y + 92.0),
            "The die for the cave's grid is rolling...",
            T,
            Color::INK,
        )
        .z(21);
        return;
    }
    let entry = data().book.entry((e.paragraph, 0));
    let w = r.w - 48.0;
    let th = text_block_height(&entry.text, 20.0, w, false);
    s.text_block(
        rect(r.x + 24.0, r.y + 80.0, w, th),
        entry.text.clone(),
        20.0,
        Color::INK,
    )
    .z(21);
    // Below the page's curved top edge, which dips to the spine.
    let mut y = r.y + 92.0 + th;
    // The choices as the reader reads them: the words in capitals, the explore number, what
    // must be paid or held; never the rewards.
    let labels: Vec<String> = entry
        .choices
        .iter()
        .map(|ch| {
            let mut extra = String::new();
            if !ch.cost.is_empty() {
                let v: Vec<String> = ch.cost.iter().map(|&x| item_text(x)).collect();
                extra.push_str(&format!(" · pay {}", v.join(", ")));
            }
            for &n in &ch.needs {
                if let crate::book::Item::Adventure(k) = n
                    && let Some(c) = data().adventure(k)
                {
                    extra.push_str(&format!(" · with {}", card(c).name));
                }
            }
            format!("{} — explore {}{extra}", ch.label, ch.explore)
        })
        .collect();
    let bh = labels
        .iter()
        .map(|l| text_block_height(l, 18.0, 430.0, true))
        .fold(46.0, f32::max)
        + 12.0;
    for (i, ch) in entry.choices.iter().enumerate() {
        let br = rect(r.x + 20.0 + i as f32 * 460.0, y, 450.0, bh);
        let chosen = e.choice == Some(i as u8);
        // A choice the explorer cannot take (a cost it cannot pay, a card it does not hold)
        // is still read out, as the book prints it, but greyed.
        let open = g.can_choose(seat, ch);
        let fill = if chosen {
            Color::rgb(120, 60, 40)
        } else if open {
            Color::rgb(90, 70, 50)
        } else {
            Color::rgb(130, 122, 112)
        };
        s.rect(br, fill, 8.0)
            .z(21)
            .id(format!("choice:{i}"))
            .highlight(if chosen {
                Highlight::Selected
            } else {
                Highlight::None
            })
            .tooltip(format!(
                "{}; the rewards are read only after the choice{}",
                labels[i],
                if open || chosen {
                    ""
                } else {
                    " (not open to this explorer)"
                }
            ));
        s.add(Shape::TextBlock {
            rect: rect(br.x + 10.0, br.y + 6.0, br.w - 20.0, bh - 6.0),
            text: labels[i].clone(),
            size: 18.0,
            color: Color::WHITE,
            align: Align::Left,
            bold: true,
        })
        .z(22);
    }
    y += bh + 22.0;
    // The explorers on the cave card, each with its die as it was rolled.
    let explorers: Vec<u8> = e.party.iter().chain(&e.exerted).copied().collect();
    let step = ((r.w - 40.0) / explorers.len().max(1) as f32).min(150.0);
    for (i, &v) in explorers.iter().enumerate() {
        let x = r.x + 20.0 + step / 2.0 + i as f32 * step;
        let die = e.dice.iter().position(|d| d.villager == Some(v));
        let exerted = e.exerted.contains(&v);
        let cw = (step - 8.0).min(100.0);
        // The name goes under the card, wrapped: in a card's title band it was clipped at
        // the host's smallest text.
        s.card(
            rect(x - cw / 2.0, y, cw, 56.0),
            if exerted {
                Color::rgb(220, 160, 150)
            } else {
                LIGHT
            },
            Some(Color::rgb(80, 120, 80)),
            "",
            villager_short(v),
        )
        .z(21)
        .id(format!("villager:{v}"))
        .tooltip(format!(
            "{}{}",
            villager_help(v),
            if exerted {
                " (exerted: +1 lantern, injured)"
            } else {
                ""
            }
        ));
        let name = &villager(v).name;
        s.add(Shape::TextBlock {
            rect: rect(
                x - step / 2.0 + 2.0,
                y + 58.0,
                step - 4.0,
                text_block_height(name, 16.0, step - 4.0, false),
            ),
            text: name.clone(),
            size: 16.0,
            color: Color::INK,
            align: Align::Center,
            bold: false,
        })
        .z(21);
        if let Some(d) = die {
            let face = e.dice[d].face;
            let l = villager(v).lanterns(face) + exerted as u8;
            s.die(pos(x, y + 140.0), 56.0, 6, face, Color::WHITE)
                .z(21)
                .id(format!("die:{d}"))
                .tooltip(format!(
                    "{} rolled {face}: {} lantern(s){}",
                    villager(v).name,
                    villager(v).lanterns(face),
                    if exerted { ", +1 for exerting" } else { "" }
                ));
            let text = if step >= 130.0 {
                format!("{l} lantern{}", if l == 1 { "" } else { "s" })
            } else {
                format!("+{l}")
            };
            s.text_centered(pos(x, y + 190.0), text, T, Color::INK)
                .z(21);
        }
    }
    // Dice rolled first and not yet given out.
    for (d, die) in e
        .dice
        .iter()
        .enumerate()
        .filter(|(_, d)| d.villager.is_none())
    {
        let x = r.x + 60.0 + d as f32 * 80.0;
        s.die(
            pos(x, y + 218.0),
            56.0,
            6,
            die.face,
            Color::rgb(250, 240, 200),
        )
        .z(21)
        .id(format!("die:{d}"))
        .tooltip(format!(
            "A die showing {}, not yet given to an explorer",
            die.face
        ));
    }
    if let Some(o) = e.choice {
        let ch = &entry.choices[o as usize];
        let have = e.lanterns(g.lantern_bonus(seat));
        let line = format!(
            "Lanterns {have} of {} needed (bonus at {}) · rerolls left {} · boats ready {}",
            ch.explore,
            ch.explore + 2,
            e.rerolls_left,
            g.players[seat].boats_ready
        );
        let y = r.y + r.h - 70.0;
        s.image(rect(r.x + 16.0, y - 15.0, 30.0, 30.0), art::LANTERN, "")
            .z(21);
        s.text(pos(r.x + 52.0, y), line, T, Color::INK).z(21);
        if e.stage == Stage::Adjust {
            let br = rect(r.x + r.w - 260.0, r.y + r.h - 50.0, 240.0, 40.0);
            s.rect(br, Color::rgb(60, 110, 70), 8.0)
                .z(21)
                .id("book:accept")
                .tooltip("Let the dice stand and read the outcome");
            s.text_centered(
                pos(br.x + br.w / 2.0, br.y + 20.0),
                "Read the outcome",
                T,
                Color::WHITE,
            )
            .z(22);
        }
    }
}

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
    let corner = art::corner(r, pic, 2.0);
    if let Some(p) = f.picture {
        s.image(corner, p, "");
    }
    if f.ghost {
        // Left of the picture, on the same line.
        let at = rect(corner.x - pic - 2.0, corner.y, pic, pic);
        s.image(at, art::GHOST, "")
            .tooltip("A ghost haunts it: -1 reputation each round");
    }
    // The value keeps clear of the picture, and of the ghost when there is one.
    let right = if f.ghost {
        2.0 * pic + 18.0
    } else {
        pic + 16.0
    };
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
        // The fullest: one line beside the picture, the value first so it never goes.
        let text = if f.value.is_empty() {
            f.name
        } else {
            format!("{} · {}", f.value, f.name)
        };
        let text = elide(&text, drawn_size(16.0), r.w - right);
        s.text_block(
            rect(x, r.y + (r.h - line) / 2.0, r.w - right, line),
            text,
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
            let value = match d.carries() {
                Some((g8, _)) if b.goods > 0 => format!("{} {}", b.goods, good_letter(g8)),
                _ => String::new(),
            };
            Face {
                name: d.name.clone(),
                value,
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
    faces.extend(p.caves.iter().map(|c| {
        let d = cave(c.cave);
        Face {
            name: d.name.clone(),
            value: if c.covered { "outpost" } else { "open" }.into(),
            edge: if d.dangerous {
                Color::rgb(170, 40, 40)
            } else {
                Color::rgb(60, 110, 70)
            },
            picture: Some(art::cave_image(d.dangerous)),
            ghost: false,
            id: None,
            tooltip: format!(
                "Cave {} ({}){}",
                d.name,
                if d.dangerous { "dangerous" } else { "basic" },
                if c.covered {
                    ", an outpost stands on it"
                } else {
                    ", open for an outpost"
                }
            ),
        }
    }));
    faces.extend(p.adventures.iter().map(|&c| Face {
        name: card(c).name.clone(),
        value: String::new(),
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
fn own_board(s: &mut Scene, g: &Ab, seat: usize) {
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
        let tip = format!("{k} {} in your supply", good.name());
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

/// Ready, exhausted and injured areas, each villager a card with its figure.
fn villager_areas(s: &mut Scene, g: &Ab, seat: usize) {
    let p = &g.players[seat];
    let x = OWN.x + 12.0;
    let areas: [(&str, &Vec<u8>, f32, f32, Color); 3] = [
        ("Ready", &p.ready, x, 206.0, Color::rgb(70, 100, 70)),
        (
            "Exhausted",
            &p.exhausted,
            x + 214.0,
            140.0,
            Color::rgb(70, 70, 100),
        ),
        (
            "Injured",
            &p.injured,
            x + 362.0,
            140.0,
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
            s.card(
                vr,
                LIGHT,
                Some(Color::rgb(80, 120, 80)),
                villager(v).name.clone(),
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
        .id(format!("track:{seat}"))
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
            "Slot {}: {} point(s) per good at the end; income {} while it is the rightmost filled slot",
            i + 1,
            b.track_vp[i],
            b.track_income[i]
        ));
        let c = pos(cx, y + 38.0);
        match p.track.get(i) {
            Some((good, k)) => {
                s.token(c, 21.0, good_colour(*good), format!("{k}"))
                    .tooltip(format!("Slot {}: {k} {}", i + 1, good.name()));
            }
            None => {
                empty_spot(s, c, 21.0).tooltip(format!("Slot {}: empty", i + 1));
            }
        }
    }
    y + 88.0
}

/// The turn's buttons sit in the own village's header, at its right end.
const BUTTON_X: f32 = OWN.x + OWN.w - 150.0;
const BUTTON_Y: f32 = OWN.y + 4.0;

fn turn_buttons(s: &mut Scene, g: &Ab, seat: usize) {
    if g.actor() == Some(seat) && g.phase == Phase::Play && g.explore.is_none() {
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
    if g.phase == Phase::Rest && g.actor() == Some(seat) {
        let br = rect(BUTTON_X, BUTTON_Y, 140.0, 32.0);
        s.rect(br, Color::rgb(90, 70, 50), 6.0)
            .id("button:end")
            .tooltip("Done resting");
        s.text_centered(pos(br.x + 70.0, br.y + 16.0), "Done", T, Color::WHITE);
    }
}
