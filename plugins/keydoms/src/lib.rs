//! Keydom's Dragons for Tavern: workers bid face down for dragon treasure, Keytown's
//! favours and the castle's artefacts; whoever holds the most artefacts when the castle
//! runs dry wins.
//!
//! Implemented: the 3–6 player game with artefact powers, spells and response windows;
//! the Muggles and Foreknown variants; the solo and two-player games against ghosts and
//! the Spooky variant (ghosts joining 2–5 players), with both harder-ghost options. The
//! ghosts' data and pure rules live in `ghost`; `ghost_play` and `ghost_spells` put them
//! into the game flow (no seat ever acts for a ghost: its random picks are chance steps).

// Treasure types and artefact kinds are small fixed indices; indexing by them reads
// closer to the rules than zipped iterators.
#![allow(clippy::needless_range_loop)]

pub mod art;
pub mod chance;
pub mod data;
pub mod ghost;
pub mod ghost_play;
pub mod ghost_spells;
pub mod ghost_view;
pub mod hand_view;
mod log;
pub mod magic;
pub mod magic_view;
pub mod old_saves;
pub mod options;
pub mod paint;
pub mod perm;
pub mod pieces;
pub mod record;
pub mod rules;
pub mod spells;
pub mod state;
pub mod treasure;
pub mod view;

use tavern_plugin_api::game::Turn;
use tavern_plugin_api::{
    Applied, Game, GameError, GameInfo, GameRng, Legal, Outcome, SeatScore, Setup, ToAct, View,
};

use crate::data::{SCROLL, TYPES};
use crate::record::{Change, Note};
pub use crate::state::{Action, Keydoms, Mode, Pending, Stage};

impl Game for Keydoms {
    type Action = Action;
    // Every move that gives treasure away is marked (`Keydoms::spends`).
    const MARKS_SPENDING: bool = true;

    fn info() -> GameInfo {
        GameInfo {
            id: "keydoms".into(),
            name: "Keydom's Dragons".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "Send face-down workers to dragon caves, Keytown and the castle; win \
                          treasures and spend them on artefacts. Most artefacts wins. Solo and \
                          two-player games against ghost opponents."
                .into(),
            min_players: rules::MIN_PLAYERS,
            max_players: rules::MAX_PLAYERS,
            options: options::options(),
            hidden_information: true,
            rules: include_str!("../../../resources/keydoms/rules.md").into(),
        }
    }

    fn new(setup: &Setup) -> Result<Self, GameError> {
        Keydoms::create(setup)
    }

    fn open_old(
        version: &str,
        setup: &Setup,
        log: Vec<tavern_plugin_api::versions::OldEntry>,
    ) -> Result<tavern_plugin_api::versions::OldLog, GameError> {
        old_saves::open_old(version, setup, log)
    }

    fn new_under(setup: &Setup, rules: &str) -> Result<Self, GameError> {
        Keydoms::create_under(setup, rules)
    }

    fn to_act(&self) -> ToAct {
        match self.whose_turn() {
            Turn::Seat(s) => ToAct::Seats(vec![s]),
            Turn::Chance => ToAct::Chance,
            // One seat decides at a time in this game.
            Turn::Over | Turn::Several => ToAct::Over,
        }
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Action {
        self.draw_chance(rng)
    }

    fn chance_outcomes(&self) -> Option<Vec<Action>> {
        self.listed_chance_outcomes()
    }

    fn check_chance(&self, outcome: &Action) -> Result<(), GameError> {
        self.chance_fits(outcome)
    }

    fn legal(&self, seat: usize) -> Vec<Legal<Action>> {
        self.legal_for(seat)
    }

    fn legal_actions(&self, seat: usize) -> Vec<Action> {
        self.actions_for(seat)
    }

    fn legal_actions_into(&self, seat: usize, out: &mut Vec<Action>) {
        self.actions_into(seat, out);
    }

    fn whose_turn(&self) -> Turn {
        if self.chance_due().is_some() {
            return Turn::Chance;
        }
        if let Some(p) = &self.pending {
            return Turn::Seat(p.seat());
        }
        match self.window_seat() {
            Some(s) => Turn::Seat(s),
            None => Turn::Over,
        }
    }

    fn apply_quiet(&mut self, seat: Option<usize>, action: &Action) -> Result<(), GameError> {
        self.change(seat, action, &mut Vec::new()).map(|_| ())
    }

    fn apply(&mut self, seat: Option<usize>, action: &Action) -> Result<Applied, GameError> {
        let mut notes = Vec::new();
        let (change, revealed) = self.change(seat, action, &mut notes)?;
        let mut a = match &change {
            Change::Seat(s, done) => self.seat_log(*s, done),
            Change::Chance(done) => self.chance_log(action, done),
        };
        a.reveal |= revealed;
        Ok(self.with_notes(a, &notes))
    }

    fn lesson() -> Option<&'static str> {
        Some(include_str!("../../../resources/keydoms/lesson.json"))
    }

