//! What a lord can do in combat. Actions name components by kind or id, never by their
//! position in the legal list, so a saved log keeps its meaning.

use serde::{Deserialize, Serialize};

/// No target: a standard or everyone attack, or a monster with no one it may attack.
pub const NONE: u8 = u8::MAX;

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub enum Action {
    /// Plan step: the battle is fought on this square (when several are nearest).
    Tile {
        square: u8,
    },
    /// Plan step: set a trap of this kind.
    Trap {
        kind: u8,
    },
    /// Plan step: send a ready monster or ghost of this kind.
    Monster {
        kind: u8,
    },
    /// Ends the plan (possibly empty).
    Confirm,
    /// No unconquered tile is left: this prisoner goes free.
    Release {
        adventurer: u8,
    },
    /// The dart flies at this adventurer.
    TrapTarget {
        adventurer: u8,
    },
    /// The next monster of this kind attacks with attack `mode` (index into its data) at
    /// the named adventurers (`NONE` where the attack takes no target). `mode == NONE`:
    /// it has no one it may attack and is knocked out.
    Attack {
        kind: u8,
        mode: u8,
        a: u8,
        b: u8,
    },
    /// The lord's answer to the spell in effect (see `spells` for the values).
    Spell {
        choice: u8,
    },
    /// Chance: the combat's four cards, in round order, face down.
    Deal {
        cards: [u8; 4],
    },

    // The building years (the full game).
    /// Plan step: the next of this round's three orders (a place of the central board).
    Order {
        place: u8,
    },
    /// Plan step (2 players): the third order of the non-player colour this seat handles.
    NpOrder {
        place: u8,
    },
    /// Plan step (full rules' initial orders): this one of the three drawn goes back to
    /// the hand, the other two become inaccessible.
    Keep {
        place: u8,
    },
    /// Declines the order being carried out, or ends digging or production.
    Pass,
    /// Carries out the order on this space as printed.
    Take,
    /// Improve Reputation with a spy: look at the face-down combat card of this round.
    Spy {
        round: u8,
    },
    Dig {
        square: u8,
    },
    /// Mine gold with this many imps.
    Mine {
        imps: u8,
    },
    /// Hire a monster of this kind from the tavern; `pay` is the trap card a golem costs
    /// or the kind of lair monster a demon eats (`NONE` otherwise).
    Hire {
        kind: u8,
        pay: u8,
    },
    Build {
        room: u8,
        square: u8,
    },
    /// Production: the room on this square works once.
    Produce {
        square: u8,
    },
    /// The Tool Shed's tunnel goes on this square.
    Tunnel {
        square: u8,
    },
    /// Take back the order of this position (0–2).
    Retrieve {
        pos: u8,
    },
    /// Pay Day: pay the wage of the monster in question (`pay` as in `Hire`).
    Wage {
        pay: u8,
    },
    /// Pay Day: let the monster in question go (gain 1 Evil).
    Dismiss,
    /// Taxes: pay this much gold; the rest goes to the Dead Letter Office.
    Tax {
        gold: u8,
    },
    /// Year 2: the trap card of this kind goes face down to the discard pile.
    Discard {
        kind: u8,
    },
    /// Chance: `n` tiles or cards drawn for what the game is waiting for.
    Draw {
        ids: [u8; 4],
        n: u8,
    },
}
