//! `tavern bench --serve`: one table server on this machine, as `tavern serve` runs it
//! (its SQLite index and save files, in a folder of its own that is removed after),
//! with many idle games and some played by random players over loopback, relays off.
//! Measures what an idle game costs in memory and on disk, and, for the active ones,
//! actions per second and the round trip. The players run in this process too, so they
//! share the machine's cores with the server: the figures are for both together.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tavern_net::load::{Pace, Tally, percentile_ms, play_all};
use tavern_net::proto::PROTOCOL_VERSION;
use tavern_net::{ClientMsg, GameRequest, Hosting, NetConfig, ServerMsg, Ticket};

use super::{BenchError, err};
use crate::online::SessionBackend;
use crate::plugin::Catalog;
use crate::serve::store::ServerStore;

/// What to measure.
#[derive(Debug, Clone)]
pub struct ServeLoad {
    pub game: String,
    pub idle: usize,
    pub active: usize,
    /// How long the active games are played.
    pub seconds: u64,
    /// Each random player thinks 0..2×this before a choice (0: a load test).
    pub think_ms: u64,
}

/// The server's folder, removed when the bench ends however it ends.
struct Home(PathBuf);

impl Drop for Home {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// This process's resident memory, in bytes (Linux; `None` elsewhere).
fn rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn bytes_in(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|e| e.metadata().ok())
                .filter(|m| m.is_file())
                .map(|m| m.len())
                .sum()
        })
        .unwrap_or(0)
}

fn kib(b: f64) -> String {
    format!("{:.1} KiB", b / 1024.0)
}

/// One create request; the seats' tickets (the spectators' left out).
fn create(server: &Ticket, request: &GameRequest) -> Result<Vec<Ticket>, BenchError> {
    let msg = ClientMsg::Create {
        protocol: PROTOCOL_VERSION,
        request: request.clone(),
    };
    match tavern_net::client::request(server, &NetConfig::loopback(), &msg).map_err(err)? {
        ServerMsg::Created { tickets } => tickets
            .iter()
            .take(request.players)
            .map(|t| t.parse::<Ticket>().map_err(err))
            .collect(),
        other => Err(err(format!("the server answered {other:?} to a create"))),
    }
}

/// Waits (up to 10 s) for the server to unload every game nobody plays.
fn settle(server: &Hosting<SessionBackend>) -> usize {
    let until = Instant::now() + Duration::from_secs(10);
    while server.live_games() > 0 && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(50));
    }
    server.live_games()
}

