//! Prints how a random game's actions split by kind and how long it is.
use std::collections::BTreeMap;

use tavern_plugin_api::game::check::random_move;
use tavern_plugin_api::{Game, GameRng, Setup};
use tavern_plugin_kings_guild::Kg;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2);
    let seed: u64 = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    let mut g = Kg::new(&Setup::players(n)).unwrap();
    let mut rng = GameRng::new(seed);
    let mut hist: BTreeMap<String, usize> = BTreeMap::new();
    let mut steps = 0;
    while let Some((seat, a)) = random_move(&g, &mut rng) {
        let k = format!("{a:?}");
        let k = k.split([' ', '(', '{']).next().unwrap().to_string();
        *hist.entry(k).or_default() += 1;
        g.apply(seat, &a).unwrap();
        steps += 1;
        if steps == 20_000 {
            println!(
                "turn {} deck {} board {:?}",
                g.turn_no,
                g.quest_deck.len(),
                g.board
            );
            for p in &g.players {
                println!(
                    "{:?} coins {} hand {} rooms {:?}",
                    p.res,
                    p.coins,
                    p.hand.len(),
                    p.rooms().collect::<Vec<_>>()
                );
            }
            println!("stock {:?} pending {:?}", g.stock, g.pending);
            break;
        }
    }
    println!("{steps} steps, turns {}: {hist:?}", g.turn_no);
}
