//! Component data, read once from the hand-edited text files in `resources/above-below/`
//! (embedded at build time). Each file's header explains its format; parsing errors name
//! the file and line, and the checker test (tests/data.rs) proves every reference resolves.
//!
//! Ids are positions: buildings and adventure cards share one card list (starting houses,
//! houses, key houses, star houses, outposts, adventure cards, in that order), villagers one
//! list (starting, hired, special), caves one list (basic, then dangerous).

use std::collections::BTreeMap;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use crate::book::{Book, parse_book, parse_book_into, parse_old_rewards};
pub use crate::goods::Good;
use crate::text::lines;

pub const BOARD: &str = include_str!("../../../resources/above-below/board.txt");
pub const STARTING_HOUSES: &str =
    include_str!("../../../resources/above-below/starting-houses.txt");
pub const HOUSES: &str = include_str!("../../../resources/above-below/houses.txt");
pub const KEY_HOUSES: &str = include_str!("../../../resources/above-below/key-houses.txt");
pub const STAR_HOUSES: &str = include_str!("../../../resources/above-below/star-houses.txt");
pub const OUTPOSTS: &str = include_str!("../../../resources/above-below/outposts.txt");
pub const ADVENTURES: &str = include_str!("../../../resources/above-below/adventures.txt");
pub const VILLAGERS: &str = include_str!("../../../resources/above-below/villagers.txt");
pub const CAVES: &str = include_str!("../../../resources/above-below/caves.txt");
/// The encounter book in parts (file name, text), read in this order into one book.
pub const BOOK: [(&str, &str); 3] = [
    (
        "book/001-064.txt",
        include_str!("../../../resources/above-below/book/001-064.txt"),
    ),
    (
        "book/065-114-basic.txt",
        include_str!("../../../resources/above-below/book/065-114-basic.txt"),
    ),
    (
        "book/115-150-dangerous.txt",
        include_str!("../../../resources/above-below/book/115-150-dangerous.txt"),
    ),
];
/// The rewards 0.2.0 gave where they have changed since (for games begun under 0.2.0).
pub const OLD_REWARDS: &str = include_str!("../../../resources/above-below/book/rewards-0.2.0.txt");
/// The rewards 0.3.0 gave where they have changed since.
pub const REWARDS_0_3: &str = include_str!("../../../resources/above-below/book/rewards-0.3.0.txt");
/// The cards 0.3.0 had where they have changed since: today's name, then the old line.
pub const CARDS_0_3: &str = include_str!("../../../resources/above-below/cards-0.3.0.txt");
/// 0.1.0's whole 64-encounter book and the cave grids that pointed into it.
pub const BOOK_0_1: &str = include_str!("../../../resources/above-below/book/0.1.0/book.txt");
pub const CAVES_0_1: &str = include_str!("../../../resources/above-below/book/0.1.0/caves.txt");

/// Actions a "coin after" symbol can follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Act {
    Explore,
    Build,
    Banish,
    Hire,
    Labor,
}

/// What a "points per" symbol counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Thing {
    Good(Good),
    Ghost,
    Outpost,
    Brew,
    Villager,
    /// Houses, key houses and star houses (the starting house included).
    House,
    Boat,
}

/// One symbol on a building or adventure card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Beds(u8),
    Income(u8),
    Vp(u8),
    /// One good of this kind on the card, put back each round when it is empty.
    Refill(Good),
    /// This many goods on the card when gained, never refilled.
    Stock(u8, Good),
    /// Reputation once, when the card is gained.
    Reputation(i8),
    HireToReady,
    CoinAfter(Act),
    Reroll(u8),
    /// At each round's end, one empty two-goods house of the owner is filled again.
    RefillTwoGood,
    ReputationOnBuild,
    RollFirst,
    /// A boat token, once, when the card is gained.
    Boat,
    BrewOnLabor,
    ReputationEachRound,
    /// Mystic brews, once, when the card is gained.
    Brews(u8),
    SetsVp,
    CoinWithGhost,
    /// +1 point per good on the 3rd and 5th track slots.
    Track35,
    OutpostWithoutCave,
    VpPer(Thing, u8),
    /// Extra lanterns on every explore.
    Lantern(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    Starting,
    House,
    Key,
    Star,
    Outpost,
    Adventure,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Starting => "starting house",
            Kind::House => "house",
            Kind::Key => "key house",
            Kind::Star => "star house",
            Kind::Outpost => "outpost",
            Kind::Adventure => "adventure card",
        }
    }
    /// Houses of every sort (not outposts, not adventure cards).
    pub fn is_house(self) -> bool {
        matches!(self, Kind::Starting | Kind::House | Kind::Key | Kind::Star)
    }
}

