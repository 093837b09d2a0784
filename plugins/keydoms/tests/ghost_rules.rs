//! One test per ghost rule in the game flow: setup by mode, placing 7 (8 with the
//! raven), each location's ghost reward, powers, spells, the round's end, scoring.

#![allow(clippy::needless_range_loop)]

mod board;

use board::{clear, ghost, human, park};
use tavern_plugin_api::{Game, GameRng, Setup, ToAct};
use tavern_plugin_keydoms::data::{
    self, AMULET, COTTAGE, GUARD, KEY, MARKET, RAVEN, ROOM_K, ROOM_L, ROOM_M, ROUNDHOUSE, SCROLL,
    STABLES, WAND,
};
use tavern_plugin_keydoms::ghost::GhostCard;
use tavern_plugin_keydoms::magic::{Ctx, Step};
use tavern_plugin_keydoms::state::Action;
use tavern_plugin_keydoms::{Keydoms, Pending, Stage};

fn setup(humans: usize, ghosts: &str, extra: &[(&str, &str)]) -> Setup {
    let mut s = Setup::players(humans);
    s.options.insert("ghosts".into(), ghosts.into());
    for (k, v) in extra {
        s.options.insert((*k).into(), (*v).into());
    }
    s
}

/// A game after its setup chance steps and the starting treasures, at the first
/// placement decision of seat 0.
fn ready(humans: usize, ghosts: &str, extra: &[(&str, &str)]) -> Keydoms {
    let mut g = Keydoms::new(&setup(humans, ghosts, extra)).unwrap();
    let mut rng = GameRng::new(3);
    loop {
        match g.to_act() {
            ToAct::Chance => {
                let a = g.sample_chance(&mut rng);
                board::apply(&mut g, None, &a).unwrap();
            }
            ToAct::Seats(s) if g.stage == Stage::Placing => {
                assert_eq!(s, vec![0]);
                return g;
            }
            ToAct::Seats(s) => {
                let a = g.legal_actions(s[0])[0].clone();
                board::apply(&mut g, Some(s[0]), &a).unwrap();
            }
            ToAct::Over => panic!("over before it began"),
        }
    }
}

/// Moves value from the treasury onto a cave ledge (type `t`).
fn ledge(g: &mut Keydoms, cave: usize, l: usize, t: usize, v: u8) {
    let back = std::mem::take(&mut g.caves[cave][l]);
    for k in 0..data::TYPES {
        g.treasury[k] += back[k];
    }
    g.treasury[t] -= v;
    g.caves[cave][l][t] = v;
}

/// A strength-1 worker of `seat` in room M (the last room in use with three at the
/// table): the flow stops at its purchase.
fn stopper(g: &mut Keydoms, seat: usize) {
    human(g, seat, 1, data::ROOM_M);
}

fn at_buy(g: &Keydoms) -> bool {
    matches!(g.pending, Some(Pending::Buy { room, .. }) if room == data::ROOM_M)
}

// ----- setup by mode ----------------------------------------------------------------

#[test]
fn solo_is_set_up_as_three_players_with_two_ghosts() {
    let g = ready(1, "auto", &[]);
    assert_eq!(g.ghosts.len(), 2);
    assert_eq!(g.total(), 3);
    assert_eq!(g.artefacts_left(), 15, "three of each kind in the castle");
    assert_eq!(g.stage, Stage::Placing);
    let c = g.card_shown.unwrap();
    assert_eq!(data::card(c).unwrap().chests, data::chests_for(3));
    let spells: Vec<u8> = g.m.deck.iter().chain(&g.m.discard).copied().collect();
    assert_eq!(spells.len(), 19);
    assert!(
        !spells.contains(&5) && !spells.contains(&6),
        "spells 5, 6 removed"
    );
    for gh in &g.ghosts {
        assert_eq!(gh.deck.len(), 12);
        assert_eq!(gh.artefacts[WAND as usize], 1, "each ghost has a wand");
    }
    assert_eq!(g.start, 0, "a ghost never starts the game");
}

#[test]
fn two_players_face_one_ghost_and_spooky_counts_ghosts_for_setup() {
    let g = ready(2, "auto", &[]);
    assert_eq!(g.ghosts.len(), 1);
    assert_eq!(g.artefacts_left(), 15);
    let g = ready(3, "1", &[]);
    assert_eq!(g.ghosts.len(), 1);
    assert_eq!(g.artefacts_left(), 20, "Spooky: four at the table");
    let c = g.card_shown.unwrap();
    assert_eq!(data::card(c).unwrap().chests, data::chests_for(4));
    let g = ready(4, "2", &[]);
    assert_eq!(g.total(), 6);
    assert_eq!(g.artefacts_left(), 30);
    assert_eq!(
        g.stacks[5].len(),
        5,
        "six at the table: room M's second stack"
    );
    let g = ready(3, "0", &[]);
    assert!(g.ghosts.is_empty());
    assert_eq!(g.m.deck.len() + g.m.discard.len(), 21);
}

#[test]
fn info_offers_solo_and_the_ghost_options() {
    let info = Keydoms::info();
    assert_eq!(info.min_players, 1);
    for key in ["ghosts", "ghost_spells", "ghost_artefacts"] {
        let o = info.options.iter().find(|o| o.key == key).expect(key);
        assert!(!o.help.is_empty());
    }
    assert!(info.rules.contains("Ghost"));
}

