//! The rulebook's worked examples, each played through the rules.
mod common;

use common::*;
use tavern_plugin_above_below::Action;
use tavern_plugin_above_below::data::{Good, data, villager};
use tavern_plugin_above_below::model::{Building, Phase};
use tavern_plugin_api::Game;

pub fn vid(name: &str) -> u8 {
    data()
        .villagers
        .iter()
        .position(|v| v.name == name)
        .unwrap() as u8
}
pub fn cave_id(name: &str) -> u8 {
    data().caves.iter().position(|c| c.name == name).unwrap() as u8
}
pub fn card_id(name: &str) -> u8 {
    data().cards.iter().position(|c| c.name == name).unwrap() as u8
}

/// Puts cave `c` on top of deck `d` (0 basic, 1 dangerous), the old top back in the pile.
fn stack_cave(g: &mut tavern_plugin_above_below::Ab, d: usize, c: u8) {
    let pile = if d == 0 {
        &mut g.basic
    } else {
        &mut g.dangerous
    };
    if let Some(old) = g.cave_top[d].replace(c) {
        pile.unseen.push(old);
    }
    pile.unseen.retain(|&x| x != c);
    pile.unseen.sort_unstable();
}

#[test]
fn lanterns_one_on_any_roll_two_from_the_threshold() {
    // The explore example: this villager gives 1 lantern on 1 or 2 and 2 from 3 up.
    let fenn = villager(vid("Fenn"));
    assert_eq!(fenn.two_at, 3);
    assert_eq!(
        (1..=6).map(|f| fenn.lanterns(f)).collect::<Vec<_>>(),
        [1, 1, 2, 2, 2, 2]
    );
    // The symbol page's villager: 2 lanterns from 4 up.
    let oona = villager(vid("Oona"));
    assert_eq!(
        (1..=6).map(|f| oona.lanterns(f)).collect::<Vec<_>>(),
        [1, 1, 1, 2, 2, 2]
    );
}

/// Seat 0 explores Glowmoss Tunnel (face 1: paragraph 3) with Fenn, Bram and Wren.
fn explore_glowmoss(g: &mut tavern_plugin_above_below::Ab) {
    stack_cave(g, 0, cave_id("Glowmoss Tunnel"));
    for v in ["Fenn", "Bram", "Wren"] {
        act(g, 0, Action::Select { villager: vid(v) });
    }
    let label = act(g, 0, Action::Explore { dangerous: false });
    assert!(label.contains("Glowmoss Tunnel"), "{label}");
    settle(g);
    let l = roll(g, 1);
    assert!(l.contains("paragraph 3"), "{l}");
}

#[test]
fn explore_five_with_seven_lanterns_gains_the_rewards_and_the_bonus() {
    let mut g = fresh(2);
    let coins = g.players[0].coins;
    explore_glowmoss(&mut g);
    // TRACK THE SCRAPER: explore 5 (3.2: 3 coins and a tea leaf, bonus adventure card 4).
    act(&mut g, 0, Action::Choose { option: 1 });
    roll(&mut g, 4); // Fenn: 2 lanterns
    roll(&mut g, 6); // Bram: 2
    roll(&mut g, 5); // Wren: 2
    assert_eq!(g.explore.as_ref().unwrap().lanterns(0), 6);
    act(
        &mut g,
        0,
        Action::Exert {
            villager: vid("Fenn"),
        },
    );
    assert_eq!(g.explore.as_ref().unwrap().lanterns(0), 7);
    let l = act(&mut g, 0, Action::Accept);
    assert!(
        l.contains("has 7 lanterns for explore 5, success with the bonus"),
        "{l}"
    );
    let p = &g.players[0];
    assert_eq!(p.coins, coins + 3);
    assert_eq!(p.goods[Good::Tea.idx()], 1);
    assert_eq!(p.adventures, vec![data().adventure(4).unwrap()]);
    assert_eq!(
        p.injured,
        vec![vid("Fenn")],
        "the exerted explorer is injured"
    );
    assert_eq!(p.exhausted, vec![vid("Bram"), vid("Wren")]);
    assert_eq!(p.caves.len(), 1, "the cave card is kept");
    assert_eq!(p.pearls, 0, "no pearl from a basic cave");
    assert_eq!(
        g.ingredients[Good::Tea.idx()],
        Some(0),
        "first tea claims the ingredient"
    );
    invariants(&g);
}

