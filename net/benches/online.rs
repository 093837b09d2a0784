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

use tavern_net::endpoint::{ALPN, NetConfig, bind, host_addr};
use tavern_net::local::GameBackend;
use tavern_net::proto::{ClientMsg, ErrorCode, PROTOCOL_VERSION, ServerMsg};
use tavern_net::{Authority, Backend, SeatConfig, Server, wire};
use tavern_plugin_api::{ChoiceKind, Setup};
use tavern_plugin_dragonkeepers::Dk;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What one player saw: choices sent (a plan's steps apart: the plan is logged as one
/// entry with the choice that confirms it), refused as stale, round trips in
/// microseconds.
#[derive(Default)]
struct Tally {
    sent: u64,
    steps: u64,
    stale: u64,
    rtt_us: Vec<u64>,
}

async fn player(
    ep: iroh::Endpoint,
    ticket: tavern_net::Ticket,
    seed: u64,
    think_ms: u64,
) -> Result<Tally, String> {
    let conn = ep
        .connect(host_addr(&ticket).map_err(|e| e.0)?, ALPN)
        .await
        .map_err(|e| e.to_string())?;
    let (mut send, mut recv) = conn.open_bi().await.map_err(|e| e.to_string())?;
    let hello = ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
        game: ticket.game.clone(),
        version: ticket.version.clone(),
        token: ticket.token.clone(),
        name: String::new(),
    };
    wire::write_frame(&mut send, &hello)
        .await
        .map_err(|e| e.to_string())?;
    let seat = ticket.seat.ok_or("a seat ticket")?;
    let mut t = Tally::default();
    let mut rng = seed;
    // The choice waiting for its answer: when it was sent, whether it was a plan's step,
    // and what shows it applied — the plan one step longer, or one more log entry of
    // this seat. (A newer revision alone proves nothing: another seat's move bumps it
    // too, and this choice may still come back refused as stale.)
    let mut pending: Option<(Instant, bool, usize, usize)> = None;
    // The seat of every log line so far (the frames send the log from `log_from` on).
    let mut log_seats: Vec<Option<usize>> = Vec::new();
    // The latest frame: a choice refused as stale is chosen again from it (the frame
    // of the move that made it stale arrived before the refusal).
    let mut latest: Option<tavern_net::SeatFrame> = None;
    loop {
        let msg: ServerMsg = wire::read_frame(&mut recv)
            .await
            .map_err(|e| e.to_string())?;
        match msg {
            // These players never ask for a hint.
            ServerMsg::Welcome { .. }
            | ServerMsg::Hint(_)
            | ServerMsg::Created { .. }
            | ServerMsg::Status { .. }
            | ServerMsg::Commitment { .. }
            | ServerMsg::Replay { .. } => {}
            ServerMsg::Error { code, message } => {
                if code != ErrorCode::Stale {
                    return Err(message);
                }
                // A refused choice was not applied: it counts neither way.
                match pending.take() {
                    Some((_, true, _, _)) => t.steps -= 1,
                    Some((_, false, _, _)) => t.sent -= 1,
                    None => {}
                }
                t.stale += 1;
            }
            ServerMsg::Frame(f) => {
                log_seats.truncate(f.log_from);
                log_seats.extend(f.log.iter().map(|l| l.seat));
                let mine = log_seats.iter().filter(|s| **s == Some(seat)).count();
                if let Some((at, step, plan_before, mine_before)) = pending {
                    let applied = if step {
                        f.plan_steps > plan_before
                    } else {
                        mine > mine_before
                    };
                    if applied {
                        t.rtt_us.push(at.elapsed().as_micros() as u64);
                        pending = None;
                    }
                }
                if f.over {
                    let _ = wire::write_frame(&mut send, &ClientMsg::Bye).await;
                    let _ = send.finish();
                    return Ok(t);
                }
                latest = Some(*f);
            }
        }
        // One choice at a time: the next only once the last was applied or refused.
        let Some(f) = latest
            .as_ref()
            .filter(|f| pending.is_none() && !f.legal.is_empty())
        else {
            continue;
        };
        let mine = log_seats.iter().filter(|s| **s == Some(seat)).count();
        if think_ms > 0 {
            let ms = next(&mut rng) % (2 * think_ms);
            tokio::time::sleep(Duration::from_millis(ms)).await;
        }
        let index = (next(&mut rng) % f.legal.len() as u64) as usize;
        let act = ClientMsg::Act {
            seat,
            revision: f.revision,
            index,
        };
        let step = f.legal[index].kind == ChoiceKind::Step;
        pending = Some((Instant::now(), step, f.plan_steps, mine));
        if step {
            t.steps += 1;
        } else {
            t.sent += 1;
        }
        wire::write_frame(&mut send, &act)
            .await
            .map_err(|e| e.to_string())?;
    }
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
                    let r = player(ep, t, seed, think_ms).await;
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
        let pct = |p: f64| {
            rtts.get(((rtts.len() as f64 - 1.0) * p).round() as usize)
                .map_or(0.0, |&us| us as f64 / 1000.0)
        };
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
