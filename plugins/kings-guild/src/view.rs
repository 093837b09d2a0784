//! The table at 1220x1064 canvas units (it fits beside the log in a 1024x700 window at
//! the host's smallest scale): opponents across the top, the quest board, the specialist
//! row with the decks beside it, the supply in a strip, the viewer's guild at the
//! bottom. Hidden things stay hidden: other hands show only how many cards of each
//! colour (the backs are coloured), the shared quest's draws only to their drawer,
//! bids and (during the funeral) others' coins not at all.

use tavern_plugin_api::View;
use tavern_plugin_api::scene::{
    Color, Highlight, ItemBuilder, Rect, Scene, drawn_size, line_height, pos, rect,
};
use tavern_plugin_api::words::counted;

use crate::art;
use crate::data::{Colour, RES, RES_NAMES, Space, data, quest, room_def, spec, treasure};
use crate::model::{EMPTY, Kg, Loc, Pending, Phase, QCard};

use crate::help::{block_height, room_base, spec_base};
pub use crate::help::{room_help, spec_help, treasure_help};

/// The smallest text on the table: 17 units read as about 13.6 pt at 1280x800.
pub const SMALL: f32 = 17.0;
pub const TEXT: f32 = 19.0;

/// Panels lie over the street backdrop, dark enough that white text keeps its contrast
/// while the street still shows through.
const PANEL: Color = Color(30, 44, 40, 200);
const PANEL_EDGE: Color = Color::rgb(90, 110, 100);

pub fn res_colour(r: usize) -> Color {
    [
        Color::rgb(196, 160, 220),
        Color::rgb(150, 100, 60),
        Color::rgb(160, 168, 178),
        Color::rgb(110, 150, 70),
        Color::rgb(220, 60, 90),
        Color::rgb(90, 110, 230),
    ][r]
}

pub fn treasure_colour(c: Colour) -> Color {
    match c {
        Colour::Blue => Color::rgb(70, 120, 200),
        Colour::Red => Color::rgb(190, 60, 60),
        Colour::Yellow => Color::rgb(220, 180, 50),
    }
}

/// Whether `viewer` may see seat `s`'s coins now (they are hidden during the funeral).
fn coins_visible(g: &Kg, viewer: Option<usize>, s: usize) -> bool {
    viewer == Some(s) || !matches!(g.pending.front(), Some(Pending::Funeral { .. }))
}

/// The canvas: 1220 x 0.58 (the host's smallest scale) is about 708 points, the table's
/// width beside the log at 1024x700; 1064 x 0.58 is about 617 of its 620 points height.
pub const WIDTH: f32 = 1220.0;
pub const HEIGHT: f32 = 1064.0;

pub fn view(g: &Kg, viewer: Option<usize>) -> View {
    let mut s = Scene::new(WIDTH, HEIGHT);
    s.background = Color::rgb(40, 58, 52);
    s.image(rect(0.0, 0.0, WIDTH, HEIGHT), art::BOARD, "");
    let n = g.n();
    let own = viewer.unwrap_or(g.active);
    let others: Vec<usize> = (1..n).map(|k| (own + k) % n).collect();
    let inner = WIDTH - 12.0;
    if others.is_empty() {
        solo_panel(&mut s, g, own, rect(6.0, 6.0, inner, 186.0));
    } else {
        let w = ((inner + 8.0) / others.len() as f32).floor();
        for (i, &seat) in others.iter().enumerate() {
            opponent(
                &mut s,
                g,
                seat,
                viewer,
                rect(6.0 + i as f32 * w, 6.0, w - 8.0, 186.0),
            );
        }
    }
    // A quest's name may take three lines where six spaces share the width.
    quests(&mut s, g, rect(6.0, 197.0, inner, 212.0));
    specialists(&mut s, g, viewer, rect(6.0, 414.0, inner, 192.0));
    supply(&mut s, g, rect(6.0, 611.0, inner, 62.0));
    own_area(&mut s, g, own, viewer, rect(6.0, 678.0, inner, 380.0));
    View {
        scene: s,
        status: status(g),
        prompt: prompt(g, viewer),
    }
}

/// The solo game's reminders where opponents would sit: what leaves the table and when,
/// and the score so far against the titles.
fn solo_panel(s: &mut Scene, g: &Kg, seat: usize, r: Rect) {
    s.panel(r, PANEL, PANEL_EDGE);
    s.heading(
        pos(r.x + 12.0, r.y + 18.0),
        "The solo game",
        SMALL,
        Color::rgb(240, 220, 160),
    );
    let left = 720.0;
    let rules = "Each turn ends with a new quest at the left, the row moving right; while all six \
                 spaces are full, the right-most quest without your sigil leaves first. After an \
                 expand action the right-most specialist leaves. No discounts; you may buy two \
                 things in one expand.";
    let h = block_height(rules, SMALL, left);
    s.text_block(
        rect(r.x + 12.0, r.y + 34.0, left, h.min(r.h - 40.0)),
        rules,
        SMALL,
        Color::WHITE,
    );
    let x = r.x + left + 40.0;
    let w = r.x + r.w - 12.0 - x;
    let total: i64 = g.score_lines(seat).iter().map(|l| l.1).sum();
    let (words, tip) = if g.phase == Phase::Over {
        ("Final prestige", "Your final score and its title")
    } else {
        (
            "Prestige now",
            "Your score if the game ended now, before any offering to the Council",
        )
    };
    s.text(
        pos(x, r.y + 18.0),
        fit_text(&format!("{words}: {total} ({})", Kg::solo_title(total)), w),
        SMALL,
        Color::WHITE,
    )
    .bold()
    .tooltip(tip);
    for (i, (min, title)) in data().setup.titles.iter().enumerate() {
        let next = data().setup.titles.get(i + 1).map(|t| t.0 - 1);
        let range = match next {
            Some(hi) => format!("{min}–{hi}"),
            None => format!("{min} or more"),
        };
        s.text(
            pos(x, r.y + 48.0 + i as f32 * 27.0),
            fit_text(&format!("{title}: {range}"), w),
            SMALL,
            Color::rgb(220, 220, 210),
        );
    }
}

