//! Every specialist's ability and every room's scoring.
mod common;

use common::*;
use tavern_plugin_api::Game;
use tavern_plugin_kings_guild::Kg;
use tavern_plugin_kings_guild::data::{
    Colour, kinds_of, quest_named, room, room_named, spec, spec_named, treasure_named,
};
use tavern_plugin_kings_guild::model::{Loc, QCard};
use tavern_plugin_kings_guild::{Action, ColourList, Pending};

fn line(g: &Kg, seat: usize, label: &str) -> i64 {
    g.score_lines(seat).iter().find(|l| l.0 == label).unwrap().1
}

fn hire_from_row(g: &mut Kg, seat: usize, name: &str) -> usize {
    let id = spec_named(name);
    g.spec_deck.retain(|&s| s != id);
    g.row[4] = (id, 0);
    g.players[seat].coins += spec(id).cost as u32;
    4
}

#[test]
fn star_rooms_score_as_printed() {
    let mut g = fresh(2);
    let p = 0;
    let warriors = [
        quest_named("Protect the Eastern Ramparts"),
        quest_named("Topple the Moonstone Giant"),
    ];
    let mage2a = quest_named("Explore Bluevein Isle"); // mage, two armour
    g.players[p].quests = vec![warriors[0], warriors[1], mage2a];
    let check = |g: &mut Kg, name: &str, expect: i64| {
        g.players[p].grid[0] = room_named(name);
        assert_eq!(line(g, p, "Master rooms and Library"), expect, "{name}");
        g.players[p].grid[0] = 254;
    };
    check(&mut g, "Hall of Warriors", 8);
    check(&mut g, "Hall of Mages", 4);
    check(&mut g, "Hall of Rogues", 0);
    check(&mut g, "Hall of Wisdom", 6); // mage + warrior pairs: 1
    check(&mut g, "Hall of Strength", 0);
    check(&mut g, "Arsenal", 2 * 3); // sword, dagger, axe
    check(&mut g, "Armory", 2 * 2); // cloak and boots on one card count twice
    check(&mut g, "Gallery", 3 * 2); // 3 weapons, 2 armour: two pairs
    g.players[p].res = res(&[(CLOTH, 1), (GEMS, 2), (WOOD, 1)]);
    check(&mut g, "Depot", 12);
    g.players[p].coins = 13;
    check(&mut g, "Vault of Riches", 13);
    for s in ["Miner", "Oracle", "Bard"] {
        g.players[p].specs.push((spec_named(s), Loc::Outside));
    }
    check(&mut g, "Tavern", 9);
    check(&mut g, "Throne Room", 9);
    g.players[p].grid[4] = room::STATUE;
    check(&mut g, "Throne Room", 15);
    // Hall of Builders: itself and the statue, not the guild tile.
    check(&mut g, "Hall of Builders", 6);
    let scroll = treasure_named("Scroll of Riches", Colour::Yellow);
    give_card(&mut g, p, scroll);
    give_card(&mut g, p, treasure_named("Scroll of Plenty", Colour::Blue));
    check(&mut g, "Library", 6);
}

#[test]
fn chambers_score_only_when_full_of_specialists() {
    let mut g = fresh(2);
    let p = &mut g.players[0];
    p.grid[0] = room::BEDCHAMBER;
    p.grid[4] = room::GREAT_HALL;
    p.grid[5] = room::GREAT_HALL;
    p.grid[3] = room::SHRINE;
    assert_eq!(line(&g, 0, "Occupied chambers"), 0);
    assert_eq!(
        line(&g, 0, "Rooms"),
        1,
        "the Shrine scores without a specialist"
    );
    g.players[0].specs.push((spec_named("Miner"), Loc::Room(0)));
    g.players[0]
        .specs
        .push((spec_named("Weaver"), Loc::Room(4)));
    assert_eq!(line(&g, 0, "Occupied chambers"), 7);
    g.players[0].baggage = Some(4);
    assert_eq!(
        line(&g, 0, "Occupied chambers"),
        7,
        "baggage is no specialist"
    );
    g.players[0].baggage = None;
    g.players[0]
        .specs
        .push((spec_named("Tanner"), Loc::Room(4)));
    assert_eq!(line(&g, 0, "Occupied chambers"), 18);
    assert_eq!(line(&g, 0, "Specialists"), 3);
}

