//! Prompts and labels for artefact and spell decisions.

use crate::data::treasure_singular;
use crate::data::{artefact_name, spell_name, the_loc};
use crate::magic::{PayFor, Step, WinKind};
use crate::state::{Action, Keydoms};

pub fn step_prompt(k: &Keydoms, step: &Step) -> String {
    match step {
        Step::Mirror => "Choose one of your face-up workers to mirror".into(),
        Step::Target { spell, .. } => format!("Choose the target of {}", spell_name(*spell)),
        Step::Keep { give_to, .. } => match give_to {
            Some(s) => format!("Keep one spell; the other goes to {}", k.name_of(*s)),
            None => "Keep one spell; the other goes under the spell deck".into(),
        },
        Step::Pay {
            owed,
            paid,
            purpose,
        } => {
            let why = match purpose {
                PayFor::Treasury => "to the treasury".to_string(),
                PayFor::Extortion => "for your castle workers (or refuse: they go home)".into(),
                PayFor::Levy { .. } => "for a Keytown worker (or refuse: it goes home)".into(),
                PayFor::Teleport { to } if *to < k.n() => {
                    format!("to {} as compensation", k.players[*to].name)
                }
                PayFor::Teleport { to } => format!(
                    "to the treasury as the {}'s compensation (ghosts take no treasure)",
                    k.name_of(*to)
                ),
            };
            format!(
                "Pay {} {why}: {paid} paid, one at a time",
                crate::data::count(*owed, "treasure", "treasures")
            )
        }
        Step::Take { left } => format!(
            "Take {left} more small {} from the treasury",
            if *left == 1 { "treasure" } else { "treasures" }
        ),
        Step::Trade => "Swap treasures with the treasury one for one, then finish".into(),
        Step::EvictBack { victim } => {
            format!("Send one of {}'s workers home", k.players[*victim].name)
        }
        Step::StackPick { .. } => "Pick an artefact from the stack".into(),
        Step::Withdraw { left, min } if *min > 0 => format!(
            "Only ghosts lost a worker to your Evict: take home one of your workers of \
             strength {min} or more ({left} to go)"
        ),
        Step::Withdraw { left, .. } => {
            format!("A ghost's spell: take {left} of your workers home")
        }
        Step::RemoveGhost { ghost, area } => {
            let whose = match ghost {
                Some(g) => format!("the {}'s", k.ghosts[*g as usize].name()),
                None => "a ghost's".into(),
            };
            let wher = match area {
                crate::magic::GhostArea::Caves => " in a cave",
                crate::magic::GhostArea::Keytown => " in Keytown",
                crate::magic::GhostArea::Anywhere => "",
            };
            format!("Your spell: you may send one of {whose} counters{wher} home, or finish")
        }
        Step::ExtortGhost => {
            "Your Extortion: several ghost counters are equally weak; choose the one that goes home"
                .into()
        }
    }
}

pub fn window_prompt(k: &Keydoms) -> String {
    match k.m.windows.last().map(|w| w.kind) {
        Some(WinKind::Placement) => {
            let s = k.placement_seat();
            format!(
                "Before {}'s placement: invoke an artefact, cast a spell, or pass",
                k.name_of(s)
            )
        }
        Some(WinKind::Location(l)) => format!(
            "{} is revealed: invoke an artefact, cast a spell, or pass",
            crate::data::upper_first(&the_loc(l))
        ),
        Some(WinKind::BeforeResolve) => {
            "All workers are out: last chance before resolving (Dragon leaves, …), or pass".into()
        }
        Some(WinKind::AfterCaves) => "The caves are done: the moment for Smuggler, or pass".into(),
        Some(WinKind::Spell) => match k.m.casts.last() {
            Some(c) => format!(
                "{} cast {}: cancel it with an amulet, or pass",
                k.name_of(c.caster),
                spell_name(c.spell)
            ),
            None => "Respond or pass".into(),
        },
        None => String::new(),
    }
}

