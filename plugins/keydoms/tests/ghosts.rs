//! Ghost opponents: data checks, every action card's directive chain, worker sides,
//! the draw deck's round cycle and the ghost score.

mod board;

use board::{first_treasures, in_order, start_round};
use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::{Game, Setup};
use tavern_plugin_keydoms::Keydoms;
use tavern_plugin_keydoms::data::{
    AMULET, COTTAGE, KEY, LOCS, MARKET, MIRROR, RAVEN, ROOM_K, ROOM_L, ROOM_M, ROUNDHOUSE, SCROLL,
    STABLES, WAND,
};
use tavern_plugin_keydoms::ghost::{
    GHOSTS, Ghost, GhostCard, GhostMove, Mods, Table, combined_ranks,
};
use tavern_plugin_keydoms::state::Action;

/// A three-seat standard game in its placing phase, with rooms K, L, M showing an
/// amulet, a key and a mirror, every cave empty and nobody on the board.
fn board() -> Keydoms {
    let mut g = Keydoms::new(&Setup::players(3)).unwrap();
    in_order(&mut g);
    start_round(&mut g, 5);
    first_treasures(&mut g);
    g.stacks = Default::default();
    g.stacks[0] = vec![SCROLL, AMULET];
    g.stacks[1] = vec![KEY];
    g.stacks[2] = vec![MIRROR];
    g.top_up = [true; 6];
    g.caves = Default::default();
    g
}

fn put(g: &mut Keydoms, seat: usize, loc: u8) {
    let w = g.players[seat]
        .workers
        .iter_mut()
        .find(|w| w.loc.is_none())
        .unwrap();
    w.loc = Some(loc);
}

fn cave(g: &mut Keydoms, c: usize, v: u8) {
    g.caves[c][0][c] = v;
}

/// Cave `c`'s top ledge holding `large` large and `small` small pieces of its type.
fn cave_pieces(g: &mut Keydoms, c: usize, large: u8, small: u8) {
    g.caves[c][0][c] = large * 3 + small;
    g.cave_large[c][0][c] = large;
}

fn table<'a>(g: &'a Keydoms, ghosts: &[(u8, u8)], has: &[u8]) -> Table<'a> {
    let mut ghost_workers = [0; LOCS];
    for &(l, n) in ghosts {
        ghost_workers[l as usize] = n;
    }
    let mut h = [0; 6];
    for &a in has {
        h[a as usize] += 1;
    }
    Table {
        k: g,
        ghost_workers,
        has: h,
    }
}

#[test]
fn data_is_complete() {
    assert_eq!(GHOSTS.ghosts.len(), 2);
    for g in &GHOSTS.ghosts {
        assert_eq!(g.workers.len(), 8);
        for &[c, e] in &g.workers {
            assert!(c < e, "the castle side is the smaller number");
        }
    }
    let ids: Vec<u8> = GHOSTS.cards.iter().map(|c| c.id).collect();
    assert_eq!(ids, (1..=12).collect::<Vec<u8>>());
    assert_eq!(GHOSTS.placed_per_round, 7);
    assert_eq!(GHOSTS.placed_with_raven, 8);
    assert_eq!(GHOSTS.removed_spells, vec![5, 6]);
}

#[test]
fn card1_missing_kind_then_fewest_workers_then_leftmost() {
    let mut g = board();
    // Holds an amulet and a key: only M (mirror) shows a missing kind.
    assert_eq!(table(&g, &[], &[AMULET, KEY]).target(1), Some(ROOM_M));
    // Missing kinds in K and M; M is busier.
    put(&mut g, 0, ROOM_M);
    assert_eq!(table(&g, &[], &[KEY]).target(1), Some(ROOM_K));
    // None missing: fewest workers among all three (K, L tie -> leftmost K).
    assert_eq!(
        table(&g, &[], &[AMULET, KEY, MIRROR]).target(1),
        Some(ROOM_K)
    );
    // Ghost counters count as workers too.
    assert_eq!(
        table(&g, &[(ROOM_K, 1)], &[AMULET, KEY, MIRROR]).target(1),
        Some(ROOM_L)
    );
}

