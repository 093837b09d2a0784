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
        let tie = self.training_verdict();
        Some(Outcome::new(scores, rank).with_tie_break(tie))
    }
}

impl Dl {
    /// How a training dungeon ended against the rulebook's best (its number of tiles
    /// conquered): matched, beaten, or missed by how many. `None` outside training.
    pub fn training_verdict(&self) -> Option<String> {
        let sc = self.scenario()?;
        let c = self.lords[0].conquered();
        let tiles = |n: usize| tavern_plugin_api::words::counted(n as u64, "tile", "tiles");
        Some(match c.cmp(&(sc.best as usize)) {
            std::cmp::Ordering::Equal => {
                format!("You matched the rulebook's best: {} conquered", tiles(c))
            }
            std::cmp::Ordering::Less => format!(
                "Better than the rulebook's best: {} conquered (the book's best is {})",
                tiles(c),
                sc.best
            ),
            std::cmp::Ordering::Greater => format!(
                "Not the rulebook's best yet: {} conquered, the best is {}",
                tiles(c),
                sc.best
            ),
        })
    }

    /// Who passed the test (a score above zero), for the log's last line.
    pub fn licence_line(&self) -> String {
        let lines = self.full_lines();
        let licensed: Vec<&str> = self
            .lords
            .iter()
            .zip(&lines)
            .filter(|(_, ls)| ls.iter().map(|(_, v)| v).sum::<i64>() > 0)
            .map(|(l, _)| l.name.as_str())
            .collect();
        if licensed.is_empty() {
            "Nobody scored above zero: no dungeon lord licence this time".into()
        } else {
            format!(
                "Dungeon lord licence (a score above zero): {}",
                tavern_plugin_api::words::and_list(&licensed)
            )
        }
    }

    /// The full game's final scoring: every line of the overview and the titles.
    pub fn full_lines(&self) -> Vec<Vec<(String, i64)>> {
        let old_fame = self
            .full
            .as_ref()
            .is_some_and(|f| f.opts.under.fame_per_title);
        crate::final_score::final_lines_under(&self.lords, self.n(), old_fame)
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
        let note = shared_ties(&self.lords, &totals);
        Outcome::new(scores, rank).with_tie_break(note)
    }
}

/// The end table's tie line: only when lords share a score, naming each tie (the
/// rulebook shares ties, so nothing breaks them). `None` without a tie.
fn shared_ties(lords: &[crate::model::Lord], totals: &[i64]) -> Option<String> {
    let mut seen: Vec<i64> = Vec::new();
    let mut parts = Vec::new();
    for &t in totals {
        if seen.contains(&t) {
            continue;
        }
        seen.push(t);
        let names: Vec<&str> = lords
            .iter()
            .zip(totals)
            .filter(|(_, x)| **x == t)
            .map(|(l, _)| l.name.as_str())
            .collect();
        if names.len() > 1 {
            parts.push(format!(
                "{} tied at {t} points",
                tavern_plugin_api::words::and_list(&names)
            ));
        }
    }
    (!parts.is_empty()).then(|| format!("{}: the rulebook shares ties", parts.join("; ")))
}
