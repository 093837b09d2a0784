//! Re-sampling what one seat cannot know, for the bots: the treasures in other hands
//! and in the shared quest's pool (each keeps its colour, which is public), the order
//! of the quest deck within its ages, and others' secret bids.

use tavern_plugin_api::GameRng;

use crate::data::treasure;
use crate::model::{Kg, Pending, QCard};

impl Kg {
    pub fn determinized(&self, viewer: usize, rng: &mut GameRng) -> Kg {
        let mut g = self.clone();
        // Unknown cards per colour: other hands, the pool (unless the viewer drew it)
        // and the decks.
        // The shared quest's draws are the completer's from the first one on.
        let pool_known = self
            .pending
            .iter()
            .any(|p| matches!(p, Pending::Keep { seat, .. } if *seat as usize == viewer));
        let mut unknown: Vec<u8> = Vec::new();
        for (s, p) in self.players.iter().enumerate() {
            if s != viewer {
                unknown.extend(&p.hand);
            }
        }
        if !pool_known {
            unknown.extend(&self.pool);
        }
        for (k, &c) in self.deck.iter().enumerate() {
            unknown.extend(std::iter::repeat_n(k as u8, c as usize));
        }
        // Sorted first, so the re-draw depends on what the viewer knows, not on where
        // the real cards lie.
        unknown.sort_unstable();
        let order = rng.permutation(unknown.len());
        let mut shuffled: Vec<u8> = order.iter().map(|&i| unknown[i]).collect();
        // Hand each place a card of the colour it had.
        let mut take = |colour| -> u8 {
            let i = shuffled
                .iter()
                .position(|&k| treasure(k).colour == colour)
                .expect("a card of that colour");
            shuffled.swap_remove(i)
        };
        for s in 0..self.n() {
            if s == viewer {
                continue;
            }
            for i in 0..self.players[s].hand.len() {
                g.players[s].hand[i] = take(treasure(self.players[s].hand[i]).colour);
            }
        }
        if !pool_known {
            for i in 0..self.pool.len() {
                g.pool[i] = take(treasure(self.pool[i]).colour);
            }
        }
        g.deck = vec![0; self.deck.len()];
        for k in shuffled {
            g.deck[k as usize] += 1;
        }
        // The quest deck: shuffle each age's run (between the special cards), except the
        // two cards on top when the viewer looked at them this turn.
        let seen = if viewer == self.active && self.turn.peeked {
            2
        } else {
            0
        };
        let keep_from = g.quest_deck.len().saturating_sub(seen);
        let mut start = 0;
        let deck = &mut g.quest_deck[..keep_from];
        for i in 0..=deck.len() {
            let end_of_run = i == deck.len() || !matches!(deck[i], QCard::Quest(_));
            if end_of_run {
                let run = i - start;
                if run > 1 {
                    let perm = rng.permutation(run);
                    let mut old: Vec<QCard> = deck[start..i].to_vec();
                    old.sort_unstable_by_key(|c| match c {
                        QCard::Quest(q) => *q,
                        _ => u8::MAX,
                    });
                    for (j, &p) in perm.iter().enumerate() {
                        deck[start + j] = old[p];
                    }
                }
                start = i + 1;
            }
        }
        if let Some(Pending::Funeral { bids, .. }) = g.pending.front_mut() {
            for (s, b) in bids.iter_mut().enumerate() {
                if s != viewer && b.is_some() {
                    let coins = self.players[s].coins.min(255);
                    *b = Some((rng.die(coins + 1) - 1) as u8);
                }
            }
        }
        g
    }
}
