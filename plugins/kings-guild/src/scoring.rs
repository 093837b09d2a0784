//! Final scoring, category by category, from the rulebook's scoring section.

use tavern_plugin_api::{Outcome, SeatScore};

use crate::data::{Hero, ItemKind, RoomScore, data, quest, room, room_def, spec, treasure};
use crate::model::{Kg, Loc, Phase};

/// Prestige per scroll in hand with a Library.
pub const LIBRARY_PER_SCROLL: i64 = 3;

pub const CATEGORIES: [&str; 9] = [
    "Charms",
    "Most charms",
    "Relic sets",
    "Quests",
    "Specialists",
    "Rooms",
    "Occupied chambers",
    // The rooms whose prestige the tile describes (the rulebook's starred rooms).
    "Master rooms and Library",
    "Offering",
];

impl Kg {
    /// Quest cards a seat scores: completed ones and those still carrying its sigil.
    pub fn scored_quests(&self, seat: usize) -> Vec<u8> {
        let mut q = self.players[seat].quests.clone();
        for s in self.board.iter().flatten() {
            if s.sigil == Some(seat as u8)
                && let crate::model::QCard::Quest(id) = s.card
            {
                q.push(id);
            }
        }
        q
    }

    fn charms(&self, seat: usize) -> (usize, i64) {
        let h = &self.players[seat].hand;
        let n = h.iter().filter(|&&k| treasure(k).charm > 0).count();
        let pp = h.iter().map(|&k| treasure(k).charm as i64).sum();
        (n, pp)
    }

    /// Relic sets: every round takes one of each relic still held (bigger sets score
    /// more per relic, so this is the best split).
    pub fn relic_points(&self, seat: usize) -> i64 {
        let mut count = [0usize; 6];
        for &k in &self.players[seat].hand {
            if let Some(r) = treasure(k).relic {
                count[r as usize] += 1;
            }
        }
        let table = &data().relic_sets;
        let mut pts = 0;
        loop {
            let distinct = count.iter().filter(|&&c| c > 0).count();
            if distinct == 0 {
                return pts;
            }
            pts += table[distinct];
            for c in count.iter_mut() {
                *c = c.saturating_sub(1);
            }
        }
    }

    fn chamber_full(&self, seat: usize, cell: u8, slots: u8) -> bool {
        let p = &self.players[seat];
        let specs = p
            .specs
            .iter()
            .filter(|(_, l)| *l == Loc::Room(cell))
            .count() as u8;
        specs >= slots
    }

    /// (plain rooms, occupied chambers, star rooms).
    fn room_points(&self, seat: usize) -> (i64, i64, i64) {
        let p = &self.players[seat];
        let quests = self.scored_quests(seat);
        let heroes = |h: Hero| quests.iter().filter(|&&q| quest(q).hero == h).count() as i64;
        let items = |k: ItemKind| {
            quests
                .iter()
                .flat_map(|&q| quest(q).items.iter())
                .filter(|it| it.item == k)
                .count() as i64
        };
        let (mut plain, mut chambers, mut star) = (0, 0, 0);
        for (r, cell) in p.rooms() {
            let d = room_def(r);
            if d.slots > 0 && !d.always {
                if self.chamber_full(seat, cell, d.slots) {
                    chambers += d.pp as i64;
                }
                continue;
            }
            match d.score {
                RoomScore::Plain => plain += d.pp as i64,
                RoomScore::Scrolls => star += d.pp as i64 + LIBRARY_PER_SCROLL * p.scrolls() as i64,
                RoomScore::Coins => star += p.coins as i64,
                RoomScore::Throne => {
                    let near = [
                        cell as i64 - 4,
                        cell as i64 + 4,
                        cell as i64 - 1,
                        cell as i64 + 1,
                    ]
                    .into_iter()
                    .filter(|&x| (0..12).contains(&x))
                    .filter(|&x| x / 4 == cell as i64 / 4 || x % 4 == cell as i64 % 4)
                    .any(|x| p.grid[x as usize] == room::STATUE);
                    star += d.pp as i64 + if near { 6 } else { 0 };
                }
                RoomScore::Specialists => star += 3 * p.specs.len() as i64,
                RoomScore::Rooms => star += 3 * p.rooms().count() as i64,
                RoomScore::Hero(h) => star += 4 * heroes(h),
                RoomScore::Pair([a, b]) => star += 6 * heroes(a).min(heroes(b)),
                RoomScore::Gallery => {
                    star += 3 * items(ItemKind::Weapon).min(items(ItemKind::Armour))
                }
                RoomScore::Depot => star += 4 * p.res.iter().filter(|&&r| r > 0).count() as i64,
                RoomScore::Item(k) => star += 2 * items(k),
            }
        }
        (plain, chambers, star)
    }

    pub fn offering_points(&self, seat: usize) -> i64 {
        let p = &self.players[seat];
        if !p.offered {
            return 0;
        }
        // Coins in the Vault of Riches cannot be offered.
        let vault = p
            .rooms()
            .any(|(r, _)| room_def(r).score == RoomScore::Coins);
        let coins = if vault { 0 } else { p.coins as i64 };
        2 + coins / 3 + p.stored() as i64 / 2
    }

    pub fn score_lines(&self, seat: usize) -> Vec<(&'static str, i64)> {
        let (n_charms, charm_pp) = self.charms(seat);
        let most = (0..self.n()).map(|s| self.charms(s).0).max().unwrap_or(0);
        let bonus = if !self.solo && n_charms > 0 && n_charms == most {
            data().most_charms_bonus
        } else {
            0
        };
        let specs: i64 = self.players[seat]
            .specs
            .iter()
            .map(|(s, _)| spec(*s).pp as i64)
            .sum();
        let (plain, chambers, star) = self.room_points(seat);
        let values = [
            charm_pp,
            bonus,
            self.relic_points(seat),
            self.scored_quests(seat).len() as i64,
            specs,
            plain,
            chambers,
            star,
            self.offering_points(seat),
        ];
        // The solo game has no most-charms bonus: no line for it.
        CATEGORIES
            .iter()
            .copied()
            .zip(values)
            .filter(|(c, _)| !(self.solo && *c == "Most charms"))
            .collect()
    }

    pub fn solo_title(total: i64) -> &'static str {
        data()
            .setup
            .titles
            .iter()
            .rev()
            .find(|(min, _)| total >= *min)
            .map_or("Recruit", |(_, t)| t.as_str())
    }

    pub fn outcome_if_over(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| self.final_outcome())
    }

    pub fn final_outcome(&self) -> Outcome {
        let scores: Vec<SeatScore> = (0..self.n())
            .map(|s| SeatScore::from_lines(self.score_lines(s)))
            .collect();
        let totals: Vec<i64> = scores.iter().map(|s| s.total).collect();
        let coins: Vec<i64> = self.players.iter().map(|p| p.coins as i64).collect();
        let rank = Outcome::rank_by(&totals, &coins);
        let tie_break = if self.solo {
            Some(format!("Solo title: {}", Kg::solo_title(totals[0])))
        } else {
            let best = totals.iter().copied().max().unwrap_or(0);
            let tied = totals.iter().filter(|&&t| t == best).count();
            (tied > 1).then(|| {
                let winners = rank.iter().filter(|&&r| r == 0).count();
                if winners == 1 {
                    "Tie on prestige: the most coins wins".to_string()
                } else {
                    "Tie on prestige and coins: shared victory".to_string()
                }
            })
        };
        Outcome::new(scores, rank).with_tie_break(tie_break)
    }
}
