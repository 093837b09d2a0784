//! `tavern serve`: the table server, for games played a move a day. The same authority
//! as a live table, without a window, for many games at once; each waits between turns
//! as its save file and its rows in the index (`store`, `index`) and is loaded when a
//! player comes back. Its home (the data folder's `server/`, or `--home`) holds its key,
//! so its ticket stays the same across restarts, and the ports it listened on.

pub mod index;
pub mod store;

use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use tavern_net::{Hosting, NetConfig};

use crate::cli::{CliError, rules as fail};
use crate::online::SessionBackend;
use crate::plugin::Catalog;
use store::ServerStore;

/// What `tavern serve` was asked.
pub struct ServeArgs {
    pub home: Option<PathBuf>,
    pub net: NetConfig,
    /// How often the turn clocks are looked at.
    pub tick: Duration,
    /// Caps bots' searches (tests); the levels' own limits when `None`.
    pub bot_iterations: Option<u32>,
}

/// The server's home: `--home`, else the data folder's `server/`.
pub fn home(arg: Option<PathBuf>) -> Result<PathBuf, CliError> {
    let home = match arg {
        Some(h) => h,
        None => crate::paths::Paths::standard()
            .ok_or_else(|| fail("no data folder on this machine: give --home DIR"))?
            .root()
            .join("server"),
    };
    std::fs::create_dir_all(&home)
        .map_err(|e| fail(format!("cannot create {}: {e}", home.display())))?;
    Ok(home)
}

/// The server's secret key, made on the first start and kept in `home/server.key`.
fn key(home: &Path) -> Result<[u8; 32], CliError> {
    let path = home.join("server.key");
    if let Ok(text) = std::fs::read_to_string(&path) {
        return parse_key(text.trim()).ok_or_else(|| {
            fail(format!(
                "{} is damaged (it should be 64 hex digits); remove it to make a new key, \
                 which changes the server's ticket",
                path.display()
            ))
        });
    }
    let k: [u8; 32] = rand::random();
    let hex: String = k.iter().map(|b| format!("{b:02x}")).collect();
    crate::paths::write_atomic(&path, hex.as_bytes())
        .map_err(|e| fail(format!("cannot write {}: {e}", path.display())))?;
    Ok(k)
}

fn parse_key(hex: &str) -> Option<[u8; 32]> {
    if hex.len() != 64 {
        return None;
    }
    let mut k = [0u8; 32];
    for (i, b) in k.iter_mut().enumerate() {
        *b = u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(k)
}

/// The addresses to listen on: those asked, with a port 0 replaced by the port the
/// server had last time on that address, so tickets handed out before a restart still
/// reach it without a relay.
fn listen(home: &Path, asked: &[SocketAddr]) -> Vec<SocketAddr> {
    let before: Vec<SocketAddr> = std::fs::read_to_string(home.join("listen.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    let port = |a: &SocketAddr| {
        before
            .iter()
            .find(|b| b.ip() == a.ip())
            .or_else(|| before.iter().find(|b| b.is_ipv4() == a.is_ipv4()))
            .map(|b| b.port())
    };
    // Every interface (nothing asked): as iroh would, but on last time's ports.
    let asked: Vec<SocketAddr> = if asked.is_empty() && !before.is_empty() {
        vec![
            SocketAddr::from(([0, 0, 0, 0], 0)),
            SocketAddr::from(([0u16; 8], 0)),
        ]
    } else {
        asked.to_vec()
    };
    asked
        .iter()
        .map(|a| match port(a) {
            Some(p) if a.port() == 0 => SocketAddr::new(a.ip(), p),
            _ => *a,
        })
        .collect()
}

/// Runs the server until the process is stopped. The first line written is its ticket.
pub fn run(args: ServeArgs, catalog: Catalog, out: &mut dyn Write) -> Result<(), CliError> {
    let home = home(args.home)?;
    let mut store = ServerStore::open(&home, catalog).map_err(fail)?;
    store.bot_iterations = args.bot_iterations;
    let store = Arc::new(store);
    let mut cfg = args.net.clone();
    cfg.secret = Some(key(&home)?);
    let remembered = listen(&home, &cfg.bind);
    cfg.bind = remembered.clone();
    let server: Hosting<SessionBackend> =
        match Hosting::start_with_store(&cfg, store.clone(), args.tick) {
            Ok(s) => s,
            // The old port is taken: a new one (tickets given out before need a relay).
            Err(_) if remembered != args.net.bind => {
                cfg.bind = args.net.bind.clone();
                Hosting::start_with_store(&cfg, store.clone(), args.tick).map_err(fail)?
            }
            Err(e) => return Err(fail(e)),
        };
    let ticket = server.server_ticket();
    let bound: Vec<SocketAddr> = ticket.addrs.iter().filter_map(|a| a.parse().ok()).collect();
    let _ = crate::paths::write_atomic(
        &home.join("listen.json"),
        serde_json::to_string(&bound).unwrap_or_default().as_bytes(),
    );
    writeln!(out, "{ticket}").ok();
    out.flush().ok();
    eprintln!(
        "tavern serve: {} games in {}; players join with their seats' tickets, \
         `tavern new GAME --players N --on TICKET --invites DIR` makes a game here",
        store.count(),
        home.display()
    );
    loop {
        for n in server.take_notes() {
            eprintln!("tavern serve: game {}: {}", n.game, n.text);
        }
        std::thread::sleep(Duration::from_millis(500));
    }
}
