//! Random-playout speed and score spread: `cargo run --release --example bench -- 3 [games]`.
use tavern_plugin_api::{Game, Setup};
use tavern_plugin_dragonkeepers::Dk;
fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let games: u32 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3000);
    let g = Dk::new(&Setup::players(n)).unwrap();
    let r = tavern_plugin_api::abi::playouts(&g, games, 9);
    let avg: Vec<i64> = r.score_sums.iter().map(|s| s / games as i64).collect();
    println!(
        "{n}p: {:.0} games/s (wall), {} actions/game, avg scores {avg:?}, wins {:?}",
        games as f64 / r.seconds,
        r.actions / games as u64,
        r.wins
    );
}
