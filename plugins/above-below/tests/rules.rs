//! One rule at a time, through legal actions.
mod common;

use common::*;
use tavern_plugin_above_below::data::{Good, data};
use tavern_plugin_above_below::model::{Building, CaveCard, Phase};
use tavern_plugin_above_below::{Ab, Action};
use tavern_plugin_api::{Game, ToAct};

fn vid(name: &str) -> u8 {
    data()
        .villagers
        .iter()
        .position(|v| v.name == name)
        .unwrap() as u8
}
fn card_id(name: &str) -> u8 {
    data().cards.iter().position(|c| c.name == name).unwrap() as u8
}
fn actions(g: &Ab, seat: usize) -> Vec<Action> {
    g.legal(seat).into_iter().map(|l| l.action).collect()
}
/// Takes card `c` out of wherever it waits (row or pile) so a test can place it.
fn take_card(g: &mut Ab, c: u8) {
    for row in [
        &mut g.house_row,
        &mut g.outpost_row,
        &mut g.key_row,
        &mut g.star_row,
        &mut g.adventure_deck,
    ] {
        row.retain(|&x| x != c);
    }
    for p in [&mut g.houses, &mut g.outposts, &mut g.keys] {
        p.unseen.retain(|&x| x != c);
    }
}
fn give_house(g: &mut Ab, seat: usize, name: &str) {
    let c = card_id(name);
    take_card(g, c);
    g.players[seat].houses.push(Building {
        card: c,
        goods: 0,
        ghost: false,
    });
}

#[test]
fn setup_follows_the_rulebook() {
    for n in 2..=4 {
        let g = fresh(n);
        let coins: Vec<i64> = g.players.iter().map(|p| p.coins).collect();
        let want = [8, 9, 9, 10];
        assert_eq!(coins, want[..n], "starting coins by seat");
        assert!(
            g.players
                .iter()
                .all(|p| p.brews == 1 && p.houses.len() == 1)
        );
        assert_eq!(g.key_row.len(), 5);
        assert_eq!(g.keys.unseen.len(), 4, "four key houses stay in the box");
        assert_eq!(g.star_row.len(), 8);
        assert_eq!(g.house_row.len(), 4);
        assert_eq!(g.outpost_row.len(), 4);
        assert!(g.slots.iter().all(|s| s.is_some()));
        assert!(
            g.cave_top.iter().all(|c| c.is_some()),
            "both cave decks face up"
        );
        for p in &g.players {
            if n == 4 {
                assert_eq!(
                    p.ready.len(),
                    1,
                    "four players: only the hammer starts ready"
                );
                assert!(data().villagers[p.ready[0] as usize].hammer);
                assert_eq!(p.exhausted.len(), 2);
            } else {
                assert_eq!(p.ready.len(), 3);
            }
        }
        assert_eq!(g.to_act(), ToAct::Seats(vec![0]));
        invariants(&g);
    }
}

#[test]
fn four_player_exhausted_villagers_are_ready_in_round_two() {
    let mut g = fresh(4);
    for s in 0..4 {
        act(&mut g, s, Action::Pass);
    }
    settle(&mut g);
    // Two beds each: both exhausted villagers rest.
    while let Some(s) = g.actor().filter(|_| g.phase == Phase::Rest) {
        let bed = actions(&g, s)
            .into_iter()
            .find(|a| matches!(a, Action::Bed { .. }))
            .unwrap();
        act(&mut g, s, bed);
    }
    settle(&mut g);
    assert_eq!(g.round, 2);
    assert!(g.players.iter().all(|p| p.ready.len() == 3));
}

