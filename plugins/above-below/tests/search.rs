//! The search bot plays honestly. Nothing on this table is face down, but the order in
//! which a pile's unseen cards happen to be stored is something no seat can see: a twin
//! whose piles list their unseen cards in another order must get the same seeded search,
//! and every world determinize makes leaves the seat exactly its choices.
mod common;

use common::setup;
use rand::RngExt;
use tavern_plugin_above_below::{Ab, Deck};
use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::game::check::scaled;
use tavern_plugin_api::search::{determinize_consistent, same_choices};
use tavern_plugin_api::{Game, GameRng, ToAct};

/// Positions of a random game where a seat has a real choice, every `every` steps.
fn positions(players: usize, seed: u64, every: usize, limit: usize) -> Vec<(Ab, usize)> {
    let mut g = Ab::new(&setup(players)).unwrap();
    let mut rng = GameRng::new(seed);
    let mut out = Vec::new();
    let mut step = 0;
    while out.len() < limit {
        let (seat, a) = match g.to_act() {
            ToAct::Over => break,
            ToAct::Chance => (None, g.sample_chance(&mut rng)),
            ToAct::Seats(s) => {
                let l = g.legal_actions(s[0]);
                if l.len() > 1 && step % every == 0 {
                    out.push((g.clone(), s[0]));
                }
                (Some(s[0]), l[rng.random_range(0..l.len())])
            }
        };
        apply_checked(&mut g, seat, &a).unwrap();
        step += 1;
    }
    out
}

/// The same table with every pile's unseen cards stored in reverse order.
fn hidden_twin(g: &Ab) -> Ab {
    let mut b = g.clone();
    for d in [
        Deck::Houses,
        Deck::Outposts,
        Deck::Keys,
        Deck::Villagers,
        Deck::BasicCaves,
        Deck::DangerousCaves,
    ] {
        b.pile_mut(d).unseen.reverse();
    }
    b
}

#[test]
fn determinized_worlds_leave_the_seat_its_choices() {
    for players in 2..=4 {
        for seed in 0..scaled(3) as u64 {
            let mut rng = GameRng::new(seed + 50);
            for (g, seat) in positions(players, seed * 11 + players as u64, 37, 12) {
                determinize_consistent(&g, seat, 3, &mut rng)
                    .unwrap_or_else(|e| panic!("{players} players, seed {seed}: {e}"));
            }
        }
    }
}

#[test]
fn how_unseen_cards_are_stored_does_not_change_the_search() {
    let mut checked = 0;
    for players in 2..=4 {
        for (g, seat) in positions(players, 300 + players as u64, 53, scaled(3).max(1)) {
            checked += 1;
            let twin = hidden_twin(&g);
            assert_ne!(
                g.pile(Deck::Villagers).unseen,
                twin.pile(Deck::Villagers).unseen,
                "the twin differs"
            );
            same_choices(&g, &twin, seat, 60, 0..2)
                .unwrap_or_else(|e| panic!("{players} players: {e}"));
        }
    }
    assert!(checked >= 3, "only {checked} positions");
}
