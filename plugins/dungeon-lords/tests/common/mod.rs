//! Shared helpers for the Dungeon Lords tests.
#![allow(dead_code)]

use tavern_plugin_api::{Game, Setup, game::apply_checked};

use tavern_plugin_dungeon_lords::action::NONE;
use tavern_plugin_dungeon_lords::data::data;
use tavern_plugin_dungeon_lords::done::Ev;
use tavern_plugin_dungeon_lords::model::{Adv, Lord, Monster, Tile, TileKind};
use tavern_plugin_dungeon_lords::{Action, Dl};

pub fn setup(mode: &str) -> Setup {
    let mut s = Setup::players(1);
    s.options.insert("mode".into(), mode.into());
    s
}

pub fn training(mode: &str) -> Dl {
    Dl::new(&setup(mode)).expect("training setup")
}

pub fn adv_id(key: &str) -> u8 {
    data()
        .adventurer_id(key)
        .unwrap_or_else(|| panic!("no adventurer {key}"))
}
pub fn trap_id(key: &str) -> u8 {
    data()
        .trap_id(key)
        .unwrap_or_else(|| panic!("no trap {key}"))
}
pub fn monster_id(key: &str) -> u8 {
    data()
        .monster_id(key)
        .unwrap_or_else(|| panic!("no monster {key}"))
}

/// Applies a legal action of seat 0 through the checked path and returns its log text.
pub fn act(g: &mut Dl, seat: usize, a: Action) -> String {
    let applied = apply_checked(g, Some(seat), &a)
        .unwrap_or_else(|e| panic!("{a:?} refused: {e}\nlegal: {:?}", g.legal_actions(seat)));
    applied.label
}

pub fn trap(key: &str) -> Action {
    Action::Trap { kind: trap_id(key) }
}
pub fn send(key: &str) -> Action {
    Action::Monster {
        kind: monster_id(key),
    }
}
/// A monster attack with the data's mode `mode` at the named adventurers (keys).
pub fn attack(key: &str, mode: u8, a: Option<&str>, b: Option<&str>) -> Action {
    Action::Attack {
        kind: monster_id(key),
        mode,
        a: a.map(adv_id).unwrap_or(NONE),
        b: b.map(adv_id).unwrap_or(NONE),
    }
}
pub fn aim(key: &str) -> Action {
    Action::TrapTarget {
        adventurer: adv_id(key),
    }
}

/// Damage on an adventurer still in the party, `None` once he is gone.
pub fn damage(g: &Dl, lord: usize, key: &str) -> Option<u8> {
    let id = adv_id(key);
    g.lords[lord]
        .party
        .iter()
        .find(|a| a.id == id)
        .map(|a| a.damage)
}

pub fn in_prison(g: &Dl, lord: usize, key: &str) -> bool {
    g.lords[lord].prison.contains(&adv_id(key))
}

/// A lord with a line of tunnels from the entrance (A1, B1, ...), rooms where asked.
pub fn lord(name: &str, tunnels: u8, rooms: &[u8]) -> Lord {
    let mut l = Lord::empty(name);
    for sq in 0..tunnels {
        let kind = if rooms.contains(&sq) {
            TileKind::Room
        } else {
            TileKind::Tunnel
        };
        l.grid[sq as usize] = Some(Tile {
            kind,
            conquered: false,
            room: None,
        });
    }
    l
}

pub fn with_party(mut l: Lord, party: &[(&str, u8)]) -> Lord {
    l.party = party.iter().map(|&(k, d)| Adv::new(adv_id(k), d)).collect();
    l
}

pub fn with_traps(mut l: Lord, traps: &[&str]) -> Lord {
    for t in traps {
        l.traps[trap_id(t) as usize] += 1;
    }
    l
}

pub fn with_monsters(mut l: Lord, monsters: &[&str]) -> Lord {
    for m in monsters {
        l.lair.push(Monster {
            kind: monster_id(m),
            ready: true,
        });
    }
    l
}

/// A one-lord combat in year 1 with the training fatigue.
pub fn combat(l: Lord) -> Dl {
    let mut g = Dl::combat(vec![l], 1, data().training_fatigue);
    g.begin();
    g
}

/// Applies an action and returns the record of what happened.
pub fn change(g: &mut Dl, seat: usize, a: Action) -> Vec<Ev> {
    assert!(
        g.legal_actions(seat).contains(&a),
        "{a:?} is not legal; legal: {:?}",
        g.legal_actions(seat)
    );
    g.seat_change(seat, &a).expect("change")
}
