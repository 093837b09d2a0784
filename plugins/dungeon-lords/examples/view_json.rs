//! Prints the table's scene as JSON after a few steps of a training, for looking at the
//! layout outside the app: `cargo run --release -p tavern-dungeon-lords --example
//! view_json -- training-3 4` (the mode and how many first-listed actions to play).

use tavern_plugin_api::{Game, Setup};
use tavern_plugin_dungeon_lords::Dl;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map(String::as_str).unwrap_or("training-1");
    let steps: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
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
