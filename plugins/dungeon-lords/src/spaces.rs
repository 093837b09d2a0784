//! The central board's spaces as data: what space I, II and III of each place cost and
//! give, and how far a Dig order reaches.

use crate::orders::Place;

/// What space I, II and III of a place cost and give (the central board).
pub struct Space {
    pub gold: u8,
    pub food: u8,
    /// Evil paid as a cost.
    pub evil: u8,
    pub get_food: u8,
    pub get_gold: u8,
    pub imps: u8,
    pub traps: u8,
    /// Evil lost (reputation improved).
    pub less_evil: u8,
    pub spy: bool,
}

const fn sp(gold: u8, food: u8, evil: u8) -> Space {
    Space {
        gold,
        food,
        evil,
        get_food: 0,
        get_gold: 0,
        imps: 0,
        traps: 0,
        less_evil: 0,
        spy: false,
    }
}

pub fn space(place: Place, i: u8) -> Space {
    match (place, i) {
        (Place::GetFood, 0) => Space {
            get_food: 2,
            ..sp(1, 0, 0)
        },
        (Place::GetFood, 1) => Space {
            get_food: 3,
            ..sp(0, 0, 1)
        },
        (Place::GetFood, _) => Space {
            get_food: 3,
            get_gold: 1,
            ..sp(0, 0, 2)
        },
        (Place::Reputation, 0) => Space {
            less_evil: 1,
            spy: true,
            ..sp(0, 0, 0)
        },
        (Place::Reputation, 1) => Space {
            less_evil: 2,
            ..sp(0, 0, 0)
        },
        (Place::Reputation, _) => Space {
            less_evil: 2,
            spy: true,
            ..sp(1, 0, 0)
        },
        (Place::RecruitImps, 0) => Space {
            imps: 1,
            ..sp(0, 1, 0)
        },
        (Place::RecruitImps, 1) => Space {
            imps: 2,
            ..sp(0, 2, 0)
        },
        (Place::RecruitImps, _) => Space {
            imps: 2,
            ..sp(1, 1, 0)
        },
        (Place::BuyTraps, 0) => Space {
            traps: 1,
            ..sp(1, 0, 0)
        },
        (Place::BuyTraps, 1) => Space {
            traps: 1,
            ..sp(0, 0, 0)
        },
        (Place::BuyTraps, _) => Space {
            traps: 2,
            ..sp(2, 0, 0)
        },
        (Place::BuildRoom, 0) => sp(0, 0, 0),
        (Place::BuildRoom, _) => sp(1, 0, 0),
        (Place::HireMonster, 2) => sp(0, 1, 0),
        _ => sp(0, 0, 0),
    }
}

/// Tunnels a Dig order allows, and whether a foreimp must supervise.
pub fn permit(i: u8) -> (u8, bool) {
    (2 + i, i == 2)
}
