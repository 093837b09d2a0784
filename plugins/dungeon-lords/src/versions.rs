//! Saves of older versions keep opening (see `tavern_plugin_api::versions`). Dungeon Lords
//! changed how a log replays twice:
//! - 0.2.1 stopped conquered rooms producing, so a 0.2.0 log in which one produced
//!   replays only under 0.2.0's rule;
//! - 0.3.0 scores the Hall of Fame by the printed rule (2 per exclusive title, 1 with two
//!   or three players) where 0.2.x gave 1 per title held; a 0.2.x game keeps its scoring.
//!
//! Each older rule is one field of [`Under`], set by [`under`] from the version's name.
//! 0.1.0 had only Combat Training, whose rules have not changed.

use tavern_plugin_api::versions::{OldEntry, OldLog, older};
use tavern_plugin_api::{Game, GameError, Setup, game::apply_checked};

use crate::Action;
use crate::full::Under;
use crate::model::Dl;

const TODAY: &str = env!("CARGO_PKG_VERSION");

/// The rules of version `rules`, as the fields of [`Under`].
pub fn under(rules: &str) -> Result<Under, GameError> {
    match rules {
        "0.2.0" => Ok(Under {
            conquered_rooms_produce: true,
            fame_per_title: true,
        }),
        "0.2.1" => Ok(Under {
            conquered_rooms_produce: false,
            fame_per_title: true,
        }),
        r if r == TODAY => Ok(Under::default()),
        r => Err(GameError::new(format!(
            "Dungeon Lords has no rules of version {r} to replay under"
        ))),
    }
}

/// What the log says about a game played under `rules`.
fn note(rules: &str) -> String {
    match rules {
        "0.2.0" => "Played with Dungeon Lords 0.2.0 rules: conquered rooms still produced, \
                    and the Hall of Fame scores 1 point per title held"
            .into(),
        r => format!(
            "Played with Dungeon Lords {r} rules: the Hall of Fame scores 1 point per title \
             held (today 2 per title held alone, 1 with two or three players)"
        ),
    }
}

/// Whether `log` replays from the start under `rules` (to its end, or as far as it goes).
fn replays(setup: &Setup, rules: &str, log: &[OldEntry]) -> bool {
    let Ok(mut g) = Dl::new_under(setup, rules) else {
        return false;
    };
    log.iter().all(|e| {
        e.steps.iter().chain(std::iter::once(&e.action)).all(|v| {
            serde_json::from_value::<Action>(v.clone())
                .ok()
                .is_some_and(|a| apply_checked(&mut g, e.seat, &a).is_ok())
        })
    })
}

/// How a log written by `version` replays today.
pub fn open_old(version: &str, setup: &Setup, log: Vec<OldEntry>) -> Result<OldLog, GameError> {
    if older(TODAY, version) {
        return Err(GameError::new(format!(
            "written by Dungeon Lords {version}, newer than this {TODAY}: install {version} or later"
        )));
    }
    let full = setup.option("mode", if setup.seats.len() == 1 { "" } else { "game" }) == "game";
    if !full || older(version, "0.2.0") || !older(version, TODAY) {
        // Training (and 0.1.0, which had nothing else) plays as it did.
        return Ok(OldLog::unchanged(log));
    }
    // A 0.2.0 game in which no conquered room ever produced goes on under 0.2.1's
    // rule (conquered rooms idle), as its players would have had it after the fix.
    let rules = if older(version, "0.2.1") && !replays(setup, "0.2.1", &log) {
        "0.2.0"
    } else {
        "0.2.1"
    };
    Ok(OldLog {
        log,
        rules: Some(rules.into()),
        note: Some(note(rules)),
    })
}