#[test]
fn harder_setup_puts_spells_under_each_ghost_deck() {
    let easy = ready(1, "auto", &[]);
    let g = ready(1, "auto", &[("ghost_spells", "2")]);
    for gh in &g.ghosts {
        assert_eq!(gh.deck.len(), 14);
        assert!(matches!(gh.deck[0], GhostCard::Spell(_)));
        assert!(matches!(gh.deck[1], GhostCard::Spell(_)));
        assert!(
            gh.deck[2..]
                .iter()
                .all(|c| matches!(c, GhostCard::Action(_)))
        );
    }
    assert_eq!(
        g.m.deck.len() + 4,
        easy.m.deck.len(),
        "the four spells come off the spell deck"
    );
}

// ----- placing ------------------------------------------------------------------------

/// Plays placement with random human moves until resolution begins; returns how many
/// counters each ghost sent out.
fn place_all(g: &mut Keydoms, seed: u64) -> Vec<usize> {
    use rand::RngExt;
    let mut rng = GameRng::new(seed);
    g.m.passed = vec![true; g.n()];
    let mut most = vec![0; g.ghosts.len()];
    while g.stage == Stage::Placing {
        match g.to_act() {
            ToAct::Chance => {
                let a = g.sample_chance(&mut rng);
                if let Action::GhostTurn {
                    ghost,
                    worker: Some(_),
                    ..
                } = a
                {
                    most[ghost as usize] += 1;
                }
                board::apply(g, None, &a).unwrap();
            }
            ToAct::Seats(s) => {
                let l: Vec<Action> = g
                    .legal_actions(s[0])
                    .into_iter()
                    .filter(|a| matches!(a, Action::Place { .. }))
                    .collect();
                let a = if l.is_empty() {
                    Action::PassRound
                } else {
                    l[rng.random_range(0..l.len())].clone()
                };
                board::apply(g, Some(s[0]), &a).unwrap();
            }
            ToAct::Over => break,
        }
    }
    most
}

#[test]
fn ghosts_place_seven_counters_or_eight_with_their_raven() {
    for seed in 0..5 {
        let mut g = ready(1, "auto", &[]);
        g.ghosts[0].artefacts[RAVEN as usize] = 1;
        let most = place_all(&mut g, seed);
        assert_eq!(most[0], 8, "the raven sends all 8");
        assert_eq!(g.ghosts[0].face_up[RAVEN as usize], 1);
        assert_eq!(most[1], 7);
    }
}

#[test]
fn ghost_turn_outcomes_are_checked() {
    let mut g = ready(1, "auto", &[("ghost_artefacts", "2")]);
    g.ghosts[0].artefacts[KEY as usize] = 1;
    g.ghosts[0].artefacts[AMULET as usize] = 1;
    // Seat 0 places; then the dark ghost's first turn is due.
    // No window stops the solo player first: nothing to use, and it may act on its
    // own turn anyway.
    assert!(matches!(g.pending, Some(Pending::Place { seat: 0 })));
    let a = g
        .legal_actions(0)
        .into_iter()
        .find(|a| matches!(a, Action::Place { .. }))
        .unwrap();
    board::apply(&mut g, Some(0), &a).unwrap();
    assert_eq!(g.to_act(), ToAct::Chance);
    assert_eq!(g.gp.turn_due, Some(0));
    let top_sends = matches!(g.ghosts[0].deck.last(), Some(GhostCard::Action(_)));
    let worker = top_sends.then_some(0u8);
    let bad = [
        Action::GhostTurn {
            ghost: 1,
            flip: vec![AMULET, KEY],
            worker,
        },
        // Harder option: two face-down artefacts must come up, not one.
        Action::GhostTurn {
            ghost: 0,
            flip: vec![KEY],
            worker,
        },
        Action::GhostTurn {
            ghost: 0,
            flip: vec![KEY, RAVEN],
            worker,
        },
        Action::GhostTurn {
            ghost: 0,
            flip: vec![AMULET, KEY],
            worker: Some(9),
        },
    ];
    for a in &bad {
        assert!(g.apply(None, a).is_err(), "{a:?} must be refused");
    }
    board::apply(
        &mut g,
        None,
        &Action::GhostTurn {
            ghost: 0,
            flip: vec![AMULET, KEY],
            worker,
        },
    )
    .unwrap();
    assert_eq!(g.gp.keys, 1, "a ghost key strengthens the guard");
    assert!(
        g.gp.no_player_spells,
        "a ghost amulet stops players' spells"
    );
    assert_eq!(g.ghosts[0].invoked, vec![AMULET, KEY]);
    if top_sends {
        assert!(g.ghosts[0].workers[0].loc.is_some(), "counter 0 went out");
    }
}

#[test]
fn ghost_amulet_stops_players_casting() {
    let mut g = ready(1, "auto", &[]);
    g.m.wand[0] = true;
    g.m.hands[0] = vec![11];
    assert!(g.legal_actions(0).contains(&Action::Cast { spell: 11 }));
    g.gp.no_player_spells = true;
    assert!(!g.legal_actions(0).contains(&Action::Cast { spell: 11 }));
}

// ----- rewards ------------------------------------------------------------------------

#[test]
fn ghost_cave_ledge_goes_back_to_the_treasury() {
    let mut g = ready(1, "auto", &[("variant", "muggles")]);
    clear(&mut g);
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
        let mut g = ready(1, "auto", &[]);
        clear(&mut g);
        if already {
            g.start = 1;
        }
        ghost(&mut g, 0, 7, STABLES);
        human(&mut g, 0, 8, STABLES);
        stopper(&mut g, 0);
        park(&mut g);
        board::run(&mut g);
        assert!(at_buy(&g));
        assert_eq!(g.start, 1, "the dark ghost holds the start marker");
        assert_eq!(g.ghosts[0].gained.len(), usize::from(already));
    }
}

