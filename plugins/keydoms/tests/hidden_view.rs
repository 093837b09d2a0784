//! A seat's view and its move list depend only on what that seat knows: drawn from the
//! true game or from a `determinize` twin re-dealt for that seat, they are the same.
//! Ghost games matter most here: a ghost's face-down counters are swapped among
//! themselves by the re-deal, so any list of them in their own order tells them apart.

mod common;

use tavern_plugin_api::game::check::scaled;
use tavern_plugin_api::{Game, GameRng, ToAct};
use tavern_plugin_keydoms::Keydoms;

/// Everything `seat` is shown: the view, and each legal move's label, target and action.
fn seen(g: &Keydoms, seat: usize) -> String {
    let v = serde_json::to_string(&g.view(Some(seat))).unwrap();
    let legal: Vec<String> = g
        .legal(seat)
        .into_iter()
        .map(|l| {
            format!(
                "{}|{:?}|{}",
                l.label,
                l.target,
                serde_json::to_string(&l.action).unwrap()
            )
        })
        .collect();
    format!("{v}\n{}", legal.join("\n"))
}

fn first_difference(a: &str, b: &str) -> String {
    let at = a
        .bytes()
        .zip(b.bytes())
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    let lo = at.saturating_sub(160);
    let hi = |s: &str| (at + 160).min(s.len());
    format!("\n real: …{}…\n twin: …{}…", &a[lo..hi(a)], &b[lo..hi(b)])
}

fn check_game(humans: usize, ghosts: &str, seed: u64) {
    let mut rng = GameRng::new(seed);
    let mut twin_rng = GameRng::new(seed ^ 0x5EED);
    let mut g = Keydoms::new(&common::setup(humans, ghosts, true)).unwrap();
    for step in 0..4_000 {
        if step % 3 == 0 {
            for s in 0..humans {
                let twin = g.determinize(s, &mut twin_rng);
                let (real, other) = (seen(&g, s), seen(&twin, s));
                assert!(
                    real == other,
                    "{humans} players, ghosts {ghosts}, seed {seed}, step {step}: seat {s}'s \
                     view depends on what it cannot know{}",
                    first_difference(&real, &other)
                );
            }
        }
        if matches!(g.to_act(), ToAct::Over) || !common::random_step(&mut g, &mut rng) {
            return;
        }
    }
}

#[test]
fn ghost_games_show_a_seat_only_what_it_knows() {
    for seed in 0..scaled(6) as u64 {
        check_game(1, "auto", seed);
        check_game(2, "auto", seed + 100);
        check_game(3, "1", seed + 200);
    }
}

#[test]
fn games_without_ghosts_show_a_seat_only_what_it_knows() {
    for seed in 0..scaled(4) as u64 {
        check_game(3 + (seed % 4) as usize, "0", seed + 300);
    }
}
