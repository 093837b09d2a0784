//! Response windows, the Muggles and Foreknown variants, spells redealt by
//! determinize, and the log's lines for spells that settle by themselves.

mod board;

use board::magic_table::{
    COTTAGE, GOLD, act, cast, get_even_on_the_market, give, pass_all, pass_until, pick_worker,
    place, put, resolve, seat, spell, table, window,
};
use tavern_plugin_api::{Game, Setup};
use tavern_plugin_keydoms::data::{self, MARKET, ROOM_K, ROUNDHOUSE, STABLES, WAND};
use tavern_plugin_keydoms::magic::WinKind;
use tavern_plugin_keydoms::state::Action;
use tavern_plugin_keydoms::{Keydoms, Pending, Stage};

#[test]
fn windows_skip_seats_that_publicly_cannot_act_and_pass_for_round() {
    let mut g = table(3, 1);
    put(&mut g, 0, 9, MARKET);
    resolve(&mut g);
    assert_eq!(window(&g), Some(WinKind::BeforeResolve));
    act(&mut g, 0, Action::PassRound);
    act(&mut g, 1, Action::Pass);
    act(&mut g, 2, Action::Pass);
    // Seat 0 is never asked again this round.
    pass_until(&mut g, WinKind::Location(MARKET));
    assert_eq!(seat(&g), 1);
}

#[test]
fn muggles_offer_no_magic() {
    let mut s = Setup::players(3);
    s.options.insert("variant".into(), "muggles".into());
    let mut g = Keydoms::new(&s).unwrap();
    board::in_order(&mut g);
    board::start_round(&mut g, 3);
    board::first_treasures(&mut g);
    let legal = g.legal_actions(0);
    assert!(legal.iter().all(|a| matches!(a, Action::Place { .. })));
    assert!(!legal.iter().any(|a| matches!(
        a,
        Action::Place {
            loc: COTTAGE | ROUNDHOUSE,
            ..
        }
    )));
    let _ = data::LOCS;
}

/// Three players with the Foreknown option.
fn foreknown() -> Setup {
    let mut s = Setup::players(3);
    s.options.insert("foreknown".into(), "yes".into());
    s
}

#[test]
fn foreknown_turns_up_two_spells_for_the_roundhouse() {
    let mut g = Keydoms::new(&foreknown()).unwrap();
    g.rules_0_2 = true;
    board::in_order(&mut g);
    board::start_round(&mut g, 4);
    assert_eq!(g.m.offer, vec![21, 20]);
    // Everyone can read the offer.
    let v = serde_json::to_string(&g.view(None)).unwrap();
    assert!(v.contains("Trade") && v.contains("Toll"));
    board::first_treasures(&mut g);
    put(&mut g, 2, 4, ROUNDHOUSE);
    resolve(&mut g);
    pass_until(&mut g, WinKind::Location(ROUNDHOUSE));
    pass_all(&mut g);
    assert_eq!(
        g.legal_actions(2),
        vec![
            Action::KeepSpell { spell: 21 },
            Action::KeepSpell { spell: 20 }
        ]
    );
    act(&mut g, 2, Action::KeepSpell { spell: 21 });
    assert!(g.m.offer.is_empty());
    assert_eq!(g.m.deck[0], 20);
}

#[test]
fn foreknown_discards_an_untaken_offer_next_round() {
    let mut g = Keydoms::new(&foreknown()).unwrap();
    board::in_order(&mut g);
    board::start_round(&mut g, 4);
    g.stage = Stage::RoundStart;
    g.pending = None;
    board::start_round(&mut g, 4);
    assert_eq!(g.m.offer, vec![19, 18]);
    assert!(g.m.discard.contains(&21) && g.m.discard.contains(&20));
}

#[test]
fn a_worker_sent_home_during_placement_is_placed_again() {
    let mut g = table(3, 1);
    spell(&mut g, 0, 7);
    place(&mut g, 0, 9, MARKET);
    place(&mut g, 1, 8, MARKET);
    place(&mut g, 2, 7, STABLES);
    pass_all(&mut g);
    cast(&mut g, 0, 7);
    pick_worker(&mut g, 0, 1, MARKET);
    pass_all(&mut g);
    pick_worker(&mut g, 1, 0, MARKET);
    assert_eq!(g.pending, Some(Pending::Place { seat: 0 }));
    while g.stage == Stage::Placing {
        pass_all(&mut g);
        if g.stage != Stage::Placing {
            break;
        }
        let s = seat(&g);
        let a = g
            .legal_actions(s)
            .into_iter()
            .find(|a| matches!(a, Action::Place { .. }))
            .unwrap();
        act(&mut g, s, a);
    }
    for p in &g.players {
        assert_eq!(p.unplaced().count(), 0, "all eight of every player go out");
    }
}

