//! The search bot plays honestly: worlds that differ only in what the bot's seat cannot
//! know (other seats' face-down strengths, other hands, the spell deck's order, ghosts'
//! counters and cards) give the same seeded search, and every world determinize makes
//! leaves the seat exactly the choices it has.

use rand::RngExt;
use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::game::check::scaled;
use tavern_plugin_api::search::{determinize_consistent, same_choices};
use tavern_plugin_api::{Game, GameRng, Setup, ToAct};
use tavern_plugin_keydoms::Keydoms;

fn setup(humans: usize, ghosts: &str) -> Setup {
    let mut s = Setup::players(humans);
    s.options.insert("ghosts".into(), ghosts.into());
    s
}

/// Positions of a random game where a seat has a real choice, every `every` steps.
fn positions(setup: &Setup, seed: u64, every: usize) -> Vec<(Keydoms, usize)> {
    let mut g = Keydoms::new(setup).unwrap();
    let mut rng = GameRng::new(seed);
    let mut out = Vec::new();
    let mut step = 0;
    loop {
        let (seat, a) = match g.to_act() {
            ToAct::Over => return out,
            ToAct::Chance => (None, g.sample_chance(&mut rng)),
            ToAct::Seats(s) => {
                let l = g.legal_actions(s[0]);
                if l.len() > 1 && step % every == 0 {
                    out.push((g.clone(), s[0]));
                }
                (Some(s[0]), l[rng.random_range(0..l.len())].clone())
            }
        };
        apply_checked(&mut g, seat, &a).unwrap();
        step += 1;
    }
}

const SETUPS: [(usize, &str); 4] = [(4, "0"), (3, "1"), (2, "auto"), (1, "auto")];

#[test]
fn determinized_worlds_leave_the_seat_its_choices() {
    for (i, (n, ghosts)) in SETUPS.into_iter().enumerate() {
        for seed in 0..scaled(3) as u64 {
            let mut rng = GameRng::new(seed + 100);
            for (g, seat) in positions(&setup(n, ghosts), seed * 7 + i as u64, 9) {
                determinize_consistent(&g, seat, 4, &mut rng)
                    .unwrap_or_else(|e| panic!("{n} players, ghosts {ghosts}, seed {seed}: {e}"));
            }
        }
    }
}

/// A world the seat cannot tell from `g`, with the spell deck also turned over.
fn hidden_twin(g: &Keydoms, seat: usize, rng: &mut GameRng) -> Keydoms {
    let mut b = g.determinize(seat, rng);
    b.m.deck.reverse();
    b
}

#[test]
fn search_sees_only_what_the_seat_knows() {
    let mut differed = 0;
    let mut checked = 0;
    for (i, (n, ghosts)) in SETUPS.into_iter().enumerate() {
        for seed in 0..scaled(1).max(1) as u64 {
            let mut rng = GameRng::new(seed + 500);
            for (g, seat) in positions(&setup(n, ghosts), seed * 13 + i as u64, 60)
                .into_iter()
                .take(4)
            {
                let b = hidden_twin(&g, seat, &mut rng);
                if serde_json::to_string(&g).unwrap() != serde_json::to_string(&b).unwrap() {
                    differed += 1;
                }
                same_choices(&g, &b, seat, 40, 0..2).unwrap_or_else(|e| {
                    panic!("{n} players, ghosts {ghosts}, seed {seed}, seat {seat}: {e}")
                });
                checked += 1;
            }
        }
    }
    assert!(checked >= 8, "only {checked} positions");
    assert!(
        differed * 2 >= checked,
        "most twins differ in hidden things ({differed} of {checked})"
    );
}
