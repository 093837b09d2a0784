//! The building years as the rulebook describes them, played through the game: orders
//! on blocked spaces, the non-player colours, retrieving orders, the foreimp, Pay Day and
//! Taxes, the two-player Evil counter and the start player of the second year.
mod common;

use common::*;
use tavern_plugin_api::game::check::random_move;
use tavern_plugin_api::{Game, GameRng, ToAct};
use tavern_plugin_dungeon_lords::action::Action;
use tavern_plugin_dungeon_lords::data::{data, monster};
use tavern_plugin_dungeon_lords::model::Adv;
use tavern_plugin_dungeon_lords::orders::{Minion, Place};
use tavern_plugin_dungeon_lords::year::{Job, Stage};
use tavern_plugin_dungeon_lords::{Dl, Phase};

/// Replaces the jobs waiting with these.
fn queue(g: &mut Dl, jobs: &[Job]) {
    let f = g.fm();
    f.jobs.clear();
    f.jobs.extend(jobs.iter().copied());
}

/// Queues these jobs and lets the game carry them out until a seat must decide.
fn run(g: &mut Dl, jobs: &[Job]) {
    queue(g, jobs);
    let mut ev = Vec::new();
    g.proceed(&mut ev);
}

fn orders(g: &mut Dl, s: usize, places: [u8; 3]) -> String {
    for p in places {
        act(g, s, Action::Order { place: p });
    }
    act(g, s, Action::Confirm)
}

#[test]
fn three_players_a_blocked_space_shuts_the_last_lord_out() {
    let (mut g, _) = drawn_game(3, 5);
    assert_eq!(g.phase, Phase::Build(Stage::Orders));
    let blocked = g.f().np[0].orders.clone();
    assert_eq!(blocked.len(), 3);
    for &p in &blocked {
        assert_eq!(
            g.f().board.spaces[p as usize][1],
            Some(Minion::NonPlayer(0))
        );
    }
    let p = blocked[0];
    let rest: Vec<u8> = (0..8).filter(|&x| !blocked.contains(&x)).collect();
    for s in 0..3 {
        g.fm().inacc[s] = vec![rest[2], rest[3]];
    }
    orders(&mut g, 0, [p, rest[0], rest[1]]);
    orders(&mut g, 1, [p, rest[1], rest[0]]);
    let log = orders(&mut g, 2, [p, rest[0], rest[1]]);
    let row = g.f().board.spaces[p as usize];
    assert_eq!(
        row,
        [
            Some(Minion::Seat(0)),
            Some(Minion::NonPlayer(0)),
            Some(Minion::Seat(1))
        ]
    );
    assert!(log.contains("every space is taken"), "{log}");
}

#[test]
fn two_players_non_player_orders_evil_counter_and_discarded_adventurers() {
    let start = data().evilometer.start;
    let mut g = Dl::new(&game_setup(2)).unwrap();
    let mut rng = GameRng::new(9);
    let mut checked_reveal = false;
    let mut year1_done = false;
    while let Some((seat, a)) = random_move(&g, &mut rng) {
        let was_orders = g.phase == Phase::Build(Stage::Orders);
        g.apply(seat, &a).unwrap();
        if was_orders && g.phase != Phase::Build(Stage::Orders) && !checked_reveal {
            // Each non-player colour: two random orders and the third a player chose.
            for np in &g.f().np {
                assert_eq!(np.orders.len(), 3);
                assert_eq!(np.inacc, np.orders);
            }
            checked_reveal = true;
        }
        if !year1_done && g.year == 1 && g.phase == Phase::Planning {
            assert_eq!(
                g.f().np_evil,
                Some(start + 3),
                "one step up before each arrival"
            );
            assert_eq!(g.f().discards.advs.len(), 3, "the non-player's adventurers");
            year1_done = true;
        }
        if year1_done && g.year == 2 && matches!(g.phase, Phase::Build(_)) {
            assert_eq!(g.f().np_evil, Some(start + 1), "two spaces down in year 2");
            break;
        }
    }
    assert!(checked_reveal && year1_done);
}

