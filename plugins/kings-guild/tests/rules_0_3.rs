//! The 0.3.0 stuck-table rule (issue 24): no timer at all. A quest leaves only when the
//! table is stuck for certain (no seat can, by any sequence of its own legal actions,
//! craft, build or hire), and then the oldest quest by arrival without a sigil. What the
//! other seats hold counts as reachable only while a Spoiling Potion could bring it back
//! to the supply. The 0.2.0 backstop and reading are kept for 0.2.0 saves.
mod common;

use common::*;
use tavern_plugin_api::{Game, GameRng, Setup, ToAct};
use tavern_plugin_kings_guild::data::{Colour, quest_named, spec, treasure_named};
use tavern_plugin_kings_guild::notes::Note;
use tavern_plugin_kings_guild::{Action, Kg};

/// A table where nothing can ever move: no resources anywhere, no coins, no treasures.
fn dead_table(n: usize) -> Kg {
    let mut g = fresh(n);
    g.stock = [0; 6];
    for p in &mut g.players {
        p.res = [0; 6];
        p.coins = 0;
        p.hand.clear();
    }
    assert!(g.row.iter().all(|&(s, d)| spec(s).cost > d));
    g
}

/// The supply is empty and the two halves of one item lie with two different seats: each
/// would need the other's resource, and nothing short of progress returns it.
fn split_table() -> Kg {
    let mut g = dead_table(2);
    put_quest(&mut g, 0, quest_named("Crush the Orc Rebellion"));
    g.players[0].res[METAL] = 1;
    g.players[1].res[WOOD] = 1;
    g
}

fn progress(a: &Action) -> bool {
    matches!(
        a,
        Action::Craft { .. } | Action::Build { .. } | Action::Hire { .. }
    )
}

#[test]
fn an_emptied_supply_is_stuck_though_the_seats_hold_resources() {
    let mut g = split_table();
    assert!(!g.could_progress(0) && !g.could_progress(1));
    assert!(g.table_stuck());
    // 0.2.0 counted the other seat's store as if it could come back, and waited.
    g.rules_0_2 = true;
    assert!(g.could_progress(1) && !g.table_stuck());
}

#[test]
fn a_spoiling_potion_brings_the_stores_back() {
    let mut g = split_table();
    // Seat 0 may spoil metal: both lose one, the supply gets it, seat 1 gathers and crafts.
    g.players[0].hand = vec![treasure_named("Spoiling Potion", Colour::Blue)];
    assert!(g.could_progress(1), "seat 1 reaches seat 0's metal");
    assert!(!g.table_stuck());
}

#[test]
fn a_stuck_table_loses_its_oldest_quest_without_a_sigil() {
    let mut g = split_table();
    // Arrivals out of board order; the oldest of all carries a sigil.
    for (i, a) in [6, 0, 2, 9, 3].into_iter().enumerate() {
        g.board[i].as_mut().unwrap().arrived = a;
    }
    g.arrivals = 10;
    g.board[1].as_mut().unwrap().made[0] = Some(0);
    g.board[1].as_mut().unwrap().sigil = Some(0);
    let signed = g.board[1].unwrap();
    let oldest_free = g.board[2].unwrap().card;
    let untouched: Vec<_> = [0, 3, 4].map(|i| g.board[i].unwrap()).to_vec();
    let s = g.active;
    g.turn.acted = true;
    let notes = g.seat_change(s, &Action::EndTurn).unwrap();
    assert!(
        notes.iter().any(|n| matches!(
            n,
            Note::StuckLeaves {
                certain: true,
                keeper: None,
                ..
            }
        )),
        "{notes:?}"
    );
    assert!(g.gone_quests.contains(&oldest_free));
    assert_eq!(g.board[1], Some(signed), "the quest with a sigil stays");
    assert_eq!(
        [0, 3, 4].map(|i| g.board[i].unwrap()).to_vec(),
        untouched,
        "only one quest leaves"
    );
    assert!(
        g.board[2].unwrap().arrived >= 10,
        "a new quest fills its space"
    );
}

#[test]
fn a_legal_craft_keeps_every_quest() {
    let mut g = dead_table(2);
    let q = quest_named("Crush the Orc Rebellion");
    put_quest(&mut g, 0, q);
    // Seat 1 holds the whole item: it can craft on its turn.
    g.players[1].res = g.item_cost(1, q, 0);
    let mut h = g.clone();
    h.active = 1;
    assert!(h.legal_actions(1).iter().any(progress));
    assert!(!g.table_stuck());
    let board = g.board.clone();
    // Seat 0 passes; then seat 1 passes too (its craft stays possible) for many rounds.
    for _ in 0..200 {
        let s = g.active;
        skip(&mut g, s);
    }
    assert_eq!(
        g.board, board,
        "no quest left a table where a craft was legal"
    );
    assert!(g.gone_quests.is_empty());
}

