//! The search bot's honesty: what a seat cannot know never changes what it plays, and
//! every world it samples leaves its own choices as they are.
mod common;

use common::*;
use tavern_plugin_api::game::check::{random_move, scaled};
use tavern_plugin_api::search::{determinize_consistent, same_choices};
use tavern_plugin_api::{Game, GameRng, Setup};
use tavern_plugin_dragonkeepers::Dk;
use tavern_plugin_dragonkeepers::data::{card, data};
use tavern_plugin_dragonkeepers::model::Item;
use tavern_plugin_dragonkeepers::model::Phase;

fn setups() -> Vec<Setup> {
    let mut every_item = vec![("chests", "chosen")];
    every_item.extend(Item::ALL.iter().map(|it| (it.key(), "yes")));
    vec![
        setup(2),
        setup_with(3, &[("chests", "random")]),
        setup_with(4, &every_item),
        setup_with(2, &every_item),
        setup_with(4, &[("variant", "children")]),
    ]
}

/// Where a card lies, for moving hidden cards between places.
#[derive(Clone, Copy)]
enum At {
    Page(usize, usize),
    Hand(usize, usize),
    Box(usize),
}

fn get(g: &Dk, at: At) -> u8 {
    match at {
        At::Page(p, i) => g.pages[p][i].card,
        At::Hand(s, i) => g.players[s].hand[i],
        At::Box(i) => g.start_pile[i],
    }
}

fn put(g: &mut Dk, at: At, c: u8) {
    match at {
        At::Page(p, i) => g.pages[p][i].card = c,
        At::Hand(s, i) => g.players[s].hand[i] = c,
        At::Box(i) => g.start_pile[i] = c,
    }
}

/// The same position with what `viewer` cannot know dealt anew: the fronts of face-down
/// cards it did not place, other hands' cards nobody saw, the order of the page stacks
/// and the box, and the values of other seats' (and the supply's) pearls. Cards that
/// everyone saw, or that a look-alike may have swapped with (a mix), stay, and every card
/// keeps its back, so the viewer sees exactly the same table.
fn hidden_twin(g: &Dk, viewer: usize, rng: &mut GameRng) -> Dk {
    let mut t = g.clone();
    let hidden = |c: u8| !g.seen.is_public(c) && g.seen.mix_of(c) == 0;
    let mut places = Vec::new();
    for (p, page) in g.pages.iter().enumerate() {
        for (i, s) in page.iter().enumerate() {
            if s.placed_by != Some(viewer as u8) && hidden(s.card) {
                places.push(At::Page(p, i));
            }
        }
    }
    for (s, pl) in g.players.iter().enumerate() {
        for (i, &c) in pl.hand.iter().enumerate() {
            if s != viewer && hidden(c) && !g.step.selection.contains(&c) {
                places.push(At::Hand(s, i));
            }
        }
    }
    places.extend((0..g.start_pile.len()).map(At::Box));
    // Shuffle within each back: a page slot's back shows the deck even when unseen.
    let mut backs: Vec<_> = places.iter().map(|&a| card(get(g, a)).back).collect();
    backs.dedup();
    for back in backs {
        let same: Vec<At> = places
            .iter()
            .copied()
            .filter(|&a| card(get(g, a)).back == back)
            .collect();
        let cards: Vec<u8> = same.iter().map(|&a| get(g, a)).collect();
        let order = rng.permutation(same.len());
        for (k, &a) in same.iter().enumerate() {
            put(&mut t, a, cards[order[k]]);
        }
    }
    // Pearls of one colour change hands among the other seats and the supply.
    let red = data().red_pearls;
    for want_red in [true, false] {
        let is = |pe: u8| (pe < red) == want_red;
        let mut ids: Vec<u8> = (0..data().pearl_values.len() as u8)
            .filter(|&pe| is(pe) && g.pearl_supply & (1 << pe) != 0)
            .collect();
        for (s, pl) in g.players.iter().enumerate() {
            if s != viewer {
                ids.extend(pl.pearls.iter().copied().filter(|&pe| is(pe)));
            }
        }
        let order = rng.permutation(ids.len());
        let mut next = order.iter().map(|&k| ids[k]);
        for (s, pl) in t.players.iter_mut().enumerate() {
            if s != viewer {
                for pe in pl.pearls.iter_mut().filter(|pe| is(**pe)) {
                    *pe = next.next().unwrap();
                }
            }
        }
        for pe in &ids {
            t.pearl_supply &= !(1 << pe);
        }
        for pe in next {
            t.pearl_supply |= 1 << pe;
        }
    }
    t
}

/// Positions from random games where a seat decides (not setup, no pearl pending).
fn positions(s: &Setup, seed: u64, every: usize) -> Vec<Dk> {
    let mut g = Dk::new(s).unwrap();
    let mut rng = GameRng::new(seed);
    let mut out = Vec::new();
    let mut steps = 0;
    while let Some((seat, a)) = random_move(&g, &mut rng) {
        g.apply(seat, &a).unwrap();
        steps += 1;
        if steps % every == 0 && g.actor().is_some() && !matches!(g.phase, Phase::Setup(_)) {
            out.push(g.clone());
        }
    }
    out
}