#[test]
fn second_year_start_player_by_player_count() {
    for (n, shift) in [(2usize, 0usize), (3, 1), (4, 3)] {
        let mut g = Dl::new(&game_setup(n)).unwrap();
        let mut rng = GameRng::new(3);
        let mut fall = None;
        while let Some((seat, a)) = random_move(&g, &mut rng) {
            g.apply(seat, &a).unwrap();
            if g.year == 1 && g.f().bround == 4 {
                fall = Some(g.start);
            }
            if g.year == 2 {
                assert_eq!(g.start, (fall.unwrap() + shift) % n, "{n} players");
                break;
            }
        }
        assert_eq!(g.year, 2);
    }
}

#[test]
fn a_first_order_not_carried_out_may_be_taken_back_instead() {
    let (mut g, mut rng) = drawn_game(4, 2);
    for s in 0..4 {
        g.fm().inacc[s] = vec![6, 7];
        g.lords[s].gold = 0;
        g.lords[s].food = 0;
    }
    // Get Food I costs gold nobody has: not carried out; Improve Reputation works.
    orders(&mut g, 0, [1, 0, 5]);
    for s in 1..4 {
        orders(&mut g, s, [4, 3, 2]);
    }
    // Let every decision pass until seat 0 must take an order back.
    while g.phase != Phase::Build(Stage::Retrieve(0)) {
        if g.to_act() == ToAct::Chance {
            draw(&mut g, &mut rng);
            continue;
        }
        let ToAct::Seats(seats) = g.to_act() else {
            panic!("game ended")
        };
        let s = seats[0];
        let legal = g.legal_actions(s);
        let a = legal
            .iter()
            .copied()
            .find(|a| *a == Action::Pass)
            .unwrap_or(legal[0]);
        act(&mut g, s, a);
    }
    let legal = g.legal_actions(0);
    assert!(legal.contains(&Action::Retrieve { pos: 1 }));
    act(&mut g, 0, Action::Retrieve { pos: 1 });
    assert_eq!(g.f().inacc[0], vec![1, 5]);
}

#[test]
fn digging_on_space_three_ties_up_a_foreimp() {
    let (mut g, mut rng) = drawn_game(3, 4);
    let place = Place::DigTunnels as u8;
    queue(&mut g, &[Job::Exec]);
    g.fm().cur = Some((place, 2, 0));
    g.phase = Phase::Build(Stage::Exec);
    g.fm().orders[0] = vec![place, 0, 1];
    g.lords[0].imps = 3;
    act(&mut g, 0, Action::Dig { square: 5 });
    assert_eq!(g.f().busy[0], 2, "the foreimp and the digger");
    act(&mut g, 0, Action::Dig { square: 3 });
    // The third imp is the last: no more digging, the order is over.
    assert_eq!(g.f().busy[0], 3);
    assert!(g.f().cur.is_none());
    assert!(g.f().done[0][0]);
    // Mining: free imps and unconquered tunnels both limit it.
    let mut g = Dl::new(&game_setup(3)).unwrap();
    draw(&mut g, &mut rng);
    queue(&mut g, &[Job::Exec]);
    g.fm().cur = Some((Place::MineGold as u8, 2, 1));
    g.phase = Phase::Build(Stage::Exec);
    g.lords[1].imps = 5;
    let most = g
        .legal_actions(1)
        .iter()
        .filter_map(|a| match a {
            Action::Mine { imps } => Some(*imps),
            _ => None,
        })
        .max();
    assert_eq!(
        most,
        Some(3),
        "three tunnels (the foreimp takes a fourth imp)"
    );
}

