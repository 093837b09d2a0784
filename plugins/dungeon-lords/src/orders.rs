//! Minions on the central board (the full game): orders revealed one position at a time and
//! placed from the start player on the first free space, spaces blocked by non-player
//! minions, and the order in which the spaces are carried out.

use serde::{Deserialize, Serialize};

/// The eight places, in the order they are carried out (top row left to right, then the
/// bottom row; the layout of the rows is our design).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    GetFood,
    Reputation,
    DigTunnels,
    MineGold,
    RecruitImps,
    BuyTraps,
    HireMonster,
    BuildRoom,
}

impl Place {
    pub const ALL: [Place; 8] = [
        Place::GetFood,
        Place::Reputation,
        Place::DigTunnels,
        Place::MineGold,
        Place::RecruitImps,
        Place::BuyTraps,
        Place::HireMonster,
        Place::BuildRoom,
    ];
    /// Hiring and building go from space III down to I (the later arrival chooses first).
    pub fn reversed(self) -> bool {
        matches!(self, Place::HireMonster | Place::BuildRoom)
    }
    pub fn from_index(i: u8) -> Place {
        Place::ALL[i as usize % 8]
    }
    pub fn name(self) -> &'static str {
        match self {
            Place::GetFood => "Get Food",
            Place::Reputation => "Improve Reputation",
            Place::DigTunnels => "Dig Tunnels",
            Place::MineGold => "Mine Gold",
            Place::RecruitImps => "Recruit Imps",
            Place::BuyTraps => "Buy Traps",
            Place::HireMonster => "Hire Monster",
            Place::BuildRoom => "Build Room",
        }
    }
}

/// Who stands on a space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Minion {
    Seat(usize),
    /// A non-player colour's minion: the space is blocked.
    NonPlayer(usize),
}

/// The three spaces of each place, I to III.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    pub spaces: [[Option<Minion>; 3]; 8],
}

impl Board {
    /// Puts a minion on the first free space of `place`; `None` when all three are taken
    /// (the minion stays on its order card: the order is not carried out).
    pub fn place(&mut self, place: Place, who: Minion) -> Option<usize> {
        let row = &mut self.spaces[place as usize];
        let free = row.iter().position(|s| s.is_none())?;
        row[free] = Some(who);
        Some(free)
    }

    /// Reveals and places every seat's orders: position 1 for all seats in play order from
    /// the start player, then position 2, then 3. Returns the shut-out orders as
    /// (seat, position).
    pub fn place_all(&mut self, orders: &[[Place; 3]], start: usize) -> Vec<(usize, usize)> {
        let n = orders.len();
        let mut shut = Vec::new();
        for pos in [0usize, 1, 2] {
            for k in 0..n {
                let s = (start + k) % n;
                if self.place(orders[s][pos], Minion::Seat(s)).is_none() {
                    shut.push((s, pos));
                }
            }
        }
        shut
    }

    /// The spaces in the order they are carried out, with who stands there.
    pub fn execution(&self) -> Vec<(Place, usize, Minion)> {
        let mut out = Vec::new();
        for p in Place::ALL {
            let row = &self.spaces[p as usize];
            let idx: [usize; 3] = if p.reversed() { [2, 1, 0] } else { [0, 1, 2] };
            for i in idx {
                if let Some(m) = row[i] {
                    out.push((p, i, m));
                }
            }
        }
        out
    }
}
