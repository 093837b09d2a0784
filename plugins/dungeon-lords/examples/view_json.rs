//! Prints the table's scene as JSON, for looking at the layout outside the app.
//! Training: `cargo run --release -p tavern-dungeon-lords --example view_json -- training-3 4`
//! (the mode and how many first-listed actions to play). Full game: `... -- game 4 120 7`
//! (players, random actions to play, seed); the view is seat 0's.

use tavern_plugin_api::game::check::random_move;
use tavern_plugin_api::{Game, GameRng, Setup};
use tavern_plugin_dungeon_lords::Dl;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map(String::as_str).unwrap_or("training-1");
    let num = |i: usize, d: u64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    if mode == "game" {
        let mut setup = Setup::players(num(2, 4) as usize);
        setup.options.insert("mode".into(), "game".into());
        let mut g = Dl::new(&setup).expect("setup");
        let mut rng = GameRng::new(num(4, 1));
        for _ in 0..num(3, 100) {
            let Some((seat, a)) = random_move(&g, &mut rng) else {
                break;
            };
            g.apply(seat, &a).expect("legal");
        }
        println!("{}", serde_json::to_string(&g.view(Some(0))).expect("json"));
        return;
    }
    let steps = num(2, 0) as usize;
    let mut setup = Setup::players(1);
    setup.options.insert("mode".into(), mode.into());
    let mut g = Dl::new(&setup).expect("setup");
    for _ in 0..steps {
        let Some(&a) = g.legal_actions(0).first() else {
            break;
        };
        g.apply(Some(0), &a).expect("legal");
    }
    println!("{}", serde_json::to_string(&g.view(Some(0))).expect("json"));
}
