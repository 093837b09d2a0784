//! Invitations: a ticket string holds where the host is (its endpoint key, and the
//! addresses and relay it can be reached at), which game it plays, and one seat's
//! secret token. Whoever holds a seat's ticket may play that seat, so it is shared
//! like a key: with that one friend.
//!
//! Text form: `tavern1` then the JSON in lowercase base32 (letters and digits only, so
//! it survives chat programs and a double-click selects it whole).

use serde::{Deserialize, Serialize};

const PREFIX: &str = "tavern1";

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Ticket {
    /// The host's endpoint key (its iroh endpoint id, as iroh prints it).
    pub host: String,
    /// Direct addresses to try (`ip:port`).
    #[serde(default)]
    pub addrs: Vec<String>,
    /// The host's home relay, if it uses one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relay: Option<String>,
    /// The game's id and the plugin version the host plays.
    pub game: String,
    pub version: String,
    /// The seat's (or the spectators') secret.
    pub token: String,
    /// Which seat it is for, to show the player before joining (`None`: spectator).
    #[serde(default)]
    pub seat: Option<usize>,
}

impl Ticket {
    /// A table server's own ticket (`tavern serve` prints it): it names no game and no
    /// seat, and is what *Create on server…* and `tavern new --on` take.
    pub fn is_server(&self) -> bool {
        self.game.is_empty() && self.token.is_empty()
    }
}

impl std::fmt::Display for Ticket {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let json = serde_json::to_vec(self).unwrap_or_default();
        write!(f, "{PREFIX}{}", base32(&json))
    }
}

impl std::str::FromStr for Ticket {
    type Err = String;
    fn from_str(s: &str) -> Result<Ticket, String> {
        let s = s.trim();
        let body = s.strip_prefix(PREFIX).ok_or_else(|| {
            "this is not a Tavern invitation (it should start with tavern1)".to_string()
        })?;
        let bytes = unbase32(body).ok_or_else(|| {
            "this invitation is damaged (it has letters that do not belong); copy it whole"
                .to_string()
        })?;
        serde_json::from_slice(&bytes)
            .map_err(|_| "this invitation is damaged or cut short; copy it whole".to_string())
    }
}

const ALPHABET: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";

fn base32(data: &[u8]) -> String {
    let mut out = String::with_capacity(data.len() * 8 / 5 + 1);
    let (mut acc, mut bits) = (0u32, 0u32);
    for &b in data {
        acc = (acc << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(ALPHABET[((acc >> bits) & 31) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(ALPHABET[((acc << (5 - bits)) & 31) as usize] as char);
    }
    out
}

fn unbase32(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 5 / 8);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in text.bytes() {
        let v = ALPHABET.iter().position(|&a| a == c.to_ascii_lowercase())? as u32;
        acc = ((acc << 5) | v) & 0xFFFF;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ticket_round_trips_through_its_text_and_damage_is_named() {
        let t = Ticket {
            host: "ab".repeat(32),
            addrs: vec!["127.0.0.1:4000".into(), "[::1]:4000".into()],
            relay: None,
            game: "dragonkeepers".into(),
            version: "0.2.0".into(),
            token: "00ff".repeat(8),
            seat: Some(2),
        };
        let text = t.to_string();
        assert!(text.starts_with("tavern1"));
        assert!(text.bytes().all(|c| c.is_ascii_alphanumeric()), "{text}");
        assert_eq!(text.parse::<Ticket>().unwrap(), t);
        assert_eq!(format!("  {text}\n").parse::<Ticket>().unwrap(), t);
        assert!("hello".parse::<Ticket>().unwrap_err().contains("tavern1"));
        assert!(format!("{text}!").parse::<Ticket>().is_err());
        assert!(text[..text.len() / 2].parse::<Ticket>().is_err());
        for n in 0..20 {
            let data: Vec<u8> = (0..n).map(|i| (i * 37 + 11) as u8).collect();
            assert_eq!(unbase32(&base32(&data)).unwrap(), data);
        }
    }
}
