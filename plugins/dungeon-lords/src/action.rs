//! What a lord can do in combat. Actions name components by kind or id, never by their
//! position in the legal list, so a saved log keeps its meaning.

use serde::{Deserialize, Serialize};

/// No target: a standard or everyone attack, or a monster with no one it may attack.
pub const NONE: u8 = u8::MAX;

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub enum Action {
    /// Plan step: the battle is fought on this square (when several are nearest).
    Tile { square: u8 },
    /// Plan step: set a trap of this kind.
    Trap { kind: u8 },
    /// Plan step: send a ready monster or ghost of this kind.
    Monster { kind: u8 },
    /// Ends the plan (possibly empty).
    Confirm,
    /// No unconquered tile is left: this prisoner goes free.
    Release { adventurer: u8 },
    /// The dart flies at this adventurer.
    TrapTarget { adventurer: u8 },
    /// The next monster of this kind attacks with attack `mode` (index into its data) at
    /// the named adventurers (`NONE` where the attack takes no target). `mode == NONE`:
    /// it has no one it may attack and is knocked out.
    Attack { kind: u8, mode: u8, a: u8, b: u8 },
    /// The lord's answer to the spell in effect (see `spells` for the values).
    Spell { choice: u8 },
    /// Chance: the combat's four cards, in round order, face down.
    Deal { cards: [u8; 4] },
}
