//! Artefact powers: the rulebook's examples (raven sequence, mirror, the six-player
//! room with a raven) and one test per power (spells are in magic_spells).

mod board;

use board::magic_table::{
    COTTAGE, CROWN, GEM, GOLD, act, cast, chance, give, pass_all, pass_until, put, resolve, seat,
    spell, table, wand_then, window,
};
use tavern_plugin_api::{Game, Setup, ToAct};
use tavern_plugin_keydoms::data::{
    AMULET, GUARD, KEY, MARKET, MIRROR, RAVEN, ROOM_K, ROOM_M, SCROLL,
};
use tavern_plugin_keydoms::magic::WinKind;
use tavern_plugin_keydoms::state::Action;
use tavern_plugin_keydoms::{Keydoms, Pending, Stage};

#[test]
fn raven_sequence_at_the_market() {
    // Robin (start) and Graham both have 7 at the market. Graham sends a raven, Robin
    // answers with his own; tied at 10, the start player Robin trades.
    let mut g = table(3, 1);
    g.players[0].artefacts[RAVEN as usize] = 1;
    g.players[1].artefacts[RAVEN as usize] = 1;
    put(&mut g, 0, 7, MARKET);
    put(&mut g, 1, 7, MARKET);
    resolve(&mut g);
    pass_until(&mut g, WinKind::Location(MARKET));
    assert_eq!(seat(&g), 0);
    act(&mut g, 0, Action::Pass);
    // The label says what the raven does here.
    let label = g
        .legal(1)
        .into_iter()
        .find(|l| l.action == Action::Invoke { artefact: RAVEN })
        .unwrap()
        .label;
    assert_eq!(
        label,
        "Send your Raven to the Market: an extra strength-3 worker"
    );
    act(&mut g, 1, Action::Invoke { artefact: RAVEN });
    assert_eq!(g.strength(1, MARKET), 10);
    act(&mut g, 2, Action::Pass);
    assert!(
        g.legal_actions(0)
            .contains(&Action::Invoke { artefact: RAVEN })
    );
    act(&mut g, 0, Action::Invoke { artefact: RAVEN });
    // Graham has used his one artefact and has no active wand: skipped, not asked.
    assert_eq!(seat(&g), 2);
    act(&mut g, 2, Action::Pass);
    assert_eq!(g.pending, Some(Pending::MarketGive { seat: 0 }));
}

#[test]
fn mirror_doubles_a_worker_and_its_price() {
    // Frank's 4 mirrored makes 8, beating Doris's 6; he pays 4 and 4 in two types.
    let mut g = table(3, 1);
    g.players[0].artefacts[MIRROR as usize] = 1;
    put(&mut g, 0, 4, ROOM_K);
    put(&mut g, 1, 6, ROOM_K);
    put(&mut g, 0, 9, GUARD);
    put(&mut g, 1, 9, GUARD);
    give(&mut g, 0, CROWN, 3);
    give(&mut g, 0, GEM, 4);
    give(&mut g, 1, GOLD, 6);
    resolve(&mut g);
    pass_until(&mut g, WinKind::Location(ROOM_K));
    // Before the room is face up the mirror has nothing to reflect there... now it has.
    act(&mut g, 0, Action::Invoke { artefact: MIRROR });
    assert_eq!(
        g.legal_actions(0),
        vec![Action::ChooseOwnWorker {
            loc: ROOM_K,
            strength: 4
        }]
    );
    act(
        &mut g,
        0,
        Action::ChooseOwnWorker {
            loc: ROOM_K,
            strength: 4,
        },
    );
    assert_eq!(g.strength(0, ROOM_K), 8);
    pass_all(&mut g);
    assert!(
        matches!(g.pending, Some(Pending::Buy { seat: 0, ref need, .. }) if need == &vec![4, 4])
    );
    let top = *g.stacks[0].last().unwrap();
    act(&mut g, 0, Action::PayWorker { treasure: CROWN });
    act(&mut g, 0, Action::PayWorker { treasure: GEM });
    assert_eq!(g.players[0].artefacts[top as usize], 1);
    assert_eq!(g.players[1].treasure[GOLD as usize], 6);
}

