//! The rulebook's worked examples and one test per rule, built by constructing the
//! position (stacked chance outcomes plus direct placement) and resolving it.

mod board;

use board::clear_caves;
use tavern_plugin_api::{Game, Setup, ToAct};
use tavern_plugin_keydoms::data::{self, AMULET, GUARD, KEY, MARKET, RAVEN, SCROLL, STABLES};
use tavern_plugin_keydoms::state::{Action, Cursor};
use tavern_plugin_keydoms::{Keydoms, Pending, Stage};

const CROWN: u8 = 0;
const PEARL: u8 = 1;
const GOBLET: u8 = 2;
const GEM: u8 = 3;
const GOLD: u8 = 4;

/// A fresh Muggles game after setup: identity artefact order, a known card and guard,
/// and every player holding crown, pearl and goblet.
fn table(n: usize, guard: u8) -> Keydoms {
    let mut g = dealt(n);
    board::start_round(&mut g, guard);
    board::first_treasures(&mut g);
    g
}

/// [`table`] with every cave emptied back into the treasury: the scenarios lay their
/// own ledges, or want no cave to resolve.
fn cleared(n: usize, guard: u8) -> Keydoms {
    let mut g = table(n, guard);
    clear_caves(&mut g);
    g
}

/// A new Muggles game of `n` seats with its artefacts in identity order, before its
/// first round.
fn dealt(n: usize) -> Keydoms {
    let mut g = Keydoms::new(&setup_in(n, "muggles")).unwrap();
    board::in_order(&mut g);
    g
}

fn setup_in(n: usize, variant: &str) -> Setup {
    let mut s = Setup::players(n);
    s.options.insert("variant".into(), variant.into());
    s
}

/// Moves `v` of treasure `t` from the treasury to `seat`.
fn give(g: &mut Keydoms, seat: usize, t: u8, v: u8) {
    g.treasury[t as usize] -= v;
    g.players[seat].treasure[t as usize] += v;
}

/// Returns all of `seat`'s treasure to the treasury.
fn strip(g: &mut Keydoms, seat: usize) {
    for t in 0..5 {
        g.treasury[t] += g.players[seat].treasure[t];
        g.players[seat].treasure[t] = 0;
    }
}

fn put(g: &mut Keydoms, seat: usize, strength: u8, loc: u8) {
    let w = g.players[seat]
        .workers
        .iter_mut()
        .find(|w| w.strength == strength && w.loc.is_none())
        .expect("worker behind the screen");
    w.loc = Some(loc);
}

/// Places one ledge of value `v` of type `t` in cave `c` from the treasury.
fn ledge(g: &mut Keydoms, c: usize, l: usize, t: u8, v: u8) {
    g.treasury[t as usize] -= v;
    g.caves[c][l][t as usize] += v;
}

/// Seat 0 alone in room K with a 9, let in by its 8 in the guard room (guard 1), with
/// 9 gold to pay for the artefact on top.
fn buyer_in_room_k(g: &mut Keydoms) {
    put(g, 0, 9, data::ROOM_K);
    put(g, 0, 8, GUARD);
    give(g, 0, GOLD, 9);
}

/// Skips the rest of placement and starts resolving from location A.
fn resolve(g: &mut Keydoms) {
    g.stage = Stage::Resolving;
    g.pending = None;
    g.cursor = Cursor::default();
    board::run(g);
}

fn act(g: &mut Keydoms, seat: usize, a: Action) {
    board::apply(g, Some(seat), &a).unwrap_or_else(|e| panic!("{a:?}: {e}"));
}

fn seat_to_act(g: &Keydoms) -> usize {
    match g.to_act() {
        ToAct::Seats(s) => s[0],
        other => panic!("no seat to act: {other:?}"),
    }
}

