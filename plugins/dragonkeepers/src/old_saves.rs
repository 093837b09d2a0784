//! Saves written by older versions of Dragonkeepers, migrated to today's actions
//! ([`Game::open_old`](tavern_plugin_api::Game::open_old)).
//!
//! - 0.1.0 → 0.2.0: 0.2.0 made the start player a setup option, drawn by lot by default
//!   as the game's first chance step (`StartPlayer`), and dealt the starting cards
//!   clockwise from that seat. 0.1.0 had no such option and no such step: the first seat
//!   always started and the starting cards went out from it, the same as a lot that
//!   names the first seat. So a 0.1.0 log gets that outcome in front. 0.2.0's two rule
//!   fixes only added choices (the green ore hammer on the second lowest piece, the
//!   twilight flute leaving a shadow dragon out); 0.1.0's choices keep their meaning
//!   (its hammer always took the first lowest piece, which `Arm` still does), so the rest
//!   of the log replays as written.
//! - 0.2.0 → 0.3.0: 0.3.0 added choices only (every look-alike hand card its own pick,
//!   Cancel putting the picks back); a 0.2.0 log replays as written. The version moved
//!   so that a 0.3.0 save, which may hold those choices, is not opened by 0.2.0.

use serde_json::Value;
use tavern_plugin_api::GameError;
use tavern_plugin_api::Setup;
use tavern_plugin_api::versions::{OldEntry, OldLog, older};

use crate::action::Action;

/// How a log written by Dragonkeepers `version` replays now.
pub fn open_old(version: &str, setup: &Setup, log: Vec<OldEntry>) -> Result<OldLog, GameError> {
    if !older(version, "0.2.0") {
        return Ok(OldLog::unchanged(log));
    }
    // 0.1.0 knew no start option: every 0.1.0 game began with the first seat.
    let lot = match setup.option("start", "random") {
        "random" => true,
        "1" => false,
        other => {
            return Err(GameError::new(format!(
                "this save, written by Dragonkeepers {version}, names start player {other}, \
                 but that version always began with the first seat"
            )));
        }
    };
    let mut log = log;
    if lot {
        let first = Action::StartPlayer { seat: 0 };
        let action: Value = serde_json::to_value(&first)
            .map_err(|e| GameError::new(format!("cannot write the start player: {e}")))?;
        log.insert(
            0,
            OldEntry {
                seat: None,
                steps: Vec::new(),
                action,
            },
        );
    }
    Ok(OldLog::unchanged(log))
}