#[test]
fn hidden_twins_look_the_same_and_differ() {
    let mut rng = GameRng::new(5);
    let mut differ = 0;
    for s in setups() {
        for g in positions(&s, 1, 40) {
            let viewer = g.actor().unwrap();
            let t = hidden_twin(&g, viewer, &mut rng);
            invariants(&t);
            assert_eq!(
                serde_json::to_value(g.view(Some(viewer))).unwrap(),
                serde_json::to_value(t.view(Some(viewer))).unwrap(),
                "the twin must look the same to seat {viewer}"
            );
            assert_eq!(g.legal_actions(viewer), t.legal_actions(viewer));
            differ += usize::from(g != t);
        }
    }
    // Otherwise the honesty test below compares states with themselves.
    assert!(
        differ > 20,
        "only {differ} twins differ from their original"
    );
}

/// The honesty test of issue 15: two states that differ only in what the searching seat
/// cannot know get the same search, candidate by candidate, for the same seeds.
#[test]
fn the_search_plays_the_same_without_seeing_hidden_cards() {
    let mut rng = GameRng::new(9);
    let mut checked = 0;
    for (k, s) in setups().iter().enumerate() {
        for seed in 0..scaled(2) as u64 {
            for g in positions(s, 100 * k as u64 + seed, 55) {
                let seat = g.actor().unwrap();
                let twin = hidden_twin(&g, seat, &mut rng);
                if twin == g {
                    continue;
                }
                if let Err(e) = same_choices(&g, &twin, seat, 120, 0..2) {
                    panic!("{} seats, seed {seed}, turn {}: {e}", s.seats.len(), g.turn);
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 10, "only {checked} positions checked");
}

/// Every sampled world leaves the seat to act its own choices, in order, at every kind
/// of decision of random games.
#[test]
fn every_seat_to_act_keeps_its_choices_in_sampled_worlds() {
    let mut rng = GameRng::new(13);
    let mut checked = 0;
    for (k, s) in setups().iter().enumerate() {
        for seed in 0..scaled(3) as u64 {
            for g in positions(s, 1000 + 100 * k as u64 + seed, 7) {
                for &seat in g.to_act().seats() {
                    if let Err(e) = determinize_consistent(&g, seat, 4, &mut rng) {
                        panic!("{} seats, seed {seed}, turn {}: {e}", s.seats.len(), g.turn);
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 500, "only {checked} positions checked");
}

/// Finishes `g` the way a search playout does: the game's policy, or uniform picks.
fn finish(g: &mut Dk, policy: bool, rng: &mut GameRng) {
    use tavern_plugin_api::game::Turn;
    let mut legal = Vec::new();
    loop {
        let seat = match g.whose_turn() {
            Turn::Over => return,
            Turn::Chance => {
                let a = g.sample_chance(rng);
                g.apply_quiet(None, &a).unwrap();
                continue;
            }
            Turn::Seat(s) => s,
            Turn::Several => unreachable!("one seat acts at a time"),
        };
        legal.clear();
        g.legal_actions_into(seat, &mut legal);
        let i = if policy {
            g.playout_choice(seat, &legal, rng)
        } else {
            rng.die(legal.len() as u32) as usize - 1
        };
        assert!(i < legal.len(), "the policy picked outside the list");
        g.apply_quiet(Some(seat), &legal[i]).unwrap();
    }
}

/// The playout policy makes a ready play and carries a started selection on, so its
/// playouts look like games: far more turns lay out dragons, and the games end in
/// fewer turns than with uniform picks.
#[test]
fn policy_playouts_lay_out_dragons() {
    for s in setups() {
        let n = s.seats.len();
        let (mut plays, mut turns) = ([0usize; 2], [0u32; 2]);
        for (k, policy) in [false, true].into_iter().enumerate() {
            let mut rng = GameRng::new(3);
            for _ in 0..scaled(20) {
                let mut g = Dk::new(&s).unwrap();
                finish(&mut g, policy, &mut rng);
                assert!(g.outcome().is_some());
                plays[k] += g.players.iter().map(|p| p.laid_out()).sum::<usize>();
                turns[k] += g.turn;
            }
        }
        // Dragons laid out per turn, uniform against policy.
        let rate = |k: usize| plays[k] as f64 / turns[k] as f64;
        assert!(turns[1] < turns[0], "{n} seats: {turns:?} turns");
        assert!(
            rate(1) > 1.5 * rate(0),
            "{n} seats: {:.2} dragons a turn with the policy, {:.2} without",
            rate(1),
            rate(0)
        );
    }
}

/// A ready play is always taken, and an item is never switched back off while a play
/// can still be made, at every decision of random games.
#[test]
fn policy_takes_a_ready_play() {
    use tavern_plugin_dragonkeepers::Action;
    let mut rng = GameRng::new(21);
    let mut seen_plays = 0;
    for s in setups() {
        for seed in 0..scaled(3) as u64 {
            for g in positions(&s, 500 + seed, 3) {
                let seat = g.actor().unwrap();
                let legal = g.legal_actions(seat);
                let i = g.playout_choice(seat, &legal, &mut rng);
                let a = &legal[i];
                if legal.iter().any(|a| matches!(a, Action::Play { .. })) {
                    seen_plays += 1;
                    assert!(matches!(a, Action::Play { .. }), "{a:?} over a ready play");
                }
                if legal.len() > 1 {
                    assert!(!matches!(a, Action::Disarm { .. }), "{a:?} picked");
                }
            }
        }
    }
    assert!(seen_plays > 10, "only {seen_plays} ready plays seen");
}
