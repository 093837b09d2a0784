//! Random-game and bot-iteration rates in process, the way bots and benches play
//! (`whose_turn`, `legal_actions_into`, `apply_quiet` until the end). Only prints: the
//! machine may be busy. `cargo run --release -p tavern-dragonkeepers --example speed`.
use std::time::Instant;

use tavern_plugin_api::bot::random_playout;
use tavern_plugin_api::{Game, GameRng, Setup};
use tavern_plugin_dragonkeepers::Dk;

fn main() {
    for n in 2..=4 {
        let g = Dk::new(&Setup::players(n)).unwrap();
        let games = 2000;
        let t = Instant::now();
        let r = tavern_plugin_api::abi::playouts(&g, games, 5);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{n} players: {games} random games in {secs:.3}s = {:.0} games/s, avg {} actions",
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
    }
}
