//! The iroh endpoint both sides use, set up from [`NetConfig`]: which relay (none, the
//! public ones, or your own), which local addresses to listen on, and the key.
//!
//! With relays off, the endpoint uses no address lookup either: it publishes nothing
//! and dials only the addresses a ticket names, so a game on a LAN (or a test on
//! loopback) sends nothing anywhere else.

use std::net::SocketAddr;
use std::str::FromStr;

use iroh::endpoint::{QuicTransportConfig, presets};
use iroh::{Endpoint, EndpointAddr, PublicKey, RelayMode, RelayUrl, SecretKey, TransportAddr};

use crate::proto::DEAD_PEER_SECS;
use crate::ticket::Ticket;

/// The QUIC application protocol name. The protocol's own version is checked in the
/// handshake, where a mismatch can be explained in words (an ALPN mismatch cannot).
pub const ALPN: &[u8] = b"tavern/online";

/// Which relay helps players behind routers reach each other.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Relay {
    /// No relay, no address lookup: direct addresses only (a LAN, loopback).
    Off,
    /// The public relays run by iroh's makers (number 0), and their address lookup.
    #[default]
    Public,
    /// Your own relay (`iroh-relay`), by its URL; no address lookup.
    Own(String),
}

#[derive(Clone, Debug, Default)]
pub struct NetConfig {
    pub relay: Relay,
    /// Listen only on these addresses (`127.0.0.1:0` for a test on one machine); every
    /// interface when empty.
    pub bind: Vec<SocketAddr>,
    /// The endpoint's secret key (a profile's, so a player keeps the same key across
    /// restarts); a fresh one when `None`.
    pub secret: Option<[u8; 32]>,
}

impl NetConfig {
    /// Loopback only, no relay: what tests and benches use.
    pub fn loopback() -> NetConfig {
        NetConfig {
            relay: Relay::Off,
            bind: vec![SocketAddr::from(([127, 0, 0, 1], 0))],
            secret: None,
        }
    }
}

/// Why the network part failed, in words.
#[derive(Clone, Debug, PartialEq)]
pub struct NetError(pub String);

impl std::fmt::Display for NetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NetError {}

pub(crate) fn err(context: &str, e: impl std::fmt::Display) -> NetError {
    NetError(format!("{context}: {e}"))
}

/// Binds an endpoint as `cfg` says; `alpns` are the protocols it accepts (none for a
/// client).
pub async fn bind(cfg: &NetConfig, alpns: Vec<Vec<u8>>) -> Result<Endpoint, NetError> {
    let mut b = match &cfg.relay {
        Relay::Public => Endpoint::builder(presets::N0),
        Relay::Off => Endpoint::builder(presets::Minimal).relay_mode(RelayMode::Disabled),
        Relay::Own(url) => {
            let url = RelayUrl::from_str(url).map_err(|e| err("the relay's address", e))?;
            Endpoint::builder(presets::Minimal).relay_mode(RelayMode::custom([url]))
        }
    };
    if !cfg.bind.is_empty() {
        b = b.clear_ip_transports();
        for a in &cfg.bind {
            b = b.bind_addr(*a).map_err(|e| err("cannot listen there", e))?;
        }
    }
    if let Some(k) = cfg.secret {
        b = b.secret_key(SecretKey::from_bytes(&k));
    }
    // A peer that vanished (a crash, a closed laptop) is let go after this long
    // without a packet (QUIC's keep-alives come every 5 s), so its seat can be joined
    // again soon; QUIC's own default waits 30 s.
    let quiet = std::time::Duration::from_secs(DEAD_PEER_SECS);
    b = b.transport_config(
        QuicTransportConfig::builder()
            .max_idle_timeout(quiet.try_into().ok())
            .build(),
    );
    b.alpns(alpns)
        .bind()
        .await
        .map_err(|e| err("cannot open the network endpoint", e))
}

/// Where a ticket says the host is.
pub fn host_addr(t: &Ticket) -> Result<EndpointAddr, NetError> {
    let id = PublicKey::from_str(&t.host).map_err(|e| err("the invitation's host key", e))?;
    let mut addrs = Vec::new();
    for a in &t.addrs {
        if let Ok(sa) = SocketAddr::from_str(a) {
            addrs.push(TransportAddr::Ip(sa));
        }
    }
    if let Some(r) = &t.relay
        && let Ok(url) = RelayUrl::from_str(r)
    {
        addrs.push(TransportAddr::Relay(url));
    }
    Ok(EndpointAddr::from_parts(id, addrs))
}

/// The ticket fields that say where `ep` is.
pub fn own_addr(ep: &Endpoint) -> (String, Vec<String>, Option<String>) {
    let addr = ep.addr();
    (
        ep.id().to_string(),
        addr.ip_addrs().map(|a| a.to_string()).collect(),
        addr.relay_urls().next().map(|u| u.to_string()),
    )
}