#[test]
fn no_timer_removes_a_quest_from_a_playable_table() {
    // A hundred rounds with nobody crafting, building or hiring, on a table where they
    // could: today nothing leaves.
    let mut g = fresh(2);
    for _ in 0..200 {
        let s = g.active;
        skip(&mut g, s);
    }
    assert!(g.gone_quests.is_empty(), "{:?}", g.gone_quests);
    // The 0.2.0 backstop (thirty rounds) still acts for its saves.
    let mut g = fresh(2);
    g.rules_0_2 = true;
    for _ in 0..31 * 2 {
        let s = g.active;
        skip(&mut g, s);
    }
    assert_eq!(g.gone_quests.len(), 1, "the 0.2.0 backstop fired");
}

/// Plays `g` by the bots' playout policy until a seat crafts, builds or hires (or the
/// game ends), returning the actions played; `None` past `cap`.
fn playout_until_progress(g: &mut Kg, seed: u64, cap: usize) -> Option<usize> {
    let mut rng = GameRng::new(seed);
    for step in 0..cap {
        let seat = match g.to_act() {
            ToAct::Over => return Some(step),
            ToAct::Chance => {
                let a = g.sample_chance(&mut rng);
                g.chance_change(&a).unwrap();
                continue;
            }
            ToAct::Seats(s) => s[rng.die(s.len() as u32) as usize - 1],
        };
        let legal = g.legal_actions(seat);
        let i = g.playout_choice(seat, &legal, &mut rng);
        if progress(&legal[i]) {
            return Some(step);
        }
        g.seat_change(seat, &legal[i]).unwrap();
    }
    None
}

#[test]
fn playouts_sell_treasures_when_only_coins_lead_on() {
    // Every open item needs magic nobody may gather; the basic resources are plentiful
    // and the one way forward is a room (or a specialist) paid for by selling the hand.
    // A playout that only gathered went round for ever once the backstop was gone.
    let mut g = dead_table(2);
    let needy: Vec<u8> = (0..tavern_plugin_kings_guild::data::data().quests.len() as u8)
        .filter(|&q| {
            let items = &tavern_plugin_kings_guild::data::quest(q).items;
            items.iter().all(|it| it.cost[MAGIC] > 0)
        })
        .take(5)
        .collect();
    assert_eq!(needy.len(), 5);
    for (slot, &q) in needy.iter().enumerate() {
        put_quest(&mut g, slot, q);
    }
    g.stock = [6, 6, 6, 6, 0, 3];
    let gold = treasure_named("Bag of Gold", Colour::Yellow);
    g.players[0].hand = vec![gold; 2];
    g.players[1].hand = vec![gold; 2];
    assert!(!g.table_stuck());
    for seed in 0..20 {
        let mut h = g.clone();
        assert!(
            playout_until_progress(&mut h, seed, 5_000).is_some(),
            "seed {seed}: the playout never sold its way to a build or hire"
        );
    }
}

#[test]
fn open_old_names_the_rules_of_each_version() {
    let s = Setup::players(2);
    let rules = |v: &str| Kg::open_old(v, &s, Vec::new()).unwrap().rules;
    assert_eq!(rules("0.1.0").as_deref(), Some("0.1.0"));
    assert_eq!(rules("0.2.0").as_deref(), Some("0.2.0"));
    assert_eq!(rules(env!("CARGO_PKG_VERSION")), None);
    let g = Kg::new_under(&s, "0.1.0").unwrap();
    assert!(g.rules_0_1 && !g.rules_0_2);
    let g = Kg::new_under(&s, "0.2.0").unwrap();
    assert!(!g.rules_0_1 && g.rules_0_2);
    let g = Kg::new_under(&s, "0.3.0").unwrap();
    assert!(!g.rules_0_1 && !g.rules_0_2);
}

#[test]
fn another_seats_thug_blocks_a_seat_without_its_fee() {
    let mut g = dead_table(2);
    let q = quest_named("Crush the Orc Rebellion");
    put_quest(&mut g, 0, q);
    g.players[1].res = g.item_cost(1, q, 0);
    // Seat 0's Thug stands on the quest, and seat 1 has no coins and nothing to sell.
    g.thug = Some((0, 0));
    let mut h = g.clone();
    h.active = 1;
    assert!(!h.legal_actions(1).iter().any(progress));
    assert!(g.table_stuck(), "the craft needs 2 coins nobody can raise");
    g.players[1].coins = 2;
    assert!(!g.table_stuck(), "with the fee in hand the craft is open");
    // The Thug's owner pays nothing to craft there.
    g.players[1].coins = 0;
    g.thug = Some((1, 0));
    assert!(!g.table_stuck());
}
