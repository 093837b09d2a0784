//! Treasure arithmetic: filling ledges from the treasury with substitution, and whether
//! a castle price (one treasure type per worker) can be met.

use crate::data::{LARGE, TYPES};

/// Takes one piece worth `value` of type `t` from `treasury` into `ledge`, returning the
/// type it came as. When the treasury holds too little of `t`, the piece comes from the
/// type of the next cave to the left (wrapping from A to E), and so on; a piece nobody
/// can supply is skipped (`None`).
pub fn take_piece(
    treasury: &mut [u8; TYPES],
    ledge: &mut [u8; TYPES],
    t: usize,
    value: u8,
) -> Option<usize> {
    for k in 0..TYPES {
        let ty = (t + TYPES - k) % TYPES;
        if treasury[ty] >= value {
            treasury[ty] -= value;
            ledge[ty] += value;
            return Some(ty);
        }
    }
    None
}

/// Fills one ledge of cave `t` with `large` large and `small` small pieces; `ledge` gets
/// their value per type and `ledge_large` counts the large pieces per type, so the
/// ledge still knows the pieces the treasure card laid there.
pub fn fill_ledge(
    treasury: &mut [u8; TYPES],
    ledge: &mut [u8; TYPES],
    ledge_large: &mut [u8; TYPES],
    t: usize,
    large: u8,
    small: u8,
) {
    for _ in 0..large {
        if let Some(ty) = take_piece(treasury, ledge, t, LARGE) {
            ledge_large[ty] += 1;
        }
    }
    for _ in 0..small {
        take_piece(treasury, ledge, t, 1);
    }
}

/// Whether workers of strengths `need` can each be paid in a different type out of
/// `held`, with the types in `used` already taken.
pub fn can_pay(held: &[u8; TYPES], need: &[u8], used: &[u8]) -> bool {
    fn go(held: &[u8; TYPES], need: &[u8], used: u8) -> bool {
        match need.split_first() {
            None => true,
            Some((&s, rest)) => (0..TYPES)
                .any(|t| used & (1 << t) == 0 && held[t] >= s && go(held, rest, used | (1 << t))),
        }
    }
    if need.len() > TYPES {
        return false;
    }
    let mask = used.iter().fold(0u8, |m, &t| m | (1 << t));
    go(held, need, mask)
}

/// A value shown as physical pieces: as many large ones as fit, the rest small.
pub fn pieces(value: u8) -> (u8, u8) {
    (value / LARGE, value % LARGE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn substitution_takes_from_the_next_cave_to_the_left() {
        // Rulebook: no large gold bar -> a large blue gemstone instead (blue is left of gold).
        let mut treasury = [29, 29, 29, 29, 2];
        let mut ledge = [0; TYPES];
        let mut large = [0; TYPES];
        fill_ledge(&mut treasury, &mut ledge, &mut large, 4, 1, 0);
        assert_eq!(ledge, [0, 0, 0, 3, 0]);
        assert_eq!(large, [0, 0, 0, 1, 0], "it stays a large piece");
        assert_eq!(treasury[4], 2);
        // Rulebook: no small red crowns for two -> two small gold bars (gold wraps left of red).
        let mut treasury = [0, 29, 29, 29, 29];
        let mut ledge = [0; TYPES];
        let mut large = [0; TYPES];
        fill_ledge(&mut treasury, &mut ledge, &mut large, 0, 0, 2);
        assert_eq!(large, [0; TYPES]);
        assert_eq!(ledge, [0, 0, 0, 0, 2]);
        assert_eq!(treasury[4], 27);
    }

    #[test]
    fn castle_price_needs_distinct_types() {
        // 7 and 1 need two types; 8 of one type is not enough.
        assert!(!can_pay(&[8, 0, 0, 0, 0], &[7, 1], &[]));
        assert!(can_pay(&[7, 1, 0, 0, 0], &[7, 1], &[]));
        assert!(can_pay(&[1, 7, 0, 0, 0], &[7, 1], &[]));
        assert!(!can_pay(&[7, 1, 0, 0, 0], &[7, 1], &[0]));
        assert!(!can_pay(&[9; 5], &[1; 6], &[]));
    }
}
