//! One test per spell, and the roundhouse that hands spells out.

mod board;

use board::magic_table::{
    COTTAGE, CROWN, GEM, GOBLET, GOLD, PEARL, act, cast, chance, get_even_on_the_market, give,
    pass_all, pass_until, pick_worker, place, put, resolve, seat, spell, table, wand_then, window,
};
use tavern_plugin_api::{Game, ToAct};
use tavern_plugin_keydoms::Pending;
use tavern_plugin_keydoms::data::{
    GUARD, MARKET, RAVEN, ROOM_K, ROUNDHOUSE, SCROLL, STABLES, WAND,
};
use tavern_plugin_keydoms::magic::{Step, WinKind};
use tavern_plugin_keydoms::state::Action;

#[test]
fn gift_takes_three_small_treasures() {
    let mut g = table(3, 1);
    spell(&mut g, 0, 11);
    cast(&mut g, 0, 11);
    pass_all(&mut g);
    for t in [GOLD, GOLD, GEM] {
        act(&mut g, 0, Action::TakeOne { treasure: t });
    }
    assert_eq!(g.players[0].treasure, [1, 1, 1, 1, 2]);
    assert_eq!(g.pending, Some(Pending::Place { seat: 0 }));
}

#[test]
fn roundhouse_gives_two_spells_to_the_two_strongest() {
    // Penny 8 draws the top two (21 and 20), keeps one, Ann (6) gets the other,
    // Sally (5) nothing.
    let mut g = table(3, 1);
    put(&mut g, 0, 8, ROUNDHOUSE);
    put(&mut g, 1, 6, ROUNDHOUSE);
    put(&mut g, 2, 5, ROUNDHOUSE);
    resolve(&mut g);
    pass_until(&mut g, WinKind::Location(ROUNDHOUSE));
    pass_all(&mut g);
    assert_eq!(
        g.legal_actions(0),
        vec![
            Action::KeepSpell { spell: 21 },
            Action::KeepSpell { spell: 20 }
        ]
    );
    // The drawn cards carry their spell numbers, as cards in the hand do.
    let cards: Vec<(String, String)> = g
        .view(Some(0))
        .scene
        .items
        .iter()
        .filter_map(|i| match (&i.shape, i.tooltip.as_deref()) {
            (tavern_plugin_api::scene::Shape::Card { value, .. }, Some(tip))
                if tip.contains("only you see it") =>
            {
                Some((tip.split(',').next()?.to_string(), value.clone()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        cards,
        vec![("Trade".into(), "21".into()), ("Toll".into(), "20".into())]
    );
    act(&mut g, 0, Action::KeepSpell { spell: 20 });
    assert_eq!(g.m.hands, vec![vec![20], vec![21], vec![]]);
    // The others never see which: the public log line names no spell.
    let v = serde_json::to_string(&g.view(Some(2))).unwrap();
    assert!(!v.contains("Toll") && !v.contains("Trade"));
}

#[test]
fn a_lone_roundhouse_visitor_puts_the_other_spell_under_the_deck() {
    let mut g = table(3, 1);
    put(&mut g, 1, 2, ROUNDHOUSE);
    resolve(&mut g);
    pass_until(&mut g, WinKind::Location(ROUNDHOUSE));
    pass_all(&mut g);
    act(&mut g, 1, Action::KeepSpell { spell: 21 });
    assert_eq!(g.m.hands[1], vec![21]);
    assert_eq!(g.m.deck[0], 20);
}

#[test]
fn dragon_leaves_fills_the_first_empty_cave() {
    let mut g = table(3, 1);
    spell(&mut g, 0, 5);
    put(&mut g, 1, 9, 0);
    resolve(&mut g);
    assert_eq!(window(&g), Some(WinKind::BeforeResolve));
    wand_then(&mut g, 0);
    act(&mut g, 1, Action::Pass);
    act(&mut g, 2, Action::Pass);
    act(&mut g, 0, Action::Cast { spell: 5 });
    // Cave A was empty: 4 crowns on top, 2 on the second ledge; seat 1 takes the top.
    pass_until(&mut g, WinKind::Location(0));
    assert_eq!(g.caves[0][0][CROWN as usize], 4);
    assert_eq!(g.caves[0][1][CROWN as usize], 2);
    pass_all(&mut g);
    assert_eq!(g.players[1].treasure[CROWN as usize], 1 + 4);
}

#[test]
fn dragon_leaves_is_not_castable_after_the_caves() {
    let mut g = table(3, 1);
    spell(&mut g, 0, 5);
    spell(&mut g, 0, 16);
    put(&mut g, 0, 9, MARKET);
    resolve(&mut g);
    wand_then(&mut g, 0);
    pass_until(&mut g, WinKind::AfterCaves);
    let legal = g.legal_actions(0);
    assert!(!legal.contains(&Action::Cast { spell: 5 }));
    assert!(legal.contains(&Action::Cast { spell: 16 }));
}

#[test]
fn smuggler_collects_every_empty_keytown_location() {
    let mut g = table(3, 1);
    spell(&mut g, 0, 16);
    put(&mut g, 1, 9, MARKET);
    resolve(&mut g);
    wand_then(&mut g, 0);
    pass_until(&mut g, WinKind::AfterCaves);
    act(&mut g, 0, Action::Cast { spell: 16 });
    pass_all(&mut g);
    // Stables (empty): seat 0 names the start player.
    assert_eq!(g.pending, Some(Pending::NameStartPlayer { seat: 0 }));
    act(&mut g, 0, Action::NameStartPlayer { seat: 2 });
    assert_eq!(g.start, 2);
    // Market is occupied, so no trade; cottage empty: a second artefact use.
    assert_eq!(g.m.allowance[0], 2);
    // Roundhouse empty: draw two, keep one, the other goes under the deck.
    assert!(matches!(
        g.pending,
        Some(Pending::Magic {
            seat: 0,
            step: Step::Keep { give_to: None, .. }
        })
    ));
}

#[test]
fn smuggler_reshuffles_the_discards_when_fewer_than_two_spells_remain() {
    // As at the roundhouse: a draw of two from a deck of one first shuffles the
    // discarded spells in.
    let mut g = table(3, 1);
    spell(&mut g, 0, 16);
    let last = g.m.deck.pop().unwrap();
    let rest: Vec<u8> = std::mem::take(&mut g.m.deck);
    g.m.deck = vec![last];
    g.m.discard = rest;
    put(&mut g, 1, 9, MARKET);
    put(&mut g, 1, 8, STABLES);
    put(&mut g, 2, 7, COTTAGE);
    resolve(&mut g);
    wand_then(&mut g, 0);
    pass_until(&mut g, WinKind::AfterCaves);
    act(&mut g, 0, Action::Cast { spell: 16 });
    while g.to_act() != ToAct::Chance {
        assert!(window(&g).is_some(), "no reshuffle came: {:?}", g.pending);
        let s = seat(&g);
        act(&mut g, s, Action::Pass);
    }
    assert!(g.m.need_spell_shuffle, "the discards are shuffled in first");
    let n = g.m.discard.len() as u16;
    chance(
        &mut g,
        Action::ShuffleSpells {
            order: (0..n).collect(),
        },
    );
    match &g.pending {
        Some(Pending::Magic {
            seat: 0,
            step: Step::Keep {
                drawn,
                give_to: None,
            },
        }) => assert_eq!(drawn.len(), 2, "two spells to choose from"),
        other => panic!("expected the Smuggler's draw, got {other:?}"),
    }
}

#[test]
fn substitute_swaps_ones_and_nines_from_here_on() {
    let mut g = table(3, 1);
    spell(&mut g, 1, 17);
    put(&mut g, 0, 9, MARKET);
    put(&mut g, 1, 1, MARKET);
    put(&mut g, 1, 9, GUARD);
    resolve(&mut g);
    pass_until(&mut g, WinKind::Location(MARKET));
    act(&mut g, 0, Action::Pass);
    wand_then(&mut g, 1);
    act(&mut g, 2, Action::Pass);
    act(&mut g, 0, Action::Pass);
    act(&mut g, 1, Action::Cast { spell: 17 });
    pass_all(&mut g);
    assert_eq!(g.strength(1, MARKET), 9);
    assert_eq!(g.strength(0, MARKET), 1);
    assert_eq!(g.pending, Some(Pending::MarketGive { seat: 1 }));
    // The guard room is not affected.
    assert_eq!(g.strength(1, GUARD), 9);
}

#[test]
fn odd_ones_out_sends_odd_workers_and_ravens_home() {
    let mut g = table(3, 1);
    spell(&mut g, 0, 14);
    g.players[1].artefacts[RAVEN as usize] = 1;
    put(&mut g, 0, 4, MARKET);
    put(&mut g, 1, 7, MARKET);
    resolve(&mut g);
    pass_until(&mut g, WinKind::Location(MARKET));
    wand_then(&mut g, 0);
    act(&mut g, 1, Action::Invoke { artefact: RAVEN });
    act(&mut g, 2, Action::Pass);
    act(&mut g, 0, Action::Cast { spell: 14 });
    act(&mut g, 0, Action::ChooseLocation { loc: MARKET });
    pass_all(&mut g);
    assert!(!g.present(1, MARKET));
    assert_eq!(
        g.m.invoked[1][RAVEN as usize], 1,
        "the raven still counts as used"
    );
    assert_eq!(g.pending, Some(Pending::MarketGive { seat: 0 }));
}

#[test]
fn get_even_sends_even_workers_home() {
    let mut g = get_even_on_the_market();
    pass_all(&mut g);
    assert!(!g.players[0].has_worker_in(MARKET));
    assert_eq!(g.pending, Some(Pending::MarketGive { seat: 1 }));
}

#[test]
fn evict_and_the_answer() {
    let mut g = table(3, 1);
    spell(&mut g, 0, 7);
    put(&mut g, 0, 5, STABLES);
    put(&mut g, 0, 6, MARKET);
    put(&mut g, 1, 8, MARKET);
    cast(&mut g, 0, 7);
    // Guard-room workers cannot be chosen; face-down ones are named by slot only.
    pick_worker(&mut g, 0, 1, MARKET);
    pass_all(&mut g);
    assert!(!g.players[1].has_worker_in(MARKET));
    assert_eq!(seat(&g), 1);
    let legal = g.legal_actions(1);
    assert_eq!(legal.len(), 2);
    pick_worker(&mut g, 1, 0, STABLES);
    assert!(!g.players[0].has_worker_in(STABLES));
    assert!(g.players[0].has_worker_in(MARKET));
}

#[test]
fn teleport_moves_a_worker_and_pays_compensation() {
    let mut g = table(3, 1);
    spell(&mut g, 0, 19);
    put(&mut g, 1, 8, MARKET);
    cast(&mut g, 0, 19);
    pick_worker(&mut g, 0, 1, MARKET);
    act(&mut g, 0, Action::ChooseLocation { loc: STABLES });
    pass_all(&mut g);
    assert!(g.players[1].has_worker_in(STABLES));
    // Seat 0 holds exactly 3: all of it goes to seat 1 without a choice.
    assert_eq!(g.players[0].total_treasure(), 0);
    assert_eq!(g.players[1].total_treasure(), 6);
}

#[test]
fn taboo_closes_a_location() {
    let mut g = table(3, 1);
    spell(&mut g, 0, 18);
    cast(&mut g, 0, 18);
    act(&mut g, 0, Action::ChooseLocation { loc: MARKET });
    pass_all(&mut g);
    assert!(
        !g.legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::Place { loc: MARKET, .. }))
    );
}

#[test]
fn extortion_and_levy_pay_or_go_home() {
    let mut g = table(3, 1);
    spell(&mut g, 0, 9);
    spell(&mut g, 0, 12);
    put(&mut g, 1, 8, ROOM_K);
    put(&mut g, 1, 7, ROOM_K);
    put(&mut g, 2, 6, ROOM_K);
    put(&mut g, 1, 5, MARKET);
    put(&mut g, 2, 4, STABLES);
    g.m.allowance[0] = 2;
    cast(&mut g, 0, 9);
    pass_all(&mut g);
    // Seat 1 owes 2 for two castle workers and refuses; seat 2 pays 1.
    act(&mut g, 1, Action::Refuse);
    assert!(!g.players[1].has_worker_in(ROOM_K));
    act(&mut g, 2, Action::PayOne { treasure: CROWN });
    assert!(g.players[2].has_worker_in(ROOM_K));
    act(&mut g, 0, Action::Cast { spell: 12 });
    pass_all(&mut g);
    // Levy: seat 1's market worker: 2 treasures (pays), seat 2's stables worker: holds 2.
    act(&mut g, 1, Action::PayOne { treasure: PEARL });
    act(&mut g, 1, Action::PayOne { treasure: GOBLET });
    assert!(g.players[1].has_worker_in(MARKET));
    act(&mut g, 2, Action::Refuse);
    assert!(!g.players[2].has_worker_in(STABLES));
}

#[test]
fn donation_and_toll_take_from_everyone() {
    let mut g = table(3, 1);
    spell(&mut g, 0, 4);
    give(&mut g, 1, GOLD, 6);
    cast(&mut g, 0, 4);
    pass_all(&mut g);
    // Seat 0 has 3 (all go at once), seat 1 has 9 and chooses 5.
    assert_eq!(g.players[0].total_treasure(), 0);
    for _ in 0..5 {
        act(&mut g, 1, Action::PayOne { treasure: GOLD });
    }
    assert_eq!(g.players[1].treasure, [1, 1, 1, 0, 1]);
    assert_eq!(g.players[2].total_treasure(), 0);
}

#[test]
fn trade_swaps_one_for_one() {
    let mut g = table(3, 1);
    spell(&mut g, 0, 21);
    cast(&mut g, 0, 21);
    pass_all(&mut g);
    act(
        &mut g,
        0,
        Action::TradeOne {
            give: CROWN,
            take: GOLD,
        },
    );
    act(
        &mut g,
        0,
        Action::TradeOne {
            give: PEARL,
            take: GOLD,
        },
    );
    act(&mut g, 0, Action::Done);
    assert_eq!(g.players[0].treasure, [0, 0, 1, 0, 2]);
}

#[test]
fn exchange_swaps_an_unused_artefact_with_one_on_offer() {
    let mut g = table(3, 1);
    spell(&mut g, 0, 8);
    g.players[0].artefacts[SCROLL as usize] = 1;
    let top = *g.stacks[1].last().unwrap();
    cast(&mut g, 0, 8);
    // The invoked wand is not unused any more.
    assert!(
        !g.legal_actions(0)
            .contains(&Action::ChooseArtefact { artefact: WAND })
    );
    act(&mut g, 0, Action::ChooseArtefact { artefact: SCROLL });
    act(&mut g, 0, Action::ChooseStack { stack: 1 });
    pass_all(&mut g);
    assert_eq!(*g.stacks[1].last().unwrap(), SCROLL);
    assert_eq!(g.players[0].artefacts[SCROLL as usize], 0);
    assert_eq!(g.players[0].artefacts[top as usize], 1);
}

#[test]
fn rearrange_puts_the_chosen_artefact_on_top() {
    let mut g = table(3, 1);
    spell(&mut g, 0, 15);
    cast(&mut g, 0, 15);
    act(&mut g, 0, Action::ChooseStack { stack: 0 });
    pass_all(&mut g);
    let chosen = g.stacks[0][1];
    act(&mut g, 0, Action::ChooseStackTile { index: 1 });
    assert_eq!(g.to_act(), ToAct::Chance);
    chance(
        &mut g,
        Action::ShuffleStack {
            stack: 0,
            order: vec![3, 2, 1, 0],
        },
    );
    assert_eq!(*g.stacks[0].last().unwrap(), chosen);
    assert!(g.top_up[0]);
    assert_eq!(g.stacks[0].len(), 5);
}

#[test]
fn choice_lets_the_buyer_pick_from_the_whole_stack() {
    let mut g = table(3, 1);
    spell(&mut g, 0, 1);
    put(&mut g, 0, 5, ROOM_K);
    put(&mut g, 0, 9, GUARD);
    give(&mut g, 0, GOLD, 5);
    resolve(&mut g);
    pass_until(&mut g, WinKind::Location(ROOM_K));
    wand_then(&mut g, 0);
    act(&mut g, 1, Action::Pass);
    act(&mut g, 2, Action::Pass);
    act(&mut g, 0, Action::Cast { spell: 1 });
    pass_all(&mut g);
    act(&mut g, 0, Action::PayWorker { treasure: GOLD });
    let bottom = g.stacks[0][0];
    act(&mut g, 0, Action::ChooseStackTile { index: 0 });
    assert_eq!(g.players[0].artefacts[bottom as usize], 1);
    chance(
        &mut g,
        Action::ShuffleStack {
            stack: 0,
            order: vec![0, 1, 2, 3],
        },
    );
    assert_eq!(g.stacks[0].len(), 4);
    assert!(!g.top_up[0], "the rest goes back face down");
}

#[test]
fn disclosure_makes_others_place_face_up() {
    let mut g = table(3, 1);
    spell(&mut g, 0, 3);
    cast(&mut g, 0, 3);
    pass_all(&mut g);
    // The caster still places face down; the prompt says so, and says the others' way.
    assert_eq!(
        g.view(Some(0)).prompt,
        "Place a worker face down on an open location"
    );
    place(&mut g, 0, 9, MARKET);
    pass_all(&mut g);
    assert_eq!(
        g.view(Some(1)).prompt,
        "Place a worker face up on an open location: another player's Disclosure shows \
         your workers this round (or first invoke an artefact or cast a spell)"
    );
    place(&mut g, 1, 8, MARKET);
    assert!(
        !g.players[0]
            .workers
            .iter()
            .find(|w| w.strength == 9)
            .unwrap()
            .face_up
    );
    assert!(
        g.players[1]
            .workers
            .iter()
            .find(|w| w.strength == 8)
            .unwrap()
            .face_up
    );
}

#[test]
fn moonlight_moves_a_worker_as_it_lies() {
    let mut g = table(3, 1);
    spell(&mut g, 0, 13);
    put(&mut g, 1, 8, MARKET);
    cast(&mut g, 0, 13);
    pick_worker(&mut g, 0, 1, MARKET);
    act(&mut g, 0, Action::ChooseLocation { loc: GUARD });
    pass_all(&mut g);
    let w = g.players[1]
        .workers
        .iter()
        .find(|w| w.strength == 8)
        .unwrap();
    assert_eq!(w.loc, Some(GUARD));
    assert!(!w.face_up);
    assert_eq!(
        g.players[0].total_treasure(),
        3,
        "no compensation for Moonlight"
    );
}

#[test]
fn moonlight_may_take_a_worker_from_a_resolved_location() {
    // Reading (rules.md): the spell names only where the worker goes (an unresolved
    // location), not where it comes from.
    let mut g = table(3, 1);
    spell(&mut g, 0, 13);
    put(&mut g, 0, 2, STABLES);
    put(&mut g, 0, 9, GUARD);
    put(&mut g, 1, 8, ROOM_K);
    resolve(&mut g);
    pass_until(&mut g, WinKind::Location(STABLES));
    pass_all(&mut g);
    act(&mut g, 0, Action::NameStartPlayer { seat: 0 });
    pass_until(&mut g, WinKind::Location(GUARD));
    // The stables are done; the worker there may still go to the guard room.
    assert!(!g.unresolved(STABLES));
    assert_eq!(seat(&g), 0);
    g.m.wand[0] = true;
    act(&mut g, 0, Action::Cast { spell: 13 });
    let from_stables = Action::ChooseWorker {
        seat: 0,
        loc: STABLES,
        slot: 0,
    };
    assert!(
        g.legal_actions(0).contains(&from_stables),
        "{:?}",
        g.legal_actions(0)
    );
    act(&mut g, 0, from_stables);
    assert!(
        !g.legal_actions(0)
            .contains(&Action::ChooseLocation { loc: MARKET }),
        "only unresolved locations as destinations"
    );
    act(&mut g, 0, Action::ChooseLocation { loc: ROOM_K });
    pass_all(&mut g);
    let w = g.players[0]
        .workers
        .iter()
        .find(|w| w.strength == 2)
        .unwrap();
    assert_eq!(w.loc, Some(ROOM_K));
    assert!(w.face_up, "it lay face up at the stables and stays so");
}

#[test]
fn dragon_returns_empties_a_cave() {
    let mut g = table(3, 1);
    spell(&mut g, 0, 6);
    g.treasury[3] -= 5;
    g.caves[3][0][3] = 5;
    cast(&mut g, 0, 6);
    act(&mut g, 0, Action::ChooseLocation { loc: 3 });
    pass_all(&mut g);
    assert_eq!(g.cave_value(3), 0);
    assert!(!g.is_active(3));
}
