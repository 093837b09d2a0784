//! The table: the building market (with the cave decks and the villagers for hire) at the
//! top left, the other villages in a column on the right, the reputation board and the
//! encounter book under the market (an explore's page lies over all three), the viewer's
//! own village across the bottom. Nothing is hidden in this game, so every seat sees the
//! same table; only the undrawn cards of a pile stay unnamed. Each region is drawn by its
//! own module; the shared colours, counts and help texts live here.

use tavern_plugin_api::View;
use tavern_plugin_api::scene::{
    Align, CARD_TITLE_POINTS, CARD_TITLE_SHARE, Color, Highlight, Icon, ItemBuilder, Pos, Rect,
    Scene, Shape, drawn_size, line_height, pos, rect, stroke, text_block_height, text_width,
    wrap_lines,
};

use crate::art;
use crate::book::ref_name;
use crate::data::{Effect, Good, Kind, card, cave, data, villager};
use crate::labels::item_text;
use crate::model::{Ab, Phase, Stage};
use tavern_plugin_api::words::counted;

mod book;
mod market;
mod others;
pub mod village;

use book::middle;
use market::{board, market};
use others::opponent;
use village::own_board;

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

/// What a card does, in our words, for its tooltip (written once per card: the market's
/// tooltips were a quarter of a view's cost).
pub fn card_help(c: u8) -> String {
    static HELP: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    HELP.get_or_init(|| {
        (0..data().cards.len())
            .map(|c| write_card_help(c as u8))
            .collect()
    })[c as usize]
        .clone()
}

fn write_card_help(c: u8) -> String {
    let d = card(c);
    let mut parts: Vec<String> = Vec::new();
    for e in &d.effects {
        parts.push(match *e {
            Effect::Beds(n) => counted(n, "bed", "beds"),
            Effect::Income(n) => format!("+{n} income each round"),
            Effect::Vp(n) => counted(n, "village point", "village points"),
            Effect::Refill(g) => format!("1 {} on it, refilled each round", g.name()),
            Effect::Stock(n, g) => {
                format!("{} on it when built, never refilled", g.amount(n as i64))
            }
            Effect::Reputation(k) => format!("{k:+} reputation once"),
            Effect::HireToReady => "hired villagers arrive ready".into(),
            Effect::CoinAfter(a) => format!("1 coin after each {a:?}").to_lowercase(),
            Effect::Reroll(n) => format!("{} per explore", counted(n, "reroll", "rerolls")),
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
            Effect::VpPer(t, n) => format!("{} per {}", counted(n, "point", "points"), thing(t)),
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

/// The outcome just read, across the board and the book while the explorer's turn lasts.
const OUTCOME: Rect = rect(8.0, 508.0, 948.0, 196.0);

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
        // While the explorer's turn goes on, the outcome just read lies across the
        // reputation board, wide enough to be read whole.
        if !book::outcome_open(g) {
            board(&mut s, g);
        }
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
        // Whose turn it is the host says beside the status.
        Phase::Play => format!("Round {} of {}", g.round, g.rounds),
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
        let brews = g.players[v].brews;
        return format!(
            "Rest your villagers: {} left, {}",
            counted(g.beds_left, "bed", "beds"),
            counted(brews, "mystic brew", "mystic brews"),
        );
    }
    if g.turn.awaiting {
        let (o, good) = (g.turn.offer, g.players[v].for_sale);
        return match (o, good) {
            (Some(o), Some(good)) => format!(
                "{} offers {} for your {}: sell it or refuse",
                g.players[g.active as usize].name,
                crate::labels::coins_and_brews(o.coins, o.brews),
                good.name()
            ),
            _ => format!(
                "{} makes you an offer for your good: accept or refuse",
                g.players[g.active as usize].name
            ),
        };
    }
    if g.ghost_due > 0 {
        return "Put the ghost you gained on one of your buildings without a ghost".into();
    }
    if let Some(e) = &g.explore {
        return match e.stage {
            Stage::Choose => "Choose what to do in the encounter".into(),
            Stage::Assign => "Give each die to an explorer".into(),
            _ => {
                // Only what this explorer can still do.
                let mut can = Vec::new();
                if e.rerolls_left > 0 {
                    can.push("reroll a die");
                }
                if g.players[v].boats_ready > 0 {
                    can.push("turn a die into a 6 with a boat");
                }
                if !e.party.is_empty() {
                    can.push("exert an explorer (+1 lantern, injured)");
                }
                if can.is_empty() {
                    "Read the outcome".into()
                } else {
                    let mut first = crate::labels::or_list(&can);
                    if let Some(c) = first.get_mut(0..1) {
                        c.make_ascii_uppercase();
                    }
                    format!("{first}, or read the outcome")
                }
            }
        };
    }
    if g.turn.harvest > 0 {
        return format!(
            "Harvest up to {} from your buildings",
            counted(g.turn.harvest, "good", "goods")
        );
    }
    if g.turn.offer.is_some() {
        return "Build your offer (at least 3 coins and brews), then make it".into();
    }
    if g.turn.selection.len() == 1 {
        return format!(
            "Choose {}'s action, or more villagers (exploring takes two or more)",
            crate::labels::vname(g.turn.selection[0])
        );
    }
    if !g.turn.selection.is_empty() {
        return "Choose more villagers, or the action for the chosen ones".into();
    }
    if g.turn.acted {
        "Free actions, then end your turn".into()
    } else if g.players[v].ready.is_empty() {
        "No villager is ready: take free actions, then pass".into()
    } else {
        "Choose villagers for an action, take free actions, or pass".into()
    }
}

/// How a count is shown: a drawing of the game's art, or a shared icon in a colour.
type Look = Result<&'static str, (Icon, Color)>;

/// The counts in a row from `at`, `step` apart: coins, brews, pearls, reputation, boats.
fn resources(s: &mut Scene, g: &Ab, seat: usize, at: Pos, step: f32) {
    let p = &g.players[seat];
    let boats = format!(
        "{} ready, {} used",
        counted(p.boats_ready, "boat", "boats"),
        p.boats_used
    );
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

fn track_help(g: &Ab, seat: usize) -> String {
    let p = &g.players[seat];
    if p.track.is_empty() {
        return "Advancement track: empty (income 3)".into();
    }
    let parts: Vec<String> = p
        .track
        .iter()
        .enumerate()
        .map(|(i, (good, k))| format!("slot {}: {}", i + 1, good.amount(*k as i64)))
        .collect();
    format!(
        "Advancement track: {} (income {})",
        parts.join(", "),
        p.income()
    )
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