/// "Blue" for "blue".
fn capital(t: &str) -> String {
    let mut c = t.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// A seat's coins as shown ("?" while they are hidden at the funeral).
fn counted_coins(coins: &str) -> String {
    format!("{coins} {}", if coins == "1" { "coin" } else { "coins" })
}

fn status(g: &Kg) -> String {
    match g.phase {
        Phase::Setup => "Setting up".into(),
        Phase::Over => "The game is over".into(),
        Phase::Play => {
            // Whose turn it is the host says beside the status.
            let mut t = format!("Turn {}", g.turn_no);
            if matches!(g.pending.front(), Some(Pending::Funeral { .. })) {
                t.push_str(" · The King's Funeral");
            }
            if g.final_turn() {
                t.push_str(" · final turns");
            }
            t
        }
    }
}

fn prompt(g: &Kg, viewer: Option<usize>) -> String {
    let Some(v) = viewer else {
        return String::new();
    };
    let deciders = g.deciders();
    if !deciders.contains(&v) {
        let names: Vec<&str> = deciders
            .iter()
            .map(|&d| g.players[d].name.as_str())
            .collect();
        return if names.is_empty() {
            String::new()
        } else {
            format!("Waiting for {}", names.join(", "))
        };
    }
    if let Some((who, l)) = g.limit_violator() {
        // How far over, so the player knows how many to let go.
        let p = &g.players[who];
        return match l {
            crate::rules::Limit::Storage => {
                let (held, limit) = (p.stored() as usize, p.storage_limit() as usize);
                format!(
                    "Storage {held} of {limit}: discard {} to the supply",
                    counted(held.saturating_sub(limit), "resource", "resources")
                )
            }
            crate::rules::Limit::Hand => {
                let (held, limit) = (p.hand.len(), p.hand_limit());
                format!(
                    "Hand {held} of {limit}: sell {}",
                    counted(held.saturating_sub(limit), "treasure", "treasures")
                )
            }
        };
    }
    match g.pending.front() {
        Some(Pending::Funeral { .. }) => format!(
            "The King's Funeral: bid coins in secret for the King's Statue (you have {})",
            counted(g.players[v].coins as usize, "coin", "coins")
        ),
        Some(Pending::Keep { .. }) => {
            "Shared quest: keep one treasure, the other is passed on".into()
        }
        Some(Pending::Toss { n, .. }) => format!(
            "Discard {} from your hand",
            counted(*n as usize, "treasure", "treasures")
        ),
        Some(Pending::Colours { n, why, .. }) => match why {
            crate::model::Why::Starfall => {
                "Starfall Syndicate: choose the colour of your starting treasure".into()
            }
            crate::model::Why::Replace => {
                "That colour has run out: choose another colour to draw".into()
            }
            _ => format!(
                "{}: choose the colour of {} to draw",
                crate::applied::why_words(*why),
                match n {
                    1 => "the treasure".to_string(),
                    n => format!("each of {n} treasures"),
                }
            ),
        },
        Some(Pending::HeroPay { colour, .. }) => format!(
            "{}: pay 1 coin for a {} treasure?",
            crate::data::hero_spec_name(*colour),
            colour.name()
        ),
        Some(Pending::Appraiser { .. }) => {
            "Appraiser: draw one more treasure (then discard one)?".into()
        }
        Some(Pending::PlentyNext { .. }) => "Scroll of Plenty: take 1 resource".into(),
        Some(Pending::WondersNext { .. }) => "Scroll of Wonders: pay 1 coin for a treasure?".into(),
        Some(Pending::Hire { .. }) => "Contract: hire a specialist".into(),
        Some(Pending::Extra { kind, .. }) => match kind {
            crate::data::ExtraKind::Gather => "Dealer: take your extra gather action".into(),
            crate::data::ExtraKind::Craft => "Craftswoman: take your extra craft action".into(),
        },
        Some(Pending::PlaceSpec { .. }) => "Overseer: place the free specialist".into(),
        Some(Pending::PlaceRoom { room, .. }) => format!("Place the {}", room_def(*room).name),
        Some(Pending::Curator { .. }) => "Curator: buy relics from the discard piles".into(),
        Some(Pending::Alchemist { .. }) => "Alchemist: trade resources".into(),
        Some(Pending::Smuggler { .. }) => "Smuggler: steal a resource".into(),
        Some(Pending::Witch { .. }) => "Witch: take a one-item quest".into(),
        Some(Pending::Warlock { .. }) => "Warlock: destroy a scroll for both halves?".into(),
        Some(Pending::Thug { .. }) => "Thug: move the Thug to a quest?".into(),
        Some(Pending::StartBonus { .. }) => "Take your guild's starting resources".into(),
        Some(Pending::Draw { .. }) => String::new(),
        None if g.turn.acted => {
            // An expand goes on until the turn ends: say what it may still add.
            let acts = g.actions(v);
            let build = acts
                .iter()
                .any(|a| matches!(a, crate::action::Action::Build { .. }));
            let hire = acts
                .iter()
                .any(|a| matches!(a, crate::action::Action::Hire { .. }));
            match (build, hire) {
                (true, true) => "You may still build a room or hire a specialist; play or sell \
                                 treasures, or end your turn"
                    .into(),
                (true, false) => "You may still build a room; play or sell treasures, or end \
                                  your turn"
                    .into(),
                (false, true) => "You may still hire a specialist; play or sell treasures, or \
                                  end your turn"
                    .into(),
                (false, false) => "Play or sell treasures, or end your turn".into(),
            }
        }
        None if g.final_turn() && g.actions(v).contains(&crate::action::Action::Offer) => {
            "Your last turn: gather, craft, expand or make an offering to the Council \
             (treasures any time)"
                .into()
        }
        None if g.final_turn() => {
            "Your last turn: gather, craft or expand (treasures any time)".into()
        }
        None => "Gather, craft or expand (treasures any time)".into(),
    }
}

/// Resource counts as pictures (a bolt of cloth, a hide, ingots, logs, a gem, a flask),
/// each with its name on hover.
fn res_row(s: &mut Scene, x: f32, y: f32, res: &[u8; RES], id: Option<usize>) -> f32 {
    res_row_in(s, x, y, res, id, RES_STEP)
}

/// The supply's row: smaller pictures, so the glow of a gatherable one stays clear of
/// the master rooms' second line below it.
fn supply_row(s: &mut Scene, x: f32, y: f32, res: &[u8; RES]) -> f32 {
    res_row_sized(s, x, y, res, Some(usize::MAX), RES_STEP, 24.0)
}

/// The distance between two resources of a row that may glow as targets: the host's
/// glow rings picture and count together, clear of the next one's ring.
pub const RES_STEP: f32 = 58.0;

/// A resource row whose entries are `step` apart (narrow opponent panels draw smaller
/// pictures, so the count keeps its room before the next one).
fn res_row_in(s: &mut Scene, x: f32, y: f32, res: &[u8; RES], id: Option<usize>, step: f32) -> f32 {
    res_row_sized(s, x, y, res, id, step, 30.0)
}

fn res_row_sized(
    s: &mut Scene,
    x: f32,
    y: f32,
    res: &[u8; RES],
    id: Option<usize>,
    step: f32,
    largest: f32,
) -> f32 {
    use tavern_plugin_api::scene::text_width;
    let mut x = x;
    let icon = (step - 19.0).min(largest);
    for r in 0..RES {
        let count = format!("{}", res[r]);
        let tip = format!("{}: {}", RES_NAMES[r], res[r]);
        // A target is the picture with its count, so the glow goes round both.
        let target = match id {
            Some(usize::MAX) => Some(format!("stock:{r}")),
            Some(seat) => Some(format!("res:{seat}:{r}")),
            None => None,
        };
        if let Some(t) = target {
            let w = icon + 3.0 + text_width(&count, drawn_size(SMALL), false) + 2.0;
            s.rect(
                rect(x - 1.0, y - icon / 2.0 - 1.0, w + 1.0, icon + 2.0),
                Color(0, 0, 0, 0),
                4.0,
            )
            .id(t)
            .tooltip(tip.clone());
        }
        s.image(
            rect(x, y - icon / 2.0, icon, icon),
            art::RESOURCE[r],
            RES_NAMES[r],
        )
        .tooltip(tip);
        s.text(pos(x + icon + 3.0, y), count, SMALL, Color::WHITE);
        x += step;
    }
    x
}

fn hand_counts(p: &crate::model::Player) -> [usize; 3] {
    let mut c = [0; 3];
    for &k in &p.hand {
        c[treasure(k).colour.idx()] += 1;
    }
    c
}

fn opponent(s: &mut Scene, g: &Kg, seat: usize, viewer: Option<usize>, r: Rect) {
    let p = &g.players[seat];
    let d = data();
    let active = seat == g.active && g.phase == Phase::Play;
    let summary = player_summary(g, seat, viewer);
    s.panel(r, PANEL, Color::player(seat))
        .highlight(if active {
            Highlight::Active
        } else {
            Highlight::None
        })
        .tooltip(summary);
    // The host shows the whole panel larger on hover or click.
    s.enlargeable(r, format!("{}'s guild", p.name));
    // Wide panels (up to three opponents) show the guild's grid in small at the top right;
    // narrow ones a smaller grid at the bottom right (readable when enlarged), beside
    // the last lines, which give way to it.
    let wide = r.w >= 480.0;
    let compact = GridSize {
        cell: (20.0, 16.0),
        top: 12.0,
        gap: 2.0,
    };
    let low = r.w - 20.0 - if wide { 0.0 } else { compact.width() + 8.0 };
    let fit = |t: String| fit_text(&t, r.w - 20.0);
    let fit_low = |t: String| fit_text(&t, low);
    s.heading(
        pos(r.x + 10.0, r.y + 16.0),
        fit(format!("{} {}", Color::PLAYER_MARK[seat % 8], p.name)),
        SMALL,
        Color::player(seat),
    );
    s.text(
        pos(r.x + 10.0, r.y + 42.0),
        fit(d.guilds[p.guild as usize].name.clone()),
        SMALL,
        Color::rgb(220, 220, 210),
    );
    let coins = if coins_visible(g, viewer, seat) {
        p.coins.to_string()
    } else {
        "?".into()
    };
    s.text(
        pos(r.x + 10.0, r.y + 68.0),
        fit(format!(
            "{} · {}",
            counted_coins(&coins),
            counted(g.scored_quests(seat).len(), "quest", "quests")
        )),
        SMALL,
        Color::WHITE,
    );
    res_row_in(
        s,
        r.x + 10.0,
        r.y + 94.0,
        &p.res,
        None,
        ((r.w - 20.0) / 6.0).min(52.0).floor(),
    );
    let hc = hand_counts(p);
    let hand_tip = format!(
        "{} treasures: {} blue, {} red, {} yellow (the backs show the colour)",
        p.hand.len(),
        hc[0],
        hc[1],
        hc[2]
    );
    let offered = (
        "Offered".to_string(),
        Color::rgb(240, 220, 160),
        String::new(),
    );
    let sigils = format!(
        "{} free",
        counted(g.free_sigils(seat) as usize, "sigil", "sigils")
    );
    let hand = format!("Hand {} · {sigils}", p.hand.len());
    let mut lines = if fit_low(hand.clone()) == hand {
        vec![
            (hand, Color::WHITE, hand_tip),
            (
                format!(
                    "{} · {}",
                    counted(p.rooms().count(), "room", "rooms"),
                    counted(p.specs.len(), "specialist", "specialists")
                ),
                Color::WHITE,
                String::new(),
            ),
        ]
    } else {
        // Beside a narrow panel's grid (five opponents) one fact a line; the rooms
        // show on the grid itself.
        vec![
            (format!("Hand {}", p.hand.len()), Color::WHITE, hand_tip),
            (sigils, Color::WHITE, String::new()),
        ]
    };
    if p.offered {
        lines.push(offered);
    } else if lines.len() == 2 && !lines[1].0.contains("room") {
        lines.push((
            counted(p.specs.len(), "specialist", "specialists"),
            Color::WHITE,
            String::new(),
        ));
    }
    for (i, (text, colour, tip)) in lines.into_iter().enumerate() {
        let b = s.text(
            pos(r.x + 10.0, r.y + 120.0 + i as f32 * 26.0),
            fit_low(text),
            SMALL,
            colour,
        );
        if !tip.is_empty() {
            b.tooltip(tip);
        }
    }
    if wide {
        let size = GridSize {
            cell: (32.0, 30.0),
            top: 22.0,
            gap: 3.0,
        };
        mini_grid(s, g, seat, r.x + r.w - 150.0, r.y + 34.0, size);
    } else {
        let (x, y) = (
            r.x + r.w - 10.0 - compact.width(),
            r.y + r.h - 8.0 - compact.height(),
        );
        mini_grid(s, g, seat, x, y, compact);
    }
}

/// Squares of a small guild grid: a cell, the outside row's height, the space between.
#[derive(Clone, Copy)]
struct GridSize {
    cell: (f32, f32),
    top: f32,
    gap: f32,
}

impl GridSize {
    fn width(&self) -> f32 {
        4.0 * self.cell.0 + 3.0 * self.gap
    }
    fn height(&self) -> f32 {
        self.top + 2.0 * self.gap + 3.0 * self.cell.1 + 2.0 * self.gap
    }
}

/// A guild's board in small: the four outside spaces, then the 4x3 grid; every square
/// names its room and occupants on hover.
fn mini_grid(s: &mut Scene, g: &Kg, seat: usize, x: f32, y: f32, size: GridSize) {
    let p = &g.players[seat];
    let (cw, ch) = size.cell;
    let gap = size.gap;
    // Squares large enough to tell a picture apart show the room's (and the crest).
    let pictures = cw >= 30.0;
    let outside: Vec<u8> = p
        .specs
        .iter()
        .filter(|(_, l)| *l == Loc::Outside)
        .map(|x| x.0)
        .collect();
    for i in 0..4 {
        let cr = rect(x + i as f32 * (cw + gap), y, cw, size.top);
        match outside.get(i) {
            Some(&sp) => {
                s.rect(cr, Color::rgb(236, 228, 206), 4.0)
                    .tooltip(spec_base(sp));
                if pictures {
                    s.image(cr.shrink(1.0), art::specialist(sp), "");
                }
            }
            None => {
                s.rect(cr, Color::rgb(60, 80, 72), 4.0)
                    .tooltip("A free specialist space");
            }
        }
    }
    let board = &data().boards[p.board as usize];
    for c in 0..12usize {
        let cr = rect(
            x + (c % 4) as f32 * (cw + gap),
            y + size.top + 2.0 * gap + (c / 4) as f32 * (ch + gap),
            cw,
            ch,
        );
        match p.grid[c] {
            EMPTY => {
                let tip = match board.spaces[c] {
                    Space::Resource(r) => format!("Free space, bonus: 1 {}", RES_NAMES[r]),
                    Space::Coins => format!("Free space, bonus: {} coins", data().bonus_coins),
                    _ => "Free space".to_string(),
                };
                s.rect(cr, Color::rgb(70, 92, 82), 4.0).tooltip(tip);
            }
            crate::data::room::GUILD => {
                s.rect(cr, Color::player(seat).with_alpha(200), 4.0)
                    .tooltip("Guild tile");
                if pictures && (c % 4 == 0 || p.grid[c - 1] != crate::data::room::GUILD) {
                    s.image(cr.shrink(2.0), art::guild(p.guild), "");
                }
            }
            rm => {
                let def = room_def(rm);
                let fill = if def.pile == crate::data::Pile::Master {
                    Color::rgb(232, 200, 120)
                } else if def.slots > 0 {
                    Color::rgb(190, 160, 200)
                } else {
                    Color::rgb(214, 200, 170)
                };
                let anchor = if c % 4 > 0 && p.grid[c - 1] == rm {
                    c - 1
                } else {
                    c
                };
                let mut tip = room_help(rm);
                let inside: Vec<&str> = p
                    .specs
                    .iter()
                    .filter(|(_, l)| *l == Loc::Room(anchor as u8))
                    .map(|(x, _)| spec(*x).name.as_str())
                    .collect();
                if !inside.is_empty() {
                    tip.push_str(&format!("\nHere: {}", inside.join(", ")));
                }
                s.rect(cr, fill, 4.0).tooltip(tip);
                if pictures {
                    s.image(cr.shrink(2.0), art::room_art(rm), "");
                }
            }
        }
    }
}

/// Shortens `t` with an ellipsis until it fits `w` at the size the host may draw it.
pub fn fit_text(t: &str, w: f32) -> String {
    use tavern_plugin_api::scene::{drawn_size, text_width};
    let size = drawn_size(SMALL);
    if text_width(t, size, true) <= w {
        return t.to_string();
    }
    let mut chars: Vec<char> = t.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let c: String = chars.iter().collect::<String>() + "…";
        if text_width(&c, size, true) <= w {
            return c;
        }
    }
    String::new()
}

