use tavern_plugin_api::{Game, Setup};
use tavern_plugin_dragonkeepers::Dk;
fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let g = Dk::new(&Setup::players(n)).unwrap();
    let r = tavern_plugin_api::abi::playouts(&g, 3000, 9);
    println!(
        "{n}p: {:.0} games/s, {} actions/game",
        3000.0 / r.seconds,
        r.actions / 3000
    );
}
