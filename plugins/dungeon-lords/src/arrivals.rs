//! The adventurers' arrival (the full game): the round's tiles sorted by glyph, assigned
//! from the nicest lord to the most evil, and warriors pushing to the front of the party.

use crate::data::{Class, adv};
use crate::model::{Adv, Lord};

/// Sorts drawn adventurers weakest glyph first; equal glyphs keep their drawn order.
pub fn sort_by_glyph(drawn: &mut [u8]) {
    drawn.sort_by_key(|&id| adv(id).level);
}

/// All drawn tiles share one glyph: the last one goes under its stack and another is drawn.
pub fn needs_redraw(drawn: &[u8]) -> bool {
    drawn.len() > 1 && drawn.iter().all(|&id| adv(id).level == adv(drawn[0]).level)
}

/// Who receives the sorted adventurers, in order: lowest Evil first; on a tie the start
/// player is nicest, then clockwise. `evil[i]` is seat i's Evil; a non-player counter (2
/// players) is passed as an extra entry and `nicer_first` lists it so that it wins ties.
pub fn nicest_first(evil: &[u8], start: usize, nicer_first: &[usize]) -> Vec<usize> {
    let n = evil.len();
    let mut seats: Vec<usize> = (0..n).collect();
    seats.sort_by_key(|&s| {
        let preferred = !nicer_first.contains(&s);
        let from_start = (s + n - start % n) % n;
        (evil[s], preferred, from_start)
    });
    seats
}

/// A new adventurer joins the party: warriors push ahead of everyone but the paladin, the
/// others go to the back.
pub fn join(l: &mut Lord, id: u8) {
    let a = Adv::new(id, 0);
    if adv(id).class == Class::Warrior {
        let at = l
            .party
            .iter()
            .take_while(|p| p.class() == Class::Paladin)
            .count();
        l.party.insert(at, a);
    } else {
        l.party.push(a);
    }
}
