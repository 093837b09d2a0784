use rand::RngExt;
use std::collections::BTreeMap;
use tavern_plugin_api::{Game, GameRng, Setup, ToAct};
use tavern_plugin_dragonkeepers::Dk;
fn main() {
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    let mut turns = 0u64;
    let mut early = 0;
    let games = 200;
    let mut rng = GameRng::new(1);
    for _ in 0..games {
        let mut g = Dk::new(&Setup::players(3)).unwrap();
        loop {
            let (seat, a) = match g.to_act() {
                ToAct::Over => break,
                ToAct::Chance => (None, g.sample_chance(&mut rng)),
                ToAct::Seats(v) => {
                    let l = g.legal_actions(v[0]);
                    (Some(v[0]), l[rng.random_range(0..l.len())].clone())
                }
            };
            let k = format!("{a:?}");
            let k = k
                .split(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap()
                .to_string();
            *counts.entry(k).or_default() += 1;
            g.apply(seat, &a).unwrap();
        }
        turns += g.turn as u64;
        if g.early_end {
            early += 1;
        }
    }
    println!("turns/game {} early {early}/{games}", turns / games);
    for (k, v) in counts {
        println!("{k}: {}", v / games);
    }
}
