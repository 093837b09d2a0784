//! The game state and the small queries the rules, view and bots share.

use serde::{Deserialize, Serialize};
use tavern_plugin_api::{GameError, Setup};

use crate::data::{Back, Colour, Reward, card, data};
use crate::knowledge::Seen;

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub enum Page {
    Left,
    Right,
}

impl Page {
    pub const BOTH: [Page; 2] = [Page::Left, Page::Right];
    pub fn idx(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            Page::Left => "left",
            Page::Right => "right",
        }
    }
}

/// Which end of a player's row a new stack goes to.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub enum End {
    Left,
    Right,
}

/// The six magic-chest items (variant).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub enum Item {
    TwilightFlute,
    DragonMint,
    TrollHorn,
    GreenOreHammer,
    PrismInk,
    SwindleFeather,
}

impl Item {
    pub const ALL: [Item; 6] = [
        Item::TwilightFlute,
        Item::DragonMint,
        Item::TrollHorn,
        Item::GreenOreHammer,
        Item::PrismInk,
        Item::SwindleFeather,
    ];
    pub fn bit(self) -> u8 {
        1 << (self as u8)
    }
    pub fn key(self) -> &'static str {
        match self {
            Item::TwilightFlute => "twilight_flute",
            Item::DragonMint => "dragon_mint",
            Item::TrollHorn => "troll_horn",
            Item::GreenOreHammer => "green_ore_hammer",
            Item::PrismInk => "prism_ink",
            Item::SwindleFeather => "swindle_feather",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Item::TwilightFlute => "twilight flute",
            Item::DragonMint => "dragon mint",
            Item::TrollHorn => "troll horn",
            Item::GreenOreHammer => "green ore hammer",
            Item::PrismInk => "prism ink",
            Item::SwindleFeather => "swindle feather",
        }
    }
    pub fn help(self) -> &'static str {
        match self {
            Item::TwilightFlute => {
                "After your play and its reward, take every card you just played back to hand except one (a shadow dragon may be the one)."
            }
            Item::DragonMint => {
                "Start of your own turn only: take the top card of each page of the book into your hand."
            }
            Item::TrollHorn => "For one play, a stack hemmed in between two others may still grow.",
            Item::GreenOreHammer => {
                "One lowest amulet piece of your reward (your choice when it has two) becomes the next higher value in the supply."
            }
            Item::PrismInk => "For one play, use another colour than the right page shows.",
            Item::SwindleFeather => "For one play of at least 2, lay out one card fewer.",
        }
    }
}

/// Which setup chance step is pending.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum SetupStep {
    /// The start player is drawn by lot (the "random" start option).
    ChooseStart,
    ShuffleStarting,
    ShuffleLeft,
    ShuffleRight,
    RemovePieces,
    RevealChest,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum Phase {
    Setup(SetupStep),
    /// The active player's turn.
    Turn,
    /// Seat `0` may play to the book as the active player left it.
    Completing(usize),
    Over,
}

/// A card lying face down in a page stack.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Slot {
    pub card: u8,
    /// The seat that put it there from its hand (it knows the front).
    #[serde(default)]
    pub placed_by: Option<u8>,
    /// Its back has been on top of the page at some time, so everyone saw it.
    #[serde(default)]
    pub back_seen: bool,
}

/// A stack of one colour in front of a player.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Stack {
    pub colour: Colour,
    pub cards: Vec<u8>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, Default)]
pub struct Player {
    pub name: String,
    pub hand: Vec<u8>,
    /// Stacks from left to right; their order never changes.
    pub row: Vec<Stack>,
    /// Amulet piece ids in the order received; every three close a ring.
    pub pieces: Vec<u8>,
    pub pearls: Vec<u8>,
    pub crystals: u8,
    /// Crystals and shadow dragons received this turn cannot be used until the next turn.
    pub fresh_crystals: u8,
    pub fresh_shadows: u8,
    pub eggs: u8,
    pub crest: Option<u8>,
    /// Items this seat used this turn (bit per item).
    pub items_used: u8,
}

impl Player {
    pub fn usable_crystals(&self) -> u8 {
        self.crystals - self.fresh_crystals
    }
    pub fn completed_amulets(&self) -> usize {
        self.pieces.len() / 3
    }
    pub fn laid_out(&self) -> usize {
        self.row.iter().map(|s| s.cards.len()).sum()
    }
    pub fn stack_index(&self, c: Colour) -> Option<usize> {
        self.row.iter().position(|s| s.colour == c)
    }
    pub fn shadows_in_hand(&self) -> u8 {
        let first = data().shadows.start;
        self.hand.iter().filter(|&&c| c >= first).count() as u8
    }
}

