//! Component data, parsed once from `resources/dragonkeepers/components.json`.
//!
//! Card ids are fixed by position: the left deck first, then the right deck, the starting
//! cards and the shadow dragons, so a saved action naming card 17 always means the same card.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

pub const JSON: &str = include_str!("../../../resources/dragonkeepers/components.json");

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    White,
    Red,
    Blue,
    Green,
}

impl Colour {
    pub const ALL: [Colour; 4] = [Colour::White, Colour::Red, Colour::Blue, Colour::Green];
    pub fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Green => "green",
        }
    }
    pub fn idx(self) -> usize {
        self as usize
    }
}

/// What the back of a card shows, which decides where it may go in the magic book.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Back {
    Number(u8),
    Colour(Colour),
    /// The starting cards' back: it fits neither page.
    Ribbon,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Left,
    Right,
    Starting,
    Shadow,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CardDef {
    /// `None` for a shadow dragon (a wild card).
    pub front: Option<Colour>,
    pub back: Back,
    pub kind: Kind,
    /// Cards with equal `look` are interchangeable (same front, same back): 0..64.
    pub look: u8,
    /// The front as one bit: `1 << colour`, or [`SHADOW_BIT`]; lets the legal-move loops
    /// test a card against a set of acceptable fronts in one step.
    pub front_bit: u8,
}

/// [`CardDef::front_bit`] of a shadow dragon.
pub const SHADOW_BIT: u8 = 1 << 4;

fn look(front: Option<Colour>, back: Back) -> u8 {
    let f = front.map_or(0, |c| c as u8 + 1);
    let b = match back {
        Back::Number(n) => n.min(7),
        Back::Colour(c) => 8 + c as u8,
        Back::Ribbon => 12,
    };
    f * 13 + b
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Reward {
    LowestPiece,
    HighestPiece,
    ShadowDragon,
    Crystal,
    GoldenEgg,
}

#[derive(Deserialize)]
struct LeftGroup {
    back: u8,
    fronts: BTreeMap<Colour, u8>,
}

#[derive(Deserialize)]
struct RightGroup {
    back: Colour,
    fronts: BTreeMap<Colour, u8>,
}

#[derive(Deserialize)]
struct Raw {
    left_deck: Vec<LeftGroup>,
    right_deck: Vec<RightGroup>,
    starting_cards: BTreeMap<Colour, u8>,
    shadow_dragons: u8,
    shadow_back: u8,
    rewards: BTreeMap<String, Vec<Reward>>,
    amulet_pieces: Vec<(u8, u8)>,
    red_pearls: Vec<u8>,
    blue_pearls: Vec<u8>,
    crests: Vec<u8>,
    crystals: u8,
    golden_eggs: u8,
    egg_value: i64,
    egg_flipped_value: i64,
    pieces_removed: BTreeMap<String, u8>,
    amulets_to_end: BTreeMap<String, u8>,
    starting_cards_by_seat: Vec<u8>,
}

/// Everything the rules read from the data file.
pub struct Data {
    pub cards: Vec<CardDef>,
    /// Label text per card id.
    pub names: Vec<String>,
    /// Log texts per card id, built once because every playout action writes one.
    pub texts: Vec<CardTexts>,
    pub left: std::ops::Range<u8>,
    pub right: std::ops::Range<u8>,
    pub starting: std::ops::Range<u8>,
    pub shadows: std::ops::Range<u8>,
    /// Reward per left-page number (index = number).
    pub rewards: Vec<Vec<Reward>>,
    pub piece_values: Vec<u8>,
    /// Pearl values; ids below `red_pearls` are red.
    pub pearl_values: Vec<u8>,
    pub red_pearls: u8,
    pub crests: Vec<u8>,
    pub crystals: u8,
    pub golden_eggs: u8,
    pub egg_value: i64,
    pub egg_flip_bonus: i64,
    pub pieces_removed: [u8; 5],
    pub amulets_to_end: [u8; 5],
    pub starting_by_seat: Vec<u8>,
}

fn parse() -> Data {
    let raw: Raw = serde_json::from_str(JSON).expect("components.json parses");
    let mut cards = Vec::new();
    for g in &raw.left_deck {
        for (&c, &n) in &g.fronts {
            for _ in 0..n {
                cards.push(CardDef {
                    front: Some(c),
                    back: Back::Number(g.back),
                    kind: Kind::Left,
                    look: 0,
                    front_bit: 0,
                });
            }
        }
    }
    let left_end = cards.len() as u8;
    for g in &raw.right_deck {
        for (&c, &n) in &g.fronts {
            for _ in 0..n {
                cards.push(CardDef {
                    front: Some(c),
                    back: Back::Colour(g.back),
                    kind: Kind::Right,
                    look: 0,
                    front_bit: 0,
                });
            }
        }
    }
    let right_end = cards.len() as u8;
    for (&c, &n) in &raw.starting_cards {
        for _ in 0..n {
            cards.push(CardDef {
                front: Some(c),
                back: Back::Ribbon,
                kind: Kind::Starting,
                look: 0,
                front_bit: 0,
            });
        }
    }
    let start_end = cards.len() as u8;
    for _ in 0..raw.shadow_dragons {
        cards.push(CardDef {
            front: None,
            back: Back::Number(raw.shadow_back),
            kind: Kind::Shadow,
            look: 0,
            front_bit: 0,
        });
    }
    let shadow_end = cards.len() as u8;
    for c in &mut cards {
        c.look = look(c.front, c.back);
        c.front_bit = c.front.map_or(SHADOW_BIT, |k| 1 << k.idx());
    }
    let max_number = raw
        .rewards
        .keys()
        .filter_map(|k| k.parse::<usize>().ok())
        .max();
    let mut rewards = vec![Vec::new(); max_number.unwrap_or(0) + 1];
    for (k, v) in &raw.rewards {
        let n: usize = k.parse().expect("reward keys are numbers");
        rewards[n] = v.clone();
    }
    let piece_values = raw
        .amulet_pieces
        .iter()
        .flat_map(|&(v, n)| std::iter::repeat_n(v, n as usize))
        .collect();
    let mut pearl_values = raw.red_pearls.clone();
    pearl_values.extend(&raw.blue_pearls);
    let per_count = |m: &BTreeMap<String, u8>| {
        let mut a = [0u8; 5];
        for (k, &v) in m {
            a[k.parse::<usize>().expect("player count key")] = v;
        }
        a
    };
    let names: Vec<String> = cards.iter().map(make_name).collect();
    let texts = cards
        .iter()
        .zip(&names)
        .map(|(c, name)| CardTexts::new(c, name))
        .collect();
    Data {
        cards,
        names,
        texts,
        left: 0..left_end,
        right: left_end..right_end,
        starting: right_end..start_end,
        shadows: start_end..shadow_end,
        rewards,
        piece_values,
        pearl_values,
        red_pearls: raw.red_pearls.len() as u8,
        crests: raw.crests,
        crystals: raw.crystals,
        golden_eggs: raw.golden_eggs,
        egg_value: raw.egg_value,
        egg_flip_bonus: raw.egg_flipped_value - raw.egg_value,
        pieces_removed: per_count(&raw.pieces_removed),
        amulets_to_end: per_count(&raw.amulets_to_end),
        starting_by_seat: raw.starting_cards_by_seat,
    }
}

/// The log texts of one card, after the seat's name where one comes first.
pub struct CardTexts {
    /// " takes the … from the left/right display", by page.
    pub take: [String; 2],
    /// " places a card showing … face down on the … page".
    pub place: String,
    /// Private: "You place the …".
    pub placed: String,
    /// Private: "You add the … to the play".
    pub selected: String,
}

impl CardTexts {
    fn new(c: &CardDef, name: &str) -> CardTexts {
        let page = match c.back {
            Back::Colour(_) => "right",
            _ => "left",
        };
        CardTexts {
            take: ["left", "right"].map(|p| format!(" takes the {name} from the {p} display")),
            place: format!(
                " places a card showing {} face down on the {page} page",
                back_name(c.back)
            ),
            placed: format!("You place the {name}"),
            selected: format!("You add the {name} to the play"),
        }
    }
}

pub static DATA: LazyLock<Data> = LazyLock::new(parse);

#[inline]
pub fn data() -> &'static Data {
    &DATA
}

