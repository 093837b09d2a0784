//! The King's Guild: gather resources, craft items for heroes' quests, expand the guild
//! with rooms and specialists, and be the guild with the most prestige when the Council
//! meets. 2–6 players and the solo game.
//!
//! The state is in [`model`]; [`legal`] lists what may be done, [`rules`], [`expand`],
//! [`treasure`] and [`answers`] change the state and report [`notes::Note`]s, which
//! [`applied`] turns into log text; [`scoring`], [`determinize`] and [`view`] read it.
//! Component data: `resources/kings-guild/components.json` (its `_about` says which parts
//! are our own design).
//!
//! Choices written down (the rulebook is silent; `rules.md` says the same to players):
//! - A treasure draw is a chance step: decks are kept as counts per card, so a draw is a
//!   random card of the colour, named only to the drawer.
//! - Effects finish before limits apply: storage and hand limits are enforced once the
//!   draws, a shared quest's choice or a discard in progress are resolved, and then by
//!   whoever is over (out of turn too).
//! - Treasures are played between steps of the turn, not inside another effect.
//! - The Bard moves each specialist at most once per turn; the Oracle looks once per turn;
//!   the Alchemist trades at most as many times as resources held when hired.
//! - The Overseer's free specialist brings no on-hire ability of its own.
//! - The Aristocrat's baggage does not make a chamber count as occupied.
//! - The most-charms bonus needs at least one charm.
//! - A funeral winner without space for the statue builds nothing and keeps the coins.
//! - A shared quest with a Lucky Potion: the completer draws double, keeps half.
//! - The Vizier's offering is made at the end of the final turn when a sigil is free.
//! - Every chosen resource (the Spoiling Potion's too) must be one its chooser may gather;
//!   only the Alchemist and the Smuggler reach gems and magic without the rooms.
//! - Stuck table (ours, so every game ends): when no seat could ever craft, build or hire
//!   again ([`stuck`]: judged generously, every coin a hand could raise, every resource in
//!   play a seat may gather, any hand that could still draw), the oldest quest without a
//!   sigil leaves at the end of the turn, as in the solo rules; if all carry a sigil, the
//!   oldest joins its sigil owner's guild. Nothing else removes a quest: a table with a
//!   way forward is left to its players. 0.1.0 used a twelve-round timer (kept for its
//!   saves behind [`Kg::rules_0_1`]); 0.2.0 added a thirty-round backstop to the test
//!   (kept behind [`Kg::rules_0_2`]).
//! - A shared quest's draw from a colour that ran out: its completer names another colour.
//! - The Overseer always needs two spaces; a treasure worth nothing is not sold on the turn.
//! - A solo game starts with all six quest spaces filled; space 0 lies next to the deck.

pub mod action;
pub mod answers;
pub mod applied;
pub mod art;
pub mod data;
pub mod determinize;
pub mod expand;
pub mod help;
pub mod labels;
pub mod legal;
pub mod model;
pub mod notes;
pub mod pending;
pub mod rules;
pub mod scoring;
pub mod setup;
pub mod stuck;
pub mod treasure;
pub mod view;

use tavern_plugin_api::game::Turn;
use tavern_plugin_api::{
    Applied, Game, GameError, GameInfo, GameRng, Legal, Outcome, Setup, ToAct, View,
};

pub use action::{Action, ColourList, Deal};
pub use model::{Kg, Loc, Pending, Phase, QCard, Slot};

const RULES: &str = include_str!("../../../resources/kings-guild/rules.md");

/// What a 0.1.0 save's replay does differently, for its log.
pub const OLD_RULES_NOTE: &str = "Played with The King's Guild 0.1.0 rules: a quest left the \
    board after twelve rounds without a craft, build or hire (today only when nobody can \
    ever make progress); a shared quest's card of a colour that ran out came from the first \
    colour left; the Overseer could take one free space as the row's last card; treasures \
    could be sold for nothing.";

/// What a 0.2.0 save's replay does differently, for its log.
pub const RULES_0_2_NOTE: &str = "Played with The King's Guild 0.2.0 rules: besides the \
    stuck table, a quest left the board after thirty rounds without a craft, build or hire \
    even when someone still had a way forward (today only a table where nobody can ever \
    make progress loses a quest).";

impl Game for Kg {
    type Action = Action;
    const MARKS_SPENDING: bool = true;