/// Everything public about a seat, for hover.
fn player_summary(g: &Kg, seat: usize, viewer: Option<usize>) -> String {
    let p = &g.players[seat];
    let d = data();
    let mut t = format!(
        "{} — {} (board {}), storage {}/{}, hand limit {}",
        p.name,
        d.guilds[p.guild as usize].name,
        d.boards[p.board as usize].name,
        p.stored(),
        p.storage_limit(),
        p.hand_limit()
    );
    if coins_visible(g, viewer, seat) {
        t.push_str(&format!(", {}", counted_coins(&p.coins.to_string())));
    }
    for (rm, c) in p.rooms() {
        t.push_str(&format!(
            "\n{} at row {}, column {}",
            room_def(rm).name,
            c / 4 + 1,
            c % 4 + 1
        ));
    }
    for (x, at) in &p.specs {
        t.push_str(&format!("\n{} {}", spec(*x).name, g.loc_name(seat, *at)));
    }
    for q in g.scored_quests(seat) {
        t.push_str(&format!(
            "\nQuest: {} ({})",
            quest(q).name,
            quest(q).hero.name()
        ));
    }
    if p.offered {
        t.push_str("\nOffered to the Council");
    }
    t
}

fn quests(s: &mut Scene, g: &Kg, r: Rect) {
    let k = g.board.len().max(5);
    // Whole canvas units (shorter numbers in every view).
    let w = ((r.w - 8.0 * (k as f32 - 1.0)) / k as f32).floor();
    // During the bidding the funeral card lies in the first empty space (a quest is
    // drawn there once the statue is decided).
    let funeral = matches!(g.pending.front(), Some(Pending::Funeral { .. }));
    let funeral_at = g.board.iter().position(|x| x.is_none()).filter(|_| funeral);
    // In the last turns the Offering to the Council lies where it was drawn.
    let offering_at = g
        .board
        .iter()
        .position(|x| x.is_none())
        .filter(|_| g.final_turn() && g.phase == Phase::Play);
    for (i, slot) in g.board.iter().enumerate() {
        let cr = rect(r.x + i as f32 * (w + 8.0), r.y, w, r.h);
        let id = format!("quest:{i}");
        match slot {
            None => {
                let tip = if g.solo && i == 0 {
                    "The space next to the quest deck"
                } else {
                    "An empty quest space"
                };
                s.rect(cr, Color::rgb(52, 72, 64), 8.0).tooltip(tip).id(id);
                if offering_at == Some(i) {
                    s.rect(cr, Color::rgb(70, 60, 40), 8.0).tooltip(
                        "The Offering to the Council: everyone has one last turn; instead of \
                         an action a guild with a free sigil may make its offering",
                    );
                    card_face(s, cr, "The Offering to the Council", art::OFFERING);
                } else if funeral_at == Some(i) {
                    s.rect(cr, Color::rgb(60, 60, 70), 8.0).tooltip(
                        "The King's Funeral: everyone bids coins in secret; the single highest \
                         bid pays and builds the King's Statue, a tie builds nothing",
                    );
                    card_face(s, cr, "The King's Funeral", art::FUNERAL);
                }
            }
            Some(sl) => match sl.card {
                QCard::Quest(q) => quest_card(s, g, i, cr, q, sl, id),
                QCard::Funeral => {
                    s.rect(cr, Color::rgb(60, 60, 70), 8.0)
                        .id(id)
                        .tooltip("Solo: while this card is out, your action may build the King's Statue for free");
                    // What the card offers, at its foot (and that it goes next, if so).
                    let words = if solo_leaving(g) == Some(i) {
                        "Your action: the King's Statue for free. Leaves next"
                    } else {
                        "Your action: the King's Statue for free"
                    };
                    let h = block_height(words, SMALL, cr.w - 16.0);
                    s.text_block(
                        rect(cr.x + 8.0, cr.y + 8.0, cr.w - 16.0, 52.0),
                        "The King's Funeral",
                        SMALL,
                        Color::WHITE,
                    );
                    s.image(
                        rect(cr.x + 10.0, cr.y + 64.0, cr.w - 20.0, cr.h - 78.0 - h),
                        art::FUNERAL,
                        "The King's Funeral",
                    );
                    s.text_block(
                        rect(cr.x + 8.0, cr.y + cr.h - 6.0 - h, cr.w - 16.0, h),
                        words,
                        SMALL,
                        Color::rgb(240, 220, 160),
                    );
                }
                QCard::Offering => {}
            },
        }
    }
}