#[test]
fn every_specialist_scores_its_printed_prestige() {
    let mut g = fresh(2);
    let mut total = 0;
    for (i, s) in tavern_plugin_kings_guild::data::data()
        .specialists
        .iter()
        .enumerate()
    {
        g.players[0].specs.push((i as u8, Loc::Outside));
        total += s.pp as i64;
        assert_eq!(line(&g, 0, "Specialists"), total, "{}", s.name);
    }
}

#[test]
fn charms_relics_and_the_most_charms_bonus() {
    let mut g = fresh(3);
    give_card(&mut g, 0, treasure_named("Sacred Charm", Colour::Red));
    give_card(&mut g, 0, treasure_named("Glowing Charm", Colour::Red));
    give_card(&mut g, 1, treasure_named("Ornate Charm", Colour::Red));
    assert_eq!(line(&g, 0, "Charms"), 5);
    assert_eq!(line(&g, 0, "Most charms"), 3);
    assert_eq!(line(&g, 1, "Most charms"), 0);
    assert_eq!(line(&g, 2, "Most charms"), 0, "no charm, no bonus");
    give_card(&mut g, 1, treasure_named("Bizarre Charm", Colour::Red));
    assert_eq!(line(&g, 1, "Most charms"), 3, "ties share the bonus");
    let helm = treasure_named("Ancient Helm", Colour::Blue);
    give_card(&mut g, 2, helm);
    give_card(&mut g, 2, helm);
    give_card(&mut g, 2, treasure_named("Ancient Sword", Colour::Red));
    give_card(&mut g, 2, treasure_named("Ancient Shield", Colour::Yellow));
    assert_eq!(line(&g, 2, "Relic sets"), 9 + 2);
}

#[test]
fn storage_and_hand_specialists() {
    let mut g = fresh(2);
    let base = g.players[0].storage_limit();
    g.players[0]
        .specs
        .push((spec_named("Courier"), Loc::Outside));
    g.players[0]
        .specs
        .push((spec_named("Peasant"), Loc::Outside));
    assert_eq!(g.players[0].storage_limit(), base + 3);
    g.players[0].grid[0] = room::WAREHOUSE;
    assert_eq!(g.players[0].storage_limit(), base + 6);
    g.players[0]
        .specs
        .push((spec_named("Inventor"), Loc::Outside));
    assert_eq!(g.players[0].hand_limit(), 8);
}

#[test]
fn overseer_takes_the_oldest_for_free() {
    let mut g = fresh(2);
    let i = hire_from_row(&mut g, 0, "Overseer");
    let oldest = g.row[0].0;
    let coins = g.players[0].coins;
    act(
        &mut g,
        0,
        Action::Hire {
            index: i as u8,
            at: Loc::Outside,
            baggage: None,
        },
    );
    assert_eq!(g.players[0].coins, coins - 8);
    assert_eq!(
        g.pending.front(),
        Some(&Pending::PlaceSpec {
            seat: 0,
            spec: oldest
        })
    );
    act(&mut g, 0, Action::Place { at: Loc::Outside });
    assert!(g.players[0].spec_named(oldest));
    assert_eq!(g.row.len(), 5);
}

#[test]
fn aristocrat_needs_a_chamber_for_its_baggage() {
    let mut g = fresh(2);
    let i = hire_from_row(&mut g, 0, "Aristocrat");
    assert!(
        !g.hire_options(0).iter().any(|h| h.0 == i as u8),
        "no chamber, no Aristocrat"
    );
    g.players[0].grid[0] = room::KITCHEN;
    let opts: Vec<_> = g
        .hire_options(0)
        .into_iter()
        .filter(|h| h.0 == i as u8)
        .collect();
    assert_eq!(opts, vec![(i as u8, Loc::Outside, Some(0))]);
    act(
        &mut g,
        0,
        Action::Hire {
            index: i as u8,
            at: Loc::Outside,
            baggage: Some(0),
        },
    );
    assert_eq!(g.players[0].baggage, Some(0));
    assert_eq!(g.players[0].free_at(Loc::Room(0)), 0);
}

#[test]
fn witch_takes_a_one_item_quest() {
    let mut g = fresh(2);
    let q = quest_named("Protect the Eastern Ramparts");
    put_quest(&mut g, 1, q);
    let i = hire_from_row(&mut g, 0, "Witch");
    let next = *g.quest_deck.last().unwrap();
    act(
        &mut g,
        0,
        Action::Hire {
            index: i as u8,
            at: Loc::Outside,
            baggage: None,
        },
    );
    let takes = g.legal_actions(0);
    assert!(takes.contains(&Action::TakeQuest { slot: 1 }));
    assert!(takes.iter().all(|a| matches!(a, Action::TakeQuest { .. })));
    act(&mut g, 0, Action::TakeQuest { slot: 1 });
    assert_eq!(g.players[0].quests, vec![q]);
    assert_eq!(g.board[1].unwrap().card, next);
    assert!(g.pending.is_empty(), "no treasure for it");
}

