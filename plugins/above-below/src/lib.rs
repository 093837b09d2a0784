//! Above and Below: Haunted — build an underground village, hire villagers, explore caves
//! read from an encounter book, and keep the ghosts out of your houses.
//!
//! The state is in [`model`]; [`legal`] lists decisions, [`rules`], [`explore`] and
//! [`round`] change the state and report [`events::Event`]s, which [`labels`] turns into log
//! text (so `apply_quiet` formats nothing). [`chance`] holds draws and dice, [`scoring`] the
//! end, [`view`] the table. Components and the encounter book are our own, in the
//! hand-edited text files of `resources/above-below/` ([`data`], [`book`]); [`balance`]
//! measures the book against the rulebook's reward scale.
//!
//! Readings of the rulebook we decided are listed in `resources/above-below/rules.md`.

pub mod action;
pub mod art;
pub mod balance;
pub mod book;
pub mod chance;
pub mod data;
pub mod events;
pub mod explore;
pub mod goods;
pub mod labels;
pub mod legal;
pub mod model;
pub mod round;
pub mod rules;
pub mod scoring;
pub mod text;
pub mod versions;
pub mod view;

use tavern_plugin_api::{
    Applied, Game, GameError, GameInfo, GameRng, Legal, OptionChoice, OptionSpec, Outcome, Setup,
    ToAct, View,
    game::Turn,
    versions::{OldEntry, OldLog},
};

pub use action::Action;
pub use model::{Ab, Deck, Phase, Stage};

const RULES: &str = include_str!("../../../resources/above-below/rules.md");

impl Game for Ab {
    // Every move that pays coins, brews, boats or goods says so (see `Ab::spends`).
    const MARKS_SPENDING: bool = true;
    type Action = Action;

    fn info() -> GameInfo {
        GameInfo {
            id: "above-below".into(),
            name: "Above and Below: Haunted".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "Grow a village above and below ground: hire villagers, build houses \
                          and outposts, explore caves through an encounter book, and keep the \
                          ghosts from haunting your reputation."
                .into(),
            min_players: 2,
            max_players: 4,
            options: vec![OptionSpec {
                key: "length".into(),
                label: "Game length".into(),
                help: "How many rounds the game lasts.".into(),
                choices: vec![
                    OptionChoice::new(
                        "standard",
                        "Seven rounds",
                        "The rulebook's game: seven rounds.",
                    ),
                    OptionChoice::new(
                        "long",
                        "Eight rounds",
                        "One extra round; suggested for two or three players.",
                    ),
                ],
                default: "standard".into(),
                ..Default::default()
            }],
            // Decks are sets of unseen cards and every draw is a chance step, so no seat
            // ever knows more than another.
            hidden_information: false,
            rules: RULES.into(),
        }
    }

    fn new(setup: &Setup) -> Result<Self, GameError> {
        Ab::new_game(setup)
    }

    fn open_old(version: &str, setup: &Setup, log: Vec<OldEntry>) -> Result<OldLog, GameError> {
        versions::open_old(version, setup, log)
    }

    fn new_under(setup: &Setup, rules: &str) -> Result<Self, GameError> {
        versions::new_under(setup, rules)
    }

    fn to_act(&self) -> ToAct {
        match self.whose_turn() {
            Turn::Seat(s) => ToAct::Seats(vec![s]),
            Turn::Chance => ToAct::Chance,
            Turn::Over | Turn::Several => ToAct::Over,
        }
    }

    fn whose_turn(&self) -> Turn {
        if self.phase == Phase::Over {
            return Turn::Over;
        }
        if self.chance_due().is_some() {
            return Turn::Chance;
        }
        match self.actor() {
            Some(s) => Turn::Seat(s),
            None => Turn::Over,
        }
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Action {
        self.sample(rng)
    }

    fn chance_outcomes(&self) -> Option<Vec<Action>> {
        Some(self.outcomes())
    }

    fn legal(&self, seat: usize) -> Vec<Legal<Action>> {
        self.actions(seat)
            .into_iter()
            .map(|a| {
                let (label, target) = self.describe(seat, &a);
                let mut l = Legal::new(a, label);
                if let Some(t) = target {
                    l = l.at(t);
                }
                if matches!(a, Action::Select { .. } | Action::OfferAdd { .. }) {
                    l = l.step();
                }
                if self.spends(seat, &a) {
                    l = l.spends();
                }
                if self.finishes(seat, &a) {
                    l = l.by_default();
                }
                l
            })
            .collect()
    }

    fn legal_actions(&self, seat: usize) -> Vec<Action> {
        self.actions(seat)
    }

    fn legal_actions_into(&self, seat: usize, out: &mut Vec<Action>) {
        self.actions_into(seat, out);
    }

    fn apply(&mut self, seat: Option<usize>, action: &Action) -> Result<Applied, GameError> {
        let mut ev = Vec::new();
        match seat {
            Some(s) => self.seat_change(s, action, &mut ev)?,
            None => self.chance_change(action, &mut ev)?,
        }
        let label = self.event_lines(&ev);
        let applied = if seat.is_none() {
            Applied::reveal(label)
        } else {
            Applied::public(label)
        };
        // The step that begins a round heads that round in the log. The game has no
        // optional "at any time" window, so no step is a routine decline.
        Ok(
            match ev.iter().find_map(|e| match e {
                events::Event::RoundStarts { round, .. } => Some(*round),
                _ => None,
            }) {
                Some(n) => applied.section(format!("Round {n}")),
                None => applied,
            },
        )
    }

    fn apply_quiet(&mut self, seat: Option<usize>, action: &Action) -> Result<(), GameError> {
        let mut ev = Vec::new();
        match seat {
            Some(s) => self.seat_change(s, action, &mut ev),
            None => self.chance_change(action, &mut ev),
        }
    }

    fn lesson() -> Option<&'static str> {
        Some(include_str!("../../../resources/above-below/lesson.json"))
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

    fn determinize(&self, _viewer: usize, _rng: &mut GameRng) -> Self {
        // Nothing is hidden from any seat: unseen cards are already a set, not an order.
        self.clone()
    }
}

tavern_plugin_api::export_game!(Ab);
