//! Dragonkeepers' one measuring tool: random-game and bot-iteration rates in process,
//! the way bots and benches play (`whose_turn`, `legal_actions_into`, `apply_quiet`
//! until the end), and the cost of one legal list over positions of random games. Only
//! prints (the machine may be busy):
//! `cargo run --release -p tavern-dragonkeepers --example speed -- [games]`.
//! Whether the fast hooks still play the same games is `tests/hooks.rs`.
use std::time::Instant;

use rand::RngExt;
use tavern_plugin_api::bot::random_playout;
use tavern_plugin_api::{Game, GameRng, Setup, ToAct};
use tavern_plugin_dragonkeepers::Dk;

fn main() {
    let games: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    for n in 2..=4 {
        let g = Dk::new(&Setup::players(n)).unwrap();
        let t = Instant::now();
        let r = tavern_plugin_api::abi::playouts(&g, games, 5);
        let secs = t.elapsed().as_secs_f64();
        let avg: Vec<i64> = r.score_sums.iter().map(|s| s / games as i64).collect();
        println!(
            "{n} players: {games} random games in {secs:.3}s = {:.0} games/s, avg {} actions, \
             avg scores {avg:?}",
            games as f64 / secs,
            r.actions / games as u64
        );
        // A bot's unit of work: re-sample the hidden cards, then play out from there.
        let mut mid = g.clone();
        let mut rng = GameRng::new(n as u64);
        random_playout(&mut mid, &mut rng, 200);
        let iterations = 1000;
        let t = Instant::now();
        for _ in 0..iterations {
            let mut w = mid.determinize(mid.actor().unwrap_or(0), &mut rng);
            random_playout(&mut w, &mut rng, 1_000_000);
        }
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{n} players: {:.0} bot iterations/s (determinize + playout from action 200)",
            iterations as f64 / secs
        );
        legal_cost(n);
    }
}

/// Nanoseconds per legal list over every fifth decision of 100 random games.
fn legal_cost(n: usize) {
    let mut positions = Vec::new();
    let mut rng = GameRng::new(1);
    for _ in 0..100 {
        let mut g = Dk::new(&Setup::players(n)).unwrap();
        let mut k = 0;
        loop {
            let (seat, a) = match g.to_act() {
                ToAct::Over => break,
                ToAct::Chance => (None, g.sample_chance(&mut rng)),
                ToAct::Seats(v) => {
                    k += 1;
                    if k % 5 == 0 {
                        positions.push((g.clone(), v[0]));
                    }
                    let l = g.legal_actions(v[0]);
                    (Some(v[0]), l[rng.random_range(0..l.len())].clone())
                }
            };
            g.apply_quiet(seat, &a).unwrap();
        }
    }
    let repeats = 10;
    let t = Instant::now();
    let mut total = 0;
    for _ in 0..repeats {
        for (g, s) in &positions {
            total += std::hint::black_box(g.legal_actions(*s)).len();
        }
    }
    let calls = (positions.len() * repeats).max(1);
    println!(
        "{n} players: {:.0} ns per legal list, {:.1} actions ({} positions)",
        t.elapsed().as_nanos() as f64 / calls as f64,
        total as f64 / calls as f64,
        positions.len()
    );
}
