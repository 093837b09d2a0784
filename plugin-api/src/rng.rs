//! The one random stream every part of Tavern uses: ChaCha8, seeded from a `u64`.
//!
//! ChaCha's output is specified, so the same seed gives the same games on every
//! platform and every future build; that is what makes `tavern new --seed` reproducible.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The seed for the chance step at log position `index`: a SplitMix64 mix of the session
/// seed and the position, so resuming a save samples what an uninterrupted game would.
pub fn step_seed(seed: u64, index: usize) -> u64 {
    let mut z = seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seeded random stream. Implements `rand::Rng`, so `rand::RngExt` methods and
/// `SliceRandom::shuffle` work on it.
#[derive(Clone, Debug)]
pub struct GameRng(ChaCha8Rng);

impl GameRng {
    pub fn new(seed: u64) -> Self {
        GameRng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// The stream for chance step number `step` of a session with seed `seed`. Each step
    /// gets its own ChaCha stream, so resuming a saved game samples the same outcomes as
    /// an uninterrupted one without saving any generator state.
    pub fn for_step(seed: u64, step: u64) -> Self {
        let mut r = ChaCha8Rng::seed_from_u64(seed);
        r.set_stream(step);
        GameRng(r)
    }

    /// A uniformly random permutation of `0..n`, the usual form of a shuffle outcome.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        use rand::seq::SliceRandom;
        let mut v: Vec<usize> = (0..n).collect();
        v.shuffle(self);
        v
    }

    /// A die roll 1..=sides.
    pub fn die(&mut self, sides: u32) -> u32 {
        use rand::RngExt;
        self.random_range(1..=sides)
    }
}

impl rand::TryRng for GameRng {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(self.0.next_u32())
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(self.0.next_u64())
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        self.0.fill_bytes(dst);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngExt;

    const PINNED_RANGE: [u32; 4] = [224, 681, 146, 950];
    const PINNED_PERMUTATION: [usize; 5] = [0, 3, 1, 2, 4];
    const PINNED_DICE: [u32; 8] = [4, 6, 6, 5, 2, 3, 1, 4];

    #[test]
    fn stream_is_stable_across_builds() {
        // Pinned values: a change here means every seeded game changes.
        let mut r = GameRng::new(42);
        let a: Vec<u32> = (0..4).map(|_| r.random_range(0..1000)).collect();
        assert_eq!(a, PINNED_RANGE);
        assert_eq!(GameRng::new(7).permutation(5), PINNED_PERMUTATION);
        let mut step = GameRng::for_step(1, 2);
        let dice: Vec<u32> = (0..8).map(|_| step.die(6)).collect();
        assert_eq!(dice, PINNED_DICE, "for_step's mixing changed");
    }

    #[test]
    fn steps_are_independent_streams() {
        let a = GameRng::for_step(1, 0).permutation(20);
        let b = GameRng::for_step(1, 1).permutation(20);
        assert_ne!(a, b);
        assert_eq!(a, GameRng::for_step(1, 0).permutation(20));
    }

    #[test]
    fn permutation_is_a_permutation() {
        let mut p = GameRng::new(3).permutation(52);
        p.sort();
        assert_eq!(p, (0..52).collect::<Vec<_>>());
    }

    #[test]
    fn die_in_range() {
        let mut r = GameRng::new(9);
        for _ in 0..1000 {
            let d = r.die(6);
            assert!((1..=6).contains(&d));
        }
    }
}
