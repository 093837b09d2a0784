//! Old saves keep opening: how a game reads a log written by one of its older versions.
//!
//! A save names the version of the game that wrote it (`GameInfo.version`). When that is
//! not today's version, the host asks the game once, before replaying, how that log
//! replays now ([`Game::open_old`]): the game may rewrite the log into today's actions (a
//! chance step it added since, with the outcome the old version used; an action renamed),
//! or name the older version whose rules the replay must follow, when a rule itself
//! changed. The host then builds the game with [`Game::new_under`] and those rules, and
//! shows the note in the log. A game that never changed how a log replays needs neither
//! method: both defaults say "the log is today's".

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One entry of a saved log, as the host hands it to [`Game::open_old`]: who acted
/// (`None` for a chance outcome), the plan steps it confirmed, and the action, all as the
/// JSON the writing version used.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct OldEntry {
    pub seat: Option<usize>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<Value>,
    pub action: Value,
}

/// How an older version's log replays under this version: the reply to
/// [`crate::proto::Request::OpenOld`].
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct OldLog {
    /// The log in today's actions (the one given, when they still mean the same).
    pub log: Vec<OldEntry>,
    /// The version whose rules the replay follows, `None` for today's rules. The host
    /// passes it to [`Game::new_under`] and keeps it in the session (and in the file when
    /// the game is saved again), so the game goes on under the rules it was begun with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// What differs, for the log: "played with Dungeon Lords 0.2.0 rules: conquered rooms
    /// still produced". `None` when nothing a player would notice changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl OldLog {
    /// The log replays as it is, under today's rules.
    pub fn unchanged(log: Vec<OldEntry>) -> OldLog {
        OldLog {
            log,
            rules: None,
            note: None,
        }
    }
}

/// Compares two dotted versions ("0.2.1" < "0.10.0") number by number; a part that is
/// not a number compares as 0.
pub fn compare(a: &str, b: &str) -> std::cmp::Ordering {
    let parts = |v: &str| -> Vec<u64> { v.split('.').map(|p| p.parse().unwrap_or(0)).collect() };
    let (a, b) = (parts(a), parts(b));
    let n = a.len().max(b.len());
    for i in 0..n {
        let (x, y) = (
            a.get(i).copied().unwrap_or(0),
            b.get(i).copied().unwrap_or(0),
        );
        if x != y {
            return x.cmp(&y);
        }
    }
    std::cmp::Ordering::Equal
}

/// Whether version `v` is older than `than`.
pub fn older(v: &str, than: &str) -> bool {
    compare(v, than) == std::cmp::Ordering::Less
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_compare_by_number() {
        assert!(older("0.2.0", "0.2.1"));
        assert!(older("0.9.0", "0.10.0"));
        assert!(!older("0.2.1", "0.2.1"));
        assert!(!older("1.0.0", "0.9.9"));
        assert!(older("0.2", "0.2.1"));
    }
}
