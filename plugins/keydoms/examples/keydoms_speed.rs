//! Random complete games per second, in-process the way bots and simulations play them
//! (`bot::random_playout`) and through the C ABI's playout path, and the size of one
//! action. Figures for the README; they depend on the machine, so no test asserts them:
//! `cargo run --release -p tavern-keydoms --example keydoms_speed`.

use std::time::Instant;

use tavern_plugin_api::bot::random_playout;
use tavern_plugin_api::{Game, GameRng, Setup};
use tavern_plugin_keydoms::Keydoms;

/// CPU seconds this thread has used (Linux; None elsewhere). The machine is often
/// shared, so games per CPU second says more than games per wall-clock second.
fn thread_cpu() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split(' ').collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn setup(players: usize, ghosts: &str) -> Setup {
    let mut setup = Setup::players(players);
    setup.options.insert("ghosts".into(), ghosts.into());
    setup
}

fn rate(setup: &Setup, games: u64) -> (f64, f64, Option<f64>) {
    let cpu0 = thread_cpu();
    let start = Instant::now();
    let mut actions = 0;
    for seed in 0..games {
        let mut g = Keydoms::new(setup).unwrap();
        let mut rng = GameRng::new(seed);
        actions += random_playout(&mut g, &mut rng, 100_000);
    }
    let secs = start.elapsed().as_secs_f64();
    let cpu = match (cpu0, thread_cpu()) {
        (Some(a), Some(b)) if b > a => Some(games as f64 / (b - a)),
        _ => None,
    };
    (games as f64 / secs, actions as f64 / games as f64, cpu)
}

fn main() {
    println!(
        "size of Action: {} bytes",
        std::mem::size_of::<tavern_plugin_keydoms::Action>()
    );
    for (players, ghosts) in [
        (1, "auto"),
        (2, "auto"),
        (3, "0"),
        (3, "1"),
        (4, "0"),
        (4, "2"),
        (5, "0"),
        (6, "0"),
    ] {
        let (per_sec, len, cpu) = rate(&setup(players, ghosts), 600);
        let cpu = cpu.map_or(String::new(), |c| format!(", {c:.0} per CPU second"));
        println!(
            "keydoms {players} players, ghosts {ghosts}: {per_sec:.0} games/s wall{cpu} \
             ({len:.0} actions per game)"
        );
    }
    for (players, ghosts) in [(3, "0"), (6, "0"), (1, "auto"), (2, "auto")] {
        let g = Keydoms::new(&setup(players, ghosts)).unwrap();
        let rep = tavern_plugin_api::abi::playouts(&g, 500, 1);
        println!(
            "ABI playouts, {players} players, ghosts {ghosts}: {:.0} random games/s \
             ({} actions, {:.2}s)",
            rep.games as f64 / rep.seconds,
            rep.actions,
            rep.seconds
        );
    }
}