#[test]
fn alchemist_curator_smuggler() {
    let mut g = fresh(2);
    give_res(&mut g, 0, CLOTH, 2);
    let i = hire_from_row(&mut g, 0, "Alchemist");
    act(
        &mut g,
        0,
        Action::Hire {
            index: i as u8,
            at: Loc::Outside,
            baggage: None,
        },
    );
    assert!(
        g.legal_actions(0).contains(&Action::Trade {
            give: CLOTH as u8,
            take: GEMS as u8
        }),
        "gems too"
    );
    act(
        &mut g,
        0,
        Action::Trade {
            give: CLOTH as u8,
            take: GEMS as u8,
        },
    );
    act(
        &mut g,
        0,
        Action::Trade {
            give: CLOTH as u8,
            take: MAGIC as u8,
        },
    );
    assert_eq!(g.players[0].res, res(&[(GEMS, 1), (MAGIC, 1)]));
    assert!(
        g.pending.is_empty(),
        "two trades for two resources held when hired"
    );
    skip(&mut g, 0);
    // Curator: relics from the discards at 3 each.
    let helm = treasure_named("Ancient Helm", Colour::Blue);
    g.deck[helm as usize] -= 1;
    g.discard[helm as usize] += 1;
    let i = hire_from_row(&mut g, 1, "Curator");
    g.players[1].coins += 3;
    act(
        &mut g,
        1,
        Action::Hire {
            index: i as u8,
            at: Loc::Outside,
            baggage: None,
        },
    );
    let c = g.players[1].coins;
    act(&mut g, 1, Action::BuyRelic { kind: helm });
    assert_eq!(g.players[1].coins, c - 3);
    assert_eq!(g.players[1].hand, vec![helm]);
    assert!(g.pending.is_empty(), "nothing more to buy");
    skip(&mut g, 1);
    // Smuggler: take a resource from another player, gems included.
    let i = hire_from_row(&mut g, 0, "Smuggler");
    give_res(&mut g, 1, GEMS, 1);
    act(
        &mut g,
        0,
        Action::Hire {
            index: i as u8,
            at: Loc::Outside,
            baggage: None,
        },
    );
    act(
        &mut g,
        0,
        Action::Steal {
            from: 1,
            res: GEMS as u8,
        },
    );
    assert_eq!(g.players[0].res[GEMS], 2);
    assert_eq!(g.players[1].res[GEMS], 0);
}

#[test]
fn merchant_adventurer_minstrel() {
    let mut g = fresh(2);
    let i = hire_from_row(&mut g, 0, "Merchant");
    act(
        &mut g,
        0,
        Action::Hire {
            index: i as u8,
            at: Loc::Outside,
            baggage: None,
        },
    );
    act(
        &mut g,
        0,
        Action::Colours {
            colours: ColourList::new(&[Colour::Blue, Colour::Blue, Colour::Red]).unwrap(),
        },
    );
    let blue = treasure_named("Contract", Colour::Blue);
    let red = treasure_named("Lucky Potion", Colour::Red);
    draw(&mut g, blue);
    draw(&mut g, blue);
    draw(&mut g, red);
    assert_eq!(g.pending.front(), Some(&Pending::Toss { seat: 0, n: 3 }));
    act(&mut g, 0, Action::Toss { kind: blue });
    act(&mut g, 0, Action::Toss { kind: red });
    act(&mut g, 0, Action::Toss { kind: blue });
    assert!(g.players[0].hand.is_empty());
    skip(&mut g, 0);
    let i = hire_from_row(&mut g, 1, "Adventurer");
    act(
        &mut g,
        1,
        Action::Hire {
            index: i as u8,
            at: Loc::Outside,
            baggage: None,
        },
    );
    let colours: Vec<Colour> = g
        .pending
        .iter()
        .filter_map(|p| match p {
            Pending::Draw { colour, .. } => Some(*colour),
            _ => None,
        })
        .collect();
    assert_eq!(colours, vec![Colour::Blue, Colour::Red, Colour::Yellow]);
    let mut g = fresh(2);
    let i = hire_from_row(&mut g, 0, "Minstrel");
    act(
        &mut g,
        0,
        Action::Hire {
            index: i as u8,
            at: Loc::Outside,
            baggage: None,
        },
    );
    assert_eq!(g.legal_actions(0).len(), 3);
    act(
        &mut g,
        0,
        Action::Colours {
            colours: ColourList::new(&[Colour::Yellow]).unwrap(),
        },
    );
    assert!(matches!(
        g.pending.front(),
        Some(Pending::Draw {
            colour: Colour::Yellow,
            ..
        })
    ));
}

