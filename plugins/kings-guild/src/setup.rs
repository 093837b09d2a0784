//! A new game and the setup shuffle (one chance step holding every permutation).

use std::collections::VecDeque;

use tavern_plugin_api::{GameError, GameRng, Setup};

use crate::action::Deal;
use crate::data::{Colour, GuildBonus, Space, data, room, spec, treasure};
use crate::model::{EMPTY, Kg, Pending, Phase, Player, QCard, TurnState, Why};
use crate::notes::Note;

/// Index into the per-player-count setup tables (2..=6 players).
fn col(n: usize) -> usize {
    n.clamp(2, 6) - 2
}

impl Kg {
    pub fn new_game(setup: &Setup) -> Result<Kg, GameError> {
        let n = setup.seats.len();
        if !(1..=6).contains(&n) {
            return Err(GameError::new("The King's Guild takes 1 to 6 players"));
        }
        let d = data();
        let t = &d.setup;
        let solo = n == 1;
        let (basic, gm) = if solo {
            (t.solo.basic_resources, t.solo.gem_magic_resources)
        } else {
            (t.basic_resources[col(n)], t.gem_magic_resources[col(n)])
        };
        let (wl, gmr) = if solo {
            (1, 1)
        } else {
            (t.warehouse_library[col(n)], t.gem_magic[col(n)])
        };
        let mut deck = vec![0u8; d.treasures.len()];
        for (k, tr) in d.treasures.iter().enumerate() {
            let removed = solo && t.solo.removed_treasures.contains(&tr.name);
            deck[k] = if removed { 0 } else { tr.count };
        }
        let players = setup
            .seats
            .iter()
            .map(|s| Player {
                name: s.name.clone(),
                guild: 0,
                board: 0,
                coins: 0,
                res: [0; 6],
                hand: Vec::new(),
                grid: [EMPTY; 12],
                specs: Vec::new(),
                baggage: None,
                quests: Vec::new(),
                offered: false,
            })
            .collect();
        Ok(Kg {
            scratch: Default::default(),
            players,
            solo,
            phase: Phase::Setup,
            active: 0,
            turn: TurnState::default(),
            turn_no: 1,
            stock: [basic, basic, basic, basic, gm, gm],
            piles: [wl, wl, gmr, gmr, n as u8, n as u8],
            masters: Vec::new(),
            statue_built: false,
            spec_deck: Vec::new(),
            row: Vec::new(),
            quest_deck: Vec::new(),
            board: Vec::new(),
            discard: vec![0; deck.len()],
            deck,
            removed: Vec::new(),
            pool: Vec::new(),
            pending: VecDeque::new(),
            finals_left: 0,
            thug: None,
            last_bids: None,
            gone_specs: Vec::new(),
            gone_quests: Vec::new(),
            stalled: 0,
            arrivals: 0,
            rules_0_1: false,
            rules_0_2: false,
        })
    }

    /// Specialist ids of one deck (A, B or C) in play for this game.
    pub fn spec_pool(&self, deck: usize) -> Vec<u8> {
        let name = ["A", "B", "C"][deck];
        let removed = &data().setup.solo.removed_specialists;
        data()
            .specialists
            .iter()
            .enumerate()
            .filter(|(_, s)| s.deck == name && !(self.solo && removed.contains(&s.name)))
            .map(|(i, _)| i as u8)
            .collect()
    }

    pub fn quest_pool(age: usize) -> Vec<u8> {
        let name = ["I-basic", "I-gem", "II"][age];
        data()
            .quests
            .iter()
            .enumerate()
            .filter(|(_, q)| q.age == name)
            .map(|(i, _)| i as u8)
            .collect()
    }

    fn counts(&self) -> (usize, usize, usize) {
        let t = &data().setup;
        if self.solo {
            (t.solo.specialists_per_deck, t.solo.age1_each, t.solo.age2)
        } else {
            let c = col(self.n());
            (t.specialists_per_deck[c], t.age1_each[c], t.age2[c])
        }
    }

    pub fn sample_deal(&self, rng: &mut GameRng) -> Deal {
        let shuffled = |rng: &mut GameRng, v: Vec<u8>| -> Vec<u8> {
            rng.permutation(v.len()).into_iter().map(|i| v[i]).collect()
        };
        let (_, a1, _) = self.counts();
        let masters: Vec<u8> = (room::FIRST_MASTER..data().rooms.len() as u8).collect();
        Deal {
            masters: shuffled(rng, masters),
            specialists: [0, 1, 2].map(|k| shuffled(rng, self.spec_pool(k))),
            quests: [0, 1, 2].map(|k| shuffled(rng, Kg::quest_pool(k))),
            age1_mix: shuffled(rng, (0..2 * a1 as u8).collect()),
            boards: shuffled(rng, (0..data().boards.len() as u8).collect()),
            guilds: shuffled(rng, (0..data().guilds.len() as u8).collect()),
        }
    }

