//! One test (or more) per rule.
mod common;

use common::*;
use tavern_plugin_api::{ChoiceKind, Game, ToAct};
use tavern_plugin_kings_guild::data::{
    Colour, quest_named, room, spec_named, treasure, treasure_named,
};
use tavern_plugin_kings_guild::model::{Loc, Phase, QCard};
use tavern_plugin_kings_guild::{Action, ColourList, Pending};

fn gathers(g: &tavern_plugin_kings_guild::Kg, seat: usize) -> Vec<[u8; 6]> {
    g.legal_actions(seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::Gather { take } => Some(take),
            _ => None,
        })
        .collect()
}

#[test]
fn setup_by_player_count() {
    for (n, basic, gm, wl, gmr, spaces, specs) in [
        (2, 5, 3, 1, 1, 5, 15),
        (3, 6, 4, 2, 2, 5, 21),
        (4, 7, 5, 3, 2, 5, 24),
        (5, 8, 6, 3, 3, 6, 27),
        (6, 8, 6, 4, 3, 6, 30),
    ] {
        let g = fresh(n);
        let total: Vec<u32> = (0..6)
            .map(|r| g.stock[r] as u32 + g.players.iter().map(|p| p.res[r] as u32).sum::<u32>())
            .collect();
        assert_eq!(total, vec![basic, basic, basic, basic, gm, gm]);
        assert_eq!(g.piles, [wl, wl, gmr, gmr, n as u8, n as u8]);
        assert_eq!(g.board.len(), spaces);
        assert_eq!(g.masters.len(), 3 + n);
        assert_eq!(g.spec_deck.len() + g.row.len(), specs);
        assert_eq!(g.row.len(), 5);
        // The deck: Age I, the funeral, Age II, the Offering at the bottom.
        assert_eq!(g.quest_deck[0], QCard::Offering);
        let age2 = [8, 12, 14, 17, 19][n - 2];
        assert_eq!(g.quest_deck[age2 + 1], QCard::Funeral);
    }
}

#[test]
fn starting_coins_by_seat_and_guild_bonuses() {
    let g = Kg_new_dealt(6);
    for s in 0..6 {
        let base = [3, 4, 5, 5, 6, 6][s];
        let name =
            &tavern_plugin_kings_guild::data::data().guilds[g.players[s].guild as usize].name;
        let expect = if name == "Mercantile Trust" {
            base + 4
        } else {
            base
        };
        assert_eq!(g.players[s].coins, expect, "{name}");
    }
}

#[allow(non_snake_case)]
fn Kg_new_dealt(n: usize) -> tavern_plugin_kings_guild::Kg {
    let mut g = tavern_plugin_kings_guild::Kg::new(&setup(n)).unwrap();
    let d = g.sample_chance(&mut tavern_plugin_api::GameRng::new(9));
    g.apply(None, &d).unwrap();
    g
}

#[test]
fn gather_up_to_three_of_one_or_two_different_within_stock() {
    let mut g = fresh(2);
    g.stock[WOOD] = 2;
    let opts = gathers(&g, 0);
    assert!(opts.contains(&res(&[(CLOTH, 3)])));
    assert!(opts.contains(&res(&[(CLOTH, 1), (METAL, 1)])));
    assert!(!opts.contains(&res(&[(WOOD, 3)])), "only 2 wood in stock");
    assert!(opts.contains(&res(&[(WOOD, 2)])));
    assert!(
        !opts.contains(&res(&[(CLOTH, 2), (METAL, 1)])),
        "no mixed three"
    );
    g.stock[WOOD] = 0;
    assert!(!gathers(&g, 0).iter().any(|t| t[WOOD] > 0));
}

