//! The pieces of the game state that the rules modules share: the moves (`Action`),
//! the decision a seat owes (`Pending`), the response windows' moments (`WinKind`),
//! the artefact and spell bookkeeping (`Magic` and its parts), the ghosts' (`GhostPlay`)
//! and the ghosts themselves (`Ghost` and its parts, `GhostMove`). Plain data with no
//! rules, below `state`, `magic`, `ghost`, `ghost_play` and `record`, which all use it;
//! each of those re-exports what it used to define, so `state` and `record` import
//! none of the modules that implement the rules on them and they depend on it one way
//! only.

use serde::{Deserialize, Serialize};

use crate::data::{self, STABLES, TYPES};

/// A decision some seat owes right now.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum Pending {
    StartTreasure {
        seat: usize,
    },
    Place {
        seat: usize,
    },
    NameStartPlayer {
        seat: usize,
    },
    MarketGive {
        seat: usize,
    },
    MarketTake {
        seat: usize,
        left: u8,
    },
    Bribe {
        seat: usize,
        owed: u8,
        paid: [u8; TYPES],
    },
    /// A castle purchase: first the stack (six-player room M), then one treasure type
    /// per worker, strongest worker first.
    Buy {
        seat: usize,
        room: u8,
        stack: Option<u8>,
        need: Vec<u8>,
        paid: Vec<u8>,
    },
    /// A decision inside an artefact or spell effect (see `magic`).
    Magic {
        seat: usize,
        step: Step,
    },
}