#[test]
fn market_tie_goes_to_the_start_player() {
    // Milena (start, 5+1), Steph (6), Alan (5): Milena and Steph tie at 6, Milena wins.
    let mut g = cleared(3, 1);
    strip(&mut g, 0);
    give(&mut g, 0, GEM, 1);
    put(&mut g, 0, 5, MARKET);
    put(&mut g, 0, 1, MARKET);
    put(&mut g, 1, 6, MARKET);
    put(&mut g, 2, 5, MARKET);
    resolve(&mut g);
    assert_eq!(g.pending, Some(Pending::MarketGive { seat: 0 }));
    act(&mut g, 0, Action::MarketGive { treasure: GEM });
    act(&mut g, 0, Action::MarketTake { treasure: CROWN });
    act(&mut g, 0, Action::MarketTake { treasure: CROWN });
    act(&mut g, 0, Action::MarketTake { treasure: GOLD });
    assert_eq!(g.players[0].treasure, [2, 0, 0, 0, 1]);
    // Steph's and Alan's treasures are untouched (each started with crown, pearl, goblet).
    assert_eq!(g.players[1].treasure, [1, 1, 1, 0, 0]);
}

#[test]
fn market_winner_may_pass_and_a_winner_without_treasure_is_skipped() {
    let mut g = cleared(3, 1);
    put(&mut g, 1, 9, MARKET);
    resolve(&mut g);
    act(&mut g, 1, Action::MarketPass);
    assert_eq!(g.players[1].treasure, [1, 1, 1, 0, 0]);

    let mut g = cleared(3, 1);
    strip(&mut g, 2);
    put(&mut g, 2, 9, MARKET);
    resolve(&mut g);
    assert_ne!(g.pending, Some(Pending::MarketGive { seat: 2 }));
}

#[test]
fn cave_example_1_ledges_by_rank() {
    // Red cave: top ledge 4 crowns, second a large crown, bottom two empty.
    // Simmy 9, Simon 8, Alan 2: Simmy 4, Simon 3, Alan nothing.
    let mut g = cleared(3, 1);
    ledge(&mut g, 0, 0, CROWN, 4);
    ledge(&mut g, 0, 1, CROWN, 3);
    put(&mut g, 0, 9, 0);
    put(&mut g, 1, 8, 0);
    put(&mut g, 2, 2, 0);
    resolve(&mut g);
    assert_eq!(g.players[0].treasure[CROWN as usize], 1 + 4);
    assert_eq!(g.players[1].treasure[CROWN as usize], 1 + 3);
    assert_eq!(g.players[2].treasure[CROWN as usize], 1);
}

#[test]
fn cave_example_2_tie_goes_nearest_the_start_player() {
    // Gold cave 5/3/2. Alan (start, seat 0) 1, Charlie (1) 4, Lee (2) 14, Vicki (3) 14.
    let mut g = cleared(4, 1);
    ledge(&mut g, 4, 0, GOLD, 5);
    ledge(&mut g, 4, 1, GOLD, 3);
    ledge(&mut g, 4, 2, GOLD, 2);
    put(&mut g, 0, 1, 4);
    put(&mut g, 1, 4, 4);
    put(&mut g, 2, 8, 4);
    put(&mut g, 2, 6, 4);
    put(&mut g, 3, 9, 4);
    put(&mut g, 3, 5, 4);
    resolve(&mut g);
    let gold = |s: usize| g.players[s].treasure[GOLD as usize];
    assert_eq!((gold(0), gold(1), gold(2), gold(3)), (0, 2, 5, 3));
}

#[test]
fn stables_change_the_start_player_at_once() {
    // Mike (seat 3) alone at the stables names himself; the castle tie right after
    // then goes to him.
    let mut g = cleared(4, 1);
    put(&mut g, 3, 2, STABLES);
    for s in [1, 3] {
        put(&mut g, s, 9, GUARD);
        put(&mut g, s, 5, data::ROOM_K);
        give(&mut g, s, GOLD, 5);
    }
    resolve(&mut g);
    assert_eq!(g.pending, Some(Pending::NameStartPlayer { seat: 3 }));
    act(&mut g, 3, Action::NameStartPlayer { seat: 3 });
    assert_eq!(g.start, 3);
    // Seat 1 and seat 3 tie at 5 in room K: seat 3 (now start) may buy first.
    assert_eq!(seat_to_act(&g), 3);
    assert!(matches!(g.pending, Some(Pending::Buy { seat: 3, .. })));
}