/// Label and scene target for a magic action.
pub fn describe(k: &Keydoms, seat: usize, a: &Action) -> Option<(String, String)> {
    Some(match a {
        Action::Pass => {
            let what = match k.m.windows.last().map(|w| w.kind) {
                Some(WinKind::Spell) => "Pass: no amulet, the spell stands",
                _ => "Pass: no artefact or spell now",
            };
            (what.into(), String::new())
        }
        Action::PassRound => (
            "Pass every response window for the rest of this round".into(),
            String::new(),
        ),
        Action::Invoke { artefact } => (invoke_label(k, *artefact), format!("art:{artefact}")),
        Action::Cast { spell } => (
            format!("Cast {}", spell_name(*spell)),
            format!("spell:{spell}"),
        ),
        Action::ChooseOwnWorker { loc, strength } => (
            format!("Mirror your {strength} in {}", the_loc(*loc)),
            format!("loc:{loc}"),
        ),
        Action::ChooseWorker { seat: s, loc, slot } if *s as usize >= k.n() => (
            format!(
                "Choose the {}'s counter #{} in {}",
                k.name_of(*s as usize),
                slot + 1,
                the_loc(*loc)
            ),
            format!("loc:{loc}"),
        ),
        Action::ChooseWorker { seat: s, loc, slot } => {
            let owner = *s as usize;
            let shown = k
                .worker_at(owner, *loc, *slot)
                .map(|i| &k.players[owner].workers[i])
                .filter(|w| w.face_up || owner == seat)
                .map(|w| w.strength.to_string())
                .unwrap_or_else(|| format!("face-down worker #{}", slot + 1));
            let whose = if owner == seat {
                "your own".to_string()
            } else {
                format!("{}'s", k.players[owner].name)
            };
            (
                format!("Choose {whose} {shown} in {}", the_loc(*loc)),
                format!("loc:{loc}"),
            )
        }
        Action::ChooseLocation { loc } => {
            (format!("Choose {}", the_loc(*loc)), format!("loc:{loc}"))
        }
        Action::ChooseArtefact { artefact } => (
            format!("Choose the {}", artefact_name(*artefact)),
            // Only your own artefacts are drawn as clickable cards.
            if k.players[seat].artefacts[*artefact as usize] > 0 {
                format!("art:{artefact}")
            } else {
                String::new()
            },
        ),
        Action::ChooseStackTile { index } => {
            let name = match &k.pending {
                Some(crate::state::Pending::Magic {
                    step: Step::StackPick { stack, .. },
                    ..
                }) => k.stacks[*stack as usize]
                    .get(*index as usize)
                    .map(|&t| artefact_name(t))
                    .unwrap_or("?"),
                _ => "?",
            };
            (
                format!("Pick the {name} (tile {})", index + 1),
                String::new(),
            )
        }
        Action::KeepSpell { spell } => (format!("Keep {}", spell_name(*spell)), String::new()),
        Action::PayOne { treasure } => (
            format!("Pay one {}", treasure_singular(*treasure)),
            format!("mine:{treasure}"),
        ),
        Action::Refuse => {
            let what = match &k.pending {
                Some(crate::state::Pending::Magic {
                    step:
                        Step::Pay {
                            purpose: PayFor::Levy { .. },
                            ..
                        },
                    ..
                }) => "Refuse the Levy: this worker goes home",
                _ => "Refuse to pay: your castle workers go home",
            };
            (what.into(), String::new())
        }
        Action::TakeOne { treasure } => (
            format!("Take one {}", treasure_singular(*treasure)),
            format!("treasury:{treasure}"),
        ),
        Action::TradeOne { give, take } => (
            format!(
                "Trade one {} for one {}",
                treasure_singular(*give),
                treasure_singular(*take)
            ),
            format!("mine:{give}"),
        ),
        Action::Done => match &k.pending {
            Some(crate::state::Pending::Magic {
                step: Step::RemoveGhost { .. },
                ..
            }) => ("Leave the ghost's counters alone".into(), String::new()),
            _ => ("Finish trading".into(), String::new()),
        },
        Action::ChooseGhostWorker { ghost, loc, slot } => (
            format!(
                "Send home the {}'s counter #{} in {}",
                k.ghosts[*ghost as usize].name(),
                slot + 1,
                the_loc(*loc)
            ),
            format!("loc:{loc}"),
        ),
        _ => return None,
    })
}

/// What invoking `artefact` does now, in the label's words.
fn invoke_label(k: &Keydoms, artefact: u8) -> String {
    use crate::data::{AMULET, KEY, MIRROR, RAVEN, WAND};
    let name = artefact_name(artefact);
    match artefact {
        RAVEN => match k.current_loc() {
            Some(l) => format!(
                "Send your {name} to {}: an extra strength-3 worker",
                the_loc(l)
            ),
            None => format!("Invoke your {name}"),
        },
        MIRROR => format!("Invoke your {name}: double one of your face-up workers"),
        KEY => format!("Invoke your {name}: enter the castle without passing the guard"),
        WAND => format!("Invoke your {name}: cast spells this round"),
        AMULET => match k.m.casts.last() {
            Some(c) => format!("Invoke your {name}: cancel {}", spell_name(c.spell)),
            None => format!("Invoke your {name}"),
        },
        _ => format!("Invoke your {name}"),
    }
}

/// A short title for the open window, for the side panel.
pub fn window_title(k: &Keydoms) -> String {
    match k.m.windows.last().map(|w| w.kind) {
        Some(WinKind::Placement) => "Before the next placement".into(),
        Some(WinKind::Location(l)) => format!("At {}", the_loc(l)),
        Some(WinKind::BeforeResolve) => "Before resolving".into(),
        Some(WinKind::AfterCaves) => "After the caves".into(),
        Some(WinKind::Spell) => match k.m.casts.last() {
            Some(c) => format!("Against {}", spell_name(c.spell)),
            None => "Against a spell".into(),
        },
        None => String::new(),
    }
}
