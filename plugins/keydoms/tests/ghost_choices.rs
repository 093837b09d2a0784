//! Rules with ghosts that earlier versions simplified: the player's choice between
//! equally weak counters under Extortion, a player's Get even / Odd ones out and
//! Teleport against ghost counters, spells still due to a ghost at the game's end, the
//! solo option of face-up workers and the ghost's blind pick at the roundhouse.

mod board;

use board::ghost_table::{cleared, ready, setup};
use board::{ghost, human, park, player_casts};
use tavern_plugin_api::{Game, GameRng, ToAct};
use tavern_plugin_keydoms::data::{self, ROOM_K, ROOM_L, ROUNDHOUSE};
use tavern_plugin_keydoms::magic::Step;
use tavern_plugin_keydoms::state::Action;
use tavern_plugin_keydoms::{Keydoms, Pending, Stage};

#[test]
fn extortion_lets_the_player_choose_between_equally_weak_ghost_counters() {
    let mut g = cleared(1, "auto", &[]);
    ghost(&mut g, 0, 0, ROOM_K); // dark 1 (castle side)
    ghost(&mut g, 1, 0, ROOM_L); // light 1 (castle side)
    ghost(&mut g, 1, 7, ROOM_L); // light 5
    player_casts(&mut g, 9);
    assert!(
        matches!(
            g.pending,
            Some(Pending::Magic {
                seat: 0,
                step: Step::ExtortGhost
            })
        ),
        "a tie is the player's choice: {:?}",
        g.pending
    );
    let dark = Action::ChooseGhostWorker {
        ghost: 0,
        loc: ROOM_K,
        slot: 0,
    };
    let light = Action::ChooseGhostWorker {
        ghost: 1,
        loc: ROOM_L,
        slot: 0,
    };
    let legal = g.legal_actions(0);
    assert_eq!(legal.len(), 2, "one choice per weakest counter: {legal:?}");
    assert!(legal.contains(&dark) && legal.contains(&light));
    // Counters are named by placement order, so the 5 must sit in a later slot.
    g.ghosts[1].workers[0].seq = 1;
    g.ghosts[1].workers[7].seq = 2;
    board::apply(&mut g, Some(0), &light).unwrap();
    assert_eq!(g.ghosts[1].workers[0].loc, None, "the chosen 1 goes home");
    assert_eq!(
        g.ghosts[0].workers[0].loc,
        Some(ROOM_K),
        "the other 1 stays"
    );
    assert_eq!(g.ghosts[1].workers[7].loc, Some(ROOM_L));
}

#[test]
fn extortion_with_one_weakest_counter_needs_no_choice() {
    let mut g = cleared(1, "auto", &[]);
    ghost(&mut g, 0, 0, ROOM_K); // 1
    ghost(&mut g, 1, 7, ROOM_L); // 5
    player_casts(&mut g, 9);
    assert!(!matches!(
        g.pending,
        Some(Pending::Magic {
            step: Step::ExtortGhost,
            ..
        })
    ));
    assert_eq!(g.ghosts[0].workers[0].loc, None);
    assert_eq!(g.ghosts[1].workers[7].loc, Some(ROOM_L));
}

#[test]
fn player_get_even_sends_ghost_counters_with_an_even_number_there_home() {
    let mut g = cleared(1, "auto", &[]);
    human(&mut g, 0, 4, 1);
    g.players[0].workers.iter_mut().for_each(|w| {
        if w.loc == Some(1) {
            w.face_up = true;
        }
    });
    ghost(&mut g, 0, 3, 1); // dark 2/6: 6 counts in a cave
    ghost(&mut g, 0, 5, 1); // dark 3/7: 7
    ghost(&mut g, 1, 1, 1); // light 1/4: 4
    player_casts(&mut g, 10);
    board::apply(&mut g, Some(0), &Action::ChooseLocation { loc: 1 }).unwrap();
    assert_eq!(
        g.players[0]
            .workers
            .iter()
            .find(|w| w.strength == 4)
            .unwrap()
            .loc,
        None
    );
    assert_eq!(g.ghosts[0].workers[3].loc, None, "6 is even");
    assert_eq!(g.ghosts[1].workers[1].loc, None, "4 is even");
    assert_eq!(g.ghosts[0].workers[5].loc, Some(1), "7 stays");
    assert!(
        g.ghosts[0].workers[5].face_up,
        "a counter checked is turned up"
    );
}