#[test]
fn build_needs_a_hammer_pays_and_refills_the_row() {
    let mut g = fresh(2);
    let wren = vid("Wren");
    act(&mut g, 0, Action::Select { villager: wren });
    assert!(
        !actions(&g, 0)
            .iter()
            .any(|a| matches!(a, Action::Build { .. })),
        "a quill cannot build"
    );
    let mut g = fresh(2);
    act(
        &mut g,
        0,
        Action::Select {
            villager: vid("Bram"),
        },
    );
    let c = g.house_row[0];
    let cost = data().cards[c as usize].cost as i64;
    let coins = g.players[0].coins;
    act(&mut g, 0, Action::Build { card: c });
    settle(&mut g);
    assert_eq!(g.players[0].coins, coins - cost);
    assert!(g.players[0].houses.iter().any(|b| b.card == c));
    assert_eq!(g.house_row.len(), 4, "a new house is drawn");
    assert_eq!(g.players[0].exhausted, vec![vid("Bram")]);
    invariants(&g);
    // An outpost needs an open cave card.
    let mut g = fresh(2);
    act(
        &mut g,
        0,
        Action::Select {
            villager: vid("Bram"),
        },
    );
    assert!(
        !actions(&g, 0)
            .iter()
            .any(|a| matches!(a, Action::Build { card } if data().cards[*card as usize].outpost))
    );
    let mut g = fresh(2);
    g.players[0].caves.push(CaveCard {
        cave: g.basic.unseen.pop().unwrap(),
        covered: false,
    });
    act(
        &mut g,
        0,
        Action::Select {
            villager: vid("Bram"),
        },
    );
    let o = g.outpost_row[0];
    act(&mut g, 0, Action::Build { card: o });
    assert!(g.players[0].caves[0].covered, "the outpost covers the cave");
    assert_eq!(g.players[0].outposts[0].card, o);
    // With the symbol that waives the cave.
    let mut g = fresh(2);
    give_house(&mut g, 0, "Surveyor's Office");
    act(
        &mut g,
        0,
        Action::Select {
            villager: vid("Bram"),
        },
    );
    assert!(
        actions(&g, 0)
            .iter()
            .any(|a| matches!(a, Action::Build { card } if data().cards[*card as usize].outpost))
    );
}

#[test]
fn goods_on_a_new_building_and_its_once_only_symbols() {
    let mut g = fresh(2);
    g.players[0].coins = 30;
    g.coins_out += 22;
    let jam = card_id("Thornfruit Jam House");
    take_card(&mut g, jam);
    let old = std::mem::replace(&mut g.house_row[0], jam);
    g.houses.unseen.push(old);
    act(
        &mut g,
        0,
        Action::Select {
            villager: vid("Bram"),
        },
    );
    act(&mut g, 0, Action::Build { card: jam });
    let b = g.players[0].houses.iter().find(|b| b.card == jam).unwrap();
    assert_eq!(b.goods, 2, "two goods on a two-goods card");
    invariants(&g);
}

#[test]
fn hire_slots_bring_a_ghost_or_a_brew() {
    for (slot, ghost, brew) in [(0u8, 1u8, 0i64), (2, 1, 0), (3, 0, 1), (4, 0, 1)] {
        let mut g = fresh(2);
        g.players[0].coins = 20;
        g.coins_out += 12;
        let v = g.slots[slot as usize].unwrap();
        let brews = g.players[0].brews;
        act(
            &mut g,
            0,
            Action::Select {
                villager: vid("Wren"),
            },
        );
        act(&mut g, 0, Action::Hire { slot });
        let p = &g.players[0];
        assert_eq!(p.coins, 20 - data().board.slot_costs[slot as usize] as i64);
        assert!(
            p.exhausted.contains(&v),
            "the hired villager arrives exhausted"
        );
        assert_eq!(p.ghosts(), ghost);
        assert_eq!(p.brews, brews + brew);
        assert!(
            g.slots[slot as usize].is_none(),
            "the slot stays empty until the round ends"
        );
        invariants(&g);
    }
    // Hire to ready.
    let mut g = fresh(2);
    give_house(&mut g, 0, "Harbor Master's House");
    let v = g.slots[0].unwrap();
    act(
        &mut g,
        0,
        Action::Select {
            villager: vid("Wren"),
        },
    );
    act(&mut g, 0, Action::Hire { slot: 0 });
    assert!(g.players[0].ready.contains(&v));
}