#[test]
fn dealer_and_craftswoman_take_an_extra_action() {
    let mut g = fresh(2);
    let i = hire_from_row(&mut g, 0, "Dealer");
    act(
        &mut g,
        0,
        Action::Hire {
            index: i as u8,
            at: Loc::Outside,
            baggage: None,
        },
    );
    assert!(g.legal_actions(0).contains(&Action::Gather {
        take: res(&[(WOOD, 3)])
    }));
    act(
        &mut g,
        0,
        Action::Gather {
            take: res(&[(WOOD, 3)]),
        },
    );
    assert_eq!(g.players[0].res[WOOD], 3);
    skip(&mut g, 0);
    let q = quest_named("Protect the Eastern Ramparts");
    put_quest(&mut g, 0, q);
    give_res(&mut g, 1, METAL, 2);
    let i = hire_from_row(&mut g, 1, "Craftswoman");
    act(
        &mut g,
        1,
        Action::Hire {
            index: i as u8,
            at: Loc::Outside,
            baggage: None,
        },
    );
    let c = g.players[1].coins;
    act(&mut g, 1, Action::Craft { slot: 0, items: 1 });
    assert_eq!(g.players[1].coins, c + 3);
    assert_eq!(g.players[1].quests, vec![q]);
}

#[test]
fn thug_fee_and_warlock_scroll() {
    let mut g = fresh(3);
    g.players[0].specs.push((spec_named("Thug"), Loc::Outside));
    g.players[0]
        .specs
        .push((spec_named("Warlock"), Loc::Outside));
    let riches = treasure_named("Scroll of Riches", Colour::Yellow);
    give_card(&mut g, 0, riches);
    let q = quest_named("Protect the Eastern Ramparts");
    let q2 = quest_named("Claim the Briareye Gemstone");
    put_quest(&mut g, 0, q);
    put_quest(&mut g, 1, q2);
    give_res(&mut g, 0, METAL, 2);
    act(&mut g, 0, Action::Craft { slot: 0, items: 1 });
    draw(&mut g, treasure_named("Lucky Potion", Colour::Red));
    // Warlock first: destroy the scroll for both halves (4 + 2 coins), nobody else gains.
    let (c0, c1) = (g.players[0].coins, g.players[1].coins);
    act(
        &mut g,
        0,
        Action::Destroy {
            kind: riches,
            arg: 0,
        },
    );
    assert_eq!((g.players[0].coins, g.players[1].coins), (c0 + 6, c1));
    assert!(g.removed.contains(&riches));
    act(&mut g, 0, Action::ThugTo { slot: 1 });
    assert_eq!(g.thug, Some((0, 1)));
    skip(&mut g, 0);
    give_res(&mut g, 1, CLOTH, 2);
    let (c0, c1) = (g.players[0].coins, g.players[1].coins);
    act(&mut g, 1, Action::Craft { slot: 1, items: 1 });
    assert_eq!(g.players[0].coins, c0 + 2);
    assert_eq!(g.players[1].coins, c1 - 2 + 3);
    assert_eq!(g.thug, None, "completed: the Thug goes home");
}

