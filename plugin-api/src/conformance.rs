//! The host's JSON requests walked over a game, the way the C ABI carries them: the check
//! every game's ABI test runs, written once. A game's own test adds what is particular to
//! it (its info, a named action's label).

use rand::RngExt;
use serde_json::Value;

use crate::abi::respond;
use crate::game::Game;
use crate::proto::{
    ActionEntry, AppliedReply, ChoiceKind, Outcome, PlayoutReport, Request, Setup, ToAct, View,
};
use crate::rng::GameRng;

/// What a walk saw, for the caller's own assertions.
#[derive(Debug, Default)]
pub struct Walk {
    pub actions: usize,
    pub chance_steps: usize,
    pub refused: usize,
    pub finished: bool,
}

fn ask<T: serde::de::DeserializeOwned, G: Game>(g: &mut G, req: Request) -> Result<T, String> {
    let what = format!("{req:?}");
    let v = respond(g, req).map_err(|e| format!("{what} failed: {e:?}"))?;
    serde_json::from_value(v).map_err(|e| format!("{what}: the reply does not parse: {e}"))
}

/// Seat 1's view through `respond`, as the host asks for it: it must say whose turn it
/// is (a status line) and name the seats on the table ("Player 1"), since the names come
/// from the setup through the ABI. Returned for the caller's own checks.
pub fn table_names_the_seats<G: Game>(g: &mut G) -> Result<View, String> {
    let v: View = ask(g, Request::View { viewer: Some(1) })?;
    if v.status.is_empty() {
        return Err("seat 1's view has no status line".into());
    }
    if !serde_json::to_string(&v.scene)
        .unwrap_or_default()
        .contains("Player 1")
    {
        return Err("the seats' names do not reach the table".into());
    }
    Ok(v)
}

/// The level-1 bot's choice for `seat` through `respond`: a listed entry with a label.
pub fn bot_choice<G: Game>(g: &mut G, seat: usize) -> Result<ActionEntry, String> {
    let e: ActionEntry = ask(
        g,
        Request::Bot {
            seat,
            seed: 3,
            level: 1,
        },
    )?;
    if e.label.is_empty() {
        return Err("the bot's choice has no label".into());
    }
    Ok(e)
}

fn state_text<G: Game>(g: &G) -> String {
    serde_json::to_string(g).unwrap_or_default()
}

/// Plays up to `max_actions` random actions from a new game through `respond`: chance
/// steps by `Chance`, seats' moves by `Legal` then `Apply` of a listed action. Checks on
/// the way that every reply parses, `LegalCount` agrees with `Legal`, every seat's and the
/// spectator's view parses, an action offered to one seat is refused for a seat that is
/// not to act (leaving the state as it was), a made-up action is refused, and at the end
/// that `Outcome` and `Playouts` answer.
pub fn abi_walk<G: Game>(setup: &Setup, seed: u64, max_actions: usize) -> Result<Walk, String> {
    let mut g = G::new(setup).map_err(|e| format!("new game: {}", e.0))?;
    let seats = setup.seats.len();
    let mut rng = GameRng::new(seed);
    let mut walk = Walk::default();
    for step in 0..max_actions {
        let to_act: ToAct = ask(&mut g, Request::ToAct)?;
        match to_act {
            ToAct::Over => {
                walk.finished = true;
                break;
            }
            ToAct::Chance => {
                let r: AppliedReply = ask(&mut g, Request::Chance { seed: rng.random() })?;
                if r.label.trim().is_empty() {
                    return Err(format!("step {step}: a chance step with no log text"));
                }
                walk.chance_steps += 1;
            }
            ToAct::Seats(list) => {
                let seat = list[rng.random_range(0..list.len())];
                let legal: Vec<ActionEntry> = ask(&mut g, Request::Legal { seat })?;
                let count: usize = ask(&mut g, Request::LegalCount { seat })?;
                if legal.is_empty() || count != legal.len() {
                    return Err(format!(
                        "step {step}: seat {seat} lists {} actions, counts {count}",
                        legal.len()
                    ));
                }
                let pick = &legal[rng.random_range(0..legal.len())];
                if let Some(idle) = (0..seats).find(|s| !list.contains(s)) {
                    let before = state_text(&g);
                    let refused = respond(
                        &mut g,
                        Request::Apply {
                            seat: Some(idle),
                            action: pick.action.clone(),
                        },
                    );
                    if refused.is_ok() || state_text(&g) != before {
                        return Err(format!(
                            "step {step}: seat {idle}, not to act, could play {}",
                            pick.label
                        ));
                    }
                    walk.refused += 1;
                }
                let before = state_text(&g);
                let bogus = respond(
                    &mut g,
                    Request::Apply {
                        seat: Some(seat),
                        action: Value::String("no such action".into()),
                    },
                );
                if bogus.is_ok() || state_text(&g) != before {
                    return Err(format!("step {step}: a made-up action was accepted"));
                }
                let r: AppliedReply = ask(
                    &mut g,
                    Request::Apply {
                        seat: Some(seat),
                        action: pick.action.clone(),
                    },
                )?;
                // A plan's tentative step is logged with the action that confirms it,
                // under that action's text, so only other actions must say something.
                if r.label.trim().is_empty() && pick.kind != ChoiceKind::Step {
                    return Err(format!("step {step}: {} left no log text", pick.label));
                }
                walk.actions += 1;
            }
        }
        // Views are the expensive request; every few steps is enough to catch one that
        // does not parse in some phase.
        if step % 7 == 0 {
            for viewer in (0..seats).map(Some).chain([None]) {
                let _: View = ask(&mut g, Request::View { viewer })?;
            }
        }
    }
    let _: Option<Outcome> = ask(&mut g, Request::Outcome)?;
    if !walk.finished {
        let report: PlayoutReport = ask(
            &mut g,
            Request::Playouts {
                games: 2,
                seed: rng.random(),
            },
        )?;
        if report.wins.len() != seats {
            return Err(format!(
                "playouts report {} seats, not {seats}",
                report.wins.len()
            ));
        }
    }
    Ok(walk)
}
