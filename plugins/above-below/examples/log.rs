//! Prints the log of one random game (public text), to read the labels as a player would.
use tavern_plugin_above_below::Ab;
use tavern_plugin_api::game::check::random_move;
use tavern_plugin_api::{Game, GameRng, Setup};

fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    let mut g = Ab::new(&Setup::players(2)).unwrap();
    let mut rng = GameRng::new(seed);
    while let Some((seat, a)) = random_move(&g, &mut rng) {
        let who = seat.map_or("chance".to_string(), |s| format!("seat {s}"));
        let label = seat.map(|s| {
            g.legal(s)
                .into_iter()
                .find(|l| l.action == a)
                .map(|l| l.label)
                .unwrap_or_default()
        });
        let applied = g.apply(seat, &a).unwrap();
        println!(
            "[{who}] {}\n    {}",
            label.unwrap_or_default(),
            applied.label.replace('\n', "\n    ")
        );
    }
    println!(
        "{:?}",
        g.outcome()
            .unwrap()
            .scores
            .iter()
            .map(|s| s.total)
            .collect::<Vec<_>>()
    );
}
