//! The 0.2.0 rule changes (issue 24): the stuck-table rule acts only on a table that is
//! stuck for certain and removes the oldest quest without a sigil; a shared quest's draw
//! from a colour that ran out is the players' choice; the Overseer always needs room for
//! two. And 0.1.0 saves still replay, under the 0.1.0 rules. (0.3.0 dropped the 0.2.0
//! backstop and counts only resources that can come back: rules_0_3.rs.)
mod common;

use common::*;
use serde_json::Value;
use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::versions::OldEntry;
use tavern_plugin_api::{Game, Setup};
use tavern_plugin_kings_guild::data::{Colour, kinds_of, quest_named, spec, spec_named};
use tavern_plugin_kings_guild::model::{Loc, QCard};
use tavern_plugin_kings_guild::{Action, ColourList, Kg, Pending};

/// A table where nothing can ever move: no resources anywhere, no coins, no treasures.
fn dead_table(n: usize) -> Kg {
    let mut g = fresh(n);
    g.stock = [0; 6];
    for p in &mut g.players {
        p.res = [0; 6];
        p.coins = 0;
        p.hand.clear();
    }
    // Every specialist in the row costs something.
    assert!(g.row.iter().all(|&(s, d)| spec(s).cost > d));
    g
}

fn stuck_notes(a: &tavern_plugin_api::Applied) -> bool {
    a.label.contains("Nobody can craft, build or hire")
}

#[test]
fn a_playable_table_is_never_called_stuck() {
    // Turn after turn of doing nothing at all: the players still could, so no quest leaves.
    let mut g = fresh(2);
    for _ in 0..40 {
        let s = g.active;
        g.turn.acted = true;
        let a = act(&mut g, s, Action::EndTurn);
        assert!(!stuck_notes(&a), "{}", a.label);
    }
    assert!(g.gone_quests.is_empty());
}

#[test]
fn a_dead_table_loses_its_oldest_quest_without_a_sigil_at_once() {
    let mut g = dead_table(2);
    assert!(g.table_stuck());
    // Arrivals out of board order; the oldest one carries a sigil.
    let arrivals = [5, 0, 2, 7, 3];
    for (i, a) in arrivals.into_iter().enumerate() {
        g.board[i].as_mut().unwrap().arrived = a;
    }
    g.arrivals = 8;
    g.board[1].as_mut().unwrap().made[0] = Some(0);
    g.board[1].as_mut().unwrap().sigil = Some(0);
    let oldest_free = g.board[2].unwrap().card;
    let signed = g.board[1].unwrap();
    let next = *g.quest_deck.last().unwrap();
    let s = g.active;
    g.turn.acted = true;
    let a = act(&mut g, s, Action::EndTurn);
    assert!(stuck_notes(&a), "{}", a.label);
    assert!(g.gone_quests.contains(&oldest_free));
    assert_eq!(
        g.board[2].unwrap().card,
        next,
        "a new quest fills the space"
    );
    assert_eq!(g.board[1], Some(signed), "the quest with a sigil stays");
    assert!(
        g.board[2].unwrap().arrived > 7,
        "the newcomer is the newest"
    );
}

#[test]
fn one_way_forward_keeps_the_table_going() {
    let q = quest_named("Explore Bluevein Isle");
    // Somebody holds what an item needs: not stuck.
    let mut g = dead_table(2);
    put_quest(&mut g, 0, q);
    g.players[1].res = g.item_cost(1, q, 0);
    assert!(!g.table_stuck());
    // The resources sit with the other player and the item's maker may gather them: under
    // 0.2.0 that counted as a way forward (today only with a Spoiling Potion in some hand,
    // see rules_0_3.rs).
    let mut g = dead_table(2);
    g.rules_0_2 = true;
    put_quest(&mut g, 0, q);
    g.players[0].res = g.item_cost(1, q, 0);
    assert!(g.could_progress(1));
    // A treasure that sells for a room's price.
    let mut g = dead_table(2);
    let gold = tavern_plugin_kings_guild::data::treasure_named("Bag of Gold", Colour::Yellow);
    g.players[0].hand = vec![gold; 2];
    assert!(g.could_progress(0), "8 coins from the hand buy a room");
    // A map with another card could draw anything.
    let mut g = dead_table(2);
    let map = tavern_plugin_kings_guild::data::treasure_named("Treasure Map", Colour::Blue);
    let charm = tavern_plugin_kings_guild::data::treasure_named("Stunning Charm", Colour::Red);
    g.players[1].hand = vec![map, charm];
    assert!(g.could_progress(1));
    g.players[1].hand = vec![charm];
    assert!(!g.could_progress(1) && g.table_stuck());
}