#[test]
fn player_odd_ones_out_uses_the_castle_side_in_the_castle() {
    let mut g = cleared(1, "auto", &[]);
    human(&mut g, 0, 5, ROOM_K);
    g.players[0].workers.iter_mut().for_each(|w| {
        if w.loc == Some(ROOM_K) {
            w.face_up = true;
        }
    });
    ghost(&mut g, 0, 1, ROOM_K); // dark 1/5: 1 in the castle (odd)
    ghost(&mut g, 0, 3, ROOM_K); // dark 2/6: 2 (even)
    ghost(&mut g, 0, 4, 2); // 3/7 elsewhere: not at the target
    player_casts(&mut g, 14);
    board::apply(&mut g, Some(0), &Action::ChooseLocation { loc: ROOM_K }).unwrap();
    assert_eq!(g.ghosts[0].workers[1].loc, None, "castle side 1 is odd");
    assert_eq!(
        g.ghosts[0].workers[3].loc,
        Some(ROOM_K),
        "castle side 2 stays"
    );
    assert_eq!(
        g.ghosts[0].workers[4].loc,
        Some(2),
        "other locations untouched"
    );
}

#[test]
fn teleporting_a_ghost_counter_pays_three_treasures_to_the_treasury() {
    let mut g = cleared(1, "auto", &[]);
    ghost(&mut g, 0, 7, 2);
    // Five treasures in hand, so paying is a choice of which three.
    for t in 0..data::TYPES {
        let take = g.treasury[t].min(2);
        g.treasury[t] -= take;
        g.players[0].treasure[t] += take;
    }
    let before = g.players[0].total_treasure();
    assert!(before > 3);
    let treasury: u16 = g.treasury.iter().map(|&v| v as u16).sum();
    player_casts(&mut g, 19);
    let pick = Action::ChooseWorker {
        seat: 1,
        loc: 2,
        slot: 0,
    };
    board::apply(&mut g, Some(0), &pick).unwrap();
    board::apply(&mut g, Some(0), &Action::ChooseLocation { loc: 4 }).unwrap();
    assert_eq!(g.ghosts[0].workers[7].loc, Some(4));
    for _ in 0..3 {
        let pay = g
            .legal_actions(0)
            .into_iter()
            .find(|a| matches!(a, Action::PayOne { .. }))
            .expect("the compensation is due");
        board::apply(&mut g, Some(0), &pay).unwrap();
    }
    assert_eq!(g.players[0].total_treasure(), before - 3);
    let after: u16 = g.treasury.iter().map(|&v| v as u16).sum();
    assert_eq!(
        after,
        treasury + 3,
        "a ghost takes no treasure: it goes back"
    );
}

#[test]
fn spells_still_due_to_a_ghost_count_at_the_game_end() {
    let mut g = ready(1, "auto", &[]);
    g.stacks = Default::default();
    g.ghosts[0].artefacts = [0, 0, 1, 0, 0, 1];
    g.ghosts[0].deck.clear();
    g.ghosts[0].gained.clear();
    g.ghosts[1].deck.clear();
    g.ghosts[1].gained.clear();
    g.stage = Stage::Over;
    assert_eq!(g.outcome().unwrap().others[0].score.total, 2);
    // The game ended before three earned spells were handed over; the spell deck
    // still has cards for them.
    g.gp.owed = vec![3, 0];
    assert!(g.m.deck.len() + g.m.discard.len() >= 3);
    let o = g.outcome().unwrap();
    assert_eq!(
        o.others[0].score.breakdown.last().unwrap().points,
        2,
        "3 spells: 2 points"
    );
    assert_eq!(o.others[0].score.total, 4);
    // Only cards that exist count: with one card left, one spell is due.
    let left = g.m.deck.split_off(0);
    g.m.discard.clear();
    g.m.deck = vec![left[0]];
    assert_eq!(g.outcome().unwrap().others[0].score.total, 3);
}

#[test]
fn solo_option_shows_placed_workers_face_up_without_changing_the_rules() {
    let info = Keydoms::info();
    let opt = info
        .options
        .iter()
        .find(|o| o.key == "solo_face_up")
        .expect("the solo face-up option is offered");
    assert_eq!(opt.default, "no");
    assert!(Keydoms::new(&setup(3, "auto", &[("solo_face_up", "yes")])).is_err());
    for shown in [false, true] {
        let opt = if shown { "yes" } else { "no" };
        let mut g = ready(1, "auto", &[("solo_face_up", opt)]);
        let mut rng = GameRng::new(5);
        while !g
            .legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::Place { strength: 7, .. }))
        {
            match g.to_act() {
                ToAct::Chance => {
                    let a = g.sample_chance(&mut rng);
                    board::apply(&mut g, None, &a).unwrap();
                }
                _ => {
                    board::apply(&mut g, Some(0), &Action::PassRound).unwrap();
                }
            }
        }
        let a = g
            .legal_actions(0)
            .into_iter()
            .find(|a| matches!(a, Action::Place { strength: 7, .. }))
            .expect("the 7 can go out");
        let label = board::apply(&mut g, Some(0), &a).unwrap().label;
        assert_eq!(label.contains('7'), shown, "{label}");
        let w = g.players[0]
            .workers
            .iter()
            .find(|w| w.strength == 7)
            .unwrap();
        assert!(!w.face_up, "for the rules the worker stays face down");
        let tips: Vec<String> = g
            .view(None)
            .scene
            .items
            .iter()
            .filter_map(|i| i.tooltip.clone())
            .filter(|t| t.contains("worker"))
            .collect();
        let seen = tips.iter().any(|t| t.contains("strength 7"));
        assert_eq!(seen, shown, "spectator view: {tips:?}");
    }
}

