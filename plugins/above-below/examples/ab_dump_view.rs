//! Prints the view of a random position as JSON (for looking at the table outside the
//! app): `ab_dump_view SEED ACTIONS [explore]` plays that many random actions (or until an
//! explore is being read, with "explore") and prints seat 0's view.
use tavern_plugin_above_below::Ab;
use tavern_plugin_api::game::check::random_move;
use tavern_plugin_api::{Game, GameRng, Setup};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    let steps: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(100);
    let until_explore = args.get(3).is_some_and(|a| a == "explore");
    let players: usize = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(3);
    let mut g = Ab::new(&Setup::players(players)).unwrap();
    let mut rng = GameRng::new(seed);
    let mut k = 0;
    while let Some((seat, a)) = random_move(&g, &mut rng) {
        g.apply(seat, &a).unwrap();
        k += 1;
        if k >= steps
            && (!until_explore
                || g.explore
                    .as_ref()
                    .is_some_and(|e| e.stage == tavern_plugin_above_below::Stage::Adjust))
        {
            break;
        }
    }
    let viewer = g.actor().unwrap_or(0);
    println!(
        "{}",
        serde_json::to_string(&g.view(Some(viewer)).scene).unwrap()
    );
}