#[test]
fn ghost_wins_the_market_and_gains_a_spell_instead() {
    let mut g = ready(1, "auto", &[]);
    clear(&mut g);
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
    let mut g = ready(1, "auto", &[]);
    clear(&mut g);
    g.players[0].artefacts[AMULET as usize] = 1;
    ghost(&mut g, 0, 7, COTTAGE);
    human(&mut g, 0, 8, COTTAGE);
    stopper(&mut g, 0);
    park(&mut g);
    board::run(&mut g);
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
    let mut g = ready(1, "auto", &[]);
    clear(&mut g);
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
    let mut g = ready(1, "auto", &[]);
    clear(&mut g);
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
        let mut g = ready(1, "auto", &[("variant", "muggles")]);
        clear(&mut g);
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
    let mut g = ready(1, "auto", &[("variant", "muggles")]);
    clear(&mut g);
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
    let mut g = ready(1, "auto", &[]);
    clear(&mut g);
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
    let mut g = ready(1, "auto", &[]);
    clear(&mut g);
    ghost(&mut g, 0, 1, MARKET); // 1/5
    human(&mut g, 0, 5, MARKET);
    assert_eq!(g.ranking(MARKET)[0].0, 0, "start player wins the tie");
    g.ghosts[0].fx.scroll = true;
    assert_eq!(g.ranking(MARKET)[0].0, 1, "the scroll ghost wins it");
}

// ----- spells -------------------------------------------------------------------------

#[test]
fn ghost_spells_turned_up_are_cast_when_resolution_starts() {
    let mut g = ready(1, "auto", &[]);
    clear(&mut g);
    g.m.deck.retain(|&s| s != 18);
    g.m.discard.retain(|&s| s != 18);
    g.ghosts[1].revealed = vec![18]; // Taboo: each player takes 2 workers home
    human(&mut g, 0, 8, 3);
    stopper(&mut g, 0);
    park(&mut g);
    board::run(&mut g);
    assert!(matches!(
        g.pending,
        Some(Pending::Magic {
            seat: 0,
            step: Step::Withdraw { left: 2, min: 0 }
        })
    ));
    assert!(g.m.discard.contains(&18), "a cast spell is discarded");
    for _ in 0..2 {
        let a = g.legal_actions(0)[0].clone();
        board::apply(&mut g, Some(0), &a).unwrap();
    }
    assert_eq!(g.players[0].unplaced().count(), 2);
}

#[test]
fn ghost_get_even_odd_ones_out_and_substitute_weaken_players() {
    let mut g = ready(1, "auto", &[]);
    assert_eq!(g.effective(8, 0), 8);
    g.gp.halve_even = true;
    assert_eq!(g.effective(8, 0), 4);
    assert_eq!(g.effective(7, 0), 7);
    g.gp.halve_even = false;
    g.gp.halve_odd = true;
    assert_eq!(g.effective(7, 0), 3);
    assert_eq!(g.effective(8, 0), 8);
    g.gp.halve_odd = false;
    g.gp.nine_is_one = true;
    assert_eq!(g.effective(9, ROOM_K), 1);
    assert_eq!(g.effective(1, ROOM_K), 1, "only 9s change");
}

#[test]
fn ghost_odd_ones_out_halves_a_players_raven_too() {
    // A raven counts as a strength-3 worker, and 3 is odd: under a ghost's Odd ones out
    // it counts 1 (3 halved, rounded down), as the odd 5 beside it counts 2.
    use tavern_plugin_keydoms::magic::Extra;
    let mut g = ready(1, "auto", &[]);
    clear(&mut g);
    human(&mut g, 0, 5, 0);
    g.m.extras.push(Extra {
        seat: 0,
        loc: 0,
        strength: 3,
        raven: true,
    });
    assert_eq!(g.strength(0, 0), 8);
    g.gp.halve_odd = true;
    assert_eq!(g.strength(0, 0), 3, "worker 5 -> 2 and raven 3 -> 1");
    assert_eq!(g.strengths_at(0, 0), vec![2, 1]);
}

#[test]
fn player_substitute_turns_ghosts_to_their_castle_side_outside() {
    let mut g = ready(1, "auto", &[]);
    clear(&mut g);
    ghost(&mut g, 0, 7, 1); // 5/9
    assert_eq!(g.strength(1, 1), 9);
    g.m.substitute_from = Some(0);
    assert_eq!(g.strength(1, 1), 5);
}

#[test]
fn player_extortion_sends_the_weakest_ghost_castle_counter_home() {
    let mut g = ready(1, "auto", &[]);
    clear(&mut g);
    ghost(&mut g, 0, 0, ROOM_K); // castle side 1
    ghost(&mut g, 0, 7, ROOM_L); // castle side 5
    g.m.wand[0] = true;
    g.m.hands[0] = vec![9];
    g.pending = Some(Pending::Place { seat: 0 });
    board::apply(&mut g, Some(0), &Action::Cast { spell: 9 }).unwrap();
    assert_eq!(g.ghosts[0].workers[0].loc, None, "the 1 goes home");
    assert_eq!(g.ghosts[0].workers[7].loc, Some(ROOM_L));
    assert!(
        g.ghosts[0].workers[7].face_up,
        "castle counters are turned up"
    );
}