#[test]
fn card2_fewest_workers_then_missing_kind_then_rightmost() {
    let mut g = board();
    put(&mut g, 0, ROOM_K);
    // L and M empty; holds a mirror, so L (key) is the missing one, not the rightmost.
    assert_eq!(table(&g, &[], &[MIRROR]).target(2), Some(ROOM_L));
    // L and M empty, both missing: rightmost.
    assert_eq!(table(&g, &[], &[]).target(2), Some(ROOM_M));
    // L and M empty, neither missing: rightmost again.
    assert_eq!(table(&g, &[], &[KEY, MIRROR]).target(2), Some(ROOM_M));
    // Fewest comes first even against a missing kind.
    put(&mut g, 1, ROOM_M);
    assert_eq!(table(&g, &[], &[KEY]).target(2), Some(ROOM_L));
}

#[test]
fn card3_fewest_with_a_player_worker_else_leftmost() {
    let mut g = board();
    // Nobody in the castle: leftmost active room.
    assert_eq!(table(&g, &[(ROOM_K, 2)], &[]).target(3), Some(ROOM_K));
    // A player in L and two in M: L, though K (no player) has fewer.
    put(&mut g, 0, ROOM_L);
    put(&mut g, 0, ROOM_M);
    put(&mut g, 1, ROOM_M);
    assert_eq!(table(&g, &[], &[]).target(3), Some(ROOM_L));
    // Ghost counters raise L above M.
    assert_eq!(table(&g, &[(ROOM_L, 2)], &[]).target(3), Some(ROOM_M));
    // An empty stack is not an active room.
    let mut h = board();
    h.stacks[0].clear();
    assert_eq!(table(&h, &[], &[]).target(3), Some(ROOM_L));
}

#[test]
fn card4_missing_kind_then_fewest_workers_then_rightmost() {
    let mut g = board();
    assert_eq!(table(&g, &[], &[AMULET, KEY]).target(4), Some(ROOM_M));
    put(&mut g, 0, ROOM_M);
    // K and L both missing: L has the fewest with K (0 each) -> rightmost L.
    assert_eq!(table(&g, &[], &[]).target(4), Some(ROOM_L));
    assert_eq!(table(&g, &[(ROOM_L, 1)], &[]).target(4), Some(ROOM_K));
}

#[test]
fn card5_roundhouse() {
    let mut g = board();
    put(&mut g, 0, ROUNDHOUSE);
    put(&mut g, 1, ROUNDHOUSE);
    assert_eq!(table(&g, &[], &[]).target(5), Some(ROUNDHOUSE));
}

#[test]
fn card6_fewest_then_market_stables_roundhouse_cottage() {
    let mut g = board();
    assert_eq!(table(&g, &[], &[]).target(6), Some(MARKET));
    put(&mut g, 0, MARKET);
    assert_eq!(table(&g, &[], &[]).target(6), Some(STABLES));
    put(&mut g, 0, STABLES);
    assert_eq!(table(&g, &[], &[]).target(6), Some(ROUNDHOUSE));
    put(&mut g, 0, ROUNDHOUSE);
    assert_eq!(table(&g, &[], &[]).target(6), Some(COTTAGE));
    assert_eq!(table(&g, &[(COTTAGE, 2)], &[]).target(6), Some(MARKET));
}

#[test]
fn card7_fewest_then_market_roundhouse_stables_cottage() {
    let mut g = board();
    assert_eq!(table(&g, &[], &[]).target(7), Some(MARKET));
    put(&mut g, 0, MARKET);
    assert_eq!(table(&g, &[], &[]).target(7), Some(ROUNDHOUSE));
    put(&mut g, 0, ROUNDHOUSE);
    assert_eq!(table(&g, &[], &[]).target(7), Some(STABLES));
    put(&mut g, 0, STABLES);
    assert_eq!(table(&g, &[], &[]).target(7), Some(COTTAGE));
}

#[test]
fn card8_most_workers_then_most_treasure() {
    let mut g = board();
    cave(&mut g, 0, 3);
    cave(&mut g, 2, 6);
    cave(&mut g, 4, 6);
    // Nobody in the caves: most treasure, tied C and E -> leftmost C.
    assert_eq!(table(&g, &[], &[]).target(8), Some(2));
    put(&mut g, 0, 0);
    assert_eq!(table(&g, &[], &[]).target(8), Some(0));
    assert_eq!(table(&g, &[(4, 1)], &[]).target(8), Some(4));
    // An empty cave is never chosen, however busy.
    put(&mut g, 1, 1);
    put(&mut g, 1, 1);
    assert_eq!(table(&g, &[], &[]).target(8), Some(0));
}

