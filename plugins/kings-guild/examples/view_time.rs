//! Times building and serialising views at random positions (quiet-machine figure for
//! the apply + view target): `view_time <players>`.
use std::time::Instant;

use tavern_plugin_api::game::check::random_move;
use tavern_plugin_api::{Game, GameRng, Setup};
use tavern_plugin_kings_guild::Kg;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2);
    let mut g = Kg::new(&Setup::players(n)).unwrap();
    let mut rng = GameRng::new(3);
    let mut states = Vec::new();
    while let Some((seat, a)) = random_move(&g, &mut rng) {
        g.apply(seat, &a).unwrap();
        states.push(g.clone());
    }
    let t = Instant::now();
    let mut bytes = 0;
    for s in &states {
        let v = s.view(Some(0));
        bytes += serde_json::to_string(&v).unwrap().len();
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{n} players: view + JSON {:.3} ms, {} bytes on average",
        secs * 1000.0 / states.len() as f64,
        bytes / states.len()
    );
}