#[test]
fn player_toll_may_send_one_counter_of_each_ghost_home() {
    let mut g = ready(1, "auto", &[]);
    clear(&mut g);
    ghost(&mut g, 0, 2, 3);
    ghost(&mut g, 1, 4, MARKET);
    g.m.wand[0] = true;
    g.m.hands[0] = vec![20];
    g.pending = Some(Pending::Place { seat: 0 });
    board::apply(&mut g, Some(0), &Action::Cast { spell: 20 }).unwrap();
    // The player's 3 treasures all go (fewer than 7), then a choice per ghost.
    assert_eq!(g.players[0].total_treasure(), 0);
    let a = Action::ChooseGhostWorker {
        ghost: 0,
        loc: 3,
        slot: 0,
    };
    assert!(g.legal_actions(0).contains(&Action::Done));
    board::apply(&mut g, Some(0), &a).unwrap();
    assert_eq!(g.ghosts[0].workers[2].loc, None);
    board::apply(&mut g, Some(0), &Action::Done).unwrap();
    assert_eq!(
        g.ghosts[1].workers[4].loc,
        Some(MARKET),
        "declined for the light ghost"
    );
}

#[test]
fn evict_with_ghosts_removes_a_random_worker_of_each_other_party() {
    // Reading (rules.md): the caster is not one of the parties that lose a random
    // worker; having struck only ghosts, the caster then sends home one of their own at
    // least as strong. A solo Evict therefore costs the caster one worker, not two.
    let mut g = ready(1, "auto", &[]);
    clear(&mut g);
    human(&mut g, 0, 2, ROOM_L);
    ghost(&mut g, 0, 3, ROOM_L);
    ghost(&mut g, 0, 5, ROOM_L);
    human(&mut g, 0, 4, 1);
    human(&mut g, 0, 6, 2);
    ghost(&mut g, 1, 1, 1);
    g.m.wand[0] = true;
    g.m.hands[0] = vec![7];
    g.pending = Some(Pending::Place { seat: 0 });
    board::apply(&mut g, Some(0), &Action::Cast { spell: 7 }).unwrap();
    assert_eq!(
        g.gp.evict_at,
        Some(ROOM_L),
        "the highest-lettered shared location"
    );
    assert_eq!(g.to_act(), ToAct::Chance);
    assert!(
        g.apply(None, &Action::GhostEvict { picks: vec![0, 1] })
            .is_err(),
        "one pick for the dark ghost only: the caster is no party"
    );
    board::apply(&mut g, None, &Action::GhostEvict { picks: vec![1] }).unwrap();
    assert_eq!(
        g.ghosts[0].workers[5].loc, None,
        "second dark counter there"
    );
    assert_eq!(g.ghosts[0].workers[3].loc, Some(ROOM_L));
    assert_eq!(
        g.players[0]
            .workers
            .iter()
            .filter(|w| w.loc.is_some())
            .count(),
        3,
        "nothing of the caster's went at random"
    );
    // Only a ghost lost one: the caster sends home one of theirs at least as strong as
    // the ghost's counter (castle side 3).
    assert!(matches!(
        g.pending,
        Some(Pending::Magic {
            step: Step::Withdraw { left: 1, min: 3 },
            ..
        })
    ));
    let choices: Vec<Action> = g.legal_actions(0);
    assert!(
        choices
            .iter()
            .all(|a| !matches!(a, Action::ChooseWorker { loc, .. } if *loc == ROOM_L)),
        "its 2 is too weak to pay: {choices:?}"
    );
    assert!(
        choices
            .iter()
            .any(|a| matches!(a, Action::ChooseWorker { loc: 1, .. }))
    );
    let a = choices
        .iter()
        .find(|a| matches!(a, Action::ChooseWorker { .. }))
        .unwrap()
        .clone();
    board::apply(&mut g, Some(0), &a).unwrap();
    assert_eq!(
        g.players[0]
            .workers
            .iter()
            .filter(|w| w.loc.is_some())
            .count(),
        2,
        "one worker in all"
    );
}

#[test]
fn evict_with_ghosts_striking_the_other_player_costs_the_caster_nothing() {
    let mut g = ready(2, "auto", &[]);
    clear(&mut g);
    human(&mut g, 0, 2, ROOM_L);
    human(&mut g, 1, 5, ROOM_L);
    ghost(&mut g, 0, 3, ROOM_L);
    g.m.wand[0] = true;
    g.m.hands[0] = vec![7];
    g.pending = Some(Pending::Place { seat: 0 });
    board::apply(&mut g, Some(0), &Action::Cast { spell: 7 }).unwrap();
    assert_eq!(g.gp.evict_at, Some(ROOM_L));
    board::apply(&mut g, None, &Action::GhostEvict { picks: vec![0, 0] }).unwrap();
    let at = |g: &Keydoms, seat: usize, st: u8| {
        g.players[seat]
            .workers
            .iter()
            .find(|w| w.strength == st)
            .unwrap()
            .loc
    };
    assert_eq!(at(&g, 1, 5), None, "the other player's 5");
    assert_eq!(g.ghosts[0].workers[3].loc, None);
    assert_eq!(at(&g, 0, 2), Some(ROOM_L), "the caster keeps its 2");
    assert!(
        !matches!(
            g.pending,
            Some(Pending::Magic {
                step: Step::Withdraw { .. },
                ..
            })
        ),
        "a player's worker went too: no price"
    );
}