/// Solo: the space whose card leaves at the end of the turn if the board is still full
/// (the one furthest from the deck without a sigil).
fn solo_leaving(g: &Kg) -> Option<usize> {
    if !g.board.iter().all(|s| s.is_some()) {
        return None;
    }
    (0..g.board.len())
        .rev()
        .find(|&i| g.board[i].is_some_and(|s| s.sigil.is_none()))
}

/// The face of the funeral or offering card in a quest space: its name over its picture.
fn card_face(s: &mut Scene, cr: Rect, name: &str, image: &str) {
    s.text_block(
        rect(cr.x + 8.0, cr.y + 8.0, cr.w - 16.0, 52.0),
        name,
        SMALL,
        Color::WHITE,
    );
    s.image(
        rect(cr.x + 10.0, cr.y + 64.0, cr.w - 20.0, cr.h - 74.0),
        image,
        name,
    );
}

fn quest_card(
    s: &mut Scene,
    g: &Kg,
    slot: usize,
    cr: Rect,
    q: u8,
    sl: &crate::model::Slot,
    id: String,
) {
    let qd = quest(q);
    s.rect(cr, Color::PAPER, 8.0)
        .id(id)
        .tooltip(crate::help::quest_help(q));
    let hero_col = match qd.hero {
        crate::data::Hero::Mage => Color::rgb(110, 80, 170),
        crate::data::Hero::Rogue => Color::rgb(60, 130, 90),
        crate::data::Hero::Warrior => Color::rgb(170, 70, 50),
    };
    s.rect(rect(cr.x, cr.y, cr.w, 28.0), hero_col, 8.0);
    s.image(
        rect(cr.x + 4.0, cr.y + 1.0, 26.0, 26.0),
        art::hero(qd.hero),
        qd.hero.name(),
    );
    let thug = g.thug.is_some_and(|(_, t)| t as usize == slot);
    let leaving = g.solo && solo_leaving(g) == Some(slot);
    // The header leaves room for the sigil at its right; on a narrow card the Thug's
    // word replaces the hero's name (the picture and the colour still tell the hero).
    let room = cr.w - 34.0 - 30.0;
    let head = if leaving {
        "Leaves next".to_string()
    } else if thug {
        let both = format!("{} · Thug", qd.hero.name());
        if fit_text(&both, room) == both {
            both
        } else {
            "Thug".to_string()
        }
    } else {
        fit_text(qd.hero.name(), room)
    };
    // Inner parts that only repeat the card's own text leave the hover to the card.
    let head = s
        .text(pos(cr.x + 34.0, cr.y + 14.0), head, SMALL, Color::WHITE)
        .bold();
    if leaving {
        head.tooltip(
            "At the end of your turn, if all six spaces are still full, this quest (the \
             right-most without your sigil) leaves the game",
        );
    } else if thug {
        head.tooltip("Others pay the Thug's owner 2 coins to craft here");
    }
    let nh = block_height(&qd.name, SMALL, cr.w - 12.0).min(78.0);
    s.text_block(
        rect(cr.x + 6.0, cr.y + 30.0, cr.w - 12.0, nh),
        qd.name.clone(),
        SMALL,
        Color::INK,
    );
    // Items sit at the foot of the card, each a row: its kind's picture and its name
    // (wrapped where six spaces leave a long name no single line), then its costs.
    let name_w = cr.w - 31.0;
    let name_h: Vec<f32> = qd
        .items
        .iter()
        .map(|it| block_height(&it.name, SMALL, name_w))
        .collect();
    // A one-line name is drawn as a line of text; a wrapped one as a block whose last
    // line's full height sits above the costs. Each row: (its height, its costs' line).
    let one_line = line_height(drawn_size(SMALL)) + 0.5;
    let rows: Vec<(f32, f32)> = name_h
        .iter()
        .map(|&h| {
            if h <= one_line {
                (50.0, 35.0)
            } else {
                (h + 27.0, h + 13.0)
            }
        })
        .collect();
    let rows_h: f32 = rows.iter().map(|r| r.0 + 2.0).sum();
    let mut y = cr.y + cr.h - rows_h;
    if qd.items.len() == 1 {
        // A one-item quest's empty middle shows its hero, as large as the room allows.
        let top = cr.y + 30.0 + nh + 4.0;
        let side = (y - top - 4.0).min(42.0);
        if side >= 20.0 {
            let mid = (top + y) / 2.0;
            s.image(
                rect(
                    cr.x + cr.w / 2.0 - side * 0.57,
                    mid - side / 2.0,
                    side * 1.14,
                    side,
                ),
                art::hero(qd.hero),
                "",
            );
        }
    }
    for (i, it) in qd.items.iter().enumerate() {
        let nh = name_h[i];
        let (row_h, line) = rows[i];
        let row = rect(cr.x + 4.0, y, cr.w - 8.0, row_h);
        let made = sl.made[i];
        let fill = match made {
            Some(m) => Color::player(m as usize).with_alpha(120),
            None => Color::rgb(232, 226, 210),
        };
        s.rect(row, fill, 4.0);
        // The item's kind as a picture: a sword for a weapon, a shield for armour.
        s.image(
            rect(cr.x + 5.0, y + 3.0, 20.0, 20.0),
            art::item(it.item),
            it.item.name(),
        );
        if nh <= one_line {
            s.text(
                pos(cr.x + 25.0, y + 13.0),
                it.name.clone(),
                SMALL,
                Color::INK,
            );
        } else {
            s.text_block(
                rect(cr.x + 25.0, y + 1.0, name_w, nh),
                it.name.clone(),
                SMALL,
                Color::INK,
            );
        }
        let line = y + line;
        y += row_h + 2.0;
        // Costs, then the value, left of the reward's back: narrow cards (six spaces)
        // draw smaller pictures.
        let kinds = it.cost.iter().filter(|&&n| n > 0).count().max(1) as f32;
        let step = ((cr.w - 92.0) / kinds).floor().min(48.0);
        let icon = (step - 17.0).min(27.0);
        let mut x = cr.x + 6.0;
        for (r, &n) in it.cost.iter().enumerate() {
            if n == 0 {
                continue;
            }
            s.image(
                rect(x + 1.0, line + 0.5 - icon / 2.0, icon, icon),
                art::RESOURCE[r],
                RES_NAMES[r],
            );
            s.text(pos(x + icon + 3.0, line), format!("{n}"), SMALL, Color::INK)
                .bold();
            x += step;
        }
        // "→ (coin) 6": what crafting it earns, a coin beside the number so it does not
        // read as one more cost.
        let arrow_w = tavern_plugin_api::scene::text_width("→", drawn_size(SMALL), true);
        s.text(pos(x + 2.0, line), "→", SMALL, Color::INK).bold();
        let coin_x = x + 2.0 + arrow_w + 3.0;
        s.image(rect(coin_x, line - 8.0, 16.0, 16.0), art::COIN, "coins")
            .tooltip(format!(
                "Crafting it earns {}",
                crate::data::coins(it.value as u32)
            ));
        s.text(
            pos(coin_x + 18.0, line),
            format!("{}", it.value),
            SMALL,
            Color::INK,
        )
        .bold();
        // The reward's card back: its colour and its own emblem (moon, flame, sun); once
        // the item is crafted the reward is taken and the crafter's mark lies there.
        let reward = format!("Reward: a {} treasure", it.reward.name());
        match made {
            None => {
                s.image(
                    rect(cr.x + cr.w - 27.0, line - 13.0, 20.0, 27.0),
                    art::back(it.reward),
                    format!("{} treasure", it.reward.name()),
                )
                .tooltip(reward);
            }
            Some(m) => {
                let m = m as usize;
                seat_mark(s, pos(cr.x + cr.w - 17.0, line), 11.0, m)
                    .tooltip(format!("Crafted by {} ({reward})", g.players[m].name));
            }
        }
    }
    if let Some(sg) = sl.sigil {
        let sg = sg as usize;
        seat_mark(s, pos(cr.x + cr.w - 16.0, cr.y + 14.0), 12.0, sg)
            .tooltip(format!("{}'s guild sigil", g.players[sg].name));
    }
}