#[derive(Clone, Debug)]
pub struct CardDef {
    pub kind: Kind,
    pub name: String,
    pub cost: u8,
    pub effects: Vec<Effect>,
    /// Goes in the outpost row of a village (outposts and star outposts).
    pub outpost: bool,
    /// Adventure cards: their printed number; others 0.
    pub number: u8,
    /// Our words for the card (adventure cards; others describe their symbols).
    pub text: String,
}

impl CardDef {
    pub fn beds(&self) -> u8 {
        self.effects
            .iter()
            .map(|e| if let Effect::Beds(n) = e { *n } else { 0 })
            .sum()
    }
    /// The good this card carries and whether it is refilled, if any.
    pub fn carries(&self) -> Option<(Good, bool)> {
        self.effects.iter().find_map(|e| match e {
            Effect::Refill(g) => Some((*g, true)),
            Effect::Stock(_, g) => Some((*g, false)),
            _ => None,
        })
    }
    pub fn has(&self, e: Effect) -> bool {
        self.effects.contains(&e)
    }
}

#[derive(Clone, Debug)]
pub struct VillagerDef {
    pub name: String,
    pub starting: bool,
    pub special: bool,
    pub hammer: bool,
    pub quill: bool,
    /// The lowest roll that gives two lanterns (7: never).
    pub two_at: u8,
    pub cat: bool,
    pub robot: bool,
}

impl VillagerDef {
    pub fn lanterns(&self, face: u8) -> u8 {
        if face >= self.two_at {
            2
        } else if face >= 1 {
            1
        } else {
            0
        }
    }
    /// Short description of its symbols, for tooltips and labels.
    pub fn symbols(&self) -> String {
        let mut v = Vec::new();
        if self.hammer {
            v.push("hammer".to_string());
        }
        if self.quill {
            v.push("quill".to_string());
        }
        if self.two_at <= 6 {
            v.push(format!("2 lanterns on {}+", self.two_at));
        } else {
            v.push("1 lantern".to_string());
        }
        if self.cat {
            v.push("cat: works only on a roll of 3-6".into());
        }
        if self.robot {
            v.push("own bed, no mystic brew".into());
        }
        v.join(", ")
    }
}

#[derive(Clone, Debug)]
pub struct CaveDef {
    pub name: String,
    pub dangerous: bool,
    /// Paragraph number for die faces 1 to 6.
    pub grid: [u16; 6],
}

/// Values printed on the boards, as `board.txt` gives them.
#[derive(Clone, Debug)]
pub struct Board {
    pub track_vp: Vec<i64>,
    pub track_income: Vec<i64>,
    pub base_income: i64,
    pub slot_costs: [u8; 5],
    /// Points of reputation spaces -7..=7.
    pub reputation_vp: [i64; 15],
    pub start_coins: i64,
    pub rank_bonus: [i64; 4],
    pub two_player_bonus: i64,
}

impl Board {
    /// The track's income with `filled` slots filled (the base income with none).
    pub fn income_of(&self, filled: usize) -> i64 {
        match filled {
            0 => self.base_income,
            n => self.track_income[n - 1],
        }
    }
}

pub struct Data {
    pub board: Board,
    pub cards: Vec<CardDef>,
    pub villagers: Vec<VillagerDef>,
    pub caves: Vec<CaveDef>,
    pub book: Book,
    /// Cards as 0.3.0 had them, by id, for those changed since.
    pub cards_0_3: BTreeMap<u8, CardDef>,
    /// 0.1.0's book and its caves' grids (same caves, same order as `caves`).
    pub book_0_1: Book,
    pub grids_0_1: Vec<[u16; 6]>,
}

