//! Final scoring and the tie-break chain.

use tavern_plugin_api::{Outcome, SeatScore};

use crate::data::{Effect, Good, data};
use crate::model::{Ab, Phase};

pub const LINES: [&str; 7] = [
    "Advancement track",
    "Pearls",
    "Buildings",
    "Reputation rank",
    "Reputation space",
    "Card bonuses",
    "Ingredient track",
];

impl Ab {
    /// Points of each reputation place shared among tied seats: the places they occupy are
    /// added and divided by how many share them, rounding up (the rulebook's two-way rule,
    /// extended to three or four).
    pub fn rank_bonuses(&self) -> Vec<i64> {
        let b = &data().board;
        let n = self.n();
        let values: Vec<i64> = if n == 2 {
            vec![b.two_player_bonus, 0]
        } else {
            b.rank_bonus[..n].to_vec()
        };
        (0..n)
            .map(|s| {
                let r = self.players[s].reputation;
                let above = self.players.iter().filter(|p| p.reputation > r).count();
                let tied = self.players.iter().filter(|p| p.reputation == r).count();
                let sum: i64 = values[above..above + tied].iter().sum();
                (sum + tied as i64 - 1).div_euclid(tied as i64)
            })
            .collect()
    }

    pub fn score_lines(&self, seat: usize) -> Vec<(&'static str, i64)> {
        let b = &data().board;
        let p = &self.players[seat];
        let track: i64 = p
            .track
            .iter()
            .enumerate()
            .map(|(i, (_, k))| *k as i64 * b.track_vp[i])
            .sum();
        let pearls = match p.track.len() {
            0 => 0,
            k => p.pearls as i64 * b.track_vp[k - 1],
        };
        let buildings = (p.houses.len() + p.outposts.len()) as i64;
        let rank = self.rank_bonuses()[seat];
        let space = b.reputation_vp[(p.reputation + 7) as usize];
        let mut cards = 0i64;
        for e in p.effects() {
            cards += match e {
                Effect::Vp(k) => k as i64,
                Effect::VpPer(t, k) => p.count(t) * k as i64,
                Effect::SetsVp => 3 * Good::ALL.iter().filter(|&&g| p.owned(g) >= 2).count() as i64,
                Effect::Track35 => [2usize, 4]
                    .iter()
                    .filter_map(|&i| p.track.get(i))
                    .map(|t| t.1 as i64)
                    .sum(),
                _ => 0,
            };
        }
        let ingredients: i64 = Good::ALL
            .iter()
            .filter(|g| self.ingredients[g.idx()] == Some(seat as u8))
            .map(|g| g.ingredient_vp())
            .sum();
        vec![
            (LINES[0], track),
            (LINES[1], pearls),
            (LINES[2], buildings),
            (LINES[3], rank),
            (LINES[4], space),
            (LINES[5], cards),
            (LINES[6], ingredients),
        ]
    }

    /// Tie-break keys in order: coins, villagers and boats, buildings.
    pub fn tie_keys(&self, seat: usize) -> [i64; 3] {
        let p = &self.players[seat];
        [
            p.coins,
            p.villagers() as i64 + (p.boats_ready + p.boats_used) as i64,
            (p.houses.len() + p.outposts.len()) as i64,
        ]
    }

    pub fn outcome_if_over(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| self.final_outcome())
    }

    pub fn final_outcome(&self) -> Outcome {
        let n = self.n();
        let scores: Vec<SeatScore> = (0..n)
            .map(|s| SeatScore::from_lines(self.score_lines(s)))
            .collect();
        let totals: Vec<i64> = scores.iter().map(|s| s.total).collect();
        let keys: Vec<i64> = (0..n)
            .map(|s| {
                let [a, b, c] = self.tie_keys(s);
                (a * 1000 + b) * 1000 + c
            })
            .collect();
        let rank = Outcome::rank_by(&totals, &keys);
        let best = totals.iter().copied().max().unwrap_or(0);
        let tied: Vec<usize> = (0..n).filter(|&s| totals[s] == best).collect();
        let tie_break = (tied.len() > 1).then(|| {
            let k: Vec<[i64; 3]> = tied.iter().map(|&s| self.tie_keys(s)).collect();
            let decided_by = (0..3).find(|&i| k.iter().any(|x| x[i] != k[0][i]));
            // Each tied seat's count of what decided it: 'Player 1 12, Player 2 9'.
            let counts = |i: usize| {
                let v: Vec<String> = tied
                    .iter()
                    .zip(&k)
                    .map(|(&s, x)| format!("{} {}", self.players[s].name, x[i]))
                    .collect();
                v.join(", ")
            };
            match decided_by {
                Some(0) => format!("Tied at {best} points: most coins wins ({})", counts(0)),
                Some(1) => format!(
                    "Tied at {best} points and on coins: most villagers and boats wins ({})",
                    counts(1)
                ),
                Some(_) => format!(
                    "Tied at {best} points, on coins and on villagers and boats: most buildings wins ({})",
                    counts(2)
                ),
                None => format!("Tied at {best} points and on every tie-break: a shared victory"),
            }
        });
        Outcome::new(scores, rank).with_tie_break(tie_break)
    }
}