    fn art() -> Vec<tavern_plugin_api::scene::Art> {
        art::all()
    }

    fn view(&self, viewer: Option<usize>) -> View {
        view::view(self, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.stage == Stage::Over).then(|| self.final_outcome())
    }

    fn determinize(&self, viewer: usize, rng: &mut GameRng) -> Self {
        self.resample_hidden(viewer, rng)
    }
}

impl Keydoms {
    /// Applies an action and every automatic step after it: the record of the action,
    /// and whether hidden information came out. What the automatic steps did goes to
    /// `notes`.
    fn change(
        &mut self,
        seat: Option<usize>,
        action: &Action,
        notes: &mut Vec<Note>,
    ) -> Result<(Change, bool), GameError> {
        // Both appliers check everything that can fail before they change anything, so
        // only the pending decision needs restoring on an error.
        let saved = self.pending.clone();
        // Counted from before the change itself: a ghost's turn that turns up a spell, or
        // its roundhouse pick handing a spell to a player, brings hidden information out
        // as much as the automatic steps after an action do.
        let before = self.reveals;
        let change = match seat {
            None => self.apply_chance(action).map(Change::Chance),
            Some(s) => self.apply_seat(s, action).map(|d| Change::Seat(s, d)),
        };
        match change {
            Ok(change) => {
                self.advance_noting(notes);
                Ok((change, self.reveals != before))
            }
            Err(e) => {
                self.pending = saved;
                Err(e)
            }
        }
    }