    fn info() -> GameInfo {
        GameInfo {
            id: "kings-guild".into(),
            name: "The King's Guild".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "Gather resources, craft items for heroes' quests and grow your guild \
                          with rooms and specialists; the most prestige when the Council meets \
                          wins. 1 to 6 players (one player plays the solo game)."
                .into(),
            min_players: 1,
            max_players: 6,
            options: Vec::new(),
            hidden_information: true,
            rules: RULES.into(),
        }
    }

    fn new(setup: &Setup) -> Result<Self, GameError> {
        Kg::new_game(setup)
    }

    /// The guided first game (issue 28): a gather, a craft completing a quest, an expand
    /// that builds and hires, a round's end, and the final scoring in its finale.
    fn lesson() -> Option<&'static str> {
        Some(include_str!("../../../resources/kings-guild/lesson.json"))
    }

    /// A save of 0.1.0 replays under the 0.1.0 rules (its log is today's actions, but
    /// the stuck-table timer, the shared draw's colour, the Overseer's space and the sale
    /// of worthless treasures decided what was legal then); a save of 0.2.0 under the
    /// 0.2.0 rules (its thirty-round backstop removed quests today's rule keeps).
    fn open_old(
        version: &str,
        _setup: &Setup,
        log: Vec<tavern_plugin_api::versions::OldEntry>,
    ) -> Result<tavern_plugin_api::versions::OldLog, GameError> {
        use tavern_plugin_api::versions::{OldLog, older};
        if older(version, "0.2.0") {
            Ok(OldLog {
                log,
                rules: Some("0.1.0".into()),
                note: Some(OLD_RULES_NOTE.into()),
            })
        } else if older(version, "0.3.0") {
            Ok(OldLog {
                log,
                rules: Some("0.2.0".into()),
                note: Some(RULES_0_2_NOTE.into()),
            })
        } else {
            Ok(OldLog::unchanged(log))
        }
    }

    fn new_under(setup: &Setup, rules: &str) -> Result<Self, GameError> {
        let mut g = Kg::new_game(setup)?;
        use tavern_plugin_api::versions::older;
        g.rules_0_1 = older(rules, "0.2.0");
        g.rules_0_2 = !g.rules_0_1 && older(rules, "0.3.0");
        Ok(g)
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Setup => ToAct::Chance,
            Phase::Over => ToAct::Over,
            Phase::Play => {
                let d = self.deciders();
                if d.is_empty() {
                    ToAct::Chance
                } else {
                    ToAct::Seats(d)
                }
            }
        }
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Action {
        match self.pending.front() {
            Some(Pending::Draw { colour, .. }) if self.phase == Phase::Play => {
                let total = self.deck_count(*colour);
                let mut pick = rng.die(total.max(1)) - 1;
                for k in data::kinds_of(*colour) {
                    let c = self.deck[k as usize] as u32;
                    if pick < c {
                        return Action::Drawn { kind: k };
                    }
                    pick -= c;
                }
                Action::Drawn { kind: 0 }
            }
            _ => Action::Deal(Box::new(self.sample_deal(rng))),
        }
    }

    fn chance_outcomes(&self) -> Option<Vec<Action>> {
        match self.pending.front() {
            Some(Pending::Draw { colour, .. }) if self.phase == Phase::Play => Some(
                data::kinds_of(*colour)
                    .filter(|&k| self.deck[k as usize] > 0)
                    .map(|kind| Action::Drawn { kind })
                    .collect(),
            ),
            _ => None,
        }
    }

    fn check_chance(&self, outcome: &Action) -> Result<(), GameError> {
        match (self.phase, outcome) {
            (Phase::Setup, Action::Deal(d)) => self.check_deal(d),
            (Phase::Play, Action::Drawn { .. }) => Ok(()),
            _ => Err(GameError::new("this is not the pending chance step")),
        }
    }

    /// Every move that pays is marked (`MARKS_SPENDING`): a craft (its resources, and
    /// another guild's Thug's fee), a build, a hire (the Contract's and the Overseer's
    /// too), a relic bought from the Curator, a coin paid for a hero's or the Scroll of
    /// Wonders' draw. A funeral bid is not: bids are sealed and only the winner pays, so a
    /// bid is a promise, not a payment. "End your turn" is the Enter/Space move once the
    /// turn holds nothing else to do: no gather, craft, build, hire or offering left
    /// (treasures and the Bard's moves stay open all turn, so they do not count).
    fn legal(&self, seat: usize) -> Vec<Legal<Action>> {
        let bidding = matches!(self.pending.front(), Some(Pending::Funeral { .. }))
            && self.limit_violator().is_none();
        let paying = matches!(
            self.pending.front(),
            Some(Pending::HeroPay { .. } | Pending::WondersNext { .. })
        ) && self.limit_violator().is_none();
        let actions = self.actions(seat);
        let finished = !actions.iter().any(|a| {
            matches!(
                a,
                Action::Gather { .. }
                    | Action::Craft { .. }
                    | Action::Build { .. }
                    | Action::Hire { .. }
                    | Action::Offer
            )
        });
        actions
            .into_iter()
            .map(|a| {
                let (label, target) = self.describe(seat, &a);
                let mut l = Legal::new(a.clone(), label);
                if let (true, Action::Bid(n)) = (bidding, &a) {
                    l = l.number("Bid", *n as i64);
                }
                let spends = match &a {
                    Action::Craft { .. }
                    | Action::Build { .. }
                    | Action::Hire { .. }
                    | Action::BuyRelic { .. } => true,
                    Action::Accept | Action::Colours { .. } => paying,
                    _ => false,
                };
                if spends {
                    l = l.spends();
                }
                if a == Action::EndTurn && finished {
                    l = l.by_default();
                }
                match target {
                    Some(t) => l.at(t),
                    None => l,
                }
            })
            .collect()
    }

    /// The bots' playouts: craft when possible, sometimes expand, sometimes play or sell
    /// a treasure, otherwise gather, and end the turn once the action is taken; any other
    /// decision at random. A uniform playout spends thousands of actions gathering and
    /// discarding. The treasures matter: when every open item needs gems or magic nobody
    /// may gather, the way forward is a room bought with coins from selling the hand, and
    /// a playout that only gathered went round for ever (there is no timer to end it).
    fn playout_choice(&self, _seat: usize, legal: &[Action], rng: &mut GameRng) -> usize {
        let pick = |rng: &mut GameRng, f: &dyn Fn(&Action) -> bool| -> Option<usize> {
            let idx: Vec<usize> = (0..legal.len()).filter(|&i| f(&legal[i])).collect();
            (!idx.is_empty()).then(|| idx[rng.die(idx.len() as u32) as usize - 1])
        };
        let expand = |a: &Action| matches!(a, Action::Build { .. } | Action::Hire { .. });
        if let Some(i) = pick(rng, &|a| matches!(a, Action::Craft { .. } | Action::Offer)) {
            return i;
        }
        if rng.die(3) == 1
            && let Some(i) = pick(rng, &expand)
        {
            return i;
        }
        if rng.die(4) == 1
            && let Some(i) = pick(rng, &|a| {
                matches!(a, Action::Play { .. } | Action::Sell { .. })
            })
        {
            return i;
        }
        if let Some(i) = pick(rng, &|a| *a == Action::EndTurn) {
            return i;
        }
        if let Some(i) = pick(rng, &|a| matches!(a, Action::Gather { .. })) {
            return i;
        }
        rng.die(legal.len() as u32) as usize - 1
    }

    fn legal_actions(&self, seat: usize) -> Vec<Action> {
        self.actions(seat)
    }

    fn legal_actions_into(&self, seat: usize, out: &mut Vec<Action>) {
        self.actions_into(seat, out);
    }

    fn whose_turn(&self) -> Turn {
        match self.phase {
            Phase::Setup => Turn::Chance,
            Phase::Over => Turn::Over,
            Phase::Play => self.turn_now(),
        }
    }

    fn apply(&mut self, seat: Option<usize>, action: &Action) -> Result<Applied, GameError> {
        let notes = match seat {
            Some(s) => self.seat_change(s, action)?,
            None => self.chance_change(action)?,
        };
        Ok(self.log_of(&notes))
    }

    fn apply_quiet(&mut self, seat: Option<usize>, action: &Action) -> Result<(), GameError> {
        // Playouts apply millions of actions: the copy's own notes buffer, never a new one.
        let mut notes = std::mem::take(&mut self.scratch.0);
        notes.clear();
        let done = match seat {
            Some(s) => self.seat_change_into(s, action, &mut notes),
            None => self.chance_change_into(action, &mut notes),
        };
        self.scratch.0 = notes;
        done
    }

    fn art() -> Vec<tavern_plugin_api::scene::Art> {
        art::all()
    }

    fn view(&self, viewer: Option<usize>) -> View {
        view::view(self, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome_if_over()
    }

    fn determinize(&self, viewer: usize, rng: &mut GameRng) -> Self {
        self.determinized(viewer, rng)
    }
}

tavern_plugin_api::export_game!(Kg);
