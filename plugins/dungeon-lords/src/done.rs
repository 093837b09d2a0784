//! The small record a state change returns: what happened, in order. Log text is written
//! from it (`applied`), tests read it, and `apply_quiet` simply drops it.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

/// Why Healing did not happen although the party has healers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoHeal {
    NotAttacked,
    Stopped,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ev {
    RoundStarts(u8),
    /// A lord ends a job that changed nothing by itself (production, digging): a line the
    /// log may fold with other routine entries.
    Quiet(String),
    /// A plan step, told only to its lord.
    PlanStep {
        lord: usize,
    },
    /// The lord confirmed; the plan stays secret until all have.
    Confirmed {
        lord: usize,
    },
    /// Every plan is face up.
    Revealed {
        lord: usize,
        square: u8,
        trap: Option<u8>,
        trap2: Option<u8>,
        monsters: Vec<u8>,
    },
    Released {
        lord: usize,
        adventurer: u8,
    },
    NothingToRelease {
        lord: usize,
    },
    BattleStarts {
        lord: usize,
        square: u8,
    },
    TrapSprung {
        trap: u8,
        gold: u8,
        food: u8,
        imps: u8,
    },
    /// Damage dealt to one adventurer (`prevented` of it stopped by disarm symbols).
    Hit {
        adventurer: u8,
        amount: u8,
        prevented: u8,
    },
    Eliminated {
        adventurer: u8,
    },
    AntiMagic {
        adventurer: u8,
        healing: bool,
        spells: bool,
    },
    Attack {
        kind: u8,
        mode: u8,
        food: u8,
    },
    /// A monster with no one it may attack.
    NoTarget {
        kind: u8,
    },
    Returns {
        kind: u8,
    },
    KnockedOut {
        kind: u8,
    },
    Unused {
        kind: u8,
    },
    Healed {
        adventurer: u8,
        amount: u8,
    },
    NoHealing(NoHeal),
    Fatigue {
        adventurer: u8,
        amount: u8,
    },
    NoConquering,
    Conquered {
        square: u8,
    },
    Saved {
        square: u8,
    },
    Poison {
        adventurer: u8,
        amount: u8,
    },
    PaladinMoves {
        from: Option<usize>,
        to: usize,
    },
    ToDistantLands {
        lord: usize,
        adventurers: Vec<u8>,
    },
    CombatOver,
    CardRevealed {
        card: u8,
    },
    CardsDealt,
    /// The spell takes effect.
    Spell {
        card: u8,
    },
    /// Not enough magic symbols (or none at all) for this round's spell.
    SpellFails {
        card: u8,
        magic: u8,
        /// Magic the round asked for (its number), kept here because the log is written
        /// after the battle step, when the round may have moved on.
        #[serde(default)]
        needed: u8,
        #[serde(default)]
        round: u8,
    },
    /// An Anti-Magic Dart on a wizard stopped it.
    SpellStopped {
        card: u8,
    },
    /// The battle is in an Anti-Magic Room.
    RoomStopsSpell {
        card: u8,
    },
    Withdrawn {
        kind: u8,
    },
    WagePaid {
        kind: u8,
    },
    Sheep {
        kind: u8,
    },
    EvilGained {
        amount: u8,
    },
    Lost {
        what: Cow<'static, str>,
    },
    TrapDiscarded {
        kind: u8,
    },
    Shielded {
        adventurer: u8,
        amount: u8,
    },
    Invisible,
    Fed {
        adventurer: u8,
    },
    IllusionAppears,
    Vanished,
    /// A spell's lasting effect for this round (Blind Rage, Song of Courage, ...).
    Effect(Cow<'static, str>),
    /// A line of the building years' log, public.
    Line(String),
    /// Something only `lord` may read in full (a trap card drawn, an order chosen); the
    /// others read `public`.
    Secret {
        lord: usize,
        public: String,
        private: String,
    },
    /// This step began a part of the game (a year, a building or a combat round): the
    /// log's heading, never a line of its own.
    Section(String),
    /// This step's secret lines are about `key` ("orders"), which a later step reveals:
    /// until then a hot-seat cover protects them, after it they protect nothing.
    SecretAbout(String),
    /// This step reveals the earlier secret lines about `key`.
    Publishes(String),
}