#[test]
fn gems_and_magic_need_their_rooms_or_the_sorceress() {
    let mut g = fresh(3);
    assert!(!gathers(&g, 0).iter().any(|t| t[GEMS] > 0 || t[MAGIC] > 0));
    g.players[0].grid[0] = room::GEM;
    let o = gathers(&g, 0);
    assert!(o.iter().any(|t| t[GEMS] > 0) && !o.iter().any(|t| t[MAGIC] > 0));
    g.players[0].grid[0] = 254;
    g.players[0]
        .specs
        .push((spec_named("Sorceress"), Loc::Outside));
    let o = gathers(&g, 0);
    assert!(o.iter().any(|t| t[GEMS] > 0) && o.iter().any(|t| t[MAGIC] > 0));
}

#[test]
fn gather_specialists_and_the_laborer() {
    let mut g = fresh(2);
    g.players[0].specs.push((spec_named("Miner"), Loc::Outside));
    g.players[0]
        .specs
        .push((spec_named("Weaver"), Loc::Outside));
    act(
        &mut g,
        0,
        Action::Gather {
            take: res(&[(WOOD, 2)]),
        },
    );
    assert_eq!(g.players[0].res, res(&[(WOOD, 2), (METAL, 1), (CLOTH, 1)]));
    let mut g = fresh(2);
    assert!(!gathers(&g, 0).contains(&res(&[(WOOD, 2), (METAL, 1)])));
    g.players[0]
        .specs
        .push((spec_named("Laborer"), Loc::Outside));
    assert!(gathers(&g, 0).contains(&res(&[(WOOD, 2), (METAL, 1)])));
}

#[test]
fn craft_discounts_fortune_and_the_two_sigil_limit() {
    let mut g = fresh(2);
    let q = quest_named("Fight Off the Sharkskin Gnolls"); // Sword W metal3; Robe A cloth2 leather1
    put_quest(&mut g, 0, q);
    g.players[0]
        .specs
        .push((spec_named("Blacksmith"), Loc::Outside));
    give_res(&mut g, 0, METAL, 2);
    assert!(
        g.legal_actions(0)
            .contains(&Action::Craft { slot: 0, items: 1 }),
        "the Blacksmith saves a metal"
    );
    // Fortune Potion doubles the item's coins.
    let fortune = treasure_named("Fortune Potion", Colour::Yellow);
    give_card(&mut g, 0, fortune);
    act(
        &mut g,
        0,
        Action::Play {
            kind: fortune,
            arg: 0,
        },
    );
    let c = g.players[0].coins;
    act(&mut g, 0, Action::Craft { slot: 0, items: 1 });
    assert_eq!(g.players[0].coins, c + 6);
    // Two sigils out: a two-item quest can only be started by making both items.
    let q2 = quest_named("Explore Bluevein Isle");
    let q3 = quest_named("Recover the Kingsire's Remains");
    put_quest(&mut g, 1, q2);
    put_quest(&mut g, 2, q3);
    g.board[1].as_mut().unwrap().sigil = Some(0);
    g.board[1].as_mut().unwrap().made[0] = Some(0);
    skip(&mut g, 0);
    skip(&mut g, 1);
    assert_eq!(g.free_sigils(0), 0);
    give_res(&mut g, 0, WOOD, 3);
    give_res(&mut g, 0, CLOTH, 2);
    give_res(&mut g, 0, METAL, 1);
    let crafts: Vec<Action> = g
        .legal_actions(0)
        .into_iter()
        .filter(|a| matches!(a, Action::Craft { slot: 2, .. }))
        .collect();
    assert_eq!(crafts, vec![Action::Craft { slot: 2, items: 3 }]);
}

#[test]
fn both_items_at_once_pay_together() {
    let mut g = fresh(2);
    let q = quest_named("Recover the Kingsire's Remains"); // Staff wood3; Gauntlets cloth2 metal1
    put_quest(&mut g, 0, q);
    give_res(&mut g, 0, WOOD, 3);
    give_res(&mut g, 0, CLOTH, 2);
    assert!(
        !g.legal_actions(0)
            .contains(&Action::Craft { slot: 0, items: 3 }),
        "one metal short"
    );
    give_res(&mut g, 0, METAL, 1);
    let c = g.players[0].coins;
    act(&mut g, 0, Action::Craft { slot: 0, items: 3 });
    assert_eq!(g.players[0].coins, c + 7);
    assert_eq!(g.players[0].quests, vec![q]);
    // Both rewards are drawn for the crafter (yellow then red).
    assert!(matches!(
        g.pending.front(),
        Some(Pending::Draw {
            colour: Colour::Yellow,
            pool: false,
            ..
        })
    ));
    assert_eq!(g.to_act(), ToAct::Chance);
}

