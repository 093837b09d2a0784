//! Ghosts and magic: the spells ghosts cast and players cast on them, and artefact powers.

#![allow(clippy::needless_range_loop)]

mod board;

use board::ghost_table::{cleared, ready, run_to_stopper, setup, stopper, until_dark_ghost_turn};
use board::{ghost, human, park, player_casts};
use tavern_plugin_api::{Game, GameRng, ToAct};
use tavern_plugin_keydoms::data::{self, AMULET, KEY, MARKET, RAVEN, ROOM_K, ROOM_L, SCROLL};
use tavern_plugin_keydoms::magic::Step;
use tavern_plugin_keydoms::state::Action;
use tavern_plugin_keydoms::{Keydoms, Pending};

// ----- spells -------------------------------------------------------------------------

/// Ghost `gh` has turned up `spell` this round (taken from the spell deck and the
/// discards), to be cast when resolution starts.
fn turned_up(g: &mut Keydoms, gh: usize, spell: u8) {
    g.m.deck.retain(|&s| s != spell);
    g.m.discard.retain(|&s| s != spell);
    g.ghosts[gh].revealed = vec![spell];
}

#[test]
fn ghost_spells_turned_up_are_cast_when_resolution_starts() {
    let mut g = cleared(1, "auto", &[]);
    turned_up(&mut g, 1, 18); // Taboo: each player takes 2 workers home
    human(&mut g, 0, 8, 3);
    run_to_stopper(&mut g);
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
    let mut g = cleared(1, "auto", &[]);
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
    let mut g = cleared(1, "auto", &[]);
    ghost(&mut g, 0, 7, 1); // 5/9
    assert_eq!(g.strength(1, 1), 9);
    g.m.substitute_from = Some(0);
    assert_eq!(g.strength(1, 1), 5);
}

#[test]
fn player_extortion_sends_the_weakest_ghost_castle_counter_home() {
    let mut g = cleared(1, "auto", &[]);
    ghost(&mut g, 0, 0, ROOM_K); // castle side 1
    ghost(&mut g, 0, 7, ROOM_L); // castle side 5
    player_casts(&mut g, 9);
    assert_eq!(g.ghosts[0].workers[0].loc, None, "the 1 goes home");
    assert_eq!(g.ghosts[0].workers[7].loc, Some(ROOM_L));
    assert!(
        g.ghosts[0].workers[7].face_up,
        "castle counters are turned up"
    );
}

#[test]
fn player_toll_may_send_one_counter_of_each_ghost_home() {
    let mut g = cleared(1, "auto", &[]);
    ghost(&mut g, 0, 2, 3);
    ghost(&mut g, 1, 4, MARKET);
    player_casts(&mut g, 20);
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
    let mut g = cleared(1, "auto", &[]);
    human(&mut g, 0, 2, ROOM_L);
    ghost(&mut g, 0, 3, ROOM_L);
    ghost(&mut g, 0, 5, ROOM_L);
    human(&mut g, 0, 4, 1);
    human(&mut g, 0, 6, 2);
    ghost(&mut g, 1, 1, 1);
    // How many of the caster's workers are out.
    let out = |g: &Keydoms| {
        g.players[0]
            .workers
            .iter()
            .filter(|w| w.loc.is_some())
            .count()
    };
    player_casts(&mut g, 7);
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
    assert_eq!(out(&g), 3, "nothing of the caster's went at random");
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
    assert_eq!(out(&g), 2, "one worker in all");
}

#[test]
fn evict_with_ghosts_striking_the_other_player_costs_the_caster_nothing() {
    let mut g = cleared(2, "auto", &[]);
    human(&mut g, 0, 2, ROOM_L);
    human(&mut g, 1, 5, ROOM_L);
    ghost(&mut g, 0, 3, ROOM_L);
    player_casts(&mut g, 7);
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
    let mut g = cleared(1, "auto", &[]);
    g.m.invoked[0][KEY as usize] = 1; // used during placement
    turned_up(&mut g, 0, 2);
    human(&mut g, 0, 8, 3);
    run_to_stopper(&mut g);
    assert!(g.ghosts[0].fx.copy);
    assert_eq!(
        g.gp.keys, 1,
        "the key used earlier this round counts for the ghost"
    );
    // A key the ghost turned up itself is not doubled.
    let mut g = cleared(1, "auto", &[]);
    g.ghosts[0].invoked = vec![KEY];
    g.gp.keys = 1;
    g.m.invoked[0][KEY as usize] = 1;
    turned_up(&mut g, 0, 2);
    run_to_stopper(&mut g);
    assert_eq!(g.gp.keys, 1);
}

#[test]
fn player_moonlight_can_move_a_ghost_counter() {
    let mut g = cleared(1, "auto", &[]);
    ghost(&mut g, 0, 7, 2);
    player_casts(&mut g, 13);
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
    let mut g = cleared(1, "auto", &[]);
    turned_up(&mut g, 1, 16);
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
    let mut g = cleared(1, "auto", &[]);
    turned_up(&mut g, 0, 13);
    ghost(&mut g, 0, 1, 0); // 1/5
    ghost(&mut g, 0, 6, 1); // 4/8
    run_to_stopper(&mut g);
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
        let mut g = cleared(1, "auto", &[]);
        turned_up(&mut g, 0, 20); // Toll
        g.players[0].artefacts[AMULET as usize] = 1;
        g.m.passed[0] = false;
        run_to_stopper(&mut g);
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

#[test]
fn ghost_exchange_swaps_a_duplicate_for_a_kind_it_lacks() {
    let mut g = cleared(1, "auto", &[]);
    g.stacks = Default::default();
    g.stacks[0] = vec![SCROLL];
    g.stacks[1] = vec![AMULET];
    g.top_up = [true; 6];
    g.ghosts[0].artefacts = [0, 2, 0, 0, 1, 1]; // two keys, a scroll
    // Room K shows a scroll (it has one); room L the amulet it lacks, so L it is even
    // with a ghost counter there.
    ghost(&mut g, 1, 0, ROOM_L);
    turned_up(&mut g, 0, 8);
    run_to_stopper(&mut g);
    assert_eq!(
        g.ghosts[0].artefacts,
        [1, 1, 0, 0, 1, 1],
        "a key for the amulet"
    );
}

#[test]
fn player_donation_may_send_home_ghost_counters_in_the_caves_only() {
    let mut g = cleared(1, "auto", &[]);
    ghost(&mut g, 0, 2, 3);
    ghost(&mut g, 0, 3, MARKET);
    player_casts(&mut g, 4);
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
