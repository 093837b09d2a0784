//! Each location's reward when a ghost wins it, the castle's included (six at the table too).

mod board;

use board::ghost_table::{at_buy, cleared, ledge, run_to_stopper, stopper};
use board::{ghost, human, park};
use tavern_plugin_api::Game;
use tavern_plugin_keydoms::data::{
    self, AMULET, COTTAGE, GUARD, KEY, MARKET, ROOM_K, ROOM_L, ROOM_M, ROUNDHOUSE, STABLES, WAND,
};
use tavern_plugin_keydoms::magic::Ctx;
use tavern_plugin_keydoms::state::Action;
use tavern_plugin_keydoms::{Pending, Stage};

// ----- rewards ------------------------------------------------------------------------

#[test]
fn ghost_cave_ledge_goes_back_to_the_treasury() {
    let mut g = cleared(1, "auto", &[("variant", "muggles")]);
    ledge(&mut g, 0, 0, 0, 4);
    ledge(&mut g, 0, 1, 0, 2);
    ghost(&mut g, 0, 7, 0); // the dark ghost's 5/9 counter: 9 in a cave
    human(&mut g, 0, 8, 0);
    human(&mut g, 0, 9, MARKET); // stops the flow at the market
    park(&mut g);
    let before = g.players[0].treasure;
    let treasury = g.treasury[0];
    board::run(&mut g);
    assert!(matches!(g.pending, Some(Pending::MarketGive { seat: 0 })));
    assert_eq!(g.ranking(0)[0].0, 1, "the ghost (9) beats the 8");
    assert_eq!(
        g.players[0].treasure[0],
        before[0] + 2,
        "second ledge to the player"
    );
    assert_eq!(g.treasury[0], treasury + 4, "the ghost's ledge returns");
    assert_eq!(g.caves[0][0], [0; 5]);
}

#[test]
fn ghost_wins_the_stables_then_gains_a_spell_if_already_start() {
    for already in [false, true] {
        let mut g = cleared(1, "auto", &[]);
        if already {
            g.start = 1;
        }
        ghost(&mut g, 0, 7, STABLES);
        human(&mut g, 0, 8, STABLES);
        run_to_stopper(&mut g);
        assert!(at_buy(&g));
        assert_eq!(g.start, 1, "the dark ghost holds the start marker");
        assert_eq!(g.ghosts[0].gained.len(), usize::from(already));
    }
}

#[test]
fn ghost_wins_the_market_and_gains_a_spell_instead() {
    let mut g = cleared(1, "auto", &[]);
    ghost(&mut g, 1, 7, MARKET); // light 5/8
    human(&mut g, 0, 7, MARKET);
    stopper(&mut g, 0);
    park(&mut g);
    let treasury = g.treasury;
    board::run(&mut g);
    assert!(at_buy(&g));
    assert_eq!(g.ghosts[1].gained.len(), 1);
    assert_eq!(g.treasury, treasury, "no treasure changes hands");
}

#[test]
fn ghost_wins_the_cottage_and_players_keep_only_the_wand() {
    let mut g = cleared(1, "auto", &[]);
    g.players[0].artefacts[AMULET as usize] = 1;
    ghost(&mut g, 0, 7, COTTAGE);
    human(&mut g, 0, 8, COTTAGE);
    run_to_stopper(&mut g);
    assert!(at_buy(&g));
    assert!(g.gp.no_player_artefacts);
    assert_eq!(g.m.allowance[0], 1, "the player did not win the cottage");
    g.m.passed[0] = false;
    assert!(
        g.magic_actions(0, Ctx::Placement)
            .iter()
            .all(|a| *a == Action::Invoke { artefact: WAND } || !matches!(a, Action::Invoke { .. })),
        "only the wand may be invoked"
    );
    g.m.invoked[0][WAND as usize] = 1;
    // A ghost's spell on the table: the moment an amulet would answer, if it still
    // worked.
    g.m.casts.push(tavern_plugin_keydoms::magic::Cast {
        caster: g.n(),
        spell: 9,
        targets: Vec::new(),
        cancelled: false,
    });
    assert!(
        !g.may_respond(0, tavern_plugin_keydoms::magic::WinKind::Spell),
        "an unused amulet does not count any more"
    );
}

#[test]
fn ghost_wins_the_roundhouse_keeps_one_spell_and_hands_the_other_on() {
    let mut g = cleared(1, "auto", &[]);
    ghost(&mut g, 0, 7, ROUNDHOUSE);
    human(&mut g, 0, 2, ROUNDHOUSE);
    stopper(&mut g, 0);
    park(&mut g);
    let deck = g.m.deck.len();
    let top = g.m.deck[deck - 1];
    let next = g.m.deck[deck - 2];
    board::run(&mut g);
    // Which of the two the ghost keeps is a chance step; pick the top one here.
    let applied =
        board::apply(&mut g, None, &Action::GhostKeepSpell { ghost: 0, pick: 0 }).unwrap();
    assert!(at_buy(&g));
    assert_eq!(g.ghosts[0].gained, vec![top]);
    assert_eq!(g.m.hands[0], vec![next], "the runner-up gets the other");
    // Only the runner-up reads which spell it got; the public text names neither.
    let name = data::spell_name(next);
    assert!(applied.text_for(None, Some(0)).contains(name));
    assert!(!applied.text_for(None, None).contains(name));
    assert!(!applied.label.contains(data::spell_name(top)));
    // Alone at the roundhouse: the other goes under the spell deck.
    let mut g = cleared(1, "auto", &[]);
    ghost(&mut g, 0, 7, ROUNDHOUSE);
    stopper(&mut g, 0);
    park(&mut g);
    let deck = g.m.deck.len();
    let next = g.m.deck[deck - 2];
    board::run(&mut g);
    board::apply(&mut g, None, &Action::GhostKeepSpell { ghost: 0, pick: 0 }).unwrap();
    assert_eq!(g.m.deck[0], next);
    assert!(g.m.hands[0].is_empty());
}