#[test]
fn rooms_touch_the_guild_one_of_each_and_bonus_spaces() {
    let mut g = fresh(3);
    g.players[0].board = 0; // ". G G C / M . L . / . W . $"
    g.players[0].coins = 40;
    let cells = g.room_cells(0, room::LIBRARY);
    assert_eq!(
        cells,
        vec![0, 3, 5, 6],
        "only spaces touching the guild tile"
    );
    let wide = g.room_cells(0, room::GREAT_HALL);
    assert_eq!(
        wide,
        vec![4, 5, 6],
        "two free spaces side by side, one touching"
    );
    act(
        &mut g,
        0,
        Action::Build {
            room: room::LIBRARY,
            cell: 0,
        },
    );
    skip(&mut g, 0);
    skip(&mut g, 1);
    skip(&mut g, 2);
    assert!(
        !g.legal_actions(0).iter().any(|a| matches!(
            a,
            Action::Build {
                room: room::LIBRARY,
                ..
            }
        )),
        "one Library only"
    );
    // Coins bonus with the Builder: anywhere, twice.
    g.players[0]
        .specs
        .push((spec_named("Builder"), Loc::Outside));
    assert!(g.room_cells(0, room::WAREHOUSE).contains(&11));
    let c = g.players[0].coins;
    act(
        &mut g,
        0,
        Action::Build {
            room: room::WAREHOUSE,
            cell: 11,
        },
    );
    assert_eq!(g.players[0].coins, c - 6 + 4);
}

#[test]
fn two_players_never_own_both_workshops() {
    let mut g = fresh(2);
    g.players[0].coins = 20;
    g.players[0].grid[0] = room::GEM;
    assert!(!g.buyable_rooms(0).contains(&room::MAGIC));
    let mut g3 = fresh(3);
    g3.players[0].coins = 20;
    g3.players[0].grid[0] = room::GEM;
    assert!(g3.buyable_rooms(0).contains(&room::MAGIC));
}

#[test]
fn chambers_double_sided_and_specialist_spaces() {
    let mut g = fresh(2);
    g.players[0].coins = 30;
    let builds = g.legal_actions(0);
    assert!(builds.iter().any(|a| matches!(
        a,
        Action::Build {
            room: room::BEDCHAMBER,
            ..
        }
    )));
    assert!(builds.iter().any(|a| matches!(
        a,
        Action::Build {
            room: room::KITCHEN,
            ..
        }
    )));
    act(
        &mut g,
        0,
        Action::Build {
            room: room::KITCHEN,
            cell: 0,
        },
    );
    assert_eq!(g.piles[4], 1, "one Bedchamber|Kitchen tile left");
    let hires: Vec<Loc> = g
        .hire_options(0)
        .iter()
        .filter(|h| h.0 == 0)
        .map(|h| h.1)
        .collect();
    assert!(hires.contains(&Loc::Outside) && hires.contains(&Loc::Room(0)));
    // Four outside spaces only.
    let mut h = fresh(2);
    for s in ["Miner", "Weaver", "Tanner", "Lumberjack"] {
        h.players[0].specs.push((spec_named(s), Loc::Outside));
    }
    h.players[0].coins = 30;
    assert!(h.hire_options(0).is_empty(), "no space, no hire");
}