/// A seat's disc with its letter, so a sigil or a crafted mark never rests on colour
/// alone (the letter keeps the table's smallest text size, wider than the disc's
/// own token label would allow).
fn seat_mark(
    s: &mut Scene,
    at: tavern_plugin_api::scene::Pos,
    radius: f32,
    seat: usize,
) -> ItemBuilder<'_> {
    let c = Color::player(seat);
    s.circle(at, radius, c)
        .stroke(tavern_plugin_api::scene::stroke(1.5, Color::INK));
    let light = 0.299 * c.0 as f32 + 0.587 * c.1 as f32 + 0.114 * c.2 as f32 > 140.0;
    let ink = if light { Color::INK } else { Color::WHITE };
    s.text_centered(at, Color::PLAYER_MARK[seat % 8], SMALL, ink)
        .bold()
}

/// A square of the viewer's own guild (and an outside specialist space).
pub const OWN_CELL: f32 = 156.0;

/// The height of a row specialist's name band: two lines.
const SPEC_BAND: f32 = 52.0;

/// A name in one line if it fits `w`, else broken in two where its parts meet
/// ("Leather-" "worker"; at the last break that fits when no part is known).
pub fn name_lines(name: &str, w: f32) -> Vec<String> {
    use tavern_plugin_api::scene::text_width;
    let fits = |t: &str| text_width(t, drawn_size(SMALL), false) <= w;
    if fits(name) {
        return vec![name.to_string()];
    }
    if let Some((a, b)) = name.split_once(' ') {
        return vec![a.to_string(), b.to_string()];
    }
    const PARTS: [&str; 6] = ["worker", "woman", "jack", "smith", "turer", "crat"];
    let chars: Vec<char> = name.chars().collect();
    let known = PARTS
        .iter()
        .find(|p| name.ends_with(*p) && name.len() > p.len())
        .map(|p| chars.len() - p.chars().count());
    let at = known
        .filter(|&k| fits(&format!("{}-", chars[..k].iter().collect::<String>())))
        .or_else(|| {
            (2..chars.len() - 1)
                .rev()
                .find(|&k| fits(&format!("{}-", chars[..k].iter().collect::<String>())))
        })
        .unwrap_or(chars.len() / 2);
    vec![
        format!("{}-", chars[..at].iter().collect::<String>()),
        chars[at..].iter().collect(),
    ]
}

/// The width of the deck lines in the decks panel ("Quest deck 15 · last turns" is
/// the longest); the room piles take the rest.
const DECKS_W: f32 = 300.0;

