//! Dealing anyone can check afterwards (a table server's games).
//!
//! Before a game is made, the server commits to a secret of its own: it sends the
//! secret's hash ([`commitment`]) and keeps the secret. The creator's client then sends a
//! random contribution of its own, and the game's seed is [`derive_seed`] of the two. The
//! server cannot steer the deck (its secret was fixed before it saw the contribution)
//! and the creator cannot either (it never saw the secret). Every player's first frame
//! carries the commitment, the contribution and the seed's hash ([`Deal::summary`]);
//! when the game is over the server releases the whole save, secret included, and
//! `tavern check` verifies the secret against the commitment, the seed against both,
//! and every chance outcome in the log against the seed.

use serde::{Deserialize, Serialize};

const DOMAIN: &[u8] = b"tavern deal v1";

/// 32 bytes as lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Hex back to 32 bytes (`None`: not 64 hex digits).
pub fn unhex(text: &str) -> Option<[u8; 32]> {
    let t = text.trim();
    if t.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(t.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(out)
}

/// A fresh random 32-byte value as hex (a secret or a contribution).
pub fn random_hex() -> String {
    hex(&rand::random::<[u8; 32]>())
}

/// The hash a secret is committed to.
pub fn commitment(secret: &[u8; 32]) -> String {
    hex(blake3::hash(secret).as_bytes())
}

/// The game's seed from the server's secret and the creator's contribution.
pub fn derive_seed(secret: &[u8; 32], contribution: &[u8; 32]) -> u64 {
    let mut h = blake3::Hasher::new();
    h.update(DOMAIN);
    h.update(secret);
    h.update(contribution);
    let out = h.finalize();
    u64::from_le_bytes(out.as_bytes()[..8].try_into().unwrap_or([0; 8]))
}

/// The hash of a seed that every player is shown from the start.
pub fn seed_hash(seed: u64) -> String {
    let mut h = blake3::Hasher::new();
    h.update(DOMAIN);
    h.update(&seed.to_le_bytes());
    hex(h.finalize().as_bytes())
}

/// How a game was dealt, as its save keeps it. The secret is on the server until the
/// game is over; a save released to players holds it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Deal {
    pub commitment: String,
    pub contribution: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,
}

/// What every player is shown of the deal from its first frame: nothing that helps
/// guess a card, everything needed to check it later.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct DealSummary {
    pub commitment: String,
    pub contribution: String,
    pub seed_hash: String,
}

/// Why a deal does not check out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealError {
    /// The save holds no secret (the game is not over, or not from a table server).
    NoSecret,
    Damaged(&'static str),
    /// The secret's hash is not the commitment.
    Commitment,
    /// The seed in the save is not the one the secret and the contribution give.
    Seed,
}

impl std::fmt::Display for DealError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DealError::NoSecret => f.write_str(
                "the save does not hold the server's secret (it is released when the game is over)",
            ),
            DealError::Damaged(what) => write!(f, "the deal's {what} is damaged"),
            DealError::Commitment => f.write_str(
                "the server's secret does not match the commitment it gave at the start",
            ),
            DealError::Seed => f.write_str(
                "the game's seed is not the one the server's secret and the contribution give",
            ),
        }
    }
}

impl Deal {
    /// What players are shown of it, for a game dealt with `seed`.
    pub fn summary(&self, seed: u64) -> DealSummary {
        DealSummary {
            commitment: self.commitment.clone(),
            contribution: self.contribution.clone(),
            seed_hash: seed_hash(seed),
        }
    }

    /// Checks the secret against the commitment and `seed` against both.
    pub fn verify(&self, seed: u64) -> Result<(), DealError> {
        let secret = self.secret.as_deref().ok_or(DealError::NoSecret)?;
        let secret = unhex(secret).ok_or(DealError::Damaged("secret"))?;
        let contribution = unhex(&self.contribution).ok_or(DealError::Damaged("contribution"))?;
        if commitment(&secret) != self.commitment {
            return Err(DealError::Commitment);
        }
        if derive_seed(&secret, &contribution) != seed {
            return Err(DealError::Seed);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deal_checks_out_and_any_change_is_named() {
        let secret = unhex(&random_hex()).unwrap();
        let contribution = random_hex();
        let seed = derive_seed(&secret, &unhex(&contribution).unwrap());
        let deal = Deal {
            commitment: commitment(&secret),
            contribution: contribution.clone(),
            secret: Some(hex(&secret)),
        };
        assert_eq!(deal.verify(seed), Ok(()));
        assert_eq!(deal.verify(seed ^ 1), Err(DealError::Seed));
        let mut other = deal.clone();
        other.secret = Some(random_hex());
        assert_eq!(other.verify(seed), Err(DealError::Commitment));
        let mut other = deal.clone();
        other.contribution = random_hex();
        assert_eq!(other.verify(seed), Err(DealError::Seed));
        let mut other = deal.clone();
        other.secret = None;
        assert_eq!(other.verify(seed), Err(DealError::NoSecret));
        other.secret = Some("zz".into());
        assert_eq!(other.verify(seed), Err(DealError::Damaged("secret")));
        // The summary says nothing of the secret and nothing a seed could be read from.
        let s = serde_json::to_string(&deal.summary(seed)).unwrap();
        assert!(!s.contains(&hex(&secret)) && !s.contains(&seed.to_string()));
    }
}
