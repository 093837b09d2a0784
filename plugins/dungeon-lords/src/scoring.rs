//! Scores from the overview's lines that combat decides: prisoners, the paladin, rooms
//! kept and tiles lost.

use tavern_plugin_api::{Outcome, SeatScore};

use crate::data::{Class, adv};
use crate::model::{Dl, Phase, TileKind};

impl Dl {
    pub fn score_lines(&self, seat: usize) -> Vec<(&'static str, i64)> {
        let l = &self.lords[seat];
        let paladins = l
            .prison
            .iter()
            .filter(|&&a| adv(a).class == Class::Paladin)
            .count() as i64;
        let prisoners = l.prison.len() as i64 - paladins;
        let rooms = l
            .grid
            .iter()
            .flatten()
            .filter(|t| t.kind == TileKind::Room && !t.conquered)
            .count() as i64;
        vec![
            ("Adventurers in prison", 2 * prisoners),
            ("Paladin in prison", 5 * paladins),
            ("Unconquered rooms", 2 * rooms),
            ("Conquered tiles", -2 * l.conquered() as i64),
        ]
    }

    pub fn outcome_if_over(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        if self.is_full() {
            return Some(self.full_outcome());
        }
        let scores: Vec<SeatScore> = (0..self.n())
            .map(|s| SeatScore::from_lines(self.score_lines(s)))
            .collect();
        let totals: Vec<i64> = scores.iter().map(|s| s.total).collect();
        // Fewer conquered tiles breaks a tie (the Battlelord's measure).
        let keys: Vec<i64> = self.lords.iter().map(|l| -(l.conquered() as i64)).collect();
        let rank = Outcome::rank_by(&totals, &keys);
        let tie = self.scenario().map(|sc| {
            let c = self.lords[0].conquered();
            format!(
                "{c} tile{} conquered; the rulebook's best for this dungeon is {}",
                if c == 1 { "" } else { "s" },
                sc.best
            )
        });
        Some(Outcome::new(scores, rank).with_tie_break(tie))
    }
}

impl Dl {
    /// The full game's final scoring: every line of the overview and the titles.
    pub fn full_lines(&self) -> Vec<Vec<(String, i64)>> {
        crate::final_score::final_lines(&self.lords, self.n())
    }

    fn full_outcome(&self) -> Outcome {
        let lines = self.full_lines();
        let scores: Vec<SeatScore> = lines
            .iter()
            .map(|ls| SeatScore::from_lines(ls.iter().map(|(k, v)| (k.as_str(), *v)).collect()))
            .collect();
        let totals: Vec<i64> = scores.iter().map(|s| s.total).collect();
        // The rulebook shares ties.
        let rank = Outcome::rank_by(&totals, &vec![0; totals.len()]);
        let licensed: Vec<&str> = self
            .lords
            .iter()
            .zip(&totals)
            .filter(|(_, t)| **t > 0)
            .map(|(l, _)| l.name.as_str())
            .collect();
        let note = if licensed.is_empty() {
            "Ties are shared. Nobody scored above zero: no dungeon lord licence this time."
                .to_string()
        } else {
            format!(
                "Ties are shared. Licensed (score above zero): {}.",
                licensed.join(", ")
            )
        };
        Outcome::new(scores, rank).with_tie_break(Some(note))
    }
}