#[test]
fn guard_bribes_in_turn_order() {
    // Guard 8: Ferdinand and Barbara (9s) walk in, Rüdiger (7) owes 1, Christof (6) owes 2.
    let mut g = cleared(4, 8);
    for (s, st) in [(0, 9), (1, 9), (2, 7), (3, 6)] {
        put(&mut g, s, st, GUARD);
        put(&mut g, s, 1, data::ROOM_K + s as u8);
    }
    resolve(&mut g);
    assert!(g.guard_up);
    assert_eq!(
        g.pending,
        Some(Pending::Bribe {
            seat: 2,
            owed: 1,
            paid: [0; 5]
        })
    );
    // The prompt says why and how much, with the word.
    assert_eq!(
        g.view(Some(2)).prompt,
        "Your guard room strength 7 is short of the guard's 8: bribe 1 treasure to enter \
         the castle (0 paid so far, one at a time), or refuse and your castle workers go home"
    );
    act(&mut g, 2, Action::BribeOne { treasure: PEARL });
    assert_eq!(
        g.pending,
        Some(Pending::Bribe {
            seat: 3,
            owed: 2,
            paid: [0; 5]
        })
    );
    act(&mut g, 3, Action::BribeOne { treasure: CROWN });
    // Mid-bribe there is no refusing: the running total must be completed.
    assert!(!g.legal_actions(3).contains(&Action::RefuseBribe));
    act(&mut g, 3, Action::BribeOne { treasure: GOBLET });
    assert_eq!(g.entered, vec![true; 4]);
    assert_eq!(g.players[2].treasure, [1, 0, 1, 0, 0]);
    assert_eq!(g.players[3].treasure, [0, 1, 0, 0, 0]);
}

#[test]
fn refusing_or_missing_the_guard_sends_castle_workers_home() {
    let mut g = cleared(3, 8);
    put(&mut g, 0, 7, GUARD);
    put(&mut g, 0, 9, data::ROOM_K);
    // Seat 1 has castle workers but nobody in the guard room.
    put(&mut g, 1, 8, data::ROOM_K);
    // Seat 2 is short by 5 but holds only 3 treasures: publicly unable, not asked.
    put(&mut g, 2, 4, GUARD);
    put(&mut g, 2, 9, data::ROOM_L);
    resolve(&mut g);
    assert_eq!(
        g.pending,
        Some(Pending::Bribe {
            seat: 0,
            owed: 1,
            paid: [0; 5]
        })
    );
    act(&mut g, 0, Action::RefuseBribe);
    for s in 0..3 {
        assert!(
            !g.players[s]
                .workers
                .iter()
                .any(|w| w.loc.is_some_and(data::is_castle_room)),
            "seat {s} keeps no castle worker"
        );
    }
    // Nobody is left to buy: the round ends and every artefact stays.
    assert_eq!(g.stage, Stage::RoundStart);
    assert_eq!(g.artefacts_left(), 15);
}