#[test]
fn ghost_keys_strengthen_the_guard() {
    for keys in [0u8, 1] {
        let mut g = cleared(1, "auto", &[("variant", "muggles")]);
        g.guard = Some(5);
        g.gp.keys = keys;
        for w in &mut g.players[0].workers {
            w.loc = Some(ROOM_M);
        }
        g.players[0].workers[0].loc = Some(GUARD); // strength 1
        g.players[0].workers[3].loc = Some(GUARD); // strength 5: 6 in the guard room
        g.players[0].treasure = [3, 0, 0, 0, 0];
        board::run(&mut g);
        match keys {
            0 => assert!(!matches!(g.pending, Some(Pending::Bribe { .. }))),
            _ => assert!(
                matches!(g.pending, Some(Pending::Bribe { owed: 1, .. })),
                "guard 5 + 2 = 7 against 6: a bribe of 1"
            ),
        }
    }
}

#[test]
fn ghost_takes_the_castle_artefact_for_free_and_skips_the_guard() {
    let mut g = cleared(1, "auto", &[("variant", "muggles")]);
    let art = *g.stacks[0].last().unwrap();
    let had = g.ghosts[0].artefacts[art as usize];
    ghost(&mut g, 0, 7, ROOM_K); // 5 in the castle
    human(&mut g, 0, 4, ROOM_K);
    stopper(&mut g, 0);
    park(&mut g);
    let treasury = g.treasury;
    board::run(&mut g);
    assert!(
        at_buy(&g),
        "the player's turn in room K was skipped: nothing left"
    );
    assert_eq!(g.ghosts[0].artefacts[art as usize], had + 1);
    assert!(!g.top_up[0]);
    assert_eq!(g.treasury, treasury, "ghosts pay nothing");
}

#[test]
fn ghost_counters_use_the_small_side_in_the_castle_and_large_elsewhere() {
    let mut g = cleared(1, "auto", &[]);
    ghost(&mut g, 0, 6, ROOM_L); // 4/8
    ghost(&mut g, 0, 5, 2); // 3/7
    assert_eq!(g.strength(1, ROOM_L), 4);
    assert_eq!(g.strength(1, 2), 7);
    g.ghosts[0].fx.mirror = true;
    assert_eq!(g.strength(1, ROOM_L), 5, "mirror +1 on the castle side");
    assert_eq!(g.strength(1, 2), 9, "mirror +2 elsewhere");
}

#[test]
fn ghost_scroll_wins_ties_ahead_of_the_start_player() {
    let mut g = cleared(1, "auto", &[]);
    ghost(&mut g, 0, 1, MARKET); // 1/5
    human(&mut g, 0, 5, MARKET);
    assert_eq!(g.ranking(MARKET)[0].0, 0, "start player wins the tie");
    g.ghosts[0].fx.scroll = true;
    assert_eq!(g.ranking(MARKET)[0].0, 1, "the scroll ghost wins it");
}

/// Six at the table (Spooky 4 + 2): room M has two stacks; a ghost takes the one
/// showing a kind it lacks, and the last artefact taken by a ghost ends the game.
#[test]
fn ghost_in_the_six_seat_room_and_the_last_artefact() {
    let mut g = cleared(4, "2", &[]);
    g.stacks = Default::default();
    g.stacks[2] = vec![KEY];
    g.stacks[5] = vec![AMULET];
    g.top_up = [true; 6];
    g.ghosts[0].artefacts[KEY as usize] = 1;
    ghost(&mut g, 0, 7, ROOM_M);
    park(&mut g);
    board::run(&mut g);
    assert_eq!(
        g.ghosts[0].artefacts[AMULET as usize], 1,
        "the kind it lacked"
    );
    assert_eq!(g.stacks[2], vec![KEY], "the key stays for the next buyer");
    // The key goes too: the castle is empty and the game is over.
    let mut g2 = cleared(4, "2", &[]);
    g2.stacks = Default::default();
    g2.stacks[0] = vec![KEY];
    g2.top_up = [true; 6];
    ghost(&mut g2, 1, 7, ROOM_K);
    park(&mut g2);
    board::run(&mut g2);
    assert_eq!(g2.stage, Stage::Over);
    let o = g2.outcome().unwrap();
    assert_eq!(o.others.len(), 2);
}
