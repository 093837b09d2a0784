//! The fast legal lists against plain definitions: over random positions of every table
//! size, the crafts listed are exactly the (quest, items) pairs `can_craft` allows, the
//! gathers listed are exactly the takes the gather rule allows, written out here one
//! resource array at a time, the rooms and cells offered to build are the ones the
//! placement rule allows cell by cell, and the storage and hand limits are the printed
//! ones plus every room's and specialist's bonus.
use tavern_plugin_api::game::check::{random_move, scaled};
use tavern_plugin_api::{Game, GameRng, Setup};
use tavern_plugin_kings_guild::Action;
use tavern_plugin_kings_guild::Kg;
use tavern_plugin_kings_guild::data::{
    RES, RoomEffect, SpecEffect, ability, data, room, room_def, spec,
};
use tavern_plugin_kings_guild::model::EMPTY;

fn sorted(mut v: Vec<Action>) -> Vec<String> {
    let mut out: Vec<String> = v.drain(..).map(|a| format!("{a:?}")).collect();
    out.sort();
    out
}

/// Gathers as the rule says: up to three of one resource (as the supply allows), one
/// each of two, or with the Laborer three of any mix a normal gather cannot take.
fn gathers_by_definition(g: &Kg, seat: usize) -> Vec<Action> {
    let ok = g.choosable(seat);
    let mut v = Vec::new();
    for &r in &ok {
        for n in 1..=g.stock[r as usize].min(3) {
            let mut take = [0u8; RES];
            take[r as usize] = n;
            v.push(Action::Gather { take });
        }
    }
    for (i, &a) in ok.iter().enumerate() {
        for &b in &ok[i + 1..] {
            let mut take = [0u8; RES];
            take[a as usize] = 1;
            take[b as usize] = 1;
            v.push(Action::Gather { take });
        }
    }
    if g.players[seat].abilities() & ability::LABORER != 0 {
        for (i, &a) in ok.iter().enumerate() {
            for (j, &b) in ok.iter().enumerate().skip(i) {
                for &c in &ok[j..] {
                    let mut take = [0u8; RES];
                    take[a as usize] += 1;
                    take[b as usize] += 1;
                    take[c as usize] += 1;
                    if !take.contains(&3) && (0..RES).all(|r| take[r] <= g.stock[r]) {
                        v.push(Action::Gather { take });
                    }
                }
            }
        }
    }
    v
}

#[test]
fn crafts_and_gathers_listed_are_exactly_the_allowed_ones() {
    let mut crafts_seen = 0;
    for n in 1..=6 {
        for seed in 0..scaled(2) as u64 {
            let mut g = Kg::new(&Setup::players(n)).unwrap();
            let mut rng = GameRng::new(seed * 7 + n as u64);
            while let Some((seat, a)) = random_move(&g, &mut rng) {
                for s in 0..n {
                    let listed = g.craft_actions(s);
                    let mut by_rule = Vec::new();
                    for slot in 0..g.board.len() {
                        for items in 1..4u8 {
                            if g.can_craft(s, slot, items) {
                                by_rule.push(Action::Craft {
                                    slot: slot as u8,
                                    items,
                                });
                            }
                        }
                    }
                    crafts_seen += listed.len();
                    assert_eq!(sorted(listed), sorted(by_rule), "{n} seats, seat {s}");
                    assert_eq!(
                        sorted(g.gather_actions(s)),
                        sorted(gathers_by_definition(&g, s)),
                        "{n} seats, seat {s}"
                    );
                }
                g.apply(seat, &a).unwrap();
            }
        }
    }
    assert!(crafts_seen > 500, "only {crafts_seen} crafts listed");
}

/// Cells where a room `w` wide may start, cell by cell: inside one row, every covered
/// cell free, and one of them beside a filled cell (anywhere with the Builder).
fn cells_by_definition(g: &Kg, seat: usize, w: usize) -> Vec<u8> {
    let p = &g.players[seat];
    let builder = p.abilities() & ability::BUILDER != 0;
    let filled = |c: i32| (0..12).contains(&c) && p.grid[c as usize] != EMPTY;
    let mut out = Vec::new();
    for c in 0..12i32 {
        if c % 4 + w as i32 > 4 {
            continue;
        }
        let cells: Vec<i32> = (c..c + w as i32).collect();
        if cells.iter().any(|&x| filled(x)) {
            continue;
        }
        let beside = cells.iter().any(|&x| {
            filled(x - 4)
                || filled(x + 4)
                || (x % 4 > 0 && filled(x - 1))
                || (x % 4 < 3 && filled(x + 1))
        });
        if builder || beside {
            out.push(c as u8);
        }
    }
    out
}

