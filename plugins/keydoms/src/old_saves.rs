//! Saves written by older versions keep opening.
//!
//! 0.3.0 changed the flow in two ways that show in a log: fewer response windows stop
//! for a seat (a wand with no spell in hand is no reason to ask, nor is the window
//! before a seat's own placement turn), and each location resolved is a chance step of
//! its own (`Action::Reveal`). A 0.2.0 log is rewritten into today's actions where that
//! is exact: the reveal steps are inserted where they fall, every seat's entry kept as
//! it was. The rewrite is kept only when it plays to the same position as the old rules
//! do and loses or gains no seat entry (`rewrite` can drop the passes no longer asked
//! for, but the players' own decisions are what a save keeps); otherwise (a pass the new
//! flow does not ask for, a wand invoked with no spell) the game goes on under 0.2.0's
//! rules (`Keydoms::rules_0_2`).
//!
//! 0.2.0 also changed five rulings from 0.1.0 (a raven under a ghost's Odd ones out,
//! your Evict with ghosts, where Moonlight may move from, Copy of a ghost's artefact, a
//! ghost ranking equal-value caves by their large pieces), so a 0.1.0 log is replayed
//! under 0.1.0's rulings (`Keydoms::rules_0_1`, which keeps 0.2.0's flow too): where
//! those rulings came up, today's rules refuse a later move (issue 25: a ghost chose
//! another cave, so a Donation was later owed in pearls the player no longer had). It
//! is rewritten for today's rules only when that plays to the same position, as above.

use serde_json::Value;
use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::versions::{OldEntry, OldLog, older};
use tavern_plugin_api::{Game, GameError, Setup, ToAct};

use crate::chance::Due;
use crate::state::{Action, Keydoms};

/// The version whose flow `rules_0_2` keeps.
pub const V0_2: &str = "0.2.0";
/// The version whose rulings `rules_0_1` keeps.
pub const V0_1: &str = "0.1.0";

/// How a log written by `version` replays today (see the module comment).
pub fn open_old(version: &str, setup: &Setup, log: Vec<OldEntry>) -> Result<OldLog, GameError> {
    if !older(version, "0.3.0") {
        return Ok(OldLog::unchanged(log));
    }
    let rules = if older(version, V0_2) { V0_1 } else { V0_2 };
    let mut old = Keydoms::create_under(setup, rules)?;
    for (i, e) in log.iter().enumerate() {
        let action = parse(&e.action).map_err(|m| at(i, m))?;
        apply_checked(&mut old, e.seat, &action).map_err(|err| at(i, err.0))?;
    }
    let old = settle(old);
    if let Some(new_log) = rewrite(setup, &log)
        && same_seat_entries(&new_log, &log)
        && let Some(end) = replay(setup, &new_log)
        && same_position(&settle(end), &old)
    {
        return Ok(OldLog {
            log: new_log,
            rules: None,
            note: Some(format!(
                "saved by Keydom's Dragons {version}: each location resolved is now a step \
                 of its own"
            )),
        });
    }
    Ok(OldLog {
        log,
        rules: Some(rules.into()),
        note: Some(format!(
            "played with Keydom's Dragons {rules} rules: every player with an artefact to \
             use is asked in every response window, and the locations resolve in one step"
        )),
    })
}

fn at(i: usize, m: impl std::fmt::Display) -> GameError {
    GameError::new(format!("entry {} of the old log: {m}", i + 1))
}

fn parse(v: &Value) -> Result<Action, String> {
    serde_json::from_value(v.clone()).map_err(|e| format!("not an action of this game: {e}"))
}

fn entry(seat: Option<usize>, a: &Action) -> OldEntry {
    OldEntry {
        seat,
        steps: Vec::new(),
        action: serde_json::to_value(a).expect("actions serialize"),
    }
}

/// The window seat a new-flow game waits on, when it waits in a window (not a decision).
fn window_wait(g: &Keydoms) -> Option<usize> {
    if g.pending.is_some() {
        return None;
    }
    match g.to_act() {
        ToAct::Seats(s) => Some(s[0]),
        _ => None,
    }
}