#[test]
fn banish_sends_one_ghost_to_an_opponent_with_the_three_rewards() {
    let cases = [
        ("Crab Pot Loft", false, 2, 0, 2, 0),
        ("Crab Shack", false, 3, 1, 0, 0),
        ("Cave Rice Paddy", true, 0, 1, 0, 1),
    ];
    for (name, outpost, coins, brews, rep, boats) in cases {
        let mut g = fresh(2);
        let c = card_id(name);
        take_card(&mut g, c);
        let b = Building {
            card: c,
            goods: 0,
            ghost: false,
        };
        if outpost {
            g.players[1].outposts.push(b);
        } else {
            g.players[1].houses.push(b);
        }
        // The opponent's starting house is haunted already.
        g.players[1].houses[0].ghost = true;
        g.players[0].houses[0].ghost = true;
        g.players[0].houses.push(Building {
            card: card_id("Nut Press"),
            goods: 0,
            ghost: true,
        });
        take_card(&mut g, card_id("Nut Press"));
        g.ghosts -= 3;
        let before = g.players[0].clone();
        act(
            &mut g,
            0,
            Action::Select {
                villager: vid("Wren"),
            },
        );
        let targets: Vec<Action> = actions(&g, 0)
            .into_iter()
            .filter(|a| matches!(a, Action::Banish { .. }))
            .collect();
        assert_eq!(
            targets,
            vec![Action::Banish {
                seat: 1,
                building: 1
            }],
            "only the free building"
        );
        // The button says what the banish earns.
        let label = g
            .legal(0)
            .into_iter()
            .find(|l| matches!(l.action, Action::Banish { .. }))
            .unwrap()
            .label;
        let gain = match (coins, boats) {
            (2, _) => "gain 2 reputation and 2 coins",
            (3, _) => "gain 1 mystic brew and 3 coins",
            _ => "gain 1 mystic brew and 1 boat",
        };
        assert_eq!(
            label,
            format!("Banish your ghosts, one to Player 2's {name}: {gain}")
        );
        let l = act(
            &mut g,
            0,
            Action::Banish {
                seat: 1,
                building: 1,
            },
        );
        assert!(
            l.contains(&format!(
                "Player 1 banishes 2 ghosts: one to Player 2's {name}, the other back to the supply"
            )),
            "{l}"
        );
        let p = &g.players[0];
        assert_eq!(p.ghosts(), 0, "all ghosts leave");
        assert_eq!(g.players[1].ghosts(), 2, "one goes to the opponent");
        assert_eq!(p.coins - before.coins, coins);
        assert_eq!(p.brews - before.brews, brews);
        assert_eq!(p.reputation - before.reputation, rep);
        assert_eq!(p.boats_ready - before.boats_ready, boats);
        invariants(&g);
    }
    // No open building anywhere: every ghost goes back, no reward.
    let mut g = fresh(2);
    g.players[1].houses[0].ghost = true;
    g.players[0].houses[0].ghost = true;
    g.ghosts -= 2;
    act(
        &mut g,
        0,
        Action::Select {
            villager: vid("Wren"),
        },
    );
    assert!(actions(&g, 0).contains(&Action::BanishAll));
    let coins = g.players[0].coins;
    act(&mut g, 0, Action::BanishAll);
    assert_eq!(g.players[0].ghosts(), 0);
    assert_eq!(g.players[0].coins, coins);
    invariants(&g);
}