#[test]
fn six_against_five_is_a_success_without_the_bonus() {
    let mut g = fresh(2);
    explore_glowmoss(&mut g);
    act(&mut g, 0, Action::Choose { option: 1 });
    for f in [4, 6, 5] {
        roll(&mut g, f);
    }
    let l = act(&mut g, 0, Action::Accept);
    assert!(l.contains("has 6 lanterns for explore 5, success"), "{l}");
    assert!(
        g.players[0].adventures.is_empty(),
        "the bonus needs 2 more than the number"
    );
}

#[test]
fn a_failed_explore_keeps_the_cave_and_reads_the_failure() {
    let mut g = fresh(2);
    let coins = g.players[0].coins;
    explore_glowmoss(&mut g);
    act(&mut g, 0, Action::Choose { option: 1 });
    for f in [1, 1, 1] {
        roll(&mut g, f);
    }
    let l = act(&mut g, 0, Action::Accept);
    assert!(l.contains("has 3 lanterns for explore 5, failure"), "{l}");
    assert_eq!(g.players[0].coins, coins);
    assert_eq!(g.players[0].caves.len(), 1);
    let last = g.last_read.clone().unwrap();
    assert!(!last.success);
}

#[test]
fn a_dangerous_success_adds_a_pearl_and_a_failure_does_not() {
    for (faces, pearl) in [([6, 6, 6], 1), ([1, 1, 1], 0)] {
        let mut g = fresh(2);
        let serpent = cave_id("Serpent Pool");
        stack_cave(&mut g, 1, serpent);
        for v in ["Fenn", "Bram", "Wren"] {
            act(&mut g, 0, Action::Select { villager: vid(v) });
        }
        act(&mut g, 0, Action::Explore { dangerous: true });
        settle(&mut g);
        roll(&mut g, 1); // paragraph 41
        assert_eq!(g.explore.as_ref().unwrap().paragraph, 41);
        act(&mut g, 0, Action::Choose { option: 1 }); // SING TO THE SERPENT: explore 6
        for f in faces {
            roll(&mut g, f);
        }
        act(&mut g, 0, Action::Accept);
        assert_eq!(g.players[0].pearls, pearl);
        invariants(&g);
    }
}

#[test]
fn a_reroll_keeps_the_new_number_and_a_boat_makes_a_six() {
    let mut g = fresh(2);
    // Diviner's Tower: one reroll per explore.
    g.players[0].houses.push(Building {
        card: card_id("Diviner's Tower"),
        goods: 0,
        ghost: false,
    });
    g.key_row.retain(|&c| c != card_id("Diviner's Tower"));
    g.keys.unseen.retain(|&c| c != card_id("Diviner's Tower"));
    g.players[0].boats_ready = 1;
    g.boats_out = 1;
    explore_glowmoss(&mut g);
    act(&mut g, 0, Action::Choose { option: 1 });
    for f in [1, 2, 3] {
        roll(&mut g, f);
    }
    act(&mut g, 0, Action::Reroll { die: 2 });
    roll(&mut g, 1); // worse, but it stands
    let e = g.explore.as_ref().unwrap();
    assert_eq!(e.dice[2].face, 1);
    assert!(
        !g.legal(0)
            .iter()
            .any(|l| matches!(l.action, Action::Reroll { .. })),
        "no reroll left"
    );
    act(&mut g, 0, Action::BoatSix { die: 0 });
    assert_eq!(g.explore.as_ref().unwrap().dice[0].face, 6);
    assert_eq!(g.players[0].boats_ready, 0);
    assert_eq!(g.players[0].boats_used, 1);
    // Fenn 6: 2, Bram 2: 1, Wren 1: 1.
    assert_eq!(g.explore.as_ref().unwrap().lanterns(0), 4);
}

