//! Counts how often each kind of decision and log note turns up in random games, to see
//! that random testing reaches every rule: `coverage <games>`.
use std::collections::BTreeMap;

use tavern_plugin_api::game::check::random_move;
use tavern_plugin_api::{Game, GameRng, Setup};
use tavern_plugin_kings_guild::Kg;

fn kind(s: String) -> String {
    s.split([' ', '(', '{']).next().unwrap_or("").to_string()
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(60);
    let mut pend: BTreeMap<String, usize> = BTreeMap::new();
    let mut notes: BTreeMap<String, usize> = BTreeMap::new();
    let (mut longest, mut total, mut count) = (0usize, 0usize, 0usize);
    for seed in 0..games {
        let n = (seed % 6 + 1) as usize;
        let mut g = Kg::new(&Setup::players(n)).unwrap();
        let mut rng = GameRng::new(seed);
        while let Some((seat, a)) = random_move(&g, &mut rng) {
            if let Some(s) = seat {
                let l = g.legal_actions(s).len();
                longest = longest.max(l);
                total += l;
                count += 1;
            }
            if let Some(p) = g.pending.front() {
                *pend.entry(kind(format!("{p:?}"))).or_default() += 1;
            }
            let done = match seat {
                Some(s) => g.seat_change(s, &a).unwrap(),
                None => g.chance_change(&a).unwrap(),
            };
            for d in done {
                *notes.entry(kind(format!("{d:?}"))).or_default() += 1;
            }
        }
    }
    println!("pending: {pend:?}\nnotes: {notes:?}");
    println!(
        "legal list: longest {longest}, mean {:.1}",
        total as f64 / count.max(1) as f64
    );
}
