//! The table at 1600x1000 canvas units: opponents across the top, the quest board and
//! the specialist row in the middle with the supply on the right, the viewer's guild at
//! the bottom. Hidden things stay hidden: other hands show only how many cards of each
//! colour (the backs are coloured), the shared quest's draws only to their drawer,
//! bids and (during the funeral) others' coins not at all.

use tavern_plugin_api::View;
use tavern_plugin_api::scene::{Color, Highlight, Rect, Scene, pos, rect, stroke};

use crate::data::{Colour, RES, RES_NAMES, Space, data, quest, room_def, spec, treasure};
use crate::model::{EMPTY, Kg, Loc, Pending, Phase, QCard};

/// The smallest text on the table: 17 units read as about 13.6 pt at 1280x800.
pub const SMALL: f32 = 17.0;
pub const TEXT: f32 = 19.0;

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

pub const RES_LETTER: [&str; RES] = ["C", "L", "M", "W", "G", "X"];

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

pub fn view(g: &Kg, viewer: Option<usize>) -> View {
    let mut s = Scene::new(1600.0, 1000.0);
    s.background = Color::rgb(40, 58, 52);
    let n = g.n();
    let own = viewer.unwrap_or(g.active);
    let others: Vec<usize> = (1..n).map(|k| (own + k) % n).collect();
    if !others.is_empty() {
        let w = 1588.0 / others.len() as f32;
        for (i, &seat) in others.iter().enumerate() {
            crate::view::opponent(&mut s, g, seat, viewer, rect(6.0 + i as f32 * w, 6.0, w - 8.0, 196.0));
        }
    }
    let top = if others.is_empty() { 6.0 } else { 210.0 };
    quests(&mut s, g, viewer, rect(6.0, top, 1000.0, 232.0));
    specialists(&mut s, g, viewer, rect(6.0, top + 240.0, 1000.0, 150.0));
    supply(&mut s, g, viewer, rect(1014.0, top, 580.0, 390.0));
    own_area(&mut s, g, own, viewer, rect(6.0, 608.0, 1588.0, 386.0));
    View {
        scene: s,
        status: status(g),
        prompt: prompt(g, viewer),
    }
}