/// The acting seat's progress through its turn or its completing play.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, Default)]
pub struct Step {
    pub taken: u8,
    pub paid_fourth: bool,
    pub placed: [bool; 2],
    pub played: bool,
    /// Cards chosen so far for the play.
    pub selection: Vec<u8>,
    /// Items switched on for the coming play (paid when the play is made).
    pub armed: u8,
    /// The cards of the play just made (for the twilight flute).
    pub last_play: Vec<u8>,
    /// Which lowest amulet piece of the reward the armed green ore hammer upgrades (0 =
    /// the first); the player chooses when the reward has two.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hammer_on: u8,
}

fn is_zero(v: &u8) -> bool {
    *v == 0
}

impl Step {
    /// Back to `Step::default()`, keeping the buffers (this runs every turn, also in
    /// playouts).
    pub fn reset(&mut self) {
        let mut selection = std::mem::take(&mut self.selection);
        let mut last_play = std::mem::take(&mut self.last_play);
        selection.clear();
        last_play.clear();
        *self = Step {
            selection,
            last_play,
            ..Step::default()
        };
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Options {
    /// Children's variant: no crests, no placement rule.
    pub children: bool,
    /// "none", "random" or "chosen".
    pub chests: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Dk {
    pub options: Options,
    pub phase: Phase,
    pub players: Vec<Player>,
    /// Starting cards still in their pile (undealt ones end there, back in the box).
    pub start_pile: Vec<u8>,
    /// The two page stacks, bottom first; the last slot is the page's visible back.
    pub pages: [Vec<Slot>; 2],
    pub display: [Option<u8>; 2],
    /// Amulet pieces available, as a bit set over piece ids.
    pub piece_supply: u64,
    pub piece_box: u64,
    pub pearl_supply: u16,
    pub crests: Vec<u8>,
    pub crystals: u8,
    pub eggs: u8,
    pub shadow_supply: Vec<u8>,
    /// Magic-chest items in this game (bit per item).
    pub items: u8,
    pub active: usize,
    pub step: Step,
    /// Seats owed a pearl for a ring just closed, drawn by chance steps.
    pub pearls_due: Vec<u8>,
    pub early_end: bool,
    pub turn: u32,
    /// What the whole table has seen of the cards (for the bots' re-sampling).
    #[serde(default)]
    pub seen: Seen,
}

impl Dk {
    pub fn new_game(setup: &Setup) -> Result<Dk, GameError> {
        let n = setup.seats.len();
        if !(2..=4).contains(&n) {
            return Err(GameError::new("Dragonkeepers is for 2 to 4 players"));
        }
        let d = data();
        let children = match setup.option("variant", "standard") {
            "standard" => false,
            "children" => true,
            v => return Err(GameError::new(format!("unknown variant {v}"))),
        };
        let chests = setup.option("chests", "none").to_string();
        let mut items = 0u8;
        match chests.as_str() {
            "none" | "random" => {}
            "chosen" => {
                for it in Item::ALL {
                    if setup.option(it.key(), "no") == "yes" {
                        items |= it.bit();
                    }
                }
                if items == 0 {
                    return Err(GameError::new("choose at least one magic-chest item"));
                }
            }
            v => return Err(GameError::new(format!("unknown chests option {v}"))),
        }
        // The rulebook lets the players decide who starts: a named seat, or a lot drawn
        // as the first chance step (never an RNG here, so a log replays the same).
        let (first_step, active) = match setup.option("start", "random") {
            "random" => (SetupStep::ChooseStart, 0),
            v => match v.parse::<usize>() {
                Ok(k) if (1..=n).contains(&k) => (SetupStep::ShuffleStarting, k - 1),
                _ => {
                    return Err(GameError::new(format!(
                        "start player {v} is not a seat of this table"
                    )));
                }
            },
        };
        let mut crests = d.crests.clone();
        if n == 2 {
            let top = *crests.iter().max().unwrap_or(&0);
            crests.retain(|&c| c != top);
        }
        crests.sort_unstable_by(|a, b| b.cmp(a));
        Ok(Dk {
            options: Options { children, chests },
            phase: Phase::Setup(first_step),
            players: setup
                .seats
                .iter()
                .map(|s| Player {
                    name: s.name.clone(),
                    ..Default::default()
                })
                .collect(),
            start_pile: d.starting.clone().collect(),
            pages: [
                d.left.clone().map(slot).collect(),
                d.right.clone().map(slot).collect(),
            ],
            display: [None, None],
            piece_supply: (1u64 << d.piece_values.len()) - 1,
            piece_box: 0,
            pearl_supply: ((1u32 << d.pearl_values.len()) - 1) as u16,
            crests,
            crystals: d.crystals,
            eggs: d.golden_eggs,
            shadow_supply: d.shadows.clone().collect(),
            items,
            active,
            step: Step::default(),
            pearls_due: Vec::new(),
            early_end: false,
            turn: 1,
            seen: Seen::default(),
        })
    }

    pub fn n(&self) -> usize {
        self.players.len()
    }

    pub fn has_item(&self, it: Item) -> bool {
        self.items & it.bit() != 0
    }

    /// The seat making decisions now, if a seat is.
    pub fn actor(&self) -> Option<usize> {
        if !self.pearls_due.is_empty() {
            return None;
        }
        match self.phase {
            Phase::Turn => Some(self.active),
            Phase::Completing(s) => Some(s),
            _ => None,
        }
    }

    pub fn top(&self, p: Page) -> Option<u8> {
        self.pages[p.idx()].last().map(|s| s.card)
    }

    /// The number the left page shows (how many cards to play).
    pub fn book_number(&self) -> u8 {
        match self.top(Page::Left).map(|c| card(c).back) {
            Some(Back::Number(n)) => n,
            _ => 0,
        }
    }

    /// The colour the right page shows.
    pub fn book_colour(&self) -> Option<Colour> {
        match self.top(Page::Right).map(|c| card(c).back) {
            Some(Back::Colour(c)) => Some(c),
            _ => None,
        }
    }

    pub fn completed_amulets(&self) -> usize {
        self.players.iter().map(Player::completed_amulets).sum()
    }

    pub fn amulets_to_end(&self) -> usize {
        data().amulets_to_end[self.n()] as usize
    }

    pub fn piece_value(id: u8) -> u8 {
        data().piece_values[id as usize]
    }

    /// The available piece of lowest (or highest) value; lowest id among equals.
    pub fn piece_at_extreme(&self, highest: bool) -> Option<u8> {
        extreme_in(self.piece_supply, highest)
    }

    /// The available piece of the next value above `value`, for the green ore hammer.
    pub fn piece_above(&self, value: u8) -> Option<u8> {
        above_in(self.piece_supply, value)
    }

    /// The amulet pieces the reward of book number `number` gives, per reward entry (`None`
    /// where the entry is no piece or the supply has none left), taken one after the other
    /// from the supply; `hammer` names the lowest piece (0 = the reward's first) that the
    /// green ore hammer upgrades to the next higher value.
    pub fn reward_pieces(&self, number: u8, hammer: Option<u8>) -> [Option<u8>; 3] {
        let mut supply = self.piece_supply;
        let mut out = [None; 3];
        let mut lowest = 0u8;
        for (k, &r) in data().rewards[number as usize].iter().enumerate().take(3) {
            let mut id = match r {
                Reward::LowestPiece => extreme_in(supply, false),
                Reward::HighestPiece => extreme_in(supply, true),
                _ => continue,
            };
            if r == Reward::LowestPiece {
                if hammer == Some(lowest)
                    && let Some(up) = id.and_then(|i| above_in(supply, Self::piece_value(i)))
                {
                    id = Some(up);
                }
                lowest += 1;
            }
            if let Some(i) = id {
                supply &= !(1u64 << i);
            }
            out[k] = id;
        }
        out
    }

    /// The values [`Self::reward_pieces`] gives, sorted: two ways of using the hammer
    /// differ for the player only when these do.
    pub fn reward_values(&self, number: u8, hammer: Option<u8>) -> Vec<u8> {
        let mut v: Vec<u8> = self
            .reward_pieces(number, hammer)
            .iter()
            .flatten()
            .map(|&i| Self::piece_value(i))
            .collect();
        v.sort_unstable();
        v
    }

    /// May `seat` add cards of colour `c` to its row (the placement rule)?
    pub fn stack_open(&self, seat: usize, c: Colour) -> bool {
        if self.options.children {
            return true;
        }
        let row = &self.players[seat].row;
        match self.players[seat].stack_index(c) {
            None => true,
            Some(i) => i == 0 || i + 1 == row.len(),
        }
    }

    /// Every card's location, for conservation checks: each id must appear exactly once.
    pub fn all_cards(&self) -> Vec<u8> {
        let mut v: Vec<u8> = self.start_pile.clone();
        for p in &self.pages {
            v.extend(p.iter().map(|s| s.card));
        }
        v.extend(self.display.iter().flatten());
        v.extend(&self.shadow_supply);
        for pl in &self.players {
            v.extend(&pl.hand);
            for s in &pl.row {
                v.extend(&s.cards);
            }
        }
        v
    }
}

fn extreme_in(supply: u64, highest: bool) -> Option<u8> {
    let ids = bit_ids(supply);
    if highest {
        ids.max_by_key(|&i| (Dk::piece_value(i), std::cmp::Reverse(i)))
    } else {
        ids.min_by_key(|&i| (Dk::piece_value(i), i))
    }
}

fn above_in(supply: u64, value: u8) -> Option<u8> {
    bit_ids(supply)
        .filter(|&i| Dk::piece_value(i) > value)
        .min_by_key(|&i| (Dk::piece_value(i), i))
}

/// The set bits of `bits`, lowest first (visits only the pieces still there).
fn bit_ids(mut bits: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let i = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        Some(i)
    })
}

fn slot(card: u8) -> Slot {
    Slot {
        card,
        placed_by: None,
        back_seen: false,
    }
}