pub fn run(catalog: &Catalog, load: &ServeLoad, out: &mut dyn Write) -> Result<(), BenchError> {
    let plugin = catalog
        .get(&load.game)
        .ok_or_else(|| err(format!("no game {:?} here", load.game)))?;
    let options: Vec<String> = plugin
        .info
        .options
        .iter()
        .map(|o| format!("{}={}", o.key, o.default))
        .collect();
    let defaults = options
        .iter()
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let (lo, hi) = crate::session::seat_range(&plugin.info, &defaults);
    let request = GameRequest {
        game: plugin.info.id.clone(),
        version: plugin.info.version.clone(),
        players: 2.clamp(lo, hi.max(lo)),
        ..GameRequest::default()
    };
    let home = Home(std::env::temp_dir().join(format!(
        "tavern-bench-serve-{}-{}",
        std::process::id(),
        rand::random::<u32>()
    )));
    let games = Catalog {
        games: catalog.games.clone(),
        incompatible: Vec::new(),
    };
    let store = Arc::new(ServerStore::open(&home.0, games).map_err(err)?);
    let server: Hosting<SessionBackend> = Hosting::start_with_store(
        &NetConfig::loopback(),
        store.clone(),
        Duration::from_secs(3600),
    )
    .map_err(err)?;
    let ticket = server.server_ticket();
    writeln!(
        out,
        "table server: {} ({} players a game), its SQLite index and save files in {}",
        plugin.info.name,
        request.players,
        home.0.display()
    )
    .ok();

    // Warm: the first create loads what every later one shares.
    create(&ticket, &request)?;
    settle(&server);
    let before = rss();
    let t = Instant::now();
    for _ in 0..load.idle {
        create(&ticket, &request)?;
    }
    let made = t.elapsed();
    let live = settle(&server);
    let after_idle = rss();
    writeln!(
        out,
        "{} idle games made in {:.2} s ({:.1} ms each, request over loopback included); loaded afterwards: {live}",
        load.idle,
        made.as_secs_f64(),
        made.as_secs_f64() * 1000.0 / load.idle.max(1) as f64
    )
    .ok();
    if let (Some(b), Some(a)) = (before, after_idle) {
        writeln!(
            out,
            "memory per idle game: {} (the process grew {} for {} games)",
            kib(a.saturating_sub(b) as f64 / load.idle.max(1) as f64),
            kib(a.saturating_sub(b) as f64),
            load.idle
        )
        .ok();
    } else {
        writeln!(out, "memory per idle game: not measured on this system").ok();
    }
    let count = store.count().max(1) as f64;
    writeln!(
        out,
        "disk per new game: save {} + index {} (the whole index with its write-ahead log: {})",
        kib(bytes_in(&home.0.join("games")) as f64 / count),
        kib(bytes_in(&home.0) as f64 / count),
        kib(bytes_in(&home.0) as f64)
    )
    .ok();

    // The active games, each seat a random player on its own connection.
    let mut tickets = Vec::new();
    for _ in 0..load.active {
        tickets.extend(create(&ticket, &request)?);
    }
    let pace = Pace {
        think_ms: load.think_ms,
        until: Some(Instant::now() + Duration::from_secs(load.seconds)),
    };
    let (tallies, took) = play_all(&NetConfig::loopback(), &tickets, pace).map_err(err)?;
    let mut all = Tally::default();
    let mut failed = Vec::new();
    for t in tallies {
        match t {
            Ok(t) => {
                all.sent += t.sent;
                all.steps += t.steps;
                all.stale += t.stale;
                all.finished |= t.finished;
                all.rtt_us.extend(t.rtt_us);
            }
            Err(e) => failed.push(e),
        }
    }
    all.rtt_us.sort_unstable();
    let secs = took.as_secs_f64();
    writeln!(
        out,
        "{} active games x {} random players for {:.1} s, think {} ms: {} actions applied = {:.0} actions/s ({} plan steps besides, {} refused as stale)",
        load.active,
        request.players,
        secs,
        load.think_ms,
        all.sent,
        all.sent as f64 / secs,
        all.steps,
        all.stale
    )
    .ok();
    writeln!(
        out,
        "round trip (choice sent -> frame showing it applied, written to disk first): p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} samples)",
        percentile_ms(&all.rtt_us, 0.5),
        percentile_ms(&all.rtt_us, 0.99),
        percentile_ms(&all.rtt_us, 1.0),
        all.rtt_us.len()
    )
    .ok();
    let live = settle(&server);
    let after = rss();
    if let (Some(b), Some(a)) = (before, after) {
        writeln!(
            out,
            "after the players left ({live} games still loaded): {} per game over all {} (the allocator keeps some of what the active games used)",
            kib(a.saturating_sub(b) as f64 / (load.idle + load.active).max(1) as f64),
            load.idle + load.active
        )
        .ok();
    }
    let count = store.count().max(1) as f64;
    writeln!(
        out,
        "disk per game now: {} (played games' saves hold their logs)",
        kib(bytes_in(&home.0.join("games")) as f64 / count + bytes_in(&home.0) as f64 / count)
    )
    .ok();
    server.close();
    if !failed.is_empty() {
        return Err(err(format!(
            "{} players failed; the first: {}",
            failed.len(),
            failed[0]
        )));
    }
    Ok(())
}