#[test]
fn six_player_room_three_with_a_raven() {
    // Tina 4 takes the scroll, Britta's raven (3) pays 3 of one type for the amulet,
    // Herman's 2 gets nothing.
    let mut g = table(6, 1);
    g.stacks[2].push(SCROLL);
    g.stacks[5].push(AMULET);
    g.players[1].artefacts[RAVEN as usize] = 1;
    put(&mut g, 0, 4, ROOM_M);
    put(&mut g, 2, 2, ROOM_M);
    for s in 0..3 {
        put(&mut g, s, 9, GUARD);
        give(&mut g, s, GOLD, 4);
    }
    resolve(&mut g);
    pass_until(&mut g, WinKind::Location(ROOM_M));
    act(&mut g, 0, Action::Pass);
    act(&mut g, 1, Action::Invoke { artefact: RAVEN });
    pass_all(&mut g);
    act(&mut g, 0, Action::ChooseStack { stack: 2 });
    act(&mut g, 0, Action::PayWorker { treasure: GOLD });
    assert!(matches!(
        g.pending,
        Some(Pending::Buy {
            seat: 1,
            stack: Some(5),
            ..
        })
    ));
    act(&mut g, 1, Action::PayWorker { treasure: GOLD });
    assert_eq!(g.players[0].artefacts[SCROLL as usize], 1);
    assert_eq!(g.players[1].artefacts[AMULET as usize], 1);
    assert_eq!(g.players[1].treasure[GOLD as usize], 1);
    assert_eq!(g.players[2].artefact_count(), 1);
}

#[test]
fn key_enters_the_castle_without_the_guard_room() {
    let mut g = table(3, 10);
    g.players[0].artefacts[KEY as usize] = 1;
    put(&mut g, 0, 5, ROOM_K);
    put(&mut g, 1, 4, ROOM_K);
    put(&mut g, 1, 2, GUARD);
    give(&mut g, 0, GOLD, 5);
    resolve(&mut g);
    pass_until(&mut g, WinKind::Location(GUARD));
    assert!(g.guard_up);
    act(&mut g, 0, Action::Invoke { artefact: KEY });
    // Seat 1 owes 8 but holds 3 treasures: sent home without being asked.
    pass_until(&mut g, WinKind::Location(ROOM_K));
    assert!(
        !g.legal_actions(0)
            .contains(&Action::Invoke { artefact: KEY })
    );
    pass_all(&mut g);
    assert!(matches!(g.pending, Some(Pending::Buy { seat: 0, .. })));
    assert!(!g.players[1].has_worker_in(ROOM_K));
}

#[test]
fn amulet_cancels_a_spell_just_cast() {
    let mut g = table(3, 1);
    g.players[1].artefacts[AMULET as usize] = 1;
    spell(&mut g, 0, 11);
    // On a placement turn: wand first, then the spell.
    assert!(!g.legal_actions(0).contains(&Action::Cast { spell: 11 }));
    cast(&mut g, 0, 11);
    assert_eq!(window(&g), Some(WinKind::Spell));
    // The caster is not asked; seat 1 answers with the amulet.
    assert_eq!(seat(&g), 1);
    act(&mut g, 1, Action::Invoke { artefact: AMULET });
    pass_all(&mut g);
    assert_eq!(g.players[0].treasure, [1, 1, 1, 0, 0]);
    assert!(g.m.discard.contains(&11));
    // Back to seat 0's placement turn.
    assert_eq!(g.pending, Some(Pending::Place { seat: 0 }));
}

