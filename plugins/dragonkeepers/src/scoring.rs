//! Final scoring: amulet pieces, pearls, crest, golden eggs and the egg flip.

use tavern_plugin_api::{Outcome, SeatScore};

use crate::data::data;
use crate::model::Dk;

impl Dk {
    /// Score lines per seat (also used by the view at the end).
    pub fn score_lines(&self, seat: usize) -> Vec<(&'static str, i64)> {
        let d = data();
        let p = &self.players[seat];
        let most = self.players.iter().map(|p| p.eggs).max().unwrap_or(0);
        let pieces: i64 = p.pieces.iter().map(|&i| Dk::piece_value(i) as i64).sum();
        let pearls: i64 = p
            .pearls
            .iter()
            .map(|&i| d.pearl_values[i as usize] as i64)
            .sum();
        let flip = if most > 0 && p.eggs == most {
            d.egg_flip_bonus
        } else {
            0
        };
        vec![
            ("Amulet pieces", pieces),
            ("Pearls", pearls),
            ("Crest", p.crest.unwrap_or(0) as i64),
            ("Golden eggs", p.eggs as i64 * d.egg_value),
            ("Flipped egg (most eggs)", flip),
        ]
    }

    /// The outcome once the game is over and every pearl is drawn.
    pub fn outcome_if_over(&self) -> Option<Outcome> {
        (self.phase == crate::model::Phase::Over && self.pearls_due.is_empty())
            .then(|| self.final_outcome())
    }

    pub fn final_outcome(&self) -> Outcome {
        let scores: Vec<SeatScore> = (0..self.n())
            .map(|s| SeatScore::from_lines(self.score_lines(s)))
            .collect();
        let totals: Vec<i64> = scores.iter().map(|s| s.total).collect();
        let keys: Vec<i64> = self.players.iter().map(|p| p.laid_out() as i64).collect();
        let rank = Outcome::rank_by(&totals, &keys);
        let best = totals.iter().copied().max().unwrap_or(0);
        let tied: Vec<usize> = (0..self.n()).filter(|&s| totals[s] == best).collect();
        let tie_break = if tied.len() > 1 {
            let winners = tied.iter().filter(|&&s| rank[s] == 0).count();
            Some(if winners == 1 {
                "Tie on points: most dragon cards laid out wins".to_string()
            } else {
                "Tie on points and on dragon cards laid out: shared victory".to_string()
            })
        } else {
            None
        };
        Outcome::new(scores, rank).with_tie_break(tie_break)
    }
}