#[test]
fn gems_nobody_may_gather_leave_the_table_stuck() {
    // Every open item needs gems or magic; the supply has them, but nobody owns a Gem
    // Workshop or a Magic Arcaenum, and the basic resources are all gone.
    let mut g = dead_table(2);
    g.stock[GEMS] = 3;
    g.stock[MAGIC] = 3;
    let needy: Vec<u8> = (0..tavern_plugin_kings_guild::data::data().quests.len() as u8)
        .filter(|&q| {
            let items = &tavern_plugin_kings_guild::data::quest(q).items;
            items.iter().all(|it| it.cost[GEMS] + it.cost[MAGIC] > 0)
        })
        .take(5)
        .collect();
    assert_eq!(needy.len(), 5);
    for (slot, &q) in needy.iter().enumerate() {
        put_quest(&mut g, slot, q);
    }
    assert!(g.table_stuck(), "gems and magic are out of reach");
    // With the Gem Workshop's coins in hand the seat could build it.
    g.players[0].coins = 8;
    assert!(!g.table_stuck());
    g.players[0].coins = 0;
    // A blue card giving gems makes them reachable.
    let gems = tavern_plugin_kings_guild::data::treasure_named("Brilliant Diamonds", Colour::Blue);
    g.players[1].hand = vec![gems];
    let reachable = needy.iter().any(|&q| {
        let items = &tavern_plugin_kings_guild::data::quest(q).items;
        items.iter().any(|it| {
            it.cost[MAGIC] == 0 && it.cost.iter().sum::<u8>() == it.cost[GEMS] && it.cost[GEMS] <= 3
        })
    });
    assert_eq!(g.could_progress(1), reachable);
}

#[test]
fn when_every_quest_carries_a_sigil_the_oldest_goes_to_its_owner() {
    let mut g = dead_table(3);
    for i in 0..5 {
        let sl = g.board[i].as_mut().unwrap();
        sl.made[0] = Some((i % 3) as u8);
        sl.sigil = Some((i % 3) as u8);
        sl.arrived = 10 - i as u32;
    }
    let oldest = g.board[4].unwrap().card;
    let QCard::Quest(q) = oldest else {
        panic!("a quest")
    };
    let s = g.active;
    g.turn.acted = true;
    let a = act(&mut g, s, Action::EndTurn);
    assert!(a.label.contains("joins Player 2's guild"), "{}", a.label);
    assert!(
        g.players[1].quests.contains(&q),
        "its sigil's owner keeps it"
    );
    assert!(!g.gone_quests.contains(&oldest));
}

#[test]
fn under_0_1_0_rules_the_old_timer_still_decides() {
    let mut g = fresh(2);
    g.rules_0_1 = true;
    let first = g.board[0].unwrap().card;
    for _ in 0..12 * 2 {
        let s = g.active;
        skip(&mut g, s);
    }
    assert!(g.gone_quests.contains(&first), "the timer fired");
    let mut g = dead_table(2);
    g.rules_0_1 = true;
    let s = g.active;
    skip(&mut g, s);
    assert!(g.gone_quests.is_empty(), "0.1.0 waited twelve rounds");
}

