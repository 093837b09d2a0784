//! Tooltip texts for the components, in our own words. A component's text never changes,
//! so each is written once and the view copies it.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::LazyLock;

use tavern_plugin_api::scene::text_block_height;

use crate::data::{RES_NAMES, data, room, room_def, spec, treasure};
use crate::model::Kg;

static SPECS: LazyLock<Vec<String>> =
    LazyLock::new(|| (0..data().specialists.len() as u8).map(spec_text).collect());
static ROOMS: LazyLock<Vec<String>> =
    LazyLock::new(|| (0..data().rooms.len() as u8).map(room_text).collect());
static QUESTS: LazyLock<Vec<String>> =
    LazyLock::new(|| (0..data().quests.len() as u8).map(quest_text).collect());

/// A specialist's card text, with the discount lying on it in the row.
pub fn spec_help(x: u8, disc: u8) -> String {
    let base = &SPECS[x as usize];
    if disc > 0 {
        format!(
            "{base}\nDiscount on it: {}",
            crate::data::coins(disc as u32)
        )
    } else {
        base.clone()
    }
}

pub fn spec_base(x: u8) -> &'static str {
    &SPECS[x as usize]
}

pub fn room_help(id: u8) -> String {
    room_base(id).to_string()
}

pub fn room_base(id: u8) -> &'static str {
    &ROOMS[id as usize]
}

/// The supply's room piles: label, the room on top, the other side of a chamber tile.
pub const PILES: [(&str, u8, Option<u8>); 6] = [
    ("Warehouse", room::WAREHOUSE, None),
    ("Library", room::LIBRARY, None),
    ("Gem Workshop", room::GEM, None),
    ("Magic Arcaenum", room::MAGIC, None),
    ("Bed|Kitchen", room::BEDCHAMBER, Some(room::KITCHEN)),
    ("Hall|Barracks", room::GREAT_HALL, Some(room::BARRACKS)),
];

static PILE_TIPS: LazyLock<Vec<String>> = LazyLock::new(|| {
    PILES
        .iter()
        .map(|&(_, top, other)| match other {
            Some(o) => format!("{}\nOther side: {}", room_base(top), room_base(o)),
            None => room_base(top).to_string(),
        })
        .collect()
});

pub fn pile_help(i: usize) -> &'static str {
    &PILE_TIPS[i]
}

thread_local! {
    /// Wrapped heights of the texts the view measures, per size and width.
    static HEIGHTS: RefCell<HashMap<(u32, u32), HashMap<String, f32>>> =
        RefCell::new(HashMap::new());
}

/// [`text_block_height`] (not bold), remembered: the view measures the same names at the
/// same widths again and again.
pub fn block_height(text: &str, size: f32, width: f32) -> f32 {
    HEIGHTS.with(|h| {
        let mut h = h.borrow_mut();
        let by_text = h.entry((size.to_bits(), width.to_bits())).or_default();
        if let Some(&v) = by_text.get(text) {
            return v;
        }
        // Rounded up to whole units: the block keeps its room, the views stay shorter.
        let v = text_block_height(text, size, width, false).ceil();
        // A bound, so texts that change (counts in them) cannot grow it without end.
        if by_text.len() > 4096 {
            by_text.clear();
        }
        by_text.insert(text.to_string(), v);
        v
    })
}

/// A quest card: its hero, each item's cost, value and reward.
pub fn quest_help(q: u8) -> &'static str {
    &QUESTS[q as usize]
}

fn quest_text(q: u8) -> String {
    let qd = crate::data::quest(q);
    let mut tip = format!("{} — {} quest", qd.name, qd.hero.name());
    for it in &qd.items {
        tip.push_str(&format!(
            "\n{} ({}): {} → {} coins, reward a {} treasure",
            it.name,
            it.item.name(),
            crate::data::res_list(&it.cost),
            it.value,
            it.reward.name()
        ));
    }
    tip
}