fn specialists(s: &mut Scene, g: &Kg, viewer: Option<usize>, r: Rect) {
    let w = 124.0;
    // Oldest (index 0) on the right.
    for (i, &(x, disc)) in g.row.iter().enumerate() {
        let col = 4 - i;
        let cr = rect(r.x + col as f32 * (w + 6.0), r.y, w, r.h);
        let d = spec(x);
        let cost = (d.cost as u32).saturating_sub(disc as u32);
        s.card(cr, Color::rgb(236, 228, 206), None, "", format!("{cost}"))
            .id(format!("row:{i}"))
            .tooltip(spec_help(x, disc));
        // The picture right after its card, so the host writes the cost at the card's
        // foot, on a plate.
        s.image(
            rect(
                cr.x + 18.0,
                cr.y + SPEC_BAND + 6.0,
                cr.w - 36.0,
                112.0 - SPEC_BAND - 6.0,
            ),
            art::specialist(x),
            "",
        );
        // The name on a band of two lines' height, so a long one-word name breaks where
        // its parts meet ("Leather-" "worker") instead of being cut.
        s.rect(
            rect(cr.x + 1.5, cr.y + 1.5, cr.w - 3.0, SPEC_BAND),
            Color::rgb(120, 90, 50),
            6.0,
        );
        let lines = name_lines(&d.name, cr.w - 8.0);
        let top = cr.y + 1.5 + SPEC_BAND / 2.0 - (lines.len() as f32 - 1.0) * 12.0;
        for (k, l) in lines.iter().enumerate() {
            s.text_centered(
                pos(cr.x + cr.w / 2.0, top + k as f32 * 24.0),
                l.clone(),
                SMALL,
                Color::WHITE,
            );
        }
        s.text(
            pos(cr.x + 8.0, cr.y + cr.h - 66.0),
            format!("{} pp", d.pp),
            SMALL,
            Color::INK,
        );
        if disc > 0 {
            s.text(
                pos(cr.x + cr.w - 34.0, cr.y + cr.h - 66.0),
                format!("−{disc}"),
                SMALL,
                Color::rgb(30, 110, 40),
            )
            .bold()
            .tooltip(format!(
                "{} of discount",
                counted(disc as usize, "coin", "coins")
            ));
        }
    }
    // Decks, one labelled line each: specialists, the three treasure colours, quests.
    let x0 = r.x + 5.0 * (w + 6.0) + 4.0;
    let pr = rect(x0, r.y, r.x + r.w - x0, r.h);
    s.panel(pr, PANEL, PANEL_EDGE);
    let mut lines: Vec<(String, &str, String, Option<&str>)> = vec![(
        format!("Specialist deck {}", g.spec_deck.len()),
        art::SPEC_BACK,
        "Specialist deck: A cards on top of B on top of C".into(),
        None,
    )];
    for c in Colour::ALL {
        let top: Vec<String> = crate::data::kinds_of(c)
            .filter(|&k| g.discard[k as usize] > 0)
            .map(|k| format!("{} ×{}", treasure(k).name, g.discard[k as usize]))
            .collect();
        let tip = format!(
            "{} treasure deck: {} cards; discard pile (public): {}",
            c.name(),
            g.deck_count(c),
            if top.is_empty() {
                "empty".to_string()
            } else {
                top.join(", ")
            }
        );
        lines.push((
            format!(
                "{} {} · {} used",
                capital(c.name()),
                g.deck_count(c),
                g.discard_count(c)
            ),
            art::back(c),
            tip,
            None,
        ));
    }
    let mut qtip =
        "Quest deck: Age I, the King's Funeral, Age II, the Offering to the Council at the bottom"
            .to_string();
    if let Some(b) = &g.last_bids {
        let t: Vec<String> = b
            .iter()
            .enumerate()
            .map(|(s2, x)| {
                format!(
                    "{} {}",
                    g.players[s2].name,
                    counted(*x as usize, "coin", "coins")
                )
            })
            .collect();
        qtip.push_str(&format!("\nFuneral bids: {}", t.join(", ")));
    }
    if g.statue_built {
        qtip.push_str("\nThe King's Statue is built");
    }
    if let Some(v) = viewer
        && v == g.active
        && g.turn.peeked
    {
        let top: Vec<String> = g
            .quest_deck
            .iter()
            .rev()
            .take(2)
            .map(|&c| crate::applied::card_name(c))
            .collect();
        qtip.push_str(&format!("\nYou looked (Oracle): {}", top.join(", then ")));
    }
    let mut qline = format!("Quest deck {}", g.quest_deck.len());
    if g.final_turn() {
        qline.push_str(" · last turns");
    }
    // Once the Offering to the Council is out, the deck's line shows its offering bowl.
    let deck_art = if g.final_turn() {
        art::OFFERING
    } else {
        art::QUEST_BACK
    };
    lines.push((qline, deck_art, qtip, Some("questdeck")));
    for (i, (text, back, tip, id)) in lines.into_iter().enumerate() {
        let y = pr.y + 20.0 + i as f32 * 34.0;
        s.image(rect(pr.x + 8.0, y - 15.0, 22.0, 30.0), back, "");
        let b = s
            .text(
                pos(pr.x + 36.0, y),
                fit_text(&text, DECKS_W - 46.0),
                SMALL,
                Color::WHITE,
            )
            .tooltip(tip);
        if let Some(id) = id {
            b.id(id);
        }
    }
    // The room piles in the panel's right part, clear of the longest deck line.
    piles(s, g, pr.x + DECKS_W, pr);
}

/// The supply as a strip: its resources, then the master rooms, which go on over the
/// strip's second line (at six seats nine long names need both lines). The room piles
/// sit in the decks panel beside the specialists.
fn supply(s: &mut Scene, g: &Kg, r: Rect) {
    use tavern_plugin_api::scene::text_width;
    s.panel(r, PANEL, PANEL_EDGE);
    s.heading(pos(r.x + 10.0, r.y + 16.0), "Supply", SMALL, Color::WHITE);
    let end = supply_row(s, r.x + 120.0, r.y + 16.0, &g.stock);
    let x = end + 12.0;
    let width = |t: &str| text_width(t, drawn_size(SMALL), false);
    let mut lines = vec![String::from("Master rooms:")];
    let mut room = r.x + r.w - 10.0 - x;
    let count = g.masters.len();
    for (i, &m) in g.masters.iter().enumerate() {
        let name = room_def(m).name.as_str();
        let word = if i + 1 < count {
            format!("{name},")
        } else {
            name.to_string()
        };
        let second = lines.len() == 2;
        let last = lines.last_mut().expect("a first line");
        let longer = format!("{last} {word}");
        if width(&longer) <= room || second {
            *last = longer;
        } else {
            lines.push(word);
            room = r.w - 20.0;
        }
    }
    let tip = masters_help(g);
    // A second line that fits under the first starts where the first does, clear of the
    // resources' glow; a longer one takes the strip's whole width.
    let under = lines.len() == 2 && width(&lines[1]) <= r.x + r.w - 10.0 - x;
    for (i, line) in lines.into_iter().enumerate() {
        let (lx, w) = if i == 0 || under {
            (x, r.x + r.w - 10.0 - x)
        } else {
            (r.x + 10.0, r.w - 20.0)
        };
        s.text(
            pos(lx, r.y + 16.0 + i as f32 * 30.0),
            fit_text(&line, w),
            SMALL,
            Color::rgb(240, 220, 160),
        )
        .tooltip(tip.clone());
    }
}

/// The six room piles as a column: a tile's picture and the pile's name and count.
fn piles(s: &mut Scene, g: &Kg, x: f32, r: Rect) {
    let step = ((r.h - 12.0) / crate::help::PILES.len() as f32).floor();
    for (i, &(name, top, _)) in crate::help::PILES.iter().enumerate() {
        let y = r.y + 6.0 + step / 2.0 + i as f32 * step;
        s.image(rect(x, y - 11.0, 26.0, 22.0), art::room_art(top), "");
        s.text(
            pos(x + 30.0, y),
            fit_text(&format!("{name} {}", g.piles[i]), r.x + r.w - x - 40.0),
            SMALL,
            Color::WHITE,
        )
        .tooltip(crate::help::pile_help(i));
    }
}

