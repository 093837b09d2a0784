//! Prints (never asserts: the machine may be busy) random games per second in process and
//! apply + view time. Run with `cargo test --release -p tavern-kings-guild --test speed --
//! --nocapture`.
mod common;

use std::time::Instant;

use common::*;
use tavern_plugin_api::game::check::random_move;
use tavern_plugin_api::{Game, GameRng};
use tavern_plugin_kings_guild::Kg;

#[test]
fn speed_report() {
    for n in [1, 2, 4, 6] {
        let g = Kg::new(&setup(n)).unwrap();
        let games = 40;
        let t = Instant::now();
        let r = tavern_plugin_api::abi::playouts(&g, games, 5);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{n} players: {:.0} games/s, {} actions per game",
            games as f64 / secs,
            r.actions / games as u64
        );
    }
    let mut g = Kg::new(&setup(2)).unwrap();
    let mut rng = GameRng::new(1);
    let (mut apply, mut view, mut k) = (0.0, 0.0, 0);
    while let Some((seat, a)) = random_move(&g, &mut rng) {
        let t = Instant::now();
        let _ = g.apply(seat, &a).unwrap();
        apply += t.elapsed().as_secs_f64();
        let t = Instant::now();
        let v = g.view(seat.or(Some(0)));
        let _ = serde_json::to_string(&v).unwrap();
        view += t.elapsed().as_secs_f64();
        k += 1;
    }
    println!(
        "apply {:.4} ms, view {:.4} ms per action ({k} actions)",
        apply * 1000.0 / k as f64,
        view * 1000.0 / k as f64
    );
}