#[test]
fn castle_payment_needs_a_different_type_per_worker() {
    // Bernd 7+1 vs Karl-Heinz 2 in room K. With 8 crowns only Bernd cannot pay,
    // so Karl-Heinz buys for 2 of one type.
    let mut g = cleared(3, 1);
    strip(&mut g, 0);
    give(&mut g, 0, CROWN, 8);
    put(&mut g, 0, 7, data::ROOM_K);
    put(&mut g, 0, 1, data::ROOM_K);
    put(&mut g, 0, 9, GUARD);
    put(&mut g, 1, 2, data::ROOM_K);
    put(&mut g, 1, 8, GUARD);
    give(&mut g, 1, GEM, 2);
    resolve(&mut g);
    assert!(matches!(g.pending, Some(Pending::Buy { seat: 0, .. })));
    assert_eq!(g.legal_actions(0), vec![Action::DeclineBuy]);
    act(&mut g, 0, Action::DeclineBuy);
    assert!(matches!(g.pending, Some(Pending::Buy { seat: 1, .. })));
    let top = *g.stacks[0].last().unwrap();
    act(&mut g, 1, Action::PayWorker { treasure: GEM });
    assert_eq!(g.players[1].artefacts[top as usize], 1);
    assert_eq!(g.players[1].treasure[GEM as usize], 0);

    // With 7 crowns and 1 pearl Bernd pays 7 of one type and 1 of another.
    let mut g = cleared(3, 1);
    strip(&mut g, 0);
    give(&mut g, 0, CROWN, 7);
    give(&mut g, 0, PEARL, 1);
    put(&mut g, 0, 7, data::ROOM_K);
    put(&mut g, 0, 1, data::ROOM_K);
    put(&mut g, 0, 9, GUARD);
    resolve(&mut g);
    // Paying the 7 in pearls would leave the 1 unpayable, so only crowns are offered.
    assert_eq!(
        g.legal_actions(0),
        vec![Action::PayWorker { treasure: CROWN }, Action::DeclineBuy]
    );
    act(&mut g, 0, Action::PayWorker { treasure: CROWN });
    act(&mut g, 0, Action::PayWorker { treasure: PEARL });
    assert_eq!(g.players[0].treasure, [0; 5]);
    assert_eq!(g.players[0].artefact_count(), 2);
}

#[test]
fn castle_example_2_passes_down_the_ranks() {
    // Jay 8 vs Rio 4+2+1 in room L: Jay cannot pay 8 of one type, Rio pays 4, 2, 1.
    let mut g = cleared(3, 1);
    strip(&mut g, 0);
    give(&mut g, 0, CROWN, 7);
    give(&mut g, 0, GOLD, 7);
    put(&mut g, 0, 8, data::ROOM_L);
    put(&mut g, 0, 9, GUARD);
    put(&mut g, 1, 4, data::ROOM_L);
    put(&mut g, 1, 2, data::ROOM_L);
    put(&mut g, 1, 1, data::ROOM_L);
    put(&mut g, 1, 9, GUARD);
    strip(&mut g, 1);
    give(&mut g, 1, GEM, 4);
    give(&mut g, 1, GOLD, 2);
    give(&mut g, 1, PEARL, 1);
    resolve(&mut g);
    assert_eq!(seat_to_act(&g), 0);
    act(&mut g, 0, Action::DeclineBuy);
    act(&mut g, 1, Action::PayWorker { treasure: GEM });
    act(&mut g, 1, Action::PayWorker { treasure: GOLD });
    act(&mut g, 1, Action::PayWorker { treasure: PEARL });
    assert_eq!(g.players[1].treasure, [0; 5]);
    assert_eq!(g.players[1].artefact_count(), 2);
    assert_eq!(g.players[0].artefact_count(), 1);
}

#[test]
fn six_player_room_three_sells_both_stacks() {
    // Tina 4 takes the scroll, Britta (3) takes the amulet, Herman (2) gets nothing.
    let mut g = cleared(6, 1);
    g.stacks[2].push(SCROLL);
    g.stacks[5].push(AMULET);
    g.top_up[2] = true;
    g.top_up[5] = true;
    put(&mut g, 0, 4, data::ROOM_M);
    put(&mut g, 1, 2, data::ROOM_M);
    put(&mut g, 1, 1, data::ROOM_M);
    put(&mut g, 2, 2, data::ROOM_M);
    for s in 0..3 {
        put(&mut g, s, 9, GUARD);
        give(&mut g, s, GOLD, 4);
    }
    resolve(&mut g);
    assert_eq!(
        g.legal_actions(0),
        vec![
            Action::ChooseStack { stack: 2 },
            Action::ChooseStack { stack: 5 },
            Action::DeclineBuy
        ]
    );
    act(&mut g, 0, Action::ChooseStack { stack: 2 });
    act(&mut g, 0, Action::PayWorker { treasure: GOLD });
    assert_eq!(g.players[0].artefacts[SCROLL as usize], 1);
    // Britta is offered only the other stack and pays 2 and 1 in two types.
    assert!(matches!(
        g.pending,
        Some(Pending::Buy {
            seat: 1,
            stack: Some(5),
            ..
        })
    ));
    act(&mut g, 1, Action::PayWorker { treasure: GOLD });
    act(&mut g, 1, Action::PayWorker { treasure: CROWN });
    assert_eq!(g.players[1].artefacts[AMULET as usize], 1);
    // Herman is never asked: nothing is left face up in room 3.
    assert_eq!(g.players[2].artefact_count(), 1);
    assert_ne!(g.pending.as_ref().map(|p| p.seat()), Some(2));
}

