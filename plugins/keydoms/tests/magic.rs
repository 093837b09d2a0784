//! Artefact powers, response windows and spells: the rulebook's examples (raven
//! sequence, mirror, the six-player room with a raven) and one test per power and spell.

mod board;

use tavern_plugin_api::{Game, Setup, ToAct};
use tavern_plugin_keydoms::data::{
    self, AMULET, GUARD, KEY, MARKET, MIRROR, RAVEN, ROOM_K, ROOM_M, ROUNDHOUSE, SCROLL, STABLES,
    WAND,
};
use tavern_plugin_keydoms::magic::{Step, WinKind};
use tavern_plugin_keydoms::state::{Action, Cursor};
use tavern_plugin_keydoms::{Keydoms, Pending, Stage};

const CROWN: u8 = 0;
const PEARL: u8 = 1;
const GOBLET: u8 = 2;
const GEM: u8 = 3;
const GOLD: u8 = 4;
const COTTAGE: u8 = 7;

/// A magic game after setup: spell deck in order (21 on top), identity artefact order,
/// every player holding a crown, a pearl and a goblet, caves empty, placement pending.
fn table(n: usize, guard: u8) -> Keydoms {
    let mut s = Setup::players(n);
    s.options.insert("variant".into(), "standard".into());
    let mut g = Keydoms::new(&s).unwrap();
    // These scenarios walk a spell or an artefact through every window in turn, as
    // 0.2.0's flow asked every seat with a use left (still the flow of 0.2.0 saves);
    // the effects are the same in both flows, and tests/asked.rs covers which windows
    // stop for whom today.
    g.rules_0_2 = true;
    chance(
        &mut g,
        Action::ShuffleSpells {
            order: (0..21).collect(),
        },
    );
    let tiles = Keydoms::castle_tiles(n).len() as u16;
    chance(
        &mut g,
        Action::ShuffleArtefacts {
            order: (0..tiles).collect(),
        },
    );
    let card = g.card_deck[0];
    chance(&mut g, Action::StartRound { guard, card });
    for _ in 0..3 * n {
        let s = seat(&g);
        let a = g.legal_actions(s)[0].clone();
        act(&mut g, s, a);
    }
    for c in 0..5 {
        for l in 0..4 {
            for t in 0..5 {
                g.treasury[t] += g.caves[c][l][t];
                g.caves[c][l][t] = 0;
            }
        }
    }
    assert_eq!(g.stage, Stage::Placing);
    // Everyone lets the window before the first placement turn go by.
    pass_all(&mut g);
    assert_eq!(g.pending, Some(Pending::Place { seat: 0 }));
    g
}

/// Lets any open window go by, then `s` places a worker.
fn place(g: &mut Keydoms, s: usize, strength: u8, loc: u8) {
    pass_all(g);
    act(g, s, Action::Place { strength, loc });
}

fn chance(g: &mut Keydoms, a: Action) {
    board::apply(g, None, &a).unwrap_or_else(|e| panic!("{a:?}: {e}"));
}

fn act(g: &mut Keydoms, s: usize, a: Action) {
    board::apply(g, Some(s), &a).unwrap_or_else(|e| panic!("seat {s} {a:?}: {e}"));
}

fn seat(g: &Keydoms) -> usize {
    match g.to_act() {
        ToAct::Seats(s) => s[0],
        other => panic!("no seat to act: {other:?}"),
    }
}

fn give(g: &mut Keydoms, s: usize, t: u8, v: u8) {
    g.treasury[t as usize] -= v;
    g.players[s].treasure[t as usize] += v;
}

fn put(g: &mut Keydoms, s: usize, strength: u8, loc: u8) {
    let seq = g.m.seq;
    g.m.seq += 1;
    let w = g.players[s]
        .workers
        .iter_mut()
        .find(|w| w.strength == strength && w.loc.is_none())
        .expect("worker behind the screen");
    w.loc = Some(loc);
    w.seq = seq;
}

/// Moves a spell from the deck to a hand.
fn spell(g: &mut Keydoms, s: usize, sp: u8) {
    let i = g.m.deck.iter().position(|&x| x == sp).unwrap();
    g.m.deck.remove(i);
    g.m.hands[s].push(sp);
}

fn resolve(g: &mut Keydoms) {
    g.stage = Stage::Resolving;
    g.pending = None;
    g.cursor = Cursor::default();
    board::run(g);
}

fn window(g: &Keydoms) -> Option<WinKind> {
    if g.pending.is_some() {
        return None;
    }
    g.m.windows.last().map(|w| w.kind)
}