#[test]
fn card9_most_treasure() {
    let mut g = board();
    cave(&mut g, 1, 4);
    cave(&mut g, 3, 7);
    put(&mut g, 0, 1);
    assert_eq!(table(&g, &[], &[]).target(9), Some(3));
}

#[test]
fn card9_on_equal_value_the_cave_with_more_large_pieces_has_more() {
    let mut g = board();
    cave_pieces(&mut g, 1, 0, 6);
    cave_pieces(&mut g, 3, 2, 0);
    cave_pieces(&mut g, 4, 1, 3);
    assert_eq!(table(&g, &[], &[]).target(9), Some(3), "two large of six");
    // Card 10 reads the same ranking from the other end: six small is the least.
    assert_eq!(table(&g, &[], &[]).target(10), Some(1));
}

#[test]
fn caves_keep_the_pieces_the_treasure_card_laid() {
    // Every card with a large piece: the cave holds that many large pieces afterwards
    // (the treasury is full at the first round, so nothing is substituted).
    use tavern_plugin_keydoms::data::CARDS;
    for card in CARDS.cards.iter().filter(|c| c.chests == 3) {
        let mut g = Keydoms::new(&Setup::players(3)).unwrap();
        in_order(&mut g);
        apply_checked(
            &mut g,
            None,
            &Action::StartRound {
                guard: 5,
                card: card.id,
            },
        )
        .unwrap();
        for (c, ledges) in card.caves.iter().enumerate() {
            for (l, &[large, small]) in ledges.iter().enumerate() {
                assert_eq!(g.cave_large[c][l][c], large, "card {} cave {c}", card.id);
                assert_eq!(g.caves[c][l][c], large * 3 + small, "card {}", card.id);
            }
        }
    }
}

#[test]
fn card10_fewest_treasure_among_active() {
    let mut g = board();
    cave(&mut g, 1, 4);
    cave(&mut g, 3, 2);
    cave(&mut g, 4, 9);
    assert_eq!(table(&g, &[], &[]).target(10), Some(3));
}

#[test]
fn card11_second_most_treasure() {
    let mut g = board();
    cave(&mut g, 0, 5);
    cave(&mut g, 1, 9);
    cave(&mut g, 3, 2);
    assert_eq!(table(&g, &[], &[]).target(11), Some(0));
    // Equal value 9: B's three large pieces rank ahead of A's nine small ones (one large
    // before three small), so A is second although it lies further left.
    cave_pieces(&mut g, 0, 0, 9);
    cave_pieces(&mut g, 1, 3, 0);
    assert_eq!(table(&g, &[], &[]).target(11), Some(0));
    // A with the large pieces instead: B is second.
    cave_pieces(&mut g, 0, 3, 0);
    cave_pieces(&mut g, 1, 2, 3);
    assert_eq!(table(&g, &[], &[]).target(11), Some(1));
    // Same value and the same pieces: still tied, the leftmost ranks first.
    cave_pieces(&mut g, 1, 3, 0);
    assert_eq!(table(&g, &[], &[]).target(11), Some(1));
    // A single active cave is the only choice.
    let mut h = board();
    cave(&mut h, 2, 4);
    assert_eq!(table(&h, &[], &[]).target(11), Some(2));
}

#[test]
fn card12_fewest_workers_then_most_treasure() {
    let mut g = board();
    cave(&mut g, 0, 5);
    cave(&mut g, 1, 9);
    cave(&mut g, 3, 2);
    assert_eq!(table(&g, &[], &[]).target(12), Some(1));
    put(&mut g, 0, 1);
    assert_eq!(table(&g, &[], &[]).target(12), Some(0));
    assert_eq!(table(&g, &[(0, 1)], &[]).target(12), Some(3));
}

#[test]
fn no_active_location_gives_no_target() {
    let g = board();
    for c in 8..=12 {
        assert_eq!(table(&g, &[], &[]).target(c), None, "card {c}");
    }
}