impl Pending {
    pub fn seat(&self) -> usize {
        match *self {
            Pending::StartTreasure { seat }
            | Pending::Place { seat }
            | Pending::NameStartPlayer { seat }
            | Pending::MarketGive { seat }
            | Pending::MarketTake { seat, .. }
            | Pending::Bribe { seat, .. }
            | Pending::Buy { seat, .. }
            | Pending::Magic { seat, .. } => seat,
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum Action {
    /// Setup: the order of the castle's artefact tiles (a permutation of the canonical
    /// list: amulets, keys, mirrors, ravens, scrolls, one per player each).
    ShuffleArtefacts {
        order: Vec<u16>,
    },
    /// A round begins: the guard tile drawn (face down) and the treasure card turned up.
    StartRound {
        guard: u8,
        card: u16,
    },
    TakeStartTreasure {
        treasure: u8,
    },
    Place {
        strength: u8,
        loc: u8,
    },
    NameStartPlayer {
        seat: u8,
    },
    MarketGive {
        treasure: u8,
    },
    MarketTake {
        treasure: u8,
    },
    MarketPass,
    BribeOne {
        treasure: u8,
    },
    RefuseBribe,
    ChooseStack {
        stack: u8,
    },
    PayWorker {
        treasure: u8,
    },
    DeclineBuy,
    /// Setup and reshuffles: the spell deck's new order (a permutation of the cards
    /// being shuffled, in the order they lay in the discard pile).
    ShuffleSpells {
        order: Vec<u16>,
    },
    /// After Choice or Rearrange: the order of the tiles left in a castle stack.
    ShuffleStack {
        stack: u8,
        order: Vec<u16>,
    },
    /// Let the chance to respond go by.
    Pass,
    /// Let every remaining chance to respond this round go by.
    PassRound,
    Invoke {
        artefact: u8,
    },
    Cast {
        spell: u8,
    },
    /// Choose one of your face-up workers (mirror).
    ChooseOwnWorker {
        loc: u8,
        strength: u8,
    },
    /// Choose a worker by owner, location and placement slot (face-down ones too).
    ChooseWorker {
        seat: u8,
        loc: u8,
        slot: u8,
    },
    ChooseLocation {
        loc: u8,
    },
    ChooseArtefact {
        artefact: u8,
    },
    ChooseStackTile {
        index: u8,
    },
    KeepSpell {
        spell: u8,
    },
    PayOne {
        treasure: u8,
    },
    Refuse,
    TakeOne {
        treasure: u8,
    },
    TradeOne {
        give: u8,
        take: u8,
    },
    Done,
    /// The automatic step that turns up the workers at the location resolved next
    /// (its only outcome is that location; see `Cursor::reveal_due`).
    Reveal {
        loc: u8,
    },
    /// A ghost's deck is put in this order (a permutation of its current cards).
    GhostShuffle {
        ghost: u8,
        order: Vec<u16>,
    },
    /// A ghost's placement turn: the face-down artefacts it turns up (first turn of a
    /// round only) and which of its counters goes out (when its card sends one).
    GhostTurn {
        ghost: u8,
        flip: Vec<u8>,
        worker: Option<u8>,
    },
    /// Evict with ghosts: for each party at the location (seats, then ghosts), which of
    /// its workers there (slot in placement order) goes home.
    GhostEvict {
        picks: Vec<u8>,
    },
    /// A ghost at the roundhouse keeps the spell at `pick` of the two drawn (random).
    GhostKeepSpell {
        ghost: u8,
        pick: u8,
    },
    /// Choose a ghost's counter by location and slot (its strength stays hidden).
    ChooseGhostWorker {
        ghost: u8,
        loc: u8,
        slot: u8,
    },
}

/// The moments a response window opens at.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum WinKind {
    /// Before a placement turn: anyone may act first.
    Placement,
    /// Workers at this location are face up; its reward is not yet given.
    Location(u8),
    /// All workers are placed; nothing is resolved yet.
    BeforeResolve,
    /// The last cave has just been resolved (Smuggler's moment).
    AfterCaves,
    /// A spell was just cast: the moment to cancel it with an amulet.
    Spell,
}

/// A mirror image or a raven standing with a player's workers.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Extra {
    pub seat: usize,
    pub loc: u8,
    pub strength: u8,
    pub raven: bool,
}

impl Extra {
    /// The strength it counts as before effects: a raven is a strength-3 worker, so what
    /// changes workers' strengths (a ghost's Odd ones out halving odd ones) reaches it too.
    pub fn counted_strength(&self) -> u8 {
        if self.raven { 3 } else { self.strength }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Window {
    pub kind: WinKind,
    /// Index into the turn order of the seat to ask next.
    pub pos: usize,
    /// Passes in a row so far.
    pub passes: usize,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Cast {
    pub caster: usize,
    pub spell: u8,
    /// The targets chosen while casting, as the actions that chose them.
    pub targets: Vec<Action>,
    pub cancelled: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum PayFor {
    /// Donation or Toll: pay what you can, no refusing.
    Treasury,
    /// Extortion: refuse and every castle worker goes home.
    Extortion,
    /// Levy for one Keytown worker (by placement number): refuse and it goes home.
    Levy { seq: u32 },
    /// Teleport's compensation to that seat.
    Teleport { to: usize },
}

/// A decision inside an artefact or spell effect.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum Step {
    /// Mirror: pick one of your face-up workers.
    Mirror,
    /// Choosing the targets of a spell being cast.
    Target {
        spell: u8,
        picks: Vec<Action>,
    },
    /// Roundhouse or Smuggler: keep one of the drawn spells.
    Keep {
        drawn: Vec<u8>,
        give_to: Option<usize>,
    },
    Pay {
        owed: u8,
        paid: u8,
        purpose: PayFor,
    },
    /// Gift: take small treasures from the treasury.
    Take {
        left: u8,
    },
    /// Trade: swap treasures with the treasury one at a time.
    Trade,
    /// Evict's answer: send one of `victim`'s workers home.
    EvictBack {
        victim: usize,
    },
    /// Choice or Rearrange: pick a tile from a castle stack (seen only by the picker).
    StackPick {
        stack: u8,
        rearrange: bool,
    },
    /// Send `left` of your own workers home (a ghost's Taboo or Teleport, or Evict's
    /// answer with ghosts: strength at least `min`).
    Withdraw {
        left: u8,
        min: u8,
    },
    /// Your spell lets you send a ghost's counter home (`ghost` None: any ghost), from
    /// the caves, Keytown or anywhere; you may decline.
    RemoveGhost {
        ghost: Option<u8>,
        area: GhostArea,
    },
    /// Your Extortion turned up equally weak ghost counters in the castle: choose the
    /// one that goes home.
    ExtortGhost,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum GhostArea {
    Caves,
    Keytown,
    Anywhere,
}

impl GhostArea {
    pub fn contains(self, loc: u8) -> bool {
        match self {
            GhostArea::Caves => loc < 5,
            GhostArea::Keytown => (STABLES..=data::ROUNDHOUSE).contains(&loc),
            GhostArea::Anywhere => true,
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, Default)]
pub struct Magic {
    /// Artefact uses allowed this round (1, plus 1 for the cottage).
    pub allowance: Vec<u8>,
    /// Artefacts invoked this round, per kind (in front of the screen).
    pub invoked: Vec<[u8; 6]>,
    pub wand: Vec<bool>,
    pub key: Vec<bool>,
    pub extras: Vec<Extra>,
    /// Spells behind each screen.
    pub hands: Vec<Vec<u8>>,
    /// The spell deck, top last.
    pub deck: Vec<u8>,
    pub discard: Vec<u8>,
    pub passed: Vec<bool>,
    pub disclosure: Vec<bool>,
    pub substitute_from: Option<u8>,
    pub taboo: Vec<u8>,
    /// Room in which each seat's Choice applies this round.
    pub choice: Vec<Option<u8>>,
    pub windows: Vec<Window>,
    pub casts: Vec<Cast>,
    /// Decisions waiting their turn, first in front.
    pub queue: Vec<Pending>,
    pub need_spell_shuffle: bool,
    /// A stack whose tiles under the chosen one must be shuffled: (stack, chosen tile,
    /// chosen tile goes face up on top).
    pub need_stack_shuffle: Option<(u8, Option<u8>)>,
    pub before_done: bool,
    /// The response window before the current placement turn has closed.
    #[serde(default)]
    pub turn_window_done: bool,
    /// Foreknown variant: two spells lie face up by the roundhouse each round.
    #[serde(default)]
    pub foreknown: bool,
    #[serde(default)]
    pub offer: Vec<u8>,
    #[serde(default)]
    pub offer_due: bool,
    /// Seats owed a two-spell draw (Smuggler's roundhouse reward), drawn once the deck
    /// holds two or the discards have been shuffled in.
    #[serde(default)]
    pub draws_due: Vec<usize>,
    pub after_caves_done: bool,
    pub seq: u32,
}

impl Magic {
    pub fn new(n: usize, magic: bool) -> Magic {
        Magic {
            allowance: vec![1; n],
            invoked: vec![[0; 6]; n],
            wand: vec![false; n],
            key: vec![false; n],
            hands: vec![Vec::new(); n],
            discard: if magic {
                (1..=21).collect()
            } else {
                Vec::new()
            },
            passed: vec![false; n],
            disclosure: vec![false; n],
            choice: vec![None; n],
            need_spell_shuffle: magic,
            ..Default::default()
        }
    }

    pub fn new_round(&mut self) {
        let n = self.allowance.len();
        self.allowance = vec![1; n];
        self.invoked = vec![[0; 6]; n];
        self.wand = vec![false; n];
        self.key = vec![false; n];
        self.extras.clear();
        self.passed = vec![false; n];
        self.disclosure = vec![false; n];
        self.substitute_from = None;
        self.taboo.clear();
        self.choice = vec![None; n];
        self.before_done = false;
        self.after_caves_done = false;
    }
}

/// Ghost settings and the round's effects of ghost powers on the players.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, Default)]
pub struct GhostPlay {
    /// Harder ghosts: spells put under each ghost's deck at setup (0–2).
    pub bottom_spells: u8,
    /// Harder ghosts: face-down artefacts turned up at a round's start (1 or 2).
    pub flips: u8,
    /// Solo option: the player's placed workers are shown face up to everyone. Only
    /// for reference: the rules treat them as face down (ghosts never look anyway).
    #[serde(default)]
    pub solo_face_up: bool,
    /// Ghost decks waiting for their shuffle (setup and each round's end).
    pub shuffle_due: Vec<usize>,
    /// The ghost whose placement turn is due (a chance step).
    pub turn_due: Option<usize>,
    /// Ghosts that already had their first turn this round.
    pub started: Vec<bool>,
    /// Spells each ghost has earned but not yet drawn (the spell deck ran dry).
    pub owed: Vec<u8>,
    /// Ghost keys this round: the guard counts 2 more for each.
    pub keys: u8,
    /// A ghost's amulet: players cast no spells this round.
    pub no_player_spells: bool,
    /// A ghost won the cottage: players use no artefacts but the wand this round.
    pub no_player_artefacts: bool,
    /// Ghost spells against players' workers this round.
    pub halve_even: bool,
    pub halve_odd: bool,
    pub nine_is_one: bool,
    /// Evict with ghosts: the location where one random worker per party goes home.
    pub evict_at: Option<u8>,
    /// The human who cast that Evict (None when a ghost did).
    pub evict_caster: Option<usize>,
    pub after_caves_done: bool,
    /// A ghost won the roundhouse with two spells drawn: which one it keeps is a chance
    /// step (the rules have it pick blind, at random).
    #[serde(default)]
    pub roundhouse: Option<RoundhousePick>,
}

/// The two spells a ghost picks from at the roundhouse, and where the other one goes.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct RoundhousePick {
    pub ghost: usize,
    pub drawn: Vec<u8>,
    /// The runner-up (seat or ghost), if any.
    pub second: Option<usize>,
}

impl GhostPlay {
    pub fn new_round(&mut self) {
        let g = self.started.len();
        *self = GhostPlay {
            bottom_spells: self.bottom_spells,
            flips: self.flips,
            solo_face_up: self.solo_face_up,
            shuffle_due: (0..g).collect(),
            started: vec![false; g],
            owed: std::mem::take(&mut self.owed),
            ..GhostPlay::default()
        };
    }
}

// The ghosts' own pieces: counters, deck, round effects, and what a turn did (`ghost`
// has their data and the rules on them).

/// A card in a ghost's draw deck.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
pub enum GhostCard {
    Action(u8),
    Spell(u8),
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct GhostWorker {
    pub castle: u8,
    pub elsewhere: u8,
    pub loc: Option<u8>,
    pub face_up: bool,
    /// Placement order this round: names a face-down counter without its strength.
    #[serde(default)]
    pub seq: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Ghost {
    /// 0 = dark, 1 = light.
    pub kind: usize,
    pub workers: Vec<GhostWorker>,
    /// Draw deck, top card last.
    pub deck: Vec<GhostCard>,
    pub discard: Vec<u8>,
    /// Spells turned up this round, cast once placement ends.
    pub revealed: Vec<u8>,
    /// Spells gained this round, face down until the end-of-round shuffle.
    pub gained: Vec<u8>,
    pub artefacts: [u8; 6],
    /// Artefacts already turned face up (invoked) this game, per kind; face-down ones are
    /// `artefacts - face_up`.
    pub face_up: [u8; 6],
    /// Kinds invoked at the start of this round.
    pub invoked: Vec<u8>,
    /// Powers and spell effects working for this ghost this round.
    #[serde(default)]
    pub fx: Fx,
}

/// What works for one ghost during the current round (cleared at its end).
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Fx {
    pub mirror: bool,
    pub raven: bool,
    pub scroll: bool,
    /// Spells it cast: Choice, Copy, Disclosure, Moonlight, Trade.
    pub choice: bool,
    pub copy: bool,
    pub disclosure: bool,
    pub moonlight: bool,
    pub trade: bool,
    /// Kinds (bit per kind) a Copy has already taken from the players.
    pub copied: u8,
}

/// What one ghost turn did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GhostMove {
    /// An action card sent counter `worker` to `loc`.
    Placed { card: u8, worker: usize, loc: u8 },
    /// A spell card came up; it waits face up until placement ends.
    Revealed { spell: u8 },
    /// An action card whose area has no active location: discarded, nobody moves (our
    /// choice, the rulebook does not cover it).
    Wasted { card: u8 },
}
