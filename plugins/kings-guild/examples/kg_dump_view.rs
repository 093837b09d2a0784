//! Writes the view of a random position as JSON, for looking at the table outside the app:
//! `kg_dump_view <players> <seed> <steps> <out.json>`.
use tavern_plugin_api::game::check::random_move;
use tavern_plugin_api::{Game, GameRng, Setup};
use tavern_plugin_kings_guild::Kg;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let steps: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(300);
    let out = args.get(4).cloned().unwrap_or("/tmp/kg_view.json".into());
    let mut g = Kg::new(&Setup::players(n)).unwrap();
    let mut rng = GameRng::new(seed);
    for _ in 0..steps {
        let Some((seat, a)) = random_move(&g, &mut rng) else {
            break;
        };
        g.apply(seat, &a).unwrap();
    }
    let v = g.deciders().first().copied().unwrap_or(0);
    std::fs::write(&out, serde_json::to_string(&g.view(Some(v))).unwrap()).unwrap();
}