#[inline]
pub fn card(id: u8) -> &'static CardDef {
    &DATA.cards[id as usize]
}

/// Short name of a card's face for labels ("red dragon").
pub fn front_name(id: u8) -> &'static str {
    match card(id).front {
        Some(Colour::White) => "white dragon",
        Some(Colour::Red) => "red dragon",
        Some(Colour::Blue) => "blue dragon",
        Some(Colour::Green) => "green dragon",
        None => "shadow dragon",
    }
}

pub fn back_name(back: Back) -> &'static str {
    match back {
        Back::Number(n) => ["0", "1", "2", "3", "4", "5", "6", "7"][n.min(7) as usize],
        Back::Colour(c) => c.name(),
        Back::Ribbon => "ribbon",
    }
}

fn make_name(c: &CardDef) -> String {
    let front = match c.front {
        Some(k) => format!("{} dragon", k.name()),
        None => "shadow dragon".to_string(),
    };
    match c.kind {
        Kind::Shadow => front,
        Kind::Starting => format!("{front} (starting card)"),
        _ => format!("{front} (back {})", back_name(c.back)),
    }
}

#[inline]
pub fn texts(id: u8) -> &'static CardTexts {
    &DATA.texts[id as usize]
}

/// "red dragon (back 3)", naming what a card looks like from both sides.
#[inline]
pub fn card_name(id: u8) -> &'static str {
    &DATA.names[id as usize]
}

pub fn reward_name(r: Reward) -> &'static str {
    match r {
        Reward::LowestPiece => "lowest amulet piece",
        Reward::HighestPiece => "highest amulet piece",
        Reward::ShadowDragon => "shadow dragon",
        Reward::Crystal => "crystal",
        Reward::GoldenEgg => "golden egg",
    }
}

pub fn rewards_text(number: u8) -> String {
    DATA.rewards
        .get(number as usize)
        .map(|r| {
            r.iter()
                .map(|&x| reward_name(x))
                .collect::<Vec<_>>()
                .join(" + ")
        })
        .unwrap_or_default()
}