#[test]
fn roll_dice_first_then_give_them_out() {
    let mut g = fresh(2);
    g.players[0].houses.push(Building {
        card: card_id("Stargazer's Loft"),
        goods: 0,
        ghost: false,
    });
    g.key_row.retain(|&c| c != card_id("Stargazer's Loft"));
    g.keys.unseen.retain(|&c| c != card_id("Stargazer's Loft"));
    explore_glowmoss(&mut g);
    act(&mut g, 0, Action::Choose { option: 0 });
    for f in [3, 5, 1] {
        roll(&mut g, f);
    }
    // The 3 goes to Fenn (2 lanterns from 3), the 5 to Bram, the 1 to Wren: 5 lanterns.
    act(
        &mut g,
        0,
        Action::Assign {
            die: 0,
            villager: vid("Fenn"),
        },
    );
    act(
        &mut g,
        0,
        Action::Assign {
            die: 1,
            villager: vid("Bram"),
        },
    );
    act(
        &mut g,
        0,
        Action::Assign {
            die: 2,
            villager: vid("Wren"),
        },
    );
    assert_eq!(g.explore.as_ref().unwrap().lanterns(0), 5);
}

#[test]
fn three_goods_on_the_track_give_six_income() {
    let mut g = fresh(2);
    for good in [Good::Rice, Good::Crab, Good::Clam] {
        g.gain_good(0, good, 1);
        act(&mut g, 0, Action::Track { good });
    }
    assert_eq!(g.players[0].income(), 6);
    // A good of a kind already there stacks on its slot.
    g.gain_good(0, Good::Crab, 1);
    act(&mut g, 0, Action::Track { good: Good::Crab });
    assert_eq!(g.players[0].track[1], (Good::Crab, 2));
    assert_eq!(g.players[0].income(), 6);
    let coins = g.players[0].coins;
    act(&mut g, 0, Action::Pass);
    act(&mut g, 1, Action::Pass);
    settle(&mut g);
    assert_eq!(g.phase, Phase::Play, "round 2 began");
    assert_eq!(g.round, 2);
    assert_eq!(g.players[0].coins, coins + 6);
    assert_eq!(g.active, 1, "the first-player card passed to the left");
}

#[test]
fn track_points_two_rice_on_the_third_slot_score_four() {
    let mut g = fresh(2);
    g.players[0].track = vec![(Good::Clam, 1), (Good::Crab, 1), (Good::Rice, 4)];
    let line = |g: &tavern_plugin_above_below::Ab| g.score_lines(0)[0].1;
    assert_eq!(
        line(&g),
        1 + 1 + 4 * 2,
        "four rice on slot 3 are 8, one clam and one crab 1 each"
    );
    g.players[0].track[2].1 = 2;
    assert_eq!(line(&g), 1 + 1 + 4);
}

#[test]
fn reputation_ties_share_the_places_rounding_up() {
    let mut g = fresh(3);
    for (s, r) in [3, 3, 1].into_iter().enumerate() {
        g.players[s].reputation = r;
    }
    assert_eq!(g.rank_bonuses(), vec![4, 4, 2], "5+3 shared: 4 each");
    // Three-way tie (not in the rulebook): the places are added and shared, rounding up.
    let mut g = fresh(4);
    for (s, r) in [2, 2, 2, -1].into_iter().enumerate() {
        g.players[s].reputation = r;
    }
    assert_eq!(
        g.rank_bonuses(),
        vec![4, 4, 4, 0],
        "(5+3+2)/3 rounds up to 4"
    );
    // Two players: only the leader scores 3; a tie shares 3+0, rounding up to 2.
    let mut g = fresh(2);
    g.players[0].reputation = 1;
    assert_eq!(g.rank_bonuses(), vec![3, 0]);
    g.players[1].reputation = 1;
    assert_eq!(g.rank_bonuses(), vec![2, 2]);
}

