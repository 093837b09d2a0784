//! The online bench (print-only): one authority process serving 50 games of
//! Dragonkeepers at once, 4 random players each, every player on its own QUIC
//! connection over loopback with relays off. Prints actions per second, the round trip
//! (a choice sent → the frame showing it applied) at p50/p99, and checks that no
//! action was lost or applied twice: every choice sent was either refused as stale, a
//! plan's step (logged inside the entry of the choice that confirms the plan), or is in
//! the game's log exactly once.
//!
//! `cargo bench -p tavern-net --bench online` (GAMES=n and PLAYERS=n change the size).
//! By default the players answer at once, so the round trip is the queue of a saturated
//! authority; THINK_MS=n makes each player think a random 0..2n ms before each choice
//! (people at a table, not a load test), so it measures one action's own round trip
//! under that load. The think time is not part of the round trip.
//! The games run in-process (`local::GameBackend`), not through a plugin library.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use tavern_net::endpoint::{NetConfig, bind};
use tavern_net::load::{Pace, percentile_ms, player};
use tavern_net::local::GameBackend;
use tavern_net::{Authority, Backend, SeatConfig, Server};
use tavern_plugin_api::Setup;
use tavern_plugin_dragonkeepers::Dk;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --benches` passes nothing useful either.
    let games = env("GAMES", 50);
    let players = env("PLAYERS", 4);
    let think_ms = env("THINK_MS", 0) as u64;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let server: Server<GameBackend<Dk>> = Server::start(&NetConfig::loopback()).await.unwrap();
        let mut ids = Vec::new();
        for g in 0..games {
            let mut setup = Setup::players(players);
            setup.seed = 1000 + g as u64;
            let b = GameBackend::<Dk>::new(&setup).unwrap();
            let seats = (0..players)
                .map(|s| SeatConfig { name: format!("Player {}", s + 1), bot: None })
                .collect();
            ids.push(server.add_game(Authority::new(b, seats)));
        }
        // One client endpoint dials every connection (each is still its own QUIC
        // connection and its own seat).
        let ep = bind(&NetConfig::loopback(), Vec::new()).await.unwrap();
        let start = Instant::now();
        let done = Arc::new(AtomicU64::new(0));
        let mut tasks = Vec::new();
        for &g in &ids {
            for t in server.tickets(g).into_iter().take(players) {
                let (ep, done) = (ep.clone(), done.clone());
                let seed = (g * 31 + t.seat.unwrap_or(0)) as u64;
                tasks.push(tokio::spawn(async move {
                    let pace = Pace { think_ms, until: None };
                    let r = player(ep, t, seed, pace).await;
                    done.fetch_add(1, Ordering::Relaxed);
                    (g, r)
                }));
            }
        }
        // Per game: choices applied (steps apart), steps, refused as stale.
    let mut per_game = vec![(0u64, 0u64, 0u64); games];
        let mut rtts = Vec::new();
        let mut failures = 0;
        for task in tasks {
            let (g, r) = tokio::time::timeout(Duration::from_secs(1200), task)
                .await
                .expect("the bench finished in time")
                .unwrap();
            match r {
                Ok(t) => {
                    per_game[g].0 += t.sent;
                    per_game[g].1 += t.steps;
                    per_game[g].2 += t.stale;
                    rtts.extend(t.rtt_us);
                }
                Err(e) => {
                    eprintln!("a player failed: {e}");
                    failures += 1;
                }
            }
        }
        let secs = start.elapsed().as_secs_f64();
        let mut logged_total = 0u64;
        let mut mismatched = 0;
        for (g, &(sent, steps, stale)) in per_game.iter().enumerate() {
            let logged = server
                .with_authority(ids[g], |a| {
                    assert!(a.is_over(), "game {g} did not finish");
                    a.backend().log_items(0).iter().filter(|e| e.seat.is_some()).count() as u64
                })
                .unwrap();
            logged_total += logged;
            if logged != sent {
                mismatched += 1;
                eprintln!(
                    "game {g}: {sent} choices applied ({steps} plan steps besides, {stale} refused as stale), {logged} in the log"
                );
            }
        }
        rtts.sort_unstable();
        let pct = |p: f64| percentile_ms(&rtts, p);
        println!(
            "online: {games} games x {players} random players on one authority, loopback, relays off, think {think_ms} ms"
        );
        println!(
            "actions applied: {logged_total} in {secs:.2} s = {:.0} actions/s",
            logged_total as f64 / secs
        );
        println!(
            "round trip (choice sent -> frame showing it): p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} samples)",
            pct(0.5),
            pct(0.99),
            pct(1.0),
            rtts.len()
        );
        let stale: u64 = per_game.iter().map(|g| g.2).sum();
        let steps: u64 = per_game.iter().map(|g| g.1).sum();
        println!(
            "plan steps sent besides: {steps}; refused as stale: {stale}; lost or doubled: {mismatched} games; players failed: {failures}"
        );
        ep.close().await;
        server.close().await;
        assert_eq!(mismatched, 0, "actions were lost or doubled");
        assert_eq!(failures, 0);
    });
}