/// Everyone passes until the window `kind` is open (or no window is left).
fn pass_until(g: &mut Keydoms, kind: WinKind) {
    while let Some(k) = window(g) {
        if k == kind {
            return;
        }
        let s = seat(g);
        act(g, s, Action::Pass);
    }
    panic!("window {kind:?} never opened");
}

/// Everyone passes in the current window (and any that follow) until a decision or
/// another stage comes.
fn pass_all(g: &mut Keydoms) {
    while window(g).is_some() {
        let s = seat(g);
        act(g, s, Action::Pass);
    }
}

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

fn wand_then(g: &mut Keydoms, s: usize) {
    assert_eq!(seat(g), s);
    act(g, s, Action::Invoke { artefact: WAND });
}

#[test]
fn amulet_cancels_a_spell_just_cast() {
    let mut g = table(3, 1);
    g.players[1].artefacts[AMULET as usize] = 1;
    spell(&mut g, 0, 11);
    // On a placement turn: wand first, then the spell.
    assert!(!g.legal_actions(0).contains(&Action::Cast { spell: 11 }));
    wand_then(&mut g, 0);
    act(&mut g, 0, Action::Cast { spell: 11 });
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
fn gift_takes_three_small_treasures() {
    let mut g = table(3, 1);
    spell(&mut g, 0, 11);
    wand_then(&mut g, 0);
    act(&mut g, 0, Action::Cast { spell: 11 });
    pass_all(&mut g);
    for t in [GOLD, GOLD, GEM] {
        act(&mut g, 0, Action::TakeOne { treasure: t });
    }
    assert_eq!(g.players[0].treasure, [1, 1, 1, 1, 2]);
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
    let mut g = table(3, 1);
    spell(&mut g, 2, 10);
    put(&mut g, 0, 8, MARKET);
    put(&mut g, 1, 5, MARKET);
    resolve(&mut g);
    pass_until(&mut g, WinKind::Location(MARKET));
    act(&mut g, 0, Action::Pass);
    act(&mut g, 1, Action::Pass);
    wand_then(&mut g, 2);
    act(&mut g, 0, Action::Pass);
    act(&mut g, 1, Action::Pass);
    act(&mut g, 2, Action::Cast { spell: 10 });
    act(&mut g, 2, Action::ChooseLocation { loc: MARKET });
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
    wand_then(&mut g, 0);
    act(&mut g, 0, Action::Cast { spell: 7 });
    // Guard-room workers cannot be chosen; face-down ones are named by slot only.
    act(
        &mut g,
        0,
        Action::ChooseWorker {
            seat: 1,
            loc: MARKET,
            slot: 0,
        },
    );
    pass_all(&mut g);
    assert!(!g.players[1].has_worker_in(MARKET));
    assert_eq!(seat(&g), 1);
    let legal = g.legal_actions(1);
    assert_eq!(legal.len(), 2);
    act(
        &mut g,
        1,
        Action::ChooseWorker {
            seat: 0,
            loc: STABLES,
            slot: 0,
        },
    );
    assert!(!g.players[0].has_worker_in(STABLES));
    assert!(g.players[0].has_worker_in(MARKET));
}

#[test]
fn teleport_moves_a_worker_and_pays_compensation() {
    let mut g = table(3, 1);
    spell(&mut g, 0, 19);
    put(&mut g, 1, 8, MARKET);
    wand_then(&mut g, 0);
    act(&mut g, 0, Action::Cast { spell: 19 });
    act(
        &mut g,
        0,
        Action::ChooseWorker {
            seat: 1,
            loc: MARKET,
            slot: 0,
        },
    );
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
    wand_then(&mut g, 0);
    act(&mut g, 0, Action::Cast { spell: 18 });
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
    wand_then(&mut g, 0);
    act(&mut g, 0, Action::Cast { spell: 9 });
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
    wand_then(&mut g, 0);
    act(&mut g, 0, Action::Cast { spell: 4 });
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
    wand_then(&mut g, 0);
    act(&mut g, 0, Action::Cast { spell: 21 });
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
    wand_then(&mut g, 0);
    act(&mut g, 0, Action::Cast { spell: 8 });
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
    wand_then(&mut g, 0);
    act(&mut g, 0, Action::Cast { spell: 15 });
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
    wand_then(&mut g, 0);
    act(&mut g, 0, Action::Cast { spell: 3 });
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
    wand_then(&mut g, 0);
    act(&mut g, 0, Action::Cast { spell: 13 });
    act(
        &mut g,
        0,
        Action::ChooseWorker {
            seat: 1,
            loc: MARKET,
            slot: 0,
        },
    );
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

#[test]
fn dragon_returns_empties_a_cave() {
    let mut g = table(3, 1);
    spell(&mut g, 0, 6);
    g.treasury[3] -= 5;
    g.caves[3][0][3] = 5;
    wand_then(&mut g, 0);
    act(&mut g, 0, Action::Cast { spell: 6 });
    act(&mut g, 0, Action::ChooseLocation { loc: 3 });
    pass_all(&mut g);
    assert_eq!(g.cave_value(3), 0);
    assert!(!g.is_active(3));
}

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
    chance(
        &mut g,
        Action::ShuffleArtefacts {
            order: (0..15).collect(),
        },
    );
    let card = g.card_deck[0];
    chance(&mut g, Action::StartRound { guard: 3, card });
    for _ in 0..9 {
        let s = seat(&g);
        let a = g.legal_actions(s)[0].clone();
        act(&mut g, s, a);
    }
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

#[test]
fn foreknown_turns_up_two_spells_for_the_roundhouse() {
    let mut s = Setup::players(3);
    s.options.insert("foreknown".into(), "yes".into());
    let mut g = Keydoms::new(&s).unwrap();
    g.rules_0_2 = true;
    chance(
        &mut g,
        Action::ShuffleSpells {
            order: (0..21).collect(),
        },
    );
    chance(
        &mut g,
        Action::ShuffleArtefacts {
            order: (0..15).collect(),
        },
    );
    let card = g.card_deck[0];
    chance(&mut g, Action::StartRound { guard: 4, card });
    assert_eq!(g.m.offer, vec![21, 20]);
    // Everyone can read the offer.
    let v = serde_json::to_string(&g.view(None)).unwrap();
    assert!(v.contains("Trade") && v.contains("Toll"));
    for _ in 0..9 {
        let s = seat(&g);
        let a = g.legal_actions(s)[0].clone();
        act(&mut g, s, a);
    }
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
    let mut s = Setup::players(3);
    s.options.insert("foreknown".into(), "yes".into());
    let mut g = Keydoms::new(&s).unwrap();
    chance(
        &mut g,
        Action::ShuffleSpells {
            order: (0..21).collect(),
        },
    );
    chance(
        &mut g,
        Action::ShuffleArtefacts {
            order: (0..15).collect(),
        },
    );
    let card = g.card_deck[0];
    chance(&mut g, Action::StartRound { guard: 4, card });
    g.stage = Stage::RoundStart;
    g.pending = None;
    let card = g.card_deck[0];
    chance(&mut g, Action::StartRound { guard: 4, card });
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
    wand_then(&mut g, 0);
    act(&mut g, 0, Action::Cast { spell: 7 });
    act(
        &mut g,
        0,
        Action::ChooseWorker {
            seat: 1,
            loc: MARKET,
            slot: 0,
        },
    );
    pass_all(&mut g);
    act(
        &mut g,
        1,
        Action::ChooseWorker {
            seat: 0,
            loc: MARKET,
            slot: 0,
        },
    );
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
    wand_then(&mut g, 0);
    act(&mut g, 0, Action::Cast { spell: 12 });
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
    wand_then(&mut g, 0);
    act(&mut g, 0, Action::Cast { spell: 4 });
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
    wand_then(&mut g, 0);
    act(&mut g, 0, Action::Cast { spell: 9 });
    let lines = pass_all_logged(&mut g);
    assert!(
        lines.contains(
            &"Player 2 cannot pay the Extortion: their castle workers go home".to_string()
        ),
        "{lines:#?}"
    );
    assert!(!g.players[1].has_worker_in(ROOM_K));
    // Get even names whose workers went home.
    let mut g = table(3, 1);
    spell(&mut g, 2, 10);
    put(&mut g, 0, 8, MARKET);
    put(&mut g, 1, 5, MARKET);
    resolve(&mut g);
    pass_until(&mut g, WinKind::Location(MARKET));
    act(&mut g, 0, Action::Pass);
    act(&mut g, 1, Action::Pass);
    wand_then(&mut g, 2);
    act(&mut g, 0, Action::Pass);
    act(&mut g, 1, Action::Pass);
    act(&mut g, 2, Action::Cast { spell: 10 });
    act(&mut g, 2, Action::ChooseLocation { loc: MARKET });
    let lines = pass_all_logged(&mut g);
    assert!(
        lines.contains(&"Get even sends workers home from the Market: 1 of Player 1's".into()),
        "{lines:#?}"
    );
}
