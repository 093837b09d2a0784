//! Hidden information: hands, the shared quest's draws, the quest deck's order and
//! secret bids never reach another seat's view; draws are named only to the drawer.
mod common;

use common::*;
use tavern_plugin_api::game::check::random_move;
use tavern_plugin_api::search::determinize_consistent;
use tavern_plugin_api::{Game, GameRng};
use tavern_plugin_kings_guild::data::treasure;
use tavern_plugin_kings_guild::model::Pending;
use tavern_plugin_kings_guild::{Action, Kg};

fn json<T: serde::Serialize>(t: &T) -> String {
    serde_json::to_string(t).unwrap()
}

/// Walks random games and calls `f` on every position.
fn walk(n: usize, seed: u64, mut f: impl FnMut(&Kg, usize)) {
    let mut g = Kg::new(&setup(n)).unwrap();
    let mut rng = GameRng::new(seed);
    let mut i = 0;
    while let Some((seat, a)) = random_move(&g, &mut rng) {
        g.apply(seat, &a).unwrap();
        i += 1;
        f(&g, i);
    }
}

#[test]
fn a_view_is_the_same_in_every_world_the_viewer_cannot_tell_apart() {
    for n in 2..=5 {
        let mut rng = GameRng::new(n as u64);
        walk(n, 100 + n as u64, |g, i| {
            if i % 7 != 0 {
                return;
            }
            for v in 0..n {
                // Other hands, the pool, the quest deck's order and others' bids re-drawn.
                let other = g.determinize(v, &mut rng);
                assert_eq!(
                    json(&g.view(Some(v))),
                    json(&other.view(Some(v))),
                    "seat {v} sees hidden information"
                );
            }
            let other = g.determinize(0, &mut rng);
            let mut spectator = other.clone();
            spectator.players[0].hand = g.players[0].hand.clone();
            assert_eq!(
                json(&g.view(None)),
                json(&other.view(None)),
                "the spectator sees a hand"
            );
        });
    }
}

#[test]
fn two_states_differing_only_in_one_hand_look_the_same_to_the_others() {
    let mut checked = 0;
    walk(3, 9, |g, _| {
        let h = &g.players[1].hand;
        if h.is_empty() || checked > 40 {
            return;
        }
        // Swap one card of seat 1 for another kind of the same colour from the deck.
        let k = h[0];
        let Some(other) = (0..g.deck.len() as u8).find(|&x| {
            x != k && g.deck[x as usize] > 0 && treasure(x).colour == treasure(k).colour
        }) else {
            return;
        };
        let mut g2 = g.clone();
        g2.players[1].hand[0] = other;
        g2.deck[other as usize] -= 1;
        g2.deck[k as usize] += 1;
        for v in [0usize, 2] {
            assert_eq!(json(&g.view(Some(v))), json(&g2.view(Some(v))));
        }
        assert_ne!(
            json(&g.view(Some(1))),
            json(&g2.view(Some(1))),
            "the owner sees its own card"
        );
        checked += 1;
    });
    assert!(checked > 10);
}

#[test]
fn secret_bids_and_hidden_coins_during_the_funeral() {
    let mut seen = 0;
    for seed in 0..40 {
        walk(3, seed, |g, _| {
            let Some(Pending::Funeral { bids, .. }) = g.pending.front() else {
                return;
            };
            if bids[0].is_none() || seen > 20 {
                return;
            }
            // Another bid and other coins for seat 0: seats 1 and 2 cannot tell.
            let mut g2 = g.clone();
            if let Some(Pending::Funeral { bids, .. }) = g2.pending.front_mut() {
                bids[0] = Some(bids[0].unwrap().wrapping_add(1));
            }
            g2.players[0].coins += 3;
            for v in [1usize, 2] {
                assert_eq!(json(&g.view(Some(v))), json(&g2.view(Some(v))));
            }
            seen += 1;
        });
    }
    assert!(seen > 0, "no funeral with a bid in the sample");
}