fn masters_help(g: &Kg) -> String {
    let mut t = String::new();
    for (i, &m) in g.masters.iter().enumerate() {
        if i > 0 {
            t.push('\n');
        }
        t.push_str(room_base(m));
    }
    t
}

fn own_area(s: &mut Scene, g: &Kg, seat: usize, viewer: Option<usize>, r: Rect) {
    let p = &g.players[seat];
    let d = data();
    let summary = player_summary(g, seat, viewer);
    s.panel(r, Color(34, 50, 46, 228), Color::player(seat))
        .highlight(if seat == g.active {
            Highlight::Active
        } else {
            Highlight::None
        });
    let coins = if coins_visible(g, viewer, seat) {
        p.coins.to_string()
    } else {
        "?".into()
    };
    s.heading(
        pos(r.x + 12.0, r.y + 18.0),
        fit_text(
            &format!(
                "{} {} · {} · {} · {} · {} free{}",
                Color::PLAYER_MARK[seat % 8],
                p.name,
                d.guilds[p.guild as usize].name,
                counted_coins(&coins),
                counted(g.scored_quests(seat).len(), "quest", "quests"),
                counted(g.free_sigils(seat) as usize, "sigil", "sigils"),
                if p.offered { " · offered" } else { "" }
            ),
            r.w - 24.0,
        ),
        SMALL,
        Color::player(seat),
    )
    .tooltip(summary);
    s.text(
        pos(r.x + 12.0, r.y + 48.0),
        format!("Storage {}/{}", p.stored(), p.storage_limit()),
        SMALL,
        Color::WHITE,
    );
    let end = res_row(s, r.x + 170.0, r.y + 48.0, &p.res, Some(seat));
    s.image(rect(end, r.y + 33.0, 30.0, 30.0), art::COIN, "coins")
        .tooltip(counted_coins(&coins));
    s.text(
        pos(end + 34.0, r.y + 48.0),
        coins.clone(),
        SMALL,
        Color::WHITE,
    )
    .bold();
    // Potions and the funeral after the coins (three digits at most).
    let note_x = end + 80.0;
    let funeral = matches!(g.pending.front(), Some(Pending::Funeral { .. }));
    if g.phase == Phase::Play && seat == g.active && viewer == Some(seat) && !funeral {
        let t = &g.turn;
        let mut bits = Vec::new();
        if t.fortune > 0 {
            bits.push(format!("Fortune Potion ×{}", t.fortune));
        }
        if t.lucky {
            bits.push("Lucky Potion ready".to_string());
        }
        if !bits.is_empty() {
            s.text(
                pos(note_x, r.y + 48.0),
                bits.join(" · "),
                SMALL,
                Color::rgb(240, 220, 160),
            );
        }
    }
    if let Some(Pending::Funeral { bids, .. }) = g.pending.front() {
        // How many bids are in fits beside the coins at six seats; who is still deciding
        // the host's header says, and the hover names everyone.
        let marks: Vec<String> = bids
            .iter()
            .enumerate()
            .map(|(b, x)| {
                let state = if x.is_some() { "has bid" } else { "deciding" };
                format!("{} {state}", g.players[b].name)
            })
            .collect();
        let done = bids.iter().filter(|b| b.is_some()).count();
        s.image(
            rect(note_x, r.y + 30.0, 44.0, 36.0),
            art::FUNERAL,
            "The King's Funeral",
        );
        s.text(
            pos(note_x + 52.0, r.y + 48.0),
            fit_text(
                &format!("King's Funeral: {done} of {} bids in", bids.len()),
                r.x + r.w - 12.0 - (note_x + 52.0),
            ),
            SMALL,
            Color::rgb(240, 220, 160),
        )
        .tooltip(format!(
            "Secret bids for the King's Statue: the single highest bid pays and builds it; \
             a tie builds nothing.\n{}",
            marks.join(", ")
        ));
    }
    // Four outside specialist spaces above the grid; a square is wide enough for the
    // longest one-word name on it ("Leatherworker", "Bedchamber").
    let cw = OWN_CELL;
    let ch = 78.0;
    let gx = r.x + 12.0;
    let gy = r.y + 68.0;
    let outside: Vec<u8> = p
        .specs
        .iter()
        .filter(|(_, l)| *l == Loc::Outside)
        .map(|x| x.0)
        .collect();
    // The guild's hall: a timber wall the outside spaces and the grid are laid into.
    s.image(
        rect(
            gx - 6.0,
            gy - 6.0,
            4.0 * (cw + 4.0) + 8.0,
            60.0 + 3.0 * (ch + 4.0) + 8.0,
        ),
        art::GUILD_BOARD,
        "",
    );
    for i in 0..4 {
        let cr = rect(gx + i as f32 * (cw + 4.0), gy, cw, 54.0);
        match outside.get(i) {
            Some(&x) => {
                s.rect(cr, Color::rgb(236, 228, 206), 6.0)
                    .tooltip(spec_base(x));
                // Names are single words: one line at the top, the portrait below it.
                s.image(
                    rect(cr.x + cw - 32.0, cr.y + 23.0, 28.0, 29.0),
                    art::specialist(x),
                    "",
                );
                let name = &spec(x).name;
                let h = block_height(name, SMALL, cw - 6.0).min(52.0);
                s.text_block(
                    rect(cr.x + 3.0, cr.y + 1.0, cw - 6.0, h),
                    name.clone(),
                    SMALL,
                    Color::INK,
                );
            }
            None => {
                s.rect(cr, Color::rgb(60, 80, 72), 6.0)
                    .tooltip("A free specialist space above the guild");
            }
        }
    }
    let board = &d.boards[p.board as usize];
    for c in 0..12usize {
        let cr = rect(
            gx + (c % 4) as f32 * (cw + 4.0),
            gy + 60.0 + (c / 4) as f32 * (ch + 4.0),
            cw,
            ch,
        );
        let id = format!("cell:{seat}:{c}");
        match p.grid[c] {
            EMPTY => {
                let (label, tip) = match board.spaces[c] {
                    Space::Resource(res) => (
                        format!("+1 {}", RES_NAMES[res]),
                        format!("Bonus space: a room here gives 1 {}", RES_NAMES[res]),
                    ),
                    Space::Coins => (
                        format!("+{} coins", d.bonus_coins),
                        format!("Bonus space: a room here gives {} coins", d.bonus_coins),
                    ),
                    _ => (String::new(), "A free space of your guild".to_string()),
                };
                s.rect(cr, Color::rgb(70, 92, 82), 6.0).id(id).tooltip(tip);
                s.image(cr.shrink(2.0), art::FLOOR, "");
                let bonus = match board.spaces[c] {
                    Space::Resource(res) => Some(art::RESOURCE[res]),
                    Space::Coins => Some(art::COIN),
                    _ => None,
                };
                if let Some(b) = bonus {
                    s.image(
                        rect(cr.x + cw - 40.0, cr.y + ch / 2.0 - 17.0, 34.0, 34.0),
                        b,
                        "",
                    );
                }
                if !label.is_empty() {
                    s.text(
                        pos(cr.x + 6.0, cr.y + ch / 2.0),
                        label,
                        SMALL,
                        Color::rgb(220, 230, 220),
                    );
                }
            }
            crate::data::room::GUILD => {
                let gd = &d.guilds[p.guild as usize];
                s.rect(cr, Color::player(seat).with_alpha(200), 6.0)
                    .tooltip(format!(
                        "{}: your guild tile, storage {}",
                        gd.name, gd.storage
                    ));
                if c % 4 == 0 || p.grid[c - 1] != crate::data::room::GUILD {
                    s.image(
                        rect(cr.x + cw - 48.0, cr.y + 6.0, 44.0, ch - 12.0),
                        art::guild(p.guild),
                        "",
                    );
                    s.text(
                        pos(cr.x + 6.0, cr.y + ch / 2.0),
                        "Guild",
                        SMALL,
                        Color::WHITE,
                    )
                    .bold();
                }
            }
            rm => {
                let anchor = c % 4 == 0 || p.grid[c - 1] != rm;
                let def = room_def(rm);
                let inside: Vec<&str> = p
                    .specs
                    .iter()
                    .filter(|(_, l)| *l == Loc::Room(c as u8))
                    .map(|(x, _)| spec(*x).name.as_str())
                    .collect();
                let mut tip = room_help(rm);
                if !inside.is_empty() {
                    tip.push_str(&format!("\nHere: {}", inside.join(", ")));
                }
                if p.baggage == Some(c as u8) {
                    tip.push_str("\nThe Aristocrat's baggage is here");
                }
                s.rect(cr, Color::rgb(214, 200, 170), 6.0)
                    .id(id)
                    .tooltip(tip);
                // The room's picture in the lower right of its last square (a later
                // square would cover it), below a name of two lines.
                if c % 4 == 3 || p.grid[c + 1] != rm {
                    s.image(
                        rect(cr.x + cw - 40.0, cr.y + ch - 31.0, 36.0, 29.0),
                        art::room_art(rm),
                        "",
                    );
                }
                if anchor {
                    let w = def.width as f32 * (cw + 4.0) - 12.0;
                    let h = block_height(&def.name, SMALL, w).min(52.0);
                    s.text_block(
                        rect(cr.x + 4.0, cr.y + 1.0, w, h),
                        def.name.clone(),
                        SMALL,
                        Color::INK,
                    );
                    if def.slots > 0 {
                        let used = p.used(Loc::Room(c as u8));
                        let free = def.slots.saturating_sub(used);
                        let words = if free == 0 {
                            "full".to_string()
                        } else {
                            format!("{free} free")
                        };
                        let tw =
                            tavern_plugin_api::scene::text_width(&words, drawn_size(SMALL), false);
                        s.text(
                            pos(cr.x + 6.0, cr.y + ch - 12.0),
                            words,
                            SMALL,
                            Color::rgb(80, 40, 20),
                        );
                        // Who lives here, after the count: each specialist's portrait (the
                        // Aristocrat's baggage as a trunk), named on hover.
                        let mut x = cr.x + 6.0 + tw + 6.0;
                        let at = Loc::Room(c as u8);
                        for &(sp, _) in p.specs.iter().filter(|(_, l)| *l == at) {
                            s.image(
                                rect(x, cr.y + ch - 32.0, 28.0, 30.0),
                                art::specialist(sp),
                                spec(sp).name.as_str(),
                            )
                            .tooltip(spec_base(sp));
                            x += 31.0;
                        }
                        if p.baggage == Some(c as u8) {
                            s.rect(
                                rect(x + 2.0, cr.y + ch - 26.0, 24.0, 20.0),
                                Color::rgb(120, 80, 40),
                                3.0,
                            )
                            .stroke(tavern_plugin_api::scene::stroke(1.5, Color::INK))
                            .tooltip("The Aristocrat's baggage: it takes a space, but the room does not count as full for scoring");
                        }
                    }
                }
            }
        }
    }
    // Hand (and the shared quest's draws) on the right of the grid.
    let hx = gx + 4.0 * (cw + 4.0) + 12.0;
    let mine = viewer == Some(seat);
    s.heading(
        pos(hx, r.y + 84.0),
        format!("Treasures {}/{}", p.hand.len(), p.hand_limit()),
        SMALL,
        Color::WHITE,
    );
    let keeping = matches!(g.pending.front(), Some(Pending::Keep { seat: ks, .. })
        if viewer == Some(*ks as usize) && *ks as usize == seat);
    if mine {
        let cards = crate::legal::distinct(&p.hand);
        // Four cards a row in three rows (two while the shared quest's draws lie below);
        // a larger hand narrows the cards.
        let rows = if keeping { 2 } else { 3 };
        let cols = cards.len().div_ceil(rows).max(4);
        let room = r.x + r.w - 10.0 - hx;
        let step = ((room + 8.0) / cols as f32).floor();
        for (i, &k) in cards.iter().enumerate() {
            let cnt = p.hand.iter().filter(|&&x| x == k).count();
            let cr = rect(
                hx + (i % cols) as f32 * step,
                r.y + 104.0 + (i / cols) as f32 * 92.0,
                step - 8.0,
                86.0,
            );
            treasure_card(
                s,
                cr,
                k,
                cnt,
                format!("hand:{k}"),
                treasure_help(g, seat, k),
            );
        }
    } else {
        let hc = hand_counts(p);
        s.text(
            pos(hx, r.y + 120.0),
            format!("{} blue, {} red, {} yellow (hidden)", hc[0], hc[1], hc[2]),
            SMALL,
            Color::WHITE,
        );
    }
    if keeping {
        // The drawn cards at the right, the words before them.
        let pool = crate::legal::distinct(&g.pool);
        let room = r.x + r.w - 10.0 - hx;
        let cw = 150.0f32.min((room - 150.0) / pool.len().max(1) as f32 - 8.0);
        let x0 = r.x + r.w - 10.0 - pool.len() as f32 * (cw + 8.0) + 8.0;
        let words = "Drawn for the shared quest: keep one";
        let h = block_height(words, SMALL, x0 - hx - 10.0);
        s.text_block(
            rect(hx, r.y + 332.0 - h / 2.0, x0 - hx - 10.0, h),
            words,
            SMALL,
            Color::WHITE,
        );
        for (i, &k) in pool.iter().enumerate() {
            let cr = rect(x0 + i as f32 * (cw + 8.0), r.y + 290.0, cw, 84.0);
            treasure_card(s, cr, k, 1, format!("pool:{k}"), treasure_help(g, seat, k));
        }
    }
}