#[test]
fn pearls_score_on_the_highest_filled_slot_and_are_not_goods() {
    let mut g = fresh(2);
    g.players[0].track = vec![
        (Good::Rice, 1),
        (Good::Clam, 1),
        (Good::Tea, 1),
        (Good::Nut, 4),
    ];
    g.players[0].pearls = 3;
    let lines = g.score_lines(0);
    assert_eq!(
        lines[1],
        ("Pearls", 9),
        "three pearls on the 4th slot, 3 points each"
    );
    // Orchard Guildhall: 2 per nut and 3 points; the pearls beside the nuts do not count.
    g.players[0].houses.push(Building {
        card: card_id("Orchard Guildhall"),
        goods: 0,
        ghost: false,
    });
    assert_eq!(g.score_lines(0)[5], ("Card bonuses", 3 + 2 * 4));
    // Without goods on the track, pearls have no slot and score nothing.
    g.players[1].pearls = 2;
    assert_eq!(g.score_lines(1)[1], ("Pearls", 0));
}

#[test]
fn card_bonus_examples() {
    let mut g = fresh(2);
    // 10 points, plus 2 per rubyfish and per squidroot owned (track and supply, not cards).
    let spice = card_id("Spice Exchange");
    g.players[0].houses.push(Building {
        card: spice,
        goods: 0,
        ghost: false,
    });
    g.players[0].goods[Good::Rubyfish.idx()] = 1;
    g.players[0].track = vec![(Good::Squidroot, 2)];
    let pool = card_id("Rubyfish Pond House");
    g.players[0].houses.push(Building {
        card: pool,
        goods: 1,
        ghost: false,
    });
    assert_eq!(
        g.score_lines(0)[5].1,
        10 + 2 * 3 + 1,
        "Rubyfish Pond House adds its own 1 point"
    );
    // 2 per house and per boat: five houses and three boats are 16.
    let mut g = fresh(2);
    g.players[1].houses.push(Building {
        card: card_id("Grand Manor"),
        goods: 0,
        ghost: false,
    });
    for name in ["Crab Shack", "Clam Diver's Hut", "Nut Press"] {
        g.players[1].houses.push(Building {
            card: card_id(name),
            goods: 0,
            ghost: false,
        });
    }
    g.players[1].boats_ready = 2;
    g.players[1].boats_used = 1;
    assert_eq!(g.players[1].houses.len(), 5);
    assert_eq!(g.score_lines(1)[5].1, 16);
    assert_eq!(
        g.score_lines(1)[2].1,
        5,
        "each building is a point, the starting house too"
    );
}

/// Rule reading: a ghost an opponent banishes onto your building is a ghost you gain, so a
/// 'coin with ghost' card (Ghostwarden's Lodge) pays its coin for it, as it does for a
/// ghost from hiring or an encounter. (Before, only hiring and encounters paid.)
#[test]
fn a_banished_ghost_pays_the_coin_with_ghost_card_of_its_new_owner() {
    let mut g = fresh(2);
    let lodge = data()
        .cards
        .iter()
        .position(|c| c.name == "Ghostwarden's Lodge")
        .unwrap() as u8;
    g.key_row.retain(|&c| c != lodge);
    g.keys.unseen.retain(|&c| c != lodge);
    g.players[1].houses.push(Building {
        card: lodge,
        goods: 0,
        ghost: false,
    });
    g.players[0].houses[0].ghost = true;
    g.players[1].houses[0].ghost = true;
    g.ghosts -= 2;
    let quill = g.players[0]
        .ready
        .iter()
        .copied()
        .find(|&v| villager(v).quill)
        .unwrap();
    act(&mut g, 0, Action::Select { villager: quill });
    let coins = g.players[1].coins;
    let l = act(
        &mut g,
        0,
        Action::Banish {
            seat: 1,
            building: 1,
        },
    );
    assert_eq!(g.players[1].coins, coins + 1, "{l}");
    assert!(
        l.contains("Player 2 gains 1 coin for the ghost from Ghostwarden's Lodge"),
        "{l}"
    );
    invariants(&g);
}
