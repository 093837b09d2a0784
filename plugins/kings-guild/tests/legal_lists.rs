//! The fast legal lists against plain definitions: over random positions of every table
//! size, the crafts listed are exactly the (quest, items) pairs `can_craft` allows, and
//! the gathers listed are exactly the takes the gather rule allows, written out here
//! one resource array at a time.
use tavern_plugin_api::game::check::{random_move, scaled};
use tavern_plugin_api::{Game, GameRng, Setup};
use tavern_plugin_kings_guild::Action;
use tavern_plugin_kings_guild::Kg;
use tavern_plugin_kings_guild::data::{RES, ability};

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