#[test]
fn a_shared_quest_draw_from_a_spent_colour_is_chosen() {
    for old in [false, true] {
        let mut g = fresh(2);
        g.rules_0_1 = old;
        let q = quest_named("Explore Bluevein Isle");
        put_quest(&mut g, 2, q);
        give_res(&mut g, 0, CLOTH, 3);
        act(&mut g, 0, Action::Craft { slot: 2, items: 1 });
        act(&mut g, 0, Action::EndTurn);
        give_res(&mut g, 1, LEATHER, 3);
        give_res(&mut g, 1, METAL, 1);
        // Blue is gone: neither deck nor discards.
        for k in kinds_of(Colour::Blue) {
            g.deck[k as usize] = 0;
            g.discard[k as usize] = 0;
        }
        act(&mut g, 1, Action::Craft { slot: 2, items: 2 });
        if old {
            assert!(
                matches!(
                    g.pending.front(),
                    Some(Pending::Draw {
                        colour: Colour::Red,
                        pool: true,
                        ..
                    })
                ),
                "0.1.0 took the first colour left: {:?}",
                g.pending.front()
            );
            continue;
        }
        assert!(matches!(
            g.pending.front(),
            Some(Pending::Colours { seat: 1, n: 1, .. })
        ));
        let choices = g.legal_actions(1);
        let yellow = Action::Colours {
            colours: ColourList::one(Colour::Yellow),
        };
        assert!(choices.contains(&yellow));
        assert!(choices.contains(&Action::Colours {
            colours: ColourList::one(Colour::Red)
        }));
        act(&mut g, 1, yellow);
        assert!(matches!(
            g.pending.front(),
            Some(Pending::Draw {
                colour: Colour::Yellow,
                pool: true,
                ..
            })
        ));
        let gold = tavern_plugin_kings_guild::data::treasure_named("Bag of Gold", Colour::Yellow);
        draw(&mut g, gold);
        draw(&mut g, gold);
        assert_eq!(g.pool.len(), 2, "both cards went to the shared pool");
        assert_eq!(g.deciders(), vec![1]);
    }
}

#[test]
fn the_overseer_needs_two_spaces_even_as_the_last_card() {
    for old in [false, true] {
        let mut g = fresh(2);
        g.rules_0_1 = old;
        let o = spec_named("Overseer");
        g.spec_deck.clear();
        g.row = vec![(o, 0)];
        g.players[0].coins = 20;
        let others: Vec<u8> = (0..spec_named("Overseer")).take(3).collect();
        for s in others {
            g.players[0].specs.push((s, Loc::Outside));
        }
        assert_eq!(g.players[0].free_spaces(), 1);
        let hire = g
            .legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::Hire { .. }));
        assert_eq!(hire, old, "one free space is enough only under 0.1.0");
    }
}

#[test]
fn a_treasure_worth_nothing_is_not_offered_for_sale() {
    let charm = tavern_plugin_kings_guild::data::treasure_named("Stunning Charm", Colour::Red);
    let gold = tavern_plugin_kings_guild::data::treasure_named("Bag of Gold", Colour::Yellow);
    let mut g = fresh(2);
    g.players[0].hand = vec![charm, gold];
    let legal = g.legal(0);
    let sells: Vec<&str> = legal
        .iter()
        .filter(|l| matches!(l.action, Action::Sell { .. }))
        .map(|l| l.label.as_str())
        .collect();
    assert_eq!(sells, vec!["Sell Bag of Gold for 4 coins"]);
    g.rules_0_1 = true;
    assert!(g.legal_actions(0).contains(&Action::Sell { kind: charm }));
    // Over the hand limit it is one way to give a card up, and says so.
    let mut g = fresh(2);
    g.players[0].hand = vec![charm; 7];
    let l = g.legal(0);
    assert!(
        l.iter()
            .any(|l| l.label == "Give up Stunning Charm (it sells for nothing)"),
        "{:?}",
        l.iter().map(|l| &l.label).collect::<Vec<_>>()
    );
}

#[test]
fn the_discount_line_appears_only_when_a_discount_was_given() {
    let mut g = fresh(3);
    g.players[0].coins = 30;
    // The right-most (oldest) card: nobody is older, nothing changes.
    let a = act(
        &mut g,
        0,
        Action::Hire {
            index: 0,
            at: Loc::Outside,
            baggage: None,
        },
    );
    assert!(g.row.iter().all(|&(_, d)| d == 0));
    assert!(!a.label.contains("discount"), "{}", a.label);
    // The third card: the two to its right get one each.
    let mut g = fresh(3);
    g.players[0].coins = 30;
    let a = act(
        &mut g,
        0,
        Action::Hire {
            index: 2,
            at: Loc::Outside,
            baggage: None,
        },
    );
    assert_eq!(g.row.iter().filter(|&&(_, d)| d == 1).count(), 2);
    assert!(
        a.label
            .contains("the 2 older specialists to its right get a discount"),
        "{}",
        a.label
    );
}

