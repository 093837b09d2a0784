//! Cost of the legal list alone, on positions from random games:
//! `cargo run --release --example legal_bench -- <players> <repeats>`.
use rand::RngExt;
use tavern_plugin_api::{Game, GameRng, Setup, ToAct};
use tavern_plugin_dragonkeepers::Dk;

fn main() {
    let mut args = std::env::args().skip(1).map(|s| s.parse::<usize>().ok());
    let n = args.next().flatten().unwrap_or(2);
    let repeats = args.next().flatten().unwrap_or(10);
    let mut positions = Vec::new();
    let mut rng = GameRng::new(1);
    for _ in 0..100 {
        let mut g = Dk::new(&Setup::players(n)).unwrap();
        let mut k = 0;
        loop {
            let (seat, a) = match g.to_act() {
                ToAct::Over => break,
                ToAct::Chance => (None, g.sample_chance(&mut rng)),
                ToAct::Seats(v) => {
                    k += 1;
                    if k % 5 == 0 {
                        positions.push((g.clone(), v[0]));
                    }
                    let l = g.legal_actions(v[0]);
                    (Some(v[0]), l[rng.random_range(0..l.len())].clone())
                }
            };
            g.apply(seat, &a).unwrap();
        }
    }
    let t = std::time::Instant::now();
    let mut total = 0;
    for _ in 0..repeats {
        for (g, s) in &positions {
            total += std::hint::black_box(g.legal_actions(*s)).len();
        }
    }
    let calls = (positions.len() * repeats).max(1);
    println!(
        "{} positions, {repeats} repeats: {:.0} ns per legal list, {:.1} actions",
        positions.len(),
        t.elapsed().as_nanos() as f64 / calls as f64,
        total as f64 / calls as f64
    );
}