impl Data {
    pub fn ids(&self, kind: Kind) -> impl Iterator<Item = u8> + '_ {
        self.cards
            .iter()
            .enumerate()
            .filter(move |(_, c)| c.kind == kind)
            .map(|(i, _)| i as u8)
    }
    pub fn adventure(&self, number: u8) -> Option<u8> {
        self.cards
            .iter()
            .position(|c| c.kind == Kind::Adventure && c.number == number)
            .map(|i| i as u8)
    }
    pub fn cave_ids(&self, dangerous: bool) -> impl Iterator<Item = u8> + '_ {
        self.caves
            .iter()
            .enumerate()
            .filter(move |(_, c)| c.dangerous == dangerous)
            .map(|(i, _)| i as u8)
    }
}

static DATA: LazyLock<Data> = LazyLock::new(|| match load() {
    Ok(d) => d,
    Err(e) => panic!("above-below data: {e}"),
});

pub fn data() -> &'static Data {
    &DATA
}

pub fn card(id: u8) -> &'static CardDef {
    &data().cards[id as usize]
}

pub fn villager(id: u8) -> &'static VillagerDef {
    &data().villagers[id as usize]
}

pub fn cave(id: u8) -> &'static CaveDef {
    &data().caves[id as usize]
}

/// Every data file parsed, or the first error with its file and line.
pub fn load() -> Result<Data, String> {
    let mut cards = Vec::new();
    for (text, file, kind) in [
        (STARTING_HOUSES, "starting-houses.txt", Kind::Starting),
        (HOUSES, "houses.txt", Kind::House),
        (KEY_HOUSES, "key-houses.txt", Kind::Key),
        (STAR_HOUSES, "star-houses.txt", Kind::Star),
        (OUTPOSTS, "outposts.txt", Kind::Outpost),
        (ADVENTURES, "adventures.txt", Kind::Adventure),
    ] {
        cards.extend(parse_cards(text, kind).map_err(|e| format!("{file}: {e}"))?);
    }
    let cards_0_3 =
        parse_changed_cards(&cards, CARDS_0_3).map_err(|e| format!("cards-0.3.0.txt: {e}"))?;
    let caves = parse_caves(CAVES).map_err(|e| format!("caves.txt: {e}"))?;
    let caves_0_1 = parse_caves(CAVES_0_1).map_err(|e| format!("book/0.1.0/caves.txt: {e}"))?;
    if caves_0_1
        .iter()
        .map(|c| (&c.name, c.dangerous))
        .ne(caves.iter().map(|c| (&c.name, c.dangerous)))
    {
        return Err(
            "book/0.1.0/caves.txt: not the same caves in the same order as caves.txt".into(),
        );
    }
    Ok(Data {
        cards_0_3,
        book_0_1: parse_book(BOOK_0_1).map_err(|e| format!("book/0.1.0/book.txt: {e}"))?,
        grids_0_1: caves_0_1.iter().map(|c| c.grid).collect(),
        board: parse_board(BOARD).map_err(|e| format!("board.txt: {e}"))?,
        cards,
        villagers: parse_villagers(VILLAGERS).map_err(|e| format!("villagers.txt: {e}"))?,
        caves,
        book: {
            let mut book = Book::default();
            for (file, text) in BOOK {
                parse_book_into(&mut book, text).map_err(|e| format!("{file}: {e}"))?;
            }
            book.old_rewards = parse_old_rewards(OLD_REWARDS)
                .map_err(|e| format!("book/rewards-0.2.0.txt: {e}"))?;
            book.rewards_0_3 = parse_old_rewards(REWARDS_0_3)
                .map_err(|e| format!("book/rewards-0.3.0.txt: {e}"))?;
            book
        },
    })
}

/// "today's name | old name | cost | symbols": the old card in today's card's place (same
/// id and kind), so a game under older rules sees the card as it was.
fn parse_changed_cards(cards: &[CardDef], text: &str) -> Result<BTreeMap<u8, CardDef>, String> {
    let mut out = BTreeMap::new();
    for (ln, l) in lines(text) {
        let (today, old) = l
            .split_once('|')
            .ok_or_else(|| format!("line {ln}: want today's name | the old line"))?;
        let id = cards
            .iter()
            .position(|c| c.name == today.trim())
            .ok_or_else(|| format!("line {ln}: no card is named '{}'", today.trim()))?;
        let kind = cards[id].kind;
        let mut parsed = parse_cards(old, kind).map_err(|e| format!("line {ln}: {e}"))?;
        if parsed.len() != 1 || kind == Kind::Adventure {
            return Err(format!("line {ln}: want one building's line"));
        }
        if out.insert(id as u8, parsed.remove(0)).is_some() {
            return Err(format!("line {ln}: '{}' appears twice", today.trim()));
        }
    }
    Ok(out)
}