// ----- round end and score ------------------------------------------------------------

#[test]
fn end_of_round_rebuilds_and_reshuffles_each_ghost_deck() {
    let mut g = ready(1, "auto", &[("variant", "muggles")]);
    clear(&mut g);
    g.ghosts[0].deck = vec![GhostCard::Spell(11), GhostCard::Action(3)];
    g.ghosts[0].discard = (4..=12).chain([1, 2]).collect();
    g.ghosts[0].gained = vec![14];
    for c in 0..7 {
        ghost(&mut g, 0, c, 3);
    }
    park(&mut g);
    board::run(&mut g);
    assert_eq!(g.stage, Stage::RoundStart);
    assert_eq!(g.ghosts[0].placed(), 0, "counters come home");
    assert_eq!(g.ghosts[0].deck.len(), 14, "12 actions and both spells");
    assert!(g.ghosts[0].gained.is_empty() && g.ghosts[0].discard.is_empty());
    assert_eq!(g.gp.shuffle_due, vec![0, 1]);
    assert_eq!(g.to_act(), ToAct::Chance);
    assert!(
        g.apply(
            None,
            &Action::StartRound {
                guard: 3,
                card: g.card_deck[0]
            }
        )
        .is_err(),
        "the ghost decks are shuffled first"
    );
    let order: Vec<u16> = (0..14).rev().collect();
    let before = g.ghosts[0].deck.clone();
    board::apply(&mut g, None, &Action::GhostShuffle { ghost: 0, order }).unwrap();
    let mut rev = before;
    rev.reverse();
    assert_eq!(g.ghosts[0].deck, rev);
}

#[test]
fn ghost_score_counts_unresolved_spells_and_ranks_with_the_players() {
    let mut g = ready(1, "auto", &[]);
    g.stacks = Default::default();
    g.players[0].artefacts = [1, 1, 0, 0, 1, 1]; // 4
    g.ghosts[0].artefacts = [0, 0, 1, 0, 0, 1]; // 2
    g.ghosts[0].deck = vec![
        GhostCard::Action(1),
        GhostCard::Spell(3),
        GhostCard::Spell(4),
    ];
    g.ghosts[0].gained = vec![7]; // 3 unresolved: 2 more
    g.ghosts[1].artefacts = [0, 0, 0, 0, 0, 1];
    g.stage = Stage::Over;
    let o = g.outcome().unwrap();
    assert_eq!(o.scores[0].total, 4);
    assert_eq!(o.others[0].name, "Dark ghost");
    assert_eq!(o.others[0].score.total, 4);
    assert_eq!(o.others[0].score.breakdown.last().unwrap().points, 2);
    assert_eq!(o.others[1].score.total, 1);
    // Tied on 4: the player's scroll wins.
    assert_eq!(o.rank[0], 0);
    assert_eq!(o.others[0].rank, 1);
    assert_eq!(o.others[1].rank, 2);
    assert!(o.tie_break.is_some());
    g.ghosts[0].gained.push(8); // 4 unresolved: still 2
    assert_eq!(g.outcome().unwrap().others[0].score.total, 4);
    g.ghosts[0].gained.push(9); // 5 unresolved: 3
    let o = g.outcome().unwrap();
    assert_eq!(o.others[0].rank, 0);
    assert_eq!(o.rank[0], 1);
    let _ = SCROLL;
}

#[test]
fn determinize_keeps_what_the_viewer_knows_about_ghosts() {
    let mut g = ready(1, "auto", &[("ghost_spells", "1")]);
    place_all(&mut g, 4);
    let mut rng = GameRng::new(9);
    let d = g.determinize(0, &mut rng);
    for (a, b) in g.ghosts.iter().zip(&d.ghosts) {
        let backs = |x: &[GhostCard]| -> Vec<bool> {
            x.iter().map(|c| matches!(c, GhostCard::Spell(_))).collect()
        };
        assert_eq!(backs(&a.deck), backs(&b.deck), "card backs are public");
        let locs = |gh: &tavern_plugin_keydoms::ghost::Ghost| -> Vec<Option<u8>> {
            gh.workers.iter().map(|w| w.loc).collect()
        };
        assert_eq!(locs(a), locs(b));
        let mut s1: Vec<[u8; 2]> = a.workers.iter().map(|w| [w.castle, w.elsewhere]).collect();
        let mut s2: Vec<[u8; 2]> = b.workers.iter().map(|w| [w.castle, w.elsewhere]).collect();
        s1.sort();
        s2.sort();
        assert_eq!(s1, s2, "the same counters, possibly elsewhere");
        assert_eq!(a.revealed, b.revealed, "turned-up spells are public");
    }
    let hidden = |k: &Keydoms| -> Vec<u8> {
        let mut v: Vec<u8> = k.m.deck.clone();
        for gh in &k.ghosts {
            for c in &gh.deck {
                if let GhostCard::Spell(s) = c {
                    v.push(*s);
                }
            }
        }
        v.sort();
        v
    };
    assert_eq!(hidden(&g), hidden(&d));
    // Over several samples the ghosts' counters do move around.
    let moved = (0..20).any(|s| {
        let d = g.determinize(0, &mut GameRng::new(s));
        d.ghosts[0].workers != g.ghosts[0].workers
    });
    assert!(moved);
}

// ----- the rulebook's worked example --------------------------------------------------

