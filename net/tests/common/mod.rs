//! Helpers the net tests share: an authority over a game in-process, every seat joined
//! by a key of its own, and a random player that picks from the frames it is sent.
#![allow(dead_code)]

use tavern_net::local::GameBackend;
use tavern_net::proto::{ClientMsg, PROTOCOL_VERSION};
use tavern_net::{Authority, Backend, Joined, SeatConfig};
use tavern_plugin_api::{Game, Setup};

/// A seed whose decimal and hex forms are long enough that finding one in a frame by
/// chance is out of the question.
pub fn big_seed(i: u64) -> u64 {
    0xC0FF_EE00_0000_0000 | (i.wrapping_mul(0x9E37_79B9) & 0xFFFF_FFFF_FFFF)
}

pub fn hello<B: Backend>(a: &Authority<B>, token: &str) -> ClientMsg {
    ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
        game: a.backend().game_id(),
        version: a.backend().game_version(),
        token: token.to_string(),
        name: String::new(),
    }
}

/// An authority over a new game of `G` with `players` seats, every seat a person's,
/// each joined by key "key-<seat>".
pub fn table<G: Game>(players: usize, seed: u64) -> (Authority<GameBackend<G>>, Vec<Joined>) {
    let mut setup = Setup::players(players);
    setup.seed = seed;
    let b = GameBackend::<G>::new(&setup).expect("the game starts");
    let seats = (0..players)
        .map(|i| SeatConfig {
            name: format!("Player {}", i + 1),
            bot: None,
        })
        .collect();
    let mut a = Authority::new(b, seats);
    let joined = (0..players)
        .map(|s| {
            let h = hello(&a, a.seat_token(s).unwrap());
            a.join(&h, &format!("key-{s}")).expect("joins")
        })
        .collect();
    (a, joined)
}

/// One random decision by a seat that must act, chosen from its own frame's list
/// (plan steps included), as a remote client would. Returns false when nobody can act.
pub fn random_act<B: Backend>(a: &mut Authority<B>, joined: &[Joined], rng: &mut u64) -> bool {
    let f = a.frame_for(None, usize::MAX).expect("frame");
    if f.over || f.to_act.is_empty() {
        return false;
    }
    let seat = f.to_act[(next(rng) % f.to_act.len() as u64) as usize];
    let mine = a.frame_for(Some(seat), usize::MAX).expect("frame");
    assert!(
        !mine.legal.is_empty(),
        "seat {seat} must act but has no choice"
    );
    let index = (next(rng) % mine.legal.len() as u64) as usize;
    let msg = ClientMsg::Act {
        seat,
        revision: mine.revision,
        index,
    };
    a.handle(joined[seat], &msg)
        .unwrap_or_else(|e| panic!("a listed choice is refused: {e:?}"));
    true
}

/// SplitMix64, so the tests need no RNG crate.
pub fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
