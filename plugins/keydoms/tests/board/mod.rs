//! Hand-built ghost-game positions shared by the ghost test files: clear the board, then
//! put chosen workers and counters where a rule needs them; the scenario tests' way to
//! apply a step and run the flow on through the locations' reveal steps; and the deal in
//! a known order that the hand-built tables start from.
//! Below it, the tables two families of tests start from: `ghost_table` (the ghost-rule
//! tests) and `magic_table` (the magic tests); they use this module, never the reverse.
#![allow(dead_code)]

pub mod ghost_table;
pub mod magic_table;

use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::{Applied, Game, GameError, ToAct};
use tavern_plugin_keydoms::chance::Due;
use tavern_plugin_keydoms::data::GUARD;
use tavern_plugin_keydoms::state::Action;
use tavern_plugin_keydoms::{Keydoms, Pending, Stage};

/// Turns up every location due next (the reveal steps are chance steps with one
/// outcome), so a scenario reads on to the next decision as the table plays it.
pub fn reveal_due(g: &mut Keydoms) {
    while let Some(Due::Reveal(loc)) = g.chance_due() {
        apply_checked(g, None, &Action::Reveal { loc }).unwrap();
    }
}

/// The host's checked apply, then any reveal steps due.
pub fn apply(g: &mut Keydoms, seat: Option<usize>, a: &Action) -> Result<Applied, GameError> {
    let done = apply_checked(g, seat, a)?;
    reveal_due(g);
    Ok(done)
}

/// Runs the flow after a hand-built change, through any reveal steps.
pub fn run(g: &mut Keydoms) {
    g.advance();
    reveal_due(g);
}

/// Shuffles a new game in a known order: the spells (in a magic game; 21 ends on top)
/// and the castle's artefacts, each in identity order.
pub fn in_order(g: &mut Keydoms) {
    if g.magic() {
        let order = (0..21).collect();
        apply(g, None, &Action::ShuffleSpells { order }).unwrap();
    }
    let tiles = Keydoms::castle_tiles(g.n()).len() as u16;
    let order = (0..tiles).collect();
    apply(g, None, &Action::ShuffleArtefacts { order }).unwrap();
}

/// Starts the round with a guard of strength `guard` and the treasure card on top of the
/// deck.
pub fn start_round(g: &mut Keydoms, guard: u8) {
    let card = g.card_deck[0];
    apply(g, None, &Action::StartRound { guard, card }).unwrap();
}

/// Every seat takes its first legal starting treasures (a crown, a pearl and a goblet),
/// which brings the first round to its placements.
pub fn first_treasures(g: &mut Keydoms) {
    for _ in 0..3 * g.n() {
        let ToAct::Seats(s) = g.to_act() else {
            panic!("expected a seat")
        };
        let a = g.legal_actions(s[0])[0].clone();
        apply(g, Some(s[0]), &a).unwrap();
    }
    assert_eq!(g.stage, Stage::Placing);
}

/// Empties every cave back into the treasury.
pub fn clear_caves(g: &mut Keydoms) {
    for c in 0..5 {
        for l in 0..4 {
            for t in 0..5 {
                g.treasury[t] += g.caves[c][l][t];
                g.caves[c][l][t] = 0;
            }
        }
    }
}

/// Seat 0, given an active wand and `spell` as its only spell, casts it at its
/// placement turn.
pub fn player_casts(g: &mut Keydoms, spell: u8) {
    g.m.wand[0] = true;
    g.m.hands[0] = vec![spell];
    g.pending = Some(Pending::Place { seat: 0 });
    apply(g, Some(0), &Action::Cast { spell }).unwrap();
}

/// Clears the board for a hand-built round: nobody placed, no windows (everybody has
/// passed for the round), ghosts past their first turn with no cards left to play.
pub fn clear(g: &mut Keydoms) {
    g.pending = None;
    g.m.windows.clear();
    g.m.passed = vec![true; g.n()];
    for p in &mut g.players {
        for w in &mut p.workers {
            w.loc = None;
        }
    }
    for gh in &mut g.ghosts {
        gh.deck.clear();
        for w in &mut gh.workers {
            w.loc = None;
        }
    }
    g.gp.started = vec![true; g.ghosts.len()];
}

pub fn human(g: &mut Keydoms, seat: usize, strength: u8, loc: u8) {
    let w = g.players[seat]
        .workers
        .iter_mut()
        .find(|w| w.strength == strength && w.loc.is_none())
        .unwrap();
    w.loc = Some(loc);
    w.seq = 100 + strength as u32;
}

pub fn ghost(g: &mut Keydoms, gh: usize, counter: usize, loc: u8) {
    g.ghosts[gh].workers[counter].loc = Some(loc);
}

/// Every human worker not yet placed goes to the guard room (they get everyone in).
pub fn park(g: &mut Keydoms) {
    for p in &mut g.players {
        for w in &mut p.workers {
            if w.loc.is_none() {
                w.loc = Some(GUARD);
            }
        }
    }
}
