//! Which actions random games spend their length on:
//! `cargo run --release --example action_mix -- 2 [all]`.
use std::collections::BTreeMap;

use rand::RngExt;
use tavern_plugin_api::{Game, GameRng, Setup, ToAct};
use tavern_plugin_dragonkeepers::{Action, Dk};

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2);
    let games = 300;
    // `all` as the second argument switches every magic-chest item on.
    let mut setup = Setup::players(n);
    if std::env::args().nth(2).as_deref() == Some("all") {
        setup.options.insert("chests".into(), "chosen".into());
        for it in tavern_plugin_dragonkeepers::Item::ALL {
            setup.options.insert(it.key().into(), "yes".into());
        }
    }
    let mut kinds: BTreeMap<String, u64> = BTreeMap::new();
    let mut turns = 0u64;
    let mut hand_sum = 0u64;
    let mut mixed_sum = 0usize;
    let mut decisions = 0u64;
    let mut rng = GameRng::new(3);
    for _ in 0..games {
        let mut g = Dk::new(&setup).unwrap();
        loop {
            let (seat, a) = match g.to_act() {
                ToAct::Over => break,
                ToAct::Chance => (None, g.sample_chance(&mut rng)),
                ToAct::Seats(v) => {
                    let l = g.legal_actions(v[0]);
                    hand_sum += g.players[v[0]].hand.len() as u64;
                    decisions += 1;
                    (Some(v[0]), l[rng.random_range(0..l.len())].clone())
                }
            };
            let k = format!("{a:?}");
            let k = k.split([' ', '{', '(']).next().unwrap_or("").to_string();
            *kinds.entry(k).or_default() += 1;
            g.apply(seat, &a).unwrap();
            if matches!(a, Action::EndTurn) {
                mixed_sum += g.seen.mixed.len();
                turns += 1;
            }
        }
    }
    for (k, v) in &kinds {
        println!("{k:>22}: {:.1} per game", *v as f64 / games as f64);
    }
    println!(
        "average hand at a decision: {:.1}",
        hand_sum as f64 / decisions as f64
    );
    println!(
        "cards in a mix at a turn's end: {:.1}",
        mixed_sum as f64 / turns.max(1) as f64
    );
    println!("turns per game: {:.1}", turns as f64 / games as f64);
}