#[test]
fn discounts_only_at_full_price_and_a_free_card_leaves() {
    let mut g = fresh(3);
    g.players[0].coins = 30;
    let courier = spec_named("Courier"); // cost 3
    let inventor = spec_named("Inventor");
    g.row[0] = (courier, 2);
    g.row[2].1 = 1;
    let old1 = g.row[1];
    // Hire index 2 at a discount: nobody gets a new discount.
    act(
        &mut g,
        0,
        Action::Hire {
            index: 2,
            at: Loc::Outside,
            baggage: None,
        },
    );
    assert_eq!(g.row[0], (courier, 2));
    assert_eq!(g.row[1], old1);
    skip(&mut g, 0);
    skip(&mut g, 1);
    skip(&mut g, 2);
    // Full price at index 1: the Courier's discount reaches its cost and it leaves.
    g.row[1] = (inventor, 0);
    act(
        &mut g,
        0,
        Action::Hire {
            index: 1,
            at: Loc::Outside,
            baggage: None,
        },
    );
    assert!(!g.row.iter().any(|(s, _)| *s == courier));
    assert!(g.gone_specs.contains(&courier));
    assert_eq!(g.row.len(), 5, "refilled");
}

#[test]
fn the_recruiter_doubles_discounts() {
    let mut g = fresh(2);
    g.players[0]
        .specs
        .push((spec_named("Recruiter"), Loc::Outside));
    let miner = spec_named("Miner"); // 4
    g.row[0] = (miner, 1);
    assert_eq!(g.spec_cost(0, 0), 2);
    assert_eq!(g.spec_cost(1, 0), 3);
}

#[test]
fn hand_limit_forces_a_sale_even_out_of_turn() {
    let mut g = fresh(2);
    let gold = treasure_named("Bag of Gold", Colour::Yellow);
    for _ in 0..6 {
        give_card(&mut g, 1, gold);
    }
    // A shared quest pushes seat 1 over: seat 0 completes, seat 1 receives the other card.
    let q = quest_named("Explore Bluevein Isle");
    put_quest(&mut g, 0, q);
    g.board[0].as_mut().unwrap().made[0] = Some(1);
    g.board[0].as_mut().unwrap().sigil = Some(1);
    give_res(&mut g, 0, LEATHER, 3);
    give_res(&mut g, 0, METAL, 1);
    act(&mut g, 0, Action::Craft { slot: 0, items: 2 });
    let map = treasure_named("Treasure Map", Colour::Blue);
    draw(&mut g, map);
    let purse = treasure_named("Coin Purse", Colour::Yellow);
    draw(&mut g, purse);
    act(&mut g, 0, Action::Keep { kind: map });
    assert_eq!(g.players[1].hand.len(), 7);
    assert_eq!(
        g.deciders(),
        vec![1],
        "seat 1 must sell now, on seat 0's turn"
    );
    let coins = g.players[1].coins;
    act(&mut g, 1, Action::Sell { kind: purse });
    assert_eq!(g.players[1].coins, coins + 3);
    assert_eq!(g.deciders(), vec![0]);
    // The Library raises the limit.
    g.players[1].grid[0] = room::LIBRARY;
    assert_eq!(g.players[1].hand_limit(), 9);
}

#[test]
fn an_empty_deck_loses_a_scroll_and_reshuffles() {
    let mut g = fresh(2);
    let riches = treasure_named("Scroll of Riches", Colour::Yellow);
    let gold = treasure_named("Bag of Gold", Colour::Yellow);
    for k in tavern_plugin_kings_guild::data::kinds_of(Colour::Yellow) {
        g.deck[k as usize] = 0;
    }
    g.discard[riches as usize] = 2;
    g.discard[gold as usize] = 1;
    g.pending.push_back(Pending::Draw {
        seat: 0,
        colour: Colour::Yellow,
        pool: false,
    });
    let mut notes = Vec::new();
    g.settle(&mut notes);
    assert_eq!(g.deck[riches as usize], 1);
    assert_eq!(g.deck[gold as usize], 1);
    assert!(g.removed.contains(&riches));
    // A colour with nothing anywhere becomes a choice of another colour.
    let mut h = fresh(2);
    for k in tavern_plugin_kings_guild::data::kinds_of(Colour::Red) {
        h.deck[k as usize] = 0;
        h.discard[k as usize] = 0;
    }
    h.pending.push_back(Pending::Draw {
        seat: 0,
        colour: Colour::Red,
        pool: false,
    });
    h.settle(&mut notes);
    assert!(matches!(h.pending.front(), Some(Pending::Colours { .. })));
    let opts = h.legal_actions(0);
    assert!(
        opts.iter()
            .all(|a| matches!(a, Action::Colours { colours } if !colours.contains(&Colour::Red)))
    );
}