#[test]
fn unsold_artefacts_stay_and_are_offered_next_round() {
    let mut g = cleared(3, 1);
    buyer_in_room_k(&mut g);
    let top = *g.stacks[0].last().unwrap();
    resolve(&mut g);
    act(&mut g, 0, Action::DeclineBuy);
    assert_eq!(g.stage, Stage::RoundStart);
    assert_eq!(*g.stacks[0].last().unwrap(), top);
    assert!(g.top_up[0]);
    // Everything went home, the caves emptied into the treasury.
    assert!(g.players.iter().all(|p| p.unplaced().count() == 8));
    assert_eq!(g.treasury.iter().map(|&v| v as u32).sum::<u32>(), 145 - 18);
    board::start_round(&mut g, 3);
    assert!(g.is_active(data::ROOM_K));
    assert_eq!(g.stage, Stage::Placing);
}

#[test]
fn bought_artefact_reveals_the_next_tile_only_next_round() {
    let mut g = cleared(3, 1);
    buyer_in_room_k(&mut g);
    resolve(&mut g);
    act(&mut g, 0, Action::PayWorker { treasure: GOLD });
    assert!(!g.top_up[0]);
    assert!(!g.is_active(data::ROOM_K));
    assert_eq!(g.stage, Stage::RoundStart);
    board::start_round(&mut g, 3);
    assert!(g.top_up[0]);
    assert_eq!(g.stacks[0].len(), 4);
}

#[test]
fn last_artefact_ends_the_game_at_once_with_scroll_tie_break() {
    let mut g = cleared(3, 1);
    // Leave one artefact (a key) in room K; seat 2 got a scroll, seat 1 two others.
    for s in 0..5 {
        g.stacks[s].clear();
    }
    g.stacks[0].push(KEY);
    g.players[1].artefacts[RAVEN as usize] = 1;
    g.players[2].artefacts[SCROLL as usize] = 1;
    buyer_in_room_k(&mut g);
    // A market worker would resolve before; a worker in room L never resolves.
    resolve(&mut g);
    act(&mut g, 0, Action::PayWorker { treasure: GOLD });
    assert_eq!(g.stage, Stage::Over);
    let o = g.outcome().unwrap();
    // All three hold two artefacts; seat 2's scroll wins; seats 0 and 1 go by order.
    assert_eq!(o.rank, vec![1, 2, 0]);
    assert!(o.tie_break.unwrap().contains("scrolls"));
    assert_eq!(o.scores[0].total, 2);
}

#[test]
fn player_order_breaks_a_full_tie() {
    let mut g = table(4, 1);
    for s in 0..5 {
        g.stacks[s].clear();
    }
    g.start = 2;
    g.stage = Stage::Over;
    let o = g.outcome().unwrap();
    assert_eq!(o.rank, vec![2, 3, 0, 1]);
    assert!(o.tie_break.unwrap().contains("start player"));
}

#[test]
fn single_remaining_stack_is_spread_over_the_rooms() {
    let mut g = table(3, 1);
    for s in 0..5 {
        g.stacks[s].clear();
    }
    g.stacks[4] = vec![KEY, RAVEN, SCROLL, AMULET];
    g.top_up = [false, false, false, false, true, false];
    resolve(&mut g);
    assert_eq!(g.stage, Stage::RoundStart);
    board::start_round(&mut g, 3);
    let lens: Vec<usize> = g.stacks.iter().map(Vec::len).collect();
    // Three players: at most three rooms, one tile face up in each.
    assert_eq!(lens, vec![2, 1, 1, 0, 0, 0]);
    assert_eq!(&g.top_up[..3], &[true, true, true]);
    assert!(g.is_active(data::ROOM_K) && g.is_active(data::ROOM_M));
    assert!(!g.is_active(data::ROOM_N));
}

