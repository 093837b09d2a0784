//! Prints how often each kind of decision comes up in random games, and the score spread
//! (a quick look at whether every part of the rules is reached).
use std::collections::BTreeMap;

use tavern_plugin_above_below::Ab;
use tavern_plugin_api::game::check::random_move;
use tavern_plugin_api::{Game, GameRng, Setup};

fn main() {
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    let mut total = 0;
    let games = 200;
    let mut scores = Vec::new();
    for seed in 0..games {
        let mut g = Ab::new(&Setup::players(3)).unwrap();
        let mut rng = GameRng::new(seed);
        while let Some((seat, a)) = random_move(&g, &mut rng) {
            let k = format!("{a:?}");
            let k = k.split([' ', '{']).next().unwrap().to_string();
            *kinds.entry(k).or_default() += 1;
            g.apply(seat, &a).unwrap();
            total += 1;
        }
        let o = g.outcome().unwrap();
        scores.extend(o.scores.iter().map(|s| s.total));
    }
    println!("{} actions per game", total / games as usize);
    for (k, n) in kinds {
        println!("{k:12} {:.1}", n as f64 / games as f64);
    }
    scores.sort();
    println!(
        "scores: min {} median {} max {}",
        scores[0],
        scores[scores.len() / 2],
        scores[scores.len() - 1]
    );
}