#[test]
fn labor_pays_a_coin_each_and_a_hammer_harvests_two() {
    let mut g = fresh(2);
    let shack = card_id("Crab Shack");
    let granary = card_id("Rice Granary");
    take_card(&mut g, shack);
    take_card(&mut g, granary);
    g.players[0].houses.push(Building {
        card: shack,
        goods: 1,
        ghost: false,
    });
    g.players[0].houses.push(Building {
        card: granary,
        goods: 2,
        ghost: false,
    });
    g.goods_out[Good::Crab.idx()] += 1;
    g.goods_out[Good::Rice.idx()] += 2;
    let coins = g.players[0].coins;
    act(
        &mut g,
        0,
        Action::Select {
            villager: vid("Bram"),
        },
    );
    act(
        &mut g,
        0,
        Action::Select {
            villager: vid("Fenn"),
        },
    );
    let l = act(&mut g, 0, Action::Labor);
    assert!(l.contains("Player 1 sends Bram and Fenn to labor"), "{l}");
    assert!(
        l.contains("Player 1 labors with 2 villagers: 2 coins, up to 3 goods to harvest"),
        "{l}"
    );
    assert_eq!(g.players[0].coins, coins + 2);
    assert_eq!(g.turn.harvest, 3, "hammer 2 + 1");
    assert_eq!(
        g.view(Some(0)).prompt,
        "Harvest up to 3 goods from your buildings"
    );
    let mut stop = g.clone();
    let l = act(&mut stop, 0, Action::DoneHarvest);
    assert_eq!(l, "Player 1 stops harvesting");
    act(&mut g, 0, Action::Harvest { building: 1 });
    act(&mut g, 0, Action::Harvest { building: 2 });
    act(&mut g, 0, Action::Harvest { building: 2 });
    assert_eq!(g.players[0].goods[Good::Crab.idx()], 1);
    assert_eq!(g.players[0].goods[Good::Rice.idx()], 2);
    assert_eq!(g.turn.harvest, 0);
    assert_eq!(g.ingredients[Good::Crab.idx()], Some(0));
    invariants(&g);
    // The replenishing card refills at the round's end; the two-goods card does not.
    act(&mut g, 0, Action::EndTurn);
    act(&mut g, 1, Action::Pass);
    act(&mut g, 0, Action::Pass);
    settle(&mut g);
    while let Some(s) = g.actor().filter(|_| g.phase == Phase::Rest) {
        act(&mut g, s, Action::RestDone);
    }
    assert_eq!(g.players[0].houses[1].goods, 1);
    assert_eq!(g.players[0].houses[2].goods, 0);
    invariants(&g);
}

#[test]
fn a_cat_may_refuse_without_costing_the_action() {
    let cat = vid("Cave Cat");
    let mut g = fresh(2);
    g.aside.retain(|&v| v != cat);
    g.players[0].ready.push(cat);
    act(&mut g, 0, Action::Select { villager: cat });
    act(&mut g, 0, Action::Labor);
    assert_eq!(g.to_act(), ToAct::Chance);
    roll(&mut g, 2);
    assert!(
        g.players[0].exhausted.contains(&cat),
        "the cat naps in the exhausted area"
    );
    assert!(!g.turn.acted, "the action is not used up");
    assert!(actions(&g, 0).contains(&Action::Select {
        villager: vid("Bram")
    }));
    // On 3-6 it works.
    let mut g = fresh(2);
    g.aside.retain(|&v| v != cat);
    g.players[0].ready.push(cat);
    let coins = g.players[0].coins;
    act(&mut g, 0, Action::Select { villager: cat });
    act(&mut g, 0, Action::Labor);
    roll(&mut g, 3);
    assert!(g.turn.acted);
    assert_eq!(g.players[0].coins, coins + 1);
    invariants(&g);
}

