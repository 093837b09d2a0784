//! Shared by the test files that look at the table over random games: the setup they
//! start from and the walk that plays a game out at random.
#![allow(dead_code)]

use rand::RngExt;
use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::{Game, GameRng, Setup, ToAct};
use tavern_plugin_keydoms::Keydoms;

/// `humans` seats with the `ghosts` option ("auto", "0", "1", "2"), with magic (the
/// standard game) or without it (muggles).
pub fn setup(humans: usize, ghosts: &str, magic: bool) -> Setup {
    let mut s = Setup::players(humans);
    s.options.insert("ghosts".into(), ghosts.into());
    let variant = if magic { "standard" } else { "muggles" };
    s.options.insert("variant".into(), variant.into());
    s
}

/// One random step: a chance outcome when chance acts, else a random legal action of
/// the first seat to act, applied with the host's checks. False once the game is over.
pub fn random_step(g: &mut Keydoms, rng: &mut GameRng) -> bool {
    let (seat, a) = match g.to_act() {
        ToAct::Over => return false,
        ToAct::Chance => (None, g.sample_chance(rng)),
        ToAct::Seats(s) => {
            let l = g.legal_actions(s[0]);
            (Some(s[0]), l[rng.random_range(0..l.len())].clone())
        }
    };
    apply_checked(g, seat, &a).unwrap();
    true
}

/// Plays `g` out at random with `rng`, showing `look` every position on the way (the
/// one before each step, then the final one) with the number of steps taken so far.
pub fn walk(mut g: Keydoms, rng: &mut GameRng, mut look: impl FnMut(&Keydoms, usize)) {
    let mut step = 0;
    loop {
        look(&g, step);
        if !random_step(&mut g, rng) {
            return;
        }
        step += 1;
    }
}
