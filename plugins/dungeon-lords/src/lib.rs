//! Dungeon Lords, part 1: the dungeon, the adventurers and the whole combat, played as the
//! rulebook's Combat Training (one lord against a training dungeon's party).
//!
//! The state lives in [`model`]; [`grid`] finds the tile attacked, [`legal`] lists choices,
//! [`rules`] applies them and runs the battle steps, [`party`] puts damage on and takes
//! it off, [`done`] records what happened, [`applied`] and [`labels`] write the log and
//! buttons from it, [`scoring`], [`determinize`] and [`view`] do what they say. Component
//! data is `resources/dungeon-lords/components.json`; each entry says whether it comes
//! from the rulebook, public component lists or our own design.
//!
//! Choices written down (rules help, `resources/dungeon-lords/rules.md`, has them all):
//! - Planning is a plan of steps (tile, trap, monsters) ending in Confirm; all lords plan
//!   at once and the plans turn face up when the last one confirms.
//! - The monster step is played: the lord picks the order, the attack and the targets one
//!   monster at a time, after seeing what the trap did.
//! - Everything else (trap damage and prevention, healing, fatigue, conquering, poison, the
//!   paladin) resolves by itself and is logged line by line.

pub mod action;
pub mod applied;
pub mod data;
pub mod determinize;
pub mod done;
pub mod grid;
pub mod labels;
pub mod legal;
pub mod model;
pub mod party;
pub mod rules;
pub mod scoring;
pub mod view;

use tavern_plugin_api::{
    Applied, Game, GameError, GameInfo, GameRng, Legal, OptionChoice, OptionSpec, Outcome, Setup,
    ToAct, View, game::Turn,
};

pub use action::Action;
pub use model::{Dl, Phase};

const RULES: &str = include_str!("../../../resources/dungeon-lords/rules.md");

impl Game for Dl {
    type Action = Action;

    fn info() -> GameInfo {
        let choices = data::data()
            .scenarios
            .iter()
            .map(|s| {
                OptionChoice::new(
                    s.key.as_str(),
                    format!("Combat Training: {}", s.name),
                    format!(
                        "One lord against the rulebook's {}. Best possible: {} tile{} conquered.",
                        s.name.to_lowercase(),
                        s.best,
                        if s.best == 1 { "" } else { "s" }
                    ),
                )
                .players(1, 1)
            })
            .collect();
        GameInfo {
            id: "dungeon-lords".into(),
            name: "Dungeon Lords".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "Defend your dungeon against a party of heroes with traps, monsters \
                          and ghosts. This build plays the rulebook's Combat Training, one \
                          player per training dungeon; the full two-year game comes later."
                .into(),
            min_players: 1,
            max_players: 1,
            options: vec![OptionSpec {
                key: "mode".into(),
                label: "Mode".into(),
                help: "Which training dungeon to defend. Each is a small puzzle with a best \
                       answer the rulebook gives."
                    .into(),
                choices,
                default: "training-1".into(),
            }],
            hidden_information: false,
            rules: RULES.into(),
        }
    }

    fn new(setup: &Setup) -> Result<Self, GameError> {
        Dl::new_game(setup)
    }

    fn to_act(&self) -> ToAct {
        match self.whose() {
            Turn::Over => ToAct::Over,
            Turn::Chance => ToAct::Chance,
            Turn::Seat(s) => ToAct::Seats(vec![s]),
            Turn::Several => ToAct::Seats(self.seats_to_act()),
        }
    }

    fn whose_turn(&self) -> Turn {
        self.whose()
    }

    /// Combat alone has no chance step: the parties, traps and monsters of a training
    /// dungeon are laid out face up.
    fn sample_chance(&self, _rng: &mut GameRng) -> Action {
        Action::Confirm
    }

    fn chance_outcomes(&self) -> Option<Vec<Action>> {
        Some(Vec::new())
    }

    fn check_chance(&self, _outcome: &Action) -> Result<(), GameError> {
        Err(GameError::new("combat training has no chance steps"))
    }

    fn legal(&self, seat: usize) -> Vec<Legal<Action>> {
        let planning = self.phase == Phase::Planning;
        self.actions(seat)
            .into_iter()
            .map(|a| {
                let (label, target) = self.describe(seat, &a);
                let mut l = Legal::new(a, label);
                if let Some(t) = target {
                    l = l.at(t);
                }
                if planning && a != Action::Confirm {
                    l = l.step();
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
        let s = seat.ok_or_else(|| GameError::new("combat training has no chance steps"))?;
        let ev = self.seat_change(s, action)?;
        Ok(self.seat_log(s, action, &ev))
    }

    fn apply_quiet(&mut self, seat: Option<usize>, action: &Action) -> Result<(), GameError> {
        let s = seat.ok_or_else(|| GameError::new("combat training has no chance steps"))?;
        self.seat_change(s, action).map(|_| ())
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

tavern_plugin_api::export_game!(Dl);