#[test]
fn resting_beds_once_per_villager_brews_twice_robot_alone() {
    let mut g = fresh(2);
    let robot = vid("Ancient Robot");
    for s in g.slots.iter_mut() {
        if *s == Some(robot) {
            *s = None;
        }
    }
    g.villager_pile.unseen.retain(|&v| v != robot);
    let p = &mut g.players[0];
    p.ready.clear();
    p.injured = vec![vid("Bram"), robot];
    p.exhausted = vec![vid("Wren"), vid("Fenn")];
    p.brews = 3;
    g.brews_out += 2;
    act(&mut g, 0, Action::Pass);
    act(&mut g, 1, Action::Pass);
    settle(&mut g);
    assert_eq!(g.phase, Phase::Rest);
    assert!(
        g.players[0].exhausted.contains(&robot),
        "the robot rests in its own bed"
    );
    let acts = actions(&g, 0);
    assert!(!acts.iter().any(|a| matches!(a, Action::Bed { villager } | Action::Brew { villager } if *villager == robot)), "no bed, no brew for the robot");
    // The buttons say where each villager goes.
    let labels: Vec<String> = g.legal(0).into_iter().map(|l| l.label).collect();
    for want in [
        "A bed for Bram (injured to exhausted)",
        "A bed for Wren (exhausted to ready)",
        "Give Bram a mystic brew (injured to exhausted)",
    ] {
        assert!(labels.iter().any(|l| l == want), "{want} not in {labels:?}");
    }
    act(
        &mut g,
        0,
        Action::Bed {
            villager: vid("Bram"),
        },
    );
    assert!(
        !actions(&g, 0).contains(&Action::Bed {
            villager: vid("Bram")
        }),
        "one bed per villager"
    );
    act(
        &mut g,
        0,
        Action::Brew {
            villager: vid("Bram"),
        },
    );
    assert!(g.players[0].ready.contains(&vid("Bram")));
    act(
        &mut g,
        0,
        Action::Bed {
            villager: vid("Wren"),
        },
    );
    // Two beds used; brews for Fenn.
    assert!(
        !actions(&g, 0)
            .iter()
            .any(|a| matches!(a, Action::Bed { .. }))
    );
    act(
        &mut g,
        0,
        Action::Brew {
            villager: vid("Fenn"),
        },
    );
    settle(&mut g);
    let p = &g.players[0];
    assert_eq!(p.brews, 1);
    assert!(p.ready.contains(&vid("Wren")) && p.ready.contains(&vid("Fenn")));
    invariants(&g);
}

#[test]
fn selling_and_buying_between_players() {
    let mut g = fresh(2);
    g.gain_good(1, Good::Nut, 1);
    // The seller puts it up on its own turn.
    act(&mut g, 0, Action::Pass);
    act(
        &mut g,
        1,
        Action::Sell {
            good: Some(Good::Nut),
        },
    );
    assert!(
        !actions(&g, 1)
            .iter()
            .any(|a| matches!(a, Action::Sell { .. })),
        "one change per turn"
    );
    assert_eq!(g.players[1].for_sale, Some(Good::Nut));
    act(&mut g, 1, Action::Pass);
    settle(&mut g);
    while let Some(s) = g.actor().filter(|_| g.phase == Phase::Rest) {
        act(&mut g, s, Action::RestDone);
    }
    // Round 2: seat 1 goes first; then seat 0 buys.
    act(&mut g, 1, Action::Pass);
    for _ in 0..2 {
        act(
            &mut g,
            0,
            Action::OfferAdd {
                seller: 1,
                brew: false,
            },
        );
    }
    assert!(!actions(&g, 0).contains(&Action::Offer), "at least 3");
    // An offer being built can be dropped; it was never made.
    let mut drop = g.clone();
    let l = act(&mut drop, 0, Action::Withdraw);
    assert_eq!(l, "Player 1 decides against an offer");
    act(
        &mut g,
        0,
        Action::OfferAdd {
            seller: 1,
            brew: true,
        },
    );
    let l = act(&mut g, 0, Action::Offer);
    assert!(
        l.contains("Player 1 offers 2 coins and 1 mystic brew to Player 2 for their nut"),
        "{l}"
    );
    assert_eq!(
        g.to_act(),
        ToAct::Seats(vec![1]),
        "the seller answers out of turn"
    );
    assert_eq!(
        g.view(Some(1)).prompt,
        "Player 1 offers 2 coins and 1 mystic brew for your nut: sell it or refuse"
    );
    let (c0, c1) = (g.players[0].coins, g.players[1].coins);
    act(&mut g, 1, Action::Answer { accept: true });
    assert_eq!(g.players[0].coins, c0 - 2);
    assert_eq!(g.players[1].coins, c1 + 2);
    assert_eq!(g.players[0].goods[Good::Nut.idx()], 1);
    assert_eq!(g.players[1].for_sale, None);
    assert!(
        !actions(&g, 0)
            .iter()
            .any(|a| matches!(a, Action::OfferAdd { .. })),
        "nothing left to buy"
    );
    invariants(&g);
}

