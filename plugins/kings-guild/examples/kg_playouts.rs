//! A fixed piece of work for profilers (`valgrind --tool=callgrind`): `kg_playouts [games]
//! [players]` plays that many random complete games from seed 11 exactly as `tavern
//! bench`'s in-process line does (plugin-api's `abi::playouts`) and prints the actions
//! played, so instructions per game and per action can be read off the profile.
use tavern_plugin_api::{Game, Setup};
use tavern_plugin_kings_guild::Kg;

fn main() {
    let arg = |i: usize, d: u32| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(d)
    };
    let games = arg(1, 20);
    let players = arg(2, 2) as usize;
    let g = Kg::new(&Setup::players(players)).unwrap();
    let r = tavern_plugin_api::abi::playouts(&g, games, 11);
    println!(
        "{games} games at {players} players: {} actions ({:.1} per game), {:.0} games/s",
        r.actions,
        r.actions as f64 / games as f64,
        games as f64 / r.seconds
    );
}
