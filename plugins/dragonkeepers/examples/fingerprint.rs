//! Digest of the action sequences and log entries of random games, to check that a faster
//! legal list keeps the same choices in the same order and `apply` the same log text.
use std::hash::{DefaultHasher, Hash, Hasher};

use rand::RngExt;
use tavern_plugin_api::{Game, GameRng, Setup, ToAct};
use tavern_plugin_dragonkeepers::Dk;

fn main() {
    let mut configs: Vec<(usize, Vec<(&str, &str)>)> = vec![
        (2, vec![]),
        (3, vec![]),
        (4, vec![]),
        (3, vec![("variant", "children")]),
        (2, vec![("chests", "random")]),
    ];
    configs.push((
        4,
        vec![
            ("chests", "chosen"),
            ("twilight_flute", "yes"),
            ("dragon_mint", "yes"),
            ("troll_horn", "yes"),
            ("green_ore_hammer", "yes"),
            ("prism_ink", "yes"),
            ("swindle_feather", "yes"),
        ],
    ));
    for (n, opts) in configs {
        let mut s = Setup::players(n);
        // The first seat starts, as before the start option: digests compare across versions.
        s.options.insert("start".into(), "1".into());
        for (k, v) in &opts {
            s.options.insert(k.to_string(), v.to_string());
        }
        let mut h = DefaultHasher::new();
        for seed in 0..300 {
            let mut g = Dk::new(&s).unwrap();
            let mut rng = GameRng::new(seed);
            loop {
                let (seat, a) = match g.to_act() {
                    ToAct::Over => break,
                    ToAct::Chance => (None, g.sample_chance(&mut rng)),
                    ToAct::Seats(v) => {
                        let l = g.legal_actions(v[0]);
                        let labels = g.legal(v[0]);
                        assert_eq!(l.len(), labels.len());
                        l.hash(&mut h);
                        (Some(v[0]), l[rng.random_range(0..l.len())].clone())
                    }
                };
                let applied = g.apply(seat, &a).unwrap();
                applied.label.hash(&mut h);
                applied.private_label.hash(&mut h);
                applied.reveal.hash(&mut h);
            }
        }
        println!("{n} {opts:?}: {:x}", h.finish());
    }
}
