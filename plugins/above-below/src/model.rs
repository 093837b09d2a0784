//! The game state and the small queries the rules, view and scoring share.
//!
//! There is no hidden state: decks are kept as the set of cards not yet seen (a draw is a
//! chance step that picks one) plus the cards put under a deck by a refresh, in order.

use serde::{Deserialize, Serialize};
use tavern_plugin_api::{GameError, Setup};

use crate::data::{Effect, Good, Kind, Thing, card, data, villager};

pub const GHOSTS: u8 = 24;
pub const MAX_REPUTATION: i8 = 7;

/// A face-down pile that cards are drawn from.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum Deck {
    Houses,
    Outposts,
    Keys,
    Villagers,
    BasicCaves,
    DangerousCaves,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, Default)]
pub struct Pile {
    /// Cards nobody has seen, as a sorted set: which one comes next is a chance step.
    pub unseen: Vec<u8>,
    /// Cards put under the pile by a refresh, drawn in this order once `unseen` is empty.
    pub bottom: Vec<u8>,
}

impl Pile {
    pub fn len(&self) -> usize {
        self.unseen.len() + self.bottom.len()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A house or outpost in a player's village.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Building {
    pub card: u8,
    /// Goods lying on the card, of the kind it shows.
    pub goods: u8,
    pub ghost: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct CaveCard {
    pub cave: u8,
    /// An outpost was built on it.
    pub covered: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, Default)]
pub struct Player {
    pub name: String,
    pub coins: i64,
    pub brews: i64,
    pub boats_ready: u8,
    pub boats_used: u8,
    pub pearls: u8,
    pub reputation: i8,
    pub ready: Vec<u8>,
    pub exhausted: Vec<u8>,
    pub injured: Vec<u8>,
    /// Goods kept in the player's supply (not for sale, not on the track).
    pub goods: [u8; 8],
    pub for_sale: Option<Good>,
    /// The advancement track, left to right: one good kind per slot and how many.
    pub track: Vec<(Good, u8)>,
    pub houses: Vec<Building>,
    pub outposts: Vec<Building>,
    pub caves: Vec<CaveCard>,
    pub adventures: Vec<u8>,
}

impl Player {
    pub fn buildings(&self) -> impl Iterator<Item = &Building> {
        self.houses.iter().chain(&self.outposts)
    }
    /// Every card the player owns whose symbols apply (buildings and adventure cards).
    pub fn cards(&self) -> impl Iterator<Item = u8> + '_ {
        self.buildings()
            .map(|b| b.card)
            .chain(self.adventures.iter().copied())
    }
    pub fn effects(&self) -> impl Iterator<Item = Effect> + '_ {
        self.cards().flat_map(|c| card(c).effects.iter().copied())
    }
    pub fn has(&self, e: Effect) -> bool {
        self.effects().any(|x| x == e)
    }
    pub fn sum(&self, f: impl Fn(Effect) -> u8) -> u8 {
        self.effects().map(f).sum()
    }
    pub fn ghosts(&self) -> u8 {
        self.buildings().filter(|b| b.ghost).count() as u8
    }
    pub fn villagers(&self) -> usize {
        self.ready.len() + self.exhausted.len() + self.injured.len()
    }
    /// Beds on every card the player owns (buildings and adventure cards).
    pub fn beds(&self) -> u8 {
        self.cards().map(|c| card(c).beds()).sum()
    }
    pub fn open_caves(&self) -> usize {
        self.caves.iter().filter(|c| !c.covered).count()
    }
    pub fn track_goods(&self, g: Good) -> u8 {
        self.track
            .iter()
            .find(|(k, _)| *k == g)
            .map_or(0, |(_, n)| *n)
    }
    /// Goods the player owns for card bonuses: supply, for sale and track (not on cards).
    pub fn owned(&self, g: Good) -> u8 {
        self.goods[g.idx()] + self.track_goods(g) + (self.for_sale == Some(g)) as u8
    }
    pub fn income(&self) -> i64 {
        let track = data().board.income_of(self.track.len());
        track + self.sum(|e| if let Effect::Income(n) = e { n } else { 0 }) as i64
    }
    pub fn count(&self, t: Thing) -> i64 {
        match t {
            Thing::Good(g) => self.owned(g) as i64,
            Thing::Ghost => self.ghosts() as i64,
            Thing::Outpost => self.outposts.len() as i64,
            Thing::Brew => self.brews,
            Thing::Villager => self.villagers() as i64,
            Thing::House => self.houses.len() as i64,
            Thing::Boat => (self.boats_ready + self.boats_used) as i64,
        }
    }
    pub fn goods_held(&self) -> u32 {
        self.goods.iter().map(|&g| g as u32).sum::<u32>()
            + self.for_sale.is_some() as u32
            + self.track.iter().map(|t| t.1 as u32).sum::<u32>()
            + self.buildings().map(|b| b.goods as u32).sum::<u32>()
    }
}