fn funeral(g: &mut tavern_plugin_kings_guild::Kg) {
    // The next refill draws the funeral.
    while g.quest_deck.last() != Some(&QCard::Funeral) {
        g.quest_deck.pop();
    }
    let q = quest_named("Protect the Eastern Ramparts");
    put_quest(g, 0, q);
    while g.quest_deck.last() != Some(&QCard::Funeral) {
        let c = g.quest_deck.remove(g.quest_deck.len() - 1);
        g.quest_deck.insert(1, c);
    }
    give_res(g, 0, METAL, 2);
    act(g, 0, Action::Craft { slot: 0, items: 1 });
    draw(g, treasure_named("Lucky Potion", Colour::Red));
}

#[test]
fn funeral_secret_bids_highest_builds_tie_nobody() {
    let mut g = fresh(3);
    for p in g.players.iter_mut() {
        p.coins = 5;
    }
    funeral(&mut g);
    let coins0 = g.players[0].coins;
    assert_eq!(g.to_act(), ToAct::Seats(vec![0, 1, 2]));
    let l = g.legal(1);
    assert_eq!(l.len(), 6, "bids 0..=5");
    assert!(
        l.iter()
            .all(|x| matches!(x.kind, ChoiceKind::Number { ref group, .. } if group == "Bid"))
    );
    act(&mut g, 1, Action::Bid(4));
    assert_eq!(g.to_act(), ToAct::Seats(vec![0, 2]));
    act(&mut g, 0, Action::Bid(2));
    act(&mut g, 2, Action::Bid(3));
    assert_eq!(g.players[1].coins, 1);
    assert_eq!(g.players[0].coins, coins0, "losers keep their coins");
    assert_eq!(g.deciders(), vec![1]);
    let cell = match g.legal_actions(1)[0] {
        Action::Build { room: r, cell } if r == room::STATUE => cell,
        ref a => panic!("{a:?}"),
    };
    act(
        &mut g,
        1,
        Action::Build {
            room: room::STATUE,
            cell,
        },
    );
    assert!(g.players[1].has_room(room::STATUE));
    assert!(g.board[0].is_some(), "a quest filled the space");
    // A tie: nobody builds, nobody pays.
    let mut h = fresh(3);
    for p in h.players.iter_mut() {
        p.coins = 5;
    }
    funeral(&mut h);
    let before: Vec<u32> = h.players.iter().map(|p| p.coins).collect();
    act(&mut h, 0, Action::Bid(3));
    act(&mut h, 1, Action::Bid(3));
    act(&mut h, 2, Action::Bid(1));
    assert_eq!(
        h.players.iter().map(|p| p.coins).collect::<Vec<_>>(),
        before
    );
    assert!(!h.statue_built);
}