#[test]
fn pay_day_and_taxes() {
    let (mut g, _) = drawn_game(2, 1);
    let evil = g.lords[0].evil;
    g.lords[0].food = 0;
    g.lords[0].lair = monsters(&["goblin", "ghost"]);
    run(&mut g, &[Job::PayDay(0), Job::Taxes(0)]);
    // The goblin wants food nobody has: it leaves by itself, 1 Evil gained.
    assert_eq!(g.lords[0].lair.len(), 1);
    assert_eq!(g.lords[0].evil, evil + 1);
    assert_eq!(g.phase, Phase::Build(Stage::PayDay(0)));
    act(&mut g, 0, Action::Wage { pay: u8::MAX });
    assert_eq!(g.lords[0].evil, evil + 2, "the ghost is paid with Evil");
    assert_eq!(monster(g.lords[0].lair[0].kind).key, "ghost");
    // Taxes: five tiles owe 3 gold; with 1 gold the rest goes to the Dead Letter Office.
    g.lords[0].gold = 1;
    for sq in [5, 10] {
        g.lords[0].grid[sq] = tunnel();
    }
    assert_eq!(g.phase, Phase::Build(Stage::Taxes(0)));
    assert_eq!(
        g.legal_actions(0),
        vec![Action::Tax { gold: 0 }, Action::Tax { gold: 1 }]
    );
    // The choices say what each unpaid gold costs at the end.
    let labels: Vec<String> = g.legal(0).into_iter().map(|l| l.label).collect();
    assert_eq!(
        labels,
        vec![
            "Pay 0 of 3 gold in taxes (3 marks in the Dead Letter Office, −9 points at the end)",
            "Pay 1 of 3 gold in taxes (2 marks in the Dead Letter Office, −6 points at the end)",
        ]
    );
    act(&mut g, 0, Action::Tax { gold: 1 });
    assert_eq!((g.lords[0].gold, g.lords[0].dead_letters), (0, 2));
}

#[test]
fn hire_monster_first_costs_gold_under_the_full_rules() {
    let mut s = game_setup(4);
    s.options.insert("recruit-gold".into(), "on".into());
    let (mut g, _) = drawn(&s, 6);
    for s in 0..4 {
        g.fm().inacc[s] = vec![0, 1];
    }
    g.lords[0].gold = 0;
    let hire = Place::HireMonster as u8;
    orders(&mut g, 0, [hire, 2, 3]);
    orders(&mut g, 1, [hire, 2, 3]);
    orders(&mut g, 2, [2, 3, 4]);
    let log = orders(&mut g, 3, [2, 3, 4]);
    assert!(log.contains("has no gold for it"), "{log}");
    // The penniless lord's space stays free: seat 1 gets space I.
    assert_eq!(g.f().board.spaces[hire as usize][0], Some(Minion::Seat(1)));
    assert_eq!(g.lords[1].gold, 2, "seat 1 paid 1 gold on the reveal");
}

/// Each special event card, applied to the same two dungeons.
#[test]
fn every_special_event_card() {
    use tavern_plugin_dungeon_lords::year::SPECIAL;
    let mut s = game_setup(2);
    s.options.insert("special-events".into(), "on".into());
    let base = {
        let (mut g, _) = drawn(&s, 8);
        for (i, l) in g.lords.iter_mut().enumerate() {
            l.gold = 5;
            l.food = 1;
            l.imps = 6;
            l.evil = 3 + 2 * i as u8;
            l.lair = monsters(&["witch", "troll"]);
        }
        // Seat 1's dungeon is larger.
        g.lords[1].grid[5] = tunnel();
        g
    };
    let key = |c: usize| data().special_events[c].key.clone();
    for c in 0..data().special_events.len() {
        let mut g = base.clone();
        let r = g.f().bround as usize;
        let year = g.year as usize;
        {
            let f = g.fm();
            f.events[r] = Some(SPECIAL);
            f.special[year] = Some(c as u8);
        }
        run(&mut g, &[Job::EventPhase]);
        let (a, b) = (&g.lords[0], &g.lords[1]);
        match key(c).as_str() {
            "tax-collector" => assert_eq!((a.gold, b.gold), (3, 3)),
            "witch-hunt" => assert_eq!((a.evil, b.evil), (4, 6)),
            "monster-strike" => {
                assert_eq!(a.food, 0);
                assert!(a.lair[0].ready && !a.lair[1].ready, "the troll goes unfed");
            }
            "good-harvest" => assert_eq!((a.food, b.food), (2, 2)),
            "gold-rush" => assert_eq!((a.gold, b.gold), (6, 6)),
            "imp-union" => assert_eq!((a.food, a.imps), (0, 5)),
            "pilgrimage" => assert_eq!((a.evil, b.evil), (2, 6)),
            "ministry-grant" => assert_eq!((a.gold, b.gold), (6, 5)),
            "village-festival" => assert_eq!((a.evil, b.evil), (2, 4)),
            other => panic!("untested special event {other}"),
        }
    }
}