fn fields(l: &str) -> Vec<&str> {
    l.split('|').map(str::trim).collect()
}

fn num<T: std::str::FromStr>(s: &str, line: usize) -> Result<T, String> {
    s.trim()
        .parse()
        .map_err(|_| format!("line {line}: '{s}' is not a number"))
}

fn parse_cards(text: &str, kind: Kind) -> Result<Vec<CardDef>, String> {
    let mut out = Vec::new();
    for (ln, l) in lines(text) {
        let f = fields(l);
        let (number, rest) = if kind == Kind::Adventure {
            if f.len() < 4 {
                return Err(format!("line {ln}: want number | name | effects | text"));
            }
            (num(f[0], ln)?, &f[1..])
        } else {
            if f.len() < 3 {
                return Err(format!("line {ln}: want name | cost | effects"));
            }
            (0, &f[..])
        };
        let (name, cost, effects, text) = if kind == Kind::Adventure {
            (rest[0], 0, rest[1], rest.get(2).copied().unwrap_or(""))
        } else {
            (
                rest[0],
                num(rest[1], ln)?,
                rest[2],
                rest.get(3).copied().unwrap_or(""),
            )
        };
        let outpost = kind == Kind::Outpost
            || (kind == Kind::Star && effects.split(',').any(|e| e.trim() == "outpost"));
        let effects = effects
            .split(',')
            .map(str::trim)
            .filter(|e| !e.is_empty() && *e != "-" && *e != "outpost")
            .map(|e| parse_effect(e).ok_or_else(|| format!("line {ln}: unknown symbol '{e}'")))
            .collect::<Result<Vec<_>, _>>()?;
        out.push(CardDef {
            kind,
            name: name.to_string(),
            cost,
            effects,
            outpost,
            number,
            text: text.to_string(),
        });
    }
    Ok(out)
}

/// One symbol in the cards' words (see the header of houses.txt).
pub fn parse_effect(e: &str) -> Option<Effect> {
    let w: Vec<&str> = e.split_whitespace().collect();
    let n = |s: &str| s.parse::<u8>().ok();
    Some(match w.as_slice() {
        ["bed"] => Effect::Beds(1),
        [k, "beds"] => Effect::Beds(n(k)?),
        ["income", k] => Effect::Income(n(k)?),
        ["vp", k] => Effect::Vp(n(k)?),
        ["stock", k, g @ ..] => Effect::Stock(n(k)?, Good::parse(&g.join(" "))?),
        ["reputation", k] => Effect::Reputation(k.parse().ok()?),
        ["hire", "to", "ready"] => Effect::HireToReady,
        ["coin", "after", a] => Effect::CoinAfter(match *a {
            "explore" => Act::Explore,
            "build" => Act::Build,
            "banish" => Act::Banish,
            "hire" => Act::Hire,
            "labor" => Act::Labor,
            _ => return None,
        }),
        ["reroll"] => Effect::Reroll(1),
        [k, "rerolls"] => Effect::Reroll(n(k)?),
        ["refill", "two-good", "house"] => Effect::RefillTwoGood,
        ["refill", g @ ..] => Effect::Refill(Good::parse(&g.join(" "))?),
        ["reputation", "on", "build"] => Effect::ReputationOnBuild,
        ["roll", "first"] => Effect::RollFirst,
        ["boat"] => Effect::Boat,
        ["brew", "on", "labor"] => Effect::BrewOnLabor,
        ["reputation", "each", "round"] => Effect::ReputationEachRound,
        ["brews", k] => Effect::Brews(n(k)?),
        ["sets", "vp"] => Effect::SetsVp,
        ["coin", "with", "ghost"] => Effect::CoinWithGhost,
        ["track", "3", "and", "5"] => Effect::Track35,
        ["outpost", "without", "cave"] => Effect::OutpostWithoutCave,
        ["lantern", k] => Effect::Lantern(n(k)?),
        ["vp", "per", thing @ .., k] => Effect::VpPer(
            match thing.join(" ").as_str() {
                "ghost" => Thing::Ghost,
                "outpost" => Thing::Outpost,
                "brew" => Thing::Brew,
                "villager" => Thing::Villager,
                "house" => Thing::House,
                "boat" => Thing::Boat,
                g => Thing::Good(Good::parse(g)?),
            },
            n(k)?,
        ),
        _ => return None,
    })
}