#[test]
fn offering_final_turns_and_the_vizier() {
    let mut g = fresh(3);
    // Everything but the Offering is gone from the deck.
    g.quest_deck = vec![QCard::Offering];
    let q = quest_named("Protect the Eastern Ramparts");
    put_quest(&mut g, 0, q);
    g.quest_deck = vec![QCard::Offering];
    g.active = 1;
    give_res(&mut g, 1, METAL, 2);
    act(&mut g, 1, Action::Craft { slot: 0, items: 1 });
    draw(&mut g, treasure_named("Lucky Potion", Colour::Red));
    assert!(g.board[0].is_none(), "nothing left to fill the space");
    assert!(
        !g.legal_actions(1).contains(&Action::Offer),
        "the drawer's current turn is not its last"
    );
    skip(&mut g, 1);
    // Seat 2: both sigils on quests, no offering.
    let q2 = quest_named("Explore Bluevein Isle");
    let q3 = quest_named("Recover the Kingsire's Remains");
    put_quest(&mut g, 1, q2);
    put_quest(&mut g, 2, q3);
    for s in [1, 2] {
        g.board[s].as_mut().unwrap().sigil = Some(2);
        g.board[s].as_mut().unwrap().made[0] = Some(2);
    }
    assert!(!g.legal_actions(2).contains(&Action::Offer));
    skip(&mut g, 2);
    // Seat 0 has the Vizier: the offering comes without an action.
    g.players[0]
        .specs
        .push((spec_named("Vizier"), Loc::Outside));
    act(
        &mut g,
        0,
        Action::Gather {
            take: res(&[(CLOTH, 1)]),
        },
    );
    skip(&mut g, 0);
    assert!(g.players[0].offered);
    // The drawer's last turn: the offering instead of an action.
    assert!(g.legal_actions(1).contains(&Action::Offer));
    act(&mut g, 1, Action::Offer);
    assert!(
        !g.legal_actions(1)
            .iter()
            .any(|a| matches!(a, Action::Gather { .. }))
    );
    skip(&mut g, 1);
    assert_eq!(g.phase, Phase::Over);
    let o = g.outcome().unwrap();
    let off = |s: usize| {
        o.scores[s]
            .breakdown
            .iter()
            .find(|l| l.label == "Offering")
            .unwrap()
            .points
    };
    let p1 = &g.players[1];
    assert_eq!(off(1), 2 + p1.coins as i64 / 3 + p1.stored() as i64 / 2);
    assert_eq!(off(2), 0);
}

#[test]
fn treasures_played_for_their_effects() {
    let mut g = fresh(3);
    let riches = treasure_named("Scroll of Riches", Colour::Yellow);
    give_card(&mut g, 0, riches);
    let (c0, c1) = (g.players[0].coins, g.players[1].coins);
    act(
        &mut g,
        0,
        Action::Play {
            kind: riches,
            arg: 0,
        },
    );
    assert_eq!((g.players[0].coins, g.players[1].coins), (c0 + 4, c1 + 2));
    // Plenty: 2 for me, then the next player picks 1.
    let plenty = treasure_named("Scroll of Plenty", Colour::Blue);
    give_card(&mut g, 0, plenty);
    act(
        &mut g,
        0,
        Action::Play {
            kind: plenty,
            arg: WOOD as u8,
        },
    );
    assert_eq!(g.players[0].res[WOOD], 2);
    assert_eq!(g.deciders(), vec![1]);
    assert!(
        !g.legal_actions(1)
            .contains(&Action::Res { res: GEMS as u8 }),
        "no gems without the workshop"
    );
    act(&mut g, 1, Action::Res { res: CLOTH as u8 });
    assert_eq!(g.players[1].res[CLOTH], 1);
    // Spoiling: everyone loses one.
    let spoil = treasure_named("Spoiling Potion", Colour::Blue);
    give_card(&mut g, 0, spoil);
    give_res(&mut g, 2, WOOD, 1);
    act(
        &mut g,
        0,
        Action::Play {
            kind: spoil,
            arg: WOOD as u8,
        },
    );
    assert_eq!((g.players[0].res[WOOD], g.players[2].res[WOOD]), (1, 0));
    // A map goes with another treasure for two draws of named colours.
    let map = treasure_named("Treasure Map", Colour::Red);
    let gold = treasure_named("Bag of Gold", Colour::Yellow);
    give_card(&mut g, 0, map);
    give_card(&mut g, 0, gold);
    act(
        &mut g,
        0,
        Action::Play {
            kind: map,
            arg: gold,
        },
    );
    assert!(g.players[0].hand.is_empty());
    act(
        &mut g,
        0,
        Action::Colours {
            colours: ColourList::new(&[Colour::Blue, Colour::Yellow]).unwrap(),
        },
    );
    assert!(matches!(
        g.pending.front(),
        Some(Pending::Draw {
            colour: Colour::Blue,
            ..
        })
    ));
    // Sell prices: bag of gold 4, charm 0, the Auctioneer 4 for relics, charms, scrolls.
    let charm = treasure_named("Sacred Charm", Colour::Red);
    assert_eq!(g.sell_price(1, gold), 4);
    assert_eq!(g.sell_price(1, charm), 0);
    g.players[1]
        .specs
        .push((spec_named("Auctioneer"), Loc::Outside));
    assert_eq!(g.sell_price(1, charm), 4);
    assert_eq!(g.sell_price(1, gold), 4);
    assert_eq!(treasure(charm).charm, 3);
}

