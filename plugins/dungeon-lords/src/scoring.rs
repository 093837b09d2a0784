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