/// Puts the game at the carrying out of orders with this board (place, space, seat).
fn at_exec(g: &mut Dl, board: &[(Place, u8, usize)]) {
    let f = g.fm();
    f.exec.clear();
    for &(p, i, s) in board {
        f.board.spaces[p as usize][i as usize] = Some(Minion::Seat(s));
        f.orders[s] = vec![p as u8, 0, 1];
    }
    let list = f.board.execution();
    f.exec = list
        .into_iter()
        .filter_map(|(p, i, m)| match m {
            Minion::Seat(s) => Some((p as u8, i as u8, s)),
            _ => None,
        })
        .collect();
    run(g, &[Job::Exec]);
}

/// The first room `seat` may build.
fn first_build(g: &Dl, seat: usize) -> Action {
    g.legal_actions(seat)
        .into_iter()
        .find(|a| matches!(a, Action::Build { .. }))
        .unwrap()
}

#[test]
fn rooms_go_from_space_three_and_space_one_may_find_none_left() {
    let (mut g, _) = drawn_game(3, 12);
    g.fm().board = Default::default();
    let store = g.f().store.clone();
    assert_eq!(store.len(), 2);
    for l in &mut g.lords {
        l.gold = 2;
        // Tunnels in every zone, so any first-year room has a site.
        for sq in [5, 7, 11, 13, 15] {
            l.grid[sq] = tunnel();
        }
    }
    at_exec(
        &mut g,
        &[
            (Place::BuildRoom, 0, 0),
            (Place::BuildRoom, 1, 1),
            (Place::BuildRoom, 2, 2),
        ],
    );
    // Space III chooses first and pays 1 gold.
    assert_eq!(g.f().cur.map(|c| c.2), Some(2));
    let first = first_build(&g, 2);
    act(&mut g, 2, first);
    assert_eq!(g.lords[2].gold, 1);
    assert_eq!(g.f().cur.map(|c| c.2), Some(1));
    let second = first_build(&g, 1);
    let log = act(&mut g, 1, second);
    // Nothing is left for space I: its order is not carried out.
    assert!(log.contains("cannot carry out Build Room"), "{log}");
    assert!(!g.f().done[0][0]);
    assert_eq!(g.lords[0].gold, 2);
}

#[test]
fn hiring_on_space_three_costs_a_food_more_and_chooses_first() {
    let (mut g, _) = drawn_game(4, 13);
    g.fm().board = Default::default();
    g.fm().tavern = vec![
        monster_id("goblin"),
        monster_id("troll"),
        monster_id("troll"),
    ];
    for l in &mut g.lords {
        l.food = 3;
    }
    at_exec(
        &mut g,
        &[(Place::HireMonster, 0, 0), (Place::HireMonster, 2, 1)],
    );
    assert_eq!(g.f().cur.map(|c| c.2), Some(1));
    act(
        &mut g,
        1,
        Action::Hire {
            kind: monster_id("troll"),
            pay: u8::MAX,
        },
    );
    assert_eq!(
        g.lords[1].food, 0,
        "2 food for the troll and 1 for space III"
    );
    assert_eq!(g.trolls(1), 1);
    act(
        &mut g,
        0,
        Action::Hire {
            kind: monster_id("goblin"),
            pay: u8::MAX,
        },
    );
    assert_eq!(g.lords[0].food, 2);
    assert_eq!(g.f().tavern, vec![monster_id("troll")]);
}

/// A two-lord game whose seat 0 has six imps and a Chicken Coop at B1.
fn coop_at_b1(conquered: bool) -> Dl {
    let (mut g, _) = drawn_game(2, 14);
    g.lords[0].grid[1] = room_tile("chicken-coop", conquered);
    g.lords[0].imps = 6;
    g
}