/// Who is in the middle of what during the play phase.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, Default)]
pub struct Turn {
    /// The main action of this turn is done.
    pub acted: bool,
    pub refreshed: bool,
    /// The good for sale was put up, changed or taken down this turn.
    pub sale_changed: bool,
    /// Sellers this turn's buyer has made an offer to (bit per seat).
    pub offered: u8,
    /// Villagers chosen for the coming action (the plan).
    pub selection: Vec<u8>,
    pub offer: Option<Offer>,
    /// Cats chosen for a task that must still roll whether they obey.
    pub cats: Vec<u8>,
    /// The task those cats were chosen for.
    pub task: Option<Task>,
    /// Goods the labor action may still take from buildings (the most, as the next takes
    /// may narrow it: see [`Ab::may_harvest`]).
    pub harvest: u8,
    /// The laboring villagers without and with a hammer, and the goods taken so far from
    /// houses and from outposts: a hammer villager's two goods come from houses.
    #[serde(default)]
    pub harvest_plain: u8,
    #[serde(default)]
    pub harvest_hammers: u8,
    #[serde(default)]
    pub harvest_houses: u8,
    #[serde(default)]
    pub harvest_outposts: u8,
    /// The offer made waits for the seller's answer.
    pub awaiting: bool,
    /// This turn's action was an explore, now read (its outcome stays open on the table).
    #[serde(default)]
    pub explored: bool,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum Task {
    Explore { dangerous: bool },
    Labor,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Offer {
    pub seller: u8,
    pub coins: u8,
    pub brews: u8,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum Stage {
    /// The die that picks the paragraph from the cave's grid.
    Grid,
    Choose,
    /// Dice still to roll (one per explorer), or a reroll pending.
    Roll,
    /// "Roll dice first": every die rolled, now each goes to an explorer.
    Assign,
    /// Rerolls, boats and exerting, then accept.
    Adjust,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Die {
    pub face: u8,
    pub villager: Option<u8>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Explore {
    pub seat: u8,
    pub dangerous: bool,
    pub cave: u8,
    /// Explorers still on the cave card.
    pub party: Vec<u8>,
    pub exerted: Vec<u8>,
    /// Every explorer in the order sent, so the page keeps their places after exerting.
    #[serde(default)]
    pub sent: Vec<u8>,
    pub paragraph: u16,
    pub choice: Option<u8>,
    pub dice: Vec<Die>,
    pub rerolls_left: u8,
    /// The die being rerolled, if any.
    pub reroll: Option<u8>,
    pub roll_first: bool,
    pub stage: Stage,
}

impl Explore {
    /// Lanterns shown now: dice on explorers, +1 per exerted explorer, card bonuses.
    pub fn lanterns(&self, bonus: u8) -> u8 {
        self.dice
            .iter()
            .filter_map(|d| d.villager.map(|v| villager(v).lanterns(d.face)))
            .sum::<u8>()
            + self.exerted.len() as u8
            + bonus
    }
    pub fn explorers(&self) -> usize {
        self.party.len() + self.exerted.len()
    }
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum Phase {
    /// Setup draws are due (chance steps).
    Setup,
    Play,
    /// End of round: seats decide beds and brews, in turn from the first player.
    Rest,
    Over,
}

/// The outcome of the last explore, kept for the book page after it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct LastRead {
    pub seat: u8,
    pub paragraph: u16,
    pub choice: u8,
    pub lanterns: u8,
    pub success: bool,
    pub bonus: bool,
}

/// Which version's rules a game follows: a save begun under an older version goes on under
/// its rules (see `versions.rs`). Ordered oldest first, so `rules < Rules::V0_3` reads "a
/// rule 0.3.0 changed still holds".
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Rules {
    /// 0.1.0: 0.2.0's rules with the 64-encounter book and its cave grids
    /// (`book/0.1.0/`), whole.
    V0_1,
    /// 0.2.0: hammer villagers harvested from outposts too, the reputation-each-round
    /// symbol never paid in the last round, and the book's rewards were those of
    /// `book/rewards-0.2.0.txt` (then, as 0.3.0, `book/rewards-0.3.0.txt`).
    V0_2,
    /// 0.3.0: four cards carried rarer goods (`cards-0.3.0.txt`) and the book handed out
    /// four rarer goods (`book/rewards-0.3.0.txt`).
    V0_3,
    #[default]
    Today,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Ab {
    #[serde(default)]
    pub rules: Rules,
    pub rounds: u8,
    pub round: u8,
    pub phase: Phase,
    pub players: Vec<Player>,
    pub first: u8,
    pub active: u8,
    pub passed: Vec<bool>,
    pub turn: Turn,
    pub explore: Option<Explore>,
    pub last_read: Option<LastRead>,
    /// Rest phase: seats still to rest, in order; `rest_used` marks villagers that slept in a
    /// bed this round, `brewed` counts brews given to each villager.
    pub rest_queue: Vec<u8>,
    pub beds_left: u8,
    pub rest_used: Vec<u8>,
    pub brewed: Vec<(u8, u8)>,
    pub houses: Pile,
    pub outposts: Pile,
    pub keys: Pile,
    pub villager_pile: Pile,
    pub basic: Pile,
    pub dangerous: Pile,
    /// The face-up top card of the basic and the dangerous cave deck.
    pub cave_top: [Option<u8>; 2],
    pub house_row: Vec<u8>,
    pub outpost_row: Vec<u8>,
    pub key_row: Vec<u8>,
    pub star_row: Vec<u8>,
    /// Villagers for hire, slot 1 (cheapest) to 5.
    pub slots: [Option<u8>; 5],
    /// Special villagers set aside until an encounter hands one out.
    pub aside: Vec<u8>,
    /// Starting villagers not used in this game and the key houses not drawn.
    pub boxed: Vec<u8>,
    pub adventure_deck: Vec<u8>,
    /// Starting houses of seats not in this game.
    pub boxed_houses: Vec<u8>,
    pub ghosts: u8,
    /// Ghosts the active seat gained and must still put on one of its free buildings.
    #[serde(default)]
    pub ghost_due: u8,
    /// Ingredient track: the seat whose cube is on each good.
    pub ingredients: [Option<u8>; 8],
    /// Draws due, in order (chance steps).
    pub draws: Vec<Deck>,
    /// Everything the supply has handed out and taken back, for conservation checks.
    pub coins_out: i64,
    pub brews_out: i64,
    pub goods_out: [i64; 8],
    pub boats_out: i64,
    pub pearls_out: i64,
}

impl Ab {
    pub fn new_game(setup: &Setup) -> Result<Ab, GameError> {
        let n = setup.seats.len();
        if !(2..=4).contains(&n) {
            return Err(GameError::new(
                "Above and Below: Haunted is for 2 to 4 players",
            ));
        }
        let rounds = match setup.option("length", "standard") {
            "standard" => 7,
            "long" => 8,
            v => return Err(GameError::new(format!("unknown game length {v}"))),
        };
        let d = data();
        let start = d.board.start_coins;
        // Extra coins by seat: the 2nd seat +1, the 3rd +1, the 4th +2.
        let extra = [0, 1, 1, 2];
        let starting: Vec<u8> = (0..d.villagers.len() as u8)
            .filter(|&v| villager(v).starting)
            .collect();
        let groups = starting_groups(&starting);
        let mut boxed = Vec::new();
        let mut players = Vec::new();
        for (s, seat) in setup.seats.iter().enumerate() {
            let mut p = Player {
                name: seat.name.clone(),
                coins: start + extra[s],
                brews: 1,
                ..Player::default()
            };
            let trio: Vec<u8> = groups.iter().map(|g| g[s]).collect();
            for v in trio {
                // Four players: only the hammer starts ready in round one.
                if n == 4 && !villager(v).hammer {
                    p.exhausted.push(v);
                } else {
                    p.ready.push(v);
                }
            }
            p.houses.push(Building {
                card: d.ids(Kind::Starting).nth(s).expect("four starting houses"),
                goods: 0,
                ghost: false,
            });
            players.push(p);
        }
        for g in &groups {
            boxed.extend(g.iter().skip(n));
        }
        let coins_out = players.iter().map(|p| p.coins).sum();
        let brews_out = players.iter().map(|p| p.brews).sum();
        let pile = |k: Kind| Pile {
            unseen: d.ids(k).collect(),
            bottom: Vec::new(),
        };
        let mut g = Ab {
            rules: Rules::Today,
            rounds,
            round: 1,
            phase: Phase::Setup,
            passed: vec![false; n],
            players,
            first: 0,
            active: 0,
            turn: Turn::default(),
            explore: None,
            last_read: None,
            rest_queue: Vec::new(),
            beds_left: 0,
            rest_used: Vec::new(),
            brewed: Vec::new(),
            houses: pile(Kind::House),
            outposts: pile(Kind::Outpost),
            keys: pile(Kind::Key),
            villager_pile: Pile {
                unseen: (0..d.villagers.len() as u8)
                    .filter(|&v| !villager(v).starting && !villager(v).special)
                    .collect(),
                bottom: Vec::new(),
            },
            basic: Pile {
                unseen: d.cave_ids(false).collect(),
                bottom: Vec::new(),
            },
            dangerous: Pile {
                unseen: d.cave_ids(true).collect(),
                bottom: Vec::new(),
            },
            cave_top: [None, None],
            house_row: Vec::new(),
            outpost_row: Vec::new(),
            key_row: Vec::new(),
            star_row: d.ids(Kind::Star).collect(),
            slots: [None; 5],
            aside: (0..d.villagers.len() as u8)
                .filter(|&v| villager(v).special)
                .collect(),
            boxed,
            adventure_deck: d.ids(Kind::Adventure).collect(),
            boxed_houses: d.ids(Kind::Starting).skip(n).collect(),
            ghosts: GHOSTS,
            ghost_due: 0,
            ingredients: [None; 8],
            draws: Vec::new(),
            coins_out,
            brews_out,
            goods_out: [0; 8],
            boats_out: 0,
            pearls_out: 0,
        };
        for _ in 0..5 {
            g.draws.push(Deck::Keys);
        }
        for _ in 0..4 {
            g.draws.push(Deck::Houses);
            g.draws.push(Deck::Outposts);
        }
        for _ in 0..5 {
            g.draws.push(Deck::Villagers);
        }
        g.draws.push(Deck::BasicCaves);
        g.draws.push(Deck::DangerousCaves);
        Ok(g)
    }

    pub fn n(&self) -> usize {
        self.players.len()
    }

    pub fn pile(&self, d: Deck) -> &Pile {
        match d {
            Deck::Houses => &self.houses,
            Deck::Outposts => &self.outposts,
            Deck::Keys => &self.keys,
            Deck::Villagers => &self.villager_pile,
            Deck::BasicCaves => &self.basic,
            Deck::DangerousCaves => &self.dangerous,
        }
    }

    pub fn pile_mut(&mut self, d: Deck) -> &mut Pile {
        match d {
            Deck::Houses => &mut self.houses,
            Deck::Outposts => &mut self.outposts,
            Deck::Keys => &mut self.keys,
            Deck::Villagers => &mut self.villager_pile,
            Deck::BasicCaves => &mut self.basic,
            Deck::DangerousCaves => &mut self.dangerous,
        }
    }

    /// Every villager's place, for conservation checks: each id exactly once.
    pub fn all_villagers(&self) -> Vec<u8> {
        let mut v = self.villager_pile.unseen.clone();
        v.extend(&self.villager_pile.bottom);
        v.extend(self.slots.iter().flatten());
        v.extend(&self.aside);
        v.extend(&self.boxed);
        for p in &self.players {
            v.extend(&p.ready);
            v.extend(&p.exhausted);
            v.extend(&p.injured);
        }
        if let Some(e) = &self.explore {
            v.extend(&e.party);
        }
        v
    }

    /// The seat whose decision is due now, if a seat's.
    pub fn actor(&self) -> Option<usize> {
        if !self.draws.is_empty() || !self.turn.cats.is_empty() {
            return None;
        }
        match self.phase {
            Phase::Play => {
                if let Some(e) = &self.explore
                    && matches!(e.stage, Stage::Grid | Stage::Roll)
                {
                    return None;
                }
                if self.turn.awaiting {
                    return self.turn.offer.map(|o| o.seller as usize);
                }
                if self.ghost_due > 0 {
                    return Some(self.active as usize);
                }
                Some(self.active as usize)
            }
            Phase::Rest => self.rest_queue.first().map(|&s| s as usize),
            Phase::Setup | Phase::Over => None,
        }
    }

    /// Lanterns the seat's cards add to every explore.
    pub fn lantern_bonus(&self, seat: usize) -> u8 {
        self.players[seat].sum(|e| if let Effect::Lantern(n) = e { n } else { 0 })
    }

    /// Gives a good from the supply to a seat and claims its ingredient space if free.
    pub fn gain_good(&mut self, seat: usize, g: Good, k: u8) -> bool {
        self.players[seat].goods[g.idx()] += k;
        self.goods_out[g.idx()] += k as i64;
        self.claim(seat, g)
    }

    /// The ingredient track: the first to gain a good puts a cube on it.
    pub fn claim(&mut self, seat: usize, g: Good) -> bool {
        if self.ingredients[g.idx()].is_none() {
            self.ingredients[g.idx()] = Some(seat as u8);
            return true;
        }
        false
    }

    pub fn gain_coins(&mut self, seat: usize, k: i64) {
        self.players[seat].coins += k;
        self.coins_out += k;
    }

    pub fn gain_brews(&mut self, seat: usize, k: i64) {
        self.players[seat].brews += k;
        self.brews_out += k;
    }

    pub fn gain_boats(&mut self, seat: usize, k: u8) {
        self.players[seat].boats_ready += k;
        self.boats_out += k as i64;
    }

    pub fn add_reputation(&mut self, seat: usize, k: i8) {
        let p = &mut self.players[seat];
        p.reputation = (p.reputation + k).clamp(-MAX_REPUTATION, MAX_REPUTATION);
    }

    /// A ghost from the supply for one of the seat's free buildings: placed at once when
    /// only one building could take it, else the seat chooses (`ghost_due`). Returns
    /// whether one was gained.
    pub fn gain_ghost(&mut self, seat: usize) -> bool {
        let p = &mut self.players[seat];
        let free = p.buildings().filter(|b| !b.ghost).count();
        if self.ghosts == 0 || free <= self.ghost_due as usize {
            return false;
        }
        self.ghosts -= 1;
        if free == 1 {
            if let Some(b) = p
                .houses
                .iter_mut()
                .chain(p.outposts.iter_mut())
                .find(|b| !b.ghost)
            {
                b.ghost = true;
            }
        } else {
            self.ghost_due += 1;
        }
        if self.players[seat].has(Effect::CoinWithGhost) {
            self.gain_coins(seat, 1);
        }
        true
    }
}

/// Starting villagers grouped by type (hammer, quill, the rest), each a list over seats.
fn starting_groups(starting: &[u8]) -> Vec<Vec<u8>> {
    let kind = |v: u8| {
        let d = villager(v);
        if d.hammer {
            0
        } else if d.quill {
            1
        } else {
            2
        }
    };
    (0..3)
        .map(|k| starting.iter().copied().filter(|&v| kind(v) == k).collect())
        .collect()
}