#[test]
fn six_players_add_a_small_treasure_under_filled_ledges() {
    let mut g = dealt(6);
    let id = g.card_deck[0];
    let card = data::card(id).unwrap();
    board::apply(&mut g, None, &Action::StartRound { guard: 2, card: id }).unwrap();
    for (c, ledges) in card.caves.iter().enumerate() {
        let total = |l: usize| g.caves[c][l].iter().map(|&v| v as u32).sum::<u32>();
        for l in 0..4 {
            if l < ledges.len() {
                let [large, small] = ledges[l];
                assert_eq!(total(l), large as u32 * 3 + small as u32);
            } else if !ledges.is_empty() {
                assert_eq!(total(l), 1, "cave {c} ledge {l} gets one small treasure");
            } else {
                assert_eq!(total(l), 0);
            }
        }
    }
    // With five players the empty ledges stay empty.
    let mut g = dealt(5);
    let id = g.card_deck[0];
    let card = data::card(id).unwrap();
    board::apply(&mut g, None, &Action::StartRound { guard: 2, card: id }).unwrap();
    for (c, ledges) in card.caves.iter().enumerate() {
        for l in ledges.len()..4 {
            assert_eq!(g.caves[c][l], [0; 5]);
        }
    }
}

#[test]
fn setup_by_player_count() {
    for n in 3..=6 {
        let mut g = Keydoms::new(&setup_in(n, "muggles")).unwrap();
        assert_eq!(g.to_act(), ToAct::Chance);
        let a = g.sample_chance(&mut tavern_plugin_api::GameRng::new(5));
        board::apply(&mut g, None, &a).unwrap();
        let lens: Vec<usize> = g.stacks.iter().map(Vec::len).collect();
        let want: Vec<usize> = (0..6)
            .map(|s| {
                if s < n.min(5) || (n == 6 && s == 5) {
                    5
                } else {
                    0
                }
            })
            .collect();
        assert_eq!(lens, want, "{n} players");
        // Treasure cards of the right back: 3, 4 or 5 chests.
        let chests = data::chests_for(n);
        assert_eq!(g.card_deck.len(), 15);
        assert!(
            g.card_deck
                .iter()
                .all(|&c| data::card(c).unwrap().chests == chests)
        );
        assert!(g.players.iter().all(|p| p.artefacts == [0, 0, 0, 0, 0, 1]));
    }
}

#[test]
fn starting_treasures_are_three_different_types() {
    let mut g = dealt(3);
    let card = g.card_deck[3];
    board::apply(&mut g, None, &Action::StartRound { guard: 2, card }).unwrap();
    assert_eq!(seat_to_act(&g), 0);
    act(&mut g, 0, Action::TakeStartTreasure { treasure: GOLD });
    assert!(
        !g.legal_actions(0)
            .contains(&Action::TakeStartTreasure { treasure: GOLD })
    );
    act(&mut g, 0, Action::TakeStartTreasure { treasure: GEM });
    act(&mut g, 0, Action::TakeStartTreasure { treasure: PEARL });
    assert_eq!(g.players[0].treasure, [0, 1, 0, 1, 1]);
    assert_eq!(seat_to_act(&g), 1);
}

