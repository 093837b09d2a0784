//! One test per ghost rule in the game flow outside rewards and magic: setup by mode,
//! placing 7 (8 with the raven), the round's end, scoring, the rulebook's worked example.

#![allow(clippy::needless_range_loop)]

mod board;

use board::ghost_table::{cleared, ready, until_dark_ghost_turn};
use board::{ghost, human, park};
use tavern_plugin_api::{Game, GameRng, ToAct};
use tavern_plugin_keydoms::data::{
    self, AMULET, KEY, RAVEN, ROOM_K, ROOM_L, ROOM_M, SCROLL, STABLES, WAND,
};
use tavern_plugin_keydoms::ghost::GhostCard;
use tavern_plugin_keydoms::state::Action;
use tavern_plugin_keydoms::{Keydoms, Pending, Stage};

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

/// The solo player places a worker (its first legal placement) at once: no window
/// stops the solo player first, as it has nothing to use and may act on its own turn
/// anyway.
fn solo_places(g: &mut Keydoms) {
    assert!(matches!(g.pending, Some(Pending::Place { seat: 0 })));
    let a = g
        .legal_actions(0)
        .into_iter()
        .find(|a| matches!(a, Action::Place { .. }))
        .unwrap();
    board::apply(g, Some(0), &a).unwrap();
}

#[test]
fn ghost_turn_outcomes_are_checked() {
    let mut g = ready(1, "auto", &[("ghost_artefacts", "2")]);
    g.ghosts[0].artefacts[KEY as usize] = 1;
    g.ghosts[0].artefacts[AMULET as usize] = 1;
    // Seat 0 places; then the dark ghost's first turn is due.
    solo_places(&mut g);
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

// ----- round end and score ------------------------------------------------------------

#[test]
fn end_of_round_rebuilds_and_reshuffles_each_ghost_deck() {
    let mut g = cleared(1, "auto", &[("variant", "muggles")]);
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
    let mut g = cleared(1, "auto", &[]);
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

/// Face-down ghost counters are named by placement order, never by counter number
/// (which follows strength).
#[test]
fn ghost_counters_are_named_by_placement_order() {
    let mut g = cleared(1, "auto", &[]);
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
    solo_places(&mut g);
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
    let mut g = cleared(1, "auto", &[("variant", "muggles")]);
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