#[test]
fn refresh_once_per_turn_puts_the_row_under_the_deck() {
    let mut g = fresh(2);
    let old = g.house_row.clone();
    act(&mut g, 0, Action::Refresh { outposts: false });
    settle(&mut g);
    assert_eq!(g.house_row.len(), 4);
    assert!(g.house_row.iter().all(|c| !old.contains(c)));
    assert_eq!(g.houses.bottom, old);
    assert!(
        !actions(&g, 0)
            .iter()
            .any(|a| matches!(a, Action::Refresh { .. }))
    );
    invariants(&g);
}

#[test]
fn boats_give_a_coin_and_return_at_the_round_end() {
    let mut g = fresh(2);
    g.gain_boats(0, 1);
    let coins = g.players[0].coins;
    act(&mut g, 0, Action::BoatCoin);
    assert_eq!(g.players[0].coins, coins + 1);
    assert!(!actions(&g, 0).contains(&Action::BoatCoin));
    act(&mut g, 0, Action::Pass);
    act(&mut g, 1, Action::Pass);
    settle(&mut g);
    assert_eq!(g.players[0].boats_ready, 1);
}

#[test]
fn costs_are_only_offered_when_payable() {
    let mut g = fresh(2);
    // Paragraph 5: LEAVE THEM OFFERINGS costs a rice.
    let cave = data()
        .caves
        .iter()
        .position(|c| c.grid.contains(&5) && !c.dangerous)
        .unwrap() as u8;
    let face = data().caves[cave as usize]
        .grid
        .iter()
        .position(|&p| p == 5)
        .unwrap() as u8
        + 1;
    if let Some(old) = g.cave_top[0].replace(cave) {
        g.basic.unseen.push(old);
    }
    g.basic.unseen.retain(|&c| c != cave);
    act(
        &mut g,
        0,
        Action::Select {
            villager: vid("Bram"),
        },
    );
    act(
        &mut g,
        0,
        Action::Select {
            villager: vid("Fenn"),
        },
    );
    act(&mut g, 0, Action::Explore { dangerous: false });
    settle(&mut g);
    roll(&mut g, face);
    assert_eq!(
        actions(&g, 0),
        vec![Action::Choose { option: 1 }],
        "no rice, no offering"
    );
}

#[test]
fn ghosts_haunt_and_reputation_stays_within_seven() {
    let mut g = fresh(2);
    g.players[0].houses[0].ghost = true;
    g.ghosts -= 1;
    g.players[0].reputation = -7;
    act(&mut g, 0, Action::Pass);
    act(&mut g, 1, Action::Pass);
    assert_eq!(g.players[0].reputation, -7);
    let mut g = fresh(2);
    g.players[1].houses[0].ghost = true;
    g.ghosts -= 1;
    act(&mut g, 0, Action::Pass);
    let l = act(&mut g, 1, Action::Pass);
    assert!(l.contains("A ghost haunts Player 2: -1 reputation"), "{l}");
    assert_eq!(g.players[1].reputation, -1);
}