#[test]
fn placement_goes_clockwise_from_the_start_player_onto_open_locations() {
    let mut g = table(4, 1);
    g.start = 2;
    g.pending = None;
    board::run(&mut g);
    let mut order = Vec::new();
    for _ in 0..8 {
        let s = seat_to_act(&g);
        order.push(s);
        let a = g.legal_actions(s)[0].clone();
        act(&mut g, s, a);
    }
    assert_eq!(order, vec![2, 3, 0, 1, 2, 3, 0, 1]);
    // Closed: empty caves, cottage and roundhouse (Muggles), rooms with nothing on offer.
    clear_caves(&mut g);
    g.stacks[1].clear();
    let s = seat_to_act(&g);
    let locs: std::collections::BTreeSet<u8> = g
        .legal_actions(s)
        .into_iter()
        .map(|a| match a {
            Action::Place { loc, .. } => loc,
            _ => panic!(),
        })
        .collect();
    assert_eq!(
        locs.into_iter().collect::<Vec<_>>(),
        vec![
            STABLES,
            MARKET,
            GUARD,
            data::ROOM_K,
            data::ROOM_M,
            data::ROOM_N
        ]
    );
    // Every worker is placed: 8 per player, then resolution starts.
    while g.stage == Stage::Placing {
        let s = seat_to_act(&g);
        let a = g.legal_actions(s)[0].clone();
        act(&mut g, s, a);
    }
    assert_ne!(g.stage, Stage::Placing);
}

#[test]
fn views_hide_face_down_workers_and_private_treasure() {
    let mut g = table(3, 7);
    act(
        &mut g,
        0,
        Action::Place {
            strength: 7,
            loc: MARKET,
        },
    );
    let v = g.view(Some(1));
    let json = serde_json::to_string(&v).unwrap();
    assert!(json.contains("Player 1's face-down worker"));
    assert!(
        !json.contains("Player 1's worker, strength"),
        "seat 1 must not learn the 7"
    );
    assert!(!json.contains("Your worker, strength"));
    assert!(!json.contains("guard this round has strength"));
    let mine = serde_json::to_string(&g.view(Some(0))).unwrap();
    assert!(mine.contains("Your worker, strength 7"));
    let spectator = serde_json::to_string(&g.view(None)).unwrap();
    assert!(!spectator.contains("strength 7"));
    assert!(spectator.contains("Player 1's face-down worker"));
    assert!(
        !spectator.contains("mine:"),
        "nobody's treasure types in the spectator view"
    );
    assert!(
        spectator.contains("\"Treasure 3\""),
        "the public treasure total"
    );
}

#[test]
fn determinize_keeps_what_the_viewer_knows() {
    let mut g = table(3, 7);
    act(
        &mut g,
        0,
        Action::Place {
            strength: 7,
            loc: MARKET,
        },
    );
    let mut rng = tavern_plugin_api::GameRng::new(3);
    for _ in 0..20 {
        let d = g.determinize(0, &mut rng);
        assert_eq!(d.players[0], g.players[0]);
        assert_eq!(d.treasury, g.treasury);
        // Face-up tops stay; the hidden guard and the other hands may change.
        for s in 0..6 {
            if g.top_up[s] {
                assert_eq!(d.stacks[s].last(), g.stacks[s].last());
            }
        }
    }
    let d = g.determinize(1, &mut rng);
    let mut st: Vec<u8> = d.players[0].workers.iter().map(|w| w.strength).collect();
    st.sort();
    assert_eq!(st, data::STRENGTHS.to_vec());
}

#[test]
fn tampered_chance_outcomes_are_refused() {
    let mut g = Keydoms::new(&setup_in(3, "muggles")).unwrap();
    for bad in [
        Action::ShuffleArtefacts { order: vec![0; 15] },
        Action::ShuffleArtefacts {
            order: (0..14).collect(),
        },
        Action::StartRound { guard: 1, card: 1 },
    ] {
        assert!(board::apply(&mut g, None, &bad).is_err());
    }
    board::apply(
        &mut g,
        None,
        &Action::ShuffleArtefacts {
            order: (0..15).collect(),
        },
    )
    .unwrap();
    assert!(board::apply(&mut g, None, &Action::StartRound { guard: 11, card: 1 }).is_err());
    assert!(board::apply(&mut g, None, &Action::StartRound { guard: 5, card: 40 }).is_err());
    assert!(board::apply(&mut g, None, &Action::StartRound { guard: 5, card: 1 }).is_ok());
}
