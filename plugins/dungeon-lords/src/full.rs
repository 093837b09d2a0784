//! The full game's state around the combats, as plain types: the options and the older
//! rules a save may replay under, the building stage waiting for a decision, the jobs of a
//! building round, and everything on the table besides the lords' dungeons. The rules that
//! change it are in `year.rs` and `build.rs`.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use crate::orders::Board;

/// The full-rules options (each off in the first game).
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Opts {
    /// Initial inaccessible orders: 3 drawn, 2 chosen.
    pub choose_orders: bool,
    /// Hire Monster as the first order costs 1 gold.
    pub recruit_gold: bool,
    /// Evil paid as a cost may not pass the top of the Evilometer.
    pub evil_cost: bool,
    /// The Special Event tile reveals a special event card.
    #[serde(default)]
    pub special: bool,
    /// An older version's rules this game replays under (a save it wrote); today's rules
    /// by default, and then not written.
    #[serde(default, skip_serializing_if = "Under::is_today")]
    pub under: Under,
}

/// What an older version did differently, kept so its saves replay as they were played
/// (see `versions.rs`). Each field is one rule that version had.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Under {
    /// Dungeon Lords 0.2.0: a conquered room still produced.
    #[serde(default)]
    pub conquered_rooms_produce: bool,
    /// Dungeon Lords 0.2.0 and 0.2.1: the Hall of Fame paid 1 point per title held,
    /// shared titles included.
    #[serde(default)]
    pub fame_per_title: bool,
}

impl Under {
    pub fn is_today(&self) -> bool {
        *self == Under::default()
    }
}

/// A decision the building years wait for.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum Stage {
    /// Full rules: every lord keeps one of three drawn orders in hand (in secret).
    Initial,
    /// Every lord chooses three orders in secret.
    Orders,
    /// The minion in `Full::cur` carries out its order.
    Exec,
    /// Year 2: the lord discards one of the trap cards just bought.
    Discard(usize),
    /// The Tool Shed's tunnel is placed.
    Tunnel(usize),
    Production(usize),
    Retrieve(usize),
    PayDay(usize),
    Taxes(usize),
}

/// What a chance draw is for.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum Need {
    /// A lord's initial inaccessible orders (2, or 3 to choose from).
    Inacc(usize),
    /// A non-player colour's three inaccessible orders.
    NpInacc(usize),
    /// Next round's event tile.
    Event,
    Tavern,
    Store,
    /// More adventurers for next round.
    Advs,
    /// A non-player colour's orders this round.
    NpOrders(usize),
    /// Trap cards drawn by a lord.
    Traps(usize),
    /// This year's special event card.
    Special,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum Job {
    YearStart,
    Draw(Need, u8),
    Initial,
    RoundStart,
    Advs,
    Orders,
    Reveal,
    Exec,
    Discard(usize),
    Tunnel(usize),
    Production(usize),
    Retrieve(usize),
    EventPhase,
    PayDay(usize),
    Taxes(usize),
    Arrivals,
    EndRound,
    Combat,
}

pub const PAY_DAY: u8 = 0;
pub const TAXES: u8 = 1;
pub const SPECIAL: u8 = 2;

pub fn event_name(e: u8) -> &'static str {
    match e {
        PAY_DAY => "Pay Day",
        TAXES => "Taxes",
        _ => "Special Event",
    }
}

/// A non-player colour (2 and 3 players): it only blocks spaces.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct NonPlayer {
    pub inacc: Vec<u8>,
    /// This round's orders revealed so far.
    pub orders: Vec<u8>,
}

/// Tiles and cards that left the game, for the table and for conservation checks.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Discards {
    pub monsters: Vec<u8>,
    pub rooms: Vec<u8>,
    pub advs: Vec<u8>,
    /// Trap cards discarded face down (the second year's extra card), per kind.
    pub traps: Vec<u8>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Full {
    pub opts: Opts,
    /// Building round 1..=4 of the year (0 before the first).
    pub bround: u8,
    pub jobs: VecDeque<Job>,
    pub need: Option<Need>,
    /// Per lord: the two orders (places) it cannot use this round.
    pub inacc: Vec<Vec<u8>>,
    /// Full rules' initial choice: the three drawn, and the one kept in hand.
    pub drawn: Vec<Vec<u8>>,
    pub keep: Vec<Option<u8>>,
    /// This round's orders per lord, first position first.
    pub orders: Vec<Vec<u8>>,
    /// 2 players: the third non-player order each lord chose (for non-player `seat`).
    pub np_pick: Vec<Option<u8>>,
    pub confirmed: Vec<bool>,
    /// Whether each chosen order was carried out.
    pub done: Vec<[bool; 3]>,
    pub board: Board,
    /// Orders on the board still to be carried out: (place, space, seat).
    pub exec: VecDeque<(u8, u8, usize)>,
    pub cur: Option<(u8, u8, usize)>,
    /// Tunnels dug so far by the order in `cur`, and whether its foreimp is out.
    pub dug: u8,
    pub foreimp: bool,
    /// Imps (and trolls) at work this round per lord.
    pub busy: Vec<u8>,
    /// Production uses this round: squares, once per use.
    pub used: Vec<Vec<u8>>,
    pub tavern: Vec<u8>,
    pub store: Vec<u8>,
    pub monster_pool: Vec<u8>,
    pub room_pool: Vec<u8>,
    pub adv_pool: Vec<u8>,
    /// Tiles put under the stack by the same-glyph rule, drawn only when the rest is gone.
    pub adv_bottom: Vec<u8>,
    /// This round's adventurers (last round's forecast), weakest glyph first.
    pub incoming: Vec<u8>,
    /// Next round's adventurers, drawn this round.
    #[serde(default)]
    pub forecast: Vec<u8>,
    /// The event tile of each round (index 1..=4; winter has none).
    pub events: [Option<u8>; 5],
    pub event_pool: Vec<u8>,
    /// The trap deck, a count per kind (order unknown to everyone).
    pub trap_deck: Vec<u8>,
    /// The trap cards just bought, which a year-2 lord discards one of.
    pub bought: Vec<u8>,
    pub np: Vec<NonPlayer>,
    /// 2 players: the non-player Evil counter.
    pub np_evil: Option<u8>,
    pub discards: Discards,
    /// Per lord, the trap cards it threw away face down (year 2), a count per kind: only
    /// that lord knows them.
    #[serde(default)]
    pub hidden_discards: Vec<Vec<u8>>,
    /// Pay Day: the lair monster in question.
    pub wage_idx: usize,
    /// The start player of the first building round of this year.
    pub year_start: usize,
    /// The special event card of each year (index 1 and 2), once revealed.
    #[serde(default)]
    pub special: [Option<u8>; 3],
}