fn spec_text(x: u8) -> String {
    use crate::data::SpecEffect as E;
    let d = spec(x);
    let what = match d.effect {
        E::Appraiser => "After you get treasure from a quest, you may draw one more of any colour, then discard any one treasure.".to_string(),
        E::Builder => "Build rooms anywhere on your board; bonus spaces give twice as much.".into(),
        E::Storage(k) => format!(
            "Stores {k} more {}.",
            if k == 1 { "resource" } else { "resources" }
        ),
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
    format!(
        "{} (deck {}) — costs {}, {} prestige\n{what}",
        d.name,
        d.deck,
        crate::data::coins(d.cost as u32),
        d.pp
    )
}

fn room_text(id: u8) -> String {
    use crate::data::RoomScore as S;
    let d = room_def(id);
    let score = match d.score {
        S::Plain if d.slots > 0 && !d.always => {
            format!("{} prestige if every space holds a specialist", d.pp)
        }
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
    let slots = if d.slots > 0 {
        format!(
            "; room for {} {}",
            d.slots,
            if d.slots == 1 {
                "specialist"
            } else {
                "specialists"
            }
        )
    } else {
        String::new()
    };
    format!(
        "{} — costs {}: {score}{effect}{slots}",
        d.name,
        crate::data::coins(d.cost as u32)
    )
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
    format!(
        "{} ({}) — {what}. Sells for {}.",
        t.name,
        t.colour.name(),
        crate::data::coins(g.sell_price(seat, k))
    )
}

/// A specialist's ability in the few words its card has room for (the tooltip says it
/// whole): when it works, then what it does.
pub fn spec_short(x: u8) -> String {
    use crate::data::SpecEffect as E;
    match spec(x).effect {
        E::Appraiser => "+1 quest draw".into(),
        E::Builder => "Build anywhere".into(),
        E::Storage(k) => format!("+{k} storage"),
        E::Hand(k) => format!("+{k} hand size"),
        E::Laborer => "Gather any 3".into(),
        E::GatherBonus(r) => format!("Gather: +1 {}", RES_NAMES[r]),
        E::Oracle => "Look at 2 quests".into(),
        E::Recruiter => "Discounts ×2".into(),
        E::Thug => "Others pay 2 to craft".into(),
        E::Auctioneer => "Rarities sell for 4".into(),
        E::Bard => "Rearrange your guild".into(),
        E::Discount(dc) => capital_first(&format!("{}s: −1 {}", dc.item.name(), RES_NAMES[dc.res])),
        E::Hero(h) => capital_first(&format!("{}: 1¢ for {}", h.hero.name(), h.colour.name())),
        E::Sorceress => "Gems and magic".into(),
        E::Warlock => "Scroll ×2".into(),
        E::Adventurer => "Hired: 3 treasures".into(),
        E::Aristocrat => "Needs 2 spaces".into(),
        E::Alchemist => "Trade on hiring".into(),
        E::Curator => "Buy relics for 3".into(),
        E::Extra(k) => format!(
            "Extra {}",
            match k {
                crate::data::ExtraKind::Gather => "gather",
                crate::data::ExtraKind::Craft => "craft",
            }
        ),
        E::Merchant => "Draw 3, discard 3".into(),
        E::Minstrel => "Hired: 1 treasure".into(),
        E::Smuggler => "Steal 1 resource".into(),
        E::Vizier => "Free offering".into(),
        E::Overseer => "Oldest one free".into(),
        E::Witch => "Takes a quest".into(),
    }
}

/// What a room scores and does, in the few words its tile has room for.
pub fn room_short(id: u8) -> String {
    use crate::data::RoomScore as S;
    let d = room_def(id);
    let score = match d.score {
        S::Plain if d.slots > 0 && !d.always => format!("{} pp when full", d.pp),
        S::Plain if d.pp > 0 => format!("{} pp", d.pp),
        S::Plain => String::new(),
        S::Scrolls => "3 pp per scroll".into(),
        S::Coins => "1 pp per coin".into(),
        S::Throne => "9 pp, +6 by the Statue".into(),
        S::Specialists => "3 pp per specialist".into(),
        S::Rooms => "3 pp per room".into(),
        S::Hero(h) => format!("4 pp per {}", h.name()),
        S::Pair([a, b]) => format!("6 pp per {} + {}", a.name(), b.name()),
        S::Gallery => "3 pp per weapon + armour".into(),
        S::Depot => "4 pp per resource type".into(),
        S::Item(k) => format!("2 pp per {}", k.name()),
    };
    let effect = match d.effect {
        crate::data::RoomEffect::None => String::new(),
        crate::data::RoomEffect::Storage(k) => format!("+{k} storage"),
        crate::data::RoomEffect::Hand(k) => format!("+{k} hand"),
        crate::data::RoomEffect::Gems => "gather gems".into(),
        crate::data::RoomEffect::Magic => "gather magic".into(),
    };
    match (score.is_empty(), effect.is_empty()) {
        (false, false) => format!("{score}, {effect}"),
        (true, false) => capital_first(&effect),
        _ => score,
    }
}

fn capital_first(t: &str) -> String {
    let mut c = t.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}
