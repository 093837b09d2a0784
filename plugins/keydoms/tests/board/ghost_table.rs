//! The ghost-rule tests' table: a solo or ghost game made ready for its first
//! placement, and the small hand-built changes those tests make to it.

#![allow(clippy::needless_range_loop)]

use tavern_plugin_api::{Game, GameRng, Setup, ToAct};
use tavern_plugin_keydoms::data;
use tavern_plugin_keydoms::state::Action;
use tavern_plugin_keydoms::{Keydoms, Pending, Stage};

use crate::board::{self, human};

pub fn setup(humans: usize, ghosts: &str, extra: &[(&str, &str)]) -> Setup {
    let mut s = Setup::players(humans);
    s.options.insert("ghosts".into(), ghosts.into());
    for (k, v) in extra {
        s.options.insert((*k).into(), (*v).into());
    }
    s
}

/// A game after its setup chance steps and the starting treasures, at the first
/// placement decision of seat 0.
pub fn ready(humans: usize, ghosts: &str, extra: &[(&str, &str)]) -> Keydoms {
    let mut g = Keydoms::new(&setup(humans, ghosts, extra)).unwrap();
    let mut rng = GameRng::new(3);
    loop {
        match g.to_act() {
            ToAct::Chance => {
                let a = g.sample_chance(&mut rng);
                board::apply(&mut g, None, &a).unwrap();
            }
            ToAct::Seats(s) if g.stage == Stage::Placing => {
                assert_eq!(s, vec![0]);
                return g;
            }
            ToAct::Seats(s) => {
                let a = g.legal_actions(s[0])[0].clone();
                board::apply(&mut g, Some(s[0]), &a).unwrap();
            }
            ToAct::Over => panic!("over before it began"),
        }
    }
}

/// [`ready`], with the board cleared for a hand-built round ([`board::clear`]).
pub fn cleared(humans: usize, ghosts: &str, extra: &[(&str, &str)]) -> Keydoms {
    let mut g = ready(humans, ghosts, extra);
    board::clear(&mut g);
    g
}

/// Moves value from the treasury onto a cave ledge (type `t`).
pub fn ledge(g: &mut Keydoms, cave: usize, l: usize, t: usize, v: u8) {
    let back = std::mem::take(&mut g.caves[cave][l]);
    for k in 0..data::TYPES {
        g.treasury[k] += back[k];
    }
    g.treasury[t] -= v;
    g.caves[cave][l][t] = v;
}

/// A strength-1 worker of `seat` in room M (the last room in use with three at the
/// table): the flow stops at its purchase.
pub fn stopper(g: &mut Keydoms, seat: usize) {
    human(g, seat, 1, data::ROOM_M);
}

/// Seat 0's [`stopper`] goes out and every human worker still behind the screen to the
/// guard room ([`board::park`]); then the flow runs on into resolution, up to the
/// stopper's purchase unless something stops it first.
pub fn run_to_stopper(g: &mut Keydoms) {
    stopper(g, 0);
    board::park(g);
    board::run(g);
}

pub fn at_buy(g: &Keydoms) -> bool {
    matches!(g.pending, Some(Pending::Buy { room, .. }) if room == data::ROOM_M)
}

/// Plays until the dark ghost's first turn of the round has been applied.
pub fn until_dark_ghost_turn(g: &mut Keydoms) {
    let mut rng = GameRng::new(8);
    loop {
        match g.to_act() {
            ToAct::Chance => {
                let a = g.sample_chance(&mut rng);
                board::apply(g, None, &a).unwrap();
                if matches!(a, Action::GhostTurn { ghost: 0, .. }) {
                    return;
                }
            }
            ToAct::Seats(s) => {
                let a = g
                    .legal_actions(s[0])
                    .into_iter()
                    .find(|a| matches!(a, Action::Place { .. }))
                    .unwrap_or(Action::PassRound);
                board::apply(g, Some(s[0]), &a).unwrap();
            }
            ToAct::Over => panic!("over"),
        }
    }
}