#[test]
fn the_game_ends_after_seven_rounds_or_eight_in_the_long_game() {
    for (opts, rounds) in [(vec![], 7u8), (vec![("length", "long")], 8)] {
        let mut g = fresh_with(&setup_with(2, &opts));
        let mut passes = 0;
        while g.phase != Phase::Over {
            settle(&mut g);
            match g.actor() {
                Some(s) if g.phase == Phase::Rest => {
                    act(&mut g, s, Action::RestDone);
                }
                Some(s) => {
                    act(&mut g, s, Action::Pass);
                    passes += 1;
                }
                None => {}
            }
        }
        assert_eq!(g.round, rounds);
        assert_eq!(passes, 2 * rounds as usize);
        assert!(g.outcome().is_some());
        assert_eq!(g.to_act(), ToAct::Over);
    }
}

#[test]
fn ties_break_on_coins_then_villagers_and_boats_then_buildings() {
    let mut g = fresh(2);
    g.phase = Phase::Over;
    g.players[0].coins = 5;
    g.players[1].coins = 5;
    let o = g.outcome().unwrap();
    assert_eq!(o.scores[0].total, o.scores[1].total);
    assert_eq!(o.rank, vec![0, 0], "fully tied");
    g.players[1].boats_ready = 1;
    let o = g.outcome().unwrap();
    assert_eq!(o.rank, vec![1, 0]);
    let t = o.tie_break.unwrap();
    assert!(
        t.contains("most villagers and boats wins (Player 1 3, Player 2 4)"),
        "{t}"
    );
    g.players[0].coins = 6;
    let o = g.outcome().unwrap();
    assert_eq!(o.rank, vec![0, 1]);
    let t = o.tie_break.unwrap();
    assert!(
        t.contains("most coins wins (Player 1 6, Player 2 5)"),
        "{t}"
    );
}

#[test]
fn a_ghost_gained_goes_on_a_building_of_your_choice() {
    let mut g = fresh(2);
    give_house(&mut g, 0, "Ghostwarden's Lodge");
    g.players[0].coins = 10;
    g.coins_out += 2;
    act(
        &mut g,
        0,
        Action::Select {
            villager: vid("Wren"),
        },
    );
    act(&mut g, 0, Action::Hire { slot: 0 });
    // Ghostwarden's Lodge: a coin on gaining the ghost.
    assert_eq!(g.players[0].coins, 10 - 2 + 1);
    assert_eq!(g.ghost_due, 1);
    assert_eq!(
        actions(&g, 0),
        vec![
            Action::PlaceGhost { building: 0 },
            Action::PlaceGhost { building: 1 }
        ]
    );
    invariants(&g);
    let l = act(&mut g, 0, Action::PlaceGhost { building: 1 });
    assert!(l.contains("Ghostwarden's Lodge"), "{l}");
    assert!(g.players[0].houses[1].ghost && !g.players[0].houses[0].ghost);
    assert_eq!(g.ghost_due, 0);
    assert!(actions(&g, 0).contains(&Action::EndTurn));
    invariants(&g);
    // With every building haunted, no ghost comes.
    let mut g = fresh(2);
    g.players[0].houses[0].ghost = true;
    g.ghosts -= 1;
    act(
        &mut g,
        0,
        Action::Select {
            villager: vid("Wren"),
        },
    );
    act(&mut g, 0, Action::Hire { slot: 0 });
    assert_eq!(g.ghost_due, 0);
    assert_eq!(g.players[0].ghosts(), 1);
    invariants(&g);
}

#[test]
fn a_bed_on_an_adventure_card_rests_a_villager() {
    let mut g = fresh(2);
    let blessing = data().adventure(18).unwrap();
    g.adventure_deck.retain(|&c| c != blessing);
    g.players[0].adventures.push(blessing);
    assert_eq!(g.players[0].beds(), 3);
}