/// The rulebook's example for action card 1: the light ghost goes to a castle room
/// showing a kind it lacks; among several, the one with the fewest workers; then the
/// leftmost.
#[test]
fn example_light_ghost_card_1() {
    let mut g = ready(1, "auto", &[]);
    clear(&mut g);
    g.stacks = Default::default();
    g.stacks[0] = vec![KEY];
    g.stacks[1] = vec![AMULET];
    g.stacks[2] = vec![RAVEN];
    g.top_up = [true; 6];
    g.ghosts[1].artefacts[KEY as usize] = 1; // it has a key: room K is no draw
    human(&mut g, 0, 2, ROOM_L); // L and M both show kinds it lacks; L has a worker
    g.ghosts[1].deck = vec![GhostCard::Action(1)];
    g.gp.turn_due = Some(1);
    let l = board::apply(
        &mut g,
        None,
        &Action::GhostTurn {
            ghost: 1,
            flip: vec![],
            worker: Some(4),
        },
    )
    .unwrap();
    assert_eq!(g.ghosts[1].workers[4].loc, Some(ROOM_M));
    assert!(l.label.contains("Light ghost") && l.label.contains("card 1"));
    assert!(l.label.contains("Castle room M") || l.label.contains(data::loc_name(ROOM_M)));
    // Nothing missing on display any more: fewest workers (M now has one, L one, K
    // none) sends the next counter to room K.
    g.ghosts[1].artefacts[AMULET as usize] = 1;
    g.ghosts[1].artefacts[RAVEN as usize] = 1;
    g.ghosts[1].deck = vec![GhostCard::Action(1)];
    g.gp.turn_due = Some(1);
    board::apply(
        &mut g,
        None,
        &Action::GhostTurn {
            ghost: 1,
            flip: vec![],
            worker: Some(5),
        },
    )
    .unwrap();
    assert_eq!(g.ghosts[1].workers[5].loc, Some(ROOM_K));
}

/// Plays until the dark ghost's first turn of the round has been applied.
fn until_dark_ghost_turn(g: &mut Keydoms) {
    let mut rng = GameRng::new(8);
    loop {
        match g.to_act() {
            ToAct::Chance => {
                let a = g.sample_chance(&mut rng);
                board::apply(g, None, &a).unwrap();
                if matches!(a, Action::GhostTurn { ghost: 0, .. }) {
                    return;
                }
            }
            ToAct::Seats(s) => {
                let a = g
                    .legal_actions(s[0])
                    .into_iter()
                    .find(|a| matches!(a, Action::Place { .. }))
                    .unwrap_or(Action::PassRound);
                board::apply(g, Some(s[0]), &a).unwrap();
            }
            ToAct::Over => panic!("over"),
        }
    }
}

#[test]
fn muggles_ghost_artefacts_have_no_power() {
    for (variant, keys) in [("standard", 1), ("muggles", 0)] {
        let mut g = ready(1, "auto", &[("variant", variant)]);
        g.ghosts[0].artefacts[KEY as usize] = 1;
        until_dark_ghost_turn(&mut g);
        assert_eq!(g.ghosts[0].face_up[KEY as usize], 1, "turned up either way");
        assert_eq!(g.gp.keys, keys, "{variant}");
    }
}

#[test]
fn ghost_copy_takes_the_players_artefact_powers() {
    let mut g = ready(1, "auto", &[]);
    clear(&mut g);
    g.m.invoked[0][KEY as usize] = 1; // used during placement
    g.m.deck.retain(|&s| s != 2);
    g.m.discard.retain(|&s| s != 2);
    g.ghosts[0].revealed = vec![2];
    human(&mut g, 0, 8, 3);
    stopper(&mut g, 0);
    park(&mut g);
    board::run(&mut g);
    assert!(g.ghosts[0].fx.copy);
    assert_eq!(
        g.gp.keys, 1,
        "the key used earlier this round counts for the ghost"
    );
    // A key the ghost turned up itself is not doubled.
    let mut g = ready(1, "auto", &[]);
    clear(&mut g);
    g.ghosts[0].invoked = vec![KEY];
    g.gp.keys = 1;
    g.m.invoked[0][KEY as usize] = 1;
    g.m.deck.retain(|&s| s != 2);
    g.m.discard.retain(|&s| s != 2);
    g.ghosts[0].revealed = vec![2];
    stopper(&mut g, 0);
    park(&mut g);
    board::run(&mut g);
    assert_eq!(g.gp.keys, 1);
}

#[test]
fn player_moonlight_can_move_a_ghost_counter() {
    let mut g = ready(1, "auto", &[]);
    clear(&mut g);
    ghost(&mut g, 0, 7, 2);
    g.m.wand[0] = true;
    g.m.hands[0] = vec![13];
    g.pending = Some(Pending::Place { seat: 0 });
    board::apply(&mut g, Some(0), &Action::Cast { spell: 13 }).unwrap();
    let pick = Action::ChooseWorker {
        seat: 1,
        loc: 2,
        slot: 0,
    };
    assert!(g.legal_actions(0).contains(&pick));
    board::apply(&mut g, Some(0), &pick).unwrap();
    board::apply(&mut g, Some(0), &Action::ChooseLocation { loc: 4 }).unwrap();
    assert_eq!(g.ghosts[0].workers[7].loc, Some(4));
}

