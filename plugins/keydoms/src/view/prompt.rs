//! What the viewer is asked and the game's status line, and the cards only the deciding
//! seat may see (spells just drawn, a stack being searched).

use tavern_plugin_api::Scene;
use tavern_plugin_api::scene::{Color, pos, rect};

use super::areas::{OWN, OWN_RIGHT};
use crate::art;
use crate::data::{COMPONENTS, artefact_name, loc_name};
use crate::hand_view::{Shown, draw_cards};
use crate::state::{Action, Keydoms, Pending, Stage};

pub(super) fn status(k: &Keydoms) -> String {
    let phase = match k.stage {
        Stage::Setup => "Setting up".to_string(),
        Stage::RoundStart => "Starting a round".to_string(),
        Stage::StartTreasures => "Starting treasures".to_string(),
        Stage::Placing => "Placing workers".to_string(),
        Stage::Resolving => format!("Resolving {}", crate::data::the_loc(k.cursor.loc.min(14))),
        Stage::Over => "Game over".to_string(),
    };
    // Who is to play the host says beside it.
    format!("Round {} · {}", k.round, phase)
}

pub(super) fn prompt(k: &Keydoms, viewer: Option<usize>) -> String {
    let Some(p) = &k.pending else {
        return match k.window_seat() {
            Some(s) if Some(s) == viewer => crate::magic_view::window_prompt(k),
            Some(s) => format!("Waiting for {} to respond", k.players[s].name),
            None => String::new(),
        };
    };
    if Some(p.seat()) != viewer {
        return format!("Waiting for {}", k.players[p.seat()].name);
    }
    match p {
        Pending::Magic { step, .. } => crate::magic_view::step_prompt(k, step),
        Pending::StartTreasure { .. } => {
            "Take a small treasure: three different types to start".into()
        }
        Pending::Place { seat } => {
            let shown = (0..k.m.disclosure.len()).any(|o| o != *seat && k.m.disclosure[o]);
            let magic = if k
                .actions_for(*seat)
                .iter()
                .any(|a| matches!(a, Action::Invoke { .. } | Action::Cast { .. }))
            {
                " (or first invoke an artefact or cast a spell)"
            } else {
                ""
            };
            if shown {
                format!(
                    "Place a worker face up on an open location: another player's Disclosure \
                     shows your workers this round{magic}"
                )
            } else {
                format!("Place a worker face down on an open location{magic}")
            }
        }
        Pending::NameStartPlayer { .. } => {
            "You won the stables: choose the new start player".into()
        }
        Pending::MarketGive { .. } => {
            "You won the market: trade one small treasure for three, or skip".into()
        }
        Pending::MarketTake { left, .. } => format!(
            "Your market trade: take {left} more small {} from the treasury",
            if *left == 1 { "treasure" } else { "treasures" }
        ),
        Pending::Bribe { seat, owed, paid } => {
            let guard = crate::ghost::guard_with_keys(k.guard.unwrap_or(10), k.gp.keys) as u16;
            format!(
                "Your guard room strength {} is short of the guard's {guard}: bribe {} to \
                 enter the castle ({} paid so far, one at a time), or refuse and your castle \
                 workers go home",
                k.strength(*seat, crate::data::GUARD),
                crate::data::count(*owed, "treasure", "treasures"),
                paid.iter().sum::<u8>()
            )
        }
        Pending::Buy {
            room,
            stack,
            need,
            paid,
            ..
        } => buy_prompt(k, *room, *stack, need, paid),
    }
}

/// What buying in `room` costs the viewer, in words: each worker's strength in its own
/// treasure type, what is already set aside, and why declining is all that is left when
/// no type is held in the numbers needed.
pub(super) fn buy_prompt(
    k: &Keydoms,
    room: u8,
    stack: Option<u8>,
    need: &[u8],
    paid: &[u8],
) -> String {
    let room_name = loc_name(room);
    let Some(st) = stack else {
        return format!("You may buy in {room_name}: choose which artefact");
    };
    let what = match k.stacks[st as usize].last() {
        Some(&a) if k.top_up[st as usize] => format!("the {}", artefact_name(a)),
        _ => "the artefact".to_string(),
    };
    let price = match need {
        [s] => crate::data::count(*s, "treasure", "treasures of one type"),
        [rest @ .., last] => {
            let each: Vec<String> = rest.iter().map(|s| s.to_string()).collect();
            let types = ["", "", "two", "three", "four", "five"][need.len().min(5)];
            format!(
                "{} and {last} of {types} different treasure types, one type per worker",
                each.join(", ")
            )
        }
        [] => "nothing".to_string(),
    };
    let mut text = format!("You may buy {what} in {room_name}: pay {price}");
    if !paid.is_empty() {
        let set: Vec<String> = need
            .iter()
            .zip(paid)
            .map(|(&s, &t)| crate::data::treasures_of(s as u16, t as usize))
            .collect();
        text.push_str(&format!(" (set aside: {})", set.join(", ")));
    } else if let Some(seat) = k.pending.as_ref().map(|p| p.seat())
        && !k
            .actions_for(seat)
            .iter()
            .any(|a| matches!(a, Action::PayWorker { .. }))
    {
        text.push_str(". You hold too few of one type for that: you can only decline");
    }
    text
}

/// Cards only the deciding seat may see: spells just drawn, or a stack being searched,
/// in the own area's magic column. False when `step` shows no such cards.
pub(super) fn draw_private_choice(s: &mut Scene, k: &Keydoms, step: &crate::magic::Step) -> bool {
    use crate::magic::Step;
    // Name, help, picture and the number on the card: a spell's own number (as in the
    // hand), a stack tile's place in the stack (as its label says).
    type Choice = (String, String, &'static str, String);
    let (title, cards): (&str, Vec<Choice>) = match step {
        Step::Keep { drawn, .. } => (
            "Drawn spells (keep one):",
            drawn
                .iter()
                .map(|&sp| {
                    (
                        crate::data::spell_name(sp).to_string(),
                        crate::data::spell_help(sp).to_string(),
                        art::spell(sp),
                        sp.to_string(),
                    )
                })
                .collect(),
        ),
        Step::StackPick { stack, .. } => (
            "The stack, bottom to top:",
            k.stacks[*stack as usize]
                .iter()
                .enumerate()
                .map(|(i, &a)| {
                    (
                        artefact_name(a).to_string(),
                        COMPONENTS.artefacts[a as usize].help.clone(),
                        art::artefact(a),
                        (i + 1).to_string(),
                    )
                })
                .collect(),
        ),
        _ => return false,
    };
    let x0 = OWN_RIGHT - 6.0;
    let right = OWN.x + OWN.w - 8.0;
    s.panel(
        rect(x0, 845.0, right - x0, OWN.y + OWN.h - 6.0 - 845.0),
        Color::rgb(40, 30, 60),
        Color::WHITE,
    );
    s.heading(pos(OWN_RIGHT, 863.0), title, 18.0, Color::WHITE);
    let shown: Vec<Shown> = cards
        .into_iter()
        .map(|(name, help, picture, value)| Shown {
            tip: format!("{name}, only you see it. {help}"),
            name,
            value,
            picture,
            id: None,
        })
        .collect();
    let area = rect(
        OWN_RIGHT,
        881.0,
        right - 6.0 - OWN_RIGHT,
        OWN.y + OWN.h - 12.0 - 881.0,
    );
    draw_cards(s, area, &shown, true, Color::WHITE);
    true
}