/// Rooms for sale as the rules say: a common room with its pile not empty or a master
/// room still out, affordable, not built yet, and at two players not the second of the
/// Gem Workshop and Magic Arcaenum.
fn builds_by_definition(g: &Kg, seat: usize) -> Vec<Action> {
    let p = &g.players[seat];
    let mut rooms: Vec<u8> = (0..room::STATUE)
        .filter(|&r| Kg::pile_index(r).is_some_and(|i| g.piles[i] > 0))
        .collect();
    rooms.extend(g.masters.iter().copied());
    let mut v = Vec::new();
    for r in rooms {
        let owns = |x: u8| p.grid.contains(&x);
        if room_def(r).cost as u32 > p.coins || owns(r) {
            continue;
        }
        if g.n() == 2
            && ((r == room::GEM && owns(room::MAGIC)) || (r == room::MAGIC && owns(room::GEM)))
        {
            continue;
        }
        for cell in cells_by_definition(g, seat, room_def(r).width as usize) {
            v.push(Action::Build { room: r, cell });
        }
    }
    v
}

#[test]
fn builds_and_limits_are_the_rules() {
    let mut builds_seen = 0;
    let mut bonus_seen = 0;
    for n in 1..=6 {
        for seed in 0..scaled(2) as u64 {
            let mut g = Kg::new(&Setup::players(n)).unwrap();
            let mut rng = GameRng::new(seed * 11 + n as u64);
            while let Some((seat, a)) = random_move(&g, &mut rng) {
                for s in 0..n {
                    // The solo game's free statue is a build of its own; compare the rest.
                    let listed: Vec<Action> = g
                        .main_actions(s)
                        .into_iter()
                        .filter(
                            |a| matches!(a, Action::Build { room: r, .. } if *r != room::STATUE),
                        )
                        .collect();
                    let t = &g.turn;
                    let may_build = if !t.acted {
                        true
                    } else if !t.expanded {
                        false
                    } else if g.solo {
                        t.built + t.hired < 2
                    } else {
                        t.built == 0
                    };
                    let want = if may_build {
                        builds_by_definition(&g, s)
                    } else {
                        Vec::new()
                    };
                    builds_seen += listed.len();
                    assert_eq!(sorted(listed), sorted(want), "{n} seats, seat {s}");
                    let p = &g.players[s];
                    let d = data();
                    let mut storage = d.guilds[p.guild as usize].storage as u32;
                    let mut hand = d.hand_limit as usize;
                    for (r, def) in d.rooms.iter().enumerate() {
                        if p.grid.contains(&(r as u8)) {
                            match def.effect {
                                RoomEffect::Storage(k) => storage += k as u32,
                                RoomEffect::Hand(k) => hand += k as usize,
                                _ => {}
                            }
                        }
                    }
                    for &(x, _) in &p.specs {
                        match spec(x).effect {
                            SpecEffect::Storage(k) => storage += k as u32,
                            SpecEffect::Hand(k) => hand += k as usize,
                            _ => {}
                        }
                    }
                    if storage > d.guilds[p.guild as usize].storage as u32 {
                        bonus_seen += 1;
                    }
                    assert_eq!(p.storage_limit(), storage, "{n} seats, seat {s}");
                    assert_eq!(p.hand_limit(), hand, "{n} seats, seat {s}");
                    for r in 0..room::FIRST_MASTER + 14 {
                        assert_eq!(p.has_room(r), p.grid.contains(&r));
                    }
                }
                g.apply(seat, &a).unwrap();
            }
        }
    }
    assert!(builds_seen > 500, "only {builds_seen} builds listed");
    assert!(
        bonus_seen > 100,
        "only {bonus_seen} raised storage limits seen"
    );
}
