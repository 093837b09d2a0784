//! Prints one line per random game from seed 11 (its length, the scores and a hash of
//! the final state's save), so a speed change can be checked to play exactly the same
//! games: `kg_same_games [games] [players] > before.txt`, change, run again, `diff`.
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use tavern_plugin_api::{Game, GameRng, Setup};
use tavern_plugin_kings_guild::Kg;

fn main() {
    let arg = |i: usize, d: u32| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(d)
    };
    let games = arg(1, 200);
    let players = arg(2, 2) as usize;
    let start = Kg::new(&Setup::players(players)).unwrap();
    let mut rng = GameRng::new(11);
    for i in 0..games {
        let mut g = start.clone();
        let len = tavern_plugin_api::bot::random_playout(&mut g, &mut rng, 1_000_000);
        let scores: Vec<i64> = g
            .outcome()
            .map(|o| o.scores.iter().map(|s| s.total).collect())
            .unwrap_or_default();
        let mut h = DefaultHasher::new();
        serde_json::to_string(&g).unwrap().hash(&mut h);
        println!("{i} {len} {scores:?} {:016x}", h.finish());
    }
}