#[test]
fn worker_sides_and_modifiers() {
    let mut gh = Ghost::new(0);
    let w = gh.workers[7].clone();
    let (c, e) = (w.castle, w.elsewhere);
    assert_eq!(gh.strength(&w, ROOM_K, Mods::default()), c);
    assert_eq!(gh.strength(&w, 0, Mods::default()), e);
    assert_eq!(gh.strength(&w, MARKET, Mods::default()), e);
    let mirror = Mods {
        mirror: true,
        ..Mods::default()
    };
    assert_eq!(gh.strength(&w, ROOM_K, mirror), c + 1);
    assert_eq!(gh.strength(&w, 0, mirror), e + 2);
    let sub = Mods {
        substitute: true,
        ..Mods::default()
    };
    assert_eq!(gh.strength(&w, 0, sub), c);
    let disc = Mods {
        disclosure: true,
        ..Mods::default()
    };
    assert_eq!(gh.strength(&w, STABLES, disc), e + 2);
    assert_eq!(gh.strength(&w, ROOM_K, disc), c);
    let trade = Mods {
        trade: true,
        ..Mods::default()
    };
    assert_eq!(gh.strength(&w, ROOM_K, trade), c + 1);
    assert_eq!(gh.strength(&w, 0, trade), e);
    gh.workers[0].loc = Some(0);
    gh.workers[1].loc = Some(0);
    let sum = (gh.workers[0].elsewhere + gh.workers[1].elsewhere) as u16;
    assert_eq!(gh.strength_in(0, Mods::default()), sum);
}

#[test]
fn places_seven_or_eight_with_raven() {
    let mut gh = Ghost::new(1);
    for i in 0..7 {
        assert!(gh.wants_turn(false));
        gh.workers[i].loc = Some(0);
    }
    assert!(!gh.wants_turn(false));
    assert!(gh.wants_turn(true));
    gh.workers[7].loc = Some(0);
    assert!(!gh.wants_turn(true));
}

#[test]
fn artefacts_turn_over_and_back() {
    let mut gh = Ghost::new(0);
    assert!(gh.face_down_kinds().is_empty(), "the wand is never turned");
    gh.artefacts[RAVEN as usize] = 1;
    gh.artefacts[KEY as usize] = 1;
    assert_eq!(gh.face_down_kinds(), vec![KEY, RAVEN]);
    gh.invoke(&[RAVEN]);
    assert_eq!(gh.face_down_kinds(), vec![KEY]);
    gh.invoke(&[KEY]);
    assert_eq!(
        gh.face_down_kinds(),
        vec![RAVEN],
        "last round's raven is face down again"
    );
    assert_eq!(gh.artefacts[WAND as usize], 1);
}

#[test]
fn end_round_rebuilds_the_deck() {
    let mut gh = Ghost::new(0);
    gh.deck.push(GhostCard::Spell(3));
    // Draw five cards: four actions and the spell on top.
    let spell = gh.deck.pop().unwrap();
    assert_eq!(spell, GhostCard::Spell(3));
    gh.revealed.push(3);
    for _ in 0..4 {
        let GhostCard::Action(a) = gh.deck.pop().unwrap() else {
            panic!()
        };
        gh.discard.push(a);
    }
    gh.deck.insert(0, GhostCard::Spell(9));
    gh.gained.push(11);
    gh.workers[0].loc = Some(ROOM_L);
    let cast = gh.end_round();
    assert_eq!(cast, vec![3]);
    assert_eq!(gh.deck.len(), 14);
    assert!(gh.deck.contains(&GhostCard::Spell(9)));
    assert!(gh.deck.contains(&GhostCard::Spell(11)));
    assert!(!gh.deck.contains(&GhostCard::Spell(3)));
    assert!(gh.discard.is_empty() && gh.gained.is_empty() && gh.revealed.is_empty());
    assert!(gh.workers.iter().all(|w| w.loc.is_none()));
}