    pub fn final_outcome(&self) -> Outcome {
        let n = self.n();
        let scores: Vec<SeatScore> = self
            .players
            .iter()
            .map(|p| {
                // One line per kind, so the end table shows what each player holds and
                // the scrolls that break a tie.
                let lines: Vec<(&str, i64)> = data::ARTEFACT_LINES
                    .iter()
                    .zip(p.artefacts)
                    .map(|(&label, c)| (label, c as i64))
                    .collect();
                SeatScore::from_lines(lines)
            })
            .collect();
        let totals: Vec<i64> = scores.iter().map(|s| s.total).collect();
        let keys: Vec<i64> = (0..n)
            .map(|s| {
                self.players[s].artefacts[SCROLL as usize] as i64 * 16
                    + (self.total() - self.order_pos(s)) as i64
            })
            .collect();
        let ghost = self.ghost_scores();
        let g_totals: Vec<i64> = ghost.iter().map(|(s, _)| s.total).collect();
        let g_keys: Vec<i64> = ghost.iter().map(|(_, k)| *k).collect();
        let (rank, g_rank) = ghost::combined_ranks(&totals, &keys, &g_totals, &g_keys);
        let all: Vec<i64> = totals.iter().chain(&g_totals).copied().collect();
        let best = *all.iter().max().unwrap_or(&0);
        let tied: Vec<usize> = (0..all.len()).filter(|&s| all[s] == best).collect();
        let tie_break = (tied.len() > 1).then(|| {
            let scrolls: Vec<u8> = tied
                .iter()
                .map(|&s| match self.players.get(s) {
                    Some(p) => p.artefacts[SCROLL as usize],
                    None => self.ghosts[s - n].artefacts[SCROLL as usize],
                })
                .collect();
            let top = *scrolls.iter().max().unwrap_or(&0);
            let all_keys: Vec<i64> = keys.iter().chain(&g_keys).copied().collect();
            let winner = *tied
                .iter()
                .max_by_key(|&&s| all_keys[s])
                .expect("a tie has players");
            let names: Vec<&str> = tied.iter().map(|&s| self.name_of(s)).collect();
            let names = match names.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                _ => names.join(""),
            };
            let tied_on = data::count(best as u32, "artefact", "artefacts");
            let winner = self.name_of(winner);
            if scrolls.iter().filter(|&&c| c == top).count() == 1 {
                format!("{names} tied on {tied_on}; {winner} wins with the most scrolls ({top})")
            } else {
                format!(
                    "{names} tied on {tied_on} and {}; {winner} wins, nearest the start \
                     player (clockwise)",
                    data::count(top as u32, "scroll", "scrolls")
                )
            }
        });
        let others = ghost
            .into_iter()
            .zip(g_rank)
            .enumerate()
            .map(|(g, ((score, _), rank))| tavern_plugin_api::OtherScore {
                name: self.ghosts[g].name().to_string(),
                score,
                rank,
            })
            .collect();
        Outcome::new(scores, rank)
            .with_tie_break(tie_break)
            .with_others(others)
    }

    /// Everything `viewer` cannot see, re-dealt consistently with what it knows: other
    /// players' unrevealed worker strengths, the hidden guard and the face-down artefacts.
    pub fn resample_hidden(&self, viewer: usize, rng: &mut GameRng) -> Keydoms {
        use rand::RngExt;
        use rand::seq::SliceRandom;
        let mut g = self.clone();
        for (s, p) in g.players.iter_mut().enumerate() {
            if s == viewer {
                continue;
            }
            let hidden: Vec<usize> = (0..p.workers.len())
                .filter(|&i| !p.workers[i].face_up)
                .collect();
            let mut strengths: Vec<u8> = hidden.iter().map(|&i| p.workers[i].strength).collect();
            // Sorted first: a world must not depend on how the hidden values lie.
            strengths.sort_unstable();
            strengths.shuffle(rng);
            for (&i, st) in hidden.iter().zip(strengths) {
                p.workers[i].strength = st;
            }
        }
        if g.guard.is_some() && !g.guard_up {
            g.guard = Some(rng.random_range(1..=10));
        }
        // Spells: other hands, the deck and another seat's undecided draw are re-dealt
        // from the cards the viewer cannot see.
        let mut pool: Vec<u8> = g.m.deck.clone();
        for s in 0..g.n() {
            if s != viewer {
                pool.extend(&g.m.hands[s]);
            }
        }
        let hidden_draw = |p: &Pending| match p {
            Pending::Magic {
                seat,
                step: magic::Step::Keep { drawn, .. },
            } if *seat != viewer && !g.m.foreknown => Some(drawn.len()),
            _ => None,
        };
        let draw_len = g.pending.as_ref().and_then(hidden_draw);
        if let Some(Pending::Magic {
            step: magic::Step::Keep { drawn, .. },
            ..
        }) = &g.pending
            && draw_len.is_some()
        {
            pool.extend(drawn);
        }
        // Ghosts' unseen spells (in their decks, or gained this round) join the pool;
        // card backs are public, so only which spell lies where is re-dealt.
        for gh in &g.ghosts {
            for c in &gh.deck {
                if let ghost::GhostCard::Spell(sp) = c {
                    pool.push(*sp);
                }
            }
            pool.extend(&gh.gained);
        }
        let blind_pick = !g.m.foreknown && g.gp.roundhouse.is_some();
        if blind_pick && let Some(r) = &g.gp.roundhouse {
            pool.extend(&r.drawn);
        }
        pool.sort_unstable();
        pool.shuffle(rng);
        let deck_len = g.m.deck.len();
        g.m.deck = pool.drain(..deck_len).collect();
        for gh in &mut g.ghosts {
            for c in &mut gh.deck {
                if let ghost::GhostCard::Spell(sp) = c {
                    *sp = pool.pop().expect("pool holds every hidden spell");
                }
            }
            let k = gh.gained.len();
            gh.gained = pool.drain(..k).collect();
            gh.resample_hidden(rng);
        }
        for s in 0..g.n() {
            if s != viewer {
                let k = g.m.hands[s].len();
                g.m.hands[s] = pool.drain(..k).collect();
            }
        }
        if blind_pick && let Some(r) = g.gp.roundhouse.as_mut() {
            let k = r.drawn.len();
            r.drawn = pool.drain(..k).collect();
        }
        if let (
            Some(k),
            Some(Pending::Magic {
                step: magic::Step::Keep { drawn, .. },
                ..
            }),
        ) = (draw_len, g.pending.as_mut())
        {
            *drawn = pool.drain(..k).collect();
        }
        // A stack the viewer is searching (Choice, Rearrange) lies open before it, so
        // its order stays as it is.
        let searched = match &g.pending {
            Some(Pending::Magic {
                seat,
                step: magic::Step::StackPick { stack, .. },
            }) if *seat == viewer => Some(*stack as usize),
            _ => None,
        };
        let mut slots = Vec::new();
        let mut tiles = Vec::new();
        for s in (0..6).filter(|&s| Some(s) != searched) {
            let len = g.stacks[s].len();
            for i in 0..len {
                if !(g.top_up[s] && i == len - 1) {
                    slots.push((s, i));
                    tiles.push(g.stacks[s][i]);
                }
            }
        }
        tiles.sort_unstable();
        tiles.shuffle(rng);
        for ((s, i), t) in slots.into_iter().zip(tiles) {
            g.stacks[s][i] = t;
        }
        g
    }

    /// Total value of every treasure type across treasury, caves and players.
    pub fn treasure_totals(&self) -> [u16; TYPES] {
        let mut tot = [0u16; TYPES];
        for t in 0..TYPES {
            tot[t] += self.treasury[t] as u16;
            for cave in &self.caves {
                for ledge in cave {
                    tot[t] += ledge[t] as u16;
                }
            }
            for p in &self.players {
                tot[t] += p.treasure[t] as u16;
            }
        }
        tot
    }
}

tavern_plugin_api::export_game!(Keydoms);
