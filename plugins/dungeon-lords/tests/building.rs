//! Part 2's building rules, ahead of the building years: digging, mining and room sites,
//! taxes, the adventurers' arrival, the central board and the titles.
mod common;

use common::*;
use tavern_plugin_dungeon_lords::arrivals::{join, needs_redraw, nicest_first, sort_by_glyph};
use tavern_plugin_dungeon_lords::building::{can_dig, dig_sites, mine_sites, room_sites, tax};
use tavern_plugin_dungeon_lords::data::{Class, adv};
use tavern_plugin_dungeon_lords::model::Adv;
use tavern_plugin_dungeon_lords::orders::{Board, Minion, Place};
use tavern_plugin_dungeon_lords::titles::{Counts, Title, award};

#[test]
fn no_two_by_two_block_of_tunnels() {
    // A1, B1, A2 dug: B2 would close a 2×2 square.
    let mut l = lord("L", 2, &[]);
    l.grid[5] = tunnel();
    assert!(!can_dig(&l.grid, 6));
    assert!(can_dig(&l.grid, 2), "C1 extends the top row");
    assert!(can_dig(&l.grid, 10), "A3 extends the column");
    assert!(!can_dig(&l.grid, 12), "C3 touches no tile");
    assert!(!can_dig(&l.grid, 0), "A1 is dug already");
    assert_eq!(dig_sites(&l), vec![2, 10]);
}

#[test]
fn imps_mine_only_unconquered_tunnels() {
    let mut l = lord("L", 3, &[1]);
    l.grid[2].as_mut().unwrap().conquered = true;
    assert_eq!(mine_sites(&l), vec![0]);
}

#[test]
fn rooms_need_their_zone_a_tunnel_and_no_room_beside() {
    // Tunnels A1..E1 and a column down column C.
    let mut l = lord("L", 5, &[]);
    for sq in [7, 12, 17] {
        l.grid[sq] = tunnel();
    }
    let coop = room_id("chicken-coop");
    let bed = room_id("mushroom-bed");
    let press = room_id("printing-press");
    assert_eq!(room_sites(&l, coop), vec![0, 1, 2, 3, 4, 7]);
    assert_eq!(room_sites(&l, bed), vec![12, 17]);
    assert_eq!(room_sites(&l, press), vec![7, 12]);
    // A room on B1 bars A1 and C1 next to it, not the corner-touching C2.
    l.grid[1] = room_tile("chicken-coop", false);
    assert_eq!(room_sites(&l, coop), vec![3, 4, 7]);
}

#[test]
fn taxes_round_up() {
    assert_eq!(tax(&lord("L", 3, &[])), 2, "3 tunnels cost 2 gold");
    assert_eq!(tax(&lord("L", 4, &[0])), 2);
}

#[test]
fn adventurers_sorted_by_glyph_keeping_draw_order() {
    let mut drawn = vec![
        adv_id("thief-3"),
        adv_id("priest-2b"),
        adv_id("warrior-1"),
        adv_id("wizard-2a"),
    ];
    sort_by_glyph(&mut drawn);
    let keys: Vec<&str> = drawn.iter().map(|&i| adv(i).key.as_str()).collect();
    assert_eq!(keys, vec!["warrior-1", "priest-2b", "wizard-2a", "thief-3"]);
    assert!(needs_redraw(&[
        adv_id("thief-2a"),
        adv_id("priest-2b"),
        adv_id("wizard-2a")
    ]));
    assert!(!needs_redraw(&drawn));
}

#[test]
fn nicest_lord_gets_the_weakest() {
    // Evil 3, 1, 3, 5 with the start at seat 2: seat 1, then the tie 3/3 goes to seat 2
    // (the start player is nicest), then seat 0, then seat 3.
    assert_eq!(nicest_first(&[3, 1, 3, 5], 2, &[]), vec![1, 2, 0, 3]);
    // Two players: the non-player counter (index 2) wins ties.
    assert_eq!(nicest_first(&[4, 4, 4], 0, &[2]), vec![2, 0, 1]);
}

#[test]
fn warriors_push_to_the_front_behind_the_paladin() {
    let mut l = with_party(lord("L", 3, &[]), &[("warrior-1", 0), ("thief-1", 0)]);
    join(&mut l, adv_id("warrior-3"));
    join(&mut l, adv_id("priest-1"));
    let order: Vec<&str> = l.party.iter().map(|a| adv(a.id).key.as_str()).collect();
    assert_eq!(order, vec!["warrior-3", "warrior-1", "thief-1", "priest-1"]);
    l.party.insert(0, Adv::new(adv_id("paladin-1"), 0));
    join(&mut l, adv_id("warrior-2a"));
    assert_eq!(l.party[0].class(), Class::Paladin);
    assert_eq!(l.party[1].id, adv_id("warrior-2a"));
}

#[test]
fn orders_take_the_first_free_space_in_play_order() {
    let mut b = Board::default();
    // Seat 1 starts; both want to dig first: seat 1 gets I, seat 0 gets II.
    let orders = [
        [Place::DigTunnels, Place::BuyTraps, Place::HireMonster],
        [Place::DigTunnels, Place::HireMonster, Place::GetFood],
    ];
    let shut = b.place_all(&orders, 1);
    assert!(shut.is_empty());
    assert_eq!(
        b.spaces[Place::DigTunnels as usize][0],
        Some(Minion::Seat(1))
    );
    assert_eq!(
        b.spaces[Place::DigTunnels as usize][1],
        Some(Minion::Seat(0))
    );
    // Hiring goes from the latest arrival: seat 0 (space II) before seat 1 (space I).
    let hires: Vec<Minion> = b
        .execution()
        .into_iter()
        .filter(|e| e.0 == Place::HireMonster)
        .map(|e| e.2)
        .collect();
    assert_eq!(hires, vec![Minion::Seat(0), Minion::Seat(1)]);
    // Execution follows the board: Get Food comes before digging.
    assert_eq!(b.execution()[0].0, Place::GetFood);
}

#[test]
fn a_blocked_space_can_shut_a_player_out() {
    // Three players with the non-player minion on space II of Buy Traps.
    let mut b = Board::default();
    b.spaces[Place::BuyTraps as usize][1] = Some(Minion::NonPlayer(3));
    let orders = [
        [Place::BuyTraps, Place::GetFood, Place::MineGold],
        [Place::BuyTraps, Place::GetFood, Place::MineGold],
        [Place::BuyTraps, Place::GetFood, Place::MineGold],
    ];
    let shut = b.place_all(&orders, 0);
    assert_eq!(b.spaces[Place::BuyTraps as usize][0], Some(Minion::Seat(0)));
    assert_eq!(b.spaces[Place::BuyTraps as usize][2], Some(Minion::Seat(1)));
    assert_eq!(shut, vec![(2, 0)], "the third player is shut out");
}

#[test]
fn titles_exclusive_shared_and_two_player_values() {
    let c = |evil, conquered| Counts {
        evil,
        conquered,
        ..Default::default()
    };
    let counts = [c(5, 2), c(7, 0), c(7, 3)];
    assert_eq!(award(Title::DarkDeeds, &counts, 3), vec![0, 2, 2]);
    assert_eq!(
        award(Title::Battle, &counts, 3),
        vec![0, 3, 0],
        "fewest conquered"
    );
    let two = [c(5, 1), c(4, 1)];
    assert_eq!(award(Title::DarkDeeds, &two, 2), vec![2, 0]);
    assert_eq!(award(Title::Battle, &two, 2), vec![1, 1]);
    assert_eq!(Title::ALL.len(), 7);
}