#[test]
fn copy_uses_an_opponents_artefact_without_spending_an_artefact() {
    let mut g = table(3, 10);
    g.players[1].artefacts[KEY as usize] = 1;
    spell(&mut g, 0, 2);
    wand_then(&mut g, 0);
    // Seat 1 invokes the key on its turn; then seat 0 copies it.
    g.pending = Some(Pending::Place { seat: 1 });
    act(&mut g, 1, Action::Invoke { artefact: KEY });
    g.pending = Some(Pending::Place { seat: 0 });
    act(&mut g, 0, Action::Cast { spell: 2 });
    assert_eq!(
        g.legal_actions(0),
        vec![Action::ChooseArtefact { artefact: KEY }]
    );
    act(&mut g, 0, Action::ChooseArtefact { artefact: KEY });
    pass_all(&mut g);
    assert!(g.m.key[0]);
    assert_eq!(g.m.invoked[0][KEY as usize], 0);
}

#[test]
fn cottage_allows_a_second_artefact() {
    let mut g = table(3, 1);
    g.players[0].artefacts[RAVEN as usize] = 1;
    put(&mut g, 0, 5, COTTAGE);
    put(&mut g, 0, 4, MARKET);
    put(&mut g, 0, 9, GUARD);
    put(&mut g, 0, 8, ROOM_K);
    resolve(&mut g);
    pass_until(&mut g, WinKind::Location(MARKET));
    wand_then(&mut g, 0);
    pass_all(&mut g);
    if let Some(Pending::MarketGive { .. }) = g.pending {
        act(&mut g, 0, Action::MarketPass);
    }
    pass_until(&mut g, WinKind::Location(GUARD));
    assert_eq!(g.m.allowance[0], 2);
    assert!(
        g.legal_actions(0)
            .contains(&Action::Invoke { artefact: RAVEN })
    );
}

#[test]
fn copy_may_copy_an_artefact_a_ghost_turned_up() {
    let mut s = Setup::players(2);
    s.options.insert("ghosts".into(), "auto".into());
    let mut g = Keydoms::new(&s).unwrap();
    let mut rng = tavern_plugin_api::GameRng::new(5);
    // Play on to seat 0's first placement turn with the ghost already started.
    loop {
        match g.to_act() {
            ToAct::Chance => {
                let a = g.sample_chance(&mut rng);
                chance(&mut g, a);
            }
            ToAct::Seats(v) if g.stage == Stage::Placing && g.gp.started[0] => {
                if let Some(Pending::Place { seat: 0 }) = g.pending {
                    break;
                }
                let a = g.legal_actions(v[0])[0].clone();
                act(&mut g, v[0], a);
            }
            ToAct::Seats(v) => {
                let a = g.legal_actions(v[0])[0].clone();
                act(&mut g, v[0], a);
            }
            ToAct::Over => panic!("over"),
        }
    }
    // The ghost turned up a key this round; nobody at the table invoked anything.
    g.ghosts[0].invoked = vec![KEY];
    g.m.hands[0] = vec![2];
    g.m.wand[0] = true;
    for k in &mut g.m.invoked {
        *k = Default::default();
    }
    act(&mut g, 0, Action::Cast { spell: 2 });
    assert_eq!(
        g.legal_actions(0),
        vec![Action::ChooseArtefact { artefact: KEY }]
    );
    act(&mut g, 0, Action::ChooseArtefact { artefact: KEY });
    pass_all(&mut g);
    assert!(g.m.key[0], "seat 0 may pass the guard by the copied key");
    // Before the ghost's first turn of a round, its list still names last round's tiles,
    // which cannot be copied.
    g.gp.started[0] = false;
    g.m.hands[1] = vec![2];
    g.m.wand[1] = true;
    assert!(
        !g.legal_actions(1).contains(&Action::Cast { spell: 2 }) || {
            g.pending = Some(Pending::Place { seat: 1 });
            !g.legal_actions(1).contains(&Action::Cast { spell: 2 })
        }
    );
}