#[test]
fn ghost_smuggler_and_moonlight_in_play() {
    // Smuggler cast by the light ghost: Keytown is empty but for the market.
    let mut g = ready(1, "auto", &[]);
    clear(&mut g);
    g.m.deck.retain(|&s| s != 16);
    g.m.discard.retain(|&s| s != 16);
    g.ghosts[1].revealed = vec![16];
    human(&mut g, 0, 8, MARKET);
    stopper(&mut g, 0);
    park(&mut g);
    let spells = g.m.deck.len();
    board::run(&mut g);
    board::apply(&mut g, None, &Action::GhostKeepSpell { ghost: 1, pick: 1 }).unwrap();
    assert_eq!(
        g.start, 2,
        "empty stables: the light ghost takes the start marker"
    );
    assert!(g.gp.no_player_artefacts, "empty cottage");
    assert_eq!(
        g.ghosts[1].gained.len(),
        1,
        "empty roundhouse: one spell kept"
    );
    assert_eq!(g.m.deck.len(), spells - 1, "the other under the deck");
    // Moonlight cast by the dark ghost: its strongest cave counter climbs to a room
    // showing a kind it lacks.
    let mut g = ready(1, "auto", &[]);
    clear(&mut g);
    g.m.deck.retain(|&s| s != 13);
    g.m.discard.retain(|&s| s != 13);
    g.ghosts[0].revealed = vec![13];
    ghost(&mut g, 0, 1, 0); // 1/5
    ghost(&mut g, 0, 6, 1); // 4/8
    stopper(&mut g, 0);
    park(&mut g);
    board::run(&mut g);
    let room = g.ghosts[0].workers[6].loc;
    assert!(
        room.is_some_and(data::is_castle_room),
        "moved to the castle: {room:?}"
    );
    assert_eq!(g.ghosts[0].workers[1].loc, Some(0));
}

#[test]
fn a_player_amulet_cancels_a_ghost_spell() {
    for cancel in [false, true] {
        let mut g = ready(1, "auto", &[]);
        clear(&mut g);
        g.m.deck.retain(|&s| s != 20);
        g.m.discard.retain(|&s| s != 20);
        g.ghosts[0].revealed = vec![20]; // Toll
        g.players[0].artefacts[AMULET as usize] = 1;
        g.m.passed[0] = false;
        stopper(&mut g, 0);
        park(&mut g);
        board::run(&mut g);
        assert_eq!(
            g.window_seat(),
            Some(0),
            "the player is asked about the spell"
        );
        let a = if cancel {
            Action::Invoke { artefact: AMULET }
        } else {
            Action::PassRound
        };
        assert!(
            g.legal_actions(0)
                .contains(&Action::Invoke { artefact: AMULET })
        );
        board::apply(&mut g, Some(0), &a).unwrap();
        while g.window_seat() == Some(0) && g.pending.is_none() {
            board::apply(&mut g, Some(0), &Action::Pass).unwrap();
        }
        let paid = g.players[0].total_treasure() == 0;
        assert_eq!(paid, !cancel, "Toll takes everything unless cancelled");
    }
}

/// Random play reaches every spell a ghost can cast and every ghost power, or the
/// random-game invariants would prove little about them.
#[test]
fn random_play_reaches_every_ghost_spell_and_power() {
    use rand::RngExt;
    let mut labels = String::new();
    // Coverage needs enough games whatever the scale: at least 150.
    for seed in 0..tavern_plugin_api::game::check::scaled(200).max(150) as u64 {
        let s = if seed % 2 == 0 {
            setup(
                1,
                "auto",
                &[("ghost_spells", "2"), ("ghost_artefacts", "2")],
            )
        } else {
            setup(3, "1", &[("ghost_spells", "2")])
        };
        let mut g = Keydoms::new(&s).unwrap();
        let mut rng = GameRng::new(seed);
        loop {
            let (seat, a) = match g.to_act() {
                ToAct::Over => break,
                ToAct::Chance => (None, g.sample_chance(&mut rng)),
                ToAct::Seats(s) => {
                    let l: Vec<Action> = g
                        .legal_actions(s[0])
                        .into_iter()
                        .filter(|a| *a != Action::PassRound)
                        .collect();
                    (Some(s[0]), l[rng.random_range(0..l.len())].clone())
                }
            };
            let r = board::apply(&mut g, seat, &a).unwrap();
            if r.label.contains("ghost") {
                labels.push_str(&r.label);
                labels.push('\n');
            }
        }
    }
    for sp in (1..=21u8).filter(|s| ![5, 6].contains(s)) {
        let name = data::spell_name(sp);
        assert!(
            labels.contains(&format!("ghost casts {name}")),
            "no ghost ever cast {name}"
        );
    }
    for a in [AMULET, KEY, data::MIRROR, RAVEN, SCROLL] {
        let name = data::artefact_name(a);
        assert!(
            labels.contains(&format!("turns up its {name}")),
            "no ghost ever turned up its {name}"
        );
    }
}

/// Face-down ghost counters are named by placement order, never by counter number
/// (which follows strength).
#[test]
fn ghost_counters_are_named_by_placement_order() {
    let mut g = ready(1, "auto", &[]);
    clear(&mut g);
    ghost(&mut g, 0, 7, 2);
    ghost(&mut g, 0, 0, 2);
    g.ghosts[0].workers[7].seq = 5;
    g.ghosts[0].workers[0].seq = 9;
    assert_eq!(g.party_slots(1, 2), vec![7, 0]);
    // Placement stamps the order.
    let mut g = ready(1, "auto", &[]);
    until_dark_ghost_turn(&mut g);
    let out: Vec<u32> = g.ghosts[0]
        .workers
        .iter()
        .filter(|w| w.loc.is_some())
        .map(|w| w.seq)
        .collect();
    assert!(
        out.iter().all(|&s| s > 0),
        "placed counters carry an order: {out:?}"
    );
}

