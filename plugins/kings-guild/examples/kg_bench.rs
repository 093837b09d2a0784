//! Speed figures in the shape of `tavern bench`, in process (no timed test: a busy
//! machine would fail it): random complete games per second for each player count, and
//! apply + view per action along random 2-player games, paid
//! the way the table pays (a copy and an apply with log text, the reply as JSON, chance
//! steps that follow; then the view built, written as JSON and read back as the host reads
//! it). `kg_bench [games per count] [apply+view games]`.
use std::time::{Duration, Instant};

use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::{Game, GameRng, Setup, ToAct, View};
use tavern_plugin_kings_guild::Kg;

fn main() {
    let arg = |i: usize, d: u32| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(d)
    };
    let games = arg(1, 2000);
    let view_games = arg(2, 3);
    for n in [2, 1, 3, 4, 5, 6] {
        let g = Kg::new(&Setup::players(n)).unwrap();
        let r = tavern_plugin_api::abi::playouts(&g, games, 11);
        println!(
            "{n} player(s): {:.0} random games/s ({:.0} actions per game, {}..{}), {:.0} ns per action",
            games as f64 / r.seconds,
            r.actions as f64 / games as f64,
            r.min_len,
            r.max_len,
            r.seconds * 1e9 / r.actions as f64
        );
    }

    let (mut apply, mut view, mut worst, mut k, mut bytes) =
        (Duration::ZERO, Duration::ZERO, Duration::ZERO, 0u32, 0usize);
    // The view's own time: building the scene, writing JSON, the host's reading it.
    let mut parts = [Duration::ZERO; 3];
    for seed in 0..view_games as u64 {
        let mut g = Kg::new(&Setup::players(2)).unwrap();
        let mut rng = GameRng::new(7 + seed);
        run_chance(&mut g, &mut rng);
        while let ToAct::Seats(seats) = g.to_act() {
            let seat = seats[rng.die(seats.len() as u32) as usize - 1];
            let legal = g.legal_actions(seat);
            let a = legal[rng.die(legal.len() as u32) as usize - 1].clone();
            let t = Instant::now();
            let mut next = g.clone();
            let applied = next.apply(Some(seat), &a).unwrap();
            g = next;
            let reply = serde_json::to_vec(&(&a, &applied.label, &applied.private_label)).unwrap();
            std::hint::black_box(reply);
            run_chance(&mut g, &mut rng);
            let ta = t.elapsed();
            let t1 = Instant::now();
            let v = g.view(Some(seat));
            let t2 = Instant::now();
            let json = serde_json::to_vec(&v).unwrap();
            let t3 = Instant::now();
            let back: View = serde_json::from_slice(&json).unwrap();
            let t4 = Instant::now();
            std::hint::black_box((back, v));
            let tv = t.elapsed() - ta;
            parts[0] += t2 - t1;
            parts[1] += t3 - t2;
            parts[2] += t4 - t3;
            bytes += json.len();
            apply += ta;
            view += tv;
            worst = worst.max(ta + tv);
            k += 1;
        }
    }
    let ms = |d: Duration| d.as_secs_f64() * 1000.0 / k as f64;
    println!(
        "apply + view per action: {:.3} ms (apply {:.3} ms, view {:.3} ms; slowest {:.3} ms; {} bytes per view; {k} actions)",
        ms(apply + view),
        ms(apply),
        ms(view),
        worst.as_secs_f64() * 1000.0,
        bytes / k.max(1) as usize
    );
    println!(
        "  view: build {:.3} ms, write JSON {:.3} ms, read JSON {:.3} ms",
        ms(parts[0]),
        ms(parts[1]),
        ms(parts[2])
    );
}

/// The chance steps after an action, checked as a session applies them.
fn run_chance(g: &mut Kg, rng: &mut GameRng) {
    while g.to_act() == ToAct::Chance {
        let a = g.sample_chance(rng);
        let applied = apply_checked(g, None, &a).unwrap();
        std::hint::black_box(serde_json::to_vec(&applied.label).unwrap());
    }
}