#[test]
fn hero_specialists_and_the_appraiser_on_a_shared_quest() {
    let mut g = fresh(2);
    let q = quest_named("Brawl at Goldgrass Inn"); // warrior: Pants leather3; Helmet cloth2 metal1 wood1
    put_quest(&mut g, 0, q);
    g.players[0]
        .specs
        .push((spec_named("Fighter"), Loc::Outside));
    g.players[1]
        .specs
        .push((spec_named("Fighter"), Loc::Outside));
    g.players[1]
        .specs
        .push((spec_named("Appraiser"), Loc::Outside));
    give_res(&mut g, 0, LEATHER, 3);
    act(&mut g, 0, Action::Craft { slot: 0, items: 1 });
    skip(&mut g, 0);
    give_res(&mut g, 1, CLOTH, 2);
    give_res(&mut g, 1, METAL, 1);
    give_res(&mut g, 1, WOOD, 1);
    act(&mut g, 1, Action::Craft { slot: 0, items: 2 });
    let red = treasure_named("Lucky Potion", Colour::Red);
    let blue = treasure_named("Contract", Colour::Blue);
    draw(&mut g, red);
    draw(&mut g, blue);
    act(&mut g, 1, Action::Keep { kind: red });
    // Both crafters may pay 1 for a red treasure (finisher first), then the Appraiser.
    assert_eq!(
        g.pending.front(),
        Some(&Pending::HeroPay {
            seat: 1,
            colour: Colour::Red
        })
    );
    let c = g.players[1].coins;
    act(&mut g, 1, Action::Accept);
    draw(&mut g, red);
    assert_eq!(g.players[1].coins, c - 1);
    assert_eq!(
        g.pending.front(),
        Some(&Pending::HeroPay {
            seat: 0,
            colour: Colour::Red
        })
    );
    act(&mut g, 0, Action::Decline);
    assert_eq!(g.pending.front(), Some(&Pending::Appraiser { seat: 1 }));
    act(
        &mut g,
        1,
        Action::Colours {
            colours: ColourList::new(&[Colour::Yellow]).unwrap(),
        },
    );
    let gold = treasure_named("Bag of Gold", Colour::Yellow);
    draw(&mut g, gold);
    act(&mut g, 1, Action::Toss { kind: red });
    let mut hand = g.players[1].hand.clone();
    hand.sort();
    let mut want = vec![red, gold];
    want.sort();
    assert_eq!(hand, want);
}

#[test]
fn lucky_potion_doubles_a_quests_treasures() {
    let mut g = fresh(2);
    let q = quest_named("Protect the Eastern Ramparts");
    put_quest(&mut g, 0, q);
    let lucky = treasure_named("Lucky Potion", Colour::Red);
    give_card(&mut g, 0, lucky);
    act(
        &mut g,
        0,
        Action::Play {
            kind: lucky,
            arg: 0,
        },
    );
    give_res(&mut g, 0, METAL, 2);
    act(&mut g, 0, Action::Craft { slot: 0, items: 1 });
    let draws = g
        .pending
        .iter()
        .filter(|p| matches!(p, Pending::Draw { .. }))
        .count();
    assert_eq!(draws, 2);
}

#[test]
fn contract_hires_without_the_action() {
    let mut g = fresh(2);
    let contract = treasure_named("Contract", Colour::Blue);
    give_card(&mut g, 0, contract);
    g.players[0].coins = 20;
    act(
        &mut g,
        0,
        Action::Play {
            kind: contract,
            arg: 0,
        },
    );
    act(
        &mut g,
        0,
        Action::Hire {
            index: 0,
            at: Loc::Outside,
            baggage: None,
        },
    );
    assert_eq!(g.players[0].specs.len(), 1);
    assert!(
        g.legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::Gather { .. })),
        "the action is still there"
    );
}

#[test]
fn bard_moves_once_per_turn_and_oracle_looks_once() {
    let mut g = fresh(2);
    g.players[0].grid[0] = room::KITCHEN;
    let bard = spec_named("Bard");
    let oracle = spec_named("Oracle");
    g.players[0].specs.push((bard, Loc::Outside));
    g.players[0].specs.push((oracle, Loc::Outside));
    act(
        &mut g,
        0,
        Action::Move {
            spec: oracle,
            to: Loc::Room(0),
        },
    );
    assert!(
        !g.legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::Move { spec, .. } if *spec == oracle))
    );
    let top: Vec<QCard> = g.quest_deck.iter().rev().take(2).copied().collect();
    let a = act(&mut g, 0, Action::Peek);
    let QCard::Quest(first) = top[0] else {
        panic!()
    };
    let name = &tavern_plugin_kings_guild::data::quest(first).name;
    assert!(a.text_for(None, Some(0)).contains(name.as_str()));
    assert!(!a.label.contains(name.as_str()));
    assert!(!g.legal_actions(0).contains(&Action::Peek));
    skip(&mut g, 0);
    skip(&mut g, 1);
    assert!(
        g.legal_actions(0).contains(&Action::Peek),
        "again next turn"
    );
}

#[test]
fn builder_and_recruiter_and_sorceress_listed_in_help() {
    // Each specialist has its own tooltip text in our words.
    for (i, _) in tavern_plugin_kings_guild::data::data()
        .specialists
        .iter()
        .enumerate()
    {
        let t = tavern_plugin_kings_guild::view::spec_help(i as u8, 0);
        assert!(t.len() > 30);
    }
    let _ = kinds_of(Colour::Blue).count();
}