fn ghost_at_roundhouse(foreknown: bool) -> Keydoms {
    let extra: &[(&str, &str)] = if foreknown {
        &[("foreknown", "yes")]
    } else {
        &[]
    };
    let mut g = cleared(1, "auto", extra);
    ghost(&mut g, 0, 7, ROUNDHOUSE);
    human(&mut g, 0, 2, ROUNDHOUSE);
    human(&mut g, 0, 1, data::ROOM_M);
    park(&mut g);
    g
}

#[test]
fn a_ghost_picks_its_roundhouse_spell_by_a_chance_step() {
    let mut g = ghost_at_roundhouse(false);
    let deck = g.m.deck.len();
    let top = g.m.deck[deck - 1];
    let next = g.m.deck[deck - 2];
    board::run(&mut g);
    assert_eq!(g.to_act(), ToAct::Chance, "the ghost's pick is random");
    let mut rng = GameRng::new(1);
    assert!(matches!(
        g.sample_chance(&mut rng),
        Action::GhostKeepSpell {
            ghost: 0,
            pick: 0 | 1
        }
    ));
    assert!(board::apply(&mut g, None, &Action::GhostKeepSpell { ghost: 0, pick: 2 }).is_err());
    let applied =
        board::apply(&mut g, None, &Action::GhostKeepSpell { ghost: 0, pick: 1 }).unwrap();
    assert_eq!(
        g.ghosts[0].gained,
        vec![next],
        "the second card, not the top"
    );
    assert_eq!(g.m.hands[0], vec![top], "the runner-up gets the other");
    assert!(
        !applied.label.contains(data::spell_name(next)),
        "which spell the ghost keeps stays hidden: {}",
        applied.label
    );
    // Both picks happen over many samples.
    let mut g = ghost_at_roundhouse(false);
    board::run(&mut g);
    let picks: std::collections::BTreeSet<u8> = (0..40)
        .map(|s| match g.sample_chance(&mut GameRng::new(s)) {
            Action::GhostKeepSpell { pick, .. } => pick,
            a => panic!("{a:?}"),
        })
        .collect();
    assert_eq!(picks.len(), 2);
}

#[test]
fn under_foreknown_the_ghost_picks_either_face_up_spell_at_random() {
    let mut g = ghost_at_roundhouse(true);
    assert_eq!(g.m.offer.len(), 2);
    let offer = g.m.offer.clone();
    board::run(&mut g);
    assert_eq!(g.to_act(), ToAct::Chance);
    let applied =
        board::apply(&mut g, None, &Action::GhostKeepSpell { ghost: 0, pick: 1 }).unwrap();
    assert_eq!(g.ghosts[0].gained, vec![offer[1]]);
    assert_eq!(g.m.hands[0], vec![offer[0]]);
    assert!(
        applied.label.contains(data::spell_name(offer[1])),
        "face-up spells may be named"
    );
}

#[test]
fn long_consequence_chains_are_logged_one_step_per_line() {
    use rand::RngExt;
    let mut multi = 0;
    let mut longest = String::new();
    // Enough games to see many chains whatever the scale: at least 10.
    for seed in 0..tavern_plugin_api::game::check::scaled(30).max(10) as u64 {
        let humans = 1 + (seed % 3) as usize;
        let extra: &[(&str, &str)] = if humans == 3 { &[("ghosts", "1")] } else { &[] };
        let mut g = Keydoms::new(&setup(humans, "auto", extra)).unwrap();
        let mut rng = GameRng::new(seed);
        while g.to_act() != ToAct::Over {
            let (seat, a) = match g.to_act() {
                ToAct::Chance => (None, g.sample_chance(&mut rng)),
                ToAct::Seats(s) => {
                    let l = g.legal_actions(s[0]);
                    (Some(s[0]), l[rng.random_range(0..l.len())].clone())
                }
                ToAct::Over => unreachable!(),
            };
            let label = board::apply(&mut g, seat, &a).unwrap().label;
            let lines: Vec<&str> = label.split('\n').collect();
            if lines.len() > 1 {
                multi += 1;
            }
            for line in lines {
                assert!(!line.trim().is_empty(), "empty line in {label:?}");
                assert_eq!(line, line.trim(), "the host indents, not the game");
                if line.len() > longest.len() {
                    longest = line.to_string();
                }
            }
        }
    }
    assert!(multi > 100, "chains split into lines: {multi}");
    assert!(
        longest.chars().count() <= 140,
        "a single log line stays short: {longest}"
    );
}