fn parse_villagers(text: &str) -> Result<Vec<VillagerDef>, String> {
    let mut out = Vec::new();
    for (ln, l) in lines(text) {
        let f = fields(l);
        if f.len() != 4 {
            return Err(format!(
                "line {ln}: want name | group | symbols | two lanterns at"
            ));
        }
        let group = f[1];
        if !["starting", "hired", "special"].contains(&group) {
            return Err(format!("line {ln}: unknown group '{group}'"));
        }
        let syms: Vec<&str> = f[2]
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty() && *s != "-")
            .collect();
        for s in &syms {
            if !["hammer", "quill", "cat", "robot"].contains(s) {
                return Err(format!("line {ln}: unknown villager symbol '{s}'"));
            }
        }
        let two_at: u8 = if f[3] == "never" { 7 } else { num(f[3], ln)? };
        out.push(VillagerDef {
            name: f[0].to_string(),
            starting: group == "starting",
            special: group == "special",
            hammer: syms.contains(&"hammer"),
            quill: syms.contains(&"quill"),
            two_at,
            cat: syms.contains(&"cat"),
            robot: syms.contains(&"robot"),
        });
    }
    Ok(out)
}

fn parse_caves(text: &str) -> Result<Vec<CaveDef>, String> {
    let mut out = Vec::new();
    for (ln, l) in lines(text) {
        let f = fields(l);
        if f.len() != 3 {
            return Err(format!(
                "line {ln}: want name | basic or dangerous | six paragraphs"
            ));
        }
        let dangerous = match f[1] {
            "basic" => false,
            "dangerous" => true,
            d => return Err(format!("line {ln}: '{d}' is neither basic nor dangerous")),
        };
        let nums: Vec<u16> = f[2]
            .split_whitespace()
            .map(|s| num(s, ln))
            .collect::<Result<_, _>>()?;
        let grid: [u16; 6] = nums
            .try_into()
            .map_err(|_| format!("line {ln}: a cave's grid has exactly six paragraphs"))?;
        out.push(CaveDef {
            name: f[0].to_string(),
            dangerous,
            grid,
        });
    }
    out.sort_by_key(|c| c.dangerous);
    Ok(out)
}

fn parse_board(text: &str) -> Result<Board, String> {
    let mut get = std::collections::BTreeMap::new();
    for (ln, l) in lines(text) {
        let (k, v) = l
            .split_once(':')
            .ok_or_else(|| format!("line {ln}: want key: values"))?;
        let vals: Vec<i64> = v
            .split_whitespace()
            .map(|s| num(s, ln))
            .collect::<Result<_, _>>()?;
        get.insert(k.trim().to_string(), vals);
    }
    let take = |k: &str| get.get(k).cloned().ok_or_else(|| format!("missing '{k}'"));
    let arr = |k: &str, n: usize| -> Result<Vec<i64>, String> {
        let v = take(k)?;
        if v.len() != n {
            return Err(format!("'{k}' wants {n} values"));
        }
        Ok(v)
    };
    let track_vp = arr("track points", 8)?;
    let track_income = arr("track income", 8)?;
    let costs = arr("villager slot costs", 5)?;
    let rep = arr("reputation points", 15)?;
    let ranks = arr("reputation rank bonus", 3)?;
    Ok(Board {
        track_vp,
        track_income,
        base_income: arr("base income", 1)?[0],
        slot_costs: [0, 1, 2, 3, 4].map(|i| costs[i] as u8),
        reputation_vp: std::array::from_fn(|i| rep[i]),
        start_coins: arr("starting coins", 1)?[0],
        rank_bonus: [ranks[0], ranks[1], ranks[2], 0],
        two_player_bonus: arr("two player rank bonus", 1)?[0],
    })
}