/// The old log in today's actions, or `None` when an entry has no place in the new flow.
fn rewrite(setup: &Setup, log: &[OldEntry]) -> Option<Vec<OldEntry>> {
    let mut g = Keydoms::new(setup).ok()?;
    let mut out = Vec::with_capacity(log.len());
    for e in log {
        let action = parse(&e.action).ok()?;
        // Every step the new flow has and the old did not, before this entry: reveals,
        // and passes of seats the old flow skipped (they had passed for the round).
        loop {
            if let Some(Due::Reveal(loc)) = g.chance_due() {
                let a = Action::Reveal { loc };
                apply_checked(&mut g, None, &a).ok()?;
                out.push(entry(None, &a));
                continue;
            }
            let fits = match g.to_act() {
                ToAct::Seats(s) => e.seat == Some(s[0]),
                ToAct::Chance => e.seat.is_none(),
                ToAct::Over => false,
            };
            if fits {
                break;
            }
            if matches!(action, Action::Pass | Action::PassRound) {
                break;
            }
            let seat = window_wait(&g)?;
            apply_checked(&mut g, Some(seat), &Action::Pass).ok()?;
            out.push(entry(Some(seat), &Action::Pass));
        }
        let asked = match g.to_act() {
            ToAct::Seats(s) => e.seat == Some(s[0]),
            ToAct::Chance => e.seat.is_none(),
            ToAct::Over => false,
        };
        if !asked {
            // A pass the new flow never asks for.
            if matches!(action, Action::Pass | Action::PassRound) {
                continue;
            }
            return None;
        }
        apply_checked(&mut g, e.seat, &action).ok()?;
        out.push(entry(e.seat, &action));
    }
    // Trailing reveals, so the game waits where the old one did (on a seat, or over).
    while let Some(Due::Reveal(loc)) = g.chance_due() {
        let a = Action::Reveal { loc };
        apply_checked(&mut g, None, &a).ok()?;
        out.push(entry(None, &a));
    }
    Some(out)
}

/// Whether the rewrite kept every seat's entry as it was (only automatic steps added):
/// a save's seat decisions are what its players did, so a log that would lose or gain
/// one (a pass the new flow no longer asks for) keeps its own flow instead.
fn same_seat_entries(new: &[OldEntry], old: &[OldEntry]) -> bool {
    let seats = |l: &[OldEntry]| -> Vec<(Option<usize>, Value)> {
        l.iter()
            .filter(|e| e.seat.is_some())
            .map(|e| (e.seat, e.action.clone()))
            .collect()
    };
    seats(new) == seats(old)
}

/// The game carried past every response window (all pass) and reveal step due, to the
/// next decision, other chance step or the end: a log saved while a window waited on a
/// seat that the new flow skips is compared where both flows meet again.
fn settle(mut g: Keydoms) -> Keydoms {
    loop {
        let step = if let Some(Due::Reveal(loc)) = g.chance_due() {
            (None, Action::Reveal { loc })
        } else if let Some(seat) = window_wait(&g) {
            (Some(seat), Action::Pass)
        } else {
            return g;
        };
        if apply_checked(&mut g, step.0, &step.1).is_err() {
            return g;
        }
    }
}

fn replay(setup: &Setup, log: &[OldEntry]) -> Option<Keydoms> {
    let mut g = Keydoms::new(setup).ok()?;
    for e in log {
        apply_checked(&mut g, e.seat, &parse(&e.action).ok()?).ok()?;
    }
    Some(g)
}

/// Whether two games stand in the same place: everything the players own or could
/// learn, and what the castle, caves and spell deck hold. Window bookkeeping is left
/// out (the flows differ there by design).
fn same_position(a: &Keydoms, b: &Keydoms) -> bool {
    a.players == b.players
        && a.round == b.round
        && a.start == b.start
        && a.stage == b.stage
        && a.treasury == b.treasury
        && a.caves == b.caves
        && a.stacks == b.stacks
        && a.top_up == b.top_up
        && a.guard == b.guard
        && a.card_deck == b.card_deck
        && a.ghosts == b.ghosts
        && a.m.hands == b.m.hands
        && a.m.deck == b.m.deck
        && a.m.discard == b.m.discard
        && a.m.invoked == b.m.invoked
        && a.m.extras == b.m.extras
        && a.outcome().map(|o| o.rank) == b.outcome().map(|o| o.rank)
        && a.to_act() == b.to_act()
        && a.pending == b.pending
}

impl Keydoms {
    /// A new game that follows 0.2.0's flow.
    pub fn new_under_0_2(setup: &Setup) -> Result<Keydoms, GameError> {
        let mut g = Keydoms::new(setup)?;
        g.rules_0_2 = true;
        Ok(g)
    }

    /// A new game under 0.1.0's rulings, with the flow 0.1.0 and 0.2.0 shared.
    pub fn new_under_0_1(setup: &Setup) -> Result<Keydoms, GameError> {
        let mut g = Keydoms::new_under_0_2(setup)?;
        g.rules_0_1 = true;
        Ok(g)
    }

    /// [`Game::new_under`]: 0.2.0 (or older) rules keep that version's flow, 0.1.0 (or
    /// older) its rulings too.
    pub fn create_under(setup: &Setup, rules: &str) -> Result<Keydoms, GameError> {
        if older(rules, V0_2) {
            Keydoms::new_under_0_1(setup)
        } else if older(rules, "0.3.0") {
            Keydoms::new_under_0_2(setup)
        } else {
            Keydoms::new(setup)
        }
    }
}