/// A private treasure card on a ground of its colour's tint: its whole name in the
/// table's own text size at the top (a card's band title would be clipped at this
/// height), its picture below, and at the foot the colour's back (moon, flame or sun, so
/// the colour has a shape) with the count. The name comes between card and picture, so
/// the host keeps the picture an ordinary drawing and its lock badge in the corner.
fn treasure_card(s: &mut Scene, cr: Rect, k: u8, count: usize, id: String, tip: String) {
    let t = treasure(k);
    let c = treasure_colour(t.colour);
    let mix = |a: u8, b: u8| ((a as u16 * 3 + b as u16) / 4) as u8;
    let ground = Color::rgb(
        mix(Color::PAPER.0, c.0),
        mix(Color::PAPER.1, c.1),
        mix(Color::PAPER.2, c.2),
    );
    s.card(cr, ground, None, "", "")
        .id(id)
        .tooltip(tip)
        .private();
    let w = cr.w - 8.0;
    let h = block_height(&t.name, SMALL, w);
    s.text_block(
        rect(cr.x + 4.0, cr.y + 3.0, w, h),
        t.name.clone(),
        SMALL,
        Color::INK,
    );
    let top = cr.y + 4.0 + h;
    s.image(
        rect(cr.x + 34.0, top, cr.w - 68.0, cr.y + cr.h - 3.0 - top),
        art::treasure_art(k),
        "",
    );
    s.image(
        rect(cr.x + 5.0, cr.y + cr.h - 29.0, 19.0, 26.0),
        art::back(t.colour),
        "",
    );
    if count > 1 {
        s.text(
            pos(cr.x + 27.0, cr.y + cr.h - 15.0),
            format!("×{count}"),
            SMALL,
            Color::INK,
        )
        .bold();
    }
}
