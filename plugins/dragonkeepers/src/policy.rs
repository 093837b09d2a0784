//! The bots' playout policy: a cheap guess at sensible play, so a searched line is
//! finished by players who lay out dragons rather than by ones who end most turns early.
//!
//! Uniform playouts end a turn as soon as "End turn" is drawn, so most simulated turns
//! take a card or two and play nothing, and every position looks alike. Here a play that
//! is ready is always made, a started selection is carried on, and ending a turn or
//! switching items is rare while other things can be done. Every legal action keeps some
//! weight except taking an item back, so no line is ruled out.

use tavern_plugin_api::GameRng;

use crate::action::Action;
use crate::model::Dk;

fn weight(g: &Dk, a: &Action) -> u32 {
    match a {
        Action::Play { .. } => 1,
        Action::Select { .. } if !g.step.selection.is_empty() => 100,
        Action::Select { .. } => 30,
        Action::UseFlute { .. } => 20,
        Action::TakeDisplay { .. } => 12,
        Action::UseMint => 6,
        Action::PlaceOnPage { .. } => 4,
        Action::PayCrystalForFourth => 3,
        Action::EndTurn | Action::Pass | Action::Arm { .. } | Action::HammerOn { .. } => 1,
        // Switching an item off undoes a choice; in a playout it only wastes moves.
        Action::Disarm { .. } | Action::Unpick => 0,
        // Chance outcomes are never a seat's choice.
        Action::Shuffle { .. }
        | Action::RemovePieces { .. }
        | Action::RevealChest { .. }
        | Action::DrawPearl { .. }
        | Action::StartPlayer { .. } => 1,
    }
}

/// Index into `legal` (never empty): a ready play, else drawn in proportion to [`weight`].
pub fn playout_choice(g: &Dk, legal: &[Action], rng: &mut GameRng) -> usize {
    // A ready play is always made (at one end or the other of the row).
    let plays = legal
        .iter()
        .filter(|a| matches!(a, Action::Play { .. }))
        .count();
    if plays > 0 {
        let k = rng.die(plays as u32) as usize - 1;
        return legal
            .iter()
            .enumerate()
            .filter(|(_, a)| matches!(a, Action::Play { .. }))
            .nth(k)
            .map_or(0, |(i, _)| i);
    }
    let total: u32 = legal.iter().map(|a| weight(g, a)).sum();
    if total == 0 {
        return rng.die(legal.len() as u32) as usize - 1;
    }
    let mut r = rng.die(total) - 1;
    for (i, a) in legal.iter().enumerate() {
        let w = weight(g, a);
        if r < w {
            return i;
        }
        r -= w;
    }
    legal.len() - 1
}
