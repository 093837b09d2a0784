//! Random playouts: the one loop that plays a game forward (chance sampled, a seat's
//! choice by a given rule) for random games, the flat bot and the tree search alike.
//! Below both `bot` and `search`, so those two import it and not each other's.

use rand::RngExt;

use crate::game::{Game, Turn};
use crate::rng::GameRng;

/// Plays random legal actions (and samples chance) until the game ends or `max` actions.
/// Returns the number of actions taken.
pub fn random_playout<G: Game>(g: &mut G, rng: &mut GameRng, max: u64) -> u64 {
    playout_with(g, rng, max, &mut Vec::new(), |_, _, legal, rng| {
        rng.random_range(0..legal.len())
    })
}

/// Plays until the game ends or `max` actions, taking at each decision the index `choose`
/// picks from the acting seat's legal list (never empty when asked); chance is sampled, and
/// in a simultaneous step a random one of the seats to act moves. `legal` is a reusable
/// buffer. Returns the number of actions taken.
pub fn playout_with<G: Game>(
    g: &mut G,
    rng: &mut GameRng,
    max: u64,
    legal: &mut Vec<G::Action>,
    mut choose: impl FnMut(&G, usize, &[G::Action], &mut GameRng) -> usize,
) -> u64 {
    let mut n = 0;
    while n < max {
        let seat = match g.whose_turn() {
            Turn::Over => break,
            Turn::Chance => {
                let outcome = g.sample_chance(rng);
                if g.apply_quiet(None, &outcome).is_err() {
                    break;
                }
                n += 1;
                continue;
            }
            Turn::Seat(s) => s,
            Turn::Several => {
                let to_act = g.to_act();
                let seats = to_act.seats();
                if seats.is_empty() {
                    break;
                }
                seats[rng.random_range(0..seats.len())]
            }
        };
        legal.clear();
        g.legal_actions_into(seat, legal);
        if legal.is_empty() {
            break;
        }
        let i = choose(g, seat, legal, rng).min(legal.len() - 1);
        if g.apply_quiet(Some(seat), &legal[i]).is_err() {
            break;
        }
        n += 1;
    }
    n
}