/// A tile turned up last round is still face up when the ghost picks this round's, so
/// it cannot come up again; it goes face down as the new one comes up.
#[test]
fn last_rounds_artefact_cannot_come_up_again() {
    let mut g = ready(1, "auto", &[]);
    g.ghosts[0].artefacts[KEY as usize] = 1;
    g.ghosts[0].artefacts[RAVEN as usize] = 1;
    g.ghosts[0].face_up[KEY as usize] = 1;
    g.ghosts[0].invoked = vec![KEY];
    // No window stops the solo player first: nothing to use, and it may act on its
    // own turn anyway.
    assert!(matches!(g.pending, Some(Pending::Place { seat: 0 })));
    let a = g
        .legal_actions(0)
        .into_iter()
        .find(|a| matches!(a, Action::Place { .. }))
        .unwrap();
    board::apply(&mut g, Some(0), &a).unwrap();
    assert_eq!(g.gp.turn_due, Some(0));
    let worker = matches!(g.ghosts[0].deck.last(), Some(GhostCard::Action(_))).then_some(0);
    let key = Action::GhostTurn {
        ghost: 0,
        flip: vec![KEY],
        worker,
    };
    assert!(g.apply(None, &key).is_err(), "the key was used last round");
    board::apply(
        &mut g,
        None,
        &Action::GhostTurn {
            ghost: 0,
            flip: vec![RAVEN],
            worker,
        },
    )
    .unwrap();
    assert_eq!(
        g.ghosts[0].face_up[KEY as usize], 0,
        "the key goes face down"
    );
    assert_eq!(g.ghosts[0].face_up[RAVEN as usize], 1);
}

#[test]
fn a_ghost_holding_the_start_marker_places_first_next_round() {
    let mut g = ready(1, "auto", &[("variant", "muggles")]);
    clear(&mut g);
    ghost(&mut g, 1, 7, STABLES); // the light ghost wins the stables
    park(&mut g);
    board::run(&mut g);
    assert_eq!(g.start, 2);
    assert_eq!(g.stage, Stage::RoundStart);
    let mut rng = GameRng::new(1);
    while g.to_act() == ToAct::Chance && g.gp.turn_due.is_none() {
        let a = g.sample_chance(&mut rng);
        board::apply(&mut g, None, &a).unwrap();
    }
    assert_eq!(g.stage, Stage::Placing);
    assert_eq!(
        g.gp.turn_due,
        Some(1),
        "the light ghost opens the placement"
    );
    assert_eq!(g.order_pos(0), 1, "then the player, then the dark ghost");
    assert_eq!(g.order_pos(1), 2);
}

#[test]
fn ghost_exchange_swaps_a_duplicate_for_a_kind_it_lacks() {
    let mut g = ready(1, "auto", &[]);
    clear(&mut g);
    g.stacks = Default::default();
    g.stacks[0] = vec![SCROLL];
    g.stacks[1] = vec![AMULET];
    g.top_up = [true; 6];
    g.ghosts[0].artefacts = [0, 2, 0, 0, 1, 1]; // two keys, a scroll
    // Room K shows a scroll (it has one); room L the amulet it lacks, so L it is even
    // with a ghost counter there.
    ghost(&mut g, 1, 0, ROOM_L);
    g.m.deck.retain(|&s| s != 8);
    g.m.discard.retain(|&s| s != 8);
    g.ghosts[0].revealed = vec![8];
    stopper(&mut g, 0);
    park(&mut g);
    board::run(&mut g);
    assert_eq!(
        g.ghosts[0].artefacts,
        [1, 1, 0, 0, 1, 1],
        "a key for the amulet"
    );
}

#[test]
fn player_donation_may_send_home_ghost_counters_in_the_caves_only() {
    let mut g = ready(1, "auto", &[]);
    clear(&mut g);
    ghost(&mut g, 0, 2, 3);
    ghost(&mut g, 0, 3, MARKET);
    g.m.wand[0] = true;
    g.m.hands[0] = vec![4];
    g.pending = Some(Pending::Place { seat: 0 });
    board::apply(&mut g, Some(0), &Action::Cast { spell: 4 }).unwrap();
    let l = g.legal_actions(0);
    assert!(l.contains(&Action::ChooseGhostWorker {
        ghost: 0,
        loc: 3,
        slot: 0
    }));
    assert!(
        l.iter()
            .all(|a| !matches!(a, Action::ChooseGhostWorker { loc, .. } if *loc == MARKET)),
        "Keytown counters are out of reach"
    );
    assert!(
        l.iter()
            .all(|a| !matches!(a, Action::ChooseGhostWorker { ghost: 1, .. })),
        "the light ghost has nothing in the caves"
    );
}

/// Six at the table (Spooky 4 + 2): room M has two stacks; a ghost takes the one
/// showing a kind it lacks, and the last artefact taken by a ghost ends the game.
#[test]
fn ghost_in_the_six_seat_room_and_the_last_artefact() {
    let mut g = ready(4, "2", &[]);
    clear(&mut g);
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
    let mut g2 = ready(4, "2", &[]);
    clear(&mut g2);
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