#[test]
fn a_draw_is_named_only_to_the_drawer() {
    let mut checked = 0;
    walk(3, 4, |_, _| {});
    let mut g = Kg::new(&setup(3)).unwrap();
    let mut rng = GameRng::new(4);
    while let Some((seat, a)) = random_move(&g, &mut rng) {
        let drawer = match g.pending.front() {
            Some(Pending::Draw { seat, .. }) => Some(*seat as usize),
            _ => None,
        };
        let applied = g.apply(seat, &a).unwrap();
        if let (Some(d), Action::Drawn { kind }) = (drawer, &a) {
            let name = &treasure(*kind).name;
            assert!(
                !applied.label.contains(name.as_str()),
                "public label names the card: {}",
                applied.label
            );
            assert!(applied.text_for(None, Some(d)).contains(name.as_str()));
            for other in (0..3).filter(|&o| o != d) {
                assert!(!applied.text_for(None, Some(other)).contains(name.as_str()));
            }
            assert!(applied.reveal);
            checked += 1;
        }
    }
    assert!(checked > 5);
}

#[test]
fn tampered_draws_are_refused() {
    use tavern_plugin_api::game::apply_checked;
    let mut g = Kg::new(&setup(2)).unwrap();
    let mut rng = GameRng::new(2);
    while let Some((seat, a)) = random_move(&g, &mut rng) {
        if let Some(Pending::Draw { colour, .. }) = g.pending.front() {
            // A card of another colour, or one the deck no longer holds.
            let bad = (0..g.deck.len() as u8)
                .find(|&k| treasure(k).colour != *colour || g.deck[k as usize] == 0)
                .unwrap();
            let before = json(&g);
            assert!(apply_checked(&mut g, None, &Action::Drawn { kind: bad }).is_err());
            assert_eq!(before, json(&g), "a refused outcome changed the state");
            assert!(g.chance_outcomes().unwrap().contains(&a));
            return;
        }
        g.apply(seat, &a).unwrap();
    }
    panic!("no draw happened");
}

#[test]
fn a_tampered_deal_is_refused() {
    use tavern_plugin_api::game::apply_checked;
    let g = Kg::new(&setup(4)).unwrap();
    let Action::Deal(mut d) = g.sample_chance(&mut GameRng::new(1)) else {
        panic!()
    };
    d.boards[0] = d.boards[1];
    let mut h = g.clone();
    assert!(apply_checked(&mut h, None, &Action::Deal(d)).is_err());
}

#[test]
fn determinized_worlds_keep_the_viewers_choices() {
    let mut rng = GameRng::new(77);
    for n in [2, 4, 6] {
        walk(n, 300 + n as u64, |g, i| {
            if i % 11 != 0 {
                return;
            }
            for s in g.deciders() {
                determinize_consistent(g, s, 4, &mut rng).unwrap();
            }
        });
    }
}

/// A bot cannot read another hand: two states that differ only in seat 1's cards make
/// seat 0's seeded search rate every choice the same.
#[test]
fn the_bot_cannot_see_other_hands() {
    use tavern_plugin_api::search::same_choices;
    let mut checked = 0;
    walk(2, 21, |g, _| {
        if checked >= 2
            || g.deciders() != vec![0]
            || g.players[1].hand.is_empty()
            || !g.pending.is_empty()
        {
            return;
        }
        let k = g.players[1].hand[0];
        let Some(other) = (0..g.deck.len() as u8).find(|&x| {
            x != k && g.deck[x as usize] > 0 && treasure(x).colour == treasure(k).colour
        }) else {
            return;
        };
        let mut g2 = g.clone();
        g2.players[1].hand[0] = other;
        g2.deck[other as usize] -= 1;
        g2.deck[k as usize] += 1;
        same_choices(g, &g2, 0, 40, 0..2).unwrap();
        checked += 1;
    });
    assert!(checked > 0);
}

/// Nor the order of the quest deck: two states with the same Age II cards in another
/// order look the same to a seeded search.
#[test]
fn the_bot_cannot_see_the_quest_deck_order() {
    use tavern_plugin_api::search::same_choices;
    let mut done = false;
    walk(2, 23, |g, _| {
        if done || g.deciders() != vec![0] || !g.pending.is_empty() || g.quest_deck.len() < 4 {
            return;
        }
        use tavern_plugin_kings_guild::QCard;
        let both_quests = matches!(g.quest_deck[1], QCard::Quest(_))
            && matches!(g.quest_deck[2], QCard::Quest(_));
        if !both_quests {
            return;
        }
        let mut g2 = g.clone();
        // Swap two Age II quests (the bottom card is the Offering).
        g2.quest_deck.swap(1, 2);
        same_choices(g, &g2, 0, 30, 0..2).unwrap();
        done = true;
    });
    assert!(done);
}