#[test]
fn determinize_redeals_only_spells_the_viewer_cannot_see() {
    let mut g = table(3, 1);
    spell(&mut g, 0, 11);
    spell(&mut g, 1, 4);
    spell(&mut g, 1, 9);
    spell(&mut g, 2, 17);
    let mut rng = tavern_plugin_api::GameRng::new(8);
    let mut changed = false;
    for _ in 0..30 {
        let d = g.determinize(0, &mut rng);
        assert_eq!(d.m.hands[0], vec![11], "own hand is known");
        assert_eq!(d.m.hands[1].len(), 2);
        assert_eq!(d.m.hands[2].len(), 1);
        assert_eq!(d.m.deck.len(), g.m.deck.len());
        let mut all: Vec<u8> =
            d.m.deck
                .iter()
                .chain(d.m.hands.iter().flatten())
                .copied()
                .collect();
        all.sort();
        assert_eq!(all, (1..=21).collect::<Vec<u8>>());
        changed |= d.m.hands[1] != g.m.hands[1];
    }
    assert!(changed, "hidden hands are re-sampled");
}

#[test]
fn every_placement_turn_opens_a_window_from_the_start_player() {
    let mut g = table(3, 1);
    place(&mut g, 0, 9, MARKET);
    // Before seat 1 places, the window asks seat 0 (the start player) first.
    assert_eq!(window(&g), Some(WinKind::Placement));
    assert_eq!(seat(&g), 0);
    act(&mut g, 0, Action::Invoke { artefact: WAND });
    act(&mut g, 1, Action::Pass);
    act(&mut g, 2, Action::Pass);
    // Seat 0 has no use left and no spell: skipped; the window closes.
    assert_eq!(g.pending, Some(Pending::Place { seat: 1 }));
    let v = g.view(Some(1));
    assert!(v.prompt.contains("Place"));
}

/// Everyone passes as `pass_all` does; the log lines the passes carried.
fn pass_all_logged(g: &mut Keydoms) -> Vec<String> {
    let mut lines = Vec::new();
    while window(g).is_some() {
        let s = seat(g);
        let applied = board::apply(g, Some(s), &Action::Pass).unwrap();
        lines.extend(applied.label.lines().map(str::to_string));
    }
    lines
}

#[test]
fn spells_that_settle_by_themselves_say_so_in_the_log() {
    // Levy with nobody in Keytown.
    let mut g = table(3, 1);
    spell(&mut g, 0, 12);
    cast(&mut g, 0, 12);
    let lines = pass_all_logged(&mut g);
    assert!(
        lines.contains(
            &"Levy finds nobody to pay: no other player has a worker at an unresolved \
              Keytown location"
                .to_string()
        ),
        "{lines:#?}"
    );
    // Donation: seat 0 holds exactly 3 and hands them all over without a choice; seat 2
    // holds 3 too.
    let mut g = table(3, 1);
    spell(&mut g, 0, 4);
    give(&mut g, 1, GOLD, 6);
    cast(&mut g, 0, 4);
    let lines = pass_all_logged(&mut g);
    assert!(
        lines.contains(&"Player 1 has no more than that and hands over every treasure".into()),
        "{lines:#?}"
    );
    // Extortion: seat 1 has two castle workers and one treasure: publicly unable.
    let mut g = table(3, 1);
    spell(&mut g, 0, 9);
    put(&mut g, 1, 8, ROOM_K);
    put(&mut g, 1, 7, ROOM_K);
    g.players[1].treasure = [1, 0, 0, 0, 0];
    cast(&mut g, 0, 9);
    let lines = pass_all_logged(&mut g);
    assert!(
        lines.contains(
            &"Player 2 cannot pay the Extortion: their castle workers go home".to_string()
        ),
        "{lines:#?}"
    );
    assert!(!g.players[1].has_worker_in(ROOM_K));
    // Get even names whose workers went home.
    let mut g = get_even_on_the_market();
    let lines = pass_all_logged(&mut g);
    assert!(
        lines.contains(&"Get even sends workers home from the Market: 1 of Player 1's".into()),
        "{lines:#?}"
    );
}