    /// Whether a logged deal is a permutation of exactly the piles this game shuffles.
    pub fn check_deal(&self, d: &Deal) -> Result<(), GameError> {
        fn same(a: &[u8], mut b: Vec<u8>, what: &str) -> Result<(), GameError> {
            let mut a = a.to_vec();
            a.sort_unstable();
            b.sort_unstable();
            if a == b {
                Ok(())
            } else {
                Err(GameError::new(format!("the {what} are not a shuffle")))
            }
        }
        let (_, a1, _) = self.counts();
        same(
            &d.masters,
            (room::FIRST_MASTER..data().rooms.len() as u8).collect(),
            "master rooms",
        )?;
        for k in 0..3 {
            same(&d.specialists[k], self.spec_pool(k), "specialists")?;
            same(&d.quests[k], Kg::quest_pool(k), "quests")?;
        }
        same(&d.age1_mix, (0..2 * a1 as u8).collect(), "Age I quests")?;
        same(
            &d.boards,
            (0..data().boards.len() as u8).collect(),
            "boards",
        )?;
        same(
            &d.guilds,
            (0..data().guilds.len() as u8).collect(),
            "guilds",
        )
    }

    pub fn apply_deal(&mut self, deal: &Deal, notes: &mut Vec<Note>) {
        let d = data();
        let n = self.n();
        let (per_deck, a1, a2) = self.counts();
        self.masters = deal.masters[..3 + n].to_vec();
        // A on top of B on top of C: the deck's top is its last element.
        self.spec_deck.clear();
        for k in (0..3).rev() {
            let take = &deal.specialists[k][..per_deck.min(deal.specialists[k].len())];
            self.spec_deck.extend(take.iter().rev());
        }
        self.refill_row();
        let mut age1: Vec<u8> = deal.quests[0][..a1].to_vec();
        age1.extend_from_slice(&deal.quests[1][..a1]);
        let age1: Vec<u8> = deal.age1_mix.iter().map(|&i| age1[i as usize]).collect();
        // Bottom first: the Offering, Age II, the Funeral, then Age I on top.
        self.quest_deck = vec![QCard::Offering];
        self.quest_deck
            .extend(deal.quests[2][..a2].iter().rev().map(|&q| QCard::Quest(q)));
        self.quest_deck.push(QCard::Funeral);
        self.quest_deck
            .extend(age1.iter().rev().map(|&q| QCard::Quest(q)));
        let spaces = if self.solo || n >= 5 { 6 } else { 5 };
        self.board = vec![None; spaces];
        for i in 0..spaces {
            if let Some(QCard::Quest(q)) = self.quest_deck.last().copied() {
                self.quest_deck.pop();
                self.board[i] = Some(self.arriving(QCard::Quest(q)));
            }
        }
        let coins = d.setup.starting_coins;
        for (s, p) in self.players.iter_mut().enumerate() {
            p.board = deal.boards[s];
            p.guild = deal.guilds[s];
            p.coins = coins[s] as u32;
            let b = &d.boards[p.board as usize];
            for c in 0..12 {
                if b.spaces[c] == Space::GuildTile {
                    p.grid[c] = room::GUILD;
                }
            }
        }
        for s in 0..n {
            let g = self.players[s].guild as usize;
            match &d.guilds[g].bonus {
                GuildBonus::None => {}
                GuildBonus::Coins(k) => self.players[s].coins += *k as u32,
                GuildBonus::Resources(_) => self
                    .pending
                    .push_back(Pending::StartBonus { seat: s as u8 }),
                GuildBonus::Treasure => self.pending.push_back(Pending::Colours {
                    seat: s as u8,
                    n: 1,
                    why: Why::Starfall,
                }),
                GuildBonus::Shrine => self.pending.push_back(Pending::PlaceRoom {
                    seat: s as u8,
                    room: room::SHRINE,
                }),
            }
        }
        self.phase = crate::model::Phase::Play;
        notes.push(Note::Dealt);
    }

    /// Slides the row (already packed) and fills it from the deck on the left.
    pub fn refill_row(&mut self) {
        while self.row.len() < 5 {
            match self.spec_deck.pop() {
                Some(s) => self.row.push((s, 0)),
                None => break,
            }
        }
    }

    /// The two-resource choices of a guild's starting bonus.
    pub fn start_bonus_choices(&self, seat: usize) -> Vec<[u8; 6]> {
        let GuildBonus::Resources(names) = &data().guilds[self.players[seat].guild as usize].bonus
        else {
            return Vec::new();
        };
        let a = crate::data::res_index(&names[0]);
        let b = crate::data::res_index(&names[1]);
        let mut out = Vec::new();
        for (x, y) in [(a, a), (a, b), (b, b)] {
            let mut t = [0u8; 6];
            t[x] += 1;
            t[y] += 1;
            if (0..6).all(|r| t[r] <= self.stock[r]) {
                out.push(t);
            }
        }
        out
    }
}

/// Colour of a treasure kind (short helper for other modules).
pub fn colour_of(kind: u8) -> Colour {
    treasure(kind).colour
}

/// Name of a specialist (short helper for other modules).
pub fn spec_name(id: u8) -> &'static str {
    &spec(id).name
}