/// A log written by 0.1.0 (kept in `tests/fixtures`, recorded before the rule changes)
/// opens, replays to its end under the rules `open_old` names, and scores as it did.
#[test]
fn saves_of_0_1_0_replay_under_their_rules() {
    for name in ["v0.1.0-2p", "v0.1.0-4p", "v0.1.0-solo"] {
        let path = format!("{}/tests/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR"));
        let f: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(f["version"], "0.1.0");
        let setup: Setup = serde_json::from_value(f["setup"].clone()).unwrap();
        let log: Vec<OldEntry> = serde_json::from_value(f["log"].clone()).unwrap();
        let old = Kg::open_old("0.1.0", &setup, log.clone()).unwrap();
        assert_eq!(old.rules.as_deref(), Some("0.1.0"));
        assert!(old.note.is_some());
        let mut g = Kg::new_under(&setup, old.rules.as_deref().unwrap()).unwrap();
        for (i, e) in old.log.iter().enumerate() {
            let a: Action = serde_json::from_value(e.action.clone()).unwrap();
            apply_checked(&mut g, e.seat, &a)
                .unwrap_or_else(|err| panic!("{name}: entry {i} ({a:?}) refused: {err}"));
        }
        let scores: Vec<i64> = g
            .outcome()
            .unwrap()
            .scores
            .iter()
            .map(|s| s.total)
            .collect();
        let want: Vec<i64> = serde_json::from_value(f["scores"].clone()).unwrap();
        assert_eq!(scores, want, "{name}");
        // The same log under today's rules does not replay: the change is real.
        if name != "v0.1.0-solo" {
            let mut h = Kg::new(&setup).unwrap();
            let refused = log.iter().any(|e| {
                let a: Action = serde_json::from_value(e.action.clone()).unwrap();
                apply_checked(&mut h, e.seat, &a).is_err()
            });
            assert!(refused, "{name} replays under 0.2.0 too");
        }
    }
    // Saves of 0.2.0 follow their own rules, not 0.1.0's.
    let later = Kg::open_old("0.2.0", &Setup::players(2), Vec::new()).unwrap();
    assert_eq!(later.rules.as_deref(), Some("0.2.0"));
    let g = Kg::new_under(&Setup::players(2), "0.2.0").unwrap();
    assert!(!g.rules_0_1 && g.rules_0_2);
}

/// Random games played by the bots' policy: whenever the stuck-table rule fires, no seat,
/// put in the active seat's place, has a craft, build or hire among its legal actions
/// (what `examples/kg_stuck.rs` used to count by hand; under 0.1.0 it fired 4 to 9 times a
/// game on tables where a craft was legal).
#[test]
fn the_stuck_rule_fires_only_where_nobody_can_act() {
    use tavern_plugin_api::{GameRng, ToAct};
    use tavern_plugin_kings_guild::notes::Note;
    let games = tavern_plugin_api::game::check::scaled(30) as u64;
    for n in 2..=4 {
        for seed in 0..games {
            let mut g = Kg::new(&Setup::players(n)).unwrap();
            let mut rng = GameRng::new(seed * 13 + n as u64);
            let mut steps = 0;
            loop {
                steps += 1;
                assert!(
                    steps < 100_000,
                    "{n} seats, seed {seed}: the game never ends"
                );
                let seat = match g.to_act() {
                    ToAct::Over => break,
                    ToAct::Chance => {
                        let a = g.sample_chance(&mut rng);
                        g.chance_change(&a).unwrap();
                        continue;
                    }
                    ToAct::Seats(s) => s[rng.die(s.len() as u32) as usize - 1],
                };
                let legal = g.legal_actions(seat);
                let i = g.playout_choice(seat, &legal, &mut rng);
                let before = g.clone();
                let notes = g.seat_change(seat, &legal[i]).unwrap();
                if notes
                    .iter()
                    .any(|x| matches!(x, Note::StuckLeaves { certain: true, .. }))
                {
                    for s in 0..n {
                        let mut h = before.clone();
                        h.active = s;
                        h.turn = Default::default();
                        let acts = h.legal_actions(s);
                        assert!(
                            !acts.iter().any(|a| matches!(
                                a,
                                Action::Craft { .. } | Action::Build { .. } | Action::Hire { .. }
                            )),
                            "{n} seats, seed {seed}: seat {s} could still act: {acts:?}"
                        );
                    }
                }
            }
        }
    }
}
