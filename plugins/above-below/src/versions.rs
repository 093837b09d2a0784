//! Saves of older versions keep opening. 0.3.0 changed three rules that alter how a log
//! replays: a hammer villager's two goods come from houses only, the "+1 reputation each
//! round" symbol also pays in the last round, and the book's rewards were rebalanced. A
//! 0.2.0 log needs no rewriting (every action kept its name and meaning) but replays under
//! 0.2.0's rules, kept behind [`Rules::V0_2`].

use tavern_plugin_api::versions::{OldEntry, OldLog, older};
use tavern_plugin_api::{GameError, Setup};

use crate::model::{Ab, Rules};

/// The oldest version whose logs still replay.
const OLDEST: &str = "0.2.0";

/// The version named for rules before 0.3.0.
pub const V0_2: &str = "0.2.0";

pub fn open_old(version: &str, _setup: &Setup, log: Vec<OldEntry>) -> Result<OldLog, GameError> {
    if older(version, OLDEST) {
        return Err(GameError::new(format!(
            "Above and Below {version} saves cannot be replayed: the oldest readable is {OLDEST}"
        )));
    }
    if older(version, "0.3.0") {
        return Ok(OldLog {
            log,
            rules: Some(V0_2.into()),
            note: Some(
                "Played with Above and Below 0.2.0 rules: hammer villagers harvest from \
                 outposts too, \"+1 reputation each round\" is not paid in the last round, \
                 and the encounter book gives its 0.2.0 rewards"
                    .into(),
            ),
        });
    }
    Ok(OldLog::unchanged(log))
}

pub fn new_under(setup: &Setup, rules: &str) -> Result<Ab, GameError> {
    let mut g = Ab::new_game(setup)?;
    if older(rules, "0.3.0") {
        g.rules = Rules::V0_2;
    }
    Ok(g)
}
