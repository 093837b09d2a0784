//! Shared helpers for the Dungeon Lords tests.
#![allow(dead_code)]

use tavern_plugin_api::game::check::random_move;
use tavern_plugin_api::scene::{Scene, Shape};
use tavern_plugin_api::{Game, GameRng, Setup, ToAct, game::apply_checked};

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

/// The full game ("game" mode) for `n` lords.
pub fn game_setup(n: usize) -> Setup {
    let mut s = Setup::players(n);
    s.options.insert("mode".into(), "game".into());
    s
}

/// `n` seats under these rules ("first" or "full"), the mode left at its default.
pub fn rules_setup(n: usize, rules: &str) -> Setup {
    let mut s = Setup::players(n);
    s.options.insert("rules".into(), rules.into());
    s
}

/// Plays a random game of `setup` from `seed` to its end; after every `every`th move, `at`
/// sees the state and the number of moves made so far.
pub fn random_walk(setup: &Setup, seed: u64, every: usize, mut at: impl FnMut(&Dl, usize)) {
    let mut g = Dl::new(setup).unwrap();
    let mut rng = GameRng::new(seed);
    let mut k = 0;
    while let Some((seat, a)) = random_move(&g, &mut rng) {
        g.apply(seat, &a).unwrap();
        k += 1;
        if k % every == 0 {
            at(&g, k);
        }
    }
}

/// Applies chance steps (checked) until a seat must decide.
pub fn draw(g: &mut Dl, rng: &mut GameRng) {
    while g.to_act() == ToAct::Chance {
        let a = g.sample_chance(rng);
        apply_checked(g, None, &a).unwrap();
    }
}

/// A new full game of `n` lords with its opening chance steps drawn from `seed`: the first
/// building round's orders are next.
pub fn drawn_game(n: usize, seed: u64) -> (Dl, GameRng) {
    drawn(&game_setup(n), seed)
}

/// A new game of this setup with its opening chance steps drawn from `seed`.
pub fn drawn(s: &Setup, seed: u64) -> (Dl, GameRng) {
    let mut g = Dl::new(s).unwrap();
    let mut rng = GameRng::new(seed);
    draw(&mut g, &mut rng);
    (g, rng)
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
pub fn room_id(key: &str) -> u8 {
    data()
        .rooms
        .iter()
        .position(|r| r.key == key)
        .unwrap_or_else(|| panic!("no room {key}")) as u8
}

/// An unconquered tunnel tile.
pub fn tunnel() -> Option<Tile> {
    Some(Tile {
        kind: TileKind::Tunnel,
        conquered: false,
        room: None,
    })
}

/// A room tile holding the room with this key.
pub fn room_tile(key: &str, conquered: bool) -> Option<Tile> {
    Some(Tile {
        kind: TileKind::Room,
        conquered,
        room: Some(room_id(key)),
    })
}

/// Ready monster tiles of these kinds, as a lair holds them.
pub fn monsters(keys: &[&str]) -> Vec<Monster> {
    keys.iter()
        .map(|k| Monster {
            kind: monster_id(k),
            ready: true,
        })
        .collect()
}

/// Applies a legal action of `seat` through the checked path and returns its log text.
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

/// The event of a hit on the named adventurer.
pub fn hit(key: &str, amount: u8, prevented: u8) -> Ev {
    Ev::Hit {
        adventurer: adv_id(key),
        amount,
        prevented,
    }
}

/// The event of the named adventurer's healing.
pub fn healed(key: &str, amount: u8) -> Ev {
    Ev::Healed {
        adventurer: adv_id(key),
        amount,
    }
}

/// The event of fatigue on the named adventurer.
pub fn fatigued(key: &str, amount: u8) -> Ev {
    Ev::Fatigue {
        adventurer: adv_id(key),
        amount,
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

pub fn with_monsters(mut l: Lord, keys: &[&str]) -> Lord {
    l.lair.extend(monsters(keys));
    l
}

/// The usual defender of the combat examples: lord "L" with three tunnels, this party,
/// these trap cards and these monsters.
pub fn defender(party: &[(&str, u8)], traps: &[&str], monsters: &[&str]) -> Lord {
    with_monsters(
        with_traps(with_party(lord("L", 3, &[]), party), traps),
        monsters,
    )
}

/// A one-lord combat in year 1 with the training fatigue.
pub fn combat(l: Lord) -> Dl {
    combat_with(l, data().training_fatigue)
}

/// A combat of these lords in year 1 whose Conquering adds `fatigue`, begun.
pub fn combat_of(lords: Vec<Lord>, fatigue: u8) -> Dl {
    let mut g = Dl::combat(lords, 1, fatigue);
    g.begin();
    g
}

/// A one-lord combat in year 1 whose Conquering adds `fatigue`, begun.
pub fn combat_with(l: Lord, fatigue: u8) -> Dl {
    combat_of(vec![l], fatigue)
}

/// A one-lord combat whose Conquering adds no fatigue, for examples about one earlier step.
pub fn no_fatigue(l: Lord) -> Dl {
    combat_with(l, 0)
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

/// Seat 0 plans its battle (through `change`): sets these traps, sends these monsters and
/// confirms; the record of the Confirm.
pub fn plan(g: &mut Dl, traps: &[&str], monsters: &[&str]) -> Vec<Ev> {
    for t in traps {
        change(g, 0, trap(t));
    }
    for m in monsters {
        change(g, 0, send(m));
    }
    change(g, 0, Action::Confirm)
}

/// The `defender` with this party, traps and monsters in the combat `start` begins, its
/// plan made with all of them: the game after the Confirm and the Confirm's record.
pub fn battle(
    party: &[(&str, u8)],
    traps: &[&str],
    monsters: &[&str],
    start: impl FnOnce(Lord) -> Dl,
) -> (Dl, Vec<Ev>) {
    let mut g = start(defender(party, traps, monsters));
    let ev = plan(&mut g, traps, monsters);
    (g, ev)
}

/// `battle` against one monster, which then makes its standard attack (mode 0, at whom it
/// hits by itself): the game after and the attack's record.
pub fn standard_attack(
    party: &[(&str, u8)],
    monster: &str,
    start: impl FnOnce(Lord) -> Dl,
) -> (Dl, Vec<Ev>) {
    let (mut g, _) = battle(party, &[], &[monster], start);
    let ev = change(&mut g, 0, attack(monster, 0, None, None));
    (g, ev)
}

/// Seat 0 plans its battle the way a player does (through `act`): sets these traps,
/// sends these monsters and confirms; the Confirm's log text.
pub fn play_plan(g: &mut Dl, traps: &[&str], monsters: &[&str]) -> String {
    for t in traps {
        act(g, 0, trap(t));
    }
    for m in monsters {
        act(g, 0, send(m));
    }
    act(g, 0, Action::Confirm)
}

/// The words of a scene's texts, in drawing order.
pub fn scene_texts(s: &Scene) -> Vec<&str> {
    s.items
        .iter()
        .filter_map(|i| match &i.shape {
            Shape::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

/// The words of the texts `viewer` sees on the table.
pub fn texts(g: &Dl, viewer: Option<usize>) -> Vec<String> {
    scene_texts(&g.view(viewer).scene)
        .into_iter()
        .map(String::from)
        .collect()
}