#[test]
fn score_counts_started_pairs_of_unresolved_spells() {
    let mut gh = Ghost::new(0);
    gh.artefacts[KEY as usize] = 2;
    assert_eq!(gh.score_lines(), (3, 0));
    gh.deck.push(GhostCard::Spell(1));
    assert_eq!(gh.score_lines(), (3, 1));
    gh.gained.push(2);
    assert_eq!(gh.score_lines(), (3, 1));
    gh.deck.push(GhostCard::Spell(4));
    assert_eq!(gh.score_lines(), (3, 2));
    gh.revealed.push(7);
    assert_eq!(gh.score_lines(), (3, 2), "cast spells do not count");
}

#[test]
fn shuffle_is_checked_and_hard_setup_puts_spells_under() {
    let mut gh = Ghost::new(0);
    assert!(gh.shuffle_deck(&[0, 1, 2]).is_err(), "wrong length");
    let mut dup: Vec<u16> = (0..12).collect();
    dup[3] = 4;
    assert!(gh.shuffle_deck(&dup).is_err(), "not a permutation");
    let rev: Vec<u16> = (0..12).rev().collect();
    gh.shuffle_deck(&rev).unwrap();
    assert_eq!(gh.deck.last(), Some(&GhostCard::Action(1)));
    gh.add_bottom_spells(&[7, 8]);
    assert_eq!(gh.deck.len(), 14);
    assert!(matches!(gh.deck[0], GhostCard::Spell(_)));
    assert!(matches!(gh.deck[1], GhostCard::Spell(_)));
}

#[test]
fn a_turn_follows_the_top_card() {
    let mut g = board();
    cave(&mut g, 3, 6);
    let mut gh = Ghost::new(0);
    // Top card last: card 9 (most treasure), then a spell, then card 8.
    gh.deck = vec![
        GhostCard::Action(8),
        GhostCard::Spell(13),
        GhostCard::Action(9),
    ];
    let all = vec![gh.clone()];
    let mv = gh.take_turn(&gh.table(&g, &all), 2).unwrap();
    assert_eq!(
        mv,
        GhostMove::Placed {
            card: 9,
            worker: 2,
            loc: 3
        }
    );
    assert_eq!(gh.workers[2].loc, Some(3));
    assert_eq!(gh.discard, vec![9]);
    let all = vec![gh.clone()];
    let mv = gh.take_turn(&gh.table(&g, &all), 0).unwrap();
    assert_eq!(mv, GhostMove::Revealed { spell: 13 });
    assert_eq!(gh.revealed, vec![13]);
    // Counter 2 is placed, so pick 2 now means counter 3.
    let all = vec![gh.clone()];
    let t = gh.table(&g, &all);
    assert_eq!(
        t.workers(3),
        1,
        "the ghost's own counter counts as a worker"
    );
    assert!(gh.clone().take_turn(&t, 7).is_err(), "only 7 counters left");
    let mv = gh.take_turn(&t, 2).unwrap();
    assert_eq!(
        mv,
        GhostMove::Placed {
            card: 8,
            worker: 3,
            loc: 3
        }
    );
    assert!(gh.take_turn(&gh.table(&g, &[]), 0).is_err(), "empty deck");
}

#[test]
fn a_card_without_active_location_is_wasted() {
    let g = board();
    let mut gh = Ghost::new(1);
    gh.deck = vec![GhostCard::Action(10)];
    let mv = gh.take_turn(&gh.table(&g, &[]), 0).unwrap();
    assert_eq!(mv, GhostMove::Wasted { card: 10 });
    assert_eq!(gh.placed(), 0);
    assert_eq!(gh.discard, vec![10]);
}

#[test]
fn ghosts_rank_on_the_seats_scale() {
    // Seat 0 has 4, the ghost 5: the ghost wins and no seat is first.
    let (seats, ghosts) = combined_ranks(&[4], &[1], &[5, 2], &[0, 0]);
    assert_eq!(seats, vec![1]);
    assert_eq!(ghosts, vec![0, 2]);
    // A tie is broken by the keys (scrolls), across seats and ghosts alike.
    let (seats, ghosts) = combined_ranks(&[5, 3], &[0, 0], &[5], &[16]);
    assert_eq!(seats, vec![1, 2]);
    assert_eq!(ghosts, vec![0]);
    let mut gh = Ghost::new(0);
    gh.deck.push(GhostCard::Spell(2));
    let s = gh.score();
    assert_eq!(s.total, 2);
    assert_eq!(s.breakdown.iter().map(|l| l.points).sum::<i64>(), s.total);
}