fn status(g: &Kg) -> String {
    match g.phase {
        Phase::Setup => "Setting up".into(),
        Phase::Over => "The game is over".into(),
        Phase::Play => {
            let mut t = format!("Turn {} · {}'s turn", g.turn_no, g.players[g.active].name);
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
    if !g.deciders().contains(&v) {
        return String::new();
    }
    if let Some((_, l)) = g.limit_violator() {
        return match l {
            crate::rules::Limit::Storage => "Over your storage limit: discard resources".into(),
            crate::rules::Limit::Hand => "Over your hand limit: sell treasures".into(),
        };
    }
    match g.pending.front() {
        Some(Pending::Funeral { .. }) => "The King's Funeral: choose your secret bid".into(),
        Some(Pending::Keep { .. }) => "Shared quest: keep one treasure, the other is passed on".into(),
        Some(Pending::Toss { n, .. }) => format!("Discard {n} treasure(s)"),
        Some(Pending::Colours { n, .. }) => format!("Choose {n} colour(s) to draw"),
        Some(Pending::HeroPay { .. }) => "Pay 1 coin for a treasure?".into(),
        Some(Pending::Appraiser { .. }) => "Appraiser: draw one more treasure?".into(),
        Some(Pending::PlentyNext { .. }) => "Scroll of Plenty: take 1 resource".into(),
        Some(Pending::WondersNext { .. }) => "Scroll of Wonders: pay 1 coin for a treasure?".into(),
        Some(Pending::Hire { .. }) => "Contract: hire a specialist".into(),
        Some(Pending::Extra { .. }) => "Take your extra action".into(),
        Some(Pending::PlaceSpec { .. }) => "Place the free specialist".into(),
        Some(Pending::PlaceRoom { room, .. }) => format!("Place the {}", room_def(*room).name),
        Some(Pending::Curator { .. }) => "Curator: buy relics from the discards".into(),
        Some(Pending::Alchemist { .. }) => "Alchemist: trade resources".into(),
        Some(Pending::Smuggler { .. }) => "Smuggler: steal a resource".into(),
        Some(Pending::Witch { .. }) => "Witch: take a one-item quest".into(),
        Some(Pending::Warlock { .. }) => "Warlock: destroy a scroll for both halves?".into(),
        Some(Pending::Thug { .. }) => "Thug: move the Thug to a quest?".into(),
        Some(Pending::StartBonus { .. }) => "Take your guild's starting resources".into(),
        Some(Pending::Draw { .. }) => String::new(),
        None if g.turn.acted => "Play or sell treasures, or end your turn".into(),
        None => "Gather, craft or expand (treasures any time)".into(),
    }
}

/// Resource counts as coloured discs with a letter, each with its name on hover.
fn res_row(s: &mut Scene, x: f32, y: f32, res: &[u8; RES], id: Option<usize>) -> f32 {
    let mut x = x;
    for r in 0..RES {
        let c = pos(x + 12.0, y);
        let b = s.token(c, 12.0, res_colour(r), RES_LETTER[r]);
        let b = b.tooltip(format!("{}: {}", RES_NAMES[r], res[r]));
        if let Some(seat) = id {
            b.id(format!("res:{seat}:{r}"));
        }
        s.text(pos(x + 27.0, y), format!("{}", res[r]), SMALL, Color::WHITE);
        x += 52.0;
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
    s.panel(r, Color::rgb(30, 44, 40), Color::player(seat))
        .highlight(if active { Highlight::Active } else { Highlight::None })
        .tooltip(player_summary(g, seat, viewer));
    s.heading(
        pos(r.x + 10.0, r.y + 16.0),
        format!("{} {} · {}", Color::PLAYER_MARK[seat % 8], p.name, d.guilds[p.guild as usize].name),
        SMALL,
        Color::player(seat),
    );
    let coins = if coins_visible(g, viewer, seat) {
        p.coins.to_string()
    } else {
        "?".into()
    };
    s.text(
        pos(r.x + 10.0, r.y + 42.0),
        format!(
            "Coins {coins} · Quests {} · Sigils free {}",
            g.scored_quests(seat).len(),
            g.free_sigils(seat)
        ),
        SMALL,
        Color::WHITE,
    );
    res_row(s, r.x + 10.0, r.y + 68.0, &p.res, None);
    let hc = hand_counts(p);
    s.text(
        pos(r.x + 10.0, r.y + 94.0),
        format!("Hand {} (blue {}, red {}, yellow {})", p.hand.len(), hc[0], hc[1], hc[2]),
        SMALL,
        Color::WHITE,
    )
    .tooltip("Treasure backs show their colour; the cards themselves are hidden");
    let rooms: Vec<&str> = p.rooms().map(|(rm, _)| room_def(rm).name.as_str()).collect();
    let specs: Vec<&str> = p.specs.iter().map(|(x, _)| spec(*x).name.as_str()).collect();
    let body = format!(
        "Rooms: {}\nSpecialists: {}",
        if rooms.is_empty() { "none".into() } else { rooms.join(", ") },
        if specs.is_empty() { "none".into() } else { specs.join(", ") }
    );
    s.text_block(rect(r.x + 10.0, r.y + 108.0, r.w - 20.0, r.h - 112.0), body, SMALL, Color::rgb(220, 220, 210))
        .tooltip(player_summary(g, seat, viewer));
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
        t.push_str(&format!(", {} coins", p.coins));
    }
    for (rm, c) in p.rooms() {
        t.push_str(&format!("\n{} at row {}, column {}", room_def(rm).name, c / 4 + 1, c % 4 + 1));
    }
    for (x, at) in &p.specs {
        t.push_str(&format!("\n{} {}", spec(*x).name, g.loc_name(seat, *at)));
    }
    for q in g.scored_quests(seat) {
        t.push_str(&format!("\nQuest: {} ({})", quest(q).name, quest(q).hero.name()));
    }
    if p.offered {
        t.push_str("\nOffered to the Council");
    }
    t
}

fn cost_text(cost: &[u8; RES]) -> String {
    let mut v = Vec::new();
    for r in 0..RES {
        if cost[r] > 0 {
            v.push(format!("{}{}", cost[r], RES_LETTER[r]));
        }
    }
    v.join(" ")
}

fn quests(s: &mut Scene, g: &Kg, _viewer: Option<usize>, r: Rect) {
    let k = g.board.len().max(5);
    let w = (r.w - 8.0 * (k as f32 - 1.0)) / k as f32;
    for (i, slot) in g.board.iter().enumerate() {
        let cr = rect(r.x + i as f32 * (w + 8.0), r.y, w, r.h);
        let id = format!("quest:{i}");
        match slot {
            None => {
                s.rect(cr, Color::rgb(52, 72, 64), 8.0)
                    .tooltip("An empty quest space")
                    .id(id);
            }
            Some(sl) => match sl.card {
                QCard::Quest(q) => quest_card(s, g, cr, q, sl, id),
                QCard::Funeral => {
                    s.card(cr, Color::rgb(60, 60, 70), Some(Color::BLACK), "King's Funeral", "♛")
                        .id(id)
                        .tooltip("Solo: spend your action to build the King's Statue for free while this card is on the board");
                }
                QCard::Offering => {}
            },
        }
    }
    if g.solo {
        s.text(pos(r.x, r.y + r.h + 2.0), "", SMALL, Color::WHITE);
    }
}

fn quest_card(s: &mut Scene, g: &Kg, cr: Rect, q: u8, sl: &crate::model::Slot, id: String) {
    let qd = quest(q);
    let mut tip = format!("{} — {} quest", qd.name, qd.hero.name());
    for it in &qd.items {
        tip.push_str(&format!(
            "\n{} ({}): {} → {} coins, reward {} treasure",
            it.name,
            it.item.name(),
            crate::data::res_list(&it.cost),
            it.value,
            it.reward.name()
        ));
    }
    tip.push_str("\nCost letters: C cloth, L leather, M metal, W wood, G gems, X magic");
    s.rect(cr, Color::PAPER, 8.0).id(id).tooltip(tip);
    let hero_col = match qd.hero {
        crate::data::Hero::Mage => Color::rgb(110, 80, 170),
        crate::data::Hero::Rogue => Color::rgb(60, 130, 90),
        crate::data::Hero::Warrior => Color::rgb(170, 70, 50),
    };
    s.rect(rect(cr.x, cr.y, cr.w, 26.0), hero_col, 8.0);
    s.text(pos(cr.x + 8.0, cr.y + 13.0), qd.hero.name(), SMALL, Color::WHITE).bold();
    s.text_block(rect(cr.x + 6.0, cr.y + 30.0, cr.w - 12.0, 64.0), qd.name.clone(), SMALL, Color::INK);
    for (i, it) in qd.items.iter().enumerate() {
        let y = cr.y + 100.0 + i as f32 * 62.0;
        let made = sl.made[i];
        let fill = match made {
            Some(m) => Color::player(m as usize).with_alpha(120),
            None => Color::rgb(232, 226, 210),
        };
        s.rect(rect(cr.x + 4.0, y, cr.w - 8.0, 58.0), fill, 4.0);
        s.text(
            pos(cr.x + 8.0, y + 14.0),
            format!("{} {}", it.name, if it.item == crate::data::ItemKind::Weapon { "(W)" } else { "(A)" }),
            SMALL,
            Color::INK,
        );
        s.text(
            pos(cr.x + 8.0, y + 40.0),
            format!("{} → {}", cost_text(&it.cost), it.value),
            SMALL,
            Color::INK,
        );
        s.circle(pos(cr.x + cr.w - 18.0, y + 40.0), 10.0, treasure_colour(it.reward))
            .tooltip(format!("Reward: a {} treasure", it.reward.name()));
        if let Some(m) = made {
            s.text(
                pos(cr.x + cr.w - 30.0, y + 14.0),
                Color::PLAYER_MARK[m as usize % 8],
                SMALL,
                Color::INK,
            )
            .bold()
            .tooltip(format!("Crafted by {}", g.players[m as usize].name));
        }
    }
    if let Some(sg) = sl.sigil {
        s.circle(pos(cr.x + cr.w - 16.0, cr.y + 13.0), 10.0, Color::player(sg as usize))
            .tooltip(format!("{}'s guild sigil", g.players[sg as usize].name));
    }
    if g.thug.is_some_and(|(_, t)| Some(t as usize) == g.board.iter().position(|x| x.as_ref() == Some(sl))) {
        s.text(pos(cr.x + 8.0, cr.y + cr.h - 12.0), "Thug: 2 coins to craft", SMALL, Color::rgb(160, 20, 20))
            .tooltip("Others pay the Thug's owner 2 coins to craft here");
    }
}

fn specialists(s: &mut Scene, g: &Kg, _viewer: Option<usize>, r: Rect) {
    s.text(pos(r.x, r.y + 10.0), format!("Specialists (deck {})", g.spec_deck.len()), SMALL, Color::WHITE);
    let w = 150.0;
    // Oldest (index 0) on the right.
    for (i, &(x, disc)) in g.row.iter().enumerate() {
        let col = 4 - i;
        let cr = rect(r.x + col as f32 * (w + 8.0), r.y + 24.0, w, r.h - 26.0);
        let d = spec(x);
        let cost = (d.cost as u32).saturating_sub(disc as u32);
        s.card(cr, Color::rgb(236, 228, 206), Some(Color::rgb(120, 90, 50)), d.name.clone(), format!("{cost}"))
            .id(format!("row:{i}"))
            .tooltip(spec_help(x, disc));
        s.text(pos(cr.x + 8.0, cr.y + cr.h - 14.0), format!("{} pp", d.pp), SMALL, Color::INK);
        if disc > 0 {
            s.text(pos(cr.x + cr.w - 60.0, cr.y + cr.h - 14.0), format!("−{disc}"), SMALL, Color::rgb(30, 110, 40))
                .bold();
        }
    }
}

pub fn spec_help(x: u8, disc: u8) -> String {
    use crate::data::SpecEffect as E;
    let d = spec(x);
    let what = match d.effect {
        E::Appraiser => "After you get treasure from a quest, you may draw one more of any colour, then discard any one treasure.".to_string(),
        E::Builder => "Build rooms anywhere on your board; bonus spaces give twice as much.".into(),
        E::Storage(k) => format!("Stores {k} more resource(s)."),
        E::Hand(k) => format!("Hold {k} more treasures."),
        E::Laborer => "Instead of a normal gather, take any 3 resources you may gather.".into(),
        E::GatherBonus(r) => format!("Each gather action brings 1 extra {}.", RES_NAMES[r]),
        E::Oracle => "Once per turn, look at the top 2 quest cards.".into(),
        E::Recruiter => "Discounts count double for you when hiring.".into(),
        E::Thug => "After a craft action, put the Thug on a quest: others pay you 2 coins to craft there.".into(),
        E::Auctioneer => "Sell relics, charms and scrolls for 4 coins.".into(),
        E::Bard => "On your turn, move each of your specialists once to a free space.".into(),
        E::Discount(dc) => format!("Your {}s cost 1 {} less.", dc.item.name(), RES_NAMES[dc.res]),
        E::Hero(h) => format!("When a {} quest you took part in is done, you may pay 1 coin for a {} treasure.", h.hero.name(), h.colour.name()),
        E::Sorceress => "You may gather gems and magic.".into(),
        E::Warlock => "After a craft action, destroy a scroll from your hand to get both of its halves.".into(),
        E::Adventurer => "When hired: draw a blue, a red and a yellow treasure.".into(),
        E::Aristocrat => "Needs two spaces: its baggage fills a chamber space.".into(),
        E::Alchemist => "When hired: trade your resources one for one with the supply.".into(),
        E::Curator => "When hired: buy relics from the discard piles for 3 coins each.".into(),
        E::Extra(k) => format!("When hired: take an extra {} action.", match k { crate::data::ExtraKind::Gather => "gather", crate::data::ExtraKind::Craft => "craft" }),
        E::Merchant => "When hired: draw 3 treasures of your colours, then discard any 3.".into(),
        E::Minstrel => "When hired: draw a treasure of a colour you choose.".into(),
        E::Smuggler => "When hired: take 1 resource from another player.".into(),
        E::Vizier => "Your offering to the Council costs no action.".into(),
        E::Overseer => "When hired: also take the oldest specialist of the row for free (needs two spaces).".into(),
        E::Witch => "When hired: take a one-item quest card from the board (no coins, no treasure).".into(),
    };
    let mut t = format!("{} (deck {}) — cost {}, {} prestige\n{what}", d.name, d.deck, d.cost, d.pp);
    if disc > 0 {
        t.push_str(&format!("\nDiscount on it: {disc}"));
    }
    t
}

fn supply(s: &mut Scene, g: &Kg, viewer: Option<usize>, r: Rect) {
    s.panel(r, Color::rgb(30, 44, 40), Color::rgb(90, 110, 100));
    s.heading(pos(r.x + 10.0, r.y + 16.0), "Supply", TEXT, Color::WHITE);
    res_row(s, r.x + 10.0, r.y + 44.0, &g.stock, None);
    let piles = [
        ("Warehouse", g.piles[0]),
        ("Library", g.piles[1]),
        ("Gem Workshop", g.piles[2]),
        ("Magic Arcaenum", g.piles[3]),
        ("Bedchamber|Kitchen", g.piles[4]),
        ("Great Hall|Barracks", g.piles[5]),
    ];
    for (i, (name, n)) in piles.iter().enumerate() {
        let x = r.x + 10.0 + (i % 2) as f32 * 285.0;
        let y = r.y + 74.0 + (i / 2) as f32 * 24.0;
        s.text(pos(x, y), format!("{name} ×{n}"), SMALL, Color::WHITE)
            .tooltip(room_help_named(name));
    }
    let masters: Vec<String> = g
        .masters
        .iter()
        .map(|&m| format!("{} ({})", room_def(m).name, room_def(m).cost))
        .collect();
    s.text_block(
        rect(r.x + 10.0, r.y + 140.0, r.w - 20.0, 92.0),
        format!("Master rooms: {}", masters.join(", ")),
        SMALL,
        Color::rgb(240, 220, 160),
    )
    .tooltip(masters_help(g));
    let mut y = r.y + 252.0;
    for c in Colour::ALL {
        let top: Vec<String> = crate::data::kinds_of(c)
            .filter(|&k| g.discard[k as usize] > 0)
            .map(|k| format!("{}×{}", treasure(k).name, g.discard[k as usize]))
            .collect();
        s.rect(rect(r.x + 10.0, y - 11.0, 22.0, 22.0), treasure_colour(c), 4.0);
        s.text(
            pos(r.x + 40.0, y),
            format!("{} deck {} · discards {}", c.name(), g.deck_count(c), g.discard_count(c)),
            SMALL,
            Color::WHITE,
        )
        .tooltip(if top.is_empty() {
            "Discard pile empty".to_string()
        } else {
            format!("Discards (public): {}", top.join(", "))
        });
        y += 26.0;
    }
    let deck_left = g.quest_deck.len();
    let mut qt = format!("Quest deck: {deck_left} card(s)");
    if g.final_turn() {
        qt.push_str(" · the Council meets: final turns");
    } else if g.statue_built {
        qt.push_str(" · the King's Statue is built");
    }
    s.text(pos(r.x + 10.0, y + 4.0), qt, SMALL, Color::WHITE)
        .id("questdeck")
        .tooltip("Age I quests, then the King's Funeral, Age II, and the Offering to the Council at the bottom");
    // What the viewer saw with the Oracle this turn.
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
        s.text(pos(r.x + 10.0, y + 30.0), format!("Oracle: {}", top.join(", then ")), SMALL, Color::rgb(240, 220, 160))
            .private();
    }
    if let Some(b) = &g.last_bids {
        let t: Vec<String> = b.iter().enumerate().map(|(s2, x)| format!("{} {x}", g.players[s2].name)).collect();
        s.text(pos(r.x + 10.0, r.y + r.h - 14.0), format!("Funeral bids: {}", t.join(", ")), SMALL, Color::WHITE);
    }
}

fn room_help_named(name: &str) -> String {
    let first = name.split('|').next().unwrap_or(name);
    let id = crate::data::room_named(first);
    room_help(id)
}

pub fn room_help(id: u8) -> String {
    use crate::data::RoomScore as S;
    let d = room_def(id);
    let score = match d.score {
        S::Plain if d.slots > 0 && !d.always => format!("{} prestige if every space holds a specialist", d.pp),
        S::Plain => format!("{} prestige", d.pp),
        S::Scrolls => "3 prestige per scroll in your hand at the end".into(),
        S::Coins => "1 prestige per coin at the end (those coins cannot be offered)".into(),
        S::Throne => "9 prestige, 6 more if it touches your King's Statue".into(),
        S::Specialists => "3 prestige per specialist".into(),
        S::Rooms => "3 prestige per room, itself included, the guild tile not".into(),
        S::Hero(h) => format!("4 prestige per {} quest you hold", h.name()),
        S::Pair([a, b]) => format!("6 prestige per {} + {} pair of quests", a.name(), b.name()),
        S::Gallery => "3 prestige per weapon + armour pair on your quests".into(),
        S::Depot => "4 prestige per resource type you store at the end".into(),
        S::Item(k) => format!("2 prestige per {} on your quests", k.name()),
    };
    let effect = match d.effect {
        crate::data::RoomEffect::None => String::new(),
        crate::data::RoomEffect::Storage(k) => format!("; stores {k} more"),
        crate::data::RoomEffect::Hand(k) => format!("; hold {k} more treasures"),
        crate::data::RoomEffect::Gems => "; you may gather gems".into(),
        crate::data::RoomEffect::Magic => "; you may gather magic".into(),
    };
    let slots = if d.slots > 0 { format!("; room for {} specialist(s)", d.slots) } else { String::new() };
    format!("{} — cost {}: {score}{effect}{slots}", d.name, d.cost)
}

fn masters_help(g: &Kg) -> String {
    g.masters.iter().map(|&m| room_help(m)).collect::<Vec<_>>().join("\n")
}

fn own_area(s: &mut Scene, g: &Kg, seat: usize, viewer: Option<usize>, r: Rect) {
    let p = &g.players[seat];
    let d = data();
    s.panel(r, Color::rgb(34, 50, 46), Color::player(seat))
        .highlight(if seat == g.active { Highlight::Active } else { Highlight::None });
    let coins = if coins_visible(g, viewer, seat) { p.coins.to_string() } else { "?".into() };
    s.heading(
        pos(r.x + 12.0, r.y + 18.0),
        format!(
            "{} {} · {} · coins {coins} · sigils free {} · quests {}",
            Color::PLAYER_MARK[seat % 8],
            p.name,
            d.guilds[p.guild as usize].name,
            g.free_sigils(seat),
            g.scored_quests(seat).len()
        ),
        TEXT,
        Color::player(seat),
    )
    .tooltip(player_summary(g, seat, viewer));
    s.text(
        pos(r.x + 12.0, r.y + 46.0),
        format!("Storage {}/{}", p.stored(), p.storage_limit()),
        SMALL,
        Color::WHITE,
    );
    res_row(s, r.x + 150.0, r.y + 46.0, &p.res, Some(seat));
    // Four outside specialist spaces above the grid.
    let cw = 118.0;
    let ch = 64.0;
    let gx = r.x + 12.0;
    let gy = r.y + 70.0;
    let outside: Vec<u8> = p.specs.iter().filter(|(_, l)| *l == Loc::Outside).map(|x| x.0).collect();
    for i in 0..4 {
        let cr = rect(gx + i as f32 * (cw + 4.0), gy, cw, 40.0);
        match outside.get(i) {
            Some(&x) => {
                s.rect(cr, Color::rgb(236, 228, 206), 6.0).tooltip(spec_help(x, 0));
                s.text(pos(cr.x + 6.0, cr.y + 20.0), spec(x).name.clone(), SMALL, Color::INK);
            }
            None => {
                s.rect(cr, Color::rgb(60, 80, 72), 6.0).tooltip("A free specialist space above the guild");
            }
        }
    }
    let board = &d.boards[p.board as usize];
    for c in 0..12usize {
        let cr = rect(gx + (c % 4) as f32 * (cw + 4.0), gy + 46.0 + (c / 4) as f32 * (ch + 4.0), cw, ch);
        let id = format!("cell:{seat}:{c}");
        match p.grid[c] {
            EMPTY => {
                let (label, tip) = match board.spaces[c] {
                    Space::Resource(res) => (format!("+1 {}", RES_NAMES[res]), format!("Bonus space: building here gives 1 {}", RES_NAMES[res])),
                    Space::Coins => (format!("+{} coins", d.bonus_coins), format!("Bonus space: building here gives {} coins", d.bonus_coins)),
                    _ => (String::new(), "A free space of your guild".to_string()),
                };
                s.rect(cr, Color::rgb(70, 92, 82), 6.0).id(id).tooltip(tip);
                s.text(pos(cr.x + 6.0, cr.y + ch / 2.0), label, SMALL, Color::rgb(220, 230, 220));
            }
            crate::data::room::GUILD => {
                s.rect(cr, Color::player(seat).with_alpha(200), 6.0)
                    .tooltip(format!("{}: stores {}", d.guilds[p.guild as usize].name, d.guilds[p.guild as usize].storage));
                if c % 4 == 0 || p.grid[c - 1] != crate::data::room::GUILD {
                    s.text(pos(cr.x + 6.0, cr.y + ch / 2.0), "Guild", SMALL, Color::WHITE).bold();
                }
            }
            rm => {
                let anchor = c % 4 == 0 || p.grid[c - 1] != rm;
                s.rect(cr, Color::rgb(214, 200, 170), 6.0).id(id).tooltip(room_help(rm));
                if anchor {
                    s.text_block(rect(cr.x + 4.0, cr.y + 2.0, if room_def(rm).width == 2 { cw * 2.0 } else { cw - 8.0 }, 24.0),
                        room_def(rm).name.clone(), SMALL, Color::INK);
                    let inside: Vec<&str> = p.specs.iter().filter(|(_, l)| *l == Loc::Room(c as u8)).map(|(x, _)| spec(*x).name.as_str()).collect();
                    let mut names = inside.join(", ");
                    if p.baggage == Some(c as u8) {
                        if !names.is_empty() { names.push_str(", "); }
                        names.push_str("baggage");
                    }
                    if !names.is_empty() {
                        s.text(pos(cr.x + 6.0, cr.y + ch - 14.0), names, SMALL, Color::rgb(80, 40, 20));
                    }
                }
            }
        }
    }
    // Hand and pool on the right.
    let hx = r.x + 520.0;
    let mine = viewer == Some(seat);
    s.heading(pos(hx, r.y + 78.0), format!("Treasures ({}/{})", p.hand.len(), p.hand_limit()), TEXT, Color::WHITE);
    if mine {
        let cards = crate::legal::distinct(&p.hand);
        for (i, &k) in cards.iter().enumerate() {
            let t = treasure(k);
            let cnt = p.hand.iter().filter(|&&x| x == k).count();
            let cr = rect(hx + (i % 7) as f32 * 150.0, r.y + 96.0 + (i / 7) as f32 * 100.0, 142.0, 92.0);
            s.card(cr, Color::PAPER, Some(treasure_colour(t.colour)), t.name.clone(), if cnt > 1 { format!("×{cnt}") } else { String::new() })
                .id(format!("hand:{k}"))
                .tooltip(treasure_help(g, seat, k))
                .private();
        }
    } else {
        let hc = hand_counts(p);
        s.text(pos(hx, r.y + 110.0), format!("blue {}, red {}, yellow {} (hidden)", hc[0], hc[1], hc[2]), SMALL, Color::WHITE);
    }
    if let Some(Pending::Keep { seat: ks, .. }) = g.pending.front()
        && viewer == Some(*ks as usize)
        && *ks as usize == seat
    {
        s.heading(pos(hx, r.y + 310.0), "Drawn for the shared quest:", SMALL, Color::WHITE);
        for (i, &k) in crate::legal::distinct(&g.pool).iter().enumerate() {
            let cr = rect(hx + 260.0 + i as f32 * 150.0, r.y + 290.0, 142.0, 80.0);
            s.card(cr, Color::PAPER, Some(treasure_colour(treasure(k).colour)), treasure(k).name.clone(), "")
                .id(format!("pool:{k}"))
                .tooltip(treasure_help(g, seat, k))
                .private();
        }
    }
    let quest_names: Vec<String> = g.scored_quests(seat).iter().map(|&q| format!("{} ({})", quest(q).name, quest(q).hero.name())).collect();
    s.text_block(
        rect(hx, r.y + 304.0, 250.0, 76.0),
        format!("Quests: {}", if quest_names.is_empty() { "none".into() } else { quest_names.len().to_string() }),
        SMALL,
        Color::WHITE,
    )
    .tooltip(quest_names.join("\n"));
    if g.phase == Phase::Play && seat == g.active && viewer == Some(seat) {
        let t = &g.turn;
        let mut bits = Vec::new();
        if t.fortune > 0 { bits.push(format!("Fortune Potion ×{}", t.fortune)); }
        if t.lucky { bits.push("Lucky Potion ready".to_string()); }
        if !bits.is_empty() {
            s.text(pos(r.x + 12.0, r.y + r.h - 14.0), bits.join(" · "), SMALL, Color::rgb(240, 220, 160));
        }
    }
    let _ = s.rect(rect(0.0, 0.0, 0.0, 0.0), Color::TRANSPARENT, 0.0);
    let _ = stroke;
}

pub fn treasure_help(g: &Kg, seat: usize, k: u8) -> String {
    use crate::data::TreasureEffect as T;
    let t = treasure(k);
    let what = match t.effect {
        T::None if t.charm > 0 => format!("Charm: {} prestige at the end (most charms: 3 more)", t.charm),
        T::None if t.relic.is_some() => "Relic: sets of different relics score 2/5/9/13/17/22".into(),
        T::None => "Sell it for coins".into(),
        T::Map => "Discard it with another treasure to draw two treasures of the colours you name".into(),
        T::Contract => "Hire a specialist without using your action".into(),
        T::Spoiling => "Everyone, you too, loses 1 of a resource type you name".into(),
        T::Gain(gv) => format!("Gain {}", crate::data::res_list(&gv)),
        T::Plenty => "Gain 2 of one resource you may gather; the next player gains 1".into(),
        T::Wonders => "Gain 1 coin and draw a treasure of a colour you name; the next player may pay 1 coin for one of another colour".into(),
        T::Riches => "Gain 4 coins; the next player gains 2".into(),
        T::Lucky => "Doubles the treasures of the next quest you complete this turn".into(),
        T::Fortune => "Doubles the coins of an item you craft this turn".into(),
    };
    format!("{} ({}) — {what}. Sells for {}.", t.name, t.colour.name(), g.sell_price(seat, k))
}
