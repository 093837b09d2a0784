//! Digest of random playouts through `bot::random_playout` (the hooks `whose_turn`,
//! `legal_actions_into` and `apply_quiet`), to check that faster hooks reach the same final
//! states: `cargo run --release --example playout_fp`. With `<players> <games>` it only
//! plays that many games (for instruction counts under valgrind).
use std::hash::{DefaultHasher, Hash, Hasher};

use tavern_plugin_api::{Game, GameRng, Setup, bot::random_playout};
use tavern_plugin_dragonkeepers::{Dk, Item};

fn main() {
    let mut args = std::env::args().skip(1).map(|s| s.parse::<usize>().ok());
    if let (Some(Some(n)), Some(Some(games))) = (args.next(), args.next()) {
        let start = Dk::new(&Setup::players(n)).unwrap();
        let mut rng = GameRng::new(9);
        let mut actions = 0;
        for _ in 0..games {
            let mut g = start.clone();
            actions += random_playout(&mut g, &mut rng, 1_000_000);
        }
        println!("{n}p: {games} games, {actions} actions");
        return;
    }
    let mut all = players(4);
    all.options.insert("chests".into(), "chosen".into());
    for it in Item::ALL {
        all.options.insert(it.key().into(), "yes".into());
    }
    let mut children = players(3);
    children.options.insert("variant".into(), "children".into());
    let mut random = players(2);
    random.options.insert("chests".into(), "random".into());
    let configs = [
        ("2p", players(2)),
        ("3p", players(3)),
        ("4p", players(4)),
        ("3p children", children),
        ("2p random chest", random),
        ("4p all items", all),
    ];
    for (name, setup) in configs {
        let mut h = DefaultHasher::new();
        for seed in 0..300 {
            let mut g = Dk::new(&setup).unwrap();
            let mut rng = GameRng::new(seed);
            random_playout(&mut g, &mut rng, 1_000_000).hash(&mut h);
            serde_json::to_string(&g).unwrap().hash(&mut h);
        }
        println!("{name}: {:x}", h.finish());
    }
}

/// `n` seats with the first seat starting, as before the start option, so digests compare
/// across versions.
fn players(n: usize) -> Setup {
    let mut s = Setup::players(n);
    s.options.insert("start".into(), "1".into());
    s
}