#[test]
fn keys_raise_the_guard_up_to_ten() {
    use tavern_plugin_keydoms::ghost::guard_with_keys;
    assert_eq!(guard_with_keys(3, 1), 5);
    assert_eq!(guard_with_keys(3, 2), 7, "both ghosts' keys add up");
    assert_eq!(guard_with_keys(9, 1), 10);
    assert_eq!(guard_with_keys(5, 0), 5);
}

#[test]
fn smuggler_takes_only_empty_keytown() {
    let mut g = board();
    put(&mut g, 0, MARKET);
    let t = table(&g, &[(STABLES, 1)], &[]);
    assert_eq!(t.empty_keytown(), vec![COTTAGE, ROUNDHOUSE]);
}

#[test]
fn moonlight_moves_the_strongest_cave_counter() {
    let mut g = board();
    cave(&mut g, 0, 3);
    let mut gh = Ghost::new(0);
    gh.workers[1].loc = Some(0);
    gh.workers[6].loc = Some(2);
    gh.workers[7].loc = Some(ROOM_L);
    gh.artefacts[AMULET as usize] = 1;
    let all = vec![gh.clone()];
    // Counter 7 is stronger but in the castle; counter 6 is the strongest in a cave.
    // K shows an amulet it has, so L (key) is the leftmost missing kind.
    assert_eq!(
        gh.moonlight(&gh.table(&g, &all), Mods::default()),
        Some((6, ROOM_L))
    );
    // Holding every displayed kind: the leftmost room.
    gh.artefacts[KEY as usize] = 1;
    gh.artefacts[MIRROR as usize] = 1;
    assert_eq!(
        gh.moonlight(&gh.table(&g, &all), Mods::default()),
        Some((6, ROOM_K))
    );
    gh.workers[6].loc = None;
    gh.workers[1].loc = None;
    assert_eq!(gh.moonlight(&gh.table(&g, &all), Mods::default()), None);
}

#[test]
fn exchange_prefers_rooms_without_ghosts() {
    let g = board();
    // Two amulets, no key or mirror: L and M both show missing kinds.
    let t = table(&g, &[(ROOM_L, 1)], &[AMULET, AMULET]);
    assert_eq!(t.trade_choice(true), Some((AMULET, ROOM_M)));
    assert_eq!(
        t.trade_choice(false),
        Some((AMULET, ROOM_L)),
        "Rearrange: leftmost"
    );
    // Both rooms hold a ghost: leftmost.
    let t = table(&g, &[(ROOM_L, 1), (ROOM_M, 1)], &[AMULET, AMULET]);
    assert_eq!(t.trade_choice(true), Some((AMULET, ROOM_L)));
    // No duplicate: nothing to trade.
    assert_eq!(table(&g, &[], &[AMULET, KEY]).trade_choice(true), None);
    // Nothing missing on display: nothing to take.
    let t = table(&g, &[], &[AMULET, AMULET, KEY, MIRROR]);
    assert_eq!(t.trade_choice(true), None);
    // The most-held kind goes.
    let t = table(&g, &[], &[KEY, KEY, SCROLL, SCROLL, SCROLL]);
    assert_eq!(t.trade_choice(true), Some((SCROLL, ROOM_K)));
}

#[test]
fn help_texts_cover_every_power_reward_and_used_spell() {
    use tavern_plugin_keydoms::data::COMPONENTS;
    for a in &COMPONENTS.artefacts {
        assert!(GHOSTS.artefact_powers.contains_key(&a.id), "{}", a.id);
    }
    for k in [
        "cave",
        "stables",
        "market",
        "cottage",
        "roundhouse",
        "guard",
        "castle",
    ] {
        assert!(GHOSTS.rewards.contains_key(k), "{k}");
    }
    for s in 1..=21u8 {
        let has = GHOSTS.spells_cast_by_ghost.contains_key(&s.to_string());
        assert_eq!(has, !GHOSTS.removed_spells.contains(&s), "spell {s}");
    }
    for k in GHOSTS.spells_cast_by_player_extra.keys() {
        let s: u8 = k.parse().unwrap();
        assert!(!GHOSTS.removed_spells.contains(&s));
    }
}