/// Seat 0's production, with no imp busy and no room used yet.
fn production(g: &mut Dl) {
    {
        let f = g.fm();
        f.busy[0] = 0;
        f.used[0].clear();
    }
    run(g, &[Job::Production(0)]);
}

#[test]
fn second_year_rooms_of_the_first_year_produce_twice() {
    let mut g = coop_at_b1(false);
    g.lords[0].food = 0;
    for year in [1u8, 2] {
        let mut g = g.clone();
        g.year = year;
        production(&mut g);
        while g.legal_actions(0).contains(&Action::Produce { square: 1 }) {
            act(&mut g, 0, Action::Produce { square: 1 });
        }
        assert_eq!(g.lords[0].food, year, "6 imps make 2 food in year 2");
    }
}

/// A conquered room is flipped over (the rulebook: back side up, never repaired) and,
/// like a conquered scoring room, no longer works: the Chicken Coop at B1 offers no
/// production once conquered, though the lord has the imps.
#[test]
fn a_conquered_room_no_longer_produces() {
    for conquered in [false, true] {
        let mut g = coop_at_b1(conquered);
        production(&mut g);
        let offered = g.legal_actions(0).contains(&Action::Produce { square: 1 });
        assert_eq!(offered, !conquered, "conquered {conquered}");
    }
}

#[test]
fn two_players_the_non_player_counter_is_nicer_on_a_tie() {
    let (mut g, _) = drawn_game(2, 15);
    g.lords[0].evil = 5;
    g.lords[1].evil = 7;
    {
        let f = g.fm();
        f.np_evil = Some(4);
        f.incoming = vec![adv_id("thief-1"), adv_id("priest-2a"), adv_id("warrior-3")];
    }
    g.lords[1].party = vec![Adv::new(adv_id("wizard-1"), 0)];
    run(&mut g, &[Job::Arrivals]);
    // The counter moved to 5, tying seat 0: the non-player is nicer and gets the thief.
    assert_eq!(g.f().np_evil, Some(5));
    assert!(g.f().discards.advs.contains(&adv_id("thief-1")));
    assert_eq!(g.lords[0].party[0].id, adv_id("priest-2a"));
    // The warrior goes to the most evil and pushes ahead of the wizard.
    let ids: Vec<u8> = g.lords[1].party.iter().map(|a| a.id).collect();
    assert_eq!(ids, vec![adv_id("warrior-3"), adv_id("wizard-1")]);
}

#[test]
fn evil_orders_attract_the_paladin_and_he_moves_to_the_more_evil() {
    use tavern_plugin_dungeon_lords::data::Class;
    let line = data().evilometer.paladin;
    let (mut g, _) = drawn_game(3, 21);
    g.fm().board = Default::default();
    g.lords[0].evil = line - 2;
    g.lords[1].evil = line - 2;
    at_exec(&mut g, &[(Place::GetFood, 2, 0), (Place::GetFood, 1, 1)]);
    let holder =
        |g: &Dl| (0..g.n()).find(|&s| g.lords[s].party.iter().any(|a| a.class() == Class::Paladin));
    // Space II (1 Evil, seat 1) acts before space III (2 Evil, seat 0).
    assert_eq!(g.f().cur.map(|c| c.2), Some(1));
    act(&mut g, 1, Action::Take);
    assert_eq!(g.lords[1].evil, line - 1);
    assert_eq!(
        holder(&g),
        None,
        "below the line the paladin stays in his tent"
    );
    act(&mut g, 0, Action::Take);
    assert_eq!(g.lords[0].evil, line);
    assert_eq!(holder(&g), Some(0), "reaching the line brings him at once");
    assert_eq!(g.lords[0].party[0].class(), Class::Paladin);
    // A lord as evil as the holder does not take him; a more evil one does.
    let mut ev = Vec::new();
    g.lords[1].evil = line;
    g.paladin_check(&mut ev);
    assert_eq!(holder(&g), Some(0));
    g.lords[1].evil = line + 1;
    g.paladin_check(&mut ev);
    assert_eq!(holder(&g), Some(1));
}