#[test]
fn engraved_charm_scores_two_as_the_rulebook_allows() {
    let e = treasure_named("Engraved Charm", Colour::Red);
    assert_eq!(treasure(e).charm, 2);
}

#[test]
fn solo_rules() {
    let mut g = fresh(1);
    assert!(g.solo);
    assert_eq!(g.board.len(), 6);
    assert!(g.board.iter().all(|s| s.is_some()));
    for name in ["Thug", "Recruiter", "Smuggler"] {
        let id = spec_named(name);
        assert!(!g.spec_deck.contains(&id) && !g.row.iter().any(|r| r.0 == id));
    }
    assert_eq!(
        g.deck[treasure_named("Spoiling Potion", Colour::Blue) as usize],
        0
    );
    // Two buys, no discounts, the right-most specialist leaves after the expand.
    g.players[0].coins = 40;
    let right = g.row[0].0;
    let second = g.row[1].0;
    act(
        &mut g,
        0,
        Action::Hire {
            index: 2,
            at: Loc::Outside,
            baggage: None,
        },
    );
    assert!(
        g.row.iter().all(|r| r.1 == 0),
        "no discounts in the solo game"
    );
    act(
        &mut g,
        0,
        Action::Build {
            room: room::LIBRARY,
            cell: 0,
        },
    );
    assert!(
        !g.legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::Build { .. } | Action::Hire { .. }))
    );
    // The expand is over with its second buy: the right-most specialist leaves at once,
    // before a Contract played later this turn could hire it.
    assert!(
        !g.row.iter().any(|r| r.0 == right) && g.gone_specs.contains(&right),
        "right-most specialist gone right after the expand"
    );
    // All six spaces full: the oldest quest without a sigil leaves, the rest slide, a
    // new one comes out next to the deck.
    g.board[5].as_mut().unwrap().sigil = Some(0);
    g.board[5].as_mut().unwrap().made[0] = Some(0);
    let oldest_free = g.board[4].unwrap().card;
    let newest = g.board[0].unwrap().card;
    let next = *g.quest_deck.last().unwrap();
    skip(&mut g, 0);
    assert!(
        !g.row.iter().any(|r| r.0 == right),
        "right-most specialist gone"
    );
    assert_eq!(g.row[0].0, second);
    assert!(g.gone_quests.contains(&oldest_free));
    assert_eq!(g.board[1].unwrap().card, newest);
    assert_eq!(g.board[0].unwrap().card, next);
    assert!(g.board[5].unwrap().sigil.is_some(), "the sigil quest stays");
    // A completed quest is not replaced.
    let q = quest_named("Protect the Eastern Ramparts");
    put_quest(&mut g, 3, q);
    give_res(&mut g, 0, METAL, 2);
    act(&mut g, 0, Action::Craft { slot: 3, items: 1 });
    assert!(g.board[3].is_none());
    // Scrolls give the next player nothing; the outcome names a title.
    draw(&mut g, treasure_named("Lucky Potion", Colour::Red));
    let riches = treasure_named("Scroll of Riches", Colour::Yellow);
    give_card(&mut g, 0, riches);
    let c = g.players[0].coins;
    act(
        &mut g,
        0,
        Action::Play {
            kind: riches,
            arg: 0,
        },
    );
    assert_eq!(g.players[0].coins, c + 4);
    assert_eq!(tavern_plugin_kings_guild::Kg::solo_title(75), "Leader");
    assert_eq!(tavern_plugin_kings_guild::Kg::solo_title(49), "Recruit");
    assert_eq!(tavern_plugin_kings_guild::Kg::solo_title(90), "Legend");
}

/// Solo: an expand of one buy stays open (a second buy may follow) until the turn ends;
/// then the right-most specialist leaves, once.
#[test]
fn solo_one_buy_expand_removes_the_right_most_at_the_end_of_the_turn() {
    let mut g = fresh(1);
    g.players[0].coins = 40;
    act(
        &mut g,
        0,
        Action::Build {
            room: room::LIBRARY,
            cell: 0,
        },
    );
    let right = g.row[0].0;
    let gone = g.gone_specs.len();
    assert!(
        g.legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::Hire { .. }))
    );
    skip(&mut g, 0);
    assert!(!g.row.iter().any(|r| r.0 == right));
    assert_eq!(g.gone_specs.len(), gone + 1, "one specialist leaves, once");
}

#[test]
fn solo_funeral_card_builds_the_statue_for_free() {
    let mut g = fresh(1);
    while g.quest_deck.last() != Some(&QCard::Funeral) {
        let c = g.quest_deck.pop().unwrap();
        g.gone_quests.push(c);
    }
    let row_before = g.row.clone();
    act(
        &mut g,
        0,
        Action::Gather {
            take: res(&[(CLOTH, 1)]),
        },
    );
    skip(&mut g, 0);
    assert_eq!(g.board[0].unwrap().card, QCard::Funeral);
    assert!(
        !g.row.contains(&row_before[0]),
        "the right-most specialist left"
    );
    let coins = g.players[0].coins;
    let build = g
        .legal_actions(0)
        .into_iter()
        .find(|a| matches!(a, Action::Build { room: r, .. } if *r == room::STATUE))
        .expect("statue for free");
    act(&mut g, 0, build);
    assert_eq!(g.players[0].coins, coins);
    assert!(
        !g.board
            .iter()
            .any(|s| s.is_some_and(|s| s.card == QCard::Funeral))
    );
    assert!(
        !g.legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::Gather { .. })),
        "it was the action"
    );
}

#[test]
fn under_0_1_0_rules_a_stuck_table_timer_swaps_out_a_quest() {
    let mut g = fresh(2);
    g.rules_0_1 = true;
    let first = g.board[0].unwrap().card;
    let next = *g.quest_deck.last().unwrap();
    // Twelve full rounds of turns in which nobody crafts, builds or hires.
    for _ in 0..12 * 2 {
        let s = g.active;
        skip(&mut g, s);
    }
    assert!(
        g.gone_quests.contains(&first),
        "the first untouched quest left"
    );
    assert_eq!(g.board[0].unwrap().card, next);
    // Any progress resets the count.
    let mut h = fresh(2);
    h.rules_0_1 = true;
    for k in 0..12 * 2 - 1 {
        let s = h.active;
        if k == 10 {
            act(
                &mut h,
                s,
                Action::Gather {
                    take: res(&[(CLOTH, 1)]),
                },
            );
            h.turn.progress = true;
        }
        skip(&mut h, s);
    }
    let s = h.active;
    skip(&mut h, s);
    assert!(h.gone_quests.is_empty());
}

#[test]
fn the_solo_game_ends_after_the_turn_following_the_offering() {
    let mut g = fresh(1);
    g.quest_deck = vec![QCard::Offering];
    skip(&mut g, 0);
    assert!(g.final_turn());
    assert_eq!(g.phase, Phase::Play);
    assert!(g.legal_actions(0).contains(&Action::Offer));
    act(&mut g, 0, Action::Offer);
    act(&mut g, 0, Action::EndTurn);
    assert_eq!(g.phase, Phase::Over);
    let o = g.outcome().unwrap();
    assert!(o.tie_break.unwrap().starts_with("Solo title: "));
    // No most-charms bonus in the solo game, and no line for one.
    assert!(
        o.scores[0]
            .breakdown
            .iter()
            .all(|l| l.label != "Most charms")
    );
    assert!(
        o.scores[0]
            .breakdown
            .iter()
            .any(|l| l.label == "Master rooms and Library")
    );
}
